//! Parsing one cleaned input line into a [`Request`] with `nom`.
//!
//! The grammar is GTP 2's: `[id] command_name [arguments]`, words separated by spaces, `#` starting
//! a comment. Every failure becomes a specific message the engine thread answers with `?`; nothing
//! here can panic on any input.

use std::time::Duration;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{digit1, space1};
use nom::combinator::{all_consuming, map_res, opt};
use nom::sequence::terminated;
use nom::IResult;

use super::command::{AnalyzeKind, Command, GameRequest, Request, Vertex};
use crate::engine::session::MoveLimits;
use crate::games::{Color, GameSpec, Rule, UNACCEPTABLE_SIZE};
use crate::puzzles::PuzzleKind;

/// Parses a cleaned line (comments and blank lines already removed).
pub fn parse_request(line: &str) -> Request {
    let (rest, id) = match id_prefix(line) {
        Ok(v) => v,
        Err(_) => (line, None),
    };
    // A controller matches answers by id: one that does not fit 64 bits is refused (echoed as
    // given) rather than silently dropped, and the command is not run.
    if let Some(digits) = id.filter(|d| d.parse::<u64>().is_err()) {
        return Request {
            id: Some(digits.to_string()),
            command: Err(format!("syntax error: id out of range (0..{})", u64::MAX)),
        };
    }
    let rest = rest.trim();
    let (name, args) = match rest.split_once(' ') {
        Some((n, a)) => (n, a.trim()),
        None => (rest, ""),
    };
    Request {
        // Normalised (`007` answers `=7`), as GTP ids are numbers.
        id: id
            .and_then(|d| d.parse::<u64>().ok())
            .map(|v| v.to_string()),
        command: parse_command(name, args),
    }
}

/// The leading digits of a line, when they form a word of their own.
fn id_prefix(input: &str) -> IResult<&str, Option<&str>> {
    opt(terminated(digit1, alt((space1, nom::combinator::eof))))(input)
}

fn words(args: &str) -> Vec<&str> {
    args.split(' ').filter(|w| !w.is_empty()).collect()
}

fn no_args(args: &str, c: Command) -> Result<Command, String> {
    if args.is_empty() {
        Ok(c)
    } else {
        Err("syntax error: no arguments expected".into())
    }
}

fn parse_command(name: &str, args: &str) -> Result<Command, String> {
    if name.is_empty() {
        return Err("syntax error: missing command".into());
    }
    match name {
        "protocol_version" => no_args(args, Command::ProtocolVersion),
        "name" => no_args(args, Command::Name),
        "version" => no_args(args, Command::Version),
        "list_commands" => no_args(args, Command::ListCommands),
        "quit" => no_args(args, Command::Quit),
        "clear_board" => no_args(args, Command::ClearBoard),
        "showboard" => no_args(args, Command::Showboard),
        "undo" => no_args(args, Command::Undo),
        "stop" => no_args(args, Command::Stop),
        "get_komi" => no_args(args, Command::GetKomi),
        "final_score" => no_args(args, Command::FinalScore),
        "gogui-interrupt" => no_args(args, Command::GoguiInterrupt),
        "komi" => match words(args).as_slice() {
            [k] => k
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .map(Command::Komi)
                .ok_or_else(|| format!("syntax error: invalid komi '{}'", clip(k))),
            _ => Err("syntax error: komi takes one number".into()),
        },
        "loadsgf" => match words(args).as_slice() {
            [f] => Ok(Command::LoadSgf(f.to_string(), None)),
            [f, n] => number::<usize>(n)
                .map(|n| Command::LoadSgf(f.to_string(), Some(n)))
                .map_err(|_| format!("syntax error: invalid move number '{}'", clip(n))),
            _ => Err("syntax error: loadsgf takes a file name and an optional move number".into()),
        },
        "printsgf" => match words(args).as_slice() {
            [] => Ok(Command::PrintSgf(None)),
            [f] => Ok(Command::PrintSgf(Some(f.to_string()))),
            _ => Err("syntax error: printsgf takes at most a file name".into()),
        },
        "gogui-analyze_commands" => no_args(args, Command::AnalyzeCommands),
        "gridmind-forbidden" => no_args(args, Command::Forbidden),
        "gridmind-threats" => no_args(args, Command::Threats),
        "gridmind-candidates" => parse_analyze(AnalyzeKind::Candidates, args),
        "gridmind-pv" => parse_analyze(AnalyzeKind::Pv, args),
        "rectangular_boardsize" => match words(args).as_slice() {
            [w, h] => match (number::<usize>(w), number::<usize>(h)) {
                (Ok(w), Ok(h)) => Ok(Command::RectangularBoardsize(w, h)),
                _ => Err("syntax error: rectangular_boardsize takes two numbers".into()),
            },
            _ => Err("syntax error: rectangular_boardsize takes a width and a height".into()),
        },
        "known_command" => match words(args).as_slice() {
            [w] => Ok(Command::KnownCommand(w.to_string())),
            _ => Err("syntax error: known_command takes one command name".into()),
        },
        "game" => parse_game(args).map(Command::Game),
        "boardsize" => match words(args).as_slice() {
            [n] => number::<usize>(n)
                .map(Command::Boardsize)
                .map_err(|_| "syntax error: boardsize takes a number".into()),
            _ => Err("syntax error: boardsize takes one number".into()),
        },
        "play" => match words(args).as_slice() {
            [c, v] if v.eq_ignore_ascii_case("pass") => Ok(Command::Pass(color(c)?)),
            [c, v] => Ok(Command::Play(color(c)?, vertex(v)?)),
            _ => Err("syntax error: play takes a color and a vertex".into()),
        },
        "genmove" => parse_genmove(args),
        "setoption" => match words(args).as_slice() {
            [n, v] => Ok(Command::SetOption(n.to_ascii_lowercase(), v.to_string())),
            [n, "value", v] | ["name", n, "value", v] => {
                Ok(Command::SetOption(n.to_ascii_lowercase(), v.to_string()))
            }
            _ => Err("syntax error: setoption takes a name and a value".into()),
        },
        "time_settings" => match words(args).as_slice() {
            [m, b, s] => Ok(Command::TimeSettings {
                main: seconds(m)?,
                byo_yomi: seconds(b)?,
                stones: number::<u32>(s)
                    .map_err(|_| "syntax error: stones must be a number".to_string())?,
            }),
            _ => Err("syntax error: time_settings takes main_time byo_yomi_time stones".into()),
        },
        "time_left" => match words(args).as_slice() {
            [c, t, s] => Ok(Command::TimeLeft {
                color: color(c)?,
                time: seconds(t)?,
                stones: number::<u32>(s)
                    .map_err(|_| "syntax error: stones must be a number".to_string())?,
            }),
            _ => Err("syntax error: time_left takes a color, a time and stones".into()),
        },
        "solve" => {
            let (kind, rest) = args.split_once(' ').unwrap_or((args, ""));
            match kind {
                "npuzzle" => Ok(Command::Solve(PuzzleKind::NPuzzle, rest.trim().to_string())),
                "klotski" => Ok(Command::Solve(PuzzleKind::Klotski, rest.trim().to_string())),
                "" => Err("syntax error: solve takes a puzzle kind (npuzzle, klotski)".into()),
                _ => Err(format!(
                    "syntax error: unknown puzzle kind '{}'",
                    clip(kind)
                )),
            }
        }
        _ => Err("unknown command".into()),
    }
}

/// Keeps echoed user text short in error messages.
fn clip(s: &str) -> String {
    s.chars().take(32).collect()
}

fn number<T: std::str::FromStr>(s: &str) -> Result<T, ()> {
    let parsed: IResult<&str, T> = all_consuming(map_res(digit1, str::parse::<T>))(s);
    parsed.map(|(_, v)| v).map_err(|_| ())
}

fn seconds(s: &str) -> Result<Duration, String> {
    number::<u64>(s)
        .ok()
        .filter(|&v| v <= 1_000_000_000)
        .map(Duration::from_secs)
        .ok_or_else(|| format!("syntax error: invalid time '{}'", clip(s)))
}

/// `b`/`black`/`x` or `w`/`white`/`o`, any case.
pub fn color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" | "x" => Ok(Color::Black),
        "w" | "white" | "o" => Ok(Color::White),
        _ => Err(format!("syntax error: invalid color '{}'", clip(s))),
    }
}

/// A GTP vertex: column letter (skipping `i`), then the row number from the bottom; any case.
pub fn vertex(s: &str) -> Result<Vertex, String> {
    let lower = s.to_ascii_lowercase();
    let parsed: IResult<&str, (char, &str)> = all_consuming(nom::sequence::pair(
        nom::character::complete::satisfy(|c| c.is_ascii_lowercase() && c != 'i'),
        digit1,
    ))(lower.as_str());
    let bad = || format!("syntax error: invalid vertex '{}'", clip(s));
    let (_, (letter, digits)) = parsed.map_err(|_| bad())?;
    let mut col = (letter as u8 - b'a') as usize;
    if letter > 'i' {
        col -= 1;
    }
    let row: usize = digits.parse().map_err(|_| bad())?;
    if row == 0 {
        return Err(bad());
    }
    Ok(Vertex { col, row })
}

/// A game spec in `game`'s words (`tictactoe`, `gomoku 15 renju`): what `--game` takes.
pub fn game_spec(args: &str) -> Result<GameSpec, String> {
    match parse_game(args)? {
        GameRequest::Select(spec) => Ok(spec),
        GameRequest::Show => Err("syntax error: no game named".into()),
    }
}

fn parse_game(args: &str) -> Result<GameRequest, String> {
    let w = words(args);
    match w.as_slice() {
        [] => Ok(GameRequest::Show),
        ["tictactoe"] => Ok(GameRequest::Select(GameSpec::TicTacToe)),
        ["gomoku", rest @ ..] => {
            let mut width = 15;
            let mut height = 15;
            let mut rule = Rule::Freestyle;
            let mut seen_size = false;
            let mut seen_rule = false;
            for word in rest {
                if let Some(r) = Rule::from_name(&word.to_ascii_lowercase()) {
                    if seen_rule {
                        return Err("syntax error: more than one rule".into());
                    }
                    rule = r;
                    seen_rule = true;
                } else if !seen_size {
                    (width, height) = board_size(word)?;
                    seen_size = true;
                } else {
                    return Err(format!("syntax error: unexpected '{}'", clip(word)));
                }
            }
            Ok(GameRequest::Select(GameSpec::Gomoku {
                width,
                height,
                rule,
            }))
        }
        ["mnk", rest @ ..] => {
            let [m, n, k] = rest else {
                return Err("syntax error: mnk takes M N K (columns, rows, k in a row)".into());
            };
            let number = |s: &str| {
                s.parse::<usize>()
                    .map_err(|_| format!("syntax error: invalid number '{}'", clip(s)))
            };
            let (m, n, k) = (number(m)?, number(n)?, number(k)?);
            crate::games::mnk::check(m, n, k)?;
            Ok(GameRequest::Select(GameSpec::mnk(m, n, k)))
        }
        [g, ..] => Err(format!(
            "syntax error: unknown game '{}' (tictactoe, gomoku, mnk)",
            clip(g)
        )),
    }
}

/// `15` or `15x20` (width x height).
fn board_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("syntax error: invalid board size '{}'", clip(s));
    let parsed: IResult<&str, (&str, Option<&str>)> = all_consuming(nom::sequence::pair(
        digit1,
        opt(nom::sequence::preceded(tag("x"), digit1)),
    ))(s);
    let (_, (w, h)) = parsed.map_err(|_| bad())?;
    let w: usize = w.parse().map_err(|_| UNACCEPTABLE_SIZE.to_string())?;
    let h: usize = match h {
        Some(h) => h.parse().map_err(|_| UNACCEPTABLE_SIZE.to_string())?,
        None => w,
    };
    Ok((w, h))
}

fn parse_genmove(args: &str) -> Result<Command, String> {
    let w = words(args);
    let Some((c, rest)) = w.split_first() else {
        return Err("syntax error: genmove takes a color".into());
    };
    let color = color(c)?;
    Ok(Command::Genmove(color, limits(rest)?))
}

/// An analysis command's arguments: an optional color (default: the side to move), then
/// `genmove`'s limits.
fn parse_analyze(kind: AnalyzeKind, args: &str) -> Result<Command, String> {
    let w = words(args);
    let (who, rest) = match w.split_first() {
        Some((c, rest)) if color(c).is_ok() => (color(c).ok(), rest),
        _ => (None, w.as_slice()),
    };
    Ok(Command::Analyze(kind, who, limits(rest)?))
}

/// `genmove`'s limits: `movetime MS`, `depth N`, `nodes N`, `infinite`, in any order.
fn limits(rest: &[&str]) -> Result<MoveLimits, String> {
    let mut limits = MoveLimits::default();
    let mut i = 0;
    while i < rest.len() {
        let key = rest[i];
        let value = rest.get(i + 1).copied();
        let need = |what: &str| -> Result<u64, String> {
            value
                .and_then(|v| number::<u64>(v).ok())
                .ok_or_else(|| format!("syntax error: {key} takes {what}"))
        };
        match key {
            "movetime" => {
                limits.movetime = Some(Duration::from_millis(need("milliseconds")?));
                i += 2;
            }
            "depth" => {
                let d = need("a number")?;
                limits.depth = Some(u32::try_from(d).unwrap_or(u32::MAX).max(1));
                i += 2;
            }
            "nodes" => {
                limits.nodes = Some(need("a number")?);
                i += 2;
            }
            "infinite" => {
                limits.infinite = true;
                i += 1;
            }
            other => return Err(format!("syntax error: unknown limit '{}'", clip(other))),
        }
    }
    Ok(limits)
}

/// Whether a line is nothing but spaces after comment removal.
pub fn strip_comment(line: &str) -> &str {
    let line = match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    };
    line.trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_names() {
        let r = parse_request("12 name");
        assert_eq!(r.id.as_deref(), Some("12"));
        assert_eq!(r.command, Ok(Command::Name));
        assert_eq!(parse_request("name").id, None);
        assert_eq!(
            parse_request("Name").command,
            Err("unknown command".to_string())
        );
    }

    #[test]
    fn vertices() {
        assert_eq!(vertex("a1"), Ok(Vertex { col: 0, row: 1 }));
        assert_eq!(vertex("H8"), Ok(Vertex { col: 7, row: 8 }));
        assert_eq!(vertex("j10"), Ok(Vertex { col: 8, row: 10 }));
        assert!(vertex("i5").is_err());
        assert!(vertex("a0").is_err());
        assert!(vertex("a99999999999999999999999").is_err());
        assert!(vertex("").is_err());
    }

    #[test]
    fn genmove_limits() {
        let r = parse_request("genmove x movetime 50 depth 3 nodes 10 infinite");
        match r.command {
            Ok(Command::Genmove(Color::Black, l)) => {
                assert_eq!(l.movetime, Some(Duration::from_millis(50)));
                assert_eq!(l.depth, Some(3));
                assert_eq!(l.nodes, Some(10));
                assert!(l.infinite);
            }
            other => panic!("{other:?}"),
        }
        assert!(parse_request("genmove x movetime").command.is_err());
        assert!(parse_request("genmove q").command.is_err());
    }

    #[test]
    fn game_specs() {
        assert_eq!(
            parse_request("game gomoku 19 renju").command,
            Ok(Command::Game(GameRequest::Select(GameSpec::Gomoku {
                width: 19,
                height: 19,
                rule: Rule::Renju
            })))
        );
        assert!(parse_request("game chess").command.is_err());
    }
}
