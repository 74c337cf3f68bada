//! Reading speed of the record formats: Little Golem `.tsgf`, T1 files,
//! numbered move lists, plain text, SGF for TwixT and Boardspace game
//! files, each read from text its own writer made, and AbstractPlay
//! records (read only) made here.
//!
//! `cargo bench --bench formats`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use twixt_core::moves::Move;
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixt_core::rules::Swap;
use twixtkit::formats::{abstractplay, boardspace, littlegolem, movelist, plaintext, sgf, t1};
use twixtkit::record::Record;

/// `n` random games of up to 200 plies under `rules`.
fn records(rules: &RuleSet, n: u64) -> Vec<Record> {
    (0..n)
        .map(|seed| {
            let mut rec = Record::new(rules.clone());
            rec.tags.push(("Event".into(), format!("bench {seed}")));
            rec.tags.push(("Red".into(), "Ann".into()));
            rec.tags.push(("Black".into(), "Bob".into()));
            rec.moves = random_game(rules, seed, 200);
            rec
        })
        .collect()
}

/// `record` as an AbstractPlay game record under `pp`, if it has only pegs,
/// a colour swap as move 2 and a final resignation (the site's notation).
fn abstractplay_json(record: &Record) -> Option<Vec<u8>> {
    let mut turns = Vec::new();
    let mut pie = false;
    for (ply, m) in record.moves.iter().enumerate() {
        match m {
            Move::Place(p) if !p.offers_draw => turns.push(p.hole.to_string()),
            Move::Swap if ply == 1 => pie = true,
            Move::Resign if ply + 1 == record.moves.len() => turns.push("resign".into()),
            _ => return None,
        }
    }
    let rounds: Vec<Vec<String>> = turns.chunks(2).map(<[String]>::to_vec).collect();
    let json = serde_json::json!({
        "header": {"game": {"name": "Twixt", "variants": ["pp"]}, "pie-invoked": pie,
                   "site": {"name": "Abstract Play"},
                   "players": [{"name": "Ann"}, {"name": "Bob"}]},
        "moves": rounds,
    });
    Some(serde_json::to_vec_pretty(&json).expect("JSON writes"))
}

/// Reads every file of `files` with `read` as one benchmark of `name`.
fn files<T>(c: &mut Criterion, name: &str, files: &[Vec<u8>], read: impl Fn(&[u8]) -> T) {
    let mut g = c.benchmark_group("formats");
    let bytes: usize = files.iter().map(Vec::len).sum();
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function(name, |b| {
        b.iter(|| {
            for f in files {
                black_box(read(black_box(f)));
            }
        })
    });
    g.finish();
}

fn bench(c: &mut Criterion) {
    let pencil = records(&RuleSet::pencil(), 1000);
    let list = movelist::write_all(&pencil).expect("random pencil games write as a move list");
    assert_eq!(movelist::read(list.as_bytes()).map(|r| r.len()), Ok(1000));
    files(c, "movelist", &[list.into_bytes()], movelist::read);

    let tsgf: Vec<Vec<u8>> = pencil
        .iter()
        .map(|r| littlegolem::write(r).expect("random pencil games write as .tsgf"))
        .collect();
    assert!(tsgf.iter().all(|f| littlegolem::read(f).is_ok()));
    files(c, "littlegolem", &tsgf, littlegolem::read);

    // T1 has no draw offers: the games that offer one are left out.
    let t1_files: Vec<Vec<u8>> = records(&RuleSet::t1(), 1000)
        .iter()
        .filter_map(|r| t1::write(r).ok().map(String::into_bytes))
        .collect();
    assert!(t1_files.len() > 500);
    assert!(t1_files.iter().all(|f| t1::read(f).is_ok()));
    files(c, "t1", &t1_files, t1::read);

    let sgf_files: Vec<Vec<u8>> = pencil
        .iter()
        .filter_map(|r| sgf::write(r).ok().map(String::into_bytes))
        .collect();
    assert!(sgf_files.len() > 500);
    assert!(sgf_files.iter().all(|f| sgf::read(f).is_ok()));
    files(c, "sgf", &sgf_files, sgf::read);

    let text_files: Vec<Vec<u8>> = pencil
        .iter()
        .filter_map(|r| movelist::write(r).ok().map(String::into_bytes))
        .collect();
    assert!(text_files.iter().all(|f| plaintext::read(f).is_ok()));
    files(c, "plaintext", &text_files, plaintext::read);

    let pie = RuleSet {
        swap: Swap::Colors,
        ..RuleSet::pencil()
    };
    let ap_files: Vec<Vec<u8>> = records(&pie, 1000)
        .iter()
        .filter_map(abstractplay_json)
        .collect();
    assert!(ap_files.len() > 500);
    assert!(ap_files.iter().all(|f| abstractplay::read(f).is_ok()));
    files(c, "abstractplay", &ap_files, abstractplay::read);

    // The site's one rule set on its 24×24 board. Random games under it
    // add links by hand or offer draws, which the site's records do not
    // hold: each game is cut before its first such move.
    let bs_files: Vec<Vec<u8>> = records(&boardspace::rules(24), 1000)
        .into_iter()
        .filter_map(|mut r| {
            loop {
                match boardspace::write(&r) {
                    Ok(text) => break Some(text.into_bytes()),
                    Err(_) if r.moves.pop().is_some() => {}
                    Err(_) => break None,
                }
            }
        })
        .collect();
    assert!(bs_files.len() > 500);
    assert!(bs_files.iter().all(|f| boardspace::read(f).is_ok()));
    files(c, "boardspace", &bs_files, boardspace::read);
}

criterion_group!(benches, bench);
criterion_main!(benches);
