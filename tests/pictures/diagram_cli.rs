//! `twixt board` end to end.

use crate::common;
use common::twixt;

#[test]
fn board_writes_svg_in_mm() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.svg");
    let o = twixt(&["board", "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("width=\"210mm\" height=\"297mm\""));
    assert!(svg.len() <= 20_000, "blank A4 board is {} bytes", svg.len());
    // No temporary file left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // Standard output when no file is given; landscape letter.
    let o = twixt(&["board", "--paper", "letter", "--landscape", "--record"]);
    assert!(o.status.success());
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(svg.contains("width=\"279.4mm\" height=\"215.9mm\""));
    assert!(svg.contains(">Black</text>"));
}

#[test]
fn board_writes_png_at_the_asked_resolution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.png");
    let o = twixt(&[
        "board",
        "--size",
        "12",
        "--paper",
        "100x50",
        "--dpi",
        "50",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // Width and height from the IHDR chunk: 100 mm and 50 mm at 50 dpi.
    let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((w, h), (197, 99));
}

#[test]
fn board_refuses_bad_input() {
    for args in [
        &["board", "--paper", "b9"][..],
        &["board", "--size", "2"],
        &["board", "--per-page", "65"],
        &["board", "--dpi", "0"],
        &["board", "--coords", "xyz"],
        &["board", "--style", "no-such-style"],
    ] {
        let o = twixt(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    let dir = tempfile::tempdir().unwrap();
    let style = dir.path().join("s.yaml");
    std::fs::write(&style, "red: \"#c00\"\nlink_widht: 0.2\n").unwrap();
    let o = twixt(&["board", "--style", style.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("s.yaml:2:1:") && err.contains("link_widht"),
        "{err}"
    );
}
