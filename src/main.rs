//! The `twixt` command line: a thin layer over the library. Each subcommand
//! lives in its own module under `src/cli/`.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    cli::run(args)
}
