//! `fmt --check` of a large script reads it a window at a time: the same
//! verdict as reading it whole, for a canonical file, a changed game in the
//! middle, CRLF line endings, a byte order mark and a syntax error.

use std::process::Command;

use twixtkit::canonical::{Difference, check_file, format_file};

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
