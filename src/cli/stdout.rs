//! Standard output for the commands, and the summary of what they wrote. Every write error is reported: a full
//! disk says so and exits 2; a closed pipe (the reader is gone, as with
//! `| head -1`) ends the program quietly with 141, the status a shell shows
//! for a program ended by SIGPIPE.

use std::io::{self, Write};

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

/// The summary of the files a run wrote: every name when there are a few,
/// the count and the first and last when there are many.
pub fn wrote(paths: &[std::path::PathBuf]) -> String {
    let name = |p: &std::path::PathBuf| twixtkit::diagnostic::printable(&p.display().to_string());
    match paths {
        [] => "wrote nothing".to_string(),
        [first, .., last] if paths.len() > 10 => {
            format!(
                "wrote {} files: {} … {}",
                paths.len(),
                name(first),
                name(last)
            )
        }
        _ => format!(
            "wrote {}",
            paths.iter().map(name).collect::<Vec<_>>().join(", ")
        ),
    }
}
