//! `twixt board`: blank boards for pencil play, true to size when printed.

use std::path::PathBuf;

use twixtkit::diagram::blank::{BlankOptions, largest_pitch_mm, paper_for, write_blank};
use twixtkit::diagram::{PictureFormat, Style};

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    #[command(flatten)]
    blank: BlankOptions,
    /// Turn the paper long side across (the default for a board wider than
    /// tall, and for one board with --record).
    #[arg(long, conflicts_with = "portrait")]
    landscape: bool,
    /// Keep the paper upright, whatever the board.
    #[arg(long)]
    portrait: bool,
    /// Style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    /// Output file; standard output when absent.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Output format: svg, png or pdf; by default from the output file's
    /// extension, else svg.
    #[arg(long, value_parser = ["svg", "png", "pdf"])]
    format: Option<String>,
    /// Resolution of PNG output, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = twixtkit::diagram::png::parse_dpi)]
    dpi: f64,
}

pub fn run(a: Args) -> Result<(), Failure> {
    a.write.apply();
    let style = Style::load(&a.style)?;
    let turn = (a.landscape || a.portrait).then_some(a.landscape);
    let b = a.blank;
    report::unknown_language(b.header.lang.as_deref(), None);
    let paper = paper_for(b.paper, b.size, b.record, b.per_page, turn);
    let opts = BlankOptions { paper, ..b };
    if let Some(pitch) = opts.pitch_mm {
        let most = largest_pitch_mm(&opts, &style);
        if pitch > most + 1e-9 {
            return Err(Failure::usage(format!(
                "--pitch {pitch}mm does not fit: {} of {} on this paper take {:.1}mm at most; give a smaller pitch, fewer --per-page or larger --paper",
                if opts.per_page == 1 {
                    "one board".to_string()
                } else {
                    format!("{} boards", opts.per_page)
                },
                opts.size,
                twixtkit::diagram::tenth_below(most),
            )));
        }
    }
    let out = a.output.as_deref().and_then(report::file);
    let format = a.format.as_deref().and_then(PictureFormat::from_extension);
    report::write_to(out, |to| write_blank(&opts, &style, format, a.dpi, to))?;
    report::say_wrote(out, None);
    Ok(())
}
