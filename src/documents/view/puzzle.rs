//! A puzzle's answers for the page's solve mode, worked out here when the
//! page is written: the page compares the hole clicked with a list and
//! needs no rules of its own.
//!
//! A game with a `[Task]` is a puzzle for the side that makes its first
//! move. Wherever that side is to move in a line, the script's move is
//! right, and so is the first move of each variation written in its place,
//! unless a `?` glyph marks it as a mistake.
//!
//! Where the replay proved that the solver wins (a `#wins` claim, or a
//! solution it followed move by move to there), every other move the
//! search finds winning within the moves left is accepted too: the page
//! says that it wins and goes on with the script's move.

use crate::win_claims::SearchBudget;
use twixt_core::board::{Hole, Player};
use twixt_core::position::Position;
use twixt_core::solver;

use super::ViewLine;

/// What solve mode accepts in a puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// The task, as the `[Task]` header says it ("Red to play and win").
    pub task: String,
    /// The side that solves.
    pub solver: Player,
    /// Every position where the solver is to move, with its answers.
    pub answers: Vec<Answer>,
}

/// A position where the solver is to move: the line and ply, and the holes
/// that are right there, each with the line the game goes on in.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The line.
    pub line: usize,
    /// The ply before the move to find.
    pub ply: u32,
    /// Right moves: the hole, and the line that plays it.
    pub accepted: Vec<(Hole, usize)>,
    /// When the replay proved here that the solver wins: within how many
    /// of their moves (and the search for winning moves finished).
    pub wins_within: Option<u32>,
    /// Other moves that win within [`Answer::wins_within`], as the search
    /// found them (in board order): right too, though the script goes on
    /// with its own move.
    pub also_wins: Vec<Hole>,
}

/// A position where the replay proved that `player`, to move, wins within
/// `moves` of their moves: at a `#wins` claim, or where the solution after
/// one has led.
#[derive(Debug, Clone)]
pub(crate) struct Proven {
    /// The line.
    pub line: usize,
    /// The ply before the solver's move.
    pub ply: u32,
    /// The position.
    pub pos: Position,
    /// The side that wins.
    pub player: Player,
    /// Within how many of its moves.
    pub moves: u32,
}

impl Puzzle {
    /// The puzzle of a game with `task`, from its lines (line 0 the main line).
    pub fn of(task: String, lines: &[ViewLine]) -> Puzzle {
        let solver = lines
            .first()
            .and_then(|l| l.moves.first())
            .map_or(Player::Red, |m| m.player);
        let mut answers = Vec::new();
        for (id, line) in lines.iter().enumerate() {
            for m in line.moves.iter().filter(|m| m.player == solver) {
                let Some(hole) = m.hole else { continue };
                let mut accepted = vec![(hole, id)];
                for &v in &m.variations {
                    let Some(first) = lines.get(v).and_then(|l| l.moves.first()) else {
                        continue;
                    };
                    if let (Some(h), false) = (first.hole, first.text.contains('?'))
                        && !accepted.iter().any(|(a, _)| *a == h)
                    {
                        accepted.push((h, v));
                    }
                }
                answers.push(Answer {
                    line: id,
                    ply: m.ply - 1,
                    accepted,
                    wins_within: None,
                    also_wins: Vec::new(),
                });
            }
        }
        Puzzle {
            task,
            solver,
            answers,
        }
    }

    /// Adds, where the replay proved the solver's win (`proven`), every
    /// winning move the search finds within `budget` (the limits `check`
    /// searches claims in). A search that reaches a limit adds nothing:
    /// there the script's moves stay the only answers.
    pub(crate) fn add_winning_moves(&mut self, proven: &[Proven], budget: &SearchBudget) {
        for p in proven.iter().filter(|p| p.player == self.solver) {
            let Some(answer) = self
                .answers
                .iter_mut()
                .find(|a| a.line == p.line && a.ply == p.ply)
            else {
                continue;
            };
            let Ok(keys) = solver::winning_keys(&p.pos, p.player, p.moves, &budget.search_limit())
            else {
                continue;
            };
            answer.wins_within = Some(p.moves);
            answer.also_wins = keys
                .answer
                .into_iter()
                .filter(|h| !answer.accepted.iter().any(|(a, _)| a == h))
                .collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::ViewMove;

    fn mv(ply: u32, player: Player, text: &str, hole: Hole, variations: Vec<usize>) -> ViewMove {
        ViewMove {
            ply,
            player,
            text: text.into(),
            hole: Some(hole),
            comments: Vec::new(),
            variations,
        }
    }

    #[test]
    fn the_scripts_move_and_its_unmarked_alternatives_are_right() {
        let h = |c, r| Hole::new(c, r);
        let lines = vec![
            ViewLine {
                parent: None,
                start: 0,
                moves: vec![
                    mv(1, Player::Red, "1. j10", h(9, 9), vec![1, 2]),
                    mv(2, Player::Black, "2. g4", h(6, 3), vec![]),
                ],
                intro: Vec::new(),
            },
            ViewLine {
                parent: Some((0, 0)),
                start: 0,
                moves: vec![mv(1, Player::Red, "1. c3", h(2, 2), vec![])],
                intro: Vec::new(),
            },
            ViewLine {
                parent: Some((0, 0)),
                start: 0,
                moves: vec![mv(1, Player::Red, "1. d4?", h(3, 3), vec![])],
                intro: Vec::new(),
            },
        ];
        let p = Puzzle::of("Red to play and win".into(), &lines);
        assert_eq!(p.solver, Player::Red);
        assert_eq!(p.answers[0].ply, 0);
        assert_eq!(p.answers[0].accepted, vec![(h(9, 9), 0), (h(2, 2), 1)]);
        // Black's move is no question; the variations' own Red moves are.
        assert_eq!(p.answers.len(), 3);
    }
}
