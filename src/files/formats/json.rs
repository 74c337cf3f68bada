//! twixtkit's JSON: game records (`convert -o games.json`) and positions
//! (`show --format json`) as data for scripts, in a documented schema with
//! a `schema_version` (docs/formats.md). Records read back.
//!
//! ```text
//! {"schema_version": 1, "kind": "twixt-games", "games": [
//!   {"tags": [["Red", "ann"]], "rules": {…}, "first": "red",
//!    "moves": [{"peg": "f6"}, "swap", {"peg": "k9", "remove": ["f6-g8"]}, "resign"],
//!    "result": "black"}]}
//! ```

use serde::{Deserialize, Serialize};

use crate::record::{GameResult, Record};
use twixt_core::board::{Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal};
use twixt_core::position::Position;
use twixt_core::rules::RuleSet;
use twixt_core::setup::Setup;

use super::{Error, Location};

/// The version of the schema this module writes and reads. It goes up
/// when a field changes meaning or goes; new fields may be added within a
/// version.
pub const SCHEMA_VERSION: u32 = 1;

/// `kind` of a file of game records.
const GAMES: &str = "twixt-games";
/// `kind` of a file of positions.
const POSITIONS: &str = "twixt-positions";

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesDoc {
    schema_version: u32,
    kind: String,
    games: Vec<GameDoc>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameDoc {
    /// Header tags in order, each `[name, value]`.
    tags: Vec<[String; 2]>,
    rules: RuleSet,
    first: Player,
    moves: Vec<MoveDoc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<ResultDoc>,
}

#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum ResultDoc {
    Red,
    Black,
    Draw,
    Unfinished,
}

/// A turn: `"swap"`, `"resign"`, `"accept-draw"`, or a placement.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum MoveDoc {
    Word(String),
    Place(PlaceDoc),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceDoc {
    /// Own links taken off before the peg (`f6-g8`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    remove: Vec<String>,
    /// Own pegs taken off (with their links) before the peg.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    remove_pegs: Vec<String>,
    peg: String,
    /// Links added by hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    links: Vec<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    offers_draw: bool,
}

fn move_doc(m: &Move) -> MoveDoc {
    match m {
        Move::Swap => MoveDoc::Word("swap".into()),
        Move::Resign => MoveDoc::Word("resign".into()),
        Move::AcceptDraw => MoveDoc::Word("accept-draw".into()),
        Move::Place(p) => {
            let (mut remove, mut remove_pegs) = (Vec::new(), Vec::new());
            for r in &p.removals {
                match r {
                    Removal::Link(l) => remove.push(l.to_string()),
                    Removal::Peg(h) => remove_pegs.push(h.to_string()),
                }
            }
            MoveDoc::Place(PlaceDoc {
                remove,
                remove_pegs,
                peg: p.hole.to_string(),
                links: p.links.iter().map(Link::to_string).collect(),
                offers_draw: p.offers_draw,
            })
        }
    }
}

fn game_doc(r: &Record) -> GameDoc {
    GameDoc {
        tags: r.tags.iter().map(|(k, v)| [k.clone(), v.clone()]).collect(),
        rules: r.rules.clone(),
        first: r.first,
        moves: r.moves.iter().map(move_doc).collect(),
        result: r.result.map(|g| match g {
            GameResult::Win(Player::Red) => ResultDoc::Red,
            GameResult::Win(Player::Black) => ResultDoc::Black,
            GameResult::Draw => ResultDoc::Draw,
            GameResult::Unfinished => ResultDoc::Unfinished,
        }),
    }
}

/// The records as a JSON document of kind `twixt-games`, pretty-printed,
/// ending with a new line.
pub fn write(records: &[Record]) -> String {
    let doc = GamesDoc {
        schema_version: SCHEMA_VERSION,
        kind: GAMES.into(),
        games: records.iter().map(game_doc).collect(),
    };
    let mut out = serde_json::to_string_pretty(&doc).expect("the documents are plain data");
    out.push('\n');
    out
}

/// A placement of the document as a move, or what is wrong with it.
fn placement(p: PlaceDoc) -> Result<Move, String> {
    let hole = |s: &str| s.parse::<Hole>().map_err(|e| e.to_string());
    let link = |s: &str| s.parse::<Link>().map_err(|e| e.to_string());
    let mut pl = Placement::peg(hole(&p.peg)?);
    for l in &p.remove {
        pl.removals.push(Removal::Link(link(l)?));
    }
    for h in &p.remove_pegs {
        pl.removals.push(Removal::Peg(hole(h)?));
    }
    for l in &p.links {
        pl.links.push(link(l)?);
    }
    pl.offers_draw = p.offers_draw;
    Ok(Move::Place(pl))
}

/// Reads a JSON document of kind `twixt-games` into its records. Errors
/// name the line and column serde_json stopped at, or the game and move.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, Error> {
    let text = super::utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    let at_start = |message: String| Error::Syntax {
        at: Location { line: 1, column: 1 },
        message,
    };
    let doc: GamesDoc = serde_json::from_str(text).map_err(|e| Error::Syntax {
        at: Location {
            line: e.line().max(1),
            column: e.column().max(1),
        },
        message: {
            let m = e.to_string();
            let m = m.split(" at line ").next().unwrap_or(&m).to_string();
            format!("expected twixtkit's JSON of games: {m}")
        },
    })?;
    if doc.kind != GAMES {
        return Err(at_start(format!(
            "expected `\"kind\": \"{GAMES}\"`, found `{}`",
            crate::grammar::clip(&doc.kind)
        )));
    }
    if doc.schema_version != SCHEMA_VERSION {
        return Err(at_start(format!(
            "expected schema_version {SCHEMA_VERSION}, found {}: written by another twixtkit",
            doc.schema_version
        )));
    }
    doc.games
        .into_iter()
        .enumerate()
        .map(|(g, game)| {
            let mut r = Record::new(game.rules);
            r.tags = game.tags.into_iter().map(|[k, v]| (k, v)).collect();
            r.first = game.first;
            for (m, mv) in game.moves.into_iter().enumerate() {
                let mv = match mv {
                    MoveDoc::Word(w) => match w.as_str() {
                        "swap" => Ok(Move::Swap),
                        "resign" => Ok(Move::Resign),
                        "accept-draw" => Ok(Move::AcceptDraw),
                        other => Err(format!(
                            "expected swap, resign, accept-draw or a placement, found `{}`",
                            crate::grammar::clip(other)
                        )),
                    },
                    MoveDoc::Place(p) => placement(p),
                }
                .map_err(|e| at_start(format!("game {}, move {}: {e}", g + 1, m + 1)))?;
                r.moves.push(mv);
            }
            r.result = game.result.map(|d| match d {
                ResultDoc::Red => GameResult::Win(Player::Red),
                ResultDoc::Black => GameResult::Win(Player::Black),
                ResultDoc::Draw => GameResult::Draw,
                ResultDoc::Unfinished => GameResult::Unfinished,
            });
            Ok(r)
        })
        .collect()
}

/// True when the head of an input is twixtkit's JSON of games.
pub fn looks_like(text: &str) -> bool {
    let head: String = text
        .chars()
        .take(4096)
        .filter(|c| !c.is_whitespace())
        .collect();
    head.starts_with('{') && head.contains("\"schema_version\"") && head.contains(GAMES)
}

#[derive(Serialize)]
struct PositionsDoc {
    schema_version: u32,
    kind: &'static str,
    positions: Vec<PositionDoc>,
}

#[derive(Serialize)]
struct PositionDoc {
    name: String,
    columns: u16,
    rows: u16,
    rules: RuleSet,
    to_move: Player,
    pegs: Sides,
    links: Sides,
    /// `ongoing`, or `red won by connection` / `black won by connection`.
    outcome: String,
    winner: Option<Player>,
}

#[derive(Serialize, Default)]
struct Sides {
    red: Vec<String>,
    black: Vec<String>,
}

impl Sides {
    fn push(&mut self, p: Player, s: String) {
        match p {
            Player::Red => self.red.push(s),
            Player::Black => self.black.push(s),
        }
    }
}

/// One drawn position for [`positions`]: its name, rules, board and the
/// player to move.
pub struct PositionIn<'a> {
    /// The picture's name (its file stem).
    pub name: &'a str,
    /// The game's rules.
    pub rules: &'a RuleSet,
    /// The pegs, links and size.
    pub setup: &'a Setup,
    /// Who moves next.
    pub to_move: Player,
}

/// Positions as a JSON document of kind `twixt-positions`: size, rules,
/// pegs and links by colour (sorted), the side to move and the outcome the
/// board shows (a connection; a resignation is in the record, not on the
/// board).
pub fn positions(list: &[PositionIn<'_>]) -> String {
    let docs = list
        .iter()
        .map(|p| {
            let mut pegs = Sides::default();
            for (h, c) in &p.setup.pegs {
                pegs.push(*c, h.to_string());
            }
            let mut links = Sides::default();
            for l in &p.setup.links {
                let (a, _) = l.ends();
                if let Some(c) = p.setup.pegs.get(&a) {
                    links.push(*c, l.to_string());
                }
            }
            let status = Position::from_setup(p.setup, p.rules.clone())
                .map(|pos| pos.status())
                .unwrap_or(twixt_core::position::Status::Ongoing);
            let winner = match status {
                twixt_core::position::Status::Won { winner, .. } => Some(winner),
                _ => None,
            };
            PositionDoc {
                name: p.name.to_string(),
                columns: p.setup.size.width(),
                rows: p.setup.size.height(),
                rules: p.rules.clone(),
                to_move: p.to_move,
                pegs,
                links,
                outcome: status.outcome(),
                winner,
            }
        })
        .collect();
    let doc = PositionsDoc {
        schema_version: SCHEMA_VERSION,
        kind: POSITIONS,
        positions: docs,
    };
    let mut out = serde_json::to_string_pretty(&doc).expect("the documents are plain data");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_write_and_read_back() {
        let mut r = Record::new(RuleSet::editable());
        r.tags.push(("Red".into(), "ann".into()));
        r.moves.push(Move::peg("f6".parse().unwrap()));
        r.moves.push(Move::Swap);
        let mut p = Placement::peg("k9".parse().unwrap());
        p.removals.push(Removal::Link("f6-g8".parse().unwrap()));
        p.offers_draw = true;
        r.moves.push(Move::Place(p));
        r.moves.push(Move::Resign);
        r.result = Some(GameResult::Win(Player::Black));
        let text = write(std::slice::from_ref(&r));
        assert!(looks_like(&text));
        assert!(text.contains("\"schema_version\": 1"), "{text}");
        assert_eq!(read(text.as_bytes()).unwrap(), vec![r]);
        let wrong = text.replace("\"schema_version\": 1", "\"schema_version\": 9");
        assert!(read(wrong.as_bytes()).is_err());
        let bad = text.replace("\"k9\"", "\"k\"");
        match read(bad.as_bytes()) {
            Err(Error::Syntax { message, .. }) => assert!(message.contains("move 3"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}
