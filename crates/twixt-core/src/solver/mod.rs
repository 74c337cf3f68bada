//! An exact solver for "wins within N": does the player to move complete
//! a chain within N of their own moves, whatever the opponent replies?
//!
//! It answers the questions a puzzle raises: whether the claim holds and the
//! shortest win ([`solve`], the one entry point for "wins within N"),
//! every winning first move ([`winning_keys`]), whether a given move keeps
//! the win and, when not, the defence that holds ([`after_move`]). Every
//! search runs under a [`SearchLimit`] of positions and time (and threads,
//! and the bytes of its table); reaching it is its own answer
//! ([`Undecided::Limit`]), never a guess. Several searches may also draw
//! on one [`SharedLimit`].
//!
//! How (docs/engine.md, "Wins in N", says more): iterative deepening on the
//! number of moves, so the shortest win is found first and a long bound
//! costs little more than the short win inside it; an AND/OR search where
//! the attacker's moves near its chains come first and the defender
//! answers only inside the must-play region of the attacker's threat (the
//! zone of the proof that wins if the defender passes), while an attacker's
//! move outside the zone of a refuted one is refuted by the same reply
//! without search; a transposition
//! table of positions proved or refuted; a lower bound on the pegs still
//! needed. All of it is exact under automatic linking with nothing removed,
//! the only rule sets it accepts. A limit with threads
//! ([`SearchLimit::with_threads`]) shares the root's first moves among
//! them, with the same answers ([`secures`] and [`secure_keys`] too).
//!
//! ```
//! use twixt_core::Player;
//! use twixt_core::solver::{self, SearchLimit, Solved};
//!
//! // Does Red, to move, win within four moves whatever Black does?
//! let puzzle = twixt_core::position_line::read_position("8/dujardin/d1,d3/b4,g4/*/red").unwrap();
//! let limit = SearchLimit::positions(2_000_000);
//! let solution = solver::solve(&puzzle, Player::Red, 4, &limit).unwrap();
//! assert!(matches!(solution.answer, Solved::Wins { .. } | Solved::NoWin { .. }));
//! ```

mod bounds;
mod checker;
mod connection;
mod dead;
mod edge_templates;
mod history;
mod hole;
mod limit;
mod memory;
mod pns;
mod pns_threads;
mod proof;
mod search;
mod short_proof;
mod table;
mod threads;
mod zone;

/// Random positions for the solver's unit tests.
#[cfg(test)]
mod random_pegs {
    use crate::moves::Move;
    use crate::position::{Position, Status};
    use crate::split_mix::SplitMix64;

    /// `plies` more pegs at random free holes of `pos`, the players taking
    /// turns, until the game ends.
    pub(crate) fn add_random_pegs(pos: &mut Position, rng: &mut SplitMix64, plies: u32) {
        for _ in 0..plies {
            if pos.status() != Status::Ongoing {
                return;
            }
            let free: Vec<usize> = pos.free_holes(pos.to_move()).collect();
            let hole = pos.geometry().hole(free[rng.below(free.len())]);
            pos.play(&Move::peg(hole)).unwrap();
        }
    }
}

use std::sync::Arc;

use crate::board::{Hole, Player};
use crate::position::{Played, Position, Status};
use crate::rules::{Crossing, Linking, RemovalRule, Swap};

use bounds::Costs;
pub(crate) use bounds::{pegs_needed, through_costs};
pub use checker::{ProofError, check_proof};
use connection::Chains;
use history::History;
use hole::HoleIndex;
pub use limit::{LimitKind, Meter, SearchLimit, SharedLimit};
pub use memory::Memory;
use memory::Tables;
pub use proof::{ProofNode, Rest, Template, TemplateGap};
use search::{Defence, Search, Stop};
use table::{Key, Keys, SharedTable, Table, TableRef};
use zone::Zone;

/// Bytes the transposition table of one search may hold by default
/// ([`SearchLimit::with_table_bytes`]).
pub const TABLE_BYTES: usize = 256 << 20;

/// How the attacker's turns share effort between two first moves
/// (docs/engine.md, "effort shared between two first moves"). Any
/// setting gives the same answers; it changes the work. Public for the
/// tests, which make allowances tiny so that they run out often.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Attacker's turns with at least this many moves put their threats
    /// first.
    pub share_from: u32,
    /// Attacker's turns with at least this many moves (and at least
    /// `share_from`) try two threats side by side.
    pub pair_from: u32,
    /// The first allowance of positions of each of the two (it doubles
    /// each turn).
    pub first_allowance: u64,
    /// Where no two threats are paired, try the first two moves side by
    /// side anyway (for tests: the pairing at as many turns as can be).
    pub any_pair: bool,
    /// With more than one thread, the root's rounds of at least this many
    /// moves share their first moves among the threads (tests make it 1:
    /// every round shared).
    pub shared_from: u32,
    /// Attacker's turns with at least this many moves (and at least two)
    /// refute a move outside a refuted move's zone without searching it
    /// (tests make it 2: at every turn that can).
    pub zone_from: u32,
    /// Once the search has counted this many positions, the root's next
    /// rounds try only the first moves the proof numbers' look does not
    /// disprove ([`plausible_first_moves`]; tests make it 0, and
    /// `u64::MAX` turns it off).
    pub plausible_after: u64,
    /// [`secures`] looks for a win within [`SHORT_WIN_MOVES`] by the exact
    /// search before the proof numbers (the bench turns it off to measure
    /// the proof numbers alone).
    pub secure_short_win: bool,
    /// The proof numbers drop dead holes from a position's moves but one
    /// of each kind (`dead.rs`; tests turn it off to check that the
    /// answers stay the same).
    pub secure_dead_holes: bool,
    /// The proof numbers disprove a position where the defender has a
    /// virtual connection of its own (tests turn it off to check that the
    /// answers stay the same).
    pub secure_defender_connection: bool,
    /// The exact search's attacker's turns with at least this many moves
    /// look for the defender's virtual connection, the attacker to move:
    /// where the defender has one, the attacker never connects
    /// (`u32::MAX` turns it off, to measure it).
    pub defender_connection_from: u32,
    /// Defender's turns with at least this many attacker's moves try the
    /// reply that held most often before the pass.
    pub killer_from: u32,
    /// The positions the search of that reply may take before it is left
    /// for the pass.
    pub killer_allowance: u64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            share_from: 5,
            pair_from: 6,
            first_allowance: 1000,
            any_pair: false,
            shared_from: threads::SHARED_FROM,
            zone_from: 5,
            plausible_after: PLAUSIBLE_AFTER,
            secure_short_win: true,
            secure_dead_holes: true,
            secure_defender_connection: true,
            defender_connection_from: 3,
            killer_from: 3,
            killer_allowance: 10_000,
        }
    }
}

/// Why a search gives no answer: not a false claim, a question it cannot
/// decide.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Undecided {
    /// The player asked about is not the one to move.
    #[error("it is {to_move}'s turn, not {player}'s")]
    NotToMove {
        /// The player asked about.
        player: Player,
        /// The player to move.
        to_move: Player,
    },
    /// The game has already ended; the value is its result.
    #[error("the game is already over: {0}")]
    GameOver(Status),
    /// The number of moves is 0.
    #[error("a win needs at least one move (`in 1` or more)")]
    NoMoves,
    /// The rule set is not one the search covers; the value names the rule.
    #[error(
        "the search covers rule sets with automatic linking and nothing removed (pencil, dujardin, t1); these rules have {0}"
    )]
    Rules(&'static str),
    /// The opponent may still swap.
    #[error("the opponent may still swap (move 2), which the search does not cover")]
    SwapPending,
    /// A limit of the search was reached first.
    #[error("limit reached after {positions} positions ({limit})")]
    Limit {
        /// Positions visited before stopping.
        positions: u64,
        /// The limit that stopped it.
        limit: LimitKind,
    },
}

impl Undecided {
    /// The class of question, as `check --format json` names it.
    pub fn class(&self) -> &'static str {
        match self {
            Undecided::NotToMove { .. } => "turn",
            Undecided::GameOver(_) => "game-over",
            Undecided::NoMoves => "no-moves",
            Undecided::Rules(_) => "rules",
            Undecided::SwapPending => "swap",
            Undecided::Limit { .. } => "limit",
        }
    }
}

impl crate::diagnostic::Explained for Undecided {}

/// The answer to "does the player win within N".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solved {
    /// The player wins; the shortest win and a first move that achieves it.
    Wins {
        /// The fewest moves the player wins in.
        moves: u32,
        /// A first move of such a win.
        key: Hole,
    },
    /// No win within N: some defence holds.
    NoWin {
        /// For N > 1: the player's most promising first move (nearest a
        /// chain) and the reply that holds against it. `None` for N = 1
        /// (no move connects) or when the player has no move at all. The
        /// reply is `None` when the opponent has no legal move after the
        /// first move: the game ends there in a draw.
        refutation: Option<(Hole, Option<Hole>)>,
    },
}

/// The answer for one move of the player in a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AfterMove {
    /// The move completed the chain.
    Connected,
    /// The player still wins within the moves left, whatever the reply.
    Wins,
    /// No moves are left and the chain is not complete.
    Unfinished,
    /// The reply that holds (a pass holding means every reply does; the
    /// hole given is then the one that blocks the nearest chain).
    Holds(Hole),
    /// The opponent has no legal move: the game ends in a draw there (no
    /// rule set has a pass).
    NoReply,
}

/// What [`solve`] found: the answer, the positions it visited and what
/// its ways of sharing effort did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The answer: the shortest win and its key move, or the defence that
    /// holds.
    pub answer: Solved,
    /// Positions visited.
    pub positions: u64,
    /// What the search did besides its answer.
    pub effort: Effort,
}

/// The answer of [`winning_keys`] or [`after_move`] with the positions it
/// visited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched<T> {
    /// The answer.
    pub answer: T,
    /// Positions visited.
    pub positions: u64,
}

/// Whether the search may answer for `player` to move in `pos`.
fn covered(pos: &Position, player: Player, moves: u32) -> Result<(), Undecided> {
    if pos.status() != Status::Ongoing {
        return Err(Undecided::GameOver(pos.status()));
    }
    if pos.to_move() != player {
        return Err(Undecided::NotToMove {
            player,
            to_move: pos.to_move(),
        });
    }
    if moves == 0 {
        return Err(Undecided::NoMoves);
    }
    rules_covered(pos)
}

/// Whether the rule set is one where the search is exact.
pub fn rules_covered(pos: &Position) -> Result<(), Undecided> {
    let rules = pos.rules();
    match rules.links {
        Linking::Automatic => {}
        Linking::Manual => return Err(Undecided::Rules("links: manual")),
        Linking::AutomaticEditable => return Err(Undecided::Rules("links: automatic-editable")),
    }
    if rules.removal != RemovalRule::None {
        return Err(Undecided::Rules(match rules.removal {
            RemovalRule::Links => "removal: links",
            _ => "removal: links-and-pegs",
        }));
    }
    if rules.removal_in_effect() != RemovalRule::None {
        return Err(Undecided::Rules(
            "a finite supply (pieces are taken off to be reused)",
        ));
    }
    if rules.swap != Swap::None && pos.ply() < 2 {
        return Err(Undecided::SwapPending);
    }
    Ok(())
}

/// The transposition table of a search: its own on one thread, or one
/// shared by its threads.
enum SolverTable<'m> {
    Own(Box<Table>),
    Shared(&'m SharedTable),
}

impl SolverTable<'_> {
    /// The search's own table, when it had one.
    fn into_own(self) -> Option<Box<Table>> {
        match self {
            SolverTable::Own(t) => Some(t),
            SolverTable::Shared(_) => None,
        }
    }

    fn evictions(&self) -> u64 {
        match self {
            SolverTable::Own(t) => t.evictions,
            SolverTable::Shared(t) => t.evictions(),
        }
    }
}

/// One search: its tables, kept across the iterations of deepening.
struct Solver<'m> {
    attacker: Player,
    keys: Keys,
    table: SolverTable<'m>,
    meter: &'m mut Meter,
    /// The bound's buffers for the defender's own chains.
    defender_costs: Costs,
    defender_through: Vec<u32>,
    costs: Costs,
    through: Vec<u32>,
    history: Arc<History>,
    replies: Vec<HoleIndex>,
    ends: Vec<u64>,
    ran_out: u64,
    /// Times a thread sharing the root's first moves stopped for an
    /// earlier move proved.
    cancelled: u64,
    tuning: Tuning,
    own_links_cross: bool,
    chains: Chains,
    /// The buffers of the search for the defender's chain.
    rival_chains: Chains,
    knowledge: bool,
    spare: Vec<Position>,
    played: Played,
    zone_costs: Vec<u32>,
    zone_skips: u64,
    defender_connections: u64,
    /// The root's first moves worth trying, once worked out.
    root_moves: Option<RootMoves>,
}

/// The first moves the root tries ([`plausible_first_moves`]): the root's
/// `key`, so that no other position is taken for it, the holes of the
/// moves kept, and how many moves were left out. The root is the position
/// a deepening was asked of; where one solver deepens at many positions
/// (a short win's proof, `short_proof.rs`), it is the first of them to
/// pass [`PLAUSIBLE_AFTER`], and the others have no such look. A move left
/// out is disproved at the position after it, whatever the search, so
/// the look is sound at any position of its key.
pub(crate) struct RootMoves {
    pub(crate) key: Key,
    pub(crate) moves: Zone,
    left_out: u64,
}

impl<'m> Solver<'m> {
    fn new(
        pos: &Position,
        attacker: Player,
        meter: &'m mut Meter,
        tuning: Tuning,
        table: SolverTable<'m>,
    ) -> Solver<'m> {
        Solver {
            attacker,
            keys: Keys::new(pos.geometry()),
            table,
            meter,
            defender_costs: Costs::guided(pos, attacker.opponent()),
            defender_through: Vec::new(),
            costs: Costs::guided(pos, attacker),
            through: Vec::new(),
            history: Arc::new(History::new(pos.geometry().slots())),
            replies: Vec::new(),
            ends: Vec::new(),
            ran_out: 0,
            cancelled: 0,
            tuning,
            own_links_cross: pos.rules().crossing == Crossing::Own,
            chains: Chains::default(),
            rival_chains: Chains::default(),
            knowledge: true,
            spare: Vec::new(),
            played: Played::by(attacker),
            zone_costs: Vec::new(),
            zone_skips: 0,
            defender_connections: 0,
            root_moves: None,
        }
    }

    fn search(&mut self) -> Search<'_> {
        Search {
            attacker: self.attacker,
            meter: self.meter,
            defender_costs: &mut self.defender_costs,
            defender_through: &mut self.defender_through,
            keys: &self.keys,
            table: match &mut self.table {
                SolverTable::Own(t) => TableRef::Own(t),
                SolverTable::Shared(t) => TableRef::Shared(t),
            },
            cancel: None,
            costs: &mut self.costs,
            through: &mut self.through,
            history: &self.history,
            replies: &mut self.replies,
            ends: &mut self.ends,
            ran_out: &mut self.ran_out,
            tuning: self.tuning,
            own_links_cross: self.own_links_cross,
            chains: &mut self.chains,
            rival_chains: &mut self.rival_chains,
            knowledge: self.knowledge,
            spare: &mut self.spare,
            played: &mut self.played,
            zone_costs: &mut self.zone_costs,
            zone_skips: &mut self.zone_skips,
            defender_connections: &mut self.defender_connections,
            reported: false,
            root_moves: self.root_moves.as_ref(),
        }
    }
}

fn stopped(meter: &Meter, stop: Stop) -> Undecided {
    match stop {
        Stop::Limit(limit) => Undecided::Limit {
            positions: meter.used(),
            limit,
        },
        // Allowances and cancellations are set and caught inside the
        // search only.
        Stop::Allowance | Stop::Cancelled => {
            unreachable!("a search stopped outside the moves its stop was set for")
        }
    }
}

/// What a search did besides its answer: how often its ways of sharing
/// effort came into play (docs/engine.md). Counts, not answers: they vary
/// with the [`SearchLimit`]'s threads and table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Effort {
    /// How many allowances of moves tried side by side ran out.
    pub ran_out: u64,
    /// How many times the full transposition table made room.
    pub evictions: u64,
    /// How many threads sharing the root's first moves stopped (mid-move
    /// or before taking the next) because an earlier move in the root's
    /// order was proved.
    pub cancelled: u64,
    /// How many attacker's moves a refuted move's zone refuted without
    /// search.
    pub zone_skips: u64,
    /// How many of the root's first moves the proof numbers' look
    /// disproved, left untried ([`Tuning::plausible_after`]).
    pub implausible: u64,
    /// How many turns the defender's virtual connection settled: an
    /// attacker's turn refuted, or a defender's reply found that holds
    /// ([`Tuning::defender_connection_from`]).
    pub defender_connections: u64,
}

/// Decides whether `player`, to move in `pos`, wins within `moves` of
/// their own moves against every defence, and finds the shortest such win
/// and a first move of it, or, when there is none, the defence that holds
/// against the most promising first move. The search stays within
/// `limit`; reaching it, or a question the search does not cover, is an
/// [`Undecided`].
pub fn solve(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: &SearchLimit,
) -> Result<Solution, Undecided> {
    covered(pos, player, moves)?;
    let mut meter = limit.meter();
    let mut effort = Effort::default();
    let answer = solve_with(pos, player, moves, limit, &mut meter, &mut effort)
        .map_err(|k| stopped(&meter, k))?;
    Ok(Solution {
        answer,
        positions: meter.used(),
        effort,
    })
}

fn solve_with(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: &SearchLimit,
    meter: &mut Meter,
    effort: &mut Effort,
) -> Result<Solved, Stop> {
    with_solver(pos, player, limit, meter, |solver| {
        let answer = deepen(solver, pos, player, moves, limit.threads());
        *effort = Effort {
            ran_out: solver.ran_out,
            evictions: solver.table.evictions(),
            cancelled: solver.cancelled,
            zone_skips: solver.zone_skips,
            defender_connections: solver.defender_connections,
            implausible: solver.root_moves.as_ref().map_or(0, |r| r.left_out),
        };
        answer
    })
}

/// Runs `f` with a solver for `player`'s wins from `pos`, its table the
/// limit's memory's (or a new one), given back however `f` ends.
fn with_solver<T>(
    pos: &Position,
    player: Player,
    limit: &SearchLimit,
    meter: &mut Meter,
    f: impl FnOnce(&mut Solver<'_>) -> T,
) -> T {
    let tuning = limit.tuning();
    let mut lent = Lent::from(limit, pos, player);
    let table = lent.table(limit.table_bytes(), limit.threads());
    let mut solver = Solver::new(pos, player, meter, tuning, table);
    let out = f(&mut solver);
    let own = solver.table.into_own();
    lent.give_back(own);
    out
}

/// Shards a table shared by threads is cut into: enough that two threads
/// seldom want the same one.
const SHARDS: usize = 64;

/// The tables one search uses: those of the limit's memory when it is
/// of this game and player ([`Memory`]), else new ones; given back to the
/// memory when the search ends, however it ends (all they hold is true).
struct Lent<'b> {
    memory: Option<&'b Memory>,
    tables: Tables,
}

impl<'b> Lent<'b> {
    fn from(limit: &'b SearchLimit, pos: &Position, player: Player) -> Lent<'b> {
        let memory = limit.memory();
        match memory.and_then(|m| m.lend(pos, player)) {
            Some(tables) => Lent { memory, tables },
            None => Lent {
                memory: None,
                tables: Tables::default(),
            },
        }
    }

    /// The table of a search on `threads` threads: one its threads share
    /// when it has more than one, else its own (no lock is ever taken on
    /// one thread).
    fn table(&mut self, table_bytes: usize, threads: usize) -> SolverTable<'_> {
        if threads > 1 {
            SolverTable::Shared(
                self.tables
                    .shared
                    .get_or_insert_with(|| SharedTable::new(table_bytes, SHARDS)),
            )
        } else {
            let own = self.tables.own.take();
            SolverTable::Own(own.unwrap_or_else(|| Box::new(Table::new(table_bytes))))
        }
    }

    /// Gives the tables back to the memory, with `own`, the search's own
    /// table when it had one.
    fn give_back(mut self, own: Option<Box<Table>>) {
        if own.is_some() {
            self.tables.own = own;
        }
        if let Some(m) = self.memory {
            m.keep(self.tables);
        }
    }
}

/// The rounds of deepening of [`solve`], then the refutation shown.
fn deepen(
    solver: &mut Solver<'_>,
    pos: &Position,
    player: Player,
    moves: u32,
    threads: usize,
) -> Result<Solved, Stop> {
    let geo = pos.geometry();
    let needed = pegs_needed(pos, player);
    let key = solver.keys.of(pos);
    // Iterative deepening: the shortest win first, and the positions
    // refuted with fewer moves are known when the next round meets them.
    for d in needed.max(1)..=moves {
        if solver.root_moves.is_none() && solver.meter.used() >= solver.tuning.plausible_after {
            solver.root_moves = Some(plausible_first_moves(solver, pos, player, key)?);
        }
        let won = if threads > 1 && d >= solver.tuning.shared_from {
            threads::root_round(solver, pos, key, d, threads)?
        } else {
            solver.search().attack(pos, key, d, None)?.map(|(m, _)| m)
        };
        if let Some(m) = won {
            return Ok(Solved::Wins {
                moves: d,
                key: geo.hole(m.get()),
            });
        }
    }
    if moves == 1 {
        return Ok(Solved::NoWin { refutation: None });
    }
    // The refutation of the most promising first move, for the message.
    let first = {
        let mut search = solver.search();
        let all = hole::free_holes(pos, player)
            .next()
            .map(|i| vec![i])
            .unwrap_or_default();
        search
            .attacker_moves(pos, moves, None)
            .filter(|m| !m.is_empty())
            .unwrap_or(all)
            .first()
            .copied()
    };
    let Some(first) = first else {
        return Ok(Solved::NoWin { refutation: None });
    };
    let mut search = solver.search();
    let child = search.play(pos, key, first)?;
    search.reported = true;
    let reply = match search.defend(&child.pos, child.key, moves - 1)? {
        Defence::Holds(Some(r)) => Some(r),
        Defence::Holds(None) => any_reply(&child.pos, player),
        Defence::Proved(_) => unreachable!("no first move wins, as the deepening showed"),
    };
    Ok(Solved::NoWin {
        refutation: Some((geo.hole(first.get()), reply.map(|r| geo.hole(r.get())))),
    })
}

/// The first moves of `player` (to move in `pos`, whose key is `key`)
/// that the proof numbers' look at the position after each does not
/// disprove: the rules' end, no chain left, or the defender's virtual
/// connection ([`pns::Pns::evaluate`]). A move so disproved never connects,
/// so it wins in no number of moves; on the bench's puzzles most first
/// moves are, and the deepening's rounds no longer refute each of them
/// again (docs/engine.md). Each position looked at is counted on the
/// search's meter.
fn plausible_first_moves(
    solver: &mut Solver<'_>,
    pos: &Position,
    player: Player,
    key: Key,
) -> Result<RootMoves, Stop> {
    let mut pns = pns::Pns::new(pos, player, solver.meter, PLAUSIBLE_TABLE_BYTES);
    pns.defender_connection = solver.tuning.secure_defender_connection;
    let root = pns.keys.of(pos);
    let mut moves = Zone::new(pos.geometry().slots());
    let mut left_out = 0;
    for hole in hole::free_holes(pos, player) {
        let (next, next_key) = pns.play(pos, root, hole)?;
        if pns.evaluate(&next, next_key).1 != 0 {
            moves.insert(hole);
        } else {
            left_out += 1;
        }
    }
    Ok(RootMoves {
        key,
        moves,
        left_out,
    })
}

/// The positions a search counts before its root looks at each first move
/// ([`plausible_first_moves`]): the look costs up to 0.2 ms a first move
/// (both sides' chains looked for), which doubled a bench win in 5 of
/// 3,192 positions when made in its first round.
const PLAUSIBLE_AFTER: u64 = 2_000;

/// The table of [`plausible_first_moves`]: a position's worth of entries.
const PLAUSIBLE_TABLE_BYTES: usize = 1 << 16;

/// A reply for a line where every reply holds: the one on the player's
/// cheapest chain, so the line shown is a sensible defence.
/// `None` when the opponent has no legal move (the game is a draw there).
fn any_reply(pos: &Position, player: Player) -> Option<HoleIndex> {
    let through = through_costs(pos, player);
    hole::free_holes(pos, player.opponent()).min_by_key(|&i| (through[i], i))
}

/// Every first move of `player` that wins within `moves`, in board order
/// (a puzzle's key move and its cooks).
pub fn winning_keys(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: &SearchLimit,
) -> Result<Searched<Vec<Hole>>, Undecided> {
    covered(pos, player, moves)?;
    let mut meter = limit.meter();
    let keys = keys_with(pos, player, moves, limit, &mut meter).map_err(|k| stopped(&meter, k))?;
    Ok(Searched {
        answer: keys,
        positions: meter.used(),
    })
}

fn keys_with(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: &SearchLimit,
    meter: &mut Meter,
) -> Result<Vec<Hole>, Stop> {
    let geo = pos.geometry();
    let threads = limit.threads();
    let candidates: Vec<HoleIndex> = hole::free_holes(pos, player).collect();
    let won = with_solver(pos, player, limit, meter, |solver| {
        let key = solver.keys.of(pos);
        // Deepening per move would search each again; the table carries
        // what the first moves share.
        if threads > 1 && moves >= solver.tuning.shared_from {
            return threads::winning_moves(solver, pos, key, moves, &candidates, threads);
        }
        let mut won = Vec::new();
        for &m in &candidates {
            if solver.search().first_move_wins(pos, key, moves, m)? {
                won.push(m);
            }
        }
        Ok(won)
    });
    let mut won: Vec<Hole> = won?.into_iter().map(|m| geo.hole(m.get())).collect();
    won.sort();
    Ok(won)
}

/// After a move of `player` (`pos` is the position it made, the opponent
/// to move): did it connect, or does `player` still win within `left`
/// more moves against every reply, and if not, which reply holds?
pub fn after_move(
    pos: &Position,
    player: Player,
    left: u32,
    limit: &SearchLimit,
) -> Result<Searched<AfterMove>, Undecided> {
    rules_covered(pos)?;
    if matches!(pos.status(), Status::Won { winner, .. } if winner == player) {
        return Ok(Searched {
            answer: AfterMove::Connected,
            positions: 0,
        });
    }
    if pos.status() != Status::Ongoing {
        return Err(Undecided::GameOver(pos.status()));
    }
    if pos.to_move() != player.opponent() {
        return Err(Undecided::NotToMove {
            player: player.opponent(),
            to_move: pos.to_move(),
        });
    }
    if left == 0 {
        return Ok(Searched {
            answer: AfterMove::Unfinished,
            positions: 0,
        });
    }
    let mut meter = limit.meter();
    let answer =
        after_with(pos, player, left, limit, &mut meter).map_err(|k| stopped(&meter, k))?;
    Ok(Searched {
        answer,
        positions: meter.used(),
    })
}

fn after_with(
    pos: &Position,
    player: Player,
    left: u32,
    limit: &SearchLimit,
    meter: &mut Meter,
) -> Result<AfterMove, Stop> {
    let geo = pos.geometry();
    // The defender gets `left` replies here, the first one now.
    let tuning = limit.tuning();
    let threads = limit.threads();
    let defence = with_solver(pos, player, limit, meter, |solver| {
        let key = solver.keys.of(pos);
        if threads > 1 && left >= tuning.shared_from {
            threads::defend_root(solver, pos, key, left, threads)
        } else {
            let mut search = solver.search();
            search.reported = true;
            search.defend(pos, key, left)
        }
    });
    Ok(match defence? {
        Defence::Proved(_) => AfterMove::Wins,
        Defence::Holds(Some(r)) => AfterMove::Holds(geo.hole(r.get())),
        Defence::Holds(None) => match any_reply(pos, player) {
            Some(r) => AfterMove::Holds(geo.hole(r.get())),
            None => AfterMove::NoReply,
        },
    })
}

/// The moves `player` wins in by a chain of double links, found without
/// search (docs/engine.md, "a chain of double links wins without
/// search"): its pegs join its borders except for gaps that each close
/// with either of two holes, and no defender peg can take both. At most
/// `cap` gaps; with `player` to move one gap may have a single hole,
/// closed first. `None` when the solver's connection knowledge finds no
/// such chain (a win may still exist).
pub fn double_link_win(pos: &Position, player: Player, cap: u32) -> Option<u32> {
    double_link_chain(pos, player, cap).map(|c| c.gaps)
}

/// As [`double_link_win`], with whether two of the chain's gaps share a
/// hole of their carriers (so that the proof needed the game of
/// intrusions into them, docs/engine.md): `(gaps, shared)`.
pub fn double_link_win_shared(pos: &Position, player: Player, cap: u32) -> Option<(u32, bool)> {
    double_link_chain(pos, player, cap).map(|c| (c.gaps, c.shared))
}

fn double_link_chain(pos: &Position, player: Player, cap: u32) -> Option<connection::Connection> {
    if rules_covered(pos).is_err() || pos.status() != Status::Ongoing {
        return None;
    }
    let to_move = pos.to_move() == player;
    let chain = Chains::default().find(pos, player, cap, to_move, None)?;
    // The chain wins only if the defender has a move at each of its turns
    // before the last gap closes: a side with no legal move ends the game
    // in a draw. Each move of either side takes at most one of the
    // defender's holes, and its k-th turn comes after 2k - 1 moves (the
    // attacker first) or 2k - 2 (the defender first).
    let g = chain.gaps as usize;
    let needed = if to_move {
        2 * g.saturating_sub(1)
    } else {
        (2 * g).saturating_sub(1)
    };
    (pos.free_hole_count(player.opponent()) >= needed).then_some(chain)
}

/// The answer to "is `player`'s connection secure": do they connect
/// however long it takes, whatever the opponent does ([`secures`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Secure {
    /// The connection is secure. With the player to move, `key` is a
    /// first move that keeps it; `None` with the opponent to move.
    Secured {
        /// A first move that keeps the connection secure.
        key: Option<Hole>,
    },
    /// Not secure. With the player to move, `attempt` is their most
    /// plausible first move (on their cheapest chain) and `defence` the
    /// reply that holds against it; with the opponent to move, `attempt`
    /// is `None` and `defence` the move that breaks the connection.
    /// `defence` is `None` when the game ends in a draw there (no legal
    /// move for the side to reply).
    Breaks {
        /// The player's first move refuted.
        attempt: Option<Hole>,
        /// The opponent's move that holds.
        defence: Option<Hole>,
    },
}

/// Moves within which [`secures`] first looks for a win by the exact
/// search.
pub const SHORT_WIN_MOVES: u32 = 9;
/// The share of its limit that look may take: five eighths. On the
/// bench's corner puzzles the exact search proves every win within 9
/// moves it finds sooner than the proof numbers do, and a win in 7 of 28
/// pegs needs more than half of the bench's limit (docs/solver.md,
/// "Figures").
const SHORT_WIN_SHARE: (u64, u64) = (5, 8);

/// What [`secures`] found: the answer and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecureSolution {
    /// Secure, or the defence that holds.
    pub answer: Secure,
    /// Positions visited.
    pub positions: u64,
    /// Bytes the proof-number table held at the end.
    pub table_bytes: usize,
    /// Table entries dropped to make room.
    pub evictions: u64,
}

/// Decides whether `player` connects from `pos` however many moves it
/// takes, whatever the opponent does: a "secure connection", the claim of
/// published puzzles that give no length. Either player may be to move.
/// Depth-first proof-number search (`pns.rs`, docs/solver.md) with
/// virtual connections proved without search and the defender's replies
/// confined to their carriers; exact under the rule sets [`solve`]
/// covers. The threads of `limit` decide the root's moves (`pns_threads.rs`):
/// the answer is the earliest in the root's order, the same with any
/// number of threads. The positions and time of `limit` bound them all,
/// its table bytes each thread's table; reaching a limit is
/// [`Undecided::Limit`].
pub fn secures(
    pos: &Position,
    player: Player,
    limit: &SearchLimit,
) -> Result<SecureSolution, Undecided> {
    secures_inner(pos, player, limit, false).map(|(s, _)| s)
}

/// As [`secures`], with a proof of a secure connection ([`ProofNode`]) that
/// [`check_proof`] replays by the rules alone. The proof is `None` only
/// where the short win of the exact search answered and its proof could
/// not be built within a share of what the limit leaves (four times the
/// short win's positions, at least [`PROOF_POSITIONS`]).
pub fn secures_with_proof(
    pos: &Position,
    player: Player,
    limit: &SearchLimit,
) -> Result<(SecureSolution, Option<ProofNode>), Undecided> {
    secures_inner(pos, player, limit, true)
}

/// As [`solve`] for a win within `moves`, with the proof of the shortest
/// win found ([`ProofNode`], replayed by [`check_proof`]): built from the
/// exact search's winning move at each of the attacker's turns within the
/// moves left, every defence outside the attacker's virtual connection
/// answered, each line ending where a virtual connection stands. The proof
/// is `None` when the win is proved but its tree does not fit in what the
/// limit leaves (at least [`PROOF_POSITIONS`] positions, or four times the
/// win's), or when there is no win.
pub fn wins_with_proof(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: &SearchLimit,
) -> Result<(Solution, Option<ProofNode>), Undecided> {
    let started = std::time::Instant::now();
    let memory = memory_for(limit, pos, player);
    let solution = solve(
        pos,
        player,
        moves,
        &limit.clone().with_memory(memory.clone()),
    )?;
    let Solved::Wins {
        key,
        moves: shortest,
    } = solution.answer
    else {
        return Ok((solution, None));
    };
    let share = limit.part(
        solution.positions.saturating_mul(4).max(PROOF_POSITIONS),
        // At least a second: the search may have spent the whole limit.
        limit.time().map(|t| {
            t.saturating_sub(started.elapsed())
                .max(std::time::Duration::from_secs(1))
        }),
    );
    let (proof, _) = short_proof::short_win_proof(pos, player, key, shortest, &share, memory);
    Ok((solution, proof))
}

/// The memory a short win's search and the building of its proof share:
/// the limit's when it is of `player`'s wins, else a new one.
fn memory_for(limit: &SearchLimit, pos: &Position, player: Player) -> Memory {
    match limit.memory() {
        Some(m) if m.player() == player => m.clone(),
        _ => Memory::new(pos, player),
    }
}

/// The fewest positions the building of a short win's proof may take
/// ([`secures_with_proof`], [`wins_with_proof`]), what the limit leaves
/// allowing: the proofs of the bench's wins in 5 need up to 280,000.
pub const PROOF_POSITIONS: u64 = 300_000;

fn secures_inner(
    pos: &Position,
    player: Player,
    limit: &SearchLimit,
    want_proof: bool,
) -> Result<(SecureSolution, Option<ProofNode>), Undecided> {
    if pos.status() != Status::Ongoing {
        return Err(Undecided::GameOver(pos.status()));
    }
    rules_covered(pos)?;
    // A short win is found far sooner by the exact search's deepening
    // than by proof numbers (docs/solver.md): it goes first, on a share of
    // the limit, and its win is a secure connection.
    let started = std::time::Instant::now();
    let mut short_positions = 0;
    if pos.to_move() == player && limit.tuning().secure_short_win {
        // Its proof is built on the table it leaves (`short_proof.rs`). On
        // one thread: with more, the exact search may report another of
        // several shortest wins (docs/engine.md, "Threads"), and the answer
        // must not depend on the threads.
        let memory = memory_for(limit, pos, player);
        let (num, den) = SHORT_WIN_SHARE;
        let short = limit
            .part(
                limit.max_positions() / den * num,
                limit.time().map(|t| t / den as u32 * num as u32),
            )
            .with_memory(memory.clone())
            .with_threads(1);
        match solve(pos, player, SHORT_WIN_MOVES, &short) {
            Ok(Solution {
                answer: Solved::Wins { key, moves },
                positions,
                ..
            }) => {
                let mut proof_positions = 0;
                let proof = if want_proof {
                    let share = short.part(
                        positions
                            .saturating_mul(4)
                            .max(PROOF_POSITIONS)
                            .min(limit.max_positions().saturating_sub(positions)),
                        limit.time().map(|t| t.saturating_sub(started.elapsed())),
                    );
                    // The exact search's own win first; the proof numbers
                    // where that tree does not fit in the share.
                    let (proof, used) =
                        short_proof::short_win_proof(pos, player, key, moves, &share, memory);
                    proof_positions = used;
                    if proof.is_some() {
                        proof
                    } else {
                        let share = share.part(
                            share.max_positions().saturating_sub(used),
                            share.time().map(|t| t.saturating_sub(started.elapsed())),
                        );
                        let mut meter = share.meter();
                        let mut pns = pns_threads::Setup::of(&share).pns(pos, player, &mut meter);
                        let k = HoleIndex::new(pos.geometry().index(key));
                        let proof = proof_of(&mut pns, pos, Some(k)).ok().flatten();
                        drop(pns);
                        proof_positions += meter.used();
                        proof
                    }
                } else {
                    None
                };
                return Ok((
                    SecureSolution {
                        answer: Secure::Secured { key: Some(key) },
                        positions: positions + proof_positions,
                        table_bytes: 0,
                        evictions: 0,
                    },
                    proof,
                ));
            }
            Ok(Solution { positions, .. }) | Err(Undecided::Limit { positions, .. }) => {
                short_positions = positions;
            }
            Err(_) => {}
        }
    }
    let limit = &limit.part(
        limit.max_positions().saturating_sub(short_positions),
        limit.time().map(|t| t.saturating_sub(started.elapsed())),
    );
    let mut meter = limit.meter();
    let found = pns_threads::secure(
        pos,
        player,
        &mut meter,
        pns_threads::Setup::of(limit),
        limit.threads(),
        want_proof,
    )
    .map_err(|k| stopped(&meter, k))?;
    Ok((
        SecureSolution {
            answer: found.answer,
            positions: short_positions + meter.used(),
            table_bytes: found.table_bytes,
            evictions: found.evictions,
        },
        found.proof,
    ))
}

/// The dead holes of `pos` in board order: empty holes where no side that
/// may play them could ever link a peg (`dead.rs`). Public for the tests.
#[doc(hidden)]
pub fn dead_holes(pos: &Position) -> Vec<Hole> {
    let geo = pos.geometry();
    (0..geo.slots())
        .filter(|&s| geo.hole_flags(s) & crate::geometry::flag::EXISTS != 0)
        .filter(|&s| pos.cell(s) & crate::position::COLOUR == 0 && dead::is_dead(pos, s))
        .map(|s| geo.hole(s))
        .collect()
}

/// Every first move of `player` (to move in `pos`) that secures the
/// connection, in board order: a no-length claim's key move and its
/// cooks. The proof numbers decide each first move to the end, on the
/// threads of `limit` (each keeping one table for the moves it decides:
/// the positions after two first moves often meet), within `limit` for all
/// of them together; reaching it is [`Undecided::Limit`]. The list is the
/// same with any number of threads.
pub fn secure_keys(
    pos: &Position,
    player: Player,
    limit: &SearchLimit,
) -> Result<Searched<Vec<Hole>>, Undecided> {
    covered(pos, player, 1)?;
    let geo = pos.geometry();
    let mut meter = limit.meter();
    let keys = pns_threads::secure_keys(
        pos,
        player,
        &mut meter,
        pns_threads::Setup::of(limit),
        limit.threads(),
    )
    .map_err(|k| stopped(&meter, k))?;
    let mut keys: Vec<Hole> = keys.into_iter().map(|m| geo.hole(m.get())).collect();
    keys.sort();
    Ok(Searched {
        answer: keys,
        positions: meter.used(),
    })
}

/// The proof of a secure connection from `pos`: with the attacker to move
/// and a key move given, that move first (a virtual connection at the
/// root is its own proof).
fn proof_of(
    pns: &mut pns::Pns<'_>,
    pos: &Position,
    key: Option<HoleIndex>,
) -> Result<Option<ProofNode>, Stop> {
    let root = pns.keys.of(pos);
    let Some(k) = key.filter(|_| pos.to_move() == pns.attacker) else {
        return pns.proof(pos, root);
    };
    let geo = pos.geometry();
    if let Some(t) = pns.root_template(pos)
        && t.first == Some(geo.hole(k.get()))
    {
        return Ok(Some(ProofNode::Template(t)));
    }
    let (after, akey) = pns.play(pos, root, k)?;
    Ok(pns.proof(&after, akey)?.map(|next| ProofNode::Move {
        hole: geo.hole(k.get()),
        next: Box::new(next),
    }))
}

fn secure_with(pns: &mut pns::Pns<'_>, pos: &Position, player: Player) -> Result<Secure, Stop> {
    let geo = pos.geometry();
    let to_move = pos.to_move() == player;
    let key = pns.keys.of(pos);
    let (mut pn, mut dn) = pns.evaluate(pos, key);
    if pn != 0 && dn != 0 {
        (pn, dn) = pns.mid(pos, key, pns::INF, pns::INF)?;
    }
    debug_assert!(pn == 0 || dn == 0, "an unbounded search ends decided");
    let moves = if pn == 0 && !to_move {
        Vec::new()
    } else {
        pns.moves(pos)
    };
    if pn == 0 {
        if !to_move {
            return Ok(Secure::Secured { key: None });
        }
        // A virtual connection proved at the root: its first move.
        if let Some((_, first)) = pns.virtual_connection(pos, true) {
            return Ok(Secure::Secured {
                key: Some(geo.hole(first.get())),
            });
        }
        let key = settled_child(pns, pos, key, &moves, true)?;
        return Ok(Secure::Secured {
            key: key.map(|h| geo.hole(h.get())),
        });
    }
    if !to_move {
        let defence = settled_child(pns, pos, key, &moves, false)?;
        return Ok(Secure::Breaks {
            attempt: None,
            defence: defence.map(|h| geo.hole(h.get())),
        });
    }
    // The most plausible first move, and the reply that holds against it.
    let Some(&attempt) = moves.first() else {
        return Ok(Secure::Breaks {
            attempt: None,
            defence: None,
        });
    };
    let (child, ckey) = pns.play(pos, key, attempt)?;
    let replies = if child.status() == Status::Ongoing {
        pns.moves(&child)
    } else {
        Vec::new()
    };
    let mut defence = settled_child(pns, &child, ckey, &replies, false)?;
    if defence.is_none() {
        // Every reply holds (the player can no longer connect): the one on
        // the player's cheapest chain.
        defence = any_reply(&child, player);
    }
    Ok(Secure::Breaks {
        attempt: Some(geo.hole(attempt.get())),
        defence: defence.map(|h| geo.hole(h.get())),
    })
}

/// The first of `moves` from `pos` that is proved (`proved`) or disproved
/// for the attacker, from the table or searched again when it was dropped.
fn settled_child(
    pns: &mut pns::Pns<'_>,
    pos: &Position,
    key: table::Key,
    moves: &[HoleIndex],
    proved: bool,
) -> Result<Option<HoleIndex>, Stop> {
    let settled = |(pn, dn): (u32, u32)| if proved { pn == 0 } else { dn == 0 };
    let mut children = Vec::with_capacity(moves.len());
    for &m in moves {
        let (next, k) = pns.play(pos, key, m)?;
        if settled(pns.evaluate(&next, k)) {
            return Ok(Some(m));
        }
        children.push((m, next, k));
    }
    for (m, next, k) in children {
        let v = pns.evaluate(&next, k);
        let v = if v.0 == 0 || v.1 == 0 {
            v
        } else {
            pns.mid(&next, k, pns::INF, pns::INF)?
        };
        if settled(v) {
            return Ok(Some(m));
        }
    }
    Ok(None)
}
