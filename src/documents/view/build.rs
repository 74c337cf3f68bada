//! From game files to [`ViewGame`]s: every game replayed (errors stop the
//! viewer, as `twixt check` reports them, or with `--lenient` leave the
//! game out), then every line walked again to record when each peg and
//! link stands: the main line in full, a variation only what it changes,
//! so the page grows with the moves written, not with the board.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::book::{ResultFacts, result_text};
use crate::diagnostic::Diagnostic;
use crate::diagnostic::Severity;
use crate::diagram::snapshot::diagram_from_snapshot;
use crate::messages::Messages;
use crate::open::GameFile;
use crate::record::{GameResult, littlegolem_link};
use crate::replay::{DiagramSnapshot, GameReplay, move_words, start_position};
use crate::script::{
    Claim, ClaimKind, DiagramPoint, Element, Game, Line, MoveNode, Notation, Numbers, TwixtNotation,
};
use crate::win_claims::SearchBudget;
use crate::win_claims::{self, Verdict};
use twixt_core::board::{Hole, Player};
use twixt_core::history::swapped_peg;
use twixt_core::moves::Move;
use twixt_core::position::Played;
use twixt_core::position::{Position, Status};

use super::puzzle::Proven;
use super::{
    GameWords, Piece, PieceKind, Puzzle, ResultWords, Untitled, ViewBoard, ViewFigure, ViewGame,
    ViewLine, ViewMove,
};

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

/// Adds the games of `file` that can be shown to `out`; the others' errors
/// go to `errors`: one [`ViewError::Invalid`] with every error of the
/// file's games, and one [`ViewError::NotPlayable`] per game that cannot
/// be stepped through.
pub(crate) fn file_games(file: &GameFile, out: &mut Vec<ViewGame>, errors: &mut Vec<ViewError>) {
    let name = file.path.display().to_string();
    let link = littlegolem_link(&file.path);
    let (games, source) = file.located_games();
    // A puzzle's winning moves are searched within the limits `check`
    // searches a file's claims in, shared by the file's games.
    let budget = win_claims::budget_for(Some(&name));
    let mut diagnostics = Vec::new();
    for (n, game) in games.iter().enumerate() {
        let replay = match file.replay(game) {
            Ok(r) => r,
            Err(issue) => {
                diagnostics.push(issue.to_diagnostic(&name, source));
                continue;
            }
        };
        let before = diagnostics.len();
        diagnostics.extend(
            replay
                .issues
                .iter()
                .filter(|i| i.severity == Severity::Error)
                .map(|i| i.to_diagnostic(&name, source)),
        );
        if diagnostics.len() > before {
            continue;
        }
        let untitled = untitled(&file.path, n + 1, games.len());
        match view_game(game, &replay, &name, &untitled, &budget) {
            Ok(mut g) => {
                // A file of one game names that game; a file of several, none.
                if games.len() == 1 {
                    g.link.clone_from(&link);
                }
                out.push(g);
            }
            Err(e) => errors.push(e),
        }
    }
    if !diagnostics.is_empty() {
        errors.push(ViewError::Invalid {
            file: name,
            diagnostics,
        });
    }
}

impl ViewError {
    /// The file the error is about ("" when there is none).
    pub fn file(&self) -> &str {
        match self {
            ViewError::Invalid { file, .. } | ViewError::NotPlayable { file, .. } => file,
            ViewError::Empty => "",
        }
    }
}

/// A tag's value, unless empty or one of Little Golem's placeholders
/// (`null`; `twixt` for an event outside a tournament).
fn tag_value(game: &Game, tag: &str) -> Option<String> {
    game.tag(tag)
        .map(str::trim)
        .filter(|v| !v.is_empty() && !v.eq_ignore_ascii_case("null"))
        .filter(|v| tag != "Event" || !v.eq_ignore_ascii_case("twixt"))
        .map(str::to_string)
}

/// A game's title, by one rule: its `[Title]`, else its players ("Red –
/// Black"), else its event, else `untitled` (the viewer gives the name of
/// its file: `pencil-7`, or `puzzles, game 2` in a file of several).
pub fn title_of(game: &Game, untitled: &str) -> String {
    if let Some(t) = tag_value(game, "Title") {
        return t;
    }
    match (tag_value(game, "Red"), tag_value(game, "Black")) {
        (Some(r), Some(b)) => format!("{r} – {b}"),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => tag_value(game, "Event").unwrap_or_else(|| untitled.to_string()),
    }
}

/// What the viewer calls game `n` of the `count` games of the file at
/// `path` when the game names nothing itself: the file's name without its
/// extension (`pencil-7`), with the game's place in a file of several
/// (`puzzles, game 2`); "Game N" for standard input.
fn untitled(path: &std::path::Path, n: usize, count: usize) -> Untitled {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().trim().to_string())
        .filter(|s| !s.is_empty() && s != "-");
    match stem {
        Some(stem) if count > 1 => Untitled::FileGame(stem, n),
        Some(stem) => Untitled::File(stem),
        None => Untitled::Game(n),
    }
}

fn view_game(
    game: &Game,
    replay: &GameReplay,
    file: &str,
    untitled: &Untitled,
    budget: &SearchBudget,
) -> Result<ViewGame, ViewError> {
    let english = untitled.words(&Messages::default());
    let title = title_of(game, &english);
    let named = title != english;
    let words = GameWords {
        untitled: (!named).then(|| untitled.clone()),
        ..game_words(game, Some(replay))
    };
    let Some(start) = start_position(game, &replay.rules) else {
        return figures_only(game, replay, title, file, words);
    };
    let mut facts = Vec::new();
    for tag in ["Event", "Site", "Date", "Round", "Annotator"] {
        if let Some(v) = tag_value(game, tag) {
            facts.push((tag.to_string(), v));
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
    let task = tag_value(game, "Task");
    let proved: HashSet<u32> = replay
        .wins
        .iter()
        .filter(|r| r.verdict == Verdict::Proved)
        .map(|r| r.line)
        .collect();
    // Moves are numbered as the script writes them: from 1 after a setup.
    let cur = Cursor {
        pos: start.clone(),
        solution: task_solution(game, &proved),
    };
    let mut w = Walk::new(Twixt {
        proved,
        proven: task.is_some().then(Vec::new),
        before: task.is_some().then(HashMap::new),
        diagrams: replay
            .diagrams
            .iter()
            .map(|d| (d.point.span.offset, d))
            .collect(),
        figures: Vec::new(),
        renumbered: Vec::new(),
    });
    w.line(&game.line, cur, 0, None);
    // A puzzle's answers: the lines its search plays are written after the
    // script's, as pieces with spans like theirs.
    let puzzle = task.map(|task| {
        let mut p = Puzzle::of(task, &w.lines);
        let proven = w.game.proven.take().unwrap_or_default();
        let mut add =
            |at: (usize, u32), pos: &Position, holes: &[Hole]| played_line(&mut w, at, pos, holes);
        p.add_winning_moves(&proven, budget, &mut add);
        let before = w.game.before.take().unwrap_or_default();
        p.add_barred(|l, ply| before.get(&(l, ply)).cloned());
        p
    });
    let mut pieces: Vec<Piece> = std::mem::take(&mut w.pieces)
        .into_iter()
        .map(|((kind, player), spans, hidden)| Piece {
            kind,
            player,
            spans,
            hidden,
            numbers: Vec::new(),
        })
        .collect();
    for (key, line, from, number) in std::mem::take(&mut w.game.renumbered) {
        if let Some(&i) = w.index.get(&key) {
            pieces[i].numbers.push((line, from, number));
        }
    }
    let tw = w.game;
    Ok(ViewGame {
        title,
        players: (tag_value(game, "Red"), tag_value(game, "Black")),
        event: tag_value(game, "Event"),
        date: tag_value(game, "Date"),
        link: None,
        puzzle,
        facts,
        result: result_text(game, replay),
        score,
        board: ViewBoard::Twixt(start.size()),
        sides: ["Red", "Black"],
        lines: w.lines,
        pieces,
        figures: tw.figures,
        words,
    })
}

/// What the page words of a game: its `[Language]` and `[Sides]`, its
/// result, and its rules' preset.
fn game_words(game: &Game, replay: Option<&GameReplay>) -> GameWords {
    GameWords {
        language: game
            .tag("Language")
            .and_then(crate::book::typst_source::language_code),
        sides: game.tag("Sides").map(str::to_string),
        result: replay.map(|r| ResultWords::Twixt(ResultFacts::of(game, r))),
        rules: replay.and_then(|r| r.rules.preset_name()),
        untitled: None,
        figure_steps: false,
        grid: None,
    }
}

/// A diagram point's drawing for the viewer: the whole board, move numbers
/// only where the point asks for them, its caption (and translation) apart.
fn figure(snap: &DiagramSnapshot, line: usize, ply: u32) -> ViewFigure {
    let mut snap = snap.clone();
    snap.point.numbers.get_or_insert(Numbers::None);
    snap.point.crop = None;
    let mut diagram = diagram_from_snapshot(&snap);
    let caption = diagram
        .caption
        .take()
        .map(|c| c.lines().map(str::to_string).collect())
        .unwrap_or_default();
    ViewFigure {
        line,
        ply,
        diagram,
        caption,
    }
}

/// A game that is only figures (its setup is no legal position to play
/// from): its diagram points, shown one after the other as plies 0, 1, ….
fn figures_only(
    game: &Game,
    replay: &GameReplay,
    title: String,
    file: &str,
    words: GameWords,
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
        .map(|(i, snap)| figure(snap, 0, i as u32))
        .collect();
    Ok(ViewGame {
        title,
        players: (None, None),
        event: tag_value(game, "Event"),
        date: tag_value(game, "Date"),
        link: None,
        puzzle: None,
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
        words: GameWords {
            result: None,
            figure_steps: true,
            ..words
        },
    })
}

#[derive(Clone)]
struct Cursor {
    pos: Position,
    /// The solution of a proved `#wins` claim the replay follows here: the
    /// winner and their moves left, the next one included (`None` for a
    /// claim with no length: a secure connection, followed to its end).
    solution: Option<(Player, Option<u32>)>,
}

/// The solution a `[Task]` that states a claim ("Red to play and win in
/// 3", or with no length "Red to play and win") starts, when the replay
/// proved it there: the task's claim counts unless the main line makes its
/// own before its first move.
fn task_solution(game: &Game, proved: &HashSet<u32>) -> Option<(Player, Option<u32>)> {
    let tag = game.tag_node("Task")?;
    let claim = match win_claims::task_claim(&tag.value) {
        Some(c) => c.ok().map(|(player, moves)| (player, Some(moves)))?,
        None => (win_claims::task_secures(&tag.value)?, None),
    };
    let own = game
        .line
        .elements
        .iter()
        .take_while(|e| !matches!(e, Element::Move(_)))
        .any(|e| {
            matches!(e, Element::Claim(c)
                if matches!(c.kind, ClaimKind::Wins { .. } | ClaimKind::Secures(_)))
        });
    (!own && proved.contains(&tag.span.line)).then_some(claim)
}

type Key = (PieceKind, Player);

/// What TwixT's walk follows besides the pieces.
struct Twixt<'a> {
    /// The lines of the `#wins` claims the replay proved.
    proved: HashSet<u32>,
    /// For a puzzle: the positions where the replay proved that the side
    /// to move wins (a claim, or a solution followed to there).
    proven: Option<Vec<Proven>>,
    /// For a puzzle: the position before each move, by line and ply.
    before: Option<HashMap<(usize, u32), Position>>,
    /// The replay's diagram points by where they are written.
    diagrams: HashMap<u32, &'a DiagramSnapshot>,
    figures: Vec<ViewFigure>,
    /// Pegs whose span (line, first ply) shows another number than its
    /// first ply: a swapped first peg.
    renumbered: Vec<(Key, usize, u32, u32)>,
}

/// Every peg and link of a position.
fn standing(pos: &Position) -> Vec<Key> {
    let mut out: Vec<Key> = pos.pegs().map(|(h, p)| (PieceKind::Peg(h), p)).collect();
    out.extend(pos.links().map(|(l, p)| (PieceKind::Link(l), p)));
    out
}

/// What a move put on the board and took off it. A placement says so
/// itself (a player only ever adds and removes their own pieces), so this
/// costs the move, not the board; a swap is compared in full (it comes
/// once, at ply 2, on a board of one peg).
fn changes(
    mv: &Move,
    played: &Played,
    before: Option<Vec<Key>>,
    after: &Position,
) -> (Vec<Key>, Vec<Key>) {
    let me = played.mover;
    match (mv, before) {
        (Move::Place(p), _) => {
            let mut added = vec![(PieceKind::Peg(p.hole), me)];
            added.extend(played.links_added.iter().map(|l| (PieceKind::Link(*l), me)));
            let mut removed: Vec<Key> = played
                .pegs_removed
                .iter()
                .map(|h| (PieceKind::Peg(*h), me))
                .collect();
            removed.extend(
                played
                    .links_removed
                    .iter()
                    .map(|l| (PieceKind::Link(*l), me)),
            );
            (added, removed)
        }
        (_, Some(before)) => {
            let now: HashSet<Key> = standing(after).into_iter().collect();
            let was: HashSet<Key> = before.iter().copied().collect();
            let added = standing(after)
                .into_iter()
                .filter(|k| !was.contains(k))
                .collect();
            let removed = before.into_iter().filter(|k| !now.contains(k)).collect();
            (added, removed)
        }
        _ => (Vec::new(), Vec::new()),
    }
}

impl Walks for Twixt<'_> {
    type Notation = TwixtNotation;
    type Key = Key;
    type Cursor = Cursor;
    const DELTA: bool = true;

    fn standing(cur: &Cursor) -> Vec<Key> {
        standing(&cur.pos)
    }

    fn play(
        &mut self,
        cur: &mut Cursor,
        m: &MoveNode,
        line: usize,
        ply: u32,
    ) -> Option<(ViewMove, Vec<Key>, Vec<Key>)> {
        if let (Some(proven), Some((player, moves))) = (&mut self.proven, cur.solution)
            && cur.pos.to_move() == player
        {
            proven.push(Proven {
                line,
                ply: ply - 1,
                pos: cur.pos.clone(),
                player,
                moves,
            });
        }
        if let Some(before) = &mut self.before {
            before.insert((line, ply - 1), cur.pos.clone());
        }
        let was = (!matches!(m.mv, Move::Place(_))).then(|| standing(&cur.pos));
        let played = cur.pos.play(&m.mv).ok()?;
        // A swapped first peg keeps the number of the move that set it, the
        // one before the swap, as every drawing has it.
        if let Some((_, to)) = swapped_peg(&m.mv, &played) {
            let key = (PieceKind::Peg(to), played.mover);
            self.renumbered.push((key, line, ply, ply - 1));
        }
        // As the replay follows a solution: the winner's move uses one of
        // their moves, and a connection ends it.
        if let Some((player, moves)) = cur.solution
            && played.mover == player
        {
            let won = matches!(cur.pos.status(), Status::Won { .. });
            cur.solution = match moves {
                Some(m) => (!won && m > 1).then_some((player, Some(m - 1))),
                None => (!won).then_some((player, None)),
            };
        }
        let (added, removed) = changes(&m.mv, &played, was, &cur.pos);
        let mut text = format!("{ply}. {}", move_words(m));
        if let Some(g) = m.glyph {
            text.push_str(g.as_str());
        }
        let hole = match &m.mv {
            Move::Place(p) => Some(p.hole),
            _ => None,
        };
        let mv = ViewMove {
            ply,
            player: played.mover,
            text,
            hole,
            comments: Vec::new(),
            variations: Vec::new(),
        };
        Some((mv, added, removed))
    }

    fn branch(&self, before: &Cursor) -> Cursor {
        let mut start = before.clone();
        // A variation of the winner's move is a try, not part of the
        // solution; one of a defence is.
        if start
            .solution
            .is_some_and(|(player, _)| start.pos.to_move() == player)
        {
            start.solution = None;
        }
        start
    }

    fn diagram(&mut self, d: &DiagramPoint, line: usize, ply: u32) {
        if let Some(snap) = self.diagrams.get(&d.span.offset) {
            self.figures.push(figure(snap, line, ply));
        }
    }

    fn claim(&mut self, c: &Claim, cur: &mut Cursor) {
        let (player, moves) = match c.kind {
            ClaimKind::Wins { player, moves } => (player, Some(moves)),
            ClaimKind::Secures(player) => (player, None),
            _ => return,
        };
        cur.solution = self
            .proved
            .contains(&c.span.line)
            .then_some((player, moves));
    }
}

/// A line the page plays but the script does not write (a puzzle's other
/// winning move and the search's defence, or a wrong move and the reply
/// that holds): `holes` played from `pos`, branching from line `at.0`
/// after ply `at.1`. The move list does not show it (no move names it as
/// a variation). `None` when a move cannot be played.
fn played_line(
    w: &mut Walk<Twixt<'_>>,
    at: (usize, u32),
    pos: &Position,
    holes: &[Hole],
) -> Option<usize> {
    let mut cur = pos.clone();
    let mut moves = Vec::with_capacity(holes.len());
    let mut changed = Vec::with_capacity(holes.len());
    for (i, &h) in holes.iter().enumerate() {
        let mv = Move::peg(h);
        let played = cur.play(&mv).ok()?;
        let ply = at.1 + i as u32 + 1;
        changed.push(changes(&mv, &played, None, &cur));
        moves.push(ViewMove {
            ply,
            player: played.mover,
            text: format!("{ply}. {h}"),
            hole: Some(h),
            comments: Vec::new(),
            variations: Vec::new(),
        });
    }
    let id = w.lines.len();
    let end = at.1 + holes.len() as u32 + 1;
    w.lines.push(ViewLine {
        parent: Some(at),
        start: at.1,
        moves,
        intro: Vec::new(),
    });
    for (i, (added, removed)) in changed.into_iter().enumerate() {
        let ply = at.1 + i as u32 + 1;
        for k in added {
            w.span(k, id, ply, end, false);
        }
        for k in removed {
            w.span(k, id, ply, end, true);
        }
    }
    Some(id)
}

/// What the viewer's walk asks of a game as it replays a script's lines,
/// so that one walk records the lines and pieces of every game.
pub(crate) trait Walks {
    /// The game's script notation.
    type Notation: Notation;
    /// A piece as it stands (a TwixT peg or link and its owner; a TWRS
    /// stone, or a tower at one place).
    type Key: Copy + Ord + std::hash::Hash;
    /// The position the walk stands on, with what the game follows along.
    type Cursor: Clone;
    /// Whether a variation records only what it changes against its parent
    /// line (TwixT's page draws the rest as it stood), or every piece it
    /// shows (a board drawn whole shows each piece only in its spans).
    const DELTA: bool;

    /// Every piece standing at `cur`.
    fn standing(cur: &Self::Cursor) -> Vec<Self::Key>;

    /// Plays `m` at `cur`, the move of line `line` that reaches ply `ply`:
    /// the move as the page lists it, and the pieces it added and took
    /// away; `None` when it is illegal (the line stops there).
    #[allow(clippy::type_complexity)]
    fn play(
        &mut self,
        cur: &mut Self::Cursor,
        m: &MoveNode<<Self::Notation as Notation>::Move>,
        line: usize,
        ply: u32,
    ) -> Option<(ViewMove, Vec<Self::Key>, Vec<Self::Key>)>;

    /// Where a variation starts: `before`, the position before the move it
    /// replaces.
    fn branch(&self, before: &Self::Cursor) -> Self::Cursor {
        before.clone()
    }

    /// A diagram point, at line `line` and ply `ply`.
    fn diagram(&mut self, d: &<Self::Notation as Notation>::Diagram, line: usize, ply: u32);

    /// A claim, where the line stands at `cur`.
    fn claim(&mut self, _c: &Claim<<Self::Notation as Notation>::Claim>, _cur: &mut Self::Cursor) {}
}

/// A piece's spans: (line, first ply, first ply it no longer stands).
pub(crate) type Spans = Vec<(usize, u32, u32)>;

/// One walk over a game's lines: the lines for the page, and every piece
/// that ever stands with its spans and (a variation's, when it records
/// only changes) the spans it is gone in.
pub(crate) struct Walk<G: Walks> {
    /// The game's own part.
    pub(crate) game: G,
    pub(crate) lines: Vec<ViewLine>,
    pub(crate) pieces: Vec<(G::Key, Spans, Spans)>,
    pub(crate) index: HashMap<G::Key, usize>,
}

/// Whether a variation follows the move at `i` (before the line's next move):
/// only then is the position before it kept.
fn variation_follows<N: Notation>(elements: &[Element<N>], i: usize) -> bool {
    elements[i + 1..]
        .iter()
        .take_while(|e| !matches!(e, Element::Move(_)))
        .any(|e| matches!(e, Element::Variation(_)))
}

impl<G: Walks> Walk<G> {
    pub(crate) fn new(game: G) -> Walk<G> {
        Walk {
            game,
            lines: Vec::new(),
            pieces: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// Walks `line` from `cur`, `ply` plies in; returns the line's index.
    /// The main line records every piece it shows; a variation, with
    /// [`Walks::DELTA`], only what it changes.
    pub(crate) fn line(
        &mut self,
        line: &Line<G::Notation>,
        mut cur: G::Cursor,
        mut ply: u32,
        parent: Option<(usize, u32)>,
    ) -> usize {
        let id = self.lines.len();
        self.lines.push(ViewLine {
            parent,
            start: ply,
            moves: Vec::new(),
            intro: Vec::new(),
        });
        // Pieces this line shows (since when), and pieces that stood where
        // it branched but are gone (since when).
        let mut shown: BTreeMap<G::Key, u32> = BTreeMap::new();
        let mut gone: BTreeMap<G::Key, u32> = BTreeMap::new();
        if parent.is_none() || !G::DELTA {
            shown.extend(G::standing(&cur).into_iter().map(|k| (k, ply)));
        }
        let mut before: Option<(G::Cursor, u32)> = None;
        let mut broken = false;
        for (i, el) in line.elements.iter().enumerate() {
            match el {
                Element::Move(m) => {
                    if broken {
                        continue;
                    }
                    before = variation_follows(&line.elements, i).then(|| (cur.clone(), ply));
                    let Some((mv, added, removed)) = self.game.play(&mut cur, m, id, ply + 1)
                    else {
                        broken = true;
                        continue;
                    };
                    ply += 1;
                    for k in removed {
                        match shown.remove(&k) {
                            Some(since) => self.span(k, id, since, ply, false),
                            None => {
                                gone.entry(k).or_insert(ply);
                            }
                        }
                    }
                    for k in added {
                        match gone.remove(&k) {
                            Some(since) => self.span(k, id, since, ply, true),
                            None => {
                                shown.entry(k).or_insert(ply);
                            }
                        }
                    }
                    self.lines[id].moves.push(mv);
                }
                Element::Comment(c) => match self.lines[id].moves.last_mut() {
                    Some(mv) => mv.comments.push(c.clone()),
                    None => self.lines[id].intro.push(c.clone()),
                },
                Element::Variation(v) => {
                    let (Some((b, from)), Some(_)) = (&before, self.lines[id].moves.last()) else {
                        continue;
                    };
                    let var = self.line(v, self.game.branch(b), *from, Some((id, *from)));
                    if let Some(mv) = self.lines[id].moves.last_mut() {
                        mv.variations.push(var);
                    }
                }
                Element::Diagram(d) if !broken => self.game.diagram(d, id, ply),
                Element::Claim(c) if !broken => self.game.claim(c, &mut cur),
                Element::Diagram(_) | Element::Claim(_) | Element::Remark(_) | Element::Mark(_) => {
                }
            }
        }
        for (k, since) in shown {
            self.span(k, id, since, ply + 1, false);
        }
        for (k, since) in gone {
            self.span(k, id, since, ply + 1, true);
        }
        id
    }

    /// Notes that `key` stands (or, `hidden`, is gone) in `line` from ply
    /// `from` up to `to`.
    fn span(&mut self, key: G::Key, line: usize, from: u32, to: u32, hidden: bool) {
        let i = *self.index.entry(key).or_insert_with(|| {
            self.pieces.push((key, Vec::new(), Vec::new()));
            self.pieces.len() - 1
        });
        let piece = &mut self.pieces[i];
        if hidden {
            piece.2.push((line, from, to));
        } else {
            piece.1.push((line, from, to));
        }
    }
}
