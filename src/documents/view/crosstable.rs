//! Standings of the games that share an event: a crosstable of who scored
//! what against whom, from the results the replays found (a win is 1, a
//! draw ½; an unfinished game does not count).

use std::collections::BTreeMap;

use super::ViewGame;

/// One event's standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Crosstable {
    /// The event the games share.
    pub event: String,
    /// The players, best first (most points, then by name).
    pub rows: Vec<Standing>,
}

/// A player's line of a crosstable.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The player's name.
    pub name: String,
    /// Points in half points (a draw is 1, a win 2).
    pub halves: u32,
    /// Finished games played.
    pub games: u32,
    /// Half points against each player of [`Crosstable::rows`], in that
    /// order; `None` when they did not meet.
    pub against: Vec<Option<u32>>,
    /// The games (indexes into the games given) against each player of
    /// [`Crosstable::rows`], in the order given.
    pub met: Vec<Vec<usize>>,
}

/// The crosstables of `games`: one per event with at least two finished
/// games between named players, in the order the events first appear.
pub fn crosstables(games: &[ViewGame]) -> Vec<Crosstable> {
    // Per event: (red, black, red's halves) of each finished game.
    let mut order: Vec<&str> = Vec::new();
    let mut results: BTreeMap<&str, Vec<(&str, &str, u32, usize)>> = BTreeMap::new();
    for (i, g) in games.iter().enumerate() {
        let (Some(event), (Some(red), Some(black))) = (&g.event, &g.players) else {
            continue;
        };
        let red_halves = match g.score.as_str() {
            "1-0" => 2,
            "0-1" => 0,
            "½-½" => 1,
            _ => continue,
        };
        let list = results.entry(event.as_str()).or_default();
        if list.is_empty() {
            order.push(event);
        }
        list.push((red.as_str(), black.as_str(), red_halves, i));
    }
    order
        .into_iter()
        .filter_map(|event| table(event, &results[event]))
        .collect()
}

fn table(event: &str, results: &[(&str, &str, u32, usize)]) -> Option<Crosstable> {
    if results.len() < 2 {
        return None;
    }
    // Player → (halves, games, halves against each opponent, the games).
    type Row<'a> = (
        u32,
        u32,
        BTreeMap<&'a str, u32>,
        BTreeMap<&'a str, Vec<usize>>,
    );
    let mut by: BTreeMap<&str, Row> = BTreeMap::new();
    for &(red, black, r, i) in results {
        for (me, other, mine) in [(red, black, r), (black, red, 2 - r)] {
            let e = by.entry(me).or_default();
            e.0 += mine;
            e.1 += 1;
            *e.2.entry(other).or_default() += mine;
            e.3.entry(other).or_default().push(i);
        }
    }
    let mut names: Vec<&str> = by.keys().copied().collect();
    // Stable: names are in order already, so ties stay alphabetical.
    names.sort_by_key(|n| std::cmp::Reverse(by[n].0));
    let rows = names
        .iter()
        .map(|n| {
            let (halves, games, against, met) = &by[n];
            Standing {
                name: n.to_string(),
                halves: *halves,
                games: *games,
                against: names.iter().map(|o| against.get(o).copied()).collect(),
                met: names
                    .iter()
                    .map(|o| met.get(o).cloned().unwrap_or_default())
                    .collect(),
            }
        })
        .collect();
    Some(Crosstable {
        event: event.to_string(),
        rows,
    })
}

/// Half points as a score: `2½`, `½`, `0`.
pub fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::ViewBoard;
    use twixt_core::board::BoardSize;

    fn game(event: &str, red: &str, black: &str, score: &str) -> ViewGame {
        ViewGame {
            title: String::new(),
            players: (Some(red.into()), Some(black.into())),
            event: Some(event.into()),
            date: None,
            link: None,
            puzzle: None,
            facts: Vec::new(),
            result: None,
            score: score.into(),
            board: ViewBoard::Twixt(BoardSize::square(24).unwrap()),
            sides: ["Red", "Black"],
            lines: Vec::new(),
            pieces: Vec::new(),
            figures: Vec::new(),
            words: Default::default(),
        }
    }

    #[test]
    fn scores_add_up_from_the_results() {
        let games = vec![
            game("cup", "ann", "bob", "1-0"),
            game("cup", "bob", "cid", "½-½"),
            game("cup", "cid", "ann", "0-1"),
            game("cup", "bob", "ann", "1-0"),
            game("cup", "cid", "bob", "–"),
            game("other", "x", "y", "1-0"),
        ];
        let t = crosstables(&games);
        assert_eq!(t.len(), 1, "one game is no table");
        let rows = &t[0].rows;
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["ann", "bob", "cid"]);
        assert_eq!(points(rows[0].halves), "2");
        assert_eq!(points(rows[1].halves), "1½");
        assert_eq!(points(rows[2].halves), "½");
        assert_eq!(rows[0].against, vec![None, Some(2), Some(2)]);
        assert_eq!(rows[1].against, vec![Some(2), None, Some(1)]);
        assert_eq!(rows[1].games, 3);
        // Each cell knows its games: ann and bob met in games 0 and 3.
        assert_eq!(rows[0].met[1], vec![0, 3]);
    }
}
