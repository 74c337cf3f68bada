//! `twixt random` end to end: legal, reproducible games that read back.

use std::fs;
use std::process::Command;

use twixt_core::rules::RuleSet;
use twixtkit::formats::movelist;
use twixtkit::prelude::{BoardSize, Position};

fn twixt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
}

#[test]
fn random_games_are_legal_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.moves");
    let b = dir.path().join("b.moves");
    for (path, seed) in [(&a, "3"), (&b, "3")] {
        let st = twixt()
            .args([
                "random", "--games", "5", "--seed", seed, "--size", "12", "-o",
            ])
            .arg(path)
            .status()
            .unwrap();
        assert!(st.success());
    }
    let text = fs::read(&a).unwrap();
    assert_eq!(text, fs::read(&b).unwrap(), "same seed, same games");
    let rules = RuleSet::pencil().with_size(BoardSize::square(12).unwrap());
    let games = movelist::read_with(&text, rules.clone()).unwrap();
    assert_eq!(games.len(), 5);
    for (i, g) in games.iter().enumerate() {
        assert!(!g.moves.is_empty());
        let mut pos = Position::new(rules.clone()).unwrap();
        for (ply, mv) in g.moves.iter().enumerate() {
            if let Err(e) = pos.play(mv) {
                panic!("game {}: move {} rejected: {e}", i + 1, ply + 1);
            }
        }
    }
    let o = twixt()
        .args(["random", "--games", "5", "--seed", "4", "--size", "12"])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert_ne!(o.stdout, text, "another seed, other games");
    // Rules a move list cannot express are refused, and nothing is written.
    let c = dir.path().join("c.moves");
    let o = twixt()
        .args([
            "random", "--games", "2", "--seed", "1", "--rules", "board", "-o",
        ])
        .arg(&c)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(!c.exists());
}

#[test]
fn random_games_as_a_script_convert_to_move_lists() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("r.twixt");
    let st = twixt()
        .args([
            "random", "--games", "3", "--seed", "9", "--size", "10", "-o",
        ])
        .arg(&script)
        .status()
        .unwrap();
    assert!(st.success());
    let text = fs::read_to_string(&script).unwrap();
    assert_eq!(text.matches("[Size \"10\"]").count(), 3, "{text}");
    let moves = dir.path().join("r.moves");
    let st = twixt()
        .arg("convert")
        .arg(&script)
        .arg("-o")
        .arg(&moves)
        .status()
        .unwrap();
    assert!(st.success());
    let rules = RuleSet::pencil().with_size(BoardSize::square(10).unwrap());
    let games = movelist::read_with(&fs::read(&moves).unwrap(), rules.clone()).unwrap();
    assert_eq!(games.len(), 3);
    // The same games as asked for directly as move lists.
    let direct = dir.path().join("d.moves");
    let st = twixt()
        .args([
            "random", "--games", "3", "--seed", "9", "--size", "10", "-o",
        ])
        .arg(&direct)
        .status()
        .unwrap();
    assert!(st.success());
    let direct = movelist::read_with(&fs::read(&direct).unwrap(), rules).unwrap();
    let strip =
        |v: Vec<twixtkit::record::Record>| v.into_iter().map(|r| r.moves).collect::<Vec<_>>();
    assert_eq!(strip(games), strip(direct));
    // Manual-link rules go to a script fine.
    let o = twixt()
        .args([
            "random", "--games", "1", "--seed", "2", "--size", "8", "--rules", "schmidt",
        ])
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("[Rules \"schmidt\"]"));
}

/// Every preset's random games pass `twixt check` without a warning: a
/// random record ends at its first dead draw, so no move is played after one.
#[test]
fn random_games_of_every_preset_pass_check() {
    let dir = tempfile::tempdir().unwrap();
    for preset in RuleSet::presets() {
        let path = dir.path().join(format!("{}.twixt", preset.name));
        let st = twixt()
            .args([
                "random",
                "--rules",
                preset.name,
                "--games",
                "120",
                "--seed",
                "3",
            ])
            .args(["-o"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(st.status.success(), "{}", preset.name);
        let o = twixt().args(["check", "-q"]).arg(&path).output().unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{}: {out}", preset.name);
        assert!(
            out.ends_with(" 0 errors, 0 warnings\n"),
            "{}: {out}",
            preset.name
        );
    }
}
