//! `twixt random`: random legal games, for testing other tools.

use std::path::{Path, PathBuf};

use twixtkit::board::BoardSize;
use twixtkit::output::Destination;
use twixtkit::random::{BatchFormat, fresh_seed, write_games_into};
use twixtkit::rules::RuleSet;
use twixtkit::twrs::random as twrs;

use super::failure::Failure;
use super::terminal::Stdout;

/// Which game `random` plays.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum GameKind {
    Twixt,
    Twrs,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: TwixT, or TWRS (written as a TWRS script).
    #[arg(long, value_enum, default_value = "twixt")]
    game: GameKind,
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
    /// Rule set preset (default pencil; for TWRS, twrs or twrs-advanced).
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
    let out = a.output.as_deref().filter(|p| *p != Path::new("-"));
    let seed = a.seed.unwrap_or_else(fresh_seed);
    let mut stdout = Stdout::default();
    let mut sink = stdout.sink();
    let destination = match out {
        Some(path) => Destination::File(path),
        None => Destination::Sink(&mut sink),
    };
    let what = match a.game {
        GameKind::Twixt => {
            let name = a.rules.as_deref().unwrap_or("pencil");
            let rules = RuleSet::preset_on(name, a.size.unwrap_or_default())?;
            let format = BatchFormat::for_output(out)?;
            write_games_into(&rules, seed, a.games, a.max_plies, format, destination)
                .map(|()| "random game")
                .map_err(Failure::from)
        }
        GameKind::Twrs => {
            let name = a.rules.as_deref().unwrap_or("twrs");
            let rules = twixtkit::twrs::TwrsRules::preset_on(name, a.size)?;
            twrs::write_games_into(&rules, name, seed, a.games, a.max_plies, destination)
                .map(|()| "random TWRS game")
                .map_err(Failure::from)
        }
    };
    drop(sink);
    // A closed pipe is reported as such, not as the writer's error.
    if let Some(f) = stdout.failed {
        return Err(f);
    }
    let what = what?;
    let games = twixtkit::diagnostic::count(a.games as usize, what);
    match out {
        None => eprintln!("{games}, seed {seed}"),
        Some(path) => eprintln!("wrote {games} to {}, seed {seed}", path.display()),
    }
    Ok(())
}
