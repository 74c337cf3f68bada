//! Layer 3, replay and checking: a script's game replayed through its
//! rules with its claims and result checked (`replay`), and what
//! `twixt check` reports for files, folders and archives of any size
//! (`check`).
//!
//! May use: `base`, the games' rules, `files`. Nothing here draws.

pub mod check;
pub mod replay;
pub mod win_claims;
