//! What the referee needs from an engine protocol: set up a game, ask for a move under a time
//! limit, say goodbye. [`gomocup`] and [`gtp`] implement it; the referee never sees wire syntax.

pub mod gomocup;
pub mod gtp;

use std::time::{Duration, Instant};

use super::args::Protocol;
use super::process::{EngineProcess, ReadError};
use crate::games::{Color, GameSpec, Point};

/// How long an engine may take to answer set-up commands (`START`, `play`, `setoption`): generous,
/// since interpreters and pattern tables take a while to load, but finite.
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(10);

/// What an engine is told before a game.
pub struct GameSetup<'a> {
    /// The game both engines are set up for.
    pub spec: GameSpec,
    /// `--option` pairs, sent in the protocol's own form.
    pub options: &'a [(String, String)],
    /// Per-move limit, if any.
    pub tc_move: Option<Duration>,
    /// Per-game time for this engine, if any.
    pub tc_match: Option<Duration>,
}

/// One move request: the whole game so far (opening included) and the engine's clock.
pub struct MoveRequest<'a> {
    /// Every stone so far, in order: protocols that resend the position need it.
    pub history: &'a [(Color, Point)],
    /// The color the engine moves for.
    pub color: Color,
    /// Board rows, for GTP's bottom-up vertex names.
    pub height: usize,
    /// Per-move limit, if any.
    pub tc_move: Option<Duration>,
    /// This engine's remaining game time, if a match clock runs.
    pub tc_match: Option<Duration>,
    /// Match time this engine has left in this game, `None` when unlimited.
    pub time_left: Option<Duration>,
    /// Wall time allowed for the answer, tolerance included; `None` waits forever.
    pub allowed: Option<Duration>,
}

/// A move as the engine wrote it, before the referee checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawMove {
    /// Board coordinates from the top-left; may lie off the board.
    At(i64, i64),
    /// The engine gave up.
    Resign,
    /// The engine passed; the referee decides what that means for the game.
    Pass,
}

/// An answered move request: the move and how long it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the engine answered.
    pub mv: RawMove,
    /// How long it took, measured by the referee.
    pub elapsed: Duration,
}

/// Why an engine failed a request; each loses the game with its own reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No answer within the allowed time (the time waited).
    Timeout(Duration),
    /// The process exited or closed its output.
    Crash(String),
    /// The engine refused a command (`ERROR ...`, `? ...`).
    Error(String),
    /// The answer was not a move.
    Unparsable(String),
}

impl From<ReadError> for Failure {
    fn from(e: ReadError) -> Failure {
        match e {
            ReadError::Timeout => Failure::Timeout(Duration::ZERO),
            ReadError::Closed(how) => Failure::Crash(how),
        }
    }
}

/// A protocol front end of the runner, one per engine process.
pub trait Adapter: Send {
    /// Prepares a new game on a (fresh or reused) process.
    fn new_game(&mut self, p: &mut EngineProcess, setup: &GameSetup) -> Result<(), Failure>;
    /// Tells the engine what happened since it last moved and asks for its move.
    fn request_move(&mut self, p: &mut EngineProcess, req: &MoveRequest)
        -> Result<Answer, Failure>;
    /// The line that asks the engine to exit.
    fn quit_line(&self) -> &'static str;
}

/// A fresh adapter for the protocol.
pub fn for_protocol(p: Protocol) -> Box<dyn Adapter> {
    match p {
        Protocol::Gomocup => Box::new(gomocup::GomocupAdapter::default()),
        Protocol::Gtp => Box::new(gtp::GtpAdapter::default()),
    }
}

/// The deadline for a read starting now.
pub(crate) fn deadline_after(allowed: Option<Duration>) -> Option<Instant> {
    allowed.map(|a| Instant::now() + a)
}

/// Reads until `accept` returns `Some`, skipping lines it maps to `None`; a timeout reports the
/// time waited since `since`.
pub(crate) fn read_until<T>(
    p: &mut EngineProcess,
    since: Instant,
    deadline: Option<Instant>,
    mut accept: impl FnMut(&str) -> Option<Result<T, Failure>>,
) -> Result<T, Failure> {
    loop {
        let line = p.read_line(deadline).map_err(|e| match e {
            ReadError::Timeout => Failure::Timeout(since.elapsed()),
            ReadError::Closed(how) => Failure::Crash(how),
        })?;
        if let Some(r) = accept(&line) {
            return r;
        }
    }
}

/// Keeps echoed engine output short in reasons.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if out.len() < s.len() {
        out.push_str("...");
    }
    out
}
