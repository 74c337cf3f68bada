//! `twixt sheet`: positions of a recorded game laid out on printable pages.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::diagram::game::Select;
use twixtkit::diagram::sheet::{Paper, SheetOptions, sheets};
use twixtkit::output::{ensure_not_input, write_atomic};

use twixtkit::diagram::Style;

use super::failure::Failure;
use super::game_args::{GameArgs, LookArgs, SelectArgs};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    select: SelectArgs,
    #[command(flatten)]
    look: LookArgs,
    /// The page file; further pages get -2, -3, … before the extension.
    #[arg(short, long, default_value = "sheet.svg")]
    output: PathBuf,
    /// Paper: a4, a3, a5, letter, legal, or WIDTHxHEIGHT in mm.
    #[arg(long, default_value = "a4")]
    paper: Paper,
    /// Turn the paper long side across.
    #[arg(long)]
    landscape: bool,
    /// Diagrams across (default 2 portrait, 3 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    columns: u8,
    /// Diagrams down (default 3 portrait, 2 landscape).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=12))]
    rows: u8,
}

/// `page.svg`, `page-2.svg`, `page-3.svg`, …
fn page_path(first: &Path, n: usize) -> PathBuf {
    if n == 1 {
        return first.to_path_buf();
    }
    let stem = first
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "sheet".into());
    let name = match first.extension() {
        Some(e) => format!("{stem}-{n}.{}", e.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    first.with_file_name(name)
}

pub fn run(a: Args) -> ExitCode {
    match sheet(&a) {
        Ok(n) => {
            eprintln!("wrote {n} page{}", if n == 1 { "" } else { "s" });
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn sheet(a: &Args) -> Result<usize, Failure> {
    let style = Style::load(&a.look.style)?;
    // The title heads each page, so captions just name the moves.
    let choice = a.look.choice(a.select.chosen(), Select::Every(10), false);
    let drawn = a.game.open()?.pictures(&choice)?;
    let (title, pics) = (drawn.title, drawn.pictures);
    let opts = SheetOptions {
        paper: if a.landscape {
            a.paper.landscape()
        } else {
            a.paper
        },
        columns: usize::from(a.columns),
        rows: usize::from(a.rows),
        title: Some(title),
        ..SheetOptions::default()
    };
    let list: Vec<_> = pics.into_iter().map(|p| p.diagram).collect();
    let pages = sheets(&list, &style, &opts);
    for (i, page) in pages.iter().enumerate() {
        let path = page_path(&a.output, i + 1);
        ensure_not_input(&path, std::slice::from_ref(&a.game.input))
            .map_err(|e| Failure::usage(e.to_string()))?;
        write_atomic(&path, page.as_bytes()).map_err(|e| Failure::usage(e.to_string()))?;
    }
    Ok(pages.len())
}
