//! The types most programs use, to bring in at once:
//! `use twixtkit::prelude::*;`. Each has its own path too (the module
//! named in its documentation); this is the one place that gathers them.

pub use crate::diagnostic::Explained;
pub use crate::diagram::{Diagram, Scale, Style, to_svg};
pub use crate::open::{GameFile, open};
pub use crate::pictures::{Choice, Picture};
pub use crate::record::{GameResult, Record};
pub use twixt_core::board::{BoardSize, Hole, Player};
pub use twixt_core::link::Link;
pub use twixt_core::moves::{Move, Placement};
pub use twixt_core::position::{MoveError, Played, Position, Status, WinBy};
pub use twixt_core::rules::RuleSet;
pub use twixt_core::setup::{Setup, SetupProblem};
