//! AbstractPlay game records (issue 63): read from files and standard
//! input, every turn replayed with its line and column, converted to SGF
//! and scripts, refused as a target, and hostile inputs.

use std::fs;

use crate::common;
use common::twixt_fed as twixt;
use twixtkit::formats::{Error, abstractplay};

/// A game under the site's default rules: the pie taken, a link removed
/// and one added by hand before a peg, then a resignation.
const GAME: &str = r#"{"header": {"game": {"name": "Twixt", "variants": []},
  "site": {"name": "Abstract Play", "gameid": "x1"}, "pie-invoked": true,
  "players": [{"name": "ann"}, {"name": "bob"}]},
 "moves": [["f6", "m10"], ["h7", "n12"],
           ["-\\g6',l10", "resign"]]}
"#;

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn a_record_replays_and_converts_to_sgf_and_a_script() {
    let r = abstractplay::read(GAME.as_bytes()).unwrap();
    // f6, the swap, m10, h7, n12, the removal with l10, the resignation.
    assert_eq!(r.moves.len(), 7);
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.json"), GAME).unwrap();
    let o = twixt(&["check", "g.json"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    // From standard input, told by its content and by --from.
    for args in [
        &["convert", "-", "-o", "g.twixt"][..],
        &["convert", "--from", "abstractplay", "-", "-o", "g.twixt"][..],
    ] {
        let o = twixt(args, dir.path(), Some(GAME.as_bytes()));
        assert!(o.status.success(), "{args:?}: {}", text(&o));
    }
    let o = twixt(&["check", "g.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    // SGF holds no link notation: the removal is refused, by name.
    let o = twixt(&["convert", "g.json", "-o", "g.sgf"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("move 6"), "{}", text(&o));
    // A game of pegs only converts to SGF under the same rules.
    let pegs = r#"{"moves": [["f6", "m10"], ["h7", "n12"]]}"#;
    fs::write(dir.path().join("p.json"), pegs).unwrap();
    let o = twixt(&["convert", "p.json", "-o", "p.sgf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let sgf = fs::read_to_string(dir.path().join("p.sgf")).unwrap();
    assert!(sgf.contains(";W[f6];B[m10];W[h7];B[n12])"), "{sgf}");
    // It is read, never written: asked for by name, it is refused (a
    // `.json` output is twixtkit's own JSON of records).
    let o = twixt(
        &[
            "convert",
            "p.sgf",
            "--to",
            "abstractplay",
            "-o",
            "back.json",
        ],
        dir.path(),
        None,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("read, not written"), "{}", text(&o));
    assert!(!dir.path().join("back.json").exists());
}

#[test]
fn a_turn_the_rules_refuse_is_reported_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    // The third turn re-uses f6: line 2, the column of its string.
    let game = "{\"moves\": [[\"f6\", \"m10\"],\n  [\"f6\", \"n12\"]]}\n";
    fs::write(dir.path().join("g.json"), game).unwrap();
    let o = twixt(&["check", "g.json"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("g.json:2:5"), "{}", text(&o));
    // A removal of a link that is not there, under the default rules.
    let game = "{\"moves\": [[\"f6\", \"m10\"],\n  [\"-/c3',h7\"]]}\n";
    fs::write(dir.path().join("r.json"), game).unwrap();
    let o = twixt(&["check", "r.json"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("r.json:2:5"), "{}", text(&o));
}

#[test]
fn hostile_inputs_are_located_errors_and_never_panics() {
    let nested = format!(
        "{{\"moves\": {}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let many = format!(
        "{{\"moves\": [{}\"f6\"]}}",
        "\"f6\",".repeat(twixtkit::limits::MAX_MOVES_PER_GAME + 1)
    );
    let long_turn = format!("{{\"moves\": [\"{}\"]}}", "-/c3',".repeat(100_000));
    let inputs: Vec<Vec<u8>> = vec![
        nested.into_bytes(),
        many.into_bytes(),
        long_turn.into_bytes(),
        b"{\"moves\": [\"f6\xff\"]}".to_vec(),
        b"{\"moves\": [\"\\u0000\"]}".to_vec(),
        b"{\"moves\": [\"/\\u00e9'3\"]}".to_vec(),
        b"{\"moves\": [\"/zzzz99999'\"]}".to_vec(),
        b"{\"moves\": [\"/a'1\"]}".to_vec(),
        b"[]".to_vec(),
        b"{".to_vec(),
        Vec::new(),
    ];
    for input in &inputs {
        let e = abstractplay::read(input).unwrap_err();
        assert!(matches!(e, Error::Syntax { .. }), "{e:?}");
        assert!(!e.to_string().is_empty());
    }
}
