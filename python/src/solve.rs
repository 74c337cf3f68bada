//! "Wins within N" from Python: the engine's exact solver, its answer as
//! values (the key move, the shortest win, the defence that holds, or why
//! it could not decide).

use std::time::Duration;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use twixt_core::solver::{self, SearchLimit, Solved};
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
#[pyclass(module = "twixtkit", frozen, get_all)]
pub(crate) struct WinsWithin {
    wins: Option<bool>,
    moves: Option<u32>,
    key: Option<String>,
    keys: Option<Vec<String>>,
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
                "<WinsWithin wins in {} with {k} ({} positions)>",
                self.moves.unwrap_or(0),
                self.positions
            ),
            (Some(false), _, _) => format!(
                "<WinsWithin no win, refutation {:?} ({} positions)>",
                self.refutation, self.positions
            ),
            (_, _, Some(u)) => format!("<WinsWithin undecided: {u}>"),
            _ => "<WinsWithin>".to_string(),
        }
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
        limit = limit.with_time(Duration::from_secs_f64(t));
    }
    Ok(limit)
}

/// Solves with the GIL released; with `all_keys`, also lists every
/// winning first move (a second search).
#[allow(clippy::too_many_arguments)]
pub(crate) fn wins_within(
    py: Python<'_>,
    pos: &Position,
    player: Player,
    n: u32,
    time: Option<f64>,
    positions: u64,
    threads: usize,
    all_keys: bool,
) -> PyResult<WinsWithin> {
    let limit = limit(time, positions, threads)?;
    let pos = pos.clone();
    let answer = py.allow_threads(move || {
        let solved = solver::solve(&pos, player, n, &limit)?;
        let keys = match (&solved.answer, all_keys) {
            (Solved::Wins { .. }, true) => Some(solver::winning_keys(&pos, player, n, &limit)?),
            _ => None,
        };
        Ok::<_, solver::Undecided>((solved, keys))
    });
    Ok(match answer {
        Ok((solved, keys)) => {
            let positions = solved.positions + keys.as_ref().map_or(0, |k| k.positions);
            let keys = keys.map(|k| k.answer.iter().map(ToString::to_string).collect());
            match solved.answer {
                Solved::Wins { moves, key } => WinsWithin {
                    wins: Some(true),
                    moves: Some(moves),
                    key: Some(key.to_string()),
                    keys,
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
