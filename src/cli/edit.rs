//! `twixt edit`: a game script edited in the browser, served on 127.0.0.1.

use twixtkit::editor::{Options, open_browser, server, session::Session};

use super::report::{self, Failure};

pub fn run(a: Options) -> Result<(), Failure> {
    let session = Session::open(&a.file, a.game, a.force)?;
    if session.found_recovery {
        report::warning(format!(
            "{} holds unsaved edits of an earlier session; the page offers to open it",
            twixtkit::editor::session::recovery_path(&a.file).display()
        ));
    }
    server::serve(session, a.port, |url| {
        report::note(format!("editing {} (Ctrl-C stops)", a.file.display()));
        // The address alone on standard output, for a script to read.
        if a.no_open {
            let _ = report::print(format!("{url}\n").as_bytes());
        } else if let Err(e) = open_browser(url) {
            report::warning(e);
            let _ = report::print(format!("{url}\n").as_bytes());
        }
    })?;
    Ok(())
}
