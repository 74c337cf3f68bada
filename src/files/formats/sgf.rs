//! SGF for TwixT (`GM[21]`): one game tree of one line of play.
//!
//! ```text
//! (;FF[4]GM[21]SZ[24]RU[STD]PW[ann]PB[bob]RE[B+R]
//! ;W[f6];B[swap];B[m16])
//! ```
//!
//! The root names the game (`GM[21]`, required), the board (`SZ[24]`, or
//! `SZ[30:20]` for 30 columns and 20 rows; 24×24 without it) and the rules
//! (`RU[STD]` editable, the specification's default; `RU[PP]` pencil). As
//! the specification has it, White joins top and bottom and moves first
//! unless the first node says `B`: `W` is the engine's Red and `B` its
//! Black, and each node's letter is the colour of the player to move (after
//! a colour swap the swapper keeps the letter of the colour taken). Holes
//! are named as the engine names them (`f6`, `aa12`, row 1 at the top) and
//! `swap` is move 2. A resignation is the root's `RE[W+R]` or `RE[B+R]`:
//! the winner's letter. Link properties, Hensel's long moves, variations and
//! `RU[3M]` (links placed by hand) are refused with their place.

use std::borrow::Cow;

use nom::Parser as _;
use nom::bytes::complete::{take_while, take_while1};

use crate::grammar::{self, Failure, Rule};
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Player};
use twixt_core::moves::{Move, Placement};
use twixt_core::rules::{Linking, RuleSet};

use super::{Error, Location, RecordFormat, fail, mover, plain_moves_problem, utf8};

/// Root properties kept under the names the other formats use.
const TAG_NAMES: [(&str, &str); 4] = [
    ("PW", "Red"),
    ("PB", "Black"),
    ("EV", "Event"),
    ("SO", "Site"),
];

/// Root properties the reader turns into the record itself.
const STRUCTURAL: [&str; 6] = ["FF", "GM", "SZ", "RU", "PL", "RE"];

/// The `RE` values read as a resignation, by the winner.
const RESIGNED: [&str; 4] = ["B+R", "W+R", "B+Resign", "W+Resign"];

/// `what` after white space, or "expected …".
fn punctuation<'a>(c: char, i: &'a str) -> Rule<'a, ()> {
    let (i, _) = grammar::whitespace(i)?;
    match i.strip_prefix(c) {
        Some(rest) => Ok((rest, ())),
        None => Err(fail(i, format!("expected `{c}`, found {}", found(i)))),
    }
}

/// What `i` starts with, for "found …".
fn found(i: &str) -> String {
    match i.chars().next() {
        None => "end of input".into(),
        Some(c) => format!("`{}`", c.escape_default()),
    }
}

/// A property identifier: upper-case ASCII letters.
fn ident(i: &str) -> Rule<'_, &str> {
    take_while1(|c: char| c.is_ascii_uppercase()).parse(i)
}

/// `[text]` after white space: the text, unescaped (`\` keeps the next
/// character), and the slice at its first character.
fn value(i: &str) -> Rule<'_, (Cow<'_, str>, &str)> {
    let (open, _) = grammar::whitespace(i)?;
    let Some(start) = open.strip_prefix('[') else {
        return Err(grammar::mismatch(open));
    };
    let (mut rest, plain) = take_while(|c| c != ']' && c != '\\').parse(start)?;
    let mut text = Cow::Borrowed(plain);
    while let Some(escaped) = rest.strip_prefix('\\') {
        let mut chars = escaped.chars();
        let Some(c) = chars.next() else { break };
        let (after, run) = take_while(|c| c != ']' && c != '\\').parse(chars.as_str())?;
        let owned = text.to_mut();
        owned.push(c);
        owned.push_str(run);
        rest = after;
    }
    match rest.strip_prefix(']') {
        Some(rest) => Ok((rest, (text, start))),
        None => Err(fail(open, "the value opened here is never closed by `]`")),
    }
}

/// A property: its identifier, its values (at least one) and where each
/// value starts.
pub(super) type Property<'a> = (&'a str, Vec<(Cow<'a, str>, &'a str)>);

/// A property after white space, or a mismatch when none starts here.
fn property(i: &str) -> Rule<'_, Property<'_>> {
    property_named(i, ident)
}

/// A property whose identifier `ident` reads (SGF's are capitals; other
/// SGF-like files, Boardspace's, add digits), then its values.
pub(super) fn property_named<'a>(
    i: &'a str,
    ident: impl Fn(&'a str) -> Rule<'a, &'a str>,
) -> Rule<'a, Property<'a>> {
    let (i, _) = grammar::whitespace(i)?;
    let (mut rest, name) = ident(i)?;
    let mut values = Vec::new();
    while let Ok((after, v)) = value(rest) {
        values.push(v);
        rest = after;
    }
    if values.is_empty() {
        let (at, _) = grammar::whitespace(rest)?;
        return Err(fail(
            at,
            format!(
                "expected `[` to open a value of {name}, found {}",
                found(at)
            ),
        ));
    }
    Ok((rest, (name, values)))
}

/// The one value of property `name`.
fn single<'a>(
    name: &str,
    mut values: Vec<(Cow<'a, str>, &'a str)>,
) -> Result<(Cow<'a, str>, &'a str), nom::Err<Failure<'a>>> {
    if values.len() > 1 {
        return Err(fail(
            values[1].1,
            format!("expected one value for {name}, found a second"),
        ));
    }
    Ok(values.remove(0))
}

/// `SZ[24]` or `SZ[30:20]` (columns, then rows).
fn board_size<'a>(text: &str, at: &'a str) -> Result<BoardSize, nom::Err<Failure<'a>>> {
    let number = |s: &str| {
        (1..=4)
            .contains(&s.len())
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    let (cols, rows) = match text.split_once(':') {
        Some((c, r)) => (number(c), number(r)),
        None => (number(text), number(text)),
    };
    let (Some(cols), Some(rows)) = (cols, rows) else {
        return Err(fail(
            at,
            format!(
                "expected a board size like 24 or 30:20, found `{}`",
                grammar::clip(text).escape_default()
            ),
        ));
    };
    BoardSize::new(cols, rows).map_err(|e| fail(at, format!("SZ[{text}]: {e}")))
}

/// The rule set `RU[…]` names, on `size`.
fn rule_set<'a>(
    text: &str,
    at: &'a str,
    size: BoardSize,
) -> Result<RuleSet, nom::Err<Failure<'a>>> {
    let rules = match text {
        "PP" => RuleSet::pencil(),
        "STD" => RuleSet::editable(),
        "3M" => {
            return Err(fail(
                at,
                "RU[3M] places links by hand, and this reader does not read link properties",
            ));
        }
        _ => {
            return Err(fail(
                at,
                format!(
                    "expected the rules STD, PP or 3M, found `{}`",
                    grammar::clip(text).escape_default()
                ),
            ));
        }
    };
    let rules = rules.with_size(size);
    rules
        .validate()
        .map_err(|e| fail(at, format!("RU[{text}] on a board of size {size}: {e}")))?;
    Ok(rules)
}

/// The root read: the record without its moves, the winner by resignation
/// with the place of `RE`'s value, and whether `PL` named the first mover.
type Root<'a> = (Record, Option<(Player, &'a str)>, bool);

/// The root node's properties: the record without its moves, and the
/// winner by resignation, if `RE` says so, with the place of its value.
fn root(mut i: &str) -> Rule<'_, Root<'_>> {
    let mut tags = Vec::new();
    let (mut size, mut rules, mut game, mut first) = (None, None, None, None);
    let mut resigned = None;
    let mut seen = std::collections::HashSet::new();
    loop {
        let (at, _) = grammar::whitespace(i)?;
        let (rest, (name, values)) = match property(at) {
            Ok(p) => p,
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        };
        // A set: a root of many distinct names stays linear.
        if !seen.insert(name) {
            return Err(fail(at, format!("a second {name} in the root node")));
        }
        let (text, value_at) = single(name, values)?;
        match name {
            "GM" => {
                if text.trim() != "21" {
                    return Err(fail(
                        value_at,
                        format!(
                            "expected GM[21], the game number of TwixT, found GM[{}]",
                            grammar::clip(&text).escape_default()
                        ),
                    ));
                }
                game = Some(());
            }
            // The file format's version says nothing of the game.
            "FF" => {}
            // The first mover, when the game has no move to tell it.
            "PL" => {
                first = Some(match text.trim() {
                    "W" | "w" => Player::Red,
                    "B" | "b" => Player::Black,
                    other => {
                        return Err(fail(
                            value_at,
                            format!(
                                "expected PL[W] or PL[B], found PL[{}]",
                                grammar::clip(other).escape_default()
                            ),
                        ));
                    }
                });
            }
            "SZ" => size = Some(board_size(text.trim(), value_at)?),
            "RU" => rules = Some((text.trim().to_string(), value_at)),
            "B" | "W" => {
                return Err(fail(
                    at,
                    format!("expected the root node's properties, found the move {name} in it"),
                ));
            }
            "RE" if RESIGNED.contains(&text.as_ref()) => {
                let winner = if text.starts_with('W') {
                    Player::Red
                } else {
                    Player::Black
                };
                resigned = Some((winner, value_at));
                tags.push((name, String::new()));
            }
            _ => tags.push((name, text.into_owned())),
        }
        i = rest;
    }
    if game.is_none() {
        return Err(fail(i, "expected GM[21] in the root node: a TwixT game"));
    }
    let size = size.unwrap_or(BoardSize::STANDARD);
    let rules = match rules {
        Some((text, at)) => rule_set(&text, at, size)?,
        // The specification's default rule set is STD.
        None => RuleSet::editable().with_size(size),
    };
    let mut record = Record::new(rules);
    record.first = first.unwrap_or(Player::Red);
    record.tags = tags
        .into_iter()
        .filter(|(n, v)| !(*n == "RE" && v.is_empty() && resigned.is_some()))
        .map(|(n, v)| {
            let name = TAG_NAMES
                .iter()
                .find(|(p, _)| *p == n)
                .map_or(n, |(_, t)| *t);
            (name.to_string(), v)
        })
        .collect();
    Ok((i, (record, resigned, first.is_some())))
}

/// The move a value names as move `ply + 1` of `record`.
fn move_value(text: &str, ply: usize, record: &Record) -> Result<Move, String> {
    let lower = text.trim().to_ascii_lowercase();
    if lower == "swap" {
        return match (ply, record.rules.swap) {
            (1, twixt_core::rules::Swap::None) => {
                Err("expected a hole at move 2, found `swap`, but the rules have no swap".into())
            }
            (1, _) => Ok(Move::Swap),
            _ => Err(format!(
                "expected a hole at move {}, found `swap` (swap is allowed only as move 2)",
                ply + 1
            )),
        };
    }
    if lower.contains(['-', ',', ' ', ':', '+']) {
        return Err(format!(
            "found `{}`: links and Hensel's long moves are not read; only a hole or `swap`",
            grammar::clip(text).escape_default()
        ));
    }
    let hole = lower.parse().map_err(|_| {
        format!(
            "expected a hole like f6 or `swap`, found `{}`",
            grammar::clip(text).escape_default()
        )
    })?;
    super::on_board(hole, &lower, record.rules.size).map(|h| Move::Place(Placement::peg(h)))
}

/// The move nodes up to the closing `)`, into `record`.
fn moves<'a>(
    mut i: &'a str,
    whole: &'a str,
    record: &mut Record,
    first_given: bool,
) -> Rule<'a, ()> {
    let mut locator = grammar::Locator::new(whole);
    loop {
        let (at, _) = grammar::whitespace(i)?;
        if let Some(rest) = at.strip_prefix(')') {
            return Ok((rest, ()));
        }
        if at.starts_with('(') {
            return Err(fail(
                at,
                "variations are not read: a game is one line of play",
            ));
        }
        let (mut rest, ()) = punctuation(';', at)?;
        let ply = record.moves.len();
        if ply >= crate::limits::MAX_MOVES_PER_GAME {
            return Err(fail(
                at,
                format!(
                    "more than {} moves in one game",
                    crate::limits::MAX_MOVES_PER_GAME
                ),
            ));
        }
        let mut played = false;
        loop {
            let (at, _) = grammar::whitespace(rest)?;
            let (after, (name, values)) = match property(at) {
                Ok(p) => p,
                Err(nom::Err::Error(_)) if at.starts_with(|c: char| c.is_ascii_lowercase()) => {
                    return Err(fail(
                        at,
                        format!("expected an upper-case property name, found {}", found(at)),
                    ));
                }
                Err(nom::Err::Error(_)) => break,
                Err(e) => return Err(e),
            };
            match name {
                "B" | "W" => {
                    if played {
                        return Err(fail(at, "expected one move in a node, found a second"));
                    }
                    // Without PL, the first node's letter names the first mover.
                    if ply == 0 && !first_given {
                        record.first = if name == "W" {
                            Player::Red
                        } else {
                            Player::Black
                        };
                    }
                    let want = letter(mover(&record.rules, record.first, &record.moves, ply));
                    if name != want {
                        return Err(fail(
                            at,
                            format!("expected {want} to play move {}, found {name}", ply + 1),
                        ));
                    }
                    let (text, value_at) = single(name, values)?;
                    let mv = move_value(&text, ply, record).map_err(|m| fail(value_at, m))?;
                    record.moves.push(mv);
                    record.move_at.0.push(Location::located(
                        &mut locator,
                        grammar::offset_in(whole, value_at),
                    ));
                    played = true;
                }
                // Comments on moves are skipped: a record holds none.
                "C" => {}
                _ => {
                    return Err(fail(
                        at,
                        format!(
                            "the move property {name} is not read (links and long moves are not); only B, W and C"
                        ),
                    ));
                }
            }
            rest = after;
        }
        if !played {
            return Err(fail(
                at,
                format!(
                    "expected B or W with move {}, found {}",
                    ply + 1,
                    found(grammar::whitespace(rest)?.0)
                ),
            ));
        }
        i = rest;
    }
}

/// The property letter of `colour`: White joins top and bottom, as Red.
fn letter(colour: Player) -> &'static str {
    match colour {
        Player::Red => "W",
        Player::Black => "B",
    }
}

/// The game of `text`.
fn game(text: &str) -> Rule<'_, Record> {
    let (i, ()) = punctuation('(', text)?;
    let (i, ()) = punctuation(';', i)?;
    let (i, (mut record, resigned, first_given)) = root(i)?;
    let (i, ()) = moves(i, text, &mut record, first_given)?;
    let (end, _) = grammar::whitespace(i)?;
    if !end.is_empty() {
        return Err(fail(
            end,
            format!(
                "expected the end of the file after the game, found {}",
                found(end)
            ),
        ));
    }
    if let Some((winner, at)) = resigned {
        let ply = record.moves.len();
        let loser = mover(&record.rules, record.first, &record.moves, ply);
        if loser != winner.opponent() {
            return Err(fail(
                at,
                format!(
                    "RE says {} resigned, but it is {}'s turn after the last move",
                    winner.opponent(),
                    loser
                ),
            ));
        }
        record.moves.push(Move::Resign);
        let mut locator = grammar::Locator::new(text);
        record.move_at.0.push(Location::located(
            &mut locator,
            grammar::offset_in(text, at),
        ));
        record.result = Some(GameResult::Win(winner));
    }
    Ok((end, record))
}

/// Reads the one game of an SGF file for TwixT.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    game(text).map(|(_, r)| r).map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => Error::Syntax {
            at: Location::of_offset(text, grammar::offset_in(text, f.at)),
            message: if f.message.is_empty() {
                format!("expected SGF text, found {}", found(f.at))
            } else {
                f.message
            },
        },
        nom::Err::Incomplete(_) => unreachable!("complete parsers never ask for more"),
    })
}

/// True when the head of an input is SGF for TwixT rather than a Little
/// Golem record: its root names `GM[21]`.
pub fn looks_like(text: &str) -> bool {
    let root = text.split(';').nth(1).unwrap_or("");
    let squeezed: String = root.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("GM[21]")
}

/// `text` escaped for a value.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Whether [`write()`] keeps the result of `record`: none, or the one its
/// moves say ([`super::said_by_moves`]: a resignation, written as `RE`, a
/// completed connection, no legal move left). The reader reads no other
/// `RE` as a result.
pub fn keeps_result(record: &Record) -> bool {
    super::moves_say_result(record)
}

/// The root property the tag `name` is written as: `Red`, `Black`,
/// `Event` and `Site` as PW, PB, EV and SO, a tag whose name is an
/// upper-case property name as itself; none for other names, for the
/// moves' B and W, and for the root's FF, GM, SZ, RU and PL, which the
/// writer gives from the record.
fn property_of(name: &str) -> Option<&str> {
    let ident = TAG_NAMES
        .iter()
        .find(|(_, t)| *t == name)
        .map_or(name, |(p, _)| *p);
    let sgf_ident = !ident.is_empty() && ident.bytes().all(|b| b.is_ascii_uppercase());
    (sgf_ident && !STRUCTURAL[..5].contains(&ident) && ident != "B" && ident != "W")
        .then_some(ident)
}

/// The names of the header tags of `record` that [`write()`] has no place
/// for, in order: a tag written as no property, that is one whose name is
/// not an upper-case property name (but `Red`, `Black`, `Event`, `Site`),
/// or is B or W (the moves') or GM, SZ, RU or PL (the writer gives them
/// from the record); but not `FF`, which says the version of the file
/// (the writer writes `FF[4]`), nor those the file states otherwise,
/// `Size`, `Rules`, `First` and `Result`. A tag given twice is refused.
pub fn tags_left_out(record: &Record) -> Vec<&str> {
    let placed: Vec<usize> = (record.tags.iter().enumerate())
        .filter(|(_, (name, _))| property_of(name).is_some() || name == "FF")
        .map(|(i, _)| i)
        .collect();
    super::tags_left_out(record, &placed, true)
}

/// Writes the game: the root (FF, GM, SZ, RU, the tags, RE for a
/// resignation) on one line, the moves on the next; no result but the one
/// its moves say ([`keeps_result`]).
pub fn write(record: &Record) -> Result<String, Error> {
    let unwritable = |why: String| RecordFormat::Sgf.unwritable(why);
    if let Some(problem) = plain_moves_problem(&record.rules, &record.moves)
        && record.rules.links != Linking::AutomaticEditable
    {
        return Err(unwritable(problem));
    }
    let ru = if record.rules == RuleSet::pencil().with_size(record.rules.size) {
        "PP"
    } else if record.rules == RuleSet::editable().with_size(record.rules.size) {
        "STD"
    } else {
        return Err(unwritable(
            "SGF for TwixT holds the rules pencil (RU[PP]) and editable (RU[STD]) only".into(),
        ));
    };
    let size = record.rules.size;
    let mut out = String::from("(;FF[4]GM[21]SZ[");
    if size.width() == size.height() {
        out.push_str(&size.width().to_string());
    } else {
        out.push_str(&format!("{}:{}", size.width(), size.height()));
    }
    out.push_str(&format!("]RU[{ru}]"));
    let placed = record.moves.iter().any(|m| !matches!(m, Move::Resign));
    if record.first == Player::Black && !placed {
        out.push_str("PL[B]");
    }
    // The tags written, by identifier: the root holds each once.
    let mut written: Vec<(&str, &str)> = Vec::new();
    for (name, value) in &record.tags {
        let Some(ident) = property_of(name) else {
            continue;
        };
        if let Some((_, first)) = written.iter().find(|(p, _)| *p == ident) {
            return Err(unwritable(if first == name {
                format!("the tag {name} is given twice, and a root holds the property {ident} once")
            } else {
                format!(
                    "the tags {first} and {name} are both the property {ident}, which a root holds once"
                )
            }));
        }
        // The reader takes these for a resignation: a move the game lacks.
        if ident == "RE" && RESIGNED.contains(&value.as_str()) {
            return Err(unwritable(format!(
                "the tag RE `{value}` would read back as a resignation, which is not the game's last move"
            )));
        }
        written.push((ident, name));
        out.push_str(&format!("{ident}[{}]", escape(value)));
    }
    let mut nodes = String::new();
    for (ply, mv) in record.moves.iter().enumerate() {
        let name = letter(mover(&record.rules, record.first, &record.moves, ply));
        match mv {
            Move::Place(p) if p.offers_draw => {
                return Err(unwritable(format!(
                    "move {} offers a draw; SGF for TwixT has no draw offer",
                    ply + 1
                )));
            }
            Move::Place(p) if !p.links.is_empty() || !p.removals.is_empty() => {
                return Err(unwritable(format!(
                    "move {} places or removes links; this writer has no link notation",
                    ply + 1
                )));
            }
            Move::Place(p) => nodes.push_str(&format!(";{name}[{}]", p.hole)),
            Move::Swap => nodes.push_str(&format!(";{name}[swap]")),
            Move::Resign if ply + 1 == record.moves.len() => {
                if record.tags.iter().any(|(n, _)| n == "RE") {
                    return Err(unwritable(
                        "the game holds an RE tag and ends in a resignation".into(),
                    ));
                }
                let loser = mover(&record.rules, record.first, &record.moves, ply);
                let winner = letter(loser.opponent());
                out.push_str(&format!("RE[{winner}+R]"));
            }
            Move::Resign => {
                return Err(unwritable(format!(
                    "move {} resigns before the end",
                    ply + 1
                )));
            }
            Move::AcceptDraw => {
                return Err(unwritable(format!(
                    "move {} accepts a draw; SGF for TwixT has no draw offer",
                    ply + 1
                )));
            }
        }
    }
    out.push('\n');
    out.push_str(&nodes);
    out.push_str(")\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str =
        "(;FF[4]GM[21]SZ[24]RU[PP]PW[ann]PB[b\\]ob]RE[W+R]\n;W[f6];B[swap];W[m16])\n";

    #[test]
    fn a_canonical_game_reads_and_writes_back_byte_for_byte() {
        let r = read(GAME.as_bytes()).unwrap();
        assert_eq!(r.moves.len(), 4);
        assert_eq!(r.result, Some(GameResult::Win(Player::Red)));
        assert_eq!(r.first, Player::Red);
        assert_eq!(r.tags[0], ("Red".to_string(), "ann".to_string()));
        assert_eq!(r.tags[1], ("Black".to_string(), "b]ob".to_string()));
        assert_eq!(write(&r).unwrap(), GAME);
        let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
        assert_eq!(at, [(2, 4), (2, 10), (2, 18), (1, 45)]);
        let wide = "(;FF[4]GM[21]SZ[30:20]RU[STD]\n;B[ad17];W[c3])\n";
        let r = read(wide.as_bytes()).unwrap();
        assert_eq!((r.rules.size.width(), r.rules.size.height()), (30, 20));
        assert_eq!(r.rules, RuleSet::editable().with_size(r.rules.size));
        assert_eq!(r.first, Player::Black);
        assert_eq!(write(&r).unwrap(), wide);
    }

    #[test]
    fn letters_follow_colours_through_a_colour_swap_and_std_is_the_default() {
        // STD swaps colours: the first mover, now Black, moves after the swap.
        let text = "(;FF[4]GM[21]SZ[24]RU[STD]\n;W[f6];B[swap];B[m16];W[g9])\n";
        let r = read(text.as_bytes()).unwrap();
        assert_eq!(r.moves.len(), 4);
        assert_eq!(write(&r).unwrap(), text);
        let r = read(b"(;GM[21];W[f6];B[swap];B[m16])").unwrap();
        assert_eq!(r.rules, RuleSet::editable());
        // PL names the first mover of a game without moves, and the first node
        // must agree with it.
        let empty = "(;FF[4]GM[21]SZ[24]RU[STD]PL[B]\n)\n";
        let r = read(empty.as_bytes()).unwrap();
        assert_eq!(r.first, Player::Black);
        assert_eq!(write(&r).unwrap(), empty);
        let Err(Error::Syntax { at, message }) = read(b"(;GM[21]PL[B];W[f6])") else {
            panic!("a first node against PL was read");
        };
        assert_eq!((at.line, at.column), (1, 15), "{message}");
        assert!(message.contains("expected B to play move 1"), "{message}");
    }

    #[test]
    fn what_it_cannot_read_is_refused_at_its_place() {
        let cases: [(&str, usize, usize, &str); 9] = [
            ("(;FF[4]SZ[24];B[f6])", 1, 14, "expected GM[21]"),
            ("(;GM[1];B[f6])", 1, 6, "expected GM[21]"),
            ("(;GM[21]RU[3M];B[f6])", 1, 12, "RU[3M]"),
            ("(;GM[21]\n;W[f6];B[f6-h7])", 2, 10, "Hensel"),
            ("(;GM[21];W[f6];W[g8])", 1, 16, "expected B to play move 2"),
            ("(;GM[21];B[f6](;W[g8]))", 1, 15, "variations"),
            (
                "(;GM[21];B[f6];W[g8];B[swap])",
                1,
                24,
                "swap is allowed only",
            ),
            ("(;GM[21];B[f6];W[g8]LN[a1:b3])", 1, 21, "LN is not read"),
            ("(;GM[21];B[f6];W[zz9])", 1, 18, "off the board"),
        ];
        super::super::refused_at(read, &cases);
    }

    #[test]
    fn sniffing_tells_it_from_little_golem() {
        assert!(looks_like("(;FF[4] GM [21]SZ[24];B[f6])"));
        assert!(!looks_like("(;FF[4]SZ[24];b[ch])"));
    }

    #[test]
    fn tags_that_would_not_read_back_are_refused() {
        let game = |tags: &[(&str, &str)]| {
            let mut r = read(b"(;FF[4]GM[21]RU[PP];W[f6];B[m12])").unwrap();
            r.tags = tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            r
        };
        let said = |tags: &[(&str, &str)]| write(&game(tags)).unwrap_err().to_string();
        assert!(said(&[("Red", "a"), ("PW", "b")]).contains("the tags Red and PW"));
        assert!(said(&[("FOO", "a"), ("FOO", "b")]).contains("the tag FOO is given twice"));
        for re in RESIGNED {
            assert!(said(&[("RE", re)]).contains("resignation"), "{re}");
        }
        // Another result is a tag, and reads back as one.
        let tags = [("RE", "W+T"), ("Red", "a]b\\c\nd")];
        let back = read(write(&game(&tags)).unwrap().as_bytes()).unwrap();
        assert_eq!(back.tags, game(&tags).tags);
        assert_eq!(back.moves.len(), 2);
    }
}
