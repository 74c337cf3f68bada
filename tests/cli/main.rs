//! The command line as a tool (layer 7 of docs/architecture.md): `check` and
//! `fmt` as a user runs them, shell completions and manual pages, standard
//! output, safe writing, hostile folders, interrupted runs, no data loss; and
//! the layer rule itself, read from `src/`. One test binary: each module below
//! was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod check_cli;
mod cli_tool;
mod convert_faithful;
mod explain;
mod hostile_folders;
mod interrupt;
mod languages;
mod layers;
mod output_safety;
mod reliability;
mod round4;
mod round4_rest;
mod stdout;
mod typeset_process;
