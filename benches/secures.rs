//! Corner puzzles asked with no length: "the side to move secures the
//! connection" (`#wins red`), proved or refuted by `solver::secures`, with
//! the fixed-length search of the shortest win (`#wins red in N`, N known
//! from the set) side by side where one exists.
//!
//! The set is `benches/secure-puzzles.tsv` (its header says how it was
//! made): 12×12 windows of 24×24 boards (top and right sides cut),
//! automatic links, each with its expected answer and key move. For each
//! puzzle, on one thread, in CPU time of the thread (not inflated by other
//! processes on the cores): the new search with its proof
//! (`secures_with_proof`, as `twixt check` runs it; the proof is then
//! replayed by `check_proof`, untimed), its positions and positions per
//! second, the table it held; then the old way, `solve` at the shortest N
//! within `OLD_POSITIONS`; then the set's other keys of the puzzle, each
//! proved again. A `refuted` row is a false key: the claim after it, the
//! opponent to move, must break. At the end the peak memory of the process.
//!
//! `cargo bench --bench secures` runs the set; `-- --only=K` runs its Kth
//! puzzle (from 1) alone; `-- --without-defender-connection` adds a column:
//! the claim (`secures`, no proof) with the defender's virtual connection
//! not used to disprove ([`Tuning::secure_defender_connection`] off) and
//! then with it, side by side in the same run; `-- --keys` lists every
//! first move that secures the connection (`secure_keys`) for each secured
//! puzzle: whether it has one key move; `-- --keys-within` lists every
//! first move that wins within the puzzle's shortest win (`winning_keys`)
//! and names those the set does not list; `-- --near` tries the holes
//! nearest each key as first moves (how the set's other keys and false
//! keys are found), with and without the defender's virtual connection;
//! `-- --after-key` plays each key (and false key) and asks the claim
//! after it as `twixt check` asks a claim written after its key move.
// Measuring needs the C library (clock_gettime): unsafe, audited, in this
// bench alone.
#![allow(unsafe_code)]

use std::time::Duration;

use twixt_core::solver::{
    SearchLimit, Searched, Secure, Solved, Tuning, Undecided, check_proof, secure_keys, secures,
    secures_with_proof, solve, winning_keys,
};
use twixtkit::prelude::{Hole, Move, Player};

/// Positions the new search may take on one puzzle: about 30 s of CPU,
/// past the goal of 10 s, so that a miss shows by how much. Positions,
/// not wall time, so that the answers do not depend on the machine's load.
const NEW_POSITIONS: u64 = 5_000_000;

/// Positions `-- --keys-within` may take on one puzzle: every first move
/// decided within the shortest win.
const KEYS_WITHIN_POSITIONS: u64 = 50_000_000;

/// The cap of the old way (the fixed-length search at the shortest N):
/// about 10 s of CPU.
const OLD_POSITIONS: u64 = 3_000_000;

/// One puzzle of the set.
struct Puzzle {
    secured: bool,
    key: Option<Hole>,
    shortest: Option<u32>,
    line: String,
    /// Other first moves known to secure the connection (the set's
    /// seventh field): each is proved again by the bench.
    cooks: Vec<Hole>,
    /// A refuted claim (`refuted`): the tempting first move that does not
    /// secure the connection (the key field), with the defence that holds
    /// in the seventh field.
    false_key: Option<Hole>,
}

fn read_set(text: &str) -> Vec<Puzzle> {
    let mut set = Vec::new();
    for (i, row) in text.lines().enumerate() {
        if row.trim().is_empty() || row.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = row.split('\t').collect();
        assert!(
            f.len() >= 4,
            "secure-puzzles.tsv:{}: four fields wanted",
            i + 1
        );
        let secured = match f[0] {
            "secured" => true,
            "breaks" | "refuted" => false,
            other => panic!("secure-puzzles.tsv:{}: answer {other:?}", i + 1),
        };
        let key = (f[1] != "-").then(|| {
            f[1].parse()
                .unwrap_or_else(|_| panic!("secure-puzzles.tsv:{}: key {:?}", i + 1, f[1]))
        });
        let shortest = (f[2] != "-").then(|| {
            f[2].parse()
                .unwrap_or_else(|_| panic!("secure-puzzles.tsv:{}: length {:?}", i + 1, f[2]))
        });
        let cooks = match f.get(6).copied() {
            None | Some("-") => Vec::new(),
            Some(list) => list
                .split(',')
                .map(|h| {
                    h.parse()
                        .unwrap_or_else(|_| panic!("secure-puzzles.tsv:{}: cook {h:?}", i + 1))
                })
                .collect(),
        };
        set.push(Puzzle {
            secured,
            key,
            shortest,
            line: f[3].to_string(),
            false_key: key.filter(|_| f[0] == "refuted"),
            cooks,
        });
    }
    set
}

/// This thread's CPU time.
fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(r, 0, "a CPU clock");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn secs(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
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

/// `-- --classify`: each position line read on standard input (a tab and
/// more after it are kept) answered by `secures` within the bench's
/// limit, with every key move that secures (`secure_keys`), printed as a
/// row of the set: how its answers were found.
fn classify() {
    for row in std::io::stdin().lines() {
        let row = row.expect("standard input");
        let (line, rest) = row.split_once('\t').unwrap_or((&row, ""));
        let pos = twixt_core::position_line::read_position(line).expect("a position line");
        let limit = SearchLimit::positions(NEW_POSITIONS);
        let start = cpu_time();
        let answer = match secures_with_proof(&pos, pos.to_move(), &limit) {
            Ok((s, _)) => match s.answer {
                Secure::Secured { key } => {
                    format!("secured\t{}", key.map_or("-".into(), |k| k.to_string()))
                }
                Secure::Breaks { .. } => "breaks\t-".into(),
            },
            Err(e) => format!("undecided ({e})\t-"),
        };
        let t = cpu_time() - start;
        let keys = match secure_keys(&pos, pos.to_move(), &limit) {
            Ok(k) => {
                let k: Vec<String> = k.answer.iter().map(ToString::to_string).collect();
                format!("keys {}", k.join(","))
            }
            Err(e) => format!("keys undecided ({e})"),
        };
        println!(
            "{answer}\t-\t{line}\t{rest}\t{}\t{keys}\t{}",
            secs(t),
            secs(cpu_time() - start - t)
        );
    }
}

/// Proves each of the set's other keys of a puzzle again (the
/// connection secure after it, the opponent to move) and names them;
/// `-` when the set knows none.
fn cooks_proved(
    pos: &twixt_core::position::Position,
    me: Player,
    cooks: &[Hole],
    n: usize,
) -> String {
    if cooks.is_empty() {
        return "-".into();
    }
    for &c in cooks {
        let mut after = pos.clone();
        after.play(&Move::peg(c)).expect("a cook is a legal move");
        let found = secures(&after, me, &SearchLimit::positions(NEW_POSITIONS))
            .unwrap_or_else(|e| panic!("puzzle {n}: cook {c}: {e}"));
        assert!(
            matches!(found.answer, Secure::Secured { .. }),
            "puzzle {n}: cook {c} does not secure: {:?}",
            found.answer
        );
    }
    let names: Vec<String> = cooks.iter().map(ToString::to_string).collect();
    format!("{} (proved)", names.join(", "))
}

/// The claim without the defender's virtual connection, then with it (no
/// proof built): CPU time and positions of each.
fn with_and_without(pos: &twixt_core::position::Position, me: Player) -> String {
    let run = |on: bool| {
        let limit = SearchLimit::positions(NEW_POSITIONS).with_tuning(Tuning {
            secure_defender_connection: on,
            ..Tuning::default()
        });
        let start = cpu_time();
        let found = secures(pos, me, &limit);
        let t = cpu_time() - start;
        match found {
            Ok(s) => format!("{} {}", secs(t), s.positions),
            Err(_) => format!("{} undecided", secs(t)),
        }
    };
    let without = run(false);
    format!("{without} / {}", run(true))
}

/// The puzzles of a look for every key move, by what it found: one key,
/// more, or undecided at the limit.
#[derive(Default)]
struct KeyCounts {
    one: usize,
    more: usize,
    undecided: usize,
}

impl KeyCounts {
    /// Counts one puzzle's look, and gives its row's keys and positions.
    fn add(&mut self, found: &Result<Searched<Vec<Hole>>, Undecided>) -> (String, String) {
        match found {
            Ok(k) => {
                if k.answer.len() == 1 {
                    self.one += 1;
                } else {
                    self.more += 1;
                }
                let names: Vec<String> = k.answer.iter().map(ToString::to_string).collect();
                (names.join(", "), k.positions.to_string())
            }
            Err(e) => {
                self.undecided += 1;
                (format!("undecided: {e}"), "-".into())
            }
        }
    }
}

/// `-- --keys`: every first move that secures the connection, for each
/// secured puzzle of the set (or the `--only` one), within
/// [`NEW_POSITIONS`] on one thread: the set's key and other keys must be
/// among them, and a puzzle with one of them is a "one key move" puzzle.
fn keys(set: &[Puzzle], only: Option<usize>) {
    println!("| # | key | every key | CPU | positions |");
    println!("|---|---|---|---|---|");
    let mut counts = KeyCounts::default();
    for (i, p) in set.iter().enumerate() {
        if only.is_some_and(|k| k != i + 1) || !p.secured || p.false_key.is_some() {
            continue;
        }
        let pos = twixt_core::position_line::read_position(&p.line).expect("a position line");
        let start = cpu_time();
        let found = secure_keys(&pos, pos.to_move(), &SearchLimit::positions(NEW_POSITIONS));
        let t = cpu_time() - start;
        if let Ok(k) = &found {
            for known in p.key.iter().chain(&p.cooks) {
                assert!(
                    k.answer.contains(known),
                    "puzzle {}: {known} secures but is not listed",
                    i + 1
                );
            }
        }
        let (list, positions) = counts.add(&found);
        let key = p.key.map_or("-".into(), |k| k.to_string());
        println!("| {} | {key} | {list} | {} | {positions} |", i + 1, secs(t));
    }
    println!();
    let KeyCounts {
        one,
        more,
        undecided,
    } = counts;
    println!("{one} with one key move, {more} with more, {undecided} undecided");
}

/// `-- --keys-within`: every first move that wins within the puzzle's
/// shortest win (`winning_keys`, the exact search), for each secured
/// puzzle of the set with a known shortest win (or the `--only` one),
/// within [`KEYS_WITHIN_POSITIONS`] on one thread. The set's key must be
/// among them; every one of them secures the connection, and those the
/// set does not list as the key or its other keys are named at the end;
/// a puzzle with one of them has one key move in as few moves as its
/// shortest win (a slower win from another first move, which `--keys`
/// looks for, is not ruled out).
fn keys_within(set: &[Puzzle], only: Option<usize>) {
    println!("| # | shortest win | key | every key within it | CPU | positions |");
    println!("|---|---|---|---|---|---|");
    let mut counts = KeyCounts::default();
    let mut total = Duration::ZERO;
    let mut unlisted_all = Vec::new();
    for (i, p) in set.iter().enumerate() {
        let (Some(key), Some(n)) = (p.key, p.shortest) else {
            continue;
        };
        if only.is_some_and(|k| k != i + 1) || !p.secured || p.false_key.is_some() {
            continue;
        }
        let pos = twixt_core::position_line::read_position(&p.line).expect("a position line");
        let start = cpu_time();
        let found = winning_keys(
            &pos,
            pos.to_move(),
            n,
            &SearchLimit::positions(KEYS_WITHIN_POSITIONS),
        );
        let t = cpu_time() - start;
        total += t;
        if let Ok(k) = &found {
            assert!(
                k.answer.contains(&key),
                "puzzle {}: the key {key} does not win in {n}",
                i + 1
            );
            let unlisted: Vec<String> = k
                .answer
                .iter()
                .filter(|&&h| h != key && !p.cooks.contains(&h))
                .map(ToString::to_string)
                .collect();
            if !unlisted.is_empty() {
                unlisted_all.push(format!("{}: {}", i + 1, unlisted.join(", ")));
            }
        }
        let (list, positions) = counts.add(&found);
        println!(
            "| {} | {n} | {key} | {list} | {} | {positions} |",
            i + 1,
            secs(t)
        );
    }
    let KeyCounts {
        one,
        more,
        undecided,
    } = counts;
    println!();
    println!(
        "{one} with one key move within the shortest win, {more} with more, {undecided} undecided; {} in all",
        secs(total)
    );
    println!(
        "keys within the shortest win the set does not list: {}",
        if unlisted_all.is_empty() {
            "none".to_string()
        } else {
            unlisted_all.join("; ")
        }
    );
}

/// `-- --after-key`: each puzzle's key move (a false key's too) played,
/// and the claim with no length asked after it, the opponent to move, as
/// `twixt check` asks a claim written after its key move
/// (`check_secure_claim`: the exact search's look and the proof numbers
/// taking turns, a proof replayed), within [`NEW_POSITIONS`]: proved for
/// a secured puzzle, refuted by the set's defence for a false key.
fn after_key(set: &[Puzzle], only: Option<usize>) {
    use twixtkit::win_claims::{Limits, SearchBudget, SecureClaim, Verdict, check_secure_claim};
    let budget = SearchBudget::new(
        Limits {
            positions: NEW_POSITIONS,
            time: None,
        },
        Limits {
            positions: u64::MAX,
            time: None,
        },
    );
    println!("| # | after | verdict | CPU | positions |");
    println!("|---|---|---|---|---|");
    let (mut under_1, mut under_10, mut as_expected, mut asked) = (0, 0, 0, 0);
    let mut total = Duration::ZERO;
    for (i, p) in set.iter().enumerate() {
        let Some(key) = p.key else { continue };
        if only.is_some_and(|k| k != i + 1) {
            continue;
        }
        let mut pos = twixt_core::position_line::read_position(&p.line).expect("a position line");
        let me = pos.to_move();
        pos.play(&Move::peg(key)).expect("the key is legal");
        let claim = SecureClaim {
            player: me,
            next_move: pos.ply() + 1,
            line: 1,
            key: None,
            solution_follows: false,
            want_keys: false,
        };
        let start = cpu_time();
        let (report, _) = check_secure_claim(&pos, &claim, &budget);
        let t = cpu_time() - start;
        total += t;
        asked += 1;
        let verdict = match report.verdict {
            Verdict::Proved => "secured".to_string(),
            Verdict::False => format!("refuted: {}", report.refutation.join(" ")),
            other => format!("{other:?}"),
        };
        let expected = if p.false_key.is_some() {
            report.verdict == Verdict::False
        } else {
            report.verdict == Verdict::Proved
        };
        as_expected += usize::from(expected);
        under_1 += usize::from(expected && t < Duration::from_secs(1));
        under_10 += usize::from(expected && t < Duration::from_secs(10));
        println!(
            "| {} | {key} | {verdict} | {} | {} |",
            i + 1,
            secs(t),
            report.positions
        );
    }
    println!();
    println!(
        "{as_expected} of {asked} as expected; {under_10} in under 10 s, {under_1} in under 1 s; {} in all",
        secs(total)
    );
}

/// Holes nearest the key tried by `--near`, and the positions each try may
/// take.
const NEAR_TRIES: usize = 4;
const NEAR_POSITIONS: u64 = 300_000;

/// `-- --near`: for each secured puzzle, the [`NEAR_TRIES`] empty holes
/// nearest its key (within two columns and two rows, nearest first; the
/// set's other keys left out), each played as the first move and the claim
/// asked after it, the opponent to move (`secures`, [`NEAR_POSITIONS`]
/// positions), without and with the defender's virtual connection
/// ([`Tuning::secure_defender_connection`]): another key, a false key with
/// the defence that holds, or undecided.
fn near(set: &[Puzzle], only: Option<usize>) {
    println!("| # | first move | without: answer | positions | with: answer | positions |");
    println!("|---|---|---|---|---|---|");
    let mut refuted = [0usize; 2];
    let mut secured = [0usize; 2];
    let mut tries = 0;
    for (i, p) in set.iter().enumerate() {
        if only.is_some_and(|k| k != i + 1) || !p.secured || p.false_key.is_some() {
            continue;
        }
        let Some(key) = p.key else { continue };
        let pos = twixt_core::position_line::read_position(&p.line).expect("a position line");
        let me = pos.to_move();
        let distance = |h: Hole| {
            let (dc, dr) = (
                i64::from(h.col) - i64::from(key.col),
                i64::from(h.row) - i64::from(key.row),
            );
            (dc.abs() <= 2 && dr.abs() <= 2).then_some(dc * dc + dr * dr)
        };
        let mut holes: Vec<(i64, Hole)> = pos
            .size()
            .holes()
            .filter(|&h| h != key && !p.cooks.contains(&h))
            .filter_map(|h| Some((distance(h)?, h)))
            .collect();
        holes.sort();
        let firsts = holes.into_iter().filter_map(|(_, h)| {
            let mut after = pos.clone();
            after.play(&Move::peg(h)).ok().map(|_| (h, after))
        });
        for (h, after) in firsts.take(NEAR_TRIES) {
            tries += 1;
            let mut row = format!("| {} | {h} |", i + 1);
            for (k, on) in [false, true].into_iter().enumerate() {
                let limit = SearchLimit::positions(NEAR_POSITIONS).with_tuning(Tuning {
                    secure_defender_connection: on,
                    ..Tuning::default()
                });
                let (answer, positions) = match secures(&after, me, &limit) {
                    Ok(s) => match s.answer {
                        Secure::Secured { .. } => {
                            secured[k] += 1;
                            ("another key".to_string(), s.positions.to_string())
                        }
                        Secure::Breaks { defence, .. } => {
                            refuted[k] += 1;
                            let d = defence.map_or("-".into(), |d| d.to_string());
                            (format!("refuted: {d} holds"), s.positions.to_string())
                        }
                    },
                    Err(_) => ("undecided".to_string(), "-".to_string()),
                };
                row += &format!(" {answer} | {positions} |");
            }
            println!("{row}");
        }
    }
    println!();
    println!(
        "{tries} first moves tried: without the defender's connection {} other keys and {} refuted, with it {} and {}",
        secured[0], refuted[0], secured[1], refuted[1]
    );
}

fn main() {
    if std::env::args().any(|a| a == "--classify") {
        classify();
        return;
    }
    let only: Option<usize> =
        std::env::args().find_map(|a| a.strip_prefix("--only=")?.parse().ok());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/secure-puzzles.tsv");
    for (flag, run) in [
        ("--keys", keys as fn(&[Puzzle], Option<usize>)),
        ("--keys-within", keys_within),
        ("--near", near),
        ("--after-key", after_key),
    ] {
        if std::env::args().any(|a| a == flag) {
            let text = std::fs::read_to_string(path).expect("benches/secure-puzzles.tsv");
            run(&read_set(&text), only);
            return;
        }
    }
    let compare = std::env::args().any(|a| a == "--without-defender-connection");
    let text = std::fs::read_to_string(path).expect("benches/secure-puzzles.tsv");
    let set = read_set(&text);
    println!(
        "| # | pegs | expected | new: answer | CPU | positions | positions/s | table | proof | old: in N | CPU | positions | other keys |{}",
        if compare {
            " without / with the defender's connection: CPU, positions |"
        } else {
            ""
        }
    );
    println!(
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|{}",
        if compare { "---|" } else { "" }
    );
    let (mut under_1, mut under_10, mut decided) = (0, 0, 0);
    let (mut new_p, mut new_t) = (0u64, Duration::ZERO);
    let mut misses = Vec::new();
    for (i, p) in set.iter().enumerate() {
        if only.is_some_and(|k| k != i + 1) {
            continue;
        }
        let mut pos = twixt_core::position_line::read_position(&p.line).expect("a position line");
        let me = pos.to_move();
        let pegs = pos.size().holes().filter(|&h| pos.peg(h).is_some()).count();
        let expected = match (p.secured, p.key, p.false_key) {
            (_, _, Some(f)) => {
                // The claim after the false key: the opponent to move.
                pos.play(&Move::peg(f))
                    .expect("the false key is a legal move");
                let holds = p.cooks.first().map_or("-".into(), |d| d.to_string());
                format!("1. {f} refuted by {holds}")
            }
            (true, Some(k), _) => format!("secured, key {k}"),
            (true, None, _) => "secured".into(),
            (false, _, _) => "breaks".into(),
        };
        let limit = SearchLimit::positions(NEW_POSITIONS);
        let start = cpu_time();
        let new = secures_with_proof(&pos, me, &limit);
        let t = cpu_time() - start;
        let (answer, positions, table, proof) = match new {
            Ok((s, proof)) => {
                decided += 1;
                new_p += s.positions;
                new_t += t;
                if t < Duration::from_secs(1) {
                    under_1 += 1;
                }
                if t < Duration::from_secs(10) {
                    under_10 += 1;
                } else {
                    misses.push(i + 1);
                }
                let answer = match s.answer {
                    Secure::Secured { key } => {
                        assert!(p.secured, "puzzle {}: secured, expected {expected}", i + 1);
                        match key {
                            Some(k) if p.cooks.contains(&k) => {
                                format!("secured, key {k} (a known cook)")
                            }
                            Some(k) if Some(k) != p.key => format!("secured, key {k} (a cook)"),
                            Some(k) => format!("secured, key {k}"),
                            None => "secured".into(),
                        }
                    }
                    Secure::Breaks { attempt, defence } => {
                        assert!(!p.secured, "puzzle {}: breaks, expected {expected}", i + 1);
                        let show = |h: Option<Hole>| h.map_or("-".into(), |h| h.to_string());
                        format!("breaks: {}, {} holds", show(attempt), show(defence))
                    }
                };
                let proof = match proof {
                    Some(proof) => {
                        check_proof(&pos, me, &proof).unwrap_or_else(|e| {
                            panic!("puzzle {}: the proof does not replay: {e}", i + 1)
                        });
                        format!("{} nodes, replayed", proof.size())
                    }
                    None if p.secured => "not rebuilt".into(),
                    None => "-".into(),
                };
                (
                    answer,
                    s.positions,
                    format!("{} MB", s.table_bytes >> 20),
                    proof,
                )
            }
            Err(e) => {
                misses.push(i + 1);
                (format!("undecided: {e}"), 0, "-".into(), "-".into())
            }
        };
        let rate = if positions > 0 {
            format!("{:.0}", positions as f64 / t.as_secs_f64())
        } else {
            "-".into()
        };
        let old = p.shortest.map(|n| {
            let cap = SearchLimit::positions(OLD_POSITIONS);
            let start = cpu_time();
            let s = solve(&pos, me, n, &cap);
            let t = cpu_time() - start;
            match s {
                Ok(s) => {
                    assert!(
                        matches!(s.answer, Solved::Wins { moves, .. } if moves == n),
                        "puzzle {}: in {n}: {:?}",
                        i + 1,
                        s.answer
                    );
                    (format!("in {n}: wins"), secs(t), s.positions.to_string())
                }
                Err(_) => (format!("in {n}: over the cap"), secs(t), "-".into()),
            }
        });
        let (old_a, old_t, old_p) = old.unwrap_or(("no short win".into(), "-".into(), "-".into()));
        let cooks = match p.false_key {
            Some(_) => "-".into(),
            None => cooks_proved(&pos, me, &p.cooks, i + 1),
        };
        let side_by_side = if compare {
            format!(" {} |", with_and_without(&pos, me))
        } else {
            String::new()
        };
        println!(
            "| {} | {pegs} | {expected} | {answer} | {} | {positions} | {rate} | {table} | {proof} | {old_a} | {old_t} | {old_p} | {cooks} |{side_by_side}",
            i + 1,
            secs(t),
        );
    }
    println!();
    println!(
        "{decided} decided; {under_10} in < 10 s, {under_1} in < 1 s (CPU time, one thread); \
         {new_p} positions in {:.2} s ({:.0} positions/s); peak memory {}",
        new_t.as_secs_f64(),
        new_p as f64 / new_t.as_secs_f64().max(1e-9),
        peak_memory()
    );
    if !misses.is_empty() {
        let list: Vec<String> = misses.iter().map(ToString::to_string).collect();
        println!("over 10 s or undecided: {}", list.join(", "));
    }
}
