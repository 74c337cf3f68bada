//! Quick end-to-end checks of the engine on random games.

use twixt_core::random::random_game;
use twixtkit::prelude::{Position, RuleSet, Status};

#[test]
fn random_games_replay_under_every_preset() {
    for preset in RuleSet::presets() {
        for seed in 0..8 {
            let moves = random_game(&preset.rules, seed, 2000);
            assert!(moves.len() > 10, "{} seed {seed}", preset.name);
            let mut pos = Position::new(preset.rules.clone()).unwrap();
            for (k, mv) in moves.iter().enumerate() {
                pos.play(mv)
                    .unwrap_or_else(|e| panic!("{} seed {seed} ply {k}: {e}", preset.name));
            }
            if let Status::Won { ply, .. } = pos.status() {
                assert_eq!(ply as usize, moves.len());
            }
        }
    }
}

#[test]
fn extreme_board_sizes_play() {
    use twixt_core::board::BoardSize;
    for (w, h) in [(3, 3), (3, 128), (128, 3), (128, 128), (4, 9)] {
        let size = BoardSize::new(w, h).unwrap();
        for preset in RuleSet::presets() {
            let mut rules = preset.rules.clone().with_size(size);
            if w != h {
                rules.swap = twixt_core::rules::Swap::Colors;
            }
            let moves = random_game(&rules, w * 1000 + h, 400);
            assert!(!moves.is_empty(), "{} on {size}", preset.name);
            let mut pos = Position::new(rules.clone()).unwrap();
            for mv in &moves {
                pos.play(mv).unwrap();
            }
            // The last link id of a 128x128 board still fits the tables.
            let _ = pos.is_dead_draw();
            assert!(pos.ply() as usize == moves.len());
        }
    }
}
