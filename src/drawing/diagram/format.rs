//! The picture and document formats we write, and how an output file's
//! extension names one. An extension that names no format we write is an
//! error, never a silent fallback to SVG: `-o board.pdf` must not hold SVG,
//! and `-o game.twixt` must not overwrite a game script.

use std::fmt;
use std::path::{Path, PathBuf};

/// A format a diagram or page can be written in. (With the `cli` feature
/// the command line parses it by its extension's name.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum PictureFormat {
    /// Scalable vector graphics, byte-stable.
    Svg,
    /// A raster picture.
    Png,
    /// A vector document; several pictures become its pages.
    Pdf,
    /// Plain text (Unicode or ASCII board drawings).
    Txt,
}

impl PictureFormat {
    /// Every format, in the order help texts list them.
    pub const ALL: [PictureFormat; 4] = [
        PictureFormat::Svg,
        PictureFormat::Png,
        PictureFormat::Pdf,
        PictureFormat::Txt,
    ];

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
            PictureFormat::Pdf => "pdf",
            PictureFormat::Txt => "txt",
        }
    }

    /// The format an extension (any case, no dot) names.
    pub fn from_extension(ext: &str) -> Option<PictureFormat> {
        PictureFormat::ALL
            .into_iter()
            .find(|f| f.extension().eq_ignore_ascii_case(ext))
    }

    /// The format `path`'s extension names: `Ok(None)` when it has no
    /// extension, an error when the extension is not one of `allowed`.
    pub fn of_path(
        path: &Path,
        allowed: &[PictureFormat],
    ) -> Result<Option<PictureFormat>, UnknownFormat> {
        let Some(ext) = path.extension() else {
            return Ok(None);
        };
        let ext = ext.to_string_lossy();
        match PictureFormat::from_extension(&ext) {
            Some(f) if allowed.contains(&f) => Ok(Some(f)),
            _ => Err(UnknownFormat {
                extension: ext.into_owned(),
                allowed: allowed.to_vec(),
            }),
        }
    }

    /// The format to write: `flag` (a format asked for by name), else what
    /// `output`'s extension names, else SVG. A flag not in `allowed`, an
    /// extension that names no allowed format, or a flag and an extension
    /// that disagree are errors. Standard output (`-`) has no extension.
    pub fn choose(
        flag: Option<PictureFormat>,
        output: Option<&Path>,
        allowed: &[PictureFormat],
    ) -> Result<PictureFormat, ChooseError> {
        let from_name = match output {
            Some(p) if p.as_os_str() != "-" => {
                PictureFormat::of_path(p, allowed).map_err(|source| ChooseError::Unknown {
                    path: p.to_path_buf(),
                    source,
                })?
            }
            _ => None,
        };
        if let Some(f) = flag.filter(|f| !allowed.contains(f)) {
            return Err(ChooseError::NotWritten(f));
        }
        match (flag, from_name) {
            (Some(flag), Some(name)) if flag != name => Err(ChooseError::Disagree { flag, name }),
            (Some(f), _) | (None, Some(f)) => Ok(f),
            // A file named with no extension gets no SVG under that name
            // unasked; standard output, a device or a pipe has none to give.
            (None, None) => match output {
                Some(p) if p.as_os_str() != "-" && !crate::output::is_stream(p) => {
                    Err(ChooseError::NoExtension {
                        path: p.to_path_buf(),
                        allowed: allowed.to_vec(),
                    })
                }
                _ => Ok(PictureFormat::Svg),
            },
        }
    }
}

/// Why [`PictureFormat::choose`] found no format to write.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChooseError {
    /// The output file's extension names no allowed format.
    #[error("{}: {source}", path.display())]
    Unknown {
        /// The output file.
        path: PathBuf,
        /// What is wrong with its extension.
        source: UnknownFormat,
    },
    /// The format asked for is not one this writer writes.
    #[error("--format {0} is not written by this command")]
    NotWritten(PictureFormat),
    /// A file named with no extension, and no format asked for.
    #[error("{}: the name has no extension to say its format; end it in {}", path.display(), list(allowed))]
    NoExtension {
        /// The output file.
        path: PathBuf,
        /// The formats the command writes.
        allowed: Vec<PictureFormat>,
    },
    /// The format asked for and the output file's extension disagree.
    #[error("--format {flag} but the output file ends in .{name}; drop one or make them agree")]
    Disagree {
        /// The format asked for.
        flag: PictureFormat,
        /// The format the extension names.
        name: PictureFormat,
    },
}

impl crate::diagnostic::Explained for ChooseError {}

impl fmt::Display for PictureFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

/// An output file's extension names no format this command writes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`.{extension}` is not a format written here; use {}", list(allowed))]
pub struct UnknownFormat {
    /// The extension found, without the dot.
    pub extension: String,
    /// The formats the command writes.
    pub allowed: Vec<PictureFormat>,
}

fn list(allowed: &[PictureFormat]) -> String {
    let names: Vec<String> = allowed.iter().map(|f| format!(".{f}")).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_name_formats_in_any_case() {
        let all = PictureFormat::ALL;
        assert_eq!(
            PictureFormat::of_path(Path::new("a.PDF"), &all),
            Ok(Some(PictureFormat::Pdf))
        );
        assert_eq!(PictureFormat::of_path(Path::new("a"), &all), Ok(None));
        let e = PictureFormat::of_path(
            Path::new("game.twixt"),
            &[PictureFormat::Svg, PictureFormat::Png],
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "`.twixt` is not a format written here; use .svg or .png"
        );
        assert!(PictureFormat::of_path(Path::new("x.txt"), &[PictureFormat::Svg]).is_err());
    }
}
