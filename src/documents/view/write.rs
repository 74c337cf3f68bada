//! The viewer's page written as a file (or to a sink such as standard
//! output), as `twixt view` writes it: the games of the files, one page.

use std::path::{Path, PathBuf};

use super::build::ViewError;
use super::html::{PageOptions, Words, to_html};
use super::{Problem, ViewGame};
use crate::diagram::Style;
use crate::messages::Messages;
use crate::open::Skipped;
use crate::output::{Destination, OutputError, ensure_not_input};

/// Why the page could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// The page's name does not end in `.html` or `.htm`.
    #[error("{}: the viewer is written as .html", .0.display())]
    NotHtml(PathBuf),
    /// A path named could not be searched or read.
    #[error("{0}")]
    Skipped(Skipped),
    /// A game file could not be opened.
    #[error(transparent)]
    Open(#[from] crate::open::Error),
    /// The games cannot be shown.
    #[error(transparent)]
    View(#[from] ViewError),
    /// The page could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The diagram points would draw too much for one page.
    #[error(
        "the diagram points of these games draw {0} pegs and links, more than the {MAX_FIGURE_PIECES} one page may hold (each is drawn in full); view fewer files at once, or draw them with `twixt render`"
    )]
    TooManyFigurePieces(usize),
    /// The sink the page was handed to failed.
    #[error("cannot write the page: {0}")]
    Write(#[from] std::io::Error),
}

impl crate::diagnostic::Explained for PageError {
    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[crate::diagnostic::Diagnostic] {
        match self {
            PageError::Open(e) => e.diagnostics(),
            PageError::View(e) => e.diagnostics(),
            _ => &[],
        }
    }

    /// True for a usage or I/O problem (exit code 2 in the CLI), false when
    /// the games are wrong (exit code 1).
    fn is_usage(&self) -> bool {
        match self {
            PageError::Open(e) => e.is_usage(),
            PageError::View(e) => e.is_usage(),
            PageError::TooManyFigurePieces(_) => false,
            PageError::Skipped(s) => !s.content,
            _ => true,
        }
    }
}

/// Refuses a page name that does not end in `.html` or `.htm` (any case);
/// `-` (standard output) is accepted.
pub fn check_page_name(output: &Path) -> Result<(), PageError> {
    let html = output == Path::new("-")
        || output
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if html {
        Ok(())
    } else {
        Err(PageError::NotHtml(output.to_path_buf()))
    }
}

/// How `twixt view` makes its page.
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct PageSettings {
    /// Page title (default: the game's title, else the event all the games
    /// share, else how many games the page holds).
    #[cfg_attr(feature = "cli", arg(long))]
    pub title: Option<String>,
    /// Leave files and games with errors out, listed in the page's error
    /// panel, instead of writing nothing.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            help = "Write the page even when files or games \
        have errors: they are left out and listed in the page's error panel (and here); \
        the exit status is still 1"
        )
    )]
    pub lenient: bool,
    /// Board and controls only, for an `<iframe>`.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            help = "Board and controls only, to put in another \
        web page with an <iframe> (a page's address ending in #embed does the same)"
        )
    )]
    pub embed: bool,
    /// The language of the page's words (en, fr, de, nl, it; another code
    /// is said in English, or in the words of --messages); default: the
    /// first game's [Language] header, else English.
    // The help text's words, not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[cfg_attr(
        feature = "cli",
        arg(long, value_name = "CODE", value_parser = crate::book::parse_language)
    )]
    pub lang: Option<String>,
    /// Messages put over the language's catalogue (`twixt view --messages`,
    /// read by the caller as `book --messages` is).
    #[cfg_attr(feature = "cli", arg(skip))]
    pub messages: crate::messages::Overrides,
}

/// What a page holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// Games shown.
    pub games: usize,
    /// Files and games left out (`--lenient` only), as the error panel lists them.
    pub problems: Vec<Problem>,
}

/// The most pegs and links the diagram points of one page may draw in all.
/// Each diagram point is drawn in full (it has its own marks and numbers),
/// so a script of many diagram points on a large board could otherwise
/// make a page hundreds of times its size; moves and variations have no
/// such limit, as the page holds what each changes.
pub const MAX_FIGURE_PIECES: usize = 100_000;

/// Writes the page of `games`, built from the game files `paths` (never
/// written over), with the boards in `style`, to `output` (an `.html`
/// file, or a sink); `problems` (`--lenient`) are listed in its error
/// panel, in the order of the files. `commands::view::write_page` opens
/// the files of any game and calls this.
pub fn write_games_page(
    paths: &[PathBuf],
    games: Vec<ViewGame>,
    mut problems: Vec<Problem>,
    style: &Style,
    settings: &PageSettings,
    output: Destination<'_>,
) -> Result<Written, PageError> {
    if let Destination::File(path) = &output {
        check_page_name(path)?;
    }
    // The panel lists problems in the order of the files.
    let place = |file: &str| paths.iter().position(|p| p.display().to_string() == file);
    problems.sort_by_key(|p| place(&p.file));
    let drawn: usize = games
        .iter()
        .flat_map(|g| &g.figures)
        .map(|f| f.diagram.pegs.len() + f.diagram.links.len())
        .sum();
    if drawn > MAX_FIGURE_PIECES {
        return Err(PageError::TooManyFigurePieces(drawn));
    }
    let words = Words::new(
        Messages::for_language(&page_language(&games, settings)).with_overrides(&settings.messages),
    );
    let title = settings
        .title
        .clone()
        .unwrap_or_else(|| default_title(&games, &words));
    if let Destination::File(path) = &output {
        ensure_not_input(path, paths)?;
    }
    let page = PageOptions {
        title,
        embed: settings.embed,
        words,
    };
    let html = to_html(&games, &problems, style, &page);
    output.write_with(&mut |w| Ok::<(), PageError>(w.write_all(html.as_bytes())?))?;
    Ok(Written {
        games: games.len(),
        problems,
    })
}

/// The page's language: `--lang`, else the first game's `[Language]`
/// header, else English.
pub fn page_language(games: &[ViewGame], settings: &PageSettings) -> String {
    settings
        .lang
        .clone()
        .or_else(|| games.iter().find_map(|g| g.words.language.clone()))
        .unwrap_or_else(|| "en".into())
}

/// The one game's title, else the event every game shares (a Little Golem
/// code in words), else a count.
fn default_title(games: &[ViewGame], words: &Words) -> String {
    match games {
        [one] => super::html::page_title(one, words.messages()),
        [first, rest @ ..]
            if first.event.is_some() && rest.iter().all(|g| g.event == first.event) =>
        {
            let event = first.event.as_deref().unwrap_or_default();
            crate::book::littlegolem::event_words_in(event, words.messages())
                .unwrap_or_else(|| event.to_string())
        }
        _ => words.messages().count("view-n-games", games.len() as u64),
    }
}
