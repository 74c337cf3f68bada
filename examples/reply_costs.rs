//! Where a proof's positions go: after the attacker's MOVE in a position
//! line, each reply of the defender is searched on its own (the attacker
//! to win within N-1 more moves), and the positions and time of each are
//! printed, dearest first. A tool for profiling the solver on a slow
//! puzzle: the replies that cost most are where a better pruning pays.
//!
//! With MOVE `-`, each first move of the side to move is searched
//! instead (whether it keeps a win within N against every reply): what
//! refuting the first moves that do not win costs.
//!
//! `cargo run --release --example reply_costs -- LINE MOVE N [POSITIONS]`

use std::process::ExitCode;
use std::time::Instant;

use twixt_core::position_line;
use twixt_core::solver::{AfterMove, SearchLimit, Solved, after_move, solve};
use twixtkit::prelude::{Hole, Move, Position, Status};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(text), Some(mv), Some(n)) = (
        args.first(),
        args.get(1),
        args.get(2).and_then(|n| n.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: reply_costs LINE MOVE N [POSITIONS]");
        return ExitCode::from(2);
    };
    let limit: u64 = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000_000);
    let mut pos: Position = match position_line::read_position(text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let attacker = pos.to_move();
    if mv == "-" {
        return first_moves(&pos, n, limit);
    }
    let hole: Hole = match mv.parse() {
        Ok(h) => h,
        Err(_) => {
            eprintln!("error: {mv:?} is not a hole");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = pos.play(&Move::peg(hole)) {
        eprintln!("error: {mv}: {e}");
        return ExitCode::from(2);
    }
    if n < 2 || pos.status() != Status::Ongoing {
        eprintln!("error: nothing left to search after {mv} (N must be at least 2)");
        return ExitCode::from(2);
    }
    let budget = SearchLimit::positions(limit);
    let mut rows = Vec::new();
    let defender = attacker.opponent();
    for k in 0..pos.free_hole_count(defender) {
        let Some(r) = pos.nth_free_hole(defender, k) else {
            continue;
        };
        let mut next = pos.clone();
        next.play(&Move::peg(r)).expect("a free hole");
        if next.status() != Status::Ongoing {
            rows.push((0, 0.0, r, "defender connects".to_string()));
            continue;
        }
        let start = Instant::now();
        let row = match solve(&next, attacker, n - 1, &budget) {
            Ok(s) => (
                s.positions,
                start.elapsed().as_secs_f64(),
                r,
                match s.answer {
                    Solved::Wins { moves, key } => format!("wins in {moves} by {key}"),
                    Solved::NoWin { .. } => "holds".to_string(),
                },
            ),
            Err(e) => (limit, start.elapsed().as_secs_f64(), r, e.to_string()),
        };
        rows.push(row);
    }
    print_rows(rows, "replies")
}

/// Each first move of the side to move in `pos`, searched for a win
/// within `n` against every reply, dearest first.
fn first_moves(pos: &Position, n: u32, limit: u64) -> ExitCode {
    let attacker = pos.to_move();
    let budget = SearchLimit::positions(limit);
    let mut rows = Vec::new();
    for k in 0..pos.free_hole_count(attacker) {
        let Some(m) = pos.nth_free_hole(attacker, k) else {
            continue;
        };
        let mut next = pos.clone();
        next.play(&Move::peg(m)).expect("a free hole");
        let start = Instant::now();
        let row = match after_move(&next, attacker, n.saturating_sub(1), &budget) {
            Ok(s) => (
                s.positions,
                start.elapsed().as_secs_f64(),
                m,
                match s.answer {
                    AfterMove::Connected => "connects".to_string(),
                    AfterMove::Wins => "wins".to_string(),
                    AfterMove::Unfinished => "no win".to_string(),
                    AfterMove::Holds(r) => format!("{r} holds"),
                    AfterMove::NoReply => "no reply: a draw".to_string(),
                },
            ),
            Err(e) => (limit, start.elapsed().as_secs_f64(), m, e.to_string()),
        };
        // As it goes: a slow puzzle takes minutes.
        eprintln!("{:>4} {:>10} {:>8.3} s  {}", row.2, row.0, row.1, row.3);
        rows.push(row);
    }
    print_rows(rows, "first moves")
}

/// The rows (positions, seconds, move, answer), dearest first, and their
/// total positions.
fn print_rows(mut rows: Vec<(u64, f64, Hole, String)>, what: &str) -> ExitCode {
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.2.cmp(&b.2)));
    let total: u64 = rows.iter().map(|r| r.0).sum();
    for (p, t, m, answer) in &rows {
        println!("{m:>4} {p:>10} {t:>8.3} s  {answer}");
    }
    println!("total {total} positions over {} {what}", rows.len());
    ExitCode::SUCCESS
}
