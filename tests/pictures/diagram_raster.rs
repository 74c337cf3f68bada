//! What a reader sees: diagrams rasterised through resvg, pixels checked at
//! the places the board geometry says.

use twixtkit::diagram::blank::{BlankOptions, blank_page};
use twixtkit::diagram::png::{render_pixmap, svg_to_png, zoom_for_dpi_mm};
use twixtkit::diagram::{Diagram, Layout, Mark, Scale, Style, to_svg};
use twixtkit::prelude::{BoardSize, Hole, Link, Player, Setup};
use twixtkit::script::Sides;

const K: f64 = 20.0;

fn hole(s: &str) -> Hole {
    s.parse().unwrap()
}

struct Picture {
    pixmap: resvg::tiny_skia::Pixmap,
    layout: Layout,
    k: f64,
}

impl Picture {
    fn new(d: &Diagram, style: &Style) -> Picture {
        Picture::scaled(d, style, K)
    }

    fn scaled(d: &Diagram, style: &Style, k: f64) -> Picture {
        let svg = to_svg(d, style, Scale::Px(k));
        Picture {
            pixmap: render_pixmap(&svg, 1.0).unwrap(),
            layout: Layout::new(d, style),
            k,
        }
    }

    /// The pixel at a point given in board units.
    fn at(&self, x: f64, y: f64) -> [u8; 3] {
        let px = ((x - self.layout.x) * self.k).floor() as u32;
        let py = ((y - self.layout.y) * self.k).floor() as u32;
        let c = self.pixmap.pixel(px, py).expect("inside the picture");
        let c = c.demultiply();
        [c.red(), c.green(), c.blue()]
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 24)
}

fn rgb(c: &twixtkit::diagram::Colour) -> [u8; 3] {
    c.rgb().unwrap()
}

fn position() -> Diagram {
    let mut s = Setup::empty(BoardSize::STANDARD);
    s.pegs.insert(hole("f6"), Player::Red);
    s.pegs.insert(hole("h7"), Player::Red);
    s.pegs.insert(hole("k10"), Player::Black);
    s.pegs.insert(hole("l12"), Player::Black);
    s.links.insert("f6-h7".parse::<Link>().unwrap());
    s.links.insert("k10-l12".parse::<Link>().unwrap());
    Diagram::from_setup(&s)
}

#[test]
fn pegs_links_and_marks_are_where_the_board_says() {
    let style = Style::rulebook();
    let mut d = position();
    d.mark(Mark::Cross(hole("p15")));
    let pic = Picture::new(&d, &style);
    // A red peg is red at its hole's centre, a black one black.
    assert!(
        close(pic.at(5.0, 5.0), rgb(&style.red)),
        "{:?}",
        pic.at(5.0, 5.0)
    );
    assert!(close(pic.at(10.0, 9.0), rgb(&style.black)));
    // A link's midpoint (between holes) has the link colour.
    assert!(
        close(pic.at(6.0, 5.5), rgb(&style.red_link)),
        "{:?}",
        pic.at(6.0, 5.5)
    );
    assert!(close(pic.at(10.5, 10.0), rgb(&style.black_link)));
    // The X sits on its hole: its centre and the ends of its strokes are ink.
    assert!(close(pic.at(15.0, 14.0), rgb(&style.mark)));
    let r = style.peg_radius * 0.6;
    assert!(close(pic.at(15.0 - r, 14.0 - r), rgb(&style.mark)));
    assert!(close(pic.at(15.0 + r, 14.0 - r), rgb(&style.mark)));
    // Between holes, away from everything, is background.
    assert!(close(pic.at(18.5, 18.5), rgb(&style.background)));
}

#[test]
fn each_style_colours_the_pegs() {
    for name in ["rulebook", "print", "screen"] {
        let style = Style::builtin(name).unwrap();
        let pic = Picture::new(&position(), &style);
        assert!(close(pic.at(5.0, 5.0), rgb(&style.red)), "{name}");
        assert!(close(pic.at(11.0, 11.0), rgb(&style.black)), "{name}");
    }
}

#[test]
fn caption_ink_stays_inside_the_picture() {
    let style = Style::rulebook();
    let mut d = position();
    d.caption(
        "Diagram 7: a caption long enough that it has to be wrapped onto several lines \
         to fit under a board of this width, WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW.",
    );
    let pic = Picture::new(&d, &style);
    let (w, h) = (pic.pixmap.width(), pic.pixmap.height());
    let top = ((pic.layout.board_bottom - pic.layout.y) * K) as u32;
    let ink = |x: u32, y: u32| {
        let c = pic.pixmap.pixel(x, y).unwrap().demultiply();
        c.red() < 128 && c.green() < 128
    };
    let mut rows_with_ink = 0;
    for y in top..h {
        let xs: Vec<u32> = (0..w).filter(|&x| ink(x, y)).collect();
        if let (Some(first), Some(last)) = (xs.first(), xs.last()) {
            rows_with_ink += 1;
            assert!(
                *first > 0 && *last < w - 1,
                "caption touches the edge at row {y}"
            );
        }
    }
    assert!(pic.layout.caption_lines.len() >= 3);
    assert!(rows_with_ink > 3 * 8, "the caption is not drawn");
    // Nothing is cut off at the bottom.
    assert!((0..w).all(|x| !ink(x, h - 1)));
}

#[test]
fn crop_shows_only_its_holes() {
    let style = Style::rulebook();
    let mut d = position();
    d.crop("e5-m13".parse().unwrap());
    let pic = Picture::new(&d, &style);
    assert!(close(pic.at(5.0, 5.0), rgb(&style.red)));
    let l = &pic.layout;
    let expected_w = (12.0 - 4.0 + 2.0 * style.margin + l.coord_band) * K;
    assert!((f64::from(pic.pixmap.width()) - expected_w).abs() <= 1.0);
}

#[test]
fn border_lines_lie_inside_the_border_rows() {
    let style = Style::rulebook();
    let mut d = Diagram::blank(BoardSize::STANDARD);
    d.coords(Sides::NONE);
    // Large enough that the thin lines cover whole pixels.
    let pic = Picture::scaled(&d, &style, 60.0);
    // Red lines between rows 1 and 2 and between rows 23 and 24.
    assert!(close(pic.at(11.0 + 0.5, 0.5), rgb(&style.border_red)));
    assert!(close(pic.at(11.0 + 0.5, 22.5), rgb(&style.border_red)));
    // Black lines between columns a and b and between w and x.
    assert!(close(pic.at(0.5, 11.5), rgb(&style.border_black)));
    assert!(close(pic.at(22.5, 11.5), rgb(&style.border_black)));
    // Not between rows 2 and 3.
    assert!(close(pic.at(11.5, 1.5), rgb(&style.background)));
    // The corner holes are missing; their neighbours exist.
    assert!(close(pic.at(0.0, 0.0), rgb(&style.background)));
    assert!(close(pic.at(1.0, 0.0), rgb(&style.hole)));
}

#[test]
fn blank_page_prints_true_to_size() {
    let style = Style::rulebook();
    let svg = blank_page(&BlankOptions::default(), &style);
    let dpi = 100.0;
    let pix = render_pixmap(&svg, zoom_for_dpi_mm(dpi)).unwrap();
    // A4 at 100 dpi.
    assert_eq!(pix.width(), (210.0 / 25.4 * dpi).ceil() as u32);
    assert_eq!(pix.height(), (297.0 / 25.4 * dpi).ceil() as u32);
    // Two long red horizontal runs, two long black vertical ones, symmetric.
    let red = rgb(&style.border_red);
    let black = rgb(&style.border_black);
    let px = |x: u32, y: u32| {
        let c = pix.pixel(x, y).unwrap().demultiply();
        [c.red(), c.green(), c.blue()]
    };
    let red_rows: Vec<u32> = (0..pix.height())
        .filter(|&y| (0..pix.width()).filter(|&x| close(px(x, y), red)).count() > 500)
        .collect();
    let black_cols: Vec<u32> = (0..pix.width())
        .filter(|&x| {
            (0..pix.height())
                .filter(|&y| close(px(x, y), black))
                .count()
                > 500
        })
        .collect();
    assert!(!red_rows.is_empty() && !black_cols.is_empty());
    let (r0, r1) = (red_rows[0], *red_rows.last().unwrap());
    let (c0, c1) = (black_cols[0], *black_cols.last().unwrap());
    // The lines frame a square 21 hole spacings wide, centred across the page.
    let (hgap, vgap) = (f64::from(r1 - r0), f64::from(c1 - c0));
    assert!((hgap - vgap).abs() <= 3.0, "{hgap} {vgap}");
    let centre = f64::from(c0 + c1) / 2.0;
    assert!((centre - f64::from(pix.width()) / 2.0).abs() <= 3.0);
}

#[test]
fn png_bytes_are_a_png() {
    let svg = to_svg(&position(), &Style::rulebook(), Scale::Px(8.0));
    let png = svg_to_png(&svg, 1.0).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
}
