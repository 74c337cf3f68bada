//! TWRS diagrams as SVG, drawn like the rulebook's figures: the line grid,
//! stones, numbered towers in orange and blue, and on request a tower's
//! legal destinations (squares), its lines of movement, marking points
//! (circled) with the lines that make them, and the closed areas tinted in
//! the colour that holds them. The picture's frame, coordinates, caption
//! (with its translation in italics), title and side-to-move line are the
//! shared SVG writer's (`diagram::svg`), as TwixT's: a TWRS grid is drawn
//! one unit between lines, as a TwixT board one unit between holes. PNG
//! and PDF come from this SVG through the shared writers.

use std::fmt::Write as _;
use std::sync::LazyLock;

use crate::diagnostic::printable;
use crate::diagram::{
    Colour, Crop, HALF_CAP, Layout, Movers, Scale, Style, num, open_svg, push_segment,
    write_background, write_frame_text,
};
use crate::messages::Messages;
use crate::pictures::NamedSvg;
use crate::script::PointLook;
use crate::script::Sides;
use crate::twrs::file::TwrsView;
use crate::twrs::script::Show;
use twixt_core::board::Hole;
use twrs_core::moves::Lines;
use twrs_core::point::{Player, Point};
use twrs_core::position::{End, Piece, Position, Status};

/// Pixels between grid lines in TWRS's own look (`--unit` sets another
/// size); the drawing itself puts its lines one unit apart.
pub(crate) const STEP: f64 = 36.0;
/// How far the drawing reaches past the outer grid lines: half a spacing,
/// where a tinted area ends. Every piece and mark stays inside it (see the
/// assertions below), so coordinates beyond it touch none of them.
const REACH: f64 = 0.5;
/// Radius of a tower's disc.
const TOWER_R: f64 = 0.38;
/// Width of a petrified tower's ring, the heaviest one.
const PETRIFIED_RING: f64 = 3.5 / STEP;
/// Radius of the circle around a marking point.
const MARKING_R: f64 = 0.34;
/// Half the side of the square around a destination.
const DESTINATION_HALF: f64 = 0.3;
/// Width of the marking points' and destinations' strokes.
const MARK_STROKE: f64 = 2.5 / STEP;
/// Width of the grid's lines and the towers' edges.
const THIN: f64 = 1.5 / STEP;
const _: () = assert!(TOWER_R + PETRIFIED_RING / 2.0 < REACH);
const _: () = assert!(MARKING_R + MARK_STROKE / 2.0 < REACH);
const _: () = assert!(DESTINATION_HALF + MARK_STROKE / 2.0 < REACH);
/// The dashes of marking lines and diagonals.
const DASHES: &str = "0.167 0.111";

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
    fn lines(&self, side: Player) -> &Colour {
        match side {
            Player::Orange => &self.look.red_link,
            Player::Blue => &self.look.black_link,
        }
    }

    /// A side's towers: their colour, their edge and their numbers.
    fn side(&self, side: Player) -> (&Colour, &Colour, &Colour) {
        match side {
            Player::Orange => (&self.look.red, &self.edges[0], &self.look.label_on_red),
            Player::Blue => (&self.look.black, &self.edges[1], &self.look.label_on_black),
        }
    }

    /// The side-to-move line's look of each side: its name, its towers'
    /// colour and their edge.
    fn movers(&self) -> Movers<'_> {
        [
            ("orange", &self.look.red, &self.edges[0]),
            ("blue", &self.look.black, &self.edges[1]),
        ]
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
    let s = &st.look;
    let (w, h) = (u16::from(pos.width()), u16::from(pos.height()));
    let grid = Crop::new(Hole::new(0, 0), Hole::new(w - 1, h - 1));
    // Whose turn it is, while the game goes on: the caption's first line.
    let to_move = (s.to_move_marker && !matches!(pos.status(), Status::Over(_))).then(|| match pos
        .to_move()
    {
        Player::Orange => twixt_core::Player::Red,
        Player::Blue => twixt_core::Player::Black,
    });
    let captions = [caption, translation];
    let l = Layout::around(
        grid,
        st.coords,
        REACH,
        captions,
        s.caption_position,
        to_move,
        s,
    );
    let mut out = String::new();
    open_svg(&mut out, &l, st.scale.unwrap_or(Scale::Px(STEP)), caption);
    write_background(&mut out, s, &l, "");

    if show.contains(&Show::Areas) {
        let _ = writeln!(
            out,
            "<g id=\"areas\" fill-opacity=\"{}\" stroke=\"none\">",
            num(s.area_opacity)
        );
        for area in pos.areas() {
            let mut sides = area.towers.iter().filter_map(|&t| Player::of_tower(t));
            let Some(first) = sides.next() else { continue };
            if !area.closed || sides.any(|s| s != first) {
                continue;
            }
            let fill = st.lines(first);
            for p in &area.points {
                let _ = writeln!(
                    out,
                    "<rect x=\"{}\" y=\"{}\" width=\"1\" height=\"1\" fill=\"{fill}\"/>",
                    num(f64::from(p.col) - 0.5),
                    num(f64::from(p.row) - 0.5)
                );
            }
        }
        out.push_str("</g>\n");
    }

    let _ = write!(
        out,
        "<g id=\"grid\" stroke=\"{}\" stroke-width=\"{}\">\n<path d=\"",
        s.guide,
        num(THIN)
    );
    let (right, bottom) = (f64::from(w - 1), f64::from(h - 1));
    for c in 0..w {
        push_segment(&mut out, f64::from(c), 0.0, f64::from(c), bottom);
    }
    for r in 0..h {
        push_segment(&mut out, 0.0, f64::from(r), right, f64::from(r));
    }
    out.push_str("\"/>\n</g>\n");

    // A tower's lines in `dirs`, in its side's colour.
    let rays = |out: &mut String, t: u8, dirs: &[(i8, i8)], dashed: bool, id: &str| {
        if let (Some(at), Some(side)) = (pos.tower(t), Player::of_tower(t)) {
            lines(out, pos, at, dirs, st.lines(side), dashed, id);
        }
    };
    for s in show {
        match s {
            Show::Lines(t) => rays(&mut out, *t, &ORTHOGONAL, false, &format!("lines-{t}")),
            Show::Diagonals(t) => rays(&mut out, *t, &DIAGONAL, true, &format!("diagonals-{t}")),
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
                rays(
                    &mut out,
                    *active,
                    dirs,
                    true,
                    &format!("marking-lines-{active}"),
                );
                rays(
                    &mut out,
                    *target,
                    &ORTHOGONAL,
                    true,
                    &format!("lines-{target}"),
                );
                marks_group(&mut out, &format!("marking-points-{active}-{target}"), st);
                for p in pos.marking_points(*active, *target, *l) {
                    let _ = writeln!(
                        out,
                        "<circle class=\"marking-point {p}\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                        p.col,
                        p.row,
                        num(MARKING_R)
                    );
                }
                out.push_str("</g>\n");
            }
            Show::MovesTo(_) | Show::Areas => {}
        }
    }

    out.push_str(&stones_group(st));
    for p in pos.stones() {
        stone(&mut out, p, "");
    }
    out.push_str("</g>\n");

    for s in show {
        if let Show::MovesTo(t) = s {
            marks_group(&mut out, &format!("moves-to-{t}"), st);
            let half = DESTINATION_HALF;
            for p in pos.destinations(*t) {
                let _ = writeln!(
                    out,
                    "<rect class=\"destination {p}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    num(f64::from(p.col) - half),
                    num(f64::from(p.row) - half),
                    num(2.0 * half),
                    num(2.0 * half)
                );
            }
            out.push_str("</g>\n");
        }
    }

    out.push_str(&towers_group(st));
    for t in 1..=6u8 {
        if let Some(at) = pos.tower(t) {
            tower(&mut out, st, t, at, pos.is_petrified(t), "");
        }
    }
    out.push_str("</g>\n");
    write_frame_text(&mut out, s, &l, st.coords, "", st.movers());
    out.push_str("</svg>\n");
    out
}

/// Opens the group the stones are drawn in.
pub(crate) fn stones_group(st: &TwrsStyle) -> String {
    format!("<g id=\"stones\" fill=\"{}\">\n", st.look.hole)
}

/// Opens the group the towers are drawn in.
pub(crate) fn towers_group(st: &TwrsStyle) -> String {
    format!(
        "<g id=\"towers\" font-family=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\">\n",
        st.look.font_family.as_str(),
        num(st.look.label_size)
    )
}

/// A stone at `p`; `extra` is written into its element (the viewer's spans).
pub(crate) fn stone(out: &mut String, p: Point, extra: &str) {
    let _ = writeln!(
        out,
        "<circle class=\"stone {p}\" cx=\"{}\" cy=\"{}\" r=\"0.27\"{extra}/>",
        p.col, p.row
    );
}

/// Tower `t` at `at`, petrified towers with a heavy black ring; `extra` is
/// written into its element.
pub(crate) fn tower(
    out: &mut String,
    st: &TwrsStyle,
    t: u8,
    at: Point,
    petrified: bool,
    extra: &str,
) {
    let Some(side) = Player::of_tower(t) else {
        return;
    };
    let (fill, edge, number) = st.side(side);
    let class = if petrified { " petrified" } else { "" };
    // The number's baseline: its digits centred on the tower.
    let baseline = f64::from(at.row) + HALF_CAP * st.look.label_size;
    let _ = writeln!(
        out,
        "<g class=\"tower {} t{t}{class}\"{extra}><circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{}\"/>\
<text x=\"{}\" y=\"{}\" fill=\"{number}\">{t}</text></g>",
        side.name(),
        at.col,
        at.row,
        num(TOWER_R),
        if petrified { "#111111" } else { edge.as_str() },
        num(if petrified { PETRIFIED_RING } else { THIN }),
        at.col,
        num(baseline),
    );
}

const ORTHOGONAL: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
/// The diagonals: rising (up and right, down and left), then falling.
const DIAGONAL: [(i8, i8); 4] = [(1, -1), (-1, 1), (1, 1), (-1, -1)];

/// Opens the group of marking points or destinations `id`.
fn marks_group(out: &mut String, id: &str, st: &TwrsStyle) {
    let _ = writeln!(
        out,
        "<g id=\"{id}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\">",
        st.look.mark,
        num(MARK_STROKE)
    );
}

/// Draws the lines from `at` in `dirs` to their last free intersection.
fn lines(
    out: &mut String,
    pos: &Position,
    at: Point,
    dirs: &[(i8, i8)],
    colour: &Colour,
    dashed: bool,
    id: &str,
) {
    let dash = if dashed {
        format!(" stroke-dasharray=\"{DASHES}\"")
    } else {
        String::new()
    };
    let _ = write!(
        out,
        "<g id=\"{id}\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-opacity=\"0.55\" stroke-linecap=\"round\"{dash}>\n<path d=\"",
        num(5.0 / STEP)
    );
    let xy = |p: Point| (f64::from(p.col), f64::from(p.row));
    for &(dc, dr) in dirs {
        if let Some(end) = pos.ray(at, dc, dr).last() {
            let ((ax, ay), (bx, by)) = (xy(at), xy(end));
            push_segment(out, ax, ay, bx, by);
        }
    }
    out.push_str("\"/>\n</g>\n");
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

/// A result said in words belongs with the pictures: the message
/// catalogues are theirs, above the replay that finds the result.
impl super::file::TwrsResult {
    /// The result as a sentence in `msgs`' words: "Orange wins 58–37: Blue
    /// cannot move a tower", "Bleu gagne 40 à 12 : la dernière pierre est
    /// posée". The winner's points come first.
    pub fn words(&self, msgs: &Messages) -> String {
        let side = |p: Player| match p {
            Player::Orange => msgs.get("orange"),
            Player::Blue => msgs.get("blue"),
        };
        let why = match self.end {
            End::NoMove(p) => msgs.fill("twrs-result-no-move", &[("player", side(p))]),
            End::NoStones => msgs.get("twrs-result-no-stones").to_string(),
        };
        let (orange, blue) = (self.score.orange.to_string(), self.score.blue.to_string());
        match self.score.leader() {
            Some(p) => {
                let (a, b) = match p {
                    Player::Orange => (&orange, &blue),
                    Player::Blue => (&blue, &orange),
                };
                msgs.fill(
                    "twrs-result-won",
                    &[("player", side(p)), ("a", a), ("b", b), ("why", &why)],
                )
            }
            None => msgs.fill(
                "twrs-result-draw",
                &[("a", &orange), ("b", &blue), ("why", &why)],
            ),
        }
    }
}
