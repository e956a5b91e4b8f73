//! Breadth-first and bidirectional breadth-first search: the seed article's first two searches.
//!
//! Both store every state they reach (packed keys, one move byte each) and stop with
//! [`Outcome::OutOfMemory`] before the tables and layers they hold would pass the memory budget
//! (counted as allocated, growth included: see [`super::budget`]). Bidirectional search expands, one whole layer at a
//! time, whichever frontier is smaller, and takes the best meeting point of that layer.

use std::collections::HashMap;

use super::board::{Dir, Shape};
use super::budget::{map_now, vec_now, Budget};
use super::idastar::{Outcome, Stats};
use super::packed::{apply, blank_of, pack};
use crate::search::{Info, SearchContext};

/// Marks the root in a parent table.
const ROOT: u8 = 7;

/// Walks parent moves back from `key` to the root; returns the moves root → key.
fn trace(shape: Shape, map: &HashMap<u128, u32>, mut key: u128) -> Vec<Dir> {
    let mut moves = Vec::new();
    let area = shape.area();
    while let Some(&v) = map.get(&key) {
        let m = (v & 7) as u8;
        if m == ROOT {
            break;
        }
        let d = Dir::from_index(m);
        moves.push(d);
        let blank = blank_of(key, area);
        match apply(shape, key, blank, d.opposite()) {
            Some((k, _)) => key = k,
            None => break,
        }
    }
    moves.reverse();
    moves
}

/// Plain BFS from start until the goal is dequeued-generated.
pub fn bfs(shape: Shape, start: &[u8], goal: &[u8], ctx: &mut SearchContext) -> (Outcome, Stats) {
    let control = ctx.control;
    let (s, g) = (pack(start), pack(goal));
    if s == g {
        return (Outcome::Solved(Vec::new()), Stats { nodes: 1 });
    }
    let budget = Budget::from_mib(ctx.options.hash_mib);
    let area = shape.area();
    let mut seen: HashMap<u128, u32> = HashMap::new();
    seen.insert(s, ROOT as u32);
    let mut layer = vec![s];
    let mut nodes = 0u64;
    let mut depth = 0u32;
    while !layer.is_empty() {
        let mut next = Vec::new();
        for &k in &layer {
            nodes += 1;
            if nodes % 4096 == 0 && control.should_stop(nodes) {
                return (Outcome::Stopped, Stats { nodes });
            }
            let b = blank_of(k, area);
            for d in Dir::ALL {
                let Some((nk, _)) = apply(shape, k, b, d) else {
                    continue;
                };
                if seen.contains_key(&nk) {
                    continue;
                }
                let layers = vec_now(&layer) + vec_now(&next);
                if !budget.room_in_map(&mut seen, layers)
                    || !budget.room_in_vec(&mut next, map_now(&seen) + vec_now(&layer))
                {
                    return (Outcome::OutOfMemory, Stats { nodes });
                }
                seen.insert(nk, d.index() as u32);
                if nk == g {
                    return (Outcome::Solved(trace(shape, &seen, g)), Stats { nodes });
                }
                next.push(nk);
            }
        }
        depth += 1;
        report(ctx, nodes, depth, seen.len());
        layer = next;
    }
    (Outcome::Stopped, Stats { nodes })
}

fn report(ctx: &mut SearchContext, nodes: u64, depth: u32, stored: usize) {
    let control = ctx.control;
    ctx.report(&Info {
        depth: Some(depth),
        nodes,
        time: control.elapsed(),
        extra: vec![
            ("bound".into(), depth.to_string()),
            ("stored".into(), stored.to_string()),
        ],
        ..Default::default()
    });
}

/// Bidirectional BFS: forward from start, backward from the goal, smaller frontier first.
pub fn bibfs(shape: Shape, start: &[u8], goal: &[u8], ctx: &mut SearchContext) -> (Outcome, Stats) {
    let control = ctx.control;
    let (s, g) = (pack(start), pack(goal));
    if s == g {
        return (Outcome::Solved(Vec::new()), Stats { nodes: 1 });
    }
    let budget = Budget::from_mib(ctx.options.hash_mib);
    let area = shape.area();
    // Value: depth << 3 | move index (ROOT at the roots).
    let mut maps = [HashMap::new(), HashMap::new()];
    maps[0].insert(s, ROOT as u32);
    maps[1].insert(g, ROOT as u32);
    let mut fronts = [vec![s], vec![g]];
    let mut depths = [0u32, 0u32];
    let mut nodes = 0u64;
    loop {
        let side = if fronts[0].len() <= fronts[1].len() {
            0
        } else {
            1
        };
        if fronts[side].is_empty() {
            return (Outcome::Stopped, Stats { nodes });
        }
        let other = 1 - side;
        let nd = depths[side] + 1;
        let mut next = Vec::new();
        let mut best: Option<(u32, u128)> = None;
        for &k in &fronts[side] {
            nodes += 1;
            if nodes % 4096 == 0 && control.should_stop(nodes) {
                return (Outcome::Stopped, Stats { nodes });
            }
            let b = blank_of(k, area);
            for d in Dir::ALL {
                let Some((nk, _)) = apply(shape, k, b, d) else {
                    continue;
                };
                if maps[side].contains_key(&nk) {
                    continue;
                }
                let fronts_now = vec_now(&fronts[0]) + vec_now(&fronts[1]);
                let others = map_now(&maps[other]) + fronts_now + vec_now(&next);
                if !budget.room_in_map(&mut maps[side], others)
                    || !budget.room_in_vec(
                        &mut next,
                        map_now(&maps[0]) + map_now(&maps[1]) + fronts_now,
                    )
                {
                    return (Outcome::OutOfMemory, Stats { nodes });
                }
                maps[side].insert(nk, (nd << 3) | d.index() as u32);
                if let Some(&v) = maps[other].get(&nk) {
                    let total = nd + (v >> 3);
                    if best.is_none_or(|(t, _)| total < t) {
                        best = Some((total, nk));
                    }
                }
                next.push(nk);
            }
        }
        depths[side] = nd;
        report(
            ctx,
            nodes,
            depths[0] + depths[1],
            maps[0].len() + maps[1].len(),
        );
        if let Some((_, meet)) = best {
            let mut moves = trace(shape, &maps[0], meet);
            // Backward half: the goal side's moves, undone in reverse order.
            let back = trace(shape, &maps[1], meet);
            moves.extend(back.iter().rev().map(|d| d.opposite()));
            return (Outcome::Solved(moves), Stats { nodes });
        }
        fronts[side] = next;
    }
}
