//! `twixt rules`: the built-in rule sets.

use std::process::ExitCode;

use twixtkit::rules::RuleSet;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    for p in RuleSet::presets() {
        println!("{:10} {}  ({})", p.name, p.rules, p.source);
    }
    ExitCode::SUCCESS
}
