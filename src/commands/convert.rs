//! Converting game records between file formats: Little Golem `.tsgf`, T1
//! `.T1`, numbered move lists and game scripts. What `twixt convert` does,
//! as three calls: [`read_records`], [`write_records`], and [`left_out`]
//! for what a record format cannot hold; or as one, [`convert_file`]; or,
//! for a script of any size, a window at a time: [`convert_stream`]. The
//! whole command, a file of any size to a file or a sink: [`convert`].

use std::path::Path;

use crate::diagnostic::Explained as _;
use crate::diagnostic::{Diagnostic, count};
use crate::formats::{RecordFormat, boardspace, littlegolem, movelist, plaintext, sgf, t1};
use crate::record::{GameResult, Record};
use crate::script::{
    Element, Game, Line, RulesSpec, ScriptFile, parse, result_name, script_hint, write_file,
};
use twixt_core::board::{BoardSize, Player};
use twixt_core::rules::RuleSet;

pub use crate::script::FileFormat;

/// Why a conversion failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ConvertError {
    /// The request cannot be met (a format that holds one game, a script
    /// of a game no record format holds, bad options), as opposed to input that is wrong.
    pub usage: bool,
    /// What went wrong, naming the file.
    pub message: String,
    /// Syntax errors of a script input, located, to show before the message.
    pub diagnostics: Vec<Diagnostic>,
}

impl ConvertError {
    fn usage(message: String) -> ConvertError {
        ConvertError {
            usage: true,
            message,
            diagnostics: Vec::new(),
        }
    }

    /// A file that could not be read: its content's fault (exit 1) when the
    /// read found it wrong (damaged gzip data, no text, a damaged archive),
    /// else the system's (exit 2).
    fn unread(name: &dyn std::fmt::Display, e: &std::io::Error) -> ConvertError {
        let message = format!("cannot read {name}: {e}");
        if crate::limits::is_content_error(e) {
            ConvertError::invalid(message)
        } else {
            ConvertError::usage(message)
        }
    }

    fn invalid(message: String) -> ConvertError {
        ConvertError {
            usage: false,
            message,
            diagnostics: Vec::new(),
        }
    }

    /// The script `name` has syntax errors (`diagnostics`), so nothing was
    /// written: `what` says so in the message.
    fn syntax(name: &str, diagnostics: Vec<Diagnostic>, what: &str) -> ConvertError {
        ConvertError {
            usage: false,
            message: format!(
                "{name}: {}; {what}",
                count(diagnostics.len(), "syntax error")
            ),
            diagnostics,
        }
    }
}

impl From<crate::output::OutputError> for ConvertError {
    fn from(e: crate::output::OutputError) -> ConvertError {
        ConvertError::usage(e.to_string())
    }
}

impl From<std::io::Error> for ConvertError {
    fn from(e: std::io::Error) -> ConvertError {
        ConvertError::usage(format!("cannot write {e}"))
    }
}

impl crate::diagnostic::Explained for ConvertError {
    /// True when the request cannot be met (exit code 2 in the CLI), false
    /// when the input is wrong (exit code 1).
    fn is_usage(&self) -> bool {
        self.usage
    }

    /// The located diagnostics to show before the message.
    fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
}

/// The format of a file to convert: `flag` when given, a script for
/// standard input or output (`-`), else what the name's extension says
/// ([`output_format`]). `input` tells which side, for the message.
pub fn choose_format(
    flag: Option<FileFormat>,
    path: &Path,
    input: bool,
) -> Result<FileFormat, ConvertError> {
    let stdio = (path == Path::new("-")).then_some(FileFormat::Script);
    // An input may be compressed (`games.twixt.gz`); nothing is written so.
    let named = if input {
        FileFormat::of_path(path)
    } else {
        output_format(path)
    };
    flag.or(stdio).or(named).ok_or_else(|| {
        ConvertError::usage(format!(
            "cannot tell the {} format from `{}`: use a .tsgf, .sgf, .T1, .txt, .moves or .twixt name, or --{}",
            if input { "input" } else { "output" },
            path.display(),
            if input { "from" } else { "to" }
        ))
    })
}

/// A file converted.
#[derive(Debug, Clone)]
pub struct Converted {
    /// The text in the new format.
    pub text: Vec<u8>,
    /// How many games it holds.
    pub games: usize,
    /// What the new format left out ([`left_out`]).
    pub left_out: Option<String>,
}

/// Reads the file `input` (`-`: standard input) in format `from` and writes
/// its games in format `to` ([`read_records`], [`write_records`]); a
/// script's rule files are looked for beside it.
pub fn convert_file(
    input: &Path,
    from: FileFormat,
    to: FileFormat,
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
) -> Result<Converted, ConvertError> {
    // The mark kept: it tells a Little Golem file's encoding.
    let marked = crate::files::archive::read_input(input, crate::limits::MAX_INPUT_BYTES)
        .map_err(|e| ConvertError::unread(&input.display(), &e))?;
    let name = input.display().to_string();
    // Standard input read as a script may be a record of another format:
    // its content says so (no script starts as they do).
    let from = match from {
        FileFormat::Script if input == Path::new("-") => FileFormat::sniff(&marked),
        _ => from,
    };
    let bytes = match from {
        FileFormat::LittleGolem => &marked[..],
        _ => marked.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&marked),
    };
    let folder = input.parent().filter(|d| !d.as_os_str().is_empty());
    if (from, to) == (FileFormat::Script, FileFormat::Script) {
        return script_to_script(&name, bytes, folder);
    }
    let told_rules = rules.is_some();
    let records = read_records(&name, bytes, from, rules, size, folder)?;
    let text = write_records(&records, to, &name).map_err(|mut e| {
        // A record read under its format's own rules may stand under the
        // rules the output format needs too: say how to read it so, when
        // the rules are what the format refuses (not a tag, say).
        let needs = match to {
            FileFormat::LittleGolem => Some("pencil"),
            FileFormat::T1 => Some("t1"),
            _ => None,
        };
        if let Some(preset) = needs.filter(|_| !told_rules && from != FileFormat::Script)
            && writes_under(&records, to, preset)
        {
            e.message += &format!(
                "; if the game stands under those rules too, `--rules {preset}` reads it so"
            );
        }
        e
    })?;
    Ok(Converted {
        text,
        games: records.len(),
        left_out: left_out(bytes, from, &records, to),
    })
}

/// True when `records` are written in format `to` once read under the
/// preset `preset` (on their own boards): their rules were all the format
/// refused.
fn writes_under(records: &[Record], to: FileFormat, preset: &str) -> bool {
    let Ok(rules) = RuleSet::preset(preset) else {
        return false;
    };
    let mut under = records.to_vec();
    for r in &mut under {
        r.rules = rules.clone().with_size(r.rules.size);
    }
    write_records(&under, to, "").is_ok()
}

/// A script written as a script: its canonical form, which holds all of it
/// (comments, variations, diagram points, setup blocks; TWRS too). The rule
/// files its games name, in `folder`, are not read, but are inputs still.
fn script_to_script(
    name: &str,
    bytes: &[u8],
    folder: Option<&Path>,
) -> Result<Converted, ConvertError> {
    // (A byte order mark is gone already: `convert_file` drops it.)
    let source = utf8(name, bytes)?;
    let (text, games) = crate::commands::canonical::canonical_text(name, source)
        .map_err(|e| ConvertError::syntax(name, e.diagnostics().to_vec(), "nothing written"))?;
    note_rule_files(super::games::of_text(source).rule_files(source), folder);
    if games == 0 {
        return Err(ConvertError::invalid(format!(
            "{name}: expected a game, found no moves"
        )));
    }
    Ok(Converted {
        text: text.into_bytes(),
        games,
        left_out: None,
    })
}

/// Notes the rule files `names` (as headers name them, relative to `folder`)
/// as inputs of the run ([`crate::output::note_input`]), though they are
/// not read: the games stand on them, so no output replaces one.
fn note_rule_files(names: impl IntoIterator<Item = std::path::PathBuf>, folder: Option<&Path>) {
    let folder = folder.unwrap_or(Path::new("."));
    for name in names {
        if let Ok(meta) = std::fs::metadata(folder.join(name)) {
            crate::output::note_input(&meta);
        }
    }
}

/// `bytes` as text, or an error naming the first byte that is not UTF-8.
fn utf8<'a>(name: &str, bytes: &'a [u8]) -> Result<&'a str, ConvertError> {
    std::str::from_utf8(bytes).map_err(|e| {
        ConvertError::invalid(format!(
            "{name}: expected UTF-8 text, found an invalid byte at offset {}",
            e.valid_up_to()
        ))
    })
}

pub use crate::output::Destination;

/// What `twixt convert` does: the file `input` (`-`: standard input) in
/// format `from` written in format `to` to `destination`, a piece at a time
/// when the file is large ([`streams`]), whole otherwise. `rules` and
/// `size` stand in for what a move list or T1 file does not record.
pub fn convert(
    input: &Path,
    from: FileFormat,
    to: FileFormat,
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
    destination: Destination<'_>,
) -> Result<Streamed, ConvertError> {
    // A file's write errors name it.
    let prefix = match &destination {
        Destination::File(output) => {
            crate::output::ensure_not_input(output, &[input.to_path_buf()])?;
            format!("{}: ", output.display())
        }
        Destination::Sink(_) => String::new(),
    };
    let mut streamed = None;
    destination.write_with::<ConvertError>(&mut |w| {
        let mut sink = |b: &[u8]| {
            w.write_all(b)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{prefix}{e}")))
        };
        streamed = Some(if streams(input, from, to) {
            convert_stream(input, from, to, rules.clone(), size, &mut sink)?
        } else {
            let converted = convert_file(input, from, to, rules.clone(), size)?;
            sink(&converted.text).map_err(|e| ConvertError::usage(format!("cannot write {e}")))?;
            Streamed {
                games: converted.games,
                left_out: converted.left_out,
            }
        });
        Ok(())
    })?;
    Ok(streamed.expect("a conversion that wrote says what it wrote"))
}

/// The format an output file name asks for (`.twixt`, `.tsgf`, `.T1`,
/// `.txt`, `.moves`), if any. Unlike inputs, a `.gz` name is no record
/// format: nothing is written compressed.
pub fn output_format(path: &Path) -> Option<FileFormat> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("twixt"))
    {
        return Some(FileFormat::Script);
    }
    // AbstractPlay records are read only: a `.json` output is twixtkit's JSON.
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        return Some(FileFormat::Json);
    }
    RecordFormat::from_path(path).map(|f| match f {
        RecordFormat::LittleGolem => FileFormat::LittleGolem,
        RecordFormat::T1 => FileFormat::T1,
        RecordFormat::MoveList => FileFormat::MoveList,
        RecordFormat::Sgf => FileFormat::Sgf,
        RecordFormat::AbstractPlay => FileFormat::AbstractPlay,
        RecordFormat::Boardspace => FileFormat::Boardspace,
    })
}

/// Reads the games of `bytes` in format `from`. `rules` and `size` stand in
/// for what the format does not record: move lists (default `pencil` on
/// 24×24) and T1 files (default `t1`, as `check` and the drawing commands
/// read them; the file gives the size).
/// `name` names the input in messages; a script's `[Rules "x.yaml"]` is
/// looked for in `folder`. The games are not replayed (a move onto an
/// occupied hole is read as written), but a record with a move that names
/// a hole its board lacks ([`Record::hole_off_board`]) is refused, naming
/// the game when the file holds several, the move and the hole.
pub fn read_records(
    name: &str,
    bytes: &[u8],
    from: FileFormat,
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
    folder: Option<&Path>,
) -> Result<Vec<Record>, ConvertError> {
    let mut records = match from {
        FileFormat::Script => read_script(name, bytes, folder)?,
        _ => crate::open::records_with(bytes, from, rules.clone(), size)
            .map_err(|e| ConvertError::usage(e.to_string()))?
            .map_err(|e| {
                ConvertError::invalid(format!("{name}: {e}{}", script_hint(bytes, from)))
            })?,
    };
    // Rules named on the command line win over those a record states (or
    // its format implies), on the file's board: the user asks for a reading
    // the file cannot give, e.g. a file written by a program that states
    // rules it did not play by (`check --rules` replays it under them).
    let states_rules = matches!(
        from,
        FileFormat::LittleGolem
            | FileFormat::Sgf
            | FileFormat::AbstractPlay
            | FileFormat::Boardspace
    );
    if let (true, Some(base)) = (states_rules, rules) {
        for r in &mut records {
            r.rules = base.clone().with_size(r.rules.size);
        }
    }
    if records.is_empty() {
        return Err(ConvertError::invalid(format!(
            "{name}: expected a game, found no moves"
        )));
    }
    // Nothing is replayed, but a hole the board lacks is no move of any
    // game: such a record is refused, as the record readers refuse one.
    let several = records.len() > 1;
    for (i, r) in records.iter().enumerate() {
        if let Some(off) = r.hole_off_board() {
            let game = if several {
                format!("game {}, ", i + 1)
            } else {
                String::new()
            };
            return Err(ConvertError::invalid(format!("{name}: {game}{off}")));
        }
    }
    Ok(records)
}

/// The main line of every game in a script, as records.
fn read_script(
    name: &str,
    bytes: &[u8],
    folder: Option<&Path>,
) -> Result<Vec<Record>, ConvertError> {
    let source = utf8(name, bytes)?;
    let game = super::games::of_text(source);
    if !game.in_records() {
        return Err(ConvertError::usage(format!(
            "{name} is a {} script: the record formats hold TwixT games only",
            game.title()
        )));
    }
    let parsed = parse(source);
    if !parsed.errors.is_empty() {
        let diagnostics = parsed
            .errors
            .iter()
            .map(|e| e.to_diagnostic(name, source))
            .collect();
        return Err(ConvertError::syntax(name, diagnostics, "nothing written"));
    }
    parsed
        .file
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            g.rules(folder)
                .and_then(|rules| g.to_record_with(rules))
                .map_err(|e| ConvertError::invalid(format!("{name}: game {}: {e}", i + 1)))
        })
        .collect()
}

/// The records written in format `to`. A `.tsgf` or `.T1` file holds one
/// game; rules a format cannot express are refused, never silently changed.
/// `name` names the input in messages.
pub fn write_records(
    records: &[Record],
    to: FileFormat,
    name: &str,
) -> Result<Vec<u8>, ConvertError> {
    let single = |what: &str| -> Result<&Record, ConvertError> {
        match records {
            [one] => Ok(one),
            _ => Err(ConvertError::usage(format!(
                "{name} holds {} games, and a {what} file holds one",
                records.len()
            ))),
        }
    };
    let out_err = |e: &dyn std::fmt::Display| ConvertError::invalid(e.to_string());
    Ok(match to {
        FileFormat::LittleGolem => littlegolem::write(single(".tsgf")?).map_err(|e| out_err(&e))?,
        FileFormat::T1 => t1::write(single(".T1")?)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        FileFormat::MoveList => movelist::write_all(records)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        FileFormat::Sgf => sgf::write(single(".sgf")?)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        // The site's record carries its own server's data (dates, user ids,
        // scores) that a record does not hold: read, never written.
        FileFormat::AbstractPlay => {
            return Err(ConvertError::usage(
                "AbstractPlay records are read, not written: write SGF (.sgf) or a script instead"
                    .into(),
            ));
        }
        FileFormat::Boardspace => crate::formats::boardspace::write(single("Boardspace")?)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        FileFormat::Json => crate::formats::json::write(records).into_bytes(),
        // Plain text as a numbered move list of one game and its result.
        FileFormat::PlainText => plaintext::write(single("plain-text")?)
            .map_err(|e| out_err(&e))?
            .into_bytes(),
        FileFormat::Script => {
            let games: Vec<Game> = records.iter().map(Game::from_record).collect();
            for (i, g) in games.iter().enumerate() {
                script_unwritable(g, i + 1)?;
            }
            write_file(&ScriptFile { games }).into_bytes()
        }
    })
}

/// Game `number` refused when a script cannot hold it
/// ([`crate::script::write::unwritable`]): what it writes would not read
/// back.
fn script_unwritable(game: &Game, number: usize) -> Result<(), ConvertError> {
    match crate::script::write::unwritable(game) {
        Some(why) => Err(ConvertError::invalid(format!(
            "cannot write as a game script: game {number}: {why}"
        ))),
        None => Ok(()),
    }
}

/// What writing `records` in format `to` leaves out, in words, so that
/// nothing is lost unnoticed: `a move list holds the main line's moves
/// only; left out: 2 comments, 1 header tag (Event)`. `records` are those
/// [`read_records`] read from `bytes` in format `from`. Named are a
/// script's annotations (comments, remarks, diagram points, marks and
/// claims, variations), the header tags `to` has no place for, each game
/// whose result `to` cannot write, for a move list or plain text a board
/// size or rules other than those it is read with, and for a `.T1` file,
/// which states the board and the pie rule only and is read under `t1`,
/// rules that read back otherwise (`dujardin`); a board and rules
/// only when the input states them. `None` when nothing is lost.
pub fn left_out(
    bytes: &[u8],
    from: FileFormat,
    records: &[Record],
    to: FileFormat,
) -> Option<String> {
    let mut tally = match from {
        FileFormat::Script => Tally::of_script(bytes),
        _ => Tally::default(),
    };
    for (i, r) in records.iter().enumerate() {
        tally.add_record(i + 1, r, from, to);
    }
    tally.describe(to)
}

/// Counts of what a record format cannot hold ([`left_out`]): comments,
/// remarks, diagram points, marks and claims, variations, setup blocks,
/// and the header tags it has no place for ([`tags_left_out`]); and, since
/// a move list states no board size or rules and is read on 24×24 under
/// pencil unless told otherwise, the boards and rules that differ; the
/// rules a format that states part of them reads back otherwise
/// ([`rules_read_back`]); and the games whose result the format does not
/// write ([`keeps_result`]).
#[derive(Default)]
struct Tally {
    counts: [usize; 7],
    /// The names of the header tags counted, each once, in order (the
    /// first [`MAX_NAMED`] of them), and whether there were more.
    tag_names: Vec<String>,
    more_tag_names: bool,
    /// Board sizes other than 24×24, each once, in order.
    sizes: Vec<BoardSize>,
    /// Rule sets other than pencil, as a script's `Rules` names them, each
    /// once, in order.
    rules: Vec<String>,
    /// Rule sets the output format reads back as others
    /// ([`rules_read_back`]), as a script's `Rules` names them, each once,
    /// in order, and whether `--rules` of them reads the file back as it
    /// was.
    read_otherwise: Vec<(String, bool)>,
    /// The games whose result the output format leaves out
    /// ([`keeps_result`]), by number, in order; the first [`MAX_NAMED`]
    /// are named.
    results: Vec<(usize, GameResult)>,
}

/// Whether format `to` writes the result of `r` so that it reads back, or
/// its moves say it.
fn keeps_result(r: &Record, to: FileFormat) -> bool {
    match to {
        FileFormat::PlainText => plaintext::keeps_result(r),
        FileFormat::MoveList => movelist::keeps_result(r),
        FileFormat::Boardspace => boardspace::keeps_result(r),
        FileFormat::T1 => t1::keeps_result(r),
        FileFormat::LittleGolem => littlegolem::keeps_result(r),
        FileFormat::Sgf => sgf::keeps_result(r),
        FileFormat::Script | FileFormat::Json | FileFormat::AbstractPlay => true,
    }
}

/// The names of the header tags of `r` that format `to` has no place for,
/// in order. A move list and plain text have none: all but the result
/// ([`keeps_result`]) and those that say what the list is read with
/// ([`says_the_default`]), which lose nothing. The other record formats
/// have a place for some (players, an event), and state the board, rules,
/// first mover and result their own way (each writer's `tags_left_out`).
/// A script and JSON hold all.
fn tags_left_out(r: &Record, to: FileFormat) -> Vec<&str> {
    match to {
        FileFormat::MoveList | FileFormat::PlainText => r
            .tags
            .iter()
            .filter(|(name, value)| {
                !name.eq_ignore_ascii_case("Result") && !says_the_default(name, value)
            })
            .map(|(name, _)| name.as_str())
            .collect(),
        FileFormat::LittleGolem => littlegolem::tags_left_out(r),
        FileFormat::T1 => t1::tags_left_out(r),
        FileFormat::Sgf => sgf::tags_left_out(r),
        FileFormat::Boardspace => boardspace::tags_left_out(r),
        FileFormat::Script | FileFormat::Json | FileFormat::AbstractPlay => Vec::new(),
    }
}

/// The rules a file of format `to` holding `r` is read back under, with
/// `--rules base` or, `None`, no option, for a format whose files state
/// part of the rules only: a `.T1` file states the board and the pie rule
/// and is read under `t1` for the rest ([`t1::rules_read_back`]). `None`
/// for the others: `.tsgf`, SGF and Boardspace files state the rules they
/// hold and refuse others, a script and JSON state all, and a move list
/// and plain text state none ([`Tally::add_board`]).
fn rules_read_back(r: &Record, to: FileFormat, base: Option<RuleSet>) -> Option<RuleSet> {
    match to {
        FileFormat::T1 => Some(t1::rules_read_back(
            r,
            base.unwrap_or_else(t1::default_rules),
        )),
        _ => None,
    }
}

/// For a format of [`rules_read_back`]: what its files state of the rules,
/// and the preset they are read under for the rest.
fn partly_stated(to: FileFormat) -> Option<(&'static str, &'static str)> {
    match to {
        FileFormat::T1 => Some(("the board and the pie rule but no other rules", "t1")),
        _ => None,
    }
}

/// How format `to` writes results, when it leaves some out
/// ([`keeps_result`]).
fn writes_results(to: FileFormat) -> Option<&'static str> {
    match to {
        FileFormat::PlainText => Some(
            "plain text writes a result only as 1-0, 0-1 or 1/2-1/2 after moves that end no game",
        ),
        FileFormat::MoveList => Some(
            "a move list has no word for a result and keeps one only as its moves say it (a resignation, an accepted draw, a completed connection, no legal move left)",
        ),
        FileFormat::T1 => Some(
            "a .T1 file has no word for a result and keeps one only as its moves say it (a resignation, a completed connection, no legal move left)",
        ),
        FileFormat::LittleGolem => Some(
            "a .tsgf file has no word for a result and keeps one only as its moves say it (a resignation, an accepted draw, a completed connection, no legal move left)",
        ),
        FileFormat::Sgf => Some(
            "an .sgf file keeps a result only as its moves say it (a resignation, a completed connection, no legal move left)",
        ),
        FileFormat::Boardspace => Some(
            "a Boardspace game file keeps a result only as its moves say it, or after moves that end no game as a draw agreed or a win on time for the player to move",
        ),
        _ => None,
    }
}

/// Whether the header tag `name` with `value` says only what a move list or
/// plain text is read with when nothing is told: the size 24×24, the rules
/// `pencil`, Red first. Left out, it loses nothing: the list reads back
/// the same. A board or rules that differ are named besides
/// ([`Tally::add_board`]).
fn says_the_default(name: &str, value: &str) -> bool {
    let is = |tag: &str| name.eq_ignore_ascii_case(tag);
    if is("Size") {
        value.parse() == Ok(BoardSize::STANDARD)
    } else if is("Rules") {
        matches!(RulesSpec::parse(value), Ok(RulesSpec::Inline(r)) if r == RuleSet::pencil().with_size(r.size))
    } else if is("First") {
        value.trim().parse() == Ok(Player::Red)
    } else {
        false
    }
}

/// The most tag names, sizes or rule sets a warning names.
const MAX_NAMED: usize = 6;

/// Adds `item` to `list` unless it is there; false when it is not and the
/// list is full.
fn add_once<T: PartialEq>(list: &mut Vec<T>, item: T) -> bool {
    if list.contains(&item) {
        return true;
    }
    if list.len() == MAX_NAMED {
        return false;
    }
    list.push(item);
    true
}

impl Tally {
    /// The annotations of every game of the script `script`.
    fn of_script(script: &[u8]) -> Tally {
        let mut tally = Tally::default();
        if let Ok(text) = std::str::from_utf8(script) {
            for g in parse(text).file.games {
                tally.add_annotations(&g);
            }
        }
        tally
    }

    /// The annotations of a game of a script: what no record holds.
    fn add_annotations(&mut self, g: &Game) {
        fn line(l: &Line, n: &mut [usize; 7]) {
            for e in &l.elements {
                match e {
                    Element::Move(_) => {}
                    Element::Comment(_) => n[0] += 1,
                    Element::Remark(_) => n[1] += 1,
                    Element::Diagram(_) => n[2] += 1,
                    Element::Mark(_) | Element::Claim(_) => n[3] += 1,
                    Element::Variation(v) => {
                        n[4] += 1;
                        line(v, n);
                    }
                }
            }
        }
        line(&g.line, &mut self.counts);
        self.counts[1] += g.preamble.len();
        self.counts[5] += usize::from(g.setup.is_some());
    }

    /// Game `number`, `r`, read in format `from`, written in format `to`:
    /// its result, its header tags, and when `from` states them (a move
    /// list or plain text does not) its board and rules, and the rules
    /// `to` reads back as others, unless `from` is `to`, whose file reads
    /// back as the input was read, with the same options.
    fn add_record(&mut self, number: usize, r: &Record, from: FileFormat, to: FileFormat) {
        self.add_result(number, r, to);
        self.add_tags(r, to);
        if !matches!(from, FileFormat::MoveList | FileFormat::PlainText) {
            self.add_board(&r.rules);
            if from != to {
                self.add_read_back(r, to);
            }
        }
    }

    /// The rules of `r` when format `to` reads them back as others
    /// ([`rules_read_back`]), and whether `--rules` of them reads it back.
    fn add_read_back(&mut self, r: &Record, to: FileFormat) {
        if rules_read_back(r, to, None).is_some_and(|back| back != r.rules) {
            let again = rules_read_back(r, to, Some(r.rules.clone())).as_ref() == Some(&r.rules);
            // More than a few are named as the first few.
            let _ = add_once(&mut self.read_otherwise, (r.rules.axis_words(" "), again));
        }
    }

    /// Game `number`, `r`, when format `to` leaves its result out.
    fn add_result(&mut self, number: usize, r: &Record, to: FileFormat) {
        if let Some(result) = r.result.filter(|_| !keeps_result(r, to)) {
            self.results.push((number, result));
        }
    }

    /// The header tags of `r` that format `to` leaves out
    /// ([`tags_left_out`]).
    fn add_tags(&mut self, r: &Record, to: FileFormat) {
        for name in tags_left_out(r, to) {
            self.counts[6] += 1;
            if !add_once(&mut self.tag_names, name.to_string()) {
                self.more_tag_names = true;
            }
        }
    }

    /// The board and rules of a game, which a move list does not state.
    fn add_board(&mut self, rules: &RuleSet) {
        if rules.size != BoardSize::STANDARD {
            // More than a few are named as the first few.
            let _ = add_once(&mut self.sizes, rules.size);
        }
        if *rules != RuleSet::pencil().with_size(rules.size) {
            let _ = add_once(&mut self.rules, rules.axis_words(" "));
        }
    }

    fn describe(&self, to: FileFormat) -> Option<String> {
        let format = match to {
            FileFormat::Script => return None,
            FileFormat::LittleGolem => "a .tsgf file",
            FileFormat::T1 => "a .T1 file",
            FileFormat::MoveList => "a move list",
            FileFormat::PlainText => "plain text",
            FileFormat::Sgf => "an .sgf file",
            FileFormat::AbstractPlay => "an AbstractPlay record",
            FileFormat::Boardspace => "a Boardspace game file",
            FileFormat::Json => "a JSON record",
        };
        let names = [
            "comment",
            "remark",
            "diagram point",
            "mark or claim",
            "variation",
            "setup block",
            "header tag",
        ];
        let mut dropped: Vec<String> = self
            .counts
            .iter()
            .zip(names)
            .filter(|(k, _)| **k > 0)
            .map(|(k, name)| count(*k, name))
            .collect();
        if self.counts[6] > 0 {
            let last = dropped.last_mut().expect("the tags were counted");
            let more = if self.more_tag_names { ", …" } else { "" };
            *last += &format!(" ({}{more})", self.tag_names.join(", "));
        }
        // A move list and plain text hold no tags; the other record formats
        // some, and they state the board and rules, or refuse what they
        // cannot state.
        let plain = matches!(to, FileFormat::MoveList | FileFormat::PlainText);
        let mut said = Vec::new();
        if !dropped.is_empty() {
            let holds = if plain {
                "the main line's moves only"
            } else {
                "the main line's moves and the header tags it has a place for"
            };
            said.push(format!(
                "{format} holds {holds}; left out: {}",
                dropped.join(", ")
            ));
        }
        if plain && (!self.sizes.is_empty() || !self.rules.is_empty()) {
            said.push(self.unstated(format));
        }
        if let (false, Some(stated)) = (self.read_otherwise.is_empty(), partly_stated(to)) {
            said.push(self.read_back(format, stated));
        }
        if let (false, Some(how)) = (self.results.is_empty(), writes_results(to)) {
            // `game 1's result `*``, `the results of games 1 (`*`), 4 (`red`)`.
            let named = |(n, r): &(usize, GameResult)| format!("{n} (`{}`)", result_name(*r));
            let games = match &self.results[..] {
                [(n, r)] => format!("game {n}'s result `{}` is", result_name(*r)),
                all => {
                    let mut games: Vec<String> = all.iter().take(MAX_NAMED).map(named).collect();
                    if all.len() > MAX_NAMED {
                        games.push("…".into());
                    }
                    format!("the results of games {} are", games.join(", "))
                }
            };
            said.push(format!("{how}, so {games} left out"));
        }
        (!said.is_empty()).then(|| said.join("; "))
    }

    /// The rules that `format`, which states what `stated` says and is read
    /// under its preset for the rest ([`partly_stated`]), reads back as
    /// others ([`rules_read_back`]), and the option that reads them back
    /// as they were.
    fn read_back(&self, format: &str, (states, preset): (&str, &str)) -> String {
        let names: Vec<&str> = self
            .read_otherwise
            .iter()
            .map(|(n, _)| n.as_str())
            .collect();
        let back = match &self.read_otherwise[..] {
            [(one, true)] if !one.contains(' ') => {
                format!(" (`--rules {one}` reads it back as it was)")
            }
            [(_, true)] => {
                " (`--rules` with a rule file of them reads it back as it was)".to_string()
            }
            _ => String::new(),
        };
        format!(
            "{format} states {states} and is read under {preset}, so the rules {} are left out{back}",
            names.join(", ")
        )
    }

    /// What a move list or plain text does not state of the games' boards
    /// and rules, and the options that read it back as they were.
    fn unstated(&self, format: &str) -> String {
        let list = |items: Vec<String>| items.join(", ");
        let mut what = Vec::new();
        let mut options = Vec::new();
        if !self.sizes.is_empty() {
            let sizes = list(self.sizes.iter().map(ToString::to_string).collect());
            what.push(if self.sizes.len() == 1 {
                format!("the board size {sizes}")
            } else {
                format!("the board sizes {sizes}")
            });
            if let [size] = self.sizes[..]
                && !size.is_partial()
            {
                options.push(format!("`--size {size}`"));
            }
        }
        if !self.rules.is_empty() {
            what.push(format!("the rules {}", list(self.rules.clone())));
            match &self.rules[..] {
                [one] if !one.contains(' ') => options.push(format!("`--rules {one}`")),
                _ => options.push("`--rules` with a rule file of them".to_string()),
            }
        }
        let back = if options.is_empty() {
            String::new()
        } else {
            format!(
                " ({} {} it back as it was)",
                options.join(" and "),
                if options.len() == 1 { "reads" } else { "read" }
            )
        };
        // "the board size 12 is", "the board sizes 12, 10 are", "the rules t1 are".
        let verb = if self.rules.is_empty() && self.sizes.len() == 1 {
            "is"
        } else {
            "are"
        };
        format!(
            "{format} states no board size or rules and is read on 24×24 under pencil, so {} {verb} left out{back}",
            what.join(" and "),
        )
    }
}

/// True when [`convert_stream`] converts `input`: a TwixT script or a move
/// list (not gzipped) large enough to be read a piece at a time, into a
/// format that holds many games (a script or a move list). Others are read
/// whole by [`convert_file`].
pub fn streams(input: &Path, from: FileFormat, to: FileFormat) -> bool {
    matches!(from, FileFormat::Script | FileFormat::MoveList)
        && matches!(to, FileFormat::Script | FileFormat::MoveList)
        && !crate::limits::is_gzip(input)
        && std::fs::metadata(input)
            .is_ok_and(|m| m.is_file() && m.len() >= crate::script::stream::WINDOW_BYTES as u64)
        && (from != FileFormat::Script || super::games::of_path(input).streams())
}

/// What a conversion wrote.
#[derive(Debug, Clone)]
pub struct Streamed {
    /// How many games were written.
    pub games: usize,
    /// What the new format left out ([`left_out`]).
    pub left_out: Option<String>,
}

/// The most syntax errors gathered from a streamed script before it stops
/// being read: a file of garbage says what is wrong in its first ones.
const MAX_STREAM_ERRORS: usize = 100;

/// Games as they are written, one after another, into `sink`.
struct Writer<'a> {
    to: FileFormat,
    sink: &'a mut dyn FnMut(&[u8]) -> std::io::Result<()>,
    games: usize,
    text: String,
}

impl Writer<'_> {
    fn write(&mut self, record: &Record) -> Result<(), ConvertError> {
        match self.to {
            FileFormat::MoveList => {
                let text =
                    movelist::write(record).map_err(|e| ConvertError::invalid(e.to_string()))?;
                self.hand_out(&text)
            }
            _ => self.write_game(&Game::from_record(record)),
        }
    }

    /// A game of a script output, in canonical form.
    fn write_game(&mut self, game: &Game) -> Result<(), ConvertError> {
        script_unwritable(game, self.games + 1)?;
        self.hand_out(&crate::script::write_game(game))
    }

    /// The next game's text, after a blank line.
    fn hand_out(&mut self, game: &str) -> Result<(), ConvertError> {
        self.text.clear();
        if self.games > 0 {
            self.text.push('\n');
        }
        self.text.push_str(game);
        (self.sink)(self.text.as_bytes())
            .map_err(|e| ConvertError::usage(format!("cannot write {e}")))?;
        self.games += 1;
        Ok(())
    }
}

/// Converts the TwixT script or move list `input` (`from`) into a script or
/// a move list (`to`) a piece at a time, handing the text to `sink` game by
/// game, so that a file of any size converts in bounded memory; the same
/// text as [`convert_file`]. `rules` and `size` stand in for what a move
/// list does not record, as for [`read_records`]. A syntax error stops the
/// writing (the rest of a script is still read for more errors, up to a
/// hundred); `sink`'s errors end the conversion.
pub fn convert_stream(
    input: &Path,
    from: FileFormat,
    to: FileFormat,
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
    sink: &mut dyn FnMut(&[u8]) -> std::io::Result<()>,
) -> Result<Streamed, ConvertError> {
    let name = input.display().to_string();
    let file = std::fs::File::open(input).map_err(|e| ConvertError::unread(&name, &e))?;
    let reader = std::io::BufReader::with_capacity(1 << 20, file);
    let mut out = Writer {
        to,
        sink,
        games: 0,
        text: String::new(),
    };
    let left_out = if from == FileFormat::MoveList {
        stream_move_lists(&name, reader, rules, size, &mut out)?;
        None
    } else {
        stream_script(input, reader, &mut out)?
    };
    if out.games == 0 {
        return Err(ConvertError::invalid(format!(
            "{name}: expected a game, found no moves"
        )));
    }
    Ok(Streamed {
        games: out.games,
        left_out,
    })
}

/// The games of a script, a window at a time; what the output left out.
fn stream_script(
    input: &Path,
    reader: impl std::io::Read + Send + 'static,
    out: &mut Writer<'_>,
) -> Result<Option<String>, ConvertError> {
    use crate::script::stream::{GameStream, StreamError};
    let name = input.display().to_string();
    let folder = input.parent().filter(|d| !d.as_os_str().is_empty());
    let (mut tally, mut diagnostics) = (Tally::default(), Vec::new());
    for window in GameStream::new(reader) {
        let window = window.map_err(|e| match e {
            StreamError::Io(e) => ConvertError::unread(&name, &e),
            other => ConvertError::invalid(format!("{name}: {other}")),
        })?;
        for piece in &window.pieces {
            let g = match &piece.game {
                Err(e) => {
                    diagnostics.push(e.to_diagnostic(&name, &window.text));
                    continue;
                }
                Ok(_) if !diagnostics.is_empty() => continue,
                Ok(g) => g,
            };
            if out.to == FileFormat::Script {
                // Script to script: the game as it is, in canonical form;
                // its rule file is not read, but is an input still.
                note_rule_files(g.rules_file(), folder);
                out.write_game(g)?;
                continue;
            }
            let record = g
                .rules(folder)
                .and_then(|rules| g.to_record_with(rules))
                .map_err(|e| {
                    ConvertError::invalid(format!("{name}: game {}: {e}", out.games + 1))
                })?;
            if let Some(off) = record.hole_off_board() {
                return Err(ConvertError::invalid(format!(
                    "{name}: game {}, {off}",
                    out.games + 1
                )));
            }
            tally.add_annotations(g);
            tally.add_record(out.games + 1, &record, FileFormat::Script, out.to);
            out.write(&record)?;
        }
        if diagnostics.len() >= MAX_STREAM_ERRORS {
            break;
        }
    }
    if !diagnostics.is_empty() {
        return Err(ConvertError::syntax(&name, diagnostics, "not converted"));
    }
    Ok(tally.describe(out.to))
}

/// The games of a move list, a piece of whole games at a time (cut at blank
/// lines), read as the whole file would be; an error names the file's line.
fn stream_move_lists(
    name: &str,
    reader: impl std::io::BufRead,
    rules: Option<RuleSet>,
    size: Option<BoardSize>,
    out: &mut Writer<'_>,
) -> Result<(), ConvertError> {
    let base = movelist::rules_for(rules, size).map_err(|e| ConvertError::usage(e.to_string()))?;
    let chunks = movelist::Chunks::new(reader, crate::script::stream::WINDOW_BYTES);
    for chunk in chunks {
        let chunk = chunk.map_err(|e| match e.kind() {
            std::io::ErrorKind::InvalidData => ConvertError::invalid(format!("{name}: {e}")),
            _ => ConvertError::usage(format!("cannot read {name}: {e}")),
        })?;
        let records = movelist::read_with(&chunk.text, base.clone()).map_err(|e| match e {
            crate::formats::Error::Syntax { mut at, message } => {
                at.line += chunk.first_line - 1;
                ConvertError::invalid(format!("{name}: {at}: {message}"))
            }
            other => ConvertError::invalid(format!("{name}: {other}")),
        })?;
        for record in &records {
            out.write(record)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod file_tests {
    use super::*;

    #[test]
    fn formats_come_from_the_flag_then_standard_io_then_the_name() {
        let pick = |flag, p: &str| choose_format(flag, Path::new(p), true);
        assert_eq!(pick(None, "-").unwrap(), FileFormat::Script);
        assert_eq!(pick(None, "g.T1").unwrap(), FileFormat::T1);
        assert_eq!(
            pick(Some(FileFormat::MoveList), "g.T1").unwrap(),
            FileFormat::MoveList
        );
        assert!(pick(None, "g.png").unwrap_err().is_usage());
        assert_eq!(pick(None, "g.twixt.gz").unwrap(), FileFormat::Script);
        let out = choose_format(None, Path::new("g.twixt.gz"), false);
        assert!(out.unwrap_err().is_usage());
    }

    #[test]
    fn a_move_list_names_the_tags_boards_and_rules_it_does_not_state() {
        let mut t = Tally::default();
        for side in [12, 10, 12] {
            t.add_board(&RuleSet::pencil().with_size(BoardSize::square(side).unwrap()));
        }
        let said = t.describe(FileFormat::MoveList).unwrap();
        assert!(
            said.contains("the board sizes 12, 10 are left out"),
            "{said}"
        );
        // One `--size` cannot read both back.
        assert!(!said.contains("--size"), "{said}");
        let mut t = Tally::default();
        t.add_tags(
            &tagged(&["A", "B", "Result", "C", "D", "E", "F", "G", "A"].map(|name| (name, "x"))),
            FileFormat::PlainText,
        );
        t.add_board(&RuleSet::t1());
        let said = t.describe(FileFormat::PlainText).unwrap();
        assert!(
            said.contains("8 header tags (A, B, C, D, E, F, …)"),
            "{said}"
        );
        assert!(
            said.contains("the rules t1 are left out (`--rules t1` reads it back as it was)"),
            "{said}"
        );
        // The other record formats state their board and rules, or refuse.
        let mut t = Tally::default();
        t.add_board(&RuleSet::t1());
        assert_eq!(t.describe(FileFormat::Sgf), None);
    }

    /// A game with no moves and the header tags `tags`.
    fn tagged(tags: &[(&str, &str)]) -> Record {
        let mut r = Record::new(RuleSet::pencil());
        r.tags = tags
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        r
    }

    #[test]
    fn a_tag_that_says_what_a_move_list_is_read_with_is_not_named() {
        for (name, value) in [
            ("Size", "24"),
            ("size", "24x24"),
            ("Rules", "pencil"),
            ("Rules", " Pencil "),
            ("First", "red"),
        ] {
            assert!(says_the_default(name, value), "{name} {value}");
        }
        for (name, value) in [
            ("Size", "12"),
            ("Size", "24x20"),
            ("Rules", "t1"),
            ("Rules", "pencil swap=none"),
            ("Rules", "pencil.yaml"),
            ("First", "black"),
            ("Event", "24"),
        ] {
            assert!(!says_the_default(name, value), "{name} {value}");
        }
        let mut t = Tally::default();
        t.add_tags(
            &tagged(&[("Size", "24"), ("Rules", "pencil"), ("Event", "e")]),
            FileFormat::MoveList,
        );
        let said = t.describe(FileFormat::MoveList).unwrap();
        assert!(said.contains("left out: 1 header tag (Event)"), "{said}");
    }

    #[test]
    fn a_move_list_file_converts_to_a_script() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.moves");
        std::fs::write(&path, "1. f6 2. m12\n").unwrap();
        let c = convert_file(&path, FileFormat::MoveList, FileFormat::Script, None, None).unwrap();
        assert_eq!(c.games, 1);
        assert_eq!(c.left_out, None);
        assert!(String::from_utf8(c.text).unwrap().contains("m12"));
    }
}
