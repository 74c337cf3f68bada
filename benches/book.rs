//! Time to make the book of a 300-move annotated 24×24 game (a random legal
//! game under the pencil rules, a comment every 10 moves, a diagram point
//! every 50, and a diagram every 20 moves between them) as HTML, as Typst
//! source and as PDF; and a booklet of 100 games the length of Little
//! Golem's (random 24×24 games of 30 to 90 moves) as PDF; and the same book
//! with a template of 1,000 and of 4,000 errors, which must cost in
//! proportion (each source is parsed once, and the first 100 errors are
//! located).
//!
//! Run: `cargo bench --bench book`

use std::fmt::Write as _;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::book::html::{Styles, to_html};
use twixtkit::book::typst_source::{PageSetup, to_typst};
use twixtkit::book::{
    BookOptions, TypesetError, WriteOptions, book, booklet, to_pdf, typeset_pdf_in_process,
};
use twixtkit::diagram::Style;
use twixtkit::open::{Content, GameFile};
use twixtkit::script::{move_text, parse};

/// The script of a random 300-move game, with comments and diagram points.
fn script() -> String {
    let rules = RuleSet::pencil();
    let moves = (0..)
        .map(|seed| random_game(&rules, seed, 300))
        .find(|m| m.len() == 300)
        .expect("a random game that lasts 300 moves");
    let mut s = String::from("[Title \"Bench\"]\n[Rules \"pencil\"]\n[Size \"24\"]\n\n");
    for (i, mv) in moves.iter().enumerate() {
        let n = i + 1;
        let _ = writeln!(s, "{n}. {}", move_text(mv));
        if n % 10 == 0 {
            let _ = writeln!(
                s,
                "{{After move {n} the position is still open, and both players look for a way through the other's chains.}}"
            );
        }
        if n % 50 == 0 {
            let _ = writeln!(s, "#diagram caption=\"The position after move {n}.\"");
        }
    }
    s
}

/// A file of 100 games of 30 to 90 moves, each with its players.
fn games() -> String {
    let rules = RuleSet::pencil();
    let mut s = String::new();
    for g in 0..100u64 {
        let plies = 30 + (g * 37 % 61) as u32;
        let moves = random_game(&rules, 5000 + g, plies);
        let _ = write!(
            s,
            "[Red \"player{}\"]\n[Black \"player{}\"]\n[Rules \"pencil\"]\n[Size \"24\"]\n\n",
            g * 2,
            g * 2 + 1
        );
        for (i, mv) in moves.iter().enumerate() {
            let _ = write!(s, "{}. {} ", i + 1, move_text(mv));
        }
        s.push_str("\n\n");
    }
    s
}

fn file_of(source: String) -> GameFile {
    let parsed = parse(&source);
    assert!(parsed.errors.is_empty());
    GameFile {
        path: PathBuf::from("bench.twixt"),
        content: Content::Script {
            games: parsed.file.games,
            source,
        },
    }
}

fn bench(c: &mut Criterion) {
    let source = script();
    let parsed = parse(&source);
    assert!(parsed.errors.is_empty());
    let file = GameFile {
        path: PathBuf::from("bench.twixt"),
        content: Content::Script {
            source: source.clone(),
            games: parsed.file.games,
        },
    };
    let style = Style::rulebook();
    let styles = Styles::new(&style);
    let opts = BookOptions::default();
    let b = book(&file, &opts).expect("the game is legal");
    let html = to_html(&b, &styles, &PageSetup::default());
    let write = WriteOptions::default();
    let pdf = to_pdf(&b, &styles, &write).unwrap();
    println!(
        "300 moves: {} figures, HTML {} KB, PDF {} KB",
        b.figures().len(),
        html.len() / 1024,
        pdf.len() / 1024
    );
    c.bench_function("book 300 moves to HTML", |bn| {
        bn.iter(|| {
            to_html(
                &book(black_box(&file), &opts).unwrap(),
                &styles,
                &PageSetup::default(),
            )
        })
    });
    c.bench_function("book 300 moves to Typst source", |bn| {
        bn.iter(|| {
            to_typst(
                &book(black_box(&file), &opts).unwrap(),
                &styles,
                &PageSetup::default(),
                "book",
            )
        })
    });
    c.bench_function("book 300 moves to PDF", |bn| {
        bn.iter(|| to_pdf(&book(black_box(&file), &opts).unwrap(), &styles, &write).unwrap())
    });
    let many = file_of(games());
    let booklet_opts = WriteOptions {
        setup: PageSetup {
            booklet: true,
            ..PageSetup::default()
        },
        template: None,
    };
    let make = || {
        let b = booklet("Club", vec![book(black_box(&many), &opts).unwrap()], &[]);
        to_pdf(&b, &styles, &booklet_opts).unwrap()
    };
    let pdf = make();
    println!("100 games: PDF {} KB", pdf.len() / 1024);
    c.bench_function("booklet of 100 games to PDF", |bn| bn.iter(make));
    let typst = to_typst(&b, &styles, &PageSetup::default(), "book");
    for errors in [1000, 4000] {
        let mut broken = typst.clone();
        broken.template = "#let = 1\n".repeat(errors);
        let located = || match typeset_pdf_in_process(black_box(&broken), None) {
            Err(TypesetError::Typst { messages }) => messages.len(),
            _ => panic!("a template of errors is an error"),
        };
        assert_eq!(located(), 101, "100 errors shown, then how many more");
        c.bench_function(&format!("template of {errors} errors"), |bn| {
            bn.iter(located)
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
