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
//! games of 25 and 28 pegs (`find_puzzles` with 24 pegs fewest). Both puzzle files are kept out of
//! `examples/`, whose files are checked with the default 10 s a search.
//! With `-- --eight`, a win in 8 (the chain's win in 6 without Red's e5:
//! d8 and g11 against l6; `benches/corner-puzzle-8.twixt`), minutes of
//! CPU. Each entry is the shortest win, a key move
//! and the position; the claim each proves is "wins in N, and not in N-1".
//!
//! For each puzzle: the CPU time and positions to prove `#wins … in N` (N
//! the shortest win), to refute `in N-1` (a defence holds), and to prove
//! `in 9` (the short win inside a long bound); then positions per second
//! and the peak memory of the process. Each time is the best of three runs
//! (one run when over a second), in CPU time of the thread, so that other
//! processes on the cores do not inflate it.
//!
//! With `-- --threads=2` each search shares the first moves of its rounds
//! of four moves or more among two threads (docs/engine.md, "Threads"),
//! and the times are wall-clock times: `-- --long --threads=2`, idle 2
//! cores, every win in 7 within 6.1 s (the 25-peg one 6.0 s against
//! 14.1 s on one thread), the whole run 40 s against 73 s.
//!
//! With `-- --solutions` (and `--long` for the wins in 7) the bench checks
//! each puzzle's printed solution as `twixt check` does: the claim, then
//! after each of the winner's moves of a main line whether the win goes
//! on, first with every search on its own, then with all of them sharing
//! one solver memory (docs/engine.md, "A memory across a puzzle's
//! questions"). Its first run, one thread, idle 2 cores: the whole set
//! 43.4 s without a memory and 33.5 s with one; the 20-peg wins in 7
//! 7.2 s and 4.5 s (g10), 9.9 s and 5.2 s (i11); the 25-peg one 15.1 s
//! and 14.3 s, nearly all of it the claim's own proof.
//!
//! With one chain search for a defender's turn and its pass, the cut hole
//! found without a second breadth-first search, the defender's bound
//! carried down the line and a win in one move read off the bound
//! (docs/engine.md), `--long` on one thread, nothing else running: the
//! whole set 54.3 s (31,450,883 positions; the code before 71.1 s,
//! 29,420,569, side by side), the wins in 7 0.46 s to 5.1 s and 9.4 s
//! for the 25-peg one (12.9 s before): all of them under 10 s. `--long
//! --threads=2`: every win in 7 within 4.8 s, the whole run 33 s.
//!
//! With a refutation's zone (docs/engine.md), this bench's `--long` on
//! one thread, the code before and after side by side on the 2 cores, two
//! runs: the whole set 75.8 s and 79.3 s before, 69.2 s and 72.6 s after
//! (29,420,569 positions against 31,871,366); the 25-peg win in 7 14.6 s
//! and 15.5 s before, 12.6 s and 13.4 s after (4,646,941 positions against
//! 5,389,047). `-- --eight --threads=2`, after it, nothing else running:
//! `in 8` 58,833,093 positions in 84.8 s, `in 7` refuted in 55,355,251
//! (76.0 s), `in 9` 55,913,294 (76.5 s), peak memory 302 MB; `-- --eight`
//! on one thread (CPU time, a build on the other core): `in 8` 61,645,370
//! positions in 186.6 s, `in 7` refuted in 52,184,685 (165.7 s), `in 9`
//! 61,645,370 (188.8 s), peak memory 437 MB (before the zone, `in 8` had
//! not ended after 11 minutes).
//!
//! Run with `cargo bench --bench puzzles`: the wins in 3 to 6, under 10 s
//! of CPU. `cargo bench --bench puzzles -- --long` adds the wins in 7,
//! about two minutes more. Its last run, with threats first and two first
//! moves side by side at the attacker's turns (docs/engine.md): slowest
//! proofs 0.15 ms in 3, 4.2 ms in 4, 46 ms in 5, 1,651 ms in 6; the
//! chain's win in 7 with e1 2.3 s (439,010 positions; main's solver took
//! 34.7 s and 6,586,699), with e3 6.9 s (964,414; main 28.4 s); the
//! 20-peg ones with g10 15.0 s (2,232,438; `in 6` refuted in 3.8 s,
//! 713,999) and with i11 16.0 s (2,525,044; `in 6` 5.4 s, 758,446), `in
//! 9` of each the positions of `in 7`: the 10 s for a win in 7 is
//! met by the chain's and not by the 20-peg ones (README). The whole run
//! 15,254,713 positions in 98 s of searches, 156,000 positions/s (with a
//! documentation build on the other core); peak memory 229 MB. With the
//! positions made cheaper (docs/engine.md, "what a position costs": the
//! same positions, the same answers), the whole run 15,254,713 positions
//! in 67 s, 226,000 positions/s, 223 MB; the 20-peg wins in 7 9.6 s
//! (g10) and 12.9 s (i11), their `in 6` 2.8 s and 4.3 s; the chain's
//! wins in 7 1.7 s (e1) and 4.1 s (e3); slowest proofs 0.19 ms in 3,
//! 3.0 ms in 4, 30 ms in 5, 1.1 s in 6. Those runs had builds on the
//! other core; the same code with nothing else running: the whole run
//! 15,255,614 positions in 41 s, 375,000 positions/s, 223 MB; the wins in
//! 7 1.0 s (e1), 2.7 s (e3), 5.9 s (g10) and 6.9 s (i11); slowest proofs
//! 0.11 ms in 3, 2.3 ms in 4, 26 ms in 5, 0.62 s in 6.
//! With the table that drops its shallowest entries when full
//! (docs/engine.md), the run searched the same 15,255,614 positions (no
//! search of the set fills the table); peak memory 223 MB. Then two wins
//! in 7 found as they are in random games joined the long set: 7.3 s
//! (2,254,917 positions) and 21.6 s (5,389,047; 25 pegs, Black to move),
//! over the 10 s; the whole run 31,871,366 positions in 98 s,
//! 325,000 positions/s, peak memory 394 MB. With the chain search
//! skipping pegs too far from the end border (docs/engine.md), old and
//! new one after the other on an idle machine, the same positions: the
//! whole run 101 s and 85 s (374,000 positions/s, 385 MB); the 25-peg
//! win in 7 22.1 s and 16.1 s, the 28-peg one 7.5 s and 6.9 s. With what
//! each hole costs worked out once a position for the bound, the same
//! way: the same positions, the whole run 81.2 s and 70.6 s (451,000
//! positions/s, 387 MB); the 25-peg win in 7 15.5 s and 13.7 s.
//!
//! The wins in 7 with 20 pegs, measured with `examples/solve_position` of
//! the solver before threats first, one search at a time
//! under `nice` on the 2 shared cores (CPU time and peak memory from
//! `/usr/bin/time`; positions exact). With g10: `in 7` 1,983,795
//! positions, 11.5 s, 89 MB; `in 6` refuted (after 1. j5, 2. j9 holds) in
//! 771,653 positions, 3.9 s, 46 MB; `in 9` the positions of `in 7`, 11.9
//! s. With i11: `in 7` 2,144,914 positions, 14.0 s, 174 MB; `in 6`
//! refuted (the same defence) in 802,591, 5.5 s, 46 MB. `twixt check` of
//! `benches/corner-puzzle-7b.twixt` (the claim, the solution and its
//! variation, every Red move proved) 19.5 s of CPU, 126 MB. No win in 8
//! yet: of the win in 7 with g10, the Black pegs c11, d10, e10 and e11
//! and the Red pegs b6, b7, e7, h2 and l4 taken off leave a win in 7 (1.5
//! to 2.4 million positions each); with i2, j9 or l2 (Black's reply to
//! the key move in the main line) it is undecided `in 8` after 20,000,000
//! positions (110 to 130 s of CPU each), and with i11 (the link g10-i11
//! made) after 60,000,000 (449 s of CPU, 346 MB). Of the win in 6, the Black pegs g9, h7, h8 and i2
//! leave it undecided `in 7` after 10,000,000.
//!
//! The game of intrusions (docs/engine.md: a defender peg in two
//! carriers of a chain, the attacker closing one gap): `examples/solve_position`
//! of main's solver and of this one on every puzzle, one after the other,
//! under a load average near 7. The 25 proofs and refutations of `in N-1`:
//! 439,102 positions against 471,458; the random win in 6 194,455 against
//! 209,824 (its refutation 64,380 against 76,825); the chain of five
//! 2,782 against 3,473; two proofs searched more (9,893 against 9,376 and
//! 659 against 383: a proof by the game can have a wider zone). `in 9` of
//! each win in 4 searched exactly the positions of `in 4`, in both. The
//! win in 7 (d8, e5, g11 against e1, l6), undecided by main after
//! 100,000,000 positions (an earlier session's run): 8,293,941 positions,
//! 62 s of CPU (120 s of wall time at half a core), peak memory 344 MB;
//! its `in 6` refuted in 140,573 positions, 1.0 s of CPU (main 155,225,
//! 1.5 s). With e3 instead of e1: 12,731,286 positions, 107 s of CPU,
//! 342 MB, `in 6` refuted in 272,766; with e2: 18,771,031, 146 s, 345 MB,
//! `in 6` refuted in 385,088. `twixt check` of the e1 position: `#wins red
//! in 6` false ("after 1. c6, 2. f3 holds"), `#wins red in 7` proved (250 s
//! of CPU and 380 MB with the search for other key moves, which stopped
//! at its 20,000,000-position limit). Under `dujardin`, five of the puzzles took about the positions
//! main's took (24,736 → 26,704, 10,149 → 10,149, 65,488 → 66,591, 29,689
//! → 28,225; one win in 6 of the set is undecided within 5,000,000 by
//! both under those rules).
//!
//! Connection knowledge (a chain of double links proved without search,
//! docs/engine.md): `examples/solve_position` of main's solver and of this
//! one on every puzzle, one after the other, wall time with a build
//! running on the 2 cores (times noisy, positions exact). The 25 proofs
//! and the 25 refutations of `in N-1`: 471,458 positions against
//! 1,751,835, 24.7 s against 60.3 s; the slowest proof, the random win in
//! 6, 209,824 positions against 359,343 (9.1 s against 13.1 s); the chain
//! of five 3,473 against 52,477; the chain with g3 and j6 57,292 against
//! 645,206 (4.4 s against 23.5 s). No puzzle searched more positions; a
//! position costs about 1.2 to 1.5 times main's. Wins in 7 and 8: still
//! none (README, "Not done yet").
//!
//! Last run (main's solver, before a position is looked up with one of the
//! line's defender replies taken off, and this one; `examples/solve_position`
//! of each on every puzzle, in CPU time on 2 cores under a load average
//! near 7; positions are exact). Positions to prove each win, main → this
//! solver, in the order of the set: wins in 3: 41, 196 → 186, 57, 125 →
//! 111, 209 → 170, 93 → 77; wins in 4: 2,876 → 1,792, 8,341 → 5,160,
//! 1,565 → 1,423, 5,305 → 2,217, 6,604 → 3,517, 2,945 → 1,892, 1,265 →
//! 735, 11,035 → 5,645; wins in 5: 49,161 → 33,517, 18,152 → 13,976,
//! 35,918 → 12,388, 94,308 → 53,013 (0.40 → 0.24 s), 9,348 → 5,931,
//! 17,582 → 11,699; wins in 6: 91,171 → 59,457 (0.41 → 0.29 s) and
//! 486,551 → 359,343 (2.37 → 1.67 s). The composed chains: the win in 5 175,353 → 52,477
//! (0.46 → 0.24 s), the win in 6 without k1 and h4 305,633 → 176,744
//! (1.37 → 0.76 s), and the one with g3 and j6 worse, 517,717 → 645,206
//! (2.35 → 2.76 s): a proof taken over from the position without a reply
//! keeps that position's zone, which can be wider than the one a search
//! of its own would find, and a wider zone narrows the replies less.
//! A defence that holds in N-1: at most 140,503 positions (main 174,621),
//! 0.65 s. `in 9` costs exactly the positions of `in N` in every case.
//! The first 22 together (prove, refute, `in 9`): 1,908,135 → 1,324,124
//! positions, 8.9 → 6.1 s of CPU, about 216,000 positions/s for both.
//! Peak memory of one search: at most 47 MB (the chain with g3 and j6;
//! main 25 MB there, where this solver keeps the positions it answers from
//! the table too), 24 MB for both on the slowest random win in 6. This
//! benchmark's own last run: slowest proofs 0.44 ms (in 3), 12.1 ms (in
//! 4), 201 ms (in 5), 2,644 ms (in 6); 3,198,609 positions in 14.2 s of
//! CPU, 225,000 positions/s; peak memory of the process 55 MB.
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
