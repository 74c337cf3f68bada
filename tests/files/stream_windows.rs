//! A script read a window at a time gives exactly the games, errors and
//! line numbers of a whole-text parse, wherever the windows cut: in
//! particular a comment cut by a window's end whose text holds a blank line
//! and then a line starting with `[` (which looks like the next game's
//! header inside the cut window), a comment that never closes, and a
//! variation or a move number cut the same way.

use std::process::Command;

use proptest::prelude::*;
use twixtkit::script::stream::GameStream;
use twixtkit::script::{Piece, parse_pieces, write_game};

/// A piece as text: where it starts in the file, then the game in canonical
/// form with its place, or the error with its place and words.
fn describe(start: usize, p: &Piece) -> String {
    match &p.game {
        Ok(g) => format!(
            "@{start} game at {}:{}\n{}",
            g.span.line,
            g.span.col,
            write_game(g)
        ),
        Err(e) => format!(
            "@{start} error at {}:{} ({}): {} / {}",
            e.span.line,
            e.span.col,
            e.span.len_bytes(),
            e.message,
            e.label
        ),
    }
}

fn whole(text: &str) -> Vec<String> {
    parse_pieces(text, 1)
        .iter()
        .map(|p| describe(p.start, p))
        .collect()
}

fn streamed(text: &str, window: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut offset = 0;
    for w in GameStream::with_window(text.as_bytes(), window) {
        let w = w.unwrap();
        // A window's text is the file's next bytes, after blank text that
        // held no piece.
        let skipped = text[offset..].find(&w.text).unwrap();
        assert!(text[offset..offset + skipped].trim().is_empty());
        offset += skipped;
        out.extend(w.pieces.iter().map(|p| describe(offset + p.start, p)));
        offset += w.text.len();
    }
    out
}

/// A first game whose comment starts before `cut` and closes after it, with
/// a blank line and a line that starts with `[` inside, then a second game.
fn cut_comment(cut: usize) -> String {
    let head = "[Event \"first\"]\n\n1. f6 {a long note\n\n[Event x]\n";
    let filler_line = format!("{}\n", "y".repeat(99));
    let mut text = head.to_string();
    while text.len() < cut + 200 {
        text.push_str(&filler_line);
    }
    text.push_str("end of the note} 2. g8\n\n[Event \"second\"]\n\n1. c3 2. d4\n");
    text
}

#[test]
fn a_comment_cut_by_the_window_holding_a_header_line_is_closed_in_the_next() {
    let text = cut_comment(1000);
    let want = whole(&text);
    assert_eq!(want.len(), 2, "{want:#?}");
    assert!(want.iter().all(|p| p.contains(" game at ")), "{want:#?}");
    for window in [64, 100, 300, 512, 999, 1000, 1001, 2048, 1 << 20] {
        assert_eq!(streamed(&text, window), want, "window {window}");
    }
}

#[test]
fn a_comment_that_never_closes_is_read_as_a_whole_text_parse_reads_it() {
    // Each game's comment is unclosed: the first one's error stands, and
    // the games after it are read from their headers, their comments
    // unclosed too.
    let game = "[Event \"g\"]\n\n1. f6 {never closed\n\n[Event \"h\"]\n\n1. c3 2. d4\n\n";
    let text = game.repeat(200);
    let want = whole(&text);
    assert!(want.len() > 200);
    for window in [64, 333, 4096] {
        assert_eq!(streamed(&text, window), want, "window {window}");
    }
    // With an escaped brace, a later real one closes it.
    let text = format!(
        "{}\\}} and now }} 2. g8\n\n[Event \"z\"]\n1. a2\n",
        game.repeat(30)
    );
    let want = whole(&text);
    for window in [64, 333, 4096] {
        assert_eq!(streamed(&text, window), want, "window {window}");
    }
}

#[test]
fn a_variation_or_a_move_number_cut_by_the_window_is_read_whole() {
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&format!(
            "[Event \"v{i}\"]\n\n1. f6 2. g8 (2. h9 {{side\n\n[Event fake]\n}}\n3. c3) 3. d4 4.\ne5\n\n"
        ));
    }
    let want = whole(&text);
    assert_eq!(want.len(), 40);
    for window in [64, 70, 97, 128, 200, 1000] {
        assert_eq!(streamed(&text, window), want, "window {window}");
    }
}

/// The fragments the random texts are made of: games, comments holding
/// blank lines and `[` lines, escapes, unclosed comments and variations,
/// move numbers at a line's end, games and garbage after blanks on their
/// line, and garbage.
const FRAGMENTS: &[&str] = &[
    "[Event \"a\"]\n\n1. f6 2. g8\n\n",
    "[Event \"b\"]\n1. f6 {note\n\n[Event x]\nmore} 2. g8\n\n",
    "[Event \"c\"]\n\n1. f6 {open\n\n[Event y]\n\n",
    "{\n\n[Event z]\n}\n",
    "1. f6 {a \\} b \\\\} 2. g8 {\\\n",
    "[Event \"d\"]\n1. f6 2. g8 (2. h9 {v\n\n[Event w]\n}\n3. c3) 3. d4\n\n",
    "[Event \"e\"]\n1. f6 (1. c3\n\n",
    "[Event \"f\"]\n1. f6 2.\ng8 3.\n",
    "zzz }\n",
    ")\n",
    "\n\n",
    "% remark\n",
    "[bad\n",
    "}\n",
    "{ closes later\n",
    "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n",
    "   [Event \"s\"]\n  1. f6 zz\n\n",
    " \t club\n",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    #[test]
    fn windows_hand_out_the_pieces_of_a_whole_text_parse(
        parts in prop::collection::vec(0..FRAGMENTS.len(), 1..40),
        window in 64usize..4096,
    ) {
        let text: String = parts.iter().map(|&i| FRAGMENTS[i]).collect();
        prop_assert_eq!(streamed(&text, window), whole(&text), "window {}", window);
    }
}

/// `twixt check` of a file of about 2.1 MiB whose first game's comment
/// crosses the 2 MiB window: two games, no errors, as for the same text
/// under 2 MiB (read whole).
#[test]
fn check_reads_a_comment_cut_at_two_mebibytes_as_the_whole_file_does() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.twixt");
    let small = dir.path().join("small.twixt");
    let text = cut_comment(2 << 20);
    assert!(text.len() > 2 << 20 && text.len() < 3 << 20);
    std::fs::write(&big, &text).unwrap();
    std::fs::write(&small, cut_comment(1000)).unwrap();
    let run = |path: &std::path::Path| {
        let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
            .arg("check")
            .arg(path)
            .output()
            .unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        (out.status.code(), stdout.lines().last().map(str::to_string))
    };
    let (code, summary) = run(&big);
    assert_eq!(code, Some(0));
    assert_eq!(
        summary.as_deref(),
        Some("checked 2 games in 1 file: 0 errors, 0 warnings")
    );
    assert_eq!(run(&small), (code, summary));
}

/// A reader that hands over one byte at a time, as a slow pipe may.
struct OneByte<'a>(&'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some((&b, rest)) = self.0.split_first() else {
            return Ok(0);
        };
        if buf.is_empty() {
            return Ok(0);
        }
        buf[0] = b;
        self.0 = rest;
        Ok(1)
    }
}

#[test]
fn a_slow_reader_gives_the_same_pieces() {
    let text = format!(
        "{}{}",
        cut_comment(3000),
        "[Event \"g\"]\n\n1. f6 {never closed\n\n[Event \"h\"]\n\n1. c3 2. d4\n\n".repeat(20)
    );
    let want = whole(&text);
    for window in [64, 1000] {
        let mut got = Vec::new();
        for w in GameStream::with_window(OneByte(text.as_bytes()), window) {
            got.extend(w.unwrap().pieces.iter().map(|p| describe(0, p)));
        }
        let strip = |v: &[String]| -> Vec<String> {
            v.iter()
                .map(|d| d.split_once(' ').unwrap().1.to_string())
                .collect()
        };
        assert_eq!(strip(&got), strip(&want), "window {window}");
    }
}

/// A reader whose input breaks (damaged gzip, a lost disk) after `ok` bytes.
struct BreaksAfter<'a> {
    text: &'a [u8],
    ok: usize,
}

impl std::io::Read for BreaksAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.ok == 0 {
            return Err(std::io::Error::other("the input broke"));
        }
        let n = buf.len().min(self.ok).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        (self.text, self.ok) = (&self.text[n..], self.ok - n);
        Ok(n)
    }
}

#[test]
fn a_read_that_fails_past_the_window_still_hands_out_the_whole_games_before() {
    // Ten whole games, then one whose comment is open at the window's end
    // and whose `}` the input never brings: the read past the window fails.
    let games = "[Event \"g\"]\n\n1. f6 2. g8\n\n".repeat(10);
    let text = format!(
        "{games}[Event \"cut\"]\n\n1. f6 {{a note\n\n[Event x]\n{}",
        "y\n".repeat(400)
    );
    let window = games.len() + 100;
    let mut handed = 0;
    let mut error = None;
    for w in GameStream::with_window(
        BreaksAfter {
            text: text.as_bytes(),
            ok: window + 50,
        },
        window,
    ) {
        match w {
            Ok(w) => handed += w.pieces.iter().filter(|p| p.game.is_ok()).count(),
            Err(e) => {
                error = Some(e.to_string());
                break;
            }
        }
    }
    assert_eq!(handed, 10, "the whole games before the break come out");
    assert_eq!(error.as_deref(), Some("the input broke"));
}
