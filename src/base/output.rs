//! Safe output: file names derived from untrusted text, and atomic writes.
//!
//! Every file twixtkit writes goes through [`write_atomic`]: the bytes go to a
//! temporary file in the destination folder which is then renamed into place,
//! so an interrupted run leaves the old file or the new one, never half of one.
//! Names built from titles, diagram names or player names go through
//! [`NameSet::claim`], which keeps them inside the chosen folder and distinct.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// Longest file stem produced by [`sanitize_stem`], in bytes.
pub const MAX_STEM_BYTES: usize = 80;

/// Names Windows reserves whatever the extension; refused on every platform so
/// that a diagram folder can be copied anywhere.
/// Windows reserves the superscript digits ¹²³ too (`COM¹`, `LPT²`).
const RESERVED: [&str; 28] = [
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "com¹", "com²", "com³", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8",
    "lpt9", "lpt¹", "lpt²", "lpt³",
];

/// Turns arbitrary text into a safe file stem: letters and digits of any
/// script are kept, runs of anything else become one `-`, leading and trailing
/// separators are trimmed, the result is at most [`MAX_STEM_BYTES`] long and
/// never empty, `.`/`..`, or a reserved device name.
pub fn sanitize_stem(text: &str) -> String {
    let mut out = String::new();
    let mut pending_dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            if out.len() + c.len_utf8() > MAX_STEM_BYTES {
                break;
            }
            out.push(c);
        } else {
            pending_dash = true;
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("untitled");
    }
    if RESERVED.contains(&out.to_lowercase().as_str()) {
        out.insert(0, '_');
    }
    out
}

/// Hands out distinct file names inside one output folder. Two requests that
/// sanitise to the same stem get `name`, `name-2`, `name-3`, …; comparison is
/// case-insensitive so the names stay distinct on case-insensitive file systems.
#[derive(Debug, Default)]
pub struct NameSet {
    taken: HashSet<String>,
    /// The next number to try for each stem and extension, so that many
    /// requests for one name take linear time, not quadratic.
    next: HashMap<String, u32>,
}

impl NameSet {
    /// An empty set: no name handed out yet.
    pub fn new() -> NameSet {
        NameSet::default()
    }

    /// A fresh file name `stem.ext` for `text`, never handed out before.
    pub fn claim(&mut self, text: &str, ext: &str) -> String {
        let stem = sanitize_stem(text);
        let key = format!("{stem}.{ext}").to_lowercase();
        let mut n = self.next.get(&key).copied().unwrap_or(1);
        loop {
            let candidate = if n == 1 {
                format!("{stem}.{ext}")
            } else {
                format!("{stem}-{n}.{ext}")
            };
            n += 1;
            if self.taken.insert(candidate.to_lowercase()) {
                self.next.insert(key, n);
                return candidate;
            }
        }
    }
}

/// Why an output file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file or folder written.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// The folder the file would go in does not exist.
    #[error("cannot write {}: the folder {} does not exist", path.display(), folder.display())]
    NoFolder {
        /// The file.
        path: PathBuf,
        /// Its missing folder.
        folder: PathBuf,
    },
    /// The path is a file this run read as input.
    #[error("refusing to overwrite the input file {0}")]
    WouldOverwriteInput(PathBuf),
    /// Another run holds the lock on this output folder.
    #[error("another run is writing into {0}; wait for it to finish")]
    Busy(PathBuf),
    /// The file's permission bits forbid writing, and replacing read-only
    /// files was not asked for ([`replace_read_only`]).
    #[error("{} is read-only; not replaced (--force replaces it)", .0.display())]
    ReadOnly(PathBuf),
}

/// Whether this run may replace files whose permission bits forbid writing
/// (`--force`). Off by default: a read-only file is refused, as the shell's
/// `>` refuses it, for root too (who could write it anyway).
static REPLACE_READ_ONLY: AtomicBool = AtomicBool::new(false);

/// Lets every later write of this process replace read-only files (`true`),
/// or refuse them again (`false`). A command sets it from its `--force`.
pub fn replace_read_only(yes: bool) {
    REPLACE_READ_ONLY.store(yes, Ordering::Relaxed);
}

/// The one judgment of "read-only" every writer uses (and `twixt fmt`):
/// no write permission bit at all, whoever runs.
pub fn is_read_only(meta: &fs::Metadata) -> bool {
    meta.permissions().readonly()
}

/// A read-only regular file is refused unless [`replace_read_only`] allows it.
fn refuse_read_only(path: &Path, meta: &fs::Metadata) -> Result<(), OutputError> {
    if meta.is_file() && is_read_only(meta) && !REPLACE_READ_ONLY.load(Ordering::Relaxed) {
        return Err(OutputError::ReadOnly(path.to_path_buf()));
    }
    Ok(())
}

impl crate::diagnostic::Explained for OutputError {}

impl OutputError {
    /// An I/O error met writing `path`.
    fn io(path: &Path) -> impl Fn(io::Error) -> OutputError + Copy + '_ {
        |source| OutputError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Files this process has read: no write replaces one, whichever option or
/// header named it (a style, a rule set, a game). A file is known by device
/// and inode (so a hard link or symbolic link to it is it too) and by its
/// change time, so that a new file that reuses a deleted input's inode is not
/// mistaken for it.
static READ_FILES: Mutex<BTreeSet<FileId>> = Mutex::new(BTreeSet::new());

type FileId = (u64, u64, i64, i64);

/// Remembers that the file with this metadata was read as an input, so that
/// [`write_atomic`] refuses to replace it. Called by the readers in
/// [`crate::limits`].
pub fn note_input(meta: &fs::Metadata) {
    if let Some(id) = file_id(meta) {
        lock(&READ_FILES).insert(id);
    }
}

fn was_read(meta: &fs::Metadata) -> bool {
    file_id(meta).is_some_and(|id| lock(&READ_FILES).contains(&id))
}

#[cfg(unix)]
fn file_id(meta: &fs::Metadata) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    meta.is_file()
        .then(|| (meta.dev(), meta.ino(), meta.ctime(), meta.ctime_nsec()))
}

#[cfg(not(unix))]
fn file_id(_: &fs::Metadata) -> Option<FileId> {
    None
}

/// Temporary files being written right now, so that an interrupted run can
/// remove them ([`remove_temporary_files`]).
static TEMPORARY: Mutex<Temporary> = Mutex::new(Temporary {
    paths: Vec::new(),
    folders: Vec::new(),
    closed: false,
});

struct Temporary {
    paths: Vec<PathBuf>,
    /// Folders made by [`write_beside`] for files still being written:
    /// all of what is in them is this run's.
    folders: Vec<PathBuf>,
    /// Set once the process is being interrupted: no new temporary file.
    closed: bool,
}

/// Numbers for temporary names, distinct within the process.
static NEXT_TEMPORARY: AtomicU32 = AtomicU32::new(0);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes every temporary file being written and refuses to start new ones.
/// A program calls this from its SIGINT/SIGTERM handler before it exits, so
/// that an interrupted run leaves no partial file behind.
pub fn remove_temporary_files() {
    let mut t = lock(&TEMPORARY);
    t.closed = true;
    for p in t.paths.drain(..) {
        let _ = fs::remove_file(p);
    }
    for f in t.folders.drain(..) {
        let _ = fs::remove_dir_all(f);
    }
}

/// For a program that wants no partial file after Ctrl-C: starts a thread
/// that waits for SIGINT or SIGTERM, then calls [`remove_temporary_files`]
/// and ends the process with the status a shell expects (130, 143). Without
/// it the default action still ends the program, only less tidily, so a
/// handler that cannot be installed is no error.
pub fn remove_temporary_files_on_signal() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            remove_temporary_files();
            std::process::exit(128 + signal);
        }
    });
}

/// Checks, without writing, that [`write_atomic`] would not refuse `path`
/// for what it is (a folder, a file this process has read, a read-only
/// file), so that a command writing several files can check every name
/// before the first.
pub fn check_writable(path: &Path) -> Result<(), OutputError> {
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(OutputError::io(path)(io::Error::other("it is a folder"))),
        Ok(m) if was_read(&m) => Err(OutputError::WouldOverwriteInput(path.to_path_buf())),
        Ok(m) => refuse_read_only(path, &m),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder is
/// written, flushed and renamed over `path`. An existing `path` that is not a
/// regular file (a device, a FIFO) is written into directly instead, a folder
/// is refused, and so is a file this process has read (an input).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    write_with(path, true, &mut |w| w.write_all(bytes))
}

/// Where a text written a piece at a time goes.
pub enum Destination<'a> {
    /// A file, written through a temporary one in its folder: a failure
    /// leaves nothing, and an input is never written over.
    File(&'a Path),
    /// Bytes handed out as they are made (standard output, a socket).
    Sink(&'a mut dyn FnMut(&[u8]) -> io::Result<()>),
}

impl Destination<'_> {
    /// Writes what `produce` makes: into the file as [`write_atomic`] writes
    /// its bytes (when `produce` fails, nothing is written: a temporary file
    /// is removed), or to the sink in pieces of 64 KiB. An error of
    /// `produce` is returned as it is.
    pub fn write_with<E: From<OutputError> + From<io::Error>>(
        self,
        produce: &mut dyn FnMut(&mut dyn Write) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut failed = None;
        let mut each = |w: &mut dyn Write| {
            produce(w).map_err(|e| {
                failed = Some(e);
                io::Error::other("stopped")
            })
        };
        // What the file itself refused (a full disk): said as the file's
        // error, naming it, whatever the producer made of it.
        let mut refused: Option<io::Error> = None;
        let done = match self {
            Destination::File(path) => {
                let done = write_with(path, true, &mut |w| {
                    each(&mut Noting {
                        inner: w,
                        refused: &mut refused,
                    })
                });
                if let Some(e) = refused.take() {
                    return Err(E::from(OutputError::io(path)(e)));
                }
                done.map_err(E::from)
            }
            Destination::Sink(sink) => {
                let mut w = io::BufWriter::with_capacity(64 << 10, SinkWriter(sink));
                each(&mut w).and_then(|()| w.flush()).map_err(E::from)
            }
        };
        match failed {
            Some(e) => Err(e),
            None => done,
        }
    }
}

/// A writer that keeps the first error its file gave.
struct Noting<'a, 'b> {
    inner: &'a mut dyn Write,
    refused: &'b mut Option<io::Error>,
}

impl Noting<'_, '_> {
    fn note<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r
            && self.refused.is_none()
        {
            *self.refused = Some(io::Error::new(e.kind(), e.to_string()));
        }
        r
    }
}

impl Write for Noting<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        self.note(r)
    }
    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

/// A sink seen as a writer.
struct SinkWriter<'a, 'b>(&'a mut (dyn FnMut(&[u8]) -> io::Result<()> + 'b));

impl Write for SinkWriter<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        (self.0)(buf)?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Like [`write_atomic`], but may replace a file this process has read: for
/// tools whose job is to rewrite their input, as `twixt fmt` does. The
/// caller judges read-only files itself (`fmt` with its own `--force`).
/// The bytes are made by `write` as it goes, so that a file too large to
/// hold is written a piece at a time. When `write` fails, `path` is left
/// as it was.
pub fn replace_file(
    path: &Path,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> Result<(), OutputError> {
    write_with(path, false, write)
}

fn write_with(
    path: &Path,
    protect_inputs: bool,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> Result<(), OutputError> {
    let io_err = OutputError::io(path);
    match prepare(path, protect_inputs)? {
        // A device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written
        // into as a stream: renaming over it would replace the device node.
        Prepared::Stream => {
            let f = fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(io_err)?;
            let mut w = io::BufWriter::new(f);
            write(&mut w).and_then(|()| w.flush()).map_err(io_err)
        }
        Prepared::Replace(dir) => {
            let staged = stage(path, &dir, write)?;
            // What was written may have read the target meanwhile (a rule
            // set a game's header names, read as the games stream through):
            // an input found only now is still never replaced.
            if protect_inputs && fs::metadata(path).is_ok_and(|m| was_read(&m)) {
                return Err(OutputError::WouldOverwriteInput(path.to_path_buf()));
            }
            staged.commit()
        }
        // Standard output or error, as the process holds them (at their
        // offset, in append mode if the shell opened them so).
        Prepared::Descriptor(fd) => {
            let done = if fd == 2 {
                let mut w = io::stderr().lock();
                write(&mut w).and_then(|()| w.flush())
            } else {
                let mut w = io::stdout().lock();
                write(&mut w).and_then(|()| w.flush())
            };
            done.map_err(io_err)
        }
    }
}

/// What an output path names through links of a process's descriptors.
#[derive(Debug, PartialEq, Eq)]
enum DescriptorLink {
    /// One of this process's own descriptors (`/dev/stdout`, `/dev/fd/1`,
    /// `/proc/self/fd/1`).
    Own(i32),
    /// A descriptor of another process (`/proc/PID/fd/N`).
    Foreign,
}

/// Whether `path`, or a link it leads through, names a process's open
/// descriptor: `/dev/fd/N` or `/proc/(self|thread-self|PID)/fd/N`. Such a
/// path (`/dev/stdout` among them) is where the shell sent the output, and
/// looks like the file behind the descriptor; renaming a new file over it
/// would replace the system's link (`/dev/stdout` made a plain file), so it
/// is written into instead.
fn descriptor_link(path: &Path) -> Option<DescriptorLink> {
    let mut p = std::path::absolute(path).ok()?;
    // Links are followed one at a time, at most as deep as the system does.
    for _ in 0..40 {
        if let Some(d) = names_a_descriptor(&p) {
            return Some(d);
        }
        let target = fs::read_link(&p).ok()?;
        p = match p.parent() {
            Some(dir) if target.is_relative() => dir.join(target),
            _ => target,
        };
    }
    None
}

/// Whether an output at `path` is written into as a stream, never
/// replaced: a device or pipe (`/dev/null`, a FIFO), or a path that is, or
/// leads through links to, a process's descriptor (`/dev/stdout`,
/// `/dev/fd/N`, `/proc/self/fd/N`). It takes one file's bytes and has no
/// extension to name a format.
pub fn is_stream(path: &Path) -> bool {
    descriptor_link(path).is_some() || fs::metadata(path).is_ok_and(|m| !m.is_dir() && !m.is_file())
}

/// [`descriptor_link`] of one path, read by its words alone.
fn names_a_descriptor(p: &Path) -> Option<DescriptorLink> {
    let words: Vec<&std::ffi::OsStr> = p
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .map(|c| c.as_os_str())
        .collect();
    let number = |w: &std::ffi::OsStr| w.to_str()?.parse::<i32>().ok().filter(|&n| n >= 0);
    match words.as_slice() {
        [root, dev, fd, n] if *root == "/" && *dev == "dev" && *fd == "fd" => {
            number(n).map(DescriptorLink::Own)
        }
        [root, proc, who, fd, n] if *root == "/" && *proc == "proc" && *fd == "fd" => {
            let n = number(n)?;
            let own = *who == "self"
                || *who == "thread-self"
                || who.to_str() == Some(&std::process::id().to_string());
            if own {
                Some(DescriptorLink::Own(n))
            } else {
                who.to_str()?
                    .parse::<u32>()
                    .ok()
                    .map(|_| DescriptorLink::Foreign)
            }
        }
        _ => None,
    }
}

/// How a path is written.
enum Prepared {
    /// Into the existing device or pipe, as a stream.
    Stream,
    /// Through a temporary file in this folder, renamed into place.
    Replace(PathBuf),
    /// Into this process's standard output (1) or error (2), where the
    /// shell sent it.
    Descriptor(i32),
}

/// Every refusal a write makes before the first byte: a missing folder, a
/// folder, an input (`protect_inputs`), a read-only file (`protect_inputs`:
/// `fmt` judges that itself), a path that names no file.
fn prepare(path: &Path, protect_inputs: bool) -> Result<Prepared, OutputError> {
    let io_err = OutputError::io(path);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if let Some(d) = descriptor_link(path) {
        if protect_inputs && fs::metadata(path).is_ok_and(|m| was_read(&m)) {
            return Err(OutputError::WouldOverwriteInput(path.to_path_buf()));
        }
        return Ok(match d {
            DescriptorLink::Own(fd @ (1 | 2)) => Prepared::Descriptor(fd),
            // Another descriptor is opened again by its name.
            _ => Prepared::Stream,
        });
    }
    if !dir.is_dir() && fs::symlink_metadata(&dir).is_err() {
        return Err(OutputError::NoFolder {
            path: path.to_path_buf(),
            folder: dir,
        });
    }
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(io_err(io::Error::other("it is a folder"))),
        Ok(m) if protect_inputs && was_read(&m) => {
            return Err(OutputError::WouldOverwriteInput(path.to_path_buf()));
        }
        Ok(m) if !m.is_file() => return Ok(Prepared::Stream),
        Ok(m) if protect_inputs => refuse_read_only(path, &m)?,
        _ => {}
    }
    if path.file_name().is_none() {
        return Err(io_err(io::Error::other("the path names no file")));
    }
    Ok(Prepared::Replace(dir))
}

/// A file written in full under a temporary name beside its target, not yet
/// in place: [`Staged::commit`] renames it over the target; dropped
/// uncommitted, it is removed.
struct Staged {
    tmp: PathBuf,
    path: PathBuf,
    done: bool,
}

impl Staged {
    fn commit(mut self) -> Result<(), OutputError> {
        self.done = true;
        let renamed = fs::rename(&self.tmp, &self.path);
        if renamed.is_err() {
            let _ = fs::remove_file(&self.tmp);
        }
        forget_temporary(&self.tmp);
        renamed.map_err(OutputError::io(&self.path))
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_file(&self.tmp);
            forget_temporary(&self.tmp);
        }
    }
}

fn forget_temporary(tmp: &Path) {
    lock(&TEMPORARY).paths.retain(|p| p != tmp);
}

/// Writes what `write` makes into a new temporary file in `dir`, flushed to
/// the disk, for [`Staged::commit`] to put at `path`.
fn stage(
    path: &Path,
    dir: &Path,
    write: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> Result<Staged, OutputError> {
    let io_err = OutputError::io(path);
    let (tmp, f) = create_temporary(dir).map_err(io_err)?;
    let staged = Staged {
        tmp,
        path: path.to_path_buf(),
        done: false,
    };
    (|| {
        // A replaced file keeps its permission bits and owner (a private file
        // stays private, a user's file stays theirs when root rewrites it).
        // Its metadata is read without following links, and setuid, setgid
        // and sticky bits are never copied.
        if let Ok(old) = fs::symlink_metadata(path)
            && old.is_file()
        {
            keep_owner_and_mode(&f, &old)?;
        }
        let mut w = io::BufWriter::new(&f);
        write(&mut w)?;
        w.flush()?;
        drop(w);
        f.sync_all()
    })()
    .map_err(io_err)?;
    Ok(staged)
}

/// Writes several files all or none, as a set of manual pages must be: each
/// is written in full under a temporary name beside its target first (a
/// full disk stops the run here, and every temporary file is removed); only
/// then are they renamed into place, which takes no space. Each path is
/// refused as [`write_atomic`] refuses it; a device or pipe is not accepted.
pub fn write_all_or_none(files: &[(PathBuf, Vec<u8>)]) -> Result<(), OutputError> {
    let mut staged = Vec::with_capacity(files.len());
    for (path, bytes) in files {
        let Prepared::Replace(dir) = prepare(path, true)? else {
            let not_file = io::Error::other("it is not a regular file");
            return Err(OutputError::io(path)(not_file));
        };
        staged.push(stage(path, &dir, &mut |w| w.write_all(bytes))?);
    }
    staged.into_iter().try_for_each(Staged::commit)
}

/// Writes `files` all or none into `dir` and its subfolder `sub` (a Typst
/// book: its source and template in `dir`, its figures in `sub`), under an
/// exclusive lock on `dir` ([`FolderLock`]), so that two runs never mix
/// their files. `sub` must be a folder of its own, not a link (which could
/// lead the figures outside `dir`); it is made when missing, and taken away
/// again when the files cannot all be written.
pub fn write_beside(
    dir: &Path,
    sub: &Path,
    files: &[(PathBuf, Vec<u8>)],
) -> Result<(), OutputError> {
    let _lock = FolderLock::take(dir)?;
    let made = match fs::symlink_metadata(sub) {
        Ok(m) if m.is_dir() => false,
        Ok(_) => {
            let not_folder = io::Error::other(
                "it is a link or a file, not a folder: the figures are written only inside the output's folder",
            );
            return Err(OutputError::io(sub)(not_folder));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let mut t = lock(&TEMPORARY);
            if t.closed {
                return Err(OutputError::io(sub)(io::Error::other("interrupted")));
            }
            fs::create_dir(sub).map_err(OutputError::io(sub))?;
            // Removed with what is in it if a signal ends the run first.
            t.folders.push(sub.to_path_buf());
            true
        }
        Err(e) => return Err(OutputError::io(sub)(e)),
    };
    let written = write_all_or_none(files);
    if made {
        let mut t = lock(&TEMPORARY);
        t.folders.retain(|f| f != sub);
        if written.is_err() {
            let _ = fs::remove_dir_all(sub);
        }
    }
    written
}

/// A new temporary file in `dir` with a short name (`.twixt-PID-N.tmp`), so
/// that any output name the file system allows can be written.
fn create_temporary(dir: &Path) -> io::Result<(PathBuf, fs::File)> {
    super::stale_temporary::sweep_once(dir);
    for _ in 0..1000 {
        let n = NEXT_TEMPORARY.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".twixt-{}-{n}.tmp", std::process::id()));
        let mut t = lock(&TEMPORARY);
        if t.closed {
            return Err(io::Error::other("interrupted"));
        }
        // `create_new` never opens an existing file or follows a link
        // planted under the temporary name: it fails, and the next is tried.
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => {
                t.paths.push(tmp.clone());
                return Ok((tmp, f));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("no free temporary file name"))
}

#[cfg(unix)]
fn keep_owner_and_mode(f: &fs::File, old: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    // Only root may give a file away; anyone else keeps their own.
    let _ = std::os::unix::fs::fchown(f, Some(old.uid()), Some(old.gid()));
    f.set_permissions(fs::Permissions::from_mode(old.mode() & 0o777))
}

#[cfg(not(unix))]
fn keep_owner_and_mode(f: &fs::File, old: &fs::Metadata) -> io::Result<()> {
    f.set_permissions(old.permissions())
}

/// An exclusive lock on an output folder, held while a run writes into it,
/// so that two runs never leave a mix of their files. Released when dropped.
#[derive(Debug)]
pub struct FolderLock {
    _folder: fs::File,
}

impl FolderLock {
    /// Takes the lock on `dir` without waiting; an error when another run
    /// holds it.
    pub fn take(dir: &Path) -> Result<FolderLock, OutputError> {
        let io_err = OutputError::io(dir);
        let folder = fs::File::open(dir).map_err(io_err)?;
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: flock on a descriptor this function owns; no memory
            // is passed. One of the three audited unsafe blocks of the crate (with
            // the memory ceiling of `book::typeset_process`).
            #[allow(unsafe_code)]
            let r = unsafe { libc::flock(folder.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
            if r != 0 {
                let e = io::Error::last_os_error();
                return Err(if e.kind() == io::ErrorKind::WouldBlock {
                    OutputError::Busy(dir.to_path_buf())
                } else {
                    io_err(e)
                });
            }
        }
        Ok(FolderLock { _folder: folder })
    }
}

/// The summary of the files a run wrote: every name when there are a few,
/// the count and the first and last when there are many (`wrote a.svg,
/// b.svg`). Names are made printable.
pub fn wrote(paths: &[PathBuf]) -> String {
    let name = |p: &PathBuf| crate::diagnostic::printable(&p.display().to_string());
    match paths {
        [] => "wrote nothing".to_string(),
        [first, .., last] if paths.len() > 10 => {
            format!(
                "wrote {} files: {} … {}",
                paths.len(),
                name(first),
                name(last)
            )
        }
        _ => format!(
            "wrote {}",
            paths.iter().map(name).collect::<Vec<_>>().join(", ")
        ),
    }
}

/// Refuses an output path that is one of the inputs (compared after resolving
/// links and `..`, for files that exist).
pub fn ensure_not_input(output: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    let Ok(out) = fs::canonicalize(output) else {
        return Ok(()); // does not exist yet, so it is no input
    };
    let out_meta = fs::metadata(&out).ok();
    for input in inputs {
        if fs::canonicalize(input).is_ok_and(|i| i == out)
            || same_file(out_meta.as_ref(), fs::metadata(input).ok().as_ref())
        {
            return Err(OutputError::WouldOverwriteInput(output.to_path_buf()));
        }
    }
    Ok(())
}

/// Hard links to one file have different paths but one inode.
#[cfg(unix)]
fn same_file(a: Option<&fs::Metadata>, b: Option<&fs::Metadata>) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (a, b) {
        (Some(a), Some(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: Option<&fs::Metadata>, _: Option<&fs::Metadata>) -> bool {
    false
}

/// The file of page `n` (from 1) of a document whose first page is `first`:
/// `sheet.svg`, `sheet-2.svg`, `sheet-3.svg`, …
pub fn page_path(first: &Path, n: usize) -> PathBuf {
    if n == 1 {
        return first.to_path_buf();
    }
    let stem = first
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "page".into());
    let name = match first.extension() {
        Some(e) => format!("{stem}-{n}.{}", e.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    first.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_folder_is_named_and_nothing_is_made() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nodir/b.svg");
        let e = write_atomic(&path, b"<svg/>").unwrap_err();
        assert!(matches!(e, OutputError::NoFolder { .. }), "{e}");
        assert!(e.to_string().contains("the folder"), "{e}");
        assert!(!dir.path().join("nodir").exists());
    }

    #[test]
    fn hostile_names_stay_inside_the_folder() {
        for hostile in [
            "../../etc/passwd",
            "/abs/path",
            "a\\b",
            "..",
            ".",
            "",
            "\u{0}\u{7}\n",
            "CON",
            "lpt1",
            "COM¹",
            "lpt²",
            "C:evil",
        ] {
            let s = sanitize_stem(hostile);
            assert!(!s.is_empty());
            assert!(!s.contains(['/', '\\', ':', '\0']), "{s}");
            assert!(s != "." && s != "..");
            assert!(!RESERVED.contains(&s.to_lowercase().as_str()), "{s}");
            assert!(s.chars().all(|c| !c.is_control()));
        }
        assert_eq!(
            sanitize_stem("Exemple de partie: 3/11"),
            "Exemple-de-partie-3-11"
        );
        assert_eq!(
            sanitize_stem("Noir ne voit pas assez loin…"),
            "Noir-ne-voit-pas-assez-loin"
        );
        assert_eq!(sanitize_stem("../../etc/passwd"), "etc-passwd");
        assert_eq!(sanitize_stem(&"é".repeat(500)).len(), MAX_STEM_BYTES);
    }

    #[test]
    fn colliding_names_get_distinct_files() {
        let mut names = NameSet::new();
        assert_eq!(names.claim("Fig 1", "svg"), "Fig-1.svg");
        assert_eq!(names.claim("fig/1", "svg"), "fig-1-2.svg");
        assert_eq!(names.claim("FIG 1", "svg"), "FIG-1-3.svg");
        assert_eq!(names.claim("Fig 1", "png"), "Fig-1.png");
    }

    #[test]
    fn atomic_write_replaces_whole_file_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.svg");
        write_atomic(&p, b"first version").unwrap();
        write_atomic(&p, b"second").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn atomic_write_never_follows_a_planted_temporary_link() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep").unwrap();
        let p = dir.path().join("out.svg");
        // Links under the next temporary names this process will try.
        let first = NEXT_TEMPORARY.load(Ordering::Relaxed);
        for n in first..first + 200 {
            let planted = dir
                .path()
                .join(format!(".twixt-{}-{n}.tmp", std::process::id()));
            std::os::unix::fs::symlink(&victim, &planted).unwrap();
        }
        write_atomic(&p, b"new").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"keep");
        assert_eq!(fs::read(&p).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("private.twixt");
        fs::write(&p, "old").unwrap();
        fs::set_permissions(&p, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&p, b"new").unwrap();
        assert_eq!(
            fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }

    #[cfg(unix)]
    #[test]
    fn descriptor_paths_are_told_by_their_words() {
        let of = |p: &str| names_a_descriptor(Path::new(p));
        let own = std::process::id();
        assert_eq!(of("/dev/fd/1"), Some(DescriptorLink::Own(1)));
        assert_eq!(of("/proc/self/fd/2"), Some(DescriptorLink::Own(2)));
        assert_eq!(of("/proc/thread-self/fd/7"), Some(DescriptorLink::Own(7)));
        assert_eq!(
            of(&format!("/proc/{own}/fd/1")),
            Some(DescriptorLink::Own(1))
        );
        assert_eq!(of("/proc/1/fd/1"), Some(DescriptorLink::Foreign));
        for plain in [
            "/dev/stdout",
            "/tmp/fd/1",
            "/dev/fd/x",
            "/proc/self/fd",
            "fd/1",
        ] {
            assert_eq!(of(plain), None, "{plain}");
        }
        // `/dev/stdout` is one by its link (on systems that have it).
        if fs::read_link("/dev/stdout").is_ok_and(|t| names_a_descriptor(&t).is_some()) {
            assert_eq!(
                descriptor_link(Path::new("/dev/stdout")),
                Some(DescriptorLink::Own(1))
            );
        }
    }

    #[test]
    fn a_hard_link_to_the_input_is_the_input() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("game.tsgf");
        fs::write(&p, "x").unwrap();
        let alias = dir.path().join("alias.tsgf");
        fs::hard_link(&p, &alias).unwrap();
        assert!(ensure_not_input(&alias, &[p]).is_err());
    }

    #[test]
    fn input_is_never_an_output() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("game.twixt");
        fs::write(&p, "x").unwrap();
        let weird = dir.path().join(".").join("game.twixt");
        assert!(ensure_not_input(&weird, std::slice::from_ref(&p)).is_err());
        assert!(ensure_not_input(&dir.path().join("other.twixt"), &[p]).is_ok());
    }
    #[cfg(unix)]
    #[test]
    fn a_planted_link_lends_no_mode_and_setuid_is_never_copied() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("suid");
        fs::write(&target, "x").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o4755)).unwrap();
        let out = dir.path().join("out.svg");
        std::os::unix::fs::symlink(&target, &out).unwrap();
        write_atomic(&out, b"new").unwrap();
        let mode = fs::symlink_metadata(&out).unwrap().permissions().mode();
        assert!(fs::symlink_metadata(&out).unwrap().is_file());
        assert_eq!(mode & 0o7000, 0, "{mode:o}");
        assert_eq!(fs::read(&target).unwrap(), b"x");
        // A regular file with setuid keeps its permission bits only.
        let plain = dir.path().join("plain.svg");
        fs::write(&plain, "x").unwrap();
        fs::set_permissions(&plain, fs::Permissions::from_mode(0o4750)).unwrap();
        write_atomic(&plain, b"new").unwrap();
        assert_eq!(
            fs::metadata(&plain).unwrap().permissions().mode() & 0o7777,
            0o750
        );
    }

    #[test]
    fn a_long_output_name_needs_no_room_for_a_suffix() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join(format!("{}.svg", "n".repeat(251)));
        write_atomic(&p, b"long").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"long");
    }

    #[test]
    fn a_file_that_was_read_is_never_replaced_except_on_purpose() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("style.yaml");
        fs::write(&p, "base: rulebook\n").unwrap();
        crate::limits::read_bytes(&p, 100).unwrap();
        assert!(matches!(
            write_atomic(&p, b"svg"),
            Err(OutputError::WouldOverwriteInput(_))
        ));
        assert_eq!(fs::read(&p).unwrap(), b"base: rulebook\n");
        replace_file(&p, &mut |w| w.write_all(b"rewritten")).unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"rewritten");
    }

    #[test]
    fn many_requests_for_one_name_are_numbered_in_order() {
        let mut names = NameSet::new();
        assert_eq!(names.claim("x", "svg"), "x.svg");
        assert_eq!(names.claim("x-3", "svg"), "x-3.svg");
        assert_eq!(names.claim("x", "svg"), "x-2.svg");
        assert_eq!(names.claim("x", "svg"), "x-4.svg");
        for _ in 0..50_000 {
            names.claim("x", "svg");
        }
        assert_eq!(names.claim("X", "svg"), "X-50005.svg");
    }

    #[cfg(unix)]
    #[test]
    fn one_run_at_a_time_writes_into_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let first = FolderLock::take(dir.path()).unwrap();
        assert!(matches!(
            FolderLock::take(dir.path()),
            Err(OutputError::Busy(_))
        ));
        drop(first);
        FolderLock::take(dir.path()).unwrap();
    }
}
