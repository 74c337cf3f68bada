//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use super::failure::Failure;
use twixtkit::check::{FileSet, TextReport, Totals, check_position, to_json};
use twixtkit::open::game_files;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// Game files and folders (folders are searched for game files); `-`
    /// reads standard input.
    #[arg(required_unless_present = "position")]
    paths: Vec<PathBuf>,
    /// Check a position written in one line (size/rules/red/black/links/to-move)
    /// instead of files: is it a legal position under its rules?
    #[arg(long, value_name = "LINE", conflicts_with = "paths")]
    position: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Print only problems and the summary, not one line per game.
    #[arg(short, long)]
    quiet: bool,
    /// Succeed when the paths hold no game file at all (an empty folder);
    /// otherwise that is an error.
    #[arg(long)]
    allow_empty: bool,
    /// The files' format, over what their extensions say; `-` (standard
    /// input) is read as a script unless this says otherwise.
    #[arg(long, value_enum, value_name = "FORMAT")]
    from: Option<super::game_args::RecordFormat>,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    if let Some(line) = &args.position {
        let report = check_position(line).map_err(Failure::invalid)?;
        super::stdout::print(report.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut skipped = Vec::new();
    let files = FileSet::new(game_files(&args.paths, &mut skipped));
    let mut missing: Vec<String> = skipped.iter().map(|s| format!("error: {s}")).collect();
    if files.is_empty() && missing.is_empty() && !args.allow_empty {
        missing.push(
            "error: no game files found (.twixt, .tsgf, .T1, .txt, .moves); --allow-empty accepts that"
                .to_string(),
        );
    }
    // A bar only helps on long runs watched in a terminal.
    let bar =
        if std::io::stderr().is_terminal() && (files.len() >= 50 || files.bytes() >= 20_000_000) {
            indicatif::ProgressBar::new(files.len() as u64)
        } else {
            indicatif::ProgressBar::hidden()
        };
    let done = || bar.inc(1);
    let from = args.from.map(Into::into);
    for m in &missing {
        eprintln!("{m}");
    }
    let mut io_error = !missing.is_empty();
    if args.format == Format::Json {
        // One document: every report is held until it is written.
        let reports = files.reports(from, &done);
        bar.finish_and_clear();
        io_error |= reports.iter().any(|r| r.io_error);
        let report =
            to_json(&reports).map_err(|e| Failure::usage(format!("cannot write JSON: {e}")))?;
        super::stdout::print(report.as_bytes())?;
        return Ok(exit_code(io_error, Totals::of(&reports).errors));
    }
    // Text: findings in file order, printed as they come.
    let mut report = TextReport::new(files.len(), args.quiet, super::color::on_stdout());
    let mut out = String::new();
    let mut failed = None;
    let mut flush = |out: &mut String| {
        if failed.is_none()
            && let Err(f) = super::stdout::print(out.as_bytes())
        {
            failed = Some(f);
        }
        out.clear();
        failed.is_some()
    };
    io_error |= files.each(from, &done, &mut |f| {
        report.add(&f, &mut out);
        // Once standard output has failed nothing more is read.
        if out.len() >= 64 << 10 && flush(&mut out) {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    bar.finish_and_clear();
    let _ = writeln!(out, "{}", report.totals().summary());
    flush(&mut out);
    // The report is the point of `check`: losing it is an error.
    match failed {
        Some(f) => Err(f),
        None => Ok(exit_code(io_error, report.totals().errors)),
    }
}

fn exit_code(io_error: bool, errors: usize) -> ExitCode {
    if io_error {
        ExitCode::from(2)
    } else if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
