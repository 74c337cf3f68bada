//! `twixt view` without a browser: bad input writes nothing, the page is
//! self-contained, folders become one page of all their games.

mod common;

use common::{shared_games, twixt};

#[test]
fn a_file_with_errors_is_reported_as_check_does_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.twixt");
    std::fs::write(&script, "[Size \"12\"]\n1. e5 2. e5\n").unwrap();
    let out = dir.path().join("bad.html");
    let o = twixt(&[
        "view",
        script.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.twixt:2:7") && err.contains("illegal move 2"),
        "{err}"
    );
    assert!(!out.exists());
    let o = twixt(&["view", script.to_str().unwrap(), "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twixt(&["view", "no-such-file.tsgf", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

#[test]
fn a_folder_is_one_self_contained_page_with_a_game_list() {
    let Some(games) = shared_games() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lg.html");
    let folder = games.join("littlegolem");
    let o = twixt(&[
        "view",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    let files = std::fs::read_dir(&folder).unwrap().count();
    assert_eq!(html.matches("class=\"pick-game\"").count(), files);
    assert_eq!(html.matches("<section class=\"game\"").count(), files);
    // Nothing is fetched: no external resource, and a policy that forbids it.
    assert!(html.contains("default-src 'none'"));
    for needle in ["src=\"http", "href=\"http", "@import", "url(http"] {
        assert!(!html.contains(needle), "{needle}");
    }
}
