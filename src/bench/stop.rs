//! `gridmind bench stop [--runs N] [--threads T,T,...]`: how fast a running search answers `stop`.
//!
//! Spawns this same binary in GTP mode, starts an `infinite` gomoku search, waits a moment so the
//! search is deep in its tree, sends `stop` and times the arrival of the `genmove` answer: the
//! latency a GUI or arena sees. For each thread count (default 1, 2, 8 and 64: many more threads
//! than cores is the hard case) prints median and worst over the runs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::search::options::THREADS;

/// Thread counts measured when `--threads` is not given.
const DEFAULT_THREADS: [usize; 4] = [1, 2, 8, 64];
const USAGE: &str = "usage: gridmind bench stop [--runs N] [--threads T,T,...]";

/// Runs the stop-latency benchmark.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 20;
    let mut threads = DEFAULT_THREADS.to_vec();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(USAGE)?;
        match flag.as_str() {
            "--runs" => {
                runs = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or("--runs takes a positive number")?
            }
            "--threads" => {
                threads = value
                    .split(',')
                    .map(|t| THREADS.parse_number(t).ok().map(|n| n as usize))
                    .collect::<Option<Vec<_>>>()
                    .ok_or("--threads takes a comma-separated list of 1..64")?
            }
            _ => return Err(USAGE.into()),
        }
    }
    for t in threads {
        let (median, worst) = latency(t, runs)?;
        println!(
            "threads {t:2}: stop latency over {runs} runs: median {median:.2} ms, max {worst:.2} ms"
        );
    }
    Ok(())
}

/// Median and worst stop latency in ms of `runs` infinite searches on `threads` threads.
fn latency(threads: usize, runs: usize) -> Result<(f64, f64), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this binary: {e}"))?;
    let mut child = Command::new(exe)
        .args(["--protocol", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the engine: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut answer = || -> Result<String, String> {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if stdout.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err("engine closed its output".into());
            }
            if line.trim().is_empty() {
                return Ok(text);
            }
            text.push_str(line.trim_end());
        }
    };
    let mut send = |s: &str| -> Result<(), String> {
        stdin
            .write_all(s.as_bytes())
            .and_then(|_| stdin.flush())
            .map_err(|e| e.to_string())
    };
    send(&format!("setoption threads {threads}\n"))?;
    answer()?;
    let mut latencies = Vec::with_capacity(runs);
    for _ in 0..runs {
        send("game gomoku 15\nplay b h8\nplay w j9\ngenmove b infinite\n")?;
        answer()?;
        answer()?;
        answer()?;
        std::thread::sleep(Duration::from_millis(200));
        let t = Instant::now();
        send("stop\n")?;
        let a = answer()?;
        latencies.push(t.elapsed());
        if !a.starts_with('=') {
            return Err(format!("unexpected genmove answer '{a}'"));
        }
        answer()?;
    }
    let _ = send("quit\n");
    let _ = child.wait();
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    Ok((ms(latencies[runs / 2]), ms(latencies[runs - 1])))
}
