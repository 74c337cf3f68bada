//! Reading a script file of any size a window at a time: the games come out
//! in file order, each parsed by the same parser as a whole file, while
//! memory holds one window (a few megabytes and at most [`WINDOW_GAMES`]
//! games, or one game if a game is larger) instead of the file.
//!
//! The reader parses its window and hands out the games up to the first
//! one whose reading may go on after the window's end: the last one, cut
//! by the end, or one whose error came from the end, as the parser marks it
//! (`ParseError::ran_out`, never told by a message's words: a move number
//! or a variation left open there, or a comment still open, whose error
//! led the parse back to a line starting with `[` inside it). That game's text is
//! kept and parsed again with the next window. A game ends where the next
//! one begins, so the games handed out are exactly those a whole-file parse
//! finds, with the file's line numbers.
//!
//! A comment still open at the window's end is only kept when its `}` comes
//! later: the bytes after the window are read ahead, apart from the window,
//! and looked through for it once each (a later comment of the same text
//! closes at the same `}`, so no byte is looked at twice), up to a game's
//! length ([`MAX_GAME_BYTES`]) past the game's start. A comment not closed
//! by then, or by the end of the input, never closes: its error stands, as
//! in a whole-file parse (which reads no file that long), and the games
//! after it are handed out. The next window begins with the bytes read
//! ahead, so a file whose comments never close holds at most a game's
//! length more than a window. The bytes held are handed out by moving a
//! start offset, and shifted to the front only when half of them are gone,
//! so that each byte is copied a bounded number of times.

use crate::grammar::{RanOut, count_newlines};
use std::collections::VecDeque;
use std::io::Read;

use super::parse::{Piece, parse_pieces_up_to};

/// How much text a window holds before it is parsed.
pub const WINDOW_BYTES: usize = 2 << 20;

/// The most games a window hands out. A parsed game takes several times
/// its text, and its report more: 2 MiB of 20-byte games were 100,000
/// games a window, and memory grew with the number of games instead of
/// staying flat. Real games (a few kilobytes) fill a window's bytes first.
pub const WINDOW_GAMES: usize = 4096;

/// The longest game the stream reads: the whole-file limit of before,
/// now for one game.
pub const MAX_GAME_BYTES: usize = crate::limits::MAX_INPUT_BYTES as usize;

/// The games of one window, ready to check.
#[derive(Debug)]
pub struct Window {
    /// The window's text: the source for the diagnostics of its games.
    pub text: String,
    /// Its games (or their syntax errors), in order; offsets are into `text`.
    pub pieces: Vec<Piece>,
}

/// Why a stream stopped.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// Reading failed (including damaged gzip data).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// One game (or text with no game boundary) is longer than a game may be.
    #[error("the game starting on line {line} is longer than {limit}: not read further")]
    GameTooLong {
        /// Where it starts.
        line: u32,
        /// The limit, in words.
        limit: String,
    },
    /// The text holds what no text holds: a noncharacter (U+FFFE,
    /// U+FFFF), or a second byte-order mark opening the file.
    #[error("{message}")]
    NotText {
        /// What was found, in words.
        message: String,
        /// Its line.
        line: u32,
        /// The text of that line, for the snippet.
        text: String,
        /// Its offset in `text`.
        at: usize,
    },
    /// The bytes are not UTF-8.
    #[error("expected UTF-8 text, found the byte 0x{byte:02X}")]
    NotUtf8 {
        /// The first bad byte.
        byte: u8,
        /// Its line.
        line: u32,
        /// The text of that line (bad bytes replaced), for the snippet.
        text: String,
        /// The bad byte's offset in `text`.
        at: usize,
    },
}

/// A read that fails is an I/O error; a game too long or bytes not UTF-8,
/// wrong content.
impl crate::diagnostic::Explained for StreamError {
    fn is_usage(&self) -> bool {
        matches!(self, StreamError::Io(_))
    }
}

/// Windows of a script read from `R`.
pub struct GameStream<R: Read> {
    reader: R,
    /// Bytes read into windows; those not handed out yet start at `start`.
    held: Vec<u8>,
    /// Where the bytes not handed out start in `held`.
    start: usize,
    /// Offset in the input of `held[0]` (after a byte-order mark).
    base: u64,
    /// Bytes read past `held` while looking for a comment's `}`, in order:
    /// the next windows take them before reading more.
    ahead: VecDeque<Vec<u8>>,
    /// How much of the first of `ahead` was moved to `held`.
    ahead_used: usize,
    /// How many bytes of `ahead` are not moved yet.
    ahead_len: usize,
    /// The reader has ended.
    input_ended: bool,
    /// Line number of the first line not handed out.
    line: u32,
    /// How much the next window must hold before it is parsed.
    want: usize,
    /// The usual window size.
    window: usize,
    done: bool,
    first: bool,
    /// The text opens with a second byte-order mark after the first.
    second_bom: bool,
    /// What the last look for a comment's `}` found.
    scan: Option<Scan>,
    /// A read that failed while looking for a comment's `}`: reported
    /// after the games before that comment are handed out.
    failed: Option<std::io::Error>,
}

/// A look for the `}` that closes a comment: the comment opened at `from`
/// (an offset in the input) is not closed before `to`; `escape` says that
/// the byte at `to` follows a backslash; `close` is where it closes, once
/// found. A comment opened later, before `to`, closes where this one does:
/// its `{` is a byte of this one's text, after which both read alike.
struct Scan {
    from: u64,
    to: u64,
    escape: bool,
    close: Option<u64>,
}

impl Scan {
    /// Reads on over `bytes`, which start at offset `at` of the input, as
    /// `grammar::comment` reads a comment's text: a backslash takes the
    /// byte after it, a `}` closes.
    fn read(&mut self, bytes: &[u8], at: u64) {
        let end = at + bytes.len() as u64;
        if self.close.is_some() || self.to < at || self.to >= end {
            return;
        }
        let bytes = &bytes[(self.to - at) as usize..];
        let mut i = 0;
        if self.escape {
            self.escape = false;
            i = 1;
        }
        while i < bytes.len() {
            match memchr::memchr2(b'}', b'\\', &bytes[i..]) {
                None => break,
                Some(k) if bytes[i + k] == b'}' => {
                    self.close = Some(self.to + (i + k) as u64);
                    self.to += (i + k + 1) as u64;
                    return;
                }
                Some(k) => i += k + 2,
            }
        }
        // A backslash that ends the bytes escapes the first byte after them.
        self.escape = i > bytes.len();
        self.to += bytes.len() as u64;
    }
}

impl<R: Read> GameStream<R> {
    /// Where byte `bad` of the text not handed out stands, for a message
    /// about it: its line in the file, the text of that line, and its byte
    /// in the line.
    fn place_of(&self, bad: usize) -> (u32, String, usize) {
        let held = &self.held[self.start..];
        let good = &held[..bad];
        let lines = count_newlines(good) as u32;
        let start = memchr_last_newline(good).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &held[bad..]).map_or(held.len(), |i| bad + i);
        let text = String::from_utf8_lossy(&held[start..end]).into_owned();
        (self.line + lines, text, bad - start)
    }

    /// A stream over `reader`.
    pub fn new(reader: R) -> GameStream<R> {
        GameStream::with_window(reader, WINDOW_BYTES)
    }

    /// A stream whose windows hold about `bytes` (tests use small ones to
    /// cut games at every place).
    pub fn with_window(reader: R, bytes: usize) -> GameStream<R> {
        GameStream {
            reader,
            held: Vec::new(),
            start: 0,
            base: 0,
            ahead: VecDeque::new(),
            ahead_used: 0,
            ahead_len: 0,
            input_ended: false,
            line: 1,
            want: bytes.max(1),
            window: bytes.max(1),
            done: false,
            first: true,
            second_bom: false,
            scan: None,
            failed: None,
        }
    }

    /// One read, into `buf`, retried when interrupted.
    fn read_some(reader: &mut R, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            match reader.read(buf) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                r => return r,
            }
        }
    }

    /// Moves bytes into `held` until `want` of them are not handed out or
    /// the input ends: first those read ahead, then new ones.
    fn fill(&mut self) -> std::io::Result<()> {
        let target = self.start + self.want;
        while self.held.len() < target
            && let Some(front) = self.ahead.front()
        {
            let rest = &front[self.ahead_used..];
            let n = rest.len().min(target - self.held.len());
            self.held.extend_from_slice(&rest[..n]);
            self.ahead_used += n;
            self.ahead_len -= n;
            if self.ahead_used == front.len() {
                self.ahead.pop_front();
                self.ahead_used = 0;
            }
        }
        while self.held.len() < target && !self.input_ended {
            let old = self.held.len();
            let room = (target - old).clamp(1, 64 << 10);
            self.held.resize(old + room, 0);
            match Self::read_some(&mut self.reader, &mut self.held[old..]) {
                Ok(n) => {
                    self.held.truncate(old + n);
                    self.input_ended = n == 0;
                }
                Err(e) => {
                    self.held.truncate(old);
                    return Err(e);
                }
            }
        }
        if self.first {
            self.first = false;
            // A UTF-8 byte order mark, as some editors write, says nothing.
            if self.held.starts_with(b"\xEF\xBB\xBF") {
                self.held.drain(..3);
                // A second one would reach the parser as an invisible
                // character; it is named instead.
                self.second_bom = self.held.starts_with(b"\xEF\xBB\xBF");
            }
        }
        Ok(())
    }

    /// Where the comment opened at offset `open` of the input closes, read
    /// on from where the last look stopped, never again over the same
    /// bytes. The bytes read past `held` are kept in `ahead`, up to offset
    /// `bound`: a comment not closed before it, or before the input ends,
    /// is never closed (`None`).
    fn find_close(&mut self, open: u64, bound: u64) -> std::io::Result<Option<u64>> {
        let mut s = match self.scan.take() {
            Some(s) if s.from <= open && open < s.to => s,
            _ => Scan {
                from: open,
                to: open + 1,
                escape: false,
                close: None,
            },
        };
        let read_end = self.base + (self.held.len() + self.ahead_len) as u64;
        if s.close.is_some() || s.to >= bound || (self.input_ended && s.to >= read_end) {
            // Known already: each comment of a window that never closes
            // asks, and none reads the bytes again.
            let close = s.close;
            self.scan = Some(s);
            return Ok(close);
        }
        // The bytes read and not looked at yet, then new ones.
        let mut at = self.base;
        if s.to < read_end {
            s.read(&self.held, at);
            at += self.held.len() as u64;
            for (k, chunk) in self.ahead.iter().enumerate() {
                let bytes = if k == 0 {
                    &chunk[self.ahead_used..]
                } else {
                    &chunk[..]
                };
                s.read(bytes, at);
                at += bytes.len() as u64;
            }
        }
        at = read_end;
        let mut buf = Vec::new();
        let mut result = Ok(());
        while s.close.is_none() && s.to < bound && !self.input_ended {
            buf.resize(64 << 10, 0);
            match Self::read_some(&mut self.reader, &mut buf) {
                Ok(0) => self.input_ended = true,
                Ok(n) => {
                    s.read(&buf[..n], at);
                    at += n as u64;
                    // Small reads (a slow pipe) fill a chunk before the next.
                    match self.ahead.back_mut() {
                        Some(last) if last.len() + n <= last.capacity() => {
                            last.extend_from_slice(&buf[..n])
                        }
                        _ => {
                            let mut chunk = Vec::with_capacity(buf.len().max(n));
                            chunk.extend_from_slice(&buf[..n]);
                            self.ahead.push_back(chunk);
                        }
                    }
                    self.ahead_len += n;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        let close = s.close;
        self.scan = Some(s);
        result.map(|()| close)
    }

    /// The first `len` bytes not handed out, handed out as a window's text.
    fn hand_out(&mut self, len: usize) -> String {
        let rest = self.held.len() - self.start - len;
        let bytes = if self.start == 0 && rest <= len {
            // The window takes the buffer; the rest, the smaller part, is
            // copied into a new one.
            let mut next = Vec::with_capacity(self.window.max(rest));
            next.extend_from_slice(&self.held[len..]);
            let mut text = std::mem::replace(&mut self.held, next);
            text.truncate(len);
            self.base += len as u64;
            text
        } else {
            let text = self.held[self.start..self.start + len].to_vec();
            self.start += len;
            // Each byte is moved at most once for every byte handed out
            // before it: the buffer is shifted when half of it is gone.
            if self.start > self.held.len() / 2 {
                self.held.drain(..self.start);
                self.base += self.start as u64;
                self.start = 0;
            }
            text
        };
        String::from_utf8(bytes).expect("checked as UTF-8")
    }

    fn next_window(&mut self) -> Result<Option<Window>, StreamError> {
        loop {
            if self.done {
                return Ok(None);
            }
            if let Some(e) = self.failed.take() {
                return Err(e.into());
            }
            if self.want > 2 * MAX_GAME_BYTES {
                return Err(StreamError::GameTooLong {
                    line: self.line,
                    limit: crate::limits::describe_bytes(MAX_GAME_BYTES as u64),
                });
            }
            self.fill()?;
            let held = &self.held[self.start..];
            if std::mem::take(&mut self.second_bom) {
                let end = memchr::memchr(b'\n', held).unwrap_or(held.len());
                return Err(StreamError::NotText {
                    message: crate::limits::SECOND_BOM.to_string(),
                    line: self.line,
                    text: String::from_utf8_lossy(&held[..end]).into_owned(),
                    at: 0,
                });
            }
            // Parse up to the last line end (always a character boundary)
            // of the window; at the end of the input, everything.
            let limit = held.len().min(self.want);
            let last = self.input_ended && self.ahead.is_empty() && limit == held.len();
            let cut = if last {
                limit
            } else {
                match memchr_last_newline(&held[..limit]) {
                    Some(i) => i + 1,
                    None => {
                        self.want *= 2;
                        continue;
                    }
                }
            };
            if let Some((bad, found)) = crate::limits::first_noncharacter(&held[..cut]) {
                let (line, text, at) = self.place_of(bad);
                return Err(StreamError::NotText {
                    message: crate::limits::noncharacter_message(found),
                    line,
                    text,
                    at,
                });
            }
            let text = match std::str::from_utf8(&held[..cut]) {
                Ok(t) => t,
                Err(e) => {
                    let bad = e.valid_up_to();
                    let byte = held[bad];
                    let (line, text, at) = self.place_of(bad);
                    return Err(StreamError::NotUtf8 {
                        byte,
                        line,
                        text,
                        at,
                    });
                }
            };
            // One game more than a window takes: where it starts, the next
            // window starts.
            let mut pieces = parse_pieces_up_to(text, self.line, WINDOW_GAMES + 1);
            // A game is as long as the text up to the next one's start.
            let ends = pieces.iter().skip(1).map(|p| p.start).chain([text.len()]);
            if let Some(p) = pieces
                .iter()
                .zip(ends)
                .find_map(|(p, end)| (end - p.start > MAX_GAME_BYTES).then_some(p))
            {
                return Err(StreamError::GameTooLong {
                    line: self.line + count_newlines(&text.as_bytes()[..p.start]) as u32,
                    limit: crate::limits::describe_bytes(MAX_GAME_BYTES as u64),
                });
            }
            let full = pieces.len() > WINDOW_GAMES;
            if last && !full {
                self.done = true;
                let text = self.hand_out(cut);
                if pieces.is_empty() {
                    return Ok(None);
                }
                return Ok(Some(Window { text, pieces }));
            }
            // The first piece that may read on in the bytes after the cut
            // starts the next window: the last one, or one whose error the
            // parser says came from the text's end (`ParseError::ran_out`: a
            // move number or a variation left open; a comment still open,
            // when a `}` after the cut closes it: its error led the parse to
            // a `[` line inside it). The stream never reads the messages.
            let mut keep = pieces.len().checked_sub(1);
            let mut close = None;
            if !last {
                let from = self.base + self.start as u64;
                for (i, p) in pieces.iter().enumerate() {
                    let Err(e) = &p.game else { continue };
                    match e.ran_out {
                        Some(RanOut::Comment) => {
                            let open = from + e.span.start() as u64;
                            let bound = from + (p.start + MAX_GAME_BYTES) as u64;
                            let z = match self.find_close(open, bound) {
                                Ok(Some(z)) => z,
                                // Never closed: the error stands.
                                Ok(None) => continue,
                                Err(e) => {
                                    // The games before this one are whole:
                                    // they go out first, then the error.
                                    self.failed = Some(e);
                                    keep = Some(i);
                                    break;
                                }
                            };
                            keep = Some(i);
                            close = (z >= from + cut as u64).then_some(z);
                            break;
                        }
                        // A variation's `(` whose `)` did not come, or a
                        // move owed at the end.
                        Some(RanOut::Variation | RanOut::Move) => {
                            keep = Some(i);
                            break;
                        }
                        None => {}
                    }
                }
            }
            // From the start of its line, so that the next window's columns
            // are the file's (only blanks stand before a game on its line).
            let keep_from = keep.map_or(cut, |k| {
                let held = &self.held[self.start..];
                memchr_last_newline(&held[..pieces[k].start]).map_or(0, |i| i + 1)
            });
            pieces.truncate(keep.unwrap_or(pieces.len()));
            // Enough bytes for the kept text and more.
            let grow = |now: usize| now + self.window / 2;
            let mut want = if full && keep == Some(WINDOW_GAMES) {
                // A window cut by its number of games leaves text enough
                // for the next.
                self.window
            } else {
                self.window.max(grow(cut - keep_from))
            };
            if keep_from == 0 {
                // One game fills the window: read a larger one.
                want = want.max(self.want * 2);
            }
            if let Some(z) = close {
                // Up to the comment's `}`, which ends a line further on.
                let start = self.base + (self.start + keep_from) as u64;
                want = want.max(grow((z - start) as usize + 1));
            }
            self.want = want;
            if keep_from == 0 {
                continue;
            }
            let text = self.hand_out(keep_from);
            self.line += count_newlines(text.as_bytes()) as u32;
            if !pieces.is_empty() {
                return Ok(Some(Window { text, pieces }));
            }
        }
    }
}

fn memchr_last_newline(bytes: &[u8]) -> Option<usize> {
    memchr::memrchr(b'\n', bytes)
}

impl<R: Read> Iterator for GameStream<R> {
    type Item = Result<Window, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_window() {
            Ok(Some(w)) => Some(Ok(w)),
            Ok(None) => None,
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::grammar::{RanOut, count_newlines};
    use crate::script::parse_pieces;

    /// What each game's error says the text ended inside.
    fn ran_out(text: &str) -> Vec<Option<RanOut>> {
        parse_pieces(text, 1)
            .iter()
            .filter_map(|p| p.game.as_ref().err().map(|e| e.ran_out))
            .collect()
    }

    #[test]
    fn the_parser_says_what_the_text_ended_inside() {
        use RanOut::*;
        let games = "[Event \"a\"]\n1. f6 {open\n\n[Event \"b\"]\n1. c3 {also\n";
        // The second comment fails at once, after the first: the same mark.
        assert_eq!(ran_out(games), [Some(Comment), Some(Comment)]);
        assert_eq!(ran_out("1. f6 (1. c3 {c} 2. d4\n"), [Some(Variation)]);
        assert_eq!(
            ran_out("1. f6 (1. c3 2. d4 (2. e5) 3. g7\n"),
            [Some(Variation)]
        );
        assert_eq!(ran_out("1. f6 2.\n"), [Some(Move)]);
        assert_eq!(ran_out("1. f6 (1. c3 2.\n"), [Some(Move)]);
        assert_eq!(ran_out("1. f6 -e4\n"), [Some(Move)]);
        // Errors the text's end did not cause, some of them at the end or
        // in its words.
        for text in [
            "1. f6 zz\n",
            "1. f6 2. )\n",
            "1. f6 (1. c3 2. )\n",
            "1. f6 )\n",
            "1. f6 }\n",
            "[Event \"x\n",
            "[",
            "1. f6 #wins\n",
        ] {
            assert_eq!(ran_out(text), [None], "{text:?}");
        }
    }

    #[test]
    fn newlines_are_counted_across_blocks() {
        for len in [0, 1, 254, 255, 256, 1000] {
            let text: Vec<u8> = (0..len)
                .map(|i| if i % 3 == 0 { b'\n' } else { b'x' })
                .collect();
            let all = vec![b'\n'; len];
            assert_eq!(
                count_newlines(&text),
                text.iter().filter(|&&b| b == b'\n').count()
            );
            assert_eq!(count_newlines(&all), len);
        }
    }
}
