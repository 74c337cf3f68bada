//! The cursor every game's script reader walks a text with: it applies the
//! shared lexical rules (`base::grammar`, nom combinators) at the text left,
//! turns what they read and where they failed into located spans and
//! messages, and knows the few things a rule alone cannot (is this `%` the
//! start of the next game's header? where does the next game start after an
//! error?). What a move or a directive means is each game's own
//! (`script::parse` for TwixT, `twrs::script`).

use super::ast::{Span, Tag};
use super::parse::ParseError;
pub(crate) use crate::grammar::clip;
use crate::grammar::{self, Failure, Locator};
use nom::Parser;

pub(crate) fn err(message: impl Into<String>, label: impl Into<String>, span: Span) -> ParseError {
    ParseError {
        message: message.into(),
        label: label.into(),
        span,
        ran_out: None,
    }
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

pub(crate) use crate::grammar::has_blank_line;

/// A cursor over a script's text that knows its line and column.
pub(crate) struct Lexer<'a> {
    /// The whole text.
    pub(crate) src: &'a str,
    /// The text left: always a suffix of `src`.
    pub(crate) rest: &'a str,
    pub(crate) loc: Locator<'a>,
    /// Offset before which no remark run leads into a header line.
    no_header_until: usize,
    /// Offset of a comment found unclosed: no comment opened after it can
    /// close either (escapes pair up the same way from any start before
    /// them), so each later one fails at once instead of rescanning to the
    /// end of the file, which made recovery quadratic.
    unclosed_comment_from: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src`, on line 1.
    pub(crate) fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            src,
            rest: src,
            no_header_until: 0,
            unclosed_comment_from: usize::MAX,
            loc: Locator::new(src),
        }
    }

    /// Byte offset of the cursor in the whole text.
    pub(crate) fn offset(&self) -> usize {
        self.src.len() - self.rest.len()
    }

    /// Byte offset of `part`, a slice of the text, in the whole text.
    pub(crate) fn offset_of(&self, part: &str) -> usize {
        grammar::offset_in(self.src, part)
    }

    pub(crate) fn eof(&self) -> bool {
        self.rest.is_empty()
    }

    pub(crate) fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    pub(crate) fn span_at(&mut self, offset: usize, len: usize) -> Span {
        let (line, col) = self.loc.locate(offset);
        Span::new(offset, line, col, len)
    }

    /// The span of `part`, a slice of the text.
    pub(crate) fn span_of(&mut self, part: &'a str) -> Span {
        self.span_at(self.offset_of(part), part.len())
    }

    /// The span of the next `len` bytes (fewer at the end of the text).
    pub(crate) fn here(&mut self, len: usize) -> Span {
        let len = len.min(self.rest.len());
        self.span_at(self.offset(), len)
    }

    /// Moves past the next `n` bytes and returns them.
    pub(crate) fn advance(&mut self, n: usize) -> &'a str {
        let (taken, rest) = self.rest.split_at(n);
        self.rest = rest;
        taken
    }

    /// Applies `rule` at the cursor and moves past what it read. A failure
    /// becomes the located error it describes; a rule that does not match
    /// where its reader expected it says what is there instead.
    pub(crate) fn read<T>(
        &mut self,
        mut rule: impl Parser<&'a str, Output = T, Error = Failure<'a>>,
    ) -> Result<T, ParseError> {
        match rule.parse(self.rest) {
            Ok((rest, out)) => {
                self.rest = rest;
                Ok(out)
            }
            Err(nom::Err::Failure(f)) if !f.message.is_empty() => Err(self.located(f)),
            Err(_) => {
                let sp = self.here(1);
                Err(err(
                    format!("unexpected {}", self.found()),
                    "unexpected here",
                    sp,
                ))
            }
        }
    }

    /// A rule's failure as a located error.
    pub(crate) fn located(&mut self, f: Failure<'a>) -> ParseError {
        // `len` is in bytes and may end inside a character, as a caret of
        // one byte under a wide one does.
        let sp = self.span_at(self.offset_of(f.at), f.len);
        ParseError {
            ran_out: f.ran_out,
            ..err(f.message, f.label, sp)
        }
    }

    /// Skips spaces, line breaks and commas, and returns them.
    pub(crate) fn skip_blank(&mut self) -> &'a str {
        let (rest, blank) = grammar::blanks(self.rest).unwrap_or((self.rest, ""));
        self.rest = rest;
        blank
    }

    /// Skips spaces and commas within a line.
    pub(crate) fn skip_inline(&mut self) {
        (self.rest, _) = grammar::inline_blanks(self.rest).unwrap_or((self.rest, ""));
    }

    /// True when only spaces separate the cursor from the start of its line.
    pub(crate) fn at_line_start(&self) -> bool {
        self.src[..self.offset()]
            .chars()
            .rev()
            .take_while(|&c| c != '\n')
            .all(|c| c == ' ' || c == '\t' || c == '\r')
    }

    /// True when the lines from the cursor are `%` remarks immediately
    /// followed by a `[` header line.
    pub(crate) fn remarks_then_header(&mut self) -> bool {
        let here = self.offset();
        // A run of remarks already scanned up to a non-header line: linear time.
        if here < self.no_header_until {
            return false;
        }
        let mut off = here;
        for l in self.rest.split_inclusive('\n') {
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
        let start = from.max(self.offset().min(from + 1)) + 1;
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
        // Forward, or back when the failed game ran past the next game's
        // header (inside an unclosed comment).
        self.rest = &self.src[target..];
    }

    /// A `%` remark to the end of its line, trimmed.
    pub(crate) fn remark(&mut self) -> Result<String, ParseError> {
        self.read(grammar::remark).map(str::to_string)
    }

    /// `[Name "value"]`, the name as written.
    pub(crate) fn tag(&mut self) -> Result<Tag, ParseError> {
        let t = self.read(grammar::header_tag)?;
        Ok(Tag {
            name: t.name.to_string(),
            value: t.value,
            span: self.span_of(t.quoted),
        })
    }

    /// Describes what is at the cursor, for "found …" in messages.
    pub(crate) fn found(&self) -> String {
        grammar::found(self.rest)
    }

    /// `{text}` with `\}` and `\\` escapes; may span lines.
    pub(crate) fn comment(&mut self) -> Result<String, ParseError> {
        let start = self.offset();
        // After an unclosed comment nothing is scanned: the text left is not
        // looked at, so each later unclosed comment costs nothing and
        // recovery is linear.
        if start > self.unclosed_comment_from {
            return Err(self.located(grammar::unclosed_comment(self.rest)));
        }
        self.read(grammar::comment).inspect_err(|_| {
            self.unclosed_comment_from = self.unclosed_comment_from.min(start);
        })
    }

    /// The arguments of a directive, up to the end of the line or a `)`, `(`,
    /// `{` or `%`.
    pub(crate) fn args(&mut self) -> Result<Vec<Arg<'a>>, ParseError> {
        let args = self.read(grammar::arguments)?;
        Ok(args
            .into_iter()
            .map(|a| Arg {
                key: a.key,
                value: a.value,
                span: self.span_of(a.text),
            })
            .collect())
    }
}
