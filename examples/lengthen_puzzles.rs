//! Composes corner puzzles with long forced wins from shorter ones.
//!
//! Random positions seldom hold a forced win in 6 to 8 moves, but a win
//! can be made longer by hand: a defender peg added (or an attacker peg
//! taken off) never shortens the attacker's shortest win, and often
//! lengthens it by a move, as a composer adds a guard to a problem. This
//! program does that systematically: from each puzzle read on standard
//! input (`N<TAB>key<TAB>line`, as `find_puzzles` prints), it tries every
//! defender peg on a free hole and every attacker peg removed, keeps the
//! positions the solver proves won in exactly one move more (so that the
//! win in N is proved and every bound below it refuted), and goes on from
//! them until the wins reach the longest length asked for.
//!
//! The changes are tried nearest the attacker's moves in a main line of
//! the win first (the key move, and the next key against a reply near the
//! last move that does not shorten the win, searched on the small budget
//! below): a peg far from them leaves the win as it was, and one next to
//! them can cost the attacker a move. Each change is first asked the cheap
//! question, whether the win in N survives it, on a small budget (`SCREEN`
//! positions, a tenth of `POSITIONS` unless given); only a change that
//! refutes it, or that this budget leaves undecided, is searched for the
//! win in N+1, on the large budget. A line on standard error tells each
//! change tried and its answer; one the budgets did not decide is named
//! with its position line, to be tried again with more positions. From
//! the win in 6 of `examples/corner-puzzle-6.twixt`, with budgets of
//! 3,000,000 and 300,000 positions, the 32nd change (a Black peg at g10)
//! made the win in 7 of `benches/corner-puzzle-7b.twixt`.
//!
//! Each puzzle printed is `N<TAB>key<TAB>line<TAB>positions`: the shortest
//! win, a key move, the position line and the positions its proof took.
//! `benches/puzzles.rs` holds a set found this way.
//!
//! `cargo run --release --example lengthen_puzzles -- [LONGEST] [PER_LENGTH] [POSITIONS] [SCREEN] < puzzles.tsv`

use std::collections::HashSet;
use std::io::BufRead;
use std::time::Instant;

use twixt_core::position_line;
use twixt_core::solver::{SearchLimit, Solved, solve};
use twixtkit::prelude::{Hole, Player, Position, Status};

/// A position line split into its six fields.
struct Fields(Vec<String>);

impl Fields {
    fn of(text: &str) -> Fields {
        Fields(text.split('/').map(str::to_string).collect())
    }

    fn pegs(&self, side: usize) -> Vec<String> {
        match self.0[2 + side].as_str() {
            "-" => Vec::new(),
            list => list.split(',').map(str::to_string).collect(),
        }
    }

    /// The line with the pegs of `side` replaced, links implied.
    fn with_pegs(&self, side: usize, mut pegs: Vec<String>) -> String {
        pegs.sort();
        let mut f = self.0.clone();
        f[2 + side] = if pegs.is_empty() {
            "-".into()
        } else {
            pegs.join(",")
        };
        f[4] = "*".into();
        f.join("/")
    }
}

#[path = "support/main_line.rs"]
mod support;

/// The attacker's moves in a main line of the win within `n` (the holes a
/// proof of the win runs through): as many as the budget finds.
fn attacker_moves(pos: &Position, n: u32, budget: &SearchLimit) -> Vec<Hole> {
    let (moves, _) = support::main_line(pos, n, budget);
    moves.into_iter().step_by(2).collect()
}

/// The lines one change away: a defender peg added on a free hole it may
/// use, or an attacker peg taken off; nearest the attacker's moves in a
/// main line of the win first (a peg far from the attacker's proof leaves
/// it winning as it did).
fn neighbours(pos: &Position, text: &str, line: &[Hole]) -> Vec<(String, String)> {
    let attacker = pos.to_move();
    let (a, d) = match attacker {
        Player::Red => (0, 1),
        Player::Black => (1, 0),
    };
    let f = Fields::of(text);
    let far = |h: Hole| {
        line.iter()
            .map(|c| h.col.abs_diff(c.col).max(h.row.abs_diff(c.row)))
            .min()
            .unwrap_or(u16::MAX)
    };
    let mut out = Vec::new();
    let count = pos.free_hole_count(attacker.opponent());
    for k in 0..count {
        let Some(hole) = pos.nth_free_hole(attacker.opponent(), k) else {
            continue;
        };
        let mut pegs = f.pegs(d);
        pegs.push(hole.to_string());
        out.push((far(hole), format!("+{hole}"), f.with_pegs(d, pegs)));
    }
    let own = f.pegs(a);
    for i in 0..own.len() {
        let mut pegs = own.clone();
        let taken = pegs.remove(i);
        let Ok(hole) = taken.parse::<Hole>() else {
            continue;
        };
        out.push((far(hole), format!("-{hole}"), f.with_pegs(a, pegs)));
    }
    out.sort_by_key(|(d, _, _)| *d);
    out.into_iter().map(|(_, c, l)| (c, l)).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let longest: u32 = args.first().and_then(|s| s.parse().ok()).unwrap_or(8);
    let per_length: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let limit: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(500_000);
    let budget = SearchLimit::positions(limit);
    let screen_limit: u64 = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(limit / 10);
    let screen = SearchLimit::positions(screen_limit);
    let mut frontier: Vec<(u32, Hole, String)> = Vec::new();
    for text in std::io::stdin().lock().lines().map_while(Result::ok) {
        let cols: Vec<&str> = text.split('\t').collect();
        if let (Some(n), Some(Ok(key)), Some(l)) = (
            cols.first().and_then(|n| n.parse().ok()),
            cols.get(1).map(|k| k.parse::<Hole>()),
            cols.get(2),
        ) {
            frontier.push((n, key, l.to_string()));
        }
    }
    let mut seen: HashSet<String> = frontier.iter().map(|(_, _, l)| l.clone()).collect();
    let mut found = vec![0usize; longest as usize + 1];
    // Longest first, and on from each longer win as soon as it is found:
    // the fewest steps to the lengths wanted (a puzzle goes back in line
    // for its other changes).
    while let Some((n, parent_key, text)) = {
        frontier.sort_by_key(|(n, _, _)| *n);
        frontier.pop()
    } {
        if n >= longest {
            continue;
        }
        let Ok(pos) = position_line::read_position(&text) else {
            continue;
        };
        let tries = neighbours(&pos, &text, &attacker_moves(&pos, n, &screen));
        let total = tries.len();
        for (i, (change, next)) in tries.into_iter().enumerate() {
            if !seen.insert(next.clone()) || found[n as usize + 1] >= per_length {
                continue;
            }
            let Ok(p) = position_line::read_position(&next) else {
                continue;
            };
            if p.status() != Status::Ongoing {
                continue;
            }
            let start = Instant::now();
            // First the cheap question: does the win in N survive the
            // change? A change that keeps it is done with; one that refutes
            // it, or that the small budget cannot settle (a refutation
            // costs more than a proof), is searched for a win in N+1 with
            // the large one.
            let s = match solve(&p, p.to_move(), n, &screen) {
                Ok(s) if matches!(s.answer, Solved::Wins { .. }) => Ok(s),
                _ => solve(&p, p.to_move(), n + 1, &budget),
            };
            let secs = start.elapsed().as_secs_f64();
            // Progress: one line a change tried. An undecided one names its
            // line, to be tried again with more positions.
            let s = match s {
                Ok(s) => s,
                Err(e) => {
                    eprintln!(
                        "win in {n} {change} [{}/{total}]: {e} ({secs:.1} s): {next}",
                        i + 1
                    );
                    continue;
                }
            };
            let verdict = match s.answer {
                Solved::Wins { moves, .. } => format!("wins in {moves}"),
                Solved::NoWin { .. } => format!("no win in {}", n + 1),
            };
            eprintln!(
                "win in {n} {change} [{}/{total}]: {verdict}, {} positions, {secs:.2} s",
                i + 1,
                s.positions
            );
            if let Solved::Wins { moves, key } = s.answer
                && moves == n + 1
            {
                found[moves as usize] += 1;
                println!(
                    "{moves}\t{key}\t{}\t{}",
                    position_line::write(&p),
                    s.positions
                );
                frontier.push((moves, key, position_line::write(&p)));
                frontier.insert(0, (n, parent_key, text.clone()));
                break;
            }
        }
        if (6..=longest).all(|k| found[k as usize] >= per_length) {
            break;
        }
    }
}
