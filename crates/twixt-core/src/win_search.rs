//! "Red wins in N" as a yes or no: the first interface to the solver in
//! [`crate::solver`], kept for callers that need only the verdict
//! under a limit of positions.

use crate::board::Player;
use crate::position::Position;
use crate::solver::{self, SearchBudget, SearchLimit, Solved, Undecided};

/// Positions one claim may visit by default ([`solver::budget::CLAIM_POSITIONS`]).
pub const NODE_LIMIT: u64 = solver::budget::CLAIM_POSITIONS;

/// The search's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinSearch {
    /// The player wins within the moves against every defence.
    Proved,
    /// Some defence holds the player off for that many moves.
    Refuted,
}

/// Decides whether `player`, to move in `pos`, wins within `moves` of their
/// own moves against every defence, visiting at most `limit` positions.
/// When it cannot answer, [`Undecided`] says why, as the solver does.
pub fn wins_within(
    pos: &Position,
    player: Player,
    moves: u32,
    limit: u64,
) -> Result<WinSearch, Undecided> {
    let budget = SearchBudget::claim_only(SearchLimit::positions(limit));
    let solved = solver::solve(pos, player, moves, &budget)?;
    Ok(match solved.answer {
        Solved::Wins { .. } => WinSearch::Proved,
        Solved::NoWin { .. } => WinSearch::Refuted,
    })
}
