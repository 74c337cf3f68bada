//! `twixt convert`: a game record from one file format to another.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::board::BoardSize;
use twixtkit::formats::{Format, littlegolem, movelist, t1};
use twixtkit::output::{ensure_not_input, write_atomic};
use twixtkit::record::Record;
use twixtkit::rules::RuleSet;
use twixtkit::script::{Game, ScriptFile, load_rules_yaml, parse, write_file};

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

impl FormatArg {
    fn from_path(path: &Path) -> Option<FormatArg> {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("twixt"))
        {
            return Some(FormatArg::Twixt);
        }
        Format::from_path(path).map(|f| match f {
            Format::LittleGolem => FormatArg::Lg,
            Format::T1 => FormatArg::T1,
            Format::MoveList => FormatArg::Moves,
        })
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

fn invalid(message: String) -> Failure {
    Failure { code: 1, message }
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

fn pick(flag: Option<FormatArg>, path: &Path, which: &str) -> Result<FormatArg, Failure> {
    let stdio = (path == Path::new("-")).then_some(FormatArg::Twixt);
    flag.or(stdio).or_else(|| FormatArg::from_path(path)).ok_or_else(|| {
        usage(format!(
            "cannot tell the {which} format from `{}`: use a .tsgf, .T1, .txt, .moves or .twixt name, or --{}",
            path.display(),
            if which == "input" { "from" } else { "to" }
        ))
    })
}

fn convert(args: &Args) -> Result<usize, Failure> {
    let from = pick(args.from, &args.input, "input")?;
    let to = pick(args.to, &args.output, "output")?;
    let rules = match &args.rules {
        Some(name) if name.ends_with(".yaml") || name.ends_with(".yml") => {
            Some(load_rules_yaml(Path::new(name)).map_err(usage)?)
        }
        Some(name) => Some(RuleSet::preset(name).map_err(|e| usage(e.to_string()))?),
        None => None,
    };
    let bytes = twixtkit::limits::read_input(&args.input, twixtkit::limits::MAX_INPUT_BYTES)
        .map_err(|e| usage(format!("cannot read {}: {e}", args.input.display())))?;
    let hint = || twixtkit::script::script_hint(&bytes, file_format(from));
    let at =
        |e: &dyn std::fmt::Display| invalid(format!("{}: {e}{}", args.input.display(), hint()));
    let records: Vec<Record> = match from {
        FormatArg::Lg => vec![littlegolem::read(&bytes).map_err(|e| at(&e))?],
        FormatArg::T1 => {
            let base = rules.unwrap_or_else(RuleSet::dujardin);
            vec![t1::read_with(&bytes, base).map_err(|e| at(&e))?]
        }
        FormatArg::Moves => {
            let mut base = rules.unwrap_or_else(RuleSet::pencil);
            if let Some(size) = args.size {
                base = base.with_size(size);
            }
            base.validate().map_err(|e| usage(e.to_string()))?;
            movelist::read_with(&bytes, base).map_err(|e| at(&e))?
        }
        FormatArg::Twixt => read_script(&args.input, &bytes)?,
    };
    if records.is_empty() {
        return Err(invalid(format!(
            "{}: expected a game, found no moves",
            args.input.display()
        )));
    }
    let single = |what: &str| -> Result<&Record, Failure> {
        if records.len() == 1 {
            Ok(&records[0])
        } else {
            Err(usage(format!(
                "{} holds {} games, and a {what} file holds one",
                args.input.display(),
                records.len()
            )))
        }
    };
    let out_err = |e: &dyn std::fmt::Display| invalid(e.to_string());
    let text: Vec<u8> = match to {
        FormatArg::Lg => littlegolem::write(single(".tsgf")?).map_err(|e| out_err(&e))?,
        FormatArg::T1 => t1::write(single(".T1")?)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        FormatArg::Moves => movelist::write_all(&records)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        FormatArg::Twixt => write_file(&ScriptFile {
            games: records.iter().map(Game::from_record).collect(),
        })
        .into_bytes(),
    };
    if from == FormatArg::Twixt && to != FormatArg::Twixt {
        warn_dropped(&bytes, to);
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

fn file_format(f: FormatArg) -> twixtkit::script::FileFormat {
    use twixtkit::script::FileFormat;
    match f {
        FormatArg::Lg => FileFormat::LittleGolem,
        FormatArg::T1 => FileFormat::T1,
        FormatArg::Moves => FileFormat::MoveList,
        FormatArg::Twixt => FileFormat::Script,
    }
}

/// A record format holds the main line's moves and a few tags: says what of
/// a script it leaves out, so that nothing is lost unnoticed.
fn warn_dropped(bytes: &[u8], to: FormatArg) {
    use twixtkit::script::{Element, Line};
    fn count(line: &Line, n: &mut [usize; 6]) {
        for e in &line.elements {
            match e {
                Element::Move(_) => {}
                Element::Comment(_) => n[0] += 1,
                Element::Remark(_) => n[1] += 1,
                Element::Diagram(_) => n[2] += 1,
                Element::Mark(_) | Element::Claim(_) => n[3] += 1,
                Element::Variation(v) => {
                    n[4] += 1;
                    count(v, n);
                }
            }
        }
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let mut n = [0usize; 6];
    for g in parse(text).file.games {
        count(&g.line, &mut n);
        n[1] += g.preamble.len();
        n[5] += usize::from(g.setup.is_some());
    }
    let names = [
        "comment",
        "remark",
        "diagram point",
        "mark or claim",
        "variation",
        "setup block",
    ];
    let dropped: Vec<String> = n
        .iter()
        .zip(names)
        .filter(|(k, _)| **k > 0)
        .map(|(k, name)| twixtkit::diagnostic::count(*k, name))
        .collect();
    if !dropped.is_empty() {
        let format = match to {
            FormatArg::Lg => "a .tsgf file",
            FormatArg::T1 => "a .T1 file",
            _ => "a move list",
        };
        eprintln!(
            "warning: {format} holds the main line's moves only; left out: {}",
            dropped.join(", ")
        );
    }
}

/// The main line of every game in a script, as records. Parse errors are
/// shown as the script checker shows them.
fn read_script(path: &Path, bytes: &[u8]) -> Result<Vec<Record>, Failure> {
    let name = path.display().to_string();
    let source = std::str::from_utf8(bytes).map_err(|e| {
        invalid(format!(
            "{name}: expected UTF-8 text, found an invalid byte at offset {}",
            e.valid_up_to()
        ))
    })?;
    if twixtkit::twrs::script::is_twrs(source) {
        return Err(usage(format!(
            "{name} is a TWRS script: the record formats hold TwixT games only"
        )));
    }
    let parsed = parse(source);
    if !parsed.errors.is_empty() {
        for e in &parsed.errors {
            eprint!(
                "{}",
                super::color::for_stderr(&e.to_diagnostic(&name, source))
            );
        }
        return Err(invalid(format!(
            "{name}: {} syntax error{}; nothing written",
            parsed.errors.len(),
            if parsed.errors.len() == 1 { "" } else { "s" }
        )));
    }
    let base = path.parent().filter(|d| !d.as_os_str().is_empty());
    parsed
        .file
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            g.rules(base)
                .and_then(|rules| g.to_record_with(rules))
                .map_err(|e| invalid(format!("{name}: game {}: {e}", i + 1)))
        })
        .collect()
}
