//! `twixt view`: games as one interactive HTML page.

use std::path::PathBuf;

use twixtkit::commands::view::{links_left_out, write_page};
use twixtkit::diagram::Style;
use twixtkit::view::PageSettings;

use super::args::ReadArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// Game files (.twixt, .tsgf, .T1, .txt, .moves) and folders of them.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The page to write (.html); `-` writes standard output.
    #[arg(short, long)]
    output: PathBuf,
    /// Board style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    /// Page title (default: the game's title, else the event all the games
    /// share, else how many games the page holds).
    #[arg(long)]
    title: Option<String>,
    /// Write the page even when files or games have errors: they are left
    /// out and listed in the page's error panel (and here); the exit status
    /// is still 1.
    #[arg(long)]
    lenient: bool,
    /// Board and controls only, to put in another web page with an
    /// <iframe> (a page's address ending in #embed does the same).
    #[arg(long)]
    embed: bool,
    #[command(flatten)]
    read: ReadArgs,
    #[command(flatten)]
    search: super::args::SearchArgs,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    a.search.apply(false);
    // The page leaves out links that lead out of a folder; say which.
    links_left_out(&a.inputs).iter().for_each(report::warning);
    let style = Style::load(&a.style)?;
    let options = a.read.options()?;
    let out = report::file(&a.output);
    let settings = PageSettings {
        title: a.title,
        lenient: a.lenient,
        embed: a.embed,
    };
    let written = report::write_to(out, |to| {
        write_page(&a.inputs, &options, &style, &settings, to)
    })?;
    report::diagnostics(&written.diagnostics());
    report::say_wrote(out, Some(&written.games_shown()));
    Ok(written.all_shown()?)
}
