//! The rules of TWRS (Martyn F, Emma Games), a territory game for two on
//! the intersections of a line grid: points, rule sets as data, start
//! setups, moves and their notation, positions with areas, petrified
//! towers, the end and the score, and seeded random games.
//!
//! The crate knows nothing of files, pictures or commands; `twixtkit`
//! reads TWRS scripts and draws their positions. It shares the board size,
//! the message types and the notation's building blocks with `twixt-core`.
//! See `docs/twrs.md` for the rules as the engine reads them, with the
//! seed's sentences behind each decision. The `yaml` feature, on by
//! default, reads rule sets from YAML.

pub mod moves;
pub mod notation;
pub mod point;
pub mod position;
pub mod random;
pub mod rules;
pub mod setup;

pub use moves::Move;
pub use point::Point;
pub use position::Position;
pub use rules::TwrsRules;
