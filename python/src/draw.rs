//! Drawing a board with the toolkit's SVG writer: the marks, arrows, crop
//! and style a caller gives as keyword arguments.

use std::collections::BTreeMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use twixt_core::Hole;
use twixtkit::diagram::{Crop, Diagram, Mark, Scale, Style, to_svg};
use twixtkit::script::Sides;

use twixt_core::grammar::clip;

use crate::IllegalMoveError;
use crate::board::{bounded, parse_clipped, parse_hole};

/// What to draw over a position, and how.
pub(crate) struct Look<'a> {
    /// Letters on holes.
    pub marks: BTreeMap<String, String>,
    /// Holes crossed out.
    pub crosses: Vec<String>,
    /// Holes ringed in the highlight colour.
    pub highlights: Vec<String>,
    /// Arrows between holes.
    pub arrows: Vec<(String, String)>,
    /// A rectangle like `c3-j10`.
    pub crop: Option<&'a str>,
    /// Sides with coordinates.
    pub coords: &'a str,
    /// Text under the board.
    pub caption: Option<String>,
    /// A built-in style's name or a style file.
    pub style: &'a str,
    /// Pixels between neighbouring holes.
    pub scale: f64,
}

impl Default for Look<'_> {
    fn default() -> Self {
        Look {
            marks: BTreeMap::new(),
            crosses: Vec::new(),
            highlights: Vec::new(),
            arrows: Vec::new(),
            crop: None,
            coords: "tl",
            caption: None,
            style: "rulebook",
            scale: 24.0,
        }
    }
}

/// A hole of the drawn board. A hole the board does not have (off the
/// board, or a corner) is the IllegalMoveError `push` and `peg_at` raise,
/// in the same words, after the argument's name; text that names no hole
/// is an InvalidMoveError.
pub(crate) fn hole_on(d: &Diagram, text: &str, what: &str) -> PyResult<Hole> {
    let hole = parse_hole(text)?;
    if !d.size.contains(hole) {
        let error = twixt_core::MoveError::NoSuchHole { hole, size: d.size };
        return Err(IllegalMoveError::new_err(format!("{what}: {error}")));
    }
    Ok(hole)
}

/// A style by name (built-in or a file), or a ValueError with the reason.
pub(crate) fn style(name: &str) -> PyResult<Style> {
    Style::load(name).map_err(|e| PyValueError::new_err(bounded(e)))
}

/// A picture scale in pixels, checked.
pub(crate) fn scale(px: f64) -> PyResult<Scale> {
    if !(px.is_finite() && px > 0.0 && px <= 1000.0) {
        return Err(PyValueError::new_err(format!(
            "scale is pixels between holes, above 0 and at most 1000, not {px}"
        )));
    }
    Ok(Scale::Px(px))
}

/// `d` with `look`'s annotations, as SVG.
pub(crate) fn svg(mut d: Diagram, look: &Look<'_>) -> PyResult<String> {
    for (hole, text) in &look.marks {
        let h = hole_on(&d, hole, "marks")?;
        if text.is_empty() || text.chars().count() > 3 {
            return Err(PyValueError::new_err(format!(
                "marks: the text on {h} is one to three characters, not {:?}",
                clip(text)
            )));
        }
        d.mark(Mark::Letter {
            hole: h,
            text: text.clone(),
        });
    }
    for hole in &look.crosses {
        let h = hole_on(&d, hole, "crosses")?;
        d.mark(Mark::Cross(h));
    }
    for hole in &look.highlights {
        let h = hole_on(&d, hole, "highlights")?;
        d.mark(Mark::HighlightHole(h));
    }
    for (from, to) in &look.arrows {
        let from = hole_on(&d, from, "arrows")?;
        let to = hole_on(&d, to, "arrows")?;
        d.mark(Mark::Arrow { from, to });
    }
    if let Some(c) = look.crop {
        let crop = parse_clipped(c, str::parse::<Crop>).map_err(PyValueError::new_err)?;
        if crop.clamp_to(d.size).is_none() {
            return Err(PyValueError::new_err(format!(
                "crop {c} lies outside the {} board",
                d.size
            )));
        }
        d.crop(crop);
    }
    let sides = parse_clipped(look.coords, str::parse::<Sides>).map_err(PyValueError::new_err)?;
    d.coords(sides);
    if let Some(c) = &look.caption {
        d.caption(c.clone());
    }
    Ok(to_svg(&d, &style(look.style)?, scale(look.scale)?))
}
