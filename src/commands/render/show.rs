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
    /// The positions as JSON: size, rules, pegs, links, side to move and
    /// outcome (the schema in docs/formats.md).
    Json,
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

/// The pictures' positions as a JSON document ([`crate::formats::json::positions`]).
pub fn positions_json(pictures: &[Picture]) -> String {
    let setups: Vec<twixt_core::setup::Setup> = pictures
        .iter()
        .map(|p| twixt_core::setup::Setup {
            size: p.diagram.size,
            pegs: p.diagram.pegs.clone(),
            links: p.diagram.links.clone(),
            to_move: Some(p.to_move),
        })
        .collect();
    let list: Vec<crate::formats::json::PositionIn<'_>> = pictures
        .iter()
        .zip(&setups)
        .map(|(p, setup)| crate::formats::json::PositionIn {
            name: &p.stem,
            rules: &p.rules,
            setup,
            to_move: p.to_move,
        })
        .collect();
    crate::formats::json::positions(&list)
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
        let json: serde_json::Value = serde_json::from_str(&positions_json(&pictures)).unwrap();
        assert_eq!(json["schema_version"], 1);
        assert_eq!(
            json["positions"][0]["pegs"]["red"],
            serde_json::json!(["c3", "d5"])
        );
        assert_eq!(json["positions"][0]["to_move"], "black");
        assert_eq!(json["positions"][0]["outcome"], "ongoing");
        let board = boards(&pictures, Charset::Ascii);
        assert!(board.is_ascii() && board.ends_with('\n'));
    }
}
