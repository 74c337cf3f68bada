//! `twixt edit` stopped by Ctrl-C (SIGINT sent to the process): unsaved
//! edits are kept in the recovery copy and the terminal says where; after
//! a save nothing is left behind.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};
use twixtkit::editor::session::recovery_path;

use crate::server::{parts, post};

/// Starts `twixt edit FILE --no-open`; the child and its page's address.
fn edit(file: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["edit", "--no-open"])
        .arg(file)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("twixt runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.starts_with("http://127.0.0.1:"), "{line}");
    (child, line.trim().to_string())
}

/// Sends SIGINT, as Ctrl-C does; the exit status and standard error.
fn interrupt(mut child: Child) -> (Option<i32>, String) {
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    (status.code(), err)
}

fn op(base: &str, token: &str, version: u64, body: Value) -> u64 {
    let mut body = body;
    body["version"] = json!(version);
    let (status, reply) = post(base, token, "/api/op", body);
    assert_eq!(status, 200, "{reply}");
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert!(reply["refused"].is_null(), "{reply}");
    reply["state"]["version"].as_u64().unwrap()
}

#[test]
fn ctrl_c_with_unsaved_edits_keeps_them_in_the_recovery_copy_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let (child, url) = edit(&file);
    let (base, token) = parts(&url);
    let v = op(&base, &token, 0, json!({"op": "end"}));
    op(&base, &token, v, json!({"op": "play", "hole": "m12"}));
    // The copy is written after every edit; remove it to see Ctrl-C write it.
    let rec = recovery_path(&file);
    std::fs::remove_file(&rec).unwrap();
    let (code, err) = interrupt(child);
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains(&rec.display().to_string()), "{err}");
    assert!(std::fs::read_to_string(&rec).unwrap().contains("2. m12"));
    // The file itself is as it was.
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Rules \"pencil\"]\n1. f6\n"
    );
}

#[test]
fn ctrl_c_after_a_save_leaves_no_recovery_copy() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let (child, url) = edit(&file);
    let (base, token) = parts(&url);
    let v = op(&base, &token, 0, json!({"op": "end"}));
    op(&base, &token, v, json!({"op": "play", "hole": "m12"}));
    let rec = recovery_path(&file);
    assert!(rec.exists());
    let (status, reply) = post(&base, &token, "/api/save", json!({}));
    assert_eq!(status, 200, "{reply}");
    let (code, err) = interrupt(child);
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("nothing unsaved"), "{err}");
    assert!(!rec.exists());
    assert!(std::fs::read_to_string(&file).unwrap().contains("2. m12"));
}
