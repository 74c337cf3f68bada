//! TwixT as the commands ask a game ([`GameSupport`]): the default game, whose
//! scripts are read a window at a time and whose games the record formats
//! hold; its files open as [`GameFile`](crate::open::GameFile)s (`opened`),
//! and its batches of random games are written by `random`.

mod opened;
pub mod random;

use std::path::{Path, PathBuf};

use crate::commands::games::twixt::random::{BatchFormat, write_games_to};
use crate::commands::games::{GameSupport, OpenedFile};
use crate::commands::random_games::{Batch, Error};
use crate::diagnostic::Diagnostic;
use crate::open::{OpenOptions, Request};
use crate::output::Destination;
use twixt_core::rules::RuleSet;

/// TwixT, the game a script is of when its header names none.
#[derive(Debug, Clone, Copy)]
pub struct Twixt;

impl GameSupport for Twixt {
    fn name(&self) -> &'static str {
        "twixt"
    }

    fn title(&self) -> &'static str {
        "TwixT"
    }

    fn streams(&self) -> bool {
        true
    }

    fn in_records(&self) -> bool {
        true
    }

    fn open(&self, request: &Request) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
        Ok(Box::new(request.open()?))
    }

    fn open_with(
        &self,
        path: &Path,
        options: &OpenOptions,
    ) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
        Ok(Box::new(crate::open::open_with(path, options)?))
    }

    fn read_text(
        &self,
        name: &str,
        text: String,
    ) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
        let path = Path::new(name);
        let file = crate::script::script_from_bytes(path, text.as_bytes());
        Ok(Box::new(crate::open::script_file(path, file)?))
    }

    fn canonical(&self, name: &str, text: &str) -> Result<(String, usize), Vec<Diagnostic>> {
        let parsed = crate::script::parse(text);
        if !parsed.errors.is_empty() {
            return Err(parsed
                .errors
                .iter()
                .map(|e| e.to_diagnostic(name, text))
                .collect());
        }
        let games = parsed.file.games.len();
        Ok((crate::script::write_file(&parsed.file), games))
    }

    fn rule_files(&self, text: &str) -> Vec<PathBuf> {
        let parsed = crate::script::parse(text);
        parsed
            .file
            .games
            .iter()
            .filter_map(|g| g.rules_file())
            .collect()
    }

    fn write_random(&self, batch: &Batch, destination: Destination<'_>) -> Result<(), Error> {
        let name = batch.rules.as_deref().unwrap_or("pencil");
        // A preset, or a YAML rule file as every other command takes
        // (on its own board unless --size says another).
        let mut rules = crate::open::rules_named(name).map_err(Error::game)?;
        if let Some(size) = batch.size {
            rules = rules.with_size(size);
        }
        rules.validate().map_err(Error::game)?;
        let file = match &destination {
            Destination::File(path) => Some(*path),
            Destination::Sink(_) => None,
        };
        let format = BatchFormat::for_output(file).map_err(Error::game)?;
        let (seed, games, max) = (batch.seed, batch.games, batch.max_plies);
        destination
            .write_with(&mut |out| write_games_to(&rules, seed, games, max, format, out))
            .map_err(Error::game)
    }

    fn random_noun(&self) -> &'static str {
        "random game"
    }

    fn presets(&self) -> String {
        let mut text = format!(
            "{:9} {:9} {:19} {:15} {:7} source\n",
            "preset", "crossing", "links", "removal", "swap"
        );
        for p in RuleSet::presets() {
            let r = &p.rules;
            text.push_str(&format!(
                "{:9} {:9} {:19} {:15} {:7} {}\n",
                p.name,
                r.crossing.word(),
                r.links.word(),
                r.removal.word(),
                r.swap.word(),
                p.source
            ));
        }
        text
    }

    fn preset_yaml(&self, name: &str) -> Option<String> {
        RuleSet::presets()
            .into_iter()
            .find(|p| p.name.eq_ignore_ascii_case(name))
            .map(|p| p.rules.to_yaml(&format!("{}: {}", p.name, p.source)))
    }
}
