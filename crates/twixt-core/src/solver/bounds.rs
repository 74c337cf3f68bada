//! A lower bound on the pegs a player still needs: a shortest path over
//! knight steps where an own peg costs nothing and an empty hole one peg,
//! ignoring the opponent's future pegs. A node needing more pegs than it
//! has moves is lost at once, and the costs order the attacker's moves.
//!
//! The search asks for the bound at every node, so [`Costs`] keeps its
//! buffers from one node to the next and answers "how many pegs" with one
//! breadth-first search, the costs through every hole with a second one.

use super::hole::HoleIndex;
use super::table::Key;
use crate::board::Player;
use crate::geometry::{Geometry, flag};
use crate::position::{COLOUR, Position, colour_bits};

/// The fewest new pegs `player` needs to join their borders if the
/// opponent never moved again (`u32::MAX` when they cannot).
pub(crate) fn pegs_needed(pos: &Position, player: Player) -> u32 {
    Costs::default().needed(pos, player, u32::MAX, None)
}

/// For every hole slot, the fewest new pegs of `player` on a chain through
/// it from border to border, counting the hole itself (`u32::MAX` where no
/// chain can pass). A lower bound: the opponent's future pegs and the
/// player's own new links crossing each other are ignored.
pub(crate) fn through_costs(pos: &Position, player: Player) -> Vec<u32> {
    let mut costs = Costs::default();
    let mut out = Vec::new();
    costs.needed(pos, player, u32::MAX, None);
    costs.through(pos, player, &mut out);
    out
}

/// The buffers of the two breadth-first searches, kept between calls.
#[derive(Default)]
pub(crate) struct Costs {
    /// Costs from the start border, of the last [`Costs::needed`].
    from_start: Vec<u32>,
    from_end: Vec<u32>,
    scratch: Scratch,
    /// For each number of new pegs k: how many empty holes are the k-th
    /// of a cheapest chain, and the last one seen.
    layers: Vec<(u32, usize)>,
    /// The position (by its key), player and cap of the last
    /// [`Costs::needed`], with its answer: the search asks again for the
    /// same pegs when the defender passes.
    last: Option<(Key, Player, u32, u32)>,
    /// Whether the last [`Costs::through`] was of that same position.
    through_done: bool,
    /// The cap of the last [`Costs::needed`].
    cap: u32,
    /// Whether `from_start` is of the last [`Costs::needed`] (not when
    /// the floor answered it without a search).
    start_done: bool,
    /// Floors under the costs through each hole, from the root of the
    /// search and from the attacker's turns on the line being searched
    /// (see [`Costs::guided`] and [`Costs::push_floor`]); the last is used.
    floors: Vec<Floor>,
    /// The player the floors are of.
    floor_player: Option<Player>,
    /// The vectors of floors taken off, to be filled again.
    spare_floors: Vec<Vec<u32>>,
    /// For [`Costs::cheapest_layers`]: which holes are on a cheapest chain, and
    /// those holes in the order the walk met them.
    on_chain: Vec<bool>,
    walk: Vec<usize>,
    /// Lower bounds from the line being searched, the last in force (see
    /// [`Costs::push_least`]): a player, the pegs it needed at least, and
    /// its pegs on the board then.
    leasts: Vec<(Player, u32, u32)>,
}

/// A floor under the costs through each hole at some position of the
/// line: `costs[i]` is at most the cost of `floor_player`'s cheapest
/// chain through hole `i` there (`u32::MAX`: no chain through it can ever
/// form), and `pegs` the player's pegs on the board there.
struct Floor {
    pegs: u32,
    costs: Vec<u32>,
    /// The least of `costs`: at most the pegs needed there.
    least: u32,
}

impl Costs {
    /// Buffers for the positions of a search from `root` (each reached
    /// from it by adding pegs), whose breadth-first searches for `player`
    /// leave out the holes that lie on no chain within their cap. The
    /// floor: the cost through a hole at an earlier position of the line,
    /// less one for each peg `player` added since, is at most its cost now
    /// (a new own peg takes one off a chain's cost, at most once;
    /// everything else the board gains, an opponent's peg or any link,
    /// only takes ways away, as nothing is ever removed). A hole whose
    /// floor is over the cap lies on no chain within the cap, so the pegs
    /// needed come out the same without it. The cost through a hole can
    /// come out higher, over the cap: the plain one adds its costs from
    /// both borders, and the two ways may share a hole (a spur off a chain
    /// and back), where a new own peg takes one off twice. Such a hole is
    /// on no chain within the cap either, and a hole on a chain within the
    /// cap still gets a cost no higher than that chain's, which is what the
    /// search reads the costs for.
    pub(crate) fn guided(root: &Position, player: Player) -> Costs {
        let mut costs = Costs::default();
        let mut through = Vec::new();
        costs.needed(root, player, u32::MAX, None);
        costs.through(root, player, &mut through);
        costs.floor_player = Some(player);
        costs.floors.push(Floor {
            pegs: root.pegs_on_board(player),
            least: through.iter().copied().min().unwrap_or(u32::MAX),
            costs: through,
        });
        costs
    }

    /// Adds the floor of `pos`, from `through` as [`Costs::through`] gave
    /// it with the cap `cap` (exact where at most `cap`; above it, or
    /// `u32::MAX`, the cost is over `cap`), until [`Costs::pop_floor`].
    pub(crate) fn push_floor(&mut self, pos: &Position, through: &[u32], cap: u32) {
        let Some(player) = self.floor_player else {
            return;
        };
        let over = cap.saturating_add(1);
        let mut costs = self.spare_floors.pop().unwrap_or_default();
        costs.clear();
        costs.extend(through.iter().map(|&t| t.min(over)));
        self.floors.push(Floor {
            pegs: pos.pegs_on_board(player),
            least: costs.iter().copied().min().unwrap_or(u32::MAX),
            costs,
        });
    }

    /// Notes that at `pos`, `player` needs at least `least` new pegs, until
    /// [`Costs::pop_least`]: at a position reached from it by adding pegs,
    /// it needs at least that less the pegs it added (a new own peg takes
    /// one off a chain's cost, at most once; nothing else makes a chain
    /// cheaper), and a [`Costs::needed`] whose cap is below that answers
    /// without a search. A scalar floor, for a player whose costs through
    /// each hole are not asked at every turn.
    pub(crate) fn push_least(&mut self, pos: &Position, player: Player, least: u32) {
        self.leasts.push((player, least, pos.pegs_on_board(player)));
    }

    /// Takes off the bound of the last [`Costs::push_least`].
    pub(crate) fn pop_least(&mut self) {
        self.leasts.pop();
    }

    /// How many floors are pushed (for the check that a search stopped
    /// early took off every floor it added).
    pub(crate) fn floors(&self) -> usize {
        self.floors.len()
    }

    /// Takes off the floor of the last [`Costs::push_floor`].
    pub(crate) fn pop_floor(&mut self) {
        if self.floors.len() > 1
            && let Some(f) = self.floors.pop()
        {
            self.spare_floors.push(f.costs);
        }
    }

    /// The last floor, with the pegs `player` added since, when the
    /// floors are of `player`.
    fn floor(&self, pos: &Position, player: Player) -> Option<(&[u32], u32)> {
        if self.floor_player != Some(player) {
            return None;
        }
        let f = self.floors.last()?;
        Some((&f.costs, pos.pegs_on_board(player).saturating_sub(f.pegs)))
    }

    /// The fewest new pegs `player` needs, when at most `cap` (else
    /// `u32::MAX`, also when they cannot): the cheapest way from the start
    /// border to a hole of the end border, whose cost through that hole is
    /// its cost from the start (the end hole itself is counted once). Holes
    /// dearer than `cap` are not explored: the search only asks whether the
    /// pegs needed fit in the moves left. Keeps the costs from the start for
    /// a following [`Costs::through`] of the same position, player and cap;
    /// with the position's `key`, a second call for it answers at once.
    pub(crate) fn needed(
        &mut self,
        pos: &Position,
        player: Player,
        cap: u32,
        key: Option<Key>,
    ) -> u32 {
        // The same position asked with the same cap or a smaller one: the
        // costs kept are exact up to the larger cap.
        if let (Some(k), Some((lk, lp, lc, n))) = (key, self.last)
            && k == lk
            && lp == player
            && cap <= lc
        {
            return if n <= cap { n } else { u32::MAX };
        }
        // The pegs needed are at least the floor's least cost less the pegs
        // added since (a new own peg takes one off a chain's cost, at most
        // once; nothing else makes a chain cheaper): when that is over the
        // cap, the search below would find no chain within it. So with the
        // last lower bound of the line.
        let over = |least: u32, pegs: u32| {
            least.saturating_sub(pos.pegs_on_board(player).saturating_sub(pegs)) > cap
        };
        if self
            .floors
            .last()
            .is_some_and(|f| self.floor_player == Some(player) && over(f.least, f.pegs))
            || self
                .leasts
                .last()
                .is_some_and(|&(p, least, pegs)| p == player && over(least, pegs))
        {
            self.last = None;
            self.through_done = false;
            self.cap = cap;
            self.start_done = false;
            return u32::MAX;
        }
        self.start_costs(pos, player, cap);
        let geo = pos.geometry();
        let (_, end) = borders(player);
        let from_start = &self.from_start;
        let n = geo
            .border_slots(end)
            .iter()
            .map(|&i| from_start[i])
            .min()
            .unwrap_or(u32::MAX);
        self.last = key.map(|k| (k, player, cap, n));
        self.through_done = false;
        n
    }

    /// The costs from the start border with the cap `cap`, into
    /// `from_start`.
    fn start_costs(&mut self, pos: &Position, player: Player, cap: u32) {
        self.cap = cap;
        let (start, _) = borders(player);
        let mut from_start = std::mem::take(&mut self.from_start);
        let mut scratch = std::mem::take(&mut self.scratch);
        let floor = self.floor(pos, player);
        scratch.set_kinds(pos, player, cap, floor);
        border_distances(
            pos,
            pos.geometry(),
            player,
            start,
            cap,
            &mut from_start,
            &mut scratch,
        );
        self.from_start = from_start;
        self.scratch = scratch;
        self.start_done = true;
    }

    /// Fills `out` with the costs through every hole slot (as
    /// [`through_costs`]; with a cap, exact where at most the cap, and
    /// above it or `u32::MAX` elsewhere), after [`Costs::needed`] of the
    /// same position and player. When `out` already holds them (the same
    /// keyed position), nothing is done.
    pub(crate) fn through(&mut self, pos: &Position, player: Player, out: &mut Vec<u32>) {
        if self.through_done {
            return;
        }
        if !self.start_done {
            self.start_costs(pos, player, self.cap);
        }
        let geo = pos.geometry();
        let (_, end) = borders(player);
        let mut from_end = std::mem::take(&mut self.from_end);
        let mut scratch = std::mem::take(&mut self.scratch);
        // The same position, player, cap and floor as the search from the
        // start: what each hole costs is what that search worked out.
        border_distances(pos, geo, player, end, self.cap, &mut from_end, &mut scratch);
        self.from_end = from_end;
        self.scratch = scratch;
        let mine = colour_bits(player);
        out.clear();
        // Branch-free over zipped slices, so that it vectorises.
        out.extend(
            self.from_start
                .iter()
                .zip(&self.from_end)
                .zip(&pos.cells()[..geo.slots()])
                .map(|((&a, &b), &cell)| {
                    let empty = u32::from(cell & COLOUR != mine);
                    if a == u32::MAX || b == u32::MAX {
                        u32::MAX
                    } else {
                        a + b - empty
                    }
                }),
        );
        self.through_done = self.last.is_some();
    }

    /// The costs from the end border, of the last [`Costs::through`]: for
    /// each hole slot, the fewest new pegs of a chain from it to that
    /// border, counting the hole itself (`u32::MAX` where over the cap
    /// the costs were found with, or where no chain can pass).
    pub(crate) fn end_costs(&self) -> &[u32] {
        &self.from_end
    }
}

impl Costs {
    /// After [`Costs::needed`] gave `needed` (at most its cap) of `pos`
    /// and `player`: an empty hole the opponent may take that lies on
    /// every chain of `needed` new pegs.
    ///
    /// On a cheapest chain the k-th empty hole costs exactly k from the
    /// start (a cheaper way to it would make the chain cheaper), so every
    /// cheapest chain has one hole in each layer k = 1..=needed, and a
    /// layer of one hole is on all of them. The holes on cheapest chains
    /// are found by walking back from the end border over the steps where
    /// the cost from the start rises by exactly what the hole stepped to
    /// costs: a walk over those chains only, where the costs from the end
    /// border would take a second search of every hole within the cap.
    pub(crate) fn cut_hole(
        &mut self,
        pos: &Position,
        player: Player,
        needed: u32,
    ) -> Option<HoleIndex> {
        let theirs = match player {
            Player::Red => flag::PLAYABLE_BLACK,
            Player::Black => flag::PLAYABLE_RED,
        };
        self.cheapest_layers(pos, player, needed);
        let geo = pos.geometry();
        self.layers[1..]
            .iter()
            .find(|&&(count, i)| count == 1 && geo.hole_flags(i) & theirs != 0)
            .map(|&(_, i)| HoleIndex::new(i))
    }

    /// After [`Costs::needed`] gave 1 of `pos` and `player`: a hole where a
    /// peg of `player` completes a chain (any empty hole of a cheapest
    /// chain, as it has one).
    pub(crate) fn winning_hole(&mut self, pos: &Position, player: Player) -> Option<HoleIndex> {
        self.cheapest_layers(pos, player, 1);
        let (count, i) = self.layers[1];
        (count > 0).then_some(HoleIndex::new(i))
    }

    /// Fills the layers of the cheapest chains of `needed` new pegs: for
    /// each k, how many empty holes are the k-th of one, and the last
    /// found (see [`Costs::cut_hole`]).
    fn cheapest_layers(&mut self, pos: &Position, player: Player, needed: u32) {
        debug_assert!(self.start_done, "the costs from the start are of `pos`");
        let geo = pos.geometry();
        let (_, end) = borders(player);
        let blocking = pos.blocking_colours(player);
        let dist = &self.from_start;
        let kinds = &self.scratch.kinds;
        let on_chain = &mut self.on_chain;
        on_chain.clear();
        on_chain.resize(geo.slots(), false);
        let walk = &mut self.walk;
        walk.clear();
        for &e in geo.border_slots(end) {
            if dist[e] == needed {
                on_chain[e] = true;
                walk.push(e);
            }
        }
        let mut next = 0;
        while let Some(&j) = walk.get(next) {
            next += 1;
            let before = dist[j] - u32::from(kinds[j]);
            for step in geo.steps(j) {
                // A missing step leads to slot 0, which is barred and
                // unreached.
                let i = usize::from(step.hole);
                if dist[i] != before
                    || on_chain[i]
                    || pos.crossed_colours(usize::from(step.link)) & blocking != 0
                {
                    continue;
                }
                on_chain[i] = true;
                walk.push(i);
            }
        }
        let n = needed as usize;
        self.layers.clear();
        self.layers.resize(n + 1, (0, usize::MAX));
        for &i in walk.iter() {
            if pos.cell(i) & COLOUR != 0 {
                continue;
            }
            let k = dist[i] as usize;
            if (1..=n).contains(&k) {
                let layer = &mut self.layers[k];
                layer.0 += 1;
                layer.1 = i;
            }
        }
    }
}

fn borders(player: Player) -> (u8, u8) {
    match player {
        Player::Red => (flag::RED_START, flag::RED_END),
        Player::Black => (flag::BLACK_START, flag::BLACK_END),
    }
}

/// The work buffers of [`border_distances`].
#[derive(Default)]
pub(crate) struct Scratch {
    now: Vec<usize>,
    next: Vec<usize>,
    /// Per hole slot: what a chain pays to pass it ([`OWN`], [`EMPTY`] or
    /// [`BARRED`]), of the last [`Scratch::set_kinds`]; both searches of
    /// one position read it.
    kinds: Vec<u8>,
    /// The same during a search, with [`DONE`] once a slot was expanded.
    kind: Vec<u8>,
}

/// An own peg: a chain passes it for nothing.
const OWN: u8 = 0;
/// An empty hole the player may take: one peg.
const EMPTY: u8 = 1;
/// No chain within the cap passes here.
const BARRED: u8 = 0x7f;
/// The slot was expanded (its cost is final).
const DONE: u8 = 0x80;

impl Scratch {
    /// Works out what a chain of `player` pays at each hole slot of `pos`
    /// with the cap `cap`: a slot is barred where its floor (see
    /// [`Costs::guided`]), less the pegs added since, is over the cap:
    /// `f - added > cap`, i.e. `f > cap + added` (`u32::MAX`, no chain at
    /// all, is over any limit: the limit stops one below it). Slot 0 (no
    /// hole: where a missing step leads) is always barred.
    fn set_kinds(
        &mut self,
        pos: &Position,
        player: Player,
        cap: u32,
        floor: Option<(&[u32], u32)>,
    ) {
        let geo = pos.geometry();
        let mine = colour_bits(player);
        let playable = match player {
            Player::Red => flag::PLAYABLE_RED,
            Player::Black => flag::PLAYABLE_BLACK,
        };
        let slots = geo.slots();
        let cells = &pos.cells()[..slots];
        let flags = &geo.all_hole_flags()[..slots];
        // Branch-free arithmetic over slices of one length, so that it
        // vectorises: an own peg 0, an empty hole the player may take 1,
        // anything else (or a slot the floor bars) BARRED.
        let cost = |c: u8, f: u8| -> u8 {
            let c = c & COLOUR;
            let own = u8::from(c == mine);
            let empty = u8::from(c == 0) & u8::from(f & playable != 0);
            BARRED - own * BARRED - empty * (BARRED - EMPTY)
        };
        self.kinds.clear();
        self.kinds.resize(slots, BARRED);
        let kinds = &mut self.kinds[..slots];
        match floor {
            Some((fl, added)) => {
                let limit = cap.saturating_add(added).min(u32::MAX - 1);
                let fl = &fl[..slots];
                for i in 0..slots {
                    kinds[i] = cost(cells[i], flags[i]) | (BARRED * u8::from(fl[i] > limit));
                }
            }
            None => {
                for i in 0..slots {
                    kinds[i] = cost(cells[i], flags[i]);
                }
            }
        }
        if let Some(k) = kinds.first_mut() {
            *k = BARRED;
        }
    }
}

/// Cost of the cheapest chain of `player` from the border rows flagged
/// `border` to each hole, into `dist` (a 0-1 breadth-first search: own pegs
/// cost 0, empty holes the player may use cost 1, a step needs a link that
/// exists or could still be placed), with what each hole costs from the
/// last [`Scratch::set_kinds`] of the same position, player and cap. Holes
/// costing more than `cap` are left at `u32::MAX`, and so are those the
/// floor barred.
fn border_distances(
    pos: &Position,
    geo: &Geometry,
    player: Player,
    border: u8,
    cap: u32,
    dist: &mut Vec<u32>,
    scratch: &mut Scratch,
) {
    let blocking = pos.blocking_colours(player);
    let slots = geo.slots();
    let mut kind = std::mem::take(&mut scratch.kind);
    kind.clear();
    kind.extend_from_slice(&scratch.kinds);
    // Dial's buckets for costs 0 and 1: the slots at the cost being
    // expanded (`now`; an own peg reached joins them) and those one peg
    // dearer (`next`). The costs found do not depend on the order within
    // a bucket.
    let mut now = std::mem::take(&mut scratch.now);
    let mut next = std::mem::take(&mut scratch.next);
    dist.clear();
    dist.resize(slots, u32::MAX);
    now.clear();
    next.clear();
    for &i in geo.border_slots(border) {
        let c = kind[i];
        if c != BARRED && u32::from(c) <= cap {
            dist[i] = u32::from(c);
            if c == OWN {
                now.push(i);
            } else {
                next.push(i);
            }
        }
    }
    loop {
        while let Some(i) = now.pop() {
            // The first time a slot is expanded its cost is final (the
            // buckets go up by cost); a second entry (its cost fell after
            // it was queued) has nothing left to improve.
            if kind[i] & DONE != 0 {
                continue;
            }
            kind[i] |= DONE;
            let d = dist[i];
            for step in geo.steps(i) {
                // A missing step leads to slot 0, which is barred.
                let j = usize::from(step.hole);
                let c = kind[j] & !DONE;
                if c == BARRED {
                    continue;
                }
                let nd = d + u32::from(c);
                if nd >= dist[j] || nd > cap {
                    continue;
                }
                // A link already there is one of the player's (its ends
                // are not the opponent's), and no link that bars it
                // crosses it (it could not have been placed), so one test
                // covers both: a link there, or one that may still be.
                let id = usize::from(step.link);
                debug_assert!(
                    pos.link_colour(id).is_none() || pos.crossed_colours(id) & blocking == 0
                );
                if pos.crossed_colours(id) & blocking == 0 {
                    dist[j] = nd;
                    if c == OWN {
                        now.push(j);
                    } else {
                        next.push(j);
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        std::mem::swap(&mut now, &mut next);
    }
    scratch.kind = kind;
    scratch.now = now;
    scratch.next = next;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::BoardSize;
    use crate::moves::Move;
    use crate::position::Status;
    use crate::rules::RuleSet;
    use crate::solver::random_pegs::add_random_pegs;
    use crate::split_mix::SplitMix64;

    /// The costs from the border flagged `border`, by relaxing every step
    /// until nothing changes: the rule written out plainly (an own peg
    /// costs 0, an empty hole the player may take 1, a step needs its link
    /// on the board or one the crossing links do not bar).
    fn plain_costs(pos: &Position, player: Player, border: u8) -> Vec<u32> {
        let geo = pos.geometry();
        let mine = colour_bits(player);
        let playable = match player {
            Player::Red => flag::PLAYABLE_RED,
            Player::Black => flag::PLAYABLE_BLACK,
        };
        let cost = |i: usize| -> Option<u32> {
            let c = pos.cell(i) & COLOUR;
            if c == mine {
                Some(0)
            } else if c == 0 && geo.hole_flags(i) & playable != 0 {
                Some(1)
            } else {
                None
            }
        };
        let mut dist = vec![u32::MAX; geo.slots()];
        for &i in geo.border_slots(border) {
            if let Some(c) = cost(i) {
                dist[i] = c;
            }
        }
        let blocking = pos.blocking_colours(player);
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..geo.slots() {
                if dist[i] == u32::MAX {
                    continue;
                }
                for s in geo.steps(i) {
                    let (j, id) = (usize::from(s.hole), usize::from(s.link));
                    let open =
                        pos.link_colour(id).is_some() || pos.crossed_colours(id) & blocking == 0;
                    if j == 0 || !open {
                        continue;
                    }
                    if let Some(c) = cost(j)
                        && dist[i] + c < dist[j]
                    {
                        dist[j] = dist[i] + c;
                        changed = true;
                    }
                }
            }
        }
        dist
    }

    /// The bound the search prunes with is the plain shortest chain: the
    /// pegs needed (with every cap from 1 to 7, and none) and the cost
    /// through every hole, for both players of random positions under own
    /// crossing and crossing none, on a whole board and on a window with
    /// cut sides (where steps lead off the board); and the same with the
    /// floors of a position a few pegs earlier (the search's guided bound).
    /// For `pencil` and `dujardin` on a 10×10 board and a cut 12×12 window:
    /// `count` random positions of `root_plies(k)` pegs (k = 0, 1, ...),
    /// each with `more(k)` pegs added, and `f(label, root, position)` for
    /// those still ongoing.
    fn random_lines(
        seed: u64,
        count: usize,
        root_plies: impl Fn(usize) -> u32,
        more: impl Fn(usize) -> u32,
        mut f: impl FnMut(&str, &Position, &mut Position),
    ) {
        for preset in ["pencil", "dujardin"] {
            for size in ["10", "12 cut top right"] {
                let mut rules = RuleSet::preset(preset).unwrap();
                rules.size = size.parse().unwrap();
                let label = format!("{preset} {size}");
                let mut rng = SplitMix64::new(seed);
                for k in 0..count {
                    let mut root = Position::new(rules.clone()).unwrap();
                    add_random_pegs(&mut root, &mut rng, root_plies(k));
                    let mut pos = root.clone();
                    add_random_pegs(&mut pos, &mut rng, more(k));
                    if pos.status() == Status::Ongoing {
                        f(&label, &root, &mut pos);
                    }
                }
            }
        }
    }

    /// The hole on every cheapest chain, from the plain costs from both
    /// borders: the first layer of one empty hole the opponent may take.
    fn plain_cut_hole(pos: &Position, player: Player) -> Option<usize> {
        let (start, end) = borders(player);
        let from_start = plain_costs(pos, player, start);
        let from_end = plain_costs(pos, player, end);
        let geo = pos.geometry();
        let needed = geo
            .border_slots(end)
            .iter()
            .map(|&i| from_start[i])
            .min()
            .filter(|&n| n != u32::MAX)?;
        let theirs = match player {
            Player::Red => flag::PLAYABLE_BLACK,
            Player::Black => flag::PLAYABLE_RED,
        };
        (1..=needed).find_map(|k| {
            let layer: Vec<usize> = (1..geo.slots())
                .filter(|&i| {
                    pos.cell(i) & COLOUR == 0
                        && from_start[i] == k
                        && from_end[i] != u32::MAX
                        && from_start[i] + from_end[i] - 1 == needed
                })
                .collect();
            (layer.len() == 1 && geo.hole_flags(layer[0]) & theirs != 0).then(|| layer[0])
        })
    }

    /// The walk back over the cheapest chains finds the hole the plain
    /// costs from both borders find, with and without a root's floor, for
    /// both players, on random positions under own crossing and crossing
    /// none; and it is not an empty check: many positions have one.
    #[test]
    fn the_cut_hole_is_the_one_both_borders_costs_find() {
        let mut cuts = 0;
        random_lines(
            17,
            300,
            |k| (k % 50) as u32,
            |k| (k % 5) as u32,
            |_, root, pos| {
                for player in [Player::Red, Player::Black] {
                    let needed = pegs_needed(pos, player);
                    if needed == u32::MAX {
                        continue;
                    }
                    let expected = plain_cut_hole(pos, player).map(HoleIndex::new);
                    let mut plain = Costs::default();
                    plain.needed(pos, player, needed, None);
                    assert_eq!(plain.cut_hole(pos, player, needed), expected);
                    let mut guided = Costs::guided(root, player);
                    guided.needed(pos, player, needed, None);
                    assert_eq!(guided.cut_hole(pos, player, needed), expected);
                    cuts += usize::from(expected.is_some());
                }
            },
        );
        assert!(cuts > 100, "{cuts} positions with a cut hole");
    }

    /// Where the player to move needs one peg, the hole the bound's costs
    /// give completes a chain when played, under own crossing and crossing
    /// none, on random positions; and many positions have one.
    #[test]
    fn the_winning_hole_wins() {
        let mut wins = 0;
        random_lines(
            31,
            600,
            |k| 10 + (k % 40) as u32,
            |_| 0,
            |label, _, pos| {
                let player = pos.to_move();
                if pegs_needed(pos, player) != 1 {
                    return;
                }
                let mut costs = Costs::default();
                assert_eq!(costs.needed(pos, player, 1, None), 1);
                let hole = costs.winning_hole(pos, player).expect("a hole");
                pos.play(&Move::peg(pos.geometry().hole(hole.get())))
                    .unwrap();
                assert!(
                    matches!(pos.status(), Status::Won { winner, .. } if winner == player),
                    "{label}: {:?}",
                    pos.status()
                );
                wins += 1;
            },
        );
        assert!(wins > 100, "{wins} positions won in one");
    }

    /// A lower bound pushed at a position of the line (its pegs needed)
    /// answers for the positions reached from it by adding pegs as the
    /// plain search does, for every cap; and it is not an empty check:
    /// it settles many of them without a search.
    #[test]
    fn a_lower_bound_from_the_line_changes_no_answer() {
        let mut settled = 0;
        for preset in ["pencil", "dujardin"] {
            let mut rules = RuleSet::preset(preset).unwrap();
            rules.size = BoardSize::square(10).unwrap();
            let mut rng = SplitMix64::new(29);
            for k in 0..200 {
                let mut root = Position::new(rules.clone()).unwrap();
                add_random_pegs(&mut root, &mut rng, k % 40);
                if root.status() != Status::Ongoing {
                    continue;
                }
                for player in [Player::Red, Player::Black] {
                    let mut costs = Costs::default();
                    costs.push_least(&root, player, pegs_needed(&root, player));
                    for _ in 0..4 {
                        let mut pos = root.clone();
                        add_random_pegs(&mut pos, &mut rng, 1 + k % 6);
                        if pos.status() != Status::Ongoing {
                            continue;
                        }
                        let plain = pegs_needed(&pos, player);
                        for cap in 0..=8 {
                            let within = if plain <= cap { plain } else { u32::MAX };
                            assert_eq!(costs.needed(&pos, player, cap, None), within);
                            settled += usize::from(costs.leasts.last().is_some_and(
                                |&(_, least, pegs)| {
                                    least.saturating_sub(
                                        pos.pegs_on_board(player).saturating_sub(pegs),
                                    ) > cap
                                },
                            ));
                        }
                    }
                    costs.pop_least();
                    assert!(costs.leasts.is_empty());
                }
            }
        }
        assert!(settled > 1000, "{settled} answers settled by the bound");
    }

    #[test]
    fn the_bound_is_the_plain_shortest_chain() {
        let mut checked = 0;
        random_lines(
            5,
            150,
            |k| (k % 40) as u32,
            |k| (k % 7) as u32,
            |label, root, pos| {
                for player in [Player::Red, Player::Black] {
                    let (start, end) = borders(player);
                    let from_start = plain_costs(pos, player, start);
                    let from_end = plain_costs(pos, player, end);
                    let needed = pos
                        .geometry()
                        .border_slots(end)
                        .iter()
                        .map(|&i| from_start[i])
                        .min()
                        .unwrap_or(u32::MAX);
                    let mine = colour_bits(player);
                    let through: Vec<u32> = (0..pos.geometry().slots())
                        .map(|i| match (from_start[i], from_end[i]) {
                            (u32::MAX, _) | (_, u32::MAX) => u32::MAX,
                            (a, b) => a + b - u32::from(pos.cell(i) & COLOUR != mine),
                        })
                        .collect();
                    assert_eq!(pegs_needed(pos, player), needed);
                    assert_eq!(through_costs(pos, player), through);
                    let mut guided = Costs::guided(root, player);
                    let mut out = Vec::new();
                    for cap in 1..=7 {
                        let within = if needed <= cap { needed } else { u32::MAX };
                        let mut plain = Costs::default();
                        assert_eq!(plain.needed(pos, player, cap, None), within);
                        assert_eq!(guided.needed(pos, player, cap, None), within);
                        if within != u32::MAX {
                            guided.through(pos, player, &mut out);
                            for (i, (&t, &plain)) in out.iter().zip(&through).enumerate() {
                                // Never below the plain cost; above it only
                                // where the plain one takes a detour (see
                                // `Costs::guided`).
                                assert!(
                                    t >= plain.min(cap + 1),
                                    "{label} {player:?} {i} cap {cap}: {t} < {plain}"
                                );
                            }
                        }
                    }
                    checked += usize::from(needed != u32::MAX);
                }
            },
        );
        assert!(checked > 400, "{checked} positions with a chain");
    }
}
