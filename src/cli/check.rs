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
    /// Write the solution of each proved `#wins` claim that has no move
    /// after it into the script, as variations: the key move, the
    /// defences and the answers, each line ending in a template named in
    /// words. The script, in canonical form, goes to --output (default:
    /// standard output); one line a claim on standard error.
    #[arg(long, conflicts_with_all = ["position", "cooks"])]
    explain: bool,
    /// With --explain: the file to write (`-`: standard output). An input
    /// is never written over.
    #[arg(short = 'o', long, value_name = "FILE", requires = "explain")]
    output: Option<PathBuf>,
}

pub fn run(mut args: Args) -> Result<ExitCode, Failure> {
    if let Some(line) = &args.position {
        report::print(check_position(line)?.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    args.search.apply(args.cooks);
    if args.explain {
        return explain(&args);
    }
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

/// `check --explain FILE [-o OUT]`: exit 0 when every claim found was
/// explained, 1 when one could not be (the script is written all the same,
/// with the others), 2 when nothing could be written.
fn explain(args: &Args) -> Result<ExitCode, Failure> {
    use twixtkit::commands::check::{ExplainError, explain_file};
    let [path] = args.paths.as_slice() else {
        return Err(Failure::usage(format!(
            "--explain writes one script; {} paths given",
            args.paths.len()
        )));
    };
    if path.is_dir() {
        return Err(Failure::usage(format!(
            "--explain writes one script; {} is a folder",
            path.display()
        )));
    }
    let explained = explain_file(path).map_err(|e| match e {
        ExplainError::Read { .. } => Failure::usage(e.to_string()),
        _ => Failure::invalid(e.to_string()),
    })?;
    let out = args.output.as_deref().and_then(report::file);
    match out {
        Some(file) => twixtkit::output::write_atomic(file, explained.text.as_bytes())?,
        None => report::print(explained.text.as_bytes())?,
    }
    for line in &explained.notes {
        report::note(line);
    }
    if explained.explained + explained.failed == 0 {
        report::note(format!(
            "{}: no #wins claim without a move after it: nothing to explain",
            path.display()
        ));
    }
    if out.is_some() {
        report::say_wrote(out, None);
    }
    Ok(ExitCode::from(u8::from(explained.failed > 0)))
}
