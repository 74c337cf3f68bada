//! `twixt rules`: the built-in rule sets.

use std::process::ExitCode;

use twixtkit::rules::RuleSet;

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    let mut text = String::new();
    for p in RuleSet::presets() {
        text.push_str(&format!("{:10} {}  ({})\n", p.name, p.rules, p.source));
    }
    match super::stdout::print(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}
