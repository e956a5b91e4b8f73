//! Runs the games of a match on `concurrency` worker threads. Each worker owns its own pair of
//! engine processes and reuses them from game to game (restarting any that failed, and every
//! one after each game with `--fresh-processes`), so N games in flight cost 2N processes.
//!
//! The unit of work is a game pair (one opening, colors swapped): a worker plays both games of
//! a pair one after the other and hands them back together, so pair statistics never wait on
//! two workers and a pair cut short by a stop is simply never handed back. Pairs come back in
//! completion order.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;

use super::adapter;
use super::args::MatchConfig;
use super::referee::{play_game, GameJob, GameRecord, Player};
use super::traffic::TrafficLog;

/// What the caller wants after a finished pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Play on.
    Continue,
    /// Start no more games, abandon those in flight at their next move.
    Stop,
}

/// Groups jobs into pairs: games `2k` and `2k + 1` share an opening with colors swapped. An odd
/// last game is a unit of its own.
pub fn pairs(jobs: Vec<GameJob>) -> Vec<Vec<GameJob>> {
    let mut units: Vec<Vec<GameJob>> = Vec::new();
    for job in jobs {
        match units.last_mut() {
            Some(u) if u[0].index / 2 == job.index / 2 => u.push(job),
            _ => units.push(vec![job]),
        }
    }
    units
}

/// Plays every unit (see [`pairs`]) and hands each finished one to `on_unit` on the calling
/// thread. With a traffic log, every engine's lines go to it. Returns how many units were
/// started but not counted because `on_unit` asked to stop first.
pub fn run(
    cfg: &MatchConfig,
    units: Vec<Vec<GameJob>>,
    log: Option<Arc<TrafficLog>>,
    mut on_unit: impl FnMut(Vec<GameRecord>) -> Flow,
) -> usize {
    let workers = cfg.concurrency.clamp(1, units.len().max(1));
    let (job_tx, job_rx) = crossbeam_channel::unbounded::<Vec<GameJob>>();
    for u in units {
        let _ = job_tx.send(u);
    }
    drop(job_tx);
    let (res_tx, res_rx) = crossbeam_channel::unbounded::<Vec<GameRecord>>();
    let stop = AtomicBool::new(false);
    let abandoned = AtomicUsize::new(0);
    thread::scope(|s| {
        for _ in 0..workers {
            let job_rx = job_rx.clone();
            let res_tx = res_tx.clone();
            let log = log.clone();
            let (stop, abandoned) = (&stop, &abandoned);
            s.spawn(move || {
                let mut players = cfg
                    .engines
                    .clone()
                    .map(|e| Player::new(e, adapter::for_protocol(cfg.protocol), log.clone()));
                for unit in job_rx.iter() {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let mut records = Vec::with_capacity(unit.len());
                    for job in &unit {
                        let record = play_game(job, &mut players, cfg, stop);
                        if cfg.fresh_processes {
                            for p in &mut players {
                                p.shutdown();
                            }
                        }
                        if let Some(l) = &log {
                            l.flush();
                        }
                        match record {
                            Some(r) => records.push(r),
                            None => break,
                        }
                    }
                    if records.len() < unit.len() {
                        abandoned.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                    if res_tx.send(records).is_err() {
                        break;
                    }
                }
                for p in &mut players {
                    p.shutdown();
                }
            });
        }
        drop(res_tx);
        for unit in res_rx.iter() {
            if stop.load(Ordering::Relaxed) {
                // Finished after the verdict: it must not change it.
                abandoned.fetch_add(1, Ordering::Relaxed);
            } else if on_unit(unit) == Flow::Stop {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    abandoned.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_pair_up_by_opening() {
        let jobs: Vec<GameJob> = (0..5)
            .map(|i| GameJob {
                index: i,
                opening: None,
                black: i % 2,
            })
            .collect();
        let units = pairs(jobs);
        let shape: Vec<Vec<usize>> = units
            .iter()
            .map(|u| u.iter().map(|j| j.index).collect())
            .collect();
        assert_eq!(shape, vec![vec![0, 1], vec![2, 3], vec![4]]);
    }
}
