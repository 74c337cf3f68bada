//! Pages (SVG documents sized in mm or px) turned into the files of one
//! output format: one SVG or PNG file per page, or one PDF holding them all.

use super::format::Format;
use super::pdf::{PdfError, PdfInfo, svgs_to_pdf};
use super::png::{PngError, svg_to_png, zoom_for_dpi_mm};

/// How to turn pages into files.
#[derive(Debug, Clone, PartialEq)]
pub struct Export {
    /// The format written.
    pub format: Format,
    /// PNG resolution in dots per inch, for pages sized in millimetres.
    pub dpi: f64,
    /// PDF metadata.
    pub info: PdfInfo,
}

/// Why pages could not be exported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// Rasterising failed.
    #[error(transparent)]
    Png(#[from] PngError),
    /// The PDF writer failed.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// Pages are drawings; they have no text form.
    #[error("pages cannot be written as text; use .svg, .png or .pdf")]
    Text,
}

impl crate::diagnostic::Explained for ExportError {}

impl Export {
    /// The bytes of each file to write, in page order: as many as `pages`
    /// for SVG and PNG, exactly one for PDF.
    pub fn files<S: AsRef<str>>(&self, pages: &[S]) -> Result<Vec<Vec<u8>>, ExportError> {
        match self.format {
            Format::Svg => Ok(pages
                .iter()
                .map(|p| p.as_ref().as_bytes().to_vec())
                .collect()),
            Format::Png => pages
                .iter()
                .map(|p| Ok(svg_to_png(p.as_ref(), zoom_for_dpi_mm(self.dpi))?))
                .collect(),
            Format::Pdf => Ok(vec![svgs_to_pdf(pages, &self.info)?]),
            Format::Txt => Err(ExportError::Text),
        }
    }
}
