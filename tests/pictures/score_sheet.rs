//! Score sheets: `twixt board --record` heads each board's move columns
//! with the game's facts, lines to write on or printed from the options,
//! and a box to tick for a swap.

use crate::common;
use common::{poppler, twixt};

#[test]
fn a_score_sheet_has_its_header_blank_or_filled() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Blank: every label, lines to write on, a swap box.
    let o = twixt(&["board", "--record"]);
    assert!(o.status.success());
    let svg = String::from_utf8(o.stdout).unwrap();
    for label in [
        "Event", "Round", "Date", "Red", "Black", "Result", "swapped",
    ] {
        assert!(svg.contains(&format!(">{label}</text>")), "{label}");
    }
    assert!(svg.contains("id=\"record-header\""));
    assert!(!svg.contains("class=\"value\""));
    // The header sits above the move columns, beside the board.
    let header_at = svg.find("id=\"record-header\"").unwrap();
    assert!(header_at < svg.find("id=\"record\"").unwrap());
    // Filled: the values printed, hostile text escaped.
    let pdf = d.join("sheet.pdf");
    let o = twixt(&[
        "board",
        "--record",
        "--event",
        "Open <b>&amp; \"Cup\"</b>",
        "--round",
        "3",
        "--date",
        "2026-11-25",
        "--red",
        "Ann",
        "--black",
        "Bo'b",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = twixt(&[
        "board",
        "--record",
        "--event",
        "Open <b>&amp; \"Cup\"</b>",
        "--black",
        "Bo'b",
    ]);
    let svg = String::from_utf8(o.stdout).unwrap();
    assert!(
        svg.contains(">Open &lt;b&gt;&amp;amp; &quot;Cup&quot;&lt;/b&gt;</text>"),
        "{svg}"
    );
    assert!(svg.contains(">Bo&apos;b</text>"));
    if let Some(text) = poppler("pdftotext", &["-layout", pdf.to_str().unwrap(), "-"]) {
        for needle in [
            "Event",
            "Round",
            "Date",
            "Result",
            "swapped",
            "Open <b>&amp; \"Cup\"</b>",
            "2026-11-25",
            "Ann",
            "Bo'b",
        ] {
            assert!(text.contains(needle), "pdftotext lacks `{needle}`:\n{text}");
        }
    }
    // Four to a page: each board its header.
    let o = twixt(&["board", "--record", "--per-page", "4", "--red", "Ann"]);
    let svg = String::from_utf8(o.stdout).unwrap();
    assert_eq!(svg.matches("-record-header\"").count(), 4);
    assert_eq!(svg.matches(">Ann</text>").count(), 4);
    // A field without --record, or too long, is a usage error.
    for args in [
        &["board", "--event", "x"][..],
        &["board", "--record", "--red", &"x".repeat(101)],
        &["board", "--record", "--date", "1\n2"],
    ] {
        let o = twixt(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty());
    }
}
