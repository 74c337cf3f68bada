//! The `twixt` command line: a thin layer over the library. Each subcommand
//! lives in its own module under `src/cli/`.

// The doc comments of clap's arguments are the `--help` text, written for a
// terminal: `[Language]` and `<iframe>` there are words, not links or HTML.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
// Every message goes through `cli::report`, which never panics when
// standard error is closed (`2>&-`): not through the standard macros.
#![deny(clippy::print_stderr, clippy::print_stdout)]

use std::process::ExitCode;

use clap::Parser as _;

mod cli;

fn main() -> ExitCode {
    match cli::Cli::try_parse() {
        Ok(args) => cli::run(args),
        Err(e) => cli::argument_error(e),
    }
}
