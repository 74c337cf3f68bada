//! TwixT's side of the commands' game trait
//! ([`OpenedFile`](crate::commands::games::OpenedFile)): an opened TwixT
//! file drawn, laid out, shown, made a book, checked and given to the
//! viewer by the shared pipeline, which was built for TwixT's diagram
//! model.

use crate::book::{Book, BookError, BookOptions};
use crate::commands::check::{FileReport, report_of_games};
use crate::commands::games::{OpenedFile, SheetRequest};
use crate::commands::render::sheet::write_sheet;
use crate::commands::render::show::{ShowAs, boards, position_lines};
use crate::commands::render::{Error, Output, Rendered, write_pictures};
use crate::diagnostic::Diagnostic;
use crate::diagram::{Charset, Style};
use crate::open::GameFile;
use crate::pictures::Choice;
use crate::view::{ViewError, ViewGame};

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

    fn write_sheet(&self, s: &SheetRequest<'_>) -> Result<Rendered, Error> {
        write_sheet(self, s)
    }

    fn show(
        &self,
        choice: &Choice,
        charset: Charset,
        show_as: ShowAs,
    ) -> Result<(String, Vec<Diagnostic>), Error> {
        let drawn = self.draw(choice)?;
        let text = match show_as {
            ShowAs::Position => position_lines(&drawn.pictures),
            ShowAs::Json => crate::commands::render::show::positions_json(&drawn.pictures),
            ShowAs::Text => boards(&drawn.pictures, charset),
        };
        Ok((text, drawn.warnings))
    }

    fn book(&self, opts: &BookOptions) -> Result<Book, BookError> {
        crate::book::book(self, opts)
    }

    fn check_report(&self) -> FileReport {
        let (games, source) = self.located_games();
        let name = self.path.display().to_string();
        report_of_games(self.path.parent(), source, &name, &games, Vec::new())
    }

    /// The games; the page draws their boards in its style.
    fn view_games(&self, _style: &Style, games: &mut Vec<ViewGame>, errors: &mut Vec<ViewError>) {
        crate::view::file_games(self, games, errors);
    }
}
