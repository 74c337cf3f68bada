//! Helpers shared by the integration tests.
// Each test crate uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `../shared/games` beside the repository, or `None` (saying that the tests
/// using it are skipped) when it is absent outside CI. In CI (`CI` set) its
/// absence is a failure: a test that needs the real records must not pass
/// without reading them.
pub fn shared_games() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/games");
    if dir.is_dir() {
        Some(dir)
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/games is needed in CI: {} not found",
            dir.display()
        );
        println!("skipped: ../shared/games not found");
        None
    }
}

/// Runs the `twixt` binary with `args` in the current folder.
pub fn twixt(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .output()
        .expect("twixt runs")
}

/// Runs the `twixt` binary with `args` in `dir`, colour off.
pub fn twixt_in(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("twixt runs")
}

/// Runs the `twixt` binary with `args` in `dir`, colour off, with `input`
/// on its standard input (`None`: an empty one). The input is written
/// from a thread, so a report may come out while a large input goes in.
pub fn twixt_fed(args: &[&str], dir: &Path, input: Option<&[u8]>) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("twixt runs");
    let mut pipe = child.stdin.take().expect("a pipe");
    let bytes = input.unwrap_or_default().to_vec();
    // A closed pipe is the binary's to report; the test reads its output.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("twixt runs");
    writer.join().expect("the writer ends");
    out
}

/// Runs a poppler tool (`pdfinfo`, `pdftotext`, `pdffonts`) on `pdf`: an
/// independent PDF reader, so the tests do not trust our writer. `None`
/// (saying so) when poppler-utils is missing outside CI; in CI (`CI` set)
/// its absence is a failure, since `.ci/run` installs it.
pub fn poppler(tool: &str, args: &[&str]) -> Option<String> {
    match Command::new(tool).args(args).output() {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{tool} {args:?} failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            Some(String::from_utf8_lossy(&out.stdout).into_owned())
        }
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{tool} is needed in CI: {e}"
            );
            println!("skipped: {tool} not found (install poppler-utils)");
            None
        }
    }
}
pub mod webdriver;

/// `got` against the answer kept at `expected` for the corpus entry `name`
/// (written there instead when `bless`, as `TWIXT_BLESS=1` asks): the
/// failure to report, if any.
pub fn against_expected(expected: &Path, name: &str, got: &str, bless: bool) -> Option<String> {
    if bless {
        std::fs::write(expected, got).unwrap();
        return None;
    }
    match std::fs::read_to_string(expected) {
        Ok(want) if want == got => None,
        Ok(want) => Some(format!("{name}:\n--- want\n{want}\n--- got\n{got}")),
        Err(_) => Some(format!(
            "{name}: no {name}.expected (run with TWIXT_BLESS=1)"
        )),
    }
}
