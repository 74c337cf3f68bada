//! The bundled font (DejaVu Sans, Bitstream Vera licence; see
//! `assets/fonts/LICENSE-DejaVu.txt`), used to measure text for wrapping and
//! to render PNGs identically on every machine.

use std::sync::OnceLock;

use skrifa::instance::{LocationRef, Size};
use skrifa::raw::TableProvider;
use skrifa::{FontRef, MetadataProvider};

/// DejaVu Sans, regular.
pub const DEJAVU_SANS: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// Family name of the bundled font.
pub const FAMILY: &str = "DejaVu Sans";

/// Advance widths of printable ASCII in em, measured once.
fn ascii_advances() -> &'static [f32; 128] {
    static TABLE: OnceLock<[f32; 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0.6f32; 128];
        if let Ok(font) = FontRef::new(DEJAVU_SANS) {
            for (c, slot) in t.iter_mut().enumerate().skip(32) {
                *slot = advance(&font, char::from(c as u8)).unwrap_or(0.6);
            }
        }
        t
    })
}

fn advance(font: &FontRef<'_>, c: char) -> Option<f32> {
    let upem = f32::from(font.head().ok()?.units_per_em());
    let gid = font.charmap().map(c)?;
    let w = font
        .glyph_metrics(Size::unscaled(), LocationRef::default())
        .advance_width(gid)?;
    Some(w / upem)
}

/// The bundled font, parsed once.
fn face() -> Option<&'static FontRef<'static>> {
    static FACE: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    FACE.get_or_init(|| FontRef::new(DEJAVU_SANS).ok()).as_ref()
}

/// Advance width of one character in em.
fn advance_em(c: char) -> f64 {
    let w = if (c as u32) < 128 {
        ascii_advances()[c as usize]
    } else {
        face().and_then(|f| advance(f, c)).unwrap_or(0.6)
    };
    f64::from(w)
}

/// Width of `text` in the bundled font at font size `size`.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().map(advance_em).sum::<f64>() * size
}

/// How far the outlines of `text` reach above and below the baseline in
/// the bundled font at font size `size`, as `(above, below)`, both counted
/// away from the baseline: the ink of these characters, not the line's box
/// (digits have no descender; `g`, `j`, `p` and `q` have). Characters
/// the font lacks count as the font's whole ascent and descent.
pub fn ink_extent(text: &str, size: f64) -> (f64, f64) {
    // Labels and numbers are ASCII: their extents come from a table.
    if text.is_ascii() {
        let table = ascii_ink();
        let (above, below) = text.bytes().fold((0.0f64, 0.0f64), |(a, b), c| {
            let (up, down) = table[usize::from(c)];
            (a.max(up), b.max(down))
        });
        return (above * size, below * size);
    }
    ink_extent_measured(text, size)
}

/// How far each ASCII character's outline reaches above and below the
/// baseline, in em, measured once.
fn ascii_ink() -> &'static [(f64, f64); 128] {
    static TABLE: OnceLock<[(f64, f64); 128]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [(0.0, 0.0); 128];
        for (c, slot) in t.iter_mut().enumerate() {
            let mut buf = [0u8; 4];
            *slot = ink_extent_measured(char::from(c as u8).encode_utf8(&mut buf), 1.0);
        }
        t
    })
}

/// [`ink_extent`] read from the font's outlines, character by character.
fn ink_extent_measured(text: &str, size: f64) -> (f64, f64) {
    let Some(font) = face() else {
        return (0.93 * size, 0.24 * size);
    };
    let upem = font.head().map_or(2048.0, |h| f64::from(h.units_per_em()));
    let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
    let whole = font.metrics(Size::unscaled(), LocationRef::default());
    let (mut above, mut below) = (0.0f64, 0.0f64);
    for c in text.chars() {
        let (top, bottom) = match font.charmap().map(c).and_then(|g| metrics.bounds(g)) {
            Some(b) => (b.y_max, b.y_min),
            None => (whole.ascent, whole.descent),
        };
        above = above.max(f64::from(top));
        below = below.max(-f64::from(bottom));
    }
    (above / upem * size, below / upem * size)
}

/// Splits `text` into lines no wider than `max_width` at font size `size`,
/// breaking at spaces (never at a no-break one, as French sets before
/// `:`), and inside a word only when the word alone is too wide.
/// Explicit line breaks are kept.
pub fn wrap(text: &str, size: f64, max_width: f64) -> Vec<String> {
    let limit = max_width / size;
    let space = advance_em(' ');
    let mut lines = Vec::new();
    for para in text.lines() {
        let mut line = String::new();
        let mut line_w = 0.0;
        let breaks =
            |c: char| c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}');
        for word in para.split(breaks).filter(|w| !w.is_empty()) {
            let word_w: f64 = word.chars().map(advance_em).sum();
            if !line.is_empty() && line_w + space + word_w <= limit {
                line.push(' ');
                line.push_str(word);
                line_w += space + word_w;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line_w = 0.0;
            // The word starts a line; break it by characters if it is too wide.
            for c in word.chars() {
                let cw = advance_em(c);
                if !line.is_empty() && line_w + cw > limit {
                    lines.push(std::mem::take(&mut line));
                    line_w = 0.0;
                }
                line.push(c);
                line_w += cw;
            }
        }
        lines.push(line);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Balanced wrapping for centred captions: as few lines as [`wrap`] needs
/// at `width`, but at the narrowest measure that still needs no more, so
/// the lines come out of even length; then a last line holding one lone
/// word takes a second one from the line above when that still fits.
pub fn wrap_even(t: &str, size: f64, width: f64) -> Vec<String> {
    let greedy = wrap(t, size, width);
    let n = greedy.len();
    if n < 2 {
        return greedy;
    }
    // Greedy line counts only grow as the measure shrinks: bisect.
    let (mut lo, mut hi) = (0.0, width);
    for _ in 0..20 {
        let mid = (lo + hi) / 2.0;
        if wrap(t, size, mid).len() <= n {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let mut lines = wrap(t, size, hi);
    if n >= 2 && !lines[n - 1].contains(' ') && lines[n - 2].matches(' ').count() >= 2 {
        let (prev, last) = (lines[n - 2].clone(), lines[n - 1].clone());
        if let Some((head, word)) = prev.rsplit_once(' ') {
            let joined = format!("{word} {last}");
            if text_width(&joined, size) <= width {
                lines[n - 2] = head.to_string();
                lines[n - 1] = joined;
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_and_wraps() {
        let w = text_width("0", 1.0);
        assert!((0.6..0.66).contains(&w), "{w}");
        assert!(text_width("W", 1.0) > text_width("i", 1.0));
        let lines = wrap("Red should have played at X instead of 12.", 1.0, 10.0);
        assert!(lines.len() > 1);
        for l in &lines {
            assert!(text_width(l, 1.0) <= 10.0);
        }
        assert_eq!(
            lines.join(" "),
            "Red should have played at X instead of 12."
        );
        assert_eq!(wrap("a\n\nb", 1.0, 5.0), vec!["a", "", "b"]);
        assert!(wrap("", 1.0, 5.0).is_empty());
    }

    #[test]
    fn ink_reaches_as_far_as_the_letters_do() {
        let (digits_up, digits_down) = ink_extent("0123456789", 1.0);
        assert!((0.7..0.75).contains(&digits_up), "{digits_up}");
        assert!(digits_down < 0.02, "{digits_down}");
        let (up, down) = ink_extent("abcdefghijk", 1.0);
        assert!(up > digits_up && up < 0.8, "{up}");
        assert!((0.18..0.25).contains(&down), "{down}");
        assert_eq!(ink_extent("", 12.0), (0.0, 0.0));
        let (a, _) = ink_extent("a", 12.0);
        assert!((a - 12.0 * ink_extent("a", 1.0).0).abs() < 1e-9);
    }

    #[test]
    fn balanced_wrapping_keeps_the_line_count_and_evens_the_lines() {
        let t = "Caption above the board: Red links c3 and e4 at once, and Black cannot stop it.";
        for width in [8.0, 11.0, 15.0, 23.0] {
            let greedy = wrap(t, 0.6, width);
            let even = wrap_even(t, 0.6, width);
            assert_eq!(even.len(), greedy.len(), "{width}");
            assert_eq!(even.join(" "), t);
            let w: Vec<f64> = even.iter().map(|l| text_width(l, 0.6)).collect();
            let (lo, hi) = w
                .iter()
                .fold((f64::MAX, 0.0f64), |(a, b), &x| (a.min(x), b.max(x)));
            assert!(hi <= width, "{width}: {even:?}");
            // Greedy lines run to the measure and leave a short last line;
            // balanced ones differ by little more than a word.
            if even.len() > 1 {
                assert!(hi - lo < 0.35 * hi, "{width}: {even:?}");
            }
        }
    }
}
