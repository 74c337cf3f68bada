//! A main line of a win, shared by the puzzle examples (`solve_position
//! --line` prints it, `lengthen_puzzles` tries changes near it).

use twixt_core::solver::{Memory, SearchLimit, Solved, Undecided, solve};
use twixtkit::prelude::{Hole, Move, Position, Status};

/// The shortest win of the side to move within `n`, if any.
pub fn shortest(
    pos: &Position,
    n: u32,
    budget: &SearchLimit,
) -> Result<Option<(u32, Hole)>, Undecided> {
    Ok(match solve(pos, pos.to_move(), n, budget)?.answer {
        Solved::Wins { moves, key } => Some((moves, key)),
        Solved::NoWin { .. } => None,
    })
}

/// The moves of a main line of the win within `n` from `pos`, the
/// attacker's and the defender's in turn: the key move, then against each
/// attacker's move a defence that puts off the win longest (the nearest
/// the last move, of those that do), until the chain is complete. A search
/// that runs out of its budget ends the line: the moves so far come with
/// why. The searches share one [`Memory`]: the budget's when it is of the
/// side to move, so that a search made before with it is not made again.
pub fn main_line(pos: &Position, n: u32, budget: &SearchLimit) -> (Vec<Hole>, Option<Undecided>) {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    let stopped = extend(&mut pos, n, budget, &mut out).err();
    (out, stopped)
}

fn extend(
    pos: &mut Position,
    n: u32,
    budget: &SearchLimit,
    out: &mut Vec<Hole>,
) -> Result<(), Undecided> {
    let attacker = pos.to_move();
    // Every search below asks about the attacker's wins in this game: one
    // table serves them all (the budget's, when it has one for them).
    let budget = &match budget.memory() {
        Some(m) if m.player() == attacker => budget.clone(),
        _ => budget.clone().with_memory(Memory::new(pos, attacker)),
    };
    let mut left = n;
    while let Some((moves, key)) = shortest(pos, left, budget)? {
        pos.play(&Move::peg(key)).expect("the key move is legal");
        out.push(key);
        if pos.status() != Status::Ongoing {
            break;
        }
        left = moves - 1;
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
        out.push(r);
    }
    Ok(())
}
