//! The proof tree of a short win, built from the exact search of "wins in
//! N": where [`super::secures`] answers through its short-win look, the
//! exact search knows a winning move at each of the attacker's turns, so
//! the tree follows it (each answer a search of the moves left, sharing
//! one memory) instead of asking the proof numbers to find the win again.
//! The defender's turns list every reply outside the attacker's virtual
//! connection, as the proof numbers' trees do; where there is none, the
//! proof after a pass answers every reply the checker would not list
//! ([`Rest::Passed`]). A virtual connection ends a line as soon as there is
//! one, so the tree is what [`super::check_proof`] replays.

use crate::board::{Hole, Player};
use crate::position::{Position, Status};
use crate::rules::Crossing;

use super::checker::replies_a_pass_leaves;
use super::hole::{HoleIndex, free_holes};
use super::limit::SearchLimit;
use super::memory::Memory;
use super::pns::Pns;
use super::proof::{ProofNode, Rest};
use super::search::Stop;
use super::table::Key;
use super::{Solved, Solver, deepen, with_solver};

/// Builds the tree. One exact search's solver answers every attacker's
/// turn and plays every position of the tree, so one meter counts them
/// all; made once at the puzzle's root, its bounds' floor holds for every
/// position after it (pegs are only added). The proof numbers' helpers
/// give the templates and the defender's replies and play nothing.
struct Builder<'b, 's> {
    pns: Pns<'b>,
    solver: &'b mut Solver<'s>,
}

/// Defender's pegs a line of the tree added outside the zones of the
/// table's wins it follows: the table's entry for the position without
/// them (its key with theirs taken out) still gives a winning move while
/// none of them lies in that win's zone, as the exact search's must-play
/// region says (a reply outside a proof's zone leaves the proof whole).
/// A move so found is only a guide: the tree below it is built and
/// checked like any other, and a line it does not win is built again
/// from a search of the position itself.
#[derive(Clone, Default)]
struct Ghosts {
    /// The keys of the pegs and of the links they added.
    key: Key,
    holes: Vec<HoleIndex>,
}

/// The proof that `player` (to move in `pos`) wins by `key` within
/// `moves` moves, or `None` when the limit stops it first; the positions
/// it visited either way. `memory` is the one the search that found the
/// win left its table in: each attacker's turn of the tree that search
/// already proved is found there, not searched again.
pub(super) fn short_win_proof(
    pos: &Position,
    player: Player,
    key: Hole,
    moves: u32,
    limit: &SearchLimit,
    memory: Memory,
) -> (Option<ProofNode>, u64) {
    let limit = limit.clone().with_memory(memory);
    let mut meter = limit.meter();
    // The helpers' meter: they play no position, so it counts none.
    let mut idle = limit.meter();
    let proof = with_solver(pos, player, &limit, &mut meter, |solver| {
        let mut b = Builder {
            pns: Pns::new(pos, player, &mut idle, limit.table_bytes().min(16 << 20)),
            solver,
        };
        let root = b.pns.keys.of(pos);
        let k = HoleIndex::new(pos.geometry().index(key));
        b.attacker_move(pos, root, k, moves, &Ghosts::default())
            .ok()
            .flatten()
    });
    (proof, meter.used())
}

impl Builder<'_, '_> {
    /// The position after a peg of the player to move at `hole`, counted.
    fn play(&mut self, pos: &Position, key: Key, hole: HoleIndex) -> Result<(Position, Key), Stop> {
        let child = self.solver.search().play(pos, key, hole)?;
        Ok((child.pos, child.key))
    }

    /// The attacker plays `hole` from `pos` and wins within `moves` (that
    /// move included).
    fn attacker_move(
        &mut self,
        pos: &Position,
        key: Key,
        hole: HoleIndex,
        moves: u32,
        ghosts: &Ghosts,
    ) -> Result<Option<ProofNode>, Stop> {
        let (next, k) = self.play(pos, key, hole)?;
        let Some(p) = self.defender_turn(&next, k, moves - 1, ghosts)? else {
            return Ok(None);
        };
        Ok(Some(ProofNode::Move {
            hole: pos.geometry().hole(hole.get()),
            next: Box::new(p),
        }))
    }

    /// A position with the defender to move, the attacker winning within
    /// `moves` more moves.
    fn defender_turn(
        &mut self,
        pos: &Position,
        key: Key,
        moves: u32,
        ghosts: &Ghosts,
    ) -> Result<Option<ProofNode>, Stop> {
        match pos.status() {
            Status::Won { winner, .. } if winner == self.pns.attacker => {
                return Ok(Some(ProofNode::Won));
            }
            Status::Ongoing => {}
            _ => return Ok(None),
        }
        if moves == 0 || free_holes(pos, pos.to_move()).next().is_none() {
            return Ok(None);
        }
        if let Some(t) = self.pns.template(pos, false) {
            return Ok(Some(ProofNode::Template(t)));
        }
        // The replies outside the attacker's virtual connection (if it
        // has one once the defender has moved) leave it whole.
        let (holes, rest) = match self.pns.replies_and_rest(pos) {
            (holes, Some(t)) => (holes, Some(Rest::Template(t))),
            (holes, None) => self.after_a_pass(pos, key, moves, ghosts, holes)?,
        };
        let geo = pos.geometry();
        let mut replies = Vec::new();
        let mut with = ghosts.clone();
        for h in holes {
            let (next, k) = self.play(pos, key, h)?;
            with.key = ghosts.key.with([k.0 ^ key.0, k.1 ^ key.1]);
            with.holes.truncate(ghosts.holes.len());
            with.holes.push(h);
            let Some(p) = self.attacker_turn(&next, k, moves, [ghosts, &with])? else {
                return Ok(None);
            };
            replies.push((geo.hole(h.get()), p));
        }
        Ok(Some(ProofNode::Replies { replies, rest }))
    }

    /// Where no virtual connection answers the defender's replies `holes`
    /// (all of them, in the order to try them): the proof of the position
    /// with the defender's turn passed, which answers every reply that
    /// leaves it whole ([`Rest::Passed`]), and the replies left to list,
    /// when they are fewer. Else `holes` as they are.
    fn after_a_pass(
        &mut self,
        pos: &Position,
        key: Key,
        moves: u32,
        ghosts: &Ghosts,
        holes: Vec<HoleIndex>,
    ) -> Result<(Vec<HoleIndex>, Option<Rest>), Stop> {
        if pos.rules().crossing != Crossing::Own {
            return Ok((holes, None));
        }
        // The pass: the attacker to move on the same pegs (the same key).
        let mut passed = pos.clone();
        passed.pass();
        let none = Ghosts::default();
        let Some(proof) = self.attacker_turn(&passed, key, moves, [ghosts, &none])? else {
            return Ok((holes, None));
        };
        let Some(must) = replies_a_pass_leaves(pos, self.pns.attacker, &proof) else {
            return Ok((holes, None));
        };
        let geo = pos.geometry();
        let mut listed = vec![false; geo.slots()];
        for h in must {
            listed[geo.index(h)] = true;
        }
        let kept: Vec<HoleIndex> = holes.iter().copied().filter(|h| listed[h.get()]).collect();
        if kept.len() >= holes.len() {
            return Ok((holes, None));
        }
        Ok((kept, Some(Rest::Passed(Box::new(proof)))))
    }

    /// A position with the attacker to move, winning within `moves`: a
    /// virtual connection, or the exact search's winning move. `ghosts`:
    /// the line's far defences before the defender's last reply, and with
    /// it.
    fn attacker_turn(
        &mut self,
        pos: &Position,
        key: Key,
        moves: u32,
        ghosts: [&Ghosts; 2],
    ) -> Result<Option<ProofNode>, Stop> {
        if pos.status() != Status::Ongoing || free_holes(pos, pos.to_move()).next().is_none() {
            return Ok(None);
        }
        if let Some(t) = self.pns.template(pos, true) {
            return Ok(Some(ProofNode::Template(t)));
        }
        let none = Ghosts::default();
        // A win the table holds (the search that found the key move
        // proved most of the tree's turns) is played as it is.
        if let Some((n, hole, _)) = self.solver.search().table.proof_within(key, moves) {
            return self.attacker_move(pos, key, hole, n, &none);
        }
        // The table's win of the position without the line's far
        // defences (the last reply kept, then taken out too), while they
        // stay outside its zone.
        for g in ghosts {
            let far = Key(key.0 ^ g.key.0, key.1 ^ g.key.1);
            if !g.holes.is_empty()
                && let Some((n, hole, zone)) = self.solver.search().table.proof_within(far, moves)
                && g.holes.iter().all(|&h| !zone.contains(h))
                && free_holes(pos, pos.to_move()).any(|h| h == hole)
                && let Some(p) = self.attacker_move(pos, key, hole, n, g)?
            {
                return Ok(Some(p));
            }
        }
        let Solved::Wins { key: k, moves: n } =
            deepen(self.solver, pos, self.pns.attacker, moves, 1)?
        else {
            return Ok(None);
        };
        let hole = HoleIndex::new(pos.geometry().index(k));
        self.attacker_move(pos, key, hole, n, &none)
    }
}
