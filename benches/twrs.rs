//! TWRS engine speed: replaying random games move by move (the issue asks
//! for at least 1 M moves per second on one core).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use twixtkit::twrs::moves::Move;
use twixtkit::twrs::position::Position;
use twixtkit::twrs::random::random_game;
use twixtkit::twrs::rules::TwrsRules;

fn games(rules: &TwrsRules) -> Vec<Vec<Move>> {
    (0..200)
        .map(|seed| random_game(rules, seed, 2000).unwrap().0)
        .collect()
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("twrs replay");
    for (name, rules) in [
        ("basic 11x11", TwrsRules::basic()),
        ("advanced 11x11", TwrsRules::advanced()),
    ] {
        let games = games(&rules);
        let plies: usize = games.iter().map(Vec::len).sum();
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for g in &games {
                    let mut p = Position::new(&rules).unwrap();
                    for m in g {
                        p.play(m).unwrap();
                    }
                    black_box(p.score());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
