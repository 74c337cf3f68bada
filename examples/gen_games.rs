//! Writes random legal games as `.twixt` files, for measuring `twixt check`.
//!
//! `cargo run --release --example gen_games -- OUT_DIR [GAMES] [FILES] [PLIES]`
//! (defaults: 100000 games in 50 files, 60 plies, pencil rules on 24×24).

use std::path::PathBuf;

use twixt_core::random::random_game;
use twixt_core::rules::RuleSet;
use twixtkit::record::Record;
use twixtkit::script::{Game, write_game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first().map(PathBuf::from) else {
        eprintln!("usage: gen_games OUT_DIR [GAMES] [FILES] [PLIES]");
        std::process::exit(2);
    };
    let num = |i: usize, d: u64| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let (games, files, plies) = (num(1, 100_000), num(2, 50).max(1), num(3, 60) as u32);
    std::fs::create_dir_all(&out).expect("create output folder");
    let rules = RuleSet::pencil();
    let per_file = games.div_ceil(files);
    let mut seed = 0u64;
    for f in 0..files {
        let mut text = String::new();
        for _ in 0..per_file.min(games.saturating_sub(f * per_file)) {
            let mut rec = Record::new(rules.clone());
            rec.tags.push(("Round".into(), seed.to_string()));
            rec.moves = random_game(&rules, seed, plies);
            seed += 1;
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&write_game(&Game::from_record(&rec)));
        }
        std::fs::write(out.join(format!("games{f:03}.twixt")), text).expect("write games");
    }
    println!("wrote {games} games in {files} files to {}", out.display());
}
