//! Golden syntax trees: what today's readers make of every script and record
//! the project can find, kept as one digest per input, so that a new parser
//! (issue 30: the grammar on nom again) can be shown to build exactly the same
//! trees, spans and errors before the old one goes.
//!
//! Each input is read by the reader its kind calls for — a TwixT script by
//! `script::parse`, a TWRS script by `twrs::script::parse`, a `.tsgf`, T1 or
//! move-list record by its `formats` reader, a one-line position by
//! `twixt::line::read` — and the reader's whole answer (trees with their
//! spans, and every error) is written with `{:?}` into a 64-bit FNV-1a
//! digest. The digests live in `tests/syntax_trees/`:
//!
//! - `repository.digests`: every game file of the repository (diagrams,
//!   examples, the bad-input and fuzz corpora);
//! - `generated.digests`: a few thousand made here — random games of every
//!   preset written as scripts and move lists, one-line positions, and cuts
//!   and one-byte changes of every small corpus file (error paths);
//! - `shared.digests`: the real records of `../shared/games`, when present
//!   (the test says that it skipped them otherwise).
//!
//! `TWIXT_BLESS=1 cargo test --release --test files syntax_trees::` writes them
//! anew; do that only with the parser the digests are meant to describe.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use twixt_core::rules::RuleSet;
use twixtkit::commands::games::twixt::random::{BatchFormat, write_games};
use twixtkit::formats::{littlegolem, movelist, t1};

/// A 64-bit FNV-1a hash fed by `write!`, so that a large tree is never
/// held as one string.
struct Digest(u64);

impl Digest {
    fn new() -> Digest {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl std::fmt::Write for Digest {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// How an input is read, from its name.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Script,
    LittleGolem,
    T1,
    MoveList,
    Line,
}

impl Kind {
    fn of(name: &str) -> Option<Kind> {
        let name = name.to_ascii_lowercase();
        if name.ends_with(".twixt") {
            Some(Kind::Script)
        } else if name.ends_with(".tsgf") {
            Some(Kind::LittleGolem)
        } else if name.ends_with(".t1") {
            Some(Kind::T1)
        } else if name.ends_with(".txt") || name.ends_with(".moves") {
            Some(Kind::MoveList)
        } else if name.ends_with(".line") {
            Some(Kind::Line)
        } else {
            None
        }
    }
}

/// The digest of what the reader of `kind` makes of `bytes`.
fn digest(kind: Kind, bytes: &[u8]) -> String {
    let mut d = Digest::new();
    match kind {
        Kind::Script => {
            let text = String::from_utf8_lossy(bytes);
            if twixtkit::twrs::script::is_twrs(&text) {
                let _ = write!(d, "twrs {:?}", twixtkit::twrs::script::parse(&text));
            } else {
                let parsed = twixtkit::script::parse(&text);
                let _ = write!(d, "twixt {:?} {:?}", parsed.file, parsed.errors);
            }
        }
        Kind::LittleGolem => {
            let _ = write!(d, "tsgf {:?}", littlegolem::read(bytes));
        }
        Kind::T1 => {
            let _ = write!(d, "t1 {:?}", t1::read(bytes));
        }
        Kind::MoveList => {
            let _ = write!(d, "moves {:?}", movelist::read(bytes));
        }
        Kind::Line => {
            let text = String::from_utf8_lossy(bytes);
            let _ = write!(
                d,
                "line {:?}",
                twixt_core::position_line::read(text.trim_end())
            );
        }
    }
    format!("{:016x}", d.0)
}

fn files_below(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_below(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's own game files, by path from its root.
fn repository_inputs() -> Vec<(String, Kind, Vec<u8>)> {
    let root = root();
    let mut paths = Vec::new();
    for dir in [
        "diagrams",
        "examples",
        "tests/bad_inputs",
        "tests/fuzz_seeds",
        "tests/fuzz_regressions",
    ] {
        files_below(&root.join(dir), &mut paths);
    }
    game_files(&root, paths)
}

/// The game files among `paths`, named from `base`, in name order.
fn game_files(base: &Path, paths: Vec<PathBuf>) -> Vec<(String, Kind, Vec<u8>)> {
    let mut inputs = Vec::new();
    for path in paths {
        let name = path
            .strip_prefix(base)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if let Some(kind) = Kind::of(&name) {
            inputs.push((name, kind, std::fs::read(&path).unwrap()));
        }
    }
    inputs.sort_by(|a, b| a.0.cmp(&b.0));
    inputs
}

/// Inputs made here, the same on every machine.
fn generated_inputs() -> Vec<(String, Kind, Vec<u8>)> {
    let mut inputs = Vec::new();
    // Random games of every preset, as scripts and as move lists.
    for preset in twixt_core::rules::PRESET_NAMES {
        for size in [6u64, 12, 24] {
            let mut rules = RuleSet::preset(preset).unwrap();
            rules.size = twixt_core::board::BoardSize::square(size).unwrap();
            for seed in 0..40u64 {
                let plies = Some(size as u32 * 3);
                let script = write_games(&rules, seed, 3, plies, BatchFormat::Script).unwrap();
                inputs.push((
                    format!("random/{preset}-{size}-{seed}.twixt"),
                    Kind::Script,
                    script.into_bytes(),
                ));
                // A move list has no link notation: presets that link by hand
                // have none.
                if seed % 4 == 0
                    && let Ok(list) = write_games(&rules, seed, 2, plies, BatchFormat::MoveList)
                {
                    inputs.push((
                        format!("random/{preset}-{size}-{seed}.moves"),
                        Kind::MoveList,
                        list.into_bytes(),
                    ));
                }
            }
        }
    }
    // One-line positions: the final positions of short random games.
    for seed in 0..200u64 {
        let rules = RuleSet::pencil();
        let moves = twixt_core::random::random_game(&rules, seed, (seed % 40) as u32);
        let mut pos = twixt_core::position::Position::new(rules).unwrap();
        for m in &moves {
            pos.play(m).unwrap();
        }
        let line = twixt_core::position_line::write(&pos);
        inputs.push((format!("line/{seed}.line"), Kind::Line, line.into_bytes()));
    }
    // Cuts and one-byte changes of every small corpus file: the readers'
    // error paths and their recovery.
    for (name, kind, bytes) in repository_inputs() {
        if bytes.len() > 6000 || bytes.is_empty() {
            continue;
        }
        let steps = 24.min(bytes.len());
        for k in 0..steps {
            let at = bytes.len() * k / steps;
            inputs.push((format!("cut/{name}@{at}"), kind, bytes[..at].to_vec()));
            let mut changed = bytes.clone();
            const BYTES: &[u8] = b"{}()[]\"#%;.-+x\n9 ";
            changed[at] = BYTES[(k * 7 + at) % BYTES.len()];
            inputs.push((format!("changed/{name}@{at}"), kind, changed));
        }
    }
    inputs
}

fn shared_inputs() -> Option<Vec<(String, Kind, Vec<u8>)>> {
    let dir = root().join("../shared/games");
    if !dir.is_dir() {
        return None;
    }
    let mut paths = Vec::new();
    files_below(&dir, &mut paths);
    Some(game_files(&dir, paths))
}

/// Compares the inputs' digests with the golden file `name`, or writes it
/// when blessing.
fn agree(name: &str, inputs: Vec<(String, Kind, Vec<u8>)>) {
    let now: BTreeMap<String, String> = inputs
        .into_iter()
        .map(|(n, kind, bytes)| (n, digest(kind, &bytes)))
        .collect();
    let path = root().join("tests/syntax_trees").join(name);
    if std::env::var_os("TWIXT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let text: String = now.iter().map(|(n, d)| format!("{d} {n}\n")).collect();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (TWIXT_BLESS=1 writes it)", path.display()));
    let golden: BTreeMap<String, String> = text
        .lines()
        .filter_map(|l| l.split_once(' '))
        .map(|(d, n)| (n.to_string(), d.to_string()))
        .collect();
    let mut differ = Vec::new();
    for (n, d) in &now {
        match golden.get(n) {
            Some(g) if g == d => {}
            Some(_) => differ.push(format!("{n}: a different tree or error")),
            None => differ.push(format!("{n}: not in {name}")),
        }
    }
    for n in golden.keys().filter(|n| !now.contains_key(*n)) {
        differ.push(format!("{n}: in {name} but not found now"));
    }
    assert!(
        differ.is_empty(),
        "{} of {} inputs read differently from {name}:\n{}",
        differ.len(),
        now.len(),
        differ
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_repositorys_files_read_as_the_golden_trees_say() {
    let inputs = repository_inputs();
    assert!(inputs.len() > 50, "only {} game files found", inputs.len());
    agree("repository.digests", inputs);
}

#[test]
fn generated_inputs_read_as_the_golden_trees_say() {
    let inputs = generated_inputs();
    assert!(
        inputs.len() > 2000,
        "only {} inputs generated",
        inputs.len()
    );
    agree("generated.digests", inputs);
}

#[test]
fn the_real_records_read_as_the_golden_trees_say() {
    let Some(inputs) = shared_inputs() else {
        eprintln!("skipped: ../shared/games not found (the real records' trees are not compared)");
        return;
    };
    agree("shared.digests", inputs);
}

#[test]
fn a_changed_tree_changes_the_digest() {
    let a = digest(Kind::Script, b"1. f6 2. g8\n");
    let b = digest(Kind::Script, b"1. f6  2. g8\n");
    let c = digest(Kind::Script, b"1. f6 2. g8\n");
    // The same text gives the same digest; a span that moves by one byte
    // (the second move starts one column later) gives another.
    assert_eq!(a, c);
    assert_ne!(a, b);
}
