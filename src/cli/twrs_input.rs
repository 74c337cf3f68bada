//! Reading a TWRS script for `render`, `sheet` and `show`: the file loaded,
//! and the TwixT-only options refused.

use std::path::Path;

use twixtkit::twrs::file::TwrsFile;

use super::failure::Failure;
use super::game_args::SelectArgs;

/// `--move` and `--every` choose TwixT positions; a TWRS script is drawn
/// at its diagram points (or its final positions).
pub fn refuse_selection(select: &SelectArgs) -> Result<(), Failure> {
    if select.at_move.is_some() || select.every.is_some() {
        return Err(Failure::usage(
            "TWRS scripts are drawn at their #diagram points (or the final position); --move and --every are for TwixT games",
        ));
    }
    Ok(())
}

pub fn load(input: &Path) -> Result<TwrsFile, Failure> {
    TwrsFile::load(input).map_err(|e| Failure::usage(format!("{}: {e}", input.display())))
}
