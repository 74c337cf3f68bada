//! Move text is read by two paths: a quick one for the common `12. f6` and
//! the general one for everything else (glyphs, links, keywords, non-ASCII
//! blanks). Whichever reads a move, the tree and every move's span (offset,
//! length, line, column) must be what the text says.

use proptest::prelude::*;
use twixt_core::board::Hole;
use twixt_core::moves::Move;
use twixtkit::script::{Element, parse};

/// Blanks between tokens: ASCII ones the quick path reads, and Unicode
/// spaces only the general path knows.
const SEPARATORS: [&str; 9] = [
    " ",
    "  ",
    "\n",
    ", ",
    "\t",
    " \r\n",
    "\u{a0}",
    "\u{3000}",
    "\n\u{a0} ",
];

/// One move as written, and what it must read as.
#[derive(Debug, Clone)]
struct Written {
    sep: &'static str,
    numbered: Option<&'static str>,
    word: String,
    hole: Option<Hole>,
}

fn written() -> impl Strategy<Value = Written> {
    (
        0usize..SEPARATORS.len(),
        prop_oneof![
            Just(None),
            Just(Some("")),
            Just(Some(" ")),
            Just(Some("\u{a0}"))
        ],
        0u16..40,
        0u16..40,
        any::<bool>(),
        prop_oneof![Just(""), Just(""), Just(""), Just("!"), Just("?!")],
    )
        .prop_map(|(sep, numbered, col, row, upper, glyph)| {
            let hole = Hole::new(col, row);
            let name = hole.to_string();
            let name = if upper { name.to_uppercase() } else { name };
            Written {
                sep: SEPARATORS[sep],
                numbered,
                word: format!("{name}{glyph}"),
                hole: Some(hole),
            }
        })
}

/// Line and column of a byte offset, counted the plain way.
fn line_col(text: &str, offset: usize) -> (u32, u32) {
    let before = &text[..offset];
    let line = 1 + before.matches('\n').count() as u32;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, 1 + before[start..].chars().count() as u32)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn both_paths_read_moves_and_spans_alike(
        moves in prop::collection::vec(written(), 1..40),
        swap_at in prop::option::of(1usize..3),
    ) {
        let mut text = String::from("[Size \"40\"]\n\n");
        let mut expected = Vec::new();
        for (i, w) in moves.iter().enumerate() {
            let mut w = w.clone();
            if swap_at == Some(i) {
                w.word = "SWAP".into();
                w.hole = None;
            }
            text.push_str(w.sep);
            let start = text.len();
            if let Some(gap) = w.numbered {
                text.push_str(&format!("{}.{gap}", i + 1));
            }
            text.push_str(&w.word);
            expected.push((start, text.len() - start, w));
        }
        text.push('\n');
        let parsed = parse(&text);
        prop_assert!(parsed.errors.is_empty(), "{:?}\n{text}", parsed.errors);
        prop_assert_eq!(parsed.file.games.len(), 1);
        let read: Vec<_> = parsed.file.games[0]
            .line
            .elements
            .iter()
            .filter_map(|e| match e {
                Element::Move(m) => Some(m),
                _ => None,
            })
            .collect();
        prop_assert_eq!(read.len(), expected.len());
        for (m, (start, len, w)) in read.iter().zip(&expected) {
            match (w.hole, &m.mv) {
                (Some(h), Move::Place(p)) => {
                    prop_assert_eq!(p.hole, h);
                    prop_assert!(p.links.is_empty() && p.removals.is_empty() && !p.offers_draw);
                }
                (None, Move::Swap) => {}
                (want, got) => prop_assert!(false, "{want:?} read as {got:?}"),
            }
            prop_assert_eq!(m.glyph.is_some(), w.word.ends_with(['!', '?']));
            prop_assert_eq!((m.span.start(), m.span.len_bytes()), (*start, *len), "{}", text);
            prop_assert_eq!((m.span.line, m.span.col), line_col(&text, *start), "{}", text);
        }
    }
}
