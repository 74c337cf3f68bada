//! `check` reads a large move-list file a game at a time: the same report,
//! line for line, as reading it whole; a broken game in the middle is
//! reported with the file's line and the others are still checked; a line
//! that never ends is refused, not held.

use std::path::Path;
use std::process::{Command, Output};

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// About 3 MB of move lists: 1,200 random games (over the 2 MiB from which
/// a move list is streamed).
fn move_lists(dir: &Path) -> String {
    let o = twixt(
        &["random", "--seed", "9", "--games", "1200", "-o", "r.moves"],
        dir,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(dir.join("r.moves")).unwrap();
    assert!(text.len() > 2 << 20, "{}", text.len());
    text
}

#[test]
fn a_large_move_list_is_checked_game_by_game_like_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = move_lists(dir.path());
    // Whole: the same games cut in two files under the streaming size.
    let middle = text.len() / 2;
    let cut = middle + text[middle..].find("\n\n").unwrap() + 2;
    std::fs::write(dir.path().join("a.moves"), &text[..cut]).unwrap();
    std::fs::write(dir.path().join("b.moves"), &text[cut..]).unwrap();
    let streamed = twixt(&["check", "r.moves"], dir.path());
    assert!(streamed.status.success());
    let whole_a = twixt(&["check", "a.moves"], dir.path());
    let whole_b = twixt(&["check", "b.moves"], dir.path());
    let lines = |o: &Output, file: &str| -> Vec<String> {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| l.starts_with(file))
            .map(|l| l.split_once(':').unwrap().1.to_string())
            .collect()
    };
    let streamed = lines(&streamed, "r.moves:");
    let first_b_line = 1 + text[..cut].matches('\n').count();
    let mut whole = lines(&whole_a, "a.moves:");
    whole.extend(lines(&whole_b, "b.moves:").into_iter().map(|l| {
        // b.moves counts its lines from 1; in r.moves they follow a.moves.
        let (n, rest) = l.split_once(':').unwrap();
        format!("{}:{rest}", n.parse::<usize>().unwrap() + first_b_line - 1)
    }));
    assert_eq!(streamed.len(), 1200);
    assert_eq!(streamed, whole);
}

#[test]
fn a_broken_game_in_a_large_move_list_is_reported_and_the_rest_checked() {
    let dir = tempfile::tempdir().unwrap();
    let text = move_lists(dir.path());
    let middle = text.len() / 2;
    let cut = middle + text[middle..].find("\n\n").unwrap() + 2;
    let broken_line = 1 + text[..cut].matches('\n').count();
    let broken = format!("{}1.f6 2.f6x\n\n{}", &text[..cut], &text[cut..]);
    std::fs::write(dir.path().join("big.moves"), broken).unwrap();
    let o = twixt(&["check", "-q", "big.moves"], dir.path());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains(&format!("big.moves:{broken_line}:8")), "{out}");
    assert!(out.contains("found `f6x`"), "{out}");
    assert!(
        out.ends_with("checked 1200 games in 1 file: 1 error, 0 warnings\n"),
        "{out}"
    );
}

#[test]
fn an_endless_line_in_a_move_list_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = move_lists(dir.path());
    // 70 MB without a line break after the games: more than one game may hold.
    text.push_str(&"1.f6 ".repeat(14_000_000));
    std::fs::write(dir.path().join("big.moves"), text).unwrap();
    let o = twixt(&["check", "-q", "big.moves"], dir.path());
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(out.contains("longer than 64 MiB"), "{out}");
}

#[test]
fn a_small_move_list_reports_its_broken_game_and_checks_the_others() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("three.moves"),
        "1.f6 2.g8\n\n1.f6 2.f6x\n\n1.k10 2.l12\n",
    )
    .unwrap();
    let o = twixt(&["check", "three.moves"], dir.path());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("three.moves:3:8"), "{out}");
    assert!(
        out.contains("three.moves:1: pencil on 24, 2 moves"),
        "{out}"
    );
    assert!(
        out.contains("three.moves:5: pencil on 24, 2 moves"),
        "{out}"
    );
    assert!(
        out.ends_with("checked 2 games in 1 file: 1 error, 0 warnings\n"),
        "{out}"
    );
    // A script saved as a move list: one message, with the hint.
    let script = "[Title \"t\"]\n\n1. f6 2. g8\n\n[Title \"u\"]\n\n1. f6 2. g8\n";
    std::fs::write(dir.path().join("script.txt"), script).unwrap();
    let o = twixt(&["check", "script.txt"], dir.path());
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.matches("error:").count(), 1, "{out}");
    assert!(out.contains("try --from twixt"), "{out}");
}

mod pieces {
    use proptest::prelude::*;

    /// Move-list text: numbered moves with spaces, line breaks and Unicode
    /// spaces between them, games apart by blank lines (CRLF, a comment
    /// line, a line of spaces), and now and then a broken word.
    fn text() -> impl Strategy<Value = String> {
        let gap = prop_oneof![
            Just(" "),
            Just("\n"),
            Just("  "),
            Just("\u{a0}"),
            Just("\r\n")
        ];
        let apart = prop_oneof![
            Just("\n\n"),
            Just("\r\n\r\n"),
            Just("\n# a comment\n\n"),
            Just("\n \n"),
            Just("\n\u{a0}\n"),
        ];
        let game = (
            prop::collection::vec((gap, 1u16..23, 1u16..23, prop::bool::weighted(0.01)), 1..30),
            apart,
        );
        prop::collection::vec(game, 1..6).prop_map(|games| {
            let mut out = String::new();
            for (moves, apart) in games {
                for (i, (gap, c, r, broken)) in moves.iter().enumerate() {
                    let hole = twixt_core::board::Hole::new(*c, *r);
                    let word = if *broken {
                        "zz".to_string()
                    } else {
                        hole.to_string()
                    };
                    out.push_str(&format!("{}.{word}{gap}", i + 1));
                }
                out.push_str(apart);
            }
            out
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever reads whole reads the same a piece at a time
        /// (`twixtkit::fuzzing::movelist_roundtrip` asserts it).
        #[test]
        fn pieces_read_as_the_whole(t in text()) {
            // Not empty: a text without a broken word reads whole.
            if !t.contains("zz") {
                let whole = twixtkit::formats::movelist::read(t.as_bytes());
                prop_assert!(whole.is_ok(), "{whole:?}\n{t}");
            }
            twixtkit::fuzzing::movelist_roundtrip(t.as_bytes());
        }
    }
}
