//! TWRS games in the shared viewer (`twixt view`): every line of play
//! walked by the viewer's one walk (`view::build::Walk`), each stone and
//! tower (at each place it stands, petrified or not) given the plies during
//! which it stands, and the board drawn by this game's own drawing code.
//! The page's script only shows and hides.

use std::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Severity};
use crate::messages::Messages;
use crate::script::MoveNode;
use crate::view::build::{Walk, Walks};
use crate::view::{GameWords, ResultWords, ViewBoard, ViewGame, ViewMove};
use twixt_core::board::Hole;

use super::draw::{TwrsStyle, stone, stones_group, to_svg_styled, tower, towers_group};
use super::file::{TwrsFile, TwrsResult};
use super::script::{DiagramPoint, Snapshot, TwrsGame, TwrsNotation};
use twrs_core::moves::Move;
use twrs_core::point::{Player, Point};
use twrs_core::position::Position;
use twrs_core::setup::Setup;

/// A piece as it stands: a stone, or a tower at a place (a tower that
/// moves, or turns petrified, is another piece from then on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Key {
    Stone(Point),
    Tower {
        number: u8,
        at: Point,
        petrified: bool,
    },
}

/// The games of a TWRS script for the viewer, in order, their boards and
/// diagram points drawn in the look `style` gives (the page's style, as
/// TwixT's boards are drawn in it; every figure lies over the board, so
/// all of them take its coordinates and no caption or side-to-move line
/// of their own). A script with errors (syntax, an illegal move, a false
/// claim) gives them back.
pub fn view_games(file: &TwrsFile, style: &TwrsStyle) -> Result<Vec<ViewGame>, Vec<Diagnostic>> {
    let mut look = style.clone();
    look.look.to_move_marker = false;
    look.look.caption_position = crate::script::CaptionPosition::None;
    if !file.syntax_errors.is_empty() {
        return Err(file.syntax_errors.clone());
    }
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (i, game) in file.games.iter().enumerate() {
        let r = file.replayed(game);
        if r.errors.iter().any(|e| e.severity == Severity::Error) {
            errors.extend(r.errors);
            continue;
        }
        let Ok(start) = game.start() else {
            continue;
        };
        let mut w = Walk::new(Twrs {
            look: &look,
            snapshots: &r.diagrams,
            figures: Vec::new(),
            captions: Vec::new(),
        });
        w.line(&game.line, start.clone(), start.plies(), None);
        let end = &r.position;
        let result = TwrsResult::of(end);
        let score = end.score();
        out.push(ViewGame {
            players: (
                game.tag("Orange").map(str::to_string),
                game.tag("Blue").map(str::to_string),
            ),
            title: game.title_or(i + 1),
            event: game.tag("Event").map(str::to_string),
            date: game.tag("Date").map(str::to_string),
            link: None,
            puzzle: None,
            facts: game.facts(),
            // In English here; the page says it in its own language.
            result: result.map(|r| r.words(&Messages::default())),
            score: if result.is_some() {
                format!("{}–{}", score.orange, score.blue)
            } else {
                "–".into()
            },
            board: ViewBoard::Drawn {
                svg: board_svg(game, &start, &w),
                captions: std::mem::take(&mut w.game.captions),
            },
            sides: ["Orange", "Blue"],
            lines: w.lines,
            pieces: Vec::new(),
            figures: Vec::new(),
            words: GameWords {
                language: game
                    .tag("Language")
                    .and_then(crate::messages::language_code),
                result: result.map(ResultWords::Twrs),
                grid: Some(game.grid()),
                ..GameWords::default()
            },
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(out)
}

/// What TWRS's walk follows besides the pieces: its diagram points.
struct Twrs<'a> {
    /// The look the board and its figures are drawn in.
    look: &'a TwrsStyle,
    snapshots: &'a [Snapshot],
    /// Diagram points: line, ply and the drawing.
    figures: Vec<(usize, u32, String)>,
    /// Their captions and translations: line, ply and text.
    captions: Vec<(usize, u32, String)>,
}

impl Walks for Twrs<'_> {
    type Notation = TwrsNotation;
    type Key = Key;
    type Cursor = Position;
    const DELTA: bool = false;

    fn standing(pos: &Position) -> Vec<Key> {
        let mut out: Vec<Key> = pos.stones().into_iter().map(Key::Stone).collect();
        for number in 1..=6u8 {
            if let Some(at) = pos.tower(number) {
                out.push(Key::Tower {
                    number,
                    at,
                    petrified: pos.is_petrified(number),
                });
            }
        }
        out
    }

    fn play(
        &mut self,
        pos: &mut Position,
        m: &MoveNode<Move>,
        _line: usize,
        ply: u32,
    ) -> Option<(ViewMove, Vec<Key>, Vec<Key>)> {
        let mover = pos.to_move();
        let was = Self::standing(pos);
        let played = pos.play(&m.mv).ok()?;
        let now = Self::standing(pos);
        let removed = was.iter().filter(|k| !now.contains(k)).copied().collect();
        let added = now.iter().filter(|k| !was.contains(k)).copied().collect();
        let to = match played {
            Move::Turn { to, .. } => to,
            Move::PlaceTower { at, .. } => at,
            Move::PlaceStone(p) => p,
        };
        let mv = ViewMove {
            ply,
            player: match mover {
                Player::Orange => twixt_core::Player::Red,
                Player::Blue => twixt_core::Player::Black,
            },
            text: format!("{ply}. {played}"),
            hole: Some(Hole::new(u16::from(to.col), u16::from(to.row))),
            comments: Vec::new(),
            variations: Vec::new(),
        };
        Some((mv, added, removed))
    }

    fn diagram(&mut self, d: &DiagramPoint, line: usize, ply: u32) {
        let start = d.span.start();
        let Some(snap) = self
            .snapshots
            .iter()
            .find(|s| s.point.span.start() == start)
        else {
            return;
        };
        let svg = to_svg_styled(&snap.position, &snap.point.show, None, None, self.look);
        self.figures.push((line, ply, svg));
        for t in [&snap.point.caption, &snap.point.translation]
            .into_iter()
            .flatten()
        {
            self.captions.push((line, ply, t.clone()));
        }
    }
}

/// The element's `data-v` attribute: its spans as the page reads them.
fn spans_attr(spans: &[(usize, u32, u32)]) -> String {
    let mut out = String::from(" data-v=\"");
    crate::view::html::spans(&mut out, spans);
    out.push('"');
    out
}

/// The inside of a drawing: without its `<svg>` element.
fn body(svg: &str) -> &str {
    let start = svg.find('\n').map_or(0, |i| i + 1);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    &svg[start.min(end)..end]
}

/// The game's whole board for the viewer: the empty grid, every piece with
/// its spans, the current-move ring, and the diagram points' drawings.
fn board_svg(game: &TwrsGame, start: &Position, w: &Walk<Twrs<'_>>) -> String {
    // The grid without pieces: an empty setup of the same rules.
    let empty = Position::from_setup(&game.rules, &Setup::default(), game.rules.first)
        .unwrap_or_else(|_| start.clone());
    let look = w.game.look;
    let base = to_svg_styled(&empty, &[], None, None, look);
    let mut out = String::with_capacity(base.len() * 2);
    out.push_str(&base[..base.rfind("</svg>").unwrap_or(base.len())]);
    out.push_str("<g class=\"pieces\">\n");
    out.push_str(&stones_group(look).replacen("id=\"stones\"", "class=\"stones\"", 1));
    for (k, spans, _) in &w.pieces {
        if let Key::Stone(p) = k {
            stone(&mut out, *p, &spans_attr(spans));
        }
    }
    out.push_str("</g>\n");
    out.push_str(&towers_group(look).replacen("id=\"towers\"", "class=\"towers\"", 1));
    for (k, spans, _) in &w.pieces {
        if let Key::Tower {
            number,
            at,
            petrified,
        } = k
        {
            let extra = format!(" data-at=\"{at}\"{}", spans_attr(spans));
            tower(&mut out, look, *number, *at, *petrified, &extra);
        }
    }
    out.push_str("</g>\n");
    // The page's script places the ring by column and row, the drawing's units.
    let _ = writeln!(
        out,
        "<circle class=\"ring last-move\" fill=\"none\" stroke=\"{}\" stroke-width=\"0.08\" cx=\"0\" cy=\"0\" r=\"0.5\" display=\"none\"/>",
        look.look.mark
    );
    out.push_str("</g>\n");
    for (k, (line, ply, svg)) in w.game.figures.iter().enumerate() {
        let _ = writeln!(
            out,
            "<g class=\"figure\" data-l=\"{line}\" data-p=\"{ply}\" display=\"none\">"
        );
        out.push_str(&body(svg).replace(" id=\"", &format!(" id=\"f{}-", k + 1)));
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}
