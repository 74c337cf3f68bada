//! Opening a script and saving it unedited writes exactly what `twixt fmt`
//! writes, for every script of the repository and the shared records; and
//! random edit sequences always save a script that reopens as the same tree.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use twixtkit::commands::canonical::canonical_text;
use twixtkit::editor::model::{Document, Op};
use twixtkit::editor::session::Session;

use crate::common::shared_games;

fn scripts_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            scripts_under(&p, out);
        } else if p.extension().is_some_and(|x| x == "twixt") {
            out.push(p);
        }
    }
}

/// Opens `path` (a copy of it) in the editor, saves it, and compares with
/// its canonical text; a script the editor refuses must be one `fmt`
/// refuses too (syntax errors, noncharacters), or a TWRS script. Returns whether it opened.
fn open_save_is_fmt(path: &Path) -> bool {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(_) => return false,
    };
    // `twixt fmt` reads files through the reader that refuses noncharacters
    // before it formats; `canonical_text` works on text already read.
    let canonical = match twixtkit::limits::first_noncharacter(text.as_bytes()) {
        Some((_, c)) => Err(format!("holds the noncharacter {c:?}")),
        None => canonical_text("x", &text)
            .map(|(t, _)| t)
            .map_err(|e| e.to_string()),
    };
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join(path.file_name().unwrap());
    std::fs::write(&copy, &text).unwrap();
    match Session::open(&copy, 1, false) {
        Ok(mut s) => {
            s.save(false).unwrap();
            let saved = std::fs::read_to_string(&copy).unwrap();
            if s.draft.is_some() {
                // Lenient mode (syntax errors): the text is saved as it was.
                assert!(canonical.is_err(), "{} opened leniently", path.display());
                assert_eq!(saved, text, "{}", path.display());
                return false;
            }
            assert_eq!(Ok(saved), canonical, "{}", path.display());
            assert!(!twixtkit::editor::session::recovery_path(&copy).exists());
            true
        }
        Err(e) => {
            let m = e.to_string();
            assert!(
                canonical.is_err() || m.contains("TWRS"),
                "{} refused but fmt takes it: {m}",
                path.display()
            );
            false
        }
    }
}

#[test]
fn open_and_save_unedited_is_fmt_on_every_script_of_the_repository() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for d in ["examples", "diagrams", "tests"] {
        scripts_under(&root.join(d), &mut files);
    }
    assert!(files.len() > 20, "scripts found: {}", files.len());
    let opened = files.iter().filter(|f| open_save_is_fmt(f)).count();
    assert!(opened > 20, "opened {opened} of {}", files.len());
}

#[test]
fn open_and_save_unedited_is_fmt_on_the_shared_records() {
    let Some(dir) = shared_games() else { return };
    let mut files = Vec::new();
    scripts_under(&dir, &mut files);
    for f in &files {
        open_save_is_fmt(f);
    }
}

#[test]
fn a_new_file_is_made_on_save_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.twixt");
    let mut s = Session::open(&path, 1, false).unwrap();
    assert!(!path.exists());
    s.doc
        .twixt_mut()
        .unwrap()
        .apply(Op::Play { hole: "f6".into() })
        .unwrap();
    s.write_recovery().unwrap();
    assert!(!path.exists());
    s.save(false).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[Size \"24\"]\n[Rules \"pencil\"]\n\n1. f6\n"
    );
}

/// What another program puts in the edited file's place is never written
/// through, nor waited on: a FIFO there is a change on disk seen at once,
/// and saving over it is refused, as over a device or a link to another
/// file; a FIFO or device as the recovery copy is refused, never written
/// into; a private file's recovery copy is private. Ran on the code before:
/// the FIFO hung every request, saving over a link to /dev/null said
/// "saved" and dropped the edits, and the copy of a 600 file was 644.
#[cfg(unix)]
#[test]
fn what_replaces_the_edited_file_is_never_written_through_or_waited_on() {
    use std::os::unix::fs::PermissionsExt;
    let fifo = |p: &Path| {
        assert!(
            std::process::Command::new("mkfifo")
                .arg(p)
                .status()
                .unwrap()
                .success()
        )
    };
    let edited = |path: &Path| {
        let mut s = Session::open(path, 1, false).unwrap();
        s.doc.twixt_mut().unwrap().apply(Op::End).unwrap();
        s.doc
            .twixt_mut()
            .unwrap()
            .apply(Op::Play { hole: "m12".into() })
            .unwrap();
        s
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.twixt");
    std::fs::write(&path, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let mut s = edited(&path);
    s.write_recovery().unwrap();
    let rec = twixtkit::editor::session::recovery_path(&path);
    let mode = std::fs::metadata(&rec).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "the recovery copy's mode: {mode:o}");
    // A FIFO in the file's place: seen as a change at once, not saved over.
    std::fs::rename(&path, dir.path().join("g.bak")).unwrap();
    fifo(&path);
    let start = std::time::Instant::now();
    assert!(s.changed_on_disk());
    let e = s.save(true).unwrap_err();
    assert!(start.elapsed().as_secs() < 10);
    assert!(e.to_string().contains("not a regular file"), "{e}");
    assert!(s.doc.is_dirty());
    // A link to a device, or to another file: refused too.
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/null", &path).unwrap();
    let e = s.save(true).unwrap_err();
    assert!(e.to_string().contains("not a regular file"), "{e}");
    std::fs::remove_file(&path).unwrap();
    std::fs::write(dir.path().join("other.txt"), "kept").unwrap();
    std::os::unix::fs::symlink("other.txt", &path).unwrap();
    let e = s.save(true).unwrap_err();
    assert!(e.to_string().contains("another file"), "{e}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("other.txt")).unwrap(),
        "kept"
    );
    assert!(s.doc.is_dirty());
    // A FIFO as the recovery copy: refused, not written into.
    std::fs::remove_file(&rec).unwrap();
    fifo(&rec);
    let start = std::time::Instant::now();
    let e = s.write_recovery().unwrap_err();
    assert!(start.elapsed().as_secs() < 10);
    assert!(e.to_string().contains("not a regular file"), "{e}");
}

#[test]
fn saving_refuses_a_read_only_file_and_a_file_changed_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.twixt");
    std::fs::write(&path, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let mut s = Session::open(&path, 1, false).unwrap();
    s.doc.twixt_mut().unwrap().apply(Op::End).unwrap();
    s.doc
        .twixt_mut()
        .unwrap()
        .apply(Op::Play { hole: "m12".into() })
        .unwrap();
    s.write_recovery().unwrap();
    // Another program writes the file: saving says so, and keeps the edits.
    std::fs::write(&path, "[Rules \"pencil\"]\n1. g7\n").unwrap();
    assert!(s.changed_on_disk());
    let e = s.save(false).unwrap_err();
    assert!(e.to_string().contains("changed on disk"), "{e}");
    assert!(s.doc.is_dirty());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[Rules \"pencil\"]\n1. g7\n"
    );
    // The recovery copy holds the edits.
    let rec = twixtkit::editor::session::recovery_path(&path);
    assert!(std::fs::read_to_string(&rec).unwrap().contains("2. m12"));
    // Read-only: refused without --force, even when overwriting.
    let mut perms = std::fs::metadata(&path).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).unwrap();
    let e = s.save(true).unwrap_err();
    assert!(e.to_string().contains("read-only"), "{e}");
    assert!(s.doc.is_dirty());
    let mut forced = Session::open(&path, 1, true).unwrap();
    forced.doc.twixt_mut().unwrap().apply(Op::End).unwrap();
    forced
        .doc
        .twixt_mut()
        .unwrap()
        .apply(Op::Play { hole: "m12".into() })
        .unwrap();
    forced.save(false).unwrap();
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .ends_with("1. g7 2. m12\n")
    );
}

#[test]
fn files_the_editor_cannot_write_back_whole_are_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let twrs = dir.path().join("t.twixt");
    // A TWRS game opens; one whose rule file lies outside its folder is
    // refused, naming the file.
    std::fs::write(&twrs, "[Game \"TWRS\"]\n").unwrap();
    assert_eq!(Session::open(&twrs, 1, false).unwrap().doc.kind(), "twrs");
    std::fs::write(&twrs, "[Game \"TWRS\"]\n[Rules \"../mine.yaml\"]\n").unwrap();
    let e = Session::open(&twrs, 1, false).unwrap_err().to_string();
    assert!(e.contains("t.twixt") && e.contains("mine.yaml"), "{e}");
    let one = dir.path().join("one.twixt");
    std::fs::write(&one, "1. f6\n").unwrap();
    let e = Session::open(&one, 2, false).unwrap_err().to_string();
    assert!(e.contains("no game 2"), "{e}");
}

fn op_strategy() -> impl Strategy<Value = Op> {
    let holes = prop::sample::select(vec![
        "f6", "m12", "g8", "l11", "h9", "k10", "e7", "j5", "n14", "d4",
    ]);
    let text = "[a-z{}()%#\\\\ ]{0,12}";
    prop_oneof![
        4 => holes.clone().prop_map(|h| Op::Play { hole: h.into() }),
        2 => Just(Op::Previous),
        1 => Just(Op::Next),
        1 => Just(Op::Start),
        1 => Just(Op::End),
        1 => Just(Op::Up),
        1 => Just(Op::Down),
        1 => Just(Op::Promote),
        1 => Just(Op::MakeMain),
        1 => Just(Op::Delete),
        1 => Just(Op::Swap),
        1 => text.prop_map(|t| Op::Comment { text: t }),
        1 => prop::sample::select(vec!["!", "?", "!!", "??", "!?", "?!"])
            .prop_map(|g| Op::Glyph { glyph: Some(g.into()) }),
        1 => (holes.clone(), "[a-c1-3X]").prop_map(|(h, t)| Op::Label { hole: h.into(), text: t }),
        1 => (holes.clone(), holes.clone()).prop_map(|(a, b)| Op::Arrow { from: a.into(), to: b.into() }),
        1 => holes.clone().prop_map(|h| Op::ClearMarks { hole: h.into() }),
        1 => (holes.clone(), holes).prop_map(|(a, b)| Op::Crop { from: Some(a.into()), to: Some(b.into()) }),
        1 => Just(Op::Undo),
        1 => Just(Op::Redo),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_edits_save_a_script_that_reopens_as_the_same_tree(ops in prop::collection::vec(op_strategy(), 1..60)) {
        let parsed = twixtkit::script::parse("[Rules \"pencil\"]\n1. f6 2. m12 (2. l11) 3. g8\n");
        let mut d = Document::new(parsed.file, 0, None).unwrap();
        for op in ops {
            let before = d.script();
            if d.apply(op).is_err() {
                prop_assert_eq!(d.script(), before);
            }
            // Every state can be drawn: the cursor names a node.
            let _ = twixtkit::editor::view::state(&d);
        }
        let text = d.script();
        let again = twixtkit::script::parse(&text);
        prop_assert!(again.errors.is_empty(), "{text}");
        prop_assert_eq!(&again.file.games[0], d.game());
        prop_assert_eq!(twixtkit::script::write_file(&again.file), text);
    }
}

#[test]
fn a_file_with_syntax_errors_opens_leniently_and_saving_keeps_its_text() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.twixt");
    let text = "[Rules \"pencil\"]\n1. f6 2. m12\n3. g8 4. (\n\n[Title \"two\"]\n1. c3\n";
    std::fs::write(&bad, text).unwrap();
    let mut s = Session::open(&bad, 1, false).unwrap();
    let draft = s.draft.clone().expect("lenient mode");
    assert_eq!(draft.text, text);
    let e = &draft.errors[0];
    assert_eq!(e.line, 3, "{e:?}");
    // What could be read: the moves before the error.
    let read: Vec<String> = s
        .doc
        .twixt()
        .unwrap()
        .game()
        .main_moves()
        .map(|m| twixtkit::script::move_text(&m.mv))
        .collect();
    assert_eq!(read, ["f6", "m12", "g8"]);
    // Steps through what was read are fine; edits wait for the fix.
    s.doc.twixt_mut().unwrap().apply(Op::End).unwrap();
    // Saving writes the text as it stands: nothing unread is lost.
    s.set_source(text.replace("4. (", "(3. h9)")).unwrap();
    assert!(s.draft.is_none(), "{:?}", s.draft);
    s.doc.twixt_mut().unwrap().apply(Op::Start).unwrap();
    s.doc.twixt_mut().unwrap().apply(Op::Next).unwrap();
    s.doc
        .twixt_mut()
        .unwrap()
        .apply(Op::Comment {
            text: "fixed".into(),
        })
        .unwrap();
    s.save(false).unwrap();
    let saved = std::fs::read_to_string(&bad).unwrap();
    assert!(
        saved.starts_with("[Rules \"pencil\"]\n\n1. f6 {fixed} 2. m12 3. g8"),
        "{saved}"
    );
    assert!(saved.contains("[Title \"two\"]"), "{saved}");
}

#[test]
fn saving_in_lenient_mode_writes_the_text_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.twixt");
    let text = "% a remark\n[Rules \"pencil\"]\n1. f6 2. )\n\n[Title \"unread\"]\n1. c3 {kept}\n";
    std::fs::write(&bad, text).unwrap();
    let mut s = Session::open(&bad, 1, false).unwrap();
    assert!(s.draft.is_some());
    s.save(false).unwrap();
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), text);
    // A fix that still has an error stays lenient, with the new error.
    s.set_source("[Rules \"pencil\"]\n1. f6\n2. zz\n".into())
        .unwrap();
    let d = s.draft.clone().unwrap();
    assert_eq!(d.errors[0].line, 3, "{d:?}");
    assert_eq!(s.text(), "[Rules \"pencil\"]\n1. f6\n2. zz\n");
}

#[test]
fn closing_keeps_unsaved_edits_in_the_recovery_copy_and_removes_it_when_saved() {
    use twixtkit::editor::session::{Closed, recovery_path};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6\n").unwrap();
    let rec = recovery_path(&file);
    let mut s = Session::open(&file, 1, false).unwrap();
    assert_eq!(s.close().unwrap(), Closed::Clean);
    s.doc.twixt_mut().unwrap().apply(Op::End).unwrap();
    s.doc
        .twixt_mut()
        .unwrap()
        .apply(Op::Play { hole: "m12".into() })
        .unwrap();
    assert_eq!(s.close().unwrap(), Closed::Unsaved(rec.clone()));
    assert!(std::fs::read_to_string(&rec).unwrap().contains("2. m12"));
    s.save(false).unwrap();
    assert!(!rec.exists());
    assert_eq!(s.close().unwrap(), Closed::Clean);
    // An earlier session's copy, not opened, is kept at a clean exit.
    std::fs::write(&rec, "[Rules \"pencil\"]\n1. f6 2. m12 3. g8\n").unwrap();
    let s = Session::open(&file, 1, false).unwrap();
    assert_eq!(s.close().unwrap(), Closed::EarlierCopyKept(rec.clone()));
    assert!(rec.exists());
}
