//! Batches of random legal games in any game, as `twixt random` makes
//! them: the game, its rules by preset name, the seed, and where to write.
//! Each game plays and writes its own ([`GameSupport::write_random`]; TwixT's in
//! [`twixt_core::random`]); this module checks the batch and sums it up.
//!
//! ```
//! use twixtkit::output::Destination;
//! use twixtkit::commands::games::default_game;
//! use twixtkit::commands::random_games::Batch;
//!
//! let mut text = Vec::new();
//! let batch = Batch { games: 2, seed: 7, ..Batch::new(default_game()) };
//! let written = batch.write_into(Destination::Sink(&mut |b| {
//!     text.extend_from_slice(b);
//!     Ok(())
//! }))?;
//! assert_eq!(written.to_string(), "2 random games, seed 7");
//! assert!(String::from_utf8(text).unwrap().starts_with("[Seed \"7\"]"));
//! # Ok::<(), twixtkit::commands::random_games::Error>(())
//! ```

use std::path::PathBuf;

use crate::diagnostic::Explained;
use crate::output::Destination;
use twixt_core::board::BoardSize;

use super::games::GameSupport;

/// A batch of random games: which game, under which rules, how many
/// (`twixt random`'s options).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Batch {
    /// The game: twixt, or twrs (written as a TWRS script).
    #[cfg_attr(feature = "cli", arg(long, default_value = "twixt", value_parser = game_parser()))]
    pub game: &'static dyn GameSupport,
    /// How many games (at most 100000).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 1,
        value_parser = clap::value_parser!(u32).range(1..=crate::limits::MAX_GAMES_PER_FILE as i64)))]
    pub games: u32,
    /// Seed; the same seed gives the same games (default: a fresh one,
    /// printed so that the run can be repeated).
    #[cfg_attr(feature = "cli", arg(long, default_value_t = twixt_core::random::fresh_seed(),
        hide_default_value = true))]
    pub seed: u64,
    /// Board size, e.g. 24 or 30x20 (default 24; for TWRS, lines: 11).
    #[cfg_attr(feature = "cli", arg(long))]
    pub size: Option<BoardSize>,
    /// Rule set preset: pencil (the default), board, schmidt, dujardin, t1,
    /// editable, or a YAML rule file (`twixt rules NAME` prints one to
    /// edit); for TWRS, twrs (the default) or twrs-advanced.
    #[cfg_attr(feature = "cli", arg(long))]
    pub rules: Option<String>,
    /// Longest game in plies (default: the number of holes).
    #[cfg_attr(feature = "cli", arg(long))]
    pub max_plies: Option<u32>,
}

/// The games' names, as `--game` takes them, each with its title as help.
#[cfg(feature = "cli")]
fn game_parser() -> impl clap::builder::TypedValueParser<Value = &'static dyn GameSupport> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser as _};
    let names = super::games::GAMES.iter();
    PossibleValuesParser::new(names.map(|g| PossibleValue::new(g.name()).help(g.title())))
        .map(|name| super::games::named(&name).unwrap_or(super::games::GAMES[0]))
}

/// Why a batch could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No games, or more than a file may hold.
    #[error(
        "cannot write {0} games: ask for 1 to {max}",
        max = crate::limits::MAX_GAMES_PER_FILE
    )]
    Count(u32),
    /// The game refused the batch: rules it does not know or that do not
    /// fit the board, a file it cannot write its games as, a failed write.
    #[error("{0}")]
    Game(Box<dyn Explained + Send + Sync>),
    /// No game has the name asked for.
    #[error("no game is named `{0}`")]
    UnknownGame(String),
}

impl Error {
    /// The game's own error, as a batch's.
    pub fn game(e: impl Explained + Send + Sync + 'static) -> Error {
        Error::Game(Box::new(e))
    }
}

impl Explained for Error {
    fn diagnostics(&self) -> &[crate::diagnostic::Diagnostic] {
        match self {
            Error::Count(_) | Error::UnknownGame(_) => &[],
            Error::Game(e) => e.diagnostics(),
        }
    }

    fn is_usage(&self) -> bool {
        match self {
            Error::Count(_) | Error::UnknownGame(_) => true,
            Error::Game(e) => e.is_usage(),
        }
    }
}

/// What a batch wrote; its `Display` is the summary: `wrote 3 random
/// games to games.twixt, seed 42`.
#[derive(Debug, Clone)]
pub struct Written {
    /// The game played.
    pub game: &'static dyn GameSupport,
    /// How many games.
    pub games: u32,
    /// The seed of the first game, to repeat the batch.
    pub seed: u64,
    /// The file written; `None` for a sink.
    pub file: Option<PathBuf>,
}

impl Batch {
    /// One game of `game` under its default rules, from seed 0.
    pub fn new(game: &'static dyn GameSupport) -> Batch {
        Batch {
            game,
            rules: None,
            size: None,
            seed: 0,
            games: 1,
            max_plies: None,
        }
    }

    /// One game of the game named `name` (any case, as
    /// [`named`](super::games::named) finds it) under its default rules,
    /// from seed 0.
    pub fn named(name: &str) -> Result<Batch, Error> {
        let game = super::games::named(name).ok_or_else(|| Error::UnknownGame(name.to_string()))?;
        Ok(Batch::new(game))
    }

    /// Plays the games and writes them to `destination` one at a time: a
    /// file (a `.twixt` script, or for TwixT `.txt`/`.moves` move lists)
    /// through a temporary one, or a sink (a script).
    pub fn write_into(&self, destination: Destination<'_>) -> Result<Written, Error> {
        let file = match destination {
            Destination::File(path) => Some(path.to_path_buf()),
            Destination::Sink(_) => None,
        };
        if !(1..=crate::limits::MAX_GAMES_PER_FILE).contains(&(self.games as usize)) {
            return Err(Error::Count(self.games));
        }
        self.game.write_random(self, destination)?;
        Ok(Written {
            game: self.game,
            games: self.games,
            seed: self.seed,
            file,
        })
    }
}

impl std::fmt::Display for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let games = crate::diagnostic::count(self.games as usize, self.game.random_noun());
        match &self.file {
            None => write!(f, "{games}, seed {}", self.seed),
            Some(path) => write!(f, "wrote {games} to {}, seed {}", path.display(), self.seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_twrs_batch_refuses_move_list_names_and_unknown_presets() {
        let dir = tempfile::tempdir().unwrap();
        let moves = dir.path().join("g.moves");
        let twrs = Batch::new(crate::commands::games::named("twrs").unwrap());
        let e = twrs.write_into(Destination::File(&moves)).unwrap_err();
        assert!(matches!(e, Error::Game(_)) && e.is_usage(), "{e}");
        assert!(e.to_string().contains("g.moves"), "{e}");
        assert!(!moves.exists());
        let pencil = Batch {
            rules: Some("pencil".into()),
            ..twrs
        };
        let e = pencil.write_into(Destination::File(&moves)).unwrap_err();
        assert!(e.to_string().contains("`pencil`"), "{e}");
    }

    #[test]
    fn a_batch_holds_one_to_as_many_games_as_a_file_may() {
        for games in [0, crate::limits::MAX_GAMES_PER_FILE as u32 + 1] {
            let batch = Batch {
                games,
                ..Batch::new(crate::commands::games::default_game())
            };
            let e = batch
                .write_into(Destination::Sink(&mut |_| Ok(())))
                .unwrap_err();
            assert!(matches!(e, Error::Count(n) if n == games), "{e}");
        }
    }

    #[test]
    fn the_summary_names_the_file_and_the_seed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.moves");
        let batch = Batch {
            games: 3,
            seed: 42,
            ..Batch::new(crate::commands::games::default_game())
        };
        let written = batch.write_into(Destination::File(&path)).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("# 3 random games under"), "{text}");
        assert_eq!(
            written.to_string(),
            format!("wrote 3 random games to {}, seed 42", path.display())
        );
    }
}
