//! The one-line position notation (`twixt_core::position_line`): every position of
//! random games under every preset reads back from its line to the same
//! pegs, links and side to move, and the line of that is the line again.

use proptest::prelude::*;
use twixt_core::board::BoardSize;
use twixt_core::position::Position;
use twixt_core::position_line;
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;

fn presets() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("pencil"),
        Just("board"),
        Just("schmidt"),
        Just("dujardin"),
        Just("t1"),
        Just("editable")
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_position_round_trips(preset in presets(), w in 5u64..=30, h in 5u64..=30, seed in any::<u64>(), cut in 0usize..200) {
        let size = BoardSize::new(w, h).unwrap();
        let rules = RuleSet::preset(preset).unwrap().with_size(size);
        prop_assume!(rules.validate().is_ok());
        let moves = random_game(&rules, seed, 200);
        let mut pos = Position::new(rules.clone()).unwrap();
        for m in moves.iter().take(cut.min(moves.len())) {
            pos.play(m).unwrap();
        }
        let text = position_line::write(&pos);
        let (r2, setup) = position_line::read(&text).unwrap();
        prop_assert_eq!(&r2, pos.rules());
        let back = Position::from_setup(&setup, r2).unwrap();
        prop_assert_eq!(back.pegs().collect::<Vec<_>>(), pos.pegs().collect::<Vec<_>>());
        prop_assert_eq!(back.links().collect::<Vec<_>>(), pos.links().collect::<Vec<_>>());
        prop_assert_eq!(back.to_move(), pos.to_move());
        prop_assert_eq!(position_line::write(&back), text);
    }
}

#[test]
fn lines_read_as_documented() {
    let pos = position_line::read_position("24/pencil/c3,d5/h8,j6/*/black").unwrap();
    assert_eq!(pos.pegs().count(), 4);
    assert_eq!(
        pos.links().map(|(l, _)| l.to_string()).collect::<Vec<_>>(),
        ["c3-d5"]
    );
    assert_eq!(pos.to_move().name(), "black");
    // Manual linking implies nothing; links are listed.
    let pos = position_line::read_position("12/board/c3,d5/-/c3-d5/black").unwrap();
    assert_eq!(pos.links().count(), 1);
    assert_eq!(position_line::write(&pos), "12/board/c3,d5/-/c3-d5/black");
    let pos = position_line::read_position("12/board/c3,d5/-/*/black").unwrap();
    assert_eq!(pos.links().count(), 0);
    // A rule set that is no preset spells out every axis.
    let custom = "10x8/crossing=own,links=manual,removal=links,swap=none/-/-/-/red";
    assert_eq!(
        position_line::write(&position_line::read_position(custom).unwrap()),
        custom
    );
    for (bad, why) in [
        ("24/pencil/c3/d5/*", "5 fields"),
        ("24/chess/c3/d5/*/red", "chess"),
        ("24/pencil/c3,c3/-/*/red", "two pegs"),
        ("24/pencil/c3/-/*/white", "side to move"),
        ("24/pencil/c3;d5/-/*/red", "c3;d5"),
    ] {
        let e = position_line::read(bad)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    // A peg in the opponent's border rows, or off the board, is refused by the position.
    assert!(position_line::read_position("24/pencil/a5/-/*/black").is_err());
    assert!(position_line::read_position("24/pencil/zz99/-/*/black").is_err());
}

fn twixt(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn the_command_line_reads_and_prints_lines() {
    let line = "12/pencil/c3,d5/h8,j6/*/black";
    // A canonical line comes back unchanged.
    let o = twixt(&["show", "--position", line, "--format", "position"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), format!("{line}\n"));
    let o = twixt(&["check", "--position", line]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("a legal position, black to move"));
    let o = twixt(&["check", "--position", "12/pencil/a5/-/*/black"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("border"));
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("p.svg");
    let o = twixt(&["render", "--position", line, "-o", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(svg).unwrap();
    assert_eq!(svg.matches("class=\"peg red").count(), 2, "{svg}");
    assert!(svg.contains("start position"));
    // A book of a position alone shows that position.
    let html = dir.path().join("b.html");
    let o = twixt(&["book", "--position", line, "-o", html.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(html).unwrap();
    assert!(html.contains("Diagram 1 (start position)"), "{html}");
    // Every position of a script, one line each; a line per diagram point.
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/dujardin.twixt");
    let o = twixt(&["show", script, "--format", "position"]);
    assert!(o.status.success());
    let lines = String::from_utf8(o.stdout).unwrap();
    assert!(lines.lines().count() > 5);
    for l in lines.lines() {
        let o = twixt(&["show", "--position", l, "--format", "position"]);
        assert_eq!(String::from_utf8_lossy(&o.stdout).trim_end(), l, "{l}");
    }
    // A script can start from a line, and its headers must agree with it.
    std::fs::write(
        dir.path().join("s.twixt"),
        format!("[Size \"12\"]\n#setup position: {line}\n1. e7\n"),
    )
    .unwrap();
    let o = twixt(&["check", dir.path().join("s.twixt").to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    std::fs::write(
        dir.path().join("t.twixt"),
        format!("[Size \"14\"]\n#setup position: {line}\n"),
    )
    .unwrap();
    let o = twixt(&["check", dir.path().join("t.twixt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("the position line is for 12/pencil"));
}
