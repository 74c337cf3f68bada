//! Output safety: commands write atomically, never over an input, never
//! outside the folder they were given; text from files reaches SVG escaped.
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use twixt_core::rules::RuleSet;
use twixtkit::diagram::snapshot::diagram_from_snapshot;
use twixtkit::diagram::{Scale, Style, to_svg};
use twixtkit::fuzzing::assert_svg_safe;
use twixtkit::output::{NameSet, write_atomic};
use twixtkit::replay::replay;
use twixtkit::script::parse;

fn twixt(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("twixt runs")
}

/// Every file under `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, d: &Path, out: &mut Vec<String>) {
        for e in fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.push(p.strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut v = Vec::new();
    walk(dir, dir, &mut v);
    v.sort();
    v
}

const GAME: &str = "1. f6 2. swap 3. k9 4. l12\n";

/// Nothing left behind in `dir`: no temporary file (a hidden name).
fn no_temporary_file(dir: &Path) {
    let names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

fn setup() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let work = tmp.path().join("work");
    fs::create_dir(&work).unwrap();
    fs::write(work.join("game.txt"), GAME).unwrap();
    (tmp, work)
}

#[test]
fn convert_never_overwrites_its_input() {
    let (tmp, work) = setup();
    fs::create_dir(work.join("sub")).unwrap();
    for out in ["game.txt", "./game.txt", "sub/../game.txt"] {
        let o = twixt(&work, &["convert", "game.txt", "-o", out]);
        assert_eq!(o.status.code(), Some(2), "{out}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("refusing to overwrite the input file"),
            "{out}"
        );
        assert_eq!(fs::read_to_string(work.join("game.txt")).unwrap(), GAME);
    }
    // A hard link is the same file under another name.
    #[cfg(unix)]
    {
        fs::hard_link(work.join("game.txt"), work.join("alias.moves")).unwrap();
        let o = twixt(&work, &["convert", "game.txt", "-o", "alias.moves"]);
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(fs::read_to_string(work.join("game.txt")).unwrap(), GAME);
        fs::remove_file(work.join("alias.moves")).unwrap();
    }
    assert_eq!(tree(tmp.path()), ["work/game.txt"]);
}

#[test]
fn convert_writes_one_whole_file_where_asked_and_nothing_else() {
    let (tmp, work) = setup();
    let o = twixt(&work, &["convert", "game.txt", "-o", "out/game.twixt"]);
    // The folder does not exist: an error, and nothing written.
    assert_eq!(o.status.code(), Some(2));
    fs::create_dir(work.join("out")).unwrap();
    let o = twixt(&work, &["convert", "game.txt", "-o", "out/game.twixt"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let o = twixt(&work, &["convert", "game.txt", "-o", "out/game.tsgf"]);
    assert_eq!(o.status.code(), Some(0));
    // No temporary files left, nothing outside the chosen folder.
    assert_eq!(
        tree(tmp.path()),
        ["work/game.txt", "work/out/game.tsgf", "work/out/game.twixt"]
    );
    let script = fs::read_to_string(work.join("out/game.twixt")).unwrap();
    assert!(script.contains("4. l12"), "{script}");
}

#[test]
fn fmt_rewrites_only_the_files_named_and_leaves_broken_ones_alone() {
    let (tmp, work) = setup();
    let messy = "[Title   \"x\"]\n\n1.f6   2.g8\n";
    let broken = "[Title \"y\"]\n\n1. f6 2. g8 (\n";
    fs::write(work.join("messy.twixt"), messy).unwrap();
    fs::write(work.join("broken.twixt"), broken).unwrap();
    fs::write(work.join("other.twixt"), messy).unwrap();
    let o = twixt(&work, &["fmt", "messy.twixt", "broken.twixt"]);
    assert_eq!(o.status.code(), Some(1));
    assert_ne!(fs::read_to_string(work.join("messy.twixt")).unwrap(), messy);
    assert_eq!(
        fs::read_to_string(work.join("broken.twixt")).unwrap(),
        broken
    );
    assert_eq!(fs::read_to_string(work.join("other.twixt")).unwrap(), messy);
    assert_eq!(
        tree(tmp.path()),
        [
            "work/broken.twixt",
            "work/game.txt",
            "work/messy.twixt",
            "work/other.twixt"
        ]
    );
}

#[test]
fn random_and_board_write_only_their_output_file() {
    let (tmp, work) = setup();
    let o = twixt(
        &work,
        &["random", "--seed", "7", "--games", "3", "-o", "r.twixt"],
    );
    assert_eq!(o.status.code(), Some(0));
    let o = twixt(&work, &["board", "--size", "12", "-o", "b.svg"]);
    assert_eq!(o.status.code(), Some(0));
    // Over the game limit: refused before any work.
    let o = twixt(
        &work,
        &[
            "random", "--seed", "7", "--games", "100001", "-o", "x.twixt",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        tree(tmp.path()),
        ["work/b.svg", "work/game.txt", "work/r.twixt"]
    );
    let svg = fs::read_to_string(work.join("b.svg")).unwrap();
    assert_svg_safe(&svg);
}

#[test]
fn hostile_names_become_distinct_files_inside_the_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("figures");
    fs::create_dir(&out).unwrap();
    let long = "é".repeat(300);
    let hostile = [
        "../../etc/x",
        "/etc/passwd",
        "CON",
        "con",
        "a/b",
        "a\\b",
        "nul\0byte",
        "..",
        ".",
        "",
        long.as_str(),
        "fig 1",
        "fig/1",
        "FIG 1",
        "<script>",
    ];
    let mut names = NameSet::new();
    let mut written = Vec::new();
    for h in hostile {
        let name = names.claim(h, "svg");
        assert!(name.len() <= 90, "{name}");
        let path = out.join(&name);
        assert_eq!(path.parent().unwrap(), out, "{h:?} -> {name}");
        write_atomic(&path, h.as_bytes()).unwrap();
        written.push(format!("figures/{name}"));
    }
    written.sort();
    // One file per name, all in the folder, none overwritten.
    assert_eq!(tree(tmp.path()), written);
    assert_eq!(written.len(), hostile.len());
}

/// Hostile captions, names, labels and comments drawn through the whole
/// path from script text to SVG stay text.
#[test]
fn text_from_a_script_reaches_svg_escaped() {
    let src = r#"[Title "<script>alert(1)</script>"]
[Size "12"]

1. f6 {</text><script>alert(2)</script>} 2. g8
#diagram name="../../x" caption="<script>alert(3)</script> & <a href=\"javascript:x\">" style=print
#label h7 "<b>"
#ghost red j8 "<img src=x onerror=alert(4)>"
"#;
    let p = parse(src);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let r = replay(
        &p.file.games[0],
        RuleSet::pencil().with_size("12".parse().unwrap()),
    );
    assert_eq!(r.diagrams.len(), 1);
    let d = diagram_from_snapshot(&r.diagrams[0]);
    let svg = to_svg(&d, &Style::builtin("print").unwrap(), Scale::default());
    assert_svg_safe(&svg);
    assert!(
        svg.contains("&lt;script&gt;alert(3)&lt;/script&gt; &amp;"),
        "{svg}"
    );
    assert!(!svg.contains("<img"), "{svg}");
    assert!(!svg.contains("<b>"), "{svg}");
}

/// `twixt render` names pictures after diagram points: hostile names stay
/// in the output folder, and names that clean up alike get distinct files.
#[test]
fn render_keeps_hostile_diagram_names_inside_the_output_folder() {
    let (tmp, work) = setup();
    let long = "n".repeat(300);
    let script = format!(
        r#"[Title "../../etc/passwd"]
[Size "12"]

1. f6
#diagram name="../../etc/x" caption="<script>alert(1)</script>"
2. g8
#diagram name="CON"
3. j7
#diagram name="a/b"
4. k9
#diagram name="a b"
5. d4
#diagram name="{long}"
6. e9
#diagram name="/abs/path"
"#
    );
    fs::write(work.join("game.twixt"), script).unwrap();
    let o = twixt(&work, &["render", "game.twixt", "-o", "out"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let files = tree(tmp.path());
    let pictures: Vec<&String> = files
        .iter()
        .filter(|f| f.starts_with("work/out/"))
        .collect();
    assert_eq!(pictures.len(), 6, "{files:?}");
    // Everything else is what was there before.
    assert_eq!(files.len(), 6 + 2, "{files:?}");
    for p in &pictures {
        let name = p.strip_prefix("work/out/").unwrap();
        assert!(!name.contains('/') && !name.starts_with('.'), "{name}");
        assert!(name.len() <= 90, "{name}");
        assert_ne!(name.to_ascii_lowercase(), "con.svg");
        assert_svg_safe(&fs::read_to_string(work.join("out").join(name)).unwrap());
    }
    assert!(files.contains(&"work/out/a-b.svg".to_string()), "{files:?}");
    assert!(
        files.contains(&"work/out/a-b-2.svg".to_string()),
        "{files:?}"
    );
}

/// A FIFO named as output is written into as a stream (a reader gets the
/// board) and stays a FIFO: renaming a file over it would replace the node,
/// as it would replace `/dev/null` or `/dev/full`.
#[cfg(unix)]
#[test]
fn a_fifo_or_device_output_is_written_into_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("board.svg");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    let out = twixt(dir.path(), &["board", "-o", "board.svg"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got = reader.join().unwrap();
    assert!(
        got.starts_with(b"<svg") || got.starts_with(b"<?xml"),
        "the reader got the board"
    );
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    // A full device: a clear error, exit 2, and the device is still a device.
    if Path::new("/dev/full").exists() {
        let out = twixt(dir.path(), &["board", "-o", "/dev/full"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("/dev/full") && err.contains("No space left"),
            "{err}"
        );
        let meta = fs::symlink_metadata("/dev/full").unwrap();
        assert!(meta.file_type().is_char_device());
    }
}

/// `-o -` is standard output: one picture (or one PDF) goes there; several
/// pictures, or a sheet's pages, are a usage error that leaves no file
/// named `-` behind.
#[test]
fn dash_as_output_is_standard_output_for_one_picture() {
    let dir = tempfile::tempdir().unwrap();
    let game = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("diagrams/dujardin.twixt");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_twixt"))
            .arg(args[0])
            .arg(&game)
            .args(&args[1..])
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let piped = run(&["render", "--game", "3", "--final", "-o", "-"]);
    assert!(
        piped.status.success(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    let file = run(&["render", "--game", "3", "--final", "-o", "one.svg"]);
    assert!(file.status.success());
    assert!(piped.stdout == std::fs::read(dir.path().join("one.svg")).unwrap());
    assert!(
        piped.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&piped.stderr)
    );
    for args in [
        &["render", "--game", "3", "--every", "2", "-o", "-"][..],
        &["sheet", "--game", "3", "-o", "-"][..],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, vec!["one.svg".to_string()]);
}

/// One rule for every command that writes: a file whose permission bits
/// forbid writing is refused (exit 2, the file untouched), for root too,
/// unless `--force` is given.
#[cfg(unix)]
#[test]
fn every_writing_command_refuses_a_read_only_file_unless_forced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("game.twixt"), GAME).unwrap();
    for args in [
        &["render", "game.twixt", "--final", "-o", "keep.svg"][..],
        &["sheet", "game.twixt", "-o", "keep.svg"],
        &["book", "game.twixt", "-o", "keep.html"],
        &["view", "game.twixt", "-o", "keep.html"],
        &["board", "-o", "keep.svg"],
        &["convert", "game.twixt", "-o", "keep.tsgf"],
        &["random", "--seed", "1", "-o", "keep.twixt"],
    ] {
        let keep = d.join(args[args.len() - 1]);
        fs::write(&keep, "old").unwrap();
        fs::set_permissions(&keep, fs::Permissions::from_mode(0o444)).unwrap();
        let o = twixt(d, args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("is read-only; not replaced (--force replaces it)"),
            "{args:?}: {err}"
        );
        assert_eq!(fs::read(&keep).unwrap(), b"old", "{args:?}");
        let forced = twixt(d, &[args, &["--force"]].concat());
        assert!(
            forced.status.success(),
            "{args:?} --force: {}",
            String::from_utf8_lossy(&forced.stderr)
        );
        assert_ne!(fs::read(&keep).unwrap(), b"old", "{args:?} --force");
        fs::remove_file(&keep).unwrap();
    }
    // `man -o`: one read-only page refuses the whole set.
    let pages = d.join("man");
    fs::create_dir(&pages).unwrap();
    let page = pages.join("twixt-render.1");
    fs::write(&page, "old").unwrap();
    fs::set_permissions(&page, fs::Permissions::from_mode(0o444)).unwrap();
    let o = twixt(d, &["man", "-o", "man"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        fs::read_dir(&pages).unwrap().count(),
        1,
        "a partial set was written"
    );
    assert!(twixt(d, &["man", "-o", "man", "--force"]).status.success());
    assert!(fs::read_dir(&pages).unwrap().count() > 10);
}

/// `man -o` on a disk that fills up part way leaves no partial set of pages
/// (a file size limit stands in for the full disk: every page past it fails
/// to be written, as on a full disk).
#[cfg(unix)]
#[test]
fn man_pages_are_written_all_or_none() {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let full = twixt(d, &["man", "-o", "all"]);
    assert!(full.status.success());
    // Room for the main page, written first, and not for the largest.
    let limit = fs::metadata(d.join("all/twixt.1")).unwrap().len();
    let largest = fs::read_dir(d.join("all"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .max()
        .unwrap();
    assert!(largest > limit);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_twixt"));
    cmd.current_dir(d).args(["man", "-o", "some"]);
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let rl = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            libc::setrlimit(libc::RLIMIT_FSIZE, &rl);
            Ok(())
        });
    }
    let o = cmd.output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let left: Vec<_> = fs::read_dir(d.join("some")).unwrap().collect();
    assert!(left.is_empty(), "{} files left behind", left.len());
}

/// A run killed outright leaves its temporary file; the next run writing
/// into that folder removes it (its process is gone), and leaves the
/// temporary files of live processes and other files alone.
#[cfg(unix)]
#[test]
fn a_later_run_removes_temporary_files_whose_writer_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut child = Command::new("true").spawn().unwrap();
    let gone = child.id();
    child.wait().unwrap();
    let stale = d.join(format!(".twixt-{gone}-0.tmp"));
    fs::write(&stale, vec![b'x'; 1 << 20]).unwrap();
    let live = d.join(format!(".twixt-{}-0.tmp", std::process::id()));
    fs::write(&live, "being written").unwrap();
    let other = d.join(".twixt-notes.tmp");
    fs::write(&other, "mine").unwrap();
    let o = twixt(d, &["random", "--seed", "3", "-o", "r.twixt"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        !stale.exists(),
        "the dead run's temporary file is still there"
    );
    assert!(live.exists() && other.exists());
}

/// An output named through a link to the process's standard output
/// (`/dev/stdout`, `/proc/self/fd/1`), with standard output sent to a
/// file, is written there: the link stays a link (renaming over it would
/// make `/dev/stdout` a plain file), and the file gets the output.
#[cfg(target_os = "linux")]
#[test]
fn a_link_to_standard_output_is_written_into_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (link, args, starts) in [
        ("L.svg", vec!["board"], "<svg"),
        ("R.twixt", vec!["random", "--seed", "3"], "["),
        ("C.tsgf", vec!["convert", "r.twixt"], "(;"),
    ] {
        std::os::unix::fs::symlink("/proc/self/fd/1", d.join(link)).unwrap();
        let captured = d.join(format!("captured-{link}"));
        let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .current_dir(d)
            .args(&args)
            .args(["-o", link])
            .stdout(fs::File::create(&captured).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{link}: {err}");
        assert!(
            fs::symlink_metadata(d.join(link)).unwrap().is_symlink(),
            "{link}"
        );
        let got = fs::read_to_string(&captured).unwrap();
        assert!(got.starts_with(starts), "{link}: {got:.80}");
        if link == "R.twixt" {
            fs::write(d.join("r.twixt"), got).unwrap();
        }
    }
    // Appended where the shell opened the file for appending.
    let log = d.join("log.svg");
    fs::write(&log, "before\n").unwrap();
    let appending = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(d)
        .args(["board", "-o", "/dev/stdout"])
        .stdout(appending)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let got = fs::read_to_string(&log).unwrap();
    assert!(got.starts_with("before\n<svg"), "{got:.80}");
}

/// A rule set a game's header names, read while the games stream through,
/// and a file sent in on standard input are inputs as a named game is: an
/// output over either is refused and the file is left as it was.
#[cfg(unix)]
#[test]
fn an_input_found_while_writing_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = twixt(d, &["rules", "pencil"]);
    fs::write(d.join("r.yaml"), &rules.stdout).unwrap();
    fs::write(d.join("g.twixt"), "[Rules \"r.yaml\"]\n\n1. f6\n").unwrap();
    for to in ["json", "moves", "tsgf"] {
        let out = twixt(d, &["convert", "g.twixt", "--to", to, "-o", "r.yaml"]);
        assert_eq!(out.status.code(), Some(2), "--to {to}");
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("refusing to overwrite the input file r.yaml"),
            "--to {to}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            fs::read(d.join("r.yaml")).unwrap(),
            rules.stdout,
            "--to {to}"
        );
    }
    let record = "(;FF[4]SZ[24];b[ff];r[gg])";
    fs::write(d.join("g.tsgf"), record).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(d)
        .args(["convert", "-", "--to", "twixt", "-o", "g.tsgf"])
        .stdin(fs::File::open(d.join("g.tsgf")).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(fs::read_to_string(d.join("g.tsgf")).unwrap(), record);
    no_temporary_file(d);
}

/// A script converted to a script keeps its `[Rules "r.yaml"]` header
/// without reading the file, and wrote over it when that was the output.
/// A rule file a header names is an input, read or not: refused, exit 2,
/// the file kept, for a script read whole or streamed, on standard input,
/// of TwixT or TWRS, by its name or another link to it.
#[cfg(unix)]
#[test]
fn a_rule_file_a_header_names_is_never_written_over_unread() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let rules = twixt(d, &["rules", "pencil"]).stdout;
    let twrs_rules = twixt(d, &["rules", "twrs"]).stdout;
    fs::write(d.join("r.yaml"), &rules).unwrap();
    fs::write(d.join("t.yaml"), &twrs_rules).unwrap();
    fs::hard_link(d.join("r.yaml"), d.join("hard.yaml")).unwrap();
    std::os::unix::fs::symlink("r.yaml", d.join("soft.yaml")).unwrap();
    let game = "[Rules \"r.yaml\"]\n\n1. f6 2. g8\n";
    fs::write(d.join("g.twixt"), game).unwrap();
    // Large enough to be converted a window at a time.
    fs::write(d.join("big.twixt"), game.repeat(150_000)).unwrap();
    fs::write(
        d.join("tw.twixt"),
        "[Game \"twrs\"]\n[Rules \"t.yaml\"]\n\n1. 3 i3-i10 x5 h10 i5\n",
    )
    .unwrap();
    let refused = |out: &Output, target: &str, what: &str| {
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {said}");
        assert!(
            said.contains(&format!("refusing to overwrite the input file {target}")),
            "{what}: {said}"
        );
    };
    for (input, target) in [
        ("g.twixt", "r.yaml"),
        ("g.twixt", "hard.yaml"),
        ("g.twixt", "soft.yaml"),
        ("big.twixt", "r.yaml"),
        ("tw.twixt", "t.yaml"),
    ] {
        let out = twixt(d, &["convert", input, "--to", "twixt", "-o", target]);
        refused(&out, target, &format!("{input} -> {target}"));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(d)
        .args(["convert", "-", "--to", "twixt", "-o", "r.yaml"])
        .stdin(fs::File::open(d.join("g.twixt")).unwrap())
        .output()
        .unwrap();
    refused(&out, "r.yaml", "standard input -> r.yaml");
    assert_eq!(fs::read(d.join("r.yaml")).unwrap(), rules);
    assert!(
        fs::symlink_metadata(d.join("soft.yaml"))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(fs::read(d.join("t.yaml")).unwrap(), twrs_rules);
    // Written anywhere else, the script is converted as before.
    let out = twixt(d, &["convert", "g.twixt", "-o", "out.twixt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(fs::read_to_string(d.join("out.twixt")).unwrap(), game);
    no_temporary_file(d);
}

/// A full disk while writing is said as the file's error, naming it, by
/// every command that writes a piece at a time (`random` said "cannot
/// write the games: No space left on device").
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_names_the_file_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::os::unix::fs::symlink("/dev/full", d.join("full.twixt")).unwrap();
    std::os::unix::fs::symlink("/dev/full", d.join("full.json")).unwrap();
    fs::write(
        d.join("g.twixt"),
        "[Title \"g\"]\n\n1. f6 2. g8\n".repeat(2000),
    )
    .unwrap();
    for args in [
        vec![
            "random",
            "--games",
            "300",
            "--seed",
            "1",
            "-o",
            "full.twixt",
        ],
        vec!["convert", "g.twixt", "-o", "full.json"],
    ] {
        let out = twixt(d, &args);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        let name = args.last().unwrap();
        assert!(
            said.contains(&format!("cannot write {name}: No space left on device")),
            "{args:?}: {said}"
        );
    }
}
