//! `twixt view`, the interactive viewer: its page without a browser, and in a
//! real one (headless Chromium driven by WebDriver). One test binary: each
//! module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod view_browser;
mod view_cli;
mod view_puzzles;
