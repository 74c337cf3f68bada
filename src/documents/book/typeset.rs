//! PDF books typeset by Typst, used as a library: a [`World`] of our own
//! that holds the book's Typst source, its figures and its template in
//! memory, and the fonts bundled in the binary. It reaches nothing else: no
//! system fonts, no packages, no network, no clock; a template given as a
//! file may read only the files of its own folder. So the same book makes
//! the same PDF on every machine.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use typst::diag::{FileError, FileResult, Severity, SourceDiagnostic};
use typst::ecow::EcoVec;
use typst::foundations::{Bytes, Datetime, Duration, Smart};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};
use typst_layout::PagedDocument;

use super::typst_source::{TEMPLATE_FILE, TypstBook};

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
    /// Reads the template at `path`.
    pub fn load(path: &Path) -> Result<Template, TypesetError> {
        let unreadable = |e: std::io::Error| TypesetError::Template {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        let text = std::fs::read_to_string(path).map_err(unreadable)?;
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
    /// Typst found errors: in the template, or in the source it was given.
    #[error("{}", messages.join("\n"))]
    Typst {
        /// Each error, located ("style.typ:3:5: unknown variable: foo").
        messages: Vec<String>,
    },
}

/// The world one book is typeset in.
struct BookWorld {
    main: FileId,
    template: FileId,
    /// The sources and figures held in memory, by id.
    files: HashMap<FileId, Bytes>,
    /// The template's own folder, when it is a file.
    folder: Option<PathBuf>,
}

fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).expect("our own file names are valid paths");
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

impl BookWorld {
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
        }
    }

    /// A file of the template's folder: only one that lies inside it once
    /// links are followed.
    fn folder_file(&self, id: FileId) -> FileResult<Bytes> {
        let Some(folder) = &self.folder else {
            return Err(FileError::NotFound(id.vpath().get_without_slash().into()));
        };
        let path = id.vpath().realize(folder).map_err(FileError::Realize)?;
        let real = path
            .canonicalize()
            .map_err(|e| FileError::from_io(e, &path))?;
        if !real.starts_with(folder) {
            return Err(FileError::Other(Some(
                "a template reads only the files of its own folder".into(),
            )));
        }
        std::fs::read(&real)
            .map(Bytes::new)
            .map_err(|e| FileError::from_io(e, &path))
    }
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
        let bytes = self.file(id)?;
        let text = std::str::from_utf8(bytes.as_slice()).map_err(|_| FileError::InvalidUtf8)?;
        Ok(Source::new(id, text.to_string()))
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
/// with the source's own template.
pub fn typeset_pdf(book: &TypstBook, template: Option<&Template>) -> Result<Vec<u8>, TypesetError> {
    let world = BookWorld::new(book, template);
    let result = typst::compile::<PagedDocument>(&world).output;
    let located = |diags: EcoVec<SourceDiagnostic>| TypesetError::Typst {
        messages: diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| locate(&world, template, d))
            .collect(),
    };
    let document = result.map_err(located);
    // The layout's memo cache (every introspection pass of the whole
    // book) is no longer needed once the document is laid out: given back
    // before the PDF is written, it is not held beside the PDF writer's
    // own memory at the peak.
    typst::comemo::evict(0);
    let document = document?;
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
