//! What `twixt view` does: game files of any game, and folders of them,
//! opened ([`games::open_any_with`](super::games::open_any_with)), their games built
//! for the viewer by each file's game ([`OpenedFile::view_games`]), and
//! one interactive page written ([`crate::view::write_games_page`]).
//!
//! ```no_run
//! use twixtkit::commands::view::write_page;
//! use twixtkit::diagram::Style;
//! use twixtkit::open::OpenOptions;
//! use twixtkit::output::Destination;
//! use twixtkit::view::PageSettings;
//! let inputs = ["games".into()]; // a folder of .twixt, .tsgf, … files
//! let written = write_page(
//!     &inputs,
//!     &OpenOptions::default(),
//!     &Style::rulebook(),
//!     &PageSettings::default(),
//!     Destination::File("games.html".as_ref()),
//! )?;
//! println!("{} games", written.games);
//! # Ok::<(), twixtkit::view::PageError>(())
//! ```

use std::path::PathBuf;

use crate::diagnostic::{Diagnostic, Explained, count};
use crate::diagram::Style;
use crate::open::{OpenOptions, Skipped, game_files};
use crate::output::Destination;
use crate::view::{
    PageError, PageSettings, Problem, ViewError, ViewGame, Written, check_page_name,
    write_games_page,
};

use super::games::OpenedFile;

/// The games of `files`, in order, for a page in `style`. Without
/// `lenient` the first file with errors stops it; with it, the problems of
/// the others (a game with errors, a game that cannot be stepped through)
/// come back beside the games shown: what `--lenient` puts on the page.
fn view_games(
    files: &[Box<dyn OpenedFile>],
    style: &Style,
    lenient: bool,
) -> Result<(Vec<ViewGame>, Vec<Problem>), ViewError> {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for file in files {
        file.view_games(style, &mut games, &mut errors);
        if !lenient && !errors.is_empty() {
            return Err(errors.swap_remove(0));
        }
    }
    let problems: Vec<Problem> = errors.iter().map(|e| Problem::new(e.file(), e)).collect();
    Ok((games, problems))
}

/// Writes the page of every game in `inputs` (game files of any game, and
/// folders searched for them; TwixT records read with `options`) to
/// `output` (an `.html` file, never over an input, or a sink), with the
/// boards in `style`.
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
    // Links out of a folder are left out (the CLI warns of them). A path
    // that cannot be read stops the page, or with `lenient` is listed on
    // it, as `book --lenient` lists what it leaves out.
    let mut problems = Vec::new();
    for s in missing.into_iter().filter(|s| !s.warning) {
        if !settings.lenient {
            return Err(PageError::Skipped(s));
        }
        problems.push(Problem {
            file: s.path.display().to_string(),
            message: s.to_string(),
            diagnostics: Vec::new(),
        });
    }
    let mut files = Vec::with_capacity(paths.len());
    for p in &paths {
        match super::games::open_any_with(p, options) {
            Ok(f) => files.push(f),
            // An unreadable file (no permission, too large, a device) is
            // one file's problem as much as a bad script is.
            Err(e) if settings.lenient => {
                problems.push(Problem::new(&p.display().to_string(), &e));
            }
            Err(e) => return Err(e.into()),
        }
    }
    let (games, more) = view_games(&files, style, settings.lenient)?;
    problems.extend(more);
    if games.is_empty() && problems.is_empty() {
        return Err(ViewError::Empty.into());
    }
    write_games_page(&paths, games, problems, style, settings, output)
}

/// The links in the folders of `inputs` that lead out of them, which the
/// page leaves out (on purpose, but worth a warning each).
pub fn links_left_out(inputs: &[PathBuf]) -> Vec<Skipped> {
    let mut skipped = Vec::new();
    game_files(inputs, &mut skipped);
    skipped.retain(|s| s.warning);
    skipped
}

impl Written {
    /// How many games the page shows, as `twixt view` reports it: `3 games`.
    pub fn games_shown(&self) -> String {
        count(self.games, "game")
    }

    /// The problems the page left out (with `--lenient`), as they are said
    /// on standard error: each one's located diagnostics, or its message
    /// as an error when it has none.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let said = |p: &Problem| match &p.diagnostics[..] {
            [] => vec![Diagnostic::error(p.message.clone())],
            located => located.to_vec(),
        };
        self.problems.iter().flat_map(said).collect()
    }

    /// Nothing left out; else the problems the page left out (with
    /// `--lenient`), which fail the run once it is written.
    pub fn all_shown(&self) -> Result<(), ProblemsLeftOut> {
        match self.problems.len() {
            0 => Ok(()),
            n => Err(ProblemsLeftOut(n)),
        }
    }
}

/// Problems a `--lenient` page left out: `2 problems left out of the page
/// (listed in its error panel)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{} left out of the page (listed in its error panel)", count(*.0, "problem"))]
pub struct ProblemsLeftOut(pub usize);

/// Wrong content in the inputs: the page is written, the run fails with 1.
impl Explained for ProblemsLeftOut {
    fn is_usage(&self) -> bool {
        false
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
        assert_eq!(w.games_shown(), "2 games");
        assert_eq!(w.all_shown(), Ok(()));
        let page = std::fs::read_to_string(&out).unwrap();
        assert!(
            page.contains("<title>2 games</title>"),
            "{}",
            &page[..300.min(page.len())]
        );
    }

    #[test]
    fn a_lenient_page_says_what_it_left_out() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("a.twixt");
        let bad = dir.path().join("b.twixt");
        std::fs::write(&good, "1. f6 2. m12\n").unwrap();
        std::fs::write(&bad, "1. e5 {never closed\n").unwrap();
        let settings = PageSettings {
            lenient: true,
            ..PageSettings::default()
        };
        let w = write_page(
            &[good, bad],
            &OpenOptions::default(),
            &Style::rulebook(),
            &settings,
            Destination::File(&dir.path().join("games.html")),
        )
        .unwrap();
        assert_eq!(w.games_shown(), "1 game");
        assert_eq!(
            w.all_shown().unwrap_err().to_string(),
            "1 problem left out of the page (listed in its error panel)"
        );
        assert!(links_left_out(&[dir.path().to_path_buf()]).is_empty());
    }
}
