//! `twixt random`: random legal games, for testing other tools.

use std::path::{Path, PathBuf};

use twixtkit::board::BoardSize;
use twixtkit::output::write_atomic;
use twixtkit::random::{BatchFormat, fresh_seed, write_games};
use twixtkit::rules::RuleSet;

use super::failure::Failure;

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
    let args = &a;
    let usage = |e: &dyn std::fmt::Display| Failure::usage(e.to_string());
    if args.game == GameKind::Twrs {
        return random_twrs(args);
    }
    let name = args.rules.as_deref().unwrap_or("pencil");
    let rules = RuleSet::preset_on(name, args.size.unwrap_or_default()).map_err(|e| usage(&e))?;
    let format = BatchFormat::for_output(args.output.as_deref()).map_err(|e| usage(&e))?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let text =
        write_games(&rules, seed, args.games, args.max_plies, format).map_err(|e| usage(&e))?;
    emit(args, &text, "random game", seed)
}

/// Writes the games to standard output or the output file, and says how
/// many and which seed repeats them.
fn emit(args: &Args, text: &str, what: &str, seed: u64) -> Result<(), Failure> {
    let games = twixtkit::diagnostic::count(args.games as usize, what);
    match args.output.as_deref().filter(|p| *p != Path::new("-")) {
        None => {
            super::stdout::print(text.as_bytes())?;
            eprintln!("{games}, seed {seed}");
        }
        Some(path) => {
            write_atomic(path, text.as_bytes()).map_err(|e| Failure::usage(e.to_string()))?;
            eprintln!("wrote {games} to {}, seed {seed}", path.display());
        }
    }
    Ok(())
}

/// Random TWRS games, written as one TWRS script (standard output or a
/// `.twixt` file).
fn random_twrs(args: &Args) -> Result<(), Failure> {
    let name = args.rules.as_deref().unwrap_or("twrs");
    let rules = twixtkit::twrs::TwrsRules::preset_on(name, args.size)
        .map_err(|e| Failure::usage(e.to_string()))?;
    if let Some(p) = args.output.as_deref().filter(|p| *p != Path::new("-"))
        && !twixtkit::open::is_script(p)
    {
        return Err(Failure::usage(format!(
            "TWRS games are written as a script: name a .twixt file, not `{}`",
            p.display()
        )));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let text = twixtkit::twrs::random::write_games(&rules, name, seed, args.games, args.max_plies)
        .map_err(|e| Failure::usage(e.to_string()))?;
    emit(args, &text, "random TWRS game", seed)
}
