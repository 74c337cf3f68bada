//! Dujardin rule 5 (seed 002): "Si un joueur a épuisé sa réserve de fiches
//! et de maillons, il peut réutiliser des pièces déjà posées sur le plateau
//! de jeu. (Attention de ne pas ouvrir un passage à l'adversaire en brisant
//! la chaîne)." A finite supply of pegs and links per player, the reuse
//! move, and the supply running out under each linking mode.

use twixt_core::moves::{Removal, thin_vec};
use twixt_core::position::MoveError;
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::prelude::{BoardSize, Hole, Link, Move, Placement, Player, Position, Status};

fn h(s: &str) -> Hole {
    s.parse().unwrap()
}

fn l(s: &str) -> Link {
    s.parse().unwrap()
}

fn limited(base: RuleSet, pegs: Option<u16>, links: Option<u16>) -> RuleSet {
    RuleSet {
        size: BoardSize::square(12).unwrap(),
        supply_pegs: pegs,
        supply_links: links,
        ..base
    }
}

fn peg(s: &str) -> Move {
    Move::peg(h(s))
}

fn reuse(from: &str, to: &str) -> Move {
    Move::Place(Placement {
        removals: thin_vec![Removal::Peg(h(from))],
        ..Placement::peg(h(to))
    })
}

fn play(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        pos.play(&peg(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn pegs_run_out_and_are_reused_under_automatic_linking() {
    let mut pos = Position::new(limited(RuleSet::dujardin(), Some(3), None)).unwrap();
    play(&mut pos, &["c3", "j4", "d5", "j7", "e7", "j10"]);
    // All three Red pegs are on the board: a new one needs a reuse.
    let e = pos.play(&peg("f9")).unwrap_err();
    assert_eq!(
        e,
        MoveError::NoPegsLeft {
            player: Player::Red,
            supply: 3
        }
    );
    assert!(e.to_string().contains("-e4 f6"), "{e}");
    // The reused peg leaves with its links and stands anew.
    let played = pos.play(&reuse("c3", "f9")).unwrap();
    assert_eq!(played.pegs_removed, vec![h("c3")]);
    assert_eq!(played.links_removed, vec![l("c3-d5")]);
    assert_eq!(played.links_added, vec![l("e7-f9")]);
    assert_eq!(pos.peg(h("c3")), None);
    assert_eq!(pos.pegs().filter(|&(_, p)| p == Player::Red).count(), 3);
    // Only one peg per move, and only once the reserve is empty.
    pos.play(&peg("b10")).unwrap_err(); // Black has none left either
    let two = Move::Place(Placement {
        removals: thin_vec![Removal::Peg(h("j4")), Removal::Peg(h("j7"))],
        ..Placement::peg(h("b10"))
    });
    assert!(matches!(
        pos.play(&two),
        Err(MoveError::RemovalNotAllowed { .. })
    ));
    pos.play(&reuse("j4", "b10")).unwrap();
}

#[test]
fn a_peg_in_reserve_may_not_be_taken_back() {
    let mut pos = Position::new(limited(RuleSet::dujardin(), Some(5), None)).unwrap();
    play(&mut pos, &["c3", "j4"]);
    assert!(matches!(
        pos.play(&reuse("c3", "d5")),
        Err(MoveError::RemovalNotAllowed { .. })
    ));
}

#[test]
fn links_run_out_under_automatic_linking_in_board_order() {
    // Two links each. c3-d5 takes one; e5 could then link to c6 and to g4,
    // but one link is left: the first in board order.
    let mut pos = Position::new(limited(RuleSet::dujardin(), None, Some(2))).unwrap();
    play(
        &mut pos,
        &["c3", "j4", "d5", "j7", "g4", "j10", "c6", "b10"],
    );
    assert!(pos.has_link(l("c3-d5")));
    let played = pos.play(&peg("e5")).unwrap();
    assert_eq!(played.links_added, vec![l("c6-e5").min(l("e5-g4"))]);
    // None left: the next peg stands alone.
    pos.play(&peg("k2")).unwrap();
    let played = pos.play(&peg("f7")).unwrap();
    assert!(played.links_added.is_empty(), "{:?}", played.links_added);
    // With none left a link may be taken off and used again.
    pos.play(&peg("k4")).unwrap();
    let mv = Move::Place(Placement {
        removals: thin_vec![Removal::Link(l("c3-d5"))],
        ..Placement::peg(h("g9"))
    });
    let played = pos.play(&mv).unwrap();
    assert_eq!(played.links_removed, vec![l("c3-d5")]);
    assert_eq!(played.links_added, vec![l("f7-g9")]);
}

#[test]
fn links_by_hand_are_counted_under_manual_and_editable_linking() {
    for base in [RuleSet::board(), RuleSet::editable()] {
        let rules = limited(base.clone(), None, Some(1));
        let mut pos = Position::new(rules).unwrap();
        play(&mut pos, &["c3", "j4", "c5", "j7"]);
        let with = |hole: &str, links: &[&str]| {
            Move::Place(Placement {
                links: links.iter().map(|s| l(s)).collect(),
                ..Placement::peg(h(hole))
            })
        };
        let e = pos.play(&with("e4", &["c3-e4", "c5-e4"])).unwrap_err();
        assert!(
            matches!(
                e,
                MoveError::NoLinksLeft {
                    wanted: 2,
                    left: 1,
                    ..
                }
            ),
            "{e}"
        );
        pos.play(&with("e4", &["c3-e4"])).unwrap();
        pos.play(&peg("j10")).unwrap();
        // The one link is on the board: a second one by hand is refused.
        let e = pos.play(&with("g5", &["e4-g5"])).unwrap_err();
        assert!(matches!(e, MoveError::NoLinksLeft { left: 0, .. }), "{e}");
        // Under `editable` a plain peg gets no automatic link either.
        let played = pos.play(&peg("g5")).unwrap();
        assert!(played.links_added.is_empty(), "{base:?}");
    }
}

#[test]
fn a_reused_link_can_open_a_path_for_the_opponent() {
    // The rule's warning: Red's link d5-e7 bars Black's c6-e5; once Red
    // takes it off to use it elsewhere, Black may link across.
    let mut pos = Position::new(limited(RuleSet::dujardin(), None, Some(1))).unwrap();
    play(&mut pos, &["d5", "c6", "e7", "j9"]);
    assert!(pos.has_link(l("d5-e7")));
    assert!(pos.blocker(l("c6-e5"), Player::Black).is_some());
    let mv = Move::Place(Placement {
        removals: thin_vec![Removal::Link(l("d5-e7"))],
        ..Placement::peg(h("h3"))
    });
    pos.play(&mv).unwrap();
    assert_eq!(pos.blocker(l("c6-e5"), Player::Black), None);
    let played = pos.play(&peg("e5")).unwrap();
    assert!(played.links_added.contains(&l("c6-e5")));
}

#[test]
fn setups_over_the_supply_are_refused_and_rules_read_and_write_it() {
    let rules = limited(RuleSet::dujardin(), Some(2), Some(9));
    let line = "12/crossing=none,links=automatic,removal=none,swap=colors,supply-pegs=2,supply-links=9/c3,d5,e7/j4/*/black";
    let e = twixt_core::position_line::read_position(line)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("red has 3 pegs on the board, more than the supply of 2"),
        "{e}"
    );
    let ok = twixt_core::position_line::read_position(&line.replace("c3,d5,e7", "c3,d5")).unwrap();
    assert_eq!(ok.rules(), &rules);
    assert_eq!(
        twixt_core::position_line::write(&ok),
        line.replace("c3,d5,e7", "c3,d5")
    );
    // YAML and the Rules tag.
    let yaml = "preset: dujardin\nsupply-pegs: 2\nsupply-links: 9\nsize: 12\n";
    assert_eq!(RuleSet::from_yaml(yaml).unwrap(), rules);
    assert_eq!(RuleSet::from_yaml(&rules.to_yaml("mine")).unwrap(), rules);
    assert!(
        RuleSet::dujardin()
            .to_yaml("dujardin")
            .contains("# supply-pegs: 50")
    );
    let spec = twixtkit::script::RulesSpec::parse("dujardin supply-pegs=2 supply-links=9").unwrap();
    match spec {
        twixtkit::script::RulesSpec::Inline(r) => {
            assert_eq!(r.supply_pegs, Some(2));
            assert_eq!(r.supply_links, Some(9));
        }
        _ => panic!("inline rules"),
    }
}

#[test]
fn random_games_with_a_small_supply_reuse_pieces_and_check() {
    let rules = limited(RuleSet::dujardin(), Some(12), Some(10));
    let mut reused = 0;
    for seed in 0..20 {
        let moves = random_game(&rules, seed, 200);
        let mut pos = Position::new(rules.clone()).unwrap();
        for mv in &moves {
            let played = pos.play(mv).unwrap();
            reused += played.pegs_removed.len();
            let reds = pos.pegs().filter(|&(_, p)| p == Player::Red).count();
            assert!(reds <= 12);
        }
        assert!(moves.len() > 24 || pos.status() != Status::Ongoing);
    }
    assert!(reused > 0);
}
