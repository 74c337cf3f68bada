//! Partial boards: a window of a larger board, its cut sides open. The
//! rules (border rows, missing corners) apply only on real sides; a chain
//! reaching a cut side counts as reaching the border beyond it; diagrams
//! draw cut sides open; and a puzzle on a corner checks with `#wins`.

use std::path::Path;

use twixt_core::board::Side;
use twixtkit::prelude::{BoardSize, Hole, Move, Player, Position, RuleSet, Status};

use crate::common;
use common::twixt_in as twixt;

fn corner() -> BoardSize {
    "12 cut top right".parse().unwrap()
}

fn rules(size: BoardSize) -> RuleSet {
    RuleSet {
        size,
        ..RuleSet::dujardin()
    }
}

fn h(s: &str) -> Hole {
    s.parse().unwrap()
}

#[test]
fn sizes_read_and_write_their_cut_sides() {
    let size = corner();
    assert!(size.is_cut(Side::Top) && size.is_cut(Side::Right));
    assert!(!size.is_cut(Side::Bottom) && !size.is_cut(Side::Left));
    assert_eq!(size.to_string(), "12 cut top right");
    for text in [
        "12 cut right top",
        "12-cut-top-right",
        "12, cut top, right",
        "12 CUT Top Right",
    ] {
        assert_eq!(text.parse::<BoardSize>().unwrap(), size, "{text}");
    }
    for bad in ["12 cut", "12 top", "12 cut middle", "12 cuts top"] {
        let e = bad.parse::<BoardSize>().unwrap_err().to_string();
        assert!(e.contains("12 cut top right"), "{bad}: {e}");
    }
    let wide: BoardSize = "20x10 cut left".parse().unwrap();
    assert_eq!(wide.to_string(), "20x10 cut left");
    // In YAML rule files the size is the same text.
    let r = RuleSet::from_yaml("preset: pencil\nsize: 12 cut top right\n").unwrap();
    assert_eq!(r.size, size);
    assert_eq!(size.whole(), BoardSize::square(12).unwrap());
}

#[test]
fn rules_apply_only_on_real_sides() {
    let size = corner();
    // Corners: only where the real bottom and left sides meet.
    assert!(size.is_corner(h("a12")));
    for hole in ["a1", "l1", "l12"] {
        assert!(size.contains(h(hole)), "{hole} exists on a cut side");
    }
    assert_eq!(size.hole_count(), 143);
    // Row 1 is no border row: Black may play there; row 12 still is.
    let mut pos = Position::new(rules(size)).unwrap();
    pos.play(&Move::peg(h("f5"))).unwrap();
    pos.play(&Move::peg(h("d1")))
        .expect("black on the cut top row");
    pos.play(&Move::peg(h("l3")))
        .expect("red on the cut right column");
    let e = pos.play(&Move::peg(h("f12"))).unwrap_err().to_string();
    assert!(e.contains("border row"), "{e}");
    // Black's left column is real: Red may not play there.
    pos.play(&Move::peg(h("b9"))).unwrap();
    let e = pos.play(&Move::peg(h("a5"))).unwrap_err().to_string();
    assert!(e.contains("border row"), "{e}");
}

#[test]
fn a_chain_from_the_cut_side_to_the_real_border_connects() {
    // Red from the cut top row down to the real bottom row.
    let mut pos = Position::new(rules(corner())).unwrap();
    let reds = ["f1", "g3", "f5", "g7", "f9", "g11", "i12"];
    let blacks = ["c1", "b5", "b7", "b9", "b11", "c2"];
    for (i, r) in reds.iter().enumerate() {
        let played = pos.play(&Move::peg(h(r))).unwrap();
        if i > 0 {
            assert_eq!(played.links_added.len(), 1, "{r} links on");
        }
        if let Some(b) = blacks.get(i) {
            pos.play(&Move::peg(h(b))).unwrap();
        }
    }
    assert!(
        matches!(
            pos.status(),
            Status::Won {
                winner: Player::Red,
                ply: 13,
                ..
            }
        ),
        "{:?}",
        pos.status()
    );
    // Black's pegs on the cut top row (c1) are no border for anyone.
    assert_eq!(pos.peg(h("c1")), Some(Player::Black));
}

const PUZZLE: &str = "[Event \"Corner puzzles\"]\n[Size \"12 cut top right\"]\n[Rules \"pencil\"]\n[Task \"Red to play and win\"]\n\n#setup position: 12-cut-top-right/pencil/b6,d1,e11,f2,g2,g5,g6,h6,h12,i8,k12,l12/a2,b7,b11,c1,d2,d3,f11,h7,j11,k3,l4,l11/*/red\n#wins red in 3\n#diagram name=task caption=\"{task}\"\n";

#[test]
fn a_corner_puzzle_checks_and_draws_open_sides() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.twixt"), PUZZLE).unwrap();
    let o = twixt(&["check", "p.twixt"], dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "{text}");
    assert!(text.contains("12 cut top right"), "{text}");

    // The same position is no win in 2: the claim fails and says so.
    let in_two = PUZZLE.replace("in 3", "in 2");
    std::fs::write(dir.path().join("two.twixt"), in_two).unwrap();
    let o = twixt(&["check", "two.twixt"], dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("red has no win in 2 moves"), "{text}");

    let o = twixt(&["render", "p.twixt", "-o", "out"], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(dir.path().join("out/task.svg")).unwrap();
    // Real sides keep their border lines; cut sides have none.
    assert!(svg.contains("border red bottom") && svg.contains("border black left"));
    assert!(!svg.contains("border red top") && !svg.contains("border black right"));

    // The position line names the cut sides without spaces and reads back.
    let o = twixt(&["show", "p.twixt", "--format", "position"], dir.path());
    let line = String::from_utf8_lossy(&o.stdout).trim().to_string();
    assert!(line.starts_with("12-cut-top-right/pencil/"), "{line}");
    let o = twixt(
        &["show", "--position", &line, "--format", "position"],
        dir.path(),
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), line);
}

#[test]
fn wins_claims_refuse_rules_they_cannot_decide() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Rules \"board\"]\n[Size \"8\"]\n1. c3 2. f4\n#wins red in 2\n";
    std::fs::write(dir.path().join("b.twixt"), script).unwrap();
    let o = twixt(&["check", "b.twixt"], dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("cannot decide #wins red in 2") && text.contains("links: manual"),
        "{text}"
    );
    let script = "[Size \"8\"]\n1. c3 2. f4\n#wins red in 0\n";
    std::fs::write(dir.path().join("z.twixt"), script).unwrap();
    let o = twixt(&["check", "z.twixt"], dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(text.contains("from 1 to 20"), "{text}");
}

#[test]
fn record_formats_that_cannot_hold_a_partial_board_refuse_it() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Size \"12 cut top right\"]\n[Rules \"dujardin\"]\n1. c1 2. d4 3. l5\n";
    std::fs::write(dir.path().join("g.twixt"), script).unwrap();
    for out in ["g.T1", "g.tsgf"] {
        let o = twixt(&["convert", "g.twixt", "-o", out], dir.path());
        let text = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(1), "{out}: {text}");
        assert!(text.contains("12 cut top right"), "{out}: {text}");
        assert!(!dir.path().join(out).exists(), "{out} written");
    }
}

/// The bundled puzzle checks: its `#wins` claim, its solution lines, and
/// the corner it is set on.
#[test]
fn the_bundled_corner_puzzle_checks() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = twixt(&["check", "examples/corner-puzzle.twixt"], dir);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "{text}");
    assert!(
        text.contains("12 cut top right") && text.contains("decided at move 5: red connected"),
        "{text}"
    );
}
