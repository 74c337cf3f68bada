//! `secures_with_proof` on one thread and on two, in wall-clock time (threads
//! share the work): corner puzzles of `benches/secure-puzzles.tsv` (the
//! workspace's bench set; see its header) asked three ways: as `twixt check`
//! asks the claim (the short-win look first), by the proof numbers alone
//! with the player to move, and by the proof numbers alone after the key
//! move (the opponent to move: the question `check` asks of each move of a
//! solution). Each answer and proof must be the same on both; the positions
//! are printed for each.
//!
//! Then the cooks of puzzle 1 (`secure_keys`, whose first moves the threads
//! share evenly) within [`COOK_POSITIONS`]: how many positions a second the
//! machine gives one thread and two.
//!
//! `cargo bench -p twixt-core --bench secure_threads` (run it with
//! `nice -n 5` on a shared machine; `-- 4,33` picks the puzzles by number).

use std::time::{Duration, Instant};

use twixt_core::Move;
use twixt_core::solver::{
    SearchLimit, Secure, SecureSolution, Tuning, Undecided, secure_keys, secures_with_proof,
};

/// Positions each question may take (on any number of threads).
const POSITIONS: u64 = 1_000_000;

/// The puzzles of the set asked by default: those the proof numbers
/// alone decide in 10,000 to 500,000 positions, and the slowest of the
/// short-win look.
const DEFAULT: [usize; 6] = [4, 6, 9, 13, 22, 33];

/// Positions the cooks of puzzle 1 may take.
const COOK_POSITIONS: u64 = 2_000_000;

/// An answer in words: `key d4`, `secured`, `j5 refuted by j3`, `j3 holds`.
fn words(answer: &Secure) -> String {
    let hole = |h: &Option<twixt_core::Hole>| h.map_or("-".into(), |h| h.to_string());
    match answer {
        Secure::Secured { key: Some(k) } => format!("key {k}"),
        Secure::Secured { key: None } => "secured".into(),
        Secure::Breaks {
            attempt: Some(a),
            defence,
        } => format!("{a} refuted by {}", hole(defence)),
        Secure::Breaks {
            attempt: None,
            defence,
        } => format!("{} holds", hole(defence)),
    }
}

fn main() {
    let picked: Vec<usize> = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .map(|a| a.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_else(|| DEFAULT.to_vec());
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../benches/secure-puzzles.tsv"
    );
    let text = std::fs::read_to_string(path).expect("benches/secure-puzzles.tsv");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|r| !r.starts_with('#') && !r.trim().is_empty())
        .map(|r| r.split('\t').collect())
        .collect();
    println!("| # | asked | answer | 1 thread | positions | 2 threads | positions | speed-up |");
    println!("|---|---|---|---|---|---|---|---|");
    for n in picked {
        let f = &rows[n - 1];
        let pos = twixt_core::position_line::read_position(f[3]).expect("a position line");
        let me = pos.to_move();
        let mut after = pos.clone();
        if f[0] == "secured" || f[0] == "refuted" {
            after
                .play(&Move::peg(f[1].parse().expect("a hole")))
                .expect("the key is a legal move");
        }
        let ways = [
            ("as check asks", &pos, true),
            ("proof numbers alone", &pos, false),
            ("after the key", &after, false),
        ];
        for (asked, p, short_win) in ways {
            let tuning = Tuning {
                secure_short_win: short_win,
                ..Tuning::default()
            };
            let run = |threads: usize| {
                let limit = SearchLimit::positions(POSITIONS)
                    .with_tuning(tuning)
                    .with_threads(threads);
                let start = Instant::now();
                (secures_with_proof(p, me, &limit), start.elapsed())
            };
            let (one, t1) = run(1);
            let (two, t2) = run(2);
            let cell = |found: &Result<(SecureSolution, _), _>, t: Duration| match found {
                Ok((s, _)) => (format!("{:.3} s", t.as_secs_f64()), s.positions.to_string()),
                Err(_) => (format!("undecided ({:.3} s)", t.as_secs_f64()), "–".into()),
            };
            let (answer, speed) = match (&one, &two) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(
                        (&a.0.answer, &a.1),
                        (&b.0.answer, &b.1),
                        "puzzle {n} ({asked}): the threads changed the answer"
                    );
                    let speed = t1.as_secs_f64() / t2.as_secs_f64();
                    (words(&a.0.answer), format!("{speed:.2}×"))
                }
                _ => ("-".into(), "-".into()),
            };
            let ((w1, p1), (w2, p2)) = (cell(&one, t1), cell(&two, t2));
            println!("| {n} | {asked} | {answer} | {w1} | {p1} | {w2} | {p2} | {speed} |");
        }
    }
    let pos = twixt_core::position_line::read_position(rows[0][3]).expect("a position line");
    for threads in [1, 2] {
        let limit = SearchLimit::positions(COOK_POSITIONS).with_threads(threads);
        let start = Instant::now();
        let positions = match secure_keys(&pos, pos.to_move(), &limit) {
            Ok(k) => k.positions,
            Err(Undecided::Limit { positions, .. }) => positions,
            Err(e) => panic!("puzzle 1: {e}"),
        };
        let t = start.elapsed().as_secs_f64();
        println!(
            "cooks of puzzle 1 on {threads} thread(s): {positions} positions in {t:.3} s ({:.0} a second)",
            positions as f64 / t
        );
    }
}
