//! The types most programs use, to bring in at once:
//! `use twixtkit::prelude::*;`. Each has its own path too (the module
//! named in its documentation); this is the one place that gathers them.

pub use crate::diagnostic::Explained;
pub use crate::diagram::{Diagram, Scale, Style, to_svg};
pub use crate::open::{GameFile, open};
pub use crate::pictures::{Choice, Picture};
pub use crate::record::{GameResult, Record};
pub use crate::twixt::board::{BoardSize, Hole, Player};
pub use crate::twixt::link::Link;
pub use crate::twixt::moves::{Move, Placement};
pub use crate::twixt::position::{MoveError, Played, Position, Status, WinBy};
pub use crate::twixt::rules::RuleSet;
pub use crate::twixt::setup::{Setup, SetupProblem};
