//! `twixt fmt`: rewrite game scripts in canonical form.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use twixtkit::output::replace_file;
use twixtkit::script::{parse, write_file};

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
    let name = path.display().to_string();
    // Only regular files (a FIFO or device has nothing to rewrite); a link
    // is followed and the file it points to rewritten, the link kept.
    let text = twixtkit::limits::read_regular_text(path, twixtkit::limits::MAX_INPUT_BYTES)
        .map_err(|e| Failure::usage(format!("cannot read {name}: {e}")))?;
    let canonical = if twixtkit::twrs::script::is_twrs(&text) {
        // A TWRS script: its own reader and writer, the same rules for files.
        let (games, errors) = twixtkit::twrs::script::parse(&text);
        if !errors.is_empty() {
            for e in errors {
                eprint!("{}", super::color::for_stderr(&e.with_file(&name)));
            }
            return Err(Failure::invalid(format!(
                "{name} not formatted: fix the errors above first"
            )));
        }
        twixtkit::twrs::script::write_file(&games)
    } else {
        let parsed = parse(&text);
        if !parsed.errors.is_empty() {
            for e in &parsed.errors {
                eprint!(
                    "{}",
                    super::color::for_stderr(&e.to_diagnostic(&name, &text))
                );
            }
            return Err(Failure::invalid(format!(
                "{name} not formatted: fix the errors above first"
            )));
        }
        write_file(&parsed.file)
    };
    // Whatever twixt writes, twixt reads back.
    let limit = twixtkit::limits::MAX_INPUT_BYTES;
    if canonical.len() as u64 > limit {
        return Err(Failure::usage(format!(
            "{name}: the canonical form would be larger than {}, which twixt cannot read back; split the file",
            twixtkit::limits::describe_bytes(limit)
        )));
    }
    let bom = starts_with_bom(path);
    if canonical == text && !bom {
        return Ok(false);
    }
    if args.check {
        let why = if bom {
            " (it starts with a byte order mark)"
        } else if canonical == text.replace("\r\n", "\n") {
            " (line endings: CRLF, canonical is LF)"
        } else {
            ""
        };
        super::stdout::print(format!("{name}: not in canonical form{why}\n").as_bytes())?;
        return Ok(true);
    }
    let target = std::fs::canonicalize(path)
        .map_err(|e| Failure::usage(format!("cannot resolve {name}: {e}")))?;
    let meta = std::fs::metadata(&target)
        .map_err(|e| Failure::usage(format!("cannot read {name}: {e}")))?;
    if !args.force {
        if meta.permissions().readonly() {
            return Err(Failure::usage(format!(
                "{name} is read-only; not rewritten (--force rewrites it)"
            )));
        }
        let links = hard_links(&meta);
        if links > 1 {
            return Err(Failure::usage(format!(
                "{name} has {links} hard links; rewriting it would part them (--force rewrites it as a file of its own)"
            )));
        }
    }
    replace_file(&target, canonical.as_bytes()).map_err(|e| Failure::usage(e.to_string()))?;
    Ok(true)
}

fn starts_with_bom(path: &Path) -> bool {
    let mut head = [0u8; 3];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == *b"\xEF\xBB\xBF")
}

#[cfg(unix)]
fn hard_links(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn hard_links(_: &std::fs::Metadata) -> u64 {
    1
}
