//! The figures in `diagrams/` are generated: this test regenerates all of
//! them into a temporary folder with the `twixt` binary and fails, naming the
//! file, when a committed file differs, so the figures never go stale. It
//! also runs `twixt check` on every script, so every caption's claims hold,
//! and `twixt fmt --check`, so the scripts stay in canonical form.
//!
//! Regenerate the committed files with
//! `TWIXT_BLESS=1 cargo test --release --test pictures diagrams::`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every command that makes a file of `diagrams/`, run inside the output folder.
/// Scripts are given by name and copied beside the outputs first.
const RENDER: &[&str] = &[
    "dujardin.twixt",
    "schmidt.twixt",
    "italiano.twixt",
    "twrs.twixt",
];
const BOARDS: &[(&str, &[&str])] = &[
    (
        "blank-24-a4.svg",
        &["board", "--size", "24", "--paper", "a4"],
    ),
    (
        "practice-12-x4-a4.svg",
        &["board", "--size", "12", "--paper", "a4", "--per-page", "4"],
    ),
];

fn diagrams_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("diagrams")
}

fn twixt(args: &[&str], dir: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run twixt");
    assert!(
        out.status.success(),
        "twixt {} failed:\n{}{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Regenerates every figure and `README.md` into `dir`.
fn regenerate(dir: &Path) {
    for script in RENDER {
        fs::copy(diagrams_dir().join(script), dir.join(script)).unwrap();
        twixt(&["render", script, "-o", "."], dir);
    }
    for (name, args) in BOARDS {
        let mut a = args.to_vec();
        a.extend(["-o", name]);
        twixt(&a, dir);
    }
    fs::write(dir.join("README.md"), readme(dir)).unwrap();
}

/// The captions of a script's diagram points, by diagram name, read with the library.
fn captions(script: &Path) -> Vec<(String, String, String)> {
    let text = fs::read_to_string(script).unwrap();
    if twixtkit::twrs::script::is_twrs(&text) {
        let (games, errors) = twixtkit::twrs::script::parse(&text);
        assert!(errors.is_empty(), "{}: syntax errors", script.display());
        let mut out = Vec::new();
        for g in &games {
            for snap in twixtkit::twrs::script::replay(&text, g).diagrams {
                let p = snap.point;
                out.push((
                    p.name.expect("every figure has a name"),
                    p.caption.unwrap_or_default(),
                    p.translation.unwrap_or_default(),
                ));
            }
        }
        return out;
    }
    let parsed = twixtkit::script::parse(&text);
    assert!(
        parsed.errors.is_empty(),
        "{}: syntax errors",
        script.display()
    );
    let mut out = Vec::new();
    for game in &parsed.file.games {
        let replay = twixtkit::replay::replay_game(
            game,
            &twixtkit::replay::ReplayOptions {
                rules_folder: script.parent(),
                ..Default::default()
            },
        )
        .unwrap();
        for snap in &replay.diagrams {
            let p = &snap.point;
            let translation = p
                .extra
                .iter()
                .find(|(k, _)| k == "translation")
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            out.push((
                p.name.clone().expect("every figure has a name"),
                p.caption.clone().unwrap_or_default(),
                translation,
            ));
        }
    }
    out
}

/// `diagrams/README.md`: every figure shown, with the command that makes them.
fn readme(dir: &Path) -> String {
    let mut s = String::from(
        "# Rulebook figures\n\n\
         The figures of the seed rulebooks, composed as game scripts so that every caption is\n\
         true, and checked by `twixt check` (claims such as `#links`, `#would-link`,\n\
         `#blocked`, `#connected`). The rulebooks' own pictures are lost; these positions are\n\
         our reconstruction. Every file here is generated; regenerate them all with\n\n\
         ```sh\nTWIXT_BLESS=1 cargo test --release --test pictures diagrams::\n```\n\n\
         and `cargo test` fails, naming the file, when a committed figure is stale.\n",
    );
    let sources = [
        (
            "schmidt.twixt",
            "Schmidt Spiele rulebook (German and French)",
        ),
        ("dujardin.twixt", "Dujardin rulebook (French)"),
        ("italiano.twixt", "Italian rules page"),
        ("twrs.twixt", "TWRS rulebook (Dutch), a second game"),
    ];
    for (script, title) in sources {
        s.push_str(&format!("\n## {title}: [`{script}`]({script})\n\n"));
        for (name, caption, translation) in captions(&dir.join(script)) {
            s.push_str(&format!("![{name}]({name}.svg)\n\n"));
            s.push_str(&format!("*{caption}*"));
            if !translation.is_empty() {
                s.push_str(&format!(" — {translation}"));
            }
            s.push_str("\n\n");
        }
    }
    s.push_str("\n## Blank boards for pencil play\n\n");
    for (name, args) in BOARDS {
        s.push_str(&format!(
            "- [`{name}`]({name}): `twixt {} -o {name}`\n",
            args.join(" ")
        ));
    }
    s
}

fn files(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with(".twixt"))
        .collect()
}

#[test]
fn committed_figures_are_current_and_their_scripts_check() {
    for script in RENDER {
        twixt(&["check", "-q", script], &diagrams_dir());
        twixt(&["fmt", "--check", script], &diagrams_dir());
    }
    let tmp = tempfile::tempdir().unwrap();
    regenerate(tmp.path());
    let fresh = files(tmp.path());
    if std::env::var_os("TWIXT_BLESS").is_some() {
        for name in files(&diagrams_dir()) {
            if !fresh.contains(&name) {
                fs::remove_file(diagrams_dir().join(name)).unwrap();
            }
        }
        for name in &fresh {
            fs::copy(tmp.path().join(name), diagrams_dir().join(name)).unwrap();
        }
        return;
    }
    let committed = files(&diagrams_dir());
    for name in &fresh {
        let old = fs::read(diagrams_dir().join(name)).unwrap_or_else(|_| {
            panic!("diagrams/{name} is missing: regenerate with TWIXT_BLESS=1 cargo test --release --test pictures diagrams::")
        });
        assert!(
            old == fs::read(tmp.path().join(name)).unwrap(),
            "diagrams/{name} is stale: regenerate with TWIXT_BLESS=1 cargo test --release --test pictures diagrams::"
        );
    }
    let strays: Vec<&String> = committed.difference(&fresh).collect();
    assert!(
        strays.is_empty(),
        "diagrams/{strays:?} not generated by any figure: remove them or regenerate"
    );
}
