//! Engine speed: replaying random legal 24×24 games (with win detection) and
//! dead-draw queries on mid-game positions.
//!
//! Run with `cargo bench --bench engine`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use twixt_core::random::random_game;
use twixt_core::solver::{self, SearchLimit, Solved};
use twixtkit::prelude::{Move, Player, Position, RuleSet, Status};

const GAMES: u64 = 64;

fn games(rules: &RuleSet) -> Vec<Vec<Move>> {
    (0..GAMES)
        .map(|seed| random_game(rules, seed, 10_000))
        .collect()
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    for (name, rules) in [
        ("pencil", RuleSet::pencil()),
        ("dujardin", RuleSet::dujardin()),
        ("board", RuleSet::board()),
        ("schmidt", RuleSet::schmidt()),
    ] {
        let games = games(&rules);
        let plies: usize = games.iter().map(Vec::len).sum();
        eprintln!("replay/{name}: {} games, {plies} plies", games.len());
        group.throughput(Throughput::Elements(plies as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for moves in &games {
                    let mut pos = Position::new(rules.clone()).unwrap();
                    for mv in moves {
                        black_box(pos.play(mv).unwrap());
                    }
                    black_box(pos.status());
                }
            })
        });
    }
    group.finish();
}

/// Positions halfway through random games: most of them still open for both.
fn mid_games(rules: &RuleSet) -> Vec<Position> {
    games(rules)
        .iter()
        .map(|moves| {
            let mut pos = Position::new(rules.clone()).unwrap();
            for mv in &moves[..moves.len() / 2] {
                pos.play(mv).unwrap();
            }
            pos
        })
        .collect()
}

/// The first position of each game that passes `pick`.
fn first_positions(rules: &RuleSet, pick: impl Fn(&Position) -> bool) -> Vec<Position> {
    games(rules)
        .iter()
        .filter_map(|moves| {
            let mut pos = Position::new(rules.clone()).unwrap();
            for mv in moves {
                pos.play(mv).unwrap();
                if pos.status() != Status::Ongoing {
                    return None;
                }
                if pick(&pos) {
                    return Some(pos);
                }
            }
            None
        })
        .collect()
}

fn dead_draw(c: &mut Criterion) {
    let mut group = c.benchmark_group("is_dead_draw");
    let (pencil, dujardin) = (RuleSet::pencil(), RuleSet::dujardin());
    // Blocked: the player to move can no longer connect (its whole region is
    // searched, in lockstep with the other player's search). Dead: neither
    // can, so both regions are searched to the end: the slowest case.
    let blocked = |p: &Position| !p.can_connect(p.to_move());
    let dead = |p: &Position| p.is_dead_draw();
    for (name, positions) in [
        ("pencil mid-game", mid_games(&pencil)),
        ("dujardin mid-game", mid_games(&dujardin)),
        ("pencil blocked", first_positions(&pencil, blocked)),
        ("dujardin blocked", first_positions(&dujardin, blocked)),
        ("pencil dead", first_positions(&pencil, dead)),
        ("dujardin dead", first_positions(&dujardin, dead)),
    ] {
        if positions.is_empty() {
            continue;
        }
        // Per-position time is the reported time divided by this count.
        eprintln!("is_dead_draw/{name}: {} positions", positions.len());
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                for pos in &positions {
                    black_box(pos.is_dead_draw());
                }
            })
        });
    }
    group.finish();
}

fn new_position(c: &mut Criterion) {
    c.bench_function("Position::new 24x24", |b| {
        b.iter(|| black_box(Position::new(RuleSet::pencil()).unwrap()))
    });
}

/// `#wins red in 3` on a 12×12 corner of the board (top and right sides
/// cut): a puzzle that holds (proved) and a position where a defence holds
/// (refuted, the search must exhaust Red's tries).
fn wins_in_three(c: &mut Criterion) {
    let mut group = c.benchmark_group("wins_in_3");
    group.sample_size(20);
    for (name, line) in [
        (
            "corner_proved",
            "12-cut-top-right/pencil/b6,d1,e11,f2,g2,g5,g6,h6,h12,i8,k12,l12/a2,b7,b11,c1,d2,d3,f11,h7,j11,k3,l4,l11/*/red",
        ),
        (
            "corner_refuted",
            "12-cut-top-right/crossing=own,links=automatic,removal=none,swap=none/b10,c10,d12,e1,e3,e10,f2,g2,g3,g6,i6/c3,d1,d11,e8,f6,g1,h3,k2,k7,k8,l11/*/red",
        ),
    ] {
        let pos = twixt_core::position_line::read_position(line).unwrap();
        let want = name.ends_with("proved");
        let limit = SearchLimit::positions(2_000_000);
        let solve = || solver::solve(&pos, Player::Red, 3, &limit).unwrap();
        assert_eq!(matches!(solve().answer, Solved::Wins { .. }), want);
        group.bench_function(name, |b| b.iter(|| black_box(solve())));
    }
    group.finish();
}

criterion_group!(benches, replay, dead_draw, new_position, wins_in_three);
criterion_main!(benches);
