//! TWRS as a full peer of TwixT in the drawing commands (issue 29): the
//! positions by move (`--move`, `--every`, `--final`) named and captioned
//! as TwixT's are, text pictures from `render`, styles and coordinates,
//! diagram points inside variations, a `#diagram`'s own `style=`,
//! `coords=`, `to-move=` and `caption-position=` (with TwixT's words for a
//! bad value), `--game N`, and books in a style, all through the `twixt`
//! binary.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common;
use common::twixt_in as twixt;

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
    assert!(svg.contains("<rect id=\"background\"") && svg.contains(" fill=\"#fafad2\"/>"));
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
        svg.contains("<rect id=\"background\"") && svg.contains(" fill=\"#ffffff\"/>"),
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
    assert_eq!(all.matches(">11</text>").count(), 2, "{all}");
    assert_eq!(coords(&draw(&["--coords", "none"])), 0);
    let bottom = draw(&["--coords", "b"]);
    assert_eq!(coords(&bottom), 11);
    assert!(!bottom.contains(">11</text>"), "{bottom}");

    // --unit sets the distance between lines: the picture's size, in px or mm.
    let size = |svg: &str, attr: &str| -> String {
        let at = svg.find(&format!(" {attr}=\"")).unwrap() + attr.len() + 3;
        svg[at..at + svg[at..].find('"').unwrap()].to_string()
    };
    // The drawing is in line spacings: its view box's width times the unit.
    let own = draw(&[]);
    let view_w: f64 = size(&own, "viewBox")
        .split(' ')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let width = |svg: &str, unit: &str| -> f64 {
        let w = size(svg, "width");
        w.strip_suffix(unit).unwrap().parse().unwrap()
    };
    assert!((width(&own, "") - view_w * 36.0).abs() < 0.01, "{own}");
    let mm = draw(&["--unit", "9mm"]);
    assert!((width(&mm, "mm") - view_w * 9.0).abs() < 0.01, "{mm}");
    let px = draw(&["--unit", "72"]);
    assert!((width(&px, "") - view_w * 72.0).abs() < 0.01, "{px}");
    let png = dir.path().join("c.png");
    ok(&twixt(
        &[
            "render", "g.twixt", "--final", "--unit", "72", "-o", "c.png",
        ],
        dir.path(),
    ));
    let bytes = std::fs::read(png).unwrap();
    let png_w = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert!((f64::from(png_w) - view_w * 72.0).abs() <= 1.0, "{png_w}");
}

#[test]
fn diagram_points_in_variations_are_drawn_by_render_sheet_and_book() {
    let dir = game_dir();
    let o = twixt(&["render", "g.twixt", "-o", "out"], dir.path());
    ok(&o);
    // Blue's other second move: tower 2 on j8 (column 10, row 8 of the
    // grid, one unit apart from 0, 0), its lines drawn.
    let j8 = "<g class=\"tower blue t2\"><circle cx=\"9\" cy=\"7\"";
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

// A diagram point's own look, --game N and books in a style.

/// A TWRS game of two moves from the start setup, its one diagram point
/// written `#diagram name=p` and then `options`.
fn game(options: &str) -> String {
    format!(
        "[Game \"twrs\"]\n[Title \"Lines\"]\n1. 3 i3-g3 x2 g10 j3\n2. 2 j10-j6\n#diagram name=p caption=\"Two moves\" {options}\n"
    )
}

/// The diagram point drawn by `render` with `args` after it, from a
/// script holding `script`.
fn drawn(script: &str, args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), script).unwrap();
    std::fs::write(
        dir.path().join("green.yaml"),
        "red: \"#00aa00\"\nblack: \"#7700cc\"\n",
    )
    .unwrap();
    let mut all = vec!["render", "g.twixt", "-o", "out/"];
    all.extend_from_slice(args);
    let o = twixt(&all, dir.path());
    ok(&o);
    read(dir.path().join("out/p.svg"))
}

#[test]
fn a_diagram_points_style_draws_as_the_same_style_on_the_command_line() {
    let plain = drawn(&game(""), &[]);
    for style in ["print", "screen", "green.yaml"] {
        let own = drawn(&game(&format!("style={style}")), &[]);
        let given = drawn(&game(""), &["--style", style]);
        assert_eq!(own, given, "style={style}");
        assert_ne!(own, plain, "style={style} changes the drawing");
        // The point's own style is over the command line's.
        let over = drawn(&game(&format!("style={style}")), &["--style", "rulebook"]);
        assert_eq!(over, given, "style={style} over --style rulebook");
    }
    let green = drawn(&game("style=green.yaml"), &[]);
    assert!(
        green.contains("fill=\"#00aa00\"") && !green.contains("#f08a24"),
        "{green}"
    );
}

#[test]
fn a_diagram_points_coords_are_over_the_command_lines() {
    let own = drawn(&game("coords=all"), &["--coords", "none"]);
    let given = drawn(&game(""), &["--coords", "all"]);
    assert_eq!(own, given);
    assert!(own.contains("<g id=\"coords\""), "{own}");
    let none = drawn(&game("coords=none"), &[]);
    assert!(!none.contains("<g id=\"coords\""), "{none}");
    // Letters below (b) and row numbers right (r) only.
    let br = drawn(&game("coords=br"), &[]);
    assert_ne!(br, own);
    assert_ne!(br, none);
}

#[test]
fn to_move_yes_says_whose_turn_it_is_and_no_hides_the_styles_line() {
    let shown = drawn(&game("to-move=yes"), &[]);
    // After two moves Orange is to play: a small orange tower and the words.
    assert!(
        shown.contains("<g id=\"to-move\" class=\"to-move orange\">")
            && shown.contains(">Orange to play</text>")
            && shown.contains("fill=\"#f08a24\""),
        "{shown}"
    );
    assert!(!drawn(&game(""), &[]).contains("to-move"));
    // A style that shows the side to move, and a point that hides it.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), game("")).unwrap();
    std::fs::write(dir.path().join("marker.yaml"), "to_move_marker: true\n").unwrap();
    ok(&twixt(
        &["render", "g.twixt", "--style", "marker.yaml", "-o", "m.svg"],
        dir.path(),
    ));
    assert!(read(dir.path().join("m.svg")).contains(">Orange to play</text>"));
    std::fs::write(dir.path().join("g.twixt"), game("to-move=no")).unwrap();
    ok(&twixt(
        &["render", "g.twixt", "--style", "marker.yaml", "-o", "n.svg"],
        dir.path(),
    ));
    assert!(!read(dir.path().join("n.svg")).contains("to play"));
}

/// The `y` of the first `<text` after `marker` in `svg`.
fn first_y(svg: &str, marker: &str) -> f64 {
    let at = svg
        .find(marker)
        .unwrap_or_else(|| panic!("{marker}: {svg}"));
    let rest = &svg[at..];
    let y = &rest[rest.find(" y=\"").unwrap() + 4..];
    y[..y.find('"').unwrap()].parse().unwrap()
}

#[test]
fn caption_position_puts_the_caption_above_below_or_leaves_it_off() {
    let below = drawn(&game(""), &[]);
    let above = drawn(&game("caption-position=above"), &[]);
    let none = drawn(&game("caption-position=none"), &[]);
    // The grid's top line is at y 0 in every picture; the view box moves.
    let grid_top = |_: &str| 0.0;
    let view_top = |svg: &str| -> f64 {
        let v = &svg[svg.find(" viewBox=\"").unwrap() + 10..];
        v.split(' ').nth(1).unwrap().parse().unwrap()
    };
    assert!(first_y(&below, "<g id=\"caption\"") > grid_top(&below));
    assert!(first_y(&above, "<g id=\"caption\"") < grid_top(&above));
    assert!(
        view_top(&above) < view_top(&below),
        "the caption goes on top"
    );
    // Left off the picture (its title still names it, as TwixT's does).
    assert!(!none.contains("<g id=\"caption\""), "{none}");
    // Left off, the picture is the board's size: below's less its caption.
    let height = |svg: &str| -> f64 {
        let h = &svg[svg.find(" height=\"").unwrap() + 9..];
        h[..h.find('"').unwrap()].parse().unwrap()
    };
    assert!(height(&none) < height(&below));
    assert_eq!(height(&above), height(&below));
    // The style's caption_position is the default a point goes over.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), game("caption-position=below")).unwrap();
    std::fs::write(dir.path().join("up.yaml"), "caption_position: above\n").unwrap();
    ok(&twixt(
        &["render", "g.twixt", "--style", "up.yaml", "-o", "u.svg"],
        dir.path(),
    ));
    let u = read(dir.path().join("u.svg"));
    assert!(first_y(&u, "<g id=\"caption\"") > grid_top(&u), "{u}");
    // --no-caption leaves every caption off, over the point's position.
    let off = drawn(&game("caption-position=above"), &["--no-caption"]);
    assert!(!off.contains("<g id=\"caption\""), "{off}");
}

/// The error `check` gives for a script holding `script`.
fn check_error(script: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), script).unwrap();
    let o = twixt(&["check", "g.twixt"], dir.path());
    (o.status.code(), text(&o))
}

#[test]
fn a_bad_value_is_located_in_twixts_words() {
    for (option, says) in [
        (
            "coords=xyz",
            "error: expected coordinate sides like `all`, `none` or letters from `tblr` (top, bottom, left, right), found `xyz`",
        ),
        (
            "to-move=maybe",
            "error: expected to-move=yes or to-move=no, found `maybe`",
        ),
        (
            "caption-position=left",
            "error: caption-position: expected `above` or `below` (or `none`: no caption), found `left`",
        ),
    ] {
        let (code, twrs) = check_error(&game(option));
        assert_eq!(code, Some(1), "{twrs}");
        // The option is pointed at: line 5, after `#diagram name=p caption="Two moves" `.
        let line = format!("#diagram name=p caption=\"Two moves\" {option}");
        let caret = format!("{}{}", " ".repeat(36), "^".repeat(option.len()));
        assert!(twrs.contains(says), "{option}: {twrs}");
        assert!(twrs.contains(" --> g.twixt:5:37"), "{option}: {twrs}");
        assert!(twrs.contains(&line) && twrs.contains(&caret), "{twrs}");
        // A TwixT diagram point says the same of the same option.
        let (_, twixt_says) = check_error(&format!("1. f6\n#diagram name=p {option}\n"));
        assert!(twixt_says.contains(says), "{option}: {twixt_says}");
    }
    // A style that cannot be drawn with is an error at its #diagram, as for TwixT.
    let (code, twrs) = check_error(&game("style=nosuch"));
    assert_eq!(code, Some(1));
    let says = "error: style `nosuch` of a diagram point must be a built-in style (rulebook, print, screen) or a .yaml file beside the script";
    assert!(
        twrs.contains(says) && twrs.contains(" --> g.twixt:5:1"),
        "{twrs}"
    );
    let (_, twixt_says) = check_error("1. f6\n#diagram style=nosuch\n");
    assert!(twixt_says.contains(says), "{twixt_says}");
    // render refuses it before drawing anything, as it refuses TwixT's.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), game("style=nosuch")).unwrap();
    std::fs::write(dir.path().join("t.twixt"), "1. f6\n#diagram style=nosuch\n").unwrap();
    let o = twixt(&["render", "g.twixt", "-o", "out/"], dir.path());
    let t = twixt(&["render", "t.twixt", "-o", "out/"], dir.path());
    assert_eq!(o.status.code(), t.status.code(), "{}", text(&o));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains(&format!("error: g.twixt: {}", &says[7..])),
        "{}",
        text(&o)
    );
    assert!(!dir.path().join("out").exists());
}

#[test]
fn options_that_mean_nothing_for_twrs_are_located_errors() {
    for (option, says) in [
        (
            "crop=a1-f6",
            "error: crop=a1-f6 is for TwixT boards; a TWRS picture shows the whole grid",
        ),
        (
            "numbers=all",
            "error: numbers=all is for the move numbers on TwixT's pegs",
        ),
    ] {
        let (code, twrs) = check_error(&game(option));
        assert_eq!(code, Some(1), "{twrs}");
        assert!(
            twrs.contains(says) && twrs.contains(" --> g.twixt:5:37"),
            "{option}: {twrs}"
        );
    }
    // A finished game has no side to play: to-move=yes is refused there.
    let over = "[Game \"twrs\"]\n#setup towers: 1 b2\n#setup to-move: blue\n#over\n#diagram name=end to-move=yes\n";
    let (code, twrs) = check_error(over);
    assert_eq!(code, Some(1), "{twrs}");
    assert!(
        twrs.contains("error: to-move=yes: the game is over here, so no side is to play")
            && twrs.contains(" --> g.twixt:5:1"),
        "{twrs}"
    );
    let (code, fine) = check_error(&over.replace("to-move=yes", "to-move=no"));
    assert_eq!(code, Some(0), "{fine}");
}

#[test]
fn fmt_keeps_every_option_and_unknown_ones_as_twixt_does() {
    let dir = tempfile::tempdir().unwrap();
    let script = game("Style=print COORDS=tl to-move=yes caption-position=above flip=yes");
    std::fs::write(dir.path().join("g.twixt"), &script).unwrap();
    let o = twixt(&["fmt", "--check", "g.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    ok(&twixt(&["fmt", "g.twixt"], dir.path()));
    let written = read(dir.path().join("g.twixt"));
    assert!(
        written.contains(
            "#diagram name=p caption=\"Two moves\" style=\"print\" coords=tl to-move=yes caption-position=above flip=\"yes\"\n"
        ),
        "{written}"
    );
    ok(&twixt(&["fmt", "--check", "g.twixt"], dir.path()));
    // What is written draws as what was read.
    let before = drawn(&script, &[]);
    let after = drawn(&written, &[]);
    assert_eq!(before, after);
}

/// Two TWRS games, each with a diagram point named after it.
const TWO: &str = "[Game \"twrs\"]
[Title \"First\"]
1. 3 i3-g3
#diagram name=first

[Game \"twrs\"]
[Title \"Second\"]
1. 6 d7-d10
#diagram name=second
";

#[test]
fn game_n_picks_one_game_of_a_twrs_script_as_of_a_twixt_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("two.twixt"), TWO).unwrap();
    std::fs::write(dir.path().join("one.twixt"), game("")).unwrap();
    // The same two-game file in TwixT, for TwixT's words.
    std::fs::write(
        dir.path().join("tw.twixt"),
        "[Title \"First\"]\n1. f6\n\n[Title \"Second\"]\n1. g7\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("tw1.twixt"), "1. f6\n").unwrap();

    ok(&twixt(
        &["render", "two.twixt", "--game", "2", "-o", "out/"],
        dir.path(),
    ));
    let mut made: Vec<String> = std::fs::read_dir(dir.path().join("out"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    made.sort();
    assert_eq!(made, ["second.svg"]);
    let o = twixt(&["show", "two.twixt", "--game", "1"], dir.path());
    ok(&o);
    assert!(
        text(&o).starts_with("first\n") && !text(&o).contains("second"),
        "{}",
        text(&o)
    );
    ok(&twixt(
        &["book", "two.twixt", "--game", "2", "-o", "b.html"],
        dir.path(),
    ));
    let html = read(dir.path().join("b.html"));
    assert!(
        html.contains("<h1>Second</h1>") && !html.contains(">First<"),
        "{html}"
    );
    ok(&twixt(
        &["sheet", "two.twixt", "--game", "1", "-o", "s.svg"],
        dir.path(),
    ));

    // Past the end: TwixT's words, exit 2, nothing written.
    for (twrs, twixt_file, asked) in [
        ("two.twixt", "tw.twixt", "3"),
        ("two.twixt", "tw.twixt", "0"),
        ("one.twixt", "tw1.twixt", "2"),
    ] {
        let o = twixt(&["render", twrs, "--game", asked, "-o", "x/"], dir.path());
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        let t = twixt(
            &["render", twixt_file, "--game", asked, "-o", "x/"],
            dir.path(),
        );
        assert_eq!(t.status.code(), Some(2), "{}", text(&t));
        assert_eq!(
            text(&o).replace(twrs, "FILE"),
            text(&t).replace(twixt_file, "FILE")
        );
        assert!(
            text(&o).contains(&format!("--game {asked} does not exist")),
            "{}",
            text(&o)
        );
        assert!(!dir.path().join("x").exists());
    }
    // A file of one game: --game 1 is that game.
    ok(&twixt(
        &["render", "one.twixt", "--game", "1", "-o", "one/"],
        dir.path(),
    ));
    assert!(dir.path().join("one/p.svg").exists());
}

#[test]
fn a_twrs_book_is_drawn_in_the_books_style_and_its_points_own() {
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        "{}3. 6 d7-d10\n#diagram name=q style=green.yaml\n",
        game("")
    );
    std::fs::write(dir.path().join("g.twixt"), script).unwrap();
    std::fs::write(
        dir.path().join("green.yaml"),
        "red: \"#00aa00\"\nblack: \"#7700cc\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("grey.yaml"),
        "red: \"#999999\"\nbackground: \"#fafad2\"\n",
    )
    .unwrap();
    ok(&twixt(
        &["book", "g.twixt", "--style", "grey.yaml", "-o", "b.html"],
        dir.path(),
    ));
    let html = read(dir.path().join("b.html"));
    let figure = |n: u32| -> &str {
        let at = html.find(&format!("<figure id=\"diagram-{n}\">")).unwrap();
        &html[at..at + html[at..].find("</figure>").unwrap()]
    };
    // The book's style: grey orange towers on its background.
    assert!(
        figure(1).contains("fill=\"#999999\"") && figure(1).contains("fill=\"#fafad2\""),
        "{}",
        figure(1)
    );
    assert!(!figure(1).contains("#f08a24"), "{}", figure(1));
    // The point's own style.
    assert!(figure(2).contains("fill=\"#00aa00\""), "{}", figure(2));
    assert!(figure(2).contains("fill=\"#7700cc\""), "{}", figure(2));
    // Without --style, TWRS's own look.
    ok(&twixt(&["book", "g.twixt", "-o", "d.html"], dir.path()));
    let own = read(dir.path().join("d.html"));
    assert!(own.contains("fill=\"#f08a24\""));

    // The Typst source's figures are drawn in the same styles.
    ok(&twixt(
        &["book", "g.twixt", "--style", "grey.yaml", "-o", "t/b.typ"],
        dir.path(),
    ));
    let svgs: Vec<String> = ["1", "2"]
        .iter()
        .map(|n| {
            let folder = std::fs::read_dir(dir.path().join("t"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .find(|p| p.is_dir())
                .expect("a figures folder");
            read(folder.join(format!("{n}.svg")))
        })
        .collect();
    assert!(svgs[0].contains("fill=\"#999999\""), "{}", svgs[0]);
    assert!(svgs[1].contains("fill=\"#00aa00\""), "{}", svgs[1]);
}

/// The book of the rulebook's figures as a PDF in the print style: the
/// pages' text is there (the colours are checked on the SVG above).
#[test]
fn a_twrs_pdf_book_takes_a_style() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["book", &figures(), "--style", "print", "-o", "b.pdf"],
        dir.path(),
    );
    ok(&o);
    let pdf = dir.path().join("b.pdf");
    let Some(words) = common::poppler("pdftotext", &[&pdf.to_string_lossy(), "-"]) else {
        eprintln!("skipped: pdftotext is not installed");
        return;
    };
    assert!(words.contains("Markeerstenen"), "{words}");
}

#[test]
fn the_viewer_draws_twrs_boards_and_figures_in_the_pages_style() {
    let dir = game_dir();
    std::fs::write(
        dir.path().join("green.yaml"),
        "red: \"#00aa00\"\nmark: \"#123456\"\n",
    )
    .unwrap();
    ok(&twixt(
        &["view", "g.twixt", "--style", "green.yaml", "-o", "g.html"],
        dir.path(),
    ));
    let page = read(dir.path().join("g.html"));
    // The boards are in the page's data: Orange's towers in the style's red.
    assert!(page.contains("#00aa00"));
    assert!(!page.contains("#f08a24"), "TWRS's own orange is replaced");
    // The current move's ring takes the style's mark.
    assert!(page.contains("#123456"));
    ok(&twixt(&["view", "g.twixt", "-o", "d.html"], dir.path()));
    assert!(read(dir.path().join("d.html")).contains("#f08a24"));
}

/// A typeset book sets a TWRS figure at the book's hole pitch, as it sets a
/// TwixT diagram: a line spacing of the board is one pitch (3 mm unless
/// `--diagram-size` says otherwise), so the rulebook's 11-line figures fit
/// several to a page; a full board's width sets the widest figure to it.
#[test]
fn a_typeset_book_sets_twrs_figures_at_its_hole_pitch() {
    let dir = tempfile::tempdir().unwrap();
    let book = figures();
    let width = |size: Option<&str>| -> f64 {
        let mut args = vec!["book", book.as_str(), "-o", "t/b.typ"];
        if let Some(s) = size {
            args.extend(["--diagram-size", s]);
        }
        ok(&twixt(&args, dir.path()));
        let typ = read(dir.path().join("t/b.typ"));
        let figure = typ.find("(file: \"").expect("a figure");
        let at = figure + typ[figure..].find("width: ").unwrap() + "width: ".len();
        let mm = &typ[at..at + typ[at..].find("mm").unwrap()];
        mm.parse().unwrap()
    };
    // 12.1 line spacings wide: 10 between the outer lines, a margin of
    // 0.6 on each side and the row numbers' band of 0.9.
    let default = width(None);
    assert!((default - 36.3).abs() < 0.01, "{default}");
    let five = width(Some("5mm"));
    assert!((five - 60.5).abs() < 0.01, "{five}");
    let full = width(Some("60mm"));
    assert!((full - 60.0).abs() < 0.01, "{full}");
}
