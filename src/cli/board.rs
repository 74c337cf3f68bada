//! `twixt board`: blank boards for pencil play, true to size when printed.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use std::process::ExitCode;
use twixtkit::output::write_atomic;

use super::failure::Failure;

use twixtkit::BoardSize;
use twixtkit::diagram::blank::{BlankOptions, MAX_PER_PAGE, blank_page};
use twixtkit::diagram::png::{svg_to_png, zoom_for_dpi_mm};
use twixtkit::diagram::sheet::Paper;
use twixtkit::diagram::{Sides, Style};

#[derive(clap::Args)]
pub struct Args {
    /// Board size: 24, or WIDTHxHEIGHT such as 30x20 (3 to 128 each side).
    #[arg(long, default_value = "24")]
    size: BoardSize,
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm (210x297).
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Turn the paper long side across.
    #[arg(long)]
    landscape: bool,
    /// Blank space at each page edge, in mm.
    #[arg(long, default_value_t = 10.0, value_parser = margin)]
    margin: f64,
    /// Boards on one page (1 to 64), each made smaller.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_PER_PAGE as i64))]
    per_page: u16,
    /// Sides with coordinates: all, none, or letters from tblr (tl = top and left).
    #[arg(long, default_value = "all")]
    coords: Sides,
    /// Leave out the border lines (red top and bottom, black left and right).
    #[arg(long)]
    no_lines: bool,
    /// Draw the diagonal guide lines from the inner corners.
    #[arg(long)]
    guides: bool,
    /// Add columns beside each board to write the moves down.
    #[arg(long)]
    record: bool,
    /// Style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    /// Output file; standard output when absent.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Output format; by default from the output file's extension, else svg.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Resolution of PNG output, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = dpi)]
    dpi: f64,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Svg,
    Png,
}

fn margin(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "expected a margin in mm from 0 to 100, found `{s}`"
        )),
    }
}

fn dpi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (10.0..=1200.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "expected a resolution from 10 to 1200 dpi, found `{s}`"
        )),
    }
}

/// Picks the format: the flag, else the output file's extension, else SVG.
pub(crate) fn pick_format(flag: Option<Format>, output: Option<&Path>) -> Format {
    flag.unwrap_or_else(|| {
        match output
            .and_then(|p| p.extension())
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase())
        {
            Some(e) if e == "png" => Format::Png,
            _ => Format::Svg,
        }
    })
}

pub fn run(a: Args) -> ExitCode {
    let style = match Style::load(&a.style) {
        Ok(s) => s,
        Err(e) => return Failure::from(e).report(),
    };
    let paper = if a.landscape {
        a.paper.landscape()
    } else {
        a.paper
    };
    let opts = BlankOptions {
        size: a.size,
        paper,
        margin_mm: a.margin,
        per_page: usize::from(a.per_page),
        coords: a.coords,
        border_lines: !a.no_lines,
        guides: a.guides,
        record: a.record,
    };
    let svg = blank_page(&opts, &style);
    let bytes = match pick_format(a.format, a.output.as_deref()) {
        Format::Svg => svg.into_bytes(),
        Format::Png => match svg_to_png(&svg, zoom_for_dpi_mm(a.dpi)) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let written = match &a.output {
        Some(p) => {
            write_atomic(p, &bytes).map_err(|e| format!("cannot write {}: {e}", p.display()))
        }
        None => std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| format!("cannot write to standard output: {e}")),
    };
    match written {
        Ok(()) => {
            if let Some(p) = &a.output {
                eprintln!("wrote {}", p.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
