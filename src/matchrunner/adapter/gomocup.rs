//! The Gomocup (piskvork) brain protocol, manager side: `START`/`RECTSTART`, `INFO` limits before
//! every move, `BEGIN` on the empty board, `BOARD` for openings and resynchronisation, `TURN` for
//! the opponent's last move, `END` to finish.

use std::time::{Duration, Instant};

use super::{
    clip, deadline_after, read_until, Adapter, Answer, Failure, GameSetup, MoveRequest, RawMove,
    SETUP_TIMEOUT,
};
use crate::games::GameSpec;
use crate::matchrunner::process::EngineProcess;

/// Gomocup's "no limit" for `time_left`.
const UNLIMITED_MS: u64 = 2_147_483_647;

/// Manager-side Gomocup state of one brain.
#[derive(Default)]
pub struct GomocupAdapter {
    /// How many moves of the current game the brain knows about.
    synced: usize,
}

fn ms(d: Duration) -> u128 {
    d.as_millis()
}

/// Lines brains may write besides answers.
fn is_chatter(line: &str) -> bool {
    let l = line.trim();
    l.is_empty() || starts_with_word(l, "MESSAGE") || starts_with_word(l, "DEBUG")
}

fn starts_with_word(line: &str, word: &str) -> bool {
    line.get(..word.len())
        .is_some_and(|w| w.eq_ignore_ascii_case(word))
        && line[word.len()..].chars().next().is_none_or(|c| c == ' ')
}

/// Parses a brain's move line `x,y` (spaces allowed around the numbers).
pub fn parse_move(line: &str) -> Option<RawMove> {
    let (x, y) = line.trim().split_once(',')?;
    Some(RawMove::At(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

impl Adapter for GomocupAdapter {
    fn new_game(&mut self, p: &mut EngineProcess, setup: &GameSetup) -> Result<(), Failure> {
        self.synced = 0;
        let (start, rule) = match setup.spec {
            GameSpec::Gomoku {
                width,
                height,
                rule,
            } if width == height => (format!("START {width}"), rule),
            GameSpec::Gomoku {
                width,
                height,
                rule,
            } => (format!("RECTSTART {width},{height}"), rule),
            GameSpec::TicTacToe => {
                return Err(Failure::Error(
                    "tictactoe cannot be played over Gomocup".into(),
                ))
            }
            GameSpec::Mnk { .. } => {
                return Err(Failure::Error(
                    "mnk games cannot be played over Gomocup".into(),
                ))
            }
        };
        let since = Instant::now();
        p.send(&start)?;
        read_until(p, since, Some(since + SETUP_TIMEOUT), |line| {
            let l = line.trim();
            if is_chatter(l) {
                None
            } else if l.eq_ignore_ascii_case("OK") {
                Some(Ok(()))
            } else {
                Some(Err(Failure::Error(format!(
                    "{start} answered '{}'",
                    clip(l)
                ))))
            }
        })?;
        p.send(&format!("INFO rule {}", rule.gomocup_number()))?;
        p.send("INFO game_type 1")?;
        for (k, v) in setup.options {
            p.send(&format!("INFO {k} {v}"))?;
        }
        Ok(())
    }

    fn request_move(
        &mut self,
        p: &mut EngineProcess,
        req: &MoveRequest,
    ) -> Result<Answer, Failure> {
        p.drain();
        // Without a per-move limit a move can take at most the game's time; 0 would mean "fast".
        let turn = req.tc_move.or(req.tc_match).map_or(0, ms);
        p.send(&format!("INFO timeout_turn {turn}"))?;
        p.send(&format!(
            "INFO timeout_match {}",
            req.tc_match.map_or(0, ms)
        ))?;
        let left = req.time_left.map_or(UNLIMITED_MS as u128, ms);
        p.send(&format!("INFO time_left {left}"))?;

        let h = req.history;
        let mut block: Vec<String> = Vec::new();
        if h.is_empty() {
            block.push("BEGIN".into());
        } else if self.synced > 0 && self.synced + 1 == h.len() {
            let (_, q) = h[h.len() - 1];
            block.push(format!("TURN {},{}", q.x, q.y));
        } else {
            block.push("BOARD".into());
            for &(c, q) in h {
                let who = if c == req.color { 1 } else { 2 };
                block.push(format!("{},{},{who}", q.x, q.y));
            }
            block.push("DONE".into());
        }
        let (last, rest) = block
            .split_last()
            .ok_or_else(|| Failure::Error("empty request".into()))?;
        for line in rest {
            p.send(line)?;
        }
        let since = Instant::now();
        p.send(last)?;
        let deadline = deadline_after(req.allowed);
        let mv = read_until(p, since, deadline, |line| {
            let l = line.trim();
            if is_chatter(l) {
                return None;
            }
            if starts_with_word(l, "ERROR") || starts_with_word(l, "UNKNOWN") {
                return Some(Err(Failure::Error(clip(l))));
            }
            Some(parse_move(l).ok_or_else(|| Failure::Unparsable(clip(l))))
        })?;
        let elapsed = since.elapsed();
        self.synced = h.len() + 1;
        Ok(Answer { mv, elapsed })
    }

    fn quit_line(&self) -> &'static str {
        "END"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_moves_and_chatter() {
        assert_eq!(parse_move("7,8"), Some(RawMove::At(7, 8)));
        assert_eq!(parse_move(" 10 , -1 "), Some(RawMove::At(10, -1)));
        assert_eq!(parse_move("7 8"), None);
        assert_eq!(parse_move("a,b"), None);
        assert!(is_chatter("MESSAGE depth 3"));
        assert!(is_chatter("DEBUG x"));
        assert!(is_chatter("  "));
        assert!(!is_chatter("MESSAGES"));
        assert!(!is_chatter("7,7"));
    }
}
