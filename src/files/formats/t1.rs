//! T1 files, as written by T1j and twixtbot-ui.
//!
//! Thirteen header lines, each a value optionally followed by a `#` comment:
//! lines 1–2 are free comments, 3 the file-format version, 4–5 the names of
//! players 1 and 2, 6 the number of rows, 7 the number of columns, 8–9
//! human/computer, 10 the starting player, 11 the letter direction, 12 the
//! pie rule (Y/N), 13 game over (Y/N). Then one move per line: a column
//! letter (A is the first column) and a one-based row, or `swap`/`resign`.
//! Player 1 is Red: first to move unless line 10 says 2, connecting row 1 to
//! the last row.

use nom::Parser as _;
use nom::bytes::complete::take_till;
use nom::character::complete::satisfy;
use nom::combinator::verify;
use nom::multi::many_m_n;

use crate::grammar::{self, Rule, digits};
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::moves::{Move, Placement};
use twixt_core::rules::{Crossing, RuleSet, Swap};

use super::{Error, Location, RecordFormat, mover, plain_moves_problem, utf8};

/// Number of header lines before the moves.
pub const HEADER_LINES: usize = 13;

/// Tags holding header fields that have no other home in a [`Record`].
/// Tag for header line 3, the file-format version.
pub const TAG_VERSION: &str = "T1Version";
/// Tag for header line 8, whether player 1 is human or computer.
pub const TAG_KIND_1: &str = "T1Player1Kind";
/// Tag for header line 9, whether player 2 is human or computer.
pub const TAG_KIND_2: &str = "T1Player2Kind";
/// Tag for header line 11, the letter direction.
pub const TAG_DIRECTION: &str = "T1LetterDirection";
/// Tag for header line 13, game over (Y/N).
pub const TAG_GAME_OVER: &str = "T1GameOver";

/// The tags [`write()`] writes on header lines 3, 4, 5, 8, 9, 11 and 13
/// (the first of each name, in any case); it has no place for others.
const HEADER_TAGS: [&str; 7] = [
    TAG_VERSION,
    "Red",
    "Black",
    TAG_KIND_1,
    TAG_KIND_2,
    TAG_DIRECTION,
    TAG_GAME_OVER,
];

/// Widest board a single column letter can name.
pub const MAX_COLUMNS: u16 = 26;

fn syntax<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, Error> {
    Err(Error::Syntax {
        at: Location { line, column },
        message: message.into(),
    })
}

/// The rules a T1 file is read under when nothing else is said: automatic
/// links and no crossing (T1j, and twixtbot-ui's default), with the mirror
/// swap. twixtbot-ui, which writes most T1 files found today, mirrors the
/// swapped peg as Little Golem does; its recorded games only replay that way
/// (a colour swap would put the next player's pegs on the wrong borders).
/// Games from T1j itself, whose swap exchanges colours, are read with
/// [`read_with`] and `RuleSet::dujardin()`.
pub fn default_rules() -> RuleSet {
    RuleSet::t1()
}

/// Reads a T1 file under [`default_rules`] on the file's board.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    read_with(bytes, default_rules())
}

/// One header line: its value, the text before any `#`, trimmed.
fn header_line(i: &str) -> Rule<'_, &str> {
    grammar::text_line
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .parse(i)
}

/// The header: up to [`HEADER_LINES`] values (fewer when the text ends
/// sooner, which the reader reports).
fn header(i: &str) -> Rule<'_, Vec<&str>> {
    many_m_n(0, HEADER_LINES, header_line).parse(i)
}

/// One move line: the column its word starts at and the word (the text
/// before any `#`, trimmed), or `None` for a line with no move.
fn move_line(i: &str) -> Rule<'_, Option<(usize, &str)>> {
    let (rest, line) = grammar::text_line(i)?;
    let (_, (leading, body)) = (grammar::whitespace, take_till(|c| c == '#')).parse(line)?;
    let word = body.trim_end();
    Ok((
        rest,
        (!word.is_empty()).then(|| (leading.chars().count() + 1, word)),
    ))
}

/// A hole as T1 writes it: a column letter and a one-based row of at most
/// four digits, with no leading zero (`K7`, `b12`).
fn hole_name(i: &str) -> Rule<'_, (char, &str)> {
    (
        satisfy(|c| c.is_ascii_alphabetic()),
        verify(digits, |d: &str| d.len() <= 4 && !d.starts_with('0')),
    )
        .parse(i)
}

/// Reads a T1 file, taking crossing, linking, removal and swap style from
/// `base` (the file records none of these) and the board size from the
/// file. A pie rule of `N` turns the swap off whatever `base` says.
pub fn read_with(bytes: &[u8], base: RuleSet) -> Result<Record, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    // `header` cannot fail: with fewer lines it reads as many as there are.
    let (mut rest, lines) = header(text).unwrap_or((text, Vec::new()));
    if lines.len() < HEADER_LINES {
        return syntax(
            lines.len() + 1,
            1,
            format!(
                "expected {HEADER_LINES} header lines, found end of file after {}",
                lines.len()
            ),
        );
    }
    let value = |n: usize| -> &str { lines[n - 1] };
    let number = |n: usize, what: &str| -> Result<u64, Error> {
        let v = value(n);
        if v.is_empty() {
            return Ok(24);
        }
        grammar::whole(digits, v)
            .filter(|d| d.len() <= 4)
            .and_then(|d| d.parse().ok())
            .map_or_else(
                || syntax(n, 1, format!("expected the number of {what}, found `{v}`")),
                Ok,
            )
    };
    let rows = number(6, "rows")?;
    let cols = number(7, "columns")?;
    let size = BoardSize::new(cols, rows).or_else(|e| syntax(6, 1, e.to_string()))?;
    if size.width() > MAX_COLUMNS {
        return syntax(
            7,
            1,
            format!("expected at most {MAX_COLUMNS} columns (one letter each), found {cols}"),
        );
    }
    let first = match value(10) {
        "" | "1" => Player::Red,
        "2" => Player::Black,
        v => {
            return syntax(
                10,
                1,
                format!("expected the starting player 1 or 2, found `{v}`"),
            );
        }
    };
    let yes_no = |n: usize, what: &str| -> Result<bool, Error> {
        match value(n) {
            "" | "Y" | "y" => Ok(true),
            "N" | "n" => Ok(false),
            v => syntax(n, 1, format!("expected Y or N for {what}, found `{v}`")),
        }
    };
    let pie = yes_no(12, "the pie rule")?;
    yes_no(13, "game over")?;

    let mut record = Record::new(rules_read(base, size, pie));
    record.first = first;
    record.tags.push((TAG_VERSION.into(), value(3).into()));
    for (n, tag) in [(4, "Red"), (5, "Black")] {
        if !value(n).is_empty() {
            record.tags.push((tag.into(), value(n).into()));
        }
    }
    record.tags.push((TAG_KIND_1.into(), value(8).into()));
    record.tags.push((TAG_KIND_2.into(), value(9).into()));
    record.tags.push((TAG_DIRECTION.into(), value(11).into()));
    record.tags.push((TAG_GAME_OVER.into(), value(13).into()));

    let mut line_no = HEADER_LINES;
    while let Ok((after, line)) = move_line(rest) {
        rest = after;
        line_no += 1;
        let Some((column, word)) = line else {
            continue;
        };
        let ply = record.moves.len();
        if record.result.is_some() {
            return syntax(
                line_no,
                column,
                format!("expected nothing after `resign`, found `{word}`"),
            );
        }
        let mv = if word.eq_ignore_ascii_case("swap") {
            if ply != 1 {
                return syntax(
                    line_no,
                    column,
                    format!(
                        "expected a hole or `resign` at move {}, found `swap` (swap is allowed only as move 2)",
                        ply + 1
                    ),
                );
            }
            if !pie {
                return syntax(
                    line_no,
                    column,
                    "expected a hole at move 2, found `swap`, but line 12 turns the pie rule off",
                );
            }
            Move::Swap
        } else if word.eq_ignore_ascii_case("resign") {
            let loser = mover(&record.rules, first, &record.moves, ply);
            record.result = Some(GameResult::Win(loser.opponent()));
            Move::Resign
        } else {
            let hole = parse_hole(word, size).or_else(|m| syntax(line_no, column, m))?;
            Move::Place(Placement::peg(hole))
        };
        record.moves.push(mv);
        record.move_at.0.push(Location {
            line: line_no,
            column,
        });
    }
    Ok(record)
}

/// The rules a file is read under: `base` on its board of `size`, with no
/// swap when the pie rule (`pie`) is off.
fn rules_read(base: RuleSet, size: BoardSize, pie: bool) -> RuleSet {
    let mut rules = base.with_size(size);
    if !pie {
        rules.swap = Swap::None;
    } else if rules.swap == Swap::Mirror && size.width() != size.height() {
        // A mirrored peg would leave the board: the colour swap is the only one possible.
        rules.swap = Swap::Colors;
    }
    rules
}

fn parse_hole(word: &str, size: BoardSize) -> Result<Hole, String> {
    let expected = || {
        format!(
            "expected a move like K7 (column letter, row number), `swap` or `resign`, found `{word}`"
        )
    };
    let (letter, digits) = grammar::whole(hole_name, word).ok_or_else(expected)?;
    let col = (letter.to_ascii_lowercase() as u8 - b'a') as u16;
    let row: u16 = digits.parse().map_err(|_| expected())?;
    super::on_board(Hole::new(col, row - 1), word, size)
}

fn field(out: &mut String, value: &str, comment: &str) -> Result<(), Error> {
    if value.contains(['#', '\n', '\r']) {
        return Err(RecordFormat::T1.unwritable(format!(
            "the {comment} `{}` contains `#` or a line break",
            value.escape_default()
        )));
    }
    // A header value is read trimmed: white space around it would be lost.
    if value.trim() != value {
        return Err(RecordFormat::T1.unwritable(format!(
            "the {comment} `{}` begins or ends with white space, which a T1 reader trims",
            value.escape_default()
        )));
    }
    if value.is_empty() {
        out.push_str(&format!("# {comment}\n"));
    } else {
        out.push_str(&format!("{value} # {comment}\n"));
    }
    Ok(())
}

/// Whether [`write()`] keeps the result of `record`. A T1 file has no
/// word for a result (line 13 says only that the game is over): it keeps
/// none, or the one its moves say ([`super::said_by_moves`]: a
/// resignation, a completed connection, no legal move left).
pub fn keeps_result(record: &Record) -> bool {
    super::moves_say_result(record)
}

/// The names of the header tags of `record` that [`write()`] has no place
/// for, in order: all but the first of each of [`TAG_VERSION`], `Red`,
/// `Black`, [`TAG_KIND_1`], [`TAG_KIND_2`], [`TAG_DIRECTION`] and
/// [`TAG_GAME_OVER`] (in any case) and those the file states
/// otherwise, `Size`, `First` and `Result`, and `Rules` when the file is
/// read under the record's rules ([`read`] takes [`default_rules`]): a
/// game under `dujardin`, whose colour swap a game with no swap never
/// shows, is written, and its `Rules` left out.
pub fn tags_left_out(record: &Record) -> Vec<&str> {
    let placed: Vec<usize> = HEADER_TAGS
        .iter()
        .filter_map(|name| super::tag_index(record, name))
        .collect();
    let rules_stated = rules_read_back(record, default_rules()) == record.rules;
    super::tags_left_out(record, &placed, rules_stated)
}

/// The rules that [`read_with`] and `base` read the file [`write()`] makes
/// of `record` under: `base` on the record's board, with no swap when the
/// record's rules have none (the pie rule `N`), and the colour swap for a
/// mirror swap on a board that is not square. The file states the board
/// and the pie rule and nothing more of the rules: read with
/// [`default_rules`], a game under other rules (`dujardin`) reads back
/// under `t1`.
pub fn rules_read_back(record: &Record, base: RuleSet) -> RuleSet {
    rules_read(base, record.size(), record.rules.swap != Swap::None)
}

/// Writes one game as a T1 file (upper-case hole names, as twixtbot-ui
/// does), with no result but the one its moves say ([`keeps_result`]). The file holds no crossing rule or swap style, so only games whose
/// rules a reader would assume are written: automatic links that never cross
/// and no removals, and a swap that mirrors when the game has one.
pub fn write(record: &Record) -> Result<String, Error> {
    let rules = &record.rules;
    if rules.size.is_partial() {
        return Err(RecordFormat::T1.unwritable(format!(
            "the board is partial ({}), and a T1 file has only whole boards: the game would change",
            rules.size
        )));
    }
    if rules.crossing != Crossing::None {
        return Err(RecordFormat::T1.unwritable(
            "the rules let own links cross, and a T1 file is read with no crossing at all: the game would change",
        ));
    }
    let swapped = record.moves.iter().any(|m| matches!(m, Move::Swap));
    let square = rules.size.width() == rules.size.height();
    if swapped && square && rules.swap != Swap::Mirror {
        return Err(RecordFormat::T1.unwritable(
            "the game swaps colours, and a T1 file on a square board is read with the mirror swap: the game would change",
        ));
    }
    let size = record.size();
    if size.width() > MAX_COLUMNS {
        return Err(RecordFormat::T1.unwritable(format!(
            "the board is {} columns wide; T1 column letters reach only {MAX_COLUMNS}",
            size.width()
        )));
    }
    if let Some(problem) = plain_moves_problem(&record.rules, &record.moves) {
        return Err(RecordFormat::T1.unwritable(problem));
    }
    let tag = |name: &str, default: &str| record.tag(name).unwrap_or(default).to_string();
    // Line 13 is read as Y or N (or nothing): another value would not read.
    if let Some(v) = record.tag(TAG_GAME_OVER)
        && !matches!(v, "" | "Y" | "y" | "N" | "n")
    {
        return Err(RecordFormat::T1.unwritable(format!(
            "the tag {TAG_GAME_OVER} `{}` is not Y or N, which line 13 of a T1 file must be",
            v.escape_default()
        )));
    }
    // Line 13 says whether the game is over: it is when the record has a
    // result or its moves end the game (a connection made, a resignation,
    // no legal move left), result tag or none, as T1 files of finished
    // games say.
    let over = matches!(record.result, Some(GameResult::Win(_) | GameResult::Draw))
        || super::said_by_moves(record).is_some();
    let game_over = if over { "Y" } else { "N" };
    let mut out = String::from("# File written by twixtkit\n# T1 file format (T1j, twixtbot-ui)\n");
    let starter = if record.first == Player::Red {
        "1"
    } else {
        "2"
    };
    let pie = if record.rules.swap == Swap::None {
        "N"
    } else {
        "Y"
    };
    // Header lines 3 to 13, each a value and its comment.
    for (value, comment) in [
        (tag(TAG_VERSION, "1"), "version of file-format"),
        (tag("Red", ""), "Name of player 1"),
        (tag("Black", ""), "Name of player 2"),
        (size.height().to_string(), "y-size of board"),
        (size.width().to_string(), "x-size of board"),
        (tag(TAG_KIND_1, "H"), "player 1 human or computer"),
        (tag(TAG_KIND_2, "H"), "player 2 human or computer"),
        (starter.to_string(), "starting player (1 plays top-down)"),
        (tag(TAG_DIRECTION, "V"), "direction of letters"),
        (pie.to_string(), "pierule?"),
        (tag(TAG_GAME_OVER, game_over), "game already over?"),
    ] {
        field(&mut out, &value, comment)?;
    }
    for (i, mv) in record.moves.iter().enumerate() {
        match mv {
            Move::Place(p) => {
                if p.offers_draw {
                    return Err(RecordFormat::T1.unwritable(format!(
                        "move {} offers a draw; T1 has no notation for that",
                        i + 1
                    )));
                }
                if !size.contains(p.hole) {
                    return Err(RecordFormat::T1.unwritable(format!(
                        "move {}: {} is not on the board of size {size}",
                        i + 1,
                        p.hole
                    )));
                }
                let letter = char::from(b'A' + p.hole.col as u8);
                out.push_str(&format!("{letter}{}\n", p.hole.row + 1));
            }
            Move::Swap => out.push_str("swap\n"),
            Move::Resign => out.push_str("resign\n"),
            Move::AcceptDraw => {
                return Err(RecordFormat::T1.unwritable(format!(
                    "move {} accepts a draw; T1 has no notation for that",
                    i + 1
                )));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_are_values_before_their_comment() {
        assert_eq!(header_line("  24 # rows\r\nnext"), Ok(("next", "24")));
        assert_eq!(header("a\nb").map(|(_, v)| v), Ok(vec!["a", "b"]));
    }

    #[test]
    fn move_lines_give_the_word_and_its_column() {
        assert_eq!(move_line("  K10 # x\nF6"), Ok(("F6", Some((3, "K10")))));
        assert_eq!(move_line(" # only a comment\n"), Ok(("", None)));
        assert!(move_line("").is_err());
    }

    #[test]
    fn hole_names_are_a_letter_and_a_row_without_leading_zero() {
        assert_eq!(grammar::whole(hole_name, "k7"), Some(('k', "7")));
        assert_eq!(grammar::whole(hole_name, "K07"), None);
        assert_eq!(grammar::whole(hole_name, "K12345"), None);
        assert_eq!(grammar::whole(hole_name, "KK7"), None);
    }

    #[test]
    fn header_values_a_reader_trims_or_refuses_are_refused() {
        let game = |tags: &[(&str, &str)]| {
            let mut r = Record::new(RuleSet::t1());
            r.tags = tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            r.moves
                .push(Move::Place(Placement::peg("f6".parse().unwrap())));
            r
        };
        let said = |tags| write(&game(tags)).unwrap_err().to_string();
        assert!(said(&[("Red", " Ann")]).contains("white space"));
        assert!(said(&[("Black", "Bob\u{2028}")]).contains("white space"));
        assert!(said(&[(TAG_GAME_OVER, "maybe")]).contains("not Y or N"));
        // What is written reads back the same.
        let tags = [("Red", "A n]n"), (TAG_GAME_OVER, "y")];
        let back = read(write(&game(&tags)).unwrap().as_bytes()).unwrap();
        assert_eq!(back.tag("Red"), Some("A n]n"));
        assert_eq!(back.tag(TAG_GAME_OVER), Some("y"));
    }
}
