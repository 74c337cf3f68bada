//! Renders a small annotated position to SVG, PNG and text.
//!
//! `cargo run --example render_position -- [OUT_DIR]` (default: the current folder)

use std::path::PathBuf;

use twixtkit::diagram::png::svg_to_png;
use twixtkit::diagram::{Charset, Crop, Diagram, Mark, Numbering, Scale, Style, to_svg, to_text};
use twixtkit::{BoardSize, Hole, Link, Player, Setup};

fn hole(s: &str) -> Hole {
    s.parse().expect("hole name")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    let moves = [
        ("l12", Player::Red),
        ("m14", Player::Black),
        ("k14", Player::Red),
        ("n12", Player::Black),
        ("j16", Player::Red),
        ("o10", Player::Black),
        ("m10", Player::Red),
        ("p8", Player::Black),
    ];
    let mut setup = Setup::empty(BoardSize::STANDARD);
    for (h, p) in moves {
        setup.pegs.insert(hole(h), p);
    }
    for l in [
        "l12-k14", "k14-j16", "m14-n12", "n12-o10", "o10-p8", "l12-m10",
    ] {
        setup.links.insert(l.parse::<Link>()?);
    }
    let order: Vec<Option<Hole>> = moves.iter().map(|(h, _)| Some(hole(h))).collect();
    let mut d = Diagram::from_setup(&setup);
    d.number_moves(&order, Numbering::All)
        .mark(Mark::Cross(hole("q10")))
        .mark(Mark::Ghost {
            hole: hole("o16"),
            player: Player::Red,
            label: Some("5a".into()),
        })
        .caption("Diagram 1: Black runs to the right; Red should have blocked at X.");
    let style = Style::rulebook();
    let svg = to_svg(&d, &style, Scale::default());
    std::fs::write(dir.join("position.svg"), &svg)?;
    std::fs::write(dir.join("position.png"), svg_to_png(&svg, 1.0)?)?;
    print!("{}", to_text(&d, Charset::Unicode));

    // The same position cropped to the action, as in the rulebooks' small boards.
    d.crop(Crop::new(hole("h7"), hole("s18")));
    let svg = to_svg(&d, &style, Scale::Px(40.0));
    std::fs::write(dir.join("position-cropped.svg"), &svg)?;
    std::fs::write(dir.join("position-cropped.png"), svg_to_png(&svg, 1.0)?)?;
    Ok(())
}
