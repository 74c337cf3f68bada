//! "Wins within N" from Python: the engine's exact solver, its answer as
//! values (the key move, the shortest win, the solution line, the defence
//! that holds, or why it could not decide).

use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use twixt_core::board::Hole;
use twixt_core::moves::Move;
use twixt_core::position::Status;
use twixt_core::solver::{self, AfterMove, SearchLimit, Solved};
use twixt_core::{Player, Position};

/// The answer to `board.wins_within(player, n)`.
///
/// `wins` is `True` (a win within `n`: `moves` the fewest it takes, `key`
/// a first move of it, `keys` every winning first move when asked for),
/// `False` (no win: `refutation` the most promising first move and the
/// reply that holds, each a hole or `None`), or `None` when the search
/// could not decide: `undecided` is the reason in words and `reason` its
/// class (`"limit"`, `"rules"`, `"swap"`, `"turn"`, `"game-over"`,
/// `"no-moves"`). `positions` counts the positions searched.
///
/// With a win, `solution` is the line of play to the connection as a
/// puzzle's solution gives it: the key move, the defence that holds out
/// longest, the winning answer, and so on (`2*moves - 1` holes);
/// `solution_text` numbers it as a script does, after the moves pushed on
/// the board (`"1. j10 2. g4 3. i4 4. h2 5. e4"` from a puzzle's setup). When a search of the line stops
/// at the limit, `solution` is `None` and `solution_undecided` says why.
///
/// >>> board = twixtkit.Board(size=6, rules="t1")
/// >>> for hole in ["c1", "a2", "d3", "a4"]:
/// ...     board.push(hole)
/// >>> board.wins_within("red", 1).wins
/// False
/// >>> answer = board.wins_within("red", 2)
/// >>> bool(answer), answer.moves, answer.key
/// (True, 2, 'c5')
/// >>> answer.solution, answer.solution_text
/// (['c5', 'b2', 'e6'], '5. c5 6. b2 7. e6')
/// >>> board.wins_within("black", 2).undecided
/// "it is red's turn, not black's"
#[pyclass(module = "twixtkit", frozen, get_all)]
pub(crate) struct WinsWithin {
    wins: Option<bool>,
    moves: Option<u32>,
    key: Option<String>,
    keys: Option<Vec<String>>,
    solution: Option<Vec<String>>,
    solution_text: Option<String>,
    solution_undecided: Option<String>,
    refutation: Option<(String, Option<String>)>,
    undecided: Option<String>,
    reason: Option<&'static str>,
    positions: u64,
}

#[pymethods]
impl WinsWithin {
    fn __bool__(&self) -> bool {
        self.wins == Some(true)
    }

    fn __repr__(&self) -> String {
        match (self.wins, &self.key, &self.undecided) {
            (Some(true), Some(k), _) => format!(
                "<WinsWithin wins in {} with {k}{} ({} positions)>",
                self.moves.unwrap_or(0),
                self.solution_text
                    .as_ref()
                    .map_or(String::new(), |t| format!(": {t}")),
                self.positions
            ),
            (Some(false), _, _) => format!(
                "<WinsWithin no win, refutation {} ({} positions)>",
                python_pair(self.refutation.as_ref()),
                self.positions
            ),
            (_, _, Some(u)) => format!("<WinsWithin undecided: {u}>"),
            _ => "<WinsWithin>".to_string(),
        }
    }
}

/// A refutation as Python writes the value: `('a2', 'n2')`,
/// `('a2', None)` or `None` (holes hold no quotes to escape).
fn python_pair(pair: Option<&(String, Option<String>)>) -> String {
    match pair {
        None => "None".to_string(),
        Some((first, reply)) => format!(
            "('{first}', {})",
            reply
                .as_ref()
                .map_or("None".to_string(), |r| format!("'{r}'"))
        ),
    }
}

/// The limit of one search: positions, optionally seconds, threads.
fn limit(time: Option<f64>, positions: u64, threads: usize) -> PyResult<SearchLimit> {
    if positions == 0 {
        return Err(PyValueError::new_err("positions is at least 1"));
    }
    let mut limit = SearchLimit::positions(positions).with_threads(threads.max(1));
    if let Some(t) = time {
        if !(t.is_finite() && t > 0.0) {
            return Err(PyValueError::new_err(format!(
                "time is a positive number of seconds, not {t}"
            )));
        }
        // Each search sets its deadline from the time it starts: a time
        // the clock cannot add is refused here rather than there.
        let time = Duration::try_from_secs_f64(t)
            .ok()
            .filter(|_| t <= MAX_TIME)
            .filter(|d| Instant::now().checked_add(*d).is_some())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "time is at most {MAX_TIME:e} seconds (about 31 years), not {t}; \
                     leave it None for no time limit"
                ))
            })?;
        limit = limit.with_time(time);
    }
    Ok(limit)
}

/// The longest time a search may be given, in seconds (about 31 years):
/// the clock adds it to any moment of a run.
const MAX_TIME: f64 = 1e9;

/// Solves with the GIL released; with `all_keys`, also lists every
/// winning first move (a second search).
#[allow(clippy::too_many_arguments)]
pub(crate) fn wins_within(
    py: Python<'_>,
    pos: &Position,
    pushed: usize,
    player: Player,
    n: u32,
    time: Option<f64>,
    positions: u64,
    threads: usize,
    all_keys: bool,
) -> PyResult<WinsWithin> {
    let limit = limit(time, positions, threads)?;
    let first = u32::try_from(pushed)
        .unwrap_or(u32::MAX - 1)
        .saturating_add(1);
    let pos = pos.clone();
    let answer = py.allow_threads(move || {
        let solved = solver::solve(&pos, player, n, &limit)?;
        let keys = match (&solved.answer, all_keys) {
            (Solved::Wins { .. }, true) => Some(solver::winning_keys(&pos, player, n, &limit)?),
            _ => None,
        };
        let line = match solved.answer {
            Solved::Wins { moves, key } => Some(solution_line(&pos, player, moves, key, &limit)),
            Solved::NoWin { .. } => None,
        };
        Ok::<_, solver::Undecided>((solved, keys, line))
    });
    Ok(match answer {
        Ok((solved, keys, line)) => {
            let line_positions = line.as_ref().map_or(0, |l| l.positions);
            let positions =
                solved.positions + keys.as_ref().map_or(0, |k| k.positions) + line_positions;
            let keys = keys.map(|k| k.answer.iter().map(ToString::to_string).collect());
            let (solution, solution_undecided) = match line.map(|l| l.answer) {
                Some(Ok(holes)) => (Some(holes), None),
                Some(Err(u)) => (None, Some(u.to_string())),
                None => (None, None),
            };
            let solution_text = solution.as_ref().map(|h| numbered(first, h));
            let solution = solution.map(|h| h.iter().map(ToString::to_string).collect());
            match solved.answer {
                Solved::Wins { moves, key } => WinsWithin {
                    wins: Some(true),
                    moves: Some(moves),
                    key: Some(key.to_string()),
                    keys,
                    solution,
                    solution_text,
                    solution_undecided,
                    refutation: None,
                    undecided: None,
                    reason: None,
                    positions,
                },
                Solved::NoWin { refutation } => WinsWithin {
                    wins: Some(false),
                    moves: None,
                    key: None,
                    keys: None,
                    solution: None,
                    solution_text: None,
                    solution_undecided: None,
                    refutation: refutation
                        .map(|(first, reply)| (first.to_string(), reply.map(|r| r.to_string()))),
                    undecided: None,
                    reason: None,
                    positions,
                },
            }
        }
        Err(u) => WinsWithin {
            wins: None,
            moves: None,
            key: None,
            keys: None,
            solution: None,
            solution_text: None,
            solution_undecided: None,
            refutation: None,
            reason: Some(u.class()),
            positions: match &u {
                solver::Undecided::Limit { positions, .. } => *positions,
                _ => 0,
            },
            undecided: Some(u.to_string()),
        },
    })
}

/// `holes` as a script numbers them, the first numbered `first`.
fn numbered(first: u32, holes: &[Hole]) -> String {
    let moves: Vec<String> = (first..)
        .zip(holes)
        .map(|(n, h)| format!("{n}. {h}"))
        .collect();
    moves.join(" ")
}

/// The line of play of a win of `player` within `moves` starting with
/// `key`: each defence the one that holds out longest, each answer a
/// first move of the shortest win left, to the connection. Every search
/// stays within `limit`; the positions they visited are counted either
/// way.
fn solution_line(
    pos: &Position,
    player: Player,
    moves: u32,
    key: Hole,
    limit: &SearchLimit,
) -> solver::Searched<Result<Vec<Hole>, solver::Undecided>> {
    let mut positions = 0;
    let answer = (|| {
        let mut line = Vec::new();
        let mut pos = pos.clone();
        let (mut left, mut key) = (moves, key);
        loop {
            if !play(&mut pos, key, &mut line) {
                return Ok(line);
            }
            if matches!(pos.status(), Status::Won { winner, .. } if winner == player) {
                return Ok(line);
            }
            left -= 1;
            let Some(reply) = longest_defence(&pos, player, left, limit, &mut positions)? else {
                // The solver proved the win, so the game cannot end here
                // undecided; the line stops where the engine says it does.
                return Ok(line);
            };
            if !play(&mut pos, reply, &mut line) {
                return Ok(line);
            }
            let next = solver::solve(&pos, player, left, limit)?;
            positions += next.positions;
            match next.answer {
                Solved::Wins { moves, key: k } => (left, key) = (moves, k),
                Solved::NoWin { .. } => return Ok(line),
            }
        }
    })();
    solver::Searched { answer, positions }
}

/// Plays the peg `hole` on `pos` and writes it down; `false` if the
/// engine refuses it (the solver names only legal pegs, so the line then
/// ends there rather than going on from a wrong position).
fn play(pos: &mut Position, hole: Hole, line: &mut Vec<Hole>) -> bool {
    let ok = pos.play(&Move::peg(hole)).is_ok();
    if ok {
        line.push(hole);
    }
    ok
}

/// The reply to a winning move of `player` (`pos` after it, `left` of
/// their moves to come) that makes the win longest; when every reply
/// loses at the next move, the one that leaves the fewest winning moves.
/// `None` when the opponent has no legal move.
fn longest_defence(
    pos: &Position,
    player: Player,
    left: u32,
    limit: &SearchLimit,
    positions: &mut u64,
) -> Result<Option<Hole>, solver::Undecided> {
    for k in (1..left).rev() {
        let after = solver::after_move(pos, player, k, limit)?;
        *positions += after.positions;
        match after.answer {
            AfterMove::Holds(r) => return Ok(Some(r)),
            AfterMove::Wins => {}
            AfterMove::NoReply => return Ok(None),
            AfterMove::Connected | AfterMove::Unfinished => break,
        }
    }
    let them = player.opponent();
    let mut best: Option<(usize, Hole)> = None;
    for i in 0..pos.free_hole_count(them) {
        let Some(r) = pos.nth_free_hole(them, i) else {
            break;
        };
        let mut after = pos.clone();
        if after.play(&Move::peg(r)).is_err() {
            continue;
        }
        let wins = solver::winning_keys(&after, player, 1, limit)?;
        *positions += wins.positions;
        if best.is_none_or(|(m, _)| wins.answer.len() < m) {
            best = Some((wins.answer.len(), r));
        }
    }
    Ok(best.map(|(_, r)| r))
}
