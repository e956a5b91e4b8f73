//! `gridmind bench npuzzle [FILE ...] [--data-dir DIR] [--mode auto|optimal|fast] [--limit N]
//! [--only I,J,...] [--movetime MS] [--hash MIB] [--verbose]`: solves reference sets and prints
//! time and node figures.
//!
//! A FILE holds one instance per line: the tiles row-major (square board, `0` = blank, goal
//! `0 1 2 ...`, Korf's convention), then the optimal length; `#` lines are comments. Without files
//! it runs Korf's 100 15-puzzles and Korf & Felner's 50 24-puzzles from `../shared/puzzles/` (or
//! `tests/data/npuzzle/`). `auto` solves boards up to 16 cells optimally and larger ones in `fast`
//! mode. Database build/load time is measured before and apart from search time. Every answer is
//! replayed to the goal and, in optimal mode, its length compared with the known optimum.
//! `--hash` is the engine's memory budget (the range of `setoption hash`): from 4096 MiB the 4x4
//! searches use the 7-8 databases, from 2048 MiB the 5x5 ones the 6-6-6-6 databases. `--only`
//! picks instances by number (from 1);
//! `--movetime` limits each one (an optimal search stopped that way is listed as unproven, with
//! its best length and lower bound, and left out of the figures).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::puzzles::npuzzle::board::{letters, replay, Shape};
use crate::puzzles::npuzzle::pdb;
use crate::puzzles::npuzzle::request::{Algorithm, Mode, Request};
use crate::puzzles::npuzzle::solve_request;
use crate::search::options::HASH;
use crate::search::{with_quiet_context, EngineOptions, SearchControl};

struct Instance {
    tiles: Vec<u16>,
    optimum: usize,
}

fn read_set(path: &PathBuf) -> Result<(Shape, Vec<Instance>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    let mut shape = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let nums: Vec<usize> = line
            .split_whitespace()
            .map(|t| t.parse::<usize>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("{}:{}: not a number list", path.display(), n + 1))?;
        let (optimum, tiles) = nums
            .split_last()
            .ok_or_else(|| format!("{}:{}: empty", path.display(), n + 1))?;
        let side = (tiles.len() as f64).sqrt().round() as usize;
        if side * side != tiles.len() || side < 2 {
            return Err(format!("{}:{}: not a square board", path.display(), n + 1));
        }
        shape = Some(Shape { w: side, h: side });
        out.push(Instance {
            tiles: tiles.iter().map(|&t| t as u16).collect(),
            optimum: *optimum,
        });
    }
    Ok((shape.ok_or("no instances")?, out))
}

fn default_files() -> Vec<PathBuf> {
    let names = ["korf100-15puzzle.txt", "korf50-24puzzle.txt"];
    let mut files = Vec::new();
    for name in names {
        for dir in ["../shared/puzzles", "tests/data/npuzzle"] {
            let p = PathBuf::from(dir).join(name);
            if p.exists() {
                files.push(p);
                break;
            }
        }
    }
    files
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// The command line of one `bench npuzzle` run.
struct Settings {
    files: Vec<PathBuf>,
    options: EngineOptions,
    mode: String,
    limit: usize,
    verbose: bool,
    only: Option<Vec<usize>>,
    movetime: Option<u64>,
}

fn parse_args(args: &[String]) -> Result<Settings, String> {
    let mut s = Settings {
        files: Vec::new(),
        options: EngineOptions::default(),
        mode: "auto".to_string(),
        limit: usize::MAX,
        verbose: false,
        only: None,
        movetime: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--data-dir" => {
                s.options.data_dir = Some(it.next().ok_or("--data-dir needs a path")?.into())
            }
            "--mode" => {
                s.mode = it
                    .next()
                    .ok_or("--mode needs auto, optimal or fast")?
                    .clone()
            }
            "--limit" => {
                s.limit = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("--limit needs a number")?
            }
            "--hash" => {
                s.options.hash_mib = it
                    .next()
                    .and_then(|v| HASH.parse_number(v).ok())
                    .ok_or("--hash needs a number of MiB in 1..65536 (as setoption hash)")?
                    as usize
            }
            "--verbose" => s.verbose = true,
            "--only" => {
                let list = it.next().ok_or("--only needs a list like 1,5,9")?;
                s.only = Some(
                    list.split(',')
                        .map(|v| v.trim().parse::<usize>())
                        .collect::<Result<_, _>>()
                        .map_err(|_| "--only needs a list like 1,5,9")?,
                );
            }
            "--movetime" => {
                s.movetime = Some(
                    it.next()
                        .and_then(|v| v.parse().ok())
                        .ok_or("--movetime needs milliseconds")?,
                )
            }
            f if !f.starts_with('-') => s.files.push(PathBuf::from(f)),
            other => return Err(format!("unknown option {other}")),
        }
    }
    if s.files.is_empty() {
        s.files = default_files();
    }
    if s.files.is_empty() {
        return Err("no instance files given or found".into());
    }
    Ok(s)
}

/// Runs the benchmark; `Err` on bad arguments, unreadable files or a wrong answer.
pub fn run(args: &[String]) -> Result<(), String> {
    let settings = parse_args(args)?;
    let mut failures = 0;
    for file in &settings.files {
        failures += run_file(file, &settings)?;
    }
    if failures > 0 {
        return Err(format!("{failures} wrong answers"));
    }
    Ok(())
}

/// Builds or loads the databases an optimal run on `shape` uses, outside the timed searches.
fn prepare_databases(shape: Shape, goal: &[u16], options: &EngineOptions) -> Result<(), String> {
    let Some(partition) = pdb::Partition::for_board(shape, options.hash_mib) else {
        return Ok(());
    };
    let g8: Vec<u8> = goal.iter().map(|&t| t as u8).collect();
    let t0 = Instant::now();
    let (_, st) = pdb::load_or_build_with(
        partition,
        shape,
        &g8,
        options.data_dir.as_deref(),
        &SearchControl::unlimited(),
    )?;
    println!(
        "databases {}: {} bytes, built in {} ms, loaded in {} ms (total {} ms)",
        partition.name(),
        st.bytes,
        st.built_ms,
        st.loaded_ms,
        t0.elapsed().as_millis()
    );
    Ok(())
}

/// Figures gathered over one file's instances.
#[derive(Default)]
struct Tally {
    times: Vec<f64>,
    nodes: Vec<f64>,
    ratios: Vec<f64>,
    total: Duration,
    total_nodes: u64,
    unproven: usize,
    failures: usize,
}

/// Solves every selected instance of one file and prints its figures; the number of wrong answers.
fn run_file(file: &PathBuf, settings: &Settings) -> Result<usize, String> {
    let (shape, set) = read_set(file)?;
    let area = shape.area();
    let fast = match settings.mode.as_str() {
        "fast" => true,
        "optimal" => false,
        "auto" => area > 16,
        m => return Err(format!("unknown mode {m}")),
    };
    let goal: Vec<u16> = (0..area as u16).collect();
    println!(
        "== {} ({} instances, {}x{}, {} mode)",
        file.display(),
        set.len().min(settings.limit),
        shape.w,
        shape.h,
        if fast { "fast" } else { "optimal" }
    );
    if !fast {
        prepare_databases(shape, &goal, &settings.options)?;
    }
    let mut tally = Tally::default();
    for (i, inst) in set.iter().take(settings.limit).enumerate() {
        if settings
            .only
            .as_ref()
            .is_some_and(|o| !o.contains(&(i + 1)))
        {
            continue;
        }
        run_instance(i, inst, shape, &goal, fast, settings, &mut tally)?;
    }
    print_tally(&mut tally);
    Ok(tally.failures)
}

/// Solves instance `i`, checks the answer and adds it to the tally.
fn run_instance(
    i: usize,
    inst: &Instance,
    shape: Shape,
    goal: &[u16],
    fast: bool,
    settings: &Settings,
    tally: &mut Tally,
) -> Result<(), String> {
    let req = Request {
        shape,
        start: inst.tiles.clone(),
        goal: goal.to_vec(),
        algorithm: Algorithm::Auto,
        mode: if fast { Mode::Fast } else { Mode::Optimal },
        movetime_ms: settings.movetime,
        nodes: None,
    };
    let control = SearchControl::unlimited();
    let t0 = Instant::now();
    let sol = with_quiet_context(&control, &settings.options, |ctx| solve_request(&req, ctx))
        .map_err(|e| format!("instance {}: {e}", i + 1))?;
    let dt = t0.elapsed();
    let moves = letters(&sol.moves);
    let reached = replay(shape, &inst.tiles, &moves).map(|end| end == goal);
    if !fast && !sol.optimal && reached == Ok(true) {
        tally.unproven += 1;
        println!(
            "#{:<3} stopped after {:.0} ms: best {} (optimum {}), lower bound {}, nodes {}",
            i + 1,
            dt.as_secs_f64() * 1e3,
            sol.moves.len(),
            inst.optimum,
            sol.lower_bound.unwrap_or(0),
            sol.nodes
        );
        return Ok(());
    }
    let ok = reached == Ok(true) && (fast || sol.moves.len() == inst.optimum);
    if !ok {
        tally.failures += 1;
    }
    let ratio = sol.moves.len() as f64 / inst.optimum.max(1) as f64;
    if settings.verbose || !ok {
        println!(
            "#{:<3} length {:>4} optimum {:>3} ratio {:.3} time {:>9.3} ms nodes {:>11}{}",
            i + 1,
            sol.moves.len(),
            inst.optimum,
            ratio,
            dt.as_secs_f64() * 1e3,
            sol.nodes,
            if ok { "" } else { "  WRONG" }
        );
    }
    tally.total += dt;
    tally.total_nodes += sol.nodes;
    tally.times.push(dt.as_secs_f64() * 1e3);
    tally.nodes.push(sol.nodes as f64);
    tally.ratios.push(ratio);
    Ok(())
}

fn print_tally(tally: &mut Tally) {
    if tally.unproven > 0 {
        println!(
            "{} stopped by --movetime, left out of the figures below",
            tally.unproven
        );
    }
    if tally.times.is_empty() {
        return;
    }
    let n = tally.times.len() as f64;
    let max = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
    println!(
        "search time: total {:.1} ms, median {:.3} ms, max {:.3} ms",
        tally.total.as_secs_f64() * 1e3,
        median(&mut tally.times.clone()),
        max(&tally.times)
    );
    println!(
        "nodes: total {}, median {:.0}, max {:.0}",
        tally.total_nodes,
        median(&mut tally.nodes.clone()),
        max(&tally.nodes)
    );
    println!(
        "length / optimum: mean {:.4}, median {:.4}, max {:.4}",
        tally.ratios.iter().sum::<f64>() / n,
        median(&mut tally.ratios.clone()),
        max(&tally.ratios)
    );
}
