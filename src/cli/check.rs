//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::check::{FileSet, Finding, Totals, check_position, to_json};
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

pub fn run(args: Args) -> ExitCode {
    if let Some(line) = &args.position {
        return match check_position(line) {
            Ok(report) => match super::stdout::print(report.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(f) => f.report(),
            },
            Err(e) => {
                eprintln!("error: {}", printable(&e));
                ExitCode::from(1)
            }
        };
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
    // Text: findings in file order, printed as they come.
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
    io_error |= files.each(from, &done, &mut |f| printer.add(f));
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
    /// Counts and prints `f`; breaks once standard output has failed.
    fn add(&mut self, f: Finding) -> ControlFlow<()> {
        self.totals.add(&f);
        match f {
            Finding::FileError(d) => self.message(&d),
            Finding::Game(g) => {
                for d in g.errors.iter().chain(&g.warnings) {
                    self.message(d);
                }
                if !self.quiet {
                    let _ = writeln!(self.out, "{}", g.line_text());
                }
            }
            Finding::FileDone(file) => self.end_file(&file),
        }
        if self.out.len() >= 64 << 10 {
            self.flush();
        }
        if self.failed.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
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
