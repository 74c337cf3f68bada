//! Reading speed of the record formats: Little Golem `.tsgf`, T1 files and
//! numbered move lists, each read from text its own writer made.
//!
//! `cargo bench --bench formats`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::formats::{littlegolem, movelist, t1};
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
