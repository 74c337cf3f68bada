//! A replay error in a record file (`.tsgf`, T1, move list) is located as a
//! script's is: `file:line:column`, the line as written and a caret under
//! the move, from every command that replays or draws the file, and a
//! non-zero exit.

use std::path::Path;
use std::process::{Command, Output};

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run twixt")
}

/// Everything the run printed, standard output then standard error.
fn printed(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes `bytes` as `name` in a fresh folder and runs `check`, `book`,
/// `view` (which say `message`), `render` and `show` (which say `drawn`) on
/// it: each fails with exit code 1 and prints `located` (the location line,
/// the snippet and the caret line).
fn every_command_locates(name: &str, bytes: &[u8], message: &str, drawn: &str, located: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), bytes).unwrap();
    for (args, message) in [
        (vec!["check", name], message),
        (vec!["book", name, "-o", "out.html"], message),
        (vec!["view", name, "-o", "out.html"], message),
        (vec!["render", name, "-o", "out.svg"], drawn),
        (vec!["show", name], drawn),
    ] {
        let o = twixt(&args, dir.path());
        let out = printed(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}:\n{out}");
        assert!(out.contains(message), "{args:?}: no `{message}` in\n{out}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.windows(located.len()).any(|w| w == located),
            "{args:?}: expected the lines {located:#?} in\n{out}"
        );
        assert!(
            !dir.path().join("out.html").exists(),
            "{args:?} wrote a file"
        );
    }
}

#[test]
fn an_illegal_move_in_a_little_golem_record_is_shown_where_it_is_written() {
    let tsgf = "(;FF[4]EV[test]PB[Ann]PW[Bob]SZ[24]\n;b[ch];r[ff]\n;b[ff];r[jj])\n";
    every_command_locates(
        "bad.tsgf",
        tsgf.as_bytes(),
        "error: illegal move 3 by red (f6): f6 is occupied by a black peg",
        "error: move 3 is illegal: f6 is occupied by a black peg",
        &[
            " --> bad.tsgf:3:2",
            "  |",
            "3 | ;b[ff];r[jj])",
            "  |  ^^^^^ illegal move",
        ],
    );
}

#[test]
fn an_illegal_move_in_a_t1_file_is_shown_where_it_is_written() {
    let header = "# x\n# y\n1 # version\nAnn\nBob\n24\n24\nH\nH\n1\nV\nY\nN\n";
    let t1 = format!("{header}C8\n  K10 # a comment\nK10\n");
    every_command_locates(
        "bad.T1",
        t1.as_bytes(),
        "error: illegal move 3 by red (k10): k10 is occupied by a black peg",
        "error: move 3 is illegal: k10 is occupied by a black peg",
        &[
            "  --> bad.T1:16:1",
            "   |",
            "16 | K10",
            "   | ^^^ illegal move",
        ],
    );
}

#[test]
fn an_illegal_move_in_a_move_list_is_shown_where_it_is_written() {
    // The second game, after a blank line and a comment: its lines are the
    // file's.
    let list = "1.f6 2.g8 3.k10\n\n# game two\n1.c3 2.d5\n3.e7  4.d5\n";
    every_command_locates(
        "bad.txt",
        list.as_bytes(),
        "error: illegal move 4 by black (d5): d5 is occupied by a black peg",
        "error: move 4 is illegal: d5 is occupied by a black peg",
        &[
            " --> bad.txt:5:9",
            "  |",
            "5 | 3.e7  4.d5",
            "  |         ^^ illegal move",
        ],
    );
}

#[test]
fn a_latin1_little_golem_record_is_shown_as_written() {
    // Little Golem writes Latin-1: `é` is the one byte 0xE9, one column.
    let mut tsgf = b"(;FF[4]EV[Caf".to_vec();
    tsgf.push(0xE9);
    tsgf.extend_from_slice(b"]SZ[24];b[ch];r[ch])");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("cafe.tsgf"), &tsgf).unwrap();
    // `check` reads records through the script loader, `book` through
    // `open`: both show the line as written.
    for args in [
        &["book", "cafe.tsgf", "-o", "out.html"][..],
        &["check", "cafe.tsgf"],
    ] {
        let o = twixt(args, dir.path());
        let out = printed(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {out}");
        assert!(out.contains(" --> cafe.tsgf:1:29\n"), "{args:?}: {out}");
        assert!(
            out.contains("1 | (;FF[4]EV[Café]SZ[24];b[ch];r[ch])\n"),
            "{args:?}: {out}"
        );
    }
}
