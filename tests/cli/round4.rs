//! Books and templates as a hostile user meets them: a template is an input
//! of bounded size that reads only regular, visible files of its folder,
//! never more than Typst can name; it is never the output; a Typst book's
//! figures stay inside the output folder, written all or none; an edited
//! Typst book is typeset again; a template of thousands of errors shows the
//! first hundred; help and version report a failed write;
//! a random game on a small board never plays into a dead position.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

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

const GAME: &str = "1. f6 2. m12 3. k9\n";

/// Ran on the code before: exit 0 and the template replaced.
#[test]
fn the_template_is_never_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    for name in ["t.pdf", "t.typ"] {
        let text = "#let book(..args, body) = body\n";
        fs::write(d.join(name), text).unwrap();
        let out = twixt(d, &["book", "g.twixt", "-o", name, "--template", name]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("refusing to overwrite"),
            "{}",
            stderr(&out)
        );
        assert_eq!(fs::read_to_string(d.join(name)).unwrap(), text);
    }
}

/// Ran on the code before: `--template FIFO` waited for ever.
#[cfg(unix)]
#[test]
fn a_template_that_is_no_regular_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    let made = Command::new("mkfifo")
        .arg(d.join("t.typ"))
        .status()
        .unwrap();
    assert!(made.success());
    let start = std::time::Instant::now();
    let out = twixt(
        d,
        &["book", "g.twixt", "-o", "b.pdf", "--template", "t.typ"],
    );
    assert!(start.elapsed().as_secs() < 30);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not a regular file"),
        "{}",
        stderr(&out)
    );
    let out = twixt(
        d,
        &["book", "g.twixt", "-o", "b.pdf", "--template", "/dev/zero"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!d.join("b.pdf").exists());
}

/// A Typst book (`-o x.typ`) reads its template as a PDF book does: a
/// FIFO, a device or a file over the size limit is refused at once, with
/// nothing written. Ran on the code before: the FIFO waited for ever, and
/// `/dev/zero` was read until memory ran out.
#[cfg(unix)]
#[test]
fn a_typst_books_template_is_a_regular_file_of_bounded_size() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(d.join("f.typ"))
            .status()
            .unwrap()
            .success()
    );
    fs::write(d.join("big.typ"), "// x\n".repeat(300_000)).unwrap();
    for (template, says) in [
        ("f.typ", "not a regular file"),
        ("/dev/zero", "not a regular file"),
        ("big.typ", "limit"),
    ] {
        let start = std::time::Instant::now();
        let out = twixt(
            d,
            &["book", "g.twixt", "-o", "o/x.typ", "--template", template],
        );
        assert!(start.elapsed().as_secs() < 30, "{template}");
        assert_eq!(out.status.code(), Some(2), "{template}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{template}: {}", stderr(&out));
        // Said as the template's fault, not the book's output's.
        assert!(
            stderr(&out).starts_with(&format!("error: cannot read the template {template}: ")),
            "{template}: {}",
            stderr(&out)
        );
        assert!(!d.join("o/x.typ").exists(), "{template}");
    }
}

/// No file a Typst book writes (its template's copy, a figure) is written
/// over its template, by any name or through a link. Ran on the code
/// before: each exited 0 with the template replaced.
#[cfg(unix)]
#[test]
fn a_typst_books_files_are_never_its_template() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    let text = "#let book(..args, body) = body\n";
    // A first run makes the folder, its figures and its template's copy.
    let out = twixt(d, &["book", "g.twixt", "-o", "o/x.typ"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The template is the copy the run writes, or a figure of it.
    fs::write(d.join("o/book-template.typ"), text).unwrap();
    let figure = fs::read_dir(d.join("o/x-figures"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    fs::write(&figure, text).unwrap();
    // The copy as a link to a template elsewhere.
    fs::create_dir(d.join("shared")).unwrap();
    fs::write(d.join("shared/style.typ"), text).unwrap();
    fs::create_dir(d.join("p")).unwrap();
    std::os::unix::fs::symlink("../shared/style.typ", d.join("p/book-template.typ")).unwrap();
    let figure = figure
        .strip_prefix(d)
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    for (template, output) in [
        ("o/book-template.typ", "o/x.typ"),
        (figure.as_str(), "o/x.typ"),
        ("p/book-template.typ", "p/x.typ"),
    ] {
        let out = twixt(
            d,
            &["book", "g.twixt", "-o", output, "--template", template],
        );
        assert_eq!(out.status.code(), Some(2), "{template}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("refusing to overwrite"),
            "{template}: {}",
            stderr(&out)
        );
        assert_eq!(fs::read_to_string(d.join(template)).unwrap(), text);
    }
    assert!(
        fs::symlink_metadata(d.join("p/book-template.typ"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// A template that is read and is no text (not UTF-8) is the input's
/// fault, as a game file's would be: exit 1, for a PDF and for a Typst
/// book, and for an edited Typst book that is no text. Ran on the code
/// before: exit 2.
#[test]
fn a_template_that_is_no_text_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(
        d.join("bad.typ"),
        b"#let book(..args, body) = body // \xff\n",
    )
    .unwrap();
    for output in ["b.pdf", "o/x.typ"] {
        let out = twixt(
            d,
            &["book", "g.twixt", "-o", output, "--template", "bad.typ"],
        );
        assert_eq!(out.status.code(), Some(1), "{output}: {}", stderr(&out));
        assert!(stderr(&out).contains("UTF-8"), "{}", stderr(&out));
        assert!(!d.join(output).exists());
    }
    let out = twixt(d, &["book", "bad.typ", "-o", "e.pdf"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!d.join("e.pdf").exists());
}

/// A file the template reads is an input of the run, though the
/// typesetting child reads it: the book is not written over it. The same
/// for an edited Typst book that reads a file of its folder. Ran on the
/// code before: both exited 0 with the file replaced by the PDF.
#[test]
fn the_book_is_never_written_over_a_file_its_template_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(d.join("data.pdf"), "kept").unwrap();
    fs::write(
        d.join("t.typ"),
        "#let book(..args, body) = { read(\"data.pdf\"); body }\n",
    )
    .unwrap();
    let out = twixt(
        d,
        &["book", "g.twixt", "-o", "data.pdf", "--template", "t.typ"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("refusing to overwrite"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(d.join("data.pdf")).unwrap(), "kept");
    // An edited Typst book that reads the file it is then written to.
    let out = twixt(d, &["book", "g.twixt", "-o", "e/x.typ"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    fs::write(d.join("e/notes.pdf"), "kept").unwrap();
    let source = fs::read_to_string(d.join("e/x.typ")).unwrap();
    fs::write(d.join("e/x.typ"), format!("#read(\"notes.pdf\")\n{source}")).unwrap();
    let out = twixt(d, &["book", "e/x.typ", "-o", "e/notes.pdf"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(d.join("e/notes.pdf")).unwrap(), "kept");
    // Read nothing of the kind: the book is written.
    let out = twixt(d, &["book", "e/x.typ", "-o", "e/other.pdf"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        fs::read(d.join("e/other.pdf"))
            .unwrap()
            .starts_with(b"%PDF")
    );
}

/// A template that reads ever new names of one file through links (Typst
/// names at most 65,535 files a process): ran on the code before, it
/// panicked "out of file ids" with exit 101. Now the count stops it with
/// an error naming the template.
#[cfg(unix)]
#[test]
fn a_template_reads_a_bounded_number_of_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::create_dir(d.join("t")).unwrap();
    std::os::unix::fs::symlink(".", d.join("t/s")).unwrap();
    std::os::unix::fs::symlink(".", d.join("t/u")).unwrap();
    fs::write(d.join("t/a.txt"), "a").unwrap();
    let template = "#let book(..args, body) = { \
        for i in range(70000) { \
          let p = str(i, base: 2).replace(\"0\", \"s/\").replace(\"1\", \"u/\") + \"a.txt\"; \
          let _ = read(p) \
        }; body }\n";
    fs::write(d.join("t/template.typ"), template).unwrap();
    let out = twixt(
        d,
        &[
            "book",
            "g.twixt",
            "-o",
            "b.pdf",
            "--template",
            "t/template.typ",
        ],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("t/template.typ"), "{err}");
    assert!(err.contains("at most 1000 files"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!d.join("b.pdf").exists());
}

/// A template in a home folder cannot put `.ssh/id_rsa` into a PDF, nor
/// read past its folder.
#[test]
fn a_template_reads_no_hidden_file_and_nothing_outside_its_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::create_dir_all(d.join("home/.ssh")).unwrap();
    fs::write(d.join("home/.ssh/id_rsa"), "SECRET").unwrap();
    fs::write(d.join("secret.txt"), "SECRET").unwrap();
    for path in [".ssh/id_rsa", "../secret.txt"] {
        let template = format!("#let book(..args, body) = {{ read(\"{path}\"); body }}\n");
        fs::write(d.join("home/t.typ"), template).unwrap();
        let out = twixt(
            d,
            &["book", "g.twixt", "-o", "b.pdf", "--template", "home/t.typ"],
        );
        assert_eq!(out.status.code(), Some(1), "{path}: {}", stderr(&out));
        assert!(stderr(&out).contains("home/t.typ:1:"), "{}", stderr(&out));
        assert!(!d.join("b.pdf").exists());
    }
}

/// A template whose loops would run for hours stops at the time limit.
#[test]
fn typesetting_stops_at_its_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(
        d.join("t.typ"),
        "#let book(..args, body) = { let n = 0; for i in range(100000) { for j in range(100000) { n += 1 } }; body }\n",
    )
    .unwrap();
    let start = std::time::Instant::now();
    let out = twixt(
        d,
        &[
            "book",
            "g.twixt",
            "-o",
            "b.pdf",
            "--template",
            "t.typ",
            "--typeset-time",
            "2",
        ],
    );
    assert!(start.elapsed().as_secs() < 30);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("longer than 2 s"), "{err}");
    assert!(!d.join("b.pdf").exists());
}

/// Ran on the code before: three errors on one line, joined by `�`.
#[test]
fn typst_errors_are_each_on_a_line_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(
        d.join("t.typ"),
        "#let book(..args, body) = body\n#(\n#)\n#}\n",
    )
    .unwrap();
    let out = twixt(
        d,
        &["book", "g.twixt", "-o", "b.pdf", "--template", "t.typ"],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains('\u{fffd}'), "{err}");
    assert!(
        err.lines()
            .filter(|l| l.starts_with("error: t.typ:"))
            .count()
            >= 2,
        "{err}"
    );
}

/// Ran on the code before: a template of 20,000 syntax errors ran into the
/// time limit (Typst looks for the place of each error from the top of the
/// template: the square of its size), so none of its errors was shown.
#[test]
fn a_template_of_thousands_of_errors_shows_the_first_hundred() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(d.join("t.typ"), "#let = 1\n".repeat(20_000)).unwrap();
    let out = twixt(
        d,
        &[
            "book",
            "g.twixt",
            "-o",
            "b.pdf",
            "--template",
            "t.typ",
            "--typeset-time",
            "5",
        ],
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 101, "{err}");
    assert_eq!(lines[0], "error: t.typ:1:5: expected pattern");
    assert_eq!(lines[99], "error: t.typ:100:5: expected pattern");
    assert_eq!(lines[100], "error: 19900 more errors not shown");
    assert!(!d.join("b.pdf").exists());
}

/// Ran on the code before: a file the template includes, of 20,000 syntax
/// errors, ran into the time limit as the template's own errors did.
#[test]
fn a_file_of_thousands_of_errors_a_template_includes_is_refused_with_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), GAME).unwrap();
    fs::write(
        d.join("t.typ"),
        "#let book(..args, body) = body\n#include \"b.typ\"\n",
    )
    .unwrap();
    fs::write(d.join("b.typ"), "#let = 1\n".repeat(20_000)).unwrap();
    let args = [
        "book",
        "g.twixt",
        "-o",
        "b.pdf",
        "--template",
        "t.typ",
        "--typeset-time",
        "5",
    ];
    let out = twixt(d, &args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("b.typ has 20000 syntax errors; the first, at b.typ:1:5: expected pattern"),
        "{err}"
    );
    assert!(!d.join("b.pdf").exists());
    // A few errors are each located by Typst, as before.
    fs::write(d.join("b.typ"), "#let = 1\n#let = 2\n").unwrap();
    let err = stderr(&twixt(d, &args));
    assert!(err.contains("b.typ:2:5: expected pattern"), "{err}");
}

/// Ran on the code before: the figures were written through the link into
/// the folder beside.
#[cfg(unix)]
#[test]
fn the_figures_folder_is_never_followed_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. m12 3. k9\n#diagram\n").unwrap();
    fs::create_dir(d.join("out")).unwrap();
    fs::create_dir(d.join("victim")).unwrap();
    std::os::unix::fs::symlink("../victim", d.join("out/x-figures")).unwrap();
    let out = twixt(d, &["book", "g.twixt", "-o", "out/x.typ"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(fs::read_dir(d.join("victim")).unwrap().count(), 0);
    assert!(!d.join("out/x.typ").exists());
}

/// A Typst book written with `-o book.typ`, edited, then typeset again.
#[test]
fn an_edited_typst_book_is_typeset_again() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. m12 3. k9\n#diagram\n").unwrap();
    let out = twixt(d, &["book", "g.twixt", "-o", "b.typ"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let source = fs::read_to_string(d.join("b.typ")).unwrap();
    fs::write(
        d.join("b.typ"),
        format!("{source}\nAn added closing line.\n"),
    )
    .unwrap();
    let out = twixt(d, &["book", "b.typ", "-o", "b.pdf"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::read(d.join("b.pdf")).unwrap().starts_with(b"%PDF"));
    // Its errors are located in it.
    fs::write(d.join("b.typ"), format!("{source}\n#nonesuch\n")).unwrap();
    let out = twixt(d, &["book", "b.typ", "-o", "c.pdf"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("b.typ:"), "{}", stderr(&out));
    assert!(!d.join("c.pdf").exists());
}

/// Ran on the code before: exit 0 with the text lost.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_report_a_failed_write() {
    for arg in ["--help", "--version"] {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .arg(arg)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{arg}");
        assert!(
            stderr(&out).contains("cannot write to standard output"),
            "{arg}"
        );
    }
}

/// Ran on the code before: `check` of the batch warned of moves played
/// after a dead draw on 3×3 and 4×4.
#[test]
fn random_games_on_small_boards_play_no_move_into_a_dead_position() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for size in ["3", "4"] {
        let name = format!("r{size}.twixt");
        let out = twixt(
            d,
            &[
                "random", "--size", size, "--rules", "dujardin", "--games", "20", "-o", &name,
            ],
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let out = twixt(d, &["check", &name]);
        let err = stderr(&out);
        assert!(out.status.success(), "{size}: {err}");
        assert!(!err.contains("warning"), "{size}: {err}");
    }
}
