//! The referee: plays one game between two engine processes and decides it.
//!
//! It owns the truth. The board is the engine's own [`Game`] built from the match's [`GameSpec`],
//! so legality (off-board, occupied, renju-forbidden) and the result (five, overline per rule,
//! full-board draw) come from the same rules code the engine plays by; the referee adds only what
//! the rules cannot know: clocks, unparsable answers, crashes.

use std::time::Duration;

use super::adapter::{self, Adapter, Failure, GameSetup, MoveRequest, RawMove};
use super::args::{EngineSpec, MatchConfig};
use super::process::EngineProcess;
use super::traffic::TrafficLog;
use crate::games::{Color, Game, GameSpec, Outcome, PlayError, Point};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// One game to play: which opening, who is black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameJob {
    /// 0-based game number (printed 1-based).
    pub index: usize,
    /// Index into the openings list and its stones, if any.
    pub opening: Option<(usize, Vec<Point>)>,
    /// Engine index (0 or 1) playing black.
    pub black: usize,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// A winning line under the rule (five; three in tic-tac-toe).
    Line,
    /// Full board.
    Draw,
    /// The mover ran out of time.
    Timeout,
    /// Off-board, occupied, forbidden, pass, or an answer that is not a move.
    Illegal,
    /// The engine exited or closed its output.
    Crash,
    /// The engine refused a command.
    Error,
    /// The mover resigned.
    Resign,
}

/// The decision with the engine it went against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Why the game ended.
    pub kind: EndKind,
    /// Engine index of the loser; `None` for a draw.
    pub loser: Option<usize>,
    /// Details for the game line (what was played, how long it took, how it exited).
    pub detail: String,
    /// Whether the loser's process is in an unknown state (silent, dead, confused) and must be
    /// replaced before its next game.
    pub restart: bool,
}

/// Everything about a finished game: for the game line, the statistics and the SGF file.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game number within the match, from 0.
    pub index: usize,
    /// Which opening of the file was played, if any.
    pub opening: Option<usize>,
    /// Stones of the opening, placed before the engines move.
    pub opening_len: usize,
    /// Which engine (0 or 1) played black.
    pub black: usize,
    /// All stones in order, opening included; a refused move is not among them.
    pub moves: Vec<(Color, Point)>,
    /// How the game ended.
    pub ending: Ending,
    /// Answered move times per engine index.
    pub move_times: [Vec<Duration>; 2],
}

impl GameRecord {
    /// Engine index of the winner, `None` for a draw.
    pub fn winner(&self) -> Option<usize> {
        self.ending.loser.map(|l| 1 - l)
    }

    /// `1-0`, `0-1` or `1/2-1/2` from black's point of view, as the game line prints it.
    pub fn score_text(&self) -> &'static str {
        match self.winner() {
            Some(w) if w == self.black => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The reason in brackets on the game line: `five`, `draw`, `timeout: NAME ...`.
    pub fn reason(&self, names: &[String; 2], spec: GameSpec) -> String {
        let kind = match self.ending.kind {
            EndKind::Line => {
                return match spec {
                    GameSpec::TicTacToe => "three in a row".into(),
                    GameSpec::Mnk { k, .. } => format!("{k} in a row"),
                    GameSpec::Gomoku { .. } => "five".into(),
                }
            }
            EndKind::Draw => return "draw".into(),
            EndKind::Timeout => "timeout",
            EndKind::Illegal => "illegal move",
            EndKind::Crash => "crash",
            EndKind::Error => "error",
            EndKind::Resign => "resign",
        };
        let who = self.ending.loser.map_or("", |l| names[l].as_str());
        if self.ending.detail.is_empty() {
            format!("{kind}: {who}")
        } else {
            format!("{kind}: {who} {}", self.ending.detail)
        }
    }
}

/// One side of the match inside a worker: its command, protocol state and (maybe) a process.
pub struct Player {
    spec: EngineSpec,
    adapter: Box<dyn Adapter>,
    process: Option<EngineProcess>,
    log: Option<Arc<TrafficLog>>,
}

impl Player {
    /// A player with no process yet: it starts on its first game, so idle workers cost nothing.
    pub fn new(
        spec: EngineSpec,
        adapter: Box<dyn Adapter>,
        log: Option<Arc<TrafficLog>>,
    ) -> Player {
        Player {
            spec,
            adapter,
            process: None,
            log,
        }
    }

    /// A runner note in the traffic log (game starts, results, restarts).
    fn note(&self, text: &str) {
        if let Some(l) = &self.log {
            l.line(&self.spec.name, '#', text);
        }
    }

    /// Starts the process if it is not running (first game, or after a failure).
    fn prepare(&mut self, setup: &GameSetup) -> Result<(), Failure> {
        if self.process.is_none() {
            self.process =
                Some(EngineProcess::spawn(&self.spec, self.log.clone()).map_err(Failure::Crash)?);
        }
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))?;
        self.adapter.new_game(p, setup)
    }

    fn request(&mut self, req: &MoveRequest) -> Result<adapter::Answer, Failure> {
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))?;
        self.adapter.request_move(p, req)
    }

    /// Kills the process so the next game starts a fresh one.
    fn discard(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.note("killed; a fresh process plays the next game");
            p.kill();
        }
    }

    /// Asks the engine to quit, then makes sure it did.
    pub fn shutdown(&mut self) {
        if let Some(p) = self.process.take() {
            p.shutdown(self.adapter.quit_line(), Duration::from_millis(500));
        }
    }
}

/// `limit` is the time budget of the move and the tolerance on top of it.
fn failure_ending(f: Failure, loser: usize, limit: Option<(Duration, Duration)>) -> Ending {
    let (kind, detail) = match f {
        Failure::Timeout(waited) => (
            EndKind::Timeout,
            match limit {
                Some((budget, tolerance)) => format!(
                    "no answer after {} ms (limit {} ms + {} ms tolerance)",
                    waited.as_millis(),
                    budget.as_millis(),
                    tolerance.as_millis()
                ),
                None => format!("no answer after {} ms", waited.as_millis()),
            },
        ),
        Failure::Crash(how) => (EndKind::Crash, how),
        Failure::Error(what) => (EndKind::Error, format!("said '{what}'")),
        Failure::Unparsable(text) => (EndKind::Illegal, format!("answered '{text}' (not a move)")),
    };
    Ending {
        kind,
        loser: Some(loser),
        detail,
        restart: true,
    }
}

/// Plays one game and returns its record. Engines that failed are killed (and restarted by the
/// next game); the others keep running. Once `stop` is set the game is abandoned before the next
/// move and there is no record (`None`): the match has ended and the game must not count.
pub fn play_game(
    job: &GameJob,
    players: &mut [Player; 2],
    cfg: &MatchConfig,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let mut record = GameRecord {
        index: job.index,
        opening: job.opening.as_ref().map(|(i, _)| *i),
        opening_len: job.opening.as_ref().map_or(0, |(_, s)| s.len()),
        black: job.black,
        moves: Vec::new(),
        ending: Ending {
            kind: EndKind::Draw,
            loser: None,
            detail: String::new(),
            restart: false,
        },
        move_times: [Vec::new(), Vec::new()],
    };
    let engine_of = |c: Color| match c {
        Color::Black => job.black,
        Color::White => 1 - job.black,
    };
    let mut game = match cfg.spec.build() {
        Ok(g) => g,
        Err(e) => {
            record.ending.kind = EndKind::Error;
            record.ending.detail = e;
            return Some(record);
        }
    };
    for p in players.iter() {
        p.note(&format!("game {} starts", job.index + 1));
    }
    let Some(ending) = run(
        job,
        players,
        cfg,
        game.as_mut(),
        &mut record,
        &engine_of,
        stop,
    ) else {
        for p in players.iter() {
            p.note(&format!(
                "game {} abandoned: the match stopped",
                job.index + 1
            ));
        }
        return None;
    };
    record.moves = game.history().to_vec();
    let (loser, restart) = (ending.loser, ending.restart);
    record.ending = ending;
    let names = cfg.engines.clone().map(|e| e.name);
    let reason = record.reason(&names, cfg.spec);
    for (e, p) in players.iter().enumerate() {
        let verdict = match loser {
            None => "draw",
            Some(l) if l == e => "lost",
            Some(_) => "won",
        };
        p.note(&format!("game {} {verdict}: {reason}", job.index + 1));
    }
    if let (Some(l), true) = (loser, restart) {
        players[l].discard();
    }
    Some(record)
}

fn run(
    job: &GameJob,
    players: &mut [Player; 2],
    cfg: &MatchConfig,
    game: &mut dyn Game,
    record: &mut GameRecord,
    engine_of: &dyn Fn(Color) -> usize,
    stop: &AtomicBool,
) -> Option<Ending> {
    let mut color = Color::Black;
    for &p in job.opening.iter().flat_map(|(_, s)| s) {
        if let Err(e) = game.play(color, p) {
            return Some(Ending {
                kind: EndKind::Error,
                loser: None,
                detail: format!("opening stone {p}: {e}"),
                restart: false,
            });
        }
        color = color.opponent();
    }
    for e in [job.black, 1 - job.black] {
        let setup = GameSetup {
            spec: cfg.spec,
            options: &cfg.engines[e].options,
            tc_move: cfg.tc_move,
            tc_match: cfg.tc_match,
        };
        if let Err(f) = players[e].prepare(&setup) {
            let mut end = failure_ending(f, e, None);
            end.detail.push_str(" (setting up the game)");
            return Some(end);
        }
    }
    let mut used = [Duration::ZERO; 2];
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        match game.outcome() {
            Some(Outcome::Win(c)) => {
                return Some(Ending {
                    kind: EndKind::Line,
                    loser: Some(engine_of(c.opponent())),
                    detail: String::new(),
                    restart: false,
                })
            }
            Some(Outcome::Draw) => {
                return Some(Ending {
                    kind: EndKind::Draw,
                    loser: None,
                    detail: String::new(),
                    restart: false,
                })
            }
            None => {}
        }
        let color = game.to_move();
        let e = engine_of(color);
        let time_left = cfg.tc_match.map(|m| m.saturating_sub(used[e]));
        let budget = match (cfg.tc_move, time_left) {
            (Some(t), Some(l)) => Some(t.min(l)),
            (t, l) => t.or(l),
        };
        let allowed = budget.map(|b| b + cfg.tolerance);
        let req = MoveRequest {
            history: game.history(),
            color,
            height: game.height(),
            tc_move: cfg.tc_move,
            tc_match: cfg.tc_match,
            time_left,
            allowed,
        };
        let answer = match players[e].request(&req) {
            Ok(a) => a,
            Err(f) => return Some(failure_ending(f, e, budget.map(|b| (b, cfg.tolerance)))),
        };
        used[e] += answer.elapsed;
        if allowed.is_some_and(|a| answer.elapsed > a) {
            let limit = budget.map(|b| (b, cfg.tolerance));
            return Some(failure_ending(Failure::Timeout(answer.elapsed), e, limit));
        }
        record.move_times[e].push(answer.elapsed);
        let illegal = |detail: String| Ending {
            kind: EndKind::Illegal,
            loser: Some(e),
            detail,
            restart: false,
        };
        let (x, y) = match answer.mv {
            RawMove::At(x, y) => (x, y),
            RawMove::Pass => return Some(illegal("passed".into())),
            RawMove::Resign => {
                return Some(Ending {
                    kind: EndKind::Resign,
                    loser: Some(e),
                    detail: String::new(),
                    restart: false,
                })
            }
        };
        let point = match (u8::try_from(x), u8::try_from(y)) {
            (Ok(x), Ok(y)) => Point { x, y },
            _ => return Some(illegal(format!("played {x},{y} (off the board)"))),
        };
        if let Err(err) = game.play(color, point) {
            let why = match err {
                PlayError::OffBoard => "off the board",
                PlayError::Occupied => "occupied",
                PlayError::Forbidden => "forbidden",
                PlayError::GameOver => "after the end",
            };
            return Some(illegal(format!("played {x},{y} ({why})")));
        }
    }
}
