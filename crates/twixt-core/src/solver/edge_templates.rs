//! Edge templates from row 4: a peg of the attacker three rows from its
//! border row (row 4, the border row being row 1) joins that border
//! whatever the defender does, given an empty area beside it and below
//! it. The attacker needs two pegs (one on row 2 or 3, then one on the
//! border row), so the gap costs two moves.
//!
//! There are two areas, one inside the other: the smaller one holds when
//! the peg is reached by the link two holes along toward the area and one
//! up. The areas were found and are proved by the solver itself
//! (`tests/solver/templates.rs`) on a model of the worst case: every hole
//! the defender may play outside the area, up to the board's sides, holds
//! a defender peg with all its links, and the attacker's peg is linked
//! away from the border (the link a chain reaches it by). Such a model is
//! the worst case only where more pegs of the attacker never hurt it: under
//! crossing `own` (own links may cross), as in `pencil`. Under crossing
//! `none` an attacker's peg can bar its own links, so the template is not
//! used there.
//!
//! In a position the template applies when the attacker's links may cross
//! each other, the peg is on row 4 with a link to a hole one or two rows
//! farther from the border, every hole of the area is empty and the
//! attacker may play it, and the border row holes the model offered the
//! attacker exist and are the attacker's to play and not the defender's
//! (the outermost row of a cut side, which both may play, is not one). A defender's move
//! outside the area changes nothing: the model had a peg there already.

use super::hole::HoleIndex;
use crate::board::{Hole, Player};
use crate::geometry::{Geometry, NONE, flag};
use crate::position::{COLOUR, Position, colour_bits};

/// The moves the attacker needs to join the peg to its border.
pub(crate) const MOVES: u32 = 2;

/// The area, as (along the border, toward the border) offsets from the
/// peg, for one of its two mirror images (the other has `along` negated):
/// three holes on the peg's row and four on each of rows 3 and 2, and, but
/// for a peg reached by the link two along and one up, the hole above the
/// first of them on row 5.
const AREA: [(i32, i32); 12] = [
    (1, -1),
    (-1, 0),
    (1, 0),
    (2, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (2, 1),
    (-1, 2),
    (0, 2),
    (1, 2),
    (2, 2),
];

/// The links (as offsets from the peg) it may be reached by, for the whole
/// area and for the area without its hole on row 5 (`AREA[1..]`).
const ANCHORS: [(i32, i32); 4] = [(1, -2), (-1, -2), (2, -1), (-2, -1)];
const ANCHORS_SMALL: [(i32, i32); 1] = [(2, -1)];

/// The border row holes the model gave the attacker, as `along` offsets
/// (on the border row, three rows toward it).
const BORDER_ALONG: std::ops::RangeInclusive<i32> = -2..=3;

/// The attacker's first move when it is to move and the template is all
/// it has left: a peg on row 2, a knight's move from the peg.
const FIRST: (i32, i32) = (1, 2);

/// An edge template found in a position.
pub(crate) struct EdgeTemplate {
    /// The holes of the area.
    pub area: Vec<HoleIndex>,
    /// A first move that keeps the connection (with the attacker to move).
    pub first: HoleIndex,
}

/// The hole at `(along, toward)` from `a` for a border flagged `border`
/// of `attacker`, mirrored by `side` (1 or -1); `None` off the board.
fn at(
    geo: &Geometry,
    attacker: Player,
    border: u8,
    a: Hole,
    side: i32,
    (along, toward): (i32, i32),
) -> Option<HoleIndex> {
    let t = if border & (flag::RED_START | flag::BLACK_START) != 0 {
        -toward
    } else {
        toward
    };
    let (dc, dr) = match attacker {
        Player::Red => (along * side, t),
        Player::Black => (t, along * side),
    };
    let h = a.offset(dc, dr)?;
    let size = geo.size();
    if h.col >= size.width() || h.row >= size.height() {
        return None;
    }
    let i = geo.index(h);
    (geo.hole_flags(i) & flag::EXISTS != 0).then_some(HoleIndex::new(i))
}

/// The edge template joining the attacker's peg at `a` to its border
/// flagged `border`, when one applies (either mirror image).
pub(crate) fn find(
    pos: &Position,
    attacker: Player,
    a: HoleIndex,
    border: u8,
) -> Option<EdgeTemplate> {
    let geo = pos.geometry();
    // Own links must not bar own links (the module's comment says why).
    if pos.blocking_colours(attacker) & colour_bits(attacker) != 0 {
        return None;
    }
    let hole = geo.hole(a.get());
    // Row 4: the border row three rows away.
    let on_border = |h: Option<HoleIndex>| h.is_some_and(|h| geo.hole_flags(h.get()) & border != 0);
    let row4 = on_border(at(geo, attacker, border, hole, 1, (0, 3)))
        && !on_border(at(geo, attacker, border, hole, 1, (0, 2)));
    if !row4 {
        return None;
    }
    let playable = match attacker {
        Player::Red => flag::PLAYABLE_RED,
        Player::Black => flag::PLAYABLE_BLACK,
    };
    let theirs = match attacker {
        Player::Red => flag::PLAYABLE_BLACK,
        Player::Black => flag::PLAYABLE_RED,
    };
    let mine = colour_bits(attacker);
    let empty_mine =
        |h: HoleIndex| pos.cell(h.get()) & COLOUR == 0 && geo.hole_flags(h.get()) & playable != 0;
    [1, -1].into_iter().find_map(|side| {
        // The peg's link away from the border, as in the model.
        let anchored = |anchors: &[(i32, i32)]| {
            geo.steps(a.get()).iter().any(|s| {
                s.hole != NONE
                    && pos.link_colour(usize::from(s.link)).is_some()
                    && anchors.iter().any(|&o| {
                        at(geo, attacker, border, hole, side, o) == Some(HoleIndex::from(s.hole))
                    })
            })
        };
        // The smaller area where it is proved, else the whole one.
        let offsets = if anchored(&ANCHORS_SMALL) {
            &AREA[1..]
        } else if anchored(&ANCHORS) {
            &AREA[..]
        } else {
            return None;
        };
        let mut area = Vec::with_capacity(offsets.len());
        for &o in offsets {
            let h = at(geo, attacker, border, hole, side, o)?;
            if !empty_mine(h) {
                return None;
            }
            area.push(h);
        }
        // The border row as in the model: the attacker's, never the
        // defender's (on a cut side both may play the outermost row).
        for along in BORDER_ALONG {
            let h = at(geo, attacker, border, hole, side, (along, 3))?;
            let c = pos.cell(h.get()) & COLOUR;
            let f = geo.hole_flags(h.get());
            if f & playable == 0 || f & theirs != 0 || (c != 0 && c != mine) {
                return None;
            }
        }
        let first = at(geo, attacker, border, hole, side, FIRST)?;
        Some(EdgeTemplate { area, first })
    })
}
