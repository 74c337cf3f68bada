//! `twixt check` and `twixt fmt` as a user runs them: output and exit codes.

use std::path::Path;
use std::process::{Command, Output};

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run twixt")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// All a run said, report and errors.
fn said(o: &Output) -> String {
    format!("{}{}", stdout(o), String::from_utf8_lossy(&o.stderr))
}

const GOOD: &str = "[Title \"fine\"]\n[Result \"black\"]\n\n1. f6 2. g8 3. resign\n";
const ILLEGAL: &str = "[Title \"bad\"]\n\n1. f6 2. f6\n";
const FALSE_CLAIM: &str = "[Rules \"pencil\"]\n\n1. f6 2. a3 3. g8\n#links 0\n";

#[test]
fn check_passes_a_legal_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("good.twixt"), GOOD).unwrap();
    let o = twixt(&["check", "good.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stdout(&o),
        "good.twixt:1: \"fine\" pencil on 24, 3 moves, decided at move 3: black won by resignation: ok\nchecked 1 game in 1 file: 0 errors, 0 warnings\n"
    );
}

#[test]
fn check_reports_illegal_moves_with_location_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.twixt"), ILLEGAL).unwrap();
    let o = twixt(&["check", "-q", "bad.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o),
        "error: illegal move 2 by black (f6): f6 is occupied by a red peg\n --> bad.twixt:3:7\n  |\n3 | 1. f6 2. f6\n  |       ^^^^^ illegal move\nchecked 1 game in 1 file: 1 error, 0 warnings\n"
    );
}

#[test]
fn check_walks_folders_and_counts_everything() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("games");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("a.twixt"), format!("{GOOD}\n{ILLEGAL}")).unwrap();
    std::fs::write(sub.join("b.twixt"), FALSE_CLAIM).unwrap();
    std::fs::write(sub.join("c.twixt"), "1. f66x\n").unwrap();
    std::fs::write(sub.join("notes.md"), "not a game").unwrap();
    let o = twixt(&["check", "-q", "games"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("false claim: move 3 added 1 link (f6-g8), not 0"),
        "{out}"
    );
    assert!(
        out.contains("expected a hole like f6, found `f66x`"),
        "{out}"
    );
    assert!(
        out.ends_with("checked 3 games in 3 files: 3 errors, 0 warnings\n"),
        "{out}"
    );
}

#[test]
fn check_json_describes_each_game() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), format!("{GOOD}\n{ILLEGAL}")).unwrap();
    let o = twixt(&["check", "--format", "json", "g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["files"], 1);
    assert_eq!(v["errors"], 1);
    let g = &v["games"][0];
    assert_eq!(g["file"], "g.twixt");
    assert_eq!(g["line"], 1);
    assert_eq!(g["rules"], "pencil");
    assert_eq!(g["size"], "24");
    assert_eq!(g["plies"], 3);
    assert_eq!(g["result"], "black");
    assert_eq!(g["decided_at"], 3);
    assert_eq!(g["how"], "resignation");
    assert_eq!(g["winner"], "black");
    let bad = &v["games"][1];
    assert_eq!(bad["line"], 6);
    assert_eq!(bad["errors"][0]["line"], 8);
    assert_eq!(bad["errors"][0]["col"], 7);
}

#[test]
fn check_usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(&["check", "missing.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.twixt: no such file or folder"));
    // Beside a file that checks: the summary and the JSON count it too.
    std::fs::write(dir.path().join("ok.twixt"), "1. f6 2. g8\n").unwrap();
    let o = twixt(&["check", "missing.twixt", "ok.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).contains("checked 1 game in 1 file: 1 error"),
        "{}",
        stdout(&o)
    );
    let o = twixt(
        &["check", "missing.twixt", "ok.twixt", "--format", "json"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["errors"], 1);
    assert_eq!(v["file_errors"][0]["file"], "missing.twixt");
    assert_eq!(v["file_errors"][0]["message"], "no such file or folder");
    assert_eq!(v["games"].as_array().unwrap().len(), 1);
    let o = twixt(&["check"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    std::fs::write(dir.path().join("x.pgn"), "").unwrap();
    let o = twixt(&["check", "x.pgn"], dir.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).contains("unknown file type"));
}

#[test]
fn fmt_rewrites_and_check_mode_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("g.twixt");
    std::fs::write(&f, "[size \"24\"]\n1.f6,2.G8  {hi}\n").unwrap();
    let o = twixt(&["fmt", "--check", "g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "g.twixt: not in canonical form\n");
    // Unchanged by --check.
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        "[size \"24\"]\n1.f6,2.G8  {hi}\n"
    );
    let o = twixt(&["fmt", "g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        "[Size \"24\"]\n\n1. f6 2. g8 {hi}\n"
    );
    let o = twixt(&["fmt", "--check", "g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(0));
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // A file with errors is left alone.
    std::fs::write(&f, "1. f66x\n").unwrap();
    let o = twixt(&["fmt", "g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "1. f66x\n");
    let o = twixt(&["fmt", "nope.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn check_reads_other_formats_from_shared_games() {
    let Some(shared) = crate::common::shared_games() else {
        return;
    };
    let o = twixt(&["check", "-q", "littlegolem", "movelist"], &shared);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("checked 9 games in 9 files: 0 errors, 0 warnings\n"));
    let o = twixt(&["check", "--format", "json", "t1/drawngame.T1"], &shared);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"][0]["how"], "dead-draw");
    assert_eq!(v["games"][0]["rules"], "t1");
}

#[test]
fn example_files_pass_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let o = twixt(&["check", "-q", "examples"], root);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("checked 9 games in 7 files: 0 errors, 0 warnings\n"));
}

#[test]
fn yaml_rule_sets_are_found_next_to_the_script() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("games");
    std::fs::create_dir_all(sub.join("rules")).unwrap();
    std::fs::write(
        sub.join("rules/manual.yaml"),
        "crossing: none\nlinks: manual\nremoval: none\nswap: none\nsize: 12\n",
    )
    .unwrap();
    std::fs::write(
        sub.join("g.twixt"),
        "[Rules \"rules/manual.yaml\"]\n\n1. f6 2. a3 3. g8+f6\n#links f6-g8\n",
    )
    .unwrap();
    let o = twixt(&["check", "games/g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("rules/manual.yaml on 12, 3 moves"),
        "{}",
        stdout(&o)
    );
    std::fs::write(sub.join("h.twixt"), "[Rules \"nowhere.yaml\"]\n\n1. f6\n").unwrap();
    let o = twixt(&["check", "-q", "games/h.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("cannot read rule set"),
        "{}",
        stdout(&o)
    );
}

/// A script may only name rule-set files beside it or below it: a downloaded
/// script cannot make `check` read (and quote) any other file.
#[test]
fn rule_set_paths_outside_the_script_folder_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    for (name, rules) in [
        ("abs.twixt", "/etc/passwd"),
        ("up.twixt", "../secret.yaml"),
        ("deep.twixt", "rules/../../secret.yaml"),
        ("noext.twixt", "rules/manual"),
    ] {
        std::fs::write(
            dir.path().join(name),
            format!("[Rules \"{rules}\"]\n\n1. f6\n"),
        )
        .unwrap();
        let o = twixt(&["check", "-q", name], dir.path());
        assert_eq!(o.status.code(), Some(1), "{name}");
        assert!(
            stdout(&o).contains("a rule-set file must be a .yaml file in the script's folder"),
            "{name}: {}",
            stdout(&o)
        );
    }
}

/// `twixt fmt` takes folders: every `.twixt` file directly inside is checked or rewritten.
#[test]
fn fmt_takes_folders() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("s");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("a.twixt"), "1.f6   2.g8\n").unwrap();
    std::fs::write(sub.join("notes.txt"), "not a script").unwrap();
    let o = twixt(&["fmt", "--check", "s"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("a.twixt: not in canonical form"),
        "{}",
        stdout(&o)
    );
    let o = twixt(&["fmt", "s"], dir.path());
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        std::fs::read_to_string(sub.join("a.twixt")).unwrap(),
        "1. f6 2. g8\n"
    );
    assert_eq!(
        std::fs::read_to_string(sub.join("notes.txt")).unwrap(),
        "not a script"
    );
    let o = twixt(&["fmt", "--check", "s"], dir.path());
    assert_eq!(o.status.code(), Some(0));
}

/// A game that ends with no legal move for the player to move (every hole
/// they may use is taken) is reported as decided: a draw.
#[test]
fn a_full_board_is_decided_as_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &[
            "random", "--games", "20", "--seed", "5", "--size", "6", "--rules", "board", "-o",
            "r.twixt",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0));
    let o = twixt(&["check", "--format", "json", "r.twixt"], dir.path());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let games = v["games"].as_array().unwrap();
    let full: Vec<&serde_json::Value> = games.iter().filter(|g| g["how"] == "no-moves").collect();
    assert!(!full.is_empty(), "{v}");
    for g in full {
        assert_eq!(g["winner"], serde_json::Value::Null);
        assert_eq!(g["decided_at"], g["plies"]);
    }
}

#[test]
fn a_file_of_broken_games_shows_its_first_hundred_messages() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Event \"x\"]\n\n1. zz9999\n\n".repeat(300);
    std::fs::write(dir.path().join("bad.twixt"), text).unwrap();
    let o = twixt(&["check", "bad.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert_eq!(out.matches("error:").count(), 100, "{out}");
    assert!(
        out.contains("… and 200 more messages in bad.twixt (the first 100 are shown)"),
        "{out}"
    );
    // Every error still counts, and JSON holds them all.
    assert!(out.contains("300 errors"), "{out}");
    let o = twixt(&["check", "--format", "json", "bad.twixt"], dir.path());
    assert_eq!(stdout(&o).matches("\"message\"").count(), 300);
}

/// Damaged gzip data is the file's fault, as text that is no text is:
/// exit 1 for every format; a file that is not there is the system's
/// (exit 2).
#[test]
fn damaged_gzip_data_is_a_wrong_input_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.twixt.gz", "g.tsgf.gz", "g.txt.gz", "g.T1.gz"] {
        std::fs::write(dir.path().join(name), b"\x1f\x8b\x08\x00garbage").unwrap();
        let o = twixt(&["check", name], dir.path());
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stdout(&o));
        let said = said(&o);
        assert!(said.contains("damaged or cut short"), "{name}: {said}");
    }
    let o = twixt(&["check", "missing.twixt.gz"], dir.path());
    assert_eq!(o.status.code(), Some(2));
}

/// One game may be 64 MiB long (docs/limits.md), not more: a game just
/// over it is refused, naming the limit; one just under it is read.
#[test]
fn a_game_over_64_mib_is_refused_and_one_under_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let game = |comment: usize| {
        let mut text = String::with_capacity(comment + 64);
        text.push_str("[Title \"long\"]\n\n1. f6 {");
        text.extend(std::iter::repeat_n('x', comment));
        text.push_str("} 2. g8\n\n[Title \"next\"]\n\n1. f6\n");
        text
    };
    std::fs::write(dir.path().join("over.twixt"), game(64 << 20)).unwrap();
    let o = twixt(&["check", "over.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    let said = said(&o);
    assert!(said.contains("longer than 64 MiB"), "{said}");
    std::fs::write(dir.path().join("under.twixt"), game((64 << 20) - 1000)).unwrap();
    let o = twixt(&["check", "under.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("checked 2 games in 1 file: 0 errors"),
        "{}",
        stdout(&o)
    );
}

/// `convert` says as `check` does whose fault a read failure is: damaged
/// gzip data or a damaged archive is the file's (1), a missing file the
/// system's (2).
#[test]
fn convert_exits_1_for_damaged_data_and_2_for_a_missing_file() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["g.twixt.gz", "g.tsgf.gz", "g.txt.gz"] {
        std::fs::write(dir.path().join(name), b"\x1f\x8b\x08\x00garbage").unwrap();
    }
    std::fs::write(dir.path().join("b.zip"), b"PK\x03\x04junk").unwrap();
    for (input, code) in [
        ("g.twixt.gz", 1),
        ("g.tsgf.gz", 1),
        ("g.txt.gz", 1),
        ("b.zip/x.tsgf", 1),
        ("missing.tsgf", 2),
    ] {
        let o = twixt(&["convert", input, "-o", "out.json"], dir.path());
        assert_eq!(
            o.status.code(),
            Some(code),
            "{input}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(!dir.path().join("out.json").exists());
    }
}
