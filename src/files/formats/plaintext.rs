//! Plain text as players paste it into forums and bug reports:
//! `1.f6 2.swap 3.m16 … 33.resign`, `1. f6 m16 2. g8 h9`, `f6 swap m16 1-0`.
//!
//! Moves (hole names, `swap`, `resign`, `draw`, `f6|draw`), each after an
//! optional move number, glued or not, separated by white space, commas or
//! semicolons, and after the last an optional result (`1-0`, `0-1`,
//! `1/2-1/2`, `½-½`). Numbers count moves (`1.f6 2.swap 3.m16`) or pairs
//! of moves (`1. f6 swap 2. m16`, the second of a pair numbered `1...` if at
//! all); the first number past move 1 says which, and from then on every
//! number must be right.
//!
//! One text holds several games. A new game starts at a header line (a tag
//! `[Red "Ann"]`, kept as the game's tag, or a line starting with the word
//! `Game`), where the numbering starts again at 1, and after a blank line
//! when the game before has ended (a result, `resign`, `draw`) or neither
//! side of the blank line is numbered. Like a move list, plain text records
//! no board and no rules: the reader is told them (`--rules`, `--size`;
//! pencil on 24×24 by default).
//!
//! [`write()`] writes one game as a numbered move list, then its result when
//! the moves do not say it (`1.f6 2.g8 1-0`).

use nom::Parser as _;
use nom::bytes::complete::take_while;

use crate::grammar::{self, Failure, Rule, coordinate};
use crate::record::{GameResult, Record};
use twixt_core::board::Player;
use twixt_core::moves::{Move, Placement};
use twixt_core::rules::{RuleSet, Swap};

use super::{Error, Location, fail, movelist, mover, said_by_last_move, utf8};

/// What stands between items: white space, commas and semicolons.
fn separator(i: &str) -> Rule<'_, &str> {
    take_while(|c: char| c.is_whitespace() || c == ',' || c == ';').parse(i)
}

/// A word: the text up to a separator.
fn word(i: &str) -> Rule<'_, &str> {
    take_while(|c: char| !c.is_whitespace() && c != ',' && c != ';').parse(i)
}

/// How a game numbers its moves, once a number past move 1 shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Numbering {
    /// Not shown yet (no number, or only move 1's).
    Unknown,
    /// One number a move: `1.f6 2.swap 3.m16`.
    Moves,
    /// One number a pair of moves: `1. f6 swap 2. m16`.
    Pairs,
}

/// A number and its dots at the start of `i` (`3.`, `3...`), when there
/// is one: digits without a dot are a result (`1-0`) or a hole's row.
fn number_at(i: &str) -> Option<(&str, &str, &str)> {
    let (rest, (number, dots)) = grammar::move_number(i).ok()?;
    (!dots.is_empty()).then_some((rest, number, dots))
}

/// The move number before move `ply + 1`, when the text starts with one,
/// checked against the game's `numbering` (which it may settle).
fn move_number<'a>(i: &'a str, ply: usize, numbering: &mut Numbering) -> Rule<'a, Option<&'a str>> {
    let Some((rest, number, dots)) = number_at(i) else {
        return Ok((i, None));
    };
    let n = (number.len() <= 6)
        .then(|| number.parse::<usize>().ok())
        .flatten();
    let (by_move, by_pair) = (ply + 1, ply / 2 + 1);
    // The second move of a pair carries its pair's number only as `3...`.
    let pair_fits = n == Some(by_pair) && (ply.is_multiple_of(2) || dots.len() > 1);
    let fits = match *numbering {
        Numbering::Moves => n == Some(by_move),
        Numbering::Pairs => pair_fits,
        Numbering::Unknown if n == Some(by_move) => {
            if ply > 0 {
                *numbering = Numbering::Moves;
            }
            true
        }
        Numbering::Unknown if pair_fits => {
            if ply > 0 {
                *numbering = Numbering::Pairs;
            }
            true
        }
        Numbering::Unknown => false,
    };
    if fits {
        return Ok((rest, Some(number)));
    }
    let expected = match *numbering {
        Numbering::Pairs if !ply.is_multiple_of(2) => {
            format!("no number or {by_pair}... before the second move of pair {by_pair}")
        }
        Numbering::Pairs => format!("move number {by_pair}"),
        Numbering::Unknown if ply.is_multiple_of(2) => {
            format!("move number {by_move} (or {by_pair}, numbering pairs of moves)")
        }
        _ => format!("move number {by_move}"),
    };
    Err(fail(i, format!("expected {expected}, found {number}")))
}

/// The numbers that may be glued after move `ply + 1` (`f62.swap`): the
/// next move's number under what the game's numbering allows.
fn glued_numbers(ply: usize, numbering: Numbering) -> Vec<usize> {
    let next_pair = (!ply.is_multiple_of(2)).then_some(ply / 2 + 2);
    match numbering {
        Numbering::Moves => vec![ply + 2],
        Numbering::Pairs => next_pair.into_iter().collect(),
        Numbering::Unknown => std::iter::once(ply + 2).chain(next_pair).collect(),
    }
}

/// A declared result, as pasted after the moves.
fn result_word(word: &str, first: Player) -> Option<GameResult> {
    match word {
        "1-0" => Some(GameResult::Win(first)),
        "0-1" => Some(GameResult::Win(first.opponent())),
        "1/2-1/2" | "½-½" => Some(GameResult::Draw),
        _ => None,
    }
}

/// The move a word names as move `ply + 1` under `rules`, and how many
/// bytes of the word it takes: a hole glued to the next move number (one
/// of `glued`, as in `f62.swap`) leaves the number.
fn move_word(
    word: &str,
    ply: usize,
    rules: &RuleSet,
    glued: &[usize],
) -> Result<(Move, usize), String> {
    let bad = || {
        format!(
            "expected a hole like f6, `swap`, `resign`, `draw` or a result (`1-0`, `0-1`, `1/2-1/2`), found `{}`",
            grammar::clip(word).escape_default()
        )
    };
    // `f62.swap`, `swap3.m16`: the next move number glued to the move.
    let taken = match word.find('.') {
        Some(dot) => glued
            .iter()
            .find_map(|next| {
                word[..dot]
                    .strip_suffix(next.to_string().as_str())
                    .filter(|m| !m.is_empty())
            })
            .ok_or_else(bad)?
            .len(),
        None => word.len(),
    };
    let lower = word[..taken].to_ascii_lowercase();
    match lower.as_str() {
        "swap" if ply != 1 => {
            return Err(format!(
                "expected a hole at move {}, found `swap` (swap is allowed only as move 2)",
                ply + 1
            ));
        }
        "swap" if rules.swap == Swap::None => {
            return Err(
                "expected a hole at move 2, found `swap`, but the rules have no swap".into(),
            );
        }
        "swap" => return Ok((Move::Swap, taken)),
        "resign" | "resigns" | "resigned" => return Ok((Move::Resign, taken)),
        "draw" => return Ok((Move::AcceptDraw, taken)),
        _ => {}
    }
    let (name, offers_draw) = match lower.strip_suffix("|draw") {
        Some(h) => (h, true),
        None => (lower.as_str(), false),
    };
    match coordinate(name) {
        Ok(("", _)) => {}
        _ => return Err(bad()),
    }
    let hole = name.parse().map_err(|_| bad())?;
    let hole = super::on_board(hole, name, rules.size)?;
    Ok((
        Move::Place(Placement {
            offers_draw,
            ..Placement::peg(hole)
        }),
        taken,
    ))
}

/// A game being read: its record so far and what its text has shown.
struct Game {
    record: Record,
    numbering: Numbering,
    /// Whether any of its moves has a number.
    numbered: bool,
    /// The result word that ended it, if one did.
    declared: Option<String>,
}

impl Game {
    fn new(rules: &RuleSet) -> Game {
        Game {
            record: Record::new(rules.clone()),
            numbering: Numbering::Unknown,
            numbered: false,
            declared: None,
        }
    }
}

/// True when the line at `i` is a game's header: a tag (`[Red "Ann"]`) or
/// a line starting with the word `Game`.
fn header_line(i: &str) -> bool {
    let game = i.get(..4).is_some_and(|w| w.eq_ignore_ascii_case("game"))
        && !i[4..].starts_with(|c: char| c.is_alphanumeric());
    i.starts_with('[') || game
}

/// A header line: a tag for the next game, or `None` for a `Game …` line.
fn header(i: &str) -> Rule<'_, Option<(String, String)>> {
    if !i.starts_with('[') {
        let (rest, _) = grammar::text_line(i)?;
        return Ok((rest, None));
    }
    let (rest, tag) = grammar::header_tag(i)?;
    let (rest, _) = take_while(|c: char| c == ' ' || c == '\t' || c == '\r').parse(rest)?;
    if !rest.is_empty() && !rest.starts_with('\n') {
        return Err(fail(
            rest,
            format!(
                "expected the end of the header line, found `{}`",
                grammar::clip(word(rest)?.1).escape_default()
            ),
        ));
    }
    Ok((rest, Some((tag.name.to_string(), tag.value))))
}

/// Whether the text at `i`, after the moves of `game` and a gap (`blank`:
/// with a blank line in it), starts another game.
fn starts_another(i: &str, game: &Game, blank: bool) -> bool {
    let ply = game.record.moves.len();
    if ply == 0 {
        return false;
    }
    // Numbering that starts again; `1... m16` goes on with a pair.
    if let Some((_, "1", dots)) = number_at(i)
        && !(ply == 1 && dots.len() > 1)
    {
        return true;
    }
    let ended = game.record.result.is_some();
    blank && (ended || (!game.numbered && number_at(i).is_none()))
}

/// The games of `text` under `rules`.
fn games<'a>(text: &'a str, rules: &RuleSet) -> Result<Vec<Record>, nom::Err<Failure<'a>>> {
    let mut locator = grammar::Locator::new(text);
    let mut games = Vec::new();
    let mut game = Game::new(rules);
    let mut i = text;
    loop {
        let (rest, gap) = separator(i)?;
        i = rest;
        if i.is_empty() {
            break;
        }
        let line_start = gap.contains('\n') || grammar::offset_in(text, i) == gap.len();
        let blank = gap.matches('\n').count() > 1;
        if line_start && header_line(i) {
            if !game.record.moves.is_empty() {
                games.push(std::mem::replace(&mut game, Game::new(rules)).record);
            }
            let (rest, tag) = header(i)?;
            game.record.tags.extend(tag);
            i = rest;
            continue;
        }
        if starts_another(i, &game, blank) {
            games.push(std::mem::replace(&mut game, Game::new(rules)).record);
            if games.len() >= crate::limits::MAX_GAMES_PER_FILE {
                return Err(fail(
                    i,
                    format!(
                        "more than {} games in one file: split the file",
                        crate::limits::MAX_GAMES_PER_FILE
                    ),
                ));
            }
        }
        i = item(i, &mut game, &mut locator, text)?;
    }
    if !game.record.moves.is_empty() || games.is_empty() {
        games.push(game.record);
    }
    Ok(games)
}

/// One item of `game` at `i` (a move with its number, or the result):
/// what follows it.
fn item<'a>(
    i: &'a str,
    game: &mut Game,
    locator: &mut grammar::Locator<'_>,
    text: &'a str,
) -> Result<&'a str, nom::Err<Failure<'a>>> {
    let record = &mut game.record;
    let ply = record.moves.len();
    if ply >= crate::limits::MAX_MOVES_PER_GAME {
        return Err(fail(
            i,
            format!(
                "more than {} moves in one game",
                crate::limits::MAX_MOVES_PER_GAME
            ),
        ));
    }
    if let Some(result) = &game.declared {
        return Err(fail(
            i,
            format!(
                "expected the end of the game after the result `{result}`, found `{}`",
                grammar::clip(word(i)?.1).escape_default()
            ),
        ));
    }
    let (after, number) = move_number(i, ply, &mut game.numbering)?;
    game.numbered |= number.is_some();
    let (after, _) = if number.is_some() {
        separator(after)?
    } else {
        (after, "")
    };
    let (rest, w) = word(after)?;
    if w.is_empty() {
        return Err(fail(
            after,
            format!(
                "expected move {} after its number, found end of input",
                ply + 1
            ),
        ));
    }
    if number.is_none()
        && let Some(result) = result_word(w, record.first)
    {
        if record.result.is_some_and(|r| r != result) {
            return Err(fail(
                w,
                format!("the result `{w}` contradicts the game's last move"),
            ));
        }
        record.result = Some(result);
        game.declared = Some(w.to_string());
        return Ok(rest);
    }
    if record.result.is_some() {
        return Err(fail(
            after,
            format!("expected the game to end after move {ply}, which ends it"),
        ));
    }
    let glued = glued_numbers(ply, game.numbering);
    let (mv, taken) = move_word(w, ply, &record.rules, &glued).map_err(|m| fail(w, m))?;
    match mv {
        Move::Resign => {
            let loser = mover(&record.rules, record.first, &record.moves, ply);
            record.result = Some(GameResult::Win(loser.opponent()));
        }
        Move::AcceptDraw => record.result = Some(GameResult::Draw),
        _ => {}
    }
    record.moves.push(mv);
    record
        .move_at
        .0
        .push(Location::located(locator, grammar::offset_in(text, w)));
    // A glued number goes on from the text, not from the word: `w` ends
    // where the word does, and the moves after it would be lost.
    Ok(if taken < w.len() {
        &after[taken..]
    } else {
        rest
    })
}

/// Reads the games under pencil rules on a 24×24 board.
pub fn read(bytes: &[u8]) -> Result<Vec<Record>, Error> {
    read_with(bytes, RuleSet::pencil())
}

/// Reads the games under `rules` (which include the board size). A text
/// with no moves is one empty game.
pub fn read_with(bytes: &[u8], rules: RuleSet) -> Result<Vec<Record>, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    games(text, &rules).map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => Error::Syntax {
            at: Location::of_offset(text, grammar::offset_in(text, f.at)),
            message: if f.message.is_empty() {
                "expected a move".into()
            } else {
                f.message
            },
        },
        nom::Err::Incomplete(_) => unreachable!("complete parsers never ask for more"),
    })
}

/// The result word [`write()`] writes after the moves of `record`: its win
/// or draw when no `resign` or `draw` ends the moves.
fn written_result(record: &Record) -> Option<&'static str> {
    if said_by_last_move(record).is_some() {
        return None;
    }
    match record.result? {
        GameResult::Win(p) if p == record.first => Some("1-0"),
        GameResult::Win(_) => Some("0-1"),
        GameResult::Draw => Some("1/2-1/2"),
        GameResult::Unfinished => None,
    }
}

/// Whether [`write()`] keeps the result of `record`: none, one its last move
/// says, or a win or draw after moves that end no game. Plain text has no
/// word for an unfinished game (`*`), and a result the last move
/// contradicts cannot stand beside it.
pub fn keeps_result(record: &Record) -> bool {
    match record.result {
        None => true,
        Some(r) if said_by_last_move(record) == Some(r) => true,
        Some(_) => written_result(record).is_some(),
    }
}

/// Writes one game as a move list writes it (`1.f6 2.swap 3.m16`, one
/// line), then its result when the moves do not say it: `1-0` when the
/// first mover won, `0-1`, `1/2-1/2`. Tags, rules and board size are not
/// part of the format, nor an unfinished game's `*` ([`keeps_result`]).
pub fn write(record: &Record) -> Result<String, Error> {
    let mut out = movelist::write(record)?;
    if let Some(word) = written_result(record) {
        out.pop();
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
        out.push('\n');
    }
    Ok(out)
}

/// True when `text` (the head of an input) looks like pasted plain text
/// that a script does not read: only move-text characters, and a result,
/// a `resigns`, or a hole glued to the next move number.
pub fn looks_like(text: &str) -> bool {
    let plain = text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c.is_whitespace() || ".,;-/|½".contains(c));
    if !plain || text.trim().is_empty() {
        return false;
    }
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .any(|w| {
            let w = w.to_ascii_lowercase();
            result_word(&w, Player::Red).is_some() || w == "resigns" || w == "resigned" || glued(&w)
        })
}

/// `f62.swap`: a hole with the next move number glued after it.
fn glued(w: &str) -> bool {
    let w = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    match w.split_once('.') {
        Some((before, after)) => {
            !after.is_empty()
                && before.ends_with(|c: char| c.is_ascii_digit())
                && before.starts_with(|c: char| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holes(r: &Record) -> Vec<String> {
        r.moves
            .iter()
            .map(|m| match m {
                Move::Place(p) => p.hole.to_string(),
                Move::Swap => "swap".into(),
                Move::Resign => "resign".into(),
                Move::AcceptDraw => "draw".into(),
            })
            .collect()
    }

    /// The one game of `text`.
    fn one(text: &str) -> Record {
        let mut games = read(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(games.len(), 1, "{text}");
        games.remove(0)
    }

    #[test]
    fn numbers_spaces_and_results_are_optional() {
        for text in [
            "1.f6 2.swap 3.m16 4.resign",
            "1. f6 2. swap 3. m16 4. resign",
            "f6 swap m16 resign",
            "1.f6, 2.swap, 3.m16, 4.resigns 1-0",
            "1.f62.swap3.m164.resign",
            "1.f62.swap 3.m16 4.resign",
            "1...F6 2.SWAP\n\n3.M16 Resign",
        ] {
            let r = one(text);
            assert_eq!(holes(&r), ["f6", "swap", "m16", "resign"], "{text}");
            assert_eq!(r.result, Some(GameResult::Win(Player::Red)), "{text}");
        }
        let r = one("f6 g8 1/2-1/2");
        assert_eq!((r.moves.len(), r.result), (2, Some(GameResult::Draw)));
    }

    #[test]
    fn errors_name_the_line_and_column() {
        let cases: [(&str, usize, usize, &str); 6] = [
            ("1.f6 3.g8", 1, 6, "expected move number 2, found 3"),
            ("1.f6\n 2.zz", 2, 4, "expected a hole like f6"),
            ("f6 g8 1-0 h9", 1, 11, "expected the end of the game"),
            ("f6 g8 resign 1-0", 1, 14, "contradicts"),
            ("f6 g8 swap", 1, 7, "swap is allowed only as move 2"),
            ("f6 resign g8", 1, 11, "expected the game to end"),
        ];
        super::super::refused_at(read, &cases);
    }

    #[test]
    fn moves_keep_where_they_are_written() {
        let r = one("1.f6\n2. swap, m16");
        let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
        assert_eq!(at, [(1, 3), (2, 4), (2, 10)]);
    }

    #[test]
    fn moves_numbered_in_pairs_read_as_the_same_game() {
        for text in [
            "1. f6 swap 2. m16 g8 3. resign",
            "1.f6 swap 2.m16 g8 3.resign",
            "1.f6 swap2.m16 g8 3.resign",
            "1.f6 swap2.m16 g83.resign",
            "1. f6 1... swap 2. m16 2... g8 3. resign",
            "1.f6, swap; 2.m16, g8\n3.resign 0-1",
        ] {
            let r = one(text);
            assert_eq!(holes(&r), ["f6", "swap", "m16", "g8", "resign"], "{text}");
            assert_eq!(r.result, Some(GameResult::Win(Player::Black)), "{text}");
        }
        let r = one("1. f6 swap 2. m16 g8 3. h9");
        let at: Vec<_> = r.move_at.0.iter().map(|l| l.column).collect();
        assert_eq!(at, [4, 7, 15, 19, 25]);
    }

    #[test]
    fn pairs_and_moves_numbering_stay_as_they_started() {
        let cases: [(&str, usize, usize, &str); 5] = [
            (
                "1.f6 2.swap 2.m16",
                1,
                13,
                "expected move number 3, found 2",
            ),
            (
                "1.f6 g8 2.m16 3.h9",
                1,
                15,
                "expected no number or 2... before the second",
            ),
            (
                "1.f6 g8 2.m16 h9 4.j10",
                1,
                18,
                "expected move number 3, found 4",
            ),
            (
                "1.f6 g8 4.m16",
                1,
                9,
                "expected move number 3 (or 2, numbering pairs",
            ),
            (
                "1.f6 swap 2.m16 g8 2...h9",
                1,
                20,
                "expected move number 3, found 2",
            ),
        ];
        super::super::refused_at(read, &cases);
    }

    #[test]
    fn one_text_holds_several_games() {
        let text = "1.f6 2.swap 3.m16 1-0\n\n1. g8 h9 2. j10 k11\n\
                    1.c3 2.d5\n\
                    \n\
                    Game 4: Ann - Bob\n\
                    e5 f7 resign\n\
                    \n\
                    g7 h9\n\
                    [Red \"Ann\"]\n\
                    [Black \"Bob\"]\n\
                    1.j9 2.k11\n";
        let games = read(text.as_bytes()).unwrap();
        let moves: Vec<Vec<String>> = games.iter().map(holes).collect();
        assert_eq!(
            moves,
            [
                vec!["f6", "swap", "m16"],
                vec!["g8", "h9", "j10", "k11"],
                vec!["c3", "d5"],
                vec!["e5", "f7", "resign"],
                vec!["g7", "h9"],
                vec!["j9", "k11"],
            ]
        );
        assert_eq!(games[0].result, Some(GameResult::Win(Player::Red)));
        assert!(games[5].tags.contains(&("Red".into(), "Ann".into())));
        assert!(games[5].tags.contains(&("Black".into(), "Bob".into())));
        assert!(games[4].tags.is_empty());
        // The moves of a later game keep their own line and column.
        assert_eq!(games[1].move_at.0[0], Location { line: 3, column: 4 });
        assert_eq!(
            games[5].move_at.0[1],
            Location {
                line: 12,
                column: 8
            }
        );
        // A blank line inside a numbered game that goes on is no new game.
        assert_eq!(one("1.f6 2.swap\n\n3.m16").moves.len(), 3);
        // A result still ends its game: more moves are an error there.
        super::super::refused_at(
            read,
            &[
                (
                    "f6 g8 1-0\nh9",
                    2,
                    1,
                    "expected the end of the game after the result `1-0`",
                ),
                ("[Red Ann]\nf6", 1, 6, ""),
                (
                    "[Red \"Ann\"] f6",
                    1,
                    13,
                    "expected the end of the header line",
                ),
            ],
        );
    }

    #[test]
    fn a_result_the_moves_do_not_say_is_written_after_them() {
        for (text, written, result) in [
            ("f6 g8 1-0", "1.f6 2.g8 1-0\n", GameResult::Win(Player::Red)),
            (
                "f6 g8 h9 0-1",
                "1.f6 2.g8 3.h9 0-1\n",
                GameResult::Win(Player::Black),
            ),
            ("f6 g8 ½-½", "1.f6 2.g8 1/2-1/2\n", GameResult::Draw),
            (
                "f6 g8 resign",
                "1.f6 2.g8 3.resign\n",
                GameResult::Win(Player::Black),
            ),
            (
                "f6 g8|draw draw",
                "1.f6 2.g8|draw 3.draw\n",
                GameResult::Draw,
            ),
            ("1-0", "1-0\n", GameResult::Win(Player::Red)),
        ] {
            let r = one(text);
            assert!(keeps_result(&r), "{text}");
            assert_eq!(write(&r).unwrap(), written, "{text}");
            let back = one(written);
            assert_eq!((back.moves, back.result), (r.moves, Some(result)), "{text}");
        }
        // No word for an unfinished game, nor for a result beside a
        // resignation it contradicts: left out, and said to be.
        let mut r = one("f6 g8");
        assert_eq!(write(&r).unwrap(), "1.f6 2.g8\n");
        assert!(keeps_result(&r));
        r.result = Some(GameResult::Unfinished);
        assert_eq!(write(&r).unwrap(), "1.f6 2.g8\n");
        assert!(!keeps_result(&r));
        let mut r = one("f6 g8 resign");
        r.result = Some(GameResult::Win(Player::Red));
        assert_eq!(write(&r).unwrap(), "1.f6 2.g8 3.resign\n");
        assert!(!keeps_result(&r));
    }

    #[test]
    fn only_pasted_text_scripts_do_not_read_is_sniffed() {
        assert!(looks_like("1.f6 2.swap 3.m16 1-0"));
        assert!(looks_like("1.f62.swap3.m16"));
        assert!(!looks_like("1. f6 2. swap"));
        assert!(!looks_like("[Rules \"pencil\"]\n1. f6 1-0"));
    }
}
