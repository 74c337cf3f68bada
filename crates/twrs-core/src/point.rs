//! Intersections of the grid, and the two sides.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The largest grid side: columns are the letters `a` to `z`.
pub const MAX_LINES: u8 = 26;
/// The smallest grid side that leaves room to move.
pub const MIN_LINES: u8 = 3;

/// An intersection: column `a`… from the left, row `1`… from the top,
/// written `f6` (the same way TwixT holes are written in twixtkit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// 0-based column.
    pub col: u8,
    /// 0-based row, 0 at the top.
    pub row: u8,
}

impl Point {
    /// The intersection at 0-based column `col` and row `row`.
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col),
            u32::from(self.row) + 1
        )
    }
}

/// Why a text is not a point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an intersection: write a column letter a–z and a row number, like `f6`")]
pub struct BadPoint(pub String);

impl FromStr for Point {
    type Err = BadPoint;
    /// Reads a point with the notation's rule (`crate::notation::point`).
    fn from_str(s: &str) -> Result<Point, BadPoint> {
        crate::notation::full_point(s)
    }
}

/// The two players, by the colour of their towers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    /// Orange, with towers 1, 3 and 6.
    Orange,
    /// Blue, with towers 2, 4 and 5.
    Blue,
}

impl Player {
    /// The opponent.
    pub fn other(self) -> Player {
        match self {
            Player::Orange => Player::Blue,
            Player::Blue => Player::Orange,
        }
    }

    /// The player's towers by number, as the seed's figures number them:
    /// "Oranje … torens 1 en 3 … toren 6", "toren 2 van Blauw",
    /// "De actieve toren 5 van Blauw".
    pub fn towers(self) -> [u8; 3] {
        match self {
            Player::Orange => [1, 3, 6],
            Player::Blue => [2, 4, 5],
        }
    }

    /// Who owns tower `n` (1–6).
    pub fn of_tower(n: u8) -> Option<Player> {
        match n {
            1 | 3 | 6 => Some(Player::Orange),
            2 | 4 | 5 => Some(Player::Blue),
            _ => None,
        }
    }

    /// The player's name in lower case: `orange` or `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Orange => "orange",
            Player::Blue => "blue",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = crate::notation::NotationError;
    fn from_str(s: &str) -> Result<Player, Self::Err> {
        crate::notation::full_player(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_and_write_alike() {
        for s in ["a1", "k11", "f6", "z26"] {
            assert_eq!(s.parse::<Point>().unwrap().to_string(), s);
        }
        assert_eq!("F6".parse::<Point>().unwrap(), Point::new(5, 5));
        for bad in ["", "a", "a0", "6f", "a27", "a100", "aa1", "é3"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }

    #[test]
    fn towers_are_numbered_as_in_the_seed() {
        for side in [Player::Orange, Player::Blue] {
            for t in side.towers() {
                assert_eq!(Player::of_tower(t), Some(side));
            }
        }
        assert_eq!(Player::of_tower(0), None);
        assert_eq!(Player::of_tower(7), None);
    }
}
