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

/// The usage printed by `gridmind bench --help` and `gridmind help bench`: every benchmark and
/// every option it takes, so nobody has to read the source to find `--depth` or `--path`.
pub const USAGE: &str = "\
usage: gridmind bench [gomoku|mnk|npuzzle|klotski|stop|renju] [OPTIONS]   (default: gomoku)
  gomoku   fixed positions to a fixed depth: nodes (deterministic), nps, time
           --depth N          search depth, 1..20 (default 6)
  mnk      m,n,k boards solved from empty against their known results: nodes, time
           M,N,K ...          the boards to solve (default: the eight known boards)
           --limit S          seconds per board (default 120)
           --hash MIB         table size (default 256)
  npuzzle  sliding-tile instance files, each answer replayed and checked (default: Korf's
           100 15-puzzles and Korf & Felner's 50 24-puzzles, from ../shared/puzzles or
           tests/data/npuzzle, where present)
           FILE ...           instance files: tiles row-major, then the optimal length
           --mode auto|optimal|fast   (default auto)
           --data-dir DIR     pattern database cache
           --hash MIB         memory budget, as setoption hash (selects the databases)
           --limit N          only the first N instances of each file (0: build the
                              databases only)
           --only I,J,...     solve only these instances (1-based)
           --movetime MS      per-instance time limit
           --verbose          one line per instance
  klotski  the named Klotski layouts, per layout and total
           FILE               layouts file (default ../shared/klotski/named-layouts.txt)
           --metric moves|slides|steps|all   (default moves)
           --repeats N        runs per layout, the median is printed (default 5)
           --path auto|general|bitboard|both (default auto)
  stop     how fast a running search answers `stop` (median, max)
           --runs N           stops timed per thread count (default 20)
           --threads T,T,...  thread counts (default 1,2,8,64)
  renju    what the renju referee costs per point of a middle game (ns per point)
  -h, --help   this text
Exit status: 0 done, 2 bad arguments or a failed check. More in README.md, section Benchmarks, and docs/.";

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
