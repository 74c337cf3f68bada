//! Commands that stream large scripts stay within 100 MB of memory on files
//! over the 64 MiB a whole file may hold. Alone in their test binary: a
//! child's peak can count the memory of the process that started it, so no
//! other test may grow this one.
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Output};

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn random_script(path: &Path, seed: &str, games: &str) {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["random", "--seed", seed, "--games", games, "-o"])
        .arg(path)
        .output()
        .unwrap();
    assert!(o.status.success());
}

fn fmt(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .arg("fmt")
        .arg(path)
        .output()
        .unwrap()
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
fn a_file_over_the_old_limit_is_formatted_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.twixt");
    random_script(&one, "7", "100");
    // About 80 MB with CRLF line endings: over the 64 MiB a whole file may
    // hold, and not canonical.
    let game_text = std::fs::read_to_string(&one).unwrap().replace('\n', "\r\n");
    let big = dir.path().join("big.twixt");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&big).unwrap());
    let copies = 80_000_000 / game_text.len() + 1;
    for i in 0..copies {
        if i > 0 {
            f.write_all(b"\r\n").unwrap();
        }
        f.write_all(game_text.as_bytes()).unwrap();
    }
    drop(f);
    let o = fmt(&big);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("1 file rewritten"), "{err}");
    let peak_mib = children_max_rss_kib() / 1024;
    assert!(peak_mib < 100, "peak memory {peak_mib} MiB");
    // The canonical text: the same games with LF line endings.
    let out = std::fs::read(&big).unwrap();
    let lf = game_text.replace("\r\n", "\n");
    assert_eq!(out.len(), copies * lf.len() + (copies - 1));
    assert!(out.starts_with(lf.as_bytes()) && out.ends_with(lf.as_bytes()));
    assert!(out.iter().all(|&b| b != b'\r'));
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["fmt", "--check"])
        .arg(&big)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_script_over_the_old_limit_converts_in_bounded_memory() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["random", "--seed", "7", "--games", "100", "-o", "one.twixt"],
        dir.path(),
    );
    assert!(o.status.success());
    let one = std::fs::read(dir.path().join("one.twixt")).unwrap();
    // About 80 MB: over the 64 MiB a whole file may hold.
    let mut f =
        std::io::BufWriter::new(std::fs::File::create(dir.path().join("big.twixt")).unwrap());
    let copies = 80_000_000 / one.len() + 1;
    for i in 0..copies {
        if i > 0 {
            f.write_all(b"\n").unwrap();
        }
        f.write_all(&one).unwrap();
    }
    drop(f);
    let o = twixt(&["convert", "big.twixt", "-o", "big.moves"], dir.path());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains(&format!("wrote big.moves ({} games)", copies * 100)),
        "{err}"
    );
    let peak_mib = children_max_rss_kib() / 1024;
    assert!(peak_mib < 100, "peak memory {peak_mib} MiB");
    // Each game once per copy, as the small file converts.
    let small = twixt(
        &["convert", "one.twixt", "-o", "-", "--to", "moves"],
        dir.path(),
    );
    assert!(small.status.success());
    let out = std::fs::read(dir.path().join("big.moves")).unwrap();
    assert_eq!(out.len(), copies * small.stdout.len() + (copies - 1));
    assert!(out.starts_with(&small.stdout) && out.ends_with(&small.stdout));
}
