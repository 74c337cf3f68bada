//! `twixt book`: a game, or every game of a file, as one HTML or PDF document.

use std::path::{Path, PathBuf};

use twixtkit::book::{BookFormat, BookOptions, write_book};
use twixtkit::diagram::Style;
use twixtkit::diagram::sheet::Paper;

use super::failure::Failure;
use super::game_args::GameArgs;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::game_args::WriteArgs,
    #[command(flatten)]
    game: GameArgs,
    /// The document: .html (one self-contained file) or .pdf; `-` writes
    /// standard output.
    #[arg(short, long)]
    output: PathBuf,
    /// The format for standard output (default html); a file's name says it.
    #[arg(long, value_enum)]
    format: Option<BookFormat>,
    /// A new diagram after this many moves without one (0: only at the
    /// script's diagram points and at the end of each line).
    #[arg(long, default_value_t = 20, value_name = "N")]
    moves_per_diagram: u32,
    /// Paper of the PDF: a4, letter, a5, a3, legal, or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Diagram style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    /// Write a draft even when moves are illegal or claims false: they are
    /// printed as warnings instead of stopping the book.
    #[arg(long)]
    lenient: bool,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let format = BookFormat::choose(a.format, &a.output)?;
    let out = Some(a.output.as_path()).filter(|p| *p != Path::new("-"));
    let style = Style::load(&a.style)?;
    let opts = BookOptions {
        moves_per_diagram: a.moves_per_diagram,
        lenient: a.lenient,
    };
    let b = a.game.open()?.book(&opts)?;
    // A book's problems are warnings (errors stop it above), so this prints them and goes on.
    super::failure::report_problems(&b.warnings, "")?;
    super::terminal::write_to(out, |to| {
        write_book(&b, to, format, &style, a.paper, &a.game.input)
    })?;
    if let Some(path) = out {
        eprintln!("{}", twixtkit::output::wrote(&[path.to_path_buf()]));
    }
    Ok(())
}
