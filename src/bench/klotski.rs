//! `gridmind bench klotski`. PLACEHOLDER until the klotski module lands.

/// Runs the klotski benchmark with its command-line arguments.
pub fn run(_args: &[String]) -> Result<(), String> {
    Err("the klotski benchmark is not available yet".into())
}
