//! `twixt convert`: a game record from one file format to another.

use std::path::PathBuf;

use twixtkit::commands::convert::{choose_format, convert};
use twixtkit::script::FileFormat;

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// The record to read; `-` reads standard input (its format told by what
    /// it holds, unless --from names one).
    input: PathBuf,
    /// Where to write the converted record (never the input file); `-`
    /// writes standard output (a script unless --to says otherwise).
    #[arg(short, long)]
    output: PathBuf,
    /// Output format; by default chosen from the output file's extension.
    #[arg(long, value_enum)]
    to: Option<FileFormat>,
    #[command(flatten)]
    read: super::args::ReadArgs,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let out = report::file(&a.output);
    let from = choose_format(a.read.from, &a.input, true)?;
    let to = choose_format(a.to, &a.output, false)?;
    let read = a.read.options()?;
    let converted = report::write_to(out, |destination| {
        convert(&a.input, from, to, read.rules, read.size, destination)
    })?;
    if let Some(warning) = &converted.left_out {
        report::warning(warning);
    }
    if out.is_some() {
        let games = twixtkit::diagnostic::count(converted.games, "game");
        report::say_wrote(out, Some(&games));
    }
    Ok(())
}
