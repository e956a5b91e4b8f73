//! `gridmind match`: an engine-vs-engine match runner.
//!
//! - [`args`]: the command line.
//! - [`process`]: engine child processes with line I/O under deadlines.
//! - [`adapter`]: the Gomocup and GTP protocols, manager side.
//! - [`referee`]: plays and decides one game with the engine's own rules.
//! - [`openings`]: Gomocup opening files.
//! - [`scheduler`]: concurrent games.
//! - [`stats`] and [`sgf`]: the results table and the game records.
//! - [`traffic`]: the optional log of every line exchanged.

pub mod adapter;
pub mod args;
pub mod openings;
pub mod process;
pub mod referee;
pub mod scheduler;
pub mod sgf;
pub mod stats;
pub mod traffic;

use std::io::{IsTerminal, Write};

use args::{MatchConfig, Protocol};
use referee::GameJob;
use stats::Stats;

/// Runs a match from command-line arguments; returns the process exit code: 0 when the match
/// ran (whatever the engines did), 2 when it could not run.
pub fn run(args: &[String]) -> i32 {
    let cfg = match args::parse(args) {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("gridmind match: {e}");
            }
            eprintln!("{}", args::USAGE);
            return if e.is_empty() { 0 } else { 2 };
        }
    };
    match run_match(&cfg) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("gridmind match: {e}");
            2
        }
    }
}

/// The games to play: each opening twice with colours swapped (engine 0 black first), or empty
/// boards with alternating colours.
pub fn schedule(
    openings: Option<&[Vec<crate::games::Point>]>,
    games: Option<usize>,
) -> Vec<GameJob> {
    let n = match openings {
        Some(o) => games.unwrap_or(2 * o.len()),
        None => games.unwrap_or(10),
    };
    (0..n)
        .map(|i| GameJob {
            index: i,
            opening: openings.and_then(|o| {
                let k = (i / 2) % o.len().max(1);
                o.get(k).map(|s| (k, s.clone()))
            }),
            black: i % 2,
        })
        .collect()
}

fn run_match(cfg: &MatchConfig) -> Result<(), String> {
    let openings = match &cfg.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let mut o = openings::parse(&text, cfg.spec)?;
            if let Some(seed) = cfg.seed {
                use rand::seq::SliceRandom;
                use rand::SeedableRng;
                o.shuffle(&mut rand::rngs::StdRng::seed_from_u64(seed));
            }
            Some(o)
        }
        None => None,
    };
    // An engine that cannot even be started makes the match impossible; say so before game 1.
    for e in &cfg.engines {
        process::EngineProcess::spawn(e, None)?.kill();
    }
    // Likewise an SGF file that cannot be written: better to know before the games than after.
    if let Some(path) = &cfg.sgf {
        std::fs::write(path, "").map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let log = match &cfg.log {
        Some(path) => Some(std::sync::Arc::new(traffic::TrafficLog::create(path)?)),
        None => None,
    };
    let jobs = schedule(openings.as_deref(), cfg.games);
    let total = jobs.len();
    let names = cfg.engines.clone().map(|e| e.name);
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "{}",
        header(cfg, total, openings.as_ref().map(Vec::len))
    );
    let _ = out.flush();

    let live = std::io::stderr().is_terminal();
    let mut stats = Stats::default();
    let mut records = Vec::new();
    scheduler::run(cfg, jobs, log.clone(), |r| {
        if live {
            eprint!("\r\x1b[K");
        }
        let _ = writeln!(
            out,
            "game {}: {} vs {} {} ({})",
            r.index + 1,
            names[r.black],
            names[1 - r.black],
            r.score_text(),
            r.reason(&names, cfg.spec)
        );
        let _ = out.flush();
        stats.add(&r);
        if live {
            eprint!("{}", stats.progress(&names, total));
        }
        records.push(r);
    });
    if live {
        eprint!("\r\x1b[K");
    }
    if let Some(l) = &log {
        l.flush();
    }
    let _ = write!(out, "\n{}", stats.table(&names));
    let _ = out.flush();
    if let Some(path) = &cfg.sgf {
        records.sort_by_key(|r| r.index);
        let text: String = records
            .iter()
            .map(|r| sgf::game(r, &names, cfg.spec, &r.reason(&names, cfg.spec)))
            .collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        let _ = writeln!(out, "games written to {}", path.display());
    }
    Ok(())
}

fn header(cfg: &MatchConfig, games: usize, openings: Option<usize>) -> String {
    let proto = match cfg.protocol {
        Protocol::Gomocup => "gomocup",
        Protocol::Gtp => "gtp",
    };
    let ms = |d: Option<std::time::Duration>| {
        d.map_or("none".into(), |d| format!("{} ms", d.as_millis()))
    };
    format!(
        "match: {} vs {}, {}, {} games{}, {} protocol, time {}/move {}/game +{} ms tolerance, concurrency {}",
        cfg.engines[0].name,
        cfg.engines[1].name,
        cfg.spec,
        games,
        openings.map_or(String::new(), |n| format!(" from {n} openings")),
        proto,
        ms(cfg.tc_move),
        ms(cfg.tc_match),
        cfg.tolerance.as_millis(),
        cfg.concurrency
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Point;

    #[test]
    fn each_opening_twice_with_colours_swapped() {
        let o = vec![vec![Point::new(7, 7)], vec![Point::new(1, 1)]];
        let jobs = schedule(Some(&o), None);
        assert_eq!(jobs.len(), 4);
        let seen: Vec<(usize, usize)> = jobs
            .iter()
            .map(|j| (j.opening.as_ref().unwrap().0, j.black))
            .collect();
        assert_eq!(seen, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
        assert_eq!(schedule(None, Some(3)).len(), 3);
        assert!(schedule(None, None).iter().all(|j| j.opening.is_none()));
    }
}
