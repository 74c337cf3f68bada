//! The lexical rules every text reader shares, written as nom combinators
//! over `&str`: blanks, `%` remarks, `{…}` comments, quoted strings, header
//! tags, directive arguments, move numbers, glyph runs and coordinates.
//! What a word means is each reader's own (a TwixT move, a TWRS move, a
//! Little Golem property); how text is cut into words is here, once.
//!
//! Rules take the text left and return the text left after them, like every
//! nom parser. They never count lines: a rule that fails says *where* by the
//! slice it failed at ([`Failure::at`]), and the reader turns that slice into
//! an offset ([`offset_in`]) and a line and column only for the spans it
//! keeps, so that a clean file pays for no location it never shows.
//!
//! A rule that does not match returns nom's `Err::Error` (the caller tries
//! something else); a rule that matched its first character and then found
//! the text wrong returns `Err::Failure` with the message a user reads.

use nom::Parser;
use nom::bytes::complete::{take_while, take_while1};
use nom::character::complete::char;
use nom::sequence::preceded;

/// Why a rule failed. With an empty `message` it only did not match (nom
/// backtracks over it); otherwise it is the error a user reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure<'a> {
    /// The text from the place the caret points at to the end of the input.
    pub at: &'a str,
    /// How many bytes from `at` the caret covers.
    pub len: usize,
    /// What was expected and found; empty for a plain mismatch.
    pub message: String,
    /// The short note shown under the caret.
    pub label: String,
    /// What the rule was inside when the text ran out, if that is why it
    /// failed: more text could end it well.
    pub ran_out: Option<RanOut>,
}

/// What a reader was inside when the text ended: a comment, a variation,
/// a move owed after a move number (or removals). A reader of a part of a
/// file (the stream's window) reads on past the part when an error says
/// so, instead of telling it by the words of the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RanOut {
    /// A `{` comment not closed.
    Comment,
    /// A `(` variation not closed.
    Variation,
    /// A move number or removals not followed by their move.
    Move,
}

impl<'a> nom::error::ParseError<&'a str> for Failure<'a> {
    fn from_error_kind(input: &'a str, _kind: nom::error::ErrorKind) -> Self {
        Failure {
            at: input,
            len: 0,
            message: String::new(),
            label: String::new(),
            ran_out: None,
        }
    }

    fn append(_input: &'a str, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
}

/// What every rule returns: the text left and what was read, or a failure.
pub type Rule<'a, T> = nom::IResult<&'a str, T, Failure<'a>>;

/// A failure the user reads, at `at` and covering `len` bytes (fewer when
/// the text ends sooner).
pub fn failure<'a>(
    at: &'a str,
    len: usize,
    message: impl Into<String>,
    label: impl Into<String>,
) -> nom::Err<Failure<'a>> {
    nom::Err::Failure(Failure {
        at,
        len: len.min(at.len()),
        message: message.into(),
        label: label.into(),
        ran_out: None,
    })
}

/// A plain mismatch at `i`: the rule does not apply there (nom backtracks).
pub fn mismatch(i: &str) -> nom::Err<Failure<'_>> {
    nom::Err::Error(nom::error::ParseError::from_error_kind(
        i,
        nom::error::ErrorKind::Verify,
    ))
}

/// The byte offset of `part`, a slice of `whole`, within `whole`.
pub fn offset_in(whole: &str, part: &str) -> usize {
    nom::Offset::offset(whole, part)
}

/// The line and column of byte offsets of one text, found incrementally:
/// each call goes on from the last (forward, or back by the distance), so
/// that locating every span a reader keeps costs linear time overall.
/// Columns count characters.
pub struct Locator<'a> {
    /// The whole text.
    pub src: &'a str,
    /// The offset last located.
    pub offset: usize,
    /// Its line, from 1.
    pub line: u32,
    /// Its column, from 1.
    pub col: u32,
}

impl<'a> Locator<'a> {
    /// A locator at the start of `src`, line 1, column 1.
    pub fn new(src: &'a str) -> Locator<'a> {
        Locator {
            src,
            offset: 0,
            line: 1,
            col: 1,
        }
    }

    /// The line and column of byte `offset` (a character boundary, at most
    /// the text's length).
    pub fn locate(&mut self, offset: usize) -> (u32, u32) {
        if offset < self.offset {
            // Step back: cost is the distance plus the length of the line.
            let back = &self.src[offset..self.offset];
            let lines = count_newlines(back.as_bytes()) as u32;
            if lines == 0 {
                self.col -= back.chars().count() as u32;
            } else {
                self.line -= lines;
                let line_start = self.src[..offset].rfind('\n').map_or(0, |i| i + 1);
                self.col = 1 + self.src[line_start..offset].chars().count() as u32;
            }
            self.offset = offset;
            return (self.line, self.col);
        }
        // One pass over the bytes: the segments between kept spans are a few
        // bytes long, where a search and a count call each cost more than this.
        let (mut line, mut col) = (self.line, self.col);
        for &b in &self.src.as_bytes()[self.offset..offset] {
            if b == b'\n' {
                line += 1;
                col = 1;
            } else if b & 0xC0 != 0x80 {
                // Not a UTF-8 continuation byte: a new character.
                col += 1;
            }
        }
        (self.line, self.col) = (line, col);
        self.offset = offset;
        (self.line, self.col)
    }
}

/// `s` cut to 40 characters for a message: a 50 MB word must not make a
/// 50 MB message.
pub fn clip(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// A character that shows nothing when printed, named by its code point in
/// messages rather than quoted as an empty pair of backticks.
fn invisible(c: char) -> Option<String> {
    match c {
        '\u{FEFF}' => Some("a byte-order mark (U+FEFF)".to_string()),
        c if crate::diagnostic::is_invisible(c) => {
            Some(format!("the invisible character U+{:04X}", u32::from(c)))
        }
        _ => None,
    }
}

/// `s` quoted for "found …" in a message, or, when it starts with a
/// character that shows nothing, that character named by its code point.
pub fn quote_found(s: &str) -> String {
    match s.chars().next().and_then(invisible) {
        Some(named) => named,
        None => format!("`{}`", clip(s)),
    }
}

/// What the text `rest` starts with, for "found …" in messages: the end of
/// the file or line, an invisible character by its code point, or the word
/// (up to 20 characters).
pub fn found(rest: &str) -> String {
    match rest.chars().next() {
        None => "the end of the file".to_string(),
        Some('\n') | Some('\r') => "the end of the line".to_string(),
        Some(c) => invisible(c).unwrap_or_else(|| {
            let w: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(20)
                .collect();
            format!("`{w}`")
        }),
    }
}

/// The longest run of ASCII bytes that satisfy `class`: nom's `take_while`
/// for a character class of ASCII only. It reads bytes, not characters:
/// the rules below are the parser's inner loops, and nom's general
/// `take_while` (any input, any mode, one character decoded at a time) is
/// not inlined into them, which made the reader a quarter slower. The run
/// ends at an ASCII byte or at the end of the text, so it never cuts a
/// character.
#[inline(always)]
pub fn ascii_while(class: impl Fn(u8) -> bool) -> impl Fn(&str) -> Rule<'_, &str> {
    move |i| {
        let n = i
            .bytes()
            .position(|b| !(b.is_ascii() && class(b)))
            .unwrap_or(i.len());
        let (run, rest) = i.split_at(n);
        Ok((rest, run))
    }
}

/// [`ascii_while`], at least one byte long.
#[inline(always)]
pub fn ascii_while1(class: impl Fn(u8) -> bool) -> impl Fn(&str) -> Rule<'_, &str> {
    move |i| match ascii_while(&class)(i)? {
        (_, "") => Err(mismatch(i)),
        done => Ok(done),
    }
}

/// The text up to the first ASCII byte in `stop` (or the end): a run of
/// any characters, found by looking at bytes only.
#[inline(always)]
pub fn until_ascii(stop: impl Fn(u8) -> bool) -> impl Fn(&str) -> Rule<'_, &str> {
    move |i| {
        let n = i
            .bytes()
            .position(|b| b.is_ascii() && stop(b))
            .unwrap_or(i.len());
        let (run, rest) = i.split_at(n);
        Ok((rest, run))
    }
}

// Rules over bytes, for the fast paths (a TwixT plain move, a TWRS plain
// move line, a plain header tag): each reads ASCII only and does not
// match anything else, so the general rules above read it, with their
// messages. nom's own `take_while` serves any input in any mode and is not
// inlined into so small a rule; these compile to loops in place.

/// What a rule over bytes returns.
pub type ByteRule<'a, T> = nom::IResult<&'a [u8], T>;

/// The plain mismatch of a rule over bytes.
#[inline(always)]
pub fn byte_mismatch<T>(i: &[u8], kind: nom::error::ErrorKind) -> ByteRule<'_, T> {
    Err(nom::Err::Error(nom::error::Error::new(i, kind)))
}

/// A run of bytes of one ASCII class, at least `min` of them.
#[inline(always)]
pub fn byte_run(class: impl Fn(u8) -> bool, min: usize) -> impl Fn(&[u8]) -> ByteRule<'_, &[u8]> {
    move |i| {
        let n = i.iter().position(|&b| !class(b)).unwrap_or(i.len());
        if n < min {
            return byte_mismatch(i, nom::error::ErrorKind::TakeWhile1);
        }
        let (run, rest) = i.split_at(n);
        Ok((rest, run))
    }
}

/// One byte of an ASCII class.
#[inline(always)]
pub fn byte_of(class: impl Fn(u8) -> bool) -> impl Fn(&[u8]) -> ByteRule<'_, u8> {
    move |i| match i.first() {
        Some(&b) if class(b) => Ok((&i[1..], b)),
        _ => byte_mismatch(i, nom::error::ErrorKind::Char),
    }
}

/// A run of one to `max` bytes of an ASCII class, folded into a number as
/// it is read (one pass: digits and column letters are read and valued
/// together): the first byte, and the value. More than `max` bytes do not
/// match.
#[inline(always)]
pub fn byte_fold(
    class: impl Fn(u8) -> bool,
    max: usize,
    step: impl Fn(u32, u8) -> u32,
) -> impl Fn(&[u8]) -> ByteRule<'_, (u8, u32)> {
    move |i| {
        let mut value = 0u32;
        let mut n = 0;
        while let Some(&b) = i.get(n).filter(|&&b| class(b)) {
            if n == max {
                return byte_mismatch(i, nom::error::ErrorKind::TooLarge);
            }
            value = step(value, b);
            n += 1;
        }
        if n == 0 {
            return byte_mismatch(i, nom::error::ErrorKind::TakeWhile1);
        }
        Ok((&i[n..], (i[0], value)))
    }
}

/// Up to `max` decimal digits and their value: the first digit, and the value.
#[inline(always)]
pub fn byte_number(max: usize) -> impl Fn(&[u8]) -> ByteRule<'_, (u8, u32)> {
    byte_fold(
        |b| b.is_ascii_digit(),
        max,
        |n, d| n * 10 + u32::from(d - b'0'),
    )
}

/// Blanks between the items of a script: spaces, line breaks and commas.
pub fn blanks(i: &str) -> Rule<'_, &str> {
    // ASCII blanks first, by bytes; a rarer Unicode space by characters.
    let (rest, ascii) = ascii_while(|b| b.is_ascii_whitespace() || b == b',')(i)?;
    if rest.starts_with(|c: char| !c.is_ascii() && c.is_whitespace()) {
        return take_while(|c: char| c.is_whitespace() || c == ',').parse(i);
    }
    Ok((rest, ascii))
}

/// Blanks within a line: spaces and commas, no line break.
pub fn inline_blanks(i: &str) -> Rule<'_, &str> {
    let (rest, ascii) = ascii_while(|b| (b.is_ascii_whitespace() && b != b'\n') || b == b',')(i)?;
    if rest.starts_with(|c: char| !c.is_ascii() && c.is_whitespace()) {
        return take_while(|c: char| (c.is_whitespace() && c != '\n') || c == ',').parse(i);
    }
    Ok((rest, ascii))
}

/// True when `blank` (text [`blanks`] read) holds an empty line: two line
/// breaks with only spaces between. A blank line ends a header block.
pub fn has_blank_line(blank: &str) -> bool {
    let mut seen = false;
    for c in blank.chars() {
        if c == '\n' {
            if seen {
                return true;
            }
            seen = true;
        } else if !c.is_whitespace() {
            seen = false;
        }
    }
    false
}

/// The line breaks in `bytes`, counted a block at a time in a byte-wide
/// sum (at most 255 a block), which the compiler turns into vector code:
/// the streaming reader counts a whole window's lines with it.
pub fn count_newlines(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|block| usize::from(block.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>()))
        .sum()
}

/// `% text` to the end of the line: the remark's text, trimmed.
pub fn remark(i: &str) -> Rule<'_, &str> {
    preceded(char('%'), until_ascii(|b| b == b'\n'))
        .map(str::trim)
        .parse(i)
}

/// The name of a header tag: `Event`, `Size`, `Rules-Note`.
fn tag_name(i: &str) -> Rule<'_, &str> {
    ascii_while(is_tag_name_byte)(i)
}

/// A header tag as written: its name, its value, and the quoted value's text
/// (for its span).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeaderTag<'a> {
    /// The name as written.
    pub name: &'a str,
    /// The value, unquoted.
    pub value: String,
    /// The quoted value with its quotes.
    pub quoted: &'a str,
}

/// `[Name "value"]`: the common form ([`plain_header_tag`]), else the
/// general rule with its messages ([`any_header_tag`]).
pub fn header_tag(i: &str) -> Rule<'_, HeaderTag<'_>> {
    match plain_header_tag(i) {
        Some(done) => Ok(done),
        None => any_header_tag(i),
    }
}

/// A byte of a tag's name.
#[inline(always)]
fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `[Name "value"]` as nearly every tag is written: spaces between the
/// name and the value, none inside the brackets, no escape in the value.
/// It reads bytes; any other tag does not match and [`any_header_tag`]
/// reads it, with the same result.
#[inline]
pub fn plain_header_tag(text: &str) -> Option<(&str, HeaderTag<'_>)> {
    let i = text.as_bytes();
    let (rest, (_, name, _, value, _)) = (
        byte_of(|b| b == b'['),
        byte_run(is_tag_name_byte, 1),
        byte_run(|b| b == b' ', 1).and(byte_of(|b| b == b'"')),
        // The value ends at an ASCII byte: the cuts fall on character
        // boundaries.
        byte_run(|b| !matches!(b, b'"' | b'\\' | b'\n'), 0),
        byte_of(|b| b == b'"').and(byte_of(|b| b == b']')),
    )
        .parse(i)
        .ok()?;
    let name_end = 1 + name.len();
    let quoted_end = text.len() - rest.len() - 1;
    let quoted = &text[quoted_end - value.len() - 2..quoted_end];
    Some((
        &text[quoted_end + 1..],
        HeaderTag {
            name: &text[1..name_end],
            value: quoted[1..quoted.len() - 1].to_string(),
            quoted,
        },
    ))
}

/// `[Name "value"]` in any form the grammar allows: blanks inside the
/// brackets, escapes in the value. What is wrong is named.
pub fn any_header_tag(i: &str) -> Rule<'_, HeaderTag<'_>> {
    let (i, _) = (char('['), inline_blanks).parse(i)?;
    let (i, name) = tag_name(i)?;
    if name.is_empty() {
        return Err(failure(
            i,
            1,
            format!(
                "expected a tag name like Event after `[`, found {}",
                found(i)
            ),
            "tag name expected",
        ));
    }
    let (i, _) = inline_blanks(i)?;
    if !i.starts_with('"') {
        return Err(failure(
            i,
            1,
            format!(
                "expected a quoted value like \"24\" after tag {name}, found {}",
                found(i)
            ),
            "value expected",
        ));
    }
    let (i, (value, quoted)) = quoted_string(i)?;
    let (i, _) = inline_blanks(i)?;
    let Ok((i, _)) = char::<_, Failure>(']').parse(i) else {
        return Err(failure(
            i,
            1,
            format!(
                "expected `]` to close the tag opened here, found {}",
                found(i)
            ),
            "`]` expected",
        ));
    };
    Ok((
        i,
        HeaderTag {
            name,
            value,
            quoted,
        },
    ))
}

/// `"text"` with `\"` and `\\` escapes, on one line: the text, and the whole
/// quoted string as written.
pub fn quoted_string(i: &str) -> Rule<'_, (String, &str)> {
    let (body, _) = char('"').parse(i)?;
    // Most strings hold no escape: the plain run up to the closing quote is
    // copied at once.
    let (after, plain) = until_ascii(|b| matches!(b, b'"' | b'\\' | b'\n'))(body)?;
    if let Ok((rest, _)) = char::<_, Failure>('"').parse(after) {
        let whole = &i[..plain.len() + 2];
        return Ok((rest, (plain.to_string(), whole)));
    }
    let mut out = plain.to_string();
    let mut chars = after.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => {
                let end = i.len() - after.len() + k + 1;
                return Ok((&i[end..], (out, &i[..end])));
            }
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => out.push(e),
                Some((_, e)) => {
                    return Err(failure(
                        &after[k..],
                        1 + e.len_utf8(),
                        format!(
                            "unknown escape `\\{e}`: only \\\" and \\\\ are allowed in strings"
                        ),
                        "unknown escape",
                    ));
                }
                None => break,
            },
            '\n' => break,
            c => out.push(c),
        }
    }
    Err(failure(
        i,
        1,
        "unterminated string: expected a closing `\"` on the same line",
        "string starts here",
    ))
}

/// `text` with `\\` and `special` escaped by a backslash, as the readers of
/// comments (`}`), quoted strings (`"`) and Little Golem values (`]`) read
/// them back.
pub fn escaped(text: &str, special: char) -> String {
    let mut s = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch == '\\' || ch == special {
            s.push('\\');
        }
        s.push(ch);
    }
    s
}

/// `{text}` with `\}` and `\\` escapes (any other backslash is kept); it may
/// span lines. The comment's text.
pub fn comment(i: &str) -> Rule<'_, String> {
    let (body, _) = char('{').parse(i)?;
    // The common cases, a comment without escapes and one never closed,
    // are found by one fast scan; an unclosed comment copies nothing (a
    // stream reads its window's tail again, so a copy cost a window's
    // length each time).
    let end = memchr::memchr2(b'}', b'\\', body.as_bytes()).unwrap_or(body.len());
    let (plain, after) = body.split_at(end);
    if let Ok((rest, _)) = char::<_, Failure>('}').parse(after) {
        return Ok((rest, plain.to_string()));
    }
    if after.is_empty() {
        return Err(nom::Err::Failure(unclosed_comment(i)));
    }
    let mut out = plain.to_string();
    let mut chars = after.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '}' => return Ok((&after[k + 1..], out)),
            '\\' => match chars.next() {
                Some((_, e @ ('}' | '\\'))) => out.push(e),
                Some((_, e)) => {
                    out.push('\\');
                    out.push(e);
                }
                None => break,
            },
            c => out.push(c),
        }
    }
    Err(nom::Err::Failure(unclosed_comment(i)))
}

/// The failure of a comment opened at `i` and never closed.
pub fn unclosed_comment(i: &str) -> Failure<'_> {
    Failure {
        at: i,
        len: 1.min(i.len()),
        message: "unterminated comment: expected `}`".to_string(),
        label: "comment starts here".to_string(),
        ran_out: Some(RanOut::Comment),
    }
}

/// A character of a bare directive argument.
pub fn is_arg_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '{' | '}' | '(' | ')' | '%' | ',' | '"')
}

/// One argument of a directive line: `word`, `"quoted text"`, `key=value`
/// or `key="quoted value"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Argument<'a> {
    /// The `key` of `key=value`.
    pub key: Option<&'a str>,
    /// The value, unquoted.
    pub value: String,
    /// The argument as written, for its span.
    pub text: &'a str,
}

/// One argument (see [`Argument`]).
pub fn argument(i: &str) -> Rule<'_, Argument<'_>> {
    if i.starts_with('"') {
        let (rest, (value, text)) = quoted_string(i)?;
        return Ok((
            rest,
            Argument {
                key: None,
                value,
                text,
            },
        ));
    }
    let (rest, word) = take_while1(is_arg_char).parse(i)?;
    let (key, value) = match word.split_once('=') {
        Some((k, v)) => (Some(k), v),
        None => (None, word),
    };
    // `key="quoted value"`: the value is the string that follows at once.
    let (rest, value) = if key.is_some() && value.is_empty() && rest.starts_with('"') {
        let (after, (quoted, _)) = quoted_string(rest)?;
        (after, quoted)
    } else {
        (rest, value.to_string())
    };
    let text = &i[..i.len() - rest.len()];
    Ok((rest, Argument { key, value, text }))
}

/// The arguments of a directive, up to the end of the line or a `)`, `(`,
/// `{` or `%`.
pub fn arguments(mut i: &str) -> Rule<'_, Vec<Argument<'_>>> {
    let mut args = Vec::new();
    loop {
        (i, _) = inline_blanks(i)?;
        match i.chars().next() {
            None | Some('\n' | ')' | '(' | '{' | '%') => return Ok((i, args)),
            Some('}') => return Err(failure(i, 1, "unexpected `}`", "no comment open")),
            Some(_) => {
                let (rest, a) = argument(i)?;
                args.push(a);
                i = rest;
            }
        }
    }
}

/// The name of a directive after its `#`: letters, digits and `-`.
pub fn directive_name(i: &str) -> Rule<'_, &str> {
    preceded(
        char('#'),
        ascii_while(|b| b.is_ascii_alphanumeric() || b == b'-'),
    )
    .parse(i)
}

/// Digits of a number, as written.
pub fn digits(i: &str) -> Rule<'_, &str> {
    ascii_while1(|b| b.is_ascii_digit())(i)
}

/// A move number as written: its digits and the dots after them (`12.`,
/// `12...`); the dots may be missing, which the reader reports.
pub fn move_number(i: &str) -> Rule<'_, (&str, &str)> {
    (digits, ascii_while(|b| b == b'.')).parse(i)
}

/// A run of `!` and `?`: the glyph text as written (checked by its reader).
pub fn glyph_run(i: &str) -> Rule<'_, &str> {
    ascii_while1(|b| b == b'!' || b == b'?')(i)
}

/// A coordinate as written: column letters then row digits (`f6`, `AA12`),
/// ASCII only. Whether they name a hole is the board's to say.
pub fn coordinate(i: &str) -> Rule<'_, (&str, &str)> {
    (
        ascii_while1(|b| b.is_ascii_alphabetic()),
        ascii_while1(|b| b.is_ascii_digit()),
    )
        .parse(i)
}

/// `rule` applied to the whole of `text`: what it read when nothing is left
/// over, else `None`.
pub fn whole<'a, T>(
    mut rule: impl Parser<&'a str, Output = T, Error = Failure<'a>>,
    text: &'a str,
) -> Option<T> {
    match rule.parse(text) {
        Ok(("", out)) => Some(out),
        _ => None,
    }
}

// Rules the record formats share.

/// White space of every kind, line breaks included, and no commas: the
/// blanks of the record formats (Little Golem, T1, move lists).
pub fn whitespace(i: &str) -> Rule<'_, &str> {
    take_while(char::is_whitespace).parse(i)
}

/// The text up to the end of the line, the line break not included.
pub fn rest_of_line(i: &str) -> Rule<'_, &str> {
    nom::bytes::complete::take_till(|c| c == '\n').parse(i)
}

/// One line as `str::lines` cuts it: its text without the line break (and
/// without the `\r` of a `\r\n`). At the end of the text there is no line.
pub fn text_line(i: &str) -> Rule<'_, &str> {
    let (rest, line) = nom::combinator::not(nom::combinator::eof)
        .and(rest_of_line)
        .map(|(_, line)| line)
        .parse(i)?;
    match char::<_, Failure>('\n').parse(rest) {
        Ok((rest, _)) => Ok((rest, line.strip_suffix('\r').unwrap_or(line))),
        Err(_) => Ok((rest, line)),
    }
}

/// A word of a record: the text up to white space or a `#` comment.
pub fn record_word(i: &str) -> Rule<'_, &str> {
    take_while(|c: char| !c.is_whitespace() && c != '#').parse(i)
}

/// `# text` to the end of the line (T1 files, move lists): the text.
pub fn hash_comment(i: &str) -> Rule<'_, &str> {
    preceded(char('#'), rest_of_line).parse(i)
}

/// The failure a rule ended with, for tests of the rules' messages.
pub fn failure_of<T: std::fmt::Debug>(r: Rule<'_, T>) -> Failure<'_> {
    match r {
        Err(nom::Err::Failure(f)) => f,
        other => panic!("expected a failure, got {other:?}"),
    }
}

/// A small xorshift generator for the tests that build many texts from
/// pieces: `next(n)` is a number below `n`, the same sequence for a seed
/// on every run.
pub fn xorshift(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

/// The message of the failure a rule ended with, and the text it points
/// at, for tests of the rules' messages.
pub fn failed<T: std::fmt::Debug>(r: Rule<'_, T>) -> (String, &str) {
    let f = failure_of(r);
    (f.message, f.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message<T: std::fmt::Debug>(r: Rule<'_, T>) -> (String, String, usize) {
        let f = failure_of(r);
        (f.message, f.label, f.len)
    }

    #[test]
    fn quoted_strings_unescape_and_say_what_is_wrong() {
        assert_eq!(
            quoted_string("\"a \\\"b\\\\\" rest"),
            Ok((" rest", ("a \"b\\".to_string(), "\"a \\\"b\\\\\"")))
        );
        let (m, l, len) = message(quoted_string("\"a \\n\""));
        assert_eq!(l, "unknown escape");
        assert!(m.starts_with("unknown escape `\\n`"), "{m}");
        assert_eq!(len, 2);
        let (m, _, len) = message(quoted_string("\"open\nnext\""));
        assert!(m.starts_with("unterminated string"), "{m}");
        assert_eq!(len, 1);
    }

    #[test]
    fn comments_span_lines_and_keep_unknown_escapes() {
        assert_eq!(comment("{a\n\\} \\x}z"), Ok(("z", "a\n} \\x".to_string())));
        let (m, l, _) = message(comment("{never closed"));
        assert_eq!(
            (m.as_str(), l.as_str()),
            ("unterminated comment: expected `}`", "comment starts here")
        );
    }

    #[test]
    fn header_tags_name_what_is_missing() {
        let (rest, t) = header_tag("[Size \"24\"] x").unwrap();
        assert_eq!(
            (rest, t.name, t.value.as_str(), t.quoted),
            (" x", "Size", "24", "\"24\"")
        );
        let (m, _, _) = message(header_tag("[ \"24\"]"));
        assert_eq!(
            m,
            "expected a tag name like Event after `[`, found `\"24\"]`"
        );
        let (m, _, _) = message(header_tag("[Size 24]"));
        assert_eq!(
            m,
            "expected a quoted value like \"24\" after tag Size, found `24]`"
        );
        let (m, _, len) = message(header_tag("[Size \"24\"\n"));
        assert_eq!(
            m,
            "expected `]` to close the tag opened here, found the end of the line"
        );
        assert_eq!(len, 1);
    }

    #[test]
    fn plain_header_tags_read_what_the_general_rule_reads() {
        let (rest, t) = plain_header_tag("[Event  \"Été 2026\"]\n1. f6").unwrap();
        assert_eq!(
            (rest, t.name, t.value.as_str(), t.quoted),
            ("\n1. f6", "Event", "Été 2026", "\"Été 2026\"")
        );
        // Left to the general rule: blanks inside the brackets, an escape,
        // no value, an unclosed value, a name it would report.
        for other in [
            "[ Event \"x\"]",
            "[Event \"x\" ]",
            "[Event\"x\"]",
            "[Event \"a\\\"b\"]",
            "[Event x]",
            "[Event \"x\n\"]",
            "[Event \"x\"",
            "[ \"x\"]",
            "[Évent \"x\"]",
            "[Event\t\"x\"]",
        ] {
            assert!(plain_header_tag(other).is_none(), "{other:?}");
        }
        // Wherever it matches, the general rule reads the same.
        let parts: [&[&str]; 6] = [
            &["", " ", "Event", "Size", "é", "x-y_1", "Event "],
            &["", " ", "  ", "\t", ","],
            &["\"", "", "x"],
            &[
                "", "a", "é", "\\\"", "\\\\", "\\n", "\n", " ", "24", "\"", "]",
            ],
            &["\"", "", "\" ", "x"],
            &["]", "", " ]", "]x", "]\n"],
        ];
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut matched = 0;
        for _ in 0..100_000 {
            let mut text = String::from("[");
            for (k, part) in parts.iter().enumerate() {
                let times = if k == 3 { next(4) } else { 1 };
                for _ in 0..times {
                    text.push_str(part[next(part.len())]);
                }
            }
            if let Some(plain) = plain_header_tag(&text) {
                matched += 1;
                assert_eq!(Ok(plain), any_header_tag(&text), "{text:?}");
            }
        }
        assert!(matched > 100, "{matched}");
    }

    #[test]
    fn arguments_stop_at_the_end_of_the_line_and_at_brackets() {
        let (rest, args) = arguments(" red f6, label=\"A b\" \"q\"(x").unwrap();
        assert_eq!(rest, "(x");
        let seen: Vec<_> = args
            .iter()
            .map(|a| (a.key, a.value.as_str(), a.text))
            .collect();
        assert_eq!(
            seen,
            [
                (None, "red", "red"),
                (None, "f6", "f6"),
                (Some("label"), "A b", "label=\"A b\""),
                (None, "q", "\"q\""),
            ]
        );
        let (m, l, _) = message(arguments(" a }"));
        assert_eq!(
            (m.as_str(), l.as_str()),
            ("unexpected `}`", "no comment open")
        );
    }

    #[test]
    fn found_names_invisible_characters() {
        assert_eq!(found(""), "the end of the file");
        assert_eq!(found("\r\n"), "the end of the line");
        assert_eq!(found("\u{FEFF}x"), "a byte-order mark (U+FEFF)");
        assert_eq!(found("abc def"), "`abc`");
        assert_eq!(quote_found("\u{200B}"), "the invisible character U+200B");
    }

    #[test]
    fn small_rules() {
        assert_eq!(remark("%  note  \nnext"), Ok(("\nnext", "note")));
        assert_eq!(move_number("12... f6"), Ok((" f6", ("12", "..."))));
        assert_eq!(coordinate("aa12+b"), Ok(("+b", ("aa", "12"))));
        assert_eq!(directive_name("#new-link a"), Ok((" a", "new-link")));
        assert_eq!(whole(coordinate, "f6"), Some(("f", "6")));
        assert_eq!(whole(coordinate, "f6x"), None);
        assert!(has_blank_line(" \n \t\n"));
        assert!(!has_blank_line(" \n x\n"));
        let s = "abc";
        assert_eq!(offset_in(s, &s[2..]), 2);
    }
}
