use twixtkit::script::*;
#[test]
fn smoke() {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/tutorial.twixt")).unwrap();
    let p = parse(&src);
    for e in &p.errors { eprintln!("{}", e.to_diagnostic("t", &src)); }
    assert!(p.errors.is_empty());
    let w = write_file(&p.file);
    println!("{w}");
    let p2 = parse(&w);
    assert!(p2.errors.is_empty());
    assert_eq!(p.file, p2.file);
}
