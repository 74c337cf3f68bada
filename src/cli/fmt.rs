//! `twixt fmt`: rewrite game scripts in canonical form.

use std::path::PathBuf;
use std::process::ExitCode;

use twixtkit::commands::canonical::{Mode, Run, script_files};

use super::report::{self, Failure};

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

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    let mut run = Run::new(if a.check {
        Mode::Check
    } else {
        Mode::Rewrite { force: a.force }
    });
    for path in &script_files(&a.files)? {
        match run.file(path) {
            // A closed pipe ends the run; a file's failure is reported.
            Ok(done) => report::print(done.into_stdout(path).as_bytes())?,
            Err(e) => _ = Failure::from(e).report(),
        }
    }
    report::note(&run);
    Ok(ExitCode::from(run.status()))
}
