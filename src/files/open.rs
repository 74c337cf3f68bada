//! Opening a game file of any supported format: a script (`.twixt`) or a
//! record (`.tsgf`, `.T1`, `.txt`, `.moves`), read into one [`GameFile`].
//!
//! This is the first step of everything the `twixt` drawing commands do; a
//! program that wants what `twixt render` does needs three lines:
//!
//! ```no_run
//! use twixtkit::diagram::{Scale, Style, to_svg};
//! let file = twixtkit::open::open("game.tsgf")?;
//! for p in file.draw(&twixtkit::pictures::Choice::default())?.pictures {
//!     std::fs::write(format!("{}.svg", p.stem), to_svg(&p.diagram, &Style::rulebook(), Scale::Px(24.0)))?;
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, count};
use crate::files::archive;
use crate::formats::{Location, littlegolem, movelist, plaintext, t1};
use crate::limits::MAX_INPUT_BYTES;
use crate::record::Record;
use crate::script::{FileFormat, Game, MoveSpans, load_games_as, located_games, script_hint};
use twixt_core::board::BoardSize;
use twixt_core::rules::RuleSet;

/// Defaults for files that do not record their rules or board size.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    /// Rule set for records that do not name one (move lists; T1 files
    /// otherwise use the swap T1 files are played with).
    pub rules: Option<RuleSet>,
    /// Board size for move lists.
    pub size: Option<BoardSize>,
    /// The file's format, over what its extension says (`--from`).
    pub format: Option<FileFormat>,
}

/// A TwixT rule set by name, as `--rules` gives it: a YAML rule file
/// (`.yaml`, `.yml`), or a preset (an unknown name is an
/// [`Error::Options`] that suggests the nearest).
pub fn rules_named(name: &str) -> Result<RuleSet, Error> {
    if name.ends_with(".yaml") || name.ends_with(".yml") {
        // A file that cannot be read is a usage problem (2); one whose
        // content is wrong is wrong input (1), as in a `[Rules]` header.
        let path = Path::new(name);
        let text =
            crate::limits::read_regular_text(path, crate::limits::MAX_YAML_BYTES).map_err(|e| {
                let said = crate::script::RulesError::Unreadable {
                    path: path.to_path_buf(),
                    message: e.to_string(),
                }
                .to_string();
                if crate::limits::is_content_error(&e) {
                    Error::BadRuleFile(said)
                } else {
                    Error::Options(said)
                }
            })?;
        crate::script::parse_rules_yaml(path, &text).map_err(|e| Error::BadRuleFile(e.to_string()))
    } else {
        RuleSet::preset(name).map_err(|e| Error::Options(e.to_string()))
    }
}

impl OpenOptions {
    /// The options as a command line names them: a rule set by name
    /// ([`rules_named`]), a board size, a format.
    pub fn named(
        rules: Option<&str>,
        size: Option<BoardSize>,
        format: Option<FileFormat>,
    ) -> Result<OpenOptions, Error> {
        let rules = rules.map(rules_named).transpose()?;
        Ok(OpenOptions {
            rules,
            size,
            format,
        })
    }
}

/// Deepest folder nesting searched for game files.
pub const MAX_FOLDER_DEPTH: usize = 64;

/// A path named or found that could not be searched or read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The path.
    pub path: PathBuf,
    /// Why: `no such file or folder`, the read error, the depth limit, or a
    /// link that leads out of the folder searched.
    pub why: String,
    /// Only worth a warning: a link out of the folder, left out on purpose.
    /// Anything else is a path that should have been read and was not.
    pub warning: bool,
    /// What the file holds is wrong (a damaged zip archive), rather than
    /// that it could not be read: the exit code of a file with errors (1),
    /// not of an unreadable path (2) ([`crate::limits::is_content_error`]).
    pub content: bool,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            crate::diagnostic::printable(&self.path.display().to_string()),
            self.why
        )
    }
}

/// The game files named by `paths`, in a stable order: files as given (a
/// FIFO or device too, when named), folders walked (sorted, links to folders
/// not followed, only regular files with a game file's extension, at most
/// [`MAX_FOLDER_DEPTH`] deep, hidden entries and cache folders left out:
/// [`left_out_of_walks`]). Paths that do not exist and folders that cannot
/// be read or lie too deep go to `skipped`.
pub fn game_files(paths: &[PathBuf], skipped: &mut Vec<Skipped>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p == Path::new("-") {
            out.push(p.clone()); // standard input
            continue;
        }
        match std::fs::metadata(p) {
            Ok(m) if m.is_dir() => {
                let root = std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
                walk(&root, p, 0, &mut out, skipped);
            }
            // A zip archive is read as a folder.
            Ok(m) if m.is_file() && archive::is_zip(p) => {
                out.extend(archive::members(p, skipped));
            }
            Ok(_) => out.push(p.clone()),
            Err(e) => skipped.push(Skipped {
                path: p.clone(),
                why: if e.kind() == std::io::ErrorKind::NotFound {
                    "no such file or folder".to_string()
                } else {
                    e.to_string()
                },
                warning: false,
                content: false,
            }),
        }
    }
    out
}

/// Walks `dir`, a folder at `depth` below `root` (the folder named, links
/// resolved).
fn walk(root: &Path, dir: &Path, depth: usize, out: &mut Vec<PathBuf>, skipped: &mut Vec<Skipped>) {
    if depth >= MAX_FOLDER_DEPTH {
        skipped.push(Skipped {
            path: dir.to_path_buf(),
            why: format!("folders nested more than {MAX_FOLDER_DEPTH} deep; not searched"),
            warning: false,
            content: false,
        });
        return;
    }
    let rd = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            skipped.push(Skipped {
                path: dir.to_path_buf(),
                why: format!("cannot read folder: {e}"),
                warning: false,
                content: false,
            });
            return;
        }
    };
    // Links to folders are not followed: a link back to a parent folder would
    // make the walk endless.
    let mut entries: Vec<(PathBuf, bool, bool)> = rd
        .filter_map(|e| e.ok())
        .map(|e| {
            let kind = e.file_type();
            let dir = kind.as_ref().is_ok_and(|t| t.is_dir());
            (e.path(), dir, kind.is_ok_and(|t| t.is_symlink()))
        })
        .collect();
    entries.sort();
    for (p, real_dir, link) in entries {
        if left_out_of_walks(&p, real_dir) {
            continue;
        }
        if real_dir {
            walk(root, &p, depth + 1, out, skipped);
        } else if link && crate::script::is_game_file(&p) && leads_outside(root, &p) {
            // A folder from elsewhere (an archive, a download) must not make
            // twixt read `/etc/passwd` and quote it in an error.
            skipped.push(Skipped {
                path: p,
                why: "a link that leads outside the folder searched; not read".to_string(),
                warning: true,
                content: false,
            });
        } else if crate::script::is_game_file(&p) && p.is_file() {
            // Only regular files (or links to them): reading a pipe or a
            // device named like a game file would never end.
            out.push(p);
        } else if archive::is_zip(&p) && p.is_file() && !(link && leads_outside(root, &p)) {
            out.extend(archive::members(&p, skipped));
        }
    }
}

/// Whether a folder walk passes over `path` (a folder when `dir`): a
/// hidden entry (its name starts with a dot: `.git`, `.venv`), or a folder
/// tagged as a cache by a `CACHEDIR.TAG` (the Cache Directory Tagging
/// Specification; Cargo's `target` folder has one). Such folders hold
/// copies and build outputs, not a user's games; a path named on the
/// command line is read whatever its name.
pub fn left_out_of_walks(path: &Path, dir: bool) -> bool {
    const CACHE_SIGNATURE: &[u8] = b"Signature: 8a477f597d28d172789f06886806bc55";
    path.file_name().is_some_and(is_hidden)
        || dir
            // Read as a regular file only: a FIFO named so would stall the walk.
            && crate::limits::read_regular_bytes(&path.join("CACHEDIR.TAG"), 4096)
                .is_ok_and(|tag| tag.starts_with(CACHE_SIGNATURE))
}

/// Whether a file or folder name is hidden: it starts with a dot (`.git`,
/// a Mac's `._game.twixt`).
pub(crate) fn is_hidden(name: &std::ffi::OsStr) -> bool {
    name.as_encoded_bytes().starts_with(b".")
}

/// Whether the link `link` resolves to a file outside `root` (a folder with
/// its links resolved). A link that resolves to nothing is left to the
/// caller, which reads only regular files.
fn leads_outside(root: &Path, link: &Path) -> bool {
    std::fs::canonicalize(link).is_ok_and(|target| !target.starts_with(root))
}

/// What a game file holds.
#[derive(Debug, Clone)]
pub enum Content {
    /// An annotated script: its text (for diagnostics) and its games.
    Script {
        /// The script's text, for locating diagnostics.
        source: String,
        /// The games, in file order.
        games: Vec<Game>,
    },
    /// Plain game records from one of the record formats.
    Records {
        /// The file's text (decoded as its format says), for locating
        /// diagnostics: each record's moves know where they are written.
        source: String,
        /// The records, in file order.
        records: Vec<Record>,
    },
}

/// An opened game file.
#[derive(Debug, Clone)]
pub struct GameFile {
    /// The path it was read from.
    pub path: PathBuf,
    /// Its games.
    pub content: Content,
}

/// Why a game file could not be opened or drawn. [`Explained::is_usage`](crate::diagnostic::Explained::is_usage) tells
/// a mistake in how the file was asked for (or an unreadable file) from a
/// file whose content is wrong.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The extension names no format we read.
    #[error("cannot tell the format of `{}`: use a .twixt, .tsgf, .T1, .txt, .moves, .sgf or .json file", .0.display())]
    UnknownFormat(PathBuf),
    /// The file (or a file it names) cannot be read.
    #[error("cannot read {}: {message}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The file was read but is no text: not UTF-8, a noncharacter,
    /// damaged gzip data. Its content is wrong, as a bad script's is.
    #[error("{}: {message}", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        message: String,
    },
    /// The options name nothing or are impossible: an unknown rule set or
    /// a bad rule file, a rule set and size that do not fit, a position
    /// and a file together.
    #[error("{0}")]
    Options(String),
    /// A record file is malformed.
    #[error("{}: {message}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong, with its line and column when known.
        message: String,
    },
    /// A script has syntax errors; `diagnostics` locates each.
    #[error("{}: {}", path.display(), count(diagnostics.len(), "syntax error"))]
    Syntax {
        /// The file.
        path: PathBuf,
        /// One diagnostic per error, ready to print.
        diagnostics: Vec<Diagnostic>,
    },
    /// A game does not replay; `diagnostics` locates each problem.
    #[error("{}: the game `{title}` does not replay; see `twixt check {}`", path.display(), path.display())]
    Replay {
        /// The file.
        path: PathBuf,
        /// The game's title.
        title: String,
        /// One diagnostic per problem, ready to print.
        diagnostics: Vec<Diagnostic>,
    },
    /// A game replays, but the search could not decide its claims (a
    /// limit reached, the other side to move, rules it does not cover);
    /// `diagnostics` says why for each.
    #[error("{}: the game `{title}` replays, but its claims could not be decided (see above); nothing drawn", path.display())]
    Undecided {
        /// The file.
        path: PathBuf,
        /// The game's title.
        title: String,
        /// One diagnostic per claim, ready to print.
        diagnostics: Vec<Diagnostic>,
    },
    /// A game cannot be drawn as asked (an illegal move, a move past the end).
    #[error("{}: `{title}`: {message}", path.display())]
    Draw {
        /// The file.
        path: PathBuf,
        /// The game's title.
        title: String,
        /// What went wrong.
        message: String,
        /// The move at fault as written, when a record's text shows it.
        diagnostics: Vec<Diagnostic>,
    },
    /// The file holds no game.
    #[error("{}: no game found", .0.display())]
    NoGame(PathBuf),
    /// `--game N` names a game the file does not have.
    #[error("{} holds {}; --game {asked} does not exist", path.display(), count(*games, "game"))]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// How many games it holds.
        games: usize,
        /// The game asked for (1-based).
        asked: usize,
    },
    /// `--move N` names a move the game does not have.
    #[error("{}: `{title}` has {moves} moves; --move {asked} does not exist", path.display())]
    NoSuchMove {
        /// The file.
        path: PathBuf,
        /// The game's title.
        title: String,
        /// How many moves its main line has.
        moves: usize,
        /// The move asked for.
        asked: u32,
    },
    /// A crop that lies outside the board.
    #[error("--crop {crop} reaches outside the {size} board (columns a to {}, rows 1 to {})", twixt_core::board::Hole::new(size.width() - 1, 0).to_string().trim_end_matches(char::is_numeric), size.height())]
    CropOutside {
        /// The crop, as written.
        crop: String,
        /// The board size.
        size: BoardSize,
    },
    /// A YAML rule file named by an option was read, and is no rule set.
    #[error("{0}")]
    BadRuleFile(String),
    /// A style a diagram point names cannot be used.
    #[error("{0}")]
    Style(String),
}

impl crate::diagnostic::Explained for Error {
    /// True for a usage or I/O problem (exit code 2 in the CLI), false when
    /// the file's content is wrong (exit code 1).
    fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::UnknownFormat(_)
                | Error::Unreadable { .. }
                | Error::Options(_)
                | Error::NoSuchGame { .. }
                | Error::NoSuchMove { .. }
                | Error::CropOutside { .. }
        )
    }

    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Error::Syntax { diagnostics, .. }
            | Error::Replay { diagnostics, .. }
            | Error::Undecided { diagnostics, .. }
            | Error::Draw { diagnostics, .. } => diagnostics,
            _ => &[],
        }
    }
}

impl Error {
    /// The error reading `path` failed with: wrong content
    /// ([`crate::limits::is_content_error`]) or a file that cannot be read.
    pub fn reading(path: &Path, e: &std::io::Error) -> Error {
        let (path, message) = (path.to_path_buf(), e.to_string());
        if crate::limits::is_content_error(e) {
            Error::NotText { path, message }
        } else {
            Error::Unreadable { path, message }
        }
    }
}

/// Opens a game file with default options. See [`open_with`].
pub fn open(path: impl AsRef<Path>) -> Result<GameFile, Error> {
    open_with(path.as_ref(), &OpenOptions::default())
}

/// Opens a game file, choosing the reader by extension. A script with
/// syntax errors is an [`Error::Syntax`] listing them all.
pub fn open_with(path: &Path, options: &OpenOptions) -> Result<GameFile, Error> {
    let unreadable = |message: String| Error::Unreadable {
        path: path.to_path_buf(),
        message,
    };
    // The mark kept: it tells a Little Golem file's encoding.
    let read = || {
        crate::files::archive::read_input(path, MAX_INPUT_BYTES)
            .map_err(|e| Error::reading(path, &e))
    };
    // Standard input is read once; without a format given, its content
    // tells what it is.
    let stdin = if path == Path::new("-") && options.format.is_none() {
        Some(read()?)
    } else {
        None
    };
    let format = match &stdin {
        Some(bytes) => FileFormat::sniff(bytes),
        None => options
            .format
            .or_else(|| FileFormat::of_path(path))
            .ok_or_else(|| Error::UnknownFormat(path.into()))?,
    };
    if format == FileFormat::Script {
        let file = match &stdin {
            Some(bytes) => crate::script::script_from_bytes(path, bytes),
            None => load_games_as(path, Some(format)).map_err(|e| match e {
                crate::script::LoadError::Io { source, .. } => Error::reading(path, &source),
                other => unreadable(other.to_string()),
            })?,
        };
        // Another game's script would read as a TwixT script full of errors.
        if let Some(game) = other_game(header_game(&file.source)) {
            return Err(other_game_script(path, &game));
        }
        return script_file(path, file);
    }
    let bytes = match stdin {
        Some(bytes) => bytes,
        None => read()?,
    };
    let records = records_with(&bytes, format, options.rules.clone(), options.size)
        .map_err(|e| Error::Options(e.to_string()))?
        .map_err(|e| Error::Record {
            path: path.to_path_buf(),
            message: format!("{e}{}", script_hint(&bytes, format)),
        })?;
    let source = crate::script::record_source(&bytes, format);
    Ok(GameFile {
        path: path.to_path_buf(),
        content: Content::Records { source, records },
    })
}

/// A script read whole as a game file; its syntax errors, if any, are the
/// error.
pub(crate) fn script_file(path: &Path, file: crate::script::LoadedFile) -> Result<GameFile, Error> {
    if !file.errors.is_empty() {
        return Err(Error::Syntax {
            path: path.to_path_buf(),
            diagnostics: file.errors,
        });
    }
    let (source, games) = (file.source, file.games);
    Ok(GameFile {
        path: path.to_path_buf(),
        content: Content::Script { source, games },
    })
}

/// A game to open as the drawing commands are asked for one: a file (`-`:
/// standard input) or a position in one line, the rule set (a preset name)
/// and size for records that do not say, and one game of several.
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The file; `-` reads standard input.
    pub input: PathBuf,
    /// A position in one line instead of a file ([`open_position`]).
    pub position: Option<String>,
    /// The file's format, over what its extension says.
    pub format: Option<FileFormat>,
    /// Only this game of a file holding several (1-based).
    pub game: Option<usize>,
    /// Preset rule set for records that do not name one.
    pub rules: Option<String>,
    /// Board size for move lists.
    pub size: Option<BoardSize>,
}

impl Request {
    /// Opens the file (or position) and keeps the game asked for. A script
    /// of another game is refused: a [`GameFile`] holds TwixT games
    /// (`commands::games::open_any` opens a file of any game).
    pub fn open(&self) -> Result<GameFile, Error> {
        if let Some(line) = &self.position {
            if self.input.as_os_str() != "-" {
                return Err(Error::Options(
                    "give a game file or --position, not both".to_string(),
                ));
            }
            return open_position(line);
        }
        if self.format.is_none()
            && let Some(game) = other_game(header_game_of(&self.input))
        {
            return Err(other_game_script(&self.input, &game));
        }
        let options = OpenOptions::named(self.rules.as_deref(), self.size, self.format)?;
        if let Some(n) = self.game
            && is_large_script(&self.input, self.format)
        {
            return open_one_streamed(&self.input, n);
        }
        open_with(&self.input, &options)?.pick(self.game)
    }
}

/// True for a TwixT script file (not gzipped) large enough to be read a
/// window at a time.
fn is_large_script(path: &Path, format: Option<FileFormat>) -> bool {
    format.or_else(|| FileFormat::of_path(path)) == Some(FileFormat::Script)
        && !crate::limits::is_gzip(path)
        && std::fs::metadata(path)
            .is_ok_and(|m| m.is_file() && m.len() >= crate::script::stream::WINDOW_BYTES as u64)
        && other_game(header_game_of(path)).is_none()
}

/// The game a script's `[Game]` header names, when it is not TwixT.
fn other_game(named: Option<String>) -> Option<String> {
    named.filter(|g| !g.eq_ignore_ascii_case("twixt"))
}

/// A script of another game, refused: a [`GameFile`] holds TwixT games.
fn other_game_script(path: &Path, game: &str) -> Error {
    Error::Options(format!(
        "{} is a script of the game `{game}`: a GameFile holds TwixT games (`commands::games::open_any` opens a file of any game)",
        path.display()
    ))
}

/// The game a script's first header names in its `[Game]` tag, as
/// written: the header lines (tags and `%` remarks) up to that tag are
/// read; anything else first (a move, a line that is no tag) ends the
/// header, and `None` says the script names no game.
pub fn header_game(mut text: &str) -> Option<String> {
    use nom::Parser;
    use nom::branch::alt;
    use nom::sequence::preceded;
    text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut line = preceded(
        crate::grammar::blanks,
        alt((
            crate::grammar::remark.map(|_| None),
            crate::grammar::header_tag.map(Some),
        )),
    );
    while let Ok((rest, tag)) = line.parse(text) {
        if let Some(t) = tag
            && t.name.eq_ignore_ascii_case("game")
        {
            return Some(t.value);
        }
        text = rest;
    }
    None
}

/// [`header_game`] of the file at `path`, from its first 8 KiB (through
/// gzip for a `.gz` name). Only regular files are looked at: a pipe could
/// not be read again.
pub fn header_game_of(path: &Path) -> Option<String> {
    use std::io::Read;
    // Looked at before opening: opening a FIFO would wait for its writer.
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    let mut head = Vec::new();
    if crate::limits::is_gzip(path) {
        flate2::read::GzDecoder::new(file)
            .take(8192)
            .read_to_end(&mut head)
            .ok()?;
    } else {
        file.take(8192).read_to_end(&mut head).ok()?;
    }
    header_game(&String::from_utf8_lossy(&head))
}

/// Game `n` (1-based) of a large TwixT script, read a window at a time:
/// only that game is kept, with the text of its window, which its spans
/// point into, so that an archive of any size can be drawn from. Games are
/// counted as the file holds them, a broken one included; the others are
/// not checked.
fn open_one_streamed(path: &Path, n: usize) -> Result<GameFile, Error> {
    let unreadable = |message: String| Error::Unreadable {
        path: path.to_path_buf(),
        message,
    };
    let file = std::fs::File::open(path).map_err(|e| unreadable(e.to_string()))?;
    let meta = file.metadata().map_err(|e| unreadable(e.to_string()))?;
    // Noted so that no output of this run replaces it.
    crate::output::note_input(&meta);
    let reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut seen = 0;
    for window in crate::script::stream::GameStream::new(reader) {
        let window = window.map_err(|e| unreadable(e.to_string()))?;
        let here = window.pieces.len();
        if n > seen && n <= seen + here {
            let Some(piece) = window.pieces.into_iter().nth(n - seen - 1) else {
                break;
            };
            return match piece.game {
                Ok(game) => Ok(GameFile {
                    path: path.to_path_buf(),
                    content: Content::Script {
                        source: window.text,
                        games: vec![game],
                    },
                }),
                Err(e) => Err(Error::Syntax {
                    path: path.to_path_buf(),
                    diagnostics: vec![e.to_diagnostic(&path.display().to_string(), &window.text)],
                }),
            };
        }
        seen += here;
    }
    if seen == 0 {
        return Err(Error::NoGame(path.to_path_buf()));
    }
    Err(Error::NoSuchGame {
        path: path.to_path_buf(),
        games: seen,
        asked: n,
    })
}

/// A position written in one line (`twixt_core::position_line`) as a game file of one
/// game that starts from it, so that everything that draws a file draws it.
/// The line's rule set must be a preset (a script can name any other).
pub fn open_position(line: &str) -> Result<GameFile, Error> {
    let (rules, _) =
        twixt_core::position_line::read(line).map_err(|e| Error::Options(e.to_string()))?;
    // A line that reads but breaks the rules is the option's fault, said as
    // such: the script made of it below is no file the user can check.
    if let Err(e) = twixt_core::position_line::read_position(line) {
        return Err(Error::Options(format!(
            "`{}` is not a position the rules can play from: {e}",
            line.trim()
        )));
    }
    let name = rules.preset_name().ok_or_else(|| {
        Error::Options(
            "a position given on the command line names a preset rule set; for another, write a script with a rule file and `#setup position:`".to_string(),
        )
    })?;
    let text = format!(
        "[Size \"{}\"]\n[Rules \"{name}\"]\n#setup position: {}\n",
        rules.size,
        line.trim()
    );
    let path = Path::new("position");
    script_file(
        path,
        crate::script::script_from_bytes(path, text.as_bytes()),
    )
}

/// True for a script file (`.twixt`).
pub fn is_script(path: &Path) -> bool {
    FileFormat::of_path(path) == Some(FileFormat::Script)
}

/// The games of a record file's `bytes` in `format` (not a script), with
/// `rules` and `size` for what the format does not record: a move list's
/// rules (pencil) and board (24×24), a T1 file's rules (the swap T1 files
/// are played with). Rules and size that make no rule set are the outer
/// error, a text the format cannot read the inner one.
pub(crate) fn records_with(
    bytes: &[u8],
    format: FileFormat,
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
) -> Result<Result<Vec<Record>, crate::formats::Error>, twixt_core::rules::RuleSetError> {
    Ok(match format {
        FileFormat::Script => unreachable!("scripts are read by load_games"),
        FileFormat::LittleGolem => littlegolem::read(bytes).map(|r| vec![r]),
        FileFormat::T1 => {
            t1::read_with(bytes, rules.unwrap_or_else(t1::default_rules)).map(|r| vec![r])
        }
        FileFormat::MoveList => movelist::read_with(bytes, movelist::rules_for(rules, size)?),
        FileFormat::PlainText => plaintext::read_with(bytes, movelist::rules_for(rules, size)?),
        FileFormat::Sgf => crate::formats::read_sgf_file(bytes).map(|r| vec![r]),
        FileFormat::AbstractPlay => crate::formats::read_json_file(bytes),
        FileFormat::Boardspace => crate::formats::boardspace::read(bytes).map(|r| vec![r]),
        FileFormat::Json => crate::formats::json::read(bytes),
    })
}

impl GameFile {
    /// `message` about the move of a record written at `at`, located as a
    /// script's move is: the line as written and a caret under the move
    /// (`None` for a script, whose moves carry their own spans).
    pub fn record_move_diagnostic(
        &self,
        at: Location,
        message: String,
        label: &str,
    ) -> Option<Diagnostic> {
        let Content::Records { source, .. } = &self.content else {
            return None;
        };
        let span = MoveSpans::new(source).span(at);
        Some(
            Diagnostic::error(message)
                .with_file(self.path.display().to_string())
                .with_label(label)
                .at_known_line(source, span.start(), span.len_bytes(), span.line),
        )
    }

    /// Its games as scripts' games, and the text their spans point into: a
    /// record's moves point at where they are written, so that a replay
    /// error shows the move's line, column and snippet as a script's does.
    pub fn located_games(&self) -> (Vec<Game>, &str) {
        match &self.content {
            Content::Script { source, games } => (games.clone(), source),
            Content::Records { source, records } => (located_games(records, source), source),
        }
    }

    /// The file name without its extension (`game` when it has none).
    pub fn stem(&self) -> String {
        crate::limits::without_gz(&self.path)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into())
    }

    /// How many games the file holds.
    pub fn len(&self) -> usize {
        match &self.content {
            Content::Script { games, .. } => games.len(),
            Content::Records { records, .. } => records.len(),
        }
    }

    /// True when the file holds no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps only game `which` (1-based), or every game when `None`. An
    /// empty file is an error either way.
    pub fn pick(mut self, which: Option<usize>) -> Result<GameFile, Error> {
        let empty = self.is_empty();
        match (which, &mut self.content) {
            (None, _) if empty => return Err(Error::NoGame(self.path)),
            (None, _) => {}
            (Some(n), Content::Script { games, .. }) => keep_game(games, n, &self.path)?,
            (Some(n), Content::Records { records, .. }) => keep_game(records, n, &self.path)?,
        }
        Ok(self)
    }
}

/// Keeps only game `n` (1-based) of a file's `games`, or says the file at
/// `path` has no such game.
pub(crate) fn keep_game<T>(games: &mut Vec<T>, n: usize, path: &Path) -> Result<(), Error> {
    if n == 0 || n > games.len() {
        return Err(Error::NoSuchGame {
            path: path.to_path_buf(),
            games: games.len(),
            asked: n,
        });
    }
    *games = vec![games.swap_remove(n - 1)];
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Explained as _;

    #[test]
    fn a_request_opens_a_position_or_a_file_not_both() {
        let line = "24/pencil/c3,d5/h8,j6/*/black";
        let position = Request {
            input: PathBuf::from("-"),
            position: Some(line.to_string()),
            ..Request::default()
        };
        assert_eq!(position.open().unwrap().len(), 1);
        let both = Request {
            input: PathBuf::from("game.twixt"),
            ..position.clone()
        };
        assert!(both.open().unwrap_err().is_usage());
        let unknown_rules = Request {
            input: PathBuf::from("game.txt"),
            rules: Some("nonesuch".to_string()),
            ..Request::default()
        };
        assert!(unknown_rules.open().unwrap_err().is_usage());
    }
}
