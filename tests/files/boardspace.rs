//! Boardspace game files (issue 63): read from files, standard input and
//! zip archives, every step replayed with its line and column, converted
//! to scripts and back to the site's format, and hostile inputs refused.

use std::fs;
use std::io::Write as _;

use crate::common;
use common::twixt_fed as twixt;
use twixt_core::board::Player;
use twixt_core::moves::Move;
use twixtkit::formats::{Error, boardspace};
use twixtkit::record::GameResult;

/// A 24×24 game: a link made and named, taken off before the next peg,
/// a draw offered and declined, then a connection-free end by resignation.
const GAME: &str = r#"(;GM[Twixt]VV[1]GN[TW-ann-bob]DT[2024-01-02]SU[twixt]
P0[id "ann"]P1[id "bob"]
; P0[0 Start P0]
; P0[1 pick R 0]; P0[2 dropb K 12]; P0[3 done]
; P1[4 dropb M 16]; P1[5 done]
; P0[6 dropb L 14 RB120]; P0[7 done]
; P1[8 dropb O 14]; P1[9 done]
; P0[10 pickb K 12 RB120]; P0[11 drop RB120]; P0[12 dropb J 10 RB120]; P0[13 done]
; P1[14 offerdraw]; P1[15 done]; P0[16 declinedraw]; P0[17 done]
; P1[18 dropb Q 13 BB30]; P1[19 done]
; P0[20 resign]; P0[21 done])
"#;

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn a_game_replays_step_by_step_with_its_places() {
    let r = boardspace::read(GAME.as_bytes()).unwrap();
    // K12, M16, L14, O14, the removal with J10, Q13, the resignation.
    assert_eq!(r.moves.len(), 7);
    assert_eq!(r.size().width(), 24);
    assert_eq!(r.tag("Red"), Some("ann"));
    assert_eq!(r.tag("Black"), Some("bob"));
    assert_eq!(r.tag("Date"), Some("2024-01-02"));
    assert_eq!(r.result, Some(GameResult::Win(Player::Black)));
    // The site's K 12 is the engine's k13 (rows counted the other way).
    assert_eq!(r.moves[0], Move::peg("k13".parse().unwrap()));
    let Move::Place(p) = &r.moves[4] else {
        panic!("{:?}", r.moves[4])
    };
    assert_eq!(p.hole, "j15".parse().unwrap());
    assert_eq!(p.removals.len(), 1);
    let at: Vec<_> = r.move_at.0.iter().map(|l| (l.line, l.column)).collect();
    assert_eq!(
        at,
        [(4, 24), (5, 8), (6, 8), (7, 8), (8, 53), (10, 9), (11, 9)]
    );
}

#[test]
fn the_site_format_writes_back_byte_for_byte() {
    let r = boardspace::read(GAME.as_bytes()).unwrap();
    let written = boardspace::write(&r).unwrap();
    let again = boardspace::read(written.as_bytes()).unwrap();
    assert_eq!(again, r);
    assert_eq!(boardspace::write(&again).unwrap(), written);
    assert!(written.contains("P0[9 pickb K 12 RB120]"), "{written}");
    // Other rules or boards are not the site's.
    let mut pencil = r.clone();
    pencil.rules = twixt_core::rules::RuleSet::pencil();
    assert!(matches!(
        boardspace::write(&pencil),
        Err(Error::Unwritable(..))
    ));
}

#[test]
fn files_standard_input_and_zip_archives_are_read() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.sgf"), GAME).unwrap();
    let o = twixt(&["check", "g.sgf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    for args in [
        &["convert", "-", "-o", "g.twixt"][..],
        &["convert", "--from", "boardspace", "-", "-o", "g.twixt"][..],
    ] {
        let o = twixt(args, dir.path(), Some(GAME.as_bytes()));
        assert!(o.status.success(), "{args:?}: {}", text(&o));
    }
    let o = twixt(&["check", "g.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    // Back to the site's format, asked for by name.
    let o = twixt(
        &["convert", "g.twixt", "--to", "boardspace", "-o", "back.sgf"],
        dir.path(),
        None,
    );
    assert!(o.status.success(), "{}", text(&o));
    let back = fs::read_to_string(dir.path().join("back.sgf")).unwrap();
    assert_eq!(
        boardspace::read(back.as_bytes()).unwrap().moves,
        boardspace::read(GAME.as_bytes()).unwrap().moves
    );
    // A zip of site files, as the site's archives come.
    let path = dir.path().join("games.zip");
    let mut zip = zip::ZipWriter::new(fs::File::create(&path).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for name in ["TW-1.sgf", "TW-2.sgf"] {
        zip.start_file(name, options).unwrap();
        zip.write_all(GAME.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
    let o = twixt(&["check", "games.zip"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains('2'), "{}", text(&o));
}

#[test]
fn an_illegal_step_is_an_error_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    // Red's second peg in Black's border column A.
    let bad = GAME.replace("P0[6 dropb L 14 RB120]", "P0[6 dropb A 14]");
    fs::write(dir.path().join("bad.sgf"), &bad).unwrap();
    let o = twixt(&["check", "bad.sgf"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("bad.sgf:6:8"), "{}", text(&o));
    assert!(text(&o).contains("move 3"), "{}", text(&o));
    // Names of links the rules do not make, and steps the rules lack.
    let cases = [
        (
            "P0[6 dropb L 14 RB120]",
            "P0[6 dropb L 14 RB60]",
            (6, 19),
            "the record says",
        ),
        ("P0[3 done]", "P0[3 edit]", (4, 42), "edit"),
        ("SU[twixt]", "SU[twixtghost]", (1, 48), "variation"),
        ("P1[8 dropb O 14]", "P0[8 dropb O 14]", (7, 8), "P1's turn"),
        (
            "P0[11 drop RB120]",
            "P0[11 dropb H 10]",
            (8, 34),
            "added by hand",
        ),
    ];
    for (from, to, (line, column), words) in cases {
        let input = GAME.replace(from, to);
        match boardspace::read(input.as_bytes()) {
            Err(Error::Syntax { at, message }) => {
                assert_eq!((at.line, at.column), (line, column), "{to}: {message}");
                assert!(message.contains(words), "{to}: {message}");
            }
            other => panic!("{to}: {other:?}"),
        }
    }
}
