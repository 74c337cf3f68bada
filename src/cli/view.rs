//! `twixt view`: games as one interactive HTML page.

use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::BoardSize;
use twixtkit::diagram::Style;
use twixtkit::open::{OpenOptions, game_files};
use twixtkit::output::{ensure_not_input, write_atomic};
use twixtkit::rules::RuleSet;
use twixtkit::view::html::to_html;
use twixtkit::view::{ViewError, open_input, view_inputs};

use super::failure::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// Game files (.twixt, .tsgf, .T1, .txt, .moves) and folders of them.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The page to write (.html).
    #[arg(short, long)]
    output: PathBuf,
    /// Board style: rulebook, print, screen, or a YAML style file.
    #[arg(long, default_value = "rulebook")]
    style: String,
    /// Page title (default: the game's title, or the first file's name).
    #[arg(long)]
    title: Option<String>,
    /// Rule set for files that do not record it (pencil, board, schmidt, dujardin, t1).
    #[arg(long)]
    rules: Option<String>,
    /// Board size for move lists, e.g. 24 or 30x20.
    #[arg(long)]
    size: Option<BoardSize>,
    /// The inputs' format, over what their extensions say.
    #[arg(long, value_enum, value_name = "FORMAT")]
    from: Option<super::game_args::InputFormat>,
}

pub fn run(a: Args) -> ExitCode {
    match view(&a) {
        Ok(n) => {
            eprintln!(
                "wrote {} ({n} game{})",
                a.output.display(),
                if n == 1 { "" } else { "s" }
            );
            ExitCode::SUCCESS
        }
        Err(f) => f.report(),
    }
}

fn view(a: &Args) -> Result<usize, Failure> {
    let html = a
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    if !html {
        return Err(Failure::usage(format!(
            "{}: the viewer is written as .html",
            a.output.display()
        )));
    }
    let style = Style::load(&a.style)?;
    let options = OpenOptions {
        rules: match &a.rules {
            Some(name) => Some(RuleSet::preset(name).map_err(|e| Failure::usage(e.to_string()))?),
            None => None,
        },
        size: a.size,
        format: a.from.map(Into::into),
    };
    let mut missing = Vec::new();
    let paths = game_files(&a.inputs, &mut missing);
    if let Some(s) = missing.first() {
        return Err(Failure::usage(s.to_string()));
    }
    let files = paths
        .iter()
        .map(|p| open_input(p, &options))
        .collect::<Result<Vec<_>, _>>()?;
    let games = view_inputs(&files).map_err(|e| {
        if let ViewError::Invalid { diagnostics, .. } = &e {
            for d in diagnostics {
                eprint!("{d}");
            }
        }
        match e {
            ViewError::Empty => Failure::usage(e.to_string()),
            _ => Failure::invalid(e.to_string()),
        }
    })?;
    let title = a.title.clone().unwrap_or_else(|| {
        if games.len() == 1 {
            games[0].title.clone()
        } else {
            a.inputs[0]
                .file_stem()
                .map_or_else(|| "Games".into(), |s| s.to_string_lossy().into_owned())
        }
    });
    ensure_not_input(&a.output, &paths).map_err(|e| Failure::usage(e.to_string()))?;
    write_atomic(&a.output, to_html(&games, &style, &title).as_bytes())
        .map_err(|e| Failure::usage(e.to_string()))?;
    Ok(games.len())
}
