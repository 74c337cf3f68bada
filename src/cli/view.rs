//! `twixt view`: games as one interactive HTML page.

use std::path::PathBuf;

use twixtkit::diagram::Style;
use twixtkit::view::{PageError, ViewError, check_page_name, write_page};

use super::failure::Failure;
use super::game_args::ReadArgs;

#[derive(clap::Args)]
pub struct Args {
    /// Game files (.twixt, .tsgf, .T1, .txt, .moves) and folders of them.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The page to write (.html).
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
    check_page_name(&a.output).map_err(failure)?;
    let style = Style::load(&a.style)?;
    let options = a.read.options()?;
    let n =
        write_page(&a.inputs, &options, &style, a.title.as_deref(), &a.output).map_err(failure)?;
    let games = twixtkit::diagnostic::count(n, "game");
    eprintln!("wrote {} ({games})", a.output.display());
    Ok(())
}

/// The failure a page error earns; the games' errors are printed first.
fn failure(e: PageError) -> Failure {
    match e {
        PageError::Open(e) => e.into(),
        PageError::View(e) => {
            if let ViewError::Invalid { diagnostics, .. } = &e {
                for d in diagnostics {
                    eprint!("{d}");
                }
            }
            match e {
                ViewError::Empty => Failure::usage(e.to_string()),
                _ => Failure::invalid(e.to_string()),
            }
        }
        _ => Failure::usage(e.to_string()),
    }
}
