//! Precomputed tables for one board size: knight neighbours, link ids and
//! which links cross which.
//!
//! Holes are numbered densely, row-major, from slot 1 (`row * width + col +
//! 1`, one more than [`BoardSize::index`]). Every link is stored once, at its
//! upper end (the end with the smaller row), in one of four "forward"
//! directions, so a link id is `hole * 4 + direction` and fits in a `u16` up
//! to 128×128 (the bottom row stores none).
//!
//! Slot 0 is no hole: it never holds a peg, so its links never exist. Tables
//! use hole 0 / link 0 as the "nothing here" filler, which lets the hot loops
//! skip bounds checks. (It is not the top-left corner: on a board whose top or
//! left side is cut, that corner is a hole a peg can take.)

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::board::{BoardSize, Hole, Player};
use crate::link::Link;

/// The four forward knight directions `(dc, dr)`, all with `dr > 0`.
pub const FORWARD: [(i32, i32); 4] = [(1, 2), (-1, 2), (2, 1), (-2, 1)];

/// Each interior link is crossed by exactly this many others.
pub const CROSSERS_PER_LINK: usize = 9;

/// The filler used for a missing neighbour or crossing link.
pub const NONE: u16 = 0;

/// Per-hole flags in [`Geometry::hole_flags`].
pub mod flag {
    /// The hole exists (on the board and not a corner).
    pub const EXISTS: u8 = 1;
    /// Red may place here (not in Black's border columns).
    pub const PLAYABLE_RED: u8 = 2;
    /// Black may place here (not in Red's border rows).
    pub const PLAYABLE_BLACK: u8 = 4;
    /// On the top row (row 0): Red's first border row.
    pub const RED_START: u8 = 8;
    /// On the bottom row: Red's second border row.
    pub const RED_END: u8 = 16;
    /// On the left column (col 0): Black's first border column.
    pub const BLACK_START: u8 = 32;
    /// On the right column: Black's second border column.
    pub const BLACK_END: u8 = 64;
}

/// One knight step out of a hole: the neighbour and the id of the link between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The neighbour's hole slot; [`NONE`] when there is none.
    pub hole: u16,
    /// The id of the link to the neighbour.
    pub link: u16,
}

/// Tables for one board size. Shared between positions through [`Geometry::for_size`].
#[derive(Debug)]
pub struct Geometry {
    size: BoardSize,
    width: usize,
    /// Per hole slot: up to 8 knight steps onto the board; missing ones are `Step {0, 0}`.
    steps: Vec<[Step; 8]>,
    /// Per link id: the links that cross it; unused entries are [`NONE`].
    crossers: Vec<[u16; CROSSERS_PER_LINK]>,
    /// Per link id: the link by name (a placeholder for ids off the board).
    links: Vec<Link>,
    /// Per hole slot: [`flag`] bits.
    hole_flags: Vec<u8>,
    /// Per hole slot: its hole (slot 0 a placeholder), so that a slot
    /// becomes a hole without a division.
    holes: Vec<Hole>,
    /// Per border flag (`RED_START`, `RED_END`, `BLACK_START`, `BLACK_END`
    /// in that order): the hole slots carrying it, in slot order.
    borders: [Vec<usize>; 4],
    /// Per hole slot: the border flags of the holes a knight's move away.
    near_borders: Vec<u8>,
}

/// The slot of `hole`: the board's dense index plus one, as slot 0 is the
/// filler.
#[inline]
fn slot_of(size: BoardSize, hole: Hole) -> usize {
    size.index(hole) + 1
}

/// The hole at `slot` (the inverse of [`slot_of`]; not slot 0).
#[inline]
fn hole_of(size: BoardSize, slot: usize) -> Hole {
    size.hole_at(slot - 1)
}

/// Where a border flag's slots are kept in [`Geometry::borders`].
fn border_index(border: u8) -> usize {
    debug_assert!(
        border.is_power_of_two() && (flag::RED_START..=flag::BLACK_END).contains(&border)
    );
    (border.trailing_zeros() - flag::RED_START.trailing_zeros()) as usize
}

/// True when the open segments `p1p2` and `p3p4` cross at a single interior
/// point. Exact integer arithmetic. Knight links have no lattice point inside,
/// and two of them never overlap along a line, so touching at an end is the
/// only other contact and does not count as crossing.
pub fn segments_cross(p1: (i32, i32), p2: (i32, i32), p3: (i32, i32), p4: (i32, i32)) -> bool {
    fn orient(a: (i32, i32), b: (i32, i32), c: (i32, i32)) -> i64 {
        let v = i64::from(b.0 - a.0) * i64::from(c.1 - a.1)
            - i64::from(b.1 - a.1) * i64::from(c.0 - a.0);
        v.signum()
    }
    orient(p1, p2, p3) * orient(p1, p2, p4) < 0 && orient(p3, p4, p1) * orient(p3, p4, p2) < 0
}

/// For each forward direction `d`, the links `(dc, dr, d2)` — starting at
/// offset `(dc, dr)` from the start of a `d` link, going in direction `d2` —
/// that cross it. Derived once by exact geometry over a small window.
fn relative_crossers() -> [Vec<(i32, i32, usize)>; 4] {
    let mut table: [Vec<(i32, i32, usize)>; 4] = Default::default();
    for (d, &(dc, dr)) in FORWARD.iter().enumerate() {
        for oc in -3..=3 {
            for or in -3..=3 {
                for (d2, &(ec, er)) in FORWARD.iter().enumerate() {
                    if segments_cross((0, 0), (dc, dr), (oc, or), (oc + ec, or + er)) {
                        table[d].push((oc, or, d2));
                    }
                }
            }
        }
        debug_assert_eq!(table[d].len(), CROSSERS_PER_LINK);
    }
    table
}

impl Geometry {
    /// The shared tables for `size`, built on first use.
    pub fn for_size(size: BoardSize) -> Arc<Geometry> {
        static CACHE: OnceLock<Mutex<HashMap<BoardSize, Arc<Geometry>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        // A poisoned lock only means another thread panicked while inserting;
        // the map itself is still consistent.
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(size)
            .or_insert_with(|| Arc::new(Geometry::build(size)))
            .clone()
    }

    fn build(size: BoardSize) -> Geometry {
        let width = usize::from(size.width());
        let height = usize::from(size.height());
        // Slot 0 is the filler, so the holes start at 1.
        let slots = size.slots() + 1;
        let slot = |h: Hole| slot_of(size, h);
        let on_board = |c: i32, r: i32| -> Option<usize> {
            if c < 0 || r < 0 || c >= width as i32 || r >= height as i32 {
                return None;
            }
            let h = Hole::new(c as u16, r as u16);
            size.contains(h).then(|| slot(h))
        };

        let mut hole_flags = vec![0u8; slots];
        for h in size.holes() {
            let mut f = flag::EXISTS;
            if size.playable_by(Player::Red, h) {
                f |= flag::PLAYABLE_RED;
            }
            if size.playable_by(Player::Black, h) {
                f |= flag::PLAYABLE_BLACK;
            }
            if h.row == 0 {
                f |= flag::RED_START;
            }
            if usize::from(h.row) == height - 1 {
                f |= flag::RED_END;
            }
            if h.col == 0 {
                f |= flag::BLACK_START;
            }
            if usize::from(h.col) == width - 1 {
                f |= flag::BLACK_END;
            }
            hole_flags[slot(h)] = f;
        }

        let filler = Step {
            hole: NONE,
            link: NONE,
        };
        // Slot 2d is the forward step in direction d, slot 2d+1 the backward one.
        let mut steps = vec![[filler; 8]; slots];
        for h in size.holes() {
            let (c, r) = (i32::from(h.col), i32::from(h.row));
            let i = slot(h);
            for (d, &(dc, dr)) in FORWARD.iter().enumerate() {
                // Forward: the link is stored here.
                if let Some(j) = on_board(c + dc, r + dr) {
                    steps[i][2 * d] = Step {
                        hole: j as u16,
                        link: (i * 4 + d) as u16,
                    };
                }
                // Backward: the link is stored at the neighbour.
                if let Some(j) = on_board(c - dc, r - dr) {
                    steps[i][2 * d + 1] = Step {
                        hole: j as u16,
                        link: (j * 4 + d) as u16,
                    };
                }
            }
        }

        let relative = relative_crossers();
        let mut crossers = vec![[NONE; CROSSERS_PER_LINK]; slots * 4];
        for h in size.holes() {
            let (c, r) = (i32::from(h.col), i32::from(h.row));
            for (d, &(dc, dr)) in FORWARD.iter().enumerate() {
                if on_board(c + dc, r + dr).is_none() {
                    continue;
                }
                let id = slot(h) * 4 + d;
                let mut k = 0;
                for &(oc, or, d2) in &relative[d] {
                    let (sc, sr) = (c + oc, r + or);
                    let (ec, er) = FORWARD[d2];
                    if let (Some(s), Some(_)) = (on_board(sc, sr), on_board(sc + ec, sr + er)) {
                        crossers[id][k] = (s * 4 + d2) as u16;
                        k += 1;
                    }
                }
            }
        }

        let placeholder = Link::new(Hole::new(0, 0), Hole::new(1, 2)).expect("a knight step");
        let mut links = vec![placeholder; slots * 4];
        for (i, out) in steps.iter().enumerate() {
            for &step in out {
                let id = usize::from(step.link);
                if step.hole != NONE && id >> 2 == i {
                    links[id] = Link::new(hole_of(size, i), hole_of(size, usize::from(step.hole)))
                        .expect("steps are knight steps");
                }
            }
        }

        let borders = [
            flag::RED_START,
            flag::RED_END,
            flag::BLACK_START,
            flag::BLACK_END,
        ]
        .map(|b| (0..slots).filter(|&i| hole_flags[i] & b != 0).collect());
        let near_borders = steps
            .iter()
            .map(|out| {
                out.iter()
                    .filter(|s| s.hole != NONE)
                    .fold(0, |f, s| f | hole_flags[usize::from(s.hole)])
            })
            .collect();

        let holes = (0..slots)
            .map(|i| {
                if i == 0 {
                    Hole::new(0, 0)
                } else {
                    hole_of(size, i)
                }
            })
            .collect();

        Geometry {
            size,
            width,
            steps,
            crossers,
            links,
            hole_flags,
            holes,
            borders,
            near_borders,
        }
    }

    /// The board size the tables are for.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Number of hole slots (corners and the filler, slot 0, included).
    pub fn slots(&self) -> usize {
        self.hole_flags.len()
    }

    /// Dense index of a hole slot, row-major from slot 1 ([`BoardSize::index`]
    /// plus one: slot 0 is the filler).
    pub fn index(&self, hole: Hole) -> usize {
        slot_of(self.size, hole)
    }

    /// The hole at a dense index (the inverse of [`Geometry::index`]; not
    /// slot 0).
    #[inline]
    pub fn hole(&self, index: usize) -> Hole {
        match self.holes.get(index) {
            Some(&hole) => hole,
            None => hole_of(self.size, index),
        }
    }

    /// Knight steps out of a hole slot; unused entries have `hole == NONE`.
    /// Entry `2d` is the forward step in direction `d` ([`FORWARD`]), entry
    /// `2d + 1` the step back against it.
    #[inline]
    pub fn steps(&self, index: usize) -> &[Step; 8] {
        &self.steps[index]
    }

    /// Links crossing link `id`; unused entries are [`NONE`].
    #[inline]
    pub fn crossers(&self, id: usize) -> &[u16; CROSSERS_PER_LINK] {
        &self.crossers[id]
    }

    /// A hole slot's [`flag`] bits (0 for a missing corner).
    #[inline]
    pub fn hole_flags(&self, index: usize) -> u8 {
        self.hole_flags[index]
    }

    /// Every hole slot's flags, by index.
    #[inline]
    pub fn all_hole_flags(&self) -> &[u8] {
        &self.hole_flags
    }

    /// The hole slots flagged `border` (one of the four border flags of
    /// [`flag`]), in slot order.
    #[inline]
    pub fn border_slots(&self, border: u8) -> &[usize] {
        &self.borders[border_index(border)]
    }

    /// The [`flag`] bits of the holes a knight's move from slot `index`
    /// (a gap to a border row needs one there).
    #[inline]
    pub fn near_border_flags(&self, index: usize) -> u8 {
        self.near_borders[index]
    }

    /// The link id of `link`, if both ends are holes of this board.
    pub fn link_id(&self, link: Link) -> Option<usize> {
        let (a, b) = link.ends();
        if !self.size.contains(a) || !self.size.contains(b) || !a.is_knight_step(b) {
            return None;
        }
        let (top, bottom) = if a.row < b.row { (a, b) } else { (b, a) };
        let dc = i32::from(bottom.col) - i32::from(top.col);
        let dr = i32::from(bottom.row) - i32::from(top.row);
        let d = FORWARD.iter().position(|&f| f == (dc, dr))?;
        Some(self.index(top) * 4 + d)
    }

    /// The link with this id (the id must come from this geometry).
    #[inline]
    pub fn link(&self, id: usize) -> Link {
        self.links[id]
    }

    /// The hole slot that stores link `id`, and its direction.
    #[inline]
    pub fn link_origin(&self, id: usize) -> (usize, usize) {
        (id >> 2, id & 3)
    }

    /// The other end of link `id` (not the storing hole).
    #[inline]
    pub fn link_far_end(&self, id: usize) -> usize {
        let (i, d) = self.link_origin(id);
        let (dc, dr) = FORWARD[d];
        // Row by row, the step (dc, dr) moves the index by dr rows and dc
        // columns: no division needed (the solver asks this in its inner
        // loops).
        (i as isize + dr as isize * self.width as isize + dc as isize) as usize
    }

    /// Bytes held by these tables (shared by all positions of this size).
    pub fn heap_bytes(&self) -> usize {
        self.steps.capacity() * std::mem::size_of::<[Step; 8]>()
            + self.crossers.capacity() * std::mem::size_of::<[u16; CROSSERS_PER_LINK]>()
            + self.links.capacity() * std::mem::size_of::<Link>()
            + self.hole_flags.capacity()
            + self.holes.capacity() * std::mem::size_of::<Hole>()
            + self
                .borders
                .iter()
                .map(|b| b.capacity() * std::mem::size_of::<usize>())
                .sum::<usize>()
            + self.near_borders.capacity()
    }

    /// Every link of this board, as ids.
    pub fn all_link_ids(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.slots()).flat_map(move |i| {
            self.steps[i]
                .iter()
                .filter(move |s| s.hole != NONE && usize::from(s.link) >> 2 == i)
                .map(|s| usize::from(s.link))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_direction_has_nine_crossers() {
        for list in relative_crossers() {
            assert_eq!(list.len(), CROSSERS_PER_LINK);
        }
    }

    #[test]
    fn link_ids_round_trip() {
        let g = Geometry::for_size(BoardSize::new(6, 9).unwrap());
        let mut n = 0;
        for id in g.all_link_ids() {
            let l = g.link(id);
            assert_eq!(g.link_id(l), Some(id));
            n += 1;
        }
        assert!(n > 0);
        let g24 = Geometry::for_size(BoardSize::STANDARD);
        assert_eq!(g24.all_link_ids().count(), 2016);
    }

    /// The table of holes agrees with the arithmetic it replaces, and
    /// `hole` undoes `index`.
    #[test]
    fn holes_round_trip() {
        for (w, h) in [(24, 24), (6, 9), (30, 12)] {
            let size = BoardSize::new(w, h).unwrap();
            let g = Geometry::for_size(size);
            for hole in size.holes() {
                assert_eq!(g.hole(g.index(hole)), hole);
            }
            for slot in 1..g.slots() {
                assert_eq!(g.hole(slot), hole_of(size, slot));
            }
        }
    }
}
