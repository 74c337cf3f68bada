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
}

pub fn run(a: Args) -> ExitCode {
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
        text.push_str(&to_text(&p.diagram, cs));
    }
    match super::stdout::print(text.as_bytes())
        .and_then(|()| super::failure::report_problems(&drawn.warnings, ""))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.report(),
    }
}
