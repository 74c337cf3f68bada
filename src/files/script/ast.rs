//! Syntax tree of a twixtkit game script (see `docs/script-format.md`), of
//! any game: the shared nodes (games, tags, lines, comments, remarks,
//! variations) hold the game's own moves, setups, diagram points, marks and
//! claims, which its [`Notation`] names. The type parameter defaults to
//! TwixT's, so `Game`, `Element` and `Line` are TwixT's trees.
//!
//! Nodes that a checker points at carry a [`Span`]. Spans take no part in
//! equality or hashing, so two trees compare equal when they say the same
//! thing, wherever it was written: `parse(write(game)) == game`.

use std::hash::{Hash, Hasher};

use twixt_core::board::{Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::Move;

/// Where a node was written: byte offset, one-based line and character column,
/// and length in bytes. Compares equal to every other span.
#[derive(Debug, Clone, Copy, Default)]
pub struct Span {
    /// Byte offset of the start in the source text.
    pub offset: u32,
    /// One-based line number.
    pub line: u32,
    /// One-based column, counted in characters.
    pub col: u32,
    /// Length in bytes.
    pub len: u32,
}

impl Span {
    /// A span of `len` bytes at byte `offset`. Both are kept in 32 bits, to
    /// keep the syntax tree small; they saturate at 4 GiB, far past the text
    /// any reader holds at once (a file of 64 MiB, or a window of a stream).
    pub fn new(offset: usize, line: u32, col: u32, len: usize) -> Span {
        let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span {
            offset: narrow(offset),
            line,
            col,
            len: narrow(len),
        }
    }

    /// The byte offset of the start, as an index into the text.
    pub fn start(&self) -> usize {
        self.offset as usize
    }

    /// The length in bytes, as a count.
    pub fn len_bytes(&self) -> usize {
        self.len as usize
    }

    /// The byte offset just past the end.
    pub fn end(&self) -> usize {
        self.start() + self.len_bytes()
    }
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

/// What a game's scripts hold where the shared language leaves a place:
/// the types of its moves, setup block, diagram points, marks and claims.
pub trait Notation: Clone + std::fmt::Debug + PartialEq + Eq + Hash + Default {
    /// A move.
    type Move: Clone + std::fmt::Debug + PartialEq + Eq + Hash;
    /// What a setup block sets up.
    type Setup: Clone + std::fmt::Debug + PartialEq + Eq + Hash;
    /// A `#diagram` line.
    type Diagram: Clone + std::fmt::Debug + PartialEq + Eq + Hash;
    /// What a mark directive draws.
    type Mark: Clone + std::fmt::Debug + PartialEq + Eq + Hash;
    /// What a claim directive claims.
    type Claim: Clone + std::fmt::Debug + PartialEq + Eq + Hash;

    /// A diagram point's own look, and where it is written.
    fn point_look(d: &Self::Diagram) -> (&super::PointLook, Span);
}

/// TwixT's scripts: the default notation of the syntax tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TwixtNotation;

impl Notation for TwixtNotation {
    type Move = Move;
    type Setup = SetupBlock;
    type Diagram = DiagramPoint;
    type Mark = MarkKind;
    type Claim = ClaimKind;

    fn point_look(d: &DiagramPoint) -> (&super::PointLook, Span) {
        (&d.look, d.span)
    }
}

/// A parsed file: its games in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScriptFile {
    /// The games, in file order.
    pub games: Vec<Game>,
}

/// One game: header tags, an optional setup block, and the main line.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game<N: Notation = TwixtNotation> {
    /// Where the game starts (its first header tag or first element).
    pub span: Span,
    /// `%` remarks written before or among the header tags, in order.
    pub preamble: Vec<String>,
    /// Header tags in file order. Known tag names are stored in their
    /// canonical spelling (`Size`, not `size`); unknown ones as written.
    pub tags: Vec<Tag>,
    /// The pieces present before the first move.
    pub setup: Option<N::Setup>,
    /// The main line: moves, annotations and variations.
    pub line: Line<N>,
}

/// `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tag {
    /// Tag name (canonical spelling for known tags).
    pub name: String,
    /// Tag value, unescaped.
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
pub struct Line<N: Notation = TwixtNotation> {
    /// The items in written order.
    pub elements: Vec<Element<N>>,
}

/// One item of move text, in written order. Annotations (comments, claims,
/// marks, variations) belong to the move before them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Element<N: Notation = TwixtNotation> {
    /// A move.
    Move(MoveNode<N::Move>),
    /// `{text}`, unescaped.
    Comment(String),
    /// `% text` to the end of the line: a note about the file, not the game.
    Remark(String),
    /// Boxed: diagram points are rare and large, moves are many and small.
    Diagram(Box<N::Diagram>),
    /// A mark directive (`#label`, `#arrow`, …) for the diagrams here.
    /// Boxed, as diagram points are, to keep the element of a move small.
    Mark(Box<Mark<N::Mark>>),
    /// A claim directive that `twixt check` verifies (boxed too).
    Claim(Box<Claim<N::Claim>>),
    /// `( … )`: an alternative to the move just before it.
    Variation(Line<N>),
}

/// A move with its optional glyph.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveNode<M = Move> {
    /// The move itself.
    pub mv: M,
    /// The quality glyph written after it, if any.
    pub glyph: Option<Glyph>,
    /// Where the move was written.
    pub span: Span,
}

/// Move quality glyphs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Glyph {
    /// `!`
    Good,
    /// `?`
    Bad,
    /// `!!`
    VeryGood,
    /// `??`
    VeryBad,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Glyph {
    /// Every glyph.
    pub const ALL: [Glyph; 6] = [
        Glyph::Good,
        Glyph::Bad,
        Glyph::VeryGood,
        Glyph::VeryBad,
        Glyph::Interesting,
        Glyph::Dubious,
    ];

    /// The glyph as written (`!`, `?!`, …).
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

    /// The glyph written exactly as `s`, if any.
    pub fn parse(s: &str) -> Option<Glyph> {
        Glyph::ALL.into_iter().find(|g| g.as_str() == s)
    }
}

/// `#setup`: pegs and links without move order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct SetupBlock {
    /// Red pegs (`red:` section).
    pub red: Vec<Hole>,
    /// Black pegs (`black:` section).
    pub black: Vec<Hole>,
    /// Links (`links:` section).
    pub links: Vec<Link>,
    /// `links: *`: besides those listed, every link the pegs imply under
    /// the game's rules (as the `*` of a position line), added by replay.
    pub implied_links: bool,
    /// Player to move (`to-move:` section), if given.
    pub to_move: Option<Player>,
    /// The size and rules a `position:` line was written for
    /// (`24/pencil`), checked against the game's own by replay.
    pub line_rules: LineRules,
    /// Where the first `#setup` line was written.
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
    /// Caption text (`caption=`).
    pub caption: Option<String>,
    /// Which move numbers to print (`numbers=`); `None` when not given.
    pub numbers: Option<Numbers>,
    /// Rectangle to show, corners inclusive.
    pub crop: Option<(Hole, Hole)>,
    /// Its own `style=`, `coords=`, `to-move=` and `caption-position=`,
    /// over the drawing commands' options.
    pub look: super::PointLook,
    /// Options twixtkit does not know, kept for other tools, in order.
    pub extra: Vec<(String, String)>,
    /// Where the `#diagram` directive was written.
    pub span: Span,
}

/// Which move numbers to print on pegs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Numbers {
    /// No numbers.
    None,
    /// Every peg's move number.
    All,
    /// Plies `from..=to`.
    Range(u32, u32),
    /// The moves since the previous diagram point of the same line.
    SinceLast,
}

/// Something drawn on a diagram in addition to the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mark<K = MarkKind> {
    /// What to draw.
    pub kind: K,
    /// Where the directive was written.
    pub span: Span,
}

/// The kinds of mark, one per directive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// `#label f6 X`: text on a hole.
    Label {
        /// The hole labelled.
        hole: Hole,
        /// The label text.
        text: String,
    },
    /// `#ghost red f6 3a`: a peg that is not there, with an optional label.
    Ghost {
        /// Colour of the ghost peg.
        player: Player,
        /// Hole it is drawn on.
        hole: Hole,
        /// Label drawn on it, if any.
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
    /// A hole.
    Hole(Hole),
    /// A link.
    Link(Link),
}

/// A statement about the position that `twixt check` verifies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Claim<K = ClaimKind> {
    /// What is claimed.
    pub kind: K,
    /// Where the directive was written.
    pub span: Span,
}

/// The kinds of claim, one per directive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// `#links 2`: the move before added this many links.
    LinkCount(u32),
    /// `#links d5-f6 h7-f6`: the move before added exactly these links.
    Links(Vec<Link>),
    /// `#would-link m9: l7 o8`: a peg at `hole` of the owner of the named
    /// pegs would now link to each of them.
    WouldLink {
        /// The empty hole.
        hole: Hole,
        /// The pegs the new peg would link to.
        with: Vec<Hole>,
    },
    /// `#cannot-join n5 l7`: no single peg of their owner, on any empty hole,
    /// would now link to both.
    CannotJoin(Hole, Hole),
    /// `#blocked j10-i12 by h11-k10`: that link cannot be added now; with
    /// `by`, the named link on the board is one that forbids it.
    Blocked {
        /// The link that cannot be added.
        link: Link,
        /// The link on the board said to forbid it, if named.
        by: Option<Link>,
    },
    /// `#connected red`.
    Connected(Player),
    /// `#cannot-connect black`.
    CannotConnect(Player),
    /// `#can-connect black`.
    CanConnect(Player),
    /// `#wins red in 3`: `player`, to move, completes a chain within
    /// `moves` of their own moves against every defence.
    Wins {
        /// The player who wins.
        player: Player,
        /// Most of their own moves needed.
        moves: u32,
    },
    /// `#wins red`, with no length: `player` secures the connection, that
    /// is, connects however many moves it takes, whatever the opponent
    /// replies (the claim of published puzzles that print no length).
    Secures(Player),
    /// `#unique`, after a `#wins` claim in the same position: the winning
    /// first move is the only one (no cook).
    Unique,
    /// `#dead-draw`: neither player can connect any more.
    DeadDraw,
}
