//! Text from users (captions, labels, letters) cannot inject markup.

use twixtkit::diagram::png::render_pixmap;
use twixtkit::diagram::sheet::{SheetOptions, sheets};
use twixtkit::diagram::{Charset, Diagram, Mark, Scale, Style, to_svg, to_text};
use twixtkit::{BoardSize, Hole, Player, Setup};

const HOSTILE: &str =
    "</text><script>alert('x')</script><a href=\"http://example.com\">&amp;\u{0}\u{1b}";

fn hostile() -> Diagram {
    let mut s = Setup::empty(BoardSize::STANDARD);
    let h: Hole = "f6".parse().unwrap();
    s.pegs.insert(h, Player::Red);
    let mut d = Diagram::from_setup(&s);
    d.label(h, HOSTILE)
        .mark(Mark::Letter {
            hole: "g8".parse().unwrap(),
            text: HOSTILE.into(),
        })
        .mark(Mark::Ghost {
            hole: "h9".parse().unwrap(),
            player: Player::Black,
            label: Some(HOSTILE.into()),
        })
        .caption(HOSTILE);
    d
}

fn assert_clean(svg: &str) {
    assert!(!svg.contains("<script"), "unescaped script");
    assert!(!svg.contains("<a "), "unescaped link");
    assert!(!svg.contains("http://example.com\""));
    assert!(!svg.contains('\u{0}') && !svg.contains('\u{1b}'));
    assert!(svg.contains("&lt;script&gt;"));
    // Still a well-formed SVG a renderer accepts.
    render_pixmap(svg, 0.1).expect("renders");
}

#[test]
fn svg_escapes_everything() {
    assert_clean(&to_svg(&hostile(), &Style::rulebook(), Scale::default()));
}

#[test]
fn sheets_escape_titles_and_captions() {
    let opts = SheetOptions {
        title: Some(HOSTILE.into()),
        ..SheetOptions::default()
    };
    for page in sheets(&[hostile(), hostile()], &Style::rulebook(), &opts) {
        assert_clean(&page);
    }
}

#[test]
fn text_drops_control_characters() {
    let t = to_text(&hostile(), Charset::Ascii);
    assert!(t.is_ascii());
    assert!(!t.contains('\u{0}') && !t.contains('\u{1b}'));
}
