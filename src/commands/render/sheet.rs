//! Positions of a game file laid out on printable pages and written as
//! files: what `twixt sheet` does. Pages are SVG or PNG files (the second
//! and later named by [`page_path`]) or one PDF document.

use std::path::{Path, PathBuf};

use super::{Error, Rendered, info, remove};
use crate::commands::games::SheetRequest;
use crate::diagnostic::Diagnostic;
use crate::diagram::pdf::PdfPages;
use crate::diagram::png::zoom_for_dpi_mm;
pub use crate::diagram::sheet::SheetOptions;
use crate::diagram::sheet::{SheetPlan, frame, picture_pages};
use crate::diagram::{Diagram, PictureFormat};
use crate::open::GameFile;
use crate::output::{check_writable, ensure_not_input, page_path, write_atomic};
use crate::pictures::NamedSvg;

/// The formats pages are written in.
pub const FORMATS: [PictureFormat; 3] =
    [PictureFormat::Svg, PictureFormat::Png, PictureFormat::Pdf];

/// Where and how pages are written.
#[derive(Debug, Clone)]
pub struct SheetOutput {
    /// The first page's file, or the PDF document.
    pub path: PathBuf,
    /// One of [`FORMATS`].
    pub format: PictureFormat,
    /// Resolution of PNG pages, in dots per inch.
    pub dpi: f64,
    /// Files no page may replace (the game file read).
    pub inputs: Vec<PathBuf>,
}

impl SheetOutput {
    /// Pages for the file `path`, in the format its extension names (one of
    /// [`FORMATS`]), PNG pages at `dpi`; never written over `input`.
    pub fn new(path: &Path, dpi: f64, input: &Path) -> Result<SheetOutput, Error> {
        Ok(SheetOutput {
            format: PictureFormat::choose(None, Some(path), &FORMATS)?,
            path: path.to_path_buf(),
            dpi,
            inputs: vec![input.to_path_buf()],
        })
    }

    /// The file of each page (one for PDF), each checked to be writable and
    /// not an input before any is written; the folder they go in is made.
    fn paths(&self, pages: usize) -> Result<Vec<PathBuf>, Error> {
        if self.path.as_os_str() == "-" {
            return Err(Error::SheetToStdout);
        }
        let paths: Vec<PathBuf> = match self.format {
            PictureFormat::Pdf => vec![self.path.clone()],
            _ => (1..=pages).map(|n| page_path(&self.path, n)).collect(),
        };
        for path in &paths {
            ensure_not_input(path, &self.inputs).and_then(|()| check_writable(path))?;
        }
        // Like pictures into a folder, a sheet may go into a folder not made yet.
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::CreateFolder {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        Ok(paths)
    }
}

/// Does the name pattern `only` (`*` any text, `?` one character) keep
/// the picture named `stem`? No pattern keeps every picture.
pub fn wanted(only: Option<&str>, stem: &str) -> bool {
    only.is_none_or(|pattern| {
        let p: Vec<char> = pattern.chars().collect();
        let s: Vec<char> = stem.chars().collect();
        glob(&p, &s)
    })
}

/// `*` matches any run of characters, `?` one; everything else itself.
fn glob(p: &[char], s: &[char]) -> bool {
    // Iterative matching with one backtrack point: linear for one `*`,
    // at worst len(p) × len(s).
    let (mut pi, mut si) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while si < s.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == s[si]) {
            pi += 1;
            si += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, si));
            pi += 1;
        } else if let Some((sp, ss)) = star {
            pi = sp + 1;
            si = ss + 1;
            star = Some((sp, ss + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// Lays the positions the request chooses (those named like its `only`)
/// out on pages in its style and writes them. Two passes over the file keep
/// memory to one page of diagrams: the first plans the pages from the
/// diagrams' frames, the second draws and writes them. Every page's name is
/// checked before the first is written, and on an error no page is left.
/// The PDF's title is the options' `title`.
pub fn write_sheet(file: &GameFile, s: &SheetRequest<'_>) -> Result<Rendered, Error> {
    let mut frames = Vec::new();
    let warnings = file.each_picture(s.choice, |p| {
        if wanted(s.only, &p.stem) {
            frames.push(frame(&p.diagram));
        }
        Ok::<(), Error>(())
    })?;
    let plan = SheetPlan::new(&frames, s.style, s.options).ok_or_else(|| Error::NothingChosen {
        pattern: s.only.map(str::to_string),
        warnings: warnings.clone(),
    })?;
    drop(frames);
    if let Some(asked) = s.options.pitch_mm
        && asked > plan.largest_pitch_mm() + 1e-9
    {
        return Err(Error::PitchTooLarge {
            asked,
            fits: plan.largest_pitch_mm(),
        });
    }
    let paths = s.out.paths(plan.pages())?;
    let written = write_pages(s.out, s.options, &paths, |put| {
        let mut page_no = 0usize;
        let mut on_page: Vec<Diagram> = Vec::with_capacity(plan.per_page());
        let mut emit = |diagrams: &[Diagram]| {
            page_no += 1;
            put(plan.page(page_no - 1, diagrams))
        };
        file.each_picture(s.choice, |p| {
            if !wanted(s.only, &p.stem) {
                return Ok(());
            }
            on_page.push(p.diagram);
            if on_page.len() == plan.per_page() {
                emit(&on_page)?;
                on_page.clear();
            }
            Ok::<(), Error>(())
        })?;
        if !on_page.is_empty() {
            emit(&on_page)?;
        }
        Ok(())
    })?;
    Ok(Rendered {
        written,
        stdout: None,
        warnings,
    })
}

/// Writes the pages `pages` hands over, each as it is done, to `paths`
/// (PNG: a few rasterised together on every core; PDF: into one document
/// written at the end). On an error no page is left.
fn write_pages(
    out: &SheetOutput,
    opts: &SheetOptions,
    paths: &[PathBuf],
    pages: impl FnOnce(&mut dyn FnMut(String) -> Result<(), Error>) -> Result<(), Error>,
) -> Result<Vec<PathBuf>, Error> {
    let mut written = Vec::new();
    let mut pdf = PdfPages::new();
    let mut page_no = 0usize;
    // PNG pages are rasterised a few at a time on every core, written in order.
    let png_batch = 2 * rayon::current_num_threads();
    let mut pngs: Vec<(usize, String)> = Vec::with_capacity(png_batch);
    let zoom = zoom_for_dpi_mm(out.dpi);
    let write_pngs =
        |pngs: &mut Vec<(usize, String)>, written: &mut Vec<PathBuf>| -> Result<(), Error> {
            let svgs: Vec<&str> = pngs.iter().map(|(_, svg)| svg.as_str()).collect();
            let bytes = crate::diagram::png_batch::rasterise(&svgs, zoom);
            for ((n, _), png) in pngs.drain(..).zip(bytes) {
                write_atomic(&paths[n], &png?)?;
                written.push(paths[n].clone());
            }
            Ok(())
        };
    let result = pages(&mut |svg| {
        match out.format {
            PictureFormat::Pdf => pdf.add(&svg)?,
            PictureFormat::Png => {
                pngs.push((page_no, svg));
                if pngs.len() >= png_batch {
                    write_pngs(&mut pngs, &mut written)?;
                }
            }
            _ => {
                write_atomic(&paths[page_no], svg.as_bytes())?;
                written.push(paths[page_no].clone());
            }
        }
        page_no += 1;
        Ok(())
    })
    .and_then(|()| write_pngs(&mut pngs, &mut written))
    .and_then(|()| {
        if out.format == PictureFormat::Pdf {
            let info = info(opts.title.as_deref().unwrap_or_default());
            write_atomic(&paths[0], &pdf.finish(&info)?)?;
            written.push(paths[0].clone());
        }
        Ok(())
    });
    if let Err(e) = result {
        // No half sheet: the pages written before the failure go too.
        remove(&written);
        return Err(e);
    }
    Ok(written)
}

/// [`write_sheet`] for pictures another game drew as SVG, with the
/// problems met choosing them (`warnings`): those the request names placed
/// by the shared page layout on pages in its style (background, title and
/// page numbers), and written as SVG or PNG pages or one PDF.
pub fn write_svg_sheet(
    pictures: Vec<NamedSvg>,
    warnings: Vec<Diagnostic>,
    s: &SheetRequest<'_>,
) -> Result<Rendered, Error> {
    if s.options.pitch_mm.is_some() {
        return Err(Error::PitchOfPictures { game: "TWRS" });
    }
    let svgs: Vec<String> = pictures
        .into_iter()
        .filter(|p| wanted(s.only, &p.stem))
        .map(|p| p.svg)
        .collect();
    let pages = picture_pages(&svgs, s.options, s.style);
    if pages.is_empty() {
        return Err(Error::NothingChosen {
            pattern: s.only.map(str::to_string),
            warnings,
        });
    }
    let paths = s.out.paths(pages.len())?;
    Ok(Rendered {
        written: write_pages(s.out, s.options, &paths, |put| {
            pages.into_iter().try_for_each(put)
        })?,
        stdout: None,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::wanted;

    #[test]
    fn patterns_keep_the_names_they_match() {
        assert!(wanted(None, "anything"));
        assert!(wanted(Some("task-*"), "task-1"));
        assert!(!wanted(Some("task-*"), "solution-1"));
        assert!(wanted(Some("a?c"), "abc"));
        assert!(!wanted(Some("a?c"), "ac"));
        assert!(wanted(Some("*"), ""));
    }
}
