//! `twixt render`: one picture per chosen position of a recorded game.

use std::path::PathBuf;

use twixtkit::commands::render::Output;
use twixtkit::diagram::game::Select;
use twixtkit::diagram::{Charset, PictureFormat, Scale, Style};

use super::args::DrawArgs;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    #[command(flatten)]
    draw: DrawArgs,
    /// Folder for the pictures (created if missing), or one file named
    /// .svg, .png, .txt (one position) or .pdf (every position, a page each).
    #[arg(short, long, default_value = ".")]
    output: PathBuf,
    /// Picture format; by default from the output file's extension, else svg.
    #[arg(long, value_enum)]
    format: Option<PictureFormat>,
    /// Resolution of PNG output in dots per inch, when --pitch is in mm
    /// (default 96).
    #[arg(long, value_parser = twixtkit::diagram::png::parse_dpi)]
    dpi: Option<f64>,
    /// The hole pitch, the distance between neighbouring holes: pixels
    /// (`24`, `24px`) or, for print-ready SVG, millimetres (`5mm`; PNG then
    /// uses 96 dpi).
    #[arg(
        long = "pitch",
        visible_alias = "unit",
        value_name = "SIZE",
        default_value = "24"
    )]
    unit: Scale,
    /// Plain ASCII for text output.
    #[arg(long)]
    ascii: bool,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let mut out = Output::new(&a.output, a.format, a.unit, a.dpi)?;
    out.inputs = vec![a.draw.game.input.clone()];
    if a.ascii {
        out.charset = Charset::Ascii;
    }
    let style = Style::load(&a.draw.style)?;
    a.draw.search.apply(false);
    report::unknown_language(a.draw.choice.lang.as_deref(), None);
    let choice = a.draw.choice(Select::Final, true);
    let r = a.draw.game.open()?.write_pictures(&choice, &style, &out)?;
    let wrote = twixtkit::output::wrote(&r.written);
    report::drawn(&r.warnings, Some(&wrote))?;
    // A picture for standard output goes there, and nothing is said.
    if let Some(bytes) = &r.stdout {
        return report::print(bytes);
    }
    report::note(wrote);
    Ok(())
}
