//! The reader of the script language every game shares: games, header
//! blocks, `%` remarks, `{…}` comments, `#` directive lines and `( … )`
//! variations, driven over the shared lexical rules (`base::grammar`,
//! through the cursor `script::lex`). What a move, a setup, a claim or a
//! mark means is the game's own: it plugs in through [`Reads`] (TwixT's in
//! `script::parse`, TWRS's in `twrs::script`).
//!
//! A loop rather than recursive descent drives the rules over a game's
//! items, so that recursion is bounded (variations nest at most
//! `limits::MAX_VARIATION_DEPTH` deep), time is linear, and an error in one
//! game does not stop the others from being read.

use super::ast::{Element, Game, Line, Notation, Span, Tag};
use super::lex::{Arg, Lexer, err, has_blank_line};
use super::parse::{ParseError, Piece};
use crate::grammar;
use crate::limits;

/// What a game's reader adds to the shared one. Each hook reads at the
/// reader's cursor and may leave a message that does not stop the game
/// ([`Reader::note`]); an `Err` drops the game.
pub(crate) trait Reads: Notation {
    /// What the game's reader keeps from item to item.
    type State: Default;

    /// A game begins.
    fn start(_: &mut Reader<'_, Self>) {}

    /// A header tag as read: checked, its name spelt as the game spells it.
    fn tag(r: &mut Reader<'_, Self>, t: Tag) -> Result<Tag, ParseError>;

    /// After the header tags: what the game asks of them.
    fn header(_: &mut Reader<'_, Self>, _: &Game<Self>) -> Result<(), ParseError> {
        Ok(())
    }

    /// A directive line, `#name` written at `name_span`, the whole line at
    /// `span`; `setup` is where a setup goes when one may stand here
    /// (before the first move of the main line). `None` keeps nothing.
    fn directive(
        r: &mut Reader<'_, Self>,
        name: &str,
        name_span: Span,
        args: &[Arg<'_>],
        span: Span,
        setup: Option<&mut Option<Self::Setup>>,
    ) -> Result<Option<Element<Self>>, ParseError>;

    /// Whatever else starts with `c`: moves, move numbers, glyphs, after
    /// `ply` moves of the line. A move read gives its span: the shared
    /// reader counts it, in the line and against the game's limit.
    fn item(
        r: &mut Reader<'_, Self>,
        c: char,
        ply: u32,
        line: &mut Vec<Element<Self>>,
    ) -> Result<Option<Span>, ParseError>;

    /// A run of moves read by a rule of their own, before the item-by-item
    /// path; whether one was read.
    fn run(_: &mut Reader<'_, Self>, _: &mut u32, _: &mut Vec<Element<Self>>) -> bool {
        false
    }

    /// A move still owed (after a move number) when the line goes on with
    /// `c`, or ends (`ends_line`): the error that says so.
    fn owed(_: &mut Reader<'_, Self>, _: Option<char>, _: bool) -> Result<(), ParseError> {
        Ok(())
    }
}

/// Moves, variations and diagram points read in the current game.
#[derive(Default)]
pub(crate) struct Counts {
    pub(crate) moves: usize,
    pub(crate) variations: usize,
    pub(crate) diagrams: usize,
}

/// An error when `count` went past `max`.
pub(crate) fn over(count: usize, max: usize, what: &str, span: Span) -> Result<(), ParseError> {
    if count > max {
        return Err(err(
            format!("more than {max} {what} in one game"),
            format!("too many {what}"),
            span,
        ));
    }
    Ok(())
}

/// The shared reader: the cursor, what it counts per game, the messages
/// that do not stop a game, and the game's own state.
pub(crate) struct Reader<'a, N: Reads> {
    pub(crate) lex: Lexer<'a>,
    /// Checked against `limits`.
    pub(crate) counts: Counts,
    /// Elements of the last game's main line: room made for the next one,
    /// whose length is usually alike, so that it seldom grows (and copies).
    last_len: usize,
    /// Messages of the game being read that let it be kept.
    notes: Vec<ParseError>,
    pub(crate) state: N::State,
}

impl<'a, N: Reads> std::ops::Deref for Reader<'a, N> {
    type Target = Lexer<'a>;
    fn deref(&self) -> &Lexer<'a> {
        &self.lex
    }
}

impl<N: Reads> std::ops::DerefMut for Reader<'_, N> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.lex
    }
}

/// The games of `src` in order, each with where it starts and the
/// messages that did not stop it, at most `max_pieces` of them (or
/// errors); `first_line` is the line number of the text's first line.
pub(crate) fn read_pieces<N: Reads>(
    src: &str,
    first_line: u32,
    max_pieces: usize,
) -> Vec<(Piece<N>, Vec<ParseError>)> {
    let mut r = Reader::<N> {
        lex: Lexer::new(src),
        counts: Counts::default(),
        last_len: 0,
        notes: Vec::new(),
        state: N::State::default(),
    };
    r.loc.line = first_line;
    let mut out = Vec::new();
    while out.len() < max_pieces {
        r.skip_blank();
        if r.eof() {
            break;
        }
        let start = r.offset();
        if out.len() >= limits::MAX_GAMES_PER_FILE {
            let sp = r.here(1);
            let e = err(
                format!(
                    "more than {} games in one file: split the file",
                    limits::MAX_GAMES_PER_FILE
                ),
                "too many games",
                sp,
            );
            out.push((
                Piece {
                    start,
                    game: Err(e),
                },
                Vec::new(),
            ));
            break;
        }
        let game = r.game();
        if game.is_err() {
            r.skip_to_next_game(start);
        }
        out.push((Piece { start, game }, std::mem::take(&mut r.notes)));
    }
    out
}

impl<'a, N: Reads> Reader<'a, N> {
    /// A message about what was read; the game is kept.
    pub(crate) fn note(&mut self, e: ParseError) {
        self.notes.push(e);
    }

    fn game(&mut self) -> Result<Game<N>, ParseError> {
        self.counts = Counts::default();
        N::start(self);
        let mut game = Game {
            span: self.here(1),
            preamble: Vec::new(),
            tags: Vec::new(),
            setup: None,
            line: Line::default(),
        };
        // Remarks before a tag belong to the header; those after the last tag
        // open the move text.
        let mut pending = Vec::new();
        loop {
            let skipped = self.skip_blank();
            // A blank line ends the header block.
            if !game.tags.is_empty() && has_blank_line(skipped) {
                break;
            }
            match self.peek() {
                Some('%') => pending.push(self.remark()?),
                Some('[') => {
                    let t = self.lex.tag()?;
                    let t = N::tag(self, t)?;
                    game.tags.push(t);
                    game.preamble.append(&mut pending);
                }
                _ => break,
            }
        }
        N::header(self, &game)?;
        let lead = pending.into_iter().map(Element::Remark).collect();
        game.line = self.line(0, 0, Some(&mut game.setup), None, lead)?;
        let elements = &mut game.line.elements;
        self.last_len = elements.len();
        // Room made from the last game's length and not used is given back
        // (in place: the allocator shrinks a block without copying it).
        if elements.capacity() > elements.len() + elements.len() / 8 + 8 {
            elements.shrink_to_fit();
        }
        Ok(game)
    }

    /// Move text up to the end of the game (`depth == 0`) or the closing `)`
    /// of a variation. `ply` is the number of moves before this line's first
    /// move. `open` is the `(` of a variation.
    fn line(
        &mut self,
        depth: usize,
        ply: u32,
        mut setup: Option<&mut Option<N::Setup>>,
        open: Option<Span>,
        lead: Vec<Element<N>>,
    ) -> Result<Line<N>, ParseError> {
        // Elements at the head of the line that are only comments and
        // remarks: while they are all of it, a setup may still stand here.
        // Kept as a count, so that each directive asks in constant time.
        let mut plain_head = lead.len();
        let mut line = Line { elements: lead };
        // Most games have tens of moves, and games of a file are alike:
        // room for the last game's length and a quarter more (bounded, so
        // that one huge game does not make every later one reserve much).
        if depth == 0 {
            let want = self.last_len + self.last_len / 4;
            line.elements.reserve(want.clamp(64, 4096));
        }
        let mut ply = ply;
        // Ply of the last move in this line, for variations that follow it.
        let mut last_move: Option<u32> = None;
        loop {
            // A run of moves read by the game's own rule, then whatever
            // ends it, read by the general rules below.
            if N::run(self, &mut ply, &mut line.elements) {
                last_move = Some(ply);
            }
            self.skip_blank();
            let c = self.peek();
            let ends_line = match c {
                None => true,
                Some('[') => depth == 0 && self.at_line_start(),
                Some(')') => true,
                _ => false,
            };
            N::owed(self, c, ends_line)?;
            match c {
                None => {
                    if let Some(o) = open {
                        return Err(err(
                            "unclosed variation: expected `)` before the end of the file",
                            "variation opened here",
                            o,
                        )
                        .ran_out(grammar::RanOut::Variation));
                    }
                    return Ok(line);
                }
                Some('[') => {
                    if depth == 0 && self.at_line_start() {
                        return Ok(line);
                    }
                    let sp = self.here(1);
                    let msg = if depth > 0 {
                        "unexpected `[` inside a variation: header tags start a new game at the start of a line"
                    } else {
                        "unexpected `[`: header tags start a new game and must begin a line"
                    };
                    return Err(err(msg, "not allowed here", sp));
                }
                Some(')') => {
                    if depth == 0 {
                        let sp = self.here(1);
                        return Err(err(
                            "unmatched `)`: no variation is open",
                            "no `(` before this",
                            sp,
                        ));
                    }
                    self.advance(1);
                    return Ok(line);
                }
                Some('%') => {
                    // Remarks right above a header line open the next game.
                    if depth == 0 && self.at_line_start() && self.remarks_then_header() {
                        return Ok(line);
                    }
                    let r = self.remark()?;
                    plain_head += usize::from(plain_head == line.elements.len());
                    line.elements.push(Element::Remark(r));
                }
                Some('{') => {
                    let c = self.comment()?;
                    plain_head += usize::from(plain_head == line.elements.len());
                    line.elements.push(Element::Comment(c));
                }
                Some('(') => {
                    // A variation replaces the move before it.
                    let o = self.here(1);
                    let Some(last) = last_move else {
                        return Err(err(
                            "a variation must follow the move it replaces",
                            "no move before this variation",
                            o,
                        ));
                    };
                    let max_depth = limits::MAX_VARIATION_DEPTH;
                    if depth + 1 > max_depth {
                        let m = format!("variations nested more than {max_depth} deep");
                        return Err(err(m, "too deep", o));
                    }
                    self.counts.variations += 1;
                    let max = limits::MAX_VARIATIONS_PER_GAME;
                    over(self.counts.variations, max, "variations", o)?;
                    let from = last - 1;
                    self.advance(1);
                    let v = self.line(depth + 1, from, None, Some(o), Vec::new())?;
                    line.elements.push(Element::Variation(v));
                }
                Some('#') => {
                    let start = self.offset();
                    let name = self.read(grammar::directive_name)?;
                    let name_span = self.span_of(name);
                    let name = name.to_ascii_lowercase();
                    let args = self.args()?;
                    let end = self.offset();
                    let span = self.span_at(start, end - start);
                    if name == "diagram" {
                        self.counts.diagrams += 1;
                        over(
                            self.counts.diagrams,
                            limits::MAX_DIAGRAMS_PER_GAME,
                            "diagram points",
                            span,
                        )?;
                    }
                    // A setup stands before the first move of the main line.
                    let before_moves = plain_head == line.elements.len();
                    let slot = setup.as_deref_mut().filter(|_| before_moves);
                    if let Some(el) = N::directive(self, &name, name_span, &args, span, slot)? {
                        line.elements.push(el);
                    }
                }
                Some(c) => {
                    if let Some(span) = N::item(self, c, ply, &mut line.elements)? {
                        self.counts.moves += 1;
                        over(self.counts.moves, limits::MAX_MOVES_PER_GAME, "moves", span)?;
                        ply += 1;
                        last_move = Some(ply);
                    }
                }
            }
        }
    }
}
