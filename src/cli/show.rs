//! `twixt show`: a position of a recorded game as text in the terminal.

use std::process::ExitCode;

use twixtkit::diagram::game::Select;
use twixtkit::diagram::{Charset, to_text};

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The position after move N (default: a script's diagram points, else the
    /// final position).
    #[arg(long = "move", value_name = "N")]
    at_move: Option<u32>,
    #[command(flatten)]
    look: LookArgs,
    /// Plain ASCII instead of Unicode box drawing.
    #[arg(long)]
    ascii: bool,
    /// What to print: the board as text, or each position in one line
    /// (size/rules/red/black/links/to-move, read back by --position).
    #[arg(long, value_enum, default_value = "text")]
    format: ShowFormat,
}

/// What `show` prints.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ShowFormat {
    Text,
    Position,
}

pub fn run(a: Args) -> ExitCode {
    if twixtkit::twrs::file::sniff(&a.game.input) {
        return match show_twrs(&a) {
            Ok(()) => ExitCode::SUCCESS,
            Err(f) => f.report(),
        };
    }
    // A script shows its diagram points unless a move is asked for.
    let select = a.at_move.map(Select::Move);
    let choice = a.look.choice(select, Select::Final, true);
    let drawn = match a.game.open().and_then(|f| Ok(f.pictures(&choice)?)) {
        Ok(p) => p,
        Err(f) => return Failure::report(f),
    };
    let pics = drawn.pictures;
    let cs = if a.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let mut text = String::new();
    for (i, p) in pics.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        match a.format {
            ShowFormat::Text => text.push_str(&to_text(&p.diagram, cs)),
            ShowFormat::Position => {
                text.pop();
                text.push_str(&p.position_line());
                text.push('\n');
            }
        }
    }
    match super::stdout::print(text.as_bytes())
        .and_then(|()| super::failure::report_problems(&drawn.warnings, ""))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}

/// A TWRS script's diagram points (or final positions) as text, each with
/// its caption, whose turn it is and the score so far.
fn show_twrs(a: &Args) -> Result<(), Failure> {
    if a.format == ShowFormat::Position {
        return Err(Failure::usage(
            "position lines are written for TwixT positions; TWRS has none yet",
        ));
    }
    if a.at_move.is_some() {
        return Err(Failure::usage(
            "TWRS scripts are shown at their #diagram points (or the final position); --move is for TwixT games",
        ));
    }
    let file = super::twrs_input::load(&a.game.input)?;
    let views = twixtkit::render::twrs_views(&file)?;
    let mut text = String::new();
    for (i, v) in views.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        let caption = v
            .caption
            .as_deref()
            .map(twixtkit::diagnostic::printable)
            .unwrap_or_default();
        let s = v.position.score();
        text.push_str(&format!(
            "{}{}{}\n",
            v.stem,
            if caption.is_empty() { "" } else { ": " },
            caption
        ));
        text.push_str(&twixtkit::twrs::draw::to_text(&v.position, a.ascii));
        text.push_str(&format!(
            "{} to move, {} stones left, score orange {} blue {}\n",
            v.position.to_move(),
            v.position.stones_left(),
            s.orange,
            s.blue
        ));
    }
    super::stdout::print(text.as_bytes())
}
