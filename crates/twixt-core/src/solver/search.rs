//! The AND/OR search itself: the attacker tries its moves, nearest its
//! chains first; the defender answers only inside the must-play region of
//! the attacker's threat; a transposition table remembers every position
//! proved or refuted with the moves it was searched for.

use super::Tuning;
use super::bounds::Costs;
use super::connection::{Chains, Connection};
use super::hole::{HoleIndex, free_holes};
use super::limit::{LimitKind, Meter};
use super::table::{Key, Keys, TableRef, side};
use super::zone::Zone;
use crate::board::Player;
use crate::geometry::NONE;
use crate::moves::Move;
use crate::position::{COLOUR, Played, Position, Status, WinBy, colour_bits};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The moves of a refutation that holds however many moves the attacker
/// has (the table keeps at most this many).
const NEVER: u32 = u8::MAX as u32;

/// What a defender's turn came to.
pub(crate) enum Defence {
    /// The attacker wins against every reply; the proof's zone.
    Proved(Zone),
    /// A reply holds: the hole, or `None` when every reply holds (the
    /// attacker needs more pegs than it has moves whatever the reply; or,
    /// where own links may cross, even a pass holds).
    Holds(Option<HoleIndex>),
}

/// The replies a defender's turn tries, once the pass showed a threat.
pub(crate) struct Replies {
    /// The replies in the order to try them.
    pub order: Vec<HoleIndex>,
    /// The zone of the attacker's proof after the pass.
    pub zone: Zone,
    /// Where a defender peg could connect first: replies there are tried
    /// wherever the proofs lie.
    pub region: Option<Zone>,
    /// The attacker's move that won after the pass.
    pub threat: HoleIndex,
    /// The defender's pegs needed, when at most the attacker's moves
    /// (else those moves and one).
    pub defender_needed: u32,
}

/// What an attacker's turn came to before its deepening
/// ([`Search::before_deepening`]).
enum Quick {
    /// The table or the bound settled it, or a move wins at once.
    Settled(Option<(HoleIndex, Zone)>),
    /// A chain of double links wins.
    Chain(Connection),
    /// To be searched: the pegs the bound needs.
    Open(u32),
}

/// What a defender's reply came to ([`Search::reply`]).
pub(crate) enum Replied {
    /// The defender's peg completed its chain.
    Connected,
    /// The attacker has no win left within its moves.
    Holds,
    /// The attacker still wins: its proof's zone.
    Loses(Zone),
}

/// Why a search stopped before its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A limit of the search ([`super::SearchLimit`]): the whole search ends.
    Limit(LimitKind),
    /// The allowance of the innermost attacker's move tried side by side
    /// with another ran out: that move is left undecided, to be tried
    /// again ([`Search::side_by_side`]).
    Allowance,
    /// Another thread proved a first move of the root that comes earlier
    /// in its order: this thread's move no longer matters
    /// (`threads.rs`).
    Cancelled,
}

impl From<LimitKind> for Stop {
    fn from(k: LimitKind) -> Stop {
        Stop::Limit(k)
    }
}

/// What two moves tried side by side came to.
enum Pair {
    /// This move wins, with its proof's zone.
    Won(HoleIndex, Zone),
    /// One move was refuted; the other, still undecided, is this one.
    Left(HoleIndex),
}

pub(crate) struct Search<'a> {
    pub attacker: Player,
    pub meter: &'a mut Meter,
    /// The allowances of the attacker's moves being tried side by side,
    /// innermost last: the count of positions past which each runs out
    /// (an inner one never past an outer one).
    pub ends: &'a mut Vec<u64>,
    /// How many allowances ran out (for tests: that the case is met).
    pub ran_out: &'a mut u64,
    /// Where the attacker's turns share effort across their moves.
    pub tuning: Tuning,
    /// The bound's buffers for the defender's chains: replies on a chain
    /// the defender could complete before the attacker are always tried
    /// (there a defender peg can matter wherever the attacker's proof lies).
    pub defender_costs: &'a mut Costs,
    pub defender_through: &'a mut Vec<u32>,
    pub keys: &'a Keys,
    pub table: TableRef<'a>,
    /// For a thread searching one of the root's first moves beside others:
    /// the index of the earliest first move proved so far, and the index
    /// of this thread's move. Once the first is below the second, this
    /// move's search stops ([`Stop::Cancelled`]).
    pub cancel: Option<(&'a AtomicUsize, usize)>,
    /// The lower bound's buffers, reused from node to node.
    pub costs: &'a mut Costs,
    /// The costs through each hole, of the node being expanded.
    pub through: &'a mut Vec<u32>,
    /// For each hole slot, how often a defender's reply there held: replies
    /// that held elsewhere are tried first (the order only, never which
    /// replies are tried).
    pub history: &'a super::history::History,
    /// The root's first moves worth trying, once worked out: no other is
    /// tried there.
    pub root_moves: Option<&'a super::RootMoves>,
    /// The defender's replies on the line being searched, oldest first:
    /// a position with one of them taken off may be known already
    /// ([`Search::without_a_reply`]).
    pub replies: &'a mut Vec<HoleIndex>,
    /// Whether a player's own links may cross (`crossing: own`). Only then
    /// does a defender peg never help the attacker: under `crossing: none`
    /// its links can bar the defender's own later links, which would have
    /// cut the attacker's, so what holds without a peg need not hold with
    /// it (docs/engine.md, "where a defender peg can help the attacker").
    pub own_links_cross: bool,
    /// The buffers of the search for a chain of double links.
    pub chains: &'a mut Chains,
    /// The buffers of the search for the defender's chain of double links.
    pub rival_chains: &'a mut Chains,
    /// Whether the connection knowledge is used (off only to measure it).
    pub knowledge: bool,
    /// Positions no longer in use, to be copied over rather than allocated
    /// again (a copy per position searched).
    pub spare: &'a mut Vec<Position>,
    /// What the last move played changed (its vectors reused).
    pub played: &'a mut Played,
    /// The costs through each hole of [`Search::refutation_zone`].
    pub zone_costs: &'a mut Vec<u32>,
    /// How many attacker's moves a refutation's zone refuted unsearched.
    pub zone_skips: &'a mut u64,
    /// How many turns the defender's virtual connection settled.
    pub defender_connections: &'a mut u64,
    /// Whether the next defender's turn is one whose reply that holds is
    /// shown to a player: there the reply that held most often elsewhere
    /// (which may be a far hole) is not tried before the pass. Reset by
    /// that turn, so the turns below it try it.
    pub reported: bool,
}

/// A move played: the position after it and its key.
pub(crate) struct Child {
    pub pos: Position,
    pub key: Key,
    /// Link ids the move added: the first `link_count`.
    pub links: [u16; 8],
    pub link_count: usize,
}

/// The links a peg of the player to move at the empty hole `hole` would
/// get under automatic linking (ids, the first `.1` of them): a knight's
/// move to an own peg, the link not there yet and crossed by no link that
/// bars it. Two links of one peg never cross, so none of them bars
/// another: these are the links [`Position::play`] adds.
pub(crate) fn new_links(pos: &Position, hole: HoleIndex) -> ([u16; 8], usize) {
    let mover = pos.to_move();
    let mine = colour_bits(mover);
    let blocking = pos.blocking_colours(mover);
    let mut links = [0u16; 8];
    let mut n = 0;
    for s in pos.geometry().steps(hole.get()) {
        let id = usize::from(s.link);
        if s.hole != NONE
            && pos.cell(usize::from(s.hole)) & COLOUR == mine
            && pos.link_colour(id).is_none()
            && pos.crossed_colours(id) & blocking == 0
        {
            links[n] = s.link;
            n += 1;
        }
    }
    (links, n)
}

impl Search<'_> {
    /// Whether the defender could run out of holes within a line of
    /// `budget` attacker's moves from `pos`, even with one more peg of
    /// its own: at most `2 * budget + 1` holes it may use are free. A
    /// side with no legal move ends the game in a draw (no rule set has a
    /// pass), so there a defender peg outside a proof's zone can matter
    /// (the game ends sooner): the pass, the zones and the chains of
    /// double links do not decide such a turn, every reply is searched
    /// (docs/engine.md, "a side with no legal move").
    pub(crate) fn short_of_holes(&self, pos: &Position, budget: u32) -> bool {
        let room = 2 * budget as usize + 2;
        free_holes(pos, self.attacker.opponent()).take(room).count() < room
    }

    /// A defender's turn where it is [`Search::short_of_holes`]: every
    /// reply searched, the first that holds or connects returned; a
    /// defender with no reply at all holds (the game is a draw). The
    /// proof's zone is the whole board: no turn above prunes by it.
    fn every_reply(&mut self, pos: &Position, key: Key, budget: u32) -> Result<Defence, Stop> {
        let replies: Vec<HoleIndex> = free_holes(pos, self.attacker.opponent()).collect();
        if replies.is_empty() {
            return Ok(Defence::Holds(None));
        }
        for r in replies {
            match self.reply(pos, key, budget, r, None)? {
                Replied::Loses(_) => {}
                Replied::Holds => {
                    self.held(r, budget);
                    return Ok(Defence::Holds(Some(r)));
                }
                Replied::Connected => return Ok(Defence::Holds(Some(r))),
            }
        }
        Ok(Defence::Proved(Zone::full(pos.geometry().slots())))
    }

    /// Plays a peg at `hole` on a copy of `pos`, counting the position.
    pub(crate) fn play(
        &mut self,
        pos: &Position,
        key: Key,
        hole: HoleIndex,
    ) -> Result<Child, Stop> {
        self.meter.tick()?;
        if let Some((earliest, mine)) = self.cancel
            && earliest.load(Ordering::Relaxed) < mine
        {
            return Err(Stop::Cancelled);
        }
        if self.ends.last().is_some_and(|&end| self.meter.used() > end) {
            *self.ran_out += 1;
            return Err(Stop::Allowance);
        }
        let (links, link_count) = new_links(pos, hole);
        let key = self.key_after(key, pos, hole, &links[..link_count]);
        let mut next = self.copy_of(pos);
        next.play_into(&Move::peg(pos.geometry().hole(hole.get())), self.played)
            .expect("the search only plays empty holes the mover may use");
        debug_assert_eq!(self.played.links_added.len(), link_count);
        Ok(Child {
            pos: next,
            key,
            links,
            link_count,
        })
    }

    /// The key after a peg of the player to move at `hole` that adds the
    /// links `links`.
    fn key_after(&self, key: Key, pos: &Position, hole: HoleIndex, links: &[u16]) -> Key {
        let mut key = key.with(self.keys.peg(hole, side(pos.to_move())));
        for &id in links {
            key = key.with(self.keys.link(usize::from(id)));
        }
        key
    }

    /// A copy of `pos`, in a spare position when there is one.
    pub(crate) fn copy_of(&mut self, pos: &Position) -> Position {
        match self.spare.pop() {
            Some(mut p) => {
                p.copy_from(pos);
                p
            }
            None => pos.clone(),
        }
    }

    /// Gives a position no longer needed back, for [`Search::copy_of`].
    pub(crate) fn release(&mut self, pos: Position) {
        self.spare.push(pos);
    }

    /// Whether `pos` is won by the attacker's connection.
    pub(crate) fn attacker_won(&self, pos: &Position) -> bool {
        matches!(
            pos.status(),
            Status::Won { winner, by: WinBy::Connection, .. } if winner == self.attacker
        )
    }

    /// The attacker's moves worth trying with `budget` moves left, in the
    /// order to try them: holes on the cheapest chains first, then those
    /// next to more own pegs. `None` when the attacker needs more pegs
    /// than it has moves.
    pub(crate) fn attacker_moves(
        &mut self,
        pos: &Position,
        budget: u32,
        hint: Option<HoleIndex>,
    ) -> Option<Vec<HoleIndex>> {
        let needed = self.costs.needed(pos, self.attacker, budget, None);
        (needed <= budget).then(|| self.ordered_moves(pos, budget, needed, hint))
    }

    /// The moves of [`Search::attacker_moves`] once the pegs needed (the
    /// last [`Costs::needed`], of this position) are known to be at most
    /// `budget`.
    pub(crate) fn ordered_moves(
        &mut self,
        pos: &Position,
        budget: u32,
        needed: u32,
        hint: Option<HoleIndex>,
    ) -> Vec<HoleIndex> {
        self.costs.through(pos, self.attacker, self.through);
        let through = &*self.through;
        let geo = pos.geometry();
        let mine = colour_bits(self.attacker);
        // A peg off every chain cheap enough to finish in time leaves the
        // pegs needed as they are (only chains through it get cheaper), so
        // with no moves to spare it loses at once: leave it out. In the
        // last move that keeps only the holes that connect.
        let spare = needed < budget;
        let mut order: Vec<(u32, u32, HoleIndex)> = free_holes(pos, self.attacker)
            .filter(|&i| spare || through[i] <= budget)
            .map(|i| {
                let near = geo
                    .steps(i.get())
                    .iter()
                    .filter(|s| s.hole != NONE && pos.cell(usize::from(s.hole)) & COLOUR == mine)
                    .count() as u32;
                // The hint (the move that won after a pass) goes first.
                let first = u32::from(Some(i) != hint);
                (first * through[i], 8 - near, i)
            })
            .collect();
        order.sort_unstable();
        order.into_iter().map(|(_, _, i)| i).collect()
    }

    /// The root's first moves in the order a turn tries them: by
    /// [`Search::ordered_moves`], threats first from five moves on
    /// ([`Search::threats_first`]). `needed` is what
    /// [`Search::settled`] returned for this position.
    pub(crate) fn root_order(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        needed: u32,
    ) -> Vec<HoleIndex> {
        let mut moves = self.ordered_moves(pos, budget, needed, None);
        self.keep_plausible(key, &mut moves);
        if budget >= self.tuning.share_from {
            self.threats_first(pos, key, budget, &mut moves);
        }
        moves
    }

    /// At the root, once its plausible first moves are known, keeps only
    /// them among `moves` (in `moves`' order).
    fn keep_plausible(&self, key: Key, moves: &mut Vec<HoleIndex>) {
        if let Some(root) = self.root_moves.filter(|r| r.key == key) {
            moves.retain(|&m| root.moves.contains(m));
        }
    }

    /// Whether the first move `m` from the root `pos` wins within
    /// `budget` ([`Search::try_move`], its zone not needed).
    pub(crate) fn first_move_wins(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        m: HoleIndex,
    ) -> Result<bool, Stop> {
        self.try_move(pos, key, budget, m).map(|z| z.is_some())
    }

    /// The attacker to move with `budget` moves: the winning move and its
    /// proof's zone, or `None` when no move wins within `budget`. The
    /// shortest win is looked for first (deepening at every node, as at the
    /// root): a win with moves to spare is dearer to prove than the short
    /// one inside it, and its zone is wider, which widens the must-play
    /// regions above it.
    pub(crate) fn attack(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        hint: Option<HoleIndex>,
    ) -> Result<Option<(HoleIndex, Zone)>, Stop> {
        match self.before_deepening(pos, key, budget) {
            Quick::Settled(answer) => Ok(answer),
            Quick::Chain(c) => Ok(Some(self.chain_wins(key, c))),
            Quick::Open(needed) => self.deepen(pos, key, budget, hint, needed),
        }
    }

    /// What an attacker's turn with `budget` moves comes to before its
    /// deepening: settled by the table or the bound, a win in one move, a
    /// chain of double links (looked for once with all the moves, not
    /// again at each round of the deepening), or none of them.
    fn before_deepening(&mut self, pos: &Position, key: Key, budget: u32) -> Quick {
        let needed = match self.settled(pos, key, budget) {
            Ok(needed) => needed,
            Err(answer) => return Quick::Settled(answer),
        };
        if let Some(win) = self.win_in_one(pos, key, needed) {
            return Quick::Settled(Some(win));
        }
        if let Some(c) = self.connection(pos, key, budget) {
            return Quick::Chain(c);
        }
        if budget >= self.tuning.defender_connection_from && self.defender_connects(pos) {
            *self.defender_connections += 1;
            self.table.refuted(key, NEVER);
            return Quick::Settled(None);
        }
        Quick::Open(needed)
    }

    /// Whether the defender has a virtual connection in `pos`, the
    /// attacker to move: a chain of double links whose every gap the
    /// defender closes when the attacker intrudes into its carrier. The
    /// defender's complete chain would cross every chain of the attacker,
    /// so the attacker never connects (the proof numbers' disproof, in
    /// docs/solver.md). A draw for want of holes is no win either.
    fn defender_connects(&mut self, pos: &Position) -> bool {
        self.knowledge
            && self
                .rival_chains
                .find(pos, self.attacker.opponent(), NEVER, false, None)
                .is_some_and(|c| !c.opening)
    }

    /// With the defender to move in `pos`: the first move of a virtual
    /// connection of the defender (one gap may be a single link it closes
    /// at once), after which the attacker never connects.
    fn defender_connection_move(&mut self, pos: &Position) -> Option<HoleIndex> {
        if !self.knowledge {
            return None;
        }
        self.rival_chains
            .find(pos, self.attacker.opponent(), NEVER, true, None)
            .map(|c| c.first)
    }

    /// The chain `c` as the attacker's win from `key`'s position: noted in
    /// the table, its first move and zone.
    fn chain_wins(&mut self, key: Key, c: Connection) -> (HoleIndex, Zone) {
        self.table.proved(key, c.gaps, c.first, &c.zone);
        (c.first, c.zone)
    }

    /// Where the attacker needs one peg (`needed`, of this position): the
    /// hole that completes its chain, read off the bound's costs (no move
    /// is played, no position counted), with the proof's zone a move that
    /// wins at once has: its hole and the ends of every link that crosses
    /// one of its new links. Noted in the table.
    fn win_in_one(&mut self, pos: &Position, key: Key, needed: u32) -> Option<(HoleIndex, Zone)> {
        if needed != 1 {
            return None;
        }
        let m = self.costs.winning_hole(pos, self.attacker)?;
        let geo = pos.geometry();
        let mut zone = Zone::new(geo.slots());
        let (links, n) = new_links(pos, m);
        zone.add_peg(geo, m, &links[..n]);
        self.table.proved(key, 1, m, &zone);
        Some((m, zone))
    }

    /// [`Search::attack`] once the position is not [`Search::settled`]
    /// (`needed` the pegs the bound needs) and no chain of double links
    /// wins: a search within each number of moves in turn, from the least
    /// that can win.
    fn deepen(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        hint: Option<HoleIndex>,
        needed: u32,
    ) -> Result<Option<(HoleIndex, Zone)>, Stop> {
        let low = self
            .table
            .facts(key)
            .map_or(1, |e| u32::from(e.refuted) + 1);
        for d in low.max(needed)..=budget {
            if let Some(win) = self.attack_within(pos, key, d, hint)? {
                return Ok(Some(win));
            }
        }
        Ok(None)
    }

    /// What is settled of the attacker's position `key` with `budget`
    /// moves before any move is tried: `Err(answer)` when the table holds
    /// a proof within them or a refutation with as many or more, or the
    /// bound needs more pegs than that (one search of the bound: most
    /// nodes end there); else `Ok` with the pegs the bound needs.
    pub(crate) fn settled(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
    ) -> Result<u32, Option<(HoleIndex, Zone)>> {
        if let Some(e) = self.table.facts(key) {
            if u32::from(e.proved) <= budget
                && let Some((_, mv, zone)) = self.table.proof_within(key, budget)
            {
                return Err(Some((mv, zone)));
            }
            if u32::from(e.refuted) >= budget {
                return Err(None);
            }
        }
        let needed = self.costs.needed(pos, self.attacker, budget, Some(key));
        if needed > budget {
            self.table.refuted(key, budget);
            return Err(None);
        }
        Ok(needed)
    }

    /// [`Search::attack`] without deepening and without the chain of
    /// double links (asked once by [`Search::attack`]): the first move
    /// found that wins within `budget`.
    fn attack_within(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        hint: Option<HoleIndex>,
    ) -> Result<Option<(HoleIndex, Zone)>, Stop> {
        let needed = match self.settled(pos, key, budget) {
            Ok(needed) => needed,
            Err(answer) => return Ok(answer),
        };
        if let Some(known) = self.without_a_reply(pos, key, budget) {
            return Ok(known);
        }
        let mut moves = self.ordered_moves(pos, budget, needed, hint);
        self.keep_plausible(key, &mut moves);
        // Below this node, a hole whose cost through it here, less the
        // pegs added since, is over the moves left lies on no chain that
        // can still be made: the bound's searches leave it out.
        self.costs.push_floor(pos, self.through, budget);
        let found = self.first_winning_move(pos, key, budget, moves);
        self.costs.pop_floor();
        let found = found?;
        if found.is_none() {
            self.table.refuted(key, budget);
        }
        Ok(found)
    }

    /// The first of `moves` found to win within `budget`, with its proof's
    /// zone (noted in the table); `None` when every move is refuted.
    ///
    /// With [`Tuning::share_from`] moves or more, the threats come first
    /// ([`Search::threats_first`]), and with [`Tuning::pair_from`] or
    /// more, when the likeliest threat by the defender's replies is not
    /// the first in the plain order, the two are tried side by side
    /// ([`Search::side_by_side`]): a move that is
    /// dear to refute does not hold up a cheap win behind it. Every move
    /// is still tried to the end before `None` (docs/engine.md, "effort
    /// shared between two first moves").
    fn first_winning_move(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        mut moves: Vec<HoleIndex>,
    ) -> Result<Option<(HoleIndex, Zone)>, Stop> {
        if budget >= self.tuning.share_from
            && let Some(pair) = self
                .threats_first(pos, key, budget, &mut moves)
                .filter(|_| budget >= self.tuning.pair_from)
                .or_else(|| {
                    // For tests: any two moves may be tried side by side.
                    (self.tuning.any_pair && moves.len() >= 2).then(|| [moves[0], moves[1]])
                })
        {
            match self.side_by_side(pos, key, budget, pair)? {
                Pair::Won(m, zone) => return Ok(Some((m, zone))),
                Pair::Left(left) => {
                    moves.retain(|&m| m != pair[0] && m != pair[1]);
                    moves.insert(0, left);
                }
            }
        }
        // The moves still to try lie in every refuted move's
        // [`Search::refutation_zone`]: the reply that held against a move
        // holds against any move outside it.
        let mut open: Option<Zone> = None;
        for (k, &m) in moves.iter().enumerate() {
            if open.as_ref().is_some_and(|z| !z.contains(m)) {
                *self.zone_skips += 1;
                continue;
            }
            let reply = match self.tried(pos, key, budget, m)? {
                Ok(zone) => return Ok(Some((m, zone))),
                Err(reply) => reply,
            };
            // Worked out only where a later move may lie outside it, and
            // from `zone_from` moves on: below, the moves it would skip are
            // cheaper to refute than the zone is to work out.
            let later = |z: &Zone| moves[k + 1..].iter().any(|&x| z.contains(x));
            if self.own_links_cross
                && budget >= self.tuning.zone_from.max(2)
                && open.as_ref().is_none_or(later)
                && let Some(z) = self.refutation_zone(pos, m, reply, budget)
            {
                match &mut open {
                    Some(o) => o.intersect(&z),
                    None => open = Some(z),
                }
            }
        }
        Ok(None)
    }

    /// After the attacker's move `m` from `pos` was refuted, the defender
    /// answering `reply` (`None`: whatever it plays), where the attacker is
    /// then cut off by the bound, needing more than the `budget - 1` moves
    /// left: the holes where an attacker's peg in place of `m` could escape
    /// that cut. Outside them the same reply holds (docs/engine.md, "a
    /// refutation's zone"): a hole on no chain of at most `budget` new pegs
    /// after the reply, not the reply's hole, and no end of a link that
    /// crosses one of the reply's links. `None` when the bound does not cut
    /// the position off (it was refuted by search), or the reply connected.
    fn refutation_zone(
        &mut self,
        pos: &Position,
        m: HoleIndex,
        reply: Option<HoleIndex>,
        budget: u32,
    ) -> Option<Zone> {
        let geo = pos.geometry();
        let mut after = self.copy_of(pos);
        after
            .play_into(&Move::peg(geo.hole(m.get())), self.played)
            .expect("a move the search played");
        let mut zone = Zone::new(geo.slots());
        if let Some(r) = reply {
            let (links, n) = new_links(&after, r);
            after
                .play_into(&Move::peg(geo.hole(r.get())), self.played)
                .expect("a reply the search played");
            zone.add_peg(geo, r, &links[..n]);
        }
        // The bound with a cap of `budget`: the costs through each hole
        // are then exact up to it.
        let needed = if after.status() == Status::Ongoing {
            self.costs.needed(&after, self.attacker, budget, None)
        } else {
            0
        };
        let cut = needed >= budget;
        // Needing more than `budget`, a peg anywhere leaves more than
        // `budget - 1` to place: only the reply's links matter.
        if needed == budget {
            self.costs.through(&after, self.attacker, self.zone_costs);
            for (i, &t) in self.zone_costs.iter().enumerate() {
                if t <= budget {
                    zone.insert(HoleIndex::new(i));
                }
            }
        }
        self.release(after);
        cut.then_some(zone)
    }

    /// Puts the *threats* of `moves` (kept in their order otherwise)
    /// first: the moves after which the table already holds a win within
    /// `budget - 2` with the defender passing (a defender's turn begins
    /// with that pass, so an earlier round or a sibling noted it). Among
    /// them the holes where the defender's replies held most often come
    /// first: a hole the defender wants is often the attacker's best. The
    /// order only, never which moves. Returns that first threat and the
    /// first threat of the plain order when they differ.
    pub(crate) fn threats_first(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        moves: &mut Vec<HoleIndex>,
    ) -> Option<[HoleIndex; 2]> {
        let (mut threats, others): (Vec<HoleIndex>, Vec<HoleIndex>) =
            moves.iter().partition(|&&m| {
                let after = self.child_key(pos, key, m);
                self.table
                    .facts(after)
                    .is_some_and(|e| u32::from(e.proved) + 2 <= budget)
            });
        let plain = threats.first().copied();
        threats.sort_by_key(|&m| std::cmp::Reverse(self.history.get(m)));
        let pair = match (threats.first().copied(), plain) {
            (Some(a), Some(b)) if a != b => Some([a, b]),
            _ => None,
        };
        threats.extend(others);
        *moves = threats;
        pair
    }

    /// Tries the two moves of `pair` side by side, each with an allowance
    /// of positions that doubles every turn, until one is decided: a move
    /// proved wins; a move refuted leaves the other undecided. A move
    /// whose allowance ran out is neither: its search stopped, and the
    /// table kept only what it completed.
    fn side_by_side(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        pair: [HoleIndex; 2],
    ) -> Result<Pair, Stop> {
        let mut allowance = self.tuning.first_allowance.max(1);
        loop {
            for (k, &m) in pair.iter().enumerate() {
                let outer = self.ends.last().copied().unwrap_or(u64::MAX);
                self.ends
                    .push(outer.min(self.meter.used().saturating_add(allowance)));
                let line = (self.replies.len(), self.costs.floors());
                let tried = self.try_move(pos, key, budget, m);
                self.ends.pop();
                // A move stopped mid-search leaves the line as it found it
                // (docs/engine.md): a reply or a floor left over would
                // mislead every search after it. Checked in release builds
                // too: the tests' tiny allowances stop here thousands of
                // times.
                assert_eq!(
                    line,
                    (self.replies.len(), self.costs.floors()),
                    "a move tried side by side left the line's replies or floors changed"
                );
                match tried {
                    Ok(Some(zone)) => return Ok(Pair::Won(m, zone)),
                    Ok(None) => return Ok(Pair::Left(pair[1 - k])),
                    // This move's allowance ran out, not an outer one.
                    Err(Stop::Allowance) if self.meter.used() <= outer => {}
                    Err(e) => return Err(e),
                }
            }
            allowance = allowance.saturating_mul(2);
        }
    }

    /// The key of `pos` after the attacker's peg at `m`, without counting
    /// a position.
    fn child_key(&self, pos: &Position, key: Key, m: HoleIndex) -> Key {
        let (links, n) = new_links(pos, m);
        self.key_after(key, pos, m, &links[..n])
    }

    /// Whether the attacker's move `m` wins within `budget`: the proof's
    /// zone (noted in the table), or `None` when a reply holds.
    pub(crate) fn try_move(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        m: HoleIndex,
    ) -> Result<Option<Zone>, Stop> {
        Ok(self.tried(pos, key, budget, m)?.ok())
    }

    /// [`Search::try_move`], with the reply that held when the move is
    /// refuted (`Err(None)`: every reply holds).
    fn tried(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        m: HoleIndex,
    ) -> Result<Result<Zone, Option<HoleIndex>>, Stop> {
        let geo = pos.geometry();
        let child = self.play(pos, key, m)?;
        let rest = if self.attacker_won(&child.pos) {
            Ok(Zone::new(geo.slots()))
        } else if budget > 1 {
            match self.defend(&child.pos, child.key, budget - 1)? {
                Defence::Proved(z) => Ok(z),
                Defence::Holds(r) => Err(r),
            }
        } else {
            Err(None)
        };
        let (links, link_count) = (child.links, child.link_count);
        self.release(child.pos);
        Ok(rest.map(|mut zone| {
            zone.add_peg(geo, m, &links[..link_count]);
            self.table.proved(key, budget, m, &zone);
            zone
        }))
    }

    /// A chain of double links that wins within `budget` moves, by
    /// [`Chains::find`], the attacker to move: one gap may be a single
    /// link, closed at once ([`Connection::opening`] tells whether the
    /// chain needs that first move). The defender cannot
    /// connect first: while every gap keeps an open option, a defender
    /// chain would have to cross the attacker's (docs/engine.md, "a chain
    /// of double links").
    ///
    /// The chain search skips pegs too far from the end border by the
    /// bound's costs from it: the costs through each hole are asked here,
    /// as the attacker's moves at this position ask them anyway (the same
    /// key answers again at once).
    pub(crate) fn connection(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
    ) -> Option<Connection> {
        // A chain of double links wins only if the defender keeps moving.
        if !self.knowledge || self.short_of_holes(pos, budget) {
            return None;
        }
        self.costs.needed(pos, self.attacker, budget, Some(key));
        self.costs.through(pos, self.attacker, self.through);
        // The positions after the defender's replies to one move differ
        // from the position before them by one peg: the safety of gaps far
        // from the reply is the same in all of them, and reused.
        let defender = colour_bits(self.attacker.opponent());
        match self.replies.last() {
            Some(&x) if pos.cell(x.get()) & COLOUR == defender => {
                let base = self.key_without(pos, key, x);
                self.chains.reuse_from(base, Some(x));
            }
            _ => self.chains.reuse_nothing(),
        }
        let found = self.chains.find(
            pos,
            self.attacker,
            budget,
            true,
            Some(self.costs.end_costs()),
        );
        self.chains.reuse_nothing();
        found
    }

    /// The key of `pos` with the defender's peg at `x` taken off, and
    /// every link at it.
    fn key_without(&self, pos: &Position, key: Key, x: HoleIndex) -> Key {
        let geo = pos.geometry();
        let mut without = key.with(self.keys.peg(x, side(self.attacker.opponent())));
        for s in geo.steps(x.get()) {
            if s.hole != NONE && pos.link_colour(usize::from(s.link)).is_some() {
                without = without.with(self.keys.link(usize::from(s.link)));
            }
        }
        without
    }

    /// What the table knows of `pos` with one of the defender's replies on
    /// this line taken off (the latest first): `Some(None)` when that
    /// position is refuted within `budget` (a defender peg never helps the
    /// attacker, so this one is too), `Some(Some(..))` when it is proved
    /// within `budget` by a proof whose zone does not hold the reply's hole
    /// and the defender cannot connect within the line (then the same
    /// proof wins with that peg on the board: docs/engine.md, "a reply the
    /// proof does not see"), `None` when the table does not tell.
    fn without_a_reply(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
    ) -> Option<Option<(HoleIndex, Zone)>> {
        let defender = self.attacker.opponent();
        let mut defender_far = None;
        for k in (0..self.replies.len()).rev() {
            let x = self.replies[k];
            let without = self.key_without(pos, key, x);
            let Some(e) = self.table.facts(without) else {
                continue;
            };
            if u32::from(e.refuted) >= budget && self.own_links_cross {
                self.table.refuted(key, budget);
                return Some(None);
            }
            let Some((proved, mv, zone)) = self.table.proof_within(without, budget) else {
                continue;
            };
            if zone.contains(x) || self.short_of_holes(pos, budget) {
                continue;
            }
            // The defender places at most `budget - 1` pegs before the
            // attacker's last move: if it needs more, no peg of its own
            // (x included) lets it connect first.
            let far = *defender_far.get_or_insert_with(|| {
                self.defender_costs
                    .needed(pos, defender, budget - 1, Some(key))
                    > budget - 1
            });
            if !far {
                return None;
            }
            self.table.proved(key, proved, mv, &zone);
            return Some(Some((mv, zone)));
        }
        None
    }

    /// Under `crossing: none`, when even a pass holds: a pass is not a
    /// move, and a defender peg can help the attacker there, so a reply
    /// that holds is searched for, the cheapest for the attacker to ignore
    /// first (off its chains). Usually the first one tried holds.
    fn a_reply_that_holds(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
    ) -> Result<Defence, Stop> {
        let defender = self.attacker.opponent();
        // The costs are of the last position asked (a deeper one, after
        // the pass's search): asked again of this one first.
        self.costs.needed(pos, self.attacker, budget, Some(key));
        self.costs.through(pos, self.attacker, self.through);
        let mut replies: Vec<(u32, HoleIndex)> = free_holes(pos, defender)
            .map(|i| (u32::MAX - self.through[i], i))
            .collect();
        replies.sort_unstable();
        let mut zone = Zone::new(pos.geometry().slots());
        for (_, r) in replies {
            let Replied::Loses(mut reply_zone) = self.reply(pos, key, budget, r, None)? else {
                return Ok(Defence::Holds(Some(r)));
            };
            reply_zone.insert(r);
            zone.union(&reply_zone);
        }
        Ok(Defence::Proved(zone))
    }

    /// The defender to move; the attacker then has `budget` moves.
    ///
    /// First the defender passes: if the attacker still wins, its proof
    /// depends only on the holes of its zone, and a defender peg outside
    /// them leaves the same proof winning. The zone is the must-play region:
    /// only replies inside it are tried, each giving its own proof, and the
    /// union of the zones is this node's. Replies on a chain the defender
    /// could complete within the line are tried too: there a defender peg
    /// can matter by connecting first.
    pub(crate) fn defend(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
    ) -> Result<Defence, Stop> {
        let plan = match self.replies_to_try(pos, key, budget)? {
            Ok(plan) => plan,
            Err(settled) => return Ok(settled),
        };
        // Below this turn the defender needs at least its pegs needed here
        // less those it adds: the bound of its region is often settled
        // by that alone.
        let defender = self.attacker.opponent();
        self.defender_costs
            .push_least(pos, defender, plan.defender_needed);
        let defence = self.try_replies(pos, key, budget, plan);
        self.defender_costs.pop_least();
        defence
    }

    /// [`Search::defend`] once the replies to try are known: the first
    /// that holds, or the proof against them all.
    fn try_replies(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        plan: Replies,
    ) -> Result<Defence, Stop> {
        let Replies {
            order,
            mut zone,
            region,
            threat,
            ..
        } = plan;
        let in_region = |i: HoleIndex| region.as_ref().is_some_and(|z| z.contains(i));
        // Where a reply can still hold: inside the zone of every proof
        // found so far (the pass's, then each reply's), or in the
        // defender's region.
        let mut open = zone.clone();
        for r in order {
            if !open.contains(r) && !in_region(r) {
                continue;
            }
            let Some(reply_zone) = self.defending_reply(pos, key, budget, r, threat)? else {
                return Ok(Defence::Holds(Some(r)));
            };
            // A later reply x outside this proof's zone loses too: the
            // proof after r wins with x added, and taking r's peg off
            // again never helps the defender (docs/engine.md, "the
            // must-play region narrows").
            if self.own_links_cross {
                open.intersect(&reply_zone);
            }
            zone.union(&reply_zone);
        }
        Ok(Defence::Proved(zone))
    }

    /// The defender's reply `r` as a defence of the must-play region tries
    /// it, `threat` the attacker's winning move after the pass (tried
    /// first, as it often still wins): `None` when the reply holds (noted
    /// for the order of later replies) or connects, else the attacker's
    /// proof's zone with `r` in it.
    pub(crate) fn defending_reply(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        r: HoleIndex,
        threat: HoleIndex,
    ) -> Result<Option<Zone>, Stop> {
        let hint = (r != threat).then_some(threat);
        Ok(match self.reply(pos, key, budget, r, hint)? {
            Replied::Loses(mut zone) => {
                zone.insert(r);
                Some(zone)
            }
            Replied::Holds => {
                self.held(r, budget);
                None
            }
            Replied::Connected => None,
        })
    }

    /// The defender's reply `r`, the attacker then having `budget` moves
    /// (its move `hint` tried first): whether the defender connected, the
    /// reply holds, or the attacker still wins (its proof's zone, without
    /// `r`).
    pub(crate) fn reply(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
        r: HoleIndex,
        hint: Option<HoleIndex>,
    ) -> Result<Replied, Stop> {
        let child = self.play(pos, key, r)?;
        if child.pos.status() != Status::Ongoing {
            self.release(child.pos);
            return Ok(Replied::Connected);
        }
        self.replies.push(r);
        let answer = self.attack(&child.pos, child.key, budget, hint);
        self.replies.pop();
        self.release(child.pos);
        Ok(match answer? {
            Some((_, zone)) => Replied::Loses(zone),
            None => Replied::Holds,
        })
    }

    /// The attacker's answer to the defender's pass (`passed`: the
    /// defender's position with the attacker to move): its winning move and
    /// proof's zone, or `None`; `Err` when a chain of double links wins
    /// with the defender to move, settling the defender's turn at once.
    ///
    /// One search for a chain serves both turns: a chain that needs no
    /// opening move wins whoever moves, and one that does is the pass's
    /// answer, as [`Search::attack`] would find it. A position the table
    /// or the bound settles is not searched for a chain at all.
    fn pass(
        &mut self,
        passed: &Position,
        key: Key,
        budget: u32,
    ) -> Result<Result<Option<(HoleIndex, Zone)>, Defence>, Stop> {
        Ok(match self.before_deepening(passed, key, budget) {
            Quick::Settled(answer) => Ok(answer),
            Quick::Chain(c) if !c.opening => Err(Defence::Proved(c.zone)),
            Quick::Chain(c) => Ok(Some(self.chain_wins(key, c))),
            Quick::Open(needed) => Ok(self.deepen(passed, key, budget, None, needed)?),
        })
    }

    /// The defender's free hole whose replies held most often, if any held.
    fn likeliest_reply(&self, pos: &Position) -> Option<HoleIndex> {
        free_holes(pos, self.attacker.opponent())
            .filter(|&i| self.history.get(i) > 0)
            .max_by_key(|&i| (self.history.get(i), std::cmp::Reverse(i.get())))
    }

    /// Notes that the defender's reply at `r` held against `budget` moves:
    /// replies there are tried first from now on.
    pub(crate) fn held(&mut self, r: HoleIndex, budget: u32) {
        self.history.add(r, budget * budget);
    }

    /// The defender to move with the attacker's `budget` moves after it:
    /// `Err` with the answer when it is settled before any reply is tried
    /// (the bound, a chain of double links, the pass), else the replies to
    /// try, in order, with the pass's proof.
    pub(crate) fn replies_to_try(
        &mut self,
        pos: &Position,
        key: Key,
        budget: u32,
    ) -> Result<Result<Replies, Defence>, Stop> {
        let reported = std::mem::take(&mut self.reported);
        // Where the defender may run out of holes, no pass: every reply.
        if self.short_of_holes(pos, budget) {
            return self.every_reply(pos, key, budget).map(Err);
        }
        // With no move to spare, a hole on every cheapest chain is a reply
        // that holds: the attacker then needs more pegs than it has moves.
        let needed = self.costs.needed(pos, self.attacker, budget, Some(key));
        if needed > budget {
            return Ok(Err(Defence::Holds(None)));
        }
        if needed == budget
            && let Some(cut) = self.costs.cut_hole(pos, self.attacker, needed)
        {
            return Ok(Err(Defence::Holds(Some(cut))));
        }
        // A virtual connection of the defender (its move first): its first
        // move holds whatever the attacker has.
        if budget >= self.tuning.defender_connection_from
            && let Some(first) = self.defender_connection_move(pos)
        {
            *self.defender_connections += 1;
            return Ok(Err(Defence::Holds(Some(first))));
        }
        // The reply that held most often elsewhere, before the pass: where
        // it holds again, the pass's search is not needed.
        if budget >= self.tuning.killer_from
            && !reported
            && let Some(r) = self.likeliest_reply(pos)
        {
            // Within an allowance of positions: where the attacker's win
            // after it is dear to find, the pass's search is as dear, and
            // a reply that fails is work done twice.
            let outer = self.ends.last().copied().unwrap_or(u64::MAX);
            let end = self
                .meter
                .used()
                .saturating_add(self.tuning.killer_allowance);
            self.ends.push(outer.min(end));
            let tried = self.reply(pos, key, budget, r, None);
            self.ends.pop();
            match tried {
                Ok(Replied::Holds) => {
                    self.held(r, budget);
                    return Ok(Err(Defence::Holds(Some(r))));
                }
                Ok(Replied::Connected) => return Ok(Err(Defence::Holds(Some(r)))),
                Ok(Replied::Loses(_)) => {}
                // This reply's allowance ran out, not an outer one.
                Err(Stop::Allowance) if self.meter.used() <= outer => {}
                Err(e) => return Err(e),
            }
        }
        // The pass: the attacker to move on the same pegs (the same key).
        let mut passed = self.copy_of(pos);
        passed.pass();
        let threat = self.pass(&passed, key, budget);
        self.release(passed);
        let (threat, zone) = match threat? {
            Ok(Some(threat)) => threat,
            Ok(None) => {
                if self.own_links_cross {
                    return Ok(Err(Defence::Holds(None)));
                }
                return self.a_reply_that_holds(pos, key, budget).map(Err);
            }
            Err(proved) => return Ok(Err(proved)),
        };
        let defender = self.attacker.opponent();
        let geo = pos.geometry();
        // The defender's region: the defender places this reply and at most
        // `budget - 1` more before the attacker's last move, so only a hole
        // on a defender chain of at most `budget` new pegs can let it
        // connect first (the bound: its own pegs make no chain cheaper off
        // it, the attacker's only dearer).
        let defender_needed = self
            .defender_costs
            .needed(pos, defender, budget, Some(key))
            .min(budget + 1);
        let region = {
            (defender_needed <= budget).then(|| {
                self.defender_costs
                    .through(pos, defender, self.defender_through);
                let mut region = Zone::new(geo.slots());
                for (i, &t) in self.defender_through.iter().enumerate() {
                    if t <= budget {
                        region.insert(HoleIndex::new(i));
                    }
                }
                region
            })
        };
        let in_region = |i: HoleIndex| region.as_ref().is_some_and(|z| z.contains(i));
        // Replies nearest the attacker's threat first: they are the
        // likeliest to hold.
        let at = geo.hole(threat.get());
        let mut replies: Vec<(u32, u32, HoleIndex)> = free_holes(pos, defender)
            .filter(|&i| zone.contains(i) || in_region(i))
            .map(|i| {
                let h = geo.hole(i.get());
                let d = h.col.abs_diff(at.col).max(h.row.abs_diff(at.row));
                (u32::MAX - self.history.get(i), u32::from(d), i)
            })
            .collect();
        replies.sort_unstable();
        Ok(Ok(Replies {
            order: replies.into_iter().map(|(_, _, i)| i).collect(),
            zone,
            region,
            threat,
            defender_needed,
        }))
    }
}
