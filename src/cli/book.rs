//! `twixt book`: a game, every game of a file, or every game of several
//! files and folders (a booklet), as one HTML or PDF document, or as Typst
//! source.

use std::path::PathBuf;

use twixtkit::book::{BookFormat, BookOptions, WriteOptions, write_book};
use twixtkit::commands::book::open_books;
use twixtkit::diagram::Style;
use twixtkit::messages::Overrides;

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
    /// A small file of `key = text` lines that replace the catalogue's
    /// words (docs/book.md lists the keys): "Diagram {n}", "{player} to play", …
    #[arg(long, value_name = "FILE")]
    messages: Option<PathBuf>,
    /// Seconds typesetting a PDF may take (default: 60, and 1 a diagram).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    typeset_time: Option<u64>,
    /// Memory typesetting a PDF may use, in MB (default: 4096).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(256..=1_048_576))]
    typeset_memory: Option<u64>,
}

/// Typesets every later book in a child process of this binary, with a
/// memory ceiling of `memory_mb` (default
/// [`twixtkit::book::DEFAULT_MEMORY_MB`]). Where the binary cannot name
/// itself, books are typeset in this process.
#[cfg(feature = "typst")]
pub fn typeset_in_child(memory_mb: Option<u64>) {
    let process = std::env::current_exe().ok().map(|program| {
        twixtkit::book::TypesetProcess::twixt(
            program,
            memory_mb.unwrap_or(twixtkit::book::DEFAULT_MEMORY_MB),
        )
    });
    twixtkit::book::set_typeset_process(process);
}

pub fn run(mut a: Args) -> Result<(), Failure> {
    a.write.apply();
    a.search.apply(false);
    #[cfg(feature = "typst")]
    twixtkit::book::set_typeset_time(a.typeset_time.map(std::time::Duration::from_secs));
    #[cfg(feature = "typst")]
    typeset_in_child(a.typeset_memory);
    let format = BookFormat::choose(a.format, &a.output)?;
    let out = report::file(&a.output);
    // The template is an input: never the output.
    if let (Some(out), Some(t)) = (out, &a.pages.template) {
        twixtkit::output::ensure_not_input(out, std::slice::from_ref(t))?;
    }
    if let [typ] = a.inputs.as_slice()
        && is_typst_source(typ)
    {
        return typeset_edited(typ, out, format);
    }
    let style = Style::load(&a.style)?;
    if let Some(path) = &a.messages {
        a.book.messages = Overrides::load(path)?;
    }
    a.book.lang.clone_from(&a.pages.setup.lang);
    report::unknown_language(a.book.lang.as_deref(), Some(a.messages.is_some()));
    let request = a.read.request(PathBuf::new(), a.position, a.game);
    let books = open_books(&a.inputs, &request, &a.book)?;
    report::diagnostics(&books.warnings());
    let (booklet, script) = (books.booklet, books.script.clone());
    let b = books.into_book(a.pages.setup.title.as_deref())?;
    // A book's problems are warnings (errors stop it above), so this prints them and goes on.
    report::drawn(&b.warnings, None)?;
    a.pages.setup.booklet = booklet;
    report::write_to(out, |to| {
        write_book(&b, to, format, &style, &a.pages, &script)
    })?;
    report::say_wrote(out, None);
    Ok(())
}

fn is_typst_source(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("typ"))
}

/// `twixt book edited.typ -o book.pdf`: a Typst book written by `-o
/// book.typ` and edited since, typeset again in its own folder.
fn typeset_edited(
    typ: &std::path::Path,
    out: Option<&std::path::Path>,
    format: BookFormat,
) -> Result<(), Failure> {
    if format != BookFormat::Pdf {
        return Err(Failure::usage(format!(
            "{}: a Typst book is typeset as PDF: name a .pdf output",
            typ.display()
        )));
    }
    // A Typst source that is not there is named as the input it is, not
    // as a template that cannot be read.
    if let Err(e) = std::fs::metadata(typ) {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            _ => e.to_string(),
        };
        return Err(Failure::usage(format!("{}: {why}", typ.display())));
    }
    if let Some(out) = out {
        twixtkit::output::ensure_not_input(out, &[typ.to_path_buf()])?;
    }
    let pdf = typeset(typ)?;
    report::write_to(out, |to| {
        to.write_with(&mut |w| Ok::<(), twixtkit::book::WriteError>(w.write_all(&pdf)?))
    })?;
    report::say_wrote(out, None);
    Ok(())
}

#[cfg(feature = "typst")]
fn typeset(typ: &std::path::Path) -> Result<Vec<u8>, Failure> {
    Ok(twixtkit::book::typeset_typ_file(typ)?)
}

/// A build without Typst cannot set a Typst source: the error says so.
#[cfg(not(feature = "typst"))]
fn typeset(_: &std::path::Path) -> Result<Vec<u8>, Failure> {
    Err(twixtkit::book::WriteError::NoTypesetter.into())
}
