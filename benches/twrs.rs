//! TWRS speed: replaying random games move by move (the issue asks for at
//! least 1 M moves per second on one core), and reading the same games
//! back from a script's text.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use twixtkit::twrs::script::{parse as parse_script, write_game};
use twrs_core::moves::Move;
use twrs_core::position::Position;
use twrs_core::random::random_game;
use twrs_core::rules::TwrsRules;

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

/// Reads a script of 200 random games (moves, then `#over` and `#score`
/// claims), with a comment, a remark and a claim every few moves so that
/// every kind of line is read.
fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("twrs parse");
    for (name, rules) in [
        ("basic 11x11", TwrsRules::basic()),
        ("advanced 11x11", TwrsRules::advanced()),
    ] {
        let mut text = String::new();
        for (seed, g) in games(&rules).iter().enumerate() {
            let mut end = Position::new(&rules).unwrap();
            for m in g {
                end.play(m).unwrap();
            }
            let tags = [("Round".to_string(), seed.to_string())];
            let game = write_game(&tags, g, &end);
            for (i, line) in game.lines().enumerate() {
                text.push_str(line);
                text.push('\n');
                match i % 40 {
                    10 => text.push_str("{ a comment about the move }\n"),
                    20 => text.push_str("% a remark\n"),
                    30 => text.push_str("#stones-left 9\n"),
                    _ => {}
                }
            }
            text.push('\n');
        }
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let (games, errors) = parse_script(black_box(&text));
                assert_eq!((games.len(), errors.len()), (200, 0));
                black_box(games);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay, parse);
criterion_main!(benches);
