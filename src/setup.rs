//! A `Setup` is a position that need not be reachable by legal play: pegs and
//! links placed freely, for illustrative figures. A `Position` is made from
//! one by a checked conversion.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::board::{BoardSize, Hole, Player};
use crate::link::Link;

/// Pegs and links on a board, with no move order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Setup {
    pub size: BoardSize,
    pub pegs: BTreeMap<Hole, Player>,
    pub links: BTreeSet<Link>,
    /// Who moves next if play continues from here.
    pub to_move: Option<Player>,
}

impl Setup {
    pub fn empty(size: BoardSize) -> Setup {
        Setup {
            size,
            ..Setup::default()
        }
    }

    /// The owner of a link: the colour of its pegs, when both ends hold pegs of one colour.
    pub fn link_owner(&self, link: Link) -> Option<Player> {
        let (a, b) = link.ends();
        match (self.pegs.get(&a), self.pegs.get(&b)) {
            (Some(x), Some(y)) if x == y => Some(*x),
            _ => None,
        }
    }
}
