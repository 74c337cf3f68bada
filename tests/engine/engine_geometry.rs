//! The precomputed crossing table against a brute-force exact test.

use std::collections::HashSet;

use twixt_core::board::BoardSize;
use twixt_core::geometry::{CROSSERS_PER_LINK, Geometry, NONE};
use twixt_core::link::Link;

/// Independent of the engine's orientation test: solve P + t·r = Q + u·s in
/// integers and require 0 < t < 1 and 0 < u < 1 strictly.
fn brute_cross(a: Link, b: Link) -> bool {
    let p = |h: twixt_core::board::Hole| (i64::from(h.col), i64::from(h.row));
    let ((p0, p1), (q0, q1)) = (
        (p(a.ends().0), p(a.ends().1)),
        (p(b.ends().0), p(b.ends().1)),
    );
    let r = (p1.0 - p0.0, p1.1 - p0.1);
    let s = (q1.0 - q0.0, q1.1 - q0.1);
    let cross = |x: (i64, i64), y: (i64, i64)| x.0 * y.1 - x.1 * y.0;
    let denom = cross(r, s);
    if denom == 0 {
        return false; // parallel: knight links never overlap along a line
    }
    let qp = (q0.0 - p0.0, q0.1 - p0.1);
    let (t_num, u_num) = (cross(qp, s), cross(qp, r));
    // Normalise to a positive denominator, then 0 < num < denom.
    let (t_num, u_num, denom) = if denom < 0 {
        (-t_num, -u_num, -denom)
    } else {
        (t_num, u_num, denom)
    };
    0 < t_num && t_num < denom && 0 < u_num && u_num < denom
}

fn check_board(width: u64, height: u64) {
    check_size(BoardSize::new(width, height).unwrap());
}

fn check_size(size: BoardSize) {
    let geo = Geometry::for_size(size);
    let ids: Vec<usize> = geo.all_link_ids().collect();
    // Every link between two holes of the board is present exactly once.
    let expected: HashSet<Link> = size
        .holes()
        .flat_map(|a| size.holes().filter_map(move |b| Link::new(a, b)))
        .collect();
    let got: HashSet<Link> = ids.iter().map(|&id| geo.link(id)).collect();
    assert_eq!(got, expected, "{size}: link set");
    assert_eq!(ids.len(), expected.len(), "{size}: link ids unique");

    for &a in &ids {
        let table: HashSet<usize> = geo
            .crossers(a)
            .iter()
            .filter(|&&x| x != NONE)
            .map(|&x| usize::from(x))
            .collect();
        let brute: HashSet<usize> = ids
            .iter()
            .copied()
            .filter(|&b| brute_cross(geo.link(a), geo.link(b)))
            .collect();
        assert_eq!(table, brute, "{size}: crossers of {}", geo.link(a));
        assert!(table.len() <= CROSSERS_PER_LINK);
    }
}

#[test]
fn crossing_table_matches_brute_force_on_small_boards() {
    for (w, h) in [(3, 3), (3, 7), (5, 5), (6, 9), (9, 6), (12, 12)] {
        check_board(w, h);
    }
}

/// A window of a larger board: where the top or left side is cut, the
/// top-left corner is a hole, with links like any other.
#[test]
fn crossing_table_matches_brute_force_on_cut_boards() {
    for size in [
        "12 cut top right",
        "9 cut top left",
        "8 cut left",
        "7 cut bottom right",
    ] {
        let size: BoardSize = size.parse().unwrap();
        check_size(size);
    }
    let geo = Geometry::for_size("12 cut top".parse().unwrap());
    assert!(geo.link_id("a1-b3".parse().unwrap()).is_some());
}

#[test]
fn crossing_table_matches_brute_force_on_24x24() {
    let size = BoardSize::STANDARD;
    let geo = Geometry::for_size(size);
    assert_eq!(geo.all_link_ids().count(), 2016);
    check_board(24, 24);
}

#[test]
fn interior_links_have_nine_crossers() {
    let geo = Geometry::for_size(BoardSize::STANDARD);
    let link: Link = "k10-l12".parse().unwrap();
    let id = geo.link_id(link).unwrap();
    let n = geo.crossers(id).iter().filter(|&&x| x != NONE).count();
    assert_eq!(n, 9);
    // The classic cross: k10-l12 and l10-k12 meet in the middle.
    let other = geo.link_id("l10-k12".parse().unwrap()).unwrap();
    assert!(geo.crossers(id).contains(&(other as u16)));
    assert!(geo.crossers(other).contains(&(id as u16)));
}

#[test]
fn links_off_the_board_have_no_id() {
    let geo = Geometry::for_size(BoardSize::square(5).unwrap());
    assert_eq!(geo.link_id("d5-e7".parse().unwrap()), None);
    // a1 is a missing corner.
    assert_eq!(geo.link_id("a1-b3".parse().unwrap()), None);
    assert!(geo.link_id("a2-c3".parse().unwrap()).is_some());
}

/// Every link's far end, found without a division, is the hole the link
/// joins, and every id and slot fits in a `u16`, up to the largest board
/// (cut sides included: the top-left corner is a hole there).
#[test]
fn link_far_ends_and_ids_fit_on_every_board() {
    for size in [
        "128",
        "128x5",
        "5x128",
        "12 cut top left",
        "7 cut right bottom",
    ] {
        let size: BoardSize = size.parse().unwrap();
        let geo = Geometry::for_size(size);
        assert!(geo.slots() <= usize::from(u16::MAX), "{size}");
        for id in geo.all_link_ids() {
            assert!(id <= usize::from(u16::MAX), "{size}: {id}");
            let (near, far) = geo.link(id).ends();
            let (top, bottom) = if near.row < far.row {
                (near, far)
            } else {
                (far, near)
            };
            assert_eq!(geo.link_origin(id).0, geo.index(top), "{size}");
            assert_eq!(geo.link_far_end(id), geo.index(bottom), "{size}");
            assert_ne!(geo.index(top), 0, "{size}");
            assert_eq!(geo.hole(geo.index(bottom)), bottom, "{size}");
        }
    }
}
