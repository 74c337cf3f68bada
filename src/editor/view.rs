//! What the page draws after each request: the board as `render` draws it
//! (the diagram model and its SVG writer, so the page has no board drawing
//! of its own), the move tree, and the current move's annotations.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::model::Document;
use super::tree;
use crate::diagram::{Scale, Style, to_svg};
use crate::replay::{DiagramSnapshot, LastMove};
use crate::script::{Element, Line, Mark};

/// The state the page shows.
#[derive(Debug, Clone, Serialize)]
pub struct State {
    /// The document's edit count; the page sends it back with each edit.
    pub version: u64,
    /// The current node.
    pub path: Vec<usize>,
    /// The board at the current node, as SVG: hole `c, r` (from 0) is at
    /// `x = c, y = r` in its user units.
    pub svg: String,
    /// The board's width and height in holes.
    pub board: (u16, u16),
    /// The move tree as HTML: one `<span data-path>` per move.
    pub tree: String,
    /// The comment of the current node.
    pub comment: String,
    /// The glyph of the current move, if any.
    pub glyph: Option<&'static str>,
    /// The side to move at the current node.
    pub to_move: Option<String>,
    /// A win or a dead draw at the current node.
    pub status: Option<String>,
    /// Why the position cannot be replayed to here (an illegal move in the
    /// file, rules that cannot be read).
    pub error: Option<String>,
    /// The game's header tags, in order.
    pub tags: Vec<(String, String)>,
    /// The diagram point's caption and translation at the current node.
    pub diagram: Option<(String, String)>,
    /// The claims and marks of the current node, as the script writes them.
    pub directives: Vec<String>,
    /// Unsaved edits.
    pub dirty: bool,
    /// Undo, redo available.
    pub undo: (bool, bool),
    /// Game number (from 1) and how many the file holds.
    pub game: (usize, usize),
}

/// The state of `doc` as the page draws it.
pub fn state(doc: &Document) -> State {
    let cursor = doc.cursor().to_vec();
    let game = doc.game();
    let replayed = doc.replay_to(&cursor);
    let (svg, board, to_move, status, error) = match &replayed {
        Ok(r) => {
            let pos = r.history.position();
            let size = pos.size();
            let svg = board_svg(doc, r);
            let status = Document::status_words(pos);
            (
                svg,
                (size.width(), size.height()),
                Some(pos.to_move().name().to_string()),
                status,
                r.error.clone(),
            )
        }
        Err(e) => (String::new(), (0, 0), None, None, Some(e.clone())),
    };
    let directives = doc
        .annotations()
        .iter()
        .filter(|e| matches!(e, Element::Mark(_) | Element::Claim(_)))
        .map(|e| {
            crate::script::write_game(&crate::script::Game {
                line: Line {
                    elements: vec![e.clone()],
                },
                ..Default::default()
            })
            .trim()
            .to_string()
        })
        .collect();
    let (undo, redo) = doc.can_undo_redo();
    let (index, games) = doc.game_index();
    State {
        version: doc.version(),
        svg,
        board,
        tree: tree_html(&game.line, &cursor),
        comment: doc.comment().unwrap_or_default().to_string(),
        glyph: tree::move_at(&game.line, &cursor).and_then(|m| m.glyph.map(|g| g.as_str())),
        to_move,
        status,
        error,
        tags: game
            .tags
            .iter()
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect(),
        diagram: doc.diagram().map(|d| {
            let translation = d
                .extra
                .iter()
                .find(|(k, _)| k == "translation")
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            (d.caption.clone().unwrap_or_default(), translation)
        }),
        directives,
        dirty: doc.is_dirty(),
        undo: (undo, redo),
        game: (index + 1, games),
        path: cursor,
    }
}

/// The board at the replayed node as `render` draws a diagram point there:
/// move numbers, the last move ringed, the node's marks and caption.
fn board_svg(doc: &Document, r: &super::model::Replayed) -> String {
    let pos = r.history.position();
    let mut move_numbers = BTreeMap::new();
    for (i, hole) in r.history.holes().iter().enumerate() {
        if let Some(h) = hole
            && pos.peg(*h).is_some()
        {
            move_numbers.insert(*h, i as u32 + 1);
        }
    }
    let game = doc.game();
    let last_move = tree::move_at(&game.line, doc.cursor())
        .filter(|_| r.error.is_none())
        .map(|m| LastMove {
            ply: r.history.moves() as u32,
            player: pos.to_move().opponent(),
            mv: m.mv.clone(),
        });
    let marks: Vec<Mark> = doc
        .annotations()
        .iter()
        .filter_map(|e| match e {
            Element::Mark(m) => Some((**m).clone()),
            _ => None,
        })
        .collect();
    // `{task}` in a caption reads as `render` shows it: the game's task.
    let task = game.tag("Task").map(|t| {
        (
            t.to_string(),
            game.tag("TaskTranslation").map(str::to_string),
        )
    });
    let point = doc.diagram().cloned().unwrap_or_default();
    let snap = DiagramSnapshot {
        point: crate::replay::with_task(&point, task.as_ref()),
        setup: pos.to_setup(),
        move_numbers,
        last_move,
        marks,
        ply: r.history.moves() as u32,
        previous_ply: 0,
        variation: Vec::new(),
    };
    let mut d = crate::diagram::snapshot::diagram_from_snapshot(&snap);
    // The editor shows the whole board, to click on; a crop is for figures.
    d.crop = None;
    d.coords = crate::script::Sides::ALL;
    to_svg(&d, &Style::rulebook(), Scale::Px(24.0))
}

/// The move tree as nested HTML, numbered as the script numbers moves.
pub fn tree_html(root: &Line, cursor: &[usize]) -> String {
    let mut out = String::new();
    let start_class = if cursor.is_empty() { " current" } else { "" };
    let _ = write!(
        out,
        "<span class=\"mv{start_class}\" data-path=\"\">start</span>"
    );
    write_line(&mut out, root, &mut Vec::new(), 0, cursor);
    out
}

fn write_line(out: &mut String, line: &Line, prefix: &mut Vec<usize>, ply: u32, cursor: &[usize]) {
    let mut ply = ply;
    let mut last = ply;
    // Spaces go between items, none just inside a variation's `(`, so the
    // tree reads as the script writes it: `(3. h9)`.
    let mut sep = if prefix.is_empty() { " " } else { "" };
    for (i, e) in line.elements.iter().enumerate() {
        let before = sep;
        if matches!(
            e,
            Element::Move(_) | Element::Comment(_) | Element::Variation(_)
        ) {
            sep = " ";
        }
        match e {
            Element::Move(m) => {
                ply += 1;
                last = ply;
                prefix.push(i);
                let current = if prefix.as_slice() == cursor {
                    " current"
                } else {
                    ""
                };
                let path: Vec<String> = prefix.iter().map(usize::to_string).collect();
                let glyph = m.glyph.map_or("", |g| g.as_str());
                let _ = write!(
                    out,
                    "{before}<span class=\"mv{current}\" data-path=\"{}\">{ply}.&nbsp;{}{glyph}</span>",
                    path.join(","),
                    escape(&crate::script::move_text(&m.mv))
                );
                prefix.pop();
            }
            Element::Comment(c) => {
                let _ = write!(out, "{before}<span class=\"cm\">{}</span>", escape(c));
            }
            Element::Variation(v) => {
                prefix.push(i);
                out.push_str(before);
                out.push_str("<span class=\"var\">(");
                write_line(out, v, prefix, last.saturating_sub(1), cursor);
                out.push_str(")</span>");
                prefix.pop();
            }
            _ => {}
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
