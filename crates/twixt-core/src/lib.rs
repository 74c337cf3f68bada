//! TwixT's rules as a library: the board and its holes, links, moves, rule
//! sets as data, setups, positions with wins and dead draws, the one-line
//! position notation, seeded random games and an exact win solver.
//!
//! The crate knows nothing of files, pictures or commands: the `twixtkit`
//! crate reads scripts and records, replays them through this one and draws
//! what it finds.
//!
//! The `yaml` feature, on by default, reads rule sets from YAML rule files
//! (`RuleSet::from_yaml`); without it the crate depends on no YAML reader
//! (`RuleSet::to_yaml` writes one either way). `docs/engine.md` describes
//! the rules and the solver.
//!
//! The core types sit at the root; each also has its module path.
//!
//! ```
//! use twixt_core::{Move, Player, Position, RuleSet};
//!
//! let mut pos = Position::new(RuleSet::pencil()).unwrap();
//! for hole in ["f6", "m12", "g8"] {
//!     pos.play(&Move::peg(hole.parse().unwrap())).unwrap();
//! }
//! // Red's f6 and g8 are a knight's move apart: the pencil rules link them.
//! assert!(pos.has_link("f6-g8".parse().unwrap()));
//! assert_eq!(pos.to_move(), Player::Black);
//! ```
//!
//! Every legal move, play and undo, as a bot plays, through the
//! [`GameState`] interface; and a puzzle asked of the [`solver`]:
//!
//! ```
//! use twixt_core::{GameState, Move, Player, Position, RuleSet};
//! use twixt_core::solver::{SearchLimit, Solved, solve};
//!
//! let mut pos = Position::new(RuleSet::pencil()).unwrap();
//! assert_eq!(pos.legal_moves().count(), 24 * 24 - 4 - 2 * 22); // Red may not use Black's border rows
//! GameState::play(&mut pos, &Move::peg("f6".parse().unwrap())).unwrap();
//! assert!(pos.undo()); // exactly as before
//! assert_eq!(pos, Position::new(RuleSet::pencil()).unwrap());
//! let puzzle = twixt_core::position_line::read_position("8/dujardin/d1,d3/b4,g4/*/red").unwrap();
//! let found = solve(&puzzle, Player::Red, 4, &SearchLimit::positions(1_000_000)).unwrap();
//! assert!(matches!(found.answer, Solved::Wins { .. }));
//! ```

pub mod board;
mod dead_draw;
pub mod diagnostic;
mod free_holes;
pub mod geometry;
#[doc(hidden)]
pub mod grammar;
pub mod history;
pub mod link;
pub mod moves;
pub mod position;
pub mod position_line;
pub mod random;
pub mod rules;
pub mod setup;
pub mod solver;
#[doc(hidden)]
pub mod split_mix;
pub mod state;
#[cfg(feature = "yaml")]
#[doc(hidden)]
pub mod yaml_words;

pub use board::{BoardSize, Hole, Player};
pub use diagnostic::{Diagnostic, Explained};
pub use link::Link;
pub use moves::{Move, Placement};
pub use position::{MoveError, Played, Position, Status, WinBy};
pub use rules::RuleSet;
pub use setup::{Setup, SetupProblem};
pub use state::{GameState, Outcome};
