//! TWRS as a full peer of TwixT in the drawing commands (issue 29): the
//! positions by move (`--move`, `--every`, `--final`) named and captioned
//! as TwixT's are, text pictures from `render`, styles and coordinates,
//! and diagram points inside variations, all through the `twixt` binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn ok(o: &Output) {
    assert!(o.status.success(), "{}", text(o));
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The rulebook's figures.
fn figures() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("diagrams/twrs.twixt")
        .to_string_lossy()
        .into_owned()
}

/// Three moves from the start setup (stones f3 f6 f9; Orange's towers 1
/// b2, 3 i3, 6 d7; Blue's 2 j10, 4 c9, 5 h5), with a variation that has a
/// diagram point of its own.
const GAME: &str = "[Game \"twrs\"]
[Title \"Lines\"]
1. 3 i3-g3 x2 g10 j3
2. 2 j10-j6
(2. 2 j10-j8
 #diagram name=side caption=\"Blue's other choice\" show=lines:2)
3. 1 b2-k2 x4 c2
#diagram name=end
";

fn game_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), GAME).unwrap();
    dir
}

/// The `class="stone …"` points of an SVG, in drawing order.
fn stones(svg: &str) -> Vec<&str> {
    svg.match_indices("class=\"stone ")
        .map(|(i, m)| {
            let rest = &svg[i + m.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect()
}

#[test]
fn move_n_draws_the_position_after_that_move_named_and_captioned_as_twixt() {
    let dir = game_dir();
    let o = twixt(
        &["render", "g.twixt", "--move", "3", "-o", "out"],
        dir.path(),
    );
    ok(&o);
    // Named by the game's title and the move, as TwixT's pictures are.
    let svg = read(dir.path().join("out/Lines-003.svg"));
    let mut on_board = stones(&svg);
    on_board.sort();
    assert_eq!(on_board, ["c2", "f3", "f6", "f9", "g10", "j3"], "{svg}");
    assert!(svg.contains(">Lines: after move 3</text>"), "{svg}");
    // Only the chosen position: not the diagram points.
    let made: Vec<_> = std::fs::read_dir(dir.path().join("out")).unwrap().collect();
    assert_eq!(made.len(), 1);

    // After move 2, tower 2 has moved and c2 is still free.
    let o = twixt(
        &["render", "g.twixt", "--move", "2", "-o", "m2.svg"],
        dir.path(),
    );
    ok(&o);
    let svg = read(dir.path().join("m2.svg"));
    assert_eq!(stones(&svg).len(), 5, "{svg}");
    assert!(!svg.contains("stone c2"), "{svg}");

    // Move 0 is the start setup.
    let o = twixt(
        &["render", "g.twixt", "--move", "0", "-o", "m0.svg"],
        dir.path(),
    );
    ok(&o);
    let svg = read(dir.path().join("m0.svg"));
    assert_eq!(stones(&svg), ["f3", "f6", "f9"]);
    assert!(svg.contains(">Lines: start position</text>"), "{svg}");

    // A move the game does not have is a usage error, and nothing is written.
    let o = twixt(
        &["render", "g.twixt", "--move", "9", "-o", "m9.svg"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("`Lines` has 3 moves; --move 9 does not exist"),
        "{}",
        text(&o)
    );
    assert!(!dir.path().join("m9.svg").exists());
}

#[test]
fn every_k_and_final_choose_by_move_in_render_sheet_and_show() {
    let dir = game_dir();
    let o = twixt(
        &["render", "g.twixt", "--every", "2", "-o", "out"],
        dir.path(),
    );
    ok(&o);
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // Every second move, and the final position.
    assert_eq!(names, ["Lines-002.svg", "Lines-003.svg"]);

    let o = twixt(
        &["render", "g.twixt", "--final", "-o", "last.svg"],
        dir.path(),
    );
    ok(&o);
    assert_eq!(stones(&read(dir.path().join("last.svg"))).len(), 6);

    // The sheet lays out every position asked for.
    let o = twixt(
        &["sheet", "g.twixt", "--every", "1", "-o", "s.svg"],
        dir.path(),
    );
    ok(&o);
    let page = read(dir.path().join("s.svg"));
    assert_eq!(page.matches("<svg id=\"picture-").count(), 3, "{page}");
    assert!(page.contains("After move 2"), "{page}");

    // Show prints the position after the move asked for: tower 1 on k2
    // beside the stone it placed on c2.
    let o = twixt(&["show", "--ascii", "g.twixt", "--move", "3"], dir.path());
    ok(&o);
    let shown = String::from_utf8(o.stdout).unwrap();
    assert!(
        shown.starts_with("Lines-003: Lines: after move 3\n"),
        "{shown}"
    );
    assert!(
        shown.contains(" 2  .  .  #  .  .  .  .  .  .  .  1 \n"),
        "{shown}"
    );
    assert!(shown.contains("blue to move, 34 stones left"), "{shown}");
    assert_eq!(shown.matches("to move,").count(), 1, "{shown}");
}

#[test]
fn a_file_of_several_games_leaves_out_those_without_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["render", &figures(), "--move", "1", "-o", "out"],
        dir.path(),
    );
    // The three figures' games with a move are drawn; the others are
    // named as left out, and the run says so with exit code 1.
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("`Torens` has 0 moves; --move 1 does not exist"),
        "{}",
        text(&o)
    );
    for drawn in [
        // Spaces in a title become `-` in a file name, as for TwixT.
        "Toren-verplaatsen-en-markeren-001.svg",
        "Markeren-niet-mogelijk-001.svg",
        "Markeerlijnen-001.svg",
    ] {
        let svg = read(dir.path().join("out").join(drawn));
        assert!(svg.contains(": after move 1</text>"), "{drawn}");
    }
    assert_eq!(
        std::fs::read_dir(dir.path().join("out")).unwrap().count(),
        3
    );
    // --final draws every game's last position.
    let o = twixt(
        &["render", &figures(), "--final", "-o", "finals"],
        dir.path(),
    );
    ok(&o);
    assert_eq!(
        std::fs::read_dir(dir.path().join("finals"))
            .unwrap()
            .count(),
        12
    );
    assert!(dir.path().join("finals/Torens-000.svg").exists());
}

#[test]
fn render_writes_text_pictures_to_a_file_a_folder_and_standard_output() {
    let dir = game_dir();
    let o = twixt(
        &[
            "render", "g.twixt", "--move", "3", "--ascii", "-o", "m3.txt",
        ],
        dir.path(),
    );
    ok(&o);
    let board = read(dir.path().join("m3.txt"));
    assert!(board.starts_with("    a  b  c "), "{board}");
    assert!(
        board.contains(" 2  .  .  #  .  .  .  .  .  .  .  1 \n"),
        "{board}"
    );
    assert!(
        board
            .contains("blue to move, 34 stones left, score orange 0 blue 0\nLines: after move 3\n"),
        "{board}"
    );
    // Unicode by default, to standard output with `-`.
    let o = twixt(
        &["render", "g.twixt", "--final", "--format", "txt", "-o", "-"],
        dir.path(),
    );
    ok(&o);
    let shown = String::from_utf8(o.stdout).unwrap();
    assert!(shown.contains(" ● ") && shown.contains(" · "), "{shown}");
    // A folder of the rulebook's figures as text, named after them, with
    // their captions and translations.
    let o = twixt(
        &["render", &figures(), "--format", "txt", "-o", "texts"],
        dir.path(),
    );
    ok(&o);
    assert_eq!(
        std::fs::read_dir(dir.path().join("texts")).unwrap().count(),
        18
    );
    let torens = read(dir.path().join("texts/twrs-torens.txt"));
    assert!(
        torens.contains(" 6  ·  1  3  6  ·  ·  ·  2  4  5  · \n"),
        "{torens}"
    );
    assert!(
        torens.contains("\nTorens\nTowers: Orange has towers 1, 3 and 6"),
        "{torens}"
    );
}

#[test]
fn position_lines_are_refused_with_the_reason() {
    let dir = game_dir();
    let o = twixt(&["show", "g.twixt", "--format", "position"], dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(o.stdout.is_empty());
    assert!(
        text(&o).contains("TWRS positions have none: `show` prints them as boards"),
        "{}",
        text(&o)
    );
}

#[test]
fn styles_colour_the_towers_and_set_the_background() {
    let dir = game_dir();
    std::fs::write(
        dir.path().join("green.yaml"),
        "red: \"#00aa00\"\nblack: \"#7700cc\"\nlabel_on_red: \"#111111\"\nbackground: \"#fafad2\"\ncaption: \"#880000\"\ncoord_case: upper\n",
    )
    .unwrap();
    let o = twixt(
        &[
            "render",
            "g.twixt",
            "--move",
            "3",
            "--style",
            "green.yaml",
            "-o",
            "g.svg",
        ],
        dir.path(),
    );
    ok(&o);
    let svg = read(dir.path().join("g.svg"));
    assert!(
        svg.contains("class=\"tower orange t1\"><circle") && svg.contains("fill=\"#00aa00\""),
        "{svg}"
    );
    assert!(svg.contains("fill=\"#7700cc\""), "{svg}");
    assert!(svg.contains("fill=\"#111111\">1</text>"), "{svg}");
    assert!(
        !svg.contains("#f08a24"),
        "TWRS's own orange is replaced: {svg}"
    );
    assert!(svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#fafad2\"/>"));
    assert!(svg.contains("<g id=\"caption\" fill=\"#880000\""), "{svg}");
    assert!(
        svg.contains(">A</text>") && !svg.contains(">a</text>"),
        "{svg}"
    );

    // The print style: the paper's white, hollow orange towers with black edges.
    let o = twixt(
        &[
            "render", "g.twixt", "--final", "--style", "print", "-o", "p.svg",
        ],
        dir.path(),
    );
    ok(&o);
    let svg = read(dir.path().join("p.svg"));
    assert!(
        svg.contains("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"),
        "{svg}"
    );
    assert!(svg.contains("fill=\"#ffffff\" stroke=\"#000000\""), "{svg}");

    // The default look is TWRS's own, whatever the rulebook style says.
    let o = twixt(&["render", "g.twixt", "--final", "-o", "d.svg"], dir.path());
    ok(&o);
    let svg = read(dir.path().join("d.svg"));
    assert!(svg.contains("fill=\"#f08a24\""), "{svg}");
    assert!(svg.contains("fill=\"#ffffff\"/>"), "{svg}");
}

#[test]
fn coordinates_go_where_asked_and_the_unit_sizes_the_picture() {
    let dir = game_dir();
    let coords = |svg: &str| -> usize {
        match svg.find("<g id=\"coords\"") {
            None => 0,
            Some(i) => {
                let group = &svg[i..i + svg[i..].find("</g>").unwrap()];
                group.matches("<text").count()
            }
        }
    };
    let draw = |args: &[&str]| -> String {
        let mut a = vec!["render", "g.twixt", "--final", "-o", "c.svg"];
        a.extend(args);
        ok(&twixt(&a, dir.path()));
        read(dir.path().join("c.svg"))
    };
    // Letters above, numbers left by default; all four sides; none.
    assert_eq!(coords(&draw(&[])), 22);
    let all = draw(&["--coords", "all"]);
    assert_eq!(coords(&all), 44, "{all}");
    assert!(all.contains("text-anchor=\"start\">11</text>"), "{all}");
    assert_eq!(coords(&draw(&["--coords", "none"])), 0);
    let bottom = draw(&["--coords", "b"]);
    assert_eq!(coords(&bottom), 11);
    assert!(!bottom.contains("text-anchor=\"end\""), "{bottom}");

    // --unit sets the distance between lines: the picture's size, in px or mm.
    let size = |svg: &str, attr: &str| -> String {
        let at = svg.find(&format!(" {attr}=\"")).unwrap() + attr.len() + 3;
        svg[at..at + svg[at..].find('"').unwrap()].to_string()
    };
    let own = draw(&[]);
    let view_w: f64 = size(&own, "viewBox")
        .split(' ')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(size(&own, "width"), format!("{view_w}"));
    let mm = draw(&["--unit", "9mm"]);
    assert_eq!(size(&mm, "width"), format!("{}mm", view_w / 4.0), "{mm}");
    let px = draw(&["--unit", "72"]);
    assert_eq!(size(&px, "width"), format!("{}", view_w * 2.0), "{px}");
    let png = dir.path().join("c.png");
    ok(&twixt(
        &[
            "render", "g.twixt", "--final", "--unit", "72", "-o", "c.png",
        ],
        dir.path(),
    ));
    let bytes = std::fs::read(png).unwrap();
    let png_w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(f64::from(png_w), view_w * 2.0);
}

#[test]
fn diagram_points_in_variations_are_drawn_by_render_sheet_and_book() {
    let dir = game_dir();
    let o = twixt(&["render", "g.twixt", "-o", "out"], dir.path());
    ok(&o);
    // Blue's other second move: tower 2 on j8 (column 10, row 8 of the
    // grid 36 apart from 44, 40), its lines drawn.
    let j8 = "<g class=\"tower blue t2\"><circle cx=\"368.0\" cy=\"292.0\"";
    let side = read(dir.path().join("out/side.svg"));
    assert!(side.contains(j8), "{side}");
    assert!(side.contains("id=\"lines-2\""), "{side}");
    assert!(side.contains(">Blue&apos;s other choice</text>"), "{side}");
    assert!(dir.path().join("out/end.svg").exists());
    let o = twixt(
        &["sheet", "g.twixt", "--only", "side", "-o", "s.svg"],
        dir.path(),
    );
    ok(&o);
    let page = read(dir.path().join("s.svg"));
    assert_eq!(page.matches("<svg id=\"picture-").count(), 1, "{page}");
    assert!(page.contains(j8) && page.contains("lines-2\""), "{page}");
    let o = twixt(&["book", "g.twixt", "-o", "b.html"], dir.path());
    ok(&o);
    let html = read(dir.path().join("b.html"));
    // The variation's figure and the final one; only the first shows lines.
    assert_eq!(html.matches(j8).count(), 1, "{html}");
    assert_eq!(html.matches("lines-2\"").count(), 1, "{html}");
}

#[test]
fn a_crop_is_refused_for_twrs_pictures() {
    let dir = game_dir();
    let o = twixt(
        &["render", "g.twixt", "--crop", "a1-c3", "-o", "out"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("--crop a1-c3 is for TwixT boards"),
        "{}",
        text(&o)
    );
    assert!(!dir.path().join("out").exists());
}

#[test]
fn a_draft_draws_what_it_can_with_lenient() {
    let dir = tempfile::tempdir().unwrap();
    let draft = "[Game \"twrs\"]
[Title \"Draft\"]
1. 3 i3-g3 x2 g10 j3
2. 2 j10-j6
#diagram name=two
3. 1 b2-c3
#diagram name=three
";
    std::fs::write(dir.path().join("d.twixt"), draft).unwrap();
    let o = twixt(&["render", "d.twixt", "-o", "strict"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("d.twixt:6:4"), "{}", text(&o));
    assert!(!dir.path().join("strict").exists());
    // A draft: the illegal move is a warning, the line stops before it.
    let o = twixt(
        &["render", "d.twixt", "--lenient", "-o", "draft"],
        dir.path(),
    );
    ok(&o);
    assert!(text(&o).contains("warning"), "{}", text(&o));
    assert!(text(&o).contains("d.twixt:6:4"), "{}", text(&o));
    let names: Vec<_> = std::fs::read_dir(dir.path().join("draft"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["two.svg"]);
    let o = twixt(
        &[
            "render",
            "d.twixt",
            "--lenient",
            "--final",
            "-o",
            "last.svg",
        ],
        dir.path(),
    );
    ok(&o);
    let svg = read(dir.path().join("last.svg"));
    assert!(svg.contains(">Draft: after move 2</text>"), "{svg}");
    let o = twixt(&["show", "d.twixt", "--lenient", "--move", "2"], dir.path());
    ok(&o);
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("Draft-002: "));
}

#[test]
fn the_print_style_draws_lines_as_its_links() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["render", &figures(), "--style", "print", "-o", "print"],
        dir.path(),
    );
    ok(&o);
    // Orange's towers are white in print: their lines are grey, as Red's
    // links are, and stones black, as holes are.
    let svg = read(dir.path().join("print/twrs-markeren-twee.svg"));
    assert!(
        svg.contains("<g id=\"marking-lines-3\" stroke=\"#999999\""),
        "{svg}"
    );
    assert!(
        svg.contains("<g id=\"lines-2\" stroke=\"#000000\""),
        "{svg}"
    );
    assert!(svg.contains("<g id=\"stones\" fill=\"#000000\">"), "{svg}");
}
