//! TWRS rule sets as data: the grid, the stock of stones, how the game
//! starts, and the advanced rules, with the two presets.

use serde::{Deserialize, Serialize};

use crate::point::{MAX_LINES, MIN_LINES, Player};

/// How the pieces come onto the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// From a start setup: a script's setup block, else the rule set's
    /// named [`setup`](crate::setup) ("De markeerstenen en de torens
    /// worden op het bord geplaatst volgens de startopstelling").
    Setup,
    /// Advanced rule 1, "Zonder startopstelling": the players place three
    /// stones and their towers in the seed's order (A stone, B stone,
    /// A stone, B one tower, A two towers, B two towers, A last tower),
    /// then A begins.
    Placement,
}

/// A complete TWRS rule set. Every field is data; a rule file leaves out
/// those of the basic game ([`TwrsRules::basic`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct TwrsRules {
    /// Lines across (columns of intersections); the seed's board has 11.
    pub width: u8,
    /// Lines down (rows of intersections).
    pub height: u8,
    /// Marking stones in the box, the start setup's included ("40 Markeerstenen").
    pub stones: u16,
    /// How the pieces come onto the board: a start setup, or advanced rule 1's placement.
    pub start: Start,
    /// The named start setup used when a game has no setup block.
    pub setup: String,
    /// Who moves first (and is player A of advanced rule 1). The seed lets
    /// either colour begin: "Eén speler kiest een kleur …, de andere speler begint".
    pub first: Player,
    /// Marking a tower puts a stone on every one of its marking points (at
    /// most 2, fewer only when the stock runs short); false lets the mover
    /// choose some of them. See docs/twrs.md for the seed's sentence.
    pub mark_all_points: bool,
    /// Advanced rule 2, "Markeerlijnen": the active tower may mark with
    /// either diagonal instead of its lines of movement.
    pub marking_lines: bool,
    /// Advanced rule 2's last paragraph: a petrified tower in a closed area
    /// cannot be marked by a tower that is not petrified.
    pub protect_petrified: bool,
}

/// The names of the presets, as [`TwrsRules::preset`] takes them.
pub const PRESET_NAMES: [&str; 2] = ["twrs", "twrs-advanced"];

/// Why a preset cannot be played as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PresetError {
    /// No preset has this name.
    #[error("there is no TWRS rule set `{0}` (presets: {presets})", presets = PRESET_NAMES.join(", "))]
    Unknown(String),
    /// The preset on the size asked for cannot be played.
    #[error(transparent)]
    Rules(#[from] RulesError),
}

impl twixt_core::diagnostic::Explained for PresetError {}

/// Why a rule set cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// A grid side outside [`MIN_LINES`]–[`MAX_LINES`]: the width and height in lines.
    #[error("the grid is {0}×{1} lines; each side must be {MIN_LINES} to {MAX_LINES}")]
    Size(u8, u8),
    /// The stock holds more stones than the grid has intersections: the
    /// stock, then the number of intersections.
    #[error("a stock of {0} stones is more than the grid's {1} intersections")]
    Stones(u16, usize),
    /// `protect-petrified` is set without `marking-lines`.
    #[error("protect-petrified belongs to the marking lines rule; set marking-lines: true as well")]
    ProtectWithoutLines,
}

/// Wrong content in the input.
/// Why a rule file does not give a rule set.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesFileError {
    /// The YAML does not read as a rule set: the value says where and why.
    #[error("{0}")]
    Yaml(String),
    /// It reads, but the rule set cannot be played.
    #[error(transparent)]
    Invalid(#[from] RulesError),
}

/// Wrong content in the input.
impl twixt_core::diagnostic::Explained for RulesFileError {
    fn is_usage(&self) -> bool {
        false
    }
}

impl twixt_core::diagnostic::Explained for RulesError {
    fn is_usage(&self) -> bool {
        false
    }
}

impl TwrsRules {
    /// The basic game of the seed: 11 × 11 lines, 40 stones, the start setup.
    pub fn basic() -> TwrsRules {
        TwrsRules {
            width: 11,
            height: 11,
            stones: 40,
            start: Start::Setup,
            setup: "reconstructed".to_string(),
            first: Player::Orange,
            mark_all_points: true,
            marking_lines: false,
            protect_petrified: false,
        }
    }

    /// Both advanced rules ("Gevorderden"): placement instead of the start
    /// setup, and marking lines with petrified towers protected.
    pub fn advanced() -> TwrsRules {
        TwrsRules {
            start: Start::Placement,
            marking_lines: true,
            protect_petrified: true,
            ..TwrsRules::basic()
        }
    }

    /// The preset named `name` in any case (see [`PRESET_NAMES`]), if there is one.
    pub fn preset(name: &str) -> Option<TwrsRules> {
        match name.to_ascii_lowercase().as_str() {
            "twrs" => Some(TwrsRules::basic()),
            "twrs-advanced" => Some(TwrsRules::advanced()),
            _ => None,
        }
    }

    /// The preset `name` on a grid of `size` lines (each side cut to 255;
    /// default the preset's own), checked to be playable.
    pub fn preset_on(
        name: &str,
        size: Option<twixt_core::board::BoardSize>,
    ) -> Result<TwrsRules, PresetError> {
        let mut rules =
            TwrsRules::preset(name).ok_or_else(|| PresetError::Unknown(name.to_string()))?;
        if let Some(size) = size {
            let side = |n: u16| u8::try_from(n).unwrap_or(u8::MAX);
            (rules.width, rules.height) = (side(size.width()), side(size.height()));
        }
        rules.validate()?;
        Ok(rules)
    }

    /// Reads a rule set from YAML; a missing field takes the basic game's value.
    #[cfg(feature = "yaml")]
    pub fn from_yaml(text: &str) -> Result<TwrsRules, RulesFileError> {
        let rules: TwrsRules = serde_saphyr::from_str(text).map_err(|e| {
            RulesFileError::Yaml(match twixt_core::yaml_words::explain(&e, text) {
                (0, _, message) => message,
                (line, column, message) => format!("line {line}, column {column}: {message}"),
            })
        })?;
        rules.validate()?;
        Ok(rules)
    }

    /// The rule set as YAML, every field written; [`TwrsRules::from_yaml`] reads it back.
    #[cfg(feature = "yaml")]
    pub fn to_yaml(&self) -> String {
        serde_saphyr::to_string(self).expect("a rule set is always representable")
    }

    /// Checks that the rule set can be played: the grid size, the stock against the
    /// intersections, and `protect-petrified` only with `marking-lines`.
    pub fn validate(&self) -> Result<(), RulesError> {
        let ok = |n: u8| (MIN_LINES..=MAX_LINES).contains(&n);
        if !ok(self.width) || !ok(self.height) {
            return Err(RulesError::Size(self.width, self.height));
        }
        let points = usize::from(self.width) * usize::from(self.height);
        if usize::from(self.stones) > points {
            return Err(RulesError::Stones(self.stones, points));
        }
        if self.protect_petrified && !self.marking_lines {
            return Err(RulesError::ProtectWithoutLines);
        }
        Ok(())
    }
}

impl Default for TwrsRules {
    fn default() -> TwrsRules {
        TwrsRules::basic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preset_is_sized_and_checked() {
        let r = TwrsRules::preset_on("TWRS", Some("9x7".parse().unwrap())).unwrap();
        assert_eq!((r.width, r.height), (9, 7));
        assert!(matches!(
            TwrsRules::preset_on("nope", None),
            Err(PresetError::Unknown(_))
        ));
        assert!(matches!(
            TwrsRules::preset_on("twrs", Some("40".parse().unwrap())),
            Err(PresetError::Rules(_))
        ));
    }

    #[cfg(feature = "yaml")]
    #[test]
    fn presets_round_trip_through_yaml() {
        for name in PRESET_NAMES {
            let r = TwrsRules::preset(name).unwrap();
            assert_eq!(TwrsRules::from_yaml(&r.to_yaml()).unwrap(), r, "{name}");
        }
    }

    #[cfg(feature = "yaml")]
    #[test]
    fn missing_fields_take_the_basic_game() {
        let r = TwrsRules::from_yaml("width: 13\nheight: 9\n").unwrap();
        assert_eq!((r.width, r.height, r.stones), (13, 9, 40));
        assert!(TwrsRules::from_yaml("width: 2\n").is_err());
        assert!(TwrsRules::from_yaml("stones: 200\nwidth: 5\nheight: 5\n").is_err());
        assert!(TwrsRules::from_yaml("protect-petrified: true\n").is_err());
        assert!(TwrsRules::from_yaml("colour: red\n").is_err());
    }
}
