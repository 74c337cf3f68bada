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
//! away from the border (the link a chain reaches it by). Under crossing
//! `own` (own links may cross, as in `pencil`) more pegs of the attacker
//! never hurt it, and a defender's move outside the area changes nothing:
//! the model had a peg there already.
//!
//! Under crossing `none` (`dujardin`, `t1`) the same model, read with
//! crossing `own`, is still the worst case for the defender: its links
//! there cross each other freely, while under `none` its own links bar
//! its later ones, so it has at most those links. What changes is the attacker: its own links bar its
//! links. Its two pegs lie on one of the template's lines ([`LINES`]: a
//! hole on row 3 or 2 a knight's move from the peg, then a border row
//! hole a knight's move from that), so the links it needs are the peg's
//! link to the first and the link between the two. The template applies
//! under `none` only where no link of the attacker crosses one of those
//! links and the border row holes of the lines are empty; no other peg of
//! the attacker's own can then bar them (a link from a border row hole of
//! a line never crosses the peg's link to the other hole of that line,
//! checked by the test), and a peg another gap adds must stay off the
//! holes of [`EdgeTemplate::clear`] (`connection.rs` checks it).
//!
//! In a position the template applies when the peg is on row 4 with a
//! link to a hole one or two rows farther from the border, every hole of
//! the area is empty and the attacker may play it, and the border row
//! holes the model offered the attacker exist and are the attacker's to
//! play and not the defender's (the outermost row of a cut side, which
//! both may play, is not one); under crossing `none` also as just said. A
//! defender's move outside the area changes nothing: the model had a peg
//! there already.

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

/// The two pegs the attacker joins the peg to its border row with: a hole
/// on row 3 or 2 a knight's move from the peg (in the area), then a
/// border row hole a knight's move from that (of [`BORDER_ALONG`]).
const LINES: [((i32, i32), (i32, i32)); 5] = [
    ((1, 2), (-1, 3)),
    ((1, 2), (3, 3)),
    ((-1, 2), (1, 3)),
    ((2, 1), (1, 3)),
    ((2, 1), (3, 3)),
];

/// An edge template found in a position.
pub(crate) struct EdgeTemplate {
    /// The holes of the area.
    pub area: Vec<HoleIndex>,
    /// A first move that keeps the connection (with the attacker to move).
    pub first: HoleIndex,
    /// Under crossing `none`, the holes no peg of another gap may take:
    /// both ends of every link that could cross a link of the template's
    /// lines, and the holes of its lines. Empty under crossing `own`.
    pub clear: Vec<HoleIndex>,
    /// Under crossing `none`, the holes of the template's lines (where its
    /// pegs go). Empty under crossing `own`.
    pub pegs: Vec<HoleIndex>,
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
    let own_bars = pos.blocking_colours(attacker) & colour_bits(attacker) != 0;
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
        let (clear, pegs) = if own_bars {
            lines_clear(pos, attacker, border, a, side)?
        } else {
            (Vec::new(), Vec::new())
        };
        Some(EdgeTemplate {
            area,
            first,
            clear,
            pegs,
        })
    })
}

/// Under crossing `none`, where the lines of the template at `a` (mirror
/// `side`) are free of the attacker's own links: their border row holes
/// are empty and no link of the attacker crosses a link they need. Then
/// the template's `clear` and `pegs` ([`EdgeTemplate`]); `None` where not.
fn lines_clear(
    pos: &Position,
    attacker: Player,
    border: u8,
    a: HoleIndex,
    side: i32,
) -> Option<(Vec<HoleIndex>, Vec<HoleIndex>)> {
    let geo = pos.geometry();
    let hole = geo.hole(a.get());
    let mine = colour_bits(attacker);
    let mut pegs: Vec<HoleIndex> = Vec::with_capacity(6);
    let mut clear: Vec<HoleIndex> = Vec::new();
    for (x, y) in LINES {
        let x = at(geo, attacker, border, hole, side, x)?;
        let y = at(geo, attacker, border, hole, side, y)?;
        // The border row hole is empty (the area's holes are already).
        if pos.cell(y.get()) & COLOUR != 0 {
            return None;
        }
        for (p, q) in [(a, x), (x, y)] {
            let link = geo
                .steps(p.get())
                .iter()
                .find(|s| s.hole != NONE && HoleIndex::from(s.hole) == q)?
                .link;
            let id = usize::from(link);
            if pos.crossed_colours(id) & mine != 0 {
                return None;
            }
            for &c in geo.crossers(id) {
                if c == NONE {
                    continue;
                }
                let c = usize::from(c);
                for e in [HoleIndex::new(c >> 2), HoleIndex::new(geo.link_far_end(c))] {
                    if !clear.contains(&e) {
                        clear.push(e);
                    }
                }
            }
        }
        for h in [x, y] {
            if !pegs.contains(&h) {
                pegs.push(h);
            }
        }
    }
    for &h in &pegs {
        if !clear.contains(&h) {
            clear.push(h);
        }
    }
    Some((clear, pegs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Hole;
    use crate::position_line::read_position;

    /// Whether the template applies at `peg` (toward the bottom border)
    /// in the position line `line`, for Red.
    fn applies(line: &str, peg: &str) -> bool {
        let pos = read_position(line).unwrap();
        let a = HoleIndex::new(pos.geometry().index(peg.parse::<Hole>().unwrap()));
        find(&pos, Player::Red, a, flag::RED_END).is_some()
    }

    /// Under crossing none the template applies where Red's own links
    /// leave its lines free, as under crossing own; not where a link of
    /// Red's crosses a line of each mirror image (h10-i8 crosses the line
    /// h8-i10, c8-d10 its mirror image d8-c10), nor where a line's border
    /// row hole holds Red's peg; under crossing own both still apply.
    #[test]
    fn own_links_across_its_lines_bar_the_template_under_crossing_none() {
        let none = "crossing=none,links=automatic,removal=none,swap=none";
        let own = "crossing=own,links=automatic,removal=none,swap=none";
        for (red, under_none) in [
            ("e1,f3,e5,f7", true),
            ("e1,f3,e5,f7,h10,i8,c8,d10", false),
            ("e1,f3,e5,f7,e10,g10", false),
        ] {
            let line = |axes: &str| format!("12x10/{axes}/{red}/b2,k3/*/black");
            assert_eq!(applies(&line(none), "f7"), under_none, "{red}");
            assert!(applies(&line(own), "f7"), "{red}");
        }
        // Under crossing none the template says where other gaps' pegs
        // may not go; under crossing own it has no such holes.
        let pos = read_position(&format!("12x10/{none}/e1,f3,e5,f7/b2,k3/*/black")).unwrap();
        let a = HoleIndex::new(pos.geometry().index("f7".parse::<Hole>().unwrap()));
        let t = find(&pos, Player::Red, a, flag::RED_END).unwrap();
        assert_eq!(t.pegs.len(), 6);
        assert!(t.pegs.iter().all(|h| t.clear.contains(h)));
        let pos = read_position(&format!("12x10/{own}/e1,f3,e5,f7/b2,k3/*/black")).unwrap();
        let t = find(&pos, Player::Red, a, flag::RED_END).unwrap();
        assert!(t.clear.is_empty() && t.pegs.is_empty());
    }
}
