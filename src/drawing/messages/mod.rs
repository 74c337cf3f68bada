//! The words documents print, per language: a book's labels, facts and
//! result sentences, a puzzle book's headings, a score sheet's fields. One
//! catalogue a language (English, French, German, Dutch, Italian), each a
//! `key = text` file built into the program; a message missing from one
//! falls back on English. A small file of the same form overrides any
//! message ([`Messages::with_overrides`]), and a `[Sides]` header renames
//! the players ([`Messages::with_sides`]).
//!
//! ```
//! use twixtkit::messages::Messages;
//! let fr = Messages::for_language("fr");
//! assert_eq!(fr.get("board"), "Plateau");
//! assert_eq!(
//!     fr.fill("won-by-connection", &[("player", fr.get("red")), ("n", "11")]),
//!     "Rouge gagne en reliant ses bords au coup 11"
//! );
//! ```

mod typography;

use std::collections::BTreeMap;
use std::path::Path;

pub use typography::typographic;

/// The built-in catalogues: (language code, `key = text` lines).
const CATALOGUES: &[(&str, &str)] = &[
    ("en", include_str!("en.txt")),
    ("fr", include_str!("fr.txt")),
    ("de", include_str!("de.txt")),
    ("nl", include_str!("nl.txt")),
    ("it", include_str!("it.txt")),
];

/// The languages with a catalogue of their own.
pub fn languages() -> impl Iterator<Item = &'static str> {
    CATALOGUES.iter().map(|(code, _)| *code)
}

/// True when `code` (`fr`, `DE`) has a catalogue of its own; the words of
/// any other language are English unless a user's messages give them.
pub fn has_catalogue(code: &str) -> bool {
    let code = code.trim().to_ascii_lowercase();
    languages().any(|c| c == code)
}

/// The warning for a language asked for by name that has no catalogue
/// (`--lang eo`), as every command that prints words gives it; `None` when
/// it has one, or when the user's own messages (`overridden`) may be its
/// words.
pub fn unknown_language_warning(code: &str, overridden: bool) -> Option<String> {
    (!has_catalogue(code) && !overridden).then(|| {
        format!(
            "no messages in language `{}` (there are {}); its words are in English",
            code.escape_debug(),
            languages().collect::<Vec<_>>().join(", ")
        )
    })
}

/// Every message key, in the English catalogue's order.
pub fn keys() -> Vec<&'static str> {
    lines(CATALOGUES[0].1).map(|(_, k, _)| k).collect()
}

/// The messages of one language, overridden as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Messages {
    language: String,
    words: BTreeMap<String, String>,
    /// The language whose plural rules the counts follow: the one the
    /// words are written in (`language` when it has a catalogue or a
    /// user's messages give its words, else English).
    counted_in: String,
}

impl Default for Messages {
    /// English.
    fn default() -> Self {
        Messages::for_language("en")
    }
}

impl Messages {
    /// The catalogue of `code` (`fr`, `DE`, …); a language without one, or a
    /// message it lacks, is said in English.
    pub fn for_language(code: &str) -> Messages {
        let language = code.trim().to_ascii_lowercase();
        let mut words: BTreeMap<String, String> = lines(CATALOGUES[0].1)
            .map(|(_, k, v)| (k.to_string(), v.to_string()))
            .collect();
        if let Some((_, text)) = CATALOGUES.iter().find(|(c, _)| *c == language) {
            for (_, k, v) in lines(text) {
                words.insert(k.to_string(), v.to_string());
            }
        }
        let counted_in = if has_catalogue(&language) {
            language.clone()
        } else {
            "en".to_string()
        };
        Messages {
            language,
            words,
            counted_in,
        }
    }

    /// The language code the messages were chosen by.
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The message `key`; an unknown key is returned as it is, so that a
    /// caller's typo shows on the page rather than vanishing.
    pub fn get<'a>(&'a self, key: &'a str) -> &'a str {
        self.words.get(key).map_or(key, String::as_str)
    }

    /// The message `key` with each `{name}` replaced by its value.
    pub fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        fill(self.get(key), values)
    }

    /// The CLDR plural category of the count `n` in this language
    /// (`one`, `few`, `many`, …, else `other`), by the Unicode plural
    /// rules ICU4X carries: "1 game", "2 games"; in French "0 partie",
    /// and "1000000 de parties" (`many`). The words of a language with no
    /// catalogue are English, and so are its counts, unless a user's
    /// messages give its words ([`Messages::with_overrides`]).
    pub fn plural(&self, n: u64) -> &'static str {
        plural_category(&self.counted_in, n)
    }

    /// True when the count `n` takes a message's singular form (`-one`)
    /// in this language.
    pub fn is_singular(&self, n: u64) -> bool {
        self.plural(n) == "one"
    }

    /// True when the messages have `key` (a catalogue's, or a user's
    /// counted form such as `view-n-games-many`).
    pub fn has(&self, key: &str) -> bool {
        self.words.contains_key(key)
    }

    /// The message `key` for the count `n` (its `{n}`): the form of the
    /// count's plural category (`key-one`, `key-few`, `key-many`, …)
    /// where the messages have it, else `key` itself, the plural.
    pub fn count(&self, key: &str, n: u64) -> String {
        let form = format!("{key}-{}", self.plural(n));
        let key = if self.words.contains_key(&form) {
            form.as_str()
        } else {
            key
        };
        self.fill(key, &[("n", &n.to_string())])
    }

    /// A side's name as the messages say it: `red` or `black`.
    pub fn side(&self, player: twixt_core::Player) -> &str {
        match player {
            twixt_core::Player::Red => self.get("red"),
            twixt_core::Player::Black => self.get("black"),
        }
    }

    /// The messages of a game: the language `lang` asked for, else the
    /// one its `[Language]` header names, else English; its players named
    /// as its `[Sides]` header names them.
    pub fn for_game<'a>(lang: Option<&str>, tag: impl Fn(&str) -> Option<&'a str>) -> Messages {
        let header = || tag("Language").and_then(language_code);
        let lang = lang.map(str::to_string).or_else(header);
        let m = Messages::for_language(lang.as_deref().unwrap_or("en"));
        match tag("Sides") {
            Some(sides) => m.with_sides(sides),
            None => m,
        }
    }

    /// The line under a board that says who moves next, for Red and for
    /// Black ("Rouge joue", or "White to play" under `[Sides]`).
    pub fn to_play_words(&self) -> [String; 2] {
        [twixt_core::Player::Red, twixt_core::Player::Black]
            .map(|p| self.fill("to-play", &[("player", self.side(p))]))
    }

    /// These messages with the players renamed as a `[Sides "White Black"]`
    /// header names them: the first word names Red, the second Black. A
    /// value that is not two names leaves the messages as they are.
    pub fn with_sides(mut self, sides: &str) -> Messages {
        let names: Vec<&str> = sides.split_whitespace().collect();
        if let [red, black] = names[..] {
            self.words.insert("red".into(), red.to_string());
            self.words.insert("black".into(), black.to_string());
        }
        self
    }

    /// These messages with `overrides` put over them.
    pub fn with_overrides(mut self, overrides: &Overrides) -> Messages {
        if !overrides.is_empty() {
            self.counted_in = self.language.clone();
        }
        for (k, v) in &overrides.0 {
            self.words.insert(k.clone(), v.clone());
        }
        self
    }

    /// `text` set as the language sets it: curly quotes and apostrophes,
    /// and in French a thin no-break space before `: ; ! ?`
    /// ([`typographic`]).
    pub fn typeset(&self, text: &str) -> String {
        typographic(text, &self.language)
    }
}

/// Messages read from a small `key = text` file, put over a catalogue's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Overrides(BTreeMap<String, String>);

/// Why an overrides file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessagesError {
    /// The file could not be read.
    #[error("{file}: {message}")]
    Unreadable {
        /// The file.
        file: String,
        /// Why.
        message: String,
    },
    /// A line is not `key = text`, or its key is no message's.
    #[error("{file}:{line}: {message}")]
    Line {
        /// The file.
        file: String,
        /// Its line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl crate::diagnostic::Explained for MessagesError {
    /// True: a file the user named.
    fn is_usage(&self) -> bool {
        true
    }
}

impl Overrides {
    /// The overrides written in `text`, read from `file` (named in errors):
    /// `key = text` lines, blank lines and `#` comments; a key no catalogue
    /// has is an error naming the line.
    pub fn parse(text: &str, file: &str) -> Result<Overrides, MessagesError> {
        let known = keys();
        let mut out = BTreeMap::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |message: String| MessagesError::Line {
                file: file.to_string(),
                line: n + 1,
                message,
            };
            let Some((k, v)) = line.split_once('=') else {
                return Err(err(format!(
                    "expected `key = text`, found `{}`",
                    line.escape_debug()
                )));
            };
            let k = k.trim();
            if !known.contains(&k) && !is_counted_form(k, &known) {
                return Err(err(format!(
                    "no message is called `{}` (the keys are listed in docs/book.md)",
                    k.escape_debug()
                )));
            }
            out.insert(k.to_string(), v.trim().to_string());
        }
        Ok(Overrides(out))
    }

    /// The overrides in the file at `path`.
    pub fn load(path: &Path) -> Result<Overrides, MessagesError> {
        let file = path.display().to_string();
        let text = crate::limits::read_regular_text(path, 1 << 20).map_err(|e| {
            MessagesError::Unreadable {
                file: file.clone(),
                message: e.to_string(),
            }
        })?;
        Overrides::parse(&text, &file)
    }

    /// True when nothing is overridden.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The plural categories a counted message may have a form for, besides
/// `other` (the message itself): a message `key` has them as `key-one`,
/// `key-few`, … (CLDR's names).
pub const PLURAL_FORMS: [&str; 5] = ["zero", "one", "two", "few", "many"];

/// The CLDR cardinal plural category of `n` in `language` (a code such
/// as `fr`); a language CLDR does not know has only `other`.
fn plural_category(language: &str, n: u64) -> &'static str {
    use icu_plurals::{PluralCategory, PluralRules};
    let rules = icu_locale_core::LanguageIdentifier::try_from_str(language)
        .ok()
        .and_then(|id| PluralRules::try_new_cardinal(id.into()).ok())
        .or_else(|| {
            let en = icu_locale_core::langid!("en");
            PluralRules::try_new_cardinal(en.into()).ok()
        });
    match rules.map(|r| r.category_for(n)) {
        Some(PluralCategory::Zero) => "zero",
        Some(PluralCategory::One) => "one",
        Some(PluralCategory::Two) => "two",
        Some(PluralCategory::Few) => "few",
        Some(PluralCategory::Many) => "many",
        // Without rules (none fail to load): English's singular.
        None if n == 1 => "one",
        Some(PluralCategory::Other) | None => "other",
    }
}

/// True when `key` is a counted form (`view-n-games-many`) of one of the
/// `known` messages.
fn is_counted_form(key: &str, known: &[&str]) -> bool {
    key.rsplit_once('-')
        .is_some_and(|(base, form)| PLURAL_FORMS.contains(&form) && known.contains(&base))
}

/// `template` with each `{name}` of `values` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The messages of a catalogue: (line number, key, text).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines().enumerate().filter_map(|(n, l)| {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            return None;
        }
        let (k, v) = l.split_once('=')?;
        Some((n + 1, k.trim(), v.trim()))
    })
}

/// A language code Typst hyphenates by: two or three ASCII letters, as in
/// `[Language "fr"]` or `--lang de`; anything else is no code.
pub fn language_code(s: &str) -> Option<String> {
    let s = s.trim();
    let ok = (2..=3).contains(&s.len()) && s.chars().all(|c| c.is_ascii_alphabetic());
    ok.then(|| s.to_ascii_lowercase())
}

/// A language code as `twixt book --lang` takes it
/// ([`language_code`]).
pub fn parse_language(s: &str) -> Result<String, NotALanguage> {
    language_code(s).ok_or_else(|| NotALanguage(s.to_string()))
}

/// A text that is not a language code; the value is the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a language code of two or three letters (fr, de, nl), found `{}`",
    .0.escape_debug()
)]
pub struct NotALanguage(pub String);

/// A wrong value on the command line or in a header.
impl crate::diagnostic::Explained for NotALanguage {
    fn is_usage(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_has_every_message_and_no_other() {
        let english = keys();
        assert!(english.len() > 40);
        for (code, text) in CATALOGUES {
            let mut seen: Vec<&str> = Vec::new();
            for (n, k, v) in lines(text) {
                assert!(english.contains(&k), "{code}.txt:{n}: unknown key {k}");
                assert!(!seen.contains(&k), "{code}.txt:{n}: {k} twice");
                assert!(!v.is_empty(), "{code}.txt:{n}: {k} is empty");
                seen.push(k);
            }
            assert_eq!(seen.len(), english.len(), "{code} lacks a message");
            // Each placeholder of the English message is in the translation.
            let en = Messages::for_language("en");
            let m = Messages::for_language(code);
            for k in &english {
                for name in ["{n}", "{a}", "{b}", "{m}", "{player}", "{hole}", "{title}"] {
                    assert_eq!(
                        en.get(k).contains(name),
                        m.get(k).contains(name),
                        "{code}: {k} and {name}"
                    );
                }
            }
        }
    }

    #[test]
    fn an_unknown_language_is_english_and_sides_rename_the_players() {
        let m = Messages::for_language("eo");
        assert_eq!(m.get("problem"), "Problem {n}");
        let de = Messages::for_language("DE").with_sides("Weiß Schwarz");
        assert_eq!(
            de.fill("to-play", &[("player", de.get("red"))]),
            "Weiß am Zug"
        );
        assert_eq!(de.language(), "de");
        assert!(has_catalogue("NL") && !has_catalogue("eo"));
        assert!(
            unknown_language_warning("eo", false)
                .unwrap()
                .contains("en, fr, de, nl, it")
        );
        assert_eq!(unknown_language_warning("eo", true), None);
    }

    #[test]
    fn counts_take_each_languages_singular() {
        let en = Messages::for_language("en");
        let fr = Messages::for_language("fr");
        assert_eq!(en.count("view-wrong-tries", 0), "0 wrong tries");
        assert_eq!(en.count("view-wrong-tries", 1), "1 wrong try");
        assert_eq!(fr.count("view-wrong-tries", 0), "0 essai manqué");
        assert_eq!(fr.count("view-wrong-tries", 2), "2 essais manqués");
        // A message with no singular form is said as it is.
        assert_eq!(en.count("view-n-games", 1), "1 game");
        assert_eq!(
            en.count("view-problems", 1),
            "1 problems (left out of this page)"
        );
    }

    #[test]
    fn counts_take_each_languages_cldr_category() {
        let fr = Messages::for_language("fr");
        let it = Messages::for_language("it");
        let de = Messages::for_language("de");
        assert_eq!(fr.plural(0), "one");
        assert_eq!(fr.plural(2), "other");
        // CLDR's `many`: a round million in French and Italian.
        assert_eq!(fr.plural(1_000_000), "many");
        assert_eq!(it.plural(2_000_000), "many");
        assert_eq!(it.plural(0), "other");
        assert_eq!(de.plural(1_000_000), "other");
        // A language with no catalogue is said in English, and counted so,
        // until a user's messages give its words: then Polish has CLDR's
        // `few` and `many`.
        let pl = Messages::for_language("pl");
        assert_eq!(pl.count("view-n-games", 1), "1 game");
        assert_eq!(pl.plural(3), "other");
        let o = Overrides::parse(
            "view-n-games = {n} gier\nview-n-games-one = {n} gra\nview-n-games-few = {n} gry\n",
            "m",
        )
        .unwrap();
        let pl = pl.with_overrides(&o);
        assert_eq!(
            (pl.plural(1), pl.plural(3), pl.plural(5), pl.plural(22)),
            ("one", "few", "many", "few")
        );
        assert_eq!(pl.count("view-n-games", 1), "1 gra");
        assert_eq!(pl.count("view-n-games", 4), "4 gry");
        assert_eq!(pl.count("view-n-games", 5), "5 gier");
        // A user's counted forms are read as the category asks.
        let o = Overrides::parse("view-n-games-many = {n} de parties\n", "m").unwrap();
        let fr = fr.with_overrides(&o);
        assert_eq!(fr.count("view-n-games", 1_000_000), "1000000 de parties");
        assert_eq!(fr.count("view-n-games", 3), "3 parties");
        assert_eq!(fr.count("view-n-games", 1), "1 partie");
        // A form of no message is still refused.
        assert!(Overrides::parse("nothing-many = x\n", "m").is_err());
        assert!(Overrides::parse("view-n-games-several = x\n", "m").is_err());
    }

    #[test]
    fn the_catalogues_singulars_agree_with_cldr() {
        // The page's fallback where a browser has no Intl.PluralRules is
        // each catalogue's `plural-one` list: the same as CLDR's `one`.
        for code in languages() {
            let m = Messages::for_language(code);
            let listed: Vec<u64> = m
                .get("plural-one")
                .split_whitespace()
                .map(|w| w.parse().unwrap())
                .collect();
            for n in 0..=1000u64 {
                assert_eq!(m.is_singular(n), listed.contains(&n), "{code}: {n}");
            }
        }
    }

    #[test]
    fn twrs_results_are_said_in_each_language() {
        use crate::twrs::file::TwrsResult;
        use twrs_core::point::Player;
        use twrs_core::position::{End, Score};
        let won = TwrsResult {
            end: End::NoMove(Player::Orange),
            score: Score {
                orange: 37,
                blue: 58,
            },
        };
        let drawn = TwrsResult {
            end: End::NoStones,
            score: Score {
                orange: 20,
                blue: 20,
            },
        };
        let say = |code: &str, r: &TwrsResult| r.words(&Messages::for_language(code));
        assert_eq!(
            say("en", &won),
            "Blue wins 58–37: Orange cannot move a tower"
        );
        assert_eq!(
            say("fr", &won),
            "Bleu gagne 58 à 37 : Orange ne peut plus déplacer de tour"
        );
        assert_eq!(
            say("de", &won),
            "Blau gewinnt 58:37 – Orange kann keinen Turm mehr ziehen"
        );
        assert_eq!(
            say("nl", &won),
            "Blauw wint met 58–37: Oranje kan geen toren meer verzetten"
        );
        assert_eq!(
            say("it", &won),
            "Blu vince 58 a 37: Arancione non può più muovere alcuna torre"
        );
        assert_eq!(
            say("en", &drawn),
            "Drawn at 20–20: the last stone is placed"
        );
        assert_eq!(
            say("fr", &drawn),
            "Partie nulle, 20 à 20 : la dernière pierre est posée"
        );
    }

    #[test]
    fn overrides_replace_messages_and_name_a_bad_line() {
        let o = Overrides::parse("# mine\nmove = x\n", "my.txt").unwrap_err();
        assert_eq!(
            o.to_string(),
            "my.txt:2: no message is called `move` (the keys are listed in docs/book.md)"
        );
        let o = Overrides::parse("diagram-move = Fig. {n}, coup {a}\n", "m").unwrap();
        let fr = Messages::for_language("fr").with_overrides(&o);
        assert_eq!(
            fr.fill("diagram-move", &[("n", "3"), ("a", "1")]),
            "Fig. 3, coup 1"
        );
        assert!(Overrides::parse("just words", "m").is_err());
    }
}
