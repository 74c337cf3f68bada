//! Solves one position: does the side to move win within N moves? Prints
//! the shortest win and a key move, or that no win exists, with the
//! positions searched and the time. Handy for profiling the solver on one
//! puzzle (`valgrind --tool=callgrind`). With `--line`, also a main line
//! for a puzzle's solution: the key move, then against each of the
//! attacker's moves a defence that puts off the win longest (the nearest
//! the last move, of those that do), until the chain is complete.
//!
//! With `--threads=T`, the longer rounds share their first moves among T
//! threads.
//!
//! `cargo run --release --example solve_position -- LINE N [POSITIONS] [--line] [--threads=T]`

use std::process::ExitCode;
use std::time::Instant;

use twixt_core::position_line;
use twixt_core::solver::{Memory, SearchLimit, Undecided, solve};
use twixtkit::prelude::Position;

#[path = "support/main_line.rs"]
mod support;

/// A main line of the win in at most `n` from `pos`, as numbered moves.
fn numbered_line(pos: &Position, n: u32, budget: &SearchLimit) -> Result<String, Undecided> {
    let (moves, stopped) = support::main_line(pos, n, budget);
    if let Some(e) = stopped {
        return Err(e);
    }
    Ok(moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect::<Vec<_>>()
        .join(" "))
}

fn main() -> ExitCode {
    let (flags, args): (Vec<String>, Vec<String>) =
        std::env::args().skip(1).partition(|a| a.starts_with("--"));
    let (Some(text), Some(n)) = (args.first(), args.get(1).and_then(|n| n.parse().ok())) else {
        eprintln!("usage: solve_position LINE N [POSITIONS]");
        return ExitCode::from(2);
    };
    let limit: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000_000);
    let with_line = flags.iter().any(|a| a == "--line");
    let threads = flags
        .iter()
        .find_map(|a| a.strip_prefix("--threads=")?.parse().ok())
        .unwrap_or(1);
    let pos = match position_line::read_position(text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // With `--line`, the line's searches find the win's proof in the
    // memory instead of searching it again.
    let budget = SearchLimit::positions(limit)
        .with_threads(threads)
        .with_memory(Memory::new(&pos, pos.to_move()));
    let start = Instant::now();
    match solve(&pos, pos.to_move(), n, &budget) {
        Ok(s) => {
            println!(
                "{:?}: {} positions in {:.3} s",
                s.answer,
                s.positions,
                start.elapsed().as_secs_f64()
            );
            if with_line {
                match numbered_line(&pos, n, &budget) {
                    Ok(l) => println!("{l}"),
                    Err(e) => {
                        eprintln!("cannot decide: {e}");
                        return ExitCode::from(1);
                    }
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot decide: {e}");
            ExitCode::from(1)
        }
    }
}
