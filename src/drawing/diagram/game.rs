//! Diagrams of a recorded game at chosen moves: the record is replayed
//! through the engine and the position after each chosen move becomes a
//! [`Diagram`] with move numbers and a caption.

use super::model::{Diagram, Numbering};
use crate::messages::Messages;
use crate::record::Record;
use twixt_core::board::Player;
use twixt_core::history::History;
use twixt_core::moves::Move;
use twixt_core::position::{MoveError, Position};

/// Which positions of a game to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Select {
    /// After move N (1-based; 0 is the empty board).
    Move(u32),
    /// After every K moves, and the final position.
    Every(u32),
    /// The final position only.
    Final,
}

impl Select {
    /// Whether the position after `ply` of a line of `total` moves is chosen.
    pub(crate) fn wants(self, ply: u32, total: u32) -> bool {
        match self {
            Select::Move(m) => ply == m,
            Select::Every(k) => (ply > 0 && ply.is_multiple_of(k)) || ply == total,
            Select::Final => ply == total,
        }
    }
}

/// The caption of the position after `ply` moves, in any game, in
/// `msgs`' words: the moves shown (ply 0 is the "start position" of a game
/// played from pieces `set_up`, else the "empty board"), after the `title`
/// when there is one.
pub(crate) fn moves_caption(
    ply: u32,
    set_up: bool,
    title: Option<&str>,
    msgs: &Messages,
) -> String {
    let moves = match ply {
        0 if set_up => msgs.get("caption-start").to_string(),
        0 => msgs.get("caption-empty").to_string(),
        n => msgs.fill("caption-move", &[("n", &n.to_string())]),
    };
    match title {
        Some(t) if !t.trim().is_empty() => {
            msgs.fill("caption-titled", &[("what", &moves), ("title", t)])
        }
        _ => {
            let mut c = moves.chars();
            c.next()
                .map(|first| first.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        }
    }
}

/// Why a record could not be drawn.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GameDiagramError {
    /// The record's rule set gives no starting position; the text says why.
    #[error("the record's rules are impossible: {0}")]
    Rules(String),
    /// A move of the record is illegal.
    #[error("move {number} is illegal: {error}")]
    Illegal {
        /// Its move number (1-based).
        number: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: MoveError,
    },
    /// [`Select::Move`] asked for a move past the end of the game.
    #[error("move {asked} was asked for, but the game has {moves} moves")]
    NoSuchMove {
        /// The move number asked for.
        asked: u32,
        /// Moves in the game.
        moves: usize,
    },
    /// [`Select::Every`] was given a step of 0.
    #[error("--every needs a step of at least 1")]
    ZeroStep,
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for GameDiagramError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// One drawn position: the number of moves played and its diagram.
#[derive(Debug, Clone, PartialEq)]
pub struct GameDiagram {
    /// Moves played before the drawn position.
    pub ply: u32,
    /// The drawn position.
    pub diagram: Diagram,
    /// Who moves next in the drawn position.
    pub to_move: Player,
}

/// Replays `record` and draws the positions chosen by `select`. Pegs carry
/// their move numbers as `numbering` says; the last move is ringed; each
/// caption names the title (when given) and the moves shown.
pub fn game_diagrams(
    record: &Record,
    select: Select,
    numbering: Numbering,
    title: Option<&str>,
) -> Result<Vec<GameDiagram>, GameDiagramError> {
    let start = Position::with_first(record.rules.clone(), record.first)
        .map_err(|e| GameDiagramError::Rules(e.to_string()))?;
    let mut out = Vec::new();
    let msgs = Messages::default();
    let words = Words { title, msgs: &msgs };
    each_diagram_from(start, &record.moves, select, numbering, words, |d| {
        out.push(d);
        Ok::<(), GameDiagramError>(())
    })?;
    Ok(out)
}

/// What a caption says besides the moves: the game's title, when it has
/// one there, and the language it is said in.
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    /// The title put before the moves.
    pub title: Option<&'a str>,
    /// The words of the caption and of the side-to-move line.
    pub msgs: &'a Messages,
}

/// As [`game_diagrams`] for `moves` played from `start` (a setup, say),
/// handing each diagram to `f` as soon as it is drawn, so that memory holds
/// one position and one diagram however many are chosen: ply 0 is the
/// start position, and only the moves played carry numbers. The moves are
/// checked first: an illegal move or a move number past the end is an
/// error before `f` sees anything.
pub fn each_diagram_from<E: From<GameDiagramError>>(
    start: Position,
    moves: &[Move],
    select: Select,
    numbering: Numbering,
    words: Words<'_>,
    mut f: impl FnMut(GameDiagram) -> Result<(), E>,
) -> Result<(), E> {
    check_moves(start.clone(), moves)?;
    let total = moves.len();
    let wanted = |n: u32| select.wants(n, total as u32);
    match select {
        Select::Move(n) if n as usize > total => {
            return Err(GameDiagramError::NoSuchMove {
                asked: n,
                moves: total,
            }
            .into());
        }
        Select::Every(0) => return Err(GameDiagramError::ZeroStep.into()),
        _ => {}
    }
    // The position, and the hole each move's peg now stands in (for its number).
    let mut game = History::new(start);
    let snapshot = |game: &History, ply: u32| {
        let pos = game.position();
        let mut d = Diagram::from_history(game, numbering);
        // A game played from a setup: ply 0 is that position.
        d.caption(moves_caption(
            ply,
            pos.pegs().next().is_some(),
            words.title,
            words.msgs,
        ));
        d.to_move_words = Some(words.msgs.to_play_words());
        GameDiagram {
            ply,
            diagram: d,
            to_move: pos.to_move(),
        }
    };
    if wanted(0) {
        f(snapshot(&game, 0))?;
    }
    for (i, mv) in moves.iter().enumerate() {
        game.play(mv).map_err(|error| GameDiagramError::Illegal {
            number: i + 1,
            mv: mv.clone(),
            error,
        })?;
        let ply = i as u32 + 1;
        if wanted(ply) {
            f(snapshot(&game, ply))?;
        }
    }
    Ok(())
}

/// Plays the moves without drawing: every one is legal.
fn check_moves(mut pos: Position, moves: &[Move]) -> Result<(), GameDiagramError> {
    for (i, mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|error| GameDiagramError::Illegal {
            number: i + 1,
            mv: mv.clone(),
            error,
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use twixt_core::rules::RuleSet;

    #[test]
    fn a_placeholder_event_gives_way_to_the_players() {
        let record_title = |r: &Record| crate::record::game_title(|t| r.tag(t));
        let mut r = Record::new(RuleSet::pencil());
        r.tags.push(("Red".into(), "spd".into()));
        r.tags.push(("Black".into(), "tasuki".into()));
        for placeholder in ["null", "twixt", " "] {
            r.tags.retain(|(k, _)| k != "Event");
            r.tags.push(("Event".into(), placeholder.into()));
            assert_eq!(record_title(&r).as_deref(), Some("spd – tasuki"));
        }
        // One rule: the title, else the players, else the event.
        r.tags.retain(|(k, _)| k != "Event");
        r.tags.push(("Event".into(), "twixt.ch.23.1.1".into()));
        assert_eq!(record_title(&r).as_deref(), Some("spd – tasuki"));
        r.tags.push(("Title".into(), "Final".into()));
        assert_eq!(record_title(&r).as_deref(), Some("Final"));
        r.tags.retain(|(k, _)| k != "Title" && k != "Black");
        assert_eq!(record_title(&r).as_deref(), Some("twixt.ch.23.1.1"));
    }

    fn record(moves: &[&str]) -> Record {
        let mut r = Record::new(RuleSet::dujardin());
        r.moves = moves
            .iter()
            .map(|m| Move::peg(m.parse().unwrap()))
            .collect();
        r
    }

    #[test]
    fn chosen_positions_with_numbers() {
        let r = record(&["l12", "m14", "k14", "n12", "j16"]);
        let ds = game_diagrams(&r, Select::Every(2), Numbering::All, Some("Test")).unwrap();
        let plies: Vec<u32> = ds.iter().map(|d| d.ply).collect();
        assert_eq!(plies, vec![2, 4, 5]);
        let last = &ds[2].diagram;
        assert_eq!(last.pegs.len(), 5);
        assert_eq!(last.labels[&"j16".parse().unwrap()], "5");
        assert_eq!(last.last, Some("j16".parse().unwrap()));
        // Automatic links under Dujardin rules.
        assert!(last.links.contains(&"l12-k14".parse().unwrap()));
        assert_eq!(last.caption.as_deref(), Some("Test: after move 5"));
        let d = game_diagrams(&r, Select::Move(0), Numbering::All, None).unwrap();
        assert_eq!(d[0].diagram.caption.as_deref(), Some("Empty board"));
        assert!(matches!(
            game_diagrams(&r, Select::Move(9), Numbering::All, None),
            Err(GameDiagramError::NoSuchMove { asked: 9, moves: 5 })
        ));
    }

    #[test]
    fn mirror_swap_moves_the_number() {
        let mut r = Record::new(RuleSet::pencil());
        r.moves = vec![Move::peg("c5".parse().unwrap()), Move::Swap];
        let d = game_diagrams(&r, Select::Final, Numbering::All, None).unwrap();
        let d = &d[0].diagram;
        assert_eq!(d.pegs.len(), 1);
        let (h, _) = d.pegs.iter().next().unwrap();
        assert_eq!(d.labels.get(h).map(String::as_str), Some("1"));
    }

    #[test]
    fn illegal_moves_are_reported() {
        let r = record(&["l12", "l12"]);
        let e = game_diagrams(&r, Select::Final, Numbering::All, None).unwrap_err();
        assert!(
            matches!(e, GameDiagramError::Illegal { number: 2, .. }),
            "{e}"
        );
    }
}
