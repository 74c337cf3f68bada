//! Free setups: the lenient check, and the checked conversion to a position.

use twixt_core::random::random_game;
use twixt_core::setup::SetupProblem;
use twixtkit::prelude::{BoardSize, Hole, Link, Player, Position, RuleSet, Setup, Status, WinBy};

fn h(name: &str) -> Hole {
    name.parse().unwrap()
}

fn l(name: &str) -> Link {
    name.parse().unwrap()
}

fn setup(size: BoardSize, pegs: &[(&str, Player)], links: &[&str]) -> Setup {
    Setup {
        size,
        pegs: pegs.iter().map(|&(n, p)| (h(n), p)).collect(),
        links: links.iter().map(|n| l(n)).collect(),
        to_move: None,
    }
}

use Player::{Black, Red};

#[test]
fn lenient_check_accepts_any_pegs_and_links_that_fit() {
    // Pegs in the opponent's border rows and crossing links are fine here.
    let s = setup(
        BoardSize::STANDARD,
        &[
            ("a5", Red),
            ("c6", Red),
            ("k10", Red),
            ("l12", Red),
            ("l10", Black),
            ("k12", Black),
        ],
        &["a5-c6", "k10-l12", "k12-l10"],
    );
    assert_eq!(s.check(), vec![]);
}

#[test]
fn lenient_check_lists_every_misfit() {
    let bad_link: Link =
        serde_saphyr::from_str("a: {col: 5, row: 5}\nb: {col: 6, row: 6}\n").unwrap();
    let mut s = setup(
        BoardSize::square(8).unwrap(),
        &[
            ("a1", Red),
            ("z3", Black),
            ("c3", Red),
            ("d5", Black),
            ("f6", Red),
        ],
        &["c3-d5", "c3-b5", "g8-h10"],
    );
    s.links.insert(bad_link);
    let size = s.size;
    let problems = s.check();
    assert!(problems.contains(&SetupProblem::NoSuchHole {
        hole: h("a1"),
        size
    }));
    assert!(problems.contains(&SetupProblem::NoSuchHole {
        hole: h("z3"),
        size
    }));
    assert!(problems.contains(&SetupProblem::LinkMixedColours(l("c3-d5"))));
    assert!(problems.contains(&SetupProblem::LinkEndEmpty {
        link: l("b5-c3"),
        hole: h("b5")
    }));
    assert!(problems.contains(&SetupProblem::NoSuchHole {
        hole: h("h10"),
        size
    }));
    assert!(problems.contains(&SetupProblem::LinkEndEmpty {
        link: l("g8-h10"),
        hole: h("g8")
    }));
    assert!(problems.contains(&SetupProblem::NotKnightStep(bad_link)));
    assert_eq!(problems.len(), 7, "{problems:?}");
    for p in &problems {
        assert!(!p.to_string().is_empty());
    }
}

#[test]
fn checked_conversion_lists_rule_problems() {
    let s = setup(
        BoardSize::STANDARD,
        &[
            ("a5", Red),
            ("c6", Red),
            ("b1", Black),
            ("k10", Red),
            ("l12", Red),
            ("l10", Red),
            ("k12", Red),
            ("q10", Red),
            ("r12", Red),
            ("r10", Black),
            ("q12", Black),
        ],
        &["a5-c6", "k10-l12", "k12-l10", "q10-r12", "q12-r10"],
    );
    // Crossing none: both crossing pairs are refused.
    let problems = Position::from_setup(&s, RuleSet::board()).unwrap_err();
    assert!(problems.contains(&SetupProblem::PegInOpponentBorder {
        hole: h("a5"),
        player: Red
    }));
    assert!(problems.contains(&SetupProblem::PegInOpponentBorder {
        hole: h("b1"),
        player: Black
    }));
    let crossings: Vec<_> = problems
        .iter()
        .filter_map(|p| match p {
            SetupProblem::LinksCross { a, b, .. } => Some((*a, *b)),
            _ => None,
        })
        .collect();
    assert_eq!(
        crossings,
        vec![(l("k10-l12"), l("k12-l10")), (l("q10-r12"), l("q12-r10"))]
    );
    assert_eq!(problems.len(), 4, "{problems:?}");
    // Crossing own: only the red-black crossing is refused.
    let problems = Position::from_setup(&s, RuleSet::pencil()).unwrap_err();
    assert!(problems.contains(&SetupProblem::LinksCross {
        a: l("q10-r12"),
        b: l("q12-r10"),
        rule: "crossing own: links of different colours may not cross"
    }));
    assert!(!problems.iter().any(|p| matches!(p,
        SetupProblem::LinksCross { a, .. } if *a == l("k10-l12"))));
    assert_eq!(problems.len(), 3, "{problems:?}");
}

#[test]
fn checked_conversion_refuses_wrong_size_and_impossible_rules() {
    let s = setup(BoardSize::square(12).unwrap(), &[("c3", Red)], &[]);
    let problems = Position::from_setup(&s, RuleSet::pencil()).unwrap_err();
    assert_eq!(
        problems,
        vec![SetupProblem::SizeMismatch {
            setup: BoardSize::square(12).unwrap(),
            rules: BoardSize::STANDARD
        }]
    );
    let size = BoardSize::new(12, 10).unwrap();
    let s = setup(size, &[("c3", Red)], &[]);
    let problems = Position::from_setup(&s, RuleSet::pencil().with_size(size)).unwrap_err();
    assert!(matches!(problems[..], [SetupProblem::Rules(_)]));
}

#[test]
fn accepted_setup_becomes_a_position() {
    let s = setup(
        BoardSize::STANDARD,
        &[("f6", Red), ("g8", Red), ("p16", Black)],
        &["f6-g8"],
    );
    let pos = Position::from_setup(&s, RuleSet::pencil()).unwrap();
    assert_eq!(pos.peg(h("g8")), Some(Red));
    assert!(pos.has_link(l("f6-g8")));
    assert_eq!(pos.to_move(), Black, "the side with fewer pegs moves");
    assert_eq!(pos.ply(), 3);
    assert_eq!(pos.status(), Status::Ongoing);
    let mut back = pos.to_setup();
    assert_eq!(back.to_move, Some(Black));
    back.to_move = None;
    assert_eq!(back, s);
}

#[test]
fn setup_with_a_chain_is_already_won() {
    let size = BoardSize::square(6).unwrap();
    let s = setup(
        size,
        &[("c1", Red), ("d3", Red), ("c5", Red), ("e6", Red)],
        &["c1-d3", "d3-c5", "c5-e6"],
    );
    let pos = Position::from_setup(&s, RuleSet::board().with_size(size)).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Red,
            ply: 4,
            by: WinBy::Connection
        }
    );
}

#[test]
fn positions_round_trip_through_setups() {
    for preset in RuleSet::presets() {
        let rules = preset.rules;
        for seed in 0..4 {
            let moves = random_game(&rules, seed, 10_000);
            let mut pos = Position::new(rules.clone()).unwrap();
            for mv in &moves[..moves.len() / 2] {
                pos.play(mv).unwrap();
            }
            let s = pos.to_setup();
            let again = Position::from_setup(&s, rules.clone()).unwrap();
            assert_eq!(again.to_setup(), s, "{} seed {seed}", preset.name);
            assert_eq!(again.to_move(), pos.to_move());
            assert_eq!(again.status(), pos.status());
            assert_eq!(again.can_connect(Red), pos.can_connect(Red));
            assert_eq!(again.can_connect(Black), pos.can_connect(Black));
        }
    }
}
