//! twixtkit: rules engine, game scripts and diagrams for the board game TwixT.
//!
//! Data flows one way: text → syntax tree → replay → diagram model → SVG/text/PNG.

pub mod board;
mod dead_draw;
pub mod diagnostic;
pub mod diagram;
pub mod formats;
#[doc(hidden)]
pub mod fuzzing;
pub mod geometry;
pub mod limits;
pub mod link;
pub mod moves;
pub mod output;
pub mod position;
pub mod random;
pub mod record;
pub mod replay;
pub mod rules;
pub mod script;
pub mod setup;

pub use board::{BoardSize, Hole, Player};
pub use diagram::Diagram;
pub use link::Link;
pub use moves::{Move, Placement};
pub use position::{MoveError, Played, Position, SetupProblem, Status, WinBy};
pub use record::{GameResult, Record};
pub use rules::RuleSet;
pub use setup::Setup;
