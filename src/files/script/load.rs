//! Reading game files of any supported format into script games.

use std::path::{Path, PathBuf};

use super::{Game, Span, parse};
use crate::diagnostic::Diagnostic;
use crate::formats::Location;
use crate::limits::MAX_INPUT_BYTES;
use crate::record::Record;

/// File extensions `load_games` understands (lower case, without the dot).
pub const EXTENSIONS: &[&str] = &["twixt", "tsgf", "t1", "txt", "moves", "sgf", "json"];

/// The games of one file, with the text they came from and any syntax errors
/// (games with errors are left out; the others are kept).
#[derive(Debug, Clone)]
pub struct LoadedFile {
    /// The path the file was read from.
    pub path: PathBuf,
    /// The file's text (invalid UTF-8 replaced), for error snippets.
    pub source: String,
    /// The games read without errors, in file order.
    pub games: Vec<Game>,
    /// Syntax and read errors, ready to print.
    pub errors: Vec<Diagnostic>,
}

/// Why a file could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The extension names no known format and none was given.
    #[error("{path}: unknown file type: expected one of .{}", EXTENSIONS.join(", ."))]
    UnknownExtension {
        /// The file.
        path: PathBuf,
    },
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for LoadError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// The formats of game files, named by extension or by `--from`. (With the
/// `cli` feature the command line parses them by the names `twixt`, `tsgf`
/// or `lg`, `t1` and `moves`; the variants' comments are their help.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum FileFormat {
    /// A `.twixt` game script.
    #[cfg_attr(feature = "cli", value(name = "twixt"))]
    Script,
    /// Little Golem `.tsgf`.
    #[cfg_attr(feature = "cli", value(name = "tsgf", alias = "lg"))]
    LittleGolem,
    /// T1j `.T1`.
    T1,
    /// A numbered move list (`.txt`, `.moves`).
    #[cfg_attr(feature = "cli", value(name = "moves"))]
    MoveList,
    /// Plain text as players paste it (`1.f6 2.swap 3.m16 … 1-0`).
    #[cfg_attr(feature = "cli", value(name = "text"))]
    PlainText,
    /// SGF for TwixT (`GM[21]`, `.sgf`).
    Sgf,
    /// An AbstractPlay game record (`.json`).
    #[cfg_attr(feature = "cli", value(name = "abstractplay", alias = "ap"))]
    AbstractPlay,
    /// A Boardspace TwixT game file (`GM[Twixt]`, `.sgf`).
    #[cfg_attr(feature = "cli", value(name = "boardspace", alias = "bs"))]
    Boardspace,
    /// twixtkit's JSON of game records (`schema_version`, `.json`).
    #[cfg_attr(feature = "cli", value(name = "json"))]
    Json,
}

impl FileFormat {
    /// The format a file name says; `-` (standard input) is a script.
    pub fn of_path(path: &Path) -> Option<FileFormat> {
        if path == Path::new("-") {
            return Some(FileFormat::Script);
        }
        // `games.tsgf.gz` is a `.tsgf` file, compressed.
        let ext = crate::limits::without_gz(path)
            .extension()?
            .to_str()?
            .to_ascii_lowercase();
        Some(match ext.as_str() {
            "twixt" => FileFormat::Script,
            "tsgf" => FileFormat::LittleGolem,
            "t1" => FileFormat::T1,
            "txt" | "moves" => FileFormat::MoveList,
            "sgf" => FileFormat::Sgf,
            "json" => FileFormat::AbstractPlay,
            _ => return None,
        })
    }
}

impl FileFormat {
    /// The format the first bytes of a record show, for input that has no
    /// name to go by (standard input): a Little Golem record opens with
    /// `(;`; a line starting `# ` opens a T1 file (thirteen header lines,
    /// each with a `#` comment, rows and columns numbers) or else a move
    /// list with a comment; anything else is a script. No script starts
    /// either way, so a script is never taken for another format.
    ///
    /// ```
    /// use twixtkit::script::FileFormat;
    /// assert_eq!(FileFormat::sniff(b"(;FF[4]SZ[24];r[ch])"), FileFormat::LittleGolem);
    /// assert_eq!(FileFormat::sniff(b"# my games\n1. f6 2. m12\n"), FileFormat::MoveList);
    /// assert_eq!(FileFormat::sniff(b"[Rules \"pencil\"]\n1. f6\n"), FileFormat::Script);
    /// ```
    pub fn sniff(head: &[u8]) -> FileFormat {
        let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let text = String::from_utf8_lossy(&head[..head.len().min(4096)]);
        let text = text.trim_start_matches(|c: char| c.is_ascii_whitespace());
        if crate::formats::boardspace::looks_like(text) {
            return FileFormat::Boardspace;
        }
        if text.starts_with("(;") {
            if crate::formats::sgf::looks_like(text) {
                return FileFormat::Sgf;
            }
            return FileFormat::LittleGolem;
        }
        if crate::formats::json::looks_like(text) {
            return FileFormat::Json;
        }
        if crate::formats::abstractplay::looks_like(text) {
            return FileFormat::AbstractPlay;
        }
        if crate::formats::plaintext::looks_like(text) {
            return FileFormat::PlainText;
        }
        let first = text.lines().next().unwrap_or("");
        let comment =
            first.starts_with('#') && first[1..].chars().next().is_none_or(char::is_whitespace);
        if !comment {
            return FileFormat::Script;
        }
        let header: Vec<&str> = text
            .lines()
            .take(crate::formats::t1::HEADER_LINES)
            .collect();
        let number = |line: &str| {
            let v = line.split('#').next().unwrap_or("").trim();
            v.len() <= 4 && v.bytes().all(|b| b.is_ascii_digit())
        };
        if header.len() == crate::formats::t1::HEADER_LINES
            && header.iter().all(|l| l.contains('#'))
            && number(header[5])
            && number(header[6])
        {
            FileFormat::T1
        } else {
            FileFormat::MoveList
        }
    }
}

/// True when `path` has an extension `load_games` reads (also with `.gz`
/// after it: compressed files are read as they are).
pub fn is_game_file(path: &Path) -> bool {
    crate::limits::without_gz(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

/// Reads a game file, choosing the reader by extension (`-` is standard
/// input, read as a script).
pub fn load_games(path: &Path) -> Result<LoadedFile, LoadError> {
    load_games_as(path, None)
}

/// Reads a game file in `format`, or the format its extension names;
/// standard input (`-`) in the format its content shows
/// ([`FileFormat::sniff`]).
pub fn load_games_as(path: &Path, format: Option<FileFormat>) -> Result<LoadedFile, LoadError> {
    let named = if path == Path::new("-") && format.is_none() {
        None
    } else {
        let format = format.or_else(|| FileFormat::of_path(path));
        Some(format.ok_or_else(|| LoadError::UnknownExtension {
            path: path.to_path_buf(),
        })?)
    };
    // The mark kept: it tells a Little Golem file's encoding.
    let bytes = crate::files::archive::read_input(path, MAX_INPUT_BYTES).map_err(|source| {
        LoadError::Io {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(match named.unwrap_or_else(|| FileFormat::sniff(&bytes)) {
        FileFormat::Script => script_from_bytes(path, &bytes),
        // Other formats (`src/files/formats/`) read into `Record`s, which
        // become games through `Game::from_record`. Add new formats here
        // and in EXTENSIONS.
        other => records_as_games(path, &bytes, other),
    })
}

/// The games of a record file's `bytes` (Little Golem, T1, move list) as
/// script games whose moves point at their place in the text, so that a
/// replay error names the move's line and column.
pub(crate) fn records_as_games(path: &Path, bytes: &[u8], format: FileFormat) -> LoadedFile {
    use crate::formats::{Error, littlegolem, movelist, plaintext, t1};
    let records = match format {
        FileFormat::LittleGolem => littlegolem::read(bytes).map(|r| vec![r]),
        FileFormat::T1 => t1::read(bytes).map(|r| vec![r]),
        FileFormat::PlainText => plaintext::read(bytes),
        FileFormat::Sgf => crate::formats::read_sgf_file(bytes).map(|r| vec![r]),
        FileFormat::AbstractPlay => crate::formats::read_json_file(bytes),
        FileFormat::Boardspace => crate::formats::boardspace::read(bytes).map(|r| vec![r]),
        FileFormat::Json => crate::formats::json::read(bytes),
        _ => movelist::read(bytes),
    }
    .map_err(|e| match e {
        Error::Syntax { at, message } => (Some(at), message),
        other => (None, other.to_string()),
    });
    // Latin-1 files still get a readable snippet.
    let source = record_source(bytes, format);
    let name = path.display().to_string();
    let (games, errors) = match records {
        Ok(rs) => (located_games(&rs, &source), Vec::new()),
        Err((at, message)) => {
            let message = message + &script_hint(bytes, format);
            let d = Diagnostic::error(message).with_file(name);
            let d = match at {
                Some(Location { line, column }) => {
                    d.at_line_col(&source, line as u32, column as u32, 1)
                }
                None => d,
            };
            (Vec::new(), vec![d])
        }
    };
    LoadedFile {
        path: path.to_path_buf(),
        source,
        games,
        errors,
    }
}

/// Records as script games whose moves point at where `source` writes
/// them, each game starting on the line of its first move, so that a
/// replay error names the move's line, column and snippet as a script's does.
pub(crate) fn located_games(records: &[Record], source: &str) -> Vec<Game> {
    // One pass over the text places every move of every game.
    let mut spans = MoveSpans::new(source);
    records
        .iter()
        .map(|r| {
            let mut g = Game::from_record(r);
            g.span.line = r.move_at.0.first().map_or(1, |at| at.line as u32);
            g.span.col = 1;
            let moves = g.line.elements.iter_mut().filter_map(|e| match e {
                super::Element::Move(m) => Some(m),
                _ => None,
            });
            for (m, at) in moves.zip(&r.move_at.0) {
                m.span = spans.span(*at);
            }
            g
        })
        .collect()
}

/// The spans of the moves of records, found in one pass over their text:
/// each location asked for continues from the last, line by line.
pub(crate) struct MoveSpans<'a> {
    text: &'a str,
    offset: usize,
    at: Location,
}

impl MoveSpans<'_> {
    pub(crate) fn new(text: &str) -> MoveSpans<'_> {
        MoveSpans {
            text,
            offset: 0,
            at: Location { line: 1, column: 1 },
        }
    }

    /// The span of the move written at `at`: its word, up to white space,
    /// `;`, `)` or `#`.
    pub(crate) fn span(&mut self, at: Location) -> Span {
        if (at.line, at.column) < (self.at.line, self.at.column) {
            (self.offset, self.at) = (0, Location { line: 1, column: 1 });
        }
        while self.at.line < at.line {
            let Some(k) = self.text[self.offset..].find('\n') else {
                break;
            };
            self.offset += k + 1;
            self.at = Location {
                line: self.at.line + 1,
                column: 1,
            };
        }
        let ahead = at.column.saturating_sub(self.at.column);
        let rest = &self.text[self.offset..];
        self.offset += rest
            .char_indices()
            .nth(ahead)
            .map_or(rest.len(), |(k, _)| k);
        self.at.column += ahead;
        let word = self.text[self.offset..]
            .find(|c: char| c.is_whitespace() || matches!(c, ';' | ')' | '#'))
            .unwrap_or(self.text.len() - self.offset);
        Span::new(self.offset, at.line as u32, at.column as u32, word.max(1))
    }
}

/// When a record file that failed to read is a valid game script, says so:
/// a script saved as `.txt` reads as a move list and fails puzzlingly.
pub fn script_hint(bytes: &[u8], format: FileFormat) -> String {
    // A JSON object is one script comment (`{…}`): no hint for JSON.
    if matches!(
        format,
        FileFormat::Script | FileFormat::AbstractPlay | FileFormat::Json
    ) {
        return String::new();
    }
    // Only a script that says more than moves: a plain move list with a
    // wrong move parses as a script too, and is no script.
    let scripted = |g: &Game| {
        !g.tags.is_empty()
            || g.setup.is_some()
            || g.line
                .elements
                .iter()
                .any(|e| !matches!(e, super::Element::Move(_)))
    };
    match std::str::from_utf8(bytes).map(parse) {
        Ok(p) if p.errors.is_empty() && p.file.games.iter().any(scripted) => {
            " (the file reads as a game script: try --from twixt)".to_string()
        }
        _ => String::new(),
    }
}

/// A script already read (from standard input, say) as a loaded file.
pub fn script_from_bytes(path: &Path, bytes: &[u8]) -> LoadedFile {
    let name = path.display().to_string();
    let source = match crate::formats::utf8(bytes) {
        Ok(s) => s.to_string(),
        Err((at, message)) => {
            let source = String::from_utf8_lossy(bytes).into_owned();
            let d = Diagnostic::error(message).with_file(name).at_line_col(
                &source,
                at.line as u32,
                at.column as u32,
                1,
            );
            return LoadedFile {
                path: path.to_path_buf(),
                source,
                games: Vec::new(),
                errors: vec![d],
            };
        }
    };
    let parsed = parse(&source);
    let errors = parsed
        .errors
        .iter()
        .map(|e| e.to_diagnostic(&name, &source))
        .collect();
    LoadedFile {
        path: path.to_path_buf(),
        games: parsed.file.games,
        errors,
        source,
    }
}

/// The text of a record file as its reader saw it, for snippets: a
/// Little Golem file without a byte-order mark is Latin-1, every byte one
/// character (so that the columns of its moves fall where they are written).
pub(crate) fn record_source(bytes: &[u8], format: FileFormat) -> String {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) if format == FileFormat::LittleGolem => {
            bytes.iter().map(|&b| char::from(b)).collect()
        }
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}
