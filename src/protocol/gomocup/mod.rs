//! The Gomocup (piskvork) brain protocol, spoken by every gomoku GUI and tournament manager.
//!
//! Coordinates are `x,y`, zero-based from the top-left, exactly as our [`Point`]. The brain's
//! color is never named: it is whoever moves next. Answers are bare lines (`OK`, `x,y`,
//! `ERROR msg`, `UNKNOWN msg`); search progress goes out as `MESSAGE` lines. The Yixin extensions
//! (`YXSTOP`, `YXBOARD`, `YXNBEST`, `YXHASHCLEAR`, `YXSHOWFORBID`) are supported, and swap2
//! openings through `SWAP2BOARD` (see [`swap2`]).

pub mod command;
pub mod message;
pub mod swap2;

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use command::{block_stone, parse_line, BlockKind, BlockStone, Command, Line};

use crate::engine::session::MoveLimits;
use crate::engine::Session;
use crate::games::{
    gomoku_size_ok, Color, GameSpec, PlayError, Point, Rule, Thought, GOMOKU_SIZES,
};
use crate::protocol::driver::{Executor, Flow, LineParser, Parsed, Signal};
use crate::protocol::input::InputLine;
use crate::search::info::Info;
use crate::search::timemgmt::Clock;
use crate::search::{options, SearchControl, StopSignal};

/// True when a line starts with a Gomocup command, so `--protocol auto` can pick this front end.
/// Case-insensitive, as Gomocup mode itself is; only a `play` not in capitals, which could be
/// GTP's, needs Gomocup's `x,y` argument to count.
pub fn is_gomocup_line(line: &str) -> bool {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    if word != "PLAY" && word.eq_ignore_ascii_case("play") {
        // GTP commands are lower-case; a lower-case `play` is Gomocup's only with `x,y`.
        return command::coords(rest).is_some();
    }
    let word = word.to_ascii_uppercase();
    matches!(
        word.as_str(),
        "START"
            | "RECTSTART"
            | "RESTART"
            | "BEGIN"
            | "TURN"
            | "BOARD"
            | "INFO"
            | "END"
            | "ABOUT"
            | "TAKEBACK"
            | "PLAY"
            | "SWAP2BOARD"
            | "YXBOARD"
            | "YXSTOP"
            | "YXNBEST"
            | "YXHASHCLEAR"
            | "YXSHOWFORBID"
    )
}

/// A block being read: its kind, its stones so far, and the first bad line if any.
struct OpenBlock {
    kind: BlockKind,
    stones: Vec<BlockStone>,
    error: Option<String>,
}

/// Main-thread half: assembles `BOARD ... DONE` blocks and raises stop signals at once.
#[derive(Default)]
pub struct GomocupParser {
    block: Option<OpenBlock>,
}

/// Cap on stones in one block: more than any supported board holds.
const MAX_BLOCK_STONES: usize = 22 * 22;

impl GomocupParser {
    /// Feeds block tokens; returns the finished command when `DONE` is seen.
    fn feed_block(&mut self, tokens: &str) -> Option<Command> {
        let block = self.block.as_mut()?;
        let text = tokens.trim();
        if text.is_empty() {
            return None;
        }
        if text.eq_ignore_ascii_case("DONE") {
            return self.close_block();
        }
        // One stone per line normally; YXBOARD may put several (and DONE) on one line.
        for token in text.split_whitespace() {
            if token.eq_ignore_ascii_case("DONE") {
                return self.close_block();
            }
            match block_stone(token) {
                Some(s) if block.stones.len() < MAX_BLOCK_STONES => block.stones.push(s),
                Some(_) => {
                    block.error.get_or_insert("too many stones".into());
                }
                None => {
                    block
                        .error
                        .get_or_insert(format!("bad board line '{}'", clip(token)));
                }
            }
        }
        None
    }

    fn close_block(&mut self) -> Option<Command> {
        let block = self.block.take()?;
        Some(match block.error {
            Some(e) => Command::Malformed(e),
            None => Command::Block(block.kind, block.stones),
        })
    }
}

fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}

impl LineParser for GomocupParser {
    type Command = Command;

    fn parse(&mut self, line: &InputLine) -> Parsed<Command> {
        let text = match line {
            InputLine::TooLong => {
                if let Some(b) = self.block.as_mut() {
                    b.error.get_or_insert("line too long".into());
                    return Parsed::nothing();
                }
                return Parsed::command(Command::Malformed("line too long".into()));
            }
            InputLine::Text(t) => t.trim(),
        };
        if self.block.is_some() {
            if text.eq_ignore_ascii_case("END") {
                // A manager giving up mid-block still means "exit": never wait for a DONE
                // that will not come.
                self.block = None;
                return Parsed {
                    command: Some(Command::End),
                    signal: Some(Signal::Quit),
                };
            }
            return match self.feed_block(text) {
                Some(c) => Parsed::command(c),
                None => Parsed::nothing(),
            };
        }
        if text.is_empty() {
            return Parsed::nothing();
        }
        match parse_line(text) {
            Line::OpenBlock(kind, rest) => {
                self.block = Some(OpenBlock {
                    kind,
                    stones: Vec::new(),
                    error: None,
                });
                match self.feed_block(&rest) {
                    Some(c) => Parsed::command(c),
                    None => Parsed::nothing(),
                }
            }
            Line::Command(c) => {
                let signal = match c {
                    Command::Stop => Some(Signal::Stop),
                    Command::End => Some(Signal::Quit),
                    _ => None,
                };
                Parsed {
                    command: Some(c),
                    signal,
                }
            }
        }
    }
}

/// Gomocup's time and search limits, as `INFO` set them.
#[derive(Clone, Copy, Debug, Default)]
struct Limits {
    timeout_turn: Option<Duration>,
    timeout_match: Option<Duration>,
    time_left: Option<Duration>,
    max_node: Option<u64>,
    max_depth: Option<u32>,
    /// `max_memory` in MiB, if limited.
    max_memory_mib: Option<usize>,
}

/// `time_left` at or above this means "unlimited" in Gomocup managers.
const UNLIMITED_MS: u64 = 2_147_483_647;

/// Engine-thread half: owns the session and answers every command in order.
pub struct GomocupExecutor {
    session: Session,
    limits: Limits,
    /// The `hash` the user asked for, before `max_memory` capped it.
    requested_hash_mib: usize,
    /// Time spent answering since the manager last said how much game time is left
    /// (`time_left`, `timeout_match`, `START`): a manager that never sends `time_left` must
    /// still see the brain's clock run down, or a long game overruns `timeout_match`.
    spent: Duration,
}

impl GomocupExecutor {
    /// An executor on `session`, with no clock and no limits set yet.
    pub fn new(session: Session) -> GomocupExecutor {
        let requested_hash_mib = session.options.hash_mib;
        GomocupExecutor {
            session,
            limits: Limits::default(),
            requested_hash_mib,
            spent: Duration::ZERO,
        }
    }
}

/// What a command wants written: lines, or nothing (INFO, END).
type Reply = Vec<String>;

impl Executor for GomocupExecutor {
    type Command = Command;

    fn execute(
        &mut self,
        seq: u64,
        command: Command,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> Flow {
        if command == Command::End {
            return Flow::Quit;
        }
        // The manager's clock runs from sending a command to reading its answer.
        let began = Instant::now();
        self.apply_clock();
        let reply = self.run(seq, command, signal, out);
        self.spent += began.elapsed();
        for line in reply {
            if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
                return Flow::Quit;
            }
        }
        // What the brain itself measured, answer written: with `RUST_LOG=debug` a user (or a
        // test, on a loaded machine where its own stopwatch also counts pipes and scheduling)
        // can see how much of the turn the brain spent.
        log::debug!("answered #{seq} after {} us", began.elapsed().as_micros());
        Flow::Continue
    }
}

impl GomocupExecutor {
    fn run(
        &mut self,
        seq: u64,
        command: Command,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> Reply {
        let one = |s: String| vec![s];
        match command {
            Command::Start(n) => one(self.start(n, n)),
            Command::RectStart(w, h) => one(self.start(w, h)),
            Command::Restart => {
                self.session.clear_board();
                self.spent = Duration::ZERO;
                one("OK".into())
            }
            Command::Begin => {
                if !self.session.game().history().is_empty() {
                    return one("ERROR BEGIN needs an empty board".into());
                }
                one(self.brain_move(seq, signal, out))
            }
            Command::Turn(x, y) => {
                let color = self.session.game().to_move();
                match self.session.play(color, Point::new(x, y)) {
                    Ok(()) => one(self.brain_move(seq, signal, out)),
                    Err(e) => one(play_error(e, x, y)),
                }
            }
            Command::Play(x, y) => {
                let color = self.session.game().to_move();
                match self.session.play(color, Point::new(x, y)) {
                    Ok(()) => one(format!("{x},{y}")),
                    Err(e) => one(play_error(e, x, y)),
                }
            }
            Command::Takeback(x, y) => one(self.takeback(x, y)),
            Command::Block(kind, stones) => self.block(kind, &stones, seq, signal, out),
            Command::Info(key, value) => {
                if let Err(e) = self.info(&key, &value) {
                    return one(format!("ERROR {e}"));
                }
                Vec::new()
            }
            Command::End => Vec::new(),
            Command::About => one(format!(
                "name=\"gridmind\", version=\"{}\", author=\"gridmind developers\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )),
            Command::Stop => Vec::new(),
            Command::NBest(n) => self.nbest(n, seq, signal, out),
            Command::HashClear => {
                self.session.game_mut().clear_search_state();
                Vec::new()
            }
            Command::ShowForbid => one(self.forbidden_points()),
            Command::Malformed(e) => one(format!("ERROR {e}")),
            Command::Unknown(w) => one(format!("UNKNOWN command {w}")),
        }
    }

    /// `TAKEBACK x,y`: removes the stone at x,y. Managers send the last move (undo), and that is
    /// a plain undo; the spec's wording is "remove the stone x,y", so an earlier stone is
    /// removed too, by replaying the game without it (refused, state unchanged, if the replay
    /// is not legal, e.g. a renju black stone that becomes forbidden without it).
    fn takeback(&mut self, x: usize, y: usize) -> String {
        let history = self.session.game().history().to_vec();
        let p = Point::new(x, y);
        let Some(i) = history.iter().rposition(|&(_, q)| q == p) else {
            return format!("ERROR no stone at {x},{y}");
        };
        if i + 1 == history.len() {
            self.session.undo();
            return "OK".into();
        }
        let rest: Vec<(Color, Point)> = history
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &s)| s)
            .collect();
        match self.session.set_position(&rest) {
            Ok(()) => "OK".into(),
            Err((_, e)) => format!("ERROR cannot take back {x},{y}: {e}"),
        }
    }

    fn rule(&self) -> Rule {
        match self.session.game().spec() {
            GameSpec::Gomoku { rule, .. } => rule,
            GameSpec::TicTacToe | GameSpec::Mnk { .. } => Rule::Freestyle,
        }
    }

    fn start(&mut self, width: usize, height: usize) -> String {
        if !gomoku_size_ok(width, height) {
            return format!(
                "ERROR unsupported board size {width}x{height} (supported: {}..{})",
                GOMOKU_SIZES.start(),
                GOMOKU_SIZES.end()
            );
        }
        let spec = GameSpec::Gomoku {
            width,
            height,
            rule: self.rule(),
        };
        match self.session.set_game(spec) {
            Ok(()) => {
                self.spent = Duration::ZERO;
                "OK".into()
            }
            Err(e) => format!("ERROR {e}"),
        }
    }

    /// Applies one `INFO key value`. Unknown keys are ignored, as the protocol requires.
    fn info(&mut self, key: &str, value: &str) -> Result<(), String> {
        let number = || -> Result<u64, String> {
            value
                .parse::<i64>()
                .map(|v| v.max(0) as u64)
                .map_err(|_| format!("INFO {key} expects a number"))
        };
        let ms = |v: u64| Duration::from_millis(v);
        match key {
            "timeout_turn" => self.limits.timeout_turn = Some(ms(number()?)),
            "timeout_match" => {
                let v = number()?;
                self.limits.timeout_match = (v > 0).then(|| ms(v));
                self.spent = Duration::ZERO;
            }
            "time_left" => {
                let v = number()?;
                self.limits.time_left = (v < UNLIMITED_MS).then(|| ms(v));
                self.spent = Duration::ZERO;
            }
            "max_memory" => {
                let v = number()?;
                self.limits.max_memory_mib = (v > 0).then_some((v / (1 << 20)) as usize);
                self.apply_memory();
            }
            "max_node" => {
                let v = number()?;
                self.limits.max_node = (v > 0).then_some(v);
            }
            "max_depth" => {
                let v = number()?;
                self.limits.max_depth = (v > 0).then(|| v.min(u32::MAX as u64) as u32);
            }
            "rule" => {
                let rule = Rule::from_gomocup_number(number()?);
                if let GameSpec::Gomoku { width, height, .. } = self.session.game().spec() {
                    if rule != self.rule() {
                        // Keep the position when it is legal under the new rule (a GUI may
                        // change the rule mid-game); otherwise the board starts empty.
                        let stones = self.session.game().history().to_vec();
                        self.session.set_game(GameSpec::Gomoku {
                            width,
                            height,
                            rule,
                        })?;
                        if self.session.set_position(&stones).is_err() {
                            self.session.clear_board();
                        }
                    }
                }
            }
            "thread_num" => {
                self.session.options.threads = options::THREADS.clamp(number()?) as usize;
            }
            "strength" => self.session.options.strength = options::STRENGTH.clamp(number()?) as u8,
            "seed" => self.session.options.seed = Some(options::SEED.clamp(number()?)),
            // game_type, folder, evaluate, hash_size, show_detail, ...: accepted and ignored.
            _ => {}
        }
        self.apply_clock();
        Ok(())
    }

    /// Caps the hash at half of `max_memory`, leaving room for everything else.
    fn apply_memory(&mut self) {
        let cap = self.limits.max_memory_mib.map(|m| (m / 2).max(1));
        self.session.options.hash_mib = match cap {
            Some(c) => self.requested_hash_mib.min(c),
            None => self.requested_hash_mib,
        };
    }

    /// The clock for the next move: the game time the manager last gave (`time_left`, else
    /// `timeout_match`) less what the brain has spent since.
    fn apply_clock(&mut self) {
        let told = match (self.limits.timeout_match, self.limits.time_left) {
            (Some(_), Some(left)) => Some(left),
            (Some(total), None) => Some(total),
            (None, left) => left,
        };
        let remaining = told.map(|t| t.saturating_sub(self.spent));
        let clock = Clock {
            per_move: self.limits.timeout_turn,
            remaining,
        };
        self.session.clocks = [clock; 2];
    }

    fn control(&self, color: Color, seq: u64, signal: &Arc<StopSignal>) -> SearchControl {
        let mut c = self
            .session
            .control_for(color, MoveLimits::default(), signal.clone(), seq);
        if let Some(n) = self.limits.max_node {
            c = c.with_max_nodes(n);
        }
        if let Some(d) = self.limits.max_depth {
            c = c.with_max_depth(d);
        }
        c
    }

    /// Thinks for the side to move, plays the move and returns its `x,y` (or an error line).
    fn brain_move(&mut self, seq: u64, signal: &Arc<StopSignal>, out: &mut dyn Write) -> String {
        let color = self.session.game().to_move();
        self.move_for(color, seq, signal, out)
    }

    /// Thinks for `color`, plays the move and returns its `x,y` (or an error line).
    fn move_for(
        &mut self,
        color: Color,
        seq: u64,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> String {
        let control = self.control(color, seq, signal);
        let mut reporter = |info: &Info| message::write_messages(out, info);
        let namer = |p: Point| p.to_string();
        match self.session.genmove(color, &control, &mut reporter, &namer) {
            Ok(t) => t.point.to_string(),
            Err(e) => format!("ERROR {e}"),
        }
    }

    /// Thinks without playing, excluding some root moves: the engine of YXNBEST and swap2.
    fn analyse(
        &mut self,
        color: Color,
        exclude: &[Point],
        control: &SearchControl,
        out: &mut dyn Write,
    ) -> Result<Thought, String> {
        let mut reporter = |info: &Info| message::write_messages(out, info);
        let namer = |p: Point| p.to_string();
        let options = self.session.options.clone();
        let mut ctx = crate::search::SearchContext::new(control, &options, &mut reporter, &namer);
        if self.session.game().outcome().is_some() {
            return Err("game is over".into());
        }
        self.session
            .game_mut()
            .think_excluding(color, exclude, &mut ctx)
            .map_err(|e| e.to_string())
    }

    fn block(
        &mut self,
        kind: BlockKind,
        stones: &[BlockStone],
        seq: u64,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> Reply {
        if kind == BlockKind::Swap2 {
            return swap2::answer(self, stones, seq, signal, out);
        }
        let (brain, placed) = match board_colors(stones) {
            Ok(p) => p,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        if let Err((i, e)) = self.session.set_position(&placed) {
            if e == PlayError::GameOver {
                // The stones before this one already hold a five; blocks come in any order, so
                // no later stone is to blame.
                return vec![format!("ERROR {GAME_OVER_IN_BLOCK}")];
            }
            let s = stones[i.min(stones.len().saturating_sub(1))];
            return vec![format!("ERROR {e} at {},{}", s.x, s.y)];
        }
        match kind {
            // The brain's color comes from the block's own/opponent counts, even when they
            // are not those of an alternating game (a position set up in a GUI).
            BlockKind::Board => vec![self.move_for(brain, seq, signal, out)],
            _ => Vec::new(),
        }
    }

    /// `YXNBEST N`: the N best moves, ranked by score (see [`crate::engine::nbest`]), each
    /// announced as `MESSAGE nbest K x,y score S depth D`, then the best `x,y`.
    fn nbest(
        &mut self,
        n: usize,
        seq: u64,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> Reply {
        let color = self.session.game().to_move();
        let base = self.control(color, seq, signal);
        let n = n.min(self.session.game().width() * self.session.game().height());
        let mut reporter = |info: &Info| message::write_messages(out, info);
        let namer = |p: Point| p.to_string();
        let ranked = match crate::engine::nbest::nbest(
            &mut self.session,
            color,
            n,
            &base,
            signal,
            seq,
            &mut reporter,
            &namer,
        ) {
            Ok(r) => r,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        let mut lines: Vec<String> = ranked
            .iter()
            .enumerate()
            .map(|(k, t)| {
                format!(
                    "MESSAGE nbest {} {} score {} depth {}",
                    k + 1,
                    t.point,
                    t.score,
                    t.depth
                )
            })
            .collect();
        lines.extend(ranked.first().map(|t| t.point.to_string()));
        lines
    }

    fn forbidden_points(&self) -> String {
        let g = self.session.game();
        let mut s = String::from("FORBID ");
        for y in 0..g.height() {
            for x in 0..g.width() {
                let p = Point::new(x, y);
                if g.stone(p).is_none() && g.is_forbidden(p) {
                    s.push_str(&format!("{x:02}{y:02}"));
                }
            }
        }
        s.push('.');
        s
    }
}

/// A refused stone in Gomocup's words: a stone after the game is decided gets `game is over`
/// (not `illegal move`, which would blame the point).
fn play_error(e: PlayError, x: usize, y: usize) -> String {
    match e {
        PlayError::GameOver => format!("ERROR game is over ({x},{y} not played)"),
        _ => format!("ERROR {e} at {x},{y}"),
    }
}

/// The error of a `BOARD`/`YXBOARD` block whose stones hold a five (the game is decided).
const GAME_OVER_IN_BLOCK: &str = "game is over: the board holds a five";

/// Gives block stones their colors. With `who` fields (BOARD, YXBOARD): 1 is the brain's,
/// 2 the opponent's, and the brain is black exactly when both have as many stones (black moves
/// when the counts are equal). Without (SWAP2BOARD): colors alternate from black. Returns the
/// brain's color and the stones with their colors.
fn board_colors(stones: &[BlockStone]) -> Result<(Color, Vec<(Color, Point)>), String> {
    let own = stones.iter().filter(|s| s.who == Some(1)).count();
    let opp = stones.iter().filter(|s| s.who == Some(2)).count();
    let brain = if own == opp {
        Color::Black
    } else {
        Color::White
    };
    let placed = stones
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let color = match s.who {
                Some(1) => brain,
                Some(2) => brain.opponent(),
                None if i % 2 == 0 => Color::Black,
                None => Color::White,
                Some(w) => return Err(format!("unsupported stone kind {w} at {},{}", s.x, s.y)),
            };
            Ok((color, Point::new(s.x, s.y)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((brain, placed))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one Gomocup line through the parser and the executor; returns what it wrote.
    fn run(ex: &mut GomocupExecutor, parser: &mut GomocupParser, line: &str) -> String {
        let parsed = parser.parse(&InputLine::Text(line.to_string()));
        let mut out = Vec::new();
        if let Some(c) = parsed.command {
            ex.execute(0, c, &Arc::new(StopSignal::default()), &mut out);
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn without_time_left_the_match_clock_runs_down_by_the_time_spent() {
        let mut ex = GomocupExecutor::new(Session::new());
        let mut p = GomocupParser::default();
        run(&mut ex, &mut p, "START 15");
        run(&mut ex, &mut p, "INFO timeout_turn 400");
        run(&mut ex, &mut p, "INFO timeout_match 5000");
        let full = Duration::from_millis(5000);
        let began = Instant::now();
        let answer = run(&mut ex, &mut p, "BEGIN");
        let thought = began.elapsed();
        assert!(answer.lines().any(|l| l.contains(',')), "{answer}");
        // The clock is set again before every command: what BEGIN spent is gone from it.
        run(&mut ex, &mut p, "ABOUT");
        let left = ex.session.clocks[0].remaining.expect("a match clock");
        assert!(left < full, "{left:?} after thinking {thought:?}");
        assert!(left >= full.saturating_sub(thought + Duration::from_millis(50)));
        // A manager's `time_left` is the truth again, and a new game starts a full clock.
        run(&mut ex, &mut p, "INFO time_left 4000");
        assert_eq!(
            ex.session.clocks[0].remaining,
            Some(Duration::from_millis(4000))
        );
        run(&mut ex, &mut p, "INFO time_left 2147483647");
        run(&mut ex, &mut p, "START 15");
        run(&mut ex, &mut p, "ABOUT");
        let fresh = ex.session.clocks[0].remaining.expect("a match clock");
        assert!(fresh > full - Duration::from_millis(50), "{fresh:?}");
    }

    #[test]
    fn max_memory_caps_the_hash_and_zero_lifts_the_cap() {
        let mut ex = GomocupExecutor::new(Session::new());
        let mut p = GomocupParser::default();
        let asked = ex.session.options.hash_mib;
        assert!(asked > 40, "default hash {asked} MiB");
        assert_eq!(run(&mut ex, &mut p, "INFO max_memory 83886080"), "");
        assert_eq!(ex.session.options.hash_mib, 40, "half of 80 MiB");
        run(&mut ex, &mut p, "INFO max_memory 1000");
        assert_eq!(ex.session.options.hash_mib, 1, "never below 1 MiB");
        run(&mut ex, &mut p, "INFO max_memory 0");
        assert_eq!(ex.session.options.hash_mib, asked);
    }

    #[test]
    fn rule_numbers_round_trip_and_ignore_other_bits() {
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
            assert_eq!(Rule::from_gomocup_number(rule.gomocup_number()), rule);
        }
        // 2 (continuous game) and 8 (caro) are not rules we play: only bits 1 and 4 count.
        assert_eq!(Rule::from_gomocup_number(2), Rule::Freestyle);
        assert_eq!(Rule::from_gomocup_number(3), Rule::Standard);
        assert_eq!(Rule::from_gomocup_number(5), Rule::Renju);
        assert_eq!(Rule::from_gomocup_number(9), Rule::Standard);
    }

    #[test]
    fn thread_num_and_strength_set_the_options() {
        let mut ex = GomocupExecutor::new(Session::new());
        let mut p = GomocupParser::default();
        run(&mut ex, &mut p, "INFO thread_num 2");
        assert_eq!(ex.session.options.threads, 2);
        run(&mut ex, &mut p, "INFO thread_num 0");
        assert_eq!(ex.session.options.threads, 1);
        run(&mut ex, &mut p, "INFO thread_num 100000");
        assert_eq!(
            ex.session.options.threads,
            crate::search::options::MAX_THREADS
        );
        run(&mut ex, &mut p, "INFO strength 0");
        assert_eq!(ex.session.options.strength, 0);
        run(&mut ex, &mut p, "INFO strength 250");
        assert_eq!(ex.session.options.strength, 100);
        assert_eq!(
            run(&mut ex, &mut p, "INFO strength weak"),
            "ERROR INFO strength expects a number\n"
        );
        assert_eq!(ex.session.options.strength, 100);
    }

    #[test]
    fn timeouts_become_the_clock() {
        let mut ex = GomocupExecutor::new(Session::new());
        let mut p = GomocupParser::default();
        run(&mut ex, &mut p, "INFO timeout_turn 300");
        run(&mut ex, &mut p, "INFO timeout_match 100000");
        run(&mut ex, &mut p, "INFO time_left 1000");
        let c = ex.session.clocks[0];
        assert_eq!(c.per_move, Some(Duration::from_millis(300)));
        assert_eq!(c.remaining, Some(Duration::from_millis(1000)));
        let b = c.budget().expect("a budget");
        assert!(b.hard <= Duration::from_millis(200), "{b:?}");
        // Unlimited match time: only the turn counts.
        run(&mut ex, &mut p, "INFO timeout_match 0");
        run(&mut ex, &mut p, "INFO time_left 2147483647");
        assert_eq!(ex.session.clocks[1].remaining, None);
    }

    #[test]
    fn detection_ignores_case_but_not_gtp_play() {
        for line in [
            "START 15",
            "start 15",
            "Info timeout_turn 5",
            "yxboard",
            "PLAY 7,7",
            "PLAY",
        ] {
            assert!(is_gomocup_line(line), "{line}");
        }
        assert!(is_gomocup_line("play 7,7"));
        for line in [
            "play b h8",
            "Play b h8",
            "name",
            "game gomoku",
            "1 play b h8",
            "",
        ] {
            assert!(!is_gomocup_line(line), "{line}");
        }
    }

    #[test]
    fn end_inside_a_block_quits() {
        let mut p = GomocupParser::default();
        assert!(p.parse(&InputLine::Text("BOARD".into())).command.is_none());
        assert!(p.parse(&InputLine::Text("7,7,1".into())).command.is_none());
        let parsed = p.parse(&InputLine::Text("END".into()));
        assert_eq!(parsed.command, Some(Command::End));
        assert!(matches!(parsed.signal, Some(Signal::Quit)));
    }
}
