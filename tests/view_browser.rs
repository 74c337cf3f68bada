//! `twixt view` in a real browser (headless Chromium driven by WebDriver):
//! what a user sees at each ply is the engine's position, the keys and the
//! move list step as promised, variations show their pegs, hostile text
//! stays text, and the console stays clean.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::webdriver::{Browser, browser};
use common::{shared_games, twixt};
use serde_json::{Value, json};
use twixtkit::open::{Content, open};
use twixtkit::prelude::{Move, Position};

/// The pegs the user sees: `.peg` elements that are rendered, as `e5:red`.
const SHOWN_PEGS: &str = r#"
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
"#;

fn shown(b: &Browser) -> BTreeSet<String> {
    b.eval(SHOWN_PEGS, json!([]))
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
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
        Content::Records(r) => (
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

fn view(inputs: &[&Path], dir: &Path, name: &str) -> PathBuf {
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
fn hash(b: &Browser) -> String {
    std::thread::sleep(std::time::Duration::from_millis(150));
    b.eval("return location.hash;", json!([]))
        .as_str()
        .unwrap()
        .to_string()
}

/// Sets the page's hash and waits until the page has shown it (the
/// `hashchange` event comes after the script that set it).
fn go(b: &Browser, h: &str) {
    b.eval_async(
        r#"const done = arguments[arguments.length - 1];
        if (location.hash === arguments[0]) { done(); return; }
        window.addEventListener("hashchange", () => setTimeout(done, 0), { once: true });
        location.hash = arguments[0];"#,
        json!([h]),
    );
}

fn no_console_errors(b: &Browser) {
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
    let mut files = vec![PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/book/variations.twixt"
    ))];
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
        for (ply, expected) in want.iter().enumerate() {
            go(&b, &format!("#ply={ply}"));
            assert_eq!(&shown(&b), expected, "{} at ply {ply}", file.display());
        }
        no_console_errors(&b);
    }
}

#[test]
fn dujardins_figures_and_game_step_true() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let script = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/diagrams/dujardin.twixt"
    ));
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
    let result = b.eval(
        "return document.querySelector('.result').textContent;",
        json!([]),
    );
    assert_eq!(result, "Black won by resignation at move 39");
    b.key("\u{E011}"); // Home
    assert_eq!(hash(&b), "#ply=0");
    assert!(shown(&b).is_empty());
    b.click("button.mv[data-l='0'][data-p='17']");
    assert_eq!(hash(&b), "#ply=17");
    assert_eq!(shown(&b), want[17]);
    let current = b.eval(
        "return document.querySelector('button.mv[aria-current=step]').textContent;",
        json!([]),
    );
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
    let file = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/book/variations.twixt"
    ));
    let page = view(&[&file], dir.path(), "v.html");
    b.open(&page, "#ply=2");
    // The variation (3. f9! 4. h4 …) replaces move 3: it is offered at ply 2.
    let offered = b.eval(
        "return document.querySelector('.branches button').textContent;",
        json!([]),
    );
    assert_eq!(offered, "3. f9!");
    b.click(".branches button");
    assert_eq!(hash(&b), "#line=1&ply=3");
    b.key("\u{E014}");
    let want: BTreeSet<String> = ["e5:red", "g7:black", "f9:red", "h4:black"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(shown(&b), want);
    let comment = b.eval(
        "return document.querySelector('.current').textContent;",
        json!([]),
    );
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
    let title = b.eval(
        "return document.querySelector('.game-title').textContent;",
        json!([]),
    );
    assert_eq!(title, Value::String(evil.to_string()));
    let comment = b.eval(
        "return document.querySelector('.comments').textContent;",
        json!([]),
    );
    assert!(
        comment
            .as_str()
            .unwrap()
            .contains("<script>window.pwned=1</script>")
    );
    go(&b, "#ply=2");
    let caption = b.eval(
        "return document.querySelector('.comments').textContent;",
        json!([]),
    );
    assert!(caption.as_str().unwrap().contains("onerror"));
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

/// Benchmark, not a test (`cargo test --release --test view_browser -- --ignored --nocapture`):
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
        r#"
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
        "#,
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
        r#"
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
        "#,
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
const SHOWN_TWRS: &str = r#"
  const sec = document.querySelector("section.game:not([hidden])");
  const seen = e => e.checkVisibility() && e.getBoundingClientRect().width > 0;
  const stones = Array.from(sec.querySelectorAll(".board g.pieces .stone")).filter(seen)
    .map(e => e.classList[1]);
  const towers = Array.from(sec.querySelectorAll(".board g.pieces .tower")).filter(seen)
    .map(e => e.classList[2].slice(1) + "@" + e.getAttribute("data-at")
      + (e.classList.contains("petrified") ? "*" : ""));
  return stones.concat(towers);
"#;

fn twrs_shown(b: &Browser) -> BTreeSet<String> {
    b.eval(SHOWN_TWRS, json!([]))
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn twrs_pieces(pos: &twixtkit::twrs::position::Position) -> BTreeSet<String> {
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
    use twixtkit::twrs::script::{Element, parse};
    let (games, errors) = parse(text);
    assert!(errors.is_empty());
    let mut pos = games[0].start().unwrap();
    let mut out = vec![twrs_pieces(&pos)];
    for e in &games[0].elements {
        if let Element::Move { mv, .. } = e {
            pos.play(mv).unwrap();
            out.push(twrs_pieces(&pos));
        }
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
    for (ply, expected) in want.iter().enumerate() {
        b.eval(
            "const p = arguments[0]; (p ? document.querySelector(`button.mv[data-l='0'][data-p='${p}']`) : document.querySelector(\"button[data-go='first']\")).click();",
            json!([ply]),
        );
        assert_eq!(&twrs_shown(&b), expected, "at ply {ply}");
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
