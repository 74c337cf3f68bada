//! TWRS game scripts: the `.twixt` script's lines (header tags, `%`
//! remarks, `{…}` comments, `#` directives, numbered moves) with TWRS moves,
//! setups and claims, read and replayed with located messages.
//!
//! A file is a TWRS script when its first header holds `[Game "twrs"]`;
//! see docs/twrs.md ("Scripts") for every directive.

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{all_consuming, opt, rest};
use nom::sequence::{preceded, separated_pair};

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::grammar::{self, Rule};
use crate::script::lex::{Arg, Lexer, clip, err, has_blank_line, variation_start};
use crate::script::write::{escape_comment, quote};
use crate::script::{ParseError, PointLook, Span};
use crate::twrs::moves::{Lines, Move};
use crate::twrs::point::{Point, Side};
use crate::twrs::position::{Position, Status};
use crate::twrs::rules::{PRESET_NAMES, TwrsRules};
use crate::twrs::setup::Setup;
use crate::twrs::words;

/// Does this text hold TWRS games? (Its first header says `[Game "twrs"]`,
/// as [`header_game`](crate::open::header_game) reads it.)
pub fn is_twrs(text: &str) -> bool {
    crate::open::header_game(text).is_some_and(|g| g.eq_ignore_ascii_case("twrs"))
}

/// Where a script element was written: byte offset and length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct At {
    /// Byte offset in the script's text.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
}

/// What a diagram point asks to show besides the pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Show {
    /// The legal destinations of a tower, as squares (the seed's red squares).
    MovesTo(u8),
    /// A tower's lines of movement.
    Lines(u8),
    /// A tower's diagonal marking lines (advanced rule 2).
    Diagonals(u8),
    /// The marking points of the active tower against a target, circled,
    /// with the marking lines used.
    Marking {
        /// The active tower.
        active: u8,
        /// The opponent's tower it marks.
        target: u8,
        /// The active tower's lines used.
        lines: Lines,
    },
    /// The closed areas, tinted in the colour that holds them.
    Areas,
}

/// A `#diagram` line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiagramPoint {
    /// The `name=` option: the picture's file name without extension.
    pub name: Option<String>,
    /// The `caption=` option.
    pub caption: Option<String>,
    /// The `translation=` option: the caption translated.
    pub translation: Option<String>,
    /// The `show=` items, in order.
    pub show: Vec<Show>,
    /// Its own `style=`, `coords=`, `to-move=` and `caption-position=`,
    /// over the drawing commands' options.
    pub look: PointLook,
    /// Options twixtkit does not use, kept as written for other tools
    /// (as a TwixT script keeps them), in order: `(key, value)`.
    pub extra: Vec<(String, String)>,
    /// Where the `#diagram` line was written.
    pub at: At,
}

/// A claim about the position where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// `#to-move`: whose turn it is.
    ToMove(Side),
    /// `#score`: the score as it would be counted now.
    Score {
        /// Orange's points.
        orange: u32,
        /// Blue's points.
        blue: u32,
    },
    /// Exactly these towers are petrified.
    Petrified(Vec<u8>),
    /// The board is cut into this many areas.
    Areas(usize),
    /// `#closed f6 b2`: each point lies in a closed area; `#closed none`:
    /// no area is closed (the board is still one part).
    Closed(Vec<Point>),
    /// `#marking-points`: the active tower's marking points against the target.
    MarkingPoints {
        /// The active tower.
        active: u8,
        /// The opponent's tower it marks.
        target: u8,
        /// The active tower's lines used.
        lines: Lines,
        /// The marking points, sorted; empty for `none`.
        points: Vec<Point>,
    },
    /// `#moves-to`: exactly where the tower may move.
    MovesTo {
        /// The tower.
        tower: u8,
        /// Where it may move, sorted; empty for `none`.
        points: Vec<Point>,
    },
    /// `#over` (true) or `#over no` (false): whether the game is over.
    Over(bool),
    /// `#winner`: the side with more points once the game is over; `None` for a draw.
    Winner(Option<Side>),
    /// `#stones-left`: the stones left in the stock.
    StonesLeft(u16),
}

/// One element of a game after its header tags and setup block: a move,
/// a claim, a diagram point, a comment or a remark.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Element {
    /// A move.
    Move {
        /// The move as read.
        mv: Move,
        /// Where the move was written, without its number.
        at: At,
    },
    /// A claim directive.
    Claim {
        /// The claim.
        claim: Claim,
        /// Where the directive was written.
        at: At,
    },
    /// A `#diagram` line.
    Diagram(DiagramPoint),
    /// A `{…}` comment's text.
    Comment(String),
    /// A `%` remark line among the game's lines.
    Remark(String),
    /// `( … )`: a line of play that replaces the move before it.
    Variation(Vec<Element>),
}

/// One TWRS game of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwrsGame {
    /// Where the game starts (its first line).
    pub at: At,
    /// The header tags in order, as `(name, value)`.
    pub tags: Vec<(String, String)>,
    /// `%` remarks written before or among the header tags.
    pub preamble: Vec<String>,
    /// The rule set: the `Rules` preset or file, with the `Size` and `First` tags applied.
    pub rules: TwrsRules,
    /// The setup block, when the game has one (else the rules' setup).
    pub setup: Option<(Setup, Option<Side>)>,
    /// A `[Rules "file.yaml"]` tag, to be read beside the script (see
    /// [`TwrsGame::load_rules_file`]), and where it was written.
    pub rules_file: Option<(String, At)>,
    /// The moves, claims, diagram points, comments and remarks, in order.
    pub elements: Vec<Element>,
}

impl TwrsGame {
    /// The value of the header tag `name` (any case), if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Reads the game's `[Rules "file.yaml"]` from `folder` (the script's
    /// own folder; the file must lie inside it), then applies the game's
    /// `Size` and `First` tags over it.
    pub fn load_rules_file(&mut self, folder: &std::path::Path) -> Result<(), String> {
        let Some((name, _)) = &self.rules_file else {
            return Ok(());
        };
        let path = crate::limits::resolve_inside(folder, std::path::Path::new(name))?;
        let text = crate::limits::read_regular_text(&path, crate::limits::MAX_YAML_BYTES)
            .map_err(|e| format!("cannot read the rule file {name}: {e}"))?;
        self.rules = TwrsRules::from_yaml(&text).map_err(|e| format!("{name}: {e}"))?;
        for (tag, value) in self.tags.clone() {
            if tag.eq_ignore_ascii_case("size") || tag.eq_ignore_ascii_case("first") {
                apply_tag(self, &tag, &value)?;
            }
        }
        Ok(())
    }

    /// The position before the first move.
    pub fn start(&self) -> Result<Position, String> {
        match &self.setup {
            Some((s, to_move)) => {
                Position::from_setup(&self.rules, s, to_move.unwrap_or(self.rules.first))
                    .map_err(|e| e.to_string())
            }
            None => Position::new(&self.rules).map_err(|e| e.to_string()),
        }
    }
}

/// Reads every TWRS game of `src` with the shared script lexer (tags,
/// remarks, comments, quoted text, directive arguments, variations are
/// written as in a TwixT script). Messages are located in `src`; the caller
/// adds the file name. A game whose text cannot be read (an unclosed
/// comment or variation) is left out and reading goes on at the next game;
/// a move or directive that means nothing is reported and the game kept.
pub fn parse(src: &str) -> (Vec<TwrsGame>, Vec<Diagnostic>) {
    let mut r = Reader {
        lx: Lexer::new(src),
        src,
        errors: Vec::new(),
        variations: 0,
    };
    let mut games = Vec::new();
    loop {
        r.lx.skip_blank();
        if r.lx.eof() {
            break;
        }
        let start = r.lx.offset();
        if games.len() >= crate::limits::MAX_GAMES_PER_FILE {
            let sp = r.lx.here(1);
            r.fail(
                format!(
                    "more than {} games in one file: split the file",
                    crate::limits::MAX_GAMES_PER_FILE
                ),
                "too many games",
                sp,
            );
            break;
        }
        match r.game() {
            Ok(g) => games.push(g),
            Err(e) => {
                r.errors.push(located(src, e));
                r.lx.skip_to_next_game(start);
            }
        }
    }
    (games, r.errors)
}

fn located(src: &str, e: ParseError) -> Diagnostic {
    Diagnostic::error(e.message)
        .with_label(e.label)
        .at_known_line(src, e.span.start(), e.span.len_bytes().max(1), e.span.line)
}

fn at(span: Span) -> At {
    At {
        offset: span.start(),
        len: span.len_bytes(),
    }
}

/// The TWRS grammar over the shared lexer.
struct Reader<'a> {
    lx: Lexer<'a>,
    src: &'a str,
    errors: Vec<Diagnostic>,
    /// Variations read in the current game.
    variations: usize,
}

impl Reader<'_> {
    /// A message about something read; reading goes on.
    fn fail(&mut self, message: String, label: &str, span: Span) {
        self.errors
            .push(Diagnostic::error(message).with_label(label).at_known_line(
                self.src,
                span.start(),
                span.len_bytes().max(1),
                span.line,
            ));
    }

    fn game(&mut self) -> Result<TwrsGame, ParseError> {
        self.variations = 0;
        let first = self.lx.here(1);
        let mut g = TwrsGame {
            at: at(first),
            tags: Vec::new(),
            preamble: Vec::new(),
            rules: TwrsRules::basic(),
            setup: None,
            rules_file: None,
            elements: Vec::new(),
        };
        // Remarks before a tag belong to the header; those after the last
        // tag open the moves.
        let mut pending = Vec::new();
        loop {
            let skipped = self.lx.skip_blank();
            if !g.tags.is_empty() && has_blank_line(skipped) {
                break;
            }
            match self.lx.peek() {
                Some('%') => pending.push(self.lx.remark()?),
                Some('[') => {
                    let t = self.lx.tag()?;
                    let where_ = at(t.span);
                    if t.name.eq_ignore_ascii_case("rules")
                        && (t.value.ends_with(".yaml") || t.value.ends_with(".yml"))
                    {
                        g.rules_file = Some((t.value.clone(), where_));
                    } else if let Err(m) = apply_tag(&mut g, &t.name, &t.value) {
                        self.fail(m, "this tag", t.span);
                    }
                    g.tags.push((t.name, t.value));
                    g.preamble.append(&mut pending);
                }
                _ => break,
            }
        }
        if g.tags.is_empty() {
            return Err(err(
                "a TWRS game starts with its header tags, [Game \"twrs\"] first",
                "before any header",
                first,
            ));
        }
        let lead = pending.into_iter().map(Element::Remark).collect();
        g.elements = self.line(&mut g, 0, 0, None, lead)?;
        Ok(g)
    }

    /// The elements up to the end of the game (`depth` 0) or the `)` that
    /// closes a variation opened at `open`; `ply` moves come before them.
    fn line(
        &mut self,
        g: &mut TwrsGame,
        depth: usize,
        ply: u32,
        open: Option<Span>,
        lead: Vec<Element>,
    ) -> Result<Vec<Element>, ParseError> {
        let mut line = lead;
        let mut ply = ply;
        let mut last_move: Option<u32> = None;
        loop {
            self.lx.skip_blank();
            match self.lx.peek() {
                None => {
                    return match open {
                        Some(o) => Err(err(
                            "unclosed variation: expected `)` before the end of the file",
                            "variation opened here",
                            o,
                        )),
                        None => Ok(line),
                    };
                }
                Some('[') => {
                    if depth == 0 && self.lx.at_line_start() {
                        return Ok(line);
                    }
                    let sp = self.lx.here(1);
                    return Err(err(
                        "unexpected `[`: header tags start a new game and must begin a line",
                        "not allowed here",
                        sp,
                    ));
                }
                Some(')') => {
                    if depth == 0 {
                        let sp = self.lx.here(1);
                        return Err(err(
                            "unmatched `)`: no variation is open",
                            "no `(` before this",
                            sp,
                        ));
                    }
                    self.lx.advance(1);
                    return Ok(line);
                }
                Some('%') => {
                    // Remarks right above a header line open the next game.
                    if depth == 0 && self.lx.at_line_start() && self.lx.remarks_then_header() {
                        return Ok(line);
                    }
                    line.push(Element::Remark(self.lx.remark()?));
                }
                Some('{') => line.push(Element::Comment(self.lx.comment()?.trim().to_string())),
                Some('(') => {
                    let o = self.lx.here(1);
                    self.variations += 1;
                    let from = variation_start(last_move, depth, self.variations, o)?;
                    self.lx.advance(1);
                    let v = self.line(g, depth + 1, from, Some(o), Vec::new())?;
                    line.push(Element::Variation(v));
                }
                Some('#') => {
                    let start = self.lx.offset();
                    let name = self.lx.read(grammar::directive_name)?;
                    let name = name.to_ascii_lowercase();
                    let args = self.lx.args()?;
                    let end = self.lx.offset();
                    let span = self.lx.span_at(start, end - start);
                    let before_moves = depth == 0
                        && line
                            .iter()
                            .all(|e| matches!(e, Element::Comment(_) | Element::Remark(_)));
                    if name == "diagram" {
                        match diagram(&args, at(span)) {
                            Ok(d) => line.push(Element::Diagram(d)),
                            Err((m, sp)) => self.fail(m, "here", sp),
                        }
                        continue;
                    }
                    match directive(g, &name, &args, at(span), before_moves) {
                        Ok(Some(el)) => line.push(el),
                        Ok(None) => {}
                        Err(m) => self.fail(m, "here", span),
                    }
                }
                Some(_) => {
                    // The common line `12. 3 f2-f7 x2`, read by one rule.
                    if let Some((rest, m)) = words::plain_line(ply + 1)(self.lx.rest) {
                        let offset = self.lx.offset_of(m.text);
                        let at = At {
                            offset,
                            len: m.text.len(),
                        };
                        self.lx.rest = rest;
                        ply += 1;
                        last_move = Some(ply);
                        line.push(Element::Move { mv: m.mv, at });
                        continue;
                    }
                    let start = self.lx.offset();
                    // A move number, `12.`, then the move to the end of its line.
                    let number = self.lx.read(opt(words::move_number))?;
                    let numbered = number.is_some();
                    if let Some(d) = number {
                        let dspan = self.lx.span_of(d);
                        self.lx.skip_inline();
                        if d.parse::<u32>().ok() != Some(ply + 1) {
                            self.fail(
                                format!(
                                    "move number {} does not match: this is move {}",
                                    clip(d),
                                    ply + 1
                                ),
                                &format!("expected {}", ply + 1),
                                dspan,
                            );
                        }
                    }
                    let text = self.lx.read(words::move_text)?;
                    let trimmed = text.trim_end();
                    let span = self.lx.span_at(self.lx.offset_of(text), trimmed.len());
                    if trimmed.is_empty() {
                        let sp = self.lx.here(1);
                        let found = self.lx.found();
                        if numbered {
                            return Err(err(
                                format!("expected a move after the move number, found {found}"),
                                "move expected",
                                sp,
                            ));
                        }
                        let sp = self.lx.span_at(start, 1);
                        return Err(err(
                            format!(
                                "unexpected {found}: expected a move, a comment, a directive or a variation"
                            ),
                            "unexpected here",
                            sp,
                        ));
                    }
                    ply += 1;
                    last_move = Some(ply);
                    match trimmed.parse::<Move>() {
                        Ok(mv) => line.push(Element::Move { mv, at: at(span) }),
                        Err(e) => self.fail(e.to_string(), "not a TWRS move", span),
                    }
                }
            }
        }
    }
}

fn apply_tag(g: &mut TwrsGame, name: &str, value: &str) -> Result<(), String> {
    match name.to_ascii_lowercase().as_str() {
        "game" if !value.eq_ignore_ascii_case("twrs") => Err(format!(
            "this file is read as TWRS; `{value}` games go in a file of their own"
        )),
        "rules" => {
            let size = (g.rules.width, g.rules.height);
            let first = g.rules.first;
            let mut r = TwrsRules::preset(value).ok_or_else(|| {
                let hint = did_you_mean(value, &PRESET_NAMES)
                    .map(|m| format!("; did you mean `{m}`?"))
                    .unwrap_or_default();
                format!(
                    "there is no TWRS rule set `{value}` (presets: {}){hint}",
                    PRESET_NAMES.join(", ")
                )
            })?;
            (r.width, r.height) = size;
            r.first = first;
            g.rules = r;
            Ok(())
        }
        "size" => {
            let (w, h) = match grid_size(value) {
                Ok((_, (w, Some(h)))) => (w.trim().parse::<u8>(), h.trim().parse::<u8>()),
                _ => (value.trim().parse::<u8>(), value.trim().parse::<u8>()),
            };
            match (w, h) {
                (Ok(w), Ok(h)) => {
                    let r = TwrsRules {
                        width: w,
                        height: h,
                        ..g.rules.clone()
                    };
                    r.validate().map_err(|e| e.to_string())?;
                    g.rules = r;
                    Ok(())
                }
                _ => Err(format!(
                    "`{value}` is not a grid size: lines across and down, like 11 or 13x9"
                )),
            }
        }
        "first" => {
            g.rules.first = value.parse()?;
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The `Size` tag's value cut at its first `x` (or `×`): lines across, and
/// lines down when written (`11`, `13x9`); each side is a number, trimmed.
fn grid_size(i: &str) -> Rule<'_, (&str, Option<&str>)> {
    let times = |c: char| matches!(c, 'x' | 'X' | '×');
    (take_till(times), opt(preceded(satisfy(times), rest))).parse(i)
}

fn point(s: &str) -> Result<Point, String> {
    words::full_point(s).map_err(|e| e.to_string())
}

fn tower(s: &str) -> Result<u8, String> {
    words::full_tower(s)
}

/// Points listed after a claim, or `none`.
fn points(ws: &[&str]) -> Result<Vec<Point>, String> {
    if ws == ["none"] {
        return Ok(Vec::new());
    }
    let mut v = ws.iter().map(|w| point(w)).collect::<Result<Vec<_>, _>>()?;
    v.sort();
    Ok(v)
}

fn target_lines(s: &str) -> Result<(u8, Lines), String> {
    words::full_target_lines(s)
}

const DIRECTIVES: [&str; 12] = [
    "setup",
    "diagram",
    "to-move",
    "score",
    "petrified",
    "areas",
    "closed",
    "marking-points",
    "moves-to",
    "over",
    "winner",
    "stones-left",
];

fn directive(
    g: &mut TwrsGame,
    name: &str,
    args: &[Arg<'_>],
    at: At,
    before_moves: bool,
) -> Result<Option<Element>, String> {
    if name.is_empty() {
        return Err("a directive names what it does after #, like #score".into());
    }
    let words: Vec<String> = args
        .iter()
        .map(|a| match a.key {
            Some(k) => format!("{k}={}", a.value),
            None => a.value.clone(),
        })
        .collect();
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let args = args.as_slice();
    let claim = |claim: Claim| Element::Claim { claim, at };
    let need = |n: usize, form: &str| -> Result<(), String> {
        if args.len() < n {
            Err(format!("write it #{name} {form}"))
        } else {
            Ok(())
        }
    };
    let el = match name {
        "setup" => {
            if !before_moves {
                return Err("a setup comes before the first move, outside variations".into());
            }
            setup_line(g, args)?;
            return Ok(None);
        }
        "to-move" => {
            need(1, "orange|blue")?;
            claim(Claim::ToMove(args[0].parse()?))
        }
        "score" => {
            need(4, "orange N blue M")?;
            let mut orange = None;
            let mut blue = None;
            for pair in args.chunks(2) {
                let n: u32 = pair
                    .get(1)
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| "write it #score orange N blue M".to_string())?;
                match pair[0].parse::<Side>()? {
                    Side::Orange => orange = Some(n),
                    Side::Blue => blue = Some(n),
                }
            }
            match (orange, blue) {
                (Some(orange), Some(blue)) => claim(Claim::Score { orange, blue }),
                _ => return Err("write it #score orange N blue M".into()),
            }
        }
        "petrified" => {
            need(1, "TOWER… (or none)")?;
            let mut v = if args == ["none"] {
                Vec::new()
            } else {
                args.iter()
                    .map(|a| tower(a))
                    .collect::<Result<Vec<_>, _>>()?
            };
            v.sort();
            claim(Claim::Petrified(v))
        }
        "closed" => {
            need(1, "POINT… (or none)")?;
            claim(Claim::Closed(if args == ["none"] {
                Vec::new()
            } else {
                points(args)?
            }))
        }
        "areas" => {
            need(1, "N")?;
            claim(Claim::Areas(
                args[0]
                    .parse()
                    .map_err(|_| format!("`{}` is not a number", args[0]))?,
            ))
        }
        "marking-points" => {
            need(
                3,
                "ACTIVE TARGET POINT… (or none; TARGET/ or TARGET\\ for a diagonal)",
            )?;
            let (target, lines) = target_lines(args[1])?;
            claim(Claim::MarkingPoints {
                active: tower(args[0])?,
                target,
                lines,
                points: points(&args[2..])?,
            })
        }
        "moves-to" => {
            need(2, "TOWER POINT… (or none)")?;
            claim(Claim::MovesTo {
                tower: tower(args[0])?,
                points: points(&args[1..])?,
            })
        }
        "over" => match args {
            [] | ["yes"] => claim(Claim::Over(true)),
            ["no"] => claim(Claim::Over(false)),
            _ => return Err("write it #over, or #over no".into()),
        },
        "winner" => {
            need(1, "orange|blue|none")?;
            claim(Claim::Winner(if args[0] == "none" {
                None
            } else {
                Some(args[0].parse()?)
            }))
        }
        "stones-left" => {
            need(1, "N")?;
            claim(Claim::StonesLeft(
                args[0]
                    .parse()
                    .map_err(|_| format!("`{}` is not a number", args[0]))?,
            ))
        }
        other => {
            let hint = did_you_mean(other, &DIRECTIVES)
                .map(|m| format!("; did you mean #{m}?"))
                .unwrap_or_default();
            return Err(format!("#{other} is not a TWRS directive{hint}"));
        }
    };
    Ok(Some(el))
}

/// `#setup stones: f3 f6`, `#setup towers: 1 b2 3 i3`, `#setup to-move: blue`,
/// `#setup empty` (a setup block with nothing yet).
fn setup_line(g: &mut TwrsGame, args: &[&str]) -> Result<(), String> {
    let (s, to_move) = g.setup.get_or_insert_with(|| (Setup::default(), None));
    match args {
        ["empty"] => Ok(()),
        ["stones:", rest @ ..] => {
            for w in rest {
                s.stones.push(point(w)?);
            }
            Ok(())
        }
        ["towers:", rest @ ..] => {
            if rest.len() % 2 != 0 {
                return Err(
                    "towers are listed as number and place: #setup towers: 1 b2 3 i3".into(),
                );
            }
            for pair in rest.chunks(2) {
                s.towers.push((tower(pair[0])?, point(pair[1])?));
            }
            Ok(())
        }
        ["to-move:", side] => {
            *to_move = Some(side.parse()?);
            Ok(())
        }
        _ => Err(
            "write #setup stones: POINT…, #setup towers: N POINT…, or #setup to-move: SIDE".into(),
        ),
    }
}

/// A diagram's `name=`: letters, digits, `-` and `_`, at least one.
fn diagram_name(i: &str) -> Rule<'_, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_').parse(i)
}

/// The options of a `#diagram` line, read as a TwixT diagram point's
/// are (keys in any case, unknown ones kept); an error comes with the
/// argument it is about.
fn diagram(args: &[Arg<'_>], at: At) -> Result<DiagramPoint, (String, Span)> {
    let mut d = DiagramPoint {
        at,
        ..DiagramPoint::default()
    };
    // The lexer splits `show=a,b` at the comma: words after `show=` are
    // more of its items.
    let mut in_show = false;
    for a in args {
        let bad = |m: String| (m, a.span);
        let Some(k) = a.key else {
            if in_show {
                d.show.push(show(a.value.trim()).map_err(bad)?);
                continue;
            }
            return Err(bad(format!(
                "expected a diagram option like name=\"fig3\", found `{}`",
                clip(&a.value)
            )));
        };
        let key = k.to_ascii_lowercase();
        in_show = key == "show";
        let v = a.value.as_str();
        if let Some(read) = d.look.read(&key, v) {
            read.map_err(bad)?;
            continue;
        }
        match key.as_str() {
            "name" => {
                if grammar::whole(diagram_name, v).is_none() {
                    return Err(bad(format!(
                        "`{}`: a diagram name uses letters, digits, - and _",
                        clip(v)
                    )));
                }
                d.name = Some(v.to_string())
            }
            "caption" => d.caption = Some(v.to_string()),
            "translation" => d.translation = Some(v.to_string()),
            "show" => {
                for item in v.split(',') {
                    d.show.push(show(item.trim()).map_err(bad)?);
                }
            }
            "crop" => {
                return Err(bad(format!(
                    "crop={} is for TwixT boards; a TWRS picture shows the whole grid",
                    clip(v)
                )));
            }
            "numbers" | "restart" => {
                return Err(bad(format!(
                    "{key}={} is for the move numbers on TwixT's pegs; a TWRS picture numbers no moves (a tower's number is its name)",
                    clip(v)
                )));
            }
            _ => d.extra.push((k.to_string(), v.to_string())),
        }
    }
    Ok(d)
}

/// A `show=` item cut into its kind and its towers as written.
enum ShowWords<'a> {
    Areas,
    MovesTo(&'a str),
    Lines(&'a str),
    Diagonals(&'a str),
    /// The active tower and the target with its lines.
    Marking(&'a str, &'a str),
}

/// One `show=` item: `areas`, `moves-to:T`, `lines:T`, `diagonals:T` or
/// `marking:A-T` (the target `T/` or `T\` for a diagonal).
fn show_item(i: &str) -> Rule<'_, ShowWords<'_>> {
    alt((
        all_consuming(tag("areas")).map(|_| ShowWords::Areas),
        preceded(tag("moves-to:"), rest).map(ShowWords::MovesTo),
        preceded(tag("lines:"), rest).map(ShowWords::Lines),
        preceded(tag("diagonals:"), rest).map(ShowWords::Diagonals),
        preceded(
            tag("marking:"),
            separated_pair(take_till(|c| c == '-'), char('-'), rest),
        )
        .map(|(a, t)| ShowWords::Marking(a, t)),
    ))
    .parse(i)
}

fn show(s: &str) -> Result<Show, String> {
    let Ok((_, item)) = show_item(s) else {
        return Err(format!(
            "`{s}`: show moves-to:T, lines:T, diagonals:T, marking:A-T or areas"
        ));
    };
    Ok(match item {
        ShowWords::Areas => Show::Areas,
        ShowWords::MovesTo(t) => Show::MovesTo(tower(t)?),
        ShowWords::Lines(t) => Show::Lines(tower(t)?),
        ShowWords::Diagonals(t) => Show::Diagonals(tower(t)?),
        ShowWords::Marking(a, t) => {
            let (target, lines) = target_lines(t)?;
            Show::Marking {
                active: tower(a)?,
                target,
                lines,
            }
        }
    })
}

/// A diagram point reached in replay: the position and what to show.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// The `#diagram` line.
    pub point: DiagramPoint,
    /// The position at that line.
    pub position: Position,
    /// The move that led here, if any.
    pub last: Option<Move>,
    /// Moves played before it, placements included.
    pub ply: u32,
}

/// What replaying a game found.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The last position reached: the game's end, or the one before the first illegal move.
    pub position: Position,
    /// The diagram points reached, in order.
    pub diagrams: Vec<Snapshot>,
    /// Illegal moves and false claims, located.
    pub errors: Vec<Diagnostic>,
}

/// Replays a game from its start, checking every move and claim. Replay
/// stops at the first illegal move; claims after it are not checked.
pub fn replay(src: &str, g: &TwrsGame) -> Replayed {
    let start = match g.start() {
        Ok(p) => p,
        Err(m) => {
            return Replayed {
                position: Position::new(&TwrsRules::basic()).expect("the basic game starts"),
                diagrams: Vec::new(),
                errors: vec![located_at(src, m, "this game", g.at)],
            };
        }
    };
    let mut r = Replayed {
        position: start.clone(),
        diagrams: Vec::new(),
        errors: Vec::new(),
    };
    r.position = replay_line(src, &g.elements, start, &mut r);
    r
}

fn located_at(src: &str, m: String, label: &str, at: At) -> Diagnostic {
    Diagnostic::error(m)
        .with_label(label)
        .at(src, at.offset, at.len.max(1))
}

/// Replays one line of play from `pos`, its variations each from the
/// position before the move they replace; returns where the line ends. An
/// illegal move ends its line (and only that line).
fn replay_line(src: &str, elements: &[Element], mut pos: Position, r: &mut Replayed) -> Position {
    let mut last = None;
    // The position before the line's last move, where a variation starts.
    let mut before_last: Option<Position> = None;
    for e in elements {
        match e {
            Element::Move { mv, at } => {
                let before = pos.clone();
                match pos.play(mv) {
                    Ok(played) => {
                        last = Some(played);
                        before_last = Some(before);
                    }
                    Err(err) => {
                        r.errors.push(located_at(
                            src,
                            format!("move {}: {err}", pos.plies() + 1),
                            "illegal move",
                            *at,
                        ));
                        break;
                    }
                }
            }
            Element::Claim { claim, at } => {
                if let Some(m) = false_claim(&pos, claim) {
                    r.errors.push(located_at(src, m, "false claim", *at));
                }
            }
            Element::Diagram(d) => {
                // A finished game has no side to play.
                if d.look.to_move == Some(true) && matches!(pos.status(), Status::Over(_)) {
                    r.errors.push(located_at(
                        src,
                        "to-move=yes: the game is over here, so no side is to play".to_string(),
                        "the game is over",
                        d.at,
                    ));
                }
                r.diagrams.push(Snapshot {
                    point: d.clone(),
                    position: pos.clone(),
                    last: last.clone(),
                    ply: pos.plies(),
                })
            }
            Element::Variation(v) => {
                if let Some(from) = &before_last {
                    replay_line(src, v, from.clone(), r);
                }
            }
            Element::Comment(_) | Element::Remark(_) => {}
        }
    }
    pos
}

fn list(v: &[Point]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.iter().map(Point::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// Why a claim is false of `pos`, if it is.
pub fn false_claim(pos: &Position, c: &Claim) -> Option<String> {
    match c {
        Claim::ToMove(side) => (pos.to_move() != *side)
            .then(|| format!("it is {}'s turn, not {side}'s", pos.to_move())),
        Claim::Score { orange, blue } => {
            let s = pos.score();
            ((s.orange, s.blue) != (*orange, *blue)).then(|| {
                format!(
                    "the score is orange {} blue {}, not orange {orange} blue {blue}",
                    s.orange, s.blue
                )
            })
        }
        Claim::Petrified(v) => {
            let actual: Vec<u8> = (1..=6).filter(|&t| pos.is_petrified(t)).collect();
            (actual != *v).then(|| {
                let names = |v: &[u8]| {
                    if v.is_empty() {
                        "none".to_string()
                    } else {
                        v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
                    }
                };
                format!(
                    "the petrified towers are {}, not {}",
                    names(&actual),
                    names(v)
                )
            })
        }
        Claim::Closed(v) => {
            let parts = pos.areas().len();
            if v.is_empty() {
                (parts > 1).then(|| format!("the stones cut the board into {parts} closed areas"))
            } else if let Some(p) = v.iter().find(|&&p| pos.area_of(p).is_none()) {
                Some(format!("{p} is under a stone or off the grid, in no area"))
            } else {
                (parts == 1).then(|| {
                    format!(
                        "the area of {} is not closed: the board is still one part",
                        list(v)
                    )
                })
            }
        }
        Claim::Areas(n) => {
            let actual = pos.areas().len();
            (actual != *n).then(|| format!("the stones cut the board into {actual} areas, not {n}"))
        }
        Claim::MarkingPoints {
            active,
            target,
            lines,
            points,
        } => {
            let actual = pos.marking_points(*active, *target, *lines);
            (actual != *points).then(|| {
                format!(
                    "tower {active}'s marking points against tower {target} are {}, not {}",
                    list(&actual),
                    list(points)
                )
            })
        }
        Claim::MovesTo { tower, points } => {
            let actual = pos.destinations(*tower);
            (actual != *points).then(|| {
                format!(
                    "tower {tower} can move to {}, not {}",
                    list(&actual),
                    list(points)
                )
            })
        }
        Claim::Over(over) => {
            let is = matches!(pos.status(), Status::Over(_));
            (is != *over).then(|| {
                if is {
                    "the game is over".to_string()
                } else {
                    "the game is not over".to_string()
                }
            })
        }
        Claim::Winner(w) => {
            let over = matches!(pos.status(), Status::Over(_));
            let actual = if over { pos.score().leader() } else { None };
            if !over {
                Some("the game is not over, so there is no winner yet".to_string())
            } else {
                (actual != *w).then(|| match actual {
                    Some(s) => format!("{s} wins"),
                    None => "the game is drawn".to_string(),
                })
            }
        }
        Claim::StonesLeft(n) => (pos.stones_left() != *n)
            .then(|| format!("{} stones are left, not {n}", pos.stones_left())),
    }
}

/// A game as a TWRS script: `[Game "twrs"]`, the given tags, the moves one
/// per line, and when the game is over, `#over` and `#score` claims that
/// `twixt check` proves.
pub fn write_game(tags: &[(String, String)], moves: &[Move], end: &Position) -> String {
    let mut out = String::from("[Game \"twrs\"]\n");
    for (name, value) in tags {
        let value: String = value
            .chars()
            .filter(|c| !c.is_control() && *c != '"')
            .collect();
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    for (i, mv) in moves.iter().enumerate() {
        out.push_str(&format!("{}. {mv}\n", i + 1));
    }
    if matches!(end.status(), Status::Over(_)) {
        let s = end.score();
        out.push_str(&format!(
            "#over\n#score orange {} blue {}\n",
            s.orange, s.blue
        ));
    }
    out
}

fn lines_suffix(l: Lines) -> &'static str {
    match l {
        Lines::Movement => "",
        Lines::Rising => "/",
        Lines::Falling => "\\",
    }
}

/// Writes one line of play, `ply` moves in, its variations indented.
fn write_line(out: &mut String, elements: &[Element], ply: u32, depth: usize) {
    let indent = "  ".repeat(depth);
    let mut n = ply;
    for e in elements {
        out.push_str(&indent);
        match e {
            Element::Move { mv, .. } => {
                n += 1;
                out.push_str(&format!("{n}. {mv}\n"));
            }
            Element::Claim { claim, .. } => out.push_str(&format!("{claim}\n")),
            Element::Comment(c) => out.push_str(&format!("{{{}}}\n", escape_comment(c))),
            Element::Remark(r) => out.push_str(&format!("% {r}\n").replace("% \n", "%\n")),
            Element::Diagram(d) => {
                out.push_str("#diagram");
                if let Some(v) = &d.name {
                    out.push_str(&format!(" name={v}"));
                }
                if let Some(v) = &d.caption {
                    out.push_str(&format!(" caption={}", quote(v)));
                }
                if let Some(v) = &d.translation {
                    out.push_str(&format!(" translation={}", quote(v)));
                }
                if !d.show.is_empty() {
                    let show: Vec<String> = d.show.iter().map(Show::to_string).collect();
                    out.push_str(&format!(" show={}", show.join(",")));
                }
                for (k, v) in d.look.options() {
                    // A style is a name or a file: quoted, as other text is.
                    let v = if k == "style" { quote(&v) } else { v };
                    out.push_str(&format!(" {k}={v}"));
                }
                for (k, v) in &d.extra {
                    out.push_str(&format!(" {k}={}", quote(v)));
                }
                out.push('\n');
            }
            Element::Variation(v) => {
                out.push_str("(\n");
                write_line(out, v, n.saturating_sub(1), depth + 1);
                out.push_str(&indent);
                out.push_str(")\n");
            }
        }
    }
}

impl std::fmt::Display for Show {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Show::MovesTo(t) => write!(f, "moves-to:{t}"),
            Show::Lines(t) => write!(f, "lines:{t}"),
            Show::Diagonals(t) => write!(f, "diagonals:{t}"),
            Show::Marking {
                active,
                target,
                lines,
            } => write!(f, "marking:{active}-{target}{}", lines_suffix(*lines)),
            Show::Areas => f.write_str("areas"),
        }
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let towers = |v: &[u8]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            }
        };
        match self {
            Claim::ToMove(s) => write!(f, "#to-move {s}"),
            Claim::Score { orange, blue } => write!(f, "#score orange {orange} blue {blue}"),
            Claim::Petrified(v) => write!(f, "#petrified {}", towers(v)),
            Claim::Areas(n) => write!(f, "#areas {n}"),
            Claim::Closed(v) if v.is_empty() => f.write_str("#closed none"),
            Claim::Closed(v) => write!(f, "#closed {}", list(v)),
            Claim::MarkingPoints {
                active,
                target,
                lines,
                points,
            } => {
                write!(
                    f,
                    "#marking-points {active} {target}{} {}",
                    lines_suffix(*lines),
                    list(points)
                )
            }
            Claim::MovesTo { tower, points } => write!(f, "#moves-to {tower} {}", list(points)),
            Claim::Over(true) => f.write_str("#over"),
            Claim::Over(false) => f.write_str("#over no"),
            Claim::Winner(Some(s)) => write!(f, "#winner {s}"),
            Claim::Winner(None) => f.write_str("#winner none"),
            Claim::StonesLeft(n) => write!(f, "#stones-left {n}"),
        }
    }
}

/// A parsed TWRS file in canonical form: what `twixt fmt` writes. Reading
/// it back gives the same games.
pub fn write_file(games: &[TwrsGame]) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        for r in &g.preamble {
            out.push_str(&format!("% {r}\n").replace("% \n", "%\n"));
        }
        for (name, value) in &g.tags {
            out.push_str(&format!("[{name} {}]\n", quote(value)));
        }
        if let Some((s, to_move)) = &g.setup {
            if s.stones.is_empty() && s.towers.is_empty() && to_move.is_none() {
                out.push_str("#setup empty\n");
            }
            if !s.stones.is_empty() {
                out.push_str(&format!("#setup stones: {}\n", list(&s.stones)));
            }
            if !s.towers.is_empty() {
                let towers: Vec<String> =
                    s.towers.iter().map(|(t, p)| format!("{t} {p}")).collect();
                out.push_str(&format!("#setup towers: {}\n", towers.join(" ")));
            }
            if let Some(side) = to_move {
                out.push_str(&format!("#setup to-move: {side}\n"));
            }
        }
        write_line(&mut out, &g.elements, 0, 0);
    }
    out
}
