//! From a script's diagram point to a [`Diagram`]: the replayed position,
//! its move numbers and last move, the marks written at that point, and the
//! caption (with the `translation` option as a second paragraph).

use crate::replay::DiagramSnapshot;
use crate::script::{MarkKind, Numbers, Target};
use twixt_core::moves::Move;

use super::model::{Crop, Diagram, Mark};

/// The diagram of one diagram point. Move numbers follow the point's
/// `numbers` option (all by default); a `#label` on a peg replaces its number,
/// on an empty hole it is drawn as a letter (`X` as a cross).
pub fn diagram_from_snapshot(snap: &DiagramSnapshot) -> Diagram {
    let mut d = Diagram::from_setup(&snap.setup);
    let shown = match snap.point.numbers.unwrap_or(Numbers::All) {
        Numbers::None => None,
        Numbers::All => Some((1, u32::MAX)),
        Numbers::Range(a, b) => Some((a, b)),
        Numbers::SinceLast => Some((snap.previous_ply + 1, snap.ply)),
    };
    // `restart=yes` numbers the shown moves from 1 instead of their real numbers.
    let restart = option(snap, "restart").is_some_and(|v| {
        ["yes", "true", "1"]
            .iter()
            .any(|y| v.eq_ignore_ascii_case(y))
    });
    if let Some((first, last)) = shown {
        for (&hole, &ply) in &snap.move_numbers {
            if (first..=last).contains(&ply) {
                let n = if restart { ply - first + 1 } else { ply };
                d.label(hole, n.to_string());
            }
        }
    }
    if let Some(last) = &snap.last_move
        && let Move::Place(p) = &last.mv
        && d.pegs.contains_key(&p.hole)
    {
        d.last_move(Some(p.hole));
    }
    for mark in &snap.marks {
        match &mark.kind {
            MarkKind::Label { hole, text } => {
                if d.pegs.contains_key(hole) {
                    d.label(*hole, text.clone());
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
            MarkKind::NewLink(l) => {
                d.mark(Mark::NewLink(*l));
            }
            MarkKind::RemovedLink(l) => {
                d.mark(Mark::RemovedLink(*l));
            }
        }
    }
    if let Some((a, b)) = snap.point.crop {
        d.crop(Crop::new(a, b));
    }
    // A `translation` option becomes a second paragraph of the caption.
    let translation = option(snap, "translation");
    match (&snap.point.caption, translation) {
        (Some(c), Some(t)) => d.caption(format!("{c}\n{t}")),
        (Some(c), None) => d.caption(c.clone()),
        (None, Some(t)) => d.caption(t.to_string()),
        (None, None) => &mut d,
    };
    d
}

/// The value of a diagram option twixtkit keeps as free text.
pub(crate) fn option<'a>(snap: &'a DiagramSnapshot, name: &str) -> Option<&'a str> {
    snap.point
        .extra
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{ReplayOptions, replay_game};
    use crate::script::parse;

    fn diagrams(src: &str) -> Vec<Diagram> {
        let parsed = parse(src);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        let rep = replay_game(&parsed.file.games[0], &ReplayOptions::default()).unwrap();
        assert!(rep.errors().next().is_none(), "{:?}", rep.issues);
        rep.diagrams.iter().map(diagram_from_snapshot).collect()
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

    #[test]
    fn numbers_since_the_last_diagram_real_or_restarted() {
        let ds = diagrams(
            "[Rules \"pencil\"]\n[Size \"12\"]\n\n1. c3 2. j4 3. e8\n#diagram name=a numbers=since-last\n4. h9 5. f3\n#diagram name=b numbers=since-last\n#diagram name=c numbers=since-last restart=yes\n6. k6\n#diagram name=d numbers=4-6 restart=yes\n",
        );
        let h = |s: &str| s.parse().unwrap();
        let labels = |d: &Diagram| {
            let mut v: Vec<(String, String)> = d
                .labels
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(ds[0].labels.len(), 3);
        // Moves 4 and 5 only: the first diagram showed 1 to 3.
        assert_eq!(ds[1].labels[&h("h9")], "4");
        assert_eq!(ds[1].labels[&h("f3")], "5");
        assert_eq!(ds[1].labels.len(), 2);
        // Right after another diagram at the same ply: no new moves.
        assert!(ds[2].labels.is_empty(), "{:?}", labels(&ds[2]));
        // Moves 4 to 6 numbered 1 to 3.
        assert_eq!(
            labels(&ds[3]),
            vec![
                ("f3".into(), "2".into()),
                ("h9".into(), "1".into()),
                ("k6".into(), "3".into())
            ]
        );
    }
}
