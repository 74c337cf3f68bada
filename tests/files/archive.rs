//! Zip archives of game files read as folders, and hostile archives built
//! here: a zip bomb, a member larger than the input limit, names that try
//! to leave the archive, more members than the limit.

use std::io::Write as _;
use std::path::Path;
use std::process::Command;

use zip::write::SimpleFileOptions;

fn twixt(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    let out = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), out)
}

/// An archive at `path` holding `members` (name, bytes), deflated.
fn archive(path: &Path, members: &[(&str, &[u8])]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    for (name, bytes) in members {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

const GAME: &[u8] = b"(;FF[4]EV[e]PB[Ann]PW[Bob]SZ[24];b[ch];r[swap];b[jj];r[jo];b[resign])";

#[test]
fn an_archive_of_games_reads_as_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    archive(
        &dir.path().join("games.zip"),
        &[
            ("round1/g1.tsgf", GAME),
            ("round1/g2.txt", b"1.f6 2.g8 3.h10\n"),
            ("readme.html", b"<p>not a game</p>"),
            ("g3.twixt", b"1. f6 2. swap 3. m16\n"),
        ],
    );
    let (code, out) = twixt(dir.path(), &["check", "games.zip"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("checked 3 games in 3 files"), "{out}");
    // A member is a game file of its own for every command.
    let (code, out) = twixt(dir.path(), &["show", "games.zip/round1/g1.tsgf"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Ann – Bob"), "{out}");
    let (code, out) = twixt(
        dir.path(),
        &[
            "convert",
            "games.zip/round1/g2.txt",
            "--to",
            "sgf",
            "-o",
            "-",
        ],
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains(";W[f6];B[g8];W[h10]"), "{out}");
    let (code, out) = twixt(dir.path(), &["show", "games.zip/round1/none.tsgf"]);
    assert_ne!(code, Some(0), "{out}");
    assert!(out.contains("no such member in the archive"), "{out}");
}

#[test]
fn hostile_archives_are_refused_at_their_members() {
    let dir = tempfile::tempdir().unwrap();
    // 2 MiB of one byte packs about a thousand times: a zip bomb.
    let bomb = vec![b' '; 2 << 20];
    // 65 MiB: over the input limit whatever its ratio.
    let huge = vec![b'\n'; 65 << 20];
    archive(
        &dir.path().join("hostile.zip"),
        &[
            ("good.tsgf", GAME),
            ("bomb.tsgf", &bomb),
            ("huge.txt", &huge),
            ("../escape.tsgf", GAME),
            ("/etc/absolute.tsgf", GAME),
        ],
    );
    let (code, out) = twixt(dir.path(), &["check", "hostile.zip"]);
    assert_ne!(code, Some(0), "{out}");
    assert!(out.contains("checked 1 game"), "{out}");
    assert!(
        out.contains("hostile.zip/bomb.tsgf") && out.contains("more than 100 times: a zip bomb"),
        "{out}"
    );
    assert!(
        out.contains("hostile.zip/huge.txt") && out.contains("more than the limit of 64 MiB"),
        "{out}"
    );
    for name in ["../escape.tsgf", "/etc/absolute.tsgf"] {
        assert!(
            out.contains(&format!(
                "{name}: a name that leads out of the archive (absolute, or with `..`); not read"
            )),
            "{name}: {out}"
        );
    }
    // Nothing was unpacked beside the archive.
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
    assert!(!dir.path().parent().unwrap().join("escape.tsgf").exists());
}

#[test]
fn an_archive_with_more_members_than_the_limit_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.zip");
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for i in 0..=twixtkit::limits::MAX_ZIP_ENTRIES {
        zip.start_file(format!("{i}.txt"), options).unwrap();
    }
    zip.finish().unwrap();
    let (code, out) = twixt(dir.path(), &["check", "many.zip"]);
    assert_ne!(code, Some(0), "{out}");
    assert!(
        out.contains("the archive holds 100001 members, more than the limit of 100000"),
        "{out}"
    );
}

#[test]
fn a_damaged_archive_is_a_file_with_errors_to_every_command() {
    // Exit 1 as for any file whose content is wrong (a damaged gzip file,
    // text that is no UTF-8), from the archive and from one of its members
    // alike; a path that does not exist stays exit 2.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("damaged.zip"), b"PK\x03\x04 not an archive").unwrap();
    std::fs::write(dir.path().join("g.tsgf"), GAME).unwrap();
    for args in [
        &["check", "damaged.zip"][..],
        &["check", "damaged.zip", "g.tsgf"],
        &["show", "damaged.zip/round1/g1.tsgf"],
        &["view", "damaged.zip", "-o", "page.html"],
        &["book", "damaged.zip", "-o", "book.html"],
    ] {
        let (code, out) = twixt(dir.path(), args);
        assert_eq!(code, Some(1), "{args:?}: {out}");
        assert!(
            out.contains("not a readable zip archive"),
            "{args:?}: {out}"
        );
    }
    assert!(!dir.path().join("page.html").exists());
    assert!(!dir.path().join("book.html").exists());
    let (code, out) = twixt(dir.path(), &["check", "missing.zip"]);
    assert_eq!(code, Some(2), "{out}");
}

#[test]
fn a_book_of_an_archive_is_a_booklet_of_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let other = String::from_utf8_lossy(GAME).replace("Ann", "Cid");
    archive(
        &dir.path().join("club.zip"),
        &[("r2/g10.tsgf", other.as_bytes()), ("r1/g2.tsgf", GAME)],
    );
    let (code, out) = twixt(dir.path(), &["book", "club.zip", "-o", "club.html"]);
    assert_eq!(code, Some(0), "{out}");
    let html = std::fs::read_to_string(dir.path().join("club.html")).unwrap();
    // One chapter a game, in the archive's order of folders.
    let first = html.find("<h2>Ann – Bob").expect("r1's game is a chapter");
    let second = html.find("<h2>Cid – Bob").expect("r2's game is a chapter");
    assert!(first < second, "{html}");
}
