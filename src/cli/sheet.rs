//! `twixt sheet`: positions of a recorded game laid out on printable pages.

use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::diagram::Format;
use twixtkit::diagram::export::Export;
use twixtkit::diagram::game::Select;
use twixtkit::diagram::pdf::PdfInfo;
use twixtkit::diagram::sheet::{Paper, SheetOptions, sheets};
use twixtkit::output::{ensure_not_input, page_path, write_atomic};

use twixtkit::diagram::Style;

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs, SelectArgs};
use super::out_format::choose;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// The output file: .svg or .png (further pages get -2, -3, … before
    /// the extension) or .pdf (one document holding every page).
    #[arg(short, long, default_value = "sheet.svg")]
    output: PathBuf,
    /// Resolution of PNG pages, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = super::board::dpi)]
    dpi: f64,
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Turn the paper long side across.
    #[arg(long)]
    landscape: bool,
    /// Diagrams across (default 2 portrait, 3 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    columns: u8,
    /// Diagrams down (default 3 portrait, 2 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    rows: u8,
}

pub fn run(a: Args) -> ExitCode {
    match sheet(&a) {
        Ok(files) => {
            let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
            eprintln!("wrote {}", names.join(", "));
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn sheet(a: &Args) -> Result<Vec<PathBuf>, Failure> {
    let format = choose(
        None,
        Some(&a.output),
        &[Format::Svg, Format::Png, Format::Pdf],
    )?;
    let style = Style::load(&a.look.style)?;
    // The title heads each page, so captions just name the moves.
    let choice = a.look.choice(a.select.chosen(), Select::Every(10), false);
    let drawn = a.game.open()?.pictures(&choice)?;
    for w in &drawn.warnings {
        eprint!("{}", w.render());
    }
    let (title, pics) = (drawn.title, drawn.pictures);
    let opts = SheetOptions {
        paper: if a.landscape {
            a.paper.landscape()
        } else {
            a.paper
        },
        columns: usize::from(a.columns),
        rows: usize::from(a.rows),
        title: Some(title.clone()),
        ..SheetOptions::default()
    };
    let list: Vec<_> = pics.into_iter().map(|p| p.diagram).collect();
    let pages = sheets(&list, &style, &opts);
    let export = Export {
        format,
        dpi: a.dpi,
        info: PdfInfo {
            title: Some(title),
            authors: Vec::new(),
        },
    };
    let files = export
        .files(&pages)
        .map_err(|e| Failure::usage(e.to_string()))?;
    let mut written = Vec::new();
    for (i, bytes) in files.iter().enumerate() {
        let path = page_path(&a.output, i + 1);
        ensure_not_input(&path, std::slice::from_ref(&a.game.input))
            .map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(&path, bytes).map_err(|e| Failure::usage(e.to_string()))?;
        written.push(path);
    }
    Ok(written)
}
