//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use rayon::prelude::*;

use twixtkit::check::{FileReport, Totals, check_file, to_json};
use twixtkit::diagnostic::printable;
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
    from: Option<super::game_args::InputFormat>,
}

/// Files to check, in a stable order; paths that could not be searched or
/// read are reported.
fn collect(paths: &[PathBuf], missing: &mut Vec<String>) -> Vec<PathBuf> {
    let mut skipped = Vec::new();
    let files = game_files(paths, &mut skipped);
    for s in skipped {
        missing.push(format!("error: {s}"));
    }
    files
}

/// `check --position LINE`: the line read and the position built, or why not.
fn check_position(line: &str) -> ExitCode {
    match twixtkit::line::position(line) {
        Ok(pos) => {
            let status = match pos.status() {
                twixtkit::Status::Won { winner, .. } => format!("{} has connected", winner.name()),
                _ => format!("{} to move", pos.to_move().name()),
            };
            let report = format!(
                "{}: a legal position, {status}\n",
                twixtkit::line::write(&pos)
            );
            match super::stdout::print(report.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(f) => f.report(),
            }
        }
        Err(e) => {
            eprintln!("error: {}", printable(&e));
            ExitCode::from(1)
        }
    }
}

pub fn run(args: Args) -> ExitCode {
    if let Some(line) = &args.position {
        return check_position(line);
    }
    let mut missing = Vec::new();
    let files = collect(&args.paths, &mut missing);
    if files.is_empty() && missing.is_empty() && !args.allow_empty {
        missing.push(
            "error: no game files found (.twixt, .tsgf, .T1, .txt, .moves); --allow-empty accepts that"
                .to_string(),
        );
    }
    let bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    // A bar only helps on long runs watched in a terminal.
    let bar = if std::io::stderr().is_terminal() && (files.len() >= 50 || bytes >= 20_000_000) {
        indicatif::ProgressBar::new(files.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let reports: Vec<FileReport> = files
        .par_iter()
        .map(|f| {
            let r = check_file(f, args.from.map(Into::into));
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();

    let totals = Totals::of(&reports);
    let io_error = !missing.is_empty() || reports.iter().any(|r| r.io_error);

    for m in &missing {
        eprintln!("{m}");
    }
    let report = match args.format {
        Format::Json => match to_json(&reports) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: cannot write JSON: {e}");
                return ExitCode::from(2);
            }
        },
        Format::Text => {
            let mut out = String::new();
            for r in &reports {
                for e in &r.errors {
                    out.push_str(&super::color::for_stdout(e));
                }
                for g in &r.games {
                    for d in g.errors.iter().chain(&g.warnings) {
                        out.push_str(&super::color::for_stdout(d));
                    }
                    if !args.quiet {
                        let _ = writeln!(out, "{}", g.line_text());
                    }
                }
            }
            let _ = writeln!(out, "{}", totals.summary());
            out
        }
    };
    // The report is the point of `check`: losing it is an error.
    if let Err(f) = super::stdout::print(report.as_bytes()) {
        return f.report();
    }
    if io_error {
        ExitCode::from(2)
    } else if totals.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
