//! A secure connection's proof as a tree of moves: the attacker's move at
//! each of its turns, every defence answered at the defender's (one by one,
//! or together by a template or by the proof after a pass, whose carriers
//! they miss), and leaves that are a complete chain or a virtual connection
//! (a template) whose carrier no defence has touched. [`secures_with_proof`] returns one;
//! [`check_proof`] replays it by the rules alone (`checker.rs`).
//!
//! [`secures_with_proof`]: super::secures_with_proof
//! [`check_proof`]: super::check_proof

use crate::board::Hole;

/// One position of a proof, for the attacker (the player said to connect).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofNode {
    /// The attacker's chain is complete: the rules say it has won.
    Won,
    /// The attacker is to move: it plays `hole`, and `next` proves the
    /// position after it.
    Move {
        /// The attacker's move.
        hole: Hole,
        /// The proof of the position after it.
        next: Box<ProofNode>,
    },
    /// The defender is to move: each listed reply has its proof; `rest`
    /// answers every other legal reply. With `rest` `None`, every legal
    /// reply is listed.
    Replies {
        /// The replies answered one by one, with their proofs.
        replies: Vec<(Hole, ProofNode)>,
        /// What answers every other reply.
        rest: Option<Rest>,
    },
    /// A virtual connection in this position, whoever is to move.
    Template(Template),
}

/// What answers the replies a [`ProofNode::Replies`] does not list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rest {
    /// A virtual connection of the attacker (to move after the reply):
    /// every reply outside its carrier leaves it whole.
    Template(Template),
    /// The proof of the position with the defender's turn passed: the
    /// attacker to move again on the same pegs. A reply outside that
    /// proof's carrier (every hole its lines play, every end of a link that
    /// could cross one of the attacker's links, its templates' carriers),
    /// and on no chain the defender could complete with the pegs its lines
    /// give it, leaves every line of the proof as it is: the same moves
    /// win after that reply. Used only where own links may cross (there a
    /// defender's link bars only the attacker's links it crosses).
    Passed(Box<ProofNode>),
}

/// A virtual connection: with the attacker to move it plays `first`, then
/// answers each intrusion into a gap's carrier by closing that gap (and
/// closes any open gap when the defender plays elsewhere). Once every gap
/// is closed, the attacker's links join its two border rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// The attacker's first move, when it is to move (a gap with a single
    /// hole, or the gap it closes before the defender moves).
    pub first: Option<Hole>,
    /// The gaps open once `first` is played, each closed in one of two
    /// ways or more.
    pub gaps: Vec<TemplateGap>,
}

/// A gap of a virtual connection: a peg at any of `options` links to
/// both `ends` (to `ends.0` on the attacker's border row when `ends.1` is
/// `None`); or, for an edge template from row 4, two pegs of the attacker
/// in `area` join `ends.0` to its border row whatever the defender does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateGap {
    /// The two attacker pegs the gap joins; `None` for the border row.
    pub ends: (Hole, Option<Hole>),
    /// The holes that close it (none for an edge template from row 4).
    pub options: Vec<Hole>,
    /// For an edge template from row 4, the empty holes it needs: the
    /// defender's moves that matter lie in it (empty for other gaps).
    pub area: Vec<Hole>,
}

impl TemplateGap {
    /// What a player calls this gap: a double link by the shape of its two
    /// pegs (beam, tilt, coign, mesh: their pegs four, three by three,
    /// three by one and two holes apart), an edge template for a gap to
    /// the border row (from row 4 when it has an area), or a double link of
    /// another shape.
    pub fn name(&self) -> String {
        let (a, b) = self.ends;
        match b {
            None if !self.area.is_empty() => "edge template from row 4".into(),
            None => format!("edge template ({} ways to the border)", self.options.len()),
            Some(b) => {
                let dc = (i32::from(a.col) - i32::from(b.col)).abs();
                let dr = (i32::from(a.row) - i32::from(b.row)).abs();
                let (long, short) = (dc.max(dr), dc.min(dr));
                match (long, short) {
                    (4, 0) => "beam".into(),
                    (3, 3) => "tilt".into(),
                    (3, 1) => "coign".into(),
                    (2, 0) => "mesh".into(),
                    _ => format!("double link ({} ways)", self.options.len()),
                }
            }
        }
    }
}

impl ProofNode {
    /// The positions in the tree (leaves included).
    pub fn size(&self) -> usize {
        match self {
            ProofNode::Won | ProofNode::Template(_) => 1,
            ProofNode::Move { next, .. } => 1 + next.size(),
            ProofNode::Replies { replies, rest } => {
                let passed = match rest {
                    Some(Rest::Passed(p)) => p.size(),
                    _ => 0,
                };
                1 + passed + replies.iter().map(|(_, p)| p.size()).sum::<usize>()
            }
        }
    }
}
