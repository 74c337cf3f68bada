//! From game files to [`ViewGame`]s: every game replayed (errors stop the
//! viewer, as `twixt check` reports them), then every line walked again to
//! record when each peg and link stands.

use std::collections::BTreeMap;

use crate::book::{game_title, result_text};
use crate::diagnostic::Diagnostic;
use crate::diagnostic::Severity;
use crate::diagram::snapshot::diagram_from_snapshot;
use crate::open::{Content, GameFile};
use crate::record::GameResult;
use crate::replay::{GameReplay, move_words, replay_game, start_position};
use crate::script::{Element, Game, Line, Numbers};
use crate::twixt::board::Player;
use crate::twixt::moves::Move;
use crate::twixt::position::Position;

use super::{Piece, PieceKind, ViewBoard, ViewFigure, ViewGame, ViewLine, ViewMove};

/// Why no viewer was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// Games have errors; each diagnostic is rendered with file, line and a snippet.
    #[error("{} error{} in {file}; nothing written", diagnostics.len(), if diagnostics.len() == 1 { "" } else { "s" })]
    Invalid {
        /// The first file with errors.
        file: String,
        /// Each error, located.
        diagnostics: Vec<Diagnostic>,
    },
    /// A game has a setup that is no legal position to play through.
    #[error(
        "{file}: game `{title}` starts from a setup that is not a legal position; the viewer steps through playable games only"
    )]
    NotPlayable {
        /// The file.
        file: String,
        /// The game's title.
        title: String,
    },
    /// Nothing to show.
    #[error("no games to show")]
    Empty,
}

impl crate::diagnostic::Explained for ViewError {
    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            ViewError::Invalid { diagnostics, .. } => diagnostics,
            _ => &[],
        }
    }

    /// True when nothing was given to show (exit code 2 in the CLI), false
    /// when the games are wrong (exit code 1).
    fn is_usage(&self) -> bool {
        matches!(self, ViewError::Empty)
    }
}

/// The games of `files`, in order.
pub fn view_games(files: &[GameFile]) -> Result<Vec<ViewGame>, ViewError> {
    let mut out = Vec::new();
    for file in files {
        let name = file.path.display().to_string();
        let base = file.path.parent().filter(|p| !p.as_os_str().is_empty());
        let (games, source): (Vec<Game>, &str) = match &file.content {
            Content::Script { source, games } => (games.clone(), source),
            Content::Records(recs) => (recs.iter().map(Game::from_record).collect(), ""),
        };
        let mut errors = Vec::new();
        for game in &games {
            let replay = match replay_game(game, base) {
                Ok(r) => r,
                Err(issue) => {
                    errors.push(issue.to_diagnostic(&name, source));
                    continue;
                }
            };
            errors.extend(
                replay
                    .issues
                    .iter()
                    .filter(|i| i.severity == Severity::Error)
                    .map(|i| i.to_diagnostic(&name, source)),
            );
            if errors.is_empty() {
                out.push(view_game(game, &replay, &name)?);
            }
        }
        if !errors.is_empty() {
            return Err(ViewError::Invalid {
                file: name,
                diagnostics: errors,
            });
        }
    }
    if out.is_empty() {
        return Err(ViewError::Empty);
    }
    Ok(out)
}

fn view_game(game: &Game, replay: &GameReplay, file: &str) -> Result<ViewGame, ViewError> {
    let title = game_title(game, replay);
    let Some(start) = start_position(game, &replay.rules) else {
        return figures_only(game, replay, title, file);
    };
    let mut facts = Vec::new();
    for tag in ["Event", "Site", "Date", "Round", "Annotator"] {
        if let Some(v) = game.tag(tag).filter(|v| !v.trim().is_empty()) {
            facts.push((tag.to_string(), v.to_string()));
        }
    }
    facts.push((
        "Rules".into(),
        crate::script::RulesSpec::describe(&replay.rules),
    ));
    facts.push(("Board".into(), start.size().to_string()));
    // Where pieces can be lifted a dead draw decides nothing: a fact.
    if let Some(note) = replay.dead_draw_note {
        facts.push(("Dead draw".into(), note.describe()));
    }
    let score = match replay.decided.map(|d| d.result()).or(game.result()) {
        Some(GameResult::Win(Player::Red)) => "1-0",
        Some(GameResult::Win(Player::Black)) => "0-1",
        Some(GameResult::Draw) => "½-½",
        _ => "–",
    }
    .to_string();
    let mut w = Walker {
        replay,
        lines: Vec::new(),
        pieces: Vec::new(),
        index: BTreeMap::new(),
        figures: Vec::new(),
    };
    let cur = Cursor {
        ply: start.ply(),
        pos: start.clone(),
    };
    w.line(&game.line, cur, None);
    let tag = |t: &str| {
        game.tag(t)
            .filter(|v| !v.trim().is_empty())
            .map(str::to_string)
    };
    Ok(ViewGame {
        title,
        players: (tag("Red"), tag("Black")),
        facts,
        result: result_text(game, replay),
        score,
        board: ViewBoard::Twixt(start.size()),
        sides: ["Red", "Black"],
        lines: w.lines,
        pieces: w.pieces,
        figures: w.figures,
    })
}

/// A game that is only figures (its setup is no legal position to play
/// from): its diagram points, shown one after the other as plies 0, 1, ….
fn figures_only(
    game: &Game,
    replay: &GameReplay,
    title: String,
    file: &str,
) -> Result<ViewGame, ViewError> {
    let Some(first) = replay.diagrams.first() else {
        return Err(ViewError::NotPlayable {
            file: file.to_string(),
            title,
        });
    };
    let size = first.setup.size;
    let figures = replay
        .diagrams
        .iter()
        .enumerate()
        .map(|(i, snap)| {
            let mut snap = snap.clone();
            snap.point.numbers.get_or_insert(Numbers::None);
            snap.point.crop = None;
            let mut diagram = diagram_from_snapshot(&snap);
            diagram.caption = None;
            ViewFigure {
                line: 0,
                ply: i as u32,
                diagram,
                caption: snap.point.caption.clone(),
            }
        })
        .collect();
    Ok(ViewGame {
        title,
        players: (None, None),
        facts: vec![
            (
                "Rules".into(),
                crate::script::RulesSpec::describe(&replay.rules),
            ),
            ("Board".into(), size.to_string()),
        ],
        result: None,
        score: "–".into(),
        board: ViewBoard::Twixt(size),
        sides: ["Red", "Black"],
        lines: vec![ViewLine {
            parent: None,
            start: 0,
            // One step per further figure, so the keys move between them.
            moves: (1..replay.diagrams.len() as u32)
                .map(|ply| ViewMove {
                    ply,
                    player: Player::Red,
                    text: format!("Figure {}", ply + 1),
                    hole: None,
                    comments: Vec::new(),
                    variations: Vec::new(),
                })
                .collect(),
            intro: game
                .line
                .elements
                .iter()
                .filter_map(|e| match e {
                    Element::Comment(c) => Some(c.clone()),
                    _ => None,
                })
                .collect(),
        }],
        pieces: Vec::new(),
        figures,
    })
}

#[derive(Clone)]
struct Cursor {
    pos: Position,
    ply: u32,
}

type Key = (PieceKind, Player);

struct Walker<'a> {
    replay: &'a GameReplay,
    lines: Vec<ViewLine>,
    pieces: Vec<Piece>,
    index: BTreeMap<Key, usize>,
    figures: Vec<ViewFigure>,
}

/// Every peg and link of a position.
fn standing(pos: &Position) -> Vec<Key> {
    let setup = pos.to_setup();
    let mut out: Vec<Key> = setup
        .pegs
        .iter()
        .map(|(h, p)| (PieceKind::Peg(*h), *p))
        .collect();
    for l in &setup.links {
        if let Some(p) = setup.pegs.get(&l.ends().0) {
            out.push((PieceKind::Link(*l), *p));
        }
    }
    out
}

impl Walker<'_> {
    /// Walks `line` from `cur`; returns the line's index.
    fn line(&mut self, line: &Line, mut cur: Cursor, parent: Option<(usize, u32)>) -> usize {
        let id = self.lines.len();
        self.lines.push(ViewLine {
            parent,
            start: cur.ply,
            moves: Vec::new(),
            intro: Vec::new(),
        });
        // Pieces standing now, and since when (in this line).
        let mut open: BTreeMap<Key, u32> = standing(&cur.pos)
            .into_iter()
            .map(|k| (k, cur.ply))
            .collect();
        let mut before: Option<Cursor> = None;
        let mut broken = false;
        for el in &line.elements {
            match el {
                Element::Move(m) => {
                    if broken {
                        continue;
                    }
                    before = Some(cur.clone());
                    let Ok(played) = cur.pos.play(&m.mv) else {
                        broken = true;
                        continue;
                    };
                    cur.ply += 1;
                    let now: BTreeMap<Key, ()> =
                        standing(&cur.pos).into_iter().map(|k| (k, ())).collect();
                    let gone: Vec<Key> = open
                        .keys()
                        .filter(|k| !now.contains_key(k))
                        .copied()
                        .collect();
                    for k in gone {
                        let since = open.remove(&k).unwrap_or(cur.ply);
                        self.span(k, id, since, cur.ply);
                    }
                    for k in now.keys() {
                        open.entry(*k).or_insert(cur.ply);
                    }
                    let mut text = format!("{}. {}", cur.ply, move_words(m));
                    if let Some(g) = m.glyph {
                        text.push_str(g.as_str());
                    }
                    self.lines[id].moves.push(ViewMove {
                        ply: cur.ply,
                        player: played.mover,
                        text,
                        hole: match &m.mv {
                            Move::Place(p) => Some(p.hole),
                            _ => None,
                        },
                        comments: Vec::new(),
                        variations: Vec::new(),
                    });
                }
                Element::Comment(c) => match self.lines[id].moves.last_mut() {
                    Some(mv) => mv.comments.push(c.clone()),
                    None => self.lines[id].intro.push(c.clone()),
                },
                Element::Variation(v) => {
                    let (Some(b), Some(_)) = (&before, self.lines[id].moves.last()) else {
                        continue;
                    };
                    let from = b.ply;
                    let var = self.line(v, b.clone(), Some((id, from)));
                    if let Some(mv) = self.lines[id].moves.last_mut() {
                        mv.variations.push(var);
                    }
                }
                Element::Diagram(d) => {
                    if broken {
                        continue;
                    }
                    let Some(snap) = self
                        .replay
                        .diagrams
                        .iter()
                        .find(|s| s.point.span.offset == d.span.offset)
                    else {
                        continue;
                    };
                    let mut snap = snap.clone();
                    // Numbers only where the point asks for them.
                    snap.point.numbers.get_or_insert(Numbers::None);
                    snap.point.crop = None;
                    let mut diagram = diagram_from_snapshot(&snap);
                    diagram.caption = None;
                    self.figures.push(ViewFigure {
                        line: id,
                        ply: cur.ply,
                        diagram,
                        caption: snap.point.caption.clone(),
                    });
                }
                Element::Remark(_) | Element::Mark(_) | Element::Claim(_) => {}
            }
        }
        for (k, since) in open {
            self.span(k, id, since, cur.ply + 1);
        }
        id
    }

    fn span(&mut self, key: Key, line: usize, from: u32, to: u32) {
        let i = *self.index.entry(key).or_insert_with(|| {
            self.pieces.push(Piece {
                kind: key.0,
                player: key.1,
                spans: Vec::new(),
            });
            self.pieces.len() - 1
        });
        self.pieces[i].spans.push((line, from, to));
    }
}
