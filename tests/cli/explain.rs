//! `twixt check --explain`: a proved claim's solution written into the
//! script as variations, then re-read by `check`, which replays every move
//! and checks the claim and each of the winner's moves again.

use twixtkit::script::{Element, Line, parse};

use crate::common::twixt_in as twixt;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The position line of puzzle `n` (from 1) of the bench's set.
fn bench_puzzle(n: usize) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/secure-puzzles.tsv");
    let set = std::fs::read_to_string(path).unwrap();
    let row = set
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .nth(n - 1)
        .unwrap();
    row.split('\t').nth(3).unwrap().to_string()
}

/// A script of the position line `line` with `claim` at its end.
fn script(line: &str, header: &str, claim: &str) -> String {
    let f: Vec<&str> = line.split('/').collect();
    format!(
        "[Size \"{}\"]\n[Rules \"{}\"]\n{header}\n#setup red: {}\n#setup black: {}\n#setup links: *\n#setup to-move: {}\n{claim}\n",
        f[0].replace('-', " "),
        f[1],
        f[2].replace(',', " "),
        f[3].replace(',', " "),
        f[5],
    )
}

/// The moves written in a line and its variations.
fn moves(line: &Line) -> usize {
    line.elements
        .iter()
        .map(|e| match e {
            Element::Move(_) => 1,
            Element::Variation(v) => moves(v),
            _ => 0,
        })
        .sum()
}

/// Explains `source`, checks that the explanation was written and that
/// `check` passes the written script; returns it.
fn explained(source: &str, words: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.twixt"), source).unwrap();
    let o = twixt(
        &["check", "--explain", "p.twixt", "-o", "out.twixt"],
        dir.path(),
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(
        err.contains("p.twixt:") && err.contains(": explained #wins"),
        "{err}"
    );
    assert!(err.contains("wrote out.twixt"), "{err}");
    let out = std::fs::read_to_string(dir.path().join("out.twixt")).unwrap();
    for w in words {
        assert!(out.contains(w), "{w:?} not in\n{out}");
    }
    // A bounded explanation: the main line and some variations.
    let parsed = parse(&out);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let written = moves(&parsed.file.games[0].line);
    assert!(
        (1..=twixtkit::commands::check::MAX_MOVES).contains(&written),
        "{written} moves\n{out}"
    );
    // Re-read by check: the claim, every move and every winner's move.
    let o = twixt(&["check", "out.twixt"], dir.path());
    let report = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{report}\n{out}");
    assert!(report.contains("0 errors, 0 warnings"), "{report}");
    out
}

/// Puzzle 1: the key move makes a virtual connection at once; its line
/// names the templates.
#[test]
fn a_key_move_that_makes_a_template_is_written_with_its_words() {
    let out = explained(
        &script(&bench_puzzle(1), "", "#wins red"),
        &["#wins red", "j10", "coign", "connected"],
    );
    assert!(out.contains("The solution, proved by twixt check"), "{out}");
}

/// A claim written after the key move (puzzle 4 after d4, Black to
/// move): the introduction speaks of defences only, never of a key move,
/// in English and in French.
#[test]
fn a_claim_after_the_key_move_is_introduced_without_one() {
    let mut f: Vec<String> = bench_puzzle(4).split('/').map(String::from).collect();
    f[2].push_str(",d4");
    f[5] = "black".to_string();
    let line = f.join("/");
    let out = explained(&script(&line, "", "#wins red"), &["#wins red"]);
    assert!(
        out.contains("The solution, proved by twixt check: the strongest defence"),
        "{out}"
    );
    assert!(!out.contains("key move"), "{out}");
    let out = explained(
        &script(&line, "[Language \"fr\"]", "#wins red"),
        &["#wins red"],
    );
    assert!(
        out.contains("La solution, prouvée par twixt check : la défense"),
        "{out}"
    );
    assert!(!out.contains("coup clé"), "{out}");
}

/// Puzzles 4 and 9 (wins in 4 and 5): the defences inside the carriers
/// are variations, the rest listed with Red's answer.
#[test]
fn defences_are_variations_and_the_others_are_listed() {
    for (n, key) in [(4, "d4"), (9, "h6")] {
        let out = explained(&script(&bench_puzzle(n), "", "#wins red"), &[key, "("]);
        assert!(
            out.contains("Other defences:") || out.contains("Any other defence"),
            "puzzle {n}\n{out}"
        );
    }
}

/// Puzzle 12 (a win in 5 where no virtual connection answers the
/// defences at first): the defences a pass leaves whole are one sentence,
/// with Red's answer as if the defence had not been made.
#[test]
fn defences_a_pass_leaves_whole_are_said_in_one_sentence() {
    explained(
        &script(&bench_puzzle(12), "", "#wins red"),
        &["i7", "Any other defence changes nothing: Red plays"],
    );
}

/// Puzzle 3: Black to connect, whose edges are the left and right.
#[test]
fn black_s_claim_is_explained_too() {
    explained(
        &script(&bench_puzzle(3), "", "#wins black"),
        &["j1", "#wins black"],
    );
}

/// A claim with a length: the shortest win's proof, checked as a win in 4.
#[test]
fn a_claim_with_a_length_is_explained() {
    explained(
        &script(&bench_puzzle(4), "", "#wins red in 4"),
        &["#wins red in 4", "d4"],
    );
}

/// The words follow the game's `[Language]`.
#[test]
fn the_words_are_in_the_game_s_language() {
    explained(
        &script(&bench_puzzle(1), "[Language \"fr\"]\n", "#wins red"),
        &["La solution, prouvée par twixt check", "connectés"],
    );
}

/// A false claim is not explained (exit 1) and the script is written with
/// it as it was; a claim with a solution after it is left alone.
#[test]
fn a_false_claim_or_a_written_solution_is_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let source = script(&bench_puzzle(4), "", "#wins red in 2");
    std::fs::write(dir.path().join("p.twixt"), &source).unwrap();
    let o = twixt(&["check", "--explain", "p.twixt"], dir.path());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("not explained: #wins red in 2 is false"),
        "{err}"
    );
    assert!(
        !text(&o.stdout).contains("The solution"),
        "{}",
        text(&o.stdout)
    );
    assert!(text(&o.stdout).contains("#wins red in 2"));

    let solved = format!("{source}1. d4\n");
    std::fs::write(dir.path().join("s.twixt"), solved).unwrap();
    let o = twixt(&["check", "--explain", "s.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("nothing to explain"),
        "{}",
        text(&o.stderr)
    );
}

/// A claim after an illegal move is not explained, and the run says why
/// with exit 1.
#[test]
fn a_claim_after_an_illegal_move_is_reported_not_explained() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.twixt"),
        "[Size \"8\"]\n1. zz9\n#wins red\n",
    )
    .unwrap();
    let o = twixt(&["check", "--explain", "p.twixt"], dir.path());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("p.twixt:2: not explained"), "{err}");
    assert!(err.contains("zz9"), "{err}");
}

/// A claim of a game whose setup is no legal position is not explained
/// either: the run names the setup's fault, exit 1.
#[test]
fn a_claim_after_a_bad_setup_is_reported_not_explained() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.twixt"),
        "[Size \"12\"]\n#setup red: zz9\n#wins red\n",
    )
    .unwrap();
    let o = twixt(&["check", "--explain", "p.twixt"], dir.path());
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("p.twixt:1: not explained: the setup"), "{err}");
    assert!(err.contains("zz9"), "{err}");
}

/// Usage errors: exit 2, nothing written.
#[test]
fn explain_takes_one_script_and_writes_no_input() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.twixt"), "1. f6\n").unwrap();
    std::fs::write(dir.path().join("b.twixt"), "1. f6\n").unwrap();
    let o = twixt(&["check", "--explain", "a.twixt", "b.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("one script"),
        "{}",
        text(&o.stderr)
    );
    let o = twixt(&["check", "--explain", "."], dir.path());
    assert_eq!(o.status.code(), Some(2));
    // A missing file is named once.
    let o = twixt(&["check", "--explain", "nope.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr).matches("nope.twixt").count(),
        1,
        "{}",
        text(&o.stderr)
    );
    let o = twixt(&["check", "a.twixt", "-o", "c.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.path().join("c.twixt").exists());
    // The input is never written over.
    let o = twixt(
        &["check", "--explain", "a.twixt", "-o", "a.twixt"],
        dir.path(),
    );
    assert_ne!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.twixt")).unwrap(),
        "1. f6\n"
    );
    std::fs::write(dir.path().join("bad.twixt"), "1. f6 (\n").unwrap();
    let o = twixt(
        &["check", "--explain", "bad.twixt", "-o", "c.twixt"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("syntax errors"),
        "{}",
        text(&o.stderr)
    );
    assert!(!dir.path().join("c.twixt").exists());
}
