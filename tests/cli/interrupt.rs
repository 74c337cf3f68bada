//! An interrupted run (SIGINT, SIGTERM) removes the temporary file it was
//! writing and ends with 130 or 143; the file it was replacing is untouched.
//! A Typst book's figures folder that the run made goes with it.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A large script that is not in canonical form, so `fmt` rewrites it.
fn big_script(path: &Path) {
    let dir = path.parent().unwrap();
    let small = dir.join("small.twixt");
    let made = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["random", "--seed", "1", "--games", "300", "-o"])
        .arg(&small)
        .output()
        .unwrap();
    assert!(made.status.success());
    // Doubled spaces: the same games, not in canonical form.
    let text = fs::read_to_string(&small).unwrap().replace(' ', "  ");
    fs::remove_file(&small).unwrap();
    fs::write(path, text.repeat(30)).unwrap();
}

fn temporary_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

/// Waits up to 30 s for `seen` while `child` runs: whether it was seen
/// before the child ended.
fn caught(child: &mut std::process::Child, seen: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(30) {
        if seen() {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_micros(100));
    }
    false
}

fn interrupt_while_writing(signal: &str, status: i32) {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("big.twixt");
    big_script(&script);
    let before = fs::read(&script).unwrap();
    // Try until the signal lands while the temporary file exists; on a busy
    // machine (the whole suite running at once) that can take many tries.
    for _ in 0..60 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .arg("fmt")
            .arg(&script)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if !caught(&mut child, || !temporary_files(dir.path()).is_empty()) {
            // Done before we looked: put the old text back and try again.
            child.wait().unwrap();
            fs::write(&script, &before).unwrap();
            continue;
        }
        let killed = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let code = child.wait().unwrap().code();
        let left = temporary_files(dir.path());
        assert!(left.is_empty(), "left behind: {left:?}");
        if code == Some(0) {
            // The rename won the race: the file is whole and new.
            fs::write(&script, &before).unwrap();
            continue;
        }
        assert_eq!(code, Some(status));
        assert_eq!(fs::read(&script).unwrap(), before, "the old file is whole");
        return;
    }
    panic!("never caught fmt while it was writing");
}

#[test]
fn sigterm_removes_the_temporary_file_and_exits_143() {
    interrupt_while_writing("-TERM", 143);
}

#[test]
fn sigint_removes_the_temporary_file_and_exits_130() {
    interrupt_while_writing("-INT", 130);
}

/// SIGTERM while a Typst book writes its figures into a folder it made:
/// the folder goes, with every figure in it. Ran on the code before: an
/// empty figures folder was left behind.
#[test]
fn sigterm_removes_a_typst_books_new_figures_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(d)
        .args(["random", "--seed", "3", "--games", "12", "-o", "g.twixt"])
        .output()
        .unwrap();
    assert!(made.status.success());
    let figures = d.join("o/x-figures");
    for _ in 0..60 {
        let _ = fs::remove_dir_all(d.join("o"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .current_dir(d)
            .args([
                "book",
                "g.twixt",
                "-o",
                "o/x.typ",
                "--moves-per-diagram",
                "3",
            ])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if !caught(&mut child, || figures.exists()) {
            child.wait().unwrap();
            continue;
        }
        let killed = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let code = child.wait().unwrap().code();
        if code == Some(0) {
            // Done before the signal: the whole book is there.
            assert!(d.join("o/x.typ").exists());
            continue;
        }
        assert_eq!(code, Some(143));
        assert!(!figures.exists(), "the figures folder was left behind");
        assert!(!d.join("o/x.typ").exists());
        assert!(temporary_files(&d.join("o")).is_empty());
        return;
    }
    panic!("never caught book while it wrote its figures");
}
