//! Finds corner puzzles in random games: a 12×12 window of a 24×24 board
//! (top and right sides cut), about 20 pegs placed at random under
//! automatic links, where the player to move has a forced win whose
//! shortest length is from 3 to 8 moves. Prints each as a position line
//! with its length; `benches/puzzles.rs` holds a set found this way.
//!
//! `cargo run --release --example find_puzzles -- [PER_LENGTH] [FIRST_SEED] [POSITIONS] [FEWEST_PEGS]`
//!
//! FEWEST_PEGS (18 unless given) sets the pegs: from it to four more.

use std::time::Instant;

use twixtkit::prelude::{Move, Position, RuleSet, Status};
use twixtkit::twixt::random::random_game;
use twixtkit::twixt::solver::{SearchBudget, SearchLimit, Solved, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let per_length: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(3);
    let first_seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rules = RuleSet::preset("pencil").expect("a preset");
    rules.size = "12 cut top right".parse().expect("a size");
    let limit: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3_000_000);
    let fewest: u32 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(18);
    let mut found = [0usize; 9];
    let budget = SearchBudget::claim_only(SearchLimit::positions(limit));
    for seed in first_seed.. {
        if (3..=8).all(|k| found[k] >= per_length) {
            break;
        }
        // 18 to 22 pegs unless told, as published corner puzzles have.
        let plies = fewest + (seed % 5) as u32;
        let mut pos = Position::new(rules.clone()).expect("rules");
        for mv in random_game(&rules, seed, plies) {
            if pos.play(&mv).is_err() || matches!(mv, Move::Swap) {
                break;
            }
        }
        if pos.status() != Status::Ongoing || pos.ply() < plies {
            continue;
        }
        let me = pos.to_move();
        let start = Instant::now();
        let s = match solve(&pos, me, 8, &budget) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("seed {seed}: {e} ({:.1} s)", start.elapsed().as_secs_f64());
                continue;
            }
        };
        eprintln!(
            "seed {seed}: {:?} {} positions {:.3} s",
            s.answer,
            s.positions,
            start.elapsed().as_secs_f64()
        );
        if let Solved::Wins { moves, key } = s.answer
            && moves >= 3
            && found[moves as usize] < per_length
        {
            found[moves as usize] += 1;
            println!(
                "{moves}\t{key}\t{}\t{} positions\t{:.3} s\tseed {seed}",
                twixtkit::twixt::line::write(&pos),
                s.positions,
                start.elapsed().as_secs_f64()
            );
        }
    }
}
