//! What the tool writes to the terminal. Standard output: every write
//! error is reported; a full disk says so and exits 2, a closed pipe (the
//! reader is gone, as with `| head -1`) ends the program quietly with 141,
//! the status a shell shows for a program ended by SIGPIPE. Colour
//! (`--color auto|always|never`): diagnostics in colour on a terminal,
//! plain text everywhere else, decided by anstream as clap decides for its
//! help (`NO_COLOR`, `CLICOLOR_FORCE` and `TERM=dumb` count under `auto`).

use std::io::{self, Write};

use anstream::{AutoStream, ColorChoice, stream::RawStream};
use twixtkit::diagnostic::Diagnostic;

use super::failure::Failure;

/// Writes `bytes` to standard output and flushes it.
pub fn print(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(failure)
}

/// The failure a write error to standard output earns.
pub fn failure(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::closed_pipe()
    } else {
        Failure::usage(format!("cannot write to standard output: {e}"))
    }
}

/// Standard output as a sink for the library's streamed writers. Its own
/// failure (a closed pipe) is kept, to be reported as such rather than as
/// the writer's error.
#[derive(Default)]
pub struct Stdout {
    pub failed: Option<Failure>,
}

impl Stdout {
    /// The sink: each piece printed and flushed.
    pub fn sink(&mut self) -> impl FnMut(&[u8]) -> io::Result<()> + '_ {
        |b| {
            print(b).map_err(|f| {
                self.failed = Some(f);
                io::Error::other("standard output failed")
            })
        }
    }
}

/// Remembers the colour choice made on the command line.
pub fn set_color(when: clap::ColorChoice) {
    ColorChoice::write_global(match when {
        clap::ColorChoice::Auto => ColorChoice::Auto,
        clap::ColorChoice::Always => ColorChoice::Always,
        clap::ColorChoice::Never => ColorChoice::Never,
    });
}

fn colored(stream: &impl RawStream) -> bool {
    AutoStream::choice(stream) != ColorChoice::Never
}

/// `d` as it should be written to standard error.
pub fn for_stderr(d: &Diagnostic) -> String {
    if colored(&io::stderr()) {
        d.render_colored()
    } else {
        d.render()
    }
}

/// True when what goes to standard output is coloured.
pub fn color_on_stdout() -> bool {
    colored(&io::stdout())
}
