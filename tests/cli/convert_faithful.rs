//! `twixt convert` writes what reads back as the same game, or refuses with
//! exit 1, naming what the output format cannot hold, and writes nothing:
//! tag values and names a format cannot hold (a line break in a script's
//! tag, a name with a space, two tags that become one property, a value a
//! reader trims or takes for a move), and, for a move list or plain text,
//! which state no tags, board size or rules, a warning that names them and
//! the options that read the file back as the game it was.

use std::path::Path;
use std::process::Output;

use crate::common::twixt_in;

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `twixt convert IN -o OUT` in `dir`, with `more` arguments after.
fn convert(dir: &Path, input: &str, output: &str, more: &[&str]) -> Output {
    let mut args = vec!["convert", input, "-o", output];
    args.extend_from_slice(more);
    twixt_in(&args, dir)
}

/// The convert exits 1 with a message holding every word of `says`, and
/// no `output` is written.
fn refused(dir: &Path, input: &str, output: &str, more: &[&str], says: &[&str]) {
    let o = convert(dir, input, output, more);
    let e = err(&o);
    assert_eq!(o.status.code(), Some(1), "{input} -> {output}: {e}");
    for word in says {
        assert!(
            e.contains(word),
            "{input} -> {output}: `{word}` not in: {e}"
        );
    }
    assert!(!dir.join(output).exists(), "{output} was written");
}

/// twixtkit's JSON of one game of two moves with `tags` (a JSON list of
/// pairs) under `rules` (a rule file's fields as JSON).
fn json_game(tags: &str, rules: &str) -> String {
    format!(
        r#"{{"schema_version": 1, "kind": "twixt-games", "games": [{{"tags": {tags}, "rules": {rules}, "first": "red", "moves": [{{"peg": "f6"}}, {{"peg": "m12"}}]}}]}}"#
    )
}

const PENCIL: &str =
    r#"{"crossing": "own", "links": "automatic", "removal": "none", "swap": "mirror", "size": 24}"#;

/// The tags of the first game of a file, as the JSON writer writes them.
fn tags_of(dir: &Path, file: &str, from: &str) -> serde_json::Value {
    let o = convert(dir, file, "back.json", &["--from", from]);
    assert!(o.status.success(), "{file}: {}", err(&o));
    let text = std::fs::read_to_string(dir.join("back.json")).unwrap();
    std::fs::remove_file(dir.join("back.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc["games"][0]["tags"].clone()
}

#[test]
fn a_line_break_in_a_tag_value_is_refused_by_the_script_writer() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // SGF values may span lines; a script's tag value is one line, and its
    // strings have no escape for a line break.
    std::fs::write(d.join("n.tsgf"), "(;FF[4]PB[Ann\nSmith]SZ[24];b[ff];r[gg])").unwrap();
    assert!(twixt_in(&["check", "n.tsgf"], d).status.success());
    refused(d, "n.tsgf", "n.twixt", &[], &["Red", "line break"]);
    std::fs::write(
        d.join("n.sgf"),
        "(;FF[4]GM[21]SZ[24]RU[PP]PW[Ann\nSmith]\n;W[f6];B[m12])\n",
    )
    .unwrap();
    assert!(twixt_in(&["check", "n.sgf"], d).status.success());
    refused(d, "n.sgf", "n.twixt", &[], &["Red", "line break"]);
    std::fs::write(
        d.join("n.json"),
        json_game(r#"[["Event", "Open\r\n2024"]]"#, PENCIL),
    )
    .unwrap();
    refused(d, "n.json", "n.twixt", &[], &["Event", "line break"]);
    // The formats whose values may hold one keep it.
    for (out, from) in [("n2.json", "json"), ("n2.sgf", "sgf")] {
        let o = convert(d, "n.tsgf", out, &[]);
        assert!(o.status.success(), "{out}: {}", err(&o));
        assert_eq!(
            tags_of(d, out, from)
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t[0] == "Red")
                .unwrap()[1],
            "Ann\nSmith",
            "{out}"
        );
    }
}

#[test]
fn a_tag_name_a_script_cannot_hold_is_refused_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("t.json"),
        json_game(r#"[["My Tag]", "v"], ["Event", "e"]]"#, PENCIL),
    )
    .unwrap();
    refused(d, "t.json", "t.twixt", &[], &["`My Tag]`"]);
    std::fs::write(
        d.join("e.json"),
        json_game(r#"[["Event", "v"], ["", "e"]]"#, PENCIL),
    )
    .unwrap();
    refused(d, "e.json", "e.twixt", &[], &["empty name"]);
}

#[test]
fn values_with_brackets_quotes_and_backslashes_read_back_identical() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tags = r#"[["Red", "a]b\\c\"d # e"], ["Black", " Bob  "], ["Event", "x)y;z[w"]]"#;
    std::fs::write(d.join("v.json"), json_game(tags, PENCIL)).unwrap();
    let want = tags_of(d, "v.json", "json");
    for (out, to) in [
        ("v.twixt", "twixt"),
        ("v.tsgf", "tsgf"),
        ("v.sgf", "sgf"),
        ("v2.json", "json"),
    ] {
        let o = convert(d, "v.json", out, &[]);
        assert!(o.status.success(), "{out}: {}", err(&o));
        let o = twixt_in(&["check", out], d);
        assert!(o.status.success(), "{out}: {}", err(&o));
        // The formats add their own (FF, Size, Rules) and keep their own
        // order: the tags given are there, unchanged.
        let given = |tags: serde_json::Value| {
            let mut v: Vec<_> = tags
                .as_array()
                .unwrap()
                .iter()
                .filter(|t| ["Red", "Black", "Event"].contains(&t[0].as_str().unwrap()))
                .cloned()
                .collect();
            v.sort_by_key(|t| t[0].as_str().unwrap().to_string());
            v
        };
        let back = given(tags_of(d, out, to));
        assert_eq!(back, given(want.clone()), "{out}");
    }
}

#[test]
fn two_tags_that_become_one_property_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // `Red` is Little Golem's PB and SGF's PW: a tag PB or PW beside it
    // would be the same property twice, which neither reader reads.
    std::fs::write(
        d.join("pb.json"),
        json_game(r#"[["Red", "a"], ["PB", "b"]]"#, PENCIL),
    )
    .unwrap();
    refused(d, "pb.json", "pb.tsgf", &[], &["PB"]);
    std::fs::write(
        d.join("pw.json"),
        json_game(r#"[["Red", "a"], ["PW", "b"]]"#, PENCIL),
    )
    .unwrap();
    refused(d, "pw.json", "pw.sgf", &[], &["PW"]);
    std::fs::write(
        d.join("foo.json"),
        json_game(r#"[["FOO", "a"], ["FOO", "b"]]"#, PENCIL),
    )
    .unwrap();
    refused(d, "foo.json", "foo.tsgf", &[], &["FOO"]);
    refused(d, "foo.json", "foo.sgf", &[], &["FOO"]);
}

#[test]
fn an_sgf_result_tag_that_would_read_back_as_a_resignation_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Two moves and no resignation: `RE[B+R]` would add one.
    std::fs::write(d.join("re.json"), json_game(r#"[["RE", "B+R"]]"#, PENCIL)).unwrap();
    refused(d, "re.json", "re.sgf", &[], &["RE", "B+R"]);
}

#[test]
fn t1_and_boardspace_values_their_readers_trim_or_refuse_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let t1 = r#"{"crossing": "none", "links": "automatic", "removal": "none", "swap": "mirror", "size": 24}"#;
    std::fs::write(d.join("sp.json"), json_game(r#"[["Red", " Ann "]]"#, t1)).unwrap();
    refused(
        d,
        "sp.json",
        "sp.T1",
        &[],
        &["Name of player 1", "white space"],
    );
    // The refusal is about the name: no advice to read the game under
    // other rules.
    let o = convert(d, "sp.json", "sp.T1", &[]);
    assert!(!err(&o).contains("--rules"), "{}", err(&o));
    std::fs::write(
        d.join("go.json"),
        json_game(r#"[["T1GameOver", "maybe"]]"#, t1),
    )
    .unwrap();
    refused(d, "go.json", "go.T1", &[], &["T1GameOver", "maybe"]);
    let editable = r#"{"crossing": "none", "links": "automatic-editable", "removal": "links", "swap": "colors", "size": 24}"#;
    std::fs::write(
        d.join("bs.json"),
        json_game(r#"[["GameId", " g1 "]]"#, editable),
    )
    .unwrap();
    refused(
        d,
        "bs.json",
        "bs.sgf",
        &["--to", "boardspace"],
        &["GameId", "white space"],
    );
}

#[test]
fn a_record_to_a_move_list_names_the_tags_board_and_rules_it_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("s.tsgf"),
        "(;FF[4]EV[e]PB[a]SZ[12];b[ff];r[swap];b[dd])",
    )
    .unwrap();
    for (out, more) in [("s.txt", &[][..]), ("p.txt", &["--to", "text"][..])] {
        let o = convert(d, "s.tsgf", out, more);
        let e = err(&o);
        assert!(o.status.success(), "{out}: {e}");
        assert!(
            e.contains("warning:") && e.contains("3 header tags (FF, Event, Red)"),
            "{out}: {e}"
        );
        assert!(
            e.contains("board size 12") && e.contains("`--size 12`"),
            "{out}: {e}"
        );
        // Read back as the warning says, it is the same game.
        let back = format!("back-{out}.tsgf");
        let o = convert(d, out, &back, &["--size", "12"]);
        assert!(o.status.success(), "{}", err(&o));
        assert_eq!(
            std::fs::read_to_string(d.join(&back)).unwrap(),
            "(;FF[4]SZ[12];b[ff];r[swap];b[dd])"
        );
    }
    // The same from a script, and from a T1 file, whose rules are not
    // the move list's.
    std::fs::write(
        d.join("s.twixt"),
        "[Event \"e\"]\n[Size \"12\"]\n\n1. f6 2. swap 3. d4\n",
    )
    .unwrap();
    let o = convert(d, "s.twixt", "t.txt", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("`--size 12`"), "{}", err(&o));
    std::fs::write(
        d.join("g.T1"),
        "#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\nK7\n",
    )
    .unwrap();
    let o = convert(d, "g.T1", "g.moves", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("rules t1") && err(&o).contains("`--rules t1`"),
        "{}",
        err(&o)
    );
    // A game a move list holds whole says nothing.
    std::fs::write(d.join("plain.moves"), "1.f6 2.g7\n").unwrap();
    let o = convert(d, "plain.moves", "plain2.txt", &[]);
    assert!(!err(&o).contains("warning"), "{}", err(&o));
}

/// A result that no resignation or accepted draw says (`1-0` after the
/// moves) was dropped when a game was written as plain text: it is written
/// after the moves, and reads back, text to text and script to text to
/// script. A result plain text has no word for (`*`) is named in a
/// warning with its game.
#[test]
fn plain_text_keeps_a_result_the_moves_do_not_say() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let read = |name: &str| std::fs::read_to_string(d.join(name)).unwrap();
    for (text, result) in [
        ("f6 swap m16 n11 1-0", "1-0"),
        ("1. f6 g8 2. h9 0-1", "0-1"),
        ("f6 g8 ½-½", "1/2-1/2"),
    ] {
        std::fs::write(d.join("a.txt"), text).unwrap();
        let o = convert(d, "a.txt", "b.txt", &["--from", "text", "--to", "text"]);
        assert!(o.status.success(), "{text}: {}", err(&o));
        let written = read("b.txt");
        assert!(
            written.ends_with(&format!(" {result}\n")),
            "{text}: {written}"
        );
        // Read back, it writes the same again.
        let o = convert(d, "b.txt", "c.txt", &["--from", "text", "--to", "text"]);
        assert!(o.status.success(), "{text}: {}", err(&o));
        assert_eq!(read("c.txt"), written, "{text}");
    }
    for (value, word) in [("red", "1-0"), ("black", "0-1"), ("draw", "1/2-1/2")] {
        std::fs::write(
            d.join("s.twixt"),
            format!("[Result \"{value}\"]\n\n1. f6 2. g8\n"),
        )
        .unwrap();
        let o = convert(d, "s.twixt", "s.txt", &["--to", "text"]);
        assert!(o.status.success(), "{value}: {}", err(&o));
        assert!(!err(&o).contains("result"), "{value}: {}", err(&o));
        assert_eq!(read("s.txt"), format!("1.f6 2.g8 {word}\n"));
        let o = convert(d, "s.txt", "back.twixt", &["--from", "text"]);
        assert!(o.status.success(), "{value}: {}", err(&o));
        assert!(
            read("back.twixt").contains(&format!("[Result \"{value}\"]")),
            "{value}: {}",
            read("back.twixt")
        );
    }
    // A resignation says the result itself: written once, as the move.
    std::fs::write(
        d.join("r.twixt"),
        "[Result \"black\"]\n\n1. f6 2. g8 3. resign\n",
    )
    .unwrap();
    let o = convert(d, "r.twixt", "r.txt", &["--to", "text"]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(read("r.txt"), "1.f6 2.g8 3.resign\n");
    assert!(!err(&o).contains("result"), "{}", err(&o));
    // No word for an unfinished game: written without it, and said.
    std::fs::write(d.join("u.twixt"), "[Result \"*\"]\n\n1. f6 2. g8\n").unwrap();
    let o = convert(d, "u.twixt", "u.txt", &["--to", "text"]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(read("u.txt"), "1.f6 2.g8\n");
    assert!(
        err(&o).contains("warning:") && err(&o).contains("game 1's result `*` is left out"),
        "{}",
        err(&o)
    );
}

/// A result that no move of the game says (a script's `[Result "red"]`
/// after moves that end no game) was dropped without a word when the game
/// was written as a move list, which has no word for a result: the warning
/// names the game and its result. A result the moves say (a resignation,
/// an accepted draw, a connection made, as `check` replays the game) is
/// kept by the moves and not named; nor is a game without one.
#[test]
fn a_move_list_names_a_result_its_moves_do_not_say() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let read = |name: &str| std::fs::read_to_string(d.join(name)).unwrap();
    std::fs::write(d.join("s.twixt"), "[Result \"red\"]\n\n1. f6 2. g8\n").unwrap();
    let o = convert(d, "s.twixt", "s.moves", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(read("s.moves"), "1.f6 2.g8\n");
    assert!(
        err(&o).contains("warning:") && err(&o).contains("game 1's result `red` is left out"),
        "{}",
        err(&o)
    );
    // Every game whose result is lost is named, and no other.
    std::fs::write(
        d.join("m.twixt"),
        "[Result \"red\"]\n\n1. f6 2. g8\n\n\
         [Result \"black\"]\n\n1. f6 2. g8 3. resign\n\n\
         [Result \"draw\"]\n\n1. f6= 2. draw\n\n\
         [Size \"5\"]\n[Result \"red\"]\n\n1. b1 2. a2 3. c3 4. a4 5. d5\n\n\
         [Event \"no result\"]\n\n1. f6 2. g8\n\n\
         [Result \"*\"]\n\n1. f6 2. g8\n\n\
         [Size \"5\"]\n[Result \"black\"]\n\n1. b1 2. a2 3. c3 4. a4 5. d5\n",
    )
    .unwrap();
    let o = convert(d, "m.twixt", "m.moves", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("the results of games 1 (`red`), 6 (`*`), 7 (`black`) are left out"),
        "{}",
        err(&o)
    );
    // From a record too: plain text's `1-0` after moves that end no game.
    std::fs::write(d.join("p.txt"), "f6 g8 1-0\n").unwrap();
    let o = convert(d, "p.txt", "p.moves", &["--from", "text"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("game 1's result `red` is left out"),
        "{}",
        err(&o)
    );
    // A script large enough to be converted a window at a time says it too.
    let mut big = "[Event \"e\"]\n\n1. f6 2. g8\n\n".repeat(85_000);
    big.push_str("[Result \"draw\"]\n\n1. f6 2. g8\n");
    std::fs::write(d.join("big.twixt"), big).unwrap();
    let o = convert(d, "big.twixt", "big.moves", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("game 85001's result `draw` is left out"),
        "{}",
        err(&o)
    );
}

/// A Boardspace game file wrote a draw after the moves but dropped a win
/// that no connection or resignation says, silently, and wrote a draw
/// after a resignation, which its reader refuses. A win of the player to
/// move is written as the site writes a win on time, and reads back; a
/// result the site has no steps for is named in the warning.
#[test]
fn boardspace_writes_a_win_on_time_and_names_a_result_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let read = |name: &str| std::fs::read_to_string(d.join(name)).unwrap();
    let script = |result: &str, moves: &str| {
        std::fs::write(
            d.join("s.twixt"),
            format!("[Rules \"editable\"]\n[Result \"{result}\"]\n\n{moves}\n"),
        )
        .unwrap();
    };
    for (result, step) in [("red", "gameoverontime"), ("draw", "acceptdraw")] {
        script(result, "1. f6 2. g8");
        let o = convert(d, "s.twixt", "s.sgf", &["--to", "boardspace"]);
        assert!(o.status.success(), "{result}: {}", err(&o));
        assert!(!err(&o).contains("warning"), "{result}: {}", err(&o));
        assert!(read("s.sgf").contains(step), "{result}: {}", read("s.sgf"));
        let o = convert(d, "s.sgf", "back.twixt", &["--from", "boardspace"]);
        assert!(o.status.success(), "{result}: {}", err(&o));
        assert!(
            read("back.twixt").contains(&format!("[Result \"{result}\"]")),
            "{result}: {}",
            read("back.twixt")
        );
    }
    for (result, moves) in [
        ("black", "1. f6 2. g8"),
        ("*", "1. f6 2. g8"),
        ("draw", "1. f6 2. g8 3. resign"),
    ] {
        script(result, moves);
        let o = convert(d, "s.twixt", "s.sgf", &["--to", "boardspace"]);
        assert!(o.status.success(), "{result}: {}", err(&o));
        assert!(
            err(&o).contains(&format!("game 1's result `{result}` is left out")),
            "{result}: {}",
            err(&o)
        );
        // What is written reads.
        let o = convert(d, "s.sgf", "back.twixt", &["--from", "boardspace"]);
        assert!(o.status.success(), "{result}: {}", err(&o));
    }
}

/// `.T1`, `.tsgf` and SGF files have no notation for a result their moves
/// do not say (a T1 file only marks the game over, SGF's `RE` reads back
/// only as a resignation): a script's `[Result "red"]` after moves that
/// end no game was dropped without a word. The warning names the game; a
/// result the moves say is kept by them and not named.
#[test]
fn t1_tsgf_and_sgf_name_a_result_their_moves_do_not_say() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (rules, out) in [("t1", "s.T1"), ("pencil", "s.tsgf"), ("pencil", "s.sgf")] {
        let script = |result: &str, moves: &str| {
            std::fs::write(
                d.join("s.twixt"),
                format!("[Rules \"{rules}\"]\n[Result \"{result}\"]\n\n{moves}\n"),
            )
            .unwrap();
        };
        for (result, moves) in [
            ("red", "1. f6 2. g8"),
            ("draw", "1. f6 2. g8"),
            ("*", "1. f6 2. g8"),
            ("red", "1. f6 2. g8 3. resign"),
        ] {
            script(result, moves);
            let o = convert(d, "s.twixt", out, &[]);
            assert!(o.status.success(), "{out} {result}: {}", err(&o));
            assert!(
                err(&o).contains(&format!("game 1's result `{result}` is left out")),
                "{out} {result}: {}",
                err(&o)
            );
        }
        // Said by the moves: a resignation, and for Little Golem an
        // accepted draw; written, and nothing said.
        let mut kept = vec![("black", "1. f6 2. g8 3. resign")];
        if out == "s.tsgf" {
            kept.push(("draw", "1. f6= 2. draw"));
        }
        for (result, moves) in kept {
            script(result, moves);
            let o = convert(d, "s.twixt", out, &[]);
            assert!(o.status.success(), "{out} {result}: {}", err(&o));
            assert!(!err(&o).contains("result"), "{out} {result}: {}", err(&o));
            let o = convert(d, out, "back.twixt", &[]);
            assert!(o.status.success(), "{out} {result}: {}", err(&o));
            let back = std::fs::read_to_string(d.join("back.twixt")).unwrap();
            assert!(
                back.contains(&format!("[Result \"{result}\"]")),
                "{out} {result}: {back}"
            );
        }
    }
}

/// A script `convert` wrote states `[Size "24"]` and `[Rules "pencil"]`,
/// what a move list or plain text is read with when nothing is told: to
/// either, converting it warned "left out: 2 header tags (Size, Rules)",
/// though leaving them out loses nothing. They are not named; a size or
/// rules that differ are, with the option that reads the list back.
#[test]
fn a_size_and_rules_a_move_list_is_read_with_are_not_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("g.moves"), "1.f6 2.g8\n").unwrap();
    let o = convert(d, "g.moves", "g.twixt", &[]);
    assert!(o.status.success(), "{}", err(&o));
    let script = std::fs::read_to_string(d.join("g.twixt")).unwrap();
    assert!(
        script.contains("[Size \"24\"]") && script.contains("[Rules \"pencil\"]"),
        "{script}"
    );
    for (out, more) in [("g.txt", &["--to", "text"][..]), ("back.moves", &[][..])] {
        let o = convert(d, "g.twixt", out, more);
        assert!(o.status.success(), "{out}: {}", err(&o));
        assert!(!err(&o).contains("warning"), "{out}: {}", err(&o));
    }
    // Written as the defaults are written otherwise too.
    std::fs::write(
        d.join("h.twixt"),
        "[Size \"24x24\"]\n[Rules \"pencil\"]\n[First \"red\"]\n\n1. f6 2. g8\n",
    )
    .unwrap();
    let o = convert(d, "h.twixt", "h.moves", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(!err(&o).contains("warning"), "{}", err(&o));
    // A size or rules that differ are still named, with the option that
    // reads the list back.
    for (tags, named, option) in [
        (
            "[Size \"12\"]\n[Rules \"pencil\"]",
            "1 header tag (Size)",
            "`--size 12`",
        ),
        (
            "[Size \"24\"]\n[Rules \"t1\"]",
            "1 header tag (Rules)",
            "`--rules t1`",
        ),
    ] {
        std::fs::write(d.join("o.twixt"), format!("{tags}\n\n1. f6 2. g8\n")).unwrap();
        for (out, more) in [("o.txt", &["--to", "text"][..]), ("o.moves", &[][..])] {
            let o = convert(d, "o.twixt", out, more);
            assert!(o.status.success(), "{out}: {}", err(&o));
            assert!(
                err(&o).contains(named) && err(&o).contains(option),
                "{out}: {}",
                err(&o)
            );
        }
    }
}

/// Line 13 of a T1 file says whether the game is over. A game its moves
/// end (a connection made, a resignation, a dead draw) was written with
/// `N` when no result tag said so, though T1 files of finished games say
/// `Y`: it says `Y`, and the file reads back as the same moves, ended as
/// before. A game the moves leave going on says `N`.
#[test]
fn a_t1_file_says_a_game_its_moves_end_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let line_13 = |name: &str| {
        let text = std::fs::read_to_string(d.join(name)).unwrap();
        text.lines().nth(12).unwrap().to_string()
    };
    for (moves, over, ends) in [
        // Red's chain b1-c3-d5 joins row 1 to row 5.
        ("1. b1 2. a2 3. c3 4. a4 5. d5", "Y", "red connected"),
        ("1. b1 2. a2 3. resign", "Y", "black won by resignation"),
        ("1. b1 2. a2 3. c3", "N", "undecided"),
    ] {
        std::fs::write(
            d.join("s.twixt"),
            format!("[Size \"5\"]\n[Rules \"t1\"]\n\n{moves}\n"),
        )
        .unwrap();
        let o = convert(d, "s.twixt", "s.T1", &[]);
        assert!(o.status.success(), "{moves}: {}", err(&o));
        assert!(!err(&o).contains("warning"), "{moves}: {}", err(&o));
        assert!(
            line_13("s.T1").starts_with(&format!("{over} ")),
            "{moves}: {}",
            line_13("s.T1")
        );
        // Read back: the same moves, and the same end as `check` finds it.
        let o = convert(d, "s.T1", "back.twixt", &[]);
        assert!(o.status.success(), "{moves}: {}", err(&o));
        let back = std::fs::read_to_string(d.join("back.twixt")).unwrap();
        assert!(back.contains(moves), "{moves}: {back}");
        let o = twixt_in(&["check", "s.T1"], d);
        assert!(o.status.success(), "{moves}: {}", err(&o));
        let said = String::from_utf8_lossy(&o.stdout);
        assert!(said.contains(ends), "{moves}: {said}");
    }
    // A dead draw, as twixtbot-ui saved it (`Y`), read without its
    // `T1GameOver` tag: written `Y` again.
    let Some(games) = crate::common::shared_games() else {
        return;
    };
    let o = convert(
        d,
        &games.join("t1/drawngame.T1").display().to_string(),
        "g.twixt",
        &[],
    );
    assert!(o.status.success(), "{}", err(&o));
    let script = std::fs::read_to_string(d.join("g.twixt")).unwrap();
    assert!(script.contains("[T1GameOver \"Y\"]"), "{script}");
    std::fs::write(
        d.join("g.twixt"),
        script.replace("[T1GameOver \"Y\"]\n", ""),
    )
    .unwrap();
    let o = convert(d, "g.twixt", "g.T1", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(line_13("g.T1").starts_with("Y "), "{}", line_13("g.T1"));
}

/// `.tsgf`, `.sgf`, `.T1` and Boardspace files have a place for some
/// header tags only (the players; an event, a site, a date, each as its
/// format has it): the others, a script's `[Round "3"]` among them, were
/// dropped without a word, where a move list names what it leaves out.
/// The warning names them, and every tag it does not name reads back as
/// it was.
#[test]
fn record_formats_name_the_tags_they_have_no_place_for() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tags = [
        ("Event", "club"),
        ("Site", "home"),
        ("Date", "2024.05.01"),
        ("Round", "3"),
        ("Red", "Ann"),
        ("Black", "Bob"),
        ("Annotator", "Cy"),
    ];
    for (rules, out, more, named) in [
        (
            "pencil",
            "s.tsgf",
            &[][..],
            &["Date", "Round", "Annotator"][..],
        ),
        (
            "pencil",
            "s.sgf",
            &[][..],
            &["Date", "Round", "Annotator"][..],
        ),
        (
            "t1",
            "s.T1",
            &[][..],
            &["Event", "Site", "Date", "Round", "Annotator"][..],
        ),
        (
            "editable",
            "b.sgf",
            &["--to", "boardspace"][..],
            &["Event", "Site", "Round", "Annotator"][..],
        ),
    ] {
        let mut script: String = tags
            .iter()
            .map(|(name, value)| format!("[{name} \"{value}\"]\n"))
            .collect();
        script += &format!("[Size \"24\"]\n[Rules \"{rules}\"]\n\n1. f6 2. m12\n");
        std::fs::write(d.join("s.twixt"), &script).unwrap();
        let o = convert(d, "s.twixt", out, more);
        assert!(o.status.success(), "{out}: {}", err(&o));
        let warning = format!(
            "left out: {} header tags ({})",
            named.len(),
            named.join(", ")
        );
        assert!(
            err(&o).contains("warning:") && err(&o).contains(&warning),
            "{out}: {}",
            err(&o)
        );
        // Every other tag reads back, and the board and rules.
        let from: &[&str] = if more.is_empty() {
            &[]
        } else {
            &["--from", "boardspace"]
        };
        let o = convert(d, out, "back.twixt", from);
        assert!(o.status.success(), "{out}: {}", err(&o));
        let back = std::fs::read_to_string(d.join("back.twixt")).unwrap();
        for (name, value) in tags.iter().filter(|(name, _)| !named.contains(name)) {
            assert!(
                back.contains(&format!("[{name} \"{value}\"]")),
                "{out}: {name} lost:\n{back}"
            );
        }
        for stated in ["[Size \"24\"]".to_string(), format!("[Rules \"{rules}\"]")] {
            assert!(back.contains(&stated), "{out}: {stated} lost:\n{back}");
        }
    }
    // A T1 file is read under `t1`: a game under other rules it holds the
    // same (no swap to tell a colour swap from a mirror) loses its `Rules`,
    // named with the other tags, and `--rules` reads it back.
    std::fs::write(
        d.join("d.twixt"),
        "[Rules \"dujardin\"]\n[Round \"3\"]\n\n1. f6 2. m12\n",
    )
    .unwrap();
    let o = convert(d, "d.twixt", "d.T1", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("left out: 2 header tags (Rules, Round)"),
        "{}",
        err(&o)
    );
    let o = convert(d, "d.T1", "d-back.twixt", &["--rules", "dujardin"]);
    assert!(o.status.success(), "{}", err(&o));
    let back = std::fs::read_to_string(d.join("d-back.twixt")).unwrap();
    assert!(back.contains("[Rules \"dujardin\"]"), "{back}");
    // Tags every one of them places say nothing.
    std::fs::write(
        d.join("p.twixt"),
        "[Red \"Ann\"]\n[Black \"Bob\"]\n[Size \"24\"]\n[Rules \"t1\"]\n\n1. f6 2. m12\n",
    )
    .unwrap();
    let o = convert(d, "p.twixt", "p.T1", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(!err(&o).contains("warning"), "{}", err(&o));
}

/// `convert` does not replay, but a hole the board lacks (off the board
/// the record states, or a corner) is no move of any game: a script whose
/// move 2 is `zz99` on 24×24 was written into every record format with
/// exit 0, though `check` calls it illegal. It is refused with exit 1,
/// naming the file, the game when the file holds several, the move and
/// the hole, and nothing is written, whole or streamed. A move the rules
/// refuse (onto an occupied hole) still converts as written.
#[test]
fn a_hole_the_board_lacks_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("g.twixt"), "[Size \"24\"]\n\n1. f6 2. zz99 3. g8\n").unwrap();
    for (out, more) in [
        ("g.sgf", &[][..]),
        ("g.tsgf", &[][..]),
        ("g.T1", &[][..]),
        ("g.moves", &[][..]),
        ("g.txt", &["--to", "text"][..]),
        ("g.json", &[][..]),
        ("b.sgf", &["--to", "boardspace"][..]),
    ] {
        refused(
            d,
            "g.twixt",
            out,
            more,
            &[
                "g.twixt: move 2: expected a hole on the board of size 24, found `zz99`, which is off the board",
            ],
        );
    }
    // A corner, in the second game of a file: named with its game.
    std::fs::write(
        d.join("two.twixt"),
        "[Size \"12\"]\n\n1. f6 2. g8\n\n[Size \"12\"]\n\n1. f6 2. l12\n",
    )
    .unwrap();
    refused(
        d,
        "two.twixt",
        "two.moves",
        &[],
        &[
            "two.twixt: game 2, move 2: expected a hole on the board, found the corner `l12`, which does not exist",
        ],
    );
    // twixtkit's JSON names any hole too.
    std::fs::write(
        d.join("j.json"),
        r#"{"schema_version": 1, "kind": "twixt-games", "games": [{"tags": [], "rules": {"crossing": "own", "links": "automatic", "removal": "none", "swap": "mirror", "size": 12}, "first": "red", "moves": [{"peg": "f6"}, {"peg": "m12"}]}]}"#,
    )
    .unwrap();
    refused(
        d,
        "j.json",
        "j.twixt",
        &[],
        &["j.json: move 2:", "`m12`", "off the board"],
    );
    // An output already there is left as it was.
    std::fs::write(d.join("old.sgf"), "old").unwrap();
    let o = convert(d, "g.twixt", "old.sgf", &[]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(d.join("old.sgf")).unwrap(), "old");
    // A script large enough to be converted a window at a time: refused at
    // the game, and the temporary file goes.
    let mut big = "[Event \"e\"]\n\n1. f6 2. g8\n\n".repeat(85_000);
    big.push_str("[Event \"e\"]\n\n1. f6 2. zz99\n");
    std::fs::write(d.join("big.twixt"), big).unwrap();
    refused(
        d,
        "big.twixt",
        "big.moves",
        &[],
        &["big.twixt: game 85001, move 2:", "`zz99`", "off the board"],
    );
    let left: Vec<_> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("big") && n != "big.twixt")
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // The rules are not applied: a peg on an occupied hole converts as
    // written, and `check` is what finds it illegal.
    std::fs::write(d.join("o.twixt"), "1. f6 2. f6\n").unwrap();
    let o = convert(d, "o.twixt", "o.sgf", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        std::fs::read_to_string(d.join("o.sgf"))
            .unwrap()
            .contains(";W[f6];B[f6]")
    );
    assert_eq!(twixt_in(&["check", "o.twixt"], d).status.code(), Some(1));
}

/// A `.T1` file states the board and the pie rule and nothing more of the
/// rules: it is read under `t1`. A game under other rules that the writer
/// writes (`dujardin`, whose colour swap a game without a swap never
/// shows), from a record that states its rules without a `Rules` tag
/// (twixtkit's JSON, a record read with `--rules dujardin`), was written
/// without a word, and read back under `t1`. The warning names the rules
/// and the option that reads the file back as it was; rules the file
/// reads back as they are (`t1`, or `dujardin` with no swap or on a board
/// that is not square, where `t1` swaps colours too) say nothing.
#[test]
fn a_t1_file_names_rules_it_reads_back_as_others() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = |swap: &str, size: &str| {
        format!(
            r#"{{"crossing": "none", "links": "automatic", "removal": "none", "swap": "{swap}", "size": {size}}}"#
        )
    };
    let says = "a .T1 file states the board and the pie rule but no other rules and is read under t1, so the rules dujardin are left out (`--rules dujardin` reads it back as it was)";
    std::fs::write(
        d.join("d.json"),
        json_game(r#"[["Red", "Ann"]]"#, &rules("colors", "24")),
    )
    .unwrap();
    let o = convert(d, "d.json", "d.T1", &[]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains(&format!("warning: {says}")), "{}", err(&o));
    // Read back as the warning says, it is the game it was.
    let o = convert(d, "d.T1", "back.json", &["--rules", "dujardin"]);
    assert!(o.status.success(), "{}", err(&o));
    let back: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("back.json")).unwrap()).unwrap();
    assert_eq!(back["games"][0]["rules"]["swap"], "colors");
    // A Little Golem game read under `--rules dujardin`.
    std::fs::write(d.join("l.tsgf"), "(;FF[4]SZ[24];b[ff];r[mm])").unwrap();
    let o = convert(d, "l.tsgf", "l.T1", &["--rules", "dujardin"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains(says), "{}", err(&o));
    // Rules the file reads back as they are: no warning.
    for (name, swap, size) in [
        ("t1", "mirror", "24"),
        ("noswap", "none", "24"),
        ("wide", "colors", "\"20x16\""),
    ] {
        let input = format!("{name}.json");
        std::fs::write(d.join(&input), json_game("[]", &rules(swap, size))).unwrap();
        let o = convert(d, &input, &format!("{name}.T1"), &[]);
        assert!(o.status.success(), "{name}: {}", err(&o));
        assert!(!err(&o).contains("warning"), "{name}: {}", err(&o));
    }
}
