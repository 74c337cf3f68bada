//! One rules interface for tools written once for every game: bots,
//! editors, bindings. [`GameState`] asks whose turn it is, lists the legal
//! moves, plays and takes moves back, and says how the game ended.
//!
//! ```
//! use twixt_core::state::{GameState, Outcome};
//! use twixt_core::{Position, RuleSet};
//!
//! let mut pos = Position::new(RuleSet::pencil()).unwrap();
//! let before = pos.clone();
//! let first = GameState::legal_moves(&pos).next().unwrap();
//! GameState::play(&mut pos, &first).unwrap();
//! assert!(GameState::undo(&mut pos));
//! assert_eq!(pos, before);
//! assert_eq!(pos.state_hash(), before.state_hash());
//! assert_eq!(pos.outcome(), Outcome::Ongoing);
//! ```

use crate::board::{Hole, Player};
use crate::dead_draw::DeadDrawRule;
use crate::link::Link;
use crate::moves::{Move, Placement, Removal};
use crate::position::{MoveError, Position, Status, WinBy};
use crate::rules::Linking;

/// How a game stands, as a tool sees it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Outcome<P> {
    /// The game goes on.
    Ongoing,
    /// One player has won.
    Won {
        /// The winner.
        winner: P,
        /// TwixT: the holes of the chain that joins the winner's border
        /// rows. Empty when the game was won otherwise (a resignation, or
        /// TWRS's score).
        chain: Vec<Hole>,
    },
    /// Drawn (by agreement in TwixT, on equal points in TWRS).
    Drawn,
    /// TwixT: neither player can connect any more, under rules where that
    /// ends the game.
    DeadDraw,
    /// TwixT: the player to move has no legal move (every hole it may use
    /// is taken and nothing can be lifted). There is no pass: the game
    /// ends in a draw, under every rule set.
    NoLegalMove,
}

impl<P> Outcome<P> {
    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }
}

/// A game's rules as a state machine a tool plays and takes back moves in.
///
/// Implemented by TwixT's [`Position`] (here) and by TWRS's position (in
/// `twrs-core`). Moves played with [`play`](Self::play) are recorded so
/// that [`undo`](Self::undo) takes them back; a type's own move methods
/// may not record (TwixT's `Position::play` does not, and forgets the
/// record).
pub trait GameState: Clone {
    /// The side that moves.
    type Player: Copy + Eq + std::fmt::Debug;
    /// One move.
    type Move: Clone + Eq + std::fmt::Debug;
    /// Why a move is refused.
    type Error: std::error::Error;

    /// The side to move.
    fn player_to_move(&self) -> Self::Player;

    /// The legal moves, in a fixed order; none once the game is over. Each
    /// type says which moves it lists when the rules allow more than can
    /// be listed.
    fn legal_moves(&self) -> impl Iterator<Item = Self::Move> + '_;

    /// How many moves [`legal_moves`](Self::legal_moves) lists (a type
    /// may count them without building them).
    fn legal_move_count(&self) -> usize {
        self.legal_moves().count()
    }

    /// The `k`-th (from 0) move [`legal_moves`](Self::legal_moves) lists:
    /// with [`legal_move_count`](Self::legal_move_count), a random player
    /// picks one uniformly without building the list.
    fn nth_legal_move(&self, k: usize) -> Option<Self::Move> {
        self.legal_moves().nth(k)
    }

    /// Whether [`play`](Self::play) would accept `mv`.
    fn is_legal(&self, mv: &Self::Move) -> bool;

    /// Plays `mv` and records it for [`undo`](Self::undo); an illegal
    /// move changes nothing and says why.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Self::Error>;

    /// Takes back the last move played with [`play`](Self::play),
    /// restoring the position exactly; false when there is none.
    fn undo(&mut self) -> bool;

    /// How the game stands.
    fn outcome(&self) -> Outcome<Self::Player>;

    /// Whether the game has ended (`outcome().is_over()`, which a type may
    /// answer faster).
    fn is_terminal(&self) -> bool {
        self.outcome().is_over()
    }

    /// A 64-bit key, equal for equal positions (`==`); different
    /// positions collide rarely.
    fn state_hash(&self) -> u64;
}

/// TwixT under any rule set.
///
/// **Legal moves**, in this order: accepting the opponent's standing draw
/// offer; the swap, when the rules have one and it is the second move;
/// then one placement per empty hole the mover may use, in board order:
///
/// - automatic linking (`pencil`, `dujardin`, `t1`) and automatic
///   editable linking (`editable`): the bare peg; the engine adds the links;
/// - manual linking (`board`, `schmidt`): the peg with every link it can
///   take now ([`Position::links_for_peg`]), at most as many as the
///   mover's link supply has left (in link order). A placement with
///   fewer links, or with links between older pegs, is legal too but not
///   listed: every subset of links would multiply the placements;
/// - a peg supply used up: each own peg taken off (`-e4`) with each
///   placement, the hole freed included.
///
/// Not listed, though legal where the rules allow: resigning, offering a
/// draw with a placement, removing own links or pegs (`removal: links`,
/// `links-and-pegs`) beyond a used-up supply, links added by hand under
/// `automatic-editable`. [`is_legal`](GameState::is_legal) and
/// [`play`](GameState::play) take them all.
///
/// **Undo** costs, for a placement without removals (the usual move): one
/// journal entry per link the move added, taken back newest first (the
/// link's bit, the crossing marks it set, the chains it joined), and the
/// peg's byte cleared: every word comes back exactly, with no walk over
/// chains and no allocation once warm. (Moves played this way shorten no
/// union-find paths, so that a link's join is its only union-find write.) A
/// move with removals, and a swap, keep a copy of the board before them
/// (reused buffers); a resignation or an accepted draw, a few words.
/// Status, move count, player to move, draw offer and supply counts are
/// restored from a record saved before each move. Moves played this way
/// also keep bit sets of the free holes, so that
/// [`legal_move_count`](GameState::legal_move_count) and
/// [`nth_legal_move`](GameState::nth_legal_move) cost a few words when each
/// hole is one listed move.
///
/// **Outcome**: the status's win (with [`Position::winning_chain`] when it
/// is by connection) or agreed draw; while the status is ongoing,
/// [`Outcome::DeadDraw`] when neither side can connect under rules where
/// that ends the game (a search: `outcome` costs one, `is_terminal` does
/// not search and reads the status only).
///
/// **Hash**: computed afresh on each call, one pass over the board (not
/// incremental), over exactly what `==` compares.
impl GameState for Position {
    type Player = Player;
    type Move = Move;
    type Error = MoveError;

    fn player_to_move(&self) -> Player {
        self.to_move()
    }

    fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let ongoing = self.status() == Status::Ongoing;
        let mover = self.to_move();
        let accept =
            (ongoing && self.draw_offer() == Some(mover.opponent())).then_some(Move::AcceptDraw);
        let swap = (ongoing && self.swap_allowed()).then_some(Move::Swap);
        let reuse = ongoing
            && self
                .rules()
                .supply_pegs
                .is_some_and(|n| self.pegs_on_board(mover) >= u32::from(n));
        let lifted: Vec<Hole> = if reuse {
            self.pegs()
                .filter(|&(_, p)| p == mover)
                .map(|(h, _)| h)
                .collect()
        } else {
            vec![NO_REMOVAL]
        };
        let free: Vec<Hole> = if ongoing {
            self.free_holes(mover)
                .map(|i| self.geometry().hole(i))
                .collect()
        } else {
            Vec::new()
        };
        accept
            .into_iter()
            .chain(swap)
            .chain(lifted.into_iter().flat_map(move |off| {
                let extra = (off != NO_REMOVAL).then_some(off);
                free.clone()
                    .into_iter()
                    .chain(extra)
                    .map(move |hole| Move::Place(self.listed_placement(hole, off)))
            }))
    }

    fn legal_move_count(&self) -> usize {
        match self.listed_heads() {
            Some(Heads { accept, swap }) => {
                usize::from(accept) + usize::from(swap) + self.free_hole_count(self.to_move())
            }
            None => self.listed_count(),
        }
    }

    fn nth_legal_move(&self, mut k: usize) -> Option<Move> {
        let Some(Heads { accept, swap }) = self.listed_heads() else {
            return self.listed_nth(k);
        };
        if accept {
            if k == 0 {
                return Some(Move::AcceptDraw);
            }
            k -= 1;
        }
        if swap {
            if k == 0 {
                return Some(Move::Swap);
            }
            k -= 1;
        }
        let hole = self.nth_free_hole(self.to_move(), k)?;
        Some(Move::Place(self.listed_placement(hole, NO_REMOVAL)))
    }

    fn is_legal(&self, mv: &Move) -> bool {
        match mv {
            Move::Place(p)
                if p.removals.is_empty()
                    && p.links.is_empty()
                    && self.rules().links != Linking::Manual =>
            {
                self.can_place(p.hole)
            }
            _ => {
                let mut copy = self.clone_unrecorded();
                copy.play(mv).is_ok()
            }
        }
    }

    fn play(&mut self, mv: &Move) -> Result<(), MoveError> {
        self.play_recorded(mv)
    }

    fn undo(&mut self) -> bool {
        self.undo_recorded()
    }

    fn outcome(&self) -> Outcome<Player> {
        match self.status() {
            Status::Won { winner, by, .. } => Outcome::Won {
                winner,
                chain: match by {
                    WinBy::Connection => self.winning_chain(winner),
                    WinBy::Resignation => Vec::new(),
                },
            },
            Status::Drawn { .. } => Outcome::Drawn,
            Status::Ongoing if self.has_no_legal_move() => Outcome::NoLegalMove,
            Status::Ongoing
                if DeadDrawRule::of(self.rules()) == DeadDrawRule::EndsTheGame
                    && self.is_dead_draw() =>
            {
                Outcome::DeadDraw
            }
            Status::Ongoing => Outcome::Ongoing,
        }
    }

    fn is_terminal(&self) -> bool {
        self.status() != Status::Ongoing
    }

    fn state_hash(&self) -> u64 {
        self.key()
    }
}

impl Position {
    /// Whether the player to move has no legal move in an ongoing game:
    /// no empty hole it may use, and no move that lifts a peg to make
    /// room. The rules then end the game in a draw (there is no pass).
    pub fn has_no_legal_move(&self) -> bool {
        let player = self.to_move();
        let size = self.size();
        // Most positions have an empty hole the player may use: answered
        // without listing the moves.
        !size
            .holes()
            .any(|h| self.peg(h).is_none() && size.playable_by(player, h))
            && GameState::legal_move_count(self) == 0
    }
}

/// Stands for "no peg taken off" in the legal-move generator (no board
/// is that large).
const NO_REMOVAL: Hole = Hole {
    col: u16::MAX,
    row: u16::MAX,
};

/// Which moves are listed before the placements.
struct Heads {
    /// Accepting the opponent's draw offer (listed first).
    accept: bool,
    /// The swap.
    swap: bool,
}

impl Position {
    /// The moves listed before the placements, when the placements are
    /// one per free hole; `None` when the game is over or a used-up
    /// supply lists reuses. (Flags, not moves: a playout asks this twice
    /// a ply.)
    #[inline]
    fn listed_heads(&self) -> Option<Heads> {
        let mover = self.to_move();
        let reuse = self
            .rules()
            .supply_pegs
            .is_some_and(|n| self.pegs_on_board(mover) >= u32::from(n));
        if self.status() != Status::Ongoing || reuse {
            return None;
        }
        Some(Heads {
            accept: self.draw_offer() == Some(mover.opponent()),
            swap: self.swap_allowed(),
        })
    }

    /// `legal_moves().count()`, out of line: it is rare (a used-up
    /// supply, a finished game), and inlined it would slow the common path.
    #[inline(never)]
    fn listed_count(&self) -> usize {
        self.legal_moves().count()
    }

    /// `legal_moves().nth(k)`, out of line as [`listed_count`](Self::listed_count).
    #[inline(never)]
    fn listed_nth(&self, k: usize) -> Option<Move> {
        self.legal_moves().nth(k)
    }

    /// A copy without the undo record (what `is_legal` tries moves on).
    fn clone_unrecorded(&self) -> Position {
        let mut copy = self.clone();
        copy.drop_undo();
        copy
    }

    /// The placement at `hole` the legal-move generator lists, after taking
    /// the own peg at `off` off (unless `off` is [`NO_REMOVAL`]).
    #[inline]
    fn listed_placement(&self, hole: Hole, off: Hole) -> Placement {
        if off == NO_REMOVAL && self.rules().links != Linking::Manual {
            return Placement::peg(hole);
        }
        self.listed_placement_in_full(hole, off)
    }

    /// [`listed_placement`](Self::listed_placement) with a removal or
    /// links by hand.
    fn listed_placement_in_full(&self, hole: Hole, off: Hole) -> Placement {
        let mut p = Placement::peg(hole);
        if off != NO_REMOVAL {
            p.removals.push(Removal::Peg(off));
        }
        if self.rules().links == Linking::Manual {
            let mover = self.to_move();
            let left = self.rules().supply_links.map_or(usize::MAX, |n| {
                u32::from(n).saturating_sub(self.links_on_board(mover)) as usize
            });
            let links: Vec<Link> = self
                .links_for_peg(hole, mover)
                .into_iter()
                .filter(|l| off == NO_REMOVAL || !l.touches(off))
                .take(left)
                .collect();
            p.links = links.into();
        }
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position_line;
    use crate::random::{SplitMix64, playout, random_game};
    use crate::rules::RuleSet;
    use proptest::prelude::*;

    /// A side with no legal move ends the game in a draw (there is no
    /// pass), as an outcome every tool sees; with a move left it goes on.
    #[test]
    fn no_legal_move_is_an_outcome() {
        let mut pos =
            Position::new(RuleSet::preset_on("t1", "5".parse().unwrap()).unwrap()).unwrap();
        for m in "c1 c2 d5 b4 d2 d4 d1 c3 c5 d3 b1 c4 b2 b3 b5 e2".split(' ') {
            assert_eq!(GameState::outcome(&pos), Outcome::Ongoing, "before {m}");
            GameState::play(&mut pos, &Move::peg(m.parse().unwrap())).unwrap();
        }
        assert_eq!(pos.legal_moves().count(), 0);
        assert!(pos.has_no_legal_move());
        assert_eq!(GameState::outcome(&pos), Outcome::NoLegalMove);
        assert!(GameState::outcome(&pos).is_over());
        pos.undo();
        assert!(!pos.has_no_legal_move());
        assert_eq!(GameState::outcome(&pos), Outcome::Ongoing);
        // Random games of every preset on small boards: no legal move and
        // the outcome say the same.
        for preset in RuleSet::presets() {
            for seed in 0..40 {
                let rules = preset.rules.clone().with_size("4".parse().unwrap());
                let Ok(mut pos) = Position::new(rules) else {
                    continue;
                };
                let mut rng = SplitMix64::new(seed);
                while pos.status() == Status::Ongoing {
                    let listed: Vec<Move> = pos.legal_moves().collect();
                    assert_eq!(
                        listed.is_empty(),
                        pos.has_no_legal_move(),
                        "{}",
                        preset.name
                    );
                    let Some(mv) = rng.pick(&listed).cloned() else {
                        break;
                    };
                    GameState::play(&mut pos, &mv).unwrap();
                }
            }
        }
    }

    /// Everything undo must give back: the position, its hash, legal
    /// moves, status, line and chains.
    type Fingerprint = (Position, u64, Vec<Move>, Status, String, Vec<(usize, u8)>);

    fn fingerprint(pos: &Position) -> Fingerprint {
        let mut copy = pos.clone();
        copy.drop_undo();
        (
            copy,
            pos.state_hash(),
            pos.legal_moves().collect(),
            pos.status(),
            position_line::write(pos),
            pos.grouping(),
        )
    }

    /// The free-hole bit sets kept with recorded play agree with a pass
    /// over the board.
    fn check_free_kept(pos: &Position) {
        for player in [Player::Red, Player::Black] {
            if let Some(kept) = pos.kept_free_holes(player) {
                let scanned: Vec<usize> = pos.free_holes(player).collect();
                assert_eq!(kept, scanned, "free holes of {player}");
                let n = scanned.len();
                assert_eq!(pos.free_hole_count(player), n);
                for k in [0, n / 3, n / 2, n.saturating_sub(1), n] {
                    let hole = scanned.get(k).map(|&i| pos.geometry().hole(i));
                    assert_eq!(pos.nth_free_hole(player, k), hole, "{player} k {k}");
                }
            }
        }
    }

    /// Plays `moves` through the interface; after each, undoes it and
    /// checks the position is as before, then plays it again. At the end
    /// undoes everything back to the start.
    fn check_undo(rules: &RuleSet, moves: &[Move]) {
        let mut pos = Position::new(rules.clone()).unwrap();
        let start = fingerprint(&pos);
        for (k, mv) in moves.iter().enumerate() {
            let before = fingerprint(&pos);
            GameState::play(&mut pos, mv).unwrap();
            check_free_kept(&pos);
            assert!(GameState::undo(&mut pos));
            check_free_kept(&pos);
            assert!(pos.same_words(&before.0), "undo of move {k} {mv:?}: words");
            let after = fingerprint(&pos);
            assert!(after.0 == before.0, "undo of move {k} {mv:?}: position");
            assert!(after.1 == before.1, "undo of move {k} {mv:?}: hash");
            assert!(after.2 == before.2, "undo of move {k} {mv:?}: legal moves");
            assert!(after.3 == before.3, "undo of move {k} {mv:?}: status");
            assert_eq!(after.4, before.4, "undo of move {k} {mv:?}: line");
            let wrong: Vec<_> = (0..after.5.len())
                .filter(|&i| after.5[i] != before.5[i])
                .map(|i| (i, after.5[i], before.5[i]))
                .collect();
            assert!(
                wrong.is_empty(),
                "undo of move {k} {mv:?}: chains {wrong:?}"
            );
            GameState::play(&mut pos, mv).unwrap();
        }
        for _ in moves {
            assert!(GameState::undo(&mut pos));
        }
        assert!(!GameState::undo(&mut pos));
        assert_eq!(fingerprint(&pos), start);
    }

    /// Plays `moves` through the interface, keeping a copy of the
    /// position before each; then takes them all back, newest first, and
    /// checks each position reached against its copy: equal, the same
    /// hash, every word the same, the free-hole sets right. (Undo after
    /// undo, as a search backs out of a line, where `check_undo` takes
    /// back one move at a time.)
    fn check_undo_to_copies(rules: &RuleSet, moves: &[Move]) {
        let mut pos = Position::new(rules.clone()).unwrap();
        let mut copies = Vec::new();
        for mv in moves {
            copies.push(pos.clone_unrecorded());
            GameState::play(&mut pos, mv).unwrap();
        }
        while let Some(copy) = copies.pop() {
            let k = copies.len();
            assert!(GameState::undo(&mut pos), "undo of move {k}");
            assert!(pos == copy, "undo of move {k}: position");
            assert_eq!(
                pos.state_hash(),
                copy.state_hash(),
                "undo of move {k}: hash"
            );
            assert!(pos.same_words(&copy), "undo of move {k}: words");
            check_free_kept(&pos);
        }
        assert!(!GameState::undo(&mut pos));
    }

    /// The moves of a playout through the interface under `rules`.
    fn playout_moves(rules: &RuleSet, seed: u64, max: usize) -> Vec<Move> {
        let mut pos = Position::new(rules.clone()).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut moves = Vec::new();
        while !pos.is_terminal() && moves.len() < max {
            let Some(mv) = pos.nth_legal_move(rng.below(pos.legal_move_count().max(1))) else {
                break;
            };
            GameState::play(&mut pos, &mv).unwrap();
            moves.push(mv);
        }
        moves
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// Every preset (automatic and manual linking, crossing rules,
        /// both swaps, supplies and removals), random games with all their
        /// kinds of move and playouts through the interface: taken back
        /// move after move, each position matches the copy made before
        /// its move.
        #[test]
        fn undo_returns_to_each_copy(seed in any::<u64>()) {
            for preset in RuleSet::presets() {
                check_undo_to_copies(&preset.rules, &random_game(&preset.rules, seed, 300));
                check_undo_to_copies(&preset.rules, &playout_moves(&preset.rules, seed, 300));
            }
        }

        /// The random games mix in swaps, draw offers, removals and links
        /// by hand: every kind of move is taken back.
        #[test]
        fn undo_restores_random_games(seed in any::<u64>()) {
            for preset in RuleSet::presets() {
                check_undo(&preset.rules, &random_game(&preset.rules, seed, 200));
            }
        }

        /// Games through the interface's own moves, to their end.
        #[test]
        fn undo_restores_playouts(seed in any::<u64>()) {
            for preset in RuleSet::presets() {
                let mut pos = Position::new(preset.rules.clone()).unwrap();
                let mut rng = SplitMix64::new(seed);
                let mut moves = Vec::new();
                while !pos.is_terminal() && moves.len() < 300 {
                    let listed: Vec<Move> = pos.legal_moves().collect();
                    let Some(mv) = rng.pick(&listed).cloned() else { break };
                    GameState::play(&mut pos, &mv).unwrap();
                    moves.push(mv);
                }
                check_undo(&preset.rules, &moves);
            }
        }

        /// Listed moves are accepted, and accepted moves of the listed
        /// kinds (bare or fully linked pegs at any hole, swap, accepting a
        /// draw) are listed.
        #[test]
        fn legal_moves_are_what_play_accepts(seed in any::<u64>()) {
            for preset in RuleSet::presets() {
                let rules = preset.rules.clone();
                let mut rng = SplitMix64::new(seed);
                for (k, mv) in random_game(&rules, seed, 120).iter().enumerate() {
                    let pos = {
                        let mut p = Position::new(rules.clone()).unwrap();
                        for m in &random_game(&rules, seed, 120)[..k] {
                            p.play(m).unwrap();
                        }
                        p
                    };
                    let listed: Vec<Move> = pos.legal_moves().collect();
                    prop_assert_eq!(pos.legal_move_count(), listed.len());
                    for k in [0, listed.len() / 2, listed.len().saturating_sub(1), listed.len()] {
                        prop_assert_eq!(pos.nth_legal_move(k), listed.get(k).cloned());
                    }
                    for m in listed.iter().filter(|_| rng.one_in(8)) {
                        prop_assert!(pos.is_legal(m), "{m:?}");
                        prop_assert!(pos.clone_unrecorded().play(m).is_ok(), "{m:?}");
                    }
                    let holes: Vec<Hole> = rules.size.holes().collect();
                    let mut candidates = vec![Move::Swap, Move::AcceptDraw, mv.clone()];
                    for _ in 0..20 {
                        let hole = *rng.pick(&holes).unwrap();
                        candidates.push(Move::Place(pos.listed_placement(hole, NO_REMOVAL)));
                    }
                    for c in candidates {
                        let accepted = pos.clone_unrecorded().play(&c).is_ok();
                        prop_assert_eq!(accepted, pos.is_legal(&c), "{:?}", c);
                        let plain = matches!(&c, Move::Place(p) if p.removals.is_empty() && !p.offers_draw
                            && (rules.links == Linking::Manual || p.links.is_empty()))
                            && c != *mv || matches!(c, Move::Swap | Move::AcceptDraw);
                        if accepted && plain {
                            prop_assert!(listed.contains(&c), "{:?} accepted but not listed", c);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn playout_leaves_the_position_as_it_was() {
        for preset in RuleSet::presets() {
            let mut pos = Position::new(preset.rules.clone()).unwrap();
            let before = fingerprint(&pos);
            let (plies, _) = playout(&mut pos, &mut SplitMix64::new(3), 2000);
            assert!(plies > 10, "{}", preset.name);
            assert_eq!(fingerprint(&pos), before);
        }
    }

    /// A move played outside the interface leaves nothing to undo (the
    /// record would no longer match the board).
    #[test]
    fn a_plain_play_forgets_the_record() {
        let mut pos = Position::new(RuleSet::dujardin()).unwrap();
        GameState::play(&mut pos, &Move::peg("e5".parse().unwrap())).unwrap();
        pos.play(&Move::peg("k9".parse().unwrap())).unwrap();
        assert!(!GameState::undo(&mut pos));
        assert_eq!(pos.ply(), 2);
    }

    #[test]
    fn a_win_names_its_chain() {
        let mut pos = Position::new(RuleSet::pencil()).unwrap();
        let mut rng = SplitMix64::new(11);
        loop {
            let listed: Vec<Move> = pos.legal_moves().collect();
            let mv = rng.pick(&listed).cloned().unwrap();
            GameState::play(&mut pos, &mv).unwrap();
            if let Outcome::Won { winner, chain } = pos.outcome() {
                assert!(chain.len() >= 2);
                assert!(chain.iter().all(|&h| pos.peg(h) == Some(winner)));
                break;
            }
        }
    }
}
