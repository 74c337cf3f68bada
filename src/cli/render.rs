//! `twixt render`: one picture per chosen position of a recorded game.

use std::path::PathBuf;

use twixtkit::diagram::game::Select;
use twixtkit::diagram::{Charset, Scale, Style};
use twixtkit::render::{Output, Rendered, write_drawable};

use super::failure::Failure;
use super::game_args::{FormatArg, GameArgs, LookArgs, SelectArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// Folder for the pictures (created if missing), or one file named
    /// .svg, .png, .txt (one position) or .pdf (every position, a page each).
    #[arg(short, long, default_value = ".")]
    output: PathBuf,
    /// Picture format (svg, png, pdf, txt); by default from the output
    /// file's extension, else svg.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Resolution of PNG output in dots per inch, when --unit is in mm
    /// (default 96).
    #[arg(long, value_parser = super::game_args::dpi)]
    dpi: Option<f64>,
    /// Distance between neighbouring holes: pixels (`24`, `24px`) or, for
    /// print-ready SVG, millimetres (`5mm`; PNG then uses 96 dpi).
    #[arg(long, default_value = "24")]
    unit: Scale,
    /// Plain ASCII for text output.
    #[arg(long)]
    ascii: bool,
}

pub fn run(a: Args) -> Result<(), Failure> {
    let r = render(&a)?;
    // A picture for standard output goes there, and nothing is said.
    if let Some(bytes) = &r.stdout {
        return super::terminal::print(bytes);
    }
    eprintln!("{}", twixtkit::output::wrote(&r.written));
    Ok(())
}

fn render(a: &Args) -> Result<Rendered, Failure> {
    let mut out = Output::new(&a.output, a.format.map(Into::into), a.unit, a.dpi)?;
    out.inputs = vec![a.game.input.clone()];
    if a.ascii {
        out.charset = Charset::Ascii;
    }
    let style = Style::load(&a.look.style)?;
    let file = a.game.open()?;
    let choice = a.look.choice(a.select.chosen(), Select::Final, true);
    let r = write_drawable(&file, &choice, &style, &out)?;
    super::failure::report_problems(&r.warnings, &twixtkit::output::wrote(&r.written))?;
    Ok(r)
}
