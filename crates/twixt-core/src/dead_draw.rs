//! Can a player still connect? A depth-first search over holes and knight
//! steps, with the rules for which steps are usable described in
//! `docs/engine.md` ("Dead draw").
//!
//! The search tries the steps heading for the far border first, so on an open
//! board it crosses after visiting little more than one path. Deciding a dead
//! draw runs both players' searches in lockstep and stops as soon as either
//! finds a way: a position where one side is shut in but the other is not
//! costs about twice the open side's search, not the whole shut-in region.

use std::cell::RefCell;

use crate::board::Player;
use crate::geometry::{Geometry, flag};
use crate::position::{COLOUR, Position, colour_bits};
use crate::rules::{Crossing, Linking, RemovalRule, RuleSet};

/// What a dead draw means for a game record under a rule set: the one rule
/// `check`, `view`, `book` and the JSON report apply (`docs/engine.md`,
/// "What a dead draw ends").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeadDrawRule {
    /// Nothing can be lifted (no removal, no finite supply): no one can ever
    /// connect again, so the game is drawn from the first move after which
    /// the position is a dead draw; a later move is a warning.
    EndsTheGame,
    /// Pieces can be lifted (any removal, a finite supply): lifting a link
    /// or peg can reopen the opponent's way, so a dead draw holds only as
    /// the pieces stand. It is a note; play goes on and is checked, and a
    /// later connection wins.
    Note,
}

impl DeadDrawRule {
    /// The rule for `rules`: it follows what may come off the board in
    /// effect ([`RuleSet::removal_in_effect`]).
    pub fn of(rules: &RuleSet) -> DeadDrawRule {
        match rules.removal_in_effect() {
            RemovalRule::None => DeadDrawRule::EndsTheGame,
            RemovalRule::Links | RemovalRule::LinksAndPegs => DeadDrawRule::Note,
        }
    }
}

/// Visited bits and stack for one search, reused between calls.
#[derive(Default)]
struct Buffers {
    visited: Vec<u64>,
    stack: Vec<u16>,
}

thread_local! {
    /// One set of buffers per player, so a dead-draw query allocates nothing
    /// after the first on each thread.
    static SCRATCH: RefCell<[Buffers; 2]> = RefCell::new(Default::default());
}

/// Step order per player: entries of [`Geometry::steps`] from least to most
/// promising (the last pushed is explored first). For Red (towards higher
/// rows): two rows back, one row back, one row on, two rows on. For Black
/// the same by columns.
const RED_ORDER: [usize; 8] = [1, 3, 5, 7, 4, 6, 0, 2];
const BLACK_ORDER: [usize; 8] = [5, 6, 1, 2, 0, 3, 4, 7];

/// What a search step found.
enum Progress {
    Connected,
    Exhausted,
    Going,
}

/// One player's search in progress.
struct Search<'a> {
    pos: &'a Position,
    geo: &'a Geometry,
    buf: &'a mut Buffers,
    /// The player's colour bits in a cell.
    mine: u8,
    /// Hole flag: the player may place here.
    playable: u8,
    /// Hole flag: the player's far border.
    end: u8,
    order: [usize; 8],
    /// Colours of links whose crossing shuts a step.
    blocking: u8,
    /// Two own pegs without a link between them stay so (automatic linking
    /// without peg removal: a link only ever comes with a new peg).
    pegs_fixed: bool,
}

impl<'a> Search<'a> {
    fn new(pos: &'a Position, player: Player, buf: &'a mut Buffers) -> Search<'a> {
        let rules = pos.rules();
        let mine = colour_bits(player);
        let (playable, end, order) = match player {
            Player::Red => (flag::PLAYABLE_RED, flag::RED_END, RED_ORDER),
            Player::Black => (flag::PLAYABLE_BLACK, flag::BLACK_END, BLACK_ORDER),
        };
        // Own links shut a step only when nothing may cross them and they
        // can never be taken away.
        let removal = rules.removal_in_effect();
        let own_blocks = rules.crossing == Crossing::None && removal == RemovalRule::None;
        let blocking = colour_bits(player.opponent()) | if own_blocks { mine } else { 0 };
        let pegs_fixed = rules.links == Linking::Automatic && removal != RemovalRule::LinksAndPegs;
        let geo = pos.geometry();
        // Searches usually stop after a few hundred holes, so nothing here
        // is proportional to the board: usability is checked lazily.
        buf.visited.clear();
        buf.visited.resize(geo.slots().div_ceil(64), 0);
        buf.stack.clear();
        Search {
            pos,
            geo,
            buf,
            mine,
            playable,
            end,
            order,
            blocking,
            pegs_fixed,
        }
    }

    /// Seeds the search with the usable holes of the player's first border
    /// (the top row for Red, the left column for Black): every hole of it,
    /// as the geometry lists them (on a cut side its corners are holes).
    fn seed(&mut self, player: Player) -> Progress {
        let start = match player {
            Player::Red => flag::RED_START,
            Player::Black => flag::BLACK_START,
        };
        let geo = self.geo;
        for &i in geo.border_slots(start) {
            if self.usable(i) {
                self.buf.visited[i >> 6] |= 1 << (i & 63);
                self.buf.stack.push(i as u16);
            }
        }
        if self.buf.stack.is_empty() {
            Progress::Exhausted
        } else {
            Progress::Going
        }
    }

    /// An own peg, or an empty hole the player may place in.
    #[inline]
    fn usable(&self, i: usize) -> bool {
        let c = self.pos.cell(i) & COLOUR;
        c == self.mine || (c == 0 && self.geo.hole_flags(i) & self.playable != 0)
    }

    /// Expands one hole.
    fn step(&mut self) -> Progress {
        let Some(u) = self.buf.stack.pop() else {
            return Progress::Exhausted;
        };
        let u = usize::from(u);
        let steps = self.geo.steps(u);
        let u_own = self.pos.cell(u) & COLOUR == self.mine;
        for k in self.order {
            let step = steps[k];
            let v = usize::from(step.hole);
            let (word, bit) = (v >> 6, 1u64 << (v & 63));
            if self.buf.visited[word] & bit != 0 {
                continue;
            }
            // Filler steps lead to slot 0, which is no hole and never usable.
            if !self.usable(v) {
                // Unusable whichever way it is reached: never look again.
                self.buf.visited[word] |= bit;
                continue;
            }
            let id = usize::from(step.link);
            if let Some(owner) = self.pos.link_colour(id) {
                if owner != self.mine {
                    continue;
                }
            } else if self.pos.crossed_colours(id) & self.blocking != 0
                || (self.pegs_fixed && u_own && self.pos.cell(v) & COLOUR == self.mine)
            {
                continue;
            }
            if self.geo.hole_flags(v) & self.end != 0 {
                return Progress::Connected;
            }
            self.buf.visited[word] |= bit;
            self.buf.stack.push(v as u16);
        }
        Progress::Going
    }
}

/// Whether `player` can still join their two border rows.
pub(crate) fn can_connect(pos: &Position, player: Player) -> bool {
    SCRATCH.with(|s| {
        let mut bufs = s.borrow_mut();
        let mut search = Search::new(pos, player, &mut bufs[0]);
        let mut progress = search.seed(player);
        loop {
            match progress {
                Progress::Connected => return true,
                Progress::Exhausted => return false,
                Progress::Going => progress = search.step(),
            }
        }
    })
}

/// Neither player can still connect. Both searches run in turn, one hole
/// each, until one connects or both are exhausted.
pub(crate) fn is_dead_draw(pos: &Position) -> bool {
    SCRATCH.with(|s| {
        let mut bufs = s.borrow_mut();
        let [a, b] = &mut *bufs;
        let mut searches = [
            Search::new(pos, Player::Red, a),
            Search::new(pos, Player::Black, b),
        ];
        let mut going = [true, true];
        for (k, player) in [Player::Red, Player::Black].into_iter().enumerate() {
            match searches[k].seed(player) {
                Progress::Connected => return false,
                Progress::Exhausted => going[k] = false,
                Progress::Going => {}
            }
        }
        while going[0] || going[1] {
            for k in 0..2 {
                if going[k] {
                    match searches[k].step() {
                        Progress::Connected => return false,
                        Progress::Exhausted => going[k] = false,
                        Progress::Going => {}
                    }
                }
            }
        }
        true
    })
}
