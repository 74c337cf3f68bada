//! The diagram model: what a figure shows, in board terms (holes, links,
//! labels, marks), independent of any output format. The SVG, text and PNG
//! writers all read this one model.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use crate::script::{CaptionPosition, Sides};
use twixt_core::board::{BoardSize, Hole, Player};
use twixt_core::history::History;
use twixt_core::link::Link;
use twixt_core::setup::Setup;

/// A rectangle of holes, corners included (`min` top-left, `max` bottom-right).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Crop {
    /// Top-left corner.
    pub min: Hole,
    /// Bottom-right corner.
    pub max: Hole,
}

impl Crop {
    /// The rectangle spanned by two holes in any order.
    pub fn new(a: Hole, b: Hole) -> Crop {
        Crop {
            min: Hole::new(a.col.min(b.col), a.row.min(b.row)),
            max: Hole::new(a.col.max(b.col), a.row.max(b.row)),
        }
    }

    /// The whole board.
    pub fn full(size: BoardSize) -> Crop {
        Crop {
            min: Hole::new(0, 0),
            max: Hole::new(size.width() - 1, size.height() - 1),
        }
    }

    /// Whether `h` lies inside the rectangle.
    pub fn contains(&self, h: Hole) -> bool {
        (self.min.col..=self.max.col).contains(&h.col)
            && (self.min.row..=self.max.row).contains(&h.row)
    }

    /// Columns spanned (0 if the corners are out of order).
    pub fn width(&self) -> u32 {
        (u32::from(self.max.col) + 1).saturating_sub(u32::from(self.min.col))
    }

    /// Rows spanned (0 if the corners are out of order).
    pub fn height(&self) -> u32 {
        (u32::from(self.max.row) + 1).saturating_sub(u32::from(self.min.row))
    }

    /// This crop limited to the board, or `None` when they do not meet.
    pub fn clamp_to(&self, size: BoardSize) -> Option<Crop> {
        if self.min.col >= size.width() || self.min.row >= size.height() {
            return None;
        }
        Some(Crop {
            min: self.min,
            max: Hole::new(
                self.max.col.min(size.width() - 1),
                self.max.row.min(size.height() - 1),
            ),
        })
    }
}

impl fmt::Display for Crop {
    /// `c3-j10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.min, self.max)
    }
}

/// Why a crop could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a crop like `c3-j10` (two corner holes), found `{0}`")]
pub struct ParseCropError(pub String);

impl FromStr for Crop {
    type Err = ParseCropError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseCropError(s.to_string());
        let (a, b) = s.split_once(['-', ':']).ok_or_else(err)?;
        let a: Hole = a.trim().parse().map_err(|_| err())?;
        let b: Hole = b.trim().parse().map_err(|_| err())?;
        Ok(Crop::new(a, b))
    }
}

/// How moves are numbered on the pegs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Numbering {
    /// Every peg placed by a move shows its move number.
    #[default]
    All,
    /// No numbers.
    None,
    /// Only moves `first..=last` (1-based) show numbers, real move numbers.
    Range {
        /// First move numbered.
        first: u32,
        /// Last move numbered.
        last: u32,
    },
    /// Only moves `first..=last`, numbered again from 1.
    Restarted {
        /// First move numbered (shown as 1).
        first: u32,
        /// Last move numbered.
        last: u32,
    },
}

/// An annotation drawn over the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// A shaded rectangle of holes (drawn beneath the holes).
    Area(Crop),
    /// A link drawn wide in the highlight colour (under the link itself).
    HighlightLink(Link),
    /// A ring around a hole in the highlight colour.
    HighlightHole(Hole),
    /// A translucent peg of either colour with an optional label (`3a`):
    /// an alternative move.
    Ghost {
        /// Hole it is drawn on.
        hole: Hole,
        /// Its colour.
        player: Player,
        /// Text drawn on it, if any.
        label: Option<String>,
    },
    /// An X on a hole: where a player should have played.
    Cross(Hole),
    /// A letter (or short text) on a hole.
    Letter {
        /// Hole it is drawn on.
        hole: Hole,
        /// The text.
        text: String,
    },
    /// An arrow from one hole to another.
    Arrow {
        /// Hole the arrow starts at.
        from: Hole,
        /// Hole the arrow points to.
        to: Hole,
    },
    /// A link about to be placed: dashed, in the mark colour.
    NewLink(Link),
    /// A link taken away: dashed and crossed out, in the mark colour.
    RemovedLink(Link),
}

impl Mark {
    /// Holes the mark touches (to check they lie on the board).
    pub fn holes(&self) -> Vec<Hole> {
        match self {
            Mark::Area(c) => vec![c.min, c.max],
            Mark::HighlightLink(l) => {
                let (a, b) = l.ends();
                vec![a, b]
            }
            Mark::HighlightHole(h) | Mark::Cross(h) => vec![*h],
            Mark::Ghost { hole, .. } | Mark::Letter { hole, .. } => vec![*hole],
            Mark::Arrow { from, to } => vec![*from, *to],
            Mark::NewLink(l) | Mark::RemovedLink(l) => {
                let (a, b) = l.ends();
                vec![a, b]
            }
        }
    }
}

/// A figure: the pegs and links of a position plus annotations.
///
/// Built with [`Diagram::from_setup`], then adjusted with the builder
/// methods or directly through the public fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// Board size.
    pub size: BoardSize,
    /// The pegs on the board and their colours.
    pub pegs: BTreeMap<Hole, Player>,
    /// The links on the board.
    pub links: BTreeSet<Link>,
    /// Text shown on pegs (move numbers, or labels like `3a`).
    pub labels: BTreeMap<Hole, String>,
    /// The peg of the last move, drawn with a ring.
    pub last: Option<Hole>,
    /// Annotations; drawn in a fixed order by kind, then by position.
    pub marks: BTreeSet<Mark>,
    /// Part of the board shown; `None` for the whole board.
    pub crop: Option<Crop>,
    /// Sides that carry column letters and row numbers.
    pub coords: Sides,
    /// Draw the diagonal guide lines (as printed on some boards).
    pub guides: bool,
    /// Draw the border lines (red top/bottom, black left/right).
    pub border_lines: bool,
    /// Text under the diagram, wrapped to its width.
    pub caption: Option<String>,
    /// Who moves next, when known.
    pub to_move: Option<Player>,
    /// Show who moves next under the board: `None` leaves it to the style's
    /// `to_move_marker`; a diagram point's `to-move=yes|no` sets it.
    pub show_to_move: Option<bool>,
    /// The words of the side-to-move line for Red and for Black, in the
    /// document's language ("Rouge joue"); `None`: "Red to play".
    pub to_move_words: Option<[String; 2]>,
    /// Caption above or below the board: `None` leaves it to the style's
    /// `caption_position`; a diagram point's `caption-position=` sets it.
    pub caption_position: Option<CaptionPosition>,
}

impl Diagram {
    /// A diagram of a setup: its pegs and links, no labels, no marks,
    /// coordinates on the top and left, border lines on.
    pub fn from_setup(setup: &Setup) -> Diagram {
        Diagram {
            size: setup.size,
            pegs: setup.pegs.clone(),
            links: setup.links.clone(),
            labels: BTreeMap::new(),
            last: None,
            marks: BTreeSet::new(),
            crop: None,
            coords: Sides::TOP_LEFT,
            guides: false,
            border_lines: true,
            caption: None,
            to_move: setup.to_move,
            show_to_move: None,
            to_move_words: None,
            caption_position: None,
        }
    }

    /// A diagram of a game played with [`History::play`]: its position,
    /// the pegs of the moves `numbering` chooses numbered, the last move
    /// ringed.
    ///
    /// ```
    /// use twixtkit::diagram::{Diagram, Numbering};
    /// use twixtkit::prelude::*;
    /// use twixt_core::history::History;
    ///
    /// let mut game = History::new(Position::new(RuleSet::pencil()).unwrap());
    /// for hole in ["f6", "m12", "g8"] {
    ///     game.play(&Move::peg(hole.parse().unwrap())).unwrap();
    /// }
    /// let d = Diagram::from_history(&game, Numbering::All);
    /// assert_eq!(d.labels[&"g8".parse().unwrap()], "3");
    /// assert_eq!(d.last, Some("g8".parse().unwrap()));
    /// ```
    pub fn from_history(history: &History, numbering: Numbering) -> Diagram {
        let mut d = Diagram::from_setup(&history.position().to_setup());
        d.number_moves(history.holes(), numbering);
        d
    }

    /// An empty board of the given size.
    pub fn blank(size: BoardSize) -> Diagram {
        Diagram::from_setup(&Setup::empty(size))
    }

    /// Numbers the pegs placed by `moves` (the hole of move 1 first; `None`
    /// for moves that placed no peg, such as a swap that kept the peg).
    /// A hole placed twice (after a removal) shows its latest number. Also
    /// sets the last move to the last numbered peg still on the board.
    pub fn number_moves(&mut self, moves: &[Option<Hole>], numbering: Numbering) -> &mut Self {
        let (first, last, restart) = match numbering {
            Numbering::None => (1, 0, false),
            Numbering::All => (1, u32::MAX, false),
            Numbering::Range { first, last } => (first, last, false),
            Numbering::Restarted { first, last } => (first, last, true),
        };
        for (i, hole) in moves.iter().enumerate() {
            let n = i as u32 + 1;
            let Some(hole) = hole else { continue };
            if !(first..=last).contains(&n) || !self.pegs.contains_key(hole) {
                continue;
            }
            let shown = if restart { n - first + 1 } else { n };
            self.labels.insert(*hole, shown.to_string());
        }
        self.last = moves
            .iter()
            .rev()
            .flatten()
            .find(|h| self.pegs.contains_key(h))
            .copied();
        self
    }

    /// Shows `text` on the peg at `hole`.
    pub fn label(&mut self, hole: Hole, text: impl Into<String>) -> &mut Self {
        self.labels.insert(hole, text.into());
        self
    }

    /// Adds an annotation.
    pub fn mark(&mut self, mark: Mark) -> &mut Self {
        self.marks.insert(mark);
        self
    }

    /// Sets the caption.
    pub fn caption(&mut self, text: impl Into<String>) -> &mut Self {
        self.caption = Some(text.into());
        self
    }

    /// Shows only the rectangle `crop`.
    pub fn crop(&mut self, crop: Crop) -> &mut Self {
        self.crop = Some(crop);
        self
    }

    /// Sets the sides that carry coordinates.
    pub fn coords(&mut self, sides: Sides) -> &mut Self {
        self.coords = sides;
        self
    }

    /// Sets the peg drawn as the last move (`None` for none).
    pub fn last_move(&mut self, hole: Option<Hole>) -> &mut Self {
        self.last = hole;
        self
    }

    /// The rectangle shown: the crop limited to the board, or the whole board.
    pub fn view(&self) -> Crop {
        self.crop
            .and_then(|c| Crop::new(c.min, c.max).clamp_to(self.size))
            .unwrap_or_else(|| Crop::full(self.size))
    }

    /// The owner of a link: the colour of its pegs, when both hold pegs of one colour.
    pub fn link_owner(&self, link: Link) -> Option<Player> {
        let (a, b) = link.ends();
        match (self.pegs.get(&a), self.pegs.get(&b)) {
            (Some(x), Some(y)) if x == y => Some(*x),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hole {
        s.parse().unwrap()
    }

    #[test]
    fn numbering_modes() {
        let mut s = Setup::empty(BoardSize::STANDARD);
        for (name, p) in [
            ("f6", Player::Red),
            ("g8", Player::Black),
            ("h10", Player::Red),
        ] {
            s.pegs.insert(h(name), p);
        }
        let moves = [Some(h("f6")), Some(h("g8")), Some(h("h10"))];
        let mut d = Diagram::from_setup(&s);
        d.number_moves(&moves, Numbering::All);
        assert_eq!(d.labels[&h("h10")], "3");
        assert_eq!(d.last, Some(h("h10")));
        let mut d = Diagram::from_setup(&s);
        d.number_moves(&moves, Numbering::Restarted { first: 2, last: 3 });
        assert_eq!(d.labels.get(&h("f6")), None);
        assert_eq!(d.labels[&h("g8")], "1");
        assert_eq!(d.labels[&h("h10")], "2");
        let mut d = Diagram::from_setup(&s);
        d.number_moves(&moves, Numbering::None);
        assert!(d.labels.is_empty());
    }

    #[test]
    fn sides_and_crops_parse() {
        assert_eq!("tl".parse::<Sides>().unwrap(), Sides::TOP_LEFT);
        assert_eq!("top,left".parse::<Sides>().unwrap(), Sides::TOP_LEFT);
        assert_eq!("all".parse::<Sides>().unwrap(), Sides::ALL);
        assert!("tx".parse::<Sides>().is_err());
        assert!("".parse::<Sides>().is_err());
        let c: Crop = "j10-c3".parse().unwrap();
        assert_eq!(c.to_string(), "c3-j10");
        assert!("c3".parse::<Crop>().is_err());
    }
}
