//! Builds a rulebook-style figure from a hand-made Setup (no game needed):
//! a partial board showing that links may not cross, in the ink-saving
//! print style, as SVG sized in millimetres plus an ASCII copy.
//!
//! `cargo run --example setup_figure -- [OUT_DIR]`

use std::path::PathBuf;

use twixtkit::diagram::{Charset, Crop, Diagram, Mark, Scale, Style, to_svg, to_text};
use twixtkit::prelude::{BoardSize, Hole, Link, Player, Setup};
use twixtkit::script::Sides;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Output folder: the first argument, else `out/` (ignored by git).
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "out".into()));
    std::fs::create_dir_all(&dir)?;
    let h = |s: &str| -> Hole { s.parse().expect("hole name") };
    let mut setup = Setup::empty(BoardSize::STANDARD);
    for (hole, p) in [
        ("e5", Player::Red),
        ("f7", Player::Red),
        ("d7", Player::Black),
        ("f6", Player::Black),
    ] {
        setup.pegs.insert(h(hole), p);
    }
    setup.links.insert("e5-f7".parse::<Link>()?);
    let mut d = Diagram::from_setup(&setup);
    d.crop(Crop::new(h("b3"), h("h9")))
        .coords(Sides::ALL)
        .mark(Mark::HighlightLink("e5-f7".parse()?))
        .mark(Mark::Arrow {
            from: h("d7"),
            to: h("f6"),
        })
        .mark(Mark::Letter {
            hole: h("g8"),
            text: "A".into(),
        })
        .caption("Black may not link d7-f6: it would cross Red's link e5-f7.");
    let svg = to_svg(&d, &Style::builtin("print")?, Scale::Mm(6.0));
    std::fs::write(dir.join("no-crossing.svg"), svg)?;
    print!("{}", to_text(&d, Charset::Ascii));
    Ok(())
}
