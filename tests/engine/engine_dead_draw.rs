//! Dead-draw detection on positions whose answer can be checked by hand.

use twixt_core::random::random_game;
use twixtkit::prelude::{BoardSize, Hole, Link, Player, Position, RuleSet, Setup};

fn h(name: &str) -> Hole {
    name.parse().unwrap()
}

fn setup(size: BoardSize, pegs: &[(&str, Player)], links: &[&str]) -> Setup {
    Setup {
        size,
        pegs: pegs.iter().map(|&(n, p)| (h(n), p)).collect(),
        links: links.iter().map(|n| n.parse::<Link>().unwrap()).collect(),
        to_move: None,
    }
}

use Player::{Black, Red};

#[test]
fn tiny_boards_are_dead_from_the_start() {
    // On 3x3 no two holes are a knight's move apart; on 4x4 Red cannot get
    // from row 1 to row 4 through columns b and c (and Black likewise).
    for side in [3, 4] {
        let rules = RuleSet::dujardin().with_size(BoardSize::square(side).unwrap());
        let pos = Position::new(rules).unwrap();
        assert!(!pos.can_connect(Red), "{side}");
        assert!(!pos.can_connect(Black), "{side}");
        assert!(pos.is_dead_draw(), "{side}");
    }
    let pos = Position::new(RuleSet::pencil().with_size(BoardSize::square(5).unwrap())).unwrap();
    assert!(pos.can_connect(Red) && pos.can_connect(Black));
    assert!(!pos.is_dead_draw());
}

#[test]
fn the_standard_board_is_open() {
    for preset in RuleSet::presets() {
        let pos = Position::new(preset.rules).unwrap();
        assert!(!pos.is_dead_draw(), "{}", preset.name);
    }
}

/// On 5x5 Red may use columns b..d only. With Black on b3 and d3, every
/// Red path from row 1 to row 5 runs b1 or d1, then c3, then b5 or d5
/// (b1-d2-c4 and d1-b2-c4 are dead ends: c4 has no way down).
fn narrow_5x5(extra: &[(&str, Player)], links: &[&str]) -> Setup {
    let mut pegs = vec![("b3", Black), ("d3", Black)];
    pegs.extend_from_slice(extra);
    setup(BoardSize::square(5).unwrap(), &pegs, links)
}

#[test]
fn occupied_holes_block() {
    let size = BoardSize::square(5).unwrap();
    let rules = RuleSet::pencil().with_size(size);
    let pos = Position::from_setup(&narrow_5x5(&[], &[]), rules.clone()).unwrap();
    assert!(pos.can_connect(Red), "b1-c3-d5 is open");
    // Black on c3 as well: no Red path is left.
    let pos = Position::from_setup(&narrow_5x5(&[("c3", Black)], &[]), rules.clone()).unwrap();
    assert!(!pos.can_connect(Red));
    // Black still gets across: a2-c3-e2.
    assert!(pos.can_connect(Black));
    assert!(!pos.is_dead_draw());
}

#[test]
fn opponent_links_block() {
    let size = BoardSize::square(5).unwrap();
    let rules = RuleSet::pencil().with_size(size);
    // A lone Black peg on b2 changes nothing for Red.
    let pos = Position::from_setup(&narrow_5x5(&[("b2", Black)], &[]), rules.clone()).unwrap();
    assert!(pos.can_connect(Red));
    // Black's link b2-d3 crosses both b1-c3 and d1-c3: Red is cut off.
    let s = narrow_5x5(&[("b2", Black)], &["b2-d3"]);
    let pos = Position::from_setup(&s, rules).unwrap();
    let wall: Link = "b2-d3".parse().unwrap();
    assert_eq!(pos.blocker("b1-c3".parse().unwrap(), Red), Some(wall));
    assert_eq!(pos.blocker("d1-c3".parse().unwrap(), Red), Some(wall));
    assert!(!pos.can_connect(Red));
}

#[test]
fn own_links_block_only_under_crossing_none_without_removal() {
    // Red's own c2-b4 crosses b1-c3 and c2-d4 crosses d1-c3. Red's c2 group
    // reaches row 5 (b4-d5) but not row 1 (c2's upward steps are corners).
    let s = narrow_5x5(
        &[("c2", Red), ("b4", Red), ("d4", Red)],
        &["c2-b4", "c2-d4"],
    );
    let size = BoardSize::square(5).unwrap();
    for (rules, can) in [
        // Own links may cross own links.
        (RuleSet::pencil(), true),
        // Crossing none, but Red may lift its own links first.
        (RuleSet::board(), true),
        (RuleSet::schmidt(), true),
        // Crossing none and nothing is ever removed: both ways into c3 are shut.
        (RuleSet::dujardin(), false),
    ] {
        let rules = rules.with_size(size);
        let pos = Position::from_setup(&s, rules.clone()).unwrap();
        assert_eq!(pos.can_connect(Red), can, "{rules}");
    }
}

#[test]
fn existing_own_links_are_always_usable_steps() {
    // A linked Red chain b1-c3-d5 is a win under every rule set, and its
    // links are usable steps even where own links otherwise block.
    let s = narrow_5x5(
        &[("b1", Red), ("c3", Red), ("d5", Red)],
        &["b1-c3", "c3-d5"],
    );
    let size = BoardSize::square(5).unwrap();
    for preset in RuleSet::presets() {
        let rules = preset.rules.with_size(size);
        let pos = Position::from_setup(&s, rules).unwrap();
        assert_eq!(
            pos.status(),
            twixt_core::position::Status::Won {
                winner: Red,
                ply: 5,
                by: twixt_core::position::WinBy::Connection
            }
        );
        assert!(pos.can_connect(Red), "{}", preset.name);
    }
}

#[test]
fn unlinked_own_pegs_stay_unlinked_under_automatic_linking() {
    // Red pegs b1 and c3 without their link: under automatic linking the link
    // can never be added (a link comes only with a new peg), so b1-c3 is not
    // a usable step; d1-c3 still is, as d1 is empty.
    let size = BoardSize::square(5).unwrap();
    let s = narrow_5x5(&[("b1", Red), ("c3", Red)], &[]);
    let pos = Position::from_setup(&s, RuleSet::dujardin().with_size(size)).unwrap();
    assert!(pos.can_connect(Red));
    // Fill d1 with a Red peg that is not linked either: now the only ways
    // into c3 are unlinked pairs of existing pegs.
    let s = narrow_5x5(&[("b1", Red), ("c3", Red), ("d1", Red)], &[]);
    let auto = Position::from_setup(&s, RuleSet::dujardin().with_size(size)).unwrap();
    assert!(!auto.can_connect(Red));
    // Under manual linking Red may add b1-c3 later, and under Schmidt rules
    // lift b1 and put it back.
    let manual = Position::from_setup(&s, RuleSet::board().with_size(size)).unwrap();
    assert!(manual.can_connect(Red));
    let schmidt = Position::from_setup(&s, RuleSet::schmidt().with_size(size)).unwrap();
    assert!(schmidt.can_connect(Red));
}

#[test]
fn a_won_game_leaves_the_loser_unable_to_connect() {
    for preset in RuleSet::presets() {
        for seed in 0..6 {
            let rules = preset.rules.clone();
            let moves = random_game(&rules, seed, 10_000);
            let mut pos = Position::new(rules).unwrap();
            for mv in &moves {
                pos.play(mv).unwrap();
            }
            if let twixt_core::position::Status::Won {
                winner,
                by: twixt_core::position::WinBy::Connection,
                ..
            } = pos.status()
            {
                assert!(pos.can_connect(winner));
                assert!(
                    !pos.can_connect(winner.opponent()),
                    "{} seed {seed}",
                    preset.name
                );
                assert!(!pos.is_dead_draw());
            }
        }
    }
}

/// On a window, a cut side's outermost row is a border row corners and all:
/// 5x5 cut left has a1 (and a5), and a Red chain may start there. With Black
/// on every other first-row hole's onward steps, a1-c2-b4-d5 is Red's only
/// way, so Red can still connect (and by symmetry Black from a1 when the top
/// is cut).
#[test]
fn a_cut_side_seeds_its_whole_outermost_row() {
    use twixt_core::board::Side;
    let blockers = ["d2", "a3", "c3", "a2", "e2", "b3", "d3", "b2", "e3"];
    let size = BoardSize::square(5).unwrap().with_cut(&[Side::Left]);
    let pegs: Vec<_> = blockers.iter().map(|&n| (n, Black)).collect();
    let rules = RuleSet::pencil().with_size(size);
    let pos = Position::from_setup(&setup(size, &pegs, &[]), rules).unwrap();
    assert!(pos.can_connect(Red), "a1-c2-b4-d5 is open");
    assert!(!pos.is_dead_draw());
    // The same board turned a quarter: the top cut, Black from a1.
    let size = BoardSize::square(5).unwrap().with_cut(&[Side::Top]);
    let turned = |n: &str| {
        let h = h(n);
        Hole::new(h.row, h.col).to_string()
    };
    let names: Vec<String> = blockers.iter().map(|n| turned(n)).collect();
    let pegs: Vec<_> = names.iter().map(|n| (n.as_str(), Red)).collect();
    let rules = RuleSet::pencil().with_size(size);
    let pos = Position::from_setup(&setup(size, &pegs, &[]), rules).unwrap();
    assert!(pos.can_connect(Black), "a1-b3-d2-e4 is open");
    assert!(!pos.is_dead_draw());
}
