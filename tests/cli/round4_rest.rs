//! The rest of reliability round 4: `view --lenient` keeps going past a
//! file it cannot read; text from files never drives the terminal; exit
//! codes as docs/commands.md states them (wrong content 1, a file that
//! cannot be read 2); a missing Typst source is named as missing; a move
//! number after a `#setup` is the script's; a book is bounded by what its
//! diagrams draw; a claim's limits bound its key-move listing too; a
//! typesetting timeout ends the process.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn twixt(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("twixt runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Ran on the code before: exit 2 and no page at the first missing file.
#[test]
fn a_lenient_page_lists_files_it_cannot_read_and_shows_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("a.twixt"), "[Title \"Kept\"]\n1. f6 2. m12\n").unwrap();
    // Damaged gzip data: read, but no game file.
    fs::write(d.join("b.twixt.gz"), b"\x1f\x8bnot gzip at all").unwrap();
    let mut inputs = vec!["a.twixt", "b.twixt.gz", "missing.twixt"];
    // A file without read permission, where permissions hold (not for root).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let locked = d.join("c.twixt");
        fs::write(&locked, "1. f6\n").unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
        if fs::read(&locked).is_err() {
            inputs.push("c.twixt");
        }
    }
    let mut args = vec!["view", "--lenient", "-o", "page.html"];
    args.extend(&inputs);
    let out = twixt(d, &args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("missing.twixt: no such file"), "{err}");
    assert!(err.contains("b.twixt.gz"), "{err}");
    assert!(err.contains("wrote page.html (1 game)"), "{err}");
    let page = fs::read_to_string(d.join("page.html")).unwrap();
    assert!(page.contains("Kept"));
    for name in &inputs[1..] {
        assert!(page.contains(name), "{name} not listed on the page");
    }
    // Without --lenient the missing file stops the page.
    let out = twixt(
        d,
        &["view", "-o", "strict.html", "a.twixt", "missing.twixt"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!d.join("strict.html").exists());
}

/// Terminal controls a hostile file may carry: an OSC title, a bell, the
/// C1 control CSI.
const HOSTILE: [&str; 3] = ["\x1b]0;pwned", "\x07", "\u{9b}"];

fn assert_no_controls(what: &str, text: &str) {
    for bad in HOSTILE {
        assert!(
            !text.contains(bad),
            "{what}: {bad:?} reached the terminal:\n{text}"
        );
    }
}

/// Control characters from file names and contents, through every
/// report of the commands that read many files (and in colour).
#[cfg(unix)]
#[test]
fn no_control_character_from_a_file_reaches_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let games = d.join("games");
    fs::create_dir(&games).unwrap();
    fs::write(games.join("a.twixt"), "1. f6 2. m12\n").unwrap();
    fs::write(
        games.join("b\x1b]0;pwned\x07.tsgf"),
        "(;FF[4]EV[\x1b]0;pwned\x07]SZ[24];b[zz\x1b]0;pwned\x07])",
    )
    .unwrap();
    fs::write(games.join("c.T1"), b"\x1b]0;pwned\x07 \x9b31m\n").unwrap();
    fs::write(
        games.join("d.twixt"),
        "[Title \"\x1b]0;pwned\x07\"]\n1. f6 {\u{9b}31m} 2. zz\x1b]0;pwned\x07\n",
    )
    .unwrap();
    for color in ["never", "always"] {
        for args in [
            vec!["book", "games", "--lenient", "-o", "b.html"],
            vec!["view", "games", "--lenient", "-o", "v.html"],
            vec!["check", "games"],
            vec!["render", "games/d.twixt", "--lenient", "-o", "r.svg"],
        ] {
            let mut all = vec!["--color", color];
            all.extend(args.iter().copied());
            let out = twixt(d, &all);
            let what = all.join(" ");
            assert_no_controls(&what, &stderr(&out));
            assert_no_controls(&what, &String::from_utf8_lossy(&out.stdout));
        }
    }
}

/// Ran on the code before: "cannot read the template missing.typ".
#[test]
fn a_missing_typst_source_is_named_as_missing() {
    let dir = tempfile::tempdir().unwrap();
    let out = twixt(dir.path(), &["book", "missing.typ", "-o", "b.pdf"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("missing.typ: no such file"), "{err}");
    assert!(!err.contains("template"), "{err}");
}

/// Ran on the code before: "1 move, decided at move 17", the ply of the
/// position (16 set-up pegs and the move).
#[test]
fn a_game_decided_after_a_setup_says_the_scripts_move_number() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The board of a 5×5 dujardin game where Black has no hole left after
    // Red's b1 (a draw: the rules have no pass).
    fs::write(
        d.join("s.twixt"),
        "[Size \"5\"]\n[Rules \"dujardin\"]\n\
         #setup red: b3 c2 d2 c3 d3 c4 b2 d5\n\
         #setup black: d4 b4 a3 e4 e3 e2 a2 a4\n\
         #setup to-move: red\n\
         1. b1\n",
    )
    .unwrap();
    let out = twixt(d, &["check", "s.twixt"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1 move, decided at move 1: no legal move left, a draw"),
        "{text}{}",
        stderr(&out)
    );
}

/// Wrong content exits 1, a file that cannot be read 2, whichever command
/// reads it (docs/commands.md). Each case below exited 2 before.
#[test]
fn exit_codes_follow_the_documented_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. m12\n").unwrap();
    fs::write(d.join("latin.yaml"), b"preset: pencil\nsize: \xff\n").unwrap();
    fs::write(d.join("twrs.twixt"), b"[Game \"twrs\"]\n1. \xff\n").unwrap();
    fs::write(d.join("empty.twixt"), "").unwrap();
    let cases: [(&[&str], i32); 6] = [
        (&["show", "--rules", "latin.yaml", "g.twixt"], 1),
        (
            &["render", "g.twixt", "--style", "latin.yaml", "-o", "x.svg"],
            1,
        ),
        (&["check", "twrs.twixt"], 1),
        (&["view", "empty.twixt", "-o", "v.html"], 1),
        // Files that cannot be read stay 2.
        (&["show", "--rules", "none.yaml", "g.twixt"], 2),
        (
            &["render", "g.twixt", "--style", "none.yaml", "-o", "x.svg"],
            2,
        ),
    ];
    for (args, code) in cases {
        let out = twixt(d, args);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{}: {}",
            args.join(" "),
            stderr(&out)
        );
    }
    let out = twixt(d, &["show", "--rules", "latin.yaml", "g.twixt"]);
    assert!(
        stderr(&out).contains("0xFF at line 2, column 7"),
        "{}",
        stderr(&out)
    );
}

/// A link out of a booklet's folder is left out with a warning, as
/// `check` and `view` leave it out; before, `book` stopped with 2.
#[cfg(unix)]
#[test]
fn a_booklet_leaves_out_a_link_out_of_its_folder_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::create_dir_all(d.join("club")).unwrap();
    fs::create_dir_all(d.join("outside")).unwrap();
    fs::write(d.join("club/a.twixt"), "1. f6 2. m12\n").unwrap();
    fs::write(d.join("outside/o.twixt"), "1. f6\n").unwrap();
    std::os::unix::fs::symlink("../outside/o.twixt", d.join("club/l.twixt")).unwrap();
    let out = twixt(d, &["book", "club", "-o", "club.html"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: club/l.twixt: a link that leads outside"),
        "{err}"
    );
    assert!(d.join("club.html").exists());
}

/// A 40×40 game of 851 moves with a diagram at every move draws about
/// 700,000 pegs and links (a 36 MB HTML book, and far more memory as
/// PDF): refused before anything is drawn. Ran on the code before: the
/// book was written.
#[test]
fn a_book_is_bounded_by_what_its_diagrams_draw() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = twixt(
        d,
        &[
            "random",
            "--size",
            "40",
            "--seed",
            "7",
            "--games",
            "1",
            "-o",
            "big.twixt",
        ],
    );
    assert!(made.status.success(), "{}", stderr(&made));
    let start = Instant::now();
    let args = [
        "book",
        "big.twixt",
        "--moves-per-diagram",
        "1",
        "-o",
        "big.html",
    ];
    let out = twixt(d, &args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("pegs and links"), "{err}");
    assert!(err.contains("--moves-per-diagram"), "{err}");
    assert!(!d.join("big.html").exists());
    assert!(start.elapsed() < Duration::from_secs(60));
    // A diagram every 40 moves is well within the limit.
    let args = [
        "book",
        "big.twixt",
        "--moves-per-diagram",
        "40",
        "-o",
        "ok.html",
    ];
    let out = twixt(d, &args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// The number a "would draw N pegs and links or more" error gives.
fn drawn_in(err: &str) -> usize {
    let at = err.find(" pegs and links").expect(err);
    let digits = err[..at].rsplit(' ').next().unwrap();
    digits.parse().unwrap_or_else(|_| panic!("{err}"))
}

/// One file of many games, a diagram at every move: it would draw about
/// ten times what a book may. The book stops as it passes the limit, not
/// after drawing every diagram (before, a 1 MB file of this kind took 20 s
/// and 300 MB to be refused with the full count); `--draw-limit` moves the
/// limit, and a booklet's books share it, lenient or not.
#[test]
fn a_book_stops_drawing_as_it_passes_its_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = twixt(
        d,
        &[
            "random",
            "--size",
            "24",
            "--seed",
            "3",
            "--games",
            "200",
            "-o",
            "many.twixt",
        ],
    );
    assert!(made.status.success(), "{}", stderr(&made));
    let book = |extra: &[&str]| {
        let mut args = vec!["book", "many.twixt", "--moves-per-diagram", "1"];
        args.extend_from_slice(extra);
        args.extend(["-o", "many.html"]);
        twixt(d, &args)
    };
    let out = book(&[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let drawn = drawn_in(&err);
    // Stopped within a game of the limit: one game of 24×24 draws a few
    // tens of thousands at most.
    assert!((500_000..600_000).contains(&drawn), "{err}");
    assert!(err.contains("--draw-limit raises it"), "{err}");
    assert!(!d.join("many.html").exists());
    // A lower limit stops it sooner; a diagram at each game's end fits.
    let err = stderr(&book(&["--draw-limit", "10000"]));
    assert!(drawn_in(&err) < 40_000, "{err}");
    assert!(err.contains("more than the 10000 a book may"), "{err}");
    let ok = twixt(
        d,
        &[
            "book",
            "many.twixt",
            "--moves-per-diagram",
            "0",
            "-o",
            "ok.html",
        ],
    );
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    // A booklet: two files of one game that fit one at a time pass the
    // limit together, and leniency does not leave the second out.
    fs::create_dir(d.join("club")).unwrap();
    for name in ["a.twixt", "b.twixt"] {
        let file = format!("club/{name}");
        let args = [
            "random", "--size", "12", "--seed", "5", "--games", "1", "-o", &file,
        ];
        assert!(twixt(d, &args).status.success());
    }
    let book_of = |input: &str, limit: &str, out: &str| {
        let args = [
            "book",
            input,
            "--lenient",
            "--moves-per-diagram",
            "1",
            "--draw-limit",
            limit,
            "-o",
            out,
        ];
        twixt(d, &args)
    };
    // What one file draws: the pegs and links of its book.
    let alone = book_of("club/a.twixt", "500000", "a.html");
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    let html = fs::read_to_string(d.join("a.html")).unwrap();
    let one = html.matches("class=\"peg").count() + html.matches("class=\"link").count();
    let fits = book_of("club/a.twixt", &one.to_string(), "a.html");
    assert_eq!(fits.status.code(), Some(0), "{}", stderr(&fits));
    let both = book_of("club", &one.to_string(), "club.html");
    let err = stderr(&both);
    assert_eq!(both.status.code(), Some(1), "{err}");
    assert!(drawn_in(&err) > one, "{err}");
    assert!(
        err.contains(&format!("more than the {one} a book may")),
        "{err}"
    );
    assert!(!d.join("club.html").exists());
}

/// A TWRS book of more diagrams than a book may hold stops at the game
/// that passes the count (its figures are drawn when written, so only the
/// count bounds them): before, every figure was made first.
#[test]
fn a_twrs_book_stops_at_its_figure_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let made = twixt(d, &["random", "--game", "twrs", "--seed", "3"]);
    assert!(made.status.success());
    let game = String::from_utf8(made.stdout).unwrap();
    // A diagram after each of the first 300 moves, in 30 games: 9,000.
    let mut one = String::new();
    let mut moves = 0;
    for line in game.lines() {
        let is_move = line
            .split_once(". ")
            .is_some_and(|(n, _)| n.parse::<u32>().is_ok());
        if is_move {
            moves += 1;
            if moves > 300 {
                break;
            }
        }
        one.push_str(line);
        one.push('\n');
        if is_move {
            one.push_str("#diagram\n");
        }
    }
    assert_eq!(moves, 301, "a long game");
    fs::write(d.join("t.twixt"), vec![one; 30].join("\n")).unwrap();
    let out = twixt(d, &["book", "t.twixt", "-o", "t.html"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("diagrams or more, more than the 5000 a book may hold"),
        "{err}"
    );
    assert!(!d.join("t.html").exists());
}

/// A claim proved in about a second whose other key moves take long to
/// list: before, the listing took the whole claim limit again (8 s of
/// search after the proof, over the claim's 8 s); now the claim as a whole
/// keeps within its limit.
#[test]
fn a_claims_limit_bounds_its_key_move_listing_too() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(
        d.join("p.twixt"),
        "[Size \"12 cut top right\"]\n[Rules \"pencil\"]\n\
         #setup red: b6 b7 e7 g2 h2 h10 i7 k3 l4\n\
         #setup black: b4 c9 f5 g3 g6 h3 h6 j1 k6 l7\n\
         #setup links: f5-g3 f5-h6\n\
         #setup to-move: red\n\
         #wins red in 6\n",
    )
    .unwrap();
    let limit = 8.0;
    let start = Instant::now();
    let out = twixt(d, &["check", "p.twixt", "--search-time", "8"]);
    let took = start.elapsed().as_secs_f64();
    // `check` prints its findings on standard output.
    let err = String::from_utf8_lossy(&out.stdout).into_owned() + &stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("#wins red in 6 holds"), "{err}");
    assert!(
        took < limit + 0.8,
        "{took:.2} s for a claim of {limit} s: {err}"
    );
}

/// The typesetting thread a timeout leaves behind does not keep the
/// process alive: it exits right after saying so.
#[test]
fn a_typesetting_timeout_ends_the_run_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("g.twixt"), "1. f6 2. m12\n").unwrap();
    fs::write(
        d.join("t.typ"),
        "#let book(..args, body) = { let n = 0; for i in range(100000) { for j in range(100000) { n += 1 } }; body }\n",
    )
    .unwrap();
    let start = Instant::now();
    let args = [
        "book",
        "g.twixt",
        "-o",
        "b.pdf",
        "--template",
        "t.typ",
        "--typeset-time",
        "2",
    ];
    let out = twixt(d, &args);
    let took = start.elapsed();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("longer than 2 s"), "{}", stderr(&out));
    assert!(took < Duration::from_secs(6), "{took:?}");
}
