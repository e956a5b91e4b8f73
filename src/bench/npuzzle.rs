//! `gridmind bench npuzzle`. PLACEHOLDER until the npuzzle module lands.

/// Runs the npuzzle benchmark with its command-line arguments.
pub fn run(_args: &[String]) -> Result<(), String> {
    Err("the npuzzle benchmark is not available yet".into())
}
