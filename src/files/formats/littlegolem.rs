//! Little Golem `.tsgf` game records (TwixT PP, pencil rules).
//!
//! `(;FF[4]EV[..]PB[..]PW[..]SZ[24]SO[..];b[ch];r[swap];b[jj];…;b[resign])`.
//! A coordinate is two characters, column then row, each the code point
//! minus `a`; boards wider than 26 go on past `z` with the next code points,
//! so files are Latin-1 bytes. `b` is the first mover (Red, top–bottom).

use crate::record::{GameResult, Record};
use crate::twixt::board::{BoardSize, Hole, Player};
use crate::twixt::moves::{Move, Placement};
use crate::twixt::rules::RuleSet;

use super::Location;

/// Why a Little Golem record could not be read or written.
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
    #[error("cannot write as Little Golem .tsgf: {0}")]
    Unwritable(String),
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for Error {
    fn is_usage(&self) -> bool {
        false
    }
}

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

struct Parser {
    chars: Vec<char>,
    pos: usize,
}

impl Parser {
    fn err<T>(&self, at: usize, message: impl Into<String>) -> Result<T, Error> {
        Err(Error::Syntax {
            at: Location::of_char(&self.chars, at),
            message: message.into(),
        })
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn describe(&self) -> String {
        match self.peek() {
            None => "end of input".to_string(),
            Some(c) => format!("`{}`", c.escape_default()),
        }
    }

    fn expect(&mut self, c: char, what: &str) -> Result<(), Error> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            self.err(
                self.pos,
                format!("expected {what}, found {}", self.describe()),
            )
        }
    }

    /// An identifier of ASCII letters; returns it and where it starts.
    fn ident(&mut self) -> (String, usize) {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        (self.chars[start..self.pos].iter().collect(), start)
    }

    /// A `[value]`, with `\` escaping the next character; returns the value
    /// and the index of its first character.
    fn value(&mut self, owner: &str) -> Result<(String, usize), Error> {
        self.skip_ws();
        if self.peek() != Some('[') {
            return self.err(
                self.pos,
                format!(
                    "expected `[` to open the value of {owner}, found {}",
                    self.describe()
                ),
            );
        }
        let open = self.pos;
        self.pos += 1;
        let start = self.pos;
        let mut out = String::new();
        loop {
            match self.peek() {
                None => {
                    return self.err(
                        open,
                        format!("the value of {owner} opened here is never closed by `]`"),
                    );
                }
                Some(']') => {
                    self.pos += 1;
                    return Ok((out, start));
                }
                Some('\\') => {
                    self.pos += 1;
                    match self.peek() {
                        Some(c) => {
                            out.push(c);
                            self.pos += 1;
                        }
                        None => {
                            return self.err(
                                open,
                                format!("the value of {owner} opened here is never closed by `]`"),
                            );
                        }
                    }
                }
                Some(c) => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
    }
}

/// Reads one game. The input is taken as Latin-1 bytes (every byte is one
/// character), as Little Golem exports them.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    // A UTF-8 byte-order mark says the text is UTF-8 (an editor re-saved
    // the file); otherwise every byte is one Latin-1 character.
    let chars: Vec<char> = match bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) => match std::str::from_utf8(rest) {
            Ok(text) => text.chars().collect(),
            Err(e) => {
                let good = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or("");
                let chars: Vec<char> = good.chars().collect();
                return Err(Error::Syntax {
                    at: Location::of_char(&chars, chars.len()),
                    message: "expected UTF-8 text after the byte-order mark, found an invalid byte"
                        .into(),
                });
            }
        },
        None => bytes.iter().map(|&b| char::from(b)).collect(),
    };
    let mut p = Parser { chars, pos: 0 };
    let mut locator = super::Locator::default();
    p.expect('(', "`(` to open the game")?;
    p.expect(';', "`;` to open the root node")?;

    let mut record = Record::new(RuleSet::pencil());
    let mut size: Option<BoardSize> = None;
    // A property may appear once in a node; a second one would be lost.
    let mut seen: Vec<String> = Vec::new();
    // Root properties.
    loop {
        p.skip_ws();
        match p.peek() {
            Some(c) if c.is_ascii_uppercase() => {
                let (ident, at) = p.ident();
                if !ident.bytes().all(|b| b.is_ascii_uppercase()) {
                    return p.err(
                        at,
                        format!("expected an upper-case property name, found `{ident}`"),
                    );
                }
                if ident != "SZ" && seen.contains(&ident) {
                    return p.err(at, format!("expected one {ident} property, found a second"));
                }
                seen.push(ident.clone());
                let (value, vat) = p.value(&format!("property {ident}"))?;
                p.skip_ws();
                if p.peek() == Some('[') {
                    return p.err(
                        p.pos,
                        format!("expected one value for property {ident}, found a second `[`"),
                    );
                }
                if ident == "SZ" {
                    if size.is_some() {
                        return p.err(at, "expected one SZ property, found a second");
                    }
                    let side = value.trim();
                    let n = if !side.is_empty()
                        && side.len() <= 4
                        && side.bytes().all(|b| b.is_ascii_digit())
                    {
                        side.parse::<u64>().ok()
                    } else {
                        None
                    };
                    let s = match n.map(BoardSize::square) {
                        Some(Ok(s)) => s,
                        Some(Err(e)) => return p.err(vat, format!("SZ: {e}")),
                        None => {
                            return p.err(
                                vat,
                                format!("expected a board side like 24 in SZ, found `{value}`"),
                            );
                        }
                    };
                    size = Some(s);
                } else {
                    record.tags.push((tag_for_property(&ident), value));
                }
            }
            _ => break,
        }
    }
    let size = size.unwrap_or(BoardSize::STANDARD);
    record.rules = RuleSet::pencil().with_size(size);

    // Move nodes.
    let mut ended = false;
    loop {
        p.skip_ws();
        match p.peek() {
            Some(')') => {
                p.pos += 1;
                break;
            }
            Some(';') if !ended => p.pos += 1,
            _ if ended => {
                return p.err(
                    p.pos,
                    format!(
                        "expected `)` after the game-ending move, found {}",
                        p.describe()
                    ),
                );
            }
            _ => {
                return p.err(
                    p.pos,
                    format!(
                        "expected `;` before a move or `)` to close the game, found {}",
                        p.describe()
                    ),
                );
            }
        }
        p.skip_ws();
        let ply = record.moves.len();
        let expected = if ply.is_multiple_of(2) { 'b' } else { 'r' };
        let (ident, at) = p.ident();
        // A bare `;[draw]` node: the player to move accepts the draw.
        if ident.is_empty() && p.peek() == Some('[') {
            let (value, vat) = p.value(&format!("move {}", ply + 1))?;
            if !value.eq_ignore_ascii_case("draw") {
                return p.err(
                    vat,
                    format!(
                        "expected `draw` in a move with no player letter, found `{}`",
                        value.escape_default()
                    ),
                );
            }
            ended = true;
            record.result = Some(GameResult::Draw);
            record.moves.push(Move::AcceptDraw);
            record.move_at.0.push(locator.at(&p.chars, vat));
            continue;
        }
        if ident != "b" && ident != "r" {
            let found = if ident.is_empty() {
                p.describe()
            } else {
                format!("`{ident}`")
            };
            return p.err(
                at,
                format!("expected a move `{expected}[..]`, found {found}"),
            );
        }
        if !ident.starts_with(expected) {
            let who = if expected == 'b' { "first" } else { "second" };
            return p.err(at, format!("expected `{expected}` (move {} is the {who} mover's; moves alternate, `b` first), found `{ident}`", ply + 1));
        }
        let (value, vat) = p.value(&format!("move {}", ply + 1))?;
        let mover = if expected == 'b' {
            Player::Red
        } else {
            Player::Black
        };
        let word = value.to_ascii_lowercase();
        let mv = match word.as_str() {
            "swap" => {
                if ply != 1 {
                    return p.err(vat, format!("expected a hole, `resign` or `draw` at move {}, found `swap` (swap is allowed only as move 2)", ply + 1));
                }
                Move::Swap
            }
            "resign" => {
                ended = true;
                record.result = Some(GameResult::Win(mover.opponent()));
                Move::Resign
            }
            "draw" => {
                ended = true;
                record.result = Some(GameResult::Draw);
                Move::AcceptDraw
            }
            _ => {
                // The coordinate is the first two characters; `|` is itself a
                // coordinate character on boards wider than 27, so the offer
                // suffix is found by position, not by splitting.
                let split = value.char_indices().nth(2).map_or(value.len(), |(i, _)| i);
                let (coord, rest) = value.split_at(split);
                let offer = match rest {
                    "" => false,
                    r if r.eq_ignore_ascii_case("|draw") => true,
                    r if !r.starts_with('|') => {
                        return p.err(
                            vat,
                            format!(
                                "expected a two-character coordinate (column then row), `swap`, `resign` or `draw`, found `{}`",
                                value.escape_default()
                            ),
                        );
                    }
                    r => {
                        return p.err(
                            vat + 2,
                            format!(
                                "expected `]` or `|draw` after the coordinate `{}`, found `{}`",
                                coord.escape_default(),
                                r.escape_default()
                            ),
                        );
                    }
                };
                let hole = parse_coordinate(coord, size).map_err(|m| Error::Syntax {
                    at: Location::of_char(&p.chars, vat),
                    message: m,
                })?;
                Move::Place(Placement {
                    offers_draw: offer,
                    ..Placement::peg(hole)
                })
            }
        };
        record.moves.push(mv);
        record.move_at.0.push(locator.at(&p.chars, at));
    }
    p.skip_ws();
    if p.peek().is_some() {
        return p.err(
            p.pos,
            format!(
                "expected end of input after the game's closing `)`, found {}",
                p.describe()
            ),
        );
    }
    Ok(record)
}

fn parse_coordinate(coord: &str, size: BoardSize) -> Result<Hole, String> {
    let cs: Vec<char> = coord.chars().collect();
    if cs.len() != 2 {
        return Err(format!(
            "expected a two-character coordinate (column then row), `swap`, `resign` or `draw`, found `{}`",
            coord.escape_default()
        ));
    }
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
        index(cs[0], "column", size.width())?,
        index(cs[1], "row", size.height())?,
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

/// Writes one game in Little Golem's form, as Latin-1 bytes. Root
/// properties come in Little Golem's order (FF, EV, PB, PW, SZ, SO), then
/// any other tag whose name is an upper-case property name; tags with other
/// names have no place in the format and are left out.
pub fn write(record: &Record) -> Result<Vec<u8>, Error> {
    let size = record.size();
    if size.width() != size.height() || record.rules != RuleSet::pencil().with_size(size) {
        return Err(Error::Unwritable(format!(
            "Little Golem plays pencil rules on a square board; this record's rules are {}",
            record.rules
        )));
    }
    if record.first != Player::Red {
        return Err(Error::Unwritable(
            "Little Golem games start with the top–bottom player (red); this record starts with black".into(),
        ));
    }
    let mut out = String::from("(;");
    let prop = |out: &mut String, ident: &str, value: &str| {
        out.push_str(ident);
        out.push('[');
        for c in value.chars() {
            if c == ']' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
        out.push(']');
    };
    // Property names are case-sensitive: a property `EVENT` is not the tag
    // `Event`, so tags are looked up by their exact name.
    let tag = |name: &str| {
        record
            .tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    prop(&mut out, "FF", tag("FF").unwrap_or("4"));
    for (ident, name) in [("EV", "Event"), ("PB", "Red"), ("PW", "Black")] {
        if let Some(v) = tag(name) {
            prop(&mut out, ident, v);
        }
    }
    prop(&mut out, "SZ", &size.width().to_string());
    if let Some(v) = tag("Site").or_else(|| tag("Source")) {
        prop(&mut out, "SO", v);
    }
    let known = ["FF", "SZ", "Event", "Red", "Black", "Site", "Source"];
    for (name, value) in &record.tags {
        if is_property_name(name) && !known.contains(&name.as_str()) {
            prop(&mut out, name, value);
        }
    }
    for (i, mv) in record.moves.iter().enumerate() {
        out.push(';');
        out.push(if i.is_multiple_of(2) { 'b' } else { 'r' });
        out.push('[');
        match mv {
            Move::Place(pl) => {
                if !pl.links.is_empty() || !pl.removals.is_empty() {
                    return Err(Error::Unwritable(format!(
                        "move {} places links or removes something; Little Golem has no notation for that",
                        i + 1
                    )));
                }
                if !size.contains(pl.hole) {
                    return Err(Error::Unwritable(format!(
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
                    return Err(Error::Unwritable(format!(
                        "move {} is a swap, allowed only as move 2",
                        i + 1
                    )));
                }
                out.push_str("swap");
            }
            Move::Resign => out.push_str("resign"),
            Move::AcceptDraw => out.push_str("draw"),
        }
        out.push(']');
        if matches!(mv, Move::Resign | Move::AcceptDraw) && i + 1 != record.moves.len() {
            return Err(Error::Unwritable(format!(
                "move {} ends the game but more moves follow",
                i + 1
            )));
        }
    }
    out.push(')');
    out.chars()
        .map(|c| {
            u8::try_from(u32::from(c)).map_err(|_| {
                Error::Unwritable(format!(
                    "character `{}` in a tag is not in Latin-1",
                    c.escape_default()
                ))
            })
        })
        .collect()
}
