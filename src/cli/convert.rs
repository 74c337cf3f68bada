//! `twixt convert`: a game record from one file format to another.

use std::path::{Path, PathBuf};

use twixtkit::board::BoardSize;
use twixtkit::convert::{Destination, choose_format, convert, rules_named};

use super::failure::Failure;
use super::game_args::RecordFormat;
use super::terminal::Stdout;

#[derive(clap::Args)]
pub struct Args {
    /// The record to read; `-` reads standard input (a script unless
    /// --from says otherwise).
    input: PathBuf,
    /// Where to write the converted record (never the input file); `-`
    /// writes standard output (a script unless --to says otherwise).
    #[arg(short, long)]
    output: PathBuf,
    /// Output format; by default chosen from the output file's extension.
    #[arg(long, value_enum)]
    to: Option<RecordFormat>,
    /// Input format; by default chosen from the input file's extension.
    #[arg(long, value_enum)]
    from: Option<RecordFormat>,
    /// Rule set (preset name or YAML file) for inputs that do not record
    /// it: move lists (default pencil) and T1 files (default t1, as check
    /// reads them; the file gives the size).
    #[arg(long)]
    rules: Option<String>,
    /// Board size for move-list input, e.g. 24 or 30x20 (default 24).
    #[arg(long)]
    size: Option<BoardSize>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let to_stdout = a.output == Path::new("-");
    let from = choose_format(a.from.map(Into::into), &a.input, true)?;
    let to = choose_format(a.to.map(Into::into), &a.output, false)?;
    let rules = a.rules.as_deref().map(rules_named).transpose()?;
    let mut stdout = Stdout::default();
    let mut sink = stdout.sink();
    let destination = if to_stdout {
        Destination::Sink(&mut sink)
    } else {
        Destination::File(&a.output)
    };
    let result = convert(&a.input, from, to, rules, a.size, destination);
    drop(sink);
    if let Some(f) = stdout.failed {
        return Err(f);
    }
    let converted = result?;
    if let Some(warning) = &converted.left_out {
        eprintln!("warning: {warning}");
    }
    if !to_stdout {
        let games = twixtkit::diagnostic::count(converted.games, "game");
        eprintln!("wrote {} ({games})", a.output.display());
    }
    Ok(())
}
