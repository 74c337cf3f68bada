//! Style files: partial YAML over a base style, strict values, errors that
//! name the file, line and column.

use twixtkit::diagram::StyleError;
use twixtkit::diagram::{Colour, Style};

#[test]
fn partial_style_overrides_its_base() {
    let s = Style::from_yaml("base: print\nred: \"#0a0\"\npeg_radius: 0.4\n", "mine.yaml").unwrap();
    let print = Style::builtin("print").unwrap();
    assert_eq!(s.red.rgb(), Colour::parse("#00aa00").unwrap().rgb());
    assert_eq!(s.peg_radius, 0.4);
    assert_eq!(s.black, print.black);
    assert_eq!(s.hole_radius, print.hole_radius);
    // Without a base, rulebook is the base.
    let s = Style::from_yaml("caption: navy\n", "x.yaml").unwrap();
    assert_eq!(s.red, Style::rulebook().red);
    assert_eq!(s.caption.as_str(), "navy");
}

fn yaml_error(text: &str) -> (u64, u64, String) {
    match Style::from_yaml(text, "s.yaml") {
        Err(StyleError::Yaml {
            origin,
            line,
            column,
            message,
        }) => {
            assert_eq!(origin, "s.yaml");
            (line, column, message)
        }
        other => panic!("expected a located error, got {other:?}"),
    }
}

#[test]
fn unknown_fields_are_refused_with_their_place() {
    let (line, column, msg) = yaml_error("red: \"#c00\"\n\npeg_radus: 0.3\n");
    assert_eq!((line, column), (3, 1));
    assert!(msg.contains("peg_radus"), "{msg}");
    let e = Style::from_yaml("red: \"#c00\"\n\npeg_radus: 0.3\n", "s.yaml").unwrap_err();
    assert!(e.to_string().starts_with("s.yaml:3:1: "), "{e}");
}

#[test]
fn bad_values_are_refused_with_their_place() {
    let (line, col, msg) = yaml_error("hole: \"#333\"\nred: \"#c00\\\"/><script>\"\n");
    assert_eq!(line, 2);
    assert!(col >= 1);
    assert!(msg.contains("invalid colour"), "{msg}");
    let (line, _, msg) = yaml_error("margin: 1\npeg_radius: 7\n");
    assert_eq!(line, 2);
    assert!(msg.contains("out of range"), "{msg}");
    let (line, _, _) = yaml_error("peg_radius: .nan\n");
    assert_eq!(line, 1);
    let (line, _, msg) = yaml_error("\nfont_family: \"Arial\\\"; x\"\n");
    assert_eq!(line, 2);
    assert!(msg.contains("font family"), "{msg}");
}

#[test]
fn unknown_base_is_named() {
    let e = Style::from_yaml("base: fancy\n", "s.yaml").unwrap_err();
    assert_eq!(e, StyleError::UnknownBase("fancy".into()));
    assert!(e.to_string().contains("rulebook, print, screen"));
}

#[test]
fn builtins_differ() {
    let r = Style::builtin("rulebook").unwrap();
    let p = Style::builtin("print").unwrap();
    let s = Style::builtin("screen").unwrap();
    assert_ne!(r, p);
    assert_ne!(r, s);
    // Print is greyscale.
    for c in [
        &p.red,
        &p.black,
        &p.red_link,
        &p.black_link,
        &p.hole,
        &p.mark,
    ] {
        let [r, g, b] = c.rgb().unwrap();
        assert!(r == g && g == b, "{c}");
    }
}
