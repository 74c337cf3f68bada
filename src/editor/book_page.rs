//! The book preview: the game being edited set as `twixt book` sets it
//! (the library's book model, typeset by Typst to PDF), and each page of
//! that PDF drawn as PNG for the page to show. Typesetting takes a second or
//! more, so the server runs a [`Job`] off its runtime's thread, on a copy of
//! the script, within [`MAX_SECONDS`].

use std::path::PathBuf;

use super::session::Session;
use crate::book::{BookOptions, WriteOptions};

/// Longest the server waits for a preview to be set.
pub const MAX_SECONDS: u64 = 30;

/// The widest a page is drawn, in pixels (an A4 page at about 130 dpi).
pub const PAGE_WIDTH_PX: f32 = 1100.0;

/// The game to set: a copy of the script as it stands, taken while the
/// session is locked, so that the typesetting needs no lock.
#[derive(Debug, Clone)]
pub struct Job {
    path: PathBuf,
    text: String,
    game: usize,
    /// The document's version the preview shows.
    pub version: u64,
}

/// A typeset preview: the PDF and how many pages it has.
#[derive(Debug, Clone)]
pub struct Preview {
    /// The document's version it shows.
    pub version: u64,
    /// The book's PDF.
    pub pdf: Vec<u8>,
    /// Its pages.
    pub pages: usize,
    /// Problems the book was set in spite of (a false claim, say), as
    /// `twixt book --lenient` prints them.
    pub warnings: Vec<String>,
}

/// Why there is no preview, in words for the page.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// This build has no typesetter.
    #[error(
        "this build of twixt has no PDF typesetter (the `typst` feature): the book page cannot be previewed; `twixt book -o game.html` writes the book as HTML"
    )]
    NoTypesetter,
    /// The game is a TWRS game, which the preview does not set.
    #[error(
        "refused: the book page preview sets TwixT games; `twixt book FILE -o book.pdf` sets this TWRS game"
    )]
    Twrs,
    /// The file has syntax errors (lenient mode).
    #[error("the file has syntax errors: fix them in its text first, then preview the book page")]
    Lenient,
    /// The game could not be made a book, or not typeset.
    #[error("the book page cannot be set: {0}")]
    Book(String),
    /// A page asked for that the book does not have.
    #[error("refused: there is no page {asked}: the book has {pages}")]
    NoSuchPage {
        /// The pages there are.
        pages: usize,
        /// The page asked for.
        asked: usize,
    },
}

/// The job of setting the current game of `session` as a book.
pub fn job(session: &Session) -> Result<Job, Error> {
    if session.draft.is_some() {
        return Err(Error::Lenient);
    }
    if session.doc.twixt().is_none() {
        return Err(Error::Twrs);
    }
    Ok(Job {
        path: session.path().to_path_buf(),
        text: session.doc.script(),
        game: session.doc.game_index().0,
        version: session.doc.version(),
    })
}

impl Job {
    /// Sets the game as `twixt book --lenient -o book.pdf` sets it, in the
    /// rulebook style (a diagram point's own `style=` read beside the file).
    pub fn run(&self) -> Result<Preview, Error> {
        self.run_in(cfg!(feature = "typst"))
    }

    /// [`Job::run`] in a build with the typesetter or without it (the
    /// server's tests take the path of a build without it).
    pub(crate) fn run_in(&self, typesetter: bool) -> Result<Preview, Error> {
        if !typesetter {
            return Err(Error::NoTypesetter);
        }
        let loaded = crate::script::script_from_bytes(&self.path, self.text.as_bytes());
        if let Some(e) = loaded.errors.first() {
            return Err(Error::Book(e.to_string()));
        }
        let mut games = loaded.games;
        if self.game >= games.len() {
            return Err(Error::Book(format!(
                "the file has no game {}",
                self.game + 1
            )));
        }
        let game = games.swap_remove(self.game);
        let file = crate::open::GameFile {
            path: self.path.clone(),
            content: crate::open::Content::Script {
                source: loaded.source,
                games: vec![game],
            },
        };
        let opts = BookOptions {
            lenient: true,
            ..BookOptions::default()
        };
        let book = crate::book::book(&file, &opts).map_err(|e| Error::Book(e.to_string()))?;
        let warnings = book.warnings.iter().map(|d| d.message.clone()).collect();
        let mut pdf = Vec::new();
        let mut sink = |bytes: &[u8]| {
            pdf.extend_from_slice(bytes);
            Ok(())
        };
        crate::book::write_book(
            &book,
            crate::output::Destination::Sink(&mut sink),
            crate::book::BookFormat::Pdf,
            &crate::diagram::Style::rulebook(),
            &WriteOptions::default(),
            &self.path,
        )
        .map_err(|e| match e {
            crate::book::WriteError::NoTypesetter => Error::NoTypesetter,
            e => Error::Book(e.to_string()),
        })?;
        let pages = page_count(&pdf)?;
        Ok(Preview {
            version: self.version,
            pdf,
            pages,
            warnings,
        })
    }
}

#[cfg(feature = "typst")]
fn page_count(pdf: &[u8]) -> Result<usize, Error> {
    let doc = hayro::hayro_syntax::Pdf::new(pdf.to_vec())
        .map_err(|e| Error::Book(format!("the typeset PDF cannot be read back: {e:?}")))?;
    Ok(doc.pages().len())
}

#[cfg(not(feature = "typst"))]
fn page_count(_: &[u8]) -> Result<usize, Error> {
    Err(Error::NoTypesetter)
}

/// Page `n` (from 1) of the preview's PDF drawn as PNG, [`PAGE_WIDTH_PX`]
/// wide, on white.
#[cfg(feature = "typst")]
pub fn page_png(preview: &Preview, n: usize) -> Result<Vec<u8>, Error> {
    use hayro::hayro_interpret::InterpreterSettings;
    use hayro::{RenderCache, RenderSettings};
    let doc = hayro::hayro_syntax::Pdf::new(preview.pdf.clone())
        .map_err(|e| Error::Book(format!("the typeset PDF cannot be read back: {e:?}")))?;
    let pages = doc.pages();
    let page = n
        .checked_sub(1)
        .and_then(|i| pages.get(i))
        .ok_or(Error::NoSuchPage {
            pages: pages.len(),
            asked: n,
        })?;
    let (width, _) = page.render_dimensions();
    let scale = PAGE_WIDTH_PX / width.max(1.0);
    let settings = RenderSettings {
        x_scale: scale,
        y_scale: scale,
        bg_color: hayro::vello_cpu::color::palette::css::WHITE,
        ..RenderSettings::default()
    };
    let pixmap = hayro::render(
        page,
        &RenderCache::new(),
        &InterpreterSettings::default(),
        &settings,
    );
    pixmap
        .into_png()
        .map_err(|e| Error::Book(format!("the page cannot be written as PNG: {e}")))
}

/// Page `n` of the preview as PNG: an error, as this build has no
/// typesetter.
#[cfg(not(feature = "typst"))]
pub fn page_png(_: &Preview, _: usize) -> Result<Vec<u8>, Error> {
    Err(Error::NoTypesetter)
}
