//! A booklet: the books of many files as one document, a chapter per game,
//! the games of a tournament grouped by event and round with each event's
//! standings, the diagrams numbered through the whole booklet, and the
//! files left out (with `--lenient`) listed at the start.

use super::standings::{Outcome, group};
use super::{Block, Book, Chapter};

/// The books of several files, in order, as one book titled `title`;
/// `left_out` names the files that could not be made into a book and why
/// ("games/bad.twixt: 2 errors"), listed in a first chapter.
pub fn booklet(title: &str, books: Vec<Book>, left_out: &[String]) -> Book {
    let mut chapters = Vec::new();
    let mut warnings = Vec::new();
    if !left_out.is_empty() {
        let list = left_out.join("\n\n");
        let messages = books
            .iter()
            .find_map(|b| b.chapters.first())
            .map(|c| c.messages.clone())
            .unwrap_or_default();
        chapters.push(Chapter {
            title: messages.get("files-left-out").to_string(),
            messages,
            blocks: vec![Block::Comment(list)],
            ..Chapter::default()
        });
    }
    let mut games = Vec::new();
    for b in books {
        games.extend(b.chapters);
        warnings.extend(b.warnings);
    }
    // Games of a tournament grouped by event and round, each event's
    // standings before its games, each game headed by its round and score.
    let grouped = games.iter().any(|c| c.pairing.is_some());
    let mut number = 0u32;
    for mut c in group(games) {
        if let (true, Some(p)) = (grouped, &c.pairing) {
            if let Some(round) = &p.round {
                c.title = c
                    .messages
                    .fill("round-game", &[("round", round), ("title", &c.title)]);
            }
            if let Some(score) = score(p.outcome) {
                c.title = format!("{}, {score}", c.title);
            }
        }
        if let Some(p) = &mut c.puzzle {
            number += 1;
            renumber_label(&mut p.figure.label, p.figure.number, number);
            p.figure.number = number;
        }
        renumber(&mut c.blocks, &mut number);
        chapters.push(c);
    }
    Book {
        title: title.to_string(),
        chapters,
        warnings,
    }
}

/// A game's score as a bulletin prints it, Red's first: `1–0`, `½–½`.
fn score(outcome: Outcome) -> Option<&'static str> {
    match outcome {
        Outcome::RedWon => Some("1–0"),
        Outcome::BlackWon => Some("0–1"),
        Outcome::Draw => Some("½–½"),
        Outcome::Unfinished => None,
    }
}

/// Numbers the figures of `blocks` on from `number`, their labels too.
fn renumber(blocks: &mut [Block], number: &mut u32) {
    for b in blocks {
        match b {
            Block::Figure(f) => {
                *number += 1;
                renumber_label(&mut f.label, f.number, *number);
                f.number = *number;
            }
            Block::Variation(v) => renumber(v, number),
            Block::Moves(_) | Block::Comment(_) => {}
        }
    }
}

/// A label's number (its first run of digits, in any language's words:
/// "Diagramme 3 (coups 1 à 4)") made `new` when it is `old`.
fn renumber_label(label: &mut String, old: u32, new: u32) {
    let Some(start) = label.find(|c: char| c.is_ascii_digit()) else {
        return;
    };
    let end = label[start..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(label.len(), |e| start + e);
    if label[start..end] == old.to_string() {
        label.replace_range(start..end, &new.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::{Art, Figure};

    fn figure(n: u32) -> Block {
        Block::Figure(Box::new(Figure {
            number: n,
            label: format!("Diagram {n} (moves 1–4)"),
            caption: None,
            translation: None,
            notes: Vec::new(),
            art: Art::Twixt(crate::diagram::Diagram::blank(
                twixt_core::board::BoardSize::STANDARD,
            )),
            style: None,
        }))
    }

    fn one(title: &str, blocks: Vec<Block>) -> Book {
        Book {
            title: title.into(),
            chapters: vec![Chapter {
                title: title.into(),
                blocks,
                ..Chapter::default()
            }],
            warnings: Vec::new(),
        }
    }

    #[test]
    fn figures_are_numbered_through_the_booklet() {
        let a = one("A", vec![figure(1), figure(2)]);
        let b = one("B", vec![Block::Variation(vec![figure(1)]), figure(2)]);
        let all = booklet("Club", vec![a, b], &["bad.twixt: 1 error".into()]);
        assert_eq!(all.chapters[0].title, "Files left out");
        let labels: Vec<_> = all.figures().iter().map(|f| f.label.clone()).collect();
        assert_eq!(
            labels,
            [1, 2, 3, 4].map(|n| format!("Diagram {n} (moves 1–4)"))
        );
        assert_eq!(all.title, "Club");
    }
}
