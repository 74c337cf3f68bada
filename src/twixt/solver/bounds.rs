//! A lower bound on the pegs a player still needs: a shortest path over
//! knight steps where an own peg costs nothing and an empty hole one peg,
//! ignoring the opponent's future pegs. A node needing more pegs than it
//! has moves is lost at once, and the costs order the attacker's moves.

use std::collections::VecDeque;

use crate::twixt::board::Player;
use crate::twixt::geometry::{Geometry, NONE, flag};
use crate::twixt::position::{COLOUR, Position, colour_bits};

/// The fewest new pegs `player` needs to join their borders if the
/// opponent never moved again (`u32::MAX` when they cannot).
pub(crate) fn pegs_needed(pos: &Position, player: Player) -> u32 {
    through_costs(pos, player)
        .into_iter()
        .min()
        .unwrap_or(u32::MAX)
}

/// For every hole slot, the fewest new pegs of `player` on a chain through
/// it from border to border, counting the hole itself (`u32::MAX` where no
/// chain can pass). A lower bound: the opponent's future pegs and the
/// player's own new links crossing each other are ignored.
pub(crate) fn through_costs(pos: &Position, player: Player) -> Vec<u32> {
    let geo = pos.geometry();
    let (start, end) = match player {
        Player::Red => (flag::RED_START, flag::RED_END),
        Player::Black => (flag::BLACK_START, flag::BLACK_END),
    };
    let from_start = border_distances(pos, geo, player, start);
    let from_end = border_distances(pos, geo, player, end);
    let mine = colour_bits(player);
    (0..geo.slots())
        .map(|i| {
            let (a, b) = (from_start[i], from_end[i]);
            if a == u32::MAX || b == u32::MAX {
                return u32::MAX;
            }
            let own = u32::from(pos.cell(i) & COLOUR != mine);
            a + b - own
        })
        .collect()
}

/// Cost of the cheapest chain of `player` from the border rows flagged
/// `border` to each hole (a 0-1 breadth-first search: own pegs cost 0,
/// empty holes the player may use cost 1, a step needs a link that exists
/// or could still be placed).
fn border_distances(pos: &Position, geo: &Geometry, player: Player, border: u8) -> Vec<u32> {
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
    let mut dist = vec![u32::MAX; geo.slots()];
    let mut queue = VecDeque::new();
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
    dist
}
