//! Diagram styles as data: colours, sizes and fonts, read from YAML.
//!
//! Every value is checked when it is read (colours against a strict
//! pattern, numbers finite and in range), so whatever a style file holds can
//! be written into SVG attributes without opening a door to markup injection.
//! A style file may name a `base` style and override any subset of fields.

use std::fmt;

use crate::script::CaptionPosition;
use serde::{Deserialize, Deserializer, Serialize};

/// A colour: `#rgb`, `#rrggbb`, a name from [`NAMED_COLOURS`], or `none`.
/// Stored in lower case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(into = "String")]
pub struct Colour(String);

/// Colour names accepted in style files (a fixed list, so nothing else can
/// slip into an attribute).
pub const NAMED_COLOURS: &[&str] = &[
    "black",
    "white",
    "red",
    "darkred",
    "crimson",
    "firebrick",
    "green",
    "darkgreen",
    "blue",
    "navy",
    "royalblue",
    "orange",
    "darkorange",
    "gold",
    "yellow",
    "purple",
    "gray",
    "grey",
    "darkgray",
    "darkgrey",
    "lightgray",
    "lightgrey",
    "dimgray",
    "dimgrey",
    "silver",
    "ivory",
    "beige",
    "none",
];

impl Colour {
    /// Checks and normalises a colour written in a style.
    pub fn parse(s: &str) -> Result<Colour, super::ValueError> {
        let t = s.trim().to_ascii_lowercase();
        let hex = |h: &str| h.bytes().all(|b| b.is_ascii_hexdigit());
        let ok = match t.strip_prefix('#') {
            Some(h) => (h.len() == 3 || h.len() == 6) && hex(h),
            None => NAMED_COLOURS.contains(&t.as_str()),
        };
        if ok {
            Ok(Colour(t))
        } else {
            Err(super::ValueError(format!(
                "invalid colour `{}`: expected #rgb, #rrggbb, `none` or one of {}",
                s.escape_debug(),
                NAMED_COLOURS.join(", ")
            )))
        }
    }

    /// The colour as normalised text (`#c00`, `navy`, `none`).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether it is `none` (nothing drawn).
    pub fn is_none(&self) -> bool {
        self.0 == "none"
    }

    /// The contrast ratio of two colours (WCAG: 1 for the same colour, 21
    /// for black on white), when both have one.
    pub fn contrast(&self, other: &Colour) -> Option<f64> {
        fn luminance([r, g, b]: [u8; 3]) -> f64 {
            let lin = |c: u8| {
                let c = f64::from(c) / 255.0;
                if c <= 0.03928 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
        }
        let (a, b) = (luminance(self.rgb()?), luminance(other.rgb()?));
        Some((a.max(b) + 0.05) / (a.min(b) + 0.05))
    }

    /// The colour as 8-bit RGB, when it is not `none`.
    pub fn rgb(&self) -> Option<[u8; 3]> {
        let named = |n: &str| -> Option<&'static str> {
            Some(match n {
                "black" => "000000",
                "white" => "ffffff",
                "red" => "ff0000",
                "darkred" => "8b0000",
                "crimson" => "dc143c",
                "firebrick" => "b22222",
                "green" => "008000",
                "darkgreen" => "006400",
                "blue" => "0000ff",
                "navy" => "000080",
                "royalblue" => "4169e1",
                "orange" => "ffa500",
                "darkorange" => "ff8c00",
                "gold" => "ffd700",
                "yellow" => "ffff00",
                "purple" => "800080",
                "gray" | "grey" => "808080",
                "darkgray" | "darkgrey" => "a9a9a9",
                "lightgray" | "lightgrey" => "d3d3d3",
                "dimgray" | "dimgrey" => "696969",
                "silver" => "c0c0c0",
                "ivory" => "fffff0",
                "beige" => "f5f5dc",
                _ => return None,
            })
        };
        let hex = match self.0.strip_prefix('#') {
            Some(h) if h.len() == 3 => h.chars().flat_map(|c| [c, c]).collect::<String>(),
            Some(h) => h.to_string(),
            None => named(&self.0)?.to_string(),
        };
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some([byte(0)?, byte(2)?, byte(4)?])
    }
}

impl From<Colour> for String {
    fn from(c: Colour) -> String {
        c.0
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Colour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Colour::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A font family list: letters, digits, spaces, hyphens and commas only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(into = "String")]
pub struct FontFamily(String);

impl FontFamily {
    /// Checks a font family list written in a style (trimmed, at most 100 characters).
    pub fn parse(s: &str) -> Result<FontFamily, super::ValueError> {
        let t = s.trim();
        if !t.is_empty()
            && t.len() <= 100
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | ','))
        {
            Ok(FontFamily(t.to_string()))
        } else {
            Err(super::ValueError(format!(
                "invalid font family `{}`: use letters, digits, spaces, hyphens and commas (at most 100)",
                s.escape_debug()
            )))
        }
    }

    /// The family list as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<FontFamily> for String {
    fn from(c: FontFamily) -> String {
        c.0
    }
}

impl<'de> Deserialize<'de> for FontFamily {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        FontFamily::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A number read from a style, checked against a range given in thousandths
/// (const generics cannot be floats). Checking at read time lets the YAML
/// error carry the line and column of the bad value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ranged<const LO: i32, const HI: i32>(pub f64);

impl<'de, const LO: i32, const HI: i32> Deserialize<'de> for Ranged<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        let (lo, hi) = (f64::from(LO) / 1000.0, f64::from(HI) / 1000.0);
        if v.is_finite() && (lo..=hi).contains(&v) {
            Ok(Ranged(v))
        } else {
            // A huge or tiny number is shown short (1e308, not 309 digits).
            let shown = if v.is_finite() && (v == 0.0 || (1e-4..1e6).contains(&v.abs())) {
                v.to_string()
            } else {
                format!("{v:e}")
            };
            Err(serde::de::Error::custom(format!(
                "number {shown} is out of range: expected {lo} to {hi}"
            )))
        }
    }
}

/// Lower- or upper-case letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LetterCase {
    /// `a`, `b`, `c`, …
    #[default]
    Lower,
    /// `A`, `B`, `C`, …
    Upper,
}

macro_rules! style_fields {
    ($( $(#[doc = $doc:literal])* $name:ident : $kind:ident $( < $lo:literal , $hi:literal > )? ),* $(,)?) => {
        /// A complete diagram style. Lengths are in hole spacings (one unit
        /// is the distance between neighbouring holes) unless noted.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        pub struct Style {
            /// Name of the style (informational).
            pub name: String,
            $( $(#[doc = $doc])* pub $name: style_fields!(@full $kind), )*
        }

        /// A style file: any subset of fields over a base style.
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct StylePatch {
            /// Built-in style to start from (default `rulebook`).
            pub base: Option<String>,
            /// Name of the resulting style.
            pub name: Option<String>,
            $( $(#[doc = $doc])* pub $name: Option<style_fields!(@patch $kind $( < $lo , $hi > )?)>, )*
        }

        impl StylePatch {
            /// Applies the fields present in `self` over `style`.
            pub fn apply(self, style: &mut Style) {
                if let Some(n) = self.name {
                    style.name = n;
                }
                $( if let Some(v) = self.$name {
                    style.$name = style_fields!(@unwrap $kind v);
                } )*
            }

            /// Names of the fields this patch leaves unset.
            fn missing(&self) -> Vec<&'static str> {
                let mut m = Vec::new();
                $( if self.$name.is_none() { m.push(stringify!($name)); } )*
                m
            }
        }

        impl Style {
            /// Takes every field in which `style` differs from `base`
            /// (the name apart): what `style` changes, over this style.
            pub fn take_changes(&mut self, style: &Style, base: &Style) {
                $( if style.$name != base.$name {
                    self.$name = style.$name.clone();
                } )*
            }

            fn from_complete(p: StylePatch) -> Result<Style, StyleError> {
                let missing = p.missing();
                if !missing.is_empty() {
                    return Err(StyleError::Incomplete(missing.join(", ")));
                }
                Ok(Style {
                    name: p.name.unwrap_or_default(),
                    $( $name: style_fields!(@unwrap $kind p.$name.expect("checked above")), )*
                })
            }
        }
    };
    // A number is checked against its range as it is read; every other
    // kind is the same type in a style and in a style file.
    (@full num) => { f64 };
    (@patch num < $lo:literal , $hi:literal >) => { Ranged<$lo, $hi> };
    (@unwrap num $v:expr) => { $v.0 };
    (@full $kind:ident) => { style_fields!(@type $kind) };
    (@patch $kind:ident) => { style_fields!(@type $kind) };
    (@unwrap $kind:ident $v:expr) => { $v };
    (@type colour) => { Colour };
    (@type case) => { LetterCase };
    (@type flag) => { bool };
    (@type place) => { CaptionPosition };
    (@type font) => { FontFamily };
}

style_fields! {
    /// Page or picture background (`none` for transparent).
    background: colour,
    /// Hole dots.
    hole: colour,
    /// Radius of a hole dot.
    hole_radius: num<10, 300>,
    /// Red pegs and red links.
    red: colour,
    /// Black pegs and black links.
    black: colour,
    /// Red links.
    red_link: colour,
    /// Black links.
    black_link: colour,
    /// Radius of a peg.
    peg_radius: num<100, 500>,
    /// Outline drawn around each peg.
    peg_outline: colour,
    /// Width of the peg outline.
    peg_outline_width: num<0, 200>,
    /// Width of a link.
    link_width: num<10, 500>,
    /// The two lines inside Red's border rows (top and bottom).
    border_red: colour,
    /// The two lines inside Black's border columns (left and right).
    border_black: colour,
    /// Width of the border lines.
    border_width: num<0, 500>,
    /// Diagonal guide lines (blank boards, when asked for).
    guide: colour,
    /// Width of the guide lines.
    guide_width: num<0, 200>,
    /// Move numbers on red pegs.
    label_on_red: colour,
    /// Move numbers on black pegs.
    label_on_black: colour,
    /// Font size of move numbers.
    label_size: num<100, 1000>,
    /// Ring around the last move.
    last_move: colour,
    /// Width of the last-move ring.
    last_move_width: num<0, 300>,
    /// Crosses, letters and arrows.
    mark: colour,
    /// Line width of crosses and arrows.
    mark_width: num<10, 400>,
    /// Highlighted holes and links.
    highlight: colour,
    /// Shaded areas.
    area: colour,
    /// Opacity of shaded areas.
    area_opacity: num<0, 1000>,
    /// Opacity of ghost pegs (alternatives).
    ghost_opacity: num<0, 1000>,
    /// Coordinates around the board.
    coord: colour,
    /// Font size of coordinates.
    coord_size: num<100, 1500>,
    /// Column letters of the coordinates: `lower` (a, b, …) or `upper`
    /// (A, B, …, as many printed diagrams have them).
    coord_case: case,
    /// Show who moves next under the board (a small peg and "Red to
    /// play"); a diagram point's `to-move=yes|no` decides for itself.
    to_move_marker: flag,
    /// Caption text.
    caption: colour,
    /// Font size of captions.
    caption_size: num<200, 3000>,
    /// Caption `below` the board, `above` it, or `none` (left off, so that
    /// a picture's size is its board's); a diagram point's
    /// `caption-position=` decides for itself.
    caption_position: place,
    /// The narrowest measure captions wrap to, in hole spacings: under a
    /// board narrower than this a long caption keeps a readable line and
    /// the picture widens around the board (0: the board's width).
    caption_width: num<0, 100000>,
    /// Font family for all text.
    font_family: font,
    /// Space around the board, inside the picture.
    margin: num<0, 5000>,
}

/// Why a style could not be loaded.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StyleError {
    /// The YAML is invalid or holds a bad value, at a known place.
    #[error("{origin}:{line}:{column}: {message}")]
    Yaml {
        /// The file name, or `built-in style NAME`.
        origin: String,
        /// One-based line.
        line: u64,
        /// One-based column.
        column: u64,
        /// What is wrong.
        message: String,
    },
    /// The YAML is invalid, with no place given.
    #[error("{origin}: {message}")]
    YamlNoLocation {
        /// The file name, or `built-in style NAME`.
        origin: String,
        /// What is wrong.
        message: String,
    },
    /// The name is not a built-in style.
    #[error("unknown style `{0}`: built-in styles are {names}", names = BUILTIN_NAMES.join(", "))]
    UnknownBase(String),
    /// The base style leaves these fields (comma-separated) unset.
    #[error("built-in style is missing fields: {0}")]
    Incomplete(String),
}

/// Wrong content in the input.
impl crate::diagnostic::Explained for StyleError {
    fn is_usage(&self) -> bool {
        false
    }
}

/// Names of the built-in styles.
pub const BUILTIN_NAMES: &[&str] = &["rulebook", "print", "screen"];

fn builtin_text(name: &str) -> Option<&'static str> {
    match name {
        "rulebook" => Some(include_str!("../../../styles/rulebook.yaml")),
        "print" => Some(include_str!("../../../styles/print.yaml")),
        "screen" => Some(include_str!("../../../styles/screen.yaml")),
        _ => None,
    }
}

fn parse_patch(text: &str, origin: &str) -> Result<StylePatch, StyleError> {
    serde_saphyr::from_str::<StylePatch>(text).map_err(|e| {
        let (line, column, message) = crate::yaml_words::explain(&e, text);
        if line == 0 {
            StyleError::YamlNoLocation {
                origin: origin.to_string(),
                message,
            }
        } else {
            StyleError::Yaml {
                origin: origin.to_string(),
                line,
                column,
                message,
            }
        }
    })
}

impl Style {
    /// A built-in style by name (`rulebook`, `print`, `screen`).
    pub fn builtin(name: &str) -> Result<Style, StyleError> {
        let text = builtin_text(name).ok_or_else(|| StyleError::UnknownBase(name.to_string()))?;
        let patch = parse_patch(text, &format!("built-in style {name}"))?;
        if name == "rulebook" {
            return Style::from_complete(patch);
        }
        // Other built-ins are patches over rulebook (one level deep, no cycles).
        let mut style = Style::builtin("rulebook")?;
        patch.apply(&mut style);
        Ok(style)
    }

    /// The default style, as in the printed rulebooks.
    pub fn rulebook() -> Style {
        Style::builtin("rulebook").expect("the built-in rulebook style is valid")
    }

    /// Reads a style file: its fields over the style named by `base:`
    /// (default `rulebook`). `origin` names the file in error messages.
    pub fn from_yaml(text: &str, origin: &str) -> Result<Style, StyleError> {
        let mut patch = parse_patch(text, origin)?;
        let base = patch.base.take().unwrap_or_else(|| "rulebook".to_string());
        let mut style = Style::builtin(&base)?;
        let named = patch.name.is_some();
        patch.apply(&mut style);
        if !named {
            style.name = format!("{base} (modified)");
        }
        Ok(style)
    }
}

/// Why a style named by its user could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum NamedStyleError {
    /// Neither a built-in name nor a readable file.
    #[error(
        "`{arg}` is neither a built-in style ({}) nor a readable style file: {message}{hint}",
        BUILTIN_NAMES.join(", "),
        hint = crate::diagnostic::did_you_mean(arg, BUILTIN_NAMES)
            .map(|n| format!(" (did you mean `{n}`?)"))
            .unwrap_or_default()
    )]
    Unreadable {
        /// The name or path as given.
        arg: String,
        /// Why the file could not be read.
        message: String,
    },
    /// A style file that was read but is no text (not UTF-8): wrong
    /// content, as a style file with a wrong value is.
    #[error("style file `{arg}`: {message}")]
    NotText {
        /// The path as given.
        arg: String,
        /// What is wrong, and where.
        message: String,
    },
    /// A style file that is wrong.
    #[error(transparent)]
    Invalid(#[from] StyleError),
}

/// A file that cannot be read is a usage error; a wrong one, wrong content.
impl crate::diagnostic::Explained for NamedStyleError {
    fn is_usage(&self) -> bool {
        matches!(self, NamedStyleError::Unreadable { .. })
    }
}

impl Style {
    /// A built-in style by name, or else a style file at that path (read
    /// within the YAML size limit).
    pub fn load(arg: &str) -> Result<Style, NamedStyleError> {
        if BUILTIN_NAMES.contains(&arg) {
            return Ok(Style::builtin(arg)?);
        }
        let text = crate::limits::read_regular_text(
            std::path::Path::new(arg),
            crate::limits::MAX_YAML_BYTES,
        )
        .map_err(|e| {
            let (arg, message) = (arg.to_string(), e.to_string());
            if crate::limits::is_content_error(&e) {
                NamedStyleError::NotText { arg, message }
            } else {
                NamedStyleError::Unreadable { arg, message }
            }
        })?;
        Ok(Style::from_yaml(&text, arg)?)
    }
}

impl Default for Style {
    fn default() -> Self {
        Style::rulebook()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_load() {
        for n in BUILTIN_NAMES {
            let s = Style::builtin(n).unwrap();
            assert_eq!(s.name, *n);
        }
    }

    #[test]
    fn colours_are_strict() {
        assert!(Colour::parse("#c00").is_ok());
        assert!(Colour::parse("#C0C0C0").is_ok());
        assert!(Colour::parse("none").is_ok());
        for bad in [
            "#c0",
            "red;",
            "url(#x)",
            "#c00\"/><script>",
            "rgb(1,2,3)",
            "",
        ] {
            assert!(Colour::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Colour::parse("#abc").unwrap().rgb(),
            Some([0xaa, 0xbb, 0xcc])
        );
        assert_eq!(Colour::parse("navy").unwrap().rgb(), Some([0, 0, 0x80]));
    }
}
