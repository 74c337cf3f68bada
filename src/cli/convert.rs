//! `twixt convert`: a game record from one file format to another.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::board::BoardSize;
use twixtkit::convert::{FileFormat, choose_format, convert_file, rules_named};
use twixtkit::output::{ensure_not_input, write_atomic};

use super::failure::Failure;

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
    to: Option<FormatArg>,
    /// Input format; by default chosen from the input file's extension.
    #[arg(long, value_enum)]
    from: Option<FormatArg>,
    /// Rule set (preset name or YAML file) for inputs that do not record
    /// it: move lists (default pencil) and T1 files (default dujardin; the
    /// file gives the size).
    #[arg(long)]
    rules: Option<String>,
    /// Board size for move-list input, e.g. 24 or 30x20 (default 24).
    #[arg(long)]
    size: Option<BoardSize>,
}

/// File formats on the command line.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum FormatArg {
    /// Little Golem .tsgf
    Lg,
    /// T1j / twixtbot-ui .T1
    T1,
    /// Numbered move list (.txt, .moves)
    Moves,
    /// twixtkit game script (.twixt)
    Twixt,
}

impl From<FormatArg> for FileFormat {
    fn from(f: FormatArg) -> FileFormat {
        match f {
            FormatArg::Lg => FileFormat::LittleGolem,
            FormatArg::T1 => FileFormat::T1,
            FormatArg::Moves => FileFormat::MoveList,
            FormatArg::Twixt => FileFormat::Script,
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    match convert(&args) {
        Ok(n) => {
            if args.output != Path::new("-") {
                eprintln!(
                    "wrote {} ({n} game{})",
                    args.output.display(),
                    if n == 1 { "" } else { "s" }
                );
            }
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn convert(args: &Args) -> Result<usize, Failure> {
    let from = choose_format(args.from.map(Into::into), &args.input, true)?;
    let to = choose_format(args.to.map(Into::into), &args.output, false)?;
    let rules = args.rules.as_deref().map(rules_named).transpose()?;
    let converted = convert_file(&args.input, from, to, rules, args.size)?;
    if let Some(warning) = &converted.left_out {
        eprintln!("warning: {warning}");
    }
    if args.output == Path::new("-") {
        super::stdout::print(&converted.text)?;
        return Ok(converted.games);
    }
    let usage = |e: twixtkit::output::OutputError| Failure::usage(e.to_string());
    ensure_not_input(&args.output, std::slice::from_ref(&args.input)).map_err(usage)?;
    write_atomic(&args.output, &converted.text).map_err(usage)?;
    Ok(converted.games)
}
