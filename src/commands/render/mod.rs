//! Pictures of a game file written as files: what `twixt render` does.
//! The positions are chosen by [`GameFile::each_picture`]; this module
//! draws each in its style, encodes it (SVG, PNG, PDF or text) and writes
//! it into one file or a folder of files named after the pictures.
//!
//! ```no_run
//! use twixtkit::commands::render::{Output, write_pictures};
//! let file = twixtkit::open::open("game.tsgf")?;
//! let out = Output::new("pictures".as_ref(), None, twixtkit::diagram::Scale::Px(24.0), None)?;
//! write_pictures(&file, &twixtkit::pictures::Choice::default(), &twixtkit::diagram::Style::rulebook(), &out)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod sheet;
pub mod show;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::diagnostic::Diagnostic;
use crate::diagram::NamedStyleError;
use crate::diagram::pdf::{PdfError, PdfInfo, PdfPages, svgs_to_pdf};
use crate::diagram::png::{PngError, svg_to_png, zoom_for_dpi_mm};
use crate::diagram::{Charset, ChooseError, PictureFormat, Scale, Style, to_svg, to_text};
use crate::open::GameFile;
use crate::output::{FolderLock, NameSet, OutputError, ensure_not_input, write_atomic};
use crate::pictures::Choice;
use crate::pictures::{NamedSvg, Picture};

/// Why pictures or pages could not be made or written.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The game file could not be opened or a game not drawn.
    #[error(transparent)]
    Open(#[from] crate::open::Error),
    /// A style could not be loaded.
    #[error(transparent)]
    Style(#[from] NamedStyleError),
    /// No output format could be agreed on.
    #[error(transparent)]
    PictureFormat(#[from] ChooseError),
    /// The output's extension names no format, and it is not a folder.
    #[error(
        "{}: {source}; or, for a folder of pictures, name one that exists or end the name with `/`",
        path.display()
    )]
    UnknownExtension {
        /// The output path.
        path: PathBuf,
        /// What is wrong with its extension.
        source: crate::diagram::UnknownFormat,
    },
    /// A resolution was given for pictures sized in pixels.
    #[error("--dpi sizes pictures drawn in millimetres; add --pitch 5mm (say)")]
    DpiWithPixels,
    /// An output file could not be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A picture could not be rasterised.
    #[error(transparent)]
    Png(#[from] PngError),
    /// A PDF could not be made.
    #[error(transparent)]
    Pdf(#[from] PdfError),
    /// Several positions were chosen for an output that holds one.
    #[error("{count} positions chosen but {} names one file; give a folder, or a .pdf for one document", path.display())]
    OneFile {
        /// Positions chosen.
        count: usize,
        /// The output file.
        path: PathBuf,
    },
    /// A folder was wanted, and a file has its name.
    #[error("{} is a file: give a folder for the pictures, or a file name ending {}", path.display(), if *text { ".svg, .png, .txt or .pdf" } else { ".svg, .png or .pdf" })]
    NotAFolder {
        /// The output path.
        path: PathBuf,
        /// Whether text pictures could be written.
        text: bool,
    },
    /// A folder could not be created.
    #[error("cannot create {}: {source}", path.display())]
    CreateFolder {
        /// The folder.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Position lines were asked of a game that has none.
    #[error(
        "a position in one line (`--format position`) is TwixT's (size/rules/red/black/links/to-move, which --position reads back); {game} positions have none: `show` prints them as boards, and a script sets one up with #setup lines"
    )]
    NoPositionLine {
        /// The game.
        game: &'static str,
    },
    /// A hole pitch too large for a sheet's cells.
    #[error(
        "--pitch {asked}mm does not fit: the diagrams fit their cells at {:.1}mm at most; give a smaller pitch, fewer --columns or --rows, or larger paper",
        crate::diagram::tenth_below(*.fits)
    )]
    PitchTooLarge {
        /// The pitch asked for, in mm.
        asked: f64,
        /// The largest that fits, in mm.
        fits: f64,
    },
    /// A hole pitch asked of a sheet of pictures another game draws.
    #[error(
        "--pitch sets the scale of TwixT diagrams; a sheet of {game} pictures scales each to its cell (leave --pitch out)"
    )]
    PitchOfPictures {
        /// The game.
        game: &'static str,
    },
    /// JSON positions were asked of a game that has none.
    #[error(
        "positions as JSON (`--format json`) are TwixT's (pegs, links, side to move, outcome); {game} positions have none: `show` prints them as boards"
    )]
    NoPositionJson {
        /// The game.
        game: &'static str,
    },
    /// A sheet was asked for on standard output.
    #[error(
        "a sheet is written as files (pages after the first are numbered): give a file name, not `-`"
    )]
    SheetToStdout,
    /// A script has errors (TWRS's: a file of another game than TwixT);
    /// `diagnostics` locates each.
    #[error("{name}: nothing drawn, the script has errors")]
    ScriptErrors {
        /// The script's name.
        name: String,
        /// One diagnostic per error, ready to print.
        diagnostics: Vec<Diagnostic>,
    },
    /// Nothing was chosen to lay out on pages.
    #[error("{}", match pattern { Some(p) => format!("no diagram point is named like `{p}`: nothing to lay out"), None => "no positions chosen: nothing to lay out".to_string() })]
    NothingChosen {
        /// The name pattern that matched nothing, if one was given.
        pattern: Option<String>,
        /// Problems met while choosing (see [`Rendered::warnings`]).
        warnings: Vec<Diagnostic>,
    },
}

impl crate::diagnostic::Explained for Error {
    /// True for a usage or I/O problem (exit code 2 in the CLI), false when
    /// the input's content is wrong (exit code 1).
    fn is_usage(&self) -> bool {
        match self {
            Error::Open(e) => e.is_usage(),
            Error::Style(e) => e.is_usage(),
            Error::ScriptErrors { .. } => false,
            // Nothing was chosen because the games could not be drawn.
            Error::NothingChosen { warnings, .. } => !warnings
                .iter()
                .any(|w| w.severity == crate::diagnostic::Severity::Error),
            _ => true,
        }
    }

    /// The located diagnostics that explain the error, if any.
    fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Error::Open(e) => e.diagnostics(),
            Error::ScriptErrors { diagnostics, .. } => diagnostics,
            Error::NothingChosen { warnings, .. } => warnings,
            _ => &[],
        }
    }
}

/// Where pictures go: one file, or a folder of files named after them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One file: one picture, or a PDF with a page per picture.
    File(PathBuf, PictureFormat),
    /// A folder (created if missing) with a file per picture.
    Folder(PathBuf, PictureFormat),
}

impl Target {
    /// An existing folder, a name ending in `/`, or a name without an
    /// extension is a folder; a name whose extension names a format is one
    /// file; any other extension (`out.jpg`) is an error, never a folder of
    /// that name. `format` (asked for by name) must agree with the
    /// extension; a folder's pictures are SVG unless it says otherwise.
    pub fn choose(path: &Path, format: Option<PictureFormat>) -> Result<Target, Error> {
        // A device or pipe (`/dev/null`, a FIFO, `/dev/stdout`) takes one
        // picture or document as a stream, as `-` does.
        let stream = crate::output::is_stream(path);
        let folder = !stream
            && (path.is_dir()
                || path.as_os_str().to_string_lossy().ends_with('/')
                || path.extension().is_none());
        if path == Path::new("-") || stream && path.extension().is_none() {
            // Standard output: one picture, or one PDF document.
            let f = PictureFormat::choose(format, None, &PictureFormat::ALL)?;
            Ok(Target::File(path.to_path_buf(), f))
        } else if folder {
            let f = PictureFormat::choose(format, None, &PictureFormat::ALL)?;
            Ok(Target::Folder(path.to_path_buf(), f))
        } else {
            let f = PictureFormat::choose(format, Some(path), &PictureFormat::ALL).map_err(
                |e| match e {
                    ChooseError::Unknown { path, source } => {
                        Error::UnknownExtension { path, source }
                    }
                    other => Error::PictureFormat(other),
                },
            )?;
            Ok(Target::File(path.to_path_buf(), f))
        }
    }
}

/// Where and how pictures are written.
#[derive(Debug, Clone)]
pub struct Output {
    /// The file or folder.
    pub target: Target,
    /// Distance between neighbouring holes.
    pub scale: Scale,
    /// Rasterising zoom for PNG (see [`zoom`]).
    pub zoom: f64,
    /// Characters of text pictures.
    pub charset: Charset,
    /// Files no picture may replace (the game file read).
    pub inputs: Vec<PathBuf>,
}

impl Output {
    /// Pictures written to `path` ([`Target::choose`]) at `scale`, PNG at
    /// `dpi` ([`zoom`]), text in Unicode, replacing no input.
    pub fn new(
        path: &Path,
        format: Option<PictureFormat>,
        scale: Scale,
        dpi: Option<f64>,
    ) -> Result<Output, Error> {
        let target = Target::choose(path, format)?;
        Ok(Output {
            target,
            scale,
            zoom: zoom(scale, dpi)?,
            charset: Charset::Unicode,
            inputs: Vec::new(),
        })
    }

    /// Writes one file, or keeps the bytes for standard output (`-`).
    fn put(&self, path: &Path, bytes: Vec<u8>, stdout: &mut Option<Vec<u8>>) -> Result<(), Error> {
        if path == Path::new("-") {
            *stdout = Some(bytes);
            return Ok(());
        }
        self.write(path, &bytes)
    }

    /// Writes `bytes` to `path`, never over an input.
    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), Error> {
        // A picture named like the game file must not replace it.
        ensure_not_input(path, &self.inputs)?;
        Ok(write_atomic(path, bytes)?)
    }

    /// The folder `path`, created if missing and locked for this run.
    fn folder(&self, path: &Path, text: bool) -> Result<FolderLock, Error> {
        if path.exists() && !path.is_dir() {
            return Err(Error::NotAFolder {
                path: path.to_path_buf(),
                text,
            });
        }
        std::fs::create_dir_all(path).map_err(|source| Error::CreateFolder {
            path: path.to_path_buf(),
            source,
        })?;
        Ok(FolderLock::take(path)?)
    }
}

/// The PNG zoom for pictures drawn at `scale`: pictures in millimetres are
/// rasterised at `dpi` (default 96); pictures in pixels take no `dpi`.
pub fn zoom(scale: Scale, dpi: Option<f64>) -> Result<f64, Error> {
    match (scale, dpi) {
        (Scale::Mm(_), dpi) => Ok(zoom_for_dpi_mm(dpi.unwrap_or(96.0))),
        (Scale::Px(_), None) => Ok(1.0),
        (Scale::Px(_), Some(_)) => Err(Error::DpiWithPixels),
    }
}

/// What a run wrote, and the problems it let through.
#[derive(Debug, Clone)]
pub struct Rendered {
    /// The files written, in order.
    pub written: Vec<PathBuf>,
    /// The picture (or PDF) for standard output, when the target is `-`:
    /// the caller writes it.
    pub stdout: Option<Vec<u8>>,
    /// Problems [`Choice::lenient`] let through, and the errors of games
    /// skipped in a file of several (severity error).
    pub warnings: Vec<Diagnostic>,
}

/// PDF metadata titled `title`.
pub(crate) fn info(title: &str) -> PdfInfo {
    PdfInfo {
        title: Some(title.to_string()),
        authors: Vec::new(),
    }
}

/// Draws the positions `choice` asks for in `style` (a diagram point's own
/// style where it names one) and writes them to `out`. Each picture is
/// encoded and written as soon as it is drawn, so memory holds one game and
/// one picture, not every picture of the run. On an error no picture of
/// the run is left in a folder.
pub fn write_pictures(
    file: &GameFile,
    choice: &Choice,
    style: &Style,
    out: &Output,
) -> Result<Rendered, Error> {
    let title = file.title();
    // Styles named by diagram points, read once each.
    let mut styles: BTreeMap<String, Style> = BTreeMap::new();
    let svg_of = |p: &Picture| -> Result<String, Error> {
        let look = match &p.style {
            None => style,
            Some(name) => {
                if !styles.contains_key(name) {
                    styles.insert(name.clone(), Style::load(name)?);
                }
                &styles[name]
            }
        };
        Ok(to_svg(&p.diagram, look, out.scale))
    };
    write_each(
        out,
        &title,
        |put| file.each_picture(choice, put),
        |p: &Picture| &p.stem,
        svg_of,
        |p| to_text(&p.diagram, out.charset),
    )
}

/// Writes the pictures `each` hands over (it returns the problems it let
/// through) to `out`, each encoded and written as soon as it comes, so
/// that memory holds one picture, not the run: `svg` and `text` draw a
/// picture, `stem` names its file in a folder; `title` goes into a PDF's
/// metadata. On an error no picture of the run is left in a folder.
fn write_each<P>(
    out: &Output,
    title: &str,
    each: impl FnOnce(&mut dyn FnMut(P) -> Result<(), Error>) -> Result<Vec<Diagnostic>, Error>,
    stem: impl Fn(&P) -> &str,
    mut svg_of: impl FnMut(&P) -> Result<String, Error>,
    text: impl Fn(&P) -> String,
) -> Result<Rendered, Error> {
    let encode = |p: &P, format: PictureFormat, svg: &str| -> Result<Vec<u8>, Error> {
        match format {
            PictureFormat::Svg => Ok(svg.as_bytes().to_vec()),
            PictureFormat::Png => Ok(svg_to_png(svg, out.zoom)?),
            PictureFormat::Txt => Ok(text(p).into_bytes()),
            PictureFormat::Pdf => Ok(svgs_to_pdf(&[svg], &info(title))?),
        }
    };
    let mut stdout = None;
    let (warnings, mut written) = match &out.target {
        Target::File(path, PictureFormat::Pdf) => {
            let mut pdf = PdfPages::new();
            let warnings = each(&mut |p| Ok(pdf.add(&svg_of(&p)?)?))?;
            out.put(path, pdf.finish(&info(title))?, &mut stdout)?;
            (warnings, vec![path.clone()])
        }
        Target::File(path, format) => {
            let mut only = None;
            let mut count = 0usize;
            let warnings = each(&mut |p| {
                count += 1;
                only = Some(p);
                Ok(())
            })?;
            match only {
                Some(p) if count == 1 => {
                    let bytes = encode(&p, *format, &svg_of(&p)?)?;
                    out.put(path, bytes, &mut stdout)?;
                }
                _ => {
                    return Err(Error::OneFile {
                        count,
                        path: path.clone(),
                    });
                }
            }
            (warnings, vec![path.clone()])
        }
        Target::Folder(folder, format) => {
            // The folder is made with the first picture: a game that cannot
            // be drawn leaves nothing behind, not even an empty folder.
            let mut lock = None;
            let mut names = NameSet::new();
            let mut written = Vec::new();
            // PNG pictures are rasterised a few at a time on every core, as
            // many as the memory budget allows, and written in order: memory
            // holds a batch, not the run.
            let png_batch = 2 * rayon::current_num_threads();
            let mut pngs: Vec<(PathBuf, String)> = Vec::with_capacity(png_batch);
            let result = each(&mut |p| {
                if lock.is_none() {
                    lock = Some(out.folder(folder, true)?);
                }
                let path = folder.join(names.claim(stem(&p), format.extension()));
                let svg = if *format == PictureFormat::Txt {
                    String::new()
                } else {
                    svg_of(&p)?
                };
                if *format == PictureFormat::Png {
                    pngs.push((path, svg));
                    if pngs.len() >= png_batch {
                        write_pngs(out, &mut pngs, &mut written)?;
                    }
                    return Ok(());
                }
                out.write(&path, &encode(&p, *format, &svg)?)?;
                written.push(path);
                Ok(())
            })
            .and_then(|warnings| {
                write_pngs(out, &mut pngs, &mut written)?;
                Ok(warnings)
            });
            match result {
                Ok(warnings) => {
                    if lock.is_none() {
                        out.folder(folder, true)?;
                    }
                    (warnings, written)
                }
                Err(e) => {
                    remove(&written);
                    return Err(e);
                }
            }
        }
    };
    // The one picture that went to standard output names no file.
    if stdout.is_some() {
        written.clear();
    }
    Ok(Rendered {
        written,
        stdout,
        warnings,
    })
}

/// Rasterises the pictures of `batch` in parallel and writes them in order.
fn write_pngs(
    out: &Output,
    batch: &mut Vec<(PathBuf, String)>,
    written: &mut Vec<PathBuf>,
) -> Result<(), Error> {
    let svgs: Vec<&str> = batch.iter().map(|(_, svg)| svg.as_str()).collect();
    let pngs: Vec<Result<Vec<u8>, PngError>> =
        crate::diagram::png_batch::rasterise(&svgs, out.zoom);
    for ((path, _), png) in batch.drain(..).zip(pngs) {
        out.write(&path, &png?)?;
        written.push(path);
    }
    Ok(())
}

pub(crate) fn remove(written: &[PathBuf]) {
    for p in written {
        let _ = std::fs::remove_file(p);
    }
}

/// Pictures another game drew as SVG (and as text), written as
/// [`write_pictures`] writes TwixT's: one file, a PDF of them all, or a
/// folder of files named after them, as SVG, PNG, PDF or text; `title`
/// goes into a PDF's metadata, and `warnings` (the problems met choosing
/// them) into what is returned.
pub fn write_svg_pictures(
    pictures: &[NamedSvg],
    warnings: Vec<Diagnostic>,
    title: &str,
    out: &Output,
) -> Result<Rendered, Error> {
    write_each(
        out,
        title,
        |put| {
            for p in pictures {
                put(p)?;
            }
            Ok(warnings)
        },
        |p: &&NamedSvg| &p.stem,
        |p| Ok(p.svg.clone()),
        |p| p.text.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_ending_in_a_format_is_one_file_else_a_folder() {
        assert_eq!(
            Target::choose(Path::new("x.png"), None).unwrap(),
            Target::File("x.png".into(), PictureFormat::Png)
        );
        assert_eq!(
            Target::choose(Path::new("out"), Some(PictureFormat::Pdf)).unwrap(),
            Target::Folder("out".into(), PictureFormat::Pdf)
        );
        assert!(matches!(
            Target::choose(Path::new("x.png"), Some(PictureFormat::Svg)),
            Err(Error::PictureFormat(ChooseError::Disagree { .. }))
        ));
        // A name that asks for a format we do not write is refused, not
        // taken as a folder; a folder may be named with a dot when it ends
        // in `/` or exists.
        let e = Target::choose(Path::new("y.jpg"), None).unwrap_err();
        assert!(matches!(e, Error::UnknownExtension { .. }), "{e}");
        assert!(e.to_string().contains(".jpg"), "{e}");
        assert_eq!(
            Target::choose(Path::new("v1.2/"), None).unwrap(),
            Target::Folder("v1.2/".into(), PictureFormat::Svg)
        );
        let dir = tempfile::tempdir().unwrap();
        let dotted = dir.path().join("pictures.d");
        std::fs::create_dir(&dotted).unwrap();
        assert_eq!(
            Target::choose(&dotted, Some(PictureFormat::Png)).unwrap(),
            Target::Folder(dotted.clone(), PictureFormat::Png)
        );
    }

    #[test]
    fn dpi_is_for_pictures_in_millimetres() {
        assert!(matches!(
            zoom(Scale::Px(24.0), Some(96.0)),
            Err(Error::DpiWithPixels)
        ));
        assert_eq!(zoom(Scale::Px(24.0), None).unwrap(), 1.0);
        assert!(zoom(Scale::Mm(5.0), None).unwrap() > 0.0);
    }
}
