//! Klotski / Huarong Dao: `solve klotski GRID [metric moves|slides|steps] [goal PIECE ROW COL] [all]`.
//!
//! Exact optimal solutions by a level-by-level breadth-first search (see protocol.md for the
//! syntax and answers). The pieces: [`grid`] parses and validates, [`args`] reads the options,
//! [`model`] groups pieces into shape classes and precomputes geometry, [`moves`] generates
//! successors per metric, [`key`] packs states into a few words, [`table`] stores visited states, [`bfs`] searches, [`rebuild`] turns
//! the state chain back into moves with real letters.

pub mod args;
pub mod bfs;
pub mod grid;
pub mod key;
pub mod layouts;
pub mod model;
pub mod moves;
pub mod rebuild;
pub mod table;

pub use args::{parse_request, Request};
pub use model::Metric;

use crate::engine::SearchContext;
use bfs::Failure;
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

/// Solves a parsed request. Errors are the protocol's `?` messages.
pub fn solve(req: &Request, ctx: &mut SearchContext) -> Result<Solution, String> {
    let model = Model::new(&req.layout, req.goal()?, !req.all)?;
    // One instantiation per key width: the classic board packs into a u128.
    match key::words_for(model.classes(), model.cells()) {
        1 => solve_packed::<u64>(&model, req, ctx),
        2 => solve_packed::<u128>(&model, req, ctx),
        4 => solve_packed::<[u64; 4]>(&model, req, ctx),
        8 => solve_packed::<[u64; 8]>(&model, req, ctx),
        _ => solve_packed::<[u64; 16]>(&model, req, ctx),
    }
}

fn solve_packed<K: key::PackedKey>(
    model: &Model,
    req: &Request,
    ctx: &mut SearchContext,
) -> Result<Solution, String> {
    let found = bfs::search::<K>(model, req.metric, req.all, ctx).map_err(|f| match f {
        Failure::Stopped { nodes, depth } => {
            format!("search stopped: after {nodes} positions (no solution of {depth} moves or fewer)")
        }
        Failure::OutOfMemory { states } => format!(
            "out of memory: more than {} MiB needed after {states} positions (raise it with setoption hash MIB)",
            ctx.options.hash_mib
        ),
    })?;
    let Some(goal) = found.goal else {
        return Err(format!(
            "unsolvable: the goal cannot be reached ({} positions explored under {})",
            found.table.len(),
            req.metric.name()
        ));
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
