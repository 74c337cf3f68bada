//! TWRS games as a game book: the same document model as TwixT's
//! ([`crate::book::Book`]), so the shared HTML and PDF writers set it. The
//! moves are text with the script's comments between them; the figures are
//! TWRS drawings at the script's diagram points (or the final position of a
//! game that has none), captions and translations set under them.

use std::sync::Arc;

use crate::book::{Art, Block, Book, BookError, BookOptions, Chapter, Drawing, Figure, Tally};
use crate::diagram::{Scale, Style};
use crate::messages::Messages;
use crate::script::Sides;

use super::draw::{TwrsStyle, to_svg_styled};
use super::file::{TwrsFile, TwrsResult};
use super::script::{DiagramPoint, Element, Show, Snapshot};
use crate::script::PointLook;
use twrs_core::position::Position;

/// A TWRS position in a book, drawn when the book is written in the
/// style its figure is set in (the book's `--style`, or its diagram
/// point's `style=`), as `render` draws it, with the point's own
/// `coords=`, `to-move=` and `caption-position=` over it; the book sets
/// the caption as text.
#[derive(Debug)]
struct Drawn {
    position: Position,
    show: Vec<Show>,
    look: PointLook,
}

impl Drawing for Drawn {
    fn svg(&self, style: &Style) -> String {
        let look =
            TwrsStyle::from_style(style, Scale::default(), Sides::TOP_LEFT).with_point(&self.look);
        to_svg_styled(&self.position, &self.show, None, None, &look)
    }

    fn pitch_px(&self) -> f64 {
        crate::twrs::draw::STEP
    }
}

/// Figure `number`, labelled `label`, of `position` at a diagram `point`
/// (a game's final position is one at a point that asks for nothing).
fn figure(number: u32, label: String, point: &DiagramPoint, position: &Position) -> Block {
    Block::Figure(Box::new(Figure {
        number,
        label,
        caption: point.caption.clone(),
        translation: point.translation.clone(),
        notes: Vec::new(),
        art: Art::Drawn(Arc::new(Drawn {
            position: position.clone(),
            show: point.show.clone(),
            look: point.look.clone(),
        })),
        style: point.look.style.clone(),
    }))
}

/// The book of every game in `file`, its words in `opts.lang`, else each
/// game's `[Language]`, else English (with `opts.messages` over them).
/// Errors (syntax, illegal moves, false claims) stop it, unless
/// `opts.lenient` makes them warnings; a book past `opts`' limits stops at
/// the game that passes them.
pub fn book(file: &TwrsFile, opts: &BookOptions) -> Result<Book, BookError> {
    let lenient = opts.lenient;
    let invalid = |diagnostics| BookError::Invalid {
        file: file.name.clone(),
        diagnostics,
    };
    if !file.syntax_errors.is_empty() {
        return Err(invalid(file.syntax_errors.clone()));
    }
    if file.games.is_empty() {
        return Err(BookError::Empty(file.name.clone()));
    }
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut chapters = Vec::new();
    let mut tally = Tally::new(opts);
    let mut figures = 0u32;
    for (i, game) in file.games.iter().enumerate() {
        let replayed = file.replayed(game);
        if lenient {
            warnings.extend(replayed.errors.iter().cloned());
        } else {
            errors.extend(replayed.errors.iter().cloned());
        }
        let msgs = Messages::for_game(opts.lang.as_deref(), |t| game.tag(t))
            .with_overrides(&opts.messages);
        // Its `Title`, else "Game 2" in the book's words.
        let title = game.tag("Title").map_or_else(
            || msgs.fill("view-untitled", &[("n", &(i + 1).to_string())]),
            str::to_string,
        );
        // The facts under the catalogue's names ("Règles", "Plateau"), the
        // board's lines in its words ("11x11 lignes").
        let mut facts: Vec<(String, String)> = game
            .facts()
            .into_iter()
            .map(|(k, v)| {
                let v = if k == "Board" {
                    msgs.fill("twrs-board", &[("grid", &game.grid())])
                } else {
                    v
                };
                (msgs.get(&k.to_ascii_lowercase()).to_string(), v)
            })
            .collect();
        if let Some(r) = TwrsResult::of(&replayed.position) {
            facts.push((msgs.get("result").to_string(), r.words(&msgs)));
        }

        let mut drawn = false;
        let mut blocks = line_blocks(
            &game.line.elements,
            0,
            &replayed.diagrams,
            &mut figures,
            &mut drawn,
            &msgs,
        );
        if !drawn {
            figures += 1;
            let label = diagram_label(figures, replayed.position.plies(), &msgs);
            let point = DiagramPoint::default();
            blocks.push(figure(figures, label, &point, &replayed.position));
        }
        chapters.push(Chapter {
            title,
            facts,
            blocks,
            file: Some(std::path::PathBuf::from(&file.name)),
            language: game.tag("Language").map(str::to_string),
            messages: msgs,
            ..Chapter::default()
        });
        // A TWRS figure is drawn when the book is written: only the count
        // of figures bounds it.
        tally.figures = figures;
        tally.within()?;
    }
    if !errors.is_empty() {
        return Err(invalid(errors));
    }
    Ok(Book {
        title: file.title(),
        chapters,
        warnings,
    })
}

/// The label of figure `n`, a position `ply` moves in, in `msgs`' words:
/// "Diagram 3 (move 7)", "Diagramme 1 (position de départ)".
fn diagram_label(n: u32, ply: u32, msgs: &Messages) -> String {
    let n = n.to_string();
    match ply {
        0 => msgs.fill("diagram-start", &[("n", &n)]),
        a => msgs.fill("diagram-move", &[("n", &n), ("a", &a.to_string())]),
    }
}

/// The blocks of one line of play (`ply` moves in): its moves as text, its
/// comments, its figures (each drawn from the replay's snapshot of its
/// diagram point) and its variations.
fn line_blocks(
    elements: &[Element],
    ply: u32,
    snapshots: &[Snapshot],
    figures: &mut u32,
    drawn: &mut bool,
    msgs: &Messages,
) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut moves: Vec<String> = Vec::new();
    let flush = |moves: &mut Vec<String>, blocks: &mut Vec<Block>| {
        if !moves.is_empty() {
            blocks.push(Block::Moves(moves.join(" ")));
            moves.clear();
        }
    };
    let mut number = ply;
    for e in elements {
        match e {
            Element::Move(m) => {
                number += 1;
                moves.push(format!("{number}. {}", m.mv));
            }
            Element::Comment(text) => {
                flush(&mut moves, &mut blocks);
                blocks.push(Block::Comment(text.clone()));
            }
            Element::Diagram(d) => {
                flush(&mut moves, &mut blocks);
                // Replay stops a line at an illegal move (a lenient draft):
                // diagram points after it have no position to draw.
                let Some(snap) = snapshots
                    .iter()
                    .find(|s| s.point.span.start() == d.span.start())
                else {
                    continue;
                };
                *figures += 1;
                *drawn = true;
                let label = diagram_label(*figures, snap.ply, msgs);
                blocks.push(figure(*figures, label, &snap.point, &snap.position));
            }
            Element::Variation(v) => {
                flush(&mut moves, &mut blocks);
                let inner = line_blocks(
                    &v.elements,
                    number.saturating_sub(1),
                    snapshots,
                    figures,
                    drawn,
                    msgs,
                );
                blocks.push(Block::Variation(inner));
            }
            Element::Claim(_) | Element::Mark(_) | Element::Remark(_) => {}
        }
    }
    flush(&mut moves, &mut blocks);
    blocks
}
