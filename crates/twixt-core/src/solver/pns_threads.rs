//! The proof-number search's root moves shared among threads ([`super::secures`],
//! [`super::secure_keys`]). Where the root is not settled by its own numbers
//! (a rules' end, a virtual connection), each of its moves is decided to the
//! end as a task of its own: a thread takes the next move in the root's
//! order, decides it, and takes another. The answer is chosen in that order
//! whatever the number of threads: the *earliest* move that settles it (the
//! attacker's first move proved, the defender's reply that holds), once every
//! move before it is decided; a move settled early on one thread waits for
//! the earlier ones on the others, and the threads on later moves stop.
//!
//! Each thread has a table of its own, not a shared one: the proof-number
//! table is read and written at every position, so a shared one would need a
//! lock on every step, and the moves of the root meet seldom below it. For
//! the claim, a move starts from an empty table, so a move's answer, the
//! defence found against it and its proof tree depend on that move alone,
//! not on which moves a thread decided before: the same with any number of
//! threads. The cooks keep a thread's table from move to move (their answer,
//! the set of moves proved, does not depend on it). All threads draw on one
//! meter's positions and time.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::hole::HoleIndex;
use super::limit::Meter;
use super::pns::{INF, PnTable, Pns};
use super::proof::ProofNode;
use super::search::Stop;
use super::table::Key;
use super::{Secure, any_reply, proof_of, secure_with, settled_child};
use crate::board::{Hole, Player};
use crate::position::{Position, Status};

/// What the tasks of the root's moves came to, and the tables' figures.
struct Tasks<T> {
    /// The answers of the moves decided, by index, in the root's order.
    answers: Vec<(usize, T)>,
    /// The limit that stopped a thread, if one did.
    stop: Option<Stop>,
    /// Bytes of the largest table a thread held.
    table_bytes: usize,
    /// Entries the tables dropped to make room.
    evictions: u64,
}

/// How a thread's table is used from one move to the next.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tables {
    /// An empty table for each move: what a move finds depends on it alone.
    Fresh,
    /// One table for all the moves a thread decides.
    Kept,
}

/// A task: decides the move of the given index with a thread's search.
type Task<'a, T> = &'a (dyn Fn(&mut Pns<'_>, usize) -> Result<T, Stop> + Sync);
/// Whether an answer settles the question (the later moves then stop).
type Settles<'a, T> = Option<&'a (dyn Fn(&T) -> bool + Sync)>;

/// Decides the `n` moves of the root on `threads` threads, each task
/// counted on `meter` (one thread: on the calling thread).
#[allow(clippy::too_many_arguments)]
fn share<T: Send>(
    pos: &Position,
    attacker: Player,
    meter: &mut Meter,
    bytes: usize,
    threads: usize,
    n: usize,
    tables: Tables,
    task: Task<'_, T>,
    settles: Settles<'_, T>,
) -> Tasks<T> {
    let next = AtomicUsize::new(0);
    let earliest = AtomicUsize::new(usize::MAX);
    let run = |meter: &mut Meter| {
        let mut pns = Pns::new(pos, attacker, meter, bytes);
        let mut done = Tasks {
            answers: Vec::new(),
            stop: None,
            table_bytes: 0,
            evictions: 0,
        };
        let mut first = true;
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= n || earliest.load(Ordering::Relaxed) < i {
                break;
            }
            if tables == Tables::Fresh && !first {
                let old = std::mem::replace(&mut pns.table, PnTable::new(bytes));
                done.table_bytes = done.table_bytes.max(old.bytes());
                done.evictions += old.evictions;
            }
            first = false;
            if settles.is_some() {
                pns.cancel = Some((&earliest, i));
            }
            match task(&mut pns, i) {
                Ok(answer) => {
                    if settles.is_some_and(|f| f(&answer)) {
                        earliest.fetch_min(i, Ordering::Relaxed);
                    }
                    done.answers.push((i, answer));
                }
                Err(Stop::Cancelled) => break,
                Err(stop) => {
                    done.stop = Some(stop);
                    break;
                }
            }
        }
        done.table_bytes = done.table_bytes.max(pns.table.bytes());
        done.evictions += pns.table.evictions;
        done
    };
    if threads <= 1 {
        return run(meter);
    }
    // The positions this thread drew and did not use go to the workers.
    meter.return_unused();
    let workers: Vec<Meter> = (0..threads).map(|_| meter.worker()).collect();
    let run = &run;
    let done: Vec<(Tasks<T>, Meter)> = std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .into_iter()
            .map(|mut m| {
                scope.spawn(move || {
                    let done = run(&mut m);
                    // Out of work: this thread's block goes to those still
                    // deciding.
                    m.return_unused();
                    (done, m)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    let mut all = Tasks {
        answers: Vec::new(),
        stop: None,
        table_bytes: 0,
        evictions: 0,
    };
    for (d, m) in done {
        meter.take_in(m);
        all.answers.extend(d.answers);
        all.stop = all.stop.or(d.stop);
        all.table_bytes = all.table_bytes.max(d.table_bytes);
        all.evictions += d.evictions;
    }
    all.answers.sort_unstable_by_key(|&(i, _)| i);
    all
}

impl<T> Tasks<T> {
    /// The index of the earliest answer that settles, once every move
    /// before it is decided (a limit that stopped a later move does not
    /// matter); `None` when every move is decided and none settles; the
    /// limit that left a move before the answer undecided.
    fn earliest(&self, settles: impl Fn(&T) -> bool) -> Result<Option<usize>, Stop> {
        let decided = self
            .answers
            .iter()
            .enumerate()
            .take_while(|&(k, &(i, _))| k == i)
            .count();
        if let Some(k) = self.answers[..decided].iter().position(|(_, a)| settles(a)) {
            return Ok(Some(k));
        }
        match self.stop {
            Some(stop) => Err(stop),
            None => Ok(None),
        }
    }
}

/// Decides `pos` to the end: whether the attacker connects from it.
fn decide(pns: &mut Pns<'_>, pos: &Position, key: Key) -> Result<bool, Stop> {
    let (mut pn, mut dn) = pns.evaluate(pos, key);
    if pn != 0 && dn != 0 {
        (pn, dn) = pns.mid(pos, key, INF, INF)?;
    }
    debug_assert!(pn == 0 || dn == 0, "an unbounded search ends decided");
    Ok(pn == 0)
}

/// One move of the root decided.
enum Decided {
    /// The attacker connects after it (with the proof, when asked).
    Proved(Option<ProofNode>),
    /// The attacker does not: with the attacker to move at the root, for
    /// its first move, the defence that holds.
    Refuted(Option<HoleIndex>),
}

/// What the claim came to: the answer, the proof when asked, and the
/// tables' figures.
pub(crate) struct Found {
    pub(crate) answer: Secure,
    pub(crate) proof: Option<ProofNode>,
    pub(crate) table_bytes: usize,
    pub(crate) evictions: u64,
}

/// Whether `player` connects from `pos`, its root's moves decided on
/// `threads` threads drawing on `meter`, each move's table of at most
/// `bytes`; with the proof of a secure connection when `want_proof`.
pub(crate) fn secure(
    pos: &Position,
    player: Player,
    meter: &mut Meter,
    bytes: usize,
    threads: usize,
    want_proof: bool,
) -> Result<Found, Stop> {
    let geo = pos.geometry();
    let to_move = pos.to_move() == player;
    let (moves, rest) = {
        let mut pns = Pns::new(pos, player, meter, bytes);
        let root = pns.keys.of(pos);
        let (pn, dn) = pns.evaluate(pos, root);
        if pn == 0 || dn == 0 {
            // Settled by its own numbers: no move to share.
            let answer = secure_with(&mut pns, pos, player)?;
            let proof = match &answer {
                Secure::Secured { key } if want_proof => {
                    let key = key.map(|h| HoleIndex::new(geo.index(h)));
                    proof_of(&mut pns, pos, key)?
                }
                _ => None,
            };
            return Ok(Found {
                answer,
                proof,
                table_bytes: pns.table.bytes(),
                evictions: pns.table.evictions,
            });
        }
        let rest = if !to_move && want_proof {
            pns.template(pos, true)
        } else {
            None
        };
        (pns.moves(pos), rest)
    };
    let task = |pns: &mut Pns<'_>, i: usize| -> Result<Decided, Stop> {
        let root = pns.keys.of(pos);
        let (next, k) = pns.play(pos, root, moves[i])?;
        if decide(pns, &next, k)? {
            let proof = if want_proof {
                pns.proof(&next, k)?
            } else {
                None
            };
            return Ok(Decided::Proved(proof));
        }
        if !to_move || i > 0 {
            return Ok(Decided::Refuted(None));
        }
        // The attacker's most plausible first move fails: the reply that
        // holds against it.
        let replies = if next.status() == Status::Ongoing {
            pns.moves(&next)
        } else {
            Vec::new()
        };
        let defence = settled_child(pns, &next, k, &replies, false)?;
        Ok(Decided::Refuted(
            defence.or_else(|| any_reply(&next, player)),
        ))
    };
    // The attacker's first move proved, or the defender's reply that holds.
    let settles = move |d: &Decided| matches!(d, Decided::Proved(_)) == to_move;
    let tasks = share(
        pos,
        player,
        meter,
        bytes,
        threads,
        moves.len(),
        Tables::Fresh,
        &task,
        Some(&settles),
    );
    let earliest = tasks.earliest(settles)?;
    let hole = |h: HoleIndex| geo.hole(h.get());
    let (answer, proof) = match (to_move, earliest) {
        (true, Some(k)) => {
            let proof = match &tasks.answers[k].1 {
                Decided::Proved(Some(p)) => Some(ProofNode::Move {
                    hole: hole(moves[k]),
                    next: Box::new(p.clone()),
                }),
                _ => None,
            };
            (
                Secure::Secured {
                    key: Some(hole(moves[k])),
                },
                proof,
            )
        }
        (true, None) => {
            let defence = match tasks.answers.first() {
                Some((_, Decided::Refuted(d))) => *d,
                _ => None,
            };
            (
                Secure::Breaks {
                    attempt: moves.first().map(|&m| hole(m)),
                    defence: defence.map(hole),
                },
                None,
            )
        }
        (false, Some(k)) => (
            Secure::Breaks {
                attempt: None,
                defence: Some(hole(moves[k])),
            },
            None,
        ),
        (false, None) => {
            let replies: Option<Vec<(Hole, ProofNode)>> = tasks
                .answers
                .iter()
                .map(|(i, d)| match d {
                    Decided::Proved(Some(p)) => Some((hole(moves[*i]), p.clone())),
                    _ => None,
                })
                .collect();
            let proof = replies
                .filter(|_| want_proof)
                .map(|replies| ProofNode::Replies { replies, rest });
            (Secure::Secured { key: None }, proof)
        }
    };
    Ok(Found {
        answer,
        proof,
        table_bytes: tasks.table_bytes,
        evictions: tasks.evictions,
    })
}

/// Every first move of `player` (to move in `pos`) that secures the
/// connection, in the root's order, each decided to the end on `threads`
/// threads drawing on `meter`.
pub(crate) fn secure_keys(
    pos: &Position,
    player: Player,
    meter: &mut Meter,
    bytes: usize,
    threads: usize,
) -> Result<Vec<HoleIndex>, Stop> {
    let moves = Pns::new(pos, player, meter, bytes).moves(pos);
    let task = |pns: &mut Pns<'_>, i: usize| -> Result<bool, Stop> {
        let root = pns.keys.of(pos);
        let (next, k) = pns.play(pos, root, moves[i])?;
        decide(pns, &next, k)
    };
    let tasks = share(
        pos,
        player,
        meter,
        bytes,
        threads,
        moves.len(),
        Tables::Kept,
        &task,
        None,
    );
    if let Some(stop) = tasks.stop {
        return Err(stop);
    }
    Ok(tasks
        .answers
        .into_iter()
        .filter(|&(_, proved)| proved)
        .map(|(i, _)| moves[i])
        .collect())
}

#[cfg(test)]
mod tests {
    use crate::board::{BoardSize, Player};
    use crate::position::{Position, Status};
    use crate::rules::{RuleSet, Swap};
    use crate::solver::random_pegs::add_random_pegs;
    use crate::solver::{
        SearchLimit, Secure, Tuning, Undecided, check_proof, secure_keys, secures_with_proof,
    };
    use crate::split_mix::SplitMix64;

    /// Random ongoing positions on `side`×`side` boards of `preset`, past
    /// the swap, with at most `most` empty holes (small enough for the
    /// proof numbers to decide every move quickly).
    fn crowded(preset: &str, side: u64, most: usize, count: usize, seed: u64) -> Vec<Position> {
        let mut rules = RuleSet::preset(preset).unwrap();
        rules.size = BoardSize::square(side).unwrap();
        rules.swap = Swap::None;
        let mut rng = SplitMix64::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut pos = Position::new(rules.clone()).unwrap();
            let empty = 1 + rng.below(most);
            while pos.status() == Status::Ongoing && pos.free_holes(pos.to_move()).count() > empty {
                add_random_pegs(&mut pos, &mut rng, 1);
            }
            if pos.status() == Status::Ongoing {
                out.push(pos);
            }
        }
        out
    }

    /// The proof numbers alone (no short win first), on `threads` threads,
    /// within `positions`.
    fn limit_of(threads: usize, positions: u64) -> SearchLimit {
        let tuning = Tuning {
            secure_short_win: false,
            ..Tuning::default()
        };
        SearchLimit::positions(positions)
            .with_tuning(tuning)
            .with_threads(threads)
    }

    fn limit(threads: usize) -> SearchLimit {
        limit_of(threads, u64::MAX)
    }

    /// On random small positions of pencil, dujardin and t1, for both
    /// players: the answer (key move, refutation), the proof tree and the
    /// cooks are the same on 1, 2 and 4 threads, and every proof replays.
    #[test]
    fn answers_and_proofs_do_not_depend_on_the_threads() {
        let (mut secured, mut broken, mut shared) = (0, 0, 0);
        for (k, preset) in ["pencil", "dujardin", "t1"].into_iter().enumerate() {
            for side in [6, 7] {
                for pos in crowded(preset, side, 22, 20, 40 + side + k as u64) {
                    for player in [Player::Red, Player::Black] {
                        let one = secures_with_proof(&pos, player, &limit(1)).unwrap();
                        let keys = (pos.to_move() == player)
                            .then(|| secure_keys(&pos, player, &limit(1)).unwrap().answer);
                        if let (Secure::Secured { .. }, Some(proof)) = (&one.0.answer, &one.1) {
                            check_proof(&pos, player, proof).unwrap();
                        }
                        match one.0.answer {
                            Secure::Secured { .. } => secured += 1,
                            Secure::Breaks { .. } => broken += 1,
                        }
                        // More positions than first moves: the root's moves were searched.
                        shared += usize::from(one.0.positions > 40);
                        for threads in [2, 4] {
                            let many = secures_with_proof(&pos, player, &limit(threads)).unwrap();
                            assert_eq!(
                                (&many.0.answer, &many.1),
                                (&one.0.answer, &one.1),
                                "{preset} {player:?} on {threads} threads"
                            );
                            if let Some(keys) = &keys {
                                let got = secure_keys(&pos, player, &limit(threads)).unwrap();
                                assert_eq!(&got.answer, keys, "{preset} {player:?} cooks");
                            }
                        }
                    }
                }
            }
        }
        eprintln!("{secured} secured, {broken} broken, {shared} searched");
        // Both answers are common, and most roots are shared among threads.
        assert!(
            secured > 20 && broken > 20,
            "{secured} secured, {broken} broken"
        );
        assert!(shared > 20, "{shared} searched");
    }

    /// The limit bounds the search on any number of threads: its positions
    /// together, and its time.
    #[test]
    fn the_limit_bounds_all_the_threads_together() {
        // Two pegs on an empty board: far from decided in 3,000 positions.
        let mut rules = RuleSet::preset("pencil").unwrap();
        rules.swap = Swap::None;
        let mut pos = Position::new(rules).unwrap();
        add_random_pegs(&mut pos, &mut SplitMix64::new(5), 2);
        for threads in [1, 2, 4] {
            let limited = limit_of(threads, 3000);
            match secures_with_proof(&pos, Player::Red, &limited) {
                Err(Undecided::Limit { positions, .. }) => {
                    assert!(positions <= 3000, "{positions} positions on {threads}")
                }
                other => panic!("decided within 3000 positions: {other:?}"),
            }
            let timed = limit(threads).with_time(std::time::Duration::from_millis(200));
            let start = std::time::Instant::now();
            assert!(matches!(
                secure_keys(&pos, Player::Red, &timed),
                Err(Undecided::Limit { .. })
            ));
            let spent = start.elapsed();
            assert!(spent.as_millis() < 1000, "{spent:?} on {threads} threads");
        }
    }
}
