//! TwixT's words in the shared script reader (`script::read`): its tags,
//! move numbers, moves with their removals and glyphs, setup blocks, marks
//! and claims, built from nom rules (the shared lexical ones in
//! `base::grammar`, the words of move text in `script::words`). The common
//! move `12. f6` is one rule of its own (`words::plain_move`); everything
//! else is read item by item. The shared reader holds variations to at
//! most [`MAX_DEPTH`] deep.

use super::ast::*;
use super::lex::{Arg, clip, err};
use super::read::{Reader, Reads, read_pieces};
use super::words::{self, full_hole, full_link, full_rect, move_word};
use crate::diagnostic::Diagnostic;
use crate::grammar::{self, RanOut};
use crate::limits;
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal, ThinVec};

/// Deepest nesting of variations accepted.
pub const MAX_DEPTH: usize = limits::MAX_VARIATION_DEPTH;

/// The most moves `#wins` may name: beyond this the exact search is
/// hopeless on any board worth a puzzle.
pub const MAX_WIN_MOVES: u32 = 20;

/// Every directive name, for "did you mean" hints.
const DIRECTIVES: [&str; 19] = [
    "diagram",
    "setup",
    "label",
    "ghost",
    "highlight",
    "arrow",
    "area",
    "new-link",
    "removed-link",
    "links",
    "would-link",
    "cannot-join",
    "blocked",
    "connected",
    "can-connect",
    "cannot-connect",
    "wins",
    "unique",
    "dead-draw",
];

/// A syntax error: what was expected, and where.
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError {
    /// What was expected and found.
    pub message: String,
    /// Short note shown under the caret.
    pub label: String,
    /// Where the error is.
    pub span: Span,
    /// What the text ended inside, when that is why the game stopped: the
    /// streaming reader reads such a game again with the text after it.
    pub(crate) ran_out: Option<RanOut>,
}

/// What the error says and where; the end-of-text mark is the stream's
/// working knowledge, not part of what a parse reports.
impl std::fmt::Debug for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParseError")
            .field("message", &self.message)
            .field("label", &self.label)
            .field("span", &self.span)
            .finish()
    }
}

impl ParseError {
    /// The error, stopped by the end of the text inside `what`.
    pub(crate) fn ran_out(self, what: RanOut) -> ParseError {
        ParseError {
            ran_out: Some(what),
            ..self
        }
    }

    /// The error as a rendered-ready diagnostic for `file` whose text is `source`.
    pub fn to_diagnostic(&self, file: &str, source: &str) -> Diagnostic {
        Diagnostic::error(self.message.clone())
            .with_file(file)
            .with_label(self.label.clone())
            .at_known_line(
                source,
                self.span.start(),
                self.span.len_bytes(),
                self.span.line,
            )
    }
}

/// What a parse produced: every game that could be read, and every error.
#[derive(Debug, Clone, Default)]
pub struct Parsed {
    /// The games read without errors.
    pub file: ScriptFile,
    /// Syntax errors, in order.
    pub errors: Vec<ParseError>,
}

/// Parses a whole file. Games with errors are left out of `file` and their
/// errors listed; parsing resumes at the next game (a line starting with `[`
/// after a blank line).
pub fn parse(src: &str) -> Parsed {
    let mut out = Parsed::default();
    for piece in parse_pieces(src, 1) {
        match piece.game {
            Ok(g) => out.file.games.push(g),
            Err(e) => out.errors.push(e),
        }
    }
    out
}

/// One game of a text as the parser found it: where it starts (a byte
/// offset) and the game, or the error that stopped it.
#[derive(Debug, Clone)]
pub struct Piece<N: Notation = TwixtNotation> {
    /// Byte offset of the game's first character in the text parsed.
    pub start: usize,
    /// The game, or the syntax error that stopped it.
    pub game: Result<Game<N>, ParseError>,
}

/// The games of `src` in order, each with where it starts; `first_line` is
/// the line number of the text's first line, so that a part of a larger
/// file (the streaming reader's window) gets the file's line numbers.
pub fn parse_pieces(src: &str, first_line: u32) -> Vec<Piece> {
    parse_pieces_up_to(src, first_line, usize::MAX)
}

/// As [`parse_pieces`], stopping after `max_pieces` games (or errors): the
/// streaming reader takes a bounded number of games a window, so that a
/// window of tiny games holds no more of them than one of large games.
pub fn parse_pieces_up_to(src: &str, first_line: u32, max_pieces: usize) -> Vec<Piece> {
    // TwixT's reader stops a game at its first error: no notes.
    read_pieces::<TwixtNotation>(src, first_line, max_pieces)
        .into_iter()
        .map(|(piece, _)| piece)
        .collect()
}

/// What TwixT's reader keeps from item to item.
#[derive(Default)]
pub(crate) struct State {
    /// The tag values last found good.
    checked: CheckedTags,
    /// The move number just read: its offset starts the move's span.
    number: Option<usize>,
    /// Removals read, waiting for the placement they belong to.
    removals: Vec<Removal>,
    removal_start: Option<Span>,
}

/// The last `Size` and `Rules` values found good: the games of a file
/// mostly repeat them, and a value already checked is not read again (a
/// rule set is built to be checked).
#[derive(Default)]
struct CheckedTags {
    size: Option<String>,
    rules: Option<String>,
}

impl CheckedTags {
    /// Checks the values of the tags twixtkit interprets.
    fn check(&mut self, t: &Tag) -> Result<(), ParseError> {
        let v = t.value.trim();
        let good = match t.name.as_str() {
            "Size" => &mut self.size,
            "Rules" => &mut self.rules,
            _ => return check_tag(t),
        };
        if good.as_deref() != Some(v) {
            check_tag(t)?;
            let kept = good.get_or_insert_default();
            kept.clear();
            kept.push_str(v);
        }
        Ok(())
    }
}

impl Reads for TwixtNotation {
    type State = State;

    /// A move owed by a game that failed is not owed by the next one.
    fn start(r: &mut Reader<'_, Self>) {
        r.state.number = None;
        r.state.removals.clear();
        r.state.removal_start = None;
    }

    /// `[Name "value"]`, the name spelt as twixtkit knows it, the value checked.
    fn tag(r: &mut Reader<'_, Self>, mut t: Tag) -> Result<Tag, ParseError> {
        if let Some(k) = KNOWN_TAGS.iter().find(|k| k.eq_ignore_ascii_case(&t.name))
            && t.name != *k
        {
            t.name = k.to_string();
        }
        r.state.checked.check(&t)?;
        Ok(t)
    }

    /// A run of plain moves, `12. f6 13. g8 …` (`words::plain_move`), each
    /// pushed on `line` and counted in `ply`; whether one was read. The run
    /// stops at anything else, or at the game's move limit, where the
    /// general path reads on, with its messages. The line and column are
    /// carried from move to move through their blanks (all ASCII), and the
    /// text is cut once for the run.
    fn run(r: &mut Reader<'_, Self>, ply: &mut u32, line: &mut Vec<Element>) -> bool {
        if r.state.number.is_some() || r.state.removal_start.is_some() {
            return false;
        }
        let budget = limits::MAX_MOVES_PER_GAME.saturating_sub(r.counts.moves);
        if budget == 0 {
            return false;
        }
        let text = r.rest.as_bytes();
        let Ok((mut rest, mut m)) = words::plain_move(*ply + 1)(text) else {
            return false;
        };
        let base = r.offset();
        // The line and column where the first move's blanks begin: the
        // locator stands there after a plain move, else it is taken there.
        if r.loc.offset != base {
            r.loc.locate(base);
        }
        let (mut line_no, mut col) = (r.loc.line, r.loc.col);
        let mut read = 0;
        loop {
            let start = text.len() - rest.len() - m.written;
            if m.lead.lines == 0 {
                col += m.lead.len as u32;
            } else {
                line_no += m.lead.lines;
                col = 1 + m.lead.tail as u32;
            }
            let span = Span::new(base + start, line_no, col, m.written);
            push_peg(line, m.hole, span);
            // The move is ASCII on one line: the next one's blanks start
            // after it.
            col += span.len;
            *ply += 1;
            read += 1;
            if read == budget {
                break;
            }
            match words::plain_move(*ply + 1)(rest) {
                Ok((after, next)) => (rest, m) = (after, next),
                Err(_) => break,
            }
        }
        let used = text.len() - rest.len();
        // Every byte read is ASCII: the cut falls on a character boundary.
        r.rest = &r.rest[used..];
        r.counts.moves += read;
        r.loc.offset = base + used;
        r.loc.line = line_no;
        r.loc.col = col;
        true
    }

    fn owed(r: &mut Reader<'_, Self>, c: Option<char>, ends_line: bool) -> Result<(), ParseError> {
        let pending = r.state.number.is_some() || r.state.removal_start.is_some();
        if pending && (ends_line || !matches!(c, Some(ch) if ch.is_alphabetic() || ch == '-')) {
            let sp = r.here(1);
            let what = if r.state.removal_start.is_some() {
                "removals must be followed by the placement they belong to, like `-e4 f6`"
            } else {
                "expected a move after the move number"
            };
            let e = err(format!("{what}, found {}", r.found()), "move expected", sp);
            return Err(match c {
                None => e.ran_out(RanOut::Move),
                Some(_) => e,
            });
        }
        Ok(())
    }

    fn directive(
        _: &mut Reader<'_, Self>,
        name: &str,
        name_span: Span,
        args: &[Arg<'_>],
        span: Span,
        setup: Option<&mut Option<SetupBlock>>,
    ) -> Result<Option<Element>, ParseError> {
        if name != "setup" {
            return directive(name, name_span, args, span).map(Some);
        }
        let Some(slot) = setup else {
            return Err(err(
                "a setup block must come first in the game: before its moves, claims and marks (only comments and remarks may precede it), outside variations",
                "setup not allowed here",
                span,
            ));
        };
        let block = slot.get_or_insert_with(|| SetupBlock {
            span,
            ..SetupBlock::default()
        });
        read_setup(block, args, span)?;
        Ok(None)
    }

    fn item(
        r: &mut Reader<'_, Self>,
        c: char,
        ply: u32,
        line: &mut Vec<Element>,
    ) -> Result<Option<Span>, ParseError> {
        match c {
            '}' | ']' | '"' => {
                let sp = r.here(1);
                Err(err(
                    format!(
                        "unexpected `{c}`: expected a move, a comment, a directive or a variation"
                    ),
                    "unexpected here",
                    sp,
                ))
            }
            d if d.is_ascii_digit() => {
                let (digits, dots) = r.read(grammar::move_number)?;
                if dots.is_empty() {
                    let dspan = r.span_of(digits);
                    return Err(err(
                        format!(
                            "expected a move number like `{}.`, found `{}`",
                            clip(digits),
                            clip(digits)
                        ),
                        "`.` expected after the number",
                        dspan,
                    ));
                }
                let n: u32 = digits.parse().unwrap_or(u32::MAX);
                if n != ply + 1 {
                    let dspan = r.span_of(digits);
                    return Err(err(
                        format!(
                            "move number {digits} does not match: this is move {}",
                            ply + 1
                        ),
                        format!("expected {}", ply + 1),
                        dspan,
                    ));
                }
                r.state.number = Some(r.offset_of(digits));
                Ok(None)
            }
            '!' | '?' => {
                let w = r.read(grammar::glyph_run)?;
                let sp = r.span_of(w);
                let g = Glyph::parse(w).ok_or_else(|| {
                    err(
                        format!("expected a glyph (! ? !! ?? !? ?!), found `{}`", clip(w)),
                        "not a glyph",
                        sp,
                    )
                })?;
                match line.last_mut() {
                    Some(Element::Move(m)) if m.glyph.is_none() => {
                        m.glyph = Some(g);
                        Ok(None)
                    }
                    _ => Err(err(
                        "a glyph must follow a move without a glyph",
                        "no move for this glyph",
                        sp,
                    )),
                }
            }
            _ => {
                let w = r.read(words::word)?;
                if w.is_empty() {
                    let wspan = r.span_of(w);
                    return Err(err(
                        format!("unexpected {}", r.found()),
                        "unexpected here",
                        wspan,
                    ));
                }
                if let Some(rm) = w.strip_prefix('-') {
                    let wspan = r.span_of(w);
                    let label = if rm.contains('-') {
                        "bad link removal"
                    } else {
                        "bad removal"
                    };
                    let removal = words::removal(rm).map_err(|m| err(m, label, wspan))?;
                    r.state.removals.push(removal);
                    r.state.removal_start.get_or_insert(wspan);
                    return Ok(None);
                }
                let at = r.offset_of(w);
                // Line and column are found for the whole move only; a word's
                // own span is located when a message needs it.
                let (mut mv, glyph) = move_word(w).map_err(|e| {
                    let sp = r.span_at(at + e.start, e.len);
                    err(e.message, e.label, sp)
                })?;
                let first = r
                    .state
                    .number
                    .or(r.state.removal_start.map(|s| s.start()))
                    .unwrap_or(at);
                if !r.state.removals.is_empty() {
                    match &mut mv {
                        Move::Place(p) => p.removals = std::mem::take(&mut r.state.removals).into(),
                        _ => {
                            return Err(err(
                                "removals must be followed by a placement, not by swap, resign or draw",
                                "not a placement",
                                r.span_of(w),
                            ));
                        }
                    }
                }
                let end = at + w.len();
                let span = r.span_at(first, end - first);
                r.state.number = None;
                r.state.removal_start = None;
                line.push(Element::Move(MoveNode { mv, glyph, span }));
                Ok(Some(span))
            }
        }
    }
}

/// Checks the values of the tags twixtkit interprets.
fn check_tag(t: &Tag) -> Result<(), ParseError> {
    let v = t.value.trim();
    let bad = |m: String, l: &str| Err(err(m, l, t.span));
    match t.name.as_str() {
        "Size" => {
            if let Err(e) = v.parse::<BoardSize>() {
                return bad(e.to_string(), "bad size");
            }
        }
        "First" if v.parse::<Player>().is_err() => {
            return bad(
                format!("expected `red` or `black` as First, found `{}`", clip(v)),
                "bad colour",
            );
        }
        "Result" if super::parse_result(v).is_none() => {
            return bad(
                format!(
                    "expected a result `red`, `black`, `draw` or `*`, found `{}`",
                    clip(v)
                ),
                "bad result",
            );
        }
        "Rules" => {
            if let Err(e) = super::RulesSpec::parse(v) {
                return bad(e.to_string(), "bad rule set");
            }
        }
        _ => {}
    }
    Ok(())
}

/// Captions, names and labels end up in file names and pictures: bounded.
fn text_limit(a: &Arg<'_>) -> Result<(), ParseError> {
    let n = a.value.chars().count();
    if n > limits::MAX_TEXT_CHARS {
        return Err(arg_err(
            a,
            format!(
                "text of {n} characters is longer than the limit of {}",
                limits::MAX_TEXT_CHARS
            ),
        ));
    }
    Ok(())
}

fn arg_err(a: &Arg<'_>, m: String) -> ParseError {
    err(m, "here", a.span)
}

fn arg_hole(a: &Arg<'_>) -> Result<Hole, ParseError> {
    full_hole(a.value.trim_end_matches(':'))
        .filter(|_| a.key.is_none())
        .ok_or_else(|| {
            arg_err(
                a,
                format!("expected a hole like f6, found `{}`", clip(&a.value)),
            )
        })
}

fn arg_link(a: &Arg<'_>) -> Result<Link, ParseError> {
    full_link(&a.value).map_err(|m| arg_err(a, m))
}

fn arg_player(a: &Arg<'_>) -> Result<Player, ParseError> {
    match a.value.to_ascii_lowercase().as_str() {
        "red" => Ok(Player::Red),
        "black" => Ok(Player::Black),
        _ => Err(arg_err(
            a,
            format!("expected `red` or `black`, found `{}`", clip(&a.value)),
        )),
    }
}

fn need_args(
    name: &str,
    args: &[Arg<'_>],
    n: std::ops::RangeInclusive<usize>,
    usage: &str,
    span: Span,
) -> Result<(), ParseError> {
    if n.contains(&args.len()) {
        Ok(())
    } else {
        let sp = args.get(*n.end()).map_or(span, |a| a.span);
        Err(err(
            format!("wrong arguments for #{name}: expected `{usage}`"),
            "here",
            sp,
        ))
    }
}

/// A directive line other than `#setup`.
fn directive(
    name: &str,
    name_span: Span,
    args: &[Arg<'_>],
    span: Span,
) -> Result<Element, ParseError> {
    let claim = |kind| Ok(Element::Claim(Box::new(Claim { kind, span })));
    let mark = |kind| Ok(Element::Mark(Box::new(Mark { kind, span })));
    match name {
        "diagram" => {
            let mut d = DiagramPoint {
                span,
                ..DiagramPoint::default()
            };
            for a in args {
                let Some(key) = a.key else {
                    return Err(arg_err(
                        a,
                        format!(
                            "expected a diagram option like name=\"fig3\", found `{}`",
                            clip(&a.value)
                        ),
                    ));
                };
                let v = a.value.clone();
                let key_l = key.to_ascii_lowercase();
                if matches!(key_l.as_str(), "name" | "caption" | "translation") {
                    text_limit(a)?;
                }
                if let Some(read) = d.look.read(&key_l, &v) {
                    read.map_err(|m| arg_err(a, m))?;
                    continue;
                }
                match key_l.as_str() {
                    "name" => d.name = Some(v),
                    "caption" => d.caption = Some(v),
                    "numbers" => {
                        d.numbers = Some(parse_numbers(&v).ok_or_else(|| {
                            arg_err(
                                a,
                                format!(
                                    "expected numbers=none, numbers=all or a range like numbers=1-5, found `{}`", clip(&v)
                                ),
                            )
                        })?)
                    }
                    "crop" => {
                        d.crop = Some(full_rect(&v).ok_or_else(|| {
                            arg_err(
                                a,
                                format!("expected a rectangle like crop=a1-l12, found `{}`", clip(&v)),
                            )
                        })?)
                    }
                    _ => d.extra.push((key.to_string(), v)),
                }
            }
            Ok(Element::Diagram(Box::new(d)))
        }
        "label" => {
            need_args(name, args, 2..=2, "#label f6 X", span)?;
            text_limit(&args[1])?;
            mark(MarkKind::Label {
                hole: arg_hole(&args[0])?,
                text: args[1].value.clone(),
            })
        }
        "ghost" => {
            need_args(name, args, 2..=3, "#ghost red f6 [label]", span)?;
            args.get(2).map(text_limit).transpose()?;
            mark(MarkKind::Ghost {
                player: arg_player(&args[0])?,
                hole: arg_hole(&args[1])?,
                label: args.get(2).map(|a| a.value.clone()),
            })
        }
        "highlight" => {
            need_args(name, args, 1..=usize::MAX, "#highlight f6 d5-f6 …", span)?;
            let mut t = Vec::new();
            for a in args {
                if a.value.contains('-') {
                    t.push(Target::Link(arg_link(a)?));
                } else {
                    t.push(Target::Hole(arg_hole(a)?));
                }
            }
            mark(MarkKind::Highlight(t))
        }
        "arrow" => {
            need_args(name, args, 2..=2, "#arrow f6 j8", span)?;
            mark(MarkKind::Arrow(arg_hole(&args[0])?, arg_hole(&args[1])?))
        }
        "new-link" => {
            need_args(name, args, 1..=1, "#new-link e5-f7", span)?;
            mark(MarkKind::NewLink(arg_link(&args[0])?))
        }
        "removed-link" => {
            need_args(name, args, 1..=1, "#removed-link c3-d5", span)?;
            mark(MarkKind::RemovedLink(arg_link(&args[0])?))
        }
        "area" => {
            need_args(name, args, 1..=1, "#area c3-f8", span)?;
            let (a, b) = full_rect(&args[0].value).ok_or_else(|| {
                arg_err(
                    &args[0],
                    format!(
                        "expected a rectangle like c3-f8, found `{}`",
                        clip(&args[0].value)
                    ),
                )
            })?;
            mark(MarkKind::Area(a, b))
        }
        "links" => {
            need_args(
                name,
                args,
                1..=usize::MAX,
                "#links 2 or #links d5-f6 …",
                span,
            )?;
            if args.len() == 1 && args[0].value.bytes().all(|b| b.is_ascii_digit()) {
                let n = args[0]
                    .value
                    .parse()
                    .map_err(|_| arg_err(&args[0], "link count too large".to_string()))?;
                return claim(ClaimKind::LinkCount(n));
            }
            if args.len() == 1 && args[0].value.eq_ignore_ascii_case("none") {
                return claim(ClaimKind::Links(Vec::new()));
            }
            let links = args.iter().map(arg_link).collect::<Result<_, _>>()?;
            claim(ClaimKind::Links(links))
        }
        "would-link" => {
            let args: Vec<&Arg<'_>> = args.iter().filter(|a| a.value != ":").collect();
            if args.len() < 2 {
                return Err(err(
                    "wrong arguments for #would-link: expected `#would-link m9: l7 o8`",
                    "here",
                    span,
                ));
            }
            let hole = arg_hole(args[0])?;
            let with = args[1..]
                .iter()
                .map(|a| arg_hole(a))
                .collect::<Result<_, _>>()?;
            claim(ClaimKind::WouldLink { hole, with })
        }
        "cannot-join" => {
            need_args(name, args, 2..=2, "#cannot-join n5 l7", span)?;
            claim(ClaimKind::CannotJoin(
                arg_hole(&args[0])?,
                arg_hole(&args[1])?,
            ))
        }
        "blocked" => {
            let usage = "#blocked j10-i12 by h11-k10";
            need_args(name, args, 1..=3, usage, span)?;
            let link = arg_link(&args[0])?;
            let by = match args.get(1) {
                None => None,
                Some(b) if b.value.eq_ignore_ascii_case("by") && args.len() == 3 => {
                    Some(arg_link(&args[2])?)
                }
                Some(b) => return Err(arg_err(b, format!("expected `by LINK` as in `{usage}`"))),
            };
            claim(ClaimKind::Blocked { link, by })
        }
        "connected" | "cannot-connect" | "can-connect" => {
            need_args(name, args, 1..=1, &format!("#{name} red"), span)?;
            let p = arg_player(&args[0])?;
            claim(match name {
                "connected" => ClaimKind::Connected(p),
                "can-connect" => ClaimKind::CanConnect(p),
                _ => ClaimKind::CannotConnect(p),
            })
        }
        "wins" => {
            let usage = "#wins red in 3";
            // The words are read in order before they are counted, so that
            // `#wins red wins in 3` points at `wins`, the word that does not
            // fit, rather than at the one too many at the end.
            if let Some(a) = args.first() {
                arg_player(a)?;
            }
            // `#wins red` alone: no length, a secure connection.
            if args.len() == 1 {
                return claim(ClaimKind::Secures(arg_player(&args[0])?));
            }
            if let Some(a) = args.get(1)
                && !a.value.eq_ignore_ascii_case("in")
            {
                return Err(arg_err(a, format!("expected `in` as in `{usage}`")));
            }
            need_args(name, args, 3..=3, "#wins red in 3` or `#wins red", span)?;
            let player = arg_player(&args[0])?;
            let moves = args[2]
                .value
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_WIN_MOVES).contains(n))
                .ok_or_else(|| {
                    arg_err(
                        &args[2],
                        format!(
                            "expected a number of moves from 1 to {MAX_WIN_MOVES}, found `{}`",
                            clip(&args[2].value)
                        ),
                    )
                })?;
            claim(ClaimKind::Wins { player, moves })
        }
        "unique" => {
            need_args(name, args, 0..=0, "#unique", span)?;
            claim(ClaimKind::Unique)
        }
        "dead-draw" => {
            need_args(name, args, 0..=0, "#dead-draw", span)?;
            claim(ClaimKind::DeadDraw)
        }
        _ => Err(err(
            format!(
                "unknown directive `#{name}`{}: expected diagram, setup, label, ghost, highlight, arrow, area, links, would-link, cannot-join, blocked, connected, can-connect, cannot-connect, wins, unique or dead-draw",
                crate::diagnostic::did_you_mean(name, &DIRECTIVES)
                    .map(|d| format!(" (did you mean `#{d}`?)"))
                    .unwrap_or_default()
            ),
            "unknown directive",
            name_span,
        )),
    }
}

fn parse_numbers(v: &str) -> Option<Numbers> {
    match v.to_ascii_lowercase().as_str() {
        "none" => Some(Numbers::None),
        "all" => Some(Numbers::All),
        "since-last" => Some(Numbers::SinceLast),
        _ => {
            let (a, b) = v.split_once('-').unwrap_or((v, v));
            let num = |s: &str| {
                let s = s.trim();
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                    None
                } else {
                    s.parse::<u32>().ok()
                }
            };
            let (a, b) = (num(a)?, num(b)?);
            (a <= b).then_some(Numbers::Range(a, b))
        }
    }
}

/// One `#setup` line: `red: f6 g8  black: d5  links: f6-g8  to-move: black`.
fn read_setup(block: &mut SetupBlock, args: &[Arg<'_>], span: Span) -> Result<(), ParseError> {
    #[derive(Clone, Copy)]
    enum Sec {
        None,
        Red,
        Black,
        Links,
        ToMove,
        Position,
    }
    let mut sec = Sec::None;
    let mut pieces: Vec<&Arg<'_>> = Vec::new();
    for a in args {
        let word = a.value.trim_end_matches(':').to_ascii_lowercase();
        let new = match word.as_str() {
            "position" if a.key.is_none() => Some(Sec::Position),
            "red" if a.key.is_none() && !matches!(sec, Sec::ToMove) => Some(Sec::Red),
            "black" if a.key.is_none() && !matches!(sec, Sec::ToMove) => Some(Sec::Black),
            "links" => Some(Sec::Links),
            "to-move" => Some(Sec::ToMove),
            _ => None,
        };
        if let Some(s) = new {
            sec = s;
            continue;
        }
        match sec {
            Sec::None => {
                return Err(arg_err(
                    a,
                    format!(
                        "expected `red:`, `black:`, `links:`, `to-move:` or `position:` in #setup, found `{}`",
                        clip(&a.value)
                    ),
                ));
            }
            Sec::Red => block.red.push(arg_hole(a)?),
            Sec::Black => block.black.push(arg_hole(a)?),
            Sec::Links if a.key.is_none() && a.value == "*" => block.implied_links = true,
            Sec::Links => block.links.push(arg_link(a)?),
            Sec::ToMove => {
                block.to_move = Some(arg_player(a)?);
                sec = Sec::None;
            }
            // A whole position in one line (`twixt_core::position_line`); the argument
            // reader splits at commas, so its pieces are joined again.
            Sec::Position => {
                pieces.push(a);
                continue;
            }
        }
        finish_position(block, &mut pieces)?;
    }
    finish_position(block, &mut pieces)?;
    if args.is_empty() {
        return Err(err(
            "empty #setup: expected `#setup red: f6 g8 black: d5 links: f6-g8`",
            "nothing to set up",
            span,
        ));
    }
    Ok(())
}

/// Reads the pieces of a `position:` line into the setup block.
fn finish_position(block: &mut SetupBlock, pieces: &mut Vec<&Arg<'_>>) -> Result<(), ParseError> {
    let Some(first) = pieces.first().copied() else {
        return Ok(());
    };
    let text: String = pieces
        .iter()
        .map(|a| a.value.as_str())
        .collect::<Vec<_>>()
        .join(",");
    pieces.clear();
    let (rules, setup) =
        twixt_core::position_line::read(&text).map_err(|e| arg_err(first, e.to_string()))?;
    for (&h, &p) in &setup.pegs {
        match p {
            Player::Red => block.red.push(h),
            Player::Black => block.black.push(h),
        }
    }
    block.links.extend(setup.links.iter().copied());
    block.to_move = setup.to_move;
    // Its size and rules, in canonical words.
    let canonical = twixt_core::position_line::write_setup(&rules, &setup, Player::Red);
    block.line_rules = crate::script::LineRules(Some(
        canonical
            .splitn(3, '/')
            .take(2)
            .collect::<Vec<_>>()
            .join("/"),
    ));
    Ok(())
}

/// Appends a plain peg move (most of what a script holds), written straight
/// into the vector: `push` takes a finished value, which the compiler
/// assembles on the stack and copies with wide loads that wait on the
/// narrow stores before them; `extend` with `once_with` makes the value
/// after the room is reserved, in its place. Out of line, with the span in
/// two registers: inlined into the scanner it is slower again (parse bench,
/// with 56-byte elements: 211 MiB/s with `push` inline, 233 out of line,
/// 239 with `extend`).
#[inline(never)]
fn push_peg(line: &mut Vec<Element>, hole: Hole, span: Span) {
    line.extend(std::iter::once_with(|| {
        Element::Move(MoveNode {
            mv: Move::Place(Placement {
                removals: ThinVec::new(),
                hole,
                links: ThinVec::new(),
                offers_draw: false,
            }),
            glyph: None,
            span,
        })
    }));
}
