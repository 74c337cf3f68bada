//! Numbered move lists: `1.f6 2.swap 3.m16 … 33.resign`.
//!
//! Moves are hole names (`f6`, `aa12` past `z`; `f6|draw` also offers a
//! draw), `swap`, `resign` or `draw` (accepting a standing offer), each
//! after its number and a dot.
//! Numbers count 1, 2, 3, …; odd plies are the first mover's. The format
//! records no board size or rules, so the reader is told them. A file may
//! hold several games separated by blank lines; `#` starts a comment that
//! runs to the end of the line.

use crate::record::{GameResult, Record};
use crate::twixt::board::{BoardSize, Hole, Player};
use crate::twixt::moves::{Move, Placement};
use crate::twixt::rules::{RuleSet, Swap};

use super::{Location, mover, plain_moves_problem, utf8};

/// Why a move list could not be read or written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The text is not valid in this format.
    #[error("{at}: {message}")]
    Syntax {
        /// Where the problem is.
        at: Location,
        /// What is wrong.
        message: String,
    },
    /// The record cannot be expressed in this format; the text says why.
    #[error("cannot write as a move list: {0}")]
    Unwritable(String),
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for Error {
    fn is_usage(&self) -> bool {
        false
    }
}

/// Reads every game, assuming pencil rules on a 24×24 board.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, Error> {
    read_with(bytes, RuleSet::pencil())
}

/// Reads every game under `rules` (which include the board size).
pub fn read_with(bytes: &[u8], rules: RuleSet) -> Result<Vec<Record>, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    let chars: Vec<char> = text.chars().collect();
    let mut locator = super::Locator::default();
    let err = |at: usize, message: String| Error::Syntax {
        at: Location::of_char(&chars, at),
        message,
    };
    let size = rules.size;
    let mut games = Vec::new();
    let mut current = Record::new(rules.clone());
    let mut pos = 0;
    let mut newlines = 0;
    while pos < chars.len() {
        let c = chars[pos];
        if c == '\n' {
            newlines += 1;
            pos += 1;
            continue;
        }
        if c.is_whitespace() {
            pos += 1;
            continue;
        }
        if c == '#' {
            while pos < chars.len() && chars[pos] != '\n' {
                pos += 1;
            }
            continue;
        }
        // A blank line ends a game.
        if newlines >= 2 && !current.moves.is_empty() {
            if games.len() + 1 >= crate::limits::MAX_GAMES_PER_FILE {
                return Err(err(
                    pos,
                    format!(
                        "more than {} games in one file: split the file",
                        crate::limits::MAX_GAMES_PER_FILE
                    ),
                ));
            }
            games.push(std::mem::replace(&mut current, Record::new(rules.clone())));
        }
        newlines = 0;
        let ply = current.moves.len();
        let start = pos;
        // The limit every reader of games applies, before a number too long
        // to be a move number would be the message.
        if ply >= crate::limits::MAX_MOVES_PER_GAME {
            return Err(err(
                start,
                format!(
                    "more than {} moves in one game",
                    crate::limits::MAX_MOVES_PER_GAME
                ),
            ));
        }
        while pos < chars.len() && chars[pos].is_ascii_digit() {
            pos += 1;
        }
        let digits: String = chars[start..pos].iter().collect();
        if digits.is_empty() {
            return Err(err(
                start,
                format!(
                    "expected move number {}, found `{}`",
                    ply + 1,
                    word_at(&chars, start)
                ),
            ));
        }
        if digits.len() > 6 || digits.parse::<usize>().ok() != Some(ply + 1) {
            return Err(err(
                start,
                format!("expected move number {}, found {digits}", ply + 1),
            ));
        }
        if chars.get(pos) != Some(&'.') {
            return Err(err(
                pos,
                format!(
                    "expected `.` after the move number {digits}, found {}",
                    describe(&chars, pos)
                ),
            ));
        }
        pos += 1;
        let after_dot = pos;
        let mut breaks = 0;
        while pos < chars.len() && chars[pos].is_whitespace() {
            breaks += usize::from(chars[pos] == '\n');
            pos += 1;
        }
        // A blank line ends a game, here too: a move is not looked for in
        // the next one (a file read a game at a time would not find it).
        if breaks >= 2 {
            return Err(err(
                after_dot,
                format!(
                    "expected a move after `{digits}.`, found a blank line, which ends the game"
                ),
            ));
        }
        let wstart = pos;
        while pos < chars.len() && !chars[pos].is_whitespace() && chars[pos] != '#' {
            pos += 1;
        }
        let word: String = chars[wstart..pos].iter().collect();
        if word.is_empty() {
            return Err(err(
                wstart,
                format!(
                    "expected a move after `{digits}.`, found {}",
                    describe(&chars, wstart)
                ),
            ));
        }
        if current.result.is_some() {
            return Err(err(
                start,
                format!(
                    "expected the game to end after move {ply}, which ends it, found move {digits}"
                ),
            ));
        }
        let lower = word.to_ascii_lowercase();
        let mv = match lower.as_str() {
            "swap" => {
                if ply != 1 {
                    return Err(err(
                        wstart,
                        format!(
                            "expected a hole at move {}, found `swap` (swap is allowed only as move 2)",
                            ply + 1
                        ),
                    ));
                }
                if current.rules.swap == Swap::None {
                    return Err(err(
                        wstart,
                        "expected a hole at move 2, found `swap`, but the rules have no swap"
                            .into(),
                    ));
                }
                Move::Swap
            }
            "resign" => {
                let loser = mover(&current.rules, current.first, &current.moves, ply);
                current.result = Some(GameResult::Win(loser.opponent()));
                Move::Resign
            }
            "draw" => {
                current.result = Some(GameResult::Draw);
                Move::AcceptDraw
            }
            _ => {
                // `f6|draw`: a placement that offers a draw.
                let (hole, offers_draw) = match lower.strip_suffix("|draw") {
                    Some(h) => (h, true),
                    None => (lower.as_str(), false),
                };
                let hole = parse_hole(hole, size).map_err(|m| err(wstart, m))?;
                Move::Place(Placement {
                    offers_draw,
                    ..Placement::peg(hole)
                })
            }
        };
        current.moves.push(mv);
        current.move_at.0.push(locator.at(&chars, wstart));
    }
    if !current.moves.is_empty() {
        games.push(current);
    }
    Ok(games)
}

/// A piece of a move-list file holding whole games: its text and the line
/// number of its first line in the file.
#[derive(Debug, Clone)]
pub struct Chunk {
    /// The text, whole lines, ending at a blank line or the end of the file.
    pub text: Vec<u8>,
    /// One-based line of the first line of `text` in the file.
    pub first_line: usize,
}

/// The games of a move-list file read a piece at a time from `reader`:
/// pieces of about `size` bytes, and of at most
/// [`WINDOW_GAMES`](crate::script::stream::WINDOW_GAMES) games, cut at blank
/// lines, which end games, so that each piece reads with [`read_with`] as
/// the whole file would (and stays far below its games limit, so a file of
/// any number of games streams). A game longer than
/// [`crate::limits::MAX_INPUT_BYTES`] is an error.
pub struct Chunks<R> {
    reader: R,
    size: usize,
    line: usize,
    done: bool,
}

impl<R: std::io::BufRead> Chunks<R> {
    /// Pieces of about `size` bytes of `reader`.
    pub fn new(reader: R, size: usize) -> Chunks<R> {
        Chunks {
            reader,
            size,
            line: 1,
            done: false,
        }
    }
}

impl<R: std::io::BufRead> Iterator for Chunks<R> {
    type Item = std::io::Result<Chunk>;

    fn next(&mut self) -> Option<Self::Item> {
        use std::io::{BufRead, Read};
        if self.done {
            return None;
        }
        let limit = crate::limits::MAX_INPUT_BYTES;
        let first_line = self.line;
        let mut text = Vec::new();
        // Bytes and first line of the run of lines since the last blank one.
        let (mut run, mut run_line) = (0u64, self.line);
        // Games ended by a blank line in this piece, and whether the run
        // since the last blank line holds a game's text.
        let (mut games, mut in_game) = (0usize, false);
        loop {
            let start = text.len();
            // Never more than the limit in one read: a file of one endless
            // line must not fill the memory.
            let mut bounded = (&mut self.reader).take(limit + 1 - run);
            match bounded.read_until(b'\n', &mut text) {
                Ok(0) => {
                    self.done = true;
                    break;
                }
                Ok(n) => {
                    self.line += usize::from(text.ends_with(b"\n"));
                    run += n as u64;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
            if text[start..].iter().all(u8::is_ascii_whitespace) {
                (run, run_line) = (0, self.line);
                games += usize::from(std::mem::take(&mut in_game));
                if text.len() >= self.size || games >= crate::script::stream::WINDOW_GAMES {
                    break;
                }
            } else if run > limit {
                self.done = true;
                return Some(Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "the game starting on line {run_line} is longer than {} (no blank line ends it): not read further",
                        crate::limits::describe_bytes(limit)
                    ),
                )));
            } else {
                in_game = true;
            }
        }
        (!text.is_empty()).then_some(Ok(Chunk { text, first_line }))
    }
}

fn word_at(chars: &[char], at: usize) -> String {
    chars[at..]
        .iter()
        .take_while(|c| !c.is_whitespace())
        .take(20)
        .collect::<String>()
        .escape_default()
        .to_string()
}

fn describe(chars: &[char], at: usize) -> String {
    match chars.get(at) {
        None => "end of input".into(),
        Some(c) if c.is_whitespace() => "a space".into(),
        Some(_) => format!("`{}`", word_at(chars, at)),
    }
}

fn parse_hole(word: &str, size: BoardSize) -> Result<Hole, String> {
    let hole: Hole = word.parse().map_err(|_| {
        format!(
            "expected a hole like f6, `swap`, `resign` or `draw`, found `{}`",
            word.escape_default()
        )
    })?;
    if !size.in_bounds(hole) {
        return Err(format!(
            "expected a hole on the board of size {size}, found `{word}`, which is off the board"
        ));
    }
    if !size.contains(hole) {
        return Err(format!(
            "expected a hole on the board, found the corner `{word}`, which does not exist"
        ));
    }
    Ok(hole)
}

/// Writes one game on one line, ending in a newline. Tags, rules and board
/// size are not part of the format.
pub fn write(record: &Record) -> Result<String, Error> {
    if let Some(problem) = plain_moves_problem(&record.rules, &record.moves) {
        return Err(Error::Unwritable(problem));
    }
    if record.first != Player::Red {
        return Err(Error::Unwritable(
            "a move list cannot say that black moves first".into(),
        ));
    }
    let mut words = Vec::with_capacity(record.moves.len());
    for (i, mv) in record.moves.iter().enumerate() {
        let text = match mv {
            Move::Place(p) if p.offers_draw => format!("{}|draw", p.hole),
            Move::Place(p) => p.hole.to_string(),
            Move::Swap => "swap".into(),
            Move::Resign => "resign".into(),
            Move::AcceptDraw => "draw".into(),
        };
        words.push(format!("{}.{text}", i + 1));
    }
    let mut out = words.join(" ");
    out.push('\n');
    Ok(out)
}

/// Writes several games, separated by blank lines.
pub fn write_all(records: &[Record]) -> Result<String, Error> {
    let games = records.iter().map(write).collect::<Result<Vec<_>, _>>()?;
    Ok(games.join("\n"))
}
