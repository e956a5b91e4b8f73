//! Klotski / Huarong Dao: `solve klotski`.

use crate::engine::SearchContext;

/// Parses `solve klotski` arguments and solves; see protocol.md.
pub fn solve_command(_args: &str, _ctx: &mut SearchContext) -> Result<String, String> {
    Err("not implemented yet: solve klotski".into())
}
