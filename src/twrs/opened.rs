//! TWRS's side of the commands' game trait
//! ([`OpenedFile`](crate::commands::game::OpenedFile)): a TWRS script drawn
//! at its diagram points, or at the moves a choice names, by the TWRS
//! drawing in the look a TwixT style gives it, and written (as SVG, PNG,
//! PDF or text), laid out on pages and made a book by the shared writers,
//! which take finished pictures of any game.

use std::collections::BTreeMap;
use std::path::Path;

use crate::book::{Book, BookError, BookOptions};
use crate::commands::check::{FileReport, GameReport};
use crate::commands::game::{OpenedFile, SheetRequest};
use crate::commands::render::sheet::write_svg_sheet;
use crate::commands::render::show::ShowAs;
use crate::commands::render::{Error, Output, Rendered, write_svg_pictures};
use crate::diagnostic::{Diagnostic, printable};
use crate::diagram::game::Select;
use crate::diagram::{Charset, Scale, Style};
use crate::pictures::{Choice, NamedSvg, point_style, style_problem};
use crate::script::CaptionPosition;
use crate::twrs::draw::{TwrsStyle, status_line};
use crate::twrs::file::{ByMove, Positions, TwrsFile, Views, ViewsError};
use crate::twrs::script::Element;
use crate::view::{ViewError, ViewGame};

/// The TWRS positions a choice asks for: positions by move, or the
/// diagram points (and for a game without any, the choice's default).
fn positions(choice: &Choice) -> Positions {
    let by_move = |s: Select| match s {
        Select::Move(n) => ByMove::After(n),
        Select::Every(k) => ByMove::Every(k),
        Select::Final => ByMove::Final,
    };
    match choice.select {
        Some(s) => Positions::Moves(by_move(s)),
        None => Positions::DiagramPoints {
            otherwise: by_move(choice.default),
        },
    }
}

/// A crop is refused: a TWRS picture shows the whole grid.
fn refuse_crop(choice: &Choice) -> Result<(), Error> {
    match choice.look.crop {
        Some(c) => Err(Error::Open(crate::open::Error::Options(format!(
            "--crop {c} is for TwixT boards; a TWRS picture shows the whole grid"
        )))),
        None => Ok(()),
    }
}

impl TwrsFile {
    /// The drawing commands' error for what choosing positions found, as
    /// TwixT's files give it.
    fn views_error(&self, e: ViewsError) -> Error {
        match e {
            ViewsError::Invalid(diagnostics) => Error::ScriptErrors {
                name: self.name.clone(),
                diagnostics,
            },
            ViewsError::NoSuchMove {
                title,
                moves,
                asked,
            } => Error::Open(crate::open::Error::NoSuchMove {
                path: self.name.clone().into(),
                title,
                moves: moves as usize,
                asked,
            }),
            e @ ViewsError::ZeroStep => Error::Open(crate::open::Error::Draw {
                path: self.name.clone().into(),
                title: self.title(),
                message: e.message(),
                diagnostics: Vec::new(),
            }),
        }
    }

    fn chosen_views(&self, choice: &Choice) -> Result<Views, Error> {
        refuse_crop(choice)?;
        self.views(positions(choice), choice.caption_titles, choice.lenient)
            .map_err(|e| self.views_error(e))
    }

    /// The chosen positions drawn in `style` at `scale`, with the problems
    /// let through and the games left out. A diagram point's own style is
    /// drawn with instead, loaded from beside the script (each once, and
    /// all before any picture is drawn, as TwixT's are), and its own
    /// coordinates, side-to-move line and caption position go over the
    /// command line's; `--no-caption` leaves every caption off.
    fn chosen_pictures(
        &self,
        choice: &Choice,
        style: &Style,
        scale: Scale,
        ascii: bool,
    ) -> Result<(Vec<NamedSvg>, Vec<Diagnostic>), Error> {
        let chosen = self.chosen_views(choice)?;
        let base = TwrsStyle::from_style(style, scale, choice.look.coords);
        let mut named: BTreeMap<&str, TwrsStyle> = BTreeMap::new();
        for name in chosen.views.iter().filter_map(|v| v.look.style.as_deref()) {
            if !named.contains_key(name) {
                let file = point_style(Path::new(&self.name), name)?;
                let loaded = Style::load(&file)?;
                named.insert(
                    name,
                    TwrsStyle::from_style(&loaded, scale, choice.look.coords),
                );
            }
        }
        let pictures = chosen
            .views
            .iter()
            .map(|v| {
                let of_point = v.look.style.as_deref().and_then(|n| named.get(n));
                let mut look = of_point.unwrap_or(&base).clone().with_point(&v.look);
                if !choice.look.captions {
                    look.look.caption_position = CaptionPosition::None;
                }
                v.picture(&look, ascii)
            })
            .collect();
        let mut problems = chosen.warnings;
        problems.extend(chosen.left_out);
        Ok((pictures, problems))
    }
}

/// The styles of the diagram points of a line of play (and its
/// variations) that cannot be drawn with, each an error at its `#diagram`,
/// as [`crate::pictures::style_issues`] finds them in a TwixT game.
fn style_issues(source: &str, base: &Path, elements: &[Element]) -> Vec<Diagnostic> {
    let mut issues = Vec::new();
    for e in elements {
        match e {
            Element::Diagram(d) => {
                if let Some(problem) = d
                    .look
                    .style
                    .as_deref()
                    .and_then(|name| style_problem(base, name))
                {
                    issues.push(Diagnostic::error(problem).with_label("style").at(
                        source,
                        d.span.start(),
                        d.span.len_bytes().max(1),
                    ));
                }
            }
            Element::Variation(v) => issues.extend(style_issues(source, base, &v.elements)),
            _ => {}
        }
    }
    issues
}

impl OpenedFile for TwrsFile {
    fn title(&self) -> String {
        TwrsFile::title(self)
    }

    fn write_pictures(
        &self,
        choice: &Choice,
        style: &Style,
        out: &Output,
    ) -> Result<Rendered, Error> {
        let (pictures, problems) =
            self.chosen_pictures(choice, style, out.scale, out.charset == Charset::Ascii)?;
        let title = self
            .games
            .first()
            .and_then(|g| g.tag("Title"))
            .unwrap_or("TWRS")
            .to_string();
        let mut rendered = write_svg_pictures(&pictures, &title, out)?;
        rendered.warnings = problems;
        Ok(rendered)
    }

    fn write_sheet(&self, s: &SheetRequest<'_>) -> Result<Rendered, Error> {
        // A sheet scales each picture to its cell: the unit does not matter.
        let (pictures, problems) =
            self.chosen_pictures(s.choice, s.style, Scale::default(), false)?;
        let svgs: Vec<String> = pictures
            .into_iter()
            .filter(|p| crate::commands::render::sheet::wanted(s.only, &p.stem))
            .map(|p| p.svg)
            .collect();
        if svgs.is_empty() {
            return Err(Error::NothingChosen {
                pattern: s.only.map(str::to_string),
                warnings: problems,
            });
        }
        Ok(Rendered {
            written: write_svg_sheet(&svgs, s.style, s.options, s.out)?,
            stdout: None,
            warnings: problems,
        })
    }

    /// Each chosen position as text, with its name and caption above, and
    /// whose turn it is and the score so far below. Text from the file is
    /// made printable. TWRS positions have no one-line form.
    fn show(
        &self,
        choice: &Choice,
        charset: Charset,
        show_as: ShowAs,
    ) -> Result<(String, Vec<Diagnostic>), Error> {
        if show_as == ShowAs::Position {
            return Err(Error::NoPositionLine { game: "TWRS" });
        }
        let chosen = self.chosen_views(choice)?;
        let mut text = String::new();
        for (i, v) in chosen.views.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            let caption = v.caption.as_deref().map(printable).unwrap_or_default();
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
            text.push_str(&status_line(&v.position));
            text.push('\n');
        }
        let mut problems = chosen.warnings;
        problems.extend(chosen.left_out);
        Ok((text, problems))
    }

    fn book(&self, opts: &BookOptions) -> Result<Book, BookError> {
        crate::twrs::book::book(self, opts.lenient)
    }

    /// Every game replayed by the TWRS rules: how it stands in words
    /// (`outcome`), as TWRS has no connection or declared result to check.
    fn check_report(&self) -> FileReport {
        let base = Path::new(&self.name)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let games: Vec<GameReport> = self
            .check()
            .into_iter()
            .zip(&self.games)
            .map(|(mut g, game)| {
                // A diagram point's style that cannot be drawn with is an
                // error here, as `render` would refuse it (and TwixT's
                // `check` does).
                g.errors.extend(
                    style_issues(&self.source, base, &game.line.elements)
                        .into_iter()
                        .map(|d| d.with_file(&self.name)),
                );
                g
            })
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

    /// The games with their boards drawn in the look `style` gives TWRS.
    fn view_games(&self, style: &Style, games: &mut Vec<ViewGame>, errors: &mut Vec<ViewError>) {
        let look = TwrsStyle::from_style(style, Scale::default(), crate::script::Sides::TOP_LEFT);
        match crate::twrs::view::view_games(self, &look) {
            Ok(g) => games.extend(g),
            Err(diagnostics) => errors.push(ViewError::Invalid {
                file: self.name.clone(),
                diagnostics,
            }),
        }
    }
}
