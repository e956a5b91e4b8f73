//! Turning clock state into a time budget for one move.
//!
//! Both protocols describe clocks differently (GTP `time_settings`/`time_left`, Gomocup
//! `timeout_turn`/`timeout_match`/`time_left`); both end up as a [`Clock`], and [`Clock::budget`]
//! decides how long to think. The hard limit always keeps a safety margin: a Gomocup brain that
//! overruns forfeits the game.

use std::time::Duration;

/// What the engine knows about its clock for the next move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Longest time one move may take (Gomocup `timeout_turn`, GTP byo-yomi period per stone).
    pub per_move: Option<Duration>,
    /// Time left for the rest of the game (Gomocup `time_left`, GTP main time left).
    pub remaining: Option<Duration>,
}

/// How long to think: stop starting new iterations after `soft`, return by `hard` at the latest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// No new iteration starts after this.
    pub soft: Duration,
    /// The answer is due by this, whatever the search is doing.
    pub hard: Duration,
}

/// Time kept back for process, pipe and scheduling overhead, whatever the budget.
const MIN_MARGIN: Duration = Duration::from_millis(50);
/// The smallest hard limit we hand a search: it always gets to produce some move.
const MIN_HARD: Duration = Duration::from_millis(5);
/// The share of a per-move limit in which new iterations may start.
const PER_MOVE_SOFT_SHARE: f64 = 0.6;
/// How many more moves we plan for when dividing the remaining game time.
const PLANNED_MOVES: u32 = 25;
/// A move under a game clock takes at most this part of the time left. It is the hard limit,
/// and gomoku's search runs its tree to most of it, so it sets what a move costs more than
/// the soft budget does: at a fifth, one move in five took over a tenth of the clock, some a
/// sixth (docs/strength.md: a tenth gained 84 Elo in fixed-length self-play, a fifteenth was
/// level).
const MOST_OF_LEFT: u32 = 10;

impl Clock {
    /// The budget for the next move, or `None` when no clock constrains it.
    pub fn budget(&self) -> Option<Budget> {
        let mut hard: Option<Duration> = None;
        let mut soft: Option<Duration> = None;
        if let Some(turn) = self.per_move {
            let h = minus_margin(turn);
            hard = Some(h);
            // Start iterations in the first part of the turn; gomoku's search also stops its
            // tree at a larger share of the hard limit and checks its choice in the rest.
            soft = Some(h.mul_f64(PER_MOVE_SOFT_SHARE));
        }
        if let Some(left) = self.remaining {
            let h = minus_margin(left / MOST_OF_LEFT);
            let s = minus_margin(left / PLANNED_MOVES);
            hard = Some(hard.map_or(h, |x| x.min(h)));
            soft = Some(soft.map_or(s, |x| x.min(s)));
        }
        let hard = hard?.max(MIN_HARD);
        let soft = soft.unwrap_or(hard).min(hard);
        Some(Budget { soft, hard })
    }
}

/// A fixed `movetime`: spend nearly all of it, keep the margin.
pub fn movetime_budget(movetime: Duration) -> Budget {
    let hard = minus_margin(movetime).max(MIN_HARD.min(movetime));
    Budget { soft: hard, hard }
}

/// The hard limit a turn of `turn` gets, after the safety margin: lets a policy stated in turn
/// lengths, as protocol.md states them ("when the turn is 150 ms or longer"), be checked
/// against a search's hard budget, which is all a search sees.
pub fn hard_limit_of_turn(turn: Duration) -> Duration {
    minus_margin(turn)
}

/// Subtracts the larger of [`MIN_MARGIN`] and 5% of the time: enough for a loaded machine
/// where another process competes for the cores.
fn minus_margin(t: Duration) -> Duration {
    let margin = MIN_MARGIN.max(t / 20);
    t.saturating_sub(margin).max(MIN_HARD.min(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: u64) -> Duration {
        Duration::from_millis(v)
    }

    /// The budget of a clock with a per-move limit and game time left, in milliseconds.
    fn budget_of(per_move: u64, remaining: Option<u64>) -> Budget {
        Clock {
            per_move: Some(ms(per_move)),
            remaining: remaining.map(ms),
        }
        .budget()
        .expect("a per-move limit always gives a budget")
    }

    #[test]
    fn per_move_limit_keeps_margin() {
        let b = budget_of(1000, None);
        assert!(b.hard <= ms(950));
        assert!(b.soft < b.hard);
    }

    #[test]
    fn little_time_left_shrinks_budget() {
        let b = budget_of(5000, Some(500));
        assert!(b.hard <= ms(100));
        assert!(b.hard >= MIN_HARD);
    }

    #[test]
    fn a_game_clock_caps_a_move_at_a_tenth_of_the_time_left() {
        let b = budget_of(30_000, Some(180_000));
        assert!(b.hard <= ms(18_000) && b.hard >= ms(17_000));
        assert!(b.soft <= ms(180_000 / 25));
    }

    #[test]
    fn no_clock_no_budget() {
        assert_eq!(Clock::default().budget(), None);
    }

    #[test]
    fn movetime_is_honoured_with_margin() {
        let b = movetime_budget(ms(100));
        assert!(b.hard <= ms(70));
        let tiny = movetime_budget(ms(1));
        assert!(tiny.hard <= ms(1));
    }
}
