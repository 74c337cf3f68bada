//! The interactive viewer: games as one self-contained HTML page that steps
//! through the moves in a browser.
//!
//! The browser needs no TwixT rules: `build` replays every line (main line
//! and variations) here, and gives every peg and link the plies of each line
//! during which it stands; the page's script only shows and hides elements.
//! [`html`] writes the page, and [`write_games_page`] writes it as a file.
//! The games come built: each game's opened file gives its own
//! (`commands::games::OpenedFile::view_games`), and `commands::view` opens
//! the files of any game and writes their page.

pub(crate) mod build;
mod crosstable;
pub mod html;
mod puzzle;
mod write;

use crate::diagram::Diagram;
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::link::Link;

pub(crate) use build::file_games;
pub use build::{ViewError, title_of};
pub use crosstable::{Crosstable, Standing, crosstables};
pub use puzzle::{
    Answer, MAX_PUZZLE_LINES, Puzzle, SECURE_MOVE_POSITIONS, SECURE_PUZZLE_POSITIONS,
    SLOWER_WIN_LINES,
};
pub use write::{
    MAX_FIGURE_PIECES, PageError, PageSettings, Written, check_page_name, write_games_page,
};

/// A file, or games of a file, left out of a `--lenient` page, and why:
/// the page's error panel shows it as `twixt check` prints it.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// The file.
    pub file: String,
    /// What is wrong, in one line.
    pub message: String,
    /// The located errors, each with its snippet.
    pub diagnostics: Vec<crate::diagnostic::Diagnostic>,
}

impl Problem {
    /// The problem of `file` that `error` explains.
    pub fn new<E>(file: &str, error: &E) -> Problem
    where
        E: crate::diagnostic::Explained + std::fmt::Display,
    {
        Problem {
            file: file.to_string(),
            message: error.to_string(),
            diagnostics: error.diagnostics().to_vec(),
        }
    }
}

/// One game as the viewer shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewGame {
    /// The game's title: its `[Title]`, else its players, else its event
    /// (see [`title_of`]).
    pub title: String,
    /// Red's and Black's names, when known.
    pub players: (Option<String>, Option<String>),
    /// The event, when the game names one (games sharing it get a crosstable).
    pub event: Option<String>,
    /// The date, as written.
    pub date: Option<String>,
    /// The game's page on the server it was played on (a Little Golem
    /// record named `game<id>.tsgf`), built from digits only.
    pub link: Option<String>,
    /// For a game with a `[Task]`: what the page's solve mode accepts.
    pub puzzle: Option<Puzzle>,
    /// Facts for the info panel: event, date, rules, size, …
    pub facts: Vec<(String, String)>,
    /// How the game ended, said in words ("Black won by resignation at move 39").
    pub result: Option<String>,
    /// Short result for the game list ("1-0", "0-1", "½", "–").
    pub score: String,
    /// The board, and who draws the pieces on it.
    pub board: ViewBoard,
    /// The two sides' names as the page shows them: Red and Black for
    /// TwixT, Orange and Blue for TWRS; moves of the first are marked
    /// `Player::Red`, of the second `Player::Black`.
    pub sides: [&'static str; 2],
    /// Line 0 is the main line; variations follow, each naming its parent.
    pub lines: Vec<ViewLine>,
    /// Every peg and link that ever stands, with when. A variation's spans
    /// hold only what changes against its parent line: a TwixT piece with
    /// no span of a variation stands there as it stood where the
    /// variation branched (see [`Piece::hidden`]).
    pub pieces: Vec<Piece>,
    /// Diagram points: the full drawing shown at their line and ply.
    pub figures: Vec<ViewFigure>,
    /// The game's language and its result in each catalogue's words.
    pub words: GameWords,
}

/// What the page says of a game in its own words, kept as facts until the
/// page's language and messages are known.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameWords {
    /// Its `[Language]` header, as a language code.
    pub language: Option<String>,
    /// Its `[Sides]` header: the names of its sides in place of Red and
    /// Black, in its result, its facts and solve mode's verdicts.
    pub sides: Option<String>,
    /// How it ended ([`ViewGame::result`] says it in English).
    pub result: Option<ResultWords>,
    /// The preset its rules are (`pencil`): its Rules fact is said as the
    /// catalogue's `rules-pencil`.
    pub rules: Option<&'static str>,
    /// What it is called when it names nothing itself (then
    /// [`ViewGame::title`] is this in English).
    pub untitled: Option<Untitled>,
    /// A game of figures only: each step of its move list is a figure,
    /// said as the catalogue's `view-figure` ("Figure 2"), numbered from 1.
    pub figure_steps: bool,
    /// A TWRS game's grid (`11x11`): its Board fact is said as the
    /// catalogue's `twrs-board` ("11x11 lignes").
    pub grid: Option<String>,
}

/// How a game ended, as facts any catalogue can say.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ResultWords {
    /// A TwixT game: as its replay decided it, else as its header says.
    Twixt(crate::book::ResultFacts),
    /// A finished TWRS game: why it ended and the score.
    Twrs(crate::twrs::file::TwrsResult),
}

impl ResultWords {
    /// The result as a sentence in `msgs`' words (`None` for a TwixT game
    /// that neither its replay nor its header decides).
    pub fn words(&self, msgs: &crate::messages::Messages) -> Option<String> {
        match self {
            ResultWords::Twixt(r) => r.words(msgs),
            ResultWords::Twrs(r) => Some(r.words(msgs)),
        }
    }
}

/// The title of a game that names nothing itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Untitled {
    /// The only game of a file: the file's name without its extension.
    File(String),
    /// Game `n` (from 1) of a file of several: the file's name and `n`.
    FileGame(String, usize),
    /// Game `n` of standard input.
    Game(usize),
}

impl Untitled {
    /// The title in `msgs`' words: `pencil-7`, `puzzles, partie 2`.
    pub fn words(&self, msgs: &crate::messages::Messages) -> String {
        match self {
            Untitled::File(stem) => stem.clone(),
            Untitled::FileGame(stem, n) => {
                msgs.fill("view-file-game", &[("title", stem), ("n", &n.to_string())])
            }
            Untitled::Game(n) => msgs.fill("view-untitled", &[("n", &n.to_string())]),
        }
    }
}

/// The board a game is shown on.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewBoard {
    /// A TwixT board of this size: the page draws it with every peg and
    /// link of [`ViewGame::pieces`] and the drawings of [`ViewGame::figures`].
    Twixt(BoardSize),
    /// Another game's board, drawn whole by that game's module: an SVG
    /// document whose pieces carry the same `data-v` spans, inside a
    /// `g.pieces` layer with a `circle.ring` for the current move (placed
    /// in grid units, as [`ViewMove::hole`] gives them), and whose diagram
    /// points are `g.figure` groups.
    Drawn {
        /// The SVG document.
        svg: String,
        /// The diagram points' captions: line, ply and text, shown beside
        /// the board (a caption and then its translation).
        captions: Vec<(usize, u32, String)>,
    },
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
    /// The hole of the peg it placed, ringed while it is the current move
    /// (for another game, the intersection its piece went to, as column
    /// and row).
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
    /// (line, first ply, end): plies of a variation during which a piece
    /// that stood where it branched is gone.
    pub hidden: Vec<(usize, u32, u32)>,
    /// (line, first ply, number): spans whose peg carries another number
    /// than the ply they start at: the first peg after a mirror swap keeps
    /// the number of the move that set it (`twixt::history::number_pegs`).
    pub numbers: Vec<(usize, u32, u32)>,
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
    /// Its caption and then its translation, shown beside the board.
    pub caption: Vec<String>,
}
