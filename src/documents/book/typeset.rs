//! PDF books typeset by Typst, used as a library: a [`World`] of our own
//! that holds the book's Typst source, its figures and its template in
//! memory, and the fonts bundled in the binary. It reaches nothing else: no
//! system fonts, no packages, no network, no clock; a template given as a
//! file may read only the regular files of its own folder, within limits
//! (`limits::MAX_TEMPLATE_*`). So the same book makes the same PDF on every
//! machine, and a hostile template gets an error, not the machine: the
//! typesetting runs on a thread of its own, its pages are counted, and a
//! panic inside Typst is caught at this boundary. In this process the
//! time limit ends the wait, not the thread; typeset in a child process
//! ([`set_typeset_process`], `typeset_process`), the time limit kills it
//! and a memory ceiling bounds it.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{LazyLock, Mutex, Once};
use std::time::Duration as Wait;

use typst::diag::{FileError, FileResult, Severity, SourceDiagnostic};
use typst::ecow::EcoVec;
use typst::foundations::{Bytes, Datetime, Duration, Smart};
use typst::syntax::{DiagSpanKind, FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};
use typst_layout::PagedDocument;

use super::typeset_process::TypesetProcess;
use super::typst_source::{TEMPLATE_FILE, TypstBook};
use crate::limits::{
    MAX_BOOK_PAGES, MAX_INPUT_BYTES, MAX_TEMPLATE_BYTES, MAX_TEMPLATE_FILE_BYTES,
    MAX_TEMPLATE_FILES, MAX_TEMPLATE_READ_BYTES, TYPESET_SECONDS_BASE, describe_bytes,
    read_regular_bytes, read_regular_text,
};

/// The fonts a book may use: Typst's own (Libertinus Serif in four faces
/// for the text, New Computer Modern, DejaVu Sans Mono) and the DejaVu
/// Sans our diagrams are drawn in. Read once per process.
struct Fonts {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| {
    let mut fonts: Vec<Font> = typst_assets::fonts()
        .flat_map(|data| Font::iter(Bytes::new(data)))
        .collect();
    fonts.extend(Font::iter(Bytes::new(crate::diagram::font::DEJAVU_SANS)));
    Fonts {
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
    }
});

static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::default()));

/// The name of the book's source inside the world.
const MAIN_FILE: &str = "book.typ";

/// A template given as a file.
#[derive(Debug, Clone)]
pub struct Template {
    /// Its path, as the user named it (for messages).
    pub path: PathBuf,
    /// Its text.
    pub text: String,
    /// Its folder, canonical: the only place it may read other files from.
    pub folder: PathBuf,
}

impl Template {
    /// Reads the template at `path`: a regular file of at most
    /// [`MAX_TEMPLATE_BYTES`].
    pub fn load(path: &Path) -> Result<Template, TypesetError> {
        Template::load_within(path, MAX_TEMPLATE_BYTES)
    }

    fn load_within(path: &Path, max: u64) -> Result<Template, TypesetError> {
        let unreadable = |e: std::io::Error| {
            let (path, reason) = (path.to_path_buf(), e.to_string());
            // Read, but no text: the input's fault, as for a game file.
            if e.kind() == std::io::ErrorKind::InvalidData {
                TypesetError::TemplateNotText { path, reason }
            } else {
                TypesetError::Template { path, reason }
            }
        };
        let text = read_regular_text(path, max).map_err(unreadable)?;
        let folder = path
            .canonicalize()
            .map_err(unreadable)?
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        Ok(Template {
            path: path.to_path_buf(),
            text,
            folder,
        })
    }
}

/// Why a book could not be typeset.
#[derive(Debug, thiserror::Error)]
pub enum TypesetError {
    /// The template file could not be read.
    #[error("cannot read the template {}: {reason}", path.display())]
    Template {
        /// The template's path.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// The template file was read, and is no text (not UTF-8).
    #[error("cannot read the template {}: {reason}", path.display())]
    TemplateNotText {
        /// The template's path.
        path: PathBuf,
        /// Where it is not UTF-8.
        reason: String,
    },
    /// Typst found errors: in the template, or in the source it was given.
    #[error("{}", messages.join("\n"))]
    Typst {
        /// Each error, located ("style.typ:3:5: unknown variable: foo").
        messages: Vec<String>,
    },
    /// Typesetting took longer than its limit.
    #[error(
        "typesetting {what} took longer than {} s, the limit (--typeset-time SECONDS raises it); nothing written",
        limit.as_secs()
    )]
    TooSlow {
        /// The template, or the book's source.
        what: String,
        /// The limit.
        limit: Wait,
    },
    /// The document has more pages than a book may.
    #[error(
        "{what} makes {pages} pages, more than the {MAX_BOOK_PAGES} a book may have; nothing written"
    )]
    TooManyPages {
        /// The template, or the book's source.
        what: String,
        /// The pages it made.
        pages: usize,
    },
    /// The typesetting process ran out of the memory it may use.
    #[error(
        "typesetting {what} needed more than the {limit_mb} MB limit (--typeset-memory raises it); nothing written"
    )]
    OutOfMemory {
        /// The template, or the book's source.
        what: String,
        /// The ceiling, in MB.
        limit_mb: u64,
    },
    /// The typesetting process was stopped from outside (a signal such as
    /// SIGKILL from a user or the system): the run could not finish.
    #[error(
        "the typesetting process of {what} was stopped from outside (signal {signal}); nothing written"
    )]
    Stopped {
        /// The template, or the book's source.
        what: String,
        /// The signal.
        signal: i32,
    },
    /// Typst itself failed (a panic caught at its boundary).
    #[error("Typst failed while typesetting {what}: {reason}; nothing written")]
    Failed {
        /// The template, or the book's source.
        what: String,
        /// Typst's own words.
        reason: String,
    },
}

impl crate::diagnostic::Explained for TypesetError {
    /// An unreadable template, and a typesetting process stopped from
    /// outside, are usage or environment problems (exit 2); a template that
    /// is no text, errors in its text, and limits it reaches, are the
    /// input's (exit 1).
    fn is_usage(&self) -> bool {
        matches!(
            self,
            TypesetError::Template { .. } | TypesetError::Stopped { .. }
        )
    }
}

/// The time a book may take to typeset: `--typeset-time`, else
/// [`TYPESET_SECONDS_BASE`] and a second a diagram. Set once by the
/// command line.
static TYPESET_TIME: Mutex<Option<Wait>> = Mutex::new(None);

/// Sets the time every later typesetting may take (`None`: the default,
/// which grows with the book's diagrams).
pub fn set_typeset_time(limit: Option<Wait>) {
    *TYPESET_TIME.lock().unwrap_or_else(|e| e.into_inner()) = limit;
}

fn typeset_time(figures: usize) -> Wait {
    let set = *TYPESET_TIME.lock().unwrap_or_else(|e| e.into_inner());
    set.unwrap_or(Wait::from_secs(TYPESET_SECONDS_BASE + figures as u64))
}

/// The process books are typeset in: `None`, this one. Set once by the
/// command line.
static PROCESS: Mutex<Option<TypesetProcess>> = Mutex::new(None);

/// Sets where every later book is typeset: in a child process (the
/// `twixt` command line's own binary, say: [`TypesetProcess::twixt`]), or,
/// with `None`, in this process (the default).
pub fn set_typeset_process(process: Option<TypesetProcess>) {
    *PROCESS.lock().unwrap_or_else(|e| e.into_inner()) = process;
}

fn typeset_process() -> Option<TypesetProcess> {
    PROCESS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// The world one book is typeset in.
struct BookWorld {
    main: FileId,
    template: FileId,
    /// The sources and figures held in memory, by id.
    files: HashMap<FileId, Bytes>,
    /// The template's own folder, when it is a file.
    folder: Option<PathBuf>,
    /// The files read from that folder, kept so that each is read once
    /// and counted once.
    read: Mutex<FolderReads>,
    /// The real paths of the files read from the folder: inputs, which the
    /// book's output must not replace (a child process sends them to the
    /// parent, which writes the output).
    read_paths: Mutex<Vec<PathBuf>>,
    /// Each source parsed once: Typst asks for a source again for every
    /// span it locates, and a template with many errors would otherwise
    /// parse the whole book once per error.
    sources: Mutex<HashMap<FileId, FileResult<Source>>>,
    /// How many files, and bytes in all, may be read from the folder.
    max_files: usize,
    max_bytes: u64,
}

/// What a template has read from its folder.
#[derive(Default)]
struct FolderReads {
    files: HashMap<FileId, FileResult<Bytes>>,
    bytes: u64,
}

fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).expect("our own file names are valid paths");
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

impl BookWorld {
    /// The real paths of the files read from the folder so far.
    fn paths_read(&self) -> Vec<PathBuf> {
        self.read_paths
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn new(book: &TypstBook, template: Option<&Template>) -> BookWorld {
        let main = file_id(MAIN_FILE);
        let template_id = file_id(TEMPLATE_FILE);
        let mut files = HashMap::new();
        files.insert(main, Bytes::from_string(book.source.clone()));
        let template_text = template.map_or(book.template.clone(), |t| t.text.clone());
        files.insert(template_id, Bytes::from_string(template_text));
        for (name, svg) in &book.figures {
            files.insert(file_id(name), Bytes::from_string(svg.clone()));
        }
        BookWorld {
            main,
            template: template_id,
            files,
            folder: template.map(|t| t.folder.clone()),
            read: Mutex::default(),
            read_paths: Mutex::default(),
            sources: Mutex::default(),
            max_files: MAX_TEMPLATE_FILES,
            max_bytes: MAX_TEMPLATE_READ_BYTES,
        }
    }

    /// A file of the template's folder, read once: a regular file that lies
    /// inside it once links are followed, no part of its name hidden (a
    /// template in a home folder cannot read `.ssh/`), within the limits of
    /// size and count.
    fn folder_file(&self, id: FileId) -> FileResult<Bytes> {
        let mut read = self.read.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = read.files.get(&id) {
            return known.clone();
        }
        if read.files.len() >= self.max_files {
            return Err(other(format!(
                "a template reads at most {} files of its folder",
                self.max_files
            )));
        }
        let result = self.read_folder_file(id, self.max_bytes - read.bytes);
        if let Ok(b) = &result {
            read.bytes += b.len() as u64;
        }
        read.files.insert(id, result.clone());
        result
    }

    fn read_folder_file(&self, id: FileId, left: u64) -> FileResult<Bytes> {
        let Some(folder) = &self.folder else {
            return Err(FileError::NotFound(id.vpath().get_without_slash().into()));
        };
        let name = Path::new(id.vpath().get_without_slash());
        if name
            .components()
            .any(|c| matches!(c, Component::Normal(n) if n.to_string_lossy().starts_with('.')))
        {
            return Err(other(
                "a template reads no hidden file or folder (a name starting with a dot)".into(),
            ));
        }
        let path = id.vpath().realize(folder).map_err(FileError::Realize)?;
        let real = path
            .canonicalize()
            .map_err(|e| FileError::from_io(e, &path))?;
        if !real.starts_with(folder) {
            return Err(other(
                "a template reads only the files of its own folder".into(),
            ));
        }
        let max = MAX_TEMPLATE_FILE_BYTES.min(left);
        let bytes = read_regular_bytes(&real, max);
        if bytes.is_ok() {
            (self.read_paths.lock().unwrap_or_else(|e| e.into_inner())).push(real.clone());
        }
        bytes.map(Bytes::new).map_err(|e| match e.kind() {
            std::io::ErrorKind::Other
                if max < MAX_TEMPLATE_FILE_BYTES && e.to_string().contains("larger than") =>
            {
                other(format!(
                    "a template reads at most {} from its folder in all",
                    describe_bytes(self.max_bytes)
                ))
            }
            _ => FileError::from_io(e, &path),
        })
    }
}

impl BookWorld {
    /// A file of the template's folder as Typst may evaluate it: one of
    /// more than [`MAX_LOCATED_ERRORS`] syntax errors is refused with the
    /// first of them, as Typst would look for the place of each from the
    /// top of the file (the template's own errors are cut short in
    /// [`compile`]).
    fn parsed_folder_file(&self, source: Source) -> FileResult<Source> {
        let (errors, _) = source.root().errors_and_warnings();
        if errors.len() <= MAX_LOCATED_ERRORS {
            return Ok(source);
        }
        let first = &errors[0];
        let name = source.id().vpath().get_without_slash().to_string();
        // Found in the source itself: `WorldExt::range` would ask this
        // world for the source being parsed.
        let start = match first.span.get() {
            DiagSpanKind::Number { num, sub_range, .. } => {
                source.range(num, sub_range).map(|r| r.start)
            }
            DiagSpanKind::Range { range, .. } => Some(range.start),
            DiagSpanKind::Detached => None,
        };
        let place = start
            .and_then(|b| source.lines().byte_to_line_column(b))
            .map_or(String::new(), |(line, col)| {
                format!(":{}:{}", line + 1, col + 1)
            });
        Err(other(format!(
            "{name} has {} syntax errors; the first, at {name}{place}: {}",
            errors.len(),
            first.message
        )))
    }
}

fn other(message: String) -> FileError {
    FileError::Other(Some(message.into()))
}

impl World for BookWorld {
    fn library(&self) -> &LazyHash<Library> {
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.book
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        let lock = || self.sources.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = lock().get(&id) {
            return known.clone();
        }
        let bytes = self.file(id)?;
        let text = std::str::from_utf8(bytes.as_slice()).map_err(|_| FileError::InvalidUtf8)?;
        // Parsed outside the lock: a source is the same whichever thread
        // parses it first.
        let source = Source::new(id, text.to_string());
        let result = if id == self.main || id == self.template {
            Ok(source)
        } else {
            self.parsed_folder_file(source)
        };
        lock().entry(id).or_insert(result).clone()
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if let VirtualRoot::Package(_) = id.root() {
            return Err(FileError::Other(Some(
                "a book uses no packages: its template reads only the files of its own folder"
                    .into(),
            )));
        }
        match self.files.get(&id) {
            Some(b) => Ok(b.clone()),
            None => self.folder_file(id),
        }
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.fonts.get(index).cloned()
    }

    /// No clock: `datetime.today()` is an error, and the PDF has no date.
    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}

/// The PDF of a book's Typst source, typeset with `template` (a file), or
/// with the source's own template, within the time limit
/// ([`set_typeset_time`]) and [`MAX_BOOK_PAGES`]: in a child process when
/// one is set ([`set_typeset_process`]), else in this one.
pub fn typeset_pdf(book: &TypstBook, template: Option<&Template>) -> Result<Vec<u8>, TypesetError> {
    match typeset_process() {
        Some(process) => typeset_pdf_in_child(book, template, &process),
        None => typeset_pdf_in_process(book, template),
    }
}

/// [`typeset_pdf`] in this process: at the time limit the caller gets the
/// error, while the thread typesetting runs on to its end (Typst cannot be
/// stopped), and an allocation Typst cannot make ends the process.
pub fn typeset_pdf_in_process(
    book: &TypstBook,
    template: Option<&Template>,
) -> Result<Vec<u8>, TypesetError> {
    let world = BookWorld::new(book, template);
    let limit = typeset_time(book.figures.len());
    let template = template.cloned();
    bounded(book_what(template.as_ref()), Some(limit), move |what| {
        compile(&world, template.as_ref(), what)
    })
}

/// [`typeset_pdf`] in a child process, `process`: killed at the time
/// limit, its memory bounded by its ceiling (past it, the error
/// [`TypesetError::OutOfMemory`]). The same book makes the same bytes as
/// in this process.
pub fn typeset_pdf_in_child(
    book: &TypstBook,
    template: Option<&Template>,
    process: &TypesetProcess,
) -> Result<Vec<u8>, TypesetError> {
    let limit = typeset_time(book.figures.len());
    super::typeset_process::typeset_book(book, template, book_what(template), limit, process)
}

/// The child's side of [`typeset_pdf_in_child`]: no time limit (the parent
/// keeps it), the rest as in this process.
/// With the PDF, the real paths of the files the template read.
pub(super) fn typeset_unlimited(
    book: &TypstBook,
    template: Option<Template>,
) -> Result<(Vec<u8>, Vec<PathBuf>), TypesetError> {
    let world = std::sync::Arc::new(BookWorld::new(book, template.as_ref()));
    let w = world.clone();
    let pdf = bounded(book_what(template.as_ref()), None, move |what| {
        compile(&w, template.as_ref(), what)
    })?;
    Ok((pdf, world.paths_read()))
}

fn book_what(template: Option<&Template>) -> String {
    template.map_or_else(
        || "the book".to_string(),
        |t| format!("the book with the template {}", t.path.display()),
    )
}

/// The PDF of a Typst book written by `twixt book -o book.typ` and edited
/// since: `path` is typeset in its own folder, from which it reads its
/// figures and template as a template reads its files: regular files
/// inside the folder, but as many as a template may read and a book's
/// figures together, and 16 times the size of an input file in all (the
/// figures of the largest book). In a child process when one is set
/// ([`set_typeset_process`]), else in this one.
pub fn typeset_typ_file(path: &Path) -> Result<Vec<u8>, TypesetError> {
    // Its figures are files of the folder: a second each, as for a book's.
    let limit = typeset_time(super::MAX_FIGURES);
    match typeset_process() {
        Some(process) => super::typeset_process::typeset_typ_file(
            path,
            path.display().to_string(),
            limit,
            &process,
        ),
        None => typeset_typ_file_within(path, Some(limit)).map(|(pdf, _)| pdf),
    }
}

/// The child's side of [`typeset_typ_file`].
/// With the PDF, the real paths of the files it read from its folder.
pub(super) fn typeset_typ_file_unlimited(
    path: &Path,
) -> Result<(Vec<u8>, Vec<PathBuf>), TypesetError> {
    typeset_typ_file_within(path, None)
}

fn typeset_typ_file_within(
    path: &Path,
    limit: Option<Wait>,
) -> Result<(Vec<u8>, Vec<PathBuf>), TypesetError> {
    let main = Template::load_within(path, MAX_INPUT_BYTES)?;
    let name = path
        .file_name()
        .map_or("book.typ".into(), |n| n.to_string_lossy().into_owned());
    let id = FileId::new(RootedPath::new(
        VirtualRoot::Project,
        VirtualPath::new(&name).map_err(|e| TypesetError::Template {
            path: path.to_path_buf(),
            reason: e.to_string(),
        })?,
    ));
    let mut files = HashMap::new();
    files.insert(id, Bytes::from_string(main.text.clone()));
    let world = BookWorld {
        main: id,
        // Its errors are located in it by the path the user gave, as a
        // template's are; its own template is a file of the folder.
        template: id,
        files,
        folder: Some(main.folder.clone()),
        read: Mutex::default(),
        read_paths: Mutex::default(),
        sources: Mutex::default(),
        // Its figures too: as many as a book may hold, each well within
        // the size of a file a template may read.
        max_files: MAX_TEMPLATE_FILES + super::MAX_FIGURES,
        max_bytes: MAX_INPUT_BYTES * 16,
    };
    let what = path.display().to_string();
    let world = std::sync::Arc::new(world);
    let w = world.clone();
    let pdf = bounded(what, limit, move |what| compile(&w, Some(&main), what))?;
    Ok((pdf, world.paths_read()))
}

/// Runs `typeset` on a thread of its own: its error if it takes longer than
/// `limit`, when there is one (the thread is left to end with the
/// process), and a panic inside Typst (such as running out of file ids)
/// caught and reported as an error naming `what`.
fn bounded(
    what: String,
    limit: Option<Wait>,
    typeset: impl FnOnce(&str) -> Result<Vec<u8>, TypesetError> + Send + 'static,
) -> Result<Vec<u8>, TypesetError> {
    quiet_typeset_panics();
    let (send, receive) = std::sync::mpsc::channel();
    let name = what.clone();
    let spawned = std::thread::Builder::new()
        .name(TYPESET_THREAD.into())
        // Typst recurses through nested content; the main thread's stack,
        // not a worker's default 2 MiB.
        .stack_size(64 << 20)
        .spawn(move || {
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| typeset(&name)));
            let _ = send.send(result.unwrap_or_else(|panic| {
                Err(TypesetError::Failed {
                    what: name.clone(),
                    reason: panic_text(panic.as_ref()),
                })
            }));
        });
    if let Err(e) = spawned {
        return Err(TypesetError::Failed {
            what,
            reason: e.to_string(),
        });
    }
    let stopped = || TypesetError::Failed {
        what: what.clone(),
        reason: "the typesetter stopped".into(),
    };
    let Some(limit) = limit else {
        return receive.recv().unwrap_or_else(|_| Err(stopped()));
    };
    match receive.recv_timeout(limit) {
        Ok(result) => result,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            Err(TypesetError::TooSlow { what, limit })
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(stopped()),
    }
}

const TYPESET_THREAD: &str = "typeset";

/// A panic on the typesetting thread is reported as an error, so its
/// message is not also printed as a crash; other threads keep the hook
/// they had.
fn quiet_typeset_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let before = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if std::thread::current().name() != Some(TYPESET_THREAD) {
                before(info);
            }
        }));
    });
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "an internal error".into())
}

fn compile(
    world: &BookWorld,
    template: Option<&Template>,
    what: &str,
) -> Result<Vec<u8>, TypesetError> {
    let located = |diags: EcoVec<SourceDiagnostic>| {
        let errors: Vec<&SourceDiagnostic> = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        let mut messages: Vec<String> = errors
            .iter()
            .take(MAX_LOCATED_ERRORS)
            .map(|d| locate(world, template, d))
            .collect();
        if errors.len() > MAX_LOCATED_ERRORS {
            messages.push(format!(
                "{} more errors not shown",
                errors.len() - MAX_LOCATED_ERRORS
            ));
        }
        TypesetError::Typst { messages }
    };
    // A template that does not parse is reported as it is, without
    // typesetting: Typst would look for the place of each of its errors
    // from the top of the template, which for thousands of errors costs
    // the square of its size.
    if let Ok(source) = world.source(world.template) {
        let (errors, _) = source.root().errors_and_warnings();
        if !errors.is_empty() {
            return Err(located(
                errors.into_iter().map(SourceDiagnostic::from).collect(),
            ));
        }
    }
    let result = typst::compile::<PagedDocument>(world).output;
    let document = result.map_err(located);
    // The layout's memo cache (every introspection pass of the whole
    // book) is no longer needed once the document is laid out: given back
    // before the PDF is written, it is not held beside the PDF writer's
    // own memory at the peak.
    typst::comemo::evict(0);
    let document = document?;
    if document.pages().len() > MAX_BOOK_PAGES {
        return Err(TypesetError::TooManyPages {
            what: what.to_string(),
            pages: document.pages().len(),
        });
    }
    let options = typst_pdf::PdfOptions {
        ident: Smart::Custom("twixt book".into()),
        creator: Smart::Custom(Some("twixtkit".into())),
        ..Default::default()
    };
    let pdf = typst_pdf::pdf(&document, &options).map_err(located);
    // Typst memoises its work for the next compilation of a similar
    // document; a book is made once, so the memory is given back (a
    // program making many books stays flat, and timings are honest).
    typst::comemo::evict(0);
    pdf
}

/// "template.typ:3:5: unknown variable: foo", naming the template by the
/// path the user gave, and the book's source as "the book's Typst source".
/// How many of a template's errors are shown. Typst finds the place of
/// each by a walk over its source, so locating every one of thousands of
/// errors would cost the square of the template's size.
const MAX_LOCATED_ERRORS: usize = 100;

fn locate(world: &BookWorld, template: Option<&Template>, d: &SourceDiagnostic) -> String {
    let mut place = String::new();
    if let Some(id) = d.span.id() {
        place = if id == world.template {
            template.map_or_else(
                || "the built-in book template".to_string(),
                |t| t.path.display().to_string(),
            )
        } else if id == world.main {
            "the book's Typst source".to_string()
        } else {
            match &world.folder {
                Some(f) => f.join(id.vpath().get_without_slash()).display().to_string(),
                None => id.vpath().get_without_slash().to_string(),
            }
        };
        if let (Some(range), Ok(source)) = (world.range(d.span), world.source(id))
            && let Some((line, col)) = source.lines().byte_to_line_column(range.start)
        {
            place.push_str(&format!(":{}:{}", line + 1, col + 1));
        }
    }
    let mut message = if place.is_empty() {
        d.message.to_string()
    } else {
        format!("{place}: {}", d.message)
    };
    // Typst's hints, on the same line; not those about its own command line.
    for hint in d.hints.iter().filter(|h| !h.v.contains("--root")) {
        message.push_str(&format!(" (hint: {})", hint.v));
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Typst asks for a source again for each span it locates: the world
    /// hands back the tree it parsed first, so a template with thousands
    /// of errors is parsed once, not once per error.
    #[test]
    fn each_source_is_parsed_once() {
        let book = TypstBook {
            source: "#import \"template.typ\": *\nHello".into(),
            template: "#let = 1\n".repeat(3),
            figures: Vec::new(),
        };
        let world = BookWorld::new(&book, None);
        for id in [world.main, world.template] {
            let first = world.source(id).expect("a source in memory");
            let again = world.source(id).expect("a source in memory");
            assert!(std::ptr::eq(first.root(), again.root()), "parsed twice");
        }
    }
}
