//! One engine child process: spawn it, write lines to its stdin, read its stdout lines with a
//! deadline, and kill it.
//!
//! Reading happens on a dedicated thread that forwards complete lines over a channel, so the
//! referee can wait for an answer with a timeout: a silent or hung engine costs it a game, never
//! the match.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError};

use super::args::EngineSpec;
use super::traffic::TrafficLog;
use crate::base::io_reason;

#[cfg(windows)]
mod winjob;

/// Longest line we keep from an engine; the rest of an overlong line is dropped.
const MAX_LINE: u64 = 64 * 1024;

/// Why no line came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The deadline passed first.
    Timeout,
    /// The engine closed its output (exited or crashed); the text says how it ended.
    Closed(String),
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: Option<(Arc<TrafficLog>, String)>,
    /// The job holding the engine and whatever it starts (Windows' stand-in for the process
    /// group); `None` if the system refused one, and a kill then reaches the engine alone.
    #[cfg(windows)]
    job: Option<winjob::Job>,
}

impl EngineProcess {
    /// Starts the engine with piped stdin/stdout; its stderr is discarded (engines log there).
    /// With a traffic log, every line in both directions is written to it.
    pub fn spawn(spec: &EngineSpec, log: Option<Arc<TrafficLog>>) -> Result<EngineProcess, String> {
        let (program, args) = spec
            .argv
            .split_first()
            .ok_or_else(|| "empty engine command".to_string())?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        // Its own process group, so a kill reaches whatever the engine started (an engine behind
        // a wrapper script keeps thinking otherwise, stealing CPU from the next games).
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        // The reason in words that are the same on every system ("not found", ...).
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{}': {}", spec.argv.join(" "), io_reason(&e)))?;
        // On Windows, a job plays the process group's part.
        #[cfg(windows)]
        let job = match winjob::Job::adopt(&child) {
            Ok(job) => Some(job),
            Err(e) => {
                log::warn!(
                    "{}: no job object ({e}); a kill reaches the engine alone",
                    spec.name
                );
                None
            }
        };
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| "engine has no stdout".to_string())?;
        let (tx, rx) = crossbeam_channel::unbounded();
        let log = log.map(|l| (l, spec.name.clone()));
        let reader_log = log.clone();
        thread::Builder::new()
            .name(format!("read-{}", spec.name))
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                loop {
                    let mut buf = Vec::new();
                    match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            if buf.last() != Some(&b'\n') && buf.len() as u64 == MAX_LINE {
                                // Overlong: drop the rest of the line.
                                let mut rest = Vec::new();
                                if reader.read_until(b'\n', &mut rest).is_err() {
                                    break;
                                }
                            }
                            let text = String::from_utf8_lossy(&buf);
                            let line = text.trim_end_matches(['\n', '\r']).to_string();
                            if let Some((l, name)) = &reader_log {
                                l.line(name, '>', &line);
                            }
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        if let Some((l, name)) = &log {
            l.line(name, '#', &format!("started: {}", spec.argv.join(" ")));
        }
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            log,
            #[cfg(windows)]
            job,
        })
    }

    /// Writes one line (a newline is added). A failure means the engine is gone.
    pub fn send(&mut self, line: &str) -> Result<(), ReadError> {
        if let Some((l, name)) = &self.log {
            l.line(name, '<', line);
        }
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ReadError::Closed("input closed".into()))?;
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush());
        written.map_err(|_| ReadError::Closed(self.exit_description()))
    }

    /// Discards lines the engine wrote unasked (a second answer, late chatter), so they cannot be
    /// taken for the answer to the next request. Returns how many were dropped.
    pub fn drain(&mut self) -> usize {
        self.lines.try_iter().count()
    }

    /// The next line, waiting until `deadline` at the latest (`None`: wait as long as it takes).
    pub fn read_line(&mut self, deadline: Option<Instant>) -> Result<String, ReadError> {
        let got = match deadline {
            Some(d) => self.lines.recv_deadline(d),
            None => self
                .lines
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed(self.exit_description())),
        }
    }

    /// How the process ended, waiting briefly for it to be reaped.
    fn exit_description(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return describe_status(status),
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => return "closed its output".into(),
            }
        }
    }

    /// Sends `quit_line`, gives the engine `grace` to exit, then kills it.
    pub fn shutdown(mut self, quit_line: &str, grace: Duration) {
        let _ = self.send(quit_line);
        self.stdin = None;
        let until = Instant::now() + grace;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Writes a runner note about this engine to the traffic log, if any.
    pub fn note(&self, text: &str) {
        if let Some((l, name)) = &self.log {
            l.line(name, '#', text);
        }
    }

    /// Kills the engine and its process group (on Windows its job) at once: it may be thinking
    /// past its time, and so may whatever it started.
    pub fn kill(&mut self) {
        #[cfg(windows)]
        if let Some(job) = &self.job {
            job.terminate();
        }
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // SAFETY: kill(2) only sends a signal; `-pid` names the process group created for
            // this child at spawn (its id is the child's pid), touching no memory of ours.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

fn describe_status(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return format!("killed by signal {sig}");
        }
    }
    match status.code() {
        Some(c) => format!("exited with status {c}"),
        None => "exited".into(),
    }
}
