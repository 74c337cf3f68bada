//! `twixt view` without a browser: bad input writes nothing (or, with
//! `--lenient`, the page of the others), the page is self-contained,
//! folders become one page of all their games, and the page grows with
//! what the script writes, not with its board.

use crate::common;

use common::{shared_games, twixt};

#[test]
fn a_file_with_errors_is_reported_as_check_does_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("bad.twixt");
    std::fs::write(&script, "[Size \"12\"]\n1. e5 2. e5\n").unwrap();
    let out = dir.path().join("bad.html");
    let o = twixt(&[
        "view",
        script.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.twixt:2:7") && err.contains("illegal move 2"),
        "{err}"
    );
    assert!(!out.exists());
    let o = twixt(&["view", script.to_str().unwrap(), "-o", "x.svg"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twixt(&["view", "no-such-file.tsgf", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

#[test]
fn a_folder_is_one_self_contained_page_with_a_game_list() {
    let Some(games) = shared_games() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lg.html");
    let folder = games.join("littlegolem");
    let o = twixt(&[
        "view",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    let files = std::fs::read_dir(&folder).unwrap().count();
    let data = page_data(&html);
    let games = data["games"].as_array().unwrap();
    assert_eq!(games.len(), files);
    // Listed by their players, never by Little Golem's event codes.
    for g in games {
        let players = format!(
            "{} – {}",
            g["players"][0].as_str().unwrap(),
            g["players"][1].as_str().unwrap()
        );
        assert_eq!(g["title"], players.as_str());
    }
    // One empty board per size, not one per game.
    assert!(html.matches("<template id=\"board-").count() < files);
    // Nothing is fetched: no external resource, and a policy that forbids it.
    assert!(html.contains("default-src 'none'"));
    for needle in ["src=\"http", "href=\"http", "@import", "url(http"] {
        assert!(!html.contains(needle), "{needle}");
    }
}

/// The games' data the page's script reads.
fn page_data(html: &str) -> serde_json::Value {
    let at = html.find("id=\"twixt-data\">").unwrap() + 16;
    let end = at + html[at..].find("</script>").unwrap();
    serde_json::from_str(&html[at..end]).unwrap()
}

#[test]
fn lenient_writes_the_good_games_lists_the_bad_ones_and_still_fails() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("club");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("a.twixt"), "1. c3 2. f6\n").unwrap();
    std::fs::write(folder.join("b.twixt"), "[Size \"12\"]\n1. e5 2. e5\n").unwrap();
    // One bad game among good ones: the good ones of the file are shown.
    std::fs::write(
        folder.join("c.twixt"),
        "[Title \"good\"]\n1. d4\n\n[Title \"bad\"]\n1. d4 2. d4\n\n[Title \"also good\"]\n1. e5\n",
    )
    .unwrap();
    let out = dir.path().join("club.html");
    let args = [
        "view",
        folder.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    let o = twixt(&args);
    assert_eq!(o.status.code(), Some(1));
    assert!(!out.exists(), "without --lenient nothing is written");
    let mut lenient = args.to_vec();
    lenient.splice(1..1, ["--lenient", "--title", "Club <b>cup</b>"]);
    let o = twixt(&lenient);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("b.twixt:2:7") && err.contains("c.twixt:5:7"),
        "{err}"
    );
    assert!(err.contains("wrote") && err.contains("(3 games)"), "{err}");
    let html = std::fs::read_to_string(&out).unwrap();
    let titles: Vec<String> = page_data(&html)["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["title"].as_str().unwrap().to_string())
        .collect();
    // A game that names nothing is listed by its file's name.
    assert_eq!(titles, ["a", "good", "also good"]);
    assert!(html.contains("<title>Club &lt;b&gt;cup&lt;/b&gt;</title>"));
    let panel = &html[html.find("<section id=\"errors\"").unwrap()..];
    let panel = &panel[..panel.find("</section>").unwrap()];
    assert!(panel.contains("2 problems"), "{panel}");
    assert!(panel.find("b.twixt:2:7").unwrap() < panel.find("c.twixt:5:7").unwrap());
}

/// A large game with many one-move variations: the page holds what each
/// variation changes, not the board it is played on (issue 34, item 3).
#[test]
fn the_page_grows_with_the_variations_not_with_the_board() {
    use twixtkit::prelude::Position;
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(&["random", "--size", "64", "--seed", "5"]);
    assert!(o.status.success());
    let game = String::from_utf8(o.stdout).unwrap();
    let plain = dir.path().join("plain.twixt");
    std::fs::write(&plain, &game).unwrap();
    // Replay to the position before the last move, and replace that move
    // by every free hole in turn, as one-move variations.
    let file = twixtkit::open::open(&plain).unwrap();
    let twixtkit::open::Content::Script { games, .. } = &file.content else {
        panic!("a script")
    };
    let g = &games[0];
    let mut pos = Position::with_first(g.rules(None).unwrap(), g.first()).unwrap();
    let moves: Vec<_> = g.main_moves().map(|m| m.mv.clone()).collect();
    for m in &moves[..moves.len() - 1] {
        pos.play(m).unwrap();
    }
    let mover = pos.to_move();
    let free = pos.free_hole_count(mover);
    let n = free.min(2000);
    assert!(n >= 1000, "{free} free holes");
    let ply = moves.len();
    let mut varied = game.trim_end().to_string();
    // The result header stays true only for the main line: drop it.
    varied = varied.replace("[Result", "[Was");
    for k in 0..n {
        let hole = pos.nth_free_hole(mover, k).unwrap();
        varied.push_str(&format!("\n({ply}. {hole})"));
    }
    varied.push('\n');
    let with = dir.path().join("varied.twixt");
    std::fs::write(&with, &varied).unwrap();
    let size = |input: &std::path::Path, name: &str| {
        let out = dir.path().join(name);
        let o = twixt(&["view", input.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::metadata(&out).unwrap().len() as usize
    };
    let base = size(&plain, "plain.html");
    let grown = size(&with, "varied.html");
    let per_variation = (grown - base) / n;
    let written = (varied.len() - game.len()) / n;
    // Each variation's move in the list and data, its peg and its links:
    // a few hundred bytes, whatever the position it is played in.
    assert!(
        per_variation < 400,
        "{per_variation} bytes of page per variation of {written} bytes ({} plies on the board)",
        ply - 1
    );
}

/// Each diagram point is drawn in full: a page whose points would draw
/// more than the documented limit is refused, saying why, and nothing is
/// written.
#[test]
fn too_many_large_diagram_points_are_refused_with_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(&["random", "--size", "64", "--seed", "5"]);
    assert!(o.status.success());
    let mut game = String::from_utf8(o.stdout).unwrap();
    let file = dir.path().join("points.twixt");
    let out = dir.path().join("points.html");
    let run = |game: &str| {
        std::fs::write(&file, game).unwrap();
        twixt(&["view", file.to_str().unwrap(), "-o", out.to_str().unwrap()])
    };
    game.push_str("#diagram\n");
    let o = run(&game);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_file(&out).unwrap();
    game.push_str(&"#diagram\n".repeat(200));
    let o = run(&game);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("more than the 100000 one page may hold"),
        "{err}"
    );
    assert!(!out.exists());
}

/// Records that name nothing (no title, players or event) are listed by
/// their files' names; a file of several such games numbers them.
#[test]
fn records_that_name_nothing_are_listed_by_their_files_names() {
    let dir = tempfile::tempdir().unwrap();
    let records = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/records");
    let out = dir.path().join("records.html");
    let o = twixt(&["view", records, "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let titles = |out: &std::path::Path| -> Vec<String> {
        let html = std::fs::read_to_string(out).unwrap();
        page_data(&html)["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["title"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(titles(&out), ["pencil-12", "pencil-13", "pencil-7"]);
    let several = dir.path().join("openings.twixt");
    std::fs::write(
        &several,
        "[Size \"24\"]\n1. c3 2. f6\n\n[Red \"Ann\"]\n1. d4\n\n[Size \"24\"]\n1. e5\n",
    )
    .unwrap();
    let o = twixt(&[
        "view",
        several.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        titles(&out),
        ["openings, game 1", "Ann", "openings, game 3"]
    );
}

/// A puzzle whose `#wins` claim the replay proved: the page knows every
/// winning first move the search finds, not only the script's (the corner
/// puzzle's cook, g4, wins in 3 too).
#[test]
fn a_proved_claim_gives_the_puzzle_every_winning_move() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/corner-puzzle.twixt");
    let o = twixt(&["check", "--cooks", "--format", "json", puzzle]);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let keys = report
        .pointer("/games/0/wins/0/keys")
        .cloned()
        .expect("check --cooks lists the winning key moves");
    let out = dir.path().join("puzzle.html");
    let o = twixt(&["view", puzzle, "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    let data = page_data(&html);
    let answers = data["games"][0]["puzzle"]["answers"].as_array().unwrap();
    // The first question: line 0 before ply 1; j10 is the script's move,
    // g4 the search's other win (played on a line of its own), both
    // within 3 moves.
    let first = &answers[0];
    assert_eq!(
        (first["l"].as_u64(), first["p"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(first["ok"][0], serde_json::json!([9, 9, 0]));
    let also = first["also"].as_array().unwrap();
    assert_eq!(also.len(), 1);
    assert_eq!(
        (also[0][0].as_u64(), also[0][1].as_u64()),
        (Some(6), Some(3))
    );
    assert_eq!(first["within"], 3);
    // Its line plays g4 and the search's defence.
    let line = &data["games"][0]["lines"][also[0][2].as_u64().unwrap() as usize];
    assert_eq!(line["parent"], serde_json::json!([0, 0]));
    assert_eq!(line["moves"][0]["t"], "1. g4");
    assert_eq!(line["moves"].as_array().unwrap().len(), 2);
    // Every other free hole Red may play has the reply that holds, and
    // a5, on Black's border, is barred.
    let refuted = first["refuted"].as_array().unwrap();
    assert!(refuted.iter().any(|r| r[0] == 1 && r[1] == 2), "b3");
    assert!(
        first["barred"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!([0, 4, "border"]))
    );
    // The same moves `check --cooks` lists.
    let name = |v: &serde_json::Value| {
        twixt_core::board::Hole::new(v[0].as_u64().unwrap() as u16, v[1].as_u64().unwrap() as u16)
            .to_string()
    };
    let mut all: Vec<String> = first["ok"].as_array().unwrap().iter().map(name).collect();
    all.extend(also.iter().map(name));
    all.sort();
    let mut keys: Vec<String> = serde_json::from_value(keys).unwrap();
    keys.sort();
    assert_eq!(all, keys);
    // Along the solution the win stays proved: two moves left after
    // 1. j10 2. g4, one after 4. i4 (the script's lines are 0 and 1).
    let within: Vec<_> = answers
        .iter()
        .filter(|a| a["l"].as_u64() < Some(2))
        .map(|a| a["within"].as_u64())
        .collect();
    assert_eq!(within, [Some(3), Some(2), Some(1), Some(1)]);
}

/// The page speaks the games' `[Language]`, or `--lang`; `<html lang>`
/// says which, and a code that is none is refused before anything is read.
/// A TWRS game's board fact ("11x11 lines") is said in the page's language.
#[test]
fn a_twrs_page_gives_its_board_in_the_pages_language() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page.html");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/twrs.twixt");
    for (lang, board, lines) in [("fr", "Plateau", "lignes"), ("de", "Brett", "Linien")] {
        let o = twixt(&["view", script, "--lang", lang, "-o", out.to_str().unwrap()]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let data = page_data(&std::fs::read_to_string(&out).unwrap());
        let facts = data["games"][0]["facts"].as_array().unwrap();
        let fact = facts
            .iter()
            .find(|f| f[0] == board)
            .unwrap_or_else(|| panic!("{facts:?}"));
        let value = fact[1].as_str().unwrap();
        assert!(value.ends_with(&format!(" {lines}")), "{lang}: {value}");
        assert!(!value.contains("lines"), "{lang}: {value}");
    }
}

#[test]
fn the_page_speaks_the_games_language_or_the_one_asked() {
    let dir = tempfile::tempdir().unwrap();
    let corner = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/corner-puzzle.twixt"
    ))
    .unwrap();
    let french = dir.path().join("fr.twixt");
    std::fs::write(
        &french,
        corner.replace("[Event ", "[Language \"fr\"]\n[Event "),
    )
    .unwrap();
    let page = |extra: &[&str]| {
        let out = dir.path().join("page.html");
        let mut args = vec![
            "view",
            french.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        let o = twixt(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(&out).unwrap()
    };
    let html = page(&[]);
    assert!(html.contains("<html lang=\"fr\">"));
    assert!(html.contains(">Indice</button>"), "the labels");
    let data = page_data(&html);
    assert_eq!(
        data["words"]["taken"],
        "{hole} est déjà pris. Essayez encore."
    );
    // French sets a narrow no-break space before a colon.
    assert_eq!(data["words"]["right"], "Juste\u{202f}: {move}.");
    assert_eq!(
        data["games"][0]["sides"],
        serde_json::json!(["Rouge", "Noir"])
    );
    let facts = data["games"][0]["facts"].as_array().unwrap();
    assert!(facts.iter().any(|f| f[0] == "Plateau"), "{facts:?}");
    // `--lang` wins over the header.
    let html = page(&["--lang", "DE"]);
    assert!(html.contains("<html lang=\"de\">"));
    assert_eq!(page_data(&html)["words"]["hint"], "Tipp");
    let o = twixt(&[
        "view",
        french.to_str().unwrap(),
        "--lang",
        "fr1",
        "-o",
        "x.html",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("expected a language code") && err.contains("fr1"),
        "{err}"
    );
    // A game that names no language: English.
    let plain = dir.path().join("plain.twixt");
    std::fs::write(&plain, "1. f6 2. m12\n").unwrap();
    let out = dir.path().join("plain.html");
    let o = twixt(&["view", plain.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success());
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.contains("<html lang=\"en\">") && html.contains(">Hint</button>"));
}

/// Every word of a French page is French: the rule set by name, Little
/// Golem's events, untitled games, TWRS's sides, a game's `[Sides]`
/// names, counts in each language's singular and plural, and a user's
/// own messages (`--messages`) over the catalogue.
#[test]
fn a_french_page_words_rules_events_titles_sides_and_counts() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("page.html");
    let page = |inputs: &[&std::path::Path], extra: &[&str]| {
        let mut args = vec!["view", "-o", out.to_str().unwrap()];
        args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
        args.extend(extra);
        let o = twixt(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        (page_data(&std::fs::read_to_string(&out).unwrap()), err)
    };
    let corner = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/corner-puzzle.twixt"
    ))
    .unwrap();
    let sides = dir.path().join("sides.twixt");
    std::fs::write(
        &sides,
        corner.replace("[Event ", "[Sides \"Blanc Bleu\"]\n[Event "),
    )
    .unwrap();
    let several = dir.path().join("ouvertures.twixt");
    std::fs::write(
        &several,
        "[Size \"24\"]\n1. c3 2. f6\n\n[Size \"24\"]\n1. e5\n",
    )
    .unwrap();
    let (data, _) = page(&[&sides, &several], &["--lang", "fr"]);
    let g = &data["games"][0];
    // The rule set by its name in the book's words, not the preset's.
    let facts = g["facts"].as_array().unwrap();
    assert!(
        facts
            .iter()
            .any(|f| f[0] == "Règle" && f[1] == "papier-crayon (TwixT PP)"),
        "{facts:?}"
    );
    // `[Sides]` names the sides the verdicts use, not only the result.
    assert_eq!(g["sides"], serde_json::json!(["Blanc", "Bleu"]));
    assert_eq!(data["games"][1]["title"], "ouvertures, partie 1");
    assert_eq!(data["games"][2]["title"], "ouvertures, partie 2");
    assert_eq!(
        data["games"][1]["sides"],
        serde_json::json!(["Rouge", "Noir"])
    );
    // French says 0 and 1 in the singular, English only 1.
    assert_eq!(data["pluralOne"], serde_json::json!([0, 1]));
    assert_eq!(data["words"]["wrongTriesOne"], "{n} essai manqué");
    assert_eq!(data["words"]["solved"], "Résolu\u{202f}! ({tries})");
    let (en, _) = page(&[&sides], &[]);
    assert_eq!(en["pluralOne"], serde_json::json!([1]));
    assert_eq!(en["words"]["wrongTries"], "{n} wrong tries");

    // TWRS's sides in French.
    let o = twixt(&["random", "--game", "twrs", "--seed", "9"]);
    assert!(o.status.success());
    let twrs = dir.path().join("twrs.twixt");
    std::fs::write(&twrs, &o.stdout).unwrap();
    let (data, _) = page(&[&twrs], &["--lang", "fr"]);
    assert_eq!(
        data["games"][0]["sides"],
        serde_json::json!(["Orange", "Bleu"])
    );

    // A user's own messages over the catalogue, as `book --messages`.
    let mine = dir.path().join("mine.txt");
    std::fs::write(&mine, "view-hint = Un coup de pouce\nred = Rubis\n").unwrap();
    let (data, err) = page(
        &[&several],
        &["--lang", "fr", "--messages", mine.to_str().unwrap()],
    );
    assert_eq!(data["words"]["hint"], "Un coup de pouce");
    assert_eq!(
        data["games"][0]["sides"],
        serde_json::json!(["Rubis", "Noir"])
    );
    assert!(!err.contains("warning"), "{err}");
    std::fs::write(&mine, "view-hnit = x\n").unwrap();
    let o = twixt(&[
        "view",
        several.to_str().unwrap(),
        "--messages",
        mine.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("mine.txt:1") && err.contains("view-hnit"),
        "{err}"
    );
}

/// A well-formed language with no catalogue is said in English with a
/// warning, by `view` and `book` alike; with the user's own messages it is
/// theirs to word, and no warning is given.
#[test]
fn a_language_without_a_catalogue_is_warned_of_by_view_and_book() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.twixt");
    std::fs::write(&game, "1. f6 2. m12\n").unwrap();
    for command in ["view", "book"] {
        let out = dir.path().join(format!("{command}.html"));
        let o = twixt(&[
            command,
            game.to_str().unwrap(),
            "--lang",
            "eo",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("warning")
                && err.contains("no messages in language `eo`")
                && err.contains("en, fr, de, nl, it"),
            "{command}: {err}"
        );
        assert!(out.exists(), "{command}");
        let mine = dir.path().join("eo.txt");
        std::fs::write(&mine, "red = Ruĝa\n").unwrap();
        let o = twixt(&[
            command,
            game.to_str().unwrap(),
            "--lang",
            "eo",
            "--messages",
            mine.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("no messages"),
            "{command}"
        );
    }
}

/// Little Golem's events are worded in the page's language, in the list,
/// the facts and the crosstable, by the book's own wording.
#[test]
fn little_golem_events_are_worded_in_the_pages_language() {
    let Some(games) = shared_games() else { return };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("lg.html");
    let folder = games.join("littlegolem");
    let o = twixt(&[
        "view",
        folder.to_str().unwrap(),
        "--lang",
        "fr",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(&out).unwrap();
    let data = page_data(&html);
    let worded: Vec<&str> = data["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["eventWords"].as_str())
        .collect();
    assert!(!worded.is_empty());
    assert!(
        worded
            .iter()
            .all(|w| w.contains("Little Golem") && !w.contains("tournament")),
        "{worded:?}"
    );
    assert!(
        worded
            .iter()
            .any(|w| w.starts_with("Championnat") || w.starts_with("Tournoi")),
        "{worded:?}"
    );
    for g in data["games"].as_array().unwrap() {
        if let Some(w) = g["eventWords"].as_str() {
            let facts = g["facts"].as_array().unwrap();
            assert!(facts.iter().any(|f| f[1] == w), "{facts:?}");
        }
    }
}

/// A figures-only game's steps are said in the page's language ("Figure
/// 2" in English, "Abbildung 2" in German).
#[test]
fn a_figures_only_games_steps_are_in_the_pages_words() {
    let dir = tempfile::tempdir().unwrap();
    // Crossing links: a figure, no position to play from.
    let script = dir.path().join("figures.twixt");
    std::fs::write(
        &script,
        "[Title \"Two figures\"]\n[Rules \"board\"]\n\n#setup red: j10 k12\n#setup black: k10 j12\n#setup links: j10-k12 k10-j12\n#diagram name=a\n#highlight j10\n#diagram name=b\n",
    )
    .unwrap();
    let out = dir.path().join("page.html");
    for (lang, step) in [
        ("en", "Figure 2"),
        ("de", "Abbildung 2"),
        ("it", "Figura 2"),
    ] {
        let o = twixt(&[
            "view",
            script.to_str().unwrap(),
            "--lang",
            lang,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let data = page_data(&std::fs::read_to_string(&out).unwrap());
        let g = &data["games"][0];
        assert_eq!(g["figures"], true, "a figures-only game");
        assert_eq!(g["lines"][0]["moves"][0]["t"], step, "{lang}");
    }
}

/// The game list names its side columns as the games' `[Sides]` do when
/// every listed game names the same two, else with the page's words.
#[test]
fn the_game_lists_side_columns_follow_the_games_sides_when_they_agree() {
    let dir = tempfile::tempdir().unwrap();
    let game = |name: &str, sides: Option<&str>| {
        let path = dir.path().join(name);
        let header = sides.map_or(String::new(), |s| format!("[Sides \"{s}\"]\n"));
        std::fs::write(&path, format!("{header}[Size \"12\"]\n1. c3 2. f6\n")).unwrap();
        path
    };
    let a = game("a.twixt", Some("White Blue"));
    let b = game("b.twixt", Some("White  Blue"));
    let c = game("c.twixt", None);
    let out = dir.path().join("page.html");
    let headings = |inputs: &[&std::path::Path]| {
        let mut args = vec!["view", "-o", out.to_str().unwrap()];
        args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
        let o = twixt(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let html = std::fs::read_to_string(&out).unwrap();
        let side = |key: &str| {
            let at = html.find(&format!("data-sort=\"{key}\">")).unwrap() + key.len() + 13;
            html[at..at + html[at..].find('<').unwrap()].to_string()
        };
        (side("red"), side("black"))
    };
    assert_eq!(headings(&[&a, &b]), ("White".into(), "Blue".into()));
    assert_eq!(headings(&[&a, &c]), ("Red".into(), "Black".into()));
}

/// A finished TWRS game's result is said in the page's language, as the
/// catalogue words it (the winner's points first, and why it ended).
#[test]
fn a_twrs_games_result_is_said_in_the_pages_language() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(&["random", "--game", "twrs", "--seed", "9"]);
    assert!(o.status.success());
    let game = dir.path().join("twrs.twixt");
    std::fs::write(&game, &o.stdout).unwrap();
    let file = twixtkit::twrs::file::TwrsFile::load(&game).unwrap();
    let end = file.replayed(&file.games[0]).position;
    let result = twixtkit::twrs::file::TwrsResult::of(&end).expect("a random game ends");
    let out = dir.path().join("page.html");
    let mut said = Vec::new();
    for lang in ["en", "fr", "de"] {
        let o = twixt(&[
            "view",
            game.to_str().unwrap(),
            "--lang",
            lang,
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let data = page_data(&std::fs::read_to_string(&out).unwrap());
        let m = twixtkit::messages::Messages::for_language(lang);
        let want = result.words(&m);
        assert_eq!(data["games"][0]["result"], want.as_str(), "{lang}");
        said.push(want);
    }
    // Three languages, three sentences; the French one is French.
    assert!(said[0] != said[1] && said[1] != said[2], "{said:?}");
    assert!(
        said[1].contains(" à ") && (said[1].contains("gagne") || said[1].contains("nulle")),
        "{}",
        said[1]
    );
}
