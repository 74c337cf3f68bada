//! The interactive viewer: games as one self-contained HTML page that steps
//! through the moves in a browser.
//!
//! The browser needs no TwixT rules: [`build`] replays every line (main line
//! and variations) here, and gives every peg and link the plies of each line
//! during which it stands; the page's script only shows and hides elements.
//! [`html`] writes the page.

pub mod build;
pub mod html;

use crate::board::{BoardSize, Hole, Player};
use crate::diagram::Diagram;
use crate::link::Link;

pub use build::{ViewError, view_games};

/// One game as the viewer shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewGame {
    /// The game's title.
    pub title: String,
    /// Red's and Black's names, when known.
    pub players: (Option<String>, Option<String>),
    /// Facts for the info panel: event, date, rules, size, …
    pub facts: Vec<(String, String)>,
    /// How the game ended, said in words ("Black won by resignation at move 39").
    pub result: Option<String>,
    /// Short result for the game list ("1-0", "0-1", "½", "–").
    pub score: String,
    /// The board size.
    pub size: BoardSize,
    /// Line 0 is the main line; variations follow, each naming its parent.
    pub lines: Vec<ViewLine>,
    /// Every peg and link that ever stands, with when.
    pub pieces: Vec<Piece>,
    /// Diagram points: the full drawing shown at their line and ply.
    pub figures: Vec<ViewFigure>,
}

/// A line of play: the main line or a variation.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewLine {
    /// The line it branches from, and the ply it branches after.
    pub parent: Option<(usize, u32)>,
    /// Plies played before its first move.
    pub start: u32,
    /// Its moves, in order: move `i` is ply `start + i + 1`.
    pub moves: Vec<ViewMove>,
    /// Comments written before the line's first move.
    pub intro: Vec<String>,
}

/// One move of a line.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewMove {
    /// Its ply number.
    pub ply: u32,
    /// Who made it.
    pub player: Player,
    /// As the move list shows it: `12. o11!?`, `2. swap`.
    pub text: String,
    /// The hole of the peg it placed, ringed while it is the current move.
    pub hole: Option<Hole>,
    /// Comments written after it.
    pub comments: Vec<String>,
    /// Variations that replace it (indexes into [`ViewGame::lines`]).
    pub variations: Vec<usize>,
}

/// What a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKind {
    /// A peg.
    Peg(Hole),
    /// A link.
    Link(Link),
}

/// A peg or link and the plies during which it stands, per line.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Peg or link.
    pub kind: PieceKind,
    /// Its owner.
    pub player: Player,
    /// (line, first ply, first ply it no longer stands): it is shown at
    /// `(line, p)` when `first <= p < end`.
    pub spans: Vec<(usize, u32, u32)>,
}

/// A diagram point of a script, drawn in full (marks and labels included)
/// when its line and ply are shown.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewFigure {
    /// The line it is on.
    pub line: usize,
    /// The ply it is at.
    pub ply: u32,
    /// The drawing (full board, no caption).
    pub diagram: Diagram,
    /// Its caption, shown beside the board.
    pub caption: Option<String>,
}
