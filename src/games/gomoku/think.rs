//! `think`: strength handling, root facts (win now, VCF, then VCT when the turn allows),
//! iterative deepening (a sharp position may run past the soft budget), Lazy SMP helper threads,
//! a safety net against the opponent's VCF/VCT, and `info` reporting, within the context's limits.

use std::cell::{Cell, RefCell};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use super::board::Board;
use super::greedy;
use super::helpers::{self, Detached};
use super::rules::{self, Grid};
use super::search::{Searcher, Shared, MATE, MATE_BOUND};
use super::tt::Tt;
use crate::engine::info::{Info, Score};
use crate::engine::{SearchContext, SearchControl};
use crate::games::{Color, Point, Rule, ThinkError, Thought};

/// What `think` needs to know about the game.
pub struct Position<'g> {
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    pub grid: &'g Grid,
    pub history: &'g [(Color, Point)],
}

/// Deepest iteration; far beyond what any time limit reaches on these boards.
const MAX_DEPTH: u32 = 60;
/// Node budget of the check that the chosen move does not allow a VCF.
const SAFETY_VCF_NODES: u32 = 5_000;
/// Root VCF node budget.
const ROOT_VCF_NODES: u32 = 30_000;
/// Root VCT node budget and depth (attacker moves) without a clock (node-limited or fixed-depth
/// searches). Kept small: 20,000 nodes ate the tree search's time (6-18 against the previous
/// build at 300 ms/move).
const ROOT_VCT_NODES: u32 = 4_000;
const ROOT_VCT_DEPTH: i32 = 5;
/// With a clock the root VCT is bounded by time instead (this share of the hard limit), deeper,
/// with a node cap as a backstop.
const ROOT_VCT_SHARE: f64 = 0.12;
const TIMED_VCT_NODES: u32 = 60_000;
const TIMED_VCT_DEPTH: i32 = 8;
/// Node budget of the check that the chosen move does not allow a VCT, without a clock.
const SAFETY_VCT_NODES: u32 = 10_000;
const SAFETY_VCT_DEPTH: i32 = 6;
/// Root moves the safety net may try without a clock (with one, it tries until time runs out).
const SAFETY_TRIES: usize = 7;
/// With a clock the tree search stops at this share of the hard limit (or of a node limit),
/// leaving the rest to the safety net; the net ends at `SAFETY_END` of the hard limit.
const TREE_SHARE: f64 = 0.75;
const SAFETY_END: f64 = 0.97;
/// A sharp position may start iterations until this share of the hard limit.
const EXTEND_SHARE: f64 = 0.6;
/// Turns shorter than this skip the VCT searches (they would eat the tree search's time).
const VCT_MIN_TURN: Duration = Duration::from_millis(150);

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Converts an internal score to the protocol's.
pub fn score_of(s: i32) -> Score {
    if s >= MATE_BOUND {
        Score::Win((MATE - s).max(1) as u32)
    } else if s <= -MATE_BOUND {
        Score::Loss((MATE + s).max(1) as u32)
    } else {
        Score::Cp(s)
    }
}

/// Node budget for strength levels 1..=99: doubling every 7 levels from 200 nodes.
pub fn strength_nodes(strength: u8) -> Option<u64> {
    (strength < 100).then(|| 200u64 << (strength as u64 / 7))
}

fn position_key(history: &[(Color, Point)]) -> u64 {
    history.iter().fold(0x1234_5678, |h, (c, p)| {
        mix(h ^ ((p.x as u64) << 8 | p.y as u64 | (c.index() as u64) << 16))
    })
}

/// Chooses a move for `color`, never one in `exclude`.
pub fn think(
    pos: &Position,
    color: Color,
    exclude: &[Point],
    tt: &Arc<Tt>,
    ctx: &mut SearchContext,
) -> Result<Thought, ThinkError> {
    helpers::join_background();
    let renju_black = pos.rule == Rule::Renju && color == Color::Black;
    let allowed = |x: usize, y: usize| {
        let forbidden = renju_black && rules::forbidden(pos.grid, x, y).is_some();
        !(forbidden || exclude.contains(&Point::new(x, y)))
    };
    let strength = ctx.options.strength;
    let seed = ctx.options.seed;
    let pkey = position_key(pos.history);
    // The weakest levels: the greedy scorer, always (0) or on some moves (1..19).
    let greedy_now = strength == 0 || (strength < 20 && mix(pkey ^ 77) % 20 >= strength as u64);
    if greedy_now {
        let p = greedy::choose(pos.grid, color, seed.map(|s| mix(s ^ pkey)), allowed)
            .ok_or(ThinkError::GameOver)?;
        wait_if_infinite(ctx.control);
        ctx.report(&Info {
            depth: Some(0),
            score: Some(Score::Cp(0)),
            nodes: 1,
            time: ctx.control.elapsed(),
            pv: vec![ctx.name(p)],
            ..Info::default()
        });
        return Ok(Thought {
            point: p,
            score: Score::Cp(0),
            depth: 0,
            nodes: 1,
            pv: vec![p],
        });
    }

    let mut board = Board::new(pos.width, pos.height, pos.rule);
    for &(c, p) in pos.history {
        board.make(board.index(p.x as usize, p.y as usize), c.index());
    }
    let c = color.index();
    if board.stones() == 0 {
        let (cx, cy) = (pos.width / 2, pos.height / 2);
        let mut p = Point::new(cx, cy);
        if let Some(s) = seed {
            let r = mix(s ^ pkey);
            p = Point::new(cx + (r % 3) as usize - 1, cy + (r / 3 % 3) as usize - 1);
        }
        if !exclude.contains(&p) {
            return Ok(single(ctx, p, Score::Cp(0), 1));
        }
    }

    let limited;
    let control: &SearchControl = match strength_nodes(strength) {
        Some(cap) if ctx.control.max_nodes().is_none_or(|m| m > cap) => {
            limited = ctx.control.clone().with_max_nodes(cap);
            &limited
        }
        _ => ctx.control,
    };
    let hard = control.hard_budget();
    let detached = Detached::new(tt, control, |tt, control| Shared {
        tree_time: hard.map(|h| h.mul_f64(TREE_SHARE)),
        tree_nodes: control.max_nodes().map(|n| n - n / 4),
        ..Shared::new(tt, control)
    });
    let shared = detached.shared();
    let noise = seed.map(|s| mix(s ^ 0xC0FFEE));
    let mut main = Searcher::new(board.clone(), shared, noise, true);

    // Root facts.
    let (list, win, forced) = main.root_moves(c);
    let point_of = |b: &Board, i: usize| {
        let (x, y) = b.coords(i);
        Point::new(x, y)
    };
    let excluded = |i: usize| exclude.contains(&point_of(&board, i));
    if let Some((n, i)) = win {
        if !excluded(i) {
            return Ok(single(ctx, point_of(&board, i), Score::Win(n as u32), 1));
        }
    }
    if let Some((i, n)) = main.vcf_root(c, ROOT_VCF_NODES) {
        if !excluded(i) {
            main.flush();
            let pv = main.pv(c, i, 1);
            let _ = pv;
            return Ok(single(
                ctx,
                point_of(&board, i),
                Score::Win(n as u32),
                shared.nodes.load(Ordering::Relaxed).max(1),
            ));
        }
    }
    // VCT (threes and fours) when the turn allows it.
    let vct_time = control.hard_budget().is_none_or(|h| h >= VCT_MIN_TURN)
        && control.max_nodes().is_none_or(|n| n >= 100_000);
    if vct_time && win.is_none() {
        main.vct_until = hard.map(|h| h.mul_f64(ROOT_VCT_SHARE));
        let (budget, depth) = match hard {
            Some(_) => (TIMED_VCT_NODES, TIMED_VCT_DEPTH),
            None => (ROOT_VCT_NODES, ROOT_VCT_DEPTH),
        };
        if let Some((i, d)) = main.vct_root(c, budget, depth) {
            if !excluded(i) {
                main.flush();
                return Ok(single(
                    ctx,
                    point_of(&board, i),
                    // At most this many plies (a counter-four by the defender adds two).
                    Score::Win(2 * d as u32 + 3),
                    shared.nodes.load(Ordering::Relaxed).max(1),
                ));
            }
        }
        if main.aborted {
            main.aborted = false;
        }
    }
    // A decided root stops generating early: list every playable point then.
    let list = if win.is_some() {
        main.all_moves(c)
    } else {
        list
    };
    let mut roots: Vec<usize> = list.into_iter().filter(|&i| !excluded(i)).collect();
    if roots.is_empty() {
        roots = main
            .all_moves(c)
            .into_iter()
            .filter(|&i| !excluded(i))
            .collect();
    }
    if roots.is_empty() {
        // Everything near the stones is excluded: take any allowed point.
        let p = (0..pos.height)
            .flat_map(|y| (0..pos.width).map(move |x| (x, y)))
            .find(|&(x, y)| pos.grid.get(x as i32, y as i32).is_none() && allowed(x, y))
            .map(|(x, y)| Point::new(x, y));
        return match p {
            Some(p) => Ok(single(ctx, p, Score::Cp(0), 1)),
            None if exclude.is_empty() => Err(ThinkError::GameOver),
            None => Err(ThinkError::Unsupported("no move left to list".into())),
        };
    }

    let max_depth = control.max_depth().unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let threads = ctx.options.threads.max(1);
    let root_list: Vec<(usize, i32)> = roots.iter().map(|&i| (i, 0)).collect();

    let cur_depth = Cell::new(1u32);
    let best_cell = Cell::new((roots[0], 0i32));
    let ctx_cell = RefCell::new(ctx);
    let mut tick = |nodes: u64, sd: u32| {
        let (m, s) = best_cell.get();
        let mut ctx = ctx_cell.borrow_mut();
        let (x, y) = board.coords(m);
        let info = Info {
            depth: Some(cur_depth.get()),
            seldepth: Some(sd),
            score: Some(score_of(s)),
            nodes,
            time: ctx.control.elapsed(),
            pv: vec![ctx.name(Point::new(x, y))],
            ..Info::default()
        };
        ctx.report(&info);
    };
    main.on_tick = Some(&mut tick);
    shared.tree_phase.store(true, Ordering::Relaxed);
    let mut handles = Vec::new();
    let (mut best, mut best_pv, list) = std::thread::scope(|scope| {
        // A thread the system refuses (memory, process limits) is done without, not a panic.
        if threads > 1 {
            let _ = std::thread::Builder::new().spawn_scoped(scope, || watch_stop(shared, control));
        }
        for t in 1..threads {
            let b = board.clone();
            let detached = Arc::clone(&detached);
            let mut list = root_list.clone();
            let helper = std::thread::Builder::new().spawn(move || {
                let shared = detached.shared();
                let mut s = Searcher::new(b, shared, noise.map(|n| n ^ t as u64), false);
                let n = list.len();
                if n > 1 {
                    list.rotate_left(t % n.min(3));
                }
                let mut d = 1 + (t as i32 % 2);
                while !shared.stopped() && d <= max_depth as i32 {
                    s.root(c, d, &mut list);
                    d += 1;
                }
                s.flush();
            });
            handles.extend(helper);
        }
        let mut list = root_list.clone();
        let mut best = (roots[0], 0i32, 0u32);
        let mut best_pv: Vec<usize> = vec![roots[0]];
        let mut sharp = false;
        for d in 1..=max_depth {
            if d > 1 && control.soft_expired() && !(sharp && may_extend(control)) {
                break;
            }
            if d > 2 {
                if let (Some(soft), Some(hard)) = (control.soft_budget(), control.hard_budget()) {
                    // The next iteration costs a few times the last ones: with a fixed movetime
                    // (soft = hard) do not start what cannot finish; a clock's soft budget
                    // already says when to stop starting.
                    if soft >= hard && control.elapsed() > hard.mul_f64(0.45) {
                        break;
                    }
                }
            }
            cur_depth.set(d);
            let prev_first = list[0].0;
            let (m, s, complete) = main.root(c, d as i32, &mut list);
            if !complete {
                // A partial iteration counts only if a new move proved better than the old.
                if d > 1 && m != prev_first && s > best.1 {
                    best = (m, s, best.2);
                    best_pv = vec![m];
                }
                break;
            }
            // Sharp: the answer moved or the score fell at this depth, or the root is forced.
            sharp = forced || (d > 1 && (m != best.0 || s < best.1 - SHARP_DROP));
            best = (m, s, d);
            best_cell.set((m, s));
            main.flush();
            best_pv = main.pv(c, m, d as usize + 2);
            {
                let mut ctx = ctx_cell.borrow_mut();
                let pv = best_pv
                    .iter()
                    .map(|&i| {
                        let (x, y) = board.coords(i);
                        ctx.name(Point::new(x, y))
                    })
                    .collect();
                let info = Info {
                    depth: Some(d),
                    seldepth: Some(main.seldepth),
                    score: Some(score_of(s)),
                    nodes: shared.nodes.load(Ordering::Relaxed),
                    time: ctx.control.elapsed(),
                    pv,
                    ..Info::default()
                };
                ctx.report(&info);
            }
            if s.abs() >= MATE_BOUND || list.len() == 1 {
                break;
            }
        }
        shared.stop.store(true, Ordering::Relaxed);
        main.flush();
        (best, best_pv, list)
    });
    main.on_tick = None;
    // The tree's own share is over: the safety net gets the rest of the budget (unless a limit
    // of the control's, or an outside stop, ended the search: then the helpers are not waited for).
    shared.tree_phase.store(false, Ordering::Relaxed);
    main.flush();
    let stopped = control.should_stop(shared.nodes.load(Ordering::Relaxed));
    helpers::finish(handles, stopped);
    if !stopped {
        shared.stop.store(false, Ordering::Relaxed);
        main.aborted = false;
    }
    wait_if_infinite(control);
    if !main.aborted && best.1 < MATE_BOUND {
        if let Some(k) = safety_net(&mut main, c, &list, best.0, vct_time, hard) {
            best.0 = k;
            best_pv = vec![k];
        }
    }
    main.flush();
    let (m, s, d) = best;
    let pv = best_pv;

    let to_point = |i: usize| {
        let (x, y) = board.coords(i);
        Point::new(x, y)
    };
    Ok(Thought {
        point: to_point(m),
        score: score_of(s),
        depth: d,
        nodes: shared.nodes.load(Ordering::Relaxed),
        pv: pv.into_iter().map(to_point).collect(),
    })
}

/// Safety net: a move that lets the opponent win by continuous fours (or threes, when the turn
/// allows a VCT) is replaced by the next root move, in the tree's order, that does not. Returns
/// the replacement, if any. With a clock every root move may be tried until `SAFETY_END` of
/// the hard limit; the first check (the tree's choice) gets two thirds of that time. An
/// unchecked move is preferred to one known to lose.
fn safety_net(
    main: &mut Searcher,
    c: usize,
    list: &[(usize, i32)],
    best: usize,
    vct: bool,
    hard: Option<Duration>,
) -> Option<usize> {
    let end = hard.map(|h| h.mul_f64(SAFETY_END));
    let mut tries = vec![best];
    tries.extend(list.iter().map(|e| e.0).filter(|&i| i != best));
    if end.is_none() {
        tries.truncate(SAFETY_TRIES);
    }
    for (k, &mv) in tries.iter().enumerate() {
        let now = main.shared_control_elapsed();
        if end.is_some_and(|e| now >= e) {
            // Out of time: an unchecked move is better than one known to lose.
            return (k > 0).then_some(mv);
        }
        main.b.make(mv, c);
        let mut refuted = main.vcf_root(1 - c, SAFETY_VCF_NODES).is_some();
        if !refuted && vct && !main.aborted {
            main.vct_until = end.map(|e| if k == 0 { now + (e - now) * 2 / 3 } else { e });
            let (budget, depth) = match hard {
                Some(_) => (TIMED_VCT_NODES, TIMED_VCT_DEPTH - 1),
                None => (SAFETY_VCT_NODES, SAFETY_VCT_DEPTH),
            };
            refuted = main.vct_root(1 - c, budget, depth).is_some();
        }
        main.b.unmake();
        if !refuted {
            // Not refuted (or the check was cut short by a limit).
            return (k > 0).then_some(mv);
        }
        if main.aborted {
            break;
        }
    }
    None
}

/// A score fall (in evaluation units) between iterations that marks the position as sharp.
const SHARP_DROP: i32 = 40;

/// Whether a sharp position may start another iteration past the soft budget: up to
/// `EXTEND_SHARE` of the hard limit (the tree stops at `TREE_SHARE` of it, so the iteration
/// still has a chance to finish).
fn may_extend(control: &SearchControl) -> bool {
    match (control.soft_budget(), control.hard_budget()) {
        (Some(soft), Some(hard)) if soft < hard && !control.stopped() => {
            control.elapsed() < hard.mul_f64(EXTEND_SHARE)
        }
        _ => false,
    }
}

/// How often the stop watcher looks at the outside stop signal while helpers search.
const WATCH_INTERVAL: Duration = Duration::from_millis(1);

/// With helper threads, an outside `stop` (or the hard deadline) must reach every thread at
/// once: only the main thread polls the control, and with many more threads than cores it may
/// wait a whole scheduling round (hundreds of ms) for a time slice. This sleeping thread wakes
/// promptly, raises the shared stop flag that every helper polls, and ends with the tree search.
fn watch_stop(shared: &Shared, control: &SearchControl) {
    while !shared.stopped() {
        if control.stopped() {
            shared.stop.store(true, Ordering::Relaxed);
            return;
        }
        std::thread::sleep(WATCH_INTERVAL);
    }
}

/// `infinite` searches end only on stop, quit or end of input, even when the answer is known.
fn wait_if_infinite(control: &SearchControl) {
    if control.is_infinite() {
        while !control.stopped() {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// A move decided without a tree search (opening point, immediate win, VCF, greedy).
fn single(ctx: &mut SearchContext, p: Point, score: Score, nodes: u64) -> Thought {
    wait_if_infinite(ctx.control);
    ctx.report(&Info {
        depth: Some(1),
        score: Some(score),
        nodes,
        time: ctx.control.elapsed(),
        pv: vec![ctx.name(p)],
        ..Info::default()
    });
    Thought {
        point: p,
        score,
        depth: 1,
        nodes,
        pv: vec![p],
    }
}
