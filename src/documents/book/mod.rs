//! Game books: a game (or every game of a file) as one readable document,
//! the moves as text with their glyphs, the comments as paragraphs, and
//! diagrams where they belong: at the script's diagram points, and between
//! them every N moves, as Go book tools split a game (sgf2dg is the model).
//!
//! `build` turns a [`GameFile`](crate::open::GameFile) into a [`Book`], a
//! model of the document; [`html`] writes it as HTML, [`typst_source`] as
//! Typst source, which `typeset` (the `typst` feature) sets as PDF pages;
//! [`booklet()`] makes the books of many files one; and `write` writes a
//! book as a file.

mod booklet;
mod build;
pub mod html;
pub mod littlegolem;
pub mod standings;
#[cfg(feature = "typst")]
mod typeset;
#[cfg(feature = "typst")]
mod typeset_process;
pub mod typst_source;
mod write;

use std::sync::Arc;

use crate::diagram::{Diagram, Style};
use crate::messages::Messages;

pub use booklet::booklet;
pub(crate) use build::Tally;
pub(crate) use build::result_text;
pub use build::{
    BookError, BookOptions, ResultFacts, book, game_messages, result_words, rules_words,
};
pub use standings::natural_order;
#[cfg(feature = "typst")]
pub use typeset::{
    Template, TypesetError, set_typeset_process, set_typeset_time, typeset_pdf,
    typeset_pdf_in_child, typeset_pdf_in_process, typeset_typ_file,
};
#[cfg(feature = "typst")]
pub use typeset_process::{
    CHILD_COMMAND, DEFAULT_MEMORY_MB, MIN_MEMORY_MB, TypesetProcess, serve_typesetting,
};
pub use write::{BookFormat, MAX_FIGURES, WriteError, WriteOptions, to_pdf, write_book};

/// A document: one chapter per game.
#[derive(Debug, Clone, PartialEq)]
pub struct Book {
    /// The document's title (the first game's, or the file's name).
    pub title: String,
    /// The games, in file order.
    pub chapters: Vec<Chapter>,
    /// Problems tolerated with `lenient`, located.
    pub warnings: Vec<crate::diagnostic::Diagnostic>,
}

/// One game: its title block and its text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Chapter {
    /// The game's title (event, title, or the players).
    pub title: String,
    /// A line under the title: the event in words, when the event is a
    /// Little Golem code ("Little Golem championship 23, group 1.1").
    pub subtitle: Option<String>,
    /// The game's page on the web: Little Golem's, for a record named as
    /// the site names its downloads (`game1107581.tsgf`).
    pub link: Option<String>,
    /// Facts from the headers and the replay, in reading order:
    /// ("Red", "Alice"), ("Result", "Red won by connection at move 37"), …
    pub facts: Vec<(String, String)>,
    /// The text: moves, comments, diagrams and variations in order.
    pub blocks: Vec<Block>,
    /// The game's `[Language]` header, if any: the language its text is
    /// set (and hyphenated) in.
    pub language: Option<String>,
    /// For a game with a `[Task]`: the problem it sets, shown apart from
    /// its solution in a puzzle book.
    pub puzzle: Option<Puzzle>,
    /// The file the game was read from: the styles its diagram points name
    /// are looked for beside it (in a booklet, each game's beside its own).
    pub file: Option<std::path::PathBuf>,
    /// The words the game is written in: its language's, overridden, the
    /// players named as its `[Sides]` says.
    pub messages: Messages,
    /// A rulebook's figure (`--figures`): its diagrams are set as "Figure
    /// N" with their captions, without a heading or facts.
    pub figure: bool,
    /// The game's event, round, players and outcome, when it names an
    /// event: a booklet groups its games by them.
    pub pairing: Option<standings::Pairing>,
    /// An event's chapter in a booklet: the standings of its games, which
    /// follow it.
    pub standings: Option<Vec<standings::Standing>>,
}

/// A problem: the task and the position it is set on.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// The `[Task]` header: "Red to play and win".
    pub task: String,
    /// The position before the first move, cropped as the script's first
    /// diagram point crops it.
    pub figure: Box<Figure>,
}

/// One piece of a chapter's text.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Moves in a row: `1. e5 2. e7 3. d7?`.
    Moves(String),
    /// A comment from the script.
    Comment(String),
    /// A diagram and its caption (boxed: figures are large, text blocks many).
    Figure(Box<Figure>),
    /// An alternative line: its own moves, comments and diagrams.
    Variation(Vec<Block>),
}

/// A numbered diagram with what is written under it.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    /// Numbered through the whole book, from 1.
    pub number: u32,
    /// What it shows: "Diagram 2 (moves 21–40)".
    pub label: String,
    /// The script's caption.
    pub caption: Option<String>,
    /// The caption's translation (the `translation` option), set apart.
    pub translation: Option<String>,
    /// Moves whose number cannot stand on a peg: "23 at f6", "2 swap".
    pub notes: Vec<String>,
    /// The picture: a TwixT diagram model, or a TWRS drawing; its own
    /// caption is left empty (the writers set the caption in the text's
    /// font and width).
    pub art: Art,
    /// A style named by the diagram point, if any.
    pub style: Option<String>,
}

/// What a figure draws.
#[derive(Debug, Clone)]
pub enum Art {
    /// A TwixT position, numbers and marks, drawn in the book's style.
    Twixt(Diagram),
    /// A picture of another game drawn when the book is written, in the
    /// style its figure is set in (the book's, or the one its diagram
    /// point names), as a TwixT diagram is: TWRS's positions.
    Drawn(Arc<dyn Drawing>),
}

/// A picture of another game that draws itself in a TwixT style: what
/// each key of the style means for it is that game's to say (TWRS's:
/// docs/twrs.md, "Which style keys TWRS uses").
pub trait Drawing: std::fmt::Debug + Send + Sync {
    /// The picture as an SVG document in `style`, in pixels.
    fn svg(&self, style: &Style) -> String;

    /// The distance between neighbouring points of the picture, in its
    /// pixels: a typeset book sets it at the book's hole pitch, as it sets
    /// a TwixT diagram.
    fn pitch_px(&self) -> f64;
}

impl PartialEq for Art {
    /// Two drawn pictures are equal when they draw the same SVG in the
    /// built-in `rulebook` style.
    fn eq(&self, other: &Art) -> bool {
        match (self, other) {
            (Art::Twixt(a), Art::Twixt(b)) => a == b,
            (Art::Drawn(a), Art::Drawn(b)) => {
                let style = Style::rulebook();
                a.svg(&style) == b.svg(&style)
            }
            _ => false,
        }
    }
}

impl Art {
    /// The pegs and links a TwixT diagram draws; another game's picture
    /// counts none (its size is bounded by its board, and a book by its
    /// count of figures).
    pub fn drawn(&self) -> usize {
        match self {
            Art::Twixt(d) => d.pegs.len() + d.links.len(),
            Art::Drawn(_) => 0,
        }
    }

    /// Another game's picture drawn as an SVG document in `style`: the
    /// document, its width and its height in pixels, read from its root
    /// element; `None` for a TwixT diagram, which the writers lay out
    /// themselves.
    pub(crate) fn svg_in(&self, style: &Style) -> Option<(String, f64, f64)> {
        let Art::Drawn(d) = self else {
            return None;
        };
        let svg = d.svg(style);
        let attr = |name: &str| -> f64 {
            let head = &svg[..svg.find('>').unwrap_or(svg.len())];
            head.split(&format!(" {name}=\""))
                .nth(1)
                .and_then(|v| v.split('"').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(100.0)
        };
        let (width, height) = (attr("width"), attr("height"));
        Some((svg, width, height))
    }
}

impl Book {
    /// The words of the book as a whole (its headings, its contents): its
    /// first game's.
    pub fn messages(&self) -> &Messages {
        static ENGLISH: std::sync::OnceLock<Messages> = std::sync::OnceLock::new();
        self.chapters
            .iter()
            .find(|c| c.file.is_some())
            .or(self.chapters.first())
            .map_or_else(|| ENGLISH.get_or_init(Messages::default), |c| &c.messages)
    }

    /// Every figure, in reading order.
    pub fn figures(&self) -> Vec<&Figure> {
        let mut out = Vec::new();
        for c in &self.chapters {
            c.figures_into(&mut out);
        }
        out
    }
}

impl Chapter {
    /// Every figure of the game, in reading order: its problem's, then its text's.
    pub fn figures(&self) -> Vec<&Figure> {
        let mut out = Vec::new();
        self.figures_into(&mut out);
        out
    }

    fn figures_into<'a>(&'a self, out: &mut Vec<&'a Figure>) {
        fn walk<'a>(blocks: &'a [Block], out: &mut Vec<&'a Figure>) {
            for b in blocks {
                match b {
                    Block::Figure(f) => out.push(f),
                    Block::Variation(v) => walk(v, out),
                    _ => {}
                }
            }
        }
        if let Some(p) = &self.puzzle {
            out.push(&*p.figure);
        }
        walk(&self.blocks, out);
    }
}

pub use crate::messages::{NotALanguage, parse_language};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_code_is_two_or_three_letters() {
        assert_eq!(parse_language("DE").as_deref(), Ok("de"));
        let e = parse_language("fr\u{1b}").unwrap_err().to_string();
        assert!(e.ends_with("found `fr\\u{1b}`"), "{e}");
    }
}
