//! Corner puzzles solved: a 12×12 window of a 24×24 board (top and right
//! sides cut), about 20 pegs, automatic links, the side to move winning in
//! 3 to 6 moves. The set is the bundled example puzzle, 19 positions found
//! in seeded random games by `examples/find_puzzles.rs`, and two wins in 6
//! composed from wins in 5 by `examples/lengthen_puzzles.rs` (a Black peg
//! added that makes the shortest win a move longer; one is
//! `examples/corner-puzzle-6.twixt`). No win in 7 or 8 is in the set yet:
//! the composer found none within the session's machine time. Each entry is
//! the shortest win, a key move and the position; the claim each proves is
//! "wins in N, and not in N-1".
//!
//! For each puzzle: the CPU time and positions to prove `#wins … in N` (N
//! the shortest win), to refute `in N-1` (a defence holds), and to prove
//! `in 9` (the short win inside a long bound); then positions per second
//! and the peak memory of the process. Each time is the best of three runs
//! (one run when over a second), in CPU time of the thread, so that other
//! processes on the cores do not inflate it.
//!
//! Run with `cargo bench --bench puzzles`.
//!
//! Last run (main's solver and this one, this same file built against
//! each, one after the other on 2 cores with a load average near 9):
//! CPU time and positions to prove each win, main → this solver, in the
//! order of the set: wins in 3: 0.51 → 0.29 ms (48 → 41 positions),
//! 1.56 → 0.74 ms (196), 0.52 → 0.25 ms (57), 0.61 → 0.30 ms (129 → 125),
//! 0.94 → 0.60 ms (209), 0.73 → 0.42 ms (93); wins in 4: 22.8 → 11.4 ms
//! (3,293 → 2,876), 37.0 → 22.7 ms (8,368 → 8,341), 23.5 → 7.1 ms
//! (2,890 → 1,565), 22.3 → 15.5 ms (4,619 → 5,305), 37.7 → 21.3 ms
//! (7,169 → 6,604), 26.0 → 11.5 ms (4,210 → 2,945), 6.9 → 4.9 ms
//! (1,528 → 1,265), 65.6 → 31.9 ms (11,444 → 11,035); wins in 5:
//! 369 → 194 ms (63,090 → 49,161), 146 → 115 ms (19,175 → 18,152),
//! 182 → 120 ms (34,007 → 35,918), 3,425 → 491 ms (588,691 → 94,308),
//! 111 → 64 ms (13,386 → 9,348), 422 → 81 ms (65,568 → 17,582); wins in 6:
//! 6,438 → 504 ms (1,077,460 → 91,171), and for the other main had not
//! finished after over a minute of CPU when it was stopped → 2,254 ms
//! (486,551).
//! A defence that holds in N-1: at most 141 ms on the wins up to the first
//! win in 6 (main 649 ms), 880 ms on the second. `in 9` costs exactly the positions of `in N` in both.
//! This solver: 1,908,135 positions in 9.1 s of CPU, about 210,000
//! positions/s; peak memory 29 MB (main 31 MB).

use std::time::Duration;

use twixtkit::twixt::solver::{SearchBudget, SearchLimit, Solved, solve};

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
];

/// Positions one search may visit here: well above what the set needs.
const LIMIT: u64 = 50_000_000;

/// The CPU time this thread has used: unlike the wall clock, not inflated
/// when other processes share the cores.
fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "the thread's CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn timed(pos: &twixtkit::prelude::Position, n: u32) -> (Solved, u64, Duration) {
    let budget = SearchBudget::claim_only(SearchLimit::positions(LIMIT));
    let mut best = Duration::MAX;
    let mut last = None;
    // Best of three, or one run when it takes over a second.
    for _ in 0..3 {
        let start = cpu_time();
        let s = solve(pos, pos.to_move(), n, &budget).expect("decided within the limit");
        best = best.min(cpu_time() - start);
        last = Some(s);
        if best > Duration::from_secs(1) {
            break;
        }
    }
    let s = last.expect("ran");
    (s.answer, s.positions, best)
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
    println!(
        "| N | key | prove in N | positions | refute in N-1 | positions | prove in 9 | positions |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let (mut positions, mut time) = (0u64, Duration::ZERO);
    let mut worst = [Duration::ZERO; 9];
    for &(n, key, line) in PUZZLES {
        let pos = twixtkit::twixt::line::position(line).expect("a position line");
        let (won, p_win, t_win) = timed(&pos, n);
        assert!(
            matches!(won, Solved::Wins { moves, .. } if moves == n),
            "{line}: {won:?}"
        );
        let (lost, p_lost, t_lost) = timed(&pos, n - 1);
        assert!(matches!(lost, Solved::NoWin { .. }), "{line}: {lost:?}");
        let (long, p_long, t_long) = timed(&pos, 9);
        assert_eq!(long, won, "{line}");
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
        "{positions} positions in {:.2} s: {:.0} positions/s; peak memory {}",
        time.as_secs_f64(),
        positions as f64 / time.as_secs_f64(),
        peak_memory()
    );
}
