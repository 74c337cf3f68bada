//! TwixT's side of the commands' game trait
//! ([`OpenedFile`](crate::commands::game::OpenedFile)): an opened TwixT
//! file drawn, laid out, shown and made a book by the shared pipeline,
//! which was built for TwixT's diagram model.

use crate::book::{Book, BookError, BookOptions};
use crate::commands::game::OpenedFile;
use crate::commands::render::sheet::{SheetOptions, SheetOutput, write_sheet};
use crate::commands::render::show::{ShowAs, boards, position_lines};
use crate::commands::render::{Error, Output, Rendered, write_pictures};
use crate::diagnostic::Diagnostic;
use crate::diagram::{Charset, Style};
use crate::open::GameFile;
use crate::pictures::Choice;

impl OpenedFile for GameFile {
    fn title(&self) -> String {
        GameFile::title(self)
    }

    fn write_pictures(
        &self,
        choice: &Choice,
        style: &Style,
        out: &Output,
    ) -> Result<Rendered, Error> {
        write_pictures(self, choice, style, out)
    }

    fn write_sheet(
        &self,
        choice: &Choice,
        style: &Style,
        opts: &SheetOptions,
        only: Option<&str>,
        out: &SheetOutput,
    ) -> Result<Rendered, Error> {
        write_sheet(self, choice, style, opts, only, out)
    }

    fn show(
        &self,
        choice: &Choice,
        charset: Charset,
        show_as: ShowAs,
    ) -> Result<(String, Vec<Diagnostic>), Error> {
        let drawn = self.pictures(choice)?;
        let text = match show_as {
            ShowAs::Position => position_lines(&drawn.pictures),
            ShowAs::Text => boards(&drawn.pictures, charset),
        };
        Ok((text, drawn.warnings))
    }

    fn book(&self, opts: &BookOptions) -> Result<Book, BookError> {
        crate::book::book(self, opts)
    }
}
