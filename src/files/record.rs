//! A game record: header tags and the plain move list, with no annotations.
//! Every file format reads into and writes from a `Record`.

use serde::{Deserialize, Serialize};

use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::moves::{Move, Removal};
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

    /// The first hole a move names that the record's board lacks: off the
    /// board, or a corner, which no TwixT board has. Such a move is no move
    /// of any game. The readers of the record formats refuse one where it
    /// stands; a game script and twixtkit's JSON name any hole, and this
    /// finds it. The board only, not the rules: a peg on an occupied hole
    /// or in the opponent's border row is the replay's to find.
    pub fn hole_off_board(&self) -> Option<HoleOffBoard> {
        let size = self.size();
        self.moves.iter().enumerate().find_map(|(i, m)| {
            let Move::Place(p) = m else {
                return None;
            };
            // A peg taken off is named twice, to keep one shape of pair.
            let removed = p.removals.iter().flat_map(|r| match r {
                Removal::Link(l) => [l.ends().0, l.ends().1],
                Removal::Peg(h) => [*h, *h],
            });
            let added = p.links.iter().flat_map(|l| [l.ends().0, l.ends().1]);
            let mut holes = removed.chain([p.hole]).chain(added);
            holes.find_map(|hole| {
                let message = crate::formats::on_board(hole, &hole.to_string(), size).err()?;
                Some(HoleOffBoard {
                    number: i + 1,
                    hole,
                    message,
                })
            })
        })
    }
}

/// A hole that a move of a record names and its board lacks
/// ([`Record::hole_off_board`]). Shown as `move 2: expected a hole on the
/// board of size 24×24, found `zz99`, which is off the board`, in the
/// words the record readers refuse such a hole with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {number}: {message}")]
pub struct HoleOffBoard {
    /// The move's number, counting from 1.
    pub number: usize,
    /// The hole.
    pub hole: Hole,
    /// What is wrong with it: off the board, or a corner.
    pub message: String,
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

#[cfg(test)]
mod tests {
    use super::*;
    use twixt_core::moves::Placement;

    fn hole(name: &str) -> Hole {
        name.parse().unwrap()
    }

    #[test]
    fn a_hole_off_the_board_or_on_a_corner_is_found_in_any_part_of_a_move() {
        let mut r = Record::new(RuleSet::board().with_size(BoardSize::square(12).unwrap()));
        r.moves = vec![Move::peg(hole("f6")), Move::peg(hole("f6")), Move::Swap];
        // An occupied hole is the replay's to find.
        assert_eq!(r.hole_off_board(), None);
        let off = |r: &Record| r.hole_off_board().map(|o| (o.number, o.hole.to_string()));
        // A link added by hand, a link taken off, a peg taken off: each
        // names holes too.
        let mut linked = Placement::peg(hole("l6"));
        linked.links.push("l6-m8".parse().unwrap());
        r.moves.push(Move::Place(linked));
        assert_eq!(off(&r), Some((4, "m8".into())));
        r.moves.pop();
        let mut unlinked = Placement::peg(hole("g8"));
        unlinked
            .removals
            .push(Removal::Link("a1-b3".parse().unwrap()));
        r.moves.push(Move::Place(unlinked));
        assert_eq!(off(&r), Some((4, "a1".into())));
        let e = r.hole_off_board().unwrap().to_string();
        assert_eq!(
            e,
            "move 4: expected a hole on the board, found the corner `a1`, which does not exist"
        );
        r.moves.pop();
        let mut lifted = Placement::peg(hole("g8"));
        lifted.removals.push(Removal::Peg(hole("m1")));
        r.moves.push(Move::Place(lifted));
        assert_eq!(off(&r), Some((4, "m1".into())));
        // On a board cut at the top and left, a1 is a hole like any other.
        r.moves.truncate(3);
        r.moves.push(Move::peg(hole("a1")));
        assert_eq!(off(&r), Some((4, "a1".into())));
        r.rules.size = "12 cut top left".parse().unwrap();
        assert_eq!(off(&r), None);
    }
}
