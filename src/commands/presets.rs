//! The built-in rule sets of every game, as `twixt rules` shows them: a
//! list, or one of them as an editable YAML rule file. Each game lists its
//! own ([`Game::presets`](super::games::GameSupport::presets)).

use twixt_core::rules::RuleSetError;

use super::games::GAMES;

/// Every preset, one a line: each game's in turn, TwixT's first with their
/// rules and source.
pub fn list() -> String {
    GAMES
        .iter()
        .map(|g| g.presets())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The preset `name` (any case, of any game) as a YAML rule file headed by
/// its name and source, ready to edit and name in a script.
pub fn yaml(name: &str) -> Result<String, RuleSetError> {
    GAMES
        .iter()
        .find_map(|g| g.preset_yaml(name))
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
