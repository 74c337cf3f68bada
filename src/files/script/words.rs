//! The words of a TwixT script's move text, as nom rules over the shared
//! lexical ones (`base::grammar`): a move (`f6`, `f6+d5+d3-e5=`, `swap`,
//! `resign`, `draw`, each with an optional glyph), a removal (`-e4`,
//! `-d5-f6`), a hole, a link, a rectangle, and the plain move `12. f6` read
//! in one rule for speed. `parse` cuts the text into words and says where
//! they stand; these rules say what a word is.

use super::ast::Glyph;
use crate::grammar::{
    self, ByteRule, Failure, Rule, byte_fold, byte_mismatch, byte_number, byte_run, clip,
    quote_found,
};
use nom::Parser;
use nom::bytes::complete::{tag_no_case, take_till, take_while};
use nom::character::complete::char;
use nom::combinator::verify;
use nom::sequence::terminated;
use twixt_core::board::Hole;
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal, ThinVec};

/// A character of a bare word in move text.
#[inline]
pub(crate) fn is_word_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '{' | '}' | '(' | ')' | '%' | ',' | '[' | ']' | '#' | '"')
}

/// The bytes that end a bare word when they follow it: the ASCII
/// characters that are no word character (a byte of a wider character
/// does not end it). A table, read once per plain move.
static ENDS_WORD: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        // `char::is_whitespace` on ASCII: tab, line feed, vertical tab,
        // form feed, carriage return and space.
        table[b] = matches!(
            b as u8,
            b'\t'
                | b'\n'
                | 0x0b
                | 0x0c
                | b'\r'
                | b' '
                | b'{'
                | b'}'
                | b'('
                | b')'
                | b'%'
                | b','
                | b'['
                | b']'
                | b'#'
                | b'"'
        );
        b += 1;
    }
    table
};

/// A bare word of move text: a move, a removal, or something the reader
/// reports as unexpected.
pub(crate) fn word(i: &str) -> Rule<'_, &str> {
    take_while(is_word_char).parse(i)
}

/// A hole: column letters (one to three) and a row number (one to five
/// digits, no leading zero), any case.
pub(crate) fn hole(i: &str) -> Rule<'_, Hole> {
    let (rest, (letters, digits)) = grammar::coordinate(i)?;
    match Hole::from_written(letters, digits) {
        Some(h) => Ok((rest, h)),
        None => Err(grammar::mismatch(i)),
    }
}

/// The whole of `s` as a hole.
pub(crate) fn full_hole(s: &str) -> Option<Hole> {
    grammar::whole(hole, s)
}

/// Two holes joined by `-`: a link's or a rectangle's ends.
fn hole_pair(i: &str) -> Rule<'_, (Hole, Hole)> {
    (terminated(hole, char('-')), hole).parse(i)
}

/// The whole of `s` as a link, `d5-f6`; the message says what is wrong.
pub(crate) fn full_link(s: &str) -> Result<Link, String> {
    let (a, b) = grammar::whole(hole_pair, s)
        .ok_or_else(|| format!("expected a link like d5-f6, found `{}`", clip(s)))?;
    Link::new(a, b).ok_or_else(|| format!("{a} and {b} are not a knight's move apart"))
}

/// The whole of `s` as a rectangle, `c3-f8` (any two corners).
pub(crate) fn full_rect(s: &str) -> Option<(Hole, Hole)> {
    grammar::whole(hole_pair, s)
}

/// A removal after its `-`: a link (`d5-f6`) or a peg (`e4`); the message
/// says what is wrong.
pub(crate) fn removal(r: &str) -> Result<Removal, String> {
    if r.contains('-') {
        full_link(r).map(Removal::Link)
    } else {
        full_hole(r)
            .map(Removal::Peg)
            .ok_or_else(|| format!("expected a removal like -e4 or -d5-f6, found `-{r}`"))
    }
}

/// The common move `12. f6` (or `f6`), with the blanks before it: read in
/// one rule because it is nearly every move of a real file. Every byte it
/// reads is ASCII, so it is told in byte counts: the reader cuts the text
/// once for a whole run of such moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlainMove {
    /// The blanks before the move, where its line and column come from.
    pub(crate) lead: Lead,
    /// Bytes of the move as written, number included.
    pub(crate) written: usize,
    /// The hole played.
    pub(crate) hole: Hole,
}

/// ASCII blanks before a plain move: their bytes, the line breaks among
/// them, and the bytes after the last break (all of them when none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lead {
    pub(crate) len: usize,
    pub(crate) lines: u32,
    pub(crate) tail: usize,
}

/// ASCII blanks, counted as they are read (one pass gives the move's line
/// and column): the plain move leaves other spaces to the general reader.
#[inline(always)]
fn ascii_blanks(i: &[u8]) -> ByteRule<'_, Lead> {
    let mut lead = Lead {
        len: 0,
        lines: 0,
        tail: 0,
    };
    for &b in i {
        match b {
            b'\n' => {
                lead.lines += 1;
                lead.tail = 0;
            }
            b' ' | b'\t' | b'\r' | b',' => lead.tail += 1,
            _ => break,
        }
        lead.len += 1;
    }
    Ok((&i[lead.len..], lead))
}

/// The move number `n.` (any number of dots, then blanks on its line) when
/// it is `expected`. A move whose hole stands on a later line than its
/// number is left to the general rules: the plain move's span, and the
/// locator after it, hold one line.
#[inline(always)]
fn expected_number(expected: u32) -> impl Fn(&[u8]) -> ByteRule<'_, ()> {
    move |i| {
        let (rest, (_, _, _)) = (
            verify(byte_number(9), |&(_, n)| n == expected),
            byte_run(|b| b == b'.', 1),
            byte_run(|b| matches!(b, b' ' | b'\t' | b'\r' | b','), 0),
        )
            .parse(i)?;
        Ok((rest, ()))
    }
}

/// A hole's column letters (one to three, any case: a, …, z, aa, … as
/// `board::parse_column`) and row digits (one to five, no leading zero),
/// as bytes.
#[inline(always)]
fn ascii_hole(i: &[u8]) -> ByteRule<'_, Hole> {
    let (rest, ((_, col), (first, row))) = (
        byte_fold(
            |b| b.is_ascii_alphabetic(),
            3,
            |n, c| n * 26 + u32::from(c.to_ascii_lowercase() - b'a' + 1),
        ),
        byte_number(5),
    )
        .parse(i)?;
    // A row starting with 0 (row 0 among them) is no hole: said before `row - 1`.
    if first == b'0' {
        return byte_mismatch(i, nom::error::ErrorKind::Verify);
    }
    match (u16::try_from(col - 1), u16::try_from(row - 1)) {
        (Ok(col), Ok(row)) => Ok((rest, Hole::new(col, row))),
        _ => byte_mismatch(i, nom::error::ErrorKind::Verify),
    }
}

/// Blanks, the move number `expected` if written, and a hole ending its
/// word. Anything else (a glyph, links, removals, a keyword, a non-ASCII
/// character, another number) does not match, and the general rules read
/// it with their messages: the result is the one they would give. It
/// reads bytes, where the general rules read characters: nearly every move
/// of a real file is this one.
#[inline(always)]
pub(crate) fn plain_move(expected: u32) -> impl Fn(&[u8]) -> ByteRule<'_, PlainMove> {
    // Inlined into the reader's loop over a run of moves: a call would
    // pass the result through memory.
    #[inline(always)]
    move |i| {
        let (from, lead) = ascii_blanks(i)?;
        let after_number = expected_number(expected)(from).map_or(from, |(rest, ())| rest);
        let (rest, hole) = ascii_hole(after_number)?;
        // The word must end here, as the general reader's word would.
        if rest.first().is_some_and(|&b| !ENDS_WORD[usize::from(b)]) {
            return byte_mismatch(rest, nom::error::ErrorKind::Verify);
        }
        Ok((
            rest,
            PlainMove {
                lead,
                written: from.len() - rest.len(),
                hole,
            },
        ))
    }
}

/// A problem inside one move word: what to say, and which bytes of the
/// word it is about (the word's line and column are found only when it
/// fails).
pub(crate) struct WordError {
    pub(crate) message: String,
    pub(crate) label: &'static str,
    pub(crate) start: usize,
    pub(crate) len: usize,
}

/// A move keyword: `swap`, `resign` or `draw` (accepting a draw offer).
fn keyword(i: &str) -> Rule<'_, Move> {
    nom::branch::alt((
        tag_no_case("swap").map(|_| Move::Swap),
        tag_no_case("resign").map(|_| Move::Resign),
        tag_no_case("draw").map(|_| Move::AcceptDraw),
    ))
    .parse(i)
}

/// One move word: `swap`, `resign`, `draw`, or `f6+d5+d3-e5=`, with an
/// optional glyph at its end.
pub(crate) fn move_word(text: &str) -> Result<(Move, Option<Glyph>), WordError> {
    // The glyph is what ends the word: `f6!?`.
    let body_len = text.trim_end_matches(['!', '?']).len();
    let (body, glyph_text) = text.split_at(body_len);
    let glyph = match glyph_text {
        "" => None,
        g => Some(Glyph::parse(g).ok_or_else(|| WordError {
            message: format!("expected a glyph (! ? !! ?? !? ?!), found `{}`", clip(g)),
            label: "not a glyph",
            start: body_len,
            len: g.len(),
        })?),
    };
    if let Some(mv) = grammar::whole(keyword, body) {
        return Ok((mv, glyph));
    }
    placement(text, body).map(|p| (Move::Place(p), glyph))
}

/// `f6`, `f6+d5` (a link to d5), `f6+d3-e5` (any link), `f6=` (offering a
/// draw): the body of the move word `text`.
fn placement(text: &str, body: &str) -> Result<Placement, WordError> {
    let whole_word = |message: String| WordError {
        message,
        label: "bad link",
        start: 0,
        len: text.len(),
    };
    let (body, offers_draw) = match body.strip_suffix('=') {
        Some(b) => (b, true),
        None => (body, false),
    };
    let (links_text, head) = take_till::<_, _, Failure>(|c| c == '+')
        .parse(body)
        .unwrap_or(("", body));
    let Some(h) = full_hole(head) else {
        let what = if head.is_empty() { body } else { head };
        let message = if head.starts_with(|c: char| c.is_ascii_alphabetic()) {
            format!("expected a hole like f6, found `{}`", clip(what))
        } else {
            format!(
                "expected a move like f6, swap, resign or draw, found {}",
                quote_found(text)
            )
        };
        return Err(WordError {
            message,
            label: "not a move",
            start: 0,
            len: what.len().max(1),
        });
    };
    let mut links = Vec::new();
    // `+item` after `+item`: each item a hole linked to `h`, or a link.
    let mut items = links_text;
    while let Some(after_plus) = items.strip_prefix('+') {
        let (rest, item) = take_till::<_, _, Failure>(|c| c == '+')
            .parse(after_plus)
            .unwrap_or(("", after_plus));
        items = rest;
        if item.contains('-') {
            links.push(full_link(item).map_err(whole_word)?);
        } else {
            let Some(other) = full_hole(item) else {
                return Err(whole_word(format!(
                    "expected a hole like d5 or a link like d5-f6 after `+`, found `{}`",
                    clip(item)
                )));
            };
            links.push(Link::new(h, other).ok_or_else(|| {
                whole_word(format!("{h} and {other} are not a knight's move apart"))
            })?);
        }
    }
    Ok(Placement {
        removals: ThinVec::new(),
        hole: h,
        links: links.into(),
        offers_draw,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_moves_need_the_expected_number_and_a_word_end() {
        let read = |expected: u32, text: &'static str| {
            plain_move(expected)(text.as_bytes())
                .ok()
                .map(|(rest, m)| (std::str::from_utf8(rest).unwrap(), m))
        };
        let (rest, m) = read(12, "\n 12. f6 g8").unwrap();
        let lead = Lead {
            len: 2,
            lines: 1,
            tail: 1,
        };
        assert_eq!(
            (rest, m.lead, m.written, m.hole),
            (" g8", lead, 6, Hole::new(5, 5))
        );
        let (_, m) = read(1, " ,\t1. e8").unwrap();
        assert_eq!((m.lead.len, m.lead.lines, m.lead.tail), (3, 0, 3));
        let (_, m) = read(1, "\r\n\n  e8").unwrap();
        assert_eq!((m.lead.len, m.lead.lines, m.lead.tail), (5, 2, 2));
        assert!(read(10, " 12. f6").is_none());
        assert!(read(0, "f6!").is_none());
        assert!(read(0, "f6+d5").is_none());
        assert!(read(0, "f06").is_none());
        assert!(read(0, "d0").is_none());
        // A hole on a later line than its number is the general rules' work.
        assert!(read(1, "1.\n\n\ne8").is_none());
        assert!(read(1, "1. ,e8").is_some());
        assert!(read(0, "abcd6").is_none());
        assert!(read(0, "\u{a0}f6").is_none());
        assert!(read(0, "f6\u{a0}").is_none());
        assert_eq!(read(0, "f6{c}").unwrap().0, "{c}");
    }

    #[test]
    fn the_word_end_table_agrees_with_the_word_characters() {
        for b in 0..=255u8 {
            let ends = b.is_ascii() && !is_word_char(char::from(b));
            assert_eq!(ENDS_WORD[usize::from(b)], ends, "byte {b:#04x}");
        }
    }

    #[test]
    fn move_words() {
        let (m, g) = move_word("F6+d5+d3-e5=!?").ok().unwrap();
        let Move::Place(p) = m else { panic!() };
        assert_eq!(
            (p.hole, p.links.len(), p.offers_draw, g),
            (Hole::new(5, 5), 2, true, Some(Glyph::Interesting))
        );
        assert!(matches!(move_word("SWAP").ok().unwrap().0, Move::Swap));
        let e = move_word("f6+9x").err().unwrap();
        assert_eq!(
            e.message,
            "expected a hole like d5 or a link like d5-f6 after `+`, found `9x`"
        );
        let e = move_word("f6+f7").err().unwrap();
        assert_eq!(e.message, "f6 and f7 are not a knight's move apart");
        let e = move_word("7f").err().unwrap();
        assert_eq!(
            e.message,
            "expected a move like f6, swap, resign or draw, found `7f`"
        );
        let e = move_word("f6!!!").err().unwrap();
        assert_eq!((e.start, e.len, e.label), (2, 3, "not a glyph"));
    }

    #[test]
    fn removals_links_and_rectangles() {
        assert!(matches!(removal("e4"), Ok(Removal::Peg(_))));
        assert!(matches!(removal("d5-f6"), Ok(Removal::Link(_))));
        assert_eq!(
            removal("e").unwrap_err(),
            "expected a removal like -e4 or -d5-f6, found `-e`"
        );
        assert_eq!(
            full_link("d5-f7").unwrap_err(),
            "d5 and f7 are not a knight's move apart"
        );
        assert_eq!(full_rect("c3-f8"), Some((Hole::new(2, 2), Hole::new(5, 7))));
        assert_eq!(full_hole("aa100000"), None);
    }
}
