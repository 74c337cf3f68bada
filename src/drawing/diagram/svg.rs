//! The SVG writer: a pure function of (diagram, style, scale).
//!
//! Drawing happens on a unit grid: hole `(col, row)` sits at `x = col`,
//! `y = row`, one unit between neighbouring holes; the outer `<svg>` carries
//! the only scale. Output is byte-stable: numbers have at most three
//! decimals with trailing zeros trimmed, collections are sorted, and each
//! element sits on its own line so golden files diff cleanly.

use std::fmt::Write as _;

use super::font;
use super::model::{Crop, Diagram, Mark};
use super::style::{Colour, Style};
use crate::script::{CaptionPosition, Sides};
use twixt_core::board::{Hole, Player, Side, column_name};

/// The size of one unit (the distance between neighbouring holes) in the output.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scale {
    /// Pixels per unit.
    Px(f64),
    /// Millimetres per unit.
    Mm(f64),
}

impl Scale {
    /// The size of a unit and the SVG unit it is in (`""` for pixels).
    pub(crate) fn unit(self) -> (f64, &'static str) {
        match self {
            Scale::Px(k) => (k, ""),
            Scale::Mm(k) => (k, "mm"),
        }
    }
}

impl Default for Scale {
    fn default() -> Self {
        Scale::Px(24.0)
    }
}

/// A hole spacing that is not `24`/`24px` (2 to 400 pixels) or `5mm` (0.5
/// to 100 millimetres); it holds the text as given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a hole spacing like 24 (pixels, 2 to 400) or 5mm (0.5 to 100), found `{0}`")]
pub struct ParseScaleError(pub String);

impl std::str::FromStr for Scale {
    type Err = ParseScaleError;

    /// Pixels (`24`, `24px`) or millimetres (`5mm`), within sizes a
    /// picture can be drawn at.
    fn from_str(s: &str) -> Result<Scale, ParseScaleError> {
        let t = s.trim();
        let (num, mm) = match t.strip_suffix("mm") {
            Some(n) => (n, true),
            None => (t.strip_suffix("px").unwrap_or(t), false),
        };
        let (lo, hi, scale): (f64, f64, fn(f64) -> Scale) = if mm {
            (0.5, 100.0, Scale::Mm)
        } else {
            (2.0, 400.0, Scale::Px)
        };
        match num.trim().parse::<f64>() {
            Ok(v) if v.is_finite() && (lo..=hi).contains(&v) => Ok(scale(v)),
            _ => Err(ParseScaleError(s.to_string())),
        }
    }
}

/// Appends a number with at most three decimals, trailing zeros trimmed.
pub(crate) fn push_num(out: &mut String, v: f64) {
    let r = (v * 1000.0).round();
    if r == 0.0 {
        out.push('0');
        return;
    }
    if r.fract() == 0.0 && (r / 1000.0).fract() == 0.0 && r.abs() < 1e15 {
        let _ = write!(out, "{}", (r / 1000.0) as i64);
        return;
    }
    let start = out.len();
    let _ = write!(out, "{:.3}", r / 1000.0);
    while out.ends_with('0') {
        out.pop();
    }
    if out.ends_with('.') {
        out.pop();
    }
    if out.len() == start {
        out.push('0');
    }
}

/// A number formatted as by [`push_num`].
pub(crate) fn num(v: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, v);
    s
}

/// A number with at most three decimals as `format!("{v:.3}")` rounds it
/// (the exact binary value, ties to even), trailing zeros trimmed: TWRS's
/// pictures and the books' Typst source write their numbers so.
pub(crate) fn num_formatted(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Appends `text` with XML special characters escaped and control
/// characters (which XML 1.0 forbids) dropped.
pub(crate) fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push(' '),
            // XML cannot hold controls or the noncharacters U+FFFE and
            // U+FFFF: left out, the picture stays well-formed whatever
            // text a library caller hands in.
            c if c.is_control() || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
}

/// Where things go, in units: the picture rectangle, the board area and
/// the caption lines. Shared by the SVG writer, the sheet layout and tests.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The holes shown.
    pub view: Crop,
    /// Left edge of the picture.
    pub x: f64,
    /// Top edge of the picture.
    pub y: f64,
    /// Width of the picture, caption included.
    pub width: f64,
    /// Height of the picture, caption included.
    pub height: f64,
    /// Width of the band holding row numbers or column letters.
    pub coord_band: f64,
    /// Bottom edge of the board part (a caption below starts under it).
    pub board_bottom: f64,
    /// Top edge of the caption block (the side-to-move line, then the
    /// caption lines): under the board, or the picture's top when the
    /// caption is above.
    pub caption_top: f64,
    /// The caption, wrapped.
    pub caption_lines: Vec<String>,
    /// The caption lines from this one on are its translation, set in
    /// italics (TWRS's two-language captions).
    pub italic_from: usize,
    /// The side to move, when a line under the board shows it.
    pub to_move: Option<Player>,
}

/// Space between the board part and the caption, in units.
const CAPTION_GAP: f64 = 0.2;
/// Line height of captions, as a multiple of the font size.
const CAPTION_LEADING: f64 = 1.3;
/// How far the top of a digit lies above the baseline, in em (DejaVu Sans).
pub(crate) const HALF_CAP: f64 = 0.364;

impl Layout {
    /// Lays out `d` drawn in style `s`.
    pub fn new(d: &Diagram, s: &Style) -> Layout {
        let place = d.caption_position.unwrap_or(s.caption_position);
        let to_move = d
            .to_move
            .filter(|_| d.show_to_move.unwrap_or(s.to_move_marker));
        // The frame reaches at least as far as a peg on an outer hole
        // does, ring and outline included: a crop (or a style's small
        // margin) never cuts one.
        let captions = [d.caption.as_deref(), None];
        Layout::around(
            d.view(),
            d.coords,
            hole_reach(s),
            captions,
            place,
            to_move,
            s,
        )
    }

    /// Lays out the points `view` of any game's board, one unit apart, in
    /// style `s`: a margin of at least `reach` around the outer points,
    /// coordinates on `coords`, and the caption block `place` puts: the
    /// side to move, then the caption and its translation (set in
    /// italics), each wrapped.
    pub(crate) fn around(
        view: Crop,
        coords: Sides,
        reach: f64,
        captions: [Option<&str>; 2],
        place: CaptionPosition,
        to_move: Option<Player>,
        s: &Style,
    ) -> Layout {
        let m = s.margin.max(reach);
        let digits = (view.max.row + 1).to_string().len() as f64;
        let coord_band = (digits * 0.64 * s.coord_size + 0.35).max(0.9);
        let band = |on: bool| if on { coord_band } else { 0.0 };
        let mut x = f64::from(view.min.col) - m - band(coords.left);
        let right = f64::from(view.max.col) + m + band(coords.right);
        let board_top = f64::from(view.min.row) - m - band(coords.top);
        let board_bottom = f64::from(view.max.row) + m + band(coords.bottom);
        let mut width = right - x;
        // A caption keeps a readable measure under a small board: it wraps
        // at the style's caption width when the board is narrower, and the
        // picture widens around the centred board only as far as the
        // wrapped lines need.
        let measure = width.max(s.caption_width) - 0.4;
        let mut caption_lines = Vec::new();
        let mut italic_from = 0;
        // Left off, the picture's size is the board's alone.
        for (i, text) in captions.into_iter().enumerate() {
            if i == 1 {
                italic_from = caption_lines.len();
            }
            if let Some(c) = text.filter(|_| place != CaptionPosition::None) {
                // No lone last word, as in the books.
                caption_lines.extend(font::wrap_even(c, s.caption_size, measure));
            }
        }
        let widest = caption_lines
            .iter()
            .map(|l| font::text_width(l, s.caption_size) + 0.4)
            .fold(0.0, f64::max);
        if widest > width {
            x -= (widest - width) / 2.0;
            width = widest;
        }
        let lines = caption_lines.len() + usize::from(to_move.is_some());
        let caption_h = if lines == 0 {
            0.0
        } else {
            CAPTION_GAP + lines as f64 * s.caption_size * CAPTION_LEADING
        };
        let above = place == CaptionPosition::Above;
        let (y, caption_top) = if above {
            (board_top - caption_h, board_top - caption_h)
        } else {
            (board_top, board_bottom + CAPTION_GAP)
        };
        Layout {
            view,
            x,
            y,
            width,
            height: board_bottom - board_top + caption_h,
            coord_band,
            board_bottom,
            caption_top,
            caption_lines,
            italic_from,
            to_move,
        }
    }

    /// Baselines of the caption lines (x is the picture's centre).
    pub fn caption_baselines(&self, s: &Style) -> Vec<f64> {
        let lead = s.caption_size * CAPTION_LEADING;
        // The side-to-move line, when shown, comes first.
        let skip = usize::from(self.to_move.is_some());
        (skip..skip + self.caption_lines.len())
            .map(|i| self.caption_top + lead * i as f64 + s.caption_size * 0.95)
            .collect()
    }

    /// Baseline of the side-to-move line.
    fn to_move_baseline(&self, s: &Style) -> f64 {
        self.caption_top + s.caption_size * 0.95
    }
}

/// Radius of the ring around the last move (a highlighted hole's is 0.02 wider).
fn ring_radius(s: &Style) -> f64 {
    s.peg_radius + s.last_move_width.max(0.06) * 0.5 + 0.05
}

/// How far from a hole's centre anything drawn on it reaches, in units:
/// the peg with its outline, the last-move and highlight rings with their
/// strokes, a letter's ground and a cross.
pub(crate) fn hole_reach(s: &Style) -> f64 {
    let peg = s.peg_radius + s.peg_outline_width / 2.0;
    let last = ring_radius(s) + s.last_move_width / 2.0;
    let highlight = ring_radius(s) + 0.02 + s.mark_width / 2.0;
    let cross = s.peg_radius * 0.75 + s.mark_width / 2.0;
    peg.max(last).max(highlight).max(cross)
}

/// The font size at which `text`, centred on a circle of `radius` (inside
/// its stroke) with its baseline where labels put it, stays inside the
/// circle: at most `nominal`, smaller as the measured width of the text in
/// the bundled font needs. The text's box, advance widths across and ink
/// from its highest to its lowest glyph down, fits the circle with a
/// little air, so two and three characters shrink as far as they must and
/// no further.
pub(crate) fn fitted_size(text: &str, nominal: f64, radius: f64) -> f64 {
    let half_w = font::text_width(text, 1.0) / 2.0;
    if half_w <= 0.0 {
        return nominal;
    }
    let (above, below) = font::ink_extent(text, 1.0);
    let dy = (above - HALF_CAP).abs().max(HALF_CAP + below);
    let inner = radius * LABEL_AIR;
    nominal.min(inner / half_w.hypot(dy))
}

/// The share of a circle's radius a label may reach.
const LABEL_AIR: f64 = 0.92;

/// Appends the path data `M ax ayL bx by`: one straight segment.
pub(crate) fn push_segment(out: &mut String, ax: f64, ay: f64, bx: f64, by: f64) {
    push_polyline(out, [(ax, ay), (bx, by)]);
}

/// Appends the path data of a polyline: `M` to the first point, `L` to
/// each next one.
pub(crate) fn push_polyline(out: &mut String, points: impl IntoIterator<Item = (f64, f64)>) {
    for (i, (x, y)) in points.into_iter().enumerate() {
        out.push(if i == 0 { 'M' } else { 'L' });
        push_nums(out, &[x, y]);
    }
}

/// Appends numbers, as by [`push_num`], separated by spaces.
pub(crate) fn push_nums(out: &mut String, values: &[f64]) {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        push_num(out, *v);
    }
}

/// Appends ` name="value"` for each pair, values as by [`push_num`].
pub(crate) fn push_attrs(out: &mut String, attrs: &[(&str, f64)]) {
    for (name, v) in attrs {
        // Pushed, not formatted: this runs for every number of a picture.
        out.push(' ');
        out.push_str(name);
        out.push_str("=\"");
        push_num(out, *v);
        out.push('"');
    }
}

/// Appends the `x`, `y`, `width` and `height` of the rectangle reaching
/// half a unit beyond the outer holes of `c`.
fn push_crop_rect(out: &mut String, c: &Crop) {
    push_attrs(
        out,
        &[
            ("x", f64::from(c.min.col) - 0.5),
            ("y", f64::from(c.min.row) - 0.5),
            ("width", f64::from(c.width())),
            ("height", f64::from(c.height())),
        ],
    );
}

/// A complete SVG document for the diagram.
pub fn to_svg(d: &Diagram, s: &Style, scale: Scale) -> String {
    to_svg_prefixed(d, s, scale, "")
}

/// [`to_svg`] with `prefix` before every id, so that several diagrams can
/// be inlined in one HTML page without their ids clashing.
pub fn to_svg_prefixed(d: &Diagram, s: &Style, scale: Scale, prefix: &str) -> String {
    let layout = Layout::new(d, s);
    let mut out = String::with_capacity(8192 + 110 * (d.pegs.len() + d.links.len()));
    open_svg(&mut out, &layout, scale, d.caption.as_deref());
    write_body(&mut out, d, s, &layout, prefix);
    out.push_str("</svg>\n");
    out
}

/// Opens a standalone SVG document of the picture `layout` lays out, drawn
/// at `scale`, with `title` (the caption, its paragraphs joined by a space).
pub(crate) fn open_svg(out: &mut String, layout: &Layout, scale: Scale, title: Option<&str>) {
    let (k, unit) = scale.unit();
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
    push_num(out, layout.width * k);
    out.push_str(unit);
    out.push_str("\" height=\"");
    push_num(out, layout.height * k);
    out.push_str(unit);
    out.push_str("\" viewBox=\"");
    push_nums(out, &[layout.x, layout.y, layout.width, layout.height]);
    out.push_str("\">\n");
    if let Some(c) = title {
        out.push_str("<title>");
        push_escaped(out, &c.lines().collect::<Vec<_>>().join(" "));
        out.push_str("</title>\n");
    }
}

/// The picture's background, when the style has one.
pub(crate) fn write_background(out: &mut String, s: &Style, l: &Layout, p: &str) {
    if !s.background.is_none() {
        let _ = write!(out, "<rect id=\"{p}background\"");
        let box_ = [
            ("x", l.x),
            ("y", l.y),
            ("width", l.width),
            ("height", l.height),
        ];
        push_attrs(out, &box_);
        let _ = writeln!(out, " fill=\"{}\"/>", s.background);
    }
}

/// Writes the diagram's elements (no outer `<svg>`) in picture units.
/// `prefix` is put before every id so several diagrams can share a page.
pub(crate) fn write_body(out: &mut String, d: &Diagram, s: &Style, l: &Layout, prefix: &str) {
    let view = l.view;
    let p = prefix;
    let n = |out: &mut String, v: f64| push_num(out, v);

    // Definitions: the hole pattern and the peg shape.
    let _ = write!(
        out,
        "<defs>\n<pattern id=\"{p}hole\" patternUnits=\"userSpaceOnUse\" x=\"-0.5\" y=\"-0.5\" width=\"1\" height=\"1\">\n<circle cx=\"0.5\" cy=\"0.5\" r=\""
    );
    n(out, s.hole_radius);
    let _ = writeln!(out, "\" fill=\"{}\"/>\n</pattern>", s.hole);
    out.push_str("<circle id=\"");
    out.push_str(p);
    out.push_str("peg\" r=\"");
    n(out, s.peg_radius);
    out.push_str("\"/>\n");
    // A cropped view clips links that run to pegs outside it.
    let cropped = view != Crop::full(d.size);
    if cropped {
        let _ = write!(out, "<clipPath id=\"{p}view\">\n<rect");
        push_crop_rect(out, &view);
        out.push_str("/>\n</clipPath>\n");
    }
    out.push_str("</defs>\n");
    let clip = if cropped {
        format!(" clip-path=\"url(#{p}view)\"")
    } else {
        String::new()
    };

    write_background(out, s, l, p);

    // Shaded areas lie beneath everything else.
    let areas: Vec<&Crop> = d
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Area(c) => Some(c),
            _ => None,
        })
        .collect();
    if !areas.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"{p}areas\" fill=\"{}\" fill-opacity=\"{}\">",
            s.area,
            num(s.area_opacity)
        );
        for c in areas {
            out.push_str("<rect class=\"area\"");
            push_crop_rect(out, c);
            out.push_str("/>\n");
        }
        out.push_str("</g>\n");
    }

    if d.guides {
        write_guides(out, d, s, p);
    }
    if d.border_lines {
        write_border_lines(out, d, s, l, p);
    }

    // Holes: one pattern-filled shape covering the holes shown, notched
    // where a missing corner hole would be.
    let _ = write!(out, "<path id=\"{p}holes\" fill=\"url(#{p}hole)\" d=\"");
    hole_region(out, d, view);
    out.push_str("\"/>\n");

    let visible_link = |a: Hole, b: Hole| view.contains(a) || view.contains(b);

    // Highlighted links go under the links.
    let hl: Vec<_> = d
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::HighlightLink(k) if visible_link(k.ends().0, k.ends().1) => Some(*k),
            _ => None,
        })
        .collect();
    if !hl.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"{p}highlighted-links\"{clip} stroke=\"{}\" stroke-opacity=\"0.6\" stroke-linecap=\"round\" stroke-width=\"{}\">",
            s.highlight,
            num(s.link_width * 3.2)
        );
        for k in hl {
            let (a, b) = k.ends();
            let _ = write!(out, "<path class=\"link highlight {a}-{b}\" d=\"M");
            line_coords(out, a, b);
            out.push_str("\"/>\n");
        }
        out.push_str("</g>\n");
    }

    // Links, coloured by the owner of their pegs.
    if !d.links.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"{p}links\"{clip} stroke-linecap=\"round\" stroke-width=\"{}\">",
            num(s.link_width)
        );
        for link in &d.links {
            let (a, b) = link.ends();
            if !visible_link(a, b) {
                continue;
            }
            let (class, colour) = match d.link_owner(*link) {
                Some(Player::Red) => ("red", &s.red_link),
                Some(Player::Black) => ("black", &s.black_link),
                None => ("unowned", &s.mark),
            };
            let _ = write!(
                out,
                "<path class=\"link {class}\" stroke=\"{colour}\" d=\"M"
            );
            line_coords(out, a, b);
            out.push_str("\"/>\n");
        }
        out.push_str("</g>\n");
    }

    // Ghost pegs: alternatives, translucent with a dashed outline.
    let ghosts: Vec<_> = d
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::Ghost {
                hole,
                player,
                label,
            } if view.contains(*hole) => Some((*hole, *player, label.as_deref())),
            _ => None,
        })
        .collect();
    if !ghosts.is_empty() {
        // An opaque disc first, so the hole dot does not show through.
        let ground = page_colour(s);
        let _ = writeln!(
            out,
            "<g id=\"{p}ghosts\" stroke-dasharray=\"0.1 0.07\" stroke-width=\"{}\">",
            num(ghost_stroke(s))
        );
        let r = ghost_radius(s);
        for (h, pl, _) in &ghosts {
            let c = ghost_colour(s, *pl);
            let _ = write!(
                out,
                "<circle class=\"ghost-ground\" fill=\"{ground}\" stroke=\"none\" cx=\"{}\" cy=\"{}\" r=\"",
                h.col, h.row
            );
            n(out, r);
            let _ = writeln!(
                out,
                "\"/>\n<circle class=\"ghost {}\" fill=\"{c}\" fill-opacity=\"{}\" stroke=\"{c}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                pl.name(),
                num(s.ghost_opacity),
                h.col,
                h.row,
                num(r)
            );
        }
        out.push_str("</g>\n");
    }

    // Pegs.
    if !d.pegs.is_empty() {
        let _ = write!(out, "<g id=\"{p}pegs\"");
        if !s.peg_outline.is_none() && s.peg_outline_width > 0.0 {
            let _ = write!(out, " stroke=\"{}\" stroke-width=\"", s.peg_outline);
            n(out, s.peg_outline_width);
            out.push('"');
        }
        out.push_str(">\n");
        for pl in [Player::Red, Player::Black] {
            let mut opened = false;
            for (h, _) in d
                .pegs
                .iter()
                .filter(|(h, o)| **o == pl && view.contains(**h))
            {
                if !opened {
                    let _ = writeln!(
                        out,
                        "<g class=\"{}\" fill=\"{}\">",
                        pl.name(),
                        colour_of(s, pl)
                    );
                    opened = true;
                }
                let last = if d.last == Some(*h) { " last" } else { "" };
                let _ = writeln!(
                    out,
                    "<use class=\"peg {}{last}\" href=\"#{p}peg\" x=\"{}\" y=\"{}\"/>",
                    pl.name(),
                    h.col,
                    h.row
                );
            }
            if opened {
                out.push_str("</g>\n");
            }
        }
        out.push_str("</g>\n");
    }

    // Rings: the last move, highlighted holes.
    let ring_r = ring_radius(s);
    if let Some(h) = d
        .last
        .filter(|h| view.contains(*h) && d.pegs.contains_key(h))
    {
        let _ = write!(
            out,
            "<circle id=\"{p}last\" class=\"last-move\" fill=\"none\" stroke=\"{}\" stroke-width=\"",
            s.last_move
        );
        n(out, s.last_move_width);
        let _ = write!(out, "\" cx=\"{}\" cy=\"{}\" r=\"", h.col, h.row);
        n(out, ring_r);
        out.push_str("\"/>\n");
    }
    let hh: Vec<Hole> = d
        .marks
        .iter()
        .filter_map(|m| match m {
            Mark::HighlightHole(h) if view.contains(*h) => Some(*h),
            _ => None,
        })
        .collect();
    if !hh.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"{p}highlighted-holes\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\">",
            s.highlight,
            num(s.mark_width)
        );
        for h in hh {
            let _ = writeln!(
                out,
                "<circle class=\"highlight {h}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                h.col,
                h.row,
                num(ring_r + 0.02)
            );
        }
        out.push_str("</g>\n");
    }

    // Labels on pegs and ghosts, each with the radius it must stay inside.
    let peg_inside = s.peg_radius - s.peg_outline_width / 2.0;
    let mut labels: Vec<(Hole, &str, &str, &Colour, f64)> = Vec::new();
    for (h, text) in &d.labels {
        if !view.contains(*h) {
            continue;
        }
        let r = peg_inside;
        match d.pegs.get(h) {
            Some(Player::Red) => labels.push((*h, text, "on-red", &s.label_on_red, r)),
            Some(Player::Black) => labels.push((*h, text, "on-black", &s.label_on_black, r)),
            None => labels.push((*h, text, "on-hole", &s.mark, r)),
        }
    }
    for (h, pl, label) in &ghosts {
        if let Some(t) = label
            && !d.labels.contains_key(h)
        {
            let class = match pl {
                Player::Red => "ghost-red",
                Player::Black => "ghost-black",
            };
            let r = ghost_radius(s) - ghost_stroke(s) / 2.0;
            labels.push((*h, t, class, ghost_colour(s, *pl), r));
        }
    }
    if !labels.is_empty() {
        labels.sort_by(|a, b| (a.2, a.0).cmp(&(b.2, b.0)));
        let _ = writeln!(
            out,
            "<g id=\"{p}labels\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"middle\">",
            s.font_family.as_str(),
            num(s.label_size)
        );
        let mut current = "";
        for (h, text, class, colour, radius) in labels {
            if class != current {
                if !current.is_empty() {
                    out.push_str("</g>\n");
                }
                let _ = writeln!(out, "<g class=\"{class}\" fill=\"{colour}\">");
                current = class;
            }
            // Wider labels shrink to stay inside the peg.
            let size = fitted_size(text, s.label_size, radius);
            let _ = write!(out, "<text x=\"{}\" y=\"", h.col);
            n(out, f64::from(h.row) + HALF_CAP * size);
            out.push('"');
            if num(size) != num(s.label_size) {
                push_attrs(out, &[("font-size", size)]);
            }
            out.push('>');
            push_escaped(out, text);
            out.push_str("</text>\n");
        }
        out.push_str("</g>\n</g>\n");
    }

    write_marks(out, d, s, view, p);
    let movers =
        [Player::Red, Player::Black].map(|pl| (pl.name(), colour_of(s, pl), &s.peg_outline));
    write_frame_text_in(out, s, l, d.coords, p, movers, d.to_move_words.as_ref());
}

/// What the line under the board names and draws for each side (Red's,
/// then Black's, or a game's first and second side): its name in lower
/// case, its pieces' colour and their outline.
pub(crate) type Movers<'a> = [(&'a str, &'a Colour, &'a Colour); 2];

/// The text around a board: the coordinates on `coords`, the side to move
/// (drawn as `movers` say) and the caption lines, as `l` lays them out.
pub(crate) fn write_frame_text(
    out: &mut String,
    s: &Style,
    l: &Layout,
    coords: Sides,
    p: &str,
    movers: Movers<'_>,
) {
    write_frame_text_in(out, s, l, coords, p, movers, None);
}

/// [`write_frame_text`], the side-to-move line said in `words` (Red's,
/// then Black's) when given.
fn write_frame_text_in(
    out: &mut String,
    s: &Style,
    l: &Layout,
    coords: Sides,
    p: &str,
    movers: Movers<'_>,
    words: Option<&[String; 2]>,
) {
    write_coords(out, coords, s, l, p);
    if let Some(player) = l.to_move {
        let k = usize::from(player == Player::Black);
        write_to_move(out, s, l, movers[k], words.map(|w| w[k].as_str()), p);
    }
    if !l.caption_lines.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"{p}caption\" fill=\"{}\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"middle\">",
            s.caption,
            s.font_family.as_str(),
            num(s.caption_size)
        );
        let cx = l.x + l.width / 2.0;
        for (i, (line, y)) in l
            .caption_lines
            .iter()
            .zip(l.caption_baselines(s))
            .enumerate()
        {
            out.push_str("<text");
            push_attrs(out, &[("x", cx), ("y", y)]);
            if i >= l.italic_from {
                out.push_str(" font-style=\"italic\"");
            }
            out.push('>');
            push_escaped(out, line);
            out.push_str("</text>\n");
        }
        out.push_str("</g>\n");
    }
}

/// The line under the board that says who moves next: a small piece of
/// that side's colour, then `words` ("Rouge joue"), else "Red to play"
/// (or the side's name), centred.
fn write_to_move(
    out: &mut String,
    s: &Style,
    l: &Layout,
    mover: (&str, &Colour, &Colour),
    words: Option<&str>,
    p: &str,
) {
    let (name, fill, outline) = mover;
    let text = match words {
        Some(w) => w.to_string(),
        None => {
            let mut t = format!("{name} to play");
            t[..1].make_ascii_uppercase();
            t
        }
    };
    let size = s.caption_size;
    let r = size * 0.38;
    let gap = size * 0.3;
    let text_w = font::text_width(&text, size);
    let cx = l.x + l.width / 2.0;
    let left = cx - (2.0 * r + gap + text_w) / 2.0;
    let base = l.to_move_baseline(s);
    let _ = write!(
        out,
        "<g id=\"{p}to-move\" class=\"to-move {name}\">\n<circle"
    );
    push_attrs(
        out,
        &[("cx", left + r), ("cy", base - size * HALF_CAP), ("r", r)],
    );
    let _ = write!(out, " fill=\"{fill}\" stroke=\"{outline}\" stroke-width=\"");
    push_num(out, s.peg_outline_width.min(r * 0.3));
    let _ = write!(
        out,
        "\"/>\n<text fill=\"{}\" font-family=\"{}\" font-size=\"{}\"",
        s.caption,
        s.font_family.as_str(),
        num(size)
    );
    push_attrs(out, &[("x", left + 2.0 * r + gap), ("y", base)]);
    out.push('>');
    push_escaped(out, &text);
    out.push_str("</text>\n</g>\n");
}

/// Radius of a ghost peg.
fn ghost_radius(s: &Style) -> f64 {
    s.peg_radius - s.link_width * 0.25
}

/// Width of a ghost peg's dashed outline.
fn ghost_stroke(s: &Style) -> f64 {
    s.link_width * 0.45
}

/// A ghost peg's colour: the player's, unless it would vanish into the
/// page (Red's white pegs of the `print` style on white paper): then the
/// peg outline's, as a hollow peg is drawn.
fn ghost_colour(s: &Style, p: Player) -> &Colour {
    let c = colour_of(s, p);
    match c.contrast(&page_colour(s)) {
        Some(r) if r < 1.5 && !s.peg_outline.is_none() => &s.peg_outline,
        Some(r) if r < 1.5 => &s.mark,
        _ => c,
    }
}

/// The colour of the page under the picture: its background, white where
/// it has none.
fn page_colour(s: &Style) -> std::borrow::Cow<'_, Colour> {
    if s.background.is_none() {
        std::borrow::Cow::Owned(Colour::parse("#ffffff").expect("a colour"))
    } else {
        std::borrow::Cow::Borrowed(&s.background)
    }
}

fn colour_of(s: &Style, p: Player) -> &Colour {
    match p {
        Player::Red => &s.red,
        Player::Black => &s.black,
    }
}

fn line_coords(out: &mut String, a: Hole, b: Hole) {
    let _ = write!(out, "{} {}L{} {}", a.col, a.row, b.col, b.row);
}

/// The outline of the holes shown: the view rectangle minus any missing
/// corner hole inside it.
fn hole_region(out: &mut String, d: &Diagram, v: Crop) {
    let (a, b) = (f64::from(v.min.col) - 0.5, f64::from(v.max.col) + 0.5);
    let (c, e) = (f64::from(v.min.row) - 0.5, f64::from(v.max.row) + 0.5);
    let corner = |col: u16, row: u16| d.size.is_corner(Hole::new(col, row));
    let mut pts: Vec<(f64, f64)> = Vec::with_capacity(12);
    if corner(v.min.col, v.min.row) {
        pts.extend([(a, c + 1.0), (a + 1.0, c + 1.0), (a + 1.0, c)]);
    } else {
        pts.push((a, c));
    }
    if corner(v.max.col, v.min.row) {
        pts.extend([(b - 1.0, c), (b - 1.0, c + 1.0), (b, c + 1.0)]);
    } else {
        pts.push((b, c));
    }
    if corner(v.max.col, v.max.row) {
        pts.extend([(b, e - 1.0), (b - 1.0, e - 1.0), (b - 1.0, e)]);
    } else {
        pts.push((b, e));
    }
    if corner(v.min.col, v.max.row) {
        pts.extend([(a + 1.0, e), (a + 1.0, e - 1.0), (a, e - 1.0)]);
    } else {
        pts.push((a, e));
    }
    push_polyline(out, pts);
    out.push('Z');
}

/// The red lines inside the top and bottom border rows and the black lines
/// inside the left and right columns, clipped to the view.
fn write_border_lines(out: &mut String, d: &Diagram, s: &Style, l: &Layout, p: &str) {
    if s.border_width <= 0.0 {
        return;
    }
    let v = l.view;
    let (w, h) = (f64::from(d.size.width()), f64::from(d.size.height()));
    // The visible part, reaching half a unit beyond the outer holes shown.
    let (vx0, vx1) = (f64::from(v.min.col) - 0.5, f64::from(v.max.col) + 0.5);
    let (vy0, vy1) = (f64::from(v.min.row) - 0.5, f64::from(v.max.row) + 0.5);
    // The inner square of the board, between the border rows. On a cut
    // side of a partial board the board goes on: the lines run out of the
    // picture there, and that side has no line of its own.
    let cut = |side| d.size.is_cut(side);
    let x0 = if cut(Side::Left) { vx0 } else { 0.5 };
    let x1 = if cut(Side::Right) { vx1 } else { w - 1.5 };
    let y0 = if cut(Side::Top) { vy0 } else { 0.5 };
    let y1 = if cut(Side::Bottom) { vy1 } else { h - 1.5 };
    // Segments first: a cropped view may show none of them.
    let mut lines = String::new();
    let seg = |out: &mut String, class: &str, colour: &str, ax: f64, ay: f64, bx: f64, by: f64| {
        let (ax, bx) = (ax.max(vx0), bx.min(vx1));
        let (ay, by) = (ay.max(vy0), by.min(vy1));
        if ax > bx || ay > by || (ax == bx && ay == by) {
            return;
        }
        let _ = write!(out, "<path class=\"{class}\" stroke=\"{colour}\" d=\"");
        push_segment(out, ax, ay, bx, by);
        out.push_str("\"/>\n");
    };
    let red = s.border_red.as_str();
    let black = s.border_black.as_str();
    if !cut(Side::Top) && (vy0..=vy1).contains(&y0) {
        seg(&mut lines, "border red top", red, x0, y0, x1, y0);
    }
    if !cut(Side::Bottom) && (vy0..=vy1).contains(&y1) {
        seg(&mut lines, "border red bottom", red, x0, y1, x1, y1);
    }
    if !cut(Side::Left) && (vx0..=vx1).contains(&x0) {
        seg(&mut lines, "border black left", black, x0, y0, x0, y1);
    }
    if !cut(Side::Right) && (vx0..=vx1).contains(&x1) {
        seg(&mut lines, "border black right", black, x1, y0, x1, y1);
    }
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<g id=\"{p}border-lines\" stroke-linecap=\"square\" stroke-width=\"{}\">",
        num(s.border_width)
    );
    out.push_str(&lines);
    out.push_str("</g>\n");
}

/// Guide lines: from each inner corner hole towards the centre along the
/// two knight's-move slopes, stopping at the board's middle lines.
fn write_guides(out: &mut String, d: &Diagram, s: &Style, p: &str) {
    if s.guide_width <= 0.0 {
        return;
    }
    let (w, h) = (f64::from(d.size.width()), f64::from(d.size.height()));
    let (cx, cy) = ((w - 1.0) / 2.0, (h - 1.0) / 2.0);
    let _ = write!(
        out,
        "<g id=\"{p}guides\" stroke=\"{}\" stroke-dasharray=\"0.2 0.2\" stroke-width=\"{}\" fill=\"none\">\n<path d=\"",
        s.guide,
        num(s.guide_width)
    );
    // Guides belong to the board's corners: a partial board draws those
    // of the corners it shows (where two real sides meet).
    let real = |side| !d.size.is_cut(side);
    let corners = [
        (1.0, 1.0, real(Side::Top) && real(Side::Left)),
        (w - 2.0, 1.0, real(Side::Top) && real(Side::Right)),
        (1.0, h - 2.0, real(Side::Bottom) && real(Side::Left)),
        (w - 2.0, h - 2.0, real(Side::Bottom) && real(Side::Right)),
    ];
    for (x, y, shown) in corners {
        if !shown {
            continue;
        }
        let sx: f64 = if x < cx { 1.0 } else { -1.0 };
        let sy: f64 = if y < cy { 1.0 } else { -1.0 };
        for (dx, dy) in [(2.0, 1.0), (1.0, 2.0)] {
            // Go until either coordinate reaches the middle.
            let t = ((cx - x).abs() / dx).min((cy - y).abs() / dy);
            if t <= 0.0 {
                continue;
            }
            push_segment(out, x, y, x + sx * dx * t, y + sy * dy * t);
        }
    }
    out.push_str("\"/>\n</g>\n");
}

fn write_marks(out: &mut String, d: &Diagram, s: &Style, view: Crop, p: &str) {
    let shown: Vec<&Mark> = d
        .marks
        .iter()
        .filter(|m| match m {
            Mark::Cross(h) | Mark::Letter { hole: h, .. } => view.contains(*h),
            Mark::Arrow { from, to } => view.contains(*from) || view.contains(*to),
            Mark::NewLink(l) | Mark::RemovedLink(l) => {
                view.contains(l.ends().0) || view.contains(l.ends().1)
            }
            _ => false,
        })
        .collect();
    if shown.is_empty() {
        return;
    }
    // An arrow or a dashed link running out of a crop is cut at its frame,
    // as links are.
    let runs_out = shown.iter().any(|m| match m {
        Mark::Arrow { from, to } => !(view.contains(*from) && view.contains(*to)),
        Mark::NewLink(l) | Mark::RemovedLink(l) => {
            !(view.contains(l.ends().0) && view.contains(l.ends().1))
        }
        _ => false,
    });
    let clip = if runs_out {
        format!(" clip-path=\"url(#{p}view)\"")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "<g id=\"{p}marks\"{clip} stroke=\"{}\" fill=\"{}\" stroke-linecap=\"round\" stroke-width=\"{}\">",
        s.mark,
        s.mark,
        num(s.mark_width)
    );
    let r = s.peg_radius * 0.75;
    for m in shown {
        match m {
            Mark::Cross(h) => {
                let (x, y) = (f64::from(h.col), f64::from(h.row));
                let _ = write!(out, "<path class=\"cross {h}\" fill=\"none\" d=\"");
                push_segment(out, x - r, y - r, x + r, y + r);
                push_segment(out, x - r, y + r, x + r, y - r);
                out.push_str("\"/>\n");
            }
            Mark::Letter { hole, text } => {
                // A disc in the background colour hides the hole dot.
                let bg = page_colour(s);
                let _ = writeln!(
                    out,
                    "<circle class=\"letter-ground\" stroke=\"none\" fill=\"{bg}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                    hole.col,
                    hole.row,
                    num(s.peg_radius)
                );
                // Larger than a move number, as long as it fits its disc.
                let size = fitted_size(text, s.label_size * 1.3, s.peg_radius);
                let _ = write!(
                    out,
                    "<text class=\"letter {hole}\" stroke=\"none\" font-family=\"{}\" text-anchor=\"middle\" font-size=\"",
                    s.font_family.as_str()
                );
                push_num(out, size);
                let _ = write!(out, "\" x=\"{}\" y=\"", hole.col);
                push_num(out, f64::from(hole.row) + HALF_CAP * size);
                out.push_str("\">");
                push_escaped(out, text);
                out.push_str("</text>\n");
            }
            Mark::NewLink(l) | Mark::RemovedLink(l) => {
                let (a, b) = l.ends();
                let (x0, y0) = (f64::from(a.col), f64::from(a.row));
                let (x1, y1) = (f64::from(b.col), f64::from(b.row));
                let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
                // From peg edge to peg edge, dashed.
                let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
                let k = s.peg_radius;
                let removed = matches!(m, Mark::RemovedLink(_));
                let kind = if removed { "removed-link" } else { "new-link" };
                let _ = write!(
                    out,
                    "<path class=\"{kind} {a}-{b}\" fill=\"none\" stroke-dasharray=\""
                );
                push_nums(out, &[s.link_width * 1.6, s.link_width * 1.2]);
                out.push_str("\" stroke-width=\"");
                push_num(out, s.link_width * 0.8);
                out.push_str("\" d=\"");
                push_segment(out, x0 + ux * k, y0 + uy * k, x1 - ux * k, y1 - uy * k);
                out.push_str("\"/>\n");
                if removed {
                    // A cross over the middle: taken away.
                    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
                    let c = s.peg_radius * 0.7;
                    let _ = write!(out, "<path class=\"removed-cross\" fill=\"none\" d=\"");
                    push_segment(out, mx - c, my - c, mx + c, my + c);
                    push_segment(out, mx - c, my + c, mx + c, my - c);
                    out.push_str("\"/>\n");
                }
            }
            Mark::Arrow { from, to } => {
                let (x0, y0) = (f64::from(from.col), f64::from(from.row));
                let (x1, y1) = (f64::from(to.col), f64::from(to.row));
                let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
                if len == 0.0 {
                    continue;
                }
                let (ux, uy) = ((x1 - x0) / len, (y1 - y0) / len);
                let start = (s.peg_radius + 0.05).min(len / 3.0);
                let head = (s.mark_width * 3.5).min(len / 3.0);
                let (sx, sy) = (x0 + ux * start, y0 + uy * start);
                let (tx, ty) = (x1 - ux * start, y1 - uy * start);
                let (bx, by) = (tx - ux * head, ty - uy * head);
                let half = head * 0.55;
                let _ = write!(out, "<path class=\"arrow {from}-{to}\" fill=\"none\" d=\"");
                push_segment(out, sx, sy, bx, by);
                out.push_str("\"/>\n<path class=\"arrowhead\" stroke-linejoin=\"round\" d=\"");
                let pts = [
                    (tx, ty),
                    (bx - uy * half, by + ux * half),
                    (bx + uy * half, by - ux * half),
                ];
                push_polyline(out, pts);
                out.push_str("Z\"/>\n");
            }
            _ => {}
        }
    }
    out.push_str("</g>\n");
}

/// The widest a column's letters may be, in hole spacings: what leaves a
/// visible gap between neighbours one hole apart.
const MAX_COLUMN_LABEL_WIDTH: f64 = 0.85;

fn write_coords(out: &mut String, c: Sides, s: &Style, l: &Layout, p: &str) {
    if !(c.top || c.bottom || c.left || c.right) {
        return;
    }
    let v = l.view;
    let _ = writeln!(
        out,
        "<g id=\"{p}coords\" fill=\"{}\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"middle\">",
        s.coord,
        s.font_family.as_str(),
        num(s.coord_size)
    );
    // Coordinates sit just outside the outer holes; the margin lies beyond them.
    let band = l.coord_band;
    let mid_band = |edge: f64, dir: f64| edge + dir * (0.45 + band * 0.5);
    let text = |out: &mut String, x: f64, y: f64, t: &str, size: Option<f64>| {
        out.push_str("<text");
        push_attrs(
            out,
            &[("x", x), ("y", y + HALF_CAP * size.unwrap_or(s.coord_size))],
        );
        if let Some(size) = size {
            push_attrs(out, &[("font-size", size)]);
        }
        out.push('>');
        out.push_str(t);
        out.push_str("</text>\n");
    };
    let column_names: Vec<String> = (v.min.col..=v.max.col)
        .map(|col| {
            let mut name = column_name(col);
            if s.coord_case == crate::diagram::LetterCase::Upper {
                name.make_ascii_uppercase();
            }
            name
        })
        .collect();
    // Column letters stand one hole apart: two-letter names of a big board
    // drawn large (a sheet keeps coordinates legible in millimetres) would
    // run into each other, so they all get the size at which the widest
    // keeps a gap to its neighbours.
    let widest = column_names
        .iter()
        .map(|n| super::font::text_width(n, s.coord_size))
        .fold(0.0, f64::max);
    let column_size =
        (widest > MAX_COLUMN_LABEL_WIDTH).then(|| s.coord_size * MAX_COLUMN_LABEL_WIDTH / widest);
    for (col, name) in (v.min.col..=v.max.col).zip(&column_names) {
        if c.top {
            text(
                out,
                f64::from(col),
                mid_band(f64::from(v.min.row), -1.0),
                name,
                column_size,
            );
        }
        if c.bottom {
            text(
                out,
                f64::from(col),
                mid_band(f64::from(v.max.row), 1.0),
                name,
                column_size,
            );
        }
    }
    for row in v.min.row..=v.max.row {
        let name = (u32::from(row) + 1).to_string();
        if c.left {
            text(
                out,
                mid_band(f64::from(v.min.col), -1.0),
                f64::from(row),
                &name,
                None,
            );
        }
        if c.right {
            text(
                out,
                mid_band(f64::from(v.max.col), 1.0),
                f64::from(row),
                &name,
                None,
            );
        }
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hole_spacing_is_pixels_or_millimetres_within_limits() {
        assert_eq!("24".parse::<Scale>().unwrap(), Scale::Px(24.0));
        assert_eq!(" 30px".parse::<Scale>().unwrap(), Scale::Px(30.0));
        assert_eq!("5mm".parse::<Scale>().unwrap(), Scale::Mm(5.0));
        assert!("1000".parse::<Scale>().is_err());
        assert!("0.1mm".parse::<Scale>().is_err());
        assert!("abc".parse::<Scale>().is_err());
    }

    #[test]
    fn numbers_are_trimmed() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(num(0.1234), "0.123");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(12.30), "12.3");
    }

    #[test]
    fn escaping() {
        let mut s = String::new();
        push_escaped(&mut s, "<a href=\"x\">'&'</a>\u{1}");
        assert_eq!(s, "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
        // Whatever a library caller hands in, the picture stays XML.
        let mut s = String::new();
        push_escaped(&mut s, "a\u{FFFE}b\u{FFFF}c\u{1}");
        assert_eq!(s, "abc");
    }
}
