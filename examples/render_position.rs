//! Plays a short game through the engine and renders the position to SVG,
//! PNG and text, whole and cropped.
//!
//! `cargo run --example render_position -- [OUT_DIR]` (default: the current folder)

use std::path::PathBuf;

use twixtkit::diagram::png::svg_to_png;
use twixtkit::diagram::{Charset, Crop, Diagram, Mark, Numbering, Scale, Style, to_svg, to_text};
use twixtkit::prelude::{Hole, Move, Player, Position, RuleSet};

fn hole(s: &str) -> Hole {
    s.parse().expect("hole name")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Output folder: the first argument, else `out/` (ignored by git).
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "out".into()));
    std::fs::create_dir_all(&dir)?;
    let mut pos = Position::new(RuleSet::dujardin())?;
    let moves = ["l12", "m14", "k14", "n12", "j16", "o10", "m10", "p8"];
    let mut order = Vec::new();
    for m in moves {
        pos.play(&Move::peg(hole(m)))?;
        order.push(Some(hole(m)));
    }
    let mut d = Diagram::from_setup(&pos.to_setup());
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
