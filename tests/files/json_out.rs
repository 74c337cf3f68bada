//! JSON out (issue 64): `convert -o game.json` writes the records and
//! reads them back; `show --format json` writes positions. Both parsed
//! back here as data, as a script would.

use std::fs;

use crate::common;
use common::twixt_fed as twixt;

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const SCRIPT: &str = "[Event \"club\"]\n[Red \"ann\"]\n[Black \"bob\"]\n[Rules \"dujardin\"]\n\
1. f6 2. swap 3. m16 {a comment} 4. h7 (4. g8) 5. resign\n";

#[test]
fn records_convert_to_json_and_back() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.twixt"), SCRIPT).unwrap();
    let o = twixt(&["convert", "g.twixt", "-o", "g.json"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    // What JSON leaves out is said: the comment and the variation.
    assert!(text(&o).contains("comment"), "{}", text(&o));
    let written = fs::read_to_string(dir.path().join("g.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(v["schema_version"], 1);
    assert_eq!(v["kind"], "twixt-games");
    let game = &v["games"][0];
    assert_eq!(game["first"], "red");
    assert_eq!(game["moves"][0]["peg"], "f6");
    assert_eq!(game["moves"][1], "swap");
    assert_eq!(game["moves"][4], "resign");
    assert_eq!(game["tags"][0], serde_json::json!(["Event", "club"]));
    assert!(game["rules"].is_object(), "{written}");
    // Read back (by name and from standard input) to a script: the same game.
    let o = twixt(&["convert", "g.json", "-o", "back.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let o = twixt(&["check", "g.json"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let o = twixt(
        &["convert", "-", "--to", "json", "-o", "again.json"],
        dir.path(),
        Some(written.as_bytes()),
    );
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        fs::read_to_string(dir.path().join("again.json")).unwrap(),
        written
    );
    // A newer schema is refused, not guessed.
    let newer = written.replace("\"schema_version\": 1", "\"schema_version\": 2");
    fs::write(dir.path().join("n.json"), newer).unwrap();
    let o = twixt(&["check", "n.json"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("schema_version"), "{}", text(&o));
}

#[test]
fn show_writes_positions_as_json() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.twixt"), "1. f6 2. m16 3. g8 4. c3\n").unwrap();
    let o = twixt(&["show", "g.twixt", "--format", "json"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["schema_version"], 1);
    assert_eq!(v["kind"], "twixt-positions");
    let p = &v["positions"][0];
    assert_eq!(p["columns"], 24);
    assert_eq!(p["pegs"]["red"], serde_json::json!(["f6", "g8"]));
    assert_eq!(p["pegs"]["black"], serde_json::json!(["c3", "m16"]));
    assert_eq!(p["links"]["red"], serde_json::json!(["f6-g8"]));
    assert_eq!(p["to_move"], "red");
    assert_eq!(p["outcome"], "ongoing");
    assert!(p["winner"].is_null());
}
