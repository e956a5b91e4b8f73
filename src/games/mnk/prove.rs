//! Proving a position: iterative deepening on the distance to a result, then win/draw/loss.
//!
//! First the solver asks, for d = 1, 2, 3, ...: "does the side to move win within d plies?"
//! (odd d) and "does it lose within d plies?" (even d). Each question is a null-window search
//! the mate-distance bounds keep d plies deep, so short wins and losses are found at once, the
//! first success is the exact distance (wins fastest, losses slowest), and a failed loss
//! question names a move that survives d plies: the fallback when time runs out. After
//! `SHALLOW_PLIES` one search with the window (-1, 1) settles win/draw/loss (much cheaper than
//! asking every distance when the answer is a draw), and a win or loss is then refined by the
//! distance questions again.

use super::order;
use super::solver::{Solver, WIN};

/// Distances asked before the win/draw/loss search. Higher finds longer forced results sooner
/// on boards too big to solve; lower spends less before the full search on boards that are not.
pub const SHALLOW_PLIES: usize = 8;

/// A proven result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Wins in this many plies (its own moves and the replies): the fastest there is, unless
    /// `exact` is false (then "at most").
    Win(u32),
    /// Loses in this many plies: the slowest there is, unless `exact` is false (then "at least").
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

/// What a proof attempt established.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The move to play (a cell index).
    pub best: usize,
    /// `None` when stopped or depth-limited before a proof.
    pub verdict: Option<Verdict>,
    /// False when a win or loss is proven but not its exact distance (stopped while refining).
    pub exact: bool,
    /// The largest distance fully asked about.
    pub depth: u32,
}

enum Probe {
    Stopped,
    Found(Verdict, usize),
    /// Not decided within d plies; for a loss question, a move that survives them.
    NotWithin(usize),
}

/// Asks whether the side to move wins (odd `d`) or loses (even `d`) within `d` plies.
fn probe(s: &mut Solver, c: usize, d: usize) -> Probe {
    let t = WIN - d as i32;
    if d % 2 == 1 {
        let (v, m) = s.root(c, t - 1, t);
        match () {
            _ if s.stopped => Probe::Stopped,
            _ if v >= t => Probe::Found(Verdict::Win(d as u32), m),
            _ => Probe::NotWithin(m),
        }
    } else {
        let (v, m) = s.root(c, -t, -t + 1);
        if s.stopped {
            return Probe::Stopped;
        }
        if v > -t {
            return Probe::NotWithin(m);
        }
        // Lost within d but not within d - 2: exactly d. Find a move that holds that long.
        let (_, m) = s.root(c, -t - 1, -t + 1);
        if s.stopped {
            return Probe::Stopped;
        }
        Probe::Found(Verdict::Loss(d as u32), m)
    }
}

/// Proves the position for colour `c` (which must not be over) as far as the solver's stop
/// condition and `max_distance` allow; `progress` hears of each distance finished.
pub fn prove(
    s: &mut Solver,
    c: usize,
    max_distance: Option<usize>,
    progress: &mut dyn FnMut(u32, u64),
) -> Proof {
    let empties = s.pos.empties();
    let cap = max_distance.unwrap_or(usize::MAX).min(empties);
    let mut list = Vec::new();
    order::generate(&s.pos, c, None, &mut list);
    let first = list
        .first()
        .map(|&(_, m)| m as usize)
        .or_else(|| (0..s.pos.geo.cells()).find(|&q| s.pos.is_empty(q)))
        .unwrap_or(0);
    let mut proof = Proof {
        best: first,
        verdict: None,
        exact: true,
        depth: 0,
    };
    let shallow = SHALLOW_PLIES.min(cap);
    for d in 1..=shallow {
        match probe(s, c, d) {
            Probe::Stopped => return proof,
            Probe::Found(v, m) => {
                proof.best = m;
                proof.verdict = Some(v);
                proof.depth = d as u32;
                return proof;
            }
            Probe::NotWithin(m) => {
                if d % 2 == 0 || d == 1 {
                    proof.best = m;
                }
            }
        }
        proof.depth = d as u32;
        progress(d as u32, s.nodes);
    }
    if shallow == empties {
        // Every distance asked and none decided: neither side can win.
        proof.verdict = Some(Verdict::Draw);
        return proof;
    }
    if shallow == cap {
        return proof;
    }
    let (v, m) = s.root(c, -1, 1);
    if s.stopped {
        return proof;
    }
    proof.best = m;
    proof.depth = empties as u32;
    if v == 0 {
        proof.verdict = Some(Verdict::Draw);
        return proof;
    }
    // Fail-soft: a win (loss) is known within `within` plies; refine to the exact distance.
    let within = (WIN - v.abs()) as usize;
    proof.verdict = Some(if v > 0 {
        Verdict::Win(within as u32)
    } else {
        Verdict::Loss(within as u32)
    });
    proof.exact = false;
    let parity = if v > 0 { 1 } else { 0 };
    for d in (shallow + 1..=within).filter(|d| d % 2 == parity) {
        match probe(s, c, d) {
            Probe::Stopped => return proof,
            Probe::Found(verdict, m) => {
                proof.best = m;
                proof.verdict = Some(verdict);
                proof.exact = true;
                return proof;
            }
            Probe::NotWithin(_) => {}
        }
    }
    proof.exact = true;
    proof
}
