//! Can a player still connect? A search over holes and knight steps, with
//! the rules for which steps are usable described in `docs/engine.md`
//! ("Dead draw").
//!
//! Usable steps work both ways, so a player can connect exactly when the
//! holes reachable from one border row include a hole of the other. Each
//! player's question is settled by two depth-first searches, one from each
//! border row, run in turn: they stop as soon as they meet (a path exists)
//! or either one runs out (no path). The cost is thus about twice the
//! smaller of the two regions, and a walled-in border is settled quickly
//! even when the rest of the board is open. Each search tries the steps
//! heading for the other border first, so on an open board the two meet
//! after little more than one path. A dead-draw query runs both players'
//! searches in lockstep and stops as soon as either player can connect.

use std::cell::RefCell;

use crate::board::Player;
use crate::geometry::{Geometry, flag};
use crate::position::{COLOUR, Position, colour_bits};
use crate::rules::{Crossing, Linking, Removal};

/// Visited bits and stack for one search, reused between calls.
#[derive(Default)]
struct Buffers {
    visited: Vec<u64>,
    stack: Vec<u16>,
}

thread_local! {
    /// Two searches per player, so a dead-draw query allocates nothing
    /// after the first on each thread.
    static SCRATCH: RefCell<[Buffers; 4]> = RefCell::new(Default::default());
}

/// Step orders: entries of [`Geometry::steps`] from least to most promising
/// (the last pushed is explored first). Red from the top row prefers going
/// down two rows, then one; from the bottom row, up. Black likewise by columns.
const RED_DOWN: [usize; 8] = [1, 3, 5, 7, 4, 6, 0, 2];
const RED_UP: [usize; 8] = [0, 2, 4, 6, 5, 7, 1, 3];
const BLACK_RIGHT: [usize; 8] = [5, 6, 1, 2, 0, 3, 4, 7];
const BLACK_LEFT: [usize; 8] = [4, 7, 0, 3, 1, 2, 5, 6];

/// Where a player's search stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Progress {
    Connected,
    Cut,
    Going,
}

/// The two searches (from each border row) of one player.
struct PlayerSearch<'a> {
    pos: &'a Position,
    geo: &'a Geometry,
    /// Side 0 starts from the first border row, side 1 from the second.
    sides: [&'a mut Buffers; 2],
    orders: [[usize; 8]; 2],
    /// The side to expand next.
    turn: usize,
    /// The player's colour bits in a cell.
    mine: u8,
    /// Hole flag: the player may place here.
    playable: u8,
    /// Colours of links whose crossing shuts a step.
    blocking: u8,
    /// Two own pegs without a link between them stay so (automatic linking
    /// without peg removal: a link only ever comes with a new peg).
    pegs_fixed: bool,
}

impl<'a> PlayerSearch<'a> {
    /// Sets up and seeds both searches.
    fn start(pos: &'a Position, player: Player, bufs: &'a mut [Buffers]) -> (Self, Progress) {
        let rules = pos.rules();
        let geo = pos.geometry();
        let mine = colour_bits(player);
        // Own links shut a step only when nothing may cross them and they
        // can never be taken away.
        let own_blocks = rules.crossing == Crossing::None && rules.removal == Removal::None;
        let blocking = colour_bits(player.opponent()) | if own_blocks { mine } else { 0 };
        let (playable, orders) = match player {
            Player::Red => (flag::PLAYABLE_RED, [RED_DOWN, RED_UP]),
            Player::Black => (flag::PLAYABLE_BLACK, [BLACK_RIGHT, BLACK_LEFT]),
        };
        let [a, b] = bufs else {
            unreachable!("two buffers per player")
        };
        for buf in [&mut *a, &mut *b] {
            buf.visited.clear();
            buf.visited.resize(geo.slots().div_ceil(64), 0);
            buf.stack.clear();
        }
        let search = PlayerSearch {
            pos,
            geo,
            sides: [a, b],
            orders,
            turn: 0,
            mine,
            playable,
            blocking,
            pegs_fixed: rules.links == Linking::Automatic && rules.removal != Removal::LinksAndPegs,
        };
        // Border rows without corners: (first slot, stride) for each side.
        let size = geo.size();
        let (w, h) = (usize::from(size.width()), usize::from(size.height()));
        let (borders, count) = match player {
            Player::Red => ([(1, 1), ((h - 1) * w + 1, 1)], w - 2),
            Player::Black => ([(w, w), (2 * w - 1, w)], h - 2),
        };
        for (side, (first, stride)) in borders.into_iter().enumerate() {
            for i in (0..count).map(|k| first + k * stride) {
                if search.usable(i) {
                    search.sides[side].visited[i >> 6] |= 1 << (i & 63);
                    search.sides[side].stack.push(i as u16);
                }
            }
            if search.sides[side].stack.is_empty() {
                return (search, Progress::Cut);
            }
        }
        (search, Progress::Going)
    }

    /// An own peg, or an empty hole the player may place in.
    #[inline]
    fn usable(&self, i: usize) -> bool {
        let c = self.pos.cell(i) & COLOUR;
        c == self.mine || (c == 0 && self.geo.hole_flags(i) & self.playable != 0)
    }

    /// The step from `u` to `v` along link `id` (both holes usable) is usable.
    #[inline]
    fn step_open(&self, u: usize, v: usize, id: usize) -> bool {
        match self.pos.link_colour(id) {
            Some(owner) => owner == self.mine,
            None => {
                self.pos.crossed_colours(id) & self.blocking == 0
                    && !(self.pegs_fixed
                        && self.pos.cell(u) & COLOUR == self.mine
                        && self.pos.cell(v) & COLOUR == self.mine)
            }
        }
    }

    /// Expands one hole of one side, alternating sides.
    fn step(&mut self) -> Progress {
        let side = self.turn;
        self.turn ^= 1;
        let Some(u) = self.sides[side].stack.pop() else {
            return Progress::Cut;
        };
        let u = usize::from(u);
        let steps = self.geo.steps(u);
        for k in self.orders[side] {
            let step = steps[k];
            let v = usize::from(step.hole);
            let (word, bit) = (v >> 6, 1u64 << (v & 63));
            // Filler steps lead to corner slot 0, which is never usable.
            if self.sides[side].visited[word] & bit != 0
                || !self.usable(v)
                || !self.step_open(u, v, usize::from(step.link))
            {
                continue;
            }
            if self.sides[side ^ 1].visited[word] & bit != 0 {
                return Progress::Connected;
            }
            self.sides[side].visited[word] |= bit;
            self.sides[side].stack.push(v as u16);
        }
        Progress::Going
    }
}

/// Whether `player` can still join their two border rows.
pub(crate) fn can_connect(pos: &Position, player: Player) -> bool {
    SCRATCH.with(|s| {
        let mut bufs = s.borrow_mut();
        let (mut search, mut progress) = PlayerSearch::start(pos, player, &mut bufs[..2]);
        while progress == Progress::Going {
            progress = search.step();
        }
        progress == Progress::Connected
    })
}

/// Neither player can still connect. The players' searches advance in
/// turn, one hole each, until one player connects or both are cut off.
pub(crate) fn is_dead_draw(pos: &Position) -> bool {
    SCRATCH.with(|s| {
        let mut bufs = s.borrow_mut();
        let (red_bufs, black_bufs) = bufs.split_at_mut(2);
        let (mut red, red_progress) = PlayerSearch::start(pos, Player::Red, red_bufs);
        let (mut black, black_progress) = PlayerSearch::start(pos, Player::Black, black_bufs);
        let mut progress = [red_progress, black_progress];
        loop {
            if progress.contains(&Progress::Connected) {
                return false;
            }
            if progress == [Progress::Cut, Progress::Cut] {
                return true;
            }
            if progress[0] == Progress::Going {
                progress[0] = red.step();
            }
            if progress[1] == Progress::Going {
                progress[1] = black.step();
            }
        }
    })
}
