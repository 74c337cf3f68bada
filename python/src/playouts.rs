//! Batched, seeded random playouts for self-play pipelines: the games run
//! in Rust on several threads, the results come back as NumPy arrays.

use numpy::PyArray1;
use pyo3::exceptions::{PyMemoryError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use twixt_core::random::SplitMix64;
use twixt_core::state::GameState;
use twixt_core::{Player, Position};

use crate::RulesError;
use crate::board::rules_for;

/// The most games one call may ask for: its two result arrays (an int32
/// and an int8 a game, 5 bytes) then stay within 1 GB, under 1 GiB.
pub(crate) const MAX_GAMES: usize = 200_000_000;

/// Plays `n` uniformly random games from the start and returns
/// (plies, winners) as NumPy arrays: plies int32, winners int8 (0 Red,
/// 1 Black, -1 no winner: board full or `max_plies` reached). Game `i`
/// uses seed `seed + i`, so results are reproducible. Dead draws are not
/// searched for: a game goes on to the end. `n` is at most 200,000,000
/// (`MAX_GAMES`: the arrays stay within 1 GB), else ValueError. The games
/// are shared among `threads` threads (0: one per core; more than the
/// cores are capped to the cores), with the same results for any count;
/// a thread the system cannot start raises OSError.
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
    if n > MAX_GAMES {
        return Err(PyValueError::new_err(format!(
            "random_games plays at most {MAX_GAMES} games a call (its arrays within 1 GB), not {n}"
        )));
    }
    let rules = rules_for(rules, Some(size))?;
    let start = Position::new(rules).map_err(|e| RulesError::new_err(e.to_string()))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The playouts only compute: more threads than cores cannot help.
    let threads = if threads == 0 {
        cores
    } else {
        threads.min(cores)
    }
    .clamp(1, n.max(1));
    let mut plies = zeroed::<i32>(n)?;
    let mut winners = zeroed::<i8>(n)?;
    py.allow_threads(|| -> PyResult<()> {
        if threads == 1 {
            play_games(&start, 0, &mut plies, &mut winners, seed, max_plies);
            return Ok(());
        }
        let chunk = n.div_ceil(threads);
        std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(threads);
            let parts = plies.chunks_mut(chunk).zip(winners.chunks_mut(chunk));
            for (t, (p, w)) in parts.enumerate() {
                let start = &start;
                let handle = std::thread::Builder::new()
                    .name(format!("playouts-{t}"))
                    .spawn_scoped(scope, move || {
                        play_games(start, t * chunk, p, w, seed, max_plies)
                    })
                    .map_err(|e| {
                        PyOSError::new_err(format!(
                            "cannot start playout thread {} of {threads}: {e}; ask for fewer threads",
                            t + 1
                        ))
                    })?;
                handles.push(handle);
            }
            for h in handles {
                h.join()
                    .map_err(|_| PyRuntimeError::new_err("a playout thread panicked"))?;
            }
            Ok(())
        })
    })?;
    Ok((
        PyArray1::from_vec(py, plies),
        PyArray1::from_vec(py, winners),
    ))
}

/// `n` zeros, or MemoryError when the system cannot give them (rather
/// than the process aborting).
fn zeroed<T: Clone + Default>(n: usize) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        PyMemoryError::new_err(format!("no memory for the results of {n} random games"))
    })?;
    v.resize(n, T::default());
    Ok(v)
}

/// `random_games`' plies and winners.
type Results<'py> = (Bound<'py, PyArray1<i32>>, Bound<'py, PyArray1<i8>>);

/// Plays games `first..first + plies.len()` from `start`, game `i` seeded
/// `seed + i`, writing their plies and winners.
fn play_games(
    start: &Position,
    first: usize,
    plies: &mut [i32],
    winners: &mut [i8],
    seed: u64,
    max_plies: u32,
) {
    let mut pos = start.clone();
    for (k, (plies, winner)) in plies.iter_mut().zip(winners.iter_mut()).enumerate() {
        let i = first + k;
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
        *plies = count as i32;
        *winner = match pos.status() {
            twixt_core::position::Status::Won { winner, .. } => match winner {
                Player::Red => 0,
                Player::Black => 1,
            },
            _ => -1,
        };
    }
}

/// The rule presets' names.
#[pyfunction]
pub(crate) fn presets() -> Vec<&'static str> {
    twixt_core::rules::PRESET_NAMES.to_vec()
}
