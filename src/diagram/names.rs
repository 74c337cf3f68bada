//! Safe output file names for diagrams: derived from diagram names or game
//! titles, which come from user input and may hold anything.

use std::collections::BTreeSet;

/// Longest file stem produced, in bytes.
pub const MAX_STEM: usize = 80;

/// Names Windows reserves for devices, whatever the extension.
const RESERVED: &[&str] = &[
    "con", "prn", "aux", "nul", "com1", "com2", "com3", "com4", "com5", "com6", "com7", "com8",
    "com9", "lpt1", "lpt2", "lpt3", "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9",
];

/// A file stem made from free text: letters and digits kept (any script),
/// everything else (path separators, dots, control characters, punctuation)
/// turned into single hyphens, trimmed, cut to [`MAX_STEM`] bytes, never
/// empty, never a reserved device name.
pub fn sanitize_stem(text: &str) -> String {
    let mut out = String::new();
    let mut hyphen = false;
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' {
            if hyphen && !out.is_empty() {
                out.push('-');
            }
            hyphen = false;
            if out.len() + c.len_utf8() > MAX_STEM {
                break;
            }
            out.push(c);
        } else {
            hyphen = true;
        }
    }
    while out.len() > MAX_STEM || out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("diagram");
    }
    if RESERVED.contains(&out.to_ascii_lowercase().as_str()) {
        out.push_str("-file");
    }
    out
}

/// Hands out distinct stems: a stem already given gets `-2`, `-3`, … (case
/// is ignored, for case-insensitive file systems).
#[derive(Debug, Default, Clone)]
pub struct StemSet {
    used: BTreeSet<String>,
}

impl StemSet {
    pub fn new() -> StemSet {
        StemSet::default()
    }

    /// A sanitised stem from `text`, distinct from all earlier ones.
    pub fn distinct(&mut self, text: &str) -> String {
        let base = sanitize_stem(text);
        let mut candidate = base.clone();
        let mut n = 2;
        while !self.used.insert(candidate.to_lowercase()) {
            let suffix = format!("-{n}");
            let mut b = base.clone();
            while b.len() + suffix.len() > MAX_STEM {
                b.pop();
            }
            candidate = format!("{b}{suffix}");
            n += 1;
        }
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_become_safe() {
        assert_eq!(sanitize_stem("Game 1: Red vs Black"), "Game-1-Red-vs-Black");
        assert_eq!(sanitize_stem("../../etc/passwd"), "etc-passwd");
        assert_eq!(sanitize_stem("a\\b/c\0d\u{7}e"), "a-b-c-d-e");
        assert_eq!(sanitize_stem(".."), "diagram");
        assert_eq!(sanitize_stem(""), "diagram");
        assert_eq!(sanitize_stem("CON"), "CON-file");
        assert_eq!(sanitize_stem("Partie à Genève"), "Partie-à-Genève");
        let long = "é".repeat(100);
        let s = sanitize_stem(&long);
        assert!(s.len() <= MAX_STEM && !s.is_empty());
        let mut set = StemSet::new();
        assert_eq!(set.distinct("x"), "x");
        assert_eq!(set.distinct("X"), "X-2");
        assert_eq!(set.distinct("x"), "x-3");
    }
}
