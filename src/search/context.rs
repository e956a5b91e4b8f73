//! The bundle every search receives: limits, options, a progress sink and the move notation.

use super::control::SearchControl;
use super::info::Info;
use super::options::EngineOptions;
use crate::base::Point;

/// What a search gets from the session: its limits, the options, a progress sink, and how to name
/// moves for that sink. Shared by games (`think`) and puzzles (`solve`).
pub struct SearchContext<'a> {
    /// Limits and the stop signal to poll.
    pub control: &'a SearchControl,
    /// The user's options (threads, hash, seed, strength).
    pub options: &'a EngineOptions,
    reporter: &'a mut dyn FnMut(&Info),
    namer: &'a dyn Fn(Point) -> String,
}

impl<'a> SearchContext<'a> {
    /// Bundles a search's inputs; front ends supply the reporter and the move notation.
    pub fn new(
        control: &'a SearchControl,
        options: &'a EngineOptions,
        reporter: &'a mut dyn FnMut(&Info),
        namer: &'a dyn Fn(Point) -> String,
    ) -> SearchContext<'a> {
        SearchContext {
            control,
            options,
            reporter,
            namer,
        }
    }

    /// The same options, reporter and notation under other limits: a search stage narrows its
    /// caller's control (a node cap, a request's `movetime`) without a second parameter.
    pub fn with_control<'b>(&'b mut self, control: &'b SearchControl) -> SearchContext<'b> {
        SearchContext {
            control,
            options: self.options,
            reporter: &mut *self.reporter,
            namer: self.namer,
        }
    }

    /// Sends one progress report to the front end.
    pub fn report(&mut self, info: &Info) {
        (self.reporter)(info)
    }

    /// A point in the front end's notation, for principal variations.
    pub fn name(&self, p: Point) -> String {
        (self.namer)(p)
    }
}

/// Runs `f` with a context that reports nowhere: for tests, benchmarks and internal searches.
pub fn with_quiet_context<R>(
    control: &SearchControl,
    options: &EngineOptions,
    f: impl FnOnce(&mut SearchContext) -> R,
) -> R {
    let mut sink = |_: &Info| {};
    let namer = |p: Point| p.to_string();
    let mut ctx = SearchContext::new(control, options, &mut sink, &namer);
    f(&mut ctx)
}
