//! Parsing, writing and checking speed of game scripts.
//!
//! `cargo bench --bench script`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::record::Record;
use twixtkit::replay::replay;
use twixtkit::script::{Game, ScriptFile, parse, write_file};

/// `n` random 60-ply pencil games as one script file, with some annotations.
fn corpus(n: u64) -> String {
    let rules = RuleSet::pencil();
    let games = (0..n)
        .map(|seed| {
            let mut rec = Record::new(rules.clone());
            rec.tags.push(("Event".into(), format!("bench {seed}")));
            rec.moves = random_game(&rules, seed, 60);
            Game::from_record(&rec)
        })
        .collect();
    let mut text = write_file(&ScriptFile { games });
    text.push_str("\n[Event \"annotated\"]\n\n1. f6 {Un commentaire, with accents é} 2. g8!? (2. h9 {alt}\n#diagram name=x numbers=1-2\n) 3. k10\n#links 0\n");
    text
}

fn bench(c: &mut Criterion) {
    let text = corpus(1000);
    let mut g = c.benchmark_group("script");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("parse", |b| b.iter(|| black_box(parse(black_box(&text)))));
    let parsed = parse(&text);
    assert!(parsed.errors.is_empty());
    g.bench_function("write", |b| {
        b.iter(|| black_box(write_file(black_box(&parsed.file))))
    });
    g.throughput(Throughput::Elements(parsed.file.games.len() as u64));
    g.bench_function("replay", |b| {
        b.iter(|| {
            for game in &parsed.file.games {
                black_box(replay(game, RuleSet::pencil()));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
