//! `twixt random`: random legal games, for testing other tools.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::board::BoardSize;
use twixtkit::formats::{Format, movelist};
use twixtkit::output::write_atomic;
use twixtkit::position::{Position, Status};
use twixtkit::random::random_game;
use twixtkit::record::{GameResult, Record};
use twixtkit::rules::RuleSet;
use twixtkit::script::{Game, write_game};

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

/// The record of one random game, with the result the engine finds.
pub fn random_record(rules: &RuleSet, seed: u64, max_plies: u32) -> Record {
    let moves = random_game(rules, seed, max_plies);
    let mut record = Record::new(rules.clone());
    record.tags.push(("Seed".into(), seed.to_string()));
    if let Ok(mut pos) = Position::new(rules.clone()) {
        for mv in &moves {
            if pos.play(mv).is_err() {
                break;
            }
        }
        record.result = match pos.status() {
            Status::Won { winner, .. } => Some(GameResult::Win(winner)),
            Status::Drawn { .. } => Some(GameResult::Draw),
            Status::Ongoing => None,
        };
    }
    record.moves = moves;
    record
}

pub fn run(args: Args) -> ExitCode {
    match random(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}

/// A seed nobody chose: the standard library's per-process random keys.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

fn random(args: &Args) -> Result<(), Failure> {
    if args.game == GameKind::Twrs {
        return random_twrs(args);
    }
    let size = args.size.unwrap_or_default();
    let rules = RuleSet::preset(args.rules.as_deref().unwrap_or("pencil"))
        .map_err(|e| Failure::usage(e.to_string()))?
        .with_size(size);
    rules
        .validate()
        .map_err(|e| Failure::usage(e.to_string()))?;
    let to_stdout = args.output.as_deref().is_none_or(|p| p == Path::new("-"));
    // A move list when the output file asks for one, a script for `.twixt`
    // or standard output; any other name is a mistake, not a script.
    let as_moves = match args.output.as_deref() {
        _ if to_stdout => false,
        Some(p) if twixtkit::open::is_script(p) => false,
        Some(p) => match Format::from_path(p) {
            Some(Format::MoveList) => true,
            _ => {
                return Err(Failure::usage(format!(
                    "cannot tell what to write to `{}`: name a .twixt script or a .txt or .moves move list",
                    p.display()
                )));
            }
        },
        None => false,
    };
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let max = args
        .max_plies
        .unwrap_or(u32::try_from(size.hole_count()).unwrap_or(u32::MAX));
    let limit = twixtkit::limits::MAX_INPUT_BYTES as usize;
    let mut text = String::new();
    if as_moves {
        text = format!(
            "# {} random game{} under {rules}, seed {seed}\n",
            args.games,
            if args.games == 1 { "" } else { "s" },
        );
    }
    // Game by game, so memory holds the text, not every record too; and the
    // text stops at the size twixt reads back.
    for i in 0..args.games {
        let record = random_record(&rules, seed.wrapping_add(u64::from(i)), max);
        if i > 0 {
            text.push('\n');
        }
        if as_moves {
            let game = movelist::write(&record)
                .map_err(|e| Failure::usage(format!("{e} (write a .twixt script instead)")))?;
            text.push_str(&game);
        } else {
            text.push_str(&write_game(&Game::from_record(&record)));
        }
        if text.len() > limit {
            return Err(Failure::usage(format!(
                "{} games would make a file larger than {}, which twixt cannot read back; {i} games fit: ask for fewer, or split them over several runs with other seeds",
                args.games,
                twixtkit::limits::describe_bytes(twixtkit::limits::MAX_INPUT_BYTES)
            )));
        }
    }
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
    use twixtkit::twrs::TwrsRules;
    let name = args.rules.as_deref().unwrap_or("twrs");
    let mut rules = TwrsRules::preset(name).ok_or_else(|| {
        Failure::usage(format!(
            "there is no TWRS rule set `{name}` (presets: {})",
            twixtkit::twrs::rules::PRESET_NAMES.join(", ")
        ))
    })?;
    if let Some(size) = args.size {
        let side = |n: u16| u8::try_from(n).unwrap_or(u8::MAX);
        (rules.width, rules.height) = (side(size.width()), side(size.height()));
    }
    rules
        .validate()
        .map_err(|e| Failure::usage(e.to_string()))?;
    let to_stdout = args.output.as_deref().is_none_or(|p| p == Path::new("-"));
    if let Some(p) = args.output.as_deref().filter(|_| !to_stdout)
        && !twixtkit::open::is_script(p)
    {
        return Err(Failure::usage(format!(
            "TWRS games are written as a script: name a .twixt file, not `{}`",
            p.display()
        )));
    }
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let max = args.max_plies.unwrap_or(2_000);
    let limit = twixtkit::limits::MAX_INPUT_BYTES as usize;
    let mut text = String::new();
    for i in 0..args.games {
        let game_seed = seed.wrapping_add(u64::from(i));
        let (moves, end) = twixtkit::twrs::random::random_game(&rules, game_seed, max)
            .map_err(|e| Failure::usage(e.to_string()))?;
        let mut tags = vec![("Rules".to_string(), name.to_string())];
        if (rules.width, rules.height) != (11, 11) {
            tags.push((
                "Size".to_string(),
                format!("{}x{}", rules.width, rules.height),
            ));
        }
        tags.push(("Seed".to_string(), game_seed.to_string()));
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&twixtkit::twrs::script::write_game(&tags, &moves, &end));
        if text.len() > limit {
            return Err(Failure::usage(format!(
                "{} games would make a file larger than {}, which twixt cannot read back; ask for fewer",
                args.games,
                twixtkit::limits::describe_bytes(twixtkit::limits::MAX_INPUT_BYTES)
            )));
        }
    }
    emit(args, &text, "random TWRS game", seed)
}
