//! What the tool writes to the terminal. Standard output: every write
//! error is reported; a full disk says so and exits 2, a closed pipe (the
//! reader is gone, as with `| head -1`) ends the program quietly with 141,
//! the status a shell shows for a program ended by SIGPIPE. Colour
//! (`--color auto|always|never`): diagnostics in colour on a terminal,
//! plain text everywhere else, decided by anstream as clap decides for its
//! help (`NO_COLOR`, `CLICOLOR_FORCE` and `TERM=dumb` count under `auto`).

use std::io::{self, Write};
use std::path::Path;

use anstream::{AutoStream, ColorChoice, stream::RawStream};
use twixtkit::diagnostic::Diagnostic;
use twixtkit::output::Destination;

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

/// The file an output argument names, or `None` for standard output (`-`).
pub fn file(path: &Path) -> Option<&Path> {
    Some(path).filter(|p| *p != Path::new("-"))
}

/// Says on standard error what was written: `wrote FILE (NOTE)`, or for
/// standard output (`out` is `None`) the note alone, if any.
pub fn say_wrote(out: Option<&Path>, note: Option<&str>) {
    let wrote = out.map(|p| twixtkit::output::wrote(&[p.to_path_buf()]));
    match (wrote, note) {
        (Some(w), Some(n)) => eprintln!("{w} ({n})"),
        (Some(w), None) => eprintln!("{w}"),
        (None, Some(n)) => eprintln!("{n}"),
        (None, None) => {}
    }
}

/// Runs a library writer on the file `path`, or on standard output when
/// there is none. A closed pipe is reported as such, not as the writer's
/// error.
pub fn write_to<T, E>(
    path: Option<&Path>,
    write: impl FnOnce(Destination<'_>) -> Result<T, E>,
) -> Result<T, Failure>
where
    Failure: From<E>,
{
    let mut failed = None;
    let mut stdout = |b: &[u8]| {
        print(b).map_err(|f| {
            failed = Some(f);
            io::Error::other("standard output failed")
        })
    };
    let written = write(match path {
        Some(path) => Destination::File(path),
        None => Destination::Sink(&mut stdout),
    });
    match failed {
        Some(f) => Err(f),
        None => Ok(written?),
    }
}

fn colored(stream: &impl RawStream) -> bool {
    AutoStream::choice(stream) != ColorChoice::Never
}

/// Writes `d` to standard error: in colour on a terminal, and never
/// failing (a closed standard error loses the message, not the run).
pub fn eprint_diagnostic(d: &Diagnostic) {
    let text = if colored(&io::stderr()) {
        d.render_colored()
    } else {
        d.render()
    };
    let _ = io::stderr().write_all(text.as_bytes());
}

/// True when what goes to standard output is coloured.
pub fn color_on_stdout() -> bool {
    colored(&io::stdout())
}
