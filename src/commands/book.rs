//! What `twixt book` does with its inputs: one file (or a position) made a
//! book, or several files and folders opened into a booklet, a file that
//! cannot be made a book left out when the options are lenient and listed
//! at the booklet's start.
//!
//! ```no_run
//! use twixtkit::book::BookOptions;
//! use twixtkit::commands::book::open_books;
//! use twixtkit::open::Request;
//! let books = open_books(&["games".into()], &Request::default(), &BookOptions::default())?;
//! for left_out in &books.left_out {
//!     eprintln!("warning: left out {}", left_out.entry);
//! }
//! let book = books.into_book(None)?;
//! println!("{} chapters", book.chapters.len());
//! # Ok::<(), twixtkit::commands::book::BooksError>(())
//! ```

use std::path::PathBuf;

use crate::book::{Book, BookError, BookOptions, booklet};
use crate::diagnostic::{Diagnostic, Explained};
use crate::open::{Request, Skipped, game_files};

/// A file a lenient booklet left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// The file and why, as the booklet's first chapter lists it
    /// (`games/bad.twixt: 2 errors in …`).
    pub entry: String,
    /// The located diagnostics that explain it.
    pub diagnostics: Vec<Diagnostic>,
}

/// The books `twixt book` made of its inputs, before they are one book.
#[derive(Debug)]
pub struct Books {
    books: Vec<Book>,
    /// Several files, or a folder: the books become one booklet.
    pub booklet: bool,
    /// The script beside which a book's files are read: the input, or a
    /// booklet's first file.
    pub script: PathBuf,
    /// The files left out of a lenient booklet, in order.
    pub left_out: Vec<LeftOut>,
    /// Links in its folders that lead out of them: left out on purpose,
    /// as `check` and `view` leave them out, and worth a warning each.
    pub links_out: Vec<Skipped>,
}

/// Why `twixt book` made no book.
#[derive(Debug, thiserror::Error)]
pub enum BooksError {
    /// Paths of a booklet that are missing or cannot be read, without
    /// `lenient`; true when one of them cannot be read at all (rather
    /// than holding a damaged archive).
    #[error("{}; nothing written (--lenient leaves them out)", .0.join("; "))]
    Skipped(Vec<String>, bool),
    /// A file could not be opened.
    #[error(transparent)]
    Open(#[from] crate::open::Error),
    /// A file's games could not be made a book.
    #[error(transparent)]
    Book(#[from] BookError),
    /// Every file of the booklet was left out.
    #[error("no game to make a book of")]
    Empty,
}

impl Explained for BooksError {
    /// The located diagnostics of the file that stopped the book.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            BooksError::Open(e) => e.diagnostics(),
            BooksError::Book(e) => e.diagnostics(),
            BooksError::Skipped(..) | BooksError::Empty => &[],
        }
    }

    /// True for paths that cannot be read and for an unreadable file.
    fn is_usage(&self) -> bool {
        match self {
            BooksError::Skipped(_, unreadable) => *unreadable,
            BooksError::Open(e) => e.is_usage(),
            BooksError::Book(_) | BooksError::Empty => false,
        }
    }
}

/// The book of each of `inputs`, each opened as `request` asks (its input
/// replaced): one file (or `request`'s position) makes one book; several
/// files, or a folder, the books of a booklet. With `opts.lenient` a file
/// of a booklet that cannot be made a book is left out and listed in
/// [`Books::left_out`]; without it the first such file stops the book, as
/// does a path that cannot be read.
pub fn open_books(
    inputs: &[PathBuf],
    request: &Request,
    opts: &BookOptions,
) -> Result<Books, BooksError> {
    let book_of = |input: &PathBuf, opts: &BookOptions| -> Result<Book, BooksError> {
        let request = Request {
            input: input.clone(),
            ..request.clone()
        };
        Ok(super::games::open_any(&request)?.book(opts)?)
    };
    // A zip archive is read as a folder: a booklet of its games.
    let folder = |p: &PathBuf| p.is_dir() || (crate::files::archive::is_zip(p) && p.is_file());
    if let [one] = inputs
        && !folder(one)
    {
        let book = book_of(one, opts)?;
        return Ok(Books {
            books: vec![book],
            booklet: false,
            script: one.clone(),
            left_out: Vec::new(),
            links_out: Vec::new(),
        });
    }
    let mut skipped = Vec::new();
    // A folder's files in natural order (p2 before p10), each input's
    // files where it stands among the inputs.
    let mut files = Vec::new();
    for input in inputs {
        let mut found = game_files(std::slice::from_ref(input), &mut skipped);
        if folder(input) {
            found.sort_by(|a, b| natural_order(a, b));
        }
        files.extend(found);
    }
    let (links_out, skipped): (Vec<Skipped>, Vec<Skipped>) =
        skipped.into_iter().partition(|s| s.warning);
    if !skipped.is_empty() && !opts.lenient {
        return Err(BooksError::Skipped(
            skipped.iter().map(ToString::to_string).collect(),
            skipped.iter().any(|s| !s.content),
        ));
    }
    let mut left_out: Vec<LeftOut> = skipped
        .iter()
        .map(|s| LeftOut {
            entry: s.to_string(),
            diagnostics: Vec::new(),
        })
        .collect();
    let mut books = Vec::new();
    // The books share the limits: each is made within what the books
    // before it left, so that a booklet too large to draw stops before
    // it holds all its diagrams.
    let (mut drawn, mut figures) = (0, 0);
    for f in &files {
        let within = BookOptions {
            draw_limit: opts.draw_limit.saturating_sub(drawn),
            figure_limit: opts.figure_limit.saturating_sub(figures),
            ..opts.clone()
        };
        match book_of(f, &within) {
            Ok(b) => {
                let made = b.figures();
                drawn += made.iter().map(|f| f.art.drawn()).sum::<usize>();
                figures += made.len();
                books.push(b);
            }
            // Past the limits the booklet stops, lenient or not, with
            // the count of the whole booklet.
            Err(BooksError::Book(BookError::TooMuchDrawn { drawn: d, .. })) => {
                return Err(BooksError::Book(BookError::TooMuchDrawn {
                    drawn: drawn + d,
                    limit: opts.draw_limit,
                }));
            }
            Err(BooksError::Book(BookError::TooManyFigures { figures: f, .. })) => {
                return Err(BooksError::Book(BookError::TooManyFigures {
                    figures: figures + f,
                    limit: opts.figure_limit,
                }));
            }
            Err(e) if opts.lenient => left_out.push(left_out_entry(f, &e)),
            Err(e) => return Err(e),
        }
    }
    Ok(Books {
        books,
        booklet: true,
        script: files.first().cloned().unwrap_or_default(),
        left_out,
        links_out,
    })
}

/// `a` before `b` as a reader counts: runs of digits compared as numbers
/// (`p2` before `p10`), the rest as text.
pub fn natural_order(a: &std::path::Path, b: &std::path::Path) -> std::cmp::Ordering {
    crate::book::natural_order(&a.to_string_lossy(), &b.to_string_lossy())
}

/// The file `f` left out for `e`: the first line of the message, which
/// names the file already or is said of it.
fn left_out_entry(f: &std::path::Path, e: &BooksError) -> LeftOut {
    let message = e.to_string();
    let why = message.lines().next().unwrap_or_default();
    let name = f.display().to_string();
    LeftOut {
        entry: if why.contains(&name) {
            why.to_string()
        } else {
            format!("{name}: {why}")
        },
        diagnostics: e.diagnostics().to_vec(),
    }
}

impl Books {
    /// What a lenient booklet says of the files it left out, in order:
    /// each one's located diagnostics, then a warning naming it.
    pub fn warnings(&self) -> Vec<Diagnostic> {
        let mut said: Vec<Diagnostic> = (self.links_out.iter())
            .map(|s| Diagnostic::warning(s.to_string()))
            .collect();
        for l in &self.left_out {
            said.extend(l.diagnostics.iter().cloned());
            said.push(Diagnostic::warning(format!("left out {}", l.entry)));
        }
        said
    }

    /// The one book: a single file's, or the booklet titled `title` (else
    /// the first book's title) listing the files left out. A booklet with
    /// no book left is an error.
    pub fn into_book(self, title: Option<&str>) -> Result<Book, BooksError> {
        let mut books = self.books;
        if !self.booklet {
            return books.pop().ok_or(BooksError::Empty);
        }
        let Some(first) = books.first() else {
            return Err(BooksError::Empty);
        };
        let title = title.map_or_else(|| first.title.clone(), str::to_string);
        let left_out: Vec<String> = self.left_out.into_iter().map(|l| l.entry).collect();
        Ok(booklet(&title, books, &left_out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        dir
    }

    #[test]
    fn a_lenient_booklet_leaves_out_a_broken_file_and_lists_it_first() {
        let dir = folder(&[
            ("a.twixt", "1. f6 2. m12\n"),
            ("b.twixt", "1. e5 {never closed\n"),
        ]);
        let lenient = BookOptions {
            lenient: true,
            ..BookOptions::default()
        };
        let inputs = vec![dir.path().to_path_buf()];
        let books = open_books(&inputs, &Request::default(), &lenient).unwrap();
        assert!(books.booklet);
        assert_eq!(books.left_out.len(), 1);
        let entry = &books.left_out[0].entry;
        assert!(entry.contains("b.twixt"), "{entry}");
        assert!(!books.left_out[0].diagnostics.is_empty());
        assert!(books.script.ends_with("a.twixt"));
        let book = books.into_book(Some("Two")).unwrap();
        assert_eq!(book.title, "Two");
        assert_eq!(book.chapters[0].title, "Files left out");
        // Without --lenient the broken file stops the booklet.
        let strict = open_books(&inputs, &Request::default(), &BookOptions::default());
        assert!(matches!(
            strict,
            Err(BooksError::Open(_) | BooksError::Book(_))
        ));
    }

    #[test]
    fn files_of_a_folder_come_in_natural_order() {
        let mut names: Vec<PathBuf> = ["p14", "p2", "p1", "p10", "q", "p02"]
            .iter()
            .map(PathBuf::from)
            .collect();
        names.sort_by(|a, b| natural_order(a, b));
        let got: Vec<_> = names.iter().map(|p| p.display().to_string()).collect();
        assert_eq!(got, ["p1", "p02", "p2", "p10", "p14", "q"]);
    }

    #[test]
    fn a_missing_path_stops_a_booklet_unless_lenient_and_nothing_left_is_an_error() {
        let dir = folder(&[]);
        let inputs = vec![dir.path().join("missing.twixt"), dir.path().join("gone")];
        let e = open_books(&inputs, &Request::default(), &BookOptions::default()).unwrap_err();
        assert!(e.is_usage());
        assert!(
            e.to_string()
                .ends_with("nothing written (--lenient leaves them out)")
        );
        let lenient = BookOptions {
            lenient: true,
            ..BookOptions::default()
        };
        let books = open_books(&inputs, &Request::default(), &lenient).unwrap();
        assert_eq!(books.left_out.len(), 2);
        assert!(matches!(books.into_book(None), Err(BooksError::Empty)));
    }
}
