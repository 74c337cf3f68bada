//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::commands::check::{
    FileSet, ReportFormat, ReportOptions, check_position, write_report,
};
use twixtkit::diagnostic::Diagnostic;
use twixtkit::script::FileFormat;

use super::failure::Failure;

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
    format: ReportFormat,
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
    from: Option<FileFormat>,
    #[command(flatten)]
    search: SearchArgs,
    /// Report every other winning first move ("cook") of every `#wins`
    /// claim, as `#unique` does for one.
    #[arg(long)]
    cooks: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    if let Some(line) = &args.position {
        let report = check_position(line)?;
        super::terminal::print(report.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    args.search.apply(args.cooks);
    let (files, skipped) = FileSet::find(&args.paths);
    // A link out of a folder is left out on purpose: a warning, not a
    // path that failed.
    let (left_out, skipped): (Vec<_>, Vec<_>) = skipped.into_iter().partition(|s| s.warning);
    for s in &left_out {
        eprintln!("warning: {s}");
    }
    for s in &skipped {
        eprintln!("error: {s}");
    }
    let empty = files.is_empty() && skipped.is_empty() && !args.allow_empty;
    if empty {
        eprintln!(
            "error: no game files found (.twixt, .tsgf, .T1, .txt, .moves); --allow-empty accepts that"
        );
    }
    // A bar only helps on long runs watched in a terminal.
    let bar = if std::io::stderr().is_terminal() && files.is_long() {
        indicatif::ProgressBar::new(files.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let opts = ReportOptions {
        format: args.format,
        quiet: args.quiet,
        colored: args.format == ReportFormat::Text && super::terminal::color_on_stdout(),
        from: args.from,
    };
    let unread: Vec<Diagnostic> = skipped
        .iter()
        .map(|s| Diagnostic::error(s.why.clone()).with_file(s.path.display().to_string()))
        .collect();
    let written = write_report(
        &files,
        &unread,
        &opts,
        &|| bar.inc(1),
        &mut std::io::stdout().lock(),
    );
    bar.finish_and_clear();
    // The report is the point of `check`: losing it is an error.
    let (totals, io_error) = written.map_err(super::terminal::failure)?;
    let code = match (io_error || empty || !skipped.is_empty(), totals.errors) {
        (true, _) => 2,
        (false, 0) => 0,
        (false, _) => 1,
    };
    Ok(ExitCode::from(code))
}

/// The limits of the `#wins` searches: `check` and the drawing commands that
/// check claims on the way (render, show, book, view) take them alike.
#[derive(clap::Args, Clone)]
pub struct SearchArgs {
    /// Positions one `#wins` search may visit (a claim, a move of its
    /// solution, its cooks); a file's searches together get ten times as
    /// many. Reaching it makes the claim "cannot decide", never false.
    #[arg(long, value_name = "POSITIONS", default_value_t = twixtkit::win_claims::CLAIM_POSITIONS,
          value_parser = clap::value_parser!(u64).range(1..))]
    search_limit: u64,
    /// Seconds one `#wins` search may take; a file's searches together
    /// get ten times as long.
    #[arg(long, value_name = "SECONDS", default_value_t = twixtkit::win_claims::CLAIM_TIME.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    search_time: u64,
    /// Threads one `#wins` search may use: its longer rounds share their
    /// first moves (a solution's moves, the defender's replies) among
    /// them. The verdicts are the same with any number; the positions
    /// counted vary from run to run with more than one.
    #[arg(long, value_name = "THREADS", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    search_threads: u16,
}

impl SearchArgs {
    /// Sets how this run searches `#wins` claims, before any file is read.
    pub fn apply(&self, cooks: bool) {
        use std::time::Duration;
        use twixtkit::win_claims::Limits;
        let claim = Limits {
            positions: self.search_limit,
            time: Some(Duration::from_secs(self.search_time)),
        };
        let file = Limits {
            positions: self.search_limit.saturating_mul(10),
            time: Some(Duration::from_secs(self.search_time.saturating_mul(10))),
        };
        twixtkit::win_claims::set_settings(twixtkit::win_claims::ClaimSettings {
            claim,
            file,
            cooks,
            threads: usize::from(self.search_threads),
        });
    }
}
