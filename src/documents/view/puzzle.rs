//! A puzzle's answers for the page's solve mode, worked out here when the
//! page is written: the page compares the hole clicked with a list and
//! needs no rules of its own.
//!
//! A game with a `[Task]` is a puzzle for the side that makes its first
//! move. Wherever that side is to move in a line, the script's move is
//! right, and so is the first move of each variation written in its place,
//! unless a `?` glyph marks it as a mistake.
//!
//! Where the replay proved that the solver wins (a `#wins` claim, or a
//! solution it followed move by move to there), every other move the
//! search finds winning within the moves left is accepted too, and played:
//! the defence after it, and the solver's winning moves after that, are
//! the search's, written here as lines of their own that the move list
//! does not show. There, too, every other free hole the solver may play
//! gets the reply that holds against it, as a line of two moves; a hole
//! the solver may not play gets the rule's reason. The page holds all of
//! this: it asks nothing it cannot answer offline.

use crate::win_claims::SearchBudget;
use twixt_core::board::{Hole, Player};
use twixt_core::moves::Move;
use twixt_core::position::{MoveError, Position, Status};
use twixt_core::solver::{self, AfterMove, SearchLimit, SharedLimit};

use super::ViewLine;

/// What solve mode accepts in a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// The task, as the `[Task]` header says it ("Red to play and win").
    pub task: String,
    /// The side that solves.
    pub solver: Player,
    /// Every position where the solver is to move, with its answers.
    pub answers: Vec<Answer>,
}

/// A position where the solver is to move: the line and ply, and the holes
/// that are right there, each with the line the game goes on in.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The line.
    pub line: usize,
    /// The ply before the move to find.
    pub ply: u32,
    /// Right moves: the hole, and the line that plays it.
    pub accepted: Vec<(Hole, usize)>,
    /// When the replay proved here that the solver wins: within how many
    /// of their moves (and the search for winning moves finished).
    pub wins_within: Option<u32>,
    /// Other moves that win within [`Answer::wins_within`], as the search
    /// found them (in board order): right too, each with the line that
    /// plays it and the search's defence.
    pub also_wins: Vec<(Hole, usize)>,
    /// Mistakes the script marks with `?` in place of the move to find:
    /// the hole and the variation that refutes it.
    pub false_starts: Vec<(Hole, usize)>,
    /// Free holes the solver may play that do not win within
    /// [`Answer::wins_within`]: the hole and the line of it and the reply
    /// that holds (the move alone when no move is left after it).
    pub refuted: Vec<(Hole, usize)>,
    /// Empty holes the solver may not play, and why.
    pub barred: Vec<(Hole, Barred)>,
    /// False when [`MAX_PUZZLE_LINES`] left holes here without the line
    /// that answers them: the page then says it cannot tell.
    pub complete: bool,
    /// True where the replay proved a claim with no length (a secure
    /// connection) and the moves here were judged for it:
    /// [`Answer::also_wins`] and
    /// [`Answer::accepted`] then secure the connection, and
    /// [`Answer::refuted`] are moves the prover ([`solver::secures`])
    /// showed to break it, with the reply that holds.
    pub secure: bool,
    /// In a secure-connection puzzle: the shortest win here, when the
    /// exact search found one within [`solver::SHORT_WIN_MOVES`].
    pub short_win: Option<u32>,
    /// In a secure-connection puzzle: holes the prover could not judge
    /// within its limits ([`SECURE_MOVE_POSITIONS`],
    /// [`SECURE_PUZZLE_POSITIONS`]), each with the line of the reply that
    /// holds it off for [`Answer::short_win`] moves, when the exact search
    /// showed it does not win as fast as the key does.
    pub undecided: Vec<(Hole, Option<usize>)>,
}

/// Why the solver may not play an empty hole.
#[derive(Debug, Clone, PartialEq)]
pub enum Barred {
    /// It is in the opponent's border row.
    Border,
    /// The rules forbid it otherwise: the engine's reason, which the page
    /// says in its own words ([`Barred::words`]).
    Rules(MoveError),
}

impl Barred {
    /// Why the rules forbid the hole, in `msgs`' words (`border` for the
    /// border row, which the page says with the sides' names itself).
    pub fn words(&self, msgs: &crate::messages::Messages) -> String {
        let key = match self {
            Barred::Border => return "border".into(),
            Barred::Rules(MoveError::NoPegsLeft { player, supply }) => {
                return msgs.fill(
                    "view-why-no-pegs",
                    &[("player", msgs.side(*player)), ("n", &supply.to_string())],
                );
            }
            Barred::Rules(MoveError::NoLinksLeft { player, .. }) => {
                return msgs.fill("view-why-no-links", &[("player", msgs.side(*player))]);
            }
            Barred::Rules(MoveError::GameOver(_)) => "view-why-over",
            // A plain peg meets no other rule; any other reason is said
            // as a rule's refusal, not in the engine's English.
            Barred::Rules(_) => "view-why-rules",
        };
        msgs.get(key).to_string()
    }
}

/// Where a puzzle's answers write the lines they play: a line of `holes`
/// played from `pos`, branching from the line and ply given; its index,
/// or `None` when a move cannot be played.
pub(crate) type AddLine<'a> = dyn FnMut((usize, u32), &Position, &[Hole]) -> Option<usize> + 'a;

/// At most this many lines are written for one puzzle's search: the other
/// winning moves with their defences, and the replies that refute wrong
/// moves, so that a puzzle with many ways to win stays a page, not a book.
/// A position whose wrong moves or winning moves the bound cut short says
/// so ([`Answer::complete`]), and the page tells the solver.
pub const MAX_PUZZLE_LINES: usize = 4_000;

/// Positions the prover may visit to judge one move of a secure-connection
/// puzzle (a claim with no length). Every free hole of every position on
/// the way is judged, so each gets a look, not a full search. Positions,
/// not time, bound it, so that a page comes out the same on any machine.
pub const SECURE_MOVE_POSITIONS: u64 = 20_000;
/// Positions the prover may visit for all the moves of one
/// secure-connection puzzle together (a few seconds).
pub const SECURE_PUZZLE_POSITIONS: u64 = 300_000;
/// Lines the play-out of one slower win of a secure-connection puzzle may
/// write (of [`MAX_PUZZLE_LINES`]): its moves win in more than the key's,
/// and every position of it answers every free hole, so one such win
/// could otherwise take the whole bound.
pub const SLOWER_WIN_LINES: usize = MAX_PUZZLE_LINES / 8;

/// A position where the replay proved that `player`, to move, wins within
/// `moves` of their moves (`None`: secures the connection, however many
/// moves it takes): at a `#wins` claim, or where the solution after one
/// has led.
#[derive(Debug, Clone)]
pub(crate) struct Proven {
    /// The line.
    pub line: usize,
    /// The ply before the solver's move.
    pub ply: u32,
    /// The position.
    pub pos: Position,
    /// The side that wins.
    pub player: Player,
    /// Within how many of its moves; `None` for a secure connection.
    pub moves: Option<u32>,
}

impl Puzzle {
    /// The puzzle of a game with `task`, from its lines (line 0 the main line).
    pub fn of(task: String, lines: &[ViewLine]) -> Puzzle {
        let solver = lines
            .first()
            .and_then(|l| l.moves.first())
            .map_or(Player::Red, |m| m.player);
        let mut answers = Vec::new();
        for (id, line) in lines.iter().enumerate() {
            for m in line.moves.iter().filter(|m| m.player == solver) {
                let Some(hole) = m.hole else { continue };
                let mut accepted = vec![(hole, id)];
                let mut false_starts: Vec<(Hole, usize)> = Vec::new();
                for &v in &m.variations {
                    let Some(first) = lines.get(v).and_then(|l| l.moves.first()) else {
                        continue;
                    };
                    let Some(h) = first.hole else { continue };
                    if first.text.contains('?') {
                        if !false_starts.iter().any(|(a, _)| *a == h) {
                            false_starts.push((h, v));
                        }
                    } else if !accepted.iter().any(|(a, _)| *a == h) {
                        accepted.push((h, v));
                    }
                }
                answers.push(Answer {
                    line: id,
                    ply: m.ply - 1,
                    accepted,
                    wins_within: None,
                    also_wins: Vec::new(),
                    false_starts,
                    refuted: Vec::new(),
                    barred: Vec::new(),
                    complete: true,
                    secure: false,
                    short_win: None,
                    undecided: Vec::new(),
                });
            }
        }
        Puzzle {
            task,
            solver,
            answers,
        }
    }

    /// Adds, where the replay proved the solver's win (`proven`), every
    /// winning move the search finds within `budget` (the limits `check`
    /// searches claims in), played out with the search's defences, and
    /// the reply that holds against every other move, on the main line and
    /// in the lines of the other winning moves alike (lines written with
    /// `add_line`, at most [`MAX_PUZZLE_LINES`]). A search that reaches a
    /// limit adds nothing: there the script's moves stay the only answers.
    pub(crate) fn add_winning_moves(
        &mut self,
        proven: &[Proven],
        budget: &SearchBudget,
        add_line: &mut AddLine<'_>,
    ) {
        let mut w = Writer {
            limit: budget.search_limit(),
            secure_limit: secure_limit(),
            add_line,
            written: 0,
            max: MAX_PUZZLE_LINES,
            more: Vec::new(),
        };
        // A secure-connection puzzle's right moves beside the script's are
        // played out once every position of its script has its wrong moves
        // answered: the bound never cuts the script's positions short.
        let mut alternatives = Vec::new();
        for p in proven.iter().filter(|p| p.player == self.solver) {
            let Some(i) = self
                .answers
                .iter()
                .position(|a| a.line == p.line && a.ply == p.ply)
            else {
                continue;
            };
            let answer = &mut self.answers[i];
            let at = (p.line, p.ply);
            let Some(moves) = p.moves else {
                let right = w.judge_secure(answer, &p.pos, p.player, at, true);
                alternatives.push((i, p, right));
                continue;
            };
            let Ok(keys) = solver::winning_keys(&p.pos, p.player, moves, &w.limit) else {
                continue;
            };
            answer.wins_within = Some(moves);
            let others: Vec<Hole> = keys
                .answer
                .into_iter()
                .filter(|h| !answer.accepted.iter().any(|(a, _)| a == h))
                .collect();
            // The wrong moves first: the script's position is the one most
            // solvers see, so the bound never cuts it short for the
            // alternatives' sake.
            let known: Vec<Hole> = (answer.accepted.iter().chain(&answer.false_starts))
                .map(|(h, _)| *h)
                .chain(others.iter().copied())
                .collect();
            w.refute_all(answer, &p.pos, p.player, moves, at, &known);
            for h in others {
                match w.play_out(&p.pos, p.player, moves, h, at) {
                    Some(l) => answer.also_wins.push((h, l)),
                    None if w.full() => answer.complete = false,
                    None => {}
                }
            }
        }
        // Those that win as fast as the key first, at every position of
        // the script: a slower win's lines go on longer.
        let mut slower = Vec::new();
        for (i, p, mut right) in alternatives {
            let slow = std::mem::take(&mut right.slow);
            w.play_secure_alternatives(&mut self.answers[i], &p.pos, p.player, right);
            slower.push((i, p, slow));
        }
        for (i, p, slow) in slower {
            let right = Right {
                short: None,
                fast: Vec::new(),
                slow,
            };
            w.play_secure_alternatives(&mut self.answers[i], &p.pos, p.player, right);
        }
        self.answers.append(&mut w.more);
    }

    /// Adds to every position where the solver is to move the empty holes
    /// they may not play, with the rule's reason. `position` gives the
    /// position at a line and ply.
    pub(crate) fn add_barred(&mut self, mut position: impl FnMut(usize, u32) -> Option<Position>) {
        for a in &mut self.answers {
            let Some(pos) = position(a.line, a.ply) else {
                continue;
            };
            a.barred = barred(&pos);
        }
    }
}

/// The empty holes the side to move in `pos` may not play, and why.
pub(crate) fn barred(pos: &Position) -> Vec<(Hole, Barred)> {
    let mut out = Vec::new();
    for h in pos.size().holes() {
        if pos.peg(h).is_some() {
            continue;
        }
        match pos.clone().play(&Move::peg(h)) {
            Ok(_) | Err(MoveError::Occupied { .. }) | Err(MoveError::NoSuchHole { .. }) => {}
            Err(MoveError::OpponentBorder { .. }) => out.push((h, Barred::Border)),
            Err(e) => out.push((h, Barred::Rules(e))),
        }
    }
    out
}

/// The search's lines as they are written, counted against
/// [`MAX_PUZZLE_LINES`], and the answers of the positions they reach.
struct Writer<'a, 'b> {
    limit: SearchLimit,
    /// The prover's limit for one move of a secure-connection puzzle.
    secure_limit: SearchLimit,
    add_line: &'a mut AddLine<'b>,
    written: usize,
    /// The bound: [`MAX_PUZZLE_LINES`].
    max: usize,
    more: Vec<Answer>,
}

impl Writer<'_, '_> {
    /// True when no more lines may be written.
    fn full(&self) -> bool {
        self.written >= self.max
    }

    /// A line of `holes` from `pos`, branching at `at`, if the bound allows.
    fn line(&mut self, at: (usize, u32), pos: &Position, holes: &[Hole]) -> Option<usize> {
        if self.full() {
            return None;
        }
        let l = (self.add_line)(at, pos, holes)?;
        self.written += 1;
        Some(l)
    }

    /// A winning move `key` of `player` from `pos` (within `moves`), played
    /// out from `at`: the line of the key and the search's defence, then
    /// for each of the player's winning moves after it a line of its own,
    /// and so on to the connection; every other move after the defence
    /// gets the reply that refutes it. The answers of the positions after
    /// each defence go to `more`. Returns the key's line.
    fn play_out(
        &mut self,
        pos: &Position,
        player: Player,
        moves: u32,
        key: Hole,
        at: (usize, u32),
    ) -> Option<usize> {
        if self.full() {
            return None;
        }
        let mut after = pos.clone();
        after.play(&Move::peg(key)).ok()?;
        let won = matches!(after.status(), Status::Won { winner, .. } if winner == player);
        let defence = if won || moves <= 1 {
            None
        } else {
            Some(defence(&after, player, moves - 1, &self.limit)?)
        };
        let holes: Vec<Hole> = std::iter::once(key).chain(defence).collect();
        let line = self.line(at, pos, &holes)?;
        let Some(reply) = defence else {
            return Some(line);
        };
        after.play(&Move::peg(reply)).ok()?;
        let left = moves - 1;
        let Ok(keys) = solver::winning_keys(&after, player, left, &self.limit) else {
            return Some(line);
        };
        let here = (line, at.1 + 2);
        let mut answer = Answer {
            line,
            ply: at.1 + 2,
            accepted: Vec::new(),
            wins_within: Some(left),
            also_wins: Vec::new(),
            false_starts: Vec::new(),
            refuted: Vec::new(),
            barred: barred(&after),
            complete: true,
            secure: false,
            short_win: None,
            undecided: Vec::new(),
        };
        self.refute_all(&mut answer, &after, player, left, here, &keys.answer);
        for k in keys.answer {
            match self.play_out(&after, player, left, k, here) {
                Some(l) => answer.accepted.push((k, l)),
                None if self.full() => answer.complete = false,
                None => {}
            }
        }
        // A position the bound cut short is kept too: the page says there
        // that it cannot tell, rather than call the puzzle solved.
        if !answer.accepted.is_empty() || !answer.complete {
            self.more.push(answer);
        }
        Some(line)
    }

    /// The reply that holds against every free hole of `player` in `pos`
    /// but those `known`, as [`Answer::refuted`]; `complete` is cleared
    /// when the bound stops it.
    fn refute_all(
        &mut self,
        answer: &mut Answer,
        pos: &Position,
        player: Player,
        moves: u32,
        at: (usize, u32),
        known: &[Hole],
    ) {
        for k in 0..pos.free_hole_count(player) {
            let Some(h) = pos.nth_free_hole(player, k) else {
                break;
            };
            if known.contains(&h) {
                continue;
            }
            if self.full() {
                answer.complete = false;
                return;
            }
            if let Some(l) = self.refute(pos, player, moves, h, at) {
                answer.refuted.push((h, l));
            }
        }
    }

    /// A move `h` of `player` from `pos` that does not win within `moves`:
    /// the line of it and the reply that holds (or of it alone when it was
    /// the last move and does not connect).
    fn refute(
        &mut self,
        pos: &Position,
        player: Player,
        moves: u32,
        h: Hole,
        at: (usize, u32),
    ) -> Option<usize> {
        let mut after = pos.clone();
        after.play(&Move::peg(h)).ok()?;
        if after.status() != Status::Ongoing {
            return None;
        }
        match solver::after_move(&after, player, moves - 1, &self.limit)
            .ok()?
            .answer
        {
            AfterMove::Holds(r) => self.line(at, pos, &[h, r]),
            AfterMove::Unfinished => self.line(at, pos, &[h]),
            _ => None,
        }
    }
}

impl Writer<'_, '_> {
    /// Judges, where `player` to move secures the connection in `pos`
    /// (a claim with no length), every free hole of theirs but the
    /// script's own moves. The exact search first finds the shortest win
    /// (within [`solver::SHORT_WIN_MOVES`]) and every move that wins as
    /// fast: those are right. With `prove`, every other move goes to the
    /// prover: one that keeps the connection secure (a slower win) is
    /// right too; one that breaks it gets the reply that holds
    /// ([`Answer::refuted`]). A move the prover cannot judge (or, without
    /// `prove`, any other) is [`Answer::undecided`], with the reply that
    /// holds it off as long as the key wins in. Returns the right moves
    /// to play out ([`Writer::play_secure_alternatives`]).
    fn judge_secure(
        &mut self,
        answer: &mut Answer,
        pos: &Position,
        player: Player,
        at: (usize, u32),
        prove: bool,
    ) -> Right {
        answer.secure = true;
        let known: Vec<Hole> = (answer.accepted.iter().chain(&answer.false_starts))
            .map(|(h, _)| *h)
            .collect();
        let short = match solver::solve(pos, player, solver::SHORT_WIN_MOVES, &self.limit) {
            Ok(found) => match found.answer {
                solver::Solved::Wins { moves, .. } => Some(moves),
                solver::Solved::NoWin { .. } => None,
            },
            Err(_) => None,
        };
        let fast: Vec<Hole> = short
            .and_then(|n| solver::winning_keys(pos, player, n, &self.limit).ok())
            .map(|k| k.answer)
            .unwrap_or_default();
        answer.short_win = short.filter(|_| !fast.is_empty());
        let mut slow = Vec::new();
        for k in 0..pos.free_hole_count(player) {
            let Some(h) = pos.nth_free_hole(player, k) else {
                break;
            };
            if known.contains(&h) || fast.contains(&h) {
                continue;
            }
            if self.full() {
                answer.complete = false;
                break;
            }
            let judged = if prove {
                judge(pos, player, h, &self.secure_limit)
            } else {
                Judged::Undecided
            };
            match judged {
                Judged::Secures => slow.push(h),
                Judged::Breaks(holds) => {
                    let holes: Vec<Hole> = std::iter::once(h).chain(holds).collect();
                    if let Some(l) = self.line(at, pos, &holes) {
                        answer.refuted.push((h, l));
                    }
                }
                Judged::Undecided => {
                    let held = answer
                        .short_win
                        .and_then(|n| self.refute(pos, player, n, h, at));
                    answer.undecided.push((h, held));
                }
            }
        }
        let fast = fast.into_iter().filter(|h| !known.contains(h)).collect();
        Right {
            short: answer.short_win,
            fast,
            slow,
        }
    }

    /// Plays out the right moves [`Writer::judge_secure`] found, from
    /// where `answer` stands: to [`Answer::also_wins`] beside the script's
    /// moves, else to [`Answer::accepted`]. A move that wins as fast as
    /// the key is played out as in a puzzle with a length; a slower one
    /// with [`Writer::play_out_secure`].
    fn play_secure_alternatives(
        &mut self,
        answer: &mut Answer,
        pos: &Position,
        player: Player,
        right: Right,
    ) {
        let at = (answer.line, answer.ply);
        let scripted = !answer.accepted.is_empty();
        let add = |answer: &mut Answer, h: Hole, line: Option<usize>, full: bool| match line {
            Some(l) if scripted => answer.also_wins.push((h, l)),
            Some(l) => answer.accepted.push((h, l)),
            None if full => answer.complete = false,
            // Proved, but the page cannot go on from it: said as the
            // prover's limit, not as a wrong move.
            None => answer.undecided.push((h, None)),
        };
        if let Some(n) = right.short {
            for h in right.fast {
                let line = self.play_out(pos, player, n, h, at);
                add(answer, h, line, self.full());
            }
        }
        for h in right.slow {
            let max = self.max;
            self.max = max.min(self.written + SLOWER_WIN_LINES);
            let line = self.play_out_secure(pos, player, h, at);
            let full = self.full();
            self.max = max;
            add(answer, h, line, full && self.full());
        }
    }

    /// A move `key` of `player` that secures the connection from `pos`,
    /// played out from `at`: the line of the key and the defence
    /// ([`secure_defence`]), then the answers of the position after it, the
    /// player to move again (judged without the prover). `None` when the page cannot go on from it: no
    /// defence found, or no move found that keeps the connection there
    /// (the prover's limit), or the bound on lines.
    fn play_out_secure(
        &mut self,
        pos: &Position,
        player: Player,
        key: Hole,
        at: (usize, u32),
    ) -> Option<usize> {
        if self.full() {
            return None;
        }
        let mut after = pos.clone();
        after.play(&Move::peg(key)).ok()?;
        if matches!(after.status(), Status::Won { winner, .. } if winner == player) {
            return self.line(at, pos, &[key]);
        }
        let reply = secure_defence(&after, player, &self.limit)?;
        after.play(&Move::peg(reply)).ok()?;
        let line = self.line(at, pos, &[key, reply])?;
        let here = (line, at.1 + 2);
        let mut answer = Answer {
            line,
            ply: here.1,
            accepted: Vec::new(),
            wins_within: None,
            also_wins: Vec::new(),
            false_starts: Vec::new(),
            refuted: Vec::new(),
            barred: barred(&after),
            complete: true,
            secure: false,
            short_win: None,
            undecided: Vec::new(),
        };
        // The prover judges the script's positions only: after a slower
        // win of the solver's own, the moves that win fastest are right.
        let right = self.judge_secure(&mut answer, &after, player, here, false);
        self.play_secure_alternatives(&mut answer, &after, player, right);
        if answer.accepted.is_empty() {
            return None;
        }
        self.more.push(answer);
        Some(line)
    }
}

/// The right moves [`Writer::judge_secure`] found at a position: those
/// that win within the shortest win `short`, and slower ones the prover
/// showed to keep the connection secure.
struct Right {
    short: Option<u32>,
    fast: Vec<Hole>,
    slow: Vec<Hole>,
}

/// What the prover says of one move in a secure-connection puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Judged {
    /// The connection stays secure (or the move completes it).
    Secures,
    /// It breaks: the reply that holds (`None`: the move ends the game
    /// without the connection, or the opponent has no legal reply).
    Breaks(Option<Hole>),
    /// The prover reached its limit.
    Undecided,
}

/// The prover's limit for one move of a secure-connection puzzle, drawing
/// on one budget for the whole puzzle ([`SECURE_PUZZLE_POSITIONS`]).
fn secure_limit() -> SearchLimit {
    let puzzle = SharedLimit::new(SECURE_PUZZLE_POSITIONS, None);
    SearchLimit::positions(SECURE_MOVE_POSITIONS).sharing(&puzzle)
}

/// Whether `player`'s move `h` from `pos` keeps the connection secure.
fn judge(pos: &Position, player: Player, h: Hole, limit: &SearchLimit) -> Judged {
    let mut after = pos.clone();
    if after.play(&Move::peg(h)).is_err() {
        return Judged::Undecided;
    }
    match after.status() {
        Status::Won { winner, .. } if winner == player => return Judged::Secures,
        Status::Ongoing => {}
        _ => return Judged::Breaks(None),
    }
    match solver::secures(&after, player, limit) {
        Ok(found) => match found.answer {
            solver::Secure::Secured { .. } => Judged::Secures,
            solver::Secure::Breaks { defence, .. } => Judged::Breaks(defence),
        },
        Err(_) => Judged::Undecided,
    }
}

/// The defence the page plays against a move of `player` that secures the
/// connection (`pos` after it): the reply that holds the exact search off
/// longest, within [`solver::SHORT_WIN_MOVES`]; when every reply loses at
/// once, the one that leaves the fewest winning moves.
fn secure_defence(pos: &Position, player: Player, limit: &SearchLimit) -> Option<Hole> {
    let mut held = None;
    for k in 1..solver::SHORT_WIN_MOVES {
        match solver::after_move(pos, player, k, limit).map(|s| s.answer) {
            Ok(AfterMove::Holds(r)) => held = Some(r),
            _ => break,
        }
    }
    held.or_else(|| defence(pos, player, 1, limit))
}

/// The defence the page plays against a winning move of `player` (`pos`
/// after it, `left` of their moves to come): the reply that makes the win
/// longest, or, when every reply loses at once, the one that leaves the
/// fewest winning moves.
fn defence(pos: &Position, player: Player, left: u32, limit: &SearchLimit) -> Option<Hole> {
    for k in (1..left).rev() {
        match solver::after_move(pos, player, k, limit).ok()?.answer {
            AfterMove::Holds(r) => return Some(r),
            AfterMove::Wins => {}
            _ => return None,
        }
    }
    let them = player.opponent();
    let mut best: Option<(usize, Hole)> = None;
    for i in 0..pos.free_hole_count(them) {
        let r = pos.nth_free_hole(them, i)?;
        let mut after = pos.clone();
        if after.play(&Move::peg(r)).is_err() {
            continue;
        }
        let n = solver::winning_keys(&after, player, 1, limit)
            .ok()?
            .answer
            .len();
        if best.is_none_or(|(m, _)| n < m) {
            best = Some((n, r));
        }
    }
    best.map(|(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::ViewMove;

    fn mv(ply: u32, player: Player, text: &str, hole: Hole, variations: Vec<usize>) -> ViewMove {
        ViewMove {
            ply,
            player,
            text: text.into(),
            hole: Some(hole),
            comments: Vec::new(),
            variations,
        }
    }

    #[test]
    fn the_scripts_move_and_its_unmarked_alternatives_are_right() {
        let h = |c, r| Hole::new(c, r);
        let lines = vec![
            ViewLine {
                parent: None,
                start: 0,
                moves: vec![
                    mv(1, Player::Red, "1. j10", h(9, 9), vec![1, 2]),
                    mv(2, Player::Black, "2. g4", h(6, 3), vec![]),
                ],
                intro: Vec::new(),
            },
            ViewLine {
                parent: Some((0, 0)),
                start: 0,
                moves: vec![mv(1, Player::Red, "1. c3", h(2, 2), vec![])],
                intro: Vec::new(),
            },
            ViewLine {
                parent: Some((0, 0)),
                start: 0,
                moves: vec![mv(1, Player::Red, "1. d4?", h(3, 3), vec![])],
                intro: Vec::new(),
            },
        ];
        let p = Puzzle::of("Red to play and win".into(), &lines);
        assert_eq!(p.solver, Player::Red);
        assert_eq!(p.answers[0].ply, 0);
        assert_eq!(p.answers[0].accepted, vec![(h(9, 9), 0), (h(2, 2), 1)]);
        // Black's move is no question; the variations' own Red moves are.
        assert_eq!(p.answers.len(), 3);
    }

    /// Red on an 8×8 board, to move, joins at once at c8 or g8: its chain
    /// d1–e3–d5–e7 needs one peg on the bottom row.
    fn one_move_from_winning() -> Position {
        use twixt_core::board::BoardSize;
        use twixt_core::rules::RuleSet;
        let rules = RuleSet::pencil().with_size(BoardSize::square(8).unwrap());
        let mut pos = Position::new(rules).unwrap();
        for (red, black) in [
            ((3, 0), (0, 1)),
            ((4, 2), (0, 3)),
            ((3, 4), (0, 5)),
            ((4, 6), (7, 1)),
        ] {
            pos.play(&Move::peg(Hole::new(red.0, red.1))).unwrap();
            pos.play(&Move::peg(Hole::new(black.0, black.1))).unwrap();
        }
        pos
    }

    #[test]
    fn a_rules_refusal_is_said_in_the_pages_words() {
        let fr = crate::messages::Messages::for_language("fr").with_sides("Blanc Bleu");
        let no_pegs = Barred::Rules(MoveError::NoPegsLeft {
            player: Player::Black,
            supply: 50,
        });
        assert_eq!(
            no_pegs.words(&fr),
            "Bleu n'a plus de fiches (les 50 sont sur le plateau)"
        );
        let other = Barred::Rules(MoveError::SwapNotInRules);
        assert_eq!(other.words(&fr), "les règles l'interdisent");
        assert_eq!(Barred::Border.words(&fr), "border");
    }

    #[test]
    fn the_bound_on_a_puzzles_lines_says_what_it_cut_short() {
        let pos = one_move_from_winning();
        let keys = [Hole::new(2, 7), Hole::new(6, 7)];
        let searched = solver::winning_keys(&pos, Player::Red, 1, &SearchLimit::positions(100_000))
            .unwrap()
            .answer;
        assert_eq!(searched, keys);
        let answer = || Answer {
            line: 0,
            ply: 8,
            accepted: Vec::new(),
            wins_within: Some(1),
            also_wins: Vec::new(),
            false_starts: Vec::new(),
            refuted: Vec::new(),
            barred: Vec::new(),
            complete: true,
            secure: false,
            short_win: None,
            undecided: Vec::new(),
        };
        for (max, complete) in [(5, false), (1_000, true)] {
            let mut n = 0;
            let mut add = |_: (usize, u32), _: &Position, _: &[Hole]| {
                n += 1;
                Some(n)
            };
            let mut w = Writer {
                limit: SearchLimit::positions(100_000),
                secure_limit: secure_limit(),
                add_line: &mut add,
                written: 0,
                max,
                more: Vec::new(),
            };
            let mut a = answer();
            w.refute_all(&mut a, &pos, Player::Red, 1, (0, 8), &keys);
            assert_eq!(a.complete, complete, "at most {max} lines");
            let free = pos.free_hole_count(Player::Red) - keys.len();
            let written = w.written;
            assert_eq!(a.refuted.len(), if complete { free } else { max });
            assert_eq!(written, a.refuted.len());
            assert!(a.refuted.iter().all(|(h, _)| !keys.contains(h)));
        }
    }
}
