//! `gridmind bench stop [--runs N]`: how fast a running search answers `stop`.
//!
//! Spawns this same binary in GTP mode, starts an `infinite` gomoku search, waits a moment so the
//! search is deep in its tree, sends `stop` and times the arrival of the `genmove` answer: the
//! latency a GUI or arena sees. Prints median and worst over the runs.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the stop-latency benchmark.
pub fn run(args: &[String]) -> Result<(), String> {
    let runs = match args {
        [] => 20,
        [flag, n] if flag == "--runs" => n
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or("--runs takes a positive number")?,
        _ => return Err("usage: gridmind bench stop [--runs N]".into()),
    };
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
    println!(
        "stop latency over {runs} runs: median {:.2} ms, max {:.2} ms",
        ms(latencies[runs / 2]),
        ms(latencies[runs - 1])
    );
    Ok(())
}
