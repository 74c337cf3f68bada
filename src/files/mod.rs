//! Layer 2, files: readers and writers of game files. The `.twixt` script
//! format (`script`: lexer, syntax tree, parser, canonical writer,
//! streaming windows), the record formats players already have
//! (`formats`: Little Golem, T1, move lists), the plain record every
//! format reads into (`record`), zip archives of game files read as
//! folders (`archive`), and opening any file or position line (`open`).
//!
//! May use: `base` and the games' rules and notation (`twixt`, `twrs`).
//! Nothing here replays a game or draws.

pub mod archive;
pub mod formats;
pub mod open;
pub mod record;
pub mod script;
