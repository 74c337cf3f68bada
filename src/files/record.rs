//! A game record: header tags and the plain move list, with no annotations.
//! Every file format reads into and writes from a `Record`.

use serde::{Deserialize, Serialize};

use twixt_core::board::{BoardSize, Player};
use twixt_core::moves::Move;
use twixt_core::rules::RuleSet;

/// How a game ended, as declared by a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameResult {
    /// The colour that won (by connection or resignation).
    Win(Player),
    /// A draw.
    Draw,
    /// Not finished.
    Unfinished,
}

/// One game as a move list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Header tags in file order, unknown ones included (`Event`, `Red`, …).
    pub tags: Vec<(String, String)>,
    /// The rule set, board size included.
    pub rules: RuleSet,
    /// The colour that moves first (Red unless a file says otherwise).
    pub first: Player,
    /// The moves in order.
    pub moves: Vec<Move>,
    /// The result the file declares, if any.
    pub result: Option<GameResult>,
    /// Where each move stands in the file it was read from, in move order
    /// (empty for a record not read from a file).
    #[serde(skip)]
    pub move_at: MoveLocations,
}

/// Where the moves of a record stand in its file. Like a script's spans,
/// locations never make two records differ: the same game read from two
/// files is the same game.
#[derive(Debug, Clone, Default)]
pub struct MoveLocations(pub Vec<crate::formats::Location>);

impl PartialEq for MoveLocations {
    fn eq(&self, _: &MoveLocations) -> bool {
        true
    }
}

impl Eq for MoveLocations {}

impl Record {
    /// An empty record under `rules`: no tags, no moves, Red first, no result.
    pub fn new(rules: RuleSet) -> Record {
        Record {
            tags: Vec::new(),
            rules,
            first: Player::Red,
            moves: Vec::new(),
            result: None,
            move_at: MoveLocations::default(),
        }
    }

    /// The board size of its rule set.
    pub fn size(&self) -> BoardSize {
        self.rules.size
    }

    /// The first value of a tag, by case-insensitive name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A game's title, by the one rule every command titles a game by: its
/// `[Title]`, else its players ("Red – Black"), else its `[Event]`; `tag`
/// looks a header up. Little Golem fills the event of a game outside a
/// tournament with `null` or the game's name, `twixt`: that is no title.
pub fn game_title<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> Option<String> {
    let given = |name: &str| tag(name).map(str::trim).filter(|v| !v.is_empty());
    if let Some(t) = given("Title") {
        return Some(t.to_string());
    }
    if let (Some(r), Some(b)) = (given("Red"), given("Black")) {
        return Some(format!("{r} – {b}"));
    }
    given("Event")
        .filter(|e| !e.eq_ignore_ascii_case("null") && !e.eq_ignore_ascii_case("twixt"))
        .map(str::to_string)
}

/// The page of a Little Golem game, for a record named as Little Golem
/// names its downloads (`game1107581.tsgf`): built from the digits only.
pub fn littlegolem_link(path: &std::path::Path) -> Option<String> {
    let ext = path.extension()?.to_str()?;
    if !ext.eq_ignore_ascii_case("tsgf") {
        return None;
    }
    let id = path.file_stem()?.to_str()?.strip_prefix("game")?;
    (!id.is_empty() && id.len() <= 12 && id.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("https://www.littlegolem.net/jsp/game/game.jsp?gid={id}"))
}
