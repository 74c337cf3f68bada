//! `twixt render`: one picture per chosen position of a recorded game.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::diagram::game::Select;
use twixtkit::diagram::png::svg_to_png;
use twixtkit::diagram::{Charset, Scale, Style, to_svg, to_text};
use twixtkit::output::{NameSet, ensure_not_input, write_atomic};

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs, SelectArgs};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutFormat {
    Svg,
    Png,
    Txt,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// Folder for the pictures (created if missing).
    #[arg(short, long, default_value = ".")]
    output: PathBuf,
    /// Picture format.
    #[arg(long, value_enum, default_value = "svg")]
    format: OutFormat,
    /// Distance between neighbouring holes: pixels (`24`, `24px`) or, for
    /// print-ready SVG, millimetres (`5mm`; PNG then uses 96 dpi).
    #[arg(long, default_value = "24", value_parser = unit)]
    unit: Scale,
    /// Plain ASCII for text output.
    #[arg(long)]
    ascii: bool,
}

fn unit(s: &str) -> Result<Scale, String> {
    let t = s.trim();
    let (num, mm) = match t.strip_suffix("mm") {
        Some(n) => (n, true),
        None => (t.strip_suffix("px").unwrap_or(t), false),
    };
    let (lo, hi, scale): (f64, f64, fn(f64) -> Scale) = if mm {
        (0.5, 100.0, Scale::Mm)
    } else {
        (2.0, 400.0, Scale::Px)
    };
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (lo..=hi).contains(&v) => Ok(scale(v)),
        _ => Err(format!(
            "expected a hole spacing like 24 (pixels, 2 to 400) or 5mm (0.5 to 100), found `{s}`"
        )),
    }
}

pub fn run(a: Args) -> ExitCode {
    match render(&a) {
        Ok(n) => {
            eprintln!(
                "wrote {n} file{} to {}",
                if n == 1 { "" } else { "s" },
                a.output.display()
            );
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn render(a: &Args) -> Result<usize, Failure> {
    let style = Style::load(&a.look.style)?;
    let file = a.game.open()?;
    let choice = a.look.choice(a.select.chosen(), Select::Final, true);
    let pics = file.pictures(&choice)?.pictures;
    std::fs::create_dir_all(&a.output)
        .map_err(|e| Failure::usage(format!("cannot create {}: {e}", a.output.display())))?;
    let ext = match a.format {
        OutFormat::Svg => "svg",
        OutFormat::Png => "png",
        OutFormat::Txt => "txt",
    };
    // Styles named by diagram points, read once each.
    let mut styles: BTreeMap<String, Style> = BTreeMap::new();
    let mut names = NameSet::new();
    for p in &pics {
        let style = match &p.style {
            None => &style,
            Some(name) => {
                if !styles.contains_key(name) {
                    styles.insert(name.clone(), Style::load(name)?);
                }
                &styles[name]
            }
        };
        let bytes = match a.format {
            OutFormat::Svg => to_svg(&p.diagram, style, a.unit).into_bytes(),
            OutFormat::Png => svg_to_png(&to_svg(&p.diagram, style, a.unit), 1.0)
                .map_err(|e| Failure::usage(e.to_string()))?,
            OutFormat::Txt => {
                let cs = if a.ascii {
                    Charset::Ascii
                } else {
                    Charset::Unicode
                };
                to_text(&p.diagram, cs).into_bytes()
            }
        };
        let path = a.output.join(names.claim(&p.stem, ext));
        // A diagram named like the game file must not replace it.
        ensure_not_input(&path, std::slice::from_ref(&a.game.input))
            .map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(&path, &bytes).map_err(|e| Failure::usage(e.to_string()))?;
    }
    Ok(pics.len())
}
