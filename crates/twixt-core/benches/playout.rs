//! Random playouts under the pencil rules, on the same machine in one run:
//!
//! - (r) today's random games, `random_game`: each ply it counts the free
//!   holes, picks one and plays it with `Position::play`;
//! - (i) the same through the rules interface: each ply
//!   `legal_move_count`, `nth_legal_move` of a random index and
//!   `GameState::play`, until the game ends; undo is not in (i);
//! - (a) replaying (r)'s moves with `Position::play` (no choosing: the
//!   engine's bare speed), and the same moves with `GameState::play` and
//!   then taken back one by one with `GameState::undo`, per move.
//!
//! Every part is timed in each of a few alternating rounds and the best
//! round of each is kept, so that a neighbour's load on a shared machine
//! hits all alike.
//!
//! `cargo bench -p twixt-core --bench playout`
//!
//! Under a profiler, name the parts to run (`random`, `interface`,
//! `replay`), e.g. `valgrind --tool=callgrind target/release/deps/playout-… interface`.

use std::time::Instant;

use twixt_core::random::{SplitMix64, random_game};
use twixt_core::state::GameState;
use twixt_core::{Move, Position, RuleSet};

const GAMES: u64 = 400;
const ROUNDS: usize = 7;
const MAX_PLIES: u32 = 1000;

/// (r): plies and seconds of `GAMES` random games made by `random_game`.
fn random_games(rules: &RuleSet) -> (u64, f64) {
    let t = Instant::now();
    let mut plies = 0u64;
    for s in 0..GAMES {
        plies += random_game(rules, s, MAX_PLIES).len() as u64;
    }
    (plies, t.elapsed().as_secs_f64())
}

/// (i): plies and seconds of `GAMES` playouts through the interface from
/// `pos`, each taken back (untimed) before the next.
fn interface_playouts(pos: &mut Position) -> (u64, f64) {
    let mut plies = 0u64;
    let mut time = 0.0;
    for s in 0..GAMES {
        let mut rng = SplitMix64::new(s);
        let t = Instant::now();
        let mut n = 0;
        while n < MAX_PLIES && !pos.is_terminal() {
            let count = pos.legal_move_count();
            if count == 0 {
                break;
            }
            let mv = pos.nth_legal_move(rng.below(count)).unwrap();
            GameState::play(pos, &mv).unwrap();
            n += 1;
        }
        time += t.elapsed().as_secs_f64();
        plies += u64::from(n);
        while pos.undo() {}
    }
    (plies, time)
}

/// (a): seconds replaying `games` with `Position::play`.
fn replay_plain(start: &Position, games: &[Vec<Move>]) -> f64 {
    let mut pos = start.clone();
    let t = Instant::now();
    for moves in games {
        pos.copy_from(start);
        for mv in moves {
            pos.play(mv).unwrap();
        }
    }
    t.elapsed().as_secs_f64()
}

/// (a): seconds replaying `games` with `GameState::play`, and seconds
/// taking every move back with `GameState::undo`.
fn replay_recorded(start: &Position, games: &[Vec<Move>]) -> (f64, f64) {
    let mut pos = start.clone();
    let (mut play, mut undo) = (0.0, 0.0);
    for moves in games {
        let t = Instant::now();
        for mv in moves {
            GameState::play(&mut pos, mv).unwrap();
        }
        play += t.elapsed().as_secs_f64();
        let t = Instant::now();
        while pos.undo() {}
        undo += t.elapsed().as_secs_f64();
    }
    (play, undo)
}

fn main() {
    // `cargo bench` passes `--bench`; other words name the parts to run.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |part: &str| only.is_empty() || only.iter().any(|a| a == part);

    let rules = RuleSet::pencil();
    let start = Position::new(rules.clone()).unwrap();
    let games: Vec<Vec<Move>> = (0..GAMES)
        .map(|s| random_game(&rules, s, MAX_PLIES))
        .collect();
    let moves = games.iter().map(Vec::len).sum::<usize>() as f64;

    let (mut r, mut i) = ((0, f64::MAX), (0, f64::MAX));
    let (mut plain, mut play, mut undo) = (f64::MAX, f64::MAX, f64::MAX);
    let mut pos = start.clone();
    for _ in 0..ROUNDS {
        if run("random") {
            let (n, t) = random_games(&rules);
            r = (n, r.1.min(t));
        }
        if run("interface") {
            let (n, t) = interface_playouts(&mut pos);
            i = (n, i.1.min(t));
        }
        if run("replay") {
            plain = plain.min(replay_plain(&start, &games));
            let (p, u) = replay_recorded(&start, &games);
            (play, undo) = (play.min(p), undo.min(u));
        }
    }
    let rate = |(n, t): (u64, f64)| n as f64 / t;
    let ns = |t: f64| t * 1e9 / moves;
    println!("Pencil rules, {GAMES} games, best of {ROUNDS} alternating rounds:");
    if run("random") {
        println!(
            "(r) random_game (count free holes, pick one, Position::play): {} plies, {:.0} plies/s",
            r.0,
            rate(r)
        );
    }
    if run("interface") {
        println!(
            "(i) interface playout (legal_move_count, nth_legal_move, GameState::play; no undo): {} plies, {:.0} plies/s",
            i.0,
            rate(i)
        );
    }
    if run("random") && run("interface") {
        println!(
            "    (i) / (r) = {:.2} (1 or more: the interface is no slower)",
            rate(i) / rate(r)
        );
    }
    if run("replay") {
        println!(
            "(a) replay of (r)'s {moves} moves, per move: Position::play {:.0} ns, GameState::play {:.0} ns, GameState::undo {:.0} ns",
            ns(plain),
            ns(play),
            ns(undo)
        );
    }
}
