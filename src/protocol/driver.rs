//! The two threads every session runs: the main thread reads and parses input, the engine thread
//! executes commands in order and writes every answer.
//!
//! The main thread never waits for a search. `stop` and `quit` act on the [`StopSignal`] the moment
//! they are read, then queue behind the running command so their answers still come in command
//! order. At end of input the queue drains: each command finishes within its own limits
//! (`infinite` searches end at once), then the process exits 0.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::thread;

use crossbeam_channel::{unbounded, Receiver};

use super::input::{read_line, InputLine};
use crate::search::StopSignal;

/// What the main thread does with a line beyond queueing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signal {
    /// Stop every search asked for before this line.
    Stop,
    /// Stop searches, and read no further input.
    Quit,
}

/// A parsed line: the command to queue (if any) and the signal to raise at once (if any).
pub struct Parsed<C> {
    /// The command to queue for the engine thread.
    pub command: Option<C>,
    /// The signal to raise at once, before the command is queued.
    pub signal: Option<Signal>,
}

impl<C> Parsed<C> {
    /// A command with no immediate signal.
    pub fn command(c: C) -> Parsed<C> {
        Parsed {
            command: Some(c),
            signal: None,
        }
    }

    /// Nothing to do (blank line, comment).
    pub fn nothing() -> Parsed<C> {
        Parsed {
            command: None,
            signal: None,
        }
    }
}

/// The main-thread half of a protocol: text to typed commands. Must be cheap and never block.
pub trait LineParser {
    /// The typed command the engine thread executes.
    type Command: Send + 'static;
    /// Parses one input line on the main thread; must never block.
    fn parse(&mut self, line: &InputLine) -> Parsed<Self::Command>;
}

/// Whether the engine thread keeps going after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Stop reading and exit.
    Quit,
}

/// The engine-thread half of a protocol: executes commands, writes answers to `out`.
pub trait Executor: Send + 'static {
    /// The typed command this executor runs.
    type Command: Send + 'static;
    /// Runs one command on the engine thread, writing its answer to `out`.
    fn execute(
        &mut self,
        seq: u64,
        command: Self::Command,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> Flow;
}

/// Runs a protocol until `quit` or end of input; returns the process exit code.
///
/// `pending` holds lines already read (by protocol detection) that must be handled first.
pub fn run<P, E>(
    input: &mut dyn BufRead,
    pending: Vec<InputLine>,
    mut parser: P,
    executor: E,
) -> i32
where
    P: LineParser,
    E: Executor<Command = P::Command>,
{
    let signal = StopSignal::new();
    let (tx, rx) = unbounded::<(u64, P::Command)>();
    let engine_signal = signal.clone();
    let engine = thread::Builder::new()
        .name("engine".into())
        .spawn(move || engine_loop(executor, rx, engine_signal));
    let engine = match engine {
        Ok(h) => h,
        Err(e) => {
            log::error!("cannot start the engine thread: {e}");
            return 1;
        }
    };

    let mut seq: u64 = 0;
    let mut handle = |line: InputLine, seq: &mut u64| -> bool {
        *seq += 1;
        log::trace!("input #{seq}: {line:?}");
        let parsed = parser.parse(&line);
        if let Some(s) = parsed.signal {
            log::debug!("input #{seq}: {s:?} signal raised");
        }
        match parsed.signal {
            Some(Signal::Stop) => signal.stop_before(*seq),
            Some(Signal::Quit) => signal.stop_before(u64::MAX),
            None => {}
        }
        if let Some(c) = parsed.command {
            if tx.send((*seq, c)).is_err() {
                return false; // the engine thread has quit
            }
        }
        parsed.signal != Some(Signal::Quit)
    };
    let mut reading = true;
    for line in pending {
        if !handle(line, &mut seq) {
            reading = false;
            break;
        }
    }
    while reading {
        match read_line(input) {
            Ok(Some(line)) => reading = handle(line, &mut seq),
            Ok(None) => break,
            Err(e) => {
                log::warn!("input error, treating as end of input: {e}");
                break;
            }
        }
    }
    log::debug!("end of input after {seq} lines");
    signal.close_input();
    drop(tx);
    match engine.join() {
        Ok(()) => 0,
        Err(_) => {
            log::error!("the engine thread panicked");
            1
        }
    }
}

fn engine_loop<E: Executor>(
    mut executor: E,
    rx: Receiver<(u64, E::Command)>,
    signal: Arc<StopSignal>,
) {
    let stdout = io::stdout();
    for (seq, command) in rx.iter() {
        log::debug!("executing #{seq}");
        let mut out = stdout.lock();
        let flow = executor.execute(seq, command, &signal, &mut out);
        let _ = out.flush();
        if flow == Flow::Quit {
            break;
        }
    }
}
