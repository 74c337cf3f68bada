//! Positions as text for a terminal: what `twixt show` prints.

use super::{Error, twrs_views};
use crate::diagnostic::{Diagnostic, printable};
use crate::diagram::{Charset, to_text};
use crate::pictures::Choice;
use crate::pictures::Drawable;
use crate::pictures::Picture;
use crate::twrs::file::{Positions, TwrsFile};

/// What `twixt show` prints of each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ShowAs {
    /// The board as text.
    Text,
    /// The position in one line (size/rules/red/black/links/to-move), the
    /// form `--position` reads back (see [`crate::twixt::line`]).
    Position,
}

/// What `twixt show` prints of a file, and the problems met: the chosen
/// positions' boards as text (or their position lines); a TWRS script's
/// diagram points as text.
pub fn show(
    file: &Drawable,
    choice: &Choice,
    charset: Charset,
    show_as: ShowAs,
) -> Result<(String, Vec<Diagnostic>), Error> {
    match file {
        Drawable::Twixt(f) => {
            let drawn = f.pictures(choice)?;
            let text = match show_as {
                ShowAs::Position => position_lines(&drawn.pictures),
                ShowAs::Text => boards(&drawn.pictures, charset),
            };
            Ok((text, drawn.warnings))
        }
        Drawable::Twrs(_) if show_as == ShowAs::Position => Err(Error::TwrsLines),
        Drawable::Twrs(f) => {
            let which = super::twrs_choice(choice)?;
            Ok((
                twrs_boards(f, which, charset == Charset::Ascii)?,
                Vec::new(),
            ))
        }
    }
}

/// The pictures' boards as text, one after another with a blank line
/// between.
pub fn boards(pictures: &[Picture], charset: Charset) -> String {
    let mut text = String::new();
    for (i, p) in pictures.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&to_text(&p.diagram, charset));
    }
    text
}

/// Each picture's position in one line ([`Picture::position_line`]), a
/// line each.
pub fn position_lines(pictures: &[Picture]) -> String {
    pictures.iter().map(|p| p.position_line() + "\n").collect()
}

/// A TWRS script's diagram points (or final positions) as text, each with
/// its name and caption above, and whose turn it is and the score so far
/// below. Text from the file is made printable.
pub fn twrs_boards(file: &TwrsFile, which: Positions, ascii: bool) -> Result<String, Error> {
    let mut text = String::new();
    for (i, v) in twrs_views(file, which)?.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let caption = v.caption.as_deref().map(printable).unwrap_or_default();
        let s = v.position.score();
        text.push_str(&format!(
            "{}{}{}\n",
            v.stem,
            if caption.is_empty() { "" } else { ": " },
            caption
        ));
        text.push_str(&crate::twrs::draw::to_text(&v.position, ascii));
        text.push_str(&format!(
            "{} to move, {} stones left, score orange {} blue {}\n",
            v.position.to_move(),
            v.position.stones_left(),
            s.orange,
            s.blue
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_shows_as_a_board_and_as_a_line_that_reads_back() {
        let file = crate::open::open_position("24/pencil/c3,d5/h8,j6/*/black").unwrap();
        let pictures = file
            .pictures(&crate::pictures::Choice::default())
            .unwrap()
            .pictures;
        let lines = position_lines(&pictures);
        assert_eq!(lines.lines().count(), 1);
        assert!(crate::twixt::line::read(lines.trim_end()).is_ok());
        let board = boards(&pictures, Charset::Ascii);
        assert!(board.is_ascii() && board.ends_with('\n'));
    }
}
