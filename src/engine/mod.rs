//! The engine session: the current game, options and clocks, and what both protocols do with them.
//!
//! Front ends (in [`crate::protocol`]) parse input on the main thread and queue typed commands; one
//! long-lived engine thread ([`crate::protocol::driver`]) executes them in order against a
//! [`Session`]. Searches poll a shared [`StopSignal`], so the main thread can stop them at any
//! moment without waiting for anything.
//!
//! The `control`, `info` and `options` modules and the context types live in [`crate::search`];
//! the re-exports below keep the older `crate::engine::...` paths compiling for gomoku's search
//! files until they switch over (issue #11 part 2).

pub mod nbest;
pub mod session;
// TODO(#11 part 2): the time manager moves to search/ and gets its field docs there.
#[allow(missing_docs)]
pub mod timemgmt;

pub use crate::search::{control, info, options};
pub use crate::search::{with_quiet_context, SearchContext};
pub use control::{SearchControl, StopSignal};
pub use info::{Info, Score};
pub use options::EngineOptions;
pub use session::Session;
