//! `twixt render`, `twixt sheet` and `twixt show` on real game records from
//! `../shared/games` (skipped when that folder is absent).

use std::path::PathBuf;
use std::process::Command;

fn games() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/games");
    if p.is_dir() {
        Some(p)
    } else {
        println!("skipped: ../shared/games not found");
        None
    }
}

fn twixt(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn render_writes_one_file_per_chosen_position() {
    let Some(g) = games() else { return };
    let game = g.join("littlegolem/game1107581.tsgf");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = twixt(&["render", game.to_str().unwrap(), "-o", out, "--every", "10"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // 39 moves: after 10, 20, 30 and the final 39; names from the event tag.
    assert_eq!(
        names,
        [
            "twixt-ch-23-1-1-010.svg",
            "twixt-ch-23-1-1-020.svg",
            "twixt-ch-23-1-1-030.svg",
            "twixt-ch-23-1-1-039.svg"
        ]
    );
    let svg = std::fs::read_to_string(dir.path().join(&names[0])).unwrap();
    assert_eq!(
        svg.matches("<use class=\"peg ").count(),
        9,
        "10 moves, one a swap"
    );
    assert!(svg.contains(">twixt.ch.23.1.1: after move 10</text>"));

    // PNG and text of one position.
    let o = twixt(&[
        "render",
        game.to_str().unwrap(),
        "-o",
        out,
        "--move",
        "5",
        "--format",
        "png",
    ]);
    assert!(o.status.success());
    let png = std::fs::read(dir.path().join("twixt-ch-23-1-1-005.png")).unwrap();
    assert_eq!(&png[..4], b"\x89PNG");
}

#[test]
fn show_prints_the_position() {
    let Some(g) = games() else { return };
    let game = g.join("littlegolem/game2206555.tsgf");
    let o = twixt(&["show", game.to_str().unwrap(), "--ascii", "--move", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.is_ascii());
    assert!(text.contains("after move 4"));
    let pegs = text.matches(" r").count() + text.matches(" b").count();
    assert!(pegs >= 4, "{text}");
    // A move beyond the end is an input error.
    let o = twixt(&["show", game.to_str().unwrap(), "--move", "500"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 500"));
}

#[test]
fn sheet_splits_onto_pages() {
    let Some(g) = games() else { return };
    let game = g.join("littlegolem/game1107581.tsgf");
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.svg");
    let o = twixt(&[
        "sheet",
        game.to_str().unwrap(),
        "--every",
        "5",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // 39 moves every 5: 8 diagrams, 6 per A4 page.
    let first = std::fs::read_to_string(&page).unwrap();
    let second = std::fs::read_to_string(dir.path().join("page-2.svg")).unwrap();
    assert_eq!(first.matches("-diagram\"").count(), 6);
    assert_eq!(second.matches("-diagram\"").count(), 2);
    assert!(first.contains(">twixt.ch.23.1.1</text>"));
}

#[test]
fn unreadable_inputs_are_usage_errors() {
    let o = twixt(&["show", "no-such-file.tsgf"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twixt(&["render", "game.unknown"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twixt(&["show", "x.tsgf", "--move", "1", "--every", "2"]);
    assert_eq!(o.status.code(), Some(2));
}
