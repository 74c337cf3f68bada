//! Seeded random legal games, for tests, benchmarks and demos.
//!
//! The generator uses the crate's own small PRNG (SplitMix64, in the base
//! layer) so that a seed gives the same game on every platform and crate
//! version.

use crate::board::{Hole, Player};
use crate::free_holes::FreeHoles;
use crate::link::Link;
use crate::moves::{Move, Placement, Removal};
use crate::position::{DeadDrawRule, Position, Status};
use crate::rules::{Linking, RemovalRule, RuleSet, Swap};
use crate::state::{GameState, Outcome};

/// The generator, shared with the solver's keys (layer 0).
pub use crate::split_mix::SplitMix64;

/// A random legal game under `rules`, from the empty board with Red first.
/// Play stops at a win, at an accepted draw, when the player to move has no
/// empty hole left, or after `max_plies` moves. Swap is chosen a quarter of
/// the time when allowed; under manual linking most but not all available
/// links are chosen, sometimes with an extra link between older pegs; where
/// the rules allow removals, some moves remove an own link or peg; a few moves
/// offer a draw, and some offers are accepted. Play goes on past a dead draw
/// (tests use that); the toolkit's record of a random game ends there. Returns no moves
/// when the rule set itself is impossible.
pub fn random_game(rules: &RuleSet, seed: u64, max_plies: u32) -> Vec<Move> {
    let Ok(mut pos) = Position::new(rules.clone()) else {
        return Vec::new();
    };
    let mut rng = SplitMix64::new(seed);
    let mut moves = Vec::new();
    let mut free = FreeHoles::of(&pos);
    while pos.status() == Status::Ongoing && pos.ply() < max_plies {
        let Some(mv) = random_move(&pos, &free, &mut rng) else {
            break;
        };
        let mv = match pos.play(&mv) {
            Ok(_) => mv,
            Err(_) => {
                // The embellishments (removals, extra links) can clash with
                // each other; a bare peg with its own links never does.
                let Move::Place(p) = mv else { break };
                // Except the peg reused when a finite supply is used up.
                let reuse: Vec<Removal> = p
                    .removals
                    .iter()
                    .filter(|r| matches!(r, Removal::Peg(_)))
                    .filter(|_| pegs_used_up(&pos))
                    .take(1)
                    .copied()
                    .collect();
                let gone: Vec<Hole> = reuse
                    .iter()
                    .filter_map(|r| match r {
                        Removal::Peg(h) => Some(*h),
                        Removal::Link(_) => None,
                    })
                    .collect();
                let plain = Move::Place(Placement {
                    removals: reuse.into(),
                    links: manual_links_for(&pos, p.hole, &gone).into(),
                    ..Placement::peg(p.hole)
                });
                if pos.play(&plain).is_err() {
                    break;
                }
                plain
            }
        };
        update_free(&mut free, &pos, &mv);
        moves.push(mv);
    }
    moves
}

/// A random game through the rules interface, from `state` as it stands:
/// each ply one of [`GameState::legal_moves`] chosen uniformly with `rng`,
/// until the game ends ([`GameState::is_terminal`]), no move is listed,
/// or `max_plies` moves were played; then every move is taken back, so
/// `state` ends as it began. Returns the plies played and the outcome
/// reached. (TwixT's [`random_game`] keeps its own choices and sequences:
/// callers depend on them.)
///
/// ```
/// use twixt_core::random::{SplitMix64, playout};
/// use twixt_core::{Position, RuleSet};
///
/// let mut pos = Position::new(RuleSet::dujardin()).unwrap();
/// let start = pos.clone();
/// let (plies, _outcome) = playout(&mut pos, &mut SplitMix64::new(7), 1000);
/// assert!(plies > 0);
/// assert_eq!(pos, start);
/// ```
pub fn playout<S: GameState>(
    state: &mut S,
    rng: &mut SplitMix64,
    max_plies: u32,
) -> (u32, Outcome<S::Player>) {
    let mut plies = 0;
    while plies < max_plies && !state.is_terminal() {
        let n = state.legal_move_count();
        if n == 0 {
            break;
        }
        let Some(mv) = state.nth_legal_move(rng.below(n)) else {
            break;
        };
        if state.play(&mv).is_err() {
            break;
        }
        plies += 1;
    }
    let outcome = state.outcome();
    for _ in 0..plies {
        state.undo();
    }
    (plies, outcome)
}

/// Finds the first dead draw of a game as it is generated. Where pieces can
/// be lifted a board may come back to life, so every move is tested; where
/// nothing can be lifted a dead draw stays one, so the board is tested every
/// sixteen moves and, once dead, the moves since the last
/// live board are played again one by one: the same answer for a sixteenth
/// of the searches. The start itself is tested once: on a small board the
/// empty one may be dead already.
pub struct DeadDrawWatch {
    every: usize,
    /// The start is a dead draw: the game is dead before its first move.
    dead_at_start: bool,
    /// The last board tested and found alive, and the moves it follows.
    alive: Position,
    alive_after: usize,
}

impl DeadDrawWatch {
    const EVERY: usize = 16;

    /// A watch over a game that starts at `start`.
    pub fn new(start: &Position) -> DeadDrawWatch {
        DeadDrawWatch {
            every: match DeadDrawRule::of(start.rules()) {
                DeadDrawRule::EndsTheGame => Self::EVERY,
                DeadDrawRule::Note => 1,
            },
            dead_at_start: start.status() == Status::Ongoing && start.is_dead_draw(),
            alive: start.clone(),
            alive_after: 0,
        }
    }

    /// `pos` after `moves`: how many of them lead to the first dead draw,
    /// when the game has reached one. Between tests it answers `None`
    /// unless `last` (the game stops here: test it now).
    pub fn dead_from(&mut self, pos: &Position, moves: &[Move], last: bool) -> Option<usize> {
        if self.dead_at_start {
            return Some(0);
        }
        let n = moves.len();
        if n == self.alive_after || (!last && n - self.alive_after < self.every) {
            return None;
        }
        if pos.status() != Status::Ongoing || !pos.is_dead_draw() {
            self.alive.copy_from(pos);
            self.alive_after = n;
            return None;
        }
        let mut p = self.alive.clone();
        for (k, mv) in moves[self.alive_after..].iter().enumerate() {
            p.play(mv).ok()?;
            if p.status() == Status::Ongoing && p.is_dead_draw() {
                return Some(self.alive_after + k + 1);
            }
        }
        Some(n)
    }
}

/// Under manual linking, the links a new peg at `hole` could take now,
/// leaving out those to pegs about to be removed; empty when the engine
/// adds the links.
fn manual_links_for(pos: &Position, hole: Hole, removed: &[Hole]) -> Vec<Link> {
    if pos.rules().links != Linking::Manual {
        return Vec::new();
    }
    pos.links_for_peg(hole, pos.to_move())
        .into_iter()
        .filter(|l| !removed.iter().any(|&h| l.touches(h)))
        .collect()
}

/// After `mv` was played in `pos`: a plain placement fills one hole;
/// anything else (a swap, a removal) is rare, and read afresh.
fn update_free(free: &mut FreeHoles, pos: &Position, mv: &Move) {
    match mv {
        Move::Place(p) if p.removals.is_empty() => free.fill(pos.geometry().index(p.hole)),
        Move::Place(_) | Move::Swap => free.read(pos),
        _ => {}
    }
}

fn random_move(pos: &Position, free_holes: &FreeHoles, rng: &mut SplitMix64) -> Option<Move> {
    let rules = pos.rules();
    let mover = pos.to_move();
    if pos.ply() == 1 && rules.swap != Swap::None && rng.one_in(4) {
        return Some(Move::Swap);
    }
    if pos.draw_offer() == Some(mover.opponent()) && rng.one_in(4) {
        return Some(Move::AcceptDraw);
    }

    let mut removals = Vec::new();
    let mut removed_pegs = Vec::new();
    // With every peg of a finite supply on the board, a peg must be reused;
    // with every link on it, links may be.
    let no_pegs_left = pegs_used_up(pos);
    let no_links_left = rules
        .supply_links
        .is_some_and(|n| pos.links_on_board(mover) >= u32::from(n));
    let may_take_peg = rules.removal == RemovalRule::LinksAndPegs || no_pegs_left;
    let may_take_link = rules.removal != RemovalRule::None || no_links_left;
    if no_pegs_left || ((may_take_peg || may_take_link) && rng.one_in(12)) {
        if no_pegs_left || (may_take_peg && (!may_take_link || rng.one_in(2))) {
            let own: Vec<Hole> = own_pegs(pos, mover);
            if let Some(&h) = rng.pick(&own) {
                removals.push(Removal::Peg(h));
                removed_pegs.push(h);
            }
        } else {
            let own: Vec<Link> = pos
                .links()
                .filter(|&(_, p)| p == mover)
                .map(|(l, _)| l)
                .collect();
            if let Some(&l) = rng.pick(&own) {
                removals.push(Removal::Link(l));
            }
        }
    }

    // The same choice as picking from the list of free playable holes in
    // board order, without building the list.
    let free = free_holes.count(mover);
    if free == 0 {
        return None;
    }
    let hole = pos.geometry().hole(free_holes.nth(mover, rng.below(free))?);

    let mut links = manual_links_for(pos, hole, &removed_pegs);
    match rules.links {
        Linking::Manual => {
            // Leave some links out: an unplaced link is no barrier, and
            // later moves may add it between the two older pegs.
            links.retain(|_| !rng.one_in(4));
            if rng.one_in(3) {
                links.extend(extra_link(pos, mover, rng, &removed_pegs));
            }
        }
        // A link by hand between older pegs, where a removal made room.
        Linking::AutomaticEditable if !removals.is_empty() || rng.one_in(8) => {
            links.extend(extra_link(pos, mover, rng, &removed_pegs));
        }
        _ => {}
    }
    // No more links by hand than a finite supply has left.
    if let Some(n) = rules.supply_links {
        links.truncate(u32::from(n).saturating_sub(pos.links_on_board(mover)) as usize);
    }
    Some(Move::Place(Placement {
        removals: removals.into(),
        hole,
        links: links.into(),
        // Offers only later on, so that most games run to a connection.
        offers_draw: pos.ply() > 60 && rng.one_in(400),
    }))
}

/// Every peg of the mover's finite supply is on the board: the next peg
/// must be a reused one.
fn pegs_used_up(pos: &Position) -> bool {
    pos.rules()
        .supply_pegs
        .is_some_and(|n| pos.pegs_on_board(pos.to_move()) >= u32::from(n))
}

fn own_pegs(pos: &Position, player: Player) -> Vec<Hole> {
    pos.pegs()
        .filter(|&(_, p)| p == player)
        .map(|(h, _)| h)
        .collect()
}

/// A missing link between two older own pegs that nothing forbids, if one is found.
fn extra_link(
    pos: &Position,
    player: Player,
    rng: &mut SplitMix64,
    removed: &[Hole],
) -> Option<Link> {
    let own = own_pegs(pos, player);
    let &a = rng.pick(&own)?;
    if removed.contains(&a) {
        return None;
    }
    pos.links_for_peg(a, player)
        .into_iter()
        .find(|&l| !pos.has_link(l) && !removed.contains(&l.other_end(a)))
}

/// A seed nobody chose: the standard library's per-process random keys
/// mixed with the time.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PRESET_NAMES;

    /// A digest of the games `random_game` makes under every preset: its
    /// choices are pinned (callers keep seeds and expect the same games),
    /// so a faster generator must make exactly the same moves.
    #[test]
    fn random_games_stay_the_same() {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        let mut fold = |x: u64| {
            h = (h ^ x).wrapping_mul(0x0000_0100_0000_01b3);
        };
        let hole = |h: Hole| u64::from(h.col) << 16 | u64::from(h.row);
        let link = |l: Link| {
            let (a, b) = l.ends();
            hole(a) << 32 | hole(b)
        };
        for name in PRESET_NAMES {
            let rules = RuleSet::preset(name).unwrap();
            for seed in 0..40 {
                let moves = random_game(&rules, seed, 400);
                fold(moves.len() as u64);
                for mv in moves {
                    match mv {
                        Move::Place(p) => {
                            fold(1 << 40 | hole(p.hole) | u64::from(p.offers_draw) << 32);
                            for r in &p.removals {
                                fold(match *r {
                                    Removal::Link(l) => 2 << 60 | link(l),
                                    Removal::Peg(h) => 3 << 60 | hole(h),
                                });
                            }
                            for &l in &p.links {
                                fold(4 << 60 | link(l));
                            }
                        }
                        Move::Swap => fold(5),
                        Move::Resign => fold(6),
                        Move::AcceptDraw => fold(7),
                    }
                }
            }
        }
        assert_eq!(h, 9761128200181760457);
    }

    /// The kept bit sets agree with a pass over the board after every move
    /// of random games under every preset (swaps, removals and reused pegs
    /// included), for every `k`.
    #[test]
    fn free_holes_follow_the_position() {
        for name in PRESET_NAMES {
            let rules = RuleSet::preset(name).unwrap();
            for seed in 0..6 {
                let mut pos = Position::new(rules.clone()).unwrap();
                let mut free = FreeHoles::of(&pos);
                for mv in random_game(&rules, seed, 300) {
                    pos.play(&mv).unwrap();
                    update_free(&mut free, &pos, &mv);
                    for player in [Player::Red, Player::Black] {
                        let scanned: Vec<usize> = pos.free_holes(player).collect();
                        assert_eq!(free.slots(player), scanned, "{name} seed {seed}");
                        let n = scanned.len();
                        assert_eq!(free.count(player), n, "{name} seed {seed}");
                        for k in [0, n / 3, n / 2, n.saturating_sub(1), n] {
                            assert_eq!(
                                free.nth(player, k),
                                scanned.get(k).copied(),
                                "{name} seed {seed} k {k}"
                            );
                        }
                    }
                }
            }
        }
    }
}
