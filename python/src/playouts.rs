//! Batched, seeded random playouts for self-play pipelines: the games run
//! in Rust on several threads, the results come back as NumPy arrays.

use numpy::PyArray1;
use pyo3::prelude::*;
use twixt_core::random::SplitMix64;
use twixt_core::state::GameState;
use twixt_core::{Player, Position};

use crate::RulesError;
use crate::board::rules_for;

/// Plays `n` uniformly random games from the start and returns
/// (plies, winners) as NumPy arrays: plies int32, winners int8 (0 Red,
/// 1 Black, -1 no winner: board full or `max_plies` reached). Game `i`
/// uses seed `seed + i`, so results are reproducible. Dead draws are not
/// searched for: a game goes on to the end. The games are shared among
/// `threads` threads (0: one per core), with the same results for any count.
///
/// >>> plies, winners = twixtkit.random_games(4, size=8, seed=1)
/// >>> plies.shape, plies.dtype, winners.dtype
/// ((4,), dtype('int32'), dtype('int8'))
/// >>> bool((plies > 0).all()), set(winners.tolist()) <= {-1, 0, 1}
/// (True, True)
/// >>> bool((twixtkit.random_games(4, size=8, seed=1)[0] == plies).all())
/// True
#[pyfunction]
#[pyo3(signature = (n, size = 24, rules = "pencil", seed = 0, max_plies = 100_000, threads = 0))]
pub(crate) fn random_games<'py>(
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
            // Through GameState: it keeps the undo log, whose free-hole set
            // makes counting and picking the legal moves cheap.
            if GameState::play(&mut pos, &mv).is_err() {
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
pub(crate) fn presets() -> Vec<&'static str> {
    twixt_core::rules::PRESET_NAMES.to_vec()
}
