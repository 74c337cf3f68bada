//! Helpers shared by the integration tests.
// Each test crate uses only some of these.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// `../shared/games` beside the repository, or `None` (saying that the tests
/// using it are skipped) when it is absent.
pub fn shared_games() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/games");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/games not found");
        None
    }
}

/// Runs the `twixt` binary with `args` in the current folder.
pub fn twixt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .output()
        .expect("twixt runs")
}
