//! The proof tree of a short win, built from the exact search of "wins in
//! N": where [`super::secures`] answers through its short-win look, the
//! exact search knows a winning move at each of the attacker's turns, so
//! the tree follows it (each answer a search of the moves left, sharing
//! one memory) instead of asking the proof numbers to find the win again.
//! The defender's turns list every reply outside the attacker's virtual
//! connection, as the proof numbers' trees do, and a virtual connection
//! ends a line as soon as there is one, so the tree is what
//! [`super::check_proof`] replays.

use crate::board::{Hole, Player};
use crate::position::{Position, Status};

use super::hole::{HoleIndex, free_holes};
use super::limit::{Meter, SearchLimit};
use super::memory::Memory;
use super::pns::Pns;
use super::proof::ProofNode;
use super::search::Stop;
use super::table::Key;
use super::{Solved, solve};

/// Builds the tree: the positions the proof numbers' helpers played and
/// the exact searches' positions count against one meter's limit.
struct Builder<'p, 'm> {
    pns: Pns<'m>,
    limit: &'p SearchLimit,
    memory: Memory,
    /// Positions the exact searches visited.
    exact: u64,
}

/// The proof that `player` (to move in `pos`) wins by `key` within
/// `moves` moves, or `None` when the limit stops it first; the positions
/// it visited either way.
pub(super) fn short_win_proof(
    pos: &Position,
    player: Player,
    key: Hole,
    moves: u32,
    limit: &SearchLimit,
) -> (Option<ProofNode>, u64) {
    let mut meter: Meter = limit.meter();
    let mut b = Builder {
        pns: Pns::new(pos, player, &mut meter, limit.table_bytes().min(16 << 20)),
        limit,
        memory: Memory::new(pos, player),
        exact: 0,
    };
    let root = b.pns.keys.of(pos);
    let k = HoleIndex::new(pos.geometry().index(key));
    let proof = b.attacker_move(pos, root, k, moves).ok().flatten();
    let exact = b.exact;
    drop(b);
    (proof, meter.used() + exact)
}

impl Builder<'_, '_> {
    /// Positions left to the exact searches.
    fn left(&self) -> u64 {
        self.limit
            .max_positions()
            .saturating_sub(self.pns.meter.used() + self.exact)
    }

    /// The attacker plays `hole` from `pos` and wins within `moves` (that
    /// move included).
    fn attacker_move(
        &mut self,
        pos: &Position,
        key: Key,
        hole: HoleIndex,
        moves: u32,
    ) -> Result<Option<ProofNode>, Stop> {
        let (next, k) = self.pns.play(pos, key, hole)?;
        let Some(p) = self.defender_turn(&next, k, moves - 1)? else {
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
        let rest = self.pns.template(pos, true);
        let geo = pos.geometry();
        let mut replies = Vec::new();
        for h in self.pns.moves(pos) {
            let (next, k) = self.pns.play(pos, key, h)?;
            let Some(p) = self.attacker_turn(&next, k, moves)? else {
                return Ok(None);
            };
            replies.push((geo.hole(h.get()), p));
        }
        Ok(Some(ProofNode::Replies { replies, rest }))
    }

    /// A position with the attacker to move, winning within `moves`: a
    /// virtual connection, or the exact search's winning move.
    fn attacker_turn(
        &mut self,
        pos: &Position,
        key: Key,
        moves: u32,
    ) -> Result<Option<ProofNode>, Stop> {
        if pos.status() != Status::Ongoing || free_holes(pos, pos.to_move()).next().is_none() {
            return Ok(None);
        }
        if let Some(t) = self.pns.template(pos, true) {
            return Ok(Some(ProofNode::Template(t)));
        }
        let left = self.left();
        if left == 0 {
            return Err(Stop::Limit(super::LimitKind::Positions(
                self.limit.max_positions(),
            )));
        }
        let exact = self
            .limit
            .part(left, self.limit.time())
            .with_memory(self.memory.clone());
        let found = match solve(pos, self.pns.attacker, moves, &exact) {
            Ok(s) => s,
            Err(_) => return Ok(None),
        };
        self.exact += found.positions;
        let Solved::Wins { key: k, moves: n } = found.answer else {
            return Ok(None);
        };
        let hole = HoleIndex::new(pos.geometry().index(k));
        self.attacker_move(pos, key, hole, n)
    }
}
