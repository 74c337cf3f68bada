//! `check` reads a move list piped on standard input a game at a time, as
//! it reads a move-list file: the same report, line for line, whether the
//! format is named (`--from moves -`) or told by the content (`-`).

use std::process::Output;

use crate::common;
use common::twixt_fed as twixt;

/// The report's lines, each without the file's name before its first `:`.
fn lines(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| match l.split_once(':') {
            Some((_, rest)) if !l.starts_with("checked") => rest.to_string(),
            _ => l.to_string(),
        })
        .collect()
}

#[test]
fn a_large_move_list_on_standard_input_is_checked_as_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["random", "--seed", "9", "--games", "1200", "-o", "r.moves"],
        dir.path(),
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut text = std::fs::read(dir.path().join("r.moves")).unwrap();
    // A broken game in the middle: reported with its line, the others checked.
    let middle = text.len() / 2;
    let at = middle
        + text[middle..]
            .windows(2)
            .position(|w| w == b"\n\n")
            .unwrap()
        + 2;
    text.splice(at..at, b"1.f6 2.zz99\n\n".iter().copied());
    assert!(text.len() > 2 << 20, "{}", text.len());
    std::fs::write(dir.path().join("r.moves"), &text).unwrap();

    let file = twixt(&["check", "r.moves"], dir.path(), None);
    let want = lines(&file);
    assert_eq!(
        want.last().map(String::as_str),
        Some("checked 1200 games in 1 file: 1 error, 0 warnings")
    );
    assert!(
        want.iter().any(|l| l.contains("zz99")),
        "the broken game is reported: {want:?}"
    );
    for args in [&["check", "--from", "moves", "-"][..], &["check", "-"][..]] {
        let piped = twixt(args, dir.path(), Some(&text));
        assert_eq!(piped.status.code(), file.status.code(), "{args:?}");
        assert_eq!(lines(&piped), want, "{args:?}");
    }
}
