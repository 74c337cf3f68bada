//! A TWRS script file: read, checked game by game, and drawn at its
//! diagram points — what `twixt check` and `twixt render` need.

use std::path::Path;

use crate::diagnostic::Diagnostic;
use crate::limits::{MAX_INPUT_BYTES, read_text};
use crate::twrs::script::{Replayed, TwrsGame, parse, replay};
use twrs_core::position::{End, Position, Score, Status};

/// A TWRS script read from a file.
#[derive(Debug, Clone)]
pub struct TwrsFile {
    /// The file's name as the user gave it.
    pub name: String,
    /// The script's text.
    pub source: String,
    /// The games read from it, in order.
    pub games: Vec<TwrsGame>,
    /// Lines that could not be read, located.
    pub syntax_errors: Vec<Diagnostic>,
}

impl TwrsGame {
    /// What a document says about the game: its event, site, date, round
    /// and annotator when given, then its rules and board.
    pub fn facts(&self) -> Vec<(String, String)> {
        let mut facts: Vec<(String, String)> = ["Event", "Site", "Date", "Round", "Annotator"]
            .into_iter()
            .filter_map(|t| self.tag(t).map(|v| (t.to_string(), v.to_string())))
            .filter(|(_, v)| !v.trim().is_empty())
            .collect();
        facts.push(("Rules".into(), self.rules_name().to_string()));
        facts.push(("Board".into(), format!("{} lines", self.grid())));
        facts
    }

    /// The game's title: its `Title` tag, else "Game N" for game `number`
    /// (from 1) of its file.
    pub fn title_or(&self, number: usize) -> String {
        self.tag("Title")
            .map_or_else(|| format!("Game {number}"), str::to_string)
    }

    /// The rule set's name: the `Rules` tag, else `twrs`.
    pub fn rules_name(&self) -> &str {
        self.tag("Rules").unwrap_or("twrs")
    }

    /// The grid in lines, written `WIDTHxHEIGHT` (`11x11`).
    pub fn grid(&self) -> String {
        format!("{}x{}", self.rules.width, self.rules.height)
    }
}

/// How a replayed game stands, in words: "orange 58 blue 37, orange wins
/// (blue cannot move)", or "not over".
pub fn outcome(pos: &Position) -> String {
    let Status::Over(end) = pos.status() else {
        return "not over".to_string();
    };
    let why = match end {
        End::NoMove(side) => format!("{side} cannot move"),
        End::NoStones => "no stones left".to_string(),
    };
    let s = pos.score();
    let result = match s.leader() {
        Some(side) => format!("{side} wins"),
        None => "a draw".to_string(),
    };
    format!("orange {} blue {}, {result} ({why})", s.orange, s.blue)
}

/// How a finished game ended, kept as facts so that any language's
/// catalogue can say it ([`TwrsResult::words`]): why it ended and the
/// score counted then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TwrsResult {
    /// Why the game ended.
    pub end: End,
    /// The points of both sides at the end.
    pub score: Score,
}

impl TwrsResult {
    /// The result of the game standing at `pos`; `None` while it goes on.
    pub fn of(pos: &Position) -> Option<TwrsResult> {
        match pos.status() {
            Status::Over(end) => Some(TwrsResult {
                end,
                score: pos.score(),
            }),
            _ => None,
        }
    }
}

/// A chosen position: a diagram point, or a game's position after a move.
#[derive(Debug, Clone)]
pub struct TwrsView {
    /// File name without extension: the diagram's name, else the game's
    /// title (its `Title` or `Event` tag, else the script's name) and the
    /// move, `TITLE-007`, as TwixT's pictures are named.
    pub stem: String,
    /// The position to draw.
    pub position: twrs_core::position::Position,
    /// What to show besides the pieces (empty for a position by move).
    pub show: Vec<crate::twrs::script::Show>,
    /// The diagram's caption; for a position by move, the moves shown
    /// ("after move 7", with the game's title when asked for).
    pub caption: Option<String>,
    /// The caption's translation, if any.
    pub translation: Option<String>,
    /// The diagram point's own `style=`, `coords=`, `to-move=` and
    /// `caption-position=` (none for a position by move).
    pub look: crate::script::PointLook,
}

impl TwrsFile {
    /// Reads the script at `path`; rule files it names are read from its folder.
    /// Syntax errors go into `syntax_errors`; only a file that cannot be read fails.
    pub fn load(path: &Path) -> Result<TwrsFile, crate::open::Error> {
        let source =
            read_text(path, MAX_INPUT_BYTES).map_err(|e| crate::open::Error::reading(path, &e))?;
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Ok(TwrsFile::from_text(
            &path.display().to_string(),
            source,
            folder,
        ))
    }

    /// A script's text; rule files it names are read from `folder`.
    pub fn from_text(name: &str, source: String, folder: &Path) -> TwrsFile {
        let (mut games, mut errors) = parse(&source);
        for g in &mut games {
            if let Err(m) = g.load_rules_file(folder) {
                let at = g.rules_file().map_or(g.span, |t| t.span);
                errors.push(
                    Diagnostic::error(m.to_string())
                        .with_label("this rule file")
                        .at(&source, at.start(), at.len_bytes().max(1)),
                );
            }
        }
        TwrsFile {
            name: name.to_string(),
            syntax_errors: errors.into_iter().map(|d| d.with_file(name)).collect(),
            games,
            source,
        }
    }

    /// Keeps only game `which` (1-based), or every game when `None`, as
    /// `--game N` picks one game of a TwixT file; a game the file does not
    /// have is TwixT's error (`holds 2 games; --game 3 does not exist`).
    /// A script with syntax errors is kept whole: every command that
    /// draws it reports them (a game whose header cannot be read is not
    /// counted, so game numbers would not be the reader's).
    pub fn pick(mut self, which: Option<usize>) -> Result<TwrsFile, crate::open::Error> {
        let Some(n) = which else {
            return Ok(self);
        };
        if !self.syntax_errors.is_empty() {
            return Ok(self);
        }
        if self.games.is_empty() {
            return Err(crate::open::Error::NoGame(self.name.into()));
        }
        crate::open::keep_game(&mut self.games, n, Path::new(&self.name))?;
        Ok(self)
    }

    /// A title for the whole file: its one game's title, else the file's name.
    pub fn title(&self) -> String {
        match self.games.as_slice() {
            [g] if g.tag("Title").is_some() => g.tag("Title").unwrap_or_default().to_string(),
            _ => Path::new(&self.name)
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_else(|| "TWRS".to_string()),
        }
    }

    /// Replays a game from its start, checking every move and claim
    /// ([`replay`]), its messages naming the file.
    pub fn replayed(&self, g: &TwrsGame) -> Replayed {
        let mut r = replay(&self.source, g);
        r.errors = r
            .errors
            .into_iter()
            .map(|d| d.with_file(&self.name))
            .collect();
        r
    }

    /// The title of a game: its `Title` tag, else its `Event`, else the
    /// script's name without extension.
    pub fn game_title(&self, g: &TwrsGame) -> String {
        crate::record::game_title(|t| g.tag(t)).unwrap_or_else(|| self.stem())
    }

    /// The script's name without folder and extension.
    fn stem(&self) -> String {
        let name = Path::new(&self.name)
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        match name.split('.').next() {
            Some(s) if !s.is_empty() => s.to_string(),
            _ => "twrs".to_string(),
        }
    }
}
