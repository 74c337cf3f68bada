//! Many PNG pictures rasterised in parallel within a memory budget. A
//! picture's pixels are held twice while it is encoded (the pixmap and its
//! unpremultiplied copy), so four 128×128 boards at `--unit 104` take about
//! 1.4 GB each: drawn on every core at once, memory would grow with the
//! number of cores. Pictures are drawn in waves whose estimated memory stays
//! within [`RASTER_MEMORY_BYTES`](crate::limits::RASTER_MEMORY_BYTES) (a
//! picture larger than the budget is drawn alone), and never more at once
//! than the thread pool has threads. The files are the same whatever the
//! waves: only the order of work changes.

use super::png::{MAX_PIXELS, PngError, svg_to_png};

/// Bytes a picture's rasterisation holds at its peak: four bytes a pixel,
/// twice (the pixmap, and the copy PNG encoding makes). A document whose
/// size cannot be read counts as the largest picture allowed.
pub fn peak_bytes(svg: &str, zoom: f64) -> u64 {
    let pixels = pixel_size(svg, zoom)
        .map(|(w, h)| w.saturating_mul(h))
        .unwrap_or(MAX_PIXELS)
        .min(MAX_PIXELS);
    pixels * 4 * 2
}

/// The width and height in pixels of a standalone SVG document drawn at
/// `zoom`, from its root element's `width` and `height` (in px, or in mm,
/// cm, in or pt at usvg's 96 units per inch).
fn pixel_size(svg: &str, zoom: f64) -> Option<(u64, u64)> {
    let start = svg.find("<svg")?;
    let root = &svg[start..start + svg[start..].find('>')?];
    let attr = |name: &str| -> Option<u64> {
        let key = format!(" {name}=\"");
        let at = root.find(&key)? + key.len();
        let value = root[at..at + root[at..].find('"')?].trim();
        let split = value
            .find(|c: char| c.is_ascii_alphabetic() || c == '%')
            .unwrap_or(value.len());
        let (number, unit) = value.split_at(split);
        let per_unit = match unit {
            "" | "px" => 1.0,
            "mm" => 96.0 / 25.4,
            "cm" => 96.0 / 2.54,
            "in" => 96.0,
            "pt" => 96.0 / 72.0,
            _ => return None,
        };
        let n = number.trim().parse::<f64>().ok()? * per_unit * zoom;
        // Rounded first, so that 254mm is 960 pixels, not 961.
        (n.is_finite() && n >= 0.0).then(|| ((n * 1e6).round() / 1e6).ceil() as u64)
    };
    Some((attr("width")?, attr("height")?))
}

/// Splits pictures of these estimated peak sizes, in order, into waves to
/// draw one after another: each at most `threads` pictures, whose sizes sum
/// to at most `budget`, except that a picture is never left out (one larger
/// than the budget makes a wave of its own). Returns the length of each wave.
pub fn waves(peaks: &[u64], budget: u64, threads: usize) -> Vec<usize> {
    let threads = threads.max(1);
    let mut out = Vec::new();
    let (mut count, mut held) = (0usize, 0u64);
    for &peak in peaks {
        if count > 0 && (count == threads || held.saturating_add(peak) > budget) {
            out.push(count);
            (count, held) = (0, 0);
        }
        count += 1;
        held = held.saturating_add(peak);
    }
    if count > 0 {
        out.push(count);
    }
    out
}

/// Rasterises the SVG documents `svgs` (at `zoom`, see
/// [`svg_to_png`]) on the thread pool in waves within the memory budget;
/// the results come in the order of `svgs`.
pub fn rasterise<S: AsRef<str> + Sync>(svgs: &[S], zoom: f64) -> Vec<Result<Vec<u8>, PngError>> {
    use rayon::prelude::*;
    let peaks: Vec<u64> = svgs.iter().map(|s| peak_bytes(s.as_ref(), zoom)).collect();
    let plan = waves(
        &peaks,
        crate::limits::RASTER_MEMORY_BYTES,
        rayon::current_num_threads(),
    );
    let mut out = Vec::with_capacity(svgs.len());
    let mut from = 0;
    for len in plan {
        let wave = &svgs[from..from + len];
        if len == 1 {
            // Alone: no thread to wake.
            out.push(svg_to_png(wave[0].as_ref(), zoom));
        } else {
            out.par_extend(wave.par_iter().map(|s| svg_to_png(s.as_ref(), zoom)));
        }
        from += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIB: u64 = 1 << 30;

    #[test]
    fn large_pictures_are_drawn_one_at_a_time_however_many_cores() {
        // Four 128×128 boards at --unit 104: about 1.4 GB each.
        let huge = 1_400_000_000;
        assert_eq!(waves(&[huge; 4], GIB, 2), vec![1, 1, 1, 1]);
        assert_eq!(waves(&[huge; 4], GIB, 16), vec![1, 1, 1, 1]);
    }

    #[test]
    fn small_pictures_fill_every_thread() {
        assert_eq!(waves(&[1_000_000; 10], GIB, 4), vec![4, 4, 2]);
        assert_eq!(waves(&[400 << 20; 5], GIB, 8), vec![2, 2, 1]);
        assert_eq!(waves(&[], GIB, 4), Vec::<usize>::new());
        assert_eq!(waves(&[5, 5], GIB, 0), vec![1, 1]);
    }

    #[test]
    fn a_pictures_size_is_read_from_its_root_element() {
        let px = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 10 5">"#;
        assert_eq!(pixel_size(px, 1.0), Some((100, 50)));
        assert_eq!(peak_bytes(px, 2.0), 200 * 100 * 8);
        let mm = r#"<svg xmlns="http://www.w3.org/2000/svg" width="254mm" height="25.4mm">"#;
        assert_eq!(pixel_size(mm, 1.0), Some((960, 96)));
        // Unreadable: counted as the largest picture, drawn alone.
        assert_eq!(peak_bytes("<svg>", 1.0), MAX_PIXELS * 8);
        assert_eq!(
            peak_bytes(r#"<svg width="1e400" height="1">"#, 1.0),
            MAX_PIXELS * 8
        );
    }
}
