//! Compiler-style messages about a place in a text file:
//!
//! ```text
//! error: expected a hole like f6, found `f66x`
//!  --> game.twixt:3:4
//!   |
//! 3 | 1. f66x 2. swap
//!   |    ^^^^ not a hole
//! ```
//!
//! Any module that reads text can build a [`Diagnostic`]; rendering is plain
//! text with no colour so that output is deterministic.

use std::fmt;

use serde::Serialize;

/// How bad a message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something is wrong; the check fails.
    Error,
    /// Suspicious but legal; the check still passes.
    Warning,
    /// Extra information.
    Note,
}

impl Severity {
    /// Lower-case name as printed: `error`, `warning` or `note`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// The severity's [`name`](Severity::name), as messages print it.
impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error that says where it lies and whose it is: the located
/// diagnostics that explain it (printed before its message), and whether
/// it is a mistake in how it was asked (a name, an option, a file that
/// cannot be read or written: exit code 2 in the CLI) or wrong content in
/// the input (exit code 1). Every error type of the crate implements it.
pub trait Explained: std::error::Error {
    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        &[]
    }

    /// True for a usage or I/O problem, false when the input's content is
    /// wrong.
    fn is_usage(&self) -> bool {
        true
    }
}

/// One message, optionally pointing at a stretch of one source line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: Severity,
    /// The message text, printed after the severity.
    pub message: String,
    /// File name as the user gave it; empty when the text has no file.
    pub file: String,
    /// One-based line; 0 when the message is about the whole file.
    pub line: u32,
    /// One-based column, counted in characters.
    pub col: u32,
    /// Number of characters underlined (at least one caret is drawn).
    pub len: usize,
    /// The source line the message points into, without its line break.
    pub snippet: String,
    /// Short text printed after the carets.
    pub label: String,
    /// Characters of the source line left out before `snippet` (long lines
    /// are shown as a window around the column).
    #[serde(skip)]
    pub snippet_skip: u32,
    /// What kind of finding it is, for programs reading the JSON report
    /// (`false-claim`, `cannot-decide`, `wrong-move`, `cook`, `shorter`,
    /// `keys`, `follows`: docs/script-format.md); absent for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

/// Longest snippet shown, in characters; longer lines are clipped around
/// the column so that a 50 MB line gives a short message.
pub const MAX_SNIPPET_CHARS: usize = 160;

impl Diagnostic {
    /// A message with no location yet.
    pub fn new(severity: Severity, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            message: message.into(),
            file: String::new(),
            line: 0,
            col: 0,
            len: 0,
            snippet: String::new(),
            label: String::new(),
            snippet_skip: 0,
            kind: None,
        }
    }

    /// An error with no location yet.
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, message)
    }

    /// A warning with no location yet.
    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, message)
    }

    /// Sets the file name.
    pub fn with_file(mut self, file: impl Into<String>) -> Diagnostic {
        self.file = file.into();
        self
    }

    /// Sets the kind of finding ([`Diagnostic::kind`]).
    pub fn with_kind(mut self, kind: Option<&'static str>) -> Diagnostic {
        self.kind = kind;
        self
    }

    /// Sets the text printed after the carets.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    /// Points the message at `len` bytes from byte `offset` of `source`; line,
    /// column (in characters) and the snippet line are computed from the text.
    /// Offsets past the end or inside a character are clamped.
    pub fn at(self, source: &str, offset: usize, len: usize) -> Diagnostic {
        let end = offset.min(source.len());
        let line = 1 + crate::grammar::count_newlines(&source.as_bytes()[..end]) as u32;
        self.at_known_line(source, offset, len, line)
    }

    /// As [`Diagnostic::at`] when the line of `offset` is already known (the
    /// parser tracks it): only that line is scanned, so reporting many
    /// errors in a large file stays linear.
    pub fn at_known_line(
        mut self,
        source: &str,
        offset: usize,
        len: usize,
        line: u32,
    ) -> Diagnostic {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[offset..]
            .find('\n')
            .map_or(source.len(), |i| offset + i);
        let line_text = source[line_start..line_end].trim_end_matches('\r');
        self.line = line;
        self.col = 1 + source[line_start..offset].chars().count() as u32;
        // Underline at most to the end of the line.
        let mut end = (offset + len).min(line_start + line_text.len()).max(offset);
        while !source.is_char_boundary(end) {
            end -= 1;
        }
        self.len = source[offset..end].chars().count();
        self.snippet_skip = 0;
        if line_text.len() > MAX_SNIPPET_CHARS {
            let skip = (self.col as usize - 1).saturating_sub(MAX_SNIPPET_CHARS / 3);
            self.snippet = line_text
                .chars()
                .skip(skip)
                .take(MAX_SNIPPET_CHARS)
                .collect();
            self.snippet_skip = skip as u32;
            self.len = self.len.min(MAX_SNIPPET_CHARS);
        } else {
            self.snippet = line_text.to_string();
        }
        self
    }

    /// Points the message at a one-based line and character column of `source`.
    pub fn at_line_col(self, source: &str, line: u32, col: u32, len: usize) -> Diagnostic {
        let line_start = if line <= 1 {
            0
        } else {
            source
                .match_indices('\n')
                .nth(line as usize - 2)
                .map_or(source.len(), |(i, _)| i + 1)
        };
        let offset = source[line_start..]
            .char_indices()
            .nth(col.saturating_sub(1) as usize)
            .map_or(source.len(), |(i, _)| line_start + i);
        self.at(source, offset, len)
    }

    /// The rendered message, ending with a newline.
    pub fn render(&self) -> String {
        self.to_string()
    }
}

/// `text` with control characters (from binary files, or escape sequences in
/// a hostile title or file name) shown as `�`, so that text from a file never
/// sends terminal escapes. Everything twixt prints from a file goes through it.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect()
}

/// `text` with control characters other than line ends written as Rust
/// escapes (`\u{1b}`, `\u{7}`): for echoing what a user typed, which they
/// should recognise, without the terminal acting on it.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() && c != '\n' {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// Characters that show nothing where they stand: controls, zero-width and
/// direction marks, the byte-order mark, the soft hyphen, and the
/// noncharacters U+FFFE and U+FFFF. A message names them by code point
/// instead of quoting them.
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{FFFE}'
                | '\u{FFFF}'
        )
}

/// Terminal colours for a diagnostic, or none.
struct Paint {
    severity: &'static str,
    accent: &'static str,
    reset: &'static str,
}

const PLAIN: Paint = Paint {
    severity: "",
    accent: "",
    reset: "",
};

impl Diagnostic {
    /// The rendered message with ANSI colours for a terminal (as rustc does:
    /// the severity and carets in red or yellow, the frame in blue). Text from
    /// files is still made printable, so no escape but ours gets through.
    pub fn render_colored(&self) -> String {
        let paint = Paint {
            severity: match self.severity {
                Severity::Error => "\x1b[1;31m",
                _ => "\x1b[1;33m",
            },
            accent: "\x1b[1;34m",
            reset: "\x1b[0m",
        };
        let mut out = String::new();
        let _ = self.write_to(&mut out, &paint);
        out
    }

    fn write_to(&self, f: &mut impl fmt::Write, p: &Paint) -> fmt::Result {
        let (sev, acc, end) = (p.severity, p.accent, p.reset);
        writeln!(
            f,
            "{sev}{}{end}: {}",
            self.severity.name(),
            printable(&self.message)
        )?;
        if self.line == 0 {
            if !self.file.is_empty() {
                writeln!(f, " {acc}-->{end} {}", printable(&self.file))?;
            }
            return Ok(());
        }
        let num = self.line.to_string();
        let pad = " ".repeat(num.len());
        let file = if self.file.is_empty() {
            "<input>".to_string()
        } else {
            printable(&self.file)
        };
        writeln!(f, "{pad}{acc}-->{end} {file}:{}:{}", self.line, self.col)?;
        writeln!(f, "{pad} {acc}|{end}")?;
        // Tabs become one space so that carets stay under the right
        // characters; other control characters become `�`.
        let snippet = printable(&self.snippet.replace('\t', " "));
        writeln!(f, "{acc}{num} |{end} {snippet}")?;
        let carets = "^".repeat(self.len.max(1));
        let indent = " ".repeat(self.col.saturating_sub(1 + self.snippet_skip) as usize);
        if self.label.is_empty() {
            writeln!(f, "{pad} {acc}|{end} {indent}{sev}{carets}{end}")
        } else {
            writeln!(
                f,
                "{pad} {acc}|{end} {indent}{sev}{carets} {}{end}",
                printable(&self.label)
            )
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f, &PLAIN)
    }
}

/// The candidate closest to a misspelt `word`, when one is close enough to
/// be a likely meaning (for "did you mean" hints): at most a third of its
/// letters differ, case ignored.
pub fn did_you_mean<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let w = word.to_lowercase();
    candidates
        .iter()
        .map(|c| (edit_distance(&w, &c.to_lowercase()), *c))
        .filter(|(d, c)| *d > 0 && *d * 3 <= c.chars().count().max(3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Letters to insert, delete, replace or swap with a neighbour to turn `a`
/// into `b` (the optimal string alignment distance). The few names a hint
/// compares are short, so the table costs nothing; writing it here keeps
/// the engine crate's dependencies to the rules' own.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

/// Items written a space apart, as setups and claims list holes, links
/// and points.
#[doc(hidden)]
pub fn spaced<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let words: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    words.join(" ")
}

/// [`spaced`], or `none` when there are no items, as claims list them.
#[doc(hidden)]
pub fn spaced_or_none<T: std::fmt::Display>(items: &[T]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        spaced(items)
    }
}

/// `1 game`, `2 games`: a count with its noun, plural when not one.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_each_kind_of_slip() {
        assert_eq!(edit_distance("pencil", "pencil"), 0);
        assert_eq!(edit_distance("pencl", "pencil"), 1); // a letter left out
        assert_eq!(edit_distance("penncil", "pencil"), 1); // one too many
        assert_eq!(edit_distance("pemcil", "pencil"), 1); // one wrong
        assert_eq!(edit_distance("pecnil", "pencil"), 1); // two swapped
        assert_eq!(edit_distance("", "t1"), 2);
        assert_eq!(
            did_you_mean("dujardn", &["pencil", "dujardin"]),
            Some("dujardin")
        );
        assert_eq!(did_you_mean("chess", &["pencil", "dujardin"]), None);
    }

    #[test]
    fn renders_like_a_compiler() {
        let src = "[Size \"24\"]\n\n1. f66x 2. swap\n";
        let off = src.find("f66x").unwrap();
        let d = Diagnostic::error("expected a hole like f6, found `f66x`")
            .with_file("game.twixt")
            .with_label("not a hole")
            .at(src, off, 4);
        assert_eq!((d.line, d.col, d.len), (3, 4, 4));
        assert_eq!(
            d.render(),
            "error: expected a hole like f6, found `f66x`\n --> game.twixt:3:4\n  |\n3 | 1. f66x 2. swap\n  |    ^^^^ not a hole\n"
        );
    }

    #[test]
    fn columns_count_characters_and_clamp() {
        let src = "{é} f6\nx";
        let d = Diagnostic::warning("w").at(src, src.find("f6").unwrap(), 99);
        assert_eq!((d.line, d.col, d.len), (1, 5, 2));
        let d = Diagnostic::warning("w").at(src, 1000, 1);
        assert_eq!((d.line, d.col, d.len), (2, 2, 0));
        assert!(d.render().contains("2 | x\n  |  ^\n"));
        // Offset inside a multi-byte character is moved back to its start.
        let d = Diagnostic::warning("w").at(src, 2, 1);
        assert_eq!(d.col, 2);
    }

    #[test]
    fn line_and_column_positions() {
        let src = "ab\ncdé f\n";
        let d = Diagnostic::error("e").at_line_col(src, 2, 5, 1);
        assert_eq!((d.line, d.col, d.snippet.as_str()), (2, 5, "cdé f"));
    }

    #[test]
    fn whole_file_messages_have_no_snippet() {
        let d = Diagnostic::error("cannot read").with_file("x.twixt");
        assert_eq!(d.render(), "error: cannot read\n --> x.twixt\n");
    }
}
