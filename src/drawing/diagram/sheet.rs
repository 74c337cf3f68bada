//! Page sheets: diagrams laid out in a grid on pages of a given paper size,
//! sized in millimetres so a page prints true to size.

use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

use super::model::Diagram;
use super::style::Style;
use super::svg::{Layout, num, push_attrs, push_escaped, push_num, push_nums, write_body};

/// A paper size in millimetres (width × height as printed).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Paper {
    /// Width in millimetres.
    pub width_mm: f64,
    /// Height in millimetres.
    pub height_mm: f64,
}

impl Paper {
    /// A paper `width_mm` × `height_mm`.
    const fn mm(width_mm: f64, height_mm: f64) -> Paper {
        Paper {
            width_mm,
            height_mm,
        }
    }

    /// ISO A4, portrait (210 × 297 mm).
    pub const A4: Paper = Paper::mm(210.0, 297.0);
    /// ISO A3, portrait (297 × 420 mm).
    pub const A3: Paper = Paper::mm(297.0, 420.0);
    /// ISO A5, portrait (148 × 210 mm).
    pub const A5: Paper = Paper::mm(148.0, 210.0);
    /// US Letter, portrait (8.5 × 11 in).
    pub const LETTER: Paper = Paper::mm(215.9, 279.4);
    /// US Legal, portrait (8.5 × 14 in).
    pub const LEGAL: Paper = Paper::mm(215.9, 355.6);

    /// Long side across.
    pub fn landscape(self) -> Paper {
        Paper::mm(
            self.width_mm.max(self.height_mm),
            self.width_mm.min(self.height_mm),
        )
    }

    /// Long side down.
    pub fn portrait(self) -> Paper {
        Paper::mm(
            self.width_mm.min(self.height_mm),
            self.width_mm.max(self.height_mm),
        )
    }

    /// Whether it is wider than tall.
    pub fn is_landscape(self) -> bool {
        self.width_mm > self.height_mm
    }
}

impl Default for Paper {
    fn default() -> Self {
        Paper::A4
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut w = String::new();
        push_num(&mut w, self.width_mm);
        let mut h = String::new();
        push_num(&mut h, self.height_mm);
        write!(f, "{w}x{h}mm")
    }
}

/// Why a paper size could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a paper size: a4, a3, a5, letter, legal or WIDTHxHEIGHT in mm from 20 to 2000 (like 210x297), found `{0}`"
)]
pub struct ParsePaperError(pub String);

impl FromStr for Paper {
    type Err = ParsePaperError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let err = || ParsePaperError(s.to_string());
        Ok(match t.as_str() {
            "a4" => Paper::A4,
            "a3" => Paper::A3,
            "a5" => Paper::A5,
            "letter" => Paper::LETTER,
            "legal" => Paper::LEGAL,
            _ => {
                let t = t.strip_suffix("mm").unwrap_or(&t);
                let (w, h) = t.split_once(['x', '×']).ok_or_else(err)?;
                let num = |v: &str| -> Result<f64, ParsePaperError> {
                    let v: f64 = v.trim().parse().map_err(|_| err())?;
                    if v.is_finite() && (20.0..=2000.0).contains(&v) {
                        Ok(v)
                    } else {
                        Err(err())
                    }
                };
                Paper::mm(num(w)?, num(h)?)
            }
        })
    }
}

/// How diagrams are laid out on pages (`twixt sheet`'s paper and grid).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct SheetOptions {
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm.
    #[cfg_attr(feature = "cli", arg(long, default_value = "a4"))]
    pub paper: Paper,
    /// Space left blank at each page edge.
    #[cfg_attr(feature = "cli", arg(skip = SheetOptions::default().margin_mm))]
    pub margin_mm: f64,
    /// Space between neighbouring diagrams.
    #[cfg_attr(feature = "cli", arg(skip = SheetOptions::default().gap_mm))]
    pub gap_mm: f64,
    /// Diagrams across, 1 to 12 (default 2 portrait, 3 landscape).
    #[cfg_attr(feature = "cli", arg(long,
        value_parser = clap::builder::RangedI64ValueParser::<usize>::new().range(1..=12)))]
    pub columns: Option<usize>,
    /// Diagrams down, 1 to 12 (default 3 portrait, 2 landscape).
    #[cfg_attr(feature = "cli", arg(long,
        value_parser = clap::builder::RangedI64ValueParser::<usize>::new().range(1..=12)))]
    pub rows: Option<usize>,
    /// The hole pitch of every diagram, in mm (`5mm` or `5`, 0.5 to 20);
    /// default: as large as the cells allow.
    #[cfg_attr(feature = "cli", arg(long = "pitch", value_name = "MM",
        value_parser = super::blank::parse_pitch_mm))]
    pub pitch_mm: Option<f64>,
    /// Text at the top of every page.
    #[cfg_attr(feature = "cli", arg(skip))]
    pub title: Option<String>,
}

impl Default for SheetOptions {
    fn default() -> Self {
        SheetOptions {
            paper: Paper::A4,
            margin_mm: 12.0,
            gap_mm: 6.0,
            columns: None,
            rows: None,
            pitch_mm: None,
            title: None,
        }
    }
}

impl SheetOptions {
    /// Diagrams across and down: as asked, else 2 × 3 on upright paper and
    /// 3 × 2 on paper turned long side across.
    fn grid(&self) -> (usize, usize) {
        let wide = self.paper.is_landscape();
        let (across, down) = if wide { (3, 2) } else { (2, 3) };
        // Zero is no grid: taken as not asked.
        let or = |n: Option<usize>, default| n.filter(|&n| n > 0).unwrap_or(default);
        (or(self.columns, across), or(self.rows, down))
    }
}

/// Smallest printed text sizes on a sheet.
const MIN_CAPTION_MM: f64 = 3.0;
const MIN_COORD_MM: f64 = 1.8;

/// Height of the title and page-number lines.
const HEADER_MM: f64 = 8.0;
const FOOTER_MM: f64 = 6.0;

/// Writes a page's opening `<svg>` sized in millimetres, and its background.
pub(crate) fn open_page(out: &mut String, paper: Paper, style: &Style) {
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
    push_num(out, paper.width_mm);
    out.push_str("mm\" height=\"");
    push_num(out, paper.height_mm);
    out.push_str("mm\" viewBox=\"0 0 ");
    push_nums(out, &[paper.width_mm, paper.height_mm]);
    out.push_str("\">\n");
    if !style.background.is_none() {
        out.push_str("<rect id=\"page\"");
        push_attrs(
            out,
            &[("width", paper.width_mm), ("height", paper.height_mm)],
        );
        let _ = writeln!(out, " fill=\"{}\"/>", style.background);
    }
}

/// Places one diagram with its top-left picture corner at `(x, y)` mm,
/// `k` mm per unit, its ids prefixed with `prefix`.
pub(crate) fn place(
    out: &mut String,
    d: &Diagram,
    style: &Style,
    layout: &Layout,
    k: f64,
    (x, y): (f64, f64),
    prefix: &str,
) {
    let _ = write!(out, "<g id=\"{prefix}diagram\" transform=\"matrix(");
    push_nums(out, &[k, 0.0, 0.0, k, x - k * layout.x, y - k * layout.y]);
    out.push_str(")\">\n");
    write_body(out, d, style, layout, prefix);
    out.push_str("</g>\n");
}

fn centred_text(out: &mut String, id: &str, x: f64, y: f64, size: f64, style: &Style, t: &str) {
    let _ = write!(
        out,
        "<text id=\"{id}\" fill=\"{}\" font-family=\"{}\" text-anchor=\"middle\" font-size=\"{}\"",
        style.caption,
        style.font_family.as_str(),
        num(size)
    );
    push_attrs(out, &[("x", x), ("y", y)]);
    out.push('>');
    push_escaped(out, t);
    out.push_str("</text>\n");
}

/// Lays `diagrams` out in a grid, as many pages as needed; returns one SVG
/// document per page. All diagrams share one scale, so holes have the same
/// spacing everywhere. No diagrams gives no pages.
pub fn sheets(diagrams: &[Diagram], style: &Style, opts: &SheetOptions) -> Vec<String> {
    let frames: Vec<Diagram> = diagrams.iter().map(frame).collect();
    let Some(plan) = SheetPlan::new(&frames, style, opts) else {
        return Vec::new();
    };
    diagrams
        .chunks(plan.per_page())
        .enumerate()
        .map(|(page, on_page)| plan.page(page, on_page))
        .collect()
}

/// A diagram without its pieces: what decides the size it takes on a page
/// (board, crop, coordinates, caption). [`SheetPlan::new`] needs only these,
/// so that a long run of diagrams can be planned without holding them all.
pub fn frame(d: &Diagram) -> Diagram {
    Diagram {
        pegs: Default::default(),
        links: Default::default(),
        labels: Default::default(),
        marks: Default::default(),
        last: None,
        ..d.clone()
    }
}

/// The cells of a sheet's pages, its title and page numbers: where each
/// picture goes, whatever draws it.
#[derive(Debug, Clone)]
struct Cells {
    paper: Paper,
    title: Option<String>,
    cols: usize,
    rows: usize,
    pages: usize,
    header: f64,
    margin: f64,
    gap: f64,
    cell_w: f64,
    cell_h: f64,
}

impl Cells {
    /// The cells for `count` pictures; `None` for none.
    fn new(count: usize, opts: &SheetOptions) -> Option<Cells> {
        if count == 0 {
            return None;
        }
        let paper = opts.paper;
        let (cols, rows) = opts.grid();
        let pages = count.div_ceil(cols * rows);
        let header = if opts.title.is_some() { HEADER_MM } else { 0.0 };
        let footer = if pages > 1 { FOOTER_MM } else { 0.0 };
        let m = opts.margin_mm.max(0.0);
        let gap = opts.gap_mm.max(0.0);
        let cell_w =
            ((paper.width_mm - 2.0 * m - gap * (cols as f64 - 1.0)) / cols as f64).max(1.0);
        let cell_h = ((paper.height_mm - 2.0 * m - header - footer - gap * (rows as f64 - 1.0))
            / rows as f64)
            .max(1.0);
        Some(Cells {
            paper,
            title: opts.title.clone(),
            cols,
            rows,
            pages,
            header,
            margin: m,
            gap,
            cell_w,
            cell_h,
        })
    }

    fn per_page(&self) -> usize {
        self.cols * self.rows
    }

    /// The top-left corner of the `i`th cell of a page, in mm.
    fn corner(&self, i: usize) -> (f64, f64) {
        let (c, r) = (i % self.cols, i / self.cols);
        (
            self.margin + c as f64 * (self.cell_w + self.gap),
            self.margin + self.header + r as f64 * (self.cell_h + self.gap),
        )
    }

    /// Page `page` (from 0) as an SVG document: its title, what `body`
    /// draws in its cells, and its number when there are several.
    fn page(&self, page: usize, style: &Style, body: impl FnOnce(&mut String)) -> String {
        let (paper, m) = (self.paper, self.margin);
        let mut out = String::with_capacity(16384);
        open_page(&mut out, paper, style);
        if let Some(t) = &self.title {
            let (y, size) = (m + HEADER_MM * 0.6, HEADER_MM * 0.55);
            centred_text(&mut out, "title", paper.width_mm / 2.0, y, size, style, t);
        }
        body(&mut out);
        if self.pages > 1 {
            let label = format!("{} / {}", page + 1, self.pages);
            let (y, size) = (paper.height_mm - m - FOOTER_MM * 0.2, FOOTER_MM * 0.55);
            centred_text(
                &mut out,
                "page-number",
                paper.width_mm / 2.0,
                y,
                size,
                style,
                &label,
            );
        }
        out.push_str("</svg>\n");
        out
    }
}

/// The grid, the one scale and the page count of a sheet, planned from the
/// [`frame`]s of all its diagrams; then each page is drawn on its own.
#[derive(Debug, Clone)]
pub struct SheetPlan {
    style: Style,
    cells: Cells,
    k: f64,
    /// The largest scale at which every diagram fits its cell.
    fit: f64,
}

impl SheetPlan {
    /// Plans the pages for diagrams of these frames; `None` for no diagrams.
    pub fn new(frames: &[Diagram], style: &Style, opts: &SheetOptions) -> Option<SheetPlan> {
        let cells = Cells::new(frames.len(), opts)?;
        let scale = |style: &Style| -> f64 {
            frames
                .iter()
                .map(|d| {
                    let l = Layout::new(d, style);
                    (cells.cell_w / l.width).min(cells.cell_h / l.height)
                })
                .fold(f64::INFINITY, f64::min)
        };
        let k0 = scale(style);
        // Small diagrams (big boards, many per page) keep readable text: at
        // least 3 mm captions and 1.8 mm coordinates, in print.
        let mut sized = style.clone();
        sized.caption_size = style.caption_size.max(MIN_CAPTION_MM / k0).min(3.0);
        sized.coord_size = style.coord_size.max(MIN_COORD_MM / k0).min(0.9);
        let fit = scale(&sized);
        // One unit of a diagram is a hole pitch: a pitch asked for is the
        // scale, where the diagrams fit ([`SheetPlan::largest_pitch_mm`]).
        let k = opts.pitch_mm.map_or(fit, |p| p.min(fit));
        Some(SheetPlan {
            style: sized,
            cells,
            k,
            fit,
        })
    }

    /// The largest hole pitch, in mm, at which every diagram fits its cell.
    pub fn largest_pitch_mm(&self) -> f64 {
        self.fit
    }

    /// Diagrams on a full page.
    pub fn per_page(&self) -> usize {
        self.cells.per_page()
    }

    /// Pages in all.
    pub fn pages(&self) -> usize {
        self.cells.pages
    }

    /// Page `page` (from 0) as an SVG document, showing `diagrams`: the
    /// diagrams of that page, at most [`SheetPlan::per_page`].
    pub fn page(&self, page: usize, diagrams: &[Diagram]) -> String {
        let (style, k, cells) = (&self.style, self.k, &self.cells);
        let first = page * self.per_page();
        cells.page(page, style, |out| {
            for (i, d) in diagrams.iter().take(self.per_page()).enumerate() {
                let l = Layout::new(d, style);
                let (cx, cy) = cells.corner(i);
                // Centre across the cell, keep to its top.
                let x = cx + (cells.cell_w - l.width * k) / 2.0;
                let prefix = format!("d{}-", first + i + 1);
                place(out, d, style, &l, k, (x, cy), &prefix);
            }
        })
    }
}

/// The `viewBox` (or `0 0 width height` in px) of a standalone SVG
/// document's root element.
fn root_box(svg: &str) -> Option<[f64; 4]> {
    let start = svg.find("<svg")?;
    let root = &svg[start..start + svg[start..].find('>')?];
    let attr = |name: &str| -> Option<&str> {
        let key = format!(" {name}=\"");
        let at = root.find(&key)? + key.len();
        Some(&root[at..at + root[at..].find('"')?])
    };
    if let Some(v) = attr("viewBox") {
        let n: Vec<f64> = v
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        if let [x, y, w, h] = n[..]
            && w > 0.0
            && h > 0.0
        {
            return Some([x, y, w, h]);
        }
    }
    let px = |s: &str| s.trim_end_matches("px").parse::<f64>().ok();
    Some([0.0, 0.0, px(attr("width")?)?, px(attr("height")?)?])
}

/// Lays finished pictures (standalone SVG documents of any game) out on
/// pages in a grid, each scaled to fit its cell, with the title on top and
/// page numbers below: the sheet of a game that draws its own pictures.
/// One SVG document per page; no pictures gives no pages.
pub fn picture_pages(pictures: &[String], opts: &SheetOptions, style: &Style) -> Vec<String> {
    let Some(cells) = Cells::new(pictures.len(), opts) else {
        return Vec::new();
    };
    let pages = pictures.chunks(cells.per_page()).enumerate();
    pages
        .map(|(page, chunk)| {
            cells.page(page, style, |s| {
                for (i, svg) in chunk.iter().enumerate() {
                    let Some([vx, vy, w, h]) = root_box(svg) else {
                        continue;
                    };
                    let body_start = svg
                        .find("<svg")
                        .and_then(|a| svg[a..].find('>').map(|b| a + b + 1));
                    let (Some(a), Some(b)) = (body_start, svg.rfind("</svg>")) else {
                        continue;
                    };
                    let k = (cells.cell_w / w).min(cells.cell_h / h);
                    let (x, y) = cells.corner(i);
                    let x = x + (cells.cell_w - k * w) / 2.0;
                    let _ = write!(s, "<svg id=\"picture-{}\"", i + 1);
                    push_attrs(
                        s,
                        &[("x", x), ("y", y), ("width", k * w), ("height", k * h)],
                    );
                    s.push_str(" viewBox=\"");
                    push_nums(s, &[vx, vy, w, h]);
                    s.push_str("\">\n");
                    // Ids stay unique on the page.
                    s.push_str(&svg[a..b].replace(" id=\"", &format!(" id=\"p{}-", i + 1)));
                    s.push_str("</svg>\n");
                }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papers_parse() {
        assert_eq!("A4".parse::<Paper>().unwrap(), Paper::A4);
        assert_eq!(
            "210x297".parse::<Paper>().unwrap(),
            Paper {
                width_mm: 210.0,
                height_mm: 297.0
            }
        );
        assert_eq!("100x150mm".parse::<Paper>().unwrap().height_mm, 150.0);
        for bad in ["a9", "0x10", "10x", "nanxnan", "1e9x10", ""] {
            assert!(bad.parse::<Paper>().is_err(), "{bad}");
        }
        assert!(Paper::A4.landscape().is_landscape());
    }
}
