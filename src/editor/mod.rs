//! `twixt edit`: a game script edited in the browser by pointing at the
//! board. A local web server ([`server`]) holds one document ([`model`]),
//! applies each edit the page sends, and answers with what to draw
//! ([`view`]): the board as `render` draws it, the move tree, the current
//! move's annotations. Saving writes the script through the canonical writer,
//! as `twixt fmt` would ([`session`]). A TWRS script opens the same page
//! for TWRS's moves ([`twrs`], drawn by [`twrs_view`]).
//!
//! ```
//! use twixtkit::editor::model::{Document, Op};
//! let parsed = twixtkit::script::parse("[Rules \"pencil\"]\n1. f6 2. m12\n");
//! let mut doc = Document::new(parsed.file, 0, None).unwrap();
//! doc.apply(Op::Next).unwrap();
//! doc.apply(Op::Play { hole: "l11".into() }).unwrap(); // a variation of 2. m12
//! doc.apply(Op::Comment { text: "also good".into() }).unwrap();
//! assert_eq!(doc.script(), "[Rules \"pencil\"]\n\n1. f6 2. m12 (2. l11 {also good})\n");
//! ```

pub mod book_page;
pub mod model;
mod page;
pub mod prove;
pub mod server;
pub mod session;
pub mod tree;
pub mod twrs;
pub mod twrs_view;
pub mod view;

use std::path::PathBuf;

/// What `twixt edit` is told.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Options {
    /// The script to edit (.twixt); a new file when there is none.
    pub file: PathBuf,
    /// Which game of the file to edit, from 1.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 1))]
    pub game: usize,
    /// The port to listen on, on 127.0.0.1 and ::1 (0: any free one).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 0))]
    pub port: u16,
    /// Print the page's address instead of opening a browser ($BROWSER, or
    /// the desktop's default).
    #[cfg_attr(feature = "cli", arg(long))]
    pub no_open: bool,
    /// Let saving replace a read-only file or one with several hard links.
    #[cfg_attr(feature = "cli", arg(long))]
    pub force: bool,
}

/// No browser could be started for the page.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no browser could be started ({}); open the address yourself", .tried.join(", "))]
pub struct NoBrowser {
    /// The commands tried, in order.
    pub tried: Vec<String>,
}

impl crate::diagnostic::Explained for NoBrowser {}

/// Opens `url` in the browser: each command of `$BROWSER` (separated by
/// `:`, `%s` standing for the address) in turn, else the desktop's opener.
pub fn open_browser(url: &str) -> Result<(), NoBrowser> {
    let listed = std::env::var("BROWSER").unwrap_or_default();
    let mut commands: Vec<String> = listed
        .split(':')
        .filter(|c| !c.trim().is_empty())
        .map(str::to_string)
        .collect();
    if commands.is_empty() {
        commands.push(
            if cfg!(target_os = "macos") {
                "open"
            } else {
                "xdg-open"
            }
            .into(),
        );
    }
    for c in &commands {
        let mut words: Vec<String> = c.split_whitespace().map(str::to_string).collect();
        if words.iter().any(|w| w.contains("%s")) {
            words.iter_mut().for_each(|w| *w = w.replace("%s", url));
        } else {
            words.push(url.to_string());
        }
        let spawned = std::process::Command::new(&words[0])
            .args(&words[1..])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
        if spawned.is_ok() {
            return Ok(());
        }
    }
    Err(NoBrowser { tried: commands })
}
