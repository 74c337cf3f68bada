//! Boardspace game files: the site's SGF-like record of every step a player
//! took, one move spec a property.
//!
//! ```text
//! (;GM[Twixt]VV[1]GN[TW-ann-bob-2024-01-02]SU[twixt-18]
//! P0[id "ann"]P1[id "bob"]
//! ; P0[0 Start P0]
//! ; P0[1 dropb K 12]; P0[2 done]
//! ; P1[3 swap]; P1[4 done]
//! ; P0[5 dropb J 14 RB60]; P0[6 done]
//! ; P1[7 resign]; P1[8 done])
//! ```
//!
//! `SU` names the variation and so the board: `twixt` 24×24, `twixt-18`
//! 18×18, `twixt-13` 13×13. `P0` is the first player and plays Red, `P1`
//! Black; a move property holds its sequence number, then the spec. Holes
//! are a column letter and a row number counted the site's way: row 1 is
//! the row the site shows as its last, so the reader names the hole
//! `K 12` of a 24×24 board `k13`, as the site's move list does. Red joins
//! rows 1 and n (top and bottom), Black columns A and the last.
//!
//! A peg (`dropb`) gets every legal link to an own peg at once; the names
//! after it (`RB30 BB150` …) are the links the site made, by colour and
//! angle, and are checked against the engine's. `pickb C R RB60` takes the
//! own link stored at that hole off; `drop RB60` puts it back in the pool.
//! `swap` (the pie rule, move 2) exchanges colours; `resign` ends the game;
//! `done` ends a turn. These are the engine's `editable` rules: no link
//! crosses any link, own links may be taken off, the colour swap.

use std::borrow::Cow;

use nom::Parser as _;
use nom::bytes::complete::take_while1;

use crate::grammar::{self, Rule};
use crate::record::{GameResult, Record};
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal};
use twixt_core::position::Position;
use twixt_core::rules::RuleSet;

use super::sgf::{Property, property_named};
use super::{Error, Location, RecordFormat, fail, on_board, utf8};

/// The rules of every Boardspace TwixT game, on a board of `side`.
pub fn rules(side: u16) -> RuleSet {
    let size = BoardSize::new(u64::from(side), u64::from(side)).expect("13, 18 and 24 are sizes");
    RuleSet::editable().with_size(size)
}

/// The board side a variation names, if it is one the site plays.
fn variation_side(name: &str) -> Option<u16> {
    match name.to_ascii_lowercase().as_str() {
        "twixt" => Some(24),
        "twixt-18" => Some(18),
        "twixt-13" => Some(13),
        _ => None,
    }
}

/// Adds header tag `key` unless the file gave it already: a property
/// given again (a date, a game name, a player's `id` in a later node)
/// does not change it, as a record holds one of each.
fn first_tag(tags: &mut Vec<(String, String)>, key: &str, value: &str) {
    if !tags.iter().any(|(k, _)| k == key) {
        tags.push((key.to_string(), value.to_string()));
    }
}

/// A property after white space: letters and digits (`P0`, `SU`), then
/// its values, read as SGF reads them.
fn property(i: &str) -> Rule<'_, Property<'_>> {
    property_named(i, |i| {
        take_while1(|c: char| c.is_ascii_alphanumeric()).parse(i)
    })
}

/// Every property of the game in order, nodes run together (a move is one
/// property, so node breaks say nothing more), up to the closing `)`.
fn properties(text: &str) -> Rule<'_, Vec<Property<'_>>> {
    let (i, _) = grammar::whitespace(text)?;
    let Some(i) = i.strip_prefix('(') else {
        return Err(fail(
            i,
            format!(
                "expected `(` to open a Boardspace game, found {}",
                grammar::found(i)
            ),
        ));
    };
    let mut out = Vec::new();
    let mut i = i;
    loop {
        let (at, _) = grammar::whitespace(i)?;
        if let Some(rest) = at.strip_prefix(';') {
            i = rest;
        } else if let Some(rest) = at.strip_prefix(')') {
            let (end, _) = grammar::whitespace(rest)?;
            if !end.is_empty() {
                return Err(fail(
                    end,
                    format!(
                        "expected the end of the file after the game, found {}",
                        grammar::found(end)
                    ),
                ));
            }
            return Ok((end, out));
        } else if at.starts_with('(') {
            return Err(fail(
                at,
                "a variation: Boardspace records of one line of play are read, variations are not",
            ));
        } else if at.is_empty() {
            return Err(fail(
                at,
                "expected `)` to close the game, found end of input",
            ));
        } else {
            let (rest, p) = property(at).map_err(|e| match e {
                nom::Err::Error(_) => fail(
                    at,
                    format!(
                        "expected a property like P0[1 dropb K 12], found {}",
                        grammar::found(at)
                    ),
                ),
                other => other,
            })?;
            if out.len() >= 4 * crate::limits::MAX_MOVES_PER_GAME {
                return Err(fail(
                    at,
                    format!(
                        "more than {} moves in one game",
                        crate::limits::MAX_MOVES_PER_GAME
                    ),
                ));
            }
            out.push(p);
            i = rest;
        }
    }
}

/// The words of a move spec, each with its byte offset in the spec.
fn words(spec: &str) -> Vec<(usize, &str)> {
    spec.split_ascii_whitespace()
        .map(|w| (grammar::offset_in(spec, w), w))
        .collect()
}

/// A bridge's name: its colour and angle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Bridge {
    colour: Player,
    /// 30, 60, 120 or 150 degrees.
    angle: u16,
}

impl Bridge {
    /// `RB30` … `BB150`, any case.
    fn parse(word: &str) -> Option<Bridge> {
        let upper = word.to_ascii_uppercase();
        let (colour, angle) = if let Some(a) = upper.strip_prefix("RB") {
            (Player::Red, a)
        } else {
            (Player::Black, upper.strip_prefix("BB")?)
        };
        let angle = match angle {
            "30" => 30,
            "60" => 60,
            "120" => 120,
            "150" => 150,
            _ => return None,
        };
        Some(Bridge { colour, angle })
    }

    fn name(self) -> String {
        let c = if self.colour == Player::Red { 'R' } else { 'B' };
        format!("{c}B{}", self.angle)
    }

    /// The far end of this bridge stored at `from`: every bridge leads up
    /// the site's rows, which is up the engine's too (lower row numbers).
    fn far_end(self, from: Hole) -> Option<Hole> {
        let (dx, dy): (i32, i32) = match self.angle {
            30 => (-2, 1),
            60 => (-1, 2),
            120 => (1, 2),
            _ => (2, 1),
        };
        let col = u16::try_from(i32::from(from.col) + dx).ok()?;
        let row = u16::try_from(i32::from(from.row) - dy).ok()?;
        Some(Hole::new(col, row))
    }

    /// The name of `link` of `colour`: stored at its lower end.
    fn of_link(link: Link, colour: Player) -> Bridge {
        let (a, b) = link.ends();
        let (from, to) = if a.row > b.row { (a, b) } else { (b, a) };
        let dx = i32::from(to.col) - i32::from(from.col);
        let angle = match (dx, from.row - to.row) {
            (-2, _) => 30,
            (-1, _) => 60,
            (1, _) => 120,
            _ => 150,
        };
        Bridge { colour, angle }
    }
}

/// A column letter and a row number of the site, as the engine's hole on
/// a board of `side` (site row r is engine row side + 1 − r).
fn hole_of(col: &str, row: &str, side: u16) -> Result<Hole, String> {
    let written = format!("{col} {row}");
    let c = match col.as_bytes() {
        [b] if b.is_ascii_alphabetic() => u16::from(b.to_ascii_uppercase() - b'A'),
        _ => {
            return Err(format!(
                "expected a column letter, found `{}`",
                grammar::clip(col)
            ));
        }
    };
    let r: u16 = match row.parse() {
        Ok(r) if (1..=side).contains(&r) => r,
        _ if row.bytes().all(|b| b.is_ascii_digit()) && !row.is_empty() => {
            return Err(format!(
                "expected a hole on the board of size {side}, found `{written}`, which is off the board"
            ));
        }
        _ => {
            return Err(format!(
                "expected a row number, found `{}`",
                grammar::clip(row)
            ));
        }
    };
    let size = BoardSize::new(u64::from(side), u64::from(side)).expect("a site board");
    on_board(Hole::new(c, side - r), &written, size)
}

/// The site's column letter and row number of an engine hole.
fn site_name(hole: Hole, side: u16) -> (char, u16) {
    (char::from(b'A' + hole.col as u8), side - hole.row)
}

/// The turn's peg: its hole, where its `dropb` is, and the bridge names
/// written after it, each with its place.
type Peg = (Hole, usize, Vec<(usize, Bridge)>);

/// A turn being read: what the mover has done since the last `done`.
#[derive(Default)]
struct Turn<'a> {
    /// Where the turn's first step is.
    start: Option<usize>,
    /// Links taken off before the peg.
    before: Vec<Link>,
    /// The peg, where its `dropb` is, and the bridge names written after it.
    peg: Option<Peg>,
    /// Links taken off after the peg, each with where it was taken.
    after: Vec<(Link, usize)>,
    /// A bridge lifted by `pickb` and not yet put down: its link, its hole.
    lifted: Option<(Link, Hole, usize)>,
    /// `swap`, `resign`, a draw offer: the turn's one action without a peg.
    action: Option<(&'a str, usize)>,
}

/// The state of the game as read so far.
struct Reader<'a> {
    text: &'a str,
    side: u16,
    position: Position,
    record: Record,
    /// The player index (0 or 1) to move, once `Start` or a move says.
    to_move: Option<usize>,
    turn: Turn<'a>,
    /// A standing draw offer by the player index given.
    offer: Option<usize>,
    ended: Option<usize>,
    locator: grammar::Locator<'a>,
}

impl<'a> Reader<'a> {
    fn error(&self, at: usize, message: impl Into<String>) -> Error {
        Error::Syntax {
            at: Location::of_offset(self.text, at),
            message: message.into(),
        }
    }

    /// The colour player index `p` plays now (after a swap, the other).
    fn colour_of(&self, p: usize) -> Player {
        let first = if p == 0 { Player::Red } else { Player::Black };
        let swapped = matches!(self.record.moves.get(1), Some(Move::Swap));
        if swapped { first.opponent() } else { first }
    }

    /// One step `spec` by player index `p`, whose text starts at `at`.
    fn step(&mut self, p: usize, spec: &'a str, at: usize) -> Result<(), Error> {
        let ws = words(spec);
        // A leading number is the step's sequence number.
        let ws: Vec<(usize, &str)> = match ws.first() {
            Some((_, w)) if w.bytes().all(|b| b.is_ascii_digit()) => ws[1..].to_vec(),
            _ => ws,
        };
        let Some(&(o, command)) = ws.first() else {
            return Err(self.error(
                at,
                "expected a move spec like `1 dropb K 12`, found nothing",
            ));
        };
        let here = at + o;
        let arg = |k: usize| ws.get(k).map(|&(o, w)| (at + o, w));
        let lower = command.to_ascii_lowercase();
        if lower == "start" {
            let who = match arg(1).map(|(_, w)| w.to_ascii_uppercase()) {
                Some(w) if w == "P0" => 0,
                Some(w) if w == "P1" => 1,
                _ => return Err(self.error(here, "expected `Start P0` or `Start P1`")),
            };
            if !self.record.moves.is_empty() || self.turn.start.is_some() {
                return Err(self.error(here, "`Start` after the game has begun"));
            }
            self.to_move = Some(who);
            self.record.first = if who == 0 { Player::Red } else { Player::Black };
            self.position = Position::with_first(self.record.rules.clone(), self.record.first)
                .expect("the editable rules are valid");
            return Ok(());
        }
        if self.ended.is_some() {
            return Err(self.error(
                here,
                format!(
                    "expected the end of the game, found `{}` after it",
                    grammar::clip(spec.trim())
                ),
            ));
        }
        let to_move = *self.to_move.get_or_insert(p);
        if p != to_move {
            return Err(self.error(here, format!("P{p} moves, but it is P{to_move}'s turn")));
        }
        self.turn.start.get_or_insert(here);
        let mover = self.colour_of(to_move);
        match lower.as_str() {
            "done" => self.done(to_move, here),
            "pick" => {
                // A peg taken from the mover's own pool: no change yet.
                match arg(1).map(|(_, w)| w.to_ascii_uppercase()) {
                    Some(w) if matches!(w.as_str(), "R" | "B" | "RP" | "BP") => Ok(()),
                    _ => Err(self.error(
                        here,
                        "a bridge taken from the pool is a link added by hand, which this reader does not replay",
                    )),
                }
            }
            "pickb" | "dropb" => {
                let (Some((ca, col)), Some((_, row))) = (arg(1), arg(2)) else {
                    return Err(self.error(
                        here,
                        format!("expected a column and a row after {command}, like `{command} K 12`"),
                    ));
                };
                let hole = hole_of(col, row, self.side).map_err(|m| self.error(ca, m))?;
                if lower == "pickb" {
                    self.pick(hole, arg(3), mover, here)
                } else {
                    let names = ws[3.min(ws.len())..]
                        .iter()
                        .map(|&(o, w)| {
                            Bridge::parse(w).map(|b| (at + o, b)).ok_or_else(|| {
                                self.error(
                                    at + o,
                                    format!(
                                        "expected a bridge like RB30 or BB150, found `{}`",
                                        grammar::clip(w)
                                    ),
                                )
                            })
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    self.drop_peg(hole, names, here)
                }
            }
            "drop" => match self.turn.lifted.take() {
                // The lifted bridge goes back to the pool: it is removed.
                Some((link, _, lifted_at)) => {
                    if self.turn.peg.is_some() {
                        self.turn.after.push((link, lifted_at));
                    } else {
                        self.turn.before.push(link);
                    }
                    Ok(())
                }
                None => match &self.turn.peg {
                    Some(_) => Err(self.error(here, "`drop` with nothing lifted")),
                    None => Ok(()),
                },
            },
            "swap" | "resign" | "offerdraw" | "acceptdraw" | "declinedraw" => {
                if self.turn.peg.is_some() || self.turn.action.is_some() {
                    return Err(self.error(
                        here,
                        format!("`{command}` in a turn that has already moved"),
                    ));
                }
                self.turn.action = Some((
                    match lower.as_str() {
                        "swap" => "swap",
                        "resign" => "resign",
                        "offerdraw" => "offerdraw",
                        "acceptdraw" => "acceptdraw",
                        _ => "declinedraw",
                    },
                    here,
                ));
                Ok(())
            }
            "gameoverontime" => {
                self.record.result = Some(GameResult::Win(mover));
                self.ended = Some(here);
                Ok(())
            }
            "edit" | "move" => Err(self.error(
                here,
                format!(
                    "`{command}` edits the board by hand: an edited position is not a game the rules replay"
                ),
            )),
            _ => Err(self.error(
                here,
                format!(
                    "expected a TwixT move spec (dropb, pickb, drop, done, swap, resign …), found `{}`",
                    grammar::clip(command)
                ),
            )),
        }
    }

    /// `pickb` at `hole`: a bridge of `named` lifted, or the turn's peg
    /// taken back.
    fn pick(
        &mut self,
        hole: Hole,
        named: Option<(usize, &str)>,
        mover: Player,
        at: usize,
    ) -> Result<(), Error> {
        let bridge = named.and_then(|(_, w)| Bridge::parse(w));
        let Some(bridge) = bridge else {
            let peg_word = named.is_none_or(|(_, w)| {
                matches!(w.to_ascii_uppercase().as_str(), "RP" | "BP" | "R" | "B")
            });
            if peg_word && self.turn.peg.as_ref().is_some_and(|(h, ..)| *h == hole) {
                // The peg of this turn taken back, its links with it.
                self.turn.peg = None;
                self.turn.after.clear();
                return Ok(());
            }
            return Err(self.error(
                at,
                "taking a peg off the board is an edit, not a move the rules replay",
            ));
        };
        if bridge.colour != mover {
            return Err(self.error(
                at,
                format!("{mover} cannot take off the {} link", bridge.name()),
            ));
        }
        let link = bridge
            .far_end(hole)
            .filter(|&far| self.record.size().contains(far))
            .and_then(|far| Link::new(hole, far))
            .ok_or_else(|| {
                self.error(
                    at,
                    format!("the bridge {} leads off the board here", bridge.name()),
                )
            })?;
        let made_now = self
            .turn
            .peg
            .as_ref()
            .is_some_and(|(h, ..)| link.touches(*h));
        let own = self.position.peg(hole) == Some(mover);
        if !(made_now || own && self.position.has_link(link)) {
            return Err(self.error(
                at,
                format!("there is no {} link here to take off", bridge.name()),
            ));
        }
        self.turn.lifted = Some((link, hole, at));
        Ok(())
    }

    /// `dropb` at `hole`: the peg of the turn, or a lifted bridge put back.
    fn drop_peg(
        &mut self,
        hole: Hole,
        names: Vec<(usize, Bridge)>,
        at: usize,
    ) -> Result<(), Error> {
        if let Some((_, from, _)) = self.turn.lifted {
            if from == hole {
                self.turn.lifted = None;
                return Ok(());
            }
            return Err(self.error(
                at,
                "a bridge moved to another hole is a link added by hand, which this reader does not replay",
            ));
        }
        if self.turn.peg.is_some() || self.turn.action.is_some() {
            return Err(self.error(at, "a second peg in one turn"));
        }
        self.turn.peg = Some((hole, at, names));
        Ok(())
    }

    /// `done`: the turn becomes a move of the record and is played.
    fn done(&mut self, p: usize, at: usize) -> Result<(), Error> {
        let turn = std::mem::take(&mut self.turn);
        if let Some((_, _, lifted_at)) = turn.lifted {
            return Err(self.error(
                lifted_at,
                "a bridge lifted and never put down before `done`",
            ));
        }
        let start = turn.start.unwrap_or(at);
        if let Some((action, action_at)) = turn.action {
            return self.action(p, action, action_at);
        }
        let Some((hole, peg_at, names)) = turn.peg else {
            if turn.before.is_empty() {
                return Err(self.error(start, "a turn with no peg: the rules have no pass"));
            }
            return Err(self.error(
                start,
                "links taken off without a peg: the rules have no pass",
            ));
        };
        let ply = self.record.moves.len();
        let placement = |removed: &[Link]| {
            let mut pl = Placement::peg(hole);
            pl.removals = removed.iter().map(|&l| Removal::Link(l)).collect();
            Move::Place(pl)
        };
        let mover = self.colour_of(p);
        let play = |pos: &mut Position, mv: &Move| {
            pos.play(mv)
                .map_err(|e| (peg_at, format!("move {}: {e}", ply + 1)))
        };
        // The peg and the links it made, with only the removals before it.
        let mut trial = self.position.clone();
        let first =
            play(&mut trial, &placement(&turn.before)).map_err(|(o, m)| self.error(o, m))?;
        let mut made: Vec<Link> = first.links_added.clone();
        let mut mv = placement(&turn.before);
        if !turn.after.is_empty() {
            for &(l, o) in &turn.after {
                if made.contains(&l) {
                    return Err(self.error(
                        o,
                        "taking off a link the peg has just made: the engine's rules take links off before the peg",
                    ));
                }
            }
            // Taken off after the peg, the same as before it when the peg
            // makes the same links either way.
            let mut all = turn.before.clone();
            all.extend(turn.after.iter().map(|&(l, _)| l));
            let mut again = self.position.clone();
            let second = play(&mut again, &placement(&all)).map_err(|(o, m)| self.error(o, m))?;
            if second.links_added != made {
                return Err(self.error(
                    turn.after[0].1,
                    "a link taken off after the peg that would let the peg link otherwise before it: not a move of the engine's rules",
                ));
            }
            trial = again;
            made = second.links_added;
            mv = placement(&all);
        }
        if !names.is_empty() {
            let mut said: Vec<Bridge> = names.iter().map(|&(_, b)| b).collect();
            let mut got: Vec<Bridge> = made.iter().map(|&l| Bridge::of_link(l, mover)).collect();
            said.sort();
            got.sort();
            if said != got {
                let list = |bs: &[Bridge]| {
                    if bs.is_empty() {
                        "none".to_string()
                    } else {
                        bs.iter().map(|b| b.name()).collect::<Vec<_>>().join(" ")
                    }
                };
                return Err(self.error(
                    names[0].0,
                    format!(
                        "the record says the peg made the links {}, the rules make {}",
                        list(&said),
                        list(&got)
                    ),
                ));
            }
        }
        self.position = trial;
        self.push(mv, peg_at);
        Ok(())
    }

    /// A turn of one action: swap, resign or a draw offer and its answer.
    fn action(&mut self, p: usize, action: &str, at: usize) -> Result<(), Error> {
        match action {
            "swap" | "resign" => {
                let mv = if action == "swap" {
                    Move::Swap
                } else {
                    Move::Resign
                };
                let ply = self.record.moves.len();
                self.position
                    .play(&mv)
                    .map_err(|e| self.error(at, format!("move {}: {e}", ply + 1)))?;
                if action == "resign" {
                    self.record.result = Some(GameResult::Win(self.colour_of(p).opponent()));
                    self.ended = Some(at);
                }
                self.push(mv, at);
            }
            "offerdraw" => {
                self.offer = Some(p);
                self.to_move = Some(1 - p);
            }
            "acceptdraw" | "declinedraw" => {
                if self.offer != Some(1 - p) {
                    return Err(self.error(at, format!("`{action}` with no draw offered")));
                }
                self.offer = None;
                if action == "acceptdraw" {
                    self.record.result = Some(GameResult::Draw);
                    self.ended = Some(at);
                } else {
                    // The offer declined, the offerer moves on.
                    self.to_move = Some(1 - p);
                }
            }
            _ => unreachable!("the actions are listed in step"),
        }
        Ok(())
    }

    /// `mv` played, written at byte `at`; the other player to move.
    fn push(&mut self, mv: Move, at: usize) {
        self.record.moves.push(mv);
        self.record
            .move_at
            .0
            .push(Location::located(&mut self.locator, at));
        self.to_move = self.to_move.map(|p| 1 - p);
        if let twixt_core::position::Status::Won { winner, .. } = self.position.status() {
            self.record.result = Some(GameResult::Win(winner));
            self.ended = Some(at);
        }
    }
}

/// Reads a Boardspace TwixT game file.
pub fn read(bytes: &[u8]) -> Result<Record, Error> {
    let text = utf8(bytes).map_err(|(at, message)| Error::Syntax { at, message })?;
    let props = properties(text).map(|(_, p)| p).map_err(|e| match e {
        nom::Err::Error(f) | nom::Err::Failure(f) => Error::Syntax {
            at: Location::of_offset(text, grammar::offset_in(text, f.at)),
            message: if f.message.is_empty() {
                format!("expected a Boardspace game, found {}", grammar::found(f.at))
            } else {
                f.message
            },
        },
        nom::Err::Incomplete(_) => unreachable!("complete parsers never ask for more"),
    })?;
    let at = |s: &str| grammar::offset_in(text, s);
    let err = |o: usize, m: String| Error::Syntax {
        at: Location::of_offset(text, o),
        message: m,
    };
    // The header: the game, the variation, the players.
    let mut side = None;
    let mut tags = Vec::new();
    for (name, values) in &props {
        let (v, start) = &values[0];
        match name.to_ascii_uppercase().as_str() {
            "GM" if !v.trim().eq_ignore_ascii_case("twixt") => {
                return Err(err(
                    at(start),
                    format!(
                        "expected a TwixT game (GM[Twixt]), found GM[{}]",
                        grammar::clip(v)
                    ),
                ));
            }
            "SU" => {
                let variation = v.split_ascii_whitespace().next().unwrap_or("");
                side = Some(variation_side(variation).ok_or_else(|| {
                    err(
                        at(start),
                        format!(
                            "expected the variation twixt, twixt-18 or twixt-13, found `{}`",
                            grammar::clip(variation)
                        ),
                    )
                })?);
            }
            "DT" if !v.trim().is_empty() => first_tag(&mut tags, "Date", v.trim()),
            "GN" if !v.trim().is_empty() => first_tag(&mut tags, "GameId", v.trim()),
            "P0" | "P1" => {
                let colour = if name.ends_with('0') { "Red" } else { "Black" };
                if let Some(id) = v.trim_start().strip_prefix("id ") {
                    first_tag(&mut tags, colour, id.trim().trim_matches('"'));
                }
            }
            _ => {}
        }
    }
    let Some(side) = side else {
        return Err(err(
            0,
            "expected SU[twixt], SU[twixt-18] or SU[twixt-13]: without the variation the board size is not known".into(),
        ));
    };
    let rules = rules(side);
    let mut record = Record::new(rules.clone());
    record.tags = tags;
    let mut reader = Reader {
        text,
        side,
        position: Position::new(rules).expect("the editable rules are valid"),
        record,
        to_move: None,
        turn: Turn::default(),
        offer: None,
        ended: None,
        locator: grammar::Locator::new(text),
    };
    for (name, values) in &props {
        let p = match name.to_ascii_uppercase().as_str() {
            "P0" => 0,
            "P1" => 1,
            _ => continue,
        };
        for (v, start) in values {
            let spec = v.trim_start();
            // Only a numbered spec is a step (`id`, `time` … are not).
            if !spec.starts_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            // An escape makes the value longer than its text: positions
            // past it fall back to the value's start.
            let base = at(start) + (v.len() - spec.len());
            let spec_ref: &str = match v {
                Cow::Borrowed(b) => b.trim_start(),
                Cow::Owned(_) => {
                    return Err(err(
                        at(start),
                        "expected a move spec without `\\` escapes".into(),
                    ));
                }
            };
            reader.step(p, spec_ref, base)?;
        }
    }
    if reader.turn.peg.is_some() || reader.turn.lifted.is_some() {
        let o = reader.turn.start.unwrap_or(text.len());
        return Err(err(o, "the last turn is not finished with `done`".into()));
    }
    if let Some((action, o)) = reader.turn.action {
        if action == "resign" {
            let p = reader.to_move.unwrap_or(0);
            reader.action(p, "resign", o)?;
        } else {
            return Err(err(o, "the last turn is not finished with `done`".into()));
        }
    }
    Ok(reader.record)
}

/// True when the head of an input is a Boardspace TwixT game: SGF-like,
/// naming the game `Twixt` or a TwixT variation.
pub fn looks_like(text: &str) -> bool {
    if !text.trim_start().starts_with('(') {
        return false;
    }
    let squeezed: String = text
        .chars()
        .take(4096)
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    squeezed.contains("gm[twixt]") || squeezed.contains("su[twixt")
}

/// The tags [`write()`] writes as properties of the header, the first of
/// each name, in any case: GN, DT, and the players' P0 and P1 `id`s.
const HEADER_TAGS: [(&str, &str); 4] = [
    ("GameId", "GN"),
    ("Date", "DT"),
    ("Red", "P0"),
    ("Black", "P1"),
];

/// The names of the header tags of `record` that [`write()`] has no place
/// for, in order: all but the first of each of `GameId`, `Date`, `Red`
/// and `Black` (in any case) and those the file states otherwise,
/// `Size`, `Rules` (the site plays one rule set), `First` and `Result`.
pub fn tags_left_out(record: &Record) -> Vec<&str> {
    let placed: Vec<usize> = HEADER_TAGS
        .iter()
        .filter_map(|(name, _)| super::tag_index(record, name))
        .collect();
    super::tags_left_out(record, &placed, true)
}

/// Writes the game as the site records it: a peg and its links' names, then
/// `done`; `swap` and `resign` likewise; then a result the moves do not say,
/// when the site has steps for it ([`keeps_result`]).
pub fn write(record: &Record) -> Result<String, Error> {
    let side = record.size().width();
    let fmt = RecordFormat::Boardspace;
    if record.size().height() != side || !matches!(side, 13 | 18 | 24) {
        return Err(fmt.unwritable(format!(
            "the site plays 24×24, 18×18 and 13×13 boards, not {}",
            record.size()
        )));
    }
    if record.rules != rules(side) {
        return Err(fmt.unwritable(
            "the site plays one rule set (the engine's editable rules with the colour swap)",
        ));
    }
    let variation = match side {
        24 => "twixt",
        18 => "twixt-18",
        _ => "twixt-13",
    };
    let mut out = format!("(;\nGM[Twixt]VV[1]\nSU[{variation}]\n");
    let esc = |s: &str| s.replace('\\', "\\\\").replace(']', "\\]");
    let (ids, players) = HEADER_TAGS.split_at(2);
    for &(key, prop) in ids {
        if let Some(v) = record.tag(key) {
            // Read trimmed: white space around the value would be lost.
            if v.trim() != v {
                return Err(fmt.unwritable(format!(
                    "the tag {key} {v:?} begins or ends with white space, which the reader trims"
                )));
            }
            out.push_str(&format!("{prop}[{}]\n", esc(v)));
        }
    }
    for &(key, prop) in players {
        if let Some(v) = record.tag(key) {
            if v.contains('"') {
                return Err(fmt.unwritable(format!("the name {v:?} holds a `\"`")));
            }
            out.push_str(&format!("{prop}[id \"{}\"]\n", esc(v)));
        }
    }
    let first = if record.first == Player::Red { 0 } else { 1 };
    out.push_str(&format!("; P{first}[0 Start P{first}]\n"));
    let mut position = Position::with_first(record.rules.clone(), record.first)
        .map_err(|e| fmt.unwritable(e.to_string()))?;
    let mut n = 1;
    let mut p = first;
    for (ply, mv) in record.moves.iter().enumerate() {
        let played = position
            .play(mv)
            .map_err(|e| fmt.unwritable(format!("move {}: {e}", ply + 1)))?;
        let mut steps = Vec::new();
        match mv {
            Move::Place(pl) => {
                if !pl.links.is_empty() || pl.offers_draw {
                    return Err(fmt.unwritable(format!(
                        "move {} adds links by hand or offers a draw, which the site's records do not hold",
                        ply + 1
                    )));
                }
                for r in &pl.removals {
                    let Removal::Link(l) = r else {
                        return Err(fmt.unwritable(format!("move {} removes a peg", ply + 1)));
                    };
                    let b = Bridge::of_link(*l, played.mover);
                    let (a, z) = l.ends();
                    let from = if a.row > z.row { a } else { z };
                    let (c, r) = site_name(from, side);
                    steps.push(format!("pickb {c} {r} {}", b.name()));
                    steps.push(format!("drop {}", b.name()));
                }
                let (c, r) = site_name(pl.hole, side);
                let mut s = format!("dropb {c} {r}");
                for l in &played.links_added {
                    s.push(' ');
                    s.push_str(&Bridge::of_link(*l, played.mover).name());
                }
                steps.push(s);
            }
            Move::Swap => steps.push("swap".into()),
            Move::Resign => steps.push("resign".into()),
            Move::AcceptDraw => {
                return Err(fmt.unwritable(format!(
                    "move {} accepts a draw offered with a move, which the site's records do not hold",
                    ply + 1
                )));
            }
        }
        steps.push("done".into());
        for s in steps {
            out.push_str(&format!("; P{p}[{n} {s}]\n"));
            n += 1;
        }
        p = 1 - p;
    }
    match record.result.and_then(|r| ending(r, &position)) {
        Some(Ending::AgreedDraw) => {
            out.push_str(&format!("; P{p}[{n} offerdraw]\n; P{p}[{} done]\n", n + 1));
            let q = 1 - p;
            out.push_str(&format!(
                "; P{q}[{} acceptdraw]\n; P{q}[{} done]\n",
                n + 2,
                n + 3
            ));
        }
        Some(Ending::OnTime) => out.push_str(&format!("; P{p}[{n} gameoverontime]\n")),
        None => {}
    }
    out.push_str(")\n");
    Ok(out)
}

/// How [`write()`] ends a game whose moves leave it going on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// A draw offered and accepted.
    AgreedDraw,
    /// `gameoverontime`: the player to move wins.
    OnTime,
}

/// The steps that write `result` after the moves that lead to `position`,
/// if the site's records have them: a draw as an offer accepted, and a win
/// of the player to move as `gameoverontime` (the only win they record
/// that is neither a connection nor a resignation), both only while the
/// game goes on (steps after its end do not read).
fn ending(result: GameResult, position: &Position) -> Option<Ending> {
    if position.status() != twixt_core::position::Status::Ongoing {
        return None;
    }
    match result {
        GameResult::Draw => Some(Ending::AgreedDraw),
        GameResult::Win(p) if p == position.to_move() => Some(Ending::OnTime),
        GameResult::Win(_) | GameResult::Unfinished => None,
    }
}

/// Whether [`write()`] keeps the result of `record`: none, one its moves
/// say ([`super::said_by_moves`]), or one it writes after them
/// (a draw agreed, a win on time). A win of the player who moved last that no connection or
/// resignation says, an unfinished game's `*`, and a result the moves
/// contradict have no steps.
pub fn keeps_result(record: &Record) -> bool {
    let Some(result) = record.result else {
        return true;
    };
    let played = Position::with_first(record.rules.clone(), record.first)
        .ok()
        .and_then(|mut position| {
            record
                .moves
                .iter()
                .all(|mv| position.play(mv).is_ok())
                .then_some(position)
        });
    played.is_some_and(|position| ending(result, &position).is_some())
        || super::said_by_moves(record) == Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(moves: &str) -> String {
        format!(
            "(;GM[Twixt]VV[1]SU[twixt-13]P0[id \"ann\"]P1[id \"bob\"]\n; P0[0 Start P0]\n{moves})"
        )
    }

    #[test]
    fn bridges_name_their_far_end_up_the_board() {
        let h = |s: &str| s.parse::<Hole>().unwrap();
        // K 12 on 24×24 is the engine's k13.
        assert_eq!(hole_of("K", "12", 24).unwrap(), h("k13"));
        let b = |s| Bridge::parse(s).unwrap();
        assert_eq!(b("RB30").far_end(h("k13")), Some(h("i12")));
        assert_eq!(b("rb60").far_end(h("k13")), Some(h("j11")));
        assert_eq!(b("BB120").far_end(h("k13")), Some(h("l11")));
        assert_eq!(b("BB150").far_end(h("k13")), Some(h("m12")));
        for name in ["RB30", "RB60", "BB120", "BB150"] {
            let l = Link::new(h("k13"), b(name).far_end(h("k13")).unwrap()).unwrap();
            assert_eq!(Bridge::of_link(l, b(name).colour), b(name));
        }
        assert!(Bridge::parse("RB45").is_none());
    }

    #[test]
    fn a_game_reads_with_its_links_swap_and_resignation() {
        // F 7 and G 9 (site rows) are f7 and g5 on 13×13: a link.
        let text = game(
            "; P0[1 dropb F 7]; P0[2 done]\n; P1[3 swap]; P1[4 done]\n\
             ; P0[5 dropb C 4]; P0[6 done]\n; P1[7 dropb G 9 RB120]; P1[8 done]\n\
             ; P0[9 resign]; P0[10 done]\n",
        );
        let r = read(text.as_bytes()).unwrap();
        assert_eq!(r.rules, rules(13));
        assert_eq!(r.moves.len(), 5);
        assert_eq!(r.moves[1], Move::Swap);
        assert_eq!(r.moves[4], Move::Resign);
        assert_eq!(r.tag("Red"), Some("ann"));
        // P1 took Red with the swap; P0 (now Black) resigned.
        assert_eq!(r.result, Some(GameResult::Win(Player::Red)));
        let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
        assert_eq!(at, [(3, 8), (4, 8), (5, 8), (6, 8), (7, 8)]);
        // Written back, it reads the same.
        let again = read(write(&r).unwrap().as_bytes()).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn a_link_taken_off_before_the_peg_is_a_removal() {
        let text = game(
            "; P0[1 dropb F 7]; P0[2 done]; P1[3 dropb C 4]; P1[4 done]\n\
             ; P0[5 dropb G 9 RB120]; P0[6 done]; P1[7 dropb K 4]; P1[8 done]\n\
             ; P0[9 pickb F 7 RB120]; P0[10 drop RB120]; P0[11 dropb J 10]; P0[12 done]\n",
        );
        let r = read(text.as_bytes()).unwrap();
        let Move::Place(p) = &r.moves[4] else {
            panic!()
        };
        assert_eq!(p.removals.len(), 1);
        let again = read(write(&r).unwrap().as_bytes()).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn what_it_cannot_read_is_refused_at_its_place() {
        let cases: Vec<(String, usize, usize, &str)> = vec![
            (
                game("; P0[1 dropb F 7 RB30]; P0[2 done]"),
                3,
                18,
                "the record says",
            ),
            (
                game("; P0[1 dropb F 14]; P0[2 done]"),
                3,
                14,
                "off the board",
            ),
            (game("; P0[1 dropb A 7]; P0[2 done]"), 3, 8, "move 1"),
            (game("; P1[1 dropb F 7]; P1[2 done]"), 3, 8, "P0's turn"),
            (game("; P0[1 edit]"), 3, 8, "edit"),
            (game("; P0[1 dropb F 7]"), 3, 8, "not finished"),
            (
                game("; P0[1 dropb F 7]; P0[2 done]; P1[3 done]"),
                3,
                37,
                "no pass",
            ),
            ("(;GM[Hex]SU[hex])".into(), 1, 6, "TwixT"),
            ("(;GM[Twixt]SU[twixt-30])".into(), 1, 15, "variation"),
            ("(;GM[Twixt])".into(), 1, 1, "board size"),
            (game("(;P0[1 done])"), 3, 1, "variation"),
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
    fn a_result_the_moves_do_not_say_is_written_when_the_site_has_steps_for_it() {
        let game = |moves: &[&str], result| {
            let mut r = Record::new(rules(24));
            r.moves = moves
                .iter()
                .map(|m| match *m {
                    "swap" => Move::Swap,
                    "resign" => Move::Resign,
                    hole => Move::Place(Placement::peg(hole.parse().unwrap())),
                })
                .collect();
            r.result = result;
            r
        };
        let (red, black) = (GameResult::Win(Player::Red), GameResult::Win(Player::Black));
        // Written and read back the same: a draw agreed, a win on time for
        // the player to move (after a colour swap too), a resignation.
        for (moves, result, step) in [
            (&["f6", "g8"][..], GameResult::Draw, "acceptdraw"),
            (&["f6", "g8"][..], red, "gameoverontime"),
            (&["f6", "g8", "h10"][..], black, "gameoverontime"),
            (&["f6", "swap"][..], black, "gameoverontime"),
            (&["f6", "g8", "resign"][..], black, "resign"),
        ] {
            let r = game(moves, Some(result));
            let text = write(&r).unwrap();
            assert!(text.contains(step), "{moves:?} {result:?}: {text}");
            assert_eq!(read(text.as_bytes()).unwrap(), r, "{moves:?} {result:?}");
            assert!(keeps_result(&r), "{moves:?} {result:?}");
        }
        // No steps: a win of the player who moved last, `*`, a result the
        // moves contradict. Left out (and said to be), and what is written
        // reads.
        for (moves, result) in [
            (&["f6", "g8"][..], black),
            (&["f6", "g8"][..], GameResult::Unfinished),
            (&["f6", "g8", "resign"][..], GameResult::Draw),
            (&["f6", "g8", "resign"][..], red),
        ] {
            let r = game(moves, Some(result));
            let back = read(write(&r).unwrap().as_bytes()).unwrap();
            assert_eq!(back.moves, r.moves, "{moves:?} {result:?}");
            assert_ne!(back.result, r.result, "{moves:?} {result:?}");
            assert!(!keeps_result(&r), "{moves:?} {result:?}");
        }
        assert!(keeps_result(&game(&["f6"], None)));
    }

    #[test]
    fn a_game_id_or_date_the_reader_would_trim_is_refused() {
        let mut r = Record::new(rules(24));
        r.moves
            .push(Move::Place(Placement::peg("f6".parse().unwrap())));
        r.tags.push(("GameId".into(), " g1".into()));
        let said = write(&r).unwrap_err().to_string();
        assert!(
            said.contains("GameId") && said.contains("white space"),
            "{said}"
        );
        r.tags[0].1 = "g]1\\".into();
        let back = read(write(&r).unwrap().as_bytes()).unwrap();
        assert_eq!(back.tag("GameId"), Some("g]1\\"));
    }
}
