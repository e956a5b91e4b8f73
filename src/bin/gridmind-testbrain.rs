//! A deliberately broken engine for `gridmind match`'s tests, built with the crate so the tests
//! need no shell or interpreter and run the same on Unix and Windows (it replaces a POSIX `sh`
//! script that Windows could not run). Not part of gridmind proper: nothing else uses it.
//!
//! ```text
//! gridmind-testbrain [--require FILE] [gtp] MODE [GOOD] [MARK]
//! gridmind-testbrain [--require FILE] [gtp] script "7,7 8,8"
//! ```
//!
//! It speaks Gomocup (or, after `gtp`, gridmind's GTP on a 15x15 board), answers GOOD (default 2)
//! move requests legally with the first free point scanning from the top-left corner (away from
//! where real engines play; over GTP the top row a15, b15, ...), then misbehaves by MODE:
//!
//! - `occupied`: answers the opponent's last move (an occupied point);
//! - `offboard`: answers 99,99 (`z99` over GTP);
//! - `garbage`: answers `hello` (not a move);
//! - `sleep`: waits 3 s before answering (a timeout under any short time control). With MARK, a
//!   child process of its own does the waiting: it writes `MARK.started` at once and MARK after
//!   3 s, so a test can tell whether killing the engine also killed what the engine started;
//! - `exit`: exits with status 3 (a crash mid-game);
//! - `error`: answers `ERROR out of ideas` (`? out of ideas` over GTP);
//! - `script`: plays exactly the given moves in order, whatever the board (to reach a chosen
//!   point, e.g. a renju-forbidden one).
//!
//! `--require FILE` exits with status 4 at once unless FILE opens from the working directory
//! (to test that an engine runs in its `--dir`).

use std::collections::HashSet;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

/// How long the `sleep` mode waits.
const SLEEP: Duration = Duration::from_secs(3);

/// How the brain fails once its good moves are spent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Occupied,
    Offboard,
    Garbage,
    Sleep,
    Exit,
    Error,
    Script,
}

/// The brain's state across one process.
struct Brain {
    mode: Mode,
    good: usize,
    script: Vec<String>,
    mark: Option<PathBuf>,
    gtp: bool,
    size: usize,
    taken: HashSet<String>,
    last: Option<String>,
    moves: usize,
}

/// What an answer is: a move, or a failure word the protocol frames.
enum Answer {
    Move(String),
    Error(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("grandchild") {
        return grandchild(&args[1..]);
    }
    match Brain::from_args(&args) {
        Ok(mut brain) => brain.run(),
        Err(e) => {
            eprintln!("gridmind-testbrain: {e}");
            ExitCode::from(2)
        }
    }
}

/// The waiting child of `sleep` with MARK: shows it started, waits, then writes MARK (which a
/// test reads as "I outlived the engine's kill").
fn grandchild(args: &[String]) -> ExitCode {
    let Some(mark) = args.first().map(PathBuf::from) else {
        return ExitCode::from(2);
    };
    if std::fs::write(started(&mark), "").is_err() {
        return ExitCode::from(2);
    }
    std::thread::sleep(SLEEP);
    match std::fs::write(&mark, "") {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(2),
    }
}

/// The file a grandchild writes as soon as it runs.
fn started(mark: &Path) -> PathBuf {
    let mut name = mark.as_os_str().to_owned();
    name.push(".started");
    PathBuf::from(name)
}

impl Brain {
    fn from_args(args: &[String]) -> Result<Brain, String> {
        let mut args = args.iter().map(String::as_str).peekable();
        if args.next_if_eq(&"--require").is_some() {
            let file = args.next().ok_or("--require needs a file")?;
            if std::fs::File::open(file).is_err() {
                std::process::exit(4);
            }
        }
        let gtp = args.next_if_eq(&"gtp").is_some();
        let mode = match args.next() {
            Some("occupied") => Mode::Occupied,
            Some("offboard") => Mode::Offboard,
            Some("garbage") => Mode::Garbage,
            Some("sleep") => Mode::Sleep,
            Some("exit") => Mode::Exit,
            Some("error") => Mode::Error,
            Some("script") => Mode::Script,
            other => return Err(format!("unknown mode {other:?}")),
        };
        let second = args.next();
        let (good, script) = match (mode, second) {
            (Mode::Script, s) => (0, s.unwrap_or("").split_whitespace().rev().collect()),
            (_, Some(n)) => (
                n.parse()
                    .map_err(|_| format!("GOOD is a number, got {n}"))?,
                Vec::new(),
            ),
            (_, None) => (2, Vec::new()),
        };
        Ok(Brain {
            mode,
            good,
            script: script.into_iter().map(String::from).collect(),
            mark: args.next().map(PathBuf::from),
            gtp,
            size: 15,
            taken: HashSet::new(),
            last: None,
            moves: 0,
        })
    }

    fn clear(&mut self) {
        self.taken.clear();
        self.last = None;
    }

    /// Reads commands until the input ends or the protocol says to quit.
    fn run(&mut self) -> ExitCode {
        let stdin = io::stdin();
        let mut lines = stdin.lock().lines();
        while let Some(Ok(line)) = lines.next() {
            let line = line.trim_end_matches('\r').to_string();
            let reply = if self.gtp {
                self.gtp_command(&line)
            } else {
                self.gomocup_command(&line, &mut lines)
            };
            match reply {
                Reply::Say(text) => say(&text),
                Reply::Silent => {}
                Reply::Quit(code) => return code,
            }
        }
        ExitCode::SUCCESS
    }

    fn gomocup_command(
        &mut self,
        line: &str,
        lines: &mut impl Iterator<Item = io::Result<String>>,
    ) -> Reply {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "START" => {
                self.size = rest.trim().parse().unwrap_or(15);
                self.clear();
                Reply::Say("OK".into())
            }
            "RESTART" => {
                self.clear();
                Reply::Say("OK".into())
            }
            "INFO" => Reply::Silent,
            "BEGIN" => self.gomocup_answer(),
            "TURN" => {
                let p = rest.trim().to_string();
                self.taken.insert(p.clone());
                self.last = Some(p);
                self.gomocup_answer()
            }
            "BOARD" => {
                self.clear();
                for stone in lines.map_while(Result::ok) {
                    let stone = stone.trim_end_matches('\r');
                    if stone == "DONE" {
                        break;
                    }
                    let p = stone.rsplit_once(',').map_or(stone, |(p, _)| p).to_string();
                    self.taken.insert(p.clone());
                    self.last = Some(p);
                }
                self.gomocup_answer()
            }
            "ABOUT" => Reply::Say(r#"name="broken", version="1""#.into()),
            "END" => Reply::Quit(ExitCode::SUCCESS),
            _ => Reply::Say(format!("UNKNOWN {line}")),
        }
    }

    fn gomocup_answer(&mut self) -> Reply {
        match self.answer() {
            Ok(Answer::Move(m)) => Reply::Say(m),
            Ok(Answer::Error(e)) => Reply::Say(format!("ERROR {e}")),
            Err(code) => Reply::Quit(code),
        }
    }

    fn gtp_command(&mut self, line: &str) -> Reply {
        let line = line.to_lowercase();
        let word = line.split_whitespace().next().unwrap_or("");
        match word {
            "clear_board" | "game" => {
                self.clear();
                Reply::Say("= \n".into())
            }
            "play" => {
                let v = line.split_whitespace().last().unwrap_or("").to_string();
                self.taken.insert(v.clone());
                self.last = Some(v);
                Reply::Say("= \n".into())
            }
            "genmove" => match self.answer() {
                Ok(Answer::Move(m)) => Reply::Say(format!("= {m}\n")),
                Ok(Answer::Error(e)) => Reply::Say(format!("? {e}\n")),
                Err(code) => Reply::Quit(code),
            },
            "quit" => {
                say("= \n");
                Reply::Quit(ExitCode::SUCCESS)
            }
            _ => Reply::Say("= \n".into()),
        }
    }

    /// The next move, a failure, or (`Err`) the exit status of a crash.
    fn answer(&mut self) -> Result<Answer, ExitCode> {
        if self.mode == Mode::Script {
            return Ok(match self.script.pop() {
                Some(m) => Answer::Move(m),
                None => Answer::Error("script exhausted".into()),
            });
        }
        self.moves += 1;
        if self.moves > self.good {
            match self.mode {
                Mode::Occupied => {
                    if let Some(last) = &self.last {
                        return Ok(Answer::Move(last.clone()));
                    }
                }
                Mode::Offboard => {
                    let m = if self.gtp { "z99" } else { "99,99" };
                    return Ok(Answer::Move(m.into()));
                }
                Mode::Garbage => return Ok(Answer::Move("hello".into())),
                Mode::Sleep => self.sleep(),
                Mode::Exit => return Err(ExitCode::from(3)),
                Mode::Error => return Ok(Answer::Error("out of ideas".into())),
                Mode::Script => {}
            }
        }
        Ok(self.first_free())
    }

    /// Waits past any short time limit, through a child process when a test watches for one.
    fn sleep(&self) {
        let Some(mark) = &self.mark else {
            std::thread::sleep(SLEEP);
            return;
        };
        let child = std::env::current_exe().and_then(|exe| {
            Command::new(exe)
                .arg("grandchild")
                .arg(mark)
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .spawn()
        });
        match child {
            Ok(mut c) => {
                let _ = c.wait();
            }
            Err(e) => {
                // The test then finds no MARK.started and says so.
                eprintln!("gridmind-testbrain: cannot start the grandchild: {e}");
                std::thread::sleep(SLEEP);
            }
        }
    }

    /// The first free point from the top-left corner (over GTP, along the top row).
    fn first_free(&mut self) -> Answer {
        let points: Vec<String> = if self.gtp {
            "abcdefghjklmnop"
                .chars()
                .map(|c| format!("{c}15"))
                .collect()
        } else {
            (0..self.size)
                .flat_map(|y| (0..self.size).map(move |x| format!("{x},{y}")))
                .collect()
        };
        match points.into_iter().find(|p| !self.taken.contains(p)) {
            Some(p) => {
                self.taken.insert(p.clone());
                Answer::Move(p)
            }
            None => Answer::Error("board full".into()),
        }
    }
}

/// What a command gets back.
enum Reply {
    Say(String),
    Silent,
    Quit(ExitCode),
}

/// Writes one reply and flushes it, as an engine must.
fn say(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}
