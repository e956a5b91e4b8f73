//! What the self-play tuning examples (`texel`, `combo_fit`) share: their command-line reading,
//! the openings their games start from, the game loop and the pool of worker threads that plays
//! the games, so each example only says what it records of a position.

// Each example uses part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use gridmind::engine::{with_quiet_context, EngineOptions, SearchControl};
use gridmind::games::gomoku::Gomoku;
use gridmind::games::{Color, Game, GameSpec, Outcome, Point, Rule, Thought};
use gridmind::matchrunner::openings;

/// The value after `name` on the command line.
pub fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// The number after `name` on the command line, or `default` when it is missing or no number.
pub fn num_arg(args: &[String], name: &str, default: u64) -> u64 {
    arg(args, name)
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The rule named by `--rule` (freestyle when absent).
pub fn rule_arg(args: &[String]) -> Rule {
    arg(args, "--rule")
        .map(|r| Rule::from_name(&r).expect("--rule freestyle|standard|renju"))
        .unwrap_or(Rule::Freestyle)
}

/// The openings of one file (`--openings`), as the match runner reads them under `rule`.
pub fn openings_file(path: &str, rule: Rule) -> Vec<Vec<Point>> {
    let text = std::fs::read_to_string(path).expect("openings file");
    let spec = GameSpec::Gomoku {
        width: 15,
        height: 15,
        rule,
    };
    openings::parse(&text, spec).expect("openings")
}

/// Every opening of the files in `tests/data/gomoku/`, as the match runner reads them.
pub fn openings() -> Vec<Vec<Point>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomoku");
    let spec = GameSpec::Gomoku {
        width: 15,
        height: 15,
        rule: Rule::Freestyle,
    };
    let mut out = Vec::new();
    for f in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let text = std::fs::read_to_string(f.path()).unwrap_or_default();
        out.extend(openings::parse(&text, spec).unwrap_or_default());
    }
    out
}

/// Plays one self-play game from `opening` at `nodes` a move, the search seeded afresh at each
/// move from `seed` (so games differ), and shows `on_move` each position with the side to move
/// and the search's answer before the move is played. Returns the winner (`None`: a draw, or an
/// opening that cannot be played, in which case `on_move` is never called).
pub fn play_game(
    opening: &[Point],
    nodes: u64,
    seed: u64,
    on_move: impl FnMut(&Gomoku, Color, &Thought),
) -> Option<Color> {
    play_game_under(Rule::Freestyle, opening, nodes, seed, on_move)
}

/// [`play_game`] under `rule`.
pub fn play_game_under(
    rule: Rule,
    opening: &[Point],
    nodes: u64,
    seed: u64,
    mut on_move: impl FnMut(&Gomoku, Color, &Thought),
) -> Option<Color> {
    let mut g = Gomoku::new(15, 15, rule);
    let mut colour = Color::Black;
    for &p in opening {
        if g.play(colour, p).is_err() {
            return None;
        }
        colour = colour.opponent();
    }
    let mut ply = 0u64;
    while g.outcome().is_none() {
        let options = EngineOptions {
            hash_mib: 16,
            seed: Some(seed.wrapping_mul(1000).wrapping_add(ply)),
            ..EngineOptions::default()
        };
        let control = SearchControl::unlimited().with_max_nodes(nodes);
        let Ok(t) = with_quiet_context(&control, &options, |ctx| g.think(colour, ctx)) else {
            break;
        };
        on_move(&g, colour, &t);
        if g.play(colour, t.point).is_err() {
            break;
        }
        colour = colour.opponent();
        ply += 1;
    }
    match g.outcome() {
        Some(Outcome::Win(c)) => Some(c),
        _ => None,
    }
}

/// The game's result for `colour`: 1 a win, 0 a loss, 0.5 a draw.
pub fn result_for(winner: Option<Color>, colour: Color) -> f64 {
    match winner {
        Some(w) if w == colour => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Plays games `0..games` on `workers` threads, game `k` from opening `k` (round the list) with
/// seed `k + 1`: `record(opening, seed)` plays it and returns the lines to append to the file
/// `out`.
pub fn play_games(
    games: usize,
    workers: usize,
    out: &str,
    record: impl Fn(&[Point], u64) -> String + Sync,
) {
    play_games_from(&openings(), games, workers, out, record)
}

/// [`play_games`] from the openings `all`.
pub fn play_games_from(
    all: &[Vec<Point>],
    games: usize,
    workers: usize,
    out: &str,
    record: impl Fn(&[Point], u64) -> String + Sync,
) {
    if all.is_empty() {
        eprintln!("no openings");
        return;
    }
    let next = AtomicUsize::new(0);
    let file = Mutex::new(std::fs::File::create(out).expect("output file"));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                if k >= games {
                    return;
                }
                let text = record(&all[k % all.len()], k as u64 + 1);
                let _ = file.lock().expect("file lock").write_all(text.as_bytes());
                if k % 50 == 0 {
                    eprintln!("game {k}");
                }
            });
        }
    });
}
