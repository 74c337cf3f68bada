//! Little Golem's event codes as words: `twixt.ch.23.1.1` is the
//! site's championship 23, group 1.1. The code names the game, the board
//! (`DEFAULT` or `SIZE30`), the kind of event (`ch` a championship, `mc` a
//! monthly tournament with its year and month, `ld` the ladder) and, for
//! tournaments, the group (`1.2`), as the site's records show them
//! (`twixt.DEFAULT.mc.2020.dec.1.2`, `twixt.ld.SIZE30`). Only what the code says is said; a code
//! of another shape is no subtitle.

use crate::messages::Messages;

/// The event a Little Golem code names, in English words: "Little Golem
/// monthly tournament, December 2020, group 1.2"; `None` for anything else
/// (`null`, `twixt`, a code of a shape not known here, a free text).
pub fn event_words(code: &str) -> Option<String> {
    event_words_in(code, &Messages::default())
}

/// The event a Little Golem code names, in `msgs`' words ("Tournoi mensuel
/// de Little Golem, décembre 2020, groupe 1.2"); `None` as for
/// [`event_words`].
pub fn event_words_in(code: &str, msgs: &Messages) -> Option<String> {
    let mut parts = code.trim().split('.');
    if !parts.next()?.eq_ignore_ascii_case("twixt") {
        return None;
    }
    // The board, before the kind (`twixt.DEFAULT.mc…`) or after it
    // (`twixt.ld.SIZE30`): DEFAULT (24×24, said by nothing) or SIZEn.
    let mut board = None;
    let mut boards = 0;
    let mut rest = Vec::new();
    for part in parts {
        if part.eq_ignore_ascii_case("default") {
            boards += 1;
        } else if let Some(n) = strip_prefix_ignore_case(part, "size") {
            board = Some(n.parse::<u16>().ok().filter(|n| (5..=99).contains(n))?);
            boards += 1;
        } else {
            rest.push(part);
        }
    }
    if boards > 1 {
        return None;
    }
    let number = |s: &str| -> Option<u32> {
        (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let words = match rest.as_slice() {
        ["ch", edition, league, group] => {
            let (e, l, g) = (number(edition)?, number(league)?, number(group)?);
            msgs.fill(
                "lg-championship",
                &[("edition", &e.to_string()), ("group", &format!("{l}.{g}"))],
            )
        }
        ["mc", year, month, league, group] => {
            let y = number(year).filter(|y| (1990..=2999).contains(y))?;
            let m = msgs.get(month_key(month)?);
            let (l, g) = (number(league)?, number(group)?);
            msgs.fill(
                "lg-monthly",
                &[
                    ("month", m),
                    ("year", &y.to_string()),
                    ("group", &format!("{l}.{g}")),
                ],
            )
        }
        ["ld"] => msgs.get("lg-ladder").to_string(),
        _ => return None,
    };
    Some(match board {
        Some(n) => msgs.fill(
            "lg-board",
            &[("event", &words), ("size", &format!("{n}×{n}"))],
        ),
        None => words,
    })
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// The catalogue key of a month's name: `month-12` for `dec`.
fn month_key(m: &str) -> Option<&'static str> {
    const MONTHS: [(&str, &str); 12] = [
        ("jan", "month-1"),
        ("feb", "month-2"),
        ("mar", "month-3"),
        ("apr", "month-4"),
        ("may", "month-5"),
        ("jun", "month-6"),
        ("jul", "month-7"),
        ("aug", "month-8"),
        ("sep", "month-9"),
        ("oct", "month-10"),
        ("nov", "month-11"),
        ("dec", "month-12"),
    ];
    MONTHS
        .iter()
        .find(|(short, _)| short.eq_ignore_ascii_case(m))
        .map(|(_, key)| *key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_of_real_records_read_as_words() {
        assert_eq!(
            event_words("twixt.DEFAULT.mc.2020.dec.1.2").as_deref(),
            Some("Little Golem monthly tournament, December 2020, group 1.2")
        );
        assert_eq!(
            event_words("twixt.ch.59.3.1").as_deref(),
            Some("Little Golem championship 59, group 3.1")
        );
        assert_eq!(
            event_words("twixt.ld.SIZE30").as_deref(),
            Some("Little Golem ladder, 30×30 board")
        );
        assert_eq!(
            event_words("twixt.ld.DEFAULT").as_deref(),
            Some("Little Golem ladder")
        );
        assert_eq!(
            event_words("twixt.ch.23.1.1").as_deref(),
            Some("Little Golem championship 23, group 1.1")
        );
    }

    #[test]
    fn the_codes_read_in_the_book_s_language() {
        let fr = Messages::for_language("fr");
        assert_eq!(
            event_words_in("twixt.DEFAULT.mc.2020.dec.1.2", &fr).as_deref(),
            Some("Tournoi mensuel de Little Golem, décembre 2020, groupe 1.2")
        );
        let de = Messages::for_language("de");
        assert_eq!(
            event_words_in("twixt.ld.SIZE30", &de).as_deref(),
            Some("Rangliste von Little Golem, Brett 30×30")
        );
    }

    #[test]
    fn anything_else_is_no_subtitle() {
        for code in [
            "null",
            "twixt",
            "Règle Dujardin",
            "twixt.ch.23.1",
            "twixt.mc.2020.dex.1.2",
            "twixt.ch.x.1.1",
            "hex.ch.23.1.1",
            "twixt.SIZE1000.ld",
            "twixt.DEFAULT.SIZE30.ld",
            "",
        ] {
            assert_eq!(event_words(code), None, "{code}");
        }
    }
}
