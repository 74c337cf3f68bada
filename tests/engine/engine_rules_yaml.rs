//! Rule sets read from YAML.

use twixt_core::board::BoardSize;
use twixt_core::rules::{Crossing, Linking, RemovalRule, RuleSet, Swap};

#[test]
fn full_rule_set_reads() {
    let r = RuleSet::from_yaml(
        "crossing: none\nlinks: manual\nremoval: links-and-pegs\nswap: colors\nsize: 30x20\n",
    )
    .unwrap();
    assert_eq!(r.crossing, Crossing::None);
    assert_eq!(r.links, Linking::Manual);
    assert_eq!(r.removal, RemovalRule::LinksAndPegs);
    assert_eq!(r.swap, Swap::Colors);
    assert_eq!(r.size, BoardSize::new(30, 20).unwrap());
}

#[test]
fn preset_with_overrides() {
    let r = RuleSet::from_yaml("preset: dujardin\nsize: 12\n").unwrap();
    assert_eq!(
        r,
        RuleSet::dujardin().with_size(BoardSize::square(12).unwrap())
    );
    let r = RuleSet::from_yaml("preset: pencil\nswap: none\n").unwrap();
    assert_eq!(r.swap, Swap::None);
    assert_eq!(r.crossing, Crossing::Own);
    // Every preset round-trips through its own YAML keys.
    for p in RuleSet::presets() {
        assert_eq!(
            RuleSet::from_yaml(&format!("preset: {}", p.name)).unwrap(),
            p.rules
        );
    }
}

#[test]
fn unknown_key_is_refused_with_position() {
    let e = RuleSet::from_yaml("crossing: none\nlinks: manual\nremovals: none\nswap: colors\n")
        .unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert_eq!(e.column, 1, "{e}");
    let msg = e.to_string();
    assert!(msg.contains("line 3, column 1"), "{msg}");
    assert!(msg.contains("removals"), "{msg}");
}

#[test]
fn unknown_value_is_refused_with_position() {
    let e = RuleSet::from_yaml("preset: board\ncrossing: sometimes\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.to_string().contains("sometimes"), "{e}");
    let e = RuleSet::from_yaml("preset: chess\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 9), "{e}");
    assert!(e.to_string().contains("chess"), "{e}");
}

#[test]
fn mirror_swap_on_non_square_board_is_refused_at_the_size() {
    let e = RuleSet::from_yaml("preset: pencil\nsize: 30x20\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 7), "{e}");
    assert!(e.to_string().contains("mirror"), "{e}");
    // The same board with colour swap is fine.
    assert!(RuleSet::from_yaml("preset: pencil\nswap: colors\nsize: 30x20\n").is_ok());
}

#[test]
fn missing_keys_and_bad_sizes_are_refused() {
    let e = RuleSet::from_yaml("crossing: none\nlinks: manual\nswap: colors\n").unwrap_err();
    assert!(e.to_string().contains("removal"), "{e}");
    let e = RuleSet::from_yaml("preset: board\nsize: 200\n").unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.to_string().contains("200"), "{e}");
    assert!(RuleSet::from_yaml("preset: [board\n").is_err());
}

/// A board size that is no size is said as one, with its line: never the
/// name of the type that reads it.
#[test]
fn a_board_size_that_is_no_size_is_said_as_one() {
    for (text, found) in [
        ("preset: pencil\nsize: [24, 24]\n", "found a list"),
        ("preset: pencil\nsize: {a: 1}\n", "found nested settings"),
        ("preset: pencil\nsize: true\n", "found `true`"),
    ] {
        let e = twixt_core::rules::RuleSet::from_yaml(text).unwrap_err();
        assert_eq!(e.line, 2, "{text}");
        assert_eq!(
            e.message,
            format!("expected a board size: one number (24) or width x height (30x20), {found}")
        );
    }
}
