//! PNG pictures and pages are rasterised on every core a few at a time:
//! the files are the same, byte for byte and by name, as with one thread.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

fn run(threads: &str, args: &[&str], dir: &Path) {
    let o = Command::new(env!("CARGO_BIN_EXE_twixt"))
        .args(args)
        .current_dir(dir)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn pictures_and_pages_rasterised_in_parallel_match_one_thread() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    run(
        "1",
        &[
            "random",
            "--seed",
            "2",
            "--games",
            "3",
            "--max-plies",
            "60",
            "-o",
            "g.twixt",
        ],
        d,
    );
    for threads in ["1", "4"] {
        let pictures = format!("pictures-{threads}");
        run(
            threads,
            &[
                "render", "g.twixt", "--every", "7", "--format", "png", "-o", &pictures,
            ],
            d,
        );
        let pages = format!("pages-{threads}/p.png");
        run(
            threads,
            &[
                "sheet", "g.twixt", "--every", "10", "--dpi", "40", "-o", &pages,
            ],
            d,
        );
    }
    let (one, four) = (files(&d.join("pictures-1")), files(&d.join("pictures-4")));
    assert!(one.len() > 20, "{}", one.len());
    assert!(one == four);
    let (one, four) = (files(&d.join("pages-1")), files(&d.join("pages-4")));
    assert!(one.len() >= 2, "{}", one.len());
    assert!(one == four);
}
