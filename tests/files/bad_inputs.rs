//! The bad-input corpus: one file per kind of mistake a person or a broken
//! exporter makes, in `tests/bad_inputs/`. Each input is run through the
//! command that reads it (`twixt check` for game files, `twixt board
//! --style` for `style-*.yaml`, `twixt convert --rules` for `rules-*.yaml`)
//! and its exit code and exact output are compared with `NAME.expected`
//! beside it. `TWIXT_BLESS=1 cargo test --release --test files bad_inputs::` rewrites them.
//! Nothing may panic (exit code 101), and every exit code is 1 or 2.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_inputs")
}

fn twixt(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("twixt runs")
}

/// The command line for one corpus file, relative to the corpus folder.
fn command_for(name: &str, out_dir: &Path) -> Vec<String> {
    let out = out_dir.join("out.twixt").display().to_string();
    if name.starts_with("style-") {
        vec!["board", "--size", "5", "--style", name]
            .into_iter()
            .map(String::from)
            .collect()
    } else if name.starts_with("rules-") {
        vec![
            "convert".to_string(),
            "../fuzz_seeds/movelist/games.txt".to_string(),
            "--rules".to_string(),
            name.to_string(),
            "-o".to_string(),
            out,
        ]
    } else {
        vec!["check".to_string(), name.to_string()]
    }
}

fn render(o: &Output) -> String {
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        o.status
            .code()
            .map_or("signal".to_string(), |c| c.to_string()),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn assert_sane(name: &str, o: &Output, took: Duration) {
    let code = o.status.code();
    assert!(
        matches!(code, Some(1 | 2)),
        "{name}: exit code {code:?}, expected 1 or 2\n{}",
        render(o)
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{name} panicked:\n{err}");
    assert!(took < Duration::from_secs(60), "{name} took {took:?}");
}

#[test]
fn every_bad_input_gets_its_expected_error() {
    let dir = corpus();
    let bless = std::env::var_os("TWIXT_BLESS").is_some();
    // Folders hold other commands' corpora (`editor/`: the editor's
    // server, tested with it).
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(Result::unwrap)
        .filter(|e| e.file_type().unwrap().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".expected"))
        .collect();
    names.sort();
    assert!(names.len() >= 30, "only {} bad inputs", names.len());
    let tmp = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for name in &names {
        let args = command_for(name, tmp.path());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let t = Instant::now();
        let o = twixt(&dir, &args);
        assert_sane(name, &o, t.elapsed());
        // Nothing is written for a refused input.
        assert!(
            fs::read_dir(tmp.path()).unwrap().next().is_none(),
            "{name}: a file was written"
        );
        let got = render(&o);
        let expected_path = dir.join(format!("{name}.expected"));
        failures.extend(crate::common::against_expected(
            &expected_path,
            name,
            &got,
            bless,
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A 50 MB line (made here, not committed): a short, located error, fast.
#[test]
fn a_fifty_megabyte_line_gets_a_short_error() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("long.twixt");
    let mut f = fs::File::create(&path).unwrap();
    f.write_all(b"[Size \"24\"]\n\n1. f6 2. ").unwrap();
    let chunk = vec![b'q'; 1 << 20];
    for _ in 0..50 {
        f.write_all(&chunk).unwrap();
    }
    f.write_all(b"7\n").unwrap();
    drop(f);
    let t = Instant::now();
    let o = twixt(tmp.path(), &["check", "long.twixt"]);
    assert_sane("long.twixt", &o, t.elapsed());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.len() < 2_000, "output of {} bytes", out.len());
    assert!(
        out.contains(
            "error: expected a hole like f6, found `qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq…`"
        ),
        "{out}"
    );
    assert!(out.contains("--> long.twixt:3:10"), "{out}");
}

/// Larger than the input limit, in a format read whole (a Little Golem
/// record holds one game): refused without reading it all. (Scripts and
/// move lists are read a game at a time: `tests/streaming.rs`,
/// `tests/files/movelist_stream.rs`.)
#[test]
fn a_file_over_the_size_limit_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("huge.tsgf");
    let f = fs::File::create(&path).unwrap();
    // A sparse file: no disk space used.
    f.set_len(twixtkit::limits::MAX_INPUT_BYTES + 1).unwrap();
    let o = twixt(tmp.path(), &["check", "huge.tsgf"]);
    assert_eq!(o.status.code(), Some(2), "{}", render(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        format!("{out}{err}").contains("the file is larger than the limit of 64 MiB"),
        "{}",
        render(&o)
    );
}
