//! `twixt board`: blank boards for pencil play, true to size when printed.

use std::path::PathBuf;

use twixt_core::board::BoardSize;
use twixtkit::diagram::blank::{
    BlankOptions, MAX_PER_PAGE, RecordHeader, paper_for, parse_header_field, parse_margin,
    write_blank,
};
use twixtkit::diagram::sheet::Paper;
use twixtkit::diagram::{PictureFormat, Style};
use twixtkit::script::Sides;

use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// Board size: 24, or WIDTHxHEIGHT such as 30x20 (3 to 128 each side).
    #[arg(long, default_value = "24")]
    size: BoardSize,
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm (210x297).
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Turn the paper long side across (the default for a board wider than
    /// tall, and for one board with --record).
    #[arg(long, conflicts_with = "portrait")]
    landscape: bool,
    /// Keep the paper upright, whatever the board.
    #[arg(long)]
    portrait: bool,
    /// Blank space at each page edge, in mm.
    #[arg(long, default_value_t = 10.0, value_parser = parse_margin)]
    margin: f64,
    /// Boards on one page (1 to 64), each made smaller.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=MAX_PER_PAGE as i64))]
    per_page: u16,
    /// Sides with coordinates: all, none, or letters from tblr (tl = top and left).
    #[arg(long, default_value = "all")]
    coords: Sides,
    /// Leave out the border lines (red top and bottom, black left and right).
    #[arg(long)]
    no_lines: bool,
    /// Draw the diagonal guide lines from the inner corners.
    #[arg(long)]
    guides: bool,
    /// Add columns beside each board to write the moves down, under a
    /// header (event, round, date, Red, Black, result, a box to tick for a
    /// swap) of lines to write on.
    #[arg(long)]
    record: bool,
    /// The event, printed in the record's header (with --record).
    #[arg(long, requires = "record", value_parser = parse_header_field)]
    event: Option<String>,
    /// The round, printed in the record's header (with --record).
    #[arg(long, requires = "record", value_parser = parse_header_field)]
    round: Option<String>,
    /// The date, printed in the record's header (with --record).
    #[arg(long, requires = "record", value_parser = parse_header_field)]
    date: Option<String>,
    /// The player with Red, printed in the record's header (with --record).
    #[arg(long, requires = "record", value_parser = parse_header_field)]
    red: Option<String>,
    /// The player with Black, printed in the record's header (with --record).
    #[arg(long, requires = "record", value_parser = parse_header_field)]
    black: Option<String>,
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
    let per_page = usize::from(a.per_page);
    let opts = BlankOptions {
        size: a.size,
        paper: paper_for(a.paper, a.size, a.record, per_page, turn),
        margin_mm: a.margin,
        per_page,
        coords: a.coords,
        border_lines: !a.no_lines,
        guides: a.guides,
        record: a.record,
        header: RecordHeader {
            event: a.event,
            round: a.round,
            date: a.date,
            red: a.red,
            black: a.black,
        },
    };
    let out = a.output.as_deref().and_then(report::file);
    let format = a.format.as_deref().and_then(PictureFormat::from_extension);
    report::write_to(out, |to| write_blank(&opts, &style, format, a.dpi, to))?;
    report::say_wrote(out, None);
    Ok(())
}
