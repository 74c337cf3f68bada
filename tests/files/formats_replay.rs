//! Every shared game record replays under its rule set and ends as
//! `../shared/games/SOURCES.md` says.

use std::fs;
use std::path::Path;

use twixt_core::moves::Move;
use twixt_core::rules::{RuleSet, Swap};
use twixtkit::formats::{littlegolem, movelist, t1};
use twixtkit::prelude::{Player, Position, Status, WinBy};
use twixtkit::record::{GameResult, Record};

use crate::common;
use common::shared_games as games_dir;

/// Plays every move; panics with the ply and the engine's reason on a rejected move.
fn replay(name: &str, r: &Record) -> Position {
    let mut pos = Position::with_first(r.rules.clone(), r.first).unwrap();
    for (i, mv) in r.moves.iter().enumerate() {
        if let Err(e) = pos.play(mv) {
            panic!("{name}: move {} ({mv:?}) rejected: {e}", i + 1);
        }
    }
    pos
}

/// The index of the first rejected move, if any.
fn first_rejected(r: &Record) -> Option<(usize, String)> {
    let mut pos = Position::with_first(r.rules.clone(), r.first).unwrap();
    for (i, mv) in r.moves.iter().enumerate() {
        if let Err(e) = pos.play(mv) {
            return Some((i, e.to_string()));
        }
    }
    None
}

fn lg(dir: &Path, name: &str) -> Record {
    littlegolem::read(&fs::read(dir.join("littlegolem").join(name)).unwrap()).unwrap()
}

fn t1_file(dir: &Path, name: &str) -> Vec<u8> {
    fs::read(dir.join("t1").join(name)).unwrap()
}

#[test]
fn little_golem_games_replay_and_end_as_recorded() {
    let Some(dir) = games_dir() else { return };
    let resigned_by = |p: Player| Some(p);
    let cases = [
        ("game1107581.tsgf", resigned_by(Player::Red)),
        ("game2060663.tsgf", resigned_by(Player::Black)),
        ("game2206555.tsgf", resigned_by(Player::Black)),
        ("game2209801.tsgf", None),
        ("game2220939.tsgf", resigned_by(Player::Black)),
        ("game2221003.tsgf", resigned_by(Player::Red)),
        ("game2232217.tsgf", None),
        ("game2298348.tsgf", resigned_by(Player::Red)),
    ];
    for (name, resigner) in cases {
        let r = lg(&dir, name);
        let pos = replay(name, &r);
        let plies = r.moves.len() as u32;
        assert_eq!(pos.ply(), plies, "{name}");
        match resigner {
            Some(loser) => {
                assert_eq!(
                    pos.status(),
                    Status::Won {
                        winner: loser.opponent(),
                        ply: plies,
                        by: WinBy::Resignation
                    },
                    "{name}"
                );
                assert_eq!(r.result, Some(GameResult::Win(loser.opponent())), "{name}");
            }
            // Unfinished; the draw offers (plies 28 and 2) were declined by playing on.
            None => assert_eq!(pos.status(), Status::Ongoing, "{name}"),
        }
    }
}

#[test]
fn the_mirror_swap_puts_a_black_peg_on_the_mirrored_hole() {
    let Some(dir) = games_dir() else { return };
    let r = lg(&dir, "game1107581.tsgf");
    let mut pos = Position::new(r.rules.clone()).unwrap();
    pos.play(&r.moves[0]).unwrap(); // b[ch]: red c8
    pos.play(&Move::Swap).unwrap();
    assert_eq!(pos.peg("c8".parse().unwrap()), None);
    assert_eq!(pos.peg("h3".parse().unwrap()), Some(Player::Black));
    assert_eq!(pos.to_move(), Player::Red);
    // The move list's f6 mirrors onto itself.
    let ml = movelist::read(&fs::read(dir.join("movelist/issue103_moves.txt")).unwrap()).unwrap();
    let mut pos = Position::new(ml[0].rules.clone()).unwrap();
    pos.play(&ml[0].moves[0]).unwrap();
    pos.play(&Move::Swap).unwrap();
    assert_eq!(pos.peg("f6".parse().unwrap()), Some(Player::Black));
}

#[test]
fn move_list_replays_to_the_resignation() {
    let Some(dir) = games_dir() else { return };
    let ml = movelist::read(&fs::read(dir.join("movelist/issue103_moves.txt")).unwrap()).unwrap();
    let pos = replay("issue103_moves.txt", &ml[0]);
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Player::Black,
            ply: 33,
            by: WinBy::Resignation
        }
    );
}

#[test]
fn t1_games_replay_under_t1j_rules() {
    let Some(dir) = games_dir() else { return };
    let r = t1::read(&t1_file(&dir, "drawngame.T1")).unwrap();
    let pos = replay("drawngame.T1", &r);
    assert_eq!(pos.status(), Status::Ongoing);
    assert!(pos.is_dead_draw(), "drawngame.T1 should be a dead draw");

    let r = t1::read(&t1_file(&dir, "full_board.T1")).unwrap();
    let pos = replay("full_board.T1", &r);
    assert_eq!(pos.pegs().count(), 572);
    assert_eq!(pos.status(), Status::Ongoing);

    let r = t1::read(&t1_file(&dir, "sample.T1")).unwrap();
    let pos = replay("sample.T1", &r);
    // After the mirror swap the first player keeps red and moves again, so
    // ply 6 is black's: black resigns.
    assert_eq!(
        pos.status(),
        Status::Won {
            winner: Player::Red,
            ply: 6,
            by: WinBy::Resignation
        }
    );

    let r = t1::read(&t1_file(&dir, "testwin.T1")).unwrap();
    let pos = replay("testwin.T1", &r);
    assert_eq!(pos.ply(), 48);
}

/// twixtbot-ui plays Little Golem's mirror swap: its games with a swap break
/// T1j's colour-swap rules at the first move on the other colour's border,
/// and replay in full with the mirror swap.
#[test]
fn twixtbot_ui_swap_is_the_mirror_swap() {
    let Some(dir) = games_dir() else { return };
    let bytes = t1_file(&dir, "scl-issue.T1");
    let colours = t1::read_with(&bytes, RuleSet::dujardin()).unwrap();
    let (ply, why) = first_rejected(&colours).expect("a colour swap should make a17 red's");
    assert_eq!(ply, 3, "{why}");
    assert_eq!(colours.moves[3], Move::peg("a17".parse().unwrap()));

    let r = t1::read(&bytes).unwrap();
    assert_eq!(r.rules.swap, Swap::Mirror);
    let pos = replay("scl-issue.T1", &r);
    assert_eq!(pos.status(), Status::Ongoing);
    // "black should play ...44": black is to move after 43 plies.
    assert_eq!(pos.to_move(), Player::Black);
}

/// The `|draw` offers are real offers: accepting right after them draws the
/// game; the recorded games declined by playing on.
#[test]
fn little_golem_draw_offers_could_have_been_accepted() {
    let Some(dir) = games_dir() else { return };
    for (name, offer_ply) in [("game2232217.tsgf", 28usize), ("game2298348.tsgf", 2)] {
        let r = lg(&dir, name);
        let mut pos = Position::new(r.rules.clone()).unwrap();
        for mv in &r.moves[..offer_ply] {
            pos.play(mv).unwrap();
        }
        pos.play(&Move::AcceptDraw).unwrap();
        assert_eq!(
            pos.status(),
            Status::Drawn {
                ply: offer_ply as u32 + 1
            },
            "{name}"
        );
    }
}
