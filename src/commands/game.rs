//! A game file as the drawing commands use it, whatever its game: the
//! trait each game implements (TwixT in `twixt::opened`, TWRS in
//! `twrs::opened`), so that `render`, `sheet`, `show` and `book` never ask
//! which game they hold.
//!
//! ```no_run
//! use twixtkit::commands::game::open;
//! use twixtkit::open::Request;
//! let request = Request { input: "figures.twixt".into(), ..Request::default() };
//! let file = open(&request)?; // TwixT games or a TWRS script
//! println!("{}", file.title());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::book::{Book, BookError, BookOptions};
use crate::diagnostic::Diagnostic;
use crate::diagram::{Charset, Style};
use crate::open::Request;
use crate::pictures::Choice;

use super::render::sheet::{SheetOptions, SheetOutput};
use super::render::show::ShowAs;
use super::render::{Error, Output, Rendered};

/// What the drawing commands need of an opened game file.
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

    /// The positions `choice` names (those named like `only`) laid out on
    /// pages (`twixt sheet`).
    fn write_sheet(
        &self,
        choice: &Choice,
        style: &Style,
        opts: &SheetOptions,
        only: Option<&str>,
        out: &SheetOutput,
    ) -> Result<Rendered, Error>;

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
}

/// Opens the file (or position) `request` names in the game its content
/// shows: a TWRS script when its first header says so (and no other format
/// is asked for), else TwixT games in any format.
pub fn open(request: &Request) -> Result<Box<dyn OpenedFile>, crate::open::Error> {
    let twrs = request.position.is_none()
        && request.format.is_none()
        && crate::twrs::script::sniff(&request.input);
    if !twrs {
        return Ok(Box::new(request.open()?));
    }
    if request.game.is_some() {
        return Err(crate::open::Error::Options(
            "--game is for TwixT files; a TWRS script is drawn whole".to_string(),
        ));
    }
    crate::twrs::file::TwrsFile::load(&request.input)
        .map(|f| Box::new(f) as Box<dyn OpenedFile>)
        .map_err(|e| crate::open::Error::Unreadable {
            path: request.input.clone(),
            message: e.to_string(),
        })
}
