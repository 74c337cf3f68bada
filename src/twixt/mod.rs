//! The rules of TwixT: the board and its holes, link geometry, moves, rule
//! sets, setups, positions with win and dead-draw detection, and random
//! games. Nothing here reads files or draws: the shared script reader,
//! replay and diagram pipeline sit beside this folder and call into it.

pub mod board;
mod dead_draw;
pub mod game;
pub mod geometry;
pub mod history;
pub mod line;
pub mod link;
pub mod moves;
mod opened;
pub mod position;
pub mod random;
pub mod rules;
pub mod setup;
pub mod solver;
pub mod win_search;
