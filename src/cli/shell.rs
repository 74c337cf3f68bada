//! `twixt completions SHELL` and `twixt man`: the shell completion script
//! and the roff manual page, both made from the command-line definition so
//! they never drift from it.

use clap::CommandFactory;

use twixtkit::output::write_atomic;

use super::Cli;
use super::failure::Failure;

#[derive(clap::Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    shell: clap_complete::Shell,
}

pub fn completions(a: CompletionsArgs) -> Result<(), Failure> {
    let mut out = Vec::new();
    clap_complete::generate(a.shell, &mut Cli::command(), "twixt", &mut out);
    super::terminal::print(&out)
}

#[derive(clap::Args)]
pub struct ManArgs {
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
    let cmd = Cli::command();
    let Some(dir) = a.output else {
        return super::terminal::print(&page(cmd)?);
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| Failure::usage(format!("cannot create {}: {e}", dir.display())))?;
    let mut written = vec![dir.join("twixt.1")];
    write_atomic(&written[0], &page(cmd.clone())?)?;
    for sub in cmd.get_subcommands() {
        let name = format!("twixt-{}", sub.get_name());
        let path = dir.join(format!("{name}.1"));
        write_atomic(&path, &page(sub.clone().name(name))?)?;
        written.push(path);
    }
    eprintln!("{}", twixtkit::output::wrote(&written));
    Ok(())
}
