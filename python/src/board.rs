//! The board in python-chess's shape: moves, legal moves, push and pop,
//! outcomes, OpenSpiel's action ids and observation tensor, drawing.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray3};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use twixt_core::grammar::clip;
use twixt_core::moves::Removal;
use twixt_core::position_line;
use twixt_core::rules::Swap;
use twixt_core::state::{GameState, Outcome as CoreOutcome};
use twixt_core::{BoardSize, Hole, Move as CoreMove, Player, Position, RuleSet};
use twixtkit::diagram::{Charset, Diagram, Numbering, to_text};

use crate::{IllegalMoveError, InvalidMoveError, PositionLineError, RulesError, TwixtError};

/// Does `name` name a YAML rule file (one line ending in `.yaml` or
/// `.yml`) rather than hold a rule file's text or a preset?
fn is_rule_file_path(name: &str) -> bool {
    let lower = name.trim().to_ascii_lowercase();
    !name.contains('\n') && (lower.ends_with(".yaml") || lower.ends_with(".yml"))
}

/// `message` within about 300 characters: a message of the engine or the
/// toolkit that quotes a huge input whole (a 10 MB YAML value, a path)
/// keeps its start and its end, the middle cut to ` … `.
pub(crate) fn bounded(message: impl std::fmt::Display) -> String {
    const HEAD: usize = 180;
    const TAIL: usize = 120;
    let message = message.to_string();
    let count = message.chars().count();
    if count <= HEAD + TAIL + 3 {
        return message;
    }
    let at = |n: usize| {
        message
            .char_indices()
            .nth(n)
            .map_or(message.len(), |(i, _)| i)
    };
    format!(
        "{} … {}",
        &message[..at(HEAD)],
        &message[at(count - TAIL)..]
    )
}

/// `parse(text)`, its error said of `text` cut to 40 characters (`clip`,
/// as a position line's errors quote it) when the text is longer, so
/// that a 10 MB input makes no 10 MB message. The cut text ends in `…`,
/// which no word parsed here reads, so it fails as well.
pub(crate) fn parse_clipped<T, E: std::fmt::Display>(
    text: &str,
    parse: impl Fn(&str) -> Result<T, E>,
) -> Result<T, String> {
    parse(text).map_err(|e| {
        if text.chars().nth(40).is_none() {
            return e.to_string();
        }
        match parse(&clip(text)) {
            Err(short) => short.to_string(),
            Ok(_) => bounded(e),
        }
    })
}

/// The rule set `name` (a preset, the path of a YAML rule file, or such a
/// file's text) on a square board of `size`.
pub(crate) fn rules_for(name: &str, size: Option<i64>) -> PyResult<RuleSet> {
    let rules = if is_rule_file_path(name) {
        // The toolkit's reader, as `--rules FILE.yaml`: errors name the
        // file, line and column.
        twixtkit::script::load_rules_yaml(std::path::Path::new(name.trim()))
            .map_err(|e| RulesError::new_err(bounded(e)))?
    } else if name.contains(':') {
        RuleSet::from_yaml(name).map_err(|e| RulesError::new_err(bounded(e)))?
    } else {
        parse_clipped(name, RuleSet::preset).map_err(RulesError::new_err)?
    };
    let rules = match size {
        Some(n) => {
            let side = u64::try_from(n)
                .map_err(|_| RulesError::new_err(format!("a board size is positive, not {n}")))?;
            let size = BoardSize::square(side).map_err(|e| RulesError::new_err(e.to_string()))?;
            rules.with_size(size)
        }
        None => rules,
    };
    rules
        .validate()
        .map_err(|e| RulesError::new_err(e.to_string()))?;
    Ok(rules)
}

pub(crate) fn player_name(p: Player) -> &'static str {
    p.name()
}

/// `"red"` or `"black"` as a player.
pub(crate) fn parse_player(text: &str) -> PyResult<Player> {
    match text.trim().to_ascii_lowercase().as_str() {
        "red" => Ok(Player::Red),
        "black" => Ok(Player::Black),
        other => Err(PyValueError::new_err(format!(
            "a player is \"red\" or \"black\", not {:?}",
            clip(other)
        ))),
    }
}

/// A hole's text (`f6`) as a hole, or InvalidMoveError naming the text.
pub(crate) fn parse_hole(text: &str) -> PyResult<Hole> {
    parse_clipped(text.trim(), str::parse::<Hole>).map_err(InvalidMoveError::new_err)
}

/// A move's text as a script writes it: removals first, then the move word
/// (`f6`, `-e4 f6`, `-d5-f6 g7+e6`, `f6=` offering a draw, `swap`,
/// `resign`, `draw` accepting one).
pub(crate) fn move_text(mv: &CoreMove) -> String {
    let mut s = String::new();
    if let CoreMove::Place(p) = mv {
        for r in &p.removals {
            match r {
                Removal::Peg(h) => s.push_str(&format!("-{h} ")),
                Removal::Link(l) => s.push_str(&format!("-{l} ")),
            }
        }
    }
    s.push_str(&twixtkit::script::move_text(mv));
    s
}

/// Reads one move in a script's notation; `accept-draw` is also read as
/// accepting a draw.
pub(crate) fn parse_move(text: &str) -> PyResult<CoreMove> {
    let t = text.trim();
    match t.to_ascii_lowercase().as_str() {
        "swap" => return Ok(CoreMove::Swap),
        "resign" => return Ok(CoreMove::Resign),
        "accept-draw" | "draw" => return Ok(CoreMove::AcceptDraw),
        _ => {}
    }
    if let Ok(hole) = t.parse::<Hole>() {
        return Ok(CoreMove::peg(hole));
    }
    // Removals, chosen links and draw offers: the script's own reader.
    let bad = |why: &str| InvalidMoveError::new_err(format!("`{}` is not a move: {why}", clip(t)));
    if t.is_empty() || t.len() > 200 {
        return Err(bad("expected a move like f6, -e4 f6, f6+d5 or swap"));
    }
    let parsed = twixtkit::script::parse(t);
    if let Some(e) = parsed.errors.first() {
        return Err(bad(&e.message));
    }
    let one = match parsed.file.games.as_slice() {
        [g] if g.tags.is_empty() && g.setup.is_none() => match g.line.elements.as_slice() {
            [twixtkit::script::Element::Move(m)] if m.glyph.is_none() => Some(m.mv.clone()),
            _ => None,
        },
        _ => None,
    };
    one.ok_or_else(|| bad("expected one move like f6, -e4 f6, f6+d5 or swap"))
}

/// One move: a peg placement, `swap`, `resign` or `accept-draw`.
///
/// >>> move = twixtkit.Move.from_text("f6")
/// >>> move
/// Move.from_text("f6")
/// >>> move.hole, move.is_swap
/// ((5, 5), False)
/// >>> twixtkit.Move.from_text("swap").hole is None
/// True
#[pyclass(module = "twixtkit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Move {
    pub(crate) inner: CoreMove,
}

#[pymethods]
impl Move {
    /// Reads `f6`, `swap`, `resign` or `accept-draw`.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<Move> {
        Ok(Move {
            inner: parse_move(text)?,
        })
    }

    /// The hole of a placement as (col, row), zero-based from the top
    /// left; `None` for other moves.
    #[getter]
    fn hole(&self) -> Option<(u16, u16)> {
        match &self.inner {
            CoreMove::Place(p) => Some((p.hole.col, p.hole.row)),
            _ => None,
        }
    }

    /// Whether the move is the swap (pie rule).
    #[getter]
    fn is_swap(&self) -> bool {
        matches!(self.inner, CoreMove::Swap)
    }

    fn __str__(&self) -> String {
        move_text(&self.inner)
    }

    fn __repr__(&self) -> String {
        format!("Move.from_text({:?})", move_text(&self.inner))
    }
}

/// How a game ended: `winner` (`"red"`, `"black"` or `None`),
/// `termination` (`"connection"`, `"resignation"`, `"agreement"`,
/// `"dead-draw"`, `"no-legal-move"`) and, for a win by connection, the winning `chain`.
///
/// >>> board = twixtkit.Board(size=6, rules="t1")
/// >>> for hole in ["c1", "a2", "d3", "a4", "c5", "f3", "e6"]:
/// ...     board.push(hole)
/// >>> outcome = board.outcome()
/// >>> outcome.winner, outcome.termination, outcome.result()
/// ('red', 'connection', '1-0')
/// >>> sorted(outcome.chain)
/// ['c1', 'c5', 'd3', 'e6']
#[pyclass(module = "twixtkit", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct Outcome {
    winner: Option<&'static str>,
    termination: &'static str,
    chain: Vec<String>,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, termination={:?}, chain={:?})",
            self.winner.map_or("None".to_string(), |w| format!("{w:?}")),
            self.termination,
            self.chain
        )
    }

    /// `1-0` (Red won), `0-1` (Black won) or `1/2-1/2`.
    fn result(&self) -> &'static str {
        match self.winner {
            Some("red") => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// `Board.svg`'s `lastmove`: whether to ring the last pushed placement
/// (`True`; `False` and `None` ring none), or the hole to ring.
pub(crate) enum LastMove {
    Ring(bool),
    Hole(String),
}

impl<'py> FromPyObject<'py> for LastMove {
    fn extract_bound(value: &Bound<'py, PyAny>) -> PyResult<Self> {
        if value.is_none() {
            return Ok(LastMove::Ring(false));
        }
        if let Ok(flag) = value.extract::<bool>() {
            return Ok(LastMove::Ring(flag));
        }
        value.extract::<String>().map(LastMove::Hole).map_err(|_| {
            PyValueError::new_err("lastmove is True, False, None or a hole like \"f6\"")
        })
    }
}

/// A TwixT position with the moves pushed on it, in python-chess's shape.
///
/// `Board(size=24, rules="pencil")` is a new game on a `size`×`size`
/// board; `rules` is a preset name (`pencil`, `board`, `schmidt`,
/// `dujardin`, `t1`, `editable`), the path of a YAML rule file (ending in
/// `.yaml` or `.yml`) or such a file's text.
///
/// >>> board = twixtkit.Board(size=8, rules="pencil")
/// >>> board.size, board.rules, board.turn
/// (8, 'pencil', 'red')
/// >>> board.push("c3")
/// >>> board.turn, board.ply
/// ('black', 1)
/// >>> twixtkit.Board(rules="chess")
/// Traceback (most recent call last):
/// ...
/// twixtkit.RulesError: ...unknown rule set...
#[pyclass(module = "twixtkit")]
#[derive(Clone)]
pub(crate) struct Board {
    pub(crate) pos: Position,
    pub(crate) stack: Vec<CoreMove>,
}

impl Board {
    /// Whether a mirror swap was made: OpenSpiel turns the first peg where
    /// the mirror swap reflects it, so from then on OpenSpiel's board is
    /// this one reflected left to right. Known from the pushed moves; a
    /// board read from a line (or transformed) has none, and there the
    /// pegs tell it where nothing is ever lifted: Red, who moves first, has
    /// as many pegs as Black when to move (one more when Black is) unless
    /// Black took Red's first peg by the swap.
    fn openspiel_flipped(&self) -> bool {
        if self.pos.rules().swap != Swap::Mirror {
            return false;
        }
        if self.stack.contains(&CoreMove::Swap) {
            return true;
        }
        if self.pos.rules().removal != twixt_core::rules::RemovalRule::None {
            return false;
        }
        let (red, black) = (
            self.pos.pegs_on_board(Player::Red),
            self.pos.pegs_on_board(Player::Black),
        );
        let to_move_is_red = u32::from(self.pos.to_move() == Player::Red);
        red + to_move_is_red == black
    }

    fn side(&self) -> u16 {
        self.pos.size().width()
    }

    fn check_square(&self) -> PyResult<u16> {
        self.check_square_for("OpenSpiel")
    }

    /// The side of a whole square board, which `encoding` needs.
    fn check_square_for(&self, encoding: &str) -> PyResult<u16> {
        let size = self.pos.size();
        if size.width() != size.height() || size.is_partial() {
            return Err(TwixtError::new_err(format!(
                "{encoding}'s encoding needs a whole square board, not {size}"
            )));
        }
        Ok(size.width())
    }

    /// `hole` if it lies within the board's grid (a corner does), else
    /// the IllegalMoveError `push` raises for a hole off the board: a
    /// hole outside the grid has no `what`.
    fn check_on_board(&self, hole: Hole, what: &str) -> PyResult<()> {
        let size = self.pos.size();
        if hole.col >= size.width() || hole.row >= size.height() {
            return Err(IllegalMoveError::new_err(format!(
                "{hole} is not a hole of the {size} board (off the board), so it has no {what}"
            )));
        }
        Ok(())
    }

    /// OpenSpiel's (x, y) for a hole: x the column (reflected after a
    /// mirror swap), y counted from the bottom row.
    fn os_xy(&self, hole: Hole, flip: bool) -> (usize, usize) {
        let n = usize::from(self.side());
        let col = usize::from(hole.col);
        let x = if flip { n - 1 - col } else { col };
        (x, n - 1 - usize::from(hole.row))
    }

    /// The position's diagram: pegs, links, who moves; no marks.
    fn diagram_plain(&self) -> Diagram {
        Diagram::from_setup(&self.pos.to_setup())
    }

    /// The hole of the last pushed placement, if its peg is still there.
    fn last_hole(&self) -> Option<Hole> {
        self.stack.iter().rev().find_map(|m| match m {
            CoreMove::Place(p) if self.pos.peg(p.hole).is_some() => Some(p.hole),
            _ => None,
        })
    }

    /// For each ply of the position, the hole the move placed (`None` for
    /// setup plies and moves placing no peg), numbered from the first.
    fn numbered_holes(&self) -> Vec<Option<Hole>> {
        let before = (self.pos.ply() as usize).saturating_sub(self.stack.len());
        let mut holes = vec![None; before];
        holes.extend(self.stack.iter().map(|m| match m {
            CoreMove::Place(p) => Some(p.hole),
            _ => None,
        }));
        holes
    }

    /// The move of OpenSpiel's action id here.
    fn core_move_of_action(&self, action: usize) -> PyResult<CoreMove> {
        let n = usize::from(self.check_square()?);
        if action >= n * n {
            return Err(TwixtError::new_err(format!(
                "action {action} is out of range for a {n}x{n} board"
            )));
        }
        let (x, y) = (action / n, action % n);
        let col = if self.openspiel_flipped() {
            n - 1 - x
        } else {
            x
        };
        let hole = Hole::new(col as u16, (n - 1 - y) as u16);
        if self.pos.ply() == 1
            && self.pos.rules().swap != Swap::None
            && self.pos.peg(hole).is_some()
        {
            return Ok(CoreMove::Swap);
        }
        Ok(CoreMove::peg(hole))
    }

    pub(crate) fn to_move_obj(mv: CoreMove) -> Move {
        Move { inner: mv }
    }

    fn coerce_move(mv: &Bound<'_, PyAny>) -> PyResult<CoreMove> {
        if let Ok(m) = mv.downcast::<Move>() {
            return Ok(m.get().inner.clone());
        }
        let text: String = mv.extract().map_err(|_| {
            InvalidMoveError::new_err("a move is a Move or text like `f6` or `swap`")
        })?;
        parse_move(&text)
    }
}

#[pymethods]
impl Board {
    /// A new game: `size`×`size` board, `rules` a preset name (`pencil`,
    /// `board`, `schmidt`, `dujardin`, `t1`, `editable`), the path of a YAML
    /// rule file (ending in `.yaml` or `.yml`) or such a file's text.
    #[new]
    #[pyo3(signature = (size = 24, rules = "pencil"))]
    fn new(size: i64, rules: &str) -> PyResult<Board> {
        let rules = rules_for(rules, Some(size))?;
        let pos = Position::new(rules).map_err(|e| RulesError::new_err(e.to_string()))?;
        Ok(Board {
            pos,
            stack: Vec::new(),
        })
    }

    /// The position of a one-line position text, e.g.
    /// `"24/pencil/c3,d5/h8,j6/*/black"`.
    ///
    /// >>> board = twixtkit.Board.from_line("8/dujardin/d1,d3/b4,g4/*/red")
    /// >>> board.peg_at("d3"), board.peg_at("b4"), board.turn
    /// ('red', 'black', 'red')
    #[staticmethod]
    fn from_line(line: &str) -> PyResult<Board> {
        let pos = position_line::read_position(line)
            .map_err(|e| PositionLineError::new_err(e.to_string()))?;
        Ok(Board {
            pos,
            stack: Vec::new(),
        })
    }

    /// The position as one line of text (`Board.from_line` reads it back).
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> board.push("c3")
    /// >>> board.push("f5")
    /// >>> board.line()
    /// '8/pencil/c3/f5/*/red'
    /// >>> twixtkit.Board.from_line(board.line()).pegs() == board.pegs()
    /// True
    fn line(&self) -> String {
        position_line::write(&self.pos)
    }

    /// The board's side (columns; boards from here are square).
    #[getter]
    fn size(&self) -> u16 {
        self.side()
    }

    /// The rule set's preset name, or its description when it is no preset.
    #[getter]
    fn rules(&self) -> String {
        self.pos
            .rules()
            .preset_name()
            .map_or_else(|| self.pos.rules().to_string(), str::to_string)
    }

    /// `"red"` or `"black"`: the player to move.
    #[getter]
    fn turn(&self) -> &'static str {
        player_name(self.pos.to_move())
    }

    /// Moves played in the whole position (setup pegs included).
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// The moves pushed on this board, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.iter().cloned().map(Board::to_move_obj).collect()
    }

    /// The legal moves, computed lazily: `len`, `in` and iteration.
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> moves = board.legal_moves
    /// >>> len(moves), "c3" in moves, "a3" in moves
    /// (48, True, False)
    /// >>> board.push("c3")
    /// >>> "c3" in moves, "swap" in moves
    /// (False, True)
    #[getter]
    fn legal_moves(slf: Bound<'_, Self>) -> LegalMoves {
        LegalMoves {
            board: slf.unbind(),
        }
    }

    /// Whether `move` (a Move or text) is legal here. Text that names no
    /// move is not legal.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> bool {
        match Board::coerce_move(r#move) {
            Ok(mv) => GameState::is_legal(&self.pos, &mv),
            Err(_) => false,
        }
    }

    /// Plays `move` (a Move or text such as `"f6"` or `"swap"`).
    /// Raises IllegalMoveError with the engine's reason.
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> board.push("c3")
    /// >>> board.push(twixtkit.Move.from_text("f5"))
    /// >>> board.push("f5")
    /// Traceback (most recent call last):
    /// ...
    /// twixtkit.IllegalMoveError: ...occupied...
    /// >>> [str(move) for move in board.move_stack]
    /// ['c3', 'f5']
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = Board::coerce_move(r#move)?;
        GameState::play(&mut self.pos, &mv)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        self.stack.push(mv);
        Ok(())
    }

    /// Takes back the last pushed move and returns it.
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> board.push("c3")
    /// >>> board.push("f5")
    /// >>> board.pop()
    /// Move.from_text("f5")
    /// >>> board.turn, board.ply
    /// ('black', 1)
    fn pop(&mut self) -> PyResult<Move> {
        let Some(mv) = self.stack.pop() else {
            return Err(PyIndexError::new_err(
                "pop from a board with no pushed moves",
            ));
        };
        if !self.pos.undo() {
            self.stack.push(mv);
            return Err(TwixtError::new_err(
                "the engine could not take the move back",
            ));
        }
        Ok(Board::to_move_obj(mv))
    }

    /// The last pushed move.
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .cloned()
            .map(Board::to_move_obj)
            .ok_or_else(|| PyIndexError::new_err("no move pushed"))
    }

    /// How the game ended, or `None` while it goes on. A dead draw (no one
    /// can connect any more, under rules where nothing comes off the
    /// board) is an outcome.
    ///
    /// >>> board = twixtkit.Board(size=6, rules="t1")
    /// >>> for hole in ["c1", "a2", "d3", "a4", "c5", "f3"]:
    /// ...     board.push(hole)
    /// >>> board.outcome() is None
    /// True
    /// >>> board.push("e6")
    /// >>> board.outcome()
    /// Outcome(winner="red", termination="connection", chain=[...])
    fn outcome(&self) -> Option<Outcome> {
        match GameState::outcome(&self.pos) {
            CoreOutcome::Ongoing => None,
            CoreOutcome::Won { winner, chain } => {
                let termination = if chain.is_empty() {
                    "resignation"
                } else {
                    "connection"
                };
                Some(Outcome {
                    winner: Some(player_name(winner)),
                    termination,
                    chain: chain.iter().map(Hole::to_string).collect(),
                })
            }
            CoreOutcome::Drawn => Some(Outcome {
                winner: None,
                termination: "agreement",
                chain: Vec::new(),
            }),
            CoreOutcome::DeadDraw => Some(Outcome {
                winner: None,
                termination: "dead-draw",
                chain: Vec::new(),
            }),
            CoreOutcome::NoLegalMove => Some(Outcome {
                winner: None,
                termination: "no-legal-move",
                chain: Vec::new(),
            }),
        }
    }

    /// Whether the game has ended (a win, an agreed draw, a dead draw, or
    /// no legal move for the player to move).
    fn is_game_over(&self) -> bool {
        GameState::outcome(&self.pos).is_over()
    }

    /// The owner of the peg at `hole` (`"f6"`), or `None` when the hole is
    /// empty. A hole the board does not have (off the board, or a corner)
    /// raises IllegalMoveError, as `push` does; text that names no hole
    /// raises InvalidMoveError.
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> board.push("c3")
    /// >>> board.peg_at("c3"), board.peg_at("d5")
    /// ('red', None)
    /// >>> board.peg_at("c9")
    /// Traceback (most recent call last):
    /// ...
    /// twixtkit.IllegalMoveError: c9 is not a hole of the 8 board (off the board or a corner)
    fn peg_at(&self, hole: &str) -> PyResult<Option<&'static str>> {
        let hole = parse_hole(hole)?;
        let size = self.pos.size();
        if !size.contains(hole) {
            let error = twixt_core::MoveError::NoSuchHole { hole, size };
            return Err(IllegalMoveError::new_err(error.to_string()));
        }
        Ok(self.pos.peg(hole).map(player_name))
    }

    /// Every peg: (hole, player).
    fn pegs(&self) -> Vec<(String, &'static str)> {
        self.pos
            .pegs()
            .map(|(h, p)| (h.to_string(), player_name(p)))
            .collect()
    }

    /// Every link: (end, end, player).
    fn links(&self) -> Vec<(String, String, &'static str)> {
        self.pos
            .links()
            .map(|(l, p)| {
                let (a, b) = l.ends();
                (a.to_string(), b.to_string(), player_name(p))
            })
            .collect()
    }

    /// A 64-bit hash of the position (equal positions, equal hashes).
    fn state_hash(&self) -> u64 {
        self.pos.state_hash()
    }

    /// An independent copy, with the pushed moves (pop works on it).
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> board.push("c3")
    /// >>> other = board.copy()
    /// >>> other.push("f5")
    /// >>> board.ply, other.ply
    /// (1, 2)
    /// >>> str(other.pop()), other == board
    /// ('f5', True)
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.pos == other.pos
    }

    fn __hash__(&self) -> u64 {
        self.pos.state_hash()
    }

    /// The toolkit's text diagram: `R` Red's pegs, `B` Black's, `·` an
    /// empty hole, the border lines, the links listed under the grid.
    fn __str__(&self) -> String {
        to_text(&self.diagram_plain(), Charset::Unicode)
    }

    /// The text diagram; `ascii=True` uses ASCII characters only.
    #[pyo3(signature = (*, ascii = false))]
    fn text(&self, ascii: bool) -> String {
        let charset = if ascii {
            Charset::Ascii
        } else {
            Charset::Unicode
        };
        to_text(&self.diagram_plain(), charset)
    }

    /// The board as SVG, drawn as `twixt render` draws it. `marks`: hole to
    /// letter (`{"e5": "a"}`); `crosses` and `highlights`: holes; `arrows`:
    /// (from, to) pairs; `lastmove`: the hole ringed as the last move
    /// (`True`, the default: the last pushed placement; `False` or `None`:
    /// none; a hole like `"f6"`, which must be on the board); `crop`: a rectangle like `"c3-j10"`; `numbers`: the pushed
    /// moves' numbers on their pegs; `coords`: sides with coordinates
    /// (`"tl"`, `"all"`, `"none"`); `style`: a built-in style or a style
    /// file; `scale`: pixels between neighbouring holes. A hole the board
    /// does not have (off the board, or a corner) in `marks`, `crosses`,
    /// `highlights`, `arrows` or `lastmove` raises IllegalMoveError, as
    /// `push` and `peg_at` do, after the argument's name.
    ///
    /// >>> twixtkit.Board(size=8).svg(crosses=["c9"])
    /// Traceback (most recent call last):
    /// ...
    /// twixtkit.IllegalMoveError: crosses: c9 is not a hole of the 8 board (off the board or a corner)
    #[pyo3(signature = (*, marks = None, crosses = None, highlights = None, arrows = None,
        lastmove = LastMove::Ring(true), crop = None, numbers = false, coords = "tl", caption = None,
        style = "rulebook", scale = 24.0))]
    #[pyo3(
        text_signature = "(self, /, *, marks=None, crosses=None, highlights=None, arrows=None, \
        lastmove=True, crop=None, numbers=False, coords='tl', caption=None, style='rulebook', \
        scale=24.0)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn svg(
        &self,
        marks: Option<std::collections::BTreeMap<String, String>>,
        crosses: Option<Vec<String>>,
        highlights: Option<Vec<String>>,
        arrows: Option<Vec<(String, String)>>,
        lastmove: LastMove,
        crop: Option<&str>,
        numbers: bool,
        coords: &str,
        caption: Option<String>,
        style: &str,
        scale: f64,
    ) -> PyResult<String> {
        let look = crate::draw::Look {
            marks: marks.unwrap_or_default(),
            crosses: crosses.unwrap_or_default(),
            highlights: highlights.unwrap_or_default(),
            arrows: arrows.unwrap_or_default(),
            crop,
            coords,
            caption,
            style,
            scale,
        };
        let mut d = self.diagram_plain();
        let last = match lastmove {
            LastMove::Ring(true) => self.last_hole(),
            LastMove::Ring(false) => None,
            LastMove::Hole(text) => Some(crate::draw::hole_on(&d, &text, "lastmove")?),
        };
        d.last = last;
        if numbers {
            d.number_moves(&self.numbered_holes(), Numbering::All);
            d.last = last;
        }
        crate::draw::svg(d, &look)
    }

    /// The position under a symmetry (`"flip-columns"`, `"flip-rows"`,
    /// `"rotate-180"`, `"identity"`): each peg and link at its image, the
    /// same player to move, no pushed moves (so a pending swap's turn does
    /// not carry over). With `planes()` and `transform_actions` this gives
    /// the augmented inputs and policies of a learning program.
    fn transformed(&self, symmetry: &str) -> PyResult<Board> {
        let s = crate::symmetry::Symmetry::named(symmetry)?;
        let mut setup = self.pos.to_setup();
        let size = setup.size;
        if size.is_partial() {
            return Err(TwixtError::new_err(format!(
                "a cut board ({size}) has no symmetries"
            )));
        }
        setup.pegs = setup
            .pegs
            .iter()
            .map(|(&h, &p)| (s.hole(h, size), p))
            .collect();
        setup.links = setup.links.iter().map(|&l| s.link(l, size)).collect();
        setup.to_move = Some(self.pos.to_move());
        let pos = Position::from_setup(&setup, self.pos.rules().clone()).map_err(|problems| {
            let why: Vec<String> = problems.iter().map(ToString::to_string).collect();
            TwixtError::new_err(why.join("; "))
        })?;
        Ok(Board {
            pos,
            stack: Vec::new(),
        })
    }

    /// Jupyter's rich display: the board as SVG with the last move ringed.
    fn _repr_svg_(&self) -> PyResult<String> {
        let mut d = self.diagram_plain();
        d.last = self.last_hole();
        crate::draw::svg(d, &crate::draw::Look::default())
    }

    /// Does `player` (the player to move), win within `n` of their own
    /// moves whatever the opponent does? The search stops after
    /// `positions` positions or `time` seconds (`None`: no time limit; at
    /// most 1e9, about 31 years, else ValueError) and then answers
    /// undecided; `threads` share it. A win comes with its line of play
    /// (`solution`: the key move, the longest defence, the answer, … to
    /// the connection), each of its searches within the same limits. See
    /// `WinsWithin`.
    /// `all_keys=True` also lists every winning first move.
    ///
    /// >>> board = twixtkit.Board(size=6, rules="t1")
    /// >>> for hole in ["c1", "a2", "d3", "a4", "c5", "f3"]:
    /// ...     board.push(hole)
    /// >>> answer = board.wins_within("red", 1)
    /// >>> answer.wins, answer.moves, answer.key
    /// (True, 1, 'e6')
    /// >>> board.wins_within("black", 1).reason
    /// 'turn'
    #[pyo3(signature = (player, n, *, time = None, positions = 10_000_000, threads = 1, all_keys = false))]
    #[allow(clippy::too_many_arguments)]
    fn wins_within(
        &self,
        py: Python<'_>,
        player: &str,
        n: u32,
        time: Option<f64>,
        positions: u64,
        threads: usize,
        all_keys: bool,
    ) -> PyResult<crate::solve::WinsWithin> {
        let player = parse_player(player)?;
        crate::solve::wins_within(
            py,
            &self.pos,
            self.stack.len(),
            player,
            n,
            time,
            positions,
            threads,
            all_keys,
        )
    }

    fn __repr__(&self) -> String {
        format!("Board.from_line({:?})", self.line())
    }

    // --- OpenSpiel ---------------------------------------------------------

    /// OpenSpiel's `twixt` action id of `move` here: `x*size + y`, x the
    /// column and y the row counted from the bottom (OpenSpiel's `b5` on a
    /// 5×5 board is our `b1`... its labels run like ours: label = row+1);
    /// the swap is the first peg's id. After a mirror swap OpenSpiel's board
    /// is ours reflected left to right, and the ids follow it. A hole off
    /// the board raises IllegalMoveError, as `push` does.
    fn action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = usize::from(self.check_square()?);
        let mv = Board::coerce_move(r#move)?;
        let hole = match mv {
            CoreMove::Place(p) => p.hole,
            CoreMove::Swap => {
                let first = self
                    .pos
                    .pegs()
                    .next()
                    .ok_or_else(|| TwixtError::new_err("a swap needs a peg on the board"))?;
                first.0
            }
            other => {
                return Err(TwixtError::new_err(format!(
                    "OpenSpiel has no action for `{}`",
                    move_text(&other)
                )));
            }
        };
        self.check_on_board(hole, "OpenSpiel action")?;
        let (x, y) = self.os_xy(hole, self.openspiel_flipped());
        Ok(x * n + y)
    }

    /// The move of OpenSpiel's action id here (the inverse of `action`).
    fn move_from_action(&self, action: usize) -> PyResult<Move> {
        Ok(Move {
            inner: self.core_move_of_action(action)?,
        })
    }

    /// Pushes OpenSpiel's action id (no Move object is made).
    fn push_action(&mut self, action: usize) -> PyResult<()> {
        let mv = self.core_move_of_action(action)?;
        GameState::play(&mut self.pos, &mv)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        self.stack.push(mv);
        Ok(())
    }

    /// The legal moves as OpenSpiel's action ids, ascending.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        let n = usize::from(self.check_square()?);
        let flip = self.openspiel_flipped();
        let mut out = Vec::new();
        for mv in GameState::legal_moves(&self.pos) {
            match mv {
                CoreMove::Place(p) if p.removals.is_empty() => {
                    let (x, y) = self.os_xy(p.hole, flip);
                    out.push(x * n + y);
                }
                CoreMove::Swap => {
                    if let Some((h, _)) = self.pos.pegs().next() {
                        let (x, y) = self.os_xy(h, flip);
                        out.push(x * n + y);
                    }
                }
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// The position as a network's input, float32, handed to NumPy
    /// without a copy. `encoding="openspiel"`: OpenSpiel's `twixt`
    /// observation tensor, shape (12, size, size-2): planes 0–5 Red's (pegs
    /// without links; links NNE, ENE, ESE, SSE from the peg; pegs with a
    /// blocked eastern neighbour), 6–11 Black's, turned as OpenSpiel turns
    /// them. `encoding="twixtbot"`: twixtbot's inputs, shape (size, size,
    /// 13), `[x, y, channel]` in the frame of the player to move (README.md
    /// gives the channels).
    ///
    /// >>> board = twixtkit.Board(size=8)
    /// >>> board.push("c3")
    /// >>> planes = board.planes()
    /// >>> planes.shape, planes.dtype
    /// ((12, 8, 6), dtype('float32'))
    /// >>> int(planes[0].sum()), int(planes[6:].sum())
    /// (1, 0)
    /// >>> board.planes(encoding="twixtbot").shape
    /// (8, 8, 13)
    #[pyo3(signature = (encoding = "openspiel"))]
    fn planes<'py>(&self, py: Python<'py>, encoding: &str) -> PyResult<Bound<'py, PyArray3<f32>>> {
        match encoding {
            "openspiel" => self.openspiel_planes(py),
            "twixtbot" => {
                let n = usize::from(self.check_square_for("twixtbot")?);
                Ok(crate::twixtbot::planes(&self.pos, &self.stack, n).into_pyarray(py))
            }
            other => Err(PyValueError::new_err(format!(
                "an encoding is \"openspiel\" or \"twixtbot\", not {:?}",
                clip(other)
            ))),
        }
    }

    /// twixtbot's policy index of the peg `move` for the player to move:
    /// in their frame (see `planes`), `(x - 1) * size + y`, x on the
    /// columns they may use. A hole off the board raises
    /// IllegalMoveError, as `push` does.
    fn twixtbot_index(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let n = usize::from(self.check_square_for("twixtbot")?);
        let mv = Board::coerce_move(r#move)?;
        let CoreMove::Place(p) = &mv else {
            return Err(TwixtError::new_err(format!(
                "twixtbot's policy has pegs only, not `{}`",
                move_text(&mv)
            )));
        };
        self.check_on_board(p.hole, "twixtbot policy index")?;
        let me = self.pos.to_move();
        crate::twixtbot::policy_index(p.hole, me, n).ok_or_else(|| {
            TwixtError::new_err(format!(
                "{} is on {}'s border, outside {}'s policy",
                p.hole,
                player_name(me.opponent()),
                player_name(me)
            ))
        })
    }

    /// The peg of twixtbot's policy index `index` for the player to move.
    fn move_from_twixtbot_index(&self, index: usize) -> PyResult<Move> {
        let n = usize::from(self.check_square_for("twixtbot")?);
        let hole = crate::twixtbot::policy_hole(index, self.pos.to_move(), n).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "twixtbot's policy on a {n}×{n} board has indices 0 to {}, not {index}",
                n * (n - 2) - 1
            ))
        })?;
        Ok(Move {
            inner: CoreMove::peg(hole),
        })
    }
}

impl Board {
    /// OpenSpiel's observation tensor (see `planes`).
    fn openspiel_planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let n = usize::from(self.check_square()?);
        let flip = self.openspiel_flipped();
        let mut t = Array3::<f32>::zeros((12, n, n - 2));
        // Eastern knight steps in OpenSpiel's frame (y up): NNE, ENE, ESE, SSE.
        const EAST: [(i32, i32); 4] = [(1, 2), (2, 1), (2, -1), (1, -2)];
        let xy_of = |h: Hole| self.os_xy(h, flip);
        let mut links: std::collections::HashSet<((usize, usize), (usize, usize))> =
            std::collections::HashSet::new();
        let mut linked: std::collections::HashSet<(usize, usize)> =
            std::collections::HashSet::new();
        for (l, _) in self.pos.links() {
            let (a, b) = l.ends();
            let (a, b) = (xy_of(a), xy_of(b));
            links.insert((a, b));
            links.insert((b, a));
            linked.insert(a);
            linked.insert(b);
        }
        let mut owner = vec![None; n * n];
        for (h, p) in self.pos.pegs() {
            let (x, y) = xy_of(h);
            owner[x * n + y] = Some(p);
        }
        for x in 0..n {
            for y in 0..n {
                let Some(p) = owner[x * n + y] else { continue };
                let (off, tx, ty) = match p {
                    Player::Red => (0, n - y - 1, x.wrapping_sub(1)),
                    Player::Black => (6, n - x - 1, (n - y).wrapping_sub(2)),
                };
                if ty >= n - 2 {
                    continue;
                }
                if !linked.contains(&(x, y)) {
                    t[[off, tx, ty]] = 1.0;
                }
                for (dir, (dx, dy)) in EAST.iter().enumerate() {
                    let tx2 = x as i32 + dx;
                    let ty2 = y as i32 + dy;
                    if tx2 < 0 || ty2 < 0 || tx2 >= n as i32 || ty2 >= n as i32 {
                        continue;
                    }
                    let other = (tx2 as usize, ty2 as usize);
                    if owner[other.0 * n + other.1] != Some(p) {
                        continue;
                    }
                    if links.contains(&((x, y), other)) {
                        t[[off + 1 + dir, tx, ty]] = 1.0;
                    } else {
                        t[[off + 5, tx, ty]] = 1.0;
                    }
                }
            }
        }
        Ok(t.into_pyarray(py))
    }
}

/// The legal moves of a board: a live view, computed when asked. `len`,
/// `in`, indexing (`moves[k]`, in the engine's order) and iteration; no
/// list of moves is made unless iterated.
///
/// >>> moves = twixtkit.Board(size=5).legal_moves
/// >>> len(moves)
/// 15
/// >>> sorted(str(move) for move in moves)[:3]
/// ['b1', 'b2', 'b3']
#[pyclass(module = "twixtkit", sequence)]
pub(crate) struct LegalMoves {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.board(py)?.pos.legal_move_count())
    }

    fn __getitem__(&self, py: Python<'_>, k: isize) -> PyResult<Move> {
        let b = self.board(py)?;
        let n = b.pos.legal_move_count();
        let i = if k < 0 { k + n as isize } else { k };
        usize::try_from(i)
            .ok()
            .and_then(|i| b.pos.nth_legal_move(i))
            .map(Board::to_move_obj)
            .ok_or_else(|| PyIndexError::new_err(format!("legal move {k} of {n}")))
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.board(py)?.is_legal(mv))
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<LegalMoveIter> {
        let b = self.board(py)?;
        Ok(LegalMoveIter {
            moves: GameState::legal_moves(&b.pos)
                .collect::<Vec<_>>()
                .into_iter(),
        })
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.__len__(py)? > 0)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let b = self.board(py)?;
        let moves: Vec<String> = GameState::legal_moves(&b.pos)
            .map(|m| move_text(&m))
            .collect();
        Ok(format!(
            "<LegalMoves ({}): {}>",
            moves.len(),
            moves.join(", ")
        ))
    }
}

impl LegalMoves {
    /// The board, or the RuntimeError any method of a board raises while a
    /// call on it is under way (a callback of `push_action` asking for its
    /// legal moves, say), rather than a panic.
    fn board<'py>(&'py self, py: Python<'py>) -> PyResult<PyRef<'py, Board>> {
        Ok(self.board.try_borrow(py)?)
    }
}

/// An iterator over the legal moves as they were when it was made.
#[pyclass(module = "twixtkit")]
pub(crate) struct LegalMoveIter {
    moves: std::vec::IntoIter<CoreMove>,
}

#[pymethods]
impl LegalMoveIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Move> {
        self.moves.next().map(Board::to_move_obj)
    }
}
