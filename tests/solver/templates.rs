//! Edge templates from row 4: the areas of the catalogue
//! (`crates/twixt-core/src/solver/edge_templates.rs`) proved by the search
//! itself on the model of the worst case, under pencil and under crossing
//! none (dujardin, t1), the rules where it is used, for each mirror image
//! and each link the peg may be reached by; a proof that ends in one
//! replays by the rules; a template whose area the defender has entered,
//! or under crossing none one whose lines a link of the attacker's own
//! crosses, does not.

use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::geometry::segments_cross;
use twixt_core::link::Link;
use twixt_core::moves::Move;
use twixt_core::position::Position;
use twixt_core::position_line::read_position;
use twixt_core::rules::{Crossing, RuleSet, Swap};
use twixt_core::setup::Setup;
use twixt_core::solver::{
    AfterMove, ProofNode, Rest, SearchLimit, Secure, Template, TemplateGap, after_move,
    check_proof, secures, secures_with_proof,
};

/// The area, as (along the border, toward it) offsets from the peg on row
/// 4, as the catalogue states it (one mirror image).
const AREA: [(i32, i32); 12] = [
    (1, -1),
    (-1, 0),
    (1, 0),
    (2, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (2, 1),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
];

/// The model of the worst case on an 8×9 board, Red's peg on row 4 from
/// the bottom at column `3` (mirrored: `4`), reached from the top border
/// by a chain whose first link leaves the peg at `anchor` (along, toward):
/// every hole Black may play outside the area (and the holes `left_out` of
/// it, by their index in [`AREA`]) holds a Black peg with all its links,
/// Black to move. The board's sides are Black's border
/// columns, so the Red holes the model offers are the area and the bottom
/// row below it.
fn model(preset: &str, mirror: bool, anchor: (i32, i32), left_out: &[usize]) -> Position {
    model_under(RuleSet::preset(preset).unwrap(), mirror, anchor, left_out)
}

/// The chain of [`model`]: the peg, the anchor, then two links up to row
/// 0, as (column, row) before mirroring.
fn chain(anchor: (i32, i32)) -> [(i32, i32); 4] {
    let a = (3, 5);
    let b = (a.0 + anchor.0, a.1 + anchor.1);
    let c = match anchor {
        (1, -2) | (-1, -2) => (3, 1),
        (2, -1) => (4, 2),
        _ => (2, 2),
    };
    let d = match c {
        (3, 1) if anchor.0 > 0 => (5, 0),
        (3, 1) => (1, 0),
        _ => (3, 0),
    };
    [a, b, c, d]
}

/// [`model`] under `rules` (their size and swap set by the model).
fn model_under(
    mut rules: RuleSet,
    mirror: bool,
    anchor: (i32, i32),
    left_out: &[usize],
) -> Position {
    let (w, h) = (8, 9);
    rules.size = BoardSize::new(w as u64, h as u64).unwrap();
    rules.swap = Swap::None;
    let x = |c: i32| if mirror { w - 1 - c } else { c };
    let hole = |c: i32, r: i32| Hole::new(x(c) as u16, r as u16);
    let chain = chain(anchor);
    let a = chain[0];
    let area: Vec<(i32, i32)> = AREA
        .iter()
        .enumerate()
        .filter(|(k, _)| !left_out.contains(k))
        .map(|(_, &(p, q))| (a.0 + p, a.1 + q))
        .collect();
    let mut s = Setup::empty(rules.size);
    for &(c, r) in &chain {
        s.pegs.insert(hole(c, r), Player::Red);
    }
    for k in 1..chain.len() {
        let (p, q) = (chain[k - 1], chain[k]);
        s.links
            .insert(Link::new(hole(p.0, p.1), hole(q.0, q.1)).expect("a knight's move"));
    }
    for r in 1..h - 1 {
        for c in 0..w {
            if !area.contains(&(c, r)) && !chain.contains(&(c, r)) {
                s.pegs.insert(hole(c, r), Player::Black);
            }
        }
    }
    s.add_implied_links(&rules);
    s.to_move = Some(Player::Black);
    Position::from_setup(&s, rules).unwrap()
}

/// An area of the catalogue: the holes of [`AREA`] it leaves out, and the
/// links away from the border the peg may be reached by.
type Area = (&'static [usize], &'static [(i32, i32)]);

/// The areas of the catalogue: the whole one for a peg reached by any of
/// the four links away from the border, and the one without its hole on
/// row 5 (`AREA[0]`) for a peg reached by the link two along toward the
/// area and one up.
const AREAS: [Area; 2] = [
    (&[], &[(1, -2), (-1, -2), (2, -1), (-2, -1)]),
    (&[0], &[(2, -1)]),
];

/// Each area, in each mirror image, with the peg reached by each of its
/// links, is secure with Black to move on the model of the worst case, and
/// the exact search wins in two moves (the template's cost), under pencil;
/// with Red to move, the template's first move leaves a win in one.
/// `secures` answers the model from the template itself, so its answer
/// only shows the template is found there; the proof is the exact
/// search's, which plays every defence in the area.
#[test]
fn the_edge_templates_from_row_4_are_proved_on_their_worst_case() {
    for (left_out, anchors) in AREAS {
        for mirror in [false, true] {
            for &anchor in anchors {
                let what = format!("mirror {mirror}, anchor {anchor:?}, {left_out:?} left out");
                let pos = model("pencil", mirror, anchor, left_out);
                let s = secures(&pos, Player::Red, &SearchLimit::positions(5_000_000)).unwrap();
                assert_eq!(s.answer, Secure::Secured { key: None }, "{what}");
                wins_as_the_template_says(&pos, mirror, &what);
            }
        }
    }
}

/// On a model (Black to move), the exact search wins in two moves (the
/// template's cost), and with Red to move its first move (on row 2, a
/// knight's move toward the border) leaves a win in one whatever Black
/// does. Every hole Black may play outside the area holds a Black peg,
/// so Black's every move enters the area and no search below the model
/// finds the template whole: the search does not take what it proves.
fn wins_as_the_template_says(pos: &Position, mirror: bool, what: &str) {
    let exact = after_move(pos, Player::Red, 2, &SearchLimit::positions(5_000_000)).unwrap();
    assert_eq!(exact.answer, AfterMove::Wins, "{what}");
    let mut red_to_move = pos.to_setup();
    red_to_move.to_move = Some(Player::Red);
    let mut after = Position::from_setup(&red_to_move, pos.rules().clone()).unwrap();
    let first = Hole::new(if mirror { 3 } else { 4 }, 7);
    after.play(&Move::peg(first)).unwrap();
    let exact = after_move(&after, Player::Red, 1, &SearchLimit::positions(5_000_000)).unwrap();
    assert_eq!(exact.answer, AfterMove::Wins, "{what}");
}

/// The lines of the catalogue (one mirror image, offsets from the peg as
/// in [`AREA`]): the two pegs that join the peg to its border row, a hole
/// on row 3 or 2 a knight's move from the peg, then a border row hole a
/// knight's move from that.
const LINES: [((i32, i32), (i32, i32)); 5] = [
    ((1, 2), (-1, 3)),
    ((1, 2), (3, 3)),
    ((-1, 2), (1, 3)),
    ((2, 1), (1, 3)),
    ((2, 1), (3, 3)),
];

/// The eight knight's steps.
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Every link (as its two ends, each found from both) that crosses the
/// link `p`-`q`, anywhere on an unbounded board.
fn crossing(p: (i32, i32), q: (i32, i32)) -> Vec<((i32, i32), (i32, i32))> {
    let mut out = Vec::new();
    for c in p.0.min(q.0) - 3..=p.0.max(q.0) + 3 {
        for r in p.1.min(q.1) - 3..=p.1.max(q.1) + 3 {
            for (dc, dr) in KNIGHT {
                let e = (c + dc, r + dr);
                if segments_cross(p, q, (c, r), e) {
                    out.push(((c, r), e));
                }
            }
        }
    }
    out
}

/// Under crossing none (dujardin, t1; they differ only in the swap, which
/// a position past the second move no longer has) every area of the
/// catalogue holds where the attacker's own links leave its lines free,
/// proved on the model of the worst case.
///
/// Why this model is the worst case. The attacker joins the peg to its
/// border in two moves, so its two pegs lie on one of the lines
/// ([`LINES`]) and the links it needs are the peg's link to the line's
/// first hole and the link along the line. Play a position that the
/// catalogue takes (the area empty, the lines' border row holes empty, no
/// link of the attacker's across a link of a line) side by side with the
/// model read with crossing own (every hole the defender may play outside
/// the area holding a defender peg with all its links, which cross each
/// other freely), the same moves in the area, a defender's move elsewhere
/// a move the model has made already:
///
/// - The defender's links that could cross a line's link have both ends
///   where the model has a defender peg ([`crossing`]; the model's other
///   Red pegs lie elsewhere, checked here) and there they are the
///   model's links: under crossing none the defender's own links bar its
///   later ones, so it has at most the model's links, never more.
/// - A link the attacker needs is barred by nothing of its own: no link
///   of its crosses it (the condition), and the pegs it adds are the
///   line's two. Where the first is the row-3 or row-2 hole, its other
///   links share that end with the link along the line still to come;
///   where it is the border row hole, its links never cross the peg's link
///   to the line's other hole (checked here). The second peg's links all
///   come at once, from one end, with those it needs.
/// - The model's own links other than the anchor's (which the position
///   has too) cross no link with both ends where a defender's link across
///   a line could end, so they bar none the position could have.
///
/// So wherever the model's answers join the peg, the same answers join it
/// in the position: the model read with crossing own is the worst case
/// for crossing none (no position under none has it: there the defender's
/// links that cross each other cannot all be on the board at once). The
/// search proves it as for pencil (the exact search, which never finds
/// the template whole below the model; with Red to move, as after a
/// defender's move elsewhere, its first move and a win in one). The
/// model as the rules of none link it (a Black peg's links only where no
/// other link of the model crosses them) is a weaker defence, and holds
/// too.
#[test]
fn the_edge_templates_from_row_4_are_proved_under_crossing_none() {
    let p = (0, 0);
    for (x, y) in LINES {
        for (dc, dr) in KNIGHT {
            assert!(
                !segments_cross(p, x, y, (y.0 + dc, y.1 + dr)),
                "a link from {y:?} crosses the peg's link to {x:?}"
            );
        }
    }
    let needed: Vec<((i32, i32), (i32, i32))> =
        LINES.iter().flat_map(|&(x, y)| [(p, x), (x, y)]).collect();
    let ends: Vec<(i32, i32)> = needed
        .iter()
        .flat_map(|&(a, b)| crossing(a, b))
        .flat_map(|(c, d)| [c, d])
        .collect();
    // Those ends that may hold a defender's peg (off the border row and
    // beyond it) lie on the model's board (the peg at column 3 of 8, row
    // 5 of 9), where the model has a defender's peg or an area's hole.
    for &(along, toward) in ends.iter().filter(|e| e.1 < 3) {
        assert!(
            (0..8).contains(&(3 + along)) && (1..8).contains(&(5 + toward)),
            "{:?} is off the model",
            (along, toward)
        );
    }
    for (left_out, anchors) in AREAS {
        for &anchor in anchors {
            // The model's chain as offsets from the peg (before mirroring):
            // the peg, the anchor, two more pegs up to the top border.
            let chain: Vec<(i32, i32)> =
                chain(anchor).iter().map(|&(c, r)| (c - 3, r - 5)).collect();
            for &(a, b) in &needed {
                assert!(!segments_cross(p, anchor, a, b), "{anchor:?}");
            }
            for k in 2..chain.len() {
                assert!(!ends.contains(&chain[k]), "{anchor:?}: {:?}", chain[k]);
                let (u, v) = (chain[k - 1], chain[k]);
                for &e in &ends {
                    for (dc, dr) in KNIGHT {
                        let f = (e.0 + dc, e.1 + dr);
                        assert!(
                            !ends.contains(&f) || !segments_cross(u, v, e, f),
                            "{anchor:?}: {u:?}-{v:?} crosses {e:?}-{f:?}"
                        );
                    }
                }
            }
            for preset in ["dujardin", "t1"] {
                let rules = RuleSet::preset(preset).unwrap();
                assert_eq!(rules.crossing, Crossing::None);
                let free = RuleSet {
                    crossing: Crossing::Own,
                    ..rules.clone()
                };
                for mirror in [false, true] {
                    let what = format!(
                        "{preset}, mirror {mirror}, anchor {anchor:?}, {left_out:?} left out"
                    );
                    let worst = model_under(free.clone(), mirror, anchor, left_out);
                    wins_as_the_template_says(&worst, mirror, &what);
                    let pos = model_under(rules.clone(), mirror, anchor, left_out);
                    wins_as_the_template_says(&pos, mirror, &format!("{what}, linked by none"));
                }
            }
        }
    }
}

/// Each area is a smallest one: leaving any one more hole out (a Black peg
/// there in the model) loses the connection, for the whole area with the
/// peg reached by the link two rows up toward the area, and for the smaller
/// one with the peg reached by its link.
#[test]
fn no_hole_of_an_edge_template_from_row_4_can_be_left_out() {
    for (left_out, anchor) in [(vec![], (1, -2)), (vec![0], (2, -1))] {
        for k in (0..AREA.len()).filter(|k| !left_out.contains(k)) {
            let mut out = left_out.clone();
            out.push(k);
            let pos = model("pencil", false, anchor, &out);
            let s = secures(&pos, Player::Red, &SearchLimit::positions(5_000_000)).unwrap();
            assert!(
                matches!(s.answer, Secure::Breaks { .. }),
                "{:?} left out: {:?}",
                AREA[k],
                s.answer
            );
        }
    }
}

/// The gaps with an area in a proof.
fn edge_gaps(p: &ProofNode, out: &mut Vec<TemplateGap>) {
    let mut template = |t: &Template| {
        out.extend(t.gaps.iter().filter(|g| !g.area.is_empty()).cloned());
    };
    match p {
        ProofNode::Won => {}
        ProofNode::Move { next, .. } => edge_gaps(next, out),
        ProofNode::Replies { replies, rest } => {
            match rest {
                Some(Rest::Template(t)) => template(t),
                Some(Rest::Passed(q)) => edge_gaps(q, out),
                None => {}
            }
            for (_, q) in replies {
                edge_gaps(q, out);
            }
        }
        ProofNode::Template(t) => template(t),
    }
}

/// On an open pencil board, Red's chain from the top border ends at f7, on
/// row 4 from the bottom: with Black to move the connection is proved by
/// the edge template from row 4 with no search, and its proof replays by
/// the rules; with a Black peg in the area the same template is rejected.
#[test]
fn a_proof_ending_in_an_edge_template_from_row_4_replays() {
    let pos = read_position(
        "12x10/crossing=own,links=automatic,removal=none,swap=none/e1,f3,e5,f7/b2,k3/*/black",
    )
    .unwrap();
    let (s, proof) =
        secures_with_proof(&pos, Player::Red, &SearchLimit::positions(1_000_000)).unwrap();
    assert_eq!(s.answer, Secure::Secured { key: None });
    let proof = proof.expect("a proof");
    let mut gaps = Vec::new();
    edge_gaps(&proof, &mut gaps);
    assert!(!gaps.is_empty(), "no edge template from row 4: {proof:?}");
    check_proof(&pos, Player::Red, &proof).unwrap();
    // The template as a proof by itself: it replays, and not once Black
    // holds a hole of its area (f9, on row 2 below the peg).
    let template = ProofNode::Template(Template {
        first: None,
        gaps: vec![gaps[0].clone()],
    });
    check_proof(&pos, Player::Red, &template).unwrap();
    let cut = read_position(
        "12x10/crossing=own,links=automatic,removal=none,swap=none/e1,f3,e5,f7/b2,f9/*/black",
    )
    .unwrap();
    let err = check_proof(&cut, Player::Red, &template).unwrap_err();
    assert!(err.why.contains("edge template"), "{err}");
    // Under dujardin (no link crosses) the same template replays too: no
    // link of Red's crosses a link of its lines.
    let dujardin = read_position(
        "12x10/crossing=none,links=automatic,removal=none,swap=none/e1,f3,e5,f7/b2,k3/*/black",
    )
    .unwrap();
    check_proof(&dujardin, Player::Red, &template).unwrap();
}

/// Under dujardin and t1 (crossing none) Red's chain from the top border
/// to e9, on row 4 from the bottom of an open 12×12 board, is proved by the
/// edge template from row 4 with no search (without it the proof numbers
/// search 350 positions), and its proof replays by the rules of none; so
/// with Red's peg at b12 on its border row, which Red's peg at d11 (on a
/// line of the template) would link to: the checker plays the template
/// without it, so that only a line joins e9 to the border.
#[test]
fn under_crossing_none_an_edge_template_from_row_4_proves_with_no_search() {
    for preset in ["dujardin", "t1"] {
        for red in ["e1,f3,e5,f7,e9", "e1,f3,e5,f7,e9,b12"] {
            let pos = read_position(&format!("12/{preset}/{red}/b2,k3/*/black")).unwrap();
            let (s, proof) =
                secures_with_proof(&pos, Player::Red, &SearchLimit::positions(1_000_000)).unwrap();
            assert_eq!(s.answer, Secure::Secured { key: None }, "{preset} {red}");
            assert_eq!(s.positions, 0, "{preset} {red}");
            let proof = proof.expect("a proof");
            let mut gaps = Vec::new();
            edge_gaps(&proof, &mut gaps);
            assert!(
                !gaps.is_empty(),
                "{preset} {red}: no edge template: {proof:?}"
            );
            check_proof(&pos, Player::Red, &proof).unwrap();
        }
        // With Red to move, the template's first move keeps it, also with
        // Red's peg at h10 beside that move: its link to f11 crosses the
        // link g10-h12 of another line, but none of the lines through f11.
        let hole = |s: &str| s.parse::<Hole>().unwrap();
        let area: Vec<Hole> = [
            "f8", "d9", "f9", "g9", "d10", "e10", "f10", "g10", "d11", "e11", "f11", "g11",
        ]
        .into_iter()
        .map(hole)
        .collect();
        let template = ProofNode::Template(Template {
            first: Some(hole("f11")),
            gaps: vec![TemplateGap {
                ends: (hole("e9"), None),
                options: Vec::new(),
                area,
            }],
        });
        for red in ["e1,f3,e5,f7,e9", "e1,f3,e5,f7,e9,h10"] {
            let pos = read_position(&format!("12/{preset}/{red}/b2,k3/*/red")).unwrap();
            let (s, proof) =
                secures_with_proof(&pos, Player::Red, &SearchLimit::positions(1_000_000)).unwrap();
            assert!(
                matches!(s.answer, Secure::Secured { key: Some(_) }),
                "{preset} {red}"
            );
            check_proof(&pos, Player::Red, &proof.expect("a proof")).unwrap();
            check_proof(&pos, Player::Red, &template).unwrap();
        }
    }
}

/// Under crossing none a link of Red's across a link of the template's
/// lines bars it: with Red's links h10-i8 and c8-d10 (one across a line of
/// each mirror image) by the chain of
/// [`a_proof_ending_in_an_edge_template_from_row_4_replays`], the search's
/// proof has no edge template from row 4 (it needs none: those pegs reach
/// the border) and the checker rejects the template made by hand; under
/// pencil, where own links cross, it replays. And Red's own pegs in the
/// area do bar it under none: with Red's link f9-h10 there beside g9 (on
/// row 4), which under pencil leaves a win in two moves, Black holds under
/// crossing none (a win then takes longer), as the exact search finds.
#[test]
fn under_crossing_none_own_links_bar_an_edge_template_from_row_4() {
    let none = "crossing=none,links=automatic,removal=none,swap=none";
    let own = "crossing=own,links=automatic,removal=none,swap=none";
    let line = |axes: &str| format!("12x10/{axes}/e1,f3,e5,f7,h10,i8,c8,d10/b2,k3/*/black");
    let pos = read_position(&line(none)).unwrap();
    let (s, proof) =
        secures_with_proof(&pos, Player::Red, &SearchLimit::positions(1_000_000)).unwrap();
    assert_eq!(s.answer, Secure::Secured { key: None });
    let proof = proof.expect("a proof");
    let mut gaps = Vec::new();
    edge_gaps(&proof, &mut gaps);
    assert!(gaps.is_empty(), "{gaps:?}");
    check_proof(&pos, Player::Red, &proof).unwrap();
    let hole = |s: &str| s.parse::<Hole>().unwrap();
    let template = ProofNode::Template(Template {
        first: None,
        gaps: vec![TemplateGap {
            ends: (hole("f7"), None),
            options: Vec::new(),
            area: [
                "g6", "e7", "g7", "h7", "e8", "f8", "g8", "h8", "e9", "f9", "g9", "h9",
            ]
            .into_iter()
            .map(hole)
            .collect(),
        }],
    });
    let err = check_proof(&pos, Player::Red, &template).unwrap_err();
    assert!(
        err.why.contains("h10-i8") || err.why.contains("i8-h10"),
        "{err}"
    );
    check_proof(&read_position(&line(own)).unwrap(), Player::Red, &template).unwrap();
    // Red's chain from the top border to g9, on row 4 from the bottom of
    // an open board, with Red's own link f9-h10 in the area.
    let barred = |axes: &str| {
        let pos = read_position(&format!("14x12/{axes}/i1,h3,g5,h7,g9,f9,h10/-/*/black")).unwrap();
        after_move(&pos, Player::Red, 2, &SearchLimit::positions(5_000_000))
            .unwrap()
            .answer
    };
    assert_eq!(barred(own), AfterMove::Wins);
    assert!(
        matches!(barred(none), AfterMove::Holds(_)),
        "{:?}",
        barred(none)
    );
}

/// Random pegs of both sides added around the chain of
/// [`a_proof_ending_in_an_edge_template_from_row_4_replays`]: wherever the
/// search proves the connection with an edge template from row 4 in its
/// proof, the proof replays by the rules (the checker plays the template
/// out on its own).
#[test]
fn proofs_with_edge_templates_from_row_4_replay_on_random_positions() {
    let (proved, with_edges) =
        random_proofs_replay("crossing=own,links=automatic,removal=none,swap=none", 4);
    assert!(with_edges >= 40, "{with_edges} of {proved}");
}

/// As [`proofs_with_edge_templates_from_row_4_replay_on_random_positions`],
/// under crossing none (dujardin's axes): Red's random pegs now and then
/// cross a line of the template, and the proofs that use it replay.
#[test]
fn proofs_with_edge_templates_from_row_4_replay_on_random_positions_under_crossing_none() {
    let (proved, with_edges) =
        random_proofs_replay("crossing=none,links=automatic,removal=none,swap=none", 5);
    assert!(with_edges >= 40, "{with_edges} of {proved}");
}

/// Proves 150 random positions around the chain of
/// [`a_proof_ending_in_an_edge_template_from_row_4_replays`] under `axes`
/// and replays every proof: how many were proved, and how many of those
/// with an edge template from row 4.
fn random_proofs_replay(axes: &str, seed: u64) -> (usize, usize) {
    use twixt_core::random::SplitMix64;
    let mut rng = SplitMix64::new(seed);
    let (mut proved, mut with_edges) = (0, 0);
    for _ in 0..150 {
        let mut red = vec!["e1", "f3", "e5", "f7"]
            .into_iter()
            .map(String::from)
            .collect::<Vec<_>>();
        let mut black = Vec::new();
        for _ in 0..1 + rng.below(8) {
            let col = rng.below(12) as u16;
            let row = rng.below(10) as u16;
            let h = Hole::new(col, row).to_string();
            if red.contains(&h) || black.contains(&h) {
                continue;
            }
            if rng.below(2) == 0 && (1..11).contains(&col) {
                red.push(h);
            } else if (1..9).contains(&row) {
                black.push(h);
            }
        }
        let black_list = if black.is_empty() {
            "-".to_string()
        } else {
            black.join(",")
        };
        let Ok(pos) = read_position(&format!(
            "12x10/{axes}/{}/{black_list}/*/black",
            red.join(",")
        )) else {
            continue;
        };
        if pos.status() != twixt_core::position::Status::Ongoing {
            continue;
        }
        let Ok((s, Some(proof))) =
            secures_with_proof(&pos, Player::Red, &SearchLimit::positions(300_000))
        else {
            continue;
        };
        assert_eq!(s.answer, Secure::Secured { key: None });
        proved += 1;
        let mut gaps = Vec::new();
        edge_gaps(&proof, &mut gaps);
        with_edges += usize::from(!gaps.is_empty());
        if let Err(e) = check_proof(&pos, Player::Red, &proof) {
            panic!("{}: {e}", twixt_core::position_line::write(&pos));
        }
    }
    eprintln!("{axes}: {proved} proved, {with_edges} with an edge template from row 4");
    (proved, with_edges)
}

/// On a cut side both players may play the outermost row, so a peg on
/// row 4 from a cut side has no edge template: the search does not use
/// one there (its proof, if any, has none and replays), and the checker
/// rejects one made by hand.
#[test]
fn no_edge_template_from_row_4_reaches_a_cut_side() {
    let axes = "crossing=own,links=automatic,removal=none,swap=none";
    // Red's chain from its real bottom border up to f4, on row 4 from the
    // cut top.
    let pos = read_position(&format!("12-cut-top/{axes}/f4,e6,f8,e10,f12/b2,k3/*/black")).unwrap();
    let (_, proof) =
        secures_with_proof(&pos, Player::Red, &SearchLimit::positions(300_000)).unwrap();
    if let Some(proof) = proof {
        let mut gaps = Vec::new();
        edge_gaps(&proof, &mut gaps);
        assert!(gaps.is_empty(), "{gaps:?}");
        check_proof(&pos, Player::Red, &proof).unwrap();
    }
    let a = Hole::new(5, 3);
    let area = AREA
        .iter()
        .map(|&(along, toward)| Hole::new((5 + along) as u16, (3 - toward) as u16))
        .collect();
    let template = ProofNode::Template(Template {
        first: None,
        gaps: vec![TemplateGap {
            ends: (a, None),
            options: Vec::new(),
            area,
        }],
    });
    let err = check_proof(&pos, Player::Red, &template).unwrap_err();
    assert!(err.why.contains("edge template"), "{err}");
}
