//! The N-puzzle (8, 15, 24 and any W×H): `solve npuzzle`.

use crate::engine::SearchContext;

/// Parses `solve npuzzle` arguments and solves; see protocol.md.
pub fn solve_command(_args: &str, _ctx: &mut SearchContext) -> Result<String, String> {
    Err("not implemented yet: solve npuzzle".into())
}
