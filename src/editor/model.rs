//! The editing model: one game of a script file, a cursor on its move tree,
//! the edits an author makes by pointing, and their undo history.
//!
//! Every edit changes the syntax tree the script reader made, so whatever
//! the editor does not show (remarks, unknown headers, claims, other games)
//! is kept and written back by the canonical writer. An edit whose script
//! would not read back as the same tree is refused, so a saved file always
//! opens again.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Deserialize;
use twixt_core::board::{Hole, Player};
use twixt_core::history::History;
use twixt_core::link::Link;
use twixt_core::moves::{Move, Removal};
use twixt_core::position::Status;
use twixt_core::rules::{Linking, RuleSet};

use super::tree::{self, NodePath};
use crate::script::{
    ClaimKind, DiagramPoint, Element, Game, Glyph, Line, Mark, MarkKind, MoveNode, ScriptFile,
    SetupBlock, Span,
};

/// Edits typed within this long of the last one, of the same kind at the
/// same place (the letters of a comment), are undone together.
const BATCH: Duration = Duration::from_millis(500);

/// One request of the page: a step through the tree or an edit.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum Op {
    /// Go to a node of the tree.
    Goto {
        /// The node.
        path: NodePath,
    },
    /// The next move of this line.
    Next,
    /// The move before.
    Previous,
    /// The start of the game.
    Start,
    /// The end of this line.
    End,
    /// The previous alternative at this move.
    Up,
    /// The next alternative at this move.
    Down,
    /// Play a peg on a hole (`f6`): the next move, another variation's, or
    /// a new variation.
    Play {
        /// The hole, as written.
        hole: String,
    },
    /// Play the swap.
    Swap,
    /// Promote the variation holding the current move one level.
    Promote,
    /// Promote it until it is the main line.
    MakeMain,
    /// Delete the current move and every move after it on its line.
    Delete,
    /// Set the comment of the current move (empty removes it).
    Comment {
        /// The comment's text.
        text: String,
    },
    /// Set or clear the current move's glyph (`!`, `?!`, …).
    Glyph {
        /// The glyph as written; `None` clears it.
        glyph: Option<String>,
    },
    /// Under rules with links by hand: add a link between two own pegs to
    /// the current move, or take one away (a link this move added goes; a
    /// link on the board before it is removed by the move, before its peg).
    Link {
        /// One end.
        from: String,
        /// The other end.
        to: String,
    },
    /// Put a `#label` on a hole (`X` draws a cross).
    Label {
        /// The hole.
        hole: String,
        /// The label.
        text: String,
    },
    /// Put a `#ghost` peg on a hole.
    Ghost {
        /// The hole.
        hole: String,
        /// `red` or `black`.
        player: String,
    },
    /// Draw an `#arrow`.
    Arrow {
        /// Where it starts.
        from: String,
        /// Where it points.
        to: String,
    },
    /// Remove the labels, ghosts and arrows on a hole at the current move.
    ClearMarks {
        /// The hole.
        hole: String,
    },
    /// Put a setup peg on a hole or take it away.
    SetupPeg {
        /// The hole.
        hole: String,
        /// `red`, `black`, or `None` to empty the hole.
        player: Option<String>,
    },
    /// Set the side to move of the setup (`None` leaves it to the rules).
    ToMove {
        /// `red`, `black` or `None`.
        player: Option<String>,
    },
    /// Set a header tag (an empty value removes it).
    Tag {
        /// The tag's name.
        name: String,
        /// Its value.
        value: String,
    },
    /// Set a diagram point at the current move (empty caption and
    /// translation with `remove` take it away).
    Diagram {
        /// The caption.
        caption: String,
        /// Its translation.
        translation: String,
        /// Remove the point instead.
        #[serde(default)]
        remove: bool,
    },
    /// Set the window of the board the current move's diagram point shows
    /// (`crop=`), the two holes being opposite corners; a diagram point is
    /// made when there is none. Without holes the whole board is shown.
    Crop {
        /// One corner.
        from: Option<String>,
        /// The opposite corner.
        to: Option<String>,
    },
    /// Undo the last edit.
    Undo,
    /// Redo the last edit undone.
    Redo,
}

impl Op {
    /// True for a step through the tree, which changes nothing written.
    pub fn is_navigation(&self) -> bool {
        matches!(
            self,
            Op::Goto { .. } | Op::Next | Op::Previous | Op::Start | Op::End | Op::Up | Op::Down
        )
    }
}

/// Why an edit was refused: the reason shown on the page.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refused(pub String);

fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(Refused(why.into()))
}

/// A state of the game and where the cursor was, for undo.
#[derive(Debug, Clone)]
struct Snapshot {
    game: Game,
    cursor: NodePath,
}

/// What groups edits into one undo step.
#[derive(Debug, Clone, PartialEq, Eq)]
enum BatchKey {
    Comment(NodePath),
    Tag(String),
    Diagram(NodePath),
}

/// The position at a node of the tree, replayed by the engine.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The game so far: position and where each move's peg stands.
    pub history: History,
    /// Why the replay stopped short of the node (an illegal move written
    /// in the file, rules that cannot be read), if it did.
    pub error: Option<String>,
}

/// One game of a script file being edited.
#[derive(Debug, Clone)]
pub struct Document {
    file: ScriptFile,
    index: usize,
    cursor: NodePath,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    batch: Option<(BatchKey, Instant)>,
    /// Counts the edits, so that a page holding an older state is told.
    version: u64,
    /// True when the document differs from what was last saved or opened.
    dirty: bool,
    rules_folder: Option<PathBuf>,
}

impl Document {
    /// Edits game `index` (from 0) of `file`; a `[Rules]` file is read from
    /// `rules_folder`. A file without games gets one.
    pub fn new(
        mut file: ScriptFile,
        index: usize,
        rules_folder: Option<&Path>,
    ) -> Result<Document, Refused> {
        if file.games.is_empty() {
            file.games.push(Game::default());
        }
        if index >= file.games.len() {
            return refuse(format!(
                "there is no game {} in the file: it holds {}",
                index + 1,
                file.games.len()
            ));
        }
        Ok(Document {
            file,
            index,
            cursor: Vec::new(),
            undo: Vec::new(),
            redo: Vec::new(),
            batch: None,
            version: 0,
            dirty: false,
            rules_folder: rules_folder.map(Path::to_path_buf),
        })
    }

    /// The game edited.
    pub fn game(&self) -> &Game {
        &self.file.games[self.index]
    }

    fn game_mut(&mut self) -> &mut Game {
        &mut self.file.games[self.index]
    }

    /// Which game of the file is edited (from 0), and how many it holds.
    pub fn game_index(&self) -> (usize, usize) {
        (self.index, self.file.games.len())
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

    /// Whether undo and redo have anything to do.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// Counts the document as changed (a recovery copy restored).
    pub fn touch(&mut self) {
        self.version += 1;
        self.dirty = true;
    }

    /// Notes that the text now saved is this document's.
    pub fn mark_saved(&mut self) {
        self.dirty = false;
    }

    /// The whole file in canonical form, as saving writes it.
    pub fn script(&self) -> String {
        // A file with nothing in it stays empty, as `twixt fmt` leaves it
        // (the empty game stands in for it only while editing).
        if self.file.games.len() == 1 && self.file.games[0] == Game::default() {
            return String::new();
        }
        crate::script::write_file(&self.file)
    }

    /// The rule set of the game.
    pub fn rules(&self) -> Result<RuleSet, String> {
        self.game()
            .rules(self.rules_folder.as_deref())
            .map_err(|e| e.to_string())
    }

    /// Replays the game to the node `path` by the engine.
    pub fn replay_to(&self, path: &[usize]) -> Result<Replayed, String> {
        let rules = self.rules()?;
        let start = crate::replay::start_position(self.game(), &rules).ok_or_else(|| {
            "the setup is not a position the rules can play from (see `twixt check`)".to_string()
        })?;
        let mut history = History::new(start);
        let mut error = None;
        for p in tree::played_paths(&self.game().line, path) {
            let Some(m) = tree::move_at(&self.game().line, &p) else {
                break;
            };
            if let Err(e) = history.play(&m.mv) {
                error = Some(format!(
                    "move {} ({}) cannot be played: {e}",
                    history.moves() + 1,
                    crate::script::move_text(&m.mv)
                ));
                break;
            }
        }
        Ok(Replayed { history, error })
    }

    /// Applies one request. Navigation never fails; an edit the rules or
    /// the script cannot take is refused and changes nothing.
    pub fn apply(&mut self, op: Op) -> Result<(), Refused> {
        let line = &self.game().line;
        let step = match &op {
            Op::Goto { path } => tree::Step::Goto(path),
            Op::Next => tree::Step::Next,
            Op::Previous => tree::Step::Previous,
            Op::Start => tree::Step::Start,
            Op::End => tree::Step::End,
            Op::Up => tree::Step::Up,
            Op::Down => tree::Step::Down,
            Op::Undo => return self.undo(),
            Op::Redo => return self.redo(),
            _ => return self.edit(op),
        };
        let moved = match tree::navigate(line, &self.cursor, step) {
            Ok(moved) => moved,
            Err(why) => return refuse(why),
        };
        if let Some(p) = moved {
            self.cursor = p;
            self.batch = None;
        }
        Ok(())
    }

    fn undo(&mut self) -> Result<(), Refused> {
        let Some(s) = self.undo.pop() else {
            return refuse("nothing to undo");
        };
        let now = self.snapshot();
        self.redo.push(now);
        self.restore(s);
        Ok(())
    }

    fn redo(&mut self) -> Result<(), Refused> {
        let Some(s) = self.redo.pop() else {
            return refuse("nothing to redo");
        };
        let now = self.snapshot();
        self.undo.push(now);
        self.restore(s);
        Ok(())
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            game: self.game().clone(),
            cursor: self.cursor.clone(),
        }
    }

    fn restore(&mut self, s: Snapshot) {
        *self.game_mut() = s.game;
        self.cursor = s.cursor;
        self.batch = None;
        self.version += 1;
        self.dirty = true;
    }

    /// Runs one edit on a copy; keeps it only when its script reads back
    /// as the same tree.
    fn edit(&mut self, op: Op) -> Result<(), Refused> {
        let before = self.snapshot();
        let key = batch_key(&op, &self.cursor);
        let result = self.edit_in_place(op);
        if let Err(e) = result {
            self.restore_quietly(before);
            return Err(e);
        }
        if let Err(e) = self.reads_back() {
            self.restore_quietly(before);
            return Err(e);
        }
        if self.game() == &before.game {
            // Moving onto a move already in the tree is no edit.
            return Ok(());
        }
        let batched = matches!((&key, &self.batch), (Some(k), Some((b, at))) if k == b && at.elapsed() < BATCH);
        if !batched {
            self.undo.push(before);
        }
        self.batch = key.map(|k| (k, Instant::now()));
        self.redo.clear();
        self.version += 1;
        self.dirty = true;
        Ok(())
    }

    fn restore_quietly(&mut self, s: Snapshot) {
        *self.game_mut() = s.game;
        self.cursor = s.cursor;
    }

    /// The game's script must read back as the same game.
    fn reads_back(&self) -> Result<(), Refused> {
        let text = crate::script::write_game(self.game());
        let parsed = crate::script::parse(&text);
        if let Some(e) = parsed.errors.first() {
            let d = e.to_diagnostic("script", &text);
            // The line it stops at names what the edit broke (a header, a
            // setup line, a move).
            return refuse(format!(
                "the script would not read back: {} (in `{}`)",
                d.message,
                d.snippet.trim()
            ));
        }
        let empty = parsed.file.games.is_empty() && self.game() == &Game::default();
        if !empty && (parsed.file.games.len() != 1 || &parsed.file.games[0] != self.game()) {
            return refuse("the script would not read back as written");
        }
        Ok(())
    }

    fn edit_in_place(&mut self, op: Op) -> Result<(), Refused> {
        match op {
            Op::Play { hole } => self.play(Move::peg(parse_hole(&hole)?)),
            Op::Swap => self.play(Move::Swap),
            Op::Link { from, to } => self.toggle_link(&from, &to),
            Op::Promote => {
                let cursor = self.cursor.clone();
                let p = tree::promote(&mut self.game_mut().line, &cursor)
                    .ok_or_else(|| Refused("this move is on the main line already".into()))?;
                self.cursor = p.path;
                Ok(())
            }
            Op::MakeMain => {
                if self.cursor.len() < 2 {
                    return refuse("this move is on the main line already");
                }
                while self.cursor.len() >= 2 {
                    let cursor = self.cursor.clone();
                    let p = tree::promote(&mut self.game_mut().line, &cursor)
                        .ok_or_else(|| Refused("this variation cannot be promoted".into()))?;
                    self.cursor = p.path;
                }
                Ok(())
            }
            Op::Delete => {
                let cursor = self.cursor.clone();
                self.cursor = tree::delete_from(&mut self.game_mut().line, &cursor)
                    .ok_or_else(|| Refused("no move to delete here".into()))?;
                Ok(())
            }
            Op::Comment { text } => {
                self.set_comment(text);
                Ok(())
            }
            Op::Glyph { glyph } => {
                let g = match glyph.as_deref() {
                    None | Some("") => None,
                    Some(s) => Some(
                        Glyph::parse(s).ok_or_else(|| Refused(format!("`{s}` is not a glyph")))?,
                    ),
                };
                let path = self.cursor.clone();
                let m = self.current_move_mut(&path)?;
                // The same glyph again takes it off, as on a key.
                m.glyph = if m.glyph == g { None } else { g };
                Ok(())
            }
            Op::Label { hole, text } => {
                let hole = self.hole_on_board(&hole)?;
                let text = text.trim().to_string();
                if text.is_empty() || text.chars().any(char::is_whitespace) {
                    return refuse("a label is one word: a letter, a number, `X`");
                }
                self.clear_marks(hole);
                self.add_mark(MarkKind::Label { hole, text });
                Ok(())
            }
            Op::Ghost { hole, player } => {
                let hole = self.hole_on_board(&hole)?;
                let player = parse_player(&player)?;
                self.clear_marks(hole);
                self.add_mark(MarkKind::Ghost {
                    player,
                    hole,
                    label: None,
                });
                Ok(())
            }
            Op::Arrow { from, to } => {
                let (from, to) = (self.hole_on_board(&from)?, self.hole_on_board(&to)?);
                if from == to {
                    return refuse("an arrow needs two different holes");
                }
                let kind = MarkKind::Arrow(from, to);
                if !self.remove_mark(&kind) {
                    self.add_mark(kind);
                }
                Ok(())
            }
            Op::ClearMarks { hole } => {
                let hole = parse_hole(&hole)?;
                self.clear_marks(hole);
                Ok(())
            }
            Op::SetupPeg { hole, player } => {
                let hole = self.hole_on_board(&hole)?;
                let player = player.as_deref().map(parse_player).transpose()?;
                let setup = self
                    .game_mut()
                    .setup
                    .get_or_insert_with(SetupBlock::default);
                setup.red.retain(|h| *h != hole);
                setup.black.retain(|h| *h != hole);
                setup.links.retain(|l| !l.touches(hole));
                match player {
                    Some(Player::Red) => setup.red.push(hole),
                    Some(Player::Black) => setup.black.push(hole),
                    None => {}
                }
                setup.red.sort();
                setup.black.sort();
                if player.is_some() {
                    setup.implied_links = true;
                }
                Ok(())
            }
            Op::ToMove { player } => {
                let player = player.as_deref().map(parse_player).transpose()?;
                let setup = self
                    .game_mut()
                    .setup
                    .get_or_insert_with(SetupBlock::default);
                setup.to_move = player;
                Ok(())
            }
            Op::Tag { name, value } => self.set_tag(&name, value),
            Op::Crop { from, to } => {
                let corners = match (from, to) {
                    (Some(a), Some(b)) => {
                        let (a, b) = (self.point_on_board(&a)?, self.point_on_board(&b)?);
                        Some(window(a, b))
                    }
                    (None, None) => None,
                    _ => return refuse("a window needs two opposite corners"),
                };
                self.set_crop(corners);
                Ok(())
            }
            Op::Diagram {
                caption,
                translation,
                remove,
            } => {
                self.set_diagram(caption, translation, remove);
                Ok(())
            }
            Op::Goto { .. }
            | Op::Next
            | Op::Previous
            | Op::Start
            | Op::End
            | Op::Up
            | Op::Down
            | Op::Undo
            | Op::Redo => Ok(()),
        }
    }

    /// Plays `mv` after the current node: steps onto it when the tree has
    /// it there, else adds it (at the end of the line, or as a variation).
    fn play(&mut self, mv: Move) -> Result<(), Refused> {
        let replayed = self.replay_to(&self.cursor).map_err(Refused)?;
        if let Some(e) = replayed.error {
            return refuse(format!("the line to here has an illegal move: {e}"));
        }
        let mut history = replayed.history;
        if let Err(e) = history.play(&mv) {
            return refuse(e.to_string());
        }
        let cursor = self.cursor.clone();
        let node = MoveNode {
            mv,
            glyph: None,
            span: Span::default(),
        };
        let new_cursor = tree::add_move(&mut self.game_mut().line, &cursor, node)
            .ok_or_else(|| Refused("no such move in the tree".into()))?;
        self.cursor = new_cursor;
        Ok(())
    }

    /// True when the rules let a player add links by hand.
    pub fn links_by_hand(&self) -> bool {
        self.rules()
            .is_ok_and(|r| matches!(r.links, Linking::Manual | Linking::AutomaticEditable))
    }

    /// Adds the link `from`–`to` to the current move, or takes it away: see
    /// [`Op::Link`]. The engine then replays every line of the tree; an edit
    /// that makes a move illegal (this one or a later one) is refused with
    /// the engine's reason.
    fn toggle_link(&mut self, from: &str, to: &str) -> Result<(), Refused> {
        let (a, b) = (self.hole_on_board(from)?, self.hole_on_board(to)?);
        let link = Link::new(a, b).ok_or_else(|| {
            Refused(format!(
                "{a} and {b} are not a knight's move apart: no link joins them"
            ))
        })?;
        let rules = self.rules().map_err(Refused)?;
        if rules.links == Linking::Automatic {
            return refuse(
                "under these rules every link comes with its peg (links=automatic); links are added and removed by hand under board, schmidt, editable or links=manual",
            );
        }
        if self.cursor.is_empty() {
            return refuse("go to a move first: a link is added or taken away by a move");
        }
        let cursor = self.cursor.clone();
        let broken_before = self.broken_lines();
        let after = self.replay_to(&cursor).map_err(Refused)?;
        if let Some(e) = after.error {
            return refuse(format!("the line to here has an illegal move: {e}"));
        }
        let on_board = after.history.position().has_link(link);
        let m = self.current_move_mut(&cursor)?;
        let Move::Place(p) = &mut m.mv else {
            return refuse("the current move places no peg: links go with a placement");
        };
        if let Some(i) = p.links.iter().position(|l| *l == link) {
            p.links.remove(i);
        } else if let Some(i) = p.removals.iter().position(|r| *r == Removal::Link(link)) {
            p.removals.remove(i);
        } else if on_board {
            if link.touches(p.hole) {
                return refuse(format!(
                    "{link} comes with this move's peg under these rules: it can be taken away by a later move of the same player"
                ));
            }
            p.removals.push(Removal::Link(link));
        } else {
            p.links.push(link);
        }
        // The first line the edit broke, in the engine's words.
        for end in tree::line_ends(&self.game().line) {
            let error = self.replay_to(&end).map_err(Refused)?.error;
            if let Some(e) = error
                && !broken_before.contains(&end)
            {
                return refuse(e);
            }
        }
        Ok(())
    }

    /// The ends of the lines whose replay stops at an illegal move.
    fn broken_lines(&self) -> Vec<NodePath> {
        tree::line_ends(&self.game().line)
            .into_iter()
            .filter(|end| self.replay_to(end).is_ok_and(|r| r.error.is_some()))
            .collect()
    }

    fn current_move_mut(&mut self, path: &[usize]) -> Result<&mut MoveNode, Refused> {
        if path.is_empty() {
            return refuse("go to a move first: the start of the game has no move");
        }
        let line = tree::line_of_mut(&mut self.game_mut().line, path)
            .ok_or_else(|| Refused("no such move in the tree".into()))?;
        match line.elements.get_mut(*path.last().unwrap_or(&0)) {
            Some(Element::Move(m)) => Ok(m),
            _ => refuse("no such move in the tree"),
        }
    }

    /// The line and index range of the current node's annotations.
    fn block_mut(&mut self) -> (&mut Line, std::ops::Range<usize>) {
        let cursor = self.cursor.clone();
        let line =
            tree::line_of_mut(&mut self.game_mut().line, &cursor).expect("the cursor names a node");
        let range = tree::block(line, cursor.last().copied());
        (line, range)
    }

    /// The current node's annotations, in order.
    pub fn annotations(&self) -> &[Element] {
        let line = tree::line_of(&self.game().line, &self.cursor).expect("the cursor names a node");
        &line.elements[tree::block(line, self.cursor.last().copied())]
    }

    /// The current node's comment (its first one), if any.
    pub fn comment(&self) -> Option<&str> {
        self.annotations().iter().find_map(|e| match e {
            Element::Comment(c) => Some(c.as_str()),
            _ => None,
        })
    }

    fn set_comment(&mut self, text: String) {
        let (line, range) = self.block_mut();
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

    /// Marks go after the node's other annotations, before its variations.
    fn add_mark(&mut self, kind: MarkKind) {
        let (line, range) = self.block_mut();
        let at = range
            .clone()
            .find(|&i| matches!(line.elements[i], Element::Variation(_)))
            .unwrap_or(range.end);
        line.elements.insert(
            at,
            Element::Mark(Box::new(Mark {
                kind,
                span: Span::default(),
            })),
        );
    }

    fn remove_mark(&mut self, kind: &MarkKind) -> bool {
        let (line, range) = self.block_mut();
        let found = range
            .clone()
            .find(|&i| matches!(&line.elements[i], Element::Mark(m) if m.kind == *kind));
        if let Some(i) = found {
            line.elements.remove(i);
        }
        found.is_some()
    }

    fn clear_marks(&mut self, hole: Hole) {
        let (line, range) = self.block_mut();
        let mut i = range.start;
        let mut end = range.end;
        while i < end {
            let on_hole = match &line.elements[i] {
                Element::Mark(m) => match &m.kind {
                    MarkKind::Label { hole: h, .. } | MarkKind::Ghost { hole: h, .. } => *h == hole,
                    MarkKind::Arrow(a, b) => *a == hole || *b == hole,
                    _ => false,
                },
                _ => false,
            };
            if on_hole {
                line.elements.remove(i);
                end -= 1;
            } else {
                i += 1;
            }
        }
    }

    fn set_diagram(&mut self, caption: String, translation: String, remove: bool) {
        let (line, range) = self.block_mut();
        let existing = range
            .clone()
            .find(|&i| matches!(line.elements[i], Element::Diagram(_)));
        if remove {
            if let Some(i) = existing {
                line.elements.remove(i);
            }
            return;
        }
        let mut point = match existing {
            Some(i) => match &line.elements[i] {
                Element::Diagram(d) => (**d).clone(),
                _ => DiagramPoint::default(),
            },
            None => DiagramPoint::default(),
        };
        point.caption = Some(caption).filter(|c| !c.trim().is_empty());
        point.extra.retain(|(k, _)| k != "translation");
        if !translation.trim().is_empty() {
            point.extra.push(("translation".into(), translation));
        }
        match existing {
            Some(i) => line.elements[i] = Element::Diagram(Box::new(point)),
            None => {
                let at = range
                    .clone()
                    .find(|&i| matches!(line.elements[i], Element::Variation(_)))
                    .unwrap_or(range.end);
                line.elements.insert(at, Element::Diagram(Box::new(point)));
            }
        }
    }

    /// Sets the crop of the current node's diagram point, making the point
    /// when there is none (and a crop is wanted).
    fn set_crop(&mut self, crop: Option<(Hole, Hole)>) {
        let (line, range) = self.block_mut();
        let existing = range
            .clone()
            .find(|&i| matches!(line.elements[i], Element::Diagram(_)));
        match existing {
            Some(i) => {
                if let Element::Diagram(d) = &mut line.elements[i] {
                    d.crop = crop;
                }
            }
            None if crop.is_some() => {
                let at = range
                    .clone()
                    .find(|&i| matches!(line.elements[i], Element::Variation(_)))
                    .unwrap_or(range.end);
                let point = DiagramPoint {
                    crop,
                    ..DiagramPoint::default()
                };
                line.elements.insert(at, Element::Diagram(Box::new(point)));
            }
            None => {}
        }
    }

    /// The folder `[Rules]` files and diagram styles are read from.
    pub fn folder(&self) -> Option<&Path> {
        self.rules_folder.as_deref()
    }

    /// The current node's diagram point, if it has one.
    pub fn diagram(&self) -> Option<&DiagramPoint> {
        self.annotations().iter().find_map(|e| match e {
            Element::Diagram(d) => Some(&**d),
            _ => None,
        })
    }

    fn set_tag(&mut self, name: &str, value: String) -> Result<(), Refused> {
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return refuse("a header's name is letters, digits and `_`");
        }
        let canonical = crate::script::KNOWN_TAGS
            .iter()
            .find(|k| k.eq_ignore_ascii_case(name))
            .map_or(name, |k| *k)
            .to_string();
        let g = self.game_mut();
        if value.trim().is_empty() {
            g.tags.retain(|t| !t.name.eq_ignore_ascii_case(&canonical));
        } else {
            g.set_tag(&canonical, value);
        }
        if let Err(e) = self.game().rules(self.rules_folder.as_deref()) {
            return refuse(format!("[{canonical}]: {e}"));
        }
        Ok(())
    }

    /// Writes a proved `#wins` claim at the current node (replacing one
    /// there), as the prover found it.
    pub fn add_wins_claim(&mut self, player: Player, moves: u32) -> Result<(), Refused> {
        let before = self.snapshot();
        let (line, range) = self.block_mut();
        let existing = range.clone().find(|&i| {
            matches!(&line.elements[i], Element::Claim(c) if matches!(c.kind, ClaimKind::Wins { .. }))
        });
        let claim = Element::Claim(Box::new(crate::script::Claim {
            kind: ClaimKind::Wins { player, moves },
            span: Span::default(),
        }));
        match existing {
            Some(i) => line.elements[i] = claim,
            None => {
                let at = range
                    .clone()
                    .find(|&i| matches!(line.elements[i], Element::Variation(_)))
                    .unwrap_or(range.end);
                line.elements.insert(at, claim);
            }
        }
        if let Err(e) = self.reads_back() {
            self.restore_quietly(before);
            return Err(e);
        }
        self.undo.push(before);
        self.redo.clear();
        self.batch = None;
        self.version += 1;
        self.dirty = true;
        Ok(())
    }

    fn hole_on_board(&self, text: &str) -> Result<Hole, Refused> {
        let hole = parse_hole(text)?;
        let size = self.rules().map_err(Refused)?.size;
        if !size.contains(hole) {
            return refuse(format!("{hole} is not a hole of the {size} board"));
        }
        Ok(hole)
    }

    /// A place on the board's grid, the corners (which hold no hole) too:
    /// a window's corner.
    fn point_on_board(&self, text: &str) -> Result<Hole, Refused> {
        let hole = parse_hole(text)?;
        let size = self.rules().map_err(Refused)?.size;
        if hole.col >= size.width() || hole.row >= size.height() {
            return refuse(format!("{hole} is outside the {size} board"));
        }
        Ok(hole)
    }

    /// The status of the game at the current node of `history`, in words,
    /// when it is decided or a dead draw. The move is the script's own
    /// number, as the tree shows it (the engine's count of plies includes
    /// a setup's pegs).
    pub fn status_words(history: &History) -> Option<String> {
        let position = history.position();
        match position.status() {
            Status::Ongoing if position.is_dead_draw() => {
                Some("dead draw: neither player can connect any more".into())
            }
            Status::Ongoing => None,
            s => Some(match history.moves() {
                0 => format!("{} in its setup", s.outcome()),
                n => format!("{} at move {n}", s.outcome()),
            }),
        }
    }
}

fn batch_key(op: &Op, cursor: &[usize]) -> Option<BatchKey> {
    match op {
        Op::Comment { .. } => Some(BatchKey::Comment(cursor.to_vec())),
        Op::Tag { name, .. } => Some(BatchKey::Tag(name.to_ascii_lowercase())),
        Op::Diagram { .. } => Some(BatchKey::Diagram(cursor.to_vec())),
        _ => None,
    }
}

/// The window with corners `a` and `b`: top-left, then bottom-right.
fn window(a: Hole, b: Hole) -> (Hole, Hole) {
    (
        Hole::new(a.col.min(b.col), a.row.min(b.row)),
        Hole::new(a.col.max(b.col), a.row.max(b.row)),
    )
}

fn parse_hole(text: &str) -> Result<Hole, Refused> {
    text.trim()
        .parse::<Hole>()
        .map_err(|_| Refused(format!("`{text}` is not a hole (write it as `f6`)")))
}

fn parse_player(text: &str) -> Result<Player, Refused> {
    text.parse::<Player>().map_err(Refused)
}
