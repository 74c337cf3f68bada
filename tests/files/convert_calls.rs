//! A conversion as three calls of the library — `read_records`,
//! `write_records`, `left_out` — says what `twixt convert` says: the same
//! text, and `left_out` the same warning, naming all that the output
//! leaves out (a script's annotations, the header tags the output has no
//! place for, a result it cannot write, a board a move list does not
//! state), not a script's annotations only.

use std::path::Path;
use std::process::Command;

use twixtkit::commands::convert::{
    FileFormat, convert_file, left_out, read_records, write_records,
};

/// `twixt convert input -o output` in `dir`: its standard error.
fn warned(dir: &Path, input: &str, output: &str) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["convert", input, "-o", output])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{input} -> {output}: {err}");
    err
}

#[test]
fn left_out_names_all_that_convert_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("g.twixt"),
        "[Event \"club\"]\n[Size \"12\"]\n[Result \"red\"]\n\n1. f6 {a comment} 2. g8 (2. h9)\n",
    )
    .unwrap();
    std::fs::write(d.join("g.tsgf"), "(;FF[4]EV[club]SZ[12];b[ff];r[gh])").unwrap();
    // A game under `dujardin`, which a `.T1` file, read under `t1`, does
    // not state; and one under `t1`, which it does.
    let json = |swap: &str| {
        format!(
            r#"{{"schema_version": 1, "kind": "twixt-games", "games": [{{"tags": [], "rules": {{"crossing": "none", "links": "automatic", "removal": "none", "swap": "{swap}", "size": 24}}, "first": "red", "moves": [{{"peg": "f6"}}, {{"peg": "m12"}}]}}]}}"#
        )
    };
    std::fs::write(d.join("d.json"), json("colors")).unwrap();
    std::fs::write(d.join("t.json"), json("mirror")).unwrap();
    for (input, from, output, to, says) in [
        (
            "g.twixt",
            FileFormat::Script,
            "g.moves",
            FileFormat::MoveList,
            &[
                "left out: 1 comment, 1 variation, 2 header tags (Event, Size)",
                "the board size 12 is left out",
                "game 1's result `red` is left out",
            ][..],
        ),
        (
            "g.twixt",
            FileFormat::Script,
            "g.sgf",
            FileFormat::Sgf,
            &[
                "left out: 1 comment, 1 variation",
                "game 1's result `red` is left out",
            ][..],
        ),
        (
            "g.tsgf",
            FileFormat::LittleGolem,
            "l.moves",
            FileFormat::MoveList,
            &["2 header tags (FF, Event)", "the board size 12 is left out"][..],
        ),
        (
            "d.json",
            FileFormat::Json,
            "d.T1",
            FileFormat::T1,
            &[
                "a .T1 file states the board and the pie rule but no other rules and is read under t1, so the rules dujardin are left out (`--rules dujardin` reads it back as it was)",
            ][..],
        ),
    ] {
        let bytes = std::fs::read(d.join(input)).unwrap();
        let records = read_records(input, &bytes, from, None, None, Some(d)).unwrap();
        let text = write_records(&records, to, input).unwrap();
        let said = left_out(&bytes, from, &records, to).unwrap_or_default();
        for words in says {
            assert!(said.contains(words), "{input} -> {output}: {said}");
        }
        // What `convert_file` and the command say.
        let whole = convert_file(&d.join(input), from, to, None, None).unwrap();
        assert_eq!(whole.text, text, "{input} -> {output}");
        assert_eq!(whole.left_out.as_deref(), Some(said.as_str()));
        let err = warned(d, input, output);
        assert!(err.contains(&format!("warning: {said}")), "{err}");
    }
}

/// A `.T1` file is read under `t1`: `left_out` names a game's rules only
/// when they are not what the file reads back.
#[test]
fn left_out_names_rules_a_t1_file_reads_back_as_others() {
    let rules = |swap: &str| {
        format!(
            r#"{{"schema_version": 1, "kind": "twixt-games", "games": [{{"tags": [], "rules": {{"crossing": "none", "links": "automatic", "removal": "none", "swap": "{swap}", "size": 24}}, "first": "red", "moves": [{{"peg": "f6"}}, {{"peg": "m12"}}]}}]}}"#
        )
    };
    let said = |swap: &str| {
        let bytes = rules(swap).into_bytes();
        let records = read_records("g.json", &bytes, FileFormat::Json, None, None, None).unwrap();
        write_records(&records, FileFormat::T1, "g.json").unwrap();
        left_out(&bytes, FileFormat::Json, &records, FileFormat::T1)
    };
    let dujardin = said("colors").unwrap_or_default();
    assert!(
        dujardin.contains("is read under t1, so the rules dujardin are left out"),
        "{dujardin}"
    );
    // `t1` itself, and `dujardin` with the pie rule off, read back as they are.
    assert_eq!(said("mirror"), None);
    assert_eq!(said("none"), None);
}

/// `read_records` does not replay, but refuses a record with a move that
/// names a hole its board lacks (off the board, or a corner): no game has
/// it. The error is the input's (not a usage error) and names the file,
/// the game when there are several, the move and the hole. A move the
/// rules refuse is read as written.
#[test]
fn read_records_refuses_a_hole_the_board_lacks() {
    let read = |text: &str| {
        read_records(
            "g.twixt",
            text.as_bytes(),
            FileFormat::Script,
            None,
            None,
            None,
        )
    };
    let e = read("1. f6 2. zz99\n").unwrap_err();
    assert!(!twixtkit::diagnostic::Explained::is_usage(&e));
    assert_eq!(
        e.message,
        "g.twixt: move 2: expected a hole on the board of size 24, found `zz99`, which is off the board"
    );
    let e = read("[Size \"12\"]\n\n1. f6\n\n[Size \"12\"]\n\n1. f6 2. g8 3. a12\n").unwrap_err();
    assert_eq!(
        e.message,
        "g.twixt: game 2, move 3: expected a hole on the board, found the corner `a12`, which does not exist"
    );
    let records = read("1. f6 2. f6\n").unwrap();
    assert_eq!(records[0].moves.len(), 2);
}
