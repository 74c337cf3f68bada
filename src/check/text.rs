//! The text report of `twixt check`, made a finding at a time: located
//! messages (at most [`MAX_MESSAGES_PER_FILE`] a file), one line per game
//! unless quiet, and the totals for the closing summary.

use std::fmt::Write as _;
use std::path::Path;

use super::{Finding, Totals};
use crate::diagnostic::{Diagnostic, printable};

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
                games: 0,
                errors: 0,
                warnings: 0,
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
                for d in g.errors.iter().chain(&g.warnings) {
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
