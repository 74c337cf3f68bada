//! Script files read a window at a time: the same games and errors, with
//! the same lines, as a whole-file parse, wherever the windows cut; a file
//! over the old 64 MiB limit is checked in bounded memory. (Own test binary:
//! the memory figure is the largest of this process's children.)
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::io::Write;
use std::path::Path;
use std::process::Command;

use twixtkit::script::stream::GameStream;
use twixtkit::script::{Piece, parse_pieces, write_game};

/// A piece as text: the game in canonical form with its line, or the error
/// with its place.
fn describe(p: &Piece) -> String {
    match &p.game {
        Ok(g) => format!("game at {}:\n{}", g.span.line, write_game(g)),
        Err(e) => format!("error at {}:{}: {}", e.span.line, e.span.col, e.message),
    }
}

fn streamed(text: &str, window: usize) -> Vec<String> {
    GameStream::with_window(text.as_bytes(), window)
        .flat_map(|w| {
            let w = w.unwrap();
            w.pieces.iter().map(describe).collect::<Vec<_>>()
        })
        .collect()
}

fn scripts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in [
        "diagrams",
        "examples",
        "tests/bad_inputs",
        "tests/fuzz_seeds/script_parse",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries {
            let path = e.unwrap().path();
            // Text every reader refuses before parsing (a noncharacter, a
            // second byte-order mark) has no windows to compare.
            if let Ok(text) = std::fs::read_to_string(&path)
                && (path.extension().is_some_and(|x| x == "twixt") || dir.contains("fuzz"))
                && twixtkit::limits::first_noncharacter(text.as_bytes()).is_none()
                && !text.starts_with("\u{FEFF}\u{FEFF}")
            {
                out.push((path.display().to_string(), text));
            }
        }
    }
    // Several games, with errors between them, comments holding `[`, remarks
    // before headers.
    out.push((
        "mixed".into(),
        "[Title \"a\"]\n1. f6 {a [comment\n[not a tag]} 2. g8\n\n% note\n[Title \"b\"]\n1. f6 2. zz99\n\n[Title \"c\"]\n1. c3 (1. d4\n[Title \"d\"]\n1. e5\n".repeat(7),
    ));
    out
}

#[test]
fn windows_give_the_games_of_a_whole_file_parse() {
    let all = scripts();
    assert!(all.len() > 10);
    for (name, text) in &all {
        let whole: Vec<String> = parse_pieces(text, 1).iter().map(describe).collect();
        for window in [1, 17, 64, 200, 1000, 1 << 20] {
            assert_eq!(streamed(text, window), whole, "{name}, window {window}");
        }
    }
}

#[test]
fn a_byte_order_mark_and_bad_utf8_are_handled() {
    let text = "\u{FEFF}[Title \"a\"]\n1. f6\n";
    assert_eq!(streamed(text, 8).len(), 1);
    let mut bytes = b"[Title \"a\"]\n1. f6\n\n[Title \"Caf".to_vec();
    bytes.push(0xE9);
    bytes.extend_from_slice(b"\"]\n1. f6\n");
    let last = GameStream::with_window(&bytes[..], 8).last().unwrap();
    let e = last.unwrap_err().to_string();
    assert!(e.contains("0xE9"), "{e}");
}

/// The largest resident set of the children this process has waited for.
fn children_max_rss_kib() -> i64 {
    // SAFETY: getrusage writes the struct it is given and nothing else.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage.ru_maxrss
    }
}

#[test]
fn a_file_over_the_old_limit_is_checked_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.twixt");
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args([
            "random", "--seed", "7", "--games", "100", "--size", "24", "-o",
        ])
        .arg(&one)
        .output()
        .unwrap();
    assert!(o.status.success());
    let game_text = std::fs::read(&one).unwrap();
    // About 80 MB: over the 64 MiB a whole file may hold. A broken game in
    // the middle is reported with its line, and the rest is still checked.
    let big = dir.path().join("big.twixt");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&big).unwrap());
    let copies = 80_000_000 / game_text.len() + 1;
    let mut line = 1;
    let mut broken_line = 0;
    for i in 0..copies {
        if i == copies / 2 {
            broken_line = line;
            f.write_all(b"[Title \"broken\"]\n1. f6 2. f6\n\n").unwrap();
            line += 3;
        }
        f.write_all(&game_text).unwrap();
        line += game_text.iter().filter(|&&b| b == b'\n').count();
    }
    drop(f);
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["check", "-q"])
        .arg(&big)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{}", &out[..out.len().min(2000)]);
    assert!(
        out.contains(&format!("big.twixt:{}:", broken_line + 1)) && out.contains("f6 is occupied"),
        "{}",
        &out[..out.len().min(2000)]
    );
    let games = copies * 100 + 1;
    assert!(
        out.ends_with(&format!(
            "checked {games} games in 1 file: 1 error, 0 warnings\n"
        )),
        "{}",
        &out[out.len().saturating_sub(500)..]
    );
    let peak_mib = children_max_rss_kib() / 1024;
    assert!(peak_mib < 100, "peak memory {peak_mib} MiB");
}

#[test]
fn standard_input_over_the_old_limit_is_streamed_plain_or_gzipped() {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["random", "--seed", "3", "--games", "100"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let game_text = o.stdout;
    // About 70 MB through a pipe: more than a whole file may hold.
    let copies = 70_000_000 / game_text.len() + 1;
    let run = |gzip: bool| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .args(["check", "-q", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let text = game_text.clone();
        let writer = std::thread::spawn(move || {
            if gzip {
                let mut z = flate2::write::GzEncoder::new(stdin, flate2::Compression::fast());
                for _ in 0..copies {
                    z.write_all(&text).unwrap();
                }
                z.finish().unwrap();
            } else {
                for _ in 0..copies {
                    stdin.write_all(&text).unwrap();
                }
            }
        });
        let o = child.wait_with_output().unwrap();
        writer.join().unwrap();
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(0), "{out}");
        assert_eq!(
            out,
            format!(
                "checked {} games in 1 file: 0 errors, 0 warnings\n",
                copies * 100
            )
        );
    };
    run(false);
    run(true);
    let peak_mib = children_max_rss_kib() / 1024;
    assert!(peak_mib < 100, "peak memory {peak_mib} MiB");
}
