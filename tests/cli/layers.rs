//! The layer rule of docs/architecture.md inside the `twixtkit` crate,
//! where Cargo cannot see it: no module of the library uses a module of a
//! layer above its own. (The games' rules are crates of their own, below
//! every layer here, and Cargo's dependency graph keeps them there.) Each
//! file's layer comes from its folder (`twrs/` holds TWRS's files of
//! several layers, named below); each `crate::…` and `super::…` path it
//! names is looked up the same way.

use std::path::{Path, PathBuf};

/// Layers, lowest first, as docs/architecture.md lists them.
const LAYERS: [&str; 8] = [
    "base: shared safety",
    "the games' rules (the engine crates)",
    "files",
    "replay and checking",
    "pictures",
    "documents",
    "the commands' library API",
    "the command line",
];

/// The layer of a file of TWRS in the toolkit (`twrs/NAME.rs`): its script
/// lines, its checks, its drawing, its books and viewer data, each at the
/// layer of the shared code it plugs into.
fn twrs_file_layer(name: &str) -> usize {
    match name {
        "script" => 2,
        "file" => 3,
        "draw" => 4,
        "book" | "view" => 5,
        // `mod.rs` only lists the others.
        _ => 2,
    }
}

/// The layer of a module named by its first one or two path segments
/// after `crate::` (the public re-exports at the root included).
fn module_layer(first: &str, second: Option<&str>) -> Option<usize> {
    Some(match first {
        "base" | "diagnostic" | "limits" | "output" | "grammar" | "yaml_words" => 0,
        "twrs" => twrs_file_layer(second.unwrap_or("mod")),
        "files" | "script" | "formats" | "record" | "open" => 2,
        "verify" | "replay" | "win_claims" => 3,
        "drawing" | "diagram" | "pictures" | "messages" => 4,
        "documents" | "book" | "view" => 5,
        "commands" | "prelude" | "fuzzing" | "editor" => 6,
        _ => return None,
    })
}

/// The layer of a source file, from its path below `src/`.
fn file_layer(rel: &Path) -> usize {
    let parts: Vec<&str> = rel.iter().map(|p| p.to_str().unwrap()).collect();
    let stem = |s: &str| s.trim_end_matches(".rs").to_string();
    match parts.as_slice() {
        ["lib.rs"] | ["main.rs"] => 7,
        ["cli", ..] => 7,
        ["twrs", file] => twrs_file_layer(&stem(file)),
        [one] => module_layer(&stem(one), None).expect("a known root file"),
        [folder, ..] => module_layer(folder, None).expect("a known layer folder"),
        [] => unreachable!(),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `crate::a::b` path in the text, as its first two segments.
fn crate_paths(text: &str) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let mut segments = text[at + 7..].split("::").map(|s| {
            s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
        });
        let first = segments.next().unwrap_or("").to_string();
        let second = segments
            .next()
            .filter(|s| !s.is_empty())
            .map(str::to_string);
        found.push((first, second));
    }
    found
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for path in &files {
        let rel = path.strip_prefix(&src).unwrap();
        let layer = file_layer(rel);
        let text = std::fs::read_to_string(path).unwrap();
        let mut named = crate_paths(&text);
        // In `twrs/`, `super::NAME` is another file of TWRS.
        if let Some(game @ "twrs") = rel.iter().next().and_then(|p| p.to_str()) {
            for (at, _) in text.match_indices("super::") {
                let name: String = text[at + 7..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                named.push((game.to_string(), Some(name)));
            }
        }
        for (first, second) in named {
            let Some(used) = module_layer(&first, second.as_deref()) else {
                continue;
            };
            if used > layer {
                wrong.push(format!(
                    "src/{} ({}) uses crate::{first}{} ({})",
                    rel.display(),
                    LAYERS[layer],
                    second.map(|s| format!("::{s}")).unwrap_or_default(),
                    LAYERS[used]
                ));
            }
        }
    }
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "uses of a higher layer:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_folder_of_src_is_a_known_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .trim_end_matches(".rs");
        let known = matches!(name, "lib" | "main" | "cli") || module_layer(name, None).is_some();
        assert!(
            known,
            "src/{name} is in no layer: add it to tests/cli/layers.rs and docs/architecture.md"
        );
    }
}
