//! "Secures the connection" ([`secures`]): the proof-number search with no
//! bound on the moves, against a minimax of the whole game on crowded small
//! boards and against the exact "wins within N" search; the double links
//! of the rulebooks and the edge templates proved by it under each rule
//! set the solver covers; the refutation of a false key move.

use std::collections::HashMap;

use twixt_core::position::{Position, Status, WinBy};
use twixt_core::position_line::read_position;
use twixt_core::random::{SplitMix64, random_game};
use twixt_core::rules::Swap;
use twixt_core::solver::{
    AfterMove, SearchLimit, Secure, Solved, Tuning, after_move, dead_holes, secures, solve,
};
use twixtkit::prelude::{BoardSize, Hole, Move, Player, RuleSet};

/// The empty holes `player` may play.
fn free(pos: &Position, player: Player) -> Vec<Hole> {
    pos.size()
        .holes()
        .filter(|&h| {
            let mut p = pos.clone();
            p.to_move() == player && p.play(&Move::peg(h)).is_ok()
        })
        .collect()
}

/// Whether `attacker` connects from `pos` whatever happens, by trying
/// every move to the end of the game: a side with no legal move ends it in
/// a draw (no rule set has a pass). Memoised on the position line.
fn connects(pos: &Position, attacker: Player, memo: &mut HashMap<String, bool>) -> bool {
    let line = twixt_core::position_line::write(pos);
    if let Some(&v) = memo.get(&line) {
        return v;
    }
    let mover = pos.to_move();
    let mut any = false;
    let mut result = mover != attacker;
    for h in pos.size().holes() {
        let mut next = pos.clone();
        if next.play(&Move::peg(h)).is_err() {
            continue;
        }
        any = true;
        let value = match next.status() {
            Status::Won {
                winner,
                by: WinBy::Connection,
                ..
            } => winner == attacker,
            Status::Ongoing => connects(&next, attacker, memo),
            _ => false,
        };
        if mover == attacker && value {
            result = true;
            break;
        }
        if mover != attacker && !value {
            result = false;
            break;
        }
    }
    let result = any && result;
    memo.insert(line, result);
    result
}

fn rules(preset: &str, width: u64, height: u64) -> RuleSet {
    let mut r = RuleSet::preset(preset).unwrap();
    r.size = BoardSize::new(width, height).unwrap();
    // The mirror swap needs a square board; the search starts after it.
    r.swap = Swap::None;
    r
}

/// Random games on `rules` stopped with at most `most` empty holes, ongoing.
fn crowded(rules: &RuleSet, count: usize, most: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 100 {
        tries += 1;
        let moves = random_game(rules, rng.next_u64(), 400);
        let mut pos = Position::new(rules.clone()).unwrap();
        let stop = 1 + rng.below(most);
        for mv in &moves {
            let empty = pos.size().holes().filter(|&h| pos.peg(h).is_none()).count();
            if pos.status() != Status::Ongoing || empty <= stop || pos.play(mv).is_err() {
                break;
            }
        }
        if pos.status() == Status::Ongoing && pos.ply() >= 2 {
            out.push(pos);
        }
    }
    out
}

fn is_secured(pos: &Position, player: Player) -> bool {
    match secures(pos, player, &SearchLimit::positions(u64::MAX)) {
        Ok(s) => matches!(s.answer, Secure::Secured { .. }),
        Err(e) => panic!("{e}: {}", twixt_core::position_line::write(pos)),
    }
}

/// The whole game searched: on crowded boards of 4 to 6 holes a side,
/// under pencil, dujardin and t1, for the side to move and for the other,
/// the proof-number search agrees with the minimax of every move to the
/// end, draws by a side with no move included.
#[test]
fn agrees_with_a_minimax_of_the_whole_game() {
    let (mut yes, mut total) = (0, 0);
    for preset in ["pencil", "dujardin", "t1"] {
        for (w, h) in [(4, 4), (5, 5), (6, 5), (6, 6)] {
            let r = rules(preset, w, h);
            for pos in crowded(&r, 40, 9, w * 7 + h + preset.len() as u64) {
                let mut memo = HashMap::new();
                for player in [Player::Red, Player::Black] {
                    let want = connects(&pos, player, &mut memo);
                    memo.clear();
                    let got = is_secured(&pos, player);
                    assert_eq!(
                        got,
                        want,
                        "{player} secure under {preset} {w}x{h}: {}",
                        twixt_core::position_line::write(&pos)
                    );
                    yes += usize::from(want);
                    total += 1;
                }
            }
        }
    }
    eprintln!("secure: {yes} of {total}");
    assert!(yes > total / 10 && yes < total * 9 / 10, "{yes} of {total}");
}

/// What a switch of [`Tuning`] came to over crowded positions: the answers
/// given, how many were secure, and the positions searched with the switch
/// on and off.
struct Compared {
    total: usize,
    yes: usize,
    dropping: usize,
    positions: (u64, u64),
}

/// `secures` with `on` and with `off` on crowded positions of `sizes` under
/// pencil, dujardin and t1, for the side to move and for the other (at most
/// `most` empty holes): every answer the same.
fn same_answers(
    on: Tuning,
    off: Tuning,
    sizes: &[(u64, u64)],
    count: usize,
    most: usize,
) -> Compared {
    let limit = |t| SearchLimit::positions(5_000_000).with_tuning(t);
    let (on, off) = (limit(on), limit(off));
    let mut c = Compared {
        total: 0,
        yes: 0,
        dropping: 0,
        positions: (0, 0),
    };
    for preset in ["pencil", "dujardin", "t1"] {
        for &(w, h) in sizes {
            let r = rules(preset, w, h);
            for pos in crowded(&r, count, most, w * 11 + h + preset.len() as u64) {
                // More than one dead hole: the search drops some.
                c.dropping += usize::from(dead_holes(&pos).len() > 1);
                for player in [Player::Red, Player::Black] {
                    let answer = |limit: &SearchLimit| match secures(&pos, player, limit) {
                        Ok(s) => (matches!(s.answer, Secure::Secured { .. }), s.positions),
                        Err(e) => panic!("{e}: {}", twixt_core::position_line::write(&pos)),
                    };
                    let (want, off_positions) = answer(&off);
                    let (got, on_positions) = answer(&on);
                    assert_eq!(
                        got,
                        want,
                        "{player} under {preset} {w}x{h}: {}",
                        twixt_core::position_line::write(&pos)
                    );
                    c.yes += usize::from(want);
                    c.total += 1;
                    c.positions.0 += on_positions;
                    c.positions.1 += off_positions;
                }
            }
        }
    }
    assert!(
        c.yes > c.total / 10 && c.yes < c.total * 9 / 10,
        "{} of {}",
        c.yes,
        c.total
    );
    c
}

/// The proof numbers alone, with every switch of the tuning on.
fn proof_numbers() -> Tuning {
    Tuning {
        secure_short_win: false,
        ..Tuning::default()
    }
}

/// Dead holes (no side could ever link a peg there) are dropped from the
/// proof numbers' moves but one of each kind: on thousands of crowded small
/// positions under pencil, dujardin and t1, for the side to move and for
/// the other, the answer is the one of the search that keeps every move.
#[test]
fn dropping_dead_holes_changes_no_answer() {
    let off = Tuning {
        secure_dead_holes: false,
        ..proof_numbers()
    };
    let c = same_answers(
        proof_numbers(),
        off,
        &[(5, 5), (6, 6), (7, 6), (8, 7)],
        120,
        16,
    );
    eprintln!(
        "dead holes: {} positions with some dropped; {} of {} secured",
        c.dropping, c.yes, c.total
    );
    assert!(c.total >= 2000, "{} answers", c.total);
    assert!(
        c.dropping > c.total / 4,
        "{} positions drop dead holes",
        c.dropping
    );
}

/// A position where the defender has a virtual connection of its own is
/// disproved with no search: on crowded positions with room to play (up to
/// 30 empty holes), under pencil, dujardin and t1, for the side to move and
/// for the other, the answer is the one of the search without it, which
/// searches more positions to give it.
#[test]
fn the_defenders_connection_changes_no_answer() {
    let off = Tuning {
        secure_defender_connection: false,
        ..proof_numbers()
    };
    let c = same_answers(proof_numbers(), off, &[(6, 6), (7, 7), (8, 8)], 60, 30);
    eprintln!(
        "defender's connection: {} of {} secured; {} positions searched with it, {} without",
        c.yes, c.total, c.positions.0, c.positions.1
    );
    assert!(c.total >= 1000, "{} answers", c.total);
    assert!(
        c.positions.0 * 4 < c.positions.1 * 3,
        "{:?} positions",
        c.positions
    );
}

/// Against the exact search: with the player to move and a bound as long
/// as the game can last, "wins within N" and "secures" agree wherever the
/// exact search decides; its shortest win's key move also secures.
#[test]
fn agrees_with_the_exact_search_on_small_boards() {
    let (mut decided, mut total) = (0, 0);
    for preset in ["pencil", "dujardin"] {
        for side in [6u64, 7] {
            let r = rules(preset, side, side);
            for pos in crowded(&r, 40, 14, side * 13 + preset.len() as u64) {
                let me = pos.to_move();
                total += 1;
                let n = free(&pos, me).len() as u32;
                let Ok(exact) = solve(&pos, me, n, &SearchLimit::positions(300_000)) else {
                    continue;
                };
                decided += 1;
                let wins = matches!(exact.answer, Solved::Wins { .. });
                assert_eq!(
                    is_secured(&pos, me),
                    wins,
                    "{me} under {preset}: {}",
                    twixt_core::position_line::write(&pos)
                );
            }
        }
    }
    assert!(decided * 2 > total, "{decided} of {total} decided");
}

/// A preset's axes with no swap, for boards that are not square.
fn axes(preset: &str) -> &'static str {
    match preset {
        "pencil" => "crossing=own,links=automatic,removal=none,swap=none",
        _ => "crossing=none,links=automatic,removal=none,swap=none",
    }
}

fn line(text: &str) -> Position {
    read_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The double links of the rulebooks (beam, tilt, coign, mesh) and a peg
/// on the second and third row joined to its border: each proved secure
/// with the opponent to move by the search itself, under pencil (own links
/// cross) and dujardin (no link crosses), on boards just tall enough that
/// the two pegs stand on Red's borders; with one of the two holes taken by
/// Black, Red to move joins at the other.
#[test]
fn the_rulebooks_double_links_are_proved_secure() {
    // (name, size, red pegs, the two holes that join them)
    let templates = [
        ("beam", "9x5", "e1,e5", ["d3", "f3"]),
        ("tilt", "9x4", "c1,f4", ["d3", "e2"]),
        ("coign", "9x4", "d1,e4", ["c3", "f2"]),
        ("mesh", "9x3", "e1,e3", ["c2", "g2"]),
    ];
    for preset in ["pencil", "dujardin"] {
        for (name, size, red, joins) in templates {
            let pos = line(&format!("{size}/{}/{red}/-/*/black", axes(preset)));
            assert!(is_secured(&pos, Player::Red), "{name} under {preset}");
            // Black takes one of the two joining holes: Red to move joins
            // at the other, and the key found keeps the connection (it may
            // be another winning move: on a board this small some join at
            // once).
            for taken in joins {
                let red_to_move = line(&format!("{size}/{}/{red}/{taken}/*/red", axes(preset)));
                let s = secures(
                    &red_to_move,
                    Player::Red,
                    &SearchLimit::positions(1_000_000),
                )
                .unwrap();
                let Secure::Secured { key: Some(key) } = s.answer else {
                    panic!("{name} under {preset}, {taken} taken: {:?}", s.answer);
                };
                for hole in [key, joins[0].parse().unwrap(), joins[1].parse().unwrap()] {
                    let mut after = red_to_move.clone();
                    if hole.to_string() == taken || after.play(&Move::peg(hole)).is_err() {
                        continue;
                    }
                    let joined = matches!(
                        after.status(),
                        Status::Won {
                            winner: Player::Red,
                            ..
                        }
                    );
                    assert!(
                        joined || is_secured(&after, Player::Red),
                        "{name} under {preset}, {taken} taken: {hole}"
                    );
                }
                // Black to move again: Red may still have other ways on an
                // open board; whatever the answer, the exact search agrees
                // where it decides.
                let black_again = line(&format!("{size}/{}/{red}/{taken}/*/black", axes(preset)));
                let secured = is_secured(&black_again, Player::Red);
                let exact = after_move(
                    &black_again,
                    Player::Red,
                    4,
                    &SearchLimit::positions(2_000_000),
                )
                .unwrap();
                if exact.answer == AfterMove::Wins {
                    assert!(
                        secured,
                        "{name} under {preset}: Black at {taken}, to move again"
                    );
                }
            }
        }
    }
}

/// Edge templates: a Red peg on the second or third row from its
/// border, the other end already joined by a peg on the far border row,
/// Black to move: secure from rows 2 and 3 on an open board; the exact
/// search agrees (a win within the moves it takes).
#[test]
fn edge_templates_are_proved_secure_and_the_exact_search_agrees() {
    // Red at e3 and e5 (linked to e5's partner on the border row 7 by a
    // knight's move): the peg at row 3 or 2 must reach row 1.
    for preset in ["pencil", "dujardin"] {
        for (pegs, moves) in [("e2,f4,e6,f8", 2u32), ("e3,f5,e7", 2)] {
            let pos = line(&format!("11x8/{}/{pegs}/-/*/black", axes(preset)));
            assert!(is_secured(&pos, Player::Red), "{pegs} under {preset}");
            // The exact search: every Black move, and Red still wins
            // within the moves left.
            let limit = SearchLimit::positions(5_000_000);
            let a = after_move(&pos, Player::Red, moves, &limit).unwrap();
            assert_eq!(a.answer, AfterMove::Wins, "{pegs} under {preset}");
        }
    }
}

/// The corner puzzle of `examples/corner-puzzle.twixt`: Red's connection
/// is secure with Red to move; the key move found keeps it secure with
/// Black to move, and the exact search proves a win after it.
#[test]
fn the_corner_puzzle_is_secured_with_a_key_that_keeps_it() {
    let pos = line(
        "12-cut-top-right/pencil/b6,d1,e11,f2,g2,g5,g6,h6,h12,i8,k12,l12/a2,b7,b11,c1,d2,d3,f11,h7,j11,k3,l4,l11/*/red",
    );
    let s = secures(&pos, Player::Red, &SearchLimit::positions(5_000_000)).unwrap();
    let Secure::Secured { key: Some(key) } = s.answer else {
        panic!("{:?}", s.answer);
    };
    let mut after = pos.clone();
    after.play(&Move::peg(key)).unwrap();
    assert!(is_secured(&after, Player::Red), "after {key}");
    // Black, to move, cannot break it.
    let s = secures(&after, Player::Red, &SearchLimit::positions(5_000_000)).unwrap();
    assert_eq!(s.answer, Secure::Secured { key: None });
}

/// A false claim is refuted by the defence that holds against the most
/// plausible first move (on the player's cheapest chain), and that
/// defence does hold: after it the player's connection is not secure.
#[test]
fn a_refutation_names_a_defence_that_holds() {
    let mut rng = SplitMix64::new(61);
    let mut refuted = 0;
    for preset in ["pencil", "dujardin"] {
        let r = rules(preset, 6, 6);
        for pos in crowded(&r, 30, 12, rng.next_u64()) {
            let me = pos.to_move();
            let s = secures(&pos, me, &SearchLimit::positions(u64::MAX)).unwrap();
            let Secure::Breaks {
                attempt: Some(attempt),
                defence,
            } = s.answer
            else {
                continue;
            };
            let mut after = pos.clone();
            after.play(&Move::peg(attempt)).unwrap();
            if let Some(d) = defence
                && after.status() == Status::Ongoing
            {
                after.play(&Move::peg(d)).unwrap();
            }
            let connected = matches!(after.status(), Status::Won { winner, .. } if winner == me);
            assert!(
                !connected && (after.status() != Status::Ongoing || !is_secured(&after, me)),
                "{}: {attempt} {defence:?}",
                twixt_core::position_line::write(&pos)
            );
            refuted += 1;
        }
    }
    assert!(refuted > 5, "{refuted}");
}

/// The false keys of the bench's corner puzzles (`refuted` rows of
/// `benches/secure-puzzles.tsv`, nine puzzles): each is refuted within
/// 300,000 positions by the defence the set names, a hole beside the false
/// key (within three columns and three rows: a move a player would
/// consider), and after that defence the player's connection is disproved
/// (or the defence connects the opponent at once).
#[test]
fn published_style_false_keys_are_refuted_by_a_defence_beside_them() {
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/secure-puzzles.tsv"
    ))
    .unwrap();
    let limit = SearchLimit::positions(300_000);
    let mut puzzles = std::collections::BTreeSet::new();
    for row in set.lines().filter(|r| r.starts_with("refuted\t")) {
        let f: Vec<&str> = row.split('\t').collect();
        let (false_key, line, wanted): (Hole, &str, Hole) =
            (f[1].parse().unwrap(), f[3], f[6].parse().unwrap());
        puzzles.insert(line);
        let mut pos = read_position(line).unwrap();
        let me = pos.to_move();
        pos.play(&Move::peg(false_key)).unwrap();
        let s = secures(&pos, me, &limit).unwrap_or_else(|e| panic!("1. {false_key}: {e}"));
        assert_eq!(
            s.answer,
            Secure::Breaks {
                attempt: None,
                defence: Some(wanted)
            },
            "1. {false_key} in {line}"
        );
        let near = |a: u16, b: u16| a.abs_diff(b) <= 3;
        assert!(near(wanted.col, false_key.col) && near(wanted.row, false_key.row));
        pos.play(&Move::peg(wanted)).unwrap();
        // The defence may connect the opponent at once.
        if pos.status() != Status::Ongoing {
            assert!(matches!(pos.status(), Status::Won { winner, .. } if winner != me));
            continue;
        }
        let after =
            secures(&pos, me, &limit).unwrap_or_else(|e| panic!("1. {false_key} {wanted}: {e}"));
        assert!(
            matches!(after.answer, Secure::Breaks { .. }),
            "1. {false_key} {wanted}: {:?}",
            after.answer
        );
    }
    assert!(puzzles.len() >= 9, "{} puzzles", puzzles.len());
}

/// A claim written after its key move (`1. h7` then `#wins red`, the
/// opponent to move), as `check` judges it: every secured puzzle of the
/// bench, its key played, is proved within the bench's 5,000,000 positions
/// a claim (no time limit: the machine's speed changes no answer), and
/// each false key of the set is refuted by the defence the set names.
#[test]
fn a_claim_after_the_key_move_is_proved_as_the_claim_before_it() {
    use twixtkit::win_claims::{Limits, SearchBudget, SecureClaim, Verdict, check_secure_claim};
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/secure-puzzles.tsv"
    ))
    .unwrap();
    let budget = SearchBudget::new(
        Limits {
            positions: 5_000_000,
            time: None,
        },
        Limits {
            positions: u64::MAX,
            time: None,
        },
    );
    let (mut proved, mut refuted) = (0, 0);
    for row in set.lines().filter(|r| !r.starts_with('#') && !r.is_empty()) {
        let f: Vec<&str> = row.split('\t').collect();
        let (answer, key, line) = (f[0], f[1], f[3]);
        if answer != "secured" && answer != "refuted" {
            continue;
        }
        let mut pos = read_position(line).unwrap();
        let me = pos.to_move();
        let key: Hole = key.parse().unwrap();
        pos.play(&Move::peg(key)).unwrap();
        let claim = SecureClaim {
            player: me,
            next_move: pos.ply() + 1,
            line: 1,
            key: None,
            solution_follows: false,
            want_keys: false,
        };
        let (report, findings) = check_secure_claim(&pos, &claim, &budget);
        if answer == "secured" {
            assert_eq!(
                report.verdict,
                Verdict::Proved,
                "1. {key} in {line}: {findings:?}"
            );
            proved += 1;
        } else {
            assert_eq!(
                report.verdict,
                Verdict::False,
                "1. {key} in {line}: {findings:?}"
            );
            let wanted: Hole = f[6].parse().unwrap();
            assert_eq!(report.refutation.len(), 1, "1. {key} in {line}");
            assert!(
                report.refutation[0].ends_with(&format!(" {wanted}")),
                "1. {key} in {line}: {:?}",
                report.refutation
            );
            refuted += 1;
        }
    }
    assert!(
        proved >= 45 && refuted >= 11,
        "{proved} proved, {refuted} refuted"
    );
}

/// A claim's limit bounds the claim as a whole: where the script's key
/// move (here each false key of the bench's set) is refuted first, the
/// claim's own search gets what that left, and the positions of the two
/// together stay within the claim's limit; so do a proof's and the
/// listing of its cooks.
#[test]
fn a_refuted_key_and_the_claim_after_it_share_the_claims_limit() {
    use twixtkit::win_claims::{Limits, SearchBudget, SecureClaim, check_secure_claim};
    let set = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/secure-puzzles.tsv"
    ))
    .unwrap();
    const LIMIT: u64 = 2_000;
    let budget = SearchBudget::new(
        Limits {
            positions: LIMIT,
            time: None,
        },
        Limits {
            positions: u64::MAX,
            time: None,
        },
    );
    let mut tried = 0;
    for row in set.lines().filter(|r| !r.starts_with('#') && !r.is_empty()) {
        let f: Vec<&str> = row.split('\t').collect();
        let (answer, key, line) = (f[0], f[1], f[3]);
        if answer != "refuted" {
            continue;
        }
        let pos = read_position(line).unwrap();
        let claim = SecureClaim {
            player: pos.to_move(),
            next_move: pos.ply() + 1,
            line: 1,
            key: Some(key.parse().unwrap()),
            solution_follows: false,
            want_keys: false,
        };
        let (report, findings) = check_secure_claim(&pos, &claim, &budget);
        assert!(
            report.positions <= LIMIT,
            "1. {key} in {line}: {} positions for a limit of {LIMIT}: {findings:?}",
            report.positions
        );
        tried += 1;
    }
    assert!(tried >= 11, "{tried} false keys tried");
    // The same for a proved claim and the listing of its cooks.
    let mut listed = 0;
    for row in set.lines().filter(|r| !r.starts_with('#') && !r.is_empty()) {
        let f: Vec<&str> = row.split('\t').collect();
        if f[0] != "secured" {
            continue;
        }
        let pos = read_position(f[3]).unwrap();
        let claim = SecureClaim {
            player: pos.to_move(),
            next_move: pos.ply() + 1,
            line: 1,
            key: None,
            solution_follows: false,
            want_keys: true,
        };
        let (report, findings) = check_secure_claim(&pos, &claim, &budget);
        assert!(
            report.positions <= LIMIT,
            "{}: {} positions for a limit of {LIMIT}: {findings:?}",
            f[3],
            report.positions
        );
        listed += usize::from(report.keys.is_some() || !findings.is_empty());
    }
    assert!(listed >= 10, "{listed} claims with their cooks asked");
}

/// `#wins red` with no length, as `check` judges it
/// ([`twixtkit::win_claims::check_secure_claim`]): on crowded small boards
/// its verdict is the minimax's for either side; a refutation, played,
/// leaves the player unable to connect; a key move the script gives is
/// accepted exactly when the minimax connects after it.
#[test]
fn a_claim_without_a_length_is_judged_by_the_whole_game() {
    use twixtkit::win_claims::{SearchBudget, SecureClaim, Verdict, check_secure_claim};
    let (mut proved, mut refuted, mut keys_tried) = (0, 0, 0);
    for preset in ["pencil", "dujardin"] {
        for side in [5u64, 6] {
            let r = rules(preset, side, side);
            for pos in crowded(&r, 25, 9, side * 31 + preset.len() as u64) {
                let text = twixt_core::position_line::write(&pos);
                for player in [Player::Red, Player::Black] {
                    let mut memo = HashMap::new();
                    let want = connects(&pos, player, &mut memo);
                    let claim = SecureClaim {
                        player,
                        next_move: pos.ply() + 1,
                        line: 1,
                        key: None,
                        solution_follows: false,
                        want_keys: false,
                    };
                    let (report, _) = check_secure_claim(&pos, &claim, &SearchBudget::default());
                    let expected = if want {
                        Verdict::Proved
                    } else {
                        Verdict::False
                    };
                    assert_eq!(report.verdict, expected, "{player}: {text}");
                    assert_eq!(report.moves, None);
                    if want {
                        proved += 1;
                    } else {
                        refuted += 1;
                        let mut after = pos.clone();
                        for step in &report.refutation {
                            let hole: Hole = step.split(". ").nth(1).unwrap().parse().unwrap();
                            after.play(&Move::peg(hole)).unwrap();
                        }
                        let mut memo = HashMap::new();
                        assert!(
                            after.status() != Status::Ongoing
                                || !connects(&after, player, &mut memo),
                            "{player}: the refutation {:?} of {text} does not hold",
                            report.refutation
                        );
                    }
                    if pos.to_move() != player {
                        continue;
                    }
                    // The script's key move: each of the player's moves.
                    for key in free(&pos, player) {
                        let mut after = pos.clone();
                        after.play(&Move::peg(key)).unwrap();
                        let mut memo = HashMap::new();
                        let keeps = match after.status() {
                            Status::Won { winner, .. } => winner == player,
                            Status::Ongoing => connects(&after, player, &mut memo),
                            _ => false,
                        };
                        let (report, findings) = check_secure_claim(
                            &pos,
                            &SecureClaim {
                                key: Some(key),
                                solution_follows: true,
                                ..claim
                            },
                            &SearchBudget::default(),
                        );
                        keys_tried += 1;
                        let errors: Vec<_> = findings.iter().filter(|f| f.error).collect();
                        match (want, keeps) {
                            (_, true) => assert!(errors.is_empty(), "{key} in {text}: {errors:?}"),
                            (true, false) => assert!(
                                errors.len() == 1 && errors[0].kind == "wrong-move",
                                "{key} in {text}: {errors:?}"
                            ),
                            (false, false) => assert_eq!(report.verdict, Verdict::False),
                        }
                    }
                }
            }
        }
    }
    eprintln!("secure claims: {proved} proved, {refuted} refuted, {keys_tried} key moves");
    assert!(
        proved > 10 && refuted > 10,
        "{proved} proved, {refuted} refuted"
    );
}

/// The cooks of a claim with no length (`solver::secure_keys`): on
/// crowded small boards, the key moves that secure the connection are
/// exactly the first moves after which the minimax of the whole game
/// still connects.
#[test]
fn secure_keys_are_the_whole_games_winning_first_moves() {
    use twixt_core::solver::secure_keys;
    let (mut positions, mut several) = (0, 0);
    for preset in ["pencil", "dujardin"] {
        for side in [5u64, 6] {
            let r = rules(preset, side, side);
            for pos in crowded(&r, 25, 9, side * 31 + preset.len() as u64) {
                let player = pos.to_move();
                let mut memo = HashMap::new();
                let want: Vec<Hole> = free(&pos, player)
                    .into_iter()
                    .filter(|&m| {
                        let mut after = pos.clone();
                        after.play(&Move::peg(m)).unwrap();
                        match after.status() {
                            Status::Won { winner, .. } => winner == player,
                            Status::Ongoing => connects(&after, player, &mut memo),
                            _ => false,
                        }
                    })
                    .collect();
                let mut want = want;
                want.sort();
                let got = secure_keys(&pos, player, &SearchLimit::positions(2_000_000))
                    .unwrap_or_else(|e| panic!("{}: {e}", twixt_core::position_line::write(&pos)));
                assert_eq!(
                    got.answer,
                    want,
                    "{}",
                    twixt_core::position_line::write(&pos)
                );
                positions += 1;
                if want.len() > 1 {
                    several += 1;
                }
            }
        }
    }
    eprintln!("secure keys: {positions} positions, {several} with more than one key");
    assert!(several > 5, "{several} positions with several keys");
}

/// A `[Task]` with no length ("Red to play and win") is followed move by
/// move as a written `#wins red` is: on crowded small boards, a key move,
/// a reply, and a move that throws the connection away (by the minimax of
/// the whole game) is an error at that move; a move that keeps it is not.
#[test]
fn a_tasks_solution_is_followed_move_by_move() {
    use twixtkit::diagnostic::Severity;
    use twixtkit::replay::{ReplayOptions, replay_game};
    let run = |src: &str| {
        let p = twixtkit::script::parse(src);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        replay_game(&p.file.games[0], &ReplayOptions::default()).expect("rule set")
    };
    let errors = |r: &twixtkit::replay::GameReplay| -> Vec<String> {
        r.issues
            .iter()
            .filter(|i| i.severity == Severity::Error)
            .map(|i| i.message.clone())
            .collect()
    };
    let keeps = |pos: &Position, m: Hole, player: Player, memo: &mut HashMap<String, bool>| {
        let mut after = pos.clone();
        after.play(&Move::peg(m)).unwrap();
        match after.status() {
            Status::Won { winner, .. } => winner == player,
            Status::Ongoing => connects(&after, player, memo),
            _ => false,
        }
    };
    let mut tried = 0;
    let sets = ["pencil", "dujardin"].into_iter().flat_map(|preset| {
        [5u64, 6].map(|side| {
            let found = crowded(
                &rules(preset, side, side),
                25,
                9,
                side * 17 + preset.len() as u64,
            );
            found.into_iter().map(move |p| (preset, p))
        })
    });
    'positions: for (preset, pos) in sets.flatten() {
        let player = pos.to_move();
        let mut memo = HashMap::new();
        if !connects(&pos, player, &mut memo) {
            continue;
        }
        let Some(key) = free(&pos, player)
            .into_iter()
            .find(|&m| keeps(&pos, m, player, &mut memo))
        else {
            continue;
        };
        let mut after_key = pos.clone();
        after_key.play(&Move::peg(key)).unwrap();
        if after_key.status() != Status::Ongoing {
            continue;
        }
        for reply in free(&after_key, player.opponent()) {
            let mut p = after_key.clone();
            p.play(&Move::peg(reply)).unwrap();
            if p.status() != Status::Ongoing {
                continue;
            }
            let moves = free(&p, player);
            let good = moves.iter().find(|&&m| keeps(&p, m, player, &mut memo));
            let bad = moves.iter().find(|&&m| !keeps(&p, m, player, &mut memo));
            let (Some(&good), Some(&bad)) = (good, bad) else {
                continue;
            };
            let name = if player == Player::Red {
                "Red"
            } else {
                "Black"
            };
            // The setup from the position line's last four fields, under
            // the preset with no swap (as `rules` makes it).
            let line = twixt_core::position_line::write(&pos);
            let f: Vec<&str> = line.rsplitn(5, '/').collect();
            let list = |s: &str| s.replace(',', " ");
            let setup = format!(
                "[Size \"{side}\"]\n[Rules \"{preset} swap=none\"]\n#setup red: {}\n#setup black: {}\n#setup links: {}\n#setup to-move: {}\n",
                list(f[3]),
                list(f[2]),
                list(f[1]),
                f[0],
                side = pos.size().width(),
            );
            let script = |third: Hole| {
                format!(
                    "[Task \"{name} to play and win\"]\n{setup}1. {key} 2. {reply} 3. {third}\n"
                )
            };
            let text = script(bad);
            let e = errors(&run(&text));
            assert_eq!(e.len(), 1, "{text}: {e:?}");
            assert!(
                e[0].starts_with(&format!("after 3. {bad} the win is gone: ")),
                "{text}: {e:?}"
            );
            let text = script(good);
            assert_eq!(errors(&run(&text)), Vec::<String>::new(), "{text}");
            tried += 1;
            if tried == 5 {
                break 'positions;
            }
            continue 'positions;
        }
    }
    assert!(tried >= 3, "{tried} tasks tried");
}

/// A solution's move after `#wins red` with no length
/// ([`twixtkit::win_claims::check_move`]): on crowded small boards where
/// the player connects, each of its moves is accepted exactly when the
/// minimax still connects after it; one that throws the win away is an
/// error naming a defence, and that defence holds.
#[test]
fn each_move_of_a_secure_solution_is_checked_against_the_whole_game() {
    use twixt_core::solver::Memory;
    use twixtkit::win_claims::{SearchBudget, Solution, check_move};
    let (mut kept, mut lost) = (0, 0);
    for preset in ["pencil", "dujardin"] {
        for side in [5u64, 6] {
            let r = rules(preset, side, side);
            for pos in crowded(&r, 25, 9, side * 17 + preset.len() as u64) {
                let player = pos.to_move();
                let mut memo = HashMap::new();
                if !connects(&pos, player, &mut memo) {
                    continue;
                }
                let sol = Solution {
                    player,
                    left: 0,
                    moves: 0,
                    memory: Memory::new(&pos, player),
                    secure: true,
                    key_checked: false,
                    task: false,
                };
                let text = twixt_core::position_line::write(&pos);
                for m in free(&pos, player) {
                    let mut after = pos.clone();
                    after.play(&Move::peg(m)).unwrap();
                    let keeps = match after.status() {
                        Status::Won { winner, .. } => winner == player,
                        Status::Ongoing => connects(&after, player, &mut memo),
                        _ => false,
                    };
                    let (_, finding) =
                        check_move(&sol, &after, Some(m), 7, &SearchBudget::default());
                    if keeps {
                        assert!(finding.is_none(), "{m} in {text}: {finding:?}");
                        kept += 1;
                        continue;
                    }
                    let f = finding.unwrap_or_else(|| panic!("{m} in {text} accepted"));
                    assert_eq!(f.kind, "wrong-move", "{m} in {text}: {f:?}");
                    let prefix = format!("after 7. {m} the win is gone: ");
                    assert!(f.message.starts_with(&prefix), "{}", f.message);
                    let rest = &f.message[prefix.len()..];
                    if let Some(d) = rest
                        .strip_prefix("8. ")
                        .and_then(|r| r.strip_suffix(" holds"))
                    {
                        let d: Hole = d.parse().unwrap();
                        after.play(&Move::peg(d)).unwrap();
                        assert!(
                            after.status() != Status::Ongoing
                                || !connects(&after, player, &mut memo),
                            "{m} {d} in {text}"
                        );
                    } else {
                        assert!(rest.contains("no legal move"), "{}", f.message);
                    }
                    lost += 1;
                }
            }
        }
    }
    eprintln!("secure solution moves: {kept} kept, {lost} lost");
    assert!(kept > 10 && lost > 10, "{kept} kept, {lost} lost");
}
