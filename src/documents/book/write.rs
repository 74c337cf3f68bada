//! A book written as a file, as `twixt book` writes it: `.html` (one
//! self-contained file), `.pdf` (typeset by Typst), or `.typ` (the Typst
//! source, its figures and its template beside it), or to a sink such as
//! standard output; the figures in the styles their diagram points name.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::Book;
use super::html::{Styles, to_html};
use super::typst_source::{PageSetup, TEMPLATE_FILE, figures_folder, to_typst};
use crate::diagnostic::Diagnostic;
use crate::diagram::NamedStyleError;
use crate::diagram::Style;
use crate::output::{Destination, OutputError, ensure_not_input};
use crate::pictures::point_style;

/// At most this many diagrams in one book: each is a picture of a board,
/// so a file of many short variations could otherwise make a book
/// thousands of times its size.
pub const MAX_FIGURES: usize = 5_000;

/// What a book is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum BookFormat {
    /// One self-contained HTML file.
    Html,
    /// A PDF document, typeset by Typst.
    Pdf,
    /// Typst source, with its figures and template beside it.
    Typ,
}

impl BookFormat {
    /// The format `path` names: `.html`, `.htm`, `.pdf` or `.typ`, in any case.
    pub fn of_path(path: &Path) -> Result<BookFormat, WriteError> {
        let is = |exts: &[&str]| {
            path.extension()
                .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
        };
        if is(&["html", "htm"]) {
            Ok(BookFormat::Html)
        } else if is(&["pdf"]) {
            Ok(BookFormat::Pdf)
        } else if is(&["typ"]) {
            Ok(BookFormat::Typ)
        } else {
            Err(WriteError::NotABook(path.to_path_buf()))
        }
    }

    /// The format to write to `path`: the one its name says, or for
    /// standard output (`-`) `flag`, else HTML. A `flag` that disagrees
    /// with the name is an error.
    pub fn choose(flag: Option<BookFormat>, path: &Path) -> Result<BookFormat, WriteError> {
        if path == Path::new("-") {
            return Ok(flag.unwrap_or(BookFormat::Html));
        }
        let named = BookFormat::of_path(path)?;
        match flag {
            Some(f) if f != named => Err(WriteError::Disagree {
                flag: f,
                path: path.to_path_buf(),
            }),
            _ => Ok(named),
        }
    }
}

/// Why a book could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file's name says neither HTML, PDF nor Typst.
    #[error("{}: a book is written as .html, .pdf or .typ", .0.display())]
    NotABook(PathBuf),
    /// Typst source goes to a file, with its figures beside it.
    #[error("Typst source is written with its figures beside it: name a file (-o book.typ)")]
    TypToStdout,
    /// This build of the library has no typesetter.
    #[error("this build has no PDF typesetter (the `typst` feature); write .html or .typ")]
    NoTypesetter,
    /// The book holds more diagrams than a book may.
    #[error(
        "the book would hold {0} diagrams, more than the {MAX_FIGURES} a book may hold; make a book of fewer games or variations, or cut diagrams less often (--moves-per-diagram)"
    )]
    TooManyFigures(usize),
    /// A style a diagram point names is not allowed.
    #[error(transparent)]
    PointStyle(#[from] crate::open::Error),
    /// A style could not be loaded.
    #[error(transparent)]
    Style(#[from] NamedStyleError),
    /// The PDF could not be typeset (a template's errors, located).
    #[cfg(feature = "typst")]
    #[error(transparent)]
    Typeset(#[from] super::typeset::TypesetError),
    /// The format asked for is not the one the file's name says.
    #[error("--format {} but {} names another; drop one or make them agree", flag.name(), path.display())]
    Disagree {
        /// The format asked for.
        flag: BookFormat,
        /// The output file.
        path: PathBuf,
    },
    /// The template of a Typst book was read, and is no text (not UTF-8).
    #[error("cannot read the template {}: {reason}", path.display())]
    TemplateNotText {
        /// The template's path.
        path: PathBuf,
        /// Where it is not UTF-8.
        reason: String,
    },
    /// The template of a Typst book could not be read (missing, not a
    /// regular file, too large).
    #[error("cannot read the template {}: {source}", path.display())]
    TemplateUnread {
        /// The template's path.
        path: PathBuf,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The sink the book was handed to failed.
    #[error("cannot write the book: {0}")]
    Write(#[from] std::io::Error),
}

impl BookFormat {
    /// The format as `--format` names it.
    pub fn name(self) -> &'static str {
        match self {
            BookFormat::Html => "html",
            BookFormat::Pdf => "pdf",
            BookFormat::Typ => "typ",
        }
    }
}

impl crate::diagnostic::Explained for WriteError {
    /// True for a usage or I/O problem (exit code 2 in the CLI), false when
    /// an input's content is wrong (exit code 1).
    fn is_usage(&self) -> bool {
        match self {
            WriteError::PointStyle(e) => e.is_usage(),
            WriteError::Style(e) => matches!(e, NamedStyleError::Unreadable { .. }),
            WriteError::TooManyFigures(_) | WriteError::TemplateNotText { .. } => false,
            #[cfg(feature = "typst")]
            WriteError::Typeset(e) => e.is_usage(),
            _ => true,
        }
    }

    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            WriteError::PointStyle(e) => e.diagnostics(),
            _ => &[],
        }
    }
}

/// How a book is written: its pages, and the template that styles them.
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct WriteOptions {
    /// Paper, diagram scale, language, booklet.
    #[cfg_attr(feature = "cli", command(flatten))]
    pub setup: PageSetup,
    /// A Typst file that sets the page style of the PDF or Typst book (see
    /// docs/book.md for what it defines).
    #[cfg_attr(feature = "cli", arg(long, value_name = "FILE.typ"))]
    pub template: Option<PathBuf>,
}

/// Writes `book` to `destination` in `format`: figures in `style`, or in
/// the style their diagram point names (a built-in, or a file beside the
/// game's own file, else beside `script`, the game file the book was made
/// from, which is never overwritten). Nothing is written when the book cannot be made whole.
pub fn write_book(
    book: &Book,
    destination: Destination<'_>,
    format: BookFormat,
    style: &Style,
    opts: &WriteOptions,
    script: &Path,
) -> Result<(), WriteError> {
    let figures = book.figures();
    if figures.len() > MAX_FIGURES {
        return Err(WriteError::TooManyFigures(figures.len()));
    }
    // Each named style is read once, from beside the file of the game
    // that names it (else beside `script`).
    let mut loaded: BTreeMap<String, Style> = BTreeMap::new();
    let mut of_figure: Vec<(u32, String)> = Vec::new();
    for c in &book.chapters {
        let base = c.file.as_deref().unwrap_or(script);
        for f in c.figures() {
            if let Some(name) = &f.style {
                let file = point_style(base, name)?;
                if !loaded.contains_key(&file) {
                    let style = Style::load(&file)?;
                    loaded.insert(file.clone(), style);
                }
                of_figure.push((f.number, file));
            }
        }
    }
    let styles = Styles {
        default: style,
        named: of_figure
            .into_iter()
            .filter_map(|(n, file)| Some((n, loaded.get(&file)?)))
            .collect(),
    };
    if let Destination::File(path) = &destination {
        // Never over any game file of the book (a booklet has many).
        let mut inputs: Vec<PathBuf> = vec![script.to_path_buf()];
        inputs.extend(book.chapters.iter().filter_map(|c| c.file.clone()));
        inputs.dedup();
        ensure_not_input(path, &inputs)?;
    }
    let bytes = match format {
        BookFormat::Html => to_html(book, &styles, &opts.setup).into_bytes(),
        BookFormat::Pdf => to_pdf(book, &styles, opts)?,
        BookFormat::Typ => {
            let Destination::File(path) = &destination else {
                return Err(WriteError::TypToStdout);
            };
            return write_typst(book, &styles, opts, path);
        }
    };
    destination.write_with(&mut |w| Ok::<(), WriteError>(w.write_all(&bytes)?))
}

/// The PDF of `book`, typeset by Typst.
#[cfg(feature = "typst")]
pub fn to_pdf(book: &Book, styles: &Styles, opts: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    use super::typeset::{Template, typeset_pdf};
    let template = opts.template.as_deref().map(Template::load).transpose()?;
    let source = to_typst(book, styles, &opts.setup, "book");
    Ok(typeset_pdf(&source, template.as_ref())?)
}

/// The PDF of a book: an error, as this build has no typesetter.
#[cfg(not(feature = "typst"))]
pub fn to_pdf(_: &Book, _: &Styles, _: &WriteOptions) -> Result<Vec<u8>, WriteError> {
    Err(WriteError::NoTypesetter)
}

/// `path` (`book.typ`), its figures in `book-figures/`, and the template
/// beside it: the one given, else the built-in one unless the folder
/// already has a template (an author's edits are kept).
fn write_typst(
    book: &Book,
    styles: &Styles,
    opts: &WriteOptions,
    path: &Path,
) -> Result<(), WriteError> {
    let stem = path
        .file_stem()
        .map_or("book".into(), |s| s.to_string_lossy().into_owned());
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let source = to_typst(book, styles, &opts.setup, &stem);
    // A template is read as for a PDF: a regular file of bounded size.
    let template = match &opts.template {
        Some(t) => Some(
            crate::limits::read_regular_text(t, crate::limits::MAX_TEMPLATE_BYTES)
                .map_err(|e| {
                    if e.kind() == std::io::ErrorKind::InvalidData {
                        WriteError::TemplateNotText {
                            path: t.clone(),
                            reason: e.to_string(),
                        }
                    } else {
                        WriteError::TemplateUnread {
                            path: t.clone(),
                            source: e,
                        }
                    }
                })?
                .into_bytes(),
        ),
        None if dir.join(TEMPLATE_FILE).exists() => None,
        None => Some(source.template.clone().into_bytes()),
    };
    let mut files: Vec<(PathBuf, Vec<u8>)> = source
        .figures
        .iter()
        .map(|(name, svg)| (dir.join(name), svg.clone().into_bytes()))
        .collect();
    if let Some(t) = template {
        files.push((dir.join(TEMPLATE_FILE), t));
    }
    files.push((path.to_path_buf(), source.source.into_bytes()));
    // The template is an input: no file of the book (its copy beside the
    // source, a figure) may be written over it, by any name or link.
    if let Some(t) = &opts.template {
        for (out, _) in &files {
            ensure_not_input(out, std::slice::from_ref(t))?;
        }
    }
    // The output's folder is made when missing, as every command that
    // writes a folder of files makes it.
    std::fs::create_dir_all(dir).map_err(|e| {
        WriteError::Write(std::io::Error::new(
            e.kind(),
            format!("cannot make the folder {}: {e}", dir.display()),
        ))
    })?;
    crate::output::write_beside(dir, &dir.join(figures_folder(&stem)), &files)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_is_html_or_pdf_by_its_name() {
        let of = |p: &str| BookFormat::of_path(Path::new(p)).ok();
        assert_eq!(of("b.HTM"), Some(BookFormat::Html));
        assert_eq!(of("b.html"), Some(BookFormat::Html));
        assert_eq!(of("b.pdf"), Some(BookFormat::Pdf));
        assert_eq!(of("b.typ"), Some(BookFormat::Typ));
        assert_eq!(of("b.svg"), None);
        assert_eq!(of("book"), None);
        // Standard output takes the format asked for, HTML by default; a
        // file's name must agree with it.
        let choose = |f, p: &str| BookFormat::choose(f, Path::new(p));
        assert_eq!(choose(None, "-").unwrap(), BookFormat::Html);
        assert_eq!(choose(Some(BookFormat::Pdf), "-").unwrap(), BookFormat::Pdf);
        assert_eq!(
            choose(Some(BookFormat::Pdf), "b.pdf").unwrap(),
            BookFormat::Pdf
        );
        assert!(matches!(
            choose(Some(BookFormat::Pdf), "b.html"),
            Err(WriteError::Disagree { .. })
        ));
    }
}
