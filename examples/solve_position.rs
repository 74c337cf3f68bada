//! Solves one position: does the side to move win within N moves? Prints
//! the shortest win and a key move, or that no win exists, with the
//! positions searched and the time. Handy for profiling the solver on one
//! puzzle (`valgrind --tool=callgrind`). With `--line`, also a main line
//! for a puzzle's solution: the key move, then against each of the
//! attacker's moves a defence that puts off the win longest (the nearest
//! the last move, of those that do), until the chain is complete.
//!
//! `cargo run --release --example solve_position -- LINE N [POSITIONS] [--line]`

use std::process::ExitCode;
use std::time::Instant;

use twixtkit::prelude::{Hole, Move, Position, Status};
use twixtkit::twixt::line;
use twixtkit::twixt::solver::{SearchBudget, SearchLimit, Solved, Undecided, solve};

/// The shortest win of the side to move within `n`, if any.
fn shortest(
    pos: &Position,
    n: u32,
    budget: &SearchBudget,
) -> Result<Option<(u32, Hole)>, Undecided> {
    Ok(match solve(pos, pos.to_move(), n, budget)?.answer {
        Solved::Wins { moves, key } => Some((moves, key)),
        Solved::NoWin { .. } => None,
    })
}

/// A main line of the win in at most `n` from `pos`, as numbered moves.
fn main_line(pos: &Position, n: u32, budget: &SearchBudget) -> Result<String, Undecided> {
    let mut pos = pos.clone();
    let attacker = pos.to_move();
    let mut left = n;
    let mut out = Vec::new();
    while let Some((moves, key)) = shortest(&pos, left, budget)? {
        pos.play(&Move::peg(key)).expect("the key move is legal");
        out.push(key.to_string());
        if pos.status() != Status::Ongoing {
            break;
        }
        left = moves - 1;
        // The defence that holds longest, nearest the key move first.
        let mut replies: Vec<Hole> = (0..pos.free_hole_count(attacker.opponent()))
            .filter_map(|k| pos.nth_free_hole(attacker.opponent(), k))
            .collect();
        replies.sort_by_key(|h| (h.col.abs_diff(key.col).max(h.row.abs_diff(key.row)), *h));
        let mut best: Option<(u32, Hole)> = None;
        for r in replies {
            let mut next = pos.clone();
            next.play(&Move::peg(r)).expect("a free hole");
            let Some((m, _)) = shortest(&next, left, budget)? else {
                unreachable!("the win was proved against every reply");
            };
            if best.is_none_or(|(b, _)| m > b) {
                best = Some((m, r));
            }
            if m == left {
                break;
            }
        }
        let (_, r) = best.expect("a free hole for the defender");
        pos.play(&Move::peg(r)).expect("a free hole");
        out.push(r.to_string());
    }
    Ok(out
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect::<Vec<_>>()
        .join(" "))
}

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
    let with_line = args.iter().any(|a| a == "--line");
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
            if with_line {
                match main_line(&pos, n, &budget) {
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
