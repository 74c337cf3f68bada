//! Replaying a script game with the engine: every move of the main line and
//! of each variation is played under the game's rule set, claims are
//! verified, the declared result is compared with the board, and a snapshot
//! is taken at every diagram point. Library code: problems are returned as
//! [`Issue`]s with the span they concern, never printed.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity, spaced_or_none};
use crate::record::GameResult;
use crate::script::{
    ClaimKind, DiagramPoint, Element, Game, Line, Mark, MarkKind, MoveNode, Numbers, SetupBlock,
    Span, Target,
};
use crate::verify::win_claims;
use crate::verify::win_claims::SearchBudget;
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::Move;
use twixt_core::position::{DeadDrawRule, Played, Position, Status, WinBy};
use twixt_core::rules::RuleSet;
use twixt_core::setup::Setup;

/// A problem found while replaying, located in the script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong.
    pub message: String,
    /// Short note shown under the caret.
    pub label: String,
    /// Where in the script (line 0 when it has no place).
    pub span: Span,
    /// The kind of finding, for the JSON report (see
    /// [`Diagnostic::kind`]); `None` for most.
    pub kind: Option<&'static str>,
}

impl Issue {
    pub(crate) fn error(message: impl Into<String>, label: impl Into<String>, span: Span) -> Issue {
        Issue {
            severity: Severity::Error,
            message: message.into(),
            label: label.into(),
            span,
            kind: None,
        }
    }

    fn warning(message: impl Into<String>, label: impl Into<String>, span: Span) -> Issue {
        Issue {
            severity: Severity::Warning,
            ..Issue::error(message, label, span)
        }
    }

    /// As a diagnostic for `file` whose text is `source`.
    pub fn to_diagnostic(&self, file: &str, source: &str) -> Diagnostic {
        let d = Diagnostic::new(self.severity, self.message.clone())
            .with_file(file)
            .with_label(self.label.clone())
            .with_kind(self.kind);
        if self.span.line == 0 {
            d
        } else {
            d.at_known_line(
                source,
                self.span.start(),
                self.span.len_bytes(),
                self.span.line,
            )
        }
    }
}

/// How the main line was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// The winner joined their two border rows.
    Connection,
    /// The loser resigned.
    Resignation,
    /// A draw offer was accepted.
    AgreedDraw,
    /// Neither player can connect any more, under rules where nothing can
    /// be lifted ([`DeadDrawRule::EndsTheGame`]).
    DeadDraw,
    /// The player to move has no legal move left: every hole they may use is
    /// taken and the rules let them take no peg back. The game is drawn.
    NoMoves,
}

/// The ply at which the main line was decided, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// The move number (ply) at which the game was decided.
    pub ply: u32,
    /// How it was decided.
    pub how: How,
    /// The winner, for a connection or resignation.
    pub winner: Option<Player>,
}

impl Decision {
    /// A draw at `ply`, decided `how`.
    fn drawn(ply: u32, how: How) -> Decision {
        Decision {
            ply,
            how,
            winner: None,
        }
    }

    /// The result this decision gives.
    pub fn result(&self) -> GameResult {
        match self.winner {
            Some(p) => GameResult::Win(p),
            None => GameResult::Draw,
        }
    }
}

/// A dead draw that decides nothing: under rules where pieces can be
/// lifted ([`DeadDrawRule::Note`]), the first move after which no one can
/// connect as the pieces stand. The game goes on from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DeadDrawNote {
    /// The first move (ply) after which neither player can connect.
    pub from: u32,
    /// The move after which a player could connect again (a piece was
    /// lifted), if that happened.
    pub reopened_at: Option<u32>,
}

impl DeadDrawNote {
    /// In words: `no one can connect as the pieces stand, from move 426`.
    pub fn describe(&self) -> String {
        match self.reopened_at {
            None => format!(
                "no one can connect as the pieces stand, from move {}",
                self.from
            ),
            Some(m) => format!(
                "no one could connect as the pieces stood from move {} until move {m}",
                self.from
            ),
        }
    }
}

/// The last move before a diagram point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    /// Its move number (ply).
    pub ply: u32,
    /// Who played it.
    pub player: Player,
    /// The move.
    pub mv: Move,
}

/// Everything needed to draw one diagram point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramSnapshot {
    /// The `#diagram` directive: name, caption and options.
    pub point: DiagramPoint,
    /// The position at the diagram point.
    pub setup: Setup,
    /// For each peg on the board, the ply that placed it (setup pegs have none).
    pub move_numbers: BTreeMap<Hole, u32>,
    /// The move just before the diagram point, if any.
    pub last_move: Option<LastMove>,
    /// Marks written between the move before the diagram point and the next move.
    pub marks: Vec<Mark>,
    /// Plies played when the diagram point is reached.
    pub ply: u32,
    /// Plies played at the previous diagram point of the same line (or when
    /// the line started), for numbering the moves since the last diagram.
    pub previous_ply: u32,
    /// Empty in the main line; otherwise the index of each variation taken
    /// (counting variations in the order they appear in their parent line).
    pub variation: Vec<usize>,
}

/// The outcome of replaying one game.
#[derive(Debug, Clone)]
pub struct GameReplay {
    /// The rule set the game was replayed under.
    pub rules: RuleSet,
    /// Moves of the main line that were played (up to the first illegal one).
    pub plies: u32,
    /// Whether the main line was played to its end without an illegal move.
    pub complete: bool,
    /// Where and how the main line was decided, if it was.
    pub decided: Option<Decision>,
    /// A dead draw of the main line that decides nothing (rules where
    /// pieces can be lifted), if there was one.
    pub dead_draw_note: Option<DeadDrawNote>,
    /// The main line's final position (`None` when the game is a figure
    /// whose setup is not a legal position under the rules).
    pub final_position: Option<Position>,
    /// A snapshot at each diagram point reached, variations included, in written
    /// order (empty after [`check_game`]).
    pub diagrams: Vec<DiagramSnapshot>,
    /// Errors and warnings found, in the order found.
    pub issues: Vec<Issue>,
    /// What became of each `#wins` claim (and a `[Task]` that states one),
    /// in the order checked.
    pub wins: Vec<crate::win_claims::WinsReport>,
}

impl GameReplay {
    /// The issues that are errors.
    pub fn errors(&self) -> impl Iterator<Item = &Issue> {
        self.issues.iter().filter(|i| i.severity == Severity::Error)
    }
}

/// How [`replay_game`] and [`check_game`] replay a game of a file.
///
/// ```
/// use twixtkit::replay::{ReplayOptions, replay_game};
/// let parsed = twixtkit::script::parse("[Rules \"pencil\"]\n1. f6 2. m12\n");
/// let game = &parsed.file.games[0];
/// let replay = replay_game(game, &ReplayOptions::default()).unwrap();
/// assert_eq!(replay.plies, 2);
/// // A `[Rules]` YAML file named by the game is read from its folder:
/// let beside = ReplayOptions { rules_folder: Some("games".as_ref()), ..ReplayOptions::default() };
/// assert!(replay_game(game, &beside).is_ok());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct ReplayOptions<'a> {
    /// The folder a `[Rules]` YAML file's path is read from (default: the
    /// current folder).
    pub rules_folder: Option<&'a Path>,
    /// The file whose one search budget the game's `#wins` claims share
    /// with its other games ([`win_claims::FileScope`]); default: the
    /// game's own.
    pub budget_file: Option<&'a str>,
}

/// Resolves the game's rule set (a YAML path relative to
/// `options.rules_folder`) and replays it.
pub fn replay_game(game: &Game, options: &ReplayOptions<'_>) -> Result<GameReplay, Issue> {
    Ok(replay(game, rules_of(game, options.rules_folder)?))
}

/// The game's rule set, or an issue located at its `[Rules]` or `[Size]` tag.
fn rules_of(game: &Game, base_dir: Option<&Path>) -> Result<RuleSet, Issue> {
    game.rules(base_dir).map_err(|e| {
        let m = e.to_string();
        // A game twixt does not know is said at its `[Game]` header.
        if let Some(t) = game
            .tag_node("Game")
            .filter(|t| !t.value.eq_ignore_ascii_case("twixt"))
        {
            return Issue::error(m, "game", t.span);
        }
        let span = game
            .tag_node("Rules")
            .or_else(|| game.tag_node("Size"))
            .map_or(game.span, |t| t.span);
        Issue::error(m, "rule set", span)
    })
}

/// The board state a line is replayed on.
#[derive(Clone)]
enum State {
    Pos(Box<Position>),
    /// An illustrative setup that is not a legal position: only diagrams and
    /// marks are possible, no moves or claims. With why it is not legal.
    Figure(Setup, String),
}

impl State {
    fn size(&self) -> BoardSize {
        match self {
            State::Pos(p) => p.size(),
            State::Figure(s, _) => s.size,
        }
    }

    fn setup(&self) -> Setup {
        match self {
            State::Pos(p) => p.to_setup(),
            State::Figure(s, _) => s.clone(),
        }
    }
}

/// Mutable state carried along a line.
#[derive(Clone)]
struct Cursor {
    state: State,
    ply: u32,
    numbers: Option<BTreeMap<Hole, u32>>,
    last: Option<LastMove>,
    played: Option<Played>,
    /// Set once a move was illegal: the rest of the line is not replayed.
    broken: bool,
    /// The solution of a `#wins` claim being followed in this line.
    solution: Option<win_claims::Solution>,
    /// The winner of a solution that went wrong earlier in this line: its
    /// `#connected` claims after that are false because of that one error,
    /// and are noted, not counted again.
    solution_failed: Option<Player>,
    /// The last `#wins` claim of the line: its report's index and the ply
    /// it was made at, for a `#unique` after it.
    last_wins: Option<(usize, u32)>,
}

struct Ctx {
    issues: Vec<Issue>,
    diagrams: Vec<DiagramSnapshot>,
    /// Whether diagram points keep a copy of the position (not for checking).
    snapshots: bool,
    /// Whether to record a decision (main line only).
    decided: Option<Decision>,
    /// What a dead draw means under the game's rules.
    dead_draw: DeadDrawRule,
    /// The main line's first dead draw, where it is a note.
    note: Option<DeadDrawNote>,
    /// The game's `Task` header and its `TaskTranslation`, which captions
    /// and translations name as `{task}`.
    task: Option<(String, Option<String>)>,
    /// Positions of the main line kept as it is played, for finding where
    /// a dead draw began (only where it ends the game; where it is a note,
    /// each ply is checked).
    checkpoints: Option<Checkpoints>,
    /// The search budget of `#wins` claims and solutions.
    budget: SearchBudget,
    /// Whether every `#wins` claim is checked for cooks.
    cooks: bool,
    /// What became of each `#wins` claim.
    wins: Vec<win_claims::WinsReport>,
    /// The claim the `[Task]` states, with the tag's span, until checked.
    task_claim: Option<(Player, Option<u32>, Span)>,
}

impl Ctx {
    /// Where a dead draw is a note: after `ply` moves of the main line,
    /// notes the first dead draw and, while it holds, the move that ends it
    /// (later stretches are not searched: one note a game).
    fn watch_dead_draw(&mut self, ply: u32, pos: &Position) {
        match &mut self.note {
            None => {
                if pos.is_dead_draw() {
                    self.note = Some(DeadDrawNote {
                        from: ply,
                        reopened_at: None,
                    });
                }
            }
            Some(n) if n.reopened_at.is_none() => {
                if !pos.is_dead_draw() {
                    n.reopened_at = Some(ply);
                }
            }
            Some(_) => {}
        }
    }
}

/// The warning for the first move of the main line played after a dead
/// draw that ended the game at move `at`, `played` moves being played.
fn played_after_dead_draw(later: &MoveNode, at: u32, played: u32) -> Issue {
    let more = played - at - 1;
    let more = if more == 0 {
        String::new()
    } else {
        format!(
            " (and {} after it)",
            crate::diagnostic::count(more as usize, "more move")
        )
    };
    Issue::warning(
        format!(
            "move {} ({}) was played after a dead draw at move {at}{more}: no one could connect from there, so the game was already drawn",
            at + 1,
            move_words(later)
        ),
        "played after a dead draw",
        later.span,
    )
}

/// The main line's position after every `every` moves (the first one before
/// any move), kept while the game is replayed: finding the first dead-draw
/// ply then plays on from the nearest one instead of from the start. The
/// positions are copied into ones kept from earlier games of the thread, so
/// keeping them costs a copy of the board now and then, and no allocation.
struct Checkpoints {
    every: usize,
    kept: Vec<Position>,
    used: usize,
}

thread_local! {
    /// Positions of [`Checkpoints`], reused from game to game.
    static CHECKPOINT_POOL: std::cell::RefCell<Vec<Position>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Checkpoints {
    /// For a main line of `moves` moves: at most about 32 positions a game.
    fn new(moves: usize) -> Checkpoints {
        Checkpoints {
            every: moves.div_ceil(32).max(32),
            kept: CHECKPOINT_POOL.with(|p| std::mem::take(&mut *p.borrow_mut())),
            used: 0,
        }
    }

    /// Keeps `pos`, the position after `ply` moves, when it is due (called
    /// after every move of the main line, so the test is a comparison).
    #[inline]
    fn note(&mut self, ply: u32, pos: &Position) {
        if ply as usize == self.used * self.every {
            self.keep(pos);
        }
    }

    #[cold]
    fn keep(&mut self, pos: &Position) {
        match self.kept.get_mut(self.used) {
            Some(slot) => slot.copy_from(pos),
            None => self.kept.push(pos.clone()),
        }
        self.used += 1;
    }

    /// The positions kept, in order.
    fn positions(&self) -> &[Position] {
        &self.kept[..self.used]
    }
}

impl Drop for Checkpoints {
    fn drop(&mut self) {
        let kept = std::mem::take(&mut self.kept);
        CHECKPOINT_POOL.with(|p| *p.borrow_mut() = kept);
    }
}

/// Replays `game` under `rules`, with a snapshot at each diagram point.
pub fn replay(game: &Game, rules: RuleSet) -> GameReplay {
    replay_with(game, rules, true, win_claims::budget_for(None))
}

/// As [`replay_game`], checking only: diagram points are checked but take no
/// snapshot (`diagrams` stays empty), so a file with many diagram points
/// costs its moves, not a copy of the board per point.
pub fn check_game(game: &Game, options: &ReplayOptions<'_>) -> Result<GameReplay, Issue> {
    let rules = rules_of(game, options.rules_folder)?;
    Ok(replay_with(
        game,
        rules,
        false,
        win_claims::budget_for(options.budget_file),
    ))
}

fn replay_with(game: &Game, rules: RuleSet, snapshots: bool, budget: SearchBudget) -> GameReplay {
    let mut ctx = Ctx {
        issues: Vec::new(),
        diagrams: Vec::new(),
        snapshots,
        decided: None,
        dead_draw: DeadDrawRule::of(&rules),
        note: None,
        task: game.tag("Task").map(|t| {
            (
                t.to_string(),
                game.tag("TaskTranslation").map(str::to_string),
            )
        }),
        checkpoints: None,
        budget,
        cooks: win_claims::settings().cooks,
        wins: Vec::new(),
        task_claim: None,
    };
    // A task that states a claim is checked as one; a number out of a
    // claim's range is said rather than dropped.
    if let Some(t) = game.tag_node("Task") {
        match win_claims::task_claim(&t.value) {
            Some(Ok((p, n))) => ctx.task_claim = Some((p, Some(n), t.span)),
            Some(Err(why)) => {
                ctx.issues
                    .push(Issue::warning(why.to_string(), "not checked", t.span))
            }
            None => {
                ctx.task_claim = win_claims::task_secures(&t.value).map(|p| (p, None, t.span));
            }
        }
    }
    let has_moves = line_has(&game.line, |e| matches!(e, Element::Move(_)));
    let Some(start) = start_state(game, &rules, has_moves, &mut ctx.issues) else {
        return GameReplay {
            rules,
            plies: 0,
            complete: false,
            decided: None,
            dead_draw_note: None,
            final_position: None,
            diagrams: Vec::new(),
            issues: ctx.issues,
            wins: ctx.wins,
        };
    };
    let wants_numbers = snapshots && line_has(&game.line, |e| matches!(e, Element::Diagram(_)));
    let mut cur = Cursor {
        state: start,
        ply: 0,
        numbers: wants_numbers.then(BTreeMap::new),
        last: None,
        played: None,
        broken: false,
        solution: None,
        solution_failed: None,
        last_wins: None,
    };
    if let State::Pos(p) = &cur.state {
        match ctx.dead_draw {
            DeadDrawRule::EndsTheGame => {
                let mut checkpoints = Checkpoints::new(game.main_moves().count());
                checkpoints.note(0, p);
                ctx.checkpoints = Some(checkpoints);
            }
            // A setup may be dead before the first move.
            DeadDrawRule::Note if p.status() == Status::Ongoing => ctx.watch_dead_draw(0, p),
            DeadDrawRule::Note => {}
        }
    }
    walk(&mut ctx, &game.line, &mut cur, &mut Vec::new(), true);
    // The line is played: its position is the final one, moved, not copied.
    let Cursor {
        state,
        ply: played,
        broken,
        ..
    } = cur;
    let final_position = match state {
        State::Pos(p) => Some(*p),
        State::Figure(..) => None,
    };
    // Where nothing can be lifted a dead draw stays one, so it is looked
    // for once, on the final board, when nothing else decided the game (a
    // resignation or an accepted draw ends a record as the players ended
    // it, dead board or not).
    if ctx.dead_draw == DeadDrawRule::EndsTheGame
        && ctx.decided.is_none()
        && let Some(p) = &final_position
        && p.status() == Status::Ongoing
        && p.is_dead_draw()
    {
        let kept = ctx
            .checkpoints
            .as_ref()
            .expect("kept where a dead draw ends the game");
        let ply = first_dead_draw_ply(game, kept, played as usize, played);
        if let Some(later) = game.main_moves().nth(ply as usize)
            && ply < played
        {
            ctx.issues.push(played_after_dead_draw(later, ply, played));
        }
        ctx.decided = Some(Decision::drawn(ply, How::DeadDraw));
    }
    if ctx.decided.is_none()
        && let Some(p) = &final_position
        && p.status() == Status::Ongoing
        && p.has_no_legal_move()
    {
        // The script's move number, not the position's (which counts a
        // setup's pegs too).
        ctx.decided = Some(Decision::drawn(played, How::NoMoves));
    }
    let complete = !broken;
    check_result(
        game,
        &final_position,
        ctx.decided,
        complete,
        &mut ctx.issues,
    );
    GameReplay {
        rules,
        plies: played,
        complete,
        decided: ctx.decided,
        dead_draw_note: ctx.note,
        final_position,
        diagrams: ctx.diagrams,
        issues: ctx.issues,
        wins: ctx.wins,
    }
}

/// Whether `line` or a variation in it holds an element that is `wanted`.
fn line_has(line: &Line, wanted: fn(&Element) -> bool) -> bool {
    line.elements.iter().any(|e| match e {
        Element::Variation(v) => line_has(v, wanted),
        e => wanted(e),
    })
}

/// The most problems of one setup block reported one by one. Each message
/// quotes the block's line, which may be long: a line of 100,000 repeated
/// pegs gave 100,000 messages, each costing the line's length (quadratic).
const SETUP_PROBLEMS_SHOWN: usize = 10;

/// Reports `problems` of the setup block at `span`: the first
/// [`SETUP_PROBLEMS_SHOWN`], then how many more there are.
fn push_setup_problems(issues: &mut Vec<Issue>, problems: Vec<String>, label: &str, span: Span) {
    let more = problems.len().saturating_sub(SETUP_PROBLEMS_SHOWN);
    for m in problems.into_iter().take(SETUP_PROBLEMS_SHOWN) {
        issues.push(Issue::error(m, label, span));
    }
    if more > 0 {
        issues.push(Issue::error(
            format!(
                "… and {} in this setup",
                crate::diagnostic::count(more, "more problem")
            ),
            label,
            span,
        ));
    }
}

/// The setup block as a [`Setup`], with lenient problems reported.
fn block_setup(b: &SetupBlock, rules: &RuleSet, game: &Game, issues: &mut Vec<Issue>) -> Setup {
    let mut s = Setup::empty(rules.size);
    let mut twice = Vec::new();
    for (holes, p) in [(&b.red, Player::Red), (&b.black, Player::Black)] {
        for &h in holes {
            if let Some(prev) = s.pegs.insert(h, p) {
                twice.push(format!("setup lists {h} twice (as {prev} and as {p})"));
            }
        }
    }
    push_setup_problems(issues, twice, "duplicate peg", b.span);
    s.links = b.links.iter().copied().collect();
    if b.implied_links {
        s.add_implied_links(rules);
    }
    s.to_move = b.to_move.or(Some(game.first()));
    // A position line names its size and rules: they must be the game's.
    if let Some(written) = &b.line_rules.0 {
        let game_line =
            twixt_core::position_line::write_setup(rules, &Setup::empty(rules.size), Player::Red);
        let ours: String = game_line.split('/').take(2).collect::<Vec<_>>().join("/");
        if *written != ours {
            issues.push(Issue::error(
                format!("the position line is for {written}, but this game is played on {ours}: give the game the headers [Size] and [Rules] the line names"),
                "in this setup",
                b.span,
            ));
        }
    }
    let misfits = s
        .check()
        .iter()
        .map(|p| format!("bad setup: {p}"))
        .collect();
    push_setup_problems(issues, misfits, "in this setup", b.span);
    s
}

fn start_state(
    game: &Game,
    rules: &RuleSet,
    has_moves: bool,
    issues: &mut Vec<Issue>,
) -> Option<State> {
    let Some(block) = &game.setup else {
        return match Position::with_first(rules.clone(), game.first()) {
            Ok(p) => Some(State::Pos(Box::new(p))),
            Err(e) => {
                issues.push(Issue::error(e.to_string(), "rule set", game.span));
                None
            }
        };
    };
    let before = issues.len();
    let setup = block_setup(block, rules, game, issues);
    if issues.len() > before {
        return None;
    }
    match Position::from_setup(&setup, rules.clone()) {
        Ok(p) => {
            let left_out = setup.links_left_out(rules);
            if !left_out.is_empty() {
                let links: Vec<String> = left_out
                    .iter()
                    .map(|(l, player)| format!("{l} ({player})"))
                    .collect();
                let them = if links.len() == 1 { "it" } else { "them" };
                issues.push(Issue::warning(
                    format!(
                        "the setup leaves out {} that automatic linking makes: {}; it is taken as given, so the game and its claims go on without {them} (list {them} under `#setup links:`)",
                        crate::diagnostic::count(links.len(), "link"),
                        links.join(", "),
                    ),
                    "links left out",
                    block.span,
                ));
            }
            Some(State::Pos(Box::new(p)))
        }
        Err(problems) if has_moves => {
            let problems = problems
                .iter()
                .map(|p| format!("the setup is not a legal position to play from: {p}"))
                .collect();
            push_setup_problems(issues, problems, "in this setup", block.span);
            None
        }
        // A figure only: drawn as given, nothing to play.
        Err(problems) => {
            let why = match problems.as_slice() {
                [] => String::new(),
                [one] => one.to_string(),
                [first, rest @ ..] => format!(
                    "{first} (and {})",
                    crate::diagnostic::count(rest.len(), "more problem")
                ),
            };
            Some(State::Figure(setup, why))
        }
    }
}

/// The position `game` is played from under `rules`: its setup block or
/// the empty board; `None` when that is not a legal position to play from.
pub fn start_position(game: &Game, rules: &RuleSet) -> Option<Position> {
    start_position_or_why(game, rules).ok()
}

/// As [`start_position`], with what is wrong with the setup (its first
/// error) when it is not a legal position to play from.
pub fn start_position_or_why(game: &Game, rules: &RuleSet) -> Result<Position, String> {
    let mut issues = Vec::new();
    match start_state(game, rules, true, &mut issues) {
        Some(State::Pos(p)) => Ok(*p),
        _ => Err(issues
            .into_iter()
            .find(|i| i.severity == Severity::Error)
            .map_or_else(|| "not a position to play from".into(), |i| i.message)),
    }
}

/// A move as the script writes it, removals first (`-d5 e6`).
pub(crate) fn move_words(m: &MoveNode) -> String {
    let mut s = String::new();
    if let Move::Place(p) = &m.mv {
        for r in &p.removals {
            match r {
                twixt_core::moves::Removal::Peg(h) => s.push_str(&format!("-{h} ")),
                twixt_core::moves::Removal::Link(l) => s.push_str(&format!("-{l} ")),
            }
        }
    }
    s.push_str(&crate::script::move_text(&m.mv));
    s
}

fn decided_text(d: &Decision) -> String {
    match (d.how, d.winner) {
        (How::Connection, Some(w)) => format!("{w} connected"),
        (How::Resignation, Some(w)) => format!("{} resigned", w.opponent()),
        (How::AgreedDraw, _) => "a draw was agreed".into(),
        (How::DeadDraw, _) => "the position became a dead draw".into(),
        (How::NoMoves, _) => "the player to move had no legal move left".into(),
        _ => "the game ended".into(),
    }
}

fn walk(ctx: &mut Ctx, line: &Line, cur: &mut Cursor, path: &mut Vec<usize>, main: bool) {
    let els = &line.elements;
    // The state before the last move, for variations that replace it.
    let mut before: Option<Cursor> = None;
    let mut variation_index = 0usize;
    let mut last_move_index: Option<usize> = None;
    // Ply of the previous diagram point of this line (or of the line's start),
    // for `numbers=since-last`.
    let mut previous_diagram_ply = cur.ply;
    if main && path.is_empty() && !cur.broken {
        task_claim(ctx, els, cur);
    }
    for (i, e) in els.iter().enumerate() {
        match e {
            Element::Move(m) => {
                last_move_index = Some(i);
                if cur.broken {
                    continue;
                }
                let needs_before = els[i + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Element::Move(_)))
                    .any(|e| matches!(e, Element::Variation(_)));
                // Assigned only when it changes: a whole cursor is large
                // to write back for every move.
                if needs_before {
                    before = Some(cur.clone());
                } else if before.is_some() {
                    before = None;
                }
                play(ctx, m, cur, main);
            }
            Element::Variation(v) => {
                let idx = variation_index;
                variation_index += 1;
                let Some(b) = &before else {
                    // The move it replaces was not played (an earlier error).
                    continue;
                };
                let mut vc = b.clone();
                // A variation of the winner's move is a try, not part of
                // the solution; one of a defence is.
                if let (Some(sol), State::Pos(p)) = (&vc.solution, &vc.state)
                    && p.to_move() == sol.player
                {
                    vc.solution = None;
                }
                path.push(idx);
                walk(ctx, v, &mut vc, path, false);
                path.pop();
            }
            Element::Claim(c) => {
                if cur.broken {
                    continue;
                }
                match c.kind {
                    ClaimKind::Wins { player, moves } => {
                        wins_claim(ctx, &els[i + 1..], player, moves, c.span, cur);
                    }
                    ClaimKind::Secures(player) => {
                        secures_claim(ctx, &els[i + 1..], player, c.span, cur, false);
                    }
                    ClaimKind::Unique => unique_claim(ctx, &els[i + 1..], c.span, cur),
                    _ => check_claim(ctx, &c.kind, c.span, cur),
                }
            }
            Element::Mark(m) => check_mark(ctx, m, cur),
            Element::Diagram(d) => {
                if cur.broken {
                    continue;
                }
                check_diagram(ctx, d, cur);
                if !ctx.snapshots {
                    continue;
                }
                let from = last_move_index.map_or(0, |k| k + 1);
                let to = els[i + 1..]
                    .iter()
                    .position(|e| matches!(e, Element::Move(_)))
                    .map_or(els.len(), |k| i + 1 + k);
                let marks = els[from..to]
                    .iter()
                    .filter_map(|e| match e {
                        Element::Mark(m) => Some(Mark::clone(m)),
                        _ => None,
                    })
                    .collect();
                ctx.diagrams.push(DiagramSnapshot {
                    point: with_task(d, ctx.task.as_ref()),
                    setup: cur.state.setup(),
                    move_numbers: cur.numbers.clone().unwrap_or_default(),
                    last_move: cur.last.clone(),
                    marks,
                    ply: cur.ply,
                    previous_ply: previous_diagram_ply,
                    variation: path.clone(),
                });
                previous_diagram_ply = cur.ply;
            }
            Element::Comment(_) | Element::Remark(_) => {}
        }
    }
}

fn play(ctx: &mut Ctx, m: &MoveNode, cur: &mut Cursor, main: bool) {
    let State::Pos(pos) = &mut cur.state else {
        ctx.issues.push(Issue::error(
            "moves cannot be played from this setup: it is not a legal position under the rules",
            "move on a figure",
            m.span,
        ));
        cur.broken = true;
        return;
    };
    let ply = cur.ply + 1;
    let mover = pos.to_move();
    if main && let Some(d) = &ctx.decided {
        ctx.issues.push(Issue::error(
            format!(
                "move {ply} ({}) comes after the game was decided at move {}: {}",
                move_words(m),
                d.ply,
                decided_text(d)
            ),
            "move after the end",
            m.span,
        ));
        cur.broken = true;
        return;
    }
    // The last move's record is filled again where it stands.
    let played = cur.played.get_or_insert_with(|| Played::by(mover));
    match pos.play_into(&m.mv, played) {
        Ok(()) => {
            cur.ply = ply;
            if let Some(nums) = &mut cur.numbers {
                // As every drawing numbers pegs: a swapped first peg keeps
                // its number.
                twixt_core::history::number_pegs(nums, &m.mv, played, ply);
            }
            // Only diagram points look at the last move.
            if ctx.snapshots {
                cur.last = Some(LastMove {
                    ply,
                    player: played.mover,
                    mv: m.mv.clone(),
                });
            }
            if let Some(sol) = &cur.solution
                && sol.player == mover
            {
                let hole = match &m.mv {
                    Move::Place(p) => Some(p.hole),
                    _ => None,
                };
                let (player, task) = (sol.player, sol.task);
                let (next, finding) = win_claims::check_move(sol, pos, hole, ply, &ctx.budget);
                cur.solution = next;
                if let Some(f) = finding {
                    if f.kind == "wrong-move" {
                        cur.solution_failed = Some(player);
                    }
                    let mut issue = issue_of(f, m.span);
                    if task && issue.kind == Some("cannot-decide") {
                        issue.severity = Severity::Warning;
                    }
                    ctx.issues.push(issue);
                }
            }
            if main {
                if let Some(c) = &mut ctx.checkpoints {
                    c.note(ply, pos);
                }
                ctx.decided = match pos.status() {
                    Status::Ongoing => {
                        if ctx.dead_draw == DeadDrawRule::Note {
                            ctx.watch_dead_draw(ply, pos);
                        }
                        None
                    }
                    // The script's move number: after a setup block moves
                    // count from 1, while the position counts its pegs too.
                    Status::Won { winner, by, .. } => Some(Decision {
                        ply,
                        how: match by {
                            WinBy::Connection => How::Connection,
                            WinBy::Resignation => How::Resignation,
                        },
                        winner: Some(winner),
                    }),
                    Status::Drawn { .. } => Some(Decision::drawn(ply, How::AgreedDraw)),
                };
            }
        }
        Err(e) => {
            cur.played = None;
            ctx.issues.push(Issue::error(
                format!(
                    "illegal move {ply} by {} ({}): {e}",
                    mover.name(),
                    move_words(m)
                ),
                "illegal move",
                m.span,
            ));
            cur.broken = true;
        }
    }
}

fn fail(ctx: &mut Ctx, span: Span, msg: String) {
    let mut issue = Issue::error(format!("false claim: {msg}"), "claim", span);
    issue.kind = Some("false-claim");
    ctx.issues.push(issue);
}

/// A finding about a `#wins` claim or its solution, located at `span`.
fn issue_of(f: win_claims::Finding, span: Span) -> Issue {
    let severity = match (f.error, f.kind) {
        (true, _) => Severity::Error,
        (false, "cook" | "shorter") => Severity::Warning,
        (false, _) => Severity::Note,
    };
    Issue {
        severity,
        message: f.message,
        label: f.label.into(),
        span,
        kind: Some(f.kind),
    }
}

/// The first move of `rest` as a hole, when it is a placement.
fn next_hole(rest: &[Element]) -> Option<Hole> {
    rest.iter().find_map(|e| match e {
        Element::Move(m) => Some(match &m.mv {
            Move::Place(p) => Some(p.hole),
            _ => None,
        }),
        _ => None,
    })?
}

/// `#wins player in moves`, with `rest` the elements of the line after it:
/// the claim is searched, the winning key moves listed when no solution
/// follows (or the cooks are wanted), and a solution that follows is
/// followed move by move (`play`).
fn wins_claim(
    ctx: &mut Ctx,
    rest: &[Element],
    player: Player,
    moves: u32,
    span: Span,
    cur: &mut Cursor,
) {
    let Some(pos) = claim_position(ctx, cur, span) else {
        return;
    };
    let solution_follows = rest.iter().any(|e| matches!(e, Element::Move(_)));
    let unique_here = rest
        .iter()
        .take_while(|e| !matches!(e, Element::Move(_)))
        .any(|e| matches!(e, Element::Claim(c) if c.kind == ClaimKind::Unique));
    let claim = win_claims::WinsClaim {
        player,
        moves,
        next_move: cur.ply + 1,
        line: span.line,
        solution_follows,
        want_keys: ctx.cooks || unique_here,
    };
    let (report, findings, solution) = win_claims::check_claim(pos, &claim, &ctx.budget);
    for f in findings {
        ctx.issues.push(issue_of(f, span));
    }
    if ctx.cooks
        && !unique_here
        && let Some(f) = win_claims::cooks(&report, next_hole(rest), false)
    {
        ctx.issues.push(issue_of(f, span));
    }
    cur.solution = solution;
    cur.last_wins = Some((ctx.wins.len(), cur.ply));
    ctx.wins.push(report);
}

/// `#wins player` with no length, with `rest` the elements of the line
/// after it: the proof-number search proves or refutes the secure
/// connection; a key move that follows must keep it. A claim read from a
/// `[Task]` (`from_task`) was not written as one: it gets a look of
/// [`win_claims::Limits::TASK`], and what that look cannot decide is a
/// warning, not an error.
fn secures_claim(
    ctx: &mut Ctx,
    rest: &[Element],
    player: Player,
    span: Span,
    cur: &mut Cursor,
    from_task: bool,
) {
    let State::Pos(pos) = &cur.state else {
        if !from_task {
            claim_position(ctx, cur, span);
        }
        return;
    };
    let unique_here = rest
        .iter()
        .take_while(|e| !matches!(e, Element::Move(_)))
        .any(|e| matches!(e, Element::Claim(c) if c.kind == ClaimKind::Unique));
    let claim = win_claims::SecureClaim {
        player,
        next_move: cur.ply + 1,
        line: span.line,
        key: next_hole(rest).filter(|_| pos.to_move() == player),
        solution_follows: rest.iter().any(|e| matches!(e, Element::Move(_))),
        want_keys: !from_task && (ctx.cooks || unique_here),
    };
    let budget = if from_task {
        ctx.budget.at_most(win_claims::Limits::TASK)
    } else {
        ctx.budget.clone()
    };
    let (report, findings, solution) =
        win_claims::check_secure_claim_solution(pos, &claim, &budget);
    for f in findings {
        let mut issue = issue_of(f, span);
        if from_task && issue.kind == Some("cannot-decide") {
            issue.severity = Severity::Warning;
            issue.message = format!(
                "{}; the task is not checked (`#wins {player}` in the game searches with the full limits)",
                issue.message
            );
        }
        ctx.issues.push(issue);
    }
    if ctx.cooks
        && !unique_here
        && let Some(f) = win_claims::cooks(&report, claim.key, false)
    {
        ctx.issues.push(issue_of(f, span));
    }
    // The solution is followed move by move; a task's moves each get the
    // task's look.
    cur.solution = solution.map(|s| win_claims::Solution {
        task: from_task,
        ..s
    });
    if !from_task {
        cur.last_wins = Some((ctx.wins.len(), cur.ply));
    }
    ctx.wins.push(report);
}

/// The position a claim at `span` is checked on; on a figure, none (and
/// an error says so).
fn claim_position<'a>(ctx: &mut Ctx, cur: &'a Cursor, span: Span) -> Option<&'a Position> {
    let why = match &cur.state {
        State::Pos(pos) => return Some(pos),
        State::Figure(_, why) => why,
    };
    ctx.issues.push(Issue::error(
        format!("claims cannot be checked on this setup: it is not a legal position under the rules: {why}"),
        "claim on a figure",
        span,
    ));
    None
}

/// `#unique`: the `#wins` claim before it, in the same position, has one
/// winning first move (the solution's, when one follows).
fn unique_claim(ctx: &mut Ctx, rest: &[Element], span: Span, cur: &Cursor) {
    let Some((index, _)) = cur.last_wins.filter(|&(_, ply)| ply == cur.ply) else {
        ctx.issues.push(Issue::error(
            "#unique needs a #wins claim (`#wins red` or `#wins red in 3`) before it, in the same position",
            "no #wins claim",
            span,
        ));
        return;
    };
    if let Some(f) = win_claims::cooks(&ctx.wins[index], next_hole(rest), true) {
        ctx.issues.push(issue_of(f, span));
    }
}

/// A `[Task]` that states a claim ("Red to play and win in 5") is checked
/// as a `#wins` claim at the start, unless the line makes one there itself.
fn task_claim(ctx: &mut Ctx, els: &[Element], cur: &mut Cursor) {
    let Some((player, moves, span)) = ctx.task_claim.take() else {
        return;
    };
    let Some(moves) = moves else {
        if !els.iter().take_while(|e| !matches!(e, Element::Move(_))).any(
            |e| matches!(e, Element::Claim(c) if matches!(c.kind, ClaimKind::Wins { .. } | ClaimKind::Secures(_))),
        ) {
            secures_claim(ctx, els, player, span, cur, true);
        }
        return;
    };
    match win_claims::start_claim(els) {
        None => wins_claim(ctx, els, player, moves, span, cur),
        // The claim is checked; a task that prints another is flagged.
        Some((p, n)) if (p, n) != (player, moves) => ctx.issues.push(Issue::warning(
            format!("the task says {player} wins in {moves}, but the game claims #wins {p} in {n}"),
            "not the claim",
            span,
        )),
        Some(_) => {}
    }
}

fn check_claim(ctx: &mut Ctx, c: &ClaimKind, span: Span, cur: &Cursor) {
    let Some(pos) = claim_position(ctx, cur, span) else {
        return;
    };
    let played = cur.played.as_ref();
    if played.is_none() && matches!(c, ClaimKind::LinkCount(_) | ClaimKind::Links(_)) {
        ctx.issues.push(Issue::error(
            "#links needs a move before it",
            "no move",
            span,
        ));
    } else if let Err(why) = claim_holds(c, pos, played, cur.ply) {
        match c {
            ClaimKind::Connected(p) if cur.solution_failed == Some(*p) => {
                ctx.issues.push(Issue {
                    severity: Severity::Note,
                    message: format!(
                        "{why}, as the solution's wrong move above implies (one error, counted there)"
                    ),
                    label: "follows from the wrong move".into(),
                    span,
                    kind: Some("follows"),
                });
            }
            _ => fail(ctx, span, why),
        }
    }
}

/// Whether a claim holds on `pos`, reached by move `ply` (`played`): if
/// not, why it is false.
fn claim_holds(
    c: &ClaimKind,
    pos: &Position,
    played: Option<&Played>,
    ply: u32,
) -> Result<(), String> {
    match c {
        ClaimKind::LinkCount(_) | ClaimKind::Links(_) => {
            let mut added = played.map(|p| p.links_added.clone()).unwrap_or_default();
            added.sort();
            match c {
                ClaimKind::LinkCount(n) if added.len() != *n as usize => Err(format!(
                    "move {ply} added {} ({}), not {n}",
                    crate::diagnostic::count(added.len(), "link"),
                    spaced_or_none(&added)
                )),
                ClaimKind::Links(want) => {
                    let mut want = want.clone();
                    want.sort();
                    want.dedup();
                    if want == added {
                        return Ok(());
                    }
                    let (added, want) = (spaced_or_none(&added), spaced_or_none(&want));
                    Err(format!("move {ply} added {added}, not {want}"))
                }
                _ => Ok(()),
            }
        }
        ClaimKind::WouldLink { hole, with } => {
            let Some(owner) = with.iter().find_map(|&h| pos.peg(h)) else {
                return Err(format!("there is no peg at {}", spaced_or_none(with)));
            };
            if let Some(&h) = with.iter().find(|&&h| pos.peg(h) != Some(owner)) {
                return Err(format!("{h} does not hold a {owner} peg"));
            }
            if !pos.size().contains(*hole) {
                let size = pos.size();
                return Err(format!("{hole} is not a hole of the {size} board"));
            }
            if let Some(p) = pos.peg(*hole) {
                return Err(format!("{hole} already holds a {p} peg"));
            }
            let got = pos.links_for_peg(*hole, owner);
            let missing: Vec<Hole> = with
                .iter()
                .copied()
                .filter(|&w| !Link::new(*hole, w).is_some_and(|l| got.contains(&l)))
                .collect();
            if missing.is_empty() {
                return Ok(());
            }
            let got_ends: Vec<Hole> = got.iter().map(|l| l.other_end(*hole)).collect();
            Err(format!(
                "a {owner} peg at {hole} would not link to {} (it would link to {})",
                spaced_or_none(&missing),
                spaced_or_none(&got_ends)
            ))
        }
        ClaimKind::CannotJoin(a, b) => {
            let owner = match (pos.peg(*a), pos.peg(*b)) {
                (Some(x), Some(y)) if x == y => x,
                _ => return Err(format!("{a} and {b} do not hold pegs of one colour")),
            };
            let joiner = pos.size().holes().find(|&h| {
                pos.peg(h).is_none() && {
                    let got = pos.links_for_peg(h, owner);
                    [*a, *b]
                        .iter()
                        .all(|&w| Link::new(h, w).is_some_and(|l| got.contains(&l)))
                }
            });
            match joiner {
                Some(h) => Err(format!("a {owner} peg at {h} would link {a} and {b}")),
                None => Ok(()),
            }
        }
        ClaimKind::Blocked { link, by } => {
            let (a, b) = link.ends();
            let owner = pos.peg(a).or(pos.peg(b)).unwrap_or(pos.to_move());
            match (pos.blocker(*link, owner), by) {
                (None, _) => Err(format!(
                    "no link on the board stops {owner} from linking {link}"
                )),
                (Some(_), Some(by)) if !pos.has_link(*by) => {
                    Err(format!("{by} is not on the board"))
                }
                (Some(_), Some(by)) if !links_cross(*link, *by) => {
                    Err(format!("{by} does not cross {link}"))
                }
                (Some(_), Some(by)) if !blocks(pos, *by, owner) => Err(format!(
                    "{by} does not forbid {owner} the link {link} under these rules"
                )),
                (Some(_), _) => Ok(()),
            }
        }
        ClaimKind::Connected(p) => match pos.status() {
            Status::Won {
                winner,
                by: WinBy::Connection,
                ..
            } if winner == *p => Ok(()),
            _ => Err(format!("{p} has not connected")),
        },
        ClaimKind::CannotConnect(p) if pos.can_connect(*p) => Err(format!("{p} can still connect")),
        ClaimKind::CanConnect(p) if !pos.can_connect(*p) => {
            Err(format!("{p} can no longer connect"))
        }
        ClaimKind::DeadDraw if !pos.is_dead_draw() => {
            let who = if pos.can_connect(Player::Red) {
                Player::Red
            } else {
                Player::Black
            };
            Err(format!(
                "the position is not a dead draw: {who} can still connect"
            ))
        }
        // `#wins` and `#unique` are checked where the line is known
        // (`wins_claim`, `unique_claim`).
        ClaimKind::Wins { .. } | ClaimKind::Secures(_) | ClaimKind::Unique => Ok(()),
        ClaimKind::CannotConnect(_) | ClaimKind::CanConnect(_) | ClaimKind::DeadDraw => Ok(()),
    }
}

/// Whether the link `by` on the board counts as a barrier for `player`:
/// an opponent's link always does; an own link only when own links may not cross.
fn blocks(pos: &Position, by: Link, player: Player) -> bool {
    let owner = pos.peg(by.ends().0);
    owner != Some(player) || pos.rules().crossing == twixt_core::rules::Crossing::None
}

/// True when the two links cross (share no end and their segments intersect).
pub fn links_cross(a: Link, b: Link) -> bool {
    let (a1, a2) = a.ends();
    let (b1, b2) = b.ends();
    if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 {
        return false;
    }
    let p = |h: Hole| (i32::from(h.col), i32::from(h.row));
    twixt_core::geometry::segments_cross(p(a1), p(a2), p(b1), p(b2))
}

fn mark_holes(m: &MarkKind) -> Vec<Hole> {
    match m {
        MarkKind::Label { hole, .. } | MarkKind::Ghost { hole, .. } => vec![*hole],
        MarkKind::Highlight(ts) => ts
            .iter()
            .flat_map(|t| match t {
                Target::Hole(h) => vec![*h],
                Target::Link(l) => vec![l.ends().0, l.ends().1],
            })
            .collect(),
        MarkKind::Arrow(a, b) | MarkKind::Area(a, b) => vec![*a, *b],
        MarkKind::NewLink(l) | MarkKind::RemovedLink(l) => {
            let (a, b) = l.ends();
            vec![a, b]
        }
    }
}

fn check_mark(ctx: &mut Ctx, m: &Mark, cur: &Cursor) {
    let size = cur.state.size();
    if let Some(h) = mark_holes(&m.kind).into_iter().find(|&h| !size.contains(h)) {
        ctx.issues.push(Issue::warning(
            format!("mark on {h}, which is not a hole of the {size} board"),
            "missing hole",
            m.span,
        ));
    }
}

/// The diagram point with `{task}` in its caption and translation replaced
/// by the game's task (the translation by `TaskTranslation`, else the task).
pub fn with_task(d: &DiagramPoint, task: Option<&(String, Option<String>)>) -> DiagramPoint {
    let mut d = d.clone();
    if let Some((task, translated)) = task {
        if let Some(c) = &mut d.caption {
            *c = c.replace("{task}", task);
        }
        for (k, v) in &mut d.extra {
            if k == "translation" {
                *v = v.replace("{task}", translated.as_deref().unwrap_or(task));
            }
        }
    }
    d
}

fn check_diagram(ctx: &mut Ctx, d: &DiagramPoint, cur: &Cursor) {
    let names_task = d.caption.as_deref().is_some_and(|c| c.contains("{task}"))
        || d.extra
            .iter()
            .any(|(k, v)| k == "translation" && v.contains("{task}"));
    if names_task && ctx.task.is_none() {
        ctx.issues.push(Issue::error(
            "the caption names {task}, but the game has no [Task \"…\"] header".to_string(),
            "no task to name",
            d.span,
        ));
    }
    if let Some(Numbers::Range(_, b)) = d.numbers
        && b > cur.ply
    {
        ctx.issues.push(Issue::warning(
            format!(
                "diagram numbers go up to move {b}, but only {} moves have been played here",
                cur.ply
            ),
            "range beyond the game",
            d.span,
        ));
    }
    let size = cur.state.size();
    if let Some((a, b)) = d.crop
        && (!size.in_bounds(a) || !size.in_bounds(b))
    {
        ctx.issues.push(Issue::warning(
            format!("crop {a}-{b} reaches outside the {size} board"),
            "crop outside the board",
            d.span,
        ));
    }
}

/// The first ply of the main line after which the position is a dead draw,
/// given that it is one after `last` plies and that, without removals, a
/// dead draw stays one. The main line's first `played` moves were legal.
///
/// A binary search over the plies. Its probes do not replay from the start:
/// they play on from the nearest of the positions kept while the game was
/// replayed ([`Checkpoints`]). The positions probed, and so the answer, are
/// those of replaying from the start.
fn first_dead_draw_ply(game: &Game, kept: &Checkpoints, played: usize, last: u32) -> u32 {
    let moves: Vec<&Move> = game.main_moves().map(|m| &m.mv).collect();
    let (every, positions) = (kept.every, kept.positions());
    // The position after the first `k` moves (all of them when there are
    // fewer), or `None` when a move is refused.
    let at = |k: u32| -> Option<bool> {
        let k = (k as usize).min(moves.len());
        if k > played {
            return None;
        }
        let from = k / every;
        let mut p = positions.get(from)?.clone();
        for mv in &moves[from * every..k] {
            p.play(mv).ok()?;
        }
        Some(p.is_dead_draw())
    };
    let (mut lo, mut hi) = (0u32, last);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if at(mid) == Some(true) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    hi
}

/// Compares the `Result` tag with the board.
fn check_result(
    game: &Game,
    fin: &Option<Position>,
    decided: Option<Decision>,
    complete: bool,
    issues: &mut Vec<Issue>,
) {
    let Some(tag) = game.tag_node("Result") else {
        return;
    };
    let Some(declared) = game.result() else {
        return;
    };
    if !complete {
        // An illegal move was already reported; the end cannot be judged.
        return;
    }
    let span = tag.span;
    let err = |m: String| Issue::error(m, "declared result", span);
    match (declared, decided) {
        (GameResult::Win(p), Some(d)) if d.winner == Some(p) => {}
        (GameResult::Win(p), Some(d)) => issues.push(err(format!(
            "the result says {p} won, but at move {} {}",
            d.ply,
            decided_text(&d)
        ))),
        (GameResult::Win(p), None) => issues.push(err(format!(
            "the result says {p} won, but {p} has not connected and {} did not resign",
            p.opponent()
        ))),
        (GameResult::Draw, Some(d)) if d.winner.is_none() => {}
        (GameResult::Draw, Some(d)) => issues.push(err(format!(
            "the result says draw, but at move {} {}",
            d.ply,
            decided_text(&d)
        ))),
        // A dead draw that is a note: a draw declared on that board holds.
        (GameResult::Draw, None) if fin.as_ref().is_some_and(Position::is_dead_draw) => {}
        (GameResult::Draw, None) => {
            let who = fin.as_ref().and_then(|p| {
                [Player::Red, Player::Black]
                    .into_iter()
                    .find(|&pl| p.can_connect(pl))
            });
            let m = match who {
                Some(w) => format!(
                    "the result says draw, but no draw was agreed and {w} can still connect"
                ),
                None => "the result says draw, but no draw was agreed".to_string(),
            };
            issues.push(err(m));
        }
        (GameResult::Unfinished, Some(d)) => issues.push(Issue::warning(
            format!(
                "the result says * (unfinished), but at move {} {}",
                d.ply,
                decided_text(&d)
            ),
            "declared result",
            span,
        )),
        (GameResult::Unfinished, None) => {}
    }
}
