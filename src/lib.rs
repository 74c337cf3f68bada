#![warn(missing_docs)]
//! twixtkit: rules engine, game scripts and diagrams for the board game TwixT.
//!
//! Data flows one way: text → syntax tree → replay → diagram model → SVG/text/PNG.
//!
//! Play moves with the engine and draw the position:
//!
//! ```
//! use twixtkit::diagram::style::Style;
//! use twixtkit::diagram::svg::{Scale, to_svg};
//! use twixtkit::{Diagram, Move, Player, Position, RuleSet};
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
//! let replay = twixtkit::replay::replay_game(&parsed.file.games[0], None).unwrap();
//! assert!(replay.issues.is_empty());
//! assert_eq!(replay.plies, 3);
//! ```

pub mod book;
pub mod canonical;
pub mod check;
pub mod convert;
pub mod diagnostic;
pub mod diagram;
pub mod formats;
#[doc(hidden)]
pub mod fuzzing;
pub mod limits;
pub mod open;
pub mod output;
pub mod pictures;
pub mod presets;
pub mod random_games;
pub mod record;
pub mod render;
pub mod replay;
pub mod script;
pub mod twixt;
pub mod twrs;
pub mod view;
mod yaml_words;

// The TwixT engine's modules, also at the crate root where they began.
pub use twixt::{board, geometry, line, link, moves, position, random, rules, setup, win_search};

pub use board::{BoardSize, Hole, Player};
pub use diagnostic::Explained;
pub use diagram::Diagram;
pub use link::Link;
pub use moves::{Move, Placement};
pub use open::{GameFile, open};
pub use pictures::{Choice, Picture};
pub use position::{MoveError, Played, Position, SetupProblem, Status, WinBy};
pub use record::{GameResult, Record};
pub use rules::RuleSet;
pub use setup::Setup;
