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
//! rule set and a setup for [`Position::from_setup`], which checks it.

use std::collections::{BTreeMap, BTreeSet};

use crate::twixt::board::{BoardSize, Hole, Player};
use crate::twixt::geometry::Geometry;
use crate::twixt::link::Link;
use crate::twixt::position::Position;
use crate::twixt::rules::{Crossing, Linking, Removal, RuleSet, Swap};
use crate::twixt::setup::Setup;

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

fn knight_neighbours(h: Hole) -> impl Iterator<Item = Hole> {
    const STEPS: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    STEPS.into_iter().filter_map(move |(dc, dr)| {
        let c = u16::try_from(i32::from(h.col) + dc).ok()?;
        let r = u16::try_from(i32::from(h.row) + dr).ok()?;
        Some(Hole { col: c, row: r })
    })
}

fn rules_word(rules: &RuleSet) -> String {
    if let Some(name) = rules.preset_name() {
        return name.to_string();
    }
    let crossing = match rules.crossing {
        Crossing::None => "none",
        Crossing::Own => "own",
    };
    let links = match rules.links {
        Linking::Automatic => "automatic",
        Linking::Manual => "manual",
        Linking::AutomaticEditable => "automatic-editable",
    };
    let removal = match rules.removal {
        Removal::None => "none",
        Removal::Links => "links",
        Removal::LinksAndPegs => "links-and-pegs",
    };
    let swap = match rules.swap {
        Swap::None => "none",
        Swap::Mirror => "mirror",
        Swap::Colors => "colors",
    };
    let mut word = format!("crossing={crossing},links={links},removal={removal},swap={swap}");
    if let Some(n) = rules.supply_pegs {
        word.push_str(&format!(",supply-pegs={n}"));
    }
    if let Some(n) = rules.supply_links {
        word.push_str(&format!(",supply-links={n}"));
    }
    word
}

fn holes(v: impl Iterator<Item = Hole>) -> String {
    let words: Vec<String> = v.map(|h| h.to_string()).collect();
    if words.is_empty() {
        "-".to_string()
    } else {
        words.join(",")
    }
}

/// The canonical line of a rule set and setup, `to_move` to play.
pub fn write_setup(rules: &RuleSet, setup: &Setup, to_move: Player) -> String {
    let of = |p: Player| holes(setup.pegs.iter().filter(|&(_, &q)| q == p).map(|(&h, _)| h));
    let links =
        if setup.links == implied_links(rules, &setup.pegs) && rules.links != Linking::Manual {
            "*".to_string()
        } else if setup.links.is_empty() {
            "-".to_string()
        } else {
            setup
                .links
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
    format!(
        "{}/{}/{}/{}/{links}/{}",
        // One word: a partial board's `12 cut top right` as `12-cut-top-right`.
        rules.size.to_string().replace(' ', "-"),
        rules_word(rules),
        of(Player::Red),
        of(Player::Black),
        to_move.name()
    )
}

/// The canonical line of a position.
pub fn write(pos: &Position) -> String {
    write_setup(pos.rules(), &pos.to_setup(), pos.to_move())
}

/// Reads a position line into its rule set and a setup (with the side to
/// move); [`Position::from_setup`] then checks it against the rules.
pub fn read(text: &str) -> Result<(RuleSet, Setup), LineError> {
    let shown: String = text.chars().take(60).collect();
    let fail = |why: String| LineError {
        line: shown.clone(),
        why,
    };
    let fields: Vec<&str> = text.trim().split('/').collect();
    let [size, rules, red, black, links, to_move] = fields[..] else {
        return Err(fail(format!("it has {} fields, not 6", fields.len())));
    };
    let size: BoardSize = size.parse().map_err(|e| fail(format!("{e}")))?;
    let rules = if rules.contains('=') {
        let mut yaml = String::new();
        for pair in rules.split(',') {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| fail(format!("`{pair}` is not axis=value")))?;
            yaml.push_str(&format!("{}: {}\n", k.trim(), v.trim()));
        }
        RuleSet::from_yaml(&yaml).map_err(|e| fail(e.to_string()))?
    } else {
        RuleSet::preset(rules).map_err(|e| fail(e.to_string()))?
    }
    .with_size(size);
    let mut setup = Setup::empty(size);
    for (field, player) in [(red, Player::Red), (black, Player::Black)] {
        if field == "-" {
            continue;
        }
        for word in field.split(',') {
            let hole: Hole = word.parse().map_err(|e| fail(format!("{e}")))?;
            if setup.pegs.insert(hole, player).is_some() {
                return Err(fail(format!("{hole} holds two pegs")));
            }
        }
    }
    setup.links = match links {
        "*" => implied_links(&rules, &setup.pegs),
        "-" => BTreeSet::new(),
        list => list
            .split(',')
            .map(|w| w.parse::<Link>().map_err(|e| fail(format!("{e}"))))
            .collect::<Result<_, _>>()?,
    };
    setup.to_move = Some(match to_move.to_ascii_lowercase().as_str() {
        "red" => Player::Red,
        "black" => Player::Black,
        other => {
            return Err(fail(format!(
                "`{other}` is not a side to move: red or black"
            )));
        }
    });
    Ok((rules, setup))
}

/// Reads a line and builds the position, every problem said.
pub fn position(text: &str) -> Result<Position, String> {
    let (rules, setup) = read(text).map_err(|e| e.to_string())?;
    Position::from_setup(&setup, rules).map_err(|problems| {
        problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("; ")
    })
}
