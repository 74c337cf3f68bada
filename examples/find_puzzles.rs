//! Finds corner puzzles in random games: a 12×12 window of a 24×24 board
//! (top and right sides cut), about 20 pegs placed at random under
//! automatic links, where the player to move has a forced win whose
//! shortest length is from 3 to 8 moves. Prints each as a position line
//! with its length; `benches/puzzles.rs` holds a set found this way.
//!
//! `cargo run --release --example find_puzzles -- [PER_LENGTH] [FIRST_SEED] [POSITIONS] [FEWEST_PEGS] [THREADS]`
//!
//! FEWEST_PEGS (18 unless given) sets the pegs: from it to four more.
//! THREADS (1 unless given) are the threads of each search.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use twixt_core::random::random_game;
use twixt_core::solver::{SearchLimit, Solved, solve};
use twixtkit::prelude::{Move, Position, RuleSet, Status};

/// The `n`th argument as a number, `default` when absent; an error naming
/// it when it is not a number.
fn number<T: std::str::FromStr>(
    args: &[String],
    n: usize,
    name: &str,
    default: T,
) -> Result<T, String> {
    match args.get(n) {
        None => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| format!("{name} must be a whole number, not {s:?}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers = (|| {
        Ok::<_, String>((
            number(&args, 0, "PER_LENGTH", 3usize)?,
            number(&args, 1, "FIRST_SEED", 1u64)?,
            number(&args, 2, "POSITIONS", 3_000_000u64)?,
            number(&args, 3, "FEWEST_PEGS", 18u32)?,
            number(&args, 4, "THREADS", 1usize)?,
        ))
    })();
    let (per_length, first_seed, limit, fewest, threads) = match numbers {
        Ok(n) => n,
        Err(e) => {
            eprintln!(
                "find_puzzles: {e}\nusage: find_puzzles [PER_LENGTH] [FIRST_SEED] [POSITIONS] [FEWEST_PEGS] [THREADS]"
            );
            return ExitCode::from(2);
        }
    };
    let mut rules = RuleSet::preset("pencil").expect("a preset");
    rules.size = "12 cut top right".parse().expect("a size");
    let mut out = std::io::stdout().lock();
    let mut found = [0usize; 9];
    let budget = SearchLimit::positions(limit).with_threads(threads);
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
                // The position too, to be tried again with more positions.
                eprintln!(
                    "seed {seed}: {e} ({:.1} s): {}",
                    start.elapsed().as_secs_f64(),
                    twixt_core::position_line::write(&pos)
                );
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
            let written = writeln!(
                out,
                "{moves}\t{key}\t{}\t{} positions\t{:.3} s\tseed {seed}",
                twixt_core::position_line::write(&pos),
                s.positions,
                start.elapsed().as_secs_f64()
            );
            // A reader that has gone (`| head`) ends the search.
            if written.and_then(|()| out.flush()).is_err() {
                return ExitCode::SUCCESS;
            }
        }
    }
    ExitCode::SUCCESS
}
