//! The TWRS rules, one test per rule of the seed (the Dutch rulebook), each
//! quoting the sentence it checks, and one per illegal move.

use twrs_core::moves::{Lines, Move};
use twrs_core::point::{Player, Point};
use twrs_core::position::Position;
use twrs_core::position::{End, MoveError, Status};
use twrs_core::rules::TwrsRules;
use twrs_core::setup::Setup;

/// A position drawn as rows of the grid, top row first: `.` free, `#` a
/// stone, `1`–`6` a tower.
fn board(rules: &TwrsRules, to_move: Player, rows: &str) -> Position {
    let mut s = Setup::default();
    let rows: Vec<&str> = rows
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), usize::from(rules.height), "rows");
    for (r, line) in rows.iter().enumerate() {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(cells.len(), usize::from(rules.width), "row {}", r + 1);
        for (c, ch) in cells.into_iter().enumerate() {
            let p = Point::new(c as u8, r as u8);
            match ch {
                '.' => {}
                '#' => s.stones.push(p),
                '1'..='6' => s.towers.push((ch as u8 - b'0', p)),
                _ => panic!("unknown cell {ch}"),
            }
        }
    }
    Position::from_setup(rules, &s, to_move).unwrap()
}

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn points(v: &[Point]) -> String {
    v.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn play(pos: &mut Position, mv: &str) -> Result<Move, MoveError> {
    pos.play(&mv.parse().unwrap())
}

fn small() -> TwrsRules {
    TwrsRules {
        width: 7,
        height: 7,
        ..TwrsRules::basic()
    }
}

#[test]
fn lines_of_movement_end_before_a_stone_a_tower_or_the_edge() {
    // "De bewegingslijnen beginnen bij de toren en eindigen op het snijpunt
    // waar een markeersteen of een andere toren … staat. Bewegingslijnen
    // eindigen ook op de rand van het bord."
    let pos = board(
        &small(),
        Player::Orange,
        "
        . . . . . . .
        . . . # . . .
        . . . . . . .
        . 2 . 1 . . .
        . . . . . . .
        . . . . . . .
        . . . . . . 4",
    );
    assert_eq!(points(&pos.destinations(1)), "c4 d3 d5 d6 d7 e4 f4 g4");
}

#[test]
fn a_turn_moves_one_own_tower_along_one_line() {
    let rows = "
        . . . . . . .
        . . . # . . .
        . . . . . . .
        . 2 . 1 . . .
        . . . . . . .
        . . . . . . .
        . . . . . . 4";
    let mut pos = board(&small(), Player::Orange, rows);
    // "**Moet** hij één van zijn torens verplaatsen"
    assert!(matches!(
        play(&mut pos, "b4-b1"),
        Err(MoveError::NotYourTower { tower: 2, .. })
    ));
    // "Een toren kan per beurt maar in 1 richting worden bewogen (en kan dus geen bocht maken)."
    assert!(matches!(
        play(&mut pos, "d4-f6"),
        Err(MoveError::NotALine { .. })
    ));
    // "Een toren mag nooit op een andere toren of een markeersteen worden geplaatst."
    assert!(matches!(
        play(&mut pos, "d4-d2"),
        Err(MoveError::OntoPiece { .. })
    ));
    assert!(matches!(
        play(&mut pos, "d4-b4"),
        Err(MoveError::OntoPiece { .. })
    ));
    // "Een toren kan niet over een markeersteen of andere toren heen springen."
    let e = play(&mut pos, "d4-d1").unwrap_err();
    assert!(matches!(e, MoveError::Jumps { .. }), "{e}");
    assert!(e.to_string().contains("jumps the stone at d2"), "{e}");
    assert!(matches!(
        play(&mut pos, "d4-a4"),
        Err(MoveError::Jumps { .. })
    ));
    assert!(matches!(
        play(&mut pos, "d4-d4"),
        Err(MoveError::MustMove(1))
    ));
    assert!(matches!(
        play(&mut pos, "3 d4-d6"),
        Err(MoveError::TowerNotAt { tower: 3, .. })
    ));
    assert!(matches!(
        play(&mut pos, "c3-c5"),
        Err(MoveError::NoTowerAt(_))
    ));
    assert!(matches!(
        play(&mut pos, "d4-d9"),
        Err(MoveError::OffGrid(..))
    ));
    // Nothing changed by the refusals; a legal move goes any distance.
    assert_eq!(play(&mut pos, "d4-d7").unwrap().to_string(), "1 d4-d7");
    assert_eq!(pos.to_move(), Player::Blue);
}

#[test]
fn marking_points_are_where_the_lines_cross() {
    // "Markeerpunten zijn de punten, waar de bewegingslijnen van de **actieve**
    // toren (vanaf zijn nieuwe positie) de bewegingslijnen van **één** toren
    // van de tegenstander kruisen." At most two: "maximaal 2 markeerstenen".
    let rows = "
        . . . . . . .
        . . . . . 2 .
        . . . . . . .
        . . . . . . .
        . 1 . . . . .
        . . . . . . .
        . . . . . 4 #";
    let mut pos = board(&small(), Player::Orange, rows);
    // After b5-b3, tower 1 crosses tower 2's lines at b2 and f3.
    let mut after = pos.clone();
    play(&mut after, "b5-b3").unwrap();
    assert_eq!(
        points(&after.marking_points(1, 2, Lines::Movement)),
        "b2 f3"
    );
    // Marking a tower puts a stone on each of its marking points.
    let played = play(&mut pos, "1 b5-b3 x2").unwrap();
    assert_eq!(played.to_string(), "1 b5-b3 x2 b2 f3");
    assert_eq!(points(&pos.stones()), "b2 f3 g7");
    assert_eq!(pos.stones_left(), 40 - 3);
}

#[test]
fn every_marking_point_of_the_marked_tower_gets_a_stone() {
    // "Als een speler een markeerpunt vergeet, mag de tegenspeler hem daar op
    // wijzen en dient de markeersteen alsnog geplaatst te worden."
    let rows = "
        . . . . . . .
        . . . . . 2 .
        . . . . . . .
        . . . . . . .
        . 1 . . . . .
        . . . . . . .
        . . . . . 4 #";
    let mut pos = board(&small(), Player::Orange, rows);
    let e = play(&mut pos, "1 b5-b3 x2 b2").unwrap_err();
    assert!(matches!(e, MoveError::MarkAllPoints { .. }), "{e}");
    assert_eq!(pos.stones().len(), 1, "a refused move changes nothing");
    assert_eq!(pos.tower(1), Some(p("b5")));
    // A rule set that lets the mover choose may place one.
    let choose = TwrsRules {
        mark_all_points: false,
        ..small()
    };
    let mut pos = board(&choose, Player::Orange, rows);
    assert_eq!(
        play(&mut pos, "1 b5-b3 x2 b2").unwrap().to_string(),
        "1 b5-b3 x2 b2"
    );
}

#[test]
fn marking_errors_name_the_rule() {
    let rows = "
        . . . . . . .
        . . . . . 2 .
        . . . . . . .
        . . . . . . .
        . 1 . . 3 . .
        . . . . . . .
        . . . . . 4 #";
    let pos = board(&small(), Player::Orange, rows);
    let err = |mv: &str| pos.clone().play(&mv.parse().unwrap()).unwrap_err();
    assert!(matches!(err("b5-b3 x3"), MoveError::MarkOwnTower(3)));
    assert!(matches!(err("b5-b3 x5"), MoveError::NoSuchTower(5)));
    assert!(matches!(
        err("b5-b3 x2 c3"),
        MoveError::NotAMarkingPoint { .. }
    ));
    assert!(matches!(err("b5-b3 x2 b2 b2"), MoveError::StoneTwice(_)));
    assert!(matches!(err("b5-b3 x2/"), MoveError::DiagonalsNotAllowed));
    // "Voor de duidelijkheid: De actieve toren kan geen toren markeren die op
    // één lijn met hem staat." Tower 1 moved to b2 stands in line with tower 2.
    let e = err("b5-b2 x2");
    assert!(e.to_string().contains("in line"), "{e}");
}

#[test]
fn a_tower_in_line_cannot_be_marked_and_nothing_crosses() {
    // "De actieve toren 5 van Blauw kan toren 6 van Oranje niet markeren,
    // omdat er geen bewegingslijnen zijn, die elkaar kruisen."
    let rows = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . 5 . . . . .
        . . . . . # .
        . . . . # 6 .
        . . . # . . .";
    let pos = board(&small(), Player::Blue, rows);
    let mut after = pos.clone();
    play(&mut after, "b4-b7").unwrap();
    // From b7, the row runs only to c7 (a stone at d7), so it never meets
    // tower 6's column at f7; the column meets row 6 at b6, but tower 6's line
    // to the left ends at the stone e6.
    assert!(after.marking_points(5, 6, Lines::Movement).is_empty());
    let e = pos.clone().play(&"b4-b7 x6".parse().unwrap()).unwrap_err();
    assert!(e.to_string().contains("no lines cross"), "{e}");
}

#[test]
fn areas_close_and_lone_or_single_colour_towers_petrify() {
    // "Zodra er nog maar één toren in een afgesloten gebied staat, geldt deze
    // toren als versteend. Zodra er alleen nog torens van één kleur in een
    // afgesloten gebied staan, zijn al deze torens versteend."
    let pos = board(
        &small(),
        Player::Orange,
        "
        1 . # . . . .
        . 3 # . . . .
        # # # . 2 . 6
        . . . . . . .
        # # # # . . .
        4 . . # . . .
        . . 5 # . . .",
    );
    let areas = pos.areas();
    assert_eq!(areas.len(), 3);
    assert!(areas.iter().all(|a| a.closed));
    assert!(pos.is_petrified(1) && pos.is_petrified(3), "one colour");
    assert!(pos.is_petrified(4) && pos.is_petrified(5), "one colour");
    assert!(!pos.is_petrified(2) && !pos.is_petrified(6), "both colours");
    // "Versteende torens mogen niet meer worden verplaatst."
    let mut moved = pos.clone();
    assert!(matches!(
        play(&mut moved, "a1-a2"),
        Err(MoveError::Petrified(1))
    ));
    assert!(pos.destinations(1).is_empty());
    // Before any area closes, nothing is petrified.
    let open = board(
        &small(),
        Player::Orange,
        "
        1 . # . . . .
        . 3 . . . . .
        . . . . 2 . 6
        . . . . . . .
        . . . . . . .
        4 . . . . . .
        . . 5 . . . .",
    );
    assert_eq!(open.areas().len(), 1);
    assert!(!open.areas()[0].closed);
    assert!((1..=6).all(|t| !open.is_petrified(t)));
}

#[test]
fn the_game_ends_when_the_player_to_move_cannot_move() {
    // "Het spel eindigt, zodra de speler die aan de beurt is geen toren meer
    // kan of mag verzetten." And: "Toren 6 kan Oranje niet verzetten, omdat
    // hij geblokkeerd wordt door toren 2 van Blauw."
    let pos = board(
        &small(),
        Player::Orange,
        "
        1 . # . . # .
        . 3 # . . . #
        # # # . . . .
        . . . . . . .
        # # # # . 5 .
        # # # # . . .
        6 2 # . . . 4",
    );
    assert!(!pos.is_petrified(6) && !pos.is_petrified(2));
    assert_eq!(pos.status(), Status::Over(End::NoMove(Player::Orange)));
    let e = pos.clone().play(&"b2-b1".parse().unwrap()).unwrap_err();
    assert!(matches!(e, MoveError::GameOver(_)), "{e}");
    // Tower 2 is as stuck as tower 6.
    assert!(pos.destinations(2).is_empty());
}

#[test]
fn the_seeds_scoring_example_counts_58_to_37() {
    // "Oranje heeft: 53 punten (torens 1 en 3) + 5 punten (toren 6). Totaal:
    // 58 punten. Blauw heeft: 35 punten (toren 2) + 1 punt (toren 4) + 1 punt
    // (toren 5). Totaal: 37 punten. Oranje heeft gewonnen." The seed's figure
    // is lost; this position gives its areas: "snijpunten met een
    // markeersteen erop tellen niet mee, snijpunten met een toren erop wel".
    let pos = board(
        &TwrsRules::basic(),
        Player::Orange,
        "
        4 # . . . . . . . # 5
        # . . . . 2 . . . . #
        . . . . . . . . . . .
        # . . . . # . . . . #
        # # # # # # # # # # #
        . . . . . . . . . . #
        . . . 1 . . . . . . #
        . . . . . . . 3 . . .
        . . . . . . . . . . .
        # # # # # . . . . . .
        6 . . . . # . . . . .",
    );
    let score = pos.score();
    assert_eq!((score.orange, score.blue), (58, 37));
    assert_eq!(score.leader(), Some(Player::Orange));
    assert_eq!(pos.status(), Status::Over(End::NoMove(Player::Orange)));
    let sizes: Vec<usize> = pos.areas().iter().map(|a| a.points.len()).collect();
    assert_eq!(sizes, vec![1, 35, 1, 53, 5]);
}

#[test]
fn areas_without_towers_or_with_both_colours_score_nothing() {
    // "Als in een afgesloten gebied geen toren staat, levert dat gebied voor
    // geen van beide spelers punten op." "… van beide spelers een
    // niet-versteende toren staat, telt dit gebied niet mee".
    let pos = board(
        &small(),
        Player::Orange,
        "
        1 . # . . # .
        . 3 # . . . #
        # # # . . . .
        . . . . . . .
        # # # # . 5 .
        # # # # . . .
        6 2 # . . . 4",
    );
    let s = pos.score();
    // Orange: a1–b2 (4). Blue: towers 4 and 5 share the big area with nobody
    // else (26). The g1 area holds nothing; a7–b7 holds both colours.
    assert_eq!((s.orange, s.blue), (4, 26));
}

#[test]
fn an_empty_stock_ends_the_game_after_that_turn() {
    // The seed does not say what happens when the 40 stones run out; areas
    // change only by stones, so the game ends (docs/twrs.md).
    let rules = TwrsRules {
        stones: 2,
        ..small()
    };
    let rows = "
        . . . . . . .
        . . . . . 2 .
        . . . . . . .
        . . . . . . .
        . 1 . . . . .
        . . . . . . .
        . . . . . 4 #";
    let mut pos = board(&rules, Player::Orange, rows);
    assert_eq!(pos.stones_left(), 1);
    let e = play(&mut pos, "b5-b3 x2").unwrap_err();
    assert!(matches!(e, MoveError::ChooseStone { .. }), "{e}");
    assert!(e.to_string().contains("`x2 b2`"), "{e}");
    assert_eq!(
        play(&mut pos, "b5-b3 x2 f3").unwrap().to_string(),
        "1 b5-b3 x2 f3"
    );
    assert_eq!(pos.status(), Status::Over(End::NoStones));
}

#[test]
fn advanced_rule_one_places_pieces_in_the_seeds_order() {
    // "Speler A plaatst een markeersteen. Speler B plaatst een markeersteen.
    // Speler A plaatst een markeersteen. Speler B plaatst één van zijn torens.
    // Speler A plaatst twee van zijn torens. Speler B plaatst zijn andere twee
    // torens. Speler A plaatst zijn laatste toren. Speler A begint het spel."
    let rules = TwrsRules::advanced();
    let mut pos = Position::new(&rules).unwrap();
    assert_eq!(pos.status(), Status::Placing);
    let e = play(&mut pos, "1 f6").unwrap_err();
    assert!(e.to_string().contains("orange places a stone"), "{e}");
    let order = [
        ("stone f6", Player::Orange),
        ("stone c3", Player::Blue),
        ("stone i9", Player::Orange),
        ("2 b2", Player::Blue),
        ("1 j10", Player::Orange),
        ("3 c9", Player::Orange),
        ("4 i3", Player::Blue),
        ("5 e5", Player::Blue),
        ("6 g7", Player::Orange),
    ];
    for (mv, side) in order {
        assert_eq!(pos.to_move(), side, "{mv}");
        assert!(matches!(pos.status(), Status::Placing));
        if side == Player::Blue && mv == "2 b2" {
            assert!(matches!(
                play(&mut pos.clone(), "stone a1"),
                Err(MoveError::WrongPlacement { .. })
            ));
            assert!(matches!(
                play(&mut pos.clone(), "1 a1"),
                Err(MoveError::NotYourTower { .. })
            ));
        }
        play(&mut pos, mv).unwrap();
    }
    assert_eq!(pos.status(), Status::Playing);
    assert_eq!(pos.to_move(), Player::Orange, "A begins");
    assert_eq!(pos.stones_left(), 37);
    assert!(matches!(
        play(&mut pos, "stone a1"),
        Err(MoveError::NotPlacing(_))
    ));
}

#[test]
fn advanced_rule_two_marks_with_either_diagonal() {
    // "De speler kan markeren met: De bewegingslijnen van de actieve toren -
    // Of de markeerlijnen van de ene diagonaal … - Of de markeerlijnen van de
    // andere diagonaal"; "maximaal twee markeerstenen op de snijpunten van de
    // markeerlijnen met de bewegingslijnen van de toren van de tegenspeler."
    let rules = TwrsRules {
        marking_lines: true,
        ..small()
    };
    let rows = "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . 6 . . . . .
        . . . . . . .
        . . . . 5 . .
        . . . . . . 1";
    let pos = board(&rules, Player::Orange, rows);
    // Tower 6 at b4, tower 5 at e6. Falling diagonal from b4: c5 d6 e7 (f8 is off).
    // It crosses tower 5's row 6 at d6 and its column e at e7.
    assert_eq!(points(&pos.marking_points(6, 5, Lines::Falling)), "d6 e7");
    // Rising diagonal from b4: c3 d2 e1 and a5: crosses column e at e1.
    assert_eq!(points(&pos.marking_points(6, 5, Lines::Rising)), "e1");
    assert_eq!(points(&pos.marking_points(6, 5, Lines::Movement)), "b6 e4");
    // From a4, the falling diagonal b5 c6 d7 meets tower 5's row at c6; it
    // would meet column e below the grid.
    let mut p2 = pos.clone();
    assert_eq!(
        play(&mut p2, "b4-a4 x5\\").unwrap().to_string(),
        "6 b4-a4 x5\\ c6"
    );
    assert_eq!(points(&p2.stones()), "c6");
}

#[test]
fn advanced_rule_two_protects_petrified_towers() {
    // "Een versteende toren in een afgesloten gebied kan niet gemarkeerd
    // worden door een nog niet-versteende toren van de tegenstander."
    let rules = TwrsRules {
        marking_lines: true,
        protect_petrified: true,
        ..small()
    };
    // Tower 4 stands alone in the closed area a1 b1 a2 and is petrified.
    // The stones c1 b2 a3 wall it off, but a diagonal passes between b2 and
    // c1: from e4, tower 1's falling marking line runs d3 c2 b1 and meets
    // tower 4's line of movement at b1.
    let rows = "
        4 . # . . . .
        . # . . . . .
        # . . . . . .
        . . . . . . .
        . . . . 1 . .
        . . . . . . .
        . . . 2 . . 3";
    let unprotected = TwrsRules {
        protect_petrified: false,
        ..rules.clone()
    };
    let mut open = board(&unprotected, Player::Orange, rows);
    assert_eq!(
        play(&mut open, "e5-e4 x4\\").unwrap().to_string(),
        "1 e5-e4 x4\\ b1"
    );
    let pos = board(&rules, Player::Orange, rows);
    assert!(pos.is_petrified(4));
    assert!(!pos.is_petrified(1));
    let e = pos
        .clone()
        .play(&"e5-e4 x4\\".parse().unwrap())
        .unwrap_err();
    assert!(
        matches!(
            e,
            MoveError::ProtectedPetrified {
                active: 1,
                target: 4
            }
        ),
        "{e}"
    );
}

#[test]
fn the_reconstructed_start_setup_plays() {
    let mut pos = Position::new(&TwrsRules::basic()).unwrap();
    assert_eq!(pos.stones_left(), 37);
    assert_eq!(pos.to_move(), Player::Orange);
    assert_eq!(play(&mut pos, "6 d7-d10").unwrap().to_string(), "6 d7-d10");
    assert_eq!(pos.to_move(), Player::Blue);
}
