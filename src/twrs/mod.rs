//! TWRS in the toolkit: its scripts (`script`), its files as the commands
//! open them (`file`), its diagrams (`draw`), its book chapters (`book`)
//! and its viewer pages (`view`). The rules themselves are the `twrs-core`
//! crate; see `docs/twrs.md`.

pub mod book;
pub mod draw;
pub mod file;
pub mod script;
pub mod view;
