//! Replays a secure connection's proof ([`ProofNode`]) by the rules
//! alone, sharing no code with the searches that make proofs: every move
//! is played by [`Position::play`], every defence the rules allow is
//! either answered in the tree or shown to miss the carrier of the
//! template that answers it, and every template is played out as a game
//! of intrusions on its own carriers.
//!
//! A template is checked in four steps: (1) its gaps' pegs and options are
//! where it says; (2) the attacker's links with one edge per gap join its
//! two border rows (a gap closed is a peg linked to both ends); (3) the
//! defender has a legal move at each of its turns until the last gap
//! closes (else the game ends in a draw); (4) the gaps are grouped where
//! their carriers meet, and in each group every intrusion (and a move
//! elsewhere) is answered by a peg that closes an open gap, until none is
//! left. A carrier is a gap's option holes and both ends of every link
//! that could cross one of an option's links: a defender peg outside it
//! cannot touch the gap, and groups with disjoint carriers cannot touch
//! each other.

use crate::board::{BoardSize, Hole, Player};
use crate::geometry::segments_cross;
use crate::link::Link;
use crate::moves::Move;
use crate::position::{Position, Status};
use crate::rules::Crossing;

use super::proof::{ProofNode, Rest, Template, TemplateGap};
use std::collections::VecDeque;

/// Why a proof does not replay: the moves from the proof's root to the
/// position where it fails, and what fails there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofError {
    /// The moves played from the root (attacker's and defender's).
    pub line: Vec<Hole>,
    /// What is wrong there.
    pub why: String,
}

impl std::fmt::Display for ProofError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line.is_empty() {
            write!(f, "at the start: {}", self.why)
        } else {
            let line: Vec<String> = self.line.iter().map(ToString::to_string).collect();
            write!(f, "after {}: {}", line.join(" "), self.why)
        }
    }
}

/// The positions a template's games of intrusions may visit in one
/// check: past it the proof is not accepted (a real template's groups are
/// a few gaps).
const GAME_LIMIT: usize = 200_000;

/// Checks that `proof` proves that `attacker` connects from `pos`; the
/// positions the replay visited.
pub fn check_proof(
    pos: &Position,
    attacker: Player,
    proof: &ProofNode,
) -> Result<usize, ProofError> {
    let mut c = Checker {
        attacker,
        line: Vec::new(),
        positions: 0,
    };
    c.node(pos, proof).map_err(|why| ProofError {
        line: c.line.clone(),
        why,
    })?;
    Ok(c.positions)
}

/// The defender's legal replies in `pos` that a [`Rest::Passed`] with
/// `proof` could not answer, which a proof must list
/// ([`Checker::pass_leaves`]); `None` where such a rest is refused.
pub(super) fn replies_a_pass_leaves(
    pos: &Position,
    attacker: Player,
    proof: &ProofNode,
) -> Option<Vec<Hole>> {
    let mut c = Checker {
        attacker,
        line: Vec::new(),
        positions: 0,
    };
    let mut passed = pos.clone();
    passed.pass();
    c.pass_leaves(pos, &passed, &legal_moves(pos), proof).ok()
}

struct Checker {
    attacker: Player,
    line: Vec<Hole>,
    positions: usize,
}

/// The position after a peg of the side to move at `hole`, or why not.
fn play(pos: &Position, hole: Hole) -> Result<Position, String> {
    let mut next = pos.clone();
    next.play(&Move::peg(hole))
        .map_err(|e| format!("{hole} is not a legal move: {e}"))?;
    Ok(next)
}

/// The holes where the side to move may place a peg.
fn legal_moves(pos: &Position) -> Vec<Hole> {
    pos.size().holes().filter(|&h| pos.can_place(h)).collect()
}

/// Whether `who` could have a peg at `h`: theirs already, or empty and
/// playable by them.
fn available(pos: &Position, who: Player, h: Hole) -> bool {
    let size = pos.size();
    size.contains(h)
        && match pos.peg(h) {
            Some(p) => p == who,
            None => size.playable_by(who, h),
        }
}

/// The side of `who`'s border rows `h` lies on: 0 the first row (or
/// column), 1 the last; `None` off them.
fn border_side(size: BoardSize, who: Player, h: Hole) -> Option<usize> {
    let (x, last) = match who {
        Player::Red => (h.row, size.height() - 1),
        Player::Black => (h.col, size.width() - 1),
    };
    if x == 0 {
        Some(0)
    } else if x == last {
        Some(1)
    } else {
        None
    }
}

impl Checker {
    fn defender(&self) -> Player {
        self.attacker.opponent()
    }

    fn node(&mut self, pos: &Position, proof: &ProofNode) -> Result<(), String> {
        self.positions += 1;
        match proof {
            ProofNode::Won => match pos.status() {
                Status::Won { winner, .. } if winner == self.attacker => Ok(()),
                s => Err(format!(
                    "the proof says {} has connected, but the game is {}",
                    self.attacker,
                    s.outcome()
                )),
            },
            ProofNode::Move { hole, next } => {
                self.ongoing(pos, self.attacker)?;
                let after = play(pos, *hole)?;
                self.line.push(*hole);
                self.node(&after, next)?;
                self.line.pop();
                Ok(())
            }
            ProofNode::Replies { replies, rest } => self.replies(pos, replies, rest.as_ref()),
            ProofNode::Template(t) => {
                if matches!(pos.status(), Status::Won { winner, .. } if winner == self.attacker) {
                    return Ok(());
                }
                self.template(pos, t, 0)
            }
        }
    }

    /// The game goes on with `who` to move.
    fn ongoing(&self, pos: &Position, who: Player) -> Result<(), String> {
        if pos.status() != Status::Ongoing {
            return Err(format!("the game is over: {}", pos.status().outcome()));
        }
        if pos.to_move() != who {
            return Err(format!(
                "the proof has {who} to move, but it is {}'s turn",
                pos.to_move()
            ));
        }
        Ok(())
    }

    fn replies(
        &mut self,
        pos: &Position,
        replies: &[(Hole, ProofNode)],
        rest: Option<&Rest>,
    ) -> Result<(), String> {
        self.ongoing(pos, self.defender())?;
        let legal = legal_moves(pos);
        if legal.is_empty() {
            return Err(format!(
                "{} has no legal move: the game ends in a draw",
                self.defender()
            ));
        }
        for (k, (h, _)) in replies.iter().enumerate() {
            if replies[..k].iter().any(|(g, _)| g == h) {
                return Err(format!("the reply {h} is answered twice"));
            }
        }
        let unlisted: Vec<Hole> = legal
            .iter()
            .copied()
            .filter(|h| !replies.iter().any(|(g, _)| g == h))
            .collect();
        if !unlisted.is_empty() {
            let Some(rest) = rest else {
                return Err(format!("the reply {} is not answered", unlisted[0]));
            };
            // The attacker to move again on the same pegs.
            let mut passed = pos.clone();
            passed.pass();
            match rest {
                Rest::Template(t) => self.rest_template(pos, &passed, &unlisted, t)?,
                Rest::Passed(p) => self.rest_passed(pos, &passed, &legal, &unlisted, p)?,
            }
        }
        for (h, next) in replies {
            let after = play(pos, *h)?;
            self.line.push(*h);
            self.node(&after, next)?;
            self.line.pop();
        }
        Ok(())
    }

    /// The replies `unlisted` all lie outside the carriers of template
    /// `t` (its first move's included), which then answers each of them as
    /// it stands, with the attacker to move (`passed`: `pos` with the
    /// defender's turn passed).
    fn rest_template(
        &mut self,
        pos: &Position,
        passed: &Position,
        unlisted: &[Hole],
        t: &Template,
    ) -> Result<(), String> {
        let carrier = self.template_carrier(pos, t)?;
        if let Some(h) = unlisted.iter().find(|h| carrier.contains(h)) {
            return Err(format!(
                "the reply {h} is not answered and lies in the template's carrier"
            ));
        }
        self.template(passed, t, 1)
            .map_err(|why| format!("against the replies not answered: {why}"))
    }

    /// The replies `unlisted` are answered by `proof`, the proof of the
    /// position with the defender's turn passed ([`Rest::Passed`]): it
    /// replays there, and none of them is a reply after which it might
    /// not ([`Checker::pass_leaves`]).
    fn rest_passed(
        &mut self,
        pos: &Position,
        passed: &Position,
        legal: &[Hole],
        unlisted: &[Hole],
        proof: &ProofNode,
    ) -> Result<(), String> {
        let depth = self.line.len();
        if let Err(why) = self.node(passed, proof) {
            let inner: Vec<String> = self.line[depth..].iter().map(ToString::to_string).collect();
            self.line.truncate(depth);
            let at = if inner.is_empty() {
                String::new()
            } else {
                format!(" after {}", inner.join(" "))
            };
            return Err(format!(
                "the answer to the replies not answered (as after a pass) fails{at}: {why}"
            ));
        }
        let must = self.pass_leaves(pos, passed, legal, proof)?;
        match unlisted.iter().find(|h| must.contains(h)) {
            Some(h) => Err(format!(
                "the reply {h} is not answered, and the answer to a pass may not hold after it"
            )),
            None => Ok(()),
        }
    }

    /// The defender's legal replies in `pos` after which `proof`, the
    /// attacker's proof with the defender's turn passed, might not hold:
    /// those in its carrier, and those on a chain of the defender that the
    /// reply and the defender's moves in the proof's longest line could
    /// complete. Every other reply leaves each line of the proof as it is:
    /// its peg takes none of the proof's holes, and its links cross none of
    /// the attacker's links (both ends of any link that could are in the
    /// carrier) and, where own links may cross, bar nothing else. Refused
    /// under crossing none (there a defender's link can bar the defender's
    /// own links that would have cut the attacker's), and where the
    /// defender could run out of legal moves before the proof's lines end.
    /// `passed` is `pos` with the defender's turn passed, `legal` the
    /// defender's legal replies in `pos`.
    fn pass_leaves(
        &mut self,
        pos: &Position,
        passed: &Position,
        legal: &[Hole],
        proof: &ProofNode,
    ) -> Result<Vec<Hole>, String> {
        if pos.rules().crossing != Crossing::Own {
            return Err(
                "a proof after a pass answers other replies only where own links may cross".into(),
            );
        }
        let size = pos.size();
        let mut carrier = vec![false; size.slots()];
        let (moves, defender_moves) = self.reach(passed, proof, &mut carrier)?;
        if legal.len() < moves + 2 {
            return Err(format!(
                "{} may run out of legal moves before the answer to a pass ends: the game would end in a draw",
                self.defender()
            ));
        }
        let through = chain_costs(pos, self.defender());
        Ok(legal
            .iter()
            .copied()
            .filter(|&h| {
                let i = size.index(h);
                carrier[i] || through[i] <= defender_moves as u32 + 1
            })
            .collect())
    }

    /// Marks in `carrier` the holes of `proof`'s carrier from `pos` (the
    /// holes its lines play, both ends of every link that could cross a
    /// link the attacker adds, its templates' carriers), and returns the
    /// moves of its longest line and the defender's moves in it (a
    /// template's counted as its gaps' moves).
    fn reach(
        &mut self,
        pos: &Position,
        proof: &ProofNode,
        carrier: &mut [bool],
    ) -> Result<(usize, usize), String> {
        let size = pos.size();
        match proof {
            ProofNode::Won => Ok((0, 0)),
            ProofNode::Move { hole, next } => {
                let after = self.mark_move(pos, *hole, carrier)?;
                let (m, d) = self.reach(&after, next, carrier)?;
                Ok((m + 1, d))
            }
            ProofNode::Replies { replies, rest } => {
                let (mut m, mut d) = (0, 0);
                for (h, next) in replies {
                    mark(carrier, size, *h);
                    let after = play(pos, *h)?;
                    let (m1, d1) = self.reach(&after, next, carrier)?;
                    (m, d) = (m.max(m1), d.max(d1));
                }
                let (m1, d1) = match rest {
                    None => (0, 0),
                    Some(Rest::Template(t)) => {
                        let mut passed = pos.clone();
                        passed.pass();
                        self.template_reach(&passed, t, carrier)?
                    }
                    Some(Rest::Passed(p)) => {
                        let mut passed = pos.clone();
                        passed.pass();
                        self.reach(&passed, p, carrier)?
                    }
                };
                Ok((m.max(m1) + 1, d.max(d1) + 1))
            }
            ProofNode::Template(t) => self.template_reach(pos, t, carrier),
        }
    }

    /// [`Checker::reach`] for template `t` in `pos`.
    fn template_reach(
        &mut self,
        pos: &Position,
        t: &Template,
        carrier: &mut [bool],
    ) -> Result<(usize, usize), String> {
        let size = pos.size();
        let mut after = pos.clone();
        let mut first = 0;
        if pos.to_move() == self.attacker
            && let Some(f) = t.first
        {
            after = self.mark_move(pos, f, carrier)?;
            first = 1;
        }
        let mut gap_moves = 0;
        for g in &t.gaps {
            gap_moves += if g.area.is_empty() { 1 } else { EDGE_MOVES };
            for h in self.carrier(&after, g) {
                mark(carrier, size, h);
            }
        }
        Ok((first + 2 * gap_moves, gap_moves))
    }

    /// Plays the attacker's peg at `hole`, marking it and both ends of
    /// every link that crosses one of the links it adds.
    fn mark_move(
        &self,
        pos: &Position,
        hole: Hole,
        carrier: &mut [bool],
    ) -> Result<Position, String> {
        let size = pos.size();
        mark(carrier, size, hole);
        let mut after = pos.clone();
        let played = after
            .play(&Move::peg(hole))
            .map_err(|e| format!("{hole} is not a legal move: {e}"))?;
        for link in &played.links_added {
            let (p, q) = link.ends();
            for (a, b) in crossing_links(size, p, q) {
                mark(carrier, size, a);
                mark(carrier, size, b);
            }
        }
        Ok(after)
    }

    /// Every gap's carrier in `pos`, together.
    fn template_carrier(&self, pos: &Position, t: &Template) -> Result<Vec<Hole>, String> {
        let mut all = Vec::new();
        for g in &t.gaps {
            self.gap_shape(pos, g)?;
            for h in self.carrier(pos, g) {
                if !all.contains(&h) {
                    all.push(h);
                }
            }
        }
        Ok(all)
    }

    /// The gap's ends are the attacker's pegs, and its options lie a
    /// knight's move from them (on the border row for a border gap).
    fn gap_shape(&self, pos: &Position, g: &TemplateGap) -> Result<(), String> {
        let size = pos.size();
        let (a, b) = g.ends;
        if !g.area.is_empty() {
            return self.edge_shape(pos, g);
        }
        for end in std::iter::once(a).chain(b) {
            if pos.peg(end) != Some(self.attacker) {
                return Err(format!(
                    "the template's gap joins {end}, which is not {}'s peg",
                    self.attacker
                ));
            }
        }
        if g.options.is_empty() {
            return Err(format!("the template's gap at {a} has no way to close"));
        }
        let side = border_side(size, self.attacker, g.options[0]);
        for &o in &g.options {
            let knight = o.is_knight_step(a) && b.is_none_or(|b| o.is_knight_step(b));
            let border =
                b.is_some() || (side.is_some() && border_side(size, self.attacker, o) == side);
            if !knight || !border {
                return Err(format!(
                    "the template's option {o} does not close the gap at {a}"
                ));
            }
        }
        Ok(())
    }

    /// An edge template from row 4: its peg is the attacker's, three rows
    /// from the border row its area lies toward, with no options and its
    /// area on the board.
    fn edge_shape(&self, pos: &Position, g: &TemplateGap) -> Result<(), String> {
        let a = g.ends.0;
        if pos.peg(a) != Some(self.attacker) {
            return Err(format!(
                "the template's edge template starts at {a}, which is not {}'s peg",
                self.attacker
            ));
        }
        if g.ends.1.is_some() || !g.options.is_empty() {
            return Err(format!("the edge template at {a} has the shape of a link"));
        }
        if g.area.iter().any(|&h| !pos.size().contains(h)) {
            return Err(format!("the edge template at {a} has holes off the board"));
        }
        edge_side(pos.size(), self.attacker, g)
            .map(|_| ())
            .ok_or_else(|| format!("the edge template at {a} is not on row 4 from its border"))
    }

    /// The holes of gap `g`'s carrier in `pos`: its empty options and the
    /// empty ends of every link that could still be placed across one of
    /// their links to the gap's ends (by the defender; under crossing
    /// none, where own links bar too, by the attacker as well).
    fn carrier(&self, pos: &Position, g: &TemplateGap) -> Vec<Hole> {
        let size = pos.size();
        let own_bars = pos.rules().crossing == Crossing::None;
        let mut out = Vec::new();
        let mut add = |h: Hole| {
            if pos.peg(h).is_none() && !out.contains(&h) {
                out.push(h);
            }
        };
        // An edge template's game ([`edge_game`]) already has a defender's
        // peg on every other hole near it that the defender may play.
        for &h in &g.area {
            add(h);
        }
        for &o in &g.options {
            add(o);
            let ends = std::iter::once(g.ends.0).chain(g.ends.1);
            for e in ends {
                for (p, q) in crossing_links(size, o, e) {
                    let Some(x) = Link::new(p, q) else { continue };
                    let by = |who: Player| {
                        available(pos, who, p)
                            && available(pos, who, q)
                            && pos.blocker(x, who).is_none()
                    };
                    if by(self.defender()) || (own_bars && by(self.attacker)) {
                        add(p);
                        add(q);
                    }
                }
            }
        }
        out
    }

    /// Checks template `t` in `pos`; `spare` defender holes are taken
    /// beyond what the position shows (a reply not answered).
    fn template(&mut self, pos: &Position, t: &Template, spare: usize) -> Result<(), String> {
        for g in &t.gaps {
            self.gap_shape(pos, g)?;
        }
        self.joins_borders(pos, t)?;
        let mut open: Vec<usize> = (0..t.gaps.len()).collect();
        let mut after = pos.clone();
        if pos.to_move() == self.attacker {
            self.ongoing(pos, self.attacker)?;
            let Some(f) = t.first else {
                return Err("the template has no first move with the attacker to move".into());
            };
            after = play(pos, f)?;
            // A first move in an edge template's area closes nothing: the
            // template's game is played after it.
            if !t.gaps.iter().any(|g| g.area.contains(&f)) {
                let Some(k) = t.gaps.iter().position(|g| g.options.contains(&f)) else {
                    return Err(format!(
                        "the template's first move {f} closes none of its gaps"
                    ));
                };
                if !closes(&after, self.attacker, &t.gaps[k], f) {
                    return Err(format!(
                        "the template's first move {f} does not close its gap"
                    ));
                }
                open.retain(|&g| g != k);
            }
            if matches!(after.status(), Status::Won { winner, .. } if winner == self.attacker) {
                return Ok(());
            }
        } else if let Some(f) = t.first {
            return Err(format!(
                "the template plays {f} first, but the defender is to move"
            ));
        }
        self.ongoing(&after, self.defender())?;
        if open.is_empty() {
            return Err("every gap is closed but the chain is not complete".into());
        }
        // The defender moves once per attacker's move before the last gap
        // closes (an edge template from row 4 takes two), and each move of
        // either side takes at most one of its holes.
        let moves: usize = open
            .iter()
            .map(|&g| {
                if t.gaps[g].area.is_empty() {
                    1
                } else {
                    EDGE_MOVES
                }
            })
            .sum();
        let room = legal_moves(&after).len();
        if room < 2 * moves - 1 + spare {
            return Err(format!(
                "{} may run out of legal moves before the gaps close: the game would end in a draw",
                self.defender()
            ));
        }
        let carriers: Vec<Vec<Hole>> = t.gaps.iter().map(|g| self.carrier(&after, g)).collect();
        if after.rules().crossing == Crossing::None {
            self.edges_apart(&after, t, &open, &carriers)?;
        }
        for group in groups(&open, &carriers) {
            if let Some(&e) = group.iter().find(|&&g| !t.gaps[g].area.is_empty()) {
                if group.len() > 1 {
                    return Err(format!(
                        "the edge template at {} shares holes with another gap",
                        t.gaps[e].ends.0
                    ));
                }
                self.positions += edge_game(&after, self.attacker, &t.gaps[e])?;
                continue;
            }
            let mut game = Game {
                attacker: self.attacker,
                gaps: &t.gaps,
                carriers: &carriers,
                nodes: 0,
            };
            match game.holds(&after, &group) {
                Some(true) => {}
                Some(false) => {
                    let at: Vec<String> = group
                        .iter()
                        .map(|&g| t.gaps[g].ends.0.to_string())
                        .collect();
                    return Err(format!(
                        "the template's gap at {} can be cut by the defender",
                        at.join(", ")
                    ));
                }
                None => {
                    return Err(format!(
                        "the template's gaps sharing holes are too many to replay ({} positions)",
                        GAME_LIMIT
                    ));
                }
            }
            self.positions += game.nodes;
        }
        Ok(())
    }

    /// Under crossing none, where the attacker's own links bar its links:
    /// no other open gap's peg (an option, or a hole of another edge
    /// template's lines) lies where a link could cross a link of an open
    /// edge template's lines ([`edge_lines`]) or on those lines, and no
    /// hole of those lines lies in another gap's carrier (where its peg's
    /// links could bar that gap's options).
    fn edges_apart(
        &self,
        pos: &Position,
        t: &Template,
        open: &[usize],
        carriers: &[Vec<Hole>],
    ) -> Result<(), String> {
        let size = pos.size();
        let mut lines = Vec::new();
        for &e in open {
            let g = &t.gaps[e];
            lines.push(if g.area.is_empty() {
                None
            } else {
                let side = edge_side(size, self.attacker, g)
                    .ok_or_else(|| format!("the edge template at {} is not on row 4", g.ends.0))?;
                Some(edge_clear(pos, self.attacker, g, side)?)
            });
        }
        for (i, &e) in open.iter().enumerate() {
            let Some((_, pegs, clear)) = &lines[i] else {
                continue;
            };
            let a = t.gaps[e].ends.0;
            for (j, &k) in open.iter().enumerate() {
                if k == e {
                    continue;
                }
                let theirs: &[Hole] = match &lines[j] {
                    Some((_, p, _)) => p,
                    None => &t.gaps[k].options,
                };
                if let Some(h) = theirs.iter().find(|h| clear.contains(h)) {
                    return Err(format!(
                        "the edge template at {a} has another gap's hole {h} where its links could be crossed"
                    ));
                }
                if let Some(h) = pegs.iter().find(|h| carriers[k].contains(h)) {
                    return Err(format!(
                        "the edge template at {a} needs {h}, in another gap's carrier"
                    ));
                }
            }
        }
        Ok(())
    }

    /// The attacker's links as they stand, with one edge per gap, join
    /// its two border rows.
    fn joins_borders(&self, pos: &Position, t: &Template) -> Result<(), String> {
        let size = pos.size();
        let slots = size.slots();
        // Union-find over the holes and the two borders (slots, slots + 1).
        let mut parent: Vec<usize> = (0..slots + 2).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let join = |parent: &mut Vec<usize>, a: usize, b: usize| {
            let (ra, rb) = (root(parent, a), root(parent, b));
            parent[ra] = rb;
        };
        for (h, p) in pos.pegs() {
            if p == self.attacker
                && let Some(s) = border_side(size, self.attacker, h)
            {
                join(&mut parent, size.index(h), slots + s);
            }
        }
        for (l, p) in pos.links() {
            if p == self.attacker {
                let (a, b) = l.ends();
                join(&mut parent, size.index(a), size.index(b));
            }
        }
        for g in &t.gaps {
            let a = size.index(g.ends.0);
            let b = match g.ends.1 {
                Some(b) => size.index(b),
                None if !g.area.is_empty() => match edge_side(size, self.attacker, g) {
                    Some(s) => slots + s,
                    None => return Err("an edge template is not on row 4".into()),
                },
                None => match border_side(size, self.attacker, g.options[0]) {
                    Some(s) => slots + s,
                    None => return Err("a border gap's option is off the border row".into()),
                },
            };
            join(&mut parent, a, b);
        }
        if root(&mut parent, slots) == root(&mut parent, slots + 1) {
            Ok(())
        } else {
            Err(format!(
                "the template's chain does not join {}'s border rows",
                self.attacker
            ))
        }
    }
}

/// The eight knight's steps: a link's from either end.
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The four directions a link is stored in, from its end to its far end.
const STEPS: [(i32, i32); 4] = [(1, 2), (2, 1), (2, -1), (1, -2)];

/// A hole's place relative to another: columns and rows.
type Offset = (i32, i32);

/// Links as the offsets of their two ends.
type LinkOffsets = Vec<(Offset, Offset)>;

/// For each knight's step from a link's end to its other end, the links
/// that cross it, as the offsets of their two ends from the first end:
/// found once by [`segments_cross`] over every link with an end within
/// four holes (the checker keeps its own geometry, not the engine's tables).
static CROSSING: std::sync::LazyLock<Vec<(Offset, LinkOffsets)>> = std::sync::LazyLock::new(|| {
    KNIGHT
        .iter()
        .map(|&step| {
            let mut crossing = Vec::new();
            for dc in -4..=4 {
                for dr in -4..=4 {
                    for (sc, sr) in STEPS {
                        let far = (dc + sc, dr + sr);
                        if segments_cross((0, 0), step, (dc, dr), far) {
                            crossing.push(((dc, dr), far));
                        }
                    }
                }
            }
            (step, crossing)
        })
        .collect()
});

/// Marks hole `h` in `carrier` (by [`BoardSize::index`]); a hole off the
/// board, which a malformed proof may name, marks nothing.
fn mark(carrier: &mut [bool], size: BoardSize, h: Hole) {
    if size.contains(h) {
        carrier[size.index(h)] = true;
    }
}

/// For each hole (by [`BoardSize::index`]), the fewest new pegs `who`
/// needs on a chain through it between its border rows: its own pegs cost
/// nothing, an empty hole it may play one peg, and a knight's step is
/// taken where no link on the board bars that link. A lower bound: links
/// yet to come can only bar more. `u32::MAX` where no chain passes.
fn chain_costs(pos: &Position, who: Player) -> Vec<u32> {
    let size = pos.size();
    let slots = size.slots();
    let cost = |h: Hole| match pos.peg(h) {
        Some(p) if p == who => Some(0),
        Some(_) => None,
        None => size.playable_by(who, h).then_some(1),
    };
    let from = |side: usize| {
        let mut dist = vec![u32::MAX; slots];
        let mut queue = VecDeque::new();
        for h in size.holes() {
            if border_side(size, who, h) == Some(side)
                && let Some(c) = cost(h)
            {
                dist[size.index(h)] = c;
                if c == 0 {
                    queue.push_front(h);
                } else {
                    queue.push_back(h);
                }
            }
        }
        // Costs are 0 or 1 a step: a deque keeps the nearest first.
        while let Some(h) = queue.pop_front() {
            let d = dist[size.index(h)];
            for (dc, dr) in KNIGHT {
                let Some(g) = h.offset(dc, dr).filter(|&g| size.contains(g)) else {
                    continue;
                };
                let Some(c) = cost(g) else { continue };
                let i = size.index(g);
                if d + c >= dist[i] {
                    continue;
                }
                let barred = Link::new(h, g).is_none_or(|l| pos.blocker(l, who).is_some());
                if barred {
                    continue;
                }
                dist[i] = d + c;
                if c == 0 {
                    queue.push_front(g);
                } else {
                    queue.push_back(g);
                }
            }
        }
        dist
    };
    let (a, b) = (from(0), from(1));
    let mut through = vec![u32::MAX; slots];
    for h in size.holes() {
        let i = size.index(h);
        if let Some(c) = cost(h)
            && a[i] != u32::MAX
            && b[i] != u32::MAX
        {
            through[i] = a[i] + b[i] - c;
        }
    }
    through
}

/// The links of the board that cross the link from `p` to `q`, each as
/// its two ends, stored end first. `q` is a knight's step
/// from `p`: every caller has checked the shape of what it asks about
/// (a gap's options, an edge template's links); any other pair has none.
fn crossing_links(size: BoardSize, p: Hole, q: Hole) -> impl Iterator<Item = (Hole, Hole)> {
    let step = (
        i32::from(q.col) - i32::from(p.col),
        i32::from(q.row) - i32::from(p.row),
    );
    CROSSING
        .iter()
        .find(|(s, _)| *s == step)
        .map_or(&[][..], |(_, crossing)| crossing.as_slice())
        .iter()
        .filter_map(move |&((ac, ar), (bc, br))| {
            let a = p.offset(ac, ar).filter(|&h| size.contains(h))?;
            let b = p.offset(bc, br).filter(|&h| size.contains(h))?;
            Some((a, b))
        })
}

/// Whether the attacker's peg at `o` closes gap `g`: linked to both ends
/// (to its one end, on the border row, for a border gap).
fn closes(pos: &Position, attacker: Player, g: &TemplateGap, o: Hole) -> bool {
    let linked = |e: Hole| Link::new(o, e).is_some_and(|l| pos.has_link(l));
    pos.peg(o) == Some(attacker)
        && linked(g.ends.0)
        && g.ends.1.is_none_or(linked)
        && (g.ends.1.is_some() || border_side(pos.size(), attacker, o).is_some())
}

/// The open gaps grouped where their carriers share a hole.
fn groups(open: &[usize], carriers: &[Vec<Hole>]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &g in open {
        let meets = |grp: &Vec<usize>| {
            grp.iter()
                .any(|&h| carriers[h].iter().any(|x| carriers[g].contains(x)))
        };
        let mut merged = vec![g];
        let mut kept = Vec::new();
        for grp in groups.drain(..) {
            if meets(&grp) {
                merged.extend(grp);
            } else {
                kept.push(grp);
            }
        }
        kept.push(merged);
        groups = kept;
    }
    groups
}

/// The game of intrusions into one group of gaps.
struct Game<'a> {
    attacker: Player,
    gaps: &'a [TemplateGap],
    carriers: &'a [Vec<Hole>],
    nodes: usize,
}

impl Game<'_> {
    /// Whether the attacker closes every gap of `open` with the defender to
    /// move in `pos`; `None` past [`GAME_LIMIT`].
    fn holds(&mut self, pos: &Position, open: &[usize]) -> Option<bool> {
        if open.is_empty() {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > GAME_LIMIT {
            return None;
        }
        let mut intrusions: Vec<Option<Hole>> = vec![None];
        for &g in open {
            for &h in &self.carriers[g] {
                if !intrusions.contains(&Some(h)) && pos.can_place(h) {
                    intrusions.push(Some(h));
                }
            }
        }
        for x in intrusions {
            let mut q = pos.clone();
            match x {
                // A move elsewhere: the attacker must still move.
                None => q.pass(),
                Some(h) => {
                    if q.play(&Move::peg(h)).is_err() {
                        continue;
                    }
                }
            }
            if !self.answered(&q, open)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether the attacker, to move in `pos`, closes an open gap and then
    /// holds the rest.
    fn answered(&mut self, pos: &Position, open: &[usize]) -> Option<bool> {
        for &g in open {
            for &o in &self.gaps[g].options {
                if !pos.can_place(o) {
                    continue;
                }
                let mut q = pos.clone();
                if q.play(&Move::peg(o)).is_err() || !closes(&q, self.attacker, &self.gaps[g], o) {
                    continue;
                }
                let rest: Vec<usize> = open.iter().copied().filter(|&k| k != g).collect();
                let won =
                    matches!(q.status(), Status::Won { winner, .. } if winner == self.attacker);
                if rest.is_empty() || won {
                    return Some(true);
                }
                if self.holds(&q, &rest)? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }
}

/// The attacker's moves an edge template from row 4 takes.
const EDGE_MOVES: usize = 2;

/// How far around an edge template's area and peg the defender's pegs are
/// put for its game: a link that could cross a link among those holes has
/// both ends within two holes of them.
const EDGE_REACH: i32 = 4;

/// The border row side (as [`border_side`]) an edge template from row 4
/// joins: the one three rows from its peg that its area lies toward.
fn edge_side(size: BoardSize, who: Player, g: &TemplateGap) -> Option<usize> {
    let a = g.ends.0;
    // The peg's place along the attacker's axis, and the area's holes on
    // either side of it.
    let along = |h: Hole| match who {
        Player::Red => h.row,
        Player::Black => h.col,
    };
    let last = match who {
        Player::Red => size.height() - 1,
        Player::Black => size.width() - 1,
    };
    let x = along(a);
    let beyond = g.area.iter().filter(|&&h| along(h) > x).count();
    let before = g.area.iter().filter(|&&h| along(h) < x).count();
    if beyond > before && x + 3 == last {
        Some(1)
    } else if before > beyond && x == 3 {
        Some(0)
    } else {
        None
    }
}

/// The lines of an edge template from row 4 (its border row on `side`)
/// under crossing none: each hole of its area a knight's move from its peg
/// on the two rows nearest that border row, with each hole of the border
/// row a knight's move from it and at most one hole beyond the area along
/// that row. The two pegs that join the peg to its border row lie on one
/// of them.
fn edge_lines(size: BoardSize, who: Player, g: &TemplateGap, side: usize) -> Vec<(Hole, Hole)> {
    let a = g.ends.0;
    // A hole's rows from the border row, and its place along that row.
    let place = |h: Hole| -> (u16, u16) {
        let (x, y, last) = match who {
            Player::Red => (h.row, h.col, size.height() - 1),
            Player::Black => (h.col, h.row, size.width() - 1),
        };
        (if side == 0 { x } else { last - x }, y)
    };
    let Some(lo) = g.area.iter().map(|&h| place(h).1).min() else {
        return Vec::new();
    };
    let hi = g.area.iter().map(|&h| place(h).1).max().unwrap_or(lo);
    let knights = |h: Hole| {
        KNIGHT
            .iter()
            .filter_map(move |&(dc, dr)| h.offset(dc, dr))
            .filter(move |&n| size.contains(n))
    };
    let mut lines = Vec::new();
    for x in knights(a).filter(|&x| g.area.contains(&x) && matches!(place(x).0, 1 | 2)) {
        for y in knights(x) {
            let (rows, along) = place(y);
            if rows == 0 && along + 1 >= lo && along <= hi + 1 {
                lines.push((x, y));
            }
        }
    }
    lines
}

/// The lines an edge template's peg still joins its border row along
/// under crossing none, where the attacker's own links bar its links:
/// those of edge template `g` ([`edge_lines`]), or where the attacker has
/// a peg on a line's first hole already (its first move), the lines
/// through it. With them, their holes, and the holes no other gap's peg
/// may take (both ends of every link that could cross a link of a line,
/// and the lines' holes), once it is checked that nothing of the
/// attacker's own bars a link of a line: their border row holes are
/// empty, no link of the attacker's crosses a link of a line, and no link
/// from a line's border row hole could cross the peg's link to that
/// line's other hole (the links the attacker's peg there gets besides).
type EdgeLines = (Vec<(Hole, Hole)>, Vec<Hole>, Vec<Hole>);

/// See [`EdgeLines`].
fn edge_clear(
    pos: &Position,
    attacker: Player,
    g: &TemplateGap,
    side: usize,
) -> Result<EdgeLines, String> {
    let size = pos.size();
    let a = g.ends.0;
    let mut lines = edge_lines(size, attacker, g, side);
    if lines.iter().any(|&(x, _)| pos.peg(x) == Some(attacker)) {
        lines.retain(|&(x, _)| pos.peg(x) == Some(attacker));
    }
    if lines.is_empty() {
        return Err(format!(
            "the edge template at {a} has no way to its border row"
        ));
    }
    let mut pegs = Vec::new();
    let mut clear = Vec::new();
    for &(x, y) in &lines {
        if let Some(p) = pos.peg(y) {
            return Err(format!(
                "the edge template at {a} needs {y} empty under crossing none, but {p} holds it"
            ));
        }
        for (p, q) in [(a, x), (x, y)] {
            for (c, d) in crossing_links(size, p, q) {
                let own = pos.peg(c) == Some(attacker)
                    && Link::new(c, d).is_some_and(|l| pos.has_link(l));
                if own {
                    return Err(format!(
                        "the edge template at {a} needs the link {p}-{q}, which {attacker}'s link {c}-{d} crosses"
                    ));
                }
                for e in [c, d] {
                    if !clear.contains(&e) {
                        clear.push(e);
                    }
                }
            }
        }
        let barred = crossing_links(size, a, x).any(|(c, d)| c == y || d == y);
        if barred {
            return Err(format!(
                "the edge template at {a}: a link from {y} could cross the link {a}-{x}"
            ));
        }
        for h in [x, y] {
            if !pegs.contains(&h) {
                pegs.push(h);
            }
        }
    }
    for &h in &pegs {
        if !clear.contains(&h) {
            clear.push(h);
        }
    }
    Ok((lines, pegs, clear))
}

/// Plays out an edge template from row 4 in `pos` (the defender to move)
/// on the worst case the rules allow: every empty hole outside its area at
/// an end of a link the defender could place across one of the
/// template's links gets a defender's peg (a defender's move there changes
/// nothing: the peg is there already). Under crossing own more of the
/// attacker's pegs never hurt it. Under crossing none the game is played
/// on `pos` with the defender's links free to cross its own (as under
/// crossing own): its links under none are at most those, as its own links
/// bar its later ones; the attacker answers only on the template's lines
/// ([`edge_lines`]), which [`edge_clear`] shows free of its own links, and
/// must join the peg along one of them. Then every defence in the area, or
/// a move elsewhere, must be answered so that the attacker's peg reaches
/// the border row within [`EDGE_MOVES`] moves, whatever follows. The
/// positions visited.
fn edge_game(pos: &Position, attacker: Player, g: &TemplateGap) -> Result<usize, String> {
    let a = g.ends.0;
    let size = pos.size();
    let side = edge_side(size, attacker, g)
        .ok_or_else(|| format!("the edge template at {a} is not on row 4 from its border"))?;
    let defender = attacker.opponent();
    let near = |h: Hole| {
        std::iter::once(a).chain(g.area.iter().copied()).any(|x| {
            (i32::from(h.col) - i32::from(x.col)).abs() <= EDGE_REACH
                && (i32::from(h.row) - i32::from(x.row)).abs() <= EDGE_REACH
        })
    };
    // The attacker's answers: the area and its border row holes near it;
    // under crossing none, the holes of the lines.
    let copy;
    let (answers, lines, pos) = match pos.rules().crossing {
        Crossing::Own => {
            let answers: Vec<Hole> = size
                .holes()
                .filter(|&h| {
                    near(h) && (g.area.contains(&h) || border_side(size, attacker, h) == Some(side))
                })
                .collect();
            (answers, None, pos)
        }
        Crossing::None => {
            let (lines, pegs, _) = edge_clear(pos, attacker, g, side)?;
            // The attacker's other pegs a knight's move from a line's hole
            // (but the peg) are taken off, with their links: the pegs of a
            // line then link to the peg and each other only, so that only
            // a line joins the peg to its border row. Without them the
            // defender has more room, never less.
            let mut setup = pos.to_setup();
            let off: Vec<Hole> = setup
                .pegs
                .iter()
                .filter(|&(&h, &p)| {
                    p == attacker
                        && h != a
                        && !pegs.contains(&h)
                        && pegs.iter().any(|&x| x.is_knight_step(h))
                })
                .map(|(&h, _)| h)
                .collect();
            for h in &off {
                setup.pegs.remove(h);
            }
            setup.links.retain(|l| !off.iter().any(|&h| l.touches(h)));
            let mut rules = pos.rules().clone();
            rules.crossing = Crossing::Own;
            copy = Position::from_setup(&setup, rules).map_err(|_| {
                format!("the edge template at {a}: the position does not read under crossing own")
            })?;
            (pegs, Some(lines), &copy)
        }
    };
    // The defender plays in the area only: the border row must be one it
    // may not play (the outermost row of a cut side is not).
    if let Some(h) = answers
        .iter()
        .find(|&&h| !g.area.contains(&h) && size.playable_by(defender, h))
    {
        return Err(format!(
            "the edge template at {a} needs a border row the defender may not play ({h})"
        ));
    }
    // The defender's pegs that matter: both ends of every link it could
    // still place across a link among the peg and the answers. Any other
    // peg of the defender neither takes one of those holes nor crosses one
    // of those links, so it changes nothing here.
    let held: Vec<Hole> = std::iter::once(a).chain(answers.iter().copied()).collect();
    let mut fill: Vec<Hole> = Vec::new();
    for (i, &p) in held.iter().enumerate() {
        for &q in &held[i + 1..] {
            if !p.is_knight_step(q) {
                continue;
            }
            for (x, y) in crossing_links(size, p, q) {
                let Some(l) = Link::new(x, y) else { continue };
                let placeable = available(pos, defender, x)
                    && available(pos, defender, y)
                    && pos.blocker(l, defender).is_none();
                for e in [x, y] {
                    if placeable
                        && pos.peg(e).is_none()
                        && !g.area.contains(&e)
                        && !fill.contains(&e)
                    {
                        fill.push(e);
                    }
                }
            }
        }
    }
    fill.sort();
    let mut worst = pos.clone();
    for h in fill {
        if worst.status() != Status::Ongoing {
            break;
        }
        if worst.to_move() != defender {
            worst.pass();
        }
        worst = play(&worst, h)?;
    }
    if worst.status() != Status::Ongoing {
        return Err(format!(
            "the edge template at {a} does not hold with the defender's pegs around it"
        ));
    }
    if worst.to_move() != defender {
        worst.pass();
    }
    let mut game = EdgeGame {
        attacker,
        a,
        side,
        area: &g.area,
        answers: &answers,
        lines: lines.as_deref(),
        nodes: 0,
    };
    match game.holds(&worst, EDGE_MOVES) {
        Some(true) => Ok(game.nodes),
        Some(false) => Err(format!(
            "the edge template at {a} can be cut by the defender"
        )),
        None => Err(format!(
            "the edge template at {a} is too large to replay ({GAME_LIMIT} positions)"
        )),
    }
}

/// The game of an edge template from row 4 (see [`edge_game`]).
struct EdgeGame<'a> {
    attacker: Player,
    a: Hole,
    side: usize,
    area: &'a [Hole],
    answers: &'a [Hole],
    /// Under crossing none, the template's lines: the peg must reach its
    /// border row along one of them.
    lines: Option<&'a [(Hole, Hole)]>,
    nodes: usize,
}

impl EdgeGame<'_> {
    /// Whether, with the defender to move in `pos`, the attacker's peg
    /// reaches its border row within `moves` moves of the attacker.
    fn holds(&mut self, pos: &Position, moves: usize) -> Option<bool> {
        self.nodes += 1;
        if self.nodes > GAME_LIMIT {
            return None;
        }
        let mut defences: Vec<Option<Hole>> = vec![None];
        defences.extend(
            self.area
                .iter()
                .filter(|&&h| pos.can_place(h))
                .map(|&h| Some(h)),
        );
        for d in defences {
            let mut q = pos.clone();
            match d {
                None => q.pass(),
                Some(h) => {
                    if q.play(&Move::peg(h)).is_err() {
                        continue;
                    }
                }
            }
            if q.status() != Status::Ongoing {
                return Some(false);
            }
            if !self.answered(&q, moves)? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether the attacker, to move in `pos`, reaches its border row with
    /// one of its answers now or within `moves` moves.
    fn answered(&mut self, pos: &Position, moves: usize) -> Option<bool> {
        for &h in self.answers {
            if !pos.can_place(h) {
                continue;
            }
            let mut q = pos.clone();
            if q.play(&Move::peg(h)).is_err() {
                continue;
            }
            let reached = match self.lines {
                None => reaches(&q, self.attacker, self.a, self.side),
                Some(lines) => lines.iter().any(|&(x, y)| {
                    [(self.a, x), (x, y)]
                        .iter()
                        .all(|&(p, r)| Link::new(p, r).is_some_and(|l| q.has_link(l)))
                }),
            };
            if reached {
                return Some(true);
            }
            if moves > 1 && q.status() == Status::Ongoing && self.holds(&q, moves - 1)? {
                return Some(true);
            }
        }
        Some(false)
    }
}

/// Whether the attacker's peg at `a` is joined by its links to its border
/// row on `side`.
fn reaches(pos: &Position, attacker: Player, a: Hole, side: usize) -> bool {
    let size = pos.size();
    let mut seen = vec![a];
    let mut k = 0;
    while k < seen.len() {
        let h = seen[k];
        k += 1;
        if border_side(size, attacker, h) == Some(side) {
            return true;
        }
        for (dc, dr) in KNIGHT {
            let Some(n) = h.offset(dc, dr).filter(|&n| size.contains(n)) else {
                continue;
            };
            if !seen.contains(&n) && Link::new(h, n).is_some_and(|l| pos.has_link(l)) {
                seen.push(n);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The links of the board with an end within four holes of `o`: every
    /// link that could cross a link from `o` (a knight's link spans two).
    fn links_near(size: BoardSize, o: Hole) -> Vec<(Hole, Hole)> {
        let mut out = Vec::new();
        for dc in -4..=4 {
            for dr in -4..=4 {
                let Some(p) = o.offset(dc, dr) else { continue };
                if !size.contains(p) {
                    continue;
                }
                for (sc, sr) in STEPS {
                    if let Some(q) = p.offset(sc, sr).filter(|&q| size.contains(q)) {
                        out.push((p, q));
                    }
                }
            }
        }
        out
    }

    /// The table of crossing links gives, for every link of a board seen
    /// from either end, the links of the window that cross it, as the
    /// plain scan does.
    #[test]
    fn crossing_links_are_those_the_scan_finds() {
        let size = BoardSize::new(9, 11).unwrap();
        let seg = |h: Hole| (i32::from(h.col), i32::from(h.row));
        let mut checked = 0;
        for c in 0..9u16 {
            for r in 0..11u16 {
                let p = Hole::new(c, r);
                let links: Vec<(Hole, Hole)> = links_near(size, p)
                    .into_iter()
                    .filter(|&(a, _)| a == p)
                    .collect();
                for (a, b) in links {
                    for (from, to) in [(a, b), (b, a)] {
                        let mut scan: Vec<(Hole, Hole)> = links_near(size, from)
                            .into_iter()
                            .filter(|&(x, y)| segments_cross(seg(from), seg(to), seg(x), seg(y)))
                            .collect();
                        let mut table: Vec<(Hole, Hole)> = crossing_links(size, from, to).collect();
                        scan.sort();
                        table.sort();
                        assert_eq!(table, scan, "{from}-{to}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 300, "{checked}");
    }
}
