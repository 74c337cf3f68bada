//! Coordinates never touch the board: every row number and column letter
//! of a drawing, laid out by resvg with the bundled font as the PNG writer
//! lays it out, keeps clear of every stone, tower, ring, square, line and
//! tinted area, on small, large and oblong grids, and stays inside the
//! picture. The boxes are the ones usvg computes: a label's box is the ink
//! of its glyphs, anything else's box includes its stroke.

use std::sync::Arc;

use resvg::usvg;
use twixtkit::diagram::font::{DEJAVU_SANS, FAMILY};
use twixtkit::diagram::{Diagram, Mark, Scale, Style};
use twixtkit::prelude::{BoardSize, Hole, Player};
use twixtkit::script::Sides;
use twixtkit::twrs::draw::to_svg;
use twixtkit::twrs::script::Show;
use twrs_core::moves::Lines;
use twrs_core::point::Point;
use twrs_core::position::Position;
use twrs_core::rules::TwrsRules;
use twrs_core::setup::Setup;

/// Space a label keeps from anything drawn, in px.
const CLEAR: f32 = 1.0;

fn options() -> usvg::Options<'static> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(DEJAVU_SANS.to_vec());
    db.set_sans_serif_family(FAMILY);
    let mut opt = usvg::Options {
        font_family: FAMILY.to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb = Arc::new(db);
    opt
}

/// The labels (text and ink box) in the group `coords`, and the boxes of
/// everything else drawn, but the background.
fn boxes(svg: &str) -> (usvg::Size, Vec<(String, usvg::Rect)>, Vec<usvg::Rect>) {
    fn walk(
        g: &usvg::Group,
        in_coords: bool,
        labels: &mut Vec<(String, usvg::Rect)>,
        drawn: &mut Vec<usvg::Rect>,
    ) {
        for n in g.children() {
            match n {
                usvg::Node::Group(c) => walk(c, in_coords || c.id() == "coords", labels, drawn),
                usvg::Node::Text(t) if in_coords => {
                    let text = t.chunks().iter().map(|c| c.text()).collect();
                    // The glyph outlines, in the text's own units: placed
                    // with the text's transform (a viewBox's scale too).
                    let ink = t.flattened().bounding_box();
                    labels.push((text, ink.transform(t.abs_transform()).unwrap()));
                }
                other => drawn.push(other.abs_stroke_bounding_box()),
            }
        }
    }
    let tree = usvg::Tree::from_str(svg, &options()).unwrap();
    let size = tree.size();
    let (mut labels, mut drawn) = (Vec::new(), Vec::new());
    walk(tree.root(), false, &mut labels, &mut drawn);
    // The background fills the picture.
    drawn.retain(|r| r.width() < size.width() - 0.5 || r.height() < size.height() - 0.5);
    (size, labels, drawn)
}

/// Every way a label of `svg` touches something drawn or leaves the picture.
fn crowding(svg: &str) -> Vec<String> {
    let (size, labels, drawn) = boxes(svg);
    assert!(!labels.is_empty(), "no coordinates drawn");
    let mut out = Vec::new();
    for (text, l) in &labels {
        if l.left() < 0.0 || l.top() < 0.0 || l.right() > size.width() || l.bottom() > size.height()
        {
            out.push(format!("{text} {l:?} leaves the picture {size:?}"));
        }
        for d in &drawn {
            let apart = l.right() + CLEAR <= d.left()
                || d.right() + CLEAR <= l.left()
                || l.bottom() + CLEAR <= d.top()
                || d.bottom() + CLEAR <= l.top();
            if !apart {
                out.push(format!("{text} {l:?} touches {d:?}"));
            }
        }
    }
    out
}

fn rules(width: u8, height: u8) -> TwrsRules {
    TwrsRules {
        width,
        height,
        stones: u16::from(width) * u16::from(height),
        ..TwrsRules::basic()
    }
}

/// Pieces on every intersection of the labelled edges (column a and row 1):
/// towers in the corners and beside the two-digit numbers and the letters
/// with descenders, stones between them.
fn crowded_edges(width: u8, height: u8) -> Position {
    let (w, h) = (width - 1, height - 1);
    let spots = [
        Point::new(0, h),
        Point::new(0, 0),
        Point::new(0, h - 1),
        Point::new(6.min(w), 0),
        Point::new(9.min(w - 1), 0),
        Point::new(0, 9.min(h - 2)),
    ];
    let mut towers: Vec<(u8, Point)> = Vec::new();
    for p in spots {
        if !towers.iter().any(|&(_, q)| q == p) {
            towers.push((towers.len() as u8 + 1, p));
        }
    }
    let edges = (0..width)
        .map(|c| Point::new(c, 0))
        .chain((1..height).map(|r| Point::new(0, r)));
    let stones = edges
        .filter(|p| !towers.iter().any(|&(_, q)| q == *p))
        .collect();
    Position::from_setup(
        &rules(width, height),
        &Setup { stones, towers },
        twrs_core::point::Player::Orange,
    )
    .unwrap()
}

/// Towers walled in alone on the labelled edges, so petrified (the heaviest
/// ring) in tinted areas: column b and row 2 all stones, column a and row 1
/// alternating.
fn petrified_edges(width: u8, height: u8) -> Position {
    let (w, h) = (width - 1, height - 1);
    let mut towers: Vec<(u8, Point)> = Vec::new();
    let mut stones = Vec::new();
    let mut t = 0;
    for r in (0..=h).rev() {
        let p = Point::new(0, r);
        if (h - r) % 2 == 0 && t < 4 {
            t += 1;
            towers.push((t, p));
        } else {
            stones.push(p);
        }
    }
    for c in (2..=w).rev() {
        let p = Point::new(c, 0);
        if (w - c) % 2 == 0 && t < 6 {
            t += 1;
            towers.push((t, p));
        } else {
            stones.push(p);
        }
    }
    stones.push(Point::new(1, 0));
    stones.extend((1..=h).map(|r| Point::new(1, r)));
    stones.extend((2..=w).map(|c| Point::new(c, 1)));
    Position::from_setup(
        &rules(width, height),
        &Setup { stones, towers },
        twrs_core::point::Player::Orange,
    )
    .unwrap()
}

/// Everything the drawing can show about the towers.
fn all_shown(pos: &Position) -> Vec<Show> {
    let mut show = vec![Show::Areas];
    for t in 1..=6 {
        if pos.tower(t).is_some() {
            show.extend([Show::Lines(t), Show::Diagonals(t), Show::MovesTo(t)]);
        }
    }
    show.push(Show::Marking {
        active: 1,
        target: 2,
        lines: Lines::Movement,
    });
    show
}

/// The rulebook's figures as committed (`diagrams/twrs-*.svg`).
#[test]
fn the_twrs_rulebook_figures_keep_their_coordinates_clear() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("diagrams");
    let mut figures = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("twrs-") && name.ends_with(".svg") {
            figures += 1;
            let bad = crowding(&std::fs::read_to_string(&path).unwrap());
            assert!(bad.is_empty(), "{name}: {bad:#?}");
        }
    }
    assert!(figures > 10, "{figures} figures");
}

#[test]
fn twrs_coordinates_keep_clear_of_the_board_on_every_grid() {
    let grids = [
        (5, 5),
        (11, 11),
        (19, 19),
        (26, 26),
        (3, 3),
        (26, 5),
        (5, 26),
        (8, 13),
    ];
    let (mut petrified, mut bad) = (0, Vec::new());
    for (w, h) in grids {
        for (name, pos) in [
            ("crowded", crowded_edges(w, h)),
            ("petrified", petrified_edges(w, h)),
        ] {
            petrified += (1..=6).filter(|&t| pos.is_petrified(t)).count();
            for (show, caption) in [(Vec::new(), None), (all_shown(&pos), Some("Caption"))] {
                let svg = to_svg(&pos, &show, caption, None);
                for b in crowding(&svg) {
                    bad.push(format!("{w}x{h} {name} ({} shown): {b}", show.len()));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} problems: {:#?}",
        bad.len(),
        &bad[..bad.len().min(20)]
    );
    assert!(petrified > 0, "no petrified tower was drawn");
}

/// A TwixT board with a numbered peg on every edge hole, the last move
/// ringed, highlighted holes, ghosts and crosses on the edges, and the
/// whole board shaded.
fn twixt_edges(size: BoardSize) -> Diagram {
    use twixtkit::diagram::Crop;
    let (w, h) = (size.width(), size.height());
    let mut d = Diagram::blank(size);
    let mut n = 0;
    for hole in (0..w)
        .flat_map(|c| [Hole::new(c, 0), Hole::new(c, h - 1)])
        .chain((1..h - 1).flat_map(|r| [Hole::new(0, r), Hole::new(w - 1, r)]))
    {
        if !size.contains(hole) {
            continue;
        }
        n += 1;
        let player = if n % 2 == 0 {
            Player::Red
        } else {
            Player::Black
        };
        d.pegs.insert(hole, player);
        d.labels.insert(hole, n.to_string());
    }
    d.last_move(Some(Hole::new(0, h - 2)));
    d.mark(Mark::Area(Crop::full(size)));
    d.mark(Mark::HighlightHole(Hole::new(0, h - 3)));
    d.mark(Mark::Cross(Hole::new(0, h / 2)));
    d.mark(Mark::Ghost {
        hole: Hole::new(w / 2, 0),
        player: Player::Red,
        label: Some("12a".to_string()),
    });
    d
}

#[test]
fn twixt_coordinates_keep_clear_of_the_board_in_every_style_and_on_every_side() {
    let sides: Vec<Sides> = (0..16u8)
        .map(|b| Sides {
            top: b & 1 != 0,
            bottom: b & 2 != 0,
            left: b & 4 != 0,
            right: b & 8 != 0,
        })
        .filter(|s| *s != Sides::NONE)
        .collect();
    let sizes = [(6, 6), (12, 12), (24, 24), (30, 10), (10, 30), (100, 100)];
    let mut bad = Vec::new();
    for name in twixtkit::diagram::BUILTIN_NAMES {
        let style = Style::builtin(name).unwrap();
        for (w, h) in sizes {
            let size = BoardSize::new(w, h).unwrap();
            for s in &sides {
                let mut d = twixt_edges(size);
                d.coords(*s);
                let svg = twixtkit::diagram::to_svg(&d, &style, Scale::Px(24.0));
                for b in crowding(&svg) {
                    bad.push(format!("{name} {w}x{h} {s:?}: {b}"));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} problems: {:#?}",
        bad.len(),
        &bad[..bad.len().min(20)]
    );
}

/// Column letters one hole apart keep a gap between them, even where a
/// page sheet draws coordinates large on a big board (two-letter names).
#[test]
fn neighbouring_column_letters_never_run_into_each_other() {
    let mut bad = Vec::new();
    for name in twixtkit::diagram::BUILTIN_NAMES {
        let mut style = Style::builtin(name).unwrap();
        // As large as a sheet makes them (its cap), and as a style file may.
        for coord_size in [style.coord_size, 0.9] {
            style.coord_size = coord_size;
            for side in [26, 48, 100] {
                let d = Diagram::blank(BoardSize::new(side, side).unwrap());
                let svg = twixtkit::diagram::to_svg(&d, &style, Scale::Px(24.0));
                let (_, labels, _) = boxes(&svg);
                let mut columns: Vec<&(String, usvg::Rect)> = labels
                    .iter()
                    .filter(|(t, _)| t.chars().all(|c| c.is_ascii_alphabetic()))
                    .collect();
                columns.sort_by(|a, b| a.1.left().total_cmp(&b.1.left()));
                assert!(
                    columns.len() as u64 >= side,
                    "{name} {side}: letters missing"
                );
                for pair in columns.windows(2) {
                    let ((a, ra), (b, rb)) = (pair[0], pair[1]);
                    if ra.right() + CLEAR > rb.left() {
                        bad.push(format!(
                            "{name} {side} at {coord_size}: {a} {ra:?} runs into {b} {rb:?}"
                        ));
                    }
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} problems: {:#?}",
        bad.len(),
        &bad[..bad.len().min(10)]
    );
}
