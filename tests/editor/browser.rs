//! The editor's page in a real browser (headless Chromium over WebDriver):
//! clicks on holes play moves, an earlier move makes a variation, a comment
//! typed and an arrow dragged are kept, Save writes the file; on a phone's
//! 390 px a tap plays and nothing overflows; the console stays clean.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::webdriver::{Browser, browser};
use crate::server::start;

fn wait_for(b: &Browser, what: &str, script: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if b.eval(script, json!([])).as_bool() == Some(true) {
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The move list as the user reads it.
fn tree_text(b: &Browser) -> String {
    b.eval(
        "return document.getElementById('tree').textContent.replace(/\\u00a0/g, ' ')",
        json!([]),
    )
    .as_str()
    .unwrap()
    .to_string()
}

fn wait_tree(b: &Browser, text: &str) {
    let script = format!(
        "return document.getElementById('tree').textContent.replace(/\\u00a0/g, ' ').includes({})",
        json!(text)
    );
    wait_for(b, text, &script);
}

/// Where hole `col, row` (from 0) is on the screen, in CSS pixels.
fn hole_xy(b: &Browser, col: u16, row: u16) -> (f64, f64) {
    let v = b.eval(
        "const svg = document.querySelector('#board svg');
         const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
         const q = p.matrixTransform(svg.getScreenCTM());
         return [q.x, q.y];",
        json!([col, row]),
    );
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

fn click_hole(b: &Browser, name: &str) {
    let h: twixtkit::prelude::Hole = name.parse().unwrap();
    let (x, y) = hole_xy(b, h.col, h.row);
    b.click_at(x, y);
}

fn open_editor(b: &Browser, url: &str) {
    b.eval("location.href = arguments[0]; return true", json!([url]));
    wait_for(
        b,
        "the board",
        "return !!document.querySelector('#board svg') && !!window.fetch",
    );
}

fn no_console_errors(b: &Browser) {
    let errors: Vec<String> = b
        .console()
        .into_iter()
        .filter(|m| m.contains("SEVERE"))
        .collect();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}

#[test]
fn play_a_variation_comment_arrow_and_save_in_a_browser() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6 2. m12\n").unwrap();
    let url = start(&file);
    open_editor(&b, &url);
    // To the end (End key), then a click plays Red's third move.
    b.key("\u{E010}");
    wait_for(
        &b,
        "move 2 current",
        "return document.querySelector('#tree .current').dataset.path === '1'",
    );
    click_hole(&b, "g8");
    wait_tree(&b, "3. g8");
    // Back one move (←) and another move: a variation.
    b.key("\u{E012}");
    wait_for(
        &b,
        "move 2 current",
        "return document.querySelector('#tree .current').dataset.path === '1'",
    );
    click_hole(&b, "h9");
    wait_tree(&b, "(3. h9)");
    // A comment on the new move, typed.
    b.click("#comment");
    b.type_into("#comment", "a sharper try");
    wait_tree(&b, "a sharper try");
    // An arrow, dragged from h9 to j10.
    b.click("[data-tool=arrow]");
    let from = hole_xy(&b, 7, 8);
    let to = hole_xy(&b, 9, 9);
    b.swipe(from, to);
    wait_for(
        &b,
        "the arrow",
        "return document.getElementById('directives').textContent.includes('#arrow h9 j10')",
    );
    // An illegal move is refused with the engine's reason.
    b.click("[data-tool=play]");
    click_hole(&b, "f6");
    wait_for(
        &b,
        "the refusal",
        "return document.getElementById('status').textContent.startsWith('Refused')",
    );
    b.click("#save");
    wait_for(
        &b,
        "saved",
        "return document.getElementById('dirty').hidden",
    );
    let expected = twixtkit::commands::canonical::canonical_text(
        "x",
        "[Rules \"pencil\"]\n1. f6 2. m12 3. g8 (3. h9 {a sharper try}\n#arrow h9 j10\n)\n",
    )
    .unwrap()
    .0;
    assert_eq!(std::fs::read_to_string(&file).unwrap(), expected);
    assert!(tree_text(&b).contains("2. m12"));
    no_console_errors(&b);
}

#[test]
fn a_phone_taps_to_play_and_nothing_overflows_390_px() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("phone.twixt");
    std::fs::write(&file, "[Size \"12\"]\n[Rules \"pencil\"]\n").unwrap();
    let url = start(&file);
    b.viewport(390, 844, true);
    open_editor(&b, &url);
    let (x, y) = hole_xy(&b, 4, 4);
    b.tap(x, y);
    wait_tree(&b, "1. e5");
    let wide = b.eval(
        "return document.documentElement.scrollWidth <= 390",
        json!([]),
    );
    assert_eq!(wide.as_bool(), Some(true), "the page is wider than 390 px");
    // Buttons are fingers' targets.
    let small = b.eval(
        "return Array.from(document.querySelectorAll('button')).filter(e => e.checkVisibility() && e.getBoundingClientRect().height < 44).length",
        json!([]),
    );
    assert_eq!(small.as_u64(), Some(0));
    no_console_errors(&b);
}

#[test]
fn the_page_without_its_token_is_refused_in_the_browser() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.twixt");
    std::fs::write(&file, "1. f6\n").unwrap();
    let url = start(&file);
    let (base, _) = crate::server::parts(&url);
    b.eval(
        "location.href = arguments[0]; return true",
        json!([format!("{base}/")]),
    );
    wait_for(
        &b,
        "the refusal",
        "return document.body && document.body.textContent.includes('token')",
    );
}

fn current_is(b: &Browser, path: &str) {
    wait_for(
        b,
        &format!("move {path} current"),
        &format!(
            "return document.querySelector('#tree .current').dataset.path === {}",
            json!(path)
        ),
    );
}

/// Saves the page's screenshot to `$EDITOR_SCREENSHOTS/name.png` when that
/// folder is given, to look at.
fn keep_screenshot(b: &Browser, name: &str) {
    if let Some(dir) = std::env::var_os("EDITOR_SCREENSHOTS") {
        std::fs::write(
            std::path::Path::new(&dir).join(format!("{name}.png")),
            b.screenshot(),
        )
        .unwrap();
    }
}

#[test]
fn under_links_by_hand_clicks_on_two_pegs_add_a_link_and_take_it_away() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.twixt");
    std::fs::write(&file, "[Rules \"board\"]\n1. f6 2. m12 3. g8\n").unwrap();
    let url = start(&file);
    b.viewport(1280, 800, false);
    open_editor(&b, &url);
    b.key("\u{E010}");
    current_is(&b, "2");
    wait_for(
        &b,
        "the link tool",
        "return !document.querySelector('[data-tool=link]').hidden",
    );
    b.click("[data-tool=link]");
    click_hole(&b, "f6");
    wait_for(
        &b,
        "the first end",
        "return document.getElementById('status').textContent.includes('f6')",
    );
    click_hole(&b, "g8");
    wait_tree(&b, "3. g8+f6");
    keep_screenshot(&b, "link-1280");
    // The same two pegs again take the link away.
    click_hole(&b, "g8");
    click_hole(&b, "f6");
    wait_for(
        &b,
        "the link taken away",
        "return !document.getElementById('tree').textContent.includes('+')",
    );
    // Dragged this time, and saved.
    b.swipe(hole_xy(&b, 5, 5), hole_xy(&b, 6, 7));
    wait_tree(&b, "3. g8+f6");
    b.click("#save");
    wait_for(
        &b,
        "saved",
        "return document.getElementById('dirty').hidden",
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Rules \"board\"]\n\n1. f6 2. m12 3. g8+f6\n"
    );
    no_console_errors(&b);
}

#[test]
fn the_figures_window_is_dragged_on_the_board_previewed_and_saved() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("fig.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6 2. m12\n").unwrap();
    let url = start(&file);
    b.viewport(1280, 800, false);
    open_editor(&b, &url);
    b.key("\u{E010}");
    current_is(&b, "1");
    b.click("[data-tool=crop]");
    b.swipe(hole_xy(&b, 0, 0), hole_xy(&b, 12, 13));
    wait_for(
        &b,
        "the window drawn and previewed",
        "return !!document.getElementById('crop-frame') && !!document.querySelector('#preview svg')",
    );
    keep_screenshot(&b, "crop-1280");
    // Two clicks on opposite corners set it too.
    click_hole(&b, "l12");
    click_hole(&b, "a1");
    wait_for(
        &b,
        "the smaller window",
        "return document.getElementById('crop-frame').getAttribute('width') === '12'",
    );
    b.click("#save");
    wait_for(
        &b,
        "saved",
        "return document.getElementById('dirty').hidden",
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Rules \"pencil\"]\n\n1. f6 2. m12\n#diagram crop=a1-l12\n"
    );
    no_console_errors(&b);
}

#[test]
fn a_file_with_errors_opens_with_its_errors_and_its_fixed_text_is_edited() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.twixt");
    std::fs::write(&file, "[Rules \"pencil\"]\n1. f6 2. m12\n3. (\n").unwrap();
    let url = start(&file);
    b.viewport(1280, 800, false);
    open_editor(&b, &url);
    wait_for(
        &b,
        "the errors",
        "return !document.getElementById('source-box').hidden && document.getElementById('source-errors').textContent.includes('line 3')",
    );
    wait_tree(&b, "2. m12");
    keep_screenshot(&b, "lenient-1280");
    // A click on the board is refused until the text is fixed.
    b.key("\u{E010}");
    current_is(&b, "1");
    click_hole(&b, "g8");
    wait_for(
        &b,
        "the refusal",
        "return document.getElementById('status').textContent.includes('syntax errors')",
    );
    b.eval(
        "document.getElementById('source').value = arguments[0]; return true",
        json!(["[Rules \"pencil\"]\n1. f6 2. m12\n3. g8\n"]),
    );
    b.click("#source-apply");
    wait_for(
        &b,
        "the text read",
        "return document.getElementById('source-box').hidden",
    );
    wait_tree(&b, "3. g8");
    b.click("#save");
    wait_for(
        &b,
        "saved",
        "return document.getElementById('dirty').hidden",
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Rules \"pencil\"]\n\n1. f6 2. m12 3. g8\n"
    );
    no_console_errors(&b);
}

#[test]
fn on_a_phone_playing_moves_leaves_the_page_where_it_was() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("scroll.twixt");
    // A game long enough that its last move is below the fold of a phone
    // (where `scrollIntoView` on the move list scrolled the page by 144 px).
    let rules = twixt_core::rules::RuleSet::pencil();
    let mut record = twixtkit::record::Record::new(rules.clone());
    record.moves = twixt_core::random::random_game(&rules, 7, 80);
    assert!(record.moves.len() > 60);
    let game = twixtkit::script::Game::from_record(&record);
    let text = twixtkit::script::write_file(&twixtkit::script::ScriptFile { games: vec![game] });
    std::fs::write(&file, text).unwrap();
    let url = start(&file);
    b.viewport(390, 844, true);
    open_editor(&b, &url);
    let scrolled = |b: &Browser| b.eval("return window.scrollY", json!([])).as_f64().unwrap();
    // To the end (End key): the list scrolls to the last move, the page not.
    b.key("\u{E010}");
    wait_for(
        &b,
        "the last move current",
        "const c = document.querySelector('#tree .current'); return !!c && c.dataset.path !== '' && !c.nextElementSibling",
    );
    assert_eq!(scrolled(&b), 0.0, "the page scrolled to the move list");
    b.key("\u{E011}");
    wait_for(
        &b,
        "the start current",
        "return document.querySelector('#tree .current').dataset.path === ''",
    );
    // Taps on the board play: a variation of the first move each time.
    for hole in ["d4", "e5", "f6"] {
        let h: twixtkit::prelude::Hole = hole.parse().unwrap();
        b.key("\u{E011}");
        let (x, y) = hole_xy(&b, h.col, h.row);
        b.tap(x, y);
        wait_tree(&b, &format!("1. {hole}"));
        assert_eq!(scrolled(&b), 0.0, "the page scrolled after {hole}");
    }
    b.key("\u{E010}");
    keep_screenshot(&b, "phone-390");
    // The move list scrolled inside itself to the current move.
    let inside = b.eval(
        "const l = document.getElementById('tree').getBoundingClientRect(); const c = document.querySelector('#tree .current').getBoundingClientRect(); return c.top >= l.top && c.bottom <= l.bottom",
        json!([]),
    );
    assert_eq!(inside.as_bool(), Some(true));
    no_console_errors(&b);
}

#[cfg(feature = "typst")]
#[test]
fn the_book_page_is_set_and_shown_after_clicks() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("booked.twixt");
    std::fs::write(
        &file,
        "[Title \"Not this one\"]\n[Rules \"pencil\"]\n1. f6\n\n[Title \"Booked game\"]\n[Rules \"pencil\"]\n1. f6 2. m12\n",
    )
    .unwrap();
    let url = crate::server::start_game(&file, 2);
    for (w, h, mobile) in [(1280, 800, false), (390, 844, true)] {
        b.viewport(w, h, mobile);
        open_editor(&b, &url);
        if w == 1280 {
            // An edit first: the book shows the game as it stands.
            b.key("\u{E010}");
            current_is(&b, "1");
            click_hole(&b, "g8");
            wait_tree(&b, "3. g8");
        }
        b.click("#book-box summary");
        b.click("#book-set");
        wait_for(
            &b,
            "the book page drawn",
            "const i = document.getElementById('book-img'); return !i.hidden && i.complete && i.naturalWidth > 1000",
        );
        let alt = b.eval("return document.getElementById('book-img').alt", json!([]));
        assert_eq!(alt.as_str(), Some("Page 1 of the book of booked.twixt"));
        // The link opens the book's PDF: the second game's, with the move
        // just played (its title in the document's metadata; Typst writes
        // it as text).
        let pdf = b.eval_async(
            "const done = arguments[arguments.length - 1];
             fetch(document.getElementById('book-pdf').href).then(r => r.arrayBuffer()).then(a => {
               const t = new TextDecoder('latin1').decode(a);
               done([t.startsWith('%PDF'), t.includes('Booked game'), t.includes('Not this one')]);
             }).catch(e => done(String(e)));",
            json!([]),
        );
        assert_eq!(pdf, json!([true, true, false]), "{pdf}");
        let wide = b.eval(
            "return document.documentElement.scrollWidth <= innerWidth",
            json!([]),
        );
        assert_eq!(wide.as_bool(), Some(true), "the page overflows at {w} px");
        b.eval(
            "document.getElementById('book-img').scrollIntoView(); return true",
            json!([]),
        );
        keep_screenshot(&b, &format!("book-{w}"));
    }
    // After another edit the page says the preview is out of date.
    b.viewport(1280, 800, false);
    b.eval("window.scrollTo(0, 0); return true", json!([]));
    click_hole(&b, "c3");
    wait_for(
        &b,
        "the preview said to be old",
        "return document.getElementById('book-status').textContent.includes('changed since')",
    );
    no_console_errors(&b);
}

/// Where TWRS point `name` (`k2`) is on the screen: column `k`, row 2,
/// from the top-left as TWRS writes points.
fn point_xy(b: &Browser, name: &str) -> (f64, f64) {
    let col = u16::from(name.as_bytes()[0] - b'a');
    let row: u16 = name[1..].parse().unwrap();
    hole_xy(b, col, row - 1)
}

#[test]
fn a_twrs_turn_is_played_by_clicks_commented_and_saved() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("lines.twixt");
    let game = "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3\n2. 2 j10-j6\n";
    std::fs::write(&file, game).unwrap();
    let url = start(&file);
    b.viewport(1280, 800, false);
    open_editor(&b, &url);
    // TwixT's tools are not there; TWRS's turn is.
    wait_for(
        &b,
        "the TWRS page",
        "return document.body.classList.contains('twrs') && document.getElementById('tools').checkVisibility() === false && document.getElementById('twrs-turn').checkVisibility()",
    );
    b.key("\u{E010}");
    current_is(&b, "1");
    wait_for(
        &b,
        "Orange's turn",
        "return document.getElementById('twrs-help').textContent.includes(\"Orange's towers\")",
    );
    // Tower 1 (b2), then where it goes (k2): its places drawn, then the
    // markings offered.
    let (x, y) = point_xy(&b, "b2");
    b.click_at(x, y);
    wait_for(
        &b,
        "tower 1's places",
        "return document.querySelectorAll('#board .turn').length > 5",
    );
    keep_screenshot(&b, "twrs-tower-1280");
    let (x, y) = point_xy(&b, "k2");
    b.click_at(x, y);
    wait_for(
        &b,
        "the markings",
        "return Array.from(document.querySelectorAll('#twrs-marks button')).some(e => e.textContent === 'Mark 4')",
    );
    // A click on Blue's tower 4 (c9) marks it.
    let (x, y) = point_xy(&b, "c9");
    b.click_at(x, y);
    wait_tree(&b, "3. 1 b2-k2 x4");
    wait_for(
        &b,
        "Blue to move",
        "return document.getElementById('status').textContent.startsWith('Blue to move')",
    );
    // A comment on the move, typed.
    b.click("#comment");
    b.type_into("#comment", "marks tower 4");
    wait_tree(&b, "marks tower 4");
    keep_screenshot(&b, "twrs-1280");
    // A move the rules refuse, typed: the engine's reason, nothing changed.
    b.click("#twrs-move");
    b.type_into("#twrs-move", "2 j6-a6");
    b.click("#twrs-play");
    wait_for(
        &b,
        "the refusal",
        "return document.getElementById('status').textContent.startsWith('Refused')",
    );
    b.click("#save");
    wait_for(
        &b,
        "saved",
        "return document.getElementById('dirty').hidden",
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{game}3. 1 b2-k2 x4\n{{marks tower 4}}\n")
    );
    // On a phone: one column, nothing wider than the screen.
    b.viewport(390, 844, true);
    b.eval("window.scrollTo(0, 0); return true", json!([]));
    wait_for(
        &b,
        "390 px",
        "return document.documentElement.scrollWidth <= 390",
    );
    keep_screenshot(&b, "twrs-390");
    no_console_errors(&b);
}

#[test]
fn an_author_annotates_the_corner_puzzle_proves_a_claim_and_saves() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("corner-puzzle.twixt");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let original = std::fs::read_to_string(root.join("examples/corner-puzzle.twixt")).unwrap();
    std::fs::write(&file, &original).unwrap();
    let url = start(&file);
    b.viewport(1280, 800, false);
    open_editor(&b, &url);
    // The key help on `?`, closed by Escape.
    b.key("?");
    wait_for(
        &b,
        "the key help",
        "return !document.getElementById('help').hidden",
    );
    b.key("\u{E00C}");
    wait_for(
        &b,
        "the key help closed",
        "return document.getElementById('help').hidden",
    );
    // The key move as the file has it (a click steps onto it), then
    // another defence than the file's: a variation.
    click_hole(&b, "j10");
    current_is(&b, "3");
    click_hole(&b, "f7");
    wait_tree(&b, "(2. f7)");
    b.click("#comment");
    b.type_into("#comment", "Black tries elsewhere.");
    wait_tree(&b, "Black tries elsewhere.");
    b.click("#glyphs button[data-glyph='?']");
    wait_tree(&b, "2. f7?");
    b.click("[data-tool=arrow]");
    b.swipe(hole_xy(&b, 6, 3), hole_xy(&b, 7, 2));
    wait_for(
        &b,
        "the arrow",
        "return document.getElementById('directives').textContent.includes('#arrow g4 h3')",
    );
    // Prove a win for Red from here: written only when proved.
    b.click("#prove-box summary");
    b.click("#prove");
    wait_for(
        &b,
        "the proof",
        "return document.getElementById('prove-result').textContent.startsWith('proved')",
    );
    keep_screenshot(&b, "corner-author-1280");
    // Ctrl-S saves.
    b.eval(
        "document.body.dispatchEvent(new KeyboardEvent('keydown', {key: 's', ctrlKey: true, bubbles: true})); return true",
        json!([]),
    );
    wait_for(
        &b,
        "saved",
        "return document.getElementById('dirty').hidden",
    );
    let expected = original.replace(
        "2. g4 {The only defence.} 3. h3\n{Two threats, at i4 and at f7.}",
        "2. g4 {The only defence.} (2. f7? {Black tries elsewhere.}\n#arrow g4 h3\n#wins red in 1\n) 3. h3\n{Two threats, at i4 and at f7.}",
    );
    assert_ne!(expected, original);
    let expected = twixtkit::commands::canonical::canonical_text("x", &expected)
        .unwrap()
        .0;
    assert_eq!(std::fs::read_to_string(&file).unwrap(), expected);
    no_console_errors(&b);
}
