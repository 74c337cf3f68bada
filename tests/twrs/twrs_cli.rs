//! TWRS through the `twixt` binary: `check` proves a script's claims and
//! locates illegal moves and false claims, `render` draws its diagram points,
//! `random --game twrs` writes games that `check` replays, `fmt` writes the
//! canonical form, variations are replayed, checked, drawn and kept, `view`
//! writes a page, and `convert` (whose record formats hold TwixT games
//! only) says so instead of misreading a TWRS script.

use std::path::Path;
use std::process::Output;

use crate::common;

fn twixt(args: &[&str], dir: &Path, stdin: Option<&str>) -> Output {
    common::twixt_fed(args, dir, stdin.map(str::as_bytes))
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const GAME: &str = "[Game \"twrs\"]
[Title \"Short\"]
1. 6 d7-d10
#to-move blue
2. 2 j10-j7 x6
#stones-left 35
#diagram name=after show=areas,marking:2-6
";

#[test]
fn check_replays_and_proves_claims() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    let o = twixt(&["check", "g.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("\"Short\" twrs on 11x11, 2 moves, not over: ok"),
        "{}",
        text(&o)
    );
    // The rulebook's figures, every caption a checked claim.
    let diagrams = Path::new(env!("CARGO_MANIFEST_DIR")).join("diagrams");
    let o = twixt(&["check", "twrs.twixt"], &diagrams, None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("orange 58 blue 37, orange wins"),
        "{}",
        text(&o)
    );
}

#[test]
fn illegal_moves_and_false_claims_are_located_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = GAME
        .replace("2 j10-j7 x6", "2 j10-h8")
        .replace("#to-move blue", "#to-move orange");
    std::fs::write(dir.path().join("bad.twixt"), bad).unwrap();
    let o = twixt(&["check", "bad.twixt"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("it is blue's turn, not orange's"), "{t}");
    assert!(t.contains("bad.twixt:4:1"), "{t}");
    assert!(t.contains("not along a line"), "{t}");
    assert!(t.contains("bad.twixt:5:4"), "{t}");
    // Render draws nothing from a script with errors.
    let o = twixt(&["render", "bad.twixt", "-o", "out"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(!dir.path().join("out").exists());
    // A line that is no move says what a move looks like.
    std::fs::write(
        dir.path().join("syntax.twixt"),
        "[Game \"twrs\"]\n1. 6 d7/d10\n",
    )
    .unwrap();
    let o = twixt(&["check", "syntax.twixt"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("syntax.twixt:2:4"), "{}", text(&o));
    assert!(text(&o).contains("`3 f2-f7 x2`"), "{}", text(&o));
}

#[test]
fn render_draws_the_diagram_points() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    let o = twixt(&["render", "g.twixt", "-o", "out"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let svg = std::fs::read_to_string(dir.path().join("out/after.svg")).unwrap();
    // Six towers, two new stones beside the three of the setup, and the marking lines.
    assert_eq!(svg.matches("class=\"tower ").count(), 6);
    assert_eq!(svg.matches("class=\"stone ").count(), 5);
    assert!(
        svg.contains("class=\"stone d7\"") && svg.contains("class=\"stone j10\""),
        "{svg}"
    );
    assert!(svg.contains("id=\"marking-lines-2\""));
    let o = twixt(&["render", "g.twixt", "-o", "after.png"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let png = std::fs::read(dir.path().join("after.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    // One position as text: the board, whose turn, the score.
    let o = twixt(&["render", "g.twixt", "-o", "x.txt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let board = std::fs::read_to_string(dir.path().join("x.txt")).unwrap();
    assert!(
        board.contains("orange to move, 35 stones left, score orange 0 blue 0\n"),
        "{board}"
    );
}

#[test]
fn random_games_check_and_other_commands_say_they_read_twixt_only() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["random", "--game", "twrs", "--seed", "3", "--games", "5"],
        dir.path(),
        None,
    );
    assert!(o.status.success(), "{}", text(&o));
    let games = String::from_utf8(o.stdout).unwrap();
    assert_eq!(games.matches("[Game \"twrs\"]").count(), 5);
    let o = twixt(&["check", "-"], dir.path(), Some(&games));
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("checked 5 games"), "{}", text(&o));
    std::fs::write(dir.path().join("r.twixt"), &games).unwrap();
    // What random writes is canonical already.
    let o = twixt(&["fmt", "--check", "r.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let o = twixt(&["view", "r.twixt", "-o", "v.html"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("wrote v.html (5 games)"), "{}", text(&o));
    // The record formats hold TwixT games only.
    let o = twixt(&["convert", "r.twixt", "-o", "r.tsgf"], dir.path(), None);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("is a TWRS script"), "{}", text(&o));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("r.twixt")).unwrap(),
        games
    );
}

#[test]
fn show_prints_the_position_and_sheet_lays_out_pages() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    let o = twixt(&["show", "--ascii", "g.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let shown = String::from_utf8(o.stdout).unwrap();
    assert!(shown.starts_with("after\n"), "{shown}");
    // Row 7: the stone Blue placed on d7, then tower 2 on j7.
    assert!(
        shown.contains(" 7  .  .  .  #  .  .  .  .  .  2  . "),
        "{shown}"
    );
    assert!(
        shown.contains("orange to move, 35 stones left, score orange 0 blue 0"),
        "{shown}"
    );
    // The rulebook's 18 figures on A4 pages of six.
    let figures = Path::new(env!("CARGO_MANIFEST_DIR")).join("diagrams/twrs.twixt");
    let figures = figures.to_str().unwrap();
    let o = twixt(&["sheet", figures, "-o", "pages/p.svg"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    for page in ["p.svg", "p-2.svg", "p-3.svg"] {
        let svg = std::fs::read_to_string(dir.path().join("pages").join(page)).unwrap();
        assert!(svg.contains("width=\"210mm\""), "{page}");
        assert_eq!(svg.matches("<svg id=\"picture-").count(), 6, "{page}");
    }
    assert!(!dir.path().join("pages/p-4.svg").exists());
    let o = twixt(&["sheet", figures, "-o", "all.pdf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let pdf = dir.path().join("all.pdf");
    let pdf = pdf.to_str().unwrap();
    if let Some(info) = common::poppler("pdfinfo", &[pdf]) {
        assert!(
            info.lines()
                .any(|l| l.starts_with("Pages:") && l.ends_with(" 3")),
            "{info}"
        );
        let words = common::poppler("pdftotext", &[pdf, "-"]).unwrap();
        assert!(words.contains("Oranje heeft gewonnen"), "{words}");
    }
}

/// `--game N` picks one game of a TWRS script as of a TwixT file: this
/// file holds one, so `--game 1` draws it and `--game 2` is refused with
/// exit code 2 and nothing written (more in `tests/twrs/twrs_parity.rs`).
/// Positions by move are chosen as for TwixT (`tests/twrs/twrs_parity.rs`).
#[test]
fn drawing_commands_pick_a_game_of_a_twrs_script() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    let o = twixt(
        &["render", "g.twixt", "--game", "1", "-o", "one"],
        dir.path(),
        None,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(dir.path().join("one/after.svg").exists());
    let cases: [&[&str]; 2] = [
        &["render", "g.twixt", "--game", "2", "-o", "out"],
        &["book", "g.twixt", "--game", "2", "-o", "b.html"],
    ];
    for args in cases {
        let o = twixt(args, dir.path(), None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains("g.twixt holds 1 game; --game 2 does not exist"),
            "{args:?}: {}",
            text(&o)
        );
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    for made in ["out", "b.html"] {
        assert!(!dir.path().join(made).exists(), "{made}");
    }
    // --final draws the final position of each game, not the diagram
    // points, named by the game's title and move as TwixT's are.
    let o = twixt(
        &["render", "g.twixt", "--final", "-o", "out"],
        dir.path(),
        None,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        dir.path().join("out/Short-002.svg").exists(),
        "{}",
        text(&o)
    );
    assert!(!dir.path().join("out/after.svg").exists());
    let o = twixt(
        &["render", "g.twixt", "--final", "-o", "last.png"],
        dir.path(),
        None,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(dir.path().join("last.png").exists());
    let o = twixt(&["render", "g.twixt", "-o", "points"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(dir.path().join("points/after.svg").exists());
}

#[test]
fn rules_prints_an_editable_twrs_rule_file_that_a_script_can_name() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(&["rules", "twrs"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let yaml = String::from_utf8(o.stdout).unwrap();
    assert!(
        yaml.contains("stones: 40") && yaml.contains("mark-all-points: true"),
        "{yaml}"
    );
    let small = yaml
        .replace("width: 11", "width: 9")
        .replace("height: 11", "height: 9")
        .replace("stones: 40", "stones: 20");
    std::fs::write(dir.path().join("small.yaml"), small).unwrap();
    std::fs::write(
        dir.path().join("s.twixt"),
        "[Game \"twrs\"]\n[Rules \"small.yaml\"]\n#stones-left 17\n1. 6 d6-d8\n",
    )
    .unwrap();
    let o = twixt(&["check", "s.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("on 9x9"), "{}", text(&o));
    std::fs::write(
        dir.path().join("m.twixt"),
        "[Game \"twrs\"]\n[Rules \"missing.yaml\"]\n",
    )
    .unwrap();
    let o = twixt(&["check", "m.twixt"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("m.twixt:2:8"), "{}", text(&o));
    let o = twixt(&["rules"], dir.path(), None);
    assert!(String::from_utf8_lossy(&o.stdout).contains("twrs-advanced"));
}

#[test]
fn fmt_writes_the_canonical_form_and_keeps_comments_and_remarks() {
    let dir = tempfile::tempdir().unwrap();
    let messy = "% a remark\n[Game \"twrs\"]\n  6 d7-d10   {first}\n%between\n2 j10-j7 x 6\n#score  orange 0 blue 0\n#diagram caption=Kort name=k\n";
    std::fs::write(dir.path().join("m.twixt"), messy).unwrap();
    let o = twixt(&["fmt", "m.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let tidy = std::fs::read_to_string(dir.path().join("m.twixt")).unwrap();
    assert_eq!(
        tidy,
        "% a remark\n[Game \"twrs\"]\n1. 6 d7-d10\n{first}\n% between\n2. 2 j10-j7 x6\n#score orange 0 blue 0\n#diagram name=k caption=\"Kort\"\n"
    );
    let o = twixt(&["check", "m.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
}

/// `#closed`: the named points lie in closed areas, or (`none`) the board
/// is still one part; both ways false are located errors.
#[test]
fn closed_areas_are_claimed() {
    let dir = tempfile::tempdir().unwrap();
    let cut = "[Game \"twrs\"]\n#setup stones: d1 d2 a3 b3 c3 d3\n#setup towers: 1 a1 3 c2 2 f5 6 i7 4 a10 5 j11\n";
    for (claims, ok, says) in [
        ("#closed a1 f5\n", true, ""),
        ("#closed none\n", false, "2 closed areas"),
        ("#closed d3\n", false, "d3 is under a stone"),
    ] {
        let o = twixt(&["check", "-"], dir.path(), Some(&format!("{cut}{claims}")));
        assert_eq!(o.status.success(), ok, "{claims}: {}", text(&o));
        assert!(text(&o).contains(says), "{claims}: {}", text(&o));
    }
    let open = "[Game \"twrs\"]\n#setup towers: 1 a1 2 f5\n#closed none\n";
    assert!(
        twixt(&["check", "-"], dir.path(), Some(open))
            .status
            .success()
    );
    let o = twixt(
        &["check", "-"],
        dir.path(),
        Some(&open.replace("none", "a1")),
    );
    assert!(text(&o).contains("is not closed"), "{}", text(&o));
}

/// `book` sets a TWRS script as the TwixT books are set: a chapter per game,
/// the moves as text, a figure at each diagram point with its caption and
/// translation; the PDF's text reads back in an independent reader.
#[test]
fn book_sets_the_rulebook_figures_in_html_and_pdf() {
    let dir = tempfile::tempdir().unwrap();
    let rulebook = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/twrs.twixt");
    let o = twixt(&["book", rulebook, "-o", "b.html"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let html = std::fs::read_to_string(dir.path().join("b.html")).unwrap();
    assert_eq!(html.matches("<figure id=\"diagram-").count(), 18);
    assert!(html.contains("Diagram 1 (start position)") && html.contains("Torens"));
    assert!(
        html.contains("id=\"d5-towers\""),
        "ids are prefixed per figure"
    );
    assert!(
        html.contains("Orange wins 58–37"),
        "the scoring figure's result"
    );
    // Moves are text: a game with moves lists them.
    std::fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    let o = twixt(&["book", "g.twixt", "-o", "g.pdf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    if let Some(t) = common::poppler(
        "pdftotext",
        &[dir.path().join("g.pdf").to_str().unwrap(), "-"],
    ) {
        assert!(t.contains("Diagram 1") && t.contains("1. 6 d7-d10"), "{t}");
    }
    // A script with an illegal move makes no book, unless --lenient.
    let bad = format!("{GAME}\n9. 1 a1-a1\n");
    std::fs::write(dir.path().join("bad.twixt"), bad).unwrap();
    let o = twixt(&["book", "bad.twixt", "-o", "bad.html"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(!dir.path().join("bad.html").exists());
}

/// A game with a variation that replaces move 2, a claim and a diagram
/// point inside it, and a nested variation.
const VARIATIONS: &str = "[Game \"twrs\"]
[Title \"Lines\"]
1. 3 i3-g3 x2 g10 j3
2. 2 j10-j6 {Blue goes down.}
(2. 2 j10-j8
 #to-move orange
 3. 1 b2-k2
 (3. 1 b2-b5)
 #diagram name=side caption=\"After the \\\"other\\\" move\"
)
3. 1 b2-k2 x4 c2
#to-move blue
";

#[test]
fn variations_are_replayed_checked_drawn_and_kept_by_fmt() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("v.twixt"), VARIATIONS).unwrap();
    let o = twixt(&["check", "v.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    // The main line counts; the variation is replayed from before move 2.
    assert!(text(&o).contains("3 moves, not over: ok"), "{}", text(&o));
    // A false claim inside a variation is located there.
    let wrong = VARIATIONS.replace(" #to-move orange", " #to-move blue");
    std::fs::write(dir.path().join("w.twixt"), &wrong).unwrap();
    let o = twixt(&["check", "w.twixt"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("w.twixt:6:2"), "{}", text(&o));
    assert!(text(&o).contains("it is orange's turn, not blue's"));
    // An illegal move ends its variation only: the main line's claim after
    // it is still checked.
    let illegal = VARIATIONS
        .replace("(3. 1 b2-b5)", "(3. 1 b2-c3)")
        .replace("#to-move blue\n", "#to-move orange\n");
    std::fs::write(dir.path().join("i.twixt"), &illegal).unwrap();
    let o = twixt(&["check", "i.twixt"], dir.path(), None);
    assert!(text(&o).contains("i.twixt:8:6"), "{}", text(&o));
    assert!(
        text(&o).contains("it is blue's turn, not orange's"),
        "{}",
        text(&o)
    );
    // The variation's diagram point is drawn.
    let o = twixt(&["render", "v.twixt", "-o", "out"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let svg = std::fs::read_to_string(dir.path().join("out/side.svg")).unwrap();
    assert!(svg.contains("class=\"tower orange t1\""), "{svg}");
    // The book sets the variation as an indented line of its own.
    let o = twixt(&["book", "v.twixt", "-o", "b.html"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let html = std::fs::read_to_string(dir.path().join("b.html")).unwrap();
    assert!(
        html.contains("<div class=\"variation\">\n<p class=\"moves\">2. 2 j10-j8 3. 1 b2-k2</p>"),
        "{html}"
    );
    // fmt writes the variations in canonical form, which reads back the
    // same and is canonical again.
    let o = twixt(&["fmt", "v.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let canonical = std::fs::read_to_string(dir.path().join("v.twixt")).unwrap();
    assert_eq!(
        canonical,
        "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3 x2 g10 j3\n2. 2 j10-j6\n{Blue goes down.}\n(\n  2. 2 j10-j8\n  #to-move orange\n  3. 1 b2-k2\n  (\n    3. 1 b2-b5\n  )\n  #diagram name=side caption=\"After the \\\"other\\\" move\"\n)\n3. 1 b2-k2 x4 c2\n#to-move blue\n"
    );
    let o = twixt(&["fmt", "--check", "v.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    // A variation needs a move to replace, and closes.
    for (bad, what) in [
        (
            "[Game \"twrs\"]\n(1. 3 i3-g3)\n",
            "a variation must follow the move it replaces",
        ),
        (
            "[Game \"twrs\"]\n1. 3 i3-g3\n(1. 3 i3-h3\n",
            "unclosed variation",
        ),
        ("[Game \"twrs\"]\n1. 3 i3-g3\n)\n", "unmatched `)`"),
        (
            "[Game \"twrs\"]\n1. 3 i3-g3\n(1. 3 i3-h3\n#setup empty\n)\n",
            "a setup comes before the first move",
        ),
    ] {
        std::fs::write(dir.path().join("b.twixt"), bad).unwrap();
        let o = twixt(&["check", "b.twixt"], dir.path(), None);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        assert!(text(&o).contains(what), "{bad}: {}", text(&o));
    }
}

#[test]
fn view_writes_a_page_for_twrs_games() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("v.twixt"), VARIATIONS).unwrap();
    let o = twixt(&["view", "v.twixt", "-o", "v.html"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let html = std::fs::read_to_string(dir.path().join("v.html")).unwrap();
    // Towers carry where they stand and when; the variation's figure is there.
    assert!(
        html.contains("class=\"tower orange t1\" data-at=\"k2\" data-v=\""),
        "{html}"
    );
    assert!(html.contains("<g class=\"figure\" data-l=\"1\" data-p=\"3\""));
    // No "Black's view" button: it turns a TwixT board only.
    assert!(!html.contains("data-do=\"flip\""));
    // A script with an error writes nothing and says where.
    let wrong = VARIATIONS.replace(" #to-move orange", " #to-move blue");
    std::fs::write(dir.path().join("w.twixt"), wrong).unwrap();
    let o = twixt(&["view", "w.twixt", "-o", "w.html"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("w.twixt:6:2"), "{}", text(&o));
    assert!(!dir.path().join("w.html").exists());
}

#[test]
fn fmt_keeps_escaped_quotes_in_tags() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Game \"twrs\"]\n[Title \"A \\\"quoted\\\" title\"]\n1. 3 i3-g3\n";
    std::fs::write(dir.path().join("q.twixt"), script).unwrap();
    let o = twixt(&["fmt", "--check", "q.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
}

#[test]
fn show_items_are_read_and_a_bad_one_is_named_at_its_option() {
    let dir = tempfile::tempdir().unwrap();
    let script = |show: &str| format!("[Game \"twrs\"]\n1. 3 i3-i8\n#diagram name=d {show}\n");
    let all = r"show=areas,lines:3,moves-to:2,diagonals:6,marking:3-2,marking:3-2/,marking:3-4\";
    std::fs::write(dir.path().join("g.twixt"), script(all)).unwrap();
    let o = twixt(&["render", "g.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(dir.path().join("d.svg").exists(), "{}", text(&o));
    let usage = "show moves-to:T, lines:T, diagonals:T, marking:A-T or areas";
    for (show, message) in [
        ("show=Areas", format!("error: `Areas`: {usage}")),
        ("show=marking:3", format!("error: `marking:3`: {usage}")),
        ("show=lines:7", "error: `7` is not a tower".to_string()),
        // The target is read before the active tower.
        ("show=marking:x-9", "error: `9` is not a tower".to_string()),
        (
            "show=marking:3-2|",
            "error: `2|` is not a tower".to_string(),
        ),
    ] {
        std::fs::write(dir.path().join("g.twixt"), script(show)).unwrap();
        let o = twixt(&["check", "g.twixt"], dir.path(), None);
        let t = text(&o);
        assert_eq!(o.status.code(), Some(1), "{show}: {t}");
        assert!(t.contains(&message), "{show}: {t}");
        assert!(t.contains(" --> g.twixt:3:17\n"), "{show}: {t}");
        let caret = format!("| {} {}", " ".repeat(15), "^".repeat(show.len()));
        assert!(t.contains(&format!("{caret} here")), "{show}: {t}");
    }
}
