//! `convert` of a large script reads it a window at a time and writes as it
//! goes: the same text and warnings as converting it whole, nothing written
//! when a game is broken. A file over the whole-file limit converted in
//! bounded memory: `tests/bounded_memory.rs`.

use std::path::Path;
use std::process::{Command, Output};

use twixtkit::commands::convert::{FileFormat, convert_file};

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// About 3.5 MB of random games (over the 2 MiB window) with an annotated
/// game in the middle.
fn large_script(dir: &Path) -> String {
    let o = twixt(
        &["random", "--seed", "5", "--games", "1200", "-o", "r.twixt"],
        dir,
    );
    assert!(o.status.success());
    let text = std::fs::read_to_string(dir.join("r.twixt")).unwrap();
    let middle = text.len() / 2;
    let at = middle + text[middle..].find("\n\n[").unwrap() + 2;
    let annotated =
        "[Event \"annotated\"]\n\n% a remark\n1. f6 {a comment} 2. g8 (2. h9) 3. k10\n#diagram\n\n";
    format!("{}{annotated}{}", &text[..at], &text[at..])
}

#[test]
fn a_large_script_converts_window_by_window_like_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = large_script(dir.path());
    std::fs::write(dir.path().join("big.twixt"), &text).unwrap();
    for (out, to) in [
        ("out.moves", FileFormat::MoveList),
        ("out.twixt", FileFormat::Script),
    ] {
        let whole = convert_file(
            &dir.path().join("big.twixt"),
            FileFormat::Script,
            to,
            None,
            None,
        )
        .unwrap();
        let o = twixt(&["convert", "big.twixt", "-o", out], dir.path());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{out}: {err}");
        assert!(
            err.contains(&format!("wrote {out} ({} games)", whole.games)),
            "{err}"
        );
        match &whole.left_out {
            Some(w) => assert!(err.contains(&format!("warning: {w}")), "{err}"),
            None => assert!(!err.contains("warning"), "{err}"),
        }
        assert!(
            std::fs::read(dir.path().join(out)).unwrap() == whole.text,
            "{out}"
        );
        // The same on standard output.
        let o = twixt(
            &["convert", "big.twixt", "--to", "moves", "-o", "-"],
            dir.path(),
        );
        if to == FileFormat::MoveList {
            assert!(o.status.success());
            assert!(o.stdout == whole.text);
        }
    }
    // Script to script keeps all of it: the text `fmt` writes.
    assert!(twixt(&["fmt", "big.twixt"], dir.path()).status.success());
    assert!(
        std::fs::read(dir.path().join("out.twixt")).unwrap()
            == std::fs::read(dir.path().join("big.twixt")).unwrap()
    );
    // The move list left out the annotations, and said so, and the tags but
    // the random games' `[Size "24"]` and `[Rules "pencil"]`, which it is
    // read with.
    let o = twixt(&["convert", "big.twixt", "-o", "again.moves"], dir.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "left out: 1 comment, 1 remark, 1 diagram point, 1 variation, 1201 header tags (Seed, Event)"
        ),
        "{err}"
    );
}

#[test]
fn a_broken_game_in_a_large_script_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let text = large_script(dir.path());
    let broken = text.replace("1. f6 {a comment} 2. g8", "1. f6 {a comment} 2. g8 )");
    let line = 1 + broken[..broken.find("2. g8 )").unwrap()]
        .matches('\n')
        .count();
    std::fs::write(dir.path().join("big.twixt"), &broken).unwrap();
    let o = twixt(&["convert", "big.twixt", "-o", "out.moves"], dir.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("big.twixt:{line}:")), "{err}");
    assert!(err.contains("1 syntax error"), "{err}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n != "big.twixt" && n != "r.twixt")
        .collect();
    assert_eq!(left, Vec::<String>::new());
}

#[test]
fn a_large_move_list_converts_piece_by_piece_like_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &[
            "random",
            "--seed",
            "6",
            "--games",
            "1200",
            "-o",
            "big.moves",
        ],
        dir.path(),
    );
    assert!(o.status.success());
    let text = std::fs::read_to_string(dir.path().join("big.moves")).unwrap();
    assert!(text.len() > 2 << 20);
    let whole = convert_file(
        &dir.path().join("big.moves"),
        FileFormat::MoveList,
        FileFormat::Script,
        None,
        None,
    )
    .unwrap();
    let o = twixt(&["convert", "big.moves", "-o", "out.twixt"], dir.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("wrote out.twixt (1200 games)"), "{err}");
    assert!(std::fs::read(dir.path().join("out.twixt")).unwrap() == whole.text);
    // A broken move late in the file: the whole file's message, with its
    // line, and nothing written.
    let middle = text.len() * 3 / 4;
    let at = middle + text[middle..].find(" 7.").unwrap() + 1;
    let broken = format!(
        "{}7.zz99{}",
        &text[..at],
        &text[at + text[at..].find(' ').unwrap()..]
    );
    std::fs::write(dir.path().join("broken.moves"), &broken).unwrap();
    let expected = convert_file(
        &dir.path().join("broken.moves"),
        FileFormat::MoveList,
        FileFormat::Script,
        None,
        None,
    )
    .unwrap_err()
    .to_string();
    let line = 1 + broken[..at].matches('\n').count();
    assert!(
        expected.contains(&format!("line {line}, column")),
        "{expected}"
    );
    let o = twixt(
        &["convert", "broken.moves", "-o", "broken.twixt"],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The library was given the full path; the command, the name.
    let said = expected.split_once("broken.moves: ").unwrap().1;
    assert!(
        err.contains(&format!("broken.moves: {said}")),
        "{err}\nexpected: {said}"
    );
    assert!(!dir.path().join("broken.twixt").exists());
}

#[test]
fn a_script_converted_to_a_script_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let script = "% a remark\n[Title \"Corner\"]\n\n#setup red: c3 d5  black: h8\n1. f6 {a comment} 2. g8 (2. h9) 3. k10\n#diagram name=end\n";
    std::fs::write(dir.path().join("p.twixt"), script).unwrap();
    let o = twixt(&["convert", "p.twixt", "-o", "q.twixt"], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let converted = std::fs::read_to_string(dir.path().join("q.twixt")).unwrap();
    for kept in [
        "% a remark",
        "#setup",
        "c3",
        "{a comment}",
        "(2. h9)",
        "#diagram name=end",
    ] {
        assert!(converted.contains(kept), "{kept} lost:\n{converted}");
    }
    // The same as `fmt` writes, and `check` agrees it is the same game.
    assert!(twixt(&["fmt", "p.twixt"], dir.path()).status.success());
    assert_eq!(
        converted,
        std::fs::read_to_string(dir.path().join("p.twixt")).unwrap()
    );
    assert!(twixt(&["check", "q.twixt"], dir.path()).status.success());
    // A move list has no room for a setup: refused, saying why.
    let o = twixt(&["convert", "p.twixt", "-o", "p.moves"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("setup block"));
}
