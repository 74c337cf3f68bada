//! Blank boards for pencil play: one page in millimetres, true to size when
//! printed at 100 %, holding one or several empty boards, each optionally
//! with columns to record the moves beside it.

use std::fmt::Write as _;

use super::format::PictureFormat;
use super::model::Diagram;
use super::pdf::{PdfError, PdfInfo, svgs_to_pdf};
use super::png::{PngError, svg_to_png, zoom_for_dpi_mm};
use super::sheet::{Paper, open_page, place};
use super::style::Style;
use super::svg::{Layout, num, push_attrs, push_escaped, push_num, push_nums, push_segment};
use crate::messages::Messages;
use crate::output::Destination;
use crate::script::Sides;
use twixt_core::board::{BoardSize, Player};

/// What to print (`twixt board`'s options; its paper is then turned by
/// [`paper_for`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct BlankOptions {
    /// Board size: 24, or WIDTHxHEIGHT such as 30x20 (3 to 128 each side).
    #[cfg_attr(feature = "cli", arg(long, default_value = "24"))]
    pub size: BoardSize,
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm (210x297).
    #[cfg_attr(feature = "cli", arg(long, default_value = "a4"))]
    pub paper: Paper,
    /// Blank space at each page edge, in mm.
    #[cfg_attr(feature = "cli", arg(long = "margin", value_name = "MARGIN",
        default_value_t = 10.0, value_parser = parse_margin))]
    pub margin_mm: f64,
    /// The hole pitch, the distance between neighbouring holes, in mm
    /// (`5mm` or `5`, 0.5 to 20); default: as large as the paper allows.
    #[cfg_attr(feature = "cli", arg(long = "pitch", value_name = "MM", value_parser = parse_pitch_mm))]
    pub pitch_mm: Option<f64>,
    /// Boards on one page (1 to 64), each made smaller.
    #[cfg_attr(feature = "cli", arg(long, default_value_t = 1,
        value_parser = clap::builder::RangedI64ValueParser::<usize>::new().range(1..=MAX_PER_PAGE as i64)))]
    pub per_page: usize,
    /// Sides with coordinates: all, none, or letters from tblr (tl = top and left).
    #[cfg_attr(feature = "cli", arg(long, default_value = "all"))]
    pub coords: Sides,
    /// Draw the border lines (red top and bottom, black left and right).
    #[cfg_attr(feature = "cli", arg(long = "no-lines", action = clap::ArgAction::SetFalse,
        help = "Leave out the border lines (red top and bottom, black left and right)"))]
    pub border_lines: bool,
    /// Draw the diagonal guide lines from the inner corners.
    #[cfg_attr(feature = "cli", arg(long))]
    pub guides: bool,
    /// Add columns beside each board to write the moves down, under a
    /// header (event, round, date, Red, Black, result, a box to tick for a
    /// swap) of lines to write on.
    #[cfg_attr(feature = "cli", arg(long))]
    pub record: bool,
    /// What the record's header says before the game; every field left
    /// `None` is a blank line to write on.
    #[cfg_attr(feature = "cli", command(flatten))]
    pub header: RecordHeader,
}

/// The facts a score sheet's header asks for: the event, round and date,
/// the players, then the result and whether the first peg was swapped,
/// which only the game tells. A field given here is printed on its line;
/// the others are blank lines to write on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct RecordHeader {
    /// The event, printed in the record's header (with --record).
    #[cfg_attr(feature = "cli", arg(long, requires = "record", value_parser = parse_header_field))]
    pub event: Option<String>,
    /// The round, printed in the record's header (with --record).
    #[cfg_attr(feature = "cli", arg(long, requires = "record", value_parser = parse_header_field))]
    pub round: Option<String>,
    /// The date, printed in the record's header (with --record).
    #[cfg_attr(feature = "cli", arg(long, requires = "record", value_parser = parse_header_field))]
    pub date: Option<String>,
    /// The player with Red, printed in the record's header (with --record).
    #[cfg_attr(feature = "cli", arg(long, requires = "record", value_parser = parse_header_field))]
    pub red: Option<String>,
    /// The player with Black, printed in the record's header (with --record).
    #[cfg_attr(feature = "cli", arg(long, requires = "record", value_parser = parse_header_field))]
    pub black: Option<String>,
    /// The language of the sheet's words: two or three letters (fr, de,
    /// nl, it, en; English by default).
    #[cfg_attr(
        feature = "cli",
        arg(long, value_name = "CODE", requires = "record",
            value_parser = crate::messages::parse_language)
    )]
    pub lang: Option<String>,
    /// Which sheet of a game this is: sheet 2 and on number their moves on
    /// from where the sheet before ends (with --record).
    #[cfg_attr(
        feature = "cli",
        arg(long = "sheet-number", value_name = "N", requires = "record",
            value_parser = clap::value_parser!(u32).range(1..=999))
    )]
    pub sheet: Option<u32>,
}

/// The longest text a header field takes, in characters.
pub const MAX_HEADER_CHARS: usize = 100;

/// Reads a header field as `board --event` and the like take it: at most
/// [`MAX_HEADER_CHARS`] characters of one line. Markup needs no care here:
/// the writer escapes it and drops control characters.
///
/// ```
/// use twixtkit::diagram::blank::parse_header_field;
/// assert_eq!(parse_header_field("Open <2026>"), Ok("Open <2026>".to_string()));
/// assert!(parse_header_field(&"x".repeat(101)).is_err());
/// assert!(parse_header_field("two\nlines").is_err());
/// ```
pub fn parse_header_field(s: &str) -> Result<String, super::ValueError> {
    let n = s.chars().count();
    if n > MAX_HEADER_CHARS {
        return Err(super::ValueError(format!(
            "expected at most {MAX_HEADER_CHARS} characters, found {n}"
        )));
    }
    if s.contains(['\n', '\r']) {
        return Err(super::ValueError(
            "expected one line, found a line break".to_string(),
        ));
    }
    Ok(s.trim().to_string())
}

impl Default for BlankOptions {
    fn default() -> Self {
        BlankOptions {
            size: BoardSize::STANDARD,
            paper: Paper::A4,
            margin_mm: 10.0,
            pitch_mm: None,
            per_page: 1,
            coords: Sides::ALL,
            border_lines: true,
            guides: false,
            record: false,
            header: RecordHeader::default(),
        }
    }
}

/// Largest number of boards on one page.
pub const MAX_PER_PAGE: usize = 64;

/// The widest blank margin at a page edge, in mm.
pub const MAX_MARGIN_MM: f64 = 100.0;

/// Reads a page margin in mm, as `board --margin` takes it: from 0 to
/// [`MAX_MARGIN_MM`].
///
/// ```
/// use twixtkit::diagram::blank::parse_margin;
/// assert_eq!(parse_margin("12.5"), Ok(12.5));
/// assert!(parse_margin("-1").is_err());
/// assert!(parse_margin("NaN").is_err());
/// ```
pub fn parse_margin(s: &str) -> Result<f64, super::ValueError> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=MAX_MARGIN_MM).contains(&v) => Ok(v),
        _ => Err(super::ValueError(format!(
            "expected a margin in mm from 0 to {MAX_MARGIN_MM}, found `{s}`"
        ))),
    }
}

/// The largest hole pitch `--pitch` takes, in mm.
pub const MAX_PITCH_MM: f64 = 20.0;

/// Reads a hole pitch in mm as `board --pitch` and `sheet --pitch` take
/// it: `5mm` or `5`, from 0.5 to [`MAX_PITCH_MM`].
///
/// ```
/// use twixtkit::diagram::blank::parse_pitch_mm;
/// assert_eq!(parse_pitch_mm("5mm"), Ok(5.0));
/// assert!(parse_pitch_mm("5px").is_err() && parse_pitch_mm("30").is_err());
/// ```
pub fn parse_pitch_mm(s: &str) -> Result<f64, super::ValueError> {
    let v = s.trim();
    match v.strip_suffix("mm").unwrap_or(v).trim().parse::<f64>() {
        Ok(v) if (0.5..=MAX_PITCH_MM).contains(&v) => Ok(v),
        _ => Err(super::ValueError(format!(
            "expected a hole pitch in mm from 0.5 to {MAX_PITCH_MM} (5mm), found `{}`",
            s.escape_debug()
        ))),
    }
}

/// The largest hole pitch, in mm, at which the boards `opts` asks for
/// (their size, coordinates, record columns, so many a page) fit its paper.
pub fn largest_pitch_mm(opts: &BlankOptions, style: &Style) -> f64 {
    let fitted = BlankOptions {
        pitch_mm: None,
        ..opts.clone()
    };
    grid(&fitted, &Layout::new(&board(opts), style)).k
}

/// The blank board `opts` asks for, as a diagram.
fn board(opts: &BlankOptions) -> Diagram {
    let mut d = Diagram::blank(opts.size);
    d.coords = opts.coords;
    d.border_lines = opts.border_lines;
    d.guides = opts.guides;
    d
}

/// Space between boards on a page.
const GAP_MM: f64 = 6.0;

/// Where the boards go: columns, cell size, and the scale in mm per unit.
struct Grid {
    cols: usize,
    cell_w: f64,
    cell_h: f64,
    k: f64,
}

fn record_width(cell_w: f64) -> f64 {
    (cell_w * 0.3).min(58.0)
}

fn grid(opts: &BlankOptions, layout: &Layout) -> Grid {
    let n = opts.per_page.clamp(1, MAX_PER_PAGE);
    let p = opts.paper;
    let m = opts.margin_mm.max(0.0);
    let mut best: Option<Grid> = None;
    // Pick the arrangement that gives the biggest boards.
    for cols in 1..=n {
        let rows = n.div_ceil(cols);
        let cell_w = (p.width_mm - 2.0 * m - GAP_MM * (cols as f64 - 1.0)) / cols as f64;
        let cell_h = (p.height_mm - 2.0 * m - GAP_MM * (rows as f64 - 1.0)) / rows as f64;
        if cell_w <= 0.0 || cell_h <= 0.0 {
            continue;
        }
        let board_w = if opts.record {
            cell_w - record_width(cell_w) - GAP_MM / 2.0
        } else {
            cell_w
        };
        let k = (board_w / layout.width).min(cell_h / layout.height);
        if best.as_ref().is_none_or(|b| k > b.k) {
            best = Some(Grid {
                cols,
                cell_w,
                cell_h,
                k,
            });
        }
    }
    let mut g = best.unwrap_or(Grid {
        cols: 1,
        cell_w: p.width_mm,
        cell_h: p.height_mm,
        k: p.width_mm.min(p.height_mm) / layout.width.max(layout.height),
    });
    // A pitch asked for sets the scale (one unit of the drawing is a
    // pitch); the board is centred in its cell.
    if let Some(pitch) = opts.pitch_mm {
        g.k = g.k.min(pitch);
    }
    g
}

/// The paper for `size`: `landscape` turns it across (`Some(true)`) or
/// keeps it upright (`Some(false)`); unless told, it turns across for a
/// board wider than tall, and for one board with its record columns beside
/// it, and is left as given otherwise.
pub fn paper_for(
    paper: Paper,
    size: BoardSize,
    record: bool,
    per_page: usize,
    landscape: Option<bool>,
) -> Paper {
    let wide = size.width() > size.height() || (record && per_page == 1);
    match landscape {
        Some(true) => paper.landscape(),
        Some(false) => paper.portrait(),
        None if wide => paper.landscape(),
        None => paper,
    }
}

/// Why a blank board could not be written as a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExportError {
    /// Rasterising failed.
    #[error(transparent)]
    Png(#[from] PngError),
    /// The PDF writer failed.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// Pages are drawings; they have no text form.
    #[error("pages cannot be written as text; use .svg, .png or .pdf")]
    Text,
}

impl crate::diagnostic::Explained for ExportError {}

/// The page as the bytes of a file in `format` (SVG, PNG at `dpi`, or a
/// one-page PDF titled with the board size).
pub fn blank_file(
    opts: &BlankOptions,
    style: &Style,
    format: PictureFormat,
    dpi: f64,
) -> Result<Vec<u8>, ExportError> {
    let page = blank_page(opts, style);
    Ok(match format {
        PictureFormat::Svg => page.into_bytes(),
        PictureFormat::Png => svg_to_png(&page, zoom_for_dpi_mm(dpi))?,
        PictureFormat::Pdf => {
            let title = Some(format!("TwixT board {}", opts.size));
            svgs_to_pdf(
                &[page],
                &PdfInfo {
                    title,
                    ..PdfInfo::default()
                },
            )?
        }
        PictureFormat::Txt => return Err(ExportError::Text),
    })
}

/// Why a blank board was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteBlankError {
    /// No format to write: the one asked for and the file's name disagree,
    /// or name none of SVG, PNG and PDF.
    #[error(transparent)]
    Choose(#[from] super::format::ChooseError),
    /// The page could not be made in that format.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// The file could not be written.
    #[error(transparent)]
    Output(#[from] crate::output::OutputError),
    /// The sink failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl crate::diagnostic::Explained for WriteBlankError {}

/// Writes the page to `output` (a file, or a sink such as standard
/// output) in `format`, else the format the file's name says, else SVG:
/// SVG, PNG at `dpi`, or PDF ([`blank_file`]).
pub fn write_blank(
    opts: &BlankOptions,
    style: &Style,
    format: Option<PictureFormat>,
    dpi: f64,
    output: Destination<'_>,
) -> Result<(), WriteBlankError> {
    let path = match &output {
        Destination::File(path) => Some(*path),
        Destination::Sink(_) => None,
    };
    let format = PictureFormat::choose(
        format,
        path,
        &[PictureFormat::Svg, PictureFormat::Png, PictureFormat::Pdf],
    )?;
    let bytes = blank_file(opts, style, format, dpi)?;
    output.write_with(&mut |w| Ok::<(), WriteBlankError>(w.write_all(&bytes)?))
}

/// The page as an SVG document in millimetres.
pub fn blank_page(opts: &BlankOptions, style: &Style) -> String {
    let d = board(opts);
    let layout = Layout::new(&d, style);
    let g = grid(opts, &layout);
    let n = opts.per_page.clamp(1, MAX_PER_PAGE);
    let m = opts.margin_mm.max(0.0);
    let mut out = String::with_capacity(8192);
    open_page(&mut out, opts.paper, style);
    let (bw, bh) = (layout.width * g.k, layout.height * g.k);
    for i in 0..n {
        let (c, r) = (i % g.cols, i / g.cols);
        let cx = m + c as f64 * (g.cell_w + GAP_MM);
        let cy = m + r as f64 * (g.cell_h + GAP_MM);
        // Centre the board (and its record) in the cell.
        let rec_w = record_width(g.cell_w);
        let used_w = if opts.record {
            bw + GAP_MM / 2.0 + rec_w
        } else {
            bw
        };
        let x = cx + (g.cell_w - used_w) / 2.0;
        let y = cy + (g.cell_h - bh) / 2.0;
        let prefix = if n == 1 {
            String::new()
        } else {
            format!("b{}-", i + 1)
        };
        place(&mut out, &d, style, &layout, g.k, (x, y), &prefix);
        if opts.record {
            let rx = x + bw + GAP_MM / 2.0;
            let head_h = header_height(bh);
            record_header(
                &mut out,
                style,
                &opts.header,
                (rx, y, rec_w, head_h),
                &prefix,
            );
            let (ty, th) = (y + head_h, bh - head_h);
            let rect = (rx, ty, rec_w, th);
            record_columns(&mut out, style, &opts.header, opts.size, rect, &prefix);
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Lines of the header: event; round and date; Red; Black; result and
/// the swap box.
const HEADER_LINES: usize = 5;

/// Height of the header over a record column `h` mm tall, a little space
/// below it included: lines of 4.5 to 8 mm, room enough to write on by hand.
fn header_height(h: f64) -> f64 {
    // Never more than half the column: the moves need the rest.
    let line = (h / 24.0).clamp(4.5, 8.0).min(h / 12.0);
    line * (HEADER_LINES as f64 + 0.5)
}

/// The header of a score sheet in the rectangle `(x, y, w, h)` mm: each
/// field's label, then its value or a line to write on, and a box to tick
/// when the first peg was swapped.
fn record_header(
    out: &mut String,
    s: &Style,
    header: &RecordHeader,
    (x, y, w, h): (f64, f64, f64, f64),
    prefix: &str,
) {
    if w <= 6.0 || h <= 5.0 {
        return;
    }
    let line_h = h / (HEADER_LINES as f64 + 0.5);
    let label = line_h * 0.36;
    let value = line_h * 0.5;
    let family = s.font_family.as_str();
    let mut rules = String::new();
    let mut texts = String::new();
    // One field: its label at `fx`, its line to `fx + fw`, its value on it.
    let mut field = |row: usize, fx: f64, fw: f64, name: &str, given: Option<&str>| {
        let base = y + line_h * (row as f64 + 0.8);
        texts.push_str("<text class=\"label\"");
        push_attrs(&mut texts, &[("x", fx), ("y", base)]);
        texts.push('>');
        push_escaped(&mut texts, name);
        texts.push_str("</text>\n");
        let start = fx + super::font::text_width(name, label) + label * 0.5;
        push_segment(&mut rules, start, base + 0.6, fx + fw, base + 0.6);
        if let Some(v) = given.filter(|v| !v.is_empty()) {
            // A long value shrinks to its line rather than run past it.
            let room = (fx + fw - start - 0.5).max(1.0);
            let size = value.min(room / super::font::text_width(v, 1.0).max(1e-9));
            texts.push_str("<text class=\"value\"");
            let attrs = [("x", start + 0.5), ("y", base), ("font-size", size)];
            push_attrs(&mut texts, &attrs);
            let _ = write!(texts, " fill=\"{}\">", s.caption);
            push_escaped(&mut texts, v);
            texts.push_str("</text>\n");
        }
    };
    let half = (w - line_h * 0.5) / 2.0;
    let right = x + w - half;
    let msgs = header.messages();
    field(0, x, w, msgs.get("event"), header.event.as_deref());
    field(1, x, half, msgs.get("round"), header.round.as_deref());
    field(1, right, half, msgs.get("date"), header.date.as_deref());
    field(2, x, w, msgs.side(Player::Red), header.red.as_deref());
    field(3, x, w, msgs.side(Player::Black), header.black.as_deref());
    field(4, x, half, msgs.get("result"), None);
    // The swap box: a square to tick, then its word.
    let side = line_h * 0.42;
    let base = y + line_h * 4.8;
    rules.push('M');
    push_nums(&mut rules, &[right, base - side]);
    rules.push('h');
    push_num(&mut rules, side);
    rules.push('v');
    push_num(&mut rules, side);
    rules.push('h');
    push_num(&mut rules, -side);
    rules.push('Z');
    texts.push_str("<text class=\"label\"");
    push_attrs(
        &mut texts,
        &[("x", right + side + label * 0.5), ("y", base)],
    );
    texts.push('>');
    push_escaped(&mut texts, msgs.get("sheet-swapped"));
    texts.push_str("</text>\n");
    let _ = writeln!(
        out,
        "<g id=\"{prefix}record-header\">\n<path fill=\"none\" stroke=\"{}\" stroke-width=\"0.2\" d=\"{rules}\"/>\n<g fill=\"{}\" font-family=\"{family}\" font-size=\"{}\">",
        s.coord,
        s.coord,
        num(label)
    );
    out.push_str(&texts);
    out.push_str("</g>\n</g>\n");
}

impl RecordHeader {
    /// The words the sheet prints, in its language.
    fn messages(&self) -> Messages {
        Messages::for_language(self.lang.as_deref().unwrap_or("en"))
    }
}

/// A table to write a game down in the rectangle `(x, y, w, h)` mm: a
/// column for each player, each cell numbered with its move as twixtkit
/// numbers moves (plies: Red's first move is 1, Black's reply 2; a
/// continuation sheet numbers on), and a last line saying which moves the
/// sheet holds and how many sheets a full game on this board may need.
fn record_columns(
    out: &mut String,
    s: &Style,
    header: &RecordHeader,
    size: BoardSize,
    (x, y, w, h): (f64, f64, f64, f64),
    prefix: &str,
) {
    if w <= 6.0 || h <= 10.0 {
        return;
    }
    // Rows of about 6 mm, fewer when the board is small; the first is the
    // header, the last the note.
    let row_h = (h / 42.0).clamp(4.0, 7.0);
    let rows = ((h / row_h).floor() as usize).max(3);
    let row_h = h / rows as f64;
    let col_w = w / 2.0;
    let text = row_h * 0.5;
    let small = text * 0.7;
    let pairs = rows - 2;
    let _ = write!(
        out,
        "<g id=\"{prefix}record\" stroke=\"{}\" stroke-width=\"0.2\" fill=\"none\">\n<path d=\"",
        s.coord
    );
    let seg = push_segment;
    for i in 0..rows {
        let yy = y + row_h * i as f64;
        seg(out, x, yy, x + w, yy);
    }
    let table_bottom = y + row_h * (rows - 1) as f64;
    for xx in [x, x + col_w, x + w] {
        seg(out, xx, y, xx, table_bottom);
    }
    let _ = writeln!(
        out,
        "\"/>\n</g>\n<g id=\"{prefix}record-text\" fill=\"{}\" font-family=\"{}\" font-size=\"{}\">",
        s.coord,
        s.font_family.as_str(),
        num(text)
    );
    let baseline = |row: usize, size: f64| y + row_h * (row as f64 + 0.5) + size * 0.36;
    let cell = |out: &mut String, cx: f64, row: usize, t: &str, attrs: &str| {
        out.push_str("<text");
        push_attrs(out, &[("x", cx), ("y", baseline(row, text))]);
        let _ = writeln!(out, "{attrs}>{t}</text>");
    };
    let middle = " text-anchor=\"middle\"";
    let msgs = header.messages();
    let mut name = String::new();
    push_escaped(&mut name, msgs.side(Player::Red));
    let fill = format!("{middle} fill=\"{}\"", s.red_link);
    cell(out, x + col_w / 2.0, 0, &name, &fill);
    name.clear();
    push_escaped(&mut name, msgs.side(Player::Black));
    let fill = format!("{middle} fill=\"{}\"", s.black);
    cell(out, x + col_w * 1.5, 0, &name, &fill);
    // A continuation sheet's first move follows the sheet before's last.
    let per_sheet = 2 * pairs;
    let sheet = header.sheet.unwrap_or(1).max(1) as usize;
    let before = (sheet - 1) * per_sheet;
    // Ply numbers, small, at the left of each cell.
    let _ = writeln!(out, "<g font-size=\"{}\">", num(small));
    for r in 1..=pairs {
        for (c, ply) in [(0.0, before + 2 * r - 1), (1.0, before + 2 * r)] {
            out.push_str("<text");
            push_attrs(
                out,
                &[("x", x + col_w * c + 0.8), ("y", baseline(r, small))],
            );
            let _ = writeln!(out, ">{ply}</text>");
        }
    }
    out.push_str("</g>\n");
    let full = size.hole_count();
    let sheets = full.div_ceil(per_sheet);
    let numbers = [
        ("first", (before + 1).to_string()),
        ("last", (before + per_sheet).to_string()),
        ("size", format!("{}×{}", size.width(), size.height())),
        ("full", full.to_string()),
        ("sheets", sheets.to_string()),
        ("sheet", sheet.to_string()),
    ];
    let numbers: Vec<(&str, &str)> = numbers.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let key = if sheet == 1 {
        "sheet-moves"
    } else {
        "sheet-moves-on"
    };
    let note = msgs.fill(key, &numbers);
    out.push_str("<text");
    let note_size = small.min(w / note.chars().count() as f64 * 1.8);
    let attrs = [
        ("x", x),
        ("y", baseline(rows - 1, small)),
        ("font-size", note_size),
    ];
    push_attrs(out, &attrs);
    out.push('>');
    push_escaped(out, &note);
    out.push_str("</text>\n");
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_board_is_written_in_the_format_asked_for_or_named() {
        let opts = BlankOptions {
            size: BoardSize::square(12).unwrap(),
            paper: Paper::default(),
            margin_mm: 10.0,
            pitch_mm: None,
            per_page: 1,
            coords: Sides::default(),
            border_lines: true,
            guides: false,
            record: false,
            header: RecordHeader::default(),
        };
        let style = Style::rulebook();
        let mut bytes = Vec::new();
        let mut sink = |b: &[u8]| {
            bytes.extend_from_slice(b);
            Ok(())
        };
        write_blank(&opts, &style, None, 150.0, Destination::Sink(&mut sink)).unwrap();
        assert!(String::from_utf8_lossy(&bytes).contains("<svg"));
        let dir = tempfile::tempdir().unwrap();
        let pdf = dir.path().join("board.pdf");
        write_blank(&opts, &style, None, 150.0, Destination::File(&pdf)).unwrap();
        assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
        let png = dir.path().join("board.png");
        let e = write_blank(
            &opts,
            &style,
            Some(PictureFormat::Svg),
            150.0,
            Destination::File(&png),
        );
        assert!(matches!(e, Err(WriteBlankError::Choose(_))) && !png.exists());
    }

    #[test]
    fn the_paper_turns_for_wide_boards_and_one_board_with_its_record() {
        let a4 = Paper::A4;
        let square = BoardSize::STANDARD;
        let wide: BoardSize = "30x20".parse().unwrap();
        assert_eq!(paper_for(a4, square, false, 1, None), a4);
        assert!(paper_for(a4, wide, false, 1, None).is_landscape());
        assert!(paper_for(a4, square, true, 1, None).is_landscape());
        assert_eq!(paper_for(a4, square, true, 2, None), a4);
        assert_eq!(paper_for(a4, wide, false, 1, Some(false)), a4);
        assert!(paper_for(a4, square, false, 1, Some(true)).is_landscape());
    }

    #[test]
    fn several_boards_share_a_page() {
        let s = Style::builtin("print").unwrap();
        let four = blank_page(
            &BlankOptions {
                per_page: 4,
                ..BlankOptions::default()
            },
            &s,
        );
        assert_eq!(four.matches("-diagram\"").count(), 4);
        assert!(four.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"210mm\" height=\"297mm\""));
        let one = blank_page(&BlankOptions::default(), &s);
        assert!(one.len() < 20_000, "{}", one.len());
    }
}
