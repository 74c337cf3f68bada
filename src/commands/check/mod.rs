//! Checking game files: replay every game, verify its moves, claims and
//! declared result, and report where each game was decided. `twixt check`
//! prints these reports; a program can use them as they are (they
//! serialise to the JSON that `twixt check --format json` writes).

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use crate::diagnostic::{Diagnostic, Severity, count, printable};
use crate::replay::{DeadDrawNote, GameReplay, How};
use crate::script::{FileFormat, Game, LoadedFile, load_games_as, result_name};

mod explain;
mod text;
pub use explain::{ExplainError, Explained, MAX_MOVES, explain_file};
pub use text::{MAX_MESSAGES_PER_FILE, ReportFormat, ReportOptions, TextReport, write_report};

/// What checking found about one game.
#[derive(Debug, Clone, Default, Serialize)]
pub struct GameReport {
    /// The file, as named on the command line or found in a folder.
    pub file: String,
    /// The line where the game starts.
    pub line: u32,
    /// The game's `Title` tag.
    pub title: Option<String>,
    /// The rule set, as written in the game (`pencil` when not given).
    pub rules: String,
    /// The board size, empty when the rules could not be read.
    pub size: String,
    /// The moves of the main line that were played.
    pub plies: u32,
    /// The declared result (`Result` tag).
    pub result: Option<String>,
    /// The move that decided the game, if it was decided.
    pub decided_at: Option<u32>,
    /// How it was decided (`dead-draw` only where a dead draw ends the
    /// game: under rules where nothing can be lifted).
    pub how: Option<How>,
    /// Under rules where pieces can be lifted, a dead draw that decided
    /// nothing: the move from which no one could connect as the pieces
    /// stood, and the move that reopened the game, if one did.
    pub dead_draw_note: Option<DeadDrawNote>,
    /// The winner, when a player won.
    pub winner: Option<String>,
    /// Illegal moves, false claims, a wrong declared result.
    pub errors: Vec<Diagnostic>,
    /// Problems that do not make the game wrong.
    pub warnings: Vec<Diagnostic>,
    /// Information: the winning key moves of a `#wins` claim with no
    /// solution after it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Diagnostic>,
    /// What became of each `#wins` claim: its verdict, shortest win,
    /// refutation or winning key moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub wins: Vec<crate::win_claims::WinsReport>,
    /// For games other than TwixT: how the game stands, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

/// What checking found about one file.
#[derive(Debug, Clone, Default)]
pub struct FileReport {
    /// Syntax errors, or the reason the file could not be read.
    pub errors: Vec<Diagnostic>,
    /// The file could not be read at all (an input error, not a game error).
    pub io_error: bool,
    /// One report per game.
    pub games: Vec<GameReport>,
}

impl FileReport {
    /// The report of the file `name` of any game: its `games` after its
    /// `errors`, where a file of no game (usually a failed download or
    /// export) is an error.
    pub(crate) fn of(
        name: &str,
        games: Vec<GameReport>,
        mut errors: Vec<Diagnostic>,
    ) -> FileReport {
        if games.is_empty() && errors.is_empty() {
            errors
                .push(Diagnostic::error("expected at least one game, found none").with_file(name));
        }
        FileReport {
            errors,
            io_error: false,
            games,
        }
    }
}

/// Totals over the reports of a run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Files checked.
    pub files: usize,
    /// Games found in them.
    pub games: usize,
    /// Errors in files and games.
    pub errors: usize,
    /// Warnings in games.
    pub warnings: usize,
}

impl Totals {
    /// Adds up `reports`.
    pub fn of(reports: &[FileReport]) -> Totals {
        Totals {
            files: reports.len(),
            games: reports.iter().map(|r| r.games.len()).sum(),
            errors: reports
                .iter()
                .map(|r| r.errors.len() + r.games.iter().map(|g| g.errors.len()).sum::<usize>())
                .sum(),
            warnings: reports
                .iter()
                .flat_map(|r| &r.games)
                .map(|g| g.warnings.len())
                .sum(),
        }
    }

    /// Counts one finding: a file error, or a game with its errors and
    /// warnings (files are counted by the caller).
    pub fn add(&mut self, finding: &Finding) {
        match finding {
            Finding::FileError(_) => self.errors += 1,
            Finding::Game(g) => {
                self.games += 1;
                self.errors += g.errors.len();
                self.warnings += g.warnings.len();
            }
            Finding::FileDone(_) => {}
        }
    }

    /// `checked 3 games in 2 files: 0 errors, 1 warning`.
    pub fn summary(&self) -> String {
        format!(
            "checked {} in {}: {}, {}",
            count(self.games, "game"),
            count(self.files, "file"),
            count(self.errors, "error"),
            count(self.warnings, "warning")
        )
    }
}

#[derive(Serialize)]
struct JsonOut<'a> {
    files: usize,
    games: Vec<&'a GameReport>,
    file_errors: Vec<&'a Diagnostic>,
    errors: usize,
    warnings: usize,
}

/// The reports as the JSON document `twixt check --format json` prints.
pub fn to_json(reports: &[FileReport]) -> Result<String, serde_json::Error> {
    let t = Totals::of(reports);
    let out = JsonOut {
        files: t.files,
        games: reports.iter().flat_map(|r| &r.games).collect(),
        file_errors: reports.iter().flat_map(|r| &r.errors).collect(),
        errors: t.errors,
        warnings: t.warnings,
    };
    serde_json::to_string_pretty(&out).map(|s| s + "\n")
}

fn check_game(file: &LoadedFile, name: &str, game: &Game) -> GameReport {
    check_game_in(file.path.parent(), &file.source, name, game)
}

/// Checks one game whose text lies in `source`; rule files named in it are
/// looked for in `base`.
fn check_game_in(base: Option<&Path>, source: &str, name: &str, game: &Game) -> GameReport {
    let rep = crate::replay::check_game(
        game,
        &crate::replay::ReplayOptions {
            rules_folder: base,
            budget_file: Some(name),
        },
    )
    .map(|mut rep| {
        rep.issues.extend(crate::pictures::style_issues(game, base));
        rep
    });
    let diag = |i: &crate::replay::Issue| i.to_diagnostic(name, source);
    let mut report = GameReport {
        file: name.to_string(),
        line: game.span.line,
        title: crate::record::game_title(|t| game.tag(t)),
        rules: game.tag("Rules").unwrap_or("pencil").to_string(),
        result: game.result().map(|r| result_name(r).to_string()),
        ..GameReport::default()
    };
    match rep {
        Err(issue) => {
            report.size = game.size().map(|s| s.to_string()).unwrap_or_default();
            report.errors.push(diag(&issue));
        }
        Ok(GameReplay {
            rules,
            plies,
            decided,
            dead_draw_note,
            issues,
            wins,
            ..
        }) => {
            report.wins = wins;
            report.size = rules.size.to_string();
            report.plies = plies;
            report.dead_draw_note = dead_draw_note;
            if let Some(d) = decided {
                report.decided_at = Some(d.ply);
                report.how = Some(d.how);
                report.winner = d.winner.map(|w| w.name().to_string());
            }
            for i in &issues {
                match i.severity {
                    Severity::Error => report.errors.push(diag(i)),
                    Severity::Warning => report.warnings.push(diag(i)),
                    Severity::Note => report.notes.push(diag(i)),
                }
            }
        }
    }
    report
}

/// One thing checking a file found, in file order.
#[derive(Debug, Clone)]
pub enum Finding {
    /// A syntax error, or why (part of) the file could not be read.
    FileError(Diagnostic),
    /// The report of one game.
    Game(Box<GameReport>),
    /// Every finding of this file has been handed out ([`FileSet::each`]
    /// says so after each file, for reports that sum up per file).
    FileDone(std::path::PathBuf),
}

/// Checks every game of one file (`-`: standard input), in parallel; the
/// format follows the extension or the content unless `from` says.
pub fn check_file(path: &Path, from: Option<FileFormat>) -> FileReport {
    let mut report = FileReport::default();
    report.io_error = check_file_each(path, from, &mut |f| match f {
        Finding::FileError(d) => report.errors.push(d),
        Finding::Game(g) => report.games.push(*g),
        Finding::FileDone(_) => {}
    });
    report
}

/// [`check_file`] a finding at a time, in file order, so that a caller can
/// report as it goes: script files (also `.twixt.gz`) are read a window at
/// a time ([`crate::script::stream`]), so memory stays bounded whatever the
/// file's size. Returns true when the file could not be read (an input
/// error rather than a game error).
pub fn check_file_each(
    path: &Path,
    from: Option<FileFormat>,
    each: &mut dyn FnMut(Finding),
) -> bool {
    let name = path.display().to_string();
    guarded(&name, each, |each| checked_file_each(path, from, each))
}

/// Runs `check` of the file `name`; a panic anywhere in it (its workers
/// too: rayon hands their panics on) becomes an error naming the file,
/// so the other files' results are never lost (issue 57). Returns what
/// `check` returns, or false after a panic (an error of the file, not an
/// input error).
fn guarded(
    name: &str,
    each: &mut dyn FnMut(Finding),
    check: impl FnOnce(&mut dyn FnMut(Finding)) -> bool,
) -> bool {
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(&mut *each)));
    match run {
        Ok(io_error) => io_error,
        Err(payload) => {
            let why = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            each(Finding::FileError(
                Diagnostic::error(format!(
                    "internal error while checking {name}: {}; the file was not fully checked",
                    why
                ))
                .with_file(name),
            ));
            false
        }
    }
}

/// [`check_file_each`] without the guard against a panic.
fn checked_file_each(path: &Path, from: Option<FileFormat>, each: &mut dyn FnMut(Finding)) -> bool {
    let name = path.display().to_string();
    // The file's games share one search budget for their claims.
    let _budget = crate::win_claims::FileScope::open(&name);
    if path == Path::new("-") && from.is_none_or(|f| f == FileFormat::Script) {
        return check_stdin(&name, from.is_none(), each);
    }
    // A file whose header names a game whose scripts do not stream is
    // read whole and checked by that game.
    let game = match from {
        None => super::games::of_path(path),
        Some(_) => super::games::default_game(),
    };
    if !game.streams() {
        let opened = game.open_with(path, &crate::open::OpenOptions::default());
        return hand_out(report_of_opened(opened, &name), each);
    }
    // Standard input has the format `--from` names, never its name's.
    let format = from.or_else(|| FileFormat::of_path(path).filter(|_| path != Path::new("-")));
    // Scripts are read a window at a time, and move lists a game at a time,
    // whatever their size (standard input too): a broken game is reported
    // and the others are still checked.
    if let Some(format @ (FileFormat::Script | FileFormat::MoveList)) = format {
        let reader = match open_input(path) {
            Ok(reader) => reader,
            Err(e) => {
                // Content that cannot be read (a zip bomb, a damaged
                // member) is the file's fault: exit 1, as for `view`.
                let io = !crate::limits::is_content_error(&e);
                each(cannot_read(&name, e));
                return io;
            }
        };
        return match format {
            FileFormat::Script => check_script(reader, path.parent(), &name, each),
            _ => check_movelist(path, reader, &name, each),
        };
    }
    hand_out(check_whole_file(path, from, &name), each)
}

/// A large move-list file, read a game at a time (games end at blank
/// lines) and replayed a window of games at a time on every core, as a
/// script is: each game is read as the whole file would read it, with the
/// file's line numbers, and a broken game is reported while the others are
/// still checked.
fn check_movelist(
    path: &Path,
    reader: Box<dyn std::io::Read + Send>,
    name: &str,
    each: &mut dyn FnMut(Finding),
) -> bool {
    use crate::formats::movelist::{Chunk, Chunks};
    // One game's findings, in order: its syntax error, or its report.
    let check_one = |chunk: &Chunk| -> Vec<Finding> {
        let mut file = crate::script::records_as_games(path, &chunk.text, FileFormat::MoveList);
        let shift = chunk.first_line as u32 - 1;
        let mut out: Vec<Finding> = file
            .errors
            .drain(..)
            .map(|mut d| {
                d.line += if d.line > 0 { shift } else { 0 };
                Finding::FileError(d)
            })
            .collect();
        for g in &mut file.games {
            g.span.line += shift;
            for e in &mut g.line.elements {
                if let crate::script::Element::Move(m) = e {
                    m.span.line += shift;
                }
            }
        }
        out.extend(
            file.games
                .iter()
                .map(|g| Finding::Game(Box::new(check_game(&file, name, g)))),
        );
        out
    };
    let mut chunks = Chunks::new(std::io::BufReader::new(reader), 0).peekable();
    // A script saved as `.txt` fails as a move list at its first game, and
    // says so: one message, not one per game.
    if let Some(Ok(first)) = chunks.peek()
        && !crate::script::script_hint(&first.text, FileFormat::MoveList).is_empty()
    {
        let findings = check_one(first);
        if findings.iter().any(|f| matches!(f, Finding::FileError(_))) {
            findings.into_iter().for_each(each);
            return false;
        }
    }
    // Windows of whole games, of about the size of a script's; what was
    // read before a read error comes first.
    let owned = name.to_string();
    let windows = std::iter::from_fn(move || {
        let (mut window, mut bytes) = (Vec::new(), 0);
        while bytes < crate::script::stream::WINDOW_BYTES
            && let Some(Ok(c)) = chunks.next_if(Result::is_ok)
        {
            bytes += c.text.len();
            window.push(c);
        }
        if !window.is_empty() {
            return Some(Ok(window));
        }
        let e = chunks.next()?.err()?;
        let io = e.kind() != std::io::ErrorKind::InvalidData;
        Some(Err((Box::new(cannot_read(&owned, e)), io)))
    });
    let check = |window: Vec<Chunk>| window.par_iter().flat_map_iter(&check_one).collect();
    check_windows(windows, &check, name, each)
}

/// Why a file could not be read, as a finding.
fn cannot_read(name: &str, e: impl std::fmt::Display) -> Finding {
    Finding::FileError(Diagnostic::error(format!("cannot read {name}: {e}")).with_file(name))
}

/// The report of a file a game opened whole, or why it could not be.
fn report_of_opened(
    opened: Result<Box<dyn super::games::OpenedFile>, crate::open::Error>,
    name: &str,
) -> FileReport {
    use crate::diagnostic::Explained;
    match opened {
        Ok(file) => file.check_report(),
        Err(e) => FileReport {
            errors: match e.diagnostics() {
                [] => vec![Diagnostic::error(e.to_string()).with_file(name)],
                located => located.to_vec(),
            },
            io_error: e.is_usage(),
            games: Vec::new(),
        },
    }
}

/// A whole file's report as findings, in order; true when it could not be read.
fn hand_out(report: FileReport, each: &mut dyn FnMut(Finding)) -> bool {
    for e in report.errors {
        each(Finding::FileError(e));
    }
    for g in report.games {
        each(Finding::Game(Box::new(g)));
    }
    report.io_error
}

/// Files to check, each with its size read once (to tell the files read a
/// window at a time, and for a caller's progress bar).
#[derive(Debug, Clone)]
pub struct FileSet {
    files: Vec<PathBuf>,
    /// Each file's size; `None` for standard input, a FIFO or a device,
    /// whose length is not known before it is read.
    sizes: Vec<Option<u64>>,
}

impl FileSet {
    /// The files, in the order findings are reported.
    pub fn new(files: Vec<PathBuf>) -> FileSet {
        let sizes = files
            .iter()
            .map(|f| {
                std::fs::metadata(f)
                    .ok()
                    .filter(|m| m.is_file() && f != Path::new("-"))
                    .map(|m| m.len())
            })
            .collect();
        FileSet { files, sizes }
    }

    /// The game files `paths` name, folders searched as
    /// [`game_files`](crate::open::game_files) does, and each path that
    /// could not be searched.
    pub fn find(paths: &[PathBuf]) -> (FileSet, Vec<crate::open::Skipped>) {
        let mut skipped = Vec::new();
        let files = FileSet::new(crate::open::game_files(paths, &mut skipped));
        (files, skipped)
    }

    /// True when checking may take long enough for a progress bar to help:
    /// 50 files or more, or 20 MB.
    pub fn is_long(&self) -> bool {
        self.len() >= 50 || self.bytes() >= 20_000_000
    }

    /// How many files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True when there are no files.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Their total size in bytes.
    pub fn bytes(&self) -> u64 {
        self.sizes.iter().flatten().sum()
    }

    /// Every file's report ([`check_file`]), files checked in parallel;
    /// `done` is called as each file is done.
    pub fn reports(&self, from: Option<FileFormat>, done: &(dyn Fn() + Sync)) -> Vec<FileReport> {
        self.files
            .par_iter()
            .map(|f| {
                let r = check_file(f, from);
                done();
                r
            })
            .collect()
    }

    /// Every file's findings ([`check_file_each`]), in file order: small
    /// files are checked several at a time, a large script file a window
    /// at a time (its games replayed in parallel), so memory stays bounded.
    /// `done` is called as each file is done; when `each` breaks, checking
    /// stops after the file or group of files at hand. Returns true when a
    /// file could not be read.
    pub fn each(
        &self,
        from: Option<FileFormat>,
        done: &(dyn Fn() + Sync),
        each: &mut dyn FnMut(Finding) -> ControlFlow<()>,
    ) -> bool {
        let (files, sizes) = (&self.files, &self.sizes);
        // A stream of unknown length (standard input, a FIFO) may be
        // endless: it is checked as a large file, its findings handed out
        // a window at a time, never gathered first.
        let large = |size: &Option<u64>| {
            size.is_none_or(|s| s >= crate::script::stream::WINDOW_BYTES as u64 / 4)
        };
        let mut io_error = false;
        let stop = std::cell::Cell::new(false);
        let mut hand = |f: Finding| {
            if !stop.get() {
                stop.set(each(f).is_break());
            }
        };
        let mut start = 0;
        while start < files.len() && !stop.get() {
            if large(&sizes[start]) {
                io_error |= check_file_each(&files[start], from, &mut hand);
                hand(Finding::FileDone(files[start].clone()));
                done();
                start += 1;
            } else {
                let n = sizes[start..]
                    .iter()
                    .take(256)
                    .take_while(|s| !large(s))
                    .count();
                let batch: Vec<(bool, Vec<Finding>)> = files[start..start + n]
                    .par_iter()
                    .map(|f| {
                        let mut found = Vec::new();
                        let io = check_file_each(f, from, &mut |x| found.push(x));
                        done();
                        (io, found)
                    })
                    .collect();
                for ((io, found), file) in batch.into_iter().zip(&files[start..start + n]) {
                    io_error |= io;
                    found.into_iter().for_each(&mut hand);
                    hand(Finding::FileDone(file.clone()));
                }
                start += n;
            }
        }
        io_error
    }
}

/// The paths a run of `twixt check` names, searched for game files, and
/// what the search met, said before the files' report.
#[derive(Debug, Clone)]
pub struct Found {
    /// The game files.
    pub files: FileSet,
    /// For standard error, before the report: a warning for each link left
    /// out of a folder (on purpose), an error for each path that could not
    /// be read, and one when no game file was found and that is not allowed.
    pub messages: Vec<Diagnostic>,
    /// The paths that could not be read, as errors of the report.
    pub unread: Vec<Diagnostic>,
    /// A path could not be read or nothing was found: the run fails
    /// whatever the files hold.
    failed: bool,
}

impl Found {
    /// Searches `paths` as [`FileSet::find`] does; with `allow_empty`,
    /// finding no game file at all (an empty folder) is no error.
    pub fn search(paths: &[PathBuf], allow_empty: bool) -> Found {
        let (files, skipped) = FileSet::find(paths);
        let (left_out, skipped): (Vec<_>, Vec<_>) = skipped.into_iter().partition(|s| s.warning);
        let mut messages: Vec<Diagnostic> = (left_out.iter())
            .map(|s| Diagnostic::warning(s.to_string()))
            .chain(skipped.iter().map(|s| Diagnostic::error(s.to_string())))
            .collect();
        let empty = files.is_empty() && skipped.is_empty() && !allow_empty;
        if empty {
            messages.push(Diagnostic::error(format!(
                "no game files found (.{}); --allow-empty accepts that",
                crate::script::EXTENSIONS.join(", .")
            )));
        }
        let unread = (skipped.iter())
            .map(|s| Diagnostic::error(s.why.clone()).with_file(s.path.display().to_string()))
            .collect();
        // A damaged archive is a file with errors (exit 1); a path that
        // cannot be read at all fails the run (exit 2).
        let failed = empty || skipped.iter().any(|s| !s.content);
        Found {
            files,
            messages,
            unread,
            failed,
        }
    }

    /// Checks the files and writes the report to `out` ([`write_report`]).
    /// Returns the run's exit status: 2 when a path or a file could not be
    /// read or nothing was found, else 1 when the files have errors, else 0.
    pub fn write_report(
        &self,
        opts: &ReportOptions,
        done: &(dyn Fn() + Sync),
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<u8> {
        let (totals, io_error) = write_report(&self.files, &self.unread, opts, done, out)?;
        Ok(match (io_error || self.failed, totals.errors) {
            (true, _) => 2,
            (false, 0) => 0,
            (false, _) => 1,
        })
    }
}

/// A position in one line checked: `24/pencil/…: a legal position, black
/// to move` (or `red has connected`), or why it is not one.
pub fn check_position(line: &str) -> Result<String, twixt_core::position_line::PositionLineError> {
    let pos = twixt_core::position_line::read_position(line)?;
    let status = match pos.status() {
        twixt_core::position::Status::Won { winner, .. } => {
            format!("{} has connected", winner.name())
        }
        _ => format!("{} to move", pos.to_move().name()),
    };
    Ok(format!(
        "{}: a legal position, {status}\n",
        twixt_core::position_line::write(&pos)
    ))
}

/// Standard input as a script, streamed like a file (gzip data is told by
/// its first bytes); a script of a game that does not stream, told by its
/// header, is read whole and checked by that game.
fn check_stdin(name: &str, sniff: bool, each: &mut dyn FnMut(Finding)) -> bool {
    use std::io::Read;
    let failed = |e: std::io::Error| cannot_read(name, e);
    let mut reader = match open_input(Path::new("-")) {
        Ok(r) => r,
        Err(e) => {
            each(failed(e));
            return true;
        }
    };
    // The header says which game: look at the first lines.
    let mut head = Vec::new();
    if let Err(e) = (&mut reader).take(64 << 10).read_to_end(&mut head) {
        each(failed(e));
        return true;
    }
    let bom = if head.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    // Without --from, a record of another format is told by its content.
    let format = if sniff {
        FileFormat::sniff(&head)
    } else {
        FileFormat::Script
    };
    let game = super::games::of_text(&String::from_utf8_lossy(&head[bom..]));
    if game.streams() && format == FileFormat::MoveList {
        // A move list streams a game at a time, as from a file.
        let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(head).chain(reader));
        return check_movelist(Path::new("-"), reader, name, each);
    }
    if !game.streams() || format != FileFormat::Script {
        let mut bytes = head;
        let limit = crate::limits::MAX_INPUT_BYTES;
        if let Err(e) = reader.take(limit + 1).read_to_end(&mut bytes) {
            each(failed(e));
            return true;
        }
        if bytes.len() as u64 > limit {
            each(failed(std::io::Error::other(format!(
                "the file is larger than the limit of {}",
                crate::limits::describe_bytes(limit)
            ))));
            return true;
        }
        if game.streams() {
            let file = crate::script::records_as_games(Path::new("-"), &bytes, format);
            return hand_out(report_of_loaded(file, name), each);
        }
        let text = String::from_utf8_lossy(&bytes[bom..]).into_owned();
        return hand_out(report_of_opened(game.read_text(name, text), name), each);
    }
    let reader: Box<dyn Read + Send> = Box::new(std::io::Cursor::new(head).chain(reader));
    check_script(reader, Some(Path::new(".")), name, each)
}

/// The games of a script read from `reader` a window at a time; rule files
/// the games name are read from `base`.
fn check_script(
    reader: Box<dyn std::io::Read + Send>,
    base: Option<&Path>,
    name: &str,
    each: &mut dyn FnMut(Finding),
) -> bool {
    use crate::script::stream::{GameStream, StreamError, Window};
    let owned = name.to_string();
    let windows = GameStream::new(reader).map(move |window| {
        window.map_err(|e| {
            let finding = match &e {
                StreamError::Io(_) => cannot_read(&owned, &e),
                StreamError::NotUtf8 { line, text, at, .. }
                | StreamError::NotText { line, text, at, .. } => Finding::FileError(
                    Diagnostic::error(e.to_string())
                        .with_file(&owned)
                        .at_known_line(text, *at, 1, *line),
                ),
                StreamError::GameTooLong { .. } => {
                    Finding::FileError(Diagnostic::error(e.to_string()).with_file(&owned))
                }
            };
            // Damaged gzip data is the file's fault (exit 1), as a file
            // that is no text is; only a failed read is the system's.
            let io = matches!(&e, StreamError::Io(io) if !crate::limits::is_content_error(io));
            (Box::new(finding), io)
        })
    });
    // The games are taken by the threads that check them and freed there;
    // batches are small so that both threads finish a window at about the
    // same time.
    let check = |Window { text, pieces }: Window| {
        pieces
            .into_par_iter()
            .with_min_len(16)
            .map(|piece| match &piece.game {
                Ok(g) => Finding::Game(Box::new(check_game_in(base, &text, name, g))),
                Err(e) => Finding::FileError(e.to_diagnostic(name, &text)),
            })
            .collect()
    };
    check_windows(windows, &check, name, each)
}

/// The findings of a file read a window at a time (a script's windows, a
/// move list's games), each window checked by `check` on every core and
/// handed out in order. A read error ends the file after what was read
/// before it: `windows` gives it with whether it is an input error, which
/// is returned.
fn check_windows<W: Send + 'static>(
    windows: impl Iterator<Item = Result<W, (Box<Finding>, bool)>> + Send + 'static,
    check: &(dyn Fn(W) -> Vec<Finding> + Sync),
    name: &str,
    each: &mut dyn FnMut(Finding),
) -> bool {
    let mut found = false;
    // One thread reads and parses the next window while the others replay
    // the windows taken; it hands a window over only when it is taken, so
    // it holds at most one and memory stays bounded.
    let (tx, rx) = std::sync::mpsc::sync_channel(0);
    let reading = std::thread::spawn(move || {
        for window in windows {
            let stop = window.is_err();
            if tx.send(window).is_err() || stop {
                break;
            }
        }
    });
    let mut windows = rx.into_iter();
    // Each window's games are checked by a task of their own, and the next
    // window is taken from the reader as soon as the task is started, so
    // that the checking threads go on to it without waiting for this
    // thread to hand out the findings, and the reader parses on meanwhile.
    // At most two windows are checked at once (plus the one the reader
    // holds): memory stays bounded. Findings are handed out here, a window
    // at a time, in file order. On a thread of the pool itself (files
    // checked side by side) a window is checked before the next is taken:
    // waiting there for a task would hold a thread the task may need.
    let windows_checked = if rayon::current_thread_index().is_some() {
        1
    } else {
        2
    };
    let pool = stream_pool().filter(|_| windows_checked > 1);
    let result = in_place_scope(pool, |scope| {
        let mut checking = std::collections::VecDeque::new();
        let mut hand_out = |findings: std::sync::mpsc::Receiver<Vec<Finding>>| {
            let findings = findings.recv().expect("a window's task sends its findings");
            found |= !findings.is_empty();
            findings.into_iter().for_each(&mut *each);
        };
        for window in &mut windows {
            let window = match window {
                Ok(w) => w,
                Err((finding, io)) => {
                    // What was read before the error comes first.
                    checking.drain(..).for_each(&mut hand_out);
                    each(*finding);
                    return io;
                }
            };
            let (done, findings) = std::sync::mpsc::sync_channel(1);
            // Only a panic on this side drops the receiver.
            let task = move || drop(done.send(check(window)));
            if windows_checked > 1 {
                scope.spawn(move |_| task());
            } else {
                task();
            }
            checking.push_back(findings);
            if checking.len() >= windows_checked {
                checking.pop_front().into_iter().for_each(&mut hand_out);
            }
        }
        checking.drain(..).for_each(&mut hand_out);
        // An empty file is usually a failed download or export.
        if !found {
            each(Finding::FileError(
                Diagnostic::error("expected at least one game, found none").with_file(name),
            ));
        }
        false
    });
    // Dropping the receiver ends the reader at its next window.
    drop(windows);
    let _ = reading.join();
    result
}

/// The threads that check a streamed file's windows: one more than the
/// cores, so that the cores stay busy while the reader thread (about a
/// third of the work) parses the next window: 2 GB checked in 15 s instead
/// of 16.7 s on 2 cores. `RAYON_NUM_THREADS`, when set, is obeyed instead.
fn stream_pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: std::sync::OnceLock<Option<rayon::ThreadPool>> = std::sync::OnceLock::new();
    if std::env::var_os("RAYON_NUM_THREADS").is_some() {
        return None;
    }
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        rayon::ThreadPoolBuilder::new()
            .num_threads(cores + 1)
            .thread_name(|i| format!("check-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// A scope whose tasks run on `pool`, else on the current pool.
fn in_place_scope<'scope, R>(
    pool: Option<&rayon::ThreadPool>,
    op: impl FnOnce(&rayon::Scope<'scope>) -> R,
) -> R {
    match pool {
        Some(pool) => pool.in_place_scope(op),
        None => rayon::in_place_scope(op),
    }
}

/// A file (`-`: standard input) opened for streaming: through gzip for a
/// `.gz` name, or standard input whose first bytes are gzip's (damaged data
/// is an error, not a panic or a hang).
fn open_input(path: &Path) -> std::io::Result<Box<dyn std::io::Read + Send>> {
    use std::io::BufRead;
    // A member of a zip archive is unpacked whole, within the input limit.
    if crate::files::archive::split(path).is_some() {
        let bytes = crate::files::archive::read_input(path, crate::limits::MAX_INPUT_BYTES)?;
        return Ok(Box::new(std::io::Cursor::new(bytes)));
    }
    let (reader, gz): (Box<dyn BufRead + Send>, bool) = if path == Path::new("-") {
        let (stdin, gz) = crate::limits::stdin_told_gzip()?;
        (Box::new(std::io::BufReader::new(stdin)), gz)
    } else {
        let file = std::fs::File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(std::io::Error::other("it is a folder, not a file"));
        }
        // Noted so that no output of this run replaces it.
        crate::output::note_input(&meta);
        let reader = std::io::BufReader::with_capacity(1 << 20, file);
        (Box::new(reader), crate::limits::is_gzip(path))
    };
    Ok(match gz {
        true => Box::new(Gunzip(flate2::read::MultiGzDecoder::new(reader))),
        false => Box::new(reader),
    })
}

/// Gzip data whose read errors say that it is damaged.
struct Gunzip<R>(flate2::read::MultiGzDecoder<R>);

impl<R: std::io::BufRead> std::io::Read for Gunzip<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("the gzip data is damaged or cut short ({e})"),
            )
        })
    }
}

/// Files read whole: the record formats.
fn check_whole_file(path: &Path, from: Option<FileFormat>, name: &str) -> FileReport {
    match load_games_as(path, from) {
        Err(e) => FileReport {
            errors: vec![Diagnostic::error(e.to_string()).with_file(name)],
            // Damaged gzip data or no text is the file's fault (exit 1).
            io_error: !matches!(
                &e,
                crate::script::LoadError::Io { source, .. }
                    if crate::limits::is_content_error(source)
            ),
            games: Vec::new(),
        },
        Ok(file) => report_of_loaded(file, name),
    }
}

/// The report of a file read whole: its games checked in parallel.
fn report_of_loaded(file: LoadedFile, name: &str) -> FileReport {
    let base = file.path.parent();
    report_of_games(base, &file.source, name, &file.games, file.errors)
}

/// The report of TwixT games whose text lies in `source`, checked in
/// parallel, after the file's `errors`; rule files the games name are
/// looked for in `base`.
pub(crate) fn report_of_games(
    base: Option<&Path>,
    source: &str,
    name: &str,
    games: &[Game],
    errors: Vec<Diagnostic>,
) -> FileReport {
    let games = games
        .par_iter()
        .with_min_len(64)
        .map(|g| check_game_in(base, source, name, g))
        .collect::<Vec<_>>();
    FileReport::of(name, games, errors)
}

impl GameReport {
    /// One line: `game.twixt:1: "Title" pencil on 24, 31 moves, decided at
    /// move 31: red connected: ok`. Text from files is made printable.
    pub fn line_text(&self) -> String {
        game_line(self)
    }
}

fn game_line(g: &GameReport) -> String {
    let what = match (g.how, &g.winner) {
        (Some(How::Connection), Some(w)) => format!("{w} connected"),
        (Some(How::Resignation), Some(w)) => format!("{w} won by resignation"),
        (Some(How::AgreedDraw), _) => "draw agreed".to_string(),
        (Some(How::DeadDraw), _) => "dead draw".to_string(),
        (Some(How::NoMoves), _) => "no legal move left, a draw".to_string(),
        _ => "undecided".to_string(),
    };
    let mut decided = match (&g.outcome, g.decided_at) {
        (Some(o), _) => o.clone(),
        (None, Some(p)) => format!("decided at move {p}: {what}"),
        (None, None) => what,
    };
    if let Some(note) = &g.dead_draw_note {
        decided = format!("{decided} ({})", note.describe());
    }
    // Titles and names come from files: no terminal escapes get through.
    let title = g
        .title
        .as_deref()
        .map(|t| format!(" \"{}\"", printable(t)))
        .unwrap_or_default();
    let status = if g.errors.is_empty() { "ok" } else { "FAILED" };
    // A game whose rules could not be read has no board size to name.
    let on = if g.size.is_empty() {
        String::new()
    } else {
        format!(" on {}", g.size)
    };
    format!(
        "{}:{}:{title} {}{on}, {}, {decided}: {status}",
        printable(&g.file),
        g.line,
        printable(&g.rules),
        count(g.plies as usize, "move")
    )
}

#[cfg(test)]
mod file_set_tests {
    use super::*;

    #[test]
    fn files_are_found_in_folders_and_a_missing_one_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let paths = [dir.path().to_path_buf()];
        let (files, skipped) = FileSet::find(&paths);
        assert!(files.is_empty() && skipped.is_empty());
        std::fs::write(dir.path().join("g.twixt"), "1. f6\n").unwrap();
        std::fs::write(dir.path().join("notes.md"), "# not a game\n").unwrap();
        let missing = dir.path().join("missing");
        let (files, skipped) = FileSet::find(&[dir.path().to_path_buf(), missing]);
        assert_eq!((files.len(), skipped.len()), (1, 1));
        assert!(skipped[0].to_string().contains("missing"), "{}", skipped[0]);
        assert!(!files.is_long());
    }

    #[test]
    fn findings_come_in_file_order_until_the_caller_stops() {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<PathBuf> = (0..3)
            .map(|i| {
                let p = dir.path().join(format!("g{i}.twixt"));
                std::fs::write(&p, format!("[Title \"g{i}\"]\n1. f6 2. m12\n")).unwrap();
                p
            })
            .collect();
        let set = FileSet::new(files);
        assert_eq!(set.len(), 3);
        let mut titles = Vec::new();
        let io = set.each(None, &|| {}, &mut |f| {
            if let Finding::Game(g) = f {
                titles.push(g.title.unwrap_or_default());
            }
            ControlFlow::Continue(())
        });
        assert!(!io);
        assert_eq!(titles, ["g0", "g1", "g2"]);
        let mut totals = Totals::default();
        set.each(None, &|| {}, &mut |f| {
            totals.add(&f);
            ControlFlow::Break(())
        });
        assert_eq!((totals.games, totals.errors), (1, 0));
        assert_eq!(Totals::of(&set.reports(None, &|| {})).games, 3);
    }

    #[test]
    fn a_library_program_gets_the_styles_judged_as_the_binary_does() {
        // No judge to install: checking a file refuses a style that no
        // drawing command could use, at its `#diagram`.
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("g.twixt");
        std::fs::write(&script, "1. f6 2. m12\n#diagram style=nosuch\n").unwrap();
        let report = check_file(&script, None);
        let errors = &report.games[0].errors;
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].message.contains("nosuch"),
            "{}",
            errors[0].message
        );
        assert_eq!(errors[0].line, 2);
        std::fs::write(&script, "1. f6 2. m12\n#diagram style=print\n").unwrap();
        assert!(check_file(&script, None).games[0].errors.is_empty());
    }

    #[test]
    fn a_position_line_is_legal_or_says_why_not() {
        let ok = check_position("24/pencil/c3,d5/h8,j6/*/black").unwrap();
        assert!(ok.ends_with(": a legal position, black to move\n"), "{ok}");
        assert!(check_position("24/pencil/zz/").is_err());
    }
}

#[cfg(test)]
mod panic_guard {
    use super::{Finding, guarded};

    /// Issue 57: a panic while checking a file is that file's error, and
    /// the findings before it are kept.
    #[test]
    fn a_panic_becomes_an_error_naming_the_file() {
        let mut found = Vec::new();
        let io_error = guarded("bad.twixt", &mut |f| found.push(f), |each| {
            each(Finding::FileDone("bad.twixt".into()));
            panic!("a position where the game goes on has a free hole")
        });
        assert!(!io_error);
        assert_eq!(found.len(), 2);
        let Finding::FileError(d) = &found[1] else {
            panic!("no error for the file")
        };
        let text = format!("{d:?}");
        assert!(
            text.contains("bad.twixt") && text.contains("free hole"),
            "{text}"
        );
    }
}
