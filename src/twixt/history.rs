//! A position with the moves that made it: what a diagram needs to number
//! the pegs of a game played with [`Position::play`]
//! (`diagram::Diagram::from_history`).

use super::board::Hole;
use super::moves::Move;
use super::position::{MoveError, Played, Position};

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
        // A mirroring swap moves the first peg: its number moves with it.
        let before = matches!(mv, Move::Swap).then(|| self.pegs());
        let played = self.position.play(mv)?;
        match mv {
            Move::Place(p) => self.holes.push(Some(p.hole)),
            Move::Swap => {
                let after = self.pegs();
                let before = before.unwrap_or_default();
                let gone: Vec<&Hole> = before.iter().filter(|h| !after.contains(h)).collect();
                let new: Vec<&Hole> = after.iter().filter(|h| !before.contains(h)).collect();
                if let ([gone], [new]) = (gone.as_slice(), new.as_slice()) {
                    for hole in self.holes.iter_mut().flatten() {
                        if hole == *gone {
                            *hole = **new;
                        }
                    }
                }
                self.holes.push(None);
            }
            Move::Resign | Move::AcceptDraw => self.holes.push(None),
        }
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

    fn pegs(&self) -> Vec<Hole> {
        self.position.pegs().map(|(hole, _)| hole).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twixt::rules::RuleSet;

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
