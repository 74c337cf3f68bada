//! The history of replies: for each hole slot, how often a defender's
//! reply there held (weighted by the moves left), which orders the
//! defender's replies and the attacker's threats. The threads of one
//! search share it, so that a reply one thread found holding is tried
//! first by the others too, as on one thread.

use std::sync::atomic::{AtomicU32, Ordering};

use super::hole::HoleIndex;

/// A count per hole slot. Read and written with relaxed loads and stores:
/// on one thread that is plain memory; between threads an update may be
/// lost when two land on one slot at once, which changes an order only,
/// never an answer.
pub(crate) struct History(Box<[AtomicU32]>);

impl History {
    /// Every count 0, for a board of `slots`.
    pub(crate) fn new(slots: usize) -> History {
        History((0..slots).map(|_| AtomicU32::new(0)).collect())
    }

    /// The count of `i`.
    #[inline]
    pub(crate) fn get(&self, i: HoleIndex) -> u32 {
        self.0[i.get()].load(Ordering::Relaxed)
    }

    /// Adds `weight` to the count of `i` (saturating).
    #[inline]
    pub(crate) fn add(&self, i: HoleIndex, weight: u32) {
        let slot = &self.0[i.get()];
        slot.store(
            slot.load(Ordering::Relaxed).saturating_add(weight),
            Ordering::Relaxed,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts start at 0, add up, and stop at the largest count.
    #[test]
    fn counts_add_up_and_saturate() {
        let h = History::new(4);
        let i = HoleIndex::new(2);
        assert_eq!((h.get(i), h.get(HoleIndex::new(3))), (0, 0));
        h.add(i, 9);
        h.add(i, 16);
        assert_eq!(h.get(i), 25);
        h.add(i, u32::MAX);
        assert_eq!(h.get(i), u32::MAX);
    }
}
