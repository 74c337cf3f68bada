//! The board's symmetries that keep each player's sides: reflecting the
//! columns (left and right), the rows (top and bottom), or both (a half
//! turn). Applied to positions, and to vectors indexed by OpenSpiel's
//! action ids (policies).

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use twixt_core::link::Link;
use twixt_core::{BoardSize, Hole};

/// A symmetry: whether it reflects the columns, and the rows.
#[derive(Clone, Copy)]
pub(crate) struct Symmetry {
    columns: bool,
    rows: bool,
}

/// The symmetries' names, in order.
pub(crate) const NAMES: [&str; 4] = ["identity", "flip-columns", "flip-rows", "rotate-180"];

impl Symmetry {
    pub(crate) fn named(name: &str) -> PyResult<Symmetry> {
        let (columns, rows) = match name {
            "identity" => (false, false),
            "flip-columns" => (true, false),
            "flip-rows" => (false, true),
            "rotate-180" => (true, true),
            other => {
                return Err(PyValueError::new_err(format!(
                    "a symmetry is one of {}, not {other:?}",
                    NAMES.join(", ")
                )));
            }
        };
        Ok(Symmetry { columns, rows })
    }

    pub(crate) fn hole(self, h: Hole, size: BoardSize) -> Hole {
        let col = if self.columns {
            size.width() - 1 - h.col
        } else {
            h.col
        };
        let row = if self.rows {
            size.height() - 1 - h.row
        } else {
            h.row
        };
        Hole::new(col, row)
    }

    pub(crate) fn link(self, l: Link, size: BoardSize) -> Link {
        let (a, b) = l.ends();
        Link::new(self.hole(a, size), self.hole(b, size))
            .expect("a reflected knight's move is a knight's move")
    }
}

/// `policy` (a vector indexed by OpenSpiel's action ids on a `size` board)
/// with the symmetry applied: the value of each hole moves to its image.
#[pyfunction]
pub(crate) fn transform_actions<'py>(
    py: Python<'py>,
    policy: PyReadonlyArray1<'py, f32>,
    size: usize,
    symmetry: &str,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let s = Symmetry::named(symmetry)?;
    let v = policy.as_slice()?;
    if size < 3 || v.len() != size * size {
        return Err(PyValueError::new_err(format!(
            "a policy of a {size}x{size} board has {} values, not {}",
            size * size,
            v.len()
        )));
    }
    let mut out = vec![0f32; v.len()];
    for (a, &value) in v.iter().enumerate() {
        // OpenSpiel's ids: x the column, y the row counted from the bottom.
        let (x, y) = (a / size, a % size);
        let x2 = if s.columns { size - 1 - x } else { x };
        let y2 = if s.rows { size - 1 - y } else { y };
        out[x2 * size + y2] = value;
    }
    Ok(PyArray1::from_vec(py, out))
}

/// The symmetries' names.
#[pyfunction]
pub(crate) fn symmetries() -> Vec<&'static str> {
    NAMES.to_vec()
}
