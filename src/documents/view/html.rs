//! The viewer page: one HTML file holding the games' data as JSON, the
//! empty boards our renderer draws (one per board size, kept in inert
//! `<template>`s), each game's diagram points and other games' boards as
//! templates too, the error panel and the standings; a small script draws
//! the game opened from the data (every peg and link with the plies during
//! which it stands) and only shows and hides as the user steps.
//!
//! A page of a thousand games therefore holds a thousand games' moves, not
//! a thousand drawn boards, and opens as fast as its JSON is read.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::book::html::escape as escape_keeping_lines;
use crate::diagram::{Diagram, Scale, Style, to_svg_prefixed};
use crate::diagram::{Layout, write_body};
use twixt_core::board::{BoardSize, Hole, Player};

use super::crosstable::{Crosstable, crosstables, points};
use super::{PieceKind, Problem, ViewBoard, ViewGame};
use crate::messages::Messages;

const CSS: &str = include_str!("viewer.css");

/// Every word the page prints, by key: the script reads these from the
/// page's data (`{name}` is filled in), and the page's own labels are
/// written from them. Each is the message `view-` and the key in kebab case
/// (`clickHole` is `view-click-hole`) of the catalogue of the page's
/// language ([`Messages`]), so that the page is translated in one place.
pub const WORDS: &[&str] = &[
    "gameN",
    "move",
    "start",
    "variationStart",
    "variations",
    "emptyLine",
    "noGame",
    "noLine",
    "noPly",
    "play",
    "pause",
    "clickHole",
    "solvedBefore",
    "session",
    "solvedEnd",
    "waitDefence",
    "within",
    "within1",
    "taken",
    "border",
    "illegal",
    "alsoWins",
    "right",
    "defence",
    "solved",
    "yourMove",
    "falseStart",
    "holds",
    "noConnection",
    "loses",
    "notScript",
    "hintRegion",
    "hintKey",
    "move1",
    "moves",
    "nGames",
    "firstFound",
    "ofAll",
    "nOfGames",
    "showAll",
    "search",
    "searchHint",
    "result",
    "all",
    "draw",
    "unfinished",
    "games",
    "colNumber",
    "colGame",
    "colEvent",
    "colRound",
    "colDate",
    "colMoves",
    "standings",
    "player",
    "points",
    "prevPuzzle",
    "nextPuzzle",
    "hint",
    "retry",
    "reveal",
    "solve",
    "boardTap",
    "stepThrough",
    "first",
    "back10",
    "back",
    "next",
    "next10",
    "last",
    "speed",
    "slow",
    "normal",
    "fast",
    "coordinates",
    "moveNumbers",
    "blacksView",
    "download",
    "leave",
    "movesLabel",
    "legend",
    "onLittleGolem",
    "problems1",
    "problems",
    "hintKeyPlayed",
    "hintOthers",
    "hintsHere",
    "solvedHelped",
    "unchecked",
    "deadDraw",
    "wrongTries",
    "wrongTriesOne",
    "hintsN",
    "hintsNOne",
    "nGamesOne",
    "nOfGamesOne",
    "nSolved",
    "nSolvedOne",
    "alsoSecures",
    "breaks",
    "notAsFast",
    "undecided",
    "notSecure",
];

/// The catalogue message of a page word: `view-` and `key` in kebab case.
pub fn catalogue_key(key: &str) -> String {
    let mut out = String::from("view-");
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The page's words in one language, set as the language sets text.
#[derive(Debug, Clone)]
pub struct Words {
    messages: Messages,
    words: BTreeMap<String, String>,
}

impl Words {
    /// The page's words in `messages`' language.
    pub fn new(messages: Messages) -> Words {
        let mut words = BTreeMap::new();
        for k in WORDS {
            let key = catalogue_key(k);
            words.insert(k.to_string(), messages.typeset(messages.get(&key)));
            // A counted word's forms beyond those listed (a user's
            // `view-n-games-many`), as the script names them: `nGamesMany`.
            for form in crate::messages::PLURAL_FORMS {
                let counted = format!("{key}-{form}");
                let name = format!("{k}{}{}", form[..1].to_ascii_uppercase(), &form[1..]);
                if messages.has(&counted) && !words.contains_key(&name) {
                    words.insert(name, messages.typeset(messages.get(&counted)));
                }
            }
        }
        Words { messages, words }
    }

    /// The page's word for `key` (the key itself when there is none).
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.words.get(key).map_or(key, String::as_str)
    }

    /// The messages the words come from.
    pub fn messages(&self) -> &Messages {
        &self.messages
    }
}

impl Default for Words {
    /// English.
    fn default() -> Self {
        Words::new(Messages::default())
    }
}

const SCRIPT: &str = include_str!("viewer.js");

/// How the page is made, beyond its games.
#[derive(Debug, Clone, Default)]
pub struct PageOptions {
    /// The page's title and heading.
    pub title: String,
    /// Board and controls only, for an `<iframe>` in another page (the
    /// address's `#embed` does the same).
    pub embed: bool,
    /// The page's words, in its language.
    pub words: Words,
}

/// The page showing `games` in `style`, with `problems` (files and games
/// left out) in an error panel.
pub fn to_html(
    games: &[ViewGame],
    problems: &[Problem],
    style: &Style,
    options: &PageOptions,
) -> String {
    let mut out = String::with_capacity(64 * 1024 + games.len() * 4096);
    let w = &options.words;
    out.push_str("<!DOCTYPE html>\n<html lang=\"");
    escape(&mut out, w.messages().language());
    out.push_str("\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    // Nothing may be fetched: no network, no other file.
    out.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data: blob:\">\n");
    out.push_str("<meta name=\"generator\" content=\"twixtkit\">\n<title>");
    escape(&mut out, &options.title);
    out.push_str("</title>\n<style>\n");
    out.push_str(CSS);
    let _ = write!(
        out,
        "</style>\n</head>\n<body{}>\n<h1 id=\"page-title\">",
        if options.embed {
            " class=\"embed\""
        } else {
            ""
        }
    );
    escape(&mut out, &options.title);
    out.push_str("</h1>\n");
    if !problems.is_empty() {
        error_panel(&mut out, problems, w);
    }
    if games.len() > 1 {
        game_list(&mut out, games, w);
    }
    for t in crosstables(games) {
        crosstable(&mut out, &t, w);
    }
    if !games.is_empty() {
        viewer(&mut out, games, w);
    }
    // The drawings the script puts on the page: inert until then.
    // One empty board per size (in order of first use).
    let mut boards: Vec<BoardSize> = Vec::new();
    let mut keys = Vec::with_capacity(games.len());
    for g in games {
        keys.push(match g.board {
            ViewBoard::Twixt(size) => Some(match boards.iter().position(|b| *b == size) {
                Some(k) => k,
                None => {
                    boards.push(size);
                    boards.len() - 1
                }
            }),
            ViewBoard::Drawn { .. } => None,
        });
    }
    out.push_str("<div id=\"drawings\" hidden>\n");
    for (k, size) in boards.iter().enumerate() {
        let _ = write!(out, "<template id=\"board-{k}\">");
        let svg = to_svg_prefixed(
            &Diagram::blank(*size),
            style,
            Scale::Px(24.0),
            &format!("b{k}-"),
        );
        out.push_str(svg.trim_end());
        out.push_str("</template>\n");
    }
    for (i, g) in games.iter().enumerate() {
        if let ViewBoard::Drawn { svg, .. } = &g.board {
            let _ = write!(out, "<template id=\"drawn-{i}\">");
            // Ids unique in the page (a drawn board's text is escaped, so
            // ` id="` is only ever an attribute).
            out.push_str(
                svg.replace(" id=\"", &format!(" id=\"g{}-", i + 1))
                    .trim_end(),
            );
            out.push_str("</template>\n");
        }
        if !g.figures.is_empty() {
            figures(&mut out, i, g, style);
        }
    }
    out.push_str("</div>\n<script type=\"application/json\" id=\"twixt-data\">");
    // Written a game at a time: the JSON of one game is built, copied
    // into the page and dropped before the next, so that memory holds the
    // page and one game's data, not a tree of every game's.
    let plural_one: Vec<u64> = w
        .messages()
        .get("plural-one")
        .split_whitespace()
        .filter_map(|n| n.parse::<u64>().ok())
        .collect();
    out.push_str("{\"words\":");
    push_json(&mut out, &json!(&w.words));
    out.push_str(",\"style\":");
    push_json(&mut out, &style_data(style));
    out.push_str(",\"maxPuzzleLines\":");
    push_json(&mut out, &json!(super::puzzle::MAX_PUZZLE_LINES));
    // The counts said with a message's singular form (`plural-one`).
    out.push_str(",\"pluralOne\":");
    push_json(&mut out, &json!(plural_one));
    out.push_str(",\"games\":[");
    for (i, (g, k)) in games.iter().zip(keys).enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_json(&mut out, &game_data(g, k, w));
    }
    out.push_str("]}");
    out.push_str("</script>\n<script>\n");
    out.push_str(SCRIPT);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// `value` as JSON appended to `out`, with `<` escaped so that no text can
/// close the script element, and the line and paragraph separators that
/// old JavaScript engines read as line ends.
fn push_json(out: &mut String, value: &Value) {
    for c in value.to_string().chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
}

/// Files and games left out, each as `twixt check` prints it.
fn error_panel(out: &mut String, problems: &[Problem], w: &Words) {
    let n = problems.len();
    let heading = if w.messages().is_singular(n as u64) {
        w.get("problems1").to_string()
    } else {
        w.get("problems").replace("{n}", &n.to_string())
    };
    let _ = write!(
        out,
        "<section id=\"errors\" role=\"alert\">\n<h2>{heading}</h2>\n<ul>\n"
    );
    for p in problems {
        out.push_str("<li><p class=\"error-file\">");
        escape(out, &p.file);
        out.push_str("</p><p class=\"error-message\">");
        escape(out, &p.message);
        out.push_str("</p>");
        if !p.diagnostics.is_empty() {
            out.push_str("<pre>");
            for d in &p.diagnostics {
                escape_keeping_lines(out, &d.render());
            }
            out.push_str("</pre>");
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ul>\n</section>\n");
}

/// The list of games: its rows are made by the script from the data, so
/// that it can search, sort and filter them.
fn game_list(out: &mut String, games: &[ViewGame], w: &Words) {
    // The side columns are named as the games' `[Sides]` name them when
    // every listed game names the same two; else with the page's words
    // (Red and Black, Orange and Blue), which fit every game.
    let shared = shared_sides(games).map(|s| w.messages().clone().with_sides(s));
    let [first, second] = games
        .first()
        .map_or(["Red", "Black"], |g| g.sides)
        .map(|s| side_word(s, shared.as_ref().unwrap_or(w.messages())));
    out.push_str("<nav id=\"game-list\" aria-label=\"");
    out.push_str(w.get("games"));
    out.push_str("\">\n<div class=\"list-tools\">\n");
    let _ = write!(
        out,
        concat!(
            "<label>{} <input type=\"search\" id=\"search\" placeholder=\"{}\" autocomplete=\"off\"></label>\n",
            "<label>{} <select id=\"result-filter\">",
            "<option value=\"\">{}</option><option value=\"1-0\">1-0</option><option value=\"0-1\">0-1</option>",
            "<option value=\"½-½\">{}</option><option value=\"–\">{}</option></select></label>\n",
            "<span id=\"list-count\" aria-live=\"polite\"></span>\n</div>\n",
            "<div class=\"table-wrap\"><table id=\"games\">\n<thead><tr>",
        ),
        w.get("search"),
        w.get("searchHint"),
        w.get("result"),
        w.get("all"),
        w.get("draw"),
        w.get("unfinished"),
    );
    for (key, label) in [
        ("n", w.get("colNumber")),
        ("title", w.get("colGame")),
        ("red", first),
        ("black", second),
        ("event", w.get("colEvent")),
        ("round", w.get("colRound")),
        ("date", w.get("colDate")),
        ("score", w.get("result")),
        ("moves", w.get("colMoves")),
    ] {
        let _ = write!(
            out,
            "<th aria-sort=\"none\"><button type=\"button\" class=\"sort\" data-sort=\"{key}\">{label}</button></th>"
        );
    }
    out.push_str("</tr></thead>\n<tbody></tbody>\n</table></div>\n</nav>\n");
}

fn crosstable(out: &mut String, t: &Crosstable, w: &Words) {
    let _ = write!(
        out,
        "<section class=\"crosstable\">\n<h2>{} ",
        w.get("standings")
    );
    escape(
        out,
        crate::book::littlegolem::event_words_in(&t.event, w.messages())
            .as_deref()
            .unwrap_or(&t.event),
    );
    let _ = write!(
        out,
        "</h2>\n<div class=\"table-wrap\"><table>\n<thead><tr><th>#</th><th class=\"name\">{}</th>",
        w.get("player")
    );
    for i in 1..=t.rows.len() {
        let _ = write!(out, "<th>{i}</th>");
    }
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th></tr></thead>\n<tbody>\n",
        w.get("games"),
        w.get("points")
    );
    for (i, r) in t.rows.iter().enumerate() {
        let _ = write!(out, "<tr><td>{}</td><td class=\"name\">", i + 1);
        escape(out, &r.name);
        out.push_str("</td>");
        for (j, a) in r.against.iter().enumerate() {
            match a {
                _ if i == j => out.push_str("<td class=\"self\">×</td>"),
                // The cell opens the game (the first, when they met more often).
                Some(h) => {
                    let games = &r.met[j];
                    let _ = write!(
                        out,
                        "<td><a href=\"#game={}\" title=\"{}\">{}</a></td>",
                        games.first().map_or(1, |g| g + 1),
                        games
                            .iter()
                            .map(|g| format!("{} {}", w.get("gameN"), g + 1))
                            .collect::<Vec<_>>()
                            .join(", "),
                        points(*h)
                    );
                }
                None => out.push_str("<td></td>"),
            }
        }
        let _ = writeln!(
            out,
            "<td>{}</td><td class=\"points\">{}</td></tr>",
            r.games,
            points(r.halves)
        );
    }
    out.push_str("</tbody>\n</table></div>\n</section>\n");
}

/// The one viewer the script fills with the game opened.
fn viewer(out: &mut String, games: &[ViewGame], w: &Words) {
    let flip = games.iter().any(|g| matches!(g.board, ViewBoard::Twixt(_)));
    let mut html = String::from(concat!(
        "<main>\n<section class=\"game\" id=\"viewer\">\n",
        "<h2 class=\"game-title\"></h2>\n<p class=\"players\"></p>\n",
        "<p class=\"notice\" role=\"status\" hidden></p>\n",
        "<div class=\"viewer\">\n<div class=\"board\" title=\"@boardTap@\"></div>\n<div class=\"side\">\n",
        "<div class=\"controls\" role=\"toolbar\" aria-label=\"@stepThrough@\">\n",
        "<button type=\"button\" data-go=\"first\" aria-label=\"@first@\" title=\"@first@\">|◀</button>\n",
        "<button type=\"button\" data-go=\"back10\" aria-label=\"@back10@\" title=\"@back10@\">◀◀</button>\n",
        "<button type=\"button\" data-go=\"back\" aria-label=\"@back@\" title=\"@back@\">◀</button>\n",
        "<button type=\"button\" data-go=\"next\" aria-label=\"@next@\" title=\"@next@\">▶</button>\n",
        "<button type=\"button\" data-go=\"next10\" aria-label=\"@next10@\" title=\"@next10@\">▶▶</button>\n",
        "<button type=\"button\" data-go=\"last\" aria-label=\"@last@\" title=\"@last@\">▶|</button>\n",
        "</div>\n<div class=\"play\">\n",
        "<button type=\"button\" data-do=\"play\" aria-pressed=\"false\">@play@</button>\n",
        "<label>@speed@ <select class=\"speed\"><option value=\"2000\">@slow@</option><option value=\"1000\" selected>@normal@</option><option value=\"400\">@fast@</option></select></label>\n",
        "</div>\n<div class=\"options\">\n",
        "<button type=\"button\" data-do=\"coords\" aria-pressed=\"true\">@coordinates@</button>\n",
        "<button type=\"button\" data-do=\"numbers\" aria-pressed=\"false\">@moveNumbers@</button>\n",
    ));
    // Black's view turns a TwixT board; other games have no such view.
    if flip {
        html.push_str(
            "<button type=\"button\" data-do=\"flip\" aria-pressed=\"false\">@blacksView@</button>\n",
        );
    }
    html.push_str(concat!(
        "<button type=\"button\" data-do=\"download\">@download@</button>\n",
        "<button type=\"button\" data-do=\"solve\" aria-pressed=\"false\" hidden>@solve@</button>\n",
        "</div>\n",
        "<div class=\"puzzle\" hidden><p class=\"task\"></p><p class=\"verdict\" aria-live=\"assertive\"></p>",
        "<div class=\"puzzle-tools\"><button type=\"button\" data-do=\"retry\" hidden>@retry@</button>",
        "<button type=\"button\" data-do=\"hint\">@hint@</button>",
        "<button type=\"button\" data-do=\"reveal\">@reveal@</button></div>",
        "<div class=\"session\" hidden><button type=\"button\" data-do=\"prev-puzzle\">@prevPuzzle@</button>",
        "<button type=\"button\" data-do=\"next-puzzle\">@nextPuzzle@</button></div>",
        "<p class=\"session-info\" aria-live=\"polite\"></p></div>\n",
        "<div class=\"status\" aria-live=\"polite\"><p class=\"current\"></p><div class=\"comments\"></div>",
        "<div class=\"branches\"></div><p class=\"result\"></p>",
        "<button type=\"button\" class=\"leave\" hidden>@leave@</button></div>\n",
        "<nav class=\"move-list\" aria-label=\"@movesLabel@\"></nav>\n",
        "<p class=\"legend\">@legend@</p>\n",
        "<p class=\"source\" hidden><a rel=\"noopener noreferrer\" target=\"_blank\">@onLittleGolem@</a></p>\n",
        "<dl class=\"facts\"></dl>\n",
        "</div>\n</div>\n</section>\n</main>\n",
    ));
    worded(out, &html, w);
}

/// `template` with each `@key@` replaced by the page's word for it.
fn worded(out: &mut String, template: &str, w: &Words) {
    let mut parts = template.split('@');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    // Text and keys alternate: key, text, key, text, ….
    while let (Some(key), Some(text)) = (parts.next(), parts.next()) {
        out.push_str(w.get(key));
        out.push_str(text);
    }
}

/// A game's diagram points, drawn in full, as groups the script moves onto
/// its board when the game is opened.
fn figures(out: &mut String, gi: usize, g: &ViewGame, s: &Style) {
    let _ = write!(
        out,
        "<template id=\"figures-{gi}\"><svg xmlns=\"http://www.w3.org/2000/svg\">"
    );
    for (k, f) in g.figures.iter().enumerate() {
        let layout = Layout::new(&f.diagram, s);
        let _ = writeln!(
            out,
            "<g class=\"figure\" data-l=\"{}\" data-p=\"{}\" display=\"none\">",
            f.line, f.ply
        );
        write_body(
            out,
            &f.diagram,
            s,
            &layout,
            &format!("g{}-f{}-", gi + 1, k + 1),
        );
        out.push_str("</g>\n");
    }
    out.push_str("</svg></template>\n");
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

/// Spans as one flat list: line, first, end, line, first, end, ….
fn flat(spans: &[(usize, u32, u32)]) -> Vec<u64> {
    spans
        .iter()
        .flat_map(|&(l, a, b)| [l as u64, u64::from(a), u64::from(b)])
        .collect()
}

fn style_data(s: &Style) -> Value {
    let outline = !s.peg_outline.is_none() && s.peg_outline_width > 0.0;
    json!({
        "red": s.red.to_string(),
        "black": s.black.to_string(),
        "redLink": s.red_link.to_string(),
        "blackLink": s.black_link.to_string(),
        "linkWidth": s.link_width,
        "outline": if outline { Some(s.peg_outline.to_string()) } else { None },
        "outlineWidth": s.peg_outline_width,
        "ring": s.last_move.to_string(),
        "ringWidth": s.last_move_width,
        "ringR": s.peg_radius + s.last_move_width.max(0.06) * 0.5 + 0.05,
        "pegR": s.peg_radius,
    })
}

fn side(p: Player) -> u8 {
    match p {
        Player::Red => 0,
        Player::Black => 1,
    }
}

/// What the script needs of a game: its list entry, its lines, moves,
/// comments, captions, pieces and puzzle.
fn game_data(g: &ViewGame, board: Option<usize>, w: &Words) -> Value {
    // The page's messages, the sides named as the game's `[Sides]` names them.
    let renamed = g
        .words
        .sides
        .as_deref()
        .map(|s| w.messages().clone().with_sides(s));
    let m = renamed.as_ref().unwrap_or(w.messages());
    let m_words = m;
    let lines: Vec<Value> = g
        .lines
        .iter()
        .map(|l| {
            let moves: Vec<Value> = l
                .moves
                .iter()
                .map(|m| {
                    let mut o = serde_json::Map::new();
                    // A figures-only game's steps are figures, in the page's words.
                    let text = if g.words.figure_steps {
                        m_words.fill("view-figure", &[("n", &(m.ply + 1).to_string())])
                    } else {
                        m.text.clone()
                    };
                    o.insert("t".into(), json!(text));
                    if side(m.player) == 1 {
                        o.insert("b".into(), json!(1));
                    }
                    if let Some(h) = m.hole {
                        o.insert("h".into(), json!([h.col, h.row]));
                    }
                    if !m.comments.is_empty() {
                        o.insert("c".into(), json!(m.comments));
                    }
                    if !m.variations.is_empty() {
                        o.insert("v".into(), json!(m.variations));
                    }
                    Value::Object(o)
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
        .filter(|f| !f.caption.is_empty())
        .map(|f| json!({ "l": f.line, "p": f.ply, "c": f.caption }))
        .collect();
    if let ViewBoard::Drawn {
        captions: drawn, ..
    } = &g.board
    {
        let mut by: BTreeMap<(usize, u32), Vec<&str>> = BTreeMap::new();
        for (l, p, c) in drawn {
            by.entry((*l, *p)).or_default().push(c);
        }
        captions.extend(
            by.into_iter()
                .map(|((l, p), c)| json!({ "l": l, "p": p, "c": c })),
        );
    }
    let mut pegs = Vec::new();
    let mut links = Vec::new();
    for p in &g.pieces {
        match p.kind {
            // A sixth field only for a peg numbered otherwise than its
            // spans start (a swapped first peg).
            PieceKind::Peg(h) if !p.numbers.is_empty() => pegs.push(json!([
                side(p.player),
                h.col,
                h.row,
                flat(&p.spans),
                flat(&p.hidden),
                flat(&p.numbers)
            ])),
            PieceKind::Peg(h) => pegs.push(json!([
                side(p.player),
                h.col,
                h.row,
                flat(&p.spans),
                flat(&p.hidden)
            ])),
            PieceKind::Link(l) => {
                let (a, b) = l.ends();
                links.push(json!([
                    side(p.player),
                    a.col,
                    a.row,
                    b.col,
                    b.row,
                    flat(&p.spans),
                    flat(&p.hidden)
                ]));
            }
        }
    }
    let puzzle = g.puzzle.as_ref().map(|p| {
        json!({
            "task": p.task,
            "solver": side(p.solver),
            "answers": p.answers.iter().map(|a| {
                let holes = |v: &[(Hole, usize)]| v.iter().map(|(h, l)| json!([h.col, h.row, l])).collect::<Vec<_>>();
                json!({
                    "l": a.line,
                    "p": a.ply,
                    "ok": holes(&a.accepted),
                    "also": holes(&a.also_wins),
                    "false": holes(&a.false_starts),
                    "refuted": holes(&a.refuted),
                    "barred": a.barred.iter().map(|(h, why)| json!([h.col, h.row, m.typeset(&why.words(m))])).collect::<Vec<_>>(),
                    "within": a.wins_within,
                    "secure": a.secure,
                    "short": a.short_win,
                    "undecided": a.undecided.iter().map(|(h, l)| json!([h.col, h.row, l])).collect::<Vec<_>>(),
                    "complete": a.complete,
                })
            }).collect::<Vec<_>>(),
        })
    });
    let round = g
        .facts
        .iter()
        .find(|(k, _)| k == "Round")
        .map(|(_, v)| v.as_str());
    let size = match g.board {
        ViewBoard::Twixt(s) => Some([s.width(), s.height()]),
        ViewBoard::Drawn { .. } => None,
    };
    let event_words = g
        .event
        .as_deref()
        .and_then(|e| crate::book::littlegolem::event_words_in(e, m));
    let facts: Vec<(&str, String)> = g
        .facts
        .iter()
        .map(|(k, v)| {
            let v = match (k.as_str(), g.words.rules) {
                ("Rules", Some(preset)) => m.get(&format!("rules-{preset}")).to_string(),
                ("Event", _) => event_words.clone().unwrap_or_else(|| v.clone()),
                ("Board", _) if g.words.grid.is_some() => m.fill(
                    "twrs-board",
                    &[("grid", g.words.grid.as_deref().unwrap_or(""))],
                ),
                _ => v.clone(),
            };
            (fact_word(k, w), v)
        })
        .collect();
    json!({
        "title": page_title(g, m),
        "eventWords": event_words,
        "round": round,
        "size": size,
        "players": [g.players.0, g.players.1],
        "sides": g.sides.map(|s| side_word(s, m)),
        "event": g.event,
        "date": g.date,
        "link": g.link,
        "score": g.score,
        "result": g.words.result.and_then(|r| r.words(m)).or_else(|| g.result.clone()),
        "facts": facts,
        "board": board,
        "lines": lines,
        "pegs": pegs,
        "links": links,
        "captions": captions,
        "figures": !g.figures.is_empty(),
        "puzzle": puzzle,
    })
}

/// The `[Sides]` header every one of `games` gives, when they all give
/// the same two names (and are of one game, TwixT or TWRS).
fn shared_sides(games: &[ViewGame]) -> Option<&str> {
    fn names(g: &ViewGame) -> Option<Vec<&str>> {
        let names: Vec<&str> = g.words.sides.as_deref()?.split_whitespace().collect();
        (names.len() == 2).then_some(names)
    }
    let first = games.first()?;
    let words = names(first)?;
    games
        .iter()
        .all(|g| g.sides == first.sides && names(g).as_ref() == Some(&words))
        .then_some(first.words.sides.as_deref()?)
}

/// A side's name in `m`'s words: TwixT's Red and Black (as a game's
/// `[Sides]` renames them) and TWRS's Orange and Blue are the catalogue's.
fn side_word<'a>(side: &'a str, m: &'a Messages) -> &'a str {
    match side {
        "Red" => m.get("red"),
        "Black" => m.get("black"),
        "Orange" => m.get("orange"),
        "Blue" => m.get("blue"),
        other => other,
    }
}

/// A game's title in `m`'s words: its own, or what its file calls it.
pub(crate) fn page_title(g: &ViewGame, m: &Messages) -> String {
    match &g.words.untitled {
        Some(u) => u.words(m),
        None => g.title.clone(),
    }
}

/// A fact's name in the page's words (a name the catalogue lacks as it is).
fn fact_word<'a>(name: &'a str, w: &'a Words) -> &'a str {
    let key = match name {
        "Event" => "event",
        "Site" => "site",
        "Date" => "date",
        "Round" => "round",
        "Annotator" => "annotator",
        "Rules" => "rules",
        "Board" => "board",
        "Dead draw" => return w.get("deadDraw"),
        other => return other,
    };
    w.messages().get(key)
}

/// Text as HTML character data, line breaks dropped with the other
/// control characters ([`escape_keeping_lines`] keeps them, for a `<pre>`).
fn escape(out: &mut String, text: &str) {
    for line in text.split('\n') {
        escape_keeping_lines(out, line);
    }
}
