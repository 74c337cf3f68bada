//! `twixt render`: one picture per chosen position of a recorded game.
//! Also the game-reading and position-choosing pieces `show` and `sheet` share.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::BoardSize;
use twixtkit::diagram::game::{GameDiagram, Select, game_diagrams, record_title};
use twixtkit::diagram::png::svg_to_png;
use twixtkit::diagram::{Charset, Crop, Numbering, Scale, Sides, Style, to_svg, to_text};
use twixtkit::formats::{Format, littlegolem, movelist, t1};
use twixtkit::output::{NameSet, write_atomic};
use twixtkit::record::Record;
use twixtkit::rules::RuleSet;

use super::board::load_style;

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
    /// The game record: .tsgf (Little Golem), .T1, .txt or .moves (move list).
    pub input: PathBuf,
    /// Which game of a file holding several (1-based).
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Rule set for files that do not record it (pencil, board, schmidt, dujardin).
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
    pub fn select(&self, default: Select) -> Select {
        match (self.at_move, self.every, self.last) {
            (Some(n), _, _) => Select::Move(n),
            (_, Some(k), _) => Select::Every(k),
            (_, _, true) => Select::Final,
            _ => default,
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

/// Reads one game from a record file.
pub(crate) fn load_game(a: &GameArgs) -> Result<Record, Failure> {
    let path = &a.input;
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("twixt"))
    {
        return Err(Failure::usage(
            "game scripts (.twixt) cannot be drawn by this build yet; use a .tsgf, .T1, .txt or .moves record",
        ));
    }
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
    let bytes = std::fs::read(path)
        .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?;
    let at = |e: &dyn std::fmt::Display| Failure::invalid(format!("{}: {e}", path.display()));
    let mut records = match format {
        Format::LittleGolem => vec![littlegolem::read(&bytes).map_err(|e| at(&e))?],
        Format::T1 => vec![
            t1::read_with(&bytes, rules.unwrap_or_else(RuleSet::dujardin)).map_err(|e| at(&e))?,
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
    let count = records.len();
    if a.game == 0 || a.game > count {
        return Err(Failure::usage(format!(
            "{} holds {count} game{}; --game {} does not exist",
            path.display(),
            if count == 1 { "" } else { "s" },
            a.game
        )));
    }
    Ok(records.swap_remove(a.game - 1))
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
    /// Pixels between neighbouring holes (SVG and PNG).
    #[arg(long, default_value_t = 24.0, value_parser = unit_px)]
    unit: f64,
    /// Plain ASCII for text output.
    #[arg(long)]
    ascii: bool,
}

fn unit_px(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (2.0..=400.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "expected pixels per hole spacing from 2 to 400, found `{s}`"
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
    let record = load_game(&a.game)?;
    let title = title_for(&record, &a.game.input);
    let ds = diagrams(
        &record,
        Some(&title),
        a.select.select(Select::Final),
        &a.look,
    )?;
    std::fs::create_dir_all(&a.output)
        .map_err(|e| Failure::usage(format!("cannot create {}: {e}", a.output.display())))?;
    let ext = match a.format {
        OutFormat::Svg => "svg",
        OutFormat::Png => "png",
        OutFormat::Txt => "txt",
    };
    let mut names = NameSet::new();
    for g in &ds {
        let bytes = match a.format {
            OutFormat::Svg => to_svg(&g.diagram, &style, Scale::Px(a.unit)).into_bytes(),
            OutFormat::Png => svg_to_png(&to_svg(&g.diagram, &style, Scale::Px(a.unit)), 1.0)
                .map_err(|e| Failure::usage(e.to_string()))?,
            OutFormat::Txt => {
                let cs = if a.ascii {
                    Charset::Ascii
                } else {
                    Charset::Unicode
                };
                to_text(&g.diagram, cs).into_bytes()
            }
        };
        let name = names.claim(&format!("{title}-{:03}", g.ply), ext);
        let path = a.output.join(name);
        write_atomic(&path, &bytes).map_err(|e| Failure::usage(e.to_string()))?;
    }
    Ok(ds.len())
}
