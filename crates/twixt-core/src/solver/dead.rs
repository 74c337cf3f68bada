//! Dead holes: empty holes where a peg of either side could never have a
//! link. Every knight's-move neighbour of such a hole is off the board, the
//! opponent's peg, a hole the side may not play, or joined by a link that a
//! link already there crosses and bars (nothing is ever removed), for each
//! side that may play the hole. A peg there joins no chain and bars no
//! link: it is a pass that uses up a hole, and it stays dead as pegs and
//! links are added.
//!
//! Two dead holes that the same sides may play are the same move: the
//! positions after a peg in either differ by swapping the two holes, which
//! no rule can tell apart (neither ever holds a link). So a search keeps one
//! of them, of each kind, and drops the others; keeping one matters where
//! the game could end in a draw for want of legal moves, or where every
//! other move would harm the mover (under crossing none an own peg can bar
//! an own link).

use super::hole::HoleIndex;
use crate::board::Player;
use crate::geometry::{NONE, flag};
use crate::position::{COLOUR, Position, colour_bits};

/// Whether `who` may place a peg in the empty hole at `slot`.
fn playable(pos: &Position, who: Player, slot: usize) -> bool {
    let f = match who {
        Player::Red => flag::PLAYABLE_RED,
        Player::Black => flag::PLAYABLE_BLACK,
    };
    pos.cell(slot) & COLOUR == 0 && pos.geometry().hole_flags(slot) & f != 0
}

/// Whether a peg of `who` at the empty hole `slot` could ever have a link:
/// some neighbour is `who`'s peg, or a hole `who` may play, with the link
/// between not barred for `who` by a link already there.
fn could_link(pos: &Position, who: Player, slot: usize) -> bool {
    let mine = colour_bits(who);
    let bars = pos.blocking_colours(who);
    pos.geometry().steps(slot).iter().any(|s| {
        s.hole != NONE
            && (pos.cell(usize::from(s.hole)) & COLOUR == mine
                || playable(pos, who, usize::from(s.hole)))
            && pos.crossed_colours(usize::from(s.link)) & bars == 0
    })
}

/// Whether the empty hole at `slot` is dead: no side that may play it
/// could ever link a peg there.
pub(crate) fn is_dead(pos: &Position, slot: usize) -> bool {
    [Player::Red, Player::Black]
        .into_iter()
        .all(|who| !playable(pos, who, slot) || !could_link(pos, who, slot))
}

/// Drops from `moves` (holes the side to move may play) every dead hole
/// but the first of each kind: one the opponent may play too, one it may
/// not. The order of the rest is kept.
pub(crate) fn drop_dead(pos: &Position, moves: &mut Vec<HoleIndex>) {
    let other = pos.to_move().opponent();
    // Whether a dead hole of each kind (the opponent may not / may play it)
    // has been kept.
    let mut kept = [false; 2];
    moves.retain(|&h| {
        if !is_dead(pos, h.get()) {
            return true;
        }
        let kind = usize::from(playable(pos, other, h.get()));
        !std::mem::replace(&mut kept[kind], true)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::moves::Move;
    use crate::position::Status;
    use crate::rules::RuleSet;
    use crate::split_mix::SplitMix64;

    /// A dead hole stays dead whatever is played after, and a peg there
    /// gets no link: on random crowded positions of each crossing rule.
    #[test]
    fn a_dead_hole_stays_dead_and_its_peg_has_no_link() {
        let mut seen = 0;
        for preset in ["pencil", "dujardin"] {
            let mut rules = RuleSet::preset(preset).unwrap();
            rules.size = BoardSize::square(8).unwrap();
            let mut rng = SplitMix64::new(61);
            for _ in 0..300 {
                let mut pos = Position::new(rules.clone()).unwrap();
                let mut dead: Vec<usize> = Vec::new();
                while pos.status() == Status::Ongoing {
                    let free: Vec<usize> = pos.free_holes(pos.to_move()).collect();
                    if free.is_empty() {
                        break;
                    }
                    for &d in &dead {
                        if pos.cell(d) & COLOUR == 0 {
                            assert!(is_dead(&pos, d), "{preset}: a dead hole came alive");
                        }
                    }
                    let slot = free[(rng.next_u64() % free.len() as u64) as usize];
                    let was_dead = is_dead(&pos, slot);
                    let links = pos.links_on_board(pos.to_move());
                    let mover = pos.to_move();
                    let hole = pos.geometry().hole(slot);
                    pos.play(&Move::peg(hole)).unwrap();
                    if was_dead {
                        seen += 1;
                        assert_eq!(pos.links_on_board(mover), links, "{preset}: {hole}");
                    }
                    for s in 0..pos.geometry().slots() {
                        if pos.geometry().hole_flags(s) & flag::EXISTS != 0
                            && pos.cell(s) & COLOUR == 0
                            && is_dead(&pos, s)
                            && !dead.contains(&s)
                        {
                            dead.push(s);
                        }
                    }
                }
            }
        }
        assert!(seen > 100, "only {seen} pegs in dead holes");
    }
}
