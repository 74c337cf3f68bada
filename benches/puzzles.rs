//! Corner puzzles solved: a 12×12 window of a 24×24 board (top and right
//! sides cut), automatic links, the side to move winning in 3 to 7 moves.
//! The set is the bundled example puzzle, 19 positions found in seeded
//! random games by `examples/find_puzzles.rs` (18 to 22 pegs), two wins
//! in 6 composed from wins in 5 by `examples/lengthen_puzzles.rs` (a Black
//! peg added that makes the shortest win a move longer; one is
//! `examples/corner-puzzle-6.twixt`), three chains of double links
//! composed by hand (a win in 5 and two in 6, of 5 to 8 pegs), and six
//! wins in 7: the chain's win in 6 with one more Black peg, at e1 or e3
//! (5 pegs; the one with e1 is `benches/corner-puzzle-7.twixt`), the
//! random win in 6 of `examples/corner-puzzle-6.twixt` with one more Black
//! peg, at g10 or i11 (20 pegs; the one with g10 is
//! `benches/corner-puzzle-7b.twixt`), and two found as they are in random
//! games of 25 and 28 pegs (`find_puzzles` with 24 pegs fewest). Both
//! puzzle files are kept out of `examples/`, whose files are checked with
//! the default 10 s a search. Each entry is the shortest win, a key move
//! and the position; the claim each proves is "wins in N, and not in N-1".
//!
//! For each puzzle: the CPU time and positions to prove `#wins … in N` (N
//! the shortest win), to refute `in N-1` (a defence holds), and to prove
//! `in 9` (the short win inside a long bound); then positions per second
//! and the peak memory of the process. Each time is the best of three runs
//! (one run when over a second), in CPU time of the thread, so that other
//! processes on the cores do not inflate it.
//!
//! - `cargo bench --bench puzzles`: the wins in 3 to 6, seconds of CPU.
//! - `-- --long` adds the wins in 7 (about a minute more).
//! - `-- --eight`: the win in 8 (the chain's win in 6 without Red's e5:
//!   d8 and g11 against l6; `benches/corner-puzzle-8.twixt`), minutes of
//!   CPU; alone, or after the others with `--long`.
//! - `-- --threads=N`: each search shares the first moves of its rounds of
//!   four moves or more among N threads (docs/engine.md, "Threads"); the
//!   times are then wall-clock times.
//! - `-- --solutions` (with `--long` for the wins in 7): each puzzle's
//!   printed solution checked as `twixt check` does, the claim and then
//!   the win after each of the winner's moves of a main line, first with
//!   every search on its own, then with all of them sharing one solver
//!   memory (docs/engine.md, "A memory across a puzzle's questions").
//! - `-- --secure`: each puzzle's connection claim with no length
//!   (`#wins red`, `solver::secures`), by the proof numbers alone and with
//!   the short win looked for first.
//!
//! The figures of the last runs, and the command that made each, are in
//! BENCHMARKS.md ("Solver"); the history of what each change to the solver
//! gained is in the commit messages.
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::time::Duration;

use twixt_core::solver::{
    AfterMove, Memory, SearchLimit, Secure, Solved, Tuning, after_move, secures, solve,
};
use twixtkit::prelude::{Hole, Move, Position};

#[path = "../examples/support/main_line.rs"]
mod support;

/// (shortest win, a winning key move, the position).
const PUZZLES: &[(u32, &str, &str)] = &[
    // The bundled example (examples/corner-puzzle.twixt), composed by hand.
    (
        3,
        "j10",
        "12-cut-top-right/pencil/b6,d1,e11,f2,g2,g5,g6,h6,h12,i8,k12,l12/a2,b7,b11,c1,d2,d3,f11,h7,j11,k3,l4,l11/*/red",
    ),
    (
        3,
        "e1",
        "12-cut-top-right/pencil/c5,c8,d3,d6,d10,f3,f5,g5,i9,k9/a5,a7,a9,d11,e4,f1,g7,h3,h4,l2/*/red",
    ),
    (
        3,
        "j1",
        "12-cut-top-right/pencil/b5,c8,d2,e2,e12,h9,i10,i11,j8,j11,k1/a10,c6,d4,f3,f6,h2,h8,j7,l2,l8/*/black",
    ),
    (
        4,
        "d4",
        "12-cut-top-right/pencil/c1,c6,c8,c9,e6,f2,f9,g7,i10,j2,k6/b9,b11,c5,e10,f7,f10,i4,i7,i9,j6,k2/*/red",
    ),
    (
        4,
        "h7",
        "12-cut-top-right/pencil/c8,f6,g2,g5,h1,j2,j8,k12,l2,l8/a2,d6,e10,f7,g9,j7,j9,k4,k5,l1/*/red",
    ),
    (
        4,
        "h8",
        "12-cut-top-right/pencil/e4,e8,g8,g10,h12,i6,j4,k2,l8/d4,f7,h2,i7,j8,k1,k5,k10,k11/*/red",
    ),
    (
        3,
        "h3",
        "12-cut-top-right/pencil/b12,c12,f8,g1,h7,h9,i5,i8,j11,k7/a5,a8,b4,c7,d6,e10,g5,j6,j8,l1/*/red",
    ),
    (
        3,
        "h8",
        "12-cut-top-right/pencil/b10,c7,f3,f7,g1,g10,i12,j5,j7,j12,l6/a3,a7,b8,b11,d1,e11,f6,h3,j4,l1,l5/*/red",
    ),
    (
        5,
        "h6",
        "12-cut-top-right/pencil/c12,e1,f5,f8,h4,i8,j3,k11,l4/b10,d5,d6,d9,d10,f6,f7,g6,k9/*/red",
    ),
    (
        4,
        "d7",
        "12-cut-top-right/pencil/b5,c2,c3,d8,e9,f2,g1,i11,i12,j9,l10/a1,a3,b8,b9,f1,g4,i3,i5,j10,k4/*/black",
    ),
    (
        5,
        "h8",
        "12-cut-top-right/pencil/b3,b11,d1,e3,f7,g5,i10,j6,k10,l6/a3,a4,a7,b2,b4,d6,e4,g7,g9,k4/*/red",
    ),
    (
        5,
        "i7",
        "12-cut-top-right/pencil/c12,d6,f2,h7,j5,j9,k2,k5,k9/b6,b8,c1,c3,e2,e4,e7,h10,h11/*/red",
    ),
    (
        4,
        "h5",
        "12-cut-top-right/pencil/b3,b7,c2,e11,f4,g7,h1,h4,i11,j1/a5,b6,c8,e1,h2,h11,j11,k4,l4,l11/*/red",
    ),
    (
        4,
        "j5",
        "12-cut-top-right/pencil/b5,b9,c2,c7,d7,e12,h8,i3,k10,l5,l10/a3,a10,b4,c11,d3,d4,f7,h1,h6,h11/*/black",
    ),
    (
        5,
        "d4",
        "12-cut-top-right/pencil/b8,e1,e6,e7,e11,g10,h1,h10,j4,l7,l11/b5,b9,b11,e3,e5,h4,j9,j10,k4,l2,l10/*/red",
    ),
    (
        3,
        "h7",
        "12-cut-top-right/pencil/c6,e5,e8,f8,f11,g9,h1,i3,i5,j4,k11/c11,d9,d10,e6,e10,f2,f4,f7,h2,i7,k8/*/red",
    ),
    (
        5,
        "j5",
        "12-cut-top-right/pencil/b6,b7,e7,g2,h2,h10,i7,k3,l4/b4,c9,f5,g3,g6,h3,h6,k6,l7/*/red",
    ),
    (
        4,
        "e2",
        "12-cut-top-right/pencil/b4,d7,e3,e6,e7,f10,h9,j5,l2,l12/c1,e11,f1,f4,h3,i5,j10,k1,l10/*/black",
    ),
    (
        4,
        "c3",
        "12-cut-top-right/pencil/b10,c8,d5,d8,h12,i2,i5,j10,j11/c7,e3,e10,g11,h1,h3,k9,l1,l5/*/red",
    ),
    (
        5,
        "e5",
        "12-cut-top-right/pencil/b5,d7,f3,f9,f11,h12,i9,j2,k3,k8/a6,b6,b9,c1,g5,h2,h7,i10,j1,j10/*/red",
    ),
    // Longer wins, composed by `examples/lengthen_puzzles.rs` from the wins
    // in 5 above: a Black peg added (or a Red one taken off) that makes the
    // shortest win a move longer, proved here as for every puzzle (the win
    // in N found, in N-1 refuted).
    // examples/corner-puzzle-6.twixt: the win in 5 with key j5 and j1 added.
    (
        6,
        "j5",
        "12-cut-top-right/pencil/b6,b7,e7,g2,h2,h10,i7,k3,l4/b4,c9,f5,g3,g6,h3,h6,j1,k6,l7/*/red",
    ),
    // The win in 5 with key e5, and g9 added.
    (
        6,
        "e5",
        "12-cut-top-right/pencil/b5,d7,f3,f9,f11,h12,i9,j2,k3,k8/a6,b6,b9,c1,g5,g9,h2,h7,i10,j1,j10/*/red",
    ),
    // Chains of double links, composed by hand (docs/engine.md, "Wins in
    // N"): Red's stations k1, h4, e5, d8 and g11 bent round a Black peg at
    // l6, each pair joined by either of two holes, so Red needs a peg per
    // link and Black can take only one of the two holes a move: a win in 5.
    (5, "i2", "12-cut-top-right/pencil/d8,e5,g11,h4,k1/l6/*/red"),
    // The same with k1 and h4 taken off: the top now costs two pegs.
    (6, "c6", "12-cut-top-right/pencil/d8,e5,g11/l6/*/red"),
    // The chain of five with Black pegs at g3 and j6 added, found by
    // `examples/lengthen_puzzles.rs`.
    (
        6,
        "f3",
        "12-cut-top-right/pencil/d8,e5,g11,h4,k1/g3,j6,l6/*/red",
    ),
];

/// The wins in 7, run only with `--long` (each takes seconds to
/// minutes of CPU: more than the rest of the set together).
const LONG: &[(u32, &str, &str)] = &[
    // The chain's win in 6 above (d8, e5, g11 against l6) with a Black peg
    // at e1: a win in 7, proved since the game of intrusions
    // (docs/engine.md); `benches/corner-puzzle-7.twixt`.
    (7, "f3", "12-cut-top-right/pencil/d8,e5,g11/e1,l6/*/red"),
    // The same with the Black peg at e3 instead (e2 gives a win in 7 too:
    // 18,771,031 positions, 146 s of CPU; left out to keep the run short).
    (7, "f3", "12-cut-top-right/pencil/d8,e5,g11/e3,l6/*/red"),
    // Wins in 7 with 20 pegs: the random win in 6 of
    // `examples/corner-puzzle-6.twixt` with a Black peg more, at g10 or at
    // i11 (either end of the link g10-i11 that cuts both of h10's ways to
    // the bottom), found by `examples/lengthen_puzzles.rs` trying Black
    // pegs next to Red's moves in a main line of the win in 6 (g10 was
    // its 32nd change, 8 minutes of wall time on the shared cores). The
    // one with g10 is `benches/corner-puzzle-7b.twixt`.
    (
        7,
        "j5",
        "12-cut-top-right/pencil/b6,b7,e7,g2,h2,h10,i7,k3,l4/b4,c9,f5,g10,g3,g6,h3,h6,j1,k6,l7/*/red",
    ),
    (
        7,
        "j5",
        "12-cut-top-right/pencil/b6,b7,e7,g2,h2,h10,i7,k3,l4/b4,c9,f5,g3,g6,h3,h6,i11,j1,k6,l7/*/red",
    ),
    // Wins in 7 found as they are in random games (`examples/find_puzzles.rs`
    // with 24 pegs fewest, seeds 300244 and 300236, the only two of 200
    // positions): 28 pegs with Red to move, and 25 with Black to move.
    (
        7,
        "j4",
        "12-cut-top-right/pencil/b6,b9,c6,f8,f11,g1,g6,g7,h2,i10,j8,k2,l8,l9/a3,a9,b5,d6,d7,e7,f5,f7,h4,h7,h11,j10,k8,l2/a3-b5,b5-d6,d6-f5,d6-f7,e7-f5,f5-h4,f8-g6,h11-j10,i10-j8,j8-l9/red",
    ),
    (
        7,
        "j6",
        "12-cut-top-right/pencil/c2,c3,d1,d7,f7,h3,h11,i12,j2,k2,k8,k12,l10/b4,b9,c4,d11,e7,e10,f1,f4,f8,g9,i10,l1/*/black",
    ),
];

/// The win in 8, run only with `--eight` (about three minutes of CPU a
/// search on one thread: its refutation `in 7` alone searches over 50
/// million positions).
const EIGHT: &[(u32, &str, &str)] = &[
    // The chain's win in 6 above (d8, e5, g11 against l6) without e5:
    // Red's two stations d8 and g11 are too far apart for a chain of double
    // links, and Black's l6 bars the short way up the right side.
    // `benches/corner-puzzle-8.twixt`.
    (8, "f4", "12-cut-top-right/pencil/d8,g11/l6/*/red"),
];

/// Positions one search may visit here: well above what the set needs.
const LIMIT: u64 = 50_000_000;

/// Positions a search of the win in 8 may visit.
const EIGHT_LIMIT: u64 = 500_000_000;

/// Positions a search of a puzzle with its shortest win in `n` may visit.
fn limit_for(n: u32) -> u64 {
    if n >= 8 { EIGHT_LIMIT } else { LIMIT }
}

/// A CPU clock (`libc::CLOCK_THREAD_CPUTIME_ID`: this thread's,
/// `CLOCK_PROCESS_CPUTIME_ID`: all the process's threads').
fn cpu_clock(clock: libc::clockid_t) -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let r = unsafe { libc::clock_gettime(clock, &mut t) };
    assert_eq!(r, 0, "a CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// What a solve's time is measured by: on one thread, the CPU time of the
/// thread (unlike the wall clock, not inflated when other processes share
/// the cores); on several, the wall clock (what the user waits), since
/// the solving thread waits for its helpers.
fn clock(threads: usize) -> impl Fn() -> Duration {
    let start = std::time::Instant::now();
    move || {
        if threads > 1 {
            start.elapsed()
        } else {
            cpu_clock(libc::CLOCK_THREAD_CPUTIME_ID)
        }
    }
}

fn timed(
    pos: &twixtkit::prelude::Position,
    n: u32,
    threads: usize,
    limit: u64,
) -> (Solved, u64, Duration) {
    let budget = SearchLimit::positions(limit).with_threads(threads);
    let now = clock(threads);
    let mut best = Duration::MAX;
    let mut last = None;
    // Best of three, or one run when it takes over a second.
    for _ in 0..3 {
        let start = now();
        let s = solve(pos, pos.to_move(), n, &budget).expect("decided within the limit");
        best = best.min(now() - start);
        last = Some(s);
        if best > Duration::from_secs(1) {
            break;
        }
    }
    let s = last.expect("ran");
    (s.answer, s.positions, best)
}

/// A printed solution checked as `twixt check` checks one: the claim
/// (`in n`), then after each of the winner's moves of the main line `line`
/// whether the win goes on, each search on its own (`memory` false, as
/// before the solver kept a memory) or all sharing one. The positions and
/// the time of all the searches.
fn check_solution(
    pos: &Position,
    n: u32,
    line: &[Hole],
    memory: bool,
    limit: u64,
) -> (u64, Duration) {
    let me = pos.to_move();
    let plain = SearchLimit::positions(limit);
    let budget = if memory {
        plain.with_memory(Memory::new(pos, me))
    } else {
        plain
    };
    let now = clock(1);
    let start = now();
    let claim = solve(pos, me, n, &budget).expect("decided within the limit");
    assert!(matches!(claim.answer, Solved::Wins { .. }));
    let mut positions = claim.positions;
    let mut after = pos.clone();
    for (i, pair) in line.chunks(2).enumerate() {
        after.play(&Move::peg(pair[0])).expect("a legal key move");
        let left = n - 1 - i as u32;
        let s = after_move(&after, me, left, &budget).expect("decided within the limit");
        positions += s.positions;
        match s.answer {
            AfterMove::Connected => break,
            AfterMove::Wins => {}
            other => panic!("the main line's move {} does not win: {other:?}", pair[0]),
        }
        if let Some(&reply) = pair.get(1) {
            after.play(&Move::peg(reply)).expect("a legal reply");
        }
    }
    (positions, now() - start)
}

/// `--solutions`: each puzzle's main line checked without and with a
/// memory, one after the other.
fn solutions(set: &[(u32, &str, &str)]) {
    println!("| N | key | check without a memory | positions | with one | positions |");
    println!("|---|---|---|---|---|---|");
    let (mut before, mut after) = (Duration::ZERO, Duration::ZERO);
    for &(n, key, line) in set {
        let pos = twixt_core::position_line::read_position(line).expect("a position line");
        let limit = limit_for(n);
        let budget = SearchLimit::positions(limit);
        let (moves, stopped) = support::main_line(&pos, n, &budget);
        assert!(stopped.is_none(), "{line}: the main line within the limit");
        let (p_plain, t_plain) = check_solution(&pos, n, &moves, false, limit);
        let (p_kept, t_kept) = check_solution(&pos, n, &moves, true, limit);
        before += t_plain;
        after += t_kept;
        println!(
            "| {n} | {key} | {} | {p_plain} | {} | {p_kept} |",
            ms(t_plain),
            ms(t_kept)
        );
    }
    println!(
        "all: {:.2} s without a memory, {:.2} s with one (CPU time, one thread)",
        before.as_secs_f64(),
        after.as_secs_f64()
    );
}

/// Seconds of wall time the proof-number search may take on one puzzle in `-- --secure`.
const SECURE_SECONDS: u64 = 30;

/// `-- --secure`: each puzzle's connection claim with no length
/// (`solver::secures`, with and without its first look for a short win) against the exact search
/// of its shortest win (`in N`, N known) and of `in 9` (N not known), in
/// CPU time of one thread, one run each.
fn secure(set: &[(u32, &str, &str)]) {
    println!(
        "| N | in N | positions | in 9 | positions | old: proof numbers alone | new: secures (short win first) | positions | table |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let now = clock(1);
    let (mut old_t, mut new_t, mut old_p, mut new_p) = (Duration::ZERO, Duration::ZERO, 0, 0);
    for &(n, _, line) in set {
        let pos = twixt_core::position_line::read_position(line).expect("a position line");
        let me = pos.to_move();
        let limit = SearchLimit::positions(limit_for(n));
        let start = now();
        let won = solve(&pos, me, n, &limit).expect("decided within the limit");
        let t_n = now() - start;
        let start = now();
        let nine = solve(&pos, me, 9, &limit).expect("decided within the limit");
        let t_9 = now() - start;
        // The proof numbers alone, as `secures` was before it looked for a
        // short win first.
        let start = now();
        let alone = secures(
            &pos,
            me,
            &limit
                .clone()
                .with_time(Duration::from_secs(SECURE_SECONDS))
                .with_tuning(Tuning {
                    secure_short_win: false,
                    ..Tuning::default()
                }),
        );
        let t_alone = now() - start;
        let alone = match alone {
            Ok(s) => format!("{} ({} positions)", ms(t_alone), s.positions),
            Err(_) => format!("undecided at {SECURE_SECONDS} s"),
        };
        let start = now();
        let new = secures(
            &pos,
            me,
            &limit.clone().with_time(Duration::from_secs(SECURE_SECONDS)),
        );
        let t_new = now() - start;
        old_t += t_9;
        old_p += nine.positions;
        let (answer, p_new, table) = match new {
            Ok(s) => {
                new_t += t_new;
                new_p += s.positions;
                let Secure::Secured { key: Some(key) } = s.answer else {
                    panic!("{line}: {:?}", s.answer);
                };
                (
                    format!("{} (key {key})", ms(t_new)),
                    s.positions,
                    s.table_bytes >> 20,
                )
            }
            Err(e) => (format!("undecided: {e}"), 0, 0),
        };
        println!(
            "| {n} | {} | {} | {} | {} | {alone} | {answer} | {p_new} | {table} MB |",
            ms(t_n),
            won.positions,
            ms(t_9),
            nine.positions,
        );
    }
    println!();
    println!(
        "old `in 9`: {old_p} positions in {:.2} s ({:.0}/s); new (decided ones): {new_p} positions in {:.2} s ({:.0}/s); peak memory {}",
        old_t.as_secs_f64(),
        old_p as f64 / old_t.as_secs_f64(),
        new_t.as_secs_f64(),
        new_p as f64 / new_t.as_secs_f64(),
        peak_memory()
    );
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The process's peak resident memory, from the kernel (Linux).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn main() {
    // `cargo bench --bench puzzles -- --long` adds the wins in 7, and
    // `-- --eight` the win in 8 (alone, or after them with both).
    let long = std::env::args().any(|a| a == "--long");
    let eight = std::env::args().any(|a| a == "--eight");
    // `-- --threads=2`: each search shares its longer rounds' first moves
    // among two threads; times are then wall-clock times.
    let threads: usize = std::env::args()
        .find_map(|a| a.strip_prefix("--threads=")?.parse().ok())
        .unwrap_or(1);
    let cpu_start = cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID);
    let mut set: Vec<(u32, &str, &str)> = Vec::new();
    if long || !eight {
        set.extend(PUZZLES);
    }
    if long {
        set.extend(LONG);
    }
    if eight {
        set.extend(EIGHT);
    }
    if std::env::args().any(|a| a == "--solutions") {
        solutions(&set);
        return;
    }
    if std::env::args().any(|a| a == "--secure") {
        secure(&set);
        return;
    }
    println!(
        "| N | key | prove in N | positions | refute in N-1 | positions | prove in 9 | positions |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let (mut positions, mut time) = (0u64, Duration::ZERO);
    let mut worst = [Duration::ZERO; 9];
    for (n, key, line) in set {
        let pos = twixt_core::position_line::read_position(line).expect("a position line");
        let limit = limit_for(n);
        let (won, p_win, t_win) = timed(&pos, n, threads, limit);
        assert!(
            matches!(won, Solved::Wins { moves, .. } if moves == n),
            "{line}: {won:?}"
        );
        let (lost, p_lost, t_lost) = timed(&pos, n - 1, threads, limit);
        assert!(matches!(lost, Solved::NoWin { .. }), "{line}: {lost:?}");
        let (long, p_long, t_long) = timed(&pos, 9, threads, limit);
        if threads == 1 {
            assert_eq!(long, won, "{line}");
        } else {
            // With helpers, which of several shortest keys comes first in
            // the root's order can vary; the shortest win cannot.
            let moves = |s: &Solved| matches!(s, Solved::Wins { moves, .. } if *moves == n);
            assert!(moves(&long), "{line}: {long:?}");
        }
        positions += p_win + p_lost + p_long;
        time += t_win + t_lost + t_long;
        worst[n as usize] = worst[n as usize].max(t_win);
        println!(
            "| {n} | {key} | {} | {p_win} | {} | {p_lost} | {} | {p_long} |",
            ms(t_win),
            ms(t_lost),
            ms(t_long)
        );
    }
    println!();
    for (n, w) in worst.iter().enumerate().filter(|(_, w)| !w.is_zero()) {
        println!("slowest proof of a win in {n}: {}", ms(*w));
    }
    println!(
        "{positions} positions in {:.2} s ({}): {:.0} positions/s; peak memory {}",
        time.as_secs_f64(),
        if threads > 1 {
            format!("wall clock, {threads} threads")
        } else {
            "CPU time, one thread".into()
        },
        positions as f64 / time.as_secs_f64(),
        peak_memory()
    );
    println!(
        "CPU time of the whole process (every run, best-of-three repeats included): {:.2} s",
        (cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID) - cpu_start).as_secs_f64()
    );
}
