//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::commands::check::{Found, ReportFormat, ReportOptions, check_position};

use super::report::{self, Failure};

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
    #[command(flatten)]
    report: ReportOptions,
    /// Succeed when the paths hold no game file at all (an empty folder);
    /// otherwise that is an error.
    #[arg(long)]
    allow_empty: bool,
    #[command(flatten)]
    search: super::args::SearchArgs,
    /// Report every other winning first move ("cook") of every `#wins`
    /// claim, as `#unique` does for one.
    #[arg(long)]
    cooks: bool,
}

pub fn run(mut args: Args) -> Result<ExitCode, Failure> {
    if let Some(line) = &args.position {
        report::print(check_position(line)?.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    args.search.apply(args.cooks);
    let found = Found::search(&args.paths, args.allow_empty);
    report::diagnostics(&found.messages);
    // A bar only helps on long runs watched in a terminal.
    let bar = if std::io::stderr().is_terminal() && found.files.is_long() {
        indicatif::ProgressBar::new(found.files.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    args.report.colored = args.report.format == ReportFormat::Text && report::color_on_stdout();
    let status = found.write_report(&args.report, &|| bar.inc(1), &mut std::io::stdout().lock());
    bar.finish_and_clear();
    // The report is the point of `check`: losing it is an error.
    Ok(ExitCode::from(status.map_err(report::failure)?))
}
