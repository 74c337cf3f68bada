//! `twixt view` as a puzzle site and a club's archive, in a real browser:
//! solve mode holds on every link and reload, every winning move is
//! played with the search's defence, wrong moves are played out with the
//! reply that refutes them, and the archive's links land on phones and
//! desktops alike.

use std::path::{Path, PathBuf};

use serde_json::json;

use super::view_browser::{
    VIEWPORT, club, go, hash, hole_on_screen, no_console_errors, repo_file, settle, shown, text_of,
    view,
};
use crate::common::webdriver::{Browser, browser};
use crate::common::{shared_games, twixt};

/// A screenshot into the folder `TWIXT_SCREENSHOTS` names, if it does.
fn screenshot(b: &Browser, name: &str) {
    if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
        std::fs::write(Path::new(&d).join(name), b.screenshot()).unwrap();
    }
}

fn verdict(b: &Browser) -> String {
    text_of(b, ".verdict")
}

/// Clicks a hole (column and row from 0) of the board.
fn click_hole(b: &Browser, hole: (u32, u32)) {
    let (x, y) = hole_on_screen(b, hole);
    b.click_at(x, y);
}

/// Whether an element is shown.
fn visible(b: &Browser, css: &str) -> bool {
    b.eval(
        "const e = document.querySelector(arguments[0]); return !!e && e.checkVisibility();",
        json!([css]),
    )
    .as_bool()
    .unwrap()
}

/// Reloads the page and waits until its script has run.
fn reload(b: &Browser) {
    b.eval(
        "setTimeout(() => location.reload(), 0); return 0;",
        json!([]),
    );
    std::thread::sleep(std::time::Duration::from_millis(400));
    for _ in 0..50 {
        let ready = b.eval(
            "return typeof window.twixtViewerReady === 'number';",
            json!([]),
        );
        if ready == true {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("the page did not load again");
}

/// Two puzzles: the corner puzzle, and the same with a false start the
/// script refutes: `(1. c9? 2. j10)`.
fn puzzles(dir: &Path) -> PathBuf {
    let corner = std::fs::read_to_string(repo_file("examples/corner-puzzle.twixt")).unwrap();
    let with_false_start = corner
        .replace(
            "[Event \"A corner puzzle\"]",
            "[Event \"A corner puzzle with a false start\"]",
        )
        .replace(
            "1. j10 {Threatens to join at once.}",
            "1. j10 {Threatens to join at once.} (1. c9? {Too far.} 2. j10 {Blocks.})",
        );
    assert!(with_false_start.contains("(1. c9?"));
    std::fs::write(dir.join("a.twixt"), corner).unwrap();
    std::fs::write(dir.join("b.twixt"), with_false_start).unwrap();
    view(
        &[&dir.join("a.twixt"), &dir.join("b.twixt")],
        dir,
        "puzzles.html",
    )
}

#[test]
fn a_puzzle_link_opens_it_to_be_solved_and_a_reload_keeps_the_progress() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = puzzles(dir.path());
    b.viewport(390, 844, true);
    // A link with a ply still opens the puzzle to be solved, from its start.
    b.open(&page, "#game=1&ply=3");
    assert!(visible(&b, ".puzzle"), "solve mode");
    assert!(!visible(&b, ".move-list"), "the solution is hidden");
    assert!(
        !shown(&b).contains("j10:red"),
        "no move of the solution shown"
    );
    assert_eq!(hash(&b), "#game=1");
    click_hole(&b, (9, 9));
    settle(&b, 900);
    assert!(
        verdict(&b).contains("The defence: 2. g4."),
        "{}",
        verdict(&b)
    );
    // A reload keeps the solver's progress: j10 and g4 stand, Red to move.
    reload(&b);
    assert!(visible(&b, ".puzzle"));
    let pegs = shown(&b);
    assert!(
        pegs.contains("j10:red") && pegs.contains("g4:black"),
        "{pegs:?}"
    );
    click_hole(&b, (7, 2));
    assert!(verdict(&b).starts_with("Right: 3. h3."), "{}", verdict(&b));
    // `&solution` asks for the solution: the move list, at the ply given.
    go(&b, "#game=1&ply=3&solution");
    assert!(!visible(&b, ".puzzle"));
    assert!(visible(&b, ".move-list"));
    assert_eq!(text_of(&b, ".move-list [aria-current='step']"), "3. h3");
    reload(&b);
    assert!(
        visible(&b, ".move-list"),
        "a reload keeps the solution shown"
    );
    no_console_errors(&b);
}

/// The corner puzzle's second winning key, g4, is played, and the defence
/// and the moves after it are the search's.
#[test]
fn an_alternative_winning_key_is_played_with_the_searchs_defence() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = view(
        &[&repo_file("examples/corner-puzzle.twixt")],
        dir.path(),
        "puzzle.html",
    );
    b.viewport(1280, 800, false);
    b.open(&page, "");
    click_hole(&b, (6, 3));
    // (The defence follows 600 ms later, and may already stand.)
    assert!(
        verdict(&b).starts_with("Right: 1. g4 wins too within 3 moves."),
        "{}",
        verdict(&b)
    );
    let pegs = shown(&b);
    assert!(pegs.contains("g4:red"), "the solver's own move: {pegs:?}");
    assert!(!pegs.contains("j10:red"), "not the script's");
    settle(&b, 900);
    assert_eq!(
        verdict(&b),
        "Right: 1. g4 wins too within 3 moves. The defence: 2. j10. Your move."
    );
    assert!(shown(&b).contains("j10:black"), "the defence stands");
    // The solver goes on against that defence to the connection.
    click_hole(&b, (7, 9));
    settle(&b, 900);
    assert!(
        verdict(&b).contains("The defence: 4. h11."),
        "{}",
        verdict(&b)
    );
    click_hole(&b, (6, 11));
    settle(&b, 300);
    assert!(verdict(&b).contains("Solved!"), "{}", verdict(&b));
    no_console_errors(&b);
}

/// Wrong moves get their real reason: a hole taken, the opponent's
/// border, a move that loses played out with the reply that holds, and a
/// false start played out with the script's refutation.
#[test]
fn wrong_moves_say_why_and_losing_ones_are_played_out() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = puzzles(dir.path());
    b.viewport(1280, 800, false);
    b.open(&page, "#game=2");
    let start = shown(&b);
    // g5 holds Red's own peg, h7 Black's.
    click_hole(&b, (6, 4));
    assert_eq!(verdict(&b), "g5 is taken. Try again.");
    click_hole(&b, (7, 6));
    assert_eq!(verdict(&b), "h7 is taken. Try again.");
    // a5 is on Black's border.
    click_hole(&b, (0, 4));
    assert_eq!(
        verdict(&b),
        "Red may not play a5: it is on Black’s border. Try again."
    );
    assert_eq!(shown(&b), start, "nothing moved");
    // b3 is free and loses: played out with the reply that holds.
    click_hole(&b, (1, 2));
    settle(&b, 900);
    let v = verdict(&b);
    assert!(
        v.starts_with("b3 does not win within 3 moves: 2. ") && v.ends_with(" holds. Try again."),
        "{v}"
    );
    let reply = v["b3 does not win within 3 moves: 2. ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let pegs = shown(&b);
    assert!(pegs.contains("b3:red"), "{pegs:?}");
    screenshot(&b, "puzzle-refuted-1280.png");
    assert!(
        pegs.contains(&format!("{reply}:black")),
        "{reply} in {pegs:?}"
    );
    b.click("button[data-do='retry']");
    assert_eq!(shown(&b), start, "back to the puzzle");
    // The false start the script gives is played out with its refutation.
    click_hole(&b, (2, 8));
    settle(&b, 900);
    assert_eq!(verdict(&b), "1. c9? is a false start: 2. j10. Try again.");
    let pegs = shown(&b);
    assert!(pegs.contains("c9:red") && pegs.contains("j10:black"));
    // A click on the board after it tries from the puzzle's position.
    click_hole(&b, (9, 9));
    assert!(verdict(&b).starts_with("Right: 1. j10."), "{}", verdict(&b));
    assert!(!shown(&b).contains("c9:red"));
    assert!(
        text_of(&b, ".session-info").contains("wrong tries here: 2"),
        "{}",
        text_of(&b, ".session-info")
    );
    // A hint: first the region, then the key move.
    b.click("button[data-do='reveal']");
    go(&b, "#game=1");
    b.click("button[data-do='hint']");
    assert_eq!(verdict(&b), "Hint: the key move is in the marked region.");
    assert!(visible(&b, ".board .hint rect"));
    b.click("button[data-do='hint']");
    assert_eq!(verdict(&b), "Hint: the key move is j10. Also winning: g4.");
    no_console_errors(&b);
}

/// The rows of the game list as (result, moves) cells.
fn list_cells(b: &Browser) -> Vec<(String, String)> {
    let v = b.eval(
        r##"return Array.from(document.querySelectorAll("#games tbody tr"))
             .map(r => [r.cells[7].textContent, r.cells[8].textContent]);"##,
        json!([]),
    );
    serde_json::from_value(v).unwrap()
}

#[test]
fn a_puzzle_session_goes_next_and_back_and_keeps_progress_after_a_reload() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = puzzles(dir.path());
    b.viewport(390, 844, true);
    b.open(&page, "");
    // Unsolved puzzles give away neither result nor length.
    assert_eq!(
        list_cells(&b),
        vec![("?".into(), "?".into()), ("?".into(), "?".into())]
    );
    b.eval("const s = document.querySelector('#result-filter'); s.value = '1-0'; s.dispatchEvent(new Event('change'));", json!([]));
    assert_eq!(text_of(&b, "#list-count"), "0 of 2 games");
    b.eval("const s = document.querySelector('#result-filter'); s.value = ''; s.dispatchEvent(new Event('change'));", json!([]));
    assert!(visible(&b, ".session"));
    assert_eq!(
        text_of(&b, ".session-info"),
        "Puzzle 1 of 2 · 0 solved · wrong tries here: 0"
    );
    // Solve the first: j10, h3, f7 (after the defences).
    for hole in [(9, 9), (7, 2), (5, 6)] {
        click_hole(&b, hole);
        settle(&b, 900);
    }
    assert!(verdict(&b).contains("Solved!"), "{}", verdict(&b));
    let cells = list_cells(&b);
    assert_ne!(cells[0].1, "?", "a solved puzzle's length is told");
    assert_eq!(cells[1], ("?".into(), "?".into()));
    b.click("button[data-do='next-puzzle']");
    assert_eq!(hash(&b), "#game=2");
    assert!(visible(&b, ".puzzle"));
    click_hole(&b, (1, 2));
    settle(&b, 900);
    reload(&b);
    screenshot(&b, "puzzle-session-390.png");
    assert_eq!(
        text_of(&b, ".session-info"),
        "Puzzle 2 of 2 · 1 solved · wrong tries here: 1"
    );
    b.click("button[data-do='prev-puzzle']");
    assert_eq!(hash(&b), "#game=1");
    assert!(
        verdict(&b).starts_with("You solved this puzzle"),
        "{}",
        verdict(&b)
    );
    no_console_errors(&b);
}

/// A club's archive from the Little Golem records of `../shared/games`,
/// as one script: the eight games as rounds of one championship group,
/// and a long friendly game (a random game of over 100 plies).
fn lg_club(dir: &Path) -> Option<PathBuf> {
    let games = shared_games()?;
    let mut script = String::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(games.join("littlegolem"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsgf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 8, "{files:?}");
    for (round, f) in files.iter().enumerate() {
        let o = twixt(&["convert", f.to_str().unwrap(), "-o", "-"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        let mut out = String::new();
        for line in text.lines() {
            if line.starts_with("[Event ") {
                out.push_str("[Event \"twixt.ch.23.1.1\"]\n");
                out.push_str(&format!("[Round \"{}\"]\n", round + 1));
            } else if !line.starts_with("[FF ") {
                out.push_str(line);
                out.push('\n');
            }
        }
        script.push_str(&out);
        script.push('\n');
    }
    let o = twixt(&["random", "--games", "1", "--seed", "7"]);
    assert!(o.status.success());
    let long = String::from_utf8(o.stdout).unwrap();
    let body = long.split("\n\n").nth(1).unwrap();
    script.push_str("[Event \"Club friendly\"]\n[Red \"Ann\"]\n[Black \"Bob\"]\n[Size \"24\"]\n[Rules \"pencil\"]\n\n");
    script.push_str(body);
    script.push('\n');
    let file = dir.join("club.twixt");
    std::fs::write(&file, script).unwrap();
    Some(view(&[&file], dir, "club.html"))
}

/// The board's box against the viewport: [top, bottom, innerHeight].
const BOARD_BOX: &str = r##"const r = document.querySelector(".board").getBoundingClientRect();
  return [r.top, r.bottom, window.innerHeight, r.left, r.right, window.innerWidth];"##;

#[test]
fn deep_links_land_on_the_board_and_the_move_list_follows() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let Some(page) = lg_club(dir.path()) else {
        return;
    };
    for (w, h, mobile) in [(390, 844, true), (1280, 800, false)] {
        b.viewport(w, h, mobile);
        b.open(&page, "#game=5&ply=10");
        let r: Vec<f64> = serde_json::from_value(b.eval(BOARD_BOX, json!([]))).unwrap();
        assert!(
            r[0] >= 0.0 && r[1] <= r[2] && r[3] >= 0.0 && r[4] <= r[5],
            "the board's box {r:?} at {w}×{h}"
        );
        if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
            std::fs::write(
                Path::new(&d).join(format!("club-link-{w}.png")),
                b.screenshot(),
            )
            .unwrap();
        }
    }
    // On a desktop the move list is beside the board, on screen with it.
    let beside = b.eval(
        r##"const a = document.querySelector(".board").getBoundingClientRect();
           const l = document.querySelector(".move-list").getBoundingClientRect();
           return [l.left >= a.right, l.top < window.innerHeight, l.bottom > 0];"##,
        json!([]),
    );
    assert_eq!(beside, json!([true, true, true]));
    // The long game: 100 steps on, the current move is inside the list's box.
    go(&b, "#game=9&ply=0");
    for _ in 0..100 {
        b.key("\u{E014}");
    }
    assert_eq!(hash(&b), "#game=9&ply=100");
    let inside = b.eval(
        r##"const box = document.querySelector(".move-list").getBoundingClientRect();
           const cur = document.querySelector(".move-list [aria-current='step']").getBoundingClientRect();
           return [cur.top >= box.top, cur.bottom <= box.bottom, document.querySelector(".move-list").scrollTop > 0];"##,
        json!([]),
    );
    assert_eq!(inside, json!([true, true, true]));
    no_console_errors(&b);
}

#[test]
fn the_club_archive_words_events_links_its_crosstable_and_fits_a_phone() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let Some(page) = lg_club(dir.path()) else {
        return;
    };
    b.viewport(390, 844, true);
    b.open(&page, "");
    let w = b.eval(VIEWPORT, json!([]));
    assert_eq!(w, json!([390, 390]), "no sideways scrolling");
    // Little Golem's event code in words, and the rounds.
    let row = b.eval(
        r##"const r = document.querySelector("#games tbody tr"); return [r.cells[4].textContent, r.cells[5].textContent];"##,
        json!([]),
    );
    assert_eq!(row, json!(["Little Golem championship 23, group 1.1", "1"]));
    assert_eq!(
        text_of(&b, ".crosstable h2"),
        "Standings: Little Golem championship 23, group 1.1"
    );
    // The crosstable scrolls in its own box, inside the phone's width;
    // no name is broken.
    let fits = b.eval(
        r##"const w = document.querySelector(".crosstable .table-wrap").getBoundingClientRect();
           const names = Array.from(document.querySelectorAll(".crosstable td.name"));
           const line = parseFloat(getComputedStyle(names[0]).lineHeight) || 20;
           return [w.left >= 0, w.right <= window.innerWidth,
                   names.every(n => n.getBoundingClientRect().height < 2 * line + 10 && getComputedStyle(n).whiteSpace === "nowrap")];"##,
        json!([]),
    );
    assert_eq!(fits, json!([true, true, true]));
    // A cell opens its game.
    let (cell, game) = {
        let v = b.eval(
            r##"const a = document.querySelector(".crosstable td a");
               return [a.getAttribute("href"), a.closest("tr").cells[1].textContent];"##,
            json!([]),
        );
        (
            v[0].as_str().unwrap().to_string(),
            v[1].as_str().unwrap().to_string(),
        )
    };
    b.eval(
        "document.querySelector('.crosstable td a').scrollIntoView({block: 'center'});",
        json!([]),
    );
    b.click(".crosstable td a");
    settle(&b, 200);
    assert!(hash(&b).starts_with(&format!("{cell}&ply=")), "{cell}");
    assert!(text_of(&b, ".players").contains(&game), "{game}");
    if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
        b.eval(
            "document.querySelector('.crosstable').scrollIntoView();",
            json!([]),
        );
        std::fs::write(
            Path::new(&d).join("club-crosstable-390.png"),
            b.screenshot(),
        )
        .unwrap();
    }
    no_console_errors(&b);
}

#[test]
fn an_embed_fits_a_600_by_700_frame() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = club(dir.path(), 3);
    let page = view(&[&file], dir.path(), "club.html");
    // The frame's viewport is the page's.
    b.viewport(600, 700, false);
    b.open(&page, "#embed&game=2&ply=3");
    let r: Vec<f64> = serde_json::from_value(b.eval(BOARD_BOX, json!([]))).unwrap();
    assert!(
        r[0] >= 0.0 && r[1] <= r[2] && r[4] <= r[5],
        "the board {r:?}"
    );
    assert!(
        r[1] - r[0] >= 500.0,
        "the board as large as the frame allows: {r:?}"
    );
    let controls = b.eval(
        r##"return Array.from(document.querySelectorAll(".controls button")).map(e => {
             const r = e.getBoundingClientRect();
             return r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth; });"##,
        json!([]),
    );
    assert_eq!(controls, json!([true, true, true, true, true, true]));
    let w = b.eval(VIEWPORT, json!([]));
    assert_eq!(w, json!([600, 600]));
    if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
        std::fs::write(Path::new(&d).join("embed-600x700.png"), b.screenshot()).unwrap();
    }
    no_console_errors(&b);
}

/// A page of French games speaks French: its labels, and what solve mode
/// says after real clicks on the board and its buttons.
#[test]
fn a_french_page_shows_french_words_after_real_clicks() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corner = std::fs::read_to_string(repo_file("examples/corner-puzzle.twixt")).unwrap();
    let french = corner.replace("[Event ", "[Language \"fr\"]\n[Event ");
    std::fs::write(dir.path().join("a.twixt"), &french).unwrap();
    std::fs::write(
        dir.path().join("b.twixt"),
        french.replace("A corner puzzle", "Another corner"),
    )
    .unwrap();
    let page = view(
        &[&dir.path().join("a.twixt"), &dir.path().join("b.twixt")],
        dir.path(),
        "fr.html",
    );
    b.viewport(1280, 800, false);
    b.open(&page, "#game=1");
    assert_eq!(
        b.eval("return document.documentElement.lang;", json!([])),
        "fr"
    );
    assert_eq!(text_of(&b, "button[data-do='hint']"), "Indice");
    assert_eq!(text_of(&b, "button[data-do='reveal']"), "Voir la solution");
    assert_eq!(text_of(&b, "button[data-sort='event']"), "Tournoi");
    assert_eq!(text_of(&b, "button[data-sort='red']"), "Rouge");
    assert_eq!(verdict(&b), "Cliquez ou touchez le trou du coup de Rouge.");
    click_hole(&b, (6, 4));
    assert_eq!(verdict(&b), "g5 est déjà pris. Essayez encore.");
    click_hole(&b, (0, 4));
    assert_eq!(
        verdict(&b),
        "Rouge ne peut pas jouer a5\u{202f}: c’est la bordure de Noir. Essayez encore."
    );
    b.click("button[data-do='hint']");
    assert_eq!(
        verdict(&b),
        "Indice\u{202f}: le coup clé est dans la zone marquée."
    );
    click_hole(&b, (9, 9));
    settle(&b, 900);
    assert_eq!(
        verdict(&b),
        "Juste\u{202f}: 1. j10. La défense\u{202f}: 2. g4. À vous de jouer."
    );
    assert_eq!(
        text_of(&b, ".session-info"),
        "Problème 1 sur 2 · 0 résolu · essais manqués ici\u{202f}: 0 · indices ici\u{202f}: 1"
    );
    screenshot(&b, "puzzle-fr-1280.png");
    b.click("button[data-do='reveal']");
    assert!(visible(&b, ".move-list"));
    assert_eq!(text_of(&b, ".current"), "Coup 2. g4");
    let facts = text_of(&b, ".facts");
    assert!(
        facts.contains("Règle") && facts.contains("Plateau"),
        "{facts}"
    );
    b.click("button[data-go='last']");
    assert_eq!(text_of(&b, ".current"), "Coup 5. f7");
    no_console_errors(&b);
}

/// In the line of the other winning key, a wrong move is played out with
/// the reply that refutes it, as on the main line; the hint rings the
/// key, names the other winning moves, and then plays the key.
#[test]
fn wrong_moves_in_an_alternative_line_are_played_out_and_the_hint_plays_the_key() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = view(
        &[&repo_file("examples/corner-puzzle.twixt")],
        dir.path(),
        "puzzle.html",
    );
    b.viewport(1280, 800, false);
    b.open(&page, "");
    click_hole(&b, (6, 3));
    settle(&b, 900);
    assert!(
        verdict(&b).contains("The defence: 2. j10."),
        "{}",
        verdict(&b)
    );
    let before = shown(&b);
    // b3 after 1. g4 2. j10 does not win in the two moves left.
    click_hole(&b, (1, 2));
    settle(&b, 900);
    let v = verdict(&b);
    assert!(
        v.starts_with("b3 does not win within 2 moves: 4. ") && v.ends_with(" holds. Try again."),
        "{v}"
    );
    let reply = v["b3 does not win within 2 moves: 4. ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let pegs = shown(&b);
    assert!(pegs.contains("b3:red"), "{pegs:?}");
    assert!(
        pegs.contains(&format!("{reply}:black")),
        "{reply}: {pegs:?}"
    );
    screenshot(&b, "puzzle-alt-refuted-1280.png");
    b.click("button[data-do='retry']");
    assert_eq!(shown(&b), before, "back to the alternative line");
    // The hint: region, then the key ringed, then the key played.
    b.click("button[data-do='hint']");
    assert!(visible(&b, ".board .hint rect"));
    b.click("button[data-do='hint']");
    assert!(visible(&b, ".board .hint circle"));
    assert!(
        verdict(&b).starts_with("Hint: the key move is "),
        "{}",
        verdict(&b)
    );
    b.click("button[data-do='hint']");
    assert!(
        verdict(&b).starts_with("Hint: the key move 3. "),
        "{}",
        verdict(&b)
    );
    settle(&b, 900);
    assert!(verdict(&b).contains("Your move."), "{}", verdict(&b));
    assert_eq!(
        text_of(&b, ".session-info"),
        "Puzzle 1 of 1 · 0 solved · wrong tries here: 1 · hints here: 3"
    );
    // The last move, found by the solver, ends it: solved with help.
    b.click("button[data-do='hint']");
    b.click("button[data-do='hint']");
    b.click("button[data-do='hint']");
    settle(&b, 900);
    assert!(
        verdict(&b).contains("Solved with 6 hints (1 wrong try)."),
        "{}",
        verdict(&b)
    );
    no_console_errors(&b);
}

/// On a phone the verdict stands under the board, and a tap that leaves
/// it below the screen brings it into view: its box is inside the
/// viewport after the click, with the board's bottom at the screen's.
#[test]
fn on_a_phone_the_verdict_is_in_view_after_a_tap() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = puzzles(dir.path());
    b.viewport(390, 844, true);
    b.open(&page, "#game=1");
    for hole in [(6, 4), (9, 9)] {
        // The board's bottom edge at the bottom of the screen (the worst
        // place for what is said under it: the verdict is below the screen
        // before the tap), then the hole where it is now.
        let v = b.eval(
            r##"const board = document.querySelector(".board");
               window.scrollTo(0, 0);
               window.scrollBy(0, board.getBoundingClientRect().bottom - window.innerHeight);
               const svg = board.querySelector("svg");
               const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
               const q = p.matrixTransform(svg.getScreenCTM());
               return [q.x, q.y, board.getBoundingClientRect().bottom - window.innerHeight,
                 document.querySelector(".verdict").getBoundingClientRect().bottom - window.innerHeight];"##,
            json!([hole.0, hole.1]),
        );
        let at: Vec<f64> = serde_json::from_value(v).unwrap();
        // (At the top of the page the board may end a little above.)
        assert!(
            at[2] <= 1.0 && at[2] > -60.0 && at[3] > 0.0,
            "the board's bottom at the screen's, the verdict below it: {at:?}"
        );
        b.click_at(at[0], at[1]);
        settle(&b, 900);
        let r: Vec<f64> = serde_json::from_value(b.eval(
            r##"const r = document.querySelector(".verdict").getBoundingClientRect();
               return [r.top, r.bottom, window.innerHeight, r.height];"##,
            json!([]),
        ))
        .unwrap();
        assert!(
            r[0] >= 0.0 && r[1] <= r[2] && r[3] > 10.0,
            "the verdict's box {r:?}: {}",
            verdict(&b)
        );
    }
    assert!(verdict(&b).starts_with("Right: 1. j10."), "{}", verdict(&b));
    screenshot(&b, "puzzle-verdict-390.png");
    no_console_errors(&b);
}

/// A French puzzle whose `[Sides]` renames the players, solved by real
/// clicks with a hint: the verdicts name the sides as the header does,
/// counts take French's singular (0 and 1), and the facts name the rule
/// set as the book does. Looked at on a phone and a desktop.
#[test]
fn a_french_puzzle_names_its_sides_and_counts_in_french() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let corner = std::fs::read_to_string(repo_file("examples/corner-puzzle.twixt")).unwrap();
    let french = corner.replace(
        "[Event ",
        "[Language \"fr\"]\n[Sides \"Blanc Bleu\"]\n[Event ",
    );
    std::fs::write(dir.path().join("a.twixt"), &french).unwrap();
    let page = view(&[&dir.path().join("a.twixt")], dir.path(), "fr.html");
    for (width, height) in [(390, 844), (1280, 800)] {
        b.viewport(width, height, width < 500);
        b.open(&page, "#game=1");
        b.eval("localStorage.clear(); return 0;", json!([]));
        reload(&b);
        assert_eq!(verdict(&b), "Cliquez ou touchez le trou du coup de Blanc.");
        click_hole(&b, (0, 4));
        assert_eq!(
            verdict(&b),
            "Blanc ne peut pas jouer a5\u{202f}: c’est la bordure de Bleu. Essayez encore."
        );
        b.click("button[data-do='hint']");
        click_hole(&b, (9, 9));
        settle(&b, 900);
        assert_eq!(
            verdict(&b),
            "Juste\u{202f}: 1. j10. La défense\u{202f}: 2. g4. À vous de jouer."
        );
        click_hole(&b, (7, 2));
        settle(&b, 900);
        assert!(verdict(&b).contains("3. h3"), "{}", verdict(&b));
        // The defence is i4 or f7: the other joins.
        let other = if verdict(&b).contains("4. i4") {
            (5, 6)
        } else {
            (8, 3)
        };
        click_hole(&b, other);
        settle(&b, 900);
        assert!(
            verdict(&b).ends_with("Résolu avec 1 indice (0 essai manqué)."),
            "{}",
            verdict(&b)
        );
        screenshot(&b, &format!("puzzle-fr-sides-{width}.png"));
        assert!(
            text_of(&b, ".session-info").starts_with("Problème 1 sur 1 · 1 résolu · "),
            "{}",
            text_of(&b, ".session-info")
        );
        let facts = text_of(&b, ".facts");
        assert!(facts.contains("papier-crayon (TwixT PP)"), "{facts}");
        assert!(!facts.contains("pencil"), "{facts}");
        no_console_errors(&b);
    }
}

/// The corner puzzle with no length (`#wins red`: Red secures the
/// connection), with the false start `(1. c9? 2. j10)`: solve mode judges
/// it by the proof, not the script's line alone.
fn secure_puzzle(dir: &Path) -> PathBuf {
    let corner = std::fs::read_to_string(repo_file("examples/corner-puzzle.twixt")).unwrap();
    let secure = corner.replace("#wins red in 3", "#wins red").replace(
        "1. j10 {Threatens to join at once.}",
        "1. j10 {Threatens to join at once.} (1. c9? {Too far.} 2. j10 {Blocks.})",
    );
    assert!(secure.contains("#wins red\n") && secure.contains("(1. c9?"));
    std::fs::write(dir.join("secure.twixt"), secure).unwrap();
    view(&[&dir.join("secure.twixt")], dir, "secure.html")
}

/// A puzzle with no length: the script's key is right, the other winning
/// key (g4, which the script does not give) is accepted and the game goes
/// on from it with the search's defence to the connection, the script's
/// false start is played out with its refutation, and a free hole that
/// does not win gets the reply that holds.
#[test]
fn a_puzzle_with_no_length_accepts_every_move_the_proof_does() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = secure_puzzle(dir.path());
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("\"secure\":true"), "judged by the proof");
    b.viewport(1280, 800, false);
    b.open(&page, "#game=1");
    b.eval("localStorage.clear(); return 0;", json!([]));
    reload(&b);
    let start = shown(&b);
    // The script's false start, played out with its refutation.
    click_hole(&b, (2, 8));
    settle(&b, 900);
    assert_eq!(verdict(&b), "1. c9? is a false start: 2. j10. Try again.");
    assert!(shown(&b).contains("j10:black"));
    b.click("button[data-do='retry']");
    assert_eq!(shown(&b), start, "back to the puzzle");
    // b3 does not win: played out with the reply that holds, in the
    // prover's words or, where it gave up, the exact search's.
    click_hole(&b, (1, 2));
    settle(&b, 900);
    let v = verdict(&b);
    let reply = if let Some(rest) = v.strip_prefix("b3 does not secure the connection: 2. ") {
        rest
    } else {
        let rest = v
            .strip_prefix("b3 does not win within 3 moves as the key move does: 2. ")
            .unwrap_or_else(|| panic!("{v}"));
        assert!(
            rest.contains("the prover cannot tell within this page’s limits"),
            "{v}"
        );
        rest
    };
    let reply = reply.split(' ').next().unwrap().to_string();
    let pegs = shown(&b);
    assert!(pegs.contains("b3:red"), "{pegs:?}");
    assert!(
        pegs.contains(&format!("{reply}:black")),
        "{reply} in {pegs:?}"
    );
    b.click("button[data-do='retry']");
    assert_eq!(shown(&b), start);
    // g4 is not in the script: the proof accepts it, and plays on.
    click_hole(&b, (6, 3));
    assert!(
        verdict(&b).starts_with("Right: 1. g4 secures the connection too."),
        "{}",
        verdict(&b)
    );
    settle(&b, 900);
    assert_eq!(
        verdict(&b),
        "Right: 1. g4 secures the connection too. The defence: 2. j10. Your move."
    );
    let pegs = shown(&b);
    assert!(
        pegs.contains("g4:red") && pegs.contains("j10:black"),
        "{pegs:?}"
    );
    click_hole(&b, (7, 9));
    settle(&b, 900);
    assert!(
        verdict(&b).contains("The defence: 4. h11."),
        "{}",
        verdict(&b)
    );
    click_hole(&b, (6, 11));
    settle(&b, 300);
    assert!(verdict(&b).contains("Solved!"), "{}", verdict(&b));
    screenshot(&b, "puzzle-secure-1280.png");
    // The script's key is right too, and its line goes on.
    b.eval("localStorage.clear(); return 0;", json!([]));
    reload(&b);
    click_hole(&b, (9, 9));
    settle(&b, 900);
    assert_eq!(verdict(&b), "Right: 1. j10. The defence: 2. g4. Your move.");
    no_console_errors(&b);
}
