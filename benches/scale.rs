//! Cost that grows right: every reader at 1×, 10× and 100× the input, time
//! (criterion, throughput per byte) and peak heap (a counting allocator,
//! printed before the timings). The inputs are generated here, never
//! committed: scripts and move lists of 100, 1,000 and 10,000 random 24×24
//! games; Little Golem files of one game of 16, 160 and 1,600 plies
//! on 128×128, T1 files of 6, 60 and 600 plies on 26×26 (its largest).
//!
//! `cargo bench --bench scale`
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use twixt_core::board::BoardSize;
use twixt_core::moves::Move;
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::formats::{littlegolem, movelist, t1};
use twixtkit::record::Record;
use twixtkit::script::stream::GameStream;
use twixtkit::script::{Game, ScriptFile, parse, write_file};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout goes to the system allocator as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// The heap `f` needs at its peak beyond what was in use before it.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = IN_USE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    f();
    PEAK.load(Ordering::Relaxed) - base
}

fn records(games: u64) -> Vec<Record> {
    let rules = RuleSet::pencil();
    (0..games)
        .map(|seed| {
            let mut rec = Record::new(rules.clone());
            rec.moves = random_game(&rules, seed, 400);
            rec
        })
        .collect()
}

/// One game of `plies` on a `side`×`side` board under `rules`.
fn long_game(rules: RuleSet, side: u64, plies: u32) -> Record {
    let rules = rules.with_size(BoardSize::square(side).unwrap());
    let mut rec = Record::new(rules.clone());
    // The first seed whose game runs `plies` moves (or the longest of
    // twenty), cut before a draw offer: T1 cannot write one.
    let offer =
        |mv: &Move| matches!(mv, Move::Place(p) if p.offers_draw) || *mv == Move::AcceptDraw;
    rec.moves = (1..=20)
        .map(|seed| {
            random_game(&rules, seed, plies)
                .into_iter()
                .take_while(|mv| !offer(mv))
                .collect::<Vec<Move>>()
        })
        .max_by_key(|moves| moves.len().min(plies as usize))
        .unwrap_or_default();
    rec
}

type Reader = fn(&[u8]);

fn read_script(b: &[u8]) {
    black_box(parse(std::str::from_utf8(b).unwrap()));
}

fn stream_script(b: &[u8]) {
    for w in GameStream::new(b) {
        black_box(w.unwrap());
    }
}

fn read_movelist(b: &[u8]) {
    black_box(movelist::read(b).unwrap());
}

fn read_tsgf(b: &[u8]) {
    black_box(littlegolem::read(b).unwrap());
}

fn read_t1(b: &[u8]) {
    black_box(t1::read(b).unwrap());
}

fn inputs() -> Vec<(&'static str, Reader, [Vec<u8>; 3])> {
    let sizes = [100u64, 1_000, 10_000];
    let scripts = sizes.map(|n| {
        let games = records(n).iter().map(Game::from_record).collect();
        write_file(&ScriptFile { games }).into_bytes()
    });
    let lists = sizes.map(|n| movelist::write_all(&records(n)).unwrap().into_bytes());
    let plies = [16u32, 160, 1_600];
    let tsgf = plies.map(|p| littlegolem::write(&long_game(RuleSet::pencil(), 128, p)).unwrap());
    // T1 letters its columns: 26 at most, so its games are shorter.
    let t1s = [6u32, 60, 600].map(|p| {
        t1::write(&long_game(t1::default_rules(), 26, p))
            .unwrap()
            .into_bytes()
    });
    vec![
        ("script (parse)", read_script as Reader, scripts.clone()),
        ("script (stream)", stream_script, scripts),
        ("move list", read_movelist, lists),
        ("Little Golem", read_tsgf, tsgf),
        ("T1", read_t1, t1s),
    ]
}

fn bench(c: &mut Criterion) {
    let inputs = inputs();
    println!("reader, input bytes, peak heap bytes, heap per input byte");
    for (name, read, texts) in &inputs {
        for text in texts {
            let peak = peak_of(|| read(text));
            println!(
                "{name}, {}, {peak}, {:.2}",
                text.len(),
                peak as f64 / text.len() as f64
            );
        }
    }
    let mut g = c.benchmark_group("scale");
    g.sample_size(10);
    for (name, read, texts) in &inputs {
        for (text, times) in texts.iter().zip(["1x", "10x", "100x"]) {
            g.throughput(Throughput::Bytes(text.len() as u64));
            g.bench_with_input(BenchmarkId::new(*name, times), text, |b, t| {
                b.iter(|| read(t))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
