//! Plain text as players paste it into forums and bug reports:
//! `1.f6 2.swap 3.m16 … 33.resign`, `1. f6, 2. swap`, `f6 swap m16 1-0`.
//!
//! One game: moves (hole names, `swap`, `resign`, `draw`, `f6|draw`),
//! each after an optional move number (`3.`, `3...`, glued or not; when
//! present it must be right), separated by white space, commas or
//! semicolons, and at the end an optional result (`1-0`, `0-1`, `1/2-1/2`,
//! `½-½`). Like a move list it records no board and no rules: the reader is
//! told them (`--rules`, `--size`; pencil on 24×24 by default).

use nom::Parser as _;
use nom::bytes::complete::take_while;

use crate::grammar::{self, Failure, Rule, coordinate};
use crate::record::{GameResult, Record};
use twixt_core::board::Player;
use twixt_core::moves::{Move, Placement};
use twixt_core::rules::{RuleSet, Swap};

use super::{Error, Location, fail, mover, utf8};

/// What stands between items: white space, commas and semicolons.
fn separator(i: &str) -> Rule<'_, &str> {
    take_while(|c: char| c.is_whitespace() || c == ',' || c == ';').parse(i)
}

/// A word: the text up to a separator.
fn word(i: &str) -> Rule<'_, &str> {
    take_while(|c: char| !c.is_whitespace() && c != ',' && c != ';').parse(i)
}

/// A move number before move `ply + 1` (`3.`, `3...`): its digits, when
/// the text starts with digits and a dot; `None` when it starts otherwise.
fn move_number(i: &str, ply: usize) -> Rule<'_, Option<&str>> {
    let Ok((rest, (number, dots))) = grammar::move_number(i) else {
        return Ok((i, None));
    };
    if dots.is_empty() {
        // `1-0`, `0-1`, `1/2-1/2`: a result, not a number.
        return Ok((i, None));
    }
    if number.len() > 6 || number.parse::<usize>().ok() != Some(ply + 1) {
        return Err(fail(
            i,
            format!("expected move number {}, found {number}", ply + 1),
        ));
    }
    Ok((rest, Some(number)))
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
/// bytes of the word it takes: a hole glued to the next move number
/// (`f62.swap`) leaves the number.
fn move_word(word: &str, ply: usize, rules: &RuleSet) -> Result<(Move, usize), String> {
    let bad = || {
        format!(
            "expected a hole like f6, `swap`, `resign`, `draw` or a result (`1-0`, `0-1`, `1/2-1/2`), found `{}`",
            grammar::clip(word).escape_default()
        )
    };
    // `f62.swap`, `swap3.m16`: the next move number glued to the move.
    let taken = match word.find('.') {
        Some(dot) => {
            let next = (ply + 2).to_string();
            match word[..dot].strip_suffix(next.as_str()) {
                Some(m) if !m.is_empty() => m.len(),
                _ => return Err(bad()),
            }
        }
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

/// The game of `text` under `rules`.
fn game<'a>(text: &'a str, rules: &RuleSet) -> Result<Record, nom::Err<Failure<'a>>> {
    let mut locator = grammar::Locator::new(text);
    let mut record = Record::new(rules.clone());
    let (mut i, _) = separator(text)?;
    while !i.is_empty() {
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
        let (after, number) = move_number(i, ply)?;
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
            let (end, _) = separator(rest)?;
            if !end.is_empty() {
                return Err(fail(
                    end,
                    format!(
                        "expected the end of the game after the result `{w}`, found `{}`",
                        grammar::clip(word(end)?.1).escape_default()
                    ),
                ));
            }
            if record.result.is_some_and(|r| r != result) {
                return Err(fail(
                    w,
                    format!("the result `{w}` contradicts the game's last move"),
                ));
            }
            record.result = Some(result);
            break;
        }
        if record.result.is_some() {
            return Err(fail(
                after,
                format!("expected the game to end after move {ply}, which ends it"),
            ));
        }
        let (mv, taken) = move_word(w, ply, &record.rules).map_err(|m| fail(w, m))?;
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
            .push(Location::located(&mut locator, grammar::offset_in(text, w)));
        i = if taken < w.len() {
            &w[taken..]
        } else {
            separator(rest)?.0
        };
    }
    Ok(record)
}

/// Reads the game under pencil rules on a 24×24 board.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    read_with(bytes, RuleSet::pencil())
}

/// Reads the game under `rules` (which include the board size).
pub fn read_with(bytes: &[u8], rules: RuleSet) -> Result<Record, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    game(text, &rules).map_err(|e| match e {
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

    #[test]
    fn numbers_spaces_and_results_are_optional() {
        for text in [
            "1.f6 2.swap 3.m16 4.resign",
            "1. f6 2. swap 3. m16 4. resign",
            "f6 swap m16 resign",
            "1.f6, 2.swap, 3.m16, 4.resigns 1-0",
            "1.f62.swap3.m164.resign",
            "1...F6 2.SWAP\n\n3.M16 Resign",
        ] {
            let r = read(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(holes(&r), ["f6", "swap", "m16", "resign"], "{text}");
            assert_eq!(r.result, Some(GameResult::Win(Player::Red)), "{text}");
        }
        let r = read(b"f6 g8 1/2-1/2").unwrap();
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
        for (text, line, column, message) in cases {
            match read(text.as_bytes()) {
                Err(Error::Syntax { at, message: m }) => {
                    assert_eq!((at.line, at.column), (line, column), "{text}: {m}");
                    assert!(m.contains(message), "{text}: {m}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn moves_keep_where_they_are_written() {
        let r = read("1.f6\n2. swap, m16".as_bytes()).unwrap();
        let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
        assert_eq!(at, [(1, 3), (2, 4), (2, 10)]);
    }

    #[test]
    fn only_pasted_text_scripts_do_not_read_is_sniffed() {
        assert!(looks_like("1.f6 2.swap 3.m16 1-0"));
        assert!(looks_like("1.f62.swap3.m16"));
        assert!(!looks_like("1. f6 2. swap"));
        assert!(!looks_like("[Rules \"pencil\"]\n1. f6 1-0"));
    }
}
