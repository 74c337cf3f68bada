//! Bodies of the fuzz targets, shared by the `cargo fuzz` crate in `fuzz/`
//! and the deterministic smoke test `tests/files/fuzz_smoke.rs`. Each function
//! takes arbitrary bytes and panics only when an invariant breaks: a reader
//! that panics, a writer whose output its own reader refuses or reads back
//! differently, or an SVG that carries markup from the input.
//!
//! Not a stable API: hidden from the documentation.

use crate::diagram::{self, Diagram, Scale, Style};
use crate::formats::{abstractplay, boardspace, littlegolem, movelist, sgf, t1};
use crate::record::Record;
use crate::replay;
use crate::script;
use twixt_core::rules::RuleSet;

/// A fuzz target body: arbitrary bytes in, a panic when an invariant breaks.
pub type FuzzTarget = fn(&[u8]);

/// Every target, by name, for the smoke test and `fuzz/` binaries.
pub const TARGETS: &[(&str, FuzzTarget)] = &[
    ("script_parse", script_parse),
    ("script_roundtrip", script_roundtrip),
    ("littlegolem", littlegolem_roundtrip),
    ("t1", t1_roundtrip),
    ("movelist", movelist_roundtrip),
    ("rules_yaml", rules_yaml),
    ("style_yaml", style_yaml),
    ("script_to_svg", script_to_svg),
    ("twrs_script", twrs_script),
    ("sgf", sgf_roundtrip),
    ("abstractplay", abstractplay_read),
    ("boardspace", boardspace_roundtrip),
    ("zip", zip_archive),
    ("typst_template", typst_template),
];

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The script parser on any text: errors are fine, panics are not, every
/// error points inside the text, and the text read a window at a time gives
/// the same pieces.
pub fn script_parse(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let parsed = script::parse(src);
    for e in &parsed.errors {
        assert!(
            e.span.start() <= src.len(),
            "error span past the end: {e:?}"
        );
        assert!(e.span.line >= 1, "error without a line: {e:?}");
        // Rendering the diagnostic must not panic either.
        let _ = e.to_diagnostic("fuzz.twixt", src).to_string();
    }
    // Read a window at a time, as `check`, `fmt` and `convert` stream a
    // file (which refuse what is not text and drop a byte-order mark, and
    // take any number of games): the pieces of the whole text, at the same
    // places.
    if crate::limits::first_noncharacter(data).is_some()
        || src.starts_with('\u{FEFF}')
        || src.len() > 100_000
    {
        return;
    }
    let describe = |p: &script::Piece| match &p.game {
        Ok(g) => format!("{}:{} {}", g.span.line, g.span.col, script::write_game(g)),
        Err(e) => format!("{}:{} {}", e.span.line, e.span.col, e.message),
    };
    let whole: Vec<String> = script::parse_pieces(src, 1).iter().map(describe).collect();
    let window = 16 + 8 * usize::from(data.first().copied().unwrap_or(0));
    let mut streamed = Vec::new();
    for w in script::stream::GameStream::with_window(data, window) {
        let w = w.expect("a text in memory streams");
        streamed.extend(w.pieces.iter().map(describe));
    }
    assert_eq!(streamed, whole, "windows of {window} bytes");
}

/// parse → write → parse gives the same games, with no errors, and writing
/// again gives the same text.
pub fn script_roundtrip(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let first = script::parse(src).file;
    let written = script::write_file(&first);
    let again = script::parse(&written);
    assert!(
        again.errors.is_empty(),
        "the writer's output does not parse: {:?}\n--- written:\n{written}",
        again.errors
    );
    assert_eq!(
        again.file, first,
        "parse(write(x)) != x\n--- written:\n{written}"
    );
    assert_eq!(
        script::write_file(&again.file),
        written,
        "writing is not stable"
    );
}

/// A format's write → read must give back what was read (`write` may refuse
/// records the format cannot hold).
fn same_record(a: &Record, b: &Record, what: &str) {
    assert_eq!(a.moves, b.moves, "{what}: moves differ after a round trip");
    assert_eq!(a.rules, b.rules, "{what}: rules differ after a round trip");
    assert_eq!(a.first, b.first, "{what}: first player differs");
    assert_eq!(a.result, b.result, "{what}: result differs");
    // Writers may order header tags their own way and add format tags such
    // as FF; none read may be lost or changed.
    for t in &a.tags {
        assert!(
            b.tags.contains(t),
            "{what}: tag {t:?} lost in a round trip: {:?}",
            b.tags
        );
    }
}

/// Little Golem `.tsgf`: read; if readable, write → read gives the same record.
pub fn littlegolem_roundtrip(data: &[u8]) {
    let Ok(rec) = littlegolem::read(data) else {
        return;
    };
    let Ok(bytes) = littlegolem::write(&rec) else {
        return;
    };
    let back = littlegolem::read(&bytes).unwrap_or_else(|e| {
        panic!(
            "tsgf writer output unreadable: {e}\n--- written:\n{}",
            String::from_utf8_lossy(&bytes)
        )
    });
    same_record(&rec, &back, "tsgf");
}

/// SGF for TwixT: read; if readable, write → read gives the same record.
pub fn sgf_roundtrip(data: &[u8]) {
    let Ok(rec) = sgf::read(data) else { return };
    let Ok(text) = sgf::write(&rec) else { return };
    let back = sgf::read(text.as_bytes())
        .unwrap_or_else(|e| panic!("SGF writer output unreadable: {e}\n--- written:\n{text}"));
    same_record(&rec, &back, "SGF");
}

/// AbstractPlay records (read only): read; a record read locates every
/// move it holds.
pub fn abstractplay_read(data: &[u8]) {
    let Ok(rec) = abstractplay::read(data) else {
        return;
    };
    assert_eq!(
        rec.moves.len(),
        rec.move_at.0.len(),
        "every move of an AbstractPlay record has its place"
    );
}

/// Boardspace game files: read; a record read locates every move it
/// holds, and write → read gives the same record.
pub fn boardspace_roundtrip(data: &[u8]) {
    let Ok(rec) = boardspace::read(data) else {
        return;
    };
    assert_eq!(
        rec.moves.len(),
        rec.move_at.0.len(),
        "every move of a Boardspace record has its place"
    );
    let Ok(text) = boardspace::write(&rec) else {
        return;
    };
    let back = boardspace::read(text.as_bytes()).unwrap_or_else(|e| {
        panic!("Boardspace writer output unreadable: {e}\n--- written:\n{text}")
    });
    same_record(&rec, &back, "Boardspace");
}

/// Zip archives of game files, read from memory through the code that
/// reads them from disk: every member listed has a name inside the
/// archive, and a member read is never larger than the archive states
/// nor than the limit asked for; a member named like a game file is then
/// sniffed and read as one.
pub fn zip_archive(data: &[u8]) {
    use crate::script::FileFormat;
    use std::path::{Component, Path};
    // Small, so that a member the archive says is large is refused rather
    // than unpacked: the limit path is what the target checks.
    const MAX: u64 = 1 << 20;
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(data)) else {
        return;
    };
    let root = Path::new("games.zip");
    let mut skipped = Vec::new();
    for path in crate::files::archive::list(&mut archive, root, &mut skipped) {
        let inner = path
            .strip_prefix(root)
            .expect("a member lies below its archive");
        assert!(
            inner
                .components()
                .all(|c| matches!(c, Component::Normal(_))),
            "member {} leads out of the archive",
            inner.display()
        );
        let name: Vec<String> = inner
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let Ok(bytes) = crate::files::archive::read_from(&mut archive, &name.join("/"), MAX) else {
            continue;
        };
        assert!(bytes.len() as u64 <= MAX, "a member read past the limit");
        match FileFormat::of_path(&path).unwrap_or_else(|| FileFormat::sniff(&bytes)) {
            FileFormat::Script => drop(crate::script::script_from_bytes(&path, &bytes)),
            format => drop(crate::open::records_with(&bytes, format, None, None)),
        }
    }
}

/// T1: read; if readable, write → read gives the same record.
pub fn t1_roundtrip(data: &[u8]) {
    let Ok(rec) = t1::read(data) else { return };
    let Ok(text) = t1::write(&rec) else { return };
    let back = t1::read(text.as_bytes())
        .unwrap_or_else(|e| panic!("T1 writer output unreadable: {e}\n--- written:\n{text}"));
    same_record(&rec, &back, "T1");
}

/// Move lists: read; if readable, write → read gives the same records.
pub fn movelist_roundtrip(data: &[u8]) {
    let Ok(recs) = movelist::read(data) else {
        return;
    };
    let Ok(text) = movelist::write_all(&recs) else {
        return;
    };
    let back = movelist::read(text.as_bytes()).unwrap_or_else(|e| {
        panic!("move-list writer output unreadable: {e}\n--- written:\n{text}")
    });
    assert_eq!(back.len(), recs.len(), "move lists: game count differs");
    for (a, b) in recs.iter().zip(&back) {
        same_record(a, b, "move list");
    }
    // Read a piece at a time, as `check` and `convert` stream a file: the
    // same games, their moves at the same lines and columns.
    for size in [0, 64] {
        let mut pieces = Vec::new();
        for chunk in movelist::Chunks::new(data, size) {
            let chunk = chunk.expect("a move list in memory reads");
            let mut part = movelist::read(&chunk.text)
                .unwrap_or_else(|e| panic!("a piece of a readable move list fails: {e}"));
            for r in &mut part {
                for at in &mut r.move_at.0 {
                    at.line += chunk.first_line - 1;
                }
            }
            pieces.extend(part);
        }
        assert_eq!(
            pieces.len(),
            recs.len(),
            "pieces of {size}: game count differs"
        );
        for (a, b) in recs.iter().zip(&pieces) {
            same_record(a, b, "move list in pieces");
            assert_eq!(
                a.move_at.0, b.move_at.0,
                "pieces of {size}: move places differ"
            );
        }
    }
}

/// Rule-set YAML: read and validate; a valid rule set starts a position.
pub fn rules_yaml(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let Ok(rules) = RuleSet::from_yaml(src) else {
        return;
    };
    if rules.validate().is_ok() {
        twixt_core::position::Position::new(rules).expect("a validated rule set starts a position");
    }
}

/// Style YAML: read; a readable style draws a small board into safe SVG.
pub fn style_yaml(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let Ok(style) = Style::from_yaml(src, "fuzz.yaml") else {
        return;
    };
    let mut d = Diagram::blank("5".parse().expect("5 is a board size"));
    d.caption("<script>alert(1)</script> & \"x\"");
    let svg = diagram::to_svg(&d, &style, Scale::default());
    assert_svg_safe(&svg);
}

/// The whole path from script text to SVG: parse, replay every game, turn
/// every diagram point into a diagram and write it.
pub fn script_to_svg(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let parsed = script::parse(src);
    for game in &parsed.file.games {
        // Rule sets named by path are not read here: a fuzzer must not open
        // files. Any other is the game's, as replay resolves it.
        let spec = game.tag("Rules").map(script::RulesSpec::parse);
        if let Some(Ok(script::RulesSpec::File(_))) = spec {
            continue;
        }
        let Ok(rules) = game.rules(None) else {
            continue;
        };
        let r = replay::replay(game, rules);
        for i in &r.issues {
            let _ = i.to_diagnostic("fuzz.twixt", src).to_string();
        }
        for snap in &r.diagrams {
            let d = diagram::snapshot::diagram_from_snapshot(snap);
            let style = match snap.point.look.style.as_deref() {
                Some(s) => Style::builtin(s).unwrap_or_default(),
                None => Style::default(),
            };
            let svg = diagram::to_svg(&d, &style, Scale::default());
            assert_svg_safe(&svg);
            let _ = diagram::to_text(&d, diagram::Charset::Ascii);
        }
    }
}

/// Panics when an SVG could run code, load something from outside, or
/// carries markup that did not come from the writer. Text between tags is
/// not markup (every `<` of input text is escaped), so only tags are looked
/// at: element names, event-handler attributes, and references.
pub fn assert_svg_safe(svg: &str) {
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..]
            .find('>')
            .map_or(rest.len(), |e| start + e + 1);
        let tag = rest[start..end].to_ascii_lowercase();
        rest = &rest[end..];
        let name: String = tag[1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '!' | '?' | '-'))
            .collect();
        let name = name.trim_start_matches('/');
        assert!(
            matches!(
                name,
                "svg"
                    | "defs"
                    | "pattern"
                    | "circle"
                    | "rect"
                    | "line"
                    | "path"
                    | "polygon"
                    | "polyline"
                    | "g"
                    | "text"
                    | "tspan"
                    | "title"
                    | "use"
                    | "marker"
                    | "clippath"
                    | "ellipse"
                    | "style"
            ),
            "unexpected element <{name}> in {tag}"
        );
        assert!(!tag.contains("javascript:"), "javascript: in {tag}");
        for (i, _) in tag.match_indices("href=") {
            let v = &tag[i + 5..];
            assert!(
                v.starts_with("\"#") || v.starts_with("'#"),
                "external reference in {tag}"
            );
        }
        for (i, _) in tag.match_indices("url(") {
            assert!(tag[i + 4..].starts_with('#'), "external url() in {tag}");
        }
        let mut words = tag.split(|c: char| c.is_whitespace() || c == '"' || c == '\'');
        assert!(
            !words.any(|w| w.starts_with("on") && w.contains('=')),
            "event handler in {tag}"
        );
    }
}

/// TWRS scripts: read and replay; a script without errors writes a
/// canonical form that reads back to the same games and positions, and
/// every position draws.
pub fn twrs_script(data: &[u8]) {
    use crate::twrs::script::{parse, replay, write_file};
    let Some(src) = text(data) else { return };
    let (games, errors) = parse(src);
    let replays: Vec<_> = games.iter().map(|g| replay(src, g)).collect();
    for r in &replays {
        let _ = crate::twrs::draw::to_svg(&r.position, &[], None, None);
    }
    if !errors.is_empty() || replays.iter().any(|r| !r.errors.is_empty()) {
        return;
    }
    let canonical = write_file(&games);
    let (again, errors) = parse(&canonical);
    assert!(
        errors.is_empty(),
        "canonical TWRS script unreadable:\n{canonical}"
    );
    assert_eq!(write_file(&again), canonical, "canonical form not stable");
    for (g, r) in again.iter().zip(&replays) {
        let back = replay(&canonical, g);
        assert!(
            back.errors.is_empty(),
            "canonical TWRS script replays differently:\n{canonical}"
        );
        assert_eq!(
            back.position, r.position,
            "final position differs after fmt"
        );
    }
}

/// The game every `typst_template` input is a template for: two games,
/// a comment, a variation and three diagrams on a small board, so that the
/// template's `book` function gets headings, facts, text and figures.
#[cfg(feature = "typst")]
const TEMPLATE_GAME: &str = "[Title \"Fuzz\"]\n[Size \"6\"]\n[Rules \"pencil\"]\n[Red \"Ann\"]\n[Black \"Bob\"]\n\
1. c3 {A *comment* with #markup and $math$.} 2. d4 (2. b4 3. d2) 3. c5\n#diagram caption=\"After 3\"\n4. e2\n\n\
[Size \"5\"]\n[Task \"Red to play and connect\"]\n1. c2 2. b3 3. c4\n";

/// Any text as a book's template: the small fixed game typeset through
/// the same sandboxed world a book uses (in this process). Errors are
/// fine; a panic inside Typst or our world (caught at the boundary and
/// reported as `Failed`) is a finding, and a PDF must be one. Inputs are
/// bounded in size and in the numbers they write (at most three digits in
/// a row), so that a template's loops and arrays stay small: the time and
/// memory of a hostile template are bounded by the child process the
/// command line typesets in, not here.
#[cfg(feature = "typst")]
pub fn typst_template(data: &[u8]) {
    use std::sync::LazyLock;
    static SOURCE: LazyLock<crate::book::typst_source::TypstBook> = LazyLock::new(|| {
        let path = std::path::Path::new("fuzz.twixt");
        let loaded = script::script_from_bytes(path, TEMPLATE_GAME.as_bytes());
        assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
        let file = crate::open::GameFile {
            path: path.to_path_buf(),
            content: crate::open::Content::Script {
                source: loaded.source,
                games: loaded.games,
            },
        };
        let book = crate::book::book(&file, &crate::book::BookOptions::default())
            .expect("the fixed game makes a book");
        let style = Style::rulebook();
        crate::book::typst_source::to_typst(
            &book,
            &crate::book::html::Styles::new(&style),
            &crate::book::typst_source::PageSetup::default(),
            "fuzz",
        )
    });
    let Some(template) = text(data) else { return };
    let digits = template
        .split(|c: char| !c.is_ascii_digit())
        .map(str::len)
        .max()
        .unwrap_or(0);
    if template.len() > 4096 || digits > 3 {
        return;
    }
    let mut source = SOURCE.clone();
    source.template = template.to_string();
    match crate::book::typeset_pdf_in_process(&source, None) {
        Ok(pdf) => assert!(pdf.starts_with(b"%PDF-"), "not a PDF"),
        Err(crate::book::TypesetError::Failed { reason, .. }) => {
            panic!("Typst failed on a template: {reason}")
        }
        Err(e) => assert!(!e.to_string().is_empty(), "an error without words"),
    }
}

/// Without the typesetter there is nothing to fuzz.
#[cfg(not(feature = "typst"))]
pub fn typst_template(_: &[u8]) {}
