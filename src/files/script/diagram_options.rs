//! The options of a diagram point that a script names and the parser
//! checks where they are written, for either game: its look
//! ([`PointLook`]: `style=`, `coords=`, `to-move=`, `caption-position=`),
//! which sides carry coordinates ([`Sides`]) and where the caption goes
//! ([`CaptionPosition`]). The diagram model and styles take them as they
//! are.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which sides of the board carry coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Sides {
    /// Column letters above the board.
    pub top: bool,
    /// Column letters below the board.
    pub bottom: bool,
    /// Row numbers left of the board.
    pub left: bool,
    /// Row numbers right of the board.
    pub right: bool,
}

impl Sides {
    /// No coordinates.
    pub const NONE: Sides = Sides {
        top: false,
        bottom: false,
        left: false,
        right: false,
    };
    /// Coordinates on all four sides.
    pub const ALL: Sides = Sides {
        top: true,
        bottom: true,
        left: true,
        right: true,
    };
    /// Column letters on top, row numbers on the left.
    pub const TOP_LEFT: Sides = Sides {
        top: true,
        bottom: false,
        left: true,
        right: false,
    };
}

/// Why a list of sides could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected coordinate sides like `all`, `none` or letters from `tblr` (top, bottom, left, right), found `{0}`"
)]
pub struct ParseSidesError(pub String);

impl FromStr for Sides {
    type Err = ParseSidesError;
    /// `all`, `none`, or letters from `tblr` (`tl` = top and left); also
    /// comma-separated words (`top,left`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "all" => return Ok(Sides::ALL),
            "none" | "off" => return Ok(Sides::NONE),
            _ => {}
        }
        let mut sides = Sides::NONE;
        let mut set = |c: &str| -> bool {
            match c {
                "t" | "top" => sides.top = true,
                "b" | "bottom" => sides.bottom = true,
                "l" | "left" => sides.left = true,
                "r" | "right" => sides.right = true,
                _ => return false,
            }
            true
        };
        let ok = if t.contains(',') {
            t.split(',').all(|w| set(w.trim()))
        } else {
            // A side's word first: `top` is not the letters t, o and p.
            set(&t) || (!t.is_empty() && t.len() <= 4 && t.chars().all(|c| set(&c.to_string())))
        };
        if ok {
            Ok(sides)
        } else {
            Err(ParseSidesError(s.to_string()))
        }
    }
}

/// Where the caption goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CaptionPosition {
    /// Under the board.
    #[default]
    Below,
    /// Over the board.
    Above,
    /// Left off: the picture is the board alone, its size the board's
    /// whatever the caption says.
    None,
}

impl std::str::FromStr for CaptionPosition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "below" => Ok(CaptionPosition::Below),
            "above" => Ok(CaptionPosition::Above),
            "none" => Ok(CaptionPosition::None),
            _ => Err(format!(
                "expected `above` or `below` (or `none`: no caption), found `{s}`"
            )),
        }
    }
}

/// How a diagram point of either game asks to be drawn, over the drawing
/// commands' options: each one left out leaves the command line's (or the
/// style's) choice.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PointLook {
    /// `style=`: a built-in style or a `.yaml` file beside the script,
    /// over `--style`.
    pub style: Option<String>,
    /// `coords=`: the sides with coordinates, over `--coords`.
    pub coords: Option<Sides>,
    /// `to-move=yes|no`: whether a line under the board says whose turn
    /// it is, over the style's `to_move_marker`.
    pub to_move: Option<bool>,
    /// `caption-position=above|below|none`, over the style's.
    pub caption_position: Option<CaptionPosition>,
}

impl PointLook {
    /// Reads the option `key` (in lower case) when it is one of the look's:
    /// `None` for any other key, else whether its value is good (the
    /// message says what was expected).
    pub(crate) fn read(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let read = match key {
            "style" => {
                // Checked where it is drawn or checked: a built-in name or a
                // file beside the script.
                self.style = Some(value.to_string());
                Ok(())
            }
            "coords" => value
                .parse()
                .map(|s| self.coords = Some(s))
                .map_err(|e: ParseSidesError| e.to_string()),
            "to-move" => match value {
                "yes" | "no" => {
                    self.to_move = Some(value == "yes");
                    Ok(())
                }
                _ => Err(format!(
                    "expected to-move=yes or to-move=no, found `{}`",
                    crate::grammar::clip(value)
                )),
            },
            "caption-position" => value
                .parse()
                .map(|p| self.caption_position = Some(p))
                .map_err(|e| format!("caption-position: {e}")),
            _ => return None,
        };
        Some(read)
    }

    /// The options given, as a `#diagram` line writes them, in this order.
    pub(crate) fn options(&self) -> impl Iterator<Item = (&'static str, String)> + '_ {
        let coords = self.coords.map(|s| match s {
            Sides::ALL => "all".to_string(),
            Sides::NONE => "none".to_string(),
            _ => [(s.top, 't'), (s.bottom, 'b'), (s.left, 'l'), (s.right, 'r')]
                .into_iter()
                .filter_map(|(on, c)| on.then_some(c))
                .collect(),
        });
        let to_move = self
            .to_move
            .map(|v| if v { "yes" } else { "no" }.to_string());
        // Its serde name, as a style file writes it.
        let place = self.caption_position.map(|p| {
            serde_json::to_value(p)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        });
        [
            ("style", self.style.clone()),
            ("coords", coords),
            ("to-move", to_move),
            ("caption-position", place),
        ]
        .into_iter()
        .filter_map(|(k, v)| Some((k, v?)))
    }
}

#[cfg(test)]
mod tests {
    use super::Sides;

    #[test]
    fn sides_are_read_as_letters_or_as_words() {
        let top_left = Sides {
            top: true,
            left: true,
            ..Sides::NONE
        };
        assert_eq!("tl".parse::<Sides>(), Ok(top_left));
        assert_eq!("top,left".parse::<Sides>(), Ok(top_left));
        let top = Sides {
            top: true,
            ..Sides::NONE
        };
        // A word of four letters or fewer is a side's name before letters.
        assert_eq!("top".parse::<Sides>(), Ok(top));
        assert_eq!("Left".parse::<Sides>().map(|s| s.left), Ok(true));
        assert!("tp".parse::<Sides>().is_err());
    }
}
