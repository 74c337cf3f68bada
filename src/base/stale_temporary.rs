//! Temporary files an earlier run left behind. Every output is written as
//! `.twixt-PID-N.tmp` beside its target and renamed into place; a run killed
//! outright (SIGKILL, a power cut) cannot remove its own. The first time a
//! run writes into a folder, it removes those whose process is gone.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Folders swept by this process: each once, so that a run writing
/// thousands of files into one folder reads its listing once.
static SWEPT: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

/// Removes, once per folder and process, the temporary files of our naming
/// in `dir` whose process no longer runs. Files of a live process (this one
/// included), links, folders and other names are left alone; a folder that
/// cannot be read is no error (the write that follows reports it).
pub fn sweep_once(dir: &Path) {
    {
        let mut swept = SWEPT.lock().unwrap_or_else(|p| p.into_inner());
        if !swept
            .get_or_insert_with(HashSet::new)
            .insert(dir.to_path_buf())
        {
            return;
        }
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let me = std::process::id();
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(writer_of) else {
            continue;
        };
        // `file_type` does not follow links: only a plain file is ours.
        let plain = entry.file_type().is_ok_and(|t| t.is_file());
        if pid != me && plain && !process_runs(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The process id in a temporary name of ours, `.twixt-PID-N.tmp`.
pub fn writer_of(name: &str) -> Option<u32> {
    let (pid, n) = name
        .strip_prefix(".twixt-")?
        .strip_suffix(".tmp")?
        .split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(n) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process with this id exists (one of another user counts: it
/// may be a run of theirs writing into a shared folder).
#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return true; // never signal a process group
    }
    // SAFETY: signal 0 checks that the process exists and sends nothing.
    // One of the three audited unsafe blocks of the crate (with
    // `base::output` and `book::typeset_process`).
    #[allow(unsafe_code)]
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_runs(_: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_names_are_read() {
        assert_eq!(writer_of(".twixt-123-0.tmp"), Some(123));
        assert_eq!(writer_of(".twixt-123-45.tmp"), Some(123));
        for other in [
            "twixt-1-0.tmp",
            ".twixt-1-0.tmpx",
            ".twixt--0.tmp",
            ".twixt-1-.tmp",
            ".twixt-a-0.tmp",
            ".twixt-1-0-2.tmp",
            "game.twixt",
        ] {
            assert_eq!(writer_of(other), None, "{other}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_dead_writers_file_goes_and_a_live_ones_stays() {
        let dir = tempfile::tempdir().unwrap();
        // A child that has ended and been waited for: its id is free.
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let dead = child.id();
        child.wait().unwrap();
        let stale = dir.path().join(format!(".twixt-{dead}-0.tmp"));
        fs::write(&stale, "half").unwrap();
        let live = dir
            .path()
            .join(format!(".twixt-{}-0.tmp", std::process::id()));
        fs::write(&live, "mine").unwrap();
        let link = dir.path().join(format!(".twixt-{dead}-1.tmp"));
        std::os::unix::fs::symlink(&live, &link).unwrap();
        let other = dir.path().join("keep.svg");
        fs::write(&other, "x").unwrap();
        sweep_once(dir.path());
        assert!(!stale.exists() || process_runs(dead), "stale file kept");
        assert!(live.exists() && other.exists());
        assert!(fs::symlink_metadata(&link).is_ok(), "a link is never ours");
    }
}
