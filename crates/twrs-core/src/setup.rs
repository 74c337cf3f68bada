//! Start setups as data: where the stones and the six towers stand before
//! the first move.
//!
//! The seed's "Startopstelling" figure is missing, so the one built-in setup,
//! `reconstructed`, is ours: three stones on the middle column and the
//! towers spread so that the position is the same for both sides turned
//! half a turn (each tower faces an opponent's tower at the point
//! reflection). It is documented as a reconstruction in docs/twrs.md; a
//! script's setup block replaces it.

use crate::point::Point;

/// Pieces on the board before the first move.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Setup {
    /// Where the stones stand.
    pub stones: Vec<Point>,
    /// `(tower number, where it stands)`.
    pub towers: Vec<(u8, Point)>,
}

/// Why there is no built-in setup as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupNameError {
    /// No built-in setup has this name; the value is the name.
    #[error("there is no start setup named `{0}` (built in: {names})", names = SETUP_NAMES.join(", "))]
    Unknown(String),
    /// The grid is too small for the reconstructed setup.
    #[error(
        "the reconstructed start setup needs at least 8 × 8 lines, not {width} × {height}; give the game a setup block"
    )]
    TooSmall {
        /// The grid's lines across.
        width: u8,
        /// The grid's lines down.
        height: u8,
    },
}

/// A name asked for (`Unknown`) is a usage problem; a grid too small is
/// the input's content.
impl twixt_core::diagnostic::Explained for SetupNameError {
    fn is_usage(&self) -> bool {
        matches!(self, SetupNameError::Unknown(_))
    }
}

/// The names of the built-in setups.
pub const SETUP_NAMES: [&str; 1] = ["reconstructed"];

/// The named setup for a grid of `width` × `height` lines, or why there is none.
pub fn named(name: &str, width: u8, height: u8) -> Result<Setup, SetupNameError> {
    match name {
        "reconstructed" => reconstructed(width, height),
        _ => Err(SetupNameError::Unknown(name.to_string())),
    }
}

/// Our reconstruction of the missing start setup (11 × 11: stones f3, f6,
/// f9; orange towers 1 b2, 3 i3, 6 d7; blue towers 2 j10, 4 c9, 5 h5),
/// scaled to other grids of at least 8 × 8 lines.
pub fn reconstructed(width: u8, height: u8) -> Result<Setup, SetupNameError> {
    if width < 8 || height < 8 {
        return Err(SetupNameError::TooSmall { width, height });
    }
    let (w, h) = (width - 1, height - 1);
    let turn = |p: Point| Point::new(w - p.col, h - p.row);
    let (m, n) = (w / 2, h / 2);
    let stones = vec![Point::new(m, 2), Point::new(m, n), turn(Point::new(m, 2))];
    let orange = [
        (1, Point::new(1, 1)),
        (3, Point::new(w - 2, 2)),
        (6, Point::new(3, n + 1)),
    ];
    let blue = [2, 4, 5];
    let mut towers: Vec<(u8, Point)> = orange.to_vec();
    for ((_, p), b) in orange.iter().zip(blue) {
        towers.push((b, turn(*p)));
    }
    towers.sort();
    Ok(Setup { stones, towers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reconstruction_on_eleven_lines() {
        let s = reconstructed(11, 11).unwrap();
        let names = |v: &[Point]| {
            v.iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(&s.stones), "f3 f6 f9");
        let towers: Vec<String> = s.towers.iter().map(|(t, p)| format!("{t}{p}")).collect();
        assert_eq!(towers.join(" "), "1b2 2j10 3i3 4c9 5h5 6d7");
    }

    #[test]
    fn every_grid_from_eight_lines_gets_distinct_points() {
        for w in 8..=26 {
            for h in 8..=26 {
                let s = reconstructed(w, h).unwrap();
                let mut all: Vec<Point> = s.stones.clone();
                all.extend(s.towers.iter().map(|(_, p)| *p));
                assert!(all.iter().all(|p| p.col < w && p.row < h));
                all.sort();
                all.dedup();
                assert_eq!(all.len(), 9, "{w}x{h}");
            }
        }
        assert!(reconstructed(7, 11).is_err());
    }
}
