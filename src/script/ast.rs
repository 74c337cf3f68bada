//! Syntax tree of a twixtkit game script (see `docs/script-format.md`).
//!
//! Nodes that a checker points at carry a [`Span`]. Spans take no part in
//! equality or hashing, so two trees compare equal when they say the same
//! thing, wherever it was written: `parse(write(game)) == game`.

use std::hash::{Hash, Hasher};

use crate::board::{Hole, Player};
use crate::link::Link;
use crate::moves::Move;

/// Where a node was written: byte offset, one-based line and character column,
/// and length in bytes. Compares equal to every other span.
#[derive(Debug, Clone, Copy, Default)]
pub struct Span {
    pub offset: usize,
    pub line: u32,
    pub col: u32,
    pub len: usize,
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}
impl Eq for Span {}
impl Hash for Span {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// A parsed file: its games in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScriptFile {
    pub games: Vec<Game>,
}

/// One game: header tags, an optional setup block, and the main line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    /// Where the game starts (its first header tag or first element).
    pub span: Span,
    /// `%` remarks written before or among the header tags, in order.
    pub preamble: Vec<String>,
    /// Header tags in file order. Known tag names are stored in their
    /// canonical spelling (`Size`, not `size`); unknown ones as written.
    pub tags: Vec<Tag>,
    /// Pegs and links present before the first move.
    pub setup: Option<SetupBlock>,
    pub line: Line,
}

/// `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tag {
    pub name: String,
    pub value: String,
    /// The value's position (inside the quotes), for messages about it.
    pub span: Span,
}

/// The header tags twixtkit interprets; others are kept and written back.
pub const KNOWN_TAGS: [&str; 12] = [
    "Title",
    "Event",
    "Site",
    "Date",
    "Round",
    "Red",
    "Black",
    "Size",
    "Rules",
    "First",
    "Result",
    "Annotator",
];

/// A sequence of moves and annotations: the main line or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Line {
    pub elements: Vec<Element>,
}

/// One item of move text, in written order. Annotations (comments, claims,
/// marks, variations) belong to the move before them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Element {
    Move(MoveNode),
    /// `{text}`, unescaped.
    Comment(String),
    /// `% text` to the end of the line: a note about the file, not the game.
    Remark(String),
    /// Boxed: diagram points are rare and large, moves are many and small.
    Diagram(Box<DiagramPoint>),
    Mark(Mark),
    Claim(Claim),
    /// `( … )`: an alternative to the move just before it.
    Variation(Line),
}

/// A move with its optional glyph.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveNode {
    pub mv: Move,
    pub glyph: Option<Glyph>,
    pub span: Span,
}

/// Move quality glyphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Glyph {
    Good,
    Bad,
    VeryGood,
    VeryBad,
    Interesting,
    Dubious,
}

impl Glyph {
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Bad,
        Glyph::VeryGood,
        Glyph::VeryBad,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Bad => "?",
            Glyph::VeryGood => "!!",
            Glyph::VeryBad => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }

    pub fn parse(s: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.as_str() == s)
    }
}

/// `#setup`: pegs and links without move order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct SetupBlock {
    pub red: Vec<Hole>,
    pub black: Vec<Hole>,
    pub links: Vec<Link>,
    pub to_move: Option<Player>,
    /// The size and rules a `position:` line was written for
    /// (`24/pencil`), checked against the game's own by replay.
    pub line_rules: LineRules,
    pub span: Span,
}

/// The size and rules named by a setup's position line. Like a [`Span`], it
/// takes no part in equality: the canonical form writes the setup out
/// section by section, under the game's own headers.
#[derive(Debug, Clone, Default)]
pub struct LineRules(pub Option<String>);

impl PartialEq for LineRules {
    fn eq(&self, _: &LineRules) -> bool {
        true
    }
}
impl Eq for LineRules {}
impl Hash for LineRules {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// `#diagram …`: draw the position here.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct DiagramPoint {
    /// Output file name (without extension).
    pub name: Option<String>,
    pub caption: Option<String>,
    pub numbers: Option<Numbers>,
    /// Rectangle to show, corners inclusive.
    pub crop: Option<(Hole, Hole)>,
    pub style: Option<String>,
    /// Options twixtkit does not know, kept for other tools, in order.
    pub extra: Vec<(String, String)>,
    pub span: Span,
}

/// Which move numbers to print on pegs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Numbers {
    None,
    All,
    /// Plies `from..=to`.
    Range(u32, u32),
    /// The moves since the previous diagram point of the same line.
    SinceLast,
}

/// Something drawn on a diagram in addition to the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mark {
    pub kind: MarkKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// `#label f6 X`: text on a hole.
    Label { hole: Hole, text: String },
    /// `#ghost red f6 3a`: a peg that is not there, with an optional label.
    Ghost {
        player: Player,
        hole: Hole,
        label: Option<String>,
    },
    /// `#highlight f6 d5-f6`.
    Highlight(Vec<Target>),
    /// `#arrow f6 j8`.
    Arrow(Hole, Hole),
    /// `#area c3-f8`: a rectangle of holes, corners inclusive.
    Area(Hole, Hole),
    /// `#new-link e5-f7`: a link about to be placed.
    NewLink(Link),
    /// `#removed-link c3-d5`: a link taken away.
    RemovedLink(Link),
}

/// A hole or a link, for highlighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    Hole(Hole),
    Link(Link),
}

/// A statement about the position that `twixt check` verifies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Claim {
    pub kind: ClaimKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// `#links 2`: the move before added this many links.
    LinkCount(u32),
    /// `#links d5-f6 h7-f6`: the move before added exactly these links.
    Links(Vec<Link>),
    /// `#would-link m9: l7 o8`: a peg at `hole` of the owner of the named
    /// pegs would now link to each of them.
    WouldLink { hole: Hole, with: Vec<Hole> },
    /// `#cannot-join n5 l7`: no single peg of their owner, on any empty hole,
    /// would now link to both.
    CannotJoin(Hole, Hole),
    /// `#blocked j10-i12 by h11-k10`: that link cannot be added now; with
    /// `by`, the named link on the board is one that forbids it.
    Blocked { link: Link, by: Option<Link> },
    /// `#connected red`.
    Connected(Player),
    /// `#cannot-connect black`.
    CannotConnect(Player),
    /// `#can-connect black`.
    CanConnect(Player),
    /// `#wins red in 3`: `player`, to move, completes a chain within
    /// `moves` of their own moves against every defence.
    Wins { player: Player, moves: u32 },
    /// `#dead-draw`: neither player can connect any more.
    DeadDraw,
}
