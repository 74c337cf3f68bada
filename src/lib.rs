#![warn(missing_docs)]
//! twixtkit: rules engine, game scripts and diagrams for the board game TwixT
//! (and a second game, TWRS, on the same pipeline).
//!
//! Data flows one way: text → syntax tree → replay → diagram model →
//! SVG / PNG / PDF / HTML / text. Each item has one public path, by concept:
//!
//! | layer | modules |
//! |---|---|
//! | the games' rules (their own crates, re-exported) | [`twixt_core`], [`twrs_core`] |
//! | TWRS's scripts, files and pictures | [`twrs`] |
//! | shared text and safety | [`diagnostic`], [`limits`], [`output`] |
//! | files | [`script`], [`formats`], [`record`], [`open`] |
//! | replay and checking | [`replay`], [`win_claims`] |
//! | pictures | [`diagram`], [`pictures`] |
//! | documents | [`book`], [`messages`], [`view`] |
//! | what each command does (`check` among them) | [`commands`] |
//!
//! [`prelude`] gathers the types most programs use.
//!
//! Play moves with the engine and draw the position:
//!
//! ```
//! use twixtkit::prelude::*;
//!
//! let mut pos = Position::new(RuleSet::pencil()).unwrap();
//! for hole in ["f6", "m12", "g8"] {
//!     pos.play(&Move::peg(hole.parse().unwrap())).unwrap();
//! }
//! // Red's f6 and g8 are a knight's move apart: the pencil rules link them.
//! assert!(pos.has_link("f6-g8".parse().unwrap()));
//! assert_eq!(pos.to_move(), Player::Black);
//! let svg = to_svg(&Diagram::from_setup(&pos.to_setup()), &Style::rulebook(), Scale::Px(24.0));
//! assert!(svg.contains("class=\"peg red"));
//! ```
//!
//! Read and check an annotated script:
//!
//! ```
//! let parsed = twixtkit::script::parse("[Rules \"dujardin\"]\n1. e5 2. e7 3. d7\n#links d7-e5\n");
//! assert!(parsed.errors.is_empty());
//! let replay = twixtkit::replay::replay_game(&parsed.file.games[0], &Default::default()).unwrap();
//! assert!(replay.issues.is_empty());
//! assert_eq!(replay.plies, 3);
//! ```
//!
//! Features: `cli`, the `twixt` binary's crates, and `typst`, PDF books
//! typeset by Typst (without it a book is HTML or Typst source); both are
//! on by default. A program that uses the library alone builds it with
//! `default-features = false`.
//!
//! The folders under `src/` are the layers (`base`, `files`, `verify`,
//! `drawing`, `documents`, `commands`); a module never uses one of a layer
//! above its own. The games' rules are crates of their own below all of
//! them. See `docs/architecture.md`.

mod base;
pub mod commands;
mod documents;
mod drawing;
#[cfg(feature = "editor")]
pub mod editor;
mod files;
pub mod prelude;
pub mod twrs;
mod verify;

pub use base::{limits, output};
pub use documents::{book, view};
pub use drawing::{diagram, messages, pictures};
pub use files::{formats, open, record, script};
/// TwixT's rules: the engine crate, re-exported.
pub use twixt_core;
pub use twixt_core::diagnostic;
pub(crate) use twixt_core::{grammar, yaml_words};
/// TWRS's rules: the engine crate, re-exported.
pub use twrs_core;
pub use verify::{replay, win_claims};

#[doc(hidden)]
pub mod fuzzing;
