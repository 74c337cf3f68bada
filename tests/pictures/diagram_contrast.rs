//! Every mark is visible in every built-in style: each mark kind is drawn in
//! each style, and the colours the SVG uses for it are checked against the
//! page and against the pegs and links it is drawn over or beside.

use twixtkit::diagram::Mark;
use twixtkit::diagram::{BUILTIN_NAMES, Colour};
use twixtkit::diagram::{Diagram, Scale, Style, to_svg};
use twixtkit::prelude::{BoardSize, Player};

fn h(s: &str) -> twixt_core::board::Hole {
    s.parse().unwrap()
}

/// A board with a peg of each colour and one mark of every kind.
fn every_mark() -> Diagram {
    let mut d = Diagram::blank(BoardSize::square(12).unwrap());
    d.pegs.insert(h("c3"), Player::Red);
    d.pegs.insert(h("d5"), Player::Red);
    d.pegs.insert(h("h8"), Player::Black);
    d.links.insert("c3-d5".parse().unwrap());
    d.marks
        .insert(Mark::HighlightLink("c3-d5".parse().unwrap()));
    d.marks.insert(Mark::HighlightHole(h("h8")));
    d.marks
        .insert(Mark::Area(twixtkit::diagram::Crop::new(h("b2"), h("e6"))));
    for (hole, player) in [("f6", Player::Red), ("g9", Player::Black)] {
        d.marks.insert(Mark::Ghost {
            hole: h(hole),
            player,
            label: Some("3a".into()),
        });
    }
    d.marks.insert(Mark::Cross(h("j4")));
    d.marks.insert(Mark::Letter {
        hole: h("k10"),
        text: "A".into(),
    });
    d.marks.insert(Mark::Arrow {
        from: h("e9"),
        to: h("g10"),
    });
    d.marks.insert(Mark::NewLink("d5-e7".parse().unwrap()));
    d.marks.insert(Mark::RemovedLink("h8-j9".parse().unwrap()));
    d
}

/// The value of attribute `attr` on the first element that has `marker`.
fn attr_after(svg: &str, marker: &str, attr: &str) -> String {
    let at = svg.find(marker).unwrap_or_else(|| panic!("no {marker}"));
    let tail = &svg[at..];
    let key = format!("{attr}=\"");
    let v = &tail[tail
        .find(&key)
        .unwrap_or_else(|| panic!("no {attr} after {marker}"))
        + key.len()..];
    v[..v.find('"').unwrap()].to_string()
}

fn contrast(a: &str, b: &Colour) -> f64 {
    Colour::parse(a).unwrap().contrast(b).unwrap_or(21.0)
}

#[test]
fn every_mark_kind_is_visible_in_every_built_in_style() {
    let d = every_mark();
    for name in BUILTIN_NAMES {
        let s = Style::builtin(name).unwrap();
        let svg = to_svg(&d, &s, Scale::Px(24.0));
        let page = if s.background.is_none() {
            Colour::parse("#ffffff").unwrap()
        } else {
            s.background.clone()
        };
        // Ghosts: outline and label stand out from the page.
        for player in ["red", "black"] {
            let stroke = attr_after(&svg, &format!("class=\"ghost {player}\""), "stroke");
            assert!(
                contrast(&stroke, &page) >= 3.0,
                "{name}: {player} ghost {stroke} on {page}"
            );
            let label = attr_after(&svg, &format!("class=\"ghost-{player}\""), "fill");
            assert!(
                contrast(&label, &page) >= 3.0,
                "{name}: {player} ghost label {label} on {page}"
            );
        }
        // Crosses, letters and arrows in the mark colour.
        assert!(contrast(s.mark.as_str(), &page) >= 3.0, "{name}: marks");
        // Highlights differ from the page, from the links they run under and
        // from the pegs they ring.
        for (what, c) in [
            ("page", &page),
            ("red link", &s.red_link),
            ("black link", &s.black_link),
            ("black peg", &s.black),
            ("red peg", &s.red),
        ] {
            assert!(
                contrast(s.highlight.as_str(), c) >= 1.4,
                "{name}: highlight {} against the {what} {c}",
                s.highlight
            );
        }
        assert!(
            svg.contains(s.highlight.as_str()),
            "{name}: highlight drawn"
        );
    }
}
