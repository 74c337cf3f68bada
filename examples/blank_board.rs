//! Writes blank boards for pencil play: an A4 page with one board, and a
//! landscape page with four small boards and move-record columns.
//!
//! `cargo run --example blank_board -- [OUT_DIR]`

use std::path::PathBuf;

use twixtkit::diagram::Style;
use twixtkit::diagram::blank::{BlankOptions, blank_page};
use twixtkit::diagram::sheet::Paper;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Output folder: the first argument, else `out/` (ignored by git).
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "out".into()));
    std::fs::create_dir_all(&dir)?;
    let style = Style::rulebook();
    let one = blank_page(&BlankOptions::default(), &style);
    std::fs::write(dir.join("board-a4.svg"), one)?;
    let four = blank_page(
        &BlankOptions {
            paper: Paper::A4.landscape(),
            per_page: 4,
            record: true,
            guides: true,
            ..BlankOptions::default()
        },
        &Style::builtin("print")?,
    );
    std::fs::write(dir.join("boards-4-record.svg"), four)?;
    println!("wrote board-a4.svg and boards-4-record.svg");
    Ok(())
}
