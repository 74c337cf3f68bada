//! `--lang` in the drawing commands: a TWRS picture's caption follows it as
//! a TwixT picture's does, and a language without a catalogue is said on
//! standard error by every command that prints words, in the same words.

use crate::common::twixt_in;

const TWIXT: &str = "[Rules \"pencil\"]\n[Size \"12\"]\n1. e5 2. g7 3. c6\n";

/// The warning for `eo`, which has no catalogue.
fn warns(stderr: &[u8]) -> bool {
    let err = String::from_utf8_lossy(stderr);
    err.contains("no messages in language `eo`") && err.contains("its words are in English")
}

#[test]
fn every_command_that_prints_words_warns_of_a_language_without_a_catalogue() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.twixt"), TWIXT).unwrap();
    let runs: [&[&str]; 6] = [
        &["render", "g.twixt", "--lang", "eo", "-o", "g.svg"],
        &["sheet", "g.twixt", "--lang", "eo", "-o", "g.pdf"],
        &["show", "g.twixt", "--lang", "eo"],
        &["board", "--record", "--lang", "eo", "-o", "b.svg"],
        &["book", "g.twixt", "--lang", "eo", "-o", "g.html"],
        &["view", "g.twixt", "--lang", "eo", "-o", "v.html"],
    ];
    for args in runs {
        let o = twixt_in(args, dir.path());
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            warns(&o.stderr),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        // A language with a catalogue is not warned of.
        let fr: Vec<&str> = args
            .iter()
            .map(|a| if *a == "eo" { "fr" } else { a })
            .collect();
        let o = twixt_in(&fr, dir.path());
        assert!(o.status.success() && !warns(&o.stderr), "{fr:?}");
    }
}

#[test]
fn a_twrs_pictures_caption_follows_lang() {
    let dir = tempfile::tempdir().unwrap();
    let o = twixt_in(
        &["random", "--game", "twrs", "--seed", "1", "-o", "t.twixt"],
        dir.path(),
    );
    assert!(o.status.success());
    let caption = |lang: Option<&str>| {
        let mut args = vec!["render", "t.twixt", "--move", "2", "-o", "t.svg", "--force"];
        if let Some(l) = lang {
            args.extend(["--lang", l]);
        }
        let o = twixt_in(&args, dir.path());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(dir.path().join("t.svg")).unwrap()
    };
    assert!(caption(None).contains("after move 2"));
    let fr = caption(Some("fr"));
    assert!(
        fr.contains("après le coup 2") && !fr.contains("after move"),
        "{fr}"
    );
    assert!(caption(Some("de")).contains("nach Zug 2"));
}
