//! The twixtkit game script format (`.twixt`): PGN-like header tags, move
//! text, comments, diagram points, marks, setup blocks, checkable claims and
//! variations. Specification: `docs/script-format.md`.
//!
//! [`parse`] reads text into a [`ScriptFile`]; [`write_file`] writes it back
//! canonically, so that `parse(write(file)) == file`.

mod ast;
mod diagram_options;
pub(crate) mod lex;
mod load;
pub(crate) use load::{MoveSpans, located_games, record_source, records_as_games};
mod parse;
pub(crate) mod read;
pub mod stream;
mod words;
pub(crate) mod write;

use std::path::{Path, PathBuf};

pub use ast::*;
pub use diagram_options::{CaptionPosition, ParseSidesError, PointLook, Sides};
pub use load::{
    EXTENSIONS, FileFormat, LoadError, LoadedFile, is_game_file, load_games, load_games_as,
    script_from_bytes, script_hint,
};
pub use parse::{MAX_DEPTH, MAX_WIN_MOVES, ParseError, Parsed, Piece, parse, parse_pieces};
pub use write::{move_text, write_file, write_game};

use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Player};
use twixt_core::moves::Move;
use twixt_core::rules::{Crossing, Linking, RemovalRule, RuleSet, Swap};

/// Reads a `Result` tag value: `red`, `black`, `draw` or `*` (`None` if
/// unreadable; `Some(None)` never occurs).
pub fn parse_result(v: &str) -> Option<GameResult> {
    match v.trim().to_ascii_lowercase().as_str() {
        "red" => Some(GameResult::Win(Player::Red)),
        "black" => Some(GameResult::Win(Player::Black)),
        "draw" => Some(GameResult::Draw),
        "*" => Some(GameResult::Unfinished),
        _ => None,
    }
}

/// The `Result` tag spelling of a result.
pub fn result_name(r: GameResult) -> &'static str {
    match r {
        GameResult::Win(p) => p.name(),
        GameResult::Draw => "draw",
        GameResult::Unfinished => "*",
    }
}

/// What a `Rules` tag says: a preset with optional `key=value` overrides,
/// or a YAML file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesSpec {
    /// A preset with its overrides applied.
    Inline(RuleSet),
    /// A YAML rule set, relative to the script's folder.
    File(PathBuf),
}

/// Why a game's rule set could not be had: its `[Game]`, `[Rules]` or
/// `[Size]` header, or the rule file a header names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The `[Game]` header names a game this file cannot hold.
    #[error("{0}")]
    Game(String),
    /// A `Rules` value that names no rule set, or a rule with a bad value.
    #[error("{0}")]
    Spec(String),
    /// A rule file named outside the script's folder, or reached through a
    /// link that leads out of it.
    #[error(transparent)]
    Outside(#[from] crate::limits::OutsideFolder),
    /// A rule file that cannot be read.
    #[error("cannot read rule set {}: {message}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        message: String,
    },
    /// A rule file whose content is wrong, where (line 0 when the whole
    /// file is).
    #[error("bad rule set {}{}: {message}", path.display(), if *line == 0 { String::new() } else { format!(":{line}:{column}") })]
    BadFile {
        /// The file.
        path: PathBuf,
        /// The line, from 1; 0 for the whole file.
        line: u64,
        /// The column, from 1.
        column: u64,
        /// What is wrong.
        message: String,
    },
    /// A rule set the engine refuses (a board too small, no pegs to play).
    #[error(transparent)]
    Invalid(#[from] twixt_core::rules::RuleSetError),
    /// A game that starts from a setup block, asked for a plain record.
    #[error(
        "a game that starts from a setup block has no plain move record (a .twixt script holds it)"
    )]
    SetupHasNoRecord,
}

impl crate::diagnostic::Explained for RulesError {}

impl RulesSpec {
    /// `board`, `pencil swap=none`, `crossing=own links=manual removal=none
    /// swap=colors` (starting from `pencil`), or `rules/my.yaml`.
    pub fn parse(v: &str) -> Result<RulesSpec, RulesError> {
        Self::parse_words(v).map_err(RulesError::Spec)
    }

    fn parse_words(v: &str) -> Result<RulesSpec, String> {
        let v = v.trim();
        let lower = v.to_ascii_lowercase();
        if lower.ends_with(".yaml") || lower.ends_with(".yml") || v.contains(['/', '\\']) {
            // A downloaded script must not make `check` read (and quote in its
            // errors) files elsewhere: only YAML files beside the script or below.
            let path = PathBuf::from(v);
            let inside = path
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            if !inside || !(lower.ends_with(".yaml") || lower.ends_with(".yml")) || v.contains('\\')
            {
                return Err(format!(
                    "a rule-set file must be a .yaml file in the script's folder or below it, found `{v}`"
                ));
            }
            return Ok(RulesSpec::File(path));
        }
        let mut words = v.split_whitespace().peekable();
        let mut rules = RuleSet::pencil();
        if let Some(w) = words.peek()
            && !w.contains('=')
        {
            rules = RuleSet::preset(w).map_err(|e| e.to_string())?;
            words.next();
        }
        for w in words {
            let (k, val) = w
                .split_once('=')
                .ok_or_else(|| format!("expected a rule like swap=none, found `{w}`"))?;
            // Each value is its rule word (`automatic-editable`).
            match k.to_ascii_lowercase().as_str() {
                "crossing" => rules.crossing = pick::<Crossing>(k, val)?,
                "links" => rules.links = pick::<Linking>(k, val)?,
                "removal" => rules.removal = pick::<RemovalRule>(k, val)?,
                "swap" => rules.swap = pick::<Swap>(k, val)?,
                "supply-pegs" | "supply-links" => {
                    let n: u16 = val.parse().map_err(|_| {
                        format!("{k}={val}: expected a number of pieces from 0 to 65535")
                    })?;
                    if k.eq_ignore_ascii_case("supply-pegs") {
                        rules.supply_pegs = Some(n);
                    } else {
                        rules.supply_links = Some(n);
                    }
                }
                _ => {
                    return Err(format!(
                        "unknown rule `{k}`: expected crossing, links, removal, swap, supply-pegs or supply-links"
                    ));
                }
            }
        }
        Ok(RulesSpec::Inline(rules))
    }

    /// The `Rules` tag value for a rule set: its preset name, or the preset
    /// `pencil` with overrides.
    pub fn describe(rules: &RuleSet) -> String {
        rules.axis_words(" ")
    }
}

/// The rule value named `val`, for the rule `k`.
fn pick<T: std::str::FromStr>(k: &str, val: &str) -> Result<T, String> {
    val.parse()
        .map_err(|_| format!("unknown value `{val}` for rule `{k}`"))
}

/// Loads a YAML rule set file.
pub fn load_rules_yaml(path: &Path) -> Result<RuleSet, RulesError> {
    parse_rules_yaml(path, &read_rules_yaml(path)?)
}

/// The text of the YAML rule file `path`; the error says it cannot be read.
pub fn read_rules_yaml(path: &Path) -> Result<String, RulesError> {
    crate::limits::read_regular_text(path, crate::limits::MAX_YAML_BYTES).map_err(|e| {
        RulesError::Unreadable {
            path: path.to_path_buf(),
            message: e.to_string(),
        }
    })
}

/// The rule set in `text`, read from the YAML rule file `path`; the error
/// names the file, line and column.
pub fn parse_rules_yaml(path: &Path, text: &str) -> Result<RuleSet, RulesError> {
    // The engine's reader: presets with overrides, positions in errors.
    RuleSet::from_yaml(text).map_err(|e| RulesError::BadFile {
        path: path.to_path_buf(),
        line: e.line,
        column: e.column,
        message: e.message,
    })
}

/// The games a `[Game]` header may name: the one list of games, which the
/// commands' support of each game follows.
pub const GAMES_KNOWN: [&str; 2] = ["twixt", "twrs"];

/// A TwixT game's `[Game]` header: `twixt`, or an error that names the games
/// known (a TWRS game is told by the file's first header, never mixed in).
fn known_game(name: &str) -> Result<(), String> {
    if name.eq_ignore_ascii_case("twixt") {
        return Ok(());
    }
    let shown = crate::diagnostic::printable(name);
    if name.eq_ignore_ascii_case("twrs") {
        return Err(format!(
            "[Game \"{shown}\"] in a file of TwixT games: a file holds games of one kind, which its first [Game] header names"
        ));
    }
    Err(format!(
        "[Game \"{shown}\"] names a game twixt does not know; the games known are {}",
        GAMES_KNOWN.join(" and ")
    ))
}

impl<N: Notation> Game<N> {
    /// The first value of a tag, by case-insensitive name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_node(name).map(|t| t.value.as_str())
    }

    /// The tag node itself (for its span).
    pub fn tag_node(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// Sets a tag, replacing the first one of that name or appending.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|t| t.name.eq_ignore_ascii_case(name))
        {
            Some(t) => t.value = value,
            None => self.tags.push(Tag {
                name: name.to_string(),
                value,
                span: Span::default(),
            }),
        }
    }

    /// The main line's moves in order.
    pub fn main_moves(&self) -> impl Iterator<Item = &MoveNode<N::Move>> {
        self.line.elements.iter().filter_map(|e| match e {
            Element::Move(m) => Some(m),
            _ => None,
        })
    }
}

impl Game {
    /// The `Size` tag, if present (checked by the parser).
    pub fn size(&self) -> Option<BoardSize> {
        self.tag("Size").and_then(|v| v.parse().ok())
    }

    /// The `First` tag; Red when absent.
    pub fn first(&self) -> Player {
        self.tag("First")
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(Player::Red)
    }

    /// The declared result, if any.
    pub fn result(&self) -> Option<GameResult> {
        self.tag("Result").and_then(parse_result)
    }

    /// The rule file the `Rules` tag names (`[Rules "r.yaml"]`), relative to
    /// the script's folder, whether or not it is read; `None` for a preset
    /// or a value that names no rule set.
    pub fn rules_file(&self) -> Option<PathBuf> {
        match RulesSpec::parse(self.tag("Rules")?) {
            Ok(RulesSpec::File(path)) => Some(path),
            _ => None,
        }
    }

    /// The rule set: the `Rules` tag (default `pencil`), a YAML path resolved
    /// against `base_dir`, on the board of the `Size` tag when there is one.
    pub fn rules(&self, base_dir: Option<&Path>) -> Result<RuleSet, RulesError> {
        if let Some(game) = self.tag("Game") {
            known_game(game).map_err(RulesError::Game)?;
        }
        let spec = match self.tag("Rules") {
            Some(v) => RulesSpec::parse(v)?,
            None => RulesSpec::Inline(RuleSet::pencil()),
        };
        let mut rules = match spec {
            RulesSpec::Inline(r) => r,
            RulesSpec::File(p) => {
                let full = crate::limits::resolve_inside(base_dir.unwrap_or(Path::new(".")), &p)?;
                load_rules_yaml(&full)?
            }
        };
        if let Some(size) = self.size() {
            rules = rules.with_size(size);
        }
        rules.validate()?;
        Ok(rules)
    }

    /// The main line as a plain record (rule set paths resolved against the
    /// current directory). Setup blocks have no record form and are refused.
    pub fn to_record(&self) -> Result<Record, RulesError> {
        self.to_record_with(self.rules(None)?)
    }

    /// As [`Game::to_record`] with an already resolved rule set.
    pub fn to_record_with(&self, rules: RuleSet) -> Result<Record, RulesError> {
        if self.setup.is_some() {
            return Err(RulesError::SetupHasNoRecord);
        }
        Ok(Record {
            tags: self
                .tags
                .iter()
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
            rules,
            first: self.first(),
            moves: self.main_moves().map(|m| m.mv.clone()).collect(),
            result: self.result(),
            move_at: Default::default(),
        })
    }

    /// A game from a plain record: its tags (with `Size`, `Rules`, `First`
    /// and `Result` made to agree with the record) and its moves.
    pub fn from_record(rec: &Record) -> Game {
        let mut g = Game {
            tags: rec
                .tags
                .iter()
                .map(|(k, v)| Tag {
                    name: ast::KNOWN_TAGS
                        .iter()
                        .find(|n| n.eq_ignore_ascii_case(k))
                        .map_or_else(|| k.clone(), |n| n.to_string()),
                    value: v.clone(),
                    span: Span::default(),
                })
                .collect(),
            ..Game::default()
        };
        g.set_tag("Size", rec.rules.size.to_string());
        g.set_tag("Rules", RulesSpec::describe(&rec.rules));
        if rec.first != Player::Red || g.tag("First").is_some() {
            g.set_tag("First", rec.first.name());
        }
        match rec.result {
            Some(r) => g.set_tag("Result", result_name(r)),
            None => g.tags.retain(|t| t.name != "Result"),
        }
        g.line.elements = rec
            .moves
            .iter()
            .map(|m: &Move| {
                Element::Move(MoveNode {
                    mv: m.clone(),
                    glyph: None,
                    span: Span::default(),
                })
            })
            .collect();
        g
    }
}
