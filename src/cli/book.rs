//! `twixt book`: a game, every game of a file, or every game of several
//! files and folders (a booklet), as one HTML or PDF document, or as Typst
//! source.

use std::path::PathBuf;

use twixtkit::book::{BookFormat, BookOptions, WriteOptions, write_book};
use twixtkit::commands::book::open_books;
use twixtkit::diagram::Style;

use super::args::ReadArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// The games: scripts (.twixt) or records (.tsgf, .T1, .txt, .moves, .sgf, AbstractPlay .json),
    /// or folders of them; several make a booklet. `-` reads standard input.
    #[arg(
        required_unless_present = "position",
        default_value = "-",
        hide_default_value = true,
        num_args = 1..
    )]
    inputs: Vec<PathBuf>,
    /// A position in one line instead of a file, like
    /// 24/pencil/c3,d5/h8,j6/*/black (size/rules/red/black/links/to-move).
    #[arg(long, value_name = "LINE", conflicts_with_all = ["from", "game", "rules", "size"])]
    position: Option<String>,
    /// Only this game of each file (1-based; default: every game).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    #[command(flatten)]
    write: super::args::WriteArgs,
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    search: super::args::SearchArgs,
    /// The document: .html (one self-contained file), .pdf, or .typ (Typst
    /// source, its figures and template beside it); `-` writes standard output.
    #[arg(short, long)]
    output: PathBuf,
    /// The format for standard output (default html); a file's name says it.
    #[arg(long, value_enum)]
    format: Option<BookFormat>,
    /// Diagram style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    #[command(flatten)]
    pages: WriteOptions,
    #[command(flatten)]
    book: BookOptions,
}

pub fn run(mut a: Args) -> Result<(), Failure> {
    a.write.apply();
    a.search.apply(false);
    let format = BookFormat::choose(a.format, &a.output)?;
    let style = Style::load(&a.style)?;
    let request = a.read.request(PathBuf::new(), a.position, a.game);
    let books = open_books(&a.inputs, &request, &a.book)?;
    report::diagnostics(&books.warnings());
    let (booklet, script) = (books.booklet, books.script.clone());
    let b = books.into_book(a.pages.setup.title.as_deref())?;
    // A book's problems are warnings (errors stop it above), so this prints them and goes on.
    report::drawn(&b.warnings, None)?;
    a.pages.setup.booklet = booklet;
    let out = report::file(&a.output);
    report::write_to(out, |to| {
        write_book(&b, to, format, &style, &a.pages, &script)
    })?;
    report::say_wrote(out, None);
    Ok(())
}
