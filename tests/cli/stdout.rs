//! Standard output as a Unix tool treats it: a closed pipe ends the command
//! quietly with status 141 (as SIGPIPE would), a full disk is an error that
//! names standard output and exits 2.

use std::fs::OpenOptions;
use std::process::{Command, Output, Stdio};

fn twixt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
}

/// Runs `args` with standard output a pipe whose reader is already gone.
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    twixt()
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Runs `args` with standard output `/dev/full`: every write fails, disk full.
fn into_full_disk(args: &[&str]) -> Option<Output> {
    let full = OpenOptions::new().write(true).open("/dev/full").ok()?;
    Some(
        twixt()
            .args(args)
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .unwrap(),
    )
}

/// Commands that print to standard output, with a script to read.
fn printing_commands(dir: &std::path::Path) -> Vec<Vec<String>> {
    let game = dir.join("game.twixt");
    std::fs::write(&game, "1. f6 2. swap 3. k9 4. l12\n").unwrap();
    let g = game.display().to_string();
    vec![
        vec!["rules".into()],
        vec!["board".into(), "--size".into(), "24".into()],
        vec!["random".into(), "--seed".into(), "7".into()],
        vec!["show".into(), g.clone()],
        vec!["check".into(), g.clone()],
        vec!["check".into(), "--format".into(), "json".into(), g],
    ]
}

#[test]
fn a_closed_pipe_ends_quietly_with_141() {
    let dir = tempfile::tempdir().unwrap();
    for args in printing_commands(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = into_closed_pipe(&args);
        assert_eq!(out.status.code(), Some(141), "twixt {args:?}");
        assert!(
            out.stderr.is_empty(),
            "twixt {args:?} said: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_full_disk_is_an_error_naming_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    for args in printing_commands(dir.path()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let Some(out) = into_full_disk(&args) else {
            eprintln!("skipped: no /dev/full on this system");
            return;
        };
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "twixt {args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output"),
            "twixt {args:?} said: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn head_takes_the_first_line_and_the_command_ends_without_a_word() {
    // The real shell case: many games, a reader that leaves after one line.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' random --seed 3 --games 2000 --size 12 | head -1",
            env!("CARGO_BIN_EXE_twixt")
        ))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Messages to a standard error whose reader is gone are lost, not the run:
/// the exit code is the command's own, never a panic's 101.
#[test]
fn a_closed_standard_error_loses_messages_not_the_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    for (args, code) in [
        (vec!["check", "no-such-file.twixt"], 2),
        (vec!["random", "--seed", "1", "-o", "r.twixt"], 0),
        (vec!["rules", "pencl"], 2),
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_twixt"))
            .args(&args)
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before the child writes.
        drop(child.stderr.take());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "{args:?}");
    }
}
