//! Throughput of the SVG writer on mid-game 24×24 positions (about 60 pegs
//! with their links, move numbers on), and of blank A4 boards.
//!
//! Run: `cargo bench --bench diagram`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use twixtkit::diagram::blank::{BlankOptions, blank_page};
use twixtkit::diagram::{Diagram, Numbering, Scale, Style, to_svg};
use twixtkit::{BoardSize, Hole, Link, Player, Setup};

/// A deterministic mid-game-like position: `n` pegs placed alternately by a
/// small linear congruential generator, every same-colour knight pair linked.
fn position(n: usize, seed: u64) -> (Setup, Vec<Option<Hole>>) {
    let size = BoardSize::STANDARD;
    let mut setup = Setup::empty(size);
    let mut order = Vec::new();
    let mut x = seed;
    let mut player = Player::Red;
    while order.len() < n {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let col = ((x >> 33) % 24) as u16;
        let row = ((x >> 45) % 24) as u16;
        let h = Hole::new(col, row);
        if !size.playable_by(player, h) || setup.pegs.contains_key(&h) {
            continue;
        }
        setup.pegs.insert(h, player);
        order.push(Some(h));
        player = player.opponent();
    }
    let pegs: Vec<(Hole, Player)> = setup.pegs.iter().map(|(h, p)| (*h, *p)).collect();
    for (h, p) in &pegs {
        for (dc, dr) in [(1, 2), (2, 1), (2, -1), (1, -2)] {
            if let Some(o) = h.offset(dc, dr)
                && setup.pegs.get(&o) == Some(p)
            {
                setup.links.insert(Link::new(*h, o).expect("knight step"));
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
        "mid-game diagram: {} pegs, {} links, {bytes} bytes",
        diagrams[0].pegs.len(),
        diagrams[0].links.len()
    );
    let mut g = c.benchmark_group("svg");
    g.throughput(Throughput::Elements(1));
    let mut i = 0;
    g.bench_function("mid-game 24x24 with numbers", |b| {
        b.iter(|| {
            i = (i + 1) % diagrams.len();
            black_box(to_svg(black_box(&diagrams[i]), &style, Scale::default()))
        })
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
