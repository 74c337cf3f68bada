//! AbstractPlay game records: the JSON file the site gives for a finished
//! game, whose `moves` hold one string per turn in the site's TwixT notation.
//!
//! ```text
//! {"header": {"game": {"name": "Twixt", "variants": []}, "pie-invoked": true,
//!   "players": [{"name": "ann"}, {"name": "bob"}], …},
//!  "moves": [["f6", "m16"], ["-/g'7,/h8',n11", "resign"]]}
//! ```
//!
//! A turn is comma-separated steps: removals of own links (`-` and a link),
//! links added by hand between own pegs, then the peg. A link is named by
//! its direction (`/` or `\`) and its midpoint: `c3'` lies halfway between
//! rows 3 and 4 on column c (a link two columns wide), `c'3` halfway between
//! columns c and d on row 3 (a link two rows tall). Rows count from 1 at the
//! top, as the engine names holes. The first player joins top and bottom
//! (the engine's Red). The rules come from the variants: none is the site's
//! default (links cross nothing, own links may be removed and added by hand,
//! the `editable` rules), `pp` (Paper and pencil) the pencil rules with one
//! peg a turn; `size-30` a 30×30 board, 24×24 otherwise. The pie rule is
//! the site's: `pie-invoked` is a colour swap as move 2.

use nom::Parser as _;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::opt;

use crate::grammar::{self, Rule};
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Hole};
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal};
use twixt_core::rules::{Crossing, RuleSet, Swap};

use super::{Error, Location, fail, mover, on_board, utf8};

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// `-` and a link: an own link taken off.
    Remove(Link),
    /// A link added by hand.
    Add(Link),
    /// The peg of the turn.
    Peg(Hole),
}

/// The rules a record without variants is played under: the site's default.
pub fn default_rules() -> RuleSet {
    RuleSet {
        swap: Swap::Colors,
        ..RuleSet::editable()
    }
}

/// The rules of the `pp` variant: pencil and paper, with the site's pie.
fn pencil_rules() -> RuleSet {
    RuleSet {
        swap: Swap::Colors,
        ..RuleSet::pencil()
    }
}

/// Column letters and row digits, as the site writes them (any case).
fn cell(i: &str) -> Rule<'_, (&str, &str)> {
    grammar::coordinate(i)
}

/// A link: direction, midpoint column letters, the `'` before or after the
/// row digits. Its two holes, or a message when they are off the board.
fn link(i: &str) -> Rule<'_, Result<Link, String>> {
    let (rest, (dir, letters, tall, digits, wide)) = (
        alt((tag("/"), tag("\\"))),
        grammar::ascii_while1(|b| b.is_ascii_alphabetic()),
        opt(tag("'")),
        grammar::ascii_while1(|b| b.is_ascii_digit()),
        opt(tag("'")),
    )
        .parse(i)?;
    let written = &i[..i.len() - rest.len()];
    let Some(mid) = Hole::from_written(letters, digits) else {
        return Err(fail(
            i,
            format!("expected a link midpoint like /c3' or \\c'3, found `{written}`"),
        ));
    };
    let (x, y) = (i64::from(mid.col), i64::from(mid.row));
    let ends = match (tall.is_some(), wide.is_some(), dir == "/") {
        // Two rows tall, the midpoint between columns x and x + 1.
        (true, false, true) => [(x, y + 1), (x + 1, y - 1)],
        (true, false, false) => [(x + 1, y + 1), (x, y - 1)],
        // Two columns wide, the midpoint between rows y and y + 1.
        (false, true, true) => [(x + 1, y), (x - 1, y + 1)],
        (false, true, false) => [(x + 1, y + 1), (x - 1, y)],
        _ => {
            return Err(fail(
                i,
                format!(
                    "expected one `'` in the link `{written}`: after the letters (c'3) or after the digits (c3')"
                ),
            ));
        }
    };
    let hole = |(c, r): (i64, i64)| Some(Hole::new(u16::try_from(c).ok()?, u16::try_from(r).ok()?));
    let made = match (hole(ends[0]), hole(ends[1])) {
        (Some(a), Some(b)) => Link::new(a, b).ok_or_else(|| unreachable_link(written)),
        _ => Err(format!("the link `{written}` runs off the board")),
    };
    Ok((rest, made))
}

/// A link whose ends are not a knight's move apart cannot come from the
/// table above; said plainly should it ever.
fn unreachable_link(written: &str) -> String {
    format!("the link `{written}` does not join two holes a knight's move apart")
}

/// One step: a removal, an added link or a peg.
fn step(i: &str) -> Rule<'_, Result<Step, String>> {
    if let Some(after) = i.strip_prefix('-') {
        let (rest, l) = link(after).map_err(|e| match e {
            nom::Err::Error(_) => fail(
                after,
                format!(
                    "expected a link after `-`, like -/c3', found {}",
                    grammar::found(after)
                ),
            ),
            other => other,
        })?;
        return Ok((rest, l.map(Step::Remove)));
    }
    if i.starts_with(['/', '\\']) {
        let (rest, l) = link(i)?;
        return Ok((rest, l.map(Step::Add)));
    }
    let (rest, (letters, digits)) = cell(i).map_err(|_| {
        fail(
            i,
            format!(
                "expected a peg like f6, a link like /c3' or a removal like -/c3', found {}",
                grammar::found(i)
            ),
        )
    })?;
    let hole = Hole::from_written(letters, digits)
        .ok_or_else(|| format!("expected a hole, found `{letters}{digits}`"));
    Ok((rest, hole.map(Step::Peg)))
}

/// The steps of a turn, `,`-separated (spaces allowed around them), and
/// where each starts.
fn steps(mut i: &str) -> Rule<'_, Vec<(Result<Step, String>, &str)>> {
    let mut out = Vec::new();
    loop {
        let (at, _) = grammar::whitespace(i)?;
        let (rest, s) = step(at)?;
        out.push((s, at));
        let (rest, _) = grammar::whitespace(rest)?;
        match rest.strip_prefix(',') {
            Some(after) => i = after,
            None if rest.is_empty() => return Ok((rest, out)),
            None => {
                return Err(fail(
                    rest,
                    format!(
                        "expected `,` or the end of the move, found {}",
                        grammar::found(rest)
                    ),
                ));
            }
        }
    }
}

/// The move a turn's text makes under `rules` on `size`; the error names
/// the place within the text.
fn turn(text: &str, rules: &RuleSet) -> Result<Move, (usize, String)> {
    let at = |part: &str| grammar::offset_in(text, part);
    let parsed = steps(text).map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => (at(f.at), f.message),
        nom::Err::Incomplete(_) => (0, "the move ends too soon".into()),
    })?;
    let mut placement: Option<Placement> = None;
    let (mut removals, mut links) = (Vec::new(), Vec::new());
    for (s, from) in parsed.1 {
        let s = s.map_err(|m| (at(from), m))?;
        if placement.is_some() {
            return Err((
                at(from),
                "expected the peg to end the move, found a step after it".into(),
            ));
        }
        match s {
            Step::Remove(l) | Step::Add(l) if rules.crossing == Crossing::Own => {
                let _ = l;
                return Err((
                    at(from),
                    "the pencil rules (pp) take a peg only: no link is removed or added by hand"
                        .into(),
                ));
            }
            Step::Remove(l) => removals.push(Removal::Link(l)),
            Step::Add(l) => links.push(l),
            Step::Peg(h) => {
                let word = &from[..from.find([',', ' ']).unwrap_or(from.len())];
                let hole = on_board(h, word, rules.size).map_err(|m| (at(from), m))?;
                let mut p = Placement::peg(hole);
                p.removals = removals.drain(..).collect();
                p.links = links.drain(..).collect();
                placement = Some(p);
            }
        }
    }
    placement
        .map(Move::Place)
        .ok_or_else(|| (text.len(), "expected a peg to end the move".into()))
}

/// The rules and size the variants name, or the variant not known.
fn rules_of(variants: &[String]) -> Result<RuleSet, String> {
    let mut rules = default_rules();
    let mut size = BoardSize::STANDARD;
    for v in variants {
        let lower = v.trim().to_ascii_lowercase();
        if lower == "pp" || lower.starts_with("paper and pencil") {
            rules = pencil_rules();
        } else if lower == "size-30" || lower.contains("30x30") {
            size = BoardSize::new(30, 30).expect("30×30 is a board");
        } else if lower.contains("24x24") || lower.starts_with("default") || lower.starts_with('#')
        {
            // The defaults, named.
        } else {
            return Err(format!(
                "the variant `{}` is not one AbstractPlay's TwixT has (pp, size-30)",
                grammar::clip(v).escape_default()
            ));
        }
    }
    Ok(rules.with_size(size))
}

/// The place of the JSON string `s` in `text` at or after `from`.
fn find_string(text: &str, from: usize, s: &str) -> Option<usize> {
    let literal = serde_json::to_string(s).ok()?;
    text.get(from..)?.find(&literal).map(|i| from + i + 1)
}

/// Where the `moves` array starts: after the key, not a value that says it.
fn moves_key(text: &str) -> usize {
    let mut from = 0;
    while let Some(i) = text[from..].find("\"moves\"") {
        let at = from + i;
        let after = text[at + 7..].trim_start();
        if after.starts_with(':') && !text[..at].ends_with('\\') {
            return at;
        }
        from = at + 7;
    }
    0
}

/// The place in `text` of byte `offset` of the string `t`, whose JSON
/// literal's content starts at `start` (escapes take more bytes there).
fn json_offset(text: &str, start: usize, t: &str, offset: usize) -> usize {
    let mut o = start;
    for _ in t[..offset.min(t.len())].chars() {
        let rest = &text[o.min(text.len())..];
        o += if rest.starts_with("\\u") {
            6
        } else if rest.starts_with('\\') {
            2
        } else {
            rest.chars().next().map_or(0, char::len_utf8)
        };
    }
    o.min(text.len())
}

/// A syntax error at byte `offset` of `text`.
fn error_at(text: &str, offset: usize, message: impl Into<String>) -> Error {
    Error::Syntax {
        at: Location::of_offset(text, offset),
        message: message.into(),
    }
}

/// The string at `key` of a JSON object, if any.
fn string_at<'a>(v: &'a serde_json::Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(serde_json::Value::as_str)
}

/// Reads an AbstractPlay game record of a TwixT game.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        // serde_json counts the column in bytes; the error names characters.
        let line_start: usize = text
            .split_inclusive('\n')
            .take(e.line().saturating_sub(1))
            .map(str::len)
            .sum();
        let offset = (line_start + e.column().saturating_sub(1)).min(text.len());
        let offset = (0..=offset)
            .rev()
            .find(|&o| text.is_char_boundary(o))
            .unwrap_or(0);
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or(&message);
        error_at(
            text,
            offset,
            format!("expected an AbstractPlay game record (JSON): {message}"),
        )
    })?;
    let top = |m: &str| error_at(text, 0, m.to_string());
    let Some(object) = value.as_object() else {
        return Err(top(
            "expected an AbstractPlay game record: a JSON object with `header` and `moves`",
        ));
    };
    let header = object
        .get("header")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    let game = header.get("game");
    if let Some(name) = game.and_then(|g| string_at(g, "name"))
        && !name.eq_ignore_ascii_case("twixt")
    {
        let at = find_string(text, 0, name).unwrap_or(0);
        return Err(error_at(
            text,
            at,
            format!(
                "expected a TwixT game, found a record of `{}`",
                grammar::clip(name).escape_default()
            ),
        ));
    }
    let variants: Vec<String> = match game.and_then(|g| g.get("variants")) {
        None | Some(serde_json::Value::Null) => Vec::new(),
        Some(serde_json::Value::Array(vs)) => vs
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect::<Option<_>>()
            .ok_or_else(|| top("expected the variants as a list of names"))?,
        Some(_) => return Err(top("expected the variants as a list of names")),
    };
    let rules = rules_of(&variants).map_err(|m| {
        let bad = variants
            .iter()
            .find(|v| rules_of(std::slice::from_ref(v)).is_err());
        let at = bad.and_then(|v| find_string(text, 0, v)).unwrap_or(0);
        error_at(text, at, m)
    })?;
    let mut record = Record::new(rules);
    if let Some(players) = header.get("players").and_then(|p| p.as_array()) {
        for (colour, p) in ["Red", "Black"].iter().zip(players) {
            if let Some(name) = string_at(p, "name") {
                record.tags.push((colour.to_string(), name.to_string()));
            }
        }
    }
    for (key, tag_name) in [
        ("event", "Event"),
        ("round", "Round"),
        ("date-start", "Date"),
    ] {
        if let Some(v) = string_at(&header, key) {
            record.tags.push((tag_name.to_string(), v.to_string()));
        }
    }
    if let Some(site) = header.get("site") {
        if let Some(name) = string_at(site, "name") {
            record.tags.push(("Site".into(), name.to_string()));
        }
        match site.get("gameid") {
            Some(serde_json::Value::String(id)) => record.tags.push(("GameId".into(), id.clone())),
            Some(serde_json::Value::Number(n)) => {
                record.tags.push(("GameId".into(), n.to_string()))
            }
            _ => {}
        }
    }
    let pie = header
        .get("pie-invoked")
        .and_then(serde_json::Value::as_bool)
        == Some(true);
    // Turns in order: rounds of one string per player, or plain strings.
    let mut turns: Vec<&str> = Vec::new();
    let Some(moves) = object.get("moves").and_then(|m| m.as_array()) else {
        return Err(top("expected `moves`, a list of the game's turns"));
    };
    for round in moves {
        match round {
            serde_json::Value::String(s) => turns.push(s),
            serde_json::Value::Array(ms) => {
                for m in ms {
                    let Some(s) = m.as_str() else {
                        return Err(top("expected each turn as a string"));
                    };
                    turns.push(s);
                }
            }
            _ => return Err(top("expected each round as a list of turns")),
        }
        if turns.len() > crate::limits::MAX_MOVES_PER_GAME {
            return Err(top(&format!(
                "more than {} moves in one game",
                crate::limits::MAX_MOVES_PER_GAME
            )));
        }
    }
    let mut locator = grammar::Locator::new(text);
    let mut from = moves_key(text);
    let mut ended = false;
    for (n, t) in turns.iter().enumerate() {
        let start = find_string(text, from, t).unwrap_or(from);
        from = start;
        if ended {
            return Err(error_at(
                text,
                start,
                format!(
                    "expected the end of the game, found the move `{}` after it",
                    grammar::clip(t).escape_default()
                ),
            ));
        }
        if pie && record.moves.len() == 1 {
            record.moves.push(Move::Swap);
            record
                .move_at
                .0
                .push(Location::located(&mut locator, start));
        }
        let ply = record.moves.len();
        let lower = t.trim().to_ascii_lowercase();
        let mv = match lower.as_str() {
            "resign" => {
                ended = true;
                let loser = mover(&record.rules, record.first, &record.moves, ply);
                record.result = Some(GameResult::Win(loser.opponent()));
                Move::Resign
            }
            "timeout" => {
                ended = true;
                let loser = mover(&record.rules, record.first, &record.moves, ply);
                record.result = Some(GameResult::Win(loser.opponent()));
                continue;
            }
            "draw" => {
                ended = true;
                record.result = Some(GameResult::Draw);
                continue;
            }
            "abandoned" => {
                ended = true;
                record.result = Some(GameResult::Unfinished);
                continue;
            }
            _ => turn(&t.to_ascii_lowercase(), &record.rules).map_err(|(o, m)| {
                error_at(
                    text,
                    json_offset(text, start, t, o),
                    format!("move {}: {m}", n + 1),
                )
            })?,
        };
        record.moves.push(mv);
        record
            .move_at
            .0
            .push(Location::located(&mut locator, start));
    }
    if pie && record.moves.len() < 2 {
        return Err(top(
            "`pie-invoked` says the pie rule was used, but the game has no first move to swap",
        ));
    }
    Ok(record)
}

/// True when the head of an input is an AbstractPlay record: a JSON object
/// naming the site, or the game Twixt with its turns.
pub fn looks_like(text: &str) -> bool {
    text.starts_with('{')
        && text.contains("\"moves\"")
        && (text.contains("Abstract Play") || text.to_ascii_lowercase().contains("\"twixt\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves_of(text: &str) -> Vec<Move> {
        read(text.as_bytes()).unwrap().moves
    }

    #[test]
    fn links_are_named_by_direction_and_midpoint() {
        let l = |s: &str| link(s).unwrap().1.unwrap();
        let h = |s: &str| s.parse::<Hole>().unwrap();
        // Two columns wide: c3' lies between rows 3 and 4 on column c.
        assert_eq!(l("/c3'"), Link::new(h("d3"), h("b4")).unwrap());
        assert_eq!(l("\\c3'"), Link::new(h("d4"), h("b3")).unwrap());
        // Two rows tall: c'3 lies between columns c and d on row 3.
        assert_eq!(l("/c'3"), Link::new(h("c4"), h("d2")).unwrap());
        assert_eq!(l("\\c'3"), Link::new(h("d4"), h("c2")).unwrap());
        assert!(link("/c3").is_err());
        assert!(link("/c'3'").is_err());
        assert_eq!(
            link("/a'1").unwrap().1,
            Err("the link `/a'1` runs off the board".into())
        );
    }

    #[test]
    fn a_record_reads_with_its_variants_pie_and_end() {
        let text = r#"{"header": {"game": {"name": "Twixt", "variants": ["Paper and pencil"]},
  "pie-invoked": true, "players": [{"name": "ann"}, {"name": "bob"}]},
 "moves": [["f6", "m16"], ["g8", "resign"]]}"#;
        let r = read(text.as_bytes()).unwrap();
        assert_eq!(r.rules, pencil_rules());
        assert_eq!(r.moves.len(), 5);
        assert_eq!(r.moves[1], Move::Swap);
        assert_eq!(r.moves[4], Move::Resign);
        assert_eq!(r.tag("Red"), Some("ann"));
        let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
        assert_eq!(at, [(3, 14), (3, 20), (3, 20), (3, 29), (3, 35)]);
        // The default rules: removals and links added by hand, then the peg.
        let r = read(br#"{"moves": [["f6", "m16"], ["h7", "n14"], ["-/g7',/g'7,k9"]]}"#).unwrap();
        assert_eq!(r.rules, default_rules());
        let Move::Place(p) = &r.moves[4] else {
            panic!()
        };
        assert_eq!(p.removals.len(), 1);
        assert_eq!(p.links.len(), 1);
        assert_eq!(p.hole, "k9".parse().unwrap());
        assert_eq!(moves_of(r#"{"moves": ["f6", "m16"]}"#).len(), 2);
    }

    #[test]
    fn what_it_cannot_read_is_refused_at_its_place() {
        let cases: [(&str, usize, usize, &str); 8] = [
            (r#"{"moves": [["f6", "zz99"]]}"#, 1, 20, "off the board"),
            (r#"{"moves": [["f6", "g8,h9"]]}"#, 1, 23, "step after it"),
            (
                "{\"moves\": [[\"f6\", \"-/c3\"]]}",
                1,
                21,
                "expected one `'`",
            ),
            (
                "{\"moves\": [[\"f6\", \"-g8\"]]}",
                1,
                21,
                "expected a link after",
            ),
            (
                r#"{"header": {"game": {"name": "Hex"}}, "moves": []}"#,
                1,
                31,
                "TwixT",
            ),
            (
                r#"{"header": {"game": {"name": "Twixt", "variants": ["odd"]}}, "moves": []}"#,
                1,
                53,
                "variant",
            ),
            ("{\"moves\": [\n[\"f6\" \"g8\"]]}", 2, 7, "expected"),
            (
                r#"{"header": {"game": {"name": "Twixt", "variants": ["pp"]}}, "moves": [["f6", "/c3',g8"]]}"#,
                1,
                79,
                "pencil",
            ),
        ];
        super::super::refused_at(read, &cases);
    }
}
