//! `gridmind match`: an engine-vs-engine match runner. PLACEHOLDER.

/// Runs a match from command-line arguments; returns the process exit code.
pub fn run(_args: &[String]) -> i32 {
    eprintln!("gridmind match: not available yet");
    2
}
