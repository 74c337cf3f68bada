//! `twixt completions SHELL` and `twixt man`: the shell completion script
//! and the roff manual page, both made from the command-line definition so
//! they never drift from it.

use clap::CommandFactory;

use twixtkit::output::write_all_or_none;

use super::Cli;
use super::report::{self, Failure};

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    shell: clap_complete::Shell,
}

pub fn completions(a: CompletionsArgs) -> Result<(), Failure> {
    let mut out = Vec::new();
    clap_complete::generate(a.shell, &mut Cli::command(), "twixt", &mut out);
    report::print(&out)
}

#[derive(clap::Args)]
pub struct ManArgs {
    #[command(flatten)]
    write: super::args::WriteArgs,
    /// Write every page (twixt.1 and twixt-SUBCOMMAND.1) into this folder,
    /// instead of printing the main page.
    #[arg(short, long)]
    output: Option<std::path::PathBuf>,
}

fn page(cmd: clap::Command) -> Result<Vec<u8>, Failure> {
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut out)
        .map_err(|e| Failure::usage(format!("cannot make the manual page: {e}")))?;
    Ok(out)
}

pub fn man(a: ManArgs) -> Result<(), Failure> {
    a.write.apply();
    let cmd = Cli::command();
    let Some(dir) = a.output else {
        return report::print(&page(cmd)?);
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| Failure::usage(format!("cannot create {}: {e}", dir.display())))?;
    // Every page is made and written before any is put in place: a full
    // disk leaves the folder as it was, not a partial set of pages.
    let mut pages = vec![(dir.join("twixt.1"), page(cmd.clone())?)];
    for sub in cmd.get_subcommands() {
        let name = format!("twixt-{}", sub.get_name());
        pages.push((dir.join(format!("{name}.1")), page(sub.clone().name(name))?));
    }
    write_all_or_none(&pages)?;
    let written: Vec<_> = pages.into_iter().map(|(path, _)| path).collect();
    report::note(twixtkit::output::wrote(&written));
    Ok(())
}
