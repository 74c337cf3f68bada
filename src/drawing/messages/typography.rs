//! Typography by language for text written in plain ASCII marks: straight
//! quotes made curly (the language's own quotation marks), apostrophes
//! made ’, and in French a narrow no-break space before `: ; ! ?` and
//! inside « ».

/// Narrow no-break space (U+202F), as French sets before high punctuation.
const THIN: char = '\u{202f}';

/// `text` as `lang` sets it. Marks already curly stay as they are; a `!`
/// or `?` right after a digit is a move's glyph (`e5!`) and gets no space.
pub fn typographic(text: &str, lang: &str) -> String {
    let french = lang == "fr";
    let (open, close) = match lang {
        "fr" | "it" => ("«", "»"),
        "de" => ("„", "“"),
        _ => ("“", "”"),
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    let mut open_double = false;
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| chars[j]);
        let next = chars.get(i + 1).copied();
        let opens = prev.is_none_or(|p| p.is_whitespace() || "([{—–-/".contains(p));
        match c {
            '"' => {
                // Opening where a word starts (after a space, a bracket or
                // an apostrophe: l'"Hex"), closing after one.
                let opening = !open_double
                    && (opens
                        || prev.is_some_and(|p| p == '\'' || p == '’')
                        || next.is_some_and(char::is_alphanumeric));
                if opening {
                    out.push_str(open);
                    if french {
                        out.push(THIN);
                    }
                    open_double = true;
                } else {
                    if french {
                        trim_space(&mut out);
                        out.push(THIN);
                    }
                    out.push_str(close);
                    open_double = false;
                }
            }
            '\'' => {
                if opens && next.is_some_and(char::is_alphanumeric) {
                    out.push('‘');
                } else {
                    out.push('’');
                }
            }
            ':' | ';' | '!' | '?' if french => {
                let ends = next.is_none_or(|n| n.is_whitespace() || "!?)»\"".contains(n));
                let spaced = prev.is_some_and(|p| p == ' ' || p == '\u{a0}' || p == THIN);
                let after_word = prev.is_some_and(|p| p.is_alphabetic() || "»)\"".contains(p));
                if spaced && ends {
                    trim_space(&mut out);
                    out.push(THIN);
                } else if after_word && ends {
                    out.push(THIN);
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// Drops the spaces at the end of `out`.
fn trim_space(out: &mut String) {
    while out.ends_with([' ', '\u{a0}', THIN]) {
        out.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_sets_thin_spaces_and_guillemets() {
        assert_eq!(
            typographic("Attention : l'empêcher! Pourquoi ? \"Oui\"", "fr"),
            "Attention\u{202f}: l’empêcher\u{202f}! Pourquoi\u{202f}? «\u{202f}Oui\u{202f}»"
        );
        // A move's glyph, a time and a web address keep their marks.
        assert_eq!(
            typographic("3. e5! à 10:30, https://x.org", "fr"),
            "3. e5! à 10:30, https://x.org"
        );
    }

    #[test]
    fn other_languages_get_their_quotes_and_apostrophes() {
        assert_eq!(
            typographic("He said \"don't\" and 'so'.", "en"),
            "He said “don’t” and ‘so’."
        );
        assert_eq!(typographic("\"Zug\"", "de"), "„Zug“");
        assert_eq!(typographic("l'\"Hex\"", "it"), "l’«Hex»");
        assert_eq!(typographic("Why? Yes: no!", "en"), "Why? Yes: no!");
    }
}
