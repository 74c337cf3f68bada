//! The root's first moves shared among threads. Each thread has a search
//! of its own (its buffers, its meter) and all share one table and one
//! history of replies, so what one proves or refutes the others find, and
//! a reply one finds holding the others try first. A
//! thread takes the next first move in the root's order, searches it to
//! the end, and takes another; the answer is the *earliest* move of the
//! order that wins, as on one thread, so which key move is reported
//! depends on the order alone. The defender's replies at the root of
//! [`super::after_move`] are shared the same way: the earliest reply that
//! holds is the answer. Once a move is proved, the threads on
//! later moves stop (they can no longer change the answer); those on
//! earlier moves go on to the end. docs/engine.md ("Threads") says why
//! this stays exact.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::history::History;
use super::hole::HoleIndex;
use super::search::{Defence, Search, Stop};
use super::table::{Key, SharedTable};
use super::zone::Zone;
use super::{Solver, SolverTable, Tuning};
use crate::board::Player;
use crate::position::Position;

/// Rounds of the root's deepening with fewer moves than this stay on one
/// thread: they take milliseconds, less than starting the threads.
pub(crate) const SHARED_FROM: u32 = 4;

/// What one thread brings back: its meter's count and, for each move it
/// searched to the end, the move's index and answer.
struct Done<T> {
    meter: super::Meter,
    ran_out: u64,
    zone_skips: u64,
    defender_connections: u64,
    cancelled: bool,
    answers: Vec<(usize, T)>,
    stop: Option<Stop>,
}

/// Searches `moves` of the root `pos` (key `key`) on `threads` threads:
/// `per_move` answers one move with a thread's search. With `stop_after`,
/// a move whose answer it accepts stops the threads on later moves. The
/// answers of the moves searched to the end, by index, and the limit that
/// stopped a thread, if one did (the moves it left are not answered).
fn share<T: Send>(
    solver: &mut Solver<'_>,
    pos: &Position,
    moves: &[HoleIndex],
    threads: usize,
    prepare: &(dyn Fn(&mut Search<'_>) + Sync),
    per_move: &(dyn Fn(&mut Search<'_>, HoleIndex) -> Result<T, Stop> + Sync),
    stop_after: Option<&(dyn Fn(&T) -> bool + Sync)>,
) -> (Vec<(usize, T)>, Option<Stop>) {
    let next = AtomicUsize::new(0);
    let earliest = AtomicUsize::new(usize::MAX);
    let table = match &solver.table {
        SolverTable::Shared(t) => *t,
        SolverTable::Own(_) => unreachable!("a search on threads has a shared table"),
    };
    let (attacker, tuning) = (solver.attacker, solver.tuning);
    let history = &solver.history;
    // The positions this thread drew and did not use go to the workers.
    solver.meter.return_unused();
    let workers: Vec<super::Meter> = (0..threads).map(|_| solver.meter.worker()).collect();
    let done: Vec<Done<T>> = std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .into_iter()
            .map(|mut meter| {
                let (next, earliest) = (&next, &earliest);
                scope.spawn(move || {
                    let (answers, stop, ran_out, zone_skips, connections, cancelled) = {
                        let mut s = worker(pos, attacker, &mut meter, tuning, table, history);
                        let mut answers = Vec::new();
                        let mut stop = None;
                        let mut cancelled = false;
                        prepare(&mut s.search());
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= moves.len() {
                                break;
                            }
                            if earliest.load(Ordering::Relaxed) < i {
                                cancelled = true;
                                break;
                            }
                            let mut search = s.search();
                            if stop_after.is_some() {
                                search.cancel = Some((earliest, i));
                            }
                            match per_move(&mut search, moves[i]) {
                                Ok(answer) => {
                                    if stop_after.is_some_and(|f| f(&answer)) {
                                        earliest.fetch_min(i, Ordering::Relaxed);
                                    }
                                    answers.push((i, answer));
                                }
                                Err(Stop::Cancelled) => {
                                    cancelled = true;
                                    break;
                                }
                                Err(e) => {
                                    stop = Some(e);
                                    break;
                                }
                            }
                        }
                        (
                            answers,
                            stop,
                            s.ran_out,
                            s.zone_skips,
                            s.defender_connections,
                            cancelled,
                        )
                    };
                    // Out of work: this thread's block goes to those still
                    // searching.
                    meter.return_unused();
                    Done {
                        meter,
                        ran_out,
                        zone_skips,
                        defender_connections: connections,
                        cancelled,
                        answers,
                        stop,
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut answers = Vec::new();
    let mut stop = None;
    for d in done {
        solver.meter.take_in(d.meter);
        solver.ran_out += d.ran_out;
        solver.zone_skips += d.zone_skips;
        solver.defender_connections += d.defender_connections;
        solver.cancelled += u64::from(d.cancelled);
        answers.extend(d.answers);
        stop = stop.or(d.stop);
    }
    answers.sort_unstable_by_key(|&(i, _)| i);
    (answers, stop)
}

/// A thread's own search, sharing `table` and `history`.
fn worker<'m>(
    pos: &Position,
    attacker: Player,
    meter: &'m mut super::Meter,
    tuning: Tuning,
    table: &'m SharedTable,
    history: &Arc<History>,
) -> Solver<'m> {
    let mut s = Solver::new(pos, attacker, meter, tuning, SolverTable::Shared(table));
    s.history = Arc::clone(history);
    s
}

/// Round `budget` of the root's deepening with its first moves shared
/// among `threads` threads: the earliest first move in the root's order
/// that wins within `budget`, or `None` when every one is refuted (noted
/// in the table, as on one thread).
pub(crate) fn root_round(
    solver: &mut Solver<'_>,
    pos: &Position,
    key: Key,
    budget: u32,
    threads: usize,
) -> Result<Option<HoleIndex>, Stop> {
    let mut search = solver.search();
    let needed = match search.settled(pos, key, budget) {
        Ok(needed) => needed,
        Err(answer) => return Ok(answer.map(|(m, _)| m)),
    };
    if let Some(c) = search.connection(pos, key, budget) {
        search.table.proved(key, c.gaps, c.first, &c.zone);
        return Ok(Some(c.first));
    }
    let moves = search.root_order(pos, key, budget, needed);
    // Each thread's bound leaves out the holes that the root's costs put
    // off every chain within the moves, as one thread's search does below
    // its root.
    let prepare = |s: &mut Search<'_>| {
        s.costs.needed(pos, s.attacker, budget, Some(key));
        s.costs.through(pos, s.attacker, s.through);
        s.costs.push_floor(pos, s.through, budget);
    };
    let per_move = |s: &mut Search<'_>, m: HoleIndex| s.try_move(pos, key, budget, m);
    let won = |z: &Option<Zone>| z.is_some();
    let (answers, stop) = share(
        solver,
        pos,
        &moves,
        threads,
        &prepare,
        &per_move,
        Some(&won),
    );
    // The earliest move proved is the answer once every move before it
    // was refuted to the end, even if a limit stopped a later one.
    if let Some(k) = answers.iter().position(|(_, z)| z.is_some())
        && answers[k].0 == k
    {
        return Ok(Some(moves[k]));
    }
    if let Some(stop) = stop {
        return Err(stop);
    }
    solver.search().table.refuted(key, budget);
    Ok(None)
}

/// Whether each of `moves` wins within `budget` from the root `pos`
/// (every first move searched to the end, with the defender to reply
/// with `budget - 1` moves left), on `threads` threads.
pub(crate) fn winning_moves(
    solver: &mut Solver<'_>,
    pos: &Position,
    key: Key,
    budget: u32,
    moves: &[HoleIndex],
    threads: usize,
) -> Result<Vec<HoleIndex>, Stop> {
    let per_move = |s: &mut Search<'_>, m: HoleIndex| s.first_move_wins(pos, key, budget, m);
    let (answers, stop) = share(solver, pos, moves, threads, &|_| {}, &per_move, None);
    if let Some(stop) = stop {
        return Err(stop);
    }
    Ok(answers
        .into_iter()
        .filter(|&(_, wins)| wins)
        .map(|(i, _)| moves[i])
        .collect())
}

/// What became of one defender's reply at the root.
enum Reply {
    /// Left out: outside the zone of a proof found for another reply, so
    /// it loses too.
    Skipped,
    /// The attacker still wins: its proof's zone, the reply's hole in it.
    Loses(Zone),
    /// The reply holds.
    Holds,
}

/// The defender to move at the root `pos`, the attacker then having
/// `budget` moves, with the replies shared among `threads` threads: as
/// [`Search::defend`] (the same replies in the same order, the earliest
/// that holds being the answer), but a reply is left out only by the
/// proofs of the replies finished so far, on any thread.
pub(crate) fn defend_root(
    solver: &mut Solver<'_>,
    pos: &Position,
    key: Key,
    budget: u32,
    threads: usize,
) -> Result<Defence, Stop> {
    let mut search = solver.search();
    // Its reply that holds is shown to a player (`Search::reported`).
    search.reported = true;
    let plan = match search.replies_to_try(pos, key, budget)? {
        Ok(plan) => plan,
        Err(settled) => return Ok(settled),
    };
    let narrows = solver.own_links_cross;
    // Where a reply can still hold (see `Search::defend`), narrowed by
    // every proof found, whichever thread found it.
    let open = Mutex::new(plan.zone.clone());
    let in_region = |i: HoleIndex| plan.region.as_ref().is_some_and(|z| z.contains(i));
    let per_reply = |s: &mut Search<'_>, r: HoleIndex| -> Result<Reply, Stop> {
        let still_open = open.lock().unwrap_or_else(|e| e.into_inner()).contains(r);
        if !still_open && !in_region(r) {
            return Ok(Reply::Skipped);
        }
        let Some(zone) = s.defending_reply(pos, key, budget, r, plan.threat)? else {
            return Ok(Reply::Holds);
        };
        if narrows {
            open.lock()
                .unwrap_or_else(|e| e.into_inner())
                .intersect(&zone);
        }
        Ok(Reply::Loses(zone))
    };
    let holds = |a: &Reply| matches!(a, Reply::Holds);
    let (answers, stop) = share(
        solver,
        pos,
        &plan.order,
        threads,
        &|_| {},
        &per_reply,
        Some(&holds),
    );
    // The earliest reply that holds is the answer once every reply before
    // it was answered, even if a limit stopped a later one.
    if let Some(k) = answers.iter().position(|(_, a)| holds(a))
        && answers[k].0 == k
    {
        return Ok(Defence::Holds(Some(plan.order[k])));
    }
    if let Some(stop) = stop {
        return Err(stop);
    }
    let mut zone = plan.zone;
    for (_, a) in &answers {
        if let Reply::Loses(z) = a {
            zone.union(z);
        }
    }
    Ok(Defence::Proved(zone))
}
