//! Text from users (captions, labels, letters) cannot inject markup.

use twixtkit::diagram::png::render_pixmap;
use twixtkit::diagram::sheet::{SheetOptions, sheets};
use twixtkit::diagram::{Charset, Diagram, Mark, Scale, Style, to_svg, to_text};
use twixtkit::prelude::{BoardSize, Hole, Player, Setup};

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

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever the text, the SVG stays well formed and holds exactly
        /// the elements the model asks for: no text can open a new one.
        #[test]
        fn arbitrary_text_cannot_add_elements(caption in "\\PC{0,60}", label in "\\PC{0,6}") {
            let mut s = Setup::empty(BoardSize::square(8).unwrap());
            let h: Hole = "d4".parse().unwrap();
            s.pegs.insert(h, Player::Black);
            let mut d = Diagram::from_setup(&s);
            d.coords = twixtkit::script::Sides::NONE;
            d.label(h, label.clone());
            d.caption(caption.clone());
            let style = Style::rulebook();
            let svg = to_svg(&d, &style, Scale::default());
            let layout = twixtkit::diagram::Layout::new(&d, &style);
            let texts = svg.matches("<text").count();
            // One text for the peg's label, one per caption line.
            prop_assert_eq!(texts, 1 + layout.caption_lines.len());
            prop_assert_eq!(svg.matches("<title>").count(), 1);
            render_pixmap(&svg, 0.05).expect("well formed");
        }
    }
}
