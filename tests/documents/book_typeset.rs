//! The typeset PDF book read back by poppler: pages, bookmarks, type sizes,
//! one diagram scale, hyphenation, move numbers after a setup, hostile
//! titles printed as written; Typst source output, templates and their
//! errors; booklets of many files.

use crate::common;

use std::path::{Path, PathBuf};

use common::{poppler, twixt};

fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// Runs `twixt book ARGS`, which must succeed.
fn book(args: &[&str]) {
    let mut all = vec!["book"];
    all.extend_from_slice(args);
    let o = twixt(&all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A word of a page with its box, in points from the page's top left.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Word {
    fn height(&self) -> f64 {
        self.y1 - self.y0
    }
    fn centre(&self) -> f64 {
        (self.x0 + self.x1) / 2.0
    }
}

/// The words of each page as `pdftotext -bbox` reads them; `None` when
/// poppler is missing.
fn pages_of_words(pdf: &Path) -> Option<Vec<Vec<Word>>> {
    let xml = poppler("pdftotext", &["-bbox", s(pdf), "-"])?;
    let mut pages = Vec::new();
    for page in xml.split("<page ").skip(1) {
        let mut words = Vec::new();
        for w in page.split("<word ").skip(1) {
            let attr = |name: &str| -> f64 {
                let at = w.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                w[at..at + w[at..].find('"').unwrap()].parse().unwrap()
            };
            let text = &w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()];
            words.push(Word {
                text: text
                    .replace("&amp;", "&")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&apos;", "'"),
                x0: attr("xMin"),
                y0: attr("yMin"),
                x1: attr("xMax"),
                y1: attr("yMax"),
            });
        }
        pages.push(words);
    }
    Some(pages)
}

/// The PDF's text, whitespace folded to single spaces.
fn flat_text(pdf: &Path) -> Option<String> {
    let text = poppler("pdftotext", &[s(pdf), "-"])?;
    Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The titles of the PDF's outline (bookmarks), as poppler reads them.
fn outline(pdf: &Path) -> Option<Vec<String>> {
    let xml = poppler("pdftohtml", &["-xml", "-i", "-stdout", "-q", s(pdf)])?;
    let Some(start) = xml.find("<outline>") else {
        return Some(Vec::new());
    };
    Some(
        xml[start..]
            .split("<item")
            .skip(1)
            .map(|i| {
                let t = &i[i.find('>').unwrap() + 1..];
                t[..t.find("</item>").unwrap()].trim().to_string()
            })
            .collect(),
    )
}

fn page_count(pdf: &Path) -> Option<usize> {
    let info = poppler("pdfinfo", &[s(pdf)])?;
    let line = info.lines().find(|l| l.starts_with("Pages:")).unwrap();
    Some(line[6..].trim().parse().unwrap())
}

/// The hole pitch of each diagram on `words`, in points: the distance
/// between neighbouring column letters of a row of coordinates (a, b, c…
/// at one height).
fn pitches(words: &[Word]) -> Vec<f64> {
    letter_rows(words)
        .iter()
        .map(|run| {
            let span = run[run.len() - 1].centre() - run[0].centre();
            span / (run.len() - 1) as f64
        })
        .collect()
}

/// The rows of column letters of the diagrams on `words` (a, b, c, … at
/// one height, at least five), left to right.
fn letter_rows(words: &[Word]) -> Vec<Vec<Word>> {
    let letters: Vec<&Word> = words
        .iter()
        .filter(|w| w.text.len() == 1 && w.text.as_bytes()[0].is_ascii_lowercase())
        .collect();
    let mut out = Vec::new();
    let mut used = vec![false; letters.len()];
    for (i, a) in letters.iter().enumerate() {
        if a.text != "a" || used[i] {
            continue;
        }
        // The run a, b, c, … to the right of this `a`, at its height.
        let mut run = vec![(*a).clone()];
        loop {
            let last = &run[run.len() - 1];
            let next = (last.text.as_bytes()[0] + 1) as char;
            let found = letters.iter().enumerate().find(|(k, w)| {
                !used[*k]
                    && w.text.starts_with(next)
                    && (w.y0 - last.y0).abs() < 0.5
                    && w.x0 > last.x0
                    && w.x0 - last.x1 < 30.0
            });
            match found {
                Some((k, w)) => {
                    used[k] = true;
                    run.push((*w).clone());
                }
                None => break,
            }
        }
        if run.len() >= 5 {
            out.push(run);
        }
    }
    out
}

#[test]
fn the_dujardin_book_fits_five_a4_pages_at_one_scale_with_a_bookmark_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("d.pdf");
    book(&[s(&repo("diagrams/dujardin.twixt")), "-o", s(&pdf)]);
    let Some(pages) = page_count(&pdf) else {
        return;
    };
    assert!(pages <= 5, "{pages} pages");
    assert_eq!(
        outline(&pdf).unwrap(),
        [
            "Les huit liaisons possibles pour 2 fiches",
            "La troisième fiche",
            "Exemple de partie"
        ]
    );
    // Every diagram at one hole pitch, 3 mm by default.
    let words = pages_of_words(&pdf).unwrap();
    let all: Vec<f64> = words.iter().flat_map(|p| pitches(p)).collect();
    assert!(all.len() >= 10, "{all:?}");
    let mm = 72.0 / 25.4;
    for p in &all {
        assert!((p / (3.0 * mm) - 1.0).abs() < 0.01, "{p} pt in {all:?}");
    }
    // The translation is there, after its caption.
    let text = flat_text(&pdf).unwrap();
    assert!(text.contains("The eight possible links between two pegs."));
}

#[test]
fn body_text_is_10_to_11_points_and_labels_at_least_8_5() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("v.pdf");
    book(&[s(&repo("tests/book/variations.twixt")), "-o", s(&pdf)]);
    let Some(pages) = pages_of_words(&pdf) else {
        return;
    };
    let words: Vec<&Word> = pages.iter().flatten().collect();
    // poppler's word box is the font's ascent to descent: 1.14 em in
    // Libertinus Serif.
    let size = |w: &str| -> f64 {
        let found = words.iter().find(|x| x.text == w).unwrap_or_else(|| {
            panic!(
                "{w} not in {:?}",
                words.iter().map(|x| &x.text).collect::<Vec<_>>()
            )
        });
        found.height() / 1.14
    };
    let body = size("short");
    assert!((10.0..=11.0).contains(&body), "body {body} pt");
    // A script's caption is body text after its diagram's row; the label
    // under the board is smaller, and still readable.
    let caption = size("middle");
    assert!((caption - body).abs() < 0.2, "caption {caption} pt");
    let label = words
        .iter()
        .filter(|x| x.text == "Diagram")
        .map(|x| x.height() / 1.14)
        .fold(f64::INFINITY, f64::min);
    assert!(label >= 8.5 && label < body, "label {label} pt");
}

#[test]
fn moves_after_a_setup_are_numbered_as_the_script_writes_them() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("puzzle.twixt");
    std::fs::write(
        &script,
        "[Event \"Puzzle 1\"]\n[Size \"12\"]\n#setup red: c3 d5 f6\n#setup black: h8 j6 g3\n\
         1. e7! 2. d7 (2. f7 3. c8) 3. g8\n",
    )
    .unwrap();
    let pdf = dir.path().join("p.pdf");
    book(&[s(&script), "-o", s(&pdf)]);
    let Some(text) = flat_text(&pdf) else {
        return;
    };
    for want in [
        "Puzzle 1",
        "1. e7! 2. d7",
        "2. f7 3. c8",
        "3. g8",
        "moves 1–3",
    ] {
        assert!(text.contains(want), "{want} missing from {text}");
    }
    assert!(!text.contains("7. e7"), "{text}");
}

/// The words a `lang` book of one game broke with a hyphen at a line's end
/// (each checked to be a word of `words`), or None when poppler is absent.
fn hyphenated_words(lang: &str, words: &str) -> Option<Vec<String>> {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("book.twixt");
    std::fs::write(
        &script,
        format!(
            "[Title \"Partie\"]\n[Language \"{lang}\"]\n[Size \"12\"]\n{{{}}}\n1. e5 2. g7\n",
            words.repeat(6)
        ),
    )
    .unwrap();
    let pdf = dir.path().join("book.pdf");
    book(&[s(&script), "-o", s(&pdf), "--paper", "a5"]);
    let text = poppler("pdftotext", &[s(&pdf), "-"])?;
    // The PDF says its language, which readers and screen readers use.
    let raw = std::fs::read(&pdf).unwrap();
    let tag = format!("/Lang({lang})");
    assert!(
        raw.windows(tag.len()).any(|w| w == tag.as_bytes()),
        "the PDF does not say {tag}"
    );
    // Lines that end with a hyphen, joined to the next line's first word,
    // make a word of the comment.
    let lines: Vec<&str> = text.lines().collect();
    let mut split = Vec::new();
    for pair in lines.windows(2) {
        // Typst writes the hyphen of a broken word as a soft hyphen.
        if let Some(head) = pair[0].trim_end().strip_suffix(['-', '\u{ad}']) {
            let head = head.rsplit(' ').next().unwrap();
            let tail = pair[1].split_whitespace().next().unwrap_or("");
            let word = format!("{head}{}", tail.trim_end_matches([',', '.']));
            assert!(words.contains(&word), "{word} is no word of the text");
            split.push(word);
        }
    }
    assert!(split.len() >= 2, "no hyphenated word: {text}");
    Some(split)
}

#[test]
fn a_french_book_is_hyphenated_in_french() {
    hyphenated_words(
        "fr",
        "Les joueurs expérimentés recherchent systématiquement des configurations \
         extraordinairement intéressantes, particulièrement lorsque l'adversaire \
         construit méthodiquement des fortifications infranchissables. ",
    );
}

#[test]
fn a_german_book_is_hyphenated_in_german() {
    hyphenated_words(
        "de",
        "Erfahrene Spielerinnen untersuchen Verbindungsmöglichkeiten zwischen \
         Steckfiguren, Brückenkonstruktionen und Randbegrenzungen, besonders \
         wenn Gegenspieler Verteidigungsstellungen unüberwindbar aufbauen. ",
    );
}

#[test]
fn hostile_titles_and_comments_print_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("h.twixt");
    let title = r#"#read("/etc/passwd") ] * $x$ _y_ @z <a> \ // c"#;
    std::fs::write(
        &script,
        format!(
            "[Title \"{}\"]\n[Size \"12\"]\n{{#set page(width: 1cm) ]]] #panic(\"x\")}}\n1. e5\n\
             #diagram caption=\"*bold* $1+1$ #emph[i]\"\n",
            title.replace('\\', "\\\\").replace('"', "\\\"")
        ),
    )
    .unwrap();
    let pdf = dir.path().join("h.pdf");
    book(&[s(&script), "-o", s(&pdf)]);
    let Some(text) = flat_text(&pdf) else {
        return;
    };
    // As written, its straight quotes made curly as English sets them.
    for want in [
        title,
        "#set page(width: 1cm) ]]] #panic(\"x\")",
        "*bold* $1+1$ #emph[i]",
    ] {
        let want = twixtkit::messages::typographic(want, "en");
        assert!(text.contains(&want), "{want} missing from {text}");
    }
    assert!(!text.contains("root:"));
    // The page is still A4.
    let info = poppler("pdfinfo", &[s(&pdf)]).unwrap();
    assert!(info.contains("595.276 x 841.89 pts"), "{info}");
}

#[test]
fn typst_source_is_written_with_its_figures_and_template() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    let typ = out.join("duj.typ");
    book(&[s(&repo("diagrams/dujardin.twixt")), "-o", s(&typ)]);
    let source = std::fs::read_to_string(&typ).unwrap();
    assert!(source.contains("#import \"book-template.typ\": book"));
    let figures = std::fs::read_dir(out.join("duj-figures")).unwrap().count();
    assert_eq!(figures, 13);
    let template = out.join("book-template.typ");
    assert!(
        std::fs::read_to_string(&template)
            .unwrap()
            .contains("#let book(")
    );
    // An author's template is kept by the next run; the written one sets a PDF.
    std::fs::write(
        &template,
        std::fs::read_to_string(&template)
            .unwrap()
            .replace("10.5pt", "11pt"),
    )
    .unwrap();
    book(&[s(&repo("diagrams/dujardin.twixt")), "-o", s(&typ)]);
    assert!(std::fs::read_to_string(&template).unwrap().contains("11pt"));
    let pdf = dir.path().join("styled.pdf");
    book(&[
        s(&repo("diagrams/dujardin.twixt")),
        "-o",
        s(&pdf),
        "--template",
        s(&template),
    ]);
    // Standard output cannot hold the figures.
    let o = twixt(&[
        "book",
        s(&repo("diagrams/dujardin.twixt")),
        "-o",
        "-",
        "--format",
        "typ",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_template_error_is_located_in_the_template_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let template = dir.path().join("style.typ");
    std::fs::write(
        &template,
        "#let book(..args, body) = {\n  set text(size: 11pt)\n  no-such-thing\n  body\n}\n",
    )
    .unwrap();
    let pdf = dir.path().join("x.pdf");
    let run = |t: &Path| {
        twixt(&[
            "book",
            s(&repo("tests/book/variations.twixt")),
            "-o",
            s(&pdf),
            "--template",
            s(t),
        ])
    };
    let o = run(&template);
    // A template is an input: its errors exit 1, as a script's do.
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("{}:3:3", template.display())) && err.contains("no-such-thing"),
        "{err}"
    );
    assert!(!pdf.exists());
    // A template reads files of its own folder only, links out of it too.
    let inner = dir.path().join("inner");
    std::fs::create_dir(&inner).unwrap();
    std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.path().join("secret.txt"), inner.join("link.txt")).unwrap();
    std::fs::write(inner.join("logo.txt"), "logo words").unwrap();
    for (read, ok) in [
        ("logo.txt", true),
        ("../secret.txt", false),
        ("/etc/passwd", false),
        ("link.txt", false),
    ] {
        let t = inner.join("t.typ");
        std::fs::write(
            &t,
            format!("#let book(..args, body) = {{\n  read(\"{read}\")\n  body\n}}\n"),
        )
        .unwrap();
        let o = run(&t);
        let err = String::from_utf8_lossy(&o.stderr);
        if ok {
            assert!(o.status.success(), "{read}: {err}");
            assert!(flat_text(&pdf).is_none_or(|t| t.contains("logo words")));
            std::fs::remove_file(&pdf).unwrap();
        } else {
            assert_eq!(o.status.code(), Some(1), "{read}: {err}");
            assert!(err.contains("t.typ:2:"), "{read}: {err}");
            assert!(!err.contains("secret\n") && !pdf.exists(), "{read}: {err}");
        }
    }
}

#[test]
fn a_booklet_of_a_folder_has_a_chapter_and_bookmark_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("club");
    std::fs::create_dir(&games).unwrap();
    for (name, text) in [
        (
            "a.twixt",
            "[Red \"Alice\"]\n[Black \"Bob\"]\n[Size \"12\"]\n1. e5 2. g7 3. c6\n",
        ),
        (
            "b.twixt",
            "[Title \"Second\"]\n[Size \"12\"]\n1. f6 2. h8\n\n[Event \"Third\"]\n[Size \"12\"]\n1. d4\n",
        ),
        ("c.twixt", "[Size \"12\"]\n1. e5 {never closed\n"),
    ] {
        std::fs::write(games.join(name), text).unwrap();
    }
    let pdf = dir.path().join("club.pdf");
    // A broken file stops the booklet, unless --lenient leaves it out.
    let o = twixt(&["book", s(&games), "-o", s(&pdf)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!pdf.exists());
    book(&[
        s(&games),
        "-o",
        s(&pdf),
        "--lenient",
        "--title",
        "Club games",
    ]);
    let Some(marks) = outline(&pdf) else {
        return;
    };
    assert_eq!(
        marks,
        ["Files left out", "Alice – Bob", "Second", "Third"],
        "{marks:?}"
    );
    let text = flat_text(&pdf).unwrap();
    assert!(text.contains("Club games"));
    assert!(text.contains("c.twixt"), "{text}");
    // Two files named one by one make the same chapters.
    let two = dir.path().join("two.html");
    book(&[
        s(&games.join("a.twixt")),
        s(&games.join("b.twixt")),
        "-o",
        s(&two),
    ]);
    let html = std::fs::read_to_string(&two).unwrap();
    assert!(html.contains("Alice – Bob") && html.contains("Third"));
}

#[test]
fn a_tournament_booklet_is_grouped_by_event_and_round_with_standings() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("club");
    std::fs::create_dir(&games).unwrap();
    let game = |event: &str, round: &str, red: &str, black: &str, rest: &str| {
        format!(
            "[Event \"{event}\"]\n[Round \"{round}\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n[Size \"12\"]\n{rest}\n"
        )
    };
    for (name, text) in [
        // Black resigns: Ann wins.
        (
            "a.twixt",
            game("Club cup", "10", "Ann", "Bob", "1. e5 2. g7 3. c6 resign"),
        ),
        (
            "b.twixt",
            game("Club cup", "2", "Bob", "Cid", "1. e5 2. g7= 3. draw"),
        ),
        // Black offers a draw and Red accepts it (b); c is unfinished: it
        // scores nothing.
        ("c.twixt", game("Club cup", "1", "Cid", "Ann", "1. e5")),
        (
            "d.twixt",
            game("Spring open", "1", "Dan", "Eve", "1. e5 2. g7 3. resign")
                + "\n"
                + &game("Spring open", "2", "Eve", "Dan", "1. e5"),
        ),
    ] {
        std::fs::write(games.join(name), text).unwrap();
    }
    let pdf = dir.path().join("club.pdf");
    book(&[s(&games), "-o", s(&pdf)]);
    let Some(marks) = outline(&pdf) else {
        return;
    };
    assert_eq!(
        marks,
        [
            "Club cup",
            "Round 1: Cid – Ann",
            "Round 2: Bob – Cid, ½–½",
            "Round 10: Ann – Bob, 1–0",
            "Spring open",
            "Round 1: Dan – Eve, 0–1",
            "Round 2: Eve – Dan",
        ],
        "{marks:?}"
    );
    // The standings, a line per player: place, name, games, won, drawn,
    // lost, points; the unfinished game counts for no one.
    let table = poppler("pdftotext", &["-layout", s(&pdf), "-"]).unwrap();
    let line = |name: &str| -> Vec<String> {
        let l = table
            .lines()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no line for {name} in {table}"));
        l.split_whitespace().map(str::to_string).collect()
    };
    assert_eq!(line("Ann"), ["1", "Ann", "1", "1", "0", "0", "1"]);
    assert_eq!(line("Bob"), ["2", "Bob", "2", "0", "1", "1", "½"]);
    assert_eq!(line("Cid"), ["3", "Cid", "1", "0", "1", "0", "½"]);
    assert_eq!(line("Eve"), ["1", "Eve", "1", "1", "0", "0", "1"]);
    // In French, the table's words are French.
    let fr = dir.path().join("club-fr.html");
    book(&[s(&games), "--lang", "fr", "-o", s(&fr)]);
    let html = std::fs::read_to_string(&fr).unwrap();
    assert!(
        html.contains("<th>Joueur</th><th>Parties</th><th>Gagnées</th>")
            && html.contains("<td>Ann</td><td>1</td><td>1</td><td>0</td><td>0</td><td>1</td>")
            && html.contains("Ronde 10"),
        "{html}"
    );
}

#[test]
fn a_puzzle_book_sets_its_problems_in_a_grid_and_their_answers_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("puzzles.twixt");
    std::fs::write(
        &script,
        "[Event \"Corner fight\"]\n[Task \"Red to play and connect\"]\n[Size \"12\"]\n\
         #setup red: c3 d5\n#setup black: h8 j6\n#setup to-move: red\n1. e7! 2. d7 3. g8\n\n\
         [Title \"Bridge\"]\n[Task \"Black to play\"]\n[Size \"12\"]\n\
         #setup red: f6\n#setup black: e4\n#setup to-move: black\n1. g4 2. h6\n",
    )
    .unwrap();
    let pdf = dir.path().join("p.pdf");
    book(&[s(&script), "-o", s(&pdf)]);
    // Read line by line across the page: problems stand side by side.
    let Some(text) = poppler("pdftotext", &["-layout", s(&pdf), "-"]) else {
        return;
    };
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = |w: &str| {
        text.find(w)
            .unwrap_or_else(|| panic!("{w} missing from {text}"))
    };
    // Both problems, numbered, with their tasks, before the answers.
    assert!(at("Problems") < at("1 Red to play and connect"));
    assert!(at("1 Red to play and connect") < at("2 Black to play"));
    assert!(at("2 Black to play") < at("Answers"));
    assert!(at("Answers") < at("1. 1. e7! 2. d7 3. g8"));
    assert!(at("1. 1. e7! 2. d7 3. g8") < at("2. 1. g4 2. h6"));
    // Moves alone need no full solution, nor the problem's title again.
    assert!(!text.contains("Solutions") && !text.contains("Corner fight"));
    let marks = outline(&pdf).unwrap();
    assert_eq!(
        marks,
        [
            "Problems",
            "Problem 1",
            "Problem 2",
            "Answers",
            "Solution 1: Corner fight",
            "Solution 2: Bridge"
        ],
        "{marks:?}"
    );
}

#[test]
fn a_book_of_more_diagrams_than_its_limit_is_refused_and_nothing_written() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("many.twixt");
    // Six games of 850 diagram points after one move (a game may hold
    // 1,000): a file of 54 KB, a book of 5,100 boards.
    let game = format!("[Size \"12\"]\n1. e5\n{}\n", "#diagram\n".repeat(850));
    std::fs::write(&script, game.repeat(6)).unwrap();
    for out in ["m.html", "m.pdf", "m.typ"] {
        let path = dir.path().join(out);
        let o = twixt(&["book", s(&script), "-o", s(&path)]);
        assert_eq!(o.status.code(), Some(1), "{out}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("5100 diagrams") && err.contains("5000"),
            "{err}"
        );
        assert!(!path.exists(), "{out}");
    }
}

/// The share of each page's text block (the page less its margins: 20 mm
/// at the top, 22 mm at the foot, as the built-in template sets them) left
/// empty under its lowest word (a diagram's lowest word is its label).
fn empty_shares(pdf: &Path) -> Option<Vec<f64>> {
    let info = poppler("pdfinfo", &[s(pdf)])?;
    let size = info.lines().find(|l| l.starts_with("Page size:")).unwrap();
    let height: f64 = size.split_whitespace().nth(4).unwrap().parse().unwrap();
    let mm = 72.0 / 25.4;
    let (top, bottom) = (20.0 * mm, height - 22.0 * mm);
    Some(
        pages_of_words(pdf)?
            .iter()
            .map(|words| {
                let lowest = words
                    .iter()
                    .filter(|w| w.y1 <= bottom)
                    .map(|w| w.y1)
                    .fold(top, f64::max);
                (bottom - lowest) / (bottom - top)
            })
            .collect(),
    )
}

/// The rows of boards of a PDF, page after page: how many boards stand
/// side by side in each (boards whose top coordinates share a height).
fn boards_per_row(pdf: &Path) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for words in pages_of_words(pdf)? {
        let mut tops: Vec<f64> = letter_rows(&words).iter().map(|r| r[0].y0).collect();
        tops.sort_by(f64::total_cmp);
        let mut k = 0;
        while k < tops.len() {
            let n = tops[k..]
                .iter()
                .take_while(|y| (*y - tops[k]).abs() < 1.0)
                .count();
            out.push(n);
            k += n;
        }
    }
    Some(out)
}

/// The pages of `pdf` no more than a quarter empty, but a chapter's last
/// (`last` says which pages are): `what` names the book in the failure.
fn assert_at_most_a_quarter_empty(what: &str, pdf: &Path, last: impl Fn(usize) -> bool) {
    let Some(shares) = empty_shares(pdf) else {
        return;
    };
    let pages = shares.len();
    for (k, share) in shares.iter().enumerate() {
        let page = k + 1;
        assert!(
            *share <= 0.25 || page == pages || last(page),
            "{what}: page {page} is {:.0} % empty ({shares:.2?})",
            share * 100.0
        );
    }
}

/// Every book of the repository: the scripts and records of `diagrams/`,
/// `examples/` (its `records/` too), `tests/book/` and `benches/`.
fn repository_books() -> Vec<PathBuf> {
    let mut books = Vec::new();
    for folder in [
        "diagrams",
        "examples",
        "examples/records",
        "tests/book",
        "benches",
    ] {
        for entry in std::fs::read_dir(repo(folder)).unwrap() {
            let path = entry.unwrap().path();
            let ext = path.extension().and_then(|e| e.to_str());
            if matches!(ext, Some("twixt" | "tsgf")) {
                books.push(path);
            }
        }
    }
    books.sort();
    books
}

#[test]
fn no_page_of_a_repository_book_but_the_last_is_more_than_a_quarter_empty() {
    let dir = tempfile::tempdir().unwrap();
    let books = repository_books();
    // The books the pagination was fixed for, among the others.
    for want in ["examples/tutorial.twixt", "diagrams/twrs.twixt"] {
        assert!(books.contains(&repo(want)), "{want} in {books:?}");
    }
    for file in &books {
        let pdf = dir.path().join("b.pdf");
        let mut args = vec![s(file), "-o", s(&pdf)];
        // The solver's benchmark positions: their pages, not their claims.
        if file.starts_with(repo("benches")) {
            args.extend(["--lenient", "--search-limit", "1000"]);
        }
        book(&args);
        // One file is one chapter: its games do not start pages.
        assert_at_most_a_quarter_empty(s(file), &pdf, |_| false);
    }
}

#[test]
fn no_page_of_a_booklet_of_100_long_games_but_a_games_last_is_more_than_a_quarter_empty() {
    use twixt_core::random::random_game;
    use twixt_core::rules::RuleSet;
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    std::fs::create_dir(&games).unwrap();
    // Games of 60 to 200 moves (rows of two full boards, three to eleven
    // diagrams each), a third of them with a remark every 25 moves.
    let rules = RuleSet::pencil();
    let mut script = String::new();
    for g in 0..100u64 {
        let plies = 60 + (g * 37 % 141) as u32;
        script.push_str(&format!(
            "[Title \"Long game {}\"]\n[Red \"Ann\"]\n[Black \"Bob\"]\n[Rules \"pencil\"]\n[Size \"24\"]\n\n",
            g + 1
        ));
        for (i, mv) in random_game(&rules, 100 + g, plies).iter().enumerate() {
            script.push_str(&format!("{}. {}\n", i + 1, twixtkit::script::move_text(mv)));
            if g % 3 == 1 && i % 25 == 24 {
                script.push_str(
                    "{A remark on the position, which says what each side wants here \
                     and why the move played is the natural one.}\n",
                );
            }
        }
        script.push('\n');
    }
    std::fs::write(games.join("games.twixt"), script).unwrap();
    let pdf = dir.path().join("booklet.pdf");
    book(&[s(&games), "-o", s(&pdf)]);
    let Some(marks) = poppler("pdftohtml", &["-xml", "-i", "-stdout", "-q", s(&pdf)]) else {
        return;
    };
    // Each game starts a page: the page before its bookmark's is a
    // chapter's last, as is the title page.
    let starts: Vec<usize> = marks
        .split("<item page=\"")
        .skip(1)
        .map(|i| i[..i.find('"').unwrap()].parse().unwrap())
        .collect();
    assert_eq!(starts.len(), 100, "{starts:?}");
    assert!(page_count(&pdf).unwrap() > 200);
    assert_at_most_a_quarter_empty("a booklet of 100 games", &pdf, |page| {
        page == 1 || starts.contains(&(page + 1))
    });
}

#[test]
fn a_long_comment_starts_a_row_and_the_diagrams_after_it_share_one() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("long.pdf");
    book(&[s(&repo("tests/book/long-comments.twixt")), "-o", s(&pdf)]);
    let Some(rows) = boards_per_row(&pdf) else {
        return;
    };
    // Two short stretches share a row; the long comment after move 6
    // starts a row, which the next two short stretches join; the stretch
    // before the second long comment stands alone, the three after it
    // share a row, and the last stands alone.
    assert_eq!(rows, [2, 3, 1, 3, 1]);
    // The moves and the comment run on in one paragraph, as a game book
    // sets them: "6. d9 Here Red has to choose…".
    let text = flat_text(&pdf).unwrap();
    assert!(text.contains("6. d9 Here Red has to choose"), "{text}");
    // The moves a row shows stand on its page, above it: the last moves
    // before the row of diagrams 3 to 5 ("10. k6") and its boards.
    for words in pages_of_words(&pdf).unwrap() {
        let Some(k6) = words.iter().position(|w| w.text == "k6") else {
            continue;
        };
        let tops: Vec<f64> = letter_rows(&words).iter().map(|r| r[0].y0).collect();
        let under = tops.iter().filter(|y| **y > words[k6].y1).count();
        assert!(under >= 3, "{under} boards under 10. k6 on its page");
        return;
    }
    panic!("no page holds 10. k6");
}

#[test]
fn beside_sets_the_moves_and_captions_right_of_their_diagram() {
    let dir = tempfile::tempdir().unwrap();
    let below = dir.path().join("below.pdf");
    let beside = dir.path().join("beside.pdf");
    let duj = repo("diagrams/dujardin.twixt");
    book(&[s(&duj), "-o", s(&below)]);
    book(&[s(&duj), "--layout", "beside", "-o", s(&beside)]);
    let (Some(was), Some(now)) = (page_count(&below), page_count(&beside)) else {
        return;
    };
    // Below runs a row's moves on one line above its three boards: two
    // pages; beside, a column of text by each board: three.
    assert!(was <= 2 && now <= 3, "{was} pages below, {now} beside");
    // Beside each diagram of the game (a 10×10 board, a to j), in the band
    // of its height, its moves ("3.") and its caption stand at its right.
    let mut moves = 0;
    let mut captions = 0;
    for words in pages_of_words(&beside).unwrap() {
        for row in letter_rows(&words).iter().filter(|r| r.len() == 10) {
            let (right, top) = (row[9].x1, row[0].y0);
            let bottom = top + (row[9].x1 - row[0].x0);
            for w in words.iter().filter(|w| w.y0 > top - 12.0 && w.y0 < bottom) {
                let is_move = w.text.ends_with('.')
                    && w.text.len() > 1
                    && w.text[..w.text.len() - 1]
                        .bytes()
                        .all(|b| b.is_ascii_digit());
                let is_caption = ["centrale.", "frontière.", "passage."].contains(&w.text.as_str());
                if is_move || is_caption {
                    assert!(
                        w.x0 > right,
                        "{w:?} is not right of the diagram ending at {right}"
                    );
                    moves += usize::from(is_move);
                    captions += usize::from(is_caption);
                }
            }
        }
    }
    assert!(
        moves >= 8 && captions == 3,
        "{moves} moves, {captions} captions beside"
    );
    // The same scale as below: 3 mm.
    let mm = 72.0 / 25.4;
    for p in pages_of_words(&beside)
        .unwrap()
        .iter()
        .flat_map(|p| pitches(p))
    {
        assert!((p / (3.0 * mm) - 1.0).abs() < 0.01, "{p} pt");
    }
}

#[test]
fn a_diagram_size_past_20mm_is_the_width_of_the_largest_full_board() {
    use twixt_core::board::BoardSize;
    use twixt_core::setup::Setup;
    use twixtkit::diagram::{Diagram, Layout, Style};
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("two.twixt");
    std::fs::write(
        &script,
        "[Title \"Big\"]\n[Size \"24\"]\n1. e5 2. g7 3. c6\n\n\
         [Title \"Small\"]\n[Size \"12\"]\n1. f6 2. h8\n",
    )
    .unwrap();
    let pdf = dir.path().join("w.pdf");
    book(&[s(&script), "--diagram-size", "90mm", "-o", s(&pdf)]);
    let Some(pages) = pages_of_words(&pdf) else {
        return;
    };
    // A full 24×24 diagram in the book's style is 90 mm wide: its pitch
    // is 90 mm over its width in pitches, and the 12×12 board's the same.
    let full = Diagram::from_setup(&Setup::empty(BoardSize::square(24).unwrap()));
    let units = Layout::new(&full, &Style::rulebook()).width;
    let want = 90.0 / units * 72.0 / 25.4;
    let all: Vec<f64> = pages.iter().flat_map(|p| pitches(p)).collect();
    assert_eq!(all.len(), 2, "{all:?}");
    for p in &all {
        assert!((p / want - 1.0).abs() < 0.01, "{p} pt, want {want} pt");
    }
    // Between a pitch and a width: refused, saying what each is.
    let o = twixt(&["book", s(&script), "--diagram-size", "22mm", "-o", s(&pdf)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("hole pitch") && err.contains("width"), "{err}");
}

#[test]
fn a_little_golem_game_has_its_event_in_words_and_its_page_linked() {
    let Some(games) = common::shared_games() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let record = games.join("littlegolem/game2206555.tsgf");
    let url = "https://www.littlegolem.net/jsp/game/game.jsp?gid=2206555";
    let words = "Little Golem monthly tournament, December 2020, group 1.2";
    let html = dir.path().join("g.html");
    book(&[s(&record), "-o", s(&html)]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(&format!("<p class=\"subtitle\">{words}</p>")),
        "{page}"
    );
    assert!(page.contains(&format!("<a href=\"{url}\">")), "{page}");
    let pdf = dir.path().join("g.pdf");
    book(&[s(&record), "-o", s(&pdf)]);
    let Some(text) = flat_text(&pdf) else {
        return;
    };
    assert!(text.contains(words), "{text}");
    assert!(text.contains("gid=2206555"), "{text}");
    // A record not named by its id links nothing; a code of no known
    // shape ("null") is no subtitle.
    let other = dir.path().join("other.tsgf");
    std::fs::copy(games.join("littlegolem/game2220939.tsgf"), &other).unwrap();
    let html = dir.path().join("o.html");
    book(&[s(&other), "-o", s(&html)]);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(!page.contains("littlegolem.net/jsp") && !page.contains("class=\"subtitle\""));
}

#[test]
fn an_html_booklet_has_its_title_page_contents_problems_and_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.twixt");
    let b = dir.path().join("b.twixt");
    std::fs::write(
        &a,
        "[Red \"Alice\"]\n[Black \"Bob\"]\n[Size \"12\"]\n1. e5 2. g7 3. c6\n",
    )
    .unwrap();
    std::fs::write(
        &b,
        "[Event \"Corner fight\"]\n[Task \"Red to play and connect\"]\n[Size \"12\"]\n\
         #setup red: c3 d5\n#setup black: h8 j6\n#setup to-move: red\n1. e7! 2. d7 3. g8\n\n\
         [Title \"Bridge\"]\n[Task \"Black to play\"]\n[Size \"12\"]\n\
         #setup red: f6\n#setup black: e4\n#setup to-move: black\n1. g4 2. h6\n",
    )
    .unwrap();
    let out = dir.path().join("club.html");
    book(&[s(&b), s(&a), "--title", "Club night", "-o", s(&out)]);
    let html = std::fs::read_to_string(&out).unwrap();
    let at = |w: &str| {
        html.find(w)
            .unwrap_or_else(|| panic!("{w} missing from {html}"))
    };
    // The title page, then the contents, each entry a link to its game.
    assert!(
        at("<header class=\"title-page\"><h1>Club night</h1>") < at("<nav class=\"contents\">")
    );
    let contents = &html[at("<nav class=\"contents\">")..at("</nav>")];
    for target in ["#game-3", "#problems", "#solutions"] {
        assert!(
            contents.contains(&format!("href=\"{target}\"")),
            "{contents}"
        );
        assert!(
            html.contains(&format!("id=\"{}\"", &target[1..])),
            "{target}"
        );
    }
    assert!(contents.contains("Alice – Bob"));
    // The ordinary game first; the problems in a grid, both before any solution.
    assert!(at("Alice – Bob</h2>") < at("<section id=\"problems\">"));
    assert!(at("\"label\">1</span>") < at("\"label\">2</span>"));
    assert!(at("Red to play and connect") < at("<section id=\"answers\">"));
    assert!(at("<section id=\"answers\">") < at("<section id=\"solutions\">"));
    assert!(at("\"label\">2</span>") < at("Solution 1: Corner fight</h3>"));
    assert!(at("Solution 1: Corner fight</h3>") < at("Solution 2: Bridge</h3>"));
    assert!(at("Solution 2: Bridge</h3>") < at("2. h6"));
}

#[test]
fn styles_named_in_a_booklet_are_read_beside_their_own_file() {
    let dir = tempfile::tempdir().unwrap();
    for (folder, colour) in [("north", "#123456"), ("south", "#654321")] {
        let d = dir.path().join(folder);
        std::fs::create_dir(&d).unwrap();
        std::fs::write(
            d.join("club.yaml"),
            format!("base: rulebook\nred: \"{colour}\"\n"),
        )
        .unwrap();
        std::fs::write(
            d.join("game.twixt"),
            format!("[Title \"{folder}\"]\n[Size \"12\"]\n1. e5\n#diagram style=club.yaml\n"),
        )
        .unwrap();
    }
    let out = dir.path().join("both.html");
    book(&[
        s(&dir.path().join("north")),
        s(&dir.path().join("south")),
        "-o",
        s(&out),
    ]);
    let html = std::fs::read_to_string(&out).unwrap();
    let north = html.find("id=\"game-1\"").unwrap();
    let south = html.find("id=\"game-2\"").unwrap();
    assert!(html[north..south].contains("#123456"), "north's own style");
    assert!(!html[north..south].contains("#654321"));
    assert!(html[south..].contains("#654321"), "south's own style");
    assert!(!html[south..].contains("#123456"));
}
