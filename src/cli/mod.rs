//! Subcommand dispatch. Exit codes: 0 success, 1 a checked input has errors,
//! 2 usage or I/O errors.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod args;
mod board;
mod book;
mod check;
mod convert;
mod edit;
mod fmt;
mod random;
mod render;
mod report;
mod rules;
mod sheet;
mod shell;
mod show;
mod view;

/// TwixT rules engine, game scripts and diagrams
#[derive(Parser)]
#[command(name = "twixt", version, mut_arg("color", |a| a.help(
    "Colour in error messages: auto (on a terminal, unless NO_COLOR is set), always or never"
)))]
pub struct Cli {
    // `--color auto|always|never`, for diagnostics (see `terminal`).
    #[command(flatten)]
    color: colorchoice_clap::Color,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in rule sets, or show one as YAML.
    Rules(rules::Args),
    /// Convert a game record between file formats (.tsgf, .T1, .txt/.moves, plain text, .sgf, .json, .twixt; AbstractPlay .json read only).
    Convert(convert::Args),
    /// Random legal games, as a game script or move lists.
    Random(random::Args),
    /// Print a blank board for pencil play (SVG in mm, PNG or PDF).
    Board(board::Args),
    /// Rewrite game scripts (.twixt) in canonical form.
    Fmt(fmt::Args),
    /// Replay game files and folders; verify moves, claims and results.
    Check(check::Args),
    /// Draw positions of a recorded game, one picture each (SVG, PNG, PDF or text).
    Render(render::Args),
    /// Lay positions of a recorded game out on printable pages.
    Sheet(sheet::Args),
    /// Show a position of a recorded game as text.
    Show(show::Args),
    /// A game as a document (HTML or PDF): moves, comments and diagrams.
    Book(book::Args),
    /// Games as one interactive HTML page to step through in a browser.
    View(view::Args),
    /// Edit a game script in the browser: play, annotate, set up, save.
    #[cfg_attr(
        not(feature = "editor"),
        doc = "(Not in this build: it was built without the `editor` feature.)"
    )]
    Edit(edit::Args),
    /// Print the completion script for a shell (see the README to install it).
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff), e.g. `twixt man > twixt.1`, or write
    /// every page into a folder with `-o`.
    Man(shell::ManArgs),
}

/// Reports what clap found wrong with the command line (or prints the help
/// or version asked for) and gives its exit code. clap quotes the values it
/// refuses as they were typed; they are shown with control characters
/// escaped (`\u{1b}`), so that `--size $'\e]0;title\a'` cannot drive the
/// terminal, and the user still sees what was typed.
pub fn argument_error(e: clap::Error) -> ExitCode {
    use clap::CommandFactory as _;
    use clap::error::ErrorKind;
    use std::io::Write as _;
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = e.print();
        return code;
    }
    // The same parse without styles: every escape sequence left in the
    // message is then one the user typed, and is shown escaped.
    let plain = Cli::command()
        .styles(clap::builder::Styles::plain())
        .try_get_matches()
        .err()
        .unwrap_or(e);
    let text = plain.render().ansi().to_string();
    let _ = write!(
        std::io::stderr(),
        "{}",
        twixtkit::diagnostic::escape_controls(&text)
    );
    code
}

/// Runs the command; a failure is reported on standard error and earns
/// its exit code.
pub fn run(cli: Cli) -> ExitCode {
    // An interrupted run leaves the old files or the new ones, nothing
    // half-written. The editor stops on Ctrl-C itself, to keep unsaved
    // edits in its recovery copy and say where.
    if !matches!(cli.command, Command::Edit(_)) {
        twixtkit::output::remove_temporary_files_on_signal();
    }
    cli.color.write_global();
    // Books (`book`, the editor's preview) are typeset by a child process
    // of this binary, which the time limit can stop.
    #[cfg(feature = "typst")]
    book::typeset_in_child(None);
    let success = |()| ExitCode::SUCCESS;
    let done = match cli.command {
        // These two exit 1 for what they found, without failing.
        Command::Check(a) => check::run(a),
        Command::Fmt(a) => fmt::run(a),
        Command::Rules(a) => rules::run(a).map(success),
        Command::Convert(a) => convert::run(a).map(success),
        Command::Random(a) => random::run(a).map(success),
        Command::Board(a) => board::run(a).map(success),
        Command::Render(a) => render::run(a).map(success),
        Command::Sheet(a) => sheet::run(a).map(success),
        Command::Show(a) => show::run(a).map(success),
        Command::Book(a) => book::run(a).map(success),
        Command::View(a) => view::run(a).map(success),
        Command::Edit(a) => edit::run(a).map(success),
        Command::Completions(a) => shell::completions(a).map(success),
        Command::Man(a) => shell::man(a).map(success),
    };
    done.unwrap_or_else(report::Failure::report)
}
