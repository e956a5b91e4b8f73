//! gridmind's GTP-style protocol, controller side: `game`, `clear_board`, `setoption` before a
//! game; `play` for every move the engine has not seen, then `genmove COLOR movetime MS`.
//!
//! `movetime` is gridmind's extension of `genmove`; with only a game clock (`--tc-match`) the
//! engine gets standard `time_settings` / `time_left` in whole seconds instead.

use std::time::{Duration, Instant};

use super::{
    clip, deadline_after, read_until, Adapter, Answer, Failure, GameSetup, MoveRequest, RawMove,
    SETUP_TIMEOUT,
};
use crate::games::{Color, Point};
use crate::matchrunner::process::EngineProcess;
use crate::protocol::gtp::{parser, vertex_name};

/// Controller-side GTP state of one engine.
#[derive(Default)]
pub struct GtpAdapter {
    /// How many moves of the current game the engine knows about.
    synced: usize,
}

/// A GTP answer line's success flag and text (`= text` / `? text`, optional id).
fn parse_answer(line: &str) -> Option<(bool, String)> {
    let l = line.trim();
    let ok = match l.chars().next()? {
        '=' => true,
        '?' => false,
        _ => return None,
    };
    let rest = l[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    Some((ok, rest.trim().to_string()))
}

/// Sends one command and waits for its answer; a `?` answer is an engine error.
fn command(p: &mut EngineProcess, cmd: &str) -> Result<String, Failure> {
    let since = Instant::now();
    p.send(cmd)?;
    read_until(p, since, Some(since + SETUP_TIMEOUT), |line| {
        parse_answer(line).map(|(ok, text)| {
            if ok {
                Ok(text)
            } else {
                Err(Failure::Error(format!("{cmd}: {}", clip(&text))))
            }
        })
    })
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// Parses a `genmove` answer on a board of the given height.
pub fn parse_move(text: &str, height: usize) -> Option<RawMove> {
    let t = text.trim().to_ascii_lowercase();
    match t.as_str() {
        "resign" => return Some(RawMove::Resign),
        "pass" => return Some(RawMove::Pass),
        _ => {}
    }
    let v = parser::vertex(&t).ok()?;
    Some(RawMove::At(v.col as i64, height as i64 - v.row as i64))
}

fn ceil_secs(d: Duration) -> u64 {
    d.as_millis().div_ceil(1000) as u64
}

impl Adapter for GtpAdapter {
    fn new_game(&mut self, p: &mut EngineProcess, setup: &GameSetup) -> Result<(), Failure> {
        self.synced = 0;
        command(p, &format!("game {}", setup.spec))?;
        command(p, "clear_board")?;
        for (k, v) in setup.options {
            command(p, &format!("setoption {k} {v}"))?;
        }
        if let (None, Some(m)) = (setup.tc_move, setup.tc_match) {
            command(p, &format!("time_settings {} 0 0", ceil_secs(m)))?;
        }
        Ok(())
    }

    fn request_move(
        &mut self,
        p: &mut EngineProcess,
        req: &MoveRequest,
    ) -> Result<Answer, Failure> {
        p.drain();
        let h = req.history;
        if self.synced > h.len() {
            command(p, "clear_board")?;
            self.synced = 0;
        }
        for &(c, q) in &h[self.synced..] {
            command(
                p,
                &format!("play {} {}", color_name(c), name(q, req.height)),
            )?;
        }
        self.synced = h.len();
        let me = color_name(req.color);
        let genmove = match (req.tc_move, req.time_left) {
            (Some(t), left) => {
                let t = left.map_or(t, |l| t.min(l)).max(Duration::from_millis(1));
                format!("genmove {me} movetime {}", t.as_millis())
            }
            (None, Some(left)) => {
                command(p, &format!("time_left {me} {} 0", ceil_secs(left)))?;
                format!("genmove {me}")
            }
            (None, None) => format!("genmove {me}"),
        };
        let since = Instant::now();
        p.send(&genmove)?;
        let deadline = deadline_after(req.allowed);
        let mv = read_until(p, since, deadline, |line| {
            let (ok, text) = parse_answer(line)?;
            if !ok {
                return Some(Err(Failure::Error(format!("genmove: {}", clip(&text)))));
            }
            Some(parse_move(&text, req.height).ok_or_else(|| Failure::Unparsable(clip(&text))))
        })?;
        let elapsed = since.elapsed();
        // The engine placed its own move when it answered.
        self.synced = h.len() + 1;
        Ok(Answer { mv, elapsed })
    }

    fn quit_line(&self) -> &'static str {
        "quit"
    }
}

fn name(p: Point, height: usize) -> String {
    vertex_name(p, height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_vertices() {
        assert_eq!(parse_answer("= h8"), Some((true, "h8".into())));
        assert_eq!(parse_answer("=12 h8"), Some((true, "h8".into())));
        assert_eq!(
            parse_answer("? illegal move"),
            Some((false, "illegal move".into()))
        );
        assert_eq!(parse_answer("info depth 3"), None);
        assert_eq!(parse_move("h8", 15), Some(RawMove::At(7, 7)));
        assert_eq!(parse_move("A1", 3), Some(RawMove::At(0, 2)));
        assert_eq!(parse_move("j3", 3), Some(RawMove::At(8, 0)));
        assert_eq!(parse_move("a20", 15), Some(RawMove::At(0, -5)));
        assert_eq!(parse_move("resign", 15), Some(RawMove::Resign));
        assert_eq!(parse_move("7,7", 15), None);
    }
}
