//! A book as PDF: the text and diagrams laid out on pages of a chosen paper
//! (page SVGs in millimetres, turned into one PDF by
//! [`svgs_to_pdf`](crate::diagram::pdf::svgs_to_pdf())); diagrams two per row
//! where they follow each other, never cut by a page break; page numbers.

use std::fmt::Write as _;

use crate::diagram::Style;
use crate::diagram::pdf::{PdfError, PdfInfo, svgs_to_pdf};
use crate::diagram::sheet::{Paper, open_page, place};
use crate::diagram::svg::{Layout, push_escaped, push_num};

use super::html::Styles;
use super::{Art, Block, Book, Figure};

/// Page geometry and type sizes, in millimetres.
const MARGIN: f64 = 18.0;
const BODY: f64 = 3.5;
const CAPTION: f64 = 3.1;
const LEADING: f64 = 1.45;
const TITLE: f64 = 6.5;
const HEADING: f64 = 5.0;
const GAP: f64 = 8.0;
const INDENT: f64 = 6.0;
const FOOTER: f64 = 8.0;
const TEXT: &str = "#222222";
const GREY: &str = "#555555";

/// The PDF of `book` on `paper`.
pub fn to_pdf(book: &Book, styles: &Styles, paper: Paper) -> Result<Vec<u8>, PdfError> {
    let mut w = Pages::new(paper, styles.default);
    for (i, c) in book.chapters.iter().enumerate() {
        if i > 0 {
            w.space(GAP);
        }
        let size = if i == 0 { TITLE } else { HEADING };
        w.paragraph(&c.title, size, TEXT, 0.0, "");
        w.space(1.5);
        for (k, v) in &c.facts {
            w.paragraph(&format!("{k}: {v}"), BODY, GREY, 0.0, "");
        }
        w.space(3.0);
        w.blocks(&c.blocks, styles, 0);
    }
    let pages = w.finish();
    let info = PdfInfo {
        title: Some(book.title.clone()),
        authors: Vec::new(),
    };
    svgs_to_pdf(&pages, &info)
}

/// Pages being filled, top to bottom.
struct Pages {
    paper: Paper,
    background: Style,
    done: Vec<String>,
    page: String,
    y: f64,
}

impl Pages {
    fn new(paper: Paper, style: &Style) -> Pages {
        let mut p = Pages {
            paper,
            background: style.clone(),
            done: Vec::new(),
            page: String::new(),
            y: 0.0,
        };
        p.open();
        p
    }

    fn width(&self) -> f64 {
        self.paper.width_mm - 2.0 * MARGIN
    }

    fn bottom(&self) -> f64 {
        self.paper.height_mm - MARGIN - FOOTER
    }

    fn open(&mut self) {
        self.page.clear();
        open_page(&mut self.page, self.paper, &self.background);
        self.y = MARGIN;
    }

    fn close(&mut self) {
        let n = self.done.len() + 1;
        let y = self.paper.height_mm - MARGIN + 2.0;
        text(
            &mut self.page,
            self.paper.width_mm / 2.0,
            y,
            CAPTION,
            GREY,
            "middle",
            &n.to_string(),
        );
        self.page.push_str("</svg>\n");
        self.done.push(std::mem::take(&mut self.page));
    }

    /// Starts a new page unless `height` more fits on this one.
    fn room(&mut self, height: f64) {
        if self.y + height > self.bottom() && self.y > MARGIN {
            self.close();
            self.open();
        }
    }

    fn space(&mut self, h: f64) {
        if self.y > MARGIN {
            self.y += h;
        }
    }

    /// Wrapped text; a paragraph may continue on the next page.
    fn paragraph(&mut self, t: &str, size: f64, colour: &str, indent: f64, style: &str) {
        let lh = size * LEADING;
        for line in wrap_even(t, size, self.width() - indent) {
            self.room(lh);
            self.y += lh;
            let x = MARGIN + indent;
            text_styled(
                &mut self.page,
                x,
                self.y - lh * 0.28,
                size,
                colour,
                "start",
                style,
                &line,
            );
        }
        self.y += size * 0.5;
    }

    fn blocks(&mut self, blocks: &[Block], styles: &Styles, depth: usize) {
        let indent = INDENT * depth as f64;
        let mut i = 0;
        while i < blocks.len() {
            match &blocks[i] {
                Block::Moves(m) => self.paragraph(m, BODY, TEXT, indent, ""),
                Block::Comment(c) => {
                    for para in c.split("\n\n").filter(|p| !p.trim().is_empty()) {
                        self.paragraph(para.trim(), BODY, TEXT, indent, "");
                    }
                }
                Block::Variation(v) => self.blocks(v, styles, depth + 1),
                Block::Figure(_) => {
                    // Figures that follow each other go two to a row.
                    let mut row = Vec::new();
                    while let Some(Block::Figure(f)) = blocks.get(i) {
                        if row.len() == 2 {
                            self.figure_row(&row, styles);
                            row.clear();
                        }
                        row.push(f);
                        i += 1;
                    }
                    self.figure_row(&row, styles);
                    continue;
                }
            }
            i += 1;
        }
    }

    fn figure_row(&mut self, row: &[&Figure], styles: &Styles) {
        // Two to a row; a figure alone in its row is drawn larger.
        let cell = if row.len() == 1 {
            (self.width() * 0.7).min(130.0)
        } else {
            (self.width() - GAP) / 2.0
        };
        // Each picture's layout (TwixT), its size in its own units, and the
        // scale that fits it to the cell.
        type Laid = (Option<Layout>, (f64, f64), f64, Vec<CaptionLine>);
        let laid: Vec<Laid> = row
            .iter()
            .map(|f| {
                let (layout, size) = match &f.art {
                    Art::Twixt(d) => {
                        let l = Layout::new(d, styles.of(f));
                        let size = (l.width, l.height);
                        (Some(l), size)
                    }
                    Art::Svg { width, height, .. } => (None, (*width, *height)),
                };
                let k = cell / size.0.max(size.1);
                (layout, size, k, caption_lines(f, cell))
            })
            .collect();
        let lh = CAPTION * LEADING;
        let height = laid
            .iter()
            .map(|(_, size, k, lines)| size.1 * k + 2.0 + lh * lines.len() as f64)
            .fold(0.0, f64::max);
        self.space(2.0);
        self.room(height);
        let top = self.y;
        let total = cell * row.len() as f64 + GAP * (row.len() as f64 - 1.0);
        let left = MARGIN + (self.width() - total) / 2.0;
        for (j, (f, (layout, size, k, lines))) in row.iter().zip(&laid).enumerate() {
            let x0 = left + j as f64 * (cell + GAP);
            let dw = size.0 * k;
            let prefix = format!("d{}-", f.number);
            let at = (x0 + (cell - dw) / 2.0, top);
            match (&f.art, layout) {
                (Art::Twixt(d), layout) => {
                    if let Some(layout) = layout {
                        place(&mut self.page, d, styles.of(f), layout, *k, at, &prefix);
                    }
                }
                (Art::Svg { svg, width, height }, _) => {
                    // A drawing of its own, scaled into place.
                    self.page.push_str("<svg x=\"");
                    push_num(&mut self.page, at.0);
                    self.page.push_str("\" y=\"");
                    push_num(&mut self.page, at.1);
                    self.page.push_str("\" width=\"");
                    push_num(&mut self.page, width * k);
                    self.page.push_str("\" height=\"");
                    push_num(&mut self.page, height * k);
                    let _ = write!(self.page, "\" viewBox=\"0 0 {width} {height}\">");
                    self.page.push_str(&Art::inner(svg, &prefix));
                    self.page.push_str("</svg>\n");
                }
            }
            let mut y = top + size.1 * k + 2.0;
            for (line, colour, style) in lines {
                y += lh;
                text_styled(
                    &mut self.page,
                    x0 + cell / 2.0,
                    y - lh * 0.28,
                    CAPTION,
                    colour,
                    "middle",
                    style,
                    line,
                );
            }
        }
        self.y = top + height + 3.0;
    }

    fn finish(mut self) -> Vec<String> {
        self.close();
        self.done
    }
}

/// A line of a caption: its text, colour and weight or slant.
type CaptionLine = (String, &'static str, &'static str);

/// The lines under a figure: its label, caption, translation (italic) and notes.
fn caption_lines(f: &Figure, width: f64) -> Vec<CaptionLine> {
    let mut out = Vec::new();
    let mut add = |t: &str, colour: &'static str, style: &'static str| {
        for l in wrap_even(t, CAPTION, width) {
            out.push((l, colour, style));
        }
    };
    add(&f.label, TEXT, "bold");
    if let Some(c) = &f.caption {
        add(c, TEXT, "");
    }
    if let Some(t) = &f.translation {
        add(t, GREY, "italic");
    }
    if !f.notes.is_empty() {
        add(&f.notes.join(", "), GREY, "");
    }
    out
}

pub use crate::diagram::font::wrap_even;

fn text(out: &mut String, x: f64, y: f64, size: f64, colour: &str, anchor: &str, t: &str) {
    text_styled(out, x, y, size, colour, anchor, "", t);
}

#[allow(clippy::too_many_arguments)]
fn text_styled(
    out: &mut String,
    x: f64,
    y: f64,
    size: f64,
    colour: &str,
    anchor: &str,
    style: &str,
    t: &str,
) {
    let _ = write!(
        out,
        "<text font-family=\"DejaVu Sans\" fill=\"{colour}\" text-anchor=\"{anchor}\" font-size=\""
    );
    push_num(out, size);
    match style {
        "bold" => out.push_str("\" font-weight=\"bold"),
        "italic" => out.push_str("\" font-style=\"italic"),
        _ => {}
    }
    out.push_str("\" x=\"");
    push_num(out, x);
    out.push_str("\" y=\"");
    push_num(out, y);
    out.push_str("\">");
    push_escaped(out, t);
    out.push_str("</text>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::font::text_width;

    #[test]
    fn no_lone_word_ends_a_caption() {
        let t = "Black steps between the red chain and the red line and loses";
        for width in [30.0, 40.0, 50.0, 60.0] {
            let lines = wrap_even(t, CAPTION, width);
            if lines.len() > 1 {
                assert!(lines.last().unwrap().contains(' '), "{width}: {lines:?}");
            }
            for l in &lines {
                assert!(text_width(l, CAPTION) <= width, "{l}");
            }
            assert_eq!(lines.join(" "), t);
        }
    }
}
