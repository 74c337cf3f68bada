//! `twixt sheet`: positions of a recorded game laid out on printable pages.

use std::path::PathBuf;

use twixtkit::commands::games::SheetRequest;
use twixtkit::commands::render::sheet::SheetOutput;
use twixtkit::diagram::Style;
use twixtkit::diagram::game::Select;
use twixtkit::diagram::sheet::SheetOptions;

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
    #[command(flatten)]
    sheet: SheetOptions,
    /// Turn the paper long side across.
    #[arg(long)]
    landscape: bool,
    /// Only the diagram points whose names match this pattern (`*` any
    /// text, `?` one character), e.g. `task-*` for a page of puzzles and
    /// `solution-*` for the answers.
    #[arg(long, value_name = "PATTERN")]
    only: Option<String>,
    /// The title printed at the top of every page (default: the game's
    /// title; `--title ""` prints none).
    #[arg(long)]
    title: Option<String>,
}

pub fn run(mut a: Args) -> Result<(), Failure> {
    a.write.apply();
    let out = SheetOutput::new(&a.output, a.dpi, &a.draw.game.input)?;
    let style = Style::load(&a.draw.style)?;
    // The title heads each page, so captions just name the moves.
    a.draw.search.apply(false);
    report::unknown_language(a.draw.choice.lang.as_deref(), None);
    let choice = a.draw.choice(Select::Every(10), false);
    let file = a.draw.game.open()?;
    let title = a.title.unwrap_or_else(|| file.title());
    a.sheet.title = Some(title).filter(|t| !t.is_empty());
    if a.landscape {
        a.sheet.paper = a.sheet.paper.landscape();
    }
    let r = file.write_sheet(&SheetRequest {
        choice: &choice,
        style: &style,
        options: &a.sheet,
        only: a.only.as_deref(),
        out: &out,
    })?;
    let wrote = twixtkit::output::wrote(&r.written);
    report::drawn(&r.warnings, Some(&wrote))?;
    report::note(wrote);
    Ok(())
}
