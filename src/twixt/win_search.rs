//! "Red wins in N" as a yes or no: the first interface to the solver in
//! [`crate::twixt::solver`], kept for callers that need only the verdict
//! under a limit of positions.

use crate::twixt::board::Player;
use crate::twixt::position::{Position, Status};
use crate::twixt::solver::{self, SearchBudget, SearchLimit, Solved, Undecided};

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
        "the search covers rule sets with automatic linking and nothing removed (pencil, dujardin, t1); these rules have {0}"
    )]
    Rules(&'static str),
    /// The opponent may still swap.
    #[error("the opponent may still swap (move 2), which the search does not cover")]
    SwapPending,
    /// The search reached its limit of positions without an answer.
    #[error("cannot decide: limit reached after {limit} positions")]
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
    let budget = SearchBudget::claim_only(SearchLimit::positions(limit));
    match solver::solve(pos, player, moves, &budget) {
        Ok(s) => Ok(match s.answer {
            Solved::Wins { .. } => WinSearch::Proved,
            Solved::NoWin { .. } => WinSearch::Refuted,
        }),
        Err(e) => Err(match e {
            Undecided::NotToMove { player, to_move } => {
                WinSearchError::NotToMove { player, to_move }
            }
            Undecided::GameOver(s) => WinSearchError::GameOver(s),
            Undecided::NoMoves => WinSearchError::NoMoves,
            Undecided::Rules(r) => WinSearchError::Rules(r),
            Undecided::SwapPending => WinSearchError::SwapPending,
            Undecided::Limit { .. } => WinSearchError::NodeLimit { limit },
        }),
    }
}
