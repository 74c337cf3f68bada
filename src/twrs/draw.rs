//! TWRS diagrams as SVG, drawn like the rulebook's figures: the line grid,
//! stones, numbered towers in orange and blue, and on request a tower's
//! legal destinations (squares), its lines of movement, marking points
//! (circled) with the lines that make them, and the closed areas tinted in
//! the colour that holds them. PNG and PDF come from this SVG through the
//! shared writers (`diagram::png`, `diagram::pdf`).

use std::fmt::Write as _;

use crate::diagnostic::Diagnostic;
use crate::diagram::font::{FAMILY, ink_extent, text_width, wrap};
use crate::diagram::push_escaped;
use crate::pictures::NamedSvg;
use crate::twrs::file::{Positions, TwrsFile};
use crate::twrs::moves::Lines;
use crate::twrs::point::{Point, Side};
use crate::twrs::position::Position;
use crate::twrs::script::Show;

/// Distance between grid lines, in px.
const STEP: f64 = 36.0;
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
/// Font size of the coordinates.
const COORD_SIZE: f64 = 12.0;
/// Clear space between the coordinates and the drawing's reach.
const GAP: f64 = 4.0;
/// Space between the coordinates and the picture's edge.
const EDGE: f64 = 6.0;
const CAPTION_SIZE: f64 = 14.0;

const ORANGE: &str = "#f08a24";
const ORANGE_DARK: &str = "#a65500";
const BLUE: &str = "#2b6cd4";
const BLUE_DARK: &str = "#153f85";
const MARK: &str = "#d62728";
const GRID: &str = "#555555";

fn colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::Orange => (ORANGE, ORANGE_DARK),
        Side::Blue => (BLUE, BLUE_DARK),
    }
}

/// Where the grid of a drawing lies, and its coordinates: the left and top
/// margins are as wide as the row numbers and as tall as the column
/// letters, measured in the bundled font, so that both stay clear of
/// everything the board draws on any grid (rows 10 to 26 have two digits).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Frame {
    /// The left grid line's x.
    pub(crate) left: f64,
    /// The top grid line's y.
    pub(crate) top: f64,
    /// Baseline of the column letters.
    letters_y: f64,
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
    /// The frame of a grid of `width` × `height` lines.
    pub(crate) fn new(width: u8, height: u8) -> Frame {
        let letters: String = (0..width).map(column).collect();
        let numbers: Vec<String> = (1..=height).map(|r| r.to_string()).collect();
        let numbers_w = numbers
            .iter()
            .map(|n| text_width(n, COORD_SIZE))
            .fold(0.0, f64::max);
        let (letters_up, letters_down) = ink_extent(&letters, COORD_SIZE);
        let (digits_up, digits_down) = ink_extent(&numbers.concat(), COORD_SIZE);
        // Whole pixels keep the grid lines sharp.
        let left = (EDGE + numbers_w + GAP + REACH).ceil();
        let top = (EDGE + letters_up + letters_down + GAP + REACH).ceil();
        Frame {
            left,
            top,
            letters_y: top - REACH - GAP - letters_down,
            numbers_x: left - REACH - GAP,
            numbers_drop: (digits_up - digits_down) / 2.0,
        }
    }

    /// The frame of `pos`'s grid.
    pub(crate) fn of(pos: &Position) -> Frame {
        Frame::new(pos.width(), pos.height())
    }

    /// Where intersection `p` lies in the drawing.
    fn xy(&self, p: Point) -> (f64, f64) {
        (
            self.left + f64::from(p.col) * STEP,
            self.top + f64::from(p.row) * STEP,
        )
    }
}

/// A TWRS position as a standalone SVG document, with what `show` asks for
/// and an optional caption (and its translation, in italics) below.
pub fn to_svg(
    pos: &Position,
    show: &[Show],
    caption: Option<&str>,
    translation: Option<&str>,
) -> String {
    let (w, h) = (pos.width(), pos.height());
    let f = Frame::of(pos);
    let grid_w = f64::from(w - 1) * STEP;
    let grid_h = f64::from(h - 1) * STEP;
    let width = f.left + grid_w + MARGIN;
    let text_width = width - 16.0;
    let caption_lines: Vec<(String, bool)> = caption
        .into_iter()
        .flat_map(|c| {
            wrap(c, CAPTION_SIZE, text_width)
                .into_iter()
                .map(|l| (l, false))
        })
        .chain(translation.into_iter().flat_map(|t| {
            wrap(t, CAPTION_SIZE, text_width)
                .into_iter()
                .map(|l| (l, true))
        }))
        .collect();
    let caption_h = if caption_lines.is_empty() {
        0.0
    } else {
        8.0 + caption_lines.len() as f64 * CAPTION_SIZE * 1.3
    };
    let height = f.top + grid_h + MARGIN + caption_h;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    );

    if show.contains(&Show::Areas) {
        out.push_str("<g id=\"areas\" fill-opacity=\"0.22\" stroke=\"none\">\n");
        for area in pos.areas() {
            let mut sides = area.towers.iter().filter_map(|&t| Side::of_tower(t));
            let Some(first) = sides.next() else { continue };
            if !area.closed || sides.any(|s| s != first) {
                continue;
            }
            let (fill, _) = colours(first);
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
        "<g id=\"grid\" stroke=\"{GRID}\" stroke-width=\"1.5\">"
    );
    for c in 0..w {
        let x = f.left + f64::from(c) * STEP;
        let _ = writeln!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\"/>",
            f.top,
            f.top + grid_h
        );
    }
    for r in 0..h {
        let y = f.top + f64::from(r) * STEP;
        let _ = writeln!(
            out,
            "<line x1=\"{:.1}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\"/>",
            f.left,
            f.left + grid_w
        );
    }
    out.push_str("</g>\n");

    let _ = writeln!(
        out,
        "<g id=\"coords\" fill=\"#666666\" font-family=\"{FAMILY}\" font-size=\"{COORD_SIZE}\" text-anchor=\"middle\">"
    );
    for c in 0..w {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
            f.left + f64::from(c) * STEP,
            f.letters_y,
            column(c)
        );
    }
    for r in 0..h {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            f.numbers_x,
            f.top + f64::from(r) * STEP + f.numbers_drop,
            r + 1
        );
    }
    out.push_str("</g>\n");

    for s in show {
        match s {
            Show::Lines(t) => {
                if let (Some(at), Some(side)) = (pos.tower(*t), Side::of_tower(*t)) {
                    lines(
                        &mut out,
                        pos,
                        at,
                        &ORTHOGONAL,
                        colours(side).0,
                        None,
                        &format!("lines-{t}"),
                    );
                }
            }
            Show::Diagonals(t) => {
                if let (Some(at), Some(side)) = (pos.tower(*t), Side::of_tower(*t)) {
                    let diagonals = [(1, -1), (-1, 1), (1, 1), (-1, -1)];
                    lines(
                        &mut out,
                        pos,
                        at,
                        &diagonals,
                        colours(side).0,
                        Some("6 4"),
                        &format!("diagonals-{t}"),
                    );
                }
            }
            Show::Marking {
                active,
                target,
                lines: l,
            } => {
                let (Some(a), Some(t)) = (pos.tower(*active), pos.tower(*target)) else {
                    continue;
                };
                let ca = Side::of_tower(*active)
                    .map(|s| colours(s).0)
                    .unwrap_or(GRID);
                let ct = Side::of_tower(*target)
                    .map(|s| colours(s).0)
                    .unwrap_or(GRID);
                let dirs: &[(i8, i8)] = match l {
                    Lines::Movement => &ORTHOGONAL,
                    Lines::Rising => &[(1, -1), (-1, 1)],
                    Lines::Falling => &[(1, 1), (-1, -1)],
                };
                lines(
                    &mut out,
                    pos,
                    a,
                    dirs,
                    ca,
                    Some("6 4"),
                    &format!("marking-lines-{active}"),
                );
                lines(
                    &mut out,
                    pos,
                    t,
                    &ORTHOGONAL,
                    ct,
                    Some("6 4"),
                    &format!("lines-{target}"),
                );
                let _ = writeln!(
                    out,
                    "<g id=\"marking-points-{active}-{target}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"{MARK_STROKE}\">"
                );
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

    out.push_str(STONES_GROUP);
    for p in pos.stones() {
        stone(&mut out, &f, p, "");
    }
    out.push_str("</g>\n");

    for s in show {
        if let Show::MovesTo(t) = s {
            let _ = writeln!(
                out,
                "<g id=\"moves-to-{t}\" fill=\"none\" stroke=\"{MARK}\" stroke-width=\"{MARK_STROKE}\">"
            );
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

    out.push_str(&towers_group());
    for t in 1..=6u8 {
        if let Some(at) = pos.tower(t) {
            tower(&mut out, &f, t, at, pos.is_petrified(t), "");
        }
    }
    out.push_str("</g>\n");

    if !caption_lines.is_empty() {
        let _ = writeln!(
            out,
            "<g id=\"caption\" fill=\"#222222\" font-family=\"{FAMILY}\" font-size=\"{CAPTION_SIZE}\" text-anchor=\"middle\">"
        );
        let mut y = f.top + grid_h + MARGIN + CAPTION_SIZE;
        for (line, italic) in &caption_lines {
            let style = if *italic {
                " font-style=\"italic\""
            } else {
                ""
            };
            let _ = write!(out, "<text x=\"{:.1}\" y=\"{y:.1}\"{style}>", width / 2.0);
            push_escaped(&mut out, line);
            out.push_str("</text>\n");
            y += CAPTION_SIZE * 1.3;
        }
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    out
}

/// Opens the group the stones are drawn in.
pub(crate) const STONES_GROUP: &str = "<g id=\"stones\" fill=\"#3a3a3a\">\n";

/// Opens the group the towers are drawn in.
pub(crate) fn towers_group() -> String {
    format!(
        "<g id=\"towers\" font-family=\"{FAMILY}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">\n"
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
pub(crate) fn tower(out: &mut String, f: &Frame, t: u8, at: Point, petrified: bool, extra: &str) {
    let Some(side) = Side::of_tower(t) else {
        return;
    };
    let (fill, dark) = colours(side);
    let (x, y) = f.xy(at);
    let class = if petrified { " petrified" } else { "" };
    let _ = writeln!(
        out,
        "<g class=\"tower {} t{t}{class}\"{extra}><circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>\
<text x=\"{x:.1}\" y=\"{:.1}\" fill=\"#ffffff\">{t}</text></g>",
        side.name(),
        TOWER_R,
        if petrified { "#111111" } else { dark },
        if petrified { PETRIFIED_RING } else { 1.5 },
        y + 5.5
    );
}

/// Distance between grid lines in the drawing, for writers that place
/// things by intersection (the viewer's current-move ring, from
/// [`Frame`]'s `left` and `top`).
pub(crate) const GRID_STEP: f64 = STEP;

const ORTHOGONAL: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

/// Draws the lines from `at` in `dirs` to their last free intersection.
fn lines(
    out: &mut String,
    pos: &Position,
    at: Point,
    dirs: &[(i8, i8)],
    colour: &str,
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
    let f = Frame::of(pos);
    let (x1, y1) = f.xy(at);
    for &(dc, dr) in dirs {
        if let Some(end) = pos.ray(at, dc, dr).last() {
            let (x2, y2) = f.xy(end);
            let _ = writeln!(
                out,
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"/>"
            );
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
                None => {
                    if ascii {
                        " . ".to_string()
                    } else {
                        " · ".to_string()
                    }
                }
                Some(crate::twrs::position::Piece::Stone) => {
                    if ascii {
                        " # ".to_string()
                    } else {
                        " ● ".to_string()
                    }
                }
                Some(crate::twrs::position::Piece::Tower(t)) if pos.is_petrified(t) => {
                    format!("[{t}]")
                }
                Some(crate::twrs::position::Piece::Tower(t)) => format!(" {t} "),
            };
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out
}

impl TwrsFile {
    /// The positions `which` names of every game drawn as SVG. A file with
    /// any error draws nothing: the errors come back, located.
    pub fn pictures(&self, which: Positions) -> Result<Vec<NamedSvg>, Vec<Diagnostic>> {
        Ok(self
            .views(which)?
            .into_iter()
            .map(|v| NamedSvg {
                svg: to_svg(
                    &v.position,
                    &v.show,
                    v.caption.as_deref(),
                    v.translation.as_deref(),
                ),
                stem: v.stem,
            })
            .collect())
    }
}
