//! Game scripts in canonical form: what `twixt fmt` does. A file (TwixT or
//! TWRS script) is read, its canonical text made, and it is rewritten in
//! place only when that differs, keeping its permissions, and never
//! parting hard links or writing a read-only file unless forced.
//!
//! ```no_run
//! // Rewrites the file when it is not canonical; any size.
//! let rewritten = twixtkit::commands::canonical::format_in_place("game.twixt".as_ref(), false)?;
//! // Or, for a file that fits in memory, look at the text first:
//! let f = twixtkit::commands::canonical::format_file("game.twixt".as_ref())?;
//! if f.differs.is_some() {
//!     twixtkit::commands::canonical::rewrite("game.twixt".as_ref(), &f.canonical, false)?;
//! }
//! # Ok::<(), twixtkit::commands::canonical::Error>(())
//! ```

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;
use crate::limits::{MAX_INPUT_BYTES, describe_bytes, read_regular_text};
use crate::output::{OutputError, replace_file};

/// Why a script could not be formatted.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A folder named could not be listed.
    #[error("cannot read folder {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is a record of another format or compressed, by its name.
    #[error(
        "{name} is {what}, not a game script: fmt rewrites .twixt scripts (`twixt convert` makes one from a record)"
    )]
    NotScript {
        /// The file, as named.
        name: String,
        /// What its name says it is: `a Little Golem record`, say.
        what: &'static str,
    },
    /// The file could not be read.
    #[error("cannot read {name}: {source}")]
    Read {
        /// The file, as named.
        name: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The script has syntax errors; `diagnostics` locates each.
    #[error("{name} not formatted: fix the errors above first")]
    Syntax {
        /// The file, as named.
        name: String,
        /// One diagnostic per error, ready to print.
        diagnostics: Vec<Diagnostic>,
    },
    /// The canonical text would be too large to read back.
    #[error(
        "{name}: the canonical form would be larger than {}, which twixt cannot read back; split the file",
        describe_bytes(MAX_INPUT_BYTES)
    )]
    TooLarge {
        /// The file, as named.
        name: String,
    },
    /// The file's real path could not be found.
    #[error("cannot resolve {name}: {source}")]
    Resolve {
        /// The file, as named.
        name: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is read-only (and rewriting was not forced).
    #[error("{0} is read-only; not rewritten (--force rewrites it)")]
    ReadOnly(String),
    /// The file has several hard links (and rewriting was not forced).
    #[error(
        "{name} has {links} hard links; rewriting it would part them (--force rewrites it as a file of its own)"
    )]
    HardLinks {
        /// The file, as named.
        name: String,
        /// How many links it has.
        links: u64,
    },
    /// The file could not be replaced.
    #[error(transparent)]
    Output(#[from] OutputError),
}

impl crate::diagnostic::Explained for Error {
    /// True for a usage or I/O problem (exit code 2 in the CLI), false when
    /// the script is wrong (exit code 1).
    fn is_usage(&self) -> bool {
        !matches!(self, Error::Syntax { .. })
    }

    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Error::Syntax { diagnostics, .. } => diagnostics,
            _ => &[],
        }
    }
}

/// The files named, with each folder replaced by the `.twixt` files
/// directly inside it, sorted (links and subfolders are not followed).
pub fn script_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for p in paths {
        if !p.is_dir() {
            out.push(p.clone());
            continue;
        }
        let entries = std::fs::read_dir(p).map_err(|source| Error::Folder {
            path: p.clone(),
            source,
        })?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .filter(|f| {
                f.extension()
                    .is_some_and(|x| x.eq_ignore_ascii_case("twixt"))
            })
            .collect();
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

/// What a run over many files does to each: check it, or rewrite it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Change nothing; name each file that is not canonical.
    Check,
    /// Rewrite each file that is not canonical; `force` rewrites read-only
    /// and hard-linked files too (see [`rewrite`]).
    Rewrite {
        /// Rewrite files that are read-only or have several hard links.
        force: bool,
    },
}

/// What a run did with one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// It was canonical already.
    Canonical,
    /// It was rewritten in canonical form.
    Rewritten,
    /// Checking: it is not canonical, and this is how it differs.
    NotCanonical(Difference),
    /// Standard input (`-`), rewriting: its canonical text, for the caller
    /// to write to standard output, and whether it differs from the input.
    Text {
        /// The canonical text.
        text: String,
        /// True when the input was not canonical.
        changed: bool,
    },
}

impl Outcome {
    /// What `twixt fmt` writes to standard output for the file `path`:
    /// the line naming a file that is not canonical (checking), the
    /// canonical text of standard input (rewriting), else nothing.
    pub fn into_stdout(self, path: &Path) -> String {
        match self {
            Outcome::NotCanonical(how) => {
                let name = crate::diagnostic::printable(&path.display().to_string());
                format!("{name}: not in canonical form{}\n", how.note())
            }
            Outcome::Text { text, .. } => text,
            Outcome::Canonical | Outcome::Rewritten => String::new(),
        }
    }
}

/// A run of `twixt fmt` over many files, counted as it goes. Its
/// `Display` is the summary: `2 files rewritten, 5 already canonical`.
///
/// ```no_run
/// use twixtkit::commands::canonical::{Mode, Outcome, Run, script_files};
/// let mut run = Run::new(Mode::Check);
/// for path in script_files(&["games".into()])? {
///     match run.file(&path) {
///         Ok(Outcome::NotCanonical(how)) => println!("{}{}", path.display(), how.note()),
///         Ok(_) => {}
///         Err(e) => eprintln!("{e}"),
///     }
/// }
/// eprintln!("{run}");
/// # Ok::<(), twixtkit::commands::canonical::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Run {
    mode: Mode,
    /// Files rewritten (or, checking, found not canonical).
    pub changed: usize,
    /// Files already canonical.
    pub canonical: usize,
    /// Files that could not be formatted because the script is wrong.
    pub invalid: usize,
    /// Files that could not be read or written.
    pub unusable: usize,
}

impl Run {
    /// A run that has seen no file yet.
    pub fn new(mode: Mode) -> Run {
        Run {
            mode,
            changed: 0,
            canonical: 0,
            invalid: 0,
            unusable: 0,
        }
    }

    /// Checks or rewrites the script at `path`, and counts what happened.
    pub fn file(&mut self, path: &Path) -> Result<Outcome, Error> {
        let done = match self.mode {
            Mode::Check => {
                check_file(path).map(|d| d.map_or(Outcome::Canonical, Outcome::NotCanonical))
            }
            // Standard input is a filter: its canonical text is handed back.
            Mode::Rewrite { .. } if path == Path::new("-") => {
                format_file(path).map(|f| Outcome::Text {
                    changed: f.differs.is_some(),
                    text: f.canonical,
                })
            }
            Mode::Rewrite { force } => format_in_place(path, force).map(|rewritten| {
                if rewritten {
                    Outcome::Rewritten
                } else {
                    Outcome::Canonical
                }
            }),
        };
        match &done {
            Ok(Outcome::Canonical | Outcome::Text { changed: false, .. }) => self.canonical += 1,
            Ok(_) => self.changed += 1,
            Err(e) if crate::diagnostic::Explained::is_usage(e) => self.unusable += 1,
            Err(_) => self.invalid += 1,
        }
        done
    }

    /// The exit status of the run as `twixt fmt` ends: 2 when a file could
    /// not be read or written, else 1 when a script is wrong or (checking)
    /// not canonical, else 0.
    pub fn status(&self) -> u8 {
        if self.unusable > 0 {
            2
        } else if self.invalid > 0 || (self.mode == Mode::Check && self.changed > 0) {
            1
        } else {
            0
        }
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verb = match self.mode {
            Mode::Check => "not in canonical form",
            Mode::Rewrite { .. } => "rewritten",
        };
        let files = crate::diagnostic::count(self.changed, "file");
        write!(f, "{files} {verb}, {} already canonical", self.canonical)
    }
}

/// How a file differs from its canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difference {
    /// It starts with a byte order mark.
    ByteOrderMark,
    /// Only its line endings differ (CRLF where canonical is LF).
    LineEndings,
    /// Its text differs.
    Text,
}

impl Difference {
    /// The difference in words, as a note after a file's name: ` (it
    /// starts with a byte order mark)`; empty for [`Difference::Text`].
    pub fn note(self) -> &'static str {
        match self {
            Difference::ByteOrderMark => " (it starts with a byte order mark)",
            Difference::LineEndings => " (line endings: CRLF, canonical is LF)",
            Difference::Text => "",
        }
    }
}

/// A script and its canonical form.
#[derive(Debug, Clone)]
pub struct Formatted {
    /// The canonical text.
    pub canonical: String,
    /// How the file differs from it; `None` when it is canonical already.
    pub differs: Option<Difference>,
}

/// Reads the script at `path` (a regular file, or a link to one) and makes
/// its canonical text, by the writer of the game its header names. A script with
/// syntax errors has no canonical form; whatever is written must be read
/// back, so a canonical text over [`MAX_INPUT_BYTES`] is refused.
pub fn format_file(path: &Path) -> Result<Formatted, Error> {
    let name = path.display().to_string();
    if let Some(what) = record_named(path) {
        return Err(Error::NotScript { name, what });
    }
    let read = if path == Path::new("-") {
        crate::limits::read_stdin_text(MAX_INPUT_BYTES)
    } else {
        read_regular_text(path, MAX_INPUT_BYTES).map(|text| (text, starts_with_bom(path)))
    };
    let (text, bom) = read.map_err(|source| Error::Read {
        name: name.clone(),
        source,
    })?;
    let (canonical, _) = canonical_text(&name, &text)?;
    if canonical.len() as u64 > MAX_INPUT_BYTES {
        return Err(Error::TooLarge { name });
    }
    let differs = if bom {
        Some(Difference::ByteOrderMark)
    } else {
        text_difference(&canonical, &text)
    };
    Ok(Formatted { canonical, differs })
}

/// The canonical form of the script `text` (by the writer of the game its
/// header names) and how many games it holds; `name` names it in messages.
/// A script with syntax errors has none.
pub fn canonical_text(name: &str, text: &str) -> Result<(String, usize), Error> {
    super::games::of_text(text)
        .canonical(name, text)
        .map_err(|diagnostics| Error::Syntax {
            name: name.to_string(),
            diagnostics,
        })
}

/// How `text` differs from its `canonical` form, a byte order mark aside.
fn text_difference(canonical: &str, text: &str) -> Option<Difference> {
    if canonical == text {
        None
    } else if canonical == text.replace("\r\n", "\n") {
        Some(Difference::LineEndings)
    } else {
        Some(Difference::Text)
    }
}

/// True for a script large enough to be read a window at a time, of a
/// game whose scripts stream.
fn is_large_streamed(path: &Path) -> bool {
    std::fs::metadata(path)
        .is_ok_and(|m| m.is_file() && m.len() >= crate::script::stream::WINDOW_BYTES as u64)
        && super::games::of_path(path).streams()
}

/// Whether the script at `path` is canonical, and if not how it differs,
/// as [`format_file`] says it; a large TwixT script is read a window at a
/// time (its canonical text is compared game by game, never held whole),
/// so a file of any size can be checked.
pub fn check_file(path: &Path) -> Result<Option<Difference>, Error> {
    if !is_large_streamed(path) {
        return format_file(path).map(|f| f.differs);
    }
    let (differs, _) = stream_canonical(path, &mut |_| Ok(()))?;
    if starts_with_bom(path) {
        return Ok(Some(Difference::ByteOrderMark));
    }
    Ok(differs)
}

/// Rewrites the script at `path` in canonical form when it is not, with the
/// care of [`rewrite`]; true when it was rewritten. A large TwixT script is
/// read twice a window at a time (first to find that it has no syntax error
/// and differs, then to write), never held whole.
pub fn format_in_place(path: &Path, force: bool) -> Result<bool, Error> {
    if !is_large_streamed(path) {
        let f = format_file(path)?;
        if f.differs.is_none() {
            return Ok(false);
        }
        rewrite(path, &f.canonical, force)?;
        return Ok(true);
    }
    let name = path.display().to_string();
    let (differs, canonical_len) = stream_canonical(path, &mut |_| Ok(()))?;
    if differs.is_none() && !starts_with_bom(path) {
        return Ok(false);
    }
    // A file other commands can read whole must stay one they can.
    let input_len = std::fs::metadata(path).map_or(0, |m| m.len());
    if canonical_len > MAX_INPUT_BYTES && input_len <= MAX_INPUT_BYTES {
        return Err(Error::TooLarge { name });
    }
    let target = rewrite_target(path, force)?;
    let mut failed = None;
    let written = crate::output::replace_file(&target, &mut |w| {
        let mut write = |chunk: &str| {
            w.write_all(chunk.as_bytes()).map_err(|source| {
                Error::Output(OutputError::Io {
                    path: target.clone(),
                    source,
                })
            })
        };
        stream_canonical(path, &mut write).map(|_| ()).map_err(|e| {
            failed = Some(e);
            std::io::Error::other("stopped")
        })
    });
    match (written, failed) {
        (_, Some(e)) => Err(e),
        (Err(e), None) => Err(e.into()),
        (Ok(()), None) => Ok(true),
    }
}

/// Reads the large TwixT script at `path` a window at a time and hands its
/// canonical text to `sink` in order; says how the text differs (a byte
/// order mark aside) and how long the canonical text is.
fn stream_canonical(
    path: &Path,
    sink: &mut dyn FnMut(&str) -> Result<(), Error>,
) -> Result<(Option<Difference>, u64), Error> {
    let name = path.display().to_string();
    let read_error = |source: std::io::Error| Error::Read {
        name: name.clone(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read_error)?;
    let reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut windows = crate::script::stream::GameStream::new(reader).peekable();
    let mut diagnostics = Vec::new();
    let mut differs: Option<Difference> = None;
    let mut len = 0u64;
    while let Some(window) = windows.next() {
        let window = window.map_err(|e| match e {
            crate::script::stream::StreamError::Io(e) => read_error(e),
            other => read_error(std::io::Error::other(other.to_string())),
        })?;
        // The games of this window as `write_file` writes them, with the
        // blank line that separates them from the next window's.
        let mut canonical = String::with_capacity(window.text.len());
        for (i, piece) in window.pieces.iter().enumerate() {
            match &piece.game {
                Ok(game) => {
                    if i > 0 {
                        canonical.push('\n');
                    }
                    canonical.push_str(&crate::script::write_game(game));
                }
                Err(e) => diagnostics.push(e.to_diagnostic(&name, &window.text)),
            }
        }
        if windows.peek().is_some() {
            canonical.push('\n');
        }
        if diagnostics.is_empty() {
            if let Some(here) = text_difference(&canonical, &window.text) {
                differs = Some(match differs {
                    Some(Difference::Text) => Difference::Text,
                    _ => here,
                });
            }
            len += canonical.len() as u64;
            sink(&canonical)?;
        }
    }
    if !diagnostics.is_empty() {
        return Err(Error::Syntax { name, diagnostics });
    }
    Ok((differs, len))
}

/// Replaces the file at `path` by `canonical`. A link is followed and the
/// file it points to rewritten, the link kept. A read-only file or one with
/// several hard links is refused unless `force`.
pub fn rewrite(path: &Path, canonical: &str, force: bool) -> Result<(), Error> {
    let target = rewrite_target(path, force)?;
    Ok(replace_file(&target, &mut |w| {
        w.write_all(canonical.as_bytes())
    })?)
}

/// The file a rewrite of `path` replaces: where a link points; refused when
/// it is read-only or has several hard links, unless `force`.
fn rewrite_target(path: &Path, force: bool) -> Result<PathBuf, Error> {
    let name = path.display().to_string();
    let target = std::fs::canonicalize(path).map_err(|source| Error::Resolve {
        name: name.clone(),
        source,
    })?;
    let meta = std::fs::metadata(&target).map_err(|source| Error::Read {
        name: name.clone(),
        source,
    })?;
    if !force {
        if crate::output::is_read_only(&meta) {
            return Err(Error::ReadOnly(name));
        }
        let links = hard_links(&meta);
        if links > 1 {
            return Err(Error::HardLinks { name, links });
        }
    }
    Ok(target)
}

/// What a file is, when its name says it is no script: a record of another
/// format, or compressed. Any other name may hold a script.
fn record_named(path: &Path) -> Option<&'static str> {
    use crate::script::FileFormat;
    if crate::limits::without_gz(path) != path {
        return Some("compressed");
    }
    match FileFormat::of_path(path)? {
        FileFormat::Script => None,
        FileFormat::LittleGolem => Some("a Little Golem record"),
        FileFormat::T1 => Some("a T1 file"),
        FileFormat::MoveList => Some("a move list"),
        FileFormat::PlainText => Some("plain text"),
        FileFormat::Sgf => Some("an SGF record"),
        FileFormat::AbstractPlay => Some("an AbstractPlay record"),
        FileFormat::Boardspace => Some("a Boardspace game file"),
        FileFormat::Json => Some("a JSON record"),
    }
}

fn starts_with_bom(path: &Path) -> bool {
    let mut head = [0u8; 3];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == *b"\xEF\xBB\xBF")
}

#[cfg(unix)]
fn hard_links(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn hard_links(_: &std::fs::Metadata) -> u64 {
    1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Explained as _;

    #[test]
    fn a_script_rewritten_is_canonical_and_a_broken_one_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.twixt");
        std::fs::write(&path, "[Rules \"pencil\"]\r\n1.   f6 2. m12\r\n").unwrap();
        let f = format_file(&path).unwrap();
        assert!(f.differs.is_some());
        rewrite(&path, &f.canonical, false).unwrap();
        let again = format_file(&path).unwrap();
        assert_eq!(again.differs, None);
        assert_eq!(again.canonical, f.canonical);

        std::fs::write(&path, f.canonical.replace('\n', "\r\n")).unwrap();
        assert_eq!(
            format_file(&path).unwrap().differs,
            Some(Difference::LineEndings)
        );

        std::fs::write(&path, "1. f66x\n").unwrap();
        let e = format_file(&path).unwrap_err();
        assert!(!e.is_usage());
        assert!(!e.diagnostics().is_empty());
    }

    #[test]
    fn a_run_counts_each_file_and_ends_with_the_status_fmt_exits_with() {
        let dir = tempfile::tempdir().unwrap();
        let canonical = dir.path().join("a.twixt");
        let crlf = dir.path().join("b.twixt");
        std::fs::write(&crlf, "1. f6 2. m12\r\n").unwrap();
        let text = format_file(&crlf).unwrap().canonical;
        std::fs::write(&canonical, &text).unwrap();

        let mut check = Run::new(Mode::Check);
        assert_eq!(check.file(&canonical).unwrap(), Outcome::Canonical);
        assert_eq!(
            check.file(&crlf).unwrap(),
            Outcome::NotCanonical(Difference::LineEndings)
        );
        assert_eq!(check.status(), 1);
        assert_eq!(
            check.to_string(),
            "1 file not in canonical form, 1 already canonical"
        );
        assert!(
            check
                .file(&dir.path().join("missing.twixt"))
                .unwrap_err()
                .is_usage()
        );
        assert_eq!(check.status(), 2);

        let mut rewrite = Run::new(Mode::Rewrite { force: false });
        assert_eq!(rewrite.file(&crlf).unwrap(), Outcome::Rewritten);
        assert_eq!(std::fs::read_to_string(&crlf).unwrap(), text);
        let broken = dir.path().join("c.twixt");
        std::fs::write(&broken, "1. f66x\n").unwrap();
        assert!(!rewrite.file(&broken).unwrap_err().is_usage());
        assert_eq!(
            (rewrite.changed, rewrite.invalid, rewrite.status()),
            (1, 1, 1)
        );
        assert_eq!(rewrite.to_string(), "1 file rewritten, 0 already canonical");

        // A record of another format is refused by its name, untouched.
        let moves = dir.path().join("d.moves");
        std::fs::write(&moves, "1.f6 2.m12\n").unwrap();
        let e = rewrite.file(&moves).unwrap_err();
        assert!(
            matches!(
                e,
                Error::NotScript {
                    what: "a move list",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.is_usage());
        assert_eq!(std::fs::read_to_string(&moves).unwrap(), "1.f6 2.m12\n");
    }
}
