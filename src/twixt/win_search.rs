//! "Red wins in N": does the player to move complete a chain within N of
//! their own moves, whatever the opponent replies? An exact AND/OR search.
//!
//! The attacker tries every hole. The defender's replies are cut down to
//! the ones that can matter, with a *relevance zone* (as Hex solvers do):
//! the search first lets the defender pass; if the attacker still wins, the
//! proof it found depends only on a set of holes — the holes the attacker
//! plays and both ends of every link that would cut a link the attacker
//! makes. A defender peg outside that set neither takes a hole the proof
//! needs nor carries a link that crosses one of its links, so the same proof
//! wins against it. Only replies inside the zone are tried, each giving its
//! own proof and zone, and the union is the zone of the whole node.
//!
//! Two facts make this exact under the rule sets it accepts (automatic
//! linking, nothing removed): a defender peg never helps the attacker (a
//! pass is the defender's weakest reply), and the attacker's moves are just
//! holes. A third, that the defender cannot win first, is checked up front:
//! if the defender could join their own borders within the replies they
//! get, every reply is tried and a defender win refutes the line.
//!
//! Before any deeper work a node checks a lower bound on the pegs the
//! attacker still needs (a shortest path over knight steps where an empty
//! hole costs one, ignoring the defender's future pegs): a position needing
//! more pegs than moves left is lost at once.

use std::collections::VecDeque;

use crate::twixt::board::Player;
use crate::twixt::geometry::{Geometry, NONE, flag};
use crate::twixt::moves::Move;
use crate::twixt::position::{COLOUR, Position, Status, WinBy, colour_bits};
use crate::twixt::rules::{Linking, Removal, Swap};

/// Positions the search may visit before it gives up (each is one move
/// played on a copy of the board, about a fifth of a microsecond to half a
/// microsecond): wins in 3 on a 12×12 board stay far below it, and it keeps a
/// claim that cannot be decided quickly from running for minutes.
pub const NODE_LIMIT: u64 = 2_000_000;

/// The search's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinSearch {
    /// The player wins within the moves against every defence.
    Proved,
    /// Some defence holds the player off for that many moves.
    Refuted,
}

/// Why the search could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WinSearchError {
    /// The player asked about is not the one to move.
    #[error("it is {to_move}'s turn, not {player}'s")]
    NotToMove {
        /// The player asked about.
        player: Player,
        /// The player to move.
        to_move: Player,
    },
    /// The game has already ended; the value is its result.
    #[error("the game is already over: {0}")]
    GameOver(Status),
    /// The number of moves is 0.
    #[error("a win needs at least one move (`in 1` or more)")]
    NoMoves,
    /// The rule set is not one the search covers; the value names the rule.
    #[error(
        "the search covers rule sets with automatic linking and no removal (pencil, dujardin, t1); these rules have {0}"
    )]
    Rules(&'static str),
    /// The opponent may still swap.
    #[error("the opponent may still swap (move 2), which the search does not cover")]
    SwapPending,
    /// The search reached its limit of positions without an answer.
    #[error(
        "the search stopped at its limit of {limit} positions without deciding: not proved (try a smaller N)"
    )]
    NodeLimit {
        /// The number of positions the search was allowed to visit.
        limit: u64,
    },
}

impl crate::diagnostic::Explained for WinSearchError {}

/// Decides whether `player`, to move in `pos`, wins within `moves` of their
/// own moves against every defence, visiting at most `limit` positions.
pub fn wins_within(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: u64,
) -> Result<WinSearch, WinSearchError> {
    if pos.status() != Status::Ongoing {
        return Err(WinSearchError::GameOver(pos.status()));
    }
    if pos.to_move() != player {
        return Err(WinSearchError::NotToMove {
            player,
            to_move: pos.to_move(),
        });
    }
    if moves == 0 {
        return Err(WinSearchError::NoMoves);
    }
    let rules = pos.rules();
    match rules.links {
        Linking::Automatic => {}
        Linking::Manual => return Err(WinSearchError::Rules("links: manual")),
        Linking::AutomaticEditable => {
            return Err(WinSearchError::Rules("links: automatic-editable"));
        }
    }
    if rules.removal != Removal::None {
        return Err(WinSearchError::Rules("removal"));
    }
    if rules.swap != Swap::None && pos.ply() < 2 {
        return Err(WinSearchError::SwapPending);
    }
    let geo = pos.geometry();
    // The defender gets `moves - 1` replies before the attacker's last move.
    let defender_can_win = pegs_needed(pos, geo, player.opponent()) < moves;
    let mut search = Search {
        attacker: player,
        limit,
        nodes: 0,
        every_reply: defender_can_win,
        slots: geo.slots(),
    };
    match search.attack(pos, moves) {
        Ok(Some(_)) => Ok(WinSearch::Proved),
        Ok(None) => Ok(WinSearch::Refuted),
        Err(LimitReached) => Err(WinSearchError::NodeLimit { limit }),
    }
}

struct LimitReached;

/// A set of hole slots: the holes a proof depends on.
#[derive(Clone)]
struct Zone(Vec<u64>);

impl Zone {
    fn new(slots: usize) -> Zone {
        Zone(vec![0; slots.div_ceil(64)])
    }
    fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
    fn union(&mut self, other: &Zone) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
    }
}

struct Search {
    attacker: Player,
    limit: u64,
    nodes: u64,
    /// The defender could connect within the line: try every reply.
    every_reply: bool,
    slots: usize,
}

impl Search {
    /// Plays the peg at `hole` on a copy of `pos`, counting the node.
    fn play(
        &mut self,
        pos: &Position,
        hole: usize,
    ) -> Result<(Position, Vec<usize>), LimitReached> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(LimitReached);
        }
        let mut next = pos.clone();
        let geo = pos.geometry();
        let played = next
            .play(&Move::peg(geo.hole(hole)))
            .expect("the search only plays empty holes the mover may use");
        let links = played
            .links_added
            .iter()
            .filter_map(|&l| geo.link_id(l))
            .collect();
        Ok((next, links))
    }

    /// The attacker to move with `budget` moves: a winning proof's zone, or
    /// `None` when no move wins.
    fn attack(&mut self, pos: &Position, budget: u32) -> Result<Option<Zone>, LimitReached> {
        let geo = pos.geometry();
        let through = through_costs(pos, geo, self.attacker);
        let needed = through.iter().copied().min().unwrap_or(u32::MAX);
        if needed > budget {
            return Ok(None);
        }
        // Holes on the cheapest ways first: the winning move is usually one.
        let mut order: Vec<(u32, usize)> = pos
            .free_holes(self.attacker)
            .map(|i| (through[i], i))
            .filter(|&(cost, _)| budget > 1 || cost <= 1)
            .collect();
        order.sort_unstable();
        for (_, m) in order {
            let (next, links) = self.play(pos, m)?;
            let won = matches!(
                next.status(),
                Status::Won { winner, by: WinBy::Connection, .. } if winner == self.attacker
            );
            let rest = if won {
                Some(Zone::new(self.slots))
            } else if budget > 1 {
                self.defend(&next, budget - 1)?
            } else {
                None
            };
            if let Some(mut zone) = rest {
                zone.insert(m);
                for &id in &links {
                    add_crossing_ends(&mut zone, geo, id);
                }
                return Ok(Some(zone));
            }
        }
        Ok(None)
    }

    /// The defender to move; the attacker then has `budget` moves. The zone
    /// of a proof that wins against every reply, or `None`.
    fn defend(&mut self, pos: &Position, budget: u32) -> Result<Option<Zone>, LimitReached> {
        let mut passed = pos.clone();
        passed.pass();
        let Some(mut zone) = self.attack(&passed, budget)? else {
            return Ok(None);
        };
        let defender = self.attacker.opponent();
        let replies: Vec<usize> = pos
            .free_holes(defender)
            .filter(|&i| self.every_reply || zone.contains(i))
            .collect();
        for r in replies {
            let (next, _) = self.play(pos, r)?;
            if next.status() != Status::Ongoing {
                return Ok(None); // the defender connected first
            }
            let Some(reply_zone) = self.attack(&next, budget)? else {
                return Ok(None);
            };
            zone.union(&reply_zone);
            zone.insert(r);
        }
        Ok(Some(zone))
    }
}

/// Both ends of every link that crosses link `id`: a defender peg outside
/// them can never carry a link that cuts `id`.
fn add_crossing_ends(zone: &mut Zone, geo: &Geometry, id: usize) {
    for &x in geo.crossers(id) {
        if x != NONE {
            let x = usize::from(x);
            zone.insert(x >> 2);
            zone.insert(geo.link_far_end(x));
        }
    }
}

/// The fewest new pegs `player` needs to join their borders if the
/// opponent never moved again (`u32::MAX` when they cannot).
fn pegs_needed(pos: &Position, geo: &Geometry, player: Player) -> u32 {
    through_costs(pos, geo, player)
        .into_iter()
        .min()
        .unwrap_or(u32::MAX)
}

/// For every hole slot, the fewest new pegs of `player` on a chain through
/// it from border to border, counting the hole itself (`u32::MAX` where no
/// chain can pass). A lower bound: the opponent's future pegs and the
/// player's own new links crossing each other are ignored.
fn through_costs(pos: &Position, geo: &Geometry, player: Player) -> Vec<u32> {
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
