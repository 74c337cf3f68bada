//! Little Golem's event codes as words: `twixt.ch.23.1.1` is the
//! site's championship 23, group 1.1. The code names the game, the board
//! (`DEFAULT` or `SIZE30`), the kind of event (`ch` a championship, `mc` a
//! monthly tournament with its year and month, `ld` the ladder) and, for
//! tournaments, the group (`1.2`), as the site's records show them
//! (`twixt.DEFAULT.mc.2020.dec.1.2`, `twixt.ld.SIZE30`). Only what the code says is said; a code
//! of another shape is no subtitle.

/// The event a Little Golem code names, in words: "Little Golem monthly
/// tournament, December 2020, group 1.2"; `None` for anything else
/// (`null`, `twixt`, a code of a shape not known here, a free text).
pub fn event_words(code: &str) -> Option<String> {
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
    let mut words = match rest.as_slice() {
        ["ch", edition, league, group] => {
            let (e, l, g) = (number(edition)?, number(league)?, number(group)?);
            format!("Little Golem championship {e}, group {l}.{g}")
        }
        ["mc", year, month, league, group] => {
            let y = number(year).filter(|y| (1990..=2999).contains(y))?;
            let m = month_name(month)?;
            let (l, g) = (number(league)?, number(group)?);
            format!("Little Golem monthly tournament, {m} {y}, group {l}.{g}")
        }
        ["ld"] => "Little Golem ladder".to_string(),
        _ => return None,
    };
    if let Some(n) = board {
        words.push_str(&format!(", {n}×{n} board"));
    }
    Some(words)
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// "December" for `dec`.
fn month_name(m: &str) -> Option<&'static str> {
    const MONTHS: [(&str, &str); 12] = [
        ("jan", "January"),
        ("feb", "February"),
        ("mar", "March"),
        ("apr", "April"),
        ("may", "May"),
        ("jun", "June"),
        ("jul", "July"),
        ("aug", "August"),
        ("sep", "September"),
        ("oct", "October"),
        ("nov", "November"),
        ("dec", "December"),
    ];
    MONTHS
        .iter()
        .find(|(short, _)| short.eq_ignore_ascii_case(m))
        .map(|(_, long)| *long)
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
