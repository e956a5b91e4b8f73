//! gridmind's GTP-style protocol front end (the contract documented in `protocol.md`).
//!
//! [`GtpParser`] runs on the main thread and turns lines into [`Request`]s; [`GtpExecutor`] runs
//! them on the engine thread against the [`Session`] and writes `=`/`?` answers. Search progress goes
//! to stderr as `info` lines so stdout carries nothing but answers.

pub mod analyze;
pub mod board_view;
pub mod command;
pub mod parser;
pub mod sgf;

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use command::{AnalyzeKind, Command, GameRequest, Request, Vertex, COMMAND_NAMES};

use crate::engine::session::MoveLimits;
use crate::engine::Session;
use crate::games::{Color, GameSpec, Outcome, Point, UNACCEPTABLE_SIZE};
use crate::protocol::driver::{Executor, Flow, LineParser, Parsed, Signal};
use crate::protocol::input::InputLine;
use crate::puzzles;
use crate::search::info::Info;
use crate::search::timemgmt::Clock;
use crate::search::{SearchContext, SearchControl, StopSignal};

/// Main-thread half: cleans, strips comments, parses; raises `stop`/`quit` signals at once.
#[derive(Default)]
pub struct GtpParser;

impl LineParser for GtpParser {
    type Command = Request;

    fn parse(&mut self, line: &InputLine) -> Parsed<Request> {
        let text = match line {
            InputLine::TooLong => {
                return Parsed::command(Request {
                    id: None,
                    command: Err("syntax error: line too long".into()),
                })
            }
            InputLine::Text(t) if is_interrupt(t) => {
                return Parsed {
                    command: None,
                    signal: Some(Signal::Stop),
                }
            }
            InputLine::Text(t) => parser::strip_comment(t),
        };
        if text.is_empty() {
            return Parsed::nothing();
        }
        let request = parser::parse_request(text);
        let signal = match request.command {
            Ok(Command::Stop) => Some(Signal::Stop),
            Ok(Command::Quit) => Some(Signal::Quit),
            _ => None,
        };
        Parsed {
            command: Some(request),
            signal,
        }
    }
}

/// GoGui's interrupt: with `gogui-interrupt` listed, GoGui writes this comment line to stop
/// the running command. It stops searches like `stop` but, being a comment, gets no answer.
fn is_interrupt(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("# interrupt")
}

/// GTP's view of the time system, kept so `time_left` can be interpreted.
#[derive(Clone, Copy, Debug, Default)]
struct TimeSystem {
    main: Duration,
    byo_yomi: Duration,
    stones: u32,
}

/// Engine-thread half: owns the session and answers every request in order.
pub struct GtpExecutor {
    session: Session,
    time: TimeSystem,
    /// The last `komi`: reported by `get_komi`, no effect on five-in-a-row games.
    komi: f64,
}

impl GtpExecutor {
    /// An executor on `session`, with no time system set.
    pub fn new(session: Session) -> GtpExecutor {
        GtpExecutor {
            session,
            time: TimeSystem::default(),
            komi: 0.0,
        }
    }
}

impl Executor for GtpExecutor {
    type Command = Request;

    fn execute(
        &mut self,
        seq: u64,
        request: Request,
        signal: &Arc<StopSignal>,
        out: &mut dyn Write,
    ) -> Flow {
        let id = request.id.unwrap_or_default();
        let (result, flow) = match request.command {
            Err(e) => (Err(e), Flow::Continue),
            Ok(Command::Quit) => (Ok(String::new()), Flow::Quit),
            Ok(c) => (self.run(seq, c, signal), Flow::Continue),
        };
        let text = match result {
            Ok(r) => format!("={id} {r}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
            log::warn!("cannot write the answer: {e}");
            return Flow::Quit;
        }
        flow
    }
}

/// `genmove`'s answer on a decided game, so GTP tools end it cleanly: `resign` when `color` has
/// lost, `pass` on a draw or when `color` has already won (there is nothing left to play).
fn decided_genmove(outcome: Option<Outcome>, color: Color) -> &'static str {
    match outcome {
        Some(Outcome::Win(winner)) if winner != color => "resign",
        _ => "pass",
    }
}

/// The GTP name of a point on a board of the given height (`a1` bottom-left, no `i`).
pub fn vertex_name(p: Point, height: usize) -> String {
    let mut letter = b'a' + p.x;
    if letter >= b'i' {
        letter += 1;
    }
    format!("{}{}", letter as char, height - p.y as usize)
}

impl GtpExecutor {
    /// Carries out one command other than `quit` and gives its answer (`Err`: a `?` answer);
    /// each command with more to it than a line has a method of its own below.
    fn run(
        &mut self,
        seq: u64,
        command: Command,
        signal: &Arc<StopSignal>,
    ) -> Result<String, String> {
        match command {
            Command::ProtocolVersion => Ok("2".into()),
            Command::Name => Ok("gridmind".into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(c) => Ok(COMMAND_NAMES.contains(&c.as_str()).to_string()),
            Command::ListCommands => Ok(COMMAND_NAMES.join("\n")),
            Command::Quit | Command::Stop => Ok(String::new()),
            Command::Game(GameRequest::Show) => Ok(self.session.game().spec().to_string()),
            Command::Game(GameRequest::Select(spec)) => {
                self.session.set_game(spec).map(|_| String::new())
            }
            Command::Boardsize(n) => self.resize(n, n),
            Command::ClearBoard => {
                self.session.clear_board();
                Ok(String::new())
            }
            Command::Showboard => Ok(format!("\n{}", board_view::render(self.session.game()))),
            Command::Undo => match self.session.undo() {
                Some(_) => Ok(String::new()),
                None => Err("cannot undo".into()),
            },
            Command::Play(color, v) => self.play(color, v),
            Command::Pass(color) => self.pass(color),
            Command::Genmove(color, _) if self.session.game().outcome().is_some() => {
                Ok(decided_genmove(self.session.game().outcome(), color).into())
            }
            Command::Genmove(color, limits) => self.genmove(seq, color, limits, signal),
            Command::SetOption(name, value) => self
                .session
                .options
                .set(&name, &value)
                .map(|_| String::new())
                .map_err(|e| e.to_string()),
            Command::TimeSettings {
                main,
                byo_yomi,
                stones,
            } => self.time_settings(TimeSystem {
                main,
                byo_yomi,
                stones,
            }),
            Command::TimeLeft {
                color,
                time,
                stones,
            } => {
                self.session.clocks[color.index()] = self.time_clock(time, stones);
                Ok(String::new())
            }
            Command::Komi(k) => {
                self.komi = k;
                Ok(String::new())
            }
            Command::GetKomi => Ok(self.komi.to_string()),
            Command::RectangularBoardsize(w, h) => self.resize(w, h),
            Command::FinalScore => self.final_score(),
            Command::GoguiInterrupt => Ok(String::new()),
            Command::LoadSgf(path, move_number) => self.load_sgf(&path, move_number),
            Command::AnalyzeCommands => Ok(analyze::ANALYZE_COMMANDS.into()),
            Command::Forbidden => Ok(analyze::forbidden(self.session.game())),
            Command::Threats => analyze::threats(self.session.game()),
            Command::Analyze(kind, color, limits) => self.analyze(seq, kind, color, limits, signal),
            Command::PrintSgf(path) => self.print_sgf(path.as_deref()),
            Command::Solve(kind, args) => self.solve(seq, kind, &args, signal),
        }
    }

    /// `boardsize` and `rectangular_boardsize`: the current game on a `width` x `height` board
    /// (tic-tac-toe only on its own 3x3; an m,n,k game keeps its k).
    fn resize(&mut self, width: usize, height: usize) -> Result<String, String> {
        let spec = match self.session.game().spec() {
            GameSpec::TicTacToe if (width, height) == (3, 3) => GameSpec::TicTacToe,
            GameSpec::TicTacToe => return Err(UNACCEPTABLE_SIZE.into()),
            GameSpec::Gomoku { rule, .. } => GameSpec::Gomoku {
                width,
                height,
                rule,
            },
            GameSpec::Mnk { k, .. } => GameSpec::mnk(width, height, k),
        };
        self.session.set_game(spec).map(|_| String::new())
    }

    /// `play COLOR VERTEX`: a vertex off the board is an illegal move like any other.
    fn play(&mut self, color: Color, v: Vertex) -> Result<String, String> {
        let p = self.point(v).ok_or("illegal move")?;
        self.session
            .play(color, p)
            .map(|_| String::new())
            .map_err(|e| e.to_string())
    }

    /// `play COLOR pass`: accepted only once the game is decided, as GTP tools relay a `pass` to
    /// the other engine then; these games have no passes otherwise.
    fn pass(&self, color: Color) -> Result<String, String> {
        match self.session.game().outcome() {
            Some(_) => Ok(String::new()),
            None => {
                log::debug!("{color:?} passes: this game has no passes");
                Err("illegal move".into())
            }
        }
    }

    /// `final_score` in GTP's notation (no margins: these games are won or drawn).
    fn final_score(&self) -> Result<String, String> {
        match self.session.game().outcome() {
            Some(Outcome::Win(Color::Black)) => Ok("B+".into()),
            Some(Outcome::Win(Color::White)) => Ok("W+".into()),
            Some(Outcome::Draw) => Ok("0".into()),
            None => Err("game is not over".into()),
        }
    }

    /// `printsgf [FILE]`: the record as the answer, or written to `path`.
    fn print_sgf(&self, path: Option<&str>) -> Result<String, String> {
        let Some(path) = path else {
            return Ok(sgf::write(self.session.game()));
        };
        let text = sgf::write(self.session.game()) + "\n";
        std::fs::write(path, text)
            .map(|_| String::new())
            .map_err(|e| {
                let why = crate::base::io_reason(&e);
                format!("cannot write '{}': {why}", sgf::clip_path(path))
            })
    }

    /// `genmove` on an undecided game: searches, plays and names the move.
    fn genmove(
        &mut self,
        seq: u64,
        color: Color,
        limits: MoveLimits,
        signal: &Arc<StopSignal>,
    ) -> Result<String, String> {
        let control = self.session.control_for(color, limits, signal.clone(), seq);
        let height = self.session.game().height();
        let namer = move |p: Point| vertex_name(p, height);
        let mut reporter = |info: &Info| eprintln!("info {info}");
        match self.session.genmove(color, &control, &mut reporter, &namer) {
            Ok(t) => Ok(vertex_name(t.point, height)),
            Err(e) => Err(e.to_string()),
        }
    }

    /// `time_settings`: both colors start the new time system's main time.
    fn time_settings(&mut self, time: TimeSystem) -> Result<String, String> {
        self.time = time;
        let clock = self.time_clock(time.main, 0);
        self.session.clocks = [clock; 2];
        Ok(String::new())
    }

    /// `loadsgf`: replaces the game by the record's position (at `move_number` when given).
    fn load_sgf(&mut self, path: &str, move_number: Option<usize>) -> Result<String, String> {
        let text = sgf::read_file(path)?;
        let game = sgf::read(&text, self.session.game().spec(), move_number)?;
        self.session.replace_game(game);
        Ok(String::new())
    }

    /// `solve KIND ...`: runs a puzzle search with the session's options.
    fn solve(
        &mut self,
        seq: u64,
        kind: puzzles::PuzzleKind,
        args: &str,
        signal: &Arc<StopSignal>,
    ) -> Result<String, String> {
        let control = SearchControl::new(signal.clone(), seq);
        let mut reporter = |info: &Info| eprintln!("info {info}");
        let namer = |p: Point| p.to_string();
        let mut ctx = SearchContext::new(&control, &self.session.options, &mut reporter, &namer);
        puzzles::solve(kind, args, &mut ctx)
    }

    /// A search for an overlay: COLOR (default: the side to move) thinks within `limits` (default
    /// [`analyze::ANALYZE_MOVETIME`]); nothing is played.
    fn analyze(
        &mut self,
        seq: u64,
        kind: AnalyzeKind,
        color: Option<Color>,
        mut limits: MoveLimits,
        signal: &Arc<StopSignal>,
    ) -> Result<String, String> {
        let color = color.unwrap_or_else(|| self.session.game().to_move());
        if self.session.game().outcome().is_some() {
            return Err("game is over".into());
        }
        if limits == MoveLimits::default() {
            limits.movetime = Some(analyze::ANALYZE_MOVETIME);
        }
        let control = self.session.control_for(color, limits, signal.clone(), seq);
        let height = self.session.game().height();
        let namer = move |p: Point| vertex_name(p, height);
        let mut reporter = |info: &Info| eprintln!("info {info}");
        let count = match kind {
            AnalyzeKind::Candidates => analyze::CANDIDATE_COUNT,
            AnalyzeKind::Pv => 1,
        };
        let ranked = crate::engine::nbest::nbest(
            &mut self.session,
            color,
            count,
            &control,
            signal,
            seq,
            &mut reporter,
            &namer,
        )
        .map_err(|e| e.to_string())?;
        let game = self.session.game();
        Ok(match (kind, ranked.first()) {
            (AnalyzeKind::Pv, Some(best)) => analyze::pv(game, color, best),
            _ => analyze::candidates(game, color, &ranked),
        })
    }

    /// A vertex on the current board, or `None` when off it.
    fn point(&self, v: Vertex) -> Option<Point> {
        let g = self.session.game();
        if v.col >= g.width() || v.row > g.height() {
            return None;
        }
        Some(Point::new(v.col, g.height() - v.row))
    }

    /// GTP clock state to our clock: `stones > 0` means byo-yomi with `time` for `stones` moves.
    fn time_clock(&self, time: Duration, stones: u32) -> Clock {
        let ts = self.time;
        if ts.main.is_zero() && ts.byo_yomi.is_zero() {
            return Clock::default(); // GTP: no time limit
        }
        if stones > 0 {
            // Byo-yomi: TIME is for exactly STONES moves, so each may take its share (less the
            // margin); the "tenth of what is left" rule for main time would waste most of a
            // one-stone period.
            return Clock {
                per_move: Some(time / stones),
                remaining: None,
            };
        }
        let per_move = (ts.stones > 0 && !ts.byo_yomi.is_zero()).then(|| ts.byo_yomi / ts.stones);
        Clock {
            per_move: if time.is_zero() { per_move } else { None },
            remaining: if time.is_zero() { None } else { Some(time) },
        }
    }
}
