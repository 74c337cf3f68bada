//! Reading and writing files (layers 2 and 3 of docs/architecture.md): the
//! script format, its syntax trees and errors, windows of a stream, the
//! record formats and `convert`, `fmt`, checking replays, bad inputs, the
//! fuzz targets and the documented limits. One test binary: each module below
//! was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod abstractplay;
mod archive;
mod bad_inputs;
mod boardspace;
mod check_replay;
mod convert_agrees;
mod convert_calls;
mod convert_stream;
mod fmt_stream;
mod formats_cli;
mod formats_errors;
mod formats_random_cli;
mod formats_replay;
mod formats_shared;
mod fuzz_smoke;
mod json_out;
mod limits;
mod movelist_stdin;
mod movelist_stream;
mod one_game_stream;
mod parse_spans;
mod plain_sgf;
mod record_errors_located;
mod script_errors;
mod script_roundtrip;
mod script_syntax;
mod stream_windows;
