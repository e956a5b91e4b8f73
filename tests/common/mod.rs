//! Driving the real `gridmind` binary interactively from integration tests.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine process with line-oriented access to its stdout (and, when started with a
/// log filter, its stderr).
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Option<Receiver<String>>,
    /// Lines written to stdin so far: the engine numbers its input lines the same way (its
    /// `seq`, from 1), so a log line can be matched to the command it is about.
    sent: u64,
}

/// Forwards each line of `from` to a channel, until either end closes.
fn line_channel(from: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

impl Engine {
    /// Starts the binary with `args`; stderr is discarded.
    pub fn start(args: &[&str]) -> Engine {
        Engine::spawn(args, None)
    }

    /// Starts the binary with `args` and `RUST_LOG` set to `filter`; its stderr lines are kept
    /// for [`Engine::log_line_within`].
    pub fn start_logged(args: &[&str], filter: &str) -> Engine {
        Engine::spawn(args, Some(filter))
    }

    fn spawn(args: &[&str], log_filter: Option<&str>) -> Engine {
        let mut command = Command::new(env!("CARGO_BIN_EXE_gridmind"));
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .env_remove("RUST_LOG");
        match log_filter {
            Some(f) => command.env("RUST_LOG", f).stderr(Stdio::piped()),
            None => command.stderr(Stdio::null()),
        };
        let mut child = command.spawn().expect("the gridmind binary starts");
        let stdin = child.stdin.take();
        let stdout: ChildStdout = child.stdout.take().expect("stdout is piped");
        let log = child.stderr.take().map(line_channel);
        Engine {
            child,
            stdin,
            lines: line_channel(stdout),
            log,
            sent: 0,
        }
    }

    /// The next stderr line containing `needle`, or `None` if none arrives within `timeout`.
    /// Only for engines started with [`Engine::start_logged`].
    pub fn log_line_within(&mut self, needle: &str, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        let log = self.log.as_ref().expect("started with a log filter");
        loop {
            let line = log
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .ok()?;
            if line.contains(needle) {
                return Some(line);
            }
        }
    }

    /// The process id, for reading its resource use from `/proc`.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Writes raw bytes to the engine's stdin.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin still open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush to engine");
        self.sent += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
    }

    /// How many lines have been written to stdin: the engine's number for the last one.
    pub fn lines_sent(&self) -> u64 {
        self.sent
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    /// Closes stdin (end of input).
    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// The next stdout line, or `None` if none arrives within `timeout`.
    pub fn line_within(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Reads one GTP answer (up to its empty line) within `timeout`.
    pub fn answer_within(&mut self, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        let mut text = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).ok()?;
            if line.is_empty() {
                return Some(text.join("\n"));
            }
            text.push(line);
        }
    }

    /// Sends a GTP command and returns its answer (`= ...` or `? ...`), waiting up to 60 s.
    pub fn gtp(&mut self, line: &str) -> String {
        self.send(line);
        self.answer_within(Duration::from_secs(60))
            .unwrap_or_else(|| panic!("no answer to '{line}'"))
    }

    /// Waits for the process to exit; returns its exit code.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `program` (the gridmind binary or a renamed copy) with all of `input` on stdin, as a
/// script would, and returns its exit status and stdout.
pub fn run_script(program: &std::path::Path, input: &[u8]) -> (bool, String) {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input).expect("write the script");
    }
    let out = child.wait_with_output().expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// One line of hostile input for the bad-input tests: `tokens` words, each a random entry of
/// `words` or, with probability `garbage`, 1 to `max_bytes - 1` random bytes other than
/// `banned` (line ends), each followed by a space. No line end: the caller adds its own.
pub fn hostile_line(
    rng: &mut impl rand::Rng,
    words: &[&str],
    tokens: std::ops::Range<usize>,
    garbage: f64,
    max_bytes: usize,
    banned: &[u8],
) -> Vec<u8> {
    let n = rng.gen_range(tokens);
    let mut line: Vec<u8> = Vec::new();
    for _ in 0..n {
        if rng.gen_bool(garbage) {
            let len = rng.gen_range(1..max_bytes);
            line.extend(
                (0..len)
                    .map(|_| rng.gen::<u8>())
                    .filter(|b| !banned.contains(b)),
            );
        } else {
            line.extend_from_slice(words[rng.gen_range(0..words.len())].as_bytes());
        }
        line.push(b' ');
    }
    line
}

/// A line of `/proc/PID/status` in KiB (`VmRSS`, `VmHWM`): what memory tests read of a live
/// engine.
#[cfg(target_os = "linux")]
pub fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a status field in kB")
}
