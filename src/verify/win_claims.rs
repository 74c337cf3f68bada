//! `#wins` claims as a puzzle author writes them, checked with the solver
//! ([`twixt_core::solver`]): the claim itself, the solution printed after
//! it (every move of the winner must keep a win within the moves left), its
//! cooks (`#unique`, `check --cooks`), and the verdicts kept apart: *false*
//! only when the search proves it, *cannot decide* otherwise.
//!
//! The replay calls in here; everything about what a `#wins` claim means
//! lives in this module, the limits of its searches too: each search (a
//! claim, its cooks, a move of its solution) gets a claim's [`Limits`],
//! and all the searches of one file draw on the file's together
//! ([`SearchBudget`]).

use std::collections::HashMap;
use std::sync::{Mutex, RwLock};
use std::time::Duration;

use serde::Serialize;

use crate::script::{ClaimKind, Element, MAX_WIN_MOVES};
use twixt_core::board::{Hole, Player};
use twixt_core::position::Position;
use twixt_core::solver::{
    self, AfterMove, LimitKind, Memory, SearchLimit, Searched, SharedLimit, Solved, Undecided,
};

/// Positions one claim may visit by default (each is one move played on a
/// copy of the board: a few microseconds on a 12×12 window).
pub const CLAIM_POSITIONS: u64 = 5_000_000;
/// Time one claim may take by default.
pub const CLAIM_TIME: Duration = Duration::from_secs(10);
/// Positions all the claims of one file may visit together by default.
pub const FILE_POSITIONS: u64 = 10 * CLAIM_POSITIONS;
/// Time all the claims of one file may take together by default.
pub const FILE_TIME: Duration = Duration::from_secs(100);

/// A number of positions and, optionally, a time: what one search of a
/// claim may use, or all the searches of one file together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Positions the searches may visit.
    pub positions: u64,
    /// Wall-clock time the searches may take (`None`: no time limit).
    pub time: Option<Duration>,
}

impl Limits {
    /// The default limits of one claim.
    pub const CLAIM: Limits = Limits {
        positions: CLAIM_POSITIONS,
        time: Some(CLAIM_TIME),
    };
    /// The default limits of one file.
    pub const FILE: Limits = Limits {
        positions: FILE_POSITIONS,
        time: Some(FILE_TIME),
    };
    /// The most a claim read from a `[Task]` with no length may take: the
    /// author wrote a task, not a claim, so a book of many such puzzles
    /// costs a look at each, not a full search.
    pub const TASK: Limits = Limits {
        positions: TASK_POSITIONS,
        time: Some(TASK_TIME),
    };
}

/// Positions of [`Limits::TASK`].
pub const TASK_POSITIONS: u64 = 100_000;
/// Time of [`Limits::TASK`].
pub const TASK_TIME: Duration = Duration::from_secs(1);

/// How a run searches: the limits of each search and of a file, and
/// whether every `#wins` claim is checked for cooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimSettings {
    /// The limits of one search (a claim, a move of a solution, the cooks
    /// of a claim).
    pub claim: Limits,
    /// The limits of all the searches of one file together.
    pub file: Limits,
    /// Report every other winning first move of every `#wins` claim
    /// (`check --cooks`), not only after `#unique`.
    pub cooks: bool,
    /// Threads one search may use (`--search-threads`; see
    /// [`SearchLimit::with_threads`]).
    pub threads: usize,
}

impl Default for ClaimSettings {
    fn default() -> ClaimSettings {
        ClaimSettings {
            claim: Limits::CLAIM,
            file: Limits::FILE,
            cooks: false,
            threads: 1,
        }
    }
}

impl ClaimSettings {
    /// One search may visit `positions` positions and take `seconds`
    /// seconds (`--search-limit`, `--search-time`), a file's searches
    /// together ten times as many and as long; each search uses `threads`
    /// threads, and with `cooks` every claim's cooks are reported.
    pub fn with_limits(positions: u64, seconds: u64, threads: usize, cooks: bool) -> ClaimSettings {
        let limits = |positions, seconds| Limits {
            positions,
            time: Some(Duration::from_secs(seconds)),
        };
        ClaimSettings {
            claim: limits(positions, seconds),
            file: limits(positions.saturating_mul(10), seconds.saturating_mul(10)),
            cooks,
            threads,
        }
    }
}

/// Positions an unasked listing of a proved claim's key moves may visit
/// at least ([`SearchBudget::keys_limits`]).
pub const KEYS_POSITIONS_FLOOR: u64 = 200_000;

/// Time an unasked listing of a proved claim's key moves may take at
/// least ([`SearchBudget::keys_limits`]).
pub const KEYS_TIME_FLOOR: Duration = Duration::from_secs(2);

/// The search budget of a run over one file: each search of a claim gets
/// the claim's limits, and all of them together the file's. Cloning
/// shares the file's part; its clock starts when the budget is made.
#[derive(Debug, Clone)]
pub struct SearchBudget {
    claim: Limits,
    file: SharedLimit,
    threads: usize,
}

impl Default for SearchBudget {
    fn default() -> SearchBudget {
        SearchBudget::new(Limits::CLAIM, Limits::FILE)
    }
}

impl SearchBudget {
    /// A budget of `claim` a search and `file` for all of them together,
    /// each search on one thread.
    pub fn new(claim: Limits, file: Limits) -> SearchBudget {
        SearchBudget {
            claim,
            file: SharedLimit::new(file.positions, file.time),
            threads: 1,
        }
    }

    /// The same budget, each search on `threads` threads
    /// ([`SearchLimit::with_threads`]).
    pub fn with_threads(mut self, threads: usize) -> SearchBudget {
        self.threads = threads.max(1);
        self
    }

    /// The same budget with each search's limits at most `limits` (the
    /// file's part is still shared).
    pub fn at_most(&self, limits: Limits) -> SearchBudget {
        let time = match (self.claim.time, limits.time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        SearchBudget {
            claim: Limits {
                positions: self.claim.positions.min(limits.positions),
                time,
            },
            ..self.clone()
        }
    }

    /// The limits of each search.
    pub fn claim_limits(&self) -> Limits {
        self.claim
    }

    /// The solver's limit for one search of a claim: the claim's limits,
    /// drawing on the file's.
    pub fn search_limit(&self) -> SearchLimit {
        self.limit_of(self.claim)
    }

    fn limit_of(&self, limits: Limits) -> SearchLimit {
        let limit = SearchLimit::positions(limits.positions)
            .with_threads(self.threads)
            .sharing(&self.file);
        match limits.time {
            Some(t) => limit.with_time(t),
            None => limit,
        }
    }

    /// The limits left for listing a proved claim's winning key moves once
    /// its proof visited `positions` in `took`: the claim's limits bound
    /// the claim as a whole. Unless the list was asked for (`#unique`,
    /// `--cooks`) it gets at most twice what the proof took (at least
    /// [`KEYS_POSITIONS_FLOOR`] positions and [`KEYS_TIME_FLOOR`]): the
    /// list is a courtesy, and a claim proved in two seconds is not
    /// checked for ten.
    pub fn keys_limits(&self, positions: u64, took: Duration, asked: bool) -> Limits {
        let mut left = Limits {
            positions: self.claim.positions.saturating_sub(positions),
            time: self.claim.time.map(|t| t.saturating_sub(took)),
        };
        if !asked {
            let more = positions.saturating_mul(2).max(KEYS_POSITIONS_FLOOR);
            left.positions = left.positions.min(more);
            left.time = left.time.map(|t| t.min((took * 2).max(KEYS_TIME_FLOOR)));
        }
        left
    }
}

/// Why a search could not answer, in the checker's words: a limit reached
/// is named as a claim's or a file's, with the option that sets it.
pub fn undecided_text(e: &Undecided) -> String {
    match e {
        Undecided::Limit { positions, limit } => {
            let (what, flag) = match limit {
                LimitKind::Positions(n) => (
                    format!("the limit of {n} positions a claim"),
                    "--search-limit",
                ),
                // The engine words a time as the options take it.
                LimitKind::Time(_) => (format!("{limit} a claim"), "--search-time"),
                LimitKind::SharedPositions(n) => (
                    format!("the limit of {n} positions a file"),
                    "--search-limit",
                ),
                LimitKind::SharedTime(t) => {
                    (format!("{} a file", LimitKind::Time(*t)), "--search-time")
                }
            };
            format!("limit reached after {positions} positions ({what}; see {flag})")
        }
        e => e.to_string(),
    }
}

/// The run's settings: one value for the whole process, set by the command
/// line before any file is read.
static SETTINGS: RwLock<Option<ClaimSettings>> = RwLock::new(None);

/// Sets how this process searches `#wins` claims (`--search-limit`,
/// `--cooks`).
pub fn set_settings(settings: ClaimSettings) {
    *SETTINGS.write().unwrap_or_else(|e| e.into_inner()) = Some(settings);
}

/// How this process searches `#wins` claims.
pub fn settings() -> ClaimSettings {
    SETTINGS
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .unwrap_or_default()
}

/// The budgets of the files being checked, by name: games of one file are
/// checked on several threads, and all of them draw on one budget.
static FILE_BUDGETS: Mutex<Option<HashMap<String, (usize, SearchBudget)>>> = Mutex::new(None);

/// While it lives, every game checked under the file's name shares one
/// search budget ([`ClaimSettings::file`]).
pub struct FileScope(String);

impl FileScope {
    /// Opens the budget of the file named `name`.
    pub fn open(name: &str) -> FileScope {
        let mut all = FILE_BUDGETS.lock().unwrap_or_else(|e| e.into_inner());
        let map = all.get_or_insert_with(HashMap::new);
        let s = settings();
        map.entry(name.to_string())
            .or_insert_with(|| {
                (
                    0,
                    SearchBudget::new(s.claim, s.file).with_threads(s.threads),
                )
            })
            .0 += 1;
        FileScope(name.to_string())
    }
}

impl Drop for FileScope {
    fn drop(&mut self) {
        let mut all = FILE_BUDGETS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(map) = all.as_mut()
            && let Some(e) = map.get_mut(&self.0)
        {
            e.0 -= 1;
            if e.0 == 0 {
                map.remove(&self.0);
            }
        }
    }
}

/// The budget for a game of the file named `name`: the file's while a
/// [`FileScope`] for it is open, else one of its own.
pub fn budget_for(name: Option<&str>) -> SearchBudget {
    if let Some(name) = name {
        let all = FILE_BUDGETS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, b)) = all.as_ref().and_then(|m| m.get(name)) {
            return b.clone();
        }
    }
    let s = settings();
    SearchBudget::new(s.claim, s.file).with_threads(s.threads)
}

/// What became of one `#wins` claim, as `check --format json` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinsReport {
    /// The claim's line in the file.
    pub line: u32,
    /// The player claimed to win.
    pub player: Player,
    /// The moves claimed; none for `#wins red` with no length (a secure
    /// connection).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// `proved`, `false` or `cannot-decide`.
    pub verdict: Verdict,
    /// For a proved claim: the fewest moves the player wins in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shortest: Option<u32>,
    /// For a claim that cannot be decided: why (`turn`, `game-over`,
    /// `rules`, `swap`, `limit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<&'static str>,
    /// For a false claim: the line of moves where a defence holds.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refutation: Vec<String>,
    /// Every winning first move, when they were looked for (a claim with
    /// no solution after it, `#unique`, `--cooks`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keys: Option<Vec<String>>,
    /// Positions the searches of this claim visited.
    pub positions: u64,
}

/// A claim's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The search proved it.
    Proved,
    /// The search proved it false.
    False,
    /// The search could not answer.
    CannotDecide,
}

/// A finding about a claim or a solution move, for the replay to locate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The message.
    pub message: String,
    /// The short label under the caret.
    pub label: &'static str,
    /// The kind, as the JSON report names it.
    pub kind: &'static str,
    /// An error, or only a note.
    pub error: bool,
}

impl Finding {
    fn error(kind: &'static str, label: &'static str, message: String) -> Finding {
        Finding {
            message,
            label,
            kind,
            error: true,
        }
    }
}

/// A solution being followed: after a proved claim, the winner's moves
/// that are left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The player claimed to win.
    pub player: Player,
    /// The player's moves left, the next one included.
    pub left: u32,
    /// The claim's moves, for messages.
    pub moves: u32,
    /// What the claim's searches learnt, for the searches of the moves:
    /// the key move's proof answers most of what its check asks.
    pub memory: Memory,
    /// A claim with no length (`#wins red`): each of the player's moves
    /// must keep the connection secure, however long it then takes
    /// (`left` and `moves` do not count).
    pub secure: bool,
    /// The next move of the player is the key move the claim's check
    /// proved already: it is not searched again.
    pub key_checked: bool,
    /// The claim was read from a `[Task]`: each move gets the task's look
    /// ([`Limits::TASK`]), and a move that look cannot decide ends the
    /// following with a warning that says so.
    pub task: bool,
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `1. b2, 2. c3`: moves numbered from `first`.
fn move_line(first: u32, holes: &[Hole]) -> Vec<String> {
    holes
        .iter()
        .enumerate()
        .map(|(k, h)| format!("{}. {h}", first + k as u32))
        .collect()
}

/// `next_move` is the number the script's next move has: a game already
/// over ended at the move before it, or in its setup; the position's own
/// count of moves would count the setup's pegs too.
fn cannot_decide(claim: &str, e: &Undecided, next_move: u32) -> Finding {
    let why = match e {
        Undecided::GameOver(status) => format!(
            "the game is already over: {} {}",
            status.outcome(),
            when(next_move)
        ),
        e => undecided_text(e),
    };
    Finding::error(
        "cannot-decide",
        "cannot decide",
        format!("cannot decide {claim}: {why}"),
    )
}

/// When a game that is over before move `next_move` of the script ended.
fn when(next_move: u32) -> String {
    match next_move {
        0 | 1 => "in its setup".to_string(),
        n => format!("at move {}", n - 1),
    }
}

/// A `#wins` claim where it stands in its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinsClaim {
    /// The player claimed to win.
    pub player: Player,
    /// Within how many of their moves.
    pub moves: u32,
    /// The number the next move of the script has.
    pub next_move: u32,
    /// The claim's line in the file.
    pub line: u32,
    /// The line goes on with moves: they are checked as the solution, and
    /// the winning key moves are not listed.
    pub solution_follows: bool,
    /// List every winning first move (for cooks).
    pub want_keys: bool,
}

/// Checks the claim `c` in `pos`: its report, what to say about it, and
/// the solution to follow when one comes after a proved claim.
pub fn check_claim(
    pos: &Position,
    c: &WinsClaim,
    budget: &SearchBudget,
) -> (WinsReport, Vec<Finding>, Option<Solution>) {
    let WinsClaim {
        player,
        moves,
        next_move,
        line,
        solution_follows,
        want_keys,
    } = *c;
    let mut report = WinsReport {
        line,
        player,
        moves: Some(moves),
        verdict: Verdict::CannotDecide,
        shortest: None,
        class: None,
        refutation: Vec::new(),
        keys: None,
        positions: 0,
    };
    let mut findings = Vec::new();
    // One memory for the claim, its cooks and its solution's moves.
    let memory = Memory::new(pos, player);
    let limit = &budget.search_limit().with_memory(memory.clone());
    let started = std::time::Instant::now();
    match solver::solve(pos, player, moves, limit) {
        Err(e) => {
            report.class = Some(e.class());
            if let Undecided::Limit { positions, .. } = e {
                report.positions = positions;
            }
            findings.push(cannot_decide(
                &format!("#wins {player} in {moves}"),
                &e,
                next_move,
            ));
            (report, findings, None)
        }
        Ok(solver::Solution {
            answer: Solved::NoWin { refutation },
            positions,
            ..
        }) => {
            report.verdict = Verdict::False;
            report.positions = positions;
            let s = plural(moves);
            let why = match refutation {
                None if moves == 1 => format!("no move of {player} connects"),
                None => format!("{player} has no move"),
                Some((key, None)) => {
                    report.refutation = move_line(next_move, &[key]);
                    format!(
                        "after {}, {} has no legal move: the game ends in a draw",
                        report.refutation[0],
                        player.opponent()
                    )
                }
                Some((key, Some(reply))) => {
                    report.refutation = move_line(next_move, &[key, reply]);
                    format!(
                        "after {}, {} holds: no win in {} more move{}",
                        report.refutation[0],
                        report.refutation[1],
                        moves - 1,
                        plural(moves - 1)
                    )
                }
            };
            findings.push(Finding::error(
                "false-claim",
                "claim",
                format!("false claim: {player} has no win in {moves} move{s}: {why}"),
            ));
            (report, findings, None)
        }
        Ok(solver::Solution {
            answer: Solved::Wins {
                moves: shortest, ..
            },
            positions,
            ..
        }) => {
            report.verdict = Verdict::Proved;
            report.shortest = Some(shortest);
            report.positions = positions;
            if want_keys || !solution_follows {
                let left = budget.keys_limits(positions, started.elapsed(), want_keys);
                let limit = &budget.limit_of(left).with_memory(memory.clone());
                match solver::winning_keys(pos, player, moves, limit) {
                    Ok(k) => {
                        report.positions += k.positions;
                        if !solution_follows {
                            findings.push(Finding {
                                message: format!(
                                    "#wins {player} in {moves} holds (shortest win: {shortest} move{}); winning key move{}: {}",
                                    plural(shortest),
                                    plural(k.answer.len() as u32),
                                    holes_text(&k.answer)
                                ),
                                label: "claim",
                                kind: "keys",
                                error: false,
                            });
                        }
                        report.keys = Some(k.answer.iter().map(Hole::to_string).collect());
                    }
                    // The claim holds; only the list is missing.
                    Err(e) if !want_keys => findings.push(Finding {
                        message: format!(
                            "#wins {player} in {moves} holds (shortest win: {shortest} move{}); its winning key moves are not listed: {}",
                            plural(shortest),
                            keys_stopped(&e, false, positions, budget.claim)
                        ),
                        label: "claim",
                        kind: "keys",
                        error: false,
                    }),
                    // The claim holds; whether it has cooks is not known.
                    Err(e) => findings.push(Finding::error(
                        "cannot-decide",
                        "cannot decide",
                        format!(
                            "cannot decide the cooks of #wins {player} in {moves}: the claim holds (shortest win: {shortest} move{}), but the search for other winning key moves stopped: {}",
                            plural(shortest),
                            keys_stopped(&e, true, positions, budget.claim)
                        ),
                    )),
                }
            }
            // "Within N" holds, but a puzzle printed as a win in N that
            // has a shorter one is flawed, as a problem editor would say.
            if solution_follows && shortest < moves {
                findings.push(Finding {
                    message: format!(
                        "#wins {player} in {moves} holds, but {player} wins in {shortest}: the claim is longer than the shortest win"
                    ),
                    label: "claim",
                    kind: "shorter",
                    error: false,
                });
            }
            let solution = solution_follows.then_some(Solution {
                player,
                left: moves,
                moves,
                memory,
                secure: false,
                key_checked: false,
                task: false,
            });
            (report, findings, solution)
        }
    }
}

/// `#wins red` with no length where it stands in its line: the player
/// secures the connection, however many moves it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SecureClaim {
    /// The player claimed to connect.
    pub player: Player,
    /// The number the next move of the script has.
    pub next_move: u32,
    /// The claim's line in the file.
    pub line: u32,
    /// The script's next move, when it is the player's peg: the solution's
    /// key move, which must keep the connection secure.
    pub key: Option<Hole>,
    /// The line goes on with moves (no key move is listed then).
    pub solution_follows: bool,
    /// List every key move that secures the connection (`#unique`,
    /// `--cooks`), within the claim's limits.
    pub want_keys: bool,
}

/// Checks `#wins player` with no length in `pos` by the proof-number
/// search ([`solver::secures_with_proof`], its proof replayed by
/// [`solver::check_proof`]): proved, false with the defence that holds,
/// or cannot decide. With a key move in the script, that move is what
/// must secure the connection; the solution's later moves are followed by
/// [`check_secure_claim_solution`] and [`check_move`].
pub fn check_secure_claim(
    pos: &Position,
    c: &SecureClaim,
    budget: &SearchBudget,
) -> (WinsReport, Vec<Finding>) {
    let (report, findings, _) = check_secure_claim_solution(pos, c, budget);
    (report, findings)
}

/// As [`check_secure_claim`], with the solution to follow when the claim
/// is proved and moves follow it: each of the player's moves is then
/// checked to keep the connection secure ([`check_move`]).
pub fn check_secure_claim_solution(
    pos: &Position,
    c: &SecureClaim,
    budget: &SearchBudget,
) -> (WinsReport, Vec<Finding>, Option<Solution>) {
    let started = std::time::Instant::now();
    let (mut report, mut findings) = secure_claim(pos, c, budget);
    if c.want_keys && report.verdict == Verdict::Proved && pos.to_move() == c.player {
        // What the proof left of the claim's limits: they bound the claim
        // as a whole, as for a claim with a length.
        let left = budget.keys_limits(report.positions, started.elapsed(), true);
        let limit = budget.limit_of(left);
        match solver::secure_keys(pos, c.player, &limit) {
            Ok(k) => {
                report.positions += k.positions;
                report.keys = Some(k.answer.iter().map(Hole::to_string).collect());
            }
            Err(e) => {
                report.keys = None;
                findings.push(Finding::error(
                    "cannot-decide",
                    "cannot decide",
                    format!(
                        "cannot decide the cooks of #wins {}: the claim holds, but the search for other key moves stopped: {}",
                        c.player,
                        undecided_text(&e)
                    ),
                ));
            }
        }
    }
    let solution = (report.verdict == Verdict::Proved && c.solution_follows).then(|| Solution {
        player: c.player,
        left: 0,
        moves: 0,
        memory: Memory::new(pos, c.player),
        secure: true,
        key_checked: c.key.is_some() && pos.to_move() == c.player,
        task: false,
    });
    (report, findings, solution)
}

fn secure_claim(
    pos: &Position,
    c: &SecureClaim,
    budget: &SearchBudget,
) -> (WinsReport, Vec<Finding>) {
    let SecureClaim {
        player,
        next_move,
        line,
        key,
        solution_follows,
        ..
    } = *c;
    let claim = format!("#wins {player}");
    let mut report = WinsReport {
        line,
        player,
        moves: None,
        verdict: Verdict::CannotDecide,
        shortest: None,
        class: None,
        refutation: Vec::new(),
        keys: None,
        positions: 0,
    };
    let mut findings = Vec::new();
    let started = std::time::Instant::now();
    let limit = budget.search_limit();
    let undecided = |report: &mut WinsReport, e: Undecided, findings: &mut Vec<Finding>| {
        report.class = Some(e.class());
        if let Undecided::Limit { positions, .. } = e {
            report.positions += positions;
        }
        findings.push(cannot_decide(&claim, &e, next_move));
    };
    // The script's key move first: when it secures the connection, the
    // claim is proved with it.
    let to_move = pos.to_move() == player;
    let mut key_refuted = None;
    if let (Some(k), true) = (key, to_move) {
        let mut after = pos.clone();
        if after.play(&twixt_core::moves::Move::peg(k)).is_ok() {
            match secured_after(&after, player, &limit) {
                Err(e) => {
                    undecided(&mut report, e, &mut findings);
                    return (report, findings);
                }
                Ok((true, _, n, Some(why))) => {
                    report.positions += n;
                    findings.push(internal_error(&claim, &why));
                    return (report, findings);
                }
                Ok((true, _, n, None)) => {
                    report.positions += n;
                    report.verdict = Verdict::Proved;
                    return (report, findings);
                }
                Ok((false, holds, n, _)) => {
                    report.positions += n;
                    key_refuted = Some((k, holds));
                }
            }
        }
    }
    // The claim's limit bounds the whole claim: a refuted key move's
    // search leaves the rest of it.
    let rest = limit.part(
        limit.max_positions().saturating_sub(report.positions),
        limit.time().map(|t| t.saturating_sub(started.elapsed())),
    );
    // With the opponent to move the claim is the one a key move leaves:
    // asked as after a key move, with the short-win look first.
    let ongoing = pos.status() == twixt_core::position::Status::Ongoing;
    let decided = if to_move || !ongoing {
        solver::secures_with_proof(pos, player, &rest).map(|(found, proof)| {
            let failure = replay_failure(pos, player, proof.as_ref());
            (found.answer, found.positions, failure)
        })
    } else {
        secured_after(pos, player, &rest).map(|(secure, defence, positions, failure)| {
            let answer = if secure {
                solver::Secure::Secured { key: None }
            } else {
                solver::Secure::Breaks {
                    attempt: None,
                    defence,
                }
            };
            (answer, positions, failure)
        })
    };
    let answer = match decided {
        Err(e) => {
            undecided(&mut report, claims_limit(e, &limit), &mut findings);
            return (report, findings);
        }
        Ok((answer, positions, failure)) => {
            report.positions += positions;
            if let Some(why) = failure {
                findings.push(internal_error(&claim, &why));
                return (report, findings);
            }
            answer
        }
    };
    match answer {
        solver::Secure::Secured { key: root_key } => {
            report.verdict = Verdict::Proved;
            report.keys = root_key.map(|h| vec![h.to_string()]);
            if let Some((k, holds)) = key_refuted {
                let reply = match holds {
                    Some(d) => format!("{}. {d} holds", next_move + 1),
                    None => format!("{} has no legal move: a draw", player.opponent()),
                };
                let other = root_key.map_or_else(String::new, |h| format!("; {h} does"));
                findings.push(Finding::error(
                    "wrong-move",
                    "does not secure",
                    format!(
                        "the solution does not secure the connection: after {next_move}. {k}, {reply}{other}"
                    ),
                ));
            } else if !solution_follows {
                let message = match root_key {
                    Some(h) => {
                        format!("{claim} holds: {player} secures the connection; a key move: {h}")
                    }
                    None => format!(
                        "{claim} holds: {player}'s connection is secure whatever {} plays",
                        player.opponent()
                    ),
                };
                findings.push(Finding {
                    message,
                    label: "claim",
                    kind: "keys",
                    error: false,
                });
            }
        }
        solver::Secure::Breaks { attempt, defence } => {
            report.verdict = Verdict::False;
            let opponent = player.opponent();
            let why = match (attempt, defence) {
                (Some(a), Some(d)) => {
                    report.refutation = move_line(next_move, &[a, d]);
                    format!(
                        "after {}, {} holds",
                        report.refutation[0], report.refutation[1]
                    )
                }
                (Some(a), None) => {
                    report.refutation = move_line(next_move, &[a]);
                    format!(
                        "after {}, {opponent} has no legal move: the game ends in a draw",
                        report.refutation[0]
                    )
                }
                (None, Some(d)) if !to_move => {
                    report.refutation = move_line(next_move, &[d]);
                    format!("{} breaks the connection", report.refutation[0])
                }
                (None, None) if !to_move => {
                    format!("{opponent} has no legal move: the game ends in a draw")
                }
                (None, _) => format!("{player} has no move that connects"),
            };
            findings.push(Finding::error(
                "false-claim",
                "claim",
                format!("false claim: {player} cannot secure the connection: {why}"),
            ));
        }
    }
    (report, findings)
}

/// After the player's move: whether the connection is secure, the
/// opponent's move that breaks it when it is not, the positions visited,
/// and, when the proof of a secure connection does not replay, why.
fn secured_after(
    after: &Position,
    player: Player,
    limit: &SearchLimit,
) -> Result<(bool, Option<Hole>, u64, Option<String>), Undecided> {
    if matches!(after.status(), twixt_core::position::Status::Won { winner, .. } if winner == player)
    {
        return Ok((true, None, 0, None));
    }
    let ongoing = after.status() == twixt_core::position::Status::Ongoing;
    if after.to_move() == player || !ongoing {
        return secured_by_proof_numbers(after, player, limit, 0);
    }
    // With the opponent to move, the exact search's look for a win within
    // the short-win moves and the proof numbers take turns, each on a
    // growing share. The look finds a deep win far sooner (`secures` has
    // it only with the player to move), and a win it finds is a secure
    // connection; the proof numbers refute most false key moves within a
    // few thousand positions (the defender's virtual connection), where
    // the look would spend its whole share. The looks share one table, so
    // the second goes on from the first.
    let started = std::time::Instant::now();
    let total = limit.max_positions();
    let memory = Memory::new(after, player);
    let mut used = 0;
    // A part of what is left of the limit (its threads, table size and the
    // file's shared limit stay): `num / den` of it.
    let part = |used: u64, (num, den): (u64, u64)| {
        let time = limit.time().map(|t| t.saturating_sub(started.elapsed()));
        limit.part(
            total.saturating_sub(used) / den * num,
            time.map(|t| t / den as u32 * num as u32),
        )
    };
    // The steps, each on a part of what the steps before it left: the
    // look on a 64th, the proof numbers on a 64th, the look on five eighths
    // (its share in `secures`); then the proof numbers on the rest.
    enum Step {
        Look,
        ProofNumbers,
    }
    let mut look_done = false;
    for (step, share) in [
        (Step::Look, (1, 64)),
        (Step::ProofNumbers, (1, 64)),
        (Step::Look, (5, 8)),
    ] {
        match step {
            Step::ProofNumbers => {
                match secured_by_proof_numbers(after, player, &part(used, share), used) {
                    Err(Undecided::Limit { positions, .. }) => used = positions,
                    decided => return decided,
                }
            }
            // A look that ended without a win ends the same way again.
            Step::Look if look_done => {}
            Step::Look => {
                let look = part(used, share).with_memory(memory.clone());
                match solver::after_move(after, player, solver::SHORT_WIN_MOVES - 1, &look) {
                    Ok(Searched {
                        answer: AfterMove::Wins | AfterMove::Connected,
                        positions,
                    }) => return Ok((true, None, used + positions, None)),
                    // A reply holds against every win within the look's
                    // moves: the connection may still be secure, in more.
                    Ok(Searched { positions, .. }) => {
                        used += positions;
                        look_done = true;
                    }
                    Err(Undecided::Limit { positions, .. }) => used += positions,
                    Err(_) => look_done = true,
                }
            }
        }
    }
    // The looks' table is not needed by the proof numbers: its memory goes
    // before theirs is taken.
    drop(memory);
    secured_by_proof_numbers(after, player, &part(used, (1, 1)), used)
        .map_err(|e| claims_limit(e, limit))
}

/// `e` with the claim's own limit `limit` named where a part of it was
/// reached: the claim is what the message is about.
fn claims_limit(e: Undecided, limit: &SearchLimit) -> Undecided {
    match e {
        Undecided::Limit {
            positions,
            limit: reached,
        } => Undecided::Limit {
            positions,
            limit: match reached {
                LimitKind::Positions(_) => LimitKind::Positions(limit.max_positions()),
                LimitKind::Time(_) => limit.time().map_or(reached, LimitKind::Time),
                other => other,
            },
        },
        other => other,
    }
}

/// [`secured_after`] by the proof numbers alone, `before` positions
/// spent already (added to the count).
fn secured_by_proof_numbers(
    after: &Position,
    player: Player,
    limit: &SearchLimit,
    before: u64,
) -> Result<(bool, Option<Hole>, u64, Option<String>), Undecided> {
    match solver::secures_with_proof(after, player, limit) {
        // A game over without the player's chain: a draw or a loss.
        Err(Undecided::GameOver(_)) => Ok((false, None, before, None)),
        Err(Undecided::Limit { positions, limit }) => Err(Undecided::Limit {
            positions: before + positions,
            limit,
        }),
        Err(e) => Err(e),
        Ok((found, proof)) => Ok(match found.answer {
            solver::Secure::Secured { .. } => (
                true,
                None,
                before + found.positions,
                replay_failure(after, player, proof.as_ref()),
            ),
            solver::Secure::Breaks { defence, .. } => {
                (false, defence, before + found.positions, None)
            }
        }),
    }
}

/// Why the proof of a secure connection does not replay by the rules
/// (`solver::check_proof`), if it does not.
fn replay_failure(
    pos: &Position,
    player: Player,
    proof: Option<&solver::ProofNode>,
) -> Option<String> {
    let proof = proof?;
    solver::check_proof(pos, player, proof)
        .err()
        .map(|e| e.to_string())
}

/// The error for a proof that does not replay: the search is wrong, not
/// the script.
fn internal_error(claim: &str, why: &str) -> Finding {
    Finding::error(
        "internal-error",
        "proof does not replay",
        format!(
            "internal error: the search proved {claim}, but its proof does not replay by the rules ({why}); the claim is not proved (please report this)"
        ),
    )
}

/// A move of a solution with no length: the connection must stay secure
/// after it.
fn check_secure_move(
    sol: &Solution,
    after: &Position,
    played: &str,
    number: u32,
    budget: &SearchBudget,
) -> (Option<Solution>, Option<Finding>) {
    let player = sol.player;
    let next = Solution {
        key_checked: false,
        ..sol.clone()
    };
    if sol.key_checked {
        return (Some(next), None);
    }
    if matches!(after.status(), twixt_core::position::Status::Won { winner, .. } if winner == player)
    {
        return (None, None);
    }
    let claim = format!("#wins {player}");
    let budget = if sol.task {
        budget.at_most(Limits::TASK)
    } else {
        budget.clone()
    };
    match secured_after(after, player, &budget.search_limit()) {
        Ok((true, _, _, None)) => (Some(next), None),
        Ok((true, _, _, Some(why))) => (None, Some(internal_error(&claim, &why))),
        Ok((false, holds, _, _)) => {
            let reply = match holds {
                Some(d) => format!("{}. {d} holds", number + 1),
                None => format!(
                    "{} has no legal move: the game ends in a draw",
                    player.opponent()
                ),
            };
            (
                None,
                Some(Finding::error(
                    "wrong-move",
                    "throws the win away",
                    format!("after {played} the win is gone: {reply}"),
                )),
            )
        }
        // A task's look that cannot decide a move is not the script's
        // error: the following ends there, and the warning says so.
        Err(e) if sol.task => (
            None,
            Some(Finding {
                message: format!(
                    "cannot decide whether {played} keeps {player}'s connection secure within the task's look ({e}); the solution is followed no further (`#wins {player}` in the game searches with the full limits)"
                ),
                label: "cannot decide",
                kind: "cannot-decide",
                error: false,
            }),
        ),
        Err(e) => (
            None,
            Some(Finding::error(
                "cannot-decide",
                "cannot decide",
                format!("cannot decide whether {played} keeps {player}'s connection secure: {e}"),
            )),
        ),
    }
}

/// Why listing a proved claim's key moves stopped, after a proof of
/// `proof` positions: at the claim's limits (proof and list together,
/// counted so), or (not `asked`) at most twice what the proof took.
fn keys_stopped(e: &Undecided, asked: bool, proof: u64, claim: Limits) -> String {
    match e {
        Undecided::Limit {
            positions,
            limit: LimitKind::Positions(_) | LimitKind::Time(_),
        } if asked => {
            let total = proof + positions;
            let limit = match claim.time {
                Some(t)
                    if !matches!(
                        e,
                        Undecided::Limit {
                            limit: LimitKind::Positions(_),
                            ..
                        }
                    ) =>
                {
                    format!("{} a claim; see --search-time", LimitKind::Time(t))
                }
                _ => format!(
                    "the limit of {} positions a claim; see --search-limit",
                    claim.positions
                ),
            };
            format!("limit reached after {total} positions ({limit})")
        }
        Undecided::Limit {
            positions,
            limit: LimitKind::Positions(_) | LimitKind::Time(_),
        } => format!(
            "listing them stopped after {positions} positions (unasked, it may take twice what the proof took, within the claim's limits; --cooks gives it what the proof left)"
        ),
        e => undecided_text(e),
    }
}

fn holes_text<T: std::fmt::Display>(holes: &[T]) -> String {
    holes
        .iter()
        .map(|h| h.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The cooks of a claim: every winning first move other than `key` (the
/// solution's key move, if it has one). `None` when there are none.
pub fn cooks(report: &WinsReport, key: Option<Hole>, unique_claimed: bool) -> Option<Finding> {
    let keys = report.keys.as_ref()?;
    let others: Vec<String> = match key {
        Some(k) => keys
            .iter()
            .filter(|h| **h != k.to_string())
            .cloned()
            .collect(),
        None => keys.iter().skip(1).cloned().collect(),
    };
    if others.is_empty() {
        return None;
    }
    let player = report.player;
    // A claim with no length: the key moves that secure the connection.
    let wins = match report.moves {
        Some(moves) => format!("wins in {moves}"),
        None => "secures the connection".into(),
    };
    let message = match key {
        Some(k) => format!(
            "{player} also {wins} with {} (the solution plays {k})",
            holes_text(&others)
        ),
        None => format!(
            "{player} {wins} with more than one first move: {}",
            holes_text(keys)
        ),
    };
    Some(if unique_claimed {
        Finding::error(
            "false-claim",
            "claim",
            format!("false claim: #unique: {message}"),
        )
    } else {
        Finding {
            message: format!("cook: {message}"),
            label: "claim",
            kind: "cook",
            error: false,
        }
    })
}

/// Checks a move of the solution's winner: `after` is the position it
/// made and `number` its move number in the script. Returns the solution
/// still to follow (none once the chain is complete or a move failed) and
/// what went wrong.
pub fn check_move(
    sol: &Solution,
    after: &Position,
    hole: Option<Hole>,
    number: u32,
    budget: &SearchBudget,
) -> (Option<Solution>, Option<Finding>) {
    let played = hole.map_or_else(|| "this move".to_string(), |h| format!("{number}. {h}"));
    if sol.secure {
        return check_secure_move(sol, after, &played, number, budget);
    }
    let left = sol.left.saturating_sub(1);
    let (player, moves) = (sol.player, sol.moves);
    let limit = &budget.search_limit().with_memory(sol.memory.clone());
    match solver::after_move(after, player, left, limit) {
        Ok(Searched {
            answer: AfterMove::Connected,
            ..
        }) => (None, None),
        Ok(Searched {
            answer: AfterMove::Wins,
            ..
        }) => (
            Some(Solution {
                left,
                ..sol.clone()
            }),
            None,
        ),
        Ok(Searched {
            answer: AfterMove::Unfinished,
            ..
        }) => (
            None,
            Some(Finding::error(
                "wrong-move",
                "does not win",
                format!(
                    "the solution does not win: after {played}, {player} has not connected, and the claim gave {player} {moves} move{}",
                    plural(moves)
                ),
            )),
        ),
        Ok(Searched {
            answer: AfterMove::NoReply,
            ..
        }) => (
            None,
            Some(Finding::error(
                "wrong-move",
                "does not win",
                format!(
                    "the solution does not win: after {played}, {} has no legal move: the game ends in a draw",
                    player.opponent()
                ),
            )),
        ),
        Ok(Searched {
            answer: AfterMove::Holds(reply),
            ..
        }) => (
            None,
            Some(Finding::error(
                "wrong-move",
                "does not win",
                format!(
                    "the solution does not win: after {played}, {}. {reply} holds: no win in {left} more move{}",
                    number + 1,
                    plural(left)
                ),
            )),
        ),
        Err(e) => (
            None,
            Some(Finding::error(
                "cannot-decide",
                "cannot decide",
                format!(
                    "cannot decide whether {played} keeps {player}'s win: {}",
                    undecided_text(&e)
                ),
            )),
        ),
    }
}

/// The `#wins` claim a line makes before its first move (a game's own
/// claim at its start, which a `[Task]`'s claim gives way to).
pub fn start_claim(elements: &[Element]) -> Option<(Player, u32)> {
    elements
        .iter()
        .take_while(|e| !matches!(e, Element::Move(_)))
        .find_map(|e| match e {
            Element::Claim(c) => match c.kind {
                ClaimKind::Wins { player, moves } => Some((player, moves)),
                _ => None,
            },
            _ => None,
        })
}

/// A task's whole words, lower-cased, and the first player they name
/// ("hundred" names none).
fn task_words(task: &str) -> (Vec<String>, Option<Player>) {
    let words: Vec<String> = task
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let player = words.iter().find_map(|w| match w.as_str() {
        "red" => Some(Player::Red),
        "black" => Some(Player::Black),
        _ => None,
    });
    (words, player)
}

/// The claim a `[Task]` states, as "Red to play and win in 5": the player
/// (the first word that names one) and the moves (the number after "win
/// in" or "wins in"), when the task says both. Words are whole: "hundred"
/// names no player. `Some(Err(..))` when it names a player and a number
/// of moves out of the range a `#wins` claim may name.
pub fn task_claim(task: &str) -> Option<Result<(Player, u32), TaskMovesOutOfRange>> {
    let (words, player) = task_words(task);
    let player = player?;
    let number = words.windows(3).find_map(|w| {
        (matches!(w[0].as_str(), "win" | "wins")
            && w[1] == "in"
            && w[2].chars().all(|c| c.is_ascii_digit()))
        .then_some(w[2].as_str())
    })?;
    Some(
        number
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=MAX_WIN_MOVES).contains(n))
            .map(|n| (player, n))
            .ok_or_else(|| TaskMovesOutOfRange {
                number: number.to_string(),
            }),
    )
}

/// The claim with no length a `[Task]` states, as "Red to play and win"
/// or "Black to play secures the connection": the first player it names,
/// when it says win, connect or secure and gives no number of moves. A
/// question ("Can Red still win?") states nothing.
pub fn task_secures(task: &str) -> Option<Player> {
    if task.contains('?') || task_claim(task).is_some() {
        return None;
    }
    let (words, player) = task_words(task);
    let player = player?;
    words
        .iter()
        .any(|w| {
            matches!(
                w.as_str(),
                "win" | "wins" | "connect" | "connects" | "secure" | "secures"
            )
        })
        .then_some(player)
}

/// A `[Task]` that says "win in N" for a number of moves no `#wins` claim
/// may name: said as a warning, and the task not checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the task says \"win in {number}\", but a claim names 1 to {MAX_WIN_MOVES} moves: it is not checked"
)]
pub struct TaskMovesOutOfRange {
    /// The number as the task writes it.
    pub number: String,
}

/// Wrong content in the script, not in how it was asked.
impl crate::diagnostic::Explained for TaskMovesOutOfRange {
    fn is_usage(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_states_its_claim() {
        let claim = |t: &str| task_claim(t).map(|c| c.ok());
        assert_eq!(
            claim("Red to play and win in 5"),
            Some(Some((Player::Red, 5)))
        );
        assert_eq!(
            claim("Black to move: win in 3 (red threatens)"),
            Some(Some((Player::Black, 3)))
        );
        assert_eq!(claim("Red to play"), None);
        assert_eq!(claim("Red wins in 2"), Some(Some((Player::Red, 2))));
        // Whole words only: "hundred" holds "red", "blackboard" "black".
        assert_eq!(
            claim("From a hundred-move game: Black to play and win in 3"),
            Some(Some((Player::Black, 3)))
        );
        assert_eq!(claim("A blackboard puzzle: win in 3"), None);
        assert_eq!(
            claim("RED TO PLAY AND WIN IN 4."),
            Some(Some((Player::Red, 4)))
        );
        // A task with no length states a secure connection.
        assert_eq!(task_secures("Red to play and win"), Some(Player::Red));
        assert_eq!(
            task_secures("Black to play secures the connection."),
            Some(Player::Black)
        );
        assert_eq!(task_secures("Red to play"), None);
        assert_eq!(task_secures("Can Red still win?"), None);
        assert_eq!(task_secures("Red to play and win in 5"), None);
        // Out of range: said, not dropped.
        assert_eq!(claim("Red wins in 99"), Some(None));
        assert_eq!(claim("Red to play and win in 0"), Some(None));
        assert_eq!(
            claim("Red to play and win in 99999999999999999999"),
            Some(None)
        );
    }
}
