//! Every syntax element of the script format, read and written back.

use twixt_core::board::{Hole, Player};
use twixt_core::link::Link;
use twixt_core::moves::{Move, Placement, Removal, thin_vec};
use twixtkit::script::*;

fn h(s: &str) -> Hole {
    s.parse().unwrap()
}

fn l(s: &str) -> Link {
    s.parse().unwrap()
}

fn one(src: &str) -> Game {
    let p = parse(src);
    if let Some(e) = p.errors.first() {
        panic!("{}", e.to_diagnostic("t.twixt", src));
    }
    assert_eq!(p.file.games.len(), 1, "{src}");
    let g = p.file.games.into_iter().next().unwrap();
    // Whatever was read writes back to something that reads the same.
    let w = write_game(&g);
    let again = parse(&w);
    assert!(again.errors.is_empty(), "{w}");
    assert_eq!(again.file.games, vec![g.clone()], "{w}");
    g
}

fn moves(g: &Game) -> Vec<Move> {
    g.main_moves().map(|m| m.mv.clone()).collect()
}

#[test]
fn headers_known_unknown_and_case() {
    let g = one(
        "[title \"Rouge joue\"]\n[SIZE \"30x20\"]\n[Rules \"board\"]\n[First \"black\"]\n[Result \"*\"]\n[MyTag \"kept \\\"quoted\\\"\"]\n",
    );
    let names: Vec<&str> = g.tags.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        ["Title", "Size", "Rules", "First", "Result", "MyTag"]
    );
    assert_eq!(g.tag("mytag"), Some("kept \"quoted\""));
    assert_eq!(g.size().unwrap().to_string(), "30x20");
    assert_eq!(g.first(), Player::Black);
    assert_eq!(g.result(), Some(twixtkit::record::GameResult::Unfinished));
    let rules = g.rules(None).unwrap();
    assert_eq!(rules.preset_name(), Some("board"));
    assert_eq!(rules.size.width(), 30);
    // Several tags on one line are accepted too.
    let g2 = one("[Red \"A\"] [Black \"B\"]\n1. f6");
    assert_eq!(g2.tag("Black"), Some("B"));
}

#[test]
fn rules_tag_forms() {
    let g = one("[Rules \"pencil swap=none\"]\n");
    let r = g.rules(None).unwrap();
    assert_eq!(r.swap, twixt_core::rules::Swap::None);
    assert_eq!(r.crossing, twixt_core::rules::Crossing::Own);
    assert_eq!(
        RulesSpec::parse("rules/x.yaml").unwrap(),
        RulesSpec::File("rules/x.yaml".into())
    );
    let custom = RulesSpec::describe(&twixt_core::rules::RuleSet {
        swap: twixt_core::rules::Swap::None,
        ..twixt_core::rules::RuleSet::board()
    });
    assert_eq!(custom, "crossing=none links=manual removal=links swap=none");
    match RulesSpec::parse(&custom).unwrap() {
        RulesSpec::Inline(r) => assert_eq!(r.swap, twixt_core::rules::Swap::None),
        other => panic!("{other:?}"),
    }
}

#[test]
fn move_numbers_are_optional_and_spacing_is_free() {
    let a = one("1. f6 2. swap 3. m9");
    let b = one("f6 swap m9");
    let c = one("1.f6 ,2.SWAP,\n\n  3...M9");
    assert_eq!(moves(&a), moves(&b));
    assert_eq!(moves(&a), moves(&c));
    assert_eq!(
        moves(&a),
        vec![Move::peg(h("f6")), Move::Swap, Move::peg(h("m9"))]
    );
}

#[test]
fn keywords_draw_offers_and_glyphs() {
    let g = one("1. f6= 2. g8!? 3. resign?? ");
    let ms: Vec<&MoveNode> = g.main_moves().collect();
    assert!(matches!(&ms[0].mv, Move::Place(p) if p.offers_draw));
    assert_eq!(ms[1].glyph, Some(Glyph::Interesting));
    assert_eq!(ms[2].mv, Move::Resign);
    assert_eq!(ms[2].glyph, Some(Glyph::VeryBad));
    let g = one("1. f6 ! 2. draw");
    let ms: Vec<&MoveNode> = g.main_moves().collect();
    assert_eq!(ms[0].glyph, Some(Glyph::Good));
    assert_eq!(ms[1].mv, Move::AcceptDraw);
    for (text, glyph) in [
        ("!", Glyph::Good),
        ("?", Glyph::Bad),
        ("!!", Glyph::VeryGood),
        ("??", Glyph::VeryBad),
        ("!?", Glyph::Interesting),
        ("?!", Glyph::Dubious),
    ] {
        let g = one(&format!("f6{text}"));
        assert_eq!(g.main_moves().next().unwrap().glyph, Some(glyph));
    }
}

#[test]
fn links_and_removals() {
    let g = one("1. f6 2. a3 3. -d5-f6 -e4 h7+f6+e5-g6=!");
    let m = g.main_moves().nth(2).unwrap();
    assert_eq!(
        m.mv,
        Move::Place(Placement {
            removals: thin_vec![Removal::Link(l("d5-f6")), Removal::Peg(h("e4"))],
            hole: h("h7"),
            links: thin_vec![l("f6-h7"), l("e5-g6")],
            offers_draw: true,
        })
    );
    assert_eq!(m.glyph, Some(Glyph::Good));
    // The span of a move covers its number and removals.
    assert_eq!((m.span.line, m.span.col), (1, 13));
    assert_eq!(m.span.len_bytes(), "3. -d5-f6 -e4 h7+f6+e5-g6=!".len());
}

#[test]
fn comments_remarks_and_escapes() {
    let g = one(
        "% file note\n[Event \"x\"]\n% after tags\n1. f6 {Rouge joue, mais mal… 赤 \\} fin} % to end of line\n2. g8 {multi\nline}",
    );
    assert_eq!(g.preamble, vec!["file note".to_string()]);
    assert_eq!(g.line.elements[0], Element::Remark("after tags".into()));
    assert!(
        g.line
            .elements
            .contains(&Element::Comment("Rouge joue, mais mal… 赤 } fin".into()))
    );
    assert!(
        g.line
            .elements
            .contains(&Element::Remark("to end of line".into()))
    );
    assert!(
        g.line
            .elements
            .contains(&Element::Comment("multi\nline".into()))
    );
}

#[test]
fn diagram_points() {
    let g = one(
        "1. f6\n#diagram name=\"fig3\" caption=\"Rouge joue, mais mal...\" numbers=1-5 crop=a1-l12 style=print flip=yes\n#diagram numbers=none\n#diagram numbers=all\n#diagram numbers=4",
    );
    let ds: Vec<&DiagramPoint> = g
        .line
        .elements
        .iter()
        .filter_map(|e| match e {
            Element::Diagram(d) => Some(&**d),
            _ => None,
        })
        .collect();
    assert_eq!(ds[0].name.as_deref(), Some("fig3"));
    assert_eq!(ds[0].caption.as_deref(), Some("Rouge joue, mais mal..."));
    assert_eq!(ds[0].numbers, Some(Numbers::Range(1, 5)));
    assert_eq!(ds[0].crop, Some((h("a1"), h("l12"))));
    assert_eq!(ds[0].look.style.as_deref(), Some("print"));
    assert_eq!(ds[0].extra, vec![("flip".to_string(), "yes".to_string())]);
    assert_eq!(ds[1].numbers, Some(Numbers::None));
    assert_eq!(ds[2].numbers, Some(Numbers::All));
    assert_eq!(ds[3].numbers, Some(Numbers::Range(4, 4)));
}

#[test]
fn marks() {
    let g = one(
        "1. f6\n#label g8 X\n#ghost black h7 3a\n#ghost red e4\n#highlight f6 d5-f6\n#arrow f6 j8\n#area c3-f8\n#label k9 \"two words\"",
    );
    let ms: Vec<&MarkKind> = g
        .line
        .elements
        .iter()
        .filter_map(|e| match e {
            Element::Mark(m) => Some(&m.kind),
            _ => None,
        })
        .collect();
    assert_eq!(
        ms,
        vec![
            &MarkKind::Label {
                hole: h("g8"),
                text: "X".into()
            },
            &MarkKind::Ghost {
                player: Player::Black,
                hole: h("h7"),
                label: Some("3a".into())
            },
            &MarkKind::Ghost {
                player: Player::Red,
                hole: h("e4"),
                label: None
            },
            &MarkKind::Highlight(vec![Target::Hole(h("f6")), Target::Link(l("d5-f6"))]),
            &MarkKind::Arrow(h("f6"), h("j8")),
            &MarkKind::Area(h("c3"), h("f8")),
            &MarkKind::Label {
                hole: h("k9"),
                text: "two words".into()
            },
        ]
    );
}

#[test]
fn claims() {
    let g = one(
        "1. f6\n#links 2\n#links d5-f6, h7-f6\n#links none\n#would-link m9: l7 o8\n#would-link m9 l7\n#blocked j10-i12 by h11-j10\n#blocked j10-i12\n#connected red\n#cannot-connect black\n#can-connect red\n#dead-draw",
    );
    let cs: Vec<&ClaimKind> = g
        .line
        .elements
        .iter()
        .filter_map(|e| match e {
            Element::Claim(c) => Some(&c.kind),
            _ => None,
        })
        .collect();
    assert_eq!(
        cs,
        vec![
            &ClaimKind::LinkCount(2),
            &ClaimKind::Links(vec![l("d5-f6"), l("f6-h7")]),
            &ClaimKind::Links(vec![]),
            &ClaimKind::WouldLink {
                hole: h("m9"),
                with: vec![h("l7"), h("o8")]
            },
            &ClaimKind::WouldLink {
                hole: h("m9"),
                with: vec![h("l7")]
            },
            &ClaimKind::Blocked {
                link: l("j10-i12"),
                by: Some(l("h11-j10"))
            },
            &ClaimKind::Blocked {
                link: l("j10-i12"),
                by: None
            },
            &ClaimKind::Connected(Player::Red),
            &ClaimKind::CannotConnect(Player::Black),
            &ClaimKind::CanConnect(Player::Red),
            &ClaimKind::DeadDraw,
        ]
    );
}

#[test]
fn setup_blocks() {
    let g = one(
        "[Title \"Beam\"]\n\n{Intro} #setup red: f6 g8 black: d5\n#setup links: f6-g8 to-move: black\n#diagram name=beam",
    );
    let s = g.setup.as_ref().unwrap();
    assert_eq!(s.red, vec![h("f6"), h("g8")]);
    assert_eq!(s.black, vec![h("d5")]);
    assert_eq!(s.links, vec![l("f6-g8")]);
    assert_eq!(s.to_move, Some(Player::Black));
    assert_eq!(g.line.elements[0], Element::Comment("Intro".into()));
    // A setup after a move is refused.
    let p = parse("1. f6\n#setup red: g8");
    assert_eq!(p.errors.len(), 1);
    assert!(
        p.errors[0].message.contains(
            "setup block must come first in the game: before its moves, claims and marks"
        )
    );
    // `links: *`: the links the pegs imply, kept as written.
    let p = parse("#setup red: f6 g8 links: * f6-g8\n1. d5\n");
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let s = p.file.games[0].setup.as_ref().unwrap();
    assert!(s.implied_links);
    assert_eq!(s.links, vec![l("f6-g8")]);
    let text = twixtkit::script::write_file(&p.file);
    assert!(text.contains("#setup links: * f6-g8\n"), "{text}");
    assert_eq!(parse(&text).file, p.file);
    // So is one after a claim, with no move: the message names claims too.
    let p = parse("#wins red in 3\n#setup red: g8");
    assert_eq!(p.errors.len(), 1);
    assert!(
        p.errors[0]
            .message
            .contains("before its moves, claims and marks")
    );
}

#[test]
fn variations_nest_and_keep_the_main_line() {
    let g = one("1. f6 2. g8 (2. h8 {alt} #diagram name=v (2. a5) 3. b6) 3. c7");
    assert_eq!(moves(&g).len(), 3);
    let Element::Variation(v) = &g.line.elements[2] else {
        panic!("{:?}", g.line.elements);
    };
    assert_eq!(v.elements.len(), 5);
    // Move numbers inside a variation continue from the move it replaces.
    assert_eq!(parse("1. f6 2. g8 (3. h8)").errors.len(), 1);
}

#[test]
fn nesting_is_bounded() {
    let ok = format!(
        "f6 {}g8{}",
        "(g7 ".repeat(MAX_DEPTH - 1),
        ")".repeat(MAX_DEPTH - 1)
    );
    // Each level replaces the move before it: depth 63 nested in 'g7' moves.
    let p = parse(&ok);
    assert!(p.errors.is_empty(), "{:?}", p.errors.first());
    let deep = format!(
        "f6 {}g8{}",
        "(g7 ".repeat(MAX_DEPTH + 1),
        ")".repeat(MAX_DEPTH + 1)
    );
    let p = parse(&deep);
    assert_eq!(p.errors.len(), 1);
    assert_eq!(p.errors[0].message, "variations nested more than 64 deep");
    // Very deep input does not overflow the stack either.
    let huge = format!("f6 {}", "(g7 ".repeat(100_000));
    assert_eq!(parse(&huge).errors.len(), 1);
}

#[test]
fn several_games_per_file() {
    let src = "[Event \"one\"]\n1. f6\n\n[Event \"two\"]\n\n1. g8 2. h7\n\n[Event \"three\"]\n";
    let p = parse(src);
    assert!(p.errors.is_empty());
    assert_eq!(p.file.games.len(), 3);
    assert_eq!(p.file.games[1].tag("Event"), Some("two"));
    assert_eq!(p.file.games[1].span.line, 4);
    assert_eq!(moves(&p.file.games[1]).len(), 2);
    assert_eq!(parse(&write_file(&p.file)).file, p.file);
}

#[test]
fn record_conversion() {
    let g = one(
        "[Event \"x\"]\n[Rules \"board\"]\n[Result \"black\"]\n1. f6 {c} 2. swap (2. g8) 3. h7+f6 4. resign",
    );
    let r = g.to_record().unwrap();
    assert_eq!(r.moves.len(), 4);
    assert_eq!(r.rules.preset_name(), Some("board"));
    assert_eq!(r.tag("Event"), Some("x"));
    let back = Game::from_record(&r);
    let again = back.to_record().unwrap();
    assert_eq!(
        (&again.moves, &again.rules, again.result),
        (&r.moves, &r.rules, r.result)
    );
    assert_eq!(moves(&back), r.moves);
    assert_eq!(back.tag("Size"), Some("24"));
}

#[test]
fn windows_line_ends_are_accepted() {
    let unix = one("[Event \"e\"]\n\n1. f6 % r\n#diagram name=x\n2. g8\n");
    let dos = one("[Event \"e\"]\r\n\r\n1. f6 % r\r\n#diagram name=x\r\n2. g8\r\n");
    assert_eq!(unix, dos);
}

#[test]
fn spans_agree_with_offsets_everywhere() {
    let src = "[Event \"é\"]\n\n1. f6 {ü} 2. g8\n3. -e4 h7+f6 (3. k9\n#links 1\n 4. é5x) 4. m9\n#diagram name=x\n";
    let src = src.replace("é5x", "a5");
    let p = parse(&src);
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    let g = &p.file.games[0];
    fn visit(line: &Line, src: &str, n: &mut usize) {
        for e in &line.elements {
            let span = match e {
                Element::Move(m) => m.span,
                Element::Claim(c) => c.span,
                Element::Diagram(d) => d.span,
                Element::Variation(v) => {
                    visit(v, src, n);
                    continue;
                }
                _ => continue,
            };
            let d = twixtkit::diagnostic::Diagnostic::error("x").at(
                src,
                span.start(),
                span.len_bytes(),
            );
            assert_eq!((span.line, span.col), (d.line, d.col), "{e:?}");
            *n += 1;
        }
    }
    let mut n = 0;
    visit(&g.line, &src, &mut n);
    assert_eq!(n, 8);
}
