//! `gridmind bench ...`: fixed workloads that print speed figures (release builds only make sense).
//!
//! `gridmind bench` (or `bench gomoku`) searches fixed gomoku positions to a fixed depth;
//! `bench mnk` solves the known m,n,k boards; `bench npuzzle` and `bench klotski` solve the reference puzzle sets; `bench stop` times how fast
//! a running search answers `stop`; `bench renju` times the renju referee per point. Speed lives
//! here, never in the test suite.

pub mod gomoku;
pub mod klotski;
pub mod mnk;
pub mod npuzzle;
pub mod renju;
pub mod stop;

const USAGE: &str = "usage: gridmind bench [gomoku|mnk|npuzzle|klotski|stop|renju] [OPTIONS]
  gomoku   fixed positions to a fixed depth: nodes (deterministic), nps, time
  mnk      m,n,k boards solved from empty against their known results: nodes, time
  npuzzle  Korf's 100 15-puzzles and the 24-puzzle set (files from ../shared or given)
  klotski  the named Klotski layouts, per layout and total
  stop     how fast a running search answers `stop`
  renju    what the renju referee costs per point of a middle game
Options per benchmark: see README.md, section Benchmarks.";

/// Runs the benchmark named by `args[0]` (default gomoku); returns the process exit code.
pub fn run(args: &[String]) -> i32 {
    if args
        .iter()
        .any(|a| matches!(a.as_str(), "-h" | "--help" | "help"))
    {
        println!("{USAGE}");
        return 0;
    }
    let (which, rest) = match args.split_first() {
        Some((w, rest)) if !w.starts_with('-') => (w.as_str(), rest),
        _ => ("gomoku", args),
    };
    let result = match which {
        "gomoku" => gomoku::run(rest),
        "npuzzle" => npuzzle::run(rest),
        "klotski" => klotski::run(rest),
        "mnk" => mnk::run(rest),
        "stop" => stop::run(rest),
        "renju" => renju::run(rest),
        other => Err(format!(
            "unknown benchmark '{other}' (gomoku, mnk, npuzzle, klotski, stop, renju)"
        )),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("gridmind bench: {e}");
            2
        }
    }
}
