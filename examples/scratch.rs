use twixtkit::diagram::png::svg_to_png;
use twixtkit::diagram::snapshot::diagram_from_snapshot;
use twixtkit::diagram::style::Style;
use twixtkit::diagram::svg::{Scale, to_svg};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let parsed = twixtkit::script::parse(&text);
    let out = std::path::Path::new(&args[2]);
    for game in &parsed.file.games {
        let r = twixtkit::replay::replay_game(game, None).unwrap();
        for snap in &r.diagrams {
            let d = diagram_from_snapshot(snap);
            let svg = to_svg(&d, &Style::rulebook(), Scale::Px(30.0));
            let name = snap.point.name.clone().unwrap_or("x".into());
            std::fs::write(out.join(format!("{name}.svg")), &svg).unwrap();
            std::fs::write(
                out.join(format!("{name}.png")),
                svg_to_png(&svg, 1.0).unwrap(),
            )
            .unwrap();
        }
    }
}
