//! TWRS diagrams as SVG, drawn like the rulebook's figures: the line grid,
//! stones, numbered towers in orange and blue, and on request a tower's
//! legal destinations (squares), its lines of movement, marking points
//! (circled) with the lines that make them, and the closed areas tinted in
//! the colour that holds them. PNG and PDF come from this SVG through the
//! shared writers (`diagram::png`, `diagram::pdf`).

use std::fmt::Write as _;
use std::sync::LazyLock;

use crate::diagnostic::printable;
use crate::diagram::font::{ink_extent, text_width, wrap};
use crate::diagram::{Colour, LetterCase, Scale, Style, num_formatted as num, push_escaped};
use crate::pictures::NamedSvg;
use crate::script::PointLook;
use crate::script::{CaptionPosition, Sides};
use crate::twrs::file::TwrsView;
use crate::twrs::moves::Lines;
use crate::twrs::point::{Point, Side};
use crate::twrs::position::{Piece, Position, Status};
use crate::twrs::script::Show;

/// Distance between grid lines, in px.
pub(crate) const STEP: f64 = 36.0;
/// Room around the grid on the sides without coordinates (right and bottom).
const MARGIN: f64 = 34.0;
/// How far the drawing reaches past the outer grid lines: half a step, where
/// a tinted area ends. Every piece and mark stays inside it (see the
/// assertions below), so coordinates beyond it touch none of them.
const REACH: f64 = STEP / 2.0;
/// Radius of a tower's disc.
const TOWER_R: f64 = STEP * 0.38;
/// Width of a petrified tower's ring, the heaviest one.
const PETRIFIED_RING: f64 = 3.5;
/// Radius of the circle around a marking point.
const MARKING_R: f64 = STEP * 0.34;
/// Half the side of the square around a destination.
const DESTINATION_HALF: f64 = STEP * 0.3;
/// Width of the marking points' and destinations' strokes.
const MARK_STROKE: f64 = 2.5;
const _: () = assert!(TOWER_R + PETRIFIED_RING / 2.0 < REACH);
const _: () = assert!(MARKING_R + MARK_STROKE / 2.0 < REACH);
const _: () = assert!(DESTINATION_HALF + MARK_STROKE / 2.0 < REACH);
/// Clear space between the coordinates and the drawing's reach.
const GAP: f64 = 4.0;
/// Space between the coordinates and the picture's edge.
const EDGE: f64 = 6.0;
/// Font size of a tower's number in TWRS's own look.
const NUMBER_SIZE: f64 = 15.0;

/// The edges of Orange's and Blue's towers in TWRS's own look.
const EDGES: [&str; 2] = ["#a65500", "#153f85"];

/// How a TWRS picture looks: TWRS's own drawing ([`TwrsStyle::default`]),
/// or what a TwixT style and the drawing commands' options make of it
/// ([`TwrsStyle::from_style`]).
#[derive(Debug, Clone, PartialEq)]
pub struct TwrsStyle {
    /// The distance between neighbouring lines as the picture's size
    /// says it (`width`, `height`); `None` draws 36 px apart.
    pub scale: Option<Scale>,
    /// Sides with coordinates.
    pub coords: Sides,
    /// The colours, sizes and fonts, each key read as its TWRS
    /// counterpart (docs/twrs.md tables them): `guide` the grid, `hole`
    /// the marking stones, `red` and `black` Orange's and Blue's towers,
    /// `red_link` and `black_link` their lines and the areas they hold,
    /// `label_on_red`, `label_on_black` and `label_size` the towers'
    /// numbers, `mark` marking points and destinations. Sizes are in line
    /// spacings. TWRS's own look is `styles/twrs.yaml`.
    pub look: Style,
    /// The edges of Orange's and Blue's towers.
    pub edges: [Colour; 2],
}

impl Default for TwrsStyle {
    /// TWRS's own look: orange and blue towers, column letters above and
    /// row numbers left of the grid, 36 px between lines.
    fn default() -> TwrsStyle {
        // Read once: every picture of a book or a folder starts from it.
        static LOOK: LazyLock<Style> = LazyLock::new(|| {
            let look = include_str!("../../styles/twrs.yaml");
            Style::from_yaml(look, "TWRS's look").expect("TWRS's look is a valid style")
        });
        TwrsStyle {
            scale: None,
            coords: Sides::TOP_LEFT,
            look: LOOK.clone(),
            edges: EDGES.map(|e| Colour::parse(e).expect("a colour")),
        }
    }
}

impl TwrsStyle {
    /// TWRS's look under a TwixT `style`, drawn at `scale` with
    /// coordinates on `coords`. A setting left as the built-in `rulebook`
    /// style (and `--unit 24`, the default) has it keeps TWRS's own look;
    /// each one a style changes applies to its TWRS counterpart (see
    /// [`TwrsStyle::look`]); `peg_outline` is the towers' edges once a
    /// style changes it or the towers' colour. Sizes in hole spacings
    /// become line spacings. The rest is TwixT's own (borders, the last
    /// move, ghosts, highlights, the sizes of holes, pegs and links) and
    /// is left alone; docs/twrs.md lists every key.
    pub fn from_style(style: &Style, scale: Scale, coords: Sides) -> TwrsStyle {
        static RULEBOOK: LazyLock<Style> = LazyLock::new(Style::rulebook);
        let base = &*RULEBOOK;
        let mut t = TwrsStyle {
            scale: (scale != Scale::default()).then_some(scale),
            coords,
            ..TwrsStyle::default()
        };
        t.look.take_changes(style, base);
        // Lines and areas are drawn as a side's links are, else in its colour.
        if style.red_link == base.red_link {
            t.look.red_link = t.look.red.clone();
        }
        if style.black_link == base.black_link {
            t.look.black_link = t.look.black.clone();
        }
        // A tower's edge is its own darker shade until a style changes the
        // tower's colour or the pegs' outline: then it is the outline.
        let outline = style.peg_outline != base.peg_outline;
        for (edge, changed) in t.edges.iter_mut().zip([
            outline || style.red != base.red,
            outline || style.black != base.black,
        ]) {
            if changed {
                *edge = style.peg_outline.clone();
            }
        }
        t
    }

    /// This look with a diagram point's own `coords=`, `to-move=` and
    /// `caption-position=` over it, as a TwixT point's are over the
    /// command line's (its `style=` is the style this look is made from:
    /// the drawing commands load it).
    pub fn with_point(mut self, look: &PointLook) -> TwrsStyle {
        if let Some(sides) = look.coords {
            self.coords = sides;
        }
        if let Some(shown) = look.to_move {
            self.look.to_move_marker = shown;
        }
        if let Some(place) = look.caption_position {
            self.look.caption_position = place;
        }
        self
    }

    /// The colour of a side's lines and areas.
    fn lines(&self, side: Side) -> &Colour {
        match side {
            Side::Orange => &self.look.red_link,
            Side::Blue => &self.look.black_link,
        }
    }

    /// A side's towers: their colour, their edge and their numbers.
    fn side(&self, side: Side) -> (&Colour, &Colour, &Colour) {
        match side {
            Side::Orange => (&self.look.red, &self.edges[0], &self.look.label_on_red),
            Side::Blue => (&self.look.black, &self.edges[1], &self.look.label_on_black),
        }
    }

    /// The font family of all text.
    fn font(&self) -> &str {
        self.look.font_family.as_str()
    }

    /// The font sizes of the coordinates, the captions and the towers'
    /// numbers, in px.
    fn sizes(&self) -> (f64, f64, f64) {
        let l = &self.look;
        (
            l.coord_size * STEP,
            l.caption_size * STEP,
            l.label_size * STEP,
        )
    }
}

/// Where the grid of a drawing lies, and its coordinates: each margin
/// with coordinates is as wide as the row numbers or as tall as the column
/// letters, measured in the bundled font, so that they stay clear of
/// everything the board draws on any grid (rows 10 to 26 have two digits).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Frame {
    /// The left grid line's x.
    pub(crate) left: f64,
    /// The top grid line's y.
    pub(crate) top: f64,
    /// Room right of the right grid line.
    right: f64,
    /// Room below the bottom grid line.
    bottom: f64,
    /// Baseline of the column letters above the grid.
    letters_y: f64,
    /// Baseline of the column letters below, measured from the bottom line.
    letters_below: f64,
    /// Where the row numbers end (they are set flush right).
    numbers_x: f64,
    /// How far a row number's baseline lies below its line, to centre it.
    numbers_drop: f64,
}

/// The letter of column `c` (0-based).
fn column(c: u8) -> char {
    char::from(b'a' + c)
}

impl Frame {
    /// The frame of a grid of `width` × `height` lines with coordinates
    /// of `size` on `sides`; a side without them keeps a plain margin.
    pub(crate) fn styled(width: u8, height: u8, size: f64, sides: Sides) -> Frame {
        let letters: String = (0..width).map(column).collect();
        let capitals = letters.to_uppercase();
        let numbers: Vec<String> = (1..=height).map(|r| r.to_string()).collect();
        let numbers_w = numbers
            .iter()
            .map(|n| text_width(n, size))
            .fold(0.0, f64::max);
        let (lower_up, lower_down) = ink_extent(&letters, size);
        let (upper_up, upper_down) = ink_extent(&capitals, size);
        let (letters_up, letters_down) = (lower_up.max(upper_up), lower_down.max(upper_down));
        let (digits_up, digits_down) = ink_extent(&numbers.concat(), size);
        // Whole pixels keep the grid lines sharp.
        let across = (EDGE + numbers_w + GAP + REACH).ceil();
        let down = (EDGE + letters_up + letters_down + GAP + REACH).ceil();
        let left = if sides.left { across } else { MARGIN };
        let top = if sides.top { down } else { MARGIN };
        Frame {
            left,
            top,
            right: if sides.right { across } else { MARGIN },
            bottom: if sides.bottom { down } else { MARGIN },
            letters_y: top - REACH - GAP - letters_down,
            letters_below: REACH + GAP + letters_up,
            numbers_x: left - REACH - GAP,
            numbers_drop: (digits_up - digits_down) / 2.0,
        }
    }

    /// The same frame moved `dy` down (below a caption set above it).
    fn shifted(mut self, dy: f64) -> Frame {
        self.top += dy;
        self.letters_y += dy;
        self
    }

    /// Where intersection `p` lies in the drawing.
    fn xy(&self, p: Point) -> (f64, f64) {
        (
            self.left + f64::from(p.col) * STEP,
            self.top + f64::from(p.row) * STEP,
        )
    }
}

/// A TWRS position as a standalone SVG document in TWRS's own look, with
/// what `show` asks for and an optional caption (and its translation, in
/// italics) below.
pub fn to_svg(
    pos: &Position,
    show: &[Show],
    caption: Option<&str>,
    translation: Option<&str>,
) -> String {
    to_svg_styled(pos, show, caption, translation, &TwrsStyle::default())
}

/// [`to_svg`] in the look `st` gives.
pub fn to_svg_styled(
    pos: &Position,
    show: &[Show],
    caption: Option<&str>,
    translation: Option<&str>,
    st: &TwrsStyle,
) -> String {
    let (w, h) = (pos.width(), pos.height());
    let (coord_size, caption_size, _) = st.sizes();
    let f = Frame::styled(w, h, coord_size, st.coords);
    let grid_w = f64::from(w - 1) * STEP;
    let grid_h = f64::from(h - 1) * STEP;
    let width = f.left + grid_w + f.right;
    let text_width = width - 16.0;
    let place = st.look.caption_position;
    // The caption, then its translation in italics.
    let mut caption_lines = Vec::new();
    for (text, italic) in [(caption, false), (translation, true)] {
        if let Some(t) = text.filter(|_| place != CaptionPosition::None) {
            let lines = wrap(t, caption_size, text_width);
            caption_lines.extend(lines.into_iter().map(|l| (l, italic)));
        }
    }
    // Whose turn it is, while the game goes on: the caption's first line.
    let to_move =
        (st.look.to_move_marker && !matches!(pos.status(), Status::Over(_))).then(|| pos.to_move());
    let caption_rows = caption_lines.len() + usize::from(to_move.is_some());
    let caption_h = if caption_rows == 0 {
        0.0
    } else {
        8.0 + caption_rows as f64 * caption_size * 1.3
    };
    let above = place == CaptionPosition::Above;
    // A caption above starts a little below the picture's edge.
    let (f, caption_top) = if above {
        (f.shifted(caption_h + 4.0), 4.0)
    } else {
        (f, f.top + grid_h + f.bottom)
    };
    let height = f.top + grid_h + f.bottom + if above { 0.0 } else { caption_h };
    let mut out = String::new();
    let (vw, vh) = (format!("{width:.0}"), format!("{height:.0}"));
    // The size in px, else as many units as the scale gives a line spacing.
    let size = |v: &str| match st.scale.map(Scale::unit) {
        None => v.to_string(),
        Some((k, unit)) => format!("{}{unit}", num(v.parse::<f64>().unwrap_or(0.0) * k / STEP)),
    };
    let (sw, sh) = (size(&vw), size(&vh));
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{sw}\" height=\"{sh}\" viewBox=\"0 0 {vw} {vh}\">"
    );
    if !st.look.background.is_none() {
        let _ = writeln!(
            out,
            "<rect width=\"100%\" height=\"100%\" fill=\"{}\"/>",
            st.look.background
        );
    }

    if show.contains(&Show::Areas) {
        let _ = writeln!(
            out,
            "<g id=\"areas\" fill-opacity=\"{}\" stroke=\"none\">",
            st.look.area_opacity
        );
        for area in pos.areas() {
            let mut sides = area.towers.iter().filter_map(|&t| Side::of_tower(t));
            let Some(first) = sides.next() else { continue };
            if !area.closed || sides.any(|s| s != first) {
                continue;
            }
            let fill = st.lines(first);
            for p in &area.points {
                let (x, y) = f.xy(*p);
                let _ = writeln!(
                    out,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{STEP:.1}\" height=\"{STEP:.1}\" fill=\"{fill}\"/>",
                    x - STEP / 2.0,
                    y - STEP / 2.0
                );
            }
        }
        out.push_str("</g>\n");
    }

    let _ = writeln!(
        out,
        "<g id=\"grid\" stroke=\"{}\" stroke-width=\"1.5\">",
        st.look.guide
    );
    for c in 0..w {
        let x = f.left + f64::from(c) * STEP;
        line(&mut out, (x, f.top), (x, f.top + grid_h));
    }
    for r in 0..h {
        let y = f.top + f64::from(r) * STEP;
        line(&mut out, (f.left, y), (f.left + grid_w, y));
    }
    out.push_str("</g>\n");

    let sides = st.coords;
    if sides.top || sides.bottom || sides.left || sides.right {
        let _ = writeln!(
            out,
            "<g id=\"coords\" fill=\"{}\" font-family=\"{}\" font-size=\"{}\" text-anchor=\"middle\">",
            st.look.coord,
            st.font(),
            coord_size
        );
        let letter = |c: u8| {
            let l = column(c);
            if st.look.coord_case == LetterCase::Upper {
                l.to_ascii_uppercase()
            } else {
                l
            }
        };
        let letters = [
            (sides.top, f.letters_y),
            (sides.bottom, f.top + grid_h + f.letters_below),
        ];
        for (_, y) in letters.into_iter().filter(|(on, _)| *on) {
            for c in 0..w {
                let _ = writeln!(
                    out,
                    "<text x=\"{:.1}\" y=\"{y:.1}\">{}</text>",
                    f.left + f64::from(c) * STEP,
                    letter(c)
                );
            }
        }
        let numbers = [
            (sides.left, f.numbers_x, "end"),
            (sides.right, f.left + grid_w + REACH + GAP, "start"),
        ];
        for (_, x, anchor) in numbers.into_iter().filter(|(on, ..)| *on) {
            for r in 0..h {
                let _ = writeln!(
                    out,
                    "<text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
                    f.top + f64::from(r) * STEP + f.numbers_drop,
                    r + 1
                );
            }
        }
        out.push_str("</g>\n");
    }

    // A tower's lines in `dirs`, in its side's colour.
    let rays = |out: &mut String, t: u8, dirs: &[(i8, i8)], dash: Option<&str>, id: &str| {
        if let (Some(at), Some(side)) = (pos.tower(t), Side::of_tower(t)) {
            lines(out, &f, pos, at, dirs, st.lines(side), dash, id);
        }
    };
    for s in show {
        match s {
            Show::Lines(t) => rays(&mut out, *t, &ORTHOGONAL, None, &format!("lines-{t}")),
            Show::Diagonals(t) => {
                rays(
                    &mut out,
                    *t,
                    &DIAGONAL,
                    Some("6 4"),
                    &format!("diagonals-{t}"),
                );
            }
            Show::Marking {
                active,
                target,
                lines: l,
            } => {
                if pos.tower(*active).is_none() || pos.tower(*target).is_none() {
                    continue;
                }
                let dirs = match l {
                    Lines::Movement => &ORTHOGONAL[..],
                    Lines::Rising => &DIAGONAL[..2],
                    Lines::Falling => &DIAGONAL[2..],
                };
                let id = format!("marking-lines-{active}");
                rays(&mut out, *active, dirs, Some("6 4"), &id);
                rays(
                    &mut out,
                    *target,
                    &ORTHOGONAL,
                    Some("6 4"),
                    &format!("lines-{target}"),
                );
                marks_group(&mut out, &format!("marking-points-{active}-{target}"), st);
                for p in pos.marking_points(*active, *target, *l) {
                    let (x, y) = f.xy(p);
                    let _ = writeln!(
                        out,
                        "<circle class=\"marking-point {p}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{MARKING_R:.1}\"/>"
                    );
                }
                out.push_str("</g>\n");
            }
            Show::MovesTo(_) | Show::Areas => {}
        }
    }

    out.push_str(&stones_group(st));
    for p in pos.stones() {
        stone(&mut out, &f, p, "");
    }
    out.push_str("</g>\n");

    for s in show {
        if let Show::MovesTo(t) = s {
            marks_group(&mut out, &format!("moves-to-{t}"), st);
            let half = DESTINATION_HALF;
            for p in pos.destinations(*t) {
                let (x, y) = f.xy(p);
                let _ = writeln!(
                    out,
                    "<rect class=\"destination {p}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"/>",
                    x - half,
                    y - half,
                    2.0 * half,
                    2.0 * half
                );
            }
            out.push_str("</g>\n");
        }
    }

    out.push_str(&towers_group(st));
    for t in 1..=6u8 {
        if let Some(at) = pos.tower(t) {
            tower(&mut out, &f, st, t, at, pos.is_petrified(t), "");
        }
    }
    out.push_str("</g>\n");

    let mut y = caption_top + caption_size;
    if let Some(side) = to_move {
        write_to_move(&mut out, st, side, width / 2.0, y);
        y += caption_size * 1.3;
    }
    if !caption_lines.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"caption\" fill=\"{}\" font-family=\"{}\" font-size=\"{caption_size}\" text-anchor=\"middle\">",
            st.look.caption,
            st.font()
        );
        for (line, italic) in &caption_lines {
            let style = if *italic {
                " font-style=\"italic\""
            } else {
                ""
            };
            let _ = write!(out, "<text x=\"{:.1}\" y=\"{y:.1}\"{style}>", width / 2.0);
            push_escaped(&mut out, line);
            out.push_str("</text>\n");
            y += caption_size * 1.3;
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// The line that says who moves next, as TwixT's does: a small tower of
/// that side's colour, then "Orange to play" or "Blue to play", centred
/// on `cx`, its baseline at `y`.
fn write_to_move(out: &mut String, st: &TwrsStyle, side: Side, cx: f64, y: f64) {
    let text = match side {
        Side::Orange => "Orange to play",
        Side::Blue => "Blue to play",
    };
    let (_, size, _) = st.sizes();
    let r = size * 0.38;
    let gap = size * 0.3;
    let left = cx - (2.0 * r + gap + text_width(text, size)) / 2.0;
    let (fill, edge, _) = st.side(side);
    let _ = writeln!(
        out,
        "<g id=\"to-move\" class=\"to-move {}\">\n<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"1.5\"/>\n\
<text fill=\"{}\" font-family=\"{}\" font-size=\"{size}\" x=\"{}\" y=\"{}\">{text}</text>\n</g>",
        side.name(),
        num(left + r),
        num(y - size * 0.35),
        num(r),
        st.look.caption,
        st.font(),
        num(left + 2.0 * r + gap),
        num(y),
    );
}

/// Opens the group the stones are drawn in.
pub(crate) fn stones_group(st: &TwrsStyle) -> String {
    format!("<g id=\"stones\" fill=\"{}\">\n", st.look.hole)
}

/// Opens the group the towers are drawn in.
pub(crate) fn towers_group(st: &TwrsStyle) -> String {
    format!(
        "<g id=\"towers\" font-family=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\">\n",
        st.font(),
        st.sizes().2
    )
}

/// A stone at `p`; `extra` is written into its element (the viewer's spans).
pub(crate) fn stone(out: &mut String, f: &Frame, p: Point, extra: &str) {
    let (x, y) = f.xy(p);
    let _ = writeln!(
        out,
        "<circle class=\"stone {p}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\"{extra}/>",
        STEP * 0.27
    );
}

/// Tower `t` at `at`, petrified towers with a heavy black ring; `extra` is
/// written into its element.
pub(crate) fn tower(
    out: &mut String,
    f: &Frame,
    st: &TwrsStyle,
    t: u8,
    at: Point,
    petrified: bool,
    extra: &str,
) {
    let Some(side) = Side::of_tower(t) else {
        return;
    };
    let (fill, edge, number) = st.side(side);
    let (x, y) = f.xy(at);
    let class = if petrified { " petrified" } else { "" };
    // The number's baseline: its digits centred on the tower.
    let baseline = y + 5.5 * st.sizes().2 / NUMBER_SIZE;
    let _ = writeln!(
        out,
        "<g class=\"tower {} t{t}{class}\"{extra}><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>\
<text x=\"{x:.1}\" y=\"{baseline:.1}\" fill=\"{}\">{t}</text></g>",
        side.name(),
        TOWER_R,
        if petrified { "#111111" } else { edge.as_str() },
        if petrified { PETRIFIED_RING } else { 1.5 },
        number
    );
}

/// Distance between grid lines in the drawing, for writers that place
/// things by intersection (the viewer's current-move ring, from
/// [`Frame`]'s `left` and `top`).
pub(crate) const GRID_STEP: f64 = STEP;

const ORTHOGONAL: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
/// The diagonals: rising (up and right, down and left), then falling.
const DIAGONAL: [(i8, i8); 4] = [(1, -1), (-1, 1), (1, 1), (-1, -1)];

/// Opens the group of marking points or destinations `id`.
fn marks_group(out: &mut String, id: &str, st: &TwrsStyle) {
    let _ = writeln!(
        out,
        "<g id=\"{id}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{MARK_STROKE}\">",
        st.look.mark
    );
}

/// A line from `(x1, y1)` to `(x2, y2)`.
fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ = writeln!(
        out,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
    );
}

/// Draws the lines from `at` in `dirs` to their last free intersection.
#[allow(clippy::too_many_arguments)]
fn lines(
    out: &mut String,
    f: &Frame,
    pos: &Position,
    at: Point,
    dirs: &[(i8, i8)],
    colour: &Colour,
    dash: Option<&str>,
    id: &str,
) {
    let dash = dash
        .map(|d| format!(" stroke-dasharray=\"{d}\""))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "<g id=\"{id}\" stroke=\"{colour}\" stroke-width=\"5\" stroke-opacity=\"0.55\" stroke-linecap=\"round\"{dash}>"
    );
    for &(dc, dr) in dirs {
        if let Some(end) = pos.ray(at, dc, dr).last() {
            line(out, f.xy(at), f.xy(end));
        }
    }
    out.push_str("</g>\n");
}

/// A TWRS position as text: columns lettered, rows numbered, `.` a free
/// intersection, `#` a stone (`●` in Unicode), a tower by its number, and
/// a petrified tower in brackets.
pub fn to_text(pos: &Position, ascii: bool) -> String {
    let mut out = String::from("   ");
    for c in 0..pos.width() {
        out.push_str(&format!(" {} ", char::from(b'a' + c)));
    }
    out.push('\n');
    for r in 0..pos.height() {
        out.push_str(&format!("{:>2} ", r + 1));
        for c in 0..pos.width() {
            let cell = match pos.piece_at(Point::new(c, r)) {
                None if ascii => " . ".to_string(),
                None => " · ".to_string(),
                Some(Piece::Stone) if ascii => " # ".to_string(),
                Some(Piece::Stone) => " ● ".to_string(),
                Some(Piece::Tower(t)) if pos.is_petrified(t) => format!("[{t}]"),
                Some(Piece::Tower(t)) => format!(" {t} "),
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out
}

/// Whose turn it is in `pos`, the stones left and the score so far, in
/// one line.
pub fn status_line(pos: &Position) -> String {
    let s = pos.score();
    format!(
        "{} to move, {} stones left, score orange {} blue {}",
        pos.to_move(),
        pos.stones_left(),
        s.orange,
        s.blue
    )
}

/// A chosen position as a text picture (`render --format txt`): the board
/// ([`to_text`]), whose turn it is with the stones left and the score,
/// then the caption and its translation. Text from the file is made
/// printable.
pub fn text_picture(v: &TwrsView, ascii: bool) -> String {
    let mut out = to_text(&v.position, ascii);
    out.push_str(&status_line(&v.position));
    out.push('\n');
    for text in [&v.caption, &v.translation].into_iter().flatten() {
        out.push_str(&printable(text));
        out.push('\n');
    }
    out
}

impl TwrsView {
    /// The position drawn as SVG in the look `style` gives (the caller's
    /// choice: the drawing commands' style, or the one the diagram point
    /// names, with the point's own options over it: see
    /// [`TwrsStyle::with_point`]), and as text (in ASCII when `ascii`).
    pub fn picture(&self, style: &TwrsStyle, ascii: bool) -> NamedSvg {
        NamedSvg {
            svg: to_svg_styled(
                &self.position,
                &self.show,
                self.caption.as_deref(),
                self.translation.as_deref(),
                style,
            ),
            text: text_picture(self, ascii),
            stem: self.stem.clone(),
        }
    }
}
