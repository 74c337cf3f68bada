//! Layer 4, pictures: the diagram model and its writers (SVG, PNG, PDF,
//! text), styles, page sheets and blank boards (`diagram`), and the choice
//! of a file's positions to draw (`pictures`: diagram points, `--move`,
//! `--every`, `--final`), and the words pictures, books and the viewer
//! print, in the reader's language (`messages`).
//!
//! May use: `base`, the games' rules, `files`, `verify`.

pub mod diagram;
pub mod messages;
pub mod pictures;
