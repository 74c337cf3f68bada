//! A book written as a file, as `twixt book` writes it: `.html` (one
//! self-contained file) or `.pdf`, or to a sink such as standard output;
//! the figures in the styles their diagram points name.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::Book;
use super::html::{Styles, to_html};
use super::pdf::to_pdf;
use crate::diagnostic::Diagnostic;
use crate::diagram::NamedStyleError;
use crate::diagram::Style;
use crate::diagram::pdf::PdfError;
use crate::diagram::sheet::Paper;
use crate::output::{Destination, OutputError, ensure_not_input};
use crate::pictures::point_style;

/// What a book is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum BookFormat {
    /// One self-contained HTML file.
    Html,
    /// A PDF document.
    Pdf,
}

impl BookFormat {
    /// The format `path` names: `.html`, `.htm` or `.pdf`, in any case.
    pub fn of_path(path: &Path) -> Result<BookFormat, WriteError> {
        let is = |exts: &[&str]| {
            path.extension()
                .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
        };
        if is(&["html", "htm"]) {
            Ok(BookFormat::Html)
        } else if is(&["pdf"]) {
            Ok(BookFormat::Pdf)
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
    /// The file's name says neither HTML nor PDF.
    #[error("{}: a book is written as .html or .pdf", .0.display())]
    NotABook(PathBuf),
    /// A style a diagram point names is not allowed.
    #[error(transparent)]
    PointStyle(#[from] crate::open::Error),
    /// A style could not be loaded.
    #[error(transparent)]
    Style(#[from] NamedStyleError),
    /// The PDF could not be made.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// The format asked for is not the one the file's name says.
    #[error("--format {} but {} names the other; drop one or make them agree", if *flag == BookFormat::Html { "html" } else { "pdf" }, path.display())]
    Disagree {
        /// The format asked for.
        flag: BookFormat,
        /// The output file.
        path: PathBuf,
    },
    /// The file could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The sink the book was handed to failed.
    #[error("cannot write the book: {0}")]
    Write(#[from] std::io::Error),
}

impl crate::diagnostic::Explained for WriteError {
    /// True for a usage or I/O problem (exit code 2 in the CLI), false when
    /// an input's content is wrong (exit code 1).
    fn is_usage(&self) -> bool {
        match self {
            WriteError::PointStyle(e) => e.is_usage(),
            WriteError::Style(e) => matches!(e, NamedStyleError::Unreadable { .. }),
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

/// Writes `book` to `destination` in `format`: figures in `style`, or in
/// the style their diagram point names (a built-in, or a file beside
/// `script`, the game file the book was made from, which is never
/// overwritten).
pub fn write_book(
    book: &Book,
    destination: Destination<'_>,
    format: BookFormat,
    style: &Style,
    paper: Paper,
    script: &Path,
) -> Result<(), WriteError> {
    // Each named style is read once.
    let mut named = BTreeMap::new();
    for f in book.figures() {
        if let Some(name) = &f.style
            && !named.contains_key(name)
        {
            let file = point_style(script, name)?;
            named.insert(name.clone(), Style::load(&file)?);
        }
    }
    let styles = Styles {
        default: style,
        named: &named,
    };
    let bytes = match format {
        BookFormat::Html => to_html(book, &styles).into_bytes(),
        BookFormat::Pdf => to_pdf(book, &styles, paper)?,
    };
    if let Destination::File(path) = &destination {
        ensure_not_input(path, &[script.to_path_buf()])?;
    }
    destination.write_with(&mut |w| Ok::<(), WriteError>(w.write_all(&bytes)?))
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
