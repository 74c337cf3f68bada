//! The `twixt` command line: a thin layer over the library. Each subcommand
//! lives in its own module under `src/cli/`.

// The doc comments of clap's arguments are the `--help` text, written for a
// terminal: `[Language]` and `<iframe>` there are words, not links or HTML.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
// Every message goes through `cli::report`, which never panics when
// standard error is closed (`2>&-`): not through the standard macros.
#![deny(clippy::print_stderr, clippy::print_stdout)]

use std::process::ExitCode;

use clap::Parser as _;

mod cli;

fn main() -> ExitCode {
    // `twixt book` typesets in a child process of this same binary, run
    // with a first argument no person types (it is in no help).
    #[cfg(feature = "typst")]
    {
        let mut args = std::env::args_os().skip(1);
        if args.next().as_deref() == Some(std::ffi::OsStr::new(twixtkit::book::CHILD_COMMAND)) {
            return ExitCode::from(twixtkit::book::serve_typesetting(args.next().as_deref()));
        }
    }
    match cli::Cli::try_parse() {
        Ok(args) => cli::run(args),
        Err(e) if asked_for_text(&e) => print_asked(&e),
        Err(e) => cli::argument_error(e),
    }
}

/// `--help` and `--version`: what was asked for goes to standard output.
fn asked_for_text(e: &clap::Error) -> bool {
    use clap::error::ErrorKind;
    matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
}

/// Prints the help or version text (in colour on a terminal); a write
/// that fails is reported, so the text is never lost with status 0: a
/// closed pipe ends quietly with 141, as every other output does, any
/// other failure (a full disk) says so and exits 2.
fn print_asked(e: &clap::Error) -> ExitCode {
    use std::io::Write as _;
    let text = e.render().ansi().to_string();
    let mut out = anstream::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "error: cannot write to standard output: {e}"
            );
            ExitCode::from(2)
        }
    }
}
