//! Layer 4, pictures: the diagram model and its writers (SVG, PNG, PDF,
//! text), styles, page sheets and blank boards (`diagram`), and the choice
//! of a file's positions to draw (`pictures`: diagram points, `--move`,
//! `--every`, `--final`).
//!
//! May use: `base`, the games' rules, `files`, `verify`.

pub mod diagram;
pub mod pictures;
