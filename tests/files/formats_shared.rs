//! Reads every real game record under `../shared/games/` and checks the
//! moves, tags and results the records declare.

use std::fs;
use std::path::{Path, PathBuf};

use twixt_core::moves::Move;
use twixt_core::rules::{RuleSet, Swap};
use twixtkit::formats::{littlegolem, movelist, t1};
use twixtkit::prelude::{BoardSize, Hole, Player};
use twixtkit::record::{GameResult, Record};

use crate::common;
use common::shared_games as games_dir;

fn files(dir: &Path, sub: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir.join(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

fn peg(name: &str) -> Move {
    Move::peg(name.parse::<Hole>().unwrap())
}

fn read_lg(dir: &Path, name: &str) -> Record {
    littlegolem::read(&fs::read(dir.join("littlegolem").join(name)).unwrap()).unwrap()
}

fn read_t1(dir: &Path, name: &str) -> Record {
    t1::read(&fs::read(dir.join("t1").join(name)).unwrap()).unwrap()
}

#[test]
fn every_little_golem_file_reads_as_described() {
    let Some(dir) = games_dir() else { return };
    // (file, size, plies, declared result)
    let expected = [
        (
            "game1107581.tsgf",
            24,
            39,
            Some(GameResult::Win(Player::Black)),
        ),
        (
            "game2060663.tsgf",
            24,
            32,
            Some(GameResult::Win(Player::Red)),
        ),
        (
            "game2206555.tsgf",
            24,
            18,
            Some(GameResult::Win(Player::Red)),
        ),
        ("game2209801.tsgf", 24, 40, None),
        (
            "game2220939.tsgf",
            24,
            22,
            Some(GameResult::Win(Player::Red)),
        ),
        (
            "game2221003.tsgf",
            30,
            35,
            Some(GameResult::Win(Player::Black)),
        ),
        ("game2232217.tsgf", 24, 38, None),
        (
            "game2298348.tsgf",
            48,
            55,
            Some(GameResult::Win(Player::Black)),
        ),
    ];
    let found = files(&dir, "littlegolem");
    assert_eq!(found.len(), expected.len(), "files in littlegolem/");
    for (name, side, plies, result) in expected {
        let r = read_lg(&dir, name);
        assert_eq!(r.size(), BoardSize::square(side).unwrap(), "{name}");
        assert_eq!(r.rules, RuleSet::pencil().with_size(r.size()), "{name}");
        assert_eq!(r.moves.len(), plies, "{name}");
        assert_eq!(r.result, result, "{name}");
        assert_eq!(r.first, Player::Red);
        assert_eq!(r.tag("Site"), Some("https://www.littlegolem.net"), "{name}");
        // Only ply 2 may be a swap.
        for (i, m) in r.moves.iter().enumerate() {
            assert!(*m != Move::Swap || i == 1, "{name}: swap at ply {}", i + 1);
        }
    }
}

#[test]
fn game1107581_moves_and_tags() {
    let Some(dir) = games_dir() else { return };
    let r = read_lg(&dir, "game1107581.tsgf");
    assert_eq!(
        &r.moves[..4],
        &[peg("c8"), Move::Swap, peg("j10"), peg("j15")]
    );
    assert_eq!(r.moves.last(), Some(&Move::Resign));
    assert_eq!(r.tag("Red"), Some("spd_iv"));
    assert_eq!(r.tag("Black"), Some("tasuki"));
    assert_eq!(r.tag("Event"), Some("twixt.ch.23.1.1"));
    assert_eq!(r.tag("FF"), Some("4"));
}

#[test]
fn draw_offers_and_wide_latin1_board() {
    let Some(dir) = games_dir() else { return };
    let r = read_lg(&dir, "game2232217.tsgf");
    let offers: Vec<usize> = r
        .moves
        .iter()
        .enumerate()
        .filter(|(_, m)| matches!(m, Move::Place(p) if p.offers_draw))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(offers, vec![28]);
    assert_eq!(r.moves[27], {
        let mut m = peg("q9");
        if let Move::Place(p) = &mut m {
            p.offers_draw = true;
        }
        m
    });

    let r = read_lg(&dir, "game2298348.tsgf");
    // b[\x8dn]: column 0x8d - 'a' = 44, row 'n' = 13.
    assert_eq!(r.moves[0], Move::peg(Hole::new(44, 13)));
    // r[\x80\x80|draw]: a placement at (31, 31) with a draw offer.
    match &r.moves[1] {
        Move::Place(p) => {
            assert_eq!(p.hole, Hole::new(31, 31));
            assert!(p.offers_draw);
        }
        other => panic!("expected a placement, found {other:?}"),
    }
    assert_eq!(r.moves[2], Move::peg(Hole::new(23, 29))); // b[x~]
}

#[test]
fn little_golem_files_write_back_byte_for_byte() {
    let Some(dir) = games_dir() else { return };
    for path in files(&dir, "littlegolem") {
        let bytes = fs::read(&path).unwrap();
        let r = littlegolem::read(&bytes).unwrap();
        let out = littlegolem::write(&r).unwrap();
        let trimmed = bytes.trim_ascii_end();
        assert_eq!(out, trimmed, "{}", path.display());
    }
}

#[test]
fn every_t1_file_reads() {
    let Some(dir) = games_dir() else { return };
    let expected = [
        ("drawngame.T1", 58, None),
        ("full_board.T1", 572, None),
        ("sample.T1", 6, Some(GameResult::Win(Player::Red))),
        ("scl-issue.T1", 43, None),
        ("testwin.T1", 48, None),
    ];
    assert_eq!(files(&dir, "t1").len(), expected.len(), "files in t1/");
    for (name, plies, result) in expected {
        let r = read_t1(&dir, name);
        assert_eq!(r.size(), BoardSize::STANDARD, "{name}");
        assert_eq!(r.rules, RuleSet::t1(), "{name}");
        assert_eq!(r.moves.len(), plies, "{name}");
        assert_eq!(r.result, result, "{name}");
        let back = t1::read(t1::write(&r).unwrap().as_bytes()).unwrap();
        assert_eq!(back, r, "{name} round trip");
    }
}

#[test]
fn t1_sample_moves_and_names() {
    let Some(dir) = games_dir() else { return };
    let r = read_t1(&dir, "sample.T1");
    assert_eq!(
        r.moves,
        vec![
            peg("e15"),
            Move::Swap,
            peg("f17"),
            peg("h18"),
            peg("p12"),
            Move::Resign
        ]
    );
    assert_eq!(r.tag("Red"), Some("Tom"));
    assert_eq!(r.tag("Black"), Some("Jerry"));
    // T1 K7 is Little Golem b[kg]: column k, row 7.
    let r = read_t1(&dir, "testwin.T1");
    assert_eq!(r.moves[1], Move::peg(Hole::new(10, 6)));
    assert_eq!(r.tag("Red"), Some("Tom"));
    assert_eq!(r.tag(t1::TAG_VERSION), Some("1"));
    assert_eq!(r.rules.swap, Swap::Mirror);
}

#[test]
fn issue103_move_list() {
    let Some(dir) = games_dir() else { return };
    let bytes = fs::read(dir.join("movelist/issue103_moves.txt")).unwrap();
    let games = movelist::read(&bytes).unwrap();
    assert_eq!(games.len(), 1);
    let r = &games[0];
    assert_eq!(r.moves.len(), 33);
    assert_eq!(&r.moves[..3], &[peg("f6"), Move::Swap, peg("m16")]);
    assert_eq!(r.moves[32], Move::Resign);
    // Ply 33 is the first mover's: red resigns.
    assert_eq!(r.result, Some(GameResult::Win(Player::Black)));
    let text = movelist::write(r).unwrap();
    assert_eq!(
        text.trim_end(),
        String::from_utf8(bytes).unwrap().trim_end()
    );
}
