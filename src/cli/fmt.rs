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

pub fn run(args: Args) -> ExitCode {
    let mut code = 0u8;
    let files = match script_files(&args.files) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut changed, mut canonical_already) = (0usize, 0usize);
    for path in &files {
        match format_one(path, &args) {
            Ok(true) => changed += 1,
            Ok(false) => canonical_already += 1,
            Err(Failure { code: c, message }) => {
                if !message.is_empty() {
                    eprintln!("error: {message}");
                }
                if c == 141 {
                    return ExitCode::from(c);
                }
                code = code.max(c);
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
    ExitCode::from(code)
}

/// Formats one script; true when it was (or, with `--check`, would be)
/// changed.
fn format_one(path: &Path, args: &Args) -> Result<bool, Failure> {
    if args.check {
        let Some(difference) = check_file(path)? else {
            return Ok(false);
        };
        let name = path.display();
        super::stdout::print(
            format!("{name}: not in canonical form{}\n", difference.note()).as_bytes(),
        )?;
        Ok(true)
    } else {
        Ok(format_in_place(path, args.force)?)
    }
}
