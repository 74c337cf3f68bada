//! What the solver learnt about one player's wins in one game, kept for
//! the next question about the same game: a puzzle's claim, its cooks and
//! each move of its printed solution ask about positions that overlap
//! (the key move's proof holds the answers for the moves after it).
//!
//! The transposition table is all that is kept. Everything in it is a fact
//! about a position with the attacker to move (won within so many moves,
//! or not), true whichever search noted it, so a later search that finds
//! it only searches less. Move order (the history of replies that held)
//! is not kept: it starts afresh with each question, as without a memory.

use std::fmt;
use std::sync::{Arc, Mutex};

use super::table::{SharedTable, Table};
use crate::board::Player;
use crate::position::Position;
use crate::rules::RuleSet;

/// What searches for `player`'s wins under one rule set learnt, lent to
/// each search made with a [`super::SearchLimit`] that carries it
/// ([`super::SearchLimit::with_memory`]). Clones share one memory; two
/// memories are equal when they are the same one.
#[derive(Clone)]
pub struct Memory {
    kept: Arc<Kept>,
}

struct Kept {
    player: Player,
    rules: RuleSet,
    tables: Mutex<Tables>,
}

/// The tables kept: one for searches on one thread, one for searches
/// whose threads share it (each found again by a search of its kind).
#[derive(Default)]
pub(crate) struct Tables {
    pub(crate) own: Option<Box<Table>>,
    pub(crate) shared: Option<SharedTable>,
}

impl Memory {
    /// An empty memory for searches of `player`'s wins in the game of
    /// `pos` (its rule set and board).
    pub fn new(pos: &Position, player: Player) -> Memory {
        Memory {
            kept: Arc::new(Kept {
                player,
                rules: pos.rules().clone(),
                tables: Mutex::new(Tables::default()),
            }),
        }
    }

    /// The player whose wins it remembers.
    pub fn player(&self) -> Player {
        self.kept.player
    }

    /// Its tables, taken out for one search of `player`'s wins from `pos`;
    /// `None` when the memory is of another player or rule set (then the
    /// search starts from nothing). Given back with [`Memory::keep`].
    pub(crate) fn lend(&self, pos: &Position, player: Player) -> Option<Tables> {
        if player != self.kept.player || pos.rules() != &self.kept.rules {
            return None;
        }
        // A search that panicked holding the lock left the tables whole
        // or taken; either way what is there is true.
        let mut tables = self.kept.tables.lock().unwrap_or_else(|e| e.into_inner());
        Some(std::mem::take(&mut *tables))
    }

    /// Keeps the tables of a search for the next one.
    pub(crate) fn keep(&self, t: Tables) {
        let mut tables = self.kept.tables.lock().unwrap_or_else(|e| e.into_inner());
        tables.own = t.own.or(tables.own.take());
        tables.shared = t.shared.or(tables.shared.take());
    }
}

impl PartialEq for Memory {
    fn eq(&self, other: &Memory) -> bool {
        Arc::ptr_eq(&self.kept, &other.kept)
    }
}

impl Eq for Memory {}

impl fmt::Debug for Memory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Memory")
            .field("player", &self.kept.player)
            .finish_non_exhaustive()
    }
}
