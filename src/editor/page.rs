//! The editor's page, served from the binary: one HTML file with its style
//! and script inline (no files to install, nothing fetched from the
//! network). The board itself comes from the server as SVG.

use std::path::Path;

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The page for editing the file at `path`.
pub fn html(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    TEMPLATE
        .replace("{{title}}", &escape(&name))
        .replace("{{style}}", STYLE)
        .replace("{{script}}", SCRIPT)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
