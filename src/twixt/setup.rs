//! A `Setup` is a position that need not be reachable by legal play: pegs and
//! links placed freely, for illustrative figures. A `Position` is made from
//! one by a checked conversion.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::board::{BoardSize, Hole, Player};
use crate::link::Link;
use crate::rules::RuleSetError;

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

/// Something wrong with a setup: either it does not fit the board (found by
/// [`Setup::check`]) or it breaks a rule set (found by `Position::from_setup`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    #[error("the setup is for a {setup} board but the rules are for {rules}")]
    SizeMismatch { setup: BoardSize, rules: BoardSize },
    #[error("{0}")]
    Rules(#[from] RuleSetError),
    #[error("{hole} is not a hole of the {size} board (off the board or a corner)")]
    NoSuchHole { hole: Hole, size: BoardSize },
    #[error("link {0}: its ends are not a knight's move apart")]
    NotKnightStep(Link),
    #[error("link {link}: there is no peg at {hole}")]
    LinkEndEmpty { link: Link, hole: Hole },
    #[error("link {0} joins a red and a black peg")]
    LinkMixedColours(Link),
    #[error("{player} peg at {hole} stands in {opponent}'s border row", opponent = player.opponent())]
    PegInOpponentBorder { hole: Hole, player: Player },
    #[error("links {a} and {b} cross, which {rule}")]
    LinksCross {
        a: Link,
        b: Link,
        rule: &'static str,
    },
    #[error("{player} has {count} {what} on the board, more than the supply of {supply}")]
    OverSupply {
        player: Player,
        what: &'static str,
        count: usize,
        supply: u16,
    },
}

impl Setup {
    /// Lenient check: every peg and link end is a hole of the board, and every
    /// link is a knight's move between two pegs of one colour. Rules are not
    /// consulted (see `Position::from_setup` for that). Empty when fine.
    pub fn check(&self) -> Vec<SetupProblem> {
        let mut problems = Vec::new();
        let size = self.size;
        for &hole in self.pegs.keys() {
            if !size.contains(hole) {
                problems.push(SetupProblem::NoSuchHole { hole, size });
            }
        }
        for &link in &self.links {
            let (a, b) = link.ends();
            if !a.is_knight_step(b) {
                problems.push(SetupProblem::NotKnightStep(link));
                continue;
            }
            let mut ends_ok = true;
            for hole in [a, b] {
                if !size.contains(hole) {
                    problems.push(SetupProblem::NoSuchHole { hole, size });
                    ends_ok = false;
                } else if !self.pegs.contains_key(&hole) {
                    problems.push(SetupProblem::LinkEndEmpty { link, hole });
                    ends_ok = false;
                }
            }
            if ends_ok && self.link_owner(link).is_none() {
                problems.push(SetupProblem::LinkMixedColours(link));
            }
        }
        problems
    }
}
