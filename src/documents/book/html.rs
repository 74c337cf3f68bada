//! A book as one self-contained HTML file: inline SVG diagrams and inline
//! CSS, no script and no network; a booklet's title page and table of
//! contents, puzzles as a grid of problems and their solutions at the back; readable on a phone (the diagrams shrink to
//! the screen) and printable (a page break never cuts a diagram, nor
//! leaves a heading, or the moves a diagram shows, at the foot of a page
//! without what follows them).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::diagram::{Scale, Style, to_svg_prefixed};

use super::typst_source::PageSetup;
use super::{Art, Block, Book, Chapter, Figure};

/// Styles for the book's figures: the default, and those named by diagram
/// points (already loaded by the caller), by figure number.
pub struct Styles<'a> {
    /// For figures that name no style.
    pub default: &'a Style,
    /// The style of each figure whose diagram point names one, by the
    /// figure's number.
    pub named: BTreeMap<u32, &'a Style>,
}

impl<'a> Styles<'a> {
    /// Every figure in `default`.
    pub fn new(default: &'a Style) -> Styles<'a> {
        Styles {
            default,
            named: BTreeMap::new(),
        }
    }

    /// The style `f` is drawn in.
    pub fn of(&self, f: &Figure) -> &Style {
        self.named.get(&f.number).copied().unwrap_or(self.default)
    }
}

// For print: figures and the facts whole; a title, the facts and the comment
// that opens a variation kept with what follows, the moves with the figure
// that shows them.
// (Chromium, asked to keep a game's opening comments with its first moves
// too, splits a two-line comment one line to a page rather than move the
// whole title block: so they are not asked.)
const CSS: &str = "\
body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;line-height:1.45;max-width:46em;margin:0 auto;padding:1em;color:#222;background:#fff}
h1{font-size:1.6em;margin:.6em 0 .2em}h2{font-size:1.3em;margin:1.4em 0 .2em}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em;margin:.4em 0 1em}
dl.facts dt{font-weight:bold}dl.facts dd{margin:0}
p.moves{font-weight:bold}
div.variation{margin-left:1.2em;padding-left:.8em;border-left:2px solid #bbb;font-size:.95em}
figure{margin:1em 0;break-inside:avoid;page-break-inside:avoid;text-align:center}
p.subtitle{font-style:italic;margin:0 0 .4em}
h1,h2,p.subtitle,dl.facts,div.variation>p.comment:first-child{break-after:avoid;page-break-after:avoid}
dl.facts{break-inside:avoid;page-break-inside:avoid}
p.moves+figure{break-before:avoid;page-break-before:avoid}
figure svg{max-width:100%;height:auto;width:22em}
figcaption{max-width:22em;margin:.3em auto 0;text-wrap:pretty}
figcaption .label{font-weight:bold;display:block}
figcaption .translation{font-style:italic;display:block}
figcaption .notes{display:block;font-size:.9em}
header.title-page{text-align:center;padding:30vh 0 2em}
header.title-page h1{font-size:2.2em}
nav.contents ol{padding-left:1.5em}
div.problems{display:grid;grid-template-columns:repeat(auto-fill,minmax(15em,1fr));gap:1em}
div.problems figure{margin:0}
ol.answers{list-style:none;padding:0;columns:2 16em}
ol.answers li{break-inside:avoid;padding-left:1.2em;text-indent:-1.2em}
div.problems figure svg,div.problems figcaption{width:auto;max-width:100%}
@media print{body{max-width:none;padding:0}a{color:inherit}header.title-page{break-after:page;page-break-after:always}nav.contents{break-after:page;page-break-after:always}}
";

/// The style of a booklet's standings tables, added only where there are.
const STANDINGS_CSS: &str = "table.standings{border-collapse:collapse;margin:.6em 0}\
table.standings caption{text-align:left;font-weight:bold}\
table.standings td,table.standings th{padding:.2em .6em;text-align:right}\
table.standings td:nth-child(2),table.standings th:nth-child(2){text-align:left}\n";

/// The HTML document of `book`, in the language, title and kind (a
/// booklet or not) of `setup`: a booklet opens with a title page and a
/// table of contents; puzzles (games with a task) follow the other games
/// as a grid of problems, then their solutions, numbered alike.
pub fn to_html(book: &Book, styles: &Styles, setup: &PageSetup) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let title = setup.title.as_deref().unwrap_or(&book.title);
    let lang = super::typst_source::book_language(book, setup);
    let words = book.messages();
    out.push_str("<!DOCTYPE html>\n<html lang=\"");
    escape(&mut out, &lang);
    out.push_str("\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"generator\" content=\"twixtkit\">\n<title>");
    escape(&mut out, title);
    out.push_str("</title>\n<style>\n");
    out.push_str(CSS);
    if book.chapters.iter().any(|c| c.standings.is_some()) {
        out.push_str(STANDINGS_CSS);
    }
    out.push_str("</style>\n</head>\n<body>\n");
    // Each game with its place in the book (its section's id).
    type Placed<'a> = Vec<(usize, &'a Chapter)>;
    let (puzzles, games): (Placed, Placed) = book
        .chapters
        .iter()
        .enumerate()
        .partition(|(_, c)| c.puzzle.is_some());
    // A heading above the games: a booklet's title page, or a title
    // given for a document of several games. Without one the games'
    // own headings lead, as in the PDF (a book's title defaults to its
    // first game's, which would be printed twice).
    let above = setup.booklet || (book.chapters.len() > 1 && setup.title.is_some());
    if setup.booklet {
        out.push_str("<header class=\"title-page\"><h1>");
        escape(&mut out, title);
        out.push_str("</h1></header>\n<nav class=\"contents\">\n<h2>");
        escape(&mut out, words.get("contents"));
        out.push_str("</h2>\n<ol>\n");
        for (i, c) in &games {
            let _ = write!(out, "<li><a href=\"#game-{}\">", i + 1);
            escape(&mut out, &c.title);
            out.push_str("</a></li>\n");
        }
        if !puzzles.is_empty() {
            out.push_str("<li><a href=\"#problems\">");
            escape(&mut out, words.get("problems"));
            out.push_str("</a></li>\n<li><a href=\"#solutions\">");
            escape(&mut out, words.get("solutions"));
            out.push_str("</a></li>\n");
        }
        out.push_str("</ol>\n</nav>\n");
    } else if above {
        out.push_str("<h1>");
        escape(&mut out, title);
        out.push_str("</h1>\n");
    }
    let h = if above { "h2" } else { "h1" };
    for (i, c) in &games {
        let _ = writeln!(out, "<section id=\"game-{}\">", i + 1);
        chapter(&mut out, c, h, &c.title, styles);
        out.push_str("</section>\n");
    }
    if !puzzles.is_empty() {
        let _ = write!(
            out,
            "<section id=\"problems\">\n<{h}>{}</{h}>\n<div class=\"problems\">\n",
            html_text(words.get("problems"))
        );
        for (k, (_, c)) in puzzles.iter().enumerate() {
            if let Some(p) = &c.puzzle {
                let mut f = (*p.figure).clone();
                let n = (k + 1).to_string();
                let values = [("n", n.as_str()), ("title", &c.title), ("task", &p.task)];
                // As the Typst book sets them: the number, then the task
                // in the collection's words, once each.
                f.label = c.messages.fill("problem-label", &values);
                f.caption = Some(c.messages.fill("problem-caption", &values));
                f.translation = None;
                figure(&mut out, &f, styles);
            }
        }
        out.push_str("</div>\n</section>\n");
        // The answers as text: the key move in bold, the defences after it.
        let _ = write!(
            out,
            "<section id=\"answers\">\n<{h}>{}</{h}>\n<ol class=\"answers\">\n",
            html_text(words.get("answers"))
        );
        for (k, (_, c)) in puzzles.iter().enumerate() {
            let n = (k + 1).to_string();
            // A move number never parted from its move.
            let line = super::typst_source::answer_line(&c.blocks).replace(". ", ".\u{a0}");
            let (key, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
            let label = c.messages.fill("answer", &[("n", &n), ("title", &c.title)]);
            let _ = write!(out, "<li><a href=\"#solution-{n}\">");
            escape(&mut out, &label);
            out.push_str("</a> <b>");
            escape(&mut out, key);
            out.push_str("</b> ");
            escape(&mut out, rest);
            out.push_str("</li>\n");
        }
        out.push_str("</ol>\n</section>\n");
        let _ = write!(
            out,
            "<section id=\"solutions\">\n<{h}>{}</{h}>\n",
            html_text(words.get("solutions"))
        );
        let sub = if above { "h3" } else { "h2" };
        for (k, (_, c)) in puzzles.iter().enumerate() {
            let _ = writeln!(out, "<section id=\"solution-{}\">", k + 1);
            let n = (k + 1).to_string();
            let heading = c
                .messages
                .fill("solution", &[("n", &n), ("title", &c.title)]);
            chapter(&mut out, c, sub, &heading, styles);
            out.push_str("</section>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// A game: its heading `<h>` saying `title`, its subtitle, facts and text.
fn chapter(out: &mut String, c: &Chapter, h: &str, title: &str, styles: &Styles) {
    let _ = write!(out, "<{h}>");
    escape(out, title);
    let _ = writeln!(out, "</{h}>");
    if let Some(table) = c.standings.as_ref().filter(|t| !t.is_empty()) {
        standings(out, table, &c.messages);
    }
    if let Some(sub) = &c.subtitle {
        out.push_str("<p class=\"subtitle\">");
        escape(out, sub);
        out.push_str("</p>\n");
    }
    if !c.facts.is_empty() || c.link.is_some() {
        out.push_str("<dl class=\"facts\">\n");
        for (k, v) in &c.facts {
            out.push_str("<dt>");
            escape(out, k);
            out.push_str("</dt><dd>");
            escape(out, v);
            out.push_str("</dd>\n");
        }
        if let Some(url) = &c.link {
            out.push_str("<dt>");
            escape(out, c.messages.get("game-page"));
            out.push_str("</dt><dd><a href=\"");
            escape(out, url);
            out.push_str("\">");
            escape(out, url);
            out.push_str("</a></dd>\n");
        }
        out.push_str("</dl>\n");
    }
    blocks(out, &c.blocks, styles, &c.messages);
}

/// An event's standings in a booklet: a line per player, most points first.
fn standings(
    out: &mut String,
    table: &[super::standings::Standing],
    msgs: &crate::messages::Messages,
) {
    out.push_str("<table class=\"standings\">\n<caption>");
    escape(out, msgs.get("standings"));
    out.push_str("</caption>\n<tr><th></th>");
    for k in super::standings::COLUMNS {
        out.push_str("<th>");
        escape(out, msgs.get(k));
        out.push_str("</th>");
    }
    out.push_str("</tr>\n");
    for (k, s) in table.iter().enumerate() {
        let _ = write!(out, "<tr><td>{}</td><td>", k + 1);
        escape(out, &s.player);
        let _ = writeln!(
            out,
            "</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            s.played,
            s.won,
            s.drawn,
            s.lost,
            s.points()
        );
    }
    out.push_str("</table>\n");
}

fn blocks(out: &mut String, blocks_: &[Block], styles: &Styles, msgs: &crate::messages::Messages) {
    for b in blocks_ {
        match b {
            Block::Moves(m) => {
                out.push_str("<p class=\"moves\">");
                escape(out, m);
                out.push_str("</p>\n");
            }
            Block::Comment(c) => {
                for para in c.split("\n\n").filter(|p| !p.trim().is_empty()) {
                    out.push_str("<p class=\"comment\">");
                    escape(out, &msgs.typeset(para.trim()));
                    out.push_str("</p>\n");
                }
            }
            Block::Figure(f) => figure(out, f, styles),
            Block::Variation(v) => {
                out.push_str("<div class=\"variation\">\n");
                blocks(out, v, styles, msgs);
                out.push_str("</div>\n");
            }
        }
    }
}

fn figure(out: &mut String, f: &Figure, styles: &Styles) {
    let _ = writeln!(out, "<figure id=\"diagram-{}\">", f.number);
    let prefix = format!("d{}-", f.number);
    match &f.art {
        Art::Twixt(d) => out.push_str(&to_svg_prefixed(d, styles.of(f), Scale::Px(24.0), &prefix)),
        // Another game's picture keeps its own size and view box.
        art => {
            let (svg, ..) = art.svg_in(styles.of(f)).unwrap_or_default();
            out.push_str(&svg.replace(" id=\"", &format!(" id=\"{prefix}")));
        }
    }
    out.push_str("<figcaption><span class=\"label\">");
    escape(out, &f.label);
    out.push_str("</span>");
    if let Some(c) = &f.caption {
        out.push_str("<span class=\"caption\">");
        escape(out, c);
        out.push_str("</span>");
    }
    if let Some(t) = &f.translation {
        out.push_str("<span class=\"translation\">");
        escape(out, t);
        out.push_str("</span>");
    }
    if !f.notes.is_empty() {
        out.push_str("<span class=\"notes\">");
        escape(out, &f.notes.join(", "));
        out.push_str("</span>");
    }
    out.push_str("</figcaption>\n</figure>\n");
}

/// `text` escaped as HTML character data.
fn html_text(text: &str) -> String {
    let mut out = String::new();
    escape(&mut out, text);
    out
}

/// Text as HTML character data, line breaks kept; other control
/// characters and the noncharacters U+FFFE and U+FFFF are dropped.
pub(crate) fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c.is_control() && c != '\n') || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
}
