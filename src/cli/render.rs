//! `twixt render`: one picture per chosen position of a recorded game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::Picture;
use twixtkit::diagram::Format;
use twixtkit::diagram::game::Select;
use twixtkit::diagram::pdf::{PdfInfo, svgs_to_pdf};
use twixtkit::diagram::png::{svg_to_png, zoom_for_dpi_mm};
use twixtkit::diagram::{Charset, Scale, Style, to_svg, to_text};
use twixtkit::output::{NameSet, ensure_not_input, write_atomic};

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs, SelectArgs};
use super::out_format::{FormatArg, choose};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// Folder for the pictures (created if missing), or one file named
    /// .svg, .png, .txt (one position) or .pdf (every position, a page each).
    #[arg(short, long, default_value = ".")]
    output: PathBuf,
    /// Picture format (svg, png, pdf, txt); by default from the output
    /// file's extension, else svg.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Resolution of PNG output in dots per inch, when --unit is in mm
    /// (default 96).
    #[arg(long, value_parser = super::board::dpi)]
    dpi: Option<f64>,
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
        Ok(files) => {
            let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
            eprintln!("wrote {}", names.join(", "));
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

/// Where the pictures go: one file, or a folder of files named after them.
enum Target {
    File(Format),
    Folder(Format),
}

fn target(a: &Args) -> Result<Target, Failure> {
    let names_format = a
        .output
        .extension()
        .and_then(|e| Format::from_extension(&e.to_string_lossy()))
        .is_some();
    if names_format && !a.output.is_dir() {
        Ok(Target::File(choose(
            a.format,
            Some(&a.output),
            &Format::ALL,
        )?))
    } else {
        Ok(Target::Folder(choose(a.format, None, &Format::ALL)?))
    }
}

fn render(a: &Args) -> Result<Vec<PathBuf>, Failure> {
    let target = target(a)?;
    let zoom = match (a.unit, a.dpi) {
        (Scale::Mm(_), dpi) => zoom_for_dpi_mm(dpi.unwrap_or(96.0)),
        (Scale::Px(_), None) => 1.0,
        (Scale::Px(_), Some(_)) => {
            return Err(Failure::usage(
                "--dpi sizes pictures drawn in millimetres; add --unit 5mm (say)",
            ));
        }
    };
    let style = Style::load(&a.look.style)?;
    let file = a.game.open()?;
    let choice = a.look.choice(a.select.chosen(), Select::Final, true);
    let drawn = file.pictures(&choice)?;
    for w in &drawn.warnings {
        eprint!("{}", w.render());
    }
    let pics = drawn.pictures;
    // Styles named by diagram points, read once each.
    let mut styles: BTreeMap<String, Style> = BTreeMap::new();
    for name in pics.iter().filter_map(|p| p.style.as_ref()) {
        if !styles.contains_key(name) {
            styles.insert(name.clone(), Style::load(name)?);
        }
    }
    let style_of = |p: &Picture| p.style.as_ref().map_or(&style, |n| &styles[n]);
    let charset = if a.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let encode = |p: &Picture, format: Format| -> Result<Vec<u8>, Failure> {
        let svg = || to_svg(&p.diagram, style_of(p), a.unit);
        match format {
            Format::Svg => Ok(svg().into_bytes()),
            Format::Png => svg_to_png(&svg(), zoom).map_err(|e| Failure::usage(e.to_string())),
            Format::Txt => Ok(to_text(&p.diagram, charset).into_bytes()),
            Format::Pdf => svgs_to_pdf(&[svg()], &info(&drawn.title))
                .map_err(|e| Failure::usage(e.to_string())),
        }
    };
    let inputs = std::slice::from_ref(&a.game.input);
    let write = |path: &Path, bytes: &[u8]| -> Result<(), Failure> {
        // A picture named like the game file must not replace it.
        ensure_not_input(path, inputs).map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(path, bytes).map_err(|e| Failure::usage(e.to_string()))
    };
    match target {
        Target::File(Format::Pdf) => {
            let svgs: Vec<String> = pics
                .iter()
                .map(|p| to_svg(&p.diagram, style_of(p), a.unit))
                .collect();
            let bytes = svgs_to_pdf(&svgs, &info(&drawn.title))
                .map_err(|e| Failure::usage(e.to_string()))?;
            write(&a.output, &bytes)?;
            Ok(vec![a.output.clone()])
        }
        Target::File(format) => match pics.as_slice() {
            [p] => {
                write(&a.output, &encode(p, format)?)?;
                Ok(vec![a.output.clone()])
            }
            _ => Err(Failure::usage(format!(
                "{} positions chosen but {} names one file; give a folder, or a .pdf for one document",
                pics.len(),
                a.output.display()
            ))),
        },
        Target::Folder(format) => {
            std::fs::create_dir_all(&a.output).map_err(|e| {
                Failure::usage(format!("cannot create {}: {e}", a.output.display()))
            })?;
            let mut names = NameSet::new();
            let mut written = Vec::new();
            for p in &pics {
                let path = a.output.join(names.claim(&p.stem, format.extension()));
                write(&path, &encode(p, format)?)?;
                written.push(path);
            }
            Ok(written)
        }
    }
}

fn info(title: &str) -> PdfInfo {
    PdfInfo {
        title: Some(title.to_string()),
        authors: Vec::new(),
    }
}
