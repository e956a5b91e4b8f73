//! A* with the Manhattan distance (f = g + h): the seed article's third search.
//!
//! The open list is a binary heap with lazy deletion (ties broken toward deeper nodes); every
//! reached state is stored with its best g and the move that reached it, within the memory budget
//! (table and heap counted as allocated, growth included: see [`super::budget`]).

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::{BinaryHeap, HashMap};

use super::board::{Dir, Shape};
use super::budget::{map_now, vec_bytes, Budget};
use super::heuristic::ManhattanLc;
use super::idastar::{Outcome, Stats};
use super::packed::{apply, blank_of, pack, tile_at};
use crate::search::{Info, SearchContext};

/// Runs A* from `start` to `goal`.
pub fn solve(shape: Shape, start: &[u8], goal: &[u8], ctx: &mut SearchContext) -> (Outcome, Stats) {
    let control = ctx.control;
    let area = shape.area();
    let md = ManhattanLc::new(shape, goal, false);
    let h = |key: u128| {
        let mut pos = vec![0u8; area];
        for c in 0..area {
            pos[tile_at(key, c) as usize] = c as u8;
        }
        md.manhattan(&pos)
    };
    let (s, g) = (pack(start), pack(goal));
    let budget = Budget::from_mib(ctx.options.hash_mib);
    // Value: g << 3 | move index (7 = root).
    let mut best: HashMap<u128, u32> = HashMap::new();
    best.insert(s, 7);
    let mut open: BinaryHeap<Reverse<(u64, u128)>> = BinaryHeap::new();
    let prio = |f: u32, g: u32| ((f as u64) << 32) | (u32::MAX - g) as u64;
    open.push(Reverse((prio(h(s), 0), s)));
    let mut nodes = 0u64;
    let mut last_f = 0;
    while let Some(Reverse((p, k))) = open.pop() {
        let f = (p >> 32) as u32;
        let gk = u32::MAX - (p & 0xFFFF_FFFF) as u32;
        if best.get(&k).is_some_and(|&v| (v >> 3) < gk) {
            continue;
        }
        nodes += 1;
        if k == g {
            return (Outcome::Solved(trace(shape, &best, g)), Stats { nodes });
        }
        if nodes % 4096 == 0 && control.should_stop(nodes) {
            return (Outcome::Stopped, Stats { nodes });
        }
        if f > last_f {
            last_f = f;
            ctx.report(&Info {
                depth: Some(f),
                nodes,
                time: control.elapsed(),
                extra: vec![
                    ("bound".into(), f.to_string()),
                    ("stored".into(), best.len().to_string()),
                ],
                ..Default::default()
            });
        }
        let b = blank_of(k, area);
        for d in Dir::ALL {
            let Some((nk, _)) = apply(shape, k, b, d) else {
                continue;
            };
            let ng = gk + 1;
            let heap_now = vec_bytes::<Reverse<(u64, u128)>>(open.capacity());
            if !budget.room_in_map(&mut best, heap_now)
                || !budget.room_in_heap(&mut open, map_now(&best))
            {
                return (Outcome::OutOfMemory, Stats { nodes });
            }
            match best.entry(nk) {
                Entry::Occupied(mut e) => {
                    if (e.get() >> 3) <= ng {
                        continue;
                    }
                    e.insert((ng << 3) | d.index() as u32);
                }
                Entry::Vacant(e) => {
                    e.insert((ng << 3) | d.index() as u32);
                }
            }
            open.push(Reverse((prio(ng + h(nk), ng), nk)));
        }
    }
    (Outcome::Stopped, Stats { nodes })
}

fn trace(shape: Shape, map: &HashMap<u128, u32>, mut key: u128) -> Vec<Dir> {
    let mut moves = Vec::new();
    let area = shape.area();
    while let Some(&v) = map.get(&key) {
        if v & 7 == 7 {
            break;
        }
        let d = Dir::from_index((v & 7) as u8);
        moves.push(d);
        match apply(shape, key, blank_of(key, area), d.opposite()) {
            Some((k, _)) => key = k,
            None => break,
        }
    }
    moves.reverse();
    moves
}
