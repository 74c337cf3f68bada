//! SIGINT and SIGTERM: remove the temporary files being written, then end
//! with the status a shell expects (130 and 143), so an interrupted run
//! leaves the old files or the new ones and nothing half-written.

/// Starts the thread that waits for the signals.
pub fn remove_temporary_files_on_signal() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    // Without the handler the default action still ends the program, only
    // less tidily; so a failure to install it is not fatal.
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            twixtkit::output::remove_temporary_files();
            std::process::exit(128 + signal);
        }
    });
}
