//! `twixt fmt`: rewrite game scripts in canonical form.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::canonical::{check_file, format_in_place, script_files};

use super::failure::Failure;

#[derive(clap::Args)]
pub struct Args {
    /// Script files (.twixt) to rewrite in place, or folders: every `.twixt`
    /// file directly inside them.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Change nothing; exit 1 and name each file that is not canonical.
    #[arg(long)]
    check: bool,
    /// Rewrite read-only files and files with several hard links too (a
    /// hard-linked file becomes a file of its own).
    #[arg(long)]
    force: bool,
}

pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let files = script_files(&args.files)?;
    let (mut changed, mut canonical_already, mut code) = (0usize, 0usize, 0u8);
    for path in &files {
        match format_one(path, &args) {
            Ok(true) => changed += 1,
            Ok(false) => canonical_already += 1,
            // A closed pipe ends the run; other failures are the file's.
            Err(f) if f.code == 141 => return Err(f),
            Err(f) => {
                code = code.max(f.code);
                let _ = f.report();
            }
        }
    }
    if args.check && changed > 0 {
        code = code.max(1);
    }
    let verb = if args.check {
        "not in canonical form"
    } else {
        "rewritten"
    };
    eprintln!(
        "{changed} {} {verb}, {canonical_already} already canonical",
        if changed == 1 { "file" } else { "files" }
    );
    Ok(ExitCode::from(code))
}

/// Formats one script; true when it was (or, with `--check`, would be)
/// changed.
fn format_one(path: &Path, args: &Args) -> Result<bool, Failure> {
    if args.check {
        let Some(difference) = check_file(path)? else {
            return Ok(false);
        };
        let name = twixtkit::diagnostic::printable(&path.display().to_string());
        super::terminal::print(
            format!("{name}: not in canonical form{}\n", difference.note()).as_bytes(),
        )?;
        Ok(true)
    } else {
        Ok(format_in_place(path, args.force)?)
    }
}
