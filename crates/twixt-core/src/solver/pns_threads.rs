//! The proof-number search's root on threads ([`super::secures`],
//! [`super::secure_keys`]), with answers that do not depend on how many.
//!
//! The claim: where the root is not settled by its own numbers (a rules'
//! end, a virtual connection), the root's loop of df-pn runs here. With the
//! defender to move at the root, two of its replies are searched side by
//! side at each step ([`WIDTH`]): the two most disproving, each until its
//! number passes that of the best reply left out by the 1+ε of the
//! thresholds. The width is fixed, not the number of threads: the steps,
//! and so every number and every answer, are the same on one thread (the
//! searches of a step one after the other) as on several (side by side).
//! Each root move keeps a table of its own from step to step: what a
//! move's search finds depends on that move alone, whichever thread runs
//! it, where a table shared among threads would depend on the order they
//! write in (and take a lock at every position). The answer is the
//! earliest move of the root's order settled at the step that settles the
//! root; its proof, or the defence against the attacker's first move, comes
//! from that move's table.
//!
//! The cooks: every root move is decided to the end, each thread taking the
//! next move of the root's order and keeping one table for all the moves it
//! decides (the set of moves proved does not depend on the table).
//!
//! All threads draw on one meter's positions and time.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::hole::HoleIndex;
use super::limit::{Meter, SearchLimit};
use super::pns::{INF, PnTable, Pns, numbers, widen};
use super::proof::{ProofNode, Rest};
use super::search::Stop;
use super::table::Key;
use super::{Secure, any_reply, proof_of, secure_with, settled_child};
use crate::board::Player;
use crate::position::{Position, Status};

/// Root moves searched side by side at each step of the root's loop, with
/// the defender to move at the root: two, for the two cores the project
/// measures on. A fixed number, so that the search is the same on any
/// number of threads; more threads than this are not used by the claim.
/// With the attacker to move one: a second move searched beside the most
/// proving one is seldom needed there (a secure claim needs one move
/// proved, and disproving a plausible move is dear), and cost 7 and 16
/// times the positions on bench puzzles 4 and 33 (docs/solver.md).
const WIDTH: [usize; 2] = [2, 1];

/// One move of the root: the position after it, its numbers, and its own
/// table (none until first searched).
struct RootMove {
    hole: HoleIndex,
    pos: Position,
    key: Key,
    pn: u32,
    dn: u32,
    table: Option<PnTable>,
}

/// How each search of this module makes its proof-number search: its
/// table's bound, whether it drops dead holes (`dead.rs`) and whether the
/// defender's virtual connection disproves (each off only to test that it
/// changes no answer).
#[derive(Clone, Copy)]
pub(crate) struct Setup {
    pub(crate) bytes: usize,
    pub(crate) drop_dead: bool,
    pub(crate) defender_connection: bool,
}

impl Setup {
    /// The setup `limit` asks for: its table bytes and its tuning's
    /// switches.
    pub(crate) fn of(limit: &SearchLimit) -> Setup {
        Setup {
            bytes: limit.table_bytes(),
            drop_dead: limit.tuning().secure_dead_holes,
            defender_connection: limit.tuning().secure_defender_connection,
        }
    }

    pub(crate) fn pns<'a>(self, pos: &Position, attacker: Player, meter: &'a mut Meter) -> Pns<'a> {
        let mut pns = Pns::new(pos, attacker, meter, self.bytes);
        pns.drop_dead = self.drop_dead;
        pns.defender_connection = self.defender_connection;
        pns
    }
}

/// What the claim came to: the answer, the proof when asked, and the
/// tables' figures.
pub(crate) struct Found {
    pub(crate) answer: Secure,
    pub(crate) proof: Option<ProofNode>,
    pub(crate) table_bytes: usize,
    pub(crate) evictions: u64,
}

/// A search of one root move with its own table, counted on `meter`:
/// runs `f` and puts the table back.
fn with_table<T>(
    m: &mut RootMove,
    attacker: Player,
    meter: &mut Meter,
    setup: Setup,
    f: impl FnOnce(&mut Pns<'_>, &Position, Key) -> Result<T, Stop>,
) -> Result<T, Stop> {
    let mut pns = setup.pns(&m.pos, attacker, meter);
    if let Some(t) = m.table.take() {
        pns.table = t;
    }
    let out = f(&mut pns, &m.pos, m.key);
    m.table = Some(std::mem::replace(&mut pns.table, PnTable::new(0)));
    out
}

/// The moves of one step: the [`WIDTH`] most proving (least proof number
/// at the attacker's turn, least disproof number at the defender's; ties
/// by the root's order), each with its thresholds: its number may grow to
/// that of the best move left out of the step times 1+ε, so that each of
/// them gets a share of the work (with the next one's, as one thread's
/// df-pn would, all but the first return at once).
fn step_moves(or: bool, moves: &[RootMove]) -> Vec<(usize, u32, u32)> {
    let num = |m: &RootMove| if or { m.pn } else { m.dn };
    let mut order: Vec<usize> = (0..moves.len())
        .filter(|&i| moves[i].pn != 0 && moves[i].dn != 0)
        .collect();
    order.sort_by_key(|&i| (num(&moves[i]), i));
    let width = WIDTH[usize::from(or)];
    let left_out = order.get(width).map_or(INF, |&i| num(&moves[i]));
    let th = widen(left_out);
    (0..order.len().min(width))
        .map(|j| {
            if or {
                (order[j], th, INF)
            } else {
                (order[j], INF, th)
            }
        })
        .collect()
}

/// Whether `player` connects from `pos`, the root's moves searched on
/// `threads` threads drawing on `meter`, each move's table of at most
/// `bytes`; with the proof of a secure connection when `want_proof`.
pub(crate) fn secure(
    pos: &Position,
    player: Player,
    meter: &mut Meter,
    setup: Setup,
    threads: usize,
    want_proof: bool,
) -> Result<Found, Stop> {
    let geo = pos.geometry();
    let or = pos.to_move() == player;
    let (mut moves, rest) = {
        let mut pns = setup.pns(pos, player, meter);
        let root = pns.keys.of(pos);
        let (pn, dn) = pns.evaluate(pos, root);
        if pn == 0 || dn == 0 {
            // Settled by its own numbers: no move to search.
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
        let rest = if !or && want_proof {
            pns.template(pos, true)
        } else {
            None
        };
        let mut moves = Vec::new();
        for hole in pns.moves(pos) {
            let (next, key) = pns.play(pos, root, hole)?;
            let (pn, dn) = pns.evaluate(&next, key);
            moves.push(RootMove {
                hole,
                pos: next,
                key,
                pn,
                dn,
                table: None,
            });
            // One proved move settles the attacker's turn, one disproved
            // reply the defender's.
            if (or && pn == 0) || (!or && dn == 0) {
                break;
            }
        }
        (moves, rest)
    };
    loop {
        let (pn, dn) = numbers(or, moves.iter().map(|m| (m.pn, m.dn)));
        if pn == 0 || dn == 0 {
            break;
        }
        let step = step_moves(or, &moves);
        let mut picked: Vec<(&mut RootMove, u32, u32)> = moves
            .iter_mut()
            .enumerate()
            .filter_map(|(i, m)| {
                let &(_, th_pn, th_dn) = step.iter().find(|s| s.0 == i)?;
                Some((m, th_pn, th_dn))
            })
            .collect();
        let search = |(m, th_pn, th_dn): (&mut RootMove, u32, u32), meter: &mut Meter| {
            let (pn, dn) = with_table(m, player, meter, setup, |pns, p, k| {
                pns.mid(p, k, th_pn, th_dn)
            })?;
            m.pn = pn;
            m.dn = dn;
            Ok::<(), Stop>(())
        };
        if threads <= 1 || picked.len() < 2 {
            for one in picked {
                search(one, meter)?;
            }
            continue;
        }
        // This thread searches the first move of the step, workers the
        // others.
        meter.return_unused();
        let first = picked.remove(0);
        let search = &search;
        let (mine, others) = std::thread::scope(|scope| {
            let handles: Vec<_> = picked
                .into_iter()
                .map(|one| {
                    let mut w = meter.worker();
                    scope.spawn(move || {
                        let r = search(one, &mut w);
                        w.return_unused();
                        (r, w)
                    })
                })
                .collect();
            let mine = search(first, meter);
            let others: Vec<(Result<(), Stop>, Meter)> = handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect();
            (mine, others)
        });
        let mut stop = mine.err();
        for (r, w) in others {
            meter.take_in(w);
            stop = stop.or(r.err());
        }
        if let Some(stop) = stop {
            return Err(stop);
        }
    }
    let table_bytes = moves
        .iter()
        .filter_map(|m| m.table.as_ref().map(PnTable::bytes))
        .sum();
    let evictions = moves
        .iter()
        .filter_map(|m| m.table.as_ref().map(|t| t.evictions))
        .sum();
    let hole = |h: HoleIndex| geo.hole(h.get());
    let (answer, proof) = if or {
        match moves.iter().position(|m| m.pn == 0) {
            Some(k) => {
                let proof = if want_proof {
                    let h = moves[k].hole;
                    with_table(&mut moves[k], player, meter, setup, |pns, p, key| {
                        pns.proof(p, key)
                    })?
                    .map(|p| ProofNode::Move {
                        hole: hole(h),
                        next: Box::new(p),
                    })
                } else {
                    None
                };
                let key = Some(hole(moves[k].hole));
                (Secure::Secured { key }, proof)
            }
            None => {
                // The attacker's most plausible first move fails: the reply
                // that holds against it.
                let first = &mut moves[0];
                let defence = with_table(first, player, meter, setup, |pns, p, key| {
                    let replies = if p.status() == Status::Ongoing {
                        pns.moves(p)
                    } else {
                        Vec::new()
                    };
                    settled_child(pns, p, key, &replies, false)
                })?;
                let defence = defence.or_else(|| any_reply(&first.pos, player));
                (
                    Secure::Breaks {
                        attempt: Some(hole(first.hole)),
                        defence: defence.map(hole),
                    },
                    None,
                )
            }
        }
    } else {
        match moves.iter().position(|m| m.dn == 0) {
            Some(k) => (
                Secure::Breaks {
                    attempt: None,
                    defence: Some(hole(moves[k].hole)),
                },
                None,
            ),
            None => {
                let mut replies = Some(Vec::new());
                if want_proof {
                    for m in &mut moves {
                        let h = m.hole;
                        let p =
                            with_table(m, player, meter, setup, |pns, p, key| pns.proof(p, key))?;
                        replies = replies.zip(p).map(|(mut r, p)| {
                            r.push((hole(h), p));
                            r
                        });
                    }
                }
                let proof = replies
                    .filter(|_| want_proof)
                    .map(|replies| ProofNode::Replies {
                        replies,
                        rest: rest.map(Rest::Template),
                    });
                (Secure::Secured { key: None }, proof)
            }
        }
    };
    Ok(Found {
        answer,
        proof,
        table_bytes,
        evictions,
    })
}

/// Every first move of `player` (to move in `pos`) that secures the
/// connection, in the root's order, each decided to the end on `threads`
/// threads drawing on `meter`: a thread takes the next move of the root's
/// order and keeps one table for all the moves it decides.
pub(crate) fn secure_keys(
    pos: &Position,
    player: Player,
    meter: &mut Meter,
    setup: Setup,
    threads: usize,
) -> Result<Vec<HoleIndex>, Stop> {
    let moves = setup.pns(pos, player, meter).moves(pos);
    let next = AtomicUsize::new(0);
    let run = |meter: &mut Meter| -> (Vec<HoleIndex>, Option<Stop>) {
        let mut pns = setup.pns(pos, player, meter);
        let root = pns.keys.of(pos);
        let mut proved = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&m) = moves.get(i) else {
                return (proved, None);
            };
            let decided = pns.play(pos, root, m).and_then(|(after, k)| {
                let (mut pn, mut dn) = pns.evaluate(&after, k);
                if pn != 0 && dn != 0 {
                    (pn, dn) = pns.mid(&after, k, INF, INF)?;
                }
                debug_assert!(pn == 0 || dn == 0, "an unbounded search ends decided");
                Ok(pn == 0)
            });
            match decided {
                Ok(true) => proved.push(m),
                Ok(false) => {}
                Err(stop) => return (proved, Some(stop)),
            }
        }
    };
    let done: Vec<(Vec<HoleIndex>, Option<Stop>)> = if threads <= 1 {
        vec![run(meter)]
    } else {
        // The positions this thread drew and did not use go to the workers.
        meter.return_unused();
        let run = &run;
        let done: Vec<(Vec<HoleIndex>, Option<Stop>, Meter)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let mut w = meter.worker();
                    scope.spawn(move || {
                        let (proved, stop) = run(&mut w);
                        // Out of work: this thread's block goes to those
                        // still deciding.
                        w.return_unused();
                        (proved, stop, w)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        done.into_iter()
            .map(|(proved, stop, w)| {
                meter.take_in(w);
                (proved, stop)
            })
            .collect()
    };
    let mut keys = Vec::new();
    for (proved, stop) in done {
        if let Some(stop) = stop {
            return Err(stop);
        }
        keys.extend(proved);
    }
    Ok(keys)
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

    /// Corner puzzles of the workspace's bench set (benches/secure-puzzles.tsv,
    /// by their number there) with their key move: each asked as `check` asks
    /// it (the short-win look first), by the proof numbers alone, and after
    /// its key (the opponent to move); puzzles 46 and 47 are false keys, asked
    /// after the false key only.
    const BENCH: [(usize, &str, &str); 8] = [
        (
            3,
            "j1",
            "12-cut-top-right/pencil/b5,c8,d2,e2,e12,h9,i10,i11,j8,j11,k1/a10,c6,d4,f3,f6,h2,h8,j7,l2,l8/*/black",
        ),
        (
            4,
            "d4",
            "12-cut-top-right/pencil/c1,c6,c8,c9,e6,f2,f9,g7,i10,j2,k6/b9,b11,c5,e10,f7,f10,i4,i7,i9,j6,k2/*/red",
        ),
        (
            7,
            "h3",
            "12-cut-top-right/pencil/b12,c12,f8,g1,h7,h9,i5,i8,j11,k7/a5,a8,b4,c7,d6,e10,g5,j6,j8,l1/*/red",
        ),
        (
            13,
            "h5",
            "12-cut-top-right/pencil/b3,b7,c2,e11,f4,g7,h1,h4,i11,j1/a5,b6,c8,e1,h2,h11,j11,k4,l4,l11/*/red",
        ),
        (
            28,
            "g10",
            "12-cut-top-right/pencil/b1,c3,c9,d4,d7,e9,f3,g3,g8,i7,l5,l12/a1,a4,b11,d1,d11,e4,e10,f7,f9,g1,i5,l10/*/red",
        ),
        (
            33,
            "i1",
            "12-cut-top-right/pencil/c3,d3,d11,f4,f12,g11,h7,h10,i5,j3,j9,k8/b4,b8,b9,c2,f10,g3,g4,i10,j6,k1,k7,l11/*/red",
        ),
        (
            46,
            "j5",
            "12-cut-top-right/pencil/b6,b9,c6,f8,f11,g1,g6,g7,h2,i10,j8,k2,l8,l9/a3,a9,b5,d6,d7,e7,f5,f7,h4,h7,h11,j10,k8,l2/a3-b5,b5-d6,d6-f5,d6-f7,e7-f5,f5-h4,f8-g6,h11-j10,i10-j8,j8-l9/red",
        ),
        (
            47,
            "k4",
            "12-cut-top-right/pencil/b6,b9,c6,f8,f11,g1,g6,g7,h2,i10,j8,k2,l8,l9/a3,a9,b5,d6,d7,e7,f5,f7,h4,h7,h11,j10,k8,l2/a3-b5,b5-d6,d6-f5,d6-f7,e7-f5,f5-h4,f8-g6,h11-j10,i10-j8,j8-l9/red",
        ),
    ];

    /// The bench's puzzles that are decided within 100,000 positions answer
    /// the same, with the same proof, on 1, 2 and 4 threads.
    #[test]
    fn the_bench_puzzles_answer_the_same_on_any_number_of_threads() {
        let mut compared = 0;
        for (n, key, line) in BENCH {
            let pos = crate::position_line::read_position(line).unwrap();
            let me = pos.to_move();
            let mut after = pos.clone();
            after
                .play(&crate::moves::Move::peg(key.parse().unwrap()))
                .unwrap();
            let mut asked = vec![(&after, false)];
            if n < 46 {
                asked.extend([(&pos, true), (&pos, false)]);
            }
            for (p, short_win) in asked {
                let tuning = Tuning {
                    secure_short_win: short_win,
                    ..Tuning::default()
                };
                let limit = |threads| {
                    SearchLimit::positions(100_000)
                        .with_tuning(tuning)
                        .with_threads(threads)
                };
                let Ok(one) = secures_with_proof(p, me, &limit(1)) else {
                    continue;
                };
                for threads in [2, 4] {
                    let many = secures_with_proof(p, me, &limit(threads)).unwrap();
                    assert_eq!(
                        (&many.0.answer, &many.1, many.0.positions),
                        (&one.0.answer, &one.1, one.0.positions),
                        "puzzle {n} on {threads} threads (short win first: {short_win})"
                    );
                }
                compared += 1;
            }
        }
        assert!(compared >= 14, "{compared} questions decided");
    }
}
