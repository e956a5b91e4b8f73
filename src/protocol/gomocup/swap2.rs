//! Swap2 openings (`SWAP2BOARD`): the three decisions a brain makes, driven by short searches.
//!
//! - 0 stones: we open. Place 3 stones (black, white, black), choosing among a few standard
//!   shapes the one our search finds most balanced, so the opponent's choice gains nothing.
//! - 3 stones: we respond. `SWAP` (take black) when black is clearly better, play white's move
//!   when white is clearly better, otherwise add a white and a black stone to rebalance.
//! - 5 stones: we choose. Play white's move when white is at least level, else `SWAP`.

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use super::command::BlockStone;
use super::{board_colors, GomocupExecutor, Reply};
use crate::games::{Color, Point};
use crate::search::info::Score;
use crate::search::{SearchControl, StopSignal};

/// A swing below this (in evaluation units) counts as balanced. It follows the evaluation's
/// spread: 150 until the combination classes (8b9493f) widened that spread by about 1.45
/// (docs/strength.md, fifty-first session), when positions the test suite calls balanced began
/// to score either side of 150 from one search depth to the next.
const BALANCED: i32 = 220;
/// Opening shapes: black, white, black as offsets from the centre.
const OPENINGS: [[(i32, i32); 3]; 8] = [
    [(0, 0), (1, 0), (0, 2)],
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (1, 0), (2, 2)],
    [(0, 0), (1, 1), (0, 2)],
    [(0, 0), (1, 0), (-1, 2)],
    [(0, 0), (1, 1), (2, 2)],
    [(0, 0), (1, 0), (1, 2)],
    [(0, 0), (1, 1), (-1, 2)],
];

/// Orders scores on one scale: forced results beyond any evaluation.
pub fn score_value(s: Score) -> i32 {
    match s {
        Score::Cp(v) => v,
        Score::Win(n) => 1_000_000 - n as i32,
        Score::Loss(n) => -1_000_000 + n as i32,
        Score::Draw => 0,
    }
}

/// Answers a `SWAP2BOARD` block.
pub(super) fn answer(
    ex: &mut GomocupExecutor,
    stones: &[BlockStone],
    seq: u64,
    signal: &Arc<StopSignal>,
    out: &mut dyn Write,
) -> Reply {
    if ![0, 3, 5].contains(&stones.len()) {
        // Checked before touching the board: an error leaves the position as it was.
        return vec![format!(
            "ERROR SWAP2BOARD expects 0, 3 or 5 stones, got {}",
            stones.len()
        )];
    }
    let placed = match board_colors(stones) {
        Ok((_, p)) => p,
        Err(e) => return vec![format!("ERROR {e}")],
    };
    if let Err((i, e)) = ex.session.set_position(&placed) {
        let s = stones[i.min(stones.len().saturating_sub(1))];
        return vec![format!("ERROR {e} at {},{}", s.x, s.y)];
    }
    let base = ex.control(Color::Black, seq, signal);
    let result = match placed.len() {
        0 => open(ex, &base, out),
        3 => respond(ex, &base, out),
        5 => choose(ex, &base, out),
        n => Err(format!("SWAP2BOARD expects 0, 3 or 5 stones, got {n}")),
    };
    vec![result.unwrap_or_else(|e| format!("ERROR {e}"))]
}

/// A slice of the whole budget for one of `parts` sub-searches.
fn share(base: &SearchControl, parts: u32) -> SearchControl {
    match base.hard_budget() {
        Some(b) => {
            let left = b.saturating_sub(base.elapsed());
            base.clone()
                .with_movetime(base.elapsed() + left / parts.max(1))
                .with_soft_budget(base.elapsed() + left / parts.max(1) / 2)
        }
        None => base.clone().with_movetime(Duration::from_millis(500)),
    }
}

/// White-to-move evaluation and white's best move in the current position.
fn white_view(
    ex: &mut GomocupExecutor,
    control: &SearchControl,
    out: &mut dyn Write,
) -> Result<(i32, Point), String> {
    let t = ex.analyse(Color::White, &[], control, out)?;
    Ok((score_value(t.score), t.point))
}

fn open(
    ex: &mut GomocupExecutor,
    base: &SearchControl,
    out: &mut dyn Write,
) -> Result<String, String> {
    let (w, h) = (
        ex.session.game().width() as i32,
        ex.session.game().height() as i32,
    );
    let (cx, cy) = (w / 2, h / 2);
    let mut best: Option<(i32, Vec<(Color, Point)>)> = None;
    for (k, shape) in OPENINGS.iter().enumerate() {
        let stones: Vec<(Color, Point)> = shape
            .iter()
            .zip([Color::Black, Color::White, Color::Black])
            .map(|(&(dx, dy), c)| (c, Point::new((cx + dx) as usize, (cy + dy) as usize)))
            .collect();
        if ex.session.set_position(&stones).is_err() {
            continue;
        }
        let control = share(base, (OPENINGS.len() - k) as u32);
        let Ok((v, _)) = white_view(ex, &control, out) else {
            continue;
        };
        if best.as_ref().is_none_or(|(bv, _)| v.abs() < bv.abs()) {
            best = Some((v, stones));
        }
        if base.stopped() {
            break;
        }
    }
    let (_, stones) = best.ok_or("no opening fits this board")?;
    ex.session
        .set_position(&stones)
        .map_err(|(_, e)| e.to_string())?;
    Ok(stones
        .iter()
        .map(|(_, p)| p.to_string())
        .collect::<Vec<_>>()
        .join(" "))
}

/// What to do with three stones on the board, given white-to-move's score there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Response {
    /// Black is clearly better: take black.
    Swap,
    /// White is clearly better: stay white and play white's move.
    PlayWhite,
    /// Neither side clearly better: add a white and a black stone to rebalance.
    Rebalance,
}

/// The three-stone decision as a pure function of white's score, so that the band's edges can be
/// tested without fitting a position to them: outside `BALANCED` either way, one side is
/// clearly better; within it (edges included), the position is balanced.
fn response_to(white_score: i32) -> Response {
    if white_score < -BALANCED {
        Response::Swap
    } else if white_score > BALANCED {
        Response::PlayWhite
    } else {
        Response::Rebalance
    }
}

/// The five-stone decision: stay white when white is at least level, else take black.
fn white_stays(white_score: i32) -> bool {
    white_score >= 0
}

fn respond(
    ex: &mut GomocupExecutor,
    base: &SearchControl,
    out: &mut dyn Write,
) -> Result<String, String> {
    let (v, white_move) = white_view(ex, &share(base, 3), out)?;
    carry_out(ex, response_to(v), white_move, base, out)
}

/// Plays out a three-stone decision: `SWAP` leaves the board alone; otherwise white's move is
/// placed, and for a rebalance black's best answer too, so the brain's board holds what it sent.
fn carry_out(
    ex: &mut GomocupExecutor,
    response: Response,
    white_move: Point,
    base: &SearchControl,
    out: &mut dyn Write,
) -> Result<String, String> {
    if response == Response::Swap {
        return Ok("SWAP".into());
    }
    ex.session
        .play(Color::White, white_move)
        .map_err(|e| e.to_string())?;
    if response == Response::PlayWhite {
        return Ok(white_move.to_string());
    }
    let t = ex.analyse(Color::Black, &[], &share(base, 2), out)?;
    ex.session
        .play(Color::Black, t.point)
        .map_err(|e| e.to_string())?;
    Ok(format!("{white_move} {}", t.point))
}

fn choose(
    ex: &mut GomocupExecutor,
    base: &SearchControl,
    out: &mut dyn Write,
) -> Result<String, String> {
    let (v, white_move) = white_view(ex, base, out)?;
    if !white_stays(v) {
        return Ok("SWAP".into());
    }
    ex.session
        .play(Color::White, white_move)
        .map_err(|e| e.to_string())?;
    Ok(white_move.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Session;

    /// The band's edges: a swing of exactly `BALANCED` is still balanced, one more is not, on
    /// either side; forced results are beyond any evaluation.
    #[test]
    fn three_stones_swap_play_or_rebalance_by_the_score() {
        assert_eq!(response_to(0), Response::Rebalance);
        assert_eq!(response_to(BALANCED), Response::Rebalance);
        assert_eq!(response_to(-BALANCED), Response::Rebalance);
        assert_eq!(response_to(BALANCED + 1), Response::PlayWhite);
        assert_eq!(response_to(-BALANCED - 1), Response::Swap);
        assert_eq!(response_to(5 * BALANCED), Response::PlayWhite);
        assert_eq!(response_to(-5 * BALANCED), Response::Swap);
        assert_eq!(response_to(score_value(Score::Win(9))), Response::PlayWhite);
        assert_eq!(response_to(score_value(Score::Loss(8))), Response::Swap);
        assert_eq!(response_to(score_value(Score::Draw)), Response::Rebalance);
    }

    /// Five stones: white stays when level or better, by any margin, and swaps when behind.
    #[test]
    fn five_stones_stay_white_unless_behind() {
        assert!(white_stays(0));
        assert!(white_stays(1));
        assert!(white_stays(score_value(Score::Win(3))));
        assert!(white_stays(score_value(Score::Draw)));
        assert!(!white_stays(-1));
        assert!(!white_stays(score_value(Score::Loss(2))));
    }

    /// The forced results rank beyond every evaluation, shorter wins first.
    #[test]
    fn scores_rank_forced_results_beyond_evaluations() {
        assert!(score_value(Score::Win(3)) > score_value(Score::Win(5)));
        assert!(score_value(Score::Win(99)) > score_value(Score::Cp(100_000)));
        assert!(score_value(Score::Loss(99)) < score_value(Score::Cp(-100_000)));
        assert!(score_value(Score::Loss(2)) < score_value(Score::Loss(4)));
    }

    /// Each three-stone decision leaves on the brain's board what it answered: a rebalance
    /// places both new stones (five on the board, white's and black's new points among them),
    /// a white move one, a swap none. Decided here, not by a search, so no position has to be
    /// fitted to the band.
    #[test]
    fn a_decision_leaves_the_board_as_answered() {
        let three = [
            (Color::Black, Point::new(7, 7)),
            (Color::White, Point::new(8, 7)),
            (Color::Black, Point::new(11, 3)),
        ];
        let white_move = Point::new(6, 6);
        let base = SearchControl::unlimited().with_max_depth(2);
        for (response, stones) in [
            (Response::Swap, 3),
            (Response::PlayWhite, 4),
            (Response::Rebalance, 5),
        ] {
            let mut ex = GomocupExecutor::new(Session::new());
            ex.session.set_position(&three).expect("a legal position");
            let mut out = Vec::new();
            let answer =
                carry_out(&mut ex, response, white_move, &base, &mut out).expect("an answer");
            let board = ex.session.game().history().to_vec();
            assert_eq!(board.len(), stones, "{response:?}: {answer}");
            match response {
                Response::Swap => assert_eq!(answer, "SWAP"),
                Response::PlayWhite => assert_eq!(answer, white_move.to_string()),
                Response::Rebalance => {
                    let (w, b) = answer.split_once(' ').expect("two points");
                    assert_eq!(w, white_move.to_string());
                    assert_eq!(board[3], (Color::White, white_move));
                    assert_eq!(board[4].0, Color::Black);
                    assert_eq!(b, board[4].1.to_string());
                }
            }
        }
    }
}
