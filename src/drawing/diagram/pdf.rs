//! PDF output: each page is one of our SVG documents, drawn as vectors by
//! krilla-svg with the bundled font embedded and subset, so captions stay
//! text a reader can select and search.

use krilla::Document;
use krilla::geom::Size;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla_svg::{SurfaceExt, SvgSettings};
use resvg::usvg;

use super::png::options;

/// Why a PDF could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    /// A page's SVG could not be read back (a bug in our SVG writer).
    #[error("cannot read the SVG of page {page}: {reason}")]
    Svg {
        /// Page number, from 1.
        page: usize,
        /// What the SVG reader said.
        reason: String,
    },
    /// The page is empty or larger than a PDF page may be.
    #[error("page {page} of {width}x{height} pt is empty or too large (limit {MAX_SIDE_PT} pt)")]
    Size {
        /// Page number, from 1.
        page: usize,
        /// Width in points.
        width: u64,
        /// Height in points.
        height: u64,
    },
    /// krilla refused to write the document.
    #[error("cannot write the PDF: {0}")]
    Write(String),
    /// A document needs at least one page.
    #[error("no pages to write")]
    Empty,
}

impl crate::diagnostic::Explained for PdfError {}

/// Longest page side: PDF readers (Acrobat) refuse pages over 200 inches.
pub const MAX_SIDE_PT: f32 = 14_400.0;

/// What the document says about itself.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PdfInfo {
    /// The title readers show (from the game's headers); none for blank boards.
    pub title: Option<String>,
    /// Who wrote the content (players of a game, for example).
    pub authors: Vec<String>,
}

/// Points per SVG user unit: usvg works at 96 units per inch, PDF at 72.
const PT_PER_UNIT: f32 = 72.0 / 96.0;

/// One PDF holding `pages` (SVG documents) in order, each page exactly the
/// size the SVG declares (an SVG sized `210mm` × `297mm` gives an A4 page).
/// The output depends only on the input: no dates, no random identifiers.
pub fn svgs_to_pdf<S: AsRef<str>>(pages: &[S], info: &PdfInfo) -> Result<Vec<u8>, PdfError> {
    let mut pdf = PdfPages::new();
    for svg in pages {
        pdf.add(svg.as_ref())?;
    }
    pdf.finish(info)
}

/// A PDF built one page at a time, so that a long run of pictures never has
/// to be held as SVG text all at once: each page is drawn into the document
/// when added and its SVG can be dropped.
pub struct PdfPages {
    doc: Document,
    opts: usvg::Options<'static>,
    pages: usize,
}

impl Default for PdfPages {
    fn default() -> Self {
        PdfPages::new()
    }
}

impl PdfPages {
    /// An empty document.
    pub fn new() -> PdfPages {
        PdfPages {
            doc: Document::new(),
            opts: options(),
            pages: 0,
        }
    }

    /// Adds a page showing `svg` at its own size.
    pub fn add(&mut self, svg: &str) -> Result<(), PdfError> {
        let page = self.pages + 1;
        let tree = usvg::Tree::from_str(svg, &self.opts).map_err(|e| PdfError::Svg {
            page,
            reason: e.to_string(),
        })?;
        let (w, h) = (
            tree.size().width() * PT_PER_UNIT,
            tree.size().height() * PT_PER_UNIT,
        );
        let size = Size::from_wh(w, h)
            .filter(|_| w.is_finite() && h.is_finite() && w <= MAX_SIDE_PT && h <= MAX_SIDE_PT)
            .ok_or(PdfError::Size {
                page,
                width: w.max(0.0) as u64,
                height: h.max(0.0) as u64,
            })?;
        let mut p = self.doc.start_page_with(PageSettings::new(size));
        let mut surface = p.surface();
        surface.draw_svg(&tree, size, SvgSettings::default());
        surface.finish();
        p.finish();
        self.pages = page;
        Ok(())
    }

    /// The finished document, with `info` as its metadata.
    pub fn finish(mut self, info: &PdfInfo) -> Result<Vec<u8>, PdfError> {
        if self.pages == 0 {
            return Err(PdfError::Empty);
        }
        let mut meta = Metadata::new()
            .creator(format!("twixtkit {}", env!("CARGO_PKG_VERSION")))
            .producer(format!("twixtkit {}", env!("CARGO_PKG_VERSION")));
        if let Some(t) = &info.title {
            meta = meta.title(t.clone());
        }
        if !info.authors.is_empty() {
            meta = meta.authors(info.authors.clone());
        }
        self.doc.set_metadata(meta);
        self.doc
            .finish()
            .map_err(|e| PdfError::Write(format!("{e:?}")))
    }
}
