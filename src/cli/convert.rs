//! `twixt convert`: a game record from one file format to another.

use std::path::PathBuf;

use twixt_core::board::BoardSize;
use twixtkit::commands::convert::{choose_format, convert};
use twixtkit::open::rules_named;
use twixtkit::script::FileFormat;

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// The record to read; `-` reads standard input (a script unless
    /// --from says otherwise).
    input: PathBuf,
    /// Where to write the converted record (never the input file); `-`
    /// writes standard output (a script unless --to says otherwise).
    #[arg(short, long)]
    output: PathBuf,
    /// Output format; by default chosen from the output file's extension.
    #[arg(long, value_enum)]
    to: Option<FileFormat>,
    /// Input format; by default chosen from the input file's extension.
    #[arg(long, value_enum)]
    from: Option<FileFormat>,
    /// Rule set for inputs that do not record it: pencil, board, schmidt,
    /// dujardin, t1, editable, or a YAML rule file (move lists default to
    /// pencil, T1 files to t1, as check reads them; the file gives the size).
    #[arg(long)]
    rules: Option<String>,
    /// Board size for move-list input, e.g. 24 or 30x20 (default 24).
    #[arg(long)]
    size: Option<BoardSize>,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let out = report::file(&a.output);
    let from = choose_format(a.from, &a.input, true)?;
    let to = choose_format(a.to, &a.output, false)?;
    let rules = a.rules.as_deref().map(rules_named).transpose()?;
    let converted = report::write_to(out, |destination| {
        convert(&a.input, from, to, rules, a.size, destination)
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
