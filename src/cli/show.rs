//! `twixt show`: a position of a recorded game as text in the terminal.

use twixtkit::commands::render::show::ShowAs;
use twixtkit::diagram::Charset;
use twixtkit::diagram::game::Select;

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs, SelectArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// The positions, as `render` takes them (default: a script's diagram
    /// points, else the final position).
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    #[command(flatten)]
    search: super::check::SearchArgs,
    /// Plain ASCII instead of Unicode box drawing.
    #[arg(long)]
    ascii: bool,
    /// What to print of each position.
    #[arg(long, value_enum, default_value = "text")]
    format: ShowAs,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.search.apply(false);
    // A script shows its diagram points unless positions are asked for.
    let choice = a.look.choice(a.select.chosen(), Select::Final, true);
    let charset = if a.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let (text, problems) = a.game.open()?.show(&choice, charset, a.format)?;
    super::terminal::print(text.as_bytes())?;
    super::failure::report_problems(&problems, "")
}
