//! The editor's server in the bad-input corpus: each file of
//! `tests/bad_inputs/editor/` is one HTTP request a broken or hostile
//! client sends (no token, another site, a body too large or not JSON, an
//! edit the editor does not know, a move on no hole, a path that climbs
//! out, a wrong method). Each is sent as written, byte for byte, to a
//! running editor, and the status and message it gets are compared with
//! `NAME.http.expected` beside it (`TWIXT_BLESS=1 cargo test --release
//! --test editor bad_requests::` rewrites them). Every request is refused
//! with a message; the server stays up, and the file and its recovery copy
//! are never written.
//!
//! In a request file, lines starting with `#` before the request are what
//! it is; `{host}` is the server's address, `{token}` its token, `{big}` a
//! text one byte longer than the body limit. `Content-Length` (unless the
//! file gives one) and `Connection: close` are added. In the answers the
//! folder of the edited file is written `{dir}`.

use std::fs;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;
use twixtkit::editor::server::MAX_BODY;

use super::server::{parts, start};

const GAME: &str = "[Rules \"pencil\"]\n1. f6\n";

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_inputs/editor")
}

/// The request of a corpus file, filled in, as it goes on the wire.
fn request(file: &str, host: &str, token: &str) -> Vec<u8> {
    let text: String = file
        .lines()
        .skip_while(|l| l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let text = text
        .replace("{host}", host)
        .replace("{token}", token)
        .replace("{big}", &"x".repeat(MAX_BODY + 1));
    let (head, body) = text.split_once("\n\n").unwrap_or((&text, ""));
    let mut out = String::new();
    for line in head.lines() {
        out.push_str(line);
        out.push_str("\r\n");
    }
    let given = head.to_ascii_lowercase().contains("\ncontent-length:");
    if !body.is_empty() && !given {
        out.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    out.push_str("Connection: close\r\n\r\n");
    out.push_str(body);
    out.into_bytes()
}

/// Sends `bytes` and reads the whole answer (the server closes).
fn send(addr: &str, bytes: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    // The server may answer and close before a large body is all sent.
    let _ = s.write_all(bytes);
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    answer
}

/// The status, and the message: the body as text, or of a JSON reply its
/// `refused` and `notice` (the state it carries is the page's drawing).
fn render(answer: &[u8]) -> String {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.lines().next().unwrap_or("(no answer)");
    let mut out = format!("{status}\n--- body\n");
    match serde_json::from_str::<Value>(body) {
        Ok(v) => {
            for key in ["refused", "notice"] {
                if let Some(s) = v[key].as_str() {
                    out.push_str(&format!("{key}: {s}\n"));
                }
            }
        }
        Err(_) => {
            out.push_str(body);
            out.push('\n');
        }
    }
    out
}

#[test]
fn every_bad_request_gets_its_expected_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    fs::write(&file, GAME).unwrap();
    let (base, token) = parts(&start(&file));
    let addr = base.strip_prefix("http://").unwrap().to_string();
    let bless = std::env::var_os("TWIXT_BLESS").is_some();
    let mut names: Vec<String> = fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".http"))
        .collect();
    names.sort();
    assert!(names.len() >= 25, "only {} bad requests", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let text = fs::read_to_string(corpus().join(name)).unwrap();
        let answer = send(&addr, &request(&text, &addr, &token));
        // The temporary folder named as the same word each run.
        let got = render(&answer).replace(&dir.path().display().to_string(), "{dir}");
        // Refused with a message: an error status, or an edit the page is
        // told it cannot make.
        let status: u16 = got
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let told = got.contains("\nrefused: ") && status == 200;
        assert!(
            (400..500).contains(&status) || told,
            "{name}: not refused\n{got}"
        );
        assert!(got.contains("refused"), "{name}: no message\n{got}");
        // Nothing of the token is ever sent back, nor of the file system.
        assert!(!got.contains(&token), "{name}: the token echoed\n{got}");
        assert!(!got.contains("root:"), "{name}\n{got}");
        let expected_path = corpus().join(format!("{name}.expected"));
        failures.extend(crate::common::against_expected(
            &expected_path,
            name,
            &got,
            bless,
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The server is still up and the document as it was: nothing written.
    let answer = send(
        &addr,
        &request(
            &format!("GET /api/state?t={token} HTTP/1.1\nHost: {addr}\n\n"),
            &addr,
            &token,
        ),
    );
    let got = String::from_utf8_lossy(&answer);
    assert!(got.starts_with("HTTP/1.1 200"), "{got}");
    assert!(got.contains("\"version\":0"), "{got}");
    assert_eq!(fs::read_to_string(&file).unwrap(), GAME);
    assert!(!twixtkit::editor::session::recovery_path(&file).exists());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}
