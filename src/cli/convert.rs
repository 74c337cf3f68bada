//! `twixt convert`: a game record from one file format to another.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::board::BoardSize;
use twixtkit::convert::{
    FileFormat, choose_format, convert_file, convert_stream, convert_stream_to_file, rules_named,
    streams,
};
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
    /// it: move lists (default pencil) and T1 files (default t1, as check
    /// reads them; the file gives the size).
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
    let usage = |e: twixtkit::output::OutputError| Failure::usage(e.to_string());
    let to_stdout = args.output == Path::new("-");
    if !to_stdout {
        ensure_not_input(&args.output, std::slice::from_ref(&args.input)).map_err(usage)?;
    }
    if streams(&args.input, from, to) {
        return convert_large(args, from, to, rules);
    }
    let converted = convert_file(&args.input, from, to, rules, args.size)?;
    if let Some(warning) = &converted.left_out {
        eprintln!("warning: {warning}");
    }
    if to_stdout {
        super::stdout::print(&converted.text)?;
        return Ok(converted.games);
    }
    write_atomic(&args.output, &converted.text).map_err(usage)?;
    Ok(converted.games)
}

/// A large script or move list converted a piece at a time, written as it
/// goes (to a file through a temporary one, so that a failure leaves
/// nothing).
fn convert_large(
    args: &Args,
    from: FileFormat,
    to: FileFormat,
    rules: Option<twixtkit::rules::RuleSet>,
) -> Result<usize, Failure> {
    let streamed = if args.output == Path::new("-") {
        let mut stdout_failed = None;
        let mut sink = |b: &[u8]| {
            super::stdout::print(b).map_err(|f| {
                stdout_failed = Some(f);
                std::io::Error::other("to standard output")
            })
        };
        let result = convert_stream(&args.input, from, to, rules, args.size, &mut sink);
        if let Some(f) = stdout_failed {
            return Err(f);
        }
        result?
    } else {
        convert_stream_to_file(&args.input, from, to, rules, args.size, &args.output)?
    };
    if let Some(warning) = &streamed.left_out {
        eprintln!("warning: {warning}");
    }
    Ok(streamed.games)
}
