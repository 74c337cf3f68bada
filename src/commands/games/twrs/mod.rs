//! TWRS as the commands ask a game ([`GameSupport`]): a script whose first header
//! says `[Game "twrs"]`, read whole (no record format holds TWRS games),
//! opened as a [`TwrsFile`] (`opened`); its batches of random games are
//! written by `random`.

mod opened;
pub mod random;

use std::path::{Path, PathBuf};

use crate::commands::games::twrs::random::{BatchError, write_games_to};
use crate::commands::games::{GameSupport, OpenedFile};
use crate::commands::random_games::{Batch, Error};
use crate::diagnostic::Diagnostic;
use crate::open::{OpenOptions, Request};
use crate::output::Destination;
use crate::twrs::file::TwrsFile;
use twrs_core::rules::TwrsRules;

/// TWRS, the territory game of Martyn F (docs/twrs.md).
#[derive(Debug, Clone, Copy)]
pub struct Twrs;

impl GameSupport for Twrs {
    fn name(&self) -> &'static str {
        "twrs"
    }

    fn title(&self) -> &'static str {
        "TWRS"
    }

    fn streams(&self) -> bool {
        false
    }

    fn in_records(&self) -> bool {
        false
    }

    /// The script the request names; `--game N` keeps its game N, as
    /// for a TwixT file ([`TwrsFile::pick`]).
    fn open(&self, request: &Request) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
        Ok(Box::new(
            TwrsFile::load(&request.input)?.pick(request.game)?,
        ))
    }

    /// The script at `path`; `options` (the defaults of TwixT records) do
    /// not apply.
    fn open_with(
        &self,
        path: &Path,
        _options: &OpenOptions,
    ) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
        Ok(Box::new(TwrsFile::load(path)?))
    }

    fn read_text(
        &self,
        name: &str,
        text: String,
    ) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
        Ok(Box::new(TwrsFile::from_text(name, text, Path::new("."))))
    }

    fn canonical(&self, name: &str, text: &str) -> Result<(String, usize), Vec<Diagnostic>> {
        let (games, errors) = crate::twrs::script::parse(text);
        if !errors.is_empty() {
            return Err(errors.into_iter().map(|e| e.with_file(name)).collect());
        }
        Ok((crate::twrs::script::write_file(&games), games.len()))
    }

    fn rule_files(&self, text: &str) -> Vec<PathBuf> {
        let (games, _) = crate::twrs::script::parse(text);
        (games.iter())
            .filter_map(|g| g.rules_file().map(|t| PathBuf::from(&t.value)))
            .collect()
    }

    /// The games as one script: a `.twixt` file written through a
    /// temporary one (a failure leaves nothing), or a sink.
    fn write_random(&self, batch: &Batch, destination: Destination<'_>) -> Result<(), Error> {
        let name = batch.rules.as_deref().unwrap_or("twrs");
        let rules = TwrsRules::preset_on(name, batch.size).map_err(Error::game)?;
        if let Destination::File(path) = destination
            && !crate::open::is_script(path)
        {
            return Err(Error::game(BatchError::NotScript(path.to_path_buf())));
        }
        let (seed, games, max) = (batch.seed, batch.games, batch.max_plies);
        destination
            .write_with(&mut |out| write_games_to(&rules, name, seed, games, max, out))
            .map_err(Error::game)
    }

    fn random_noun(&self) -> &'static str {
        "random TWRS game"
    }

    fn presets(&self) -> String {
        "TWRS:\n\
         twrs          11x11 lines, 40 stones, the start setup  (Dutch rulebook, basic game)\n\
         twrs-advanced placement start, marking lines, petrified towers protected  (Dutch rulebook, \"Gevorderden\")\n"
            .to_string()
    }

    fn preset_yaml(&self, name: &str) -> Option<String> {
        TwrsRules::preset(name).map(|rules| {
            format!(
                "# {}: TWRS, the Dutch rulebook (docs/twrs.md); edit, save as NAME.yaml beside a script and name it in its Rules tag\n{}",
                name.to_ascii_lowercase(),
                rules.to_yaml()
            )
        })
    }
}
