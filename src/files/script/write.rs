//! Canonical writer: one layout for every syntax tree, read back unchanged.

use std::fmt::Write as _;

use super::ast::*;
use crate::diagnostic::spaced;
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal};

/// Lines of move text are wrapped before this many characters.
const WIDTH: usize = 80;

/// Every game, separated by blank lines.
pub fn write_file(file: &ScriptFile) -> String {
    let mut out = String::new();
    for (i, g) in file.games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&write_game(g));
    }
    out
}

/// One game: remarks, tags, a blank line, setup lines, then move text.
pub fn write_game(g: &Game) -> String {
    let mut out = String::new();
    for r in &g.preamble {
        writeln!(out, "% {r}").unwrap();
    }
    for t in &g.tags {
        writeln!(out, "[{} {}]", t.name, quote(&t.value)).unwrap();
    }
    let has_body = g.setup.is_some() || !g.line.elements.is_empty();
    if has_body && (!g.tags.is_empty() || !g.preamble.is_empty()) {
        out.push('\n');
    }
    if let Some(s) = &g.setup {
        write_setup(&mut out, s);
    }
    let mut w = Wrap { out, col: 0 };
    write_line(&mut w, &g.line, 0);
    let mut out = w.out;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// What of `game` a script cannot hold, which [`write_game`] would write as
/// text that does not read back as the game: a tag name that is not letters,
/// digits, `_` and `-`, or a line break in a tag value, a remark or a
/// directive's argument (each is one line, and a string has escapes for `"`
/// and `\\` only). `None` when the game's text reads back as it.
pub(crate) fn unwritable(game: &Game) -> Option<String> {
    for t in &game.tags {
        if t.name.is_empty() {
            return Some(
                "a tag has an empty name, and a script's tag name is letters, digits, `_` and `-`"
                    .into(),
            );
        }
        if !t
            .name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        {
            return Some(format!(
                "the tag name `{}` is not one a script can hold (letters, digits, `_` and `-` only)",
                t.name.escape_debug()
            ));
        }
        if t.value.contains('\n') {
            return Some(format!(
                "the value of tag `{}` holds a line break, and a script's tag value is a string on one line, with no escape for a line break",
                t.name
            ));
        }
    }
    if game.preamble.iter().any(|r| r.contains('\n')) {
        return Some("a remark holds a line break, and a remark is one line".into());
    }
    line_unwritable(&game.line)
}

/// What of a line of moves a script cannot hold (see [`unwritable`]).
fn line_unwritable(line: &Line) -> Option<String> {
    let one_line = |what: &str, text: &str| {
        text.contains('\n')
            .then(|| format!("{what} holds a line break, and it is written on one line"))
    };
    line.elements.iter().find_map(|e| match e {
        Element::Remark(r) => one_line("a remark", r),
        Element::Diagram(d) => one_line("a diagram point", &diagram_text(d)),
        Element::Mark(m) => one_line("a mark", &mark_text(&m.kind)),
        Element::Variation(v) => line_unwritable(v),
        Element::Move(_) | Element::Comment(_) | Element::Claim(_) => None,
    })
}

fn write_setup(out: &mut String, s: &SetupBlock) {
    if !s.red.is_empty() {
        writeln!(out, "#setup red: {}", spaced(&s.red)).unwrap();
    }
    if !s.black.is_empty() {
        writeln!(out, "#setup black: {}", spaced(&s.black)).unwrap();
    }
    match (s.implied_links, s.links.is_empty()) {
        (true, true) => out.push_str("#setup links: *\n"),
        (true, false) => writeln!(out, "#setup links: * {}", spaced(&s.links)).unwrap(),
        (false, false) => writeln!(out, "#setup links: {}", spaced(&s.links)).unwrap(),
        (false, true) => {}
    }
    if let Some(p) = s.to_move {
        writeln!(out, "#setup to-move: {p}").unwrap();
    }
    if s.red.is_empty()
        && s.black.is_empty()
        && s.links.is_empty()
        && !s.implied_links
        && s.to_move.is_none()
    {
        // An empty board is still a setup: say so with empty sections.
        out.push_str("#setup red:\n");
    }
}

/// Text being laid out in lines of at most [`WIDTH`] characters.
struct Wrap {
    out: String,
    col: usize,
}

impl Wrap {
    fn token(&mut self, t: &str) {
        let len = t.chars().count();
        if self.col > 0 {
            if self.col + 1 + len > WIDTH {
                self.out.push('\n');
                self.col = 0;
            } else {
                self.out.push(' ');
                self.col += 1;
            }
        }
        self.out.push_str(t);
        self.col = match t.rfind('\n') {
            Some(i) => t[i + 1..].chars().count(),
            None => self.col + len,
        };
    }

    /// A whole line of its own (directive or remark).
    fn own_line(&mut self, t: &str) {
        if self.col > 0 {
            self.out.push('\n');
        }
        self.out.push_str(t);
        self.out.push('\n');
        self.col = 0;
    }

    /// Glued to the previous token.
    fn glue(&mut self, t: &str) {
        self.out.push_str(t);
        self.col += t.chars().count();
    }
}

fn write_line(w: &mut Wrap, line: &Line, ply: u32) {
    let mut ply = ply;
    let mut last_move = ply;
    for e in &line.elements {
        match e {
            Element::Move(m) => {
                ply += 1;
                last_move = ply;
                // Number, removals and move stay together on one line.
                let mut t = format!("{ply}.");
                if let Move::Place(p) = &m.mv {
                    for r in &p.removals {
                        match r {
                            Removal::Peg(h) => write!(t, " -{h}").unwrap(),
                            Removal::Link(l) => write!(t, " -{l}").unwrap(),
                        }
                    }
                }
                t.push(' ');
                t.push_str(&move_text(&m.mv));
                if let Some(g) = m.glyph {
                    t.push_str(g.as_str());
                }
                w.token(&t);
            }
            Element::Comment(c) => w.token(&format!("{{{}}}", escape_comment(c))),
            Element::Remark(r) => w.own_line(&format!("% {r}")),
            Element::Diagram(d) => w.own_line(&diagram_text(d)),
            Element::Mark(m) => w.own_line(&mark_text(&m.kind)),
            Element::Claim(c) => w.own_line(&claim_text(&c.kind)),
            Element::Variation(v) => {
                w.token("(");
                // The first token inside follows `(` directly.
                let mut inner = Wrap {
                    out: String::new(),
                    col: w.col,
                };
                write_line(&mut inner, v, last_move.saturating_sub(1));
                let body = inner.out.trim_start_matches(' ').to_string();
                w.out.push_str(&body);
                w.col = inner.col;
                if body.is_empty() {
                    w.glue(")");
                } else if w.col == 0 {
                    w.out.push(')');
                    w.col = 1;
                } else {
                    w.glue(")");
                }
            }
        }
    }
}

/// The move word: `swap`, `resign`, `draw`, or `f6+d5+d3-e5=`.
pub fn move_text(mv: &Move) -> String {
    match mv {
        Move::Swap => "swap".into(),
        Move::Resign => "resign".into(),
        Move::AcceptDraw => "draw".into(),
        Move::Place(p) => placement_text(p),
    }
}

fn placement_text(p: &Placement) -> String {
    let mut s = p.hole.to_string();
    for l in &p.links {
        s.push('+');
        s.push_str(&link_item(*l, p.hole));
    }
    if p.offers_draw {
        s.push('=');
    }
    s
}

fn link_item(l: Link, hole: twixt_core::board::Hole) -> String {
    if l.touches(hole) {
        l.other_end(hole).to_string()
    } else {
        l.to_string()
    }
}

pub(crate) fn escape_comment(c: &str) -> String {
    crate::grammar::escaped(c, '}')
}

/// `"text"` with `"` and `\\` escaped.
pub(crate) fn quote(v: &str) -> String {
    format!("\"{}\"", crate::grammar::escaped(v, '"'))
}

/// A directive argument: bare when it reads back unchanged, else quoted.
fn arg(v: &str) -> String {
    let bare = !v.is_empty()
        && v.chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '/' | '-' | '+' | '!' | '?'))
        && !v.starts_with('-');
    if bare { v.to_string() } else { quote(v) }
}

fn diagram_text(d: &DiagramPoint) -> String {
    let mut s = String::from("#diagram");
    let mut opt = |k: &str, v: &str| {
        s.push(' ');
        s.push_str(k);
        s.push('=');
        s.push_str(&arg(v));
    };
    if let Some(n) = &d.name {
        opt("name", n);
    }
    if let Some(c) = &d.caption {
        opt("caption", c);
    }
    if let Some(n) = d.numbers {
        let v = match n {
            Numbers::None => "none".to_string(),
            Numbers::All => "all".to_string(),
            Numbers::Range(a, b) => format!("{a}-{b}"),
            Numbers::SinceLast => "since-last".to_string(),
        };
        opt("numbers", &v);
    }
    if let Some((a, b)) = d.crop {
        opt("crop", &format!("{a}-{b}"));
    }
    for (k, v) in d.look.options() {
        opt(k, &v);
    }
    for (k, v) in &d.extra {
        opt(k, v);
    }
    s
}

fn mark_text(m: &MarkKind) -> String {
    match m {
        MarkKind::Label { hole, text } => format!("#label {hole} {}", arg(text)),
        MarkKind::Ghost {
            player,
            hole,
            label,
        } => match label {
            Some(l) => format!("#ghost {player} {hole} {}", arg(l)),
            None => format!("#ghost {player} {hole}"),
        },
        MarkKind::Highlight(ts) => {
            let mut s = String::from("#highlight");
            for t in ts {
                s.push(' ');
                match t {
                    Target::Hole(h) => s.push_str(&h.to_string()),
                    Target::Link(l) => s.push_str(&l.to_string()),
                }
            }
            s
        }
        MarkKind::Arrow(a, b) => format!("#arrow {a} {b}"),
        MarkKind::NewLink(l) => format!("#new-link {l}"),
        MarkKind::RemovedLink(l) => format!("#removed-link {l}"),
        MarkKind::Area(a, b) => format!("#area {a}-{b}"),
    }
}

fn claim_text(c: &ClaimKind) -> String {
    match c {
        ClaimKind::LinkCount(n) => format!("#links {n}"),
        ClaimKind::Links(v) if v.is_empty() => "#links none".into(),
        ClaimKind::Links(v) => format!("#links {}", spaced(v)),
        ClaimKind::WouldLink { hole, with } => {
            format!("#would-link {hole}: {}", spaced(with))
        }
        ClaimKind::CannotJoin(a, b) => format!("#cannot-join {a} {b}"),
        ClaimKind::Blocked { link, by: Some(b) } => format!("#blocked {link} by {b}"),
        ClaimKind::Blocked { link, by: None } => format!("#blocked {link}"),
        ClaimKind::Connected(p) => format!("#connected {p}"),
        ClaimKind::CannotConnect(p) => format!("#cannot-connect {p}"),
        ClaimKind::CanConnect(p) => format!("#can-connect {p}"),
        ClaimKind::Wins { player, moves } => format!("#wins {player} in {moves}"),
        ClaimKind::Secures(player) => format!("#wins {player}"),
        ClaimKind::Unique => "#unique".into(),
        ClaimKind::DeadDraw => "#dead-draw".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game_with(tags: &[(&str, &str)]) -> Game {
        Game {
            tags: tags
                .iter()
                .map(|(name, value)| Tag {
                    name: name.to_string(),
                    value: value.to_string(),
                    span: Span::default(),
                })
                .collect(),
            ..Game::default()
        }
    }

    #[test]
    fn tags_a_script_holds_are_written_and_read_back() {
        let g = game_with(&[("Red", "a]b\\c\"d % e"), ("Rules-Note_2", "")]);
        assert_eq!(unwritable(&g), None);
        let back = crate::script::parse(&write_game(&g));
        assert!(back.errors.is_empty());
        let tags: Vec<_> = back.file.games[0]
            .tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str()))
            .collect();
        assert_eq!(tags, [("Red", "a]b\\c\"d % e"), ("Rules-Note_2", "")]);
    }

    #[test]
    fn tags_a_script_cannot_hold_are_named() {
        let says = |tags: &[(&str, &str)]| unwritable(&game_with(tags)).unwrap();
        assert!(says(&[("Red", "Ann\nSmith")]).contains("tag `Red` holds a line break"));
        assert!(says(&[("My Tag]", "v")]).contains("`My Tag]`"));
        assert!(says(&[("", "v")]).contains("empty name"));
        // Each of them written would not read back.
        for tags in [
            &[("Red", "Ann\nSmith")][..],
            &[("My Tag]", "v")],
            &[("", "v")],
        ] {
            let text = write_game(&game_with(tags));
            let back = crate::script::parse(&text);
            assert!(
                !back.errors.is_empty() || back.file.games[0].tags != game_with(tags).tags,
                "{text}"
            );
        }
    }

    #[test]
    fn a_line_break_in_a_remark_or_an_argument_is_named() {
        let mut g = game_with(&[]);
        g.preamble.push("two\nlines".into());
        assert!(unwritable(&g).unwrap().contains("remark"));
        let mut g = game_with(&[]);
        g.line.elements.push(Element::Mark(Box::new(Mark {
            kind: MarkKind::Label {
                hole: "f6".parse().unwrap(),
                text: "a\nb".into(),
            },
            span: Span::default(),
        })));
        assert!(unwritable(&g).unwrap().contains("a mark"));
    }
}
