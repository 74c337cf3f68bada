//! Layer 6, the commands' library API: what each `twixt` command does,
//! as one call the command line makes. Books and booklets (`book`),
//! pictures written as files (`render`, with `render::sheet` and
//! `render::show`), checking files, folders and archives with the text
//! and JSON reports (`check`), the canonical layout of scripts
//! (`canonical`, for `fmt`), converting records (`convert`), batches of
//! random games (`random_games`), the rule-set presets (`presets`) and the
//! viewer's page of files of any game (`view`). Every command asks a game
//! through the traits of `games`, never by its name.
//!
//! May use: every layer below. Only the command line (`src/cli/`) uses it.

pub mod book;
pub mod canonical;
pub mod check;
pub mod convert;
pub mod games;
pub mod presets;
pub mod random_games;
pub mod render;
pub mod view;
