//! From a script's diagram point to a [`Diagram`]: the replayed position,
//! its move numbers and last move, the marks written at that point, and the
//! caption (with the `translation` option as a second paragraph).

use crate::moves::Move;
use crate::replay::DiagramSnapshot;
use crate::script::{MarkKind, Numbers, Target};

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
    };
    if let Some((first, last)) = shown {
        for (&hole, &ply) in &snap.move_numbers {
            if (first..=last).contains(&ply) {
                d.label(hole, ply.to_string());
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
        }
    }
    if let Some((a, b)) = snap.point.crop {
        d.crop(Crop::new(a, b));
    }
    // A `translation` option becomes a second paragraph of the caption.
    let translation = snap
        .point
        .extra
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("translation"))
        .map(|(_, v)| v.as_str());
    match (&snap.point.caption, translation) {
        (Some(c), Some(t)) => d.caption(format!("{c}\n{t}")),
        (Some(c), None) => d.caption(c.clone()),
        (None, Some(t)) => d.caption(t.to_string()),
        (None, None) => &mut d,
    };
    d
}
