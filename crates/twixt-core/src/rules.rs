//! Rule sets as data: the axes on which TwixT variants differ, and presets.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::BoardSize;

/// Which links may cross.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Crossing {
    /// No link crosses any other link (board game).
    None,
    /// A player's links may cross each other, never the opponent's (pencil and paper).
    Own,
}

/// How links come onto the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Linking {
    /// After each peg, every legal knight's-move link to an own peg is added.
    Automatic,
    /// The mover chooses which links to add; a link not placed is no barrier.
    Manual,
    /// As `automatic`, and the mover may also add links by hand, between
    /// any two own pegs, before the automatic ones (and remove own links
    /// where the removal rule allows): the board game as several programs
    /// and published puzzles play it.
    AutomaticEditable,
}

/// What a player may take back off the board during a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemovalRule {
    /// Nothing.
    None,
    /// Own links.
    Links,
    /// Own links and own pegs (a peg goes with its links).
    LinksAndPegs,
}

/// The pie rule, offered only as the second move of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Swap {
    /// No swap.
    None,
    /// Little Golem: the first peg at (c, r) becomes a peg of the second
    /// player at (r, c); the first player moves again.
    Mirror,
    /// Schmidt/T1j: the players exchange colours, the peg stays, and the
    /// player now holding Black moves next.
    Colors,
}

/// A complete rule set. Every field is data; the engine has no per-variant code paths.
///
/// ```
/// use twixt_core::rules::RuleSet;
/// use twixt_core::rules::{Crossing, Linking};
///
/// let board = RuleSet::preset("board").unwrap();
/// assert_eq!(board.links, Linking::Manual);
/// // A preset with changes, as a rule file holds it (the `yaml` feature).
/// # #[cfg(feature = "yaml")] {
/// let mine = RuleSet::from_yaml("preset: dujardin\ncrossing: own\nsize: 30x20\n").unwrap();
/// assert_eq!(mine.crossing, Crossing::Own);
/// assert_eq!(mine.size.to_string(), "30x20");
/// assert_eq!(RuleSet::from_yaml(&mine.to_yaml("mine")).unwrap(), mine);
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RuleSet {
    /// Which links may cross.
    pub crossing: Crossing,
    /// How links come onto the board.
    pub links: Linking,
    /// What a player may take back off the board.
    pub removal: RemovalRule,
    /// The pie rule, if any.
    pub swap: Swap,
    /// The board size; the standard 24×24 when not given.
    #[serde(default)]
    pub size: BoardSize,
    /// Pegs each player has (Dujardin rule 5); `None`: no limit. A player
    /// whose pegs are all on the board reuses one: takes an own peg off
    /// in the same move as placing it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_pegs: Option<u16>,
    /// Links each player has; `None`: no limit. With none left, new pegs get
    /// no links, and the player may take own links off to use them again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_links: Option<u16>,
}

/// The names of the presets, as [`RuleSet::preset`] takes them.
pub const PRESET_NAMES: [&str; 6] = ["pencil", "board", "schmidt", "dujardin", "t1", "editable"];

/// A named preset and where its rules come from.
pub struct Preset {
    /// The name [`RuleSet::preset`] takes.
    pub name: &'static str,
    /// Where the rules come from, in words.
    pub source: &'static str,
    /// The rule set.
    pub rules: RuleSet,
}

/// Why a rule set is impossible.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleSetError {
    /// The mirror swap on a board that is not square; the value is the board size.
    #[error(
        "swap: mirror needs a square board (the mirrored peg must exist), but the board is {0}"
    )]
    MirrorOnNonSquare(BoardSize),
    /// No preset has this name; the value is the name given.
    #[error(
        "unknown rule set `{0}`{hint}: expected one of pencil, board, schmidt, dujardin, t1, editable, or a YAML file",
        hint = crate::diagnostic::did_you_mean(.0, &PRESET_NAMES)
            .map(|n| format!(" (did you mean `{n}`?)"))
            .unwrap_or_default()
    )]
    UnknownPreset(String),
}

impl crate::diagnostic::Explained for RuleSetError {}

/// Each rule value's word, as rule files, `Rules` tags and position lines
/// write it (`automatic-editable`), read back by [`FromStr`](std::str::FromStr).
macro_rules! rule_words {
    ($ty:ident: $($variant:ident => $word:literal),+ $(,)?) => {
        impl $ty {
            /// Every value, in the order rule files list them.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The value's word in rule files (`automatic-editable`).
            pub fn word(self) -> &'static str {
                match self {
                    $($ty::$variant => $word),+
                }
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.word())
            }
        }

        impl std::str::FromStr for $ty {
            type Err = UnknownRuleWord;

            fn from_str(s: &str) -> Result<$ty, UnknownRuleWord> {
                $ty::ALL.iter().copied().find(|v| v.word() == s).ok_or_else(|| UnknownRuleWord {
                    word: s.to_string(),
                    expected: $ty::ALL.iter().map(|v| v.word()).collect::<Vec<_>>().join(" | "),
                })
            }
        }
    };
}

rule_words!(Crossing: None => "none", Own => "own");
rule_words!(Linking: Automatic => "automatic", Manual => "manual", AutomaticEditable => "automatic-editable");
rule_words!(RemovalRule: None => "none", Links => "links", LinksAndPegs => "links-and-pegs");
rule_words!(Swap: None => "none", Mirror => "mirror", Colors => "colors");

/// A word that names no value of a rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown value `{word}` (expected {expected})")]
pub struct UnknownRuleWord {
    /// The word as written.
    pub word: String,
    /// The rule's words, `a | b | c`.
    pub expected: String,
}

impl crate::diagnostic::Explained for UnknownRuleWord {}

impl RuleSet {
    /// The rule set in a `Rules` tag's or a position line's words: its
    /// preset's name, else each axis as `key=value` in the rule file's words
    /// (`crossing=own`), `sep` between them.
    pub fn axis_words(&self, sep: &str) -> String {
        if let Some(name) = self.preset_name() {
            return name.to_string();
        }
        let mut words = vec![
            format!("crossing={}", self.crossing.word()),
            format!("links={}", self.links.word()),
            format!("removal={}", self.removal.word()),
            format!("swap={}", self.swap.word()),
        ];
        words.extend(self.supply_pegs.map(|n| format!("supply-pegs={n}")));
        words.extend(self.supply_links.map(|n| format!("supply-links={n}")));
        words.join(sep)
    }

    /// TwixT PP as on Little Golem.
    pub fn pencil() -> RuleSet {
        RuleSet {
            crossing: Crossing::Own,
            links: Linking::Automatic,
            removal: RemovalRule::None,
            swap: Swap::Mirror,
            size: BoardSize::STANDARD,
            supply_pegs: None,
            supply_links: None,
        }
    }

    /// The 3M/Avalon Hill board game.
    pub fn board() -> RuleSet {
        RuleSet {
            links: Linking::Manual,
            removal: RemovalRule::Links,
            ..RuleSet::dujardin()
        }
    }

    /// Schmidt Spiele rulebook: as `board`, and own pegs may be removed too.
    pub fn schmidt() -> RuleSet {
        RuleSet {
            removal: RemovalRule::LinksAndPegs,
            ..RuleSet::board()
        }
    }

    /// Dujardin rulebook (also OpenSpiel and T1j): every possible link is
    /// placed at once, nothing crosses, nothing is removed.
    pub fn dujardin() -> RuleSet {
        RuleSet {
            crossing: Crossing::None,
            swap: Swap::Colors,
            ..RuleSet::pencil()
        }
    }

    /// T1 files as twixtbot-ui writes them: automatic links, no crossing, no
    /// removal, and Little Golem's mirror swap (T1j itself swaps colours).
    pub fn t1() -> RuleSet {
        RuleSet {
            swap: Swap::Mirror,
            ..RuleSet::dujardin()
        }
    }

    /// The board game as several programs play it and as published puzzles
    /// assume: links come automatically with each peg, own links may be
    /// removed and links added by hand; nothing crosses.
    pub fn editable() -> RuleSet {
        RuleSet {
            links: Linking::AutomaticEditable,
            removal: RemovalRule::Links,
            ..RuleSet::dujardin()
        }
    }

    /// All presets with their sources.
    pub fn presets() -> Vec<Preset> {
        vec![
            Preset {
                name: "pencil",
                source: "TwixT PP as played on Little Golem (pencil-and-paper variant)",
                rules: RuleSet::pencil(),
            },
            Preset {
                name: "board",
                source: "3M / Avalon Hill standard board game",
                rules: RuleSet::board(),
            },
            Preset {
                name: "schmidt",
                source: "Schmidt Spiele rulebook (seed 000)",
                rules: RuleSet::schmidt(),
            },
            Preset {
                name: "t1",
                source: "T1 files as written by twixtbot-ui: as dujardin, with the mirror swap",
                rules: RuleSet::t1(),
            },
            Preset {
                name: "dujardin",
                source: "Dujardin rulebook (seed 002), OpenSpiel, T1j",
                rules: RuleSet::dujardin(),
            },
            Preset {
                name: "editable",
                source: "the board game with automatic links that may be edited: own links removed, links added by hand (programs and published puzzles)",
                rules: RuleSet::editable(),
            },
        ]
    }

    /// The preset with this name (case-insensitive).
    pub fn preset(name: &str) -> Result<RuleSet, RuleSetError> {
        RuleSet::presets()
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.rules)
            .ok_or_else(|| RuleSetError::UnknownPreset(name.to_string()))
    }

    /// The preset `name` on a board of `size`, checked to be playable.
    pub fn preset_on(name: &str, size: BoardSize) -> Result<RuleSet, RuleSetError> {
        let rules = RuleSet::preset(name)?.with_size(size);
        rules.validate()?;
        Ok(rules)
    }

    /// The rule set as a YAML rule file, each value with its choices in a
    /// comment, ready to edit; `title` (a preset's name and source) heads it.
    /// [`RuleSet::from_yaml`] reads it back as the same rule set.
    pub fn to_yaml(&self, title: &str) -> String {
        let mut out = String::new();
        for line in title.lines() {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str("# Use it with --rules FILE.yaml, or [Rules \"FILE.yaml\"] in a script.\n");
        let size = format!("\"{}\"", self.size);
        let rows = [
            ("crossing", self.crossing.word(), "none | own"),
            (
                "links",
                self.links.word(),
                "automatic | manual | automatic-editable",
            ),
            (
                "removal",
                self.removal.word(),
                "none | links | links-and-pegs",
            ),
            ("swap", self.swap.word(), "none | mirror | colors"),
            ("size", size.as_str(), "3 to 128, or WIDTHxHEIGHT"),
        ];
        for (key, value, choices) in rows {
            let field = format!("{key}: {value}");
            out.push_str(&format!("{field:<26} # {choices}\n"));
        }
        // A finite supply (Dujardin rule 5) is rare: shown commented out
        // when unlimited, so that it is there to switch on.
        for (key, value) in [
            ("supply-pegs", self.supply_pegs),
            ("supply-links", self.supply_links),
        ] {
            let choices = "pieces per player; reused from the board when all are placed";
            match value {
                Some(n) => {
                    let field = format!("{key}: {n}");
                    out.push_str(&format!("{field:<26} # {choices}\n"));
                }
                None => {
                    let field = format!("# {key}: 50");
                    out.push_str(&format!("{field:<26} # {choices} (no limit when absent)\n"));
                }
            }
        }
        out
    }

    /// What may come off the board in effect: the removal rule, widened by
    /// a finite supply (pieces that run out are reused from the board).
    pub fn removal_in_effect(&self) -> RemovalRule {
        match (self.supply_pegs, self.supply_links, self.removal) {
            (Some(_), _, _) => RemovalRule::LinksAndPegs,
            (None, Some(_), RemovalRule::None) => RemovalRule::Links,
            (_, _, r) => r,
        }
    }

    /// The same rules on another board.
    pub fn with_size(mut self, size: BoardSize) -> RuleSet {
        self.size = size;
        self
    }

    /// Checks combinations that cannot be played.
    pub fn validate(&self) -> Result<(), RuleSetError> {
        if self.swap == Swap::Mirror && self.size.width() != self.size.height() {
            return Err(RuleSetError::MirrorOnNonSquare(self.size));
        }
        Ok(())
    }

    /// The preset name this rule set equals on its board, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        RuleSet::presets()
            .into_iter()
            .find(|p| p.rules.clone().with_size(self.size) == *self)
            .map(|p| p.name)
    }
}

impl Default for RuleSet {
    fn default() -> Self {
        RuleSet::pencil()
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(name) => write!(f, "{name} on {}", self.size),
            None => {
                write!(
                    f,
                    "crossing {:?}, links {:?}, removal {:?}, swap {:?}",
                    self.crossing, self.links, self.removal, self.swap
                )?;
                if let Some(n) = self.supply_pegs {
                    write!(f, ", {n} pegs")?;
                }
                if let Some(n) = self.supply_links {
                    write!(f, ", {n} links")?;
                }
                write!(f, " on {}", self.size)
            }
        }
    }
}

/// Why a YAML rule set was refused. The message names the line and column.
#[cfg(feature = "yaml")]
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("rules YAML, line {line}, column {column}: {message}")]
pub struct RuleYamlError {
    /// One-based; 0 when the YAML reader gives no position.
    pub line: u64,
    /// One-based; 0 when the YAML reader gives no position.
    pub column: u64,
    /// What is wrong.
    pub message: String,
}

/// The value of a key of the YAML form, else the preset's; an error when
/// neither gives one.
#[cfg(feature = "yaml")]
fn key_or_preset<T: Copy>(
    given: &Option<serde_saphyr::Spanned<T>>,
    preset: Option<T>,
    key: &str,
) -> Result<T, RuleYamlError> {
    given
        .as_ref()
        .map(|v| v.value)
        .or(preset)
        .ok_or_else(|| RuleYamlError {
            line: 1,
            column: 1,
            message: format!("missing key `{key}` (give it, or start from a `preset`)"),
        })
}

#[cfg(feature = "yaml")]
/// The YAML form: every key optional when `preset` gives the rest.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RuleSetYaml {
    preset: Option<serde_saphyr::Spanned<String>>,
    crossing: Option<serde_saphyr::Spanned<Crossing>>,
    links: Option<serde_saphyr::Spanned<Linking>>,
    removal: Option<serde_saphyr::Spanned<RemovalRule>>,
    swap: Option<serde_saphyr::Spanned<Swap>>,
    size: Option<serde_saphyr::Spanned<BoardSize>>,
    supply_pegs: Option<u16>,
    supply_links: Option<u16>,
}

#[cfg(feature = "yaml")]
impl RuleSet {
    /// Reads a rule set from YAML, for example
    ///
    /// ```yaml
    /// crossing: none        # none | own
    /// links: automatic      # automatic | manual
    /// removal: none         # none | links | links-and-pegs
    /// swap: colors          # none | mirror | colors
    /// size: 30x20           # optional, 24 by default
    /// supply-pegs: 50       # optional: pegs per player (Dujardin rule 5)
    /// supply-links: 50      # optional: links per player
    /// ```
    ///
    /// or `preset: pencil` followed by the keys to change. Unknown keys,
    /// unknown values, missing keys and impossible combinations are refused
    /// with the line and column of the offending key or value.
    pub fn from_yaml(text: &str) -> Result<RuleSet, RuleYamlError> {
        let y: RuleSetYaml = serde_saphyr::from_str(text).map_err(|e| {
            let (line, column, message) = crate::yaml_words::explain(&e, text);
            RuleYamlError {
                line,
                column,
                message,
            }
        })?;
        let at = |loc: serde_saphyr::Location, message: String| RuleYamlError {
            line: loc.line(),
            column: loc.column(),
            message,
        };
        let base = match &y.preset {
            Some(p) => {
                Some(RuleSet::preset(&p.value).map_err(|e| at(p.referenced, e.to_string()))?)
            }
            None => None,
        };
        let rules = RuleSet {
            crossing: key_or_preset(&y.crossing, base.as_ref().map(|b| b.crossing), "crossing")?,
            links: key_or_preset(&y.links, base.as_ref().map(|b| b.links), "links")?,
            removal: key_or_preset(&y.removal, base.as_ref().map(|b| b.removal), "removal")?,
            swap: key_or_preset(&y.swap, base.as_ref().map(|b| b.swap), "swap")?,
            size: y.size.as_ref().map_or(BoardSize::STANDARD, |s| s.value),
            supply_pegs: y.supply_pegs.or(base.as_ref().and_then(|b| b.supply_pegs)),
            supply_links: y
                .supply_links
                .or(base.as_ref().and_then(|b| b.supply_links)),
        };
        if let Err(e) = rules.validate() {
            // Point at the key that made the combination impossible.
            let loc = match (&e, &y.swap, &y.size) {
                (RuleSetError::MirrorOnNonSquare(_), _, Some(size)) => size.referenced,
                (_, Some(swap), _) => swap.referenced,
                _ => y
                    .preset
                    .as_ref()
                    .map_or(serde_saphyr::Location::UNKNOWN, |p| p.referenced),
            };
            return Err(at(loc, e.to_string()));
        }
        Ok(rules)
    }
}

#[cfg(all(test, feature = "yaml"))]
mod tests {
    use super::*;

    /// The message about a rule file's `size`, as the file writes it.
    fn size_error(size: &str) -> String {
        let text = format!("preset: pencil\nsize: {size}\n");
        RuleSet::from_yaml(&text).unwrap_err().message
    }

    #[test]
    fn a_bad_size_is_quoted_as_the_file_writes_it() {
        assert!(
            size_error("-3").starts_with("board size -3x-3 is out of range"),
            "{}",
            size_error("-3")
        );
        assert!(size_error("2").starts_with("board size 2x2 is out of range"));
        let huge = "1000000000000000000000000000";
        let m = size_error(huge);
        assert!(m.contains(&format!("found `{huge}`")), "{m}");
        assert!(
            size_error("2.5").contains("found `2.5`"),
            "{}",
            size_error("2.5")
        );
    }
}
