//! Runs the games of a match on `concurrency` worker threads. Each worker owns its own pair of
//! engine processes and reuses them from game to game (restarting any that failed), so N games
//! in flight cost 2N processes. Finished games come back in completion order.

use std::sync::Arc;
use std::thread;

use super::adapter;
use super::args::MatchConfig;
use super::referee::{play_game, GameJob, GameRecord, Player};
use super::traffic::TrafficLog;

/// Plays every job and hands each record to `on_result` on the calling thread as it finishes.
/// With a traffic log, every engine's lines go to it.
pub fn run(
    cfg: &MatchConfig,
    jobs: Vec<GameJob>,
    log: Option<Arc<TrafficLog>>,
    mut on_result: impl FnMut(GameRecord),
) {
    let workers = cfg.concurrency.clamp(1, jobs.len().max(1));
    let (job_tx, job_rx) = crossbeam_channel::unbounded::<GameJob>();
    for j in jobs {
        let _ = job_tx.send(j);
    }
    drop(job_tx);
    let (res_tx, res_rx) = crossbeam_channel::unbounded::<GameRecord>();
    thread::scope(|s| {
        for _ in 0..workers {
            let job_rx = job_rx.clone();
            let res_tx = res_tx.clone();
            let log = log.clone();
            s.spawn(move || {
                let mut players = cfg
                    .engines
                    .clone()
                    .map(|e| Player::new(e, adapter::for_protocol(cfg.protocol), log.clone()));
                for job in job_rx.iter() {
                    let record = play_game(&job, &mut players, cfg);
                    if let Some(l) = &log {
                        l.flush();
                    }
                    if res_tx.send(record).is_err() {
                        break;
                    }
                }
                for p in &mut players {
                    p.shutdown();
                }
            });
        }
        drop(res_tx);
        for r in res_rx.iter() {
            on_result(r);
        }
    });
}
