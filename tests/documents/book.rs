//! `twixt book`: the split points, captions, "N at hole" notes and variation
//! diagrams of the HTML book; the PDF read back by poppler; bad input.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::webdriver::browser;
use common::{poppler, shared_games, twixt};
use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::script::move_text;

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
    texts_after(html, &format!("class=\"{class}\">"))
}

/// The text after every `open` (up to the next tag), in order.
fn texts_after(html: &str, open: &str) -> Vec<String> {
    html.match_indices(open)
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

/// A file of several games and no `--title`: each game's title is printed
/// once, as a top heading (the book's title is the first game's, and was
/// printed above it again); a title given leads the games.
#[test]
fn a_file_of_several_games_prints_each_title_once() {
    let dir = tempfile::tempdir().unwrap();
    let input = repo("diagrams/dujardin.twixt");
    let html = book(&input, &dir.path().join("b.html"), &[]);
    let first = "Les huit liaisons possibles pour 2 fiches";
    assert_eq!(html.matches(&format!(">{first}</h")).count(), 1, "{html}");
    let headings = class_free_headings(&html, "h1");
    assert_eq!(
        headings,
        [first, "La troisième fiche", "Exemple de partie"],
        "{html}"
    );
    let titled = book(&input, &dir.path().join("t.html"), &["--title", "Dujardin"]);
    assert_eq!(class_free_headings(&titled, "h1"), ["Dujardin"]);
    assert_eq!(class_free_headings(&titled, "h2")[0], first);
}

/// The text of every `<h>` heading without attributes, in order.
fn class_free_headings(html: &str, h: &str) -> Vec<String> {
    texts_after(html, &format!("<{h}>"))
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
    // Move 1's peg was swapped to the mirrored hole and keeps its number
    // there; the swap, which places no peg, stands under the diagram.
    assert_eq!(class_texts(&html, "notes"), ["2 swap"]);
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

/// Each page of `pdf` as `pdftotext -layout` reads it: its lines that are
/// not blank, without the page number at the foot (checked when `numbered`).
/// `None` when poppler is missing.
fn pdf_pages(pdf: &Path, numbered: bool) -> Option<Vec<Vec<String>>> {
    let text = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"])?;
    let info = poppler("pdfinfo", &[pdf.to_str().unwrap()]).unwrap();
    let pages: Vec<Vec<String>> = text
        .split('\u{c}')
        .map(|p| {
            p.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|p| !p.is_empty())
        .enumerate()
        .map(|(i, mut p)| {
            if numbered {
                let n = p.pop().unwrap();
                assert_eq!(n.trim(), (i + 1).to_string(), "page {} ends {n:?}", i + 1);
            }
            p
        })
        .collect();
    assert!(
        info.contains(&format!("Pages:           {}\n", pages.len())),
        "{info}"
    );
    Some(pages)
}

/// What a line of a book's text is, as far as page breaks go.
#[derive(Debug, PartialEq)]
enum Line {
    /// A game's title or one of its facts ("Rules: pencil").
    Heading,
    /// Moves: "12. f6 13. g8".
    Moves,
    /// Anything else: a comment, a caption, a diagram's coordinates.
    Other,
}

fn line_kind(line: &str, titles: &[String]) -> Line {
    let t = line.trim();
    let facts = [
        "Red",
        "Black",
        "Event",
        "Site",
        "Date",
        "Round",
        "Annotator",
        "Rules",
        "Board",
        "Result",
    ];
    // "12." first, or second after the end of a move from the line before.
    let number = |w: &str| {
        w.strip_suffix('.')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    // "Rules: pencil" in our PDF, "Rules    pencil" printed from HTML.
    let fact = |f: &&str| {
        t.strip_prefix(f)
            .is_some_and(|v| v.starts_with(": ") || v.starts_with("  "))
    };
    if titles.iter().any(|h| h == t) || facts.iter().any(fact) {
        Line::Heading
    } else if t.split_whitespace().take(2).any(number) {
        Line::Moves
    } else {
        Line::Other
    }
}

/// The page breaks of a book whose every line of moves leads to a diagram
/// unless `comment` says the line after it is a comment that go wrong: a
/// page that ends with a title block or part of one, with moves whose
/// diagram is on the next page, or with a line `kept` says must stay with
/// what follows. Each said with the pages' last and first lines.
fn bad_breaks(
    pages: &[Vec<String>],
    titles: &[String],
    comment: impl Fn(&str) -> bool,
    kept: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut bad = Vec::new();
    for (i, pair) in pages.windows(2).enumerate() {
        let (last, next) = (pair[0].last().unwrap(), &pair[1][0]);
        let what = match line_kind(last, titles) {
            Line::Heading => "a heading",
            // Moves go on over the page, or a comment follows them.
            Line::Moves if line_kind(next, titles) != Line::Moves && !comment(next) => {
                "moves apart from their diagram"
            }
            _ if kept(last) => "a line kept with the next",
            _ => continue,
        };
        bad.push(format!(
            "{what}: page {} ends {last:?}, page {} begins {:?}",
            i + 1,
            i + 2,
            next.trim()
        ));
    }
    bad
}

#[test]
fn the_dujardin_pdf_keeps_its_headings_and_moves_with_their_diagrams() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("d.pdf");
    let o = twixt(&[
        "book",
        repo("diagrams/dujardin.twixt").to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let Some(pages) = pdf_pages(&pdf, true) else {
        return;
    };
    let titles = [
        "Les huit liaisons possibles pour 2 fiches",
        "La troisième fiche",
        "Règle Dujardin",
    ]
    .map(String::from);
    // The game opens with a comment; it stays with the title above it and
    // the first move and diagram below it.
    let opening = |l: &str| l.contains("Cette courte partie") || l.contains("véritable.");
    let bad = bad_breaks(&pages, &titles, |_| false, opening);
    assert!(bad.is_empty(), "{bad:#?}");
    // The three games on five pages at most (a diagram and its caption to
    // each of the game's eleven moves).
    assert!(pages.len() <= 5, "{} pages", pages.len());
}

/// A script of `games` random games of varied lengths under varied title
/// blocks, some opening with a comment (short, or too long to be kept whole
/// with the first moves), some with comments between moves.
fn many_games(games: u64) -> (String, Vec<String>) {
    let rules = RuleSet::pencil();
    let mut s = String::new();
    let mut titles = Vec::new();
    for g in 0..games {
        let plies = [1, 3, 6, 9, 14, 22, 31, 40, 57, 75][(g * 7 % 10) as usize];
        let moves = random_game(&rules, 1000 + g, plies);
        let title = format!("Study {} of the collection", g + 1);
        s.push_str(&format!(
            "[Title \"{title}\"]\n[Rules \"pencil\"]\n[Size \"24\"]\n"
        ));
        if g % 3 == 1 {
            s.push_str("[Red \"Alice\"]\n[Black \"Bob\"]\n[Date \"2024.05.01\"]\n");
        }
        if g % 4 == 2 {
            // The title names the game in the book, not the event.
            s.push_str(&format!(
                "[Event \"Club championship, game {}\"]\n[Round \"3\"]\n[Annotator \"Carol\"]\n",
                g + 1
            ));
        }
        titles.push(title);
        s.push('\n');
        if g % 6 == 4 {
            // Too long to keep with the title block and the first diagram
            // on a page: it may break after its first two lines.
            let words = "A long introduction, which tells the story of the game at length. ";
            s.push_str(&format!("{{{}}}\n", words.repeat(8).trim()));
        } else if g % 2 == 0 {
            s.push_str(
                "{Opening words of this study, which set the scene before its first move.}\n",
            );
        }
        for (i, mv) in moves.iter().enumerate() {
            s.push_str(&format!("{}. {}\n", i + 1, move_text(mv)));
            if g % 5 == 3 && i % 12 == 11 {
                s.push_str("{A remark between the moves.}\n");
            }
        }
        s.push('\n');
    }
    (s, titles)
}

#[test]
fn a_pdf_of_many_games_never_ends_a_page_with_a_heading() {
    let dir = tempfile::tempdir().unwrap();
    let (script, titles) = many_games(40);
    let input = dir.path().join("many.twixt");
    std::fs::write(&input, &script).unwrap();
    let mut checked = 0;
    for (paper, per) in [("a4", "20"), ("a5", "10"), ("letter", "0"), ("a5", "6")] {
        let pdf = dir.path().join(format!("many-{paper}-{per}.pdf"));
        let o = twixt(&[
            "book",
            input.to_str().unwrap(),
            "-o",
            pdf.to_str().unwrap(),
            "--paper",
            paper,
            "--moves-per-diagram",
            per,
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let Some(pages) = pdf_pages(&pdf, true) else {
            return;
        };
        let bad = bad_breaks(
            &pages,
            &titles,
            |l| l.contains("A remark between"),
            |l| l.contains("Opening words") || l.contains("first move."),
        );
        assert!(
            bad.is_empty(),
            "{paper}, a diagram every {per} moves: {bad:#?}"
        );
        // Every title is there, once.
        for t in &titles {
            let n = pages.iter().flatten().filter(|l| l.trim() == t).count();
            assert_eq!(n, 1, "{t} on {paper}");
        }
        checked += pages.len();
    }
    assert!(checked > 60, "only {checked} pages");
}

#[test]
fn an_html_book_printed_by_a_browser_keeps_its_headings_with_what_follows() {
    let Some(b) = browser() else { return };
    let dir = tempfile::tempdir().unwrap();
    let (script, titles) = many_games(40);
    let input = dir.path().join("many.twixt");
    std::fs::write(&input, &script).unwrap();
    let html = dir.path().join("many.html");
    book(&input, &html, &[]);
    b.open(&html, "");
    let pdf = dir.path().join("printed.pdf");
    std::fs::write(&pdf, b.print_pdf()).unwrap();
    let Some(pages) = pdf_pages(&pdf, false) else {
        return;
    };
    assert!(pages.len() > 30, "{} pages", pages.len());
    // The browser is not asked to keep a game's opening comment with its
    // first moves.
    let bad = bad_breaks(
        &pages,
        &titles,
        |l| l.contains("A remark between"),
        |_| false,
    );
    assert!(bad.is_empty(), "{bad:#?}");
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

/// A word of a PDF page as `pdftotext -bbox` places it: its page (from 0),
/// its box in points (y down) and its text.
#[derive(Debug, Clone)]
struct Word {
    page: usize,
    x: f64,
    top: f64,
    bottom: f64,
    text: String,
}

/// Every word of `pdf` with its place, read by poppler.
fn pdf_words_placed(pdf: &Path) -> Option<Vec<Word>> {
    let xml = poppler("pdftotext", &["-bbox", pdf.to_str().unwrap(), "-"])?;
    let mut words = Vec::new();
    let mut page = 0;
    for (i, chunk) in xml.split("<page ").enumerate().skip(1) {
        page = i - 1;
        for w in chunk.split("<word ").skip(1) {
            let attr = |name: &str| -> f64 {
                let at = w.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                w[at..at + w[at..].find('"').unwrap()].parse().unwrap()
            };
            let text = &w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()];
            words.push(Word {
                page,
                x: attr("xMin"),
                top: attr("yMin"),
                bottom: attr("yMax"),
                text: text.replace("&amp;", "&"),
            });
        }
    }
    let _ = page;
    Some(words)
}

#[test]
fn rows_of_diagrams_share_a_baseline_and_stand_on_the_page_of_their_moves() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("d.pdf");
    let o = twixt(&[
        "book",
        repo("diagrams/dujardin.twixt").to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let Some(words) = pdf_words_placed(&pdf) else {
        return;
    };
    // The label under each board ("Diagram 3 (move 1)"), centred under it:
    // the labels that lead a caption paragraph stand at the left margin.
    let margin = words.iter().map(|w| w.x).fold(f64::MAX, f64::min);
    let labels: Vec<(u32, u32, &Word)> = words
        .windows(4)
        .filter(|w| w[0].text == "Diagram" && w[0].x > margin + 1.0 && w[2].text == "(move")
        .map(|w| {
            let n = w[1].text.parse().unwrap();
            let mv = w[3].text.trim_end_matches(')').parse().unwrap();
            (n, mv, &w[0])
        })
        .collect();
    // The game "Exemple de partie": a diagram for each of its eleven moves.
    let game: Vec<_> = labels.iter().filter(|(_, mv, _)| *mv >= 1).collect();
    assert!(game.len() >= 11, "{labels:?}");
    // Rows: labels on one page at one height, left to right, three at most.
    let mut rows: Vec<Vec<&(u32, u32, &Word)>> = Vec::new();
    for l in game {
        match rows.last_mut() {
            Some(r) if r[0].2.page == l.2.page && (r[0].2.bottom - l.2.bottom).abs() < 0.5 => {
                assert!(r.last().unwrap().2.x < l.2.x, "{r:?} then {l:?}");
                r.push(l);
            }
            _ => rows.push(vec![l]),
        }
    }
    assert!(rows.iter().all(|r| r.len() <= 3), "{rows:?}");
    assert!(
        rows.iter().filter(|r| r.len() > 1).count() >= 3,
        "boards one to a row: {rows:?}"
    );
    // Each move a row shows is printed above that row, on its page, and the
    // moves of a row run on one line.
    for r in &rows {
        let top = r[0].2;
        let mut line = None;
        for (_, mv, _) in r {
            let number = format!("{mv}.");
            let printed: Vec<&Word> = words.iter().filter(|w| w.text == number).collect();
            let above = printed
                .iter()
                .find(|w| w.page == top.page && w.bottom < top.top)
                .unwrap_or_else(|| panic!("move {mv} not above its row {r:?}: {printed:?}"));
            let y = *line.get_or_insert(above.top);
            assert!(
                (above.top - y).abs() < 0.5,
                "the moves of {r:?} on several lines"
            );
        }
    }
}
