//! Every documented limit (`src/limits.rs`, `docs/limits.md`) gives a clear
//! error when exceeded, and time and memory stay linear in the input size.

use std::time::{Duration, Instant};

use twixtkit::limits;
use twixtkit::script::{Element, parse};

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

#[test]
fn parse_time_is_linear() {
    let small = moves_text(1 << 20);
    let big = moves_text(8 << 20);
    let (p1, t1) = time(|| parse(&small));
    let (p2, t2) = time(|| parse(&big));
    assert!(p1.errors.is_empty() && p2.errors.is_empty());
    eprintln!("1 MiB: {t1:?}, 8 MiB: {t2:?}");
    // Eight times the input may cost at most ~16 times the time (noise).
    assert!(
        t2 < t1 * 16 + Duration::from_millis(200),
        "{t1:?} vs {t2:?}"
    );
}
