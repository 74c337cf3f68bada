//! `twixt fmt`: rewrite game scripts in canonical form.

use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::output::write_atomic;
use twixtkit::script::{parse, write_file};

#[derive(clap::Args)]
pub struct Args {
    /// Script files (.twixt) to rewrite in place, or folders: every `.twixt`
    /// file directly inside them.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Change nothing; exit 1 and name each file that is not canonical.
    #[arg(long)]
    check: bool,
}

/// The files named, with each folder replaced by the `.twixt` files directly
/// inside it, sorted (links and subfolders are not followed).
fn script_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if !p.is_dir() {
            out.push(p.clone());
            continue;
        }
        let entries =
            std::fs::read_dir(p).map_err(|e| format!("cannot read folder {}: {e}", p.display()))?;
        let mut found: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
            .map(|e| e.path())
            .filter(|f| {
                f.extension()
                    .is_some_and(|x| x.eq_ignore_ascii_case("twixt"))
            })
            .collect();
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

pub fn run(args: Args) -> ExitCode {
    let mut code = 0u8;
    let files = match script_files(&args.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    for path in &files {
        let name = path.display().to_string();
        let text = match twixtkit::limits::read_text(path, twixtkit::limits::MAX_INPUT_BYTES) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {name}: {e}");
                code = code.max(2);
                continue;
            }
        };
        let parsed = parse(&text);
        if !parsed.errors.is_empty() {
            for e in &parsed.errors {
                eprint!("{}", e.to_diagnostic(&name, &text));
            }
            eprintln!("error: {name} not formatted: fix the errors above first");
            code = code.max(1);
            continue;
        }
        let canonical = write_file(&parsed.file);
        if canonical == text {
            continue;
        }
        if args.check {
            if let Err(f) =
                super::stdout::print(format!("{name}: not in canonical form\n").as_bytes())
            {
                return f.report();
            }
            code = code.max(1);
        } else if let Err(e) = write_atomic(path, canonical.as_bytes()) {
            eprintln!("error: {e}");
            code = code.max(2);
        }
    }
    ExitCode::from(code)
}
