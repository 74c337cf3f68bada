//! A game position under a rule set: pegs, links, whose turn, and the result.
//!
//! State is one byte per hole slot (peg colour, the border flags of its
//! union-find component, and the four "forward" link bits, see
//! [`crate::geometry`]), a union-find parent per slot, and two bits per link
//! naming the colours of the links that cross it. The tables that do not
//! change during a game live in a shared [`Geometry`].

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::Arc;

use super::dead_draw;
pub use super::dead_draw::DeadDrawRule;
use crate::board::{BoardSize, Hole, Player};
use crate::free_holes::FreeHoles;
use crate::geometry::{Geometry, NONE, flag};
use crate::link::Link;
use crate::moves::{Move, Placement, Removal};
use crate::rules::{Crossing, Linking, RemovalRule, RuleSet, RuleSetError, Swap};
use crate::setup::Setup;
use crate::setup::SetupProblem;

// Layout of a cell byte.
pub(crate) const COLOUR: u8 = 0b11;
const RED: u8 = 1;
const BLACK: u8 = 2;
/// Set on a union-find root whose component touches the owner's first / second border row.
const REACH_START: u8 = 4;
const REACH_END: u8 = 8;
const REACH_BOTH: u8 = REACH_START | REACH_END;
/// Link bit for forward direction `d` is `LINK0 << d`.
const LINK0: u8 = 16;
const LINKS: u8 = 0xF0;

pub(crate) fn colour_bits(p: Player) -> u8 {
    match p {
        Player::Red => RED,
        Player::Black => BLACK,
    }
}

fn playable_flag(p: Player) -> u8 {
    match p {
        Player::Red => crate::geometry::flag::PLAYABLE_RED,
        Player::Black => crate::geometry::flag::PLAYABLE_BLACK,
    }
}

fn colour_player(bits: u8) -> Option<Player> {
    match bits & COLOUR {
        RED => Some(Player::Red),
        BLACK => Some(Player::Black),
        _ => None,
    }
}

#[inline]
fn link_bit(id: usize) -> u8 {
    LINK0 << (id & 3)
}

/// How a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinBy {
    /// The winner's chain joined their two border rows.
    Connection,
    /// The loser resigned.
    Resignation,
}

/// Where the game stands. `ply` is the number of moves played when it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// One player has won.
    Won {
        /// The player who won.
        winner: Player,
        /// Moves played when the game ended.
        ply: u32,
        /// How the game was won.
        by: WinBy,
    },
    /// Drawn by agreement (an accepted draw offer).
    Drawn {
        /// Moves played when the game ended.
        ply: u32,
    },
}

impl Status {
    /// The outcome without its move: `ongoing`, `red won by connection`,
    /// `drawn by agreement` (a script numbers its moves from its setup,
    /// while the position's count includes the setup's pegs).
    pub fn outcome(&self) -> String {
        match *self {
            Status::Ongoing => "ongoing".to_string(),
            Status::Won { winner, by, .. } => {
                let how = match by {
                    WinBy::Connection => "connection",
                    WinBy::Resignation => "resignation",
                };
                format!("{winner} won by {how}")
            }
            Status::Drawn { .. } => "drawn by agreement".to_string(),
        }
    }
}

impl fmt::Display for Status {
    /// `ongoing`, `red won by connection at move 31`, `drawn by agreement at move 60`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Status::Ongoing => f.write_str("ongoing"),
            Status::Won { ply, .. } | Status::Drawn { ply } => {
                write!(f, "{} at move {ply}", self.outcome())
            }
        }
    }
}

/// What a successful move changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The player who made the move.
    pub mover: Player,
    /// Links put on the board (automatically or as chosen), in the order added.
    pub links_added: Vec<Link>,
    /// Links taken off: removed on purpose, or with a removed peg.
    pub links_removed: Vec<Link>,
    /// Pegs taken off (a removed own peg, or the peg a mirror swap replaces).
    pub pegs_removed: Vec<Hole>,
}

impl Played {
    /// An empty record of a move by `mover`, to fill with [`Position::play_into`].
    pub fn by(mover: Player) -> Played {
        Played {
            mover,
            links_added: Vec::new(),
            links_removed: Vec::new(),
            pegs_removed: Vec::new(),
        }
    }
}

/// Why a move is illegal. The position is unchanged when a move is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game has already ended; the value is its result.
    #[error("the game is already over: {0}")]
    GameOver(Status),
    /// A hole the move names is off the board or a missing corner.
    #[error("{hole} is not a hole of the {size} board (off the board or a corner)")]
    NoSuchHole {
        /// The hole the move named.
        hole: Hole,
        /// The board size.
        size: BoardSize,
    },
    /// The hole for the new peg already holds a peg.
    #[error("{hole} is occupied by a {by} peg")]
    Occupied {
        /// The hole the move named.
        hole: Hole,
        /// The owner of the peg there.
        by: Player,
    },
    /// The hole for the new peg is in the opponent's border row.
    #[error("{player} may not place at {hole}: it is in {opponent}'s border row", opponent = player.opponent())]
    OpponentBorder {
        /// The hole the move named.
        hole: Hole,
        /// The player who moved.
        player: Player,
    },
    /// The ends of a chosen link are not a knight's move apart.
    #[error("{a} and {b} are not a knight's move apart, so no link can join them")]
    NotKnightStep {
        /// One end the move named.
        a: Hole,
        /// The other end.
        b: Hole,
    },
    /// An end of a chosen link holds no peg of the mover's (nor is it the new peg's hole).
    #[error("link {link}: {hole} does not hold a {player} peg")]
    LinkEndNotYours {
        /// The link the move named.
        link: Link,
        /// The end without a peg of the mover's.
        hole: Hole,
        /// The player who moved.
        player: Player,
    },
    /// A chosen link is already on the board, or named twice in the move.
    #[error("link {0} is already on the board")]
    LinkExists(Link),
    /// A chosen link crosses a link that the crossing rule forbids it to cross.
    #[error("link {link} crosses the link {blocker}, which the rules ({rule}) forbid")]
    Crosses {
        /// The link the move named.
        link: Link,
        /// The link it crosses: one on the board, or one named earlier in the move.
        blocker: Link,
        /// The crossing rule, in words.
        rule: &'static str,
    },
    /// The move removes a link that is not on the board.
    #[error("cannot remove link {0}: there is no such link on the board")]
    RemoveLinkAbsent(Link),
    /// The move removes an opponent's link.
    #[error("cannot remove link {link}: it belongs to {owner}")]
    RemoveLinkNotYours {
        /// The link the move named.
        link: Link,
        /// The player the link belongs to.
        owner: Player,
    },
    /// The move removes a peg from an empty hole.
    #[error("cannot remove a peg at {0}: the hole is empty")]
    RemovePegAbsent(Hole),
    /// The move removes an opponent's peg.
    #[error("cannot remove the peg at {hole}: it belongs to {owner}")]
    RemovePegNotYours {
        /// The hole the move named.
        hole: Hole,
        /// The player the peg belongs to.
        owner: Player,
    },
    /// The removal rule does not allow the removal, and no used-up supply
    /// calls for it.
    #[error(
        "removing {what} is not allowed by the rules (removal: {})",
        allowed.word()
    )]
    RemovalNotAllowed {
        /// What the move removes, in words (`link e4-f6`, `the peg at e4`).
        what: String,
        /// The removal rule (named in the message as a rule file names it:
        /// `none`, `links`, `links-and-pegs`).
        allowed: RemovalRule,
    },
    /// The move names links, but the rule set links automatically.
    #[error("links were given, but under automatic linking the engine adds the links")]
    LinksUnderAutomatic,
    /// The move is a swap, but the rule set has no swap.
    #[error("swap is not part of these rules")]
    SwapNotInRules,
    /// The move is a swap, but not the second move of the game (after the
    /// opponent's single peg).
    #[error(
        "swap is only allowed as the second move of the game (this would be move {move_number})"
    )]
    SwapNotNow {
        /// The number the swap would have as a move (one-based).
        move_number: u32,
    },
    /// Under the mirror swap, the mover may not place a peg at the mirrored hole.
    #[error("mirror swap: the mirrored hole {hole} is not playable by {player}")]
    MirrorUnplayable {
        /// The mirrored hole.
        hole: Hole,
        /// The player who swapped.
        player: Player,
    },
    /// The move accepts a draw, but no draw offer stands; the value is the
    /// opponent, who would have had to offer it.
    #[error("there is no draw offer by {0} standing to accept")]
    NoDrawOffer(Player),
    /// All of the mover's pegs are on the board and the move takes none of them off.
    #[error(
        "{player} has no pegs left (all {supply} are on the board): reuse one by taking an own peg off in the same move, as in `-e4 f6`"
    )]
    NoPegsLeft {
        /// The player who moved.
        player: Player,
        /// The pegs each player has under the rule set.
        supply: u16,
    },
    /// The move names more links than the mover has left.
    #[error("{player} names {wanted} links but has {left} left (supply {supply})")]
    NoLinksLeft {
        /// The player who moved.
        player: Player,
        /// The number of links the move names.
        wanted: usize,
        /// The links the mover has off the board.
        left: u32,
        /// The links each player has under the rule set.
        supply: u16,
    },
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for MoveError {
    fn is_usage(&self) -> bool {
        false
    }
}

fn crossing_rule(c: Crossing) -> &'static str {
    match c {
        Crossing::None => "crossing none: no link may cross another",
        Crossing::Own => "crossing own: links of different colours may not cross",
    }
}

/// A position reached by legal play (or checked from a [`Setup`]).
///
/// ```
/// use twixt_core::{Move, Player, Position, RuleSet, Status};
///
/// let mut pos = Position::new(RuleSet::dujardin()).unwrap();
/// pos.play(&Move::peg("e5".parse().unwrap())).unwrap();
/// // Black may not play in Red's border rows (rows 1 and 24).
/// let refused = pos.play(&Move::peg("j1".parse().unwrap())).unwrap_err();
/// assert!(refused.to_string().contains("border row"));
/// assert_eq!(pos.to_move(), Player::Black);
/// assert_eq!(pos.status(), Status::Ongoing);
/// ```
#[derive(Clone)]
pub struct Position {
    geo: Arc<Geometry>,
    rules: RuleSet,
    /// One byte per hole slot; see the layout constants above.
    cells: Vec<u8>,
    /// Union-find over pegs: each colour's components stay separate because
    /// only same-colour pegs are ever linked.
    parent: Vec<u16>,
    /// Two bits per link id: the colours (`RED`, `BLACK`) of existing links
    /// that cross it, so "is this link forbidden" is one lookup.
    crossed: Vec<u64>,
    first: Player,
    /// Whose turn, the move count, the result, the draw offer and the
    /// supply counts: one value, so that the undo log saves and restores
    /// them as one copy.
    scalars: Scalars,
    /// What [`crate::state::GameState::undo`] needs to take moves back:
    /// `None` until a move is played through that interface (a plain
    /// [`Position::play`] drops it, as it records nothing).
    undo: Option<Box<UndoLog>>,
}

/// The scalar state a move changes (the undo log saves it before each
/// move).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scalars {
    to_move: Player,
    ply: u32,
    status: Status,
    /// The player whose draw offer stands (made on their last move).
    draw_offer: Option<Player>,
    /// Pegs and links of each colour on the board (Red, Black), for a
    /// finite supply.
    pegs_on_board: [u32; 2],
    links_on_board: [u32; 2],
}

/// How one recorded move is taken back.
#[derive(Debug, Clone, Copy)]
enum UndoKind {
    /// Nothing on the board changed (a resignation, an accepted draw).
    Scalars,
    /// A placement without removals at `slot`: the links it added stand
    /// in `UndoLog::journal[journal_from..]`. The hole was empty (a zero
    /// byte, its own parent), so the peg itself needs no entry.
    Place { slot: u16, journal_from: u32 },
    /// A rare move (removals, a swap): the board before it is kept whole,
    /// the last entry of `UndoLog::snapshots[..snapshots_used]`.
    Snapshot,
}

/// The moves played through [`crate::state::GameState`], newest last,
/// with what taking them back and picking the next one need.
#[derive(Debug, Clone)]
pub(crate) struct UndoLog {
    /// Per recorded move: the scalars before it, and how to take back
    /// what it did on the board.
    entries: Vec<(Scalars, UndoKind)>,
    /// The links recorded placements added, in the order added, with
    /// what each changed: undo takes them back in reverse, so every word
    /// (union-find included) comes back exactly as it was.
    journal: Vec<LinkWrite>,
    /// Boards before rare moves; the first `snapshots_used` are live, the
    /// rest are kept so that their vectors are reused.
    snapshots: Vec<Position>,
    snapshots_used: usize,
    /// The free holes, kept with the board, so that counting and picking
    /// them costs a few words.
    free: FreeHoles,
    /// The record a rare move fills (a recorded placement fills none),
    /// reused from move to move.
    played: Played,
}

impl UndoLog {
    fn of(pos: &Position) -> UndoLog {
        // Room for a long game's records up front (one journal entry per
        // link, four link ids per slot): no growth while warm.
        let slots = pos.cells.len();
        UndoLog {
            entries: Vec::with_capacity(slots),
            journal: Vec::with_capacity(slots * 4),
            snapshots: Vec::new(),
            snapshots_used: 0,
            free: FreeHoles::of(pos),
            played: Played::by(pos.scalars.to_move),
        }
    }
}

/// A link a recorded placement added, with what undo needs to take it
/// back: eight bytes, one entry per link.
#[derive(Debug, Clone, Copy)]
struct LinkWrite {
    /// The link; its bit in its cell was clear before.
    id: u16,
    /// Bit `k` is set when the link set its colour bit in the crossing
    /// word of `crossers(id)[k]` (the bit was clear before). Undo clears
    /// exactly those bits, by the same geometry that set them.
    fresh: u16,
    /// The union-find root the link put under the other end's root, or
    /// [`NONE`] when both ends were in one chain already. Undo makes it a
    /// root again: its parent is still the other root, as recorded play
    /// shortens no paths.
    root: u16,
    /// The border flags of the other root before the link joined them.
    reach: u8,
}

/// Where the board's writers note what undo needs. A plain
/// [`Position::play`] passes [`NoJournal`], whose method is empty and
/// compiles away: its code is what it was without a journal.
trait Journal {
    /// Whether finds shorten the union-find's paths. Recorded play does
    /// not: then the only union-find writes are the links' joins, one
    /// [`LinkWrite`] each, instead of an entry per shortened parent.
    const SHORTENS_PATHS: bool;
    /// Whether the move fills its [`Played`] record, links added
    /// included (a recorded placement needs none: its journal takes the
    /// links back).
    const LISTS_LINKS: bool;
    fn link(&mut self, write: LinkWrite);
}

struct NoJournal;

impl Journal for NoJournal {
    const SHORTENS_PATHS: bool = true;
    const LISTS_LINKS: bool = true;
    #[inline(always)]
    fn link(&mut self, _: LinkWrite) {}
}

impl Journal for Vec<LinkWrite> {
    const SHORTENS_PATHS: bool = false;
    const LISTS_LINKS: bool = false;
    #[inline]
    fn link(&mut self, write: LinkWrite) {
        self.push(write);
    }
}

/// A player's index in per-player arrays: Red 0, Black 1.
pub(crate) fn side(p: Player) -> usize {
    match p {
        Player::Red => 0,
        Player::Black => 1,
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("rules", &self.rules)
            .field("ply", &self.scalars.ply)
            .field("to_move", &self.scalars.to_move)
            .field("status", &self.scalars.status)
            .field("pegs", &self.pegs().count())
            .field("links", &self.links().count())
            .finish()
    }
}

impl Position {
    /// An empty board, Red to move.
    pub fn new(rules: RuleSet) -> Result<Position, RuleSetError> {
        Position::with_first(rules, Player::Red)
    }

    /// An empty board with `first` to move.
    pub fn with_first(rules: RuleSet, first: Player) -> Result<Position, RuleSetError> {
        rules.validate()?;
        let geo = Geometry::for_size(rules.size);
        let slots = geo.slots();
        Ok(Position {
            geo,
            rules,
            cells: vec![0; slots],
            // Each empty hole its own parent (see `put_peg`).
            parent: (0..slots).map(|i| i as u16).collect(),
            crossed: vec![0; (slots * 4).div_ceil(32)],
            first,
            scalars: Scalars {
                to_move: first,
                ply: 0,
                status: Status::Ongoing,
                draw_offer: None,
                pegs_on_board: [0; 2],
                links_on_board: [0; 2],
            },
            undo: None,
        })
    }

    /// Makes this position a copy of `other`, reusing its own vectors (no
    /// allocation when the board sizes agree), for callers that keep copies
    /// of positions as a game goes on.
    pub fn copy_from(&mut self, other: &Position) {
        // Every field, so that a new one cannot be forgotten here.
        let Position {
            geo,
            rules,
            cells,
            parent,
            crossed,
            first,
            scalars,
            undo,
        } = other;
        if !Arc::ptr_eq(&self.geo, geo) {
            self.geo = Arc::clone(geo);
        }
        self.rules.clone_from(rules);
        self.cells.clone_from(cells);
        self.parent.clone_from(parent);
        self.crossed.clone_from(crossed);
        self.first = *first;
        self.scalars = *scalars;
        self.undo.clone_from(undo);
    }

    /// The rule set the game is played under.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// The board size (the rule set's).
    pub fn size(&self) -> BoardSize {
        self.rules.size
    }

    /// The number of moves played.
    pub fn ply(&self) -> u32 {
        self.scalars.ply
    }

    /// The colour to move.
    pub fn to_move(&self) -> Player {
        self.scalars.to_move
    }

    /// The colour that moved first.
    pub fn first(&self) -> Player {
        self.first
    }

    /// The player whose draw offer currently stands, if any.
    pub fn draw_offer(&self) -> Option<Player> {
        self.scalars.draw_offer
    }

    /// How many pegs of `player` stand on the board (kept as moves are
    /// played, for a finite supply).
    pub fn pegs_on_board(&self, player: Player) -> u32 {
        self.scalars.pegs_on_board[side(player)]
    }

    /// How many links of `player` stand on the board.
    pub fn links_on_board(&self, player: Player) -> u32 {
        self.scalars.links_on_board[side(player)]
    }

    /// How many empty holes `player` may place a peg in: a few words when
    /// moves are played through [`crate::state::GameState`] (which keeps
    /// bit sets of them), else one pass over the board.
    pub fn free_hole_count(&self, player: Player) -> usize {
        if let Some(log) = &self.undo {
            return log.free.count(player);
        }
        let playable = playable_flag(player);
        // Zipped slices: a branch-free loop the compiler vectorises.
        self.cells
            .iter()
            .zip(self.geo.all_hole_flags())
            .map(|(&c, &f)| usize::from(c & COLOUR == 0 && f & playable != 0))
            .sum()
    }

    /// The `k`-th (from 0) empty hole `player` may place a peg in, in board
    /// order (row by row, as [`BoardSize::holes`]): a move generator picks
    /// one uniformly without building a list.
    pub fn nth_free_hole(&self, player: Player, k: usize) -> Option<Hole> {
        let slot = match &self.undo {
            Some(log) => log.free.nth(player, k),
            None => self.free_holes(player).nth(k),
        };
        slot.map(|i| self.geo.hole(i))
    }

    /// The free-hole bit set the undo log keeps for `player`, as slots
    /// (tests compare it with a pass over the board).
    #[cfg(test)]
    pub(crate) fn kept_free_holes(&self, player: Player) -> Option<Vec<usize>> {
        Some(self.undo.as_ref()?.free.slots(player))
    }

    /// Indices of the empty holes `player` may play, in board order: one
    /// pass over the cells and the geometry's flags.
    pub(crate) fn free_holes(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        let playable = playable_flag(player);
        self.cells
            .iter()
            .zip(self.geo.all_hole_flags())
            .enumerate()
            .filter(move |(_, (c, f))| **c & COLOUR == 0 && **f & playable != 0)
            .map(|(i, _)| i)
    }

    /// The owner of the peg at `hole`; `None` when the hole is empty or not on the board.
    pub fn peg(&self, hole: Hole) -> Option<Player> {
        if !self.size().contains(hole) {
            return None;
        }
        colour_player(self.cells[self.geo.index(hole)])
    }

    /// Whether `link` is on the board.
    pub fn has_link(&self, link: Link) -> bool {
        self.geo
            .link_id(link)
            .is_some_and(|id| self.has_link_id(id))
    }

    /// Every peg, row by row from the top.
    pub fn pegs(&self) -> impl Iterator<Item = (Hole, Player)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| colour_player(c).map(|p| (self.geo.hole(i), p)))
    }

    /// Every link with its owner, sorted by link.
    pub fn links(&self) -> impl Iterator<Item = (Link, Player)> + '_ {
        let mut all: Vec<(Link, Player)> = self
            .link_ids()
            .map(|id| (self.geo.link(id), self.link_owner(id)))
            .collect();
        all.sort();
        all.into_iter()
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.scalars.status
    }

    /// Bytes this position owns on the heap (the shared geometry tables,
    /// [`Geometry::heap_bytes`], are not counted: one copy serves every
    /// position of a board size).
    pub fn heap_bytes(&self) -> usize {
        self.cells.capacity()
            + self.parent.capacity() * std::mem::size_of::<u16>()
            + self.crossed.capacity() * std::mem::size_of::<u64>()
    }

    /// The shared tables for this board size.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    // ----- low-level accessors -----

    /// The state byte of hole slot `i` (see the layout constants).
    #[inline]
    pub(crate) fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The state bytes of every hole slot, in slot order (for loops over
    /// the whole board that the compiler can vectorise).
    #[inline]
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The owner's colour bits of link `id`, if the link is on the board.
    #[inline]
    pub(crate) fn link_colour(&self, id: usize) -> Option<u8> {
        let stored = self.cells[id >> 2];
        (stored & link_bit(id) != 0).then_some(stored & COLOUR)
    }

    #[inline]
    fn has_link_id(&self, id: usize) -> bool {
        self.cells[id >> 2] & link_bit(id) != 0
    }

    /// The owner of an existing link: the colour of the peg that stores it.
    fn link_owner(&self, id: usize) -> Player {
        colour_player(self.cells[id >> 2]).expect("a link starts at a peg")
    }

    fn link_ids(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells.iter().enumerate().flat_map(|(i, &c)| {
            (0..4)
                .filter(move |d| c & (LINK0 << d) != 0)
                .map(move |d| i * 4 + d)
        })
    }

    /// The colours of existing links whose crossing forbids `player` a link:
    /// the opponent's always, the player's own under crossing none.
    #[inline]
    pub(crate) fn blocking_colours(&self, player: Player) -> u8 {
        let own = match self.rules.crossing {
            Crossing::None => colour_bits(player),
            Crossing::Own => 0,
        };
        colour_bits(player.opponent()) | own
    }

    /// The colours of the existing links crossing link `id`.
    #[inline]
    pub(crate) fn crossed_colours(&self, id: usize) -> u8 {
        ((self.crossed[id >> 5] >> ((id & 31) * 2)) & 3) as u8
    }

    /// Records that a link of `colour` now crosses each crosser of `id`;
    /// returns the crossers (bit `k` for `crossers(id)[k]`) whose colour
    /// bit this set (it was clear), for the journal.
    /// (Filler entries mark link 0, which belongs to slot 0, no hole, and never exists.)
    /// (Inlined always: where no journal reads the answer, as in a plain
    /// [`play`](Self::play), it costs nothing.)
    #[inline(always)]
    fn mark_crossers(&mut self, id: usize, colour: u8) -> u16 {
        // Last crosser first, the answers so far shifted up by each next
        // one (bit `k` ends for `crossers(id)[k]`): a chain the compiler
        // keeps in one register.
        let mut fresh = 0u16;
        for &x in self.geo.crossers(id).iter().rev() {
            let x = usize::from(x);
            let bit = u64::from(colour) << ((x & 31) * 2);
            let old = self.crossed[x >> 5];
            fresh = fresh << 1 | u16::from(old & bit == 0);
            self.crossed[x >> 5] = old | bit;
        }
        fresh
    }

    /// Takes back what [`mark_crossers`](Self::mark_crossers) set for
    /// link `id` of `colour`: the bits in `fresh`.
    #[inline]
    fn unmark_crossers(&mut self, id: usize, colour: u8, mut fresh: u16) {
        let crossers = self.geo.crossers(id);
        while fresh != 0 {
            let x = usize::from(crossers[fresh.trailing_zeros() as usize]);
            fresh &= fresh - 1;
            self.crossed[x >> 5] &= !(u64::from(colour) << ((x & 31) * 2));
        }
    }

    /// Border flags a lone peg of `player` at slot `i` starts with.
    #[inline]
    fn reach_bits(&self, i: usize, player: Player) -> u8 {
        let f = self.geo.hole_flags(i);
        let (start, end) = match player {
            Player::Red => (flag::RED_START, flag::RED_END),
            Player::Black => (flag::BLACK_START, flag::BLACK_END),
        };
        (if f & start != 0 { REACH_START } else { 0 }) | (if f & end != 0 { REACH_END } else { 0 })
    }

    /// The root of the chain at slot `i`, shortening the path on the way
    /// where `J` allows.
    fn find<J: Journal>(&mut self, mut i: usize) -> usize {
        loop {
            let p = usize::from(self.parent[i]);
            if p == i {
                return i;
            }
            if J::SHORTENS_PATHS {
                self.parent[i] = self.parent[p];
            }
            i = p;
        }
    }

    /// Joins the components of two pegs, that of `a` under that of `b`
    /// (unrecorded: after removals).
    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find::<NoJournal>(a), self.find::<NoJournal>(b));
        if ra != rb {
            self.parent[ra] = rb as u16;
            self.cells[rb] |= self.cells[ra] & REACH_BOTH;
        }
    }

    /// Puts a `player` peg in the empty hole at slot `i`. An empty hole's
    /// byte is zero and its parent itself (undo of a recorded placement
    /// relies on that).
    fn put_peg(&mut self, i: usize, player: Player) {
        debug_assert!(self.cells[i] == 0 && usize::from(self.parent[i]) == i);
        self.cells[i] = colour_bits(player) | self.reach_bits(i, player);
        self.parent[i] = i as u16;
        self.scalars.pegs_on_board[side(player)] += 1;
    }

    /// Takes the peg at slot `i` off (its links must be gone already).
    fn take_peg(&mut self, i: usize) {
        if let Some(p) = colour_player(self.cells[i]) {
            self.scalars.pegs_on_board[side(p)] -= 1;
        }
        self.cells[i] = 0;
        self.parent[i] = i as u16;
    }

    /// Puts link `id` between pegs `from` and `to` on the board.
    fn add_link<J: Journal>(&mut self, id: usize, from: usize, to: usize, j: &mut J) {
        let root = self.find::<J>(from);
        self.add_link_from_root(id, root, to, false, j);
    }

    /// [`add_link`](Self::add_link) from the peg whose chain has the root
    /// `from_root` (a new peg knows its root: no search); `alone` when
    /// that is a new peg without links yet. Returns the chain's root after
    /// the link.
    ///
    /// Which root goes under the other: a lone new peg's, as it lengthens
    /// one path by one step; else the one lower in a fixed pseudo-random
    /// order of the slots. Linking by random rank keeps the trees about
    /// logarithmically shallow without path shortening, which recorded
    /// play goes without.
    #[inline]
    fn add_link_from_root<J: Journal>(
        &mut self,
        id: usize,
        from_root: usize,
        to: usize,
        alone: bool,
        j: &mut J,
    ) -> usize {
        self.cells[id >> 2] |= link_bit(id);
        let colour = self.cells[id >> 2] & COLOUR;
        if let Some(p) = colour_player(colour) {
            self.scalars.links_on_board[side(p)] += 1;
        }
        let fresh = self.mark_crossers(id, colour);
        let to_root = self.find::<J>(to);
        if from_root == to_root {
            j.link(LinkWrite {
                id: id as u16,
                fresh,
                root: NONE,
                reach: self.cells[to_root] & REACH_BOTH,
            });
            return to_root;
        }
        // Fibonacci hashing: a bijection, so no two slots tie.
        let rank = |slot: usize| (slot as u32).wrapping_mul(0x9E37_79B9);
        let (under, over) = if alone || rank(from_root) < rank(to_root) {
            (from_root, to_root)
        } else {
            (to_root, from_root)
        };
        let reach = self.cells[over] & REACH_BOTH;
        self.parent[under] = over as u16;
        self.cells[over] |= self.cells[under] & REACH_BOTH;
        j.link(LinkWrite {
            id: id as u16,
            fresh,
            root: under as u16,
            reach,
        });
        over
    }

    /// Takes back a link recorded by [`add_link`](Self::add_link), on the
    /// board as the link's move left it.
    fn take_link_back(&mut self, w: LinkWrite) {
        if w.root != NONE {
            let root = usize::from(w.root);
            let other = usize::from(self.parent[root]);
            self.parent[root] = w.root;
            self.cells[other] = self.cells[other] & !REACH_BOTH | w.reach;
        }
        // Its bit was clear before (a link is added once), and its
        // owner's peg still stands.
        let id = usize::from(w.id);
        let colour = self.cells[id >> 2] & COLOUR;
        self.cells[id >> 2] &= !link_bit(id);
        self.unmark_crossers(id, colour, w.fresh);
    }

    /// Takes link `id` off the board and recomputes the crossing marks of
    /// the links it crossed. The union-find must be rebuilt afterwards.
    fn remove_link(&mut self, id: usize) {
        if let Some(p) = colour_player(self.cells[id >> 2]) {
            self.scalars.links_on_board[side(p)] -= 1;
        }
        self.cells[id >> 2] &= !link_bit(id);
        self.refresh_crossers(id);
    }

    /// Recomputes the crossing marks of the links that link `id` crosses
    /// (after it came off the board).
    fn refresh_crossers(&mut self, id: usize) {
        for &x in self.geo.crossers(id) {
            let x = usize::from(x);
            let mut colours = 0u8;
            for &y in self.geo.crossers(x) {
                colours |= self.link_colour(usize::from(y)).unwrap_or(0);
            }
            let shift = (x & 31) * 2;
            self.crossed[x >> 5] =
                (self.crossed[x >> 5] & !(3 << shift)) | (u64::from(colours) << shift);
        }
    }

    /// Recomputes the union-find from the pegs and links (after removals).
    fn rebuild_components(&mut self) {
        for i in 0..self.cells.len() {
            if let Some(p) = colour_player(self.cells[i]) {
                let links = self.cells[i] & LINKS;
                self.cells[i] = colour_bits(p) | self.reach_bits(i, p) | links;
                self.parent[i] = i as u16;
            }
        }
        for i in 0..self.cells.len() {
            let links = self.cells[i] & LINKS;
            for d in 0..4 {
                if links & (LINK0 << d) != 0 {
                    let far = self.geo.link_far_end(i * 4 + d);
                    self.union(i, far);
                }
            }
        }
    }

    fn connected<J: Journal>(&mut self, i: usize) -> bool {
        let r = self.find::<J>(i);
        self.cells[r] & REACH_BOTH == REACH_BOTH
    }

    // ----- moves -----

    /// Plays a move. A refused move leaves the position unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<Played, MoveError> {
        self.play_reusing(mv, Played::by(self.scalars.to_move))
    }

    /// Like [`play`](Self::play), reusing the vectors of an earlier
    /// [`Played`] (emptied first), so that replaying a long game allocates
    /// nothing per move.
    pub fn play_reusing(&mut self, mv: &Move, mut spare: Played) -> Result<Played, MoveError> {
        self.play_into(mv, &mut spare)?;
        Ok(spare)
    }

    /// Like [`play_reusing`](Self::play_reusing), filling `played` where it
    /// stands instead of taking and returning it (a replay's hot loop: the
    /// record of a move is not copied in and out for every move). On an
    /// error `played` holds nothing of use.
    pub fn play_into(&mut self, mv: &Move, played: &mut Played) -> Result<(), MoveError> {
        // A move the undo log does not see makes its entries wrong; dropped
        // whole, so that the removal path's working copy copies no scratch.
        self.undo = None;
        self.apply(mv, played, &mut NoJournal)
    }

    /// [`play_into`](Self::play_into) without touching the undo log; a
    /// placement without removals notes its links in `j`.
    #[inline]
    fn apply<J: Journal>(
        &mut self,
        mv: &Move,
        played: &mut Played,
        j: &mut J,
    ) -> Result<(), MoveError> {
        if let Move::Place(p) = mv
            && p.removals.is_empty()
        {
            return self.apply_placement(p, played, j).map(|_| ());
        }
        self.start_move::<NoJournal>(played)?;
        match mv {
            Move::Place(p) => {
                // Removals are rare: work on a copy so a refusal anywhere
                // (a later removal, the placement) leaves `self` untouched.
                let mut next = self.clone();
                let done = next.remove_then_place(p)?;
                *self = next;
                *played = done;
                Ok(())
            }
            Move::Swap => {
                *played = self.swap()?;
                Ok(())
            }
            Move::Resign => {
                let mover = self.scalars.to_move;
                self.scalars.ply += 1;
                self.scalars.status = Status::Won {
                    winner: mover.opponent(),
                    ply: self.scalars.ply,
                    by: WinBy::Resignation,
                };
                self.scalars.draw_offer = None;
                *played = Played::by(mover);
                Ok(())
            }
            Move::AcceptDraw => {
                let mover = self.scalars.to_move;
                if self.scalars.draw_offer != Some(mover.opponent()) {
                    return Err(MoveError::NoDrawOffer(mover.opponent()));
                }
                self.scalars.ply += 1;
                self.scalars.status = Status::Drawn {
                    ply: self.scalars.ply,
                };
                self.scalars.draw_offer = None;
                *played = Played::by(mover);
                Ok(())
            }
        }
    }

    /// [`apply`](Self::apply) for a placement without removals (the usual
    /// move); returns the new peg's slot.
    #[inline]
    fn apply_placement<J: Journal>(
        &mut self,
        p: &Placement,
        played: &mut Played,
        j: &mut J,
    ) -> Result<usize, MoveError> {
        self.start_move::<J>(played)?;
        if p.links.is_empty()
            && self.rules.links == Linking::Automatic
            && self.rules.supply_pegs.is_none()
            && self.rules.supply_links.is_none()
        {
            self.place_automatic(p.hole, p.offers_draw, played, j)
        } else {
            self.place(p, played, j)
        }
    }

    /// Refuses any move once the game is over; else readies `played` for
    /// the move (where `J` lists links: a recorded placement fills no
    /// record).
    #[inline]
    fn start_move<J: Journal>(&self, played: &mut Played) -> Result<(), MoveError> {
        if self.scalars.status != Status::Ongoing {
            return Err(MoveError::GameOver(self.scalars.status));
        }
        if J::LISTS_LINKS {
            played.mover = self.scalars.to_move;
            played.links_added.clear();
            played.links_removed.clear();
            played.pegs_removed.clear();
        }
        Ok(())
    }

    /// The player to move lets the turn go by (only searches do this: a
    /// pass is not a move of any rule set).
    pub(crate) fn pass(&mut self) {
        self.scalars.draw_offer = None;
        self.scalars.ply += 1;
        self.scalars.to_move = self.scalars.to_move.opponent();
    }

    fn end_turn(&mut self, offers_draw: bool) {
        self.scalars.draw_offer = offers_draw.then_some(self.scalars.to_move);
        self.scalars.ply += 1;
        self.scalars.to_move = self.scalars.to_move.opponent();
    }

    /// Checks that `player` may put a peg at `hole`; returns its slot.
    /// (Inlined: the usual answer, an empty hole the player may use, is
    /// one flag lookup; the rest is out of line.)
    #[inline]
    fn check_placement(&self, hole: Hole, player: Player) -> Result<usize, MoveError> {
        if self.size().in_bounds(hole) {
            let i = self.geo.index(hole);
            if self.cells[i] == 0 && self.geo.hole_flags(i) & playable_flag(player) != 0 {
                return Ok(i);
            }
        }
        self.check_placement_in_full(hole, player)
    }

    /// [`check_placement`](Self::check_placement) past its quick test.
    #[cold]
    #[inline(never)]
    fn check_placement_in_full(&self, hole: Hole, player: Player) -> Result<usize, MoveError> {
        let size = self.size();
        if !size.contains(hole) {
            return Err(MoveError::NoSuchHole { hole, size });
        }
        let i = self.geo.index(hole);
        if let Some(by) = colour_player(self.cells[i]) {
            return Err(MoveError::Occupied { hole, by });
        }
        if !size.playable_by(player, hole) {
            return Err(MoveError::OpponentBorder { hole, player });
        }
        Ok(i)
    }

    /// Checks the chosen links of a manual placement at slot `at`; returns their ids.
    fn check_chosen_links(&self, links: &[Link], at: usize) -> Result<Vec<usize>, MoveError> {
        let mover = self.scalars.to_move;
        let size = self.size();
        let mut ids: Vec<usize> = Vec::with_capacity(links.len());
        for &link in links {
            let (a, b) = link.ends();
            if !a.is_knight_step(b) {
                return Err(MoveError::NotKnightStep { a, b });
            }
            if let Some(hole) = [a, b].into_iter().find(|&h| !size.contains(h)) {
                return Err(MoveError::NoSuchHole { hole, size });
            }
            for hole in [a, b] {
                let i = self.geo.index(hole);
                if i != at && colour_player(self.cells[i]) != Some(mover) {
                    return Err(MoveError::LinkEndNotYours {
                        link,
                        hole,
                        player: mover,
                    });
                }
            }
            let id = self
                .geo
                .link_id(link)
                .expect("checked: knight step on board");
            if self.has_link_id(id) || ids.contains(&id) {
                return Err(MoveError::LinkExists(link));
            }
            let rule = crossing_rule(self.rules.crossing);
            if self.crossed_colours(id) & self.blocking_colours(mover) != 0 {
                let blocker = self.blocker(link, mover).expect("a forbidding link exists");
                return Err(MoveError::Crosses {
                    link,
                    blocker,
                    rule,
                });
            }
            if self.rules.crossing == Crossing::None {
                let crossers = self.geo.crossers(id);
                if let Some(&x) = ids.iter().find(|&&x| crossers.contains(&(x as u16))) {
                    return Err(MoveError::Crosses {
                        link,
                        blocker: self.geo.link(x),
                        rule,
                    });
                }
            }
            ids.push(id);
        }
        Ok(ids)
    }

    fn place<J: Journal>(
        &mut self,
        p: &Placement,
        played: &mut Played,
        j: &mut J,
    ) -> Result<usize, MoveError> {
        let mover = self.scalars.to_move;
        let i = self.check_placement(p.hole, mover)?;
        let chosen = match self.rules.links {
            Linking::Automatic if !p.links.is_empty() => {
                return Err(MoveError::LinksUnderAutomatic);
            }
            Linking::Automatic => Vec::new(),
            Linking::Manual | Linking::AutomaticEditable => self.check_chosen_links(&p.links, i)?,
        };
        // A finite supply (Dujardin rule 5): no peg without one in reserve,
        // no more links by hand than are left.
        if let Some(n) = self.rules.supply_pegs
            && self.scalars.pegs_on_board[side(mover)] >= u32::from(n)
        {
            return Err(MoveError::NoPegsLeft {
                player: mover,
                supply: n,
            });
        }
        let links_left = self
            .rules
            .supply_links
            .map(|n| u32::from(n).saturating_sub(self.scalars.links_on_board[side(mover)]));
        if let (Some(left), Some(n)) = (links_left, self.rules.supply_links)
            && chosen.len() as u32 > left
        {
            return Err(MoveError::NoLinksLeft {
                player: mover,
                wanted: chosen.len(),
                left,
                supply: n,
            });
        }

        // Validated: from here on nothing can fail.
        self.put_peg(i, mover);
        // Links by hand first: what the mover names is what they meant, and
        // the automatic links then fill in wherever they still fit.
        for (&id, &link) in chosen.iter().zip(&p.links) {
            let (start, far) = (id >> 2, self.geo.link_far_end(id));
            let (from, to) = if far == i { (far, start) } else { (start, far) };
            self.add_link(id, from, to, j);
            if J::LISTS_LINKS {
                played.links_added.push(link);
            }
        }
        if let Some(left) = links_left.filter(|_| self.rules.links != Linking::Manual) {
            // Fewer links left than the peg could take: as many as are left,
            // in board order (two links of one peg never cross, so which
            // can be added does not change as they are).
            let mine = colour_bits(mover);
            let blocking = self.blocking_colours(mover);
            let mut candidates: Vec<(Link, usize, usize)> = self
                .geo
                .steps(i)
                .iter()
                .filter(|s| s.hole != NONE && self.cells[usize::from(s.hole)] & COLOUR == mine)
                .map(|s| (usize::from(s.link), usize::from(s.hole)))
                .filter(|&(id, _)| {
                    !self.has_link_id(id) && self.crossed_colours(id) & blocking == 0
                })
                .map(|(id, j)| (self.geo.link(id), id, j))
                .collect();
            candidates.sort_unstable();
            let room = (left as usize).saturating_sub(chosen.len());
            for (link, id, to) in candidates.into_iter().take(room) {
                self.add_link(id, i, to, j);
                if J::LISTS_LINKS {
                    played.links_added.push(link);
                }
            }
        } else if self.rules.links != Linking::Manual {
            let root = self.find::<J>(i);
            self.add_automatic_links(i, root, mover, played, j);
        }
        self.end_turn(p.offers_draw);
        // Chosen links may join older pegs: any of them can complete a chain.
        let won = self.connected::<J>(i) || chosen.iter().any(|&id| self.connected::<J>(id >> 2));
        if won {
            self.scalars.status = Status::Won {
                winner: mover,
                ply: self.scalars.ply,
                by: WinBy::Connection,
            };
        }
        Ok(i)
    }

    /// Adds every automatic link of `mover`'s new peg at slot `i`, whose
    /// chain has the root `root`, that the rules allow, in step order.
    /// Returns the chain's root after the links.
    #[inline]
    fn add_automatic_links<J: Journal>(
        &mut self,
        i: usize,
        mut root: usize,
        mover: Player,
        played: &mut Played,
        j: &mut J,
    ) -> usize {
        let mine = colour_bits(mover);
        let blocking = self.blocking_colours(mover);
        let steps = *self.geo.steps(i);
        // The neighbours holding an own peg, one bit per step, found
        // without a branch per step (whether a neighbour is one of
        // them is a coin toss for the branch predictor). Filler steps
        // point at slot 0, which is no hole and never holds a peg. Adding links
        // changes no peg's colour, so the bits stay true.
        let mut own = 0u32;
        for (k, step) in steps.iter().enumerate() {
            own |= u32::from(self.cells[usize::from(step.hole)] & COLOUR == mine) << k;
        }
        // In step order, as before. Two links from one peg never cross
        // each other, so the order in which they are added does not
        // matter for which are added.
        while own != 0 {
            let step = steps[own.trailing_zeros() as usize];
            own &= own - 1;
            let id = usize::from(step.link);
            if !self.has_link_id(id) && self.crossed_colours(id) & blocking == 0 {
                // The new peg heads its chain when alone (and, rarely,
                // after links by hand: then this only picks which root
                // goes under).
                let alone = root == i;
                root = self.add_link_from_root(id, root, usize::from(step.hole), alone, j);
                if J::LISTS_LINKS {
                    played.links_added.push(self.geo.link(id));
                }
            }
        }
        root
    }

    /// [`place`](Self::place) for the common case: automatic linking, no
    /// finite supply, no links named (the caller checks). The same steps
    /// in the same order, without those the case leaves out.
    #[inline]
    fn place_automatic<J: Journal>(
        &mut self,
        hole: Hole,
        offers_draw: bool,
        played: &mut Played,
        j: &mut J,
    ) -> Result<usize, MoveError> {
        let mover = self.scalars.to_move;
        let i = self.check_placement(hole, mover)?;
        self.put_peg(i, mover);
        // A new peg is its own chain, and root.
        let root = self.add_automatic_links(i, i, mover, played, j);
        self.end_turn(offers_draw);
        if self.cells[root] & REACH_BOTH == REACH_BOTH {
            self.scalars.status = Status::Won {
                winner: mover,
                ply: self.scalars.ply,
                by: WinBy::Connection,
            };
        }
        Ok(i)
    }

    fn remove_then_place(&mut self, p: &Placement) -> Result<Played, MoveError> {
        let mover = self.scalars.to_move;
        let size = self.size();
        let mut played = Played::by(mover);
        // Dujardin rule 5: a player whose supply is used up reuses pieces
        // from the board: one own peg per move, or own links.
        let used_up =
            |supply: Option<u16>, on_board: u32| supply.is_some_and(|n| on_board >= u32::from(n));
        let reuse_peg = used_up(
            self.rules.supply_pegs,
            self.scalars.pegs_on_board[side(mover)],
        );
        let reuse_links = used_up(
            self.rules.supply_links,
            self.scalars.links_on_board[side(mover)],
        );
        let mut pegs_reused = 0;
        for r in &p.removals {
            let allowed = self.rules.removal;
            match *r {
                Removal::Link(link) => {
                    if self.rules.removal == RemovalRule::None && !reuse_links {
                        return Err(MoveError::RemovalNotAllowed {
                            what: format!("link {link}"),
                            allowed,
                        });
                    }
                    let id = match self.geo.link_id(link) {
                        Some(id) if self.has_link_id(id) => id,
                        _ => return Err(MoveError::RemoveLinkAbsent(link)),
                    };
                    let owner = self.link_owner(id);
                    if owner != mover {
                        return Err(MoveError::RemoveLinkNotYours { link, owner });
                    }
                    self.remove_link(id);
                    played.links_removed.push(link);
                }
                Removal::Peg(hole) => {
                    let by_reuse = self.rules.removal != RemovalRule::LinksAndPegs;
                    if by_reuse && !(reuse_peg && pegs_reused == 0) {
                        return Err(MoveError::RemovalNotAllowed {
                            what: format!("the peg at {hole}"),
                            allowed,
                        });
                    }
                    if !size.contains(hole) {
                        return Err(MoveError::NoSuchHole { hole, size });
                    }
                    let i = self.geo.index(hole);
                    match colour_player(self.cells[i]) {
                        None => return Err(MoveError::RemovePegAbsent(hole)),
                        Some(owner) if owner != mover => {
                            return Err(MoveError::RemovePegNotYours { hole, owner });
                        }
                        Some(_) => {}
                    }
                    for step in *self.geo.steps(i) {
                        let id = usize::from(step.link);
                        if step.hole != NONE && self.has_link_id(id) {
                            self.remove_link(id);
                            played.links_removed.push(self.geo.link(id));
                        }
                    }
                    self.take_peg(i);
                    pegs_reused += usize::from(by_reuse);
                    played.pegs_removed.push(hole);
                }
            }
        }
        self.rebuild_components();
        self.place(p, &mut played, &mut NoJournal)?;
        Ok(played)
    }

    fn swap(&mut self) -> Result<Played, MoveError> {
        let mover = self.scalars.to_move;
        if self.rules.swap == Swap::None {
            return Err(MoveError::SwapNotInRules);
        }
        let only_peg = {
            let mut pegs = self.pegs();
            match (pegs.next(), pegs.next()) {
                (Some((h, p)), None) if p == mover.opponent() => Some(h),
                _ => None,
            }
        };
        let Some(hole) = only_peg.filter(|_| self.scalars.ply == 1) else {
            return Err(MoveError::SwapNotNow {
                move_number: self.scalars.ply + 1,
            });
        };
        let mut played = Played::by(mover);
        match self.rules.swap {
            Swap::None => unreachable!("checked above"),
            Swap::Mirror => {
                let mirrored = hole.mirrored();
                if !self.size().playable_by(mover, mirrored) {
                    return Err(MoveError::MirrorUnplayable {
                        hole: mirrored,
                        player: mover,
                    });
                }
                let from = self.geo.index(hole);
                self.take_peg(from);
                self.put_peg(self.geo.index(mirrored), mover);
                played.pegs_removed.push(hole);
                // The first player moves again.
                self.scalars.draw_offer = None;
                self.scalars.ply += 1;
                self.scalars.to_move = mover.opponent();
            }
            Swap::Colors => {
                // The people exchange colours; on the board nothing moves and
                // the same colour is to move again.
                self.scalars.draw_offer = None;
                self.scalars.ply += 1;
            }
        }
        Ok(played)
    }

    // ----- queries -----

    /// The links a `player` peg at `hole` would get automatically now, sorted.
    pub fn links_for_peg(&self, hole: Hole, player: Player) -> Vec<Link> {
        if !self.size().contains(hole) {
            return Vec::new();
        }
        let i = self.geo.index(hole);
        let mine = colour_bits(player);
        self.geo
            .steps(i)
            .iter()
            .filter(|s| s.hole != NONE && self.cells[usize::from(s.hole)] & COLOUR == mine)
            .filter(|s| {
                self.crossed_colours(usize::from(s.link)) & self.blocking_colours(player) == 0
            })
            .map(|s| self.geo.link(usize::from(s.link)))
            .collect::<BTreeSet<Link>>()
            .into_iter()
            .collect()
    }

    /// An existing link that forbids `player` the link `link` (the smallest
    /// such, for determinism), or `None` when nothing on the board crosses it
    /// in a way the rules forbid.
    pub fn blocker(&self, link: Link, player: Player) -> Option<Link> {
        let id = self.geo.link_id(link)?;
        let mine = colour_bits(player);
        let any_blocks = self.rules.crossing == Crossing::None;
        self.geo
            .crossers(id)
            .iter()
            .map(|&x| usize::from(x))
            .filter(|&x| {
                let c = self.cells[x >> 2];
                c & link_bit(x) != 0 && (any_blocks || c & COLOUR != mine)
            })
            .map(|x| self.geo.link(x))
            .min()
    }

    /// Whether `player` can still join their two border rows, taking the
    /// opponent's pegs and links as they stand; see `docs/engine.md` ("Dead
    /// draw") for exactly what is decided under each rule set.
    pub fn can_connect(&self, player: Player) -> bool {
        dead_draw::can_connect(self, player)
    }

    /// Neither player can still connect.
    pub fn is_dead_draw(&self) -> bool {
        dead_draw::is_dead_draw(self)
    }

    // ----- setups -----

    /// The pegs and links, as a free setup.
    pub fn to_setup(&self) -> Setup {
        Setup {
            size: self.size(),
            pegs: self.pegs().collect::<BTreeMap<_, _>>(),
            links: self.links().map(|(l, _)| l).collect::<BTreeSet<_>>(),
            to_move: Some(self.scalars.to_move),
        }
    }

    /// A position from a setup, checked against `rules`. Lists every problem.
    /// Red moves first; the move count is taken to be the number of pegs
    /// (two for one Black peg with Red to move under a mirror swap: the game
    /// after the swap), and the player to move is the setup's, or else the
    /// side with fewer pegs (Red when equal).
    pub fn from_setup(setup: &Setup, rules: RuleSet) -> Result<Position, Vec<SetupProblem>> {
        let mut problems = setup.check();
        if let Err(e) = rules.validate() {
            problems.push(SetupProblem::Rules(e));
        }
        if setup.size != rules.size {
            problems.push(SetupProblem::SizeMismatch {
                setup: setup.size,
                rules: rules.size,
            });
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let size = rules.size;
        for (&hole, &player) in &setup.pegs {
            if !size.playable_by(player, hole) {
                problems.push(SetupProblem::PegInOpponentBorder { hole, player });
            }
        }
        for player in [Player::Red, Player::Black] {
            let pegs = setup.pegs.values().filter(|&&p| p == player).count();
            let links = setup
                .links
                .iter()
                .filter(|&&l| setup.link_owner(l) == Some(player))
                .count();
            for (what, count, supply) in [
                ("pegs", pegs, rules.supply_pegs),
                ("links", links, rules.supply_links),
            ] {
                if let Some(supply) = supply.filter(|&n| count > usize::from(n)) {
                    problems.push(SetupProblem::OverSupply {
                        player,
                        what,
                        count,
                        supply,
                    });
                }
            }
        }
        let geo = Geometry::for_size(size);
        let ids: BTreeMap<usize, Link> = setup
            .links
            .iter()
            .map(|&l| (geo.link_id(l).expect("checked by Setup::check"), l))
            .collect();
        for (&id, &a) in &ids {
            for &x in geo.crossers(id) {
                let x = usize::from(x);
                let Some(&b) = ids.get(&x) else { continue };
                // Report each crossing pair once.
                if a < b
                    && (rules.crossing == Crossing::None
                        || setup.link_owner(a) != setup.link_owner(b))
                {
                    problems.push(SetupProblem::LinksCross {
                        a,
                        b,
                        rule: crossing_rule(rules.crossing),
                    });
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }

        let reds = setup.pegs.values().filter(|&&p| p == Player::Red).count();
        let blacks = setup.pegs.len() - reds;
        let to_move = setup.to_move.unwrap_or(if reds > blacks {
            Player::Black
        } else {
            Player::Red
        });
        let mut pos = Position::new(rules).map_err(|e| vec![SetupProblem::Rules(e)])?;
        for (&hole, &player) in &setup.pegs {
            pos.put_peg(geo.index(hole), player);
        }
        for &id in ids.keys() {
            pos.add_link(id, id >> 2, geo.link_far_end(id), &mut NoJournal);
        }
        pos.scalars.ply = setup.pegs.len() as u32;
        // Red to move with one peg on the board, Black's, is the game after
        // a mirror swap (Black took Red's first peg): the swap was the
        // second move, and it is not offered again.
        if pos.rules.swap == Swap::Mirror
            && to_move == Player::Red
            && pos.scalars.pegs_on_board[side(Player::Red)] == 0
            && pos.scalars.pegs_on_board[side(Player::Black)] == 1
        {
            pos.scalars.ply = 2;
        }
        pos.scalars.to_move = to_move;
        let winner = [Player::Red, Player::Black].into_iter().find(|&p| {
            (0..pos.cells.len())
                .any(|i| pos.cells[i] & COLOUR == colour_bits(p) && pos.connected::<NoJournal>(i))
        });
        if let Some(winner) = winner {
            pos.scalars.status = Status::Won {
                winner,
                ply: pos.scalars.ply,
                by: WinBy::Connection,
            };
        }
        Ok(pos)
    }
}

/// Equal positions: the same rules, pegs, links, player to move, move
/// count, result, standing draw offer and first player. How the
/// union-find happens to be shaped, and the undo log, are not part of the
/// value: two orders of the same moves give equal positions.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let board = |c: &u8| c & (COLOUR | LINKS);
        self.rules == other.rules
            && self.first == other.first
            && self.scalars == other.scalars
            // Link 0 (slot 0 is no hole) collects the filler entries'
            // marks, whatever they are.
            && self.crossed.len() == other.crossed.len()
            && self.crossed.iter().zip(&other.crossed).enumerate().all(|(w, (a, b))| {
                let mask = if w == 0 { !3 } else { !0 };
                a & mask == b & mask
            })
            && self.cells.iter().map(board).eq(other.cells.iter().map(board))
    }
}

impl Eq for Position {}

/// SplitMix64's finaliser: a key per (slot, byte) without a table.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

// Support for `crate::state`: recorded play, undo, and the queries the
// legal-move generator needs, kept here because they reach the private
// state.
impl Position {
    /// Plays `mv` and records how to take it back; on an error nothing
    /// changes (the log neither).
    pub(crate) fn play_recorded(&mut self, mv: &Move) -> Result<(), MoveError> {
        // Out of `self` while playing: a snapshot then copies no log, and
        // the removal path's working copy neither.
        let mut log = match self.undo.take() {
            Some(log) => log,
            None => Box::new(UndoLog::of(self)),
        };
        let result = match mv {
            Move::Place(p) if p.removals.is_empty() => self.place_recorded(p, &mut log),
            _ => self.play_recorded_rare(mv, &mut log),
        };
        self.undo = Some(log);
        result
    }

    /// [`play_recorded`](Self::play_recorded) for a placement without
    /// removals: its links go to the journal.
    #[inline]
    fn place_recorded(&mut self, p: &Placement, log: &mut UndoLog) -> Result<(), MoveError> {
        let before = self.scalars;
        let journal_from = log.journal.len();
        // A refused placement writes nothing: it is checked first.
        let slot = self.apply_placement(p, &mut log.played, &mut log.journal)?;
        log.free.fill(slot);
        let kind = UndoKind::Place {
            slot: slot as u16,
            journal_from: journal_from as u32,
        };
        log.entries.push((before, kind));
        Ok(())
    }

    /// [`play_recorded`](Self::play_recorded) for the other moves: a
    /// placement with removals and a swap keep a snapshot of the board,
    /// a resignation and an accepted draw only the scalars.
    #[inline(never)]
    fn play_recorded_rare(&mut self, mv: &Move, log: &mut UndoLog) -> Result<(), MoveError> {
        let before = self.scalars;
        let snapshot = matches!(mv, Move::Place(_) | Move::Swap);
        if snapshot {
            if log.snapshots_used == log.snapshots.len() {
                log.snapshots.push(self.clone());
            } else {
                log.snapshots[log.snapshots_used].copy_from(self);
            }
            log.snapshots_used += 1;
        }
        let result = self.apply(mv, &mut log.played, &mut NoJournal);
        match result {
            Err(_) => log.snapshots_used -= usize::from(snapshot),
            Ok(()) if snapshot => {
                log.entries.push((before, UndoKind::Snapshot));
                log.free.read(self);
            }
            Ok(()) => log.entries.push((before, UndoKind::Scalars)),
        }
        result
    }

    /// Takes back the last move recorded by [`play_recorded`](Self::play_recorded);
    /// false when there is none.
    pub(crate) fn undo_recorded(&mut self) -> bool {
        let Some(mut log) = self.undo.take() else {
            return false;
        };
        let Some((before, kind)) = log.entries.pop() else {
            self.undo = Some(log);
            return false;
        };
        match kind {
            UndoKind::Scalars => {}
            UndoKind::Snapshot => {
                log.snapshots_used -= 1;
                // The snapshot holds no log (it was taken out of `self`).
                self.copy_from(&log.snapshots[log.snapshots_used]);
                log.free.read(self);
            }
            UndoKind::Place { slot, journal_from } => {
                // The links, newest first: the moves after this one were
                // taken back first, so the board is as this move left it
                // and comes back exactly as before.
                for &w in log.journal[journal_from as usize..].iter().rev() {
                    self.take_link_back(w);
                }
                log.journal.truncate(journal_from as usize);
                let slot = usize::from(slot);
                self.cells[slot] = 0;
                debug_assert_eq!(usize::from(self.parent[slot]), slot);
                log.free.empty(slot, self.geo.hole_flags(slot));
            }
        }
        self.scalars = before;
        self.undo = Some(log);
        true
    }

    /// Drops the undo record (a copy that is only tried moves on).
    pub(crate) fn drop_undo(&mut self) {
        self.undo = None;
    }

    /// A 64-bit key of the position's value (see `PartialEq`), computed
    /// afresh: one pass over the board.
    pub(crate) fn key(&self) -> u64 {
        let mut h = mix(0x7477_6978_7400_0000 ^ u64::from(self.scalars.ply));
        for (i, &c) in self.cells.iter().enumerate() {
            let c = c & (COLOUR | LINKS);
            if c != 0 {
                h ^= mix(((i as u64) << 8 | u64::from(c)).wrapping_add(0x9E37_79B9_7F4A_7C15));
            }
        }
        let status = match self.scalars.status {
            Status::Ongoing => 0,
            Status::Won { winner, by, .. } => {
                1 + side(winner) as u64 * 2 + u64::from(by == WinBy::Resignation)
            }
            Status::Drawn { .. } => 5,
        };
        let offer = self.scalars.draw_offer.map_or(0, |p| 1 + side(p) as u64);
        let small = side(self.scalars.to_move) as u64
            | (side(self.first) as u64) << 1
            | status << 2
            | offer << 5;
        h ^ mix(small.wrapping_add(0x5555_0000_0000))
    }

    /// Whether the player to move may swap now (the checks of `swap`).
    /// (Inlined: past the second move it is one comparison.)
    #[inline]
    pub(crate) fn swap_allowed(&self) -> bool {
        self.scalars.ply == 1 && self.swap_allowed_at_ply_one()
    }

    /// [`swap_allowed`](Self::swap_allowed) at the second move, out of
    /// line: once a game.
    #[cold]
    #[inline(never)]
    fn swap_allowed_at_ply_one(&self) -> bool {
        let mover = self.scalars.to_move;
        // One peg on the board, the opponent's: the counts say so
        // without a pass over the board.
        let pegs = self.scalars.pegs_on_board;
        if self.rules.swap == Swap::None
            || self.scalars.status != Status::Ongoing
            || (pegs[side(mover)], pegs[side(mover.opponent())]) != (0, 1)
        {
            return false;
        }
        if self.rules.swap != Swap::Mirror {
            return true;
        }
        // The first peg found is the only one.
        self.pegs()
            .next()
            .is_some_and(|(only, _)| self.size().playable_by(mover, only.mirrored()))
    }

    /// Whether a bare placement at `hole` is legal (no removals or links).
    pub(crate) fn can_place(&self, hole: Hole) -> bool {
        self.scalars.status == Status::Ongoing
            && self.check_placement(hole, self.scalars.to_move).is_ok()
            && self.rules.supply_pegs.is_none_or(|n| {
                self.scalars.pegs_on_board[side(self.scalars.to_move)] < u32::from(n)
            })
    }

    /// The slot of the root of the chain at slot `i`, without shortening
    /// paths (a query on a shared position).
    fn root(&self, mut i: usize) -> usize {
        loop {
            let p = usize::from(self.parent[i]);
            if p == i {
                return i;
            }
            i = p;
        }
    }

    /// The holes of a chain of `winner`'s that joins their two border rows
    /// (the whole linked group, row by row), or none.
    pub fn winning_chain(&self, winner: Player) -> Vec<Hole> {
        let mine = colour_bits(winner);
        let Some(root) = (0..self.cells.len())
            .filter(|&i| self.cells[i] & COLOUR == mine)
            .map(|i| self.root(i))
            .find(|&r| self.cells[r] & REACH_BOTH == REACH_BOTH)
        else {
            return Vec::new();
        };
        (0..self.cells.len())
            .filter(|&i| self.cells[i] & COLOUR == mine && self.root(i) == root)
            .map(|i| self.geo.hole(i))
            .collect()
    }

    /// Whether every word of the board is the same as `other`'s: cell
    /// bytes, union-find parents and crossing marks, down to the shape of
    /// the union-find and the marks of link 0, which `==` leaves out
    /// (tests of undo compare them).
    #[cfg(test)]
    pub(crate) fn same_words(&self, other: &Position) -> bool {
        self.cells == other.cells && self.parent == other.parent && self.crossed == other.crossed
    }

    /// Every peg's chain, named by its smallest slot, and the chain's
    /// border flags: equal for equal groupings however the union-find is
    /// shaped (tests of undo compare it).
    #[cfg(test)]
    pub(crate) fn grouping(&self) -> Vec<(usize, u8)> {
        let mut least = std::collections::HashMap::new();
        for i in 0..self.cells.len() {
            if self.cells[i] & COLOUR != 0 {
                least.entry(self.root(i)).or_insert(i);
            }
        }
        (0..self.cells.len())
            .map(|i| {
                if self.cells[i] & COLOUR == 0 {
                    return (usize::MAX, 0);
                }
                let r = self.root(i);
                (least[&r], self.cells[r] & REACH_BOTH)
            })
            .collect()
    }
}
