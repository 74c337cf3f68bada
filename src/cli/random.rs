//! `twixt random`: random legal games, for testing other tools.

use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::board::BoardSize;
use twixtkit::formats::{Format, movelist};
use twixtkit::output::write_atomic;
use twixtkit::position::{Position, Status};
use twixtkit::random::random_game;
use twixtkit::record::{GameResult, Record};
use twixtkit::rules::RuleSet;
use twixtkit::script::{Game, ScriptFile, write_file};

#[derive(clap::Args)]
pub struct Args {
    /// How many games (at most 100000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=twixtkit::limits::MAX_GAMES_PER_FILE as i64))]
    games: u32,
    /// Seed; the same seed gives the same games.
    #[arg(long)]
    seed: u64,
    /// Board size, e.g. 24 or 30x20.
    #[arg(long, default_value = "24")]
    size: BoardSize,
    /// Rule set preset.
    #[arg(long, default_value = "pencil")]
    rules: String,
    /// Longest game in plies (default: the number of holes).
    #[arg(long)]
    max_plies: Option<u32>,
    /// Where to write the games: a `.txt`/`.moves` name gets move lists,
    /// any other a game script; standard output (a script) when left out.
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
    let rules = match RuleSet::preset(&args.rules) {
        Ok(r) => r.with_size(args.size),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = rules.validate() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let max = args
        .max_plies
        .unwrap_or(u32::try_from(args.size.hole_count()).unwrap_or(u32::MAX));
    let records: Vec<Record> = (0..args.games)
        .map(|i| random_record(&rules, args.seed.wrapping_add(u64::from(i)), max))
        .collect();
    // A move list when the output file asks for one, else a game script.
    let as_moves = args
        .output
        .as_deref()
        .and_then(Format::from_path)
        .is_some_and(|f| f == Format::MoveList);
    let text = if as_moves {
        let mut text = format!(
            "# {} random game{} under {rules}, seed {}\n",
            args.games,
            if args.games == 1 { "" } else { "s" },
            args.seed
        );
        match movelist::write_all(&records) {
            Ok(t) => text.push_str(&t),
            Err(e) => {
                eprintln!("error: {e} (write a .twixt script instead)");
                return ExitCode::from(2);
            }
        }
        text
    } else {
        write_file(&ScriptFile {
            games: records.iter().map(Game::from_record).collect(),
        })
    };
    match &args.output {
        Some(path) => {
            if let Err(e) = write_atomic(path, text.as_bytes()) {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
        None => {
            if let Err(f) = super::stdout::print(text.as_bytes()) {
                return f.report();
            }
        }
    }
    ExitCode::SUCCESS
}
