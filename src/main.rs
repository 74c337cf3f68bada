//! The `twixt` command line: a thin layer over the library. Each subcommand
//! lives in its own module under `src/cli/`.

// The doc comments of clap's arguments are the `--help` text, written for a
// terminal: `[Language]` and `<iframe>` there are words, not links or HTML.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]

use std::process::ExitCode;

use clap::Parser as _;

// Messages to standard error never panic: when it is closed (`2>&-`, or a
// reader that went away), a message is lost, not the run. This shadows the
// standard macro in every module below.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod cli;

fn main() -> ExitCode {
    match cli::Cli::try_parse() {
        Ok(args) => cli::run(args),
        Err(e) => cli::argument_error(e),
    }
}
