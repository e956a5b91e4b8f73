//! `gridmind match`: an engine-vs-engine match runner.
//!
//! - [`args`]: the command line.
//! - [`process`]: engine child processes with line I/O under deadlines.
//! - [`adapter`]: the Gomocup and GTP protocols, manager side.
//! - [`referee`]: plays and decides one game with the engine's own rules.
//! - [`openings`]: Gomocup opening files.
//! - [`scheduler`]: concurrent games, a game pair at a time.
//! - [`stats`] and [`sgf`]: the results table and the game records.
//! - [`pentanomial`] and [`sprt`]: game-pair statistics and the sequential test that stops a
//!   match once it has decided.
//! - [`traffic`]: the optional log of every line exchanged.

pub mod adapter;
pub mod args;
pub mod openings;
pub mod pentanomial;
pub mod process;
pub mod referee;
pub mod scheduler;
pub mod sgf;
pub mod sprt;
pub mod stats;
pub mod traffic;

use std::io::{IsTerminal, Write};

use args::{MatchConfig, Protocol};
use referee::GameJob;
use scheduler::Flow;
use sprt::Verdict;
use stats::Stats;

/// Exit status of a match that ran (whatever the engines did), or whose SPRT accepted H1.
pub const EXIT_OK: i32 = 0;
/// Exit status when the match could not run: bad arguments, openings, engine commands.
pub const EXIT_CANNOT_RUN: i32 = 2;
/// Exit status when the SPRT accepted H0 (the first engine is not `elo1` stronger).
pub const EXIT_H0: i32 = 3;
/// Exit status when the SPRT reached `--games` without a verdict.
pub const EXIT_INCONCLUSIVE: i32 = 4;

/// Runs a match from command-line arguments; returns the process exit code: [`EXIT_OK`] when
/// the match ran (whatever the engines did) and, under `--sprt`, only when H1 was accepted;
/// [`EXIT_H0`] or [`EXIT_INCONCLUSIVE`] for the other verdicts; [`EXIT_CANNOT_RUN`] when it
/// could not run.
pub fn run(args: &[String]) -> i32 {
    let cfg = match args::parse(args) {
        Ok(c) => c,
        // Asked-for help goes to stdout (it can be paged); after an error, to stderr.
        Err(e) if e.is_empty() => {
            println!("{}", args::USAGE);
            return EXIT_OK;
        }
        Err(e) => {
            eprintln!("gridmind match: {e}");
            eprintln!("{}", args::USAGE);
            return EXIT_CANNOT_RUN;
        }
    };
    match run_match(&cfg) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gridmind match: {e}");
            EXIT_CANNOT_RUN
        }
    }
}

/// The games to play: each opening twice with colors swapped (engine 0 black first), or empty
/// boards with alternating colors.
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

/// Plays the match, prints the game lines and the table; returns the exit code of the verdict.
fn run_match(cfg: &MatchConfig) -> Result<i32, String> {
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
    let sprt = cfg.sprt.as_ref();
    // Game lines are printed a pair at a time, as pairs are counted: every line printed is in
    // the table, and a pair cut short by the verdict leaves no line.
    let abandoned = scheduler::run(cfg, scheduler::pairs(jobs), log.clone(), |unit| {
        if live {
            eprint!("\r\x1b[K");
        }
        for r in &unit {
            let _ = writeln!(
                out,
                "game {}: {} vs {} {} ({})",
                r.index + 1,
                names[r.black],
                names[1 - r.black],
                r.score_text(),
                r.reason(&names, cfg.spec)
            );
        }
        let _ = out.flush();
        stats.add_unit(&unit);
        if live {
            eprint!("{}", stats.progress(&names, total, sprt));
        }
        records.extend(unit);
        match sprt.map(|s| stats.sprt(s).1) {
            Some(Some(_)) => Flow::Stop,
            _ => Flow::Continue,
        }
    });
    if live {
        eprint!("\r\x1b[K");
    }
    if let Some(l) = &log {
        l.flush();
    }
    let _ = write!(out, "\n{}", stats.table(&names, sprt));
    if abandoned > 0 {
        let _ = writeln!(
            out,
            "stopped at the verdict: {abandoned} pair(s) in flight not counted"
        );
    }
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
    Ok(match sprt.map(|s| stats.sprt(s).1) {
        None | Some(Some(Verdict::H1)) => EXIT_OK,
        Some(Some(Verdict::H0)) => EXIT_H0,
        Some(None) => EXIT_INCONCLUSIVE,
    })
}

fn header(cfg: &MatchConfig, games: usize, openings: Option<usize>) -> String {
    let proto = match cfg.protocol {
        Protocol::Gomocup => "gomocup",
        Protocol::Gtp => "gtp",
    };
    let ms = |d: Option<std::time::Duration>| {
        d.map_or("none".into(), |d| format!("{} ms", d.as_millis()))
    };
    let sprt = cfg
        .sprt
        .map_or(String::new(), |s| format!(", sprt {}", s.describe()));
    format!(
        "match: {} vs {}, {}, {}{} games{}, {} protocol, time {}/move {}/game +{} ms tolerance, concurrency {}{}",
        cfg.engines[0].name,
        cfg.engines[1].name,
        cfg.spec,
        if cfg.sprt.is_some() { "at most " } else { "" },
        games,
        openings.map_or(String::new(), |n| format!(" from {n} openings")),
        proto,
        ms(cfg.tc_move),
        ms(cfg.tc_match),
        cfg.tolerance.as_millis(),
        cfg.concurrency,
        sprt
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Point;

    #[test]
    fn each_opening_twice_with_colors_swapped() {
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
