//! `check` holds a bounded number of games at a time, whatever their size:
//! memory stays flat in the number of games, from a file and from standard
//! input (a pipe of unknown length may be endless); `view`, which writes
//! every game into one page, holds little more than the page. Tiny games are the worst
//! case: 2 MiB of 20-byte games were 100,000 parsed games and reports a
//! window, and standard input's findings were all gathered before any was
//! handed out. Alone in its test binary: a child's peak counts the memory
//! of the process that started it, so no other test may grow this one.
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::io::Write as _;
use std::process::{Command, Stdio};

/// One tiny legal game, 23 bytes.
const TINY: &str = "[T \"x\"]\n1. f6 2. g8\n\n";

/// Waits for the child and returns its exit code and its own peak resident
/// set in MiB (`wait4`, so each child is measured alone).
fn wait_measured(child: &std::process::Child) -> (i32, i64) {
    let mut status = 0;
    // SAFETY: wait4 writes the status and the struct it is given, for a
    // child of this process that nothing else waits for.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        let pid = libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage);
        assert_eq!(pid, child.id() as libc::pid_t);
        usage
    };
    (libc::WEXITSTATUS(status), usage.ru_maxrss / 1024)
}

fn summary(games: usize) -> String {
    format!("checked {games} games in 1 file: 0 errors, 0 warnings\n")
}

#[test]
#[allow(clippy::zombie_processes)] // `wait_measured` reaps the child (wait4)
fn a_million_tiny_games_are_checked_in_flat_memory_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiny.twixt");
    let games = 1_000_000;
    std::fs::write(&path, TINY.repeat(games)).unwrap();
    let out = dir.path().join("out.txt");
    let child = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["check", "-q"])
        .arg(&path)
        .stdout(std::fs::File::create(&out).unwrap())
        .spawn()
        .unwrap();
    let (code, peak_mib) = wait_measured(&child);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), summary(games));
    assert_eq!(code, 0);
    // 288 MiB before windows were bounded in games.
    assert!(peak_mib < 80, "peak memory {peak_mib} MiB");
}

#[test]
#[allow(clippy::zombie_processes)] // `wait_measured` reaps the child (wait4)
fn a_million_tiny_games_are_checked_in_flat_memory_from_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let games = 1_000_000;
    let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["check", "-q", "-"])
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&out).unwrap())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = TINY.repeat(1000);
        for _ in 0..games / 1000 {
            stdin.write_all(block.as_bytes()).unwrap();
        }
    });
    let (code, peak_mib) = wait_measured(&child);
    writer.join().unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), summary(games));
    assert_eq!(code, 0);
    // 621 MiB before, growing with every game: standard input was checked
    // as a small file, its findings gathered before any was written.
    assert!(peak_mib < 80, "peak memory {peak_mib} MiB");
}

/// A page of 20,000 tiny games: the page's data is written a game at a
/// time, so memory is the page and the games' moves, not a tree of every
/// game's data (that tree took 20 KB a game: 100,000 games, 1.9 GB).
#[test]
#[allow(clippy::zombie_processes)] // `wait_measured` reaps the child (wait4)
fn a_viewer_page_of_twenty_thousand_games_stays_small() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tiny.twixt");
    std::fs::write(&path, TINY.repeat(20_000)).unwrap();
    let page = dir.path().join("club.html");
    let child = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .arg("view")
        .arg(&path)
        .arg("-o")
        .arg(&page)
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let (code, peak_mib) = wait_measured(&child);
    assert_eq!(code, 0);
    let size_mib = std::fs::metadata(&page).unwrap().len() as i64 / (1 << 20);
    // 84 MiB measured with a 10 MiB page; about 400 MiB before.
    assert!(
        peak_mib < 160,
        "peak memory {peak_mib} MiB for a page of {size_mib} MiB"
    );
}
