//! PDF from `render`, `sheet` and `board`, read back by an independent reader
//! (poppler's pdfinfo, pdffonts, pdftotext): page count and size, the
//! embedded subset font, searchable captions, metadata, and byte stability.

use crate::common;

use std::path::Path;

use common::{poppler, twixt};

fn ok(args: &[&str]) {
    let out = twixt(args);
    assert!(
        out.status.success(),
        "twixt {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn info_field(info: &str, key: &str) -> String {
    info.lines()
        .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
        .unwrap_or_else(|| panic!("no {key} in {info}"))
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn blank_a4_board_is_one_true_size_page_with_the_font_embedded() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("board.pdf");
    ok(&["board", "-o", path(&pdf)]);
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(
        bytes.len() < 30_000,
        "blank A4 board is {} bytes",
        bytes.len()
    );
    let Some(info) = poppler("pdfinfo", &[path(&pdf)]) else {
        return;
    };
    assert_eq!(info_field(&info, "Pages:"), "1");
    // A4 is 595.28 x 841.89 pt.
    assert!(
        info_field(&info, "Page size:").starts_with("595.276 x 841.89 pts"),
        "{info}"
    );
    assert_eq!(info_field(&info, "Title:"), "TwixT board 24");
    let fonts = poppler("pdffonts", &[path(&pdf)]).unwrap();
    let row = fonts
        .lines()
        .find(|l| l.contains("DejaVuSans"))
        .expect(&fonts);
    // Subset names carry a six-letter tag: ABCDEF+DejaVuSans; embedded, subset.
    assert!(row.split('+').next().unwrap().len() == 6, "{row}");
    assert!(row.contains("yes yes"), "not embedded and subset: {row}");
    let text = poppler("pdftotext", &[path(&pdf), "-"]).unwrap();
    for label in ["a", "x", "24"] {
        assert!(
            text.lines().any(|l| l.trim() == label),
            "{label} missing from {text}"
        );
    }
}

#[test]
fn landscape_letter_board_has_the_exact_page_size() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("b.PDF");
    ok(&[
        "board",
        "--paper",
        "letter",
        "--landscape",
        "--size",
        "12",
        "-o",
        path(&pdf),
    ]);
    let Some(info) = poppler("pdfinfo", &[path(&pdf)]) else {
        return;
    };
    assert!(
        info_field(&info, "Page size:").starts_with("792 x 612 pts"),
        "{info}"
    );
}

#[test]
fn render_to_one_pdf_has_a_page_per_position_and_searchable_captions() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("dujardin.pdf");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/dujardin.twixt");
    ok(&["render", script, "-o", path(&pdf)]);
    let Some(info) = poppler("pdfinfo", &[path(&pdf)]) else {
        return;
    };
    // One page per diagram point of the script, as `render` into a folder gives files.
    let folder = dir.path().join("svgs");
    ok(&["render", script, "-o", path(&folder)]);
    let files = std::fs::read_dir(&folder).unwrap().count();
    assert_eq!(info_field(&info, "Pages:"), files.to_string());
    assert_eq!(info_field(&info, "Title:"), "dujardin");
    let text = poppler("pdftotext", &[path(&pdf), "-"]).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("The third peg may go at 3a or 3b and makes two links."),
        "{flat}"
    );
    assert!(
        flat.contains("La troisième fiche peut être posée en 3a ou en 3b"),
        "{flat}"
    );
}

#[test]
fn pdf_output_is_byte_stable() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.pdf"), dir.path().join("b.pdf"));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/italiano.twixt");
    ok(&["render", script, "-o", path(&a)]);
    ok(&["render", script, "-o", path(&b)]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn sheet_pdf_is_one_document_and_png_pages_are_numbered() {
    let dir = tempfile::tempdir().unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/dujardin.twixt");
    let svg = dir.path().join("s.svg");
    ok(&["sheet", script, "-o", path(&svg)]);
    let svg_pages = std::fs::read_dir(dir.path()).unwrap().count();
    assert!(svg_pages > 1, "expected several pages");
    let pdf = dir.path().join("s.pdf");
    ok(&["sheet", script, "-o", path(&pdf)]);
    assert!(!dir.path().join("s-2.pdf").exists());
    let png = dir.path().join("p.png");
    ok(&["sheet", script, "-o", path(&png), "--dpi", "30"]);
    let second = dir.path().join("p-2.png");
    assert!(std::fs::read(&second).unwrap().starts_with(b"\x89PNG"));
    // 30 dpi of A4 width (210 mm) is 248 pixels.
    let head = std::fs::read(&png).unwrap();
    let width = u32::from_be_bytes(head[16..20].try_into().unwrap());
    assert_eq!(width, 249, "A4 at 30 dpi");
    let Some(info) = poppler("pdfinfo", &[path(&pdf)]) else {
        return;
    };
    assert_eq!(info_field(&info, "Pages:"), svg_pages.to_string());
    assert!(info_field(&info, "Page size:").starts_with("595.276 x 841.89 pts"));
}

#[test]
fn an_extension_naming_no_format_is_a_usage_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/dujardin.twixt");
    for args in [
        vec!["board", "-o", "x.twixt"],
        vec!["board", "-o", "x.txt"],
        vec!["sheet", script, "-o", "x.jpeg"],
        vec!["board", "--format", "png", "-o", "x.svg"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_twixt"))
            .args(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("error: "));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn render_to_one_named_picture_writes_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/diagrams/italiano.twixt");
    let png = dir.path().join("out.png");
    // Several positions cannot go to one PNG.
    let out = twixt(&["render", script, "-o", path(&png)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!png.exists());
    ok(&["render", script, "--game", "1", "-o", path(&png)]);
    assert!(png.is_file(), "out.png must be a file, not a folder");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}
