//! `twixt random`: random legal games, for testing other tools.

use std::path::PathBuf;

use twixtkit::commands::random_games::Batch;

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    #[command(flatten)]
    batch: Batch,
    /// Where to write the games: a `.twixt` script, or move lists for a
    /// `.txt`/`.moves` name; standard output (a script) when left out or `-`.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let out = a.output.as_deref().and_then(report::file);
    let written = report::write_to(out, |to| a.batch.write_into(to))?;
    report::note(written);
    Ok(())
}
