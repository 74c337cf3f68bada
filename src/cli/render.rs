//! `twixt render`: one picture per chosen position of a recorded game.
//! Also the game-reading and position-choosing pieces `show` and `sheet` share.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::BoardSize;
use twixtkit::diagram::game::{GameDiagram, Select, game_diagrams, record_title};
use twixtkit::diagram::png::svg_to_png;
use twixtkit::diagram::snapshot::diagram_from_snapshot;
use twixtkit::diagram::{Charset, Crop, Diagram, Numbering, Scale, Sides, Style, to_svg, to_text};
use twixtkit::formats::{Format, littlegolem, movelist, t1};
use twixtkit::output::{NameSet, ensure_not_input, write_atomic};
use twixtkit::record::Record;
use twixtkit::replay::replay_game;
use twixtkit::rules::RuleSet;
use twixtkit::script::load_games;

use super::board::load_style;
use twixtkit::diagram::style::BUILTIN_NAMES;

/// A failure and the exit code it earns (1: the input is wrong, 2: usage or I/O).
pub(crate) struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            code: 1,
            message: message.into(),
        }
    }
    pub fn report(self) -> ExitCode {
        eprintln!("error: {}", self.message);
        ExitCode::from(self.code)
    }
}

/// Which game of a file, and how to read files that do not say their rules.
#[derive(clap::Args, Clone)]
pub struct GameArgs {
    /// The game: a script (.twixt) or a record (.tsgf, .T1, .txt, .moves).
    pub input: PathBuf,
    /// Only this game of a file holding several (1-based; default: every game).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Rule set for files that do not record it (pencil, board, schmidt, dujardin, t1).
    #[arg(long)]
    pub rules: Option<String>,
    /// Board size for move lists, e.g. 24 or 30x20.
    #[arg(long)]
    pub size: Option<BoardSize>,
}

/// Which positions to draw.
#[derive(clap::Args, Clone, Default)]
#[group(multiple = false)]
pub struct SelectArgs {
    /// The position after move N (0 for the empty board).
    #[arg(long = "move", value_name = "N")]
    pub at_move: Option<u32>,
    /// The position after every K moves, and the final one.
    #[arg(long, value_name = "K")]
    pub every: Option<u32>,
    /// The final position.
    #[arg(long = "final")]
    pub last: bool,
}

impl SelectArgs {
    /// The positions asked for on the command line, if any.
    pub fn chosen(&self) -> Option<Select> {
        match (self.at_move, self.every, self.last) {
            (Some(n), _, _) => Some(Select::Move(n)),
            (_, Some(k), _) => Some(Select::Every(k)),
            (_, _, true) => Some(Select::Final),
            _ => None,
        }
    }
}

/// How the diagrams look.
#[derive(clap::Args, Clone)]
pub struct LookArgs {
    /// Style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    pub style: String,
    /// Show only a rectangle of holes, e.g. c3-j10.
    #[arg(long)]
    pub crop: Option<Crop>,
    /// Sides with coordinates: all, none, or letters from tblr.
    #[arg(long, default_value = "tl")]
    pub coords: Sides,
    /// Leave the move numbers off the pegs.
    #[arg(long)]
    pub no_numbers: bool,
}

/// The games `--game` chooses (all when absent).
fn pick<T>(mut items: Vec<T>, which: Option<usize>, path: &Path) -> Result<Vec<T>, Failure> {
    let count = items.len();
    match which {
        None if count > 0 => Ok(items),
        None => Err(Failure::invalid(format!(
            "{}: no game found",
            path.display()
        ))),
        Some(n) if n >= 1 && n <= count => Ok(vec![items.swap_remove(n - 1)]),
        Some(n) => Err(Failure::usage(format!(
            "{} holds {count} game{}; --game {n} does not exist",
            path.display(),
            if count == 1 { "" } else { "s" }
        ))),
    }
}

/// Reads the games of a record file.
fn load_records(a: &GameArgs) -> Result<Vec<Record>, Failure> {
    let path = &a.input;
    let format = Format::from_path(path).ok_or_else(|| {
        Failure::usage(format!(
            "cannot tell the format of `{}`: use a .tsgf, .T1, .txt or .moves file",
            path.display()
        ))
    })?;
    let rules = match &a.rules {
        Some(name) => Some(RuleSet::preset(name).map_err(|e| Failure::usage(e.to_string()))?),
        None => None,
    };
    let bytes = twixtkit::limits::read_bytes(path, twixtkit::limits::MAX_INPUT_BYTES)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    let at = |e: &dyn std::fmt::Display| Failure::invalid(format!("{}: {e}", path.display()));
    let records = match format {
        Format::LittleGolem => vec![littlegolem::read(&bytes).map_err(|e| at(&e))?],
        // Without --rules, the T1 reader's own default (the swap T1 files are played with).
        Format::T1 => vec![
            match rules {
                Some(r) => t1::read_with(&bytes, r),
                None => t1::read(&bytes),
            }
            .map_err(|e| at(&e))?,
        ],
        Format::MoveList => {
            let mut base = rules.unwrap_or_else(RuleSet::pencil);
            if let Some(size) = a.size {
                base = base.with_size(size);
            }
            base.validate().map_err(|e| Failure::usage(e.to_string()))?;
            movelist::read_with(&bytes, base).map_err(|e| at(&e))?
        }
    };
    pick(records, a.game, path)
}

/// The title used in captions and file names: the record's own, else the file name.
pub(crate) fn title_for(record: &Record, input: &Path) -> String {
    record_title(record).unwrap_or_else(|| {
        input
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "game".into())
    })
}

/// Replays the game and draws the chosen positions, styled as asked.
pub(crate) fn diagrams(
    record: &Record,
    title: Option<&str>,
    select: Select,
    look: &LookArgs,
) -> Result<Vec<GameDiagram>, Failure> {
    let numbering = if look.no_numbers {
        Numbering::None
    } else {
        Numbering::All
    };
    let mut ds = game_diagrams(record, select, numbering, title)
        .map_err(|e| Failure::invalid(e.to_string()))?;
    for g in &mut ds {
        g.diagram.coords = look.coords;
        if let Some(c) = look.crop {
            if c.clamp_to(record.size()).is_none() {
                return Err(Failure::usage(format!(
                    "--crop {c} lies outside the {} board",
                    record.size()
                )));
            }
            g.diagram.crop = Some(c);
        }
    }
    Ok(ds)
}

/// One picture to draw: its file stem, its diagram, and the style its
/// script diagram point asked for.
pub(crate) struct Picture {
    pub stem: String,
    pub diagram: Diagram,
    pub style: Option<String>,
}

fn is_script(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("twixt"))
}

/// The pictures of a game file. A script's diagram points are drawn unless
/// `select` asks for positions by move; records (and scripts without
/// diagram points) are drawn at the positions `select` (else `default`)
/// chooses. `caption_titles` puts the game title in those captions (always,
/// when there are several games). Returns a title for the whole file too.
pub(crate) fn pictures(
    a: &GameArgs,
    select: Option<Select>,
    default: Select,
    look: &LookArgs,
    caption_titles: bool,
) -> Result<(String, Vec<Picture>), Failure> {
    let file_stem = a
        .input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    let by_move = |record: &Record,
                   title: &str,
                   titled: bool,
                   sel: Select|
     -> Result<Vec<Picture>, Failure> {
        let caption_title = if titled { Some(title) } else { None };
        Ok(diagrams(record, caption_title, sel, look)?
            .into_iter()
            .map(|g| Picture {
                stem: format!("{title}-{:03}", g.ply),
                diagram: g.diagram,
                style: None,
            })
            .collect())
    };
    let mut pics = Vec::new();
    let mut titles = Vec::new();
    if !is_script(&a.input) {
        let records = load_records(a)?;
        let titled = caption_titles || records.len() > 1;
        for record in &records {
            let title = title_for(record, &a.input);
            pics.extend(by_move(record, &title, titled, select.unwrap_or(default))?);
            titles.push(title);
        }
        let title = if titles.len() == 1 {
            titles.remove(0)
        } else {
            file_stem
        };
        return Ok((title, pics));
    }
    let file = load_games(&a.input).map_err(|e| Failure::usage(e.to_string()))?;
    if !file.errors.is_empty() {
        for e in &file.errors {
            eprint!("{}", e.render());
        }
        return Err(Failure::invalid(format!(
            "{}: {} syntax error{}",
            a.input.display(),
            file.errors.len(),
            if file.errors.len() == 1 { "" } else { "s" }
        )));
    }
    let games = pick(file.games.clone(), a.game, &a.input)?;
    let titled = caption_titles || games.len() > 1;
    let name = a.input.display().to_string();
    let base = a.input.parent().filter(|p| !p.as_os_str().is_empty());
    for game in &games {
        let title = game
            .tag("Title")
            .or(game.tag("Event"))
            .map_or_else(|| file_stem.clone(), str::to_string);
        let rep = replay_game(game, base)
            .map_err(|i| Failure::invalid(i.to_diagnostic(&name, &file.source).render()))?;
        if rep.has_errors() {
            for i in rep.errors() {
                eprint!("{}", i.to_diagnostic(&name, &file.source).render());
            }
            return Err(Failure::invalid(format!(
                "{name}: the game `{title}` does not replay; see `twixt check {name}`"
            )));
        }
        if select.is_some() || rep.diagrams.is_empty() {
            let record = game
                .rules(base)
                .and_then(|r| game.to_record_with(r))
                .map_err(|e| Failure::invalid(format!("{name}: `{title}`: {e}")))?;
            pics.extend(by_move(&record, &title, titled, select.unwrap_or(default))?);
        } else {
            for snap in &rep.diagrams {
                let mut d = diagram_from_snapshot(snap);
                apply_look(&mut d, look)?;
                pics.push(Picture {
                    stem: snap
                        .point
                        .name
                        .clone()
                        .unwrap_or_else(|| format!("{title}-{:03}", snap.ply)),
                    diagram: d,
                    style: snap.point.style.clone(),
                });
            }
        }
        titles.push(title);
    }
    let title = if titles.len() == 1 {
        titles.remove(0)
    } else {
        file_stem
    };
    Ok((title, pics))
}

/// Command-line choices that apply over a script's own.
fn apply_look(d: &mut Diagram, look: &LookArgs) -> Result<(), Failure> {
    d.coords = look.coords;
    if let Some(c) = look.crop {
        if c.clamp_to(d.size).is_none() {
            return Err(Failure::usage(format!(
                "--crop {c} lies outside the {} board",
                d.size
            )));
        }
        d.crop = Some(c);
    }
    if look.no_numbers {
        // Move numbers only; labels the script wrote stay.
        d.labels
            .retain(|_, t| !t.bytes().all(|b| b.is_ascii_digit()));
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutFormat {
    Svg,
    Png,
    Txt,
}

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// Folder for the pictures (created if missing).
    #[arg(short, long, default_value = ".")]
    output: PathBuf,
    /// Picture format.
    #[arg(long, value_enum, default_value = "svg")]
    format: OutFormat,
    /// Distance between neighbouring holes: pixels (`24`, `24px`) or, for
    /// print-ready SVG, millimetres (`5mm`; PNG then uses 96 dpi).
    #[arg(long, default_value = "24", value_parser = unit)]
    unit: Scale,
    /// Plain ASCII for text output.
    #[arg(long)]
    ascii: bool,
}

fn unit(s: &str) -> Result<Scale, String> {
    let t = s.trim();
    let (num, mm) = match t.strip_suffix("mm") {
        Some(n) => (n, true),
        None => (t.strip_suffix("px").unwrap_or(t), false),
    };
    let (lo, hi, scale): (f64, f64, fn(f64) -> Scale) = if mm {
        (0.5, 100.0, Scale::Mm)
    } else {
        (2.0, 400.0, Scale::Px)
    };
    match num.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (lo..=hi).contains(&v) => Ok(scale(v)),
        _ => Err(format!(
            "expected a hole spacing like 24 (pixels, 2 to 400) or 5mm (0.5 to 100), found `{s}`"
        )),
    }
}

pub fn run(a: Args) -> ExitCode {
    match render(&a) {
        Ok(n) => {
            eprintln!(
                "wrote {n} file{} to {}",
                if n == 1 { "" } else { "s" },
                a.output.display()
            );
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn render(a: &Args) -> Result<usize, Failure> {
    let style: Style =
        load_style(&a.look.style).map_err(|(code, message)| Failure { code, message })?;
    let (_, pics) = pictures(&a.game, a.select.chosen(), Select::Final, &a.look, true)?;
    std::fs::create_dir_all(&a.output)
        .map_err(|e| Failure::usage(format!("cannot create {}: {e}", a.output.display())))?;
    let ext = match a.format {
        OutFormat::Svg => "svg",
        OutFormat::Png => "png",
        OutFormat::Txt => "txt",
    };
    // Styles named by diagram points, read once each (names relative to the script).
    let mut styles: BTreeMap<String, Style> = BTreeMap::new();
    let mut names = NameSet::new();
    for p in &pics {
        let style = match &p.style {
            None => &style,
            Some(name) => {
                if !styles.contains_key(name) {
                    let arg = if BUILTIN_NAMES.contains(&name.as_str()) {
                        name.clone()
                    } else {
                        // A script may only name YAML files in or below its own folder.
                        let rel = Path::new(name);
                        let inside = rel
                            .components()
                            .all(|c| matches!(c, std::path::Component::Normal(_)));
                        let yaml = rel.extension().is_some_and(|e| {
                            e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml")
                        });
                        if !inside || !yaml {
                            return Err(Failure::invalid(format!(
                                "{}: style `{name}` of a diagram point must be a built-in style ({}) or a .yaml file beside the script",
                                a.game.input.display(),
                                BUILTIN_NAMES.join(", ")
                            )));
                        }
                        let base = a.game.input.parent().unwrap_or(Path::new("."));
                        base.join(rel).to_string_lossy().into_owned()
                    };
                    let s =
                        load_style(&arg).map_err(|(code, message)| Failure { code, message })?;
                    styles.insert(name.clone(), s);
                }
                &styles[name]
            }
        };
        let bytes = match a.format {
            OutFormat::Svg => to_svg(&p.diagram, style, a.unit).into_bytes(),
            OutFormat::Png => svg_to_png(&to_svg(&p.diagram, style, a.unit), 1.0)
                .map_err(|e| Failure::usage(e.to_string()))?,
            OutFormat::Txt => {
                let cs = if a.ascii {
                    Charset::Ascii
                } else {
                    Charset::Unicode
                };
                to_text(&p.diagram, cs).into_bytes()
            }
        };
        let path = a.output.join(names.claim(&p.stem, ext));
        // A diagram named like the game file must not replace it.
        ensure_not_input(&path, std::slice::from_ref(&a.game.input))
            .map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(&path, &bytes).map_err(|e| Failure::usage(e.to_string()))?;
    }
    Ok(pics.len())
}
