//! `#wins red in N`: the pruned search agrees with a plain minimax that
//! tries every reply, on random positions of small boards, and refuses what
//! it cannot decide.

use twixt_core::position::{Position, Status, WinBy};
use twixt_core::random::{SplitMix64, random_game};
use twixt_core::solver::{AfterMove, LimitKind, SearchLimit, Solved, Undecided, after_move, solve};
use twixtkit::prelude::{BoardSize, Hole, Move, Player, RuleSet};

/// Whether `player` wins within `moves`, the solver's answer as a yes or
/// no, within `limit` positions.
fn wins(pos: &Position, player: Player, moves: u32, limit: u64) -> Result<bool, Undecided> {
    solve(pos, player, moves, &SearchLimit::positions(limit))
        .map(|s| matches!(s.answer, Solved::Wins { .. }))
}

/// Every reply, every move: the definition of "wins within n" spelled out.
fn brute_force(pos: &Position, attacker: Player, n: u32) -> bool {
    let size = pos.size();
    for m in size.holes() {
        let mut next = pos.clone();
        if next.play(&Move::peg(m)).is_err() {
            continue;
        }
        if matches!(next.status(), Status::Won { winner, by: WinBy::Connection, .. } if winner == attacker)
        {
            return true;
        }
        if n == 1 {
            continue;
        }
        // No legal reply: the game ends in a draw there (no rule set has
        // a pass), so the move does not win.
        let mut any_reply = false;
        let holds = size.holes().all(|r| {
            let mut after = next.clone();
            match after.play(&Move::peg(r)) {
                Err(_) => true, // not a legal reply
                Ok(_) if after.status() != Status::Ongoing => {
                    any_reply = true;
                    false
                }
                Ok(_) => {
                    any_reply = true;
                    brute_force(&after, attacker, n - 1)
                }
            }
        });
        if holds && any_reply {
            return true;
        }
    }
    false
}

/// Random positions of a few plies on a small board, with the side to move.
fn positions(rules: &RuleSet, count: usize, seed: u64) -> Vec<Position> {
    random_positions(rules, count, seed, 4)
}

/// Random positions of at least `fewest` plies and fewer than twice the
/// board's width more, ongoing, with the side to move.
fn random_positions(rules: &RuleSet, count: usize, seed: u64, fewest: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let plies = (fewest + rng.below(rules.size.width() as usize * 2)) as u32;
        let moves = random_game(rules, rng.next_u64(), plies);
        let mut pos = Position::new(rules.clone()).unwrap();
        for mv in &moves {
            if pos.play(mv).is_err() {
                break;
            }
        }
        if pos.status() == Status::Ongoing && pos.ply() >= 2 {
            out.push(pos);
        }
    }
    out
}

fn rules(preset: &str, side: u64) -> RuleSet {
    let mut r = RuleSet::preset(preset).unwrap();
    r.size = BoardSize::square(side).unwrap();
    r
}

fn agree(rules: &RuleSet, n: u32, count: usize, seed: u64) -> (usize, usize) {
    agree_on(rules, n, positions(rules, count, seed))
}

/// [`agree`] on the positions given: how many minimax proves, of how many.
fn agree_on(rules: &RuleSet, n: u32, positions: Vec<Position>) -> (usize, usize) {
    let (mut proved, count) = (0, positions.len());
    for pos in positions {
        let me = pos.to_move();
        let want = brute_force(&pos, me, n);
        let got = wins(&pos, me, n, u64::MAX).unwrap();
        assert_eq!(
            got,
            want,
            "wins in {n} for {me} on {:?}: pegs {:?}",
            rules,
            pos.pegs().collect::<Vec<_>>()
        );
        proved += usize::from(want);
    }
    (proved, count)
}

#[test]
fn agrees_with_minimax_in_one_and_two_moves() {
    let (mut ones, mut twos, mut total) = (0, 0, 0);
    for (preset, side) in [("pencil", 7), ("dujardin", 7), ("t1", 8), ("pencil", 6)] {
        let r = rules(preset, side);
        ones += agree(&r, 1, 150, 1).0;
        let (p2, n) = agree(&r, 2, 150, 2);
        twos += p2;
        total += n;
    }
    // The sample holds both answers, so the comparison means something.
    eprintln!("{ones} {twos} of {total}");
    assert!(
        ones > 0 && twos > ones && twos < total,
        "{ones} {twos} of {total}"
    );
}

#[test]
fn agrees_with_minimax_in_three_moves() {
    let (mut p3, mut n) = (0, 0);
    for (preset, side, seed) in [("dujardin", 6, 3), ("pencil", 7, 5), ("t1", 7, 6)] {
        let (p, c) = agree(&rules(preset, side), 3, 60, seed);
        p3 += p;
        n += c;
    }
    eprintln!("three: {p3} of {n}");
    assert!(p3 > 0 && p3 < n, "{p3} of {n}");
    let r = rules("pencil", 5);
    agree(&r, 3, 25, 4);
}

/// On crowded boards, where the defender is often a peg or two from its
/// own chain, the search agrees with minimax in two and three moves: a
/// reply that completes the defender's chain before the attacker's last
/// move holds. (The defender's region makes sure such replies are tried;
/// with it left out this test still passed, as every such reply seen lay
/// in the zone of the attacker's proof too: a defender chain must cross
/// the attacker's, and a proof's zone holds the ends of every link that
/// could cross its links.)
#[test]
fn the_defenders_own_chain_keeps_minimaxs_answers() {
    let (mut proved, mut total) = (0, 0);
    for (preset, side, seed) in [("pencil", 6, 21), ("pencil", 7, 22), ("dujardin", 6, 23)] {
        let r = rules(preset, side);
        for n in [2, 3] {
            // Many plies: the side not to move is often close to its own
            // chain.
            let fewest = 2 * side as usize;
            let crowded = random_positions(&r, 80, seed + u64::from(n), fewest);
            let (p, c) = agree_on(&r, n, crowded);
            proved += p;
            total += c;
        }
    }
    eprintln!("dense: {proved} of {total}");
    assert!(proved > 0 && proved < total, "{proved} of {total}");
}

/// That the solver's answer `got` for the side to move in `pos` is
/// minimax's: the `shortest` win within 3 (or none within 3), and a
/// reported key move keeps its win in the moves left.
fn assert_minimaxs(
    pos: &Position,
    got: Solved,
    shortest: Option<u32>,
    budget: &SearchLimit,
    what: &str,
) {
    let me = pos.to_move();
    let pegs = pos.pegs().collect::<Vec<_>>();
    let got_moves = match got {
        Solved::Wins { moves, key } => {
            let mut after = pos.clone();
            after.play(&Move::peg(key)).unwrap();
            let rest = after_move(&after, me, moves - 1, budget).unwrap().answer;
            assert!(
                matches!(rest, AfterMove::Connected | AfterMove::Wins),
                "{what}: key {key} of a win in {moves} does not keep it: {rest:?}"
            );
            Some(moves)
        }
        Solved::NoWin { .. } => None,
    };
    match shortest {
        Some(n) => assert_eq!(
            got_moves,
            Some(n),
            "{what}: shortest win {n} for {me}, pegs {pegs:?}"
        ),
        None => assert!(
            got_moves.is_none_or(|m| m > 3),
            "{what}: no win in 3 for {me}, solver {got_moves:?}, pegs {pegs:?}"
        ),
    }
}

/// The shortest win reported within a long bound is minimax's shortest:
/// every attacker's turn inside the search deepens from its fewest moves
/// up, and the bound's searches skip holes by the floors the line's
/// earlier turns leave (docs/engine.md, "Wins in N"); both must leave the
/// answer as minimax gives it. (With the floors made to forget the pegs
/// the attacker added since, six of this file's tests failed, the
/// minimax comparisons above among them; that check was run before this
/// test was written.)
#[test]
fn the_shortest_win_within_a_long_bound_is_minimaxs() {
    let (mut wins, mut total) = ([0usize; 4], 0);
    for (preset, side, seed) in [("pencil", 6, 11), ("dujardin", 6, 12), ("t1", 6, 13)] {
        let r = rules(preset, side);
        for pos in positions(&r, 40, seed) {
            let me = pos.to_move();
            let shortest = (1..=3).find(|&n| brute_force(&pos, me, n));
            let budget = SearchLimit::positions(5_000_000);
            let got = solve(&pos, me, 6, &budget)
                .unwrap_or_else(|e| panic!("{preset}: {e}"))
                .answer;
            assert_minimaxs(&pos, got, shortest, &budget, &format!("{preset} {side}"));
            wins[shortest.map_or(0, |n| n as usize)] += 1;
            total += 1;
        }
    }
    eprintln!("shortest wins (none within 3, in 1, 2, 3): {wins:?} of {total}");
    assert!(wins[2] > 0 && wins[3] > 0 && wins[0] > 0, "{wins:?}");
}

/// Solves 40 random positions of each (rule set, side, seed) of `cases`
/// `in 5` with `tuning` on `threads` threads and checks each answer
/// against minimax's ([`assert_minimaxs`]). Returns the efforts added up, how many
/// positions had each shortest win (none within 3, in 1, 2, 3), and how
/// many positions there were.
fn tuned_agree_with_minimax(
    tuned: &SearchLimit,
    threads: usize,
    cases: &[(&str, u64, u64)],
) -> (twixt_core::solver::Effort, [usize; 4], usize) {
    use twixt_core::solver::Effort;
    let (mut effort, mut wins, mut total) = (Effort::default(), [0usize; 4], 0);
    for &(preset, side, seed) in cases {
        let r = rules(preset, side);
        for pos in positions(&r, 40, seed) {
            let me = pos.to_move();
            let shortest = (1..=3).find(|&n| brute_force(&pos, me, n));
            let budget = tuned.clone().with_threads(threads);
            let got = solve(&pos, me, 5, &budget).unwrap_or_else(|e| panic!("{preset}: {e}"));
            let e = got.effort;
            effort.ran_out += e.ran_out;
            effort.evictions += e.evictions;
            effort.cancelled += e.cancelled;
            effort.zone_skips += e.zone_skips;
            effort.implausible += e.implausible;
            effort.defender_connections += e.defender_connections;
            assert_minimaxs(
                &pos,
                got.answer,
                shortest,
                &budget,
                &format!("{preset} {side}"),
            );
            wins[shortest.map_or(0, |n| n as usize)] += 1;
            total += 1;
        }
    }
    (effort, wins, total)
}

/// `in 5` on `count` random positions of each case (preset, side, seed,
/// threads), searched with `tuning` and with `plain`: the same shortest
/// win (or none) both ways. The tuned searches' efforts summed, and how
/// many positions had each shortest win (0: none).
fn same_shortest_in_5(
    tuning: twixt_core::solver::Tuning,
    plain: twixt_core::solver::Tuning,
    count: usize,
    cases: &[(&str, u64, u64, usize)],
) -> (twixt_core::solver::Effort, [usize; 6]) {
    let mut effort = twixt_core::solver::Effort::default();
    let mut longer = [0usize; 6];
    let shortest = |s: &Solved| match s {
        Solved::Wins { moves, .. } => *moves as usize,
        Solved::NoWin { .. } => 0,
    };
    for &(preset, side, seed, threads) in cases {
        let r = rules(preset, side);
        for pos in positions(&r, count, seed) {
            let me = pos.to_move();
            let budget = SearchLimit::positions(5_000_000).with_threads(threads);
            let with = solve(&pos, me, 5, &budget.clone().with_tuning(tuning)).unwrap();
            let without = solve(&pos, me, 5, &budget.clone().with_tuning(plain)).unwrap();
            effort.zone_skips += with.effort.zone_skips;
            effort.implausible += with.effort.implausible;
            effort.defender_connections += with.effort.defender_connections;
            assert_eq!(
                shortest(&with.answer),
                shortest(&without.answer),
                "{preset} {side}: {me} in 5, pegs {:?}",
                pos.pegs().collect::<Vec<_>>()
            );
            longer[shortest(&with.answer)] += 1;
        }
    }
    (effort, longer)
}

/// Effort shared between two first moves (docs/engine.md): with the
/// allowances made tiny and the sharing at every attacker's turn of two
/// moves or more, the two moves tried side by side run out of their
/// allowances again and again, mid-search, at every depth; the answers
/// and the shortest wins must stay minimax's, and the key moves must keep
/// their wins. (With a move whose allowance ran out counted as refuted,
/// this test failed; that check was run before the test was kept. A
/// defender's reply left on the line's stack by a stop passed it, until
/// `side_by_side` checked the line's replies and floors after every move:
/// now it panics. Of the stops, about 10,000 fall inside two nested
/// allowances or more, 700 inside three, and 4,800 are an outer allowance
/// running out inside an inner pair.)
#[test]
fn moves_tried_side_by_side_keep_minimaxs_answers() {
    use twixt_core::solver::{Tuning, winning_keys};
    let tuning = Tuning {
        share_from: 2,
        pair_from: 2,
        first_allowance: 1,
        any_pair: true,
        ..Tuning::default()
    };
    let (effort, wins, total) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000).with_tuning(tuning),
        1,
        &[
            ("pencil", 6, 21),
            ("pencil", 7, 22),
            ("dujardin", 6, 23),
            ("t1", 6, 24),
        ],
    );
    let mut ran_out = effort.ran_out;
    // Where the win has a single key move, dropping it is seen at once:
    // the shortest wins in 3 with one winning first move, as minimax says.
    let mut unique = 0;
    for (preset, side, seed) in [("pencil", 6, 25), ("pencil", 7, 26), ("dujardin", 7, 27)] {
        let r = rules(preset, side);
        for pos in positions(&r, 200, seed) {
            let me = pos.to_move();
            let budget = SearchLimit::positions(5_000_000);
            let keys = winning_keys(&pos, me, 3, &budget).unwrap().answer;
            if keys.len() != 1 || brute_force(&pos, me, 2) || !brute_force(&pos, me, 3) {
                continue;
            }
            unique += 1;
            let got = solve(&pos, me, 5, &budget.clone().with_tuning(tuning)).unwrap();
            ran_out += got.effort.ran_out;
            assert_eq!(
                got.answer,
                Solved::Wins {
                    moves: 3,
                    key: keys[0]
                },
                "{preset} {side}: the single key of a win in 3 for {me}, pegs {:?}",
                pos.pegs().collect::<Vec<_>>()
            );
        }
    }
    assert!(unique >= 10, "{unique} wins in 3 with a single key");
    eprintln!(
        "side by side: {ran_out} allowances ran out; shortest wins {wins:?} of {total}; {unique} single keys"
    );
    // The case under test happened, and the sample holds both answers.
    assert!(ran_out > 500, "{ran_out} allowances ran out");
    assert!(wins[0] > 0 && wins[2] > 0 && wins[3] > 0, "{wins:?}");
}

/// A full transposition table drops its shallowest entries to make room
/// (docs/engine.md, "a transposition table"). With the table made tiny, so that room
/// is made again and again in every search, the answers stay minimax's:
/// the shortest win within 3 or none, and a key move that keeps its win.
/// Entries dropped mid-search include ones the search above had read (a
/// refutation that let a turn skip its shorter rounds, a threat put
/// first): reading them again must find nothing rather than something
/// wrong. How much speed a full table costs is the benchmark's to show.
#[test]
fn a_table_that_makes_room_keeps_minimaxs_answers() {
    let tiny = SearchLimit::positions(5_000_000).with_table_bytes(4 << 10);
    let (effort, wins, total) = tuned_agree_with_minimax(
        &tiny,
        1,
        &[("pencil", 6, 31), ("pencil", 7, 32), ("dujardin", 6, 33)],
    );
    let evictions = effort.evictions;
    eprintln!("tiny table: room made {evictions} times; shortest wins {wins:?} of {total}");
    assert!(evictions > 1000, "room made {evictions} times");
    assert!(wins[0] > 0 && wins[2] > 0 && wins[3] > 0, "{wins:?}");
}

/// A refutation's zone (docs/engine.md): with the zones worked out at every
/// attacker's turn of two moves or more, moves outside a refuted move's
/// zone are refuted unsearched again and again, and the answers stay
/// minimax's (the shortest win within 3, or none, and a key move that
/// keeps its win). Beyond minimax's reach, `in 5` on boards of 7 and 8,
/// the shortest win is the one found without the zones, on one thread
/// and on two. (With the zone left without the ends of the links that
/// cross the reply's links, or without the holes whose cheapest chain
/// takes exactly the moves left, this test failed at once; both checks
/// were run before the test was kept.)
#[test]
fn moves_outside_a_refutations_zone_keep_minimaxs_answers() {
    use twixt_core::solver::Tuning;
    let tuning = Tuning {
        zone_from: 2,
        ..Tuning::default()
    };
    let plain = Tuning {
        zone_from: u32::MAX,
        ..Tuning::default()
    };
    let (effort, wins, total) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000).with_tuning(tuning),
        1,
        &[("pencil", 6, 51), ("pencil", 7, 52), ("pencil", 6, 53)],
    );
    let (tuned, longer) = same_shortest_in_5(
        tuning,
        plain,
        40,
        &[
            ("pencil", 7, 54, 1),
            ("pencil", 8, 55, 1),
            ("pencil", 7, 56, 2),
        ],
    );
    let skips = effort.zone_skips + tuned.zone_skips;
    eprintln!(
        "zones: {skips} moves refuted unsearched; within 3 {wins:?} of {total}; in 5 {longer:?}"
    );
    assert!(skips > 1000, "{skips} moves refuted by a zone");
    assert!(wins[0] > 0 && wins[2] > 0 && wins[3] > 0, "{wins:?}");
    assert!(longer[0] > 0 && longer[4] + longer[5] > 0, "{longer:?}");
}

/// The defender's virtual connection (docs/engine.md): looked for at
/// every turn of one move or more, the answers stay minimax's under
/// pencil, dujardin and t1 (the shortest win within 3, or none, and a key
/// move that keeps its win), and `in 5` on boards of 7 and 8 finds the
/// shortest win found without it, on one thread and on two.
#[test]
fn the_defenders_virtual_connection_keeps_minimaxs_answers() {
    use twixt_core::solver::Tuning;
    let tuning = Tuning {
        defender_connection_from: 1,
        ..Tuning::default()
    };
    let plain = Tuning {
        defender_connection_from: u32::MAX,
        ..Tuning::default()
    };
    let (effort, wins, total) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000).with_tuning(tuning),
        1,
        &[("pencil", 6, 71), ("dujardin", 6, 72), ("t1", 7, 73)],
    );
    let (tuned, longer) = same_shortest_in_5(
        tuning,
        plain,
        40,
        &[
            ("pencil", 7, 74, 1),
            ("dujardin", 8, 75, 1),
            ("pencil", 8, 76, 2),
        ],
    );
    let settled = effort.defender_connections + tuned.defender_connections;
    eprintln!(
        "the defender's connection settled {settled} turns; within 3 {wins:?} of {total}; in 5 {longer:?}"
    );
    assert!(settled > 100, "{settled} turns settled");
    assert!(wins[0] > 0 && wins[2] > 0, "{wins:?}");
    assert!(
        longer[0] > 0 && longer[3] + longer[4] + longer[5] > 0,
        "{longer:?}"
    );
}

/// The reply that held most often, tried before the pass (docs/engine.md):
/// at every defender's turn of one move or more, the answers stay
/// minimax's under pencil, dujardin and t1 (also where its allowance is
/// so small that its search stops mid-way again and again), and `in 5` on
/// boards of 7 and 8 finds the shortest win found without it, on one
/// thread and on two; and it visits fewer positions.
#[test]
fn the_reply_that_held_most_often_keeps_minimaxs_answers() {
    use twixt_core::solver::Tuning;
    let tuning = Tuning {
        killer_from: 1,
        ..Tuning::default()
    };
    let plain = Tuning {
        killer_from: u32::MAX,
        ..Tuning::default()
    };
    let (_, wins, total) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000).with_tuning(tuning),
        1,
        &[("pencil", 6, 81), ("dujardin", 6, 82), ("t1", 7, 83)],
    );
    // With an allowance of 20 positions the reply's search stops again and
    // again mid-way, and the turn goes on to the pass: the same answers.
    let tiny = Tuning {
        killer_allowance: 20,
        ..tuning
    };
    let (stopped, _, _) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000).with_tuning(tiny),
        1,
        &[("pencil", 7, 88), ("dujardin", 7, 89)],
    );
    assert!(
        stopped.ran_out > 100,
        "{} allowances ran out",
        stopped.ran_out
    );
    let (_, longer) = same_shortest_in_5(
        tuning,
        plain,
        40,
        &[
            ("pencil", 7, 84, 1),
            ("dujardin", 8, 85, 1),
            ("pencil", 8, 86, 2),
        ],
    );
    let (mut with, mut without) = (0, 0);
    for pos in positions(&rules("pencil", 8), 40, 87) {
        let me = pos.to_move();
        let limit = SearchLimit::positions(5_000_000);
        with += solve(&pos, me, 5, &limit.clone().with_tuning(tuning))
            .unwrap()
            .positions;
        without += solve(&pos, me, 5, &limit.with_tuning(plain))
            .unwrap()
            .positions;
    }
    eprintln!(
        "within 3 {wins:?} of {total}; in 5 {longer:?}; positions {with} with, {without} without"
    );
    assert!(wins[0] > 0 && wins[2] > 0, "{wins:?}");
    assert!(
        longer[0] > 0 && longer[3] + longer[4] + longer[5] > 0,
        "{longer:?}"
    );
    assert!(with < without, "{with} positions with, {without} without");
}

/// The root's first moves that the proof numbers' look disproves
/// (docs/engine.md): left untried from the first round on, the answers
/// stay minimax's (the shortest win within 3, or none, and a key move that
/// keeps its win) under pencil, dujardin and t1. Beyond minimax's reach,
/// `in 5` on boards of 7 and 8, the shortest win is the one found with
/// every first move tried, on one thread and on two (the root's rounds
/// shared from the first).
#[test]
fn first_moves_the_proof_numbers_disprove_keep_minimaxs_answers() {
    use twixt_core::solver::Tuning;
    // The root's rounds shared from the first where there are threads.
    let tuning = Tuning {
        plausible_after: 0,
        shared_from: 1,
        ..Tuning::default()
    };
    let plain = Tuning {
        plausible_after: u64::MAX,
        ..tuning
    };
    let (effort, wins, total) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000).with_tuning(tuning),
        1,
        &[("pencil", 6, 61), ("dujardin", 6, 62), ("t1", 6, 63)],
    );
    let (tuned, longer) = same_shortest_in_5(
        tuning,
        plain,
        30,
        &[
            ("pencil", 7, 64, 1),
            ("dujardin", 8, 65, 1),
            ("t1", 7, 66, 2),
        ],
    );
    let left_out = effort.implausible + tuned.implausible;
    eprintln!("first moves left out: {left_out}; within 3 {wins:?} of {total}; in 5 {longer:?}");
    assert!(left_out > 500, "{left_out} first moves left out");
    assert!(
        wins[0] > 0 && wins[1] + wins[2] > 0 && wins[3] > 0,
        "{wins:?}"
    );
    assert!(longer[0] > 0 && longer[4] + longer[5] > 0, "{longer:?}");
}

/// The root's first moves shared among threads (docs/engine.md,
/// "Threads"): with every round shared, on three threads, beside moves
/// tried side by side with tiny allowances and a table that makes room
/// again and again, the answers stay minimax's, the key moves keep their
/// wins, moves are stopped when an earlier one is proved, and every
/// winning first move is found as on one thread.
#[test]
fn threads_sharing_the_roots_first_moves_keep_minimaxs_answers() {
    use twixt_core::solver::{Tuning, winning_keys};
    let tuning = Tuning {
        share_from: 2,
        pair_from: 2,
        first_allowance: 1,
        any_pair: true,
        shared_from: 1,
        zone_from: 2,
        ..Tuning::default()
    };
    let (effort, wins, total) = tuned_agree_with_minimax(
        &SearchLimit::positions(5_000_000)
            .with_tuning(tuning)
            .with_table_bytes(64 << 10),
        3,
        &[("pencil", 6, 41), ("pencil", 7, 42), ("dujardin", 6, 43)],
    );
    eprintln!(
        "threads: stopped {} times for an earlier move, room made {} times, {} allowances ran out; shortest wins {wins:?} of {total}",
        effort.cancelled, effort.evictions, effort.ran_out
    );
    assert!(effort.cancelled > 20, "stopped {} times", effort.cancelled);
    assert!(wins[0] > 0 && wins[2] > 0 && wins[3] > 0, "{wins:?}");
    // Every winning first move, in 4 (rounds of four moves are shared by
    // default), on one thread and on two; and what a move of a solution
    // comes to (the defender's replies shared), on one, two and three:
    // the same win, or the same reply that holds (the earliest in the
    // order, as on one thread).
    let (mut cooks, mut wins, mut holds) = (0, 0, 0);
    for pos in positions(&rules("pencil", 7), 30, 44) {
        let me = pos.to_move();
        let one = SearchLimit::positions(5_000_000);
        let keys = winning_keys(&pos, me, 5, &one).unwrap().answer;
        let two = winning_keys(&pos, me, 5, &one.clone().with_threads(2))
            .unwrap()
            .answer;
        let pegs = pos.pegs().collect::<Vec<_>>();
        assert_eq!(keys, two, "pegs {pegs:?}");
        cooks += usize::from(keys.len() > 1);
        let tried = keys.iter().copied().chain(pos.size().holes().take(3));
        for m in tried {
            let mut after = pos.clone();
            if after.play(&Move::peg(m)).is_err() || after.status() != Status::Ongoing {
                continue;
            }
            let answer = |threads| {
                after_move(&after, me, 4, &one.clone().with_threads(threads))
                    .unwrap()
                    .answer
            };
            let single = answer(1);
            for threads in [2, 3] {
                assert_eq!(
                    answer(threads),
                    single,
                    "{m} on {threads} threads, pegs {pegs:?}"
                );
            }
            match single {
                AfterMove::Wins => wins += 1,
                AfterMove::Holds(_) => holds += 1,
                _ => {}
            }
        }
    }
    assert!(cooks > 0, "no position with several winning first moves");
    assert!(
        wins > 5 && holds > 5,
        "{wins} moves kept the win, {holds} did not"
    );
}

/// A search on threads stops at its limit of positions, not short of it:
/// the rounds searched on one thread first (below six moves here) leave the
/// positions they drew for the threads, and a thread out of work leaves
/// its own to those still searching.
#[test]
fn threads_use_the_whole_limit_of_their_search() {
    let pos = twixt_core::position_line::read_position(
        "12-cut-top-right/pencil/c2,c3,d1,d7,f7,h3,h11,i12,j2,k2,k8,k12,l10/b4,b9,c4,d11,e7,e10,f1,f4,f8,g9,i10,l1/*/black",
    )
    .unwrap();
    use twixt_core::solver::Tuning;
    // Rounds of six and seven shared: the ones before draw on one thread.
    let tuning = Tuning {
        shared_from: 6,
        ..Tuning::default()
    };
    for threads in [1, 2, 3] {
        let budget = SearchLimit::positions(30_000).with_threads(threads);
        match solve(&pos, Player::Black, 7, &budget.with_tuning(tuning)) {
            Err(Undecided::Limit { positions, limit }) => {
                assert_eq!(
                    (positions, limit),
                    (30_000, LimitKind::Positions(30_000)),
                    "{threads} threads"
                );
            }
            other => panic!("{threads} threads: {other:?}"),
        }
    }
}

/// The win in 7 of `benches/corner-puzzle-7.twixt` (Red d8, e5, g11
/// against e1, l6 on a 12×12 corner), the puzzle whose first moves cost
/// most to refute before the key move f3 is reached in the plain order:
/// proved within a million positions (439,010 when written; the search
/// before the threats came first and two were tried side by side took
/// 6,586,699), and no win in 6.
#[test]
fn the_corner_win_in_seven_is_proved_within_a_million_positions() {
    let pos =
        twixt_core::position_line::read_position("12-cut-top-right/pencil/d8,e5,g11/e1,l6/*/red")
            .unwrap();
    let budget = SearchLimit::positions(1_000_000);
    let won = solve(&pos, Player::Red, 7, &budget).unwrap();
    assert!(
        matches!(won.answer, Solved::Wins { moves: 7, .. }),
        "{:?}",
        won.answer
    );
    let six = solve(&pos, Player::Red, 6, &budget).unwrap();
    assert!(
        matches!(six.answer, Solved::NoWin { .. }),
        "{:?}",
        six.answer
    );
}

fn setup_position(rules: RuleSet, moves: &[&str]) -> Position {
    let mut pos = Position::new(rules).unwrap();
    for m in moves {
        let hole: Hole = m.parse().unwrap();
        pos.play(&Move::peg(hole)).unwrap();
    }
    pos
}

#[test]
fn refuses_what_it_cannot_decide() {
    let pos = Position::new(RuleSet::board()).unwrap();
    assert!(matches!(
        wins(&pos, Player::Red, 2, 2_000_000),
        Err(Undecided::Rules(_))
    ));
    let pos = Position::new(RuleSet::pencil()).unwrap();
    assert!(matches!(
        wins(&pos, Player::Black, 2, 2_000_000),
        Err(Undecided::NotToMove { .. })
    ));
    assert!(matches!(
        wins(&pos, Player::Red, 2, 2_000_000),
        Err(Undecided::SwapPending)
    ));
    let pos = setup_position(rules("dujardin", 24), &["c3", "d5"]);
    assert!(matches!(
        wins(&pos, Player::Red, 0, 10),
        Err(Undecided::NoMoves)
    ));
    // Red needs about ten pegs on an open 24×24 board: the lower bound
    // alone refutes a win in 5, but a win in 12 cannot be decided in 1,000
    // positions, and the search says so instead of answering.
    assert_eq!(wins(&pos, Player::Red, 5, 1_000), Ok(false));
    assert!(matches!(
        wins(&pos, Player::Red, 12, 1_000),
        Err(Undecided::Limit {
            limit: LimitKind::Positions(1_000),
            ..
        })
    ));
}

/// A chain of five double links (`k1-h4-e5-d8-g11`, then the bottom row):
/// each costs Red one peg and Black can take only one of its two holes a
/// move, so Red wins in exactly 5. Black's replies next to a link Red has
/// already made stop mattering, and the search sees it: the proof takes
/// under 100,000 positions (175,353 before the search looked a position up
/// with such a reply taken off).
#[test]
fn a_chain_of_double_links_is_won_in_as_many_moves() {
    use twixt_core::solver::{SearchLimit, Solved, solve};
    let pos = twixt_core::position_line::read_position(
        "12-cut-top-right/pencil/k1,h4,e5,d8,g11/l6/*/red",
    )
    .unwrap();
    let budget = SearchLimit::positions(2_000_000);
    let won = solve(&pos, Player::Red, 5, &budget).unwrap();
    assert!(
        matches!(won.answer, Solved::Wins { moves: 5, .. }),
        "{:?}",
        won.answer
    );
    assert!(won.positions < 100_000, "{} positions", won.positions);
    let four = solve(&pos, Player::Red, 4, &budget).unwrap();
    assert!(
        matches!(four.answer, Solved::NoWin { .. }),
        "{:?}",
        four.answer
    );
}

/// Random positions of a few plies with the attacker to move or not, where
/// the solver's connection knowledge reports a chain of double links.
fn chain_positions(rules: &RuleSet, wanted: usize, cap: u32, seed: u64) -> Vec<(Position, u32)> {
    use twixt_core::solver::double_link_win;
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < wanted && tries < 2_000_000 {
        tries += 1;
        // Dense boards too: defender pegs next to the gaps are what the
        // knowledge must see.
        let side = rules.size.width() as usize;
        let plies = 4 + rng.below(side * side * 2 / 3) as u32;
        let moves = random_game(rules, rng.next_u64(), plies);
        let mut pos = Position::new(rules.clone()).unwrap();
        for mv in &moves {
            if pos.play(mv).is_err() {
                break;
            }
        }
        if pos.status() != Status::Ongoing || pos.ply() < 2 {
            continue;
        }
        let me = pos.to_move();
        if let Some(k) = double_link_win(&pos, me, cap) {
            out.push((pos, k));
        }
    }
    out
}

/// Every chain of double links the knowledge reports is a win in as many
/// moves by plain minimax, under own crossing and under crossing none; the
/// solver, which uses the knowledge at every node, agrees with minimax on
/// the same positions one move shorter too. With the check that a gap is
/// safe made to pass every gap of two options, this test failed (a chain
/// of 2 on 7×7 under pencil that minimax refutes), as did the two tests
/// below and the minimax cross-checks above.
#[test]
fn chains_of_double_links_agree_with_minimax() {
    let (mut fired, mut longer) = (0, 0);
    for (preset, side, cap, count, seed) in [
        ("pencil", 7, 2, 600, 11),
        ("dujardin", 7, 2, 600, 12),
        ("t1", 6, 2, 400, 13),
        ("pencil", 6, 3, 150, 14),
        ("dujardin", 6, 3, 150, 15),
    ] {
        let r = rules(preset, side);
        for (pos, k) in chain_positions(&r, count, cap, seed) {
            let me = pos.to_move();
            assert!(
                brute_force(&pos, me, k),
                "a chain of {k} double links that minimax refutes, {preset} {side}: pegs {:?}",
                pos.pegs().collect::<Vec<_>>()
            );
            let got = wins(&pos, me, k, u64::MAX).unwrap();
            assert!(got);
            if k > 1 {
                let want = brute_force(&pos, me, k - 1);
                let got = wins(&pos, me, k - 1, u64::MAX).unwrap();
                assert_eq!(got, want, "{preset} {side}, in {}", k - 1);
            }
            fired += 1;
            longer += usize::from(k > 1);
        }
    }
    eprintln!("{fired} chains, {longer} of more than one gap");
    assert!(
        fired >= 80 && longer >= 20,
        "{fired} chains, {longer} longer"
    );
}

/// Dense random setups on 6×6: a few Red pegs and many Black pegs close
/// by, the kind of position where one Black move can cut both holes of a
/// double link. Every chain the knowledge reports there is a win by
/// minimax in as many moves.
#[test]
fn chains_next_to_defender_pegs_agree_with_minimax() {
    use twixt_core::solver::double_link_win;
    let mut rng = SplitMix64::new(77);
    let (mut fired, mut tried) = (0, 0);
    let name = |c: u64, r: u64| format!("{}{}", (b'a' + c as u8) as char, r + 1);
    while fired < 300 && tried < 200_000 {
        tried += 1;
        let preset = if tried % 2 == 0 { "pencil" } else { "dujardin" };
        let mut used = std::collections::HashSet::new();
        let mut pick = |n: usize, col_ok: &dyn Fn(u64, u64) -> bool| {
            let mut out = Vec::new();
            while out.len() < n {
                let (c, r) = (rng.below(6) as u64, rng.below(6) as u64);
                if col_ok(c, r) && used.insert((c, r)) {
                    out.push(name(c, r));
                }
            }
            out.join(",")
        };
        let corner = |c: u64, r: u64| !((c == 0 || c == 5) && (r == 0 || r == 5));
        let red = pick(3, &|c, r| corner(c, r) && c != 0 && c != 5);
        let black = pick(6, &|c, r| corner(c, r) && r != 0 && r != 5);
        let Ok(pos) =
            twixt_core::position_line::read_position(&format!("6/{preset}/{red}/{black}/*/red"))
        else {
            continue;
        };
        if pos.status() != Status::Ongoing {
            continue;
        }
        let me = pos.to_move();
        let Some(k) = double_link_win(&pos, me, 2) else {
            continue;
        };
        assert!(
            brute_force(&pos, me, k),
            "a chain of {k} gaps that minimax refutes: {preset} {red} / {black}"
        );
        fired += 1;
    }
    eprintln!("{fired} chains of {tried} setups");
    assert!(fired >= 100, "{fired} chains of {tried} setups");
}

/// One Black move can cut both holes of a double link: on 5×5, Red's c1
/// and c5 are joined by b3 or d3, and Black's d2 stands so that Black's b3
/// both takes one hole and, linked to d2, crosses c1-d3. The knowledge
/// must not call it a connection, and after b3 Red has no win in 1.
#[test]
fn a_double_link_one_move_cuts_is_no_connection() {
    use twixt_core::solver::{SearchLimit, Solved, double_link_win, solve};
    for preset in ["pencil", "dujardin"] {
        let pos = twixt_core::position_line::read_position(&format!("5/{preset}/c1,c5/d2/*/black"))
            .unwrap();
        assert_eq!(pos.to_move(), Player::Black);
        assert_eq!(double_link_win(&pos, Player::Red, 3), None, "{preset}");
        let mut cut = pos.clone();
        cut.play(&Move::peg("b3".parse().unwrap())).unwrap();
        let budget = SearchLimit::positions(10_000);
        let answer = solve(&cut, Player::Red, 1, &budget).unwrap().answer;
        assert!(
            matches!(answer, Solved::NoWin { .. }),
            "{preset}: {answer:?}"
        );
        assert!(!brute_force(&cut, Player::Red, 1), "{preset}");
        // With d2 gone the same link is a connection in 1.
        let open = twixt_core::position_line::read_position(&format!("5/{preset}/c1,c5/-/*/black"))
            .unwrap();
        assert_eq!(double_link_win(&open, Player::Red, 3), Some(1), "{preset}");
    }
}

/// Chains whose double links share holes of their carriers, so that one
/// Black peg intrudes into two gaps and Red must choose which to close
/// (the game of intrusions, docs/engine.md): random setups of a few Red
/// pegs and Black pegs near them on 6×6 and 7×7, under `pencil`,
/// `dujardin` and `t1`. Every such chain the knowledge reports is a win by
/// minimax in as many moves, and the solver agrees with minimax one move
/// shorter. With the game made to let every gap bear every intrusion, this
/// test failed (a chain that minimax refutes).
#[test]
fn chains_with_shared_carriers_agree_with_minimax() {
    use twixt_core::solver::double_link_win_shared;
    let mut rng = SplitMix64::new(2026);
    let (mut fired, mut tried, mut three) = (0, 0, 0);
    while fired < 300 && tried < 400_000 {
        tried += 1;
        let preset = ["pencil", "dujardin", "t1"][tried % 3];
        let side: u64 = if tried % 2 == 0 { 6 } else { 7 };
        let s = side as usize;
        let name = |c: usize, row: usize| format!("{}{}", (b'a' + c as u8) as char, row + 1);
        let mut used = std::collections::HashSet::new();
        let mut red = Vec::new();
        let mut black = Vec::new();
        let reds = 2 + rng.below(3);
        let blacks = 2 + rng.below(6);
        while red.len() < reds {
            let (c, row) = (1 + rng.below(s - 2), rng.below(s));
            if used.insert((c, row)) {
                red.push(name(c, row));
            }
        }
        while black.len() < blacks {
            let (c, row) = (rng.below(s), 1 + rng.below(s - 2));
            if (c == 0 || c == s - 1) && (row == 0 || row == s - 1) {
                continue;
            }
            if used.insert((c, row)) {
                black.push(name(c, row));
            }
        }
        let list = |v: &Vec<String>| {
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(",")
            }
        };
        // Red to move, or Black to move (the chain must then hold
        // against every reply: the game of intrusions from its start).
        let to_move = if tried % 4 < 2 { "red" } else { "black" };
        let text = format!(
            "{side}/{preset}/{}/{}/*/{to_move}",
            list(&red),
            list(&black)
        );
        let Ok(pos) = twixt_core::position_line::read_position(&text) else {
            continue;
        };
        if pos.status() != Status::Ongoing {
            continue;
        }
        let cap = if side == 6 { 3 } else { 2 };
        let Some((k, true)) = double_link_win_shared(&pos, Player::Red, cap) else {
            continue;
        };
        if pos.to_move() == Player::Red {
            if k < 2 {
                continue;
            }
            assert!(
                brute_force(&pos, Player::Red, k),
                "a chain of {k} gaps with shared carriers that minimax refutes: {text}"
            );
            let want = brute_force(&pos, Player::Red, k - 1);
            let got = wins(&pos, Player::Red, k - 1, u64::MAX).unwrap();
            assert_eq!(got, want, "{text}, in {}", k - 1);
        } else {
            for reply in pos.size().holes() {
                let mut after = pos.clone();
                if after.play(&Move::peg(reply)).is_err() {
                    continue;
                }
                assert!(
                    after.status() == Status::Ongoing && brute_force(&after, Player::Red, k),
                    "a chain of {k} gaps with shared carriers that {reply} breaks: {text}"
                );
            }
        }
        fired += 1;
        three += usize::from(k == 3);
    }
    eprintln!("{fired} chains with shared carriers ({three} of three gaps) of {tried} setups");
    assert!(fired >= 60, "{fired} chains of {tried} setups");
}

/// A memory kept across the questions a puzzle asks (the claim, its cooks,
/// each move of its solution) changes no answer and searches fewer
/// positions; one of another player or other rules is not used.
#[test]
fn a_memory_changes_no_answer_and_searches_less() {
    use twixt_core::solver::{Memory, winning_keys};
    let limit = SearchLimit::positions(5_000_000);
    let (mut fresh_total, mut kept_total, mut asked) = (0u64, 0u64, 0);
    for pos in positions(&rules("pencil", 7), 30, 45) {
        let me = pos.to_move();
        let kept = limit.clone().with_memory(Memory::new(&pos, me));
        let threads = kept.clone().with_threads(2);
        let fresh = solve(&pos, me, 5, &limit).unwrap();
        let with = solve(&pos, me, 5, &kept).unwrap();
        assert_eq!(with.answer, fresh.answer);
        assert_eq!(with.positions, fresh.positions, "the first question");
        let Solved::Wins { .. } = fresh.answer else {
            continue;
        };
        let keys = winning_keys(&pos, me, 5, &limit).unwrap();
        let keys_kept = winning_keys(&pos, me, 5, &kept).unwrap();
        assert_eq!(keys_kept.answer, keys.answer);
        fresh_total += keys.positions;
        kept_total += keys_kept.positions;
        let tried = keys
            .answer
            .iter()
            .copied()
            .chain(pos.size().holes().take(3));
        for m in tried {
            let mut after = pos.clone();
            if after.play(&Move::peg(m)).is_err() || after.status() != Status::Ongoing {
                continue;
            }
            let plain = after_move(&after, me, 4, &limit).unwrap();
            // The same verdict; a reply that holds, though maybe another
            // one (the order of replies follows the threat the table names).
            for budget in [&kept, &threads] {
                match (
                    after_move(&after, me, 4, budget).unwrap().answer,
                    &plain.answer,
                ) {
                    (AfterMove::Holds(r), AfterMove::Holds(_)) => {
                        let mut held = after.clone();
                        held.play(&Move::peg(r)).unwrap();
                        if held.status() == Status::Ongoing {
                            let again = solve(&held, me, 4, &limit).unwrap().answer;
                            assert!(matches!(again, Solved::NoWin { .. }), "after {m}, {r}");
                        }
                    }
                    (got, want) => assert_eq!(&got, want, "after {m}"),
                }
            }
            fresh_total += plain.positions;
            kept_total += after_move(&after, me, 4, &kept).unwrap().positions;
            asked += 1;
        }
        // A memory of the other player's wins, or of other rules, is left
        // alone (filled first): the search is the one without a memory.
        let theirs = limit.clone().with_memory(Memory::new(&pos, me.opponent()));
        let mut setup = pos.to_setup();
        setup.to_move = Some(me.opponent());
        let passed = Position::from_setup(&setup, pos.rules().clone()).unwrap();
        solve(&passed, me.opponent(), 4, &theirs).unwrap();
        assert_eq!(solve(&pos, me, 5, &theirs).unwrap(), fresh);
        let mut none = pos.rules().clone();
        none.crossing = twixt_core::rules::Crossing::None;
        if let Ok(there) = Position::from_setup(&pos.to_setup(), none) {
            let elsewhere = limit.clone().with_memory(Memory::new(&there, me));
            solve(&there, me, 5, &elsewhere).unwrap();
            assert_eq!(solve(&pos, me, 5, &elsewhere).unwrap(), fresh);
        }
    }
    eprintln!("memory: {asked} moves checked, {kept_total} positions against {fresh_total}");
    assert!(asked > 20, "{asked} moves checked");
    assert!(
        kept_total * 100 < fresh_total * 85,
        "{kept_total} positions with a memory against {fresh_total}"
    );
}

/// The holes `player` may still place a peg in (a legal peg of theirs).
fn free_holes(pos: &Position, player: Player) -> usize {
    if pos.to_move() != player {
        return 0;
    }
    pos.size()
        .holes()
        .filter(|&h| pos.clone().play(&Move::peg(h)).is_ok())
        .count()
}

/// The position after `moves` from the start under `preset` on a board of
/// `side`.
fn played(preset: &str, side: u64, moves: &[&str]) -> Position {
    setup_position(rules(preset, side), moves)
}

/// Issue 57: Red to move; any Red move leaves Black no hole, so the game
/// ends in a draw after it. The search once panicked looking for Black's
/// reply ("a position where the game goes on has a free hole").
#[test]
fn a_move_that_leaves_the_defender_no_hole_is_a_draw_not_a_panic() {
    let moves = [
        "d3", "e2", "b2", "c3", "b3", "a4", "d4", "d2", "b4", "e3", "c2", "a3", "c4", "e4", "b5",
        "a2",
    ];
    for preset in ["dujardin", "pencil", "t1"] {
        let pos = played(preset, 5, &moves);
        assert_eq!(pos.status(), Status::Ongoing);
        for n in 1..=3 {
            let got = solve(&pos, Player::Red, n, &SearchLimit::positions(1_000_000))
                .unwrap_or_else(|e| panic!("{preset} in {n}: {e:?}"));
            assert!(
                matches!(got.answer, Solved::NoWin { .. }),
                "{preset} in {n}: {:?}",
                got.answer
            );
            assert!(!brute_force(&pos, Player::Red, n));
        }
    }
}

/// Issue 57: a live position where every hole Black may use is taken
/// once Red moves: Black has no move and the game is a draw, so Red has no
/// win in 2 (the search once let Black pass, and proved it with key moves
/// b1, c1, c5).
#[test]
fn a_defender_with_no_hole_does_not_pass() {
    let moves = [
        "b3", "d4", "c2", "b4", "d2", "a3", "c3", "e4", "d3", "e3", "c4", "e2", "b2", "a2", "d5",
        "a4",
    ];
    let pos = played("dujardin", 5, &moves);
    assert_eq!(pos.status(), Status::Ongoing);
    for n in 1..=3 {
        let got = solve(&pos, Player::Red, n, &SearchLimit::positions(1_000_000)).unwrap();
        assert!(
            matches!(got.answer, Solved::NoWin { .. }),
            "in {n}: {:?}",
            got.answer
        );
        let keys = twixt_core::solver::winning_keys(
            &pos,
            Player::Red,
            n,
            &SearchLimit::positions(1_000_000),
        )
        .unwrap();
        assert!(keys.answer.is_empty(), "in {n}: {:?}", keys.answer);
    }
    // After the key move the search once gave, Black has no move: the
    // line is a draw, and `after_move` says so rather than name a reply.
    let mut after = pos.clone();
    after.play(&Move::peg("b1".parse().unwrap())).unwrap();
    assert_eq!(free_holes(&after, Player::Black), 0);
    let got = after_move(&after, Player::Red, 1, &SearchLimit::positions(100_000)).unwrap();
    assert_eq!(got.answer, AfterMove::NoReply);
}

/// Positions near the end of small boards, where a side runs out of
/// holes: random games played until one side has at most a few holes
/// left, the game still on.
fn crowded_positions(rules: &RuleSet, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 200 {
        tries += 1;
        let moves = random_game(rules, rng.next_u64(), 400);
        let mut pos = Position::new(rules.clone()).unwrap();
        let cut = rng.below(4);
        for mv in &moves {
            if pos.status() != Status::Ongoing {
                break;
            }
            // Either side: the next position counts the other's holes.
            if free_holes(&pos, pos.to_move()) <= cut {
                break;
            }
            if pos.play(mv).is_err() {
                break;
            }
        }
        if pos.status() == Status::Ongoing && pos.ply() >= 2 {
            out.push(pos);
        }
    }
    out
}

/// Issue 57's property: on boards of 3 to 5 played until a side is short
/// of holes, `#wins` agrees with a minimax that ends the game in a draw
/// where the side to move has no legal move, under pencil, dujardin and t1.
#[test]
fn agrees_with_minimax_where_a_side_runs_out_of_holes() {
    let (mut proved, mut total, mut dead) = (0, 0, 0);
    for preset in ["pencil", "dujardin", "t1"] {
        for side in 3..=5u64 {
            let r = rules(preset, side);
            let n_max = if side == 5 { 2 } else { 3 };
            for pos in crowded_positions(&r, 120, side * 31 + preset.len() as u64) {
                let me = pos.to_move();
                for n in 1..=n_max {
                    let want = brute_force(&pos, me, n);
                    let got = solve(&pos, me, n, &SearchLimit::positions(u64::MAX))
                        .map(|s| matches!(s.answer, Solved::Wins { .. }))
                        .unwrap_or_else(|e| {
                            panic!(
                                "{preset} {side} in {n}: {e:?}, pegs {:?}",
                                pos.pegs().collect::<Vec<_>>()
                            )
                        });
                    assert_eq!(
                        got,
                        want,
                        "wins in {n} for {me}, {preset} {side}: pegs {:?}",
                        pos.pegs().collect::<Vec<_>>()
                    );
                    let keys = twixt_core::solver::winning_keys(
                        &pos,
                        me,
                        n,
                        &SearchLimit::positions(u64::MAX),
                    )
                    .unwrap();
                    assert_eq!(keys.answer.is_empty(), !want);
                    proved += usize::from(want);
                    total += 1;
                }
                dead += usize::from(free_holes(&pos, me) <= 2);
            }
        }
    }
    eprintln!("out of holes: {proved} proved of {total}, {dead} with at most 2 holes");
    assert!(
        proved > 0 && proved < total && dead > 0,
        "{proved} of {total}, {dead}"
    );
}
