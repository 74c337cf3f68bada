//! Layer 3, replay and checking: a script's game replayed through its
//! rules with its claims and result checked (`replay`), and what a
//! `#wins` claim means to a check (`win_claims`). The `check` command's
//! reports, which also judge the styles diagram points name, are the
//! commands' (`commands::check`).
//!
//! May use: `base`, the games' rules, `files`. Nothing here draws.

pub mod replay;
pub mod win_claims;
