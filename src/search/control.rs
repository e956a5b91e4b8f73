//! Stopping a search: one shared signal, polled cheaply by every search loop.
//!
//! Each input line gets a sequence number. `stop` and `quit` record "stop everything that started
//! before me" by raising [`StopSignal`]'s watermark, so a `stop` never cancels a search that was asked
//! for after it, however the threads interleave. End of input ends `infinite` searches only: the
//! others finish within their own limits.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The shared half of stopping: written by the input thread, read by searches.
#[derive(Debug, Default)]
pub struct StopSignal {
    stop_before: AtomicU64,
    input_closed: AtomicBool,
}

impl StopSignal {
    /// A fresh signal; shared between the input thread and the search thread.
    pub fn new() -> Arc<StopSignal> {
        Arc::new(StopSignal::default())
    }

    /// Stops every search started for a command numbered below `seq`.
    pub fn stop_before(&self, seq: u64) {
        self.stop_before.fetch_max(seq, Ordering::SeqCst);
    }

    /// Marks end of input: `infinite` searches end at once.
    pub fn close_input(&self) {
        self.input_closed.store(true, Ordering::SeqCst);
    }

    fn stops(&self, seq: u64, infinite: bool) -> bool {
        self.stop_before.load(Ordering::Relaxed) > seq
            || (infinite && self.input_closed.load(Ordering::Relaxed))
    }
}

/// The limits of one search and the means to stop it.
///
/// Searches call [`SearchControl::should_stop`] every few thousand nodes; it costs two atomic loads
/// and, when a deadline is set, one clock read.
#[derive(Clone, Debug)]
pub struct SearchControl {
    signal: Arc<StopSignal>,
    seq: u64,
    start: Instant,
    /// Past this instant the search must return whatever it has.
    hard_deadline: Option<Instant>,
    /// After this much time a search should not start a new iteration.
    soft_budget: Option<Duration>,
    max_nodes: Option<u64>,
    max_depth: Option<u32>,
    infinite: bool,
}

impl SearchControl {
    /// A control for the command numbered `seq`, starting now with no limits.
    pub fn new(signal: Arc<StopSignal>, seq: u64) -> SearchControl {
        SearchControl {
            signal,
            seq,
            start: Instant::now(),
            hard_deadline: None,
            soft_budget: None,
            max_nodes: None,
            max_depth: None,
            infinite: false,
        }
    }

    /// A control nothing else can stop: for benchmarks, tests and internal searches.
    pub fn unlimited() -> SearchControl {
        SearchControl::new(StopSignal::new(), 0)
    }

    /// Sets the hard time limit; the soft one defaults to the same.
    pub fn with_movetime(mut self, budget: Duration) -> SearchControl {
        self.hard_deadline = Some(self.start + budget);
        if self.soft_budget.is_none() {
            self.soft_budget = Some(budget);
        }
        self
    }

    /// Sets a soft budget (do not start new iterations past it) below the hard limit.
    pub fn with_soft_budget(mut self, soft: Duration) -> SearchControl {
        self.soft_budget = Some(soft);
        self
    }

    /// Stops the search after `nodes` nodes.
    pub fn with_max_nodes(mut self, nodes: u64) -> SearchControl {
        self.max_nodes = Some(nodes);
        self
    }

    /// Stops iterative deepening after `depth`.
    pub fn with_max_depth(mut self, depth: u32) -> SearchControl {
        self.max_depth = Some(depth);
        self
    }

    /// Marks the search as `infinite`: only `stop`, `quit` or end of input end it.
    pub fn with_infinite(mut self) -> SearchControl {
        self.infinite = true;
        self
    }

    /// True once the search must return: stopped, past the hard deadline, or over the node limit.
    pub fn should_stop(&self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|m| nodes >= m) {
            return true;
        }
        self.stopped()
    }

    /// True once stopped from outside or past the hard deadline (ignores the node limit).
    pub fn stopped(&self) -> bool {
        if self.signal.stops(self.seq, self.infinite) {
            return true;
        }
        self.hard_deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// True when a new iteration should not be started: stopped, or past the soft budget.
    pub fn soft_expired(&self) -> bool {
        self.stopped() || self.soft_budget.is_some_and(|b| self.start.elapsed() >= b)
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The depth limit, if any.
    pub fn max_depth(&self) -> Option<u32> {
        self.max_depth
    }

    /// The node limit, if any.
    pub fn max_nodes(&self) -> Option<u64> {
        self.max_nodes
    }

    /// The hard time budget, if any.
    pub fn hard_budget(&self) -> Option<Duration> {
        self.hard_deadline
            .map(|d| d.saturating_duration_since(self.start))
    }

    /// The soft time budget, if any.
    pub fn soft_budget(&self) -> Option<Duration> {
        self.soft_budget
    }

    /// Whether the search runs until `stop` (`genmove infinite`): a search that knows its answer
    /// early must still wait, and a split budget must stay infinite.
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_only_reaches_earlier_commands() {
        let signal = StopSignal::new();
        let early = SearchControl::new(signal.clone(), 3);
        let late = SearchControl::new(signal.clone(), 9);
        signal.stop_before(5);
        assert!(early.stopped());
        assert!(!late.stopped());
    }

    #[test]
    fn end_of_input_ends_only_infinite_searches() {
        let signal = StopSignal::new();
        let infinite = SearchControl::new(signal.clone(), 1).with_infinite();
        let timed = SearchControl::new(signal.clone(), 1).with_movetime(Duration::from_secs(60));
        signal.close_input();
        assert!(infinite.stopped());
        assert!(!timed.stopped());
    }

    #[test]
    fn node_limit_and_deadline() {
        let c = SearchControl::unlimited().with_max_nodes(100);
        assert!(!c.should_stop(99));
        assert!(c.should_stop(100));
        let t = SearchControl::unlimited().with_movetime(Duration::ZERO);
        assert!(t.stopped());
    }
}
