//! TWRS's side of the commands' game trait
//! ([`OpenedFile`](crate::commands::games::OpenedFile)): a TWRS script drawn
//! at its diagram points, or at the moves a choice names, by the TWRS
//! drawing in the look a TwixT style gives it, and written (as SVG, PNG,
//! PDF or text), laid out on pages and made a book by the shared writers,
//! which take finished pictures of any game.

use std::collections::BTreeMap;
use std::path::Path;

use crate::book::{Book, BookError, BookOptions};
use crate::commands::check::{FileReport, GameReport};
use crate::commands::games::{OpenedFile, SheetRequest};
use crate::commands::render::sheet::write_svg_sheet;
use crate::commands::render::show::ShowAs;
use crate::commands::render::{Error, Output, Rendered, write_svg_pictures};
use crate::diagnostic::{Diagnostic, Severity, printable};
use crate::diagram::game::{Select, moves_caption};
use crate::diagram::{Charset, Scale, Style};
use crate::pictures::{Choice, NamedSvg, point_style, style_issues};
use crate::script::CaptionPosition;
use crate::twrs::draw::{TwrsStyle, status_line};
use crate::twrs::file::{TwrsFile, TwrsView, outcome};
use crate::twrs::script::TwrsGame;
use crate::view::{ViewError, ViewGame};
use twrs_core::position::Position;

impl TwrsFile {
    /// The positions `choice` names of every game, to be drawn (as SVG by
    /// [`TwrsView::picture`], or as text or sheets), with the problems let
    /// through: a draft's illegal moves and false claims as warnings, then
    /// the games left out. Positions by move are captioned with the moves
    /// shown, and with the game's title when the choice asks for it or the
    /// file holds several games. A file with any error gives none: the
    /// errors come back, located; when `lenient` (a draft), what can be
    /// drawn is drawn (a line stops at its illegal move). A move past the
    /// end of a game is an error in a file of one game; in a file of
    /// several, that game is left out and the others drawn (as TwixT's
    /// files do).
    fn chosen_views(&self, choice: &Choice) -> Result<(Vec<TwrsView>, Vec<Diagnostic>), Error> {
        if let Some(c) = choice.look.crop {
            return Err(Error::Open(crate::open::Error::Options(format!(
                "--crop {c} is for TwixT boards; a TWRS picture shows the whole grid"
            ))));
        }
        let invalid = |diagnostics| Error::ScriptErrors {
            name: self.name.clone(),
            diagnostics,
        };
        if !self.syntax_errors.is_empty() {
            return Err(invalid(self.syntax_errors.clone()));
        }
        let by_move = choice.select.unwrap_or(choice.default);
        if by_move == Select::Every(0) {
            return Err(Error::Open(crate::open::Error::Draw {
                path: self.name.clone().into(),
                title: self.title(),
                message: "--every needs a step of at least 1".to_string(),
                diagnostics: Vec::new(),
            }));
        }
        let mut views = Vec::new();
        let mut warnings = Vec::new();
        let mut left_out = Vec::new();
        let mut errors = Vec::new();
        let several = self.games.len() > 1;
        let titled = choice.caption_titles || several;
        for g in &self.games {
            let mut r = self.replayed(g);
            let failed = r.errors.iter().any(|e| e.severity == Severity::Error);
            if failed && !choice.lenient {
                errors.extend(r.errors);
                continue;
            }
            warnings.extend(std::mem::take(&mut r.errors).into_iter().map(|mut d| {
                d.severity = Severity::Warning;
                d
            }));
            // A draft's game that cannot start has nothing to draw.
            let Ok(start) = g.start() else {
                continue;
            };
            let title = self.game_title(g);
            let diagrams = match choice.select {
                None => r.diagrams,
                Some(_) => Vec::new(),
            };
            if diagrams.is_empty() {
                match self.by_move(g, start, &title, titled, by_move, choice.lang.as_deref()) {
                    Ok(v) => views.extend(v),
                    Err(e @ Error::Open(crate::open::Error::NoSuchMove { .. })) if several => {
                        left_out.push(
                            Diagnostic::error(e.to_string())
                                .with_label("this game")
                                .at(&self.source, g.span.start(), g.span.len_bytes().max(1))
                                .with_file(&self.name),
                        );
                    }
                    Err(e) => return Err(e),
                }
            }
            for d in diagrams {
                views.push(TwrsView {
                    stem: d
                        .point
                        .name
                        .clone()
                        .unwrap_or_else(|| format!("{title}-{:03}", d.ply)),
                    position: d.position,
                    show: d.point.show,
                    caption: d.point.caption,
                    translation: d.point.translation,
                    look: d.point.look,
                });
            }
        }
        if !errors.is_empty() {
            return Err(invalid(errors));
        }
        warnings.extend(left_out);
        Ok((views, warnings))
    }

    /// The positions `select` names along the main line of `g` played from
    /// `start`, named and captioned as TwixT's are.
    fn by_move(
        &self,
        g: &TwrsGame,
        start: Position,
        title: &str,
        titled: bool,
        select: Select,
        lang: Option<&str>,
    ) -> Result<Vec<TwrsView>, Error> {
        // The main line's positions; a draft's stops at its illegal move.
        let mut line = vec![start];
        for m in g.main_moves() {
            let mut next = line[line.len() - 1].clone();
            if next.play(&m.mv).is_err() {
                break;
            }
            line.push(next);
        }
        let total = line.len() as u32 - 1;
        if let Select::Move(n) = select
            && n > total
        {
            return Err(Error::Open(crate::open::Error::NoSuchMove {
                path: self.name.clone().into(),
                title: title.to_string(),
                moves: total as usize,
                asked: n,
            }));
        }
        // The captions in the language asked for, else the game's own
        // (its `[Language]` header), as TwixT's are.
        let msgs = crate::messages::Messages::for_game(lang, |t| g.tag(t));
        let view = |pos: Position, ply: u32| {
            let set_up = !pos.stones().is_empty() || (1..=6).any(|t| pos.tower(t).is_some());
            let caption = moves_caption(ply, set_up, titled.then_some(title), &msgs);
            TwrsView {
                stem: format!("{title}-{ply:03}"),
                position: pos,
                show: Vec::new(),
                caption: Some(caption),
                translation: None,
                look: Default::default(),
            }
        };
        Ok(line
            .into_iter()
            .zip(0..)
            .filter(|&(_, ply)| select.wants(ply, total))
            .map(|(pos, ply)| view(pos, ply))
            .collect())
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
        let (views, problems) = self.chosen_views(choice)?;
        let base = TwrsStyle::from_style(style, scale, choice.look.coords);
        let mut named: BTreeMap<&str, TwrsStyle> = BTreeMap::new();
        for name in views.iter().filter_map(|v| v.look.style.as_deref()) {
            if !named.contains_key(name) {
                let file = point_style(Path::new(&self.name), name)?;
                let loaded = Style::load(&file)?;
                named.insert(
                    name,
                    TwrsStyle::from_style(&loaded, scale, choice.look.coords),
                );
            }
        }
        let pictures = views
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
        Ok((pictures, problems))
    }
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
        write_svg_pictures(&pictures, problems, &title, out)
    }

    fn write_sheet(&self, s: &SheetRequest<'_>) -> Result<Rendered, Error> {
        // A sheet scales each picture to its cell: the unit does not matter.
        let (pictures, problems) =
            self.chosen_pictures(s.choice, s.style, Scale::default(), false)?;
        write_svg_sheet(pictures, problems, s)
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
        if show_as == ShowAs::Json {
            return Err(Error::NoPositionJson { game: "TWRS" });
        }
        let (views, problems) = self.chosen_views(choice)?;
        let mut text = String::new();
        for (i, v) in views.iter().enumerate() {
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
        Ok((text, problems))
    }

    fn book(&self, opts: &BookOptions) -> Result<Book, BookError> {
        crate::twrs::book::book(self, opts)
    }

    /// Every game replayed by the TWRS rules: how it stands in words
    /// (`outcome`), as TWRS has no connection or declared result to check.
    fn check_report(&self) -> FileReport {
        let games: Vec<GameReport> = self
            .games
            .iter()
            .map(|game| {
                let r = self.replayed(game);
                let mut errors = r.errors;
                // A diagram point's style that cannot be drawn with is an
                // error here, as `render` would refuse it (and TwixT's
                // `check` does).
                errors.extend(
                    style_issues(game, Path::new(&self.name).parent())
                        .iter()
                        .map(|i| i.to_diagnostic(&self.name, &self.source)),
                );
                GameReport {
                    file: self.name.clone(),
                    line: game.span.line,
                    title: game.tag("Title").map(str::to_string),
                    rules: game.rules_name().to_string(),
                    size: game.grid(),
                    plies: r.position.plies(),
                    errors,
                    outcome: Some(outcome(&r.position)),
                    ..GameReport::default()
                }
            })
            .collect();
        FileReport::of(&self.name, games, self.syntax_errors.clone())
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
