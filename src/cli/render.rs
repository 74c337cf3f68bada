//! `twixt render`: one picture per chosen position of a recorded game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::Picture;
use twixtkit::diagram::Format;
use twixtkit::diagram::game::Select;
use twixtkit::diagram::pdf::{PdfInfo, PdfPages, svgs_to_pdf};
use twixtkit::diagram::png::{svg_to_png, zoom_for_dpi_mm};
use twixtkit::diagram::{Charset, Scale, Style, to_svg, to_text};
use twixtkit::output::{FolderLock, NameSet, ensure_not_input, write_atomic};

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
            eprintln!("{}", super::stdout::wrote(&files));
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
    if twixtkit::twrs::file::sniff(&a.game.input) {
        return render_twrs(a, target, zoom);
    }
    let style = Style::load(&a.look.style)?;
    let file = a.game.open()?;
    let choice = a.look.choice(a.select.chosen(), Select::Final, true);
    let title = file.title();
    // Styles named by diagram points, read once each.
    let mut styles: BTreeMap<String, Style> = BTreeMap::new();
    let charset = if a.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let mut svg_of = |p: &Picture| -> Result<String, Failure> {
        let look = match &p.style {
            None => &style,
            Some(name) => {
                if !styles.contains_key(name) {
                    styles.insert(name.clone(), Style::load(name)?);
                }
                &styles[name]
            }
        };
        Ok(to_svg(&p.diagram, look, a.unit))
    };
    let inputs = std::slice::from_ref(&a.game.input);
    let write = |path: &Path, bytes: &[u8]| -> Result<(), Failure> {
        // A picture named like the game file must not replace it.
        ensure_not_input(path, inputs).map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(path, bytes).map_err(|e| Failure::usage(e.to_string()))
    };
    let pdf_error = |e: twixtkit::diagram::pdf::PdfError| Failure::usage(e.to_string());
    // Each picture is encoded and written as soon as it is drawn, so memory
    // holds one game and one picture, not every picture of the run.
    let (warnings, written) = match target {
        Target::File(Format::Pdf) => {
            let mut pdf = PdfPages::new();
            let warnings =
                file.each_picture(&choice, |p| pdf.add(&svg_of(&p)?).map_err(pdf_error))?;
            write(&a.output, &pdf.finish(&info(&title)).map_err(pdf_error)?)?;
            (warnings, vec![a.output.clone()])
        }
        Target::File(format) => {
            let mut only: Option<Picture> = None;
            let mut count = 0usize;
            let warnings = file.each_picture(&choice, |p| {
                count += 1;
                only = Some(p);
                Ok::<(), Failure>(())
            })?;
            match only {
                Some(p) if count == 1 => {
                    let bytes = encode(&p, format, &svg_of(&p)?, charset, zoom, &title)?;
                    write(&a.output, &bytes)?;
                }
                _ => {
                    return Err(Failure::usage(format!(
                        "{count} positions chosen but {} names one file; give a folder, or a .pdf for one document",
                        a.output.display()
                    )));
                }
            }
            (warnings, vec![a.output.clone()])
        }
        Target::Folder(format) => {
            // The folder is made with the first picture: a game that cannot
            // be drawn leaves nothing behind, not even an empty folder.
            let make_folder = || -> Result<FolderLock, Failure> {
                if a.output.exists() && !a.output.is_dir() {
                    return Err(Failure::usage(format!(
                        "{} is a file: give a folder for the pictures, or a file name ending .svg, .png, .txt or .pdf",
                        a.output.display()
                    )));
                }
                std::fs::create_dir_all(&a.output).map_err(|e| {
                    Failure::usage(format!("cannot create {}: {e}", a.output.display()))
                })?;
                FolderLock::take(&a.output).map_err(|e| Failure::usage(e.to_string()))
            };
            let mut lock = None;
            let mut names = NameSet::new();
            let mut written = Vec::new();
            let result = file.each_picture(&choice, |p| {
                if lock.is_none() {
                    lock = Some(make_folder()?);
                }
                let path = a.output.join(names.claim(&p.stem, format.extension()));
                let svg = if format == Format::Txt {
                    String::new()
                } else {
                    svg_of(&p)?
                };
                write(&path, &encode(&p, format, &svg, charset, zoom, &title)?)?;
                written.push(path);
                Ok::<(), Failure>(())
            });
            match result {
                Ok(warnings) => {
                    if lock.is_none() {
                        make_folder()?;
                    }
                    (warnings, written)
                }
                Err(f) => {
                    // Leave no half set of pictures behind.
                    for p in &written {
                        let _ = std::fs::remove_file(p);
                    }
                    return Err(f);
                }
            }
        }
    };
    super::failure::report_problems(&warnings, &super::stdout::wrote(&written))?;
    Ok(written)
}

/// One picture as the bytes of `format`, from its SVG (unused for text).
fn encode(
    p: &Picture,
    format: Format,
    svg: &str,
    charset: Charset,
    zoom: f64,
    title: &str,
) -> Result<Vec<u8>, Failure> {
    match format {
        Format::Svg => Ok(svg.as_bytes().to_vec()),
        Format::Png => svg_to_png(svg, zoom).map_err(|e| Failure::usage(e.to_string())),
        Format::Txt => Ok(to_text(&p.diagram, charset).into_bytes()),
        Format::Pdf => svgs_to_pdf(&[svg], &info(title)).map_err(|e| Failure::usage(e.to_string())),
    }
}

fn info(title: &str) -> PdfInfo {
    PdfInfo {
        title: Some(title.to_string()),
        authors: Vec::new(),
    }
}

/// A TWRS script: its diagram points (or each game's final position) drawn
/// by the TWRS drawing, written as render writes TwixT pictures.
fn render_twrs(a: &Args, target: Target, zoom: f64) -> Result<Vec<PathBuf>, Failure> {
    super::twrs_input::refuse_selection(&a.select)?;
    let file = super::twrs_input::load(&a.game.input)?;
    let pictures = super::twrs_input::drawn(&file, file.pictures())?;
    let title = file
        .games
        .first()
        .and_then(|g| g.tag("Title"))
        .unwrap_or("TWRS")
        .to_string();
    let inputs = std::slice::from_ref(&a.game.input);
    let write = |path: &Path, bytes: &[u8]| -> Result<(), Failure> {
        ensure_not_input(path, inputs).map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(path, bytes).map_err(|e| Failure::usage(e.to_string()))
    };
    let bytes = |format: Format, svg: &str| -> Result<Vec<u8>, Failure> {
        match format {
            Format::Svg => Ok(svg.as_bytes().to_vec()),
            Format::Png => svg_to_png(svg, zoom).map_err(|e| Failure::usage(e.to_string())),
            Format::Pdf => {
                svgs_to_pdf(&[svg], &info(&title)).map_err(|e| Failure::usage(e.to_string()))
            }
            Format::Txt => Err(Failure::usage(
                "TWRS positions are drawn as SVG, PNG or PDF, not as text",
            )),
        }
    };
    match target {
        Target::File(Format::Pdf) => {
            let svgs: Vec<&str> = pictures.iter().map(|p| p.svg.as_str()).collect();
            let pdf =
                svgs_to_pdf(&svgs, &info(&title)).map_err(|e| Failure::usage(e.to_string()))?;
            write(&a.output, &pdf)?;
            Ok(vec![a.output.clone()])
        }
        Target::File(format) => match pictures.as_slice() {
            [only] => {
                write(&a.output, &bytes(format, &only.svg)?)?;
                Ok(vec![a.output.clone()])
            }
            _ => Err(Failure::usage(format!(
                "{} positions chosen but {} names one file; give a folder, or a .pdf for one document",
                pictures.len(),
                a.output.display()
            ))),
        },
        Target::Folder(format) => {
            if format == Format::Txt {
                return Err(Failure::usage(
                    "TWRS positions are drawn as SVG, PNG or PDF, not as text",
                ));
            }
            if a.output.exists() && !a.output.is_dir() {
                return Err(Failure::usage(format!(
                    "{} is a file: give a folder for the pictures, or a file name ending .svg, .png or .pdf",
                    a.output.display()
                )));
            }
            std::fs::create_dir_all(&a.output).map_err(|e| {
                Failure::usage(format!("cannot create {}: {e}", a.output.display()))
            })?;
            let _lock = FolderLock::take(&a.output).map_err(|e| Failure::usage(e.to_string()))?;
            let mut names = NameSet::new();
            let mut written = Vec::new();
            for p in &pictures {
                let path = a.output.join(names.claim(&p.stem, format.extension()));
                if let Err(f) = bytes(format, &p.svg).and_then(|b| write(&path, &b)) {
                    for w in &written {
                        let _ = std::fs::remove_file(w);
                    }
                    return Err(f);
                }
                written.push(path);
            }
            Ok(written)
        }
    }
}
