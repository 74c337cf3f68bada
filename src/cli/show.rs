//! `twixt show`: a position of a recorded game as text in the terminal.

use twixtkit::diagram::Charset;
use twixtkit::diagram::game::Select;
use twixtkit::render::show::{boards, position_lines, twrs_boards};

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

pub fn run(a: Args) -> Result<(), Failure> {
    let a = &a;
    if twixtkit::twrs::file::sniff(&a.game.input) {
        return show_twrs(a);
    }
    // A script shows its diagram points unless a move is asked for.
    let select = a.at_move.map(Select::Move);
    let choice = a.look.choice(select, Select::Final, true);
    let drawn = a.game.open()?.pictures(&choice)?;
    let text = match a.format {
        ShowFormat::Text if a.ascii => boards(&drawn.pictures, Charset::Ascii),
        ShowFormat::Text => boards(&drawn.pictures, Charset::Unicode),
        ShowFormat::Position => position_lines(&drawn.pictures),
    };
    super::stdout::print(text.as_bytes())?;
    super::failure::report_problems(&drawn.warnings, "")
}

/// A TWRS script's diagram points (or final positions) as text.
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
    super::stdout::print(twrs_boards(&file, a.ascii)?.as_bytes())
}
