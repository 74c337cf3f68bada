//! "Secures the connection": does a player connect however long it takes,
//! whatever the opponent does? Depth-first proof-number search (df-pn)
//! with no bound on the moves, proving positions by virtual connections.
//!
//! Each position has a proof number (how many positions at least must be
//! proved to prove it) and a disproof number. At the attacker's turn the
//! proof number is the least of its moves' and the disproof number their
//! sum; at the defender's turn the other way round. The search always goes
//! down to the most proving position, within thresholds that send it back
//! up as soon as a sibling becomes cheaper; what it learns is kept in a
//! table of fixed size ([`PnTable`]). TwixT has no repetitions: a position
//! reached by two move orders has one value, so the table is sound.
//!
//! A new position's numbers come from its rules' end (a chain complete,
//! the opponent's chain, a side with no legal move: a draw) and from
//! connection knowledge (`connection.rs`): a chain of double links between
//! both borders is a virtual connection, proved with no search. Its
//! carriers give the defender's must-play region: a defender peg outside
//! them leaves the same virtual connection, so only replies inside are
//! searched. The same knowledge of the defender's chains disproves: a
//! defender's virtual connection crosses every chain the attacker could
//! make, and its carriers, when the defender moves next, are the
//! attacker's must-play region. Otherwise the proof number is the pegs the
//! attacker still needs (the distance to connect) and the disproof number 1.

use super::bounds::Costs;
use super::connection::Chains;
use super::dead::drop_dead;
use super::hole::{HoleIndex, free_holes};
use super::limit::Meter;
use super::proof::{ProofNode, Rest, Template, TemplateGap};
use super::search::{Stop, new_links};
use super::table::{Key, Keys, side};
use super::zone::Zone;
use crate::board::Player;
use crate::moves::Move;
use crate::position::{Played, Position, Status};

/// "Infinite": a proved (or disproved) position's other number.
pub(crate) const INF: u32 = u32::MAX;

/// The most gaps a virtual connection may have: any chain on the largest
/// boards.
const MAX_GAPS: u32 = 1 << 10;

/// The 1+ε of the thresholds: a child is searched until its number passes
/// the second best's by a quarter, so the search does not swing between
/// two children of nearly equal numbers.
const EPSILON_NUM: u64 = 5;
const EPSILON_DEN: u64 = 4;

/// One entry of the table: a position's numbers and the work spent on it.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: Key,
    pn: u32,
    dn: u32,
    /// Positions searched below it: the entry a full bucket keeps longest.
    work: u32,
    used: bool,
}

/// Entries of a bucket: a new position replaces the least worked of them.
const WAYS: usize = 4;

/// The transposition table of the proof-number search: buckets of
/// [`WAYS`] entries, doubling while three quarters are used up to the
/// bytes it may hold, so memory is bounded however long the search runs.
/// A full bucket drops its least worked entry (its numbers are found again
/// if needed: dropping loses work, never soundness).
pub(crate) struct PnTable {
    slots: Vec<Slot>,
    mask: usize,
    used: usize,
    max_buckets: usize,
    /// Entries dropped to make room.
    pub(crate) evictions: u64,
}

/// Buckets of a new table.
const FIRST_BUCKETS: usize = 1 << 10;

/// The largest power of two at most `n` (1 for 0).
fn power_of_two_below(n: usize) -> usize {
    1usize << (usize::BITS - 1 - n.max(1).leading_zeros())
}

impl PnTable {
    pub(crate) fn new(max_bytes: usize) -> PnTable {
        let per = std::mem::size_of::<Slot>();
        let max_buckets = power_of_two_below(max_bytes / (per * WAYS));
        let buckets = FIRST_BUCKETS.min(max_buckets);
        PnTable {
            slots: vec![Slot::default(); buckets * WAYS],
            mask: buckets - 1,
            used: 0,
            max_buckets,
            evictions: 0,
        }
    }

    /// Twice the buckets, every entry moved to its new one.
    fn grow(&mut self) {
        let buckets = (self.mask + 1) * 2;
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); buckets * WAYS]);
        self.mask = buckets - 1;
        self.used = 0;
        for s in old.into_iter().filter(|s| s.used) {
            self.put(s.key, s.pn, s.dn, s.work);
        }
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    fn bucket(&self, key: Key) -> std::ops::Range<usize> {
        let b = (key.0 as usize) & self.mask;
        b * WAYS..b * WAYS + WAYS
    }

    fn get(&self, key: Key) -> Option<(u32, u32)> {
        self.slots[self.bucket(key)]
            .iter()
            .find(|s| s.used && s.key == key)
            .map(|s| (s.pn, s.dn))
    }

    fn put(&mut self, key: Key, pn: u32, dn: u32, work: u32) {
        if self.used * 4 >= self.slots.len() * 3 && self.mask < self.max_buckets - 1 {
            self.grow();
        }
        let range = self.bucket(key);
        let bucket = &mut self.slots[range];
        // Proved and disproved positions are worth most: never redone.
        let worth = |s: &Slot| {
            if s.pn == 0 || s.dn == 0 {
                u64::from(s.work) + (1 << 32)
            } else {
                u64::from(s.work)
            }
        };
        let same = bucket.iter().position(|s| s.used && s.key == key);
        let empty = bucket.iter().position(|s| !s.used);
        let i = match (same, empty) {
            (Some(i), _) => i,
            (None, Some(i)) => {
                self.used += 1;
                i
            }
            (None, None) => {
                self.evictions += 1;
                (0..WAYS).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
            }
        };
        bucket[i] = Slot {
            key,
            pn,
            dn,
            work,
            used: true,
        };
    }
}

/// The proof-number search of one question: `attacker` connects.
pub(crate) struct Pns<'m> {
    pub(crate) attacker: Player,
    pub(crate) keys: Keys,
    pub(crate) table: PnTable,
    pub(crate) meter: &'m mut Meter,
    chains: Chains,
    /// The defender's chains, looked for apart so that the attacker's last
    /// template ([`Chains::last_gaps`]) is kept.
    rival_chains: Chains,
    /// The buffers of the pegs-needed estimate and of the move order.
    costs: Costs,
    through: Vec<u32>,
    played: Played,
    /// Whether the search keeps one dead hole of each kind among a
    /// position's moves and drops the others (`dead.rs`).
    pub(crate) drop_dead: bool,
    /// Whether a position where the defender has a virtual connection of
    /// its own is disproved with no search ([`Pns::defender_connects`]).
    pub(crate) defender_connection: bool,
}

/// A position's moves as the search keeps them at one of its nodes.
struct Child {
    hole: HoleIndex,
    key: Key,
    pn: u32,
    dn: u32,
}

/// Adds two numbers, an infinite one staying infinite and a finite sum
/// staying finite.
pub(crate) fn add(a: u32, b: u32) -> u32 {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(INF - 1)
    }
}

impl<'m> Pns<'m> {
    pub(crate) fn new(
        pos: &Position,
        attacker: Player,
        meter: &'m mut Meter,
        bytes: usize,
    ) -> Self {
        Pns {
            attacker,
            keys: Keys::new(pos.geometry()),
            table: PnTable::new(bytes),
            meter,
            chains: Chains::default(),
            rival_chains: Chains::default(),
            costs: Costs::default(),
            through: Vec::new(),
            played: Played::by(attacker),
            drop_dead: true,
            defender_connection: true,
        }
    }

    /// The position after a peg of the player to move at `hole`, and its
    /// key; the position is counted.
    pub(crate) fn play(
        &mut self,
        pos: &Position,
        key: Key,
        hole: HoleIndex,
    ) -> Result<(Position, Key), Stop> {
        self.meter.tick()?;
        let (links, n) = new_links(pos, hole);
        let mut k = key.with(self.keys.peg(hole, side(pos.to_move())));
        for &id in &links[..n] {
            k = k.with(self.keys.link(usize::from(id)));
        }
        let mut next = pos.clone();
        next.play_into(
            &Move::peg(pos.geometry().hole(hole.get())),
            &mut self.played,
        )
        .expect("the search only plays empty holes the mover may use");
        Ok((next, k))
    }

    /// Whether the defender could run out of holes within the attacker's
    /// next `moves` moves (the game would end in a draw first): a virtual
    /// connection of that many gaps then proves nothing.
    fn short_of_holes(&self, pos: &Position, moves: u32) -> bool {
        let room = 2 * moves as usize + 2;
        free_holes(pos, self.attacker.opponent()).take(room).count() < room
    }

    /// A virtual connection of the attacker in `pos` that holds with the
    /// attacker to move next (a single gap may then be closed first) or,
    /// when not `attacker_to_move`, with the defender to move: its
    /// carriers' zone and a first move that keeps it. None where the
    /// defender could run out of holes before the attacker closes every gap
    /// (one more move counted: the defender's reply may come first).
    pub(crate) fn virtual_connection(
        &mut self,
        pos: &Position,
        attacker_to_move: bool,
    ) -> Option<(Zone, HoleIndex)> {
        let c = self
            .chains
            .find(pos, self.attacker, MAX_GAPS, attacker_to_move, None)?;
        if !attacker_to_move && c.opening {
            return None;
        }
        (!self.short_of_holes(pos, c.gaps + 1)).then_some((c.zone, c.first))
    }

    /// Whether the defender has a virtual connection of its own in `pos`
    /// (as [`Pns::virtual_connection`] finds the attacker's, with the side
    /// to move as it is). The defender then completes its chain by
    /// answering each intrusion into a gap's carrier in that gap, and a
    /// complete chain of the defender crosses every chain the attacker
    /// could still make: the attacker never connects. A draw for want of
    /// holes is no connection either, so unlike the attacker's virtual
    /// connection this one needs no count of the holes left.
    fn defender_connects(&mut self, pos: &Position) -> bool {
        let defender = self.attacker.opponent();
        let to_move = pos.to_move() == defender;
        self.rival_chains
            .find(pos, defender, MAX_GAPS, to_move, None)
            .is_some_and(|c| to_move || !c.opening)
    }

    /// The attacker's must-play region at its turn: the carriers of the
    /// defender's virtual connection when the defender moves next, its
    /// first move among them. An attacker's move outside them leaves that
    /// connection whole: the defender plays its first move and connects,
    /// so the move is disproved unsearched. `None` when the defender has
    /// no such connection.
    fn attacker_region(&mut self, pos: &Position) -> Option<Zone> {
        let defender = self.attacker.opponent();
        self.rival_chains
            .find(pos, defender, MAX_GAPS, true, None)
            .map(|c| c.zone)
    }

    /// The numbers of a position: the table's, or for a position met for
    /// the first time its end, a virtual connection, or the estimate from
    /// the pegs still needed. A new position's numbers are stored too (with
    /// no work, the first entries a full bucket drops): a node searched
    /// again evaluates its children again, and the chains behind the
    /// estimate are the dear part of the search.
    pub(crate) fn evaluate(&mut self, pos: &Position, key: Key) -> (u32, u32) {
        if let Some(v) = self.table.get(key) {
            return v;
        }
        let v = self.evaluate_new(pos);
        self.table.put(key, v.0, v.1, 0);
        v
    }

    fn evaluate_new(&mut self, pos: &Position) -> (u32, u32) {
        match pos.status() {
            Status::Won { winner, .. } if winner == self.attacker => return (0, INF),
            Status::Ongoing => {}
            // The defender's chain or an agreed draw: no connection.
            _ => return (INF, 0),
        }
        let mover = pos.to_move();
        // No legal move: the game ends in a draw (no rule set has a pass).
        if free_holes(pos, mover).next().is_none() {
            return (INF, 0);
        }
        let need = self.costs.needed(pos, self.attacker, u32::MAX, None);
        if need == u32::MAX {
            return (INF, 0);
        }
        if self
            .virtual_connection(pos, mover == self.attacker)
            .is_some()
        {
            return (0, INF);
        }
        if self.defender_connection && self.defender_connects(pos) {
            return (INF, 0);
        }
        (need.max(1), 1)
    }

    /// The moves searched at `pos`, in the order ties are broken: the
    /// attacker's moves on its cheapest chains first; the defender's
    /// replies within the must-play region of the attacker's virtual
    /// connection when it has one (every other reply leaves it whole), the
    /// holes on the attacker's cheapest chains first (the threats a player
    /// would answer).
    pub(crate) fn moves(&mut self, pos: &Position) -> Vec<HoleIndex> {
        let zone = if pos.to_move() != self.attacker {
            self.virtual_connection(pos, true).map(|(zone, _)| zone)
        } else {
            None
        };
        self.ordered(pos, zone.as_ref())
    }

    /// The defender's replies searched at `pos` (as [`Pns::moves`]) and
    /// the attacker's virtual connection that answers every other reply,
    /// as a template (as [`Pns::template`] with the attacker to move): one
    /// look for the chains serves both.
    pub(crate) fn replies_and_rest(
        &mut self,
        pos: &Position,
    ) -> (Vec<HoleIndex>, Option<Template>) {
        match self.virtual_connection(pos, true) {
            Some((zone, first)) => {
                let rest = self.last_template(pos, first, true);
                (self.ordered(pos, Some(&zone)), Some(rest))
            }
            None => (self.ordered(pos, None), None),
        }
    }

    /// The mover's legal moves at `pos` (within `zone` when there is
    /// one), the holes on the attacker's cheapest chains first.
    fn ordered(&mut self, pos: &Position, zone: Option<&Zone>) -> Vec<HoleIndex> {
        let mut holes: Vec<HoleIndex> = free_holes(pos, pos.to_move()).collect();
        if let Some(zone) = zone {
            holes.retain(|&h| zone.contains(h));
        }
        let mut through = std::mem::take(&mut self.through);
        self.costs.needed(pos, self.attacker, u32::MAX, None);
        self.costs.through(pos, self.attacker, &mut through);
        holes.sort_by_key(|&h| (through[h], h));
        self.through = through;
        holes
    }

    /// The attacker's virtual connection in `pos` as a proof's template
    /// (with the attacker to move or not, as [`Pns::virtual_connection`]).
    pub(crate) fn template(&mut self, pos: &Position, attacker_to_move: bool) -> Option<Template> {
        let (_, first) = self.virtual_connection(pos, attacker_to_move)?;
        Some(self.last_template(pos, first, attacker_to_move))
    }

    /// The virtual connection the chains last found, its first move
    /// `first`, as a template.
    fn last_template(
        &mut self,
        pos: &Position,
        first: HoleIndex,
        attacker_to_move: bool,
    ) -> Template {
        let geo = pos.geometry();
        let hole = |h: HoleIndex| geo.hole(h.get());
        let gaps = self
            .chains
            .last_gaps(geo)
            .into_iter()
            .map(|g| TemplateGap {
                ends: (hole(g.ends.0), g.ends.1.map(hole)),
                options: g.options.into_iter().map(hole).collect(),
                area: g.area.into_iter().map(hole).collect(),
            })
            .collect();
        Template {
            first: attacker_to_move.then(|| hole(first)),
            gaps,
        }
    }

    /// The virtual connection of the attacker to move in `pos`, as a
    /// proof's template.
    pub(crate) fn root_template(&mut self, pos: &Position) -> Option<Template> {
        self.template(pos, true)
    }

    /// Whether the position is proved, searched to the end when the table
    /// does not say.
    fn proved(&mut self, pos: &Position, key: Key) -> Result<bool, Stop> {
        let (mut pn, mut dn) = self.evaluate(pos, key);
        if pn != 0 && dn != 0 {
            (pn, dn) = self.mid(pos, key, INF, INF)?;
        }
        Ok(pn == 0 && dn != 0)
    }

    /// The proof tree of a position the search proves: the attacker's
    /// proved move at its turns, every reply the search answers at the
    /// defender's (with the virtual connection that answers the others),
    /// and leaves that are a complete chain or a virtual connection.
    /// `None` when the position is not proved. Every position it plays is
    /// counted against the limit.
    pub(crate) fn proof(&mut self, pos: &Position, key: Key) -> Result<Option<ProofNode>, Stop> {
        match pos.status() {
            Status::Won { winner, .. } if winner == self.attacker => {
                return Ok(Some(ProofNode::Won));
            }
            Status::Ongoing => {}
            _ => return Ok(None),
        }
        let geo = pos.geometry();
        let to_move = pos.to_move() == self.attacker;
        if free_holes(pos, pos.to_move()).next().is_none() {
            return Ok(None);
        }
        if let Some(t) = self.template(pos, to_move) {
            return Ok(Some(ProofNode::Template(t)));
        }
        if !self.proved(pos, key)? {
            return Ok(None);
        }
        if to_move {
            // A child the table already holds proved first, then the rest
            // searched again (an entry may have been dropped).
            let moves = self.moves(pos);
            let mut later = Vec::new();
            for h in moves {
                let (next, k) = self.play(pos, key, h)?;
                let (pn, dn) = self.evaluate(&next, k);
                if pn == 0 && dn != 0 {
                    later.insert(0, (h, next, k));
                    break;
                }
                later.push((h, next, k));
            }
            for (h, next, k) in later {
                if self.proved(&next, k)? {
                    return Ok(self.proof(&next, k)?.map(|p| ProofNode::Move {
                        hole: geo.hole(h.get()),
                        next: Box::new(p),
                    }));
                }
            }
            return Ok(None);
        }
        let rest = self.template(pos, true);
        let mut replies = Vec::new();
        for h in self.moves(pos) {
            let (next, k) = self.play(pos, key, h)?;
            let Some(p) = self.proof(&next, k)? else {
                return Ok(None);
            };
            replies.push((geo.hole(h.get()), p));
        }
        Ok(Some(ProofNode::Replies {
            replies,
            rest: rest.map(Rest::Template),
        }))
    }

    /// Lets the chain searches of the position `key` (with `added`: of it
    /// with one peg more there) reuse and keep the safety of gaps there.
    fn reuse_from(&mut self, key: Key, added: Option<HoleIndex>) {
        self.chains.reuse_from(key, added);
        self.rival_chains.reuse_from(key, added);
    }

    /// Ends [`Pns::reuse_from`]: the next chain searches reuse nothing.
    fn reuse_nothing(&mut self) {
        self.chains.reuse_nothing();
        self.rival_chains.reuse_nothing();
    }

    /// The moves searched at `pos` with their positions' numbers, up to
    /// the first that settles it: one proved move at the attacker's turn,
    /// one disproved reply at the defender's.
    fn children(&mut self, pos: &Position, key: Key, or: bool) -> Result<Vec<Child>, Stop> {
        let mut moves = self.moves(pos);
        if or
            && self.defender_connection
            && let Some(region) = self.attacker_region(pos)
        {
            moves.retain(|&h| region.contains(h));
        }
        if self.drop_dead {
            drop_dead(pos, &mut moves);
        }
        let mut children = Vec::new();
        for h in moves {
            let (next, k) = self.play(pos, key, h)?;
            self.reuse_from(key, Some(h));
            let (pn, dn) = self.evaluate(&next, k);
            children.push(Child {
                hole: h,
                key: k,
                pn,
                dn,
            });
            if (or && pn == 0) || (!or && dn == 0) {
                break;
            }
        }
        Ok(children)
    }

    /// Expands `pos` and searches it until its numbers reach a threshold
    /// or it is proved or disproved; its numbers are stored and returned.
    pub(crate) fn mid(
        &mut self,
        pos: &Position,
        key: Key,
        th_pn: u32,
        th_dn: u32,
    ) -> Result<(u32, u32), Stop> {
        let or = pos.to_move() == self.attacker;
        let start = self.meter.used();
        // The children differ from `pos` by one peg: their chains' gaps
        // far from it are as safe as they are here. Nothing is reused
        // past them, even when the limit stops the search among them.
        self.reuse_from(key, None);
        let children = self.children(pos, key, or);
        self.reuse_nothing();
        let mut children = children?;
        loop {
            let (pn, dn) = numbers(or, children.iter().map(|c| (c.pn, c.dn)));
            if pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn {
                let work = u32::try_from(self.meter.used() - start).unwrap_or(u32::MAX);
                self.table.put(key, pn, dn, work);
                return Ok((pn, dn));
            }
            // The child to search: least proof number at the attacker's
            // turn, least disproof number at the defender's.
            let (best, second) = select(or, &children);
            let c = &children[best];
            let (cth_pn, cth_dn) = if or {
                (
                    th_pn.min(widen(second)),
                    add(th_dn.saturating_sub(dn), c.dn).max(c.dn.saturating_add(1)),
                )
            } else {
                (
                    add(th_pn.saturating_sub(pn), c.pn).max(c.pn.saturating_add(1)),
                    th_dn.min(widen(second)),
                )
            };
            let (hole, ckey) = (c.hole, c.key);
            let (next, _) = self.play(pos, key, hole)?;
            let (cpn, cdn) = self.mid(&next, ckey, cth_pn, cth_dn)?;
            children[best].pn = cpn;
            children[best].dn = cdn;
        }
    }
}

/// The threshold a child keeps while its number stays below the second
/// best's times 1+ε (and at least one past it).
pub(crate) fn widen(second: u32) -> u32 {
    if second == INF {
        return INF;
    }
    let w = u64::from(second) * EPSILON_NUM / EPSILON_DEN;
    u32::try_from(w.max(u64::from(second) + 1))
        .unwrap_or(INF - 1)
        .min(INF - 1)
}

/// A node's numbers from its children's `(pn, dn)`: at the attacker's turn
/// (`or`) the least proof number and the sum of disproof numbers, at the
/// defender's the other way round. A node with no moves (the caller has
/// ruled out a draw by no legal move): at the attacker's turn every move
/// lies outside its must-play region, disproved; at the defender's every
/// reply lies outside the attacker's, proved.
pub(crate) fn numbers(or: bool, children: impl IntoIterator<Item = (u32, u32)>) -> (u32, u32) {
    let (mut least, mut sum) = (INF, 0);
    for (pn, dn) in children {
        let (l, s) = if or { (pn, dn) } else { (dn, pn) };
        least = least.min(l);
        sum = add(sum, s);
    }
    if or { (least, sum) } else { (sum, least) }
}

/// The child to search and the second best number (infinite when none).
fn select(or: bool, children: &[Child]) -> (usize, u32) {
    let num = |c: &Child| if or { c.pn } else { c.dn };
    let mut best = 0;
    let mut second = INF;
    for (i, c) in children.iter().enumerate().skip(1) {
        if num(c) < num(&children[best]) {
            second = num(&children[best]);
            best = i;
        } else if num(c) < second {
            second = num(c);
        }
    }
    (best, second)
}
