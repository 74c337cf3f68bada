//! `twixt check FOLDER` on folders a download or an archive can contain:
//! links back to a parent folder and pipes named like game files must not
//! make it run forever.
#![cfg(unix)]

use std::fs;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn check_ends_on_folder_loops_and_pipes() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    fs::create_dir_all(games.join("sub")).unwrap();
    fs::write(games.join("sub/a.txt"), "1. f6 2. g8\n").unwrap();
    // A link back to the top: followed, the walk would never end.
    std::os::unix::fs::symlink(&games, games.join("sub/loop")).unwrap();
    // A pipe named like a game: reading it would wait for ever.
    let fifo = Command::new("mkfifo")
        .arg(games.join("pipe.twixt"))
        .status()
        .is_ok_and(|s| s.success());
    let t = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(tmp.path())
        .args(["check", "games"])
        .output()
        .unwrap();
    assert!(t.elapsed() < Duration::from_secs(30));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("checked 1 game in 1 file"),
        "{out} (pipe made: {fifo})"
    );
}
