#![doc(hidden)]
//! The words of TWRS notation, as nom rules over the shared lexical ones
//! (`base::grammar`): a point (`f6`), a tower's number, a side, the lines a
//! tower marks with (`2`, `2/`, `2\`), a move (`3 f2-f7 x2/ g4`,
//! `stone f6`, `4 b9`), and the two pieces a script's move line is cut
//! into (its number `12.` and its text). `twrs::script` says where a word
//! stands; these rules say what it is.
//!
//! A rule that does not match returns nom's `Err::Error`; a move rule that
//! found the text wrong returns `Err::Failure` whose message is the reason
//! a [`ParseMoveError`](crate::moves::ParseMoveError) gives.

use crate::moves::{Lines, Marking, Move};
use crate::point::{BadPoint, MAX_LINES, Player, Point};
use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till, take_while, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{opt, success, value, verify};
use nom::multi::{fold_many_m_n, fold_many0};
use nom::sequence::{preceded, terminated};
use twixt_core::grammar::{
    self, ByteRule, Failure, Rule, byte_fold, byte_mismatch, byte_number, byte_of, byte_run,
};

/// A move that is wrong, and why (the text of `ParseMoveError::why`).
fn wrong<'a>(at: &'a str, why: impl Into<String>) -> nom::Err<Failure<'a>> {
    grammar::failure(at, at.len(), why, "not a TWRS move")
}

/// A point: one column letter `a`–`z` (any case) and a row `1`–`26` of one
/// or two digits.
pub fn point(i: &str) -> Rule<'_, Point> {
    let (rest, (letter, digits)) = grammar::coordinate(i)?;
    if letter.len() != 1 || digits.len() > 2 {
        return Err(grammar::mismatch(i));
    }
    match digits.parse::<u8>() {
        Ok(row @ 1..=MAX_LINES) => {
            let col = letter.as_bytes()[0].to_ascii_lowercase() - b'a';
            Ok((rest, Point::new(col, row - 1)))
        }
        _ => Err(grammar::mismatch(i)),
    }
}

/// The whole of `s` as a point, or the message that says how to write one.
pub fn full_point(s: &str) -> Result<Point, BadPoint> {
    grammar::whole(point, s).ok_or_else(|| BadPoint(s.to_string()))
}

/// A tower's number in a move: one digit, `1` to `6`.
pub fn tower_number(i: &str) -> Rule<'_, u8> {
    satisfy(|c| ('1'..='6').contains(&c))
        .map(|c| c as u8 - b'0')
        .parse(i)
}

/// A tower's number in a directive: a decimal number (a `+` and leading
/// zeros allowed, as any count is written) whose value is `1` to `6`.
pub fn tower_argument(i: &str) -> Rule<'_, u8> {
    let (rest, digits) = preceded(opt(char('+')), grammar::digits).parse(i)?;
    match digits.parse::<u8>() {
        Ok(t @ 1..=6) => Ok((rest, t)),
        _ => Err(grammar::mismatch(i)),
    }
}

/// Why a word or a move's text is not what the notation wants. Each
/// message names the text as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not a tower's number `1` to `6`; the value is the text.
    #[error("`{0}` is not a tower: towers are numbered 1 to 6")]
    NotATower(String),
    /// Not `orange` or `blue` (nor the seed's words); the value is the text.
    #[error("`{0}` is not a side: orange or blue")]
    NotAPlayer(String),
    /// Not a move; the value says why (`it is empty`, `it is cut short`, ...).
    #[error("{0}")]
    NotAMove(String),
}

/// Wrong content in the input.
impl twixt_core::diagnostic::Explained for NotationError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// The whole of `s` as a tower's number in a directive, or what is wrong.
///
/// ```
/// use twrs_core::notation::{NotationError, tower_of};
///
/// assert_eq!(tower_of("+06"), Ok(6));
/// assert_eq!(tower_of("7"), Err(NotationError::NotATower("7".into())));
/// ```
pub fn tower_of(s: &str) -> Result<u8, NotationError> {
    grammar::whole(tower_argument, s).ok_or_else(|| NotationError::NotATower(s.to_string()))
}

/// The lines a tower marks with, after its number: none for its lines of
/// movement, `/` or `\` for a diagonal.
pub fn lines_suffix(i: &str) -> Rule<'_, Lines> {
    alt((
        value(Lines::Rising, char('/')),
        value(Lines::Falling, char('\\')),
        success(Lines::Movement),
    ))
    .parse(i)
}

/// A target in a directive: the tower marked and its lines, `2`, `2/`, `2\`.
pub fn target_lines(i: &str) -> Rule<'_, (u8, Lines)> {
    (tower_argument, lines_suffix).parse(i)
}

/// The whole of `s` as a target, or what is wrong with its tower.
pub fn target_of(s: &str) -> Result<(u8, Lines), NotationError> {
    grammar::whole(target_lines, s).ok_or_else(|| {
        let tower = s.strip_suffix(['/', '\\']).unwrap_or(s);
        NotationError::NotATower(tower.to_string())
    })
}

/// A player: `orange` or `blue` (the seed's `oranje` and `blauw` too), any case.
pub fn player(i: &str) -> Rule<'_, Player> {
    alt((
        value(
            Player::Orange,
            alt((tag_no_case("orange"), tag_no_case("oranje"))),
        ),
        value(
            Player::Blue,
            alt((tag_no_case("blue"), tag_no_case("blauw"))),
        ),
    ))
    .parse(i)
}

/// The whole of `s` as a player, or what is wrong.
pub fn full_player(s: &str) -> Result<Player, NotationError> {
    grammar::whole(player, s).ok_or_else(|| NotationError::NotAPlayer(s.to_string()))
}

/// A script's move number: digits and at least one dot, `12.` or `12...`;
/// its digits. Digits with no dot are a tower's number, not this.
pub fn move_number(i: &str) -> Rule<'_, &str> {
    terminated(grammar::digits, take_while1(|c| c == '.')).parse(i)
}

/// A character of a move's text on a script line: anything but a line
/// break and the characters that open or close the script's other items.
fn is_move_text_char(c: char) -> bool {
    c != '\n' && !matches!(c, '{' | '}' | '(' | ')' | '%' | '[' | ']' | '#')
}

/// A move's text on a script line, as written (trailing blanks included).
pub fn move_text(i: &str) -> Rule<'_, &str> {
    // Every character that ends it is ASCII: bytes are enough to find it.
    grammar::until_ascii(|b| !is_move_text_char(char::from(b)))(i)
}

/// Blanks between the words of a move (any white space).
fn spaces(i: &str) -> Rule<'_, &str> {
    // ASCII blanks by bytes; a rarer Unicode space by characters.
    let (rest, ascii) = grammar::ascii_while(|b| b.is_ascii_whitespace())(i)?;
    if rest.starts_with(|c: char| !c.is_ascii() && c.is_whitespace()) {
        return take_while(char::is_whitespace).parse(i);
    }
    Ok((rest, ascii))
}

/// A word of a move: blanks, then everything up to the next blank.
fn word(i: &str) -> Rule<'_, &str> {
    let (i, _) = spaces(i)?;
    // Up to the next ASCII blank by bytes; a word that is not all ASCII
    // may hold a Unicode space, and is cut by characters.
    match grammar::until_ascii(|b| b.is_ascii_whitespace())(i)? {
        (_, "") => Err(grammar::mismatch(i)),
        (rest, w) if w.is_ascii() => Ok((rest, w)),
        _ => take_while1(|c: char| !c.is_whitespace()).parse(i),
    }
}

/// The next word, or the failure `why` when the text ends.
fn required_word<'a>(i: &'a str, why: &str) -> Rule<'a, &'a str> {
    word(i).map_err(|_| wrong(i, why))
}

/// A word that must be a point.
fn point_word(i: &str) -> Rule<'_, Point> {
    let (rest, w) = word(i)?;
    match full_point(w) {
        Ok(p) => Ok((rest, p)),
        Err(e) => Err(wrong(w, e.to_string())),
    }
}

/// Nothing but blanks after a move; a word there is the failure
/// "`word` `after`".
fn nothing_after<'a>(i: &'a str, after: &str) -> Rule<'a, ()> {
    let (rest, _) = spaces(i)?;
    if rest.is_empty() {
        return Ok((rest, ()));
    }
    let (_, w) = word(rest)?;
    Err(wrong(w, format!("`{w}` {after}")))
}

/// A TWRS move: a stone placed before play, a tower placed before play,
/// or a turn (see [`Move`]). Its first word says which, so each word is
/// read once: `stone`, a number (the tower's), or where a turn starts.
pub fn twrs_move(i: &str) -> Rule<'_, Move> {
    let (after, first) = required_word(i, "it is empty")?;
    if first.eq_ignore_ascii_case("stone") {
        stone_placement(after)
    } else if first.bytes().all(|b| b.is_ascii_digit()) {
        numbered_move(first, after)
    } else {
        turn(0, first, after).map_err(|e| match e {
            nom::Err::Error(_) => wrong(first, "a turn is written from-to, like `f2-f7`"),
            failed => failed,
        })
    }
}

/// What follows `stone`: where the stone goes (advanced rule 1).
fn stone_placement(i: &str) -> Rule<'_, Move> {
    required_word(i, "say where the stone goes")?;
    let (i, at) = point_word(i)?;
    let (i, ()) = nothing_after(i, "after a placed stone")?;
    Ok((i, Move::PlaceStone(at)))
}

/// What follows a tower's `number`: a turn (`3 f2-f7 x2`) or where the
/// tower is placed before play (`4 b9`).
fn numbered_move<'a>(number: &'a str, i: &'a str) -> Rule<'a, Move> {
    let tower = grammar::whole(tower_number, number)
        .ok_or_else(|| wrong(number, "towers are numbered 1 to 6"))?;
    let (after, path) = required_word(i, "say where the tower goes")?;
    match turn(tower, path, after) {
        Err(nom::Err::Error(_)) => tower_placement(tower, path, after),
        read => read,
    }
}

/// `4 b9`: the tower placed at `at`, the word read, and nothing after it.
fn tower_placement<'a>(tower: u8, at: &'a str, i: &'a str) -> Rule<'a, Move> {
    let at = full_point(at).map_err(|e| wrong(at, e.to_string()))?;
    let (i, ()) = nothing_after(i, "after a placed tower")?;
    Ok((i, Move::PlaceTower { tower, at }))
}

/// A turn of `tower` (0 when unnamed): its `path` word `f2-f7` (no `-`:
/// no match), then an optional marking in the text `i` after it.
fn turn<'a>(tower: u8, path: &'a str, i: &'a str) -> Rule<'a, Move> {
    let (_, (from, to)) = from_to(path)?;
    let (i, marking) = opt(marking).parse(i)?;
    let (i, ()) = nothing_after(i, "after the move")?;
    Ok((
        i,
        Move::Turn {
            tower,
            from,
            to,
            marking,
        },
    ))
}

/// `f2-f7`, the whole of a word: where the tower stands and where it
/// goes. A word with no `-` does not match.
fn from_to(path: &str) -> Rule<'_, (Point, Point)> {
    let (to, from) = terminated(take_till(|c| c == '-'), char('-')).parse(path)?;
    let from = full_point(from).map_err(|e| wrong(path, e.to_string()))?;
    let to = full_point(to).map_err(|e| wrong(path, e.to_string()))?;
    Ok(("", (from, to)))
}

/// ` x2/ f5 h7`: the tower marked (`x` and its number may stand apart),
/// its lines (the `/` or `\` may stand apart too), and up to two stones.
fn marking(i: &str) -> Rule<'_, Marking> {
    let (after, w) = word(i)?;
    let Some(rest) = w.strip_prefix(['x', 'X']) else {
        return Err(wrong(
            w,
            format!("`{w}`: a marking starts with x, like `x2`"),
        ));
    };
    let (after, target_word) = if rest.is_empty() {
        required_word(after, "say which tower is marked")?
    } else {
        (after, rest)
    };
    let (suffix, number) = take_till::<_, _, Failure>(|c| c == '/' || c == '\\')
        .parse(target_word)
        .unwrap_or(("", target_word));
    let target = grammar::whole(tower_number, number)
        .ok_or_else(|| wrong(target_word, "towers are numbered 1 to 6"))?;
    // `x2 /`: a diagonal written apart.
    let (after, suffix) = match suffix {
        "" => opt(verify(word, |w: &str| w == "/" || w == "\\"))
            .map(|s| s.unwrap_or(""))
            .parse(after)?,
        _ => (after, suffix),
    };
    let lines = grammar::whole(lines_suffix, suffix).ok_or_else(|| {
        wrong(
            target_word,
            "after the marked tower, only `/` or `\\` (a diagonal)",
        )
    })?;
    let (after, stones) = stones(after)?;
    Ok((
        after,
        Marking {
            target,
            lines,
            stones,
        },
    ))
}

/// The stones a marking places: points, at most two.
fn stones(i: &str) -> Rule<'_, Vec<Point>> {
    // Most markings list none.
    if let (rest @ "", _) = spaces(i)? {
        return Ok((rest, Vec::new()));
    }
    // Folded into a vector that allocates only for a first stone.
    let (i, stones) = fold_many0(point_word, Vec::new, |mut v, p| {
        v.push(p);
        v
    })
    .parse(i)?;
    if stones.len() > 2 {
        return Err(wrong(i, "at most two stones are placed in a turn"));
    }
    Ok((i, stones))
}

/// The common move line, read in one rule because it is nearly every line
/// of a script: the move number when written (`12.`), then a turn with its
/// tower and marking (`3 f2-f7`, `f2-f7`, `3 f2-f7 x2/ f5 h7`), up to the
/// end of the line or the item that follows on it.
pub struct PlainLine<'a> {
    /// The move as written, from its first word to its last (a script's
    /// move element points at this).
    pub text: &'a str,
    /// The move.
    pub mv: Move,
}

/// Blanks between the words of a plain move line.
#[inline(always)]
fn plain_gap(i: &[u8]) -> ByteRule<'_, &[u8]> {
    byte_run(|b| b == b' ' || b == b'\t', 1)(i)
}

/// The end of a word of a plain move line: a blank, the end of the line or
/// text, or a character that opens or closes another item.
#[inline(always)]
fn plain_word_end(i: &[u8]) -> ByteRule<'_, ()> {
    match i.first() {
        None => Ok((i, ())),
        Some(&b)
            if b.is_ascii()
                && (b == b'\r' || b == b'\t' || b == b' ' || !is_move_text_char(char::from(b))) =>
        {
            Ok((i, ()))
        }
        Some(_) => byte_mismatch(i, nom::error::ErrorKind::Verify),
    }
}

/// A point as bytes: one letter and a row of one or two digits, 1 to 26.
#[inline(always)]
fn point_bytes(i: &[u8]) -> ByteRule<'_, Point> {
    let (rest, ((letter, _), (_, row))) = (
        byte_fold(|b| b.is_ascii_alphabetic(), 1, |_, _| 0),
        byte_number(2),
    )
        .parse(i)?;
    match u8::try_from(row) {
        Ok(row @ 1..=MAX_LINES) => Ok((
            rest,
            Point::new(letter.to_ascii_lowercase() - b'a', row - 1),
        )),
        _ => byte_mismatch(i, nom::error::ErrorKind::Verify),
    }
}

/// A point that is a whole word of a plain move line.
#[inline(always)]
fn plain_point(i: &[u8]) -> ByteRule<'_, Point> {
    terminated(point_bytes, plain_word_end).parse(i)
}

/// A tower's number as bytes: one digit, `1` to `6`.
#[inline(always)]
fn plain_tower(i: &[u8]) -> ByteRule<'_, u8> {
    byte_of(|b| (b'1'..=b'6').contains(&b))
        .map(|b| b - b'0')
        .parse(i)
}

/// ` x2/ f5 h7`: the marking written in one word, and up to two stones.
#[inline(always)]
fn plain_marking(i: &[u8]) -> ByteRule<'_, Marking> {
    let (i, (_, _, target, lines, _)) = (
        plain_gap,
        byte_of(|b| b == b'x' || b == b'X'),
        plain_tower,
        opt(byte_of(|b| b == b'/' || b == b'\\')).map(|l| match l {
            Some(b'/') => Lines::Rising,
            Some(_) => Lines::Falling,
            None => Lines::Movement,
        }),
        plain_word_end,
    )
        .parse(i)?;
    // A third stone does not match here: the general rules say why.
    let (i, stones) = fold_many_m_n(
        0,
        2,
        preceded(plain_gap, plain_point),
        Vec::new,
        |mut v, p| {
            v.push(p);
            v
        },
    )
    .parse(i)?;
    Ok((
        i,
        Marking {
            target,
            lines,
            stones,
        },
    ))
}

/// The common move line whose number, when written, is `expected` (see
/// [`PlainLine`]): the text left after it, and the move. Anything else (a
/// placement before play, a marking written apart, a third stone, a wrong
/// number, a non-ASCII character, something after the move) does not
/// match, and the general rules read the line with their messages: the
/// result is the one they would give. It reads bytes, where the general
/// rules cut the line into words first.
#[inline]
pub fn plain_line(expected: u32) -> impl Fn(&str) -> Option<(&str, PlainLine<'_>)> {
    move |text| {
        let i = text.as_bytes();
        // Digits without a dot are a tower's number, not the move number.
        let i = match (byte_number(9), byte_run(|b| b == b'.', 1)).parse(i) {
            Ok((rest, ((_, n), _))) if n == expected => {
                byte_run(|b| (b.is_ascii_whitespace() && b != b'\n') || b == b',', 0)(rest)
                    .ok()?
                    .0
            }
            Ok(_) => return None,
            Err(_) => i,
        };
        let start = text.len() - i.len();
        let (i, (tower, from, to, marking)) = (
            opt(terminated(plain_tower, plain_gap)),
            terminated(point_bytes, byte_of(|b| b == b'-')),
            plain_point,
            opt(plain_marking),
        )
            .parse(i)
            .ok()?;
        let end = text.len() - i.len();
        // Blanks to the end of the line, or to the item that follows.
        let (rest, _) = byte_run(|b| matches!(b, b' ' | b'\t' | b'\r'), 0)(i).ok()?;
        if rest
            .first()
            .is_some_and(|&b| !b.is_ascii() || is_move_text_char(char::from(b)))
        {
            return None;
        }
        // Every byte read is ASCII: the cuts fall on character boundaries.
        Some((
            &text[text.len() - rest.len()..],
            PlainLine {
                text: &text[start..end],
                mv: Move::Turn {
                    tower: tower.unwrap_or(0),
                    from,
                    to,
                    marking,
                },
            },
        ))
    }
}

/// The whole of `text` as a move, or why it is not one.
pub fn full_move(text: &str) -> Result<Move, NotationError> {
    match twrs_move(text) {
        Ok((_, mv)) => Ok(mv),
        Err(nom::Err::Failure(f) | nom::Err::Error(f)) => Err(NotationError::NotAMove(f.message)),
        Err(nom::Err::Incomplete(_)) => Err(NotationError::NotAMove("it is cut short".to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn why(text: &str) -> String {
        full_move(text).unwrap_err().to_string()
    }

    #[test]
    fn points_are_one_letter_and_a_row_up_to_26() {
        assert_eq!(point("f6-f7"), Ok(("-f7", Point::new(5, 5))));
        assert_eq!(full_point("Z26"), Ok(Point::new(25, 25)));
        assert_eq!(full_point("a06"), Ok(Point::new(0, 5)));
        for bad in ["", "a", "a0", "a27", "a100", "aa1", "é3", "6f"] {
            assert!(full_point(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn towers_in_moves_are_one_digit_in_directives_any_number() {
        assert_eq!(grammar::whole(tower_number, "6"), Some(6));
        assert_eq!(grammar::whole(tower_number, "06"), None);
        assert_eq!(tower_of("+06"), Ok(6));
        assert_eq!(
            tower_of("7").map_err(|e| e.to_string()),
            Err("`7` is not a tower: towers are numbered 1 to 6".to_string())
        );
        assert_eq!(target_of("2\\"), Ok((2, Lines::Falling)));
        assert_eq!(target_of("3"), Ok((3, Lines::Movement)));
        assert_eq!(
            target_of("2//").map_err(|e| e.to_string()),
            Err("`2/` is not a tower: towers are numbered 1 to 6".to_string())
        );
    }

    #[test]
    fn sides_in_either_language() {
        assert_eq!(full_player("Oranje"), Ok(Player::Orange));
        assert_eq!(full_player("BLUE"), Ok(Player::Blue));
        assert_eq!(
            full_player("red").map_err(|e| e.to_string()),
            Err("`red` is not a side: orange or blue".to_string())
        );
    }

    #[test]
    fn script_lines_are_cut_into_number_and_text() {
        assert_eq!(move_number("12... 3 f2-f7"), Ok((" 3 f2-f7", "12")));
        assert!(move_number("3 f2-f7").is_err());
        assert_eq!(move_text("3 f2-f7 x2 {c}"), Ok(("{c}", "3 f2-f7 x2 ")));
    }

    /// A line read as `twrs::script`'s line loop reads it with the
    /// general rules: its number (which must be `expected`), blanks, the
    /// move's text to the end of the line, the move.
    fn general_line(expected: u32, text: &str) -> Option<(&str, &str, Move)> {
        let (i, number) = opt(move_number).parse(text).ok()?;
        let i = match number {
            Some(d) if d.parse::<u32>().ok() != Some(expected) => return None,
            Some(_) => grammar::inline_blanks(i).ok()?.0,
            None => i,
        };
        let (rest, written) = move_text(i).ok()?;
        let trimmed = written.trim_end();
        Some((rest, trimmed, full_move(trimmed).ok()?))
    }

    #[test]
    fn plain_lines_read_the_common_turns() {
        let (rest, m) = plain_line(12)("12. 3 f2-f7 x2/ f5 h7  \n13. 4 b2-b3").unwrap();
        assert_eq!((rest, m.text), ("\n13. 4 b2-b3", "3 f2-f7 x2/ f5 h7"));
        assert_eq!(Ok(m.mv), full_move("3 f2-f7 x2/ f5 h7"));
        let (rest, m) = plain_line(1)("F2-f07{c}").unwrap();
        assert_eq!((rest, m.text), ("{c}", "F2-f07"));
        // Left to the general rules: a wrong number, a placement, a
        // marking written apart, a third stone, something after the move.
        for other in [
            "11. 3 f2-f7",
            "4 b9",
            "stone f6",
            "3 f2-f7 x 2",
            "3 f2-f7 x2 /",
            "3 f2-f7 x2 a1 b1 c1",
            "3 f2-f7 y2",
            "3 f2-f7,",
            "7 f2-f7",
            "3 f2-f7-f9",
            "3 f2-f27",
            "3 f2-f7\u{a0}",
        ] {
            assert!(plain_line(12)(other).is_none(), "{other}");
        }
    }

    /// Lines made of pieces of moves, blanks and other items: wherever the
    /// plain rule matches, it reads what the general rules read.
    #[test]
    fn plain_lines_agree_with_the_general_rules() {
        let pieces = [
            "12.", "12...", "11.", "012.", "3", "7", " ", "  ", "\t", "\r", ",", "f2-f7", "F2-f07",
            "a26-z1", "a0-b2", "z27-a1", "f2", "-", "x2", "X6\\", "x2/", "x", "/", "a1", "b1",
            "c1", "{c}", "#over", "\n", "é", "\u{a0}", "stone", "4", "b9", "y2", "%", ")", "(",
            "[", "\u{c}",
        ];
        let mut next = twixt_core::grammar::xorshift(0x2545_f491_4f6c_dd1d);
        let mut matched = 0;
        for _ in 0..200_000 {
            let mut line = String::new();
            for _ in 0..1 + next(8) {
                line.push_str(pieces[next(pieces.len())]);
                if next(2) == 0 {
                    line.push(' ');
                }
            }
            if let Some((rest, m)) = plain_line(12)(&line) {
                matched += 1;
                assert_eq!(
                    Some((rest, m.text, m.mv)),
                    general_line(12, &line),
                    "{line:?}"
                );
            }
        }
        assert!(matched > 1000, "{matched}");
    }

    #[test]
    fn moves() {
        assert_eq!(
            full_move("stone F6"),
            Ok(Move::PlaceStone(Point::new(5, 5)))
        );
        assert_eq!(
            full_move("4 b9"),
            Ok(Move::PlaceTower {
                tower: 4,
                at: Point::new(1, 8)
            })
        );
        let Ok(Move::Turn {
            tower: 3,
            marking: Some(m),
            ..
        }) = full_move("3 f2-f7 X 2 / f5 h7")
        else {
            panic!()
        };
        assert_eq!((m.target, m.lines, m.stones.len()), (2, Lines::Rising, 2));
        assert_eq!(why(""), "it is empty");
        assert_eq!(why("stone"), "say where the stone goes");
        assert_eq!(why("stone f6 g7"), "`g7` after a placed stone");
        assert_eq!(why("4 b9 c1"), "`c1` after a placed tower");
        assert_eq!(why("4"), "say where the tower goes");
        assert_eq!(why("f2"), "a turn is written from-to, like `f2-f7`");
        assert_eq!(why("3 f2-f7 x"), "say which tower is marked");
        assert_eq!(
            why("f2-f7-f9"),
            "`f7-f9` is not an intersection: write a column letter a–z and a row number, like `f6`"
        );
        assert_eq!(
            why("3 f2-f7 y2"),
            "`y2`: a marking starts with x, like `x2`"
        );
        assert_eq!(
            why("3 f2-f7 x2 a1 b1 c1"),
            "at most two stones are placed in a turn"
        );
        assert_eq!(
            why("3 f2-f7 x2// a1"),
            "after the marked tower, only `/` or `\\` (a diagonal)"
        );
    }
}
