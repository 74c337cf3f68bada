//! A tournament booklet: its games grouped by event and round (from the
//! records' `[Event]` and `[Round]` headers), and a standings table per
//! event, as a club bulletin prints them. A win is 1 point, a draw ½; an
//! unfinished game (no result the replay found or the header declares)
//! scores nothing and is not counted as played.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::Chapter;
use crate::messages::Messages;

/// The catalogue keys of a standings table's columns, in order.
pub const COLUMNS: [&str; 6] = [
    "standings-player",
    "standings-played",
    "standings-won",
    "standings-drawn",
    "standings-lost",
    "standings-points",
];

/// A game's place in a tournament and its outcome.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairing {
    /// The `[Event]` header.
    pub event: String,
    /// The `[Round]` header, as written ("3", "2.1").
    pub round: Option<String>,
    /// The `[Red]` player.
    pub red: Option<String>,
    /// The `[Black]` player.
    pub black: Option<String>,
    /// How the game ended.
    pub outcome: Outcome,
}

/// How a game ended, for the standings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Outcome {
    /// Red won (by connection, resignation or the header's word).
    RedWon,
    /// Black won.
    BlackWon,
    /// A draw of any kind: agreed, dead, no moves left, or declared.
    Draw,
    /// No result: the game scores nothing.
    #[default]
    Unfinished,
}

/// One player's line of an event's standings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// The player's name, as the headers write it.
    pub player: String,
    /// Finished games.
    pub played: u32,
    /// Games won.
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games lost.
    pub lost: u32,
}

impl Standing {
    /// Points in half points: a win 2, a draw 1.
    pub fn halves(&self) -> u32 {
        2 * self.won + self.drawn
    }

    /// The points as a bulletin prints them: `2½`, `½`, `0`.
    pub fn points(&self) -> String {
        let h = self.halves();
        match (h / 2, h % 2) {
            (0, 1) => "½".to_string(),
            (n, 1) => format!("{n}½"),
            (n, _) => n.to_string(),
        }
    }
}

/// The standings of an event's games: every named player, most points
/// first, then most wins, then by name.
pub fn standings<'a>(games: impl IntoIterator<Item = &'a Pairing>) -> Vec<Standing> {
    let mut by: BTreeMap<&str, Standing> = BTreeMap::new();
    for g in games {
        let (Some(red), Some(black)) = (g.red.as_deref(), g.black.as_deref()) else {
            continue;
        };
        for name in [red, black] {
            by.entry(name).or_insert_with(|| Standing {
                player: name.to_string(),
                ..Standing::default()
            });
        }
        let (winner, loser) = match g.outcome {
            Outcome::RedWon => (red, black),
            Outcome::BlackWon => (black, red),
            Outcome::Draw => {
                for name in [red, black] {
                    let s = by.get_mut(name).expect("entered above");
                    s.played += 1;
                    s.drawn += 1;
                }
                continue;
            }
            Outcome::Unfinished => continue,
        };
        let w = by.get_mut(winner).expect("entered above");
        w.played += 1;
        w.won += 1;
        let l = by.get_mut(loser).expect("entered above");
        l.played += 1;
        l.lost += 1;
    }
    let mut rows: Vec<Standing> = by.into_values().collect();
    rows.sort_by(|a, b| {
        b.halves()
            .cmp(&a.halves())
            .then(b.won.cmp(&a.won))
            .then_with(|| a.player.cmp(&b.player))
    });
    rows
}

/// Orders rounds as people number them: `2` before `10`, `2.1` before
/// `2.2`; a game without a round after those with one.
fn by_round(a: Option<&str>, b: Option<&str>) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => natural_order(a, b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// `a` before `b` as a reader counts: runs of digits compared as numbers
/// (`p2` before `p10`), the rest as text.
pub fn natural_order(a: &str, b: &str) -> Ordering {
    fn runs(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for i in 1..=bytes.len() {
            let boundary =
                i == bytes.len() || bytes[i].is_ascii_digit() != bytes[i - 1].is_ascii_digit();
            if boundary {
                out.push((bytes[start].is_ascii_digit(), &s[start..i]));
                start = i;
            }
        }
        out
    }
    let (ra, rb) = (runs(a), runs(b));
    for (x, y) in ra.iter().zip(&rb) {
        let o = match (x, y) {
            ((true, x), (true, y)) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                x.len().cmp(&y.len()).then_with(|| x.cmp(y))
            }
            ((_, x), (_, y)) => x.cmp(y),
        };
        if o.is_ne() {
            return o;
        }
    }
    ra.len().cmp(&rb.len()).then_with(|| a.cmp(b))
}

/// A booklet's games grouped: each event of two games or more (in the
/// order it first appears) gets a chapter of its own, its title the event
/// and its standings the table, followed by its games in round order (a
/// game keeps its place among games of its round); the other games come
/// first, as they were, their pairing taken off.
pub fn group(chapters: Vec<Chapter>) -> Vec<Chapter> {
    // An event of one game is no tournament: that game stays loose.
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for p in chapters.iter().filter_map(|c| c.pairing.as_ref()) {
        *counts.entry(p.event.clone()).or_default() += 1;
    }
    let mut loose = Vec::new();
    let mut events: Vec<(String, Vec<Chapter>)> = Vec::new();
    for mut c in chapters {
        let Some(event) = c.pairing.as_ref().map(|p| p.event.clone()) else {
            loose.push(c);
            continue;
        };
        if counts[&event] < 2 {
            c.pairing = None;
            loose.push(c);
            continue;
        }
        match events.iter_mut().find(|(e, _)| *e == event) {
            Some((_, games)) => games.push(c),
            None => events.push((event, vec![c])),
        }
    }
    let mut out = loose;
    for (event, mut games) in events {
        // Stable: a round's games keep their order.
        games.sort_by(|a, b| {
            let round = |c: &Chapter| c.pairing.as_ref().and_then(|p| p.round.clone());
            by_round(round(a).as_deref(), round(b).as_deref())
        });
        let messages: Messages = games[0].messages.clone();
        let table = standings(games.iter().filter_map(|c| c.pairing.as_ref()));
        out.push(Chapter {
            title: event,
            language: games[0].language.clone(),
            messages,
            standings: Some(table),
            ..Chapter::default()
        });
        out.extend(games);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(event: &str, round: &str, red: &str, black: &str, outcome: Outcome) -> Chapter {
        Chapter {
            title: format!("{red} – {black}"),
            pairing: Some(Pairing {
                event: event.into(),
                round: (!round.is_empty()).then(|| round.into()),
                red: Some(red.into()),
                black: Some(black.into()),
                outcome,
            }),
            ..Chapter::default()
        }
    }

    #[test]
    fn a_win_is_one_point_a_draw_a_half_and_an_unfinished_game_nothing() {
        let games = [
            game("cup", "1", "ann", "bob", Outcome::RedWon),
            game("cup", "1", "cid", "dan", Outcome::Draw),
            game("cup", "2", "bob", "cid", Outcome::BlackWon),
            game("cup", "2", "dan", "ann", Outcome::Unfinished),
        ];
        let table = standings(games.iter().filter_map(|c| c.pairing.as_ref()));
        let rows: Vec<(&str, String, u32)> = table
            .iter()
            .map(|s| (s.player.as_str(), s.points(), s.played))
            .collect();
        assert_eq!(
            rows,
            [
                ("cid", "1½".to_string(), 2),
                ("ann", "1".to_string(), 1),
                ("dan", "½".to_string(), 1),
                ("bob", "0".to_string(), 2),
            ]
        );
    }

    #[test]
    fn games_are_grouped_by_event_then_round_in_natural_order() {
        let chapters = vec![
            game("spring", "10", "a", "b", Outcome::RedWon),
            game("autumn", "1", "c", "d", Outcome::Draw),
            game("spring", "2", "b", "a", Outcome::BlackWon),
            game("spring", "", "a", "c", Outcome::RedWon),
            game("alone", "1", "e", "f", Outcome::RedWon),
            game("autumn", "1", "e", "c", Outcome::BlackWon),
            Chapter {
                title: "loose".into(),
                ..Chapter::default()
            },
        ];
        let titles: Vec<String> = group(chapters).iter().map(|c| c.title.clone()).collect();
        assert_eq!(
            titles,
            [
                "e – f", "loose", "spring", "b – a", "a – b", "a – c", "autumn", "c – d", "e – c"
            ]
        );
    }
}
