//! `gridmind bench [gomoku] [--depth N]`: fixed gomoku positions searched to a fixed depth on one
//! thread with a fresh hash table each, printing total nodes (deterministic: the same binary
//! always prints the same count), nodes per second and time. The node count is the signature
//! that tells whether a change altered the search; nps measures speed.

use std::time::{Duration, Instant};

use crate::games::gomoku::Gomoku;
use crate::games::{Color, Game, Point, Rule};
use crate::search::{with_quiet_context, EngineOptions, SearchControl};

/// Default search depth of the benchmark.
pub const DEFAULT_DEPTH: u32 = 6;

/// The benchmark positions: (rule, stones as offsets from the centre of a 15x15 board, black
/// first). Openings from the Gomocup/Piskvork sets plus middle-game positions from our games.
pub const POSITIONS: &[(Rule, &[(i32, i32)])] = &[
    (Rule::Freestyle, &[(0, 0), (1, 0), (1, 3)]),
    (Rule::Freestyle, &[(0, 0), (1, 1), (0, 3)]),
    (
        Rule::Freestyle,
        &[(0, 0), (1, -1), (3, 2), (-1, -1), (3, -1)],
    ),
    (
        Rule::Freestyle,
        &[(-1, 6), (-1, 3), (-3, 1), (-6, 1), (-4, 5)],
    ),
    (
        Rule::Freestyle,
        &[
            (3, 4),
            (1, 5),
            (-2, 5),
            (-3, 4),
            (-4, 2),
            (0, 3),
            (-1, 3),
            (-2, 2),
            (-1, 2),
            (-1, 1),
            (0, 0),
        ],
    ),
    (
        Rule::Freestyle,
        &[
            (0, 0),
            (1, 1),
            (1, 0),
            (2, 0),
            (-1, 1),
            (0, 1),
            (-1, -1),
            (2, 2),
            (3, 3),
            (-2, 2),
        ],
    ),
    (Rule::Standard, &[(0, 0), (1, 0), (0, 3), (-1, 1)]),
    (
        Rule::Renju,
        &[(0, 0), (1, 1), (1, 0), (2, 1), (-1, 0), (0, 2)],
    ),
];

/// Result of one benchmark run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions: the figure that must not change without a reason.
    pub nodes: u64,
    /// Wall time over all positions, for nodes per second.
    pub time: Duration,
}

/// Searches every benchmark position to `depth` on one thread.
pub fn run_positions(depth: u32) -> Result<BenchResult, String> {
    let options = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let mut nodes = 0;
    let start = Instant::now();
    for (rule, stones) in POSITIONS {
        let mut game = Gomoku::new(15, 15, *rule);
        let mut color = Color::Black;
        for &(dx, dy) in stones.iter() {
            let p = Point::new((7 + dx) as usize, (7 + dy) as usize);
            game.play(color, p)
                .map_err(|e| format!("bench position: {e}"))?;
            color = color.opponent();
        }
        let control = SearchControl::unlimited().with_max_depth(depth);
        let thought = with_quiet_context(&control, &options, |ctx| game.think(color, ctx))
            .map_err(|e| format!("bench search: {e:?}"))?;
        nodes += thought.nodes;
    }
    Ok(BenchResult {
        nodes,
        time: start.elapsed(),
    })
}

/// Runs the gomoku benchmark with its command-line arguments (`--depth N`).
pub fn run(args: &[String]) -> Result<(), String> {
    let mut depth = DEFAULT_DEPTH;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depth" => {
                depth = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|d| (1..=20).contains(d))
                    .ok_or("--depth takes 1..20")?;
            }
            other => return Err(format!("unknown argument '{other}' (--depth N)")),
        }
    }
    let r = run_positions(depth)?;
    let ms = r.time.as_millis().max(1) as u64;
    println!("gomoku bench: {} positions, depth {depth}", POSITIONS.len());
    println!("nodes {}", r.nodes);
    println!("nps {}", r.nodes * 1000 / ms);
    println!("time {ms} ms");
    Ok(())
}
