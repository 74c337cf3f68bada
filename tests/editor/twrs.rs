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
