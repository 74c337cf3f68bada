//! The editor's server over HTTP: the token, `Host` and `Origin` checks,
//! an edit and a save, and a second tab told that the
//! document changed.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};
use twixtkit::editor::{server, session::Session};

/// Starts the editor on `file` in a thread of its own; its page's address.
pub fn start(file: &Path) -> String {
    let session = Session::open(file, 1, false).unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        server::serve(session, 0, |url| tx.send(url.to_string()).unwrap()).unwrap();
    });
    rx.recv_timeout(Duration::from_secs(20)).unwrap()
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// Splits `http://127.0.0.1:PORT/?t=TOKEN` into base and token.
pub fn parts(url: &str) -> (String, String) {
    let (base, token) = url.split_once("/?t=").unwrap();
    (base.to_string(), token.to_string())
}

pub fn post(base: &str, token: &str, path: &str, body: Value) -> (u16, String) {
    let mut r = agent()
        .post(format!("{base}{path}"))
        .header("x-twixt-token", token)
        .header("content-type", "application/json")
        .send(body.to_string())
        .unwrap();
    (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
}

#[test]
fn refuses_without_the_token_or_from_another_host_or_origin() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let url = start(&file);
    let (base, token) = parts(&url);
    let a = agent();
    let get = |u: String| {
        let mut r = a.get(u).call().unwrap();
        (r.status().as_u16(), r.body_mut().read_to_string().unwrap())
    };
    // The page with the token; nothing without it, or with a wrong one.
    let (status, page) = get(url.clone());
    assert_eq!(status, 200);
    assert!(page.contains("g.twixt"));
    assert!(!page.contains("http://") || !page.contains("<script src"));
    assert_eq!(get(format!("{base}/")).0, 403);
    assert_eq!(get(format!("{base}/?t=0{}", &token[1..])).0, 403);
    assert_eq!(get(format!("{base}/api/state")).0, 403);
    // A name rebound to 127.0.0.1 brings another Host.
    let mut r = a
        .get(&url)
        .header("Host", "evil.example:80")
        .call()
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    assert!(r.body_mut().read_to_string().unwrap().contains("Host"));
    // Another site's page brings its Origin.
    let mut r = a
        .post(format!("{base}/api/op"))
        .header("x-twixt-token", &token)
        .header("Origin", "http://evil.example")
        .header("content-type", "application/json")
        .send(json!({"version": 0, "op": "play", "hole": "m12"}).to_string())
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    assert!(r.body_mut().read_to_string().unwrap().contains("Origin"));
    // Bodies over the limit are refused before they are read, the
    // connection closed under the sender: the bad-request corpus sends
    // them raw (`bad_requests`), as an HTTP client would see a broken pipe.
    // Nothing was written.
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Rules \"pencil\"]\n1. f6\n"
    );
    assert!(!twixtkit::editor::session::recovery_path(&file).exists());
}

#[test]
fn an_edit_a_stale_tab_and_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let (base, token) = parts(&start(&file));
    let (s, body) = post(&base, &token, "/api/op", json!({"version": 0, "op": "end"}));
    assert_eq!(s, 200);
    let v: Value = serde_json::from_str(&body).unwrap();
    let version = v["state"]["version"].as_u64().unwrap();
    let (_, body) = post(
        &base,
        &token,
        "/api/op",
        json!({"version": version, "op": "play", "hole": "m12"}),
    );
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["refused"].is_null(), "{body}");
    assert!(v["state"]["dirty"].as_bool().unwrap());
    assert!(v["state"]["svg"].as_str().unwrap().contains("<svg"));
    // The recovery copy follows every edit.
    let rec = twixtkit::editor::session::recovery_path(&file);
    assert!(std::fs::read_to_string(&rec).unwrap().contains("2. m12"));
    // A tab that still shows the old version is told, and changes nothing.
    let (_, body) = post(
        &base,
        &token,
        "/api/op",
        json!({"version": version, "op": "play", "hole": "g8"}),
    );
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(
        v["refused"].as_str().unwrap().contains("another tab"),
        "{body}"
    );
    // An illegal move: the engine's reason.
    let version = v["state"]["version"].as_u64().unwrap();
    let (_, body) = post(
        &base,
        &token,
        "/api/op",
        json!({"version": version, "op": "play", "hole": "f6"}),
    );
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["refused"].as_str().unwrap().contains("f6"), "{body}");
    let (_, body) = post(&base, &token, "/api/save", json!({}));
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["notice"].as_str().unwrap().starts_with("saved"), "{body}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Rules \"pencil\"]\n\n1. f6 2. m12\n"
    );
    assert!(!rec.exists());
    // A request the server does not know is refused as bad input.
    let (s, _) = post(
        &base,
        &token,
        "/api/op",
        json!({"version": 0, "op": "explode"}),
    );
    assert_eq!(s, 422);
}
