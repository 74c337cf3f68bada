//! `twixt view`: games as one interactive HTML page.

use std::path::PathBuf;

use twixtkit::commands::view::{links_left_out, write_page};
use twixtkit::diagram::Style;
use twixtkit::messages::Overrides;
use twixtkit::view::{PageError, PageSettings, ViewError};

use super::args::ReadArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// Game files (.twixt, .tsgf, .T1, .txt, .moves, .sgf, AbstractPlay .json) and folders of them.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The page to write (.html); `-` writes standard output.
    #[arg(short, long)]
    output: PathBuf,
    /// Board style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    #[command(flatten)]
    page: PageSettings,
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    search: super::args::SearchArgs,
    /// A small file of `key = text` lines that replace the catalogue's
    /// words (docs/book.md lists the keys), as `book --messages` takes it.
    #[arg(long, value_name = "FILE")]
    messages: Option<PathBuf>,
}

pub fn run(mut a: Args) -> Result<(), Failure> {
    a.write.apply();
    a.search.apply(false);
    if let Some(path) = &a.messages {
        a.page.messages = Overrides::load(path)?;
    }
    report::unknown_language(a.page.lang.as_deref(), Some(a.messages.is_some()));
    // The page leaves out links that lead out of a folder; say which.
    links_left_out(&a.inputs).iter().for_each(report::warning);
    let style = Style::load(&a.style)?;
    let options = a.read.options()?;
    let out = report::file(&a.output);
    let written = report::write_to(out, |to| {
        write_page(&a.inputs, &options, &style, &a.page, to).map_err(|e| match e {
            // Files that hold no game are wrong input, as `check` says.
            PageError::View(ViewError::Empty) => Failure::invalid(e.to_string()),
            e => Failure::from(e),
        })
    })?;
    report::diagnostics(&written.diagnostics());
    report::say_wrote(out, Some(&written.games_shown()));
    Ok(written.all_shown()?)
}
