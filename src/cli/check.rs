//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use rayon::prelude::*;

use twixtkit::check::{FileReport, Finding, Totals, check_file, check_file_each, to_json};
use twixtkit::diagnostic::printable;
use twixtkit::open::game_files;
use twixtkit::script::stream::WINDOW_BYTES;

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
    // Each file's size, read once: for the progress bar and to tell the
    // files read a window at a time.
    let sizes: Vec<u64> = files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .collect();
    let bytes: u64 = sizes.iter().sum();
    // A bar only helps on long runs watched in a terminal.
    let bar = if std::io::stderr().is_terminal() && (files.len() >= 50 || bytes >= 20_000_000) {
        indicatif::ProgressBar::new(files.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let from = args.from.map(Into::into);
    for m in &missing {
        eprintln!("{m}");
    }
    let mut io_error = !missing.is_empty();
    if args.format == Format::Json {
        // One document: every report is held until it is written.
        let reports: Vec<FileReport> = files
            .par_iter()
            .map(|f| {
                let r = check_file(f, from);
                bar.inc(1);
                r
            })
            .collect();
        bar.finish_and_clear();
        io_error |= reports.iter().any(|r| r.io_error);
        let report = match to_json(&reports) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: cannot write JSON: {e}");
                return ExitCode::from(2);
            }
        };
        if let Err(f) = super::stdout::print(report.as_bytes()) {
            return f.report();
        }
        return exit_code(io_error, Totals::of(&reports).errors);
    }

    // Text: findings in file order, printed as they come. Small files are
    // checked several at a time; a large script file is read a window at a
    // time (its games replayed in parallel), so memory stays bounded.
    let mut printer = Printer {
        quiet: args.quiet,
        totals: Totals {
            files: files.len(),
            games: 0,
            errors: 0,
            warnings: 0,
        },
        out: String::new(),
        failed: None,
        shown: 0,
        hidden: 0,
    };
    let large = |size: u64| size >= WINDOW_BYTES as u64 / 4;
    let mut start = 0;
    while start < files.len() {
        if large(sizes[start]) {
            io_error |= check_file_each(&files[start], from, &mut |f| printer.add(f));
            printer.end_file(&files[start]);
            bar.inc(1);
            start += 1;
        } else {
            let n = sizes[start..]
                .iter()
                .take(256)
                .take_while(|&&s| !large(s))
                .count();
            let batch: Vec<(bool, Vec<Finding>)> = files[start..start + n]
                .par_iter()
                .map(|f| {
                    let mut found = Vec::new();
                    let io = check_file_each(f, from, &mut |x| found.push(x));
                    bar.inc(1);
                    (io, found)
                })
                .collect();
            for ((io, found), file) in batch.into_iter().zip(&files[start..start + n]) {
                io_error |= io;
                found.into_iter().for_each(|f| printer.add(f));
                printer.end_file(file);
            }
            start += n;
        }
        if printer.failed.is_some() {
            break;
        }
    }
    bar.finish_and_clear();
    let summary = format!("{}\n", printer.totals.summary());
    printer.out.push_str(&summary);
    printer.flush();
    // The report is the point of `check`: losing it is an error.
    if let Some(f) = printer.failed {
        return f.report();
    }
    exit_code(io_error, printer.totals.errors)
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

/// The text report, counted and written as findings come.
struct Printer {
    quiet: bool,
    totals: Totals,
    out: String,
    /// Standard output failed (a closed pipe, a full disk): nothing more is
    /// written.
    failed: Option<super::failure::Failure>,
    /// Messages of the current file printed, and left out past the cap.
    shown: usize,
    hidden: usize,
}

/// The most messages printed for one file: a file of garbage or of
/// thousands of broken games says what is wrong in its first ones.
const MAX_MESSAGES_PER_FILE: usize = 100;

impl Printer {
    fn add(&mut self, f: Finding) {
        match f {
            Finding::FileError(d) => {
                self.totals.errors += 1;
                self.message(&d);
            }
            Finding::Game(g) => {
                self.totals.games += 1;
                self.totals.errors += g.errors.len();
                self.totals.warnings += g.warnings.len();
                for d in g.errors.iter().chain(&g.warnings) {
                    self.message(d);
                }
                if !self.quiet {
                    let _ = writeln!(self.out, "{}", g.line_text());
                }
            }
        }
        if self.out.len() >= 64 << 10 {
            self.flush();
        }
    }

    /// A located message, unless the file has had its share.
    fn message(&mut self, d: &twixtkit::diagnostic::Diagnostic) {
        if self.shown < MAX_MESSAGES_PER_FILE {
            self.shown += 1;
            self.out.push_str(&super::color::for_stdout(d));
        } else {
            self.hidden += 1;
        }
    }

    /// After a file's findings: how many messages were left out.
    fn end_file(&mut self, file: &std::path::Path) {
        if self.hidden > 0 {
            let _ = writeln!(
                self.out,
                "… and {} more message{} in {} (the first {MAX_MESSAGES_PER_FILE} are shown)",
                self.hidden,
                if self.hidden == 1 { "" } else { "s" },
                twixtkit::diagnostic::printable(&file.display().to_string())
            );
        }
        self.shown = 0;
        self.hidden = 0;
    }

    fn flush(&mut self) {
        if self.failed.is_none()
            && let Err(f) = super::stdout::print(self.out.as_bytes())
        {
            self.failed = Some(f);
        }
        self.out.clear();
    }
}
