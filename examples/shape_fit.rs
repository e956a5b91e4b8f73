//! Fits one evaluation weight per line shape instead of per pattern class (issue #16).
//!
//! The engine's evaluation gives every empty point, per direction and colour, the weight of one
//! of eleven pattern classes. A class lumps many shapes together: a two with a gap and a
//! connected two, a three near the edge and one in the open. This example splits the classes
//! into the line shapes the 9-cell window can tell apart (per side, the cells out to the first
//! blocker; mirror images merged: 367 live shapes) and fits a weight per shape, starting from
//! and pulled towards (`--lambda`) the weight of the shape's class. An engine that evaluated by
//! these weights lost every match against the class weights (docs/strength.md, thirty-fifth
//! session), so the engine keeps its classes; the example keeps the measurement repeatable.
//!
//! Input is `teacher_fit --label` output. `cargo run --release --example shape_fit -- --fit
//! /tmp/lab.txt [--lambda 0.3,1] [--out /tmp/shapes.txt]` prints the held-out loss, against
//! the teacher's win probability `sigmoid(score / --teacher-scale)` (default 250), of the
//! engine's weights, of the eleven classes refitted and of the shape weights at each pull;
//! `--out` writes the shapes the last fit moved, as `(side code, side code, own, opponent)`.
//! - `--freeze-from CLASS`: shapes of that pattern class and above keep their class weights;
//! - `--centre`: each class keeps its weight on average, only the split within it is fitted;
//! - `--moves`: fits instead to the teacher's moves in positions without a four point: the
//!   evaluation after each candidate move, through a softmax, should pick the teacher's move
//!   (`--steps`, default 300, full-batch steps).

#[path = "common/features.rs"]
mod features;
#[path = "common/selfplay.rs"]
mod selfplay;
#[path = "common/teacher.rs"]
mod teacher;
use features::{SCALE, WIDTH};
use selfplay::arg;
use teacher::parse_stones;

use gridmind::games::gomoku::{pattern, OPPONENT_WEIGHT, OWN_WEIGHT};

/// Codes of one side of a window, read outwards from the centre until the first blocker: a
/// run of `len` open cells (0..=4) with own stones at `bits`, coded `2^len - 1 + bits`.
const SIDE_CODES: usize = 31;
/// Shapes before mirror images are merged (both sides' codes).
const SHAPES: usize = SIDE_CODES * SIDE_CODES;
const BOARD: usize = 15;
/// `--lambda` 1 pulls a weight towards its start with this gradient per unit it has moved: a
/// shape seen in one position in a hundred then stays within a few units of its class.
const PULL_UNIT: f64 = 1e-6;

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The code of one side: `cells` outwards from the centre, 0 empty, 1 own, 2 blocked.
fn side_code(cells: &[u8]) -> usize {
    let mut bits = 0;
    let mut len = 0;
    for &c in cells {
        if c == 2 {
            break;
        }
        bits |= usize::from(c == 1) << len;
        len += 1;
    }
    (1 << len) - 1 + bits
}

/// The shape of a window (`left` and `right` outwards from the centre), mirror images merged.
fn shape(left: &[u8], right: &[u8]) -> usize {
    let (a, b) = (side_code(left), side_code(right));
    a.min(b) * SIDE_CODES + a.max(b)
}

/// The engine's 16-bit key of a window, for the pattern tables (own stones as colour 0).
fn key_of(left: &[u8], right: &[u8]) -> u16 {
    let code = |c: u8| match c {
        0 => 0u16,
        1 => 1,
        _ => 3,
    };
    let mut key = 0;
    for k in 0..4 {
        key |= code(left[k]) << (2 * pattern::slot(-(k as i32 + 1)));
        key |= code(right[k]) << (2 * pattern::slot(k as i32 + 1));
    }
    key
}

/// One position: counts per feature (`side * SHAPES + shape`, side 0 the side to move) and
/// the teacher's win probability.
struct Position {
    counts: Vec<(u32, f64)>,
    target: f64,
}

/// The shapes on a board (`cells` row-major, 0 empty, 1 black, 2 white) for `to_move` (1 or
/// 2); the pattern of each shape seen is recorded in `pattern_of`.
fn count_shapes(cells: &[u8], to_move: u8, pattern_of: &mut [u8]) -> Vec<(u32, f64)> {
    let mut n = vec![0u32; 2 * SHAPES];
    for (x, y) in empty_points(cells) {
        for (own, s, _) in point_shapes(cells, x, y, pattern_of) {
            n[usize::from(own != to_move) * SHAPES + s] += 1;
        }
    }
    n.iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(f, &c)| (f as u32, c as f64))
        .collect()
}

/// The cells (row-major, 0 empty, 1 black, 2 white) after `stones`, black first, and the
/// colour to move.
fn board_of(stones: &[(u8, u8)]) -> (Vec<u8>, u8) {
    let mut cells = vec![0u8; BOARD * BOARD];
    for (k, &(x, y)) in stones.iter().enumerate() {
        cells[y as usize * BOARD + x as usize] = 1 + (k % 2) as u8;
    }
    (cells, 1 + (stones.len() % 2) as u8)
}

/// One line of a `teacher_fit --label` file: the position's stones and its row of numbers.
struct Labelled {
    stones: Vec<(u8, u8)>,
    row: Vec<f64>,
}

/// The lines of a `teacher_fit --label` file.
fn labelled(path: &str) -> Vec<Labelled> {
    let text = std::fs::read_to_string(path).expect("labelled file");
    text.lines()
        .filter_map(|line| {
            let (moves, row) = line.split_once('|')?;
            Some(Labelled {
                stones: parse_stones(moves)?,
                row: row.split(',').filter_map(|t| t.parse().ok()).collect(),
            })
        })
        .collect()
}

/// The empty points of a board, row by row.
fn empty_points(cells: &[u8]) -> impl Iterator<Item = (i32, i32)> + '_ {
    (0..BOARD as i32)
        .flat_map(|y| (0..BOARD as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| cells[y as usize * BOARD + x as usize] == 0)
}

/// Both colours' windows at the empty point `(x, y)` in every direction, as `(colour, shape,
/// pattern)`; the pattern of each shape is recorded in `pattern_of`.
fn point_shapes(cells: &[u8], x: i32, y: i32, pattern_of: &mut [u8]) -> [(u8, usize, u8); 8] {
    let mut out = [(0, 0, 0); 8];
    for (k, slot) in out.iter_mut().enumerate() {
        let own = 1 + (k % 2) as u8;
        let (s, p) = window_shape(cells, x, y, DIRECTIONS[k / 2], own);
        pattern_of[s] = p;
        *slot = (own, s, p);
    }
    out
}

fn load(path: &str, teacher_scale: f64, pattern_of: &mut [u8]) -> Vec<Position> {
    let mut out = Vec::new();
    for Labelled { stones, row } in labelled(path) {
        let Some(&e) = row.get(WIDTH + 2) else {
            continue;
        };
        let (cells, to_move) = board_of(&stones);
        out.push(Position {
            counts: count_shapes(&cells, to_move, pattern_of),
            target: sigmoid(e / teacher_scale),
        });
    }
    out
}

/// The model's logit: the side to move's features count for, the side waiting's against.
fn logit(p: &Position, w: &[f64]) -> f64 {
    let sum: f64 = p
        .counts
        .iter()
        .map(|&(f, n)| {
            let sign = if (f as usize) < SHAPES { 1.0 } else { -1.0 };
            sign * n * w[f as usize]
        })
        .sum();
    SCALE * sum
}

fn loss(set: &[Position], w: &[f64]) -> f64 {
    set.iter()
        .map(|p| {
            let q = sigmoid(logit(p, w)).clamp(1e-9, 1.0 - 1e-9);
            -(p.target * q.ln() + (1.0 - p.target) * (1.0 - q).ln())
        })
        .sum::<f64>()
        / set.len() as f64
}

/// Full-batch Adam on the weights (in evaluation units) from `start`, with `lambda` pulling each
/// towards `start`; `tie` maps a feature to the weight it shares (the class fit ties all shapes
/// of a class together), or to none when it stays where it starts.
fn fit(
    train: &[Position],
    start: &[f64],
    lambda: f64,
    tie: &dyn Fn(usize) -> Option<usize>,
    centre: Option<&[u8]>,
) -> Vec<f64> {
    const STEPS: usize = 1500;
    const RATE: f64 = 1.0;
    let dims = start.len();
    let n = train.len() as f64;
    let mut w = start.to_vec();
    let mut freq = vec![0.0; dims];
    for p in train {
        for &(f, c) in &p.counts {
            freq[f as usize] += c;
        }
    }
    let (mut m, mut v) = (vec![0.0; dims], vec![0.0; dims]);
    for step in 1..=STEPS {
        let mut grad = vec![0.0; dims];
        for p in train {
            let e = sigmoid(logit(p, &w)) - p.target;
            for &(f, c) in &p.counts {
                let sign = if (f as usize) < SHAPES { 1.0 } else { -1.0 };
                if let Some(t) = tie(f as usize) {
                    grad[t] += e * SCALE * sign * c;
                }
            }
        }
        for j in 0..dims {
            let g = grad[j] / n + lambda * PULL_UNIT * (w[j] - start[j]);
            m[j] = 0.9 * m[j] + 0.1 * g;
            v[j] = 0.999 * v[j] + 0.001 * g * g;
            let (mh, vh) = (
                m[j] / (1.0 - 0.9f64.powi(step as i32)),
                v[j] / (1.0 - 0.999f64.powi(step as i32)),
            );
            w[j] -= RATE * mh / (vh.sqrt() + 1e-12);
        }
        // With `centre` (each feature's class), each side's shapes of one class keep their
        // class's weight on average over the training positions: only the split within a class
        // is fitted.
        if let Some(class) = centre {
            let mut moved = std::collections::HashMap::new();
            for (f, &seen) in freq.iter().enumerate() {
                if tie(f).is_some() && seen > 0.0 {
                    let e = moved
                        .entry((f / SHAPES, class[f % SHAPES]))
                        .or_insert((0.0, 0.0));
                    e.0 += seen * (w[f] - start[f]);
                    e.1 += seen;
                }
            }
            for f in 0..dims {
                if let (Some(_), Some(&(sum, seen))) =
                    (tie(f), moved.get(&(f / SHAPES, class[f % SHAPES])))
                {
                    w[f] -= sum / seen;
                }
            }
        }
        // Tied weights follow the one they share.
        for j in 0..dims {
            match tie(j) {
                Some(t) if t != j => w[j] = w[t],
                _ => {}
            }
        }
    }
    w
}

/// One position for the move fit: per candidate, its change to the shape counts as the features
/// of the evaluation after the move (signed so that their sum is the mover's score), and which
/// candidate the teacher played.
struct Choice {
    moves: Vec<Vec<(u32, f32)>>,
    played: usize,
}

/// The shape of `own`'s window at `(x, y)` along `(dx, dy)`.
fn window_shape(cells: &[u8], x: i32, y: i32, (dx, dy): (i32, i32), own: u8) -> (usize, u8) {
    let at = |x: i32, y: i32| -> u8 {
        if x < 0 || y < 0 || x >= BOARD as i32 || y >= BOARD as i32 {
            return 2;
        }
        match cells[y as usize * BOARD + x as usize] {
            0 => 0,
            c if c == own => 1,
            _ => 2,
        }
    };
    let (mut left, mut right) = ([0u8; 4], [0u8; 4]);
    for k in 0..4 {
        let d = k as i32 + 1;
        left[k] = at(x - d * dx, y - d * dy);
        right[k] = at(x + d * dx, y + d * dy);
    }
    let p = pattern::tables().get(false, 0, key_of(&left, &right));
    (shape(&left, &right), p)
}

const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// What a stone of `mover` at `(x, y)` changes in the shape counts, as features of the position
/// after it (the mover waits: its shapes count for it with the waiting side's weights, the
/// opponent's against it with the side to move's).
fn move_delta(cells: &mut [u8], x: i32, y: i32, mover: u8) -> Vec<(u32, f32)> {
    let mut delta: Vec<(u32, f32)> = Vec::new();
    let mut add = |own: u8, s: usize, n: f32| {
        let (f, sign) = if own == mover {
            (SHAPES + s, 1.0)
        } else {
            (s, -1.0)
        };
        match delta.iter_mut().find(|(g, _)| *g == f as u32) {
            Some(e) => e.1 += sign * n,
            None => delta.push((f as u32, sign * n)),
        }
    };
    let empty = |cells: &[u8], x: i32, y: i32| {
        x >= 0
            && y >= 0
            && x < BOARD as i32
            && y < BOARD as i32
            && cells[y as usize * BOARD + x as usize] == 0
    };
    for own in [1u8, 2] {
        for d in DIRECTIONS {
            add(own, window_shape(cells, x, y, d, own).0, -1.0);
        }
    }
    for stage in [-1.0, 1.0] {
        if stage > 0.0 {
            cells[y as usize * BOARD + x as usize] = mover;
        }
        for d in DIRECTIONS {
            for k in (-4..=4).filter(|&k| k != 0) {
                let (qx, qy) = (x + k * d.0, y + k * d.1);
                if empty(cells, qx, qy) {
                    for own in [1u8, 2] {
                        add(own, window_shape(cells, qx, qy, d, own).0, stage);
                    }
                }
            }
        }
    }
    cells[y as usize * BOARD + x as usize] = 0;
    delta.retain(|e| e.1 != 0.0);
    delta
}

/// The labelled positions where neither side has a four point, with the teacher's move among
/// the candidates (empty points within two of a stone).
fn load_choices(path: &str, pattern_of: &mut [u8]) -> Vec<Choice> {
    let mut out = Vec::new();
    for Labelled { stones, row } in labelled(path) {
        let (Some(&tx), Some(&ty)) = (row.get(WIDTH + 3), row.get(WIDTH + 4)) else {
            continue;
        };
        let (mut cells, mover) = board_of(&stones);
        let mut tactical = false;
        let mut candidates = Vec::new();
        for (x, y) in empty_points(&cells) {
            for (_, _, p) in point_shapes(&cells, x, y, pattern_of) {
                tactical |= p >= pattern::B4;
            }
            let near = (-2..=2).any(|dy: i32| {
                (-2..=2).any(|dx: i32| {
                    let (qx, qy) = (x + dx, y + dy);
                    qx >= 0
                        && qy >= 0
                        && qx < BOARD as i32
                        && qy < BOARD as i32
                        && cells[qy as usize * BOARD + qx as usize] != 0
                })
            });
            if near {
                candidates.push((x, y));
            }
        }
        let Some(played) = candidates
            .iter()
            .position(|&(x, y)| (x as f64, y as f64) == (tx, ty))
        else {
            continue;
        };
        if tactical {
            continue;
        }
        let moves = candidates
            .iter()
            .map(|&(x, y)| move_delta(&mut cells, x, y, mover))
            .collect();
        out.push(Choice { moves, played });
    }
    out
}

/// Mean cross-entropy of the teacher's moves under a softmax of `beta` times each move's score,
/// and how often the best-scored move is the teacher's.
fn choice_loss(set: &[Choice], w: &[f64], beta: f64) -> (f64, f64) {
    let (mut total, mut hits) = (0.0, 0usize);
    for c in set {
        let scores: Vec<f64> = c.moves.iter().map(|m| move_score(m, w)).collect();
        let top = scores.iter().cloned().fold(f64::MIN, f64::max);
        let z: f64 = scores.iter().map(|s| (beta * (s - top)).exp()).sum();
        total += -(beta * (scores[c.played] - top) - z.ln());
        hits += usize::from(scores[c.played] >= top);
    }
    (total / set.len() as f64, hits as f64 / set.len() as f64)
}

fn move_score(m: &[(u32, f32)], w: &[f64]) -> f64 {
    m.iter().map(|&(f, n)| n as f64 * w[f as usize]).sum()
}

/// Fits the weights (those `free` allows) and the softmax's sharpness to the teacher's moves,
/// pulled towards `start` by `lambda`; returns the weights and the sharpness.
fn fit_choices(
    train: &[Choice],
    start: &[f64],
    lambda: f64,
    free: &dyn Fn(usize) -> bool,
    steps: usize,
) -> (Vec<f64>, f64) {
    const RATE: f64 = 1.0;
    const BETA_RATE: f64 = 0.02;
    let dims = start.len();
    let n = train.len() as f64;
    let mut w = start.to_vec();
    let mut log_beta = (0.02f64).ln();
    let (mut m, mut v) = (vec![0.0; dims + 1], vec![0.0; dims + 1]);
    for step in 1..=steps {
        let beta = log_beta.exp();
        let mut grad = vec![0.0; dims + 1];
        for c in train {
            let scores: Vec<f64> = c.moves.iter().map(|m| move_score(m, &w)).collect();
            let top = scores.iter().cloned().fold(f64::MIN, f64::max);
            let e: Vec<f64> = scores.iter().map(|s| (beta * (s - top)).exp()).collect();
            let z: f64 = e.iter().sum();
            let mean_score: f64 = e.iter().zip(&scores).map(|(p, s)| p * s).sum::<f64>() / z;
            for (k, mv) in c.moves.iter().enumerate() {
                let g = e[k] / z - f64::from(u8::from(k == c.played));
                for &(f, cnt) in mv {
                    grad[f as usize] += beta * g * cnt as f64;
                }
            }
            // d loss / d log beta = beta * (expected score - played score).
            grad[dims] += beta * (mean_score - scores[c.played]);
        }
        for j in 0..=dims {
            if j < dims && !free(j) {
                continue;
            }
            let mut g = grad[j] / n;
            if j < dims {
                g += lambda * PULL_UNIT * (w[j] - start[j]);
            }
            m[j] = 0.9 * m[j] + 0.1 * g;
            v[j] = 0.999 * v[j] + 0.001 * g * g;
            let (mh, vh) = (
                m[j] / (1.0 - 0.9f64.powi(step as i32)),
                v[j] / (1.0 - 0.999f64.powi(step as i32)),
            );
            let rate = if j < dims { RATE } else { BETA_RATE };
            let stepped = rate * mh / (vh.sqrt() + 1e-12);
            if j < dims {
                w[j] -= stepped;
            } else {
                log_beta -= stepped;
            }
        }
    }
    (w, log_beta.exp())
}

/// Every fifth item held out: (training, held-out).
fn held_out<T>(all: Vec<T>) -> (Vec<T>, Vec<T>) {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (k, item) in all.into_iter().enumerate() {
        if k % 5 == 0 { &mut test } else { &mut train }.push(item);
    }
    (train, test)
}

/// The engine's weights per feature: each shape at its class's weight.
fn engine_weights(pattern_of: &[u8]) -> Vec<f64> {
    (0..2 * SHAPES)
        .map(|f| {
            let p = pattern_of[f % SHAPES] as usize;
            let w = if f < SHAPES {
                OWN_WEIGHT
            } else {
                OPPONENT_WEIGHT
            };
            w[p] as f64
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = arg(&args, "--fit").expect("--fit LABELLED");
    let scale = arg(&args, "--teacher-scale")
        .and_then(|s| s.parse().ok())
        .unwrap_or(250.0);
    let lambdas: Vec<f64> = arg(&args, "--lambda")
        .unwrap_or_else(|| "0.5,2,8".into())
        .split(',')
        .filter_map(|t| t.parse().ok())
        .collect();
    // Shapes of this class and above (default: none) keep the engine's class weights.
    let freeze_from = arg(&args, "--freeze-from")
        .and_then(|s| s.parse().ok())
        .unwrap_or(u8::MAX);
    let centre = args.iter().any(|a| a == "--centre");
    let mut pattern_of = vec![pattern::DEAD; SHAPES];
    if args.iter().any(|a| a == "--moves") {
        return fit_moves(&args, &path, &lambdas, freeze_from, &mut pattern_of);
    }
    let all = load(&path, scale, &mut pattern_of);
    let (train, test) = held_out(all);
    let seen = (0..SHAPES)
        .filter(|&s| pattern_of[s] != pattern::DEAD)
        .count();
    println!(
        "{} training and {} held-out positions, {seen} live shapes",
        train.len(),
        test.len()
    );
    let engine = engine_weights(&pattern_of);
    println!(
        "engine's weights: train {:.5}, held-out {:.5}",
        loss(&train, &engine),
        loss(&test, &engine)
    );
    // The dead shapes (no five through the point) stay at zero, like their class.
    let live = |f: usize| pattern_of[f % SHAPES] != pattern::DEAD;
    // One representative shape per side and class carries the class weight.
    let mut first = std::collections::HashMap::new();
    for f in 0..2 * SHAPES {
        first
            .entry((f / SHAPES, pattern_of[f % SHAPES]))
            .or_insert(f);
    }
    let class_tie = |f: usize| live(f).then(|| first[&(f / SHAPES, pattern_of[f % SHAPES])]);
    let classes = fit(&train, &engine, 0.0, &class_tie, None);
    println!(
        "classes refitted: train {:.5}, held-out {:.5}",
        loss(&train, &classes),
        loss(&test, &classes)
    );
    let mut last = classes.clone();
    for &lambda in &lambdas {
        let own = |f: usize| (live(f) && pattern_of[f % SHAPES] < freeze_from).then_some(f);
        let w = fit(&train, &classes, lambda, &own, None);
        println!(
            "shapes from the refitted classes, lambda {lambda}: train {:.5}, held-out {:.5}",
            loss(&train, &w),
            loss(&test, &w)
        );
        let w2 = fit(
            &train,
            &engine,
            lambda,
            &own,
            centre.then_some(&pattern_of[..]),
        );
        println!(
            "shapes from the engine's weights, lambda {lambda}: train {:.5}, held-out {:.5}",
            loss(&train, &w2),
            loss(&test, &w2)
        );
        last = w2;
    }
    if let Some(out) = arg(&args, "--out") {
        write_shapes(&out, &pattern_of, &engine, &last);
    }
}

/// The move fit: the shape weights fitted so that the evaluation after each candidate ranks the
/// teacher's move first.
fn fit_moves(args: &[String], path: &str, lambdas: &[f64], freeze_from: u8, pattern_of: &mut [u8]) {
    let all = load_choices(path, pattern_of);
    let (train, test) = held_out(all);
    let steps = arg(args, "--steps")
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    println!(
        "{} training and {} held-out quiet positions",
        train.len(),
        test.len()
    );
    let engine = engine_weights(pattern_of);
    let (_, beta) = fit_choices(&train, &engine, 0.0, &|_| false, steps);
    let (l, hit) = choice_loss(&test, &engine, beta);
    println!(
        "engine's weights (sharpness {beta:.4}): held-out loss {l:.4}, teacher's move first {:.1}%",
        100.0 * hit
    );
    let free = |f: usize| {
        let p = pattern_of[f % SHAPES];
        p != pattern::DEAD && p < freeze_from
    };
    let mut last = engine.clone();
    for &lambda in lambdas {
        let (w, beta) = fit_choices(&train, &engine, lambda, &free, steps);
        let (lt, ht) = choice_loss(&train, &w, beta);
        let (l, hit) = choice_loss(&test, &w, beta);
        println!("lambda {lambda} (sharpness {beta:.4}): train {lt:.4} ({:.1}%), held-out {l:.4}, teacher's move first {:.1}%", 100.0 * ht, 100.0 * hit);
        last = w;
    }
    if let Some(out) = arg(args, "--out") {
        write_shapes(&out, pattern_of, &engine, &last);
    }
}

/// Writes the shapes whose rounded weights left their class's, in the engine's table form.
fn write_shapes(out: &str, pattern_of: &[u8], engine: &[f64], last: &[f64]) {
    let mut text = String::new();
    let mut moved = 0;
    for s in 0..SHAPES {
        let (own, opponent) = (last[s].round(), last[SHAPES + s].round());
        if pattern_of[s] != pattern::DEAD && (own, opponent) != (engine[s], engine[SHAPES + s]) {
            moved += 1;
            let (a, b) = (s / SIDE_CODES, s % SIDE_CODES);
            text.push_str(&format!(
                "({a}, {b}, {own}, {opponent}), // class {}: {} {}\n",
                pattern_of[s],
                engine[s],
                engine[SHAPES + s]
            ));
        }
    }
    std::fs::write(out, text).expect("output file");
    println!("{moved} shapes moved from their class weights");
}
