//! Each game's support for the commands: how `check`, `render`, `book`,
//! `view`, `random` and the others read, draw and write that game's files.
//! The games' rules live in their own crates and know nothing of this.

pub mod twixt;
pub mod twrs;
