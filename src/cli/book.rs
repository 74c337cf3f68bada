//! `twixt book`: a game, every game of a file, or every game of several
//! files and folders (a booklet), as one HTML or PDF document, or as Typst
//! source.

use std::path::PathBuf;

use twixtkit::book::typst_source::{BookLayout, DiagramSize, PageSetup};
use twixtkit::book::{BookFormat, BookOptions, WriteOptions, parse_language, write_book};
use twixtkit::commands::book::open_books;
use twixtkit::diagram::Style;
use twixtkit::diagram::sheet::Paper;

use super::args::ReadArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// The games: scripts (.twixt) or records (.tsgf, .T1, .txt, .moves),
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
    /// The title of a booklet's title page (default: the first game's).
    #[arg(long)]
    title: Option<String>,
    /// The document: .html (one self-contained file), .pdf, or .typ (Typst
    /// source, its figures and template beside it); `-` writes standard output.
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
    /// One scale for every diagram of the PDF or Typst book: a hole pitch
    /// up to 20mm (the distance between neighbouring holes: 3mm), or from
    /// 25mm the width of a full-board diagram of the book's largest board
    /// (40mm), the pitch derived from it.
    #[arg(long, value_name = "SIZE", default_value = "3mm")]
    diagram_size: DiagramSize,
    /// Where the moves and comments a diagram shows stand in the PDF or
    /// Typst book: above it (below), or in a column beside it (beside).
    #[arg(long, value_enum, default_value = "below")]
    layout: BookLayout,
    /// The language of the text, for hyphenation (fr, de, nl, it, en, …);
    /// default: the first game's [Language] header, else English.
    #[arg(long, value_name = "CODE", value_parser = parse_language)]
    lang: Option<String>,
    /// A Typst file that sets the page style of the PDF or Typst book (see
    /// docs/book.md for what it defines).
    #[arg(long, value_name = "FILE.typ")]
    template: Option<PathBuf>,
    /// Write a draft even when moves are illegal or claims false: they are
    /// printed as warnings instead of stopping the book. In a booklet, a
    /// file that cannot be read is left out and listed at its start.
    #[arg(long)]
    lenient: bool,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    a.search.apply(false);
    let format = BookFormat::choose(a.format, &a.output)?;
    let style = Style::load(&a.style)?;
    let opts = BookOptions {
        moves_per_diagram: a.moves_per_diagram,
        lenient: a.lenient,
    };
    let request = a.read.request(PathBuf::new(), a.position, a.game);
    let books = open_books(&a.inputs, &request, &opts)?;
    report::diagnostics(&books.warnings());
    let (booklet, script) = (books.booklet, books.script.clone());
    let b = books.into_book(a.title.as_deref())?;
    // A book's problems are warnings (errors stop it above), so this prints them and goes on.
    report::drawn(&b.warnings, None)?;
    let write = WriteOptions {
        setup: PageSetup {
            paper: a.paper,
            diagram_size: a.diagram_size,
            layout: a.layout,
            lang: a.lang,
            title: a.title,
            booklet,
        },
        template: a.template,
    };
    let out = report::file(&a.output);
    report::write_to(out, |to| {
        write_book(&b, to, format, &style, &write, &script)
    })?;
    report::say_wrote(out, None);
    Ok(())
}
