//! `twixt view`: games as one interactive HTML page.

use std::path::{Path, PathBuf};

use twixtkit::diagram::Style;
use twixtkit::view::write_page;

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
    /// Page title (default: the game's title, or the first file's name).
    #[arg(long)]
    title: Option<String>,
    #[command(flatten)]
    read: ReadArgs,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    // The page leaves out links that lead out of a folder; say which.
    let mut skipped = Vec::new();
    twixtkit::open::game_files(&a.inputs, &mut skipped);
    for s in skipped.iter().filter(|s| s.warning) {
        eprintln!("warning: {s}");
    }
    let style = Style::load(&a.style)?;
    let options = a.read.options()?;
    let out = Some(a.output.as_path()).filter(|p| *p != Path::new("-"));
    let title = a.title.as_deref();
    let n =
        super::terminal::write_to(out, |to| write_page(&a.inputs, &options, &style, title, to))?;
    let games = twixtkit::diagnostic::count(n, "game");
    match out {
        Some(path) => eprintln!(
            "{} ({games})",
            twixtkit::output::wrote(&[path.to_path_buf()])
        ),
        None => eprintln!("{games}"),
    }
    Ok(())
}
