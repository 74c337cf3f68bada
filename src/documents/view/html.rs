//! The viewer page: one HTML file holding, per game, one SVG of the whole
//! game (the board drawn by our renderer, then every peg and link that ever
//! stands, each with a `data-v` list of `line:first-end` spans), the move
//! list, and the lines' data as JSON; a small script shows and hides.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::diagram::{Diagram, Scale, Style, to_svg_prefixed};
use crate::diagram::{Layout, push_num, write_body};
use crate::twixt::board::Player;

use super::{PieceKind, ViewBoard, ViewGame, ViewLine};

const CSS: &str = include_str!("viewer.css");
const SCRIPT: &str = include_str!("viewer.js");

/// The page showing `games` in `style`, titled `title`.
pub fn to_html(games: &[ViewGame], style: &Style, title: &str) -> String {
    let mut out = String::with_capacity(256 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    // Nothing may be fetched: no network, no other file.
    out.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data: blob:\">\n");
    out.push_str("<meta name=\"generator\" content=\"twixtkit\">\n<title>");
    escape(&mut out, title);
    out.push_str("</title>\n<style>\n");
    out.push_str(CSS);
    out.push_str("</style>\n</head>\n<body>\n<h1 id=\"page-title\">");
    escape(&mut out, title);
    out.push_str("</h1>\n");
    if games.len() > 1 {
        game_list(&mut out, games);
    }
    out.push_str("<main>\n");
    for (i, g) in games.iter().enumerate() {
        game_section(&mut out, i, g, style, games.len() == 1);
    }
    out.push_str("</main>\n<script type=\"application/json\" id=\"twixt-data\">");
    // `<` escaped so no text can close the script element.
    let data = json!({ "games": games.iter().map(game_data).collect::<Vec<_>>() });
    out.push_str(
        &data
            .to_string()
            .replace('<', "\\u003c")
            .replace('\u{2028}', "\\u2028")
            .replace('\u{2029}', "\\u2029"),
    );
    out.push_str("</script>\n<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

fn game_list(out: &mut String, games: &[ViewGame]) {
    let [first, second] = games.first().map_or(["Red", "Black"], |g| g.sides);
    let _ = writeln!(
        out,
        "<nav id=\"game-list\" aria-label=\"Games\">\n<table>\n<thead><tr><th>#</th><th>Game</th><th>{first}</th><th>{second}</th><th>Result</th><th>Moves</th></tr></thead>\n<tbody>"
    );
    for (i, g) in games.iter().enumerate() {
        let _ = write!(
            out,
            "<tr><td>{}</td><td><button type=\"button\" class=\"pick-game\" data-game=\"{i}\">",
            i + 1
        );
        escape(out, &g.title);
        out.push_str("</button></td><td>");
        escape(out, g.players.0.as_deref().unwrap_or(""));
        out.push_str("</td><td>");
        escape(out, g.players.1.as_deref().unwrap_or(""));
        out.push_str("</td><td>");
        escape(out, &g.score);
        let _ = writeln!(out, "</td><td>{}</td></tr>", g.lines[0].moves.len());
    }
    out.push_str("</tbody>\n</table>\n</nav>\n");
}

fn game_section(out: &mut String, i: usize, g: &ViewGame, style: &Style, single: bool) {
    let _ = writeln!(
        out,
        "<section class=\"game\" id=\"game-{}\" data-game=\"{i}\"{}>",
        i + 1,
        if i > 0 { " hidden" } else { "" }
    );
    // The page's heading already names a game shown alone.
    let _ = write!(
        out,
        "<h2 class=\"game-title\"{}>",
        if single { " hidden" } else { "" }
    );
    escape(out, &g.title);
    out.push_str("</h2>\n");
    if g.players.0.is_some() || g.players.1.is_some() {
        out.push_str("<p class=\"players\"><span class=\"red-name\">");
        escape(out, g.players.0.as_deref().unwrap_or(g.sides[0]));
        out.push_str("</span> – <span class=\"black-name\">");
        escape(out, g.players.1.as_deref().unwrap_or(g.sides[1]));
        out.push_str("</span></p>\n");
    }
    out.push_str("<div class=\"viewer\">\n<div class=\"board\">\n");
    board_svg(out, i, g, style);
    out.push_str("</div>\n<div class=\"side\">\n");
    out.push_str(concat!(
        "<div class=\"controls\" role=\"toolbar\" aria-label=\"Step through the game\">\n",
        "<button type=\"button\" data-go=\"first\" aria-label=\"Start (Home)\" title=\"Start (Home)\">|◀</button>\n",
        "<button type=\"button\" data-go=\"back10\" aria-label=\"Back 10 moves (Page Up)\" title=\"Back 10 moves (Page Up)\">◀◀</button>\n",
        "<button type=\"button\" data-go=\"back\" aria-label=\"Back one move (Left arrow)\" title=\"Back one move (←)\">◀</button>\n",
        "<button type=\"button\" data-go=\"next\" aria-label=\"Forward one move (Right arrow)\" title=\"Forward one move (→)\">▶</button>\n",
        "<button type=\"button\" data-go=\"next10\" aria-label=\"Forward 10 moves (Page Down)\" title=\"Forward 10 moves (Page Down)\">▶▶</button>\n",
        "<button type=\"button\" data-go=\"last\" aria-label=\"End (End)\" title=\"End (End)\">▶|</button>\n",
        "</div>\n<div class=\"options\">\n",
        "<button type=\"button\" data-do=\"coords\" aria-pressed=\"true\">Coordinates</button>\n",
    ));
    // Black's view turns a TwixT board; other games have no such view.
    if matches!(g.board, ViewBoard::Twixt(_)) {
        out.push_str(
            "<button type=\"button\" data-do=\"flip\" aria-pressed=\"false\">Black's view</button>\n",
        );
    }
    out.push_str(concat!(
        "<button type=\"button\" data-do=\"download\">Download SVG</button>\n",
        "</div>\n",
        "<div class=\"status\" aria-live=\"polite\"><p class=\"current\"></p><div class=\"comments\"></div>",
        "<div class=\"branches\"></div><p class=\"result\"></p>",
        "<button type=\"button\" class=\"leave\" hidden>Back to the main line</button></div>\n",
    ));
    out.push_str("<nav class=\"move-list\" aria-label=\"Moves\">\n");
    move_list(out, g, 0);
    out.push_str("</nav>\n");
    if !g.facts.is_empty() {
        out.push_str("<dl class=\"facts\">\n");
        for (k, v) in &g.facts {
            out.push_str("<dt>");
            escape(out, k);
            out.push_str("</dt><dd>");
            escape(out, v);
            out.push_str("</dd>\n");
        }
        out.push_str("</dl>\n");
    }
    out.push_str("</div>\n</div>\n</section>\n");
}

/// A line's moves as a list of buttons, each variation nested under the
/// move it replaces.
fn move_list(out: &mut String, g: &ViewGame, line: usize) {
    let l: &ViewLine = &g.lines[line];
    let class = if line == 0 {
        "moves"
    } else {
        "moves variation"
    };
    let _ = writeln!(out, "<ol class=\"{class}\" data-line=\"{line}\">");
    for m in &l.moves {
        let _ = write!(
            out,
            "<li><button type=\"button\" class=\"mv {}\" data-l=\"{line}\" data-p=\"{}\">",
            m.player.name(),
            m.ply
        );
        escape(out, &m.text);
        out.push_str("</button>");
        for v in &m.variations {
            out.push('\n');
            move_list(out, g, *v);
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ol>\n");
}

/// The board of the whole game: our renderer's empty board, then every
/// piece with its spans, the current-move ring, and the diagram points.
fn board_svg(out: &mut String, gi: usize, g: &ViewGame, s: &Style) {
    let size = match &g.board {
        ViewBoard::Twixt(size) => *size,
        ViewBoard::Drawn { svg, .. } => {
            // Ids unique in the page (a drawn board's text is escaped, so
            // ` id="` is only ever an attribute).
            out.push_str(&svg.replace(" id=\"", &format!(" id=\"g{}-", gi + 1)));
            return;
        }
    };
    let prefix = format!("g{}-", gi + 1);
    let base = Diagram::blank(size);
    let svg = to_svg_prefixed(&base, s, Scale::Px(24.0), &prefix);
    let body_end = svg.rfind("</svg>").unwrap_or(svg.len());
    out.push_str(&svg[..body_end]);
    let n = |out: &mut String, v: f64| push_num(out, v);
    let _ = write!(
        out,
        "<g class=\"pieces\">\n<g class=\"links\" stroke-linecap=\"round\" stroke-width=\""
    );
    n(out, s.link_width);
    out.push_str("\">\n");
    for p in g.pieces.iter() {
        if let PieceKind::Link(l) = p.kind {
            let (a, b) = l.ends();
            let colour = match p.player {
                Player::Red => &s.red_link,
                Player::Black => &s.black_link,
            };
            let _ = write!(
                out,
                "<path class=\"link {}\" stroke=\"{colour}\" d=\"M{} {}L{} {}\" data-v=\"",
                p.player.name(),
                a.col,
                a.row,
                b.col,
                b.row
            );
            spans(out, &p.spans);
            out.push_str("\"/>\n");
        }
    }
    out.push_str("</g>\n<g class=\"pegs\"");
    if !s.peg_outline.is_none() && s.peg_outline_width > 0.0 {
        let _ = write!(out, " stroke=\"{}\" stroke-width=\"", s.peg_outline);
        n(out, s.peg_outline_width);
        out.push('"');
    }
    out.push_str(">\n");
    for p in g.pieces.iter() {
        if let PieceKind::Peg(h) = p.kind {
            let colour = match p.player {
                Player::Red => &s.red,
                Player::Black => &s.black,
            };
            let _ = write!(
                out,
                "<use class=\"peg {}\" href=\"#{prefix}peg\" fill=\"{colour}\" x=\"{}\" y=\"{}\" data-hole=\"{h}\" data-v=\"",
                p.player.name(),
                h.col,
                h.row
            );
            spans(out, &p.spans);
            out.push_str("\"/>\n");
        }
    }
    out.push_str("</g>\n");
    let ring_r = s.peg_radius + s.last_move_width.max(0.06) * 0.5 + 0.05;
    let _ = write!(
        out,
        "<circle class=\"ring last-move\" fill=\"none\" stroke=\"{}\" stroke-width=\"",
        s.last_move
    );
    n(out, s.last_move_width);
    out.push_str("\" cx=\"0\" cy=\"0\" r=\"");
    n(out, ring_r);
    out.push_str("\" display=\"none\"/>\n</g>\n");
    for (k, f) in g.figures.iter().enumerate() {
        let layout = Layout::new(&f.diagram, s);
        let _ = writeln!(
            out,
            "<g class=\"figure\" data-l=\"{}\" data-p=\"{}\" display=\"none\">",
            f.line, f.ply
        );
        write_body(out, &f.diagram, s, &layout, &format!("{prefix}f{}-", k + 1));
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
}

/// A piece's spans as its `data-v` value: `line:first-end`, space-separated.
pub(crate) fn spans(out: &mut String, spans: &[(usize, u32, u32)]) {
    for (i, (l, a, b)) in spans.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{l}:{a}-{b}");
    }
}

/// What the script needs of a game: its lines, moves, comments, captions.
fn game_data(g: &ViewGame) -> Value {
    let lines: Vec<Value> = g
        .lines
        .iter()
        .map(|l| {
            let moves: Vec<Value> = l
                .moves
                .iter()
                .map(|m| {
                    json!({
                        "t": m.text,
                        "h": m.hole.map(|h| [h.col, h.row]),
                        "c": m.comments,
                        "v": m.variations,
                    })
                })
                .collect();
            json!({
                "parent": l.parent,
                "start": l.start,
                "intro": l.intro,
                "moves": moves,
            })
        })
        .collect();
    let mut captions: Vec<Value> = g
        .figures
        .iter()
        .map(|f| json!({ "l": f.line, "p": f.ply, "c": f.caption }))
        .collect();
    if let ViewBoard::Drawn {
        captions: drawn, ..
    } = &g.board
    {
        // The page puts each caption of a position before the ones already
        // there: the last of a position's captions is shown first.
        captions.extend(
            drawn
                .iter()
                .rev()
                .map(|(l, p, c)| json!({ "l": l, "p": p, "c": c })),
        );
    }
    json!({
        "title": g.title,
        "result": g.result,
        "lines": lines,
        "captions": captions,
    })
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
            c if c.is_control() || matches!(c, '\u{FFFE}' | '\u{FFFF}') => {}
            c => out.push(c),
        }
    }
}
