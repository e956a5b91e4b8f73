//! The engine session: the current game, options and clocks, and what both protocols do with them.
//!
//! Front ends (in [`crate::protocol`]) parse input on the main thread and queue typed commands; one
//! long-lived engine thread ([`crate::protocol::driver`]) executes them in order against a
//! [`Session`]. Searches poll a shared [`StopSignal`], so the main thread can stop them at any
//! moment without waiting for anything.
//!
//! The `control`, `info` and `options` modules and the context types live in [`crate::search`];
//! the re-exports below keep the older `crate::engine::...` paths of tests, benchmarks and
//! examples compiling.

pub mod nbest;
pub mod session;

pub use crate::search::{control, info, options};
pub use crate::search::{with_quiet_context, SearchContext};
pub use control::{SearchControl, StopSignal};
pub use info::{Info, Score};
pub use options::EngineOptions;
pub use session::Session;
