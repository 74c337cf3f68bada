//! `twixt book`: the split points, captions, "N at hole" notes and variation
//! diagrams of the HTML book; the PDF read back by poppler; bad input.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{poppler, shared_games, twixt};

fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

fn book(input: &Path, out: &Path, extra: &[&str]) -> String {
    let mut args = vec!["book", input.to_str().unwrap(), "-o", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let o = twixt(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(out).unwrap()
}

/// The text of every element of class `class`, in order.
fn class_texts(html: &str, class: &str) -> Vec<String> {
    let open = format!("class=\"{class}\">");
    html.match_indices(&open)
        .map(|(i, _)| {
            let rest = &html[i + open.len()..];
            rest[..rest.find('<').unwrap()].to_string()
        })
        .collect()
}

#[test]
fn dujardin_book_matches_its_golden_file() {
    let dir = tempfile::tempdir().unwrap();
    let html = book(
        &repo("diagrams/dujardin.twixt"),
        &dir.path().join("b.html"),
        &[],
    );
    let golden = repo("tests/golden/book-dujardin.html");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&golden, &html).unwrap();
    }
    let want = std::fs::read_to_string(&golden).unwrap();
    assert!(
        html == want,
        "book differs from {}; BLESS=1 rewrites it",
        golden.display()
    );
    // One figure per diagram point of the script (the game has one after every move).
    let labels = class_texts(&html, "label");
    assert_eq!(labels.len(), html.matches("<figure").count());
    assert!(
        labels.contains(&"Diagram 3 (move 1)".to_string()),
        "{labels:?}"
    );
    assert!(
        class_texts(&html, "translation")
            .contains(&"Red plays and takes a central position.".to_string())
    );
}

#[test]
fn a_book_is_self_contained_with_distinct_ids() {
    let dir = tempfile::tempdir().unwrap();
    let html = book(
        &repo("diagrams/dujardin.twixt"),
        &dir.path().join("b.html"),
        &[],
    );
    assert!(!html.contains("<script") && !html.contains("src=") && !html.contains("<link"));
    let without_ns = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    assert!(!without_ns.contains("http://") && !without_ns.contains("https://"));
    let mut ids: Vec<&str> = html
        .match_indices(" id=\"")
        .map(|(i, _)| {
            let rest = &html[i + 5..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "duplicate ids in the book");
    assert!(html.contains("@media print") && html.contains("break-inside:avoid"));
}

#[test]
fn moves_are_split_every_n_and_diagram_points_restart_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let html = book(
        &repo("tests/book/variations.twixt"),
        &dir.path().join("v.html"),
        &["--moves-per-diagram", "2"],
    );
    assert_eq!(
        class_texts(&html, "label"),
        [
            "Diagram 1 (moves 1–2)",
            "Diagram 2 (variation, moves 4–5)",
            "Diagram 3 (variation, moves 3–4)",
            "Diagram 4 (variation, move 5)",
            "Diagram 5 (moves 3–4)",
            "Diagram 6 (moves 5–6)",
            "Diagram 7 (moves 7–8)",
            "Diagram 8 (moves 9–10)",
            "Diagram 9 (move 11)",
        ]
    );
    assert_eq!(class_texts(&html, "moves")[0], "1. e5 2. g7");
    assert!(class_texts(&html, "moves").contains(&"5. d9?! 6. b4".to_string()));
    assert_eq!(class_texts(&html, "caption"), ["The middle game."]);
    assert_eq!(class_texts(&html, "translation"), ["Le milieu de partie."]);
    // Variations nest: the inner one sits inside the outer one.
    let outer = html.find("<div class=\"variation\">").unwrap();
    let inner = html[outer + 1..].find("<div class=\"variation\">").unwrap() + outer + 1;
    assert!(html[outer..inner].contains("Better was"));
    assert!(html[inner..].find("4. d8 5. c3").unwrap() < html[inner..].find("</div>").unwrap());
    // Default split of 20: one diagram for the 11 moves, plus the variations'.
    let html = book(
        &repo("tests/book/variations.twixt"),
        &dir.path().join("w.html"),
        &[],
    );
    assert_eq!(
        class_texts(&html, "label"),
        [
            "Diagram 1 (variation, moves 4–5)",
            "Diagram 2 (variation, moves 3–5)",
            "Diagram 3 (moves 1–8)",
            "Diagram 4 (moves 9–11)"
        ]
    );
}

#[test]
fn a_little_golem_game_is_split_and_its_swap_listed() {
    let Some(games) = shared_games() else { return };
    let dir = tempfile::tempdir().unwrap();
    let html = book(
        &games.join("littlegolem/game1107581.tsgf"),
        &dir.path().join("lg.html"),
        &[],
    );
    assert_eq!(
        class_texts(&html, "label"),
        ["Diagram 1 (moves 1–20)", "Diagram 2 (moves 21–39)"]
    );
    // Move 1's peg was swapped away: its number stands under the diagram.
    assert_eq!(class_texts(&html, "notes"), ["1 at c8, 2 swap"]);
    assert!(html.contains("Black won by resignation at move 39"));
}

#[test]
fn the_pdf_book_reads_back_with_its_pages_captions_and_paper() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("v.pdf");
    let o = twixt(&[
        "book",
        repo("tests/book/variations.twixt").to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--paper",
        "letter",
        "--moves-per-diagram",
        "4",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let Some(info) = poppler("pdfinfo", &[pdf.to_str().unwrap()]) else {
        return;
    };
    assert!(info.contains("Page size:       612 x 792 pts"), "{info}");
    assert!(info.contains("Title:           Variations"), "{info}");
    let text = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "A short game to show variations.",
        "1. e5 2. g7",
        "Diagram 3 (moves 1–4)",
        "Diagram 4 (moves 5–8)",
        "The middle game.",
        "Le milieu de partie.",
    ] {
        assert!(flat.contains(want), "{want} missing from {flat}");
    }
    // Each page carries its number on a line of its own.
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    assert!(
        info.contains(&format!("Pages:           {}", pages.len())),
        "{info}"
    );
    for (i, page) in pages.iter().enumerate() {
        let n = (i + 1).to_string();
        assert!(page.lines().any(|l| l.trim() == n), "page {n}: {page}");
    }
}

#[test]
fn a_book_of_a_file_with_errors_writes_nothing_unless_lenient() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.twixt");
    std::fs::write(&script, "[Size \"12\"]\n1. e5 2. g7\n#links 3\n3. c6\n").unwrap();
    let out = dir.path().join("bad.html");
    let o = twixt(&[
        "book",
        script.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.twixt:3:1") && err.contains("false claim"),
        "{err}"
    );
    assert!(!out.exists());
    let o = twixt(&[
        "book",
        script.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--lenient",
    ]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("false claim"));
    assert!(std::fs::read_to_string(&out).unwrap().contains("3. c6"));
    // A name that is neither .html nor .pdf is a usage error.
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(["book", script.to_str().unwrap(), "-o", "x.svg"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.path().join("x.svg").exists());
}

#[test]
fn render_and_sheet_draw_drafts_with_lenient() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("draft.twixt");
    std::fs::write(
        &script,
        "[Size \"12\"]\n1. e5 2. g7\n#links 3\n#diagram name=early\n3. c6\n#diagram name=late\n",
    )
    .unwrap();
    let s = script.to_str().unwrap();
    let pics = dir.path().join("pics");
    let p = pics.to_str().unwrap();
    let o = twixt(&["render", s, "-o", p]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!pics.exists());
    let o = twixt(&["render", s, "-o", p, "--lenient"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("warning: false claim") && err.contains("draft.twixt:3:1"),
        "{err}"
    );
    assert!(pics.join("early.svg").is_file() && pics.join("late.svg").is_file());
    let sheet = dir.path().join("s.svg");
    let o = twixt(&["sheet", s, "-o", sheet.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!sheet.exists());
    let o = twixt(&["sheet", s, "-o", sheet.to_str().unwrap(), "--lenient"]);
    assert!(o.status.success());
    assert!(sheet.is_file());
}
