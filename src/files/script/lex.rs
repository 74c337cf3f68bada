//! The lexical layer of game scripts, shared by every game's reader: a
//! cursor with line and column, header tags, `%` remarks, `{…}` comments,
//! quoted strings and directive arguments. What a move or a directive
//! means is each game's own (`script::parse` for TwixT, `twrs::script`).

use super::ast::{Span, Tag};
use super::parse::ParseError;

/// A piece of the source text and the byte offset where it starts. It does
/// not count lines as it moves (a located span that did cost a tenth of the
/// parse time): the [`Locator`] finds line and column only for the spans a
/// reader keeps.
#[derive(Debug, Clone, Copy)]
pub(crate) struct In<'a> {
    text: &'a str,
    offset: usize,
}

impl<'a> In<'a> {
    /// The whole of `src`, at offset 0.
    pub(crate) fn new(src: &'a str) -> In<'a> {
        In {
            text: src,
            offset: 0,
        }
    }

    /// The text of this piece.
    pub(crate) fn fragment(&self) -> &'a str {
        self.text
    }

    /// Byte offset of the piece in the whole source.
    pub(crate) fn location_offset(&self) -> usize {
        self.offset
    }

    /// The rest after `n` bytes, and those `n` bytes.
    pub(crate) fn take_split(self, n: usize) -> (In<'a>, In<'a>) {
        let (taken, rest) = self.text.split_at(n);
        (
            In {
                text: rest,
                offset: self.offset + n,
            },
            In {
                text: taken,
                offset: self.offset,
            },
        )
    }
}

/// Input text quoted in a message, cut short: a 50 MB word must not make a
/// 50 MB message.
/// `s` quoted for "found …" in a message, or, when it starts with a
/// character that shows nothing, that character named by its code point.
pub(crate) fn quote_found(s: &str) -> String {
    match s.chars().next() {
        Some('\u{FEFF}') => "a byte-order mark (U+FEFF)".to_string(),
        Some(c) if crate::diagnostic::is_invisible(c) => {
            format!("the invisible character U+{:04X}", u32::from(c))
        }
        _ => format!("`{}`", clip(s)),
    }
}

pub(crate) fn clip(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

pub(crate) fn err(message: impl Into<String>, label: impl Into<String>, span: Span) -> ParseError {
    ParseError {
        message: message.into(),
        label: label.into(),
        span,
    }
}

pub(crate) fn is_arg_char(c: char) -> bool {
    !c.is_whitespace() && !matches!(c, '{' | '}' | '(' | ')' | '%' | ',' | '"')
}

/// An argument of a directive line.
pub(crate) struct Arg<'a> {
    /// The `key` of `key=value`.
    pub(crate) key: Option<&'a str>,
    /// The value, unquoted.
    pub(crate) value: String,
    /// Where it was written.
    pub(crate) span: Span,
}

/// Tracks line and column incrementally so that spans cost linear time overall.
pub(crate) struct Locator<'a> {
    pub(crate) src: &'a str,
    pub(crate) offset: usize,
    pub(crate) line: u32,
    pub(crate) col: u32,
}

impl Locator<'_> {
    pub(crate) fn locate(&mut self, offset: usize) -> (u32, u32) {
        if offset < self.offset {
            // Step back: cost is the distance plus the length of the line.
            let back = &self.src[offset..self.offset];
            let lines = memchr_count(back.as_bytes());
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

/// True when `s` holds an empty line (two line breaks with only spaces between).
pub(crate) fn has_blank_line(s: &str) -> bool {
    let mut seen = false;
    for c in s.chars() {
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

pub(crate) fn memchr_count(b: &[u8]) -> u32 {
    b.iter().filter(|&&c| c == b'\n').count() as u32
}

/// A cursor over a script's text that knows its line and column: the
/// lexical layer every game's script reader shares.
pub(crate) struct Lexer<'a> {
    pub(crate) src: &'a str,
    pub(crate) rest: In<'a>,
    pub(crate) loc: Locator<'a>,
    /// Offset before which no remark run leads into a header line.
    pub(crate) no_header_until: usize,
    /// Offset of a comment found unclosed: no comment opened after it can
    /// close either (escapes pair up the same way from any start before
    /// them), so each later one fails at once instead of rescanning to the
    /// end of the file, which made recovery quadratic.
    pub(crate) unclosed_comment_from: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`, on line 1.
    pub(crate) fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            rest: In::new(src),
            no_header_until: 0,
            unclosed_comment_from: usize::MAX,
            loc: Locator {
                src,
                offset: 0,
                line: 1,
                col: 1,
            },
        }
    }

    pub(crate) fn eof(&self) -> bool {
        self.rest.fragment().is_empty()
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.rest.fragment().chars().next()
    }

    pub(crate) fn span_at(&mut self, offset: usize, len: usize) -> Span {
        let (line, col) = self.loc.locate(offset);
        Span::new(offset, line, col, len)
    }

    pub(crate) fn span_of(&mut self, s: In<'a>) -> Span {
        self.span_at(s.location_offset(), s.fragment().len())
    }

    pub(crate) fn here(&mut self, len: usize) -> Span {
        let off = self.rest.location_offset();
        let len = len.min(self.rest.fragment().len());
        self.span_at(off, len)
    }

    pub(crate) fn advance(&mut self, n: usize) -> In<'a> {
        let (rest, taken) = self.rest.take_split(n);
        self.rest = rest;
        taken
    }

    /// Takes the longest prefix whose characters satisfy `f`. ASCII bytes are
    /// tested without decoding: this loop is the parser's hot path.
    pub(crate) fn take_while(&mut self, f: impl Fn(char) -> bool) -> In<'a> {
        let s = self.rest.fragment();
        let bytes = s.as_bytes();
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            let (c, width) = if b.is_ascii() {
                (char::from(b), 1)
            } else {
                match s[i..].chars().next() {
                    Some(c) => (c, c.len_utf8()),
                    None => break,
                }
            };
            if !f(c) {
                break;
            }
            i += width;
        }
        self.advance(i)
    }

    /// Skips spaces, line breaks and commas.
    pub(crate) fn skip_blank(&mut self) {
        if !self.peek().is_some_and(|c| c.is_whitespace() || c == ',') {
            return;
        }
        self.take_while(|c| c.is_whitespace() || c == ',');
    }

    /// Skips spaces and commas within a line.
    pub(crate) fn skip_inline(&mut self) {
        self.take_while(|c| (c.is_whitespace() && c != '\n') || c == ',');
    }

    /// True when only spaces separate the cursor from the start of its line.
    pub(crate) fn at_line_start(&self) -> bool {
        let off = self.rest.location_offset();
        self.src[..off]
            .chars()
            .rev()
            .take_while(|&c| c != '\n')
            .all(|c| c == ' ' || c == '\t' || c == '\r')
    }

    /// True when the lines from the cursor are `%` remarks immediately
    /// followed by a `[` header line.
    pub(crate) fn remarks_then_header(&mut self) -> bool {
        let here = self.rest.location_offset();
        // A run of remarks already scanned up to a non-header line: linear time.
        if here < self.no_header_until {
            return false;
        }
        let mut off = here;
        for l in self.rest.fragment().split_inclusive('\n') {
            let t = l.trim_start();
            if t.starts_with('[') {
                return true;
            }
            if !t.starts_with('%') {
                self.no_header_until = off;
                return false;
            }
            off += l.len();
        }
        self.no_header_until = off;
        false
    }

    /// After an error: move to the next line that starts with `[` and follows
    /// a blank line, beyond `from`.
    pub(crate) fn skip_to_next_game(&mut self, from: usize) {
        let start = from.max(self.rest.location_offset().min(from + 1)) + 1;
        let mut pos = start.min(self.src.len());
        while !self.src.is_char_boundary(pos) {
            pos += 1;
        }
        let mut blank_before = false;
        let mut target = self.src.len();
        // Walk line by line from the start of the next line.
        let mut line_start = match self.src[pos..].find('\n') {
            Some(i) => pos + i + 1,
            None => self.src.len(),
        };
        while line_start < self.src.len() {
            let end = self.src[line_start..]
                .find('\n')
                .map_or(self.src.len(), |i| line_start + i);
            let text = self.src[line_start..end].trim();
            if text.is_empty() {
                blank_before = true;
            } else if text.starts_with('[') && blank_before {
                target = line_start;
                break;
            } else {
                blank_before = false;
            }
            line_start = end + 1;
        }
        let here = self.rest.location_offset();
        if target >= here {
            self.advance(target - here);
        } else {
            // The failed game ran past the next game's header (inside an
            // unclosed comment): go back to that header.
            self.rest = In::new(self.src).take_split(target).0;
        }
    }

    /// A `%` remark to the end of its line, trimmed.
    pub(crate) fn remark(&mut self) -> String {
        self.advance(1);
        let t = self.take_while(|c| c != '\n');
        t.fragment().trim().to_string()
    }

    /// `[Name "value"]`, the name as written.
    pub(crate) fn tag(&mut self) -> Result<Tag, ParseError> {
        self.advance(1);
        self.skip_inline();
        let name = self.take_while(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if name.fragment().is_empty() {
            let sp = self.here(1);
            return Err(err(
                format!(
                    "expected a tag name like Event after `[`, found {}",
                    self.found()
                ),
                "tag name expected",
                sp,
            ));
        }
        let name = name.fragment().to_string();
        self.skip_inline();
        if self.peek() != Some('"') {
            let sp = self.here(1);
            return Err(err(
                format!(
                    "expected a quoted value like \"24\" after tag {name}, found {}",
                    self.found()
                ),
                "value expected",
                sp,
            ));
        }
        let (value, vspan) = self.quoted()?;
        self.skip_inline();
        if self.peek() != Some(']') {
            let sp = self.here(1);
            return Err(err(
                format!(
                    "expected `]` to close the tag opened here, found {}",
                    self.found()
                ),
                "`]` expected",
                sp,
            ));
        }
        self.advance(1);
        let t = Tag {
            name,
            value,
            span: vspan,
        };
        Ok(t)
    }

    /// Describes what is at the cursor, for "found …" in messages.
    pub(crate) fn found(&self) -> String {
        match self.peek() {
            None => "the end of the file".to_string(),
            Some('\n') | Some('\r') => "the end of the line".to_string(),
            // Invisible, it would be quoted as an empty pair of backticks.
            Some('\u{FEFF}') => "a byte-order mark (U+FEFF)".to_string(),
            Some(c) if crate::diagnostic::is_invisible(c) => {
                format!("the invisible character U+{:04X}", u32::from(c))
            }
            Some(_) => {
                let w: String = self
                    .rest
                    .fragment()
                    .chars()
                    .take_while(|c| !c.is_whitespace())
                    .take(20)
                    .collect();
                format!("`{w}`")
            }
        }
    }

    /// `"text"` with `\"` and `\\` escapes, on one line. Returns the text and
    /// the span of the whole quoted string.
    pub(crate) fn quoted(&mut self) -> Result<(String, Span), ParseError> {
        let start = self.rest.location_offset();
        let frag = self.rest.fragment();
        // Most strings hold no escape: copy them at once.
        if let Some(i) = frag
            .bytes()
            .skip(1)
            .position(|b| matches!(b, b'"' | b'\\' | b'\n'))
            && frag.as_bytes()[i + 1] == b'"'
        {
            let out = frag[1..i + 1].to_string();
            self.advance(i + 2);
            let sp = self.span_at(start, i + 2);
            return Ok((out, sp));
        }
        let mut out = String::new();
        let mut chars = frag.char_indices().skip(1);
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.advance(i + 1);
                    let sp = self.span_at(start, i + 1);
                    return Ok((out, sp));
                }
                '\\' => match chars.next() {
                    Some((_, e @ ('"' | '\\'))) => out.push(e),
                    Some((j, e)) => {
                        let sp = self.span_at(start + j - 1, 1 + e.len_utf8());
                        return Err(err(
                            format!(
                                "unknown escape `\\{e}`: only \\\" and \\\\ are allowed in strings"
                            ),
                            "unknown escape",
                            sp,
                        ));
                    }
                    None => break,
                },
                '\n' => break,
                c => out.push(c),
            }
        }
        let sp = self.span_at(start, 1);
        Err(err(
            "unterminated string: expected a closing `\"` on the same line",
            "string starts here",
            sp,
        ))
    }

    /// `{text}` with `\}` and `\\` escapes; may span lines.
    pub(crate) fn comment(&mut self) -> Result<String, ParseError> {
        let start = self.rest.location_offset();
        let frag = self.rest.fragment();
        let mut out = String::new();
        // After an unclosed comment nothing is scanned: the text left is not
        // looked at, not even to skip it (a lazy `skip` walks it all), so
        // each later unclosed comment costs nothing and recovery is linear.
        let after_unclosed = start > self.unclosed_comment_from;
        let mut chars = frag[..if after_unclosed { 0 } else { frag.len() }]
            .char_indices()
            .skip(1);
        while let Some((i, c)) = chars.next() {
            match c {
                '}' => {
                    self.advance(i + 1);
                    return Ok(out);
                }
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
        self.unclosed_comment_from = self.unclosed_comment_from.min(start);
        let sp = self.span_at(start, 1);
        Err(err(
            "unterminated comment: expected `}`",
            "comment starts here",
            sp,
        ))
    }

    /// The arguments of a directive, up to the end of the line or a `)`, `(`,
    /// `{` or `%`.
    pub(crate) fn args(&mut self) -> Result<Vec<Arg<'a>>, ParseError> {
        let mut args = Vec::new();
        loop {
            self.skip_inline();
            match self.peek() {
                None | Some('\n') | Some(')') | Some('(') | Some('{') | Some('%') => {
                    return Ok(args);
                }
                Some('"') => {
                    let (v, sp) = self.quoted()?;
                    args.push(Arg {
                        key: None,
                        value: v,
                        span: sp,
                    });
                }
                Some('}') => {
                    let sp = self.here(1);
                    return Err(err("unexpected `}`", "no comment open", sp));
                }
                Some(_) => {
                    let start = self.rest.location_offset();
                    let w = self.take_while(is_arg_char);
                    let text = w.fragment();
                    let (key, value) = match text.split_once('=') {
                        Some((k, v)) => (Some(k), v.to_string()),
                        None => (None, text.to_string()),
                    };
                    let value = if key.is_some() && value.is_empty() && self.peek() == Some('"') {
                        self.quoted()?.0
                    } else {
                        value
                    };
                    let end = self.rest.location_offset();
                    let span = self.span_at(start, end - start);
                    args.push(Arg { key, value, span });
                }
            }
        }
    }
}

/// A `(` at `at` opens a variation: it needs a move before it to replace
/// (`last_move`, the ply of the line's last move), may nest `depth` deep
/// and be the game's `count`-th. Returns the ply the variation starts
/// after. Both games' readers keep these rules and words.
pub(crate) fn variation_start(
    last_move: Option<u32>,
    depth: usize,
    count: usize,
    at: Span,
) -> Result<u32, ParseError> {
    let Some(lp) = last_move else {
        return Err(err(
            "a variation must follow the move it replaces",
            "no move before this variation",
            at,
        ));
    };
    let max_depth = crate::limits::MAX_VARIATION_DEPTH;
    if depth + 1 > max_depth {
        return Err(err(
            format!("variations nested more than {max_depth} deep"),
            "too deep",
            at,
        ));
    }
    let max = crate::limits::MAX_VARIATIONS_PER_GAME;
    if count > max {
        return Err(err(
            format!("more than {max} variations in one game"),
            "too many variations",
            at,
        ));
    }
    Ok(lp - 1)
}
