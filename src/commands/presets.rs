//! The built-in rule sets of every game, as `twixt rules` shows them: a
//! list, or one of them as an editable YAML rule file.

use crate::twixt::rules::yaml_word;
use crate::twixt::rules::{RuleSet, RuleSetError};
use crate::twrs::rules::TwrsRules;

/// Every preset, one a line: TwixT's with their rules and source, then
/// TWRS's.
pub fn list() -> String {
    let mut text = format!(
        "{:9} {:9} {:19} {:15} {:7} source\n",
        "preset", "crossing", "links", "removal", "swap"
    );
    for p in RuleSet::presets() {
        let r = &p.rules;
        text.push_str(&format!(
            "{:9} {:9} {:19} {:15} {:7} {}\n",
            p.name,
            yaml_word(&r.crossing),
            yaml_word(&r.links),
            yaml_word(&r.removal),
            yaml_word(&r.swap),
            p.source
        ));
    }
    text.push_str("\nTWRS:\n");
    text.push_str(
        "twrs          11x11 lines, 40 stones, the start setup  (Dutch rulebook, basic game)\n",
    );
    text.push_str(
        "twrs-advanced placement start, marking lines, petrified towers protected  (Dutch rulebook, \"Gevorderden\")\n",
    );
    text
}

/// The preset `name` (any case, TwixT or TWRS) as a YAML rule file headed
/// by its name and source, ready to edit and name in a script.
pub fn yaml(name: &str) -> Result<String, RuleSetError> {
    if let Some(rules) = TwrsRules::preset(name) {
        return Ok(format!(
            "# {}: TWRS, the Dutch rulebook (docs/twrs.md); edit, save as NAME.yaml beside a script and name it in its Rules tag\n{}",
            name.to_ascii_lowercase(),
            rules.to_yaml()
        ));
    }
    RuleSet::presets()
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name))
        .map(|p| p.rules.to_yaml(&format!("{}: {}", p.name, p.source)))
        .ok_or_else(|| RuleSetError::UnknownPreset(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_preset_has_a_rule_file() {
        let list = list();
        for name in ["pencil", "dujardin", "twrs", "twrs-advanced"] {
            assert!(list.contains(name));
            assert!(yaml(name).unwrap().starts_with('#'));
        }
        assert!(yaml("PENCIL").is_ok());
        assert!(matches!(
            yaml("nonesuch"),
            Err(RuleSetError::UnknownPreset(_))
        ));
    }
}
