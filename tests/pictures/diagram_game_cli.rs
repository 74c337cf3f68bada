//! `twixt render`, `twixt sheet` and `twixt show` on real game records from
//! `../shared/games` (skipped when that folder is absent).

use std::path::PathBuf;

use crate::common;
use common::{shared_games as games, twixt};

#[test]
fn render_writes_one_file_per_chosen_position() {
    let Some(g) = games() else { return };
    let game = g.join("littlegolem/game1107581.tsgf");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = twixt(&["render", game.to_str().unwrap(), "-o", out, "--every", "10"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // 39 moves: after 10, 20, 30 and the final 39; names from the game's
    // title, which for a record without a [Title] is its players.
    assert_eq!(
        names,
        [
            "spd_iv-tasuki-010.svg",
            "spd_iv-tasuki-020.svg",
            "spd_iv-tasuki-030.svg",
            "spd_iv-tasuki-039.svg"
        ]
    );
    let svg = std::fs::read_to_string(dir.path().join(&names[0])).unwrap();
    assert_eq!(
        svg.matches("<use class=\"peg ").count(),
        9,
        "10 moves, one a swap"
    );
    assert!(svg.contains(">spd_iv – tasuki: after move 10</text>"));

    // PNG and text of one position.
    let o = twixt(&[
        "render",
        game.to_str().unwrap(),
        "-o",
        out,
        "--move",
        "5",
        "--format",
        "png",
    ]);
    assert!(o.status.success());
    let png = std::fs::read(dir.path().join("spd_iv-tasuki-005.png")).unwrap();
    assert_eq!(&png[..4], b"\x89PNG");
}

#[test]
fn show_prints_the_position() {
    let Some(g) = games() else { return };
    let game = g.join("littlegolem/game2206555.tsgf");
    let o = twixt(&["show", game.to_str().unwrap(), "--ascii", "--move", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.is_ascii());
    assert!(text.contains("after move 4"));
    let pegs = text.matches(" r").count() + text.matches(" b").count();
    assert!(pegs >= 4, "{text}");
    // A move beyond the end is a usage error, as a game beyond the end is.
    let o = twixt(&["show", game.to_str().unwrap(), "--move", "500"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("move 500"));
}

#[test]
fn sheet_splits_onto_pages() {
    let Some(g) = games() else { return };
    let game = g.join("littlegolem/game1107581.tsgf");
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.svg");
    let o = twixt(&[
        "sheet",
        game.to_str().unwrap(),
        "--every",
        "5",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // 39 moves every 5: 8 diagrams, 6 per A4 page.
    let first = std::fs::read_to_string(&page).unwrap();
    let second = std::fs::read_to_string(dir.path().join("page-2.svg")).unwrap();
    assert_eq!(first.matches("-diagram\"").count(), 6);
    assert_eq!(second.matches("-diagram\"").count(), 2);
    // Titled by the rule every command shares: the players.
    assert!(first.contains(">spd_iv – tasuki</text>"));
}

#[test]
fn unreadable_inputs_are_usage_errors() {
    let o = twixt(&["show", "no-such-file.tsgf"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twixt(&["render", "game.unknown"]);
    assert_eq!(o.status.code(), Some(2));
    let o = twixt(&["show", "x.tsgf", "--move", "1", "--every", "2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn scripts_render_their_diagram_points() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("figs.twixt");
    std::fs::write(
        &script,
        "[Title \"First\"]\n[Rules \"dujardin\"]\n[Size \"10\"]\n\n1. e5\n2. e7\n3. d7\n\
         #diagram name=../../fig-a caption=\"Red <&> Black\"\n#label b8 X\n4. c8\n\
         #diagram caption=\"Second\"\n\n\
         [Title \"Setup\"]\n[Rules \"dujardin\"]\n[Size \"9\"]\n\n#setup red: c5 g5\n\
         #diagram name=fig-a numbers=none\n#ghost red e4 3a\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = twixt(&[
        "render",
        script.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // Names from the points, made safe and distinct; unnamed: title and ply.
    assert_eq!(names, ["First-004.svg", "fig-a-2.svg", "fig-a.svg"]);
    let a = std::fs::read_to_string(out.join("fig-a.svg")).unwrap();
    assert!(a.contains(">Red &lt;&amp;&gt; Black</text>"));
    assert!(a.contains("class=\"cross b8\""));
    assert!(a.contains("class=\"peg red last\""));
    let setup = std::fs::read_to_string(out.join("fig-a-2.svg")).unwrap();
    assert!(setup.contains("class=\"ghost red\""));

    // --game picks one; --move draws by move instead of the points.
    let o = twixt(&[
        "show",
        script.to_str().unwrap(),
        "--game",
        "1",
        "--move",
        "2",
        "--ascii",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("First: after move 2"), "{text}");

    // A script that does not replay is an input error.
    let bad = dir.path().join("bad.twixt");
    std::fs::write(&bad, "[Rules \"dujardin\"]\n\n1. e5\n2. e5\n#diagram\n").unwrap();
    let o = twixt(&["render", bad.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn rulebook_figure_scripts_render() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("diagrams");
    let dir = tempfile::tempdir().unwrap();
    for name in ["dujardin.twixt", "schmidt.twixt"] {
        let path = root.join(name);
        if !path.exists() {
            continue;
        }
        let o = twixt(&[
            "sheet",
            path.to_str().unwrap(),
            "-o",
            dir.path().join("sheet.svg").to_str().unwrap(),
        ]);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn diagram_point_styles_stay_beside_the_script() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    std::fs::write(
        dir.path().join("mine.yaml"),
        "base: print\nred: \"#0000ff\"\n",
    )
    .unwrap();
    let ok = dir.path().join("ok.twixt");
    std::fs::write(
        &ok,
        "[Rules \"dujardin\"]\n\n1. e5\n#diagram name=p style=mine.yaml\n",
    )
    .unwrap();
    let o = twixt(&["render", ok.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::read_to_string(out.join("p.svg"))
            .unwrap()
            .contains("fill=\"#0000ff\"")
    );
    for bad in ["../mine.yaml", "/etc/passwd", "mine.txt"] {
        let script = dir.path().join("bad.twixt");
        std::fs::write(
            &script,
            format!("[Rules \"dujardin\"]\n\n1. e5\n#diagram style={bad}\n"),
        )
        .unwrap();
        let o = twixt(&[
            "render",
            script.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(1), "{bad}");
    }
}

/// `--unit 5mm` gives a print-ready SVG sized in millimetres; a spacing out of
/// range is a usage error that writes nothing.
#[test]
fn render_unit_in_millimetres() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("diagrams/dujardin.twixt");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let s = script.to_str().unwrap();
    let o = twixt(&["render", s, "--game", "2", "-o", out, "--unit", "5mm"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(dir.path().join("dujardin-troisieme-fiche.svg")).unwrap();
    let head = svg.lines().next().unwrap();
    // Five millimetres per hole spacing: the width in mm is five times the
    // viewBox width in units.
    let attr = |name: &str| -> &str {
        let at = head.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        &head[at..at + head[at..].find('"').unwrap()]
    };
    let mm: f64 = attr("width").strip_suffix("mm").unwrap().parse().unwrap();
    let units: f64 = attr("viewBox").split(' ').nth(2).unwrap().parse().unwrap();
    assert!((mm - 5.0 * units).abs() < 0.01, "{head}");
    let empty = tempfile::tempdir().unwrap();
    let o = twixt(&[
        "render",
        s,
        "-o",
        empty.path().to_str().unwrap(),
        "--unit",
        "0mm",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read_dir(empty.path()).unwrap().count(), 0);
}
