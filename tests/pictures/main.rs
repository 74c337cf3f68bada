//! Pictures (layer 4 of docs/architecture.md): the diagram model and its SVG,
//! PNG and text writers, styles, sheets, golden figures, and `render`,
//! `sheet`, `board` and `show` end to end. One test binary: each module below
//! was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod authoring;
mod coordinates_clear;
mod diagram_cli;
mod diagram_contrast;
mod diagram_documents;
mod diagram_escape;
mod diagram_game_cli;
mod diagram_golden;
mod diagram_props;
mod diagram_raster;
mod diagram_sheet;
mod diagram_style;
mod diagrams;
mod editable_links;
mod partial_board;
mod png_parallel;
mod score_sheet;
mod swap_numbering;
