#![no_main]
// Body shared with tests/files/fuzz_smoke.rs: see src/fuzzing.rs.
libfuzzer_sys::fuzz_target!(|data: &[u8]| twixtkit::fuzzing::typst_template(data));
