//! From a game file to a [`Book`]: each game is replayed (claims checked as
//! `twixt check` does), then walked again, line by line, to set the moves as
//! text and cut diagrams at the diagram points and every N moves between them.

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, Severity};
use crate::diagram::snapshot::{diagram_from_snapshot, option};
use crate::diagram::{Crop, Diagram};
use crate::messages::{Messages, Overrides};
use crate::open::GameFile;
use crate::record::GameResult;
use crate::replay::{DiagramSnapshot, GameReplay, How, LastMove, move_words, start_position};
use crate::script::{DiagramPoint, Element, Game, Line, Numbers};
use twixt_core::board::{Hole, Player};
use twixt_core::history::number_pegs;
use twixt_core::moves::Move;
use twixt_core::position::Position;

use super::standings::{Outcome, Pairing};
use super::{Art, Block, Book, Chapter, Figure, MAX_FIGURES, Puzzle};
use crate::limits::MAX_BOOK_PIECES;

/// How a book is made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct BookOptions {
    /// A new diagram after this many moves without one (0: only at the
    /// script's diagram points and at the end of each line).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 20, value_name = "N"))]
    pub moves_per_diagram: u32,
    /// Keep going past illegal moves and false claims: they become
    /// [`Book::warnings`] and the line stops at an illegal move.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            help = "Write a draft even when moves are illegal \
        or claims false: they are printed as warnings instead of stopping the book. In a \
        booklet, a file that cannot be read is left out and listed at its start"
        )
    )]
    pub lenient: bool,
    /// Set each game as a rulebook's figure: "Figure N" and its caption,
    /// several to a row, without a heading or facts.
    #[cfg_attr(feature = "cli", arg(long))]
    pub figures: bool,
    /// The language of the words the book prints (labels, facts, result
    /// sentences); default: each game's `[Language]` header, else English.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub lang: Option<String>,
    /// Messages put over the language's catalogue.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub messages: Overrides,
    /// Pegs and links the book's diagrams may draw in all (each diagram is
    /// drawn in full). Counted as the diagrams are made: a book that
    /// passes it stops there, before it holds them all.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            default_value_t = MAX_BOOK_PIECES,
            value_name = "N",
            help = "Pegs and links the diagrams of a book or booklet may draw in all; \
        a larger book stops with an error before it is made"
        )
    )]
    pub draw_limit: usize,
    /// Diagrams the book may hold; a booklet's books share
    /// [`MAX_FIGURES`].
    #[cfg_attr(feature = "cli", arg(skip = MAX_FIGURES))]
    pub figure_limit: usize,
}

impl Default for BookOptions {
    fn default() -> Self {
        BookOptions {
            moves_per_diagram: 20,
            lenient: false,
            figures: false,
            lang: None,
            messages: Overrides::default(),
            draw_limit: MAX_BOOK_PIECES,
            figure_limit: MAX_FIGURES,
        }
    }
}

/// Why no book was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The games have errors (each diagnostic rendered with file, line and
    /// a snippet); `lenient` would make them warnings.
    #[error("{} error{} in {file}; nothing written (--lenient writes a draft anyway)", diagnostics.len(), if diagnostics.len() == 1 { "" } else { "s" })]
    Invalid {
        /// The file with the errors.
        file: String,
        /// Each error, located.
        diagnostics: Vec<Diagnostic>,
    },
    /// The file holds no game.
    #[error("{0} holds no game")]
    Empty(String),
    /// The diagrams would draw more pegs and links than
    /// [`BookOptions::draw_limit`]: `drawn` is the count when it stopped.
    #[error(
        "the diagrams of this book would draw {drawn} pegs and links or more, more than the {limit} a book may (each diagram is drawn in full; --draw-limit raises it); make a book of fewer games or variations, cut diagrams less often (--moves-per-diagram), or draw the positions with `twixt render`"
    )]
    TooMuchDrawn {
        /// Pegs and links counted when the book stopped.
        drawn: usize,
        /// The limit it passed.
        limit: usize,
    },
    /// The book would hold more diagrams than [`BookOptions::figure_limit`]:
    /// `figures` is the count when it stopped.
    #[error(
        "the book would hold {figures} diagrams or more, more than the {limit} a book may hold; make a book of fewer games or variations, or cut diagrams less often (--moves-per-diagram)"
    )]
    TooManyFigures {
        /// Diagrams counted when the book stopped.
        figures: usize,
        /// The limit it passed.
        limit: usize,
    },
}

/// What a book holds so far, counted as its figures are made, so that a
/// book too large to draw stops before it holds all its diagrams.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tally {
    /// Figures made so far; the next is numbered one more.
    pub figures: u32,
    /// Pegs and links the figures draw.
    pub drawn: usize,
    draw_limit: usize,
    figure_limit: usize,
}

impl Tally {
    pub(crate) fn new(opts: &BookOptions) -> Tally {
        Tally {
            figures: 0,
            drawn: 0,
            draw_limit: opts.draw_limit,
            figure_limit: opts.figure_limit,
        }
    }

    /// True once the book holds more than it may: no more diagrams need
    /// to be drawn, the book will not be made.
    pub(crate) fn over(&self) -> bool {
        self.figures as usize > self.figure_limit || self.drawn > self.draw_limit
    }

    /// A figure of `diagram` counted.
    fn count(&mut self, diagram: &Diagram) {
        self.figures += 1;
        self.drawn += diagram.pegs.len() + diagram.links.len();
    }

    /// The error a book past its limits stops with.
    pub(crate) fn within(&self) -> Result<(), BookError> {
        if self.figures as usize > self.figure_limit {
            Err(BookError::TooManyFigures {
                figures: self.figures as usize,
                limit: self.figure_limit,
            })
        } else if self.drawn > self.draw_limit {
            Err(BookError::TooMuchDrawn {
                drawn: self.drawn,
                limit: self.draw_limit,
            })
        } else {
            Ok(())
        }
    }
}

impl crate::diagnostic::Explained for BookError {
    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            BookError::Invalid { diagnostics, .. } => diagnostics,
            BookError::Empty(_)
            | BookError::TooMuchDrawn { .. }
            | BookError::TooManyFigures { .. } => &[],
        }
    }

    /// False: either way the file's content is wrong (exit code 1 in the CLI).
    fn is_usage(&self) -> bool {
        false
    }
}

/// The book of every game in `file`.
pub fn book(file: &GameFile, opts: &BookOptions) -> Result<Book, BookError> {
    let name = file.path.display().to_string();
    let (games, source) = file.located_games();
    if games.is_empty() {
        return Err(BookError::Empty(name));
    }
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut chapters = Vec::new();
    let mut tally = Tally::new(opts);
    for game in &games {
        let replay = match file.replay(game) {
            Ok(r) => r,
            Err(issue) => {
                errors.push(issue.to_diagnostic(&name, source));
                continue;
            }
        };
        for issue in &replay.issues {
            match issue.severity {
                Severity::Error if !opts.lenient => {
                    errors.push(issue.to_diagnostic(&name, source));
                }
                _ => {
                    // A draft lets errors through, said as warnings.
                    let mut w = issue.clone();
                    w.severity = Severity::Warning;
                    warnings.push(w.to_diagnostic(&name, source));
                }
            }
        }
        let mut c = chapter(game, &replay, opts, &mut tally);
        tally.within()?;
        c.file = Some(file.path.clone());
        // A download of Little Golem's holds one game, named by its id.
        if games.len() == 1 {
            c.link = crate::record::littlegolem_link(&file.path);
        }
        chapters.push(c);
    }
    if !errors.is_empty() {
        return Err(BookError::Invalid {
            file: name,
            diagnostics: errors,
        });
    }
    let title = chapters
        .first()
        .map(|c| c.title.clone())
        .unwrap_or_else(|| name.clone());
    Ok(Book {
        title,
        chapters,
        warnings,
    })
}

/// The messages a game is written in: `opts.lang`, else its `[Language]`
/// header, else English; overridden as `opts` says, the players named as
/// its `[Sides]` header names them.
pub fn game_messages(game: &Game, opts: &BookOptions) -> Messages {
    let lang = opts
        .lang
        .clone()
        .or_else(|| {
            game.tag("Language")
                .and_then(super::typst_source::language_code)
        })
        .unwrap_or_else(|| "en".into());
    let m = Messages::for_language(&lang).with_overrides(&opts.messages);
    match game.tag("Sides") {
        Some(sides) => m.with_sides(sides),
        None => m,
    }
}

fn chapter(game: &Game, replay: &GameReplay, opts: &BookOptions, tally: &mut Tally) -> Chapter {
    let msgs = game_messages(game, opts);
    // By the rule every command titles a game by, else "Game".
    let title =
        crate::record::game_title(|t| game.tag(t)).unwrap_or_else(|| msgs.get("game").to_string());
    let mut facts = Vec::new();
    for tag in [
        "Red",
        "Black",
        "Event",
        "Site",
        "Date",
        "Round",
        "Annotator",
    ] {
        if let Some(v) = game.tag(tag).filter(|v| !v.trim().is_empty()) {
            facts.push((
                msgs.get(&tag.to_ascii_lowercase()).to_string(),
                v.to_string(),
            ));
        }
    }
    facts.push((
        msgs.get("rules").to_string(),
        rules_words(&replay.rules, &msgs),
    ));
    if let Some(size) = replay
        .final_position
        .as_ref()
        .map(Position::size)
        .or(game.size())
    {
        facts.push((msgs.get("board").to_string(), size.to_string()));
    }
    if let Some(r) = result_words(game, replay, &msgs) {
        facts.push((msgs.get("result").to_string(), r));
    }
    let puzzle = puzzle(game, replay, tally, &msgs);
    // A solution shows the diagrams its script asks for, no others.
    let auto = puzzle.is_none();
    let mut walker = Walker {
        replay,
        opts,
        tally,
        msgs: &msgs,
        auto,
    };
    let blocks = match start_position(game, &replay.rules) {
        Some(pos) => {
            let mut cur = Cursor::new(pos);
            walker.line(&game.line, &mut cur, true)
        }
        // A figure whose setup is no legal position: its diagram points only.
        None => walker.figures_only(&game.line),
    };
    let subtitle = game
        .tag("Event")
        .and_then(|e| super::littlegolem::event_words_in(e, &msgs));
    let tag = |t: &str| game.tag(t).map(str::trim).filter(|v| !v.is_empty());
    let pairing = tag("Event").map(|event| Pairing {
        event: event.to_string(),
        round: tag("Round").map(str::to_string),
        red: tag("Red").map(str::to_string),
        black: tag("Black").map(str::to_string),
        outcome: ResultFacts::of(game, replay).outcome(),
    });
    Chapter {
        title,
        subtitle,
        facts,
        blocks,
        language: game.tag("Language").map(str::to_string),
        puzzle,
        messages: msgs.clone(),
        figure: opts.figures,
        pairing,
        ..Chapter::default()
    }
}

/// The problem a game with a `[Task]` sets: the start position, cropped as
/// the first diagram point crops it, the side to move shown.
fn puzzle(game: &Game, replay: &GameReplay, tally: &mut Tally, msgs: &Messages) -> Option<Puzzle> {
    let task = game.tag("Task").map(str::trim).filter(|t| !t.is_empty())?;
    let pos = start_position(game, &replay.rules)?;
    let mut diagram = Diagram::from_setup(&pos.to_setup());
    // The side to move is said under the board in the collection's words
    // (its task), not drawn again as a marker.
    diagram.to_move = Some(pos.to_move());
    diagram.show_to_move = Some(false);
    diagram.to_move_words = Some(msgs.to_play_words());
    let crop = game.line.elements.iter().find_map(|e| match e {
        Element::Diagram(d) => d.crop,
        _ => None,
    });
    if let Some((a, b)) = crop {
        diagram.crop(Crop::new(a, b));
    }
    tally.count(&diagram);
    Some(Puzzle {
        task: task.to_string(),
        figure: Box::new(Figure {
            number: tally.figures,
            label: msgs.fill("diagram", &[("n", &tally.figures.to_string())]),
            caption: None,
            translation: None,
            notes: Vec::new(),
            art: Art::Twixt(diagram),
            style: None,
        }),
    })
}

/// "Red won by connection at move 37", from the replay, else the header,
/// in English.
pub(crate) fn result_text(game: &Game, replay: &GameReplay) -> Option<String> {
    result_words(game, replay, &Messages::default())
}

/// The result in `msgs`' words: from the replay, else the header.
pub fn result_words(game: &Game, replay: &GameReplay, msgs: &Messages) -> Option<String> {
    ResultFacts::of(game, replay).words(msgs)
}

/// What a game's result is made of, to be said in any messages' words
/// ([`ResultFacts::words`]): how the replay decided it, the dead draw it
/// notes, and the result its header declares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ResultFacts {
    decided: Option<crate::replay::Decision>,
    note: Option<crate::replay::DeadDrawNote>,
    declared: Option<GameResult>,
}

impl ResultFacts {
    /// The result of `game` as `replay` found it.
    pub fn of(game: &Game, replay: &GameReplay) -> ResultFacts {
        ResultFacts {
            decided: replay.decided,
            note: replay.dead_draw_note,
            declared: game.result(),
        }
    }

    /// How the game ended, for a tournament's standings: as the replay
    /// decided it, else as the header declares; unfinished otherwise.
    pub fn outcome(&self) -> Outcome {
        let winner = match (self.decided, self.declared) {
            (Some(d), _) => d.winner,
            (None, Some(GameResult::Win(p))) => Some(p),
            (None, Some(GameResult::Draw)) => return Outcome::Draw,
            (None, _) => return Outcome::Unfinished,
        };
        match winner {
            Some(Player::Red) => Outcome::RedWon,
            Some(Player::Black) => Outcome::BlackWon,
            // Decided without a winner: a draw of some kind.
            None => Outcome::Draw,
        }
    }

    /// The result in `msgs`' words: from the replay, else the header.
    pub fn words(&self, msgs: &Messages) -> Option<String> {
        if let Some(d) = self.decided {
            let n = d.ply.to_string();
            let winner = d.winner.map(|w| msgs.side(w));
            let key = match (d.how, winner) {
                (How::Connection, Some(_)) => "won-by-connection",
                (How::Resignation, Some(_)) => "won-by-resignation",
                (How::AgreedDraw, _) => "draw-agreed",
                (How::DeadDraw, _) => "draw-dead",
                (How::NoMoves, _) => "draw-no-moves",
                _ => "decided",
            };
            return Some(msgs.fill(key, &[("player", winner.unwrap_or_default()), ("n", &n)]));
        }
        // Where pieces can be lifted a dead draw decides nothing: it is said
        // beside the declared result, or alone.
        let note = self.note.map(|note| {
            let n = note.from.to_string();
            match note.reopened_at {
                None => msgs.fill("no-connection-from", &[("n", &n)]),
                Some(m) => msgs.fill("no-connection-until", &[("n", &n), ("m", &m.to_string())]),
            }
        });
        let declared = match self.declared {
            Some(GameResult::Win(p)) => Some(msgs.fill("won", &[("player", msgs.side(p))])),
            Some(GameResult::Draw) => Some(msgs.get("draw").to_string()),
            _ => None,
        };
        match (declared, note) {
            (Some(d), Some(n)) => Some(format!("{d}. {n}")),
            (d, n) => d.or(n),
        }
    }
}

/// The board along one line, and the moves since its last diagram.
#[derive(Clone)]
struct Cursor {
    pos: Position,
    ply: u32,
    /// For each peg on the board, the move that placed it.
    numbers: BTreeMap<Hole, u32>,
    /// Moves since the last diagram: (move number, move, hole it placed).
    since: Vec<(u32, Move, Option<Hole>)>,
    /// Move number at the last diagram of this line.
    figure_ply: u32,
    last: Option<LastMove>,
    /// An illegal move stopped the line (only with `lenient`).
    broken: bool,
}

impl Cursor {
    fn new(pos: Position) -> Cursor {
        // Moves are numbered as the script writes them: from 1 after a
        // setup, as the replay, `check` and the diagrams number them.
        let ply = 0;
        Cursor {
            pos,
            ply,
            numbers: BTreeMap::new(),
            since: Vec::new(),
            figure_ply: ply,
            last: None,
            broken: false,
        }
    }
}

struct Walker<'a> {
    replay: &'a GameReplay,
    opts: &'a BookOptions,
    tally: &'a mut Tally,
    msgs: &'a Messages,
    /// Diagrams every N moves and at the end of a line (not in a solution).
    auto: bool,
}

impl Walker<'_> {
    /// The blocks of `line`, played on `cur`.
    fn line(&mut self, line: &Line, cur: &mut Cursor, main: bool) -> Vec<Block> {
        let mut blocks = Vec::new();
        let mut moves = String::new();
        let mut before: Option<Cursor> = None;
        let flush = |moves: &mut String, blocks: &mut Vec<Block>| {
            if !moves.is_empty() {
                blocks.push(Block::Moves(std::mem::take(moves)));
            }
        };
        for el in &line.elements {
            match el {
                Element::Move(m) => {
                    if cur.broken {
                        continue;
                    }
                    let n = self.opts.moves_per_diagram;
                    if self.auto && n > 0 && cur.ply - cur.figure_ply >= n {
                        flush(&mut moves, &mut blocks);
                        blocks.push(Block::Figure(Box::new(self.auto_figure(cur, main))));
                    }
                    before = Some(cur.clone());
                    match cur.pos.play(&m.mv) {
                        Ok(played) => {
                            cur.ply += 1;
                            number_pegs(&mut cur.numbers, &m.mv, &played, cur.ply);
                            let placed = match &m.mv {
                                Move::Place(p) => Some(p.hole),
                                _ => None,
                            };
                            cur.since.push((cur.ply, m.mv.clone(), placed));
                            cur.last = Some(LastMove {
                                ply: cur.ply,
                                player: played.mover,
                                mv: m.mv.clone(),
                            });
                            if !moves.is_empty() {
                                moves.push(' ');
                            }
                            moves.push_str(&format!("{}. {}", cur.ply, self.move_text(m)));
                            if let Some(g) = m.glyph {
                                moves.push_str(g.as_str());
                            }
                        }
                        // The replay reported it; a lenient book stops the line here.
                        Err(_) => cur.broken = true,
                    }
                }
                Element::Comment(c) => {
                    flush(&mut moves, &mut blocks);
                    blocks.push(Block::Comment(c.clone()));
                }
                Element::Variation(v) => {
                    flush(&mut moves, &mut blocks);
                    if let Some(b) = &before {
                        let mut vc = b.clone();
                        // A variation's diagrams number its own moves only.
                        vc.since.clear();
                        vc.figure_ply = vc.ply;
                        let inner = self.line(v, &mut vc, false);
                        blocks.push(Block::Variation(inner));
                    }
                }
                Element::Diagram(d) => {
                    if cur.broken {
                        continue;
                    }
                    flush(&mut moves, &mut blocks);
                    if let Some(f) = self.point_figure(d, cur) {
                        blocks.push(Block::Figure(Box::new(f)));
                    }
                }
                Element::Remark(_) | Element::Mark(_) | Element::Claim(_) => {}
            }
        }
        flush(&mut moves, &mut blocks);
        if self.auto && cur.ply > cur.figure_ply && !cur.broken {
            blocks.push(Block::Figure(Box::new(self.auto_figure(cur, main))));
        }
        // A game that is only a position (a setup, no moves, no diagram
        // point) shows that position.
        let drew = blocks.iter().any(|b| matches!(b, Block::Figure(_)));
        if self.auto && main && !drew && cur.last.is_none() && cur.pos.pegs().next().is_some() {
            let mut f = self.auto_figure(cur, main);
            if !self.opts.figures {
                f.label = self
                    .msgs
                    .fill("diagram-start", &[("n", &f.number.to_string())]);
            }
            blocks.push(Block::Figure(Box::new(f)));
        }
        blocks
    }

    /// A move as the book writes it: a peg as the script writes it, a
    /// swap or a resignation in the book's words.
    fn move_text(&self, m: &crate::script::MoveNode) -> String {
        match m.mv {
            Move::Swap => self.msgs.get("move-swap").to_string(),
            Move::Resign => self.msgs.get("move-resign").to_string(),
            Move::AcceptDraw => self.msgs.get("move-draw").to_string(),
            Move::Place(_) => move_words(m),
        }
    }

    /// A figure's label: "Figure N" in a rulebook's figures, else what
    /// the diagram shows.
    fn label(&self, number: u32, range: Option<(u32, u32)>, variation: bool) -> String {
        if self.opts.figures {
            self.msgs.fill("figure", &[("n", &number.to_string())])
        } else {
            label(self.msgs, number, range, variation)
        }
    }

    /// A game that is only figures: the diagram points, in order.
    fn figures_only(&mut self, line: &Line) -> Vec<Block> {
        let mut blocks = Vec::new();
        for el in &line.elements {
            match el {
                Element::Comment(c) => blocks.push(Block::Comment(c.clone())),
                Element::Diagram(d) => {
                    if let Some(snap) = self.snapshot(d) {
                        let snap = snap.clone();
                        blocks.push(Block::Figure(Box::new(self.figure(
                            &snap,
                            Vec::new(),
                            None,
                        ))));
                    }
                }
                _ => {}
            }
        }
        blocks
    }

    fn snapshot(&self, d: &DiagramPoint) -> Option<&DiagramSnapshot> {
        self.replay
            .diagrams
            .iter()
            .find(|s| s.point.span.offset == d.span.offset)
    }

    /// The figure of a script's diagram point: as `render` draws it, but
    /// numbering the moves since the last diagram unless the point says.
    fn point_figure(&mut self, d: &DiagramPoint, cur: &mut Cursor) -> Option<Figure> {
        let mut snap = self.snapshot(d)?.clone();
        snap.previous_ply = cur.figure_ply;
        let numbers = *snap.point.numbers.get_or_insert(Numbers::SinceLast);
        let shown = match numbers {
            Numbers::None => None,
            Numbers::All => Some((1, cur.ply)),
            Numbers::Range(a, b) => Some((a, b)),
            Numbers::SinceLast => Some((cur.figure_ply + 1, cur.ply)),
        };
        let notes = shown.map_or_else(Vec::new, |(a, b)| notes(cur, a, b, self.msgs));
        let range = (cur.ply > cur.figure_ply).then_some((cur.figure_ply + 1, cur.ply));
        cur.figure_ply = cur.ply;
        cur.since.clear();
        Some(self.figure(&snap, notes, range))
    }

    fn figure(
        &mut self,
        snap: &DiagramSnapshot,
        notes: Vec<String>,
        range: Option<(u32, u32)>,
    ) -> Figure {
        // Past the book's limits a figure is not drawn: the book stops.
        let mut diagram = if self.tally.over() {
            Diagram::blank(snap.setup.size)
        } else {
            diagram_from_snapshot(snap)
        };
        diagram.caption = None;
        // The point's `to-move=` over the style's marker, as `render` draws it.
        diagram.show_to_move = snap.point.look.to_move.or(diagram.show_to_move);
        diagram.to_move_words = Some(self.msgs.to_play_words());
        let translation = option(snap, "translation").map(str::to_string);
        self.tally.count(&diagram);
        Figure {
            number: self.tally.figures,
            label: self.label(self.tally.figures, range, !snap.variation.is_empty()),
            caption: snap.point.caption.clone(),
            translation,
            notes,
            art: Art::Twixt(diagram),
            style: snap.point.look.style.clone(),
        }
    }

    /// A diagram cut between diagram points: the moves since the last one
    /// numbered on their pegs, earlier pegs plain.
    fn auto_figure(&mut self, cur: &mut Cursor, main: bool) -> Figure {
        let (first, last) = (cur.figure_ply + 1, cur.ply);
        // Past the book's limits a figure is not drawn: the book stops.
        let mut diagram = if self.tally.over() {
            Diagram::blank(cur.pos.size())
        } else {
            Diagram::from_setup(&cur.pos.to_setup())
        };
        diagram.to_move_words = Some(self.msgs.to_play_words());
        for (&hole, &n) in &cur.numbers {
            if (first..=last).contains(&n) {
                diagram.label(hole, n.to_string());
            }
        }
        if let Some(LastMove {
            mv: Move::Place(p), ..
        }) = &cur.last
            && diagram.pegs.contains_key(&p.hole)
        {
            diagram.last_move(Some(p.hole));
        }
        let notes = notes(cur, first, last, self.msgs);
        cur.figure_ply = cur.ply;
        cur.since.clear();
        self.tally.count(&diagram);
        Figure {
            number: self.tally.figures,
            label: self.label(self.tally.figures, Some((first, last)), !main),
            caption: None,
            translation: None,
            notes,
            art: Art::Twixt(diagram),
            style: None,
        }
    }
}

/// A rule set in `msgs`' words: its preset's name ("Dujardin", "papier-crayon
/// (TwixT PP)"), else its rules as a script writes them.
pub fn rules_words(rules: &twixt_core::rules::RuleSet, msgs: &Messages) -> String {
    match rules.preset_name() {
        Some(name) => msgs.get(&format!("rules-{name}")).to_string(),
        None => crate::script::RulesSpec::describe(rules),
    }
}

/// Moves from `first` to `last` whose number is not on a peg: a swap, or a
/// peg no longer there (taken back, or its hole used again).
fn notes(cur: &Cursor, first: u32, last: u32, msgs: &Messages) -> Vec<String> {
    cur.since
        .iter()
        .filter(|(n, _, _)| (first..=last).contains(n))
        .filter_map(|(n, mv, hole)| match (mv, hole) {
            (Move::Swap, _) => Some(msgs.fill("note-swap", &[("n", &n.to_string())])),
            // Its number on no peg: taken off, or its hole used again (a
            // swapped first peg keeps its number where it now stands).
            (_, Some(h)) if !cur.numbers.values().any(|v| v == n) => Some(msgs.fill(
                "note-at",
                &[("n", &n.to_string()), ("hole", &h.to_string())],
            )),
            _ => None,
        })
        .collect()
}

/// "Diagram 2 (moves 21–40)", "Diagram 5 (variation, move 23)", in
/// `msgs`' words.
fn label(msgs: &Messages, number: u32, range: Option<(u32, u32)>, variation: bool) -> String {
    let key = match (variation, range) {
        (false, None) => "diagram",
        (false, Some((a, b))) if a == b => "diagram-move",
        (false, Some(_)) => "diagram-moves",
        (true, None) => "diagram-variation",
        (true, Some((a, b))) if a == b => "diagram-variation-move",
        (true, Some(_)) => "diagram-variation-moves",
    };
    let (a, b) = range.unwrap_or_default();
    msgs.fill(
        key,
        &[
            ("n", &number.to_string()),
            ("a", &a.to_string()),
            ("b", &b.to_string()),
        ],
    )
}
