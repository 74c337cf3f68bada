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
    start_game(file, 1)
}

/// Starts the editor on game `game` (from 1) of `file`.
pub fn start_game(file: &Path, game: usize) -> String {
    let session = Session::open(file, game, false).unwrap();
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
    // A wrong token: the real one with its first digit changed (never
    // the same digit, so it cannot equal the real one by chance).
    let other = if token.starts_with('0') { '1' } else { '0' };
    assert_eq!(get(format!("{base}/?t={other}{}", &token[1..])).0, 403);
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

/// A GET with the token in its header: status, content type, body.
pub fn get_bytes(base: &str, token: Option<&str>, path: &str) -> (u16, String, Vec<u8>) {
    let mut req = agent().get(format!("{base}{path}"));
    if let Some(t) = token {
        req = req.header("x-twixt-token", t);
    }
    let mut r = req.call().unwrap();
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|h| h.to_str().ok())
        .unwrap_or("")
        .to_string();
    let body = r
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_vec()
        .unwrap();
    (r.status().as_u16(), kind, body)
}

/// The book of game `game` of `file` as `twixt book --lenient -o x.pdf`
/// sets it, through the library.
#[cfg(feature = "typst")]
fn library_book_pdf(file: &Path, game: usize) -> Vec<u8> {
    use twixtkit::book::{BookOptions, WriteOptions};
    let opened = twixtkit::open::open(file)
        .unwrap()
        .pick(Some(game))
        .unwrap();
    let opts = BookOptions {
        lenient: true,
        ..BookOptions::default()
    };
    let book = twixtkit::book::book(&opened, &opts).unwrap();
    let mut pdf = Vec::new();
    let mut sink = |b: &[u8]| {
        pdf.extend_from_slice(b);
        Ok(())
    };
    twixtkit::book::write_book(
        &book,
        twixtkit::output::Destination::Sink(&mut sink),
        twixtkit::book::BookFormat::Pdf,
        &twixtkit::diagram::Style::rulebook(),
        &WriteOptions::default(),
        file,
    )
    .unwrap();
    pdf
}

#[cfg(feature = "typst")]
#[test]
fn the_book_page_of_the_game_being_edited_as_pdf_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two.twixt");
    std::fs::write(
        &file,
        "[Title \"First game\"]\n[Rules \"pencil\"]\n1. f6\n\n[Title \"Second game\"]\n[Rules \"pencil\"]\n1. g8 2. m12\n",
    )
    .unwrap();
    let (base, token) = parts(&start_game(&file, 2));
    // Nothing without the token, or with another one.
    for path in ["/api/book", "/api/book/page?n=1", "/api/book.pdf"] {
        assert_eq!(get_bytes(&base, None, path).0, 403, "{path}");
        let first = if token.starts_with('0') { '1' } else { '0' };
        let wrong = format!("{first}{}", &token[1..]);
        assert_eq!(get_bytes(&base, Some(&wrong), path).0, 403, "{path}");
    }
    // An edit first: the preview shows the game as it stands.
    let (_, body) = post(&base, &token, "/api/op", json!({"version": 0, "op": "end"}));
    let v: Value = serde_json::from_str(&body).unwrap();
    let version = v["state"]["version"].as_u64().unwrap();
    let (_, body) = post(
        &base,
        &token,
        "/api/op",
        json!({"version": version, "op": "play", "hole": "h10"}),
    );
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(v["refused"].is_null(), "{body}");
    let version = v["state"]["version"].as_u64().unwrap();
    let (status, kind, body) = get_bytes(&base, Some(&token), "/api/book");
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    assert!(kind.starts_with("application/json"), "{kind}");
    let b: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(b["version"].as_u64(), Some(version));
    assert_eq!(b["pages"].as_u64(), Some(1));
    // The PDF is the one `twixt book` makes of that game, edit included.
    let (status, kind, pdf) = get_bytes(&base, Some(&token), "/api/book.pdf");
    assert_eq!((status, kind.as_str()), (200, "application/pdf"));
    let (_, body) = post(&base, &token, "/api/save", json!({}));
    assert!(body.contains("saved"), "{body}");
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("1. g8 2. m12 3. h10")
    );
    assert!(
        pdf == library_book_pdf(&file, 2),
        "the preview is not `twixt book`'s PDF of game 2"
    );
    assert!(pdf != library_book_pdf(&file, 1));
    // The page as PNG: a page's shape, with print on it.
    let (status, kind, png) = get_bytes(&base, Some(&token), "/api/book/page?n=1");
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    let page = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    assert_eq!(
        page.width(),
        twixtkit::editor::book_page::PAGE_WIDTH_PX as u32
    );
    assert!(
        page.height() > page.width(),
        "{}x{}",
        page.width(),
        page.height()
    );
    let dark = page
        .pixels()
        .iter()
        .filter(|p| u16::from(p.red()) + u16::from(p.green()) + u16::from(p.blue()) < 300)
        .count();
    assert!(
        dark > 2_000,
        "a page with almost nothing on it: {dark} dark pixels"
    );
    // A page the book does not have.
    let (status, _, body) = get_bytes(&base, Some(&token), "/api/book/page?n=2");
    assert_eq!(status, 404);
    assert_eq!(
        String::from_utf8(body).unwrap(),
        "refused: there is no page 2: the book has 1"
    );
}

#[cfg(not(feature = "typst"))]
#[test]
fn without_typst_the_book_page_says_the_build_has_no_typesetter() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let (base, token) = parts(&start(&file));
    let (status, _, body) = get_bytes(&base, Some(&token), "/api/book");
    assert_eq!(status, 501);
    assert!(String::from_utf8(body).unwrap().contains("`typst` feature"));
}

/// Typesetting runs off the server's thread: while a book page is being
/// set, an edit is answered.
#[cfg(feature = "typst")]
#[test]
fn the_server_answers_while_the_book_page_is_set() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6 2. m12\n").unwrap();
    let (base, token) = parts(&start(&file));
    let (b, t) = (base.clone(), token.clone());
    let setting = std::thread::spawn(move || get_bytes(&b, Some(&t), "/api/book").0);
    std::thread::sleep(Duration::from_millis(5));
    let (status, _) = post(&base, &token, "/api/op", json!({"version": 0, "op": "end"}));
    assert_eq!(status, 200);
    assert!(
        !setting.is_finished(),
        "the book was set before the edit was answered"
    );
    assert_eq!(setting.join().unwrap(), 200);
}
