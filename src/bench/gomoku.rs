//! `gridmind bench gomoku`. PLACEHOLDER until the gomoku module lands.

/// Runs the gomoku benchmark with its command-line arguments.
pub fn run(_args: &[String]) -> Result<(), String> {
    Err("the gomoku benchmark is not available yet".into())
}
