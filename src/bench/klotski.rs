//! `gridmind bench klotski [FILE] [--metric moves|slides|steps|all] [--repeats N]
//! [--path auto|general|bitboard|both]`.
//!
//! Solves every layout of a named-layouts file (default `../shared/klotski/named-layouts.txt`),
//! checks each optimum against the file's known value, and prints the median time per layout and
//! the total. The medians are what to quote: single runs on a shared machine are noisy. With
//! `--path both` each layout is timed on the general path and on the bitboard path in the same
//! run, so the two columns share the machine's mood.

use std::time::{Duration, Instant};

use crate::puzzles::klotski::layouts::{parse_layouts, NamedLayout};
use crate::puzzles::klotski::{parse_request, solve_using, Metric, Path};
use crate::search::{with_quiet_context, EngineOptions, SearchControl};

const DEFAULT_FILE: &str = "../shared/klotski/named-layouts.txt";

/// Runs the klotski benchmark with its command-line arguments.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut file = DEFAULT_FILE.to_string();
    let mut metrics = vec![Metric::Moves];
    let mut repeats = 5usize;
    let mut paths = vec![Path::Auto];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--metric" => {
                metrics = match it.next().map(String::as_str) {
                    Some("moves") => vec![Metric::Moves],
                    Some("slides") => vec![Metric::Slides],
                    Some("steps") => vec![Metric::Steps],
                    Some("all") => vec![Metric::Moves, Metric::Slides, Metric::Steps],
                    _ => return Err("--metric takes moves, slides, steps or all".into()),
                }
            }
            "--repeats" => {
                repeats = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--repeats takes a positive number")?
            }
            "--path" => {
                paths = match it.next().map(String::as_str) {
                    Some("auto") => vec![Path::Auto],
                    Some("general") => vec![Path::General],
                    Some("bitboard") => vec![Path::Bitboard],
                    Some("both") => vec![Path::General, Path::Bitboard],
                    _ => return Err("--path takes auto, general, bitboard or both".into()),
                }
            }
            other if other.starts_with('-') => return Err(format!("unknown option {other}")),
            other => file = other.to_string(),
        }
    }
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let layouts = parse_layouts(&text)?;
    println!(
        "klotski bench: {} layouts from {file}, median of {repeats} runs",
        layouts.len()
    );
    let mut failures = 0;
    let label = |p: Path| match p {
        Path::Auto => "",
        Path::General => "general ",
        Path::Bitboard => "bitboard ",
    };
    for metric in metrics {
        let mut totals = vec![Duration::ZERO; paths.len()];
        for l in &layouts {
            let mut times = String::new();
            let mut answers = Vec::new();
            for (i, &path) in paths.iter().enumerate() {
                let (median, answer) = time_one(l, metric, path, repeats)?;
                totals[i] += median;
                times.push_str(&format!(
                    "{}{:>8.3} ms  ",
                    label(path),
                    median.as_secs_f64() * 1e3
                ));
                answers.push(answer);
            }
            let answer = answers[0];
            if answers.iter().any(|&a| a != answer) {
                failures += 1;
            }
            let expected = l.known.map(|k| match metric {
                Metric::Moves => k[0],
                Metric::Slides => k[1],
                Metric::Steps => k[2],
            });
            let verdict = match expected {
                _ if answers.iter().any(|&a| a != answer) => {
                    format!("MISMATCH between paths: {answers:?}")
                }
                Some(e) if e != answer => {
                    failures += 1;
                    format!("MISMATCH, file says {e:?}")
                }
                Some(_) => "ok".to_string(),
                None => "no known value".to_string(),
            };
            let shown = answer.map_or("unsolvable".to_string(), |n| n.to_string());
            println!(
                "{:<7} {:>10}  {times}{:<24} {verdict}",
                metric.name(),
                shown,
                l.name
            );
        }
        for (&path, total) in paths.iter().zip(&totals) {
            println!(
                "{:<7} {}total {:.3} ms for {} layouts (sum of medians)",
                metric.name(),
                label(path),
                total.as_secs_f64() * 1e3,
                layouts.len()
            );
        }
    }
    if failures > 0 {
        return Err(format!(
            "{failures} results differ from the file's known values"
        ));
    }
    Ok(())
}

/// Median time of `repeats` solves and the optimum found (`None` = unsolvable).
fn time_one(
    l: &NamedLayout,
    metric: Metric,
    path: Path,
    repeats: usize,
) -> Result<(Duration, Option<u32>), String> {
    let mut req = parse_request(&l.grid).map_err(|e| format!("{}: {e}", l.name))?;
    req.metric = metric;
    let options = EngineOptions::default();
    let mut times = Vec::with_capacity(repeats);
    let mut answer = None;
    for _ in 0..repeats {
        let control = SearchControl::unlimited();
        let t = Instant::now();
        let r = with_quiet_context(&control, &options, |ctx| solve_using(&req, path, ctx));
        times.push(t.elapsed());
        answer = match r {
            Ok(s) => Some(s.moves.len() as u32),
            Err(e) if e.starts_with("unsolvable") => None,
            Err(e) => return Err(format!("{}: {e}", l.name)),
        };
    }
    times.sort();
    Ok((times[times.len() / 2], answer))
}
