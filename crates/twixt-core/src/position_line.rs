//! A TwixT position in one line, as chess has FEN: six fields separated by
//! slashes, one word a shell passes without quotes.
//!
//! ```text
//! 24/pencil/c3,d5/h8,j6/*/black
//! size/rules/red pegs/black pegs/links/side to move
//! ```
//!
//! - size: `24`, or `30x20` (width × height);
//! - rules: a preset name, or every axis, as in a rule file:
//!   `crossing=own,links=manual,removal=none,swap=none`;
//! - pegs of Red, then of Black: holes joined by commas, or `-` for none;
//! - links: `*` for the links the pegs imply, else every link joined by
//!   commas (`c3-d5,h8-j6`), or `-` for none. Under automatic linking the
//!   implied links are those between same-coloured pegs a knight's move
//!   apart that cross no other such link a rule forbids them to cross; when
//!   a rule forbids two of them to cross, which one stands depends on the
//!   move order, so the line lists the links (also under
//!   `automatic-editable` linking, whenever links were edited). Under manual
//!   linking nothing is implied: `*` is no link.
//! - side to move: `red` or `black`.
//!
//! [`write()`] gives the canonical line of a position; [`read`] gives back the
//! rule set and a setup for [`Position::from_setup`], which checks it. The
//! line's grammar is nom rules, one per part: `fields`, `rules_field`
//! and its `axis`, `pegs_field`, `links_field`, `side_to_move`
//! (docs/script-format.md lists them).

use std::collections::{BTreeMap, BTreeSet};

use nom::Parser;
use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till};
use nom::character::complete::char;
use nom::combinator::{all_consuming, rest, value};
use nom::multi::separated_list1;
use nom::sequence::separated_pair;

use crate::grammar::{self, Rule};

use crate::board::{BoardSize, Hole, Player};
use crate::geometry::Geometry;
use crate::link::Link;
use crate::position::Position;
use crate::rules::{Crossing, Linking, RuleSet};
use crate::setup::Setup;

/// Why a text is not a position line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{line}` is not a position line: {why} (write size/rules/red/black/links/to-move, like 24/pencil/c3,d5/h8/*/black)"
)]
pub struct LineError {
    /// The text, cut short when long.
    pub line: String,
    /// What is wrong.
    pub why: String,
}

/// The links that the pegs imply under `rules` (see the module text).
pub fn implied_links(rules: &RuleSet, pegs: &BTreeMap<Hole, Player>) -> BTreeSet<Link> {
    if rules.links == Linking::Manual {
        return BTreeSet::new();
    }
    let geo = Geometry::for_size(rules.size);
    let mut candidates: BTreeMap<usize, Player> = BTreeMap::new();
    for (&hole, &player) in pegs {
        if !rules.size.contains(hole) {
            continue;
        }
        for other in knight_neighbours(hole) {
            if other > hole
                && pegs.get(&other) == Some(&player)
                && let Some(id) = Link::new(hole, other).and_then(|l| geo.link_id(l))
            {
                candidates.insert(id, player);
            }
        }
    }
    candidates
        .iter()
        .filter(|&(&id, &player)| {
            !geo.crossers(id).iter().any(|&x| {
                candidates
                    .get(&usize::from(x))
                    .is_some_and(|&p| rules.crossing == Crossing::None || p != player)
            })
        })
        .map(|(&id, _)| geo.link(id))
        .collect()
}

/// The holes a knight's move from `h`: each step of
/// [`FORWARD`](crate::geometry::FORWARD) and its reverse.
fn knight_neighbours(h: Hole) -> impl Iterator<Item = Hole> {
    crate::geometry::FORWARD
        .into_iter()
        .flat_map(|(dc, dr)| [(dc, dr), (-dc, -dr)])
        .filter_map(move |(dc, dr)| h.offset(dc, dr))
}

/// Holes or links a comma apart, `-` for none.
fn listed<T: std::fmt::Display>(v: impl Iterator<Item = T>) -> String {
    let words: Vec<String> = v.map(|h| h.to_string()).collect();
    if words.is_empty() {
        "-".to_string()
    } else {
        words.join(",")
    }
}

/// The canonical line of a rule set and setup, `to_move` to play.
pub fn write_setup(rules: &RuleSet, setup: &Setup, to_move: Player) -> String {
    let of = |p: Player| listed(setup.pegs.iter().filter(|&(_, &q)| q == p).map(|(&h, _)| h));
    let links =
        if setup.links == implied_links(rules, &setup.pegs) && rules.links != Linking::Manual {
            "*".to_string()
        } else {
            listed(setup.links.iter())
        };
    format!(
        "{}/{}/{}/{}/{links}/{}",
        // One word: a partial board's `12 cut top right` as `12-cut-top-right`.
        rules.size.to_string().replace(' ', "-"),
        rules.axis_words(","),
        of(Player::Red),
        of(Player::Black),
        to_move.name()
    )
}

/// The canonical line of a position.
pub fn write(pos: &Position) -> String {
    write_setup(pos.rules(), &pos.to_setup(), pos.to_move())
}

/// The six fields of a line: the text between slashes (a field may be
/// empty; the reader counts them).
pub(crate) fn fields(i: &str) -> Rule<'_, Vec<&str>> {
    separated_list1(char('/'), take_till(|c| c == '/')).parse(i)
}

/// A field's items: the text between commas.
pub(crate) fn comma_list(i: &str) -> Rule<'_, Vec<&str>> {
    separated_list1(char(','), take_till(|c| c == ',')).parse(i)
}

/// The rules field: a preset name (no `=` in it), or axes `key=value`
/// joined by commas, each still to be read with [`axis`].
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RulesField<'a> {
    /// A preset's name, as written.
    Preset(&'a str),
    /// The `key=value` items, as written.
    Axes(Vec<&'a str>),
}

/// The rules field (see [`RulesField`]).
pub(crate) fn rules_field(i: &str) -> Rule<'_, RulesField<'_>> {
    alt((
        all_consuming(take_till(|c| c == '=')).map(RulesField::Preset),
        comma_list.map(RulesField::Axes),
    ))
    .parse(i)
}

/// One rule axis, `crossing=own`: its key and value, untrimmed (the value
/// is what follows the first `=`).
pub(crate) fn axis(i: &str) -> Rule<'_, (&str, &str)> {
    separated_pair(take_till(|c| c == '='), char('='), rest).parse(i)
}

/// A pegs field: `-` for none (`None`), else the holes as written.
pub(crate) fn pegs_field(i: &str) -> Rule<'_, Option<Vec<&str>>> {
    alt((value(None, all_consuming(char('-'))), comma_list.map(Some))).parse(i)
}

/// The links field: `*` (the links the pegs imply), `-` (none) or the
/// links as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LinksField<'a> {
    /// `*`.
    Implied,
    /// `-`.
    Unlinked,
    /// The links, as written.
    Listed(Vec<&'a str>),
}

/// The links field (see [`LinksField`]).
pub(crate) fn links_field(i: &str) -> Rule<'_, LinksField<'_>> {
    alt((
        value(LinksField::Implied, all_consuming(char('*'))),
        value(LinksField::Unlinked, all_consuming(char('-'))),
        comma_list.map(LinksField::Listed),
    ))
    .parse(i)
}

/// The side to move: `red` or `black`, any case.
pub(crate) fn side_to_move(i: &str) -> Rule<'_, Player> {
    alt((
        value(Player::Red, tag_no_case("red")),
        value(Player::Black, tag_no_case("black")),
    ))
    .parse(i)
}

/// Reads a position line into its rule set and a setup (with the side to
/// move); [`Position::from_setup`] then checks it against the rules.
pub fn read(text: &str) -> Result<(RuleSet, Setup), LineError> {
    let shown: String = text.chars().take(60).collect();
    let fail = |why: String| LineError {
        line: shown.clone(),
        why,
    };
    // `fields` reads any text: a line has at least one field.
    let fields = grammar::whole(fields, text.trim()).unwrap_or_default();
    let [size, rules, red, black, links, to_move] = fields[..] else {
        return Err(fail(format!("it has {} fields, not 6", fields.len())));
    };
    let size: BoardSize = size.parse().map_err(|e| fail(format!("{e}")))?;
    let rules = match grammar::whole(rules_field, rules) {
        Some(RulesField::Axes(pairs)) => {
            let mut yaml = String::new();
            for pair in pairs {
                let (k, v) = grammar::whole(axis, pair)
                    .ok_or_else(|| fail(format!("`{pair}` is not axis=value")))?;
                yaml.push_str(&format!("{}: {}\n", k.trim(), v.trim()));
            }
            rules_of_axes(&yaml).map_err(fail)?
        }
        _ => RuleSet::preset(rules).map_err(|e| fail(e.to_string()))?,
    }
    .with_size(size);
    let mut setup = Setup::empty(size);
    for (field, player) in [(red, Player::Red), (black, Player::Black)] {
        let Some(Some(words)) = grammar::whole(pegs_field, field) else {
            continue;
        };
        for word in words {
            let hole: Hole = word.parse().map_err(|e| fail(format!("{e}")))?;
            if setup.pegs.insert(hole, player).is_some() {
                return Err(fail(format!("{hole} holds two pegs")));
            }
        }
    }
    setup.links = match grammar::whole(links_field, links) {
        Some(LinksField::Listed(list)) => list
            .into_iter()
            .map(|w| w.parse::<Link>().map_err(|e| fail(format!("{e}"))))
            .collect::<Result<_, _>>()?,
        Some(LinksField::Implied) => implied_links(&rules, &setup.pegs),
        _ => BTreeSet::new(),
    };
    setup.to_move = Some(grammar::whole(side_to_move, to_move).ok_or_else(|| {
        fail(format!(
            "`{}` is not a side to move: red or black",
            to_move.to_ascii_lowercase()
        ))
    })?);
    Ok((rules, setup))
}

/// Why a line gives no position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionLineError {
    /// The line does not read.
    #[error(transparent)]
    Line(#[from] LineError),
    /// It reads, but the setup breaks the rules: every problem, in order.
    #[error("{}", .0.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
    Setup(Vec<crate::setup::SetupProblem>),
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for PositionLineError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// Reads a line and builds the position, every problem said.
///
/// ```
/// use twixt_core::position_line::{PositionLineError, read_position};
///
/// assert!(read_position("8/dujardin/d1,d3/b4,g4/*/red").is_ok());
/// let e = read_position("24/pencil/a5/-/*/black").unwrap_err();
/// assert!(matches!(e, PositionLineError::Setup(_)));
/// ```
pub fn read_position(text: &str) -> Result<Position, PositionLineError> {
    let (rules, setup) = read(text)?;
    Position::from_setup(&setup, rules).map_err(PositionLineError::Setup)
}

/// A rule set from its axes written as YAML lines (`crossing: own`).
#[cfg(feature = "yaml")]
fn rules_of_axes(yaml: &str) -> Result<RuleSet, String> {
    RuleSet::from_yaml(yaml).map_err(|e| e.to_string())
}

/// Without YAML rule files a position line names a preset only.
#[cfg(not(feature = "yaml"))]
fn rules_of_axes(_: &str) -> Result<RuleSet, String> {
    Err("rules as axis=value need the `yaml` feature of twixt-core; name a preset".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line of a game after a mirror swap reads back as that game: the
    /// swap made (the second move), not offered to Red again.
    #[test]
    fn a_line_after_a_mirror_swap_reads_back_as_the_game() {
        use crate::moves::Move;
        for preset in ["pencil", "t1"] {
            let rules = RuleSet::preset_on(preset, "8".parse().unwrap()).unwrap();
            let mut game = Position::new(rules).unwrap();
            game.play(&Move::peg("c3".parse().unwrap())).unwrap();
            game.play(&Move::Swap).unwrap();
            let line = write(&game);
            let read = read_position(&line).unwrap();
            assert_eq!(read, game, "{preset}: {line}");
            assert!(!read.swap_allowed(), "{preset}: {line}");
            assert_eq!(write(&read), line);
        }
        // Before the swap it is offered, as in the game.
        let rules = RuleSet::preset_on("pencil", "8".parse().unwrap()).unwrap();
        let mut game = Position::new(rules).unwrap();
        game.play(&crate::moves::Move::peg("c3".parse().unwrap()))
            .unwrap();
        let read = read_position(&write(&game)).unwrap();
        assert_eq!(read, game);
        assert!(read.swap_allowed());
    }

    #[test]
    fn fields_are_cut_at_every_slash() {
        assert_eq!(
            grammar::whole(fields, "24/pencil/c3,d5/-/*/black"),
            Some(vec!["24", "pencil", "c3,d5", "-", "*", "black"])
        );
        assert_eq!(grammar::whole(fields, ""), Some(vec![""]));
        assert_eq!(
            grammar::whole(fields, "a//b/"),
            Some(vec!["a", "", "b", ""])
        );
    }

    #[test]
    fn lists_are_cut_at_every_comma() {
        assert_eq!(grammar::whole(comma_list, "c3,d5"), Some(vec!["c3", "d5"]));
        assert_eq!(grammar::whole(comma_list, "c3,"), Some(vec!["c3", ""]));
    }

    #[test]
    fn rules_are_a_preset_or_axes() {
        assert_eq!(
            grammar::whole(rules_field, "pencil"),
            Some(RulesField::Preset("pencil"))
        );
        assert_eq!(
            grammar::whole(rules_field, ""),
            Some(RulesField::Preset(""))
        );
        assert_eq!(
            grammar::whole(rules_field, "crossing=own,links"),
            Some(RulesField::Axes(vec!["crossing=own", "links"]))
        );
        assert_eq!(
            grammar::whole(axis, " swap = none"),
            Some((" swap ", " none"))
        );
        assert_eq!(grammar::whole(axis, "a=b=c"), Some(("a", "b=c")));
        assert_eq!(grammar::whole(axis, "links"), None);
    }

    #[test]
    fn pegs_links_and_the_side_to_move() {
        assert_eq!(grammar::whole(pegs_field, "-"), Some(None));
        assert_eq!(
            grammar::whole(pegs_field, "c3,-"),
            Some(Some(vec!["c3", "-"]))
        );
        assert_eq!(grammar::whole(links_field, "*"), Some(LinksField::Implied));
        assert_eq!(grammar::whole(links_field, "-"), Some(LinksField::Unlinked));
        assert_eq!(
            grammar::whole(links_field, "c3-d5"),
            Some(LinksField::Listed(vec!["c3-d5"]))
        );
        assert_eq!(grammar::whole(side_to_move, "BLACK"), Some(Player::Black));
        assert_eq!(grammar::whole(side_to_move, "blue"), None);
    }

    #[test]
    fn messages_name_the_field_that_is_wrong() {
        let why = |line: &str| read(line).unwrap_err().why;
        assert_eq!(why("24/pencil"), "it has 2 fields, not 6");
        assert_eq!(
            why("24/crossing=own,links/-/-/-/red"),
            "`links` is not axis=value"
        );
        assert_eq!(
            why("24/pencil/-/-/-/Blue"),
            "`blue` is not a side to move: red or black"
        );
        assert_eq!(why("24/pencil/c3/c3/-/red"), "c3 holds two pegs");
        let (_, setup) = read(" 24/pencil/c3,d5/h8/*/black ").unwrap();
        assert_eq!(
            (setup.pegs.len(), setup.links.len(), setup.to_move),
            (3, 1, Some(Player::Black))
        );
    }
}
