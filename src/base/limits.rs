//! Every limit twixtkit puts on its inputs, in one place (listed in
//! `docs/limits.md`). Each exists so that a hostile or broken file gets a
//! clear error instead of exhausting time or memory.

use std::io::{self, Read};
use std::path::Path;

/// Largest input file read, in bytes (64 MiB). Real records are a few
/// kilobytes; a whole archive of scripts stays far below this.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// Most members of a zip archive of games (as many as the games of one
/// file).
pub const MAX_ZIP_ENTRIES: usize = MAX_GAMES_PER_FILE;

/// Most bytes the game files of one zip archive may unpack to, by the
/// sizes the archive states (4 GiB): each member is read on its own, so
/// this bounds the time of a command, not its memory.
pub const MAX_ZIP_TOTAL_BYTES: u64 = 4 * 1024 * 1024 * 1024;

/// Most a zip member may unpack to for each byte it takes packed. Game
/// records pack 3 to 20 times; a zip bomb packs thousands of times.
pub const MAX_ZIP_RATIO: u64 = 100;

/// Members that unpack to at most this many bytes (1 MiB) are read
/// whatever their ratio: a small file cannot exhaust anything.
pub const ZIP_RATIO_FREE_BYTES: u64 = 1024 * 1024;

/// Largest rule-set or style YAML file read, in bytes (1 MiB).
pub const MAX_YAML_BYTES: u64 = 1024 * 1024;

/// Deepest nesting of variations in a script.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// Most games in one file.
pub const MAX_GAMES_PER_FILE: usize = 100_000;

/// Most moves in one game line: a 128×128 board has 16,380 holes, and every
/// move but a swap, resignation or draw fills one (removals aside), so real
/// games stay well below this.
pub const MAX_MOVES_PER_GAME: usize = 100_000;

/// Most diagram points in one game: each one keeps a copy of the position.
pub const MAX_DIAGRAMS_PER_GAME: usize = 1_000;

/// Most variations in one game: replaying each one starts from a copy of
/// the position.
pub const MAX_VARIATIONS_PER_GAME: usize = 10_000;

/// Memory PNG pictures drawn at once may hold, in bytes (1 GiB): the
/// pictures of a run are rasterised in parallel only as far as their
/// estimated peaks fit in it, so that memory does not grow with the number
/// of cores (`diagram::png_batch`).
pub const RASTER_MEMORY_BYTES: u64 = 1 << 30;

/// Largest book template (`--template`), in bytes (1 MiB), as a style file.
pub const MAX_TEMPLATE_BYTES: u64 = 1024 * 1024;

/// Most files a book template may read from its folder (`read`, `image`,
/// `include`): far fewer than the 65,535 files Typst can name in a process.
pub const MAX_TEMPLATE_FILES: usize = 1_000;

/// Largest file a book template may read, in bytes (16 MiB).
pub const MAX_TEMPLATE_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Most bytes a book template may read from its folder in all (64 MiB).
pub const MAX_TEMPLATE_READ_BYTES: u64 = 64 * 1024 * 1024;

/// Most pages in a typeset book: a book at the diagram limit has about
/// 2,500.
pub const MAX_BOOK_PAGES: usize = 20_000;

/// Time a typeset book may take by default: a minute, and a second more
/// for each diagram (a diagram takes about 0.06 s on a loaded machine).
pub const TYPESET_SECONDS_BASE: u64 = 60;

/// The memory a typesetting process may use by default, in MB
/// (`--typeset-memory`).
pub const TYPESET_MEMORY_MB: u64 = 4096;

/// The smallest typesetting memory ceiling: below it, the fonts and the
/// typesetter's own start would not fit.
pub const MIN_TYPESET_MEMORY_MB: u64 = 256;

/// Most pegs and links the diagrams of one book (or booklet) may draw, in
/// all: each diagram is drawn in full, so the cost of a book grows with
/// what its diagrams hold, not with how many there are. A diagram of a
/// long 24×24 game draws a few hundred; a book at this limit writes about
/// 30 MB of HTML (docs/limits.md).
pub const MAX_BOOK_PIECES: usize = 500_000;

/// True when a read error says what the file holds is wrong (it is no
/// UTF-8 text, holds a noncharacter, or its gzip data is damaged), not
/// that it could not be read. The one rule for the exit code a read error
/// earns: wrong content is 1, a file that cannot be read is 2.
pub fn is_content_error(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::InvalidData
}

/// Longest caption, diagram name, label or tag value, in characters.
pub const MAX_TEXT_CHARS: usize = 1_000;

/// Reads at most `max` bytes of a file; a longer file is an error naming the
/// limit. Reading through `take` also bounds memory for endless inputs such
/// as devices and pipes, whose size is not known beforehand. The file is
/// remembered as an input, which no output may replace
/// ([`crate::output::note_input`]).
pub fn read_bytes(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    read_open(std::fs::File::open(path)?, max, is_gzip(path), Bom::Drop)
}

/// True for a name ending `.gz`: read through gzip.
pub fn is_gzip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// `name.twixt.gz` → `name.twixt`: the name that says the format.
pub fn without_gz(path: &Path) -> &Path {
    if is_gzip(path) {
        Path::new(path.file_stem().unwrap_or_default())
    } else {
        path
    }
}

/// [`read_bytes`], where the path `-` means standard input (read within the
/// same limit, and unpacked when it is gzip data).
pub fn read_input(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    read_input_as(path, max, Bom::Drop)
}

/// [`read_input`] with a leading byte-order mark kept, for a reader whose
/// encoding it decides: a Little Golem file is Latin-1 without one and
/// UTF-8 with one.
pub fn read_input_marked(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    read_input_as(path, max, Bom::Keep)
}

/// What a read does with a leading UTF-8 byte-order mark.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bom {
    Drop,
    Keep,
}

fn read_input_as(path: &Path, max: u64, bom: Bom) -> io::Result<Vec<u8>> {
    if path == Path::new("-") {
        return finish_read(read_stdin_raw(max)?, max, bom);
    }
    read_open(std::fs::File::open(path)?, max, is_gzip(path), bom)
}

/// Standard input as UTF-8 text within `max` bytes, and whether it began
/// with a byte order mark (dropped, as every reader drops it). Gzip data is
/// unpacked, as from a `.gz` file.
pub fn read_stdin_text(max: u64) -> io::Result<(String, bool)> {
    let bytes = read_stdin_raw(max)?;
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    Ok((utf8(finish_read(bytes, max, Bom::Drop)?)?, bom))
}

/// Standard input within `max` bytes, unpacked when it is gzip data: a
/// stream has no name to say so, so its first two bytes (gzip's magic
/// number, `1f 8b`, which no text begins with) do.
fn read_stdin_raw(max: u64) -> io::Result<Vec<u8>> {
    let (stdin, gzip) = stdin_told_gzip()?;
    if gzip {
        return unpack_gzip(stdin, max);
    }
    let mut bytes = Vec::new();
    stdin.take(max + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Standard input with the bytes read to tell what it is given back.
pub type StdinAgain = io::Chain<io::Cursor<Vec<u8>>, io::Stdin>;

/// Standard input, and whether it is gzip data, told by its first two
/// bytes however the pipe hands them over (one read of a slow pipe may
/// bring only one); the bytes read are given back at its start.
pub fn stdin_told_gzip() -> io::Result<(StdinAgain, bool)> {
    // A file sent in by the shell (`< game.tsgf`) is an input as a named
    // one is: no output of the run may be written over it.
    #[cfg(unix)]
    if let Ok(meta) = std::fs::metadata("/dev/stdin") {
        crate::output::note_input(&meta);
    }
    let stdin = io::stdin();
    let mut magic = Vec::with_capacity(2);
    (&stdin).take(2).read_to_end(&mut magic)?;
    let gzip = magic == GZIP_MAGIC;
    Ok((io::Cursor::new(magic).chain(stdin), gzip))
}

/// The first two bytes of gzip data.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Unpacks gzip data within `max` bytes (one byte more shows that it is
/// longer); damaged data is an error that says so.
fn unpack_gzip(reader: impl Read, max: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    flate2::read::MultiGzDecoder::new(io::BufReader::new(reader))
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the gzip data is damaged or cut short ({e})"),
            )
        })?;
    if bytes.len() as u64 > max {
        return Err(io::Error::other(format!(
            "the file unpacks to more than the limit of {}",
            describe_bytes(max)
        )));
    }
    Ok(bytes)
}

/// Like [`read_text`], for files named inside other files or options (rule
/// sets, styles): only a regular file is read. A FIFO or a device is refused
/// without waiting for a writer.
pub fn read_regular_text(path: &Path, max: u64) -> io::Result<String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO for reading would block until a writer comes.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() && !meta.is_dir() {
        return Err(io::Error::other("it is not a regular file"));
    }
    utf8(read_open(file, max, false, Bom::Drop)?)
}

/// The bytes of a regular file within `max` bytes, as they are (no
/// byte-order mark dropped): a file a template reads, which may be a
/// picture. A FIFO or a device is refused without waiting for a writer.
pub fn read_regular_bytes(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::other("it is not a regular file"));
    }
    crate::output::note_input(&meta);
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::other(format!(
            "the file is larger than the limit of {}",
            describe_bytes(max)
        )));
    }
    Ok(bytes)
}

/// An opened input file within `max` bytes, unpacked through gzip when
/// `gzip` (within `max` bytes once unpacked, so a small file that unpacks
/// to gigabytes stops at the limit).
fn read_open(file: std::fs::File, max: u64, gzip: bool, bom: Bom) -> io::Result<Vec<u8>> {
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::other("it is a folder, not a file"));
    }
    crate::output::note_input(&meta);
    if gzip {
        return finish_read(unpack_gzip(file, max)?, max, bom);
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    finish_read(bytes, max, bom)
}

/// The size check and byte-order-mark removal every read ends with.
fn finish_read(mut bytes: Vec<u8>, max: u64, bom: Bom) -> io::Result<Vec<u8>> {
    if bytes.len() as u64 > max {
        return Err(io::Error::other(format!(
            "the file is larger than the limit of {}",
            describe_bytes(max)
        )));
    }
    // A UTF-8 byte order mark, as some Windows editors write, says nothing
    // to a UTF-8 reader.
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        // A second would reach the reader as an invisible character.
        if bytes[3..].starts_with(b"\xEF\xBB\xBF") {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{SECOND_BOM} (line 1, column 1)"),
            ));
        }
        if bom == Bom::Drop {
            bytes.drain(..3);
        }
    }
    Ok(bytes)
}

/// A file a script names that links lead outside the script's folder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` leads outside the script's folder through a link; refused",
    relative.display()
)]
pub struct OutsideFolder {
    /// The path as the script names it.
    pub relative: std::path::PathBuf,
}

/// A usage problem: the script asks for a file it may not read.
impl crate::diagnostic::Explained for OutsideFolder {}

/// The file `relative` names inside `folder` (a script's folder), refused
/// when links lead it outside: a script can only make twixt read files that
/// lie beside it or below. A path that does not exist is returned as is, for
/// the read to report.
pub fn resolve_inside(folder: &Path, relative: &Path) -> Result<std::path::PathBuf, OutsideFolder> {
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let joined = folder.join(relative);
    match (
        std::fs::canonicalize(&joined),
        std::fs::canonicalize(folder),
    ) {
        (Ok(real), Ok(root)) if !real.starts_with(&root) => Err(OutsideFolder {
            relative: relative.to_path_buf(),
        }),
        _ => Ok(joined),
    }
}

/// `64 MiB`, `1 MiB`, or a plain byte count.
pub fn describe_bytes(n: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if n >= MIB && n.is_multiple_of(MIB) {
        format!("{} MiB", n / MIB)
    } else {
        format!("{n} bytes")
    }
}

/// An input file as text, at most [`MAX_INPUT_BYTES`] long. The error for
/// text that is not UTF-8 names the line and column of the first bad byte.
pub fn read_text(path: &Path, max: u64) -> io::Result<String> {
    utf8(read_bytes(path, max)?)
}

/// What every reader says of a file that opens with two byte-order marks.
pub const SECOND_BOM: &str =
    "the file opens with a second byte-order mark (U+FEFF) after the first: remove it";

/// The byte offset and character of the first noncharacter U+FFFE or
/// U+FFFF in UTF-8 `bytes`: no text holds them (a byte-swapped byte-order
/// mark, or a sentinel), and XML, so SVG, cannot. Every text reader refuses
/// them where they stand, so no picture, page or book is made ill-formed.
pub fn first_noncharacter(bytes: &[u8]) -> Option<(usize, char)> {
    let mut from = 0;
    while let Some(i) = bytes[from..].iter().position(|&b| b == 0xEF) {
        let at = from + i;
        match bytes.get(at + 1..at + 3) {
            Some([0xBF, 0xBE]) => return Some((at, '\u{FFFE}')),
            Some([0xBF, 0xBF]) => return Some((at, '\u{FFFF}')),
            _ => from = at + 1,
        }
    }
    None
}

/// What the readers say about a noncharacter (see [`first_noncharacter`]).
pub fn noncharacter_message(c: char) -> String {
    format!(
        "found the noncharacter U+{:04X}, which no text holds (SVG and HTML pages cannot): remove it",
        u32::from(c)
    )
}

fn utf8(bytes: Vec<u8>) -> io::Result<String> {
    // The text is read up to byte `at`: the line and column of that byte.
    let place = |bytes: &[u8], at: usize| {
        let good = &bytes[..at];
        let line = 1 + good.iter().filter(|&&b| b == b'\n').count();
        let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = 1 + String::from_utf8_lossy(&good[line_start..]).chars().count();
        format!("line {line}, column {column}")
    };
    let invalid = |message| io::Error::new(io::ErrorKind::InvalidData, message);
    if let Some((at, c)) = first_noncharacter(&bytes) {
        let message = format!("{} ({})", noncharacter_message(c), place(&bytes, at));
        return Err(invalid(message));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bad = e.as_bytes()[at];
        let place = place(e.as_bytes(), at);
        let message = format!("expected UTF-8 text, found the byte 0x{bad:02X} at {place}");
        invalid(message)
    })
}
