//! The rules of TWRS (Martyn F, Emma Games), a territory game for two on
//! the intersections of a line grid: points, rule sets as data, start
//! setups, moves and their notation, positions with areas, petrified
//! towers, the end and the score, and random games.
//!
//! Like `src/twixt/`, nothing here reads files or draws; see
//! `docs/twrs.md` for the rules as the engine reads them, with the seed's
//! sentences behind each decision.

pub mod book;
pub mod draw;
pub mod file;
pub mod game;
pub mod moves;
mod opened;
pub mod point;
pub mod position;
pub mod random;
pub mod rules;
pub mod script;
pub mod setup;
pub mod view;
pub(crate) mod words;
