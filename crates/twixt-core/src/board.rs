//! Board geometry: players, board sizes and hole names.
//!
//! Coordinates are zero-based `(col, row)` with row 0 at the top. Names are
//! printed as column letters (`a`…`z`, `aa`, `ab`, …) followed by a one-based
//! row number, so `a1` is the (missing) top-left corner.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Smallest board side the engine accepts.
pub const MIN_SIDE: u16 = 3;
/// Largest board side the engine accepts.
pub const MAX_SIDE: u16 = 128;

/// One of the two players. Red moves first and connects the top and bottom
/// rows; Black connects the left and right columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Joins the top and bottom rows.
    Red,
    /// Joins the left and right columns.
    Black,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Red => Player::Black,
            Player::Black => Player::Red,
        }
    }

    /// Lower-case English name, as used in scripts and YAML.
    pub fn name(self) -> &'static str {
        match self {
            Player::Red => "red",
            Player::Black => "black",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Player::Red),
            "black" | "b" => Ok(Player::Black),
            _ => Err(format!("expected `red` or `black`, found `{s}`")),
        }
    }
}

/// A hole position, zero-based, row 0 at the top. A `Hole` is only a pair of
/// coordinates; whether it exists on a board is asked of [`BoardSize`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Hole {
    /// Column, zero-based from the left.
    pub col: u16,
    /// Row, zero-based from the top.
    pub row: u16,
}

impl Hole {
    /// The hole at zero-based `col` and `row`.
    pub const fn new(col: u16, row: u16) -> Hole {
        Hole { col, row }
    }

    /// The hole offset by `(dc, dr)`, if both coordinates stay non-negative.
    pub fn offset(self, dc: i32, dr: i32) -> Option<Hole> {
        let c = i32::from(self.col) + dc;
        let r = i32::from(self.row) + dr;
        if (0..=i32::from(u16::MAX)).contains(&c) && (0..=i32::from(u16::MAX)).contains(&r) {
            Some(Hole::new(c as u16, r as u16))
        } else {
            None
        }
    }

    /// The mirror image in the main diagonal: column and row exchanged.
    pub fn mirrored(self) -> Hole {
        Hole::new(self.row, self.col)
    }

    /// True when `other` is a knight's move away.
    pub fn is_knight_step(self, other: Hole) -> bool {
        let dc = (i32::from(self.col) - i32::from(other.col)).abs();
        let dr = (i32::from(self.row) - i32::from(other.row)).abs();
        (dc == 1 && dr == 2) || (dc == 2 && dr == 1)
    }
}

/// Column letters for a zero-based column: `a`…`z`, then `aa`, `ab`, … (`aa`
/// follows `z`, as in spreadsheet columns and the TwixT SGF convention).
pub fn column_name(col: u16) -> String {
    let mut n = u32::from(col) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(b'a' + rem as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// Parses column letters (case-insensitive) into a zero-based column.
pub fn parse_column(letters: &str) -> Option<u16> {
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    let mut n: u32 = 0;
    for b in letters.bytes() {
        let b = b.to_ascii_lowercase();
        if !b.is_ascii_lowercase() {
            return None;
        }
        n = n * 26 + u32::from(b - b'a' + 1);
    }
    u16::try_from(n - 1).ok()
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_name(self.col), u32::from(self.row) + 1)
    }
}

/// Why a hole name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a hole like f6, found `{0}`")]
pub struct ParseHoleError(pub String);

impl FromStr for Hole {
    type Err = ParseHoleError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::grammar::whole(crate::grammar::coordinate, s)
            .and_then(|(letters, digits)| Hole::from_written(letters, digits))
            .ok_or_else(|| ParseHoleError(s.to_string()))
    }
}

impl Hole {
    /// The hole named by column `letters` (one to three, any case) and row
    /// `digits` (one to five, no leading zero), as a coordinate is written.
    pub fn from_written(letters: &str, digits: &str) -> Option<Hole> {
        let col = parse_column(letters)?;
        if digits.is_empty() || digits.len() > 5 || digits.starts_with('0') {
            return None;
        }
        let row: u32 = digits.parse().ok()?;
        Some(Hole::new(col, u16::try_from(row - 1).ok()?))
    }
}

/// Board dimensions: `width` columns by `height` rows, each from
/// [`MIN_SIDE`] to [`MAX_SIDE`]. The four corner holes do not exist.
///
/// A *partial board* is a window of a larger board: some of its sides are
/// cut ([`Side`]). A cut side has no border row (both players may use its
/// outermost row) and no missing corners; for a connection, a player's
/// chain reaching the outermost row on a cut side counts as reaching that
/// border, as puzzles assume the rest of the board joined up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "BoardSizeRepr", into = "BoardSizeRepr")]
pub struct BoardSize {
    width: u16,
    height: u16,
    /// The cut sides, as [`Side`] bits.
    cut: u8,
}

/// A side of the board, for partial boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The top side (row 0).
    Top,
    /// The bottom side (the last row).
    Bottom,
    /// The left side (column 0).
    Left,
    /// The right side (the last column).
    Right,
}

impl Side {
    /// All four, in the order they are written.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    fn bit(self) -> u8 {
        1 << self as u8
    }

    /// Lower-case name, as written in a board size (`12 cut top right`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "top",
            Side::Bottom => "bottom",
            Side::Left => "left",
            Side::Right => "right",
        }
    }
}

/// The side's [`name`](Side::name), as a board size writes it.
impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a board size was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardSizeError {
    /// A side is shorter than [`MIN_SIDE`] or longer than [`MAX_SIDE`].
    #[error(
        "board size {width}x{height} is out of range: each side must be from {MIN_SIDE} to {MAX_SIDE}"
    )]
    OutOfRange {
        /// The width asked for (a rule file may ask for a negative one).
        width: i128,
        /// The height asked for.
        height: i128,
    },
    /// The text is not a board size; the value is the text read.
    #[error(
        "expected a board size like `24`, `30x20` or `12 cut top right` (a partial board), found `{0}`"
    )]
    Syntax(String),
}

impl crate::diagnostic::Explained for BoardSizeError {}

impl BoardSize {
    /// The standard 24×24 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 24,
        height: 24,
        cut: 0,
    };

    /// A `width` × `height` board with no side cut.
    pub fn new(width: u64, height: u64) -> Result<BoardSize, BoardSizeError> {
        let ok = |s: u64| (u64::from(MIN_SIDE)..=u64::from(MAX_SIDE)).contains(&s);
        if ok(width) && ok(height) {
            Ok(BoardSize {
                width: width as u16,
                height: height as u16,
                cut: 0,
            })
        } else {
            Err(BoardSizeError::OutOfRange {
                width: width.into(),
                height: height.into(),
            })
        }
    }

    /// A `side` × `side` board with no side cut.
    pub fn square(side: u64) -> Result<BoardSize, BoardSizeError> {
        BoardSize::new(side, side)
    }

    /// The number of columns.
    pub fn width(self) -> u16 {
        self.width
    }

    /// The number of rows.
    pub fn height(self) -> u16 {
        self.height
    }

    /// The same board with `sides` cut (a window of a larger board).
    pub fn with_cut(self, sides: &[Side]) -> BoardSize {
        BoardSize {
            cut: sides.iter().fold(self.cut, |c, s| c | s.bit()),
            ..self
        }
    }

    /// The same board with every side real.
    pub fn whole(self) -> BoardSize {
        BoardSize { cut: 0, ..self }
    }

    /// True when `side` is cut.
    pub fn is_cut(self, side: Side) -> bool {
        self.cut & side.bit() != 0
    }

    /// True for a window of a larger board (some side cut).
    pub fn is_partial(self) -> bool {
        self.cut != 0
    }

    /// The cut sides, in the order top, bottom, left, right.
    pub fn cut_sides(self) -> impl Iterator<Item = Side> {
        Side::ALL.into_iter().filter(move |&s| self.is_cut(s))
    }

    /// Number of hole slots including the four missing corners (`width × height`).
    pub fn slots(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// Dense index of a hole slot, row-major. Only meaningful for holes on the board.
    pub fn index(self, hole: Hole) -> usize {
        usize::from(hole.row) * usize::from(self.width) + usize::from(hole.col)
    }

    /// The hole at a dense index produced by [`BoardSize::index`].
    pub fn hole_at(self, index: usize) -> Hole {
        let w = usize::from(self.width);
        Hole::new((index % w) as u16, (index / w) as u16)
    }

    /// Within the rectangle (corners included).
    pub fn in_bounds(self, hole: Hole) -> bool {
        hole.col < self.width && hole.row < self.height
    }

    /// True for the missing corner holes: where two real (not cut) sides meet.
    pub fn is_corner(self, hole: Hole) -> bool {
        self.is_real_edge_col(hole.col) && self.is_real_edge_row(hole.row)
    }

    /// Whether `row` is the first or last row on a side that is not cut.
    pub fn is_real_edge_row(self, row: u16) -> bool {
        (row == 0 && !self.is_cut(Side::Top))
            || (row == self.height - 1 && !self.is_cut(Side::Bottom))
    }

    /// Whether `col` is the first or last column on a side that is not cut.
    pub fn is_real_edge_col(self, col: u16) -> bool {
        (col == 0 && !self.is_cut(Side::Left))
            || (col == self.width - 1 && !self.is_cut(Side::Right))
    }

    /// The hole exists: inside the rectangle and not a corner.
    pub fn contains(self, hole: Hole) -> bool {
        self.in_bounds(hole) && !self.is_corner(hole)
    }

    /// True when `hole` lies in one of `player`'s two border rows (Red: the
    /// first and last rows; Black: the first and last columns), on a real
    /// side: a cut side has no border row.
    pub fn is_border_of(self, player: Player, hole: Hole) -> bool {
        match player {
            Player::Red => self.is_real_edge_row(hole.row),
            Player::Black => self.is_real_edge_col(hole.col),
        }
    }

    /// `player` may place a peg here: the hole exists and is not in the
    /// opponent's border rows.
    pub fn playable_by(self, player: Player, hole: Hole) -> bool {
        self.contains(hole) && !self.is_border_of(player.opponent(), hole)
    }

    /// Every existing hole, row by row from the top.
    pub fn holes(self) -> impl Iterator<Item = Hole> {
        (0..self.height)
            .flat_map(move |r| (0..self.width).map(move |c| Hole::new(c, r)))
            .filter(move |&h| !self.is_corner(h))
    }

    /// Number of existing holes (`width × height − 4` on a whole board).
    pub fn hole_count(self) -> usize {
        let corners = [(0, 0), (self.width - 1, 0), (0, self.height - 1)]
            .into_iter()
            .chain([(self.width - 1, self.height - 1)])
            .filter(|&(c, r)| self.is_corner(Hole::new(c, r)))
            .count();
        self.slots() - corners
    }
}

impl Default for BoardSize {
    fn default() -> Self {
        BoardSize::STANDARD
    }
}

impl fmt::Display for BoardSize {
    /// `24` for a square board, `30x20` (width × height) otherwise, and a
    /// partial board's cut sides after the word `cut`: `12 cut top right`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.width == self.height {
            write!(f, "{}", self.width)?;
        } else {
            write!(f, "{}x{}", self.width, self.height)?;
        }
        if self.is_partial() {
            f.write_str(" cut")?;
            for side in self.cut_sides() {
                write!(f, " {}", side.name())?;
            }
        }
        Ok(())
    }
}

impl FromStr for BoardSize {
    type Err = BoardSizeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let num = |p: &str| -> Result<u64, BoardSizeError> {
            let p = p.trim();
            if p.is_empty() || p.len() > 12 || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(BoardSizeError::Syntax(s.to_string()));
            }
            p.parse().map_err(|_| BoardSizeError::Syntax(s.to_string()))
        };
        // `12 cut top right`: the dimensions, then the cut sides.
        // The position line writes it without spaces: `12-cut-top-right`.
        let separator = |c: char| c.is_whitespace() || c == ',' || c == '-';
        let (dims, cut) = match t.split_once(separator) {
            Some((dims, rest)) => {
                let mut words = rest.split(separator).filter(|w| !w.is_empty());
                if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("cut")) {
                    return Err(BoardSizeError::Syntax(s.to_string()));
                }
                let mut sides = Vec::new();
                for w in words {
                    let side = Side::ALL
                        .into_iter()
                        .find(|side| side.name().eq_ignore_ascii_case(w))
                        .ok_or_else(|| BoardSizeError::Syntax(s.to_string()))?;
                    sides.push(side);
                }
                if sides.is_empty() {
                    return Err(BoardSizeError::Syntax(s.to_string()));
                }
                (dims, sides)
            }
            None => (t, Vec::new()),
        };
        let size = match dims.split_once(['x', 'X', '×']) {
            Some((w, h)) => BoardSize::new(num(w)?, num(h)?),
            None => BoardSize::square(num(dims)?),
        }?;
        Ok(size.with_cut(&cut))
    }
}

/// Serde form of a board size: a number (`24`) or a string (`"30x20"`).
#[derive(Serialize)]
#[serde(untagged)]
enum BoardSizeRepr {
    Side(u64),
    /// A negative number, read to be refused as it is written.
    Negative(i64),
    Text(String),
}

/// Read by hand, not as an untagged enum: anything else is refused with
/// what a board size looks like, not with the name of this type.
impl<'de> Deserialize<'de> for BoardSizeRepr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Words;
        impl serde::de::Visitor<'_> for Words {
            type Value = BoardSizeRepr;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a board size: one number (24) or width x height (30x20)")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<BoardSizeRepr, E> {
                Ok(BoardSizeRepr::Side(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<BoardSizeRepr, E> {
                // A negative side is read, and refused as out of range.
                Ok(u64::try_from(n).map_or(BoardSizeRepr::Negative(n), BoardSizeRepr::Side))
            }
            fn visit_str<E: serde::de::Error>(self, t: &str) -> Result<BoardSizeRepr, E> {
                Ok(BoardSizeRepr::Text(t.to_string()))
            }
        }
        d.deserialize_any(Words)
    }
}

impl TryFrom<BoardSizeRepr> for BoardSize {
    type Error = BoardSizeError;
    fn try_from(r: BoardSizeRepr) -> Result<Self, Self::Error> {
        match r {
            BoardSizeRepr::Side(n) => BoardSize::square(n),
            BoardSizeRepr::Negative(n) => Err(BoardSizeError::OutOfRange {
                width: n.into(),
                height: n.into(),
            }),
            BoardSizeRepr::Text(t) => t.parse(),
        }
    }
}

impl From<BoardSize> for BoardSizeRepr {
    fn from(b: BoardSize) -> Self {
        if b.width == b.height && !b.is_partial() {
            BoardSizeRepr::Side(u64::from(b.width))
        } else {
            BoardSizeRepr::Text(b.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_follow_spreadsheet_order() {
        assert_eq!(column_name(0), "a");
        assert_eq!(column_name(25), "z");
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(27), "ab");
        assert_eq!(column_name(127), "dx");
        for c in 0..200 {
            assert_eq!(parse_column(&column_name(c)), Some(c));
        }
    }

    #[test]
    fn hole_names_round_trip_and_ignore_case() {
        let h: Hole = "F6".parse().unwrap();
        assert_eq!(h, Hole::new(5, 5));
        assert_eq!(h.to_string(), "f6");
        let h: Hole = "ab30".parse().unwrap();
        assert_eq!(h, Hole::new(27, 29));
        assert_eq!(h.to_string(), "ab30");
        for bad in ["", "f", "6", "f0", "f06", "f6x", "f-1", "é5", "abcd1"] {
            assert!(bad.parse::<Hole>().is_err(), "{bad}");
        }
        assert_eq!(
            "f66x".parse::<Hole>().unwrap_err().to_string(),
            "expected a hole like f6, found `f66x`"
        );
    }

    #[test]
    fn corners_and_borders() {
        let b = BoardSize::STANDARD;
        assert_eq!(b.hole_count(), 572);
        assert_eq!(b.holes().count(), 572);
        assert!(!b.contains("a1".parse().unwrap()));
        assert!(!b.contains("x24".parse().unwrap()));
        assert!(b.contains("b1".parse().unwrap()));
        // Red may play in rows 1 and 24 but not columns a and x.
        assert!(b.playable_by(Player::Red, "b1".parse().unwrap()));
        assert!(!b.playable_by(Player::Red, "a5".parse().unwrap()));
        assert!(b.playable_by(Player::Black, "a5".parse().unwrap()));
        assert!(!b.playable_by(Player::Black, "b24".parse().unwrap()));
        // Inside the lines: 22 × 22 = 484.
        let inner = b
            .holes()
            .filter(|&h| !b.is_border_of(Player::Red, h) && !b.is_border_of(Player::Black, h))
            .count();
        assert_eq!(inner, 484);
    }

    #[test]
    fn board_sizes_parse_and_refuse() {
        assert_eq!("24".parse::<BoardSize>().unwrap(), BoardSize::STANDARD);
        let b: BoardSize = "30x20".parse().unwrap();
        assert_eq!((b.width(), b.height()), (30, 20));
        assert_eq!(b.to_string(), "30x20");
        for bad in [
            "0",
            "2",
            "129",
            "100000",
            "99999999999999999999",
            "x",
            "3x",
            "",
        ] {
            assert!(bad.parse::<BoardSize>().is_err(), "{bad}");
        }
        assert!("3".parse::<BoardSize>().is_ok());
        assert!("128x3".parse::<BoardSize>().is_ok());
    }
}
