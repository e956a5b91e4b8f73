//! The N-puzzle (8, 15, 24 and any W×H up to 32x32): `solve npuzzle`.
//!
//! [`request`] parses the command, [`solvable`] rejects impossible positions at once, then either
//! an optimal search runs ([`bfs`], [`astar`], or [`idastar`] with Manhattan + linear conflict or,
//! on 4x4 boards, additive pattern databases from [`pdb`]) or the constructive [`fast`] solver.
//! See protocol.md for the command and README.md for the methods.

pub mod astar;
pub mod bfs;
pub mod board;
pub mod fast;
pub mod heuristic;
pub mod idastar;
pub mod packed;
pub mod pdb;
pub mod request;
pub mod solvable;

use std::time::Duration;

use crate::engine::{Info, SearchContext, SearchControl};
use board::{letters, Dir, Shape};
use heuristic::ManhattanLc;
use idastar::Outcome;
use request::{Algorithm, Mode, Request};

/// Optimal searches use one byte per tile, so they stop at this many cells.
pub const MAX_OPTIMAL_CELLS: usize = 256;

/// A solved request: moves and the work it took (for `info` lines and the benchmark).
#[derive(Clone, Debug)]
pub struct Solution {
    pub moves: Vec<Dir>,
    pub nodes: u64,
    pub optimal: bool,
}

/// Parses `solve npuzzle` arguments and solves; see protocol.md.
///
/// Answers `LENGTH MOVES` (`0 ` when already solved: the move string is empty).
pub fn solve_command(args: &str, ctx: &mut SearchContext) -> Result<String, String> {
    let req = request::parse(args)?;
    let sol = solve_request(&req, ctx)?;
    let note = if sol.optimal {
        "optimal"
    } else {
        "fast mode, not proven optimal"
    };
    ctx.report(&Info {
        nodes: sol.nodes,
        time: ctx.control.elapsed(),
        extra: vec![("length".into(), sol.moves.len().to_string())],
        note: Some(note.into()),
        ..Default::default()
    });
    Ok(format!("{} {}", sol.moves.len(), letters(&sol.moves)))
}

/// Checks solvability and runs the requested search under the request's own limits.
pub fn solve_request(req: &Request, ctx: &mut SearchContext) -> Result<Solution, String> {
    solvable::check(req.shape, &req.start, &req.goal)?;
    let mut control = ctx.control.clone();
    if let Some(ms) = req.movetime_ms {
        control = control.with_movetime(Duration::from_millis(ms));
    }
    if let Some(n) = req.nodes {
        control = control.with_max_nodes(n);
    }
    if req.start == req.goal {
        return Ok(Solution {
            moves: Vec::new(),
            nodes: 0,
            optimal: true,
        });
    }
    match req.mode {
        Mode::Fast => {
            let (moves, nodes) = fast::solve(req.shape, &req.start, &req.goal, &control, ctx)?;
            Ok(Solution {
                moves,
                nodes,
                optimal: false,
            })
        }
        Mode::Optimal => optimal(req, &control, ctx),
    }
}

fn optimal(
    req: &Request,
    control: &SearchControl,
    ctx: &mut SearchContext,
) -> Result<Solution, String> {
    let shape = req.shape;
    if shape.area() > MAX_OPTIMAL_CELLS {
        return Err(format!(
            "board too large for an optimal search (at most {MAX_OPTIMAL_CELLS} cells): use fast"
        ));
    }
    let narrow = |t: &[u16]| t.iter().map(|&x| x as u8).collect::<Vec<u8>>();
    let (start, goal) = (narrow(&req.start), narrow(&req.goal));
    let stores_states = matches!(
        req.algorithm,
        Algorithm::Bfs | Algorithm::BiBfs | Algorithm::AStar
    );
    if stores_states && shape.area() > packed::MAX_CELLS {
        return Err(format!(
            "algorithm {} stores whole boards and supports at most {} cells: use idastar or fast",
            algorithm_name(req.algorithm),
            packed::MAX_CELLS
        ));
    }
    let (outcome, stats) = match req.algorithm {
        Algorithm::Bfs => bfs::bfs(shape, &start, &goal, control, ctx),
        Algorithm::BiBfs => bfs::bibfs(shape, &start, &goal, control, ctx),
        Algorithm::AStar => astar::solve(shape, &start, &goal, control, ctx),
        Algorithm::IdaStar | Algorithm::Auto => idastar_best(shape, &start, &goal, control, ctx)?,
    };
    match outcome {
        Outcome::Solved(moves) => Ok(Solution {
            moves,
            nodes: stats.nodes,
            optimal: true,
        }),
        Outcome::Stopped => Err("search stopped: no solution found".into()),
        Outcome::OutOfMemory => Err(format!(
            "search stopped: memory budget of {} MiB reached, no solution found (raise it with setoption hash, or use idastar)",
            ctx.options.hash_mib
        )),
    }
}

/// IDA* with the strongest bound available: pattern databases on 4x4 (7-8 when `hash` allows,
/// see [`pdb::Partition::for_budget`]), else Manhattan + LC.
///
/// On 4x4 without cached databases, Manhattan + LC gets [`MDLC_FIRST_NODES`] nodes first: easy
/// positions are answered in milliseconds instead of waiting for the database build.
fn idastar_best(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    control: &SearchControl,
    ctx: &mut SearchContext,
) -> Result<(Outcome, idastar::Stats), String> {
    let mdlc = ManhattanLc::new(shape, goal, true);
    let mut spent = 0;
    if shape.w == 4
        && shape.h == 4
        && pdb::load_cached(
            pdb::Partition::for_budget(ctx.options.hash_mib),
            shape,
            goal,
            ctx.options.data_dir.as_deref(),
        )
        .is_none()
    {
        let cap = control
            .max_nodes()
            .map_or(MDLC_FIRST_NODES, |n| n.min(MDLC_FIRST_NODES));
        let first = control.clone().with_max_nodes(cap);
        let (outcome, stats) = idastar::solve(shape, start, goal, &mdlc, &first, ctx);
        let user_limit_hit = control.should_stop(stats.nodes);
        if matches!(outcome, Outcome::Solved(_)) || user_limit_hit {
            return Ok((outcome, stats));
        }
        spent = stats.nodes;
    }
    let rest = match control.max_nodes() {
        Some(n) => control.clone().with_max_nodes(n.saturating_sub(spent)),
        None => control.clone(),
    };
    if let Some(h) = pdb::heuristic_for(shape, goal, &rest, ctx)? {
        let (outcome, mut stats) = idastar::solve(shape, start, goal, h.as_ref(), &rest, ctx);
        stats.nodes += spent;
        return Ok((outcome, stats));
    }
    Ok(idastar::solve(shape, start, goal, &mdlc, control, ctx))
}

/// Nodes Manhattan + LC may spend on a 4x4 before the pattern databases are built.
pub const MDLC_FIRST_NODES: u64 = 2_000_000;

fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Bfs => "bfs",
        Algorithm::BiBfs => "bibfs",
        Algorithm::AStar => "astar",
        Algorithm::IdaStar => "idastar",
        Algorithm::Auto => "auto",
    }
}
