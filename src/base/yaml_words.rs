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
    if m.contains("mapping values are not allowed") {
        return "a `name: value` line cannot go here: start each setting at the beginning of its \
                line, and quote a value that holds `: `"
            .to_string();
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
    if m.contains("tab") {
        return "indent with spaces: YAML does not allow tabs".to_string();
    }
    message.to_string()
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
    use super::in_our_words;

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
