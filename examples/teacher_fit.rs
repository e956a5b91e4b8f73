//! Fits the evaluation's pattern weights to a stronger engine's judgement (issue #16).
//!
//! Self-play fits (`texel`, `combo_fit`) learn from gridmind's own games and scores, so they can
//! only sharpen what the evaluation already knows. Here a teacher (any Gomocup brain that prints
//! its score in a `MESSAGE ... Eval N ...` line, such as Rapfi) searches every recorded position
//! for a short time, and the weights are fitted to its scores instead.
//!
//! 1. `cargo run --release --example teacher_fit -- --games 300 --nodes 20000 --workers 2 --out
//!    /tmp/pos.txt` records self-play positions (moves, features, own score, result);
//! 2. `... -- --label /tmp/pos.txt --teacher CMD --turn-ms 100 --workers 2 --out /tmp/lab.txt`
//!    asks the teacher for each position's score and move;
//! 3. `... -- --order /tmp/lab.txt --out /tmp/order.txt` writes `examples/order_fit.rs`'s data
//!    with the teacher's moves as the ones to predict;
//! 4. `... -- --fit /tmp/lab.txt --teacher-scale 250` fits to the teacher's win probability
//!    `sigmoid(score / teacher-scale)` (250 is Rapfi's classical model's own scale, stored at the
//!    head of its model file): the engine's pattern weights with fitted combination weights on
//!    top, then all weights fitted without and with the combinations. It prints each model's
//!    held-out loss beside the engine's evaluation's (its pattern and combination weights) and
//!    the weights in evaluation units.
//!
//! Other rules: `--rule renju` (or `standard`) plays the self-play games, replays positions and
//! starts the teacher under that rule, and `--openings FILE` takes the games' openings from one
//! file (e.g. `tests/data/gomoku/openings/tune-renju-15.txt`) instead of `tests/data/gomoku/`.
//! `--leaves FILE --count N` turns a file of positions (stones `x:y` in the order played, one
//! position a line, as a build that records its search's leaves writes them) into N distinct
//! positions with their features, ready for `--label`. `--fit ... --to-move black|white` fits
//! only the positions with that colour to move, after a constant for the side to move, for a
//! rule like renju that treats the colours differently (docs/strength.md: such a fit lost in
//! play, so the engine keeps one table for both colours).

#[path = "common/adam.rs"]
mod adam;
#[path = "common/features.rs"]
mod features;
#[path = "common/logistic.rs"]
mod logistic;
#[path = "common/report.rs"]
mod report;
#[path = "common/selfplay.rs"]
mod selfplay;
#[path = "common/teacher.rs"]
mod teacher;
use features::{features, order_line, COMBOS, PATTERNS, SCALE, WIDTH};
use logistic::{fit, loss, sigmoid, split, Sample};
use report::{print_combos, print_pattern_fits};
use selfplay::{
    arg, num_arg, openings, openings_file, play_game_under, play_games_from, result_for, rule_arg,
};
use teacher::{parse_stones, Teacher};

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use gridmind::base::Score;
use gridmind::games::gomoku::{
    Gomoku, OPPONENT_COMBO_WEIGHT, OPPONENT_WEIGHT, OWN_COMBO_WEIGHT, OWN_WEIGHT,
};
use gridmind::games::{Color, Game, Point, Rule};

/// Writes one line per quiet self-play position: `moves|features,score,result`.
fn generate(rule: Rule, all: &[Vec<Point>], games: usize, nodes: u64, workers: usize, out: &str) {
    play_games_from(all, games, workers, out, |opening, seed| {
        let mut moves: Vec<Point> = opening.to_vec();
        let mut seen = Vec::new();
        let winner = play_game_under(rule, opening, nodes, seed, |g, colour, t| {
            if let (Some(f), Score::Cp(v)) = (features(g, colour), t.score) {
                seen.push((moves.clone(), colour, f, v));
            }
            moves.push(t.point);
        });
        let mut text = String::new();
        for (m, c, f, v) in seen {
            let m: Vec<String> = m.iter().map(|p| format!("{}:{}", p.x, p.y)).collect();
            let f: Vec<String> = f.iter().map(|n| n.to_string()).collect();
            let r = result_for(winner, c);
            text.push_str(&format!("{}|{},{v},{r}\n", m.join(" "), f.join(",")));
        }
        text
    });
}

/// Appends the teacher's score and move (`x,y`) to every position of `input` (positions it
/// gave no score are left out).
fn label(input: &str, cmd: &str, turn_ms: u64, rule: Rule, workers: usize, out: &str) {
    let text = std::fs::read_to_string(input).expect("positions file");
    let lines: Vec<&str> = text.lines().collect();
    let next = AtomicUsize::new(0);
    let file = Mutex::new(std::fs::File::create(out).expect("output file"));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                let mut teacher = Teacher::start_under(cmd, turn_ms, rule.gomocup_number());
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(line) = lines.get(k) else { return };
                    let Some(moves) = parse_moves(line) else {
                        continue;
                    };
                    if let Some((e, answer)) = teacher.score(&moves) {
                        let row = format!("{line},{e},{answer}\n");
                        let _ = file.lock().expect("lock").write_all(row.as_bytes());
                    }
                    if teacher.restart_if_stalled() {
                        eprintln!("position {k}: the teacher stalled; started a new one");
                    }
                    if k % 500 == 0 {
                        eprintln!("position {k} of {}", lines.len());
                    }
                }
            });
        }
    });
}

/// Writes `count` of the distinct positions in `input` (one per line, stones `x:y` in the
/// order played, black first), taken at random, as position lines with their features under
/// `rule` (score and result 0): how the search's leaves, written by a build that records them,
/// become positions to label.
fn leaves(input: &str, rule: Rule, count: usize, out: &str) {
    let text = std::fs::read_to_string(input).expect("leaves file");
    let mut distinct: Vec<&str> = text.lines().collect();
    distinct.sort_unstable();
    distinct.dedup();
    // A fixed shuffle (splitmix64 keys), so a rerun picks the same leaves.
    let mut keyed: Vec<(u64, &str)> = distinct
        .iter()
        .enumerate()
        .map(|(k, l)| (gridmind::base::splitmix64(k as u64 + 1), *l))
        .collect();
    keyed.sort_unstable();
    let mut lines = String::new();
    let mut written = 0;
    for (_, line) in keyed {
        if written == count {
            break;
        }
        let Some(stones) = parse_stones(line) else {
            continue;
        };
        let Some((g, colour)) = replay(&stones, rule) else {
            continue;
        };
        if let Some(f) = features(&g, colour) {
            let f: Vec<String> = f.iter().map(|n| n.to_string()).collect();
            lines.push_str(&format!("{line}|{},0,0\n", f.join(",")));
            written += 1;
        }
    }
    eprintln!("{} distinct leaves, {written} written", distinct.len());
    std::fs::write(out, lines).expect("output file");
}

/// The game after `stones` played alternately from black under `rule`, and the colour to move;
/// `None` when a stone is refused.
fn replay(stones: &[(u8, u8)], rule: Rule) -> Option<(Gomoku, Color)> {
    let mut g = Gomoku::new(15, 15, rule);
    let mut colour = Color::Black;
    for &(x, y) in stones {
        g.play(colour, Point::new(x as usize, y as usize)).ok()?;
        colour = colour.opponent();
    }
    Some((g, colour))
}

/// The moves of a position line (`x:y x:y ...|...`).
fn parse_moves(line: &str) -> Option<Vec<(u8, u8)>> {
    let (moves, _) = line.split_once('|')?;
    parse_stones(moves)
}

/// Writes `examples/order_fit.rs`'s data from a labelled file: each position's candidates with
/// the teacher's move as the chosen one.
fn order_data(input: &str, out: &str) {
    let text = std::fs::read_to_string(input).expect("labelled file");
    let mut lines = String::new();
    for line in text.lines() {
        let Some(moves) = parse_moves(line) else {
            continue;
        };
        let tail: Vec<&str> = line.rsplitn(3, ',').collect();
        let (Some(Ok(y)), Some(Ok(x))) = (
            tail.first().map(|t| t.parse::<usize>()),
            tail.get(1).map(|t| t.parse::<usize>()),
        ) else {
            continue;
        };
        if let Some((g, colour)) = replay(&moves, Rule::Freestyle) {
            order_line(&g, colour, Point::new(x, y), &mut lines);
        }
    }
    std::fs::write(out, lines).expect("order output file");
}

/// Fits the labelled positions of `path`; with `to_move` only those where that colour is to
/// move (a rule like renju treats the colours differently, so each gets weights of its own).
fn fit_file(path: &str, teacher_scale: f64, side: Option<Color>) {
    let text = std::fs::read_to_string(path).expect("labelled file");
    let samples: Vec<Sample> = text
        .lines()
        .filter_map(|l| {
            let (stones, row) = l.split_once('|')?;
            let black_to_move = stones.split_whitespace().count() % 2 == 0;
            if side.is_some_and(|c| (c == Color::Black) != black_to_move) {
                return None;
            }
            let v: Vec<f64> = row.split(',').filter_map(|t| t.parse().ok()).collect();
            (v.len() >= WIDTH + 3).then(|| Sample {
                x: v[..WIDTH].to_vec(),
                target: sigmoid(v[WIDTH + 2] / teacher_scale),
                offset: 0.0,
            })
        })
        .collect();
    let total = samples.len();
    let (mut train, mut test) = split(samples);
    if side.is_some() {
        // One colour's positions may favour it as a whole (renju's black): a constant, fitted
        // first and then held fixed, keeps that out of the weights.
        let ones = |set: &[Sample]| -> Vec<Sample> {
            set.iter()
                .map(|s| Sample {
                    x: vec![1.0],
                    target: s.target,
                    offset: 0.0,
                })
                .collect()
        };
        let bias = fit(&ones(&train), 1)[0];
        println!("constant for the side to move: {:.0}", bias / SCALE);
        for s in train.iter_mut().chain(test.iter_mut()) {
            s.offset = bias;
        }
    }
    println!("{total} positions ({} held out)", test.len());
    let to_move = |w: &[i32]| w.iter().map(|&w| w as f64 * SCALE).collect::<Vec<_>>();
    let waiting = |w: &[i32]| w.iter().map(|&w| -w as f64 * SCALE).collect::<Vec<_>>();
    let current = [to_move(&OWN_WEIGHT), waiting(&OPPONENT_WEIGHT)].concat();
    let engine = [
        current.clone(),
        to_move(&OWN_COMBO_WEIGHT),
        waiting(&OPPONENT_COMBO_WEIGHT),
    ]
    .concat();
    println!(
        "engine's evaluation: train loss {:.5}, held-out loss {:.5}",
        loss(&train, &engine),
        loss(&test, &engine)
    );
    // The combinations alone, fitted on top of the engine's pattern weights held fixed.
    let on_top = |set: &[Sample]| -> Vec<Sample> {
        set.iter()
            .map(|s| Sample {
                x: s.x[2 * PATTERNS..].to_vec(),
                target: s.target,
                offset: s.offset + current.iter().zip(&s.x).map(|(a, b)| a * b).sum::<f64>(),
            })
            .collect()
    };
    let (train_top, test_top) = (on_top(&train), on_top(&test));
    let w = fit(&train_top, 2 * COMBOS);
    println!(
        "engine's weights plus fitted combinations: train loss {:.5}, held-out loss {:.5}",
        loss(&train_top, &w),
        loss(&test_top, &w)
    );
    print_combos(&w, 0);
    print_pattern_fits(&train, &test);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let num = |name: &str, default: u64| num_arg(&args, name, default);
    let workers = num("--workers", 1) as usize;
    let out = arg(&args, "--out").unwrap_or_else(|| "teacher.txt".into());
    let rule = rule_arg(&args);
    if let Some(path) = arg(&args, "--fit") {
        let scale = arg(&args, "--teacher-scale")
            .and_then(|s| s.parse().ok())
            .unwrap_or(250.0);
        let to_move = arg(&args, "--to-move").map(|c| match c.as_str() {
            "black" => Color::Black,
            "white" => Color::White,
            _ => panic!("--to-move black|white"),
        });
        fit_file(&path, scale, to_move);
    } else if let Some(path) = arg(&args, "--order") {
        order_data(&path, &out);
    } else if let Some(path) = arg(&args, "--label") {
        let cmd = arg(&args, "--teacher").expect("--teacher CMD");
        label(&path, &cmd, num("--turn-ms", 100), rule, workers, &out);
    } else if let Some(path) = arg(&args, "--leaves") {
        leaves(&path, rule, num("--count", 18_000) as usize, &out);
    } else {
        let all = match arg(&args, "--openings") {
            Some(path) => openings_file(&path, rule),
            None => openings(),
        };
        generate(
            rule,
            &all,
            num("--games", 300) as usize,
            num("--nodes", 20000),
            workers,
            &out,
        );
    }
}
