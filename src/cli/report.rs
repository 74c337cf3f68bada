//! What the tool says, and the one path it says it by. Standard error:
//! diagnostics, warnings, errors and notes, never failing (a closed
//! standard error loses the message, not the run). Standard output: every
//! write error is reported; a full disk says so and exits 2, a closed pipe
//! (the reader is gone, as with `| head -1`) ends the program quietly with
//! 141, the status a shell shows for a program ended by SIGPIPE. Colour
//! (`--color auto|always|never`): diagnostics in colour on a terminal,
//! plain text everywhere else, decided by anstream as clap decides for its
//! help (`NO_COLOR`, `CLICOLOR_FORCE` and `TERM=dumb` count under `auto`).

use std::fmt::Display;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use anstream::{AutoStream, ColorChoice, stream::RawStream};
use twixtkit::diagnostic::{Diagnostic, Explained, Severity, printable};
use twixtkit::output::Destination;

/// A failure and its exit code (1: the input is wrong, 2: usage or I/O).
pub(crate) struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Failure {
        let message = message.into();
        Failure { code: 2, message }
    }
    pub fn invalid(message: impl Into<String>) -> Failure {
        let message = message.into();
        Failure { code: 1, message }
    }
    /// The reader of standard output is gone: end quietly.
    pub fn closed_pipe() -> Failure {
        let message = String::new();
        Failure { code: 141, message }
    }
    /// Each line of the message an error of its own (Typst's errors in a
    /// template, one a line), so no line break is shown as `�`.
    pub fn report(self) -> ExitCode {
        for line in self.message.lines().filter(|l| !l.is_empty()) {
            diagnostic(&Diagnostic::error(line.to_string()));
        }
        ExitCode::from(self.code)
    }
}

/// Every library error: its located diagnostics go to standard error
/// first, then its message; it says which exit code it earns.
impl<E: Explained> From<E> for Failure {
    fn from(e: E) -> Failure {
        diagnostics(e.diagnostics());
        if e.is_usage() {
            Failure::usage(e.to_string())
        } else {
            Failure::invalid(e.to_string())
        }
    }
}

/// Writes `d` to standard error, in colour on a terminal.
pub fn diagnostic(d: &Diagnostic) {
    let text = if colored(&io::stderr()) {
        d.render_colored()
    } else {
        d.render()
    };
    let _ = io::stderr().write_all(text.as_bytes());
}

/// Writes each of `ds` to standard error ([`diagnostic`]).
pub fn diagnostics(ds: &[Diagnostic]) {
    ds.iter().for_each(diagnostic);
}

/// `warning: MESSAGE` on standard error.
pub fn warning(message: impl Display) {
    diagnostic(&Diagnostic::warning(message.to_string()));
}

/// The warning for `--lang` naming a language without a catalogue ("its
/// words are in English"), as every command that prints words gives it.
/// `messages` is `None` for a command without `--messages`, else whether
/// it was given (its words may be the language's: no warning).
pub fn unknown_language(lang: Option<&str>, messages: Option<bool>) {
    let given = messages == Some(true);
    if let Some(w) = lang.and_then(|l| twixtkit::messages::unknown_language_warning(l, given)) {
        match messages {
            Some(_) => warning(format!("{w} (give your own with --messages FILE)")),
            None => warning(w),
        }
    }
}

/// A line on standard error that tells no problem: what was written, a
/// run's summary.
pub fn note(line: impl Display) {
    let _ = writeln!(io::stderr(), "{}", printable(&line.to_string()));
}

/// Prints the problems a drawing run met; an error among them (a game of
/// several that could not be drawn, and was skipped) fails the run with 1
/// once the others are written, and `written` (if any) is said first.
pub fn drawn(problems: &[Diagnostic], written: Option<&str>) -> Result<(), Failure> {
    diagnostics(problems);
    if !problems.iter().any(|p| p.severity == Severity::Error) {
        return Ok(());
    }
    if let Some(w) = written {
        note(w);
    }
    Err(Failure::invalid(
        "some games could not be drawn (errors above) and were left out; the others were drawn",
    ))
}

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
pub fn say_wrote(out: Option<&Path>, about: Option<&str>) {
    let wrote = out.map(|p| twixtkit::output::wrote(&[p.to_path_buf()]));
    match (wrote, about) {
        (Some(w), Some(n)) => note(format!("{w} ({n})")),
        (Some(w), None) => note(w),
        (None, Some(n)) => note(n),
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

/// True when what goes to standard output is coloured.
pub fn color_on_stdout() -> bool {
    colored(&io::stdout())
}
