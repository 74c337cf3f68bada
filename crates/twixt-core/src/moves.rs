//! Moves as data: what a player does on one turn.

use serde::{Deserialize, Serialize};
pub use thin_vec::{ThinVec, thin_vec};

use crate::board::Hole;
use crate::link::Link;

/// Something a player takes off the board before placing (where the rule set allows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Removal {
    /// An own link.
    Link(Link),
    /// An own peg, together with its links.
    Peg(Hole),
}

/// A turn that puts a peg on the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// Own links and pegs removed before the peg is placed, in order.
    /// (Thin vectors: one pointer each, so that a move, and the script's
    /// syntax tree of many moves, stays small; usually both are empty.)
    pub removals: ThinVec<Removal>,
    /// Where the new peg goes.
    pub hole: Hole,
    /// Under manual linking: the links the mover adds after placing, between
    /// any two own pegs. Under automatic linking this must be empty; the
    /// engine adds the links.
    pub links: ThinVec<Link>,
    /// The mover offers a draw with this move (declined if play goes on).
    pub offers_draw: bool,
}

impl Placement {
    /// A bare peg: no removals, no chosen links, no draw offer.
    pub fn peg(hole: Hole) -> Placement {
        Placement {
            removals: ThinVec::new(),
            hole,
            links: ThinVec::new(),
            offers_draw: false,
        }
    }
}

/// One turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// Put a peg on the board (after any removals).
    Place(Placement),
    /// The pie rule, as the second move only.
    Swap,
    /// The mover gives up; the opponent wins.
    Resign,
    /// The mover accepts the opponent's standing draw offer; the game is drawn.
    AcceptDraw,
}

impl Move {
    /// A bare peg placement.
    pub fn peg(hole: Hole) -> Move {
        Move::Place(Placement::peg(hole))
    }
}
