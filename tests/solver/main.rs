//! "Wins in N": the exact solver against a plain minimax, and puzzles as their
//! authors write them (`#wins` claims, solutions, refutations, cooks). One test
//! binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod proof;
mod puzzles;
mod secure;
mod templates;
mod win_search;
