//! Plain text as players paste it and SGF for TwixT (issue 63): read from
//! files and standard input, moves replayed with their line and column,
//! `convert` to and from SGF byte for byte, and hostile inputs.

use std::fs;

use crate::common;
use common::twixt_fed as twixt;
use twixtkit::formats::{Error, plaintext, sgf};

const LG: &str = "(;FF[4]EV[e]PB[Ann]PW[Bob]SZ[24]SO[s];b[ch];r[swap];b[jj];r[jo];b[resign])";
const SGF: &str =
    "(;FF[4]GM[21]SZ[24]RU[PP]EV[e]PW[Ann]PB[Bob]SO[s]RE[B+R]\n;W[c8];B[swap];W[j10];B[j15])\n";

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn sgf_converts_to_and_from_the_other_formats_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("g.tsgf"), LG).unwrap();
    let o = twixt(&["convert", "g.tsgf", "-o", "g.sgf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(fs::read_to_string(dir.path().join("g.sgf")).unwrap(), SGF);
    let o = twixt(&["convert", "g.sgf", "-o", "back.tsgf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        fs::read_to_string(dir.path().join("back.tsgf")).unwrap(),
        LG
    );
    // Through a script and back.
    let o = twixt(&["convert", "g.sgf", "-o", "g.twixt"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    let o = twixt(&["convert", "g.twixt", "-o", "again.sgf"], dir.path(), None);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(
        fs::read_to_string(dir.path().join("again.sgf")).unwrap(),
        SGF
    );
    // From standard input, told by its content and by --from.
    for args in [
        &["convert", "-", "--to", "sgf", "-o", "in.sgf"][..],
        &[
            "convert", "--from", "sgf", "-", "--to", "sgf", "-o", "in.sgf",
        ][..],
    ] {
        let o = twixt(args, dir.path(), Some(SGF.as_bytes()));
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        assert_eq!(fs::read_to_string(dir.path().join("in.sgf")).unwrap(), SGF);
    }
}

#[test]
fn plain_text_on_standard_input_converts_under_the_move_list_rules() {
    let dir = tempfile::tempdir().unwrap();
    let pasted = "1.c8, 2.swap, 3.j10 4.j15\n5.resigns 0-1\n";
    for args in [
        &["convert", "-", "-o", "g.sgf"][..],
        &["convert", "--from", "text", "-", "-o", "g.sgf"][..],
    ] {
        let o = twixt(args, dir.path(), Some(pasted.as_bytes()));
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        assert_eq!(
            fs::read_to_string(dir.path().join("g.sgf")).unwrap(),
            "(;FF[4]GM[21]SZ[24]RU[PP]RE[B+R]\n;W[c8];B[swap];W[j10];B[j15])\n"
        );
    }
}

#[test]
fn a_move_the_rules_refuse_is_reported_at_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    // f6 is taken: the third move, on line 2.
    let pasted = "1.f6 2.g8\n 3.f6 1-0\n";
    let o = twixt(&["check", "-"], dir.path(), Some(pasted.as_bytes()));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("2:4"), "{}", text(&o));
    let game = "(;GM[21]SZ[24]\n;B[f6];W[g8]\n;B[f6])\n";
    fs::write(dir.path().join("g.sgf"), game).unwrap();
    let o = twixt(&["check", "g.sgf"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("3:4"), "{}", text(&o));
    let o = twixt(&["check", "-"], dir.path(), Some(game.as_bytes()));
    assert!(text(&o).contains("3:4"), "{}", text(&o));
    // A record the reader refuses: Hensel's long move, with its place.
    let long = "(;GM[21]RU[STD]\n;B[f6];W[g8]\n;B[f6-h7])\n";
    fs::write(dir.path().join("long.sgf"), long).unwrap();
    let o = twixt(&["check", "long.sgf"], dir.path(), None);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("3:4") && text(&o).contains("Hensel"),
        "{}",
        text(&o)
    );
}

#[test]
fn hostile_inputs_are_errors_and_never_panics() {
    let big = |piece: &str, n: usize| piece.repeat(n).into_bytes();
    let mut inputs: Vec<Vec<u8>> = vec![
        big("(", 1 << 20),
        big("[", 1 << 20),
        b"(;GM[21]"
            .iter()
            .copied()
            .chain(big(";B[f6];W[g8]", 100_000))
            .collect(),
        b"(;GM[21]PB["
            .iter()
            .copied()
            .chain(big("\\", 1 << 20))
            .collect(),
        b"(;GM[21]SZ[99999:1]".to_vec(),
        b"(;GM[21]SZ[0]".to_vec(),
        b"(;GM[21]SZ[24]RU[".to_vec(),
        big("1.", 1 << 19),
        big("f6 ", 1 << 19),
        big("9", 1 << 20),
        b"1.f6\xff".to_vec(),
        vec![0xC3; 1000],
        b"(;GM[21];B[\xef\xbf\xbf])".to_vec(),
    ];
    let mut seed = 7u64;
    for _ in 0..200 {
        let bytes: Vec<u8> = (0..64)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let alphabet = b"(;)[]\\GMBW21fgswap.- ,1\n";
                alphabet[(seed % alphabet.len() as u64) as usize]
            })
            .collect();
        inputs.push(bytes);
    }
    let start = std::time::Instant::now();
    for input in &inputs {
        // Either reader gives a record or a located error, never a panic.
        for result in [sgf::read(input).err(), plaintext::read(input).err()]
            .into_iter()
            .flatten()
        {
            assert!(matches!(result, Error::Syntax { .. }), "{result:?}");
            assert!(!result.to_string().is_empty());
        }
    }
    let too_long = sgf::read(&inputs[2]).unwrap_err().to_string();
    assert!(too_long.contains("moves in one game"), "{too_long}");
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
}
