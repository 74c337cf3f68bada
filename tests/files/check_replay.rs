//! Replaying scripts: legal and illegal moves, claims true and false,
//! declared results, decisions, diagram snapshots.

use twixt_core::board::{Hole, Player};
use twixtkit::diagnostic::Severity;
use twixtkit::replay::{GameReplay, How, ReplayOptions, replay_game};
use twixtkit::script::{Numbers, parse};

fn run(src: &str) -> GameReplay {
    let p = parse(src);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    replay_game(&p.file.games[0], &ReplayOptions::default()).expect("rule set")
}

fn messages(r: &GameReplay, sev: Severity) -> Vec<String> {
    r.issues
        .iter()
        .filter(|i| i.severity == sev)
        .map(|i| format!("{}:{} {}", i.span.line, i.span.col, i.message))
        .collect()
}

fn errors(r: &GameReplay) -> Vec<String> {
    messages(r, Severity::Error)
}

#[test]
fn legal_game_with_true_claims() {
    let r = run(
        "[Rules \"pencil\"]\n[Size \"12\"]\n1. f6 2. e7 3. k9 4. g6\n#links e7-g6\n#links 1\n#blocked f6-g8 by e7-g6\n#blocked f6-g8\n#would-link g4: f6\n#can-connect red\n",
    );
    assert_eq!(errors(&r), Vec::<String>::new());
    assert_eq!(r.plies, 4);
    assert!(r.complete);
    assert_eq!(r.decided, None);
}

#[test]
fn false_claims_are_errors_at_the_claim() {
    let r = run(
        "[Rules \"pencil\"]\n[Size \"12\"]\n1. f6 2. e7 3. k9 4. g6\n#links 2\n#links e7-g8\n#blocked k9-l11\n#would-link g8: f6\n#cannot-connect red\n#connected black\n#dead-draw\n",
    );
    let e = errors(&r);
    assert_eq!(e.len(), 7, "{e:#?}");
    assert_eq!(e[0], "4:1 false claim: move 4 added 1 link (e7-g6), not 2");
    assert!(
        e[1].starts_with("5:1 false claim: move 4 added e7-g6, not"),
        "{}",
        e[1]
    );
    assert!(
        e[2].contains("no link on the board stops red from linking k9-l11"),
        "{}",
        e[2]
    );
    assert!(
        e[3].contains("a red peg at g8 would not link to f6"),
        "{}",
        e[3]
    );
    assert_eq!(e[4], "8:1 false claim: red can still connect");
    assert_eq!(e[5], "9:1 false claim: black has not connected");
    assert!(e[6].starts_with("10:1 false claim: the position is not a dead draw"));
}

#[test]
fn illegal_moves_name_the_rule_the_ply_and_the_mover() {
    let r = run("[Rules \"pencil\"]\n1. f6 2. f6\n3. g8");
    assert_eq!(
        errors(&r),
        vec!["2:7 illegal move 2 by black (f6): f6 is occupied by a red peg".to_string()]
    );
    assert!(!r.complete);
    assert_eq!(r.plies, 1);
    // Red may not play in Black's border columns.
    let r = run("1. a5");
    assert_eq!(errors(&r).len(), 1);
    assert!(errors(&r)[0].contains("illegal move 1 by red (a5)"));
    // Links chosen under automatic linking.
    let r = run("[Rules \"pencil\"]\n1. f6 2. a3 3. g8+f6");
    assert!(errors(&r)[0].contains("under automatic linking"));
}

#[test]
fn illegal_moves_in_variations_are_reported_too() {
    let r = run("1. f6 2. g8 (2. f6) 3. k9");
    let e = errors(&r);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("1:14 illegal move 2 by black (f6)"),
        "{}",
        e[0]
    );
    assert_eq!(r.plies, 3);
}

#[test]
fn resignation_and_declared_results() {
    let r = run("[Result \"red\"]\n1. f6 2. g8 3. resign");
    assert_eq!(
        errors(&r),
        vec!["1:9 the result says red won, but at move 3 red resigned".to_string()]
    );
    let r = run("[Result \"black\"]\n1. f6 2. g8 3. resign");
    assert_eq!(errors(&r), Vec::<String>::new());
    let d = r.decided.unwrap();
    assert_eq!(
        (d.ply, d.how, d.winner),
        (3, How::Resignation, Some(Player::Black))
    );
    let r = run("[Result \"red\"]\n1. f6 2. g8");
    assert_eq!(
        errors(&r),
        vec![
            "1:9 the result says red won, but red has not connected and black did not resign"
                .to_string()
        ]
    );
    let r = run("[Result \"draw\"]\n1. f6 2. g8");
    assert_eq!(
        errors(&r),
        vec![
            "1:9 the result says draw, but no draw was agreed and red can still connect"
                .to_string()
        ]
    );
    let r = run("[Result \"draw\"]\n1. f6= 2. draw");
    assert_eq!(errors(&r), Vec::<String>::new());
    assert_eq!(r.decided.unwrap().how, How::AgreedDraw);
    // Moves after the end.
    let r = run("1. f6 2. resign 3. g8");
    assert_eq!(
        errors(&r),
        vec![
            "1:17 move 3 (g8) comes after the game was decided at move 2: black resigned"
                .to_string()
        ]
    );
    let r = run("[Result \"*\"]\n1. f6 2. resign");
    assert_eq!(messages(&r, Severity::Warning).len(), 1);
}

#[test]
fn connection_is_found_and_dated() {
    // Red builds a chain from row 1 to row 8 on an 8x8 board (automatic links).
    let r = run(
        "[Size \"8\"]\n[Rules \"pencil\"]\n[Result \"red\"]\n1. c1 2. a3 3. d3 4. a5 5. e5 6. a7 7. f7 8. b4 9. d8\n#connected red",
    );
    assert_eq!(errors(&r), Vec::<String>::new());
    let d = r.decided.unwrap();
    assert_eq!(
        (d.ply, d.how, d.winner),
        (9, How::Connection, Some(Player::Red))
    );
}

#[test]
fn diagram_snapshots_carry_position_numbers_and_marks() {
    let r = run(
        "1. f6 2. g8 3. k9\n#label k10 A\n#diagram name=\"d1\" caption=\"Here\" numbers=1-3\n#ghost black h7 3a\n4. l11 (4. m12\n#diagram name=alt numbers=1-9\n)",
    );
    assert_eq!(r.diagrams.len(), 2);
    let d = &r.diagrams[0];
    assert_eq!(d.point.name.as_deref(), Some("d1"));
    assert_eq!(d.ply, 3);
    assert_eq!(d.setup.pegs.len(), 3);
    let f6: Hole = "f6".parse().unwrap();
    assert_eq!(d.move_numbers.get(&f6), Some(&1));
    assert_eq!(d.marks.len(), 2);
    assert_eq!(d.last_move.as_ref().unwrap().ply, 3);
    assert_eq!(d.point.numbers, Some(Numbers::Range(1, 3)));
    let v = &r.diagrams[1];
    assert_eq!(v.variation, vec![0]);
    assert_eq!(v.ply, 4);
    assert!(v.setup.pegs.contains_key(&"m12".parse().unwrap()));
    assert!(!v.setup.pegs.contains_key(&"l11".parse().unwrap()));
    // numbers=1-9 beyond the 4 moves of that line: a warning.
    let w = messages(&r, Severity::Warning);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("diagram numbers go up to move 9"));
}

#[test]
fn setup_figures_and_games_from_setups() {
    let r = run(
        "[Rules \"board\"]\n#setup red: j10 k12 l14 links: j10-k12 k12-l14\n#diagram name=beam\n#label z30 X",
    );
    assert_eq!(errors(&r), Vec::<String>::new());
    assert_eq!(r.diagrams[0].setup.links.len(), 2);
    assert_eq!(messages(&r, Severity::Warning).len(), 1);
    // A link between pegs of different colours is not even a figure.
    let r = run("#setup red: j10 black: k12 links: j10-k12");
    assert_eq!(errors(&r).len(), 1, "{:?}", errors(&r));
    // Play continues from a setup.
    let r = run("[Rules \"pencil\"]\n#setup red: f6 black: d5 to-move: red\n1. g8\n#links f6-g8");
    assert_eq!(errors(&r), Vec::<String>::new());
}

#[test]
fn cannot_join_is_checked_over_every_empty_hole() {
    // n5 and l7 are (2, 2) apart: no knight's move reaches both.
    let r = run("[Rules \"board\"]\n#setup red: l7 o8 n5\n#cannot-join n5 l7\n");
    assert_eq!(errors(&r), Vec::<String>::new());
    // l7 and o8 are joined by m9 or n6, so the claim is false.
    let r = run("[Rules \"board\"]\n#setup red: l7 o8 n5\n#cannot-join l7 o8\n");
    let e = errors(&r);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("would link l7 and o8"), "{}", e[0]);
}
