//! `parse(write(file)) == file` for generated syntax trees and for the
//! example scripts; writing is idempotent.

use proptest::prelude::*;
use twixt_core::board::{Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal};
use twixtkit::script::*;

fn hole() -> impl Strategy<Value = Hole> {
    (0u16..40, 0u16..40).prop_map(|(c, r)| Hole::new(c, r))
}

fn link() -> impl Strategy<Value = Link> {
    (hole(), 0usize..8).prop_map(|(h, k)| {
        let (dc, dr) = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ][k];
        let h = Hole::new(h.col + 2, h.row + 2);
        Link::new(h, h.offset(dc, dr).unwrap()).unwrap()
    })
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::Red), Just(Player::Black)]
}

/// One line of free text (tag values, captions, labels, remarks).
fn text() -> impl Strategy<Value = String> {
    "[^\n\r]{0,12}"
}

fn comment() -> impl Strategy<Value = String> {
    "(.|\n){0,20}"
}

fn mv() -> impl Strategy<Value = Move> {
    let place = (
        prop::collection::vec(
            prop_oneof![
                hole().prop_map(Removal::Peg),
                link().prop_map(Removal::Link)
            ],
            0..2,
        ),
        hole(),
        prop::collection::vec(link(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(removals, hole, links, offers_draw)| {
            Move::Place(Placement {
                removals: removals.into(),
                hole,
                links: links.into(),
                offers_draw,
            })
        });
    prop_oneof![
        6 => place,
        1 => Just(Move::Swap),
        1 => Just(Move::Resign),
        1 => Just(Move::AcceptDraw),
    ]
}

fn glyph() -> impl Strategy<Value = Option<Glyph>> {
    prop::option::of(prop::sample::select(Glyph::ALL.to_vec()))
}

fn diagram() -> impl Strategy<Value = DiagramPoint> {
    (
        prop::option::of(text()),
        prop::option::of(text()),
        prop::option::of(prop_oneof![
            Just(Numbers::None),
            Just(Numbers::All),
            Just(Numbers::SinceLast),
            (0u32..50, 0u32..50).prop_map(|(a, b)| Numbers::Range(a.min(b), a.max(b))),
        ]),
        prop::option::of((hole(), hole())),
        prop::option::of("[a-z]{1,6}"),
        prop::collection::vec(("x[a-z]{0,5}", text()), 0..2),
    )
        .prop_map(
            |(name, caption, numbers, crop, style, extra)| DiagramPoint {
                name,
                caption,
                numbers,
                crop,
                look: PointLook {
                    style,
                    ..PointLook::default()
                },
                extra,
                span: Span::default(),
            },
        )
}

fn mark() -> impl Strategy<Value = Mark> {
    let kind = prop_oneof![
        (hole(), text()).prop_map(|(hole, text)| MarkKind::Label { hole, text }),
        (player(), hole(), prop::option::of(text())).prop_map(|(player, hole, label)| {
            MarkKind::Ghost {
                player,
                hole,
                label,
            }
        }),
        prop::collection::vec(
            prop_oneof![hole().prop_map(Target::Hole), link().prop_map(Target::Link)],
            1..4
        )
        .prop_map(MarkKind::Highlight),
        (hole(), hole()).prop_map(|(a, b)| MarkKind::Arrow(a, b)),
        (hole(), hole()).prop_map(|(a, b)| MarkKind::Area(a, b)),
        link().prop_map(MarkKind::NewLink),
        link().prop_map(MarkKind::RemovedLink),
    ];
    kind.prop_map(|kind| Mark {
        kind,
        span: Span::default(),
    })
}

fn claim() -> impl Strategy<Value = Claim> {
    let kind = prop_oneof![
        (0u32..9).prop_map(ClaimKind::LinkCount),
        prop::collection::vec(link(), 0..3).prop_map(ClaimKind::Links),
        (hole(), prop::collection::vec(hole(), 1..3))
            .prop_map(|(hole, with)| ClaimKind::WouldLink { hole, with }),
        (hole(), hole()).prop_map(|(a, b)| ClaimKind::CannotJoin(a, b)),
        (link(), prop::option::of(link())).prop_map(|(link, by)| ClaimKind::Blocked { link, by }),
        player().prop_map(ClaimKind::Connected),
        player().prop_map(ClaimKind::CannotConnect),
        player().prop_map(ClaimKind::CanConnect),
        Just(ClaimKind::DeadDraw),
    ];
    kind.prop_map(|kind| Claim {
        kind,
        span: Span::default(),
    })
}

fn simple_element() -> impl Strategy<Value = Element> {
    prop_oneof![
        6 => (mv(), glyph()).prop_map(|(mv, glyph)| Element::Move(MoveNode { mv, glyph, span: Span::default() })),
        2 => comment().prop_map(Element::Comment),
        1 => text().prop_map(|t| Element::Remark(t.trim().to_string())),
        1 => diagram().prop_map(|d| Element::Diagram(Box::new(d))),
        1 => mark().prop_map(|m| Element::Mark(Box::new(m))),
        1 => claim().prop_map(|c| Element::Claim(Box::new(c))),
    ]
}

/// A line whose variations each follow a move.
fn line() -> impl Strategy<Value = Line> {
    let leaf = prop::collection::vec(simple_element(), 0..8).prop_map(|elements| Line { elements });
    leaf.prop_recursive(3, 40, 4, |inner| {
        (
            prop::collection::vec(simple_element(), 0..6),
            prop::collection::vec((inner, 0usize..8), 0..3),
        )
            .prop_map(|(mut elements, vars)| {
                for (v, at) in vars {
                    // Put the variation after some move of the line, if it has one.
                    let moves: Vec<usize> = elements
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| matches!(e, Element::Move(_)))
                        .map(|(i, _)| i)
                        .collect();
                    if let Some(&i) = moves.get(at % moves.len().max(1)) {
                        elements.insert(i + 1, Element::Variation(v));
                    }
                }
                Line { elements }
            })
    })
}

fn tag() -> impl Strategy<Value = Tag> {
    let known = prop_oneof![
        text().prop_map(|v| ("Title".to_string(), v)),
        text().prop_map(|v| ("Red".to_string(), v)),
        prop::sample::select(vec!["24", "30x20", "3"])
            .prop_map(|v| ("Size".to_string(), v.to_string())),
        prop::sample::select(vec![
            "pencil",
            "board",
            "schmidt",
            "dujardin",
            "x.yaml",
            "board swap=none"
        ])
        .prop_map(|v| ("Rules".to_string(), v.to_string())),
        prop::sample::select(vec!["red", "black"])
            .prop_map(|v| ("First".to_string(), v.to_string())),
        prop::sample::select(vec!["red", "black", "draw", "*"])
            .prop_map(|v| ("Result".to_string(), v.to_string())),
        ("Zz[a-z]{0,5}", text()),
    ];
    known.prop_map(|(name, value)| Tag {
        name,
        value,
        span: Span::default(),
    })
}

fn setup() -> impl Strategy<Value = SetupBlock> {
    (
        prop::collection::vec(hole(), 0..4),
        prop::collection::vec(hole(), 0..4),
        prop::collection::vec(link(), 0..3),
        any::<bool>(),
        prop::option::of(player()),
    )
        .prop_map(|(red, black, links, implied_links, to_move)| SetupBlock {
            red,
            black,
            links,
            implied_links,
            to_move,
            line_rules: Default::default(),
            span: Span::default(),
        })
}

fn game() -> impl Strategy<Value = Game> {
    (
        prop::collection::vec(text().prop_map(|t| t.trim().to_string()), 0..2),
        prop::collection::vec(tag(), 1..5),
        prop::option::of(setup()),
        line(),
    )
        .prop_map(|(preamble, tags, setup, line)| Game {
            span: Span::default(),
            preamble,
            tags,
            setup,
            line,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn generated_files_round_trip(games in prop::collection::vec(game(), 1..4)) {
        let file = ScriptFile { games };
        let text = write_file(&file);
        let parsed = parse(&text);
        prop_assert!(parsed.errors.is_empty(), "{}\n{}", text,
            parsed.errors.first().map(|e| e.to_diagnostic("gen", &text).render()).unwrap_or_default());
        prop_assert_eq!(&parsed.file, &file, "{}", text);
        prop_assert_eq!(write_file(&parsed.file), text);
    }
}

#[test]
fn examples_are_canonical_and_round_trip() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "twixt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let p = parse(&text);
            assert!(p.errors.is_empty(), "{}", path.display());
            assert_eq!(
                write_file(&p.file),
                text,
                "{} is not canonical",
                path.display()
            );
            n += 1;
        }
    }
    assert!(n >= 2, "expected example scripts in examples/");
}
