//! Diagrams of a script's diagram points: a replay snapshot (position, move
//! numbers, last move, marks, caption, crop) turned into a [`Diagram`].

use super::model::{Crop, Diagram, Mark};
use crate::moves::Move;
use crate::replay::DiagramSnapshot;
use crate::script::{MarkKind, Numbers, Target};

/// The diagram a script asks for at one diagram point. Pegs show their move
/// numbers as the point's `numbers=` says (all when it says nothing); a
/// `#label` on a peg replaces its number, a label `X` on an empty hole is
/// drawn as a cross, other labels as letters.
pub fn from_snapshot(snap: &DiagramSnapshot) -> Diagram {
    let mut d = Diagram::from_setup(&snap.setup);
    let point = &snap.point;
    let (first, last) = match point.numbers.unwrap_or(Numbers::All) {
        Numbers::None => (1, 0),
        Numbers::All => (1, u32::MAX),
        Numbers::Range(a, b) => (a, b),
    };
    for (hole, ply) in &snap.move_numbers {
        if (first..=last).contains(ply) && d.pegs.contains_key(hole) {
            d.labels.insert(*hole, ply.to_string());
        }
    }
    if let Some(Move::Place(p)) = snap.last_move.as_ref().map(|l| &l.mv)
        && d.pegs.contains_key(&p.hole)
    {
        d.last = Some(p.hole);
    }
    for m in &snap.marks {
        match &m.kind {
            MarkKind::Label { hole, text } => {
                if d.pegs.contains_key(hole) {
                    d.labels.insert(*hole, text.clone());
                } else if text.eq_ignore_ascii_case("x") {
                    d.mark(Mark::Cross(*hole));
                } else {
                    d.mark(Mark::Letter {
                        hole: *hole,
                        text: text.clone(),
                    });
                }
            }
            MarkKind::Ghost {
                player,
                hole,
                label,
            } => {
                d.mark(Mark::Ghost {
                    hole: *hole,
                    player: *player,
                    label: label.clone(),
                });
            }
            MarkKind::Highlight(targets) => {
                for t in targets {
                    d.mark(match t {
                        Target::Hole(h) => Mark::HighlightHole(*h),
                        Target::Link(l) => Mark::HighlightLink(*l),
                    });
                }
            }
            MarkKind::Arrow(from, to) => {
                d.mark(Mark::Arrow {
                    from: *from,
                    to: *to,
                });
            }
            MarkKind::Area(a, b) => {
                d.mark(Mark::Area(Crop::new(*a, *b)));
            }
        }
    }
    if let Some((a, b)) = point.crop {
        d.crop(Crop::new(a, b));
    }
    if let Some(c) = &point.caption {
        d.caption(c.as_str());
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::replay_game;
    use crate::script::parse;

    fn diagrams(src: &str) -> Vec<Diagram> {
        let parsed = parse(src);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let rep = replay_game(&parsed.file.games[0], None).unwrap();
        assert!(!rep.has_errors(), "{:?}", rep.issues);
        rep.diagrams.iter().map(from_snapshot).collect()
    }

    #[test]
    fn script_points_become_diagrams() {
        let ds = diagrams(
            "[Rules \"dujardin\"]\n[Size \"10\"]\n\n1. e5\n2. e7\n3. d7\n#diagram name=one numbers=2-3 crop=b2-i9 caption=\"Red & Black\"\n#label b8 X\n#label c3 A\n#ghost black f6 4a\n#arrow d7 f6\n",
        );
        assert_eq!(ds.len(), 1);
        let d = &ds[0];
        let h = |s: &str| s.parse().unwrap();
        assert_eq!(d.pegs.len(), 3);
        assert_eq!(d.labels.get(&h("e5")), None);
        assert_eq!(d.labels[&h("e7")], "2");
        assert_eq!(d.labels[&h("d7")], "3");
        assert_eq!(d.last, Some(h("d7")));
        assert!(d.links.contains(&"d7-e5".parse().unwrap()));
        assert!(d.marks.contains(&Mark::Cross(h("b8"))));
        assert!(d.marks.contains(&Mark::Letter {
            hole: h("c3"),
            text: "A".into()
        }));
        assert!(d.marks.iter().any(|m| matches!(m, Mark::Ghost { .. })));
        assert!(d.marks.iter().any(|m| matches!(m, Mark::Arrow { .. })));
        assert_eq!(d.crop, Some(Crop::new(h("b2"), h("i9"))));
        assert_eq!(d.caption.as_deref(), Some("Red & Black"));
    }
}
