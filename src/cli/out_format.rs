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

/// The flag, else the output file's extension, else SVG. A flag the command
/// cannot write, an unknown extension, or a flag and an extension that
/// disagree are usage errors.
pub fn choose(
    flag: Option<FormatArg>,
    output: Option<&Path>,
    allowed: &[Format],
) -> Result<Format, Failure> {
    let from_name = match output {
        Some(p) if p.as_os_str() != "-" => Format::of_path(p, allowed)
            .map_err(|e| Failure::usage(format!("{}: {e}", p.display())))?,
        _ => None,
    };
    let flag = flag.map(Format::from);
    if let Some(f) = flag.filter(|f| !allowed.contains(f)) {
        return Err(Failure::usage(format!(
            "--format {f} is not written by this command"
        )));
    }
    match (flag, from_name) {
        (Some(f), Some(n)) if f != n => Err(Failure::usage(format!(
            "--format {f} but the output file ends in .{n}; drop one or make them agree"
        ))),
        (Some(f), _) | (None, Some(f)) => Ok(f),
        (None, None) => Ok(Format::Svg),
    }
}
