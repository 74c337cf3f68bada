//! The editor's answer to one edit: the edit applied to the syntax tree
//! (with its read-back check), the position replayed, the board drawn as
//! SVG, the move tree written, all as the JSON the page receives; on a
//! 300-move game with 50 variations; and the page's first request (the
//! state at the start of that game).
//!
//! `cargo bench --bench editor`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use twixt_core::board::BoardSize;
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::editor::model::{Document, Op};
use twixtkit::editor::view;
use twixtkit::record::Record;
use twixtkit::script::{Game, ScriptFile, move_text};

/// A 300-move random game on a 40×40 board, with a one-move variation at
/// every sixth move.
fn big_document() -> Document {
    let rules = RuleSet::pencil().with_size(BoardSize::square(40).unwrap());
    let moves = (0..)
        .map(|seed| random_game(&rules, seed, 300))
        .find(|m| m.len() == 300)
        .unwrap();
    let mut rec = Record::new(rules);
    rec.moves = moves;
    let game = Game::from_record(&rec);
    let mut doc = Document::new(ScriptFile { games: vec![game] }, 0, None).unwrap();
    let holes: Vec<String> = (0..40u16)
        .flat_map(|c| {
            (1..39u16).map(move |r| format!("{}{}", twixt_core::board::column_name(c), r + 1))
        })
        .collect();
    let mut made = 0;
    for k in 1..=50 {
        doc.apply(Op::Goto {
            path: vec![k * 6 - 1],
        })
        .unwrap();
        for h in &holes {
            if doc.apply(Op::Play { hole: h.clone() }).is_ok() && doc.cursor().len() == 2 {
                made += 1;
                break;
            }
            doc.apply(Op::Goto {
                path: vec![k * 6 - 1],
            })
            .unwrap();
        }
    }
    assert_eq!(made, 50);
    assert_eq!(doc.game().main_moves().count(), 300);
    let last = doc.game().main_moves().last().map(|m| move_text(&m.mv));
    assert!(last.is_some());
    doc
}

fn bench(c: &mut Criterion) {
    let mut doc = big_document();
    doc.apply(Op::Start).unwrap();
    doc.apply(Op::End).unwrap();
    let mut g = c.benchmark_group("editor");
    g.bench_function("glyph at move 300, answered", |b| {
        b.iter(|| {
            doc.apply(Op::Glyph {
                glyph: Some("!".into()),
            })
            .unwrap();
            black_box(serde_json::to_string(&view::state(&doc)).unwrap())
        })
    });
    g.bench_function("step back at move 300, answered", |b| {
        b.iter(|| {
            doc.apply(Op::Previous).unwrap();
            doc.apply(Op::Next).unwrap();
            black_box(serde_json::to_string(&view::state(&doc)).unwrap())
        })
    });
    g.bench_function("page's first state, answered", |b| {
        let mut fresh = doc.clone();
        fresh.apply(Op::Start).unwrap();
        b.iter(|| black_box(serde_json::to_string(&view::state(&fresh)).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
