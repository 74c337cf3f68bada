//! `twixt sheet`: positions of a recorded game laid out on printable pages.

use std::path::PathBuf;

use twixtkit::commands::games::SheetRequest;
use twixtkit::commands::render::sheet::SheetOutput;
use twixtkit::diagram::Style;
use twixtkit::diagram::game::Select;
use twixtkit::diagram::sheet::{Paper, SheetOptions};

use super::args::DrawArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    #[command(flatten)]
    draw: DrawArgs,
    /// The output file: .svg or .png (further pages get -2, -3, … before
    /// the extension) or .pdf (one document holding every page).
    #[arg(short, long, default_value = "sheet.svg")]
    output: PathBuf,
    /// Resolution of PNG pages, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = twixtkit::diagram::png::parse_dpi)]
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
    /// Only the diagram points whose names match this pattern (`*` any
    /// text, `?` one character), e.g. `task-*` for a page of puzzles and
    /// `solution-*` for the answers.
    #[arg(long, value_name = "PATTERN")]
    only: Option<String>,
    /// The title printed at the top of every page (default: the game's
    /// title; `--title ""` prints none).
    #[arg(long)]
    title: Option<String>,
    /// Diagrams down (default 3 portrait, 2 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    rows: u8,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let out = SheetOutput::new(&a.output, a.dpi, &a.draw.game.input)?;
    let style = Style::load(&a.draw.style)?;
    // The title heads each page, so captions just name the moves.
    a.draw.search.apply(false);
    let choice = a.draw.choice(Select::Every(10), false);
    let file = a.draw.game.open()?;
    let title = a.title.clone().unwrap_or_else(|| file.title());
    let opts = SheetOptions {
        paper: if a.landscape {
            a.paper.landscape()
        } else {
            a.paper
        },
        columns: usize::from(a.columns),
        rows: usize::from(a.rows),
        title: Some(title).filter(|t| !t.is_empty()),
        ..SheetOptions::default()
    };
    let r = file.write_sheet(&SheetRequest {
        choice: &choice,
        style: &style,
        options: &opts,
        only: a.only.as_deref(),
        out: &out,
    })?;
    let wrote = twixtkit::output::wrote(&r.written);
    report::drawn(&r.warnings, Some(&wrote))?;
    report::note(wrote);
    Ok(())
}
