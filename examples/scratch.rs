fn main() {
    let a: Vec<String> = std::env::args().collect();
    let svg = std::fs::read_to_string(&a[1]).unwrap();
    let png = twixtkit::diagram::png::svg_to_png(&svg, a[3].parse().unwrap()).unwrap();
    std::fs::write(&a[2], png).unwrap();
}
