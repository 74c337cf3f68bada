//! Rasterises SVG files with the bundled font: writes `NAME.png` beside each.
//!
//! `cargo run --example svg_to_png -- FILE.svg… [--zoom 2]`

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut zoom = 1.0;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--zoom" {
            zoom = args.next().ok_or("--zoom needs a value")?.parse()?;
        } else {
            files.push(a);
        }
    }
    if files.is_empty() {
        return Err("usage: cargo run --example svg_to_png -- FILE.svg… [--zoom 2]".into());
    }
    for f in files {
        let svg = std::fs::read_to_string(&f)?;
        let png = twixtkit::diagram::png::svg_to_png(&svg, zoom)?;
        let out = std::path::Path::new(&f).with_extension("png");
        std::fs::write(&out, png)?;
        println!("{}", out.display());
    }
    Ok(())
}
