//! TWRS's side of the commands' game trait
//! ([`OpenedFile`](crate::commands::game::OpenedFile)): a TWRS script drawn
//! at its diagram points (or each game's final position) by the TWRS
//! drawing, and written, laid out on pages and made a book by the shared
//! writers, which take finished SVG pictures of any game.

use crate::book::{Book, BookError, BookOptions};
use crate::commands::check::{FileReport, GameReport};
use crate::commands::game::OpenedFile;
use crate::commands::render::sheet::{SheetOptions, SheetOutput, write_svg_sheet};
use crate::commands::render::show::ShowAs;
use crate::commands::render::{Error, Output, Rendered, write_svg_pictures};
use crate::diagnostic::{Diagnostic, printable};
use crate::diagram::game::Select;
use crate::diagram::{Charset, Style};
use crate::pictures::Choice;
use crate::twrs::file::{Positions, TwrsFile, TwrsView};
use crate::view::{ViewError, ViewGame};

/// The TWRS positions a choice asks for: the final ones, or the diagram
/// points; a choice by move, which TWRS scripts do not take yet, is refused.
fn positions(choice: &Choice) -> Result<Positions, Error> {
    match choice.select {
        Some(Select::Move(_) | Select::Every(_)) => Err(Error::TwrsSelection),
        Some(Select::Final) => Ok(Positions::Finals),
        None => Ok(Positions::DiagramPoints),
    }
}

impl TwrsFile {
    fn script_errors(&self, diagnostics: Vec<Diagnostic>) -> Error {
        Error::TwrsScript {
            name: self.name.clone(),
            diagnostics,
        }
    }

    fn chosen_views(&self, choice: &Choice) -> Result<Vec<TwrsView>, Error> {
        self.views(positions(choice)?)
            .map_err(|d| self.script_errors(d))
    }
}

impl OpenedFile for TwrsFile {
    fn title(&self) -> String {
        TwrsFile::title(self)
    }

    fn write_pictures(
        &self,
        choice: &Choice,
        _style: &Style,
        out: &Output,
    ) -> Result<Rendered, Error> {
        let pictures = self
            .pictures(positions(choice)?)
            .map_err(|d| self.script_errors(d))?;
        let title = self
            .games
            .first()
            .and_then(|g| g.tag("Title"))
            .unwrap_or("TWRS")
            .to_string();
        write_svg_pictures(&pictures, &title, out)
    }

    fn write_sheet(
        &self,
        choice: &Choice,
        _style: &Style,
        opts: &SheetOptions,
        only: Option<&str>,
        out: &SheetOutput,
    ) -> Result<Rendered, Error> {
        let pictures = self
            .pictures(positions(choice)?)
            .map_err(|d| self.script_errors(d))?;
        let svgs: Vec<String> = pictures
            .into_iter()
            .filter(|p| crate::commands::render::sheet::wanted(only, &p.stem))
            .map(|p| p.svg)
            .collect();
        Ok(Rendered {
            written: write_svg_sheet(&svgs, opts, out)?,
            stdout: None,
            warnings: Vec::new(),
        })
    }

    /// Each chosen position as text, with its name and caption above, and
    /// whose turn it is and the score so far below. Text from the file is
    /// made printable.
    fn show(
        &self,
        choice: &Choice,
        charset: Charset,
        show_as: ShowAs,
    ) -> Result<(String, Vec<Diagnostic>), Error> {
        if show_as == ShowAs::Position {
            return Err(Error::TwrsLines);
        }
        let mut text = String::new();
        for (i, v) in self.chosen_views(choice)?.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            let caption = v.caption.as_deref().map(printable).unwrap_or_default();
            let s = v.position.score();
            text.push_str(&format!(
                "{}{}{}\n",
                v.stem,
                if caption.is_empty() { "" } else { ": " },
                caption
            ));
            text.push_str(&crate::twrs::draw::to_text(
                &v.position,
                charset == Charset::Ascii,
            ));
            text.push_str(&format!(
                "{} to move, {} stones left, score orange {} blue {}\n",
                v.position.to_move(),
                v.position.stones_left(),
                s.orange,
                s.blue
            ));
        }
        Ok((text, Vec::new()))
    }

    fn book(&self, opts: &BookOptions) -> Result<Book, BookError> {
        crate::twrs::book::book(self, opts.lenient)
    }

    /// Every game replayed by the TWRS rules: how it stands in words
    /// (`outcome`), as TWRS has no connection or declared result to check.
    fn check_report(&self) -> FileReport {
        let games: Vec<GameReport> = self
            .check()
            .into_iter()
            .map(|g| GameReport {
                file: self.name.clone(),
                line: g.line,
                title: g.title,
                rules: g.rules,
                size: g.size,
                plies: g.plies,
                result: None,
                decided_at: None,
                how: None,
                dead_draw_note: None,
                winner: None,
                errors: g.errors,
                warnings: Vec::new(),
                notes: Vec::new(),
                wins: Vec::new(),
                outcome: Some(g.outcome),
            })
            .collect();
        let mut errors = self.syntax_errors.clone();
        if games.is_empty() && errors.is_empty() {
            errors.push(
                Diagnostic::error("expected at least one game, found none").with_file(&self.name),
            );
        }
        FileReport {
            errors,
            io_error: false,
            games,
        }
    }

    fn view_games(&self, games: &mut Vec<ViewGame>, errors: &mut Vec<ViewError>) {
        match crate::twrs::view::view_games(self) {
            Ok(g) => games.extend(g),
            Err(diagnostics) => errors.push(ViewError::Invalid {
                file: self.name.clone(),
                diagnostics,
            }),
        }
    }
}
