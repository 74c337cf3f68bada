//! Golden SVG files: each folder under `tests/golden/` holds `input` (a
//! figure described line by line), `options` (style, scale, numbering) and
//! `expected.svg`. Run with `TWIXT_BLESS=1` to rewrite the expected files
//! after a deliberate change, then review the diff.

use std::path::{Path, PathBuf};

use twixtkit::diagram::{Crop, Diagram, Mark, Numbering, Scale, Style, to_svg};
use twixtkit::prelude::{BoardSize, Hole, Link, Player, Setup};
use twixtkit::script::Sides;

fn hole(s: &str) -> Hole {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Builds a diagram from the `input` description:
/// `size N`, `red HOLE…`, `black HOLE…`, `link A-B…`, `moves HOLE…`
/// (move order for numbering), `label HOLE TEXT`, `cross HOLE`,
/// `letter HOLE TEXT`, `ghost red|black HOLE [LABEL]`, `highlight HOLE`,
/// `highlight-link A-B`, `arrow A B`, `area A B`, `crop A-B`,
/// `coords SIDES`, `guides`, `no-lines`, `last HOLE`, `caption TEXT`.
fn build(input: &str, numbering: Numbering) -> Diagram {
    let mut setup = Setup::empty(BoardSize::STANDARD);
    let mut moves = Vec::new();
    let mut after: Vec<(String, String)> = Vec::new();
    for line in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        match cmd {
            "size" => setup.size = rest.parse().unwrap(),
            "red" | "black" => {
                let p: Player = cmd.parse().unwrap();
                for h in rest.split_whitespace() {
                    setup.pegs.insert(hole(h), p);
                }
            }
            "link" => {
                for l in rest.split_whitespace() {
                    setup.links.insert(l.parse::<Link>().unwrap());
                }
            }
            "moves" => moves.extend(rest.split_whitespace().map(|h| Some(hole(h)))),
            _ => after.push((cmd.to_string(), rest.to_string())),
        }
    }
    let mut d = Diagram::from_setup(&setup);
    if !moves.is_empty() {
        d.number_moves(&moves, numbering);
    }
    for (cmd, rest) in after {
        let words: Vec<&str> = rest.split_whitespace().collect();
        match cmd.as_str() {
            "label" => {
                let (h, t) = rest.split_once(' ').unwrap();
                d.label(hole(h), t);
            }
            "cross" => {
                d.mark(Mark::Cross(hole(words[0])));
            }
            "letter" => {
                let (h, t) = rest.split_once(' ').unwrap();
                d.mark(Mark::Letter {
                    hole: hole(h),
                    text: t.to_string(),
                });
            }
            "ghost" => {
                d.mark(Mark::Ghost {
                    hole: hole(words[1]),
                    player: words[0].parse().unwrap(),
                    label: words.get(2).map(|s| s.to_string()),
                });
            }
            "highlight" => {
                d.mark(Mark::HighlightHole(hole(words[0])));
            }
            "highlight-link" => {
                d.mark(Mark::HighlightLink(words[0].parse().unwrap()));
            }
            "arrow" => {
                d.mark(Mark::Arrow {
                    from: hole(words[0]),
                    to: hole(words[1]),
                });
            }
            "area" => {
                d.mark(Mark::Area(Crop::new(hole(words[0]), hole(words[1]))));
            }
            "crop" => {
                d.crop(rest.parse().unwrap());
            }
            "coords" => {
                d.coords(rest.parse::<Sides>().unwrap());
            }
            "guides" => d.guides = true,
            "no-lines" => d.border_lines = false,
            "last" => {
                d.last_move(Some(hole(words[0])));
            }
            "caption" => {
                d.caption(rest.as_str());
            }
            other => panic!("unknown input line `{other}`"),
        }
    }
    d
}

fn options(text: &str) -> (Style, Scale, Numbering) {
    let mut style = Style::rulebook();
    let mut scale = Scale::default();
    let mut numbering = Numbering::All;
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[0] {
            "style" => style = Style::builtin(w[1]).unwrap(),
            "scale-px" => scale = Scale::Px(w[1].parse().unwrap()),
            "scale-mm" => scale = Scale::Mm(w[1].parse().unwrap()),
            "numbering" => {
                numbering = match w[1] {
                    "all" => Numbering::All,
                    "none" => Numbering::None,
                    "range" => Numbering::Range {
                        first: w[2].parse().unwrap(),
                        last: w[3].parse().unwrap(),
                    },
                    "restart" => Numbering::Restarted {
                        first: w[2].parse().unwrap(),
                        last: w[3].parse().unwrap(),
                    },
                    x => panic!("unknown numbering {x}"),
                }
            }
            x => panic!("unknown option {x}"),
        }
    }
    (style, scale, numbering)
}

fn case_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("tests/golden exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn golden_svgs() {
    let bless = std::env::var_os("TWIXT_BLESS").is_some_and(|v| v == "1");
    let dirs = case_dirs();
    assert!(dirs.len() >= 8, "golden cases missing");
    let mut failures = Vec::new();
    for dir in dirs {
        let input = std::fs::read_to_string(dir.join("input")).unwrap();
        let opts = std::fs::read_to_string(dir.join("options")).unwrap_or_default();
        let (style, scale, numbering) = options(&opts);
        let svg = to_svg(&build(&input, numbering), &style, scale);
        // Every golden output must also be a valid SVG for a renderer.
        twixtkit::diagram::png::render_pixmap(&svg, 0.25)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let expected_path = dir.join("expected.svg");
        if bless {
            std::fs::write(&expected_path, &svg).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != svg {
            let line = expected
                .lines()
                .zip(svg.lines())
                .position(|(a, b)| a != b)
                .map_or(expected.lines().count().min(svg.lines().count()) + 1, |i| {
                    i + 1
                });
            failures.push(format!(
                "{}: differs from expected.svg at line {line}\n  expected: {}\n  actual:   {}",
                dir.display(),
                expected.lines().nth(line - 1).unwrap_or("<end>"),
                svg.lines().nth(line - 1).unwrap_or("<end>")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(run with TWIXT_BLESS=1 to accept the new output)",
        failures.join("\n")
    );
}

#[test]
fn output_is_deterministic() {
    for dir in case_dirs() {
        let input = std::fs::read_to_string(dir.join("input")).unwrap();
        let opts = std::fs::read_to_string(dir.join("options")).unwrap_or_default();
        let (style, scale, numbering) = options(&opts);
        let a = to_svg(&build(&input, numbering), &style, scale);
        let b = to_svg(&build(&input, numbering), &style, scale);
        assert_eq!(a, b);
    }
}
