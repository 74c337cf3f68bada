//! `import twixtkit`: TwixT's rules engine (the `twixt-core` crate) from
//! Python, with a board in python-chess's shape, OpenSpiel's action ids and
//! observation tensor, and batched random playouts returning NumPy arrays.

use numpy::ndarray::Array3;
use numpy::{IntoPyArray, PyArray1, PyArray3};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use twixt_core::position_line;
use twixt_core::random::SplitMix64;
use twixt_core::rules::Swap;
use twixt_core::state::{GameState, Outcome as CoreOutcome};
use twixt_core::{BoardSize, Hole, Move as CoreMove, Player, Position, RuleSet};

create_exception!(
    twixtkit,
    TwixtError,
    PyValueError,
    "Any error of twixtkit; a ValueError."
);
create_exception!(
    twixtkit,
    IllegalMoveError,
    TwixtError,
    "A move the rules do not allow in this position."
);
create_exception!(
    twixtkit,
    InvalidMoveError,
    TwixtError,
    "Text that does not name a move."
);
create_exception!(
    twixtkit,
    RulesError,
    TwixtError,
    "An unknown rule set, a bad board size or an impossible rule set."
);
create_exception!(
    twixtkit,
    PositionLineError,
    TwixtError,
    "A position line that does not read or breaks the rules."
);

/// The rule set `name` (a preset, or the text of a YAML rule file) on a
/// square board of `size`.
fn rules_for(name: &str, size: Option<i64>) -> PyResult<RuleSet> {
    let rules = if name.contains(':') {
        RuleSet::from_yaml(name).map_err(|e| RulesError::new_err(e.to_string()))?
    } else {
        RuleSet::preset(name).map_err(|e| RulesError::new_err(e.to_string()))?
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

fn player_name(p: Player) -> &'static str {
    p.name()
}

/// A move's text: `f6`, `swap`, `resign`, `accept-draw`; a placement with
/// removals or chosen links adds them (`f6 -d5 +f6-g8`).
fn move_text(mv: &CoreMove) -> String {
    match mv {
        CoreMove::Swap => "swap".to_string(),
        CoreMove::Resign => "resign".to_string(),
        CoreMove::AcceptDraw => "accept-draw".to_string(),
        CoreMove::Place(p) => {
            let mut s = p.hole.to_string();
            for r in &p.removals {
                match r {
                    twixt_core::moves::Removal::Peg(h) => s.push_str(&format!(" -{h}")),
                    twixt_core::moves::Removal::Link(l) => {
                        let (a, b) = l.ends();
                        s.push_str(&format!(" -{a}-{b}"));
                    }
                }
            }
            for l in &p.links {
                let (a, b) = l.ends();
                s.push_str(&format!(" +{a}-{b}"));
            }
            if p.offers_draw {
                s.push_str(" draw?");
            }
            s
        }
    }
}

fn parse_move(text: &str) -> PyResult<CoreMove> {
    let t = text.trim();
    match t.to_ascii_lowercase().as_str() {
        "swap" => return Ok(CoreMove::Swap),
        "resign" => return Ok(CoreMove::Resign),
        "accept-draw" => return Ok(CoreMove::AcceptDraw),
        _ => {}
    }
    let hole: Hole = t
        .parse()
        .map_err(|e: twixt_core::board::ParseHoleError| InvalidMoveError::new_err(e.to_string()))?;
    Ok(CoreMove::peg(hole))
}

/// One move: a peg placement, `swap`, `resign` or `accept-draw`.
#[pyclass(module = "twixtkit", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Move {
    inner: CoreMove,
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
/// `"dead-draw"`) and, for a win by connection, the winning `chain`.
#[pyclass(module = "twixtkit", frozen, get_all)]
#[derive(Clone)]
struct Outcome {
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

/// A TwixT position with the moves pushed on it, in python-chess's shape.
#[pyclass(module = "twixtkit")]
#[derive(Clone)]
struct Board {
    pos: Position,
    stack: Vec<CoreMove>,
}

impl Board {
    /// Whether the pushed moves include a mirror swap: OpenSpiel turns the
    /// first peg where the mirror swap reflects it, so from then on
    /// OpenSpiel's board is this one reflected left to right.
    fn openspiel_flipped(&self) -> bool {
        self.pos.rules().swap == Swap::Mirror && self.stack.contains(&CoreMove::Swap)
    }

    fn side(&self) -> u16 {
        self.pos.size().width()
    }

    fn check_square(&self) -> PyResult<u16> {
        let size = self.pos.size();
        if size.width() != size.height() || size.is_partial() {
            return Err(TwixtError::new_err(format!(
                "OpenSpiel's encoding needs a whole square board, not {size}"
            )));
        }
        Ok(size.width())
    }

    /// OpenSpiel's (x, y) for a hole: x the column (reflected after a
    /// mirror swap), y counted from the bottom row.
    fn os_xy(&self, hole: Hole, flip: bool) -> (usize, usize) {
        let n = usize::from(self.side());
        let col = usize::from(hole.col);
        let x = if flip { n - 1 - col } else { col };
        (x, n - 1 - usize::from(hole.row))
    }

    fn to_move_obj(mv: CoreMove) -> Move {
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
    /// `board`, `schmidt`, `dujardin`, `t1`, `editable`) or a YAML rule file's text.
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
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = Board::coerce_move(r#move)?;
        GameState::play(&mut self.pos, &mv)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))?;
        self.stack.push(mv);
        Ok(())
    }

    /// Takes back the last pushed move and returns it.
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
        }
    }

    /// Whether the game has ended (a win, an agreed draw or a dead draw).
    fn is_game_over(&self) -> bool {
        GameState::outcome(&self.pos).is_over()
    }

    /// The owner of the peg at `hole` (`"f6"`), or `None`.
    fn peg_at(&self, hole: &str) -> PyResult<Option<&'static str>> {
        let h: Hole = hole
            .parse()
            .map_err(|e: twixt_core::board::ParseHoleError| {
                InvalidMoveError::new_err(e.to_string())
            })?;
        Ok(self.pos.peg(h).map(player_name))
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

    /// A plain text diagram: `x` Red, `o` Black, `.` an empty hole, row 1
    /// at the top (links are not drawn).
    fn __str__(&self) -> String {
        let size = self.pos.size();
        let mut out = String::from("   ");
        for c in 0..size.width() {
            out.push_str(&format!(" {:>2}", twixt_core::board::column_name(c)));
        }
        out.push('\n');
        for r in 0..size.height() {
            out.push_str(&format!("{:>3}", r + 1));
            for c in 0..size.width() {
                let h = Hole::new(c, r);
                let ch = if !size.contains(h) {
                    ' '
                } else {
                    match self.pos.peg(h) {
                        Some(Player::Red) => 'x',
                        Some(Player::Black) => 'o',
                        None => '.',
                    }
                };
                out.push_str("  ");
                out.push(ch);
            }
            out.push('\n');
        }
        out
    }

    fn __repr__(&self) -> String {
        format!("Board.from_line({:?})", self.line())
    }

    // --- OpenSpiel ---------------------------------------------------------

    /// OpenSpiel's `twixt` action id of `move` here: `x*size + y`, x the
    /// column and y the row counted from the bottom (OpenSpiel's `b5` on a
    /// 5×5 board is our `b1`... its labels run like ours: label = row+1);
    /// the swap is the first peg's id. After a mirror swap OpenSpiel's board
    /// is ours reflected left to right, and the ids follow it.
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
        let (x, y) = self.os_xy(hole, self.openspiel_flipped());
        Ok(x * n + y)
    }

    /// The move of OpenSpiel's action id here (the inverse of `action`).
    fn move_from_action(&self, action: usize) -> PyResult<Move> {
        let n = usize::from(self.check_square()?);
        if action >= n * n {
            return Err(TwixtError::new_err(format!(
                "action {action} is out of range for a {n}x{n} board"
            )));
        }
        let (x, y) = (action / n, action % n);
        let flip = self.openspiel_flipped();
        let col = if flip { n - 1 - x } else { x };
        let hole = Hole::new(col as u16, (n - 1 - y) as u16);
        if self.pos.ply() == 1
            && self.pos.rules().swap != Swap::None
            && self.pos.peg(hole).is_some()
        {
            return Ok(Move {
                inner: CoreMove::Swap,
            });
        }
        Ok(Move {
            inner: CoreMove::peg(hole),
        })
    }

    /// Pushes OpenSpiel's action id.
    fn push_action(&mut self, action: usize) -> PyResult<()> {
        let mv = self.move_from_action(action)?.inner;
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

    /// OpenSpiel's `twixt` observation tensor, shape (12, size, size-2),
    /// float32: planes 0–5 Red's (pegs without links; links NNE, ENE, ESE,
    /// SSE from the peg; pegs with a blocked eastern neighbour), 6–11
    /// Black's, turned as OpenSpiel turns them.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<f32>>> {
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

/// The legal moves of a board, computed when asked.
#[pyclass(module = "twixtkit")]
struct LegalMoves {
    board: Py<Board>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.board.borrow(py).pos.legal_move_count()
    }

    fn __contains__(&self, py: Python<'_>, mv: &Bound<'_, PyAny>) -> bool {
        self.board.borrow(py).is_legal(mv)
    }

    fn __iter__(&self, py: Python<'_>) -> LegalMoveIter {
        let b = self.board.borrow(py);
        LegalMoveIter {
            moves: GameState::legal_moves(&b.pos)
                .collect::<Vec<_>>()
                .into_iter(),
        }
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        self.__len__(py) > 0
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let b = self.board.borrow(py);
        let moves: Vec<String> = GameState::legal_moves(&b.pos)
            .map(|m| move_text(&m))
            .collect();
        format!("<LegalMoves ({}): {}>", moves.len(), moves.join(", "))
    }
}

/// An iterator over the legal moves as they were when it was made.
#[pyclass(module = "twixtkit")]
struct LegalMoveIter {
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

/// Plays `n` uniformly random games from the start and returns
/// (plies, winners) as NumPy arrays: plies int32, winners int8 (0 Red,
/// 1 Black, -1 no winner: board full or `max_plies` reached). Game `i`
/// uses seed `seed + i`, so results are reproducible. Dead draws are not
/// searched for: a game goes on to the end. The games are shared among
/// `threads` threads (0: one per core), with the same results for any count.
#[pyfunction]
#[pyo3(signature = (n, size = 24, rules = "pencil", seed = 0, max_plies = 100_000, threads = 0))]
fn random_games<'py>(
    py: Python<'py>,
    n: usize,
    size: i64,
    rules: &str,
    seed: u64,
    max_plies: u32,
    threads: usize,
) -> PyResult<Results<'py>> {
    let rules = rules_for(rules, Some(size))?;
    let start = Position::new(rules).map_err(|e| RulesError::new_err(e.to_string()))?;
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
    .clamp(1, n.max(1));
    let (plies, winners) = py.allow_threads(|| {
        let chunk = n.div_ceil(threads);
        let parts: Vec<(Vec<i32>, Vec<i8>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let start = &start;
                    let first = (t * chunk).min(n);
                    let last = ((t + 1) * chunk).min(n);
                    scope.spawn(move || play_games(start, first..last, seed, max_plies))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a playout thread panicked"))
                .collect()
        });
        let mut plies = Vec::with_capacity(n);
        let mut winners = Vec::with_capacity(n);
        for (p, w) in parts {
            plies.extend(p);
            winners.extend(w);
        }
        (plies, winners)
    });
    Ok((
        PyArray1::from_vec(py, plies),
        PyArray1::from_vec(py, winners),
    ))
}

/// `random_games`' plies and winners.
type Results<'py> = (Bound<'py, PyArray1<i32>>, Bound<'py, PyArray1<i8>>);

/// Games `range` from `start`, game `i` seeded `seed + i`: plies and winners.
fn play_games(
    start: &Position,
    range: std::ops::Range<usize>,
    seed: u64,
    max_plies: u32,
) -> (Vec<i32>, Vec<i8>) {
    let mut plies = Vec::with_capacity(range.len());
    let mut winners = Vec::with_capacity(range.len());
    let mut pos = start.clone();
    for i in range {
        pos.copy_from(start);
        let mut rng = SplitMix64::new(seed.wrapping_add(i as u64));
        let mut count = 0u32;
        while count < max_plies && !pos.is_terminal() {
            let k = pos.legal_move_count();
            if k == 0 {
                break;
            }
            let Some(mv) = pos.nth_legal_move(rng.below(k)) else {
                break;
            };
            if pos.play(&mv).is_err() {
                break;
            }
            count += 1;
        }
        plies.push(count as i32);
        winners.push(match pos.status() {
            twixt_core::position::Status::Won { winner, .. } => match winner {
                Player::Red => 0,
                Player::Black => 1,
            },
            _ => -1,
        });
    }
    (plies, winners)
}

/// The rule presets' names.
#[pyfunction]
fn presets() -> Vec<&'static str> {
    twixt_core::rules::PRESET_NAMES.to_vec()
}

#[pymodule]
fn _twixtkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Board>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<LegalMoves>()?;
    m.add_class::<LegalMoveIter>()?;
    m.add_function(wrap_pyfunction!(random_games, m)?)?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add("TwixtError", py.get_type::<TwixtError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionLineError", py.get_type::<PositionLineError>())?;
    Ok(())
}
