//! `twixt rules`: the built-in rule sets, or one of them as an editable YAML
//! rule file.

use std::process::ExitCode;

use twixtkit::rules::RuleSet;

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
        None => {
            let mut text = String::new();
            for p in RuleSet::presets() {
                text.push_str(&format!("{:10} {}  ({})\n", p.name, p.rules, p.source));
            }
            text.push_str("\nTWRS:\n");
            text.push_str("twrs          11x11 lines, 40 stones, the start setup  (Dutch rulebook, basic game)\n");
            text.push_str(
                "twrs-advanced placement start, marking lines, petrified towers protected  (Dutch rulebook, \"Gevorderden\")\n",
            );
            text
        }
        Some(name) if twixtkit::twrs::TwrsRules::preset(name).is_some() => {
            let rules = twixtkit::twrs::TwrsRules::preset(name).unwrap_or_default();
            format!(
                "# {}: TWRS, the Dutch rulebook (docs/twrs.md); edit, save as NAME.yaml beside a script and name it in its Rules tag\n{}",
                name.to_ascii_lowercase(),
                rules.to_yaml()
            )
        }
        Some(name) => match RuleSet::presets()
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
        {
            Some(p) => p.rules.to_yaml(&format!("{}: {}", p.name, p.source)),
            None => {
                let e = RuleSet::preset(name).err().map(|e| e.to_string());
                return Failure::usage(e.unwrap_or_default()).report();
            }
        },
    };
    match super::stdout::print(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}
