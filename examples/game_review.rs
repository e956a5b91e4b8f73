//! Reviews finished games with a stronger brain as the judge (issue #16): where did one
//! engine's games go wrong, and would it have chosen better with more time?
//!
//! A match score says how much weaker an engine is, not where. Here a teacher brain (any
//! Gomocup brain that prints `MESSAGE ... Eval N ...`, such as Rapfi) scores every position of
//! the games of a `gridmind match --sgf` file after the opening. A move of the reviewed engine
//! loses what the teacher's score for it falls from before the move to after it.
//!
//! 1. `cargo run --release --example game_review -- --sgf GAMES.sgf --engine gridmind --teacher
//!    CMD --turn-ms 300 --workers 2 --out /tmp/mistakes.txt` prints, per game, the engine's
//!    score at its first move, the first ply at which it stood at `--lost` (300) or worse, and
//!    its moves that lost `--threshold` (100) or more; then totals. It writes the positions of
//!    those moves where the teacher preferred another move to `--out`.
//! 2. `... -- --agree /tmp/mistakes.txt --brain CMD --turn-ms 1000 --workers 2` asks any brain
//!    (gridmind itself, at any time per move) for its move in each written position and counts
//!    how often it picks the teacher's move and how often the move that was played.
//!
//! `--rule renju` (or `standard`) starts the brains under that rule, for games played under it.
//!
//! The teacher's scores are noisy at short times (a "loss" of 100 can be its own horizon), so
//! the totals matter more than any single move.

#[path = "common/selfplay.rs"]
mod selfplay;
#[path = "common/teacher.rs"]
mod teacher;
use gridmind::games::Rule;
use selfplay::{arg, num_arg, rule_arg};
use teacher::{parse_stones, Teacher, TEACHER_DECIDED};

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// One game of the SGF file.
struct Game {
    /// The runner's game number (`GN`), else the game's place in the file.
    number: usize,
    black: String,
    white: String,
    result: String,
    /// Stones of the opening, which nobody chose.
    opening: usize,
    moves: Vec<(u8, u8)>,
}

/// The value of property `key` in `text` (the first one).
fn property<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let start = text.find(&format!("{key}["))? + key.len() + 1;
    let end = start + text[start..].find(']')?;
    Some(&text[start..end])
}

/// The games of a match runner's SGF file (one game tree per game, SGF coordinates `a` = 0).
fn parse_games(sgf: &str) -> Vec<Game> {
    sgf.split("(;FF")
        .skip(1)
        .enumerate()
        .map(|(k, text)| {
            let opening = property(text, "GC")
                .and_then(|c| c.split('(').nth(1))
                .and_then(|c| c.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            let moves = text
                .split(';')
                .filter_map(|node| {
                    let v = node
                        .strip_prefix("B[")
                        .or_else(|| node.strip_prefix("W["))?;
                    let b = v.as_bytes();
                    let coord = |c: u8| c.is_ascii_lowercase().then(|| c - b'a');
                    (b.len() >= 3 && b[2] == b']').then(|| Some((coord(b[0])?, coord(b[1])?)))?
                })
                .collect();
            Game {
                number: property(text, "GN")
                    .and_then(|n| n.trim_start_matches("game ").parse().ok())
                    .unwrap_or(k + 1),
                black: property(text, "PB").unwrap_or("").to_string(),
                white: property(text, "PW").unwrap_or("").to_string(),
                result: property(text, "RE").unwrap_or("").to_string(),
                opening,
                moves,
            }
        })
        .collect()
}

/// Runs `job` on every item with `workers` brains started by `cmd` under `rule`, each item once;
/// a brain that stalls (Rapfi under renju, now and then) is replaced.
fn with_brains<T: Sync, R: Send>(
    items: &[T],
    cmd: &str,
    rule: Rule,
    turn_ms: u64,
    workers: usize,
    job: impl Fn(&mut Teacher, &T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let out = Mutex::new(HashMap::new());
    std::thread::scope(|s| {
        for _ in 0..workers.max(1) {
            s.spawn(|| {
                let mut brain = Teacher::start_under(cmd, turn_ms, rule.gomocup_number());
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(k) else { return };
                    let r = job(&mut brain, item);
                    brain.restart_if_stalled();
                    out.lock().expect("lock").insert(k, r);
                }
            });
        }
    });
    let mut out = out.into_inner().expect("lock");
    (0..items.len()).filter_map(|k| out.remove(&k)).collect()
}

fn coords(m: (u8, u8)) -> String {
    format!("{},{}", m.0, m.1)
}

fn review(args: &[String], num: impl Fn(&str, u64) -> u64) {
    let path = arg(args, "--sgf").expect("--sgf FILE");
    let name = arg(args, "--engine").expect("--engine NAME (as in the SGF)");
    let cmd = arg(args, "--teacher").expect("--teacher CMD");
    let out = arg(args, "--out").unwrap_or_else(|| "mistakes.txt".into());
    let threshold = num("--threshold", 100) as f64;
    let lost = num("--lost", 300) as f64;
    let sgf = std::fs::read_to_string(&path).expect("SGF file");
    let games = parse_games(&sgf);
    // Every position from the end of the opening to the last move, as (game, ply).
    let positions: Vec<(usize, usize)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| (game.opening..game.moves.len()).map(move |k| (g, k)))
        .collect();
    let scores = with_brains(
        &positions,
        &cmd,
        rule_arg(args),
        num("--turn-ms", 300),
        num("--workers", 1) as usize,
        |t, &(g, k)| t.ask(&games[g].moves[..k]),
    );
    let by_position: HashMap<(usize, usize), (Option<f64>, String)> =
        positions.into_iter().zip(scores).collect();
    let mut written = String::new();
    let (mut moves, mut big, mut differ, mut total_loss) = (0, 0, 0, 0.0);
    let mut fallen_at = Vec::new();
    for (g, game) in games.iter().enumerate() {
        let colour = if game.black == name {
            0
        } else if game.white == name {
            1
        } else {
            continue;
        };
        let own = |k: usize| k % 2 == colour;
        // The engine's score (its point of view) at each ply the teacher scored.
        let view = |k: usize| {
            by_position
                .get(&(g, k))
                .and_then(|(e, _)| e.map(|e| if own(k) { e } else { -e }))
        };
        let first = (game.opening..game.moves.len()).find(|&k| own(k));
        let fallen =
            (game.opening..game.moves.len()).find(|&k| view(k).is_some_and(|v| v <= -lost));
        if let Some(f) = fallen {
            fallen_at.push(f);
        }
        let mut listed = Vec::new();
        for k in (game.opening..game.moves.len()).filter(|&k| own(k)) {
            let (Some(before), Some(after)) = (view(k), view(k + 1)) else {
                continue;
            };
            if before.abs() >= TEACHER_DECIDED || after.abs() >= TEACHER_DECIDED {
                continue;
            }
            moves += 1;
            let loss = before - after;
            total_loss += loss.max(0.0);
            if loss < threshold {
                continue;
            }
            big += 1;
            let teacher_move = by_position[&(g, k)].1.clone();
            let played = coords(game.moves[k]);
            listed.push(format!("{k}: {played} (teacher {teacher_move}) -{loss:.0}"));
            if teacher_move != played {
                differ += 1;
                let stones: Vec<String> = game.moves[..k]
                    .iter()
                    .map(|&(x, y)| format!("{x}:{y}"))
                    .collect();
                written.push_str(&format!("{}|{played}|{teacher_move}\n", stones.join(" ")));
            }
        }
        println!(
            "game {} ({} as {}, {}): score at its first move {}, at -{lost} or worse from ply {}; moves losing {threshold} or more: {}",
            game.number,
            name,
            if colour == 0 { "black" } else { "white" },
            game.result,
            first
                .and_then(view)
                .map_or("-".into(), |v| format!("{v:+.0}")),
            fallen.map_or("never".into(), |f| f.to_string()),
            if listed.is_empty() { "none".into() } else { listed.join("; ") }
        );
    }
    fallen_at.sort_unstable();
    // The median ply; with an even count, the later of the two middle ones.
    let median = fallen_at
        .get(fallen_at.len() / 2)
        .map_or("-".into(), |m| m.to_string());
    println!(
        "{moves} scored moves of {name}; {big} lost {threshold} or more ({differ} where the teacher \
         preferred another move, written to {out}); mean loss {:.0} a move; {} games fell to -{lost}, \
         median ply {median}",
        total_loss / f64::from(moves.max(1)),
        fallen_at.len()
    );
    std::fs::write(&out, written).expect("output file");
}

/// A position from the review: the stones, the move played and the teacher's move.
type Mistake = (Vec<(u8, u8)>, String, String);

fn agree(args: &[String], path: &str, num: impl Fn(&str, u64) -> u64) {
    let cmd = arg(args, "--brain").expect("--brain CMD");
    let text = std::fs::read_to_string(path).expect("positions file");
    let rows: Vec<Mistake> = text
        .lines()
        .filter_map(|l| {
            let mut parts = l.split('|');
            let stones = parse_stones(parts.next()?)?;
            Some((stones, parts.next()?.to_string(), parts.next()?.to_string()))
        })
        .collect();
    let answers = with_brains(
        &rows,
        &cmd,
        rule_arg(args),
        num("--turn-ms", 1000),
        num("--workers", 1) as usize,
        |t, row| t.ask(&row.0).1,
    );
    let teacher = rows
        .iter()
        .zip(&answers)
        .filter(|(r, a)| **a == r.2)
        .count();
    let played = rows
        .iter()
        .zip(&answers)
        .filter(|(r, a)| **a == r.1)
        .count();
    println!(
        "{} positions: the brain chose the teacher's move in {teacher}, the move played in {played}, another in {}",
        rows.len(),
        rows.len() - teacher - played
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let num = |name: &str, default: u64| num_arg(&args, name, default);
    if let Some(path) = arg(&args, "--agree") {
        agree(&args, &path, num);
    } else {
        review(&args, num);
    }
}
