//! TWRS game scripts: the `.twixt` script's lines (header tags, `%`
//! remarks, `{…}` comments, `#` directives, numbered moves) with TWRS moves,
//! setups and claims, read and replayed with located messages.
//!
//! A file is a TWRS script when its first header holds `[Game "twrs"]`;
//! see docs/twrs.md ("Scripts") for every directive.

use std::convert::Infallible;

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{all_consuming, opt, rest};
use nom::sequence::{preceded, separated_pair};

use crate::diagnostic::{Diagnostic, did_you_mean, spaced_or_none};
use crate::grammar::{self, Rule};
use crate::limits;
use crate::script::lex::{Arg, clip, err};
use crate::script::read::{Reader, Reads, read_pieces};
use crate::script::write::{escape_comment, quote};
use crate::script::{Game, MoveNode, Notation, ParseError, PointLook, Span, Tag};
use twrs_core::moves::{Lines, Move};
use twrs_core::notation as words;
use twrs_core::point::{Player, Point};
use twrs_core::position::{Position, SetupError, Status};
use twrs_core::rules::{PRESET_NAMES, PresetError, RulesFileError, TwrsRules};
use twrs_core::setup::Setup;

/// Does this text hold TWRS games? (Its first header says `[Game "twrs"]`,
/// as [`header_game`](crate::open::header_game) reads it.)
pub fn is_twrs(text: &str) -> bool {
    crate::open::header_game(text).is_some_and(|g| g.eq_ignore_ascii_case("twrs"))
}

/// What a diagram point asks to show besides the pieces.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
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
    pub span: Span,
}

/// A claim about the position where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Claim {
    /// `#to-move`: whose turn it is.
    ToMove(Player),
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
    Winner(Option<Player>),
    /// `#stones-left`: the stones left in the stock.
    StonesLeft(u16),
}

/// TWRS's scripts: its moves, setups (with the side to move), diagram
/// points and claims in the shared syntax tree; it has no marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TwrsNotation;

impl Notation for TwrsNotation {
    type Move = Move;
    type Setup = (Setup, Option<Player>);
    type Diagram = DiagramPoint;
    type Mark = Infallible;
    type Claim = Claim;

    fn point_look(d: &DiagramPoint) -> (&PointLook, Span) {
        (&d.look, d.span)
    }
}

/// One element of a game after its header tags and setup block: a move,
/// a claim, a diagram point, a comment, a remark or a variation.
pub type Element = crate::script::Element<TwrsNotation>;

/// One TWRS game of a script: the shared syntax tree (its tags, setup
/// block and lines, which it dereferences to) and the rule set they give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwrsGame {
    /// The game as written.
    pub script: Game<TwrsNotation>,
    /// The rule set: the `Rules` preset or file, with the `Size` and `First` tags applied.
    pub rules: TwrsRules,
}

impl std::ops::Deref for TwrsGame {
    type Target = Game<TwrsNotation>;
    fn deref(&self) -> &Game<TwrsNotation> {
        &self.script
    }
}

/// Whether a tag is `[Rules "file.yaml"]`: a rule file read beside the script.
fn is_rules_file(t: &Tag) -> bool {
    t.name.eq_ignore_ascii_case("rules")
        && (t.value.ends_with(".yaml") || t.value.ends_with(".yml"))
}

impl TwrsGame {
    /// The game's `[Rules "file.yaml"]` tag, to be read beside the script
    /// (see [`TwrsGame::load_rules_file`]).
    pub fn rules_file(&self) -> Option<&Tag> {
        self.tags.iter().rfind(|t| is_rules_file(t))
    }

    /// Reads the game's `[Rules "file.yaml"]` from `folder` (the script's
    /// own folder; the file must lie inside it), then applies the game's
    /// `Size` and `First` tags over it.
    pub fn load_rules_file(&mut self, folder: &std::path::Path) -> Result<(), RuleFileError> {
        let Some(name) = self.rules_file().map(|t| t.value.clone()) else {
            return Ok(());
        };
        let path = limits::resolve_inside(folder, std::path::Path::new(&name))
            .map_err(RuleFileError::Outside)?;
        let text = limits::read_regular_text(&path, limits::MAX_YAML_BYTES).map_err(|error| {
            RuleFileError::Read {
                name: name.clone(),
                error,
            }
        })?;
        self.rules = TwrsRules::from_yaml(&text).map_err(|error| RuleFileError::Invalid {
            name: name.clone(),
            error,
        })?;
        for t in &self.script.tags {
            if t.name.eq_ignore_ascii_case("size") || t.name.eq_ignore_ascii_case("first") {
                apply_tag(&mut self.rules, &t.name, &t.value).map_err(RuleFileError::Tag)?;
            }
        }
        Ok(())
    }

    /// The position before the first move.
    pub fn start(&self) -> Result<Position, SetupError> {
        match &self.setup {
            Some((s, to_move)) => {
                Position::from_setup(&self.rules, s, to_move.unwrap_or(self.rules.first))
            }
            None => Position::new(&self.rules),
        }
    }
}

/// Why a game's `[Rules "file.yaml"]` cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum RuleFileError {
    /// The name leads outside the script's folder.
    #[error(transparent)]
    Outside(limits::OutsideFolder),
    /// The file cannot be read.
    #[error("cannot read the rule file {name}: {error}")]
    Read {
        /// The name as the tag gives it.
        name: String,
        /// What reading it met.
        error: std::io::Error,
    },
    /// The file is not a TWRS rule set.
    #[error("{name}: {error}")]
    Invalid {
        /// The name as the tag gives it.
        name: String,
        /// What is wrong in it.
        error: RulesFileError,
    },
    /// The game's `Size` or `First` tag cannot be applied over the file.
    #[error("{0}")]
    Tag(String),
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for RuleFileError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// Reads every TWRS game of `src` with the shared script reader (tags,
/// remarks, comments, quoted text, directive arguments, variations are
/// written as in a TwixT script). Messages are located in `src`; the caller
/// adds the file name. A game whose text cannot be read (an unclosed
/// comment or variation) is left out and reading goes on at the next game;
/// a move or directive that means nothing is reported and the game kept.
pub fn parse(src: &str) -> (Vec<TwrsGame>, Vec<Diagnostic>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for (piece, notes) in read_pieces::<TwrsNotation>(src, 1, usize::MAX) {
        errors.extend(notes.into_iter().map(|e| located(src, e)));
        match piece.game {
            Ok(script) => {
                // The tags' errors were noted as they were read.
                let mut rules = TwrsRules::basic();
                for t in script.tags.iter().filter(|t| !is_rules_file(t)) {
                    let _ = apply_tag(&mut rules, &t.name, &t.value);
                }
                games.push(TwrsGame { script, rules });
            }
            Err(e) => errors.push(located(src, e)),
        }
    }
    (games, errors)
}

fn located(src: &str, e: ParseError) -> Diagnostic {
    Diagnostic::error(e.message)
        .with_label(e.label)
        .at_known_line(src, e.span.start(), e.span.len_bytes().max(1), e.span.line)
}

impl Reads for TwrsNotation {
    /// The rule set the game's tags give so far.
    type State = TwrsRules;

    fn start(r: &mut Reader<'_, Self>) {
        r.state = TwrsRules::basic();
    }

    fn tag(r: &mut Reader<'_, Self>, t: Tag) -> Result<Tag, ParseError> {
        if !is_rules_file(&t)
            && let Err(m) = apply_tag(&mut r.state, &t.name, &t.value)
        {
            r.note(err(m, "this tag", t.span));
        }
        Ok(t)
    }

    fn header(_: &mut Reader<'_, Self>, g: &Game<Self>) -> Result<(), ParseError> {
        if g.tags.is_empty() {
            return Err(err(
                "a TWRS game starts with its header tags, [Game \"twrs\"] first",
                "before any header",
                g.span,
            ));
        }
        Ok(())
    }

    fn directive(
        r: &mut Reader<'_, Self>,
        name: &str,
        _: Span,
        args: &[Arg<'_>],
        span: Span,
        setup: Option<&mut Option<(Setup, Option<Player>)>>,
    ) -> Result<Option<Element>, ParseError> {
        let read = if name == "diagram" {
            diagram(args, span).map(|d| Some(Element::Diagram(Box::new(d))))
        } else {
            directive(setup, name, args, span).map_err(|m| (m, span))
        };
        Ok(read.unwrap_or_else(|(m, sp)| {
            r.note(err(m, "here", sp));
            None
        }))
    }

    fn item(
        r: &mut Reader<'_, Self>,
        _: char,
        ply: u32,
        line: &mut Vec<Element>,
    ) -> Result<Option<Span>, ParseError> {
        let node = |mv, span| {
            Element::Move(MoveNode {
                mv,
                glyph: None,
                span,
            })
        };
        // The common line `12. 3 f2-f7 x2`, read by one rule.
        let text = r.rest;
        if let Some((rest, m)) = words::plain_line(ply + 1)(text) {
            let span = r.span_of(m.text);
            r.rest = rest;
            line.push(node(m.mv, span));
            return Ok(Some(span));
        }
        let start = r.offset();
        // A move number, `12.`, then the move to the end of its line.
        let number = r.read(opt(words::move_number))?;
        let numbered = number.is_some();
        if let Some(d) = number {
            let dspan = r.span_of(d);
            r.skip_inline();
            if d.parse::<u32>().ok() != Some(ply + 1) {
                r.note(err(
                    format!(
                        "move number {} does not match: this is move {}",
                        clip(d),
                        ply + 1
                    ),
                    format!("expected {}", ply + 1),
                    dspan,
                ));
            }
        }
        let text = r.read(words::move_text)?;
        let trimmed = text.trim_end();
        let at = r.offset_of(text);
        let span = r.span_at(at, trimmed.len());
        if trimmed.is_empty() {
            let found = r.found();
            if numbered {
                let sp = r.here(1);
                return Err(err(
                    format!("expected a move after the move number, found {found}"),
                    "move expected",
                    sp,
                ));
            }
            let sp = r.span_at(start, 1);
            return Err(err(
                format!(
                    "unexpected {found}: expected a move, a comment, a directive or a variation"
                ),
                "unexpected here",
                sp,
            ));
        }
        match trimmed.parse::<Move>() {
            Ok(mv) => line.push(node(mv, span)),
            Err(e) => r.note(err(e.to_string(), "not a TWRS move", span)),
        }
        Ok(Some(span))
    }
}

fn apply_tag(rules: &mut TwrsRules, name: &str, value: &str) -> Result<(), String> {
    match name.to_ascii_lowercase().as_str() {
        "game" if !value.eq_ignore_ascii_case("twrs") => Err(format!(
            "this file is read as TWRS; `{value}` games go in a file of their own"
        )),
        "rules" => {
            let size = (rules.width, rules.height);
            let first = rules.first;
            let mut r = TwrsRules::preset(value).ok_or_else(|| {
                let hint = did_you_mean(value, &PRESET_NAMES)
                    .map(|m| format!("; did you mean `{m}`?"))
                    .unwrap_or_default();
                format!("{}{hint}", PresetError::Unknown(value.to_string()))
            })?;
            (r.width, r.height) = size;
            r.first = first;
            *rules = r;
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
                        ..rules.clone()
                    };
                    r.validate().map_err(|e| e.to_string())?;
                    *rules = r;
                    Ok(())
                }
                _ => Err(format!(
                    "`{value}` is not a grid size: lines across and down, like 11 or 13x9"
                )),
            }
        }
        "first" => {
            rules.first = value
                .parse()
                .map_err(|e: twrs_core::notation::NotationError| e.to_string())?;
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

/// A tower's number in a directive, or the message.
fn tower(s: &str) -> Result<u8, String> {
    words::tower_of(s).map_err(|e| e.to_string())
}

/// A target with its lines in a directive, or the message.
fn target(s: &str) -> Result<(u8, Lines), String> {
    words::target_of(s).map_err(|e| e.to_string())
}

fn point(s: &str) -> Result<Point, String> {
    words::full_point(s).map_err(|e| e.to_string())
}

fn number<T: std::str::FromStr>(w: &str) -> Result<T, String> {
    w.parse().map_err(|_| format!("`{w}` is not a number"))
}

/// Points or towers listed after a claim, sorted, or `none`.
fn listed<T: Ord>(ws: &[&str], read: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    if ws == ["none"] {
        return Ok(Vec::new());
    }
    let mut v = ws.iter().map(|w| read(w)).collect::<Result<Vec<_>, _>>()?;
    v.sort();
    Ok(v)
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
    setup: Option<&mut Option<(Setup, Option<Player>)>>,
    name: &str,
    args: &[Arg<'_>],
    span: Span,
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
    let claim = |kind: Claim| Element::Claim(Box::new(crate::script::Claim { kind, span }));
    let need = |n: usize, form: &str| -> Result<(), String> {
        if args.len() < n {
            Err(format!("write it #{name} {form}"))
        } else {
            Ok(())
        }
    };
    let el = match name {
        "setup" => {
            let Some(setup) = setup else {
                return Err("a setup comes before the first move, outside variations".into());
            };
            setup_line(setup, args)?;
            return Ok(None);
        }
        "to-move" => {
            need(1, "orange|blue")?;
            claim(Claim::ToMove(args[0].parse().map_err(
                |e: twrs_core::notation::NotationError| e.to_string(),
            )?))
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
                match pair[0].parse::<Player>().map_err(|e| e.to_string())? {
                    Player::Orange => orange = Some(n),
                    Player::Blue => blue = Some(n),
                }
            }
            match (orange, blue) {
                (Some(orange), Some(blue)) => claim(Claim::Score { orange, blue }),
                _ => return Err("write it #score orange N blue M".into()),
            }
        }
        "petrified" => {
            need(1, "TOWER… (or none)")?;
            claim(Claim::Petrified(listed(args, tower)?))
        }
        "closed" => {
            need(1, "POINT… (or none)")?;
            claim(Claim::Closed(listed(args, point)?))
        }
        "areas" => {
            need(1, "N")?;
            claim(Claim::Areas(number(args[0])?))
        }
        "marking-points" => {
            need(
                3,
                "ACTIVE TARGET POINT… (or none; TARGET/ or TARGET\\ for a diagonal)",
            )?;
            let (target, lines) = target(args[1])?;
            claim(Claim::MarkingPoints {
                active: tower(args[0])?,
                target,
                lines,
                points: listed(&args[2..], point)?,
            })
        }
        "moves-to" => {
            need(2, "TOWER POINT… (or none)")?;
            claim(Claim::MovesTo {
                tower: tower(args[0])?,
                points: listed(&args[1..], point)?,
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
                Some(
                    args[0]
                        .parse()
                        .map_err(|e: twrs_core::notation::NotationError| e.to_string())?,
                )
            }))
        }
        "stones-left" => {
            need(1, "N")?;
            claim(Claim::StonesLeft(number(args[0])?))
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
fn setup_line(setup: &mut Option<(Setup, Option<Player>)>, args: &[&str]) -> Result<(), String> {
    let (s, to_move) = setup.get_or_insert_with(|| (Setup::default(), None));
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
            *to_move = Some(
                side.parse()
                    .map_err(|e: twrs_core::notation::NotationError| e.to_string())?,
            );
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
fn diagram(args: &[Arg<'_>], span: Span) -> Result<DiagramPoint, (String, Span)> {
    let mut d = DiagramPoint {
        span,
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

/// One `show=` item: `areas`, `moves-to:T`, `lines:T`, `diagonals:T` or
/// `marking:A-T` (the target `T/` or `T\` for a diagonal).
fn show(s: &str) -> Result<Show, String> {
    let item: Rule<'_, Result<Show, String>> = alt((
        all_consuming(tag("areas")).map(|_| Ok(Show::Areas)),
        preceded(tag("moves-to:"), rest).map(|t| tower(t).map(Show::MovesTo)),
        preceded(tag("lines:"), rest).map(|t| tower(t).map(Show::Lines)),
        preceded(tag("diagonals:"), rest).map(|t| tower(t).map(Show::Diagonals)),
        preceded(
            tag("marking:"),
            separated_pair(take_till(|c| c == '-'), char('-'), rest),
        )
        .map(|(a, t)| {
            let (target, lines) = target(t)?;
            Ok(Show::Marking {
                active: tower(a)?,
                target,
                lines,
            })
        }),
    ))
    .parse(s);
    match item {
        Ok((_, shown)) => shown,
        Err(_) => Err(format!(
            "`{s}`: show moves-to:T, lines:T, diagonals:T, marking:A-T or areas"
        )),
    }
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
    let start = match g.start().map_err(|e| e.to_string()) {
        Ok(p) => p,
        Err(m) => {
            return Replayed {
                position: Position::new(&TwrsRules::basic()).expect("the basic game starts"),
                diagrams: Vec::new(),
                errors: vec![located(src, err(m, "this game", g.span))],
            };
        }
    };
    let mut r = Replayed {
        position: start.clone(),
        diagrams: Vec::new(),
        errors: Vec::new(),
    };
    r.position = replay_line(src, &g.line.elements, start, &mut r);
    r
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
            Element::Move(m) => {
                let before = pos.clone();
                match pos.play(&m.mv) {
                    Ok(played) => {
                        last = Some(played);
                        before_last = Some(before);
                    }
                    Err(e) => {
                        let m = err(
                            format!("move {}: {e}", pos.plies() + 1),
                            "illegal move",
                            m.span,
                        );
                        r.errors.push(located(src, m));
                        break;
                    }
                }
            }
            Element::Claim(c) => {
                if let Some(m) = false_claim(&pos, &c.kind) {
                    r.errors.push(located(src, err(m, "false claim", c.span)));
                }
            }
            Element::Diagram(d) => {
                // A finished game has no side to play.
                if d.look.to_move == Some(true) && matches!(pos.status(), Status::Over(_)) {
                    let m = "to-move=yes: the game is over here, so no side is to play";
                    r.errors
                        .push(located(src, err(m, "the game is over", d.span)));
                }
                r.diagrams.push(Snapshot {
                    point: (**d).clone(),
                    position: pos.clone(),
                    last: last.clone(),
                    ply: pos.plies(),
                })
            }
            Element::Variation(v) => {
                if let Some(from) = &before_last {
                    replay_line(src, &v.elements, from.clone(), r);
                }
            }
            Element::Mark(_) | Element::Comment(_) | Element::Remark(_) => {}
        }
    }
    pos
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
                format!(
                    "the petrified towers are {}, not {}",
                    spaced_or_none(&actual),
                    spaced_or_none(v)
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
                        spaced_or_none(v)
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
                    spaced_or_none(&actual),
                    spaced_or_none(points)
                )
            })
        }
        Claim::MovesTo { tower, points } => {
            let actual = pos.destinations(*tower);
            (actual != *points).then(|| {
                format!(
                    "tower {tower} can move to {}, not {}",
                    spaced_or_none(&actual),
                    spaced_or_none(points)
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
        // A line break or other control character would end the tag.
        let value = quote(&value.replace(char::is_control, ""));
        out.push_str(&format!("[{name} {value}]\n"));
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

/// Writes one line of play, `ply` moves in, its variations indented.
fn write_line(out: &mut String, elements: &[Element], ply: u32, depth: usize) {
    let indent = "  ".repeat(depth);
    let mut n = ply;
    for e in elements {
        out.push_str(&indent);
        match e {
            Element::Move(m) => {
                n += 1;
                out.push_str(&format!("{n}. {}\n", m.mv));
            }
            Element::Claim(c) => out.push_str(&format!("{}\n", c.kind)),
            Element::Mark(m) => match m.kind {},
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
                write_line(out, &v.elements, n.saturating_sub(1), depth + 1);
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
            } => write!(f, "marking:{active}-{target}{}", lines.suffix()),
            Show::Areas => f.write_str("areas"),
        }
    }
}

impl std::fmt::Display for Claim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Claim::ToMove(s) => write!(f, "#to-move {s}"),
            Claim::Score { orange, blue } => write!(f, "#score orange {orange} blue {blue}"),
            Claim::Petrified(v) => write!(f, "#petrified {}", spaced_or_none(v)),
            Claim::Areas(n) => write!(f, "#areas {n}"),
            Claim::Closed(v) => write!(f, "#closed {}", spaced_or_none(v)),
            Claim::MarkingPoints {
                active,
                target,
                lines,
                points,
            } => {
                write!(
                    f,
                    "#marking-points {active} {target}{} {}",
                    lines.suffix(),
                    spaced_or_none(points)
                )
            }
            Claim::MovesTo { tower, points } => {
                write!(f, "#moves-to {tower} {}", spaced_or_none(points))
            }
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
        for t in &g.tags {
            out.push_str(&format!("[{} {}]\n", t.name, quote(&t.value)));
        }
        if let Some((s, to_move)) = &g.setup {
            if s.stones.is_empty() && s.towers.is_empty() && to_move.is_none() {
                out.push_str("#setup empty\n");
            }
            if !s.stones.is_empty() {
                out.push_str(&format!("#setup stones: {}\n", spaced_or_none(&s.stones)));
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
        write_line(&mut out, &g.line.elements, 0, 0);
    }
    out
}
