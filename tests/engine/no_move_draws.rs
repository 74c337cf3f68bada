//! A side with no legal move ends the game in a draw, under every rule set
//! (seed 004: "If neither side can achieve this, the game is a draw"): the
//! double-link knowledge and the dead-draw watch of random games agree.

use twixt_core::board::Player;
use twixt_core::moves::Move;
use twixt_core::position::{Position, Status, WinBy};
use twixt_core::random::{DeadDrawWatch, SplitMix64, random_game};
use twixt_core::rules::RuleSet;
use twixt_core::solver::double_link_win;

/// Whether `attacker` connects within `n` of its own moves, whoever is to
/// move; a side with no legal move ends the game in a draw.
fn wins_within(pos: &Position, attacker: Player, n: u32) -> bool {
    let attacking = pos.to_move() == attacker;
    if attacking && n == 0 {
        return false;
    }
    let mut any_move = false;
    for hole in pos.size().holes() {
        let mut next = pos.clone();
        if next.play(&Move::peg(hole)).is_err() {
            continue;
        }
        any_move = true;
        let won = match next.status() {
            Status::Won {
                winner,
                by: WinBy::Connection,
                ..
            } => winner == attacker,
            Status::Ongoing => wins_within(&next, attacker, n - u32::from(attacking)),
            _ => false,
        };
        if attacking && won {
            return true;
        }
        if !attacking && !won {
            return false;
        }
    }
    // The attacker found no winning move; the defender, none that holds,
    // unless it had no move at all: a draw.
    !attacking && any_move
}

/// Positions near the end of random games on small boards, where one side
/// runs out of holes: every chain of double links the knowledge reports is
/// a win by minimax in as many moves, for the side to move and the other.
#[test]
fn a_chain_of_double_links_wins_only_if_the_defender_can_move_until_it_closes() {
    let mut rng = SplitMix64::new(404);
    let mut fired = 0;
    for preset in ["pencil", "dujardin", "t1"] {
        for size in [5u64, 6] {
            let rules = RuleSet::preset(preset)
                .unwrap()
                .with_size(twixt_core::board::BoardSize::square(size).unwrap());
            for _ in 0..300 {
                let moves = random_game(&rules, rng.next_u64(), 10_000);
                // The last few positions of the game, where holes are few.
                let mut pos = Position::new(rules.clone()).unwrap();
                let keep = moves.len().saturating_sub(6);
                for (k, mv) in moves.iter().enumerate() {
                    if pos.status() != Status::Ongoing || pos.play(mv).is_err() {
                        break;
                    }
                    if k < keep || pos.status() != Status::Ongoing {
                        continue;
                    }
                    for me in [Player::Red, Player::Black] {
                        let Some(gaps) = double_link_win(&pos, me, 2) else {
                            continue;
                        };
                        fired += 1;
                        assert!(
                            wins_within(&pos, me, gaps),
                            "{preset} {size}: a chain of {gaps} gaps for {me:?} that minimax \
                             refutes after {:?}",
                            &moves[..=k]
                        );
                    }
                }
            }
        }
    }
    assert!(fired >= 100, "only {fired} chains tried");
}

/// A game whose start is already a dead draw (a small empty board) is dead
/// before its first move.
#[test]
fn a_watch_tests_the_start_of_the_game() {
    for size in [3u64, 4] {
        let rules = RuleSet::preset("dujardin")
            .unwrap()
            .with_size(twixt_core::board::BoardSize::square(size).unwrap());
        let start = Position::new(rules.clone()).unwrap();
        if !start.is_dead_draw() {
            continue;
        }
        let mut watch = DeadDrawWatch::new(&start);
        let moves = random_game(&rules, 7, 100);
        let mut pos = start.clone();
        pos.play(&moves[0]).unwrap();
        assert_eq!(watch.dead_from(&pos, &moves[..1], true), Some(0), "{size}");
    }
}
