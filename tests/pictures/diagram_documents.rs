//! Pictures made to sit in documents: a caption can be left off so that a
//! figure is as large as its board, a crop never cuts a peg or a link,
//! labels fit the circles they are written in, and the print style's PNG
//! is white like the others.

use crate::common;
use common::twixt;

use twixtkit::diagram::font::text_width;
use twixtkit::diagram::{Crop, Diagram, Mark, Scale, Style, to_svg};
use twixtkit::prelude::{BoardSize, Hole, Player, Setup};
use twixtkit::script::{CaptionPosition, Sides};

fn hole(s: &str) -> Hole {
    s.parse().unwrap()
}

/// An attribute's value in the first element of `tag` that holds `marker`.
fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = element.find(&key)? + key.len();
    Some(&element[at..at + element[at..].find('"')?])
}

/// The root element's width, height and viewBox.
fn root(svg: &str) -> (String, String, Vec<f64>) {
    let start = svg.find("<svg").unwrap();
    let el = &svg[start..start + svg[start..].find('>').unwrap()];
    let vb = attr(el, "viewBox")
        .unwrap()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    (
        attr(el, "width").unwrap().to_string(),
        attr(el, "height").unwrap().to_string(),
        vb,
    )
}

fn position() -> Diagram {
    let mut s = Setup::empty(BoardSize::STANDARD);
    for (h, p) in [
        ("f6", Player::Red),
        ("m12", Player::Black),
        ("g8", Player::Red),
    ] {
        s.pegs.insert(hole(h), p);
    }
    let mut d = Diagram::from_setup(&s);
    d.number_moves(
        &[Some(hole("f6")), Some(hole("m12")), Some(hole("g8"))],
        Default::default(),
    );
    d
}

// ---- 1. captions left off -------------------------------------------------

#[test]
fn a_caption_left_off_leaves_the_boards_size() {
    let plain = position();
    let mut captioned = position();
    captioned.caption(
        "A long caption that would take two or three lines under the board, and widen it.",
    );
    let none = Style::from_yaml("caption_position: none\n", "none.yaml").unwrap();
    for crop in [None, Some(Crop::new(hole("c3"), hole("h9")))] {
        let (mut a, mut b) = (plain.clone(), captioned.clone());
        a.crop = crop;
        b.crop = crop;
        let board = to_svg(&a, &Style::rulebook(), Scale::Px(24.0));
        // The style leaves it off …
        let styled = to_svg(&b, &none, Scale::Px(24.0));
        assert_eq!(root(&styled), root(&board), "{crop:?}");
        assert!(!styled.contains("id=\"caption\""));
        // … and so does the diagram's own position, over any style.
        b.caption_position = Some(CaptionPosition::None);
        let own = to_svg(&b, &Style::rulebook(), Scale::Mm(5.0));
        let board_mm = to_svg(&a, &Style::rulebook(), Scale::Mm(5.0));
        assert_eq!(root(&own), root(&board_mm), "{crop:?}");
        // With the caption drawn, the picture is taller.
        b.caption_position = None;
        let drawn = to_svg(&b, &Style::rulebook(), Scale::Px(24.0));
        assert!(root(&drawn).2[3] > root(&board).2[3]);
    }
    // The text writer leaves it off too.
    let mut t = captioned.clone();
    t.caption_position = Some(CaptionPosition::None);
    assert!(!twixtkit::diagram::to_text(&t, Default::default()).contains("long caption"));
    assert!(twixtkit::diagram::to_text(&captioned, Default::default()).contains("long caption"));
}

#[test]
fn no_caption_on_the_command_line_sizes_each_picture_by_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let script = d.join("g.twixt");
    std::fs::write(
        &script,
        "[Event \"Club night\"]\n1. f6 2. m12 3. g8\n#diagram name=a caption=\"Red's third peg, and a caption long enough to wrap.\"\n4. n14\n#diagram name=b caption-position=above caption=\"Above\"\n",
    )
    .unwrap();
    let s = script.to_str().unwrap();
    let out = d.join("pics");
    let o = twixt(&["render", s, "--no-caption", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut board = Diagram::blank(BoardSize::STANDARD);
    board.coords = Sides::TOP_LEFT;
    let expected = root(&to_svg(&board, &Style::rulebook(), Scale::Px(24.0)));
    for name in ["a.svg", "b.svg"] {
        let svg = std::fs::read_to_string(out.join(name)).unwrap();
        assert_eq!(root(&svg), expected, "{name}");
        assert!(!svg.contains("id=\"caption\""), "{name}");
    }
    // A record's pictures (captioned "…: after move N") alike, and a crop's.
    let o = twixt(&[
        "render",
        s,
        "--final",
        "--no-caption",
        "--crop",
        "c3-p16",
        "-o",
        d.join("f.svg").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut cropped = board.clone();
    cropped.crop = Some("c3-p16".parse().unwrap());
    assert_eq!(
        root(&std::fs::read_to_string(d.join("f.svg")).unwrap()),
        root(&to_svg(&cropped, &Style::rulebook(), Scale::Px(24.0)))
    );
    // sheet: no caption on the page; show: no caption line.
    let sheet = d.join("sheet.svg");
    let o = twixt(&[
        "sheet",
        s,
        "--no-caption",
        "--title",
        "",
        "-o",
        sheet.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = std::fs::read_to_string(&sheet).unwrap();
    assert!(!page.contains("caption\""), "a caption on the sheet");
    let with = twixt(&["show", s, "--final"]);
    let without = twixt(&["show", s, "--final", "--no-caption"]);
    assert!(with.status.success() && without.status.success());
    let (with, without) = (
        String::from_utf8(with.stdout).unwrap(),
        String::from_utf8(without.stdout).unwrap(),
    );
    assert!(with.contains("after move 4"), "{with}");
    assert!(!without.contains("after move 4"), "{without}");
    // A diagram point may leave its own off; a bad position still names the choices.
    std::fs::write(
        d.join("p.twixt"),
        "1. f6\n#diagram caption-position=none caption=\"gone\"\n",
    )
    .unwrap();
    let o = twixt(&["check", d.join("p.twixt").to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::write(d.join("q.twixt"), "1. f6\n#diagram caption-position=off\n").unwrap();
    let o = twixt(&["check", d.join("q.twixt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(said.contains("`none`"), "{said}");
}

// ---- 2. crops cut neither pegs nor links ----------------------------------

/// Pegs on all four edges of the crop c3-h9 (one ringed as the last move,
/// one highlighted), links running out of it, an arrow leaving it.
fn edge_pegs() -> Diagram {
    let mut s = Setup::empty(BoardSize::STANDARD);
    let red = ["c5", "h6", "e3", "f9"];
    let black = ["c3", "h9", "a4", "j7"];
    for h in red {
        s.pegs.insert(hole(h), Player::Red);
    }
    for h in black {
        s.pegs.insert(hole(h), Player::Black);
    }
    s.links.insert("c3-a4".parse().unwrap());
    s.links.insert("h6-j7".parse().unwrap());
    let mut d = Diagram::from_setup(&s);
    d.last_move(Some(hole("h9")));
    d.mark(Mark::HighlightHole(hole("c5")));
    d.mark(Mark::Arrow {
        from: hole("e5"),
        to: hole("k6"),
    });
    d.crop(Crop::new(hole("c3"), hole("h9")));
    d
}

#[test]
fn a_crop_draws_every_peg_on_its_edge_whole_and_cuts_links_at_its_frame() {
    let mut styles: Vec<Style> = twixtkit::diagram::BUILTIN_NAMES
        .iter()
        .map(|n| Style::builtin(n).unwrap())
        .collect();
    // A style with no margin, its pegs large and their rings wide.
    styles.push(
        Style::from_yaml(
            "margin: 0\npeg_radius: 0.5\npeg_outline_width: 0.2\nlast_move_width: 0.3\nmark_width: 0.4\n",
            "tight.yaml",
        )
        .unwrap(),
    );
    for style in &styles {
        for coords in [Sides::NONE, Sides::TOP_LEFT, Sides::ALL] {
            let mut d = edge_pegs();
            d.coords = coords;
            let svg = to_svg(&d, style, Scale::Px(24.0));
            let vb = root(&svg).2;
            let (x0, y0, x1, y1) = (vb[0], vb[1], vb[0] + vb[2], vb[1] + vb[3]);
            let inside = |x: f64, y: f64, r: f64, what: &str| {
                assert!(
                    x - r >= x0 - 1e-9
                        && x + r <= x1 + 1e-9
                        && y - r >= y0 - 1e-9
                        && y + r <= y1 + 1e-9,
                    "{} {coords:?}: {what} at ({x}, {y}) r {r} leaves the viewBox {vb:?}",
                    style.name
                );
            };
            let peg_r = style.peg_radius + style.peg_outline_width / 2.0;
            let mut pegs = 0;
            for line in svg.lines().filter(|l| l.starts_with("<use class=\"peg")) {
                let x: f64 = attr(line, "x").unwrap().parse().unwrap();
                let y: f64 = attr(line, "y").unwrap().parse().unwrap();
                inside(x, y, peg_r, "peg");
                pegs += 1;
            }
            assert_eq!(pegs, 6, "the pegs inside the crop are drawn");
            for line in svg
                .lines()
                .filter(|l| l.contains("class=\"last-move\"") || l.contains("class=\"highlight "))
            {
                let x: f64 = attr(line, "cx").unwrap().parse().unwrap();
                let y: f64 = attr(line, "cy").unwrap().parse().unwrap();
                let r: f64 = attr(line, "r").unwrap().parse().unwrap();
                let w: f64 = attr(line, "stroke-width")
                    .map(|w| w.parse().unwrap())
                    .unwrap_or(style.mark_width);
                inside(x, y, r + w / 2.0, "ring");
            }
            // Links and the arrow running out are cut at the frame: half a
            // hole beyond the outer holes, inside the picture.
            let clip = &svg[svg.find("<clipPath").unwrap()..];
            let rect = &clip[clip.find("<rect").unwrap()..];
            let (cx, cy): (f64, f64) = (
                attr(rect, "x").unwrap().parse().unwrap(),
                attr(rect, "y").unwrap().parse().unwrap(),
            );
            assert_eq!((cx, cy), (1.5, 1.5));
            let (cw, ch): (f64, f64) = (
                attr(rect, "width").unwrap().parse().unwrap(),
                attr(rect, "height").unwrap().parse().unwrap(),
            );
            inside(cx + cw / 2.0, cy + ch / 2.0, 0.0, "frame");
            assert!(cx >= x0 && cy >= y0 && cx + cw <= x1 && cy + ch <= y1);
            for group in ["<g id=\"links\"", "<g id=\"marks\""] {
                let at = svg.find(group).unwrap_or_else(|| panic!("{group}"));
                let el = &svg[at..at + svg[at..].find('>').unwrap()];
                assert_eq!(attr(el, "clip-path"), Some("url(#view)"), "{group}");
            }
        }
    }
}

// ---- 3. labels fit their circles -------------------------------------------

#[test]
fn labels_of_one_to_three_characters_fit_their_circles() {
    let texts = [
        "1", "9", "12", "88", "WW", "5a", "123", "888", "10a", "MMW", "Qg",
    ];
    for name in twixtkit::diagram::BUILTIN_NAMES {
        let style = Style::builtin(name).unwrap();
        for t in texts {
            let mut s = Setup::empty(BoardSize::STANDARD);
            s.pegs.insert(hole("f6"), Player::Red);
            s.pegs.insert(hole("m12"), Player::Black);
            let mut d = Diagram::from_setup(&s);
            d.label(hole("f6"), t).label(hole("m12"), t);
            d.coords = Sides::NONE;
            d.mark(Mark::Ghost {
                hole: hole("k10"),
                player: Player::Red,
                label: Some(t.into()),
            });
            d.mark(Mark::Ghost {
                hole: hole("p4"),
                player: Player::Black,
                label: Some(t.into()),
            });
            d.mark(Mark::Letter {
                hole: hole("c20"),
                text: t.into(),
            });
            let svg = to_svg(&d, &style, Scale::Px(24.0));
            // The labels' group size, and each text's own.
            let group = &svg[svg.find("id=\"labels\"").unwrap()..];
            let group_size: f64 = attr(&group[..group.find('>').unwrap()], "font-size")
                .unwrap()
                .parse()
                .unwrap();
            let peg_d = 2.0 * style.peg_radius;
            let ghost_d = 2.0 * (style.peg_radius - style.link_width * 0.25);
            let mut seen = 0;
            for line in svg
                .lines()
                .filter(|l| l.starts_with("<text") && l.ends_with("</text>"))
            {
                let text = &line[line.find('>').unwrap() + 1..line.find("</text>").unwrap()];
                if text != t.replace('&', "&amp;") {
                    continue;
                }
                let size: f64 = attr(line, "font-size").map_or(group_size, |v| v.parse().unwrap());
                let x: f64 = attr(line, "x").unwrap().parse().unwrap();
                let diameter = if x == 10.0 || x == 15.0 {
                    ghost_d
                } else {
                    peg_d
                };
                let w = text_width(t, size);
                assert!(
                    w <= diameter,
                    "{name}: `{t}` at x {x} is {w:.3} wide at size {size}, its circle {diameter:.3}"
                );
                seen += 1;
            }
            assert_eq!(seen, 5, "{name}: `{t}`: {svg}");
        }
    }
}

#[test]
fn short_numbers_keep_the_styles_size() {
    // "1" and "12" already fit: the shrinking is for wider labels only.
    let style = Style::rulebook();
    let mut d = position();
    d.label(hole("m12"), "12");
    let svg = to_svg(&d, &style, Scale::Px(24.0));
    let labels = &svg[svg.find("id=\"labels\"").unwrap()..];
    let labels = &labels[..labels.find("</g>\n</g>").unwrap()];
    assert!(
        !labels.contains("<text x=\"12\" y=\"11.153\" font-size"),
        "{labels}"
    );
    assert!(
        labels
            .lines()
            .filter(|l| l.starts_with("<text"))
            .all(|l| !l.contains("font-size")),
        "{labels}"
    );
}

// ---- 5. the print style's PNG is white -------------------------------------

#[test]
fn every_built_in_styles_png_has_an_opaque_background() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("g.twixt");
    std::fs::write(&script, "1. f6 2. m12\n").unwrap();
    for (name, rgb) in [
        ("print", [255, 255, 255]),
        ("rulebook", [255, 255, 255]),
        ("screen", [0x1e, 0x21, 0x27]),
    ] {
        let png = dir.path().join(format!("{name}.png"));
        let o = twixt(&[
            "render",
            script.to_str().unwrap(),
            "--style",
            name,
            "-o",
            png.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&std::fs::read(&png).unwrap()).unwrap();
        let (w, h) = (pixmap.width(), pixmap.height());
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            let c = pixmap.pixel(x, y).unwrap();
            assert_eq!(c.alpha(), 255, "{name}: corner ({x}, {y}) is not opaque");
            assert_eq!(
                [c.red(), c.green(), c.blue()],
                rgb,
                "{name}: corner ({x}, {y})"
            );
        }
    }
}
