//! `--format` and the output file's extension, agreed into one format.

use std::path::Path;

use twixtkit::diagram::Format;

use super::failure::Failure;

/// The `--format` values.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    Svg,
    Png,
    Pdf,
    Txt,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Svg => Format::Svg,
            FormatArg::Png => Format::Png,
            FormatArg::Pdf => Format::Pdf,
            FormatArg::Txt => Format::Txt,
        }
    }
}

/// [`Format::choose`] with the flag as given; its errors are usage errors.
pub fn choose(
    flag: Option<FormatArg>,
    output: Option<&Path>,
    allowed: &[Format],
) -> Result<Format, Failure> {
    Format::choose(flag.map(Format::from), output, allowed)
        .map_err(|e| Failure::usage(e.to_string()))
}
