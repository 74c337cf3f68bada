//! What the page draws after each request: the board as `render` draws it
//! (the diagram model and its SVG writer, so the page has no board drawing
//! of its own), the move tree, and the current move's annotations.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;

use super::model::Document;
use super::tree;
use crate::diagram::{Scale, Style, to_svg};
use crate::replay::{DiagramSnapshot, LastMove};
use crate::script::{Element, Line, Mark, Notation};

/// The state the page shows.
#[derive(Debug, Clone, Serialize)]
pub struct State {
    /// The game: `twixt` or `twrs`; the page shows the tools it takes.
    pub kind: &'static str,
    /// A TWRS game's turns open at the current node, for the page to
    /// build a move from clicks.
    pub twrs: Option<super::twrs_view::Play>,
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
    /// The rules let links be added and removed by hand.
    pub links_by_hand: bool,
    /// The window the current diagram point shows: first and last column,
    /// first and last row (from 0), drawn over the board.
    pub crop: Option<[u16; 4]>,
    /// The current diagram point as `render` draws it: its window, its
    /// `style=` (else the rulebook style), coordinates and caption.
    pub preview: Option<String>,
    /// Why the preview cannot be drawn (a style that cannot be read).
    pub preview_error: Option<String>,
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
            let status = Document::status_words(&r.history);
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
    let (preview, preview_error) = match (&replayed, doc.diagram()) {
        (Ok(r), Some(_)) => match preview_svg(doc, r) {
            Ok(svg) => (Some(svg), None),
            Err(e) => (None, Some(e)),
        },
        _ => (None, None),
    };
    let crop = doc
        .diagram()
        .and_then(|d| d.crop)
        .map(|(a, b)| [a.col, b.col, a.row, b.row]);
    State {
        kind: "twixt",
        twrs: None,
        links_by_hand: doc.links_by_hand(),
        crop,
        preview,
        preview_error,
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
/// move numbers, the last move ringed, the node's marks and caption; the
/// whole board in the rulebook style with coordinates on every side, to
/// click on.
fn board_svg(doc: &Document, r: &super::model::Replayed) -> String {
    let mut d = crate::diagram::snapshot::diagram_from_snapshot(&snapshot(doc, r));
    d.crop = None;
    d.coords = crate::script::Sides::ALL;
    to_svg(&d, &Style::rulebook(), Scale::Px(24.0))
}

/// The current diagram point as `render` draws it by default: its window,
/// its own coordinates, side-to-move line and caption place, in its own
/// style (a built-in one or a `.yaml` file beside the script).
fn preview_svg(doc: &Document, r: &super::model::Replayed) -> Result<String, String> {
    let snap = snapshot(doc, r);
    let look = &snap.point.look;
    let style = match &look.style {
        Some(name) => point_style(doc.folder(), name)?,
        None => Style::rulebook(),
    };
    let mut d = crate::diagram::snapshot::diagram_from_snapshot(&snap);
    d.coords = look.coords.unwrap_or(d.coords);
    d.show_to_move = look.to_move.or(d.show_to_move);
    d.caption_position = look.caption_position.or(d.caption_position);
    Ok(to_svg(&d, &style, Scale::Px(24.0)))
}

/// The style a diagram point names, read as `render` reads it.
fn point_style(folder: Option<&Path>, name: &str) -> Result<Style, String> {
    let base = folder.unwrap_or(Path::new("."));
    if let Some(problem) = crate::pictures::style_problem(base, name) {
        return Err(format!("style={name}: {problem}"));
    }
    let arg = if crate::diagram::BUILTIN_NAMES.contains(&name) {
        name.to_string()
    } else {
        base.join(name).to_string_lossy().into_owned()
    };
    Style::load(&arg).map_err(|e| e.to_string())
}

/// What a diagram point at the replayed node shows.
fn snapshot(doc: &Document, r: &super::model::Replayed) -> DiagramSnapshot {
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
    DiagramSnapshot {
        point: crate::replay::with_task(&point, task.as_ref()),
        setup: pos.to_setup(),
        move_numbers,
        last_move,
        marks,
        ply: r.history.moves() as u32,
        previous_ply: 0,
        variation: Vec::new(),
    }
}

/// The move tree as nested HTML, numbered as the script numbers moves.
pub fn tree_html(root: &Line, cursor: &[usize]) -> String {
    tree_html_of(root, cursor, &|m| crate::script::move_text(m))
}

/// The move tree of any game's script as nested HTML, numbered as the
/// script numbers moves, each move written by `text`.
pub fn tree_html_of<N: Notation>(
    root: &Line<N>,
    cursor: &[usize],
    text: &dyn Fn(&N::Move) -> String,
) -> String {
    let mut out = String::new();
    let start_class = if cursor.is_empty() { " current" } else { "" };
    let _ = write!(
        out,
        "<span class=\"mv{start_class}\" data-path=\"\">start</span>"
    );
    write_line(&mut out, root, &mut Vec::new(), 0, cursor, text);
    out
}

fn write_line<N: Notation>(
    out: &mut String,
    line: &Line<N>,
    prefix: &mut Vec<usize>,
    ply: u32,
    cursor: &[usize],
    text: &dyn Fn(&N::Move) -> String,
) {
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
                    escape(&text(&m.mv))
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
                write_line(out, v, prefix, last.saturating_sub(1), cursor, text);
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
