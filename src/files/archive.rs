//! Zip archives of game files, as sites hand out many games at once, read
//! as folders: a member named like a game file (`a/g1.tsgf`) is the game
//! file `games.zip/a/g1.tsgf`, listed by [`members`] and read by
//! [`read_input`] as any other file is.
//!
//! Every read is bounded (the limits are in `crate::limits`): the number
//! of members, what each unpacks to (the input limit, and at most the size
//! the archive states for it), its ratio to its packed size (a zip bomb
//! packs thousands of times), and what all of them state in all. A member
//! whose name is absolute or climbs out with `..` is never read. Members
//! are unpacked one at a time, so memory stays that of one game file.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::limits::{
    MAX_ZIP_ENTRIES, MAX_ZIP_RATIO, MAX_ZIP_TOTAL_BYTES, ZIP_RATIO_FREE_BYTES, describe_bytes,
};
use crate::open::Skipped;

/// True for a name ending `.zip` (any case).
pub fn is_zip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

/// An archive opened once and kept for the reads of its members, so that
/// its central directory is not read again for each one.
type Opened = Arc<Mutex<zip::ZipArchive<File>>>;

/// The archives opened so far in this process, by path.
fn opened() -> &'static Mutex<HashMap<PathBuf, Opened>> {
    static OPENED: OnceLock<Mutex<HashMap<PathBuf, Opened>>> = OnceLock::new();
    OPENED.get_or_init(Default::default)
}

/// The archive at `path`, opened (once) and checked against the limit on
/// its number of members.
fn open(path: &Path) -> io::Result<Opened> {
    let mut all = opened().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(a) = all.get(path) {
        return Ok(a.clone());
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::other("it is not a regular file"));
    }
    crate::output::note_input(&meta);
    let archive = zip::ZipArchive::new(file).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not a readable zip archive ({e})"),
        )
    })?;
    let archive = Arc::new(Mutex::new(archive));
    all.insert(path.to_path_buf(), archive.clone());
    Ok(archive)
}

/// The game files of the archive at `path`, as paths below it in sorted
/// order: members named like game files (`.gz` ones too). Members whose
/// names would lead out of the archive go to `skipped` (as a warning, as a
/// link out of a folder does); an archive that cannot be read, or whose
/// game files state more than the total limit, is skipped whole.
pub fn members(path: &Path, skipped: &mut Vec<Skipped>) -> Vec<PathBuf> {
    let archive = match open(path) {
        Ok(a) => a,
        Err(e) => {
            let content = crate::limits::is_content_error(&e);
            skipped.push(Skipped {
                path: path.to_path_buf(),
                why: format!("cannot read the archive: {e}"),
                warning: false,
                content,
            });
            return Vec::new();
        }
    };
    let mut archive = archive.lock().unwrap_or_else(|e| e.into_inner());
    list(&mut archive, path, skipped)
}

/// The game files of an opened `archive` named `path`, as [`members`]
/// gives them: any seekable source, so that the fuzz target reads
/// archives from memory through the same code.
pub(crate) fn list<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    path: &Path,
    skipped: &mut Vec<Skipped>,
) -> Vec<PathBuf> {
    let skip = |why: String, content: bool| Skipped {
        path: path.to_path_buf(),
        why,
        warning: false,
        content,
    };
    if archive.len() > MAX_ZIP_ENTRIES {
        skipped.push(skip(
            format!(
                "cannot read the archive: the archive holds {} members, more than the limit of {MAX_ZIP_ENTRIES}",
                archive.len()
            ),
            false,
        ));
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut total: u64 = 0;
    for i in 0..archive.len() {
        let member = match archive.by_index_raw(i) {
            Ok(m) => m,
            Err(e) => {
                skipped.push(skip(
                    format!("cannot read member {} of the archive: {e}", i + 1),
                    true,
                ));
                continue;
            }
        };
        let raw = match member.name() {
            Ok(n) => n.into_owned(),
            Err(e) => {
                skipped.push(skip(
                    format!("cannot read the name of member {}: {e}", i + 1),
                    true,
                ));
                continue;
            }
        };
        // As in a folder walk, hidden members are passed over (a Mac's
        // `__MACOSX/._game.twixt` is a resource fork, not a game).
        let hidden = Path::new(&raw).components().any(|c| match c {
            std::path::Component::Normal(n) => crate::open::is_hidden(n) || n == "__MACOSX",
            _ => false,
        });
        if member.is_dir() || hidden || !crate::script::is_game_file(Path::new(&raw)) {
            continue;
        }
        let Some(name) = enclosed(&member) else {
            skipped.push(Skipped {
                // Named as written, below the archive: never as a path of its own.
                path: PathBuf::from(format!("{}/{raw}", path.display())),
                why: "a name that leads out of the archive (absolute, or with `..`); not read"
                    .to_string(),
                warning: true,
                content: false,
            });
            continue;
        };
        total = total.saturating_add(member.size());
        out.push(path.join(name));
    }
    if total > MAX_ZIP_TOTAL_BYTES {
        skipped.push(skip(
            format!(
                "its game files unpack to {}, more than the limit of {} for one archive; not read",
                describe_bytes(total),
                describe_bytes(MAX_ZIP_TOTAL_BYTES)
            ),
            false,
        ));
        return Vec::new();
    }
    out.sort();
    out
}

/// A member's name as a relative path inside the archive, or `None` when
/// it would lead out of it. The crate's `enclosed_name` turns `/etc/x`
/// into `etc/x`, a name the archive does not hold: an absolute name
/// (`/x`, `\x`, `C:x`) is refused here first.
fn enclosed<R: Read>(member: &zip::read::ZipFile<'_, R>) -> Option<PathBuf> {
    let raw = member.name_raw();
    let absolute = raw.starts_with(b"/") || raw.starts_with(b"\\") || raw.get(1) == Some(&b':');
    member.enclosed_name().filter(|_| !absolute)
}

/// The archive and member name a path names when it lies inside a zip
/// archive (`games.zip/a/g1.tsgf` → `games.zip`, `a/g1.tsgf`): the nearest
/// ancestor that is a `.zip` file.
pub fn split(path: &Path) -> Option<(&Path, String)> {
    let archive = path
        .ancestors()
        .skip(1)
        .find(|a| is_zip(a) && a.is_file())?;
    let inner = path.strip_prefix(archive).ok()?;
    let name: Vec<String> = inner
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    Some((archive, name.join("/")))
}

/// The bytes of the member `name` of the archive at `archive`, within
/// `max` bytes, the size the archive states for it and the ratio limit.
pub fn read_member(archive: &Path, name: &str, max: u64) -> io::Result<Vec<u8>> {
    let opened = open(archive)?;
    let mut opened = opened.lock().unwrap_or_else(|e| e.into_inner());
    read_from(&mut opened, name, max)
}

/// The bytes of the member `name` of an opened `archive`, as
/// [`read_member`] reads them: any seekable source.
pub(crate) fn read_from<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
    max: u64,
) -> io::Result<Vec<u8>> {
    if archive.len() > MAX_ZIP_ENTRIES {
        return Err(io::Error::other(format!(
            "the archive holds {} members, more than the limit of {MAX_ZIP_ENTRIES}",
            archive.len()
        )));
    }
    let mut member = archive.by_name(name).map_err(|e| match e {
        zip::result::ZipError::FileNotFound => {
            io::Error::new(io::ErrorKind::NotFound, "no such member in the archive")
        }
        other => io::Error::new(io::ErrorKind::InvalidData, other.to_string()),
    })?;
    if enclosed(&member).is_none() {
        return Err(io::Error::other(
            "a name that leads out of the archive (absolute, or with `..`); not read",
        ));
    }
    let stated = member.size();
    let packed = member.compressed_size().max(1);
    if stated > max {
        return Err(io::Error::other(format!(
            "it unpacks to {}, more than the limit of {}",
            describe_bytes(stated),
            describe_bytes(max)
        )));
    }
    if stated > ZIP_RATIO_FREE_BYTES && stated / packed > MAX_ZIP_RATIO {
        return Err(bomb(stated, packed));
    }
    // The stated size bounds the read: data beyond it is a lie the checks
    // above would not have seen.
    let mut bytes = Vec::with_capacity(stated as usize);
    (&mut member)
        .take(stated + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("damaged member: {e}")))?;
    if bytes.len() as u64 > stated {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it unpacks to more than the {} the archive states; not read",
                describe_bytes(stated)
            ),
        ));
    }
    Ok(bytes)
}

/// A member refused for its ratio.
fn bomb(stated: u64, packed: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "it unpacks to {} from {} packed, more than {MAX_ZIP_RATIO} times: a zip bomb; not read",
            describe_bytes(stated),
            describe_bytes(packed)
        ),
    )
}

/// The bytes of the input `path` within `max` bytes: a member of a zip
/// archive when the path lies inside one (unpacked through gzip too for a
/// `.gz` member), else the file or standard input as
/// [`crate::limits::read_input_marked`] reads it (a byte-order mark kept).
pub fn read_input(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let Some((archive, name)) = split(path) else {
        return crate::limits::read_input_marked(path, max);
    };
    let bytes = read_member(archive, &name, max)?;
    if crate::limits::is_gzip(path) {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .take(max + 1)
            .read_to_end(&mut out)?;
        if out.len() as u64 > max {
            return Err(io::Error::other(format!(
                "the file unpacks to more than the limit of {}",
                describe_bytes(max)
            )));
        }
        return Ok(out);
    }
    Ok(bytes)
}
