//! Numbered move lists: `1.f6 2.swap 3.m16 … 33.resign`.
//!
//! Moves are hole names (`f6`, `aa12` past `z`; `f6|draw` also offers a
//! draw), `swap`, `resign` or `draw` (accepting a standing offer), each
//! after its number and a dot.
//! Numbers count 1, 2, 3, …; odd plies are the first mover's. The format
//! records no board size or rules, so the reader is told them. A file may
//! hold several games separated by blank lines; `#` starts a comment that
//! runs to the end of the line.

use nom::Parser as _;
use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::char;
use nom::combinator::recognize;
use nom::multi::many0_count;

use crate::grammar::{self, Failure, Rule, digits};
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::moves::{Move, Placement};
use twixt_core::rules::{RuleSet, RuleSetError, Swap};

use super::{Error, Location, RecordFormat, fail, mover, plain_moves_problem, utf8};

/// The rules a move list is read under: `rules` (default pencil) on a
/// `size` board (default the rules' own), if they make a rule set.
pub(crate) fn rules_for(
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
) -> Result<RuleSet, RuleSetError> {
    let rules = rules.unwrap_or_else(RuleSet::pencil);
    let rules = size.map_or(rules.clone(), |size| rules.with_size(size));
    rules.validate().map(|()| rules)
}

/// Reads every game, assuming pencil rules on a 24×24 board.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, Error> {
    read_with(bytes, RuleSet::pencil())
}

/// What stands between moves: white space and `#` comments. A blank line
/// among it ends a game.
fn gap(i: &str) -> Rule<'_, &str> {
    recognize(many0_count(alt((
        take_while1(char::is_whitespace),
        grammar::hash_comment,
    ))))
    .parse(i)
}

/// The number of move `ply + 1` and its dot (`12.`): the digits.
fn move_number(i: &str, ply: usize) -> Rule<'_, &str> {
    let Ok((rest, number)) = digits(i) else {
        return Err(fail(
            i,
            format!("expected move number {}, found `{}`", ply + 1, word_at(i)),
        ));
    };
    if number.len() > 6 || number.parse::<usize>().ok() != Some(ply + 1) {
        return Err(fail(
            i,
            format!("expected move number {}, found {number}", ply + 1),
        ));
    }
    match char::<_, Failure>('.').parse(rest) {
        Ok((rest, _)) => Ok((rest, number)),
        Err(_) => Err(fail(
            rest,
            format!(
                "expected `.` after the move number {number}, found {}",
                describe(rest)
            ),
        )),
    }
}

/// The move after `number.`: white space (no blank line: that ends the
/// game) and a word.
fn move_word<'a>(i: &'a str, number: &str) -> Rule<'a, &'a str> {
    let (at, space) = grammar::whitespace(i)?;
    // A blank line ends a game, here too: a move is not looked for in the
    // next one (a file read a game at a time would not find it).
    if space.matches('\n').nth(1).is_some() {
        return Err(fail(
            i,
            format!("expected a move after `{number}.`, found a blank line, which ends the game"),
        ));
    }
    let (rest, word) = grammar::record_word(at)?;
    if word.is_empty() {
        return Err(fail(
            at,
            format!("expected a move after `{number}.`, found {}", describe(at)),
        ));
    }
    Ok((rest, word))
}

/// The move a word names: `swap`, `resign`, `draw`, or a hole with an
/// optional `|draw` offer, as move `ply + 1` of `game`.
fn move_text(word: &str, ply: usize, game: &Record) -> Result<Move, String> {
    let lower = word.to_ascii_lowercase();
    Ok(match lower.as_str() {
        "swap" if ply != 1 => {
            return Err(format!(
                "expected a hole at move {}, found `swap` (swap is allowed only as move 2)",
                ply + 1
            ));
        }
        "swap" if game.rules.swap == Swap::None => {
            return Err(
                "expected a hole at move 2, found `swap`, but the rules have no swap".into(),
            );
        }
        "swap" => Move::Swap,
        "resign" => Move::Resign,
        "draw" => Move::AcceptDraw,
        _ => {
            // `f6|draw`: a placement that offers a draw.
            let (hole, offers_draw) = match lower.strip_suffix("|draw") {
                Some(h) => (h, true),
                None => (lower.as_str(), false),
            };
            Move::Place(Placement {
                offers_draw,
                ..Placement::peg(parse_hole(hole, game.rules.size)?)
            })
        }
    })
}

/// Every game of `text` under `rules`: moves up to the end, a blank line
/// between two games.
fn move_list<'a>(text: &'a str, rules: &RuleSet) -> Result<Vec<Record>, nom::Err<Failure<'a>>> {
    let mut locator = crate::grammar::Locator::new(text);
    let mut games = Vec::new();
    let mut current = Record::new(rules.clone());
    let mut i = text;
    loop {
        let (start, space) = gap(i)?;
        if start.is_empty() {
            break;
        }
        // A blank line ends a game.
        if space.matches('\n').nth(1).is_some() && !current.moves.is_empty() {
            if games.len() + 1 >= crate::limits::MAX_GAMES_PER_FILE {
                return Err(fail(
                    start,
                    format!(
                        "more than {} games in one file: split the file",
                        crate::limits::MAX_GAMES_PER_FILE
                    ),
                ));
            }
            games.push(std::mem::replace(&mut current, Record::new(rules.clone())));
        }
        let ply = current.moves.len();
        // The limit every reader of games applies, before a number too long
        // to be a move number would be the message.
        if ply >= crate::limits::MAX_MOVES_PER_GAME {
            return Err(fail(
                start,
                format!(
                    "more than {} moves in one game",
                    crate::limits::MAX_MOVES_PER_GAME
                ),
            ));
        }
        let (rest, number) = move_number(start, ply)?;
        let (rest, word) = move_word(rest, number)?;
        if current.result.is_some() {
            return Err(fail(
                start,
                format!(
                    "expected the game to end after move {ply}, which ends it, found move {number}"
                ),
            ));
        }
        let mv = move_text(word, ply, &current).map_err(|m| fail(word, m))?;
        match mv {
            Move::Resign => {
                let loser = mover(&current.rules, current.first, &current.moves, ply);
                current.result = Some(GameResult::Win(loser.opponent()));
            }
            Move::AcceptDraw => current.result = Some(GameResult::Draw),
            _ => {}
        }
        current.moves.push(mv);
        current.move_at.0.push(Location::located(
            &mut locator,
            grammar::offset_in(text, word),
        ));
        i = rest;
    }
    if !current.moves.is_empty() {
        games.push(current);
    }
    Ok(games)
}

/// Reads every game under `rules` (which include the board size).
pub fn read_with(bytes: &[u8], rules: RuleSet) -> Result<Vec<Record>, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    move_list(text, &rules).map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => Error::Syntax {
            at: Location::of_offset(text, grammar::offset_in(text, f.at)),
            message: f.message,
        },
        nom::Err::Incomplete(_) => unreachable!("complete parsers never ask for more"),
    })
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

/// The word at the start of `rest` (up to 20 characters), escaped.
fn word_at(rest: &str) -> String {
    rest.chars()
        .take_while(|c| !c.is_whitespace())
        .take(20)
        .collect::<String>()
        .escape_default()
        .to_string()
}

/// What `rest` starts with, for "found …".
fn describe(rest: &str) -> String {
    match rest.chars().next() {
        None => "end of input".into(),
        Some(c) if c.is_whitespace() => "a space".into(),
        Some(_) => format!("`{}`", word_at(rest)),
    }
}

fn parse_hole(word: &str, size: BoardSize) -> Result<Hole, String> {
    let hole: Hole = word.parse().map_err(|_| {
        format!(
            "expected a hole like f6, `swap`, `resign` or `draw`, found `{}`",
            word.escape_default()
        )
    })?;
    super::on_board(hole, word, size)
}

/// Whether [`write()`] keeps the result of `record`. A move list has no
/// word for a result: it keeps none, or the one its moves say
/// ([`super::said_by_moves`]: a resignation, an accepted draw, a completed
/// connection, no legal move left), and no other.
pub fn keeps_result(record: &Record) -> bool {
    super::moves_say_result(record)
}

/// Writes one game on one line, ending in a newline. Tags, rules and board
/// size are not part of the format, nor a result the moves do not say
/// ([`keeps_result`]).
pub fn write(record: &Record) -> Result<String, Error> {
    if let Some(problem) = plain_moves_problem(&record.rules, &record.moves) {
        return Err(RecordFormat::MoveList.unwritable(problem));
    }
    if record.first != Player::Red {
        return Err(
            RecordFormat::MoveList.unwritable("a move list cannot say that black moves first")
        );
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::failed;

    #[test]
    fn gaps_hold_white_space_and_comments() {
        assert_eq!(gap(" # a\n\t 2.f6"), Ok(("2.f6", " # a\n\t ")));
        assert_eq!(gap("1.f6"), Ok(("1.f6", "")));
    }

    #[test]
    fn move_numbers_come_in_sequence_with_their_dot() {
        assert_eq!(move_number("3. f6", 2), Ok((" f6", "3")));
        let (m, at) = failed(move_number("4.f6", 2));
        assert_eq!(
            (m.as_str(), at),
            ("expected move number 3, found 4", "4.f6")
        );
        let (m, at) = failed(move_number("3 f6", 2));
        assert_eq!(
            (m.as_str(), at),
            ("expected `.` after the move number 3, found a space", " f6")
        );
    }

    #[test]
    fn a_move_word_is_not_looked_for_past_a_blank_line() {
        assert_eq!(move_word("\n f6#c", "1"), Ok(("#c", "f6")));
        let (m, at) = failed(move_word(" \n\nf6", "1"));
        assert_eq!(
            (m.as_str(), at),
            (
                "expected a move after `1.`, found a blank line, which ends the game",
                " \n\nf6"
            )
        );
    }

    #[test]
    fn games_keep_where_each_move_is_written() {
        let games = read("1.f6 2.é\n".as_bytes());
        assert!(matches!(
            games,
            Err(Error::Syntax {
                at: Location { line: 1, column: 8 },
                ..
            })
        ));
        let games = read("1.f6\n\n1.g7  2.É5".as_bytes());
        assert!(games.is_err());
        let games = read("1.f6\n\n # x\n1.g7  2.h9|draw".as_bytes()).unwrap();
        let at: Vec<_> = games
            .iter()
            .map(|g| {
                g.move_at
                    .0
                    .iter()
                    .map(|l| (l.line, l.column))
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(at, [vec![(1, 3)], vec![(4, 3), (4, 9)]]);
    }
}
