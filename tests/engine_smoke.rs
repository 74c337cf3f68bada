//! Quick end-to-end checks of the engine on random games.

use twixtkit::random::random_game;
use twixtkit::{Position, RuleSet, Status};

#[test]
fn random_games_replay_under_every_preset() {
    for preset in RuleSet::presets() {
        for seed in 0..20 {
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
