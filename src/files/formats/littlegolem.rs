//! Little Golem `.tsgf` game records (TwixT PP, pencil rules).
//!
//! `(;FF[4]EV[..]PB[..]PW[..]SZ[24]SO[..];b[ch];r[swap];b[jj];…;b[resign])`.
//! A coordinate is two characters, column then row, each the code point
//! minus `a`; boards wider than 26 go on past `z` with the next code points,
//! so files are Latin-1 bytes. `b` is the first mover (Red, top–bottom).

use std::borrow::Cow;

use nom::Parser as _;
use nom::branch::alt;
use nom::bytes::complete::{is_not, take_while, take_while1};
use nom::character::complete::{anychar, char, satisfy};
use nom::combinator::peek;
use nom::multi::fold_many0;
use nom::sequence::preceded;

use crate::grammar::{self, Failure, digits};
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::moves::{Move, Placement};
use twixt_core::rules::RuleSet;

use super::{Error, Location, RecordFormat, fail, mover};

/// Tag names used for the root properties Little Golem writes.
const TAG_NAMES: [(&str, &str); 4] = [
    ("PB", "Red"),
    ("PW", "Black"),
    ("EV", "Event"),
    ("SO", "Site"),
];

fn tag_for_property(ident: &str) -> String {
    TAG_NAMES
        .iter()
        .find(|(p, _)| *p == ident)
        .map_or_else(|| ident.to_string(), |(_, t)| (*t).to_string())
}

/// What a rule of this format reads to: the record's parts, or a failure
/// whose slice says where.
type Rule<'a, T> = grammar::Rule<'a, T>;

/// `c` quoted for "found …", or the end of the input.
fn describe(rest: &str) -> String {
    match rest.chars().next() {
        None => "end of input".to_string(),
        Some(c) => format!("`{}`", c.escape_default()),
    }
}

/// `c` after white space; else "expected {what}".
fn punctuation<'a>(c: char, what: &str, i: &'a str) -> Rule<'a, ()> {
    let (i, _) = grammar::whitespace(i)?;
    match char::<_, Failure>(c).parse(i) {
        Ok((rest, _)) => Ok((rest, ())),
        Err(_) => Err(fail(i, format!("expected {what}, found {}", describe(i)))),
    }
}

/// What a value belongs to, named in its messages: a property or a move.
#[derive(Clone, Copy)]
enum Owner<'a> {
    Property(&'a str),
    Move(usize),
}

impl std::fmt::Display for Owner<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Owner::Property(ident) => write!(f, "property {ident}"),
            Owner::Move(n) => write!(f, "move {n}"),
        }
    }
}

/// The text of a value up to its `]`: plain runs and `\`-escaped
/// characters (a backslash keeps the next character, whatever it is). Most
/// values hold no backslash and are borrowed as they stand.
fn value_text(i: &str) -> Rule<'_, Cow<'_, str>> {
    let (rest, plain) = take_while(|c| c != ']' && c != '\\').parse(i)?;
    if !rest.starts_with('\\') {
        return Ok((rest, Cow::Borrowed(plain)));
    }
    fold_many0(
        alt((
            is_not("]\\").map(Piece::Run),
            preceded(char('\\'), anychar).map(Piece::Escaped),
        )),
        String::new,
        |mut out, piece| {
            match piece {
                Piece::Run(run) => out.push_str(run),
                Piece::Escaped(c) => out.push(c),
            }
            out
        },
    )
    .map(Cow::Owned)
    .parse(i)
}

/// A piece of a value's text.
enum Piece<'a> {
    Run(&'a str),
    Escaped(char),
}

/// `[value]` after white space: the value, unescaped, and the text from
/// its first character on (for its place).
fn value<'a>(i: &'a str, owner: Owner<'_>) -> Rule<'a, (Cow<'a, str>, &'a str)> {
    let (open, _) = grammar::whitespace(i)?;
    let Ok((start, _)) = char::<_, Failure>('[').parse(open) else {
        return Err(fail(
            open,
            format!(
                "expected `[` to open the value of {owner}, found {}",
                describe(open)
            ),
        ));
    };
    let (rest, text) = value_text(start)?;
    match char::<_, Failure>(']').parse(rest) {
        Ok((rest, _)) => Ok((rest, (text, start))),
        Err(_) => Err(fail(
            open,
            format!("the value of {owner} opened here is never closed by `]`"),
        )),
    }
}

/// A property's name: ASCII letters, all upper-case, starting at an
/// upper-case letter (anything else ends the root node).
fn property_name(i: &str) -> Rule<'_, &str> {
    let (rest, ident) = preceded(
        peek(satisfy(|c| c.is_ascii_uppercase())),
        take_while1(|c: char| c.is_ascii_alphabetic()),
    )
    .parse(i)?;
    if !ident.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(fail(
            i,
            format!("expected an upper-case property name, found `{ident}`"),
        ));
    }
    Ok((rest, ident))
}

/// A property's one value: `[value]`, and no second `[` after it.
fn property_value<'a>(i: &'a str, ident: &str) -> Rule<'a, (Cow<'a, str>, &'a str)> {
    let (i, value) = value(i, Owner::Property(ident))?;
    let (i, _) = grammar::whitespace(i)?;
    if i.starts_with('[') {
        return Err(fail(
            i,
            format!("expected one value for property {ident}, found a second `[`"),
        ));
    }
    Ok((i, value))
}

/// The board side in `SZ[24]`, the value's text starting at `at`.
fn board_side<'a>(value: &str, at: &'a str) -> Result<BoardSize, nom::Err<Failure<'a>>> {
    let side = value.trim();
    let n = grammar::whole(digits, side)
        .filter(|d| d.len() <= 4)
        .and_then(|d| d.parse::<u64>().ok());
    match n.map(BoardSize::square) {
        Some(Ok(s)) => Ok(s),
        Some(Err(e)) => Err(fail(at, format!("SZ: {e}"))),
        None => Err(fail(
            at,
            format!("expected a board side like 24 in SZ, found `{value}`"),
        )),
    }
}

/// What the root node says: tags, and the board size when `SZ` gives it.
struct Root {
    tags: Vec<(String, String)>,
    size: Option<BoardSize>,
}

/// The root node's properties, after its `;`.
fn root_properties(mut i: &str) -> Rule<'_, Root> {
    let mut tags = Vec::new();
    let mut size = None;
    // A property may appear once in a node; a second one would be lost.
    let mut seen: Vec<&str> = Vec::new();
    loop {
        let (at, _) = grammar::whitespace(i)?;
        let (rest, ident) = match property_name(at) {
            Ok(found) => found,
            Err(nom::Err::Error(_)) => return Ok((at, Root { tags, size })),
            Err(e) => return Err(e),
        };
        if ident != "SZ" && seen.contains(&ident) {
            return Err(fail(
                at,
                format!("expected one {ident} property, found a second"),
            ));
        }
        seen.push(ident);
        let (rest, (value, value_at)) = property_value(rest, ident)?;
        if ident == "SZ" {
            if size.is_some() {
                return Err(fail(at, "expected one SZ property, found a second"));
            }
            size = Some(board_side(&value, value_at)?);
        } else {
            tags.push((tag_for_property(ident), value.into_owned()));
        }
        i = rest;
    }
}

/// What opens the next node: its `;`, or the game's closing `)`.
#[derive(Debug)]
enum Opening {
    Node,
    Close,
}

/// `;` before a node or `)` closing the game; after a game-ending move,
/// only `)`.
fn node_opening(i: &str, ended: bool) -> Rule<'_, Opening> {
    let (i, _) = grammar::whitespace(i)?;
    if let Ok((rest, _)) = char::<_, Failure>(')').parse(i) {
        return Ok((rest, Opening::Close));
    }
    if !ended && let Ok((rest, _)) = char::<_, Failure>(';').parse(i) {
        return Ok((rest, Opening::Node));
    }
    let message = if ended {
        format!(
            "expected `)` after the game-ending move, found {}",
            describe(i)
        )
    } else {
        format!(
            "expected `;` before a move or `)` to close the game, found {}",
            describe(i)
        )
    };
    Err(fail(i, message))
}

/// One move node after its `;`: `b[..]` or `r[..]` as the ply asks, or a
/// bare `[draw]`. The move and the text it starts at.
fn node(i: &str, ply: usize, size: BoardSize) -> Rule<'_, (Move, &str)> {
    let (at, _) = grammar::whitespace(i)?;
    let expected = if ply.is_multiple_of(2) { 'b' } else { 'r' };
    let (rest, ident) = take_while(|c: char| c.is_ascii_alphabetic()).parse(at)?;
    // A bare `;[draw]` node: the player to move accepts the draw.
    if ident.is_empty() && rest.starts_with('[') {
        let (rest, (value, value_at)) = value(rest, Owner::Move(ply + 1))?;
        if !value.eq_ignore_ascii_case("draw") {
            return Err(fail(
                value_at,
                format!(
                    "expected `draw` in a move with no player letter, found `{}`",
                    value.escape_default()
                ),
            ));
        }
        return Ok((rest, (Move::AcceptDraw, value_at)));
    }
    if ident != "b" && ident != "r" {
        let found = if ident.is_empty() {
            describe(rest)
        } else {
            format!("`{ident}`")
        };
        return Err(fail(
            at,
            format!("expected a move `{expected}[..]`, found {found}"),
        ));
    }
    if !ident.starts_with(expected) {
        let who = if expected == 'b' { "first" } else { "second" };
        return Err(fail(
            at,
            format!(
                "expected `{expected}` (move {} is the {who} mover's; moves alternate, `b` first), found `{ident}`",
                ply + 1
            ),
        ));
    }
    let (rest, (value, value_at)) = value(rest, Owner::Move(ply + 1))?;
    let mv = move_value(&value, value_at, ply, size)?;
    Ok((rest, (mv, at)))
}

/// The move a node's value names: `swap`, `resign`, `draw`, or a hole with
/// an optional `|draw` offer. `at` is the value's text, for its place.
fn move_value<'a>(
    value: &str,
    at: &'a str,
    ply: usize,
    size: BoardSize,
) -> Result<Move, nom::Err<Failure<'a>>> {
    let is = |word: &str| value.eq_ignore_ascii_case(word);
    Ok(match () {
        _ if is("swap") && ply != 1 => {
            return Err(fail(
                at,
                format!(
                    "expected a hole, `resign` or `draw` at move {}, found `swap` (swap is allowed only as move 2)",
                    ply + 1
                ),
            ));
        }
        _ if is("swap") => Move::Swap,
        _ if is("resign") => Move::Resign,
        _ if is("draw") => Move::AcceptDraw,
        _ => {
            // The coordinate is the first two characters; `|` is itself a
            // coordinate character on boards wider than 27, so the offer
            // suffix is found by position, not by splitting.
            let split = value.char_indices().nth(2).map_or(value.len(), |(k, _)| k);
            let (coord, rest) = value.split_at(split);
            let offers_draw = match rest {
                "" => false,
                r if r.eq_ignore_ascii_case("|draw") => true,
                r if !r.starts_with('|') => {
                    return Err(fail(
                        at,
                        format!(
                            "expected a two-character coordinate (column then row), `swap`, `resign` or `draw`, found `{}`",
                            value.escape_default()
                        ),
                    ));
                }
                r => {
                    // Two characters into the value as written.
                    let third = at.char_indices().nth(2).map_or(at.len(), |(k, _)| k);
                    return Err(fail(
                        &at[third..],
                        format!(
                            "expected `]` or `|draw` after the coordinate `{}`, found `{}`",
                            coord.escape_default(),
                            r.escape_default()
                        ),
                    ));
                }
            };
            let hole = coordinate(coord, size).map_err(|m| fail(at, m))?;
            Move::Place(Placement {
                offers_draw,
                ..Placement::peg(hole)
            })
        }
    })
}

/// The moves of a game and where each is written in `whole`, the text the
/// reader started from (its line and column, counted only up to the moves).
struct Moves {
    moves: Vec<Move>,
    at: Vec<Location>,
}

/// The move nodes up to the game's closing `)`.
fn move_nodes<'a>(mut i: &'a str, whole: &str, size: BoardSize) -> Rule<'a, Moves> {
    let mut locator = crate::grammar::Locator::new(whole);
    let mut out = Moves {
        moves: Vec::new(),
        at: Vec::new(),
    };
    let mut ended = false;
    loop {
        let (rest, opening) = node_opening(i, ended)?;
        if let Opening::Close = opening {
            return Ok((rest, out));
        }
        let (rest, (mv, at)) = node(rest, out.moves.len(), size)?;
        ended = matches!(mv, Move::Resign | Move::AcceptDraw);
        out.moves.push(mv);
        out.at.push(Location::located(
            &mut locator,
            grammar::offset_in(whole, at),
        ));
        i = rest;
    }
}

/// Nothing but white space after the game's closing `)`.
fn end_of_input(i: &str) -> Rule<'_, ()> {
    let (i, _) = grammar::whitespace(i)?;
    if !i.is_empty() {
        return Err(fail(
            i,
            format!(
                "expected end of input after the game's closing `)`, found {}",
                describe(i)
            ),
        ));
    }
    Ok((i, ()))
}

/// A whole game as read: its root properties and its moves.
struct Game {
    root: Root,
    moves: Moves,
}

/// `(;` root properties, move nodes, `)`, and nothing after.
fn game(i: &str) -> Rule<'_, Game> {
    let whole = i;
    let (i, _) = punctuation('(', "`(` to open the game", i)?;
    let (i, _) = punctuation(';', "`;` to open the root node", i)?;
    let (i, root) = root_properties(i)?;
    let (i, moves) = move_nodes(i, whole, root.size.unwrap_or(BoardSize::STANDARD))?;
    let (i, _) = end_of_input(i)?;
    Ok((i, Game { root, moves }))
}

/// The text of `bytes`: UTF-8 after a byte-order mark (an editor re-saved
/// the file), else Latin-1, every byte one character.
fn decode(bytes: &[u8]) -> Result<Cow<'_, str>, Error> {
    match bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) => std::str::from_utf8(rest).map(Cow::Borrowed).map_err(|e| {
            let good = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or("");
            Error::Syntax {
                at: Location::of_offset(good, good.len()),
                message: "expected UTF-8 text after the byte-order mark, found an invalid byte"
                    .into(),
            }
        }),
        None if bytes.is_ascii() => Ok(Cow::Borrowed(
            std::str::from_utf8(bytes).unwrap_or_default(),
        )),
        None => Ok(Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect())),
    }
}

/// Reads one game. The input is taken as Latin-1 bytes (every byte is one
/// character), as Little Golem exports them.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    let text = decode(bytes)?;
    let text = text.as_ref();
    let game = match game(text) {
        Ok((_, game)) => game,
        Err(nom::Err::Error(f) | nom::Err::Failure(f)) => {
            return Err(Error::Syntax {
                at: Location::of_offset(text, grammar::offset_in(text, f.at)),
                message: f.message,
            });
        }
        Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers never ask for more"),
    };
    let size = game.root.size.unwrap_or(BoardSize::STANDARD);
    let mut record = Record::new(RuleSet::pencil().with_size(size));
    record.tags = game.root.tags;
    let Moves { moves, at } = game.moves;
    // Only the last move can end the game: `)` must follow it.
    record.result = match moves.last() {
        // The loser is the one who resigned.
        Some(Move::Resign) => {
            let loser = mover(&record.rules, Player::Red, &moves, moves.len() - 1);
            Some(GameResult::Win(loser.opponent()))
        }
        Some(Move::AcceptDraw) => Some(GameResult::Draw),
        _ => None,
    };
    record.moves = moves;
    record.move_at.0 = at;
    Ok(record)
}

/// A two-character coordinate: column then row, each the code point minus
/// `a`.
fn coordinate(coord: &str, size: BoardSize) -> Result<Hole, String> {
    let Some((column, row)) = grammar::whole((anychar, anychar), coord) else {
        return Err(format!(
            "expected a two-character coordinate (column then row), `swap`, `resign` or `draw`, found `{}`",
            coord.escape_default()
        ));
    };
    let index = |c: char, what: &str, limit: u16| -> Result<u16, String> {
        let n = u32::from(c).checked_sub(u32::from('a'));
        match n {
            Some(n) if n < u32::from(limit) => Ok(n as u16),
            _ => Err(format!(
                "expected a {what} character from `a` to `{}` on this {} board, found `{}`",
                char::from_u32(u32::from('a') + u32::from(limit) - 1)
                    .map_or_else(String::new, |c| c.escape_default().to_string()),
                size,
                c.escape_default()
            )),
        }
    };
    let hole = Hole::new(
        index(column, "column", size.width())?,
        index(row, "row", size.height())?,
    );
    if !size.contains(hole) {
        return Err(format!(
            "expected a hole on the board, found the corner `{coord}` ({hole}), which does not exist"
        ));
    }
    Ok(hole)
}

fn is_property_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_uppercase())
}

/// Whether [`write()`] keeps the result of `record`. A `.tsgf` file has no
/// word for a result: it keeps none, or the one its moves say
/// ([`super::said_by_moves`]: a resignation, an accepted draw, a completed
/// connection, no legal move left).
pub fn keeps_result(record: &Record) -> bool {
    super::moves_say_result(record)
}

/// A root property [`write()`] writes: its identifier, the name of the
/// tag it comes from, its value, and the index of that tag (none for `FF`
/// when no tag gives it, and for `SZ`, which the board gives).
type Property<'a> = (&'a str, &'a str, String, Option<usize>);

/// The root properties [`write()`] writes, in Little Golem's order: FF (4
/// when no tag gives it), EV, PB, PW, SZ, SO (from `Site`, else from
/// `Source`), then the tags whose names are upper-case property names.
/// Property names are case-sensitive: a property `EVENT` is not the tag
/// `Event`, so tags are looked up by their exact name, the first of it.
fn written_properties(record: &Record) -> Vec<Property<'_>> {
    let tag = |name: &str| {
        record
            .tags
            .iter()
            .position(|(k, _)| k == name)
            .map(|i| (i, record.tags[i].1.clone()))
    };
    let mut props: Vec<Property<'_>> = Vec::new();
    match tag("FF") {
        Some((i, v)) => props.push(("FF", "FF", v, Some(i))),
        None => props.push(("FF", "FF", "4".into(), None)),
    }
    for (ident, name) in [("EV", "Event"), ("PB", "Red"), ("PW", "Black")] {
        if let Some((i, v)) = tag(name) {
            props.push((ident, name, v, Some(i)));
        }
    }
    props.push(("SZ", "SZ", record.size().width().to_string(), None));
    if let Some((i, v)) = tag("Site") {
        props.push(("SO", "Site", v, Some(i)));
    } else if let Some((i, v)) = tag("Source") {
        props.push(("SO", "Source", v, Some(i)));
    }
    let known = ["FF", "SZ", "Event", "Red", "Black", "Site", "Source"];
    for (i, (name, value)) in record.tags.iter().enumerate() {
        if is_property_name(name) && !known.contains(&name.as_str()) {
            props.push((name, name, value.clone(), Some(i)));
        }
    }
    props
}

/// The names of the header tags of `record` that [`write()`] has no place
/// for, in order: a tag whose name is no upper-case property name and not
/// one of `Event`, `Red`, `Black`, `Site` (or `Source` when there is no
/// `Site`) as spelt here, a second tag of such a name, and `SZ` (the board
/// gives it); but not those the file states otherwise, `Size`, `Rules`
/// (always pencil), `First` and `Result`.
pub fn tags_left_out(record: &Record) -> Vec<&str> {
    let placed: Vec<usize> = written_properties(record)
        .iter()
        .filter_map(|(_, _, _, i)| *i)
        .collect();
    super::tags_left_out(record, &placed, true)
}

/// Writes one game in Little Golem's form, as Latin-1 bytes, with no
/// result but the one its moves say ([`keeps_result`]). Root
/// properties come in Little Golem's order (FF, EV, PB, PW, SZ, SO), then
/// any other tag whose name is an upper-case property name; tags with other
/// names have no place in the format and are left out ([`tags_left_out`]
/// names them).
pub fn write(record: &Record) -> Result<Vec<u8>, Error> {
    let size = record.size();
    if size.width() != size.height() || record.rules != RuleSet::pencil().with_size(size) {
        return Err(RecordFormat::LittleGolem.unwritable(format!(
            "Little Golem plays pencil rules on a square board; this record's rules are {}",
            record.rules
        )));
    }
    if record.first != Player::Red {
        return Err(RecordFormat::LittleGolem.unwritable(
            "Little Golem games start with the top–bottom player (red); this record starts with black",
        ));
    }
    let props = written_properties(record);
    // A root holds each property once: two tags that are one property
    // (`Red` and `PB`, or a tag given twice) would not read back.
    for (i, (ident, name, _, _)) in props.iter().enumerate() {
        if let Some((_, first, _, _)) = props[..i].iter().find(|(p, _, _, _)| p == ident) {
            let why = if first == name {
                format!("the tag {name} is given twice, and a root holds the property {ident} once")
            } else {
                format!(
                    "the tags {first} and {name} are both the property {ident}, which a root holds once"
                )
            };
            return Err(RecordFormat::LittleGolem.unwritable(why));
        }
    }
    let mut out = String::from("(;");
    for (ident, _, value, _) in &props {
        out.push_str(&format!("{ident}[{}]", grammar::escaped(value, ']')));
    }
    for (i, mv) in record.moves.iter().enumerate() {
        out.push(';');
        out.push(if i.is_multiple_of(2) { 'b' } else { 'r' });
        out.push('[');
        match mv {
            Move::Place(pl) => {
                if !pl.links.is_empty() || !pl.removals.is_empty() {
                    return Err(RecordFormat::LittleGolem.unwritable(format!(
                        "move {} places links or removes something; Little Golem has no notation for that",
                        i + 1
                    )));
                }
                if !size.contains(pl.hole) {
                    return Err(RecordFormat::LittleGolem.unwritable(format!(
                        "move {}: {} is not on the board of size {size}",
                        i + 1,
                        pl.hole
                    )));
                }
                out.push(char::from_u32(u32::from('a') + u32::from(pl.hole.col)).unwrap_or('?'));
                out.push(char::from_u32(u32::from('a') + u32::from(pl.hole.row)).unwrap_or('?'));
                if pl.offers_draw {
                    out.push_str("|draw");
                }
            }
            Move::Swap => {
                if i != 1 {
                    return Err(RecordFormat::LittleGolem
                        .unwritable(format!("move {} is a swap, allowed only as move 2", i + 1)));
                }
                out.push_str("swap");
            }
            Move::Resign => out.push_str("resign"),
            Move::AcceptDraw => out.push_str("draw"),
        }
        out.push(']');
        if matches!(mv, Move::Resign | Move::AcceptDraw) && i + 1 != record.moves.len() {
            return Err(RecordFormat::LittleGolem.unwritable(format!(
                "move {} ends the game but more moves follow",
                i + 1
            )));
        }
    }
    out.push(')');
    out.chars()
        .map(|c| {
            u8::try_from(u32::from(c)).map_err(|_| {
                RecordFormat::LittleGolem.unwritable(format!(
                    "character `{}` in a tag is not in Latin-1",
                    c.escape_default()
                ))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::failed;

    #[test]
    fn values_unescape_and_name_their_owner_when_unclosed() {
        assert_eq!(
            value(" [a\\]b\\\\]x", Owner::Property("PB")),
            Ok(("x", (Cow::from("a]b\\"), "a\\]b\\\\]x")))
        );
        let (m, at) = failed(value("[ab\\", Owner::Move(3)));
        assert_eq!(
            (m.as_str(), at),
            (
                "the value of move 3 opened here is never closed by `]`",
                "[ab\\"
            )
        );
    }

    #[test]
    fn property_names_are_upper_case_and_end_the_root_node_otherwise() {
        assert_eq!(property_name("SZ[24]"), Ok(("[24]", "SZ")));
        assert!(matches!(property_name(";b[ch]"), Err(nom::Err::Error(_))));
        let (m, at) = failed(property_name("Ev[x]"));
        assert_eq!(
            (m.as_str(), at),
            ("expected an upper-case property name, found `Ev`", "Ev[x]")
        );
    }

    #[test]
    fn nodes_alternate_and_point_at_their_letter() {
        let size = BoardSize::STANDARD;
        let (rest, (mv, at)) = node(" b[kg];", 0, size).unwrap();
        assert_eq!((rest, at), (";", "b[kg];"));
        assert_eq!(mv, Move::Place(Placement::peg(Hole::new(10, 6))));
        let (m, _) = failed(node("b[kg]", 1, size));
        assert!(
            m.starts_with("expected `r` (move 2 is the second mover's"),
            "{m}"
        );
        let (m, at) = failed(node("b[kg|x]", 0, size));
        assert_eq!(
            (m.as_str(), at),
            (
                "expected `]` or `|draw` after the coordinate `kg`, found `|x`",
                "|x]"
            )
        );
        let (m, _) = failed(node_opening(" ;", true));
        assert_eq!(m, "expected `)` after the game-ending move, found `;`");
    }

    #[test]
    fn a_game_keeps_where_each_move_is_written() {
        let r = read(b"(;SZ[24]\n;b[kg];r[swap]\n ;[draw])").unwrap();
        let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
        assert_eq!(at, [(2, 2), (2, 8), (3, 4)]);
        assert_eq!(r.result, Some(GameResult::Draw));
    }

    #[test]
    fn two_tags_that_are_one_property_are_refused() {
        let game = |tags: &[(&str, &str)]| {
            let mut r = Record::new(RuleSet::pencil());
            r.tags = tags
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            r.moves.push(Move::Place(twixt_core::moves::Placement::peg(
                "f6".parse().unwrap(),
            )));
            r
        };
        let said = |tags| write(&game(tags)).unwrap_err().to_string();
        assert!(said(&[("Red", "a"), ("PB", "b")]).contains("the tags Red and PB"));
        assert!(said(&[("Site", "a"), ("SO", "b")]).contains("property SO"));
        assert!(said(&[("FOO", "a"), ("FOO", "b")]).contains("the tag FOO is given twice"));
        // Written once each, every value reads back as it was.
        let tags = [("Red", "a]b\\c\nd"), ("Black", " e "), ("FOO", "")];
        let back = read(&write(&game(&tags)).unwrap()).unwrap();
        for (k, v) in tags {
            assert_eq!(back.tag(k), Some(v), "{k}");
        }
    }
}
