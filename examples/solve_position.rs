//! Solves one position: does the side to move win within N moves? Prints
//! the shortest win and a key move, or that no win exists, with the
//! positions searched and the time. Handy for profiling the solver on one
//! puzzle (`valgrind --tool=callgrind`).
//!
//! `cargo run --release --example solve_position -- LINE N [POSITIONS]`

use std::process::ExitCode;
use std::time::Instant;

use twixtkit::twixt::line;
use twixtkit::twixt::solver::{SearchBudget, SearchLimit, solve};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(text), Some(n)) = (args.first(), args.get(1).and_then(|n| n.parse().ok())) else {
        eprintln!("usage: solve_position LINE N [POSITIONS]");
        return ExitCode::from(2);
    };
    let limit: u64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(50_000_000);
    let pos = match line::position(text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let budget = SearchBudget::claim_only(SearchLimit::positions(limit));
    let start = Instant::now();
    match solve(&pos, pos.to_move(), n, &budget) {
        Ok(s) => {
            println!(
                "{:?}: {} positions in {:.3} s",
                s.answer,
                s.positions,
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot decide: {e}");
            ExitCode::from(1)
        }
    }
}
