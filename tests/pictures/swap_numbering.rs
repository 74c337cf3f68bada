//! A swapped first peg is drawn and numbered one way by `render`, `sheet`,
//! `book` and `view`: it keeps the number of the move that set it ("1"),
//! where the rule set leaves it (mirrored to Black's side by the mirror
//! swap, in place and Red by the colour swap), and the swap, which places
//! no peg, is move 2 with its number on no peg.

use crate::common;
use common::twixt;

use std::path::Path;

/// Pencil rules swap by mirroring: c5 (column 2, row 4 from 0) becomes
/// Black's peg at e3 (column 4, row 2).
const MIRROR: &str = "[Rules \"pencil\"]\n1. c5 2. swap 3. m12\n#diagram name=after numbers=all\n";
/// Board rules swap colours: the peg stays at c5, Red's.
const COLOURS: &str = "[Rules \"board\"]\n1. c5 2. swap 3. m12\n#diagram name=after numbers=all\n";

fn run(dir: &Path, args: &[&str]) {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("twixt runs");
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The `<text>` labels of the pegs in an SVG: (class of their group,
/// x, y rounded to the hole, text).
fn peg_labels(svg: &str) -> Vec<(String, i64, i64, String)> {
    let mut out = Vec::new();
    let Some(start) = svg
        .find("id=\"labels\"")
        .or_else(|| svg.find("labels\" font"))
    else {
        return out;
    };
    let body = &svg[start..];
    let body = &body[..body.find("</g>\n</g>").unwrap_or(body.len())];
    let mut class = String::new();
    for line in body.lines() {
        if let Some(c) = line.strip_prefix("<g class=\"") {
            class = c[..c.find('"').unwrap()].to_string();
        }
        if let Some(t) = line.strip_prefix("<text x=\"") {
            let x: f64 = t[..t.find('"').unwrap()].parse().unwrap();
            let y_at = t.find("y=\"").unwrap() + 3;
            let y: f64 = t[y_at..y_at + t[y_at..].find('"').unwrap()]
                .parse()
                .unwrap();
            let text = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            out.push((
                class.clone(),
                x.round() as i64,
                y.floor() as i64,
                text.to_string(),
            ));
        }
    }
    out
}

/// What each command must show: the first peg's label "1" on its hole
/// and colour, and no "2" anywhere.
fn assert_first_peg(
    labels: &[(String, i64, i64, String)],
    class: &str,
    col: i64,
    row: i64,
    what: &str,
) {
    assert!(
        labels
            .iter()
            .any(|(c, x, y, t)| c == class && *x == col && *y == row && t == "1"),
        "{what}: no \"1\" {class} at ({col}, {row}) in {labels:?}"
    );
    assert!(
        !labels.iter().any(|(_, _, _, t)| t == "2"),
        "{what}: the swap's number stands on a peg: {labels:?}"
    );
    assert!(
        labels.iter().any(|(_, _, _, t)| t == "3"),
        "{what}: move 3 is not numbered: {labels:?}"
    );
}

fn check_all_commands(script: &str, class: &str, col: i64, row: i64, hole: &str) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("g.twixt"), script).unwrap();
    let read = |name: &str| std::fs::read_to_string(d.join(name)).unwrap();

    // render: the script's diagram point, and the game by move (a record's way).
    run(d, &["render", "g.twixt", "-o", "point.svg"]);
    assert_first_peg(
        &peg_labels(&read("point.svg")),
        class,
        col,
        row,
        "render (diagram point)",
    );
    run(d, &["render", "g.twixt", "--final", "-o", "final.svg"]);
    assert_first_peg(
        &peg_labels(&read("final.svg")),
        class,
        col,
        row,
        "render --final",
    );

    // sheet: the page holds the diagram scaled, its labels in hole units.
    run(d, &["sheet", "g.twixt", "-o", "sheet.svg"]);
    assert_first_peg(&peg_labels(&read("sheet.svg")), class, col, row, "sheet");

    // book: the figure numbers the peg; the notes name the swap, not "1 at …".
    run(d, &["book", "g.twixt", "-o", "book.html"]);
    let book = read("book.html");
    assert_first_peg(&peg_labels(&book), class, col, row, "book");
    assert!(
        !book.contains("1 at "),
        "book notes the first peg as moved away"
    );
    assert!(book.contains("2 swap"), "book does not note the swap");

    // view: the page's data numbers the peg standing at that hole "1" from
    // the swap on, and its diagram point's figure draws it so.
    run(d, &["view", "g.twixt", "-o", "view.html"]);
    let html = read("view.html");
    let at = html.find("id=\"twixt-data\">").unwrap() + 16;
    let end = at + html[at..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[at..end]).unwrap();
    let game = &data["games"][0];
    let black = class == "on-black";
    let peg = game["pegs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p[0] == serde_json::json!(u8::from(black)) && p[1] == col && p[2] == row)
        .unwrap_or_else(|| panic!("view: no peg at {hole}: {}", game["pegs"]));
    // Shown from the ply it stands since; its number is that ply unless the
    // sixth field says otherwise for that span.
    let spans: Vec<u64> = peg[3]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let since = spans[1];
    let number = match peg.get(5) {
        Some(n) => {
            let n: Vec<u64> = n
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            assert_eq!((n[0], n[1]), (spans[0], since), "view: {peg}");
            n[2]
        }
        None => since,
    };
    assert_eq!(number, 1, "view numbers the first peg {number}: {peg}");
}

#[test]
fn a_mirror_swapped_first_peg_is_blacks_numbered_1_by_every_command() {
    check_all_commands(MIRROR, "on-black", 4, 2, "e3");
}

#[test]
fn a_colour_swapped_first_peg_stays_reds_numbered_1_by_every_command() {
    check_all_commands(COLOURS, "on-red", 2, 4, "c5");
}

#[test]
fn the_view_data_keep_no_renumbering_without_a_swap() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("g.twixt"),
        "[Rules \"pencil\"]\n1. c5 2. e3 3. m12\n",
    )
    .unwrap();
    let o = twixt(&[
        "view",
        d.join("g.twixt").to_str().unwrap(),
        "-o",
        d.join("v.html").to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let html = std::fs::read_to_string(d.join("v.html")).unwrap();
    let at = html.find("id=\"twixt-data\">").unwrap() + 16;
    let end = at + html[at..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[at..end]).unwrap();
    for p in data["games"][0]["pegs"].as_array().unwrap() {
        assert_eq!(p.as_array().unwrap().len(), 5, "{p}");
    }
}
