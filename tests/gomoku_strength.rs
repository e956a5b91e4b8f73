//! Strength measurement (ignored by default; minutes long): full strength at a fixed node budget
//! against strength 0 (the greedy win-ways scorer) from every opening in `tests/data/gomoku/`
//! (copies of the Gomocup 2025/2026 and Piskvork opening sets), both colors.
//!
//! `GRIDMIND_NODES=30000 cargo test --release --test gomoku_strength -- --ignored --nocapture`
//! prints each loss and the total; docs/strength.md records the results per version.

use gridmind::games::gomoku::Gomoku;
use gridmind::games::{Color, Game, Outcome, Point, Rule};
use gridmind::search::{with_quiet_context, EngineOptions, SearchControl};

fn openings() -> Vec<(String, Vec<(i32, i32)>)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomoku");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("opening files")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        let name = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for (k, line) in text.lines().enumerate() {
            let v: Vec<i32> = line
                .replace(',', " ")
                .split_whitespace()
                .filter_map(|t| t.parse().ok())
                .collect();
            if v.len() >= 2 {
                out.push((
                    format!("{name}#{k}"),
                    v.chunks(2).map(|c| (c[0], c[1])).collect(),
                ));
            }
        }
    }
    out
}

#[test]
#[ignore]
fn full_strength_against_strength_zero_from_every_opening() {
    let nodes: u64 = std::env::var("GRIDMIND_NODES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(30_000);
    let strong = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let weak = EngineOptions {
        strength: 0,
        ..EngineOptions::default()
    };
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    let all = openings();
    assert!(all.len() >= 60, "opening files missing");
    for (name, opening) in &all {
        for strong_color in [Color::Black, Color::White] {
            let mut g = Gomoku::new(15, 15, Rule::Freestyle);
            let mut color = Color::Black;
            for &(dx, dy) in opening {
                g.play(color, Point::new((7 + dx) as usize, (7 + dy) as usize))
                    .expect("opening");
                color = color.opponent();
            }
            while g.outcome().is_none() {
                let options = if color == strong_color {
                    &strong
                } else {
                    &weak
                };
                let control = SearchControl::unlimited().with_max_nodes(nodes);
                let t = with_quiet_context(&control, options, |ctx| g.think(color, ctx))
                    .expect("a move");
                g.play(color, t.point).expect("legal move");
                color = color.opponent();
            }
            match g.outcome() {
                Some(Outcome::Win(c)) if c == strong_color => wins += 1,
                Some(Outcome::Draw) => draws += 1,
                _ => {
                    losses += 1;
                    let moves: Vec<String> =
                        g.history().iter().map(|(_, p)| p.to_string()).collect();
                    println!("loss {name} gridmind {strong_color:?}: {}", moves.join(" "));
                }
            }
        }
    }
    println!("nodes {nodes}: {wins} wins, {losses} losses, {draws} draws");
    assert!(wins * 10 >= (wins + losses + draws) * 9, "below 90%");
}
