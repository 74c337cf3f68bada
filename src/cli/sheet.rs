//! `twixt sheet`: positions of a recorded game laid out on printable pages.

use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::diagram::game::Select;
use twixtkit::diagram::pdf::{PdfInfo, PdfPages};
use twixtkit::diagram::png::{svg_to_png, zoom_for_dpi_mm};
use twixtkit::diagram::sheet::{Paper, SheetOptions, SheetPlan, frame};
use twixtkit::diagram::{Diagram, Format};
use twixtkit::output::{check_writable, ensure_not_input, page_path, write_atomic};

use twixtkit::diagram::Style;

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs, SelectArgs};
use super::out_format::choose;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// The output file: .svg or .png (further pages get -2, -3, … before
    /// the extension) or .pdf (one document holding every page).
    #[arg(short, long, default_value = "sheet.svg")]
    output: PathBuf,
    /// Resolution of PNG pages, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = super::board::dpi)]
    dpi: f64,
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Turn the paper long side across.
    #[arg(long)]
    landscape: bool,
    /// Diagrams across (default 2 portrait, 3 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    columns: u8,
    /// Only the diagram points whose names match this pattern (`*` any
    /// text, `?` one character), e.g. `task-*` for a page of puzzles and
    /// `solution-*` for the answers.
    #[arg(long, value_name = "PATTERN")]
    only: Option<String>,
    /// The title printed at the top of every page (default: the game's
    /// title; `--title ""` prints none).
    #[arg(long)]
    title: Option<String>,
    /// Diagrams down (default 3 portrait, 2 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    rows: u8,
}

pub fn run(a: Args) -> ExitCode {
    match sheet(&a) {
        Ok(files) => {
            eprintln!("{}", super::stdout::wrote(&files));
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn sheet(a: &Args) -> Result<Vec<PathBuf>, Failure> {
    let format = choose(
        None,
        Some(&a.output),
        &[Format::Svg, Format::Png, Format::Pdf],
    )?;
    if twixtkit::twrs::file::sniff(&a.game.input) {
        return sheet_twrs(a, format);
    }
    let style = Style::load(&a.look.style)?;
    // The title heads each page, so captions just name the moves.
    let choice = a.look.choice(a.select.chosen(), Select::Every(10), false);
    let file = a.game.open()?;
    let title = a.title.clone().unwrap_or_else(|| file.title());
    let opts = options(a, &title);
    // Two passes keep memory to one page of diagrams: the first plans the
    // pages from the diagrams' frames, the second draws and writes them.
    let mut frames = Vec::new();
    let warnings = file.each_picture(&choice, |p| {
        if !wanted(a, &p.stem) {
            return Ok(());
        }
        frames.push(frame(&p.diagram));
        Ok::<(), Failure>(())
    })?;
    if frames.is_empty() {
        super::failure::report_problems(&warnings, "")?;
    }
    let plan = SheetPlan::new(&frames, &style, &opts).ok_or_else(|| match &a.only {
        Some(p) => Failure::usage(format!(
            "no diagram point is named like `{p}`: nothing to lay out"
        )),
        None => Failure::usage("no positions chosen: nothing to lay out"),
    })?;
    drop(frames);
    let paths: Vec<PathBuf> = match format {
        Format::Pdf => vec![a.output.clone()],
        _ => (1..=plan.pages())
            .map(|n| page_path(&a.output, n))
            .collect(),
    };
    // Every name is checked before the first page is written.
    for path in &paths {
        ensure_not_input(path, std::slice::from_ref(&a.game.input))
            .and_then(|()| check_writable(path))
            .map_err(|e| Failure::usage(e.to_string()))?;
    }
    // Like `render -o DIR`, a sheet may go into a folder not made yet.
    if let Some(dir) = a.output.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let mut written = Vec::new();
    let result = write_pages(
        a,
        &file,
        &choice,
        &plan,
        format,
        &paths,
        &title,
        &mut written,
    );
    if result.is_err() {
        // No half sheet: the pages written before the failure go too.
        for p in &written {
            let _ = std::fs::remove_file(p);
        }
    }
    result?;
    super::failure::report_problems(&warnings, &super::stdout::wrote(&written))?;
    Ok(written)
}

/// Draws the pages of `plan` one by one and writes each as it is done (PDF:
/// into one document written at the end).
#[allow(clippy::too_many_arguments)]
fn write_pages(
    a: &Args,
    file: &twixtkit::open::GameFile,
    choice: &twixtkit::Choice,
    plan: &SheetPlan,
    format: Format,
    paths: &[PathBuf],
    title: &str,
    written: &mut Vec<PathBuf>,
) -> Result<(), Failure> {
    let mut pdf = PdfPages::new();
    let mut page_no = 0usize;
    let mut emit = |diagrams: &[Diagram], written: &mut Vec<PathBuf>| -> Result<(), Failure> {
        let svg = plan.page(page_no, diagrams);
        let bytes = match format {
            Format::Pdf => {
                pdf.add(&svg).map_err(|e| Failure::usage(e.to_string()))?;
                page_no += 1;
                return Ok(());
            }
            Format::Png => svg_to_png(&svg, zoom_for_dpi_mm(a.dpi))
                .map_err(|e| Failure::usage(e.to_string()))?,
            _ => svg.into_bytes(),
        };
        write_atomic(&paths[page_no], &bytes).map_err(|e| Failure::usage(e.to_string()))?;
        written.push(paths[page_no].clone());
        page_no += 1;
        Ok(())
    };
    let mut on_page: Vec<Diagram> = Vec::with_capacity(plan.per_page());
    file.each_picture(choice, |p| {
        if !wanted(a, &p.stem) {
            return Ok(());
        }
        on_page.push(p.diagram);
        if on_page.len() == plan.per_page() {
            emit(&on_page, written)?;
            on_page.clear();
        }
        Ok::<(), Failure>(())
    })?;
    if !on_page.is_empty() {
        emit(&on_page, written)?;
    }
    if format == Format::Pdf {
        let info = PdfInfo {
            title: Some(title.to_string()),
            authors: Vec::new(),
        };
        let bytes = pdf
            .finish(&info)
            .map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(&paths[0], &bytes).map_err(|e| Failure::usage(e.to_string()))?;
        written.push(paths[0].clone());
    }
    Ok(())
}

/// A TWRS script's pictures laid out on pages (each drawn by the TWRS
/// drawing, then placed by the shared page layout).
fn sheet_twrs(a: &Args, format: Format) -> Result<Vec<PathBuf>, Failure> {
    super::twrs_input::refuse_selection(&a.select)?;
    let file = super::twrs_input::load(&a.game.input)?;
    let pictures = super::twrs_input::drawn(&file, file.pictures())?;
    let title = a.title.clone().unwrap_or_else(|| file.title());
    let opts = options(a, &title);
    let svgs: Vec<String> = pictures
        .into_iter()
        .filter(|p| wanted(a, &p.stem))
        .map(|p| p.svg)
        .collect();
    let pages = twixtkit::diagram::sheet::picture_pages(&svgs, &opts, &Style::rulebook());
    if pages.is_empty() {
        return Err(Failure::usage("no positions chosen: nothing to lay out"));
    }
    let paths: Vec<PathBuf> = match format {
        Format::Pdf => vec![a.output.clone()],
        _ => (1..=pages.len()).map(|n| page_path(&a.output, n)).collect(),
    };
    for path in &paths {
        ensure_not_input(path, std::slice::from_ref(&a.game.input))
            .and_then(|()| check_writable(path))
            .map_err(|e| Failure::usage(e.to_string()))?;
    }
    if let Some(dir) = a.output.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::usage(format!("cannot create {}: {e}", dir.display())))?;
    }
    let usage = |e: String| Failure::usage(e);
    if format == Format::Pdf {
        let refs: Vec<&str> = pages.iter().map(String::as_str).collect();
        let info = PdfInfo {
            title: Some(title),
            authors: Vec::new(),
        };
        let bytes =
            twixtkit::diagram::pdf::svgs_to_pdf(&refs, &info).map_err(|e| usage(e.to_string()))?;
        write_atomic(&paths[0], &bytes).map_err(|e| usage(e.to_string()))?;
        return Ok(paths);
    }
    let mut written = Vec::new();
    for (page, path) in pages.iter().zip(&paths) {
        let bytes = match format {
            Format::Png => {
                svg_to_png(page, zoom_for_dpi_mm(a.dpi)).map_err(|e| usage(e.to_string()))
            }
            _ => Ok(page.clone().into_bytes()),
        };
        if let Err(f) = bytes.and_then(|b| write_atomic(path, &b).map_err(|e| usage(e.to_string())))
        {
            for p in &written {
                let _ = std::fs::remove_file(p);
            }
            return Err(f);
        }
        written.push(path.clone());
    }
    Ok(written)
}

/// Does `--only` keep the picture named `stem`?
fn wanted(a: &Args, stem: &str) -> bool {
    a.only.as_deref().is_none_or(|pattern| {
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

/// The page layout the options ask for, with `title` on every page (none
/// when it is empty).
fn options(a: &Args, title: &str) -> SheetOptions {
    SheetOptions {
        paper: if a.landscape {
            a.paper.landscape()
        } else {
            a.paper
        },
        columns: usize::from(a.columns),
        rows: usize::from(a.rows),
        title: Some(title.to_string()).filter(|t| !t.is_empty()),
        ..SheetOptions::default()
    }
}
