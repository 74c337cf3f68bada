//! Books in the reader's language, read back by poppler: every word the
//! book itself prints comes from the language's catalogue (no English
//! label in a French or German book), French typography, sides named by a
//! header, message overrides; puzzle books in the published style (a grid
//! of problems, the answers as text, files in natural order, bookmarks).

use crate::common;

use std::path::Path;

use common::{poppler, twixt};
use twixtkit::messages::{Messages, keys};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `twixt book ARGS`, which must succeed.
fn book(args: &[&str]) {
    let mut all = vec!["book"];
    all.extend_from_slice(args);
    let o = twixt(&all);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// A short game of the Dujardin rules won by a connection at move 11,
/// commented in French, with a diagram point and a variation, and a
/// problem after it.
const FRENCH: &str = "[Title \"Exemple de partie\"]\n[Rules \"dujardin\"]\n[Size \"10\"]\n\
[Red \"Anne\"]\n[Black \"Paul\"]\n[Round \"2\"]\n\
{Cette partie montre qu'il faut \"voir loin\": Rouge l'emporte!}\n\
1. e5 2. e7 3. d7? ( 3. f9 4. h4 ) 4. c8 5. c10 6. g6?\n\
#diagram caption=\"Noir ne voit pas assez loin.\"\n\
7. b8! 8. f4 9. g1 10. h5 11. f3\n\n\
[Title \"Coin\"]\n[Task \"Rouge joue et relie\"]\n[Size \"12\"]\n\
#setup red: c3 d5\n#setup black: h8 j6\n#setup links: c3-d5\n#setup to-move: red\n\
1. e7! 2. d7 3. g8\n";

/// The words of the English catalogue that the catalogue of `lang` does
/// not use: none of them may be printed by a book in `lang`.
fn english_only_words(lang: &str) -> Vec<String> {
    let words = |m: &Messages| -> Vec<String> {
        keys()
            .iter()
            .flat_map(|k| {
                m.get(k)
                    .split(|c: char| !c.is_alphabetic())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .filter(|w| w.chars().count() >= 3)
            .collect()
    };
    let theirs = words(&Messages::for_language(lang));
    let mut ours = words(&Messages::for_language("en"));
    ours.retain(|w| !theirs.contains(w));
    ours.sort();
    ours.dedup();
    ours
}

fn pdf_words(pdf: &Path) -> Option<Vec<String>> {
    let text = poppler("pdftotext", &[s(pdf), "-"])?;
    Some(
        text.split(|c: char| !c.is_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn a_french_or_german_book_prints_no_english_label() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("partie.twixt");
    std::fs::write(&script, FRENCH).unwrap();
    for lang in ["fr", "de"] {
        let pdf = dir.path().join(format!("{lang}.pdf"));
        book(&[s(&script), "--lang", lang, "-o", s(&pdf)]);
        let Some(words) = pdf_words(&pdf) else {
            return;
        };
        let english = english_only_words(lang);
        assert!(english.iter().any(|w| w == "Diagram"), "{english:?}");
        let leaked: Vec<_> = words.iter().filter(|w| english.contains(w)).collect();
        assert!(leaked.is_empty(), "{lang}: English words {leaked:?}");
        let text = poppler("pdftotext", &[s(&pdf), "-"]).unwrap();
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let m = Messages::for_language(lang);
        for want in [
            m.get("board"),
            m.get("rules"),
            m.get("problems"),
            m.get("answers"),
        ] {
            assert!(flat.contains(want), "{lang}: {want} missing from {flat}");
        }
        let won = m.fill(
            "won-by-connection",
            &[("player", m.get("red")), ("n", "11")],
        );
        assert!(flat.contains(&won), "{lang}: {won} missing from {flat}");
    }
    // French typography: curly apostrophes, guillemets, a space before
    // high punctuation (a narrow no-break one, which poppler reads as a
    // space).
    let text = poppler("pdftotext", &[s(&dir.path().join("fr.pdf")), "-"]).unwrap();
    let text = text.replace('\u{202f}', " ");
    assert!(
        text.contains("qu’il faut « voir loin » : Rouge l’emporte !"),
        "{text}"
    );
    assert!(!text.contains("qu'il"), "{text}");
    // The Typst source holds the narrow no-break spaces themselves.
    let typ = dir.path().join("fr.typ");
    book(&[s(&script), "--lang", "fr", "-o", s(&typ)]);
    let source = std::fs::read_to_string(&typ).unwrap();
    assert!(source.contains("l’emporte\u{202f}!"), "{source}");
}

#[test]
fn a_header_chooses_the_language_sides_rename_the_players_and_a_file_overrides_words() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("g.twixt");
    let game = FRENCH.replacen(
        "[Size \"10\"]\n",
        "[Size \"10\"]\n[Language \"fr\"]\n[Sides \"Blanc Noir\"]\n",
        1,
    );
    std::fs::write(&script, game).unwrap();
    let words = dir.path().join("mots.txt");
    std::fs::write(&words, "# mine\nboard = Tablier\n").unwrap();
    let html = dir.path().join("g.html");
    book(&[s(&script), "--messages", s(&words), "-o", s(&html)]);
    let html = std::fs::read_to_string(&html).unwrap();
    assert!(html.contains("<html lang=\"fr\">"));
    assert!(
        html.contains("Blanc gagne en reliant ses bords au coup 11"),
        "{html}"
    );
    assert!(html.contains("<dt>Blanc</dt><dd>Anne</dd>"), "{html}");
    assert!(html.contains("<dt>Tablier</dt>") && !html.contains("<dt>Plateau</dt>"));
    assert!(html.contains("Diagramme 2 (coups 1 à 6)"), "{html}");
    // A key no catalogue has is refused, named with its line.
    std::fs::write(&words, "\nmove = coup\n").unwrap();
    let o = twixt(&["book", s(&script), "--messages", s(&words), "-o", "-"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("mots.txt:2: no message is called `move`"),
        "{err}"
    );
}

#[test]
fn forty_problems_take_four_pages_and_their_answers_fewer() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("problems");
    std::fs::create_dir(&folder).unwrap();
    for n in 1..=40 {
        std::fs::write(
            folder.join(format!("p{n}.twixt")),
            format!(
                "[Title \"Corner {n}\"]\n[Task \"Red to play and connect\"]\n[Size \"12\"]\n\
                 #setup red: c3 d5\n#setup black: h8 j6\n#setup links: c3-d5\n\
                 #setup to-move: red\n\
                 1. e7! 2. d7 ( 2. f5 3. d7 ) 3. g8\n"
            ),
        )
        .unwrap();
    }
    let pdf = dir.path().join("p.pdf");
    // The tasks' claims are not what this test is about: a small search
    // limit leaves each undecided in a few milliseconds, not a second.
    book(&[s(&folder), "-o", s(&pdf), "--search-limit", "1000"]);
    let Some(text) = poppler("pdftotext", &[s(&pdf), "-"]) else {
        return;
    };
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    // A booklet: its title page and contents, then the problems.
    let contents = pages.iter().position(|p| p.contains("Contents")).unwrap();
    let first = |w: &str| {
        contents
            + 1
            + pages[contents + 1..]
                .iter()
                .position(|p| p.contains(w))
                .unwrap()
    };
    let (problems_at, answers_at) = (first("Problems"), first("Answers"));
    assert!(
        answers_at - problems_at <= 4,
        "{} pages of problems",
        answers_at - problems_at
    );
    assert!(
        pages.len() - answers_at <= 4,
        "{} pages of answers",
        pages.len() - answers_at
    );
    // No full solutions: the answers say all there is.
    assert!(!text.contains("Solutions"));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. e7! 2. d7 (2. f5 3. d7) 3. g8"), "{flat}");
    // Bookmarks for each problem and each answer, in natural file order.
    let xml = poppler("pdftohtml", &["-xml", "-i", "-stdout", "-q", s(&pdf)]).unwrap();
    let at = |w: &str| xml.find(w).unwrap_or_else(|| panic!("{w} not bookmarked"));
    assert!(at(">Problem 2<") < at(">Problem 10<"));
    assert!(at(">Problem 40<") < at(">Solution 1: Corner 1<"));
    assert!(at(">Solution 2: Corner 2<") < at(">Solution 14: Corner 14<"));
}

/// `text` without its web addresses (a record's link is no word of the book).
fn without_links(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| !w.contains("://"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn little_golem_records_in_french_say_their_event_rules_and_resignation_in_french() {
    let Some(games) = common::shared_games() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("lg.pdf");
    book(&[s(&games.join("littlegolem")), "--lang", "fr", "-o", s(&pdf)]);
    let Some(text) = poppler("pdftotext", &[s(&pdf), "-"]) else {
        return;
    };
    let flat = without_links(&text);
    for want in [
        "Tournoi mensuel de Little Golem, décembre 2020, groupe 1.2",
        "Championnat 23 de Little Golem, groupe 1.1",
        "Échelle de Little Golem, plateau 30×30",
        "papier-crayon (TwixT PP)",
        "abandonne",
    ] {
        assert!(flat.contains(want), "{want} missing from {flat}");
    }
    let english = english_only_words("fr");
    for w in ["monthly", "championship", "pencil", "resign", "December"] {
        assert!(
            english.iter().any(|e| e == w) || w == "resign",
            "{w} {english:?}"
        );
    }
    let leaked: Vec<_> = flat
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| english.iter().any(|e| e == w) || *w == "resign")
        .collect();
    assert!(leaked.is_empty(), "English words {leaked:?}");
}

#[test]
fn an_html_puzzle_book_numbers_its_problems_once_and_answers_as_text_in_its_language() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("g.twixt");
    std::fs::write(&script, FRENCH).unwrap();
    let html = dir.path().join("g.html");
    book(&[s(&script), "--lang", "fr", "-o", s(&html)]);
    let html = std::fs::read_to_string(&html).unwrap();
    let problems = &html[html.find("<section id=\"problems\">").unwrap()..];
    let problems = &problems[..problems.find("</section>").unwrap()];
    // The number, then the task in the collection's words; no title, no
    // "Problème 1" beside the number.
    assert!(
        problems.contains(
            "<span class=\"label\">1</span><span class=\"caption\">Rouge joue et relie</span>"
        ),
        "{problems}"
    );
    assert!(
        !problems.contains("Coin") && !problems.contains("Problème "),
        "{problems}"
    );
    assert!(
        html.contains("<section id=\"answers\">\n<h1>Réponses</h1>"),
        "{html}"
    );
    assert!(
        html.contains("<a href=\"#solution-1\">1.</a> <b>1.\u{a0}e7!</b> 2.\u{a0}d7"),
        "{html}"
    );
}

/// The text of a PDF as poppler reads it, on one line.
fn pdf_flat(pdf: &Path) -> Option<String> {
    let text = poppler("pdftotext", &[s(pdf), "-"])?;
    Some(text.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[test]
fn the_side_to_move_under_a_board_and_the_captions_of_pictures_are_in_the_games_language() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("partie.twixt");
    std::fs::write(
        &script,
        "[Title \"Exemple\"]\n[Size \"10\"]\n[Language \"fr\"]\n\
         1. e5 2. e7 3. d7\n#diagram to-move=yes\n4. c8 5. c10\n",
    )
    .unwrap();
    // The book's figure, read back from the PDF.
    let pdf = dir.path().join("b.pdf");
    book(&[s(&script), "-o", s(&pdf)]);
    if let Some(flat) = pdf_flat(&pdf) {
        assert!(flat.contains("Noir joue"), "{flat}");
        assert!(!flat.contains("to play"), "{flat}");
    }
    // A picture of the same diagram point, and positions by move with
    // their captions: in the header's language, else in the one asked for.
    let render = |args: &[&str], out: &str| {
        let out = dir.path().join(out);
        let mut all = vec!["render", s(&script), "-o", s(&out)];
        all.extend_from_slice(args);
        let o = twixt(&all);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut text = String::new();
        for f in std::fs::read_dir(&out).unwrap() {
            text.push_str(&std::fs::read_to_string(f.unwrap().path()).unwrap());
        }
        text
    };
    let fr = render(&[], "fr");
    assert!(fr.contains(">Noir joue</text>"), "{fr}");
    let fr = render(&["--every", "4"], "fr-every");
    assert!(
        fr.contains(">Exemple\u{a0}: après le coup 4</text>"),
        "{fr}"
    );
    assert!(
        fr.contains(">Exemple\u{a0}: après le coup 5</text>"),
        "{fr}"
    );
    let de = render(&["--lang", "de", "--move", "0", "--no-numbers"], "de");
    assert!(de.contains(">Exemple: leeres Brett</text>"), "{de}");
    let de = render(&["--lang", "de"], "de-point");
    assert!(de.contains(">Schwarz am Zug</text>"), "{de}");
    // Sides named by the header are named under the board too.
    let named = std::fs::read_to_string(&script).unwrap().replacen(
        "[Size",
        "[Sides \"Blanc Bleu\"]\n[Size",
        1,
    );
    std::fs::write(&script, named).unwrap();
    let fr = render(&[], "sides");
    assert!(fr.contains(">Bleu joue</text>"), "{fr}");
}

#[test]
fn a_score_sheet_speaks_its_language_and_a_continuation_sheet_numbers_on() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = |args: &[&str], name: &str| -> Option<String> {
        let pdf = dir.path().join(name);
        let mut all = vec!["board", "--record", "--size", "12", "-o", s(&pdf)];
        all.extend_from_slice(args);
        let o = twixt(&all);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        pdf_flat(&pdf)
    };
    let Some(en) = sheet(&[], "en.pdf") else {
        return;
    };
    // The English sheet says how many moves it holds: the French one and
    // its continuation say the same numbers in French.
    let holds = en
        .split("moves 1–")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or_else(|| panic!("no move count in {en}"));
    let fr = sheet(&["--lang", "fr", "--event", "Open"], "fr.pdf").unwrap();
    for want in [
        "Tournoi",
        "Open",
        "Ronde",
        "Date",
        "Rouge",
        "Noir",
        "Résultat",
        "échange",
    ] {
        assert!(fr.contains(want), "{want} missing from {fr}");
    }
    assert!(
        fr.contains(&format!(
            "coups 1 à {holds} ; une partie complète sur 12×12"
        )),
        "{fr}"
    );
    for english in [
        "Event", "Round", "Red", "Black", "Result", "swapped", "moves",
    ] {
        assert!(!fr.contains(english), "{english} in {fr}");
    }
    let next = sheet(&["--lang", "fr", "--sheet-number", "2"], "fr2.pdf").unwrap();
    let (first, last) = (holds + 1, 2 * holds);
    assert!(
        next.contains(&format!("coups {first} à {last}, feuille 2 sur")),
        "{next}"
    );
    // Its cells are numbered on, to the sheet's last move.
    let words: Vec<&str> = next.split(' ').collect();
    for n in [first, first + 1, last] {
        assert!(words.contains(&n.to_string().as_str()), "{n} in {next}");
    }
}

/// A random TWRS game played to its end, written to `dir`, with its
/// result as the catalogue of each language says it.
fn finished_twrs_game(dir: &Path) -> (std::path::PathBuf, twixtkit::twrs::file::TwrsResult) {
    let o = twixt(&["random", "--game", "twrs", "--seed", "9"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let path = dir.join("twrs.twixt");
    std::fs::write(&path, &o.stdout).unwrap();
    let file = twixtkit::twrs::file::TwrsFile::load(&path).unwrap();
    let end = file.replayed(&file.games[0]).position;
    let result = twixtkit::twrs::file::TwrsResult::of(&end).expect("a random game ends");
    (path, result)
}

/// A TWRS game's result sentence, its facts (the board's lines too) and
/// its diagram's label are the book's language's: French, German, Dutch
/// and Italian books say them so, and print no word of the English
/// catalogue that theirs does not use.
#[test]
fn a_twrs_book_says_its_result_in_the_books_language() {
    let dir = tempfile::tempdir().unwrap();
    let (game, result) = finished_twrs_game(dir.path());
    for lang in ["fr", "de", "nl", "it"] {
        let pdf = dir.path().join(format!("twrs-{lang}.pdf"));
        book(&[s(&game), "--lang", lang, "-o", s(&pdf)]);
        let Some(text) = poppler("pdftotext", &[s(&pdf), "-"]) else {
            return;
        };
        // Lines joined, and the narrow no-break space French sets before
        // a colon read as a space.
        let flat = text
            .replace('\u{202f}', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let m = Messages::for_language(lang);
        let said = m.typeset(&result.words(&m)).replace('\u{202f}', " ");
        assert!(flat.contains(&said), "{lang}: {said} missing from {flat}");
        assert!(flat.contains(m.get("result")), "{lang}: {flat}");
        let board = m.fill("twrs-board", &[("grid", "11x11")]);
        assert!(flat.contains(&board), "{lang}: {board} missing from {flat}");
        let english = english_only_words(lang);
        // The board's word is among those looked for.
        assert!(english.iter().any(|e| e == "lines"), "{lang}: {english:?}");
        let leaked: Vec<_> = pdf_words(&pdf)
            .unwrap()
            .into_iter()
            .filter(|w| english.contains(w))
            .collect();
        assert!(
            leaked.is_empty(),
            "{lang}: English words {leaked:?} in {flat}"
        );
    }
}
