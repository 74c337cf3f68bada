//! Page sheets: diagrams in a grid, split over pages.

use twixtkit::diagram::sheet::{Paper, SheetOptions, sheets};
use twixtkit::diagram::{Diagram, Style};
use twixtkit::prelude::{BoardSize, Player, Setup};

fn diagrams(n: usize) -> Vec<Diagram> {
    (0..n)
        .map(|i| {
            let mut s = Setup::empty(BoardSize::STANDARD);
            s.pegs.insert(
                twixt_core::board::Hole::new(3 + i as u16 % 18, 5),
                Player::Red,
            );
            let mut d = Diagram::from_setup(&s);
            d.caption(format!("Diagram {}", i + 1));
            d
        })
        .collect()
}

#[test]
fn six_per_a4_page_by_default() {
    let style = Style::rulebook();
    assert!(sheets(&[], &style, &SheetOptions::default()).is_empty());
    let pages = sheets(&diagrams(7), &style, &SheetOptions::default());
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0].matches("-diagram\"").count(), 6);
    assert_eq!(pages[1].matches("-diagram\"").count(), 1);
    assert!(pages[0].contains("width=\"210mm\" height=\"297mm\""));
    assert!(pages[1].contains(">2 / 2</text>"));
    for i in 1..=7 {
        let page = &pages[(i - 1) / 6];
        assert!(page.contains(&format!(">Diagram {i}</text>")));
        assert!(page.contains(&format!("id=\"d{i}-holes\"")));
    }
    for p in &pages {
        twixtkit::diagram::png::render_pixmap(p, 0.3).unwrap();
    }
}

#[test]
fn custom_grid_and_paper() {
    let opts = SheetOptions {
        paper: "300x200".parse::<Paper>().unwrap(),
        columns: Some(4),
        rows: Some(1),
        title: Some("Game 3".into()),
        ..SheetOptions::default()
    };
    let pages = sheets(&diagrams(9), &Style::rulebook(), &opts);
    assert_eq!(pages.len(), 3);
    assert!(pages[0].contains("width=\"300mm\" height=\"200mm\""));
    assert!(pages.iter().all(|p| p.contains(">Game 3</text>")));
}
