//! TWRS, the second game: its rules, properties of random play, the `twixt`
//! binary on its scripts, and its parity with TwixT in the drawing commands.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod twrs_cli;
mod twrs_parity;
mod twrs_properties;
mod twrs_rules;
