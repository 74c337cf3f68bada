//! Seeded random legal TWRS games, for tests, benchmarks and demos.

use crate::moves::Move;
use crate::point::Point;
use crate::position::{Position, SetupError, Status};
use crate::rules::TwrsRules;
use twixt_core::split_mix::SplitMix64;

/// A random game from the rules' start: the moves as played (tower numbers
/// and stones written out) and the final position. A turn marks, when it
/// can, three times in four; play stops after `max_plies` moves if the game
/// has not ended (players may decline to mark forever).
pub fn random_game(
    rules: &TwrsRules,
    seed: u64,
    max_plies: u32,
) -> Result<(Vec<Move>, Position), SetupError> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = Position::new(rules)?;
    let mut moves = Vec::new();
    while pos.plies() < max_plies {
        let mv = match pos.status() {
            Status::Over(_) => break,
            Status::Placing => random_placement(&pos, &mut rng),
            Status::Playing => {
                let options = pos.tower_moves();
                let (tower, from, to) = options[rng.below(options.len())];
                let markings = pos.markings_after(tower, to);
                let marking = if !markings.is_empty() && !rng.one_in(4) {
                    Some(markings[rng.below(markings.len())].clone())
                } else {
                    None
                };
                Move::Turn {
                    tower,
                    from,
                    to,
                    marking,
                }
            }
        };
        let played = pos.play(&mv).expect("generated moves are legal");
        moves.push(played);
    }
    Ok((moves, pos))
}

fn random_placement(pos: &Position, rng: &mut SplitMix64) -> Move {
    let free: Vec<Point> = (0..pos.height())
        .flat_map(|r| (0..pos.width()).map(move |c| Point::new(c, r)))
        .filter(|&p| pos.piece_at(p).is_none())
        .collect();
    let at = free[rng.below(free.len())];
    let unplaced: Vec<u8> = pos
        .to_move()
        .towers()
        .into_iter()
        .filter(|&t| pos.tower(t).is_none())
        .collect();
    // The placement step decides what is wanted: try a stone first.
    let stone = Move::PlaceStone(at);
    if pos.clone().play(&stone).is_ok() {
        return stone;
    }
    Move::PlaceTower {
        tower: unplaced[rng.below(unplaced.len())],
        at,
    }
}
