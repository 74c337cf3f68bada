//! Every documented limit (`src/base/limits.rs`, `docs/limits.md`) gives a clear
//! error when exceeded, and time stays linear in the input size.

use std::time::{Duration, Instant};

use twixt_core::rules::RuleSet;
use twixtkit::limits;
use twixtkit::replay::replay;
use twixtkit::script::parse;

/// Many short games of numbered moves with comments, `n` bytes or more.
fn moves_text(n: usize) -> String {
    let mut s = String::with_capacity(n + 200);
    let mut game = 0;
    while s.len() < n {
        game += 1;
        s.push_str(&format!("[Title \"g{game}\"]\n[Size \"24\"]\n\n"));
        for i in 0..200u32 {
            let col = (b'b' + (i % 22) as u8) as char;
            let row = 2 + i / 22;
            s.push_str(&format!("{}. {col}{row} {{c}} ", i + 1));
        }
        s.push_str("\n\n");
    }
    s
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed())
}

/// The first error message of a parse, which must exist.
fn first_error(src: &str) -> String {
    let p = parse(src);
    p.errors
        .first()
        .unwrap_or_else(|| panic!("no error"))
        .message
        .clone()
}

#[test]
fn parse_time_is_linear() {
    let small = moves_text(1 << 19);
    let big = moves_text(4 << 19);
    let (p1, t1) = time(|| parse(&small));
    let (p2, t2) = time(|| parse(&big));
    assert!(p1.errors.is_empty() && p2.errors.is_empty());
    eprintln!("0.5 MiB: {t1:?}, 2 MiB: {t2:?}");
    // Four times the input may cost at most ~10 times the time (noise on a
    // shared machine); the quadratic parser this guards against took 16.
    assert!(
        t2 < t1 * 10 + Duration::from_millis(300),
        "{t1:?} vs {t2:?}"
    );
}

/// Optimised builds (CI runs `cargo test --release`): 20 MB in seconds.
#[cfg(not(debug_assertions))]
#[test]
fn twenty_megabytes_parse_in_under_ten_seconds() {
    let text = moves_text(20 << 20);
    let (p, t) = time(|| parse(&text));
    assert!(p.errors.is_empty());
    eprintln!("20 MiB: {t:?}");
    assert!(t < Duration::from_secs(10), "{t:?}");
    // Memory: the tree holds one element per move or comment, no more.
    let elements: usize = p.file.games.iter().map(|g| g.line.elements.len()).sum();
    assert!(elements < text.len() / 4, "{elements} elements");
}

#[test]
fn too_many_games_in_a_file() {
    let text = "[Size \"5\"]\n\n1. c3\n\n".repeat(limits::MAX_GAMES_PER_FILE + 1);
    let p = parse(&text);
    assert_eq!(p.file.games.len(), limits::MAX_GAMES_PER_FILE);
    assert_eq!(p.errors.len(), 1);
    assert_eq!(
        p.errors[0].message,
        "more than 100000 games in one file: split the file"
    );
    // The same for move lists.
    let ml = "1. c3\n\n".repeat(limits::MAX_GAMES_PER_FILE + 1);
    let e = twixtkit::formats::movelist::read(ml.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("more than 100000 games"), "{e}");
}

#[test]
fn too_many_moves_in_a_game() {
    let text = "f6 ".repeat(limits::MAX_MOVES_PER_GAME + 1);
    assert_eq!(first_error(&text), "more than 100000 moves in one game");
}

/// A TWRS game is held to the same limit, counted over all its lines (the
/// parser reads moves without replaying them, so any move line counts).
#[test]
fn too_many_moves_in_a_twrs_game() {
    let text = format!(
        "[Game \"twrs\"]\n{}",
        "6 d7-d10\n".repeat(limits::MAX_MOVES_PER_GAME + 1)
    );
    let (_, errors) = twixtkit::twrs::script::parse(&text);
    let first = errors.first().expect("an error");
    assert_eq!(first.message, "more than 100000 moves in one game");
    assert_eq!(first.line as usize, limits::MAX_MOVES_PER_GAME + 2);
}

#[test]
fn too_many_diagram_points_in_a_game() {
    let text = format!(
        "1. f6\n{}",
        "#diagram\n".repeat(limits::MAX_DIAGRAMS_PER_GAME + 1)
    );
    assert_eq!(
        first_error(&text),
        "more than 1000 diagram points in one game"
    );
    let ok = format!(
        "1. f6\n{}",
        "#diagram\n".repeat(limits::MAX_DIAGRAMS_PER_GAME)
    );
    assert!(parse(&ok).errors.is_empty());
}

#[test]
fn too_many_variations_in_a_game() {
    let text = format!(
        "1. f6 {}",
        "(1. g6) ".repeat(limits::MAX_VARIATIONS_PER_GAME + 1)
    );
    assert_eq!(first_error(&text), "more than 10000 variations in one game");
}

#[test]
fn a_game_at_every_limit_replays_in_bounded_time() {
    // The largest board, the most variations and diagram points: each
    // variation starts from a copy of the position, each diagram keeps one.
    // Unoptimised test builds try a tenth of it.
    let scale = if cfg!(debug_assertions) { 10 } else { 1 };
    let diagrams = limits::MAX_DIAGRAMS_PER_GAME / scale;
    let variations = limits::MAX_VARIATIONS_PER_GAME / scale;
    let mut text = String::from("[Size \"128\"]\n\n1. f6 ");
    text.push_str(&"(1. g6 #diagram\n) ".repeat(diagrams));
    text.push_str(&"(1. g6) ".repeat(variations - diagrams));
    let p = parse(&text);
    assert!(p.errors.is_empty(), "{:?}", p.errors.first());
    let size = "128".parse().unwrap();
    let (r, t) = time(|| replay(&p.file.games[0], RuleSet::pencil().with_size(size)));
    eprintln!("replay at the limits: {t:?}");
    assert_eq!(r.diagrams.len(), diagrams);
    assert!(t < Duration::from_secs(30), "{t:?}");
}

#[test]
fn long_captions_and_labels_are_refused() {
    let long = "x".repeat(limits::MAX_TEXT_CHARS + 1);
    assert_eq!(
        first_error(&format!("1. f6\n#diagram caption=\"{long}\"\n")),
        "text of 1001 characters is longer than the limit of 1000"
    );
    assert_eq!(
        first_error(&format!("1. f6\n#diagram name={long}\n")),
        "text of 1001 characters is longer than the limit of 1000"
    );
    assert_eq!(
        first_error(&format!("1. f6\n#label g8 \"{long}\"\n")),
        "text of 1001 characters is longer than the limit of 1000"
    );
    let ok = "é".repeat(limits::MAX_TEXT_CHARS);
    assert!(
        parse(&format!("1. f6\n#diagram caption=\"{ok}\"\n"))
            .errors
            .is_empty()
    );
}

#[test]
fn board_sides_outside_three_to_128_are_refused() {
    for bad in ["2", "129", "0", "3x129", "100000"] {
        let m = first_error(&format!("[Size \"{bad}\"]\n\n1. b2\n"));
        assert!(m.contains("each side must be from 3 to 128"), "{bad}: {m}");
    }
    for good in ["3", "128", "3x128"] {
        assert!(
            parse(&format!("[Size \"{good}\"]\n\n1. b2\n"))
                .errors
                .is_empty()
        );
    }
}

#[test]
fn nesting_deeper_than_the_limit_is_refused() {
    let depth = limits::MAX_VARIATION_DEPTH;
    let nest = |n: usize| format!("1. f6 {}{}", "(1. g6 ".repeat(n), ")".repeat(n));
    assert!(parse(&nest(depth)).errors.is_empty());
    assert_eq!(
        first_error(&nest(depth + 1)),
        "variations nested more than 64 deep"
    );
}

#[test]
fn inputs_larger_than_the_limit_are_refused_without_reading_them() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("big.twixt");
    let f = std::fs::File::create(&p).unwrap();
    f.set_len(limits::MAX_INPUT_BYTES + 1).unwrap();
    let e = twixtkit::script::load_games(&p).unwrap_err();
    assert!(
        e.to_string().contains("larger than the limit of 64 MiB"),
        "{e}"
    );
    // Exactly at the limit is fine (a sparse file of NUL bytes: a syntax error, not a refusal).
    f.set_len(limits::MAX_INPUT_BYTES).unwrap();
    assert!(twixtkit::script::load_games(&p).is_ok());
    // YAML files have their own, smaller limit.
    let y = dir.path().join("rules.yaml");
    std::fs::File::create(&y)
        .unwrap()
        .set_len(limits::MAX_YAML_BYTES + 1)
        .unwrap();
    let e = twixtkit::script::load_rules_yaml(&y).unwrap_err();
    assert!(
        e.to_string().contains("larger than the limit of 1 MiB"),
        "{e}"
    );
}

/// Peak memory of parsing, measured in a child process (this test binary
/// run again for `memory_child` only) from Linux's VmHWM.
#[cfg(target_os = "linux")]
#[test]
fn parse_memory_is_linear() {
    let peak = |mib: usize| -> u64 {
        let o = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "limits::memory_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("TWIXT_MEMORY_CHILD_MIB", mib.to_string())
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        let at = out
            .find("VmHWM-kB ")
            .unwrap_or_else(|| panic!("no VmHWM from the child: {out}"));
        out[at + 9..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (small, big) = (peak(1), peak(8));
    eprintln!("peak memory: 1 MiB input {small} kB, 8 MiB input {big} kB");
    // Growth per input byte stays bounded: at most 40 bytes of memory per
    // byte of script (text, tree, spans), whatever the size.
    let per_byte = (big - small) * 1024 / (7 << 20);
    assert!(per_byte < 40, "{per_byte} bytes of memory per input byte");
}

/// Not a test on its own: the child of `parse_memory_is_linear`.
#[test]
fn memory_child() {
    let Ok(mib) = std::env::var("TWIXT_MEMORY_CHILD_MIB") else {
        return;
    };
    let text = moves_text(mib.parse::<usize>().unwrap() << 20);
    let p = parse(&text);
    assert!(p.errors.is_empty());
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let hwm = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .unwrap()
        .trim()
        .trim_end_matches("kB")
        .trim();
    println!("VmHWM-kB {hwm}");
    drop(p);
}
