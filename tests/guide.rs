//! Every example of the user guide (`docs/guide.md`) runs.
//!
//! The guide's ```` ```sh ```` blocks are run in order, each as one bash
//! script with `set -euo pipefail`, in a temporary folder holding copies of
//! `examples/` and `diagrams/` (the files the guide's commands read), with
//! the `twixt` binary under test first on `PATH`. Each block must exit 0, and
//! every file a command says it writes (`-o PATH`, `> PATH`) must exist
//! afterwards. Its ```` ```twixt ```` blocks are scripts: each is written to
//! a file and must pass `twixt check`. A block marked otherwise (`text`) is
//! not run.
//!
//! `cargo run --release --example NAME` in the guide runs the example as
//! `cargo test --release` built it (`target/release/examples/NAME`), so the
//! test does not start a second cargo inside the first.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fenced block of the guide: its info string, the line of its opening
/// fence and its text.
struct Block {
    info: String,
    line: usize,
    text: String,
}

/// The fenced blocks of a Markdown text, in order.
fn blocks(markdown: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in markdown.lines().enumerate() {
        let trimmed = line.trim_start();
        match open.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    open = Some(Block {
                        info: info.trim().to_string(),
                        line: i + 1,
                        text: String::new(),
                    });
                }
            }
            Some(mut block) => {
                if trimmed.starts_with("```") {
                    out.push(block);
                } else {
                    block.text.push_str(line);
                    block.text.push('\n');
                    open = Some(block);
                }
            }
        }
    }
    assert!(
        open.is_none(),
        "docs/guide.md: a fenced block is not closed"
    );
    out
}

/// The paths the commands of a shell block say they write: the word after
/// `-o` or `>`. Here-document bodies are skipped.
fn written_paths(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut heredoc_end: Option<String> = None;
    for line in script.lines() {
        if let Some(end) = &heredoc_end {
            if line.trim() == end {
                heredoc_end = None;
            }
            continue;
        }
        // The command without its trailing comment.
        let command = line.split(" #").next().unwrap_or_default();
        let words: Vec<&str> = command.split_whitespace().collect();
        for pair in words.windows(2) {
            if pair[0] == "-o" || pair[0] == ">" {
                out.push(pair[1].trim_matches('\'').to_string());
            }
        }
        if let Some(pos) = command.find("<<") {
            let end = command[pos + 2..]
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .trim_matches(|c| c == '\'' || c == '"');
            heredoc_end = Some(end.to_string());
        }
    }
    out
}

/// Copies the folder `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder in the temporary copy");
    for entry in fs::read_dir(from).expect("a folder of the repository") {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("a file copied");
        }
    }
}

/// Where `cargo test` put the examples: `examples/` beside the `deps/`
/// folder that holds this test.
fn examples_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("the test runs from target/<profile>/deps")
        .join("examples")
}

/// The lines every shell block starts with: strict mode, the failing command
/// named, and `cargo run --example` answered by the built example.
fn prelude(examples: &Path) -> String {
    format!(
        r#"set -euo pipefail
trap 'echo "guide command failed (exit $?): $BASH_COMMAND" >&2' ERR
cargo() {{
    if [[ $# -ge 4 && $1 == run && $2 == --release && $3 == --example ]]; then
        local name=$4
        shift 4
        [[ ${{1:-}} == -- ]] && shift
        local exe='{}'/$name
        if [[ ! -x $exe ]]; then
            echo "example $name is not built: cargo build --release --examples" >&2
            return 1
        fi
        "$exe" "$@"
    else
        echo "the guide test runs only 'cargo run --release --example NAME', not: cargo $*" >&2
        return 1
    fi
}}
"#,
        examples.display()
    )
}

#[test]
fn every_example_of_the_guide_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = fs::read_to_string(root.join("docs/guide.md")).expect("docs/guide.md");
    let blocks = blocks(&guide);
    let shell = blocks.iter().filter(|b| b.info == "sh").count();
    assert!(shell >= 5, "docs/guide.md: only {shell} sh blocks found");

    let work = tempfile::tempdir().expect("a temporary folder");
    let dir = work.path().join("repo");
    copy_dir(&root.join("examples"), &dir.join("examples"));
    copy_dir(&root.join("diagrams"), &dir.join("diagrams"));
    let bin = work.path().join("bin");
    fs::create_dir(&bin).expect("a bin folder");
    fs::copy(env!("CARGO_BIN_EXE_twixt"), bin.join("twixt")).expect("the binary copied");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let prelude = prelude(&examples_dir());

    let mut failures = Vec::new();
    for (n, block) in blocks.iter().enumerate() {
        let output = match block.info.as_str() {
            "sh" => Command::new("bash")
                .arg("-c")
                .arg(format!("{prelude}{}", block.text))
                .current_dir(&dir)
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .output()
                .expect("bash runs"),
            "twixt" => {
                let file = dir.join(format!("guide-block-{n}.twixt"));
                fs::write(&file, &block.text).expect("the script written");
                Command::new(bin.join("twixt"))
                    .arg("check")
                    .arg(&file)
                    .current_dir(&dir)
                    .env("NO_COLOR", "1")
                    .output()
                    .expect("twixt runs")
            }
            _ => continue,
        };
        if !output.status.success() {
            failures.push(format!(
                "docs/guide.md:{}: the {} block exits {}\n{}{}",
                block.line,
                block.info,
                output.status,
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ));
            continue;
        }
        if block.info == "sh" {
            for written in written_paths(&block.text) {
                if !dir.join(&written).exists() {
                    failures.push(format!(
                        "docs/guide.md:{}: the block says it writes {written}, which does not exist",
                        block.line
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn written_paths_are_found() {
    let script = "cat > a.twixt <<'END'\n-o not-this\nEND\ntwixt render a -o out # -o comment\ntwixt check x --format json > r.json\n";
    assert_eq!(written_paths(script), ["a.twixt", "out", "r.json"]);
}
