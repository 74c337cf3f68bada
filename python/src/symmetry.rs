//! The board's symmetries that keep each player's sides: reflecting the
//! columns (left and right), the rows (top and bottom), or both (a half
//! turn). Applied to positions, to vectors indexed by OpenSpiel's action
//! ids (policies), and to twixtbot's planes and policy vectors.

use numpy::{IntoPyArray, PyArray1, PyArray3, PyReadonlyArray1, PyReadonlyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use twixt_core::board::{MAX_SIDE, MIN_SIDE};
use twixt_core::grammar::clip;
use twixt_core::link::Link;
use twixt_core::{BoardSize, Hole, Player};

use crate::board::parse_player;

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
                    "a symmetry is one of {}, not {:?}",
                    NAMES.join(", "),
                    clip(other)
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

/// A board's side as the engine takes it (3 to 128), or a ValueError
/// naming the range; within it, `size * size` cannot overflow.
fn side(size: usize) -> PyResult<usize> {
    let (min, max) = (usize::from(MIN_SIDE), usize::from(MAX_SIDE));
    if !(min..=max).contains(&size) {
        return Err(PyValueError::new_err(format!(
            "a board's size is {min} to {max}, not {size}"
        )));
    }
    Ok(size)
}

/// `policy` (a vector indexed by OpenSpiel's action ids on a `size` board,
/// `size` from 3 to 128) with the symmetry applied: the value of each hole
/// moves to its image.
#[pyfunction]
pub(crate) fn transform_actions<'py>(
    py: Python<'py>,
    policy: PyReadonlyArray1<'py, f32>,
    size: usize,
    symmetry: &str,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let s = Symmetry::named(symmetry)?;
    let v = policy.as_slice()?;
    let size = side(size)?;
    if v.len() != size * size {
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

impl Symmetry {
    /// The axes of twixtbot's frame (x, y) this symmetry reflects when
    /// `to_move` is to move.
    fn twixtbot_flips(self, to_move: Player) -> (bool, bool) {
        crate::twixtbot::frame_flips(self.columns, self.rows, to_move)
    }
}

/// twixtbot's planes of a position with `turn` to move (the array
/// `planes(encoding="twixtbot")` gives, shape (n, n, 13)) with the
/// symmetry applied: the planes of the transformed position.
///
/// >>> import twixtkit
/// >>> board = twixtkit.Board(size=8)
/// >>> board.push("c3")
/// >>> planes = board.planes(encoding="twixtbot")
/// >>> turned = twixtkit.transform_twixtbot_planes(planes, "rotate-180", board.turn)
/// >>> image = board.transformed("rotate-180").planes(encoding="twixtbot")
/// >>> bool((turned[..., :12] == image[..., :12]).all())  # all but the recent pegs
/// True
#[pyfunction]
pub(crate) fn transform_twixtbot_planes<'py>(
    py: Python<'py>,
    planes: PyReadonlyArray3<'py, f32>,
    symmetry: &str,
    turn: &str,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let s = Symmetry::named(symmetry)?;
    let to_move = parse_player(turn)?;
    let a = planes.as_array();
    let shape = a.shape();
    if shape[0] < 3 || shape[1] != shape[0] || shape[2] != crate::twixtbot::CHANNELS {
        return Err(PyValueError::new_err(format!(
            "twixtbot's planes have shape (n, n, {}), not {shape:?}",
            crate::twixtbot::CHANNELS
        )));
    }
    let (fx, fy) = s.twixtbot_flips(to_move);
    let out = crate::twixtbot::reflect_planes(a, fx, fy).map_err(PyValueError::new_err)?;
    Ok(out.into_pyarray(py))
}

/// `policy` (a vector indexed by `Board.twixtbot_index` on a `size` board,
/// `size` from 3 to 128, with `turn` to move) with the symmetry applied: the value of each hole
/// moves to its image's index.
///
/// >>> import numpy as np, twixtkit
/// >>> board = twixtkit.Board(size=8)
/// >>> board.push("c3")
/// >>> policy = np.zeros(8 * 6, dtype=np.float32)
/// >>> policy[board.twixtbot_index("d5")] = 1.0
/// >>> moved = twixtkit.transform_twixtbot_policy(policy, 8, "flip-columns", board.turn)
/// >>> int(moved.argmax()) == board.transformed("flip-columns").twixtbot_index("e5")
/// True
#[pyfunction]
pub(crate) fn transform_twixtbot_policy<'py>(
    py: Python<'py>,
    policy: PyReadonlyArray1<'py, f32>,
    size: usize,
    symmetry: &str,
    turn: &str,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let s = Symmetry::named(symmetry)?;
    let to_move = parse_player(turn)?;
    let v = policy.as_slice()?;
    let size = side(size)?;
    if v.len() != size * (size - 2) {
        return Err(PyValueError::new_err(format!(
            "twixtbot's policy on a {size}x{size} board has {} values, not {}",
            size * (size - 2),
            v.len()
        )));
    }
    let (fx, fy) = s.twixtbot_flips(to_move);
    Ok(PyArray1::from_vec(
        py,
        crate::twixtbot::reflect_policy(v, size, fx, fy),
    ))
}
