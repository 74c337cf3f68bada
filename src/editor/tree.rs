//! Places in a game's move tree, and the tree's shape changes (a new
//! variation, promotion, deletion) that keep every other node as written.
//!
//! A [`NodePath`] names a move: the index of an element in the main line,
//! then, for each variation entered, the index of the variation element in
//! its line followed by the index inside it. The empty path is the start of
//! the game, before the first move. A variation `( … )` is an alternative to
//! the move just before it in its line, so entering one replaces that move.

use crate::script::{Element, Line, MoveNode, Notation};

/// A move of the tree (see the module's note); empty for the game's start.
pub type NodePath = Vec<usize>;

/// The line that holds the last step of `path` (the main line for a path
/// of one step), if every step before it names a variation.
pub fn line_of<'a, N: Notation>(root: &'a Line<N>, path: &[usize]) -> Option<&'a Line<N>> {
    let mut line = root;
    for &i in path.iter().take(path.len().saturating_sub(1)) {
        match line.elements.get(i)? {
            Element::Variation(v) => line = v,
            _ => return None,
        }
    }
    Some(line)
}

/// As [`line_of`], to change it.
pub fn line_of_mut<'a, N: Notation>(
    root: &'a mut Line<N>,
    path: &[usize],
) -> Option<&'a mut Line<N>> {
    let mut line = root;
    for &i in path.iter().take(path.len().saturating_sub(1)) {
        match line.elements.get_mut(i)? {
            Element::Variation(v) => line = v,
            _ => return None,
        }
    }
    Some(line)
}

/// The move `path` names, if it names one.
pub fn move_at<'a, N: Notation>(
    root: &'a Line<N>,
    path: &[usize],
) -> Option<&'a MoveNode<N::Move>> {
    match line_of(root, path)?.elements.get(*path.last()?)? {
        Element::Move(m) => Some(m),
        _ => None,
    }
}

/// True when `path` names the start or a move of the tree.
pub fn is_node<N: Notation>(root: &Line<N>, path: &[usize]) -> bool {
    path.is_empty() || move_at(root, path).is_some()
}

/// The paths of the moves played from the start to reach `path`, in order,
/// `path` itself last (empty for the start).
pub fn played_paths<N: Notation>(root: &Line<N>, path: &[usize]) -> Vec<NodePath> {
    let mut out: Vec<NodePath> = Vec::new();
    let mut line = root;
    let mut prefix: NodePath = Vec::new();
    for (k, &step) in path.iter().enumerate() {
        let last = k + 1 == path.len();
        // The moves before this step; entering a variation replaces the move
        // just before it, so that one is left out.
        let mut before: Vec<usize> = line.elements[..step.min(line.elements.len())]
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Element::Move(_)))
            .map(|(i, _)| i)
            .collect();
        if !last {
            before.pop();
        }
        for i in before {
            out.push(with(&prefix, i));
        }
        if last {
            out.push(with(&prefix, step));
        } else {
            match line.elements.get(step) {
                Some(Element::Variation(v)) => line = v,
                _ => break,
            }
            prefix.push(step);
        }
    }
    out
}

fn with(prefix: &[usize], i: usize) -> NodePath {
    let mut p = prefix.to_vec();
    p.push(i);
    p
}

/// Index of the first move in `line` after index `after` (from the start
/// when `after` is `None`).
pub fn next_move_index<N: Notation>(line: &Line<N>, after: Option<usize>) -> Option<usize> {
    let from = after.map_or(0, |i| i + 1);
    (from..line.elements.len()).find(|&i| matches!(line.elements[i], Element::Move(_)))
}

/// Index of the first move inside a variation line.
pub fn first_move_index<N: Notation>(line: &Line<N>) -> Option<usize> {
    next_move_index(line, None)
}

/// The annotation block after the move at `at` (before the first move when
/// `None`): the indices up to the next move.
pub fn block<N: Notation>(line: &Line<N>, at: Option<usize>) -> std::ops::Range<usize> {
    let start = at.map_or(0, |i| i + 1);
    let end = next_move_index(line, at).unwrap_or(line.elements.len());
    start..end.max(start)
}

/// Puts `node` after the move at `cursor`: onto the move already there
/// when it is the same (the next move, or the first of a variation of it),
/// else at the end of the line, else as a new variation of the next move.
/// Returns the node's path, or `None` when `cursor` names no node.
pub fn add_move<N: Notation>(
    root: &mut Line<N>,
    cursor: &[usize],
    node: MoveNode<N::Move>,
) -> Option<NodePath>
where
    N::Move: PartialEq,
{
    let line = line_of_mut(root, cursor)?;
    let mut base = cursor.to_vec();
    let at = base.pop();
    let Some(n) = next_move_index(line, at) else {
        line.elements.push(Element::Move(node));
        return Some(with(&base, line.elements.len() - 1));
    };
    let same = |e: &Element<N>| matches!(e, Element::Move(m) if m.mv == node.mv);
    if same(&line.elements[n]) {
        return Some(with(&base, n));
    }
    let blk = block(line, Some(n));
    let found = blk.clone().find_map(|i| match &line.elements[i] {
        Element::Variation(v) => first_move_index(v)
            .filter(|&f| same(&v.elements[f]))
            .map(|f| (i, f)),
        _ => None,
    });
    let (i, f) = match found {
        Some(found) => found,
        None => {
            line.elements.insert(
                blk.end,
                Element::Variation(Line {
                    elements: vec![Element::Move(node)],
                }),
            );
            (blk.end, 0)
        }
    };
    let mut p = with(&base, i);
    p.push(f);
    Some(p)
}

/// The move played after `path` on its own line, if any.
pub fn next<N: Notation>(root: &Line<N>, path: &[usize]) -> Option<NodePath> {
    let line = line_of(root, path)?;
    let i = next_move_index(line, path.last().copied())?;
    let mut p = path.to_vec();
    match p.last_mut() {
        Some(last) => *last = i,
        None => p.push(i),
    }
    Some(p)
}

/// The move played before `path` (the start for the first move).
pub fn previous<N: Notation>(root: &Line<N>, path: &[usize]) -> Option<NodePath> {
    if path.is_empty() {
        return None;
    }
    let mut played = played_paths(root, path);
    played.pop();
    Some(played.pop().unwrap_or_default())
}

/// The last move of the line that `path` is on, following it to its end.
pub fn end_of_line<N: Notation>(root: &Line<N>, path: &[usize]) -> NodePath {
    let mut p = path.to_vec();
    while let Some(n) = next(root, &p) {
        p = n;
    }
    p
}

/// The last move of every line of the tree: the main line's and each
/// variation's, at any depth. Replaying to each one plays every move once.
pub fn line_ends<N: Notation>(root: &Line<N>) -> Vec<NodePath> {
    fn walk<N: Notation>(line: &Line<N>, prefix: &mut NodePath, out: &mut Vec<NodePath>) {
        let last = (0..line.elements.len())
            .rev()
            .find(|&i| matches!(line.elements[i], Element::Move(_)));
        if let Some(i) = last {
            out.push(with(prefix, i));
        }
        for (i, e) in line.elements.iter().enumerate() {
            if let Element::Variation(v) = e {
                prefix.push(i);
                walk(v, prefix, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut Vec::new(), &mut out);
    out
}

/// The alternatives at `path`'s move: the move it replaces or is replaced
/// by and the first move of each variation of it, in written order.
pub fn alternatives<N: Notation>(root: &Line<N>, path: &[usize]) -> Vec<NodePath> {
    if path.is_empty() {
        return Vec::new();
    }
    // The main move of the group: for the first move of a variation, the
    // move that variation replaces.
    let mut main = path.to_vec();
    if path.len() >= 2
        && let Some(line) = line_of(root, path)
        && first_move_index(line) == path.last().copied()
    {
        let parent = &path[..path.len() - 1];
        let v = *parent.last().unwrap_or(&0);
        if let Some(parent_line) = line_of(root, parent) {
            let owner = (0..v)
                .rev()
                .find(|&i| matches!(parent_line.elements[i], Element::Move(_)));
            if let Some(o) = owner {
                main = parent.to_vec();
                *main.last_mut().unwrap() = o;
            }
        }
    }
    let Some(line) = line_of(root, &main) else {
        return vec![path.to_vec()];
    };
    let at = *main.last().unwrap();
    let mut out = vec![main.clone()];
    for i in block(line, Some(at)) {
        if let Element::Variation(v) = &line.elements[i]
            && let Some(f) = first_move_index(v)
        {
            let mut p = main.clone();
            *p.last_mut().unwrap() = i;
            p.push(f);
            out.push(p);
        }
    }
    out
}

/// Where a moved node ends up when a promotion rewrites its line: see
/// [`promote`].
pub struct Promoted {
    /// The path of the same move after the promotion.
    pub path: NodePath,
}

/// Promotes the variation holding `path`'s move one level: its moves take
/// the place of the moves they were an alternative to, which become a
/// variation of them. Every annotation and every other variation is kept.
/// `None` when the move is on the main line.
pub fn promote<N: Notation>(root: &mut Line<N>, path: &[usize]) -> Option<Promoted> {
    if path.len() < 2 {
        return None;
    }
    let k = path[path.len() - 1];
    let v = path[path.len() - 2];
    let parent_path = &path[..path.len() - 1];
    let parent = line_of_mut(root, parent_path)?;
    // The move the variation replaces: the last move before it.
    let m = (0..v)
        .rev()
        .find(|&i| matches!(parent.elements[i], Element::Move(_)))?;
    let Element::Variation(var) = parent.elements.get(v)?.clone() else {
        return None;
    };
    let first = first_move_index(&var)?;
    let var_block_end = block(&var, Some(first)).end;
    // The old line from the replaced move: the move, its own annotations,
    // then everything after its block of variations.
    let old_block = block(parent, Some(m));
    let tail: Vec<Element<N>> = parent.elements.drain(m..).collect();
    let mut old_move_line = Vec::new();
    let mut other_variations = Vec::new();
    for (j, e) in tail.into_iter().enumerate() {
        let idx = m + j;
        if idx == v {
            continue;
        }
        let in_block = old_block.contains(&idx);
        match e {
            Element::Variation(_) if in_block => other_variations.push(e),
            e => old_move_line.push(e),
        }
    }
    let head_len = var_block_end; // the variation's first move and its block
    let mut new_elements: Vec<Element<N>> = Vec::new();
    let mut var_elements = var.elements;
    let rest = var_elements.split_off(head_len.min(var_elements.len()));
    new_elements.extend(var_elements);
    let inserted = 1 + other_variations.len();
    new_elements.push(Element::Variation(Line {
        elements: old_move_line,
    }));
    new_elements.extend(other_variations);
    new_elements.extend(rest);
    parent.elements.extend(new_elements);
    // Indices in the variation before `first` (comments ahead of its first
    // move) move up by `m - 0`; the head keeps its order; the rest shifts by
    // the inserted variations.
    let shift = |i: usize| {
        if i < head_len {
            m + i
        } else {
            m + i + inserted
        }
    };
    let mut new_path = parent_path[..parent_path.len() - 1].to_vec();
    new_path.push(shift(k));
    Some(Promoted { path: new_path })
}

/// Deletes `path`'s move and every move after it on its line; a variation
/// whose first move it is goes whole. The path of the move before is
/// returned.
pub fn delete_from<N: Notation>(root: &mut Line<N>, path: &[usize]) -> Option<NodePath> {
    if path.is_empty() {
        return None;
    }
    let before = previous(root, path)?;
    let i = *path.last()?;
    let line = line_of(root, path)?;
    let is_first = first_move_index(line) == Some(i);
    if is_first && path.len() >= 2 {
        let parent_path = &path[..path.len() - 1];
        let v = *parent_path.last()?;
        line_of_mut(root, parent_path)?.elements.remove(v);
    } else {
        line_of_mut(root, path)?.elements.truncate(i);
    }
    Some(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{parse, write_game};

    fn game(text: &str) -> crate::script::Game {
        let p = parse(text);
        assert!(p.errors.is_empty(), "{:?}", p.errors);
        p.file.games.into_iter().next().unwrap()
    }

    #[test]
    fn played_paths_leave_out_the_replaced_move() {
        let g = game("1. f6 2. m12 (2. l11 3. g8) 3. h9\n");
        // 1. f6 is index 0, 2. m12 index 1, the variation index 2.
        assert_eq!(
            played_paths(&g.line, &[2, 1]),
            vec![vec![0], vec![2, 0], vec![2, 1]]
        );
        assert_eq!(previous(&g.line, &[2, 0]), Some(vec![0]));
        assert_eq!(next(&g.line, &[1]), Some(vec![3]));
        assert_eq!(alternatives(&g.line, &[2, 0]), vec![vec![1], vec![2, 0]]);
    }

    #[test]
    fn promote_swaps_a_variation_with_its_main_line() {
        let mut g = game("1. f6 2. m12 {main} (2. l11 {alt} 3. g8) 3. h9\n");
        // Comments are elements too: the variation is index 3, 3. g8 index
        // 2 inside it.
        let p = promote(&mut g.line, &[3, 2]).unwrap();
        assert_eq!(
            write_game(&g),
            "1. f6 2. l11 {alt} (2. m12 {main} 3. h9) 3. g8\n"
        );
        assert_eq!(
            crate::script::move_text(&move_at(&g.line, &p.path).unwrap().mv),
            "g8"
        );
    }

    #[test]
    fn delete_a_variation_whole_or_a_line_from_a_move() {
        let mut g = game("1. f6 2. m12 (2. l11 3. g8) 3. h9\n");
        assert_eq!(delete_from(&mut g.line, &[2, 0]), Some(vec![0]));
        assert_eq!(write_game(&g), "1. f6 2. m12 3. h9\n");
        assert_eq!(delete_from(&mut g.line, &[1]), Some(vec![0]));
        assert_eq!(write_game(&g), "1. f6\n");
    }
}

/// A step through the tree, as both games' editors take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    /// To this node.
    Goto(&'a [usize]),
    /// The next move of the line.
    Next,
    /// The move before.
    Previous,
    /// Before the first move.
    Start,
    /// The last move of the line.
    End,
    /// The alternative above (wrapping round).
    Up,
    /// The alternative below (wrapping round).
    Down,
}

/// Where `step` leads from `cursor`: `Ok(None)` where it leads nowhere (at
/// an end, or no alternative), an error for a node the tree does not have.
pub fn navigate<N: Notation>(
    root: &Line<N>,
    cursor: &[usize],
    step: Step<'_>,
) -> Result<Option<NodePath>, &'static str> {
    Ok(match step {
        Step::Goto(path) => {
            if !is_node(root, path) {
                return Err("no such move in the tree");
            }
            Some(path.to_vec())
        }
        Step::Next => next(root, cursor),
        Step::Previous => previous(root, cursor),
        Step::Start => Some(Vec::new()),
        Step::End => Some(end_of_line(root, cursor)),
        Step::Up | Step::Down => {
            let alts = alternatives(root, cursor);
            let at = alts.iter().position(|p| p.as_slice() == cursor);
            match (at, alts.len()) {
                (Some(i), n) if n > 1 => Some(if step == Step::Up {
                    alts[(i + n - 1) % n].clone()
                } else {
                    alts[(i + 1) % n].clone()
                }),
                _ => None,
            }
        }
    })
}
