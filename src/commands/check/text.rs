//! The text report of `twixt check`, made a finding at a time: located
//! messages (at most [`MAX_MESSAGES_PER_FILE`] a file), one line per game
//! unless quiet, and the totals for the closing summary.

use std::fmt::Write as _;
use std::io;
use std::ops::ControlFlow;
use std::path::Path;

use super::{FileSet, Finding, Totals, to_json};
use crate::diagnostic::{Diagnostic, printable};
use crate::script::FileFormat;

/// The most messages written for one file: a file of garbage or of
/// thousands of broken games says what is wrong in its first ones.
pub const MAX_MESSAGES_PER_FILE: usize = 100;

/// The report being written, and what it has counted so far.
#[derive(Debug, Clone)]
pub struct TextReport {
    quiet: bool,
    colored: bool,
    totals: Totals,
    /// Messages of the current file written, and left out past the cap.
    shown: usize,
    hidden: usize,
}

impl TextReport {
    /// A report over `files` files; `quiet` leaves out the line of each
    /// game, `colored` writes messages with terminal colours.
    pub fn new(files: usize, quiet: bool, colored: bool) -> TextReport {
        TextReport {
            quiet,
            colored,
            totals: Totals {
                files,
                ..Totals::default()
            },
            shown: 0,
            hidden: 0,
        }
    }

    /// Counts `finding` and appends its text to `out`.
    pub fn add(&mut self, finding: &Finding, out: &mut String) {
        self.totals.add(finding);
        match finding {
            Finding::FileError(d) => self.message(d, out),
            Finding::Game(g) => {
                for d in g.errors.iter().chain(&g.warnings).chain(&g.notes) {
                    self.message(d, out);
                }
                if !self.quiet {
                    let _ = writeln!(out, "{}", g.line_text());
                }
            }
            Finding::FileDone(file) => self.end_file(file, out),
        }
    }

    /// What has been counted so far.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// A located message, unless the file has had its share.
    fn message(&mut self, d: &Diagnostic, out: &mut String) {
        if self.shown < MAX_MESSAGES_PER_FILE {
            self.shown += 1;
            out.push_str(&if self.colored {
                d.render_colored()
            } else {
                d.render()
            });
        } else {
            self.hidden += 1;
        }
    }

    /// After a file's findings: how many messages were left out.
    fn end_file(&mut self, file: &Path, out: &mut String) {
        if self.hidden > 0 {
            let _ = writeln!(
                out,
                "… and {} more message{} in {} (the first {MAX_MESSAGES_PER_FILE} are shown)",
                self.hidden,
                if self.hidden == 1 { "" } else { "s" },
                printable(&file.display().to_string())
            );
        }
        self.shown = 0;
        self.hidden = 0;
    }
}

/// The form of `check`'s report.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum ReportFormat {
    /// A line per game (unless quiet), each problem, and a summary, written
    /// as they are found.
    #[default]
    Text,
    /// One JSON document, written at the end.
    Json,
}

/// How a whole run of `check` is reported.
#[derive(Debug, Clone, Copy, Default)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct ReportOptions {
    /// Output format.
    #[cfg_attr(feature = "cli", arg(long, value_enum, default_value = "text"))]
    pub format: ReportFormat,
    /// Print only problems and the summary, not one line per game.
    #[cfg_attr(feature = "cli", arg(short, long))]
    pub quiet: bool,
    /// Text: messages in terminal colours.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub colored: bool,
    /// The files' format, over what their extensions say; `-` (standard
    /// input) is read as what it holds unless this names a format.
    #[cfg_attr(feature = "cli", arg(long, value_enum, value_name = "FORMAT"))]
    pub from: Option<FileFormat>,
}

/// Checks every file of `files` and writes the report to `out` (`unread`:
/// the paths named that could not be read, one error each): text
/// closing with the summary line, or one JSON document. `done` is called
/// as each file is done (for a progress bar). Once `out` fails nothing
/// more is read, and its error is returned. Returns the totals, and true
/// when a file could not be read.
pub fn write_report(
    files: &FileSet,
    unread: &[Diagnostic],
    opts: &ReportOptions,
    done: &(dyn Fn() + Sync),
    out: &mut dyn io::Write,
) -> io::Result<(Totals, bool)> {
    if opts.format == ReportFormat::Json {
        // Paths that could not be read are file errors of the document
        // too, so that a reader of the JSON alone sees them.
        let mut reports: Vec<super::FileReport> = unread
            .iter()
            .map(|d| super::FileReport {
                errors: vec![d.clone()],
                io_error: true,
                games: Vec::new(),
            })
            .collect();
        reports.extend(files.reports(opts.from, done));
        let json = to_json(&reports).map_err(io::Error::other)?;
        out.write_all(json.as_bytes())?;
        out.flush()?;
        let io_error = reports.iter().any(|r| r.io_error);
        return Ok((Totals::of(&reports), io_error));
    }
    let mut report = TextReport::new(files.len(), opts.quiet, opts.colored);
    let mut text = String::new();
    let mut failed = None;
    let io_error = files.each(opts.from, done, &mut |f| {
        report.add(&f, &mut text);
        if text.len() >= 64 << 10 {
            if let Err(e) = out.write_all(text.as_bytes()) {
                failed = Some(e);
                return ControlFlow::Break(());
            }
            text.clear();
        }
        ControlFlow::Continue(())
    });
    if let Some(e) = failed {
        return Err(e);
    }
    // Paths that could not be read (said on standard error before the
    // report) count as errors of the run.
    let mut totals = report.totals();
    totals.errors += unread.len();
    let _ = writeln!(text, "{}", totals.summary());
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok((totals, io_error))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_past_the_cap_are_counted_not_written() {
        let mut report = TextReport::new(1, true, false);
        let mut out = String::new();
        for i in 0..MAX_MESSAGES_PER_FILE + 3 {
            let d = Diagnostic::error(format!("problem {i}")).with_file("f.twixt");
            report.add(&Finding::FileError(d), &mut out);
        }
        report.add(&Finding::FileDone("f.twixt".into()), &mut out);
        assert_eq!(report.totals().errors, MAX_MESSAGES_PER_FILE + 3);
        assert!(out.contains("problem 99"), "{out}");
        assert!(!out.contains("problem 100"), "{out}");
        assert!(
            out.ends_with("… and 3 more messages in f.twixt (the first 100 are shown)\n"),
            "{out}"
        );
    }
}
