//! A lower bound on the pegs a player still needs: a shortest path over
//! knight steps where an own peg costs nothing and an empty hole one peg,
//! ignoring the opponent's future pegs. A node needing more pegs than it
//! has moves is lost at once, and the costs order the attacker's moves.
//!
//! The search asks for the bound at every node, so [`Costs`] keeps its
//! buffers from one node to the next and answers "how many pegs" with one
//! breadth-first search, the costs through every hole with a second one.

use std::collections::VecDeque;

use crate::twixt::board::Player;
use crate::twixt::geometry::{Geometry, NONE, flag};
use crate::twixt::position::{COLOUR, Position, colour_bits};

/// The fewest new pegs `player` needs to join their borders if the
/// opponent never moved again (`u32::MAX` when they cannot).
pub(crate) fn pegs_needed(pos: &Position, player: Player) -> u32 {
    Costs::default().needed(pos, player)
}

/// For every hole slot, the fewest new pegs of `player` on a chain through
/// it from border to border, counting the hole itself (`u32::MAX` where no
/// chain can pass). A lower bound: the opponent's future pegs and the
/// player's own new links crossing each other are ignored.
pub(crate) fn through_costs(pos: &Position, player: Player) -> Vec<u32> {
    let mut costs = Costs::default();
    let mut out = Vec::new();
    costs.needed(pos, player);
    costs.through(pos, player, &mut out);
    out
}

/// The buffers of the two breadth-first searches, kept between calls.
#[derive(Default)]
pub(crate) struct Costs {
    /// Costs from the start border, of the last [`Costs::needed`].
    from_start: Vec<u32>,
    from_end: Vec<u32>,
    queue: VecDeque<usize>,
}

impl Costs {
    /// The fewest new pegs `player` needs (`u32::MAX` when they cannot):
    /// the cheapest way from the start border to a hole of the end border,
    /// whose cost through that hole is its cost from the start (the end
    /// hole itself is counted once). Keeps the costs from the start for a
    /// following [`Costs::through`] of the same position and player.
    pub(crate) fn needed(&mut self, pos: &Position, player: Player) -> u32 {
        let geo = pos.geometry();
        let (start, end) = borders(player);
        border_distances(
            pos,
            geo,
            player,
            start,
            &mut self.from_start,
            &mut self.queue,
        );
        self.from_start
            .iter()
            .enumerate()
            .filter(|&(i, _)| geo.hole_flags(i) & end != 0)
            .map(|(_, &d)| d)
            .min()
            .unwrap_or(u32::MAX)
    }

    /// Fills `out` with the costs through every hole slot (as
    /// [`through_costs`]), after [`Costs::needed`] of the same position and
    /// player.
    pub(crate) fn through(&mut self, pos: &Position, player: Player, out: &mut Vec<u32>) {
        let geo = pos.geometry();
        let (_, end) = borders(player);
        border_distances(pos, geo, player, end, &mut self.from_end, &mut self.queue);
        let mine = colour_bits(player);
        out.clear();
        out.extend((0..geo.slots()).map(|i| {
            let (a, b) = (self.from_start[i], self.from_end[i]);
            if a == u32::MAX || b == u32::MAX {
                return u32::MAX;
            }
            let own = u32::from(pos.cell(i) & COLOUR != mine);
            a + b - own
        }));
    }
}

fn borders(player: Player) -> (u8, u8) {
    match player {
        Player::Red => (flag::RED_START, flag::RED_END),
        Player::Black => (flag::BLACK_START, flag::BLACK_END),
    }
}

/// Cost of the cheapest chain of `player` from the border rows flagged
/// `border` to each hole, into `dist` (a 0-1 breadth-first search: own pegs
/// cost 0, empty holes the player may use cost 1, a step needs a link that
/// exists or could still be placed).
fn border_distances(
    pos: &Position,
    geo: &Geometry,
    player: Player,
    border: u8,
    dist: &mut Vec<u32>,
    queue: &mut VecDeque<usize>,
) {
    let mine = colour_bits(player);
    let playable = match player {
        Player::Red => flag::PLAYABLE_RED,
        Player::Black => flag::PLAYABLE_BLACK,
    };
    let blocking = pos.blocking_colours(player);
    let cost = |i: usize| -> Option<u32> {
        let c = pos.cell(i) & COLOUR;
        if c == mine {
            Some(0)
        } else if c == 0 && geo.hole_flags(i) & playable != 0 {
            Some(1)
        } else {
            None
        }
    };
    dist.clear();
    dist.resize(geo.slots(), u32::MAX);
    queue.clear();
    for (i, d) in dist.iter_mut().enumerate() {
        if geo.hole_flags(i) & border != 0
            && let Some(c) = cost(i)
        {
            *d = c;
            if c == 0 {
                queue.push_front(i);
            } else {
                queue.push_back(i);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        let d = dist[i];
        for step in geo.steps(i) {
            if step.hole == NONE {
                continue;
            }
            let j = usize::from(step.hole);
            let Some(c) = cost(j) else { continue };
            let id = usize::from(step.link);
            let usable = pos.link_colour(id).is_some() || pos.crossed_colours(id) & blocking == 0;
            if usable && d + c < dist[j] {
                dist[j] = d + c;
                if c == 0 {
                    queue.push_front(j);
                } else {
                    queue.push_back(j);
                }
            }
        }
    }
}
