//! `twixt show`: a position of a recorded game as text in the terminal.

use std::process::ExitCode;

use twixtkit::diagram::game::Select;
use twixtkit::diagram::{Charset, to_text};

use super::render::{GameArgs, LookArgs, diagrams, load_game, title_for};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The position after move N (default: the final position).
    #[arg(long = "move", value_name = "N")]
    at_move: Option<u32>,
    #[command(flatten)]
    look: LookArgs,
    /// Plain ASCII instead of Unicode box drawing.
    #[arg(long)]
    ascii: bool,
}

pub fn run(a: Args) -> ExitCode {
    let record = match load_game(&a.game) {
        Ok(r) => r,
        Err(f) => return f.report(),
    };
    let title = title_for(&record, &a.game.input);
    let select = a.at_move.map_or(Select::Final, Select::Move);
    let ds = match diagrams(&record, Some(&title), select, &a.look) {
        Ok(d) => d,
        Err(f) => return f.report(),
    };
    let cs = if a.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    for g in ds {
        print!("{}", to_text(&g.diagram, cs));
    }
    ExitCode::SUCCESS
}
