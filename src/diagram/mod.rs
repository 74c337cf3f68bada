//! Diagrams: a model of a figure (pegs, links, labels, marks, crop,
//! caption) and writers for SVG, text and PNG, plus styles, blank boards
//! for pencil play and page sheets.

pub mod blank;
pub mod export;
pub mod font;
pub mod format;
pub mod game;
pub mod model;
pub mod pdf;
pub mod png;
pub mod sheet;
pub mod snapshot;
pub mod style;
pub mod svg;
pub mod text;

pub use format::{ChooseError, Format, UnknownFormat};
pub use model::{Crop, Diagram, Mark, Numbering, Sides};
pub use style::{Colour, Style, StyleError};
pub use svg::{Layout, Scale, to_svg, to_svg_prefixed};
pub use text::{Charset, to_text};
