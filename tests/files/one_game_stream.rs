//! One game of a large script (`--game N`) is read a window at a time: the
//! drawing commands draw it as they draw the same game in a file of its
//! own, their messages give the large file's line numbers, and a file over
//! the whole-file limit can be drawn from.

use std::path::Path;
use std::process::{Command, Output};

fn twixt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// The games of a script as texts, split at their header lines.
fn games(text: &str) -> Vec<&str> {
    let mut starts: Vec<usize> = text
        .match_indices("\n\n[Seed")
        .map(|(i, _)| i + 2)
        .collect();
    starts.insert(0, 0);
    starts.push(text.len());
    starts.windows(2).map(|w| &text[w[0]..w[1]]).collect()
}

#[test]
fn one_game_of_a_large_script_is_drawn_as_it_is_alone() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &[
            "random",
            "--seed",
            "3",
            "--games",
            "1500",
            "-o",
            "big.twixt",
        ],
        dir.path(),
    );
    assert!(o.status.success());
    let text = std::fs::read_to_string(dir.path().join("big.twixt")).unwrap();
    assert!(text.len() > 3 << 20);
    let all = games(&text);
    assert_eq!(all.len(), 1500);
    for n in [1usize, 700, 1500] {
        // The same name in a folder of its own: captions name the file.
        let alone_dir = dir.path().join("alone");
        std::fs::create_dir_all(&alone_dir).unwrap();
        std::fs::write(alone_dir.join("big.twixt"), all[n - 1]).unwrap();
        let alone = twixt(&["render", "big.twixt", "--final", "-o", "-"], &alone_dir);
        assert!(alone.status.success());
        assert!(alone.stdout.starts_with(b"<svg"));
        let game = n.to_string();
        let big = twixt(
            &["render", "big.twixt", "--game", &game, "--final", "-o", "-"],
            dir.path(),
        );
        assert!(
            big.status.success(),
            "{}",
            String::from_utf8_lossy(&big.stderr)
        );
        assert!(big.stdout == alone.stdout, "game {n}");
    }
    let o = twixt(
        &["render", "big.twixt", "--game", "1501", "-o", "-"],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("1500 games"), "{err}");
}

#[test]
fn messages_about_one_game_of_a_large_script_give_its_lines() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt(
        &["random", "--seed", "4", "--games", "1500", "-o", "r.twixt"],
        dir.path(),
    );
    assert!(o.status.success());
    let text = std::fs::read_to_string(dir.path().join("r.twixt")).unwrap();
    let all = games(&text);
    // Game 1,200 ends with a false claim: 999 links on the board.
    let game = all[1199].trim_end();
    let claim_line =
        1 + all[..1199].concat().matches('\n').count() + game.matches('\n').count() + 1;
    let wrong = format!("{game}\n#links 999\n\n");
    let big: String = [&all[..1199].concat(), wrong.as_str(), &all[1200..].concat()].concat();
    std::fs::write(dir.path().join("big.twixt"), &big).unwrap();
    let o = twixt(
        &[
            "render",
            "big.twixt",
            "--game",
            "1200",
            "--final",
            "-o",
            "-",
        ],
        dir.path(),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("big.twixt:{claim_line}:")),
        "line {claim_line}: {err}"
    );
    // Another game of the same file draws: only the game asked for is read.
    let o = twixt(
        &["render", "big.twixt", "--game", "3", "--final", "-o", "-"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}
