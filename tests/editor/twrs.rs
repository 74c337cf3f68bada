//! The TWRS editing model: a TWRS script opened, its moves played by the
//! TWRS engine (a move it refuses changes nothing), variations, comments,
//! the tree's changes, undo and redo, each with the script it writes; and
//! open + save = `twixt fmt` on every TWRS script of the repository.

use std::path::Path;

use twixtkit::editor::twrs::{TwrsDocument, TwrsOp};

const GAME: &str = "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3\n2. 2 j10-j6\n";

fn open(text: &str) -> TwrsDocument {
    TwrsDocument::open("g.twixt", text, 0, None).unwrap()
}

fn play(doc: &mut TwrsDocument, mv: &str) {
    doc.apply(TwrsOp::Play { mv: mv.into() })
        .unwrap_or_else(|e| panic!("{mv}: {}", e.0));
}

#[test]
fn a_move_a_variation_a_comment_and_the_trees_changes_write_the_script() {
    let mut doc = open(GAME);
    assert!(!doc.is_dirty());
    assert_eq!(doc.script(), GAME);
    // Another second move: a variation of 2. 2 j10-j6.
    doc.apply(TwrsOp::Next).unwrap();
    play(&mut doc, "2 j10-j8");
    assert_eq!(doc.cursor(), [2, 0]);
    doc.apply(TwrsOp::Comment {
        text: "Blue's other choice".into(),
    })
    .unwrap();
    play(&mut doc, "1 b2-k2");
    assert_eq!(
        doc.script(),
        "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3\n2. 2 j10-j6\n(\n  2. 2 j10-j8\n  {Blue's other choice}\n  3. 1 b2-k2\n)\n"
    );
    assert!(doc.is_dirty());
    // The same move again steps onto it: no edit.
    let version = doc.version();
    doc.apply(TwrsOp::Goto { path: vec![0] }).unwrap();
    play(&mut doc, "2 j10-j6");
    assert_eq!((doc.cursor(), doc.version()), (&[1][..], version));
    // Promote the variation: it becomes the main line.
    doc.apply(TwrsOp::Down).unwrap();
    assert_eq!(doc.cursor(), [2, 0]);
    doc.apply(TwrsOp::Promote).unwrap();
    assert_eq!(
        doc.script(),
        "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3\n2. 2 j10-j8\n{Blue's other choice}\n(\n  2. 2 j10-j6\n)\n3. 1 b2-k2\n"
    );
    // Delete the variation (its first move goes, and the variation with it).
    doc.apply(TwrsOp::Down).unwrap();
    doc.apply(TwrsOp::Delete).unwrap();
    let without = "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3\n2. 2 j10-j8\n{Blue's other choice}\n3. 1 b2-k2\n";
    assert_eq!(doc.script(), without);
    // Undo and redo, each a whole edit.
    doc.apply(TwrsOp::Undo).unwrap();
    assert!(doc.script().contains("2. 2 j10-j6"));
    doc.apply(TwrsOp::Redo).unwrap();
    assert_eq!(doc.script(), without);
    // An empty comment takes it away.
    doc.apply(TwrsOp::Goto { path: vec![1] }).unwrap();
    doc.apply(TwrsOp::Comment { text: " ".into() }).unwrap();
    assert!(!doc.script().contains('{'));
    // What the page shows: the comment, the position's side to move.
    doc.apply(TwrsOp::Undo).unwrap();
    assert_eq!(doc.comment(), Some("Blue's other choice"));
    let pos = doc.position_at(&[3]).unwrap();
    assert_eq!(pos.plies(), 3);
}

#[test]
fn a_move_the_rules_refuse_or_that_is_no_move_changes_nothing() {
    let mut doc = open(GAME);
    doc.apply(TwrsOp::End).unwrap();
    let version = doc.version();
    // Blue's tower moved again by Orange's turn: the engine's reason.
    let e = doc
        .apply(TwrsOp::Play {
            mv: "2 j6-j4".into(),
        })
        .unwrap_err();
    assert!(e.0.contains("tower"), "{}", e.0);
    let e = doc.apply(TwrsOp::Play { mv: "hello".into() }).unwrap_err();
    assert!(e.0.contains("not a TWRS move"), "{}", e.0);
    assert_eq!((doc.script().as_str(), doc.version()), (GAME, version));
    assert!(!doc.is_dirty());
    assert_eq!(doc.apply(TwrsOp::Undo).unwrap_err().0, "nothing to undo");
    assert!(doc.apply(TwrsOp::Goto { path: vec![9] }).is_err());
}

#[test]
fn a_file_with_errors_or_without_the_game_asked_for_is_refused() {
    let e = TwrsDocument::open(
        "bad.twixt",
        "[Game \"twrs\"]\n1. 3 i3-g3\n(1. 3 i3-h3\n",
        0,
        None,
    )
    .unwrap_err();
    assert!(e.0.starts_with("bad.twixt:"), "{}", e.0);
    let e = TwrsDocument::open("g.twixt", GAME, 1, None).unwrap_err();
    assert_eq!(e.0, "there is no game 2 in g.twixt: it holds 1");
}

/// Every TWRS script of the repository.
fn twrs_scripts() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec![root.join("diagrams/twrs.twixt")];
    for e in std::fs::read_dir(root.join("tests/fuzz_seeds/twrs_script")).unwrap() {
        out.push(e.unwrap().path());
    }
    out.sort();
    out
}

#[test]
fn open_and_save_unedited_is_what_fmt_writes_on_every_twrs_script() {
    let scripts = twrs_scripts();
    assert!(scripts.len() >= 4);
    for path in scripts {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let (canonical, games) =
            twixtkit::commands::canonical::canonical_text(&name, &text).unwrap();
        for i in 0..games {
            let mut doc = TwrsDocument::open(&name, &text, i, path.parent()).unwrap();
            assert_eq!(doc.script(), canonical, "{name}, game {}", i + 1);
            // To the end of the main line and back: still no edit.
            doc.apply(TwrsOp::End).unwrap();
            doc.apply(TwrsOp::Start).unwrap();
            assert_eq!(doc.script(), canonical);
            assert!(!doc.is_dirty());
            assert!(
                doc.position_at(doc.cursor()).is_ok(),
                "{name}, game {}",
                i + 1
            );
        }
    }
}

/// The game after two moves, as a file in a fresh folder.
fn twrs_file() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lines.twixt");
    std::fs::write(&file, GAME).unwrap();
    (dir, file)
}

#[test]
fn a_session_opens_a_twrs_file_edits_saves_and_restores_its_recovery_copy() {
    use twixtkit::editor::session::{Closed, Session, recovery_path};
    let (_dir, file) = twrs_file();
    let mut s = Session::open(&file, 1, false).unwrap();
    assert_eq!(s.doc.kind(), "twrs");
    assert!(s.draft.is_none() && s.doc.twixt().is_none());
    assert_eq!(s.text(), GAME);
    let doc = s.doc.twrs_mut().unwrap();
    doc.apply(TwrsOp::End).unwrap();
    play(doc, "1 b2-k2 x4");
    doc.apply(TwrsOp::Comment {
        text: "marks tower 4".into(),
    })
    .unwrap();
    let edited = format!("{GAME}3. 1 b2-k2 x4\n{{marks tower 4}}\n");
    assert_eq!(s.text(), edited);
    s.write_recovery().unwrap();
    assert!(s.doc.is_dirty());
    // Stopped unsaved: the recovery copy holds the edits; a new session
    // restores them.
    assert_eq!(s.close().unwrap(), Closed::Unsaved(recovery_path(&file)));
    let mut again = Session::open(&file, 1, false).unwrap();
    assert!(again.found_recovery);
    again.restore_recovery().unwrap();
    assert_eq!(again.text(), edited);
    assert!(again.doc.is_dirty());
    again.save(false).unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);
    assert!(!recovery_path(&file).exists() && !again.doc.is_dirty());
    // Reading it again gives the same text: what `fmt` writes.
    assert_eq!(
        twixtkit::commands::canonical::canonical_text("x", &edited)
            .unwrap()
            .0,
        edited
    );
}

#[test]
fn a_twrs_file_with_syntax_errors_is_refused_whole_with_its_place() {
    use twixtkit::editor::session::Session;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.twixt");
    std::fs::write(&file, "[Game \"twrs\"]\n1. 3 i3-g3\n(1. 3 i3-h3\n").unwrap();
    let e = Session::open(&file, 1, false).unwrap_err().to_string();
    assert!(e.contains("bad.twixt:"), "{e}");
    // Nothing was written.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn letters_of_a_comment_typed_together_are_one_undo_step() {
    let mut doc = open(GAME);
    doc.apply(TwrsOp::Next).unwrap();
    for text in ["a", "ab", "abc"] {
        doc.apply(TwrsOp::Comment { text: text.into() }).unwrap();
    }
    assert_eq!(doc.comment(), Some("abc"));
    doc.apply(TwrsOp::Undo).unwrap();
    assert_eq!(doc.comment(), None);
    assert_eq!(doc.script(), GAME);
}

mod over_http {
    use serde_json::{Value, json};

    use super::twrs_file;
    use crate::server::{get_bytes, parts, post, start};

    fn state(body: &str) -> Value {
        serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
    }

    #[test]
    fn the_server_plays_a_twrs_move_and_saves_and_refuses_what_twrs_has_not() {
        let (_dir, file) = twrs_file();
        let (base, token) = parts(&start(&file));
        let (s, body) = post(&base, &token, "/api/op", json!({"version": 0, "op": "end"}));
        assert_eq!(s, 200, "{body}");
        let v = state(&body);
        let st = &v["state"];
        assert_eq!(st["kind"], "twrs");
        assert_eq!(st["to_move"], "orange");
        assert_eq!(st["board"], json!([11, 11]));
        // The board as TWRS's drawing draws it, the last move ringed.
        let svg = st["svg"].as_str().unwrap();
        assert!(svg.contains("class=\"tower blue t2\""), "{svg}");
        assert!(svg.contains("class=\"ring last-move\""), "{svg}");
        assert!(svg.contains("cx=\"9\" cy=\"5\" r=\"0.5\""), "{svg}");
        // The tree numbered as the script writes it.
        let tree = st["tree"].as_str().unwrap().replace("&nbsp;", " ");
        assert!(tree.contains(">2. 2 j10-j6</span>"), "{tree}");
        // Tower 1 from b2 may go to k2 and mark tower 4 from there.
        let t1 = st["twrs"]["towers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["number"] == 1)
            .unwrap();
        assert_eq!(t1["at"], "b2");
        let k2 = t1["to"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d[0] == "k2")
            .unwrap();
        assert!(k2[1].as_array().unwrap().contains(&json!("x4")), "{k2}");
        assert_eq!(st["twrs"]["stones_left"], 37);
        // A move the engine refuses: 200, its reason, nothing changed.
        let (s, body) = post(
            &base,
            &token,
            "/api/op",
            json!({"version": 0, "op": "play", "mv": "2 j6-j4"}),
        );
        assert_eq!(s, 200);
        let v = state(&body);
        assert!(v["refused"].as_str().unwrap().contains("tower"), "{body}");
        assert_eq!(v["state"]["version"], 0);
        // The move, then a comment.
        let (_, body) = post(
            &base,
            &token,
            "/api/op",
            json!({"version": 0, "op": "play", "mv": "1 b2-k2 x4"}),
        );
        let v = state(&body);
        assert!(v["refused"].is_null(), "{body}");
        assert_eq!(v["state"]["to_move"], "blue");
        let version = v["state"]["version"].as_u64().unwrap();
        let (_, body) = post(
            &base,
            &token,
            "/api/op",
            json!({"version": version, "op": "comment", "text": "marks tower 4"}),
        );
        let v = state(&body);
        assert_eq!(v["state"]["comment"], "marks tower 4");
        let version = v["state"]["version"].as_u64().unwrap();
        // What a TWRS game has not: TwixT's edits, the prover, the book
        // preview, refused with 422 and why.
        for op in [
            json!({"version": version, "op": "glyph", "glyph": "!"}),
            json!({"version": version, "op": "swap"}),
            json!({"version": version, "op": "label", "hole": "c3", "text": "A"}),
            json!({"version": version, "op": "setup-peg", "hole": "c3", "player": "red"}),
        ] {
            let (s, body) = post(&base, &token, "/api/op", op.clone());
            assert_eq!(s, 422, "{op}: {body}");
            assert!(body.contains("is an edit of TwixT games"), "{body}");
        }
        let (s, body) = post(
            &base,
            &token,
            "/api/op",
            json!({"version": version, "op": "play", "hole": "c3"}),
        );
        assert_eq!(s, 422, "{body}");
        assert!(
            body.starts_with("refused: not a request the editor takes: missing field `mv`"),
            "{body}"
        );
        let (s, body) = post(
            &base,
            &token,
            "/api/prove",
            json!({"version": version, "moves": 2, "seconds": 1}),
        );
        assert_eq!((s, body.contains("TWRS")), (422, true), "{body}");
        let (s, _, body) = get_bytes(&base, Some(&token), "/api/book");
        let body = String::from_utf8(body).unwrap();
        assert_eq!(s, 422, "{body}");
        assert!(body.contains("twixt book"), "{body}");
        // Nothing of that changed the document; saving writes the move and
        // the comment, as `fmt` writes them.
        let (_, body) = post(&base, &token, "/api/save", json!({}));
        assert!(
            state(&body)["notice"]
                .as_str()
                .unwrap()
                .starts_with("saved")
        );
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            format!("{}3. 1 b2-k2 x4\n{{marks tower 4}}\n", super::GAME)
        );
    }
}
