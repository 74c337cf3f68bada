//! Argument groups the subcommands share: which game, which positions,
//! how they look, how files are read and written, how long claims are
//! searched. Each turns into the library's own options.

use std::path::PathBuf;

use twixt_core::board::BoardSize;
use twixtkit::commands::games::OpenedFile;
use twixtkit::diagram::game::Select;
use twixtkit::open::{OpenOptions, Request};
use twixtkit::pictures::Choice;
use twixtkit::script::FileFormat;

use super::report::Failure;

/// Which game of a file, and how to read it.
#[derive(clap::Args, Clone)]
pub struct GameArgs {
    /// The game: a script (.twixt) or a record (.tsgf, .T1, .txt, .moves, .sgf, AbstractPlay .json);
    /// `-` reads standard input.
    #[arg(
        required_unless_present = "position",
        default_value = "-",
        hide_default_value = true
    )]
    pub input: PathBuf,
    /// A position in one line instead of a file, like
    /// 24/pencil/c3,d5/h8,j6/*/black (size/rules/red/black/links/to-move).
    #[arg(long, value_name = "LINE", conflicts_with_all = ["from", "game", "rules", "size"])]
    pub position: Option<String>,
    /// Only this game of a file holding several (1-based; default: every game).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    #[command(flatten)]
    pub read: ReadArgs,
}

/// How to read files that do not say their format, rules or size.
#[derive(clap::Args, Clone)]
pub struct ReadArgs {
    /// The input's format, over what its extension says (standard input's
    /// is told by what it holds unless this names one).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<FileFormat>,
    /// Rule set for files that do not record it: pencil, board, schmidt,
    /// dujardin, t1, editable, or a YAML rule file (move lists default to
    /// pencil; T1 files to t1, their size from the file).
    #[arg(long)]
    pub rules: Option<String>,
    /// Board size for move lists, e.g. 24 or 30x20 (default 24).
    #[arg(long)]
    pub size: Option<BoardSize>,
}

impl ReadArgs {
    /// The library's options for opening files.
    pub fn options(&self) -> Result<OpenOptions, Failure> {
        Ok(OpenOptions::named(
            self.rules.as_deref(),
            self.size,
            self.from,
        )?)
    }

    /// The library's request for `input` (or the one-line `position`),
    /// only its game number `game` when given, read as these options say.
    pub fn request(
        &self,
        input: PathBuf,
        position: Option<String>,
        game: Option<usize>,
    ) -> Request {
        let (format, rules, size) = (self.from, self.rules.clone(), self.size);
        Request {
            input,
            position,
            format,
            game,
            rules,
            size,
        }
    }
}

impl GameArgs {
    /// Opens the file (TwixT games or a TWRS script) and keeps the game
    /// `--game` asks for.
    pub fn open(&self) -> Result<Box<dyn OpenedFile>, Failure> {
        let request = (self.read).request(self.input.clone(), self.position.clone(), self.game);
        Ok(twixtkit::commands::games::open_any(&request)?)
    }
}

/// Which positions to draw.
#[derive(clap::Args, Clone, Default)]
#[group(multiple = false)]
pub struct SelectArgs {
    /// The position after move N (0 for the empty board).
    #[arg(long = "move", value_name = "N")]
    pub at_move: Option<u32>,
    /// The position after every K moves, and the final one.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
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

/// What the drawing commands (`render`, `sheet`, `show`) share: the game,
/// the positions, how they look, and how long its claims are searched.
#[derive(clap::Args, Clone)]
pub struct DrawArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    pub style: String,
    #[command(flatten)]
    pub choice: Choice,
    #[command(flatten)]
    pub search: SearchArgs,
}

impl DrawArgs {
    /// The library's choice of positions: those asked for (else diagram
    /// points, else `default`) drawn this way.
    pub fn choice(&self, default: Select, caption_titles: bool) -> Choice {
        let select = self.select.chosen();
        Choice {
            select,
            default,
            caption_titles,
            ..self.choice.clone()
        }
    }
}

/// What a command that writes files may replace.
#[derive(clap::Args, Clone, Copy)]
pub struct WriteArgs {
    /// Replace an output file even when its permission bits forbid writing;
    /// without it a read-only file is refused, as the shell's `>` refuses it
    /// (for root too).
    #[arg(long)]
    pub force: bool,
}

impl WriteArgs {
    /// Tells the library's writer whether read-only files may be replaced.
    pub fn apply(self) {
        twixtkit::output::replace_read_only(self.force);
    }
}

/// The limits of the `#wins` searches: `check` and the drawing commands that
/// check claims on the way (render, show, book, view) take them alike.
#[derive(clap::Args, Clone)]
pub struct SearchArgs {
    /// Positions one `#wins` search may visit (a claim, a move of its
    /// solution, its cooks); a file's searches together get ten times as
    /// many. Reaching it makes the claim "cannot decide", never false.
    #[arg(long, value_name = "POSITIONS", default_value_t = twixtkit::win_claims::CLAIM_POSITIONS,
          value_parser = clap::value_parser!(u64).range(1..))]
    search_limit: u64,
    /// Seconds one `#wins` search may take; a file's searches together
    /// get ten times as long.
    #[arg(long, value_name = "SECONDS", default_value_t = twixtkit::win_claims::CLAIM_TIME.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    search_time: u64,
    /// Threads one `#wins` search may use: its longer rounds share their
    /// first moves (a solution's moves, the defender's replies) among
    /// them. The verdicts are the same with any number; the positions
    /// counted vary from run to run with more than one.
    #[arg(long, value_name = "THREADS", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    search_threads: u16,
}

impl SearchArgs {
    /// Sets how this run searches `#wins` claims, before any file is read.
    pub fn apply(&self, cooks: bool) {
        use twixtkit::win_claims::{ClaimSettings, set_settings};
        let threads = usize::from(self.search_threads);
        let (positions, seconds) = (self.search_limit, self.search_time);
        set_settings(ClaimSettings::with_limits(
            positions, seconds, threads, cooks,
        ));
    }
}
