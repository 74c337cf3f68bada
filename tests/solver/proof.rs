//! A secure connection's proof replayed by the rules alone
//! ([`check_proof`]): every proof [`secures_with_proof`] returns replays,
//! and a proof corrupted in any of the ways a search could go wrong (a
//! move changed, a defence left out, a template's option or gap made up,
//! a leaf claimed won early) is rejected.

use twixt_core::position::{Position, Status};
use twixt_core::position_line::read_position;
use twixt_core::random::{SplitMix64, random_game};
use twixt_core::rules::Swap;
use twixt_core::solver::{
    ProofNode, Rest, SearchLimit, Secure, TemplateGap, check_proof, secures_with_proof,
};
use twixtkit::prelude::{BoardSize, Hole, Player, RuleSet};

fn line(text: &str) -> Position {
    read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

const CORNER: &str = "12-cut-top-right/pencil/b6,d1,e11,f2,g2,g5,g6,h6,h12,i8,k12,l12/a2,b7,b11,c1,d2,d3,f11,h7,j11,k3,l4,l11/*/red";

/// The proof of a secure connection, which must exist.
fn proof(pos: &Position, player: Player) -> ProofNode {
    let (s, p) = secures_with_proof(pos, player, &SearchLimit::positions(5_000_000)).unwrap();
    assert!(matches!(s.answer, Secure::Secured { .. }), "{:?}", s.answer);
    p.expect("a secured connection comes with its proof")
}

/// The corner puzzle, with Red to move (the short win's key) and with
/// Black to move after it: both proofs replay, and they are real trees.
#[test]
fn the_corner_puzzles_proofs_replay() {
    let pos = line(CORNER);
    let p = proof(&pos, Player::Red);
    let n = check_proof(&pos, Player::Red, &p).unwrap_or_else(|e| panic!("{e}"));
    assert!(n >= 2, "{n} positions");
    // The key move j10 makes a virtual connection: a template at once.
    let hole = match &p {
        ProofNode::Move { hole, .. } => *hole,
        ProofNode::Template(t) => t.first.expect("Red is to move"),
        _ => panic!("{p:?}"),
    };
    assert_eq!(hole.to_string(), "j10");
    let mut after = pos.clone();
    after.play(&twixtkit::prelude::Move::peg(hole)).unwrap();
    let q = proof(&after, Player::Red);
    check_proof(&after, Player::Red, &q).unwrap_or_else(|e| panic!("{e}"));
}

/// Short wins answered by `secures`' first look (the exact search of
/// wins in N): each comes with a proof, built from the exact search's
/// moves where the proof numbers would need more, and it replays. Wins in
/// 4 to 6 of 12×12 corner puzzles of 18 to 22 pegs (`benches/secure-puzzles.tsv`).
#[test]
fn every_short_wins_proof_is_built_and_replays() {
    let set = [
        "12-cut-top-right/pencil/c1,c6,c8,c9,e6,f2,f9,g7,i10,j2,k6/b9,b11,c5,e10,f7,f10,i4,i7,i9,j6,k2/*/red",
        "12-cut-top-right/pencil/c8,f6,g2,g5,h1,j2,j8,k12,l2,l8/a2,d6,e10,f7,g9,j7,j9,k4,k5,l1/*/red",
        "12-cut-top-right/pencil/e4,e8,g8,g10,h12,i6,j4,k2,l8/d4,f7,h2,i7,j8,k1,k5,k10,k11/*/red",
        "12-cut-top-right/pencil/b3,b11,d1,e3,f7,g5,i10,j6,k10,l6/a3,a4,a7,b2,b4,d6,e4,g7,g9,k4/*/red",
        "12-cut-top-right/pencil/b4,d7,e3,e6,e7,f10,h9,j5,l2,l12/c1,e11,f1,f4,h3,i5,j10,k1,l10/*/black",
        "12-cut-top-right/pencil/b6,b7,e7,g2,h2,h10,i7,k3,l4/b4,c9,f5,g3,g6,h3,h6,j1,k6,l7/*/red",
    ];
    for text in set {
        let pos = line(text);
        let me = pos.to_move();
        let p = proof(&pos, me);
        check_proof(&pos, me, &p).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(
            matches!(p, ProofNode::Move { .. } | ProofNode::Template(_)),
            "{text}"
        );
    }
}

/// Every change below makes the corner puzzle's proof false, and the
/// replay says where.
#[test]
fn a_corrupted_proof_is_rejected() {
    let pos = line(CORNER);
    let p = proof(&pos, Player::Red);
    // Claimed won at once.
    assert!(check_proof(&pos, Player::Red, &ProofNode::Won).is_err());
    // The key move another: f6 (it does not win), then the same proof.
    let rest = match &p {
        ProofNode::Move { next, .. } => (**next).clone(),
        ProofNode::Template(t) => {
            let mut u = t.clone();
            u.first = Some(Hole::new(5, 5));
            assert!(check_proof(&pos, Player::Red, &ProofNode::Template(u)).is_err());
            ProofNode::Template(t.clone())
        }
        _ => panic!("{p:?}"),
    };
    let moved = ProofNode::Move {
        hole: Hole::new(5, 5),
        next: Box::new(rest),
    };
    assert!(check_proof(&pos, Player::Red, &moved).is_err());
    // Corrupted in each way below, wherever it can be: rejected.
    let mut corrupted = 0;
    for c in corruptions(&p) {
        let e = check_proof(&pos, Player::Red, &c);
        assert!(e.is_err(), "accepted: {c:?}");
        corrupted += 1;
    }
    assert!(corrupted >= 2, "{corrupted} corruptions tried");
    // And the proof after the key move, Black to move: a reply dropped.
    let mut after = pos.clone();
    after
        .play(&twixtkit::prelude::Move::peg(Hole::new(9, 9)))
        .unwrap();
    let q = proof(&after, Player::Red);
    for c in corruptions(&q) {
        assert!(
            check_proof(&after, Player::Red, &c).is_err(),
            "accepted: {c:?}"
        );
        corrupted += 1;
    }
    assert!(corrupted >= 3, "{corrupted} corruptions tried");
}

/// Proofs made false by one change each: the first reply dropped (a
/// defence left unanswered); a double gap's option replaced by a hole
/// that closes nothing (a peg on the other option cuts it); every gap but
/// the first move's dropped (the chain no longer joins the borders).
fn corruptions(p: &ProofNode) -> Vec<ProofNode> {
    let mut out = Vec::new();
    match p {
        ProofNode::Won => {}
        ProofNode::Move { hole, next } => {
            for c in corruptions(next) {
                out.push(ProofNode::Move {
                    hole: *hole,
                    next: Box::new(c),
                });
            }
        }
        ProofNode::Replies { replies, rest } => {
            if !replies.is_empty() {
                out.push(ProofNode::Replies {
                    replies: replies[1..].to_vec(),
                    rest: rest.clone(),
                });
            }
            if let Some(Rest::Passed(q)) = rest {
                for c in corruptions(q) {
                    out.push(ProofNode::Replies {
                        replies: replies.clone(),
                        rest: Some(Rest::Passed(Box::new(c))),
                    });
                }
            }
            if let Some((h, first)) = replies.first() {
                for c in corruptions(first) {
                    let mut r = replies.clone();
                    r[0] = (*h, c);
                    out.push(ProofNode::Replies {
                        replies: r,
                        rest: rest.clone(),
                    });
                }
            }
        }
        ProofNode::Template(t) => {
            // A double gap with one option left is cut by a peg there.
            for (k, g) in t.gaps.iter().enumerate() {
                if g.options.len() >= 2 && t.first.is_none_or(|f| !g.options.contains(&f)) {
                    let mut u = t.clone();
                    u.gaps[k] = TemplateGap {
                        ends: g.ends,
                        options: vec![g.options[0], Hole::new(0, 6)],
                        area: Vec::new(),
                    };
                    out.push(ProofNode::Template(u));
                    break;
                }
            }
            let mut u = t.clone();
            u.gaps
                .retain(|g| t.first.is_some_and(|f| g.options.contains(&f)));
            if u.gaps.len() < t.gaps.len() {
                out.push(ProofNode::Template(u));
            }
        }
    }
    out
}

fn rules(preset: &str, side: u64) -> RuleSet {
    let mut r = RuleSet::preset(preset).unwrap();
    r.size = BoardSize::square(side).unwrap();
    r.swap = Swap::None;
    r
}

/// Crowded positions of random games on small boards, under pencil,
/// dujardin and t1, for both sides: every secured connection's proof
/// replays; a proof for the other side's question is rejected.
#[test]
fn every_proof_of_random_positions_replays() {
    let (mut checked, mut deep) = (0, 0);
    for preset in ["pencil", "dujardin", "t1"] {
        for side in [6u64, 7, 8] {
            let r = rules(preset, side);
            let mut rng = SplitMix64::new(side * 31 + preset.len() as u64);
            for _ in 0..12 {
                let moves = random_game(&r, rng.next_u64(), 400);
                let mut pos = Position::new(r.clone()).unwrap();
                let stop = 8 + rng.below(side as usize * 2);
                for mv in &moves {
                    let empty = pos.size().holes().filter(|&h| pos.peg(h).is_none()).count();
                    if pos.status() != Status::Ongoing || empty <= stop * 2 || pos.play(mv).is_err()
                    {
                        break;
                    }
                }
                if pos.status() != Status::Ongoing {
                    continue;
                }
                for player in [Player::Red, Player::Black] {
                    let limit = SearchLimit::positions(50_000);
                    let Ok((s, p)) = secures_with_proof(&pos, player, &limit) else {
                        continue;
                    };
                    if !matches!(s.answer, Secure::Secured { .. }) {
                        continue;
                    }
                    let Some(p) = p else { continue };
                    let at = twixt_core::position_line::write(&pos);
                    check_proof(&pos, player, &p)
                        .unwrap_or_else(|e| panic!("{player} under {preset}: {at}: {e}"));
                    // The same tree does not prove the opponent's connection.
                    assert!(
                        check_proof(&pos, player.opponent(), &p).is_err(),
                        "{player}'s proof accepted for {}: {at}",
                        player.opponent()
                    );
                    checked += 1;
                    deep += usize::from(p.size() > 2);
                }
            }
        }
    }
    eprintln!("{checked} proofs checked, {deep} of more than two positions");
    assert!(
        checked > 30 && deep > 5,
        "{checked} proofs checked, {deep} deep"
    );
}

/// `wins_with_proof`: a claim with a length comes with the proof of its
/// shortest win, which replays; with too few moves there is no win and no
/// proof.
#[test]
fn a_win_in_n_comes_with_a_proof_that_replays() {
    use twixt_core::solver::{Solved, wins_with_proof};
    let four = "12-cut-top-right/pencil/c1,c6,c8,c9,e6,f2,f9,g7,i10,j2,k6/b9,b11,c5,e10,f7,f10,i4,i7,i9,j6,k2/*/red";
    for (text, moves, shortest) in [(CORNER, 3, 3), (four, 4, 4), (four, 6, 4)] {
        let pos = line(text);
        let (s, p) =
            wins_with_proof(&pos, Player::Red, moves, &SearchLimit::positions(5_000_000)).unwrap();
        assert!(
            matches!(s.answer, Solved::Wins { moves, .. } if moves == shortest),
            "{text}: {:?}",
            s.answer
        );
        let p = p.expect("a proved win comes with its proof");
        check_proof(&pos, Player::Red, &p).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let (s, p) = wins_with_proof(
        &line(four),
        Player::Red,
        2,
        &SearchLimit::positions(5_000_000),
    )
    .unwrap();
    assert!(!matches!(s.answer, Solved::Wins { .. }), "{:?}", s.answer);
    assert!(p.is_none());
}

/// A defender's turn whose other replies are answered as after a pass
/// (`Rest::Passed`), in the short win's proof of a win in 5 where no
/// virtual connection answers them (puzzle 12 of
/// `benches/secure-puzzles.tsv`): for each such turn whose answer is at
/// most 3,000 positions (the first 200 turns), every reply the proof does not list is played by
/// the rules and the answer replayed after it by `check_proof`: it holds.
/// And a reply the checker wants listed, left out, is rejected.
#[test]
fn a_pass_answers_every_reply_the_proof_does_not_list() {
    let text =
        "12-cut-top-right/pencil/c12,d6,f2,h7,j5,j9,k2,k5,k9/b6,b8,c1,c3,e2,e4,e7,h10,h11/*/red";
    let pos = line(text);
    let p = proof(&pos, Player::Red);
    check_proof(&pos, Player::Red, &p).unwrap_or_else(|e| panic!("{e}"));
    let mut turns = Vec::new();
    passed_turns(&pos, &p, &mut turns);
    assert!(!turns.is_empty(), "no reply answered as after a pass");
    let (mut tried, mut replayed) = (0, 0);
    for (at, replies, answer) in &turns {
        tried += 1;
        if answer.size() > 3_000 || tried > 200 {
            continue;
        }
        let free = |h: &Hole| at.peg(*h).is_none() && at.size().playable_by(at.to_move(), *h);
        for h in at.size().holes().filter(free) {
            if replies.contains(&h) {
                continue;
            }
            let mut after = at.clone();
            after.play(&twixtkit::prelude::Move::peg(h)).unwrap();
            check_proof(&after, Player::Red, answer)
                .unwrap_or_else(|e| panic!("after the reply {h}: {e}"));
            replayed += 1;
        }
    }
    eprintln!(
        "{} turns answered as after a pass; {replayed} replies replayed",
        turns.len()
    );
    assert!(replayed > 1_000, "{replayed} replies replayed");
    // A listed reply dropped from the first such turn is rejected: the
    // checker lists it as one the answer to a pass may not survive.
    let (at, replies, answer) = &turns[0];
    let node = ProofNode::Replies {
        replies: Vec::new(),
        rest: Some(Rest::Passed(Box::new((*answer).clone()))),
    };
    assert!(!replies.is_empty());
    let e = check_proof(at, Player::Red, &node).expect_err("a needed reply left out");
    assert!(e.why.contains("is not answered"), "{e}");
}

/// The defender's turns of `p` (from `pos`) whose other replies are
/// answered as after a pass: the position, the replies listed, and that
/// answer.
fn passed_turns<'p>(
    pos: &Position,
    p: &'p ProofNode,
    out: &mut Vec<(Position, Vec<Hole>, &'p ProofNode)>,
) {
    match p {
        ProofNode::Won | ProofNode::Template(_) => {}
        ProofNode::Move { hole, next } => {
            let mut after = pos.clone();
            after.play(&twixtkit::prelude::Move::peg(*hole)).unwrap();
            passed_turns(&after, next, out);
        }
        ProofNode::Replies { replies, rest } => {
            if let Some(Rest::Passed(q)) = rest {
                out.push((pos.clone(), replies.iter().map(|(h, _)| *h).collect(), q));
            }
            for (h, q) in replies {
                let mut after = pos.clone();
                after.play(&twixtkit::prelude::Move::peg(*h)).unwrap();
                passed_turns(&after, q, out);
            }
        }
    }
}

/// A proof after a pass that names holes off the board (a move, a
/// template's option) is rejected with a reason, never a panic.
#[test]
fn a_pass_naming_holes_off_the_board_is_rejected() {
    let text =
        "12-cut-top-right/pencil/c12,d6,f2,h7,j5,j9,k2,k5,k9/b6,b8,c1,c3,e2,e4,e7,h10,h11/*/red";
    let mut pos = line(text);
    pos.play(&twixtkit::prelude::Move::peg(Hole::new(8, 6)))
        .unwrap();
    let far = Hole::new(40, 40);
    let bad_move = ProofNode::Move {
        hole: far,
        next: Box::new(ProofNode::Won),
    };
    // j9 and its knight's step off the bottom edge.
    let bad_option = ProofNode::Template(twixt_core::solver::Template {
        first: None,
        gaps: vec![TemplateGap {
            ends: (Hole::new(9, 8), None),
            options: vec![Hole::new(10, 12), Hole::new(8, 12)],
            area: Vec::new(),
        }],
    });
    for answer in [bad_move, bad_option] {
        let node = ProofNode::Replies {
            replies: Vec::new(),
            rest: Some(Rest::Passed(Box::new(answer))),
        };
        assert!(check_proof(&pos, Player::Red, &node).is_err());
    }
}
