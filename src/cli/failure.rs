//! The error every subcommand ends with, and the exit code it earns.

use std::process::ExitCode;

/// A failure and its exit code (1: the input is wrong, 2: usage or I/O).
pub(crate) struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            code: 1,
            message: message.into(),
        }
    }
    /// The reader of standard output is gone: end quietly.
    pub fn closed_pipe() -> Failure {
        Failure {
            code: 141,
            message: String::new(),
        }
    }
    pub fn report(self) -> ExitCode {
        if !self.message.is_empty() {
            eprintln!("error: {}", twixtkit::diagnostic::printable(&self.message));
        }
        ExitCode::from(self.code)
    }
}

/// A library error from opening or drawing a game file: its located
/// diagnostics go to standard error first, then the summary.
impl From<twixtkit::open::Error> for Failure {
    fn from(e: twixtkit::open::Error) -> Failure {
        for d in e.diagnostics() {
            eprint!("{}", super::color::for_stderr(d));
        }
        if e.is_usage() {
            Failure::usage(e.to_string())
        } else {
            Failure::invalid(e.to_string())
        }
    }
}

impl From<twixtkit::diagram::style::LoadError> for Failure {
    fn from(e: twixtkit::diagram::style::LoadError) -> Failure {
        match e {
            twixtkit::diagram::style::LoadError::Unreadable { .. } => Failure::usage(e.to_string()),
            twixtkit::diagram::style::LoadError::Invalid(_) => Failure::invalid(e.to_string()),
        }
    }
}
