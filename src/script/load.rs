//! Reading game files of any supported format into script games.

use std::path::{Path, PathBuf};

use super::{Game, parse};
use crate::diagnostic::Diagnostic;

/// File extensions `load_games` understands (lower case, without the dot).
pub const EXTENSIONS: &[&str] = &["twixt"];

/// The games of one file, with the text they came from and any syntax errors
/// (games with errors are left out; the others are kept).
#[derive(Debug, Clone)]
pub struct LoadedFile {
    pub path: PathBuf,
    pub source: String,
    pub games: Vec<Game>,
    pub errors: Vec<Diagnostic>,
}

/// Why a file could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: unknown file type: expected one of .{}", EXTENSIONS.join(", ."))]
    UnknownExtension { path: PathBuf },
}

/// True when `path` has an extension `load_games` reads.
pub fn is_game_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

/// Reads a game file, choosing the reader by extension.
pub fn load_games(path: &Path) -> Result<LoadedFile, LoadError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let io = |source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    };
    match ext.as_str() {
        "twixt" => {
            let source = std::fs::read_to_string(path).map_err(io)?;
            let parsed = parse(&source);
            let name = path.display().to_string();
            let errors = parsed
                .errors
                .iter()
                .map(|e| e.to_diagnostic(&name, &source))
                .collect();
            Ok(LoadedFile {
                path: path.to_path_buf(),
                games: parsed.file.games,
                errors,
                source,
            })
        }
        // HOOK for other formats (`src/formats/`, branch `formats`): add the
        // extension to EXTENSIONS and an arm here that reads the file into
        // `Record`s and turns each into a game with `Game::from_record`, e.g.
        //     "tsgf" => records_file(path, crate::formats::tsgf::read(&text)),
        // reporting read errors as `Diagnostic`s in `errors`.
        _ => Err(LoadError::UnknownExtension {
            path: path.to_path_buf(),
        }),
    }
}
