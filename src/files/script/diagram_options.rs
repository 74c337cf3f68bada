//! The options of a diagram point that a script names and the parser
//! checks where they are written: which sides carry coordinates
//! (`coords=`) and where the caption goes (`caption-position=`). The
//! diagram model and styles take them as they are.

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
        } else if !t.is_empty() && t.len() <= 4 {
            t.chars().all(|c| set(&c.to_string()))
        } else {
            set(&t) && !t.is_empty()
        };
        if ok {
            Ok(sides)
        } else {
            Err(ParseSidesError(s.to_string()))
        }
    }
}

/// Where the caption goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
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

/// A diagram point's `to-move=`: `yes` or `no`, as both games' readers
/// take it, with the message they give for anything else.
pub(crate) fn to_move_option(value: &str) -> Result<bool, String> {
    match value {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(format!(
            "expected to-move=yes or to-move=no, found `{}`",
            crate::grammar::clip(value)
        )),
    }
}
