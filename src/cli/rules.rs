//! `twixt rules`: the built-in rule sets, or one of them as an editable YAML
//! rule file.

use std::process::ExitCode;

use twixtkit::presets;

use super::failure::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// A preset to print as a YAML rule file (pencil, board, schmidt,
    /// dujardin, t1; for TWRS, twrs and twrs-advanced); without it, the
    /// presets are listed.
    name: Option<String>,
}

pub fn run(args: Args) -> ExitCode {
    let text = match &args.name {
        None => presets::list(),
        Some(name) => match presets::yaml(name) {
            Ok(text) => text,
            Err(e) => return Failure::usage(e.to_string()).report(),
        },
    };
    match super::stdout::print(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}
