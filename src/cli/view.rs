//! `twixt view`: games as one interactive HTML page.

use std::path::{Path, PathBuf};

use twixtkit::commands::view::write_page;
use twixtkit::diagram::Style;
use twixtkit::view::PageSettings;

use super::failure::Failure;
use super::game_args::ReadArgs;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::game_args::WriteArgs,
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
    search: super::check::SearchArgs,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    a.search.apply(false);
    // The page leaves out links that lead out of a folder; say which.
    let mut skipped = Vec::new();
    twixtkit::open::game_files(&a.inputs, &mut skipped);
    for s in skipped.iter().filter(|s| s.warning) {
        eprintln!("warning: {s}");
    }
    let style = Style::load(&a.style)?;
    let options = a.read.options()?;
    let out = Some(a.output.as_path()).filter(|p| *p != Path::new("-"));
    let settings = PageSettings {
        title: a.title,
        lenient: a.lenient,
        embed: a.embed,
    };
    let written = super::terminal::write_to(out, |to| {
        write_page(&a.inputs, &options, &style, &settings, to)
    })?;
    for p in &written.problems {
        for d in &p.diagnostics {
            super::terminal::eprint_diagnostic(d);
        }
        if p.diagnostics.is_empty() {
            eprintln!("error: {}", twixtkit::diagnostic::printable(&p.message));
        }
    }
    let games = twixtkit::diagnostic::count(written.games, "game");
    match out {
        Some(path) => eprintln!(
            "{} ({games})",
            twixtkit::output::wrote(&[path.to_path_buf()])
        ),
        None => eprintln!("{games}"),
    }
    if written.problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::invalid(format!(
            "{} left out of the page (listed in its error panel)",
            twixtkit::diagnostic::count(written.problems.len(), "problem")
        )))
    }
}
