//! `fmt` and `fmt --check` of a large script read it a window at a time:
//! the same verdict and the same rewritten text as reading it whole, for a
//! canonical file, a changed game in the middle, CRLF line endings, a byte
//! order mark and a syntax error; a file over the whole-file limit is
//! rewritten in bounded memory (`tests/bounded_memory.rs`).

use std::path::Path;
use std::process::Command;

use twixtkit::commands::canonical::{Difference, check_file, format_file};
use twixtkit::diagnostic::Explained as _;

#[test]
fn a_large_script_is_checked_window_by_window_like_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.twixt");
    // About 3.5 MB of canonical text: over the 2 MiB window.
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["random", "--seed", "5", "--games", "1200", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(o.status.success());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.len() > 3 << 20);
    let verdicts = |name: &str, body: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, body).unwrap();
        let whole = format_file(&p)
            .map(|f| f.differs)
            .map_err(|e| e.to_string());
        let streamed = check_file(&p).map_err(|e| e.to_string());
        assert_eq!(streamed, whole, "{name}");
        streamed
    };
    assert_eq!(verdicts("same.twixt", text.as_bytes()), Ok(None));
    // One game in the middle written with an extra space.
    let middle = text.len() / 2;
    let at = middle + text[middle..].find(" 2. ").unwrap();
    let changed = format!("{}  {}", &text[..at], &text[at + 1..]);
    assert_eq!(
        verdicts("changed.twixt", changed.as_bytes()),
        Ok(Some(Difference::Text))
    );
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(
        verdicts("crlf.twixt", crlf.as_bytes()),
        Ok(Some(Difference::LineEndings))
    );
    let bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    assert_eq!(
        verdicts("bom.twixt", &bom),
        Ok(Some(Difference::ByteOrderMark))
    );
    let broken = format!("[Title \"x\"]\n\n1. e5 )\n\n{text}");
    let e = verdicts("broken.twixt", broken.as_bytes()).unwrap_err();
    assert!(e.contains("not formatted"), "{e}");
    let d = check_file(&dir.path().join("broken.twixt")).unwrap_err();
    assert!(
        d.diagnostics()[0].render().contains("broken.twixt:3:"),
        "{}",
        d.diagnostics()[0].render()
    );
}

fn random_script(path: &Path, seed: &str, games: &str) {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["random", "--seed", seed, "--games", games, "-o"])
        .arg(path)
        .output()
        .unwrap();
    assert!(o.status.success());
}

fn fmt(path: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .arg("fmt")
        .arg(path)
        .output()
        .unwrap()
}

/// Files left in `dir` by a writer (temporary files start with a dot).
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn a_large_script_is_rewritten_window_by_window_like_a_whole_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.twixt");
    random_script(&path, "5", "1200");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.len() > 3 << 20);
    let middle = text.len() / 2;
    let at = middle + text[middle..].find(" 2. ").unwrap();
    let changed = format!("{}  {}", &text[..at], &text[at + 1..]);
    let crlf = text.replace('\n', "\r\n");
    let bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    for (name, body, rewritten) in [
        ("same.twixt", text.as_bytes(), false),
        ("changed.twixt", changed.as_bytes(), true),
        ("crlf.twixt", crlf.as_bytes(), true),
        ("bom.twixt", &bom, true),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, body).unwrap();
        let whole = format_file(&p).unwrap().canonical;
        let o = fmt(&p);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{name}: {err}");
        let summary = if rewritten {
            "1 file rewritten, 0 already canonical"
        } else {
            "0 files rewritten, 1 already canonical"
        };
        assert!(err.contains(summary), "{name}: {err}");
        assert!(std::fs::read_to_string(&p).unwrap() == whole, "{name}");
    }
    // A syntax error late in the file: nothing is written, nothing left over.
    let broken = format!("{crlf}\r\n[Title \"x\"]\r\n\r\n1. e5 )\r\n");
    let p = dir.path().join("broken.twixt");
    std::fs::write(&p, &broken).unwrap();
    let o = fmt(&p);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("broken.twixt:") && err.contains("not formatted"),
        "{err}"
    );
    assert!(std::fs::read(&p).unwrap() == broken.as_bytes());
    assert_eq!(leftovers(dir.path()), Vec::<String>::new());
}
