//! TWRS moves and their notation.
//!
//! A turn is written `3 f2-f7 x2 f5 h7`: tower 3 moves from f2 to f7, then
//! marks tower 2 with stones on f5 and h7. The tower number may be left out
//! (`f2-f7`), so may the stones (`x2` marks every marking point), and the
//! marking may be written `x 2` as well. `x2/` and `x2\` mark with the
//! diagonal marking line rising or falling to the right (advanced rule 2).
//! Before play under advanced rule 1, `stone f6` places a stone and `3 f6`
//! places tower 3.

use std::fmt;
use std::str::FromStr;

use crate::point::Point;

/// Which lines of the active tower mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lines {
    /// Its lines of movement (up, down, left, right).
    Movement,
    /// The diagonal marking line that rises to the right (`/`).
    Rising,
    /// The diagonal marking line that falls to the right (`\`).
    Falling,
}

impl Lines {
    /// As the notation writes it after a marked tower: `/`, `\` or nothing.
    pub fn suffix(self) -> &'static str {
        match self {
            Lines::Movement => "",
            Lines::Rising => "/",
            Lines::Falling => "\\",
        }
    }
}

/// Marking after a tower's move: the opponent tower marked, with which
/// lines, and where the stones go (empty: on every marking point).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Marking {
    /// The opponent's tower that is marked.
    pub target: u8,
    /// The lines of the active tower that mark.
    pub lines: Lines,
    /// Where the stones go; empty means every marking point.
    pub stones: Vec<Point>,
}

/// One move of a game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Move {
    /// A player's turn: one own tower moves, then it may mark.
    Turn {
        /// The tower's number, 0 when the notation left it out.
        tower: u8,
        /// Where the tower stands.
        from: Point,
        /// Where the tower moves to.
        to: Point,
        /// The marking after the move, if the player marks.
        marking: Option<Marking>,
    },
    /// Advanced rule 1: a stone placed before play.
    PlaceStone(Point),
    /// Advanced rule 1: a tower placed before play.
    PlaceTower {
        /// The tower's number.
        tower: u8,
        /// Where it is placed.
        at: Point,
    },
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Turn {
                tower,
                from,
                to,
                marking,
            } => {
                if *tower != 0 {
                    write!(f, "{tower} ")?;
                }
                write!(f, "{from}-{to}")?;
                if let Some(m) = marking {
                    write!(f, " x{}{}", m.target, m.lines.suffix())?;
                    for s in &m.stones {
                        write!(f, " {s}")?;
                    }
                }
                Ok(())
            }
            Move::PlaceStone(p) => write!(f, "stone {p}"),
            Move::PlaceTower { tower, at } => write!(f, "{tower} {at}"),
        }
    }
}

/// Why a text is not a TWRS move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a TWRS move: {why} (write a turn as `3 f2-f7 x2`, see docs/twrs.md)")]
pub struct ParseMoveError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

impl FromStr for Move {
    type Err = ParseMoveError;
    /// Reads a move with the notation's rules (`crate::notation`).
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        crate::notation::full_move(text).map_err(|why| ParseMoveError {
            text: text.to_string(),
            why: why.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notation_reads_and_writes_alike() {
        for s in [
            "3 f2-f7",
            "3 f2-f7 x2",
            "3 f2-f7 x2 f5 h7",
            "f2-f7 x2/ g4",
            "5 a1-a9 x6\\",
            "stone f6",
            "4 b9",
        ] {
            assert_eq!(s.parse::<Move>().unwrap().to_string(), s);
        }
        assert_eq!(
            "3 f2-f7 x 2".parse::<Move>().unwrap().to_string(),
            "3 f2-f7 x2"
        );
        assert_eq!(
            "3  f2-f7  X2 /".parse::<Move>().unwrap().to_string(),
            "3 f2-f7 x2/"
        );
    }

    #[test]
    fn bad_notation_says_why() {
        for (s, why) in [
            ("", "empty"),
            ("7 f2-f7", "numbered 1 to 6"),
            ("f2", "from-to"),
            ("3 f2-f7 y2", "starts with x"),
            ("3 f2-f7 x9", "numbered 1 to 6"),
            ("3 f2-f7 x2 a1 b1 c1", "at most two"),
            ("3 f2-q99", "not an intersection"),
            ("stone", "where the stone"),
            ("3 f2-f7 x2* a1", "numbered 1 to 6"),
            ("3 f2-f7 x2// a1", "only `/`"),
        ] {
            let e = s.parse::<Move>().unwrap_err().to_string();
            assert!(e.contains(why), "{s}: {e}");
        }
    }
}
