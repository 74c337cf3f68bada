//! Composes corner puzzles with long forced wins: a chain of double links.
//!
//! Random positions seldom hold a forced win of 7 or 8 moves, and a search
//! over them is slow, so this program builds the wins instead, as a
//! composer does. A Red chain of *stations* runs from the top of a 12×12
//! corner window (a 24×24 board with the top and right sides cut) down to
//! its second last row; two stations in a row are a *double link* apart:
//! two holes each join them with one peg (a knight's move from both), so
//! Black can take one of them and Red answers on the other. The last
//! station reaches the bottom border with one peg that Black cannot stop.
//! Each double link costs Red one move, so a chain of `g` of them, the last
//! step included, needs `g` moves; Black pegs are then put on the Red
//! chains that would be cheaper (found by a 0-1 breadth-first search over
//! knight steps) until none is, and the solver, the judge, says what the
//! position really is: a double link next to a Black peg can often be cut
//! in one move, which makes the win longer or takes it away.
//!
//! The length parameter is `g`, the double links in the chain. Each
//! position whose shortest win is one of the lengths asked for is printed
//! as `N<TAB>key<TAB>line<TAB>positions<TAB>seconds<TAB>seed`: the solver
//! proves the win in N and, deepening from 1, refutes every shorter bound.
//!
//! What it has found so far: nothing of 7 or 8. Chains bent enough to
//! need seven links need Black pegs on the shortcuts inside the bend, and
//! those stand next to a double link often enough to cut one in a move;
//! the rest were refuted, or ran past the position limit (1,000,000 to
//! 3,000,000 a position). The chains of `benches/puzzles.rs` were composed
//! by hand on the same plan (a bend round one Black peg, and stations taken
//! off to lengthen it), with the solver as the judge.
//!
//! With `COMPOSE_LINKED` set, each station after the first is two pegs a
//! link apart, so that neighbouring double links share fewer holes and
//! the solver's connection knowledge (docs/engine.md) can prove the chain
//! whole; a first run (seeds from 1, 300,000 positions a claim, about
//! nine minutes beside builds) printed no win in 7 or 8 either.
//!
//! `cargo run --release --example compose_puzzles -- [LENGTHS] [PER_LENGTH] [FIRST_SEED] [POSITIONS]`
//! (defaults: `7,8 2 1 2000000`); with `COMPOSE_DEBUG` set it also says
//! why a seed composed nothing.

use std::collections::{HashSet, VecDeque};
use std::time::Instant;

use twixt_core::link::Link;
use twixt_core::position_line;
use twixt_core::solver::{SearchLimit, Solved, solve};
use twixtkit::prelude::{Hole, Player, Position, Status};

/// A hole as (column, row) from the top left, signed for offsets.
type Spot = (i32, i32);

/// The window's side.
const SIDE: i32 = 12;

/// The fewest rows or columns between a Black peg put on a shortcut and
/// the chain's stations and bridging holes.
const MIN_AWAY: i32 = 2;

/// The steps between two stations that two holes can bridge with one peg
/// each (every one has exactly two such holes), downwards or level.
const STEPS: &[(i32, i32)] = &[
    (0, 4),
    (1, 3),
    (-1, 3),
    (3, 3),
    (-3, 3),
    (3, 1),
    (-3, 1),
    (4, 0),
    (-4, 0),
    (0, 2),
    (2, 0),
    (-2, 0),
    (1, 1),
    (-1, 1),
];

/// A small deterministic generator (xorshift), so a seed names a position.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn knight(a: (i32, i32), b: (i32, i32)) -> bool {
    let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
    (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
}

/// The holes joining `a` and `b` with one peg: a knight's move from both.
fn bridges(a: (i32, i32), b: (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for dx in -2..=2 {
        for dy in -2..=2 {
            let m = (a.0 + dx, a.1 + dy);
            if knight(a, m) && knight(m, b) {
                out.push(m);
            }
        }
    }
    out
}

/// Red may place a peg here: inside the window, not Black's left border
/// column (the top and right sides are cut, open to both).
fn red_hole(h: (i32, i32)) -> bool {
    (1..SIDE).contains(&h.0) && (0..SIDE).contains(&h.1)
}

fn hole(h: (i32, i32)) -> Hole {
    Hole::new(h.0 as u16, h.1 as u16)
}

/// A chain of `gaps` double links from the top row down to the second
/// last row: the stations, and the holes that bridge them.
fn chain(rng: &mut Rng, gaps: usize) -> Option<(Vec<Spot>, Vec<Spot>)> {
    // A bent chain: across one way, then back the other way (a shortcut
    // between the arms then runs through the bend's inside, away from the
    // double links, where Black pegs can block it without cutting them).
    let away_first = if rng.below(2) == 0 { 1 } else { -1 };
    let start = if away_first < 0 {
        SIDE - 1 - rng.below(3) as i32
    } else {
        1 + rng.below(3) as i32
    };
    let bend = gaps / 2 + rng.below(2);
    let mut stations = vec![(start, 0)];
    let mut options: Vec<(i32, i32)> = Vec::new();
    // With linked stations, each station after the first is two pegs a
    // link apart, and the next double link starts from the second.
    let linked = std::env::var_os("COMPOSE_LINKED").is_some();
    let mut made = 1;
    // The last station, on the second last row, costs one more peg.
    while made < gaps {
        let last = *stations.last().expect("a station");
        let mut tries = 0;
        loop {
            tries += 1;
            if tries > 200 {
                return None;
            }
            let (dx, dy) = STEPS[rng.below(STEPS.len())];
            let way = if made < bend { away_first } else { -away_first };
            if dx * way < 0 {
                continue;
            }
            let next = (last.0 + dx, last.1 + dy);
            let want_last = made + 1 == gaps;
            if !red_hole(next) || next.1 > SIDE - 2 || (want_last != (next.1 == SIDE - 2)) {
                continue;
            }
            let mids = bridges(last, next);
            let taken = |h: &(i32, i32)| stations.contains(h) || options.contains(h);
            if mids.len() != 2 || mids.iter().any(|m| !red_hole(*m) || taken(m)) || taken(&next) {
                continue;
            }
            // Keep away from the chain behind: no shortcut one peg long.
            let near = stations[..stations.len() - 1]
                .iter()
                .any(|s| (s.0 - next.0).abs().max((s.1 - next.1).abs()) < 3);
            if near {
                continue;
            }
            options.extend(mids);
            stations.push(next);
            made += 1;
            if linked && !want_last {
                // The station's second peg: a link on, the way the chain
                // goes, not near the chain behind.
                let partners: Vec<Spot> = [(1, 2), (-1, 2), (2, 1), (-2, 1), (2, -1), (-2, -1)]
                    .iter()
                    .filter(|&&(px, _)| px * way >= 0)
                    .map(|&(px, py)| (next.0 + px, next.1 + py))
                    .filter(|p| {
                        red_hole(*p)
                            && p.1 <= SIDE - 3
                            && !stations.contains(p)
                            && !options.contains(p)
                            && stations[..stations.len() - 1]
                                .iter()
                                .all(|s| (s.0 - p.0).abs().max((s.1 - p.1).abs()) >= 3)
                    })
                    .collect();
                if partners.is_empty() {
                    return None;
                }
                stations.push(partners[rng.below(partners.len())]);
            }
            break;
        }
    }
    Some((stations, options))
}

/// The fewest new Red pegs joining top and bottom, and one cheapest chain's
/// empty holes (0-1 breadth-first search over knight steps that no Black
/// link crosses).
fn cheapest(pos: &Position) -> Option<(u32, Vec<(i32, i32)>)> {
    let n = SIDE as usize;
    let idx = |h: (i32, i32)| h.1 as usize * n + h.0 as usize;
    let mut dist = vec![u32::MAX; n * n];
    let mut parent = vec![usize::MAX; n * n];
    let mut queue = VecDeque::new();
    let usable = |h: (i32, i32)| red_hole(h) && pos.peg(hole(h)) != Some(Player::Black);
    let cost = |h: (i32, i32)| u32::from(pos.peg(hole(h)) != Some(Player::Red));
    for c in 1..SIDE {
        let h = (c, 0);
        if usable(h) {
            dist[idx(h)] = cost(h);
            if cost(h) == 0 {
                queue.push_front(h);
            } else {
                queue.push_back(h);
            }
        }
    }
    while let Some(h) = queue.pop_front() {
        let d = dist[idx(h)];
        for (dx, dy) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            let m = (h.0 + dx, h.1 + dy);
            if !usable(m) {
                continue;
            }
            let link = Link::new(hole(h), hole(m)).expect("a knight's move");
            if pos.blocker(link, Player::Red).is_some() {
                continue;
            }
            let nd = d + cost(m);
            if nd < dist[idx(m)] {
                dist[idx(m)] = nd;
                parent[idx(m)] = idx(h);
                if cost(m) == 0 {
                    queue.push_front(m);
                } else {
                    queue.push_back(m);
                }
            }
        }
    }
    let end = (1..SIDE)
        .map(|c| (c, SIDE - 1))
        .min_by_key(|&h| dist[idx(h)])?;
    let best = dist[idx(end)];
    if best == u32::MAX {
        return None;
    }
    let mut path = Vec::new();
    let mut at = idx(end);
    while at != usize::MAX {
        let h = ((at % n) as i32, (at / n) as i32);
        if pos.peg(hole(h)).is_none() {
            path.push(h);
        }
        at = parent[at];
    }
    Some((best, path))
}

fn names(holes: &[(i32, i32)]) -> String {
    if holes.is_empty() {
        return "-".into();
    }
    let mut v: Vec<String> = holes.iter().map(|&h| hole(h).to_string()).collect();
    v.sort();
    v.join(",")
}

fn line_of(red: &[(i32, i32)], black: &[(i32, i32)]) -> String {
    format!(
        "12-cut-top-right/pencil/{}/{}/*/red",
        names(red),
        names(black)
    )
}

/// One composed position for `seed`, or `None` when the construction fails.
fn compose(seed: u64, gaps: usize) -> Option<String> {
    let mut rng = Rng::new(seed);
    let Some((stations, options)) = chain(&mut rng, gaps) else {
        if std::env::var_os("COMPOSE_DEBUG").is_some() {
            eprintln!("seed {seed}: no chain");
        }
        return None;
    };
    let protected: HashSet<(i32, i32)> = stations.iter().chain(&options).copied().collect();
    let mut black: Vec<(i32, i32)> = Vec::new();
    // Black pegs on every cheaper chain, until the double links are the
    // cheapest way (or give up: a shortcut through the bridging holes).
    loop {
        let pos = position_line::read_position(&line_of(&stations, &black)).ok()?;
        let (needed, path) = cheapest(&pos)?;
        if needed as usize >= gaps {
            break;
        }
        let free: Vec<(i32, i32)> = path
            .into_iter()
            .filter(|h| !protected.contains(h) && h.1 < SIDE - 1)
            .collect();
        if free.is_empty() || black.len() >= 14 {
            return None;
        }
        // Farthest from the double links first: a Black peg next to one
        // can cut it with a link.
        let away = |h: &(i32, i32)| {
            protected
                .iter()
                .map(|p| (p.0 - h.0).abs().max((p.1 - h.1).abs()))
                .min()
                .unwrap_or(i32::MAX)
        };
        let far = free.iter().map(away).max().expect("a hole");
        if far < MIN_AWAY {
            if std::env::var_os("COMPOSE_DEBUG").is_some() {
                eprintln!(
                    "seed {seed}: blocked near the chain: {}",
                    line_of(&stations, &black)
                );
            }
            return None;
        }
        let farthest: Vec<(i32, i32)> = free.into_iter().filter(|h| away(h) == far).collect();
        black.push(farthest[rng.below(farthest.len())]);
    }
    Some(line_of(&stations, &black))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lengths: Vec<u32> = args
        .first()
        .map(|s| s.split(',').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_else(|| vec![7, 8]);
    let per_length: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let first_seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let limit: u64 = args
        .get(3)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    let longest = lengths.iter().copied().max().unwrap_or(8);
    let budget = SearchLimit::positions(limit);
    let mut found = vec![0usize; longest as usize + 1];
    for seed in first_seed.. {
        if lengths.iter().all(|&n| found[n as usize] >= per_length) {
            break;
        }
        // The double links asked for: the lengths wanted, or one fewer
        // (a cut link can make the win a move longer).
        let gaps = lengths[seed as usize % lengths.len()] as usize - (seed as usize / 7) % 2;
        let Some(text) = compose(seed, gaps) else {
            continue;
        };
        let Ok(pos) = position_line::read_position(&text) else {
            continue;
        };
        if pos.status() != Status::Ongoing {
            continue;
        }
        let start = Instant::now();
        let answer = solve(&pos, Player::Red, longest, &budget);
        let secs = start.elapsed().as_secs_f64();
        match answer {
            Ok(s) => {
                eprintln!(
                    "seed {seed}: {gaps} double links: {:?}, {} positions, {secs:.2} s {text}",
                    s.answer, s.positions
                );
                if let Solved::Wins { moves, key } = s.answer
                    && lengths.contains(&moves)
                    && found[moves as usize] < per_length
                {
                    found[moves as usize] += 1;
                    println!(
                        "{moves}\t{key}\t{}\t{}\t{secs:.2}\tseed {seed}",
                        position_line::write(&pos),
                        s.positions
                    );
                }
            }
            Err(e) => eprintln!("seed {seed}: {gaps} double links: {e} ({secs:.2} s) {text}"),
        }
    }
}
