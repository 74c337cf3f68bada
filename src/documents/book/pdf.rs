//! A book as PDF: the text and diagrams laid out on pages of a chosen paper
//! (page SVGs in millimetres, turned into one PDF by
//! [`svgs_to_pdf`](crate::diagram::pdf::svgs_to_pdf())); diagrams two per row
//! where they follow each other, never cut by a page break; page numbers.
//!
//! The text is first made into items (lines, figure rows, spaces), each with
//! its glue to the next (`Glue`), then set on pages: a run of items glued
//! together moves to the next page whole when it does not fit, so that a
//! title block stays with the first moves or diagram under it, the comments
//! that open a game or a variation with its first moves, the moves with the
//! diagram that shows them, and no paragraph leaves a lone line at the foot
//! or the head of a page.

use std::fmt::Write as _;

use crate::diagram::Style;
use crate::diagram::pdf::{PdfError, PdfInfo, svgs_to_pdf};
use crate::diagram::sheet::{Paper, open_page, place};
use crate::diagram::{Layout, push_escaped, push_num};

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
    let info = PdfInfo {
        title: Some(book.title.clone()),
        authors: Vec::new(),
    };
    svgs_to_pdf(&pages(book, styles, paper), &info)
}

/// The pages of `book` on `paper`, as SVG documents in millimetres.
fn pages(book: &Book, styles: &Styles, paper: Paper) -> Vec<String> {
    let mut f = Flow::new(paper.width_mm - 2.0 * MARGIN);
    for (i, c) in book.chapters.iter().enumerate() {
        if i > 0 {
            f.space(GAP);
        }
        // The title block: the title and the facts, kept together and with
        // the first line (or diagram) of the text under them.
        let head = f.items.len();
        let size = if i == 0 { TITLE } else { HEADING };
        f.paragraph(&c.title, size, TEXT, 0.0);
        f.space(1.5);
        for (k, v) in &c.facts {
            f.paragraph(&format!("{k}: {v}"), BODY, GREY, 0.0);
        }
        f.hold(head, Glue::Keep);
        f.space(3.0);
        let text = f.items.len();
        f.blocks(&c.blocks, styles, 0);
        if f.items.len() == text {
            // Nothing follows: the block holds to nothing.
            f.hold_last(Glue::Break);
        }
    }
    Pages::new(paper, styles.default).set(&f.items, styles)
}

/// How an item holds to the next one (spaces aside): a page may end
/// between them or not. Ordered from the weakest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Glue {
    /// A page may end here.
    Break,
    /// Kept with the next item when the run of items kept together fits on
    /// a page; a longer run may break here. The comments that open a game
    /// or a variation hold so to its first moves.
    Soft,
    /// Kept with the next item unless the run of items kept together is
    /// taller than a page: a title block with the text under it, a
    /// paragraph's first two and last two lines (no lone line at the foot
    /// or the head of a page), moves with the diagram they lead to.
    Keep,
}

/// A piece of the text, in reading order, before it is set on pages.
struct Item<'a> {
    /// The height it takes on a page (a figure row: its pictures and
    /// captions, a line: its leading).
    height: f64,
    glue: Glue,
    kind: Kind<'a>,
}

enum Kind<'a> {
    /// Vertical space, dropped at the head of a page.
    Space,
    /// A line of text.
    Line {
        text: String,
        size: f64,
        colour: &'static str,
        indent: f64,
    },
    /// Diagrams side by side, with their captions.
    Row(Row<'a>),
}

/// Figures in a row: each cell's figure, picture layout (TwixT), size in
/// its own units, the scale that fits it to the cell, and caption lines.
struct Row<'a> {
    cell: f64,
    figures: Vec<(&'a Figure, Laid)>,
}

type Laid = (Option<Layout>, (f64, f64), f64, Vec<CaptionLine>);

/// The book's text as items, each with its height and glue: what the
/// page breaker works on.
struct Flow<'a> {
    width: f64,
    items: Vec<Item<'a>>,
}

impl<'a> Flow<'a> {
    fn new(width: f64) -> Flow<'a> {
        Flow {
            width,
            items: Vec::new(),
        }
    }

    fn space(&mut self, h: f64) {
        self.items.push(Item {
            height: h,
            glue: Glue::Break,
            kind: Kind::Space,
        });
    }

    /// Raises the glue of every item from `start` on to at least `glue`.
    fn hold(&mut self, start: usize, glue: Glue) {
        for it in &mut self.items[start..] {
            if !matches!(it.kind, Kind::Space) {
                it.glue = it.glue.max(glue);
            }
        }
    }

    /// Sets the glue of the last item that is not a space.
    fn hold_last(&mut self, glue: Glue) {
        if let Some(it) = self
            .items
            .iter_mut()
            .rev()
            .find(|it| !matches!(it.kind, Kind::Space))
        {
            it.glue = glue;
        }
    }

    /// Wrapped text; a paragraph may continue on the next page, leaving at
    /// least two of its lines on each.
    fn paragraph(&mut self, t: &str, size: f64, colour: &'static str, indent: f64) {
        let lh = size * LEADING;
        let lines = wrap_even(t, size, self.width - indent);
        let n = lines.len();
        for (i, text) in lines.into_iter().enumerate() {
            let glue = if n > 1 && (i == 0 || i + 2 == n) {
                Glue::Keep
            } else {
                Glue::Break
            };
            self.items.push(Item {
                height: lh,
                glue,
                kind: Kind::Line {
                    text,
                    size,
                    colour,
                    indent,
                },
            });
        }
        self.space(size * 0.5);
    }

    fn blocks(&mut self, blocks: &'a [Block], styles: &Styles, depth: usize) {
        let indent = INDENT * depth as f64;
        // The comments before the first moves or diagram of a game or a
        // variation introduce them: kept with them if they fit on a page.
        let lead = blocks
            .iter()
            .position(|b| !matches!(b, Block::Comment(_)))
            .unwrap_or(0);
        let mut i = 0;
        while i < blocks.len() {
            let start = self.items.len();
            match &blocks[i] {
                Block::Moves(m) => {
                    self.paragraph(m, BODY, TEXT, indent);
                    // The moves a diagram shows lead to it.
                    if matches!(blocks.get(i + 1), Some(Block::Figure(_))) {
                        self.hold_last(Glue::Keep);
                    }
                }
                Block::Comment(c) => {
                    for para in c.split("\n\n").filter(|p| !p.trim().is_empty()) {
                        self.paragraph(para.trim(), BODY, TEXT, indent);
                    }
                    if i < lead {
                        self.hold(start, Glue::Soft);
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
                        row.push(&**f);
                        i += 1;
                    }
                    self.figure_row(&row, styles);
                    continue;
                }
            }
            i += 1;
        }
    }

    fn figure_row(&mut self, row: &[&'a Figure], styles: &Styles) {
        // Two to a row; a figure alone in its row is drawn larger.
        let cell = if row.len() == 1 {
            (self.width * 0.7).min(130.0)
        } else {
            (self.width - GAP) / 2.0
        };
        let figures: Vec<(&Figure, Laid)> = row
            .iter()
            .map(|&f| {
                let (layout, size) = match &f.art {
                    Art::Twixt(d) => {
                        let l = Layout::new(d, styles.of(f));
                        let size = (l.width, l.height);
                        (Some(l), size)
                    }
                    Art::Svg { width, height, .. } => (None, (*width, *height)),
                };
                let k = cell / size.0.max(size.1);
                (f, (layout, size, k, caption_lines(f, cell)))
            })
            .collect();
        let lh = CAPTION * LEADING;
        let height = figures
            .iter()
            .map(|(_, (_, size, k, lines))| size.1 * k + 2.0 + lh * lines.len() as f64)
            .fold(0.0, f64::max);
        self.space(2.0);
        self.items.push(Item {
            height,
            glue: Glue::Break,
            kind: Kind::Row(Row { cell, figures }),
        });
        self.space(3.0);
    }
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

    /// The items set on pages, one SVG per page. Before each run of items
    /// kept together, a new page starts unless the run fits on this one; a
    /// run taller than a page keeps only its stronger glue, or none.
    fn set(mut self, items: &[Item], styles: &Styles) -> Vec<String> {
        let body = self.bottom() - MARGIN;
        // Items up to this one are promised to the current page.
        let mut kept: Option<usize> = None;
        for (i, it) in items.iter().enumerate() {
            if let Kind::Space = it.kind {
                if self.y > MARGIN {
                    self.y += it.height;
                }
                continue;
            }
            if kept.is_none_or(|k| i > k) {
                let (end, need) = [Glue::Soft, Glue::Keep]
                    .into_iter()
                    .map(|g| run(items, i, g, body))
                    .find(|&(_, h)| h <= body)
                    .unwrap_or((i, it.height));
                if self.y + need > self.bottom() && self.y > MARGIN {
                    self.close();
                    self.open();
                }
                kept = Some(end);
            }
            self.draw(it, styles);
        }
        self.close();
        self.done
    }

    fn draw(&mut self, it: &Item, styles: &Styles) {
        match &it.kind {
            Kind::Space => {}
            Kind::Line {
                text,
                size,
                colour,
                indent,
            } => {
                self.y += it.height;
                text_styled(
                    &mut self.page,
                    MARGIN + indent,
                    self.y - it.height * 0.28,
                    *size,
                    colour,
                    "start",
                    "",
                    text,
                );
            }
            Kind::Row(row) => self.figure_row(row, it.height, styles),
        }
    }

    fn figure_row(&mut self, row: &Row, height: f64, styles: &Styles) {
        let cell = row.cell;
        let lh = CAPTION * LEADING;
        let top = self.y;
        let n = row.figures.len() as f64;
        let total = cell * n + GAP * (n - 1.0);
        let left = MARGIN + (self.width() - total) / 2.0;
        for (j, (f, (layout, size, k, lines))) in row.figures.iter().enumerate() {
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
        self.y = top + height;
    }
}

/// The run of items kept together from `items[start]` by glue of at least
/// `min`: the index of its last item and its height (spaces within
/// counted), or a height over `cap` once it is taller.
fn run(items: &[Item], start: usize, min: Glue, cap: f64) -> (usize, f64) {
    let mut h = 0.0;
    for (i, it) in items.iter().enumerate().skip(start) {
        h += it.height;
        if matches!(it.kind, Kind::Space) {
            continue;
        }
        if it.glue < min || h > cap {
            return (i, h);
        }
    }
    (items.len() - 1, h)
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
    use crate::book::Chapter;
    use crate::diagram::font::text_width;
    use std::collections::BTreeMap;

    fn figure(number: u32) -> Block {
        Block::Figure(Box::new(Figure {
            number,
            label: format!("Diagram {number}"),
            caption: None,
            translation: None,
            notes: Vec::new(),
            art: Art::svg(r#"<svg width="100" height="100"></svg>"#.into()),
            style: None,
        }))
    }

    /// `lines` one-line comments, then `then`.
    fn chapter(title: &str, lines: usize, then: Vec<Block>) -> Chapter {
        let mut blocks: Vec<Block> = (0..lines)
            .map(|k| Block::Comment(format!("Filler {k}.")))
            .collect();
        blocks.extend(then);
        Chapter {
            title: title.into(),
            facts: vec![("Round".into(), title.into())],
            blocks,
        }
    }

    /// The page SVGs of `chapters` on A4.
    fn set(chapters: Vec<Chapter>) -> Vec<String> {
        let style = Style::rulebook();
        let named = BTreeMap::new();
        let styles = Styles {
            default: &style,
            named: &named,
        };
        let book = Book {
            title: "T".into(),
            chapters,
            warnings: Vec::new(),
        };
        pages(&book, &styles, Paper::A4)
    }

    /// The page (from 0) that shows `text` as a line of its own.
    fn page_of(pages: &[String], text: &str) -> usize {
        let t = format!(">{text}</text>");
        pages
            .iter()
            .position(|p| p.contains(&t))
            .unwrap_or_else(|| panic!("{text} is on no page"))
    }

    #[test]
    fn a_heading_goes_with_its_first_moves_and_diagram_wherever_the_page_ends() {
        // Every amount of text before the second game puts the page's end
        // somewhere else around it.
        let mut moved = 0;
        for lines in 0..45 {
            let pages = set(vec![
                chapter("First", lines, Vec::new()),
                chapter(
                    "Second",
                    0,
                    vec![Block::Moves("1. e5 2. e7".into()), figure(1)],
                ),
            ]);
            let title = page_of(&pages, "Second");
            assert_eq!(title, page_of(&pages, "Round: Second"), "{lines}");
            assert_eq!(title, page_of(&pages, "1. e5 2. e7"), "{lines}");
            assert_eq!(title, page_of(&pages, "Diagram 1"), "{lines}");
            if lines > 0 && title > page_of(&pages, &format!("Filler {}.", lines - 1)) {
                moved += 1;
            }
            // No page is left empty.
            assert!(pages.iter().all(|p| p.matches("</text>").count() > 1));
        }
        assert!(moved > 0);
    }

    #[test]
    fn a_variation_keeps_its_opening_comment_with_its_moves() {
        for lines in 0..45 {
            let variation = Block::Variation(vec![
                Block::Comment("Better was".into()),
                Block::Moves("3. f9! 4. h4".into()),
                Block::Comment("and Red is fine.".into()),
            ]);
            let pages = set(vec![chapter(
                "Game",
                lines,
                vec![Block::Moves("1. e5 2. e7 3. c6".into()), variation],
            )]);
            assert_eq!(
                page_of(&pages, "Better was"),
                page_of(&pages, "3. f9! 4. h4"),
                "{lines}"
            );
        }
    }

    #[test]
    fn a_paragraph_leaves_two_lines_at_least_on_either_page() {
        let words: Vec<String> = (0..130).map(|k| format!("Zq{k}")).collect();
        let long = Block::Comment(words.join(" "));
        let mut split = 0;
        for lines in 20..45 {
            let pages = set(vec![chapter("Game", lines, vec![long.clone()])]);
            let on: Vec<usize> = pages
                .iter()
                .map(|p| p.split("</text>").filter(|t| t.contains(">Zq")).count())
                .filter(|&n| n > 0)
                .collect();
            assert!(on.iter().all(|&n| n >= 2), "{lines}: {on:?}");
            split += usize::from(on.len() > 1);
        }
        assert!(split > 0);
    }

    #[test]
    fn an_opening_comment_taller_than_a_page_may_break() {
        let intro = Block::Comment("A long introduction to the game. ".repeat(200));
        let pages = set(vec![
            chapter("First", 20, Vec::new()),
            chapter(
                "Second",
                0,
                vec![intro, Block::Moves("1. e5".into()), figure(1)],
            ),
        ]);
        // The title stays where it fits, with two lines under it; the
        // moves stay with their diagram.
        let title = page_of(&pages, "Second");
        assert_eq!(title, page_of(&pages, "Filler 19."));
        let after = &pages[title][pages[title].find(">Second</text>").unwrap()..];
        assert!(after.matches("A long introduction").count() >= 2);
        assert_eq!(page_of(&pages, "1. e5"), page_of(&pages, "Diagram 1"));
    }

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
