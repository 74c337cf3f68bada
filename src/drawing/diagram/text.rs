//! The text writer: a diagram as a character grid, in Unicode or plain ASCII.
//!
//! Each hole is a cell; Red's pegs are `R`, Black's `B`, or their move
//! number prefixed with `r`/`b`; empty holes are dots. The border lines are
//! drawn between the first two and last two rows and columns. Links, which
//! a grid cannot show, are listed under it, with the caption.

use std::fmt::Write as _;

use super::font;
use super::model::{Diagram, Mark};
use twixt_core::board::{Hole, Player, column_name};

/// Character set for the text writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Charset {
    /// Box-drawing lines and middle dots.
    #[default]
    Unicode,
    /// Only printable ASCII.
    Ascii,
}

struct Glyphs {
    hole: &'static str,
    hline: char,
    vline: char,
    cross: char,
    x_mark: &'static str,
}

const UNICODE: Glyphs = Glyphs {
    hole: "·",
    hline: '─',
    vline: '│',
    cross: '┼',
    x_mark: "✕",
};
const ASCII: Glyphs = Glyphs {
    hole: ".",
    hline: '-',
    vline: '|',
    cross: '+',
    x_mark: "X",
};

/// Renders the diagram as text.
pub fn to_text(d: &Diagram, charset: Charset) -> String {
    let g = match charset {
        Charset::Unicode => &UNICODE,
        Charset::Ascii => &ASCII,
    };
    let v = d.view();
    let cell_text = |h: Hole| -> String {
        let mark = d.marks.iter().find_map(|m| match m {
            Mark::Cross(x) if *x == h => Some(g.x_mark.to_string()),
            Mark::Letter { hole, text } if *hole == h => Some(clean(text, charset)),
            _ => None,
        });
        if let Some(p) = d.pegs.get(&h) {
            let letter = match p {
                Player::Red => 'R',
                Player::Black => 'B',
            };
            return match d.labels.get(&h) {
                Some(l) => format!("{}{}", letter.to_ascii_lowercase(), clean(l, charset)),
                None => letter.to_string(),
            };
        }
        if let Some(m) = mark {
            return m;
        }
        let ghost = d.marks.iter().find_map(|m| match m {
            Mark::Ghost {
                hole,
                player,
                label,
            } if *hole == h => Some((*player, label.clone())),
            _ => None,
        });
        if let Some((p, label)) = ghost {
            let c = match p {
                Player::Red => 'r',
                Player::Black => 'b',
            };
            return match label {
                Some(l) => format!("{c}{}", clean(&l, charset)),
                None => format!("{c}?"),
            };
        }
        if d.size.is_corner(h) {
            String::new()
        } else {
            g.hole.to_string()
        }
    };
    // Every cell has the width of the widest content plus a space.
    let mut cells = Vec::new();
    let mut width = 2usize;
    for row in v.min.row..=v.max.row {
        let mut line = Vec::new();
        for col in v.min.col..=v.max.col {
            let t = cell_text(Hole::new(col, row));
            width = width.max(t.chars().count() + 1);
            line.push(t);
        }
        cells.push(line);
    }
    let row_w = (u32::from(v.max.row) + 1).to_string().len();
    // A border line sits between an edge row or column and the next one,
    // on a real side: on a cut side the board goes on, with no border row
    // and no line, and the lines along it run on to the edge of the picture.
    let size = d.size;
    let vline_after =
        |col: u16| d.border_lines && (size.is_real_edge_col(col) || size.is_real_edge_col(col + 1));
    let hline_after =
        |row: u16| d.border_lines && (size.is_real_edge_row(row) || size.is_real_edge_row(row + 1));

    let mut out = String::new();
    let pad = |s: &str, n: usize| format!("{s:>n$}");
    let header = |out: &mut String| {
        let mut line = " ".repeat(row_w);
        for col in v.min.col..=v.max.col {
            line.push_str(&pad(&column_name(col), width));
            if vline_after(col) && col < v.max.col {
                line.push_str("  ");
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    if d.coords.top {
        header(&mut out);
    }
    let mut grid_width = row_w;
    let inner_col = |col: u16| !size.is_real_edge_col(col);
    for (i, row) in (v.min.row..=v.max.row).enumerate() {
        let mut line = String::new();
        if d.coords.left {
            line.push_str(&pad(&(u32::from(row) + 1).to_string(), row_w));
        } else {
            line.push_str(&" ".repeat(row_w));
        }
        let inner_row = !size.is_real_edge_row(row);
        for (j, col) in (v.min.col..=v.max.col).enumerate() {
            line.push_str(&pad(&cells[i][j], width));
            if vline_after(col) && col < v.max.col {
                line.push(' ');
                line.push(if inner_row { g.vline } else { ' ' });
            }
        }
        if d.coords.right {
            let _ = write!(line, " {}", u32::from(row) + 1);
        }
        grid_width = grid_width.max(line.chars().count());
        out.push_str(line.trim_end());
        out.push('\n');
        if hline_after(row) && row < v.max.row {
            let mut sep = " ".repeat(row_w);
            for col in v.min.col..=v.max.col {
                let c = if inner_col(col) { g.hline } else { ' ' };
                sep.extend(std::iter::repeat_n(c, width));
                if vline_after(col) && col < v.max.col {
                    sep.push(c);
                    sep.push(g.cross);
                }
            }
            out.push_str(sep.trim_end());
            out.push('\n');
        }
    }
    if d.coords.bottom {
        header(&mut out);
    }
    // Links, by owner.
    for (p, name) in [(Player::Red, "red"), (Player::Black, "black")] {
        let links = d.links.iter().filter(|l| d.link_owner(**l) == Some(p));
        if links.clone().next().is_some() {
            let _ = writeln!(out, "{name} links: {}", crate::diagnostic::spaced(links));
        }
    }
    if let Some(last) = d.last {
        let _ = writeln!(out, "last move: {last}");
    }
    let left_off = d.caption_position == Some(crate::script::CaptionPosition::None);
    if let Some(c) = d.caption.as_ref().filter(|_| !left_off) {
        // Wrap to roughly the grid width, measured in average characters.
        let c = clean(c, charset);
        for line in font::wrap(&c, 1.0, grid_width.max(30) as f64 * 0.6) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// Drops control characters; in ASCII mode, replaces non-ASCII with `?`.
fn clean(s: &str, charset: Charset) -> String {
    s.chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .map(|c| {
            if charset == Charset::Ascii && !c.is_ascii() {
                '?'
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagram::Crop;
    use twixt_core::board::BoardSize;
    use twixt_core::setup::Setup;

    #[test]
    fn small_board_ascii() {
        let mut s = Setup::empty(BoardSize::square(6).unwrap());
        s.pegs.insert("c3".parse().unwrap(), Player::Red);
        s.pegs.insert("d5".parse().unwrap(), Player::Red);
        s.pegs.insert("b4".parse().unwrap(), Player::Black);
        s.links.insert("c3-d5".parse().unwrap());
        let mut d = Diagram::from_setup(&s);
        d.label("c3".parse().unwrap(), "1");
        d.mark(Mark::Cross("e2".parse().unwrap()));
        d.caption("Diagram 1");
        let t = to_text(&d, Charset::Ascii);
        let expected = "   a    b  c  d  e    f
1       .  .  .  .
     +-------------+
2  . |  .  .  .  X |  .
3  . |  . r1  .  . |  .
4  . |  B  .  .  . |  .
5  . |  .  .  R  . |  .
     +-------------+
6       .  .  .  .
red links: c3-d5
Diagram 1
";
        assert_eq!(t, expected, "\n{t}");
        assert!(t.is_ascii());
        let u = to_text(&d, Charset::Unicode);
        assert!(u.contains('│') && u.contains('·'));
        let mut d2 = d.clone();
        d2.crop(Crop::new("b2".parse().unwrap(), "c3".parse().unwrap()));
        assert!(to_text(&d2, Charset::Ascii).starts_with("   b  c\n"));
    }

    /// A window whose top and right sides are cut: the board goes on
    /// there, so only the left and bottom border lines are drawn, and they
    /// run on to the picture's edge on the cut sides (as the SVG draws it).
    #[test]
    fn cut_sides_have_no_border_line() {
        let size: BoardSize = "6 cut top right".parse().unwrap();
        let mut s = Setup::empty(size);
        s.pegs.insert("a1".parse().unwrap(), Player::Black);
        s.pegs.insert("f1".parse().unwrap(), Player::Red);
        let d = Diagram::from_setup(&s);
        let t = to_text(&d, Charset::Ascii);
        let expected = "  a   b c d e f
1 B | . . . . R
2 . | . . . . .
3 . | . . . . .
4 . | . . . . .
5 . | . . . . .
    +----------
6     . . . . .
";
        assert_eq!(t, expected, "\n{t}");
    }
}
