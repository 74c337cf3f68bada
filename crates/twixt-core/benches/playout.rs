//! Plies per second of random play under the pencil rules, on the same
//! machine in one run: (r) today's random games, `random_game` (it picks
//! and plays each move), (a) replaying their moves with `Position::play`
//! (no choosing: the engine's bare speed), (b) playouts through
//! `GameState` (count and pick a legal move, play, undo), the ratios, the
//! split of (b)'s time, and (c) the cost of one undo beside one play.
//!
//! (r), (a) and (b) are timed in alternating rounds and the best round of
//! each is kept, so that a neighbour's load on a shared machine hits all
//! alike.
//!
//! `cargo bench -p twixt-core --bench playout`

use std::time::Instant;

use twixt_core::random::{SplitMix64, playout, random_game};
use twixt_core::state::GameState;
use twixt_core::{Move, Position, RuleSet};

const GAMES: u64 = 400;
const ROUNDS: usize = 5;

/// (a): plies per second replaying `games` with `Position::play`.
fn replay(start: &Position, games: &[Vec<Move>]) -> f64 {
    let t = Instant::now();
    let mut plies = 0u64;
    for moves in games {
        let mut pos = start.clone();
        for mv in moves {
            pos.play(mv).unwrap();
        }
        plies += moves.len() as u64;
    }
    plies as f64 / t.elapsed().as_secs_f64()
}

/// (r): plies per second of `GAMES` random games made by `random_game`.
fn generate(rules: &RuleSet) -> f64 {
    let t = Instant::now();
    let mut plies = 0u64;
    for s in 0..GAMES {
        plies += random_game(rules, s, 1000).len() as u64;
    }
    plies as f64 / t.elapsed().as_secs_f64()
}

/// (b): plies per second of `GAMES` playouts through the interface.
fn playouts(start: &Position) -> f64 {
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(1);
    let t = Instant::now();
    let mut plies = 0u64;
    for _ in 0..GAMES {
        plies += u64::from(playout(&mut pos, &mut rng, 1000).0);
    }
    plies as f64 / t.elapsed().as_secs_f64()
}

fn main() {
    let rules = RuleSet::pencil();
    let games: Vec<Vec<Move>> = (0..GAMES).map(|s| random_game(&rules, s, 1000)).collect();
    let start = Position::new(rules.clone()).unwrap();
    let plies: usize = games.iter().map(Vec::len).sum();

    let (mut r, mut a, mut b) = (0f64, 0f64, 0f64);
    for _ in 0..ROUNDS {
        r = r.max(generate(&rules));
        a = a.max(replay(&start, &games));
        b = b.max(playouts(&start));
    }
    println!("(r) random_game, choosing and playing: {r:.0} plies/s");
    println!("(a) random_game replay, Position::play: {plies} plies, {a:.0} plies/s");
    println!("(b) playout, count + k-th move + play + undo: {b:.0} plies/s");
    println!(
        "    (b) / (r) = {:.2}, (b) / (a) = {:.2} (best of {ROUNDS} alternating rounds)",
        b / r,
        b / a
    );

    // The same playouts by hand, to split (b)'s time.
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(1);
    let (mut pick, mut play, mut outcome, mut undo) = (0.0, 0.0, 0.0, 0.0);
    for _ in 0..GAMES {
        let mut n = 0;
        while !pos.is_terminal() && n < 1000 {
            let t = Instant::now();
            let count = pos.legal_move_count();
            let mv = (count > 0).then(|| pos.nth_legal_move(rng.below(count)).unwrap());
            pick += t.elapsed().as_secs_f64();
            let Some(mv) = mv else { break };
            let t = Instant::now();
            GameState::play(&mut pos, &mv).unwrap();
            play += t.elapsed().as_secs_f64();
            n += 1;
        }
        let t = Instant::now();
        std::hint::black_box(pos.outcome());
        outcome += t.elapsed().as_secs_f64();
        let t = Instant::now();
        while pos.undo() {}
        undo += t.elapsed().as_secs_f64();
    }
    println!(
        "    of which: count + pick {pick:.3} s, play {play:.3} s, outcome {outcome:.3} s, undo {undo:.3} s"
    );

    // (c) Undo alone beside play alone: play each game through the
    // interface, then take every move back.
    let (mut play_time, mut undo_time) = (0.0, 0.0);
    let mut undone = 0u64;
    for moves in &games {
        let mut pos = start.clone();
        let t = Instant::now();
        for mv in moves {
            GameState::play(&mut pos, mv).unwrap();
        }
        play_time += t.elapsed().as_secs_f64();
        let t = Instant::now();
        while pos.undo() {
            undone += 1;
        }
        undo_time += t.elapsed().as_secs_f64();
    }
    println!(
        "(c) undo: {undone} moves, {:.0} ns per undo, {:.0} ns per GameState::play",
        undo_time * 1e9 / undone as f64,
        play_time * 1e9 / undone as f64
    );
}
