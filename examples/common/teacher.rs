//! A teacher brain driven over the Gomocup protocol: any brain that prints its score in a
//! `MESSAGE ... Eval N ...` line (such as Rapfi) scores positions for the examples that learn
//! from it (`teacher_fit`) or judge games with it (`game_review`).

// Each example uses part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A teacher's score past this (in its units) is a forced result, fitted as a certain win or
/// loss.
pub const TEACHER_DECIDED: f64 = 10_000.0;

/// How long an answer may take past the turn before the teacher counts as stalled.
const STALL_GRACE: Duration = Duration::from_secs(5);

/// A teacher brain over the Gomocup protocol.
pub struct Teacher {
    child: Child,
    input: ChildStdin,
    /// The brain's output lines, read on a thread of their own so a wait can time out.
    output: Receiver<String>,
    /// How it was started, so a stalled brain can be started again the same way.
    cmd: String,
    turn_ms: u64,
    rule: u64,
    /// The brain did not answer in time (Rapfi under renju now and then never answers a
    /// `BOARD`): [`Self::restart_if_stalled`] replaces it.
    pub stalled: bool,
}

impl Teacher {
    pub fn start(cmd: &str, turn_ms: u64) -> Teacher {
        Self::start_under(cmd, turn_ms, 0)
    }

    /// A teacher playing the Gomocup `INFO rule` number `rule` (0 freestyle, 1 standard, 4 renju).
    pub fn start_under(cmd: &str, turn_ms: u64, rule: u64) -> Teacher {
        let mut child = Command::new("sh")
            .args(["-c", cmd])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("teacher command");
        let input = child.stdin.take().expect("teacher stdin");
        let reader = BufReader::new(child.stdout.take().expect("teacher stdout"));
        let (tx, output) = channel();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let mut t = Teacher {
            child,
            input,
            output,
            cmd: cmd.to_string(),
            turn_ms,
            rule,
            stalled: false,
        };
        t.send(&format!(
            "START 15\nINFO timeout_turn {turn_ms}\nINFO timeout_match 1000000000\nINFO rule {rule}\n"
        ));
        t.read_until(|l| l.starts_with("OK"));
        t
    }

    /// Replaces a stalled brain with a fresh one started the same way; says whether it did.
    pub fn restart_if_stalled(&mut self) -> bool {
        let stalled = self.stalled;
        if stalled {
            *self = Self::start_under(&self.cmd, self.turn_ms, self.rule);
        }
        stalled
    }

    fn send(&mut self, text: &str) {
        self.input
            .write_all(text.as_bytes())
            .expect("teacher input");
        self.input.flush().expect("teacher input");
    }

    /// Reads lines until `done` holds for one; returns the last `Eval` score seen before it
    /// (if any) and that line. A brain silent past its turn and [`STALL_GRACE`] gives
    /// `(None, "")` and sets [`Self::stalled`].
    fn read_until(&mut self, done: impl Fn(&str) -> bool) -> (Option<f64>, String) {
        let mut eval = None;
        let deadline = Instant::now() + Duration::from_millis(self.turn_ms) + STALL_GRACE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.output.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    self.stalled = true;
                    return (None, String::new());
                }
                Err(RecvTimeoutError::Disconnected) => panic!("teacher exited"),
            };
            let l = line.trim();
            if done(l) {
                return (eval, l.to_string());
            }
            if let Some(e) = parse_eval(l) {
                eval = Some(e);
            }
        }
    }

    /// The teacher's score of the position after `moves`, for the side to move, and its move.
    pub fn score(&mut self, moves: &[(u8, u8)]) -> Option<(f64, String)> {
        let (eval, answer) = self.ask(moves);
        eval.map(|e| (e, answer))
    }

    /// The brain's move (`x,y`) in the position after `moves`, with its last score if it
    /// printed one: any brain can be asked, not only one that reports `Eval`.
    pub fn ask(&mut self, moves: &[(u8, u8)]) -> (Option<f64>, String) {
        let to_move = moves.len() % 2;
        let mut text = String::from("BOARD\n");
        for (k, (x, y)) in moves.iter().enumerate() {
            let own = if k % 2 == to_move { 1 } else { 2 };
            text.push_str(&format!("{x},{y},{own}\n"));
        }
        text.push_str("DONE\n");
        self.send(&text);
        self.read_until(|l| {
            let mut parts = l.split(',');
            matches!((parts.next(), parts.next(), parts.next()),
                (Some(a), Some(b), None) if a.parse::<u8>().is_ok() && b.parse::<u8>().is_ok())
        })
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        if self.stalled {
            let _ = self.child.kill();
        } else {
            let _ = self.input.write_all(b"END\n");
        }
        let _ = self.child.wait();
    }
}

/// The score of a `MESSAGE ... Eval N ...` line; a forced win or loss (`+M5`, `-M12`) as
/// plus or minus [`TEACHER_DECIDED`].
pub fn parse_eval(line: &str) -> Option<f64> {
    let rest = line.strip_prefix("MESSAGE")?;
    let mut words = rest.split_whitespace();
    words.find(|w| *w == "Eval")?;
    let v = words.next()?;
    if let Ok(n) = v.parse::<f64>() {
        return Some(n);
    }
    let sign = if v.starts_with('-') { -1.0 } else { 1.0 };
    v.trim_start_matches(['+', '-'])
        .starts_with('M')
        .then_some(sign * TEACHER_DECIDED)
}

/// The stones of a position written as `x:y x:y ...`, the form the examples' files use.
pub fn parse_stones(text: &str) -> Option<Vec<(u8, u8)>> {
    text.split_whitespace()
        .map(|m| {
            let (x, y) = m.split_once(':')?;
            Some((x.parse().ok()?, y.parse().ok()?))
        })
        .collect()
}
