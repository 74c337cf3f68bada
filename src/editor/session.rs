//! The file being edited: opening it, saving it in canonical form with the
//! care of `twixt fmt`, noticing that it changed on disk, and the recovery
//! copy written after every edit.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::model::Document;
use crate::limits::{MAX_INPUT_BYTES, read_regular_text};

/// Why the editor cannot open or save a file.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read {name}: {source}")]
    Read {
        /// The file, as named.
        name: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not a TwixT script the editor can change safely.
    #[error("{0}")]
    CannotEdit(String),
    /// Saving failed; the document stays in memory.
    #[error("not saved: {0}")]
    Save(String),
    /// The file changed on disk since it was opened or saved.
    #[error(
        "{0} changed on disk since it was opened: reload it, or save over it (your version is in the recovery copy)"
    )]
    ChangedOnDisk(String),
}

impl crate::diagnostic::Explained for Error {}

/// What identifies a file's content on disk, to notice a change by another
/// program: its length, modification time and text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    text_hash: u64,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    let text = std::fs::read(path).ok()?;
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    Some(Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        text_hash: h.finish(),
    })
}

/// A file open in the editor.
#[derive(Debug)]
pub struct Session {
    path: PathBuf,
    /// The file's stamp when opened or last saved (`None`: not on disk).
    on_disk: Option<Stamp>,
    force: bool,
    /// The document edited.
    pub doc: Document,
    /// A recovery copy left by an earlier session, when one was found.
    pub found_recovery: bool,
}

/// The recovery copy of `path`: beside it, named after it.
pub fn recovery_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".recovery");
    path.with_file_name(name)
}

/// The text a new file starts with: the default rules on the default board.
const NEW_FILE: &str = "[Size \"24\"]\n[Rules \"pencil\"]\n";

impl Session {
    /// Opens game `game` (from 1) of the script at `path`, or a new script
    /// when there is no file there. `force` lets saving replace a read-only
    /// file.
    pub fn open(path: &Path, game: usize, force: bool) -> Result<Session, Error> {
        let name = path.display().to_string();
        let exists = path.exists();
        let text = if exists {
            read_regular_text(path, MAX_INPUT_BYTES).map_err(|source| Error::Read {
                name: name.clone(),
                source,
            })?
        } else {
            NEW_FILE.to_string()
        };
        let (file, folder) = parse_for_editing(&name, &text, path)?;
        if game == 0 {
            return Err(Error::CannotEdit("games are counted from 1".into()));
        }
        let doc = Document::new(file, game - 1, folder.as_deref())
            .map_err(|e| Error::CannotEdit(format!("{name}: {e}")))?;
        Ok(Session {
            path: path.to_path_buf(),
            on_disk: if exists { stamp(path) } else { None },
            force,
            doc,
            found_recovery: recovery_path(path).exists(),
        })
    }

    /// The file edited.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True when the file on disk is no longer what was opened or saved.
    pub fn changed_on_disk(&self) -> bool {
        stamp(&self.path) != self.on_disk
    }

    /// Saves the document in canonical form: atomically, never over a
    /// read-only file unless forced, and (unless `overwrite`) never over a
    /// file changed on disk since it was opened. The recovery copy goes.
    pub fn save(&mut self, overwrite: bool) -> Result<(), Error> {
        let name = self.path.display().to_string();
        if !overwrite && self.changed_on_disk() {
            return Err(Error::ChangedOnDisk(name));
        }
        let text = self.doc.script();
        if self.path.exists() {
            crate::commands::canonical::rewrite(&self.path, &text, self.force)
                .map_err(|e| Error::Save(e.to_string()))?;
        } else {
            crate::output::write_atomic(&self.path, text.as_bytes())
                .map_err(|e| Error::Save(e.to_string()))?;
        }
        self.on_disk = stamp(&self.path);
        self.doc.mark_saved();
        let _ = std::fs::remove_file(recovery_path(&self.path));
        self.found_recovery = false;
        Ok(())
    }

    /// Writes the recovery copy of the document as it is now.
    pub fn write_recovery(&self) -> Result<(), Error> {
        crate::output::write_atomic(&recovery_path(&self.path), self.doc.script().as_bytes())
            .map_err(|e| Error::Save(format!("recovery copy: {e}")))
    }

    /// Reads the file again from disk, dropping the edits (they stay in the
    /// recovery copy).
    pub fn reload(&mut self) -> Result<(), Error> {
        let fresh = Session::open(&self.path, self.doc.game_index().0 + 1, self.force)?;
        self.doc = fresh.doc;
        self.on_disk = fresh.on_disk;
        Ok(())
    }

    /// Replaces the document by the recovery copy's text (unsaved).
    pub fn restore_recovery(&mut self) -> Result<(), Error> {
        let rec = recovery_path(&self.path);
        let name = rec.display().to_string();
        let text = read_regular_text(&rec, MAX_INPUT_BYTES).map_err(|source| Error::Read {
            name: name.clone(),
            source,
        })?;
        let (file, folder) = parse_for_editing(&name, &text, &self.path)?;
        let (index, _) = self.doc.game_index();
        let mut doc = Document::new(file, index, folder.as_deref())
            .map_err(|e| Error::CannotEdit(format!("{name}: {e}")))?;
        doc.touch();
        self.doc = doc;
        self.found_recovery = false;
        Ok(())
    }

    /// Removes the recovery copy when nothing is left unsaved (at exit).
    pub fn close(&self) -> bool {
        if self.doc.is_dirty() {
            return false;
        }
        let _ = std::fs::remove_file(recovery_path(&self.path));
        true
    }
}

/// Reads a script for editing: only TwixT scripts without syntax errors
/// (a game with an error would be left out of the tree and lost on save).
fn parse_for_editing(
    name: &str,
    text: &str,
    path: &Path,
) -> Result<(crate::script::ScriptFile, Option<PathBuf>), Error> {
    if crate::commands::games::of_text(text).name() != "twixt" {
        return Err(Error::CannotEdit(format!(
            "{name} is a TWRS script: twixt edit edits TwixT scripts only (TWRS files open read-only in `twixt view`)"
        )));
    }
    let parsed = crate::script::parse(text);
    if !parsed.errors.is_empty() {
        let list: Vec<String> = parsed
            .errors
            .iter()
            .map(|e| e.to_diagnostic(name, text).to_string())
            .collect();
        return Err(Error::CannotEdit(format!(
            "{name} has syntax errors; the editor opens only a script it can write back whole. Fix these first:\n{}",
            list.join("\n")
        )));
    }
    let folder = path.parent().map(Path::to_path_buf);
    Ok((parsed.file, folder))
}
