//! The "prove" button: the solver, with a time limit, on the position at
//! the current move, for the player to move; a `#wins` claim is written
//! only when it proves one.

use std::time::Duration;

use twixt_core::board::Player;
use twixt_core::position::Position;
use twixt_core::solver::{self, SearchLimit, Solved};

use super::model::Document;
use crate::win_claims::CLAIM_POSITIONS;

/// A search to run off the server's thread.
pub struct Job {
    position: Position,
    player: Player,
    moves: u32,
    time: Duration,
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move wins within the moves asked; the shortest win.
    Proved {
        /// The winner.
        player: Player,
        /// The fewest own moves of a win.
        moves: u32,
        /// The finding in words.
        text: String,
    },
    /// No win within the moves asked: the refutation in words.
    Refuted(String),
    /// The search could not decide (time, size of the window).
    Undecided(String),
}

/// The search for a win in `moves` at the document's current node, limited
/// to `seconds`.
pub fn job(doc: &Document, moves: u32, seconds: u64) -> Result<Job, String> {
    if !(1..=crate::script::MAX_WIN_MOVES).contains(&moves) {
        return Err(format!(
            "a win is proved in 1 to {} moves",
            crate::script::MAX_WIN_MOVES
        ));
    }
    let r = doc.replay_to(doc.cursor())?;
    if let Some(e) = r.error {
        return Err(e);
    }
    let position = r.history.position().clone();
    Ok(Job {
        player: position.to_move(),
        position,
        moves,
        time: Duration::from_secs(seconds.max(1)),
    })
}

impl Job {
    /// Runs the search.
    pub fn run(self) -> Outcome {
        let limit = SearchLimit::positions(CLAIM_POSITIONS * 10).with_time(self.time);
        let (p, n) = (self.player, self.moves);
        match solver::solve(&self.position, p, n, &limit) {
            Ok(s) => match s.answer {
                Solved::Wins { moves, key } => Outcome::Proved {
                    player: p,
                    moves,
                    text: format!(
                        "proved: {p} wins in {moves} (key move {key}); #wins {p} in {moves} written"
                    ),
                },
                Solved::NoWin { refutation } => Outcome::Refuted(match refutation {
                    Some((key, Some(reply))) => {
                        format!("refuted: no win for {p} in {n}: after {key}, {reply} holds")
                    }
                    Some((key, None)) => {
                        format!("refuted: after {key} the opponent has no move: a draw")
                    }
                    None => format!("refuted: {p} has no win in {n}"),
                }),
            },
            Err(e) => Outcome::Undecided(format!("undecided: {e}")),
        }
    }
}
