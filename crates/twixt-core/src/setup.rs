//! A `Setup` is a position that need not be reachable by legal play: pegs and
//! links placed freely, for illustrative figures. A `Position` is made from
//! one by a checked conversion.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::board::{BoardSize, Hole, Player};
use crate::geometry::{FORWARD, Geometry};
use crate::link::Link;
use crate::rules::{Crossing, Linking, RemovalRule, RuleSet, RuleSetError};

/// Pegs and links on a board, with no move order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Setup {
    /// The board.
    pub size: BoardSize,
    /// The pegs, by hole.
    pub pegs: BTreeMap<Hole, Player>,
    /// The links; each should join two pegs of one colour (see [`Setup::check`]).
    pub links: BTreeSet<Link>,
    /// Who moves next if play continues from here.
    pub to_move: Option<Player>,
}

impl Setup {
    /// An empty board of `size`, with no player to move given.
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
    /// The setup's board size differs from the rule set's.
    #[error("the setup is for a {setup} board but the rules are for {rules}")]
    SizeMismatch {
        /// The setup's board size.
        setup: BoardSize,
        /// The rule set's board size.
        rules: BoardSize,
    },
    /// The rule set itself is impossible.
    #[error("{0}")]
    Rules(#[from] RuleSetError),
    /// A peg or link end is off the board or on a missing corner.
    #[error("{hole} is not a hole of the {size} board (off the board or a corner)")]
    NoSuchHole {
        /// The hole the setup named.
        hole: Hole,
        /// The board size.
        size: BoardSize,
    },
    /// The ends of a link are not a knight's move apart.
    #[error("link {0}: its ends are not a knight's move apart")]
    NotKnightStep(Link),
    /// A link ends in a hole without a peg.
    #[error("link {link}: there is no peg at {hole}")]
    LinkEndEmpty {
        /// The link.
        link: Link,
        /// Its end without a peg.
        hole: Hole,
    },
    /// A link joins a red and a black peg.
    #[error("link {0} joins a red and a black peg")]
    LinkMixedColours(Link),
    /// A peg stands in its opponent's border row.
    #[error("{player} peg at {hole} stands in {opponent}'s border row", opponent = player.opponent())]
    PegInOpponentBorder {
        /// The hole the peg is in.
        hole: Hole,
        /// The peg's owner.
        player: Player,
    },
    /// Two links cross where the crossing rule forbids it.
    #[error("links {a} and {b} cross, which {rule}")]
    LinksCross {
        /// The smaller of the two links.
        a: Link,
        /// The larger of the two links.
        b: Link,
        /// The crossing rule, in words.
        rule: &'static str,
    },
    /// A player has more pegs or links on the board than the rule set's supply.
    #[error("{player} has {count} {what} on the board, more than the supply of {supply}")]
    OverSupply {
        /// The player over their supply.
        player: Player,
        /// `pegs` or `links`.
        what: &'static str,
        /// How many the setup has.
        count: usize,
        /// The supply under the rule set.
        supply: u16,
    },
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for SetupProblem {
    fn is_usage(&self) -> bool {
        false
    }
}

impl Setup {
    /// The links automatic linking would have made and the setup leaves
    /// out, with their owner, under rules that link automatically and take
    /// nothing off (`pencil`, `dujardin`, `t1`): two pegs of one colour a
    /// knight's move apart whose link no listed link bars (an opponent's,
    /// or under `crossing: none` any). In play such pegs are always linked
    /// (a link that barred it would still be on the board), so a setup
    /// without the link is no position a game reaches; it is taken as
    /// given, and `twixt check` warns. Empty under other rules.
    pub fn links_left_out(&self, rules: &RuleSet) -> Vec<(Link, Player)> {
        if rules.links != Linking::Automatic || rules.removal_in_effect() != RemovalRule::None {
            return Vec::new();
        }
        let geo = Geometry::for_size(self.size);
        let listed = self.listed_ids(&geo);
        let mut left_out = Vec::new();
        for (&hole, &player) in &self.pegs {
            for (dc, dr) in FORWARD {
                let Some(other) = hole.offset(dc, dr) else {
                    continue;
                };
                let Some(link) = Link::new(hole, other) else {
                    continue;
                };
                let Some(id) = geo.link_id(link) else {
                    continue;
                };
                if self.pegs.get(&other) == Some(&player)
                    && !listed.contains(&id)
                    && !self.barred(&geo, &listed, id, rules)
                {
                    left_out.push((link, player));
                }
            }
        }
        left_out.sort();
        left_out
    }

    /// Adds the links the pegs imply under `rules` (`#setup links: *`):
    /// those of [`implied_links`](crate::position_line::implied_links) that
    /// no link already listed bars. Two implied links that bar each other
    /// are left out, as there; the one on the board can be listed.
    pub fn add_implied_links(&mut self, rules: &RuleSet) {
        let geo = Geometry::for_size(self.size);
        let listed = self.listed_ids(&geo);
        for link in crate::position_line::implied_links(rules, &self.pegs) {
            if geo
                .link_id(link)
                .is_some_and(|id| !self.barred(&geo, &listed, id, rules))
            {
                self.links.insert(link);
            }
        }
    }

    /// The ids of the listed links.
    fn listed_ids(&self, geo: &Geometry) -> BTreeSet<usize> {
        self.links.iter().filter_map(|&l| geo.link_id(l)).collect()
    }

    /// Whether a listed link (`listed`, by id) crosses link `id` and bars
    /// it under `rules`: an opponent's always, an own one under `crossing:
    /// none`.
    fn barred(&self, geo: &Geometry, listed: &BTreeSet<usize>, id: usize, rules: &RuleSet) -> bool {
        let owner = self.link_owner(geo.link(id));
        geo.crossers(id).iter().any(|&x| {
            let x = usize::from(x);
            listed.contains(&x)
                && (rules.crossing == Crossing::None || self.link_owner(geo.link(x)) != owner)
        })
    }

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
