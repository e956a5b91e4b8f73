//! Single-agent sliding puzzles: the N-puzzle family and Klotski.
//!
//! Each family parses its own `solve` arguments and answers with the text after `=`, so the
//! protocol layer only routes `solve KIND ...` here and prints what comes back.

pub mod klotski;
pub mod npuzzle;

use crate::search::SearchContext;

/// The puzzle families `solve` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleKind {
    /// `solve npuzzle`.
    NPuzzle,
    /// `solve klotski`.
    Klotski,
}

/// Solves one request. `Ok` is the answer text (may span lines), `Err` the error message
/// (`unsolvable: ...`, `search stopped: ...`, `syntax error: ...`).
pub fn solve(kind: PuzzleKind, args: &str, ctx: &mut SearchContext) -> Result<String, String> {
    match kind {
        PuzzleKind::NPuzzle => npuzzle::solve_command(args, ctx),
        PuzzleKind::Klotski => klotski::solve_command(args, ctx),
    }
}
