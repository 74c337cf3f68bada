//! `twixt convert` end to end.

use std::fs;
use std::process::Command;

fn twixt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
}

const GAME: &str = "(;FF[4]EV[e]PB[Ann]PW[Bob]SZ[24]SO[s];b[ch];r[swap];b[jj];r[jo];b[resign])";

#[test]
fn converts_through_every_format_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let lg = dir.path().join("g.tsgf");
    fs::write(&lg, GAME).unwrap();
    let txt = dir.path().join("g.txt");
    let st = twixt()
        .arg("convert")
        .arg(&lg)
        .arg("-o")
        .arg(&txt)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(
        fs::read_to_string(&txt).unwrap(),
        "1.c8 2.swap 3.j10 4.j15 5.resign\n"
    );
    // Back to Little Golem: the moves survive (tags do not travel through a move list).
    let back = dir.path().join("back.tsgf");
    let st = twixt()
        .arg("convert")
        .arg(&txt)
        .arg("-o")
        .arg(&back)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(
        fs::read_to_string(&back).unwrap(),
        "(;FF[4]SZ[24];b[ch];r[swap];b[jj];r[jo];b[resign])"
    );
    // An explicit --to overrides the extension.
    let out = dir.path().join("g.out");
    let st = twixt()
        .args(["convert", "--to", "lg"])
        .arg(&lg)
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(fs::read_to_string(&out).unwrap(), GAME);
    // Nothing but the requested outputs was written (no temp files left).
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["back.tsgf", "g.out", "g.tsgf", "g.txt"]);
}

#[test]
fn refuses_bad_input_unknown_formats_and_the_input_as_output() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    fs::write(&bad, "1.f6 2.swap 4.m16\n").unwrap();
    let out = dir.path().join("out.tsgf");
    let o = twixt()
        .arg("convert")
        .arg(&bad)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("line 1, column 13") && err.contains("expected move number 3"),
        "{err}"
    );
    assert!(!out.exists());

    let o = twixt()
        .arg("convert")
        .arg(&bad)
        .arg("-o")
        .arg(dir.path().join("x.pdf"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--to"));

    let good = dir.path().join("good.txt");
    fs::write(&good, "1.f6 2.swap\n").unwrap();
    let o = twixt()
        .arg("convert")
        .arg(&good)
        .arg("-o")
        .arg(&good)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&good).unwrap(), "1.f6 2.swap\n");

    // A dujardin T1 game cannot become a pencil-rules Little Golem record.
    let t1 = dir.path().join("g.T1");
    fs::write(&t1, "#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\nK7\n").unwrap();
    let o = twixt()
        .arg("convert")
        .arg(&t1)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("pencil"));
    assert!(!out.exists());
    // But it can become a move list, and a missing input is an I/O error.
    let o = twixt()
        .arg("convert")
        .arg(&t1)
        .arg("-o")
        .arg(dir.path().join("t.moves"))
        .output()
        .unwrap();
    assert!(o.status.success());
    let o = twixt()
        .arg("convert")
        .arg(dir.path().join("none.T1"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn converts_to_and_from_game_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let lg = dir.path().join("g.tsgf");
    fs::write(&lg, GAME).unwrap();
    let script = dir.path().join("g.twixt");
    let st = twixt()
        .arg("convert")
        .arg(&lg)
        .arg("-o")
        .arg(&script)
        .status()
        .unwrap();
    assert!(st.success());
    let text = fs::read_to_string(&script).unwrap();
    assert!(
        text.contains("[Red \"Ann\"]") && text.contains("[Rules \"pencil\"]"),
        "{text}"
    );
    assert!(text.contains("5. resign"), "{text}");
    // Back to Little Golem, byte for byte.
    let back = dir.path().join("back.tsgf");
    let st = twixt()
        .arg("convert")
        .arg(&script)
        .arg("-o")
        .arg(&back)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(fs::read_to_string(&back).unwrap(), GAME);
    // A script with a syntax error: exit 1, located, nothing written.
    let bad = dir.path().join("bad.twixt");
    fs::write(&bad, "[Size \"24\"]\n\n1. f6 2. ((\n").unwrap();
    let out = dir.path().join("bad.txt");
    let o = twixt()
        .arg("convert")
        .arg(&bad)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("bad.twixt:3"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!out.exists());
}

/// A Little Golem file with a byte-order mark is UTF-8 (an editor re-saved
/// it), without one Latin-1: every command reads the names so, from a
/// file, a gzipped file and standard input.
#[test]
fn a_tsgf_with_a_byte_order_mark_reads_as_utf8_everywhere() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let game = |name: &[u8]| {
        [
            &b"(;FF[4]EV[e]PB["[..],
            name,
            b"]PW[Bob]SZ[24];b[ch];r[swap];b[jj];r[jo];b[resign])",
        ]
        .concat()
    };
    let marked = [&b"\xEF\xBB\xBF"[..], &game("é".as_bytes())].concat();
    let latin1 = game(b"\xE9");
    let bom = dir.path().join("bom.tsgf");
    fs::write(&bom, &marked).unwrap();
    let plain = dir.path().join("latin1.tsgf");
    fs::write(&plain, &latin1).unwrap();
    let gz = dir.path().join("bom.tsgf.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(&marked).unwrap();
    fs::write(&gz, enc.finish().unwrap()).unwrap();
    let says_e_acute = |args: &[&str], input: Option<&[u8]>, what: &str| {
        let mut cmd = twixt();
        cmd.args(args);
        let out = match input {
            Some(bytes) => {
                let mut child = cmd
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap();
                child.stdin.take().unwrap().write_all(bytes).unwrap();
                child.wait_with_output().unwrap()
            }
            None => cmd.output().unwrap(),
        };
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{what}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("[é]"), "{what}: {text}");
        assert!(!text.contains('Ã'), "{what}: {text}");
    };
    for path in [&bom, &plain, &gz] {
        let p = path.to_str().unwrap();
        says_e_acute(&["convert", "--to", "sgf", p, "-o", "-"], None, p);
        // Little Golem is written in Latin-1: é is one byte.
        let out = twixt()
            .args(["convert", "--to", "lg", p, "-o", "-"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{p}");
        assert!(out.stdout.starts_with(b"(;FF[4]EV[e]PB[\xE9]"), "{p}");
    }
    // `show` prints the names in its header.
    let out = twixt().arg("show").arg(&bom).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains('é') && !text.contains('Ã'),
        "{text}"
    );
    // Standard input, told and sniffed.
    says_e_acute(
        &["convert", "--from", "lg", "--to", "sgf", "-", "-o", "-"],
        Some(&marked),
        "stdin --from lg",
    );
    says_e_acute(
        &["convert", "--to", "sgf", "-", "-o", "-"],
        Some(&marked),
        "stdin sniffed",
    );
}
