//! A TWRS position: the grid with its stones and towers, whose turn it is,
//! the stones left, the areas the stones cut the board into, and which
//! towers are petrified. [`Position::play`] applies a move or says which
//! rule it breaks.

use crate::moves::{Lines, Marking, Move};
use crate::point::{Player, Point};
use crate::rules::{Start, TwrsRules};
use crate::setup::{self, Setup};
use twixt_core::diagnostic::spaced;

/// What stands on an intersection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A marking stone.
    Stone,
    /// A tower, by its number (1–6).
    Tower(u8),
}

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Advanced rule 1: the players are still placing stones and towers.
    Placing,
    /// The players take turns: each moves a tower, then may mark.
    Playing,
    /// The game has ended, for this reason.
    Over(End),
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// "Het spel eindigt, zodra de speler die aan de beurt is geen toren
    /// meer kan of mag verzetten."
    NoMove(Player),
    /// The last stone of the stock was placed: the seed does not say what
    /// happens then; areas change only when stones are placed, so the
    /// position is final and the game ends (docs/twrs.md).
    NoStones,
}

/// Points of both sides, counted as at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Score {
    /// Orange's points.
    pub orange: u32,
    /// Blue's points.
    pub blue: u32,
}

impl Score {
    /// The side with more points, if one has more.
    pub fn leader(&self) -> Option<Player> {
        match self.orange.cmp(&self.blue) {
            std::cmp::Ordering::Greater => Some(Player::Orange),
            std::cmp::Ordering::Less => Some(Player::Blue),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// A part of the board that the stones cut off: intersections joined by
/// steps up, down, left and right that do not cross a stone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Area {
    /// Its intersections, those under towers included, row by row.
    pub points: Vec<Point>,
    /// The towers standing in it, by number.
    pub towers: Vec<u8>,
    /// Closed: no tower could move from it to another part of the board,
    /// which holds as soon as the board has more than one part.
    pub closed: bool,
}

/// Why a move is illegal: each names the rule it breaks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// A move after the game has ended; holds why it ended.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// A point outside the grid: the point, then the grid's width and height in lines.
    #[error("{0} is not on the {1}×{2} grid")]
    OffGrid(Point, u8, u8),
    /// The move names no tower and its starting point is empty.
    #[error("there is no tower at {0}")]
    NoTowerAt(Point),
    /// The move's starting point does not hold the tower it names (or,
    /// naming none, holds a stone).
    #[error("tower {tower} is not at {at}: {found}")]
    TowerNotAt {
        /// The tower number the move gives (0 when it gives none).
        tower: u8,
        /// The move's starting point.
        at: Point,
        /// What was found instead: where the tower stands, or what stands at `at`.
        found: String,
    },
    /// The tower belongs to the side that is not to move.
    #[error(
        "tower {tower} is {owner}'s, and it is {to_move}'s turn: a player moves one of their own towers"
    )]
    NotYourTower {
        /// The tower moved or placed.
        tower: u8,
        /// The side the tower belongs to.
        owner: Player,
        /// The side whose turn it is.
        to_move: Player,
    },
    /// The tower is petrified; holds its number.
    #[error(
        "tower {0} is petrified and may not move again (a tower alone in a closed area, or with only towers of its colour there)"
    )]
    Petrified(u8),
    /// The move ends where it starts; holds the tower's number.
    #[error("tower {0} must move: a turn begins by moving a tower")]
    MustMove(u8),
    /// The move runs along neither a row nor a column.
    #[error(
        "{from}-{to} is not along a line: a tower moves up, down, left or right, in one direction"
    )]
    NotALine {
        /// Where the move starts.
        from: Point,
        /// Where the move ends.
        to: Point,
    },
    /// A piece stands between the move's start and end.
    #[error(
        "{from}-{to} jumps the {what} at {at}: a tower never passes over a stone or another tower"
    )]
    Jumps {
        /// Where the move starts.
        from: Point,
        /// Where the move ends.
        to: Point,
        /// Where the first piece in the way stands.
        at: Point,
        /// That piece: `stone` or `tower N`.
        what: String,
    },
    /// The move or placement ends on a stone or a tower.
    #[error("{to} holds a {what}: a tower never stops on a stone or another tower")]
    OntoPiece {
        /// The occupied intersection.
        to: Point,
        /// What stands there: `stone` or `tower N`.
        what: String,
    },
    /// The marked tower is not on the board, or a placed tower's number is
    /// not 1–6; holds the number.
    #[error("tower {0} is not on the board")]
    NoSuchTower(u8),
    /// The marked tower is the mover's own; holds its number.
    #[error("tower {0} is the mover's own: marking is against one of the opponent's towers")]
    MarkOwnTower(u8),
    /// A marking with a diagonal, when the rule set does not use advanced rule 2.
    #[error("diagonal marking lines are advanced rule 2, which this rule set does not use")]
    DiagonalsNotAllowed,
    /// The chosen lines of the active tower give no marking points against the target.
    #[error("tower {active} cannot mark tower {target} with {lines}: {why}")]
    NoMarkingPoints {
        /// The tower that moved.
        active: u8,
        /// The tower to be marked.
        target: u8,
        /// The lines used, in words.
        lines: &'static str,
        /// Why there are no marking points, in words.
        why: &'static str,
    },
    /// `protect-petrified`: the target is petrified and the active tower is not.
    #[error(
        "tower {target} is petrified in a closed area and cannot be marked by tower {active}, which is not (advanced rule 2)"
    )]
    ProtectedPetrified {
        /// The tower that moved.
        active: u8,
        /// The petrified tower to be marked.
        target: u8,
    },
    /// A stone named by the marking is not on one of the target's marking points.
    #[error("{point} is not a marking point of tower {target}; its marking points are {points}")]
    NotAMarkingPoint {
        /// The intersection named.
        point: Point,
        /// The tower being marked.
        target: u8,
        /// The target's marking points, written out.
        points: String,
    },
    /// The marking names the same intersection twice; holds it.
    #[error("a stone is placed on {0} twice")]
    StoneTwice(Point),
    /// `mark-all-points`: the marking leaves a marking point without a stone
    /// while stones are left.
    #[error(
        "marking tower {target} puts a stone on each of its marking points ({points}), not only on {given}"
    )]
    MarkAllPoints {
        /// The tower being marked.
        target: u8,
        /// All its marking points, written out.
        points: String,
        /// The stones the move names, written out.
        given: String,
    },
    /// The marking names more stones than the stock holds.
    #[error("{wanted} stones are wanted but {left} are left in the stock")]
    TooManyStones {
        /// The number of stones named.
        wanted: usize,
        /// The stones left in the stock.
        left: u16,
    },
    /// The stock holds fewer stones than there are marking points, and the move names none.
    #[error(
        "only {left} stone is left for the marking points {points}: say which one gets it, like `x{target} {first}`"
    )]
    ChooseStone {
        /// The tower being marked.
        target: u8,
        /// The stones left in the stock.
        left: u16,
        /// The marking points, written out.
        points: String,
        /// The first marking point, used in the message's example.
        first: Point,
    },
    /// A tower's move while pieces are still being placed (advanced rule 1).
    #[error("the players are still placing pieces (advanced rule 1): {expected}")]
    StillPlacing {
        /// The placement due next, in words.
        expected: String,
    },
    /// A placement after play has begun; holds the move as written.
    #[error("the pieces are all placed: {0} is a placement, play has begun")]
    NotPlacing(String),
    /// A stone placed when a tower is due, or a tower when a stone is (advanced rule 1).
    #[error("{expected}, not {got} (advanced rule 1's order)")]
    WrongPlacement {
        /// The placement due next, in words.
        expected: String,
        /// The move given, as written.
        got: String,
    },
    /// The tower to place is already on the board; holds its number.
    #[error("tower {0} is already on the board")]
    TowerPlaced(u8),
    /// A stone is due but the stock is empty.
    #[error("the stock of stones is empty")]
    NoStones,
}

/// Wrong content in the input.
impl twixt_core::diagnostic::Explained for MoveError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// One step of advanced rule 1: who places, what, how many.
#[derive(Debug, Clone, Copy)]
struct PlacementStep {
    first_player: bool,
    towers: bool,
    count: u8,
}

impl PlacementStep {
    /// Whether the first player places, towers (else stones), how many.
    const fn new(first_player: bool, towers: bool, count: u8) -> PlacementStep {
        PlacementStep {
            first_player,
            towers,
            count,
        }
    }
}

/// "A stone, B stone, A stone, B one tower, A two towers, B two towers,
/// A last tower."
const PLACEMENT: [PlacementStep; 7] = [
    PlacementStep::new(true, false, 1),
    PlacementStep::new(false, false, 1),
    PlacementStep::new(true, false, 1),
    PlacementStep::new(false, true, 1),
    PlacementStep::new(true, true, 2),
    PlacementStep::new(false, true, 2),
    PlacementStep::new(true, true, 1),
];

const NO_AREA: u16 = u16::MAX;

/// A TWRS game as it stands: the pieces on the grid, whose turn it is, the
/// stones left, the areas and the petrified towers, under one rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    rules: TwrsRules,
    cells: Vec<Option<Piece>>,
    /// Where each tower stands, by number (index 0 unused).
    towers: [Option<Point>; 7],
    to_move: Player,
    stones_left: u16,
    status: Status,
    /// Advanced rule 1: the step reached and the pieces placed in it.
    step: usize,
    placed_in_step: u8,
    /// The area of each intersection (`NO_AREA` under a stone).
    area: Vec<u16>,
    areas: u16,
    petrified: [bool; 7],
    plies: u32,
    /// The positions before the moves played through
    /// [`GameState`](twixt_core::state::GameState), for its undo.
    history: History,
}

/// Snapshots for undo: not part of a position's value (always equal).
#[derive(Debug, Clone, Default)]
struct History(Vec<Position>);

impl PartialEq for History {
    fn eq(&self, _: &History) -> bool {
        true
    }
}

impl Eq for History {}

impl Position {
    /// The start of a game: the named start setup, or an empty board for
    /// advanced rule 1.
    pub fn new(rules: &TwrsRules) -> Result<Position, SetupError> {
        rules.validate().map_err(|e| SetupError(e.to_string()))?;
        match rules.start {
            Start::Setup => {
                let s = setup::named(&rules.setup, rules.width, rules.height)
                    .map_err(|e| SetupError(e.to_string()))?;
                Position::from_setup(rules, &s, rules.first)
            }
            Start::Placement => {
                let mut p = Position::empty(rules, rules.first);
                p.status = Status::Placing;
                p.recompute_areas();
                Ok(p)
            }
        }
    }

    fn empty(rules: &TwrsRules, to_move: Player) -> Position {
        let n = usize::from(rules.width) * usize::from(rules.height);
        Position {
            rules: rules.clone(),
            cells: vec![None; n],
            towers: [None; 7],
            to_move,
            stones_left: rules.stones,
            status: Status::Playing,
            step: 0,
            placed_in_step: 0,
            area: vec![0; n],
            areas: 1,
            petrified: [false; 7],
            plies: 0,
            history: History::default(),
        }
    }

    /// A position from a setup block (any towers, any stones), with `to_move`
    /// to play. The stones come out of the stock.
    pub fn from_setup(
        rules: &TwrsRules,
        s: &Setup,
        to_move: Player,
    ) -> Result<Position, SetupError> {
        rules.validate().map_err(|e| SetupError(e.to_string()))?;
        let mut p = Position::empty(rules, to_move);
        for &at in &s.stones {
            p.check_on_grid(at).map_err(|e| SetupError(e.to_string()))?;
            if let Some(piece) = p.piece_at(at) {
                return Err(SetupError(format!(
                    "{at} holds a {} already",
                    describe(piece)
                )));
            }
            if p.stones_left == 0 {
                return Err(SetupError(format!(
                    "the setup has more stones than the stock of {}",
                    rules.stones
                )));
            }
            p.stones_left -= 1;
            let i = p.index(at);
            p.cells[i] = Some(Piece::Stone);
        }
        for &(t, at) in &s.towers {
            if Player::of_tower(t).is_none() {
                return Err(SetupError(format!(
                    "there is no tower {t}: towers are numbered 1 to 6"
                )));
            }
            p.check_on_grid(at).map_err(|e| SetupError(e.to_string()))?;
            if p.towers[usize::from(t)].is_some() {
                return Err(SetupError(format!("tower {t} stands twice in the setup")));
            }
            if let Some(piece) = p.piece_at(at) {
                return Err(SetupError(format!(
                    "{at} holds a {} already",
                    describe(piece)
                )));
            }
            let i = p.index(at);
            p.cells[i] = Some(Piece::Tower(t));
            p.towers[usize::from(t)] = Some(at);
        }
        p.recompute_areas();
        p.check_end();
        Ok(p)
    }

    /// The rule set the game is played by.
    pub fn rules(&self) -> &TwrsRules {
        &self.rules
    }
    /// The side whose turn it is (while placing: the side that places next).
    pub fn to_move(&self) -> Player {
        self.to_move
    }
    /// Whether pieces are being placed, play goes on, or the game is over.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The stones left in the stock.
    pub fn stones_left(&self) -> u16 {
        self.stones_left
    }
    /// Moves played so far, placements included.
    pub fn plies(&self) -> u32 {
        self.plies
    }
    /// Lines across: the number of columns of intersections.
    pub fn width(&self) -> u8 {
        self.rules.width
    }
    /// Lines down: the number of rows of intersections.
    pub fn height(&self) -> u8 {
        self.rules.height
    }

    /// Is `p` on the grid?
    pub fn on_grid(&self, p: Point) -> bool {
        p.col < self.rules.width && p.row < self.rules.height
    }

    fn check_on_grid(&self, p: Point) -> Result<(), MoveError> {
        if self.on_grid(p) {
            Ok(())
        } else {
            Err(MoveError::OffGrid(p, self.rules.width, self.rules.height))
        }
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.row) * usize::from(self.rules.width) + usize::from(p.col)
    }

    fn point(&self, i: usize) -> Point {
        let w = usize::from(self.rules.width);
        Point::new((i % w) as u8, (i / w) as u8)
    }

    /// What stands on `p`: `None` when it is empty or off the grid.
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        if self.on_grid(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// Where tower `t` stands, if it is on the board.
    pub fn tower(&self, t: u8) -> Option<Point> {
        self.towers.get(usize::from(t)).copied().flatten()
    }

    /// The stones on the board, row by row.
    pub fn stones(&self) -> Vec<Point> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == Some(Piece::Stone))
            .map(|i| self.point(i))
            .collect()
    }

    /// Is tower `t` petrified? False for a tower not on the board.
    pub fn is_petrified(&self, t: u8) -> bool {
        self.petrified.get(usize::from(t)).copied().unwrap_or(false)
    }

    /// The intersection one step from `p` in direction `(dc, dr)`, if on the grid.
    fn step(&self, p: Point, dc: i8, dr: i8) -> Option<Point> {
        let c = p.col.checked_add_signed(dc)?;
        let r = p.row.checked_add_signed(dr)?;
        let q = Point::new(c, r);
        self.on_grid(q).then_some(q)
    }

    /// The free intersections from `p` in one direction, up to the first
    /// piece or the edge: a line of movement (orthogonal) or a marking
    /// line (diagonal).
    pub fn ray(&self, p: Point, dc: i8, dr: i8) -> impl Iterator<Item = Point> + '_ {
        let mut at = p;
        std::iter::from_fn(move || {
            let q = self.step(at, dc, dr)?;
            if self.cells[self.index(q)].is_some() {
                return None;
            }
            at = q;
            Some(q)
        })
    }

    /// Is every intersection after `a` up to and including `b` free? `b`
    /// lies on a row, column or diagonal through `a`.
    fn clear(&self, a: Point, b: Point) -> bool {
        let dc = (i16::from(b.col) - i16::from(a.col)).signum() as i8;
        let dr = (i16::from(b.row) - i16::from(a.row)).signum() as i8;
        if (dc, dr) == (0, 0) {
            return false;
        }
        let mut at = a;
        while at != b {
            match self.step(at, dc, dr) {
                Some(q) if self.cells[self.index(q)].is_none() => at = q,
                _ => return false,
            }
        }
        true
    }

    /// Where tower `t` may move: every free intersection on its lines of
    /// movement, unless it is petrified.
    pub fn destinations(&self, t: u8) -> Vec<Point> {
        let Some(at) = self.tower(t) else {
            return Vec::new();
        };
        if self.is_petrified(t) {
            return Vec::new();
        }
        let mut out: Vec<Point> = ORTHOGONAL
            .iter()
            .flat_map(|&(dc, dr)| self.ray(at, dc, dr))
            .collect();
        out.sort();
        out
    }

    /// Can `side` move any tower at all?
    pub fn can_move(&self, side: Player) -> bool {
        side.towers().iter().any(|&t| {
            self.tower(t).is_some_and(|at| {
                !self.is_petrified(t)
                    && ORTHOGONAL
                        .iter()
                        .any(|&(dc, dr)| self.ray(at, dc, dr).next().is_some())
            })
        })
    }

    /// The marking points of tower `active` against tower `target` with the
    /// given lines, as the board stands: where the active tower's lines
    /// (movement or one diagonal) cross the target's lines of movement.
    /// Empty when the towers stand in line ("De actieve toren kan geen
    /// toren markeren die op één lijn met hem staat") or no lines cross.
    pub fn marking_points(&self, active: u8, target: u8, lines: Lines) -> Vec<Point> {
        let (Some(a), Some(t)) = (self.tower(active), self.tower(target)) else {
            return Vec::new();
        };
        let (ac, ar, tc, tr) = (
            i16::from(a.col),
            i16::from(a.row),
            i16::from(t.col),
            i16::from(t.row),
        );
        let mut candidates: Vec<(i16, i16)> = Vec::with_capacity(2);
        match lines {
            Lines::Movement => {
                if a.col == t.col || a.row == t.row {
                    return Vec::new();
                }
                candidates.push((tc, ar));
                candidates.push((ac, tr));
            }
            Lines::Rising | Lines::Falling => {
                // Along the diagonal, a step right is a step up (`/`) or down (`\`).
                let dr: i16 = if lines == Lines::Rising { -1 } else { 1 };
                // Crossing the target's row, and the target's column.
                let k = (tr - ar) * dr;
                candidates.push((ac + k, tr));
                let k = tc - ac;
                candidates.push((tc, ar + k * dr));
            }
        }
        let mut out = Vec::with_capacity(2);
        for (c, r) in candidates {
            let (Ok(c), Ok(r)) = (u8::try_from(c), u8::try_from(r)) else {
                continue;
            };
            let q = Point::new(c, r);
            if !self.on_grid(q) || q == a || q == t || out.contains(&q) {
                continue;
            }
            if self.cells[self.index(q)].is_none() && self.clear(a, q) && self.clear(t, q) {
                out.push(q);
            }
        }
        out.sort();
        out
    }

    /// The areas the stones cut the board into, in order of their first
    /// intersection (row by row).
    pub fn areas(&self) -> Vec<Area> {
        let closed = self.areas > 1;
        let mut out: Vec<Area> = (0..self.areas)
            .map(|_| Area {
                points: Vec::new(),
                towers: Vec::new(),
                closed,
            })
            .collect();
        for (i, &a) in self.area.iter().enumerate() {
            if a != NO_AREA {
                out[usize::from(a)].points.push(self.point(i));
                if let Some(Piece::Tower(t)) = self.cells[i] {
                    out[usize::from(a)].towers.push(t);
                }
            }
        }
        out
    }

    /// The area `p` lies in (`None` under a stone or off the grid).
    pub fn area_of(&self, p: Point) -> Option<u16> {
        if !self.on_grid(p) {
            return None;
        }
        let a = self.area[self.index(p)];
        (a != NO_AREA).then_some(a)
    }

    /// Points by the seed's count: every intersection of a closed area
    /// whose towers are all petrified and of one colour goes to that
    /// colour (towers count, stones do not); an area without towers, or
    /// with towers of both colours, counts for nobody.
    pub fn score(&self) -> Score {
        let mut score = Score::default();
        if self.areas < 2 {
            return score;
        }
        let n = usize::from(self.areas);
        let mut size = vec![0u32; n];
        let mut colours = vec![0u8; n];
        for (i, &a) in self.area.iter().enumerate() {
            if a == NO_AREA {
                continue;
            }
            size[usize::from(a)] += 1;
            if let Some(Piece::Tower(t)) = self.cells[i] {
                colours[usize::from(a)] |= side_bit(t);
            }
        }
        for a in 0..n {
            match colours[a] {
                1 => score.orange += size[a],
                2 => score.blue += size[a],
                _ => {}
            }
        }
        score
    }

    /// Flood-fills the areas and marks the petrified towers; runs only when
    /// a stone is placed, since a tower's move never leaves its area.
    fn recompute_areas(&mut self) {
        self.area.iter_mut().for_each(|a| *a = NO_AREA);
        let w = usize::from(self.rules.width);
        let n = self.cells.len();
        let mut next: u16 = 0;
        let mut stack: Vec<usize> = Vec::new();
        for start in 0..n {
            if self.area[start] != NO_AREA || self.cells[start] == Some(Piece::Stone) {
                continue;
            }
            self.area[start] = next;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let (c, r) = (i % w, i / w);
                let mut visit = |j: usize, area: &mut Vec<u16>| {
                    if area[j] == NO_AREA && self.cells[j] != Some(Piece::Stone) {
                        area[j] = next;
                        stack.push(j);
                    }
                };
                if c > 0 {
                    visit(i - 1, &mut self.area);
                }
                if c + 1 < w {
                    visit(i + 1, &mut self.area);
                }
                if r > 0 {
                    visit(i - w, &mut self.area);
                }
                if i + w < n {
                    visit(i + w, &mut self.area);
                }
            }
            next += 1;
        }
        self.areas = next;
        self.petrified = [false; 7];
        // While pieces are still being placed, a tower placed later may
        // join an area: petrification starts with play.
        if self.areas < 2 || self.status == Status::Placing {
            return;
        }
        let mut colours = vec![0u8; usize::from(self.areas)];
        for t in 1..=6u8 {
            if let Some(at) = self.tower(t) {
                colours[usize::from(self.area[self.index(at)])] |= side_bit(t);
            }
        }
        for t in 1..=6u8 {
            if let Some(at) = self.tower(t) {
                self.petrified[usize::from(t)] =
                    colours[usize::from(self.area[self.index(at)])] != 3;
            }
        }
    }

    fn check_end(&mut self) {
        if self.status != Status::Playing {
            return;
        }
        if self.stones_left == 0 && self.plies > 0 {
            self.status = Status::Over(End::NoStones);
        } else if !self.can_move(self.to_move) {
            self.status = Status::Over(End::NoMove(self.to_move));
        }
    }

    /// Plays `mv` for the side to move, or says which rule it breaks (the
    /// position is then unchanged). Returns the move as played, with its
    /// tower number and stones filled in.
    pub fn play(&mut self, mv: &Move) -> Result<Move, MoveError> {
        match self.status {
            Status::Over(end) => return Err(MoveError::GameOver(self.end_words(end))),
            Status::Placing => return self.place(mv),
            Status::Playing => {}
        }
        let Move::Turn {
            tower,
            from,
            to,
            marking,
        } = mv
        else {
            return Err(MoveError::NotPlacing(mv.to_string()));
        };
        let (from, to) = (*from, *to);
        self.check_on_grid(from)?;
        self.check_on_grid(to)?;
        let t = match (self.piece_at(from), *tower) {
            (Some(Piece::Tower(found)), 0) => found,
            (Some(Piece::Tower(found)), t) if found == t => t,
            (found, 0) => {
                return Err(match found {
                    Some(piece) => MoveError::TowerNotAt {
                        tower: 0,
                        at: from,
                        found: format!("{from} holds a {}", describe(piece)),
                    },
                    None => MoveError::NoTowerAt(from),
                });
            }
            (found, t) => {
                return Err(MoveError::TowerNotAt {
                    tower: t,
                    at: from,
                    found: match (self.tower(t), found) {
                        (Some(p), _) => format!("it stands at {p}"),
                        (None, _) => "it is not on the board".to_string(),
                    },
                });
            }
        };
        let owner = Player::of_tower(t).expect("towers on the board are numbered 1 to 6");
        if owner != self.to_move {
            return Err(MoveError::NotYourTower {
                tower: t,
                owner,
                to_move: self.to_move,
            });
        }
        if self.is_petrified(t) {
            return Err(MoveError::Petrified(t));
        }
        if from == to {
            return Err(MoveError::MustMove(t));
        }
        if from.col != to.col && from.row != to.row {
            return Err(MoveError::NotALine { from, to });
        }
        let dc = (i16::from(to.col) - i16::from(from.col)).signum() as i8;
        let dr = (i16::from(to.row) - i16::from(from.row)).signum() as i8;
        let mut at = from;
        while at != to {
            at = self
                .step(at, dc, dr)
                .expect("to is on the grid, in line with from");
            if let Some(piece) = self.cells[self.index(at)] {
                return Err(if at == to {
                    MoveError::OntoPiece {
                        to,
                        what: describe(piece),
                    }
                } else {
                    MoveError::Jumps {
                        from,
                        to,
                        at,
                        what: describe(piece),
                    }
                });
            }
        }
        // Move, then check the marking against the new place; undo on error.
        let (fi, ti) = (self.index(from), self.index(to));
        self.cells[fi] = None;
        self.cells[ti] = Some(Piece::Tower(t));
        self.towers[usize::from(t)] = Some(to);
        let stones = match marking {
            None => Vec::new(),
            Some(m) => match self.check_marking(t, m) {
                Ok(s) => s,
                Err(e) => {
                    self.cells[ti] = None;
                    self.cells[fi] = Some(Piece::Tower(t));
                    self.towers[usize::from(t)] = Some(from);
                    return Err(e);
                }
            },
        };
        for &s in &stones {
            let i = self.index(s);
            self.cells[i] = Some(Piece::Stone);
        }
        if !stones.is_empty() {
            self.stones_left -= stones.len() as u16;
            self.recompute_areas();
        }
        self.to_move = self.to_move.other();
        self.plies += 1;
        self.check_end();
        Ok(Move::Turn {
            tower: t,
            from,
            to,
            marking: marking.as_ref().map(|m| Marking {
                target: m.target,
                lines: m.lines,
                stones,
            }),
        })
    }

    /// The stones a marking places, or the rule it breaks; the active
    /// tower already stands on its new place.
    fn check_marking(&self, active: u8, m: &Marking) -> Result<Vec<Point>, MoveError> {
        let target = m.target;
        if self.tower(target).is_none() {
            return Err(MoveError::NoSuchTower(target));
        }
        if Player::of_tower(target) == Some(self.to_move) {
            return Err(MoveError::MarkOwnTower(target));
        }
        if m.lines != Lines::Movement && !self.rules.marking_lines {
            return Err(MoveError::DiagonalsNotAllowed);
        }
        if self.rules.protect_petrified && self.is_petrified(target) && !self.is_petrified(active) {
            return Err(MoveError::ProtectedPetrified { active, target });
        }
        let points = self.marking_points(active, target, m.lines);
        if points.is_empty() {
            let a = self.tower(active).expect("the active tower stands");
            let t = self.tower(target).expect("the target stands");
            let in_line = match m.lines {
                Lines::Movement => a.col == t.col || a.row == t.row,
                _ => a.col.abs_diff(t.col) == a.row.abs_diff(t.row),
            };
            return Err(MoveError::NoMarkingPoints {
                active,
                target,
                lines: match m.lines {
                    Lines::Movement => "its lines of movement",
                    Lines::Rising => "its rising diagonal",
                    Lines::Falling => "its falling diagonal",
                },
                why: if in_line {
                    "they stand in line, and a tower cannot mark one in line with it"
                } else {
                    "no lines cross"
                },
            });
        }
        if self.stones_left == 0 {
            return Err(MoveError::NoStones);
        }
        let left = usize::from(self.stones_left);
        if m.stones.is_empty() {
            if points.len() > left {
                return Err(MoveError::ChooseStone {
                    target,
                    left: self.stones_left,
                    points: spaced(&points),
                    first: points[0],
                });
            }
            return Ok(points);
        }
        for (i, s) in m.stones.iter().enumerate() {
            if m.stones[..i].contains(s) {
                return Err(MoveError::StoneTwice(*s));
            }
            if !points.contains(s) {
                return Err(MoveError::NotAMarkingPoint {
                    point: *s,
                    target,
                    points: spaced(&points),
                });
            }
        }
        if m.stones.len() > left {
            return Err(MoveError::TooManyStones {
                wanted: m.stones.len(),
                left: self.stones_left,
            });
        }
        if self.rules.mark_all_points && m.stones.len() < points.len().min(left) {
            return Err(MoveError::MarkAllPoints {
                target,
                points: spaced(&points),
                given: spaced(&m.stones),
            });
        }
        let mut stones = m.stones.clone();
        stones.sort();
        Ok(stones)
    }

    fn expected_placement(&self) -> String {
        let s = PLACEMENT[self.step];
        let left = s.count - self.placed_in_step;
        match (s.towers, left) {
            (false, _) => format!("{} places a stone", self.to_move),
            (true, 1) => format!("{} places a tower", self.to_move),
            (true, n) => format!("{} places {n} towers", self.to_move),
        }
    }

    /// Advanced rule 1: one placement of the current step.
    fn place(&mut self, mv: &Move) -> Result<Move, MoveError> {
        let step = PLACEMENT[self.step];
        let at = match mv {
            Move::Turn { .. } => {
                return Err(MoveError::StillPlacing {
                    expected: self.expected_placement(),
                });
            }
            Move::PlaceStone(at) | Move::PlaceTower { at, .. } => *at,
        };
        let is_tower = matches!(mv, Move::PlaceTower { .. });
        if is_tower != step.towers {
            return Err(MoveError::WrongPlacement {
                expected: self.expected_placement(),
                got: mv.to_string(),
            });
        }
        self.check_on_grid(at)?;
        if let Some(piece) = self.piece_at(at) {
            return Err(MoveError::OntoPiece {
                to: at,
                what: describe(piece),
            });
        }
        let i = self.index(at);
        match mv {
            Move::PlaceTower { tower, .. } => {
                let owner = Player::of_tower(*tower).ok_or(MoveError::NoSuchTower(*tower))?;
                if owner != self.to_move {
                    return Err(MoveError::NotYourTower {
                        tower: *tower,
                        owner,
                        to_move: self.to_move,
                    });
                }
                if self.tower(*tower).is_some() {
                    return Err(MoveError::TowerPlaced(*tower));
                }
                self.cells[i] = Some(Piece::Tower(*tower));
                self.towers[usize::from(*tower)] = Some(at);
            }
            _ => {
                if self.stones_left == 0 {
                    return Err(MoveError::NoStones);
                }
                self.cells[i] = Some(Piece::Stone);
                self.stones_left -= 1;
            }
        }
        self.plies += 1;
        self.placed_in_step += 1;
        if self.placed_in_step == step.count {
            self.placed_in_step = 0;
            self.step += 1;
            match PLACEMENT.get(self.step) {
                Some(next) => {
                    self.to_move = if next.first_player {
                        self.rules.first
                    } else {
                        self.rules.first.other()
                    }
                }
                None => {
                    self.to_move = self.rules.first;
                    self.status = Status::Playing;
                }
            }
        }
        self.recompute_areas();
        self.check_end();
        Ok(mv.clone())
    }

    fn end_words(&self, end: End) -> String {
        match end {
            End::NoMove(side) => format!("{side} is to move and cannot move any tower"),
            End::NoStones => "the last stone of the stock has been placed".to_string(),
        }
    }

    /// The tower moves open to the side to move: `(tower, from, to)`.
    pub fn tower_moves(&self) -> Vec<(u8, Point, Point)> {
        if self.status != Status::Playing {
            return Vec::new();
        }
        let mut out = Vec::new();
        for t in self.to_move.towers() {
            if let Some(at) = self.tower(t) {
                for to in self.destinations(t) {
                    out.push((t, at, to));
                }
            }
        }
        out
    }

    /// The markings open after tower `t` moves to `to` (each with its
    /// marking points), for move generators and diagrams.
    pub fn markings_after(&self, t: u8, to: Point) -> Vec<Marking> {
        let Some(from) = self.tower(t) else {
            return Vec::new();
        };
        let mut p = self.clone();
        let (fi, ti) = (p.index(from), p.index(to));
        p.cells[fi] = None;
        p.cells[ti] = Some(Piece::Tower(t));
        p.towers[usize::from(t)] = Some(to);
        let lines: &[Lines] = if p.rules.marking_lines {
            &[Lines::Movement, Lines::Rising, Lines::Falling]
        } else {
            &[Lines::Movement]
        };
        let mut out = Vec::new();
        for target in p.to_move.other().towers() {
            for &l in lines {
                let m = Marking {
                    target,
                    lines: l,
                    stones: Vec::new(),
                };
                if let Ok(stones) = p.check_marking(t, &m) {
                    out.push(Marking { stones, ..m });
                }
            }
        }
        out
    }
}

const ORTHOGONAL: [(i8, i8); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];

fn side_bit(t: u8) -> u8 {
    match Player::of_tower(t) {
        Some(Player::Orange) => 1,
        Some(Player::Blue) => 2,
        None => 0,
    }
}

fn describe(piece: Piece) -> String {
    match piece {
        Piece::Stone => "stone".to_string(),
        Piece::Tower(t) => format!("tower {t}"),
    }
}

/// TWRS through the common rules interface.
///
/// **Legal moves**: while placing (advanced rule 1), a stone on every free
/// point, or each unplaced own tower on every free point, whichever the
/// placement step wants; while playing, every tower move
/// ([`Position::tower_moves`]) without marking, then with each marking
/// [`Position::markings_after`] lists (stones written out).
///
/// **Undo** keeps a snapshot of the whole position before each move (the
/// areas and petrified towers a marking changes are recomputed over the
/// board, so a diff would save little): a copy per move, linear in the
/// board's size. A plain [`Position::play`] records nothing.
///
/// **Outcome**: over, the side with more points wins ([`Position::score`]),
/// equal points draw; `chain` is always empty. **Hash**: computed afresh
/// with the standard library's SipHash over the position's value, not
/// incremental.
impl twixt_core::state::GameState for Position {
    type Player = Player;
    type Move = Move;
    type Error = MoveError;

    fn player_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let mut out = Vec::new();
        match self.status {
            Status::Over(_) => {}
            Status::Placing => {
                let free: Vec<Point> = (0..self.height())
                    .flat_map(|r| (0..self.width()).map(move |c| Point::new(c, r)))
                    .filter(|&p| self.piece_at(p).is_none())
                    .collect();
                let mut candidates: Vec<Move> = free.iter().map(|&p| Move::PlaceStone(p)).collect();
                for t in self.to_move.towers() {
                    if self.tower(t).is_none() {
                        candidates.extend(free.iter().map(|&at| Move::PlaceTower { tower: t, at }));
                    }
                }
                out.extend(
                    candidates
                        .into_iter()
                        .filter(|m| self.clone().play(m).is_ok()),
                );
            }
            Status::Playing => {
                for (tower, from, to) in self.tower_moves() {
                    out.push(Move::Turn {
                        tower,
                        from,
                        to,
                        marking: None,
                    });
                    for m in self.markings_after(tower, to) {
                        out.push(Move::Turn {
                            tower,
                            from,
                            to,
                            marking: Some(m),
                        });
                    }
                }
            }
        }
        out.into_iter()
    }

    fn is_legal(&self, mv: &Move) -> bool {
        let mut copy = self.clone();
        copy.history.0.clear();
        copy.play(mv).is_ok()
    }

    fn play(&mut self, mv: &Move) -> Result<(), MoveError> {
        let mut before = self.clone();
        before.history.0.clear();
        Position::play(self, mv)?;
        self.history.0.push(before);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        let Some(before) = self.history.0.pop() else {
            return false;
        };
        let history = std::mem::take(&mut self.history);
        *self = before;
        self.history = history;
        true
    }

    fn outcome(&self) -> twixt_core::state::Outcome<Player> {
        use twixt_core::state::Outcome;
        match self.status {
            Status::Over(_) => match self.score().leader() {
                Some(winner) => Outcome::Won {
                    winner,
                    chain: Vec::new(),
                },
                None => Outcome::Drawn,
            },
            _ => Outcome::Ongoing,
        }
    }

    fn is_terminal(&self) -> bool {
        matches!(self.status, Status::Over(_))
    }

    fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            &self.rules,
            &self.cells,
            &self.towers,
            self.to_move,
            self.stones_left,
        )
            .hash(&mut h);
        (
            self.status,
            self.step,
            self.placed_in_step,
            &self.area,
            self.areas,
        )
            .hash(&mut h);
        (self.petrified, self.plies).hash(&mut h);
        h.finish()
    }
}

#[cfg(test)]
mod state_tests {
    use super::*;
    use twixt_core::random::SplitMix64;
    use twixt_core::state::GameState;

    /// Random games through the interface under both presets: after each
    /// move, undo gives back an equal position with the same hash and
    /// moves, and every listed move is accepted.
    #[test]
    fn undo_restores_and_listed_moves_play() {
        for rules in [TwrsRules::basic(), TwrsRules::advanced()] {
            for seed in 0..6 {
                let mut pos = Position::new(&rules).unwrap();
                let mut rng = SplitMix64::new(seed);
                let mut n = 0;
                while !pos.is_terminal() && n < 150 {
                    let listed: Vec<Move> = pos.legal_moves().collect();
                    assert!(!listed.is_empty());
                    for m in listed.iter().filter(|_| rng.one_in(10)) {
                        assert!(pos.is_legal(m), "{m}");
                    }
                    let before = (pos.clone(), pos.state_hash(), listed.clone());
                    let mv = listed[rng.below(listed.len())].clone();
                    GameState::play(&mut pos, &mv).unwrap();
                    assert!(pos.undo());
                    assert_eq!(
                        (
                            pos.clone(),
                            pos.state_hash(),
                            pos.legal_moves().collect::<Vec<_>>()
                        ),
                        before
                    );
                    GameState::play(&mut pos, &mv).unwrap();
                    n += 1;
                }
                for _ in 0..n {
                    assert!(pos.undo());
                }
                assert!(!pos.undo());
                assert_eq!(pos, Position::new(&rules).unwrap());
            }
        }
    }

    /// The generic playout runs TWRS games and leaves the start as it was.
    #[test]
    fn playouts_through_the_interface() {
        for rules in [TwrsRules::basic(), TwrsRules::advanced()] {
            let mut pos = Position::new(&rules).unwrap();
            let start = (pos.clone(), pos.state_hash());
            for seed in 0..4 {
                let mut rng = SplitMix64::new(seed);
                let (plies, _) = twixt_core::random::playout(&mut pos, &mut rng, 300);
                assert!(plies > 0);
                assert_eq!((pos.clone(), pos.state_hash()), start);
            }
        }
    }
}
