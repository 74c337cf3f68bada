//! The transposition table: what the search learnt about a position with
//! the attacker to move, found again when the same pegs and links arise in
//! another order. Positions are named by two independent Zobrist keys (one
//! addresses the entry, the other confirms it), so a false match would need
//! two 64-bit collisions at once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::zone::Zone;
use crate::twixt::geometry::Geometry;
use crate::twixt::position::Position;

/// Random keys per (colour, hole) and per link, two sets.
pub(crate) struct Keys {
    pegs: Vec<[u64; 2]>,
    links: Vec<[u64; 2]>,
}

/// A position's two keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key(pub u64, pub u64);

impl Key {
    pub(crate) fn with(self, k: [u64; 2]) -> Key {
        Key(self.0 ^ k[0], self.1 ^ k[1])
    }
}

impl Keys {
    pub(crate) fn new(geo: &Geometry) -> Keys {
        // A fixed seed: the same input searches the same way every run.
        let mut state: u64 = 0x7769_6e73_2d69_6e2d;
        let mut next = move || {
            // SplitMix64: well spread 64-bit values from a counter.
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let mut two = || [next(), next()];
        let pegs = (0..geo.slots() * 2).map(|_| two()).collect();
        let links = (0..geo.slots() * 4).map(|_| two()).collect();
        Keys { pegs, links }
    }

    /// The key of a peg of colour `side` (0 Red, 1 Black) at slot `i`.
    pub(crate) fn peg(&self, i: usize, side: usize) -> [u64; 2] {
        self.pegs[i * 2 + side]
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
            key = key.with(self.peg(geo.index(hole), side(p)));
        }
        for (link, _) in pos.links() {
            if let Some(id) = geo.link_id(link) {
                key = key.with(self.link(id));
            }
        }
        key
    }
}

pub(crate) use crate::twixt::position::side;

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

/// The table, bounded in bytes: once full, new positions are not kept
/// (those kept stay, so a full table only costs speed, never a wrong answer).
pub(crate) struct Table {
    map: HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>,
    bytes: usize,
    max_bytes: usize,
}

/// Bytes an entry costs besides its zone (the map's slot and control byte,
/// rounded up).
const ENTRY_BYTES: usize = 64;

impl Table {
    pub(crate) fn new(max_bytes: usize) -> Table {
        Table {
            map: HashMap::default(),
            bytes: 0,
            max_bytes,
        }
    }

    pub(crate) fn get(&self, key: Key) -> Option<&Entry> {
        self.map.get(&key.0).filter(|e| e.confirm == key.1)
    }

    /// Notes that the attacker wins within `moves` by `mv` with `zone`.
    pub(crate) fn proved(&mut self, key: Key, moves: u32, mv: usize, zone: &Zone) {
        let moves = moves as u8;
        let Some(e) = self.entry(key, zone.heap_bytes()) else {
            return;
        };
        if moves < e.proved {
            e.proved = moves;
            e.proof = Some((mv as u16, zone.clone()));
        }
    }

    /// Notes that the attacker does not win within `moves`.
    pub(crate) fn refuted(&mut self, key: Key, moves: u32) {
        let moves = moves as u8;
        if let Some(e) = self.entry(key, 0) {
            e.refuted = e.refuted.max(moves);
        }
    }

    fn entry(&mut self, key: Key, extra: usize) -> Option<&mut Entry> {
        let full = self.bytes + ENTRY_BYTES + extra > self.max_bytes;
        match self.map.get(&key.0) {
            Some(e) if e.confirm != key.1 => return None, // keep the first
            Some(_) => {
                if full && extra > 0 {
                    return None;
                }
                self.bytes += extra;
            }
            None => {
                if full {
                    return None;
                }
                self.bytes += ENTRY_BYTES + extra;
            }
        }
        Some(self.map.entry(key.0).or_insert(Entry {
            confirm: key.1,
            proved: u8::MAX,
            refuted: 0,
            proof: None,
        }))
    }
}
