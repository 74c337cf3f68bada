//! The file being edited: opening it, saving it in canonical form with the
//! care of `twixt fmt`, noticing that it changed on disk, and the recovery
//! copy written after every edit.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::model::Document;
use super::twrs::TwrsDocument;
use crate::limits::{MAX_INPUT_BYTES, read_regular_bytes, read_regular_text};

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
    /// The file is not a script the editor can change safely.
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
    // As the file was opened: a regular file of bounded size. Anything else
    // put in its place (a FIFO, a device) is a change, read without waiting.
    let text = read_regular_bytes(path, MAX_INPUT_BYTES).ok()?;
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    Some(Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        text_hash: h.finish(),
    })
}

/// A file with syntax errors, open in lenient mode: its text as it stands
/// (saving writes exactly this, so nothing unread is lost), its errors, and
/// the document shows what could be read, to look at.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Draft {
    /// The file's text, with the author's fixes.
    pub text: String,
    /// The syntax errors, in order.
    pub errors: Vec<SourceError>,
}

/// A syntax error of a draft, located.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SourceError {
    /// One-based line.
    pub line: u32,
    /// One-based column, in characters.
    pub col: u32,
    /// What was expected and found.
    pub message: String,
}

/// How the editor ended: what became of the recovery copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Closed {
    /// Nothing unsaved; this session's recovery copy is gone.
    Clean,
    /// Edits not saved: they are in the recovery copy at this path.
    Unsaved(PathBuf),
    /// Nothing unsaved, and a recovery copy from an earlier session, never
    /// opened, is left where it was.
    EarlierCopyKept(PathBuf),
}

/// The game a session edits: TwixT's editing model or TWRS's, each
/// with its own operations; what saving and the server need of either is
/// here.
#[derive(Debug, Clone)]
pub enum Edited {
    /// A TwixT game.
    Twixt(Document),
    /// A TWRS game (`[Game "twrs"]`).
    Twrs(TwrsDocument),
}

impl Edited {
    /// The game's name as the page and messages give it: `twixt`, `twrs`.
    pub fn kind(&self) -> &'static str {
        match self {
            Edited::Twixt(_) => "twixt",
            Edited::Twrs(_) => "twrs",
        }
    }

    /// The TwixT document, if this is one.
    pub fn twixt(&self) -> Option<&Document> {
        match self {
            Edited::Twixt(d) => Some(d),
            Edited::Twrs(_) => None,
        }
    }

    /// The TwixT document, if this is one, to edit.
    pub fn twixt_mut(&mut self) -> Option<&mut Document> {
        match self {
            Edited::Twixt(d) => Some(d),
            Edited::Twrs(_) => None,
        }
    }

    /// The TWRS document, if this is one.
    pub fn twrs(&self) -> Option<&TwrsDocument> {
        match self {
            Edited::Twrs(d) => Some(d),
            Edited::Twixt(_) => None,
        }
    }

    /// The TWRS document, if this is one, to edit.
    pub fn twrs_mut(&mut self) -> Option<&mut TwrsDocument> {
        match self {
            Edited::Twrs(d) => Some(d),
            Edited::Twixt(_) => None,
        }
    }

    /// The edit count.
    pub fn version(&self) -> u64 {
        match self {
            Edited::Twixt(d) => d.version(),
            Edited::Twrs(d) => d.version(),
        }
    }

    /// True when there are edits not saved.
    pub fn is_dirty(&self) -> bool {
        match self {
            Edited::Twixt(d) => d.is_dirty(),
            Edited::Twrs(d) => d.is_dirty(),
        }
    }

    /// Which game of the file is edited (from 0), and how many it holds.
    pub fn game_index(&self) -> (usize, usize) {
        match self {
            Edited::Twixt(d) => d.game_index(),
            Edited::Twrs(d) => d.game_index(),
        }
    }

    /// The whole file in canonical form, as saving writes it.
    pub fn script(&self) -> String {
        match self {
            Edited::Twixt(d) => d.script(),
            Edited::Twrs(d) => d.script(),
        }
    }

    fn mark_saved(&mut self) {
        match self {
            Edited::Twixt(d) => d.mark_saved(),
            Edited::Twrs(d) => d.mark_saved(),
        }
    }

    fn touch(&mut self) {
        match self {
            Edited::Twixt(d) => d.touch(),
            Edited::Twrs(d) => d.touch(),
        }
    }
}

/// A file open in the editor.
#[derive(Debug)]
pub struct Session {
    path: PathBuf,
    /// The file the path led to when opened, links followed (`None`: not
    /// on disk): saving never writes through a link put there since.
    real: Option<PathBuf>,
    /// The file's stamp when opened or last saved (`None`: not on disk).
    on_disk: Option<Stamp>,
    force: bool,
    /// The document edited: a TwixT or a TWRS game.
    pub doc: Edited,
    /// A recovery copy left by an earlier session, when one was found.
    pub found_recovery: bool,
    /// In lenient mode (the file has syntax errors): its text and errors.
    pub draft: Option<Draft>,
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
        if game == 0 {
            return Err(Error::CannotEdit("games are counted from 1".into()));
        }
        let (doc, draft) = read_for_editing(&name, text, path, game - 1)?;
        Ok(Session {
            path: path.to_path_buf(),
            real: path.canonicalize().ok(),
            on_disk: if exists { stamp(path) } else { None },
            force,
            doc,
            found_recovery: recovery_path(path).exists(),
            draft,
        })
    }

    /// Replaces the file's text by `text`, as the author fixed it: read
    /// again, it leaves lenient mode when it has no errors left. Nothing is
    /// written until the author saves.
    pub fn set_source(&mut self, text: String) -> Result<(), Error> {
        let name = self.path.display().to_string();
        let (index, _) = self.doc.game_index();
        let (mut doc, draft) = read_for_editing(&name, text, &self.path, index)?;
        doc.touch();
        self.doc = doc;
        self.draft = draft;
        Ok(())
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
        let text = self.text();
        // Over it means over the file edited: a regular file, the one the
        // path led to when opened (or saved) when it led to one.
        if let Ok(meta) = std::fs::metadata(&self.path) {
            if !meta.is_file() {
                return Err(Error::Save(format!(
                    "{name} is not a regular file now; nothing written"
                )));
            }
            let real = self.path.canonicalize().ok();
            if self.real.is_some() && real != self.real {
                return Err(Error::Save(format!(
                    "{name} now leads to another file; nothing written"
                )));
            }
        }
        if self.path.exists() {
            crate::commands::canonical::rewrite(&self.path, &text, self.force)
                .map_err(|e| Error::Save(e.to_string()))?;
        } else {
            crate::output::write_atomic(&self.path, text.as_bytes())
                .map_err(|e| Error::Save(e.to_string()))?;
        }
        self.on_disk = stamp(&self.path);
        self.real = self.path.canonicalize().ok();
        self.doc.mark_saved();
        let _ = std::fs::remove_file(recovery_path(&self.path));
        self.found_recovery = false;
        Ok(())
    }

    /// What saving writes: the document in canonical form, or in lenient
    /// mode the text as it stands.
    pub fn text(&self) -> String {
        match &self.draft {
            Some(d) => d.text.clone(),
            None => self.doc.script(),
        }
    }

    /// Writes the recovery copy of the document as it is now.
    /// Only a regular file is replaced (a FIFO or device there is refused,
    /// never written into), and a new copy is made with the edited file's
    /// permission bits, so that a private file's copy is private too.
    pub fn write_recovery(&self) -> Result<(), Error> {
        let rec = recovery_path(&self.path);
        let failed = |e: std::io::Error| Error::Save(format!("recovery copy: {e}"));
        match std::fs::metadata(&rec) {
            Ok(m) if !m.is_file() => {
                return Err(failed(std::io::Error::other(format!(
                    "{} is not a regular file",
                    rec.display()
                ))));
            }
            Ok(_) => {}
            Err(_) => {
                let mut new = std::fs::OpenOptions::new();
                new.write(true).create_new(true);
                #[cfg(unix)]
                if let Ok(m) = std::fs::metadata(&self.path) {
                    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
                    new.mode(m.permissions().mode() & 0o666);
                }
                new.open(&rec).map_err(failed)?;
            }
        }
        crate::output::write_atomic(&rec, self.text().as_bytes())
            .map_err(|e| Error::Save(format!("recovery copy: {e}")))
    }

    /// Reads the file again from disk, dropping the edits (they stay in the
    /// recovery copy).
    pub fn reload(&mut self) -> Result<(), Error> {
        let fresh = Session::open(&self.path, self.doc.game_index().0 + 1, self.force)?;
        self.doc = fresh.doc;
        self.draft = fresh.draft;
        self.on_disk = fresh.on_disk;
        self.real = fresh.real;
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
        let (index, _) = self.doc.game_index();
        let (mut doc, draft) = read_for_editing(&name, text, &self.path, index)?;
        doc.touch();
        self.doc = doc;
        self.draft = draft;
        self.found_recovery = false;
        Ok(())
    }

    /// At exit: unsaved edits are written to the recovery copy (said
    /// where); with nothing unsaved this session's copy is removed, and an
    /// earlier session's copy that was not opened is kept.
    pub fn close(&self) -> Result<Closed, Error> {
        let rec = recovery_path(&self.path);
        if self.doc.is_dirty() {
            self.write_recovery()?;
            return Ok(Closed::Unsaved(rec));
        }
        if self.found_recovery {
            return Ok(Closed::EarlierCopyKept(rec));
        }
        let _ = std::fs::remove_file(&rec);
        Ok(Closed::Clean)
    }
}

/// Reads a script for editing. A TwixT script with syntax errors opens in
/// lenient mode (a game with an error has no syntax tree, so the document
/// holds only what could be read, to look at, and the text itself is what
/// is edited and saved). A TWRS script (`[Game "twrs"]`) opens whole or not
/// at all: one with syntax errors, or whose rule file cannot be read, is
/// refused with the first error and where it is.
fn read_for_editing(
    name: &str,
    text: String,
    path: &Path,
    index: usize,
) -> Result<(Edited, Option<Draft>), Error> {
    let folder = path.parent().map(Path::to_path_buf);
    if crate::twrs::script::is_twrs(&text) {
        let doc = TwrsDocument::open(name, &text, index, folder.as_deref())
            .map_err(|e| Error::CannotEdit(e.0))?;
        return Ok((Edited::Twrs(doc), None));
    }
    let (doc, draft) = read_twixt(name, text, folder.as_deref(), index)?;
    Ok((Edited::Twixt(doc), draft))
}

/// Reads a TwixT script for editing, in lenient mode when it has syntax
/// errors.
fn read_twixt(
    name: &str,
    text: String,
    folder: Option<&Path>,
    index: usize,
) -> Result<(Document, Option<Draft>), Error> {
    let parsed = crate::script::parse(&text);
    if parsed.errors.is_empty() {
        let doc = Document::new(parsed.file, index, folder)
            .map_err(|e| Error::CannotEdit(format!("{name}: {e}")))?;
        return Ok((doc, None));
    }
    let errors = parsed
        .errors
        .iter()
        .map(|e| SourceError {
            line: e.span.line,
            col: e.span.col,
            message: e.message.clone(),
        })
        .collect();
    let first = parsed.errors[0].span.start();
    let mut read = readable_part(&text, first);
    let index = index.min(read.games.len().saturating_sub(1));
    if read.games.is_empty() {
        read.games.push(crate::script::Game::default());
    }
    let doc = Document::new(read, index, folder)
        .map_err(|e| Error::CannotEdit(format!("{name}: {e}")))?;
    Ok((doc, Some(Draft { text, errors })))
}

/// What can be read of `text` before its first error (at byte `error`):
/// the longest beginning, cut at a word or line boundary, that parses.
fn readable_part(text: &str, error: usize) -> crate::script::ScriptFile {
    let mut cut = error.min(text.len());
    // At most this many tries: a word at a time near the error, then a
    // line at a time.
    let mut tries = 0;
    loop {
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let parsed = crate::script::parse(&text[..cut]);
        if parsed.errors.is_empty() || cut == 0 {
            return parsed.file;
        }
        let before = &text[..cut];
        let back = if tries < 32 {
            before.trim_end().rfind(char::is_whitespace)
        } else {
            before.trim_end_matches('\n').rfind('\n')
        };
        cut = back.unwrap_or(0);
        tries += 1;
    }
}
