//! One name for the scale: the hole pitch is `--pitch` in `board`, `sheet`,
//! `render` and `book`, with `render --unit` and `book --diagram-size` as
//! the same option; `board` and `sheet` print at the pitch asked for, and
//! refuse one their pages cannot hold.

use crate::common;

use std::path::Path;

use common::twixt;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The scales (mm per hole pitch) of the diagrams placed on an SVG page:
/// the first number of each `<g id="…diagram" transform="matrix(…)">`.
fn scales(svg: &str) -> Vec<f64> {
    svg.match_indices("diagram\" transform=\"matrix(")
        .map(|(at, m)| {
            let rest = &svg[at + m.len()..];
            let end = rest.find([' ', ',', ')']).unwrap();
            rest[..end].parse().unwrap()
        })
        .collect()
}

/// Runs `twixt ARGS`, which must succeed.
fn ok(args: &[&str]) {
    let o = twixt(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Runs `twixt ARGS`, which must fail with exit 2 and a message holding
/// every one of `want`, writing nothing to `out`.
fn refused(args: &[&str], out: &Path, want: &[&str]) {
    let o = twixt(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    for w in want {
        assert!(err.contains(w), "{args:?}: {w} missing from {err}");
    }
    assert!(!out.exists(), "{args:?} wrote {}", out.display());
}

#[test]
fn board_prints_at_the_pitch_asked_for_and_refuses_one_that_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.svg");
    ok(&["board", "--pitch", "5mm", "-o", s(&out)]);
    assert_eq!(scales(&std::fs::read_to_string(&out).unwrap()), vec![5.0]);
    // Four boards a page, each at 3 mm; without --pitch as large as fits.
    ok(&["board", "--per-page", "4", "--pitch", "3", "-o", s(&out)]);
    assert_eq!(
        scales(&std::fs::read_to_string(&out).unwrap()),
        vec![3.0; 4]
    );
    ok(&["board", "--per-page", "4", "-o", s(&out)]);
    let fit = scales(&std::fs::read_to_string(&out).unwrap());
    assert!(fit.iter().all(|k| *k > 3.0 && *k < 10.0), "{fit:?}");
    // A 24×24 board at 15 mm is 36 cm wide: not on A4.
    let big = dir.path().join("big.svg");
    refused(
        &["board", "--pitch", "15mm", "-o", s(&big)],
        &big,
        &["--pitch 15mm does not fit", "at most"],
    );
    refused(
        &["board", "--pitch", "5px", "-o", s(&big)],
        &big,
        &["hole pitch in mm", "5px"],
    );
    refused(
        &["board", "--pitch", "0.1", "-o", s(&big)],
        &big,
        &["from 0.5 to 20"],
    );
}

#[test]
fn sheet_lays_out_diagrams_at_the_pitch_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.twixt");
    std::fs::write(&game, "[Size \"12\"]\n1. c3 2. f6 3. d5 4. h8 5. e7\n").unwrap();
    let out = dir.path().join("sheet.svg");
    ok(&[
        "sheet",
        s(&game),
        "--every",
        "1",
        "--pitch",
        "4mm",
        "-o",
        s(&out),
    ]);
    let k = scales(&std::fs::read_to_string(&out).unwrap());
    assert_eq!(k, vec![4.0; 5], "{k:?}");
    let big = dir.path().join("big.svg");
    refused(
        &[
            "sheet",
            s(&game),
            "--every",
            "1",
            "--pitch",
            "20mm",
            "-o",
            s(&big),
        ],
        &big,
        &["--pitch 20mm does not fit", "at most"],
    );
    // TWRS pictures are scaled to their cells: no pitch to set.
    let o = twixt(&["random", "--game", "twrs", "--seed", "3"]);
    assert!(o.status.success());
    let twrs = dir.path().join("t.twixt");
    std::fs::write(&twrs, &o.stdout).unwrap();
    refused(
        &["sheet", s(&twrs), "--pitch", "4mm", "-o", s(&big)],
        &big,
        &["TWRS"],
    );
}

#[test]
fn render_and_book_take_the_pitch_under_one_name_and_their_old_ones() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.twixt");
    std::fs::write(&game, "[Size \"12\"]\n1. c3 2. f6 3. d5\n").unwrap();
    let render = |flag: &str, name: &str| {
        let out = dir.path().join(name);
        ok(&["render", s(&game), "--final", flag, "5mm", "-o", s(&out)]);
        std::fs::read_to_string(out).unwrap()
    };
    let pitch = render("--pitch", "pitch.svg");
    assert!(pitch.contains("mm\""), "{pitch}");
    assert_eq!(pitch, render("--unit", "unit.svg"));
    // The same book source, in folders of their own (figures beside it).
    let book = |args: &[&str], folder: &str| {
        let out = dir.path().join(folder);
        std::fs::create_dir(&out).unwrap();
        let typ = out.join("book.typ");
        let mut all = vec!["book", s(&game)];
        all.extend_from_slice(args);
        all.extend(["-o", s(&typ)]);
        ok(&all);
        std::fs::read_to_string(typ).unwrap()
    };
    let pitch = book(&["--pitch", "4mm"], "pitch");
    assert_eq!(pitch, book(&["--diagram-size", "4mm"], "size"));
    assert_ne!(pitch, book(&[], "default"));
    // The help names the one option and its other name.
    for (command, alias) in [("render", "--unit"), ("book", "--diagram-size")] {
        let o = twixt(&[command, "--help"]);
        let help = String::from_utf8_lossy(&o.stdout);
        assert!(
            help.contains("--pitch") && help.contains(alias),
            "{command}: {help}"
        );
    }
}
