//! Typesetting in a child process. Typst cannot be cancelled and aborts
//! the process when an allocation fails, so a template (untrusted input)
//! is typeset by a program of its own: the parent kills it at the time
//! limit, and it runs under a memory ceiling, so running out of memory is
//! an error of the parent's, not the end of it.
//!
//! The child is a program that hands its run to [`serve_typesetting`] (the
//! `twixt` binary does when its first argument is [`CHILD_COMMAND`]). The
//! request goes over its standard input, the PDF (or the error) comes back
//! over its standard output, both as length-prefixed frames. The parent
//! keeps the child's standard input open until it has the answer: the
//! child ends as soon as it reads the end of it, so a parent that dies
//! (killed, interrupted) leaves no typesetter running.

use std::ffi::OsString;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration as Wait;

use super::typeset::{Template, TypesetError};
use super::typst_source::TypstBook;

/// The first argument that makes the `twixt` binary a typesetter. Not a
/// command for people: it is in no help, completion or manual page.
pub const CHILD_COMMAND: &str = "__typeset";

pub use crate::limits::{
    MIN_TYPESET_MEMORY_MB as MIN_MEMORY_MB, TYPESET_MEMORY_MB as DEFAULT_MEMORY_MB,
};

/// What the frames of a request and an answer open with.
const MAGIC: &[u8] = b"twixt-typeset 1\n";

/// How the standard error of a child is kept: enough to recognise how it
/// ended, never shown to the user.
const STDERR_KEPT: u64 = 64 * 1024;

/// A program to typeset in: `program args… MB`, where MB is its memory
/// ceiling. [`TypesetProcess::twixt`] is the `twixt` binary's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypesetProcess {
    /// The program (for `twixt`, its own executable).
    pub program: PathBuf,
    /// The arguments before the ceiling (for `twixt`, [`CHILD_COMMAND`]).
    pub args: Vec<OsString>,
    /// The memory ceiling of the child, in MB (at least
    /// [`MIN_MEMORY_MB`]).
    pub memory_mb: u64,
}

impl TypesetProcess {
    /// The `twixt` binary at `program` as a typesetter, with a ceiling of
    /// `memory_mb`.
    pub fn twixt(program: PathBuf, memory_mb: u64) -> TypesetProcess {
        TypesetProcess {
            program,
            args: vec![CHILD_COMMAND.into()],
            memory_mb,
        }
    }
}

/// What the child is asked to typeset.
enum Request {
    /// A book's Typst source and figures, with a template file or its own.
    Book {
        book: TypstBook,
        template: Option<Template>,
    },
    /// An edited `.typ` book, read by the child from its folder.
    TypFile(PathBuf),
}

/// The PDF of `book` with `template`, typeset by `process` within
/// `limit`; `what` names it in errors.
pub(super) fn typeset_book(
    book: &TypstBook,
    template: Option<&Template>,
    what: String,
    limit: Wait,
    process: &TypesetProcess,
) -> Result<Vec<u8>, TypesetError> {
    run(what, limit, process, &|w| {
        write_book_request(w, book, template)
    })
}

/// The PDF of the edited Typst book at `path`, typeset by `process`.
pub(super) fn typeset_typ_file(
    path: &Path,
    what: String,
    limit: Wait,
    process: &TypesetProcess,
) -> Result<Vec<u8>, TypesetError> {
    run(what, limit, process, &|w| {
        w.write_all(MAGIC)?;
        w.write_all(&[1])?;
        put(w, &path_bytes(path))
    })
}

/// Starts the child, hands it the request, and waits for its answer up to
/// `limit` (then kills it).
fn run(
    what: String,
    limit: Wait,
    process: &TypesetProcess,
    request: &(dyn Fn(&mut dyn Write) -> io::Result<()> + Sync),
) -> Result<Vec<u8>, TypesetError> {
    let failed = |reason: String| TypesetError::Failed {
        what: what.clone(),
        reason,
    };
    let mut child = Command::new(&process.program)
        .args(&process.args)
        .arg(process.memory_mb.max(MIN_MEMORY_MB).to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            failed(format!(
                "cannot start the typesetting process {}: {e}",
                process.program.display()
            ))
        })?;
    let (Some(stdin), Some(mut stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(failed("the typesetting process has no pipes".into()));
    };
    let (answered, answer) = std::sync::mpsc::channel();
    let (done, until_done) = std::sync::mpsc::channel::<()>();
    let outcome = std::thread::scope(|scope| {
        // The request is written while the answer is read, so a child that
        // stops early (out of memory) never blocks the writer for long, and
        // the pipe stays open until the answer is in.
        scope.spawn(move || {
            let mut w = BufWriter::new(stdin);
            if request(&mut w).and_then(|()| w.flush()).is_ok() {
                let _ = until_done.recv();
            }
        });
        let errors = scope.spawn(move || {
            let mut kept = Vec::new();
            let mut stderr = stderr;
            let _ = (&mut stderr).take(STDERR_KEPT).read_to_end(&mut kept);
            // The rest is read and dropped, so the child never blocks on it.
            let _ = io::copy(&mut stderr, &mut io::sink());
            kept
        });
        scope.spawn(move || {
            let mut out = Vec::new();
            let read = stdout.read_to_end(&mut out).map(|_| out);
            let _ = answered.send(read);
        });
        let got = answer.recv_timeout(limit);
        if got.is_err() {
            // At the time limit (or if the reader is gone): the child is
            // stopped, which ends every pipe and so every thread above.
            let _ = child.kill();
        }
        let status = child.wait();
        drop(done);
        let errors = errors.join().unwrap_or_default();
        (got, status, errors)
    });
    match outcome {
        (Err(std::sync::mpsc::RecvTimeoutError::Timeout), ..) => {
            Err(TypesetError::TooSlow { what, limit })
        }
        (Ok(Ok(out)), status, errors) => match read_answer(&out) {
            Some(answer) => answer
                .map(|(pdf, read)| {
                    // The files the child read are this run's inputs too:
                    // the output must not replace one of them.
                    for path in read {
                        if let Ok(meta) = std::fs::metadata(&path) {
                            crate::output::note_input(&meta);
                        }
                    }
                    pdf
                })
                .map_err(|e| e.naming(&what)),
            None => Err(ended(what, process.memory_mb, status, &errors)),
        },
        (_, status, errors) => Err(ended(what, process.memory_mb, status, &errors)),
    }
}

/// The error of a child that gave no answer: out of memory when Rust's
/// allocator said so, else how it ended.
fn ended(
    what: String,
    memory_mb: u64,
    status: io::Result<ExitStatus>,
    errors: &[u8],
) -> TypesetError {
    let errors = String::from_utf8_lossy(errors);
    if errors.contains("memory allocation of") {
        return TypesetError::OutOfMemory {
            what,
            limit_mb: memory_mb.max(MIN_MEMORY_MB),
        };
    }
    let reason = if errors.contains("has overflowed its stack") {
        "Typst ran out of stack (a template that nests or recurses too deep)".to_string()
    } else if let Some(signal) = stopped_from_outside(&status) {
        // Not the template's doing: the run could not finish (exit 2).
        return TypesetError::Stopped { what, signal };
    } else {
        match status {
            Ok(s) => format!("the typesetting process ended with {s} and no answer"),
            Err(e) => format!("the typesetting process cannot be waited for: {e}"),
        }
    };
    TypesetError::Failed { what, reason }
}

/// The signal that ended the child, when it is one that comes from
/// outside (a user, a supervisor, the system's out-of-memory killer),
/// never from what the child typesets: its own faults end it otherwise
/// (an error, an abort on a failed allocation, a stack overflow).
#[cfg(unix)]
fn stopped_from_outside(status: &io::Result<ExitStatus>) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    let signal = status.as_ref().ok()?.signal()?;
    [libc::SIGKILL, libc::SIGTERM, libc::SIGINT, libc::SIGHUP]
        .contains(&signal)
        .then_some(signal)
}

#[cfg(not(unix))]
fn stopped_from_outside(_: &io::Result<ExitStatus>) -> Option<i32> {
    None
}

fn write_book_request(
    w: &mut dyn Write,
    book: &TypstBook,
    template: Option<&Template>,
) -> io::Result<()> {
    w.write_all(MAGIC)?;
    w.write_all(&[0])?;
    put(w, book.source.as_bytes())?;
    put(w, book.template.as_bytes())?;
    match template {
        None => w.write_all(&[0])?,
        Some(t) => {
            w.write_all(&[1])?;
            put(w, &path_bytes(&t.path))?;
            put(w, t.text.as_bytes())?;
            put(w, &path_bytes(&t.folder))?;
        }
    }
    w.write_all(&(book.figures.len() as u64).to_le_bytes())?;
    for (name, svg) in &book.figures {
        put(w, name.as_bytes())?;
        put(w, svg.as_bytes())?;
    }
    Ok(())
}

fn read_request(r: &mut dyn Read) -> io::Result<Request> {
    expect_magic(r)?;
    match byte(r)? {
        0 => {
            let source = text(r)?;
            let builtin = text(r)?;
            let template = match byte(r)? {
                0 => None,
                _ => Some(Template {
                    path: path(r)?,
                    text: text(r)?,
                    folder: path(r)?,
                }),
            };
            let n = number(r)?;
            let mut figures = Vec::new();
            for _ in 0..n {
                figures.push((text(r)?, text(r)?));
            }
            Ok(Request::Book {
                book: TypstBook {
                    source,
                    template: builtin,
                    figures,
                },
                template,
            })
        }
        1 => Ok(Request::TypFile(path(r)?)),
        k => Err(bad(format!("unknown request {k}"))),
    }
}

/// A book typeset: its PDF, and the real paths of the files read from the
/// template's folder.
pub(super) type Typeset = (Vec<u8>, Vec<PathBuf>);

/// The answer: a PDF with the paths of the files read, or the error, each
/// of whose texts is a frame.
fn write_answer(w: &mut dyn Write, answer: &Result<Typeset, TypesetError>) -> io::Result<()> {
    w.write_all(MAGIC)?;
    match answer {
        Ok((pdf, read)) => {
            w.write_all(&[0])?;
            put(w, pdf)?;
            w.write_all(&(read.len() as u64).to_le_bytes())?;
            read.iter().try_for_each(|p| put(w, &path_bytes(p)))
        }
        Err(TypesetError::Template { path, reason }) => {
            w.write_all(&[1])?;
            put(w, &path_bytes(path))?;
            put(w, reason.as_bytes())
        }
        Err(TypesetError::TemplateNotText { path, reason }) => {
            w.write_all(&[5])?;
            put(w, &path_bytes(path))?;
            put(w, reason.as_bytes())
        }
        Err(TypesetError::Typst { messages }) => {
            w.write_all(&[2])?;
            w.write_all(&(messages.len() as u64).to_le_bytes())?;
            messages.iter().try_for_each(|m| put(w, m.as_bytes()))
        }
        Err(TypesetError::TooManyPages { pages, .. }) => {
            w.write_all(&[3])?;
            w.write_all(&(*pages as u64).to_le_bytes())
        }
        Err(
            e @ (TypesetError::Failed { .. }
            | TypesetError::TooSlow { .. }
            | TypesetError::OutOfMemory { .. }
            | TypesetError::Stopped { .. }),
        ) => {
            let reason = match e {
                TypesetError::Failed { reason, .. } => reason.clone(),
                e => e.to_string(),
            };
            w.write_all(&[4])?;
            put(w, reason.as_bytes())
        }
    }
}

/// An error as the child sent it, named by the parent ([`Answered::naming`]).
enum Answered {
    Complete(TypesetError),
    TooManyPages(usize),
    Failed(String),
}

impl Answered {
    fn naming(self, what: &str) -> TypesetError {
        match self {
            Answered::Complete(e) => e,
            Answered::TooManyPages(pages) => TypesetError::TooManyPages {
                what: what.to_string(),
                pages,
            },
            Answered::Failed(reason) => TypesetError::Failed {
                what: what.to_string(),
                reason,
            },
        }
    }
}

/// The child's answer; `None` when it gave none (it was killed, or ran
/// out of memory part way).
fn read_answer(out: &[u8]) -> Option<Result<Typeset, Answered>> {
    let r = &mut &out[..];
    expect_magic(r).ok()?;
    let answer = match byte(r).ok()? {
        0 => {
            let pdf = frame(r).ok()?;
            let n = number(r).ok()?;
            let mut read = Vec::new();
            for _ in 0..n {
                read.push(path(r).ok()?);
            }
            Ok((pdf, read))
        }
        1 => Err(Answered::Complete(TypesetError::Template {
            path: path(r).ok()?,
            reason: text(r).ok()?,
        })),
        2 => {
            let n = number(r).ok()?;
            let mut messages = Vec::new();
            for _ in 0..n {
                messages.push(text(r).ok()?);
            }
            Err(Answered::Complete(TypesetError::Typst { messages }))
        }
        3 => Err(Answered::TooManyPages(
            usize::try_from(number(r).ok()?).ok()?,
        )),
        4 => Err(Answered::Failed(text(r).ok()?)),
        5 => Err(Answered::Complete(TypesetError::TemplateNotText {
            path: path(r).ok()?,
            reason: text(r).ok()?,
        })),
        _ => return None,
    };
    r.is_empty().then_some(answer)
}

/// The typesetting process's run: its memory ceiling set first (`memory`,
/// in MB, as the parent passes it), then the request read from standard
/// input, typeset with no time limit of its own (the parent keeps that),
/// and the answer written to standard output. Returns the exit status:
/// 0 when an answer was written, 2 when the request was not one.
pub fn serve_typesetting(memory: Option<&std::ffi::OsStr>) -> u8 {
    let say = |message: &str| {
        let _ = writeln!(io::stderr(), "twixt {CHILD_COMMAND}: {message}");
    };
    let Some(mb) = memory
        .and_then(|m| m.to_str())
        .and_then(|m| m.parse::<u64>().ok())
        .filter(|&mb| mb >= MIN_MEMORY_MB)
    else {
        say(&format!(
            "this is the typesetting process of `twixt book`, not a command; it takes its memory ceiling in MB (at least {MIN_MEMORY_MB})"
        ));
        return 2;
    };
    if let Err(e) = limit_memory(mb.saturating_mul(1024 * 1024)) {
        say(&format!("cannot set the memory ceiling: {e}"));
        return 2;
    }
    let request = match read_request(&mut BufReader::new(io::stdin().lock())) {
        Ok(r) => r,
        Err(e) => {
            say(&format!("not a typesetting request: {e}"));
            return 2;
        }
    };
    // The parent holds standard input open until it has the answer: its
    // end means the parent is gone, and so is the need for this run.
    std::thread::spawn(|| {
        let mut rest = [0u8; 64];
        loop {
            match io::stdin().read(&mut rest) {
                Ok(0) | Err(_) => std::process::exit(3),
                Ok(_) => {}
            }
        }
    });
    let answer = match request {
        Request::Book { book, template } => super::typeset::typeset_unlimited(&book, template),
        Request::TypFile(path) => super::typeset::typeset_typ_file_unlimited(&path),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    match write_answer(&mut out, &answer).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(_) => 2,
    }
}

/// Sets this process's ceiling on its data (heap and every private
/// writable mapping: what an allocation takes) to `bytes`, below the hard
/// limit it already has. Past it an allocation fails, and Rust's
/// allocator ends the process with a message the parent recognises.
#[cfg(unix)]
#[allow(unsafe_code)]
fn limit_memory(bytes: u64) -> io::Result<()> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit read or write only the `rlimit`
    // struct passed by reference, which lives for the whole call; they
    // touch no other memory of the process.
    let r = unsafe { libc::getrlimit(libc::RLIMIT_DATA, &mut limit) };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    let wanted = libc::rlim_t::try_from(bytes).unwrap_or(libc::RLIM_INFINITY);
    limit.rlim_cur = if limit.rlim_max == libc::RLIM_INFINITY {
        wanted
    } else {
        wanted.min(limit.rlim_max)
    };
    // SAFETY: as above.
    let r = unsafe { libc::setrlimit(libc::RLIMIT_DATA, &limit) };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// No ceiling where the system has no `setrlimit`: the time limit still
/// holds.
#[cfg(not(unix))]
fn limit_memory(_: u64) -> io::Result<()> {
    Ok(())
}

fn put(w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    w.write_all(&(bytes.len() as u64).to_le_bytes())?;
    w.write_all(bytes)
}

fn bad(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

fn expect_magic(r: &mut dyn Read) -> io::Result<()> {
    let mut magic = [0u8; MAGIC.len()];
    r.read_exact(&mut magic)?;
    if magic == MAGIC {
        Ok(())
    } else {
        Err(bad("it does not start as one".into()))
    }
}

fn byte(r: &mut dyn Read) -> io::Result<u8> {
    let mut b = [0u8; 1];
    r.read_exact(&mut b)?;
    Ok(b[0])
}

fn number(r: &mut dyn Read) -> io::Result<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

/// A frame's bytes; read as they come, so a length that lies takes no
/// more memory than the bytes that are there.
fn frame(r: &mut dyn Read) -> io::Result<Vec<u8>> {
    let n = number(r)?;
    let mut bytes = Vec::new();
    r.take(n).read_to_end(&mut bytes)?;
    if bytes.len() as u64 == n {
        Ok(bytes)
    } else {
        Err(io::ErrorKind::UnexpectedEof.into())
    }
}

fn text(r: &mut dyn Read) -> io::Result<String> {
    String::from_utf8(frame(r)?).map_err(|e| bad(e.to_string()))
}

#[cfg(unix)]
fn path_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt as _;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(unix)]
fn path(r: &mut dyn Read) -> io::Result<PathBuf> {
    use std::os::unix::ffi::OsStringExt as _;
    Ok(PathBuf::from(OsString::from_vec(frame(r)?)))
}

#[cfg(not(unix))]
fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().into_owned().into_bytes()
}

#[cfg(not(unix))]
fn path(r: &mut dyn Read) -> io::Result<PathBuf> {
    text(r).map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_reads_back_as_written() {
        let book = TypstBook {
            source: "#import \"t.typ\": *\nhé".into(),
            template: "#let book(body) = body".into(),
            figures: vec![("f/1.svg".into(), "<svg/>".into())],
        };
        let template = Template {
            path: "t.typ".into(),
            text: "x".into(),
            folder: "/a/b".into(),
        };
        let mut bytes = Vec::new();
        write_book_request(&mut bytes, &book, Some(&template)).unwrap();
        let Request::Book {
            book: b,
            template: t,
        } = read_request(&mut &bytes[..]).unwrap()
        else {
            panic!("not a book");
        };
        assert_eq!(
            (b.source, b.template, b.figures),
            (book.source, book.template, book.figures)
        );
        let t = t.unwrap();
        assert_eq!(
            (t.path, t.text, t.folder),
            (template.path, template.text, template.folder)
        );
        // Cut short anywhere, it is refused, never read as another.
        for n in 0..bytes.len() {
            assert!(read_request(&mut &bytes[..n]).is_err(), "cut at {n}");
        }
    }

    #[test]
    fn an_answer_reads_back_and_a_cut_one_is_none() {
        let cases = [
            Ok((b"%PDF-1.7 x".to_vec(), Vec::new())),
            Ok((
                b"%PDF-1.7 y".to_vec(),
                vec![PathBuf::from("/t/data.pdf"), PathBuf::from("/t/a b.svg")],
            )),
            Err(TypesetError::Typst {
                messages: vec!["t.typ:1:2: unknown variable: x".into(), "b".into()],
            }),
            Err(TypesetError::TemplateNotText {
                path: PathBuf::from("t.typ"),
                reason: "expected UTF-8 text".into(),
            }),
            Err(TypesetError::TooManyPages {
                what: "w".into(),
                pages: 20_001,
            }),
            Err(TypesetError::Failed {
                what: "w".into(),
                reason: "out of file ids".into(),
            }),
        ];
        for case in cases {
            let mut bytes = Vec::new();
            write_answer(&mut bytes, &case).unwrap();
            let back = read_answer(&bytes)
                .expect("an answer")
                .map_err(|e| e.naming("w"));
            assert_eq!(format!("{back:?}"), format!("{case:?}"));
            assert!(read_answer(&bytes[..bytes.len() - 1]).is_none());
        }
    }
}
