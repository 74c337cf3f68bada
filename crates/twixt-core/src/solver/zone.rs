//! Sets of hole slots: the holes a proof depends on (its relevance zone,
//! which is also the defender's must-play region).

use super::hole::HoleIndex;
use crate::geometry::{Geometry, NONE};

/// A set of hole slots, a bit each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Zone(Box<[u64]>);

impl Zone {
    pub(crate) fn new(slots: usize) -> Zone {
        Zone(vec![0; slots.div_ceil(64)].into_boxed_slice())
    }
    /// Every slot of a board of `slots`.
    pub(crate) fn full(slots: usize) -> Zone {
        let mut z = Zone::new(slots);
        for i in 0..slots {
            z.insert(HoleIndex::new(i));
        }
        z
    }
    /// The heap bytes the set takes: its words and the allocator's
    /// bookkeeping (two words a block, as glibc's malloc keeps).
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.len() * 8 + 16
    }
    pub(crate) fn insert(&mut self, h: HoleIndex) {
        let i = h.get();
        self.0[i >> 6] |= 1 << (i & 63);
    }
    pub(crate) fn contains(&self, h: HoleIndex) -> bool {
        let i = h.get();
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
    /// Whether the two sets share a slot.
    pub(crate) fn meets(&self, other: &Zone) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }
    pub(crate) fn union(&mut self, other: &Zone) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
    }
    pub(crate) fn intersect(&mut self, other: &Zone) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a &= b;
        }
    }
    /// Adds a peg's hole and both ends of every link that crosses one of
    /// the links it added (`links`, ids): a peg outside them can never
    /// carry a link that cuts one of those.
    pub(crate) fn add_peg(&mut self, geo: &Geometry, hole: HoleIndex, links: &[u16]) {
        self.insert(hole);
        for &id in links {
            for &x in geo.crossers(usize::from(id)) {
                if x != NONE {
                    let x = usize::from(x);
                    self.insert(HoleIndex::new(x >> 2));
                    self.insert(HoleIndex::new(geo.link_far_end(x)));
                }
            }
        }
    }
}
