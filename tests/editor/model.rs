//! The editing model: each operation and the script it writes; undo and
//! redo; refusals that change nothing.

use twixtkit::editor::model::{Document, Op};

fn doc(text: &str) -> Document {
    let parsed = twixtkit::script::parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    Document::new(parsed.file, 0, None).unwrap()
}

fn play(d: &mut Document, hole: &str) {
    d.apply(Op::Play { hole: hole.into() }).unwrap();
}

fn ops(d: &mut Document, list: Vec<Op>) {
    for op in list {
        d.apply(op.clone())
            .unwrap_or_else(|e| panic!("{op:?} refused: {e}"));
    }
}

const HEAD: &str = "[Size \"24\"]\n[Rules \"pencil\"]\n\n";

#[test]
fn playing_appends_moves_then_a_new_move_earlier_makes_a_variation() {
    let mut d = doc("[Size \"24\"]\n[Rules \"pencil\"]\n");
    for h in ["f6", "m12", "g8"] {
        play(&mut d, h);
    }
    assert_eq!(d.script(), format!("{HEAD}1. f6 2. m12 3. g8\n"));
    ops(&mut d, vec![Op::Previous, Op::Previous]);
    play(&mut d, "l11");
    play(&mut d, "h9");
    assert_eq!(
        d.script(),
        format!("{HEAD}1. f6 2. m12 (2. l11 3. h9) 3. g8\n")
    );
    // Playing a move the tree has steps onto it: no new variation.
    ops(&mut d, vec![Op::Start, Op::Next]);
    play(&mut d, "m12");
    play(&mut d, "g8");
    // Paths count elements: 3. g8 follows the variation at index 2.
    assert_eq!(d.cursor(), &[3]);
    ops(&mut d, vec![Op::Previous, Op::Previous]);
    play(&mut d, "l11");
    assert_eq!(d.cursor(), &[2, 0]);
    assert_eq!(
        d.script(),
        format!("{HEAD}1. f6 2. m12 (2. l11 3. h9) 3. g8\n")
    );
}

#[test]
fn an_illegal_move_is_refused_with_the_engines_reason_and_nothing_changes() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6\n");
    d.apply(Op::End).unwrap();
    let before = d.script();
    let e = d.apply(Op::Play { hole: "f6".into() }).unwrap_err();
    assert!(e.0.contains("f6"), "{e}");
    // Black may not play on Red's border rows.
    let e = d.apply(Op::Play { hole: "f1".into() }).unwrap_err();
    assert!(!e.0.is_empty());
    let e = d
        .apply(Op::Play {
            hole: "zz99".into(),
        })
        .unwrap_err();
    assert!(e.0.contains("zz99"), "{e}");
    assert_eq!(d.script(), before);
    assert!(!d.is_dirty());
}

#[test]
fn swap_is_played_as_the_second_move() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6\n");
    ops(&mut d, vec![Op::End, Op::Swap]);
    assert_eq!(d.script(), "[Rules \"pencil\"]\n\n1. f6 2. swap\n");
    assert!(d.apply(Op::Swap).is_err());
}

#[test]
fn promote_make_main_line_and_delete_from_here() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6 2. m12 (2. l11 3. h9 (3. g8 4. o9)) 3. g8\n");
    // To 4. o9, two variations deep.
    ops(
        &mut d,
        vec![Op::Goto {
            path: vec![2, 2, 1],
        }],
    );
    ops(&mut d, vec![Op::Promote]);
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6 2. m12 (2. l11 3. g8 (3. h9) 4. o9) 3. g8\n"
    );
    ops(&mut d, vec![Op::MakeMain]);
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6 2. l11 (2. m12 3. g8) 3. g8 (3. h9) 4. o9\n"
    );
    // 4. o9 follows two variations on the main line: element 5.
    assert_eq!(d.cursor(), &[5]);
    assert!(d.apply(Op::Promote).is_err());
    ops(&mut d, vec![Op::Previous, Op::Delete]);
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6 2. l11 (2. m12 3. g8)\n"
    );
    assert_eq!(d.cursor(), &[1]);
}

#[test]
fn up_and_down_step_between_alternatives() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6 2. m12 (2. l11) (2. k10) 3. g8\n");
    ops(&mut d, vec![Op::Start, Op::Next, Op::Next]);
    assert_eq!(d.cursor(), &[1]);
    ops(&mut d, vec![Op::Down]);
    assert_eq!(d.cursor(), &[2, 0]);
    ops(&mut d, vec![Op::Down]);
    assert_eq!(d.cursor(), &[3, 0]);
    ops(&mut d, vec![Op::Down]);
    assert_eq!(d.cursor(), &[1]);
    ops(&mut d, vec![Op::Up]);
    assert_eq!(d.cursor(), &[3, 0]);
    ops(&mut d, vec![Op::Previous]);
    assert_eq!(d.cursor(), &[0]);
    ops(&mut d, vec![Op::End]);
    assert_eq!(d.cursor(), &[4]);
}

#[test]
fn comments_glyphs_marks_and_arrows_at_the_current_move() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6 2. m12\n");
    ops(
        &mut d,
        vec![
            Op::Next,
            Op::Comment {
                text: "a good start".into(),
            },
            Op::Glyph {
                glyph: Some("!?".into()),
            },
            Op::Label {
                hole: "h7".into(),
                text: "a".into(),
            },
            Op::Label {
                hole: "j8".into(),
                text: "X".into(),
            },
            Op::Ghost {
                hole: "k9".into(),
                player: "black".into(),
            },
            Op::Arrow {
                from: "f6".into(),
                to: "h7".into(),
            },
        ],
    );
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6!? {a good start}\n#label h7 a\n#label j8 X\n#ghost black k9\n#arrow f6 h7\n2. m12\n"
    );
    assert_eq!(d.comment(), Some("a good start"));
    // The same glyph again takes it off; an empty comment goes; clearing
    // a hole takes its label and the arrows touching it.
    ops(
        &mut d,
        vec![
            Op::Glyph {
                glyph: Some("!?".into()),
            },
            Op::Comment { text: " ".into() },
            Op::ClearMarks { hole: "h7".into() },
        ],
    );
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6\n#label j8 X\n#ghost black k9\n2. m12\n"
    );
    assert!(
        d.apply(Op::Glyph {
            glyph: Some("?!?".into())
        })
        .is_err()
    );
    assert!(
        d.apply(Op::Label {
            hole: "f6".into(),
            text: "two words".into()
        })
        .is_err()
    );
}

#[test]
fn a_comment_that_looks_like_script_stays_a_comment() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6\n");
    let text = "see } and { and (2. m12) % not a remark\n#arrow f6 h7";
    ops(&mut d, vec![Op::Next, Op::Comment { text: text.into() }]);
    let again = twixtkit::script::parse(&d.script());
    assert!(again.errors.is_empty());
    let reopened = Document::new(again.file, 0, None).unwrap();
    let mut r = reopened;
    r.apply(Op::Next).unwrap();
    assert_eq!(r.comment(), Some(text));
}

#[test]
fn setup_pegs_side_to_move_and_headers() {
    let mut d = doc("[Size \"12\"]\n[Rules \"pencil\"]\n");
    ops(
        &mut d,
        vec![
            Op::SetupPeg {
                hole: "e5".into(),
                player: Some("red".into()),
            },
            Op::SetupPeg {
                hole: "f7".into(),
                player: Some("red".into()),
            },
            Op::SetupPeg {
                hole: "h6".into(),
                player: Some("black".into()),
            },
            Op::ToMove {
                player: Some("black".into()),
            },
            Op::Tag {
                name: "title".into(),
                value: "A puzzle".into(),
            },
            Op::Tag {
                name: "Task".into(),
                value: "Black to play".into(),
            },
        ],
    );
    assert_eq!(
        d.script(),
        "[Size \"12\"]\n[Rules \"pencil\"]\n[Title \"A puzzle\"]\n[Task \"Black to play\"]\n\n#setup red: e5 f7\n#setup black: h6\n#setup links: *\n#setup to-move: black\n"
    );
    ops(
        &mut d,
        vec![
            Op::SetupPeg {
                hole: "f7".into(),
                player: None,
            },
            Op::Tag {
                name: "Task".into(),
                value: "".into(),
            },
        ],
    );
    assert!(d.script().contains("#setup red: e5\n"));
    assert!(!d.script().contains("Task"));
    // Black moves first from the setup: the engine agrees.
    play(&mut d, "i8");
    assert!(d.script().ends_with("1. i8\n"), "{}", d.script());
    // A header the rules cannot take is refused.
    let e = d
        .apply(Op::Tag {
            name: "Size".into(),
            value: "huge".into(),
        })
        .unwrap_err();
    assert!(e.0.contains("Size"), "{e}");
    let e = d
        .apply(Op::SetupPeg {
            hole: "z30".into(),
            player: Some("red".into()),
        })
        .unwrap_err();
    assert!(e.0.contains("z30"), "{e}");
}

#[test]
fn a_diagram_point_with_caption_and_translation() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6\n");
    ops(
        &mut d,
        vec![
            Op::Next,
            Op::Diagram {
                caption: "The opening".into(),
                translation: "Die Eröffnung".into(),
                remove: false,
            },
        ],
    );
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6\n#diagram caption=\"The opening\" translation=\"Die Eröffnung\"\n"
    );
    ops(
        &mut d,
        vec![Op::Diagram {
            caption: String::new(),
            translation: String::new(),
            remove: true,
        }],
    );
    assert_eq!(d.script(), "[Rules \"pencil\"]\n\n1. f6\n");
}

#[test]
fn a_proved_win_is_written_as_a_claim() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6\n");
    d.apply(Op::Next).unwrap();
    d.add_wins_claim(twixtkit::prelude::Player::Black, 3)
        .unwrap();
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6\n#wins black in 3\n"
    );
    d.apply(Op::Undo).unwrap();
    assert_eq!(d.script(), "[Rules \"pencil\"]\n\n1. f6\n");
}

#[test]
fn undo_and_redo_every_edit_with_typing_batched() {
    let mut d = doc("[Rules \"pencil\"]\n");
    play(&mut d, "f6");
    play(&mut d, "m12");
    // Letters typed quickly are one undo step.
    for t in ["n", "ni", "nic", "nice"] {
        d.apply(Op::Comment { text: t.into() }).unwrap();
    }
    assert!(d.script().ends_with("2. m12 {nice}\n"));
    d.apply(Op::Undo).unwrap();
    assert_eq!(d.script(), "[Rules \"pencil\"]\n\n1. f6 2. m12\n");
    d.apply(Op::Undo).unwrap();
    assert_eq!(d.script(), "[Rules \"pencil\"]\n\n1. f6\n");
    assert_eq!(d.cursor(), &[0]);
    d.apply(Op::Redo).unwrap();
    d.apply(Op::Redo).unwrap();
    assert!(d.script().ends_with("2. m12 {nice}\n"));
    assert!(d.apply(Op::Redo).is_err());
    // A new edit after an undo drops the redo history.
    d.apply(Op::Undo).unwrap();
    d.apply(Op::Glyph {
        glyph: Some("?".into()),
    })
    .unwrap();
    assert!(d.apply(Op::Redo).is_err());
}

#[test]
fn what_the_editor_does_not_show_is_kept() {
    let text = "% a remark before the headers\n[Event \"x\"]\n[Source \"own tag\"]\n[Rules \"pencil\"]\n\n1. f6 {c}\n% a remark in the moves\n#links 0\n2. m12\n";
    let mut d = doc(text);
    ops(
        &mut d,
        vec![
            Op::End,
            Op::Glyph {
                glyph: Some("!".into()),
            },
        ],
    );
    let out = d.script();
    for kept in [
        "% a remark before",
        "[Source \"own tag\"]",
        "% a remark in the moves",
        "#links 0",
        "{c}",
    ] {
        assert!(out.contains(kept), "{kept} lost:\n{out}");
    }
}

#[test]
fn other_games_of_the_file_are_kept_and_an_absent_game_is_refused() {
    let text = "[Title \"one\"]\n\n1. f6\n\n[Title \"two\"]\n\n1. g7\n";
    let parsed = twixtkit::script::parse(text);
    let mut d = Document::new(parsed.file.clone(), 1, None).unwrap();
    d.apply(Op::End).unwrap();
    play(&mut d, "m12");
    assert_eq!(
        d.script(),
        "[Title \"one\"]\n\n1. f6\n\n[Title \"two\"]\n\n1. g7 2. m12\n"
    );
    let e = Document::new(parsed.file, 2, None).unwrap_err();
    assert!(e.0.contains("game 3"), "{e}");
}

#[test]
fn the_page_state_draws_the_board_and_the_tree() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6 2. m12 (2. l11 {why}) 3. g8\n");
    d.apply(Op::Goto { path: vec![2, 0] }).unwrap();
    let s = twixtkit::editor::view::state(&d);
    assert!(s.svg.starts_with("<svg"));
    assert!(s.svg.contains("class=\"peg red"));
    assert_eq!(s.board, (24, 24));
    assert_eq!(s.comment, "why");
    assert!(
        s.tree.contains("data-path=\"2,0\">2.&nbsp;l11</span>"),
        "{}",
        s.tree
    );
    assert!(s.tree.contains("class=\"mv current\" data-path=\"2,0\""));
    assert_eq!(s.to_move.as_deref(), Some("red"));
}

#[test]
fn a_win_is_shown_as_it_happens() {
    // Red's chain from top to bottom on a 6×6 board.
    let mut d =
        doc("[Size \"6\"]\n[Rules \"pencil\"]\n1. b1 2. a2 3. c3 4. a3 5. b5 6. a4 7. d6\n");
    d.apply(Op::End).unwrap();
    let s = twixtkit::editor::view::state(&d);
    assert!(s.status.unwrap_or_default().contains("red"));
}

/// After a setup the status names the move as the script numbers it, not
/// the engine's count of plies (which includes the setup's pegs): the
/// bundled corner puzzle's main line connects at its move 5.
#[test]
fn a_win_after_a_setup_is_named_by_the_scripts_move() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/corner-puzzle.twixt"
    ))
    .unwrap();
    let mut d = doc(&text);
    d.apply(Op::End).unwrap();
    let s = twixtkit::editor::view::state(&d);
    assert_eq!(s.status.as_deref(), Some("red won by connection at move 5"));
}

#[test]
fn the_board_names_the_task_where_a_caption_asks_for_it() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/corner-puzzle.twixt"),
    )
    .unwrap();
    let d = doc(&text);
    let task = d
        .game()
        .tag("Task")
        .expect("the puzzle has a task")
        .to_string();
    let svg = twixtkit::editor::view::state(&d).svg;
    // As `render` draws it: the task, never the placeholder.
    assert!(!svg.contains("{task}"), "{svg}");
    let first_word = task.split_whitespace().next().unwrap();
    assert!(svg.contains(first_word), "{task}: {svg}");
}

#[test]
fn under_links_by_hand_a_link_is_added_to_the_move_taken_away_and_removed_later() {
    let mut d = doc("[Rules \"board\"]\n1. f6 2. m12 3. g8 4. n14 5. h10\n");
    assert!(d.links_by_hand());
    let link = |d: &mut Document, a: &str, b: &str| {
        d.apply(Op::Link {
            from: a.into(),
            to: b.into(),
        })
    };
    ops(&mut d, vec![Op::Goto { path: vec![2] }]);
    link(&mut d, "g8", "f6").unwrap();
    assert!(d.script().contains("3. g8+f6 "), "{}", d.script());
    // The same link again takes it off this move.
    link(&mut d, "f6", "g8").unwrap();
    assert!(d.script().contains("3. g8 4."), "{}", d.script());
    link(&mut d, "f6", "g8").unwrap();
    // Two moves later the link is on the board: Red's move takes it away.
    ops(&mut d, vec![Op::Goto { path: vec![4] }]);
    link(&mut d, "f6", "g8").unwrap();
    assert!(d.script().contains("5. -f6-g8 h10"), "{}", d.script());
    let board = twixtkit::editor::view::state(&d);
    assert!(board.links_by_hand);
    // Undo brings the link back; a link to the opponent's peg is refused
    // with the engine's reason, and nothing changes.
    d.apply(Op::Undo).unwrap();
    assert!(d.script().contains("5. h10"), "{}", d.script());
    let before = d.script();
    let e = link(&mut d, "h10", "m12").unwrap_err();
    assert!(!e.0.is_empty());
    assert_eq!(d.script(), before);
    let e = link(&mut d, "h10", "h11").unwrap_err();
    assert!(e.0.contains("knight"), "{e}");
}

#[test]
fn links_by_hand_are_refused_where_the_rules_make_every_link() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6 2. m12 3. g8\n");
    assert!(!d.links_by_hand());
    d.apply(Op::End).unwrap();
    let e = d
        .apply(Op::Link {
            from: "f6".into(),
            to: "g8".into(),
        })
        .unwrap_err();
    assert!(e.0.contains("links=automatic"), "{e}");
}

#[test]
fn a_link_that_makes_a_later_move_illegal_is_refused() {
    // Under `board` nothing crosses: Red's link f6-g8, added to move 3,
    // would cross Black's later link g7-f9... which Black's move 4 adds.
    let mut d = doc("[Rules \"board\"]\n1. f6 2. g7 3. g8 4. f9+g7\n");
    d.apply(Op::Goto { path: vec![2] }).unwrap();
    let before = d.script();
    let e = d
        .apply(Op::Link {
            from: "f6".into(),
            to: "g8".into(),
        })
        .unwrap_err();
    assert!(e.0.contains("move 4"), "{e}");
    assert_eq!(d.script(), before);
}

#[test]
fn the_crop_is_set_by_two_corners_and_shown_in_the_preview() {
    let mut d = doc("[Rules \"pencil\"]\n1. f6 2. m12\n");
    d.apply(Op::End).unwrap();
    d.apply(Op::Crop {
        from: Some("l12".into()),
        to: Some("a1".into()),
    })
    .unwrap();
    assert_eq!(
        d.script(),
        "[Rules \"pencil\"]\n\n1. f6 2. m12\n#diagram crop=a1-l12\n"
    );
    let s = twixtkit::editor::view::state(&d);
    assert_eq!(s.crop, Some([0, 11, 0, 11]));
    let preview = s.preview.expect("a preview");
    // The window only: the preview is narrower than the whole board.
    let width = |svg: &str| -> f64 {
        let w = svg.split("width=\"").nth(1).unwrap();
        w[..w.find('"').unwrap()]
            .trim_end_matches("px")
            .parse()
            .unwrap()
    };
    assert!(
        width(&preview) < width(&s.svg) * 0.7,
        "{} {}",
        width(&preview),
        width(&s.svg)
    );
    // The whole board again; the point stays.
    d.apply(Op::Crop {
        from: None,
        to: None,
    })
    .unwrap();
    assert_eq!(d.script(), "[Rules \"pencil\"]\n\n1. f6 2. m12\n#diagram\n");
    d.apply(Op::Undo).unwrap();
    assert!(d.script().contains("crop=a1-l12"));
}

#[test]
fn the_preview_is_drawn_in_the_points_style_and_a_bad_style_is_said() {
    let d = |style: &str| {
        let mut d = doc(&format!(
            "[Rules \"pencil\"]\n1. f6 2. m12\n#diagram style={style}\n"
        ));
        d.apply(Op::End).unwrap();
        twixtkit::editor::view::state(&d)
    };
    let print = d("print");
    let rulebook = d("rulebook");
    assert!(print.preview_error.is_none(), "{:?}", print.preview_error);
    assert_ne!(print.preview, rulebook.preview);
    let bad = d("nosuch");
    assert!(bad.preview.is_none());
    assert!(bad.preview_error.unwrap().contains("nosuch"));
}
