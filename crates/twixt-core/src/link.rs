//! Links: a knight's-move segment between two holes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::{Hole, ParseHoleError};

/// A link between two holes a knight's move apart. The ends are stored in
/// order (`a < b`), so a link has one representation whichever way it was
/// named. A link has no colour of its own: it belongs to the owner of its pegs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Link {
    a: Hole,
    b: Hole,
}

impl Link {
    /// The link between `x` and `y`, or `None` when they are not a knight's move apart.
    pub fn new(x: Hole, y: Hole) -> Option<Link> {
        if !x.is_knight_step(y) {
            return None;
        }
        Some(if x < y {
            Link { a: x, b: y }
        } else {
            Link { a: y, b: x }
        })
    }

    /// The two ends, in order.
    pub fn ends(self) -> (Hole, Hole) {
        (self.a, self.b)
    }

    /// True when `hole` is one of the ends.
    pub fn touches(self, hole: Hole) -> bool {
        self.a == hole || self.b == hole
    }

    /// The end that is not `hole` (meaningful when `touches(hole)`).
    pub fn other_end(self, hole: Hole) -> Hole {
        if self.a == hole { self.b } else { self.a }
    }
}

impl fmt::Display for Link {
    /// `f6-g8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.a, self.b)
    }
}

/// Why a link name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseLinkError {
    /// No `-` separates two hole names; the value is the text read.
    #[error("expected a link like f6-g8, found `{0}`")]
    Syntax(String),
    /// An end is not a hole name.
    #[error(transparent)]
    Hole(#[from] ParseHoleError),
    /// The two holes are not a knight's move apart.
    #[error("{0} and {1} are not a knight's move apart")]
    NotKnightStep(Hole, Hole),
}

impl crate::diagnostic::Explained for ParseLinkError {}

impl FromStr for Link {
    type Err = ParseLinkError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (x, y) = s
            .split_once('-')
            .ok_or_else(|| ParseLinkError::Syntax(s.to_string()))?;
        let (x, y): (Hole, Hole) = (x.trim().parse()?, y.trim().parse()?);
        Link::new(x, y).ok_or(ParseLinkError::NotKnightStep(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_unordered_and_round_trip() {
        let l: Link = "g8-f6".parse().unwrap();
        assert_eq!(l.to_string(), "f6-g8");
        assert_eq!(l, "F6-G8".parse().unwrap());
        assert!(matches!(
            "f6-f8".parse::<Link>(),
            Err(ParseLinkError::NotKnightStep(_, _))
        ));
    }
}
