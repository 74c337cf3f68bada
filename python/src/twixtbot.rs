//! twixtbot's network inputs: the position as the pegs, links and
//! location planes twixtbot's net reads, in the frame of the player to
//! move, and its policy indices.
//!
//! twixtbot (an AlphaZero-style TwixT program) turns the board so that the
//! player to move always joins the first and last rows of the second axis:
//! when Black is to move, columns and rows trade places and the colours
//! with them. Planes are indexed `[x, y, channel]`, x the column, y the row
//! from the top, in that frame. README.md ("twixtbot's input planes") gives
//! the layout.

use numpy::ndarray::{Array3, ArrayView3};
use twixt_core::rules::Swap;
use twixt_core::{Hole, Move as CoreMove, Player, Position};

/// Channels of the array: 2 peg planes, 8 link planes, 2 location planes
/// and the recent-moves plane.
pub(crate) const CHANNELS: usize = 13;
/// The first link channel.
const LINKS: usize = 2;
/// The first location channel.
const LOCATION: usize = 10;
/// The recent-moves channel.
const RECENT: usize = 12;
/// How many recent pegs twixtbot marks.
const RECENTS: usize = 4;

/// A hole in the frame of `to_move`: (x, y) with `to_move` joining y = 0
/// to y = n - 1.
pub(crate) fn frame(hole: Hole, to_move: Player) -> (usize, usize) {
    let (c, r) = (usize::from(hole.col), usize::from(hole.row));
    match to_move {
        Player::Red => (c, r),
        Player::Black => (r, c),
    }
}

/// The channel and cell where a link between frame cells `a` and `b`
/// is marked; `mine` when the player to move owns it.
///
/// twixtbot keys a link by its shape (two columns wide or two rows tall),
/// by whether its ends rise or fall together, and by its owner, and marks
/// it at a corner or edge middle of its 3×2 box as below.
fn link_cell(a: (usize, usize), b: (usize, usize), mine: bool) -> (usize, usize, usize) {
    let tall = a.0.abs_diff(b.0) == 1;
    let falling = (a.0 < b.0) != (a.1 < b.1);
    let (max_x, max_y) = (a.0.max(b.0), a.1.max(b.1));
    let (x, y) = match (tall, falling) {
        // Both ends on the far corner for links whose coordinates differ in sign.
        (_, true) => (max_x, max_y),
        // Wide, same sign: the middle column, the lower row.
        (false, false) => (max_x - 1, max_y),
        // Tall, same sign: the right column, the middle row.
        (true, false) => (max_x, max_y - 1),
    };
    let channel = LINKS + usize::from(mine) + 2 * usize::from(falling) + 4 * usize::from(tall);
    (channel, x, y)
}

/// The holes of the last pegs placed, as twixtbot marks them: at most
/// four, newest last, a peg moved by a mirror swap at its new hole; as in
/// twixtbot, the game's first move never counts.
fn recents(stack: &[CoreMove], mirror: bool) -> Vec<Hole> {
    let mut out = Vec::new();
    let mut swapped = false;
    // twixtbot walks back from the newest move while the index stays
    // below the history's length, so the first move is never reached.
    for mv in stack.iter().skip(1).rev() {
        if out.len() == RECENTS {
            break;
        }
        match mv {
            CoreMove::Swap => swapped = true,
            CoreMove::Place(p) => {
                let h = p.hole;
                out.push(if swapped && mirror {
                    Hole::new(h.row, h.col)
                } else {
                    h
                });
            }
            _ => {}
        }
    }
    out.reverse();
    out
}

/// twixtbot's planes of `pos` (a square board of side `n`) after the moves
/// of `stack`: shape (n, n, 13), float32.
pub(crate) fn planes(pos: &Position, stack: &[CoreMove], n: usize) -> Array3<f32> {
    let me = pos.to_move();
    let mut t = Array3::<f32>::zeros((n, n, CHANNELS));
    for (h, p) in pos.pegs() {
        let (x, y) = frame(h, me);
        t[[x, y, usize::from(p == me)]] = 1.0;
    }
    for (l, p) in pos.links() {
        let (a, b) = l.ends();
        let (c, x, y) = link_cell(frame(a, me), frame(b, me), p == me);
        t[[x, y, c]] = 1.0;
    }
    let side = n as f32;
    for x in 0..n {
        for y in 0..n {
            t[[x, y, LOCATION]] = y as f32 / side;
            t[[x, y, LOCATION + 1]] = x as f32 / side;
        }
    }
    let mirror = pos.rules().swap == Swap::Mirror;
    for h in recents(stack, mirror) {
        let (x, y) = frame(h, me);
        t[[x, y, RECENT]] = 1.0;
    }
    t
}

/// twixtbot's policy index of a peg at `hole` for `to_move`: in the frame,
/// `(x - 1) * n + y`; `None` on a column the player may not use (the
/// opponent's border).
pub(crate) fn policy_index(hole: Hole, to_move: Player, n: usize) -> Option<usize> {
    let (x, y) = frame(hole, to_move);
    (1..n - 1).contains(&x).then(|| (x - 1) * n + y)
}

/// The hole of twixtbot's policy index `index` for `to_move`, if in range.
pub(crate) fn policy_hole(index: usize, to_move: Player, n: usize) -> Option<Hole> {
    if index >= n * (n - 2) {
        return None;
    }
    let (x, y) = (index / n + 1, index % n);
    let (c, r) = match to_move {
        Player::Red => (x, y),
        Player::Black => (y, x),
    };
    Some(Hole::new(u16::try_from(c).ok()?, u16::try_from(r).ok()?))
}

/// The frame axes `(x, y)` that a board symmetry reflecting the columns
/// and/or the rows reflects when `to_move` is to move: with Black to move
/// the frame is the board transposed, so its axes trade places.
pub(crate) fn frame_flips(columns: bool, rows: bool, to_move: Player) -> (bool, bool) {
    match to_move {
        Player::Red => (columns, rows),
        Player::Black => (rows, columns),
    }
}

/// The two frame cells joined by the link marked at cell `(x, y)` of link
/// channel `channel`: the inverse of `link_cell`. `None` when an end falls
/// off the `n`×`n` board (a cell no link of this channel is marked at).
fn link_ends(channel: usize, x: usize, y: usize, n: usize) -> Option<[(usize, usize); 2]> {
    let k = channel - LINKS;
    let (falling, tall) = (k & 2 != 0, k & 4 != 0);
    let (x, y) = (x as isize, y as isize);
    let ends = match (tall, falling) {
        (true, true) => [(x - 1, y), (x, y - 2)],
        (false, true) => [(x - 2, y), (x, y - 1)],
        (true, false) => [(x - 1, y - 1), (x, y + 1)],
        (false, false) => [(x - 1, y - 1), (x + 1, y)],
    };
    let inside = |v: isize| usize::try_from(v).ok().filter(|&v| v < n);
    Some([
        (inside(ends[0].0)?, inside(ends[0].1)?),
        (inside(ends[1].0)?, inside(ends[1].1)?),
    ])
}

/// twixtbot's planes `src` (shape (n, n, 13)) with the frame reflected
/// along x and/or y: pegs and recent pegs move to their image cells, each
/// link to the cell and channel its image is marked at, the location
/// planes stay (they describe the cells, not the position). An error
/// names a link cell whose link would leave the board.
pub(crate) fn reflect_planes(
    src: ArrayView3<'_, f32>,
    flip_x: bool,
    flip_y: bool,
) -> Result<Array3<f32>, String> {
    let n = src.shape()[0];
    let image = |x: usize, y: usize| {
        (
            if flip_x { n - 1 - x } else { x },
            if flip_y { n - 1 - y } else { y },
        )
    };
    let mut out = Array3::<f32>::zeros((n, n, CHANNELS));
    for ((x, y, c), &v) in src.indexed_iter() {
        match c {
            _ if (LOCATION..RECENT).contains(&c) => out[[x, y, c]] = v,
            _ if v == 0.0 => {}
            0 | 1 | RECENT => {
                let (x2, y2) = image(x, y);
                out[[x2, y2, c]] = v;
            }
            _ => {
                let [a, b] = link_ends(c, x, y, n).ok_or_else(|| {
                    format!("planes[{x}, {y}, {c}] marks a link whose ends leave the {n}×{n} board")
                })?;
                let mine = (c - LINKS) & 1 != 0;
                let (c2, x2, y2) = link_cell(image(a.0, a.1), image(b.0, b.1), mine);
                out[[x2, y2, c2]] = v;
            }
        }
    }
    Ok(out)
}

/// twixtbot's policy vector `src` (n·(n-2) values by `policy_index`) with
/// the frame reflected along x and/or y: each value at its hole's image.
pub(crate) fn reflect_policy(src: &[f32], n: usize, flip_x: bool, flip_y: bool) -> Vec<f32> {
    let mut out = vec![0f32; src.len()];
    for (i, &v) in src.iter().enumerate() {
        // x runs over 1..=n-2, stored as x - 1: reflecting x reflects x - 1
        // within 0..n-2.
        let (major, y) = (i / n, i % n);
        let major2 = if flip_x { n - 3 - major } else { major };
        let y2 = if flip_y { n - 1 - y } else { y };
        out[major2 * n + y2] = v;
    }
    out
}
