//! The N-puzzle (8, 15, 24 and any W×H up to 32x32): `solve npuzzle`.
//!
//! [`request`] parses the command, [`solvable`] rejects impossible positions at once, then either
//! an optimal search runs ([`bfs`], [`astar`], or [`idastar`] with Manhattan + linear conflict or,
//! on 4x4 and 5x5 boards, additive pattern databases from [`pdb`]; stopped, it answers with a
//! `fast` incumbent when it has one) or `fast` mode ([`suboptimal`]: constructive, then [`beam`]
//! search, then [`smooth`]ing by optimal window searches).
//! See protocol.md for the command and docs/npuzzle.md for the methods.

pub mod astar;
pub mod beam;
pub mod bfs;
pub mod board;
mod budget;
pub mod heuristic;
pub mod idastar;
pub mod packed;
pub mod pdb;
pub mod request;
pub mod smooth;
pub mod solvable;
pub mod suboptimal;

use std::time::Duration;

use crate::search::{with_quiet_context, Info, SearchContext, SearchControl};
use board::{letters, Dir};
use heuristic::{Heuristic, ManhattanLc};
use idastar::{Outcome, Window};
use request::{Algorithm, Mode, Request};

/// Optimal searches use one byte per tile, so they stop at this many cells.
pub const MAX_OPTIMAL_CELLS: usize = 256;

/// A solved request: moves and the work it took (for `info` lines and the benchmark).
#[derive(Clone, Debug)]
pub struct Solution {
    /// The blank's moves from start to goal.
    pub moves: Vec<Dir>,
    /// Nodes searched, all stages together.
    pub nodes: u64,
    /// Whether the length is proven optimal.
    pub optimal: bool,
    /// For an optimal search stopped with a best-so-far answer: the proven lower bound on the
    /// optimal length when it stopped.
    pub lower_bound: Option<u32>,
}

const STOPPED: &str = "search stopped: no solution found";

/// Parses `solve npuzzle` arguments and solves; see protocol.md.
///
/// Answers `LENGTH MOVES` (`0 ` when already solved: the move string is empty).
pub fn solve_command(args: &str, ctx: &mut SearchContext) -> Result<String, String> {
    let req = request::parse(args)?;
    let sol = solve_request(&req, ctx)?;
    let mut extra = vec![("length".into(), sol.moves.len().to_string())];
    let note = match (sol.optimal, sol.lower_bound) {
        (true, _) => "optimal",
        (false, Some(lower)) => {
            extra.push(("lower_bound".into(), lower.to_string()));
            "search stopped, best solution so far, not proven optimal"
        }
        (false, None) => "fast mode, not proven optimal",
    };
    ctx.report(&Info {
        nodes: sol.nodes,
        time: ctx.control.elapsed(),
        extra,
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
            lower_bound: None,
        });
    }
    let ctx = &mut ctx.with_control(&control);
    match req.mode {
        Mode::Fast => {
            let (moves, nodes) = suboptimal::solve(req.shape, &req.start, &req.goal, ctx)?;
            Ok(Solution {
                moves,
                nodes,
                optimal: false,
                lower_bound: None,
            })
        }
        Mode::Optimal => optimal(req, ctx),
    }
}

fn optimal(req: &Request, ctx: &mut SearchContext) -> Result<Solution, String> {
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
        Algorithm::Bfs => bfs::bfs(shape, &start, &goal, ctx),
        Algorithm::BiBfs => bfs::bibfs(shape, &start, &goal, ctx),
        Algorithm::AStar => astar::solve(shape, &start, &goal, ctx),
        Algorithm::IdaStar | Algorithm::Auto => return idastar_best(req, &start, &goal, ctx),
    };
    match outcome {
        Outcome::Solved(moves) => Ok(Solution {
            moves,
            nodes: stats.nodes,
            optimal: true,
            lower_bound: None,
        }),
        Outcome::OutOfMemory => Err(format!(
            "search stopped: memory budget of {} MiB reached, no solution found (raise it with setoption hash, or use idastar)",
            ctx.options.hash_mib
        )),
        _ => Err(STOPPED.into()),
    }
}

/// `control` with at most `cap` more nodes, counting the `spent` ones against its own limit.
fn remaining(control: &SearchControl, spent: u64, cap: Option<u64>) -> SearchControl {
    let left = control.max_nodes().map(|m| m.saturating_sub(spent));
    match (left, cap) {
        (Some(a), Some(b)) => control.clone().with_max_nodes(a.min(b)),
        (Some(n), None) | (None, Some(n)) => control.clone().with_max_nodes(n),
        (None, None) => control.clone(),
    }
}

/// IDA* with the strongest bound available, and a best-so-far answer when it is stopped.
///
/// 1. A first IDA* run of at most [`FIRST_NODES`] nodes (on a 4x4 or 5x5 whose pattern databases
///    are not cached, [`MDLC_FIRST_NODES`] with Manhattan + LC, so easy positions never wait for
///    a build): most positions end here, with no overhead.
/// 2. Otherwise a `fast`-mode solution becomes the incumbent (info line `incumbent`).
/// 3. IDA* resumes (pattern databases built first if needed) from the lower bound reached so far,
///    only looking for solutions shorter than the incumbent; when its bound reaches the
///    incumbent's length, the incumbent is proven optimal. If it is stopped (or stopped while
///    databases build), the incumbent is the answer, with an `info` saying it is not proven
///    optimal and giving the lower bound.
fn idastar_best(
    req: &Request,
    start: &[u8],
    goal: &[u8],
    ctx: &mut SearchContext,
) -> Result<Solution, String> {
    let control = ctx.control;
    let shape = req.shape;
    let mdlc = ManhattanLc::new(shape, goal, true);
    let partition = pdb::Partition::for_board(shape, ctx.options.hash_mib);
    let data_dir = ctx.options.data_dir.clone();
    let cached = partition.and_then(|p| pdb::load_cached(p, shape, goal, data_dir.as_deref()));
    let will_build = cached.is_none() && partition.is_some();
    let first_h: &dyn Heuristic = match &cached {
        Some(set) => set,
        None => &mdlc,
    };
    let cap = if will_build {
        MDLC_FIRST_NODES
    } else {
        FIRST_NODES
    };
    let first = remaining(control, 0, Some(cap));
    let (outcome, stats, lower) = idastar::solve_window(
        shape,
        start,
        goal,
        first_h,
        Window::OPEN,
        &mut ctx.with_control(&first),
    );
    let mut spent = stats.nodes;
    let proven = |moves: Vec<Dir>, nodes: u64| Solution {
        moves,
        nodes,
        optimal: true,
        lower_bound: None,
    };
    if let Outcome::Solved(moves) = outcome {
        return Ok(proven(moves, spent));
    }
    if control.should_stop(spent) {
        return Err(STOPPED.into());
    }
    // The incumbent, computed quietly (its sub-searches would otherwise report their own bounds).
    let rest = remaining(control, spent, None);
    let options = ctx.options.clone();
    let (incumbent, n) = with_quiet_context(&rest, &options, |quiet| {
        suboptimal::incumbent(shape, &req.start, &req.goal, quiet)
    })
    .map_err(|_| STOPPED.to_string())?;
    spent += n;
    ctx.report(&Info {
        nodes: spent,
        time: control.elapsed(),
        extra: vec![
            ("incumbent".into(), incumbent.len().to_string()),
            ("lower_bound".into(), lower.to_string()),
        ],
        ..Default::default()
    });
    let unproven = |moves: Vec<Dir>, nodes: u64, lower: u32| Solution {
        moves,
        nodes,
        optimal: false,
        lower_bound: Some(lower),
    };
    if control.should_stop(spent) {
        // The incumbent used up the limit: no database build, no further search.
        return Ok(unproven(incumbent, spent, lower));
    }
    let rest = remaining(control, spent, None);
    let built;
    let h: &dyn Heuristic = if will_build {
        match pdb::heuristic_for(shape, goal, &mut ctx.with_control(&rest)) {
            Ok(Some(set)) => {
                built = set;
                built.as_ref()
            }
            Ok(None) => &mdlc,
            Err(_) => return Ok(unproven(incumbent, spent, lower)),
        }
    } else {
        first_h
    };
    let window = Window {
        lower,
        upper: incumbent.len() as u32,
        spent,
    };
    let (outcome, stats, lower) =
        idastar::solve_window(shape, start, goal, h, window, &mut ctx.with_control(&rest));
    spent += stats.nodes;
    Ok(match outcome {
        Outcome::Solved(moves) => proven(moves, spent),
        Outcome::NoneShorter => proven(incumbent, spent),
        _ => unproven(incumbent, spent, lower),
    })
}

/// Nodes Manhattan + LC may spend on a 4x4 or 5x5 before the pattern databases are built.
pub const MDLC_FIRST_NODES: u64 = 2_000_000;

/// Nodes of the first IDA* run before a `fast` incumbent is computed (about 0.1 s).
pub const FIRST_NODES: u64 = 1_000_000;

fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Bfs => "bfs",
        Algorithm::BiBfs => "bibfs",
        Algorithm::AStar => "astar",
        Algorithm::IdaStar => "idastar",
        Algorithm::Auto => "auto",
    }
}
