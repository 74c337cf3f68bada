//! `twixt show`: a position of a recorded game as text in the terminal.

use twixtkit::commands::render::show::ShowAs;
use twixtkit::diagram::Charset;
use twixtkit::diagram::game::Select;

use super::args::DrawArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    draw: DrawArgs,
    /// Plain ASCII instead of Unicode box drawing.
    #[arg(long)]
    ascii: bool,
    /// What to print of each position.
    #[arg(long, value_enum, default_value = "text")]
    format: ShowAs,
}

pub fn run(a: Args) -> Result<(), Failure> {
    // A script shows its diagram points unless positions are asked for.
    a.draw.search.apply(false);
    report::unknown_language(a.draw.choice.lang.as_deref(), None);
    let choice = a.draw.choice(Select::Final, true);
    let charset = if a.ascii {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    let (text, problems) = a.draw.game.open()?.show(&choice, charset, a.format)?;
    report::print(text.as_bytes())?;
    report::drawn(&problems, None)
}
