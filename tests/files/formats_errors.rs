//! Bad inputs give located errors naming what was expected, never a panic;
//! every format round-trips write → read.

use proptest::prelude::*;
use twixt_core::moves::{Move, Placement, thin_vec};
use twixt_core::rules::{Crossing, Linking, RuleSet, Swap};
use twixtkit::formats::{Error, Location, littlegolem, movelist, t1};
use twixtkit::prelude::{BoardSize, Hole, Link, Player};
use twixtkit::record::{GameResult, Record};

fn lg_err(text: &[u8]) -> (Location, String) {
    match littlegolem::read(text) {
        Err(Error::Syntax { at, message }) => (at, message),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

fn t1_err(text: &str) -> (Location, String) {
    match t1::read(text.as_bytes()) {
        Err(Error::Syntax { at, message }) => (at, message),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

fn ml_err(text: &[u8]) -> (Location, String) {
    match movelist::read(text) {
        Err(Error::Syntax { at, message }) => (at, message),
        other => panic!("expected a syntax error, got {other:?}"),
    }
}

fn loc(line: usize, column: usize) -> Location {
    Location { line, column }
}

const LG: &str = "(;FF[4]PB[a]PW[b]SZ[24];b[ch];r[swap];b[jj])";

#[test]
fn little_golem_errors_are_located() {
    // Truncated: the closing `)` is missing.
    let (at, m) = lg_err(&LG.as_bytes()[..LG.len() - 1]);
    assert_eq!(at, loc(1, 44));
    assert!(m.contains("expected `;` before a move or `)`"), "{m}");
    // Truncated inside a value.
    let (at, m) = lg_err(b"(;SZ[24];b[c");
    assert_eq!(at, loc(1, 11));
    assert!(m.contains("never closed"), "{m}");
    // A row past the board.
    let (at, m) = lg_err(b"(;SZ[24];b[cz])");
    assert_eq!(at, loc(1, 12));
    assert!(m.contains("row character from `a` to `x`"), "{m}");
    // A corner.
    let (_, m) = lg_err(b"(;SZ[24];b[aa])");
    assert!(m.contains("corner"), "{m}");
    // Swap at ply 3.
    let (at, m) = lg_err(b"(;SZ[24];b[ch];r[dd];b[swap])");
    assert_eq!(at, loc(1, 24));
    assert!(m.contains("only as move 2"), "{m}");
    // Players out of turn.
    let (at, m) = lg_err(b"(;SZ[24];b[ch];b[dd])");
    assert_eq!(at, loc(1, 16));
    assert!(m.contains("expected `r`"), "{m}");
    // Unknown move word.
    let (_, m) = lg_err(b"(;SZ[24];b[ch];r[pass])");
    assert!(m.contains("two-character coordinate"), "{m}");
    // Unknown suffix.
    let (_, m) = lg_err(b"(;SZ[24];b[ch|dra])");
    assert!(m.contains("`|draw`"), "{m}");
    // Moves after a resignation.
    let (_, m) = lg_err(b"(;SZ[24];b[resign];r[dd])");
    assert!(m.contains("expected `)` after the game-ending move"), "{m}");
    // Bad sizes.
    let (_, m) = lg_err(b"(;SZ[200])");
    assert!(m.contains("out of range"), "{m}");
    let (_, m) = lg_err(b"(;SZ[x])");
    assert!(m.contains("board side"), "{m}");
    // Lines count.
    let (at, _) = lg_err(b"(;SZ[24]\n;b[ch]\n;r[z])");
    assert_eq!(at, loc(3, 4));
    // Trailing junk and an empty file.
    assert!(lg_err(b"(;SZ[24]) x").1.contains("end of input"));
    assert!(lg_err(b"").1.contains("found end of input"));
}

/// `Location::of_offset` stands an offset past the text's end for the end,
/// as it always has: the locator the record readers share must not panic
/// on it.
#[test]
fn an_offset_past_the_end_is_located_at_the_end() {
    assert_eq!(Location::of_offset("ab\ncd", 5), loc(2, 3));
    assert_eq!(Location::of_offset("ab\ncd", 6), loc(2, 3));
    assert_eq!(Location::of_offset("ab\ncd", 99), loc(2, 3));
    assert_eq!(Location::of_offset("", 1), loc(1, 1));
    assert_eq!(Location::of_offset("é\n", 9), loc(2, 1));
}

#[test]
fn little_golem_results_and_tolerances() {
    let r = littlegolem::read(b" ( ; FF[4] SZ[24]\n ; b[ch] ; r[SWAP] ; b[resign] ) \n").unwrap();
    assert_eq!(r.moves[1], Move::Swap);
    assert_eq!(r.result, Some(GameResult::Win(Player::Black)));
    let r = littlegolem::read(b"(;SZ[24];b[ch];r[dd|draw];b[draw])").unwrap();
    assert_eq!(r.result, Some(GameResult::Draw));
    assert_eq!(r.moves[2], Move::AcceptDraw);
    let r = littlegolem::read(b"(;PB[x\\]y]GC[note])").unwrap();
    assert_eq!(r.tag("Red"), Some("x]y"));
    assert_eq!(r.tag("GC"), Some("note"));
    assert_eq!(r.size(), BoardSize::STANDARD);
    // A bare `[draw]` node accepts the standing offer.
    let r = littlegolem::read(b"(;SZ[24];b[ch|draw];[draw])").unwrap();
    assert_eq!(r.moves[1], Move::AcceptDraw);
    assert_eq!(r.result, Some(GameResult::Draw));
    assert!(
        lg_err(b"(;SZ[24];b[ch];[dd])")
            .1
            .contains("no player letter")
    );
    // A UTF-8 byte-order mark switches to UTF-8.
    let r = littlegolem::read("\u{feff}(;PB[José];b[ch])".as_bytes()).unwrap();
    assert_eq!(r.tag("Red"), Some("José"));
    // Latin-1 names survive a round trip byte for byte.
    let bytes = b"(;FF[4]PB[Jos\xe9]SZ[24];b[ch])";
    let r = littlegolem::read(bytes).unwrap();
    assert_eq!(r.tag("Red"), Some("José"));
    assert_eq!(littlegolem::write(&r).unwrap(), bytes.to_vec());
}

#[test]
fn t1_errors_are_located() {
    let header = "#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\n";
    let (at, m) = t1_err("#\n#\n1\n");
    assert_eq!(at, loc(4, 1));
    assert!(m.contains("13 header lines"), "{m}");
    let (at, m) = t1_err(&format!("{header}K7\n  ZZ9\n"));
    assert_eq!(at, loc(15, 3));
    assert!(m.contains("expected a move like K7"), "{m}");
    let (_, m) = t1_err(&format!("{header}K7\nL8\nswap\n"));
    assert!(m.contains("only as move 2"), "{m}");
    let (_, m) = t1_err(&format!("{header}K7\nY9\n"));
    assert!(m.contains("off the board"), "{m}");
    let (_, m) = t1_err(&format!("{header}K7\npass\n"));
    assert!(m.contains("`pass`"), "{m}");
    let (_, m) = t1_err(&format!("{header}K7\nresign\nL8\n"));
    assert!(m.contains("after `resign`"), "{m}");
    let (at, m) = t1_err(&header.replace("\nY\nN\n", "\nmaybe\nN\n"));
    assert_eq!(at, loc(12, 1));
    assert!(m.contains("pie rule"), "{m}");
    let (_, m) = t1_err(&format!(
        "{}K7\nswap\n",
        header.replace("\nY\nN\n", "\nN\nN\n")
    ));
    assert!(m.contains("pie rule off"), "{m}");
    // Not UTF-8: the byte is located.
    match t1::read(b"#\n#\n1\nJ\xe9r\xf4me\n") {
        Err(Error::Syntax { at, message }) => {
            assert_eq!(at, loc(4, 2));
            assert!(message.contains("UTF-8"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn t1_header_fields_set_rules_and_first_player() {
    let text = "x\ny\n1 # v\nAnn # p1\nBob\n20 # rows\n18 # cols\nC\nH\n2\nV\nn\nY\nb3\n";
    let r = t1::read(text.as_bytes()).unwrap();
    assert_eq!(r.size(), BoardSize::new(18, 20).unwrap());
    assert_eq!(r.rules.swap, Swap::None);
    assert_eq!(r.rules.crossing, Crossing::None);
    assert_eq!(r.first, Player::Black);
    assert_eq!(r.tag("Red"), Some("Ann"));
    assert_eq!(r.tag(t1::TAG_KIND_1), Some("C"));
    assert_eq!(r.moves, vec![Move::peg(Hole::new(1, 2))]);
    assert_eq!(t1::read(t1::write(&r).unwrap().as_bytes()).unwrap(), r);
    // Resignation after a mirror swap (the default): colours alternate by
    // ply, so ply 4 is Black's.
    let h = "#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\n";
    let r = t1::read(format!("{h}K7\nswap\nL9\nresign\n").as_bytes()).unwrap();
    assert_eq!(r.result, Some(GameResult::Win(Player::Red)));
    // After T1j's colour swap ply 4 belongs to the swapper, now Red.
    let r = t1::read_with(
        format!("{h}K7\nswap\nL9\nresign\n").as_bytes(),
        RuleSet::dujardin(),
    )
    .unwrap();
    assert_eq!(r.result, Some(GameResult::Win(Player::Black)));
    let r = t1::read(format!("{h}K7\nL9\nresign\n").as_bytes()).unwrap();
    assert_eq!(r.result, Some(GameResult::Win(Player::Black)));
    let r = t1::read(format!("{h}K7\nL9\nM4\nresign\n").as_bytes()).unwrap();
    assert_eq!(r.result, Some(GameResult::Win(Player::Red)));
}

#[test]
fn t1_writer_refuses_what_it_cannot_express() {
    let mut r = Record::new(RuleSet::dujardin().with_size(BoardSize::square(30).unwrap()));
    r.moves.push(Move::peg(Hole::new(27, 5)));
    assert!(matches!(t1::write(&r), Err(Error::Unwritable(_, m)) if m.contains("26")));
    let mut r = Record::new(RuleSet::board());
    r.moves.push(Move::peg(Hole::new(5, 5)));
    assert!(matches!(t1::write(&r), Err(Error::Unwritable(_, m)) if m.contains("link")));
    let mut r = Record::new(RuleSet::dujardin());
    r.tags.push(("Red".into(), "a # b".into()));
    assert!(t1::write(&r).is_err());
}

#[test]
fn move_list_errors_are_located() {
    let (at, m) = ml_err(b"1.f6 2.swap 4.m16");
    assert_eq!(at, loc(1, 13));
    assert!(m.contains("expected move number 3, found 4"), "{m}");
    let (at, m) = ml_err(b"1.f6\n2.g7\n3.");
    assert_eq!(at, loc(3, 3));
    assert!(
        m.contains("expected a move after `3.`, found end of input"),
        "{m}"
    );
    let (_, m) = ml_err(b"1.f6 2.g7 3.swap");
    assert!(m.contains("only as move 2"), "{m}");
    let (_, m) = ml_err(b"1.f6 2.pass");
    assert!(m.contains("found `pass`"), "{m}");
    let (_, m) = ml_err(b"1.f6 2.z9");
    assert!(m.contains("off the board"), "{m}");
    let (_, m) = ml_err(b"1.a1");
    assert!(m.contains("corner"), "{m}");
    let (_, m) = ml_err(b"1 f6");
    assert!(m.contains("expected `.`"), "{m}");
    let (_, m) = ml_err(b"f6");
    assert!(m.contains("expected move number 1"), "{m}");
    let (_, m) = ml_err(b"1.f6 2.resign 3.g7");
    assert!(m.contains("end after move 2"), "{m}");
    let (at, m) = ml_err(b"1.f6 \xff");
    assert_eq!(at, loc(1, 6));
    assert!(m.contains("UTF-8"), "{m}");
}

#[test]
fn move_lists_tolerate_layout_and_hold_several_games() {
    let text = b"# two games\n1. F6  2.swap\n 3.m16\n\n\n1.d4 2.e5|draw 3.draw\n";
    assert_eq!(
        movelist::read("\u{feff}1.f6".as_bytes()).unwrap()[0]
            .moves
            .len(),
        1
    );
    let games = movelist::read(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves.len(), 3);
    assert_eq!(games[0].result, None);
    assert_eq!(games[1].result, Some(GameResult::Draw));
    let again = movelist::read(movelist::write_all(&games).unwrap().as_bytes()).unwrap();
    assert_eq!(again, games);
    // Under colour-exchanging swap, ply 3 is black's: black resigns, red wins.
    let rules = RuleSet::dujardin();
    let g = movelist::read_with(b"1.f6 2.swap 3.resign", rules).unwrap();
    assert_eq!(g[0].result, Some(GameResult::Win(Player::Red)));
    let g = movelist::read(b"1.f6 2.swap 3.resign").unwrap();
    assert_eq!(g[0].result, Some(GameResult::Win(Player::Black)));
    // Wide boards use two-letter columns.
    let wide = RuleSet::pencil().with_size(BoardSize::square(30).unwrap());
    let g = movelist::read_with(b"1.ab12", wide).unwrap();
    assert_eq!(g[0].moves[0], Move::peg(Hole::new(27, 11)));
    assert!(movelist::read(b"1.ab12").is_err());
    // Without swap in the rules, swap is refused.
    let mut no_swap = RuleSet::pencil();
    no_swap.swap = Swap::None;
    assert!(movelist::read_with(b"1.f6 2.swap", no_swap).is_err());
}

#[test]
fn writers_refuse_links_and_foreign_rules() {
    let mut r = Record::new(RuleSet::board());
    let a: Hole = "f6".parse().unwrap();
    let b: Hole = "g8".parse().unwrap();
    r.moves.push(Move::peg(a));
    r.moves.push(Move::peg("q9".parse().unwrap()));
    r.moves.push(Move::Place(Placement {
        links: thin_vec![Link::new(a, b).unwrap()],
        ..Placement::peg(b)
    }));
    assert!(matches!(movelist::write(&r), Err(Error::Unwritable(_, m)) if m.contains("link")));
    assert!(littlegolem::write(&r).is_err());
    let mut manual = RuleSet::pencil();
    manual.links = Linking::Manual;
    let r = Record::new(manual);
    assert!(matches!(littlegolem::write(&r), Err(Error::Unwritable(_, m)) if m.contains("pencil")));
    let r = Record::new(RuleSet::pencil().with_size(BoardSize::new(24, 20).unwrap()));
    assert!(matches!(littlegolem::write(&r), Err(Error::Unwritable(_, m)) if m.contains("pencil")));
}

fn lg_record() -> impl Strategy<Value = Record> {
    (
        5u64..=128,
        prop::collection::vec((0u16..128, 0u16..128, any::<bool>()), 0..30),
        any::<bool>(),
        0u8..3,
    )
        .prop_map(|(side, pegs, swap, end)| {
            let size = BoardSize::square(side).unwrap();
            let mut r = Record::new(RuleSet::pencil().with_size(size));
            // In Little Golem's property order, so a round trip keeps it.
            r.tags.push(("FF".into(), "4".into()));
            r.tags.push(("Event".into(), "ev".into()));
            r.tags.push(("Red".into(), "Añna ]\\ x".into()));
            r.tags.push(("Site".into(), "here".into()));
            for (i, (c, w, offer)) in pegs.into_iter().enumerate() {
                if i == 1 && swap {
                    r.moves.push(Move::Swap);
                    continue;
                }
                let mut h = Hole::new(c % size.width(), w % size.height());
                if size.is_corner(h) {
                    h.col = 1;
                }
                r.moves.push(Move::Place(Placement {
                    offers_draw: offer,
                    ..Placement::peg(h)
                }));
            }
            let mover = if r.moves.len().is_multiple_of(2) {
                Player::Red
            } else {
                Player::Black
            };
            match end {
                1 => {
                    r.moves.push(Move::Resign);
                    r.result = Some(GameResult::Win(mover.opponent()));
                }
                2 => {
                    r.moves.push(Move::AcceptDraw);
                    r.result = Some(GameResult::Draw);
                }
                _ => {}
            }
            r
        })
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = littlegolem::read(&bytes);
        let _ = t1::read(&bytes);
        let _ = movelist::read(&bytes);
    }

    #[test]
    fn near_miss_texts_never_panic(s in "[(;)\\[\\]brswapignd|#0-9.\\n a-z\u{80}-\u{ff}]{0,80}") {
        let _ = littlegolem::read(s.as_bytes());
        let latin1: Vec<u8> = s.chars().filter_map(|c| u8::try_from(u32::from(c)).ok()).collect();
        let _ = littlegolem::read(&latin1);
        let _ = movelist::read(s.as_bytes());
        let _ = t1::read(format!("#\n#\n1\nA\nB\n24\n24\nH\nH\n1\nV\nY\nN\n{s}").as_bytes());
    }

    #[test]
    fn little_golem_round_trips(r in lg_record()) {
        let bytes = littlegolem::write(&r).unwrap();
        prop_assert_eq!(littlegolem::read(&bytes).unwrap(), r);
    }

    #[test]
    fn move_list_and_t1_round_trip(r in lg_record()) {
        let text = movelist::write(&r).unwrap();
        prop_assume!(!r.moves.is_empty());
        let back = movelist::read_with(text.as_bytes(), r.rules.clone()).unwrap();
        let mut plain = r.clone();
        plain.tags.clear();
        prop_assert_eq!(back, vec![plain]);
        if r.size().width() <= 26 && !r.moves.iter().any(|m| matches!(m, Move::AcceptDraw | Move::Place(Placement { offers_draw: true, .. }))) {
            let mut d = r.clone();
            d.rules = RuleSet { swap: Swap::Mirror, ..RuleSet::dujardin().with_size(r.size()) };
            let text = t1::write(&d).unwrap();
            let back = t1::read_with(text.as_bytes(), d.rules.clone()).unwrap();
            prop_assert_eq!(&back.moves, &d.moves);
            prop_assert_eq!(back.result, d.result);
            prop_assert_eq!(back.tag("Red"), d.tag("Red"));
        }
    }
}

/// A T1 file records no crossing rule or swap style: games that a reader
/// would replay differently are refused, not silently changed.
#[test]
fn t1_writer_refuses_games_a_reader_would_change() {
    let mut r = Record::new(RuleSet::pencil());
    r.moves.push(Move::peg(Hole::new(5, 5)));
    assert!(matches!(t1::write(&r), Err(Error::Unwritable(_, m)) if m.contains("cross")));
    let mut r = Record::new(RuleSet::dujardin());
    r.moves.extend([Move::peg(Hole::new(5, 5)), Move::Swap]);
    assert!(matches!(t1::write(&r), Err(Error::Unwritable(_, m)) if m.contains("mirror")));
    let mut r = Record::new(RuleSet::t1());
    r.moves.extend([Move::peg(Hole::new(5, 5)), Move::Swap]);
    assert!(t1::write(&r).is_ok());
}
