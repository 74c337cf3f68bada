//! The `automatic-editable` links axis and its `editable` preset: links come
//! with each peg, and the mover may also remove own links and add links by
//! hand, also between older pegs, so scripts need not spell out every link.

use std::process::Command;

use twixt_core::random::random_game;
use twixt_core::rules::{Linking, RemovalRule};
use twixtkit::prelude::{BoardSize, Link, Move, Position, RuleSet};

fn editable(side: u64) -> RuleSet {
    RuleSet {
        size: BoardSize::square(side).unwrap(),
        ..RuleSet::editable()
    }
}

fn l(s: &str) -> Link {
    s.parse().unwrap()
}

fn play_script(rules: RuleSet, moves: &str) -> Result<Position, String> {
    let text = format!(
        "[Rules \"{}\"]\n[Size \"{}\"]\n{moves}\n",
        "editable", rules.size
    );
    let file = twixtkit::script::parse(&text);
    assert!(file.errors.is_empty(), "{:?}", file.errors);
    let game = &file.file.games[0];
    let mut pos = Position::new(rules).unwrap();
    for e in &game.line.elements {
        if let twixtkit::script::Element::Move(m) = e {
            pos.play(&m.mv).map_err(|e| e.to_string())?;
        }
    }
    Ok(pos)
}

#[test]
fn the_preset_is_listed_and_named() {
    let r = RuleSet::preset("editable").unwrap();
    assert_eq!(r.links, Linking::AutomaticEditable);
    assert_eq!(r.removal, RemovalRule::Links);
    assert_eq!(r.preset_name(), Some("editable"));
    let yaml = r.to_yaml("editable");
    assert!(yaml.contains("links: automatic-editable"), "{yaml}");
    assert_eq!(RuleSet::from_yaml(&yaml).unwrap(), r);
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["rules"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("editable"), "{text}");
}

#[test]
fn plain_moves_link_as_under_automatic_linking() {
    // Without edits the game is the Dujardin game: the same links at every ply.
    for seed in 0..20 {
        let moves = random_game(&RuleSet::dujardin(), seed, 400);
        let mut a = Position::new(RuleSet::dujardin()).unwrap();
        let mut b = Position::new(RuleSet::editable()).unwrap();
        for mv in &moves {
            let pa = a.play(mv).unwrap();
            let pb = b.play(mv).unwrap();
            assert_eq!(pa.links_added, pb.links_added, "seed {seed}");
        }
        assert_eq!(a.status(), b.status());
    }
}

#[test]
fn a_removed_link_makes_room_for_a_link_by_hand() {
    // Red's d3-e5 stops e3 from linking to c4 (nothing crosses); Red takes
    // d3-e5 away and links c4-e3 by hand, between two older pegs.
    let start = "1. d3 2. j9 3. e5 4. j7 5. c4 6. k5 7. e3 8. k3";
    let pos = play_script(editable(12), start).unwrap();
    assert!(pos.has_link(l("d3-e5")) && pos.has_link(l("c4-e5")));
    assert!(!pos.has_link(l("c4-e3")), "blocked by d3-e5");

    let pos = play_script(editable(12), &format!("{start} 9. -d3-e5 h8+c4-e3")).unwrap();
    assert!(!pos.has_link(l("d3-e5")));
    assert!(pos.has_link(l("c4-e3")));

    // Without the removal the link by hand crosses d3-e5.
    let e = play_script(editable(12), &format!("{start} 9. h8+c4-e3")).unwrap_err();
    assert!(e.contains("crosses the link d3-e5"), "{e}");
    // Under plain automatic linking no link may be written at all.
    let mut pos = Position::new(RuleSet {
        size: BoardSize::square(12).unwrap(),
        ..RuleSet::dujardin()
    })
    .unwrap();
    for m in ["d3", "j9", "e5"] {
        pos.play(&Move::peg(m.parse().unwrap())).unwrap();
    }
    let mut with_link = twixt_core::moves::Placement::peg("j7".parse().unwrap());
    with_link.links.push(l("d3-e5"));
    assert!(pos.play(&Move::Place(with_link)).is_err());
}

#[test]
fn links_by_hand_come_before_the_automatic_ones() {
    // After taking d3-e5 away, Red places f4 and names c4-e3 by hand. f4's
    // automatic link to d3 would cross c4-e3: what the mover named stands,
    // and the automatic link is left out.
    let start = "1. d3 2. j9 3. e5 4. j7 5. c4 6. k5 7. e3 8. k3";
    let pos = play_script(editable(12), &format!("{start} 9. -d3-e5 f4+c4-e3")).unwrap();
    assert!(pos.has_link(l("c4-e3")));
    assert!(!pos.has_link(l("d3-f4")));
    // Without the link by hand, f4 links to d3 as usual.
    let pos = play_script(editable(12), &format!("{start} 9. -d3-e5 f4")).unwrap();
    assert!(pos.has_link(l("d3-f4")));
    // A link by hand from the new peg that would come anyway is placed once.
    let pos = play_script(editable(12), "1. e5 2. j9 3. f7+e5").unwrap();
    assert!(pos.has_link(l("e5-f7")));
    assert_eq!(pos.links().count(), 1);
}

#[test]
fn scripts_and_positions_with_edits_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Rules \"editable\"]\n[Size \"12\"]\n1. d3 2. j9 3. e5 4. j7 5. c4 6. k5 7. e3 8. k3\n#links none\n9. -d3-e5 h8+c4-e3\n#links c4-e3\n";
    std::fs::write(dir.path().join("e.twixt"), script).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_twixt"))
            .args(args)
            .current_dir(dir.path())
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    };
    let o = run(&["check", "e.twixt"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    let o = run(&["fmt", "e.twixt"]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(dir.path().join("e.twixt")).unwrap();
    assert!(text.contains("-d3-e5 h8+c4-e3"), "{text}");
    // The position line lists the links (they are no longer the implied ones).
    let o = run(&["show", "e.twixt", "--format", "position"]);
    let line = String::from_utf8_lossy(&o.stdout).trim().to_string();
    assert!(line.starts_with("12/editable/"), "{line}");
    assert!(line.contains("c4-e3") && !line.contains("d3-e5"), "{line}");
    let o = run(&["show", "--position", &line, "--format", "position"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), line);
}
