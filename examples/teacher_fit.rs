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
use selfplay::{arg, num_arg, play_game, play_games, result_for};
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
fn generate(games: usize, nodes: u64, workers: usize, out: &str) {
    play_games(games, workers, out, |opening, seed| {
        let mut moves: Vec<Point> = opening.to_vec();
        let mut seen = Vec::new();
        let winner = play_game(opening, nodes, seed, |g, colour, t| {
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
fn label(input: &str, cmd: &str, turn_ms: u64, workers: usize, out: &str) {
    let text = std::fs::read_to_string(input).expect("positions file");
    let lines: Vec<&str> = text.lines().collect();
    let next = AtomicUsize::new(0);
    let file = Mutex::new(std::fs::File::create(out).expect("output file"));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                let mut teacher = Teacher::start(cmd, turn_ms);
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
                    if k % 500 == 0 {
                        eprintln!("position {k} of {}", lines.len());
                    }
                }
            });
        }
    });
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
        let mut g = Gomoku::new(15, 15, Rule::Freestyle);
        let mut colour = Color::Black;
        let played = moves.iter().all(|&(mx, my)| {
            let ok = g.play(colour, Point::new(mx as usize, my as usize)).is_ok();
            colour = colour.opponent();
            ok
        });
        if played {
            order_line(&g, colour, Point::new(x, y), &mut lines);
        }
    }
    std::fs::write(out, lines).expect("order output file");
}

fn fit_file(path: &str, teacher_scale: f64) {
    let text = std::fs::read_to_string(path).expect("labelled file");
    let samples: Vec<Sample> = text
        .lines()
        .filter_map(|l| {
            let (_, row) = l.split_once('|')?;
            let v: Vec<f64> = row.split(',').filter_map(|t| t.parse().ok()).collect();
            (v.len() >= WIDTH + 3).then(|| Sample {
                x: v[..WIDTH].to_vec(),
                target: sigmoid(v[WIDTH + 2] / teacher_scale),
                offset: 0.0,
            })
        })
        .collect();
    let total = samples.len();
    let (train, test) = split(samples);
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
                offset: current.iter().zip(&s.x).map(|(a, b)| a * b).sum(),
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
    if let Some(path) = arg(&args, "--fit") {
        let scale = arg(&args, "--teacher-scale")
            .and_then(|s| s.parse().ok())
            .unwrap_or(250.0);
        fit_file(&path, scale);
    } else if let Some(path) = arg(&args, "--order") {
        order_data(&path, &out);
    } else if let Some(path) = arg(&args, "--label") {
        let cmd = arg(&args, "--teacher").expect("--teacher CMD");
        label(&path, &cmd, num("--turn-ms", 100), workers, &out);
    } else {
        generate(
            num("--games", 300) as usize,
            num("--nodes", 20000),
            workers,
            &out,
        );
    }
}
