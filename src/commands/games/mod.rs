//! The games twixtkit plays, as every command asks them: two traits each
//! game implements (TwixT in [`twixt`], TWRS in [`twrs`]) and the one list
//! of games, so that no command asks which game it holds. The games' rules
//! live in their own crates (`twixt-core`, `twrs-core`), which know nothing
//! of files, pictures or commands: this is the commands' side of a game.
//!
//! [`GameSupport`] is a game before a file is opened: its name as a script's
//! `[Game]` header writes it, opening its files, its canonical form (`fmt`),
//! whether the record formats hold its games (`convert`), its random games
//! and its rule presets. [`OpenedFile`] is one opened file of it: drawn
//! (`render`, `sheet`, `show`), made a book, checked, and given to the
//! viewer. [`GAMES`] lists them, TwixT first: the game of a script whose
//! header names no other.
//!
//! ```no_run
//! use twixtkit::commands::games::open_any;
//! use twixtkit::open::Request;
//! let request = Request { input: "figures.twixt".into(), ..Request::default() };
//! let file = open_any(&request)?; // TwixT games or a TWRS script
//! println!("{}", file.title());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

use crate::book::{Book, BookError, BookOptions};
use crate::diagnostic::Diagnostic;
use crate::diagram::{Charset, Style};
use crate::open::{OpenOptions, Request};
use crate::output::Destination;
use crate::pictures::Choice;
use crate::view::{ViewError, ViewGame};

pub mod twixt;
pub mod twrs;

use super::check::FileReport;
use super::random_games::Batch;
use super::render::sheet::{SheetOptions, SheetOutput};
use super::render::show::ShowAs;
use super::render::{Error, Output, Rendered};

/// A game, as the commands ask it before a file is opened.
pub trait GameSupport: std::fmt::Debug + Sync {
    /// Its name as a script's `[Game]` header and `twixt random --game`
    /// write it, in lower case: `twixt`, `twrs`.
    fn name(&self) -> &'static str;

    /// Its name in messages: `TwixT`, `TWRS`.
    fn title(&self) -> &'static str;

    /// True when its scripts are read a window at a time (`check`, `fmt`
    /// and `convert` of a file of any size, standard input as it comes);
    /// a game that does not stream has each file read whole, within
    /// [`MAX_INPUT_BYTES`](crate::limits::MAX_INPUT_BYTES).
    fn streams(&self) -> bool;

    /// True when the record formats (Little Golem, T1, move lists) hold
    /// its games, so that `convert` can write them.
    fn in_records(&self) -> bool;

    /// Opens the file (or position) `request` names as the drawing
    /// commands ask for it.
    fn open(&self, request: &Request) -> Result<Box<dyn OpenedFile>, crate::open::Error>;

    /// Opens the whole file at `path`, as the viewer and `check` read it.
    fn open_with(
        &self,
        path: &Path,
        options: &OpenOptions,
    ) -> Result<Box<dyn OpenedFile>, crate::open::Error>;

    /// A script's text already read (standard input), named `name`; the
    /// rule files it names are read from the current folder.
    fn read_text(
        &self,
        name: &str,
        text: String,
    ) -> Result<Box<dyn OpenedFile>, crate::open::Error>;

    /// The canonical form of the script `text` (`twixt fmt`) and how many
    /// games it holds; a script with syntax errors has none, and they come
    /// back located in the file `name`.
    fn canonical(&self, name: &str, text: &str) -> Result<(String, usize), Vec<Diagnostic>>;

    /// The rule files the games of the script `text` name in their headers
    /// (`[Rules "r.yaml"]`), as written: relative to the script's folder.
    /// The games stand on them whether or not a command reads them (`convert`
    /// of a script to a script does not), so no output may replace them.
    fn rule_files(&self, text: &str) -> Vec<PathBuf>;

    /// Plays `batch` (its rules a preset of this game, by name) and writes
    /// the games to `destination` one at a time.
    fn write_random(
        &self,
        batch: &Batch,
        destination: Destination<'_>,
    ) -> Result<(), super::random_games::Error>;

    /// What `twixt random` calls one of its games, for its summary:
    /// `random game`, `random TWRS game`.
    fn random_noun(&self) -> &'static str;

    /// Its rule presets, one a line, as `twixt rules` lists them.
    fn presets(&self) -> String;

    /// The preset `name` (any case) as an editable YAML rule file headed by
    /// its name and source; `None` when it has no preset so named.
    fn preset_yaml(&self, name: &str) -> Option<String>;
}

/// Every game's support, TwixT first: a script whose header names no other
/// game (or a game no one knows, which TwixT's replay then names) is
/// TwixT's. The names are the script reader's list
/// ([`GAMES_KNOWN`](crate::script::GAMES_KNOWN)), the one list of games,
/// which a test holds this one to.
pub static GAMES: &[&dyn GameSupport] = &[&twixt::Twixt, &twrs::Twrs];

/// The game a script is of when its header names none.
pub fn default_game() -> &'static dyn GameSupport {
    GAMES[0]
}

/// The game named `name` (any case), as a `[Game]` header or `--game`
/// writes it.
pub fn named(name: &str) -> Option<&'static dyn GameSupport> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.name().eq_ignore_ascii_case(name))
}

/// The game of a script whose text starts with `head`: the one its
/// header's `[Game]` tag names, else TwixT.
pub fn of_text(head: &str) -> &'static dyn GameSupport {
    crate::open::header_game(head)
        .and_then(|name| named(&name))
        .unwrap_or_else(default_game)
}

/// The game of the file at `path`, by its first header (a regular file
/// only, read again later; standard input and pipes are TwixT's unless
/// read first, as `check` reads them).
pub fn of_path(path: &Path) -> &'static dyn GameSupport {
    crate::open::header_game_of(path)
        .and_then(|name| named(&name))
        .unwrap_or_else(default_game)
}

/// What `twixt sheet` asks of a file: which positions, drawn how, laid
/// out how, and where the pages go.
#[derive(Debug, Clone, Copy)]
pub struct SheetRequest<'a> {
    /// The positions to draw.
    pub choice: &'a Choice,
    /// The style they are drawn in (where a diagram point names none).
    pub style: &'a Style,
    /// How the pages are laid out.
    pub options: &'a SheetOptions,
    /// Only the pictures whose names match this pattern (`*` any run of
    /// characters, `?` one), when given.
    pub only: Option<&'a str>,
    /// Where the pages go.
    pub out: &'a SheetOutput,
}

/// What the commands need of an opened game file.
pub trait OpenedFile: std::fmt::Debug {
    /// The title a page of its diagrams carries.
    fn title(&self) -> String;

    /// The positions `choice` names drawn in `style` and written to `out`
    /// (`twixt render`).
    fn write_pictures(
        &self,
        choice: &Choice,
        style: &Style,
        out: &Output,
    ) -> Result<Rendered, Error>;

    /// The positions the request chooses laid out on pages (`twixt sheet`).
    fn write_sheet(&self, sheet: &SheetRequest<'_>) -> Result<Rendered, Error>;

    /// The positions `choice` names as text for a terminal, and the problems
    /// met (`twixt show`).
    fn show(
        &self,
        choice: &Choice,
        charset: Charset,
        show_as: ShowAs,
    ) -> Result<(String, Vec<Diagnostic>), Error>;

    /// The file as a book (`twixt book`).
    fn book(&self, opts: &BookOptions) -> Result<Book, BookError>;

    /// Every game replayed and checked (`twixt check`): its moves, claims
    /// and result, and the file's syntax errors.
    fn check_report(&self) -> FileReport;

    /// Adds the games the viewer can show to `games`, and why the others
    /// cannot be shown to `errors` (`twixt view`).
    /// A game that draws its own boards (TWRS) draws them in the look
    /// `style` gives it, the page's style.
    fn view_games(&self, style: &Style, games: &mut Vec<ViewGame>, errors: &mut Vec<ViewError>);
}

/// Opens the file (or position) `request` names in the game its content
/// shows: the game its first header names (and no other format is asked
/// for), else TwixT games in any format (a position is TwixT's).
pub fn open_any(request: &Request) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
    let game = if request.position.is_none() && request.format.is_none() {
        of_path(&request.input)
    } else {
        default_game()
    };
    game.open(request)
}

/// Opens the whole file at `path` in the game its first header names (a
/// record format asked for in `options` is TwixT's).
pub fn open_any_with(
    path: &Path,
    options: &OpenOptions,
) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
    let game = if options.format.is_none() {
        of_path(path)
    } else {
        default_game()
    };
    game.open_with(path, options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_is_of_the_game_its_header_names_else_twixt() {
        assert_eq!(of_text("1. f6\n").name(), "twixt");
        assert_eq!(of_text("% a remark\n[Game \"TWRS\"]\n").name(), "twrs");
        assert_eq!(of_text("[Game \"twixt\"]\n1. f6\n").name(), "twixt");
        // A game no one knows is left to TwixT's replay, which names it.
        assert_eq!(of_text("[Game \"go\"]\n").name(), "twixt");
        // A header after a move is a later game's.
        assert_eq!(of_text("1. f6\n[Game \"twrs\"]\n").name(), "twixt");
        assert!(named("TwixT").is_some() && named("chess").is_none());
        let names: Vec<&str> = GAMES.iter().map(|g| g.name()).collect();
        assert_eq!(names, crate::script::GAMES_KNOWN);
    }
}
