//! Any model, however odd (holes off the board, crops outside it, marks
//! anywhere), gives a well-formed picture and never a panic.

use proptest::prelude::*;
use twixtkit::diagram::blank::{BlankOptions, blank_page};
use twixtkit::diagram::png::render_pixmap;
use twixtkit::diagram::sheet::{Paper, SheetOptions, sheets};
use twixtkit::diagram::{Charset, Crop, Diagram, Mark, Scale, Style, to_svg, to_text};
use twixtkit::prelude::{BoardSize, Hole, Link, Player, Setup};
use twixtkit::script::Sides;

fn hole() -> impl Strategy<Value = Hole> {
    (0u16..45, 0u16..45).prop_map(|(c, r)| Hole::new(c, r))
}

fn mark() -> impl Strategy<Value = Mark> {
    prop_oneof![
        hole().prop_map(Mark::Cross),
        hole().prop_map(Mark::HighlightHole),
        (hole(), hole()).prop_map(|(a, b)| Mark::Area(Crop { min: a, max: b })),
        (hole(), hole()).prop_map(|(from, to)| Mark::Arrow { from, to }),
        (hole(), "\\PC{0,4}").prop_map(|(hole, text)| Mark::Letter { hole, text }),
        (hole(), any::<bool>(), proptest::option::of("[0-9a-z]{1,3}")).prop_map(
            |(hole, red, label)| Mark::Ghost {
                hole,
                player: if red { Player::Red } else { Player::Black },
                label,
            }
        ),
        hole().prop_filter_map("knight step", |h| h
            .offset(1, 2)
            .and_then(|o| Link::new(h, o))
            .map(Mark::HighlightLink)),
    ]
}

prop_compose! {
    fn diagram()(
        w in 3u64..40, h in 3u64..40,
        pegs in proptest::collection::vec((hole(), any::<bool>()), 0..40),
        marks in proptest::collection::vec(mark(), 0..8),
        crop in proptest::option::of((hole(), hole())),
        sides in 0u8..16,
        caption in proptest::option::of("\\PC{0,80}"),
        guides in any::<bool>(),
    ) -> Diagram {
        let mut s = Setup::empty(BoardSize::new(w, h).unwrap());
        for (h, red) in &pegs {
            s.pegs.insert(*h, if *red { Player::Red } else { Player::Black });
        }
        for (h, _) in &pegs {
            for (dc, dr) in [(1, 2), (2, 1), (2, -1), (1, -2)] {
                if let Some(l) = h.offset(dc, dr).and_then(|o| Link::new(*h, o))
                    && s.link_owner(l).is_some()
                {
                    s.links.insert(l);
                }
            }
        }
        let mut d = Diagram::from_setup(&s);
        let order: Vec<Option<Hole>> = pegs.iter().map(|(h, _)| Some(*h)).collect();
        d.number_moves(&order, twixtkit::diagram::Numbering::All);
        for m in marks {
            d.mark(m);
        }
        d.crop = crop.map(|(a, b)| Crop { min: a, max: b });
        d.coords = Sides {
            top: sides & 1 != 0,
            bottom: sides & 2 != 0,
            left: sides & 4 != 0,
            right: sides & 8 != 0,
        };
        d.caption = caption;
        d.guides = guides;
        d
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn any_diagram_renders(d in diagram(), style in 0usize..3) {
        let style = Style::builtin(["rulebook", "print", "screen"][style]).unwrap();
        let svg = to_svg(&d, &style, Scale::Px(4.0));
        prop_assert_eq!(&svg, &to_svg(&d, &style, Scale::Px(4.0)));
        render_pixmap(&svg, 1.0).expect("well formed");
        let _ = to_text(&d, Charset::Ascii);
        let _ = to_text(&d, Charset::Unicode);
    }

    #[test]
    fn any_sheet_and_blank_page_render(
        ds in proptest::collection::vec(diagram(), 0..5),
        cols in 0usize..4, rows in 0usize..4,
        w in 20.0f64..600.0, h in 20.0f64..600.0,
        per_page in 1usize..10, record in any::<bool>(),
    ) {
        let style = Style::rulebook();
        let paper = Paper { width_mm: w, height_mm: h };
        let opts = SheetOptions { paper, columns: Some(cols), rows: Some(rows), ..SheetOptions::default() };
        for page in sheets(&ds, &style, &opts) {
            render_pixmap(&page, 0.1).expect("well formed");
        }
        let blank = blank_page(
            &BlankOptions { paper, per_page, record, ..BlankOptions::default() },
            &style,
        );
        render_pixmap(&blank, 0.1).expect("well formed");
    }
}
