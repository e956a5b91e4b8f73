//! `gridmind bench mnk [M,N,K ...] [--limit SECONDS] [--hash MIB]`.
//!
//! Solves m,n,k boards from the empty position and checks each result against the published
//! one: prints the verdict (with its distance), nodes, time and whether it matches. Without
//! boards it runs the known set, smallest first; each board stops after `--limit` seconds
//! (default 120) and then reads "unproven".

use std::time::Duration;

use crate::engine::SearchControl;
use crate::games::mnk::prove::Verdict;
use crate::games::mnk::{check, solve_from_empty};

/// Known results from the empty board, first player's view: true for a win, false for a draw.
const KNOWN: [(usize, usize, usize, bool); 8] = [
    (3, 3, 3, false),
    (4, 4, 3, true),
    (4, 4, 4, false),
    (5, 4, 4, false),
    (5, 5, 4, false),
    (6, 5, 4, true),
    (5, 5, 5, false),
    (6, 6, 5, false),
];
const DEFAULT_LIMIT_SECS: u64 = 120;
const DEFAULT_HASH_MIB: usize = 256;

/// Runs the m,n,k benchmark with its command-line arguments.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut limit = Duration::from_secs(DEFAULT_LIMIT_SECS);
    let mut mib = DEFAULT_HASH_MIB;
    let mut boards = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--limit" => {
                limit = it
                    .next()
                    .and_then(|s| s.parse::<f64>().ok())
                    .filter(|&s| s > 0.0 && s < 1e9)
                    .map(Duration::from_secs_f64)
                    .ok_or("--limit takes a positive number of seconds")?
            }
            "--hash" => {
                mib = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|&m: &usize| (1..=65536).contains(&m))
                    .ok_or("--hash takes MiB (1..65536)")?
            }
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            other => boards.push(parse_board(other)?),
        }
    }
    if boards.is_empty() {
        boards = KNOWN.iter().map(|&(m, n, k, _)| (m, n, k)).collect();
    }
    println!(
        "mnk bench: {} boards from empty, limit {:.0} s each, hash {mib} MiB",
        boards.len(),
        limit.as_secs_f64()
    );
    println!(
        "{:<8} {:<10} {:>14} {:>10}  check",
        "board", "result", "nodes", "time ms"
    );
    let mut total_nodes = 0u64;
    let mut total = Duration::ZERO;
    for (m, n, k) in boards {
        let control = SearchControl::unlimited().with_movetime(limit);
        let r = solve_from_empty(m, n, k, mib, &control);
        total_nodes += r.nodes;
        total += r.time;
        let result = match r.proof.verdict {
            Some(Verdict::Win(d)) => format!("win {d}"),
            Some(Verdict::Loss(d)) => format!("loss {d}"),
            Some(Verdict::Draw) => "draw".to_string(),
            None => "unproven".to_string(),
        };
        let known = KNOWN
            .iter()
            .find(|&&(a, b, c, _)| (a, b, c) == (m, n, k) || (b, a, c) == (m, n, k))
            .map(|&(_, _, _, win)| win);
        let check = match (known, r.proof.verdict) {
            (_, None) => "-",
            (None, Some(_)) => "(no published result here)",
            (Some(true), Some(Verdict::Win(_))) | (Some(false), Some(Verdict::Draw)) => "ok",
            (Some(_), Some(_)) => "MISMATCH",
        };
        println!(
            "{:<8} {:<10} {:>14} {:>10}  {check}",
            format!("{m},{n},{k}"),
            result,
            r.nodes,
            r.time.as_millis()
        );
    }
    println!("total nodes {total_nodes} time {} ms", total.as_millis());
    Ok(())
}

/// `M,N,K`, checked like `game mnk`.
fn parse_board(s: &str) -> Result<(usize, usize, usize), String> {
    let parts: Vec<usize> = s
        .split(',')
        .map(|p| p.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("boards are M,N,K, got '{s}'"))?;
    let [m, n, k] = parts[..] else {
        return Err(format!("boards are M,N,K, got '{s}'"));
    };
    check(m, n, k)?;
    Ok((m, n, k))
}
