//! `twixt edit`, the browser editor: its editing model, its file handling,
//! its server's refusals, and its page in a real browser (headless Chromium
//! driven by WebDriver). One test binary, a module each.

#[path = "../common/mod.rs"]
mod common;

mod bad_requests;
mod browser;
mod model;
mod round_trip;
mod server;
#[cfg(unix)]
mod signals;
mod twrs;
