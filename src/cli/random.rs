//! `twixt random`: random legal games, for testing other tools.

use std::path::PathBuf;

use twixt_core::board::BoardSize;
use twixt_core::random::fresh_seed;
use twixtkit::commands::games::GAMES;
use twixtkit::commands::random_games::Batch;

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// The game: twixt, or twrs (written as a TWRS script).
    #[arg(long, default_value = "twixt", value_parser = game_names())]
    game: String,
    /// How many games (at most 100000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=twixtkit::limits::MAX_GAMES_PER_FILE as i64))]
    games: u32,
    /// Seed; the same seed gives the same games (default: a fresh one,
    /// printed so that the run can be repeated).
    #[arg(long)]
    seed: Option<u64>,
    /// Board size, e.g. 24 or 30x20 (default 24; for TWRS, lines: 11).
    #[arg(long)]
    size: Option<BoardSize>,
    /// Rule set preset: pencil (the default), board, schmidt, dujardin, t1,
    /// editable; for TWRS, twrs (the default) or twrs-advanced.
    #[arg(long)]
    rules: Option<String>,
    /// Longest game in plies (default: the number of holes).
    #[arg(long)]
    max_plies: Option<u32>,
    /// Where to write the games: a `.twixt` script, or move lists for a
    /// `.txt`/`.moves` name; standard output (a script) when left out or `-`.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let batch = Batch {
        rules: a.rules,
        size: a.size,
        seed: a.seed.unwrap_or_else(fresh_seed),
        games: a.games,
        max_plies: a.max_plies,
        ..Batch::named(&a.game)?
    };
    let out = a.output.as_deref().and_then(report::file);
    let written = report::write_to(out, |to| batch.write_into(to))?;
    report::note(written);
    Ok(())
}

/// The games' names, as `--game` takes them, each with its title as help.
fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        GAMES
            .iter()
            .map(|g| clap::builder::PossibleValue::new(g.name()).help(g.title())),
    )
}
