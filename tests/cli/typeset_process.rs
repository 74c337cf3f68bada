//! Typesetting in a child process (docs/limits.md): a template that asks
//! for more memory than the ceiling gets a located error, one that loops
//! is killed at the time limit, a signal to `twixt` ends its typesetter
//! too, and the PDF is the same bytes as the library makes in its own
//! process.

use std::fs;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::common::twixt_in;

const GAME: &str =
    "[Title \"Process\"]\n1. f6 {A comment.} 2. m12 3. k9\n#diagram caption=\"After 3\"\n4. c3\n";

/// A template whose loops would run for hours.
const LOOPS: &str = "#let book(..args, body) = { let n = 0; for i in range(100000) { for j in range(100000) { n += 1 } }; body }\n";

/// A folder holding `g.twixt` (the game above) and, when given, a
/// template `t.typ`.
fn book_folder(template: Option<&str>) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    if let Some(text) = template {
        fs::write(dir.path().join("t.typ"), text).unwrap();
    }
    dir
}

/// `twixt book g.twixt -o b.pdf --template t.typ` with `extra` arguments,
/// started in `dir`, not waited for.
fn book_with_template(dir: &Path, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_twixt"));
    c.current_dir(dir)
        .env("NO_COLOR", "1")
        .args(["book", "g.twixt", "-o", "b.pdf", "--template", "t.typ"])
        .args(extra);
    c
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The typesetting process `twixt` (`child`) starts, waited for up to 30 s.
fn typesetter_of(child: &Child) -> u32 {
    let start = Instant::now();
    loop {
        if let Some(&c) = children_of(child.id()).first() {
            return c;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no typesetter");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The processes whose parent is `pid` (read from `/proc`).
fn children_of(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").expect("/proc is there").flatten() {
        let Some(child) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if let Some((_, parent)) = stat(child)
            && parent == pid
        {
            found.push(child);
        }
    }
    found
}

/// A process's state letter and parent, or `None` when it is gone.
fn stat(pid: u32) -> Option<(char, u32)> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // "pid (name) S ppid …": the name may hold spaces and parentheses.
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let parent = fields.next()?.parse().ok()?;
    Some((state, parent))
}

/// Gone, or a zombie waiting for whoever adopted it: not running.
fn ended(pid: u32) -> bool {
    stat(pid).is_none_or(|(state, _)| state == 'Z' || state == 'X')
}

/// Waits for `child` to end, and collects the processes it starts on the
/// way.
fn watch(child: &mut Child, seen: &mut Vec<u32>) -> std::process::ExitStatus {
    loop {
        for c in children_of(child.id()) {
            if !seen.contains(&c) {
                seen.push(c);
            }
        }
        if let Some(status) = child.try_wait().expect("twixt can be waited for") {
            return status;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn no_leftovers(dir: &Path) {
    let names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names
            .iter()
            .all(|n| !n.ends_with(".pdf") && !n.ends_with(".tmp")),
        "{names:?}"
    );
}

/// Ran on the code before: the process aborted (exit 134) with Rust's
/// "memory allocation of … failed". The third template, found by the
/// `typst_template` fuzz target, asks for no large block: its recursion
/// and show rules grow the typesetter's memory step by step (past 2 GB in
/// the fuzzer's process, past 4 GB under `twixt book`'s default limit).
#[test]
fn a_template_past_the_memory_ceiling_gets_an_error_naming_it_and_the_limit() {
    let dir = book_folder(None);
    let d = dir.path();
    let book = |body: &str| format!("#let book(..args, body) = {{ {body}; body }}\n").into_bytes();
    let grows = fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/hostile_templates/memory-grows-by-show-rules.typ"),
    )
    .unwrap();
    for (name, template) in [
        ("range.typ", book("let a = range(400000000)")),
        ("repeat.typ", book("let s = \"x\" * 4000000000")),
        ("grows.typ", grows),
    ] {
        fs::write(d.join(name), template).unwrap();
        let out = twixt_in(
            &[
                "book",
                "g.twixt",
                "-o",
                "b.pdf",
                "--template",
                name,
                "--typeset-memory",
                "512",
            ],
            d,
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert!(
            err.contains(&format!(
                "typesetting the book with the template {name} needed more than the 512 MB limit (--typeset-memory raises it); nothing written"
            )),
            "{name}: {err}"
        );
        assert!(!err.contains("memory allocation"), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        no_leftovers(d);
    }
}

/// The time limit kills the typesetter: the run ends within a few seconds
/// of it and leaves no process behind.
#[test]
fn a_template_that_loops_is_stopped_at_the_limit_and_leaves_no_process() {
    let dir = book_folder(Some(LOOPS));
    let d = dir.path();
    let start = Instant::now();
    let mut child = book_with_template(d, &["--typeset-time", "2"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut seen = Vec::new();
    let status = watch(&mut child, &mut seen);
    let elapsed = start.elapsed();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(
        err.contains("typesetting the book with the template t.typ took longer than 2 s"),
        "{err}"
    );
    assert!(elapsed < Duration::from_secs(8), "{elapsed:?}");
    assert!(!seen.is_empty(), "no typesetting process was seen");
    for pid in seen {
        assert!(ended(pid), "process {pid} still runs");
    }
    no_leftovers(d);
}

/// A typesetter stopped from outside (SIGKILL, as a user or the system's
/// out-of-memory killer sends it) is no fault of the template: the run says
/// so and exits 2, nothing written. Ran on the code before: "Typst failed
/// while typesetting the book with the template t.typ", exit 1.
#[test]
fn a_typesetter_killed_from_outside_is_an_environment_failure() {
    let dir = book_folder(Some(LOOPS));
    let d = dir.path();
    let mut child = book_with_template(d, &["--typeset-time", "600"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let typesetter = typesetter_of(&child);
    std::thread::sleep(Duration::from_millis(300));
    let sent = Command::new("kill")
        .args(["-KILL", &typesetter.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("stopped from outside"), "{err}");
    no_leftovers(d);
}

/// SIGTERM or SIGINT sent to `twixt` alone (not its process group) ends
/// its typesetter with it.
#[test]
fn a_signal_to_twixt_ends_its_typesetter() {
    let dir = book_folder(Some(LOOPS));
    let d = dir.path();
    for (signal, code) in [("TERM", 143), ("INT", 130)] {
        let mut child = book_with_template(d, &["--typeset-time", "600"])
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let typesetter = typesetter_of(&child);
        // Let it reach the template's loops.
        std::thread::sleep(Duration::from_millis(500));
        let sent = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}");
        let start = Instant::now();
        while !ended(typesetter) {
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "SIG{signal}: the typesetter {typesetter} still runs"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        no_leftovers(d);
    }
}

/// The child process makes the same bytes as the library in its own
/// process, and `twixt book` makes a PDF through it.
#[test]
fn an_ordinary_book_is_the_same_pdf_in_a_child_process() {
    use twixtkit::book::{self, typst_source};
    let dir = book_folder(None);
    let d = dir.path();
    let path = d.join("g.twixt");
    let loaded = twixtkit::script::script_from_bytes(&path, GAME.as_bytes());
    assert!(loaded.errors.is_empty());
    let file = twixtkit::open::GameFile {
        path: path.clone(),
        content: twixtkit::open::Content::Script {
            source: loaded.source,
            games: loaded.games,
        },
    };
    let b = book::book(&file, &book::BookOptions::default()).unwrap();
    let style = twixtkit::diagram::Style::rulebook();
    let source = typst_source::to_typst(
        &b,
        &book::html::Styles::new(&style),
        &typst_source::PageSetup::default(),
        "g",
    );
    let inside = book::typeset_pdf_in_process(&source, None).unwrap();
    let process = book::TypesetProcess::twixt(env!("CARGO_BIN_EXE_twixt").into(), 4096);
    let outside = book::typeset_pdf_in_child(&source, None, &process).unwrap();
    assert!(inside.starts_with(b"%PDF-"));
    assert!(inside == outside, "the PDFs differ");
    // A template's error comes back from the child located as before.
    fs::write(d.join("t.typ"), "#let book(..args, body) = { foo; body }\n").unwrap();
    let template = book::Template::load(&d.join("t.typ")).unwrap();
    let err = book::typeset_pdf_in_child(&source, Some(&template), &process).unwrap_err();
    assert!(
        err.to_string()
            .contains("t.typ:1:29: unknown variable: foo"),
        "{err}"
    );
    let out = twixt_in(&["book", "g.twixt", "-o", "b.pdf"], d);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::read(d.join("b.pdf")).unwrap().starts_with(b"%PDF-"));
}

/// The typesetter's first argument is in no help, completion or manual
/// page, and given by hand it says what it is.
#[test]
fn the_typesetting_process_is_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        vec!["--help"],
        vec!["book", "--help"],
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["man"],
    ] {
        let out = twixt_in(&args, d);
        assert!(out.status.success(), "{args:?}");
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("__typeset"),
            "{args:?}"
        );
    }
    let out = twixt_in(&["__typeset"], d);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a command"), "{}", stderr(&out));
}
