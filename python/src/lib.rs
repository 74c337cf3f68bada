//! `import twixtkit`: TwixT's rules engine (the `twixt-core` crate) and the
//! toolkit's files, checking and drawing (the `twixtkit` library, without
//! its command line) from Python: a board in python-chess's shape,
//! OpenSpiel's action ids and observation tensor, batched random playouts
//! returning NumPy arrays, game files, the solver.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod board;
mod draw;
mod games;
mod playouts;
mod solve;
mod symmetry;
mod twixtbot;

create_exception!(
    twixtkit,
    TwixtError,
    PyValueError,
    "Any error of twixtkit; a ValueError."
);
create_exception!(
    twixtkit,
    IllegalMoveError,
    TwixtError,
    "A move the rules do not allow in this position."
);
create_exception!(
    twixtkit,
    InvalidMoveError,
    TwixtError,
    "Text that does not name a move."
);
create_exception!(
    twixtkit,
    RulesError,
    TwixtError,
    "An unknown rule set, a bad board size or an impossible rule set."
);
create_exception!(
    twixtkit,
    PositionLineError,
    TwixtError,
    "A position line that does not read or breaks the rules."
);

create_exception!(
    twixtkit,
    FileError,
    TwixtError,
    "A game file that cannot be read, drawn or written; `path`, `line` and `col` say where (0 when not known)."
);

#[pymodule]
fn _twixtkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::Board>()?;
    m.add_class::<board::Move>()?;
    m.add_class::<board::Outcome>()?;
    m.add_class::<board::LegalMoves>()?;
    m.add_class::<board::LegalMoveIter>()?;
    m.add_class::<games::Game>()?;
    m.add_class::<games::Node>()?;
    m.add_class::<games::Picture>()?;
    m.add_class::<solve::WinsWithin>()?;
    m.add_function(wrap_pyfunction!(playouts::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::presets, m)?)?;
    m.add_function(wrap_pyfunction!(games::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(games::parse_script, m)?)?;
    m.add_function(wrap_pyfunction!(games::check, m)?)?;
    m.add_function(wrap_pyfunction!(games::render, m)?)?;
    m.add_function(wrap_pyfunction!(games::book, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::transform_actions, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::symmetries, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::transform_twixtbot_planes, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry::transform_twixtbot_policy, m)?)?;
    m.add("TwixtError", py.get_type::<TwixtError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("PositionLineError", py.get_type::<PositionLineError>())?;
    m.add("FileError", py.get_type::<FileError>())?;
    // Whether `book` can write PDF (the `typst` feature of this build).
    m.add("TYPST", cfg!(feature = "typst"))?;
    // The most games one `random_games` call plays.
    m.add("MAX_GAMES", playouts::MAX_GAMES)?;
    Ok(())
}
