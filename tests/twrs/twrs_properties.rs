//! Properties of TWRS play over many seeded random games, on the seed's
//! board and on others, with and without the advanced rules.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use twrs_core::moves::Move;
use twrs_core::point::Point;
use twrs_core::position::Position;
use twrs_core::position::{End, Piece, Status};
use twrs_core::random::random_game;
use twrs_core::rules::TwrsRules;

fn rules_strategy() -> impl Strategy<Value = TwrsRules> {
    (8u8..=14, 8u8..=14, any::<bool>(), 20u16..=60, any::<bool>()).prop_map(
        |(w, h, advanced, stones, choose)| {
            let base = if advanced {
                TwrsRules::advanced()
            } else {
                TwrsRules::basic()
            };
            TwrsRules {
                width: w,
                height: h,
                stones,
                mark_all_points: !choose,
                ..base
            }
        },
    )
}

fn all_points(p: &Position) -> Vec<Point> {
    (0..p.height())
        .flat_map(|r| (0..p.width()).map(move |c| Point::new(c, r)))
        .collect()
}

/// The areas by a plain breadth-first search over `piece_at`, as sets.
fn brute_areas(p: &Position) -> BTreeSet<BTreeSet<Point>> {
    let mut seen: BTreeSet<Point> = BTreeSet::new();
    let mut out = BTreeSet::new();
    for start in all_points(p) {
        if seen.contains(&start) || p.piece_at(start) == Some(Piece::Stone) {
            continue;
        }
        let mut area = BTreeSet::new();
        let mut queue = vec![start];
        seen.insert(start);
        while let Some(q) = queue.pop() {
            area.insert(q);
            let (c, r) = (i16::from(q.col), i16::from(q.row));
            for (dc, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let (nc, nr) = (c + dc, r + dr);
                if nc < 0 || nr < 0 || nc >= i16::from(p.width()) || nr >= i16::from(p.height()) {
                    continue;
                }
                let n = Point::new(nc as u8, nr as u8);
                if p.piece_at(n) != Some(Piece::Stone) && seen.insert(n) {
                    queue.push(n);
                }
            }
        }
        out.insert(area);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_invariant(rules in rules_strategy(), seed in any::<u64>()) {
        let (moves, end) = random_game(&rules, seed, 600).unwrap();
        let mut pos = Position::new(&rules).unwrap();
        let mut petrified_at: HashMap<u8, Point> = HashMap::new();
        for mv in &moves {
            let stones_before: BTreeSet<Point> = pos.stones().into_iter().collect();
            // The written move reads back as itself and replays.
            let text = mv.to_string();
            let again: Move = text.parse().unwrap();
            prop_assert_eq!(&again, mv);
            pos.play(&again).unwrap();
            // Stones never move or leave.
            let stones_after: BTreeSet<Point> = pos.stones().into_iter().collect();
            prop_assert!(stones_before.is_subset(&stones_after));
            prop_assert!(stones_after.len() <= usize::from(rules.stones));
            // The areas agree with a brute-force flood fill.
            let areas: BTreeSet<BTreeSet<Point>> =
                pos.areas().into_iter().map(|a| a.points.into_iter().collect()).collect();
            prop_assert_eq!(&areas, &brute_areas(&pos));
            let closed = areas.len() > 1;
            prop_assert!(pos.areas().iter().all(|a| a.closed == closed));
            // A petrified tower never moves again.
            for t in 1..=6u8 {
                if let Some(at) = pos.tower(t) {
                    if let Some(was) = petrified_at.get(&t) {
                        prop_assert_eq!(*was, at);
                        prop_assert!(pos.is_petrified(t));
                    } else if pos.is_petrified(t) {
                        petrified_at.insert(t, at);
                    }
                }
            }
            // The score never exceeds the free intersections.
            let s = pos.score();
            prop_assert!((s.orange + s.blue) as usize + stones_after.len()
                <= usize::from(rules.width) * usize::from(rules.height));
            // The game ends exactly when the player to move cannot move.
            match pos.status() {
                Status::Playing => prop_assert!(!pos.tower_moves().is_empty()),
                Status::Over(End::NoMove(side)) => {
                    prop_assert_eq!(side, pos.to_move());
                    prop_assert!(!pos.can_move(side));
                    prop_assert!(side.towers().iter().all(|&t| pos.destinations(t).is_empty()));
                }
                Status::Over(End::NoStones) => prop_assert_eq!(pos.stones_left(), 0),
                Status::Placing => {}
            }
        }
        prop_assert_eq!(pos, end);
    }
}

#[test]
fn random_games_are_the_same_for_a_seed_and_mostly_end() {
    let rules = TwrsRules::basic();
    let (a, _) = random_game(&rules, 7, 2000).unwrap();
    let (b, _) = random_game(&rules, 7, 2000).unwrap();
    assert_eq!(a, b);
    let ended = (0..200)
        .filter(|&seed| {
            matches!(
                random_game(&rules, seed, 2000).unwrap().1.status(),
                Status::Over(_)
            )
        })
        .count();
    assert!(ended >= 190, "only {ended} of 200 random games ended");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any text, however broken, reads and replays without a panic.
    #[test]
    fn any_script_text_reads_without_panic(body in "(\\[Game \"twrs\"\\]\n)?([ -~\n{}#éß]{0,300})") {
        let (games, _) = twixtkit::twrs::script::parse(&body);
        for g in &games {
            let _ = twixtkit::twrs::script::replay(&body, g);
        }
        let _ = body.parse::<Move>();
    }

    /// Lines built from the script's own words, in any order.
    #[test]
    fn scripts_of_real_words_read_without_panic(lines in proptest::collection::vec(prop_oneof![
        Just("[Game \"twrs\"]"), Just("[Size \"8x30\"]"), Just("[Rules \"twrs-advanced\"]"),
        Just("#setup stones: a1 k11 z26"), Just("#setup towers: 1 a2 2 b2 1 c3"), Just("#setup to-move: blue"),
        Just("1. 6 d7-d10 x2"), Just("2 j10-j7 x6/ a1"), Just("stone f6"), Just("3 f6"),
        Just("#diagram name=a show=areas,marking:1-2\\,moves-to:7"), Just("#score orange 1 blue"),
        Just("#marking-points 1 2/ none"), Just("#moves-to 9 a1"), Just("{open"), Just("#over no"),
    ], 0..30)) {
        let text = lines.join("\n");
        let (games, _) = twixtkit::twrs::script::parse(&text);
        for g in &games {
            let _ = twixtkit::twrs::script::replay(&text, g);
        }
    }
}

/// Replays a TWRS script's games: final positions and diagram positions.
fn replays(text: &str) -> Vec<(Position, Vec<Position>)> {
    let (games, errors) = twixtkit::twrs::script::parse(text);
    assert!(errors.is_empty(), "{errors:?}");
    games
        .iter()
        .map(|g| {
            let r = twixtkit::twrs::script::replay(text, g);
            assert!(r.errors.is_empty(), "{:?}", r.errors);
            (
                r.position,
                r.diagrams.into_iter().map(|d| d.position).collect(),
            )
        })
        .collect()
}

#[test]
fn canonical_form_is_stable_and_means_the_same() {
    let figures =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/twrs.twixt"))
            .unwrap();
    let mut texts = vec![figures];
    for seed in 0..20 {
        let rules = if seed % 2 == 0 {
            TwrsRules::basic()
        } else {
            TwrsRules::advanced()
        };
        let (moves, end) = random_game(&rules, seed, 500).unwrap();
        let name = if seed % 2 == 0 {
            "twrs"
        } else {
            "twrs-advanced"
        };
        texts.push(twixtkit::twrs::script::write_game(
            &[("Rules".into(), name.into())],
            &moves,
            &end,
        ));
    }
    for text in texts {
        let (games, _) = twixtkit::twrs::script::parse(&text);
        let once = twixtkit::twrs::script::write_file(&games);
        let (again, _) = twixtkit::twrs::script::parse(&once);
        assert_eq!(twixtkit::twrs::script::write_file(&again), once);
        assert_eq!(replays(&once), replays(&text));
    }
}
