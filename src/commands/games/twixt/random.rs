//! TwixT's batches of random games as the toolkit writes them: a game's
//! record with its result, and many games as one script or as move lists.

use twixt_core::position::{Position, Status};
use twixt_core::random::{DeadDrawWatch, random_game};
use twixt_core::rules::RuleSet;

/// The record of one random game ([`random_game`]), tagged with its seed,
/// with the result the engine finds. The game ends at its first dead draw,
/// where `check` finds it drawn (or, where pieces can be lifted, notes it):
/// no move of a record is played after one, and such a record has no result.
pub fn random_record(rules: &RuleSet, seed: u64, max_plies: u32) -> crate::record::Record {
    use crate::record::{GameResult, Record};
    let mut moves = random_game(rules, seed, max_plies);
    let mut record = Record::new(rules.clone());
    record.tags.push(("Seed".into(), seed.to_string()));
    if let Ok(mut pos) = Position::new(rules.clone()) {
        let mut watch = DeadDrawWatch::new(&pos);
        let mut played = 0;
        let mut dead = None;
        for mv in &moves {
            if pos.play(mv).is_err() {
                break;
            }
            played += 1;
            dead = watch.dead_from(&pos, &moves[..played], false);
            if dead.is_some() {
                break;
            }
        }
        if dead.is_none() {
            dead = watch.dead_from(&pos, &moves[..played], true);
        }
        record.result = match (dead, pos.status()) {
            (Some(first), _) => {
                moves.truncate(first);
                None
            }
            (None, Status::Won { winner, .. }) => Some(GameResult::Win(winner)),
            (None, Status::Drawn { .. }) => Some(GameResult::Draw),
            (None, Status::Ongoing) => None,
        };
    }
    record.moves = moves;
    record
}

/// How a batch of random games is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchFormat {
    /// One game script (`.twixt`).
    Script,
    /// Move lists (`.txt`, `.moves`) under a comment naming rules and seed.
    MoveList,
}

impl BatchFormat {
    /// The format for an output file: a script for standard output (`None`
    /// or `-`) and `.twixt` names, move lists for `.txt` and `.moves`; any
    /// other name is a mistake, not a script.
    pub fn for_output(path: Option<&std::path::Path>) -> Result<BatchFormat, BatchError> {
        use crate::formats::RecordFormat;
        match path {
            None => Ok(BatchFormat::Script),
            Some(p) if p.as_os_str() == "-" || crate::open::is_script(p) => Ok(BatchFormat::Script),
            Some(p) => match RecordFormat::from_path(p) {
                Some(RecordFormat::MoveList) => Ok(BatchFormat::MoveList),
                _ => Err(BatchError::UnknownOutput(p.to_path_buf())),
            },
        }
    }
}

/// Why a batch of random games could not be written.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The output file's name says neither script nor move list.
    #[error("cannot tell what to write to `{}`: name a .twixt script or a .txt or .moves move list", .0.display())]
    UnknownOutput(std::path::PathBuf),
    /// A game cannot be written as a move list.
    #[error("{0} (write a .twixt script instead)")]
    MoveList(#[from] crate::formats::Error),
    /// The output file could not be written.
    #[error(transparent)]
    Output(#[from] crate::output::OutputError),
    /// The sink the games were handed to failed.
    #[error("cannot write the games: {0}")]
    Write(#[from] std::io::Error),
}

impl crate::diagnostic::Explained for BatchError {}

/// `games` random games under `rules` as the text of one file: game `i`
/// (from 0) is played from seed `seed + i`, at most `max_plies` moves long
/// (default: the number of holes). The text is held whole; for batches of
/// any size, [`write_games_to`] writes a game at a time.
pub fn write_games(
    rules: &RuleSet,
    seed: u64,
    games: u32,
    max_plies: Option<u32>,
    format: BatchFormat,
) -> Result<String, BatchError> {
    let mut text = Vec::new();
    write_games_to(rules, seed, games, max_plies, format, &mut text)?;
    Ok(String::from_utf8(text).expect("scripts and move lists are UTF-8"))
}

/// The games of [`write_games`] written into `out` a game at a time, so
/// that memory holds one game, whatever the count.
pub fn write_games_to(
    rules: &RuleSet,
    seed: u64,
    games: u32,
    max_plies: Option<u32>,
    format: BatchFormat,
    out: &mut dyn std::io::Write,
) -> Result<(), BatchError> {
    let max = max_plies.unwrap_or(u32::try_from(rules.size.hole_count()).unwrap_or(u32::MAX));
    if format == BatchFormat::MoveList {
        let s = if games == 1 { "" } else { "s" };
        writeln!(out, "# {games} random game{s} under {rules}, seed {seed}")?;
    }
    for i in 0..games {
        let record = random_record(rules, seed.wrapping_add(u64::from(i)), max);
        if i > 0 {
            out.write_all(b"\n")?;
        }
        let text = match format {
            BatchFormat::MoveList => crate::formats::movelist::write(&record)?,
            BatchFormat::Script => {
                crate::script::write_game(&crate::script::Game::from_record(&record))
            }
        };
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod batch_tests {
    use super::*;
    use crate::output::Destination;
    use std::path::Path;

    #[test]
    fn a_batch_is_a_script_unless_named_as_move_lists() {
        let of = |p: Option<&str>| BatchFormat::for_output(p.map(Path::new));
        assert_eq!(of(None).unwrap(), BatchFormat::Script);
        assert_eq!(of(Some("-")).unwrap(), BatchFormat::Script);
        assert_eq!(of(Some("g.twixt")).unwrap(), BatchFormat::Script);
        assert_eq!(of(Some("g.moves")).unwrap(), BatchFormat::MoveList);
        assert!(matches!(
            of(Some("g.png")),
            Err(BatchError::UnknownOutput(_))
        ));
    }

    #[test]
    fn a_batch_reads_back_game_by_game_with_its_seeds() {
        let rules = RuleSet::pencil();
        let text = write_games(&rules, 7, 3, Some(20), BatchFormat::Script).unwrap();
        let parsed = crate::script::parse(&text);
        assert!(parsed.errors.is_empty());
        assert_eq!(parsed.file.games.len(), 3);
        assert_eq!(parsed.file.games[2].tag("Seed"), Some("9"));
        let again = write_games(&rules, 7, 3, Some(20), BatchFormat::Script).unwrap();
        assert_eq!(text, again);
    }

    /// Games go to the sink a piece at a time, the same bytes as the text
    /// held whole; a sink that fails stops the batch with its error.
    #[test]
    fn a_batch_streams_to_a_sink_and_stops_when_it_fails() {
        let rules = RuleSet::pencil();
        let text = write_games(&rules, 7, 40, None, BatchFormat::Script).unwrap();
        let (mut got, mut calls) = (Vec::new(), 0);
        let mut sink = |b: &[u8]| {
            calls += 1;
            got.extend_from_slice(b);
            Ok(())
        };
        // As `twixt random` writes them: 40 games under pencil, from seed 7.
        fn write(to: Destination<'_>) -> Result<(), crate::commands::random_games::Error> {
            use crate::commands::random_games::Batch;
            let batch = Batch {
                games: 40,
                seed: 7,
                ..Batch::new(&crate::commands::games::twixt::Twixt)
            };
            batch.write_into(to).map(drop)
        }
        write(Destination::Sink(&mut sink)).unwrap();
        assert!(calls > 1, "written in pieces");
        assert_eq!(got, text.as_bytes());
        let mut broken = |_: &[u8]| Err(std::io::Error::other("disk full"));
        let e = write(Destination::Sink(&mut broken)).unwrap_err();
        assert!(e.to_string().contains("disk full"), "{e}");
    }
}
