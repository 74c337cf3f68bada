//! A position with the moves that made it: what a diagram needs to number
//! the pegs of a game played with [`Position::play`]
//! (`diagram::Diagram::from_history`), and the one rule every drawing
//! numbers pegs by ([`number_pegs`]).
//!
//! After a swap the first peg keeps the number of the move that set it:
//! the rulebooks number pegs in the order they were set, and their pie rule
//! leaves the first peg standing ("die erste rote Figur bleibt stehen", "le
//! pion rouge déjà posé reste en place") while the players change sides.
//! The rule set decides only where it stands afterwards: in place under the
//! colour swap, mirrored to Black's side under Little Golem's mirror swap.
//! The swap itself places no peg, so its number stands on none; `render`,
//! `sheet`, `book` and `view` all number this way.

use std::collections::BTreeMap;

use super::board::Hole;
use super::moves::Move;
use super::position::{MoveError, Played, Position};

/// Where a swap left the first peg: `Some((from, to))` when the rule set
/// moved it (the mirror swap), `None` when it stayed (the colour swap) or
/// the move was no swap. The peg keeps its number wherever it stands.
pub fn swapped_peg(mv: &Move, played: &Played) -> Option<(Hole, Hole)> {
    match (mv, played.pegs_removed.as_slice()) {
        (Move::Swap, [from]) => Some((*from, from.mirrored())),
        _ => None,
    }
}

/// The move numbers the pegs on the board carry, brought up to date after
/// move `ply` (`mv`, which did `played`): a placed peg carries its move's
/// number, a peg taken off loses it, and after a swap the first peg keeps
/// its number where the rule set leaves it ([`swapped_peg`]).
pub fn number_pegs(numbers: &mut BTreeMap<Hole, u32>, mv: &Move, played: &Played, ply: u32) {
    if let Some((from, to)) = swapped_peg(mv, played) {
        if let Some(n) = numbers.remove(&from) {
            numbers.insert(to, n);
        }
        return;
    }
    for h in &played.pegs_removed {
        numbers.remove(h);
    }
    if let Move::Place(p) = mv {
        numbers.insert(p.hole, ply);
    }
}

/// A position and, for each move played since the start, the hole its peg
/// stands in now.
#[derive(Debug, Clone)]
pub struct History {
    position: Position,
    holes: Vec<Option<Hole>>,
}

impl History {
    /// Starts from `start` (an empty board, or a setup: its pegs carry no
    /// numbers).
    pub fn new(start: Position) -> History {
        History {
            position: start,
            holes: Vec::new(),
        }
    }

    /// Plays `mv` as [`Position::play`] does, and notes where its peg went.
    /// A rejected move leaves the history as it was.
    pub fn play(&mut self, mv: &Move) -> Result<Played, MoveError> {
        let played = self.position.play(mv)?;
        // A mirroring swap moves the first peg: its number moves with it
        // ([`number_pegs`]).
        if let Some((from, to)) = swapped_peg(mv, &played) {
            for hole in self.holes.iter_mut().flatten() {
                if *hole == from {
                    *hole = to;
                }
            }
        }
        self.holes.push(match mv {
            Move::Place(p) => Some(p.hole),
            _ => None,
        });
        Ok(played)
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// For move 1 first, the hole the move's peg stands in now, or `None`
    /// for a move that placed none (a swap, a resignation). A peg taken off
    /// later keeps its hole here; a diagram numbers only pegs on the board.
    pub fn holes(&self) -> &[Option<Hole>] {
        &self.holes
    }

    /// How many moves were played since the start.
    pub fn moves(&self) -> usize {
        self.holes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn hole(name: &str) -> Hole {
        name.parse().unwrap()
    }

    #[test]
    fn holes_follow_the_moves_and_a_mirror_swap() {
        let mut h = History::new(Position::new(RuleSet::pencil()).unwrap());
        h.play(&Move::peg(hole("c5"))).unwrap();
        h.play(&Move::Swap).unwrap();
        h.play(&Move::peg(hole("m12"))).unwrap();
        // Pencil's swap mirrors c5 (column 3, row 5) to e3: move 1's number
        // goes with its peg.
        assert_eq!(h.holes(), &[Some(hole("e3")), None, Some(hole("m12"))]);
        assert_eq!(h.moves(), 3);
        assert_eq!(h.position().ply(), 3);
    }

    #[test]
    fn a_rejected_move_changes_nothing() {
        let mut h = History::new(Position::new(RuleSet::pencil()).unwrap());
        h.play(&Move::peg(hole("f6"))).unwrap();
        assert!(h.play(&Move::peg(hole("f6"))).is_err());
        assert_eq!(h.holes(), &[Some(hole("f6"))]);
    }
}
