//! The viewer's page written as a file (or to a sink such as standard
//! output), as `twixt view` writes it: the game files of files and folders
//! opened, every game replayed, one page.

use std::path::{Path, PathBuf};

use super::build::ViewError;
use super::html::{PageOptions, to_html};
use super::{Problem, ViewGame, open_input, view_inputs, view_inputs_lenient};
use crate::diagnostic::Explained;
use crate::diagram::Style;
use crate::open::{OpenOptions, Skipped, game_files};
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
pub struct PageSettings {
    /// The page's title (default: the one game's title, else the event all
    /// the games share, else how many games it holds).
    pub title: Option<String>,
    /// Leave files and games with errors out, listed in the page's error
    /// panel, instead of writing nothing.
    pub lenient: bool,
    /// Board and controls only, for an `<iframe>`.
    pub embed: bool,
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

/// Writes the page of every game in `inputs` (game files of TwixT or TWRS,
/// and folders searched for them) to `output` (an `.html` file, never over
/// an input, or a sink), with the boards in `style`.
pub fn write_page(
    inputs: &[PathBuf],
    options: &OpenOptions,
    style: &Style,
    settings: &PageSettings,
    output: Destination<'_>,
) -> Result<Written, PageError> {
    if let Destination::File(path) = &output {
        check_page_name(path)?;
    }
    let mut missing = Vec::new();
    let paths = game_files(inputs, &mut missing);
    // Links out of a folder are left out (the CLI warns of them).
    if let Some(s) = missing.into_iter().find(|s| !s.warning) {
        return Err(PageError::Skipped(s));
    }
    let mut problems = Vec::new();
    let mut files = Vec::with_capacity(paths.len());
    for p in &paths {
        match open_input(p, options) {
            Ok(f) => files.push(f),
            Err(e) if settings.lenient && !e.is_usage() => {
                problems.push(Problem::new(&p.display().to_string(), &e));
            }
            Err(e) => return Err(e.into()),
        }
    }
    let games = if settings.lenient {
        let (games, more) = view_inputs_lenient(&files);
        problems.extend(more);
        if games.is_empty() && problems.is_empty() {
            return Err(ViewError::Empty.into());
        }
        games
    } else {
        view_inputs(&files)?
    };
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
    let title = settings
        .title
        .clone()
        .unwrap_or_else(|| default_title(&games));
    if let Destination::File(path) = &output {
        ensure_not_input(path, &paths)?;
    }
    let page = PageOptions {
        title,
        embed: settings.embed,
    };
    let html = to_html(&games, &problems, style, &page);
    output.write_with(&mut |w| Ok::<(), PageError>(w.write_all(html.as_bytes())?))?;
    Ok(Written {
        games: games.len(),
        problems,
    })
}

/// The one game's title, else the event every game shares, else a count.
fn default_title(games: &[ViewGame]) -> String {
    match games {
        [one] => one.title.clone(),
        [first, rest @ ..]
            if first.event.is_some() && rest.iter().all(|g| g.event == first.event) =>
        {
            first.event.clone().unwrap_or_default()
        }
        _ => crate::diagnostic::count(games.len(), "game"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_of_two_untitled_files_says_how_many_games_it_holds() {
        let dir = tempfile::tempdir().unwrap();
        let inputs: Vec<PathBuf> = ["a", "b"]
            .iter()
            .map(|n| {
                let p = dir.path().join(format!("{n}.twixt"));
                std::fs::write(&p, "1. f6 2. m12\n").unwrap();
                p
            })
            .collect();
        let out = dir.path().join("games.html");
        assert!(matches!(
            check_page_name(&dir.path().join("games.svg")),
            Err(PageError::NotHtml(_))
        ));
        let w = write_page(
            &inputs,
            &OpenOptions::default(),
            &Style::rulebook(),
            &PageSettings::default(),
            Destination::File(&out),
        )
        .unwrap();
        assert_eq!(w.games, 2);
        let page = std::fs::read_to_string(&out).unwrap();
        assert!(
            page.contains("<title>2 games</title>"),
            "{}",
            &page[..300.min(page.len())]
        );
    }
}
