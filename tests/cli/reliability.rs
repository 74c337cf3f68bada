//! No data loss and no system damage: every file read is protected from the
//! outputs, permissions and owners survive, long names work, FIFOs named by
//! a script never block, and `fmt` treats links and read-only files with care.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

fn twixt(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("twixt runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const STYLE: &str = "base: print\npeg_radius: 0.4\n";
const GAME: &str = "1. f6 2. swap 3. k9 4. l12\n";

#[test]
fn a_style_file_is_an_input_whichever_option_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A style file named like the output of each command.
    for (style, args) in [
        ("st.svg", vec!["board", "--style", "st.svg", "-o", "st.svg"]),
        ("st.pdf", vec!["board", "--style", "st.pdf", "-o", "st.pdf"]),
        (
            "sh.svg",
            vec!["sheet", "game.twixt", "--style", "sh.svg", "-o", "sh.svg"],
        ),
    ] {
        fs::write(d.join("game.twixt"), GAME).unwrap();
        fs::write(d.join(style), STYLE).unwrap();
        let out = twixt(d, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("input"), "{args:?}: {}", stderr(&out));
        assert_eq!(
            fs::read_to_string(d.join(style)).unwrap(),
            STYLE,
            "{args:?}"
        );
    }
}

#[test]
fn a_diagram_named_like_its_style_file_does_not_replace_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("st.txt"), STYLE).unwrap();
    fs::write(d.join("g.twixt"), "1. f6 2. k9\n#diagram name=st\n").unwrap();
    let out = twixt(
        d,
        &["render", "g.twixt", "--style", "st.txt", "--format", "txt"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(d.join("st.txt")).unwrap(), STYLE);
}

#[cfg(unix)]
#[test]
fn a_rule_or_style_file_that_is_a_fifo_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for name in ["r.yaml", "s.yaml"] {
        let made = Command::new("mkfifo").arg(d.join(name)).status().unwrap();
        assert!(made.success());
    }
    fs::write(d.join("rules.twixt"), "[Rules \"r.yaml\"]\n1. f6\n").unwrap();
    fs::write(d.join("style.twixt"), "1. f6\n#diagram style=s.yaml\n").unwrap();
    for args in [
        vec!["check", "rules.twixt"],
        vec!["render", "style.twixt", "-o", "out"],
        vec!["board", "--style", "s.yaml", "-o", "b.svg"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .current_dir(d)
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut done = None;
        for _ in 0..100 {
            if let Some(s) = child.try_wait().unwrap() {
                done = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let Some(status) = done else {
            child.kill().unwrap();
            panic!("twixt {args:?} blocked on a FIFO");
        };
        let out = child.wait_with_output().unwrap();
        assert!(!status.success(), "{args:?}");
        // `check` reports on standard output, the others on standard error.
        let said = stderr(&out) + &String::from_utf8_lossy(&out.stdout);
        assert!(said.contains("not a regular file"), "{args:?}: {said}");
    }
}

#[test]
fn an_output_name_as_long_as_the_file_system_allows_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let name = format!("{}.svg", "b".repeat(250));
    let out = twixt(dir.path(), &["board", "-o", &name]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join(&name).is_file());
}

#[cfg(unix)]
mod unix {
    use super::*;
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    fn mode(p: &Path) -> u32 {
        fs::symlink_metadata(p).unwrap().permissions().mode() & 0o7777
    }

    #[test]
    fn a_new_output_never_takes_setuid_from_a_planted_link() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::write(d.join("tool"), "x").unwrap();
        fs::set_permissions(d.join("tool"), fs::Permissions::from_mode(0o4755)).unwrap();
        std::os::unix::fs::symlink(d.join("tool"), d.join("b.svg")).unwrap();
        let out = twixt(d, &["board", "-o", "b.svg"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(fs::symlink_metadata(d.join("b.svg")).unwrap().is_file());
        assert_eq!(mode(&d.join("b.svg")) & 0o7000, 0);
        assert_eq!(fs::read(d.join("tool")).unwrap(), b"x");
    }

    #[test]
    fn fmt_keeps_mode_and_owner_and_refuses_read_only_files_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let g = d.join("g.twixt");
        fs::write(&g, "1.  f6   2. k9\n").unwrap();
        fs::set_permissions(&g, fs::Permissions::from_mode(0o640)).unwrap();
        let owner = fs::metadata(&g).unwrap().uid();
        let out = twixt(d, &["fmt", "g.twixt"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("1 file rewritten"),
            "{}",
            stderr(&out)
        );
        assert_eq!(fs::read_to_string(&g).unwrap(), "1. f6 2. k9\n");
        assert_eq!(mode(&g), 0o640);
        assert_eq!(fs::metadata(&g).unwrap().uid(), owner);

        let ro = d.join("ro.twixt");
        fs::write(&ro, "1.  f6\n").unwrap();
        fs::set_permissions(&ro, fs::Permissions::from_mode(0o444)).unwrap();
        // Root may write anything; the refusal must not rest on the kernel.
        let out = twixt(d, &["fmt", "ro.twixt"]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("read-only"), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(&ro).unwrap(), "1.  f6\n");
        let out = twixt(d, &["fmt", "--force", "ro.twixt"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(&ro).unwrap(), "1. f6\n");
        assert_eq!(mode(&ro), 0o444);
    }

    #[test]
    fn fmt_rewrites_what_a_link_points_to_and_keeps_hard_links_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir(d.join("real")).unwrap();
        fs::write(d.join("real/g.twixt"), "1.  f6\n").unwrap();
        std::os::unix::fs::symlink("real/g.twixt", d.join("link.twixt")).unwrap();
        let out = twixt(d, &["fmt", "link.twixt"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            fs::symlink_metadata(d.join("link.twixt"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            fs::read_to_string(d.join("real/g.twixt")).unwrap(),
            "1. f6\n"
        );

        fs::write(d.join("h.twixt"), "1.  f6\n").unwrap();
        fs::hard_link(d.join("h.twixt"), d.join("h2.twixt")).unwrap();
        let out = twixt(d, &["fmt", "h.twixt"]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("hard links"), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(d.join("h2.twixt")).unwrap(), "1.  f6\n");
        let out = twixt(d, &["fmt", "--force", "h.twixt"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(fs::read_to_string(d.join("h.twixt")).unwrap(), "1. f6\n");
        assert_eq!(fs::read_to_string(d.join("h2.twixt")).unwrap(), "1.  f6\n");
    }
}

#[test]
fn fmt_drops_a_byte_order_mark_and_names_crlf_line_endings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("bom.twixt"), "\u{feff}1. f6 2. k9\n").unwrap();
    fs::write(d.join("crlf.twixt"), "1. f6 2. k9\r\n").unwrap();
    let out = twixt(d, &["check", "bom.twixt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = twixt(d, &["fmt", "--check", "bom.twixt", "crlf.twixt"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("bom.twixt: not in canonical form (it starts with a byte order mark)"),
        "{text}"
    );
    assert!(
        text.contains("crlf.twixt: not in canonical form (line endings: CRLF"),
        "{text}"
    );
    let out = twixt(d, &["fmt", "bom.twixt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(fs::read(d.join("bom.twixt")).unwrap(), b"1. f6 2. k9\n");
}

#[test]
fn check_reports_folders_it_cannot_search_and_refuses_to_find_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir(d.join("empty")).unwrap();
    let out = twixt(d, &["check", "empty"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("no game files found"),
        "{}",
        stderr(&out)
    );
    let out = twixt(d, &["check", "--allow-empty", "empty"]);
    assert!(out.status.success(), "{}", stderr(&out));

    // A game below a folder nesting deeper than the walk goes.
    let mut deep = d.join("deep");
    for i in 0..70 {
        deep = deep.join(format!("{i}"));
    }
    fs::create_dir_all(&deep).unwrap();
    fs::write(deep.join("g.twixt"), GAME).unwrap();
    fs::write(d.join("deep/top.twixt"), GAME).unwrap();
    let out = twixt(d, &["check", "deep"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("nested more than 64 deep"),
        "{}",
        stderr(&out)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 1 game in 1 file"));

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = d.join("locked");
        fs::create_dir_all(locked.join("inner")).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
        if fs::read_dir(&locked).is_ok() {
            eprintln!("skipped the unreadable folder: running as root, every folder is readable");
        } else {
            let out = twixt(d, &["check", "locked"]);
            assert_eq!(out.status.code(), Some(2));
            assert!(
                stderr(&out).contains("cannot read folder"),
                "{}",
                stderr(&out)
            );
        }
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    }
}

#[test]
fn check_reads_a_game_from_a_fifo_it_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let fifo = d.join("pipe.twixt");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        eprintln!("skipped: no mkfifo");
        return;
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, GAME).unwrap())
    };
    let out = twixt(d, &["check", "pipe.twixt"]);
    writer.join().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("checked 1 game in 1 file"));
}

#[test]
fn titles_and_names_from_files_reach_the_terminal_without_escapes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let name = "e\u{1b}[2Jvil.twixt";
    fs::write(
        d.join(name),
        "[Title \"\u{1b}]0;PWNED\u{7}\u{1b}[31m\"]\n1. f6 2. f6\n",
    )
    .unwrap();
    let out = twixt(d, &["check", "."]);
    let all = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
    assert!(!all.contains(&0x1b), "{}", String::from_utf8_lossy(&all));
    assert!(!all.contains(&0x07));
    assert!(String::from_utf8_lossy(&all).contains("PWNED"));
    let out = twixt(d, &["render", name, "-o", "out"]);
    assert!(!out.stderr.contains(&0x1b), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn a_link_in_the_scripts_folder_cannot_lead_a_read_outside_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("secret"), "preset: hunter2-secret\n").unwrap();
    fs::create_dir(d.join("games")).unwrap();
    std::os::unix::fs::symlink("../secret", d.join("games/r.yaml")).unwrap();
    std::os::unix::fs::symlink("../secret", d.join("games/s.yaml")).unwrap();
    fs::write(d.join("games/rules.twixt"), "[Rules \"r.yaml\"]\n1. f6\n").unwrap();
    fs::write(
        d.join("games/style.twixt"),
        "1. f6\n#diagram style=s.yaml\n",
    )
    .unwrap();
    for args in [
        vec!["check", "games/rules.twixt"],
        vec!["render", "games/style.twixt", "-o", "out"],
    ] {
        let out = twixt(d, &args);
        let said = stderr(&out) + &String::from_utf8_lossy(&out.stdout);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            said.contains("outside the script's folder"),
            "{args:?}: {said}"
        );
        assert!(!said.contains("hunter2"), "{args:?}: {said}");
    }
    // A link that stays inside the folder is fine.
    fs::write(d.join("games/real.yaml"), "preset: pencil\n").unwrap();
    std::os::unix::fs::symlink("real.yaml", d.join("games/ok.yaml")).unwrap();
    fs::write(d.join("games/ok.twixt"), "[Rules \"ok.yaml\"]\n1. f6\n").unwrap();
    let out = twixt(d, &["check", "games/ok.twixt"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn sheet_checks_every_page_name_before_writing_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Eight positions: two A4 pages; page 2 would replace the style file.
    fs::write(d.join("sheet-2.svg"), STYLE).unwrap();
    fs::write(
        d.join("g.twixt"),
        "1. f6 2. k9 3. l12 4. m15 5. c3 6. d5 7. e7 8. f9\n",
    )
    .unwrap();
    let out = twixt(
        d,
        &[
            "sheet",
            "g.twixt",
            "--every",
            "1",
            "--style",
            "sheet-2.svg",
            "-o",
            "sheet.svg",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("sheet-2.svg"), "{}", stderr(&out));
    assert!(!d.join("sheet.svg").exists(), "page 1 was written");
    assert_eq!(fs::read_to_string(d.join("sheet-2.svg")).unwrap(), STYLE);
    // Without the clash both pages are written and named.
    let out = twixt(d, &["sheet", "g.twixt", "--every", "1", "-o", "p.svg"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("wrote p.svg, p-2.svg"),
        "{}",
        stderr(&out)
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_failing_page_takes_the_pages_before_it_away() {
    // /dev/full as page 2: page 1 is written, page 2 fails, page 1 goes.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    std::os::unix::fs::symlink("/dev/full", d.join("s-2.svg")).unwrap();
    fs::write(
        d.join("g.twixt"),
        "1. f6 2. k9 3. l12 4. m15 5. c3 6. d5 7. e7 8. f9\n",
    )
    .unwrap();
    let out = twixt(d, &["sheet", "g.twixt", "--every", "1", "-o", "s.svg"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("s-2.svg"), "{}", stderr(&out));
    assert!(!d.join("s.svg").exists(), "page 1 was left behind");
}

#[test]
fn fmt_never_writes_what_twixt_cannot_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Unnumbered moves triple in size once numbered: 30 MB in, 90 MB out.
    let game = format!("[Title \"long\"]\n\n{}\n", "f6 ".repeat(50_000));
    let text = vec![game; 200].join("\n");
    fs::write(d.join("big.twixt"), &text).unwrap();
    let out = twixt(d, &["fmt", "big.twixt"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cannot read back"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(d.join("big.twixt")).unwrap(), text);
}

#[test]
fn random_writes_only_what_it_is_asked_for_where_it_is_asked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = twixt(d, &["random", "--seed", "4", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("[Seed \"4\"]"));
    assert!(!d.join("-").exists());
    let out = twixt(d, &["random", "--seed", "4", "-o", "games.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!d.join("games.svg").exists());
    // Without --seed a fresh one is used and said, so the run can be repeated.
    let out = twixt(d, &["random", "--games", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    let seed = said.trim().rsplit("seed ").next().unwrap().to_string();
    let again = twixt(d, &["random", "--games", "2", "--seed", &seed]);
    assert_eq!(again.stdout, out.stdout, "seed {seed} repeats the run");
}

/// What a drawing command refuses, `check` refuses: a diagram point's style
/// that leads outside the script's folder, or names no style file.
#[test]
fn check_refuses_the_styles_render_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("bad.yaml"), "peg_radius: big\n").unwrap();
    for (style, says) in [
        ("../../../../etc/passwd", "must be a built-in style"),
        ("missing.yaml", "nor a readable style file"),
        ("bad.yaml", "expected a number, found `big`"),
    ] {
        let script = format!("1. f6 2. g8\n#diagram style={style}\n");
        fs::write(d.join("s.twixt"), script).unwrap();
        let render = twixt(d, &["render", "s.twixt", "-o", "out"]);
        assert!(!render.status.success(), "{style}: render drew it");
        let check = twixt(d, &["check", "s.twixt"]);
        let report = String::from_utf8_lossy(&check.stdout).into_owned();
        assert_eq!(check.status.code(), Some(1), "{style}: {report}");
        assert!(
            report.contains(says) && report.contains("s.twixt:2:1"),
            "{style}: {report}"
        );
    }
}

/// Text XML cannot hold (U+FFFE, U+FFFF) is refused where it is read, with
/// its line and column, by `check` and by every command that draws; no SVG
/// that is not XML is ever written.
#[test]
fn noncharacters_are_refused_at_the_reader_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (name, text) in [
        ("title.twixt", "[Title \"a\u{FFFE}b\"]\n\n1. f6 2. g8\n"),
        (
            "caption.twixt",
            "1. f6 2. g8\n#diagram caption=\"x\u{FFFF}\"\n",
        ),
        ("comment.twixt", "1. f6 {odd \u{FFFF}} 2. g8\n"),
    ] {
        fs::write(d.join(name), text).unwrap();
        let check = twixt(d, &["check", name]);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&check.stdout),
            stderr(&check)
        );
        assert_eq!(check.status.code(), Some(1), "{name}: {all}");
        assert!(all.contains("found the noncharacter U+FF"), "{name}: {all}");
        assert!(all.contains(&format!("{name}:")), "{name}: no place: {all}");
        let render = twixt(d, &["render", name, "--final", "-o", "out.svg"]);
        assert!(!render.status.success(), "{name}: drawn");
        assert!(
            stderr(&render).contains("found the noncharacter U+FF"),
            "{name}: {}",
            stderr(&render)
        );
        assert!(!d.join("out.svg").exists());
    }
}

/// A value clap refuses is echoed with its control characters escaped: a
/// terminal-title escape in `--size` reaches no terminal.
#[test]
fn refused_command_line_values_show_control_characters_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    for args in [
        &["render", "g.twixt", "--size", "\u{1b}]0;PWN\u{7}"][..],
        &["render", "g.twixt", "--format", "\u{1b}[2J"],
        &["check", "--format", "x\u{9b}y"],
    ] {
        let o = twixt(d, args);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: {err:?}"
        );
        assert!(
            err.contains("\\u{1b}") || err.contains("\\u{9b}"),
            "{args:?}: {err}"
        );
    }
}

/// A bad rule file or style file exits 1 wherever it is named (an option or
/// a header); one that cannot be read at all, named by an option, exits 2.
#[test]
fn a_bad_rule_or_style_file_exits_one_wherever_it_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("bad-rules.yaml"), "crossing: bogus\n").unwrap();
    fs::write(d.join("bad-style.yaml"), "peg_radius: big\n").unwrap();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(
        d.join("h.twixt"),
        format!("[Rules \"bad-rules.yaml\"]\n\n{GAME}"),
    )
    .unwrap();
    for (args, code) in [
        (
            &[
                "render",
                "g.twixt",
                "--final",
                "--rules",
                "bad-rules.yaml",
                "-o",
                "a.svg",
            ][..],
            1,
        ),
        (
            &[
                "convert",
                "g.twixt",
                "--rules",
                "bad-rules.yaml",
                "-o",
                "a.tsgf",
            ],
            1,
        ),
        (&["render", "h.twixt", "--final", "-o", "a.svg"], 1),
        (&["check", "h.twixt"], 1),
        (
            &[
                "render",
                "g.twixt",
                "--final",
                "--style",
                "bad-style.yaml",
                "-o",
                "a.svg",
            ],
            1,
        ),
        (&["board", "--style", "bad-style.yaml", "-o", "a.svg"], 1),
        (
            &[
                "render",
                "g.twixt",
                "--final",
                "--rules",
                "missing.yaml",
                "-o",
                "a.svg",
            ],
            2,
        ),
        (&["board", "--style", "missing.yaml", "-o", "a.svg"], 2),
    ] {
        let o = twixt(d, args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    }
}

/// A crop that reaches outside the board is an error naming the board.
#[test]
fn a_crop_outside_the_board_is_refused_with_the_boards_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "[Size \"12\"]\n\n1. f6 2. g8\n").unwrap();
    for crop in ["c3-zz9", "c3-m3", "a1-l13"] {
        let o = twixt(
            d,
            &[
                "render", "g.twixt", "--final", "--crop", crop, "-o", "c.svg",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{crop}");
        assert!(
            stderr(&o).contains("reaches outside the 12 board"),
            "{crop}: {}",
            stderr(&o)
        );
        assert!(!d.join("c.svg").exists());
    }
    let inside = twixt(
        d,
        &[
            "render", "g.twixt", "--final", "--crop", "a1-l12", "-o", "c.svg",
        ],
    );
    assert!(inside.status.success(), "{}", stderr(&inside));
}

/// Standard input: gzip data is read by every command that reads it; two
/// byte-order marks and an unknown game are named.
#[test]
fn standard_input_may_be_gzipped_and_odd_openings_are_named() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(format!("[Size \"24\"]\n\n{GAME}").as_bytes())
        .unwrap();
    let gz = gz.finish().unwrap();
    let piped = |args: &[&str], input: &[u8]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .current_dir(d)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    for args in [
        &["check", "-"][..],
        &["render", "-", "--final", "-o", "s.svg"],
        &["view", "-", "-o", "v.html"],
        &["book", "-", "-o", "b.html"],
        &["sheet", "-", "-o", "p.svg"],
        &["show", "-"],
        &["convert", "-", "-o", "c.tsgf"],
        &["fmt", "-"],
    ] {
        let o = piped(args, &gz);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    fs::write(d.join("two.twixt"), format!("\u{FEFF}\u{FEFF}{GAME}")).unwrap();
    for args in [
        &["check", "two.twixt"][..],
        &["render", "two.twixt", "--final", "-o", "t.svg"],
    ] {
        let o = twixt(d, args);
        let all = format!("{}{}", String::from_utf8_lossy(&o.stdout), stderr(&o));
        assert!(!o.status.success(), "{args:?}");
        assert!(
            all.contains("a second byte-order mark (U+FEFF)"),
            "{args:?}: {all}"
        );
    }
    fs::write(d.join("chess.twixt"), format!("[Game \"chess\"]\n\n{GAME}")).unwrap();
    let o = twixt(d, &["check", "chess.twixt"]);
    let report = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(1), "{report}");
    assert!(
        report.contains("the games known are twixt and twrs"),
        "{report}"
    );
    assert!(report.contains("chess.twixt:1:7"), "{report}");
}
