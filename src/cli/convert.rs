//! `twixt convert`: a game record from one file format to another.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::board::BoardSize;
use twixtkit::convert::{FileFormat, left_out, output_format, read_records, write_records};
use twixtkit::output::{ensure_not_input, write_atomic};
use twixtkit::rules::RuleSet;
use twixtkit::script::load_rules_yaml;

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

/// A failure and the exit code it earns.
struct Failure {
    code: u8,
    message: String,
}

fn usage(message: String) -> Failure {
    Failure { code: 2, message }
}

impl From<twixtkit::convert::ConvertError> for Failure {
    fn from(e: twixtkit::convert::ConvertError) -> Failure {
        for d in &e.diagnostics {
            eprint!("{}", super::color::for_stderr(d));
        }
        Failure {
            code: if e.usage { 2 } else { 1 },
            message: e.message,
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
        Err(f) => {
            if !f.message.is_empty() {
                eprintln!("error: {}", twixtkit::diagnostic::printable(&f.message));
            }
            ExitCode::from(f.code)
        }
    }
}

fn pick(
    flag: Option<FormatArg>,
    path: &Path,
    which: &str,
    of_path: fn(&Path) -> Option<FileFormat>,
) -> Result<FileFormat, Failure> {
    let stdio = (path == Path::new("-")).then_some(FileFormat::Script);
    flag.map(Into::into)
        .or(stdio)
        .or_else(|| of_path(path))
        .ok_or_else(|| {
            usage(format!(
                "cannot tell the {which} format from `{}`: use a .tsgf, .T1, .txt, .moves or .twixt name, or --{}",
                path.display(),
                if which == "input" { "from" } else { "to" }
            ))
        })
}

fn convert(args: &Args) -> Result<usize, Failure> {
    let from = pick(args.from, &args.input, "input", output_format)?;
    let to = pick(args.to, &args.output, "output", output_format)?;
    let rules = match &args.rules {
        Some(name) if name.ends_with(".yaml") || name.ends_with(".yml") => {
            Some(load_rules_yaml(Path::new(name)).map_err(usage)?)
        }
        Some(name) => Some(RuleSet::preset(name).map_err(|e| usage(e.to_string()))?),
        None => None,
    };
    let bytes = twixtkit::limits::read_input(&args.input, twixtkit::limits::MAX_INPUT_BYTES)
        .map_err(|e| usage(format!("cannot read {}: {e}", args.input.display())))?;
    let name = args.input.display().to_string();
    let folder = args.input.parent().filter(|d| !d.as_os_str().is_empty());
    let records = read_records(&name, &bytes, from, rules, args.size, folder)?;
    let text = write_records(&records, to, &name)?;
    if from == FileFormat::Script
        && let Some(warning) = left_out(&bytes, to)
    {
        eprintln!("warning: {warning}");
    }
    if args.output == Path::new("-") {
        super::stdout::print(&text).map_err(|f| Failure {
            code: f.code,
            message: f.message,
        })?;
        return Ok(records.len());
    }
    ensure_not_input(&args.output, std::slice::from_ref(&args.input))
        .map_err(|e| usage(e.to_string()))?;
    write_atomic(&args.output, &text).map_err(|e| usage(e.to_string()))?;
    Ok(records.len())
}
