//! `twixt check --explain`: a proved `#wins` claim's solution written into
//! the script as variations. The solver's proof tree
//! ([`solver::secures_with_proof`], or [`solver::wins_with_proof`] for a
//! claim with a length) becomes move text: the key move, the strongest
//! defence as the main line, the other defences inside the must-play
//! region as variations, the attacker's answer to each, down to a complete
//! chain or a virtual connection, whose template is named in words from
//! the message catalogue ("g5 and j6 are a tilt: connected"). Defences not
//! shown are listed in a comment with the attacker's answer, and a defence
//! outside every carrier is said to leave the connection whole. The script
//! is written back in canonical form (as `twixt fmt` writes it), the
//! explanation after the claim's line; `check` re-reads it (its claims and
//! every move are checked).

use std::collections::HashSet;
use std::path::Path;

use twixt_core::board::{Hole, Player};
use twixt_core::moves::Move;
use twixt_core::position::Position;
use twixt_core::solver::{self, ProofNode, Rest, Secure, Solved, Template, TemplateGap};

use crate::diagnostic::count;
use crate::messages::Messages;
use crate::script::{
    ClaimKind, Element, FileFormat, Game, Line, MoveNode, ScriptFile, Span, load_games_as,
};

/// Moves an explanation of one claim may write, variations included: the
/// main line is always written whole; variations are added, shallow ones
/// first, while they fit.
pub const MAX_MOVES: usize = 60;

/// Defences shown as variations at a defender's turn besides the main
/// one, by how deep in variations the turn is: three on the main line,
/// one inside a variation, none deeper (they are listed with their answer).
const SHOWN_DEFENCES: [usize; 3] = [3, 1, 0];

/// Defences listed by name in a comment before "and N more".
const LISTED_DEFENCES: usize = 12;

/// What explaining a script made: the script, and one line per claim
/// found saying whether it was explained.
#[derive(Debug, Clone)]
pub struct Explained {
    /// The script with the explanations added, in canonical form.
    pub text: String,
    /// `file:line: explained #wins red (…)` or why a claim was not.
    pub notes: Vec<String>,
    /// Claims explained.
    pub explained: usize,
    /// Claims that could not be (not proved, or no proof to write).
    pub failed: usize,
}

/// Why a script could not be explained at all.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    /// Reading it failed (the reader's message names the file).
    #[error("{why}")]
    Read {
        /// The file.
        name: String,
        /// Why.
        why: String,
    },
    /// It has syntax errors (the explanation would drop their games).
    #[error("{name} has syntax errors; fix them before explaining it ({first})")]
    Syntax {
        /// The file.
        name: String,
        /// The first error.
        first: String,
    },
    /// It is not a TwixT script.
    #[error(
        "{name}: --explain writes the solutions of TwixT scripts only; line {line} is a game of {game}"
    )]
    NotTwixt {
        /// The file.
        name: String,
        /// The game's first line.
        line: u32,
        /// The game its header names.
        game: String,
    },
}

/// Explains every proved `#wins` claim of the script at `path` that has
/// no move after it in its line (a claim followed by the author's solution
/// is left as it is), with the claims' search limits
/// ([`crate::win_claims::settings`]).
pub fn explain_file(path: &Path) -> Result<Explained, ExplainError> {
    let name = path.display().to_string();
    let loaded = load_games_as(path, Some(FileFormat::Script)).map_err(|e| ExplainError::Read {
        name: name.clone(),
        why: e.to_string(),
    })?;
    if let Some(d) = loaded.errors.first() {
        return Err(ExplainError::Syntax {
            name,
            first: d.message.clone(),
        });
    }
    let mut file = ScriptFile {
        games: loaded.games,
    };
    let mut out = Explained {
        text: String::new(),
        notes: Vec::new(),
        explained: 0,
        failed: 0,
    };
    for game in &mut file.games {
        if let Some(g) = game
            .tag("Game")
            .filter(|g| !g.eq_ignore_ascii_case("twixt"))
        {
            return Err(ExplainError::NotTwixt {
                name,
                line: game.span.line,
                game: g.to_string(),
            });
        }
        explain_game(game, path.parent(), &name, &mut out);
    }
    out.text = crate::script::write_file(&file);
    Ok(out)
}

/// Explains the claims of one game, in its main line and its variations.
fn explain_game(game: &mut Game, base: Option<&Path>, name: &str, out: &mut Explained) {
    let rules = match game.rules(base) {
        Ok(r) => r,
        Err(e) => {
            out.notes.push(format!(
                "{name}:{}: not explained: the rules cannot be read: {e}",
                game.span.line
            ));
            return;
        }
    };
    let start = match crate::replay::start_position_or_why(game, &rules) {
        Ok(start) => start,
        Err(why) => {
            // A claim of a game that cannot start is counted as not
            // explained, so the run does not pass over it in silence.
            if has_claim(&game.line) {
                out.failed += 1;
                out.notes.push(format!(
                    "{name}:{}: not explained: the setup is not a legal position: {why}",
                    game.span.line
                ));
            }
            return;
        }
    };
    let msg = Messages::for_game(None, |t| game.tag(t));
    let mut line = std::mem::take(&mut game.line);
    explain_line(&mut line, start, None, &msg, name, out);
    game.line = line;
}

/// Whether `line` or one of its variations holds a `#wins` claim.
fn has_claim(line: &Line) -> bool {
    line.elements.iter().any(|e| match e {
        Element::Claim(c) => matches!(c.kind, ClaimKind::Wins { .. } | ClaimKind::Secures(_)),
        Element::Variation(v) => has_claim(v),
        _ => false,
    })
}

/// Walks a line from `pos` (`before`: the position before its previous
/// move, where a variation starts) and explains a `#wins` claim with no
/// move after it.
fn explain_line(
    line: &mut Line,
    mut pos: Position,
    mut before: Option<Position>,
    msg: &Messages,
    name: &str,
    out: &mut Explained,
) {
    let mut claim = None;
    for i in 0..line.elements.len() {
        match &mut line.elements[i] {
            Element::Move(m) => {
                let mut next = pos.clone();
                if let Err(e) = next.play(&m.mv) {
                    let at = m.span.line;
                    // Nothing after an illegal move can be explained: a
                    // claim after it is counted as not explained, so the
                    // run does not pass over it in silence.
                    let claims_after = line.elements[i + 1..].iter().any(|e| {
                        matches!(e, Element::Claim(c) if matches!(
                            c.kind,
                            ClaimKind::Wins { .. } | ClaimKind::Secures(_)
                        ))
                    });
                    if claims_after {
                        out.failed += 1;
                        out.notes.push(format!(
                            "{name}:{at}: not explained: the move before the claim is illegal: {e}"
                        ));
                    }
                    return;
                }
                before = Some(std::mem::replace(&mut pos, next));
                claim = None;
            }
            Element::Variation(v) => {
                if let Some(b) = &before {
                    explain_line(v, b.clone(), None, msg, name, out);
                }
            }
            Element::Claim(c) => match c.kind {
                ClaimKind::Wins { player, moves } => claim = Some((player, Some(moves), c.span)),
                ClaimKind::Secures(player) => claim = Some((player, None, c.span)),
                _ => {}
            },
            _ => {}
        }
    }
    let Some((player, moves, span)) = claim else {
        return;
    };
    let what = match moves {
        Some(n) => format!("#wins {player} in {n}"),
        None => format!("#wins {player}"),
    };
    match proof_of(&pos, player, moves) {
        Ok(proof) => {
            let mut written = Vec::new();
            let shown = Writer::new(msg, player, &proof).write(&proof, &mut written);
            line.elements.extend(written);
            out.explained += 1;
            out.notes.push(format!(
                "{name}:{}: explained {what}: {} written, from a proof of {}",
                span.line,
                count(shown, "move"),
                count(proof.size(), "position")
            ));
        }
        Err(why) => {
            out.failed += 1;
            out.notes
                .push(format!("{name}:{}: not explained: {what} {why}", span.line));
        }
    }
}

/// The proof of the claim, or why there is none to write.
fn proof_of(pos: &Position, player: Player, moves: Option<u32>) -> Result<ProofNode, String> {
    let limit = crate::win_claims::budget_for(None).search_limit();
    let undecided = |e| {
        format!(
            "cannot be decided: {}",
            crate::win_claims::undecided_text(&e)
        )
    };
    match moves {
        None => {
            let (found, proof) =
                solver::secures_with_proof(pos, player, &limit).map_err(undecided)?;
            match found.answer {
                Secure::Breaks { .. } => Err("is false (check says why)".into()),
                Secure::Secured { .. } => proof.ok_or_else(|| {
                    "is proved, but its proof tree does not fit in the search limit (see --search-limit and --search-time)".into()
                }),
            }
        }
        Some(n) => {
            let (found, proof) =
                solver::wins_with_proof(pos, player, n, &limit).map_err(undecided)?;
            match found.answer {
                Solved::Wins { .. } => proof.ok_or_else(|| {
                    "is proved, but its proof tree does not fit in the search limit (see --search-limit and --search-time)".into()
                }),
                _ => Err("is false (check says why)".into()),
            }
        }
    }
    .and_then(|p| {
        // Only a proof that replays by the rules is written.
        solver::check_proof(pos, player, &p)
            .map(|_| p)
            .map_err(|e| format!("is proved, but its proof does not replay ({e})"))
    })
}

/// Writes a proof tree as move text.
struct Writer<'m> {
    msg: &'m Messages,
    player: Player,
    /// The variations shown: (the defender's turn, the reply's index).
    shown: HashSet<(*const ProofNode, usize)>,
    /// Moves written.
    written: usize,
}

impl<'m> Writer<'m> {
    /// Chooses the variations shown: the main line whole, then the
    /// defences of each shown line by how hard they are, shallow lines
    /// first, while [`MAX_MOVES`] allows.
    fn new(msg: &'m Messages, player: Player, root: &ProofNode) -> Writer<'m> {
        let mut shown = HashSet::new();
        let mut left = MAX_MOVES.saturating_sub(main_length(root));
        let mut lines = std::collections::VecDeque::from([(root, 0usize)]);
        while let Some((start, depth)) = lines.pop_front() {
            let mut node = start;
            // Along the line's main moves, each defender's turn offers its
            // other defences as variations one level deeper.
            loop {
                node = match node {
                    ProofNode::Move { next, .. } => next,
                    ProofNode::Replies { replies, .. } if !replies.is_empty() => {
                        let order = by_strength(replies);
                        let room = SHOWN_DEFENCES.get(depth).copied().unwrap_or(0);
                        for &i in order.iter().skip(1).take(room) {
                            let cost = 1 + main_length(&replies[i].1);
                            if cost <= left {
                                left -= cost;
                                shown.insert((node as *const ProofNode, i));
                                lines.push_back((&replies[i].1, depth + 1));
                            }
                        }
                        &replies[order[0]].1
                    }
                    _ => break,
                };
            }
        }
        Writer {
            msg,
            player,
            shown,
            written: 0,
        }
    }

    /// Writes the whole explanation from the claim's position; returns the
    /// moves written.
    fn write(mut self, root: &ProofNode, out: &mut Vec<Element>) -> usize {
        let side = self.msg.side(self.player).to_string();
        // A key move only where the claim's side moves first: a claim
        // written after the key move (the opponent to move) has none.
        let key_move = match root {
            ProofNode::Move { .. } => true,
            ProofNode::Template(t) => t.first.is_some(),
            ProofNode::Won | ProofNode::Replies { .. } => false,
        };
        let intro = if key_move {
            "explain-intro"
        } else {
            "explain-intro-defence"
        };
        out.push(Element::Comment(self.msg.fill(intro, &[("player", &side)])));
        self.line(root, out);
        self.written
    }

    fn peg(&mut self, hole: Hole, out: &mut Vec<Element>) {
        self.written += 1;
        out.push(Element::Move(MoveNode {
            mv: Move::peg(hole),
            glyph: None,
            span: Span::default(),
        }));
    }

    /// The line from `node` to its end: a complete chain or a template.
    fn line(&mut self, node: &ProofNode, out: &mut Vec<Element>) {
        match node {
            ProofNode::Won => out.push(Element::Comment(self.connected())),
            ProofNode::Template(t) => {
                if let Some(first) = t.first {
                    self.peg(first, out);
                }
                out.push(Element::Comment(self.template(t)));
            }
            ProofNode::Move { hole, next } => {
                self.peg(*hole, out);
                self.line(next, out);
            }
            ProofNode::Replies { replies, rest } => {
                if replies.is_empty() {
                    if let Some(t) = rest {
                        out.push(Element::Comment(self.rest(t)));
                    }
                    return;
                }
                let order = by_strength(replies);
                let (main, sub) = &replies[order[0]];
                self.peg(*main, out);
                for &i in &order[1..] {
                    if self.shown.contains(&(node as *const ProofNode, i)) {
                        let mut var = Vec::new();
                        self.peg(replies[i].0, &mut var);
                        self.line(&replies[i].1, &mut var);
                        out.push(Element::Variation(Line { elements: var }));
                    }
                }
                let hidden: Vec<usize> = order[1..]
                    .iter()
                    .copied()
                    .filter(|&i| !self.shown.contains(&(node as *const ProofNode, i)))
                    .collect();
                let mut words = Vec::new();
                if !hidden.is_empty() {
                    words.push(self.others(replies, &hidden));
                }
                if let Some(t) = rest {
                    words.push(self.rest(t));
                }
                if !words.is_empty() {
                    out.push(Element::Comment(words.join(" ")));
                }
                self.line(sub, out);
            }
        }
    }

    fn connected(&self) -> String {
        self.msg.fill(
            "explain-connected",
            &[("player", self.msg.side(self.player))],
        )
    }

    /// A template in words: one clause a gap.
    fn template(&self, t: &Template) -> String {
        if t.gaps.is_empty() {
            return self.connected();
        }
        let clauses: Vec<String> = t.gaps.iter().map(|g| self.gap(g)).collect();
        format!("{}.", clauses.join("; "))
    }

    /// An edge template from row 4: its peg, the edge its area lies
    /// toward, and the area's holes.
    fn edge_area(&self, g: &TemplateGap) -> String {
        let a = g.ends.0;
        let beyond = |h: &&Hole| match self.player {
            Player::Red => h.row > a.row,
            Player::Black => h.col > a.col,
        };
        let far = g.area.iter().filter(beyond).count() * 2 > g.area.len();
        let edge = match (self.player, far) {
            (Player::Red, true) => "explain-edge-bottom",
            (Player::Red, false) => "explain-edge-top",
            (Player::Black, true) => "explain-edge-right",
            (Player::Black, false) => "explain-edge-left",
        };
        let area: Vec<String> = g.area.iter().map(Hole::to_string).collect();
        self.msg.fill(
            "explain-edge-area",
            &[
                ("a", &a.to_string()),
                ("edge", self.msg.get(edge)),
                ("area", &area.join(", ")),
            ],
        )
    }

    fn gap(&self, g: &TemplateGap) -> String {
        let (a, b) = g.ends;
        let a_name = a.to_string();
        if !g.area.is_empty() {
            return self.edge_area(g);
        }
        let Some(b) = b else {
            // An edge template: the options lie on the border row.
            let opt = g.options.first().copied().unwrap_or(a);
            let (edge, row) = match self.player {
                Player::Red => (
                    if opt.row == 0 {
                        "explain-edge-top"
                    } else {
                        "explain-edge-bottom"
                    },
                    a.row.abs_diff(opt.row) + 1,
                ),
                Player::Black => (
                    if opt.col == 0 {
                        "explain-edge-left"
                    } else {
                        "explain-edge-right"
                    },
                    a.col.abs_diff(opt.col) + 1,
                ),
            };
            let key = match g.options.len() {
                1 => "explain-edge-link",
                _ => "explain-edge",
            };
            return self.msg.fill(
                key,
                &[
                    ("a", &a_name),
                    ("edge", self.msg.get(edge)),
                    ("row", &row.to_string()),
                    ("options", &self.either(&g.options)),
                ],
            );
        };
        let key = match g.name().as_str() {
            // One way only: a link, not a double one.
            _ if g.options.len() == 1 => "explain-link",
            "beam" => "explain-beam",
            "tilt" => "explain-tilt",
            "coign" => "explain-coign",
            "mesh" => "explain-mesh",
            _ => "explain-double",
        };
        self.msg.fill(
            key,
            &[
                ("a", &a_name),
                ("b", &b.to_string()),
                ("options", &self.either(&g.options)),
            ],
        )
    }

    /// `i4 or f7`.
    fn either(&self, holes: &[Hole]) -> String {
        let names: Vec<String> = holes.iter().map(Hole::to_string).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} {} {last}", rest.join(", "), self.msg.get("explain-or"))
            }
            _ => names.join(""),
        }
    }

    /// The defences not shown, grouped by the attacker's answer.
    fn others(&self, replies: &[(Hole, ProofNode)], hidden: &[usize]) -> String {
        let mut groups: Vec<(Option<Hole>, Vec<Hole>)> = Vec::new();
        for &i in hidden {
            let (reply, sub) = &replies[i];
            let answer = match sub {
                ProofNode::Move { hole, .. } => Some(*hole),
                ProofNode::Template(t) => t.first,
                _ => None,
            };
            match groups.iter_mut().find(|(a, _)| *a == answer) {
                Some((_, g)) => g.push(*reply),
                None => groups.push((answer, vec![*reply])),
            }
        }
        let mut listed = 0;
        let mut parts = Vec::new();
        for (answer, defences) in &groups {
            if listed >= LISTED_DEFENCES {
                break;
            }
            let take = defences.len().min(LISTED_DEFENCES - listed);
            listed += take;
            let names: Vec<String> = defences[..take].iter().map(Hole::to_string).collect();
            let names = names.join(", ");
            parts.push(match answer {
                Some(a) => self.msg.fill(
                    "explain-answered",
                    &[
                        ("defences", &names),
                        ("player", self.msg.side(self.player)),
                        ("answer", &a.to_string()),
                    ],
                ),
                None => self.msg.fill("explain-holds", &[("defences", &names)]),
            });
        }
        let mut text = self
            .msg
            .fill("explain-others", &[("list", &parts.join("; "))]);
        if listed < hidden.len() {
            text.push(' ');
            text.push_str(
                &self
                    .msg
                    .count("explain-more", (hidden.len() - listed) as u64),
            );
        }
        text
    }

    /// A defence outside every carrier: the template stays whole.
    /// What answers the replies not listed, in words.
    fn rest(&self, rest: &Rest) -> String {
        match rest {
            Rest::Template(t) => self.elsewhere(t),
            Rest::Passed(p) => match &**p {
                ProofNode::Template(t) => self.elsewhere(t),
                ProofNode::Move { hole, .. } => self.msg.fill(
                    "explain-passed",
                    &[
                        ("player", self.msg.side(self.player)),
                        ("answer", &hole.to_string()),
                    ],
                ),
                _ => self.connected(),
            },
        }
    }

    fn elsewhere(&self, t: &Template) -> String {
        let first = t
            .first
            .map(|f| {
                self.msg.fill(
                    "explain-then",
                    &[
                        ("player", self.msg.side(self.player)),
                        ("answer", &f.to_string()),
                    ],
                )
            })
            .unwrap_or_default();
        self.msg.fill(
            "explain-elsewhere",
            &[("then", &first), ("template", &self.template(t))],
        )
    }
}

/// The replies, hardest first: the most positions in their proof (the
/// longest resistance), board order among equals.
fn by_strength(replies: &[(Hole, ProofNode)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..replies.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(replies[i].1.size()));
    order
}

/// The moves of the line that follows the hardest defence at each turn.
fn main_length(node: &ProofNode) -> usize {
    match node {
        ProofNode::Won => 0,
        ProofNode::Template(t) => usize::from(t.first.is_some()),
        ProofNode::Move { next, .. } => 1 + main_length(next),
        ProofNode::Replies { replies, .. } => match by_strength(replies).first() {
            Some(&i) => 1 + main_length(&replies[i].1),
            None => 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An edge template from row 4 is worded with its peg, its edge and its
    /// area, in each of the five languages, and says it is one "from row 4".
    #[test]
    fn an_edge_template_from_row_4_is_put_into_words() {
        let hole = |s: &str| s.parse::<Hole>().unwrap();
        let gap = TemplateGap {
            ends: (hole("f7"), None),
            options: Vec::new(),
            area: [
                "g6", "e7", "g7", "h7", "e8", "f8", "g8", "h8", "e9", "f9", "g9", "h9",
            ]
            .into_iter()
            .map(hole)
            .collect(),
        };
        for (lang, row4, edge) in [
            ("en", "an edge template from row 4", "bottom"),
            ("de", "Randvorlage ab Reihe 4", ""),
            ("fr", "gabarit de bord depuis la rangée 4", ""),
            ("it", "schema di bordo dalla fila 4", ""),
            ("nl", "randpatroon vanaf rij 4", ""),
        ] {
            let msg = Messages::for_language(lang);
            let w = Writer {
                msg: &msg,
                player: Player::Red,
                shown: HashSet::new(),
                written: 0,
            };
            let text = w.gap(&gap);
            assert!(text.starts_with("f7 "), "{lang}: {text}");
            assert!(text.contains("e9, f9, g9, h9"), "{lang}: {text}");
            assert!(text.contains(row4), "{lang}: {text}");
            assert!(text.contains(edge), "{lang}: {text}");
            assert!(!text.contains('{'), "{lang}: {text}");
        }
    }
}
