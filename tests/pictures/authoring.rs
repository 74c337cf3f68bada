//! What puzzle and rulebook authors set per figure and per page: upper-case
//! column letters by style, coordinates chosen per diagram point, and the
//! page title of a sheet.

use std::path::Path;
use std::process::Command;

fn twixt(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn all(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The text of the coordinates group of an SVG.
fn coords(svg: &str) -> String {
    let Some(at) = svg.find("coords\"") else {
        return String::new();
    };
    let group = &svg[at..svg[at..].find("</g>").map_or(svg.len(), |e| at + e)];
    group
        .split("\">")
        .skip(2)
        .filter_map(|t| t.split('<').next())
        .collect::<Vec<_>>()
        .join(" ")
}

const SCRIPT: &str = "[Size \"8\"]\n1. c3 2. f6\n#diagram name=plain\n#diagram name=bare coords=none\n#diagram name=all coords=all\n";

#[test]
fn column_letters_follow_the_style_and_coordinates_the_diagram_point() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.twixt"), SCRIPT).unwrap();
    std::fs::write(dir.path().join("upper.yaml"), "coord_case: upper\n").unwrap();
    let o = twixt(&["render", "p.twixt", "-o", "out"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    let read = |n: &str| std::fs::read_to_string(dir.path().join("out").join(n)).unwrap();
    let plain = coords(&read("plain.svg"));
    assert!(
        plain.contains("a b c d e f g h") && plain.contains('8'),
        "{plain}"
    );
    assert!(
        coords(&read("bare.svg")).is_empty(),
        "coords=none draws no coordinates"
    );
    assert_eq!(read("plain.svg").matches(">h</text>").count(), 1);
    // `all` puts the letters above and below.
    assert_eq!(read("all.svg").matches(">h</text>").count(), 2);
    let o = twixt(
        &["render", "p.twixt", "--style", "upper.yaml", "-o", "up"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    let up = coords(&std::fs::read_to_string(dir.path().join("up/plain.svg")).unwrap());
    assert!(up.contains("A B C D E F G H"), "{up}");
    assert!(!up.contains('a'), "{up}");
}

#[test]
fn a_bad_coords_option_is_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("b.twixt"),
        "[Size \"8\"]\n1. c3\n#diagram coords=middle\n",
    )
    .unwrap();
    let o = twixt(&["check", "b.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", all(&o));
    assert!(all(&o).contains("b.twixt:3:10"), "{}", all(&o));
    assert!(all(&o).contains("coordinate sides"), "{}", all(&o));
}

#[test]
fn a_sheet_takes_a_page_title_or_none() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("p.twixt"),
        format!("[Title \"Game title\"]\n{SCRIPT}"),
    )
    .unwrap();
    let o = twixt(
        &["sheet", "p.twixt", "--title", "Puzzles 1–6", "-o", "s.svg"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    let svg = std::fs::read_to_string(dir.path().join("s.svg")).unwrap();
    assert!(
        svg.contains(">Puzzles 1–6</text>") && !svg.contains("Game title"),
        "title replaced"
    );
    let o = twixt(
        &["sheet", "p.twixt", "--title", "", "-o", "n.svg"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    let svg = std::fs::read_to_string(dir.path().join("n.svg")).unwrap();
    assert!(
        !svg.contains("id=\"title\"") && !svg.contains("Game title"),
        "no title"
    );
}

#[test]
fn a_sheet_keeps_only_the_diagram_points_named_like_a_pattern() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Size \"8\"]\n1. c3\n#diagram name=task-1\n2. f6\n#diagram name=solution-1\n3. d5\n#diagram name=task-2\n";
    std::fs::write(dir.path().join("p.twixt"), script).unwrap();
    let o = twixt(
        &["sheet", "p.twixt", "--only", "task-*", "-o", "tasks.svg"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    let svg = std::fs::read_to_string(dir.path().join("tasks.svg")).unwrap();
    assert_eq!(
        svg.matches("diagram\" transform").count(),
        2,
        "two task diagrams"
    );
    let o = twixt(
        &["sheet", "p.twixt", "--only", "sol?tion-*", "-o", "sol.svg"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    let svg = std::fs::read_to_string(dir.path().join("sol.svg")).unwrap();
    assert_eq!(
        svg.matches("diagram\" transform").count(),
        1,
        "one solution"
    );
    let o = twixt(
        &["sheet", "p.twixt", "--only", "hint-*", "-o", "none.svg"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        all(&o).contains("no diagram point is named like `hint-*`"),
        "{}",
        all(&o)
    );
    assert!(!dir.path().join("none.svg").exists());
}

#[test]
fn the_side_to_move_shows_by_style_or_by_diagram_point() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Size \"8\"]\n1. c3 2. f6\n#diagram name=asked to-move=yes\n#diagram name=default\n3. d5\n#diagram name=off to-move=no\n";
    std::fs::write(dir.path().join("p.twixt"), script).unwrap();
    std::fs::write(dir.path().join("marker.yaml"), "to_move_marker: true\n").unwrap();
    let o = twixt(&["render", "p.twixt", "-o", "a"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    let read = |d: &str, n: &str| std::fs::read_to_string(dir.path().join(d).join(n)).unwrap();
    assert!(read("a", "asked.svg").contains(">Red to play</text>"));
    assert!(read("a", "asked.svg").contains("class=\"to-move red\""));
    assert!(!read("a", "default.svg").contains("to play"));
    let o = twixt(
        &["render", "p.twixt", "--style", "marker.yaml", "-o", "b"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    assert!(read("b", "default.svg").contains(">Red to play</text>"));
    assert!(
        !read("b", "off.svg").contains("to play"),
        "to-move=no wins over the style"
    );
    // Black moves after move 3.
    std::fs::write(
        dir.path().join("q.twixt"),
        "[Size \"8\"]\n1. c3\n#diagram name=b to-move=yes\n",
    )
    .unwrap();
    let o = twixt(&["render", "q.twixt", "-o", "c"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    assert!(read("c", "b.svg").contains(">Black to play</text>"));
    std::fs::write(
        dir.path().join("r.twixt"),
        "[Size \"8\"]\n1. c3\n#diagram to-move=maybe\n",
    )
    .unwrap();
    let o = twixt(&["check", "r.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(all(&o).contains("to-move=yes or to-move=no"), "{}", all(&o));
}

#[test]
fn captions_name_the_task_of_a_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Size \"10\"]\n[Task \"Red to play and win\"]\n[TaskTranslation \"Rood speelt en wint\"]\n1. c3 2. f6\n#diagram name=p caption=\"Puzzle 1: {task}\" translation=\"{task}\"\n";
    std::fs::write(dir.path().join("p.twixt"), script).unwrap();
    let o = twixt(&["render", "p.twixt", "-o", "o"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    let svg = std::fs::read_to_string(dir.path().join("o/p.svg")).unwrap();
    assert!(
        svg.contains(">Puzzle 1: Red to play and win</text>"),
        "{svg}"
    );
    let o = twixt(&["book", "p.twixt", "-o", "b.html"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    let html = std::fs::read_to_string(dir.path().join("b.html")).unwrap();
    assert!(
        html.contains("Rood speelt en wint"),
        "the translation names the translated task"
    );
    std::fs::write(
        dir.path().join("n.twixt"),
        "[Size \"10\"]\n1. c3\n#diagram caption=\"{task}\"\n",
    )
    .unwrap();
    let o = twixt(&["check", "n.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(all(&o).contains("no [Task"), "{}", all(&o));
}

/// The `y` of every `<text …>` inside the group with this id.
fn text_ys(svg: &str, group: &str) -> Vec<f64> {
    let Some(at) = svg.find(&format!("id=\"{group}\"")) else {
        return Vec::new();
    };
    let body = &svg[at..at + svg[at..].find("</g>").unwrap()];
    body.split("<text")
        .skip(1)
        .filter_map(|t| {
            let y = t.split(" y=\"").nth(1)?;
            y[..y.find('"')?].parse().ok()
        })
        .collect()
}

fn view_box(svg: &str) -> Vec<f64> {
    let at = svg.find("viewBox=\"").unwrap() + 9;
    svg[at..at + svg[at..].find('"').unwrap()]
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect()
}

const LONG: &str = "Red links both pegs at once, and Black's lone peg cannot stop the chain from reaching the far edge of the board in two more moves.";

#[test]
fn captions_go_above_or_below_by_style_and_by_diagram_point() {
    let dir = tempfile::tempdir().unwrap();
    let script = "[Size \"8\"]\n1. c3 2. f6\n#diagram name=below caption=\"Below.\"\n#diagram name=above caption=\"Above.\" caption-position=above\n".to_string();
    std::fs::write(dir.path().join("p.twixt"), script).unwrap();
    std::fs::write(dir.path().join("over.yaml"), "caption_position: above\n").unwrap();
    let o = twixt(&["render", "p.twixt", "-o", "out"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    let read = |n: &str| std::fs::read_to_string(dir.path().join(n)).unwrap();
    // Row numbers sit at the holes' heights: rows 1 to 8 are y = 0 to 7.
    let below = text_ys(&read("out/below.svg"), "caption");
    let above = text_ys(&read("out/above.svg"), "caption");
    assert!(below.len() == 1 && below[0] > 7.0, "{below:?}");
    assert!(above.len() == 1 && above[0] < 0.0, "{above:?}");
    // The picture grows upwards to hold it.
    assert!(view_box(&read("out/above.svg"))[1] < view_box(&read("out/below.svg"))[1]);
    // The style's caption_position: above puts every caption over the board.
    let o = twixt(
        &["render", "p.twixt", "--style", "over.yaml", "-o", "styled"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    assert!(text_ys(&read("styled/below.svg"), "caption")[0] < 0.0);
    // A bad value is an error that points at it.
    std::fs::write(
        dir.path().join("bad.twixt"),
        "1. c3\n#diagram caption-position=middle\n",
    )
    .unwrap();
    let o = twixt(&["check", "bad.twixt"], dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert!(
        all(&o).contains("expected `above` or `below`"),
        "{}",
        all(&o)
    );
}

#[test]
fn a_long_caption_under_a_small_board_keeps_a_readable_measure() {
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        "[Size \"6\"]\n1. c3 2. d5\n#diagram name=long caption=\"{LONG}\"\n#diagram name=short caption=\"Short.\"\n#diagram name=none\n"
    );
    std::fs::write(dir.path().join("p.twixt"), script).unwrap();
    std::fs::write(dir.path().join("narrow.yaml"), "caption_width: 0\n").unwrap();
    let o = twixt(&["render", "p.twixt", "-o", "out"], dir.path());
    assert!(o.status.success(), "{}", all(&o));
    let o = twixt(
        &[
            "render",
            "p.twixt",
            "--style",
            "narrow.yaml",
            "-o",
            "narrow",
        ],
        dir.path(),
    );
    assert!(o.status.success(), "{}", all(&o));
    let read = |n: &str| std::fs::read_to_string(dir.path().join(n)).unwrap();
    let board = view_box(&read("out/none.svg"));
    let long = view_box(&read("out/long.svg"));
    // A short caption widens nothing; a long one widens the picture to the
    // style's caption width (16 spacings) around the centred board.
    assert_eq!(view_box(&read("out/short.svg"))[2], board[2]);
    assert!(
        long[2] > board[2] + 3.0 && long[2] <= 16.0,
        "{long:?} {board:?}"
    );
    assert!(
        (long[0] + long[2] / 2.0 - (board[0] + board[2] / 2.0)).abs() < 1e-6,
        "centred"
    );
    let lines = text_ys(&read("out/long.svg"), "caption").len();
    let narrow = text_ys(&read("narrow/long.svg"), "caption").len();
    // Tied to the board's width the same caption takes many more lines.
    assert!(lines <= 4 && narrow >= lines + 3, "{lines} vs {narrow}");
}
