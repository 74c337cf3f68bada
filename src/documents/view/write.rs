//! The viewer's page written as a file (or to a sink such as standard
//! output), as `twixt view` writes it: the game files of files and folders
//! opened, every game replayed, one page.

use std::path::{Path, PathBuf};

use super::build::ViewError;
use super::html::to_html;
use super::{open_input, view_inputs};
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

/// Writes the page of every game in `inputs` (game files of TwixT or TWRS,
/// and folders searched for them) to `output` (an `.html` file, never over
/// an input, or a sink), with the boards in `style`. The title is `title`,
/// else the one game's title, else the first input's name. Returns how many
/// games the page holds.
pub fn write_page(
    inputs: &[PathBuf],
    options: &OpenOptions,
    style: &Style,
    title: Option<&str>,
    output: Destination<'_>,
) -> Result<usize, PageError> {
    if let Destination::File(path) = &output {
        check_page_name(path)?;
    }
    let mut missing = Vec::new();
    let paths = game_files(inputs, &mut missing);
    // Links out of a folder are left out (the CLI warns of them).
    if let Some(s) = missing.into_iter().find(|s| !s.warning) {
        return Err(PageError::Skipped(s));
    }
    let files = paths
        .iter()
        .map(|p| open_input(p, options))
        .collect::<Result<Vec<_>, _>>()?;
    let games = view_inputs(&files)?;
    let title = title.map(str::to_string).unwrap_or_else(|| {
        if games.len() == 1 {
            games[0].title.clone()
        } else {
            inputs[0]
                .file_stem()
                .map_or_else(|| "Games".into(), |s| s.to_string_lossy().into_owned())
        }
    });
    if let Destination::File(path) = &output {
        ensure_not_input(path, &paths)?;
    }
    let html = to_html(&games, style, &title);
    output.write_with(&mut |w| Ok::<(), PageError>(w.write_all(html.as_bytes())?))?;
    Ok(games.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_of_two_files_is_titled_by_the_first() {
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
        let n = write_page(
            &inputs,
            &OpenOptions::default(),
            &Style::rulebook(),
            None,
            Destination::File(&out),
        )
        .unwrap();
        assert_eq!(n, 2);
        let page = std::fs::read_to_string(&out).unwrap();
        assert!(
            page.contains("<title>a</title>"),
            "{}",
            &page[..300.min(page.len())]
        );
    }
}
