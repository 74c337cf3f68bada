//! Diagrams: a model of a figure (pegs, links, labels, marks, crop,
//! caption) and writers for SVG, text and PNG, plus styles, blank boards
//! for pencil play and page sheets.

pub mod blank;
pub mod font;
mod format;
pub mod game;
mod model;
pub mod pdf;
pub mod png;
pub mod png_batch;
pub mod sheet;
pub mod snapshot;
mod style;
mod svg;
mod text;

pub use format::{ChooseError, PictureFormat, UnknownFormat};

/// A value that an option or a style setting cannot take (a resolution, a
/// margin, a header line, a colour, a font list); the message says what was
/// expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ValueError(pub String);

impl crate::diagnostic::Explained for ValueError {
    fn is_usage(&self) -> bool {
        true
    }
}
pub use model::{Crop, Diagram, Mark, Numbering, ParseCropError};
pub use style::{
    BUILTIN_NAMES, Colour, FontFamily, LetterCase, NAMED_COLOURS, NamedStyleError, Ranged, Style,
    StyleError,
};
pub(crate) use svg::{
    HALF_CAP, Movers, num, num_formatted, open_svg, push_segment, write_background, write_body,
    write_frame_text,
};
pub use svg::{Layout, ParseScaleError, Scale, to_svg, to_svg_prefixed};
pub use text::{Charset, to_text};

/// `mm` rounded down to a tenth: the largest size a message can offer with
/// one decimal that still fits (7.19 fits, 7.2 does not: offer 7.1).
pub fn tenth_below(mm: f64) -> f64 {
    (mm * 10.0 + 1e-9).floor() / 10.0
}
