//! `twixt check FOLDER` on folders a download or an archive can contain:
//! links back to a parent folder and pipes named like game files must not
//! make it run forever.
#![cfg(unix)]

use std::fs;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn check_ends_on_folder_loops_and_pipes() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    fs::create_dir_all(games.join("sub")).unwrap();
    fs::write(games.join("sub/a.txt"), "1. f6 2. g8\n").unwrap();
    // A link back to the top: followed, the walk would never end.
    std::os::unix::fs::symlink(&games, games.join("sub/loop")).unwrap();
    // A pipe named like a game: reading it would wait for ever.
    let fifo = Command::new("mkfifo")
        .arg(games.join("pipe.twixt"))
        .status()
        .is_ok_and(|s| s.success());
    let t = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(tmp.path())
        .args(["check", "games"])
        .output()
        .unwrap();
    assert!(t.elapsed() < Duration::from_secs(30));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains("checked 1 game in 1 file"),
        "{out} (pipe made: {fifo})"
    );
}

/// A link inside a folder that leads outside it is not read by a folder
/// walk (`check`, `view`): a warning names the link, the file it points to
/// is never quoted, and links that stay inside are read as before.
#[test]
fn a_link_out_of_the_folder_is_skipped_with_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = tmp.path().join("secret.txt");
    fs::write(&outside, "root:x:0:0:secret-line\n").unwrap();
    let vf = tmp.path().join("vf");
    fs::create_dir(&vf).unwrap();
    fs::write(vf.join("game.twixt"), "1. f6 2. g8\n").unwrap();
    std::os::unix::fs::symlink(&outside, vf.join("pw.txt")).unwrap();
    std::os::unix::fs::symlink("game.twixt", vf.join("same.twixt")).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_twixt"))
            .current_dir(tmp.path())
            .args(args)
            .output()
            .unwrap()
    };
    for args in [&["check", "vf"][..], &["view", "vf", "-o", "page.html"]] {
        let o = run(args);
        let out = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(o.status.code(), Some(0), "{args:?}: {out}");
        assert!(
            out.contains(
                "warning: vf/pw.txt: a link that leads outside the folder searched; not read"
            ),
            "{args:?}: {out}"
        );
        assert!(!out.contains("secret-line"), "{args:?}: {out}");
    }
    let report = String::from_utf8_lossy(&run(&["check", "vf"]).stdout).into_owned();
    assert!(report.contains("checked 2 games in 2 files"), "{report}");
    let page = fs::read_to_string(tmp.path().join("page.html")).unwrap();
    assert!(!page.contains("secret-line"));
}

/// A folder walk passes over hidden entries and cache folders (a
/// `CACHEDIR.TAG`, as in Cargo's `target`), and a zip's hidden members; a
/// hidden folder named on the command line is read. A tag that is a pipe
/// is not waited on.
#[test]
fn a_walk_leaves_out_hidden_entries_and_cache_folders() {
    let tmp = tempfile::tempdir().unwrap();
    let games = tmp.path().join("games");
    let bad = "1. f6 2. f6\n";
    for d in ["kept", ".git", "target", "piped"] {
        fs::create_dir_all(games.join(d)).unwrap();
    }
    fs::write(games.join("kept/a.twixt"), "1. f6 2. g8\n").unwrap();
    fs::write(games.join(".hidden.twixt"), bad).unwrap();
    fs::write(games.join(".git/b.twixt"), bad).unwrap();
    fs::write(games.join("target/c.twixt"), bad).unwrap();
    fs::write(
        games.join("target/CACHEDIR.TAG"),
        "Signature: 8a477f597d28d172789f06886806bc55\n# a cache\n",
    )
    .unwrap();
    // A tag that is a pipe: the folder is walked, without waiting on it.
    let fifo = Command::new("mkfifo")
        .arg(games.join("piped/CACHEDIR.TAG"))
        .status()
        .is_ok_and(|s| s.success());
    fs::write(games.join("piped/d.twixt"), "1. f6 2. g8\n").unwrap();
    let zip = fs::File::create(games.join("set.zip")).unwrap();
    let mut z = zip::ZipWriter::new(zip);
    let opts = zip::write::SimpleFileOptions::default();
    for (name, text) in [
        ("e.twixt", "1. f6 2. g8\n"),
        ("__MACOSX/._e.twixt", "\u{0}\u{5}\u{16}\u{7}"),
        (".cache/f.twixt", bad),
    ] {
        z.start_file(name, opts).unwrap();
        std::io::Write::write_all(&mut z, text.as_bytes()).unwrap();
    }
    z.finish().unwrap();
    let run = |path: &str| {
        let t = Instant::now();
        let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .current_dir(tmp.path())
            .args(["check", path])
            .output()
            .unwrap();
        assert!(t.elapsed() < Duration::from_secs(30));
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
        )
    };
    let (code, out) = run("games");
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("checked 3 games in 3 files: 0 errors"),
        "{out} (pipe made: {fifo})"
    );
    // Named, a hidden folder is read.
    let (code, out) = run("games/.git");
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("checked 1 game in 1 file: 1 error"), "{out}");
}
