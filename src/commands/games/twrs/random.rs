//! TWRS's batches of random games as the toolkit writes them: many games
//! as one script.

use twrs_core::position::SetupError;
use twrs_core::random::random_game;
use twrs_core::rules::TwrsRules;

/// Why a batch of random TWRS games could not be written.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The rules give no legal start.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The output file's name is not a script's.
    #[error("TWRS games are written as a script: name a .twixt file, not `{}`", .0.display())]
    NotScript(std::path::PathBuf),
    /// The games would not fit in a file twixtkit reads back.
    #[error(
        "{games} games would make a file larger than {}, which twixt cannot read back; ask for fewer",
        crate::limits::describe_bytes(crate::limits::MAX_INPUT_BYTES)
    )]
    TooLarge {
        /// Games asked for.
        games: u32,
    },
    /// The output file could not be written.
    #[error(transparent)]
    Output(#[from] crate::output::OutputError),
    /// The sink the games were handed to failed.
    #[error("cannot write the games: {0}")]
    Write(#[from] std::io::Error),
}

impl twixt_core::diagnostic::Explained for BatchError {}

/// `games` random games under `rules` (named `name` in each game's `Rules`
/// tag) as one TWRS script written into `out` a game at a time: game `i`
/// (from 0) is played from seed `seed + i`, at most `max_plies` moves long
/// (default 2000). The text stops at the size twixtkit reads back.
pub fn write_games_to(
    rules: &TwrsRules,
    name: &str,
    seed: u64,
    games: u32,
    max_plies: Option<u32>,
    out: &mut dyn std::io::Write,
) -> Result<(), BatchError> {
    let max = max_plies.unwrap_or(2_000);
    let mut written = 0;
    for i in 0..games {
        let game_seed = seed.wrapping_add(u64::from(i));
        let (moves, end) = random_game(rules, game_seed, max)?;
        let mut tags = vec![("Rules".to_string(), name.to_string())];
        if (rules.width, rules.height) != (11, 11) {
            tags.push((
                "Size".to_string(),
                format!("{}x{}", rules.width, rules.height),
            ));
        }
        tags.push(("Seed".to_string(), game_seed.to_string()));
        let text = crate::twrs::script::write_game(&tags, &moves, &end);
        // Games are one blank line apart.
        let gap: &[u8] = if i > 0 { b"\n" } else { b"" };
        written += gap.len() + text.len();
        if written > crate::limits::MAX_INPUT_BYTES as usize {
            return Err(BatchError::TooLarge { games });
        }
        out.write_all(gap)?;
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod batch_tests {
    #[test]
    fn a_batch_is_one_twrs_script_that_reads_back() {
        let rules = twrs_core::rules::TwrsRules::preset("twrs").unwrap();
        let mut text = Vec::new();
        super::write_games_to(&rules, "twrs", 1, 2, Some(40), &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(crate::twrs::script::is_twrs(&text));
        let (games, errors) = crate::twrs::script::parse(&text);
        assert!(errors.is_empty());
        assert_eq!(games.len(), 2);
    }
}
