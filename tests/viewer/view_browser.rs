//! `twixt view` in a real browser (headless Chromium driven by WebDriver):
//! what a user sees at each ply is the engine's position, the keys and the
//! move list step as promised, variations show their pegs, hostile text
//! stays text, and the console stays clean.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::webdriver::{Browser, browser};
use common::{shared_games, twixt};
use serde_json::json;
use twixtkit::open::{Content, open};
use twixtkit::prelude::{Move, Position};

/// The pegs the user sees: `.peg` elements that are rendered, as `e5:red`.
const SHOWN_PEGS: &str = r##"
  const sec = document.querySelector("section.game:not([hidden])");
  return Array.from(sec.querySelectorAll(".board .peg"))
    // Rendered: visible, and given a box on the page.
    .filter(e => e.checkVisibility() && e.getBoundingClientRect().width > 0)
    .map(e => {
      const hole = e.getAttribute("data-hole") || holeOf(e);
      return hole + ":" + (e.classList.contains("red") ? "red" : "black");
    });
  function holeOf(e) {
    const col = Number(e.getAttribute("x")), row = Number(e.getAttribute("y"));
    let letters = "", n = col;
    do { letters = String.fromCharCode(97 + (n % 26)) + letters; n = Math.floor(n / 26) - 1; } while (n >= 0);
    return letters + (row + 1);
  }
"##;

pub(crate) fn shown(b: &Browser) -> BTreeSet<String> {
    b.eval(SHOWN_PEGS, json!([]))
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

/// What `shown` (a script such as `SHOWN_PEGS`) sees after clicking each
/// move of the main line's move list in turn, from the start (ply 0) to
/// ply `last`: the clicks and the readings in one script, so a long game
/// costs one round trip to the browser, not two a ply.
pub(crate) fn shown_stepping(b: &Browser, shown: &str, last: usize) -> Vec<BTreeSet<String>> {
    let script = format!(
        r##"const last = arguments[0];
        const shown = () => {{ {shown} }};
        const out = [];
        for (let p = 0; p <= last; p++) {{
          const button = p
            ? document.querySelector(`button.mv[data-l='0'][data-p='${{p}}']`)
            : document.querySelector("button[data-go='first']");
          if (!button) return `no button for ply ${{p}}`;
          button.click();
          out.push(shown());
        }}
        return out;"##
    );
    let answer = b.eval(&script, json!([last]));
    let plies = answer
        .as_array()
        .unwrap_or_else(|| panic!("stepping through the game: {answer}"));
    plies
        .iter()
        .map(|pegs| {
            pegs.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

fn pegs(pos: &Position) -> BTreeSet<String> {
    pos.to_setup()
        .pegs
        .iter()
        .map(|(h, p)| format!("{h}:{p}"))
        .collect()
}

/// The engine's positions of a file's first game, after each ply of its main line.
fn positions(file: &Path) -> Vec<BTreeSet<String>> {
    positions_of(file, 0)
}

/// The same for game `n` (from 0) of a file.
fn positions_of(file: &Path, n: usize) -> Vec<BTreeSet<String>> {
    let f = open(file).unwrap();
    let (mut pos, moves): (Position, Vec<Move>) = match &f.content {
        Content::Records { records: r, .. } => (
            Position::with_first(r[0].rules.clone(), r[0].first).unwrap(),
            r[0].moves.clone(),
        ),
        Content::Script { games, .. } => {
            let g = &games[n];
            let rules = g.rules(file.parent()).unwrap();
            (
                Position::with_first(rules, g.first()).unwrap(),
                g.main_moves().map(|m| m.mv.clone()).collect(),
            )
        }
    };
    let mut out = vec![pegs(&pos)];
    for m in &moves {
        pos.play(m).unwrap();
        out.push(pegs(&pos));
    }
    out
}

pub(crate) fn view(inputs: &[&Path], dir: &Path, name: &str) -> PathBuf {
    let out = dir.join(name);
    let mut args = vec!["view"];
    args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    args.extend(["-o", out.to_str().unwrap()]);
    let o = twixt(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

/// The page's address after the last step (the page updates it at most
/// ten times a second).
pub(crate) fn hash(b: &Browser) -> String {
    std::thread::sleep(std::time::Duration::from_millis(150));
    b.eval("return location.hash;", json!([]))
        .as_str()
        .unwrap()
        .to_string()
}

/// Sets the page's hash and waits until the page has shown it (the
/// `hashchange` event comes after the script that set it).
pub(crate) fn go(b: &Browser, h: &str) {
    b.eval_async(
        r##"const done = arguments[arguments.length - 1];
        if (location.hash === arguments[0]) { done(); return; }
        window.addEventListener("hashchange", () => setTimeout(done, 0), { once: true });
        location.hash = arguments[0];"##,
        json!([h]),
    );
}

/// A file of the repository.
pub(crate) fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// The text of the first element `selector` finds.
pub(crate) fn text_of(b: &Browser, selector: &str) -> String {
    b.eval(
        "return document.querySelector(arguments[0]).textContent;",
        json!([selector]),
    )
    .as_str()
    .unwrap()
    .to_string()
}

/// Where a hole (column and row from 0) is on the screen, with the board
/// scrolled into view.
pub(crate) fn hole_on_screen(b: &Browser, hole: (u32, u32)) -> (f64, f64) {
    let v = b.eval(
        r##"const svg = document.querySelector(".board svg");
           svg.scrollIntoView({block: "center"});
           const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
           const q = p.matrixTransform(svg.getScreenCTM());
           return [q.x, q.y];"##,
        json!([hole.0, hole.1]),
    );
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

pub(crate) fn no_console_errors(b: &Browser) {
    let bad: Vec<String> = b
        .console()
        .into_iter()
        .filter(|m| m.contains("SEVERE") || m.contains("WARNING"))
        .collect();
    assert!(bad.is_empty(), "console: {bad:?}");
}

#[test]
fn every_ply_shows_the_engines_position() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mut files = vec![repo_file("tests/book/variations.twixt")];
    if let Some(games) = shared_games() {
        for f in [
            "littlegolem/game1107581.tsgf",
            "littlegolem/game2060663.tsgf",
            "littlegolem/game2206555.tsgf",
            "t1/sample.T1",
            "t1/testwin.T1",
        ] {
            files.push(games.join(f));
        }
    }
    for (k, file) in files.iter().enumerate() {
        let page = view(&[file], dir.path(), &format!("v{k}.html"));
        let want = positions(file);
        b.open(&page, "#ply=0");
        let seen = shown_stepping(&b, SHOWN_PEGS, want.len() - 1);
        for (ply, expected) in want.iter().enumerate() {
            assert_eq!(&seen[ply], expected, "{} at ply {ply}", file.display());
        }
        // An address takes the page to its position too: the end, the
        // middle and the start.
        for ply in [want.len() - 1, want.len() / 2, 0] {
            go(&b, &format!("#ply={ply}"));
            assert_eq!(shown(&b), want[ply], "{} at #ply={ply}", file.display());
        }
        no_console_errors(&b);
    }
}

#[test]
fn dujardins_figures_and_game_step_true() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = repo_file("diagrams/dujardin.twixt");
    // Three games: two figures of the rulebook, then its sample game.
    let page = view(&[&script], dir.path(), "dujardin.html");
    b.open(&page, "#game=1&ply=0");
    let eight: BTreeSet<String> = ["e5", "c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]
        .iter()
        .map(|h| format!("{h}:red"))
        .collect();
    assert_eq!(shown(&b), eight, "the figure of the eight links");
    let games = b.eval(
        "return document.querySelectorAll('#game-list button.pick-game').length;",
        json!([]),
    );
    assert_eq!(games, 3);
    b.click("button.pick-game[data-game='2']");
    assert_eq!(hash(&b), "#game=3&ply=0");
    let want = positions_of(&script, 2);
    for (ply, expected) in want.iter().enumerate() {
        go(&b, &format!("#game=3&ply={ply}"));
        assert_eq!(&shown(&b), expected, "ply {ply}");
    }
    // At a diagram point its marks show: the X of partie-05.
    go(&b, "#game=3&ply=5");
    let crosses = b.eval(
        "return Array.from(document.querySelectorAll('.board .cross, .board [class*=cross]')).filter(e => e.checkVisibility()).length;",
        json!([]),
    );
    assert!(crosses.as_u64().unwrap() >= 1, "the X mark of move 5");
    no_console_errors(&b);
}

#[test]
fn keys_buttons_and_the_move_list_step_through_the_game() {
    let Some(b) = browser() else { return };
    let Some(games) = shared_games() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = games.join("littlegolem/game1107581.tsgf");
    let page = view(&[&file], dir.path(), "lg.html");
    let want = positions(&file);
    let last = want.len() - 1;
    b.open(&page, "");
    assert_eq!(hash(&b), "#ply=0");
    assert!(shown(&b).is_empty(), "the empty board first");
    b.key("\u{E014}"); // →
    assert_eq!(hash(&b), "#ply=1");
    assert_eq!(shown(&b), want[1]);
    b.key("\u{E00F}"); // Page Down
    assert_eq!(hash(&b), "#ply=11");
    b.key("\u{E012}"); // ←
    assert_eq!(hash(&b), "#ply=10");
    b.key("\u{E010}"); // End
    assert_eq!(hash(&b), format!("#ply={last}"));
    assert_eq!(shown(&b), want[last]);
    let result = text_of(&b, ".result");
    assert_eq!(result, "Black won by resignation at move 39");
    b.key("\u{E011}"); // Home
    assert_eq!(hash(&b), "#ply=0");
    assert!(shown(&b).is_empty());
    b.click("button.mv[data-l='0'][data-p='17']");
    assert_eq!(hash(&b), "#ply=17");
    assert_eq!(shown(&b), want[17]);
    let current = text_of(&b, "button.mv[aria-current=step]");
    assert_eq!(current, "17. s7");
    b.click("button[data-go='back']");
    assert_eq!(hash(&b), "#ply=16");
    // A deep link opens that position.
    b.open(&page, "#ply=25");
    assert_eq!(shown(&b), want[25]);
    let png = b.screenshot();
    assert!(png.starts_with(b"\x89PNG"));
    if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
        std::fs::write(Path::new(&d).join("viewer.png"), &png).unwrap();
    }
    no_console_errors(&b);
}

#[test]
fn entering_a_variation_shows_its_pegs_and_leaving_returns() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = repo_file("tests/book/variations.twixt");
    let page = view(&[&file], dir.path(), "v.html");
    b.open(&page, "#ply=2");
    // The variation (3. f9! 4. h4 …) replaces move 3: it is offered at ply 2.
    let offered = text_of(&b, ".branches button");
    assert_eq!(offered, "3. f9!");
    b.click(".branches button");
    assert_eq!(hash(&b), "#line=1&ply=3");
    b.key("\u{E014}");
    let want: BTreeSet<String> = ["e5:red", "g7:black", "f9:red", "h4:black"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(shown(&b), want);
    let comment = text_of(&b, ".current");
    assert_eq!(comment, "Move 4. h4");
    // Back past the variation's first move returns to the main line.
    b.key("\u{E012}");
    b.key("\u{E012}");
    assert_eq!(hash(&b), "#ply=2");
    // The nested variation, from the move list, and the leave button.
    b.click("ol.variation ol.variation button.mv[data-p='5']");
    let want: BTreeSet<String> = ["e5:red", "g7:black", "f9:red", "d8:black", "c3:red"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(shown(&b), want);
    b.click("button.leave");
    assert_eq!(hash(&b), "#line=1&ply=3");
    no_console_errors(&b);
}

#[test]
fn hostile_text_stays_text() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let evil = "<script>window.pwned=1</script></script><img src=x onerror=\"window.pwned=2\">\"onload=window.pwned=3 javascript:window.pwned=4";
    let quoted = evil.replace('\\', "\\\\").replace('"', "\\\"");
    let script = dir.path().join("evil.twixt");
    std::fs::write(
        &script,
        format!(
            "[Title \"{quoted}\"]\n[Event \"{quoted}\"]\n[Red \"{quoted}\"]\n[Black \"{quoted}\"]\n[Size \"12\"]\n{{{c}}}\n1. e5 {{{c}}}\n2. g7\n#diagram caption=\"{quoted}\"\n",
            c = evil.replace('}', ")")
        ),
    )
    .unwrap();
    let page = view(&[&script], dir.path(), "evil.html");
    b.open(&page, "#ply=1");
    assert_eq!(
        b.eval("return String(window.pwned);", json!([])),
        "undefined"
    );
    let title = text_of(&b, ".game-title");
    assert_eq!(title, evil);
    let comment = text_of(&b, ".comments");
    assert!(comment.contains("<script>window.pwned=1</script>"));
    go(&b, "#ply=2");
    let caption = text_of(&b, ".comments");
    assert!(caption.contains("onerror"));
    assert_eq!(
        b.eval("return String(window.pwned);", json!([])),
        "undefined"
    );
    // The console check sees what the page writes there.
    b.eval("console.error('probe from the test');", json!([]));
    assert!(
        b.console()
            .iter()
            .any(|m| m.contains("probe from the test"))
    );
}

/// Benchmark, not a test (`cargo test --release --test viewer -- --ignored --nocapture`):
/// the page of a 572-ply 24×24 game (`t1/full_board.T1`): its size, when it
/// is usable after opening, and the time from a key press to the next frame.
#[test]
#[ignore]
fn viewer_figures() {
    let Some(b) = browser() else { return };
    let Some(games) = shared_games() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = view(&[&games.join("t1/full_board.T1")], dir.path(), "full.html");
    let size = std::fs::metadata(&page).unwrap().len();
    let mut ready = Vec::new();
    for _ in 0..5 {
        b.open(&page, "");
        ready.push(
            b.eval("return window.twixtViewerReady;", json!([]))
                .as_f64()
                .unwrap(),
        );
    }
    ready.sort_by(f64::total_cmp);
    let frames = b.eval_async(
        r##"
        const done = arguments[arguments.length - 1];
        const times = [];
        let i = 0;
        function press() {
          const t0 = performance.now();
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
          requestAnimationFrame(() => requestAnimationFrame(() => {
            times.push(performance.now() - t0);
            if (++i < 572) press(); else done(times);
          }));
        }
        press();
        "##,
        json!([]),
    );
    let mut t: Vec<f64> = frames
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    t.sort_by(f64::total_cmp);
    let steps = b.eval_async(
        r##"
        const done = arguments[arguments.length - 1];
        const t0 = performance.now();
        const svg = document.querySelector(".board svg");
        for (let i = 0; i < 572; i++) {
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
          // Style and layout now, as the next frame would.
          svg.getBoundingClientRect();
          document.body.offsetHeight;
        }
        done((performance.now() - t0) / 572);
        "##,
        json!([]),
    );
    println!(
        "572-ply page: {} KB; usable {:.0} ms after opening (median of 5); two frames after a key: median {:.1} ms, 95th {:.1} ms; script, style and layout per step {:.2} ms",
        size / 1024,
        ready[2],
        t[t.len() / 2],
        t[t.len() * 95 / 100],
        steps.as_f64().unwrap()
    );
}

/// The TWRS pieces the user sees: rendered stones as `d7`, towers as
/// `3@f6` (`3@f6*` when petrified).
const SHOWN_TWRS: &str = r##"
  const sec = document.querySelector("section.game:not([hidden])");
  const seen = e => e.checkVisibility() && e.getBoundingClientRect().width > 0;
  const stones = Array.from(sec.querySelectorAll(".board g.pieces .stone")).filter(seen)
    .map(e => e.classList[1]);
  const towers = Array.from(sec.querySelectorAll(".board g.pieces .tower")).filter(seen)
    .map(e => e.classList[2].slice(1) + "@" + e.getAttribute("data-at")
      + (e.classList.contains("petrified") ? "*" : ""));
  return stones.concat(towers);
"##;

fn twrs_shown(b: &Browser) -> BTreeSet<String> {
    b.eval(SHOWN_TWRS, json!([]))
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn twrs_pieces(pos: &twrs_core::position::Position) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = pos.stones().iter().map(|p| p.to_string()).collect();
    for t in 1..=6u8 {
        if let Some(at) = pos.tower(t) {
            let mark = if pos.is_petrified(t) { "*" } else { "" };
            out.insert(format!("{t}@{at}{mark}"));
        }
    }
    out
}

/// The engine's positions after each move of a TWRS script's first game's
/// main line (`start` included).
fn twrs_positions(text: &str) -> Vec<BTreeSet<String>> {
    use twixtkit::twrs::script::parse;
    let (games, errors) = parse(text);
    assert!(errors.is_empty());
    let mut pos = games[0].start().unwrap();
    let mut out = vec![twrs_pieces(&pos)];
    for m in games[0].main_moves() {
        pos.play(&m.mv).unwrap();
        out.push(twrs_pieces(&pos));
    }
    out
}

#[test]
fn twrs_games_step_through_the_engines_positions_and_variations() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    // A whole random game (towers petrify as areas close), then a game
    // with a variation.
    let o = twixt(&["random", "--game", "twrs", "--seed", "9"]);
    assert!(o.status.success());
    let game = String::from_utf8(o.stdout).unwrap();
    let file = dir.path().join("random.twixt");
    std::fs::write(&file, &game).unwrap();
    let page = view(&[&file], dir.path(), "r.html");
    let want = twrs_positions(&game);
    assert!(want.len() > 20, "a long game");
    assert!(want.last().unwrap().iter().any(|p| p.ends_with('*')));
    b.open(&page, "#ply=0");
    // Step by the move list's buttons: Chromium throttles a page that
    // changes its address hundreds of times in a few seconds.
    let seen = shown_stepping(&b, SHOWN_TWRS, want.len() - 1);
    for (ply, expected) in want.iter().enumerate() {
        assert_eq!(&seen[ply], expected, "at ply {ply}");
    }
    let script = "[Game \"twrs\"]\n1. 3 i3-g3 x2 g10 j3\n2. 2 j10-j6\n(2. 2 j10-j8\n#diagram caption=\"Other\" translation=\"Ander\"\n)\n3. 1 b2-k2 x4 c2\n";
    let file = dir.path().join("var.twixt");
    std::fs::write(&file, script).unwrap();
    let page = view(&[&file], dir.path(), "v.html");
    b.open(&page, "#ply=1");
    b.click(".branches button");
    assert_eq!(hash(&b), "#line=1&ply=2");
    // The variation's diagram point: its drawing and caption, not the pieces.
    let figure = b.eval(
        "return Array.from(document.querySelectorAll('g.figure')).filter(e => e.checkVisibility()).length;",
        json!([]),
    );
    assert_eq!(figure, 1);
    let texts = b.eval(
        "return Array.from(document.querySelectorAll('.comments p')).map(p => p.textContent);",
        json!([]),
    );
    assert_eq!(texts, json!(["Other", "Ander"]));
    b.key("\u{E012}");
    b.key("\u{E014}");
    assert_eq!(hash(&b), "#ply=2");
    let main = twrs_positions(script);
    assert_eq!(twrs_shown(&b), main[2]);
    let ids = b.eval(
        "const ids = Array.from(document.querySelectorAll('[id]')).map(e => e.id); return ids.length - new Set(ids).size;",
        json!([]),
    );
    assert_eq!(ids, 0, "every id is unique in the page");
    no_console_errors(&b);
}

/// A club's archive, written as one script: `n` games of Little Golem's
/// length (30 to 59 moves, then a resignation) between eight players, in
/// events of eight games, with dates. Returns the file and, per game, its
/// players and the winner's index (0 Red, 1 Black).
pub(crate) fn club(dir: &Path, n: usize) -> (PathBuf, Vec<(String, String, usize)>) {
    let o = twixt(&["random", "--games", &n.to_string(), "--seed", "31"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    let names = ["Ann", "Bob", "Cid", "Dora", "Emil", "Fay", "Gus", "Hal"];
    let mut script = String::new();
    let mut games = Vec::new();
    for (i, game) in text.split("[Seed").skip(1).enumerate() {
        let body = game.split("\n\n").nth(1).unwrap();
        let moves: Vec<&str> = body
            .split_whitespace()
            .filter(|w| !w.ends_with('.'))
            .collect();
        let k = 30 + i % 30;
        let red = names[i % 8];
        let black = names[(i / 8 + i + 1) % 8];
        let black = if black == red {
            names[(i + 3) % 8]
        } else {
            black
        };
        let _ = std::fmt::Write::write_fmt(
            &mut script,
            format_args!(
                "[Event \"Club cup {}\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n[Date \"2024-{:02}-{:02}\"]\n",
                i / 8 + 1,
                i % 12 + 1,
                i % 28 + 1
            ),
        );
        for (ply, m) in moves.iter().take(k).enumerate() {
            script.push_str(&format!("{}. {m} ", ply + 1));
        }
        // The side to move after k moves resigns.
        script.push_str(&format!("{}. resign\n\n", k + 1));
        games.push((
            red.to_string(),
            black.to_string(),
            if k % 2 == 0 { 1 } else { 0 },
        ));
    }
    assert_eq!(games.len(), n);
    let file = dir.join("club.twixt");
    std::fs::write(&file, script).unwrap();
    (file, games)
}

/// Waits until the page's script has run the timers it set (a solve mode's
/// defence, the address).
pub(crate) fn settle(b: &Browser, ms: u64) {
    std::thread::sleep(std::time::Duration::from_millis(ms));
    b.eval("return 0;", json!([]));
}

/// The page's width and the width it is shown in (no sideways scrolling
/// when they are equal).
pub(crate) const VIEWPORT: &str =
    r##"return [document.documentElement.scrollWidth, document.documentElement.clientWidth];"##;

#[test]
fn on_a_phone_the_page_fits_and_the_board_steps_by_touch() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = club(dir.path(), 24);
    // A long unbroken name must wrap, not widen the page.
    let mut text = std::fs::read_to_string(&file).unwrap();
    text = text.replacen(
        "[Red \"Ann\"]",
        "[Red \"Annaxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"]",
        1,
    );
    std::fs::write(&file, text).unwrap();
    let page = view(&[&file], dir.path(), "club.html");
    for width in [360u32, 390] {
        b.viewport(width, 780, true);
        b.open(&page, "#game=2&ply=0");
        let w = b.eval(VIEWPORT, json!([]));
        assert_eq!(
            w,
            json!([width, width]),
            "no sideways scrolling at {width} px"
        );
        let inner = b.eval("return window.innerWidth;", json!([]));
        assert_eq!(inner, width, "the viewport is the phone's");
        // Fingers' targets: every control, the list's entries, the moves.
        let small = b.eval(
            r##"return Array.from(document.querySelectorAll(
                 ".controls button, .options button, .play button, button.pick-game, button.mv, #search, #result-filter"))
               .filter(e => e.checkVisibility())
               .map(e => e.getBoundingClientRect())
               .filter(r => r.height < 44 || r.width < 44).length;"##,
            json!([]),
        );
        assert_eq!(small, 0, "targets under 44 px at {width} px");
        // The list is compact cards: one row per game, no table header row.
        let cards = b.eval(
            r##"const r = document.querySelector("#games tbody tr");
               return [getComputedStyle(r).display, r.getBoundingClientRect().width <= window.innerWidth];"##,
            json!([]),
        );
        assert_eq!(cards, json!(["grid", true]));
        // Coordinates are readable: a label is at least 11 px tall.
        let label = b.eval(
            r##"const t = document.querySelector(".board [id$='coords'] text");
               return t.getBoundingClientRect().height;"##,
            json!([]),
        );
        assert!(
            label.as_f64().unwrap() >= 9.0,
            "coordinate labels {label} px"
        );
        // Tap the board's right half: one ply on; its left half: one back.
        let rect = b.eval(
            r##"const s = document.querySelector(".board svg");
               s.scrollIntoView({block: "center"});
               const r = s.getBoundingClientRect();
               return [r.left, r.top, r.width, r.height];"##,
            json!([]),
        );
        let r: Vec<f64> = serde_json::from_value(rect).unwrap();
        b.tap(r[0] + r[2] * 0.8, r[1] + r[3] * 0.5);
        assert_eq!(hash(&b), "#game=2&ply=1");
        b.tap(r[0] + r[2] * 0.8, r[1] + r[3] * 0.5);
        assert_eq!(hash(&b), "#game=2&ply=2");
        b.tap(r[0] + r[2] * 0.2, r[1] + r[3] * 0.5);
        assert_eq!(hash(&b), "#game=2&ply=1");
        // Swipe left (the next page of a book): one ply on; right: one back.
        let (left, right, mid) = (r[0] + r[2] * 0.2, r[0] + r[2] * 0.8, r[1] + r[3] * 0.5);
        b.swipe((right, mid), (left, mid));
        assert_eq!(hash(&b), "#game=2&ply=2", "a left swipe steps on");
        b.swipe((right, mid), (left, mid));
        assert_eq!(hash(&b), "#game=2&ply=3");
        b.swipe((left, mid), (right, mid));
        assert_eq!(hash(&b), "#game=2&ply=2", "a right swipe steps back");
        // A drag up or down scrolls the page; it does not step.
        b.swipe((right, r[1] + r[3] * 0.7), (right, r[1] + r[3] * 0.3));
        assert_eq!(hash(&b), "#game=2&ply=2", "a vertical drag does not step");
        if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
            b.click("button[data-do='numbers']");
            b.eval(
                "document.querySelector('.board').scrollIntoView();",
                json!([]),
            );
            std::fs::write(
                Path::new(&d).join(format!("viewer-{width}-board.png")),
                b.screenshot(),
            )
            .unwrap();
            b.click("button[data-do='numbers']");
            b.eval("window.scrollTo(0, 0);", json!([]));
            std::fs::write(
                Path::new(&d).join(format!("viewer-{width}.png")),
                b.screenshot(),
            )
            .unwrap();
        }
        no_console_errors(&b);
    }
    b.viewport(1280, 900, false);
    b.open(&page, "#game=2&ply=20");
    let w = b.eval(VIEWPORT, json!([]));
    assert_eq!(w[0], w[1], "no sideways scrolling at 1280 px");
    if let Ok(d) = std::env::var("TWIXT_SCREENSHOTS") {
        std::fs::write(Path::new(&d).join("viewer-1280.png"), b.screenshot()).unwrap();
    }
}

/// The rows of the game list the user sees, as their first cells (numbers).
fn listed(b: &Browser) -> Vec<u64> {
    b.eval(
        r##"return Array.from(document.querySelectorAll("#games tbody tr"))
             .filter(r => r.checkVisibility()).map(r => Number(r.cells[0].textContent));"##,
        json!([]),
    )
    .as_array()
    .unwrap()
    .iter()
    .map(|v| v.as_u64().unwrap())
    .collect()
}

#[test]
fn the_game_list_searches_sorts_filters_and_the_crosstable_adds_up() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (file, games) = club(dir.path(), 40);
    let page = view(&[&file], dir.path(), "club.html");
    b.viewport(360, 780, true);
    b.open(&page, "");
    assert_eq!(listed(&b).len(), 40);
    // Search by player: exactly the games "Dora" played.
    b.type_into("#search", "dora");
    let want: Vec<u64> = (1..=40u64)
        .filter(|i| {
            let (r, k, _) = &games[*i as usize - 1];
            r == "Dora" || k == "Dora"
        })
        .collect();
    assert!(!want.is_empty() && want.len() < 40);
    assert_eq!(listed(&b), want);
    // By date, and by event and player together.
    b.eval("const s = document.querySelector('#search'); s.value = '2024-03-'; s.dispatchEvent(new Event('input'));", json!([]));
    assert_eq!(listed(&b), vec![3, 15, 27, 39]);
    b.eval("const s = document.querySelector('#search'); s.value = '\"CUP 2\" dora'; s.dispatchEvent(new Event('input'));", json!([]));
    let in_cup_2: Vec<u64> = want
        .iter()
        .copied()
        .filter(|i| (9..=16).contains(i))
        .collect();
    assert!(!in_cup_2.is_empty());
    assert_eq!(listed(&b), in_cup_2);
    b.eval("const s = document.querySelector('#search'); s.value = ''; s.dispatchEvent(new Event('input'));", json!([]));
    // Filter by result: Black's wins.
    b.eval("const s = document.querySelector('#result-filter'); s.value = '0-1'; s.dispatchEvent(new Event('change'));", json!([]));
    let black: Vec<u64> = (1..=40u64)
        .filter(|i| games[*i as usize - 1].2 == 1)
        .collect();
    assert_eq!(listed(&b), black);
    b.eval("const s = document.querySelector('#result-filter'); s.value = ''; s.dispatchEvent(new Event('change'));", json!([]));
    // Sort by moves, then the other way.
    b.click("button.sort[data-sort='moves']");
    let moves = b.eval(
        r##"return Array.from(document.querySelectorAll("#games tbody tr")).map(r => Number(r.cells[8].textContent));"##,
        json!([]),
    );
    let m: Vec<u64> = serde_json::from_value(moves).unwrap();
    assert!(m.windows(2).all(|w| w[0] <= w[1]), "{m:?}");
    b.click("button.sort[data-sort='moves']");
    let first = listed(&b)[0];
    assert_eq!(games.len(), 40);
    assert_eq!(
        30 + (first - 1) % 30 + 1,
        60,
        "the longest game first (59 moves and the resignation)"
    );
    // Crosstables: one per event, points as the results say.
    let tables = b.eval(
        r##"return Array.from(document.querySelectorAll(".crosstable")).map(t => [
             t.querySelector("h2").textContent,
             Array.from(t.querySelectorAll("tbody tr")).map(r => [r.cells[1].textContent, r.cells[r.cells.length - 1].textContent])]);"##,
        json!([]),
    );
    let tables = tables.as_array().unwrap();
    assert_eq!(tables.len(), 5);
    for (e, t) in tables.iter().enumerate() {
        assert_eq!(t[0], format!("Standings: Club cup {}", e + 1));
        let mut halves: std::collections::BTreeMap<&str, u32> = Default::default();
        for (red, black, winner) in &games[e * 8..e * 8 + 8] {
            *halves
                .entry(if *winner == 0 { red } else { black })
                .or_default() += 2;
            halves
                .entry(if *winner == 0 { black } else { red })
                .or_default();
        }
        for row in t[1].as_array().unwrap() {
            let name = row[0].as_str().unwrap();
            let h = halves[name];
            assert_eq!(row[1], (h / 2).to_string(), "{name} in {}", t[0]);
        }
        assert_eq!(t[1].as_array().unwrap().len(), halves.len());
    }
    no_console_errors(&b);
}

#[test]
fn a_puzzle_is_solved_by_clicking_holes() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = repo_file("examples/corner-puzzle.twixt");
    let page = view(&[&file], dir.path(), "puzzle.html");
    b.viewport(360, 780, true);
    b.open(&page, "");
    let hidden = b.eval(
        "return [document.querySelector('.move-list').checkVisibility(), document.querySelector('.puzzle').checkVisibility(), document.querySelector('.task').textContent];",
        json!([]),
    );
    assert_eq!(
        hidden,
        json!([false, true, "Red to play and win"]),
        "the solution is hidden"
    );
    let start = hash(&b);
    // Where a hole is on the screen.
    let at = |hole| hole_on_screen(&b, hole);
    // A hole on Black's border (a5) is refused, saying why, and nothing moves.
    let (x, y) = at((0, 4));
    b.tap(x, y);
    let verdict = || text_of(&b, ".verdict");
    assert_eq!(
        verdict(),
        "Red may not play a5: it is on Black’s border. Try again."
    );
    assert_eq!(hash(&b), start);
    // The script's move (j10) is right, and the defence (g4) follows;
    // moves are numbered as the script writes them, from 1 after the setup.
    let (x, y) = at((9, 9));
    b.tap(x, y);
    assert!(verdict().starts_with("Right: 1. j10"), "{}", verdict());
    settle(&b, 900);
    assert!(verdict().contains("The defence: 2. g4"), "{}", verdict());
    assert!(shown(&b).contains("g4:black"));
    // h3, then either i4 or f7 (the variation's answer) wins.
    let (x, y) = at((7, 2));
    b.tap(x, y);
    settle(&b, 900);
    assert!(verdict().contains("The defence: 4. i4"), "{}", verdict());
    let (x, y) = at((5, 6));
    b.tap(x, y);
    settle(&b, 900);
    assert!(
        verdict().contains("5. f7") && verdict().contains("Solved"),
        "{}",
        verdict()
    );
    // Revealing shows the moves.
    b.click("button[data-do='reveal']");
    let list = b.eval(
        "return document.querySelector('.move-list').checkVisibility();",
        json!([]),
    );
    assert_eq!(list, true);
    no_console_errors(&b);
}

#[test]
fn lenient_pages_list_the_broken_files_and_show_the_others() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("club");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(
        folder.join("a.twixt"),
        "[Red \"Ann\"]\n[Black \"Bob\"]\n1. c3 2. f6\n",
    )
    .unwrap();
    std::fs::write(folder.join("b.twixt"), "[Size \"12\"]\n1. e5 2. e5\n").unwrap();
    std::fs::write(
        folder.join("c.twixt"),
        "[Red \"Cid\"]\n[Black \"Dora\"]\n1. d4 2. g7 3. h8\n",
    )
    .unwrap();
    std::fs::write(folder.join("d.twixt"), "[Size \"12\"\n1. e5\n").unwrap();
    let out = dir.path().join("club.html");
    let o = twixt(&[
        "view",
        "--lenient",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    b.viewport(360, 780, true);
    b.open(&out, "");
    let errors = b.eval(
        "return Array.from(document.querySelectorAll('#errors li')).map(e => e.textContent);",
        json!([]),
    );
    let errors: Vec<String> = serde_json::from_value(errors).unwrap();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors[0].contains("b.twixt:2:7") && errors[0].contains("illegal move"),
        "{errors:?}"
    );
    assert!(errors[1].contains("d.twixt"), "{errors:?}");
    assert_eq!(listed(&b), vec![1, 2]);
    b.click("button.pick-game[data-game='1']");
    assert_eq!(hash(&b), "#game=2&ply=0");
    let title = text_of(&b, ".game-title");
    assert_eq!(title, "Cid – Dora");
    assert_eq!(b.eval(VIEWPORT, json!([])), json!([360, 360]));
    no_console_errors(&b);
}

#[test]
fn deep_links_say_what_they_cannot_show_and_downloads_are_named() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = club(dir.path(), 3);
    let page = view(&[&file], dir.path(), "club.html");
    b.open(&page, "#game=99&ply=500");
    let notice = b.eval("const n = document.querySelector('.notice'); return n.checkVisibility() ? n.textContent : '';", json!([]));
    let notice = notice.as_str().unwrap();
    assert!(notice.contains("no game “99” (it has 3)"), "{notice}");
    assert!(notice.contains("no ply “500”"), "{notice}");
    go(&b, "#game=2&ply=7");
    let notice = b.eval(
        "return document.querySelector('.notice').checkVisibility();",
        json!([]),
    );
    assert_eq!(notice, false);
    // The download is named by the game and the ply.
    let name = b.eval(
        r##"let name = null;
           const click = HTMLAnchorElement.prototype.click;
           HTMLAnchorElement.prototype.click = function () { name = this.download; };
           document.querySelector("button[data-do='download']").click();
           HTMLAnchorElement.prototype.click = click;
           return name;"##,
        json!([]),
    );
    let title = text_of(&b, ".game-title");
    let slug = title.to_lowercase().replace(" – ", "-");
    assert_eq!(name, format!("{slug}-ply-7.svg"));
    // Move numbers on the pegs: the last peg placed carries its ply.
    b.click("button[data-do='numbers']");
    let numbers = b.eval(
        r##"return Array.from(document.querySelectorAll(".board text.num"))
             .filter(t => t.checkVisibility() && t.textContent).map(t => Number(t.textContent));"##,
        json!([]),
    );
    let mut numbers: Vec<u64> = serde_json::from_value(numbers).unwrap();
    numbers.sort();
    assert_eq!(numbers, (1..=7).collect::<Vec<u64>>());
    // Autoplay steps on by itself, fast, until paused.
    b.eval("document.querySelector('.speed').value = '400';", json!([]));
    let started = std::time::Instant::now();
    b.click("button[data-do='play']");
    settle(&b, 1000);
    b.click("button[data-do='play']");
    // A step each 400 ms while it played: at most one more than the time
    // allows (on a busy machine the clicks themselves take a while).
    let steps = started.elapsed().as_millis() as u32 / 400 + 1;
    let h = hash(&b);
    let ply: u32 = h.rsplit('=').next().unwrap().parse().unwrap();
    assert!(
        (8..=7 + steps).contains(&ply),
        "{h} after {steps} steps' time"
    );
    settle(&b, 600);
    assert_eq!(hash(&b), h, "paused");
    // Embedded: the board and its controls only.
    go(&b, "#embed&game=2&ply=3");
    let seen = b.eval(
        "return ['#game-list', '.move-list', '.board svg', '.controls', '#page-title'].map(s => document.querySelector(s).checkVisibility());",
        json!([]),
    );
    assert_eq!(seen, json!([false, false, true, true, false]));
    no_console_errors(&b);
}

#[test]
fn hostile_text_in_lists_errors_and_links_stays_text() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("evil");
    std::fs::create_dir(&folder).unwrap();
    let evil =
        "</script><svg onload=\"window.pwned=1\"><a href=\"javascript:window.pwned=2\">x</a>";
    let q = evil.replace('"', "\\\"");
    for (name, red, black) in [("a", "1", "0"), ("b", "0", "1")] {
        std::fs::write(
            folder.join(format!("{name}.twixt")),
            format!("[Event \"{q}\"]\n[Red \"{q}{red}\"]\n[Black \"{q}{black}\"]\n[Date \"{q}\"]\n[Site \"javascript:window.pwned=3\"]\n1. c3 2. f6 3. resign\n"),
        )
        .unwrap();
    }
    // A broken file whose snippet and name carry the same text.
    std::fs::write(folder.join("c.twixt"), format!("{{{evil}}} 1. c3 2. c3\n")).unwrap();
    // A Little Golem record: its link is made from the file's digits only.
    std::fs::write(
        folder.join("game77.tsgf"),
        format!(
            "(;FF[4]EV[{e}]PB[{e}]PW[x]SZ[24]SO[javascript:window.pwned=4];b[ch];r[jj];b[resign])",
            e = evil.replace(']', ")")
        ),
    )
    .unwrap();
    let out = dir.path().join("evil.html");
    let o = twixt(&[
        "view",
        "--lenient",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    b.open(&out, "#game=3");
    settle(&b, 200);
    assert_eq!(
        b.eval("return String(window.pwned);", json!([])),
        "undefined"
    );
    let bad = b.eval(
        r##"const all = Array.from(document.querySelectorAll("*"));
           return [
             all.filter(e => Array.from(e.attributes).some(a => a.name.startsWith("on"))).length,
             // The crosstable's cells link to their games on the page.
             Array.from(document.querySelectorAll("a[href]")).map(a => a.getAttribute("href")).filter(h => !/^#game=\d+$/.test(h)),
             document.querySelectorAll("body svg[onload], #games svg, #errors svg, .crosstable svg, .facts svg").length];"##,
        json!([]),
    );
    assert_eq!(
        bad,
        json!([
            0,
            ["https://www.littlegolem.net/jsp/game/game.jsp?gid=77"],
            0
        ])
    );
    let texts = b.eval(
        r##"return [
             document.querySelector("#errors").textContent,
             document.querySelector("#games tbody").textContent,
             document.querySelector(".crosstable").textContent,
             document.querySelector(".facts").textContent,
             document.querySelector(".players").textContent];"##,
        json!([]),
    );
    for t in texts.as_array().unwrap() {
        assert!(t.as_str().unwrap().contains("<svg onload="), "{t}");
    }
    assert_eq!(
        b.eval("return String(window.pwned);", json!([])),
        "undefined"
    );
}

/// Benchmark, not a test (`cargo test --release --test viewer -- --ignored --nocapture club_figures`):
/// a page of 1,000 games of Little Golem's length: its size, when it is
/// usable after opening, a search, and a step.
#[test]
#[ignore]
fn club_figures() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (file, _) = club(dir.path(), 1000);
    let t0 = std::time::Instant::now();
    let page = view(&[&file], dir.path(), "club.html");
    let written = t0.elapsed();
    let size = std::fs::metadata(&page).unwrap().len();
    let mut ready = Vec::new();
    let mut laid_out = Vec::new();
    for _ in 0..5 {
        b.open(&page, "");
        // The script done, then the page laid out.
        let t = b.eval(
            "return [window.twixtViewerReady, (document.body.offsetHeight, performance.now())];",
            json!([]),
        );
        ready.push(t[0].as_f64().unwrap());
        laid_out.push(t[1].as_f64().unwrap());
    }
    ready.sort_by(f64::total_cmp);
    laid_out.sort_by(f64::total_cmp);
    let parts = b.eval(
        r##"const n = performance.getEntriesByType("navigation")[0];
           const t = performance.now();
           JSON.parse(document.getElementById("twixt-data").textContent);
           return [n.responseEnd, window.twixtViewerStart, window.twixtViewerReady - window.twixtViewerStart, performance.now() - t];"##,
        json!([]),
    );
    let part = |i: usize| parts[i].as_f64().unwrap();
    println!(
        "file read {:.0} ms, script started {:.0} ms, script ran {:.0} ms (JSON.parse {:.0} ms)",
        part(0),
        part(1),
        part(2),
        part(3)
    );
    let search = b.eval(
        r##"const s = document.querySelector("#search");
           const times = [];
           for (const q of ["ann", "dora 2024-03", "cup 7", "zzz", "", "hal", "emil cup 1", "2024-1"]) {
             const t0 = performance.now();
             s.value = q;
             s.dispatchEvent(new Event("input"));
             document.body.offsetHeight;
             times.push(performance.now() - t0);
           }
           times.sort((a, b) => a - b);
           return times[times.length - 1];"##,
        json!([]),
    );
    let steps = b.eval(
        r##"const svg = document.querySelector(".board svg");
           const t0 = performance.now();
           for (let i = 0; i < 50; i++) {
             document.dispatchEvent(new KeyboardEvent("keydown", { key: i < 25 ? "ArrowRight" : "ArrowLeft", bubbles: true }));
             svg.getBoundingClientRect();
             document.body.offsetHeight;
           }
           return (performance.now() - t0) / 50;"##,
        json!([]),
    );
    let open = b.eval(
        r##"const t0 = performance.now();
           document.querySelector("button.pick-game[data-game='500']").click();
           document.body.offsetHeight;
           return performance.now() - t0;"##,
        json!([]),
    );
    println!(
        "1,000-game page: {:.1} MB, written in {:.1} s; script done {:.0} ms and page laid out {:.0} ms after opening (medians of 5); slowest search {:.1} ms; a step {:.2} ms; opening a game from the list {:.1} ms",
        size as f64 / 1e6,
        written.as_secs_f64(),
        ready[2],
        laid_out[2],
        search.as_f64().unwrap(),
        steps.as_f64().unwrap(),
        open.as_f64().unwrap()
    );
}

/// The page counts by the browser's CLDR plural rules (`Intl.PluralRules`)
/// and the books by the catalogues' `plural-one` lists: for every
/// catalogue's language they agree on which counts take the singular.
#[test]
fn the_pages_plural_rules_agree_with_the_catalogues_singulars() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let page = view(
        &[&repo_file("examples/corner-puzzle.twixt")],
        dir.path(),
        "plural.html",
    );
    b.open(&page, "");
    for lang in twixtkit::messages::languages() {
        let m = twixtkit::messages::Messages::for_language(lang);
        let one = b.eval(
            "const r = new Intl.PluralRules(arguments[0]); return Array.from({length: 1001}, (_, n) => r.select(n) === 'one');",
            json!([lang]),
        );
        for n in 0..=1000u64 {
            assert_eq!(
                one[n as usize] == true,
                m.is_singular(n),
                "{lang}: {n} in the browser and in plural-one"
            );
        }
    }
    no_console_errors(&b);
}
