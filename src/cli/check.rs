//! `twixt check`: replay every game of the given files and folders, verify
//! moves, claims and declared results, and report where each game was decided.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use rayon::prelude::*;
use serde::Serialize;

use twixtkit::diagnostic::{Diagnostic, Severity};
use twixtkit::diagnostic::{count, printable};
use twixtkit::open::game_files;
use twixtkit::replay::{GameReplay, How, check_game as replay_checks};
use twixtkit::script::{
    FileFormat, Game, LoadedFile, load_games_as, result_name, script_from_bytes,
};

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

/// What check found about one game.
#[derive(Serialize)]
struct GameReport {
    file: String,
    line: u32,
    title: Option<String>,
    rules: String,
    size: String,
    plies: u32,
    result: Option<String>,
    decided_at: Option<u32>,
    how: Option<How>,
    winner: Option<String>,
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    /// For games other than TwixT: how the game stands, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<String>,
}

/// What check found about one file.
struct FileReport {
    /// Syntax errors, or the reason the file could not be read.
    errors: Vec<Diagnostic>,
    io_error: bool,
    games: Vec<GameReport>,
}

#[derive(Serialize)]
struct JsonOut<'a> {
    files: usize,
    games: Vec<&'a GameReport>,
    file_errors: Vec<&'a Diagnostic>,
    errors: usize,
    warnings: usize,
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

fn check_game(file: &LoadedFile, name: &str, game: &Game) -> GameReport {
    let base = file.path.parent();
    let rep = replay_checks(game, base);
    let diag = |i: &twixtkit::replay::Issue| i.to_diagnostic(name, &file.source);
    let mut report = GameReport {
        file: name.to_string(),
        line: game.span.line,
        title: game.tag("Title").map(str::to_string),
        rules: game.tag("Rules").unwrap_or("pencil").to_string(),
        size: String::new(),
        plies: 0,
        result: game.result().map(|r| result_name(r).to_string()),
        decided_at: None,
        how: None,
        winner: None,
        errors: Vec::new(),
        warnings: Vec::new(),
        outcome: None,
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
            issues,
            ..
        }) => {
            report.size = rules.size.to_string();
            report.plies = plies;
            if let Some(d) = decided {
                report.decided_at = Some(d.ply);
                report.how = Some(d.how);
                report.winner = d.winner.map(|w| w.name().to_string());
            }
            for i in &issues {
                match i.severity {
                    Severity::Error => report.errors.push(diag(i)),
                    _ => report.warnings.push(diag(i)),
                }
            }
        }
    }
    report
}

/// A TWRS script: its games replayed by the TWRS rules.
fn check_twrs(file: twixtkit::twrs::file::TwrsFile) -> FileReport {
    let name = file.name.clone();
    let games: Vec<GameReport> = file
        .check()
        .into_iter()
        .map(|g| GameReport {
            file: name.clone(),
            line: g.line,
            title: g.title,
            rules: g.rules,
            size: g.size,
            plies: g.plies,
            result: None,
            decided_at: None,
            how: None,
            winner: None,
            errors: g.errors,
            warnings: Vec::new(),
            outcome: Some(g.outcome),
        })
        .collect();
    let mut errors = file.syntax_errors;
    if games.is_empty() && errors.is_empty() {
        errors.push(Diagnostic::error("expected at least one game, found none").with_file(&name));
    }
    FileReport {
        errors,
        io_error: false,
        games,
    }
}

fn check_file(path: &Path, from: Option<FileFormat>) -> FileReport {
    let name = path.display().to_string();
    let failed = |e: String| FileReport {
        errors: vec![Diagnostic::error(e).with_file(&name)],
        io_error: true,
        games: Vec::new(),
    };
    let loaded = if from.is_none() && twixtkit::twrs::file::sniff(path) {
        match twixtkit::twrs::file::TwrsFile::load(path) {
            Ok(f) => return check_twrs(f),
            Err(e) => return failed(e.to_string()),
        }
    } else if path == Path::new("-") && from.is_none_or(|f| f == FileFormat::Script) {
        // Standard input is read once, then told apart by its header.
        match twixtkit::limits::read_input(path, twixtkit::limits::MAX_INPUT_BYTES) {
            Err(e) => Err(twixtkit::script::LoadError::Io {
                path: path.to_path_buf(),
                source: e,
            }),
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                if twixtkit::twrs::script::is_twrs(&text) {
                    let file = twixtkit::twrs::file::TwrsFile::from_text(
                        &name,
                        text.into_owned(),
                        Path::new("."),
                    );
                    return check_twrs(file);
                }
                Ok(script_from_bytes(path, &bytes))
            }
        }
    } else {
        load_games_as(path, from)
    };
    match loaded {
        Err(e) => FileReport {
            errors: vec![Diagnostic::error(e.to_string()).with_file(name)],
            io_error: true,
            games: Vec::new(),
        },
        Ok(file) => {
            let games = file
                .games
                .par_iter()
                .with_min_len(64)
                .map(|g| check_game(&file, &name, g))
                .collect::<Vec<_>>();
            let mut errors = file.errors;
            // An empty file is usually a failed download or export.
            if games.is_empty() && errors.is_empty() {
                errors.push(
                    Diagnostic::error("expected at least one game, found none").with_file(&name),
                );
            }
            FileReport {
                errors,
                io_error: false,
                games,
            }
        }
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
    let decided = match (&g.outcome, g.decided_at) {
        (Some(o), _) => o.clone(),
        (None, Some(p)) => format!("decided at move {p}: {what}"),
        (None, None) => what,
    };
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

    let games: usize = reports.iter().map(|r| r.games.len()).sum();
    let errors: usize = reports
        .iter()
        .map(|r| r.errors.len() + r.games.iter().map(|g| g.errors.len()).sum::<usize>())
        .sum();
    let warnings: usize = reports
        .iter()
        .flat_map(|r| &r.games)
        .map(|g| g.warnings.len())
        .sum();
    let io_error = !missing.is_empty() || reports.iter().any(|r| r.io_error);

    for m in &missing {
        eprintln!("{m}");
    }
    let report = match args.format {
        Format::Json => {
            let out = JsonOut {
                files: files.len(),
                games: reports.iter().flat_map(|r| &r.games).collect(),
                file_errors: reports.iter().flat_map(|r| &r.errors).collect(),
                errors,
                warnings,
            };
            match serde_json::to_string_pretty(&out) {
                Ok(s) => s + "\n",
                Err(e) => {
                    eprintln!("error: cannot write JSON: {e}");
                    return ExitCode::from(2);
                }
            }
        }
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
                        let _ = writeln!(out, "{}", game_line(g));
                    }
                }
            }
            let _ = writeln!(
                out,
                "checked {} in {}: {}, {}",
                count(games, "game"),
                count(files.len(), "file"),
                count(errors, "error"),
                count(warnings, "warning")
            );
            out
        }
    };
    // The report is the point of `check`: losing it is an error.
    if let Err(f) = super::stdout::print(report.as_bytes()) {
        return f.report();
    }
    if io_error {
        ExitCode::from(2)
    } else if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
