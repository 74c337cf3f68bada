//! A record converted to a script is the same game: `check` says the same of
//! the script as of the record (rules, moves, how and when it was decided),
//! for every real record in `../shared/games`.

use std::process::Command;

fn twixt(args: &[&std::ffi::OsStr]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// What `check` says of each game, without the file name and line, and
/// without the snippets under a message: a record and its script hold the
/// same move on different lines (a T1 file has one move a line).
fn verdicts(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|l| !l.starts_with("checked "))
        .map(|l| l.splitn(3, ':').nth(2).unwrap_or(l).trim().to_string())
        .filter(|l| !l.starts_with('|') && !l.starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

#[test]
fn every_shared_record_converts_to_a_script_check_agrees_with() {
    let Some(shared) = crate::common::shared_games() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut seen = 0;
    for folder in ["littlegolem", "t1", "movelist"] {
        let Ok(entries) = std::fs::read_dir(shared.join(folder)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let script = dir.path().join("converted.twixt");
            twixt(&[
                "convert".as_ref(),
                path.as_os_str(),
                "-o".as_ref(),
                script.as_os_str(),
            ]);
            let record = verdicts(&twixt(&["check".as_ref(), path.as_os_str()]));
            let converted = verdicts(&twixt(&["check".as_ref(), script.as_os_str()]));
            assert_eq!(converted, record, "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 10, "{seen} records");
}
