//! The error every subcommand ends with, and the exit code it earns.

use std::process::ExitCode;

use twixtkit::diagnostic::{Diagnostic, Explained, Severity};

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
    pub fn report(self) -> ExitCode {
        if !self.message.is_empty() {
            eprintln!("error: {}", twixtkit::diagnostic::printable(&self.message));
        }
        ExitCode::from(self.code)
    }
}

/// Prints the problems a drawing run met; an error among them (a game of
/// several that could not be drawn, and was skipped) fails the run with 1
/// once the others are written.
pub(crate) fn report_problems(problems: &[Diagnostic], written: &str) -> Result<(), Failure> {
    for p in problems {
        super::terminal::eprint_diagnostic(p);
    }
    if !problems.iter().any(|p| p.severity == Severity::Error) {
        return Ok(());
    }
    if !written.is_empty() {
        eprintln!("{written}");
    }
    Err(Failure::invalid(
        "some games could not be drawn (errors above) and were left out; the others were drawn",
    ))
}

/// Every library error: its located diagnostics go to standard error
/// first, then its message; it says which exit code it earns.
impl<E: Explained> From<E> for Failure {
    fn from(e: E) -> Failure {
        for d in e.diagnostics() {
            super::terminal::eprint_diagnostic(d);
        }
        if e.is_usage() {
            Failure::usage(e.to_string())
        } else {
            Failure::invalid(e.to_string())
        }
    }
}
