//! A short deterministic run of the fuzz targets (`src/fuzzing.rs`, the same
//! bodies `cargo fuzz` runs from `fuzz/`) over the committed seed inputs in
//! `tests/fuzz_seeds/` and a few thousand seeded mutations of them, plus
//! every input a fuzzer ever crashed on (`tests/fuzz_regressions/`).

use std::fs;
use std::path::{Path, PathBuf};

use twixt_core::random::SplitMix64;
use twixtkit::fuzzing;

/// Mutations of each seed per target.
const MUTATIONS_PER_SEED: usize = 300;

/// Mutations of each template: each is a whole typesetting.
const MUTATIONS_PER_TEMPLATE: usize = 20;

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
}

fn files(folder: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

fn target(name: &str) -> fn(&[u8]) {
    fuzzing::TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no target {name}"))
        .1
}

/// Which seed folder feeds which target.
fn seed_folder(target: &str) -> &'static str {
    match target {
        "script_parse" | "script_roundtrip" | "script_to_svg" => "script_parse",
        "littlegolem" => "littlegolem",
        "t1" => "t1",
        "movelist" => "movelist",
        "rules_yaml" => "rules_yaml",
        "style_yaml" => "style_yaml",
        "twrs_script" => "twrs_script",
        "sgf" => "sgf",
        "abstractplay" => "abstractplay",
        "boardspace" => "boardspace",
        "zip" => "zip",
        "typst_template" => "typst_template",
        other => panic!("no seed folder for {other}"),
    }
}

/// Tokens a mutation may splice in: the syntax every reader cares about.
const TOKENS: &[&[u8]] = &[
    b"(",
    b")",
    b"{",
    b"}",
    b"[",
    b"]",
    b"\"",
    b"\\",
    b"#",
    b"%",
    b"\n",
    b"\n\n",
    b"-",
    b"+",
    b"=",
    b"!",
    b"?",
    b":",
    b";",
    b"|",
    b"1.",
    b"99.",
    b"a1",
    b"zz999",
    b"swap",
    b"resign",
    b"draw",
    b"#diagram ",
    b"#setup ",
    b"[Size \"3\"]\n",
    b"[Size \"128\"]\n",
    b"\xff",
    b"\xc3",
    b"\xef\xbb\xbf",
    b"*",
    b"&",
    b"<script>",
    b"~",
    b"0",
    b"4294967296",
];

fn mutate(seed: &[u8], rng: &mut SplitMix64) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = v.len();
        match rng.below(6) {
            0 if len > 0 => {
                let i = rng.below(len);
                v[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = rng.below(len + 1);
                let t = TOKENS[rng.below(TOKENS.len())];
                v.splice(i..i, t.iter().copied());
            }
            2 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(16)).min(len);
                v.drain(a..b);
            }
            3 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(32)).min(len);
                let chunk = v[a..b].to_vec();
                let at = rng.below(len + 1);
                v.splice(at..at, chunk);
            }
            4 if len > 0 => v.truncate(rng.below(len)),
            _ => {
                let i = rng.below(len + 1);
                v.insert(i, rng.next_u64() as u8);
            }
        }
    }
    v
}

#[test]
fn every_target_survives_its_seeds_and_their_mutations() {
    let mut runs = 0usize;
    for (name, f) in fuzzing::TARGETS {
        let seeds = files(&dir("fuzz_seeds").join(seed_folder(name)));
        assert!(!seeds.is_empty(), "no seeds for {name}");
        let mut rng = SplitMix64::new(0x7717_7717);
        for s in &seeds {
            let bytes = fs::read(s).unwrap();
            f(&bytes);
            let mutations = if *name == "typst_template" {
                MUTATIONS_PER_TEMPLATE
            } else {
                MUTATIONS_PER_SEED
            };
            for _ in 0..mutations {
                let m = mutate(&bytes, &mut rng);
                let r = std::panic::catch_unwind(|| f(&m));
                if r.is_err() {
                    panic!(
                        "target {name} failed on a mutation of {}:\n{:?}",
                        s.display(),
                        String::from_utf8_lossy(&m)
                    );
                }
                runs += 1;
            }
        }
    }
    assert!(runs > 3000, "only {runs} runs");
}

/// Every input a fuzzer crashed on, kept as `fuzz_regressions/TARGET-what`.
#[test]
fn past_fuzz_findings_stay_fixed() {
    let found = files(&dir("fuzz_regressions"));
    assert!(!found.is_empty());
    for p in found {
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let target_name = fuzzing::TARGETS
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| name.starts_with(&format!("{n}-")))
            .max_by_key(|n| n.len())
            .unwrap_or_else(|| panic!("{name}: name it TARGET-what"));
        target(target_name)(&fs::read(&p).unwrap());
    }
}
