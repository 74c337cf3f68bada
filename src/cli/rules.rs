//! `twixt rules`: the built-in rule sets, or one of them as an editable YAML
//! rule file.

use twixtkit::commands::presets;

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// A preset to print as a YAML rule file (pencil, board, schmidt,
    /// dujardin, t1, editable; for TWRS, twrs and twrs-advanced); without
    /// it, the presets are listed.
    name: Option<String>,
}

pub fn run(args: Args) -> Result<(), Failure> {
    let text = match &args.name {
        None => presets::list(),
        Some(name) => presets::yaml(name)?,
    };
    report::print(text.as_bytes())
}
