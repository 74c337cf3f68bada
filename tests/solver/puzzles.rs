//! Puzzles as their authors write them: a `#wins` claim, a printed
//! solution whose every winning move is checked, cooks, false claims with
//! the defence that refutes them, and claims the search cannot decide kept
//! apart from false ones, under pencil, dujardin, board and Schmidt rules.

use proptest::prelude::*;
use twixt_core::position::{Position, Status, WinBy};
use twixt_core::random::random_game;
use twixt_core::solver::{AfterMove, SearchLimit, Solved, after_move, solve, winning_keys};
use twixtkit::diagnostic::Severity;
use twixtkit::prelude::{BoardSize, Move, Player, RuleSet};
use twixtkit::replay::{GameReplay, ReplayOptions, replay_game};
use twixtkit::script::parse;
use twixtkit::win_claims::Verdict;

use crate::common;
use common::twixt_in as twixt;

fn run(src: &str) -> GameReplay {
    let p = parse(src);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    replay_game(&p.file.games[0], &ReplayOptions::default()).expect("rule set")
}

/// Messages of one severity, each with its line and kind.
fn found(r: &GameReplay, sev: Severity) -> Vec<String> {
    r.issues
        .iter()
        .filter(|i| i.severity == sev)
        .map(|i| format!("{} [{}] {}", i.span.line, i.kind.unwrap_or("-"), i.message))
        .collect()
}

fn errors(r: &GameReplay) -> Vec<String> {
    found(r, Severity::Error)
}

/// The corner puzzle of `examples/corner-puzzle.twixt`: Red to play and
/// win in 3 on a 12×12 corner, the top and right sides cut.
const CORNER: &str = "[Size \"12 cut top right\"]\n[Rules \"RULES\"]\n\
#setup red: b6 d1 e11 f2 g2 g5 g6 h6 h12 i8 k12 l12\n\
#setup black: a2 b7 b11 c1 d2 d3 f11 h7 j11 k3 l4 l11\n\
#setup links: a2-c1 c1-d3 d1-f2 h6-i8\n#setup to-move: red\n";

fn corner(rules: &str, rest: &str) -> String {
    CORNER.replace("RULES", rules) + rest
}

/// Red to move on 8×8 with a chain b1-c3-d5-e7: c8 and g8 both connect.
const TWO_WAYS: &str = "[Size \"8\"]\n[Rules \"RULES\"]\n\
#setup red: b1 c3 d5 e7\n#setup black: f2 f4 g6\n\
#setup links: b1-c3 c3-d5 d5-e7 f4-g6\n#setup to-move: red\n";

fn two_ways(rules: &str, rest: &str) -> String {
    TWO_WAYS.replace("RULES", rules) + rest
}

#[test]
fn the_right_key_move_and_its_defences_check() {
    for rules in ["pencil", "dujardin"] {
        let r = run(&corner(
            rules,
            "#wins red in 3\n1. j10 2. g4 3. h3 4. i4 (4. f7 5. i4 #connected red) 5. f7\n#connected red\n",
        ));
        assert_eq!(errors(&r), Vec::<String>::new(), "{rules}");
        assert_eq!(r.wins.len(), 1);
        assert_eq!(r.wins[0].verdict, Verdict::Proved);
        assert_eq!(r.wins[0].shortest, Some(3));
    }
}

#[test]
fn a_wrong_key_move_is_an_error_at_that_move_naming_the_defence() {
    for rules in ["pencil", "dujardin"] {
        let r = run(&corner(rules, "#wins red in 3\n1. b2 2. g4 3. h3\n"));
        let e = errors(&r);
        assert_eq!(e.len(), 1, "{rules}: {e:?}");
        assert!(
            e[0].starts_with("8 [wrong-move] the solution does not win: after 1. b2, 2. ")
                && e[0].ends_with(" holds: no win in 2 more moves"),
            "{rules}: {e:?}"
        );
        // The claim itself holds.
        assert_eq!(r.wins[0].verdict, Verdict::Proved);
    }
    // The solution's `#connected red` after a wrong key move (in its line
    // and its variations) is false because of that one error: a note each,
    // not an error more. A `#connected` of the other side is no part of it.
    let r = run(&corner(
        "pencil",
        "#wins red in 3\n1. b2 2. g4 3. h3 4. i4 (4. f7 5. i4 #connected red) 5. f7\n#connected red\n#connected black\n",
    ));
    let e = errors(&r);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e[0].starts_with("8 [wrong-move]"), "{e:?}");
    assert_eq!(
        e[1],
        "10 [false-claim] false claim: black has not connected"
    );
    let n: Vec<String> = found(&r, Severity::Note)
        .into_iter()
        .filter(|m| m.contains("[follows]"))
        .collect();
    assert_eq!(
        n,
        [8, 9].map(|line| format!(
            "{line} [follows] red has not connected, as the solution's wrong move above implies (one error, counted there)"
        )),
    );
    // A later move of the winner that lets the win go.
    let r = run(&corner("pencil", "#wins red in 3\n1. j10 2. g4 3. b3\n"));
    let e = errors(&r);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("after 3. b3, 4. ") && e[0].ends_with("holds: no win in 1 more move"),
        "{e:?}"
    );
}

#[test]
fn a_try_in_a_variation_of_the_key_move_is_not_the_solution() {
    // `(1. b2 …)` replaces the winner's move: a try the author shows, not
    // a defence, so it is not required to win.
    let r = run(&corner(
        "pencil",
        "#wins red in 3\n1. j10 (1. b2 {fails}) 2. g4 3. h3 4. i4 5. f7\n",
    ));
    assert_eq!(errors(&r), Vec::<String>::new());
}

#[test]
fn a_solution_that_stops_short_of_the_chain_is_an_error() {
    let r = run(&two_ways("pencil", "#wins red in 1\n1. b5\n"));
    let e = errors(&r);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("[wrong-move] the solution does not win: after 1. b5, red has not connected"),
        "{e:?}"
    );
}

#[test]
fn cooks_are_reported_after_unique() {
    for rules in ["pencil", "dujardin"] {
        let r = run(&two_ways(rules, "#wins red in 1\n#unique\n"));
        assert_eq!(
            errors(&r),
            vec![
                "8 [false-claim] false claim: #unique: red wins in 1 with more than one first move: c8, g8"
            ],
            "{rules}"
        );
        let r = run(&two_ways(rules, "#wins red in 1\n#unique\n1. g8\n"));
        assert_eq!(
            errors(&r),
            vec![
                "8 [false-claim] false claim: #unique: red also wins in 1 with c8 (the solution plays g8)"
            ],
            "{rules}"
        );
        assert_eq!(r.wins[0].keys.as_ref().map(Vec::len), Some(2));
    }
    // #unique with no #wins claim in its position.
    let r = run(&two_ways("pencil", "#unique\n"));
    assert!(
        errors(&r)[0].contains("#unique needs a #wins claim"),
        "{:?}",
        errors(&r)
    );
}

#[test]
fn a_claim_without_a_solution_lists_its_winning_key_moves() {
    let r = run(&two_ways("pencil", "#wins red in 1\n"));
    assert_eq!(errors(&r), Vec::<String>::new());
    assert_eq!(
        found(&r, Severity::Note),
        vec!["7 [keys] #wins red in 1 holds (shortest win: 1 move); winning key moves: c8, g8"]
    );
}

#[test]
fn false_claims_show_the_defence_that_holds() {
    for rules in ["pencil", "dujardin"] {
        let r = run(&corner(rules, "#wins red in 2\n"));
        let e = errors(&r);
        assert_eq!(e.len(), 1, "{rules}: {e:?}");
        assert!(
            e[0].starts_with("7 [false-claim] false claim: red has no win in 2 moves: after 1. ")
                && e[0].ends_with(" holds: no win in 1 more move"),
            "{rules}: {e:?}"
        );
        assert_eq!(r.wins[0].verdict, Verdict::False);
        assert_eq!(r.wins[0].refutation.len(), 2);
        assert!(r.wins[0].refutation[1].starts_with("2. "));
        // A win in 1 that fails says so.
        let r = run(&corner(rules, "#wins red in 1\n"));
        assert_eq!(
            errors(&r),
            vec!["7 [false-claim] false claim: red has no win in 1 move: no move of red connects"]
        );
    }
}

#[test]
fn claims_the_search_cannot_decide_are_not_false() {
    // Manual links and removals: board and Schmidt rules.
    for (rules, why) in [
        ("board", "links: manual"),
        ("schmidt", "links: manual"),
        ("editable", "links: automatic-editable"),
    ] {
        let r = run(&two_ways(rules, "#wins red in 1\n"));
        let e = errors(&r);
        assert_eq!(e.len(), 1, "{rules}: {e:?}");
        assert!(
            e[0].starts_with("7 [cannot-decide] cannot decide #wins red in 1: ")
                && e[0].contains(why),
            "{rules}: {e:?}"
        );
        assert_eq!(r.wins[0].verdict, Verdict::CannotDecide);
        assert_eq!(r.wins[0].class, Some("rules"));
    }
    // The other side to move.
    let r = run(&two_ways("pencil", "#wins black in 2\n"));
    assert_eq!(r.wins[0].class, Some("turn"));
    assert!(
        errors(&r)[0].contains(
            "[cannot-decide] cannot decide #wins black in 2: it is red's turn, not black's"
        )
    );
    // A swap still to come (pencil, empty board).
    let r = run("[Size \"8\"]\n#wins red in 2\n");
    assert_eq!(r.wins[0].class, Some("swap"));
    // A finite supply lets pieces be reused: pieces come off the board.
    let r = run(&two_ways("pencil supply-pegs=30", "#wins red in 1\n"));
    assert_eq!(r.wins[0].class, Some("rules"), "{:?}", errors(&r));
}

#[test]
fn a_task_that_states_a_win_is_checked_as_the_claim() {
    let src = corner("pencil", "1. j10 2. g4 3. b3\n")
        .replace("[Rules", "[Task \"Red to play and win in 3\"]\n[Rules");
    let r = run(&src);
    assert_eq!(r.wins.len(), 1);
    let e = errors(&r);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("after 3. b3"), "{e:?}");
}

/// A task is read by whole words ("hundred" names no player); a number
/// out of a claim's range, a task that prints another claim than the
/// game's, and a claim longer than the shortest win are said.
#[test]
fn a_task_is_read_word_by_word_and_its_misprints_are_said() {
    let task = |t: &str, rest: &str| {
        let src = corner("pencil", rest).replace("[Rules", &format!("[Task \"{t}\"]\n[Rules"));
        run(&src)
    };
    // Black is named, and it is Red's turn: not silently Red's claim.
    let r = task("From a hundred-move game: Black to play and win in 3", "");
    assert_eq!(r.wins[0].player, Player::Black);
    assert_eq!(r.wins[0].class, Some("turn"));
    // Out of range: a warning at the task, no claim.
    let r = task("Red to play and win in 25", "");
    assert!(r.wins.is_empty());
    let w = found(&r, Severity::Warning);
    assert!(
        w[0].contains("the task says \"win in 25\", but a claim names 1 to 20 moves"),
        "{w:?}"
    );
    // The task prints 5, the game claims 3 (and proves it).
    let r = task(
        "Red to play and win in 5",
        "#wins red in 3\n1. j10 2. g4 3. h3\n",
    );
    assert!(errors(&r).is_empty(), "{:?}", errors(&r));
    let w = found(&r, Severity::Warning);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("the task says red wins in 5, but the game claims #wins red in 3"),
        "{w:?}"
    );
    // The task is the claim, and the win is shorter than it says.
    let r = task("Red to play and win in 5", "1. j10 2. g4 3. h3\n");
    let w = found(&r, Severity::Warning);
    assert!(
        w[0].contains("[shorter] #wins red in 5 holds, but red wins in 3: the claim is longer than the shortest win"),
        "{w:?}"
    );
    // Told exactly: no warning.
    let r = task("Red to play and win in 3", "1. j10 2. g4 3. h3\n");
    assert!(found(&r, Severity::Warning).is_empty());
}

/// A game over before its claim says when, by the script's numbers (the
/// setup's pegs are not moves), and a claim on a setup that is not a
/// legal position says what is wrong with it.
#[test]
fn undecidable_claims_say_when_and_why_by_the_script() {
    let r = run(&corner(
        "pencil",
        "1. j10 2. g4 3. h3 4. i4 5. f7\n#wins black in 1\n",
    ));
    let e = errors(&r);
    assert!(
        e[0].contains("the game is already over: red won by connection at move 5"),
        "{e:?}"
    );
    let r = run(
        "[Size \"6\"]\n[Rules \"pencil swap=none\"]\n#setup red: b1 c3 b5 d6\n\
        #setup black: a2 a4\n#setup links: b1-c3 c3-b5 b5-d6\n#setup to-move: black\n#wins black in 1\n",
    );
    let e = errors(&r);
    assert!(e[0].contains("red won by connection in its setup"), "{e:?}");
    let r =
        run(&corner("pencil", "#wins red in 3\n").replace("#setup red: b6", "#setup red: a6 b6"));
    let e = errors(&r);
    assert!(
        e[0].contains(
            "it is not a legal position under the rules: red peg at a6 stands in black's border row"
        ),
        "{e:?}"
    );
}

/// A setup under automatic linking that leaves out links the game would
/// have made is taken as given, and said: its claims are checked on a
/// position no game reaches.
#[test]
fn a_setup_that_leaves_out_automatic_links_is_warned() {
    let warnings = |src: &str| found(&run(src), Severity::Warning);
    let bare =
        corner("pencil", "#wins red in 3\n").replace("#setup links: a2-c1 c1-d3 d1-f2 h6-i8\n", "");
    let w = warnings(&bare);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("the setup leaves out 4 links that automatic linking makes: a2-c1 (black), c1-d3 (black), d1-f2 (red), h6-i8 (red)"),
        "{w:?}"
    );
    // With its links listed, nothing to say.
    assert!(warnings(&corner("pencil", "#wins red in 3\n")).is_empty());
    // Manual links: pegs may stay unlinked.
    assert!(warnings(&bare.replace("pencil", "board")).is_empty());
    // A listed link that crosses one leaves it out rightly; with neither
    // listed, both are missing.
    let small = |links: &str| {
        format!(
            "[Size \"8\"]\n[Rules \"pencil swap=none\"]\n#setup red: c3 d5\n#setup black: d3 c5\n{links}#setup to-move: red\n"
        )
    };
    assert!(warnings(&small("#setup links: d3-c5\n")).is_empty());
    let w = warnings(&small(""));
    assert!(
        w[0].contains("2 links") && w[0].contains("(red)") && w[0].contains("(black)"),
        "{w:?}"
    );
}

/// A claim no search finishes: a win in 20 on an empty 128×24 board.
const WIN_IN_20_ON_128: &str =
    "[Size \"128x24\"]\n[Rules \"pencil swap=none\"]\n#setup to-move: red\n#wins red in 20\n";

/// The 70-byte script of issue 34: a win in 20 on 128×24 stops at the
/// limit and says so, as "cannot decide", with its own JSON kind.
#[test]
fn a_search_limit_makes_a_claim_undecided_not_false() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("w.twixt"), WIN_IN_20_ON_128).unwrap();
    let o = twixt(&["check", "w.twixt", "--search-limit", "2000"], dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("cannot decide #wins red in 20: limit reached after 2000 positions (the limit of 2000 positions a claim"),
        "{text}"
    );
    let o = twixt(
        &[
            "check",
            "w.twixt",
            "--search-limit",
            "2000",
            "--format",
            "json",
        ],
        dir.path(),
    );
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &json["games"][0];
    assert_eq!(game["errors"][0]["kind"], "cannot-decide");
    assert_eq!(game["wins"][0]["verdict"], "cannot-decide");
    assert_eq!(game["wins"][0]["class"], "limit");
    assert_eq!(game["wins"][0]["positions"], 2000);
}

/// A new folder holding `examples/corner-puzzle-6.twixt` as `p.twixt`.
fn puzzle_six_in_a_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/corner-puzzle-6.twixt"
    );
    std::fs::copy(puzzle, dir.path().join("p.twixt")).unwrap();
    dir
}

/// `--search-threads`: the composed win in 6 checked on two threads gives
/// the report of one thread but for the positions counted (its claim, its
/// solution's moves and its cooks); a search limit is one for all the
/// threads of a search, and reached it says so as on one thread.
#[test]
fn search_threads_change_the_positions_counted_not_the_report() {
    let dir = puzzle_six_in_a_folder();
    let report = |threads: &str| {
        let args = [
            "check",
            "p.twixt",
            "--cooks",
            "--format",
            "json",
            "--search-threads",
            threads,
            // A wall-clock limit would make the reports differ on a
            // loaded machine; the positions limit alone bounds the search.
            "--search-time",
            "3600",
        ];
        let o = twixt(&args, dir.path());
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let mut json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let wins = json["games"][0]["wins"].as_array_mut().unwrap();
        assert!(!wins.is_empty());
        for w in wins {
            assert!(w["positions"].as_u64().unwrap() > 0);
            w["positions"] = serde_json::Value::Null;
        }
        json
    };
    assert_eq!(report("1"), report("2"));
    std::fs::write(dir.path().join("w.twixt"), WIN_IN_20_ON_128).unwrap();
    let args = [
        "check",
        "w.twixt",
        "--search-limit",
        "2000",
        "--search-threads",
        "3",
    ];
    let o = twixt(&args, dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("cannot decide #wins red in 20: limit reached after 2000 positions"),
        "{text}"
    );
    for bad in ["0", "257", "two"] {
        let o = twixt(&["check", "w.twixt", "--search-threads", bad], dir.path());
        assert_eq!(o.status.code(), Some(2), "--search-threads {bad}");
    }
}

/// The drawing commands check claims on the way and take check's search
/// flags: a tight `--search-limit` gives the same "cannot decide" verdict
/// in each, and nothing is written.
#[test]
fn the_drawing_commands_take_the_search_limit() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("w.twixt"), WIN_IN_20_ON_128).unwrap();
    let limit = ["--search-limit", "2000", "--search-time", "60"];
    let commands: [&[&str]; 5] = [
        &["render", "w.twixt", "-o", "pictures"],
        &["sheet", "w.twixt", "-o", "sheet.svg"],
        &["show", "w.twixt"],
        &["book", "w.twixt", "-o", "book.html"],
        &["view", "w.twixt", "-o", "page.html"],
    ];
    for command in commands {
        let args: Vec<&str> = command.iter().chain(limit.iter()).copied().collect();
        let o = twixt(&args, dir.path());
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(1), "{command:?}: {err}");
        assert!(
            err.contains("cannot decide #wins red in 20: limit reached after 2000 positions (the limit of 2000 positions a claim"),
            "{command:?}: {err}"
        );
        // The game replays: only its claim is undecided, and the last
        // line does not send the user to a check that would pass.
        assert!(!err.contains("does not replay"), "{command:?}: {err}");
        if ["render", "sheet", "show"].contains(&command[0]) {
            assert!(
                err.contains(
                    "replays, but its claims could not be decided (see above); nothing drawn"
                ),
                "{command:?}: {err}"
            );
        }
    }
    for written in ["pictures", "sheet.svg", "book.html", "page.html"] {
        assert!(!dir.path().join(written).exists(), "{written}");
    }
    // A limit of 0 positions is refused by each, as by check.
    for command in ["render", "sheet", "show", "book", "view", "check"] {
        let o = twixt(&[command, "w.twixt", "--search-limit", "0"], dir.path());
        assert_eq!(o.status.code(), Some(2), "{command}");
    }
}

#[test]
fn check_reports_cooks_and_keys_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("c.twixt"),
        two_ways("dujardin", "#wins red in 1\n1. c8\n"),
    )
    .unwrap();
    let o = twixt(&["check", "c.twixt"], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    let o = twixt(&["check", "c.twixt", "--cooks"], dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success(), "a cook is a warning: {text}");
    assert!(
        text.contains("warning: cook: red also wins in 1 with g8 (the solution plays c8)"),
        "{text}"
    );
    let o = twixt(
        &["check", "c.twixt", "--cooks", "--format", "json"],
        dir.path(),
    );
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &json["games"][0];
    assert_eq!(game["warnings"][0]["kind"], "cook");
    assert_eq!(game["wins"][0]["keys"], serde_json::json!(["c8", "g8"]));
    assert_eq!(game["wins"][0]["shortest"], 1);
    // A false claim: its kind and refutation in the JSON.
    std::fs::write(
        dir.path().join("f.twixt"),
        two_ways("pencil", "#wins black in 1\n").replace("to-move: red", "to-move: black"),
    )
    .unwrap();
    let o = twixt(&["check", "f.twixt", "--format", "json"], dir.path());
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(json["games"][0]["errors"][0]["kind"], "false-claim");
    assert_eq!(json["games"][0]["wins"][0]["verdict"], "false");
}

/// A claim proved whose cooks the search cannot finish: the error says
/// the claim holds and only its cooks are unknown, and the JSON keeps the
/// verdict `proved`.
#[test]
fn cooks_cut_by_a_limit_leave_the_claim_proved() {
    let dir = puzzle_six_in_a_folder();
    // The claim takes about 16,000 positions; its cooks many more.
    let args = ["check", "p.twixt", "--cooks", "--search-limit", "40000"];
    let o = twixt(&args, dir.path());
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains(
            "error: cannot decide the cooks of #wins red in 6: the claim holds (shortest win: 6 moves), but the search for other winning key moves stopped: limit reached after 40000 positions"
        ),
        "{text}"
    );
    let o = twixt(&[&args[..], &["--format", "json"]].concat(), dir.path());
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &json["games"][0];
    assert_eq!(game["wins"][0]["verdict"], "proved");
    assert_eq!(game["wins"][0]["shortest"], 6);
    assert_eq!(game["errors"][0]["kind"], "cannot-decide");
}

/// `#wins … in 9` of a position won in 3 finds the win in 3 (the search
/// deepens from the fewest moves), in about the positions `in 3` takes.
#[test]
fn a_long_bound_finds_the_short_win() {
    let pos = twixt_core::position_line::read_position(
        "12-cut-top-right/pencil/b6,d1,e11,f2,g2,g5,g6,h6,h12,i8,k12,l12/a2,b7,b11,c1,d2,d3,f11,h7,j11,k3,l4,l11/*/red",
    )
    .unwrap();
    let budget = SearchLimit::positions(5_000_000);
    let three = solve(&pos, Player::Red, 3, &budget).unwrap();
    let nine = solve(&pos, Player::Red, 9, &budget).unwrap();
    assert!(
        matches!(nine.answer, Solved::Wins { moves: 3, .. }),
        "{:?}",
        nine.answer
    );
    assert_eq!(three.answer, nine.answer);
    assert!(
        nine.positions <= 2 * three.positions,
        "{} {}",
        nine.positions,
        three.positions
    );
}

/// Random positions of a few plies on a small board.
fn small_position(preset: &str, side: u64, seed: u64, plies: u32) -> Option<Position> {
    let mut rules = RuleSet::preset(preset).unwrap();
    rules.size = BoardSize::square(side).unwrap();
    let mut pos = Position::new(rules.clone()).unwrap();
    for mv in random_game(&rules, seed, plies) {
        if matches!(mv, Move::Swap) || pos.play(&mv).is_err() {
            return None;
        }
    }
    (pos.status() == Status::Ongoing && pos.ply() >= 2).then_some(pos)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A key move reported as winning within N, played, leaves a win
    /// within N-1 that the search proves against every legal reply (or it
    /// connected at once).
    #[test]
    fn every_winning_key_move_keeps_the_win_against_every_reply(
        preset in prop::sample::select(vec!["pencil", "dujardin", "t1"]),
        side in 5u64..=7,
        seed in any::<u64>(),
        plies in 4u32..14,
        n in 1u32..=3,
    ) {
        let pos = small_position(preset, side, seed, plies);
        prop_assume!(pos.is_some());
        let pos = pos.unwrap();
        let me = pos.to_move();
        let budget = SearchLimit::positions(2_000_000);
        let keys = winning_keys(&pos, me, n, &budget).unwrap().answer;
        // The claim's verdict and the keys agree.
        let solved = solve(&pos, me, n, &budget).unwrap().answer;
        prop_assert_eq!(matches!(solved, Solved::Wins { .. }), !keys.is_empty());
        // Only positions with a win say anything about key moves.
        prop_assume!(!keys.is_empty());
        for key in keys {
            let mut after = pos.clone();
            after.play(&Move::peg(key)).unwrap();
            if matches!(after.status(), Status::Won { winner, by: WinBy::Connection, .. } if winner == me) {
                continue;
            }
            prop_assert!(n > 1, "{key} was reported as a win in 1 but did not connect");
            let verdict = after_move(&after, me, n - 1, &budget).unwrap().answer;
            prop_assert_eq!(&verdict, &AfterMove::Wins);
            for reply in pos.size().holes() {
                let mut next = after.clone();
                if next.play(&Move::peg(reply)).is_err() {
                    continue;
                }
                prop_assert_eq!(next.status(), Status::Ongoing, "{} connected after {}", reply, key);
                let rest = solve(&next, me, n - 1, &budget).unwrap().answer;
                prop_assert!(matches!(rest, Solved::Wins { .. }), "after {key} {reply}: {rest:?}");
            }
        }
    }
}

/// The composed win in 6 of `examples/corner-puzzle-6.twixt`: its claim is
/// proved with the shortest win 6, its printed solution and main defences
/// check, and Red has no win in 5.
#[test]
fn the_composed_win_in_six_proves_its_claim_and_solution() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/corner-puzzle-6.twixt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let r = run(&text);
    assert_eq!(errors(&r), Vec::<String>::new());
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].verdict, Verdict::Proved);
    assert_eq!(r.wins[0].shortest, Some(6));
    let pos = twixt_core::position_line::read_position(
        "12-cut-top-right/pencil/b6,b7,e7,g2,h2,h10,i7,k3,l4/b4,c9,f5,g3,g6,h3,h6,j1,k6,l7/*/red",
    )
    .unwrap();
    let budget = SearchLimit::positions(20_000_000);
    let five = solve(&pos, Player::Red, 5, &budget).unwrap();
    assert!(
        matches!(five.answer, Solved::NoWin { .. }),
        "{:?}",
        five.answer
    );
    // A wrong key move is refuted at that move.
    let wrong = text.replacen("1. j5", "1. g8", 1);
    let e = errors(&run(&wrong));
    assert!(e.iter().any(|m| m.contains("after 1. g8")), "{e:?}");
}

/// The composed win in 7 of `benches/corner-puzzle-7.twixt` (beside the
/// benchmark, with the other wins in 7): its claim and key move are proved
/// (a few seconds of CPU since the threats come first), and Red has no
/// win in 6.
#[test]
fn the_composed_win_in_seven_proves_its_claim_and_key_move() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/corner-puzzle-7.twixt");
    let text = std::fs::read_to_string(path).unwrap();
    let pos =
        twixt_core::position_line::read_position("12-cut-top-right/pencil/d8,e5,g11/e1,l6/*/red")
            .unwrap();
    let budget = SearchLimit::positions(30_000_000);
    let six = solve(&pos, Player::Red, 6, &budget).unwrap();
    assert!(
        matches!(six.answer, Solved::NoWin { .. }),
        "{:?}",
        six.answer
    );
    let seven = solve(&pos, Player::Red, 7, &budget).unwrap();
    assert!(
        matches!(seven.answer, Solved::Wins { moves: 7, .. }),
        "{:?}",
        seven.answer
    );
    // `twixt check` with a budget large enough: the claim and the key
    // move (Red still wins in 6 after it, whatever Black plays).
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.twixt"), &text).unwrap();
    let o = twixt(
        &[
            "check",
            "p.twixt",
            "--search-limit",
            "30000000",
            "--search-time",
            "900",
        ],
        dir.path(),
    );
    let said = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{said}");
    assert!(
        said.contains("1 move, undecided: ok") && said.contains("0 errors, 0 warnings"),
        "{said}"
    );
}

/// That `twixt check` with `limits`, run in `dir` on the puzzle `text`,
/// finds no error and proves its first `#wins` claim, the shortest win
/// `shortest` (so its claim, the solution's moves and no shorter win).
fn check_proves(dir: &std::path::Path, text: &str, limits: &[&str], shortest: u32) {
    std::fs::write(dir.join("p.twixt"), text).unwrap();
    let args = [&["check", "p.twixt", "--format", "json"][..], limits].concat();
    let o = twixt(&args, dir);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let game = &json["games"][0];
    assert!(o.status.success(), "{json}");
    assert_eq!(game["errors"], serde_json::json!([]), "{json}");
    assert_eq!(game["wins"][0]["verdict"], "proved", "{json}");
    assert_eq!(game["wins"][0]["shortest"], shortest, "{json}");
}

/// The win in 8 of `benches/corner-puzzle-8.twixt` (Red d8 and g11 against
/// l6): with a budget large enough and two threads, `twixt check` proves
/// its claim, the shortest win 8 (so no win in 7), and every Red move of
/// its solution; a wrong key move is refuted at that move. About 60
/// million positions for the claim alone; the test takes five to six
/// minutes on two threads, so it runs only when asked
/// (`cargo test --release --test solver puzzles:: -- --ignored`).
#[test]
#[ignore = "minutes of search: a win in 8"]
fn the_win_in_eight_proves_its_claim_and_solution() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/corner-puzzle-8.twixt");
    let text = std::fs::read_to_string(path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let limits = [
        "--search-limit",
        "500000000",
        "--search-time",
        "3600",
        "--search-threads",
        "2",
    ];
    check_proves(dir.path(), &text, &limits, 8);
    // The same with a key move that does not win: refuted at that move.
    let wrong = text.replacen("1. f4", "1. l11", 1);
    std::fs::write(dir.path().join("wrong.twixt"), wrong).unwrap();
    let o = twixt(
        &[&["check", "wrong.twixt"][..], &limits].concat(),
        dir.path(),
    );
    let said = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("after 1. l11"), "{said}");
}

/// The win in 7 with 20 pegs of `benches/corner-puzzle-7b.twixt` (the
/// random win in 6 of `examples/corner-puzzle-6.twixt` with a Black peg at
/// g10): with a budget large enough, `twixt check` proves its claim (the
/// shortest win 7), its key move and every Red move of its solution and
/// variation; and `#wins red in 6` is false, with the defence that holds.
/// About 12 s of CPU in all on an idle machine, each search over check's
/// default of 2,000,000 positions, so the file is beside the benchmark and
/// the test runs only when asked
/// (`cargo test --release --test solver puzzles:: -- --ignored`).
#[test]
#[ignore = "half a minute of search: a win in 7"]
fn the_random_win_in_seven_proves_its_claim_solution_and_refutation() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/corner-puzzle-7b.twixt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let limits = ["--search-limit", "30000000", "--search-time", "900"];
    check_proves(dir.path(), &text, &limits, 7);
    // The claim a move shorter, without the solution.
    let solution = text.find("\n1. j5").unwrap();
    let six = text[..solution].replace("#wins red in 7", "#wins red in 6");
    std::fs::write(dir.path().join("six.twixt"), six).unwrap();
    let o = twixt(&[&["check", "six.twixt"][..], &limits].concat(), dir.path());
    let said = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(
        said.contains(
            "false claim: red has no win in 6 moves: after 1. j5, 2. j9 holds: no win in 5 more moves"
        ),
        "{said}"
    );
}

/// `#wins red` with no length: the corner puzzle's connection is secured
/// by its key move; without a solution the claim names a key move; a
/// `[Task]` with no length is checked as this claim; `#unique` needs a
/// length.
#[test]
fn a_claim_without_a_length_is_a_secure_connection() {
    for rules in ["pencil", "dujardin"] {
        let r = run(&corner(
            rules,
            "#wins red\n1. j10 2. g4 3. h3 4. i4 (4. f7 5. i4 #connected red) 5. f7\n#connected red\n",
        ));
        assert_eq!(errors(&r), Vec::<String>::new(), "{rules}");
        assert_eq!(r.wins.len(), 1);
        assert_eq!(r.wins[0].verdict, Verdict::Proved);
        assert_eq!(r.wins[0].moves, None);
    }
    let r = run(&corner("pencil", "#wins red\n"));
    assert_eq!(r.wins[0].verdict, Verdict::Proved);
    let notes = found(&r, Severity::Note);
    assert!(
        notes
            .iter()
            .any(|n| n
                .starts_with("7 [keys] #wins red holds: red secures the connection; a key move: ")),
        "{notes:?}"
    );
    let src = corner("pencil", "1. j10 2. g4 3. h3\n")
        .replace("[Rules", "[Task \"Red to play and win\"]\n[Rules");
    let r = run(&src);
    assert_eq!(r.wins.len(), 1, "{:?}", errors(&r));
    assert_eq!(r.wins[0].moves, None);
    assert_eq!(r.wins[0].verdict, Verdict::Proved);
    // A question states nothing.
    let r = run(&corner("pencil", "").replace("[Rules", "[Task \"Can Red win?\"]\n[Rules"));
    assert!(r.wins.is_empty());
    // `#unique` after it asks for its cooks: c8 and g8 both connect.
    let r = run(&two_ways("pencil", "#wins red\n#unique\n"));
    let e = errors(&r);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains(
            "false claim: #unique: red secures the connection with more than one first move: "
        ) && e[0].contains("c8")
            && e[0].contains("g8"),
        "{e:?}"
    );
    // With the solution's key move, the others are its cooks.
    let r = run(&two_ways("pencil", "#wins red\n#unique\n1. g8\n"));
    let e = errors(&r);
    assert!(
        e.len() == 1
            && e[0].contains("red also secures the connection with ")
            && e[0].contains("c8")
            && e[0].contains("(the solution plays g8)"),
        "{e:?}"
    );
    // The claim is written back as it was read.
    let p = parse(&corner("pencil", "#wins black\n"));
    let text = twixtkit::script::write_game(&p.file.games[0]);
    assert!(text.contains("#wins black\n"), "{text}");
}

/// `#wins red` with no length and a solution: each of Red's moves is
/// checked to keep the connection secure (here all do; the moves that do
/// not are tested against a minimax in `secure.rs`).
#[test]
fn a_secure_claims_solution_is_followed_move_by_move() {
    let r = run(&corner(
        "pencil",
        "#wins red\n1. j10 2. g4 3. h3 4. i4 5. f7\n#connected red\n",
    ));
    assert_eq!(errors(&r), Vec::<String>::new());
    assert_eq!(r.wins[0].verdict, Verdict::Proved);
    // Even a wasted move does not throw this connection away: Red keeps
    // other ways (a length claim would fail, the secure one holds).
    let r = run(&corner("pencil", "#wins red\n1. j10 2. g4 3. b3 4. h3\n"));
    assert_eq!(errors(&r), Vec::<String>::new());
}
