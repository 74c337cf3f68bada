//! Every move rule and every move error, one at a time.

use twixt_core::moves::{Removal, thin_vec};
use twixt_core::rules::{Crossing, Linking, RemovalRule, RuleSetError, Swap};
use twixtkit::prelude::{
    BoardSize, Hole, Link, Move, MoveError, Placement, Player, Position, RuleSet, Status, WinBy,
};

fn h(name: &str) -> Hole {
    name.parse().unwrap()
}

fn l(name: &str) -> Link {
    name.parse().unwrap()
}

fn peg(name: &str) -> Move {
    Move::peg(h(name))
}

/// A placement with chosen links (manual rules).
fn peg_links(name: &str, links: &[&str]) -> Move {
    Move::Place(Placement {
        links: links.iter().map(|s| l(s)).collect(),
        ..Placement::peg(h(name))
    })
}

fn peg_removing(name: &str, removals: Vec<Removal>, links: &[&str]) -> Move {
    Move::Place(Placement {
        removals: removals.into(),
        links: links.iter().map(|s| l(s)).collect(),
        ..Placement::peg(h(name))
    })
}

fn play_all(rules: RuleSet, moves: &[Move]) -> Position {
    let mut pos = Position::new(rules).unwrap();
    for (k, mv) in moves.iter().enumerate() {
        pos.play(mv)
            .unwrap_or_else(|e| panic!("move {k} {mv:?}: {e}"));
    }
    pos
}

/// Plays a move that must be refused, checks the position did not change,
/// and returns the error.
fn refused(pos: &mut Position, mv: &Move) -> MoveError {
    let before = pos.to_setup();
    let (ply, to_move, status) = (pos.ply(), pos.to_move(), pos.status());
    let err = pos.play(mv).expect_err("move should be refused");
    assert_eq!(pos.to_setup(), before, "refused move changed the board");
    assert_eq!(
        (pos.ply(), pos.to_move(), pos.status()),
        (ply, to_move, status)
    );
    err
}

fn no_swap(rules: RuleSet) -> RuleSet {
    RuleSet {
        swap: Swap::None,
        ..rules
    }
}

#[test]
fn new_position_is_empty_with_red_to_move() {
    let pos = Position::new(RuleSet::pencil()).unwrap();
    assert_eq!(pos.ply(), 0);
    assert_eq!(pos.to_move(), Player::Red);
    assert_eq!(pos.status(), Status::Ongoing);
    assert_eq!(pos.pegs().count(), 0);
    assert_eq!(pos.links().count(), 0);
    assert_eq!(pos.size(), BoardSize::STANDARD);
    let pos = Position::with_first(RuleSet::board(), Player::Black).unwrap();
    assert_eq!(pos.to_move(), Player::Black);
}

#[test]
fn impossible_rule_set_is_refused() {
    let rules = RuleSet::pencil().with_size(BoardSize::new(30, 20).unwrap());
    assert!(matches!(
        Position::new(rules),
        Err(RuleSetError::MirrorOnNonSquare(_))
    ));
}

#[test]
fn placing_alternates_players_and_counts_plies() {
    let pos = play_all(RuleSet::pencil(), &[peg("f6"), peg("m12")]);
    assert_eq!(pos.peg(h("f6")), Some(Player::Red));
    assert_eq!(pos.peg(h("m12")), Some(Player::Black));
    assert_eq!(pos.peg(h("g6")), None);
    assert_eq!(pos.ply(), 2);
    assert_eq!(pos.to_move(), Player::Red);
    let pegs: Vec<_> = pos.pegs().collect();
    assert_eq!(
        pegs,
        vec![(h("f6"), Player::Red), (h("m12"), Player::Black)]
    );
}

#[test]
fn hole_errors() {
    let mut pos = play_all(RuleSet::pencil(), &[peg("f6")]);
    // Black to move.
    assert_eq!(
        refused(&mut pos, &peg("f6")),
        MoveError::Occupied {
            hole: h("f6"),
            by: Player::Red
        }
    );
    // Row 1 is Red's border row.
    assert_eq!(
        refused(&mut pos, &peg("c1")),
        MoveError::OpponentBorder {
            hole: h("c1"),
            player: Player::Black
        }
    );
    assert!(matches!(
        refused(&mut pos, &peg("a1")),
        MoveError::NoSuchHole { .. }
    ));
    assert!(matches!(
        refused(&mut pos, &peg("x24")),
        MoveError::NoSuchHole { .. }
    ));
    assert!(matches!(
        refused(&mut pos, &peg("y5")),
        MoveError::NoSuchHole { .. }
    ));
    // Black may play in its own border column; Red then may not.
    pos.play(&peg("a5")).unwrap();
    assert_eq!(
        refused(&mut pos, &peg("x7")),
        MoveError::OpponentBorder {
            hole: h("x7"),
            player: Player::Red
        }
    );
    pos.play(&peg("b1")).unwrap();
    assert_eq!(pos.peg(h("b1")), Some(Player::Red));
    let msg = MoveError::OpponentBorder {
        hole: h("x7"),
        player: Player::Red,
    }
    .to_string();
    assert!(
        msg.contains("x7") && msg.contains("black's border"),
        "{msg}"
    );
}

#[test]
fn automatic_links_join_new_peg_to_own_pegs() {
    let mut pos = play_all(
        RuleSet::pencil(),
        &[peg("f6"), peg("p16"), peg("f10"), peg("p20")],
    );
    assert_eq!(pos.links().count(), 0);
    // g8 is a knight's move from both f6 and f10.
    assert_eq!(
        pos.links_for_peg(h("g8"), Player::Red),
        vec![l("f6-g8"), l("f10-g8")]
    );
    let played = pos.play(&peg("g8")).unwrap();
    assert_eq!(played.mover, Player::Red);
    let mut added = played.links_added.clone();
    added.sort();
    assert_eq!(added, vec![l("f6-g8"), l("f10-g8")]);
    assert!(pos.has_link(l("f6-g8")) && pos.has_link(l("g8-f10")));
    // Black's q18 links to p16 and p20.
    let played = pos.play(&peg("q18")).unwrap();
    let mut added = played.links_added.clone();
    added.sort();
    assert_eq!(added, vec![l("p16-q18"), l("p20-q18")]);
    assert_eq!(
        pos.links().collect::<Vec<_>>(),
        vec![
            (l("f6-g8"), Player::Red),
            (l("f10-g8"), Player::Red),
            (l("p16-q18"), Player::Black),
            (l("p20-q18"), Player::Black),
        ]
    );
    // A Black peg next to Red pegs gets no links.
    pos.play(&peg("t3")).unwrap();
    assert!(pos.play(&peg("h6")).unwrap().links_added.is_empty());
}

#[test]
fn crossing_own_lets_own_links_cross_but_not_opponent_links() {
    // Red: k10-l12; then l10 and k12 make l10-k12, which crosses it.
    let mut pos = play_all(
        no_swap(RuleSet::pencil()),
        &[
            peg("k10"),
            peg("c20"),
            peg("l12"),
            peg("c22"),
            peg("l10"),
            peg("e20"),
        ],
    );
    let played = pos.play(&peg("k12")).unwrap();
    assert!(played.links_added.contains(&l("k12-l10")));
    assert!(pos.has_link(l("k10-l12")) && pos.has_link(l("k12-l10")));
    // Black: its link m11-n13 would cross nothing; Black t10-s12 style: try a
    // Black link crossing Red's k10-l12: j11-l10? l10 is Red. Use j12-l11.
    pos.play(&peg("j12")).unwrap(); // Black
    pos.play(&peg("t3")).unwrap(); // Red elsewhere
    let played = pos.play(&peg("l11")).unwrap(); // Black: j12-l11 crosses k10-l12
    assert!(played.links_added.is_empty(), "{:?}", played.links_added);
    assert!(!pos.has_link(l("j12-l11")));
    assert_eq!(pos.blocker(l("j12-l11"), Player::Black), Some(l("k10-l12")));
    assert_eq!(pos.blocker(l("k12-l10"), Player::Red), None);
    assert_eq!(pos.links_for_peg(h("l11"), Player::Black), vec![]);
}

#[test]
fn crossing_none_blocks_own_links_under_automatic_linking() {
    let moves = [
        peg("k10"),
        peg("c20"),
        peg("l12"),
        peg("c22"),
        peg("l10"),
        peg("e20"),
    ];
    let mut pos = play_all(RuleSet::dujardin(), &moves);
    let played = pos.play(&peg("k12")).unwrap();
    // k12-l10 would cross Red's own k10-l12; k12's other links are fine.
    assert!(!played.links_added.contains(&l("k12-l10")));
    assert!(!pos.has_link(l("k12-l10")));
    assert_eq!(pos.blocker(l("k12-l10"), Player::Red), Some(l("k10-l12")));
    assert!(
        !pos.links_for_peg(h("k12"), Player::Red)
            .contains(&l("k12-l10"))
    );
}

#[test]
fn links_given_under_automatic_rules_are_refused() {
    let mut pos = play_all(RuleSet::pencil(), &[peg("f6"), peg("p16")]);
    assert_eq!(
        refused(&mut pos, &peg_links("g8", &["f6-g8"])),
        MoveError::LinksUnderAutomatic
    );
}

#[test]
fn manual_links_are_chosen_and_checked() {
    let rules = no_swap(RuleSet::board());
    let mut pos = play_all(rules, &[peg("f6"), peg("p16")]);
    // Without links the peg stands alone.
    let played = pos.play(&peg("g8")).unwrap();
    assert!(played.links_added.is_empty());
    assert!(!pos.has_link(l("f6-g8")));
    pos.play(&peg("q18")).unwrap();
    // Later, a link between two older pegs, placed with an unrelated peg.
    let played = pos.play(&peg_links("t3", &["f6-g8"])).unwrap();
    assert_eq!(played.links_added, vec![l("f6-g8")]);
    assert!(pos.has_link(l("f6-g8")));
    // Black: a link to a Red peg.
    assert_eq!(
        refused(&mut pos, &peg_links("h9", &["g7-h9", "q18-p16"])),
        MoveError::LinkEndNotYours {
            link: l("g7-h9"),
            hole: h("g7"),
            player: Player::Black
        }
    );
    assert_eq!(
        refused(&mut pos, &peg_links("e8", &["e8-f6"])),
        MoveError::LinkEndNotYours {
            link: l("e8-f6"),
            hole: h("f6"),
            player: Player::Black
        }
    );
    pos.play(&peg("r16")).unwrap();
    // Red: a link that exists already.
    assert_eq!(
        refused(&mut pos, &peg_links("h6", &["f6-g8"])),
        MoveError::LinkExists(l("f6-g8"))
    );
    assert_eq!(
        refused(&mut pos, &peg_links("h6", &["h6-g8", "g8-h6"])),
        MoveError::LinkExists(l("g8-h6"))
    );
    // Red: a link off the board.
    let off = Link::new(Hole::new(23, 10), Hole::new(25, 11)).unwrap();
    assert!(matches!(
        refused(
            &mut pos,
            &Move::Place(Placement {
                links: thin_vec![off],
                ..Placement::peg(h("h6"))
            })
        ),
        MoveError::NoSuchHole { .. }
    ));
    let played = pos.play(&peg_links("h6", &["h6-g8"])).unwrap();
    assert_eq!(played.links_added, vec![l("g8-h6")]);
}

#[test]
fn manual_links_may_not_cross_under_crossing_none() {
    let rules = no_swap(RuleSet::board());
    let mut pos = play_all(
        rules,
        &[
            peg_links("k10", &[]),
            peg("c20"),
            peg_links("l12", &["k10-l12"]),
            peg("c22"),
            peg("l10"),
            peg("e20"),
        ],
    );
    // Red k12 with k12-l10 crosses own k10-l12.
    let err = refused(&mut pos, &peg_links("k12", &["k12-l10"]));
    assert_eq!(
        err,
        MoveError::Crosses {
            link: l("k12-l10"),
            blocker: l("k10-l12"),
            rule: "crossing none: no link may cross another"
        }
    );
    assert!(err.to_string().contains("k12-l10") && err.to_string().contains("k10-l12"));
    // Two chosen links in one move that cross each other.
    let mut pos = play_all(
        no_swap(RuleSet::board()),
        &[
            peg("k10"),
            peg("c20"),
            peg("l12"),
            peg("c22"),
            peg("l10"),
            peg("e20"),
        ],
    );
    assert_eq!(
        refused(&mut pos, &peg_links("k12", &["k10-l12", "k12-l10"])),
        MoveError::Crosses {
            link: l("k12-l10"),
            blocker: l("k10-l12"),
            rule: "crossing none: no link may cross another"
        }
    );
    // Each one alone is fine.
    pos.play(&peg_links("k12", &["k12-l10"])).unwrap();
}

#[test]
fn manual_links_may_cross_own_under_crossing_own() {
    let rules = RuleSet {
        crossing: Crossing::Own,
        links: Linking::Manual,
        removal: RemovalRule::None,
        swap: Swap::None,
        size: BoardSize::STANDARD,
        supply_pegs: None,
        supply_links: None,
    };
    let mut pos = play_all(
        rules,
        &[
            peg("k10"),
            peg("c20"),
            peg_links("l12", &["k10-l12"]),
            peg("c22"),
            peg("l10"),
            peg("e20"),
        ],
    );
    pos.play(&peg_links("k12", &["k12-l10"])).unwrap();
    assert!(pos.has_link(l("k12-l10")) && pos.has_link(l("k10-l12")));
    // Black j12-l11 crosses Red's k10-l12.
    pos.play(&peg("j12")).unwrap();
    pos.play(&peg("t3")).unwrap();
    assert_eq!(
        refused(&mut pos, &peg_links("l11", &["j12-l11"])),
        MoveError::Crosses {
            link: l("j12-l11"),
            blocker: l("k10-l12"),
            rule: "crossing own: links of different colours may not cross"
        }
    );
}

#[test]
fn not_a_knight_step_is_refused() {
    // Links read from data can name any two holes.
    let bad: Link = serde_saphyr::from_str("a: {col: 5, row: 5}\nb: {col: 6, row: 6}\n").unwrap();
    let mut pos = play_all(no_swap(RuleSet::board()), &[peg("f6"), peg("p16")]);
    assert_eq!(
        refused(
            &mut pos,
            &Move::Place(Placement {
                links: thin_vec![bad],
                ..Placement::peg(h("g7"))
            })
        ),
        MoveError::NotKnightStep {
            a: h("f6"),
            b: h("g7")
        }
    );
}

#[test]
fn removing_own_links_before_placing() {
    let rules = no_swap(RuleSet::board());
    let mut pos = play_all(
        rules,
        &[
            peg("k10"),
            peg("c20"),
            peg_links("l12", &["k10-l12"]),
            peg_links("e21", &["c20-e21"]),
            peg("l10"),
            peg("e20"),
        ],
    );
    // Red removes k10-l12, then places k12 with k12-l10 (which needed the removal).
    let played = pos
        .play(&peg_removing(
            "k12",
            vec![Removal::Link(l("k10-l12"))],
            &["k12-l10"],
        ))
        .unwrap();
    assert_eq!(played.links_removed, vec![l("k10-l12")]);
    assert_eq!(played.links_added, vec![l("k12-l10")]);
    assert!(!pos.has_link(l("k10-l12")));
    // Black may not remove Red's link, nor a link that is not there.
    assert_eq!(
        refused(
            &mut pos,
            &peg_removing("g20", vec![Removal::Link(l("k12-l10"))], &[])
        ),
        MoveError::RemoveLinkNotYours {
            link: l("k12-l10"),
            owner: Player::Red
        }
    );
    assert_eq!(
        refused(
            &mut pos,
            &peg_removing("g20", vec![Removal::Link(l("c22-e21"))], &[])
        ),
        MoveError::RemoveLinkAbsent(l("c22-e21"))
    );
    // Board rules do not allow removing pegs.
    assert!(matches!(
        refused(
            &mut pos,
            &peg_removing("g20", vec![Removal::Peg(h("c20"))], &[])
        ),
        MoveError::RemovalNotAllowed { .. }
    ));
    // A valid removal followed by an illegal placement changes nothing.
    assert!(matches!(
        refused(
            &mut pos,
            &peg_removing("k12", vec![Removal::Link(l("c20-e21"))], &[])
        ),
        MoveError::Occupied { .. }
    ));
    assert!(pos.has_link(l("c20-e21")));
}

#[test]
fn removal_not_in_the_rules_is_refused() {
    let mut pos = play_all(
        RuleSet::pencil(),
        &[peg("f6"), peg("p16"), peg("g8"), peg("p20")],
    );
    let err = refused(
        &mut pos,
        &peg_removing("t3", vec![Removal::Link(l("f6-g8"))], &[]),
    );
    assert!(matches!(err, MoveError::RemovalNotAllowed { .. }));
    assert!(err.to_string().contains("f6-g8"), "{err}");
}

#[test]
fn removing_own_pegs_takes_their_links() {
    let rules = no_swap(RuleSet::schmidt());
    let mut pos = play_all(
        rules,
        &[
            peg("f6"),
            peg("p16"),
            peg_links("g8", &["f6-g8"]),
            peg("p20"),
            peg_links("e8", &["f6-e8"]),
            peg("c20"),
        ],
    );
    let played = pos
        .play(&peg_removing("t3", vec![Removal::Peg(h("f6"))], &[]))
        .unwrap();
    assert_eq!(played.pegs_removed, vec![h("f6")]);
    let mut removed = played.links_removed.clone();
    removed.sort();
    assert_eq!(removed, vec![l("e8-f6"), l("f6-g8")]);
    assert_eq!(pos.peg(h("f6")), None);
    assert_eq!(pos.links().count(), 0);
    // Black may not remove a Red peg, nor an empty hole.
    assert_eq!(
        refused(
            &mut pos,
            &peg_removing("r20", vec![Removal::Peg(h("g8"))], &[])
        ),
        MoveError::RemovePegNotYours {
            hole: h("g8"),
            owner: Player::Red
        }
    );
    assert_eq!(
        refused(
            &mut pos,
            &peg_removing("r20", vec![Removal::Peg(h("f6"))], &[])
        ),
        MoveError::RemovePegAbsent(h("f6"))
    );
    // A peg may be lifted and put back in the same hole in one move.
    pos.play(&peg("r20")).unwrap();
    pos.play(&peg_removing("g8", vec![Removal::Peg(h("g8"))], &[]))
        .unwrap();
    assert_eq!(pos.peg(h("g8")), Some(Player::Red));
}

#[test]
fn removing_a_link_can_undo_a_connection_component() {
    // Red connects after removals are rebuilt correctly: a chain cut and rebuilt.
    let rules = no_swap(RuleSet::board()).with_size(BoardSize::square(6).unwrap());
    let mut pos = play_all(
        rules,
        &[
            peg("c1"),
            peg("a2"),
            peg_links("d3", &["c1-d3"]),
            peg("a3"),
            peg_links("c5", &["d3-c5"]),
            peg("a4"),
            peg_removing("e5", vec![Removal::Link(l("c1-d3"))], &[]),
            peg("a5"),
        ],
    );
    assert_eq!(pos.status(), Status::Ongoing);
    // c5-e6 reaches the bottom row, but c1-d3 is gone: no win yet.
    pos.play(&peg_links("e6", &["c5-e6"])).unwrap();
    assert_eq!(pos.status(), Status::Ongoing);
    pos.play(&peg("b4")).unwrap();
    pos.play(&peg_links("b6", &["c1-d3"])).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Player::Red,
            ply: 11,
            by: WinBy::Connection
        }
    );
}

#[test]
fn mirror_swap_replaces_the_first_peg() {
    let mut pos = play_all(RuleSet::pencil(), &[peg("c5")]);
    let played = pos.play(&Move::Swap).unwrap();
    assert_eq!(played.mover, Player::Black);
    assert_eq!(played.pegs_removed, vec![h("c5")]);
    assert_eq!(pos.peg(h("c5")), None);
    // c5 is (col 2, row 4); mirrored (col 4, row 2) is e3.
    assert_eq!(pos.peg(h("e3")), Some(Player::Black));
    assert_eq!(pos.to_move(), Player::Red);
    assert_eq!(pos.ply(), 2);
    // Swap twice is impossible.
    assert_eq!(
        refused(&mut pos, &Move::Swap),
        MoveError::SwapNotNow { move_number: 3 }
    );
}

#[test]
fn colour_swap_keeps_the_peg_and_black_moves() {
    let mut pos = play_all(RuleSet::dujardin(), &[peg("c5")]);
    let played = pos.play(&Move::Swap).unwrap();
    assert_eq!(played.mover, Player::Black);
    assert_eq!(pos.peg(h("c5")), Some(Player::Red));
    assert_eq!(pos.to_move(), Player::Black);
    assert_eq!(pos.ply(), 2);
    assert!(matches!(
        refused(&mut pos, &Move::Swap),
        MoveError::SwapNotNow { .. }
    ));
}

#[test]
fn swap_only_as_second_move_and_only_when_allowed() {
    let mut pos = Position::new(RuleSet::pencil()).unwrap();
    assert_eq!(
        refused(&mut pos, &Move::Swap),
        MoveError::SwapNotNow { move_number: 1 }
    );
    let mut pos = play_all(RuleSet::pencil(), &[peg("c5"), peg("p16")]);
    assert_eq!(
        refused(&mut pos, &Move::Swap),
        MoveError::SwapNotNow { move_number: 3 }
    );
    let mut pos = play_all(no_swap(RuleSet::pencil()), &[peg("c5")]);
    assert_eq!(refused(&mut pos, &Move::Swap), MoveError::SwapNotInRules);
}

#[test]
fn resignation_ends_the_game() {
    let mut pos = play_all(RuleSet::pencil(), &[peg("f6")]);
    pos.play(&Move::Resign).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Player::Red,
            ply: 2,
            by: WinBy::Resignation
        }
    );
    let err = refused(&mut pos, &peg("g8"));
    assert!(matches!(err, MoveError::GameOver(_)));
    assert_eq!(
        err.to_string(),
        "the game is already over: red won by resignation at move 2"
    );
    assert!(matches!(
        refused(&mut pos, &Move::Resign),
        MoveError::GameOver(_)
    ));
}

#[test]
fn draw_offers_stand_until_the_opponent_moves() {
    let offer = |name: &str| {
        Move::Place(Placement {
            offers_draw: true,
            ..Placement::peg(h(name))
        })
    };
    let mut pos = play_all(RuleSet::pencil(), &[peg("f6"), offer("p16")]);
    assert_eq!(pos.draw_offer(), Some(Player::Black));
    pos.play(&Move::AcceptDraw).unwrap();
    assert_eq!(pos.status(), Status::Drawn { ply: 3 });
    assert!(matches!(
        refused(&mut pos, &peg("g8")),
        MoveError::GameOver(_)
    ));

    // No offer: nothing to accept.
    let mut pos = play_all(RuleSet::pencil(), &[peg("f6")]);
    assert_eq!(
        refused(&mut pos, &Move::AcceptDraw),
        MoveError::NoDrawOffer(Player::Red)
    );
    // An offer lapses when the opponent plays on.
    let mut pos = play_all(RuleSet::pencil(), &[offer("f6"), peg("p16")]);
    assert_eq!(pos.draw_offer(), None);
    assert_eq!(
        refused(&mut pos, &Move::AcceptDraw),
        MoveError::NoDrawOffer(Player::Black)
    );
    // Black's offer lapsed when Red played on: Black has nothing to accept.
    let mut pos = play_all(RuleSet::pencil(), &[peg("f6"), offer("p16"), peg("g8")]);
    assert_eq!(
        refused(&mut pos, &Move::AcceptDraw),
        MoveError::NoDrawOffer(Player::Red)
    );
}

#[test]
fn red_wins_by_joining_top_and_bottom_rows() {
    let rules = no_swap(RuleSet::pencil()).with_size(BoardSize::square(6).unwrap());
    // c1 - d3 - c5 - e6: rows 1 and 6.
    let mut pos = play_all(
        rules,
        &[
            peg("c1"),
            peg("a2"),
            peg("d3"),
            peg("a3"),
            peg("c5"),
            peg("a4"),
        ],
    );
    assert_eq!(pos.status(), Status::Ongoing);
    let played = pos.play(&peg("e6")).unwrap();
    assert_eq!(played.links_added, vec![l("c5-e6")]);
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Player::Red,
            ply: 7,
            by: WinBy::Connection
        }
    );
    assert!(matches!(
        refused(&mut pos, &peg("a5")),
        MoveError::GameOver(_)
    ));
}

#[test]
fn black_wins_by_joining_left_and_right_columns_on_a_tall_board() {
    // 5 columns, 8 rows: Black joins columns a and e.
    let rules = no_swap(RuleSet::dujardin()).with_size(BoardSize::new(5, 8).unwrap());
    let pos = play_all(
        rules,
        &[
            peg("b1"),
            peg("a4"),
            peg("c1"),
            peg("c5"),
            peg("d1"),
            peg("e4"),
        ],
    );
    assert!(pos.has_link(l("a4-c5")) && pos.has_link(l("c5-e4")));
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Player::Black,
            ply: 6,
            by: WinBy::Connection
        }
    );
}

#[test]
fn a_chain_inside_the_border_rows_is_not_a_win() {
    // Red pegs on rows 2..5 of a 6x6 board reach neither border row.
    let rules = no_swap(RuleSet::pencil()).with_size(BoardSize::square(6).unwrap());
    let pos = play_all(
        rules,
        &[
            peg("c2"),
            peg("a2"),
            peg("d4"),
            peg("a3"),
            peg("c6"),
            peg("a5"),
        ],
    );
    // c2-d4-c6 reaches the bottom row only.
    assert!(pos.has_link(l("c2-d4")) && pos.has_link(l("d4-c6")));
    assert_eq!(pos.status(), Status::Ongoing);
}

#[test]
fn position_fits_in_four_kib_on_24x24() {
    let mut pos = Position::new(RuleSet::pencil()).unwrap();
    for mv in twixt_core::random::random_game(&RuleSet::pencil(), 7, 10_000) {
        pos.play(&mv).unwrap();
    }
    let total = std::mem::size_of::<Position>() + pos.heap_bytes();
    assert!(total <= 4096, "{total} bytes");
}

#[test]
fn known_sequence_gives_known_links() {
    // A short hand-checked pencil game: after 8 plies the links are exactly these.
    let pos = play_all(
        RuleSet::pencil(),
        &[
            peg("l12"),
            peg("m10"),
            peg("k14"),
            peg("o11"),
            peg("m13"),
            peg("k9"),
            peg("j12"),
            peg("q12"),
        ],
    );
    let links: Vec<(String, Player)> = pos.links().map(|(l, p)| (l.to_string(), p)).collect();
    assert_eq!(
        links,
        vec![
            ("j12-k14".to_string(), Player::Red),
            ("k9-m10".to_string(), Player::Black),
            ("k14-l12".to_string(), Player::Red),
            ("k14-m13".to_string(), Player::Red),
            ("m10-o11".to_string(), Player::Black),
            ("o11-q12".to_string(), Player::Black),
        ]
    );
}

#[test]
fn black_may_move_first_and_swap_follows_the_first_mover() {
    let mut pos = Position::with_first(RuleSet::pencil(), Player::Black).unwrap();
    assert_eq!(pos.first(), Player::Black);
    pos.play(&peg("c5")).unwrap();
    assert_eq!(pos.peg(h("c5")), Some(Player::Black));
    pos.play(&Move::Swap).unwrap();
    assert_eq!(pos.peg(h("e3")), Some(Player::Red));
    assert_eq!(pos.to_move(), Player::Black);

    let mut pos = Position::with_first(RuleSet::board(), Player::Black).unwrap();
    pos.play(&peg("c5")).unwrap();
    pos.play(&Move::Swap).unwrap();
    assert_eq!(pos.peg(h("c5")), Some(Player::Black));
    assert_eq!(pos.to_move(), Player::Red);
}

#[test]
fn play_reusing_an_earlier_result_says_what_play_says() {
    // Random games under each preset: the same results move by move,
    // whatever the spare held before.
    for rules in [RuleSet::pencil(), RuleSet::board(), RuleSet::schmidt()] {
        for seed in 0..20 {
            let moves = twixt_core::random::random_game(&rules, seed, 200);
            let mut a = Position::new(rules.clone()).unwrap();
            let mut b = a.clone();
            let mut spare = None;
            for mv in &moves {
                let played = a.play(mv);
                let reused = match spare.take() {
                    Some(s) => b.play_reusing(mv, s),
                    None => b.play(mv),
                };
                assert_eq!(played, reused);
                spare = reused.ok();
            }
            assert_eq!(a.status(), b.status());
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
    }
}

/// On a board whose top side is cut, the top-left corner a1 is a hole
/// (Black's border column, not Red's border row). A peg there links as any
/// other, and no peg elsewhere gets a link to it or is barred by its links
/// unless it is a knight's move away or crossed (a1's slot was once the
/// tables' "no neighbour" filler: a5 got the link a1-b3, drawn without b3).
#[test]
fn the_top_left_hole_of_a_cut_board_links_as_any_other() {
    let rules = RuleSet::from_yaml("preset: pencil\nsize: 12 cut top right\n").unwrap();
    let mut pos = play_all(rules, &[peg("e10"), peg("a1"), peg("f12")]);
    assert_eq!(
        pos.links().collect::<Vec<_>>(),
        vec![(l("e10-f12"), Player::Red)]
    );
    // a6 is no knight's move from a1 (nor from b3 below): no link.
    let played = pos.play(&peg("a6")).unwrap();
    assert_eq!(played.links_added, vec![]);
    assert!(!pos.has_link(l("a1-b3")));
    // Red's g11 links to e10 (near the edge, few links cross it; none of
    // them is Black's).
    pos.play(&peg("g11")).unwrap();
    // b3 is: a1-b3.
    pos.play(&peg("b3")).unwrap();
    let mut links: Vec<_> = pos.links().collect();
    let mut expected = vec![
        (l("a1-b3"), Player::Black),
        (l("e10-f12"), Player::Red),
        (l("e10-g11"), Player::Red),
    ];
    links.sort();
    expected.sort();
    assert_eq!(links, expected);
    // With a1-b3 on the board, Red's links by the bottom edge still form.
    pos.play(&peg("h9")).unwrap();
    assert!(pos.has_link(l("g11-h9")));
}
