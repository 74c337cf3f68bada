//! What the page draws of a TWRS game: the board drawn by TWRS's own
//! drawing code in the look the viewer gives it (`twrs::draw`, so the page
//! has no board drawing of its own), the move tree numbered as the script
//! numbers it, the comment, whose turn it is and the result; and the turns
//! open at the current node, from which the page makes a move of the
//! author's clicks (a tower, where it goes, which tower it marks).

use std::fmt::Write as _;

use serde::Serialize;
use twrs_core::moves::Move;
use twrs_core::point::Point;
use twrs_core::position::{Position, Status};

use super::tree;
use super::twrs::TwrsDocument;
use super::view::{State, tree_html_of};
use crate::twrs::draw::{TwrsStyle, to_svg_styled};
use crate::twrs::file::outcome;

/// The turns open to the side to move, for the page to build a move from
/// clicks.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Play {
    /// Each tower of the side to move that can move: its number, where it
    /// stands, and every place it can go with the markings open after
    /// going there, as the notation writes them (`x2`, `x4/`).
    pub towers: Vec<TowerTurns>,
    /// While towers and stones are placed (advanced rule 1): what a click
    /// on a free point places, `stone` or a tower's number.
    pub placing: Option<String>,
    /// Stones left in the stock.
    pub stones_left: u16,
    /// The score as it would be counted now: Orange's, Blue's.
    pub score: (u32, u32),
}

/// The moves of one tower.
#[derive(Debug, Clone, Serialize)]
pub struct TowerTurns {
    /// The tower's number.
    pub number: u8,
    /// Where it stands.
    pub at: String,
    /// Each place it can go, and the markings open from there.
    pub to: Vec<(String, Vec<String>)>,
}

/// The state of a TWRS document as the page draws it.
pub fn state(doc: &TwrsDocument) -> State {
    let cursor = doc.cursor().to_vec();
    let game = doc.game();
    let (pos, error) = replay(doc, &cursor);
    let (svg, board, to_move, status, play) = match &pos {
        Some(pos) => {
            let last = tree::move_at(&game.line, &cursor)
                .filter(|_| error.is_none())
                .map(|m| destination(&m.mv));
            (
                board_svg(pos, last),
                (u16::from(pos.width()), u16::from(pos.height())),
                (!matches!(pos.status(), Status::Over(_))).then(|| pos.to_move().name().into()),
                status_words(pos),
                Some(play(pos)),
            )
        }
        None => (String::new(), (0, 0), None, None, None),
    };
    let (undo, redo) = doc.can_undo_redo();
    let (index, games) = doc.game_index();
    State {
        kind: "twrs",
        twrs: play,
        version: doc.version(),
        svg,
        board,
        tree: tree_html_of(&game.line, &cursor, &|m: &Move| m.to_string()),
        comment: doc.comment().unwrap_or_default().to_string(),
        glyph: None,
        to_move,
        status,
        error,
        tags: game
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        diagram: None,
        directives: Vec::new(),
        dirty: doc.is_dirty(),
        undo: (undo, redo),
        game: (index + 1, games),
        links_by_hand: false,
        crop: None,
        preview: None,
        preview_error: None,
        path: cursor,
    }
}

/// The position at `path`, replayed by the TWRS engine as far as it goes,
/// and why it stops short (an illegal move written in the file), if it
/// does; no position when the game's start cannot be set up.
fn replay(doc: &TwrsDocument, path: &[usize]) -> (Option<Position>, Option<String>) {
    let game = doc.game();
    let mut pos = match game.start() {
        Ok(p) => p,
        Err(e) => return (None, Some(format!("the game's start: {e}"))),
    };
    for p in tree::played_paths(&game.line, path) {
        let Some(m) = tree::move_at(&game.line, &p) else {
            break;
        };
        if let Err(e) = pos.play(&m.mv) {
            let error = format!("move {} ({}) cannot be played: {e}", pos.plies() + 1, m.mv);
            return (Some(pos), Some(error));
        }
    }
    (Some(pos), None)
}

/// Where a move puts its piece.
fn destination(mv: &Move) -> Point {
    match mv {
        Move::Turn { to, .. } => *to,
        Move::PlaceTower { at, .. } => *at,
        Move::PlaceStone(p) => *p,
    }
}

/// The board as the viewer draws it (TWRS's own look, no caption or
/// side-to-move line: the page says whose turn it is), with the last
/// move's piece ringed as the viewer rings it.
fn board_svg(pos: &Position, last: Option<Point>) -> String {
    let mut look = TwrsStyle::default();
    look.look.to_move_marker = false;
    look.look.caption_position = crate::script::CaptionPosition::None;
    let mut svg = to_svg_styled(pos, &[], None, None, &look);
    if let Some(p) = last
        && let Some(end) = svg.rfind("</svg>")
    {
        let mut ring = String::new();
        let _ = writeln!(
            ring,
            "<circle class=\"ring last-move\" fill=\"none\" stroke=\"{}\" stroke-width=\"0.08\" cx=\"{}\" cy=\"{}\" r=\"0.5\" pointer-events=\"none\"/>",
            look.look.mark, p.col, p.row
        );
        svg.insert_str(end, &ring);
    }
    svg
}

/// How the game stands, in words: placing, or over with its result.
fn status_words(pos: &Position) -> Option<String> {
    match pos.status() {
        Status::Over(_) => Some(format!("Game over: {}", outcome(pos))),
        Status::Placing => Some(format!(
            "Placing (advanced rule 1): {} places {}",
            pos.to_move(),
            match placing(pos).as_deref() {
                Some("stone") => "a stone".to_string(),
                Some(t) => format!("a tower ({t} next)"),
                None => "nothing".to_string(),
            }
        )),
        Status::Playing => None,
    }
}

/// What the side to move can do, for the page.
fn play(pos: &Position) -> Play {
    let mut towers: Vec<TowerTurns> = Vec::new();
    for (number, from, to) in pos.tower_moves() {
        let marks = pos
            .markings_after(number, to)
            .iter()
            .map(|m| format!("x{}{}", m.target, m.lines.suffix()))
            .collect();
        match towers.iter_mut().find(|t| t.number == number) {
            Some(t) => t.to.push((to.to_string(), marks)),
            None => towers.push(TowerTurns {
                number,
                at: from.to_string(),
                to: vec![(to.to_string(), marks)],
            }),
        }
    }
    let score = pos.score();
    Play {
        towers,
        placing: placing(pos),
        stones_left: pos.stones_left(),
        score: (score.orange, score.blue),
    }
}

/// While placing: `stone` when a stone is to be placed, else the number of
/// the first own tower the rules let the side to move place.
fn placing(pos: &Position) -> Option<String> {
    if pos.status() != Status::Placing {
        return None;
    }
    let free = (0..pos.height())
        .flat_map(|r| (0..pos.width()).map(move |c| Point::new(c, r)))
        .find(|&p| pos.piece_at(p).is_none())?;
    if pos.clone().play(&Move::PlaceStone(free)).is_ok() {
        return Some("stone".into());
    }
    pos.to_move()
        .towers()
        .into_iter()
        .find(|&t| {
            pos.clone()
                .play(&Move::PlaceTower { tower: t, at: free })
                .is_ok()
        })
        .map(|t| t.to_string())
}
