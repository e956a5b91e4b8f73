//! The `gridmind` binary: pick a front end from the command line (or the first input line) and run
//! it on stdin/stdout until `quit` or end of input.

use std::io::{self, BufRead};
use std::process::ExitCode;

use gridmind::engine::Session;
use gridmind::games::GameSpec;
use gridmind::protocol::driver;
use gridmind::protocol::gomocup::{self, GomocupExecutor, GomocupParser};
use gridmind::protocol::gtp::{self, GtpExecutor, GtpParser};
use gridmind::protocol::input::{read_line, InputLine};
use gridmind::protocol::ProtocolChoice;

/// The top-level usage, printed on stdout for `--help` / `help` and on stderr after a bad
/// argument: it names every subcommand so a user who types `--help` finds `match` and `bench`.
const USAGE: &str = "\
usage: gridmind [--protocol gtp|gomocup|auto] [--game GAME] [-v | --log LEVEL] [--data-dir DIR]
       gridmind match --engine CMD --engine CMD [OPTIONS]
       gridmind bench [gomoku|mnk|npuzzle|klotski|stop] [OPTIONS]
       gridmind help [match|bench]

  With no subcommand, gridmind is the engine: it reads commands on stdin and answers on stdout
  (protocol.md). Logs go to stderr.
  --protocol   gtp (gridmind's GTP-style protocol), gomocup (piskvork) or auto (default: the
               first non-blank line decides; an executable named pbrain-* starts in gomocup)
  --game       the start-up game in `game`'s words, e.g. --game tictactoe,
               --game \"gomoku 15 renju\", --game \"mnk 5 4 4\" (default gomoku 15 freestyle)
  -v, --verbose  debug logging; --log LEVEL sets it (error, warn, info, debug, trace)
  --data-dir   where N-puzzle pattern databases are cached
  -h, --help   this text

subcommands:
  match   play engine-vs-engine matches, refereed, with statistics and an optional SPRT
          (gridmind match --help)
  bench   fixed workloads printing node counts and speed (gridmind bench --help)
  help    this text; `gridmind help match` and `gridmind help bench` print theirs";

struct Args {
    protocol: ProtocolChoice,
    log_level: Option<String>,
    data_dir: Option<std::path::PathBuf>,
    game: Option<GameSpec>,
}

fn parse_args(args: &[String], program: &str) -> Result<Args, String> {
    let pbrain = std::path::Path::new(program)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("pbrain-"));
    let mut parsed = Args {
        protocol: if pbrain {
            ProtocolChoice::Gomocup
        } else {
            ProtocolChoice::Auto
        },
        log_level: None,
        data_dir: None,
        game: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--protocol" => {
                parsed.protocol = match it.next().map(String::as_str) {
                    Some("gtp") => ProtocolChoice::Gtp,
                    Some("gomocup") => ProtocolChoice::Gomocup,
                    Some("auto") => ProtocolChoice::Auto,
                    _ => return Err("--protocol takes gtp, gomocup or auto".into()),
                }
            }
            "-v" | "--verbose" => parsed.log_level = Some("debug".into()),
            "--log" => {
                parsed.log_level = Some(
                    it.next()
                        .ok_or("--log takes a level (error..trace)")?
                        .clone(),
                )
            }
            "--data-dir" => {
                parsed.data_dir = Some(it.next().ok_or("--data-dir takes a path")?.into())
            }
            "--game" => {
                let mut words = it
                    .next()
                    .ok_or("--game takes a game, e.g. tictactoe")?
                    .clone();
                // Unquoted `--game gomoku 15 renju` (a launcher that cannot quote): the words
                // up to the next flag belong to the game.
                while let Some(more) = it.clone().next().filter(|w| !w.starts_with('-')) {
                    words.push(' ');
                    words.push_str(more);
                    it.next();
                }
                let words = words.as_str();
                let spec =
                    gtp::parser::game_spec(words).map_err(|e| format!("--game '{words}': {e}"))?;
                spec.build().map_err(|e| format!("--game '{words}': {e}"))?;
                parsed.game = Some(spec);
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok(parsed)
}

/// `gridmind bench | head` should end quietly like any Unix filter, not panic in `println!`.
/// Only the bench does this: the engine and the match runner handle write errors themselves,
/// and a match must survive an engine that dies.
fn quit_quietly_on_closed_stdout() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let all: Vec<String> = std::env::args().collect();
    let program = all.first().cloned().unwrap_or_default();
    match all.get(1).map(String::as_str) {
        Some("bench") => {
            quit_quietly_on_closed_stdout();
            return exit_code(gridmind::bench::run(&all[2..]));
        }
        Some("match") => return exit_code(gridmind::matchrunner::run(&all[2..])),
        Some("help") => return help(all.get(2).map(String::as_str)),
        _ => {}
    }
    let args = match parse_args(all.get(1..).unwrap_or(&[]), &program) {
        Ok(a) => a,
        Err(e) if e.is_empty() => return help(None),
        Err(e) => {
            eprintln!("gridmind: {e}");
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut logger =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"));
    if let Some(level) = &args.log_level {
        logger.parse_filters(level);
    }
    logger.target(env_logger::Target::Stderr).init();

    let mut session = Session::new();
    session.options.data_dir = args.data_dir.clone();
    if let Some(spec) = args.game {
        if let Err(e) = session.set_game(spec) {
            eprintln!("gridmind: --game: {e}");
            return ExitCode::from(2);
        }
    }

    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut pending = Vec::new();
    let protocol = match args.protocol {
        ProtocolChoice::Auto => detect(&mut input, &mut pending),
        p => p,
    };
    let code = match protocol {
        ProtocolChoice::Gomocup => driver::run(
            &mut input,
            pending,
            GomocupParser::default(),
            GomocupExecutor::new(session),
        ),
        _ => driver::run(&mut input, pending, GtpParser, GtpExecutor::new(session)),
    };
    exit_code(code)
}

/// `gridmind help [TOPIC]` and `--help`: asked-for usage goes to stdout with status 0, so it
/// can be paged or grepped; an unknown topic is an error (status 2) naming the topics.
fn help(topic: Option<&str>) -> ExitCode {
    quit_quietly_on_closed_stdout();
    match topic {
        None => println!("{USAGE}"),
        Some("match") => println!("{}", gridmind::matchrunner::args::USAGE),
        Some("bench") => println!("{}", gridmind::bench::USAGE),
        Some(other) => {
            eprintln!("gridmind help: no help on '{other}' (topics: match, bench)");
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

fn exit_code(code: i32) -> ExitCode {
    ExitCode::from(code.clamp(0, 255) as u8)
}

/// Reads up to the first non-blank line and picks the protocol it belongs to.
fn detect(input: &mut dyn BufRead, pending: &mut Vec<InputLine>) -> ProtocolChoice {
    while let Ok(Some(line)) = read_line(input) {
        let verdict = match &line {
            InputLine::Text(t) if t.trim().is_empty() => None,
            InputLine::Text(t) if gomocup::is_gomocup_line(t.trim()) => {
                Some(ProtocolChoice::Gomocup)
            }
            _ => Some(ProtocolChoice::Gtp),
        };
        pending.push(line);
        if let Some(v) = verdict {
            return v;
        }
    }
    ProtocolChoice::Gtp
}
