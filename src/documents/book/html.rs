//! A book as one self-contained HTML file: inline SVG diagrams and inline
//! CSS, no script and no network; readable on a phone (the diagrams shrink to
//! the screen) and printable (a page break never cuts a diagram, nor
//! leaves a heading, or the moves a diagram shows, at the foot of a page
//! without what follows them).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::diagram::{Scale, Style, to_svg_prefixed};

use super::{Art, Block, Book, Figure};

/// Styles for the book's figures: the default, and those named by diagram
/// points (already loaded by the caller).
pub struct Styles<'a> {
    /// For figures that name no style.
    pub default: &'a Style,
    /// By the name a diagram point gives.
    pub named: &'a BTreeMap<String, Style>,
}

impl Styles<'_> {
    /// The style `f` is drawn in.
    pub fn of(&self, f: &Figure) -> &Style {
        f.style
            .as_ref()
            .and_then(|n| self.named.get(n))
            .unwrap_or(self.default)
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
h1,h2,dl.facts,div.variation>p.comment:first-child{break-after:avoid;page-break-after:avoid}
dl.facts{break-inside:avoid;page-break-inside:avoid}
p.moves+figure{break-before:avoid;page-break-before:avoid}
figure svg{max-width:100%;height:auto;width:22em}
figcaption{max-width:22em;margin:.3em auto 0;text-wrap:pretty}
figcaption .label{font-weight:bold;display:block}
figcaption .translation{font-style:italic;display:block}
figcaption .notes{display:block;font-size:.9em}
@media print{body{max-width:none;padding:0}a{color:inherit}}
";

/// The HTML document of `book`.
pub fn to_html(book: &Book, styles: &Styles) -> String {
    let mut out = String::with_capacity(64 * 1024);
    out.push_str("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"generator\" content=\"twixtkit\">\n<title>");
    escape(&mut out, &book.title);
    out.push_str("</title>\n<style>\n");
    out.push_str(CSS);
    out.push_str("</style>\n</head>\n<body>\n");
    let several = book.chapters.len() > 1;
    if several {
        out.push_str("<h1>");
        escape(&mut out, &book.title);
        out.push_str("</h1>\n");
    }
    for (i, c) in book.chapters.iter().enumerate() {
        let _ = write!(
            out,
            "<section id=\"game-{}\">\n<{h}>",
            i + 1,
            h = if several { "h2" } else { "h1" }
        );
        escape(&mut out, &c.title);
        let _ = writeln!(out, "</{}>", if several { "h2" } else { "h1" });
        if !c.facts.is_empty() {
            out.push_str("<dl class=\"facts\">\n");
            for (k, v) in &c.facts {
                out.push_str("<dt>");
                escape(&mut out, k);
                out.push_str("</dt><dd>");
                escape(&mut out, v);
                out.push_str("</dd>\n");
            }
            out.push_str("</dl>\n");
        }
        blocks(&mut out, &c.blocks, styles);
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn blocks(out: &mut String, blocks_: &[Block], styles: &Styles) {
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
                    escape(out, para.trim());
                    out.push_str("</p>\n");
                }
            }
            Block::Figure(f) => figure(out, f, styles),
            Block::Variation(v) => {
                out.push_str("<div class=\"variation\">\n");
                blocks(out, v, styles);
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
        Art::Svg { svg, width, height } => {
            let _ = write!(
                out,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">"
            );
            out.push_str(&Art::inner(svg, &prefix));
            out.push_str("</svg>\n");
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

/// Text as HTML character data; control characters are dropped.
fn escape(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' => {}
            c => out.push(c),
        }
    }
}
