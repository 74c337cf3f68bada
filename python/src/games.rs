//! Game files from Python: any file the toolkit reads, its games as
//! headers, moves, comments, glyphs, variations and diagram points; the
//! canonical script of a game; `check`'s report; pictures and books.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use twixt_core::Move as CoreMove;
use twixt_core::state::GameState;
use twixtkit::diagnostic::{Diagnostic, Explained};
use twixtkit::diagram::{Charset, to_svg, to_text};
use twixtkit::open::{Content, GameFile, OpenOptions};
use twixtkit::pictures::Choice;
use twixtkit::script::{Element, Game as ScriptGame, Line};

use crate::board::{Board, Move, bounded, move_text};
use crate::{FileError, IllegalMoveError, TwixtError};

/// A FileError from `message` and the first located diagnostic, with
/// `path`, `line` and `col` attributes (0 when not known).
fn file_error(py: Python<'_>, path: &str, message: String, diagnostics: &[Diagnostic]) -> PyErr {
    let first = diagnostics.first();
    // The toolkit's messages may quote a huge input (a path) whole.
    let message = bounded(message);
    let text = match first {
        Some(d) if d.line > 0 => format!(
            "{message}\n{}:{}:{}: {}",
            bounded(path),
            d.line,
            d.col,
            bounded(&d.message)
        ),
        Some(d) => format!("{message}\n{}", bounded(&d.message)),
        None => message,
    };
    let err = FileError::new_err(text);
    let value = err.value(py);
    let (line, col) = first.map_or((0, 0), |d| (d.line, d.col));
    // Setting attributes on a fresh exception cannot fail short of memory.
    let _ = value.setattr("path", path);
    let _ = value.setattr("line", line);
    let _ = value.setattr("col", col);
    err
}

/// Refuses a game file this package must not read: `-` (a command's
/// name for standard input; a library call reads no standard input) and
/// anything that is not a regular file or a folder (a FIFO or a device,
/// which the reader would wait on for ever), as the toolkit's readers of
/// rule sets and styles refuse them. A path that does not exist (or names
/// a member of a zip archive) is left to the reader, which says why.
fn readable_game_file(py: Python<'_>, path: &Path) -> PyResult<()> {
    let name = path.display().to_string();
    if path == Path::new("-") {
        return Err(file_error(
            py,
            &name,
            "`-` names standard input, which twixtkit's functions do not read: \
             name a file (`./-` for a file called `-`), or pass a script's text \
             to parse_script"
                .to_string(),
            &[],
        ));
    }
    // stat does not open the file, so it does not wait on a FIFO.
    let meta = py.allow_threads(|| std::fs::metadata(path));
    if meta.is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return Err(file_error(
            py,
            &name,
            format!("cannot read {name}: it is not a regular file"),
            &[],
        ));
    }
    Ok(())
}

/// One move of a line with what is written after it.
///
/// >>> (game,) = twixtkit.parse_script('[Rules "pencil"]\n[Size "8"]\n1. c3 2. f5! {Good.} 3. e4 (3. d5) 4. g6\n')
/// >>> node = game.mainline[1]
/// >>> node
/// <Node 2. f5!>
/// >>> node.ply, str(node.move), node.glyph, node.comments
/// (2, 'f5', '!', ['Good.'])
/// >>> [[str(n.move) for n in line] for line in game.mainline[2].variations]
/// [['d5']]
#[pyclass(module = "twixtkit", frozen, get_all)]
pub(crate) struct Node {
    /// The move.
    r#move: Move,
    /// Its ply: 1 for the first move of the game.
    ply: u32,
    /// The glyph written after it (`!`, `?!`, …).
    glyph: Option<&'static str>,
    /// Comments after it (`{…}`), in order.
    comments: Vec<String>,
    /// Directives after it, as the canonical script writes them
    /// (`#diagram …`, marks like `#arrow …`, claims like `#wins …`) and
    /// `%` remarks.
    directives: Vec<String>,
    /// Lines playing instead of this move, each a list of nodes.
    variations: Vec<Vec<Py<Node>>>,
}

#[pymethods]
impl Node {
    fn __repr__(&self) -> String {
        format!(
            "<Node {}. {}{}>",
            self.ply,
            move_text(&self.r#move.inner),
            self.glyph.unwrap_or("")
        )
    }
}

/// A node being read: the move, then what follows it.
struct Pending {
    mv: CoreMove,
    ply: u32,
    glyph: Option<&'static str>,
    comments: Vec<String>,
    directives: Vec<String>,
    variations: Vec<Vec<Py<Node>>>,
}

/// One element as the canonical script writes it, without its line break.
fn directive_text(e: &Element) -> String {
    let g = ScriptGame {
        line: Line {
            elements: vec![e.clone()],
        },
        ..ScriptGame::default()
    };
    twixtkit::script::write_game(&g).trim().to_string()
}

/// The nodes of `line`, whose first move is ply `first`; and what is
/// written before its first move (comments, directives).
fn nodes(py: Python<'_>, line: &Line, first: u32) -> PyResult<(Vec<Py<Node>>, Vec<String>)> {
    let mut out = Vec::new();
    let mut before = Vec::new();
    let mut pending: Option<Pending> = None;
    let mut ply = first;
    for e in &line.elements {
        match e {
            Element::Move(m) => {
                if let Some(p) = pending.take() {
                    out.push(finish(py, p)?);
                }
                pending = Some(Pending {
                    mv: m.mv.clone(),
                    ply,
                    glyph: m.glyph.map(|g| g.as_str()),
                    comments: Vec::new(),
                    directives: Vec::new(),
                    variations: Vec::new(),
                });
                ply += 1;
            }
            Element::Comment(c) => match &mut pending {
                Some(p) => p.comments.push(c.clone()),
                None => before.push(c.clone()),
            },
            Element::Variation(v) => {
                let start = pending.as_ref().map_or(first, |p| p.ply);
                let (vars, lead) = nodes(py, v, start)?;
                match &mut pending {
                    Some(p) => p.variations.push(vars),
                    None => before.extend(lead),
                }
            }
            other => {
                let text = directive_text(other);
                match &mut pending {
                    Some(p) => p.directives.push(text),
                    None => before.push(text),
                }
            }
        }
    }
    if let Some(p) = pending.take() {
        out.push(finish(py, p)?);
    }
    Ok((out, before))
}

fn finish(py: Python<'_>, p: Pending) -> PyResult<Py<Node>> {
    Py::new(
        py,
        Node {
            r#move: Move { inner: p.mv },
            ply: p.ply,
            glyph: p.glyph,
            comments: p.comments,
            directives: p.directives,
            variations: p.variations,
        },
    )
}

/// One game of a file: its headers, its main line and variations, its
/// diagram points, the boards it passes through.
///
/// >>> (game,) = twixtkit.parse_script('[Rules "pencil"]\n[Size "8"]\n1. c3 2. f5! {Good.} 3. e4 (3. d5) 4. g6\n')
/// >>> game.headers
/// {'Rules': 'pencil', 'Size': '8'}
/// >>> [str(move) for move in game.moves]
/// ['c3', 'f5', 'e4', 'g6']
/// >>> board = game.end()
/// >>> board.ply, board.turn, game.board().ply
/// (4, 'red', 0)
/// >>> print(game.script())
/// [Rules "pencil"]
/// [Size "8"]
/// <BLANKLINE>
/// 1. c3 2. f5! {Good.} 3. e4 (3. d5) 4. g6
/// <BLANKLINE>
#[pyclass(module = "twixtkit", frozen)]
pub(crate) struct Game {
    game: ScriptGame,
    /// The text its spans point into (for diagram points' messages).
    source: Arc<str>,
    /// The file it was read from (`<script>` for text).
    path: PathBuf,
}

impl Game {
    fn rules_folder(&self) -> Option<&Path> {
        self.path.parent().filter(|p| !p.as_os_str().is_empty())
    }

    fn start(&self) -> PyResult<Board> {
        let rules = self
            .game
            .rules(self.rules_folder())
            .map_err(|e| crate::RulesError::new_err(e.to_string()))?;
        let pos = twixtkit::replay::start_position(&self.game, &rules).ok_or_else(|| {
            TwixtError::new_err("the game's setup is not a legal position to play from")
        })?;
        Ok(Board {
            pos,
            stack: Vec::new(),
        })
    }
}

#[pymethods]
impl Game {
    /// The header tags in file order, as a dict (`{"Rules": "pencil", …}`).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for t in &self.game.tags {
            d.set_item(&t.name, &t.value)?;
        }
        Ok(d)
    }

    /// The main line: a node per move, each with its glyph, comments,
    /// directives and variations.
    #[getter]
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<Py<Node>>> {
        Ok(nodes(py, &self.game.line, 1)?.0)
    }

    /// Comments and directives written before the first move.
    #[getter]
    fn comments(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        Ok(nodes(py, &self.game.line, 1)?.1)
    }

    /// The main line's moves.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.game
            .main_moves()
            .map(|m| Move {
                inner: m.mv.clone(),
            })
            .collect()
    }

    /// The board the game starts from: its rules and size, its setup.
    fn board(&self) -> PyResult<Board> {
        self.start()
    }

    /// The board after the main line, its moves pushed (so `pop` takes
    /// them back). An illegal move raises IllegalMoveError naming it.
    fn end(&self) -> PyResult<Board> {
        let mut b = self.start()?;
        for (i, m) in self.game.main_moves().enumerate() {
            GameState::play(&mut b.pos, &m.mv).map_err(|e| {
                IllegalMoveError::new_err(format!(
                    "move {} ({}) at line {}: {e}",
                    i + 1,
                    move_text(&m.mv),
                    m.span.line
                ))
            })?;
            b.stack.push(m.mv.clone());
        }
        Ok(b)
    }

    /// The game as a canonical script (`twixt fmt`'s layout).
    fn script(&self) -> String {
        twixtkit::script::write_game(&self.game)
    }

    /// The pictures `twixt render` draws of this game: its diagram points,
    /// else the final position.
    fn pictures(&self, py: Python<'_>) -> PyResult<Vec<Picture>> {
        let file = GameFile {
            path: self.path.clone(),
            content: Content::Script {
                source: self.source.to_string(),
                games: vec![self.game.clone()],
            },
        };
        let path = self.path.display().to_string();
        let choice = Choice {
            caption_titles: false,
            ..Choice::default()
        };
        let drawn = file
            .draw(&choice)
            .map_err(|e| file_error(py, &path, e.to_string(), e.diagnostics()))?;
        Ok(drawn
            .pictures
            .into_iter()
            .map(|p| Picture { inner: p })
            .collect())
    }

    fn __repr__(&self) -> String {
        let title = self
            .game
            .tag("Title")
            .map_or(String::new(), |t| format!(" {t:?}"));
        format!("<Game{title}, {} moves>", self.game.main_moves().count())
    }
}

/// A picture of a game (a diagram point or its final position).
///
/// >>> (game,) = twixtkit.parse_script('[Rules "pencil"]\n[Size "8"]\n1. c3 2. f5! {Good.} 3. e4 (3. d5) 4. g6\n')
/// >>> (picture,) = game.pictures()
/// >>> picture.name, picture.caption
/// ('<script>-004', 'After move 4')
/// >>> picture.line() == game.end().line()
/// True
/// >>> picture.svg().startswith("<svg")
/// True
#[pyclass(module = "twixtkit", frozen)]
pub(crate) struct Picture {
    inner: twixtkit::pictures::Picture,
}

#[pymethods]
impl Picture {
    /// Its name: the diagram point's, else `TITLE-PLY`.
    #[getter]
    fn name(&self) -> &str {
        &self.inner.stem
    }

    /// Its caption, if any.
    #[getter]
    fn caption(&self) -> Option<&str> {
        self.inner.diagram.caption.as_deref()
    }

    /// The drawn position as one line (`Board.from_line` reads it).
    fn line(&self) -> String {
        self.inner.position_line()
    }

    /// As SVG, in `style` (default: the diagram point's, else
    /// `rulebook`) at `scale` pixels between holes.
    #[pyo3(signature = (*, style = None, scale = 24.0))]
    fn svg(&self, style: Option<&str>, scale: f64) -> PyResult<String> {
        let name = style.or(self.inner.style.as_deref()).unwrap_or("rulebook");
        Ok(to_svg(
            &self.inner.diagram,
            &crate::draw::style(name)?,
            crate::draw::scale(scale)?,
        ))
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None, 24.0)
    }

    fn __str__(&self) -> String {
        to_text(&self.inner.diagram, Charset::Unicode)
    }

    fn __repr__(&self) -> String {
        format!("<Picture {:?}>", self.inner.stem)
    }
}

/// A rule set by name for records that do not name one.
fn open_options(rules: Option<&str>, size: Option<i64>) -> PyResult<OpenOptions> {
    let rules = match rules {
        Some(r) => Some(crate::board::rules_for(r, size)?),
        None => None,
    };
    let size = match size {
        Some(n) => Some(
            u64::try_from(n)
                .ok()
                .and_then(|n| twixt_core::BoardSize::square(n).ok())
                .ok_or_else(|| crate::RulesError::new_err(format!("no board of size {n}")))?,
        ),
        None => None,
    };
    Ok(OpenOptions {
        rules,
        size,
        format: None,
    })
}

/// Every game of a file the toolkit reads: a script (`.twixt`), Little
/// Golem's `.tsgf`, T1's `.T1`, move lists, plain text, gzip of any.
/// `rules` and `size` are for records that do not say. A file that cannot
/// be read raises FileError with the path and, for syntax errors, the line
/// and column; so do `-` (no standard input is read) and a FIFO or device
/// (refused without waiting). The GIL is released while the file is read.
///
/// >>> import pathlib, tempfile
/// >>> folder = tempfile.TemporaryDirectory()
/// >>> path = pathlib.Path(folder.name, "game.twixt")
/// >>> _ = path.write_text('[Rules "pencil"]\n[Size "8"]\n1. c3 2. f5 3. e4\n')
/// >>> (game,) = twixtkit.read_games(path)
/// >>> game.headers["Rules"], [str(move) for move in game.moves]
/// ('pencil', ['c3', 'f5', 'e4'])
/// >>> twixtkit.read_games(pathlib.Path(folder.name, "missing.twixt"))
/// Traceback (most recent call last):
/// ...
/// twixtkit.FileError: ...missing.twixt...
/// >>> folder.cleanup()
#[pyfunction]
#[pyo3(signature = (path, *, rules = None, size = None))]
pub(crate) fn read_games(
    py: Python<'_>,
    path: PathBuf,
    rules: Option<&str>,
    size: Option<i64>,
) -> PyResult<Vec<Game>> {
    let options = open_options(rules, size)?;
    let name = path.display().to_string();
    readable_game_file(py, &path)?;
    let file = py
        .allow_threads(|| twixtkit::open::open_with(&path, &options))
        .map_err(|e| file_error(py, &name, e.to_string(), e.diagnostics()))?;
    let (games, source) = file.located_games();
    let source: Arc<str> = Arc::from(source);
    Ok(games
        .into_iter()
        .map(|game| Game {
            game,
            source: source.clone(),
            path: path.clone(),
        })
        .collect())
}

/// The games of a script's text. Syntax errors raise FileError with the
/// line and column of the first.
///
/// >>> (game,) = twixtkit.parse_script('1. c3 2. f5\n')
/// >>> [str(move) for move in game.moves]
/// ['c3', 'f5']
/// >>> try:
/// ...     twixtkit.parse_script('[Rules "pencil"\n1. c3\n')
/// ... except twixtkit.FileError as e:
/// ...     print(e.line, e.col)
/// 1 16
#[pyfunction]
pub(crate) fn parse_script(py: Python<'_>, text: &str) -> PyResult<Vec<Game>> {
    let parsed = twixtkit::script::parse(text);
    if let Some(e) = parsed.errors.first() {
        let d = Diagnostic::error(e.message.clone()).at_known_line(
            text,
            e.span.offset as usize,
            e.span.len as usize,
            e.span.line,
        );
        return Err(file_error(
            py,
            "<script>",
            format!("{} syntax error(s) in the script", parsed.errors.len()),
            &[d],
        ));
    }
    let source: Arc<str> = Arc::from(text);
    Ok(parsed
        .file
        .games
        .into_iter()
        .map(|game| Game {
            game,
            source: source.clone(),
            path: PathBuf::from("<script>"),
        })
        .collect())
}

/// `twixt check --format json PATH` as Python objects: the same report
/// (games, their errors, warnings, wins claims), parsed from its JSON.
/// `-` (standard input) and a FIFO or device raise FileError, as
/// `read_games`' do.
///
/// >>> import pathlib, tempfile
/// >>> folder = tempfile.TemporaryDirectory()
/// >>> path = pathlib.Path(folder.name, "bad.twixt")
/// >>> _ = path.write_text('[Rules "pencil"]\n1. f6 2. f6\n')
/// >>> report = twixtkit.check(path)
/// >>> report["errors"], len(report["games"])
/// (1, 1)
/// >>> report["games"][0]["errors"][0]["message"]
/// 'illegal move 2 by black (f6): f6 is occupied by a red peg'
/// >>> folder.cleanup()
#[pyfunction]
pub(crate) fn check(py: Python<'_>, path: PathBuf) -> PyResult<PyObject> {
    readable_game_file(py, &path)?;
    let report = py.allow_threads(|| twixtkit::commands::check::check_file(&path, None));
    let json = twixtkit::commands::check::to_json(&[report])
        .map_err(|e| TwixtError::new_err(e.to_string()))?;
    let loads = py.import("json")?.getattr("loads")?;
    Ok(loads.call1((json,))?.unbind())
}

/// Draws a game file as `twixt render PATH -o OUT` does: its diagram
/// points (else final positions) to `out`, one file (SVG, PNG, PDF, text by
/// its extension) or a folder of SVG files. Returns the files written.
/// The game file is read as `read_games` reads it (no `-`, no FIFO), and
/// `out` is not `-` (no standard output is written).
///
/// >>> import pathlib, tempfile
/// >>> folder = tempfile.TemporaryDirectory()
/// >>> path = pathlib.Path(folder.name, "game.twixt")
/// >>> _ = path.write_text('[Rules "pencil"]\n[Size "8"]\n1. c3 2. f5 3. e4\n')
/// >>> written = twixtkit.render(path, pathlib.Path(folder.name, "end.svg"))
/// >>> [file.name for file in written]
/// ['end.svg']
/// >>> written[0].read_text().startswith("<svg")
/// True
/// >>> folder.cleanup()
#[pyfunction]
#[pyo3(signature = (path, out, *, style = "rulebook", scale = 24.0))]
pub(crate) fn render(
    py: Python<'_>,
    path: PathBuf,
    out: PathBuf,
    style: &str,
    scale: f64,
) -> PyResult<Vec<PathBuf>> {
    use twixtkit::commands::render::{Output, write_pictures};
    let name = path.display().to_string();
    let style = crate::draw::style(style)?;
    let scale = crate::draw::scale(scale)?;
    readable_game_file(py, &path)?;
    if out == Path::new("-") {
        return Err(file_error(
            py,
            "-",
            "`-` names standard output, which render does not write: name a file or folder"
                .to_string(),
            &[],
        ));
    }
    let mut output = Output::new(&out, None, scale, None)
        .map_err(|e| file_error(py, &out.display().to_string(), e.to_string(), &[]))?;
    output.inputs.push(path.clone());
    let file = py
        .allow_threads(|| twixtkit::open::open(&path))
        .map_err(|e| file_error(py, &name, e.to_string(), e.diagnostics()))?;
    let done = py
        .allow_threads(|| write_pictures(&file, &Choice::default(), &style, &output))
        .map_err(|e| file_error(py, &name, e.to_string(), e.diagnostics()))?;
    Ok(done.written)
}

/// Writes a book of a game file as `twixt book PATH -o OUT` does: HTML (or
/// Typst source, `.typ`) by `out`'s extension. (This package builds the
/// toolkit without Typst, so no PDF books.) The game file is read as
/// `read_games` reads it (no `-`, no FIFO).
///
/// >>> import pathlib, tempfile
/// >>> folder = tempfile.TemporaryDirectory()
/// >>> path = pathlib.Path(folder.name, "game.twixt")
/// >>> _ = path.write_text('[Rules "pencil"]\n[Size "8"]\n1. c3 2. f5 3. e4\n')
/// >>> out = pathlib.Path(folder.name, "book.html")
/// >>> twixtkit.book(path, out)
/// >>> "<svg" in out.read_text()
/// True
/// >>> folder.cleanup()
#[pyfunction]
#[pyo3(signature = (path, out, *, style = "rulebook"))]
pub(crate) fn book(py: Python<'_>, path: PathBuf, out: PathBuf, style: &str) -> PyResult<()> {
    use twixtkit::book::{BookFormat, BookOptions, WriteOptions, write_book};
    use twixtkit::output::Destination;
    let name = path.display().to_string();
    let out_name = out.display().to_string();
    let style = crate::draw::style(style)?;
    let format = BookFormat::choose(None, &out)
        .map_err(|e| file_error(py, &out_name, e.to_string(), &[]))?;
    if format == BookFormat::Pdf && !cfg!(feature = "typst") {
        return Err(file_error(
            py,
            &out_name,
            "this build of twixtkit has no PDF typesetter: PDF books need the package \
             built with its `typst` feature (MATURIN_PEP517_ARGS=\"--features typst\" \
             pip install ./python); write .html, or .typ and set it with `twixt book`"
                .to_string(),
            &[],
        ));
    }
    readable_game_file(py, &path)?;
    let made = py
        .allow_threads(|| {
            let said = |e: &dyn Explained| (e.to_string(), e.diagnostics().to_vec());
            let file = twixtkit::open::open(&path).map_err(|e| said(&e))?;
            twixtkit::book::book(&file, &BookOptions::default()).map_err(|e| said(&e))
        })
        .map_err(|(message, diagnostics)| file_error(py, &name, message, &diagnostics))?;
    py.allow_threads(|| {
        write_book(
            &made,
            Destination::File(&out),
            format,
            &style,
            &WriteOptions::default(),
            &path,
        )
    })
    .map_err(|e| file_error(py, &out_name, e.to_string(), e.diagnostics()))
}
