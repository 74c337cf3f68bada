//! `twixt edit`: a game script edited in the browser, served on 127.0.0.1.
//! A `twixt` built without the `editor` feature has no web server; its
//! `edit` takes any arguments and says how to get a build that has one.

#[cfg(feature = "editor")]
pub use with_editor::{Args, run};
#[cfg(not(feature = "editor"))]
pub use without_editor::{Args, run};

// Built in every build, so that its tests run in the default one too;
// only a build without the editor routes `edit` to it.
#[cfg_attr(feature = "editor", allow(dead_code))]
mod without_editor {
    use std::ffi::OsString;

    use super::super::report::Failure;

    /// Whatever was typed after `edit`: refused as a whole, so that the
    /// answer is the same whichever options were given.
    #[derive(clap::Args)]
    pub struct Args {
        #[arg(num_args = 0.., trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        _words: Vec<OsString>,
    }

    pub fn run(_: Args) -> Result<(), Failure> {
        Err(Failure::usage(
            "this twixt was built without the editor (the cargo feature `editor`); \
             `twixt edit` needs a build with it: `cargo install twixtkit` (the default \
             features) or `cargo build --release --features editor`",
        ))
    }

    #[cfg(test)]
    mod tests {
        use clap::{Args as _, Command, FromArgMatches as _};

        use super::{Args, run};

        /// `edit` as a build without the editor reads it: whatever follows
        /// is taken, and the answer is the same usage error (exit 2) that
        /// says how to get a build with the editor.
        #[test]
        fn edit_without_the_editor_says_how_to_get_it_whatever_follows() {
            let words: [&[&str]; 4] = [
                &["edit"],
                &["edit", "game.twixt"],
                &[
                    "edit",
                    "game.twixt",
                    "--no-open",
                    "--port",
                    "8080",
                    "--game",
                    "2",
                ],
                &["edit", "--force", "-x"],
            ];
            for typed in words {
                let command = Args::augment_args(Command::new("edit"));
                let matches = command
                    .try_get_matches_from(typed)
                    .unwrap_or_else(|e| panic!("{typed:?}: {e}"));
                let args = Args::from_arg_matches(&matches).unwrap();
                let Err(failure) = run(args) else {
                    panic!("{typed:?} ran");
                };
                assert_eq!(failure.code, 2, "{typed:?}");
                let m = &failure.message;
                assert!(
                    m.starts_with(
                        "this twixt was built without the editor (the cargo feature `editor`)"
                    ) && m.contains("`cargo install twixtkit`")
                        && m.contains("--features editor"),
                    "{m}"
                );
            }
        }
    }
}

#[cfg(feature = "editor")]
mod with_editor {
    use twixtkit::editor::session::{Closed, Session};
    use twixtkit::editor::{Options, open_browser, server};

    use super::super::report::{self, Failure};

    /// What `twixt edit` is told.
    pub type Args = Options;

    pub fn run(a: Options) -> Result<(), Failure> {
        let session = Session::open(&a.file, a.game, a.force)?;
        if let Some(d) = &session.draft {
            report::warning(format!(
                "{} has {} syntax errors: it opens in lenient mode, its text to fix on the page",
                a.file.display(),
                d.errors.len()
            ));
        }
        if session.found_recovery {
            report::warning(format!(
                "{} holds unsaved edits of an earlier session; the page offers to open it",
                twixtkit::editor::session::recovery_path(&a.file).display()
            ));
        }
        let closed = server::serve(session, a.port, |url| {
            // The address alone on standard output, for a script to read.
            if a.no_open {
                report::note(format!("editing {} (Ctrl-C stops)", a.file.display()));
                let _ = report::print(format!("{url}\n").as_bytes());
                return;
            }
            // The address is said even when a browser starts: an opener may
            // succeed without showing anything (no display, a remote shell).
            report::note(format!(
                "editing {} at {url} (Ctrl-C stops)",
                a.file.display()
            ));
            if let Err(e) = open_browser(url) {
                report::warning(e);
                let _ = report::print(format!("{url}\n").as_bytes());
            }
        })?;
        match closed {
            Closed::Unsaved(copy) => report::warning(format!(
                "stopped with unsaved edits: they are in {}; `twixt edit {}` offers to open them",
                copy.display(),
                a.file.display()
            )),
            Closed::EarlierCopyKept(copy) => report::note(format!(
                "stopped; the earlier recovery copy {} is kept",
                copy.display()
            )),
            Closed::Clean => report::note("stopped; nothing unsaved"),
        }
        // Stopped by Ctrl-C (or SIGTERM): the status a shell expects of an
        // interrupted program.
        std::process::exit(130)
    }
}
