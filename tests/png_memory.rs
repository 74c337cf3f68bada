//! PNG pictures drawn in parallel stay within the raster memory budget,
//! whatever the number of threads: four 128×128 boards at `--unit 56`
//! (about 440 MB each while drawn) on four threads peaked at 1.67 GB when
//! every picture was drawn at once; within the budget of 1 GiB two are
//! drawn at a time (0.85 GB). Alone in its test binary: a child's peak is
//! read from the resource usage of the children this process waited for.
#![cfg(unix)]
// Measuring needs the C library (getrusage, clock_gettime) or a counting
// allocator: unsafe, audited, in this test or bench alone.
#![allow(unsafe_code)]

use std::process::Command;

/// The largest resident set of the children this process has waited for.
fn children_max_rss_kib() -> i64 {
    // SAFETY: getrusage writes the struct it is given and nothing else.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
        usage.ru_maxrss
    }
}

#[test]
fn large_pictures_on_many_threads_stay_within_the_memory_budget() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("big.twixt"),
        "[Size \"128\"]\n\n1. f6 #diagram\n2. g8 #diagram\n3. h10 #diagram\n4. j12 #diagram\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .current_dir(d)
        .env("RAYON_NUM_THREADS", "4")
        .args([
            "render",
            "big.twixt",
            "--unit",
            "56",
            "--format",
            "png",
            "-o",
            "pictures",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read_dir(d.join("pictures")).unwrap().count(), 4);
    let budget_kib = (twixtkit::limits::RASTER_MEMORY_BYTES / 1024) as i64;
    let peak = children_max_rss_kib();
    // The budget, and room for the program and one picture's PNG bytes.
    assert!(
        peak < budget_kib + 200 * 1024,
        "peak {} MB over the budget of {} MB",
        peak / 1024,
        budget_kib / 1024
    );
}
