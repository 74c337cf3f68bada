//! What a dead draw ends (docs/engine.md, "What a dead draw ends"): where
//! nothing can be lifted it decides the game as a draw and a later move is a
//! warning; where pieces can be lifted it is a note, play goes on and is
//! checked, a declared draw on a dead board holds and a later connection
//! wins. The games come from the random generator, which plays on past a
//! dead draw, and are looked for here with the engine.

use std::process::Command;

use proptest::prelude::*;
use twixt_core::position::DeadDrawRule;
use twixt_core::random::random_game;
use twixtkit::diagnostic::Severity;
use twixtkit::prelude::{BoardSize, GameResult, Move, Position, Record, RuleSet, Status};
use twixtkit::replay::{GameReplay, How, ReplayOptions, check_game};
use twixtkit::script::{Game, parse, write_game};

/// A random game under `rules` and the first move after which its board is
/// a dead draw, when it plays on past one (the draw is not its last move).
fn passes_dead_draw(rules: &RuleSet, seed: u64) -> Option<(Vec<Move>, u32)> {
    let moves = random_game(rules, seed, 10_000);
    let mut pos = Position::new(rules.clone()).ok()?;
    for (k, mv) in moves.iter().enumerate() {
        pos.play(mv).ok()?;
        if pos.status() == Status::Ongoing && pos.is_dead_draw() {
            return (k + 1 < moves.len()).then(|| (moves, k as u32 + 1));
        }
    }
    None
}

/// The board after `moves`.
fn final_board(rules: &RuleSet, moves: &[Move]) -> Position {
    let mut pos = Position::new(rules.clone()).unwrap();
    for mv in moves {
        pos.play(mv).unwrap();
    }
    pos
}

/// Nothing ended the game and its final board is a dead draw.
fn ends_dead(rules: &RuleSet, moves: &[Move]) -> bool {
    let pos = final_board(rules, moves);
    pos.status() == Status::Ongoing && pos.is_dead_draw()
}

/// The game as script text, with the result its final board gives (a
/// draw when `declare_draw`, nothing else ended it and the board is dead).
fn script(rules: &RuleSet, moves: &[Move], declare_draw: bool) -> String {
    let pos = final_board(rules, moves);
    let mut rec = Record::new(rules.clone());
    rec.moves = moves.to_vec();
    rec.result = match pos.status() {
        Status::Won { winner, .. } => Some(GameResult::Win(winner)),
        Status::Drawn { .. } => Some(GameResult::Draw),
        Status::Ongoing => (declare_draw && pos.is_dead_draw()).then_some(GameResult::Draw),
    };
    write_game(&Game::from_record(&rec))
}

fn replayed(text: &str) -> GameReplay {
    let p = parse(text);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    check_game(&p.file.games[0], &ReplayOptions::default()).expect("rule set")
}

fn messages(r: &GameReplay, severity: Severity) -> Vec<String> {
    r.issues
        .iter()
        .filter(|i| i.severity == severity)
        .map(|i| i.message.clone())
        .collect()
}

fn on(preset: &str, side: u64) -> RuleSet {
    RuleSet::preset_on(preset, BoardSize::square(side).unwrap()).unwrap()
}

/// The first seed from 0 whose game passes a dead draw and `wanted` says yes to.
fn find(rules: &RuleSet, wanted: impl Fn(&[Move], u32) -> bool) -> (u64, Vec<Move>, u32) {
    (0..3000)
        .find_map(|seed| {
            passes_dead_draw(rules, seed)
                .filter(|(m, at)| wanted(m, *at))
                .map(|(m, at)| (seed, m, at))
        })
        .unwrap_or_else(|| {
            panic!(
                "no random game found under {}",
                rules.preset_name().unwrap_or("?")
            )
        })
}

/// A game under `rules` (where pieces can be lifted) that plays `after`
/// moves past its first dead draw, cut there, ending on a dead board with
/// nothing else deciding it (a full board, where the player to move has no
/// hole left, would).
fn find_note_game(rules: &RuleSet, after: u32) -> (u64, Vec<Move>, u32) {
    let (seed, mut moves, at) = find(rules, |m, at| {
        let m = &m[..m.len().min((at + after) as usize)];
        m.len() as u32 == at + after
            && ends_dead(rules, m)
            && replayed(&script(rules, m, false)).decided.is_none()
    });
    moves.truncate((at + after) as usize);
    (seed, moves, at)
}

/// Under `editable`, `board` and `schmidt` a game that plays on past a dead
/// draw has no error: the dead draw is a note from its first move, play goes
/// on, and a draw declared on the final dead board holds.
#[test]
fn where_pieces_can_be_lifted_play_goes_on_past_a_dead_draw() {
    for preset in ["editable", "board", "schmidt"] {
        let rules = on(preset, 8);
        assert_eq!(DeadDrawRule::of(&rules), DeadDrawRule::Note);
        // Several moves after the dead draw, and a board still dead at the end.
        let (seed, moves, at) = find_note_game(&rules, 4);
        let r = replayed(&script(&rules, &moves, true));
        let ctx = format!("{preset}, seed {seed}");
        assert_eq!(messages(&r, Severity::Error), Vec::<String>::new(), "{ctx}");
        assert_eq!(
            messages(&r, Severity::Warning),
            Vec::<String>::new(),
            "{ctx}"
        );
        assert!(r.complete, "{ctx}");
        assert_eq!(r.plies as usize, moves.len(), "{ctx}");
        assert_eq!(r.decided, None, "{ctx}: a dead draw decides nothing here");
        let note = r.dead_draw_note.expect("the dead draw is noted");
        assert_eq!(note.from, at, "{ctx}");
        assert_eq!(
            note.describe(),
            format!("no one can connect as the pieces stand, from move {at}")
        );
    }
}

/// Where pieces can be lifted, a board that comes back to life after a dead
/// draw is noted so, and a later connection wins.
#[test]
fn where_pieces_can_be_lifted_a_later_connection_wins() {
    let rules = on("schmidt", 8);
    let (seed, moves, at) = find(&rules, |m, _| {
        matches!(final_board(&rules, m).status(), Status::Won { .. })
    });
    let r = replayed(&script(&rules, &moves, false));
    assert_eq!(
        messages(&r, Severity::Error),
        Vec::<String>::new(),
        "seed {seed}"
    );
    let d = r.decided.expect("decided by the connection");
    assert_eq!(d.how, How::Connection, "seed {seed}");
    assert_eq!(d.ply as usize, moves.len());
    let note = r.dead_draw_note.expect("noted");
    assert_eq!(note.from, at);
    let reopened = note.reopened_at.expect("the board came back to life");
    assert!(at < reopened && reopened <= d.ply, "{note:?}");
}

/// Where nothing can be lifted the dead draw decides the game from its first
/// move; the moves after it are one warning, never an error; `#dead-draw`
/// holds there.
#[test]
fn where_nothing_can_be_lifted_a_dead_draw_ends_the_game() {
    for preset in ["pencil", "dujardin"] {
        let rules = on(preset, 8);
        assert_eq!(DeadDrawRule::of(&rules), DeadDrawRule::EndsTheGame);
        let (seed, moves, at) = find(&rules, |m, at| {
            m.len() as u32 > at + 2 && ends_dead(&rules, m)
        });
        let text = script(&rules, &moves, true);
        let r = replayed(&text);
        let ctx = format!("{preset}, seed {seed}");
        assert_eq!(messages(&r, Severity::Error), Vec::<String>::new(), "{ctx}");
        let d = r.decided.expect("decided");
        assert_eq!((d.how, d.ply, d.winner), (How::DeadDraw, at, None), "{ctx}");
        assert_eq!(r.dead_draw_note, None);
        let later = moves.len() as u32 - at - 1;
        let words = twixtkit::script::move_text(&moves[at as usize]);
        assert_eq!(
            messages(&r, Severity::Warning),
            vec![format!(
                "move {} ({words}) was played after a dead draw at move {at} (and {later} more moves after it): no one could connect from there, so the game was already drawn",
                at + 1
            )],
            "{ctx}"
        );
        // `#dead-draw` right after the move that made it.
        let claimed = with_claim_after(&text, at, "#dead-draw");
        let r = replayed(&claimed);
        assert_eq!(messages(&r, Severity::Error), Vec::<String>::new(), "{ctx}");
    }
}

/// `#dead-draw` holds where pieces can be lifted too, and is false just
/// before the dead draw.
#[test]
fn dead_draw_claims_keep_working_where_pieces_can_be_lifted() {
    let rules = on("board", 8);
    let (seed, moves, at) = find(&rules, |_, at| at > 1);
    let text = script(&rules, &moves, false);
    let r = replayed(&with_claim_after(&text, at, "#dead-draw"));
    assert_eq!(
        messages(&r, Severity::Error),
        Vec::<String>::new(),
        "seed {seed}"
    );
    let r = replayed(&with_claim_after(&text, at - 1, "#dead-draw"));
    let errors = messages(&r, Severity::Error);
    assert_eq!(errors.len(), 1, "seed {seed}: {errors:?}");
    assert!(
        errors[0].starts_with("false claim: the position is not a dead draw"),
        "{errors:?}"
    );
}

/// The script `text` with `claim` on a line of its own after move `ply` of
/// the main line (moves are written `N. move`, one game).
fn with_claim_after(text: &str, ply: u32, claim: &str) -> String {
    let mark = format!("{}. ", ply + 1);
    let at = text
        .find(&format!(" {mark}"))
        .or_else(|| text.find(&format!("\n{mark}")))
        .expect("the next move is written");
    format!("{}\n{claim}\n{}", &text[..at], &text[at + 1..])
}

/// `check`'s JSON says which rule applied: `how` is `dead-draw` only where
/// it decides the game, and the note is a field of its own.
#[test]
fn the_json_report_tells_a_deciding_dead_draw_from_a_note() {
    let dir = tempfile::tempdir().unwrap();
    for (preset, decides) in [("pencil", true), ("board", false)] {
        let rules = on(preset, 8);
        let (_, moves, at) = if decides {
            find(&rules, |m, at| {
                m.len() as u32 > at + 1 && ends_dead(&rules, m)
            })
        } else {
            find_note_game(&rules, 2)
        };
        let path = dir.path().join(format!("{preset}.twixt"));
        std::fs::write(&path, script(&rules, &moves, true)).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .args(["check", "--format", "json"])
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let g = &v["games"][0];
        assert_eq!(v["errors"], 0, "{text}");
        if decides {
            assert_eq!(g["how"], "dead-draw", "{text}");
            assert_eq!(g["decided_at"], at, "{text}");
            assert!(g["dead_draw_note"].is_null(), "{text}");
            assert_eq!(v["warnings"], 1, "{text}");
        } else {
            assert!(g["how"].is_null(), "{text}");
            assert_eq!(g["dead_draw_note"]["from"], at, "{text}");
            assert_eq!(v["warnings"], 0, "{text}");
        }
        // The text report says the same in words.
        let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        let line = String::from_utf8_lossy(&o.stdout).into_owned();
        if decides {
            assert!(
                line.contains(&format!("decided at move {at}: dead draw")),
                "{line}"
            );
        } else {
            assert!(
                line.contains(&format!(
                    "undecided (no one can connect as the pieces stand, from move {at})"
                )),
                "{line}"
            );
        }
    }
}

/// `book` and `view` say the note as `check` does.
#[test]
fn book_and_view_say_the_note() {
    let dir = tempfile::tempdir().unwrap();
    let rules = on("schmidt", 8);
    let (_, moves, at) = find_note_game(&rules, 2);
    let path = dir.path().join("g.twixt");
    std::fs::write(&path, script(&rules, &moves, true)).unwrap();
    let note = format!("no one can connect as the pieces stand, from move {at}");
    for (command, out) in [("book", "g.html"), ("view", "v.html")] {
        let target = dir.path().join(out);
        let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .arg(command)
            .arg(&path)
            .arg("-o")
            .arg(&target)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let page = std::fs::read_to_string(&target).unwrap();
        assert!(page.contains(&note[1..]), "{command} does not say `{note}`");
    }
}

/// Two own links added by hand in one move that cross each other are
/// refused under crossing none, as they are when added in separate moves.
#[test]
fn own_links_added_in_one_move_may_not_cross() {
    let opening = "[Rules \"board\"]\n1. c3 2. t10 3. d5 4. t12 5. d3 6. t14 7. c5 8. t16\n";
    let r = replayed(&format!("{opening}9. m20+c3-d5+c5-d3\n"));
    let errors = messages(&r, Severity::Error);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("illegal move 9 by red (m20+c3-d5+c5-d3)")
            && errors[0].contains("cross"),
        "{errors:?}"
    );
    let r = replayed(&format!("{opening}9. m20+c3-d5 10. t18 11. m22+c5-d3\n"));
    let errors = messages(&r, Severity::Error);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("illegal move 11 by red (m22+c5-d3)") && errors[0].contains("cross"),
        "{errors:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Under every preset where pieces can be lifted, a random game played on
    /// past a dead draw has no error from it: every move is legal, so the
    /// replay finds none at all.
    #[test]
    fn play_past_a_dead_draw_is_no_error(preset in 0usize..16, side in 5u64..=9, seed in 0u64..1_000_000) {
        // The first game from `seed` on that passes a dead draw.
        let lifted: Vec<_> = RuleSet::presets()
            .into_iter()
            .filter(|p| DeadDrawRule::of(&p.rules) == DeadDrawRule::Note)
            .collect();
        prop_assert!(lifted.len() >= 3);
        let rules = lifted[preset % lifted.len()].rules.clone().with_size(BoardSize::square(side).unwrap());
        let found = (seed..seed + 2000).find_map(|s| passes_dead_draw(&rules, s));
        prop_assert!(found.is_some(), "no game from seed {} passes a dead draw", seed);
        let (moves, at) = found.unwrap();
        for declare_draw in [false, true] {
            let r = replayed(&script(&rules, &moves, declare_draw));
            prop_assert_eq!(messages(&r, Severity::Error), Vec::<String>::new());
            prop_assert_eq!(r.plies as usize, moves.len());
            prop_assert_eq!(r.dead_draw_note.map(|n| n.from), Some(at));
            prop_assert!(r.decided.is_none_or(|d| d.how != How::DeadDraw));
        }
    }
}
