//! Style and rule-set files are YAML; the reader's messages name parser
//! states ("expected string scalar"). This turns the common ones into what
//! went wrong in the user's file, quoting the text found there.

/// `message` from the YAML reader about `text` at `line`:`column` (from 1),
/// said in the words of someone editing the file.
pub fn in_our_words(message: &str, text: &str, line: usize, column: usize) -> String {
    let found = text
        .lines()
        .nth(line.saturating_sub(1))
        .and_then(|l| l.get(column.saturating_sub(1)..).or(Some(l)))
        .unwrap_or("")
        .trim();
    let quoted: String = found.chars().take(40).collect();
    let m = message.to_ascii_lowercase();
    if m.contains("expected string scalar")
        || m.contains("expected a scalar")
        || m.contains("invalid type: sequence")
        || m.contains("invalid type: map")
    {
        return format!(
            "expected one value (a number, a colour or a name), found {}",
            what_starts(found)
        );
    }
    if m.contains("externally tagged enum")
        || m.contains("unknown variant") && found.starts_with('[')
    {
        return format!(
            "expected one word (`twixt rules pencil` shows each setting's choices), found {}",
            what_starts(found)
        );
    }
    if m.contains("invalid floating point") || m.contains("invalid integer") {
        return format!("expected a number, found `{quoted}`");
    }
    if m.contains("recursion limit") {
        return "lists or groups nested too deep for a style or rule file".to_string();
    }
    if m.contains("mapping values are not allowed") {
        return "a `name: value` line cannot go here: start each setting at the beginning of its \
                line, and quote a value that holds `: `"
            .to_string();
    }
    if m.contains("simple key expected") || m.contains("could not find expected ':'") {
        return format!("expected a `name: value` line, found `{quoted}`");
    }
    if m.contains("expected mapping start") || m.contains("expected struct") {
        return "expected settings as `name: value` lines, one per line".to_string();
    }
    if m.contains("multiline quoted scalar") || m.contains("unexpected end of") {
        return "a quoted value is not closed: end it with the same quote on its line".to_string();
    }
    if m.contains("did not find expected") {
        return format!("a list or group opened here is not closed (`]` or `}}`): {message}");
    }
    // The word, not the letters: "acceptable" holds them too.
    if m.split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w == "tab" || w == "tabs")
    {
        return "indent with spaces: YAML does not allow tabs".to_string();
    }
    if speaks_of_internals(message) {
        return format!("this cannot be read as a setting here: `{quoted}`");
    }
    message.to_string()
}

/// A YAML reader's error about `text`: its line and column (0 when the
/// reader gives none) and what is wrong, in the words of someone editing
/// the file. The error's kind decides the words; its text is read only for
/// the scanner's own messages, and names of the reader's types, options or
/// limits never reach the user.
pub fn explain(e: &serde_saphyr::Error, text: &str) -> (u64, u64, String) {
    let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
    let message =
        kind_in_words(innermost(e), text, line as usize, column as usize).unwrap_or_else(|| {
            // The reader's own message repeats the position and quotes the
            // source; its first line, without them.
            let full = e.to_string();
            let first = full.lines().next().unwrap_or("invalid YAML");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            let first = match first.split_once(": ") {
                Some((at, rest)) if at.starts_with("line ") => rest,
                _ => first,
            };
            in_our_words(first, text, line as usize, column as usize)
        });
    (line, column, message)
}

/// The error itself, out of the wrappers that add a snippet or an alias.
fn innermost(e: &serde_saphyr::Error) -> &serde_saphyr::Error {
    match e {
        serde_saphyr::Error::WithSnippet { error, .. } => innermost(error),
        serde_saphyr::Error::AliasError { error, .. } => innermost(error),
        _ => e,
    }
}

fn kind_in_words(
    e: &serde_saphyr::Error,
    text: &str,
    line: usize,
    column: usize,
) -> Option<String> {
    use serde_saphyr::Error as E;
    use serde_saphyr::budget::BudgetBreach as B;
    let found = found_at(text, line, column);
    Some(match e {
        E::DuplicateMappingKey { key: Some(k), .. } => {
            format!("`{k}` is set a second time here: keep one of the two lines")
        }
        E::DuplicateMappingKey { key: None, .. } => {
            "this setting is given a second time: keep one of the two lines".to_string()
        }
        E::SerdeUnknownField {
            field, expected, ..
        } => {
            let hint = crate::diagnostic::did_you_mean(field, expected)
                .map_or(String::new(), |m| format!(" (did you mean `{m}`?)"));
            format!(
                "unknown setting `{field}`{hint}; the settings are {}",
                expected.join(", ")
            )
        }
        E::SerdeUnknownVariant {
            variant, expected, ..
        } => format!(
            "`{variant}` is not a choice here: expected {}",
            one_of(expected)
        ),
        E::SerdeMissingField { field, .. } => format!("the setting `{field}` is missing"),
        E::SerdeInvalidType {
            unexpected,
            expected,
            ..
        }
        | E::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => format!(
            "expected {}, found {}",
            expected_words(expected),
            number_written(unexpected, text, line, column)
                .unwrap_or_else(|| found_words(unexpected))
        ),
        E::InvalidScalar { ty, .. } => {
            format!("expected {}, found `{found}`", expected_words(ty))
        }
        E::MultipleDocuments { .. } => {
            "a second document starts here, after a `---` line: a style or rule file holds one"
                .to_string()
        }
        E::Budget { breach, .. } => {
            let what = match breach {
                B::Depth { .. } => "lists or groups nested too deep".to_string(),
                B::Aliases { .. } | B::Anchors { .. } | B::AliasAnchorRatio { .. } => {
                    "too many `&` anchors or `*` references".to_string()
                }
                B::Nodes { nodes } => format!("more than {} values", nodes.saturating_sub(1)),
                _ => "too large".to_string(),
            };
            format!("the file holds {what}; a style or rule file needs a few dozen settings")
        }
        _ => return None,
    })
}

/// The text at `line`:`column` up to the end of its line, at most 40
/// characters, control characters made printable.
fn found_at(text: &str, line: usize, column: usize) -> String {
    let rest = text
        .lines()
        .nth(line.saturating_sub(1))
        .map(|l| {
            let skip = column.saturating_sub(1);
            l.char_indices().nth(skip).map_or("", |(i, _)| &l[i..])
        })
        .unwrap_or("")
        .trim();
    crate::diagnostic::printable(&rest.chars().take(40).collect::<String>())
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(words: &[&str]) -> String {
    match words {
        [] => "nothing".to_string(),
        [one] => format!("`{one}`"),
        [rest @ .., last] => format!(
            "{} or `{last}`",
            rest.iter()
                .map(|w| format!("`{w}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// What the reader expected, in words: its type names become kinds of value.
fn expected_words(expected: &str) -> String {
    let e = expected.trim();
    let whole = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    if whole.contains(&e) {
        return "a whole number".to_string();
    }
    if e.contains("f32") || e.contains("f64") || e.contains("float") {
        return "a number".to_string();
    }
    if e.contains("bool") {
        return "true or false".to_string();
    }
    if e.starts_with("struct") || e.contains("map") {
        return "settings as `name: value` lines".to_string();
    }
    if e.contains("string") || e.contains("str") {
        return "one value (a word, a colour or quoted text)".to_string();
    }
    if speaks_of_internals(e) {
        return "another kind of value".to_string();
    }
    e.to_string()
}

/// What the reader found, in words.
fn found_words(unexpected: &str) -> String {
    let u = unexpected.trim();
    if u.starts_with("sequence") {
        return "a list".to_string();
    }
    if u.starts_with("map") {
        return "nested settings".to_string();
    }
    if u.starts_with("unit") || u == "null" {
        return "nothing".to_string();
    }
    // `integer `3``, `boolean `true``, `string "x"`: the value itself.
    match u.find(['`', '"']) {
        Some(i) => crate::diagnostic::printable(&u[i..]),
        None => crate::diagnostic::printable(u),
    }
}

/// A number as the file writes it, when the reader's `unexpected` value is
/// one: the reader prints a number it could not fit as a float
/// (`1000000000000000000000000000.0`), which the file never said. The
/// position may be the setting's name or its value.
fn number_written(unexpected: &str, text: &str, line: usize, column: usize) -> Option<String> {
    let u = unexpected.trim_start();
    if !(u.starts_with("floating point") || u.starts_with("integer")) {
        return None;
    }
    let at = text
        .lines()
        .nth(line.checked_sub(1)?)?
        .get(column.saturating_sub(1)..)?;
    let value = at.split_once(": ").map_or(at, |(_, v)| v);
    let value = value.split(" #").next()?.trim();
    let number = !value.is_empty()
        && value.len() <= 40
        && value
            .chars()
            .all(|c| c.is_ascii_digit() || "+-._eE".contains(c));
    number.then(|| format!("`{value}`"))
}

/// Whether a message names the reader's own types, options or limits,
/// which mean nothing to someone editing the file.
fn speaks_of_internals(message: &str) -> bool {
    [
        "enum ",
        "Repr",
        "from_str",
        "Options",
        "Policy",
        "budget",
        "Budget",
        "struct ",
        "variant of",
    ]
    .iter()
    .any(|w| message.contains(w))
}

/// What a value starting with `found` is, in words.
fn what_starts(found: &str) -> &'static str {
    match found.chars().next() {
        Some('[') | Some('-') => "a list",
        Some('{') => "a group of settings",
        None => "nothing (or settings indented below)",
        _ => "nested settings",
    }
}

#[cfg(test)]
mod tests {
    use super::{explain, in_our_words};

    /// What a reader of a style or rule file meets, never the YAML
    /// library's names for its types, options or limits.
    fn assert_in_words(message: &str) {
        for internal in [
            "enum", "Repr", "from_str", "Options", "Policy", "budget", "Nodes", "tab",
        ] {
            assert!(!message.contains(internal), "{internal} in: {message}");
        }
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Settings {
        peg_radius: Option<f64>,
        supply: Option<u16>,
        name: Option<String>,
    }

    fn explained(text: &str) -> (u64, u64, String) {
        let e = serde_saphyr::from_str::<Settings>(text).unwrap_err();
        explain(&e, text)
    }

    #[test]
    fn each_kind_of_mistake_is_said_where_it_is() {
        let (line, column, m) = explained("peg_radius: 0.4\npeg_radius: 0.5\n");
        assert_eq!(
            (line, m.as_str()),
            (
                2,
                "`peg_radius` is set a second time here: keep one of the two lines"
            ),
            "{column}"
        );
        let (line, _, m) = explained("name: x\npeg_radus: 1\n");
        assert_eq!(line, 2);
        assert!(
            m.starts_with("unknown setting `peg_radus` (did you mean `peg_radius`?)"),
            "{m}"
        );
        let (_, _, m) = explained("supply: -1\n");
        assert_eq!(m, "expected a whole number, found `-1`");
        let (_, _, m) = explained("peg_radius: [1, 2]\n");
        assert_eq!(
            m,
            "expected one value (a number, a colour or a name), found a list"
        );
        let (_, _, m) = explained("name: {a: 1}\n");
        assert!(m.ends_with("found a group of settings"), "{m}");
        let (line, _, m) = explained("name: x\nfoo\n");
        assert_eq!(line, 2);
        assert_eq!(m, "expected a `name: value` line, found `foo`");
        let (line, _, m) = explained("name: x\n---\nname: y\n");
        assert_eq!(line, 3);
        assert!(m.contains("second document"), "{m}");
        for text in [
            "peg_radius: 0.4\npeg_radius: 0.5\n",
            "peg_radius: [1, 2]\n",
            "supply: true\n",
            "name: x\n---\nname: y\n",
            &format!("name: {}1{}\n", "[".repeat(300), "]".repeat(300)),
        ] {
            let (line, _, m) = explained(text);
            assert!(line > 0, "no line for {text:?}: {m}");
            assert_in_words(&m);
        }
    }

    #[test]
    fn a_limit_of_the_reader_is_said_as_the_files_size() {
        let e = serde_saphyr::Error::Budget {
            breach: serde_saphyr::budget::BudgetBreach::Nodes { nodes: 250_001 },
            location: serde_saphyr::Location::UNKNOWN,
        };
        let (_, _, m) = explain(&e, "");
        assert_eq!(
            m,
            "the file holds more than 250000 values; a style or rule file needs a few dozen settings"
        );
        assert_in_words(&m);
    }

    #[test]
    fn parser_states_become_what_went_wrong() {
        let t = "base: print\npeg_radius: big\n";
        assert_eq!(
            in_our_words("invalid floating point", t, 2, 13),
            "expected a number, found `big`"
        );
        let t = "base: print\npeg_radius: [0.4, 1]\n";
        assert!(in_our_words("expected string scalar", t, 2, 13).contains("found a list"));
        assert!(in_our_words("expected mapping start", "- a\n", 1, 1).contains("name: value"));
        assert_eq!(in_our_words("something new", "x", 1, 1), "something new");
    }
}
