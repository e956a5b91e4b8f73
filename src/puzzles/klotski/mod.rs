//! Klotski / Huarong Dao: `solve klotski GRID [metric moves|slides|steps] [goal PIECE ROW COL] [all]`.
//!
//! Exact optimal solutions by a level-by-level breadth-first search (see protocol.md for the
//! syntax and answers). The pieces: [`grid`] parses and validates, [`request`] reads the options,
//! [`model`] groups pieces into shape classes and precomputes geometry, and [`rebuild`] turns the
//! state chain back into moves with real letters. Two search paths share them:
//! - the bitboard path, for every board whose piece placements fit one `u64` (the classic 4x5
//!   board and most small ones): [`bitboard`] is the one-word key and its move generation,
//!   [`keyset`] the visited set, [`bitbfs`] the search;
//! - the general path, for the rest: [`key`] packs states into a few words, [`moves`] generates
//!   successors, [`table`] stores visited states, [`bfs`] searches.

pub mod bfs;
pub mod bitbfs;
pub mod bitboard;
pub mod grid;
pub mod key;
pub mod keyset;
pub mod layouts;
pub mod levels;
pub mod model;
pub mod moves;
pub mod rebuild;
pub mod request;
pub mod table;

pub use model::Metric;
pub use request::{parse_request, Request};

use crate::search::SearchContext;
use bfs::Failure;
use bitboard::BitModel;
use model::Model;

/// An optimal solution, plus the `all` statistics when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Each move: piece letter then the directions (`u d l r`) it travels.
    pub moves: Vec<String>,
    /// With `all`: distinct optimal end positions (same-shaped pieces interchangeable).
    pub end_positions: Option<u64>,
    /// With `all`: positions reachable from the start (same convention), start included.
    pub reachable: Option<u64>,
}

impl Solution {
    /// The answer text after `= `: `COUNT MOVE ...`, then the `all` lines.
    pub fn to_answer(&self) -> String {
        let mut s = self.moves.len().to_string();
        for m in &self.moves {
            s.push(' ');
            s.push_str(m);
        }
        if let (Some(e), Some(r)) = (self.end_positions, self.reachable) {
            s.push_str(&format!(
                "\noptimal end positions {e}\nreachable positions {r}"
            ));
        }
        s
    }
}

/// Which search implementation answers a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// The bitboard path when the board fits it, else the general path (what `solve` uses).
    Auto,
    /// The general path on any board (kept selectable so tests can compare the two).
    General,
    /// The bitboard path; an error when the board's placements do not fit 64 bits.
    Bitboard,
}

/// Solves a parsed request. Errors are the protocol's `?` messages.
pub fn solve(req: &Request, ctx: &mut SearchContext) -> Result<Solution, String> {
    solve_using(req, Path::Auto, ctx)
}

/// Solves a parsed request with the chosen search path.
pub fn solve_using(req: &Request, path: Path, ctx: &mut SearchContext) -> Result<Solution, String> {
    let model = Model::new(&req.layout, req.goal()?, !req.all)?;
    if path != Path::General {
        if let Some(bm) = BitModel::new(&model) {
            return solve_bitboard(&model, &bm, req, ctx);
        }
        if path == Path::Bitboard {
            return Err("bitboard path: the piece placements need more than 64 bits".into());
        }
    }
    // One instantiation per key width: the classic board packs into a u128.
    match key::words_for(model.classes(), model.cells()) {
        1 => solve_packed::<u64>(&model, req, ctx),
        2 => solve_packed::<u128>(&model, req, ctx),
        4 => solve_packed::<[u64; 4]>(&model, req, ctx),
        8 => solve_packed::<[u64; 8]>(&model, req, ctx),
        _ => solve_packed::<[u64; 16]>(&model, req, ctx),
    }
}

fn solve_bitboard(
    model: &Model,
    bm: &BitModel,
    req: &Request,
    ctx: &mut SearchContext,
) -> Result<Solution, String> {
    let start = bm.canonical(bm.key_of(model.pieces.iter().map(|p| (p.class, p.pos as usize))));
    let found =
        bitbfs::search(bm, start, req.metric, req.all, ctx).map_err(|f| failure_message(f, ctx))?;
    let Some(goal) = found.goal else {
        return Err(unsolvable_message(found.table.len(), req.metric));
    };
    let mut chain = vec![found.table.node(goal as usize).key];
    let mut id = goal;
    while id != 0 {
        id = found.table.node(id as usize).parent;
        chain.push(found.table.node(id as usize).key);
    }
    chain.reverse();
    let moves = rebuild::moves_by_keys(model, bm, req.metric, &chain)?;
    Ok(Solution {
        moves,
        end_positions: req.all.then_some(found.end_positions),
        reachable: req.all.then_some(found.table.len() as u64),
    })
}

fn failure_message(f: Failure, ctx: &SearchContext) -> String {
    match f {
        Failure::Stopped { nodes, depth } => {
            format!("search stopped: after {nodes} positions (no solution of {depth} moves or fewer)")
        }
        Failure::OutOfMemory { states } => format!(
            "out of memory: more than {} MiB needed after {states} positions (raise it with setoption hash MIB)",
            ctx.options.hash_mib
        ),
    }
}

fn unsolvable_message(states: usize, metric: Metric) -> String {
    format!(
        "unsolvable: the goal cannot be reached ({states} positions explored under {})",
        metric.name()
    )
}

fn solve_packed<K: key::PackedKey>(
    model: &Model,
    req: &Request,
    ctx: &mut SearchContext,
) -> Result<Solution, String> {
    let found =
        bfs::search::<K>(model, req.metric, req.all, ctx).map_err(|f| failure_message(f, ctx))?;
    let Some(goal) = found.goal else {
        return Err(unsolvable_message(found.table.len(), req.metric));
    };
    let ids = rebuild::chain(&found.table, goal);
    let moves = rebuild::moves(model, req.metric, &found.table, &ids)?;
    Ok(Solution {
        moves,
        end_positions: req.all.then_some(found.end_positions),
        reachable: req.all.then_some(found.table.len() as u64),
    })
}

/// Parses `solve klotski` arguments and solves; see protocol.md.
pub fn solve_command(args: &str, ctx: &mut SearchContext) -> Result<String, String> {
    let req = parse_request(args)?;
    solve(&req, ctx).map(|s| s.to_answer())
}
