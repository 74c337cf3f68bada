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
