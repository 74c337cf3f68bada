//! PNG output: SVG rasterised by resvg with only the bundled font loaded,
//! so text looks the same on every machine.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use super::font;

/// Why a picture could not be rasterised.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PngError {
    /// The SVG could not be parsed; the text says why.
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The picture has no pixels or more than [`MAX_PIXELS`].
    #[error("picture of {width}x{height} pixels is empty or too large (limit {MAX_PIXELS} pixels)")]
    Size {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
    /// PNG encoding failed; the text says why.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
}

impl crate::diagnostic::Explained for PngError {}

/// Largest picture rendered (keeps a typo in `--dpi` from eating memory).
pub const MAX_PIXELS: u64 = 200_000_000;

fn fontdb() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(font::DEJAVU_SANS.to_vec());
        // Every generic family maps to the bundled font.
        db.set_sans_serif_family(font::FAMILY);
        db.set_serif_family(font::FAMILY);
        db.set_monospace_family(font::FAMILY);
        db.set_cursive_family(font::FAMILY);
        db.set_fantasy_family(font::FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// Parse options with only the bundled font; shared with the PDF writer.
pub(crate) fn options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        font_family: font::FAMILY.to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb = fontdb();
    // No file or network access for images or anything else.
    opt.resources_dir = None;
    opt
}

/// Rasterises an SVG document; `zoom` multiplies its own width and height
/// (so pixels per millimetre for an SVG sized in mm, or 1.0 for pixel-sized).
pub fn render_pixmap(svg: &str, zoom: f64) -> Result<tiny_skia::Pixmap, PngError> {
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| PngError::Svg(e.to_string()))?;
    let size = tree.size();
    let w = (f64::from(size.width()) * zoom).ceil();
    let h = (f64::from(size.height()) * zoom).ceil();
    let (wu, hu) = (w.max(0.0) as u64, h.max(0.0) as u64);
    if !w.is_finite() || !h.is_finite() || wu == 0 || hu == 0 || wu * hu > MAX_PIXELS {
        return Err(PngError::Size {
            width: wu,
            height: hu,
        });
    }
    let mut pixmap = tiny_skia::Pixmap::new(wu as u32, hu as u32).ok_or(PngError::Size {
        width: wu,
        height: hu,
    })?;
    // The picture fills every pixel, its last row and column too: scaled to
    // the whole pixels it is rounded up to (by less than one pixel), so a
    // background reaches the edges opaque instead of leaving a half-covered
    // sliver.
    let sx = (w / f64::from(size.width())) as f32;
    let sy = (h / f64::from(size.height())) as f32;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Rasterises an SVG document to PNG bytes (see [`render_pixmap`] for `zoom`).
pub fn svg_to_png(svg: &str, zoom: f64) -> Result<Vec<u8>, PngError> {
    render_pixmap(svg, zoom)?
        .encode_png()
        .map_err(|e| PngError::Encode(e.to_string()))
}

/// The resolutions PNG output is made at, in dots per inch: below 10 a
/// board is a smudge, above 1200 no printer gains.
pub const DPI_RANGE: std::ops::RangeInclusive<f64> = 10.0..=1200.0;

/// Reads a resolution in dots per inch, as `--dpi` takes it: a number in
/// [`DPI_RANGE`].
///
/// ```
/// use twixtkit::diagram::png::parse_dpi;
/// assert_eq!(parse_dpi("300"), Ok(300.0));
/// assert!(parse_dpi("5").is_err());
/// ```
pub fn parse_dpi(s: &str) -> Result<f64, super::ValueError> {
    match s.parse::<f64>() {
        Ok(v) if DPI_RANGE.contains(&v) => Ok(v),
        _ => Err(super::ValueError(format!(
            "expected a resolution from {} to {} dpi, found `{s}`",
            DPI_RANGE.start(),
            DPI_RANGE.end()
        ))),
    }
}

/// The zoom that renders an SVG sized in millimetres at `dpi` dots per inch.
pub fn zoom_for_dpi_mm(dpi: f64) -> f64 {
    // usvg converts mm to its own user units at 96 per inch.
    dpi / 96.0
}
