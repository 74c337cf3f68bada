//! `--color auto|always|never` and `NO_COLOR`: diagnostics in colour on a
//! terminal, plain text everywhere else (pipes, files, golden outputs).

use std::io::IsTerminal;
use std::sync::OnceLock;

use twixtkit::diagnostic::Diagnostic;

/// When to colour diagnostics.
#[derive(Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum When {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

static WHEN: OnceLock<When> = OnceLock::new();

/// Remembers the choice made on the command line.
pub fn set(when: When) {
    let _ = WHEN.set(when);
}

fn wanted(terminal: bool) -> bool {
    match WHEN.get().copied().unwrap_or_default() {
        When::Always => true,
        When::Never => false,
        // https://no-color.org: any non-empty value turns colour off.
        When::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// `d` as it should be written to standard error.
pub fn for_stderr(d: &Diagnostic) -> String {
    if wanted(std::io::stderr().is_terminal()) {
        d.render_colored()
    } else {
        d.render()
    }
}

/// True when what goes to standard output is coloured.
pub fn on_stdout() -> bool {
    wanted(std::io::stdout().is_terminal())
}
