//! The transposition table: what the search learnt about a position with
//! the attacker to move, found again when the same pegs and links arise in
//! another order. Positions are named by two independent Zobrist keys (one
//! addresses the entry, the other confirms it), so a false match would need
//! two 64-bit collisions at once.

use std::collections::HashMap;
use std::collections::hash_map::Entry::{Occupied, Vacant};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, MutexGuard};

use super::hole::HoleIndex;
use super::zone::Zone;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::split_mix::SplitMix64;

/// Random keys per (colour, hole) and per link, two sets.
pub(crate) struct Keys {
    pegs: Vec<[u64; 2]>,
    links: Vec<[u64; 2]>,
}

/// A position's two keys.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Key(pub u64, pub u64);

impl Key {
    pub(crate) fn with(self, k: [u64; 2]) -> Key {
        Key(self.0 ^ k[0], self.1 ^ k[1])
    }
}

impl Keys {
    pub(crate) fn new(geo: &Geometry) -> Keys {
        // A fixed seed: the same input searches the same way every run.
        let mut rng = SplitMix64::new(0x7769_6e73_2d69_6e2d);
        let mut two = || [rng.next_u64(), rng.next_u64()];
        let pegs = (0..geo.slots() * 2).map(|_| two()).collect();
        let links = (0..geo.slots() * 4).map(|_| two()).collect();
        Keys { pegs, links }
    }

    /// The key of a peg of colour `side` (0 Red, 1 Black) at slot `i`.
    pub(crate) fn peg(&self, i: HoleIndex, side: usize) -> [u64; 2] {
        self.pegs[i.get() * 2 + side]
    }

    /// The key of link `id`.
    pub(crate) fn link(&self, id: usize) -> [u64; 2] {
        self.links[id]
    }

    /// The key of every peg and link of `pos`.
    pub(crate) fn of(&self, pos: &Position) -> Key {
        let geo = pos.geometry();
        let mut key = Key(0, 0);
        for (hole, p) in pos.pegs() {
            key = key.with(self.peg(HoleIndex::new(geo.index(hole)), side(p)));
        }
        for (link, _) in pos.links() {
            if let Some(id) = geo.link_id(link) {
                key = key.with(self.link(id));
            }
        }
        key
    }
}

pub(crate) use crate::position::side;

/// What is known of one position, the attacker to move.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    confirm: u64,
    /// The fewest moves the attacker was proved to win in (`u8::MAX`: none).
    pub proved: u8,
    /// The most moves the attacker was proved not to win in (0: none).
    pub refuted: u8,
    /// The winning move and the proof's zone, when proved.
    pub proof: Option<(u16, Zone)>,
}

/// A hasher that passes a Zobrist key through: the keys are random
/// already, so hashing them again only costs time.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The table, bounded in bytes: its slots and the proofs' zones (a few
/// words each, on the heap) together may not grow past them. When it is
/// full, the
/// entries of the shallowest searches are dropped to make room (down to
/// three eighths of the slots): they are the cheapest to search again,
/// while an entry of many moves stands for a large search. A dropped
/// entry only costs speed, never a wrong answer.
pub(crate) struct Table {
    map: HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>,
    max_bytes: usize,
    /// The most entries the map has held room for: what it holds without
    /// growing once the entries dropped have been swept out.
    room: usize,
    /// How many entries there are of each depth ([`Entry::depth`]).
    by_depth: [usize; DEPTHS],
    /// The heap bytes of the zones of the proofs held.
    zone_bytes: usize,
    /// How many times room was made.
    pub(crate) evictions: u64,
}

/// Bytes a slot of the map costs: the key, the entry and a control byte.
const SLOT_BYTES: usize = std::mem::size_of::<(u64, Entry)>() + 1;

/// Depths told apart when room is made; deeper ones count as the last.
const DEPTHS: usize = 32;

impl Entry {
    /// The moves of the deepest search the entry holds the answer of.
    fn depth(&self) -> usize {
        let proved = if self.proof.is_some() { self.proved } else { 0 };
        usize::from(proved.max(self.refuted)).min(DEPTHS - 1)
    }
}

impl Table {
    pub(crate) fn new(max_bytes: usize) -> Table {
        Table {
            map: HashMap::default(),
            max_bytes,
            room: 0,
            by_depth: [0; DEPTHS],
            zone_bytes: 0,
            evictions: 0,
        }
    }

    pub(crate) fn get(&self, key: Key) -> Option<&Entry> {
        self.map.get(&key.0).filter(|e| e.confirm == key.1)
    }

    /// The proof noted of `key`'s position, when it wins within `moves`.
    fn proof_within(&self, key: Key, moves: u32) -> Option<(u32, HoleIndex, Zone)> {
        let e = self.get(key)?;
        let (mv, zone) = e.proof.as_ref()?;
        (u32::from(e.proved) <= moves)
            .then(|| (u32::from(e.proved), HoleIndex::from(*mv), zone.clone()))
    }

    /// Notes that the attacker wins within `moves` by `mv` with `zone`.
    pub(crate) fn proved(&mut self, key: Key, moves: u32, mv: HoleIndex, zone: &Zone) {
        let moves = moves as u8;
        // A plain lookup first: most notes change nothing, and it is
        // cheaper than the entry's bookkeeping (measured: 2 % on a win in
        // 7 with the check folded into `update`).
        if self.get(key).is_some_and(|e| moves >= e.proved) {
            return;
        }
        // The zone bytes the note replaced; `None` when the key's address
        // is another position's and nothing was noted.
        let mut replaced = None;
        self.update(key, zone.heap_bytes(), |e| {
            e.proved = moves;
            let old = e.proof.replace((mv.get() as u16, zone.clone()));
            replaced = Some(old.map_or(0, |(_, z)| z.heap_bytes()));
        });
        if let Some(old) = replaced {
            self.zone_bytes = self.zone_bytes + zone.heap_bytes() - old;
        }
    }

    /// Notes that the attacker does not win within `moves`.
    pub(crate) fn refuted(&mut self, key: Key, moves: u32) {
        let moves = moves as u8;
        if self.get(key).is_some_and(|e| moves <= e.refuted) {
            return;
        }
        self.update(key, 0, |e| e.refuted = e.refuted.max(moves));
    }

    /// Applies `change` to the entry of `key`, a new one if there is none
    /// (making room first when the map would have to grow past its
    /// bytes, or `heap` more bytes of zones would). A key whose address is
    /// held by another position is left alone (the first stays).
    fn update(&mut self, key: Key, heap: usize, change: impl FnOnce(&mut Entry)) {
        // (The cheap test first: the key is looked up only when full.)
        let full = self.map.len() >= self.map.capacity() && !self.map.contains_key(&key.0);
        // When full the map grows, doubling its slots.
        let slots = self.room.max(4) * if full { 2 } else { 1 } * 8 / 7 * SLOT_BYTES;
        if (full || heap > 0) && slots + self.zone_bytes + heap > self.max_bytes {
            self.make_room();
        }
        let entry = match self.map.entry(key.0) {
            Occupied(o) if o.get().confirm != key.1 => return,
            Occupied(o) => {
                let e = o.into_mut();
                self.by_depth[e.depth()] -= 1;
                e
            }
            Vacant(v) => v.insert(Entry {
                confirm: key.1,
                proved: u8::MAX,
                refuted: 0,
                proof: None,
            }),
        };
        change(entry);
        self.by_depth[entry.depth()] += 1;
        self.room = self.room.max(self.map.capacity());
    }

    /// Drops the entries of the shallowest depths, as many depths as bring
    /// them down to three eighths of the room. Below half of it, the map
    /// sweeps the dropped entries out in place when next it fills, rather
    /// than growing.
    fn make_room(&mut self) {
        let keep = self.room * 3 / 8;
        let mut left = self.map.len();
        let mut deepest = DEPTHS - 1;
        for (d, &n) in self.by_depth.iter().enumerate() {
            left -= n;
            if left <= keep {
                deepest = d;
                break;
            }
        }
        let mut zone_bytes = 0;
        self.map.retain(|_, e| {
            let kept = e.depth() > deepest;
            if kept && let Some((_, z)) = &e.proof {
                zone_bytes += z.heap_bytes();
            }
            kept
        });
        self.zone_bytes = zone_bytes;
        self.by_depth[..=deepest].fill(0);
        self.evictions += 1;
    }
}

/// What an entry says of the moves, without its proof's zone.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts {
    /// The fewest moves the attacker was proved to win in (`u8::MAX`: none).
    pub proved: u8,
    /// The most moves the attacker was proved not to win in (0: none).
    pub refuted: u8,
}

impl Facts {
    fn of(e: &Entry) -> Facts {
        Facts {
            proved: e.proved,
            refuted: e.refuted,
        }
    }
}

/// The table a search reads and notes in: its own, on one thread (no lock
/// taken), or one shared by the threads of a search.
pub(crate) enum TableRef<'a> {
    Own(&'a mut Table),
    Shared(&'a SharedTable),
}

impl TableRef<'_> {
    /// The moves noted of `key`'s position.
    pub(crate) fn facts(&self, key: Key) -> Option<Facts> {
        match self {
            TableRef::Own(t) => t.get(key).map(Facts::of),
            TableRef::Shared(t) => t.facts(key),
        }
    }

    /// The proof noted of `key`'s position, when it wins within `moves`:
    /// its moves, its first move and its zone.
    pub(crate) fn proof_within(&self, key: Key, moves: u32) -> Option<(u32, HoleIndex, Zone)> {
        match self {
            TableRef::Own(t) => t.proof_within(key, moves),
            TableRef::Shared(t) => t.proof_within(key, moves),
        }
    }

    /// [`Table::proved`].
    pub(crate) fn proved(&mut self, key: Key, moves: u32, mv: HoleIndex, zone: &Zone) {
        match self {
            TableRef::Own(t) => t.proved(key, moves, mv, zone),
            TableRef::Shared(t) => t.proved(key, moves, mv, zone),
        }
    }

    /// [`Table::refuted`].
    pub(crate) fn refuted(&mut self, key: Key, moves: u32) {
        match self {
            TableRef::Own(t) => t.refuted(key, moves),
            TableRef::Shared(t) => t.refuted(key, moves),
        }
    }
}

/// The table of one search, shared by the threads that search the
/// root's moves side by side: shards of [`Table`], each behind its own
/// lock, a position's shard chosen by its key (so two threads seldom wait
/// for one lock). Its bytes are split evenly among the shards. Everything
/// noted is a fact about a position (proved within so many moves, or not),
/// true whichever thread found it, so the order in which threads note
/// them changes only what is searched, never an answer.
pub(crate) struct SharedTable {
    shards: Box<[Mutex<Table>]>,
}

impl SharedTable {
    /// A table of `max_bytes` in `shards` shards (at least one).
    pub(crate) fn new(max_bytes: usize, shards: usize) -> SharedTable {
        let shards = shards.max(1);
        SharedTable {
            shards: (0..shards)
                .map(|_| Mutex::new(Table::new(max_bytes / shards)))
                .collect(),
        }
    }

    fn shard(&self, key: Key) -> MutexGuard<'_, Table> {
        // The high bits: the map's own slots are chosen by the low ones.
        let i = ((key.0 >> 40) as usize) % self.shards.len();
        // A thread that panicked holding a lock left its shard whole: every
        // change to an entry is made in one step.
        self.shards[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// [`TableRef::facts`] in the key's shard.
    pub(crate) fn facts(&self, key: Key) -> Option<Facts> {
        self.shard(key).get(key).map(Facts::of)
    }

    /// [`TableRef::proof_within`] in the key's shard.
    pub(crate) fn proof_within(&self, key: Key, moves: u32) -> Option<(u32, HoleIndex, Zone)> {
        self.shard(key).proof_within(key, moves)
    }

    /// [`Table::proved`] in the key's shard.
    pub(crate) fn proved(&self, key: Key, moves: u32, mv: HoleIndex, zone: &Zone) {
        self.shard(key).proved(key, moves, mv, zone);
    }

    /// [`Table::refuted`] in the key's shard.
    pub(crate) fn refuted(&self, key: Key, moves: u32) {
        self.shard(key).refuted(key, moves);
    }

    /// How many times a shard made room.
    pub(crate) fn evictions(&self) -> u64 {
        (0..self.shards.len())
            .map(|i| {
                self.shards[i]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .evictions
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u64) -> Key {
        Key(n.wrapping_mul(0x9E37_79B9_7F4A_7C15), n)
    }

    /// A full table drops its shallowest entries first, keeps the deep
    /// ones, and never grows its map past its bytes.
    #[test]
    fn a_full_table_drops_the_shallowest_entries() {
        let mut t = Table::new(64 << 10);
        for n in 0..100 {
            t.refuted(key(n), 7);
        }
        for n in 100..10_000 {
            t.refuted(key(n), 1 + (n % 2) as u32);
        }
        assert!(t.evictions >= 10, "{} evictions", t.evictions);
        assert!(
            t.map.capacity() * 8 / 7 * SLOT_BYTES <= 64 << 10,
            "{} slots",
            t.map.capacity()
        );
        for n in 0..100 {
            assert_eq!(t.get(key(n)).map(|e| e.refuted), Some(7), "deep entry {n}");
        }
        // The newest is kept, answering as noted; the counts add up.
        assert!(t.get(key(9_999)).is_some_and(|e| e.refuted == 2));
        assert_eq!(t.by_depth.iter().sum::<usize>(), t.map.len());
        assert_eq!(t.by_depth[7], 100);
    }

    /// A later shorter proof replaces an entry's proof, a longer one does
    /// not, a refutation joins it; a key held by another position is left
    /// alone.
    #[test]
    fn entries_keep_their_best_answers_and_their_first_position() {
        let mut t = Table::new(1 << 20);
        let zone = Zone::new(200);
        t.proved(key(1), 5, HoleIndex::new(3), &zone);
        t.refuted(key(1), 2);
        t.proved(key(1), 6, HoleIndex::new(4), &zone);
        let e = t.get(key(1)).expect("noted");
        assert_eq!(
            (e.proved, e.refuted, e.proof.as_ref().map(|p| p.0)),
            (5, 2, Some(3))
        );
        t.proved(key(1), 4, HoleIndex::new(9), &zone);
        assert_eq!(
            t.get(key(1)).and_then(|e| e.proof.as_ref()).map(|p| p.0),
            Some(9)
        );
        assert_eq!((t.by_depth[4], t.by_depth.iter().sum::<usize>()), (1, 1));
        // Same address, another confirming key: not this position's entry.
        t.refuted(Key(key(1).0, 77), 9);
        assert!(t.get(Key(key(1).0, 77)).is_none());
        assert_eq!(t.get(key(1)).map(|e| e.refuted), Some(2));
    }

    /// The proofs' zones count in the table's bytes: a table of proofs
    /// stays within its bytes, slots and zones together.
    #[test]
    fn zones_count_in_the_bytes() {
        let max = 64 << 10;
        let mut t = Table::new(max);
        let zone = Zone::full(28 * 28);
        for n in 0..20_000 {
            t.proved(key(n), 1 + (n % 9) as u32, HoleIndex::new(3), &zone);
            let held: usize = t
                .map
                .values()
                .filter_map(|e| e.proof.as_ref())
                .map(|(_, z)| z.heap_bytes())
                .sum();
            assert_eq!(held, t.zone_bytes, "after {n}");
            let slots = t.map.capacity() * 8 / 7 * SLOT_BYTES;
            assert!(slots + held <= max, "{slots} + {held} bytes after {n}");
        }
        assert!(t.evictions > 0);
    }

    /// A table with no bytes keeps at most a handful of entries.
    #[test]
    fn a_table_without_room_stays_tiny() {
        let mut t = Table::new(0);
        for n in 0..100 {
            t.refuted(key(n), 3);
        }
        assert!(t.map.capacity() <= 3, "{} slots", t.map.capacity());
    }
}
