//! Subcommand dispatch. Exit codes: 0 success, 1 a checked input has errors,
//! 2 usage or I/O errors.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod convert;
mod random;
mod rules;

#[derive(Parser)]
#[command(
    name = "twixt",
    version,
    about = "TwixT rules engine, game scripts and diagrams"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in rule sets, or show one as YAML.
    Rules(rules::Args),
    /// Convert a game record between file formats (.tsgf, .T1, .txt/.moves, .twixt).
    Convert(convert::Args),
    /// Random legal games (move lists until the script writer lands).
    Random(random::Args),
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Rules(a) => rules::run(a),
        Command::Convert(a) => convert::run(a),
        Command::Random(a) => random::run(a),
    }
}
