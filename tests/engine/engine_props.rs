//! Property tests over random legal games on small boards, checked against
//! plain reference implementations written here from the rules alone.

use std::collections::{BTreeSet, HashSet, VecDeque};

use proptest::prelude::*;
use twixt_core::moves::Removal;
use twixt_core::random::{SplitMix64, random_game};
use twixt_core::rules::{Crossing, Linking, RemovalRule, Swap};
use twixtkit::prelude::{
    BoardSize, Hole, Link, Move, Placement, Player, Position, RuleSet, Setup, Status, WinBy,
};

/// Exact integer test: the open segments meet in one interior point.
fn cross(a: Link, b: Link) -> bool {
    let p = |h: Hole| (i64::from(h.col), i64::from(h.row));
    let ((p0, p1), (q0, q1)) = (
        (p(a.ends().0), p(a.ends().1)),
        (p(b.ends().0), p(b.ends().1)),
    );
    let r = (p1.0 - p0.0, p1.1 - p0.1);
    let s = (q1.0 - q0.0, q1.1 - q0.1);
    let x = |u: (i64, i64), v: (i64, i64)| u.0 * v.1 - u.1 * v.0;
    let d = x(r, s);
    if d == 0 {
        return false;
    }
    let qp = (q0.0 - p0.0, q0.1 - p0.1);
    let (t, u, d) = if d < 0 {
        (-x(qp, s), -x(qp, r), -d)
    } else {
        (x(qp, s), x(qp, r), d)
    };
    0 < t && t < d && 0 < u && u < d
}

fn on_start(p: Player, h: Hole) -> bool {
    match p {
        Player::Red => h.row == 0,
        Player::Black => h.col == 0,
    }
}

fn on_end(size: BoardSize, p: Player, h: Hole) -> bool {
    match p {
        Player::Red => h.row == size.height() - 1,
        Player::Black => h.col == size.width() - 1,
    }
}

/// Plain breadth-first search over the links of a setup: does `p` have a
/// chain of own pegs and links joining its two border rows?
fn chain_exists(s: &Setup, p: Player) -> bool {
    let mut seen: HashSet<Hole> = HashSet::new();
    let mut queue: VecDeque<Hole> = VecDeque::new();
    for (&h, &q) in &s.pegs {
        if q == p && on_start(p, h) {
            seen.insert(h);
            queue.push_back(h);
        }
    }
    while let Some(h) = queue.pop_front() {
        if on_end(s.size, p, h) {
            return true;
        }
        for l in s.links.iter().filter(|l| l.touches(h)) {
            let o = l.other_end(h);
            if s.pegs.get(&o) == Some(&p) && seen.insert(o) {
                queue.push_back(o);
            }
        }
    }
    false
}

/// The dead-draw rule as documented, computed the slow way: fill every
/// empty hole `p` may use with a `p` peg, add every knight link of `p` that no
/// existing link forbids (opponent links always forbid; own links only under
/// crossing none without removal; under automatic linking without peg
/// removal, two existing pegs left unlinked stay unlinked), then look for a chain.
fn fill_reference(pos: &Position, p: Player) -> bool {
    let rules = pos.rules();
    let size = pos.size();
    let mut s = pos.to_setup();
    let existing: Vec<(Link, Player)> = pos.links().collect();
    let own_blocks = rules.crossing == Crossing::None && rules.removal == RemovalRule::None;
    let pegs_fixed =
        rules.links == Linking::Automatic && rules.removal != RemovalRule::LinksAndPegs;
    let old_pegs: BTreeSet<Hole> = s
        .pegs
        .iter()
        .filter(|&(_, &q)| q == p)
        .map(|(&h, _)| h)
        .collect();
    for h in size.holes() {
        if pos.peg(h).is_none() && size.playable_by(p, h) {
            s.pegs.insert(h, p);
        }
    }
    let mine: Vec<Hole> = s
        .pegs
        .iter()
        .filter(|&(_, &q)| q == p)
        .map(|(&h, _)| h)
        .collect();
    for &a in &mine {
        for &b in &mine {
            let Some(l) = Link::new(a, b) else { continue };
            if s.links.contains(&l) {
                continue;
            }
            if pegs_fixed && old_pegs.contains(&a) && old_pegs.contains(&b) {
                continue;
            }
            let blocked = existing
                .iter()
                .any(|&(m, owner)| cross(l, m) && (owner != p || own_blocks));
            if !blocked {
                s.links.insert(l);
            }
        }
    }
    chain_exists(&s, p)
}

fn preset(index: usize, width: u64, height: u64) -> RuleSet {
    let rules = RuleSet::presets()[index].rules.clone();
    let size = if rules.swap == Swap::Mirror {
        BoardSize::square(width).unwrap()
    } else {
        BoardSize::new(width, height).unwrap()
    };
    rules.with_size(size)
}

fn game_strategy() -> impl Strategy<Value = (RuleSet, u64)> {
    (
        0usize..RuleSet::presets().len(),
        5u64..=11,
        5u64..=11,
        any::<u64>(),
    )
        .prop_map(|(i, w, h, seed)| (preset(i, w, h), seed))
}

/// Every link on the board, with its owner, must be allowed by the rules.
fn check_links(pos: &Position) -> Result<(), TestCaseError> {
    let links: Vec<(Link, Player)> = pos.links().collect();
    for &(l, owner) in &links {
        let (a, b) = l.ends();
        prop_assert_eq!(pos.peg(a), Some(owner));
        prop_assert_eq!(pos.peg(b), Some(owner));
    }
    for (i, &(a, pa)) in links.iter().enumerate() {
        for &(b, pb) in &links[i + 1..] {
            if cross(a, b) {
                prop_assert!(pa == pb, "opponent links {} and {} cross", a, b);
                prop_assert!(
                    pos.rules().crossing == Crossing::Own,
                    "links {} and {} cross under crossing none",
                    a,
                    b
                );
            }
        }
    }
    for (h, p) in pos.pegs() {
        prop_assert!(pos.size().playable_by(p, h), "{} peg at {}", p, h);
    }
    Ok(())
}

/// `links_for_peg` (which uses the engine's incremental crossing marks)
/// agrees with a brute-force look at the links on the board, for every hole
/// and both players.
fn check_links_for_peg(pos: &Position) -> Result<(), TestCaseError> {
    let existing: Vec<(Link, Player)> = pos.links().collect();
    let size = pos.size();
    for p in [Player::Red, Player::Black] {
        for hole in size.holes() {
            let mut expected: Vec<Link> = size
                .holes()
                .filter(|&o| pos.peg(o) == Some(p))
                .filter_map(|o| Link::new(hole, o))
                .filter(|&l| {
                    !existing.iter().any(|&(m, owner)| {
                        cross(l, m) && (owner != p || pos.rules().crossing == Crossing::None)
                    })
                })
                .collect();
            expected.sort();
            prop_assert_eq!(pos.links_for_peg(hole, p), expected, "{} at {}", p, hole);
        }
    }
    Ok(())
}

/// A random, usually illegal, move.
fn junk_move(pos: &Position, rng: &mut SplitMix64) -> Move {
    let size = pos.size();
    let mut hole = || {
        Hole::new(
            rng.below(usize::from(size.width()) + 2) as u16,
            rng.below(usize::from(size.height()) + 2) as u16,
        )
    };
    let at = hole();
    let mut links = Vec::new();
    let mut removals = Vec::new();
    let pegs: Vec<Hole> = pos.pegs().map(|(h, _)| h).collect();
    let all_links: Vec<Link> = pos.links().map(|(l, _)| l).collect();
    let mut r = SplitMix64::new(u64::from(at.col) * 1000 + u64::from(at.row));
    for _ in 0..r.below(3) {
        let from = if pegs.is_empty() {
            at
        } else {
            pegs[r.below(pegs.len())]
        };
        let (dc, dr) = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1)][r.below(6)];
        if let Some(to) = from.offset(dc, dr) {
            links.extend(Link::new(from, to));
        }
    }
    match r.below(6) {
        0 if !all_links.is_empty() => {
            removals.push(Removal::Link(all_links[r.below(all_links.len())]))
        }
        1 if !pegs.is_empty() => removals.push(Removal::Peg(pegs[r.below(pegs.len())])),
        2 => return [Move::Swap, Move::AcceptDraw][r.below(2)].clone(),
        _ => {}
    }
    Move::Place(Placement {
        removals: removals.into(),
        hole: at,
        links: links.into(),
        offers_draw: r.one_in(5),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Links stay legal, win detection agrees with a plain search, and the
    /// dead-draw search agrees with the slow reference, at every ply.
    #[test]
    fn every_ply_agrees_with_references((rules, seed) in game_strategy()) {
        let moves = random_game(&rules, seed, 10_000);
        let mut pos = Position::new(rules.clone()).unwrap();
        for mv in &moves {
            let mover = pos.to_move();
            pos.play(mv).unwrap();
            check_links(&pos)?;
            let s = pos.to_setup();
            match pos.status() {
                Status::Won { winner, by: WinBy::Connection, ply } => {
                    prop_assert_eq!(winner, mover);
                    prop_assert_eq!(ply, pos.ply());
                    prop_assert!(chain_exists(&s, mover));
                }
                _ => {
                    prop_assert!(!chain_exists(&s, Player::Red));
                    prop_assert!(!chain_exists(&s, Player::Black));
                }
            }
            let mut can = [false; 2];
            for (k, p) in [Player::Red, Player::Black].into_iter().enumerate() {
                can[k] = pos.can_connect(p);
                prop_assert_eq!(can[k], fill_reference(&pos, p), "{} at ply {}", p, pos.ply());
            }
            prop_assert_eq!(pos.is_dead_draw(), !can[0] && !can[1]);
            check_links_for_peg(&pos)?;
        }
    }

    /// Without removals, once a player cannot connect, that player never
    /// becomes able to again and never wins by connection. (Where the rules
    /// allow removals the opponent may lift the links or pegs in the way, so
    /// `can_connect` only speaks of the opponent's pieces as they stand.)
    #[test]
    fn dead_ends_stay_dead((rules, seed) in game_strategy()) {
        let moves = random_game(&rules, seed, 10_000);
        let mut pos = Position::new(rules.clone()).unwrap();
        let mut blocked = [false, false];
        for mv in &moves {
            pos.play(mv).unwrap();
            for (k, p) in [Player::Red, Player::Black].into_iter().enumerate() {
                let can = pos.can_connect(p);
                if blocked[k] && rules.removal == RemovalRule::None {
                    prop_assert!(!can, "{} could connect again at ply {}", p, pos.ply());
                }
                blocked[k] |= !can;
            }
        }
        if rules.removal != RemovalRule::None {
            return Ok(());
        }
        if let Status::Won { winner, by: WinBy::Connection, .. } = pos.status() {
            let k = if winner == Player::Red { 0 } else { 1 };
            prop_assert!(!blocked[k], "{} won after being declared unable to connect", winner);
        }
    }

    /// A refused move changes nothing, not even hidden state: the game then
    /// goes on exactly as a clean replay.
    #[test]
    fn refused_moves_change_nothing((rules, seed) in game_strategy()) {
        let moves = random_game(&rules, seed, 10_000);
        let mut pos = Position::new(rules.clone()).unwrap();
        let mut clean = Position::new(rules.clone()).unwrap();
        let mut rng = SplitMix64::new(seed);
        for mv in &moves {
            for _ in 0..3 {
                let junk = junk_move(&pos, &mut rng);
                let mut trial = pos.clone();
                if trial.play(&junk).is_err() {
                    prop_assert_eq!(trial.to_setup(), pos.to_setup());
                    prop_assert_eq!(trial.ply(), pos.ply());
                    prop_assert_eq!(trial.to_move(), pos.to_move());
                    prop_assert_eq!(trial.status(), pos.status());
                    prop_assert_eq!(trial.draw_offer(), pos.draw_offer());
                    pos = trial;
                }
            }
            let a = pos.play(mv).unwrap();
            let b = clean.play(mv).unwrap();
            prop_assert_eq!(a, b);
            prop_assert_eq!(pos.status(), clean.status());
            prop_assert_eq!(pos.to_setup(), clean.to_setup());
        }
    }

    /// Swap is possible at most once, and only as the second move.
    #[test]
    fn swap_only_once((rules, seed) in game_strategy()) {
        let moves = random_game(&rules, seed, 40);
        let mut pos = Position::new(rules.clone()).unwrap();
        for (k, mv) in moves.iter().enumerate() {
            pos.play(mv).unwrap();
            if *mv == Move::Swap {
                prop_assert_eq!(k, 1);
            }
            if pos.status() == Status::Ongoing {
                let mut trial = pos.clone();
                let swap_ok = trial.play(&Move::Swap).is_ok();
                prop_assert_eq!(swap_ok, k == 0 && rules.swap != Swap::None);
            }
        }
    }
}
