//! A hole's index among the board's slots, as the solver passes it around:
//! its moves, replies, zones, chains and table entries. The rules'
//! [`Position`](crate::position::Position) and geometry take a plain
//! `usize`; the solver wraps one when it leaves them and unwraps it
//! ([`HoleIndex::get`]) when it asks them again.

use std::ops::{Index, IndexMut};

/// The slot index of a hole ([`crate::geometry::Geometry::hole`] names
/// the hole). Costs nothing over the `usize` inside it.
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct HoleIndex(usize);

impl HoleIndex {
    /// The hole at slot `i`.
    #[inline]
    pub(crate) const fn new(i: usize) -> HoleIndex {
        HoleIndex(i)
    }

    /// Its slot, for the rules' and the geometry's methods.
    #[inline]
    pub(crate) const fn get(self) -> usize {
        self.0
    }
}

impl From<u16> for HoleIndex {
    /// A slot as the geometry's tables hold it (a step's hole).
    #[inline]
    fn from(i: u16) -> HoleIndex {
        HoleIndex(usize::from(i))
    }
}

/// Tables with a value per hole slot (costs, history) read by a hole.
impl<T> Index<HoleIndex> for [T] {
    type Output = T;
    #[inline]
    fn index(&self, i: HoleIndex) -> &T {
        &self[i.0]
    }
}

impl<T> IndexMut<HoleIndex> for [T] {
    #[inline]
    fn index_mut(&mut self, i: HoleIndex) -> &mut T {
        &mut self[i.0]
    }
}

impl<T> Index<HoleIndex> for Vec<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: HoleIndex) -> &T {
        &self[i.0]
    }
}

impl<T> IndexMut<HoleIndex> for Vec<T> {
    #[inline]
    fn index_mut(&mut self, i: HoleIndex) -> &mut T {
        &mut self[i.0]
    }
}

/// The holes `player` may still place a peg in, in slot order.
#[inline]
pub(crate) fn free_holes(
    pos: &crate::position::Position,
    player: crate::board::Player,
) -> impl Iterator<Item = HoleIndex> + '_ {
    pos.free_holes(player).map(HoleIndex)
}
