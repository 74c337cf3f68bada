//! The editing model of a TWRS script: one game of the file, a cursor on
//! its move tree (the same tree and paths as TwixT's, [`super::tree`]),
//! moves played by the TWRS engine, variations, comments, and undo.
//!
//! As for TwixT, every edit changes the syntax tree the script reader made,
//! and the file is written by TWRS's canonical writer, so opening a file
//! and saving it unedited gives what `twixt fmt` gives, and whatever the
//! editor does not show (remarks, claims, diagram points, other games) is
//! kept. An edit whose script would not read back as the same game is
//! refused.
//!
//! ```
//! use twixtkit::editor::twrs::{TwrsDocument, TwrsOp};
//! let text = "[Game \"twrs\"]\n1. 3 i3-g3\n";
//! let mut doc = TwrsDocument::open("game.twixt", text, 0, None).unwrap();
//! doc.apply(TwrsOp::End).unwrap();
//! doc.apply(TwrsOp::Play { mv: "2 j10-j6".into() }).unwrap();
//! doc.apply(TwrsOp::Comment { text: "the reply".into() }).unwrap();
//! assert_eq!(doc.script(), "[Game \"twrs\"]\n1. 3 i3-g3\n2. 2 j10-j6\n{the reply}\n");
//! ```

use std::path::Path;
use std::time::{Duration, Instant};

use serde::Deserialize;
use twrs_core::moves::Move;
use twrs_core::position::Position;

use super::model::Refused;
use super::tree::{self, NodePath};
use crate::script::{Element, MoveNode, Span};
use crate::twrs::script::{TwrsGame, TwrsNotation, parse, write_file};

type Line = crate::script::Line<TwrsNotation>;

/// Letters of a comment typed within this long of the last edit of the
/// same comment are undone together, as TwixT's are.
const BATCH: Duration = Duration::from_millis(500);

/// What the page asks of a TWRS game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum TwrsOp {
    /// Go to a node of the tree.
    Goto {
        /// The node.
        path: NodePath,
    },
    /// The next move on this line.
    Next,
    /// The move before.
    Previous,
    /// The start of the game.
    Start,
    /// The end of this line.
    End,
    /// The variation before this one at this move.
    Up,
    /// The variation after this one at this move.
    Down,
    /// Plays a move written in TWRS notation (`3 i3-g3`, `1 b2-k2 x4 c2`).
    Play {
        /// The move.
        mv: String,
    },
    /// Lifts the current variation one level.
    Promote,
    /// Lifts the current variation until it is the main line.
    MakeMain,
    /// Deletes the current move and what follows it.
    Delete,
    /// Sets the current node's comment (empty: none).
    Comment {
        /// The comment.
        text: String,
    },
    /// Undoes the last edit.
    Undo,
    /// Redoes the last edit undone.
    Redo,
}

/// One game of a TWRS script being edited.
#[derive(Debug, Clone)]
pub struct TwrsDocument {
    games: Vec<TwrsGame>,
    index: usize,
    cursor: NodePath,
    undo: Vec<(Line, NodePath)>,
    redo: Vec<(Line, NodePath)>,
    /// The comment last edited and when: the next letters join its step.
    batch: Option<(NodePath, Instant)>,
    version: u64,
    dirty: bool,
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(why.into()))
}

impl TwrsDocument {
    /// Edits game `index` (from 0) of the TWRS script `text` (named `name`
    /// in messages); its `[Rules "file.yaml"]` is read from `folder`. A
    /// script with syntax errors, or whose rule file cannot be read, is
    /// refused with the first error and where it is.
    pub fn open(
        name: &str,
        text: &str,
        index: usize,
        folder: Option<&Path>,
    ) -> Result<TwrsDocument, Refused> {
        let (mut games, errors) = parse(text);
        if let Some(e) = errors.first() {
            return refuse(format!("{name}:{}:{}: {}", e.line, e.col, e.message));
        }
        if index >= games.len() {
            return refuse(format!(
                "there is no game {} in {name}: it holds {}",
                index + 1,
                games.len()
            ));
        }
        let folder = folder.unwrap_or(Path::new("."));
        for g in &mut games {
            g.load_rules_file(folder)
                .map_err(|e| Refused(format!("{name}: {e}")))?;
        }
        Ok(TwrsDocument {
            games,
            index,
            cursor: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            batch: None,
            version: 0,
            dirty: false,
        })
    }

    /// The game edited.
    pub fn game(&self) -> &TwrsGame {
        &self.games[self.index]
    }

    fn line_mut(&mut self) -> &mut Line {
        &mut self.games[self.index].script.line
    }

    /// Which game of the file is edited (from 0), and how many it holds.
    pub fn game_index(&self) -> (usize, usize) {
        (self.index, self.games.len())
    }

    /// The current node.
    pub fn cursor(&self) -> &[usize] {
        &self.cursor
    }

    /// The edit count.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// True when there are edits not saved.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Notes that the text now saved is this document's.
    pub fn mark_saved(&mut self) {
        self.dirty = false;
    }

    /// Counts the document as changed (a recovery copy restored).
    pub fn touch(&mut self) {
        self.version += 1;
        self.dirty = true;
    }

    /// Whether undo and redo have anything to do.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// The whole file in canonical form, as saving writes it.
    pub fn script(&self) -> String {
        write_file(&self.games)
    }

    /// The position at `path`, replayed by the TWRS engine from the game's
    /// start, or why it cannot be reached (a setup the rules refuse, an
    /// illegal move written in the file).
    pub fn position_at(&self, path: &[usize]) -> Result<Position, String> {
        let game = self.game();
        let mut pos = game.start().map_err(|e| e.to_string())?;
        for p in tree::played_paths(&game.line, path) {
            let m = tree::move_at(&game.line, &p).ok_or("no such move in the tree")?;
            pos.play(&m.mv)
                .map_err(|e| format!("move {} ({}): {e}", pos.plies() + 1, m.mv))?;
        }
        Ok(pos)
    }

    /// The current node's comment, if any.
    pub fn comment(&self) -> Option<&str> {
        let line = tree::line_of(&self.game().line, &self.cursor)?;
        line.elements[tree::block(line, self.cursor.last().copied())]
            .iter()
            .find_map(|e| match e {
                Element::Comment(c) => Some(c.as_str()),
                _ => None,
            })
    }

    /// Applies one request. Navigation never fails; an edit the rules or
    /// the script cannot take is refused and changes nothing.
    pub fn apply(&mut self, op: TwrsOp) -> Result<(), Refused> {
        let line = &self.game().line;
        let step = match &op {
            TwrsOp::Goto { path } => tree::Step::Goto(path),
            TwrsOp::Next => tree::Step::Next,
            TwrsOp::Previous => tree::Step::Previous,
            TwrsOp::Start => tree::Step::Start,
            TwrsOp::End => tree::Step::End,
            TwrsOp::Up => tree::Step::Up,
            TwrsOp::Down => tree::Step::Down,
            TwrsOp::Undo => return self.step_history(true),
            TwrsOp::Redo => return self.step_history(false),
            _ => return self.edit(op),
        };
        let moved = match tree::navigate(line, &self.cursor, step) {
            Ok(moved) => moved,
            Err(why) => return refuse(why),
        };
        if let Some(p) = moved {
            self.cursor = p;
        }
        Ok(())
    }

    fn step_history(&mut self, back: bool) -> Result<(), Refused> {
        let now = (self.game().line.clone(), self.cursor.clone());
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let Some((line, cursor)) = from.pop() else {
            return refuse(if back {
                "nothing to undo"
            } else {
                "nothing to redo"
            });
        };
        to.push(now);
        *self.line_mut() = line;
        self.cursor = cursor;
        self.batch = None;
        self.version += 1;
        self.dirty = true;
        Ok(())
    }

    /// Runs one edit; keeps it only when the game's script reads back as
    /// the same game.
    fn edit(&mut self, op: TwrsOp) -> Result<(), Refused> {
        let before = (self.game().line.clone(), self.cursor.clone());
        let comment_here = matches!(op, TwrsOp::Comment { .. }).then(|| self.cursor.clone());
        let done = self.edit_in_place(op).and_then(|()| self.reads_back());
        if let Err(e) = done {
            *self.line_mut() = before.0;
            self.cursor = before.1;
            return Err(e);
        }
        if self.game().line == before.0 {
            // Stepping onto a move already in the tree is no edit.
            return Ok(());
        }
        let now = Instant::now();
        let joins = match (&self.batch, &comment_here) {
            (Some((at, when)), Some(here)) => at == here && now.duration_since(*when) < BATCH,
            _ => false,
        };
        if !joins {
            self.undo.push(before);
        }
        self.batch = comment_here.map(|here| (here, now));
        self.redo.clear();
        self.version += 1;
        self.dirty = true;
        Ok(())
    }

    fn reads_back(&self) -> Result<(), Refused> {
        let text = write_file(std::slice::from_ref(self.game()));
        let (games, errors) = parse(&text);
        if let Some(e) = errors.first() {
            return refuse(format!("the script would not read back: {}", e.message));
        }
        match games.as_slice() {
            [g] if g.script == self.game().script => Ok(()),
            _ => refuse("the script would not read back as written"),
        }
    }

    fn edit_in_place(&mut self, op: TwrsOp) -> Result<(), Refused> {
        let cursor = self.cursor.clone();
        match op {
            TwrsOp::Play { mv } => {
                let mv: Move = mv
                    .trim()
                    .parse()
                    .map_err(|e| Refused(format!("`{}` is not a TWRS move: {e}", mv.trim())))?;
                let mut pos = self
                    .position_at(&cursor)
                    .map_err(|e| Refused(format!("the line to here cannot be replayed: {e}")))?;
                pos.play(&mv).map_err(|e| Refused(e.to_string()))?;
                let node = MoveNode {
                    mv,
                    glyph: None,
                    span: Span::default(),
                };
                self.cursor = tree::add_move(self.line_mut(), &cursor, node)
                    .ok_or_else(|| Refused("no such move in the tree".into()))?;
            }
            TwrsOp::Promote => {
                let p = tree::promote(self.line_mut(), &cursor)
                    .ok_or_else(|| Refused("this move is on the main line already".into()))?;
                self.cursor = p.path;
            }
            TwrsOp::MakeMain => {
                if self.cursor.len() < 2 {
                    return refuse("this move is on the main line already");
                }
                while self.cursor.len() >= 2 {
                    let cursor = self.cursor.clone();
                    let p = tree::promote(self.line_mut(), &cursor)
                        .ok_or_else(|| Refused("this variation cannot be promoted".into()))?;
                    self.cursor = p.path;
                }
            }
            TwrsOp::Delete => {
                self.cursor = tree::delete_from(self.line_mut(), &cursor)
                    .ok_or_else(|| Refused("no move to delete here".into()))?;
            }
            TwrsOp::Comment { text } => {
                let line = tree::line_of_mut(self.line_mut(), &cursor)
                    .ok_or_else(|| Refused("no such move in the tree".into()))?;
                let range = tree::block(line, cursor.last().copied());
                let existing = range
                    .clone()
                    .find(|&i| matches!(line.elements[i], Element::Comment(_)));
                match (existing, text.trim().is_empty()) {
                    (Some(i), true) => {
                        line.elements.remove(i);
                    }
                    (Some(i), false) => line.elements[i] = Element::Comment(text),
                    (None, true) => {}
                    (None, false) => line.elements.insert(range.start, Element::Comment(text)),
                }
            }
            _ => return refuse("not an edit"),
        }
        Ok(())
    }
}
