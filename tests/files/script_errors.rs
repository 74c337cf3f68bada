//! Error messages of the parser, as the user sees them, and recovery.

use twixtkit::script::parse;

/// The rendered first error for `src`.
fn first_error(src: &str) -> String {
    let p = parse(src);
    let e = p
        .errors
        .first()
        .unwrap_or_else(|| panic!("no error for {src:?}"));
    e.to_diagnostic("g.twixt", src).render()
}

#[test]
fn golden_messages() {
    let cases: &[(&str, &str)] = &[
        (
            "1. f66x 2. swap",
            "error: expected a hole like f6, found `f66x`\n --> g.twixt:1:4\n  |\n1 | 1. f66x 2. swap\n  |    ^^^^ not a move\n",
        ),
        (
            "[Size \"24\"]\n\n1. f6 3. g8",
            "error: move number 3 does not match: this is move 2\n --> g.twixt:3:7\n  |\n3 | 1. f6 3. g8\n  |       ^ expected 2\n",
        ),
        (
            "[Size \"200\"]",
            "error: board size 200x200 is out of range: each side must be from 3 to 128\n --> g.twixt:1:7\n  |\n1 | [Size \"200\"]\n  |       ^^^^^ bad size\n",
        ),
        (
            "[Rules \"chess\"]",
            "error: unknown rule set `chess`: expected one of pencil, board, schmidt, dujardin, t1, editable, or a YAML file\n --> g.twixt:1:8\n  |\n1 | [Rules \"chess\"]\n  |        ^^^^^^^ bad rule set\n",
        ),
        (
            "[Result \"1-0\"]",
            "error: expected a result `red`, `black`, `draw` or `*`, found `1-0`\n --> g.twixt:1:9\n  |\n1 | [Result \"1-0\"]\n  |         ^^^^^ bad result\n",
        ),
        (
            "[Event \"open",
            "error: unterminated string: expected a closing `\"` on the same line\n --> g.twixt:1:8\n  |\n1 | [Event \"open\n  |        ^ string starts here\n",
        ),
        (
            "[Event open]",
            "error: expected a quoted value like \"24\" after tag Event, found `open]`\n --> g.twixt:1:8\n  |\n1 | [Event open]\n  |        ^ value expected\n",
        ),
        (
            "1. f6 {unclosed",
            "error: unterminated comment: expected `}`\n --> g.twixt:1:7\n  |\n1 | 1. f6 {unclosed\n  |       ^ comment starts here\n",
        ),
        (
            "1. f6 (1. g8",
            "error: unclosed variation: expected `)` before the end of the file\n --> g.twixt:1:7\n  |\n1 | 1. f6 (1. g8\n  |       ^ variation opened here\n",
        ),
        (
            "1. f6 )",
            "error: unmatched `)`: no variation is open\n --> g.twixt:1:7\n  |\n1 | 1. f6 )\n  |       ^ no `(` before this\n",
        ),
        (
            "(1. f6)",
            "error: a variation must follow the move it replaces\n --> g.twixt:1:1\n  |\n1 | (1. f6)\n  | ^ no move before this variation\n",
        ),
        (
            "1. f6+f7",
            "error: f6 and f7 are not a knight's move apart\n --> g.twixt:1:4\n  |\n1 | 1. f6+f7\n  |    ^^^^^ bad link\n",
        ),
        (
            "1. f6 #frobnicate 3",
            "error: unknown directive `#frobnicate`: expected diagram, setup, label, ghost, highlight, arrow, area, links, would-link, cannot-join, blocked, connected, can-connect, cannot-connect, wins, unique or dead-draw\n --> g.twixt:1:8\n  |\n1 | 1. f6 #frobnicate 3\n  |        ^^^^^^^^^^ unknown directive\n",
        ),
        (
            "1. f6\n#diagram numbers=5-2",
            "error: expected numbers=none, numbers=all or a range like numbers=1-5, found `5-2`\n --> g.twixt:2:10\n  |\n2 | #diagram numbers=5-2\n  |          ^^^^^^^^^^^ here\n",
        ),
        (
            "1. f6\n#ghost green f6",
            "error: expected `red` or `black`, found `green`\n --> g.twixt:2:8\n  |\n2 | #ghost green f6\n  |        ^^^^^ here\n",
        ),
        (
            "1. f6\n#wins red wins in 3",
            "error: expected `in` as in `#wins red in 3`\n --> g.twixt:2:11\n  |\n2 | #wins red wins in 3\n  |           ^^^^ here\n",
        ),
        (
            "1. f6\n#wins red in 3 4",
            "error: wrong arguments for #wins: expected `#wins red in 3` or `#wins red`\n --> g.twixt:2:16\n  |\n2 | #wins red in 3 4\n  |                ^ here\n",
        ),
        (
            "1. f6\n#arrow f6",
            "error: wrong arguments for #arrow: expected `#arrow f6 j8`\n --> g.twixt:2:1\n  |\n2 | #arrow f6\n  | ^^^^^^^^^ here\n",
        ),
        (
            "1. f6 2. -e4",
            "error: removals must be followed by the placement they belong to, like `-e4 f6`, found the end of the file\n --> g.twixt:1:13\n  |\n1 | 1. f6 2. -e4\n  |             ^ move expected\n",
        ),
        (
            "1. f6 2.",
            "error: expected a move after the move number, found the end of the file\n --> g.twixt:1:9\n  |\n1 | 1. f6 2.\n  |         ^ move expected\n",
        ),
        (
            "1. f6 12 g8",
            "error: expected a move number like `12.`, found `12`\n --> g.twixt:1:7\n  |\n1 | 1. f6 12 g8\n  |       ^^ `.` expected after the number\n",
        ),
        (
            "1. f6 {a} !",
            "error: a glyph must follow a move without a glyph\n --> g.twixt:1:11\n  |\n1 | 1. f6 {a} !\n  |           ^ no move for this glyph\n",
        ),
        (
            "1. f6!!!",
            "error: expected a glyph (! ? !! ?? !? ?!), found `!!!`\n --> g.twixt:1:6\n  |\n1 | 1. f6!!!\n  |      ^^^ not a glyph\n",
        ),
        (
            "1. é5",
            "error: expected a move like f6, swap, resign or draw, found `é5`\n --> g.twixt:1:4\n  |\n1 | 1. é5\n  |    ^^ not a move\n",
        ),
    ];
    for (src, want) in cases {
        assert_eq!(&first_error(src), want, "for {src:?}");
    }
}

#[test]
fn every_broken_game_is_reported_and_good_ones_are_kept() {
    let src = "[Event \"a\"]\n1. f66x\n\n[Event \"b\"]\n1. f6 2. g8\n\n[Event \"c\"]\n1. f6 {oops\n\n[Event \"d\"]\n[Size \"2\"]\n\n[Event \"e\"]\n1. swap\n";
    let p = parse(src);
    let lines: Vec<u32> = p.errors.iter().map(|e| e.span.line).collect();
    assert_eq!(lines, vec![2, 8, 11]);
    let events: Vec<&str> = p
        .file
        .games
        .iter()
        .map(|g| g.tag("Event").unwrap())
        .collect();
    assert_eq!(events, vec!["b", "e"]);
}

#[test]
fn never_panics_on_garbage() {
    let samples = [
        "",
        "[",
        "]",
        "[[[",
        "#",
        "#setup",
        "(",
        ")",
        "{",
        "}",
        "\"",
        "1",
        "1.",
        "-",
        "+",
        "f6+",
        "f6=",
        "=",
        "!",
        "%",
        "\u{0}",
        "f6 (",
        "#diagram crop=",
        "#label",
        "[A \"\\",
        "1. f6 (2. g8 #links",
        "ab99999 zz1",
        "#links 99999999999",
        "#setup red:",
        "#setup to-move:",
        "f6+-",
        "-f6-",
        "1...",
    ];
    for s in samples {
        let _ = parse(s);
    }
}

proptest::proptest! {
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,200}") {
        let _ = parse(&s);
    }

    #[test]
    fn token_soup_never_panics(parts in proptest::collection::vec(proptest::sample::select(vec![
        "[", "]", "\"", "Size", "Rules", "\"24\"", "{", "}", "(", ")", "%", "#diagram", "#setup", "red:",
        "#links", "#label", "f6", "g8+f6", "-e4", "-d5-f6", "1.", "2...", "swap", "resign", "draw", "=",
        "!", "?!", "\n", "\n\n", " ", ",", "name=", "\\", "é", "#would-link", ":", "by", "#blocked",
    ]), 0..60)) {
        let s: String = parts.concat();
        let p = parse(&s);
        // Whatever was read is written back to something that reads the same.
        let w = twixtkit::script::write_file(&p.file);
        let again = parse(&w);
        proptest::prop_assert!(again.errors.is_empty(), "{:?}\n{}", s, w);
        proptest::prop_assert_eq!(again.file, p.file);
    }
}

/// A move number on one line and its hole on a later one: every error
/// after it is placed on its own line (the plain-move path once counted
/// the move as one line, and the next error landed three lines up).
#[test]
fn a_move_whose_hole_is_lines_below_its_number_keeps_the_lines_right() {
    let src = "% \n\n[Size \"24\"]\n\n1.\n\n\ne8 4";
    let p = parse(src);
    assert!(!p.errors.is_empty(), "{src:?} has an error");
    for e in &p.errors {
        let text = e.to_diagnostic("g.twixt", src).render();
        assert!(text.contains(" --> g.twixt:8:4\n"), "{text}");
        assert!(text.contains("8 | e8 4\n"), "{text}");
    }
}
