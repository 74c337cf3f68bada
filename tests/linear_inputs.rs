//! Inputs that cost time out of proportion to their size (issue 34, items 4
//! and 12): the cost must grow linearly. Each case is timed at a size and at
//! four times it, in this process, best of five; a linear cost grows about
//! four times, a quadratic one sixteen. The ratio allowed is generous and no
//! absolute time is asserted. The time is the process's CPU time, which
//! other programs on a busy machine change much less than the wall clock.
//! Alone in its test binary: the process's CPU time counts every thread, so
//! a test of another file running beside these would add to their times.
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::path::Path;
use std::time::Duration;

use twixtkit::commands::check::check_file;
use twixtkit::formats::movelist;

/// User and system time of this process so far, all threads.
fn cpu_time() -> Duration {
    // SAFETY: getrusage writes the struct it is given and nothing else.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let t = |v: libc::timeval| Duration::new(v.tv_sec as u64, v.tv_usec as u32 * 1000);
    t(usage.ru_utime) + t(usage.ru_stime)
}

/// The process's CPU time counts every thread: each test here holds this
/// while it runs, so that a test beside a timed one does not add to its time.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

fn best_of_five(f: &dyn Fn()) -> Duration {
    (0..5)
        .map(|_| {
            let t = cpu_time();
            f();
            cpu_time() - t
        })
        .min()
        .unwrap()
}

/// Checks the file `make(n)` writes at n and 4n: the time grows less than
/// eight times.
fn grows_linearly(
    what: &str,
    n: usize,
    make: &dyn Fn(usize) -> String,
    expect: &dyn Fn(usize, &twixtkit::commands::check::FileReport),
) {
    let _alone = alone();
    let dir = tempfile::tempdir().unwrap();
    let mut times = Vec::new();
    for size in [n, 4 * n] {
        let path = dir.path().join(format!("{size}.twixt"));
        std::fs::write(&path, make(size)).unwrap();
        let report = check_file(&path, None);
        expect(size, &report);
        times.push(best_of_five(&|| {
            check_file(Path::new(&path), None);
        }));
    }
    let ratio = times[1].as_secs_f64() / times[0].as_secs_f64().max(1e-3);
    assert!(
        ratio < 8.0,
        "{what}: {n} took {:?}, {} took {:?} ({ratio:.1} times)",
        times[0],
        4 * n,
        times[1]
    );
}

/// 40,000 games each with an unclosed comment (480 KB) took 21 s: each
/// comment after the first walked the rest of the file to skip it.
#[test]
fn games_with_unclosed_comments_are_read_in_linear_time() {
    grows_linearly(
        "unclosed comments",
        // Both sizes above a stream's window (2 MiB, about 84,000 of these
        // games): below it, each window's unclosed comment is scanned to the
        // end of the file, a cost bounded by the window but growing with
        // the file until it fills one (20,000 to 80,000 took 5.5 times the
        // instructions; the old fault, a scan to the end of the file for
        // every comment, grows 16 times at any size).
        100_000,
        &|n| "[T \"x\"]\n1. f6 {unclosed\n\n".repeat(n),
        &|n, report| {
            assert_eq!(report.errors.len(), n, "one error a game");
            assert!(
                report.errors[n - 1]
                    .message
                    .contains("unterminated comment")
            );
        },
    );
}

/// Games whose comments, 700 KB each, hold blank lines and `[` lines and
/// cross the stream's windows (2 MiB): each comment's `}` is looked for
/// past the window once, over bytes not looked at before, and the game is
/// read again only in a window that holds it (a look that held the rest of
/// the file and copied it at each window made 105 MB of games whose
/// comments never close take 45 s instead of 4).
#[test]
fn games_whose_comments_cross_windows_are_read_in_linear_time() {
    let game = format!(
        "[Event \"g\"]\n\n1. f6 {{{}}} 2. g8\n\n",
        format!("\n\n[Event x]\n{}\n", "y".repeat(990)).repeat(700)
    );
    grows_linearly(
        "comments across windows",
        6,
        &|n| game.repeat(n),
        &|n, report| {
            assert!(report.errors.is_empty(), "{:?}", report.errors);
            assert_eq!(report.games.len(), n);
        },
    );
}

/// `#setup red: f6 f6 …` 100,000 times (300 KB) took 10.5 s: one message a
/// duplicate, each quoting the whole line. The first ten are given, then
/// how many more.
#[test]
fn a_setup_listing_a_peg_many_times_is_checked_in_linear_time() {
    grows_linearly(
        "repeated setup pegs",
        50_000,
        &|n| format!("#setup red: {}\n", vec!["f6"; n].join(" ")),
        &|n, report| {
            let errors = &report.games[0].errors;
            assert_eq!(errors.len(), 11, "{errors:?}");
            assert_eq!(
                errors[0].message,
                "setup lists f6 twice (as red and as red)"
            );
            assert_eq!(
                errors[10].message,
                format!("… and {} more problems in this setup", n - 11)
            );
        },
    );
}

fn numbered_moves(n: usize) -> String {
    let mut s = String::new();
    for k in 1..=n {
        s.push_str(&format!("{k}.f6 "));
    }
    s.push('\n');
    s
}

/// A move list is held to the moves limit of every reader: 1,000,001 moves
/// said "expected move number 1000000, found 1000000".
#[test]
fn a_move_list_longer_than_the_moves_limit_is_refused_at_the_limit() {
    let _alone = alone();
    let max = twixtkit::limits::MAX_MOVES_PER_GAME;
    for n in [max + 1, 1_000_001] {
        let e = match movelist::read(numbered_moves(n).as_bytes()) {
            Ok(games) => panic!(
                "{n} moves were read ({} game) instead of refused",
                games.len()
            ),
            Err(e) => e,
        };
        let text = e.to_string();
        assert!(
            text.ends_with(&format!("more than {max} moves in one game")),
            "{n} moves: {text}"
        );
        // Where the move past the limit starts: line 1, after `max` moves.
        let column = numbered_moves(max).trim_end().len() + 2;
        assert!(
            text.starts_with(&format!("line 1, column {column}")),
            "{text}"
        );
    }
    // At the limit the list is read (the moves are then refused in replay,
    // not here: `f6` again is a hole name all the same).
    assert!(movelist::read(numbered_moves(max).as_bytes()).is_ok());
}

/// Comments then directives, in each game: after the shared reader came, each
/// directive asked again whether only comments stood before it (to know if a
/// setup could stand there), walking them all: 200,000 comments and 20,000
/// `#over no` took 91 s in a TWRS script.
#[test]
fn directives_after_many_comments_are_read_in_linear_time() {
    for (game, header, directive) in [
        ("TwixT", "[Event \"x\"]\n", "#label k10 A\n"),
        ("TWRS", "[Game \"twrs\"]\n", "#over no\n"),
    ] {
        grows_linearly(
            &format!("{game} directives after comments"),
            // Large enough that a run takes milliseconds enough to time (at
            // 10,000 TWRS's took under 4 ms, and the ratio was noise on a
            // busy machine), small enough that both sizes are one window of
            // the stream (2 MiB): a game longer is read again in a window
            // twice as large, which adds half to the cost.
            25_000,
            &|n| format!("{header}{}\n{}", "{c} ".repeat(n), directive.repeat(n)),
            &|_, report| {
                assert!(report.errors.is_empty(), "{:?}", report.errors);
                let errors = &report.games[0].errors;
                assert!(errors.is_empty(), "{errors:?}");
            },
        );
    }
}
