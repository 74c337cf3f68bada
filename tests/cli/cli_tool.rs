//! The command line as a tool people install: rule files to edit, shell
//! completions, manual pages, and hints for misspelt names.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use twixt_core::rules::RuleSet;

use crate::common;

fn twixt(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("twixt runs")
}

#[test]
fn every_preset_prints_as_a_rule_file_that_reads_back_as_itself() {
    let dir = tempfile::tempdir().unwrap();
    // The list says what each preset's rules are, in the rule file's words.
    let list = String::from_utf8(twixt(dir.path(), &["rules"]).stdout).unwrap();
    let words = |line: &str| {
        line.split_whitespace()
            .take(5)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rows: Vec<String> = list.lines().map(words).collect();
    assert!(
        rows.contains(&"pencil own automatic none mirror".to_string()),
        "{list}"
    );
    assert!(
        rows.contains(&"schmidt none manual links-and-pegs colors".to_string()),
        "{list}"
    );
    for p in RuleSet::presets() {
        let out = twixt(dir.path(), &["rules", p.name]);
        assert!(out.status.success());
        let yaml = String::from_utf8(out.stdout).unwrap();
        assert!(yaml.starts_with(&format!("# {}: ", p.name)), "{yaml}");
        assert_eq!(RuleSet::from_yaml(&yaml).unwrap(), p.rules, "{yaml}");
        // And a script can name the file.
        fs::write(dir.path().join("mine.yaml"), &yaml).unwrap();
        fs::write(
            dir.path().join("g.twixt"),
            "[Rules \"mine.yaml\"]\n1. f6 2. k9\n",
        )
        .unwrap();
        let out = twixt(dir.path(), &["check", "g.twixt"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn a_rule_file_is_accepted_wherever_rules_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let yaml = twixt(dir.path(), &["rules", "dujardin"]).stdout;
    fs::write(dir.path().join("mine.yaml"), yaml).unwrap();
    fs::write(dir.path().join("g.moves"), "1. f6 2. m12 3. g8\n").unwrap();
    let out = twixt(
        dir.path(),
        &[
            "show",
            "g.moves",
            "--rules",
            "mine.yaml",
            "--format",
            "position",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, b"24/dujardin/f6,g8/m12/*/black\n");
    let out = twixt(
        dir.path(),
        &[
            "convert",
            "g.moves",
            "--rules",
            "mine.yaml",
            "-o",
            "g.twixt",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let script = fs::read_to_string(dir.path().join("g.twixt")).unwrap();
    assert!(script.contains("[Rules \"dujardin\"]"), "{script}");
    // A rule file that is not there is a usage error that names it.
    let out = twixt(dir.path(), &["render", "g.moves", "--rules", "gone.yaml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("gone.yaml"));
}

#[test]
fn misspelt_names_get_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let out = twixt(dir.path(), &["rules", "dujardn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `dujardin`?"));
    fs::write(dir.path().join("g.twixt"), "1. f6\n#conected red\n").unwrap();
    let out = twixt(dir.path(), &["check", "g.twixt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("did you mean `#connected`?"));
    let out = twixt(dir.path(), &["board", "--style", "rulebok"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `rulebook`?"));
    // Nothing close: no hint.
    let out = twixt(dir.path(), &["rules", "chess"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did you mean"));
}

#[test]
fn completions_for_every_shell_know_the_subcommands() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = twixt(dir.path(), &["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        for sub in ["render", "sheet", "book", "view", "check"] {
            assert!(text.contains(sub), "{shell} lacks {sub}");
        }
    }
    let out = twixt(dir.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_prints_the_page_and_writes_one_per_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let out = twixt(dir.path(), &["man"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(page.contains(".TH twixt 1"), "{page}");
    assert!(page.contains("twixt\\-render"), "{page}");
    let out = twixt(dir.path(), &["man", "-o", "man1"]);
    assert!(out.status.success());
    let render = fs::read_to_string(dir.path().join("man1/twixt-render.1")).unwrap();
    assert!(render.contains(".TH twixt-render 1"), "{render}");
    assert!(render.contains("\\-\\-every"), "{render}");
}

fn twixt_with_input(dir: &Path, args: &[&str], input: &str) -> Output {
    common::twixt_fed(args, dir, Some(input.as_bytes()))
}

#[test]
fn a_dash_reads_standard_input_and_writes_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = twixt_with_input(d, &["check", "-"], "1. f6 2. k9\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 1 game in 1 file"));
    // A move list through a pipe, out as a script.
    let out = twixt_with_input(
        d,
        &["convert", "-", "--from", "moves", "-o", "-"],
        "1.f6 2.k9\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("1. f6 2. k9"));
    assert!(!d.join("-").exists());
    // A picture of a game read from standard input.
    let out = twixt_with_input(d, &["render", "-", "-o", "one.svg"], "1. f6 2. k9\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        fs::read_to_string(d.join("one.svg"))
            .unwrap()
            .starts_with("<svg")
    );
    let out = twixt(d, &["board", "-o", "-"]);
    assert!(out.status.success());
    assert!(out.stdout.starts_with(b"<svg"));
    // A book and a viewer page are single files: `-o -` writes them out.
    let out = twixt_with_input(d, &["book", "-", "-o", "-"], "1. f6 2. k9\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"<!DOCTYPE html>"));
    let out = twixt_with_input(
        d,
        &["book", "-", "-o", "-", "--format", "pdf"],
        "1. f6 2. k9\n",
    );
    assert!(out.stdout.starts_with(b"%PDF-"));
    let out = twixt_with_input(d, &["view", "-", "-o", "-"], "1. f6 2. k9\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"<!DOCTYPE html>"));
    // fmt as a filter: the canonical text out, nothing written in place.
    let out = twixt_with_input(d, &["fmt", "-"], "\u{feff}1.   f6 2. k9\r\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, b"1. f6 2. k9\n");
    let out = twixt_with_input(d, &["fmt", "--check", "-"], "1. f6 2. k9\r\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "-: not in canonical form (line endings: CRLF, canonical is LF)\n"
    );
    let out = twixt_with_input(d, &["fmt", "--check", "-"], "1. f6 2. k9\n");
    assert!(out.status.success());
    assert!(!d.join("-").exists());
}

#[test]
fn a_script_saved_as_txt_gets_a_hint_and_from_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("game.txt"), "[Title \"x\"]\n1. f6 2. k9\n").unwrap();
    let out = twixt(d, &["render", "game.txt", "-o", "out"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("try --from twixt"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = twixt(d, &["render", "game.txt", "--from", "twixt", "-o", "out"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = twixt(d, &["check", "--from", "twixt", "game.txt"]);
    assert!(out.status.success());
}

#[test]
fn convert_says_what_a_record_format_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("g.twixt"),
        "1. f6 {good} 2. k9 (2. k10)\n#diagram\n#connected red\n",
    )
    .unwrap();
    let out = twixt(d, &["convert", "g.twixt", "-o", "g.moves"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("left out: 1 comment, 1 diagram point, 1 mark or claim, 1 variation"),
        "{err}"
    );
    let out = twixt(d, &["convert", "g.twixt", "-o", "copy.twixt"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("left out"));
}

#[test]
fn board_turns_the_paper_to_fit_and_numbers_the_record_in_plies() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let svg = |args: &[&str]| String::from_utf8(twixt(d, args).stdout).unwrap();
    let across = "width=\"297mm\" height=\"210mm\"";
    let upright = "width=\"210mm\" height=\"297mm\"";
    assert!(svg(&["board"]).contains(upright));
    assert!(svg(&["board", "--size", "30x20"]).contains(across));
    assert!(svg(&["board", "--size", "30x20", "--portrait"]).contains(upright));
    let record = svg(&["board", "--record"]);
    assert!(
        record.contains(across),
        "one board with its record lies across"
    );
    // Cells carry plies: Red 1, Black 2, Red 3 …; the note says how far.
    assert!(record.contains(">1</text>") && record.contains(">2</text>"));
    let note = record
        .lines()
        .find(|l| l.contains("a full game on 24×24 may reach 572"))
        .expect("the note");
    let last: usize = note
        .split("moves 1–")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(last.is_multiple_of(2) && last >= 40, "{note}");
    assert!(record.contains(&format!(">{last}</text>")));
    assert!(
        note.contains(&format!("{} sheets", 572usize.div_ceil(last))),
        "{note}"
    );
}

#[test]
fn a_bad_move_in_a_record_is_shown_where_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Two games in one move list; the second one's third move is taken.
    fs::write(d.join("two.moves"), "1.f6 2.k9\n\n1.c3 2.d5\n3.c3 4.e7\n").unwrap();
    let out = twixt(d, &["check", "two.moves"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(" --> two.moves:4:3"), "{text}");
    assert!(text.contains("4 | 3.c3 4.e7"), "{text}");
    let out = twixt(d, &["render", "two.moves", "--game", "2", "-o", "out"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("(line 4, column 3)"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// Gzip data on standard input whose first read brings one byte (a slow
/// pipe: a download, ssh) is still told by its first two bytes, for `check`
/// (which streams) and for the commands that read the input whole.
#[test]
fn gzip_on_a_slow_pipe_is_told_by_its_first_two_bytes() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let packed = gzip(b"[Title \"a\"]\n1. f6 2. k9\n\n[Title \"b\"]\n1. c3 2. d5\n");
    for args in [
        &["check", "-"][..],
        &["render", "-", "--game", "2", "-o", "-"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .args(args)
            .current_dir(dir.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(&packed[..1]).unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        stdin.write_all(&packed[1..]).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{args:?}: {text} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if args[0] == "check" {
            assert!(text.contains("checked 2 games"), "{text}");
        } else {
            assert!(text.contains("<svg"), "{text}");
        }
    }
}

#[test]
fn gzip_files_are_read_as_they_are_and_damage_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let packed = gzip(b"[Title \"a\"]\n1. f6 2. k9\n\n[Title \"b\"]\n1. c3 2. d5\n");
    fs::create_dir(d.join("archive")).unwrap();
    fs::write(d.join("archive/games.twixt.gz"), &packed).unwrap();
    fs::write(
        d.join("archive/one.tsgf.gz"),
        gzip(b"(;FF[4]SZ[24];b[fg];r[kj])"),
    )
    .unwrap();
    let out = twixt(d, &["check", "archive"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 3 games in 2 files"));
    let out = twixt(
        d,
        &[
            "render",
            "archive/games.twixt.gz",
            "--game",
            "1",
            "-o",
            "z.svg",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Cut short: a clear error, no panic, no hang; the file's fault (1).
    fs::write(d.join("cut.twixt.gz"), &packed[..packed.len() / 2]).unwrap();
    let out = twixt(d, &["check", "cut.twixt.gz"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("damaged or cut short"));
    // A small file that unpacks to a huge line with no game in it: read a
    // window at a time, it stops at the limit of one game, in bounded memory.
    fs::write(
        d.join("bomb.twixt.gz"),
        gzip(&vec![b' '; 200 * 1024 * 1024]),
    )
    .unwrap();
    let out = twixt(d, &["check", "bomb.twixt.gz"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("longer than 64 MiB"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn diagnostics_are_coloured_only_when_asked_or_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A hostile title rides along: colour never lets a file's escapes out.
    fs::write(d.join("bad.twixt"), "[Title \"\u{1b}[2J\"]\n1. f6 2. f6\n").unwrap();
    let coloured = twixt(d, &["check", "--color", "always", "bad.twixt"]).stdout;
    let text = String::from_utf8_lossy(&coloured);
    assert!(text.contains("\u{1b}[1;31merror\u{1b}[0m: "), "{text}");
    assert!(!text.contains("\u{1b}[2J"), "{text}");
    // Piped (as here) or told never: plain text, as the golden files hold.
    for args in [
        vec!["check", "bad.twixt"],
        vec!["check", "--color", "never", "bad.twixt"],
    ] {
        let out = twixt(d, &args).stdout;
        assert!(!out.contains(&0x1b), "{}", String::from_utf8_lossy(&out));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(d)
        .env("NO_COLOR", "1")
        .args(["render", "bad.twixt", "-o", "out"])
        .output()
        .unwrap();
    assert!(!out.stderr.contains(&0x1b));
}

#[test]
fn sheet_makes_the_folder_it_is_asked_to_write_into() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. k9\n").unwrap();
    let out = twixt(d, &["sheet", "g.twixt", "-o", "some/new/folder/page.svg"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(d.join("some/new/folder/page.svg").is_file());
}

#[test]
fn one_broken_game_of_several_is_reported_and_the_others_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("three.twixt"),
        "[Title \"good\"]\n1. f6 2. k9\n\n[Title \"bad\"]\n1. f6 2. f6\n\n[Title \"fine\"]\n1. c3 2. d5\n",
    )
    .unwrap();
    let out = twixt(d, &["render", "three.twixt", "-o", "out"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("three.twixt:5:"),
        "the bad move is located: {err}"
    );
    assert!(err.contains("the others were drawn"), "{err}");
    let mut files: Vec<String> = fs::read_dir(d.join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, ["fine-002.svg", "good-002.svg"]);
    // Drafts draw the broken game too, up to its error.
    let out = twixt(d, &["render", "three.twixt", "--lenient", "-o", "drafts"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(fs::read_dir(d.join("drafts")).unwrap().count(), 3);
    // The same for show and sheet.
    let out = twixt(d, &["show", "three.twixt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("good"));
    let out = twixt(d, &["sheet", "three.twixt", "-o", "s.svg"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(d.join("s.svg").is_file());
}

#[test]
fn a_game_played_from_a_setup_can_be_drawn_at_any_move() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("su.twixt"),
        "[Rules \"dujardin\"]\n#setup red: j10 k12 l14  black: d5\n#setup links: j10-k12 k12-l14  to-move: black\n\n1. e7 2. m16\n",
    )
    .unwrap();
    // No diagram point: the final position, with the setup's pieces.
    let out = twixt(d, &["show", "su.twixt", "--ascii"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("red links: j10-k12 k12-l14 l14-m16"),
        "{text}"
    );
    assert!(text.contains("black links: d5-e7"), "{text}");
    // Ply 0 is the setup itself.
    let out = twixt(d, &["show", "su.twixt", "--move", "0", "--ascii"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("red links: j10-k12 k12-l14\n"), "{text}");
    let out = twixt(d, &["render", "su.twixt", "--every", "1", "-o", "out"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(fs::read_dir(d.join("out")).unwrap().count(), 2);
    let out = twixt(d, &["sheet", "su.twixt", "--final", "-o", "s.pdf"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn standard_input_is_read_by_what_it_holds() {
    // A Little Golem record, a T1 file and a move list with a comment do
    // not start as a script does: each is read as what it is, by every
    // command that reads standard input, unless --from says otherwise.
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.twixt"), "1. f6 2. m12 3. g8 4. n14\n").unwrap();
    let t1 = "[Rules \"t1\"]\n1. f6 2. m12 3. g8 4. n14\n";
    fs::write(dir.path().join("t.twixt"), t1).unwrap();
    for (from, to) in [
        ("g.twixt", "g.tsgf"),
        ("t.twixt", "g.T1"),
        ("g.twixt", "g.moves"),
    ] {
        let out = twixt(dir.path(), &["convert", from, "-o", to]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let moves = fs::read_to_string(dir.path().join("g.moves")).unwrap();
    let moves = format!("# one game\n{moves}");
    for name in ["g.tsgf", "g.T1"] {
        let text = fs::read_to_string(dir.path().join(name)).unwrap();
        for (what, input) in [(name, text.as_str()), ("move list", moves.as_str())] {
            let out = twixt_with_input(dir.path(), &["check", "-"], input);
            assert!(
                out.status.success(),
                "{what}: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let out = twixt_with_input(dir.path(), &["show", "-", "--format", "position"], input);
            let line = String::from_utf8_lossy(&out.stdout);
            assert!(line.contains("/f6,g8/m12,n14/"), "{what}: {line}");
            let out = twixt_with_input(dir.path(), &["convert", "-", "-o", "-"], input);
            let script = String::from_utf8_lossy(&out.stdout);
            assert!(
                script.contains("1. f6 2. m12 3. g8 4. n14"),
                "{what}: {script}"
            );
        }
        // Asked to read a script, it is one: the record's first line is wrong.
        let out = twixt_with_input(dir.path(), &["check", "--from", "twixt", "-"], &text);
        assert_eq!(out.status.code(), Some(1), "{name}");
    }
}

#[test]
fn a_record_converts_to_a_format_of_other_rules_when_told_to_read_it_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. m12 3. g8 4. n14\n").unwrap();
    assert!(
        twixt(d, &["convert", "g.twixt", "-o", "g.tsgf"])
            .status
            .success()
    );
    // Little Golem's pencil rules let own links cross; T1's do not.
    let out = twixt(d, &["convert", "g.tsgf", "-o", "g.T1"]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("`--rules t1` reads it so"), "{said}");
    assert!(!d.join("g.T1").exists());
    let out = twixt(d, &["convert", "g.tsgf", "--rules", "t1", "-o", "g.T1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = twixt(d, &["check", "g.T1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = twixt(d, &["convert", "g.T1", "-o", "back.tsgf"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("`--rules pencil` reads it so"));
    let out = twixt(
        d,
        &["convert", "g.T1", "--rules", "pencil", "-o", "back.tsgf"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn show_takes_the_positions_render_takes() {
    let dir = tempfile::tempdir().unwrap();
    let game = "1. f6 2. m12 3. g8 4. n14\n";
    let lines = |args: &[&str]| {
        let out = twixt_with_input(dir.path(), args, game);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let every = lines(&["show", "-", "--every", "2", "--format", "position"]);
    assert_eq!(every.lines().count(), 2, "{every}");
    assert!(every.starts_with("24/pencil/f6/m12/"), "{every}");
    let last = lines(&["show", "-", "--final", "--format", "position"]);
    assert_eq!(last, every.lines().last().unwrap().to_string() + "\n");
    let first = lines(&["show", "-", "--move", "1", "--format", "position"]);
    assert!(first.starts_with("24/pencil/f6/-/"), "{first}");
}

/// `twixt edit` in a build without the `editor` feature says so, with the
/// way to get one, and exits 2 whatever options follow; in a build with it
/// the command and its options are there. (CI builds both.)
#[test]
fn edit_says_plainly_when_the_build_has_no_editor() {
    let dir = tempfile::tempdir().unwrap();
    if cfg!(feature = "editor") {
        let out = twixt(dir.path(), &["edit", "--help"]);
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{help}");
        assert!(
            help.contains("--no-open") && help.contains("--port"),
            "{help}"
        );
        assert!(!help.contains("Not in this build"), "{help}");
        return;
    }
    for args in [
        &["edit"][..],
        &["edit", "game.twixt"],
        &[
            "edit",
            "game.twixt",
            "--no-open",
            "--port",
            "8080",
            "--game",
            "2",
        ],
        &["edit", "--force", "-x"],
    ] {
        let out = twixt(dir.path(), args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("built without the editor")
                && err.contains("`editor`")
                && err.contains("--features editor"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Nothing written: no script, no recovery copy.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    let help = String::from_utf8(twixt(dir.path(), &["--help"]).stdout).unwrap();
    assert!(help.contains("edit"), "{help}");
    let help = String::from_utf8(twixt(dir.path(), &["edit", "--help"]).stdout).unwrap();
    assert!(help.contains("Not in this build"), "{help}");
}

/// The largest pitch a "does not fit" message offers is one that fits:
/// rounded down, not to the nearest tenth (7.19 fits, 7.2 does not).
#[test]
fn the_pitch_a_message_offers_fits() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. g8 3. h7\n").unwrap();
    for args in [
        vec!["board", "-o", "b.svg"],
        vec!["board", "--per-page", "2", "-o", "b.svg"],
        vec!["sheet", "g.twixt", "-o", "s.svg"],
    ] {
        let too_large = twixt(d, &[&args[..], &["--pitch", "19mm"]].concat());
        assert_eq!(too_large.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&too_large.stderr).into_owned();
        let offered = said
            .split_whitespace()
            .find(|w| w.ends_with("mm") && !w.contains("19mm"))
            .unwrap_or_else(|| panic!("{args:?}: {said}"))
            .to_string();
        let fits = twixt(d, &[&args[..], &["--pitch", &offered]].concat());
        assert_eq!(
            fits.status.code(),
            Some(0),
            "{args:?} --pitch {offered}: {}",
            String::from_utf8_lossy(&fits.stderr)
        );
    }
}

/// `random --rules` takes a YAML rule file as every other command does:
/// its games are played on the file's board and rules, and check clean.
#[test]
fn random_games_follow_a_yaml_rule_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let yaml = String::from_utf8(twixt(d, &["rules", "pencil"]).stdout).unwrap();
    let yaml = yaml
        .lines()
        .map(|l| match l.split_once(':') {
            Some(("size", _)) => "size: 12".to_string(),
            Some(("crossing", _)) => "crossing: none".to_string(),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    fs::write(d.join("mine.yaml"), yaml).unwrap();
    let out = twixt(
        d,
        &[
            "random",
            "--rules",
            "./mine.yaml",
            "--games",
            "3",
            "-o",
            "g.twixt",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let games = fs::read_to_string(d.join("g.twixt")).unwrap();
    assert_eq!(games.matches("[Size \"12\"]").count(), 3, "{games}");
    let expected = RuleSet::preset_on("t1", "12".parse().unwrap()).unwrap();
    let file = twixtkit::script::parse(&games);
    for g in &file.file.games {
        assert_eq!(g.rules(Some(d)).unwrap(), expected);
    }
    let check = twixt(d, &["check", "g.twixt"]);
    assert_eq!(check.status.code(), Some(0));
    // --size puts the file's rules on another board.
    let out = twixt(
        d,
        &[
            "random",
            "--rules",
            "mine.yaml",
            "--size",
            "10",
            "-o",
            "h.twixt",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        fs::read_to_string(d.join("h.twixt"))
            .unwrap()
            .contains("[Size \"10\"]")
    );
    let missing = twixt(d, &["random", "--rules", "gone.yaml"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("gone.yaml"));
}

/// A device takes one picture as a stream whatever its name (`render` read
/// `/dev/null`, having no extension, as a folder); a plain file named with
/// no extension gets no SVG unasked.
#[cfg(unix)]
#[test]
fn devices_take_a_picture_and_a_name_with_no_extension_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. g8 3. h7\n").unwrap();
    for args in [
        vec!["render", "g.twixt", "--final", "-o", "/dev/null"],
        vec![
            "render",
            "g.twixt",
            "--final",
            "--format",
            "png",
            "-o",
            "/dev/null",
        ],
        vec!["board", "-o", "/dev/null"],
        vec!["sheet", "g.twixt", "-o", "/dev/null"],
    ] {
        let out = twixt(d, &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for args in [
        vec!["board", "-o", "plain"],
        vec!["sheet", "g.twixt", "-o", "plain"],
    ] {
        let out = twixt(d, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("plain: the name has no extension"), "{said}");
        assert!(!d.join("plain").exists());
    }
    // Asked for by name, the format needs no extension.
    let out = twixt(d, &["board", "--format", "svg", "-o", "plain"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        fs::read_to_string(d.join("plain"))
            .unwrap()
            .starts_with("<svg")
    );
}

/// A `--position` that reads but breaks the rules is a bad option (exit 2),
/// said without pointing at the script made of it ("see `twixt check
/// position`", "draw it with a #diagram" named no file the user has).
#[test]
fn a_position_option_that_breaks_the_rules_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    for (command, line, says) in [
        ("show", "24/pencil/a1/-/*/red", "a1 is not a hole"),
        ("show", "24/pencil/a3/-/*/red", "black's border row"),
        ("render", "24/pencil/a3/-/*/red", "black's border row"),
        ("show", "24/pencil/c3,c3/-/*/red", "two pegs"),
    ] {
        let out = twixt(
            dir.path(),
            &[command, "--position", line, "-o", "x.svg"][..if command == "show" { 3 } else { 5 }],
        );
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{line}: {said}");
        assert!(said.contains(says), "{line}: {said}");
        assert!(
            !said.contains("twixt check position") && !said.contains("#diagram"),
            "{said}"
        );
    }
}

/// A sheet's grid is 1 to 12 across and down: 0 is refused, not taken as
/// the default it stood for.
#[test]
fn a_sheet_of_no_columns_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. g8 3. h7\n").unwrap();
    for flag in ["--columns", "--rows"] {
        for (n, code) in [("0", 2), ("13", 2), ("1", 0), ("12", 0)] {
            let out = twixt(d, &["sheet", "g.twixt", flag, n, "-o", "s.svg"]);
            assert_eq!(out.status.code(), Some(code), "{flag} {n}");
        }
    }
}
