//! Reading a script file of any size a window at a time: the games come out
//! in file order, each parsed by the same parser as a whole file, while
//! memory holds one window (a few megabytes and at most [`WINDOW_GAMES`]
//! games, or one game if a game is larger) instead of the file.
//!
//! The reader parses its window and hands out every game but the last,
//! which may be cut by the window's end; the last game's text is kept and
//! parsed again with the next window. A game ends where the next one
//! begins, so the games handed out are exactly those a whole-file parse
//! finds, with the file's line numbers. One exception is known: a comment
//! cut by a window's end whose text holds a blank line and then a line
//! that starts with `[` is read as unclosed, and the text after that line
//! as a game of its own (a whole-file parse would close the comment in the
//! next window). Telling it apart needs a look past the window for the
//! closing `}`; it is not done yet.

use crate::grammar::count_newlines;
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
    /// Bytes read and not yet handed out (the start of the next window).
    held: Vec<u8>,
    /// Line number of the first line of `held`.
    line: u32,
    /// How much the next window must hold before it is parsed.
    want: usize,
    /// The usual window size.
    window: usize,
    done: bool,
    first: bool,
    /// The text opens with a second byte-order mark after the first.
    second_bom: bool,
}

impl<R: Read> GameStream<R> {
    /// Where byte `bad` of the held text stands, for a message about it:
    /// its line in the file, the text of that line, and its byte in the line.
    fn place_of(&self, bad: usize) -> (u32, String, usize) {
        let good = &self.held[..bad];
        let lines = count_newlines(good) as u32;
        let start = memchr_last_newline(good).map_or(0, |i| i + 1);
        let end = self.held[bad..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.held.len(), |i| bad + i);
        let text = String::from_utf8_lossy(&self.held[start..end]).into_owned();
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
            line: 1,
            want: bytes.max(1),
            window: bytes.max(1),
            done: false,
            first: true,
            second_bom: false,
        }
    }

    /// Reads until `held` has `want` bytes or the input ends.
    fn fill(&mut self) -> std::io::Result<bool> {
        let mut eof = false;
        while self.held.len() < self.want {
            let old = self.held.len();
            let room = (self.want - old).clamp(1, 64 << 10);
            self.held.resize(old + room, 0);
            let n = loop {
                match self.reader.read(&mut self.held[old..]) {
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    r => break r,
                }
            };
            let n = match n {
                Ok(n) => n,
                Err(e) => {
                    self.held.truncate(old);
                    return Err(e);
                }
            };
            self.held.truncate(old + n);
            if n == 0 {
                eof = true;
                break;
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
        Ok(eof)
    }

    fn next_window(&mut self) -> Result<Option<Window>, StreamError> {
        loop {
            if self.done {
                return Ok(None);
            }
            if self.want > 2 * MAX_GAME_BYTES {
                return Err(StreamError::GameTooLong {
                    line: self.line,
                    limit: crate::limits::describe_bytes(MAX_GAME_BYTES as u64),
                });
            }
            let eof = self.fill()?;
            if std::mem::take(&mut self.second_bom) {
                let end = self.held.iter().position(|&b| b == b'\n');
                let end = end.unwrap_or(self.held.len());
                return Err(StreamError::NotText {
                    message: crate::limits::SECOND_BOM.to_string(),
                    line: self.line,
                    text: String::from_utf8_lossy(&self.held[..end]).into_owned(),
                    at: 0,
                });
            }
            // Parse up to the last line end (always a character boundary);
            // at the end of the input, everything.
            let cut = if eof {
                self.held.len()
            } else {
                match memchr_last_newline(&self.held) {
                    Some(i) => i + 1,
                    None => {
                        self.want *= 2;
                        continue;
                    }
                }
            };
            if let Some((bad, found)) = crate::limits::first_noncharacter(&self.held[..cut]) {
                let (line, text, at) = self.place_of(bad);
                return Err(StreamError::NotText {
                    message: crate::limits::noncharacter_message(found),
                    line,
                    text,
                    at,
                });
            }
            let text = match std::str::from_utf8(&self.held[..cut]) {
                Ok(t) => t,
                Err(e) => {
                    let bad = e.valid_up_to();
                    let (line, text, at) = self.place_of(bad);
                    return Err(StreamError::NotUtf8 {
                        byte: self.held[bad],
                        line,
                        text,
                        at,
                    });
                }
            };
            // One game more than a window takes: where it starts, the next
            // window starts.
            let mut pieces = parse_pieces_up_to(text, self.line, WINDOW_GAMES + 1);
            let full = pieces.len() > WINDOW_GAMES;
            if eof && !full {
                self.done = true;
                let text = String::from_utf8(std::mem::take(&mut self.held))
                    .expect("checked as UTF-8 above");
                if pieces.is_empty() {
                    return Ok(None);
                }
                return Ok(Some(Window { text, pieces }));
            }
            // The last game may go on in the bytes not read yet.
            let keep_from = match pieces.last() {
                Some(last) if last.start > 0 => last.start,
                // One game fills the window: read a larger one.
                Some(_) => {
                    self.want *= 2;
                    continue;
                }
                None => cut,
            };
            pieces.pop_if(|p| p.start == keep_from);
            let rest = self.held.split_off(keep_from);
            let text = String::from_utf8(std::mem::replace(&mut self.held, rest))
                .expect("checked as UTF-8 above");
            self.line += count_newlines(text.as_bytes()) as u32;
            // A window cut by its number of games leaves text enough for
            // the next: read more only when a window's bytes ran out.
            self.want = if full {
                self.window
            } else {
                self.window.max(self.held.len() + self.window / 2)
            };
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
    use crate::grammar::count_newlines;

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
