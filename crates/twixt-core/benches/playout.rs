//! Plies per second of random play under the pencil rules, three ways on
//! the same machine in one run: replaying `random_game`'s moves with
//! `Position::play`, playouts through `GameState` (legal moves + play),
//! and the cost of one undo.
//!
//! `cargo bench -p twixt-core --bench playout`

use std::time::Instant;

use twixt_core::random::{SplitMix64, playout, random_game};
use twixt_core::state::GameState;
use twixt_core::{Move, Position, RuleSet};

const GAMES: u64 = 400;

fn main() {
    let rules = RuleSet::pencil();
    let games: Vec<Vec<Move>> = (0..GAMES).map(|s| random_game(&rules, s, 1000)).collect();
    let start = Position::new(rules.clone()).unwrap();

    // (a) Replaying today's random games.
    let t = Instant::now();
    let mut plies = 0u64;
    for moves in &games {
        let mut pos = start.clone();
        for mv in moves {
            pos.play(mv).unwrap();
        }
        plies += moves.len() as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "(a) random_game replay, Position::play: {plies} plies, {:.0} plies/s",
        plies as f64 / secs
    );

    // (b) Playouts through the interface (undo included).
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(1);
    let t = Instant::now();
    let mut plies = 0u64;
    for _ in 0..GAMES {
        plies += u64::from(playout(&mut pos, &mut rng, 1000).0);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "(b) playout, legal moves + play + undo: {plies} plies, {:.0} plies/s",
        plies as f64 / secs
    );

    // (b') The same playouts' moves by hand, to split the time: listing
    // the legal moves, playing, and the outcome's dead-draw search.
    let mut rng = SplitMix64::new(1);
    let (mut list, mut play, mut outcome, mut undo) = (0.0, 0.0, 0.0, 0.0);
    let mut moves = Vec::new();
    for _ in 0..GAMES {
        let mut n = 0;
        while !pos.is_terminal() && n < 1000 {
            let t = Instant::now();
            moves.clear();
            moves.extend(pos.legal_moves());
            list += t.elapsed().as_secs_f64();
            let Some(mv) = rng.pick(&moves) else { break };
            let t = Instant::now();
            GameState::play(&mut pos, mv).unwrap();
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
        "    of which: listing {list:.2} s, play {play:.2} s, outcome {outcome:.2} s, undo {undo:.2} s"
    );

    // (c) Undo alone: play each game through the interface, then time
    // taking every move back.
    let mut undo_time = 0.0;
    let mut undone = 0u64;
    for moves in &games {
        let mut pos = start.clone();
        for mv in moves {
            GameState::play(&mut pos, mv).unwrap();
        }
        let t = Instant::now();
        while pos.undo() {
            undone += 1;
        }
        undo_time += t.elapsed().as_secs_f64();
    }
    println!(
        "(c) undo: {undone} moves, {:.0} ns per undo",
        undo_time * 1e9 / undone as f64
    );
}
