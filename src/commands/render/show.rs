//! Positions as text for a terminal: what `twixt show` prints.

use crate::diagram::{Charset, to_text};
use crate::pictures::Picture;

/// What `twixt show` prints of each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ShowAs {
    /// The board as text.
    Text,
    /// The position in one line (size/rules/red/black/links/to-move), the
    /// form `--position` reads back (see [`twixt_core::position_line`]).
    Position,
}

/// The pictures' boards as text, one after another with a blank line
/// between.
pub fn boards(pictures: &[Picture], charset: Charset) -> String {
    let boards: Vec<String> = pictures
        .iter()
        .map(|p| to_text(&p.diagram, charset))
        .collect();
    boards.join("\n")
}

/// Each picture's position in one line ([`Picture::position_line`]), a
/// line each.
pub fn position_lines(pictures: &[Picture]) -> String {
    pictures.iter().map(|p| p.position_line() + "\n").collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_shows_as_a_board_and_as_a_line_that_reads_back() {
        let file = crate::open::open_position("24/pencil/c3,d5/h8,j6/*/black").unwrap();
        let pictures = file
            .draw(&crate::pictures::Choice::default())
            .unwrap()
            .pictures;
        let lines = position_lines(&pictures);
        assert_eq!(lines.lines().count(), 1);
        assert!(twixt_core::position_line::read(lines.trim_end()).is_ok());
        let board = boards(&pictures, Charset::Ascii);
        assert!(board.is_ascii() && board.ends_with('\n'));
    }
}
