//! Choosing the positions of an opened game file and turning them into
//! diagram models: a script's diagram points, or positions by move number.
//! `render`, `sheet` and `show` all draw what [`GameFile::draw`] returns.

use std::path::{Component, Path};

use crate::diagnostic::Explained as _;
use crate::diagnostic::{Diagnostic, Severity};
use crate::diagram::BUILTIN_NAMES;
use crate::diagram::Style;
use crate::diagram::game::{GameDiagramError, Select, Words, each_diagram_from};
use crate::diagram::snapshot::diagram_from_snapshot;
use crate::diagram::{Crop, Diagram, Numbering};
use crate::messages::Messages;
use crate::open::{Content, Error, GameFile};
use crate::record::Record;
use crate::replay::{GameReplay, Issue, ReplayOptions, replay_game, start_position};
use crate::script::{CaptionPosition, Sides};
use twixt_core::board::Player;
use twixt_core::moves::Move;
use twixt_core::position::Position;
use twixt_core::rules::RuleSet;

/// How the chosen diagrams look, over what a script's diagram points say.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Look {
    /// Show only a rectangle of holes, e.g. c3-j10.
    #[cfg_attr(feature = "cli", arg(long))]
    pub crop: Option<Crop>,
    /// Sides with coordinates: all, none, or letters from tblr.
    #[cfg_attr(feature = "cli", arg(long, default_value = "tl"))]
    pub coords: Sides,
    /// Move numbers on the pegs.
    #[cfg_attr(feature = "cli", arg(long = "no-numbers", action = clap::ArgAction::SetFalse,
        help = "Leave the move numbers off the pegs"))]
    pub numbers: bool,
    /// Captions drawn; `false` leaves every caption off (over a style's
    /// `caption_position` and a diagram point's `caption-position=`), so
    /// that each picture's size is its board's.
    #[cfg_attr(feature = "cli", arg(long = "no-caption", action = clap::ArgAction::SetFalse,
        help = "Leave every caption off, so that each picture is as large as its board \
            (over the style's and the diagram points' caption position)"))]
    pub captions: bool,
}

impl Default for Look {
    fn default() -> Look {
        Look {
            crop: None,
            coords: Sides::TOP_LEFT,
            numbers: true,
            captions: true,
        }
    }
}

/// Which positions to draw, and how (the drawing commands' options for
/// how they look; the others are set by each command).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Choice {
    /// Positions by move. `None` draws a script's diagram points, and for
    /// records (or scripts without diagram points) the `default` selection.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub select: Option<Select>,
    /// What to draw when `select` is `None` and there are no diagram points.
    #[cfg_attr(feature = "cli", arg(skip = Select::Final))]
    pub default: Select,
    /// How the diagrams look.
    #[cfg_attr(feature = "cli", command(flatten))]
    pub look: Look,
    /// Put the game's title in every caption (always done when the file
    /// holds several games).
    #[cfg_attr(feature = "cli", arg(skip))]
    pub caption_titles: bool,
    /// Draft mode: illegal moves and false claims become
    /// [`Pictures::warnings`] and what can be drawn is drawn (a line stops
    /// at its illegal move); otherwise they are errors.
    #[cfg_attr(
        feature = "cli",
        arg(
            long,
            help = "Draft: draw what can be drawn even when \
        moves are illegal or claims false, printing them as warnings"
        )
    )]
    pub lenient: bool,
    /// The language of the captions and of the side-to-move line: two or
    /// three letters (fr, de, nl, it, en); by default each game's
    /// `[Language]` header, else English.
    #[cfg_attr(
        feature = "cli",
        arg(long, value_name = "CODE", value_parser = crate::messages::parse_language)
    )]
    pub lang: Option<String>,
}

impl Default for Choice {
    /// Diagram points, else the final position; titles in captions.
    fn default() -> Choice {
        Choice {
            select: None,
            default: Select::Final,
            look: Look::default(),
            caption_titles: true,
            lenient: false,
            lang: None,
        }
    }
}

/// One picture to draw.
#[derive(Debug, Clone)]
pub struct Picture {
    /// A file stem for it: the diagram point's name, else `TITLE-PLY`.
    pub stem: String,
    /// What to draw.
    pub diagram: Diagram,
    /// The style its script diagram point asked for (a built-in name, or a
    /// style file already resolved against the script's folder).
    pub style: Option<String>,
    /// The rules of the game and who moves next, for writing the position
    /// in one line ([`Picture::position_line`]).
    pub rules: RuleSet,
    /// The player to move in the drawn position.
    pub to_move: Player,
}

impl Picture {
    /// The drawn position in one line (`twixt_core::position_line`).
    pub fn position_line(&self) -> String {
        let setup = twixt_core::setup::Setup {
            size: self.diagram.size,
            pegs: self.diagram.pegs.clone(),
            links: self.diagram.links.clone(),
            to_move: Some(self.to_move),
        };
        twixt_core::position_line::write_setup(&self.rules, &setup, self.to_move)
    }
}

/// The pictures of a file and a title for all of them.
#[derive(Debug, Clone)]
pub struct Pictures {
    /// The one game's title, or the file's stem when it holds several.
    pub title: String,
    /// The pictures, in file order.
    pub pictures: Vec<Picture>,
    /// Problems let through by [`Choice::lenient`], located in the file.
    pub warnings: Vec<Diagnostic>,
}

/// The title of a record: its own, else `fallback`.
pub fn title_or(record: &Record, fallback: &str) -> String {
    crate::record::game_title(|t| record.tag(t)).unwrap_or_else(|| fallback.to_string())
}

impl GameFile {
    /// The title for all of a file's pictures: its one game's title, or the
    /// file's stem when it holds several games.
    pub fn title(&self) -> String {
        let stem = self.stem();
        match &self.content {
            Content::Records { records, .. } if records.len() == 1 => title_or(&records[0], &stem),
            Content::Script { games, .. } if games.len() == 1 => script_title(&games[0], &stem),
            _ => stem,
        }
    }

    /// Replays every game and draws the positions `choice` asks for.
    pub fn draw(&self, choice: &Choice) -> Result<Pictures, Error> {
        let mut pictures = Vec::new();
        let warnings = self.each_picture(choice, |p| {
            pictures.push(p);
            Ok::<(), Error>(())
        })?;
        Ok(Pictures {
            title: self.title(),
            pictures,
            warnings,
        })
    }

    /// As [`GameFile::draw`], handing each picture to `f` as soon as it
    /// is drawn, so that memory holds one game and one picture however many
    /// are chosen. Each game is checked before any of its pictures is handed
    /// over. Returns the warnings [`Choice::lenient`] let through; in a file
    /// of several games, a game that cannot be drawn is skipped, the others
    /// drawn, and its errors are returned too (severity error). A file of
    /// one game that cannot be drawn is an `Err`.
    pub fn each_picture<E: From<Error>>(
        &self,
        choice: &Choice,
        mut f: impl FnMut(Picture) -> Result<(), E>,
    ) -> Result<Vec<Diagnostic>, E> {
        let stem = self.stem();
        let titled = choice.caption_titles || self.len() > 1;
        let several = self.len() > 1;
        let mut problems = Vec::new();
        let settle = |r: Result<(), Halt<E>>, problems: &mut Vec<Diagnostic>| match r {
            Ok(()) => Ok(()),
            Err(Halt::Out(e)) => Err(e),
            Err(Halt::Game(e)) if several => {
                problems.extend(self.diagnostics_of(e));
                Ok(())
            }
            Err(Halt::Game(e)) => Err(E::from(e)),
        };
        match &self.content {
            Content::Records { records, .. } => {
                for record in records {
                    let title = title_or(record, &stem);
                    let msgs = Messages::for_game(choice.lang.as_deref(), |t| record.tag(t));
                    let sel = choice.select.unwrap_or(choice.default);
                    let r = Position::with_first(record.rules.clone(), record.first)
                        .map_err(|e| Halt::Game(self.draw_error(&title, e.to_string())))
                        .and_then(|start| {
                            let played = Played {
                                start,
                                moves: &record.moves,
                                at: &record.move_at.0,
                            };
                            let words = Words {
                                title: titled.then_some(title.as_str()),
                                msgs: &msgs,
                            };
                            self.by_move_from(played, &title, words, sel, &choice.look, &mut f)
                        });
                    settle(r, &mut problems)?;
                }
            }
            Content::Script { source, games } => {
                for game in games {
                    let r = self.script_game(
                        game,
                        source,
                        &stem,
                        titled,
                        choice,
                        &mut f,
                        &mut problems,
                    );
                    settle(r, &mut problems)?;
                }
            }
        }
        Ok(problems)
    }

    /// The folder the file is in, where rule files it names are looked for.
    fn folder(&self) -> Option<&Path> {
        self.path.parent().filter(|p| !p.as_os_str().is_empty())
    }

    /// One of its games replayed, rule files named in it looked for beside
    /// the file.
    pub(crate) fn replay(&self, game: &crate::script::Game) -> Result<GameReplay, Issue> {
        let options = ReplayOptions {
            rules_folder: self.folder(),
            ..ReplayOptions::default()
        };
        replay_game(game, &options)
    }

    /// The pictures of one game of a script, handed to `f`.
    #[allow(clippy::too_many_arguments)]
    fn script_game<E>(
        &self,
        game: &crate::script::Game,
        source: &str,
        stem: &str,
        titled: bool,
        choice: &Choice,
        f: &mut impl FnMut(Picture) -> Result<(), E>,
        warnings: &mut Vec<Diagnostic>,
    ) -> Result<(), Halt<E>> {
        let name = self.path.display().to_string();
        let base = self.folder();
        let title = script_title(game, stem);
        let msgs = Messages::for_game(choice.lang.as_deref(), |t| game.tag(t));
        let replay_error = |diagnostics| Error::Replay {
            path: self.path.clone(),
            title: title.clone(),
            diagnostics,
        };
        let rep = self
            .replay(game)
            .map_err(|i| Halt::Game(replay_error(vec![i.to_diagnostic(&name, source)])))?;
        let errors: Vec<Diagnostic> = rep
            .errors()
            .map(|i| i.to_diagnostic(&name, source))
            .collect();
        if !errors.is_empty() && !choice.lenient {
            // Claims the search could not decide are not a replay that
            // failed: the message says which it is.
            let undecided = rep.errors().all(|i| i.kind == Some("cannot-decide"));
            return Err(Halt::Game(if undecided {
                Error::Undecided {
                    path: self.path.clone(),
                    title: title.clone(),
                    diagnostics: errors,
                }
            } else {
                replay_error(errors)
            }));
        }
        warnings.extend(errors.into_iter().map(|mut w| {
            w.severity = Severity::Warning;
            w
        }));
        if choice.select.is_some() || rep.diagrams.is_empty() {
            let rules = game
                .rules(base)
                .map_err(|e| Halt::Game(self.draw_error(&title, e.to_string())))?;
            // Played from a setup block, ply 0 is the setup.
            let start = match &game.setup {
                Some(_) => start_position(game, &rules).ok_or_else(|| {
                    Halt::Game(self.draw_error(
                    &title,
                    "the setup is not a legal position to play from; draw it with a #diagram"
                        .to_string(),
                ))
                })?,
                None => Position::with_first(rules, game.first())
                    .map_err(|e| Halt::Game(self.draw_error(&title, e.to_string())))?,
            };
            let mut moves: Vec<Move> = game.main_moves().map(|m| m.mv.clone()).collect();
            if choice.lenient {
                // A draft stops where the line stopped: at its illegal move.
                moves.truncate(rep.plies as usize);
            }
            let played = Played {
                start,
                moves: &moves,
                at: &[],
            };
            let sel = choice.select.unwrap_or(choice.default);
            let words = Words {
                title: titled.then_some(title.as_str()),
                msgs: &msgs,
            };
            return self.by_move_from(played, &title, words, sel, &choice.look, f);
        }
        // Styles first: a bad one is an error before any picture.
        let styles = rep
            .diagrams
            .iter()
            .map(|snap| match &snap.point.look.style {
                Some(s) => point_style(&self.path, s).map(Some),
                None => Ok(None),
            })
            .collect::<Result<Vec<_>, Error>>()
            .map_err(Halt::Game)?;
        for (snap, style) in rep.diagrams.iter().zip(styles) {
            let mut d = diagram_from_snapshot(snap);
            d.to_move_words = Some(msgs.to_play_words());
            apply_look(&mut d, &choice.look).map_err(Halt::Game)?;
            // A diagram point's own `coords=`, `to-move=` and
            // `caption-position=` win, as its `style=` does.
            let look = &snap.point.look;
            d.coords = look.coords.unwrap_or(d.coords);
            d.show_to_move = look.to_move.or(d.show_to_move);
            d.caption_position = look.caption_position.or(d.caption_position);
            if !choice.look.captions {
                d.caption_position = Some(CaptionPosition::None);
            }
            f(Picture {
                stem: snap
                    .point
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{title}-{:03}", snap.ply)),
                diagram: d,
                style,
                rules: rep.rules.clone(),
                to_move: snap.setup.to_move.unwrap_or(Player::Red),
            })
            .map_err(Halt::Out)?;
        }
        Ok(())
    }

    /// The located errors of a game that could not be drawn.
    fn diagnostics_of(&self, e: Error) -> Vec<Diagnostic> {
        if e.diagnostics().is_empty() {
            vec![Diagnostic::error(e.to_string()).with_file(self.path.display().to_string())]
        } else {
            e.diagnostics().to_vec()
        }
    }

    fn draw_error(&self, title: &str, message: String) -> Error {
        Error::Draw {
            path: self.path.clone(),
            title: title.to_string(),
            message,
            diagnostics: Vec::new(),
        }
    }

    /// The positions `select` chooses among `played`, handed to `f`.
    fn by_move_from<E>(
        &self,
        played: Played<'_>,
        title: &str,
        words: Words<'_>,
        select: Select,
        look: &Look,
        f: &mut impl FnMut(Picture) -> Result<(), E>,
    ) -> Result<(), Halt<E>> {
        let numbering = if look.numbers {
            Numbering::All
        } else {
            Numbering::None
        };
        let Played { start, moves, at } = played;
        let rules = start.rules().clone();
        each_diagram_from(start, moves, select, numbering, words, |g| {
            let mut diagram = g.diagram;
            diagram.coords = look.coords;
            if !look.captions {
                diagram.caption_position = Some(CaptionPosition::None);
            }
            set_crop(&mut diagram, look.crop).map_err(|e| Stop::Out(Halt::Game(e)))?;
            f(Picture {
                stem: format!("{title}-{:03}", g.ply),
                diagram,
                style: None,
                rules: rules.clone(),
                to_move: g.to_move,
            })
            .map_err(|e| Stop::Out(Halt::Out(e)))
        })
        .map_err(|stop| match stop {
            // A move past the end is a usage error, like a game past the end.
            Stop::Draw(GameDiagramError::NoSuchMove { asked, moves }) => {
                Halt::Game(Error::NoSuchMove {
                    path: self.path.clone(),
                    title: title.to_string(),
                    moves,
                    asked,
                })
            }
            Stop::Draw(e) => {
                // A record read from a file says where its bad move stands,
                // and shows it as written.
                let at = match &e {
                    GameDiagramError::Illegal { number, .. } => at.get(number - 1).copied(),
                    _ => None,
                };
                let Some(at) = at else {
                    return Halt::Game(self.draw_error(title, e.to_string()));
                };
                let located = self.record_move_diagnostic(at, e.to_string(), "illegal move");
                let mut error = self.draw_error(title, format!("{e} ({at})"));
                if let (Error::Draw { diagnostics, .. }, Some(d)) = (&mut error, located) {
                    diagnostics.push(d);
                }
                Halt::Game(error)
            }
            Stop::Out(e) => e,
        })
    }
}

/// Moves played from a start position, and where each stands in its file
/// (empty when not known).
struct Played<'a> {
    start: Position,
    moves: &'a [Move],
    at: &'a [crate::formats::Location],
}

/// Why one game's pictures stopped: the game, or the receiver of pictures.
enum Halt<E> {
    Game(Error),
    Out(E),
}

/// Why drawing a record's diagrams stopped: the record, or the receiver.
enum Stop<E> {
    Draw(GameDiagramError),
    Out(E),
}

impl<E> From<GameDiagramError> for Stop<E> {
    fn from(e: GameDiagramError) -> Stop<E> {
        Stop::Draw(e)
    }
}

/// A script game's title: its Title or Event tag, else `fallback`.
fn script_title(game: &crate::script::Game, fallback: &str) -> String {
    crate::record::game_title(|t| game.tag(t)).unwrap_or_else(|| fallback.to_string())
}

fn set_crop(d: &mut Diagram, crop: Option<Crop>) -> Result<(), Error> {
    if let Some(c) = crop {
        // Both corners on the board: a corner off it is a typo (`zz9`), and
        // clamping it would draw another rectangle than the one asked for.
        if !d.size.in_bounds(c.min) || !d.size.in_bounds(c.max) {
            return Err(Error::CropOutside {
                crop: c.to_string(),
                size: d.size,
            });
        }
        d.crop = Some(c);
    }
    Ok(())
}

/// Choices that apply over a script's own diagram points.
fn apply_look(d: &mut Diagram, look: &Look) -> Result<(), Error> {
    d.coords = look.coords;
    set_crop(d, look.crop)?;
    if !look.numbers {
        // Move numbers only; labels the script wrote stay.
        d.labels
            .retain(|_, t| !t.bytes().all(|b| b.is_ascii_digit()));
    }
    Ok(())
}

/// The style a diagram point names: a built-in name, or a `.yaml` file in
/// or below the script's folder (never an absolute path or `..`), returned
/// as a path relative to where the script was named from.
pub fn point_style(script: &Path, name: &str) -> Result<String, Error> {
    let base = script.parent().unwrap_or(Path::new("."));
    point_style_in(base, name).map_err(|m| Error::Style(format!("{}: {m}", script.display())))
}

/// [`point_style`] for a script in the folder `base`; the error says what is
/// wrong with the name.
fn point_style_in(base: &Path, name: &str) -> Result<String, String> {
    if BUILTIN_NAMES.contains(&name) {
        return Ok(name.to_string());
    }
    let rel = Path::new(name);
    let inside = rel.components().all(|c| matches!(c, Component::Normal(_)));
    let yaml = rel
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    if !inside || !yaml {
        return Err(format!(
            "style `{}` of a diagram point must be a built-in style ({}) or a .yaml file beside the script",
            crate::diagnostic::printable(name),
            BUILTIN_NAMES.join(", ")
        ));
    }
    let path = crate::limits::resolve_inside(base, rel).map_err(|e| format!("style {e}"))?;
    Ok(path.to_string_lossy().into_owned())
}

/// A picture another game drew as SVG (TWRS's), to be written by the
/// shared writers as TwixT's pictures are.
#[derive(Debug, Clone)]
pub struct NamedSvg {
    /// File name without extension: the diagram's name, else the game's
    /// title and the move (`TITLE-007`).
    pub stem: String,
    /// The picture as an SVG document.
    pub svg: String,
    /// The picture as text, for `render --format txt`.
    pub text: String,
}

/// Why the style `name` of a diagram point in a script in `base` cannot be
/// drawn with, if it cannot: a name that is no built-in style and no `.yaml`
/// file beside the script, a file that leads outside its folder, cannot be
/// read or is no style. What [`style_issues`] asks about each point; each
/// style file is read once per run, however many points name it.
pub fn style_problem(base: &Path, name: &str) -> Option<String> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static LOADED: Mutex<Option<HashMap<String, Option<String>>>> = Mutex::new(None);
    let path = match point_style_in(base, name) {
        Ok(p) => p,
        Err(m) => return Some(m),
    };
    if BUILTIN_NAMES.contains(&path.as_str()) {
        return None;
    }
    let key =
        std::fs::canonicalize(&path).map_or_else(|_| path.clone(), |p| p.display().to_string());
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    let loaded = loaded.get_or_insert_with(HashMap::new);
    loaded
        .entry(key)
        .or_insert_with(|| Style::load(&path).err().map(|e| e.to_string()))
        .clone()
}

/// The styles of a game's diagram points (variations too) that cannot be
/// drawn with ([`style_problem`]), each an error at its `#diagram`, in
/// written order: what `render` would refuse, `check` refuses too.
pub fn style_issues<N: crate::script::Notation>(
    game: &crate::script::Game<N>,
    base: Option<&Path>,
) -> Vec<crate::replay::Issue> {
    use crate::script::Element;
    let base = base.unwrap_or(Path::new("."));
    let mut issues = Vec::new();
    let mut lines = vec![&game.line];
    while let Some(line) = lines.pop() {
        for e in &line.elements {
            match e {
                Element::Variation(v) => lines.push(v),
                Element::Diagram(d) => {
                    let (look, span) = N::point_look(d);
                    if let Some(problem) =
                        look.style.as_deref().and_then(|n| style_problem(base, n))
                    {
                        issues.push(crate::replay::Issue::error(problem, "style", span));
                    }
                }
                _ => {}
            }
        }
    }
    issues.sort_by_key(|i| i.span.offset);
    issues
}
