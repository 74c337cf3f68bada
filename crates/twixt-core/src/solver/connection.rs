//! Connection knowledge: a chain of the attacker's pegs joined to both its
//! borders except for gaps, each of which one peg closes in either of two
//! holes (a double link, or a double link to a border row), wins in as many
//! moves as it has gaps, with no search: the attacker closes a gap each
//! move and answers every intrusion into a gap's carrier in that gap.
//! docs/engine.md ("A chain of double links") gives the argument and
//! every condition this module checks.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use super::edge_templates::{self, EdgeTemplate};
use super::hole::HoleIndex;
use super::table::Key;
use super::zone::Zone;
use crate::board::Player;
use crate::geometry::{Geometry, NONE, flag};
use crate::position::{COLOUR, Position, colour_bits};

/// A proof by connection: the gaps to close, the first move to play and
/// the holes the proof depends on.
pub(crate) struct Connection {
    /// The moves the win takes: one per gap.
    pub gaps: u32,
    /// A move that starts the win (the single gap's hole when there is one).
    pub first: HoleIndex,
    /// Every gap's carrier: a defender peg outside it changes nothing.
    pub zone: Zone,
    /// Whether two gaps' carriers share a hole the defender may take (the
    /// proof then rests on the game of intrusions).
    pub shared: bool,
    /// Whether the win needs the attacker to move first: to close a single
    /// gap, or a gap that the game of intrusions needs closed before the
    /// defender moves. Without, it wins with the defender to move too.
    pub opening: bool,
}

/// One way to close a gap: the hole and the new links its peg needs.
#[derive(Clone, Copy)]
struct Option_ {
    hole: HoleIndex,
    links: [usize; 2],
    count: usize,
}

/// A gap on the chain: its options (a range of [`Chains::opts`]), and
/// whether it must be closed at once (one option, or options that one
/// defender peg kills together); or an edge template from row 4 (an
/// index into [`Chains::edges`], with no options).
struct Gap {
    start: usize,
    len: usize,
    single: bool,
    edge: Option<usize>,
}

/// An edge template from row 4 on the chain: the peg it joins to the
/// border, and the template.
struct Edge {
    peg: HoleIndex,
    template: EdgeTemplate,
}

/// The buffers of the chain search, kept between calls.
#[derive(Default)]
pub(crate) struct Chains {
    dist: Vec<u32>,
    /// For each state, the state it was reached from and the gap crossed
    /// (`usize::MAX` for a link or a border peg).
    parent: Vec<(usize, usize)>,
    queue: VecDeque<usize>,
    /// For each state, the searches (by number) in which it was reached
    /// (its `dist` and `parent` are of that search) and expanded.
    stamp: Vec<(u32, u32)>,
    /// The number of the current search.
    search: u32,
    gaps: Vec<Gap>,
    /// The options of every gap, one range each.
    opts: Vec<Option_>,
    /// The edge templates from row 4 of this search's gaps.
    edges: Vec<Edge>,
    /// Start pegs on row 4 reached through an edge template, waiting for
    /// the breadth-first search to reach their cost: (state, cost, gap).
    pending: Vec<(usize, u32, usize)>,
    /// Options found from one peg, by the peg they reach ([`BORDER`] for
    /// the border row).
    found: Vec<(HoleIndex, Option_)>,
    /// Why the last chain found was not a proof (for tests).
    pub(crate) last_failure: &'static str,
    /// The gaps (indices into `gaps`) of the last chain found.
    last_path: Vec<usize>,
    /// For each hole, how many own pegs are a knight's move away: a hole
    /// with fewer than two joins no two pegs.
    own_near: Vec<u8>,
    /// Safety of gaps known at the position whose moves are being looked
    /// at ([`Chains::reuse_from`]).
    memo: SafetyMemo,
}

/// Where a gap's safety may be reused: at a position one peg away from
/// a base position whose gaps' safety is kept. A gap's safety reads only
/// the holes of its neighbourhood ([`neighbourhood`]): a peg added outside
/// it leaves the answer as it was at the base.
#[derive(Default)]
struct SafetyMemo {
    /// Whether the next searches reuse answers, and from where.
    reuse: Reuse,
    /// The base the kept answers are of.
    base: Option<Key>,
    /// The number of that base: one more for each new base, so that
    /// answers kept at an earlier one are never read as current.
    base_number: u64,
    /// What is known of each gap, by [`gap_key`].
    known: HashMap<u64, Kept, BuildHasherDefault<MixHasher>>,
    /// Lookups answered from `known`, and answers worked out (for the
    /// tests: that the reuse happens).
    hits: u64,
    misses: u64,
}

/// Whether a chain search reuses the memo's answers (between
/// [`Chains::reuse_from`] and [`Chains::reuse_nothing`]).
#[derive(Default, Clone, Copy)]
enum Reuse {
    #[default]
    Off,
    /// The position searched is the base itself.
    Base,
    /// The position searched is the base with one peg more, here.
    OnePegMore(HoleIndex),
}

/// The memo's knowledge of one gap.
struct Kept {
    /// The holes its safety reads ([`neighbourhood`]): they depend on the
    /// board alone, so they are kept for the whole search.
    zone: Zone,
    /// The base `safe` was worked out at ([`SafetyMemo::base_number`]).
    base_number: u64,
    safe: bool,
}

/// A hasher for the memo's keys, which are already spread: a multiply.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

/// What a gap joins: an own peg to another, or to a border row.
#[derive(Clone, Copy)]
enum Far {
    Peg(HoleIndex),
    Border(u8),
}

/// The memo's key of `attacker`'s gap between own peg `a` and `far` (the
/// same from either peg: the options, and so the answer, are the same).
/// Bit 63 is the colour and bit 62 marks a gap to a border; bits 32 to 61
/// hold the higher hole of two pegs, or the border's flag; bits 0 to 31
/// the other hole. A hole's index is far below 2^30 (a board's side is at
/// most a few hundred holes).
fn gap_key(attacker: Player, a: HoleIndex, far: Far) -> u64 {
    let colour = u64::from(attacker == Player::Black) << 63;
    let a = a.get() as u64;
    match far {
        Far::Peg(b) => {
            let b = b.get() as u64;
            debug_assert!(a.max(b) < 1 << 30, "a hole index past the key's bits");
            colour | (a.max(b) << 32) | a.min(b)
        }
        Far::Border(flag) => colour | (1 << 62) | (u64::from(flag) << 32) | a,
    }
}

/// The holes whose state a gap's options and safety can depend on: its
/// pegs, the holes that could close it (open or not), the ends of every
/// link crossing one of their links, and the ends of every link crossing
/// one of those (a new link there could bar it).
fn neighbourhood(geo: &Geometry, a: HoleIndex, far: Far) -> Zone {
    let mut zone = Zone::new(geo.slots());
    let ends = |id: usize, zone: &mut Zone| {
        zone.insert(HoleIndex::new(id >> 2));
        zone.insert(HoleIndex::new(geo.link_far_end(id)));
    };
    let link = |id: usize, zone: &mut Zone| {
        for &x in geo.crossers(id).iter().filter(|&&x| x != NONE) {
            let x = usize::from(x);
            ends(x, zone);
            for &y in geo.crossers(x).iter().filter(|&&y| y != NONE) {
                ends(usize::from(y), zone);
            }
        }
    };
    zone.insert(a);
    for s in geo.steps(a.get()).iter().filter(|s| s.hole != NONE) {
        let h = usize::from(s.hole);
        match far {
            Far::Border(flag) => {
                if geo.hole_flags(h) & flag != 0 {
                    zone.insert(HoleIndex::new(h));
                    link(usize::from(s.link), &mut zone);
                }
            }
            Far::Peg(b) => {
                let to_b = geo
                    .steps(h)
                    .iter()
                    .find(|t| t.hole != NONE && usize::from(t.hole) == b.get());
                if let Some(t) = to_b {
                    zone.insert(HoleIndex::new(h));
                    zone.insert(b);
                    link(usize::from(s.link), &mut zone);
                    link(usize::from(t.link), &mut zone);
                }
            }
        }
    }
    zone
}

/// A gap of a chain as a proof states it: the pegs it joins (`None` for
/// the border row) and the holes that close it, or for an edge template
/// from row 4 the area it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GapShape {
    pub ends: (HoleIndex, Option<HoleIndex>),
    pub options: Vec<HoleIndex>,
    pub area: Vec<HoleIndex>,
}

const NO: usize = usize::MAX;

/// The peg an option to the border row reaches: none.
const BORDER: HoleIndex = HoleIndex::new(usize::MAX);

/// The search's state for a peg at `a`, `s` 1 when a single gap was
/// taken on the way.
#[inline]
fn state_of(a: HoleIndex, s: usize) -> usize {
    a.get() * 2 + s
}

/// The peg of a state ([`state_of`]).
#[inline]
fn hole_of(state: usize) -> HoleIndex {
    HoleIndex::new(state / 2)
}

/// How far a chain may go: at most `cap` gaps, and, when `to_end` is
/// given, only through pegs whose bound to the end border keeps it within
/// the cap ([`Chains::find`]).
struct Reach<'a> {
    cap: u32,
    to_end: Option<&'a [u32]>,
}

impl Reach<'_> {
    /// Whether a peg reached with `d` gaps can still end a chain within
    /// the cap (a chain's gaps are new pegs, each counted by the bound).
    #[inline]
    fn within(&self, a: HoleIndex, d: u32) -> bool {
        self.to_end
            .is_none_or(|e| e[a].saturating_add(d) <= self.cap)
    }
}

impl Chains {
    /// A chain of `attacker`'s pegs from border to border with at most
    /// `cap` gaps, every gap a safe double link (or a double link to a
    /// border row) and at most one gap closed by a single peg (played
    /// first), when `single` allows one, with carriers that do not meet.
    /// `None` when the search finds none (it looks at one cheapest chain:
    /// it may miss a connection, never claims a false one).
    ///
    /// `to_end`, when given, holds for each hole a lower bound on the new
    /// pegs of any chain from it to the end border ([`Costs::end_costs`] of
    /// this position and player, with a cap of at least `cap`): a peg
    /// whose gaps so far plus that bound pass `cap` is on no chain within
    /// `cap`, so its gaps are not weighed (their safety is the dear part).
    /// The chain found is one of the same cost.
    ///
    /// [`Costs::end_costs`]: super::bounds::Costs::end_costs
    pub(crate) fn find(
        &mut self,
        pos: &Position,
        attacker: Player,
        cap: u32,
        single: bool,
        to_end: Option<&[u32]>,
    ) -> Option<Connection> {
        let reach = Reach { cap, to_end };
        let (start, end) = match attacker {
            Player::Red => (flag::RED_START, flag::RED_END),
            Player::Black => (flag::BLACK_START, flag::BLACK_END),
        };
        let goal = self.begin(pos.geometry().slots());
        self.seed_start(pos, attacker, &reach, single, start);
        self.cheapest_chain(pos, attacker, &reach, single, end, goal);
        let gaps = self.dist_of(goal);
        self.last_failure = "no chain";
        if gaps > cap {
            return None;
        }
        let path = self.chain_gaps(goal);
        self.last_path.clone_from(&path);
        self.prove(pos, attacker, single, gaps, &path)
    }

    /// Lets the next [`Chains::find`] reuse the safety of gaps known at
    /// `base`, the position being searched being `base` itself (`added`
    /// `None`) or `base` with one peg more at `added`; and keep what it
    /// works out at `base`. Answers come out the same as without.
    pub(crate) fn reuse_from(&mut self, base: Key, added: Option<HoleIndex>) {
        if self.memo.base != Some(base) {
            self.memo.base_number += 1;
            self.memo.base = Some(base);
        }
        self.memo.reuse = added.map_or(Reuse::Base, Reuse::OnePegMore);
    }

    /// Ends [`Chains::reuse_from`]: the next search reuses nothing.
    pub(crate) fn reuse_nothing(&mut self) {
        self.memo.reuse = Reuse::Off;
    }

    /// How many gaps' safety the searches reused from the memo, and how
    /// many they worked out while it was on.
    #[cfg(test)]
    fn reuse(&self) -> (u64, u64) {
        (self.memo.hits, self.memo.misses)
    }

    /// Whether the gap of `options` between own peg `a` and `far` is safe
    /// ([`safe`]), from the memo when it knows.
    fn safe_gap(
        &mut self,
        pos: &Position,
        geo: &Geometry,
        attacker: Player,
        a: HoleIndex,
        far: Far,
        options: std::ops::Range<usize>,
    ) -> bool {
        let added = match self.memo.reuse {
            Reuse::Off => return safe(pos, geo, attacker, &self.opts[options], &[]),
            Reuse::Base => None,
            Reuse::OnePegMore(h) => Some(h),
        };
        let base_number = self.memo.base_number;
        let kept = self
            .memo
            .known
            .entry(gap_key(attacker, a, far))
            .or_insert_with(|| Kept {
                zone: neighbourhood(geo, a, far),
                base_number: 0,
                safe: false,
            });
        // At the base, or with the new peg outside what the answer reads.
        let as_at_base = added.is_none_or(|h| !kept.zone.contains(h));
        if kept.base_number == base_number && as_at_base {
            self.memo.hits += 1;
            return kept.safe;
        }
        self.memo.misses += 1;
        let safe = safe(pos, geo, attacker, &self.opts[options], &[]);
        if as_at_base {
            kept.base_number = base_number;
            kept.safe = safe;
        }
        safe
    }

    /// The gaps of the chain the last [`Chains::find`] returned, each
    /// with the pegs it joins and its options (for a proof's leaves).
    pub(crate) fn last_gaps(&self, geo: &Geometry) -> Vec<GapShape> {
        self.last_path
            .iter()
            .map(|&g| {
                if let Some(e) = self.gaps[g].edge {
                    let e = &self.edges[e];
                    return GapShape {
                        ends: (e.peg, None),
                        options: Vec::new(),
                        area: e.template.area.clone(),
                    };
                }
                let opts = self.options(g);
                // An option's first link starts at one end, its second
                // (when it has one) reaches the other.
                let other = |id: usize, h: HoleIndex| {
                    let (a, b) = (id >> 2, geo.link_far_end(id));
                    HoleIndex::new(if a == h.get() { b } else { a })
                };
                let o = &opts[0];
                let a = other(o.links[0], o.hole);
                let b = (o.count == 2).then(|| other(o.links[1], o.hole));
                GapShape {
                    ends: (a, b),
                    options: opts.iter().map(|o| o.hole).collect(),
                    area: Vec::new(),
                }
            })
            .collect()
    }

    /// Starts a new search over `slots` holes: every state unreached and
    /// unexpanded, by a new stamp rather than by clearing the arrays. The
    /// goal state (the end border reached).
    fn begin(&mut self, slots: usize) -> usize {
        // A state per hole and whether a single gap was taken on the way.
        let states = slots * 2;
        if self.stamp.len() != states + 1 || self.search == u32::MAX {
            self.stamp.clear();
            self.stamp.resize(states + 1, (0, 0));
            self.dist.resize(states + 1, u32::MAX);
            self.parent.resize(states + 1, (NO, NO));
            self.search = 0;
            // A new board, or the stamps run out. Each `Chains` serves the
            // searches of one position's board, so a board of another
            // shape has another number of holes; the neighbourhoods kept
            // are then of the last board.
            self.memo.known.clear();
            self.memo.base = None;
        }
        self.search += 1;
        self.queue.clear();
        self.gaps.clear();
        self.opts.clear();
        self.edges.clear();
        self.pending.clear();
        self.own_near.clear();
        self.own_near.resize(slots, 0);
        states
    }

    /// The search's starting states: own pegs on the start border, and own
    /// pegs a gap away from it (the border flagged `start`).
    fn seed_start(
        &mut self,
        pos: &Position,
        attacker: Player,
        reach: &Reach<'_>,
        single: bool,
        start: u8,
    ) {
        let geo = pos.geometry();
        let mine = colour_bits(attacker);
        for slot in 0..geo.slots() {
            let a = HoleIndex::new(slot);
            if pos.cell(slot) & COLOUR != mine {
                continue;
            }
            for step in geo.steps(slot).iter().filter(|s| s.hole != NONE) {
                let n = &mut self.own_near[usize::from(step.hole)];
                *n = n.saturating_add(1);
            }
            if geo.hole_flags(slot) & start != 0 {
                if reach.within(a, 0) {
                    self.relax(state_of(a, 0), 0, NO, NO);
                }
            } else if reach.cap >= 1
                && geo.near_border_flags(slot) & start != 0
                && reach.within(a, 1)
            {
                self.found.clear();
                edge_options(pos, geo, attacker, a, start, &mut self.found);
                let ends = (a, Far::Border(start));
                if let Some(g) = self.gap_from_found(pos, geo, attacker, ends, single) {
                    let s = usize::from(self.gaps[g].single);
                    self.relax(state_of(a, s), 1, NO, g);
                }
            } else if reach.cap >= edge_templates::MOVES
                && reach.within(a, edge_templates::MOVES)
                && let Some(g) = self.edge_gap(pos, attacker, a, start)
            {
                // Its cost is two: it joins the search once the queue's
                // costs reach one (a 0-1 search holds two costs at once).
                self.pending
                    .push((state_of(a, 0), edge_templates::MOVES, g));
            }
        }
    }

    /// The 0-1 breadth-first search from the seeded states to `goal`, the
    /// end border (flagged `end`): own links cost nothing, a gap one.
    /// Stops once no state left can lower the goal's cost within the cap.
    fn cheapest_chain(
        &mut self,
        pos: &Position,
        attacker: Player,
        reach: &Reach<'_>,
        single: bool,
        end: u8,
        goal: usize,
    ) {
        let geo = pos.geometry();
        loop {
            if !self.pending.is_empty()
                && self
                    .queue
                    .front()
                    .is_none_or(|&s| self.dist_of(s) + 1 >= edge_templates::MOVES)
            {
                for (s, d, g) in std::mem::take(&mut self.pending) {
                    self.relax(s, d, NO, g);
                }
            }
            let Some(state) = self.queue.pop_front() else {
                break;
            };
            let d = self.dist_of(state);
            if d >= self.dist_of(goal) || d > reach.cap {
                break;
            }
            // A state met again (pushed twice, as its cost fell) was
            // expanded at its final cost already: the first pop of a 0-1
            // breadth-first search is final, and expanding it again would
            // improve nothing.
            if self.stamp[state].1 == self.search {
                continue;
            }
            self.stamp[state].1 = self.search;
            let a = hole_of(state);
            if geo.hole_flags(a.get()) & end != 0 {
                self.relax(goal, d, state, NO);
                continue;
            }
            self.follow_links(pos, reach, state, d);
            if d + 1 > reach.cap {
                continue;
            }
            // Across a gap: to the end border, or to another own peg.
            // A gap is only weighed (its safety is the dear part) where
            // crossing it could lower a cost: the answer is the same.
            if d + 1 < self.dist_of(goal) && geo.near_border_flags(a.get()) & end != 0 {
                self.cross_to_border(pos, attacker, single, end, state, d, goal);
            }
            let by_edge = d + edge_templates::MOVES;
            if by_edge < self.dist_of(goal)
                && by_edge <= reach.cap
                && let Some(g) = self.edge_gap(pos, attacker, a, end)
            {
                self.relax(goal, by_edge, state, g);
            }
            self.cross_to_pegs(pos, attacker, reach, single, state, d);
        }
    }

    /// From `state` (reached at cost `d`) along own links, at no cost.
    #[inline]
    fn follow_links(&mut self, pos: &Position, reach: &Reach<'_>, state: usize, d: u32) {
        let geo = pos.geometry();
        let (a, s) = (hole_of(state), state % 2);
        for step in geo.steps(a.get()) {
            let b = HoleIndex::from(step.hole);
            if step.hole != NONE
                && pos.link_colour(usize::from(step.link)).is_some()
                && reach.within(b, d)
            {
                self.relax(state_of(b, s), d, state, NO);
            }
        }
    }

    /// From `state` (at cost `d`, its peg next to the end border flagged
    /// `end`) across a gap to the border, when one is safe (or may be
    /// single).
    #[allow(clippy::too_many_arguments)]
    fn cross_to_border(
        &mut self,
        pos: &Position,
        attacker: Player,
        single: bool,
        end: u8,
        state: usize,
        d: u32,
        goal: usize,
    ) {
        let geo = pos.geometry();
        let (a, s) = (hole_of(state), state % 2);
        self.found.clear();
        edge_options(pos, geo, attacker, a, end, &mut self.found);
        let ends = (a, Far::Border(end));
        if let Some(g) = self.gap_from_found(pos, geo, attacker, ends, single && s == 0) {
            self.relax(goal, d + 1, state, g);
        }
    }

    /// From `state` (at cost `d`) across a gap to each other own peg a gap
    /// away, where that could lower the peg's cost: the options between
    /// the two pegs make one gap, double or (when one may still be taken)
    /// single.
    fn cross_to_pegs(
        &mut self,
        pos: &Position,
        attacker: Player,
        reach: &Reach<'_>,
        single: bool,
        state: usize,
        d: u32,
    ) {
        let geo = pos.geometry();
        let (a, s) = (hole_of(state), state % 2);
        self.found.clear();
        peg_options(pos, geo, attacker, a, &self.own_near, &mut self.found);
        self.found.sort_unstable_by_key(|&(b, o)| (b, o.hole));
        let found = std::mem::take(&mut self.found);
        let mut i = 0;
        while i < found.len() {
            let b = found[i].0;
            let j = i + found[i..].iter().take_while(|f| f.0 == b).count();
            // As a double gap it leads to (b, s), as a single one (only
            // when one may be taken here) to (b, 1).
            let lowers = (d + 1 < self.dist_of(state_of(b, s))
                || (single && s == 0 && d + 1 < self.dist_of(state_of(b, 1))))
                && reach.within(b, d + 1);
            if lowers {
                self.found.clear();
                self.found.extend_from_slice(&found[i..j]);
                let ends = (a, Far::Peg(b));
                if let Some(g) = self.gap_from_found(pos, geo, attacker, ends, single && s == 0) {
                    let t = if self.gaps[g].single { 1 } else { s };
                    self.relax(state_of(b, t), d + 1, state, g);
                }
            }
            i = j;
        }
        self.found = found;
    }

    /// The edge template from row 4 joining own peg `a` to the border
    /// flagged `border`, as a gap, when one applies.
    fn edge_gap(
        &mut self,
        pos: &Position,
        attacker: Player,
        a: HoleIndex,
        border: u8,
    ) -> Option<usize> {
        let template = edge_templates::find(pos, attacker, a, border)?;
        self.edges.push(Edge { peg: a, template });
        self.gaps.push(Gap {
            start: self.opts.len(),
            len: 0,
            single: false,
            edge: Some(self.edges.len() - 1),
        });
        Some(self.gaps.len() - 1)
    }

    /// The gaps of the chain found to `goal`, from the end back.
    fn chain_gaps(&self, goal: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut state = goal;
        while state != NO {
            let (from, g) = self.parent[state];
            if g != NO {
                path.push(g);
            }
            state = from;
        }
        path
    }

    /// Whether the chain of `gaps` gaps, `path` (indices into the gaps),
    /// is a proof: its carriers, the game of intrusions where they meet,
    /// and under crossing none the attacker's own pegs kept out of them.
    fn prove(
        &mut self,
        pos: &Position,
        attacker: Player,
        single: bool,
        gaps: u32,
        path: &[usize],
    ) -> Option<Connection> {
        let geo = pos.geometry();
        let slots = geo.slots();
        // The carriers, of the chain's gaps only.
        let carriers: Vec<Zone> = path
            .iter()
            .map(|&g| self.carrier(pos, attacker, g))
            .collect();
        let mut zone = Zone::new(slots);
        let mut first = None;
        for (k, &g) in path.iter().enumerate() {
            zone.union(&carriers[k]);
            if self.gaps[g].single {
                first = Some(self.opts[self.gaps[g].start].hole);
            }
        }
        let doubles: Vec<usize> = (0..path.len())
            .filter(|&k| !self.gaps[path[k]].single && self.gaps[path[k]].edge.is_none())
            .collect();
        // An edge template from row 4 stands alone: its area meets no other
        // gap's carrier (the game of intrusions knows one-peg gaps only).
        self.last_failure = "edge template's area shared";
        let edges: Vec<usize> = (0..path.len())
            .filter(|&k| self.gaps[path[k]].edge.is_some())
            .collect();
        for &k in &edges {
            let meets = (0..path.len()).any(|j| j != k && carriers[j].meets(&carriers[k]));
            if meets {
                return None;
            }
        }
        // Under crossing none an edge template's links are barred by the
        // attacker's own links too: no other gap's peg goes where one of
        // its links could cross them, and none of its pegs is where its
        // links could bar another gap's option.
        self.last_failure = "edge template's links crossed";
        for &k in &edges {
            if !self.edge_apart(path, &carriers, k) {
                return None;
            }
        }
        self.last_failure = "shared carrier";
        let (shared, opener) =
            self.play_intrusions(pos, attacker, single, first, path, &carriers, &doubles)?;
        self.last_failure = "own hole in a carrier";
        if self.own_pegs_bar(pos, attacker, first, path, &carriers, &doubles) {
            return None;
        }
        self.last_failure = "";
        let any = doubles
            .get(opener.unwrap_or(0))
            .map(|&k| self.opts[self.gaps[path[k]].start].hole)
            .or_else(|| {
                let e = self.gaps[path[*edges.first()?]].edge?;
                Some(self.edges[e].template.first)
            });
        Some(Connection {
            gaps,
            first: first.or(any)?,
            zone,
            shared,
            opening: first.is_some() || opener.is_some(),
        })
    }

    /// Whether the edge template of `path[k]` stands apart from the
    /// chain's other gaps under crossing none ([`EdgeTemplate::clear`]
    /// empty under crossing own: always): no hole another gap's peg may
    /// take lies in its `clear`, and none of its `pegs` lies in another
    /// gap's carrier (which under crossing none holds both ends of every
    /// link the attacker could place across that gap's options' links).
    fn edge_apart(&self, path: &[usize], carriers: &[Zone], k: usize) -> bool {
        let Some(e) = self.gaps[path[k]].edge else {
            return true;
        };
        let t = &self.edges[e].template;
        if t.pegs.is_empty() {
            return true;
        }
        (0..path.len()).filter(|&j| j != k).all(|j| {
            let theirs: Vec<HoleIndex> = match self.gaps[path[j]].edge {
                Some(f) => self.edges[f].template.pegs.clone(),
                None => self.options(path[j]).iter().map(|o| o.hole).collect(),
            };
            !theirs.iter().any(|h| t.clear.contains(h))
                && !t.pegs.iter().any(|&h| carriers[j].contains(h))
        })
    }

    /// Gap `g`'s carrier: the holes of its options and of the links that
    /// could cut them.
    fn carrier(&self, pos: &Position, attacker: Player, g: usize) -> Zone {
        let geo = pos.geometry();
        let mut z = Zone::new(geo.slots());
        // An edge template's carrier is its area: a defender's peg outside
        // it was in the model that proved it already.
        if let Some(e) = self.gaps[g].edge {
            for &h in &self.edges[e].template.area {
                z.insert(h);
            }
            return z;
        }
        for o in self.options(g) {
            add_carrier(pos, geo, attacker, o, &mut z);
        }
        z
    }

    /// Where the carriers of the chain's double gaps (`doubles`, indices
    /// into `path`) meet, one defender peg may intrude into several gaps
    /// while the attacker closes only one: the game of the intrusions is
    /// played out (docs/engine.md), a small search over the holes two
    /// open carriers share. `None` when the defender wins it; else whether
    /// a hole is shared, and the double gap the attacker must close first
    /// (to move, with no single gap `first`), if any.
    #[allow(clippy::too_many_arguments)]
    fn play_intrusions(
        &self,
        pos: &Position,
        attacker: Player,
        single: bool,
        first: Option<HoleIndex>,
        path: &[usize],
        carriers: &[Zone],
        doubles: &[usize],
    ) -> Option<(bool, Option<usize>)> {
        let geo = pos.geometry();
        let gap_options: Vec<&[Option_]> = doubles.iter().map(|&k| self.options(path[k])).collect();
        let gap_carriers: Vec<&Zone> = doubles.iter().map(|&k| &carriers[k]).collect();
        let mut game = Intrusions {
            pos,
            geo,
            attacker,
            options: &gap_options,
            carriers: &gap_carriers,
            seen: std::collections::HashMap::new(),
            nodes: 0,
        };
        let defender = attacker.opponent();
        let shared = (0..geo.slots()).map(HoleIndex::new).any(|h| {
            gap_carriers
                .iter()
                .filter(|c| c.contains(h))
                .nth(1)
                .is_some()
                && open(pos, geo, defender, h)
        });
        // Where no hole is shared, every gap stands alone and the game
        // holds without playing it (each gap is safe by itself), however
        // long the chain.
        if shared && doubles.len() > 16 {
            return None;
        }
        let all = (1u32 << doubles.len().min(16)) - 1;
        // With the attacker to move and no single gap, it may close any
        // gap first.
        let mut opener = None;
        if shared && !game.holds(all, &mut Vec::new()) {
            if !single || first.is_some() {
                return None;
            }
            opener = (0..doubles.len()).find(|&t| game.holds(all & !(1 << t), &mut Vec::new()));
            opener?;
        }
        Some((shared, opener))
    }

    /// Under crossing none, whether an own peg closing another gap (or
    /// the single gap's, `first`) lies in a double gap's carrier, where
    /// its links would bar that gap's options.
    fn own_pegs_bar(
        &self,
        pos: &Position,
        attacker: Player,
        first: Option<HoleIndex>,
        path: &[usize],
        carriers: &[Zone],
        doubles: &[usize],
    ) -> bool {
        if pos.blocking_colours(attacker) & colour_bits(attacker) == 0 {
            return false;
        }
        doubles.iter().any(|&j| {
            doubles
                .iter()
                .filter(|&&i| i != j)
                .flat_map(|&i| self.options(path[i]))
                .any(|o| carriers[j].contains(o.hole))
                || first.is_some_and(|h| carriers[j].contains(h))
        })
    }

    /// The cost found so far for `state` in this search (`u32::MAX`: not
    /// reached).
    #[inline]
    fn dist_of(&self, state: usize) -> u32 {
        if self.stamp[state].0 == self.search {
            self.dist[state]
        } else {
            u32::MAX
        }
    }

    fn relax(&mut self, state: usize, d: u32, from: usize, gap: usize) {
        if d < self.dist_of(state) {
            self.stamp[state].0 = self.search;
            self.dist[state] = d;
            self.parent[state] = (from, gap);
            if gap == NO {
                self.queue.push_front(state);
            } else {
                self.queue.push_back(state);
            }
        }
    }

    /// The options of gap `g`.
    fn options(&self, g: usize) -> &[Option_] {
        let gap = &self.gaps[g];
        &self.opts[gap.start..gap.start + gap.len]
    }

    /// Makes a gap of the options in `found` (all between the same two
    /// ends): a double gap when no single defender peg kills every option,
    /// else a single one if `single` allows it. Its index in `gaps`.
    fn gap_from_found(
        &mut self,
        pos: &Position,
        geo: &Geometry,
        attacker: Player,
        (a, far): (HoleIndex, Far),
        single: bool,
    ) -> Option<usize> {
        if self.found.is_empty() {
            return None;
        }
        let start = self.opts.len();
        self.opts.extend(self.found.iter().map(|f| f.1));
        let double = self.found.len() >= 2
            && self.safe_gap(pos, geo, attacker, a, far, start..self.opts.len());
        if !double && !single {
            self.opts.truncate(start);
            return None;
        }
        if !double {
            // Closed at once: the first option.
            self.opts.truncate(start + 1);
        }
        self.gaps.push(Gap {
            start,
            len: self.opts.len() - start,
            single: !double,
            edge: None,
        });
        Some(self.gaps.len() - 1)
    }
}

/// Adds an option's carrier to `zone`: its hole, and both ends of every
/// link crossing one of its new links that could still be placed, by the
/// defender (both ends a defender peg or a hole it may take, the link not
/// barred by a link already there: nothing is ever removed) or, under
/// `crossing: none`, by the attacker (both ends own pegs or holes it may
/// take), as its own link would bar the option there.
fn add_carrier(pos: &Position, geo: &Geometry, attacker: Player, o: &Option_, zone: &mut Zone) {
    let defender = attacker.opponent();
    let own_bars = pos.blocking_colours(attacker) & colour_bits(attacker) != 0;
    let available = |p: Player, i: HoleIndex| {
        pos.cell(i.get()) & COLOUR == colour_bits(p) || open(pos, geo, p, i)
    };
    zone.insert(o.hole);
    for &l in &o.links[..o.count] {
        for &x in geo.crossers(l) {
            if x == NONE {
                continue;
            }
            let x = usize::from(x);
            let (p, q) = (HoleIndex::new(x >> 2), HoleIndex::new(geo.link_far_end(x)));
            let by = |who: Player| available(who, p) && available(who, q) && placeable(pos, who, x);
            if by(defender) || (own_bars && by(attacker)) {
                zone.insert(p);
                zone.insert(q);
            }
        }
    }
}

/// Whether a new link `id` of `attacker` could be placed now: not crossed
/// by any link that bars it (the opponent's; under `crossing: none` the
/// attacker's own too).
fn placeable(pos: &Position, attacker: Player, id: usize) -> bool {
    pos.crossed_colours(id) & pos.blocking_colours(attacker) == 0
}

/// Whether the attacker may place a peg in the empty hole `h`.
fn open(pos: &Position, geo: &Geometry, attacker: Player, h: HoleIndex) -> bool {
    let playable = match attacker {
        Player::Red => flag::PLAYABLE_RED,
        Player::Black => flag::PLAYABLE_BLACK,
    };
    pos.cell(h.get()) & COLOUR == 0 && geo.hole_flags(h.get()) & playable != 0
}

/// The holes a knight's move from own peg `a` on the border flagged
/// `border`, where a peg would link to `a`.
fn edge_options(
    pos: &Position,
    geo: &Geometry,
    attacker: Player,
    a: HoleIndex,
    border: u8,
    out: &mut Vec<(HoleIndex, Option_)>,
) {
    for s in geo.steps(a.get()) {
        let h = HoleIndex::from(s.hole);
        if s.hole != NONE
            && geo.hole_flags(h.get()) & border != 0
            && open(pos, geo, attacker, h)
            && placeable(pos, attacker, usize::from(s.link))
        {
            out.push((
                BORDER,
                Option_ {
                    hole: h,
                    links: [usize::from(s.link), 0],
                    count: 1,
                },
            ));
        }
    }
}

/// The holes a knight's move from own peg `a` and from another own peg
/// `b` not linked to it, where a peg would link to both: `(b, option)`.
fn peg_options(
    pos: &Position,
    geo: &Geometry,
    attacker: Player,
    a: HoleIndex,
    own_near: &[u8],
    out: &mut Vec<(HoleIndex, Option_)>,
) {
    let mine = colour_bits(attacker);
    for s in geo.steps(a.get()) {
        let h = HoleIndex::from(s.hole);
        // `a` is one of the own pegs next to `h`: another must be too.
        if s.hole == NONE
            || own_near[h.get()] < 2
            || !open(pos, geo, attacker, h)
            || !placeable(pos, attacker, usize::from(s.link))
        {
            continue;
        }
        for t in geo.steps(h.get()) {
            let b = HoleIndex::from(t.hole);
            // The colour first: most neighbours are not own pegs (and a
            // missing step's slot 0, no hole, never holds one).
            if pos.cell(b.get()) & COLOUR == mine
                && t.hole != NONE
                && b != a
                && placeable(pos, attacker, usize::from(t.link))
            {
                out.push((
                    b,
                    Option_ {
                        hole: h,
                        links: [usize::from(s.link), usize::from(t.link)],
                        count: 2,
                    },
                ));
            }
        }
    }
}

/// The game of intrusions into a chain's gaps: the defender places pegs,
/// the attacker answers each by closing one open gap, and every gap left
/// open must stay safe with the pegs placed so far.
struct Intrusions<'a> {
    pos: &'a Position,
    geo: &'a Geometry,
    attacker: Player,
    options: &'a [&'a [Option_]],
    carriers: &'a [&'a Zone],
    /// Outcomes known, by open gaps and the defender's pegs in them.
    seen: std::collections::HashMap<(u32, Vec<HoleIndex>), bool>,
    /// Positions of this game visited: past [`Intrusions::LIMIT`] the
    /// answer is "not proved".
    nodes: usize,
}

impl Intrusions<'_> {
    const LIMIT: usize = 4000;

    /// Whether gap `g` is safe with the defender's pegs `pegs` added.
    fn safe_with(&self, g: usize, pegs: &[HoleIndex]) -> bool {
        safe(self.pos, self.geo, self.attacker, self.options[g], pegs)
    }

    /// Whether the attacker closes every gap of `left` (a bit each), the
    /// defender to move with `pegs` placed, every open gap safe with them.
    fn holds(&mut self, left: u32, pegs: &mut Vec<HoleIndex>) -> bool {
        if left == 0 {
            return true;
        }
        let gaps = || (0..self.options.len()).filter(move |&g| left & (1 << g) != 0);
        let mut key: Vec<HoleIndex> = pegs
            .iter()
            .copied()
            .filter(|&p| gaps().any(|g| self.carriers[g].contains(p)))
            .collect();
        key.sort_unstable();
        if let Some(&known) = self.seen.get(&(left, key.clone())) {
            return known;
        }
        // Positions not met before count against the limit.
        self.nodes += 1;
        if self.nodes > Self::LIMIT {
            return false;
        }
        let defender = self.attacker.opponent();
        let mut result = true;
        // A peg in two open carriers or more: the attacker closes one gap,
        // and every other open gap must stay safe with it.
        'holes: for x in (0..self.geo.slots()).map(HoleIndex::new) {
            if gaps()
                .filter(|&g| self.carriers[g].contains(x))
                .nth(1)
                .is_none()
                || pegs.contains(&x)
                || !open(self.pos, self.geo, defender, x)
            {
                continue;
            }
            pegs.push(x);
            let bears: Vec<usize> = gaps().filter(|&g| self.safe_with(g, pegs)).collect();
            let mut answered = false;
            for t in gaps() {
                if gaps().all(|g| g == t || bears.contains(&g))
                    && self.holds(left & !(1 << t), pegs)
                {
                    answered = true;
                    break;
                }
            }
            pegs.pop();
            if !answered {
                result = false;
                break 'holes;
            }
        }
        // A peg in one open carrier only (or none, or a pass): at worst
        // the attacker must close that gap, and the peg touches no other.
        if result {
            for g in gaps() {
                if !self.holds(left & !(1 << g), pegs) {
                    result = false;
                    break;
                }
            }
        }
        if self.nodes <= Self::LIMIT {
            self.seen.insert((left, key), result);
        }
        result
    }
}

/// Whether a gap is safe: with defender pegs added on the holes of
/// `extra` (those the defender may take; a few at most), some option is still open, and
/// no single defender peg elsewhere kills every open option. An option is
/// killed by a defender peg in its hole, or by a defender link crossing
/// one of its new links; a defender link comes only with a new peg, so it
/// needs one end new (in `extra`, or the peg placed) and the other a
/// defender peg, and it must not be barred by a link already there
/// (nothing is ever removed). Links among the added pegs are assumed
/// there whenever they could be, the worst case.
fn safe(
    pos: &Position,
    geo: &Geometry,
    attacker: Player,
    options: &[Option_],
    extra: &[HoleIndex],
) -> bool {
    const MAX_KILLS: usize = 48;
    let defender = attacker.opponent();
    let theirs = colour_bits(defender);
    let added = |i: HoleIndex| extra.contains(&i) && open(pos, geo, defender, i);
    let peg = |i: HoleIndex| pos.cell(i.get()) & COLOUR == theirs || added(i);
    // For each open option, the holes a single new defender peg kills it
    // from (at most 8 options: the knight's moves of one peg).
    let mut kills = [[0u16; MAX_KILLS]; 8];
    let mut counts = [0usize; 8];
    let mut open_options = 0;
    for o in options.iter().take(8) {
        if added(o.hole) {
            continue;
        }
        let list = &mut kills[open_options];
        let mut c = 0;
        if open(pos, geo, defender, o.hole) {
            list[c] = o.hole.get() as u16;
            c += 1;
        }
        let mut dead = false;
        for &l in &o.links[..o.count] {
            for &x in geo.crossers(l) {
                if x == NONE || !placeable(pos, defender, usize::from(x)) {
                    continue;
                }
                let x = usize::from(x);
                let (p, q) = (HoleIndex::new(x >> 2), HoleIndex::new(geo.link_far_end(x)));
                if peg(p) && peg(q) && (added(p) || added(q)) {
                    dead = true;
                }
                for (end, hole) in [(p, q), (q, p)] {
                    if peg(end) && !added(hole) && open(pos, geo, defender, hole) {
                        if c == MAX_KILLS {
                            return false; // never: at most 37, and "unsafe" is the safe answer
                        }
                        list[c] = hole.get() as u16;
                        c += 1;
                    }
                }
            }
        }
        if !dead {
            counts[open_options] = c;
            open_options += 1;
        }
    }
    if open_options == 0 {
        return false;
    }
    // Safe when no hole kills every open option.
    !kills[0][..counts[0]]
        .iter()
        .any(|h| (1..open_options).all(|k| kills[k][..counts[k]].contains(h)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::moves::Move;
    use crate::position::Status;
    use crate::rules::RuleSet;
    use crate::solver::bounds::Costs;
    use crate::solver::random_pegs::add_random_pegs;
    use crate::split_mix::SplitMix64;

    /// A position of `plies` pegs at random free holes.
    fn random_position(rules: &RuleSet, rng: &mut SplitMix64, plies: u32) -> Position {
        let mut pos = Position::new(rules.clone()).unwrap();
        add_random_pegs(&mut pos, rng, plies);
        pos
    }

    /// What a chain search answers, in full.
    fn answer(c: Option<Connection>) -> Option<(u32, HoleIndex, Zone, bool, bool)> {
        c.map(|c| (c.gaps, c.first, c.zone, c.shared, c.opening))
    }

    /// The safety of gaps reused from a base position at its children (a
    /// peg of the side to move added at each free hole) changes no chain
    /// search's answer: for both players, with and without a single gap,
    /// under own crossing and crossing none, against a search that reuses
    /// nothing. And it is reused most of the time.
    #[test]
    fn gap_safety_reused_from_the_parent_changes_no_answer() {
        let (mut hits, mut misses, mut found) = (0, 0, 0);
        for preset in ["pencil", "dujardin", "t1"] {
            let mut rules = RuleSet::preset(preset).unwrap();
            rules.size = BoardSize::square(10).unwrap();
            let mut rng = SplitMix64::new(23);
            let mut chains = [Chains::default(), Chains::default()];
            for k in 0..400u64 {
                let pos = random_position(&rules, &mut rng, 10 + (k as u32 * 7) % 50);
                if pos.status() != Status::Ongoing {
                    continue;
                }
                let base = Key(k + 1, 0);
                let mut children = vec![(None, pos.clone())];
                for h in free_holes_of(&pos) {
                    let mut next = pos.clone();
                    next.play(&Move::peg(pos.geometry().hole(h.get()))).unwrap();
                    children.push((Some(h), next));
                }
                for (added, p) in &children {
                    for (side, player) in [Player::Red, Player::Black].into_iter().enumerate() {
                        for single in [false, true] {
                            let plain = Chains::default().find(p, player, MAX, single, None);
                            chains[side].reuse_from(base, *added);
                            let reused = chains[side].find(p, player, MAX, single, None);
                            chains[side].reuse_nothing();
                            found += usize::from(plain.is_some());
                            assert_eq!(
                                answer(plain),
                                answer(reused),
                                "{preset} position {k} {player:?} {single} peg at {added:?}"
                            );
                        }
                    }
                }
            }
            for c in &chains {
                hits += c.reuse().0;
                misses += c.reuse().1;
            }
        }
        assert!(found > 1000, "{found} chains found");
        assert!(hits > misses, "{hits} reused, {misses} worked out");
    }

    /// Every gap has a key of its own: no two gaps of one colour (two
    /// pegs, either way round, or a peg and a border) share one, on a
    /// square board and on boards whose hole numbers reach the borders'
    /// flags (32 and 64), where a border gap's key once equalled a peg
    /// gap's.
    #[test]
    fn gap_keys_are_one_per_gap() {
        use crate::geometry::flag;
        for (w, h) in [(10, 10), (16, 10), (24, 24)] {
            let mut rules = RuleSet::preset("pencil").unwrap();
            rules.size = BoardSize::new(w, h).unwrap();
            rules.swap = crate::rules::Swap::None;
            let pos = Position::new(rules).unwrap();
            let geo = pos.geometry();
            let holes: Vec<HoleIndex> = (0..geo.slots())
                .filter(|&s| geo.hole_flags(s) & flag::EXISTS != 0)
                .map(HoleIndex::new)
                .collect();
            let borders = [
                flag::RED_START,
                flag::RED_END,
                flag::BLACK_START,
                flag::BLACK_END,
            ];
            for player in [Player::Red, Player::Black] {
                let mut seen = std::collections::HashMap::new();
                for (i, &a) in holes.iter().enumerate() {
                    for &b in &holes[i + 1..] {
                        let key = gap_key(player, a, Far::Peg(b));
                        assert_eq!(key, gap_key(player, b, Far::Peg(a)));
                        let gap = format!("{a:?}-{b:?}");
                        if let Some(other) = seen.insert(key, gap.clone()) {
                            panic!("{w}x{h} {player:?}: {gap} and {other} share a key");
                        }
                    }
                    for border in borders {
                        let gap = format!("{a:?}-border {border}");
                        let key = gap_key(player, a, Far::Border(border));
                        if let Some(other) = seen.insert(key, gap.clone()) {
                            panic!("{w}x{h} {player:?}: {gap} and {other} share a key");
                        }
                    }
                }
            }
        }
    }

    /// Where a gap's key once equalled another's (Black's gap from c3 to
    /// its start border and its gap between c3 and b4, the hole numbered
    /// as that border's flag): Black's chain from its start border to b4,
    /// across a gap to c3, linked on to i6 and across a gap to its end
    /// border, Red's b2 cutting c3's own gap to the border. The chain search
    /// with reuse at the base finds the chain as the one without does.
    #[test]
    fn a_gap_to_the_border_and_a_gap_between_pegs_are_kept_apart() {
        let mut rules = RuleSet::preset("pencil").unwrap();
        rules.size = BoardSize::square(10).unwrap();
        let mut s = crate::setup::Setup::empty(rules.size);
        for hole in ["b4", "c3", "e4", "g5", "i6"] {
            s.pegs.insert(hole.parse().unwrap(), Player::Black);
        }
        s.pegs.insert("b2".parse().unwrap(), Player::Red);
        s.add_implied_links(&rules);
        s.to_move = Some(Player::Red);
        let pos = Position::from_setup(&s, rules).unwrap();
        for single in [false, true] {
            let plain = Chains::default().find(&pos, Player::Black, MAX, single, None);
            assert!(plain.is_some(), "single {single}: no chain");
            let mut chains = Chains::default();
            chains.reuse_from(Key(1, 0), None);
            let reused = chains.find(&pos, Player::Black, MAX, single, None);
            assert_eq!(answer(plain), answer(reused), "single {single}");
        }
    }

    /// The free holes of the side to move.
    fn free_holes_of(pos: &Position) -> Vec<HoleIndex> {
        crate::solver::hole::free_holes(pos, pos.to_move()).collect()
    }

    const MAX: u32 = 1 << 10;

    /// Pegs left out by the bound's costs from the end border lie on no
    /// chain within the cap: with them left out the chain search finds a
    /// chain of as many gaps as without, or none in both. Under own
    /// crossing and under crossing none, with and without a single gap,
    /// for both players and caps 1 to 6 of random positions.
    #[test]
    fn pegs_far_from_the_end_border_change_no_answer() {
        let mut found = 0;
        for preset in ["pencil", "dujardin"] {
            let mut rules = RuleSet::preset(preset).unwrap();
            rules.size = BoardSize::square(10).unwrap();
            let mut rng = SplitMix64::new(11);
            let mut chains = Chains::default();
            let mut costs = Costs::default();
            let mut through = Vec::new();
            for k in 0..400 {
                let pos = random_position(&rules, &mut rng, 6 + k % 60);
                if pos.status() != Status::Ongoing {
                    continue;
                }
                for player in [Player::Red, Player::Black] {
                    for cap in 1..=6 {
                        costs.needed(&pos, player, cap, None);
                        costs.through(&pos, player, &mut through);
                        for single in [false, true] {
                            let plain = Chains::default()
                                .find(&pos, player, cap, single, None)
                                .map(|c| c.gaps);
                            let pruned = chains
                                .find(&pos, player, cap, single, Some(costs.end_costs()))
                                .map(|c| c.gaps);
                            assert_eq!(plain, pruned, "{preset} {player:?} cap {cap} {single}");
                            found += usize::from(plain.is_some());
                        }
                    }
                }
            }
        }
        // Not an empty check: many positions have such a chain.
        assert!(found > 500, "{found} chains found");
    }
}
