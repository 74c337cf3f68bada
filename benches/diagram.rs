//! Throughput of the SVG writer on mid-game 24×24 positions (60 moves of a
//! random legal game with their links, move numbers on), and of blank A4
//! boards.
//!
//! Run: `cargo bench --bench diagram`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use twixt_core::random::random_game;
use twixtkit::diagram::blank::{BlankOptions, blank_page};
use twixtkit::diagram::{Diagram, Numbering, Scale, Style, to_svg};
use twixtkit::prelude::{BoardSize, Hole, Link, Move, Player, Position, RuleSet, Setup};

/// A mid-game position: a random legal game of `plies` moves (Dujardin rules:
/// every possible link placed at once), with the hole each move placed, for move numbers.
fn position(plies: u32, seed: u64) -> (Setup, Vec<Option<Hole>>) {
    let rules = RuleSet::dujardin();
    let mut pos = Position::new(rules.clone()).expect("valid rules");
    let mut order = Vec::new();
    for mv in random_game(&rules, seed, plies) {
        pos.play(&mv).expect("random games are legal");
        order.push(match &mv {
            Move::Place(p) => Some(p.hole),
            _ => None,
        });
    }
    (pos.to_setup(), order)
}

/// A denser position: three red chains running down and three black chains
/// running across, 60 pegs with their links, numbered in placement order.
fn chains() -> (Setup, Vec<Option<Hole>>) {
    let mut setup = Setup::empty(BoardSize::STANDARD);
    let mut order = Vec::new();
    let mut prev: Vec<Option<Hole>> = vec![None; 6];
    for i in 0..10u16 {
        for k in 0..3u16 {
            let chains = [
                (Player::Red, Hole::new(4 + 7 * k + i % 2, 2 + 2 * i)),
                (Player::Black, Hole::new(2 + 2 * i, 5 + 7 * k + i % 2)),
            ];
            for (j, (p, h)) in chains.into_iter().enumerate() {
                let slot = usize::from(k) * 2 + j;
                if setup.pegs.contains_key(&h) {
                    prev[slot] = None;
                    continue;
                }
                setup.pegs.insert(h, p);
                order.push(Some(h));
                if let Some(l) = prev[slot].and_then(|q| Link::new(q, h)) {
                    setup.links.insert(l);
                }
                prev[slot] = Some(h);
            }
        }
    }
    (setup, order)
}

fn bench(c: &mut Criterion) {
    let style = Style::rulebook();
    let diagrams: Vec<Diagram> = (0..16)
        .map(|i| {
            let (s, order) = position(60, 7 + i);
            let mut d = Diagram::from_setup(&s);
            d.number_moves(&order, Numbering::All);
            d.caption(format!("Diagram {i}: a mid-game position, moves 1-60"));
            d
        })
        .collect();
    let bytes = to_svg(&diagrams[0], &style, Scale::default()).len();
    println!(
        "random-game diagram: {} pegs, {} links, {bytes} bytes",
        diagrams[0].pegs.len(),
        diagrams[0].links.len()
    );
    let (s, order) = chains();
    let mut dense = Diagram::from_setup(&s);
    dense.number_moves(&order, Numbering::All);
    dense.caption("Diagram 1: three chains each, moves 1-60");
    let bytes = to_svg(&dense, &style, Scale::default()).len();
    println!(
        "chains diagram: {} pegs, {} links, {bytes} bytes",
        dense.pegs.len(),
        dense.links.len()
    );
    let mut g = c.benchmark_group("svg");
    g.throughput(Throughput::Elements(1));
    let mut i = 0;
    g.bench_function("mid-game 24x24 random game, numbered", |b| {
        b.iter(|| {
            i = (i + 1) % diagrams.len();
            black_box(to_svg(black_box(&diagrams[i]), &style, Scale::default()))
        })
    });
    g.bench_function("mid-game 24x24 chains, numbered", |b| {
        b.iter(|| black_box(to_svg(black_box(&dense), &style, Scale::default())))
    });
    let opts = BlankOptions::default();
    println!("blank A4 board: {} bytes", blank_page(&opts, &style).len());
    g.bench_function("blank 24x24 A4 page", |b| {
        b.iter(|| black_box(blank_page(black_box(&opts), &style)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
